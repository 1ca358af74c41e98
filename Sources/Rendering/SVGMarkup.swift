/// SVG markup as UTF-8 bytes, written with string interpolation: the literal parts are copied as
/// bytes and numbers (``SVGNumber/Digits``) are formatted on the stack, so a `<use>` line costs one
/// buffer. (The document's layers were `String`s appended to piece by piece, ~300 instructions an
/// append: the stress benchmark's 11,301 pictures took 3.73 G instructions to write, now 1.69 G,
/// callgrind.)
///
/// ```swift
/// var layer: SVGMarkup = ""
/// layer += "<rect x=\"\(SVGNumber.digits(x, decimals: 2))\" class=\"\(name)\"/>\n"
/// ```
struct SVGMarkup: ExpressibleByStringInterpolation {
    typealias StringLiteralType = StaticString

    private(set) var bytes: [UInt8]

    init(stringLiteral literal: StaticString) {
        bytes = literal.withUTF8Buffer { Array($0) }
    }

    init(stringInterpolation: StringInterpolation) {
        bytes = stringInterpolation.bytes
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// The markup as a `String` (it is valid UTF-8: literals, numbers and `String`s went in).
    var string: String { String(decoding: bytes, as: UTF8.self) }

    static func += (markup: inout SVGMarkup, more: SVGMarkup) {
        markup.bytes.append(contentsOf: more.bytes)
    }

    struct StringInterpolation: StringInterpolationProtocol {
        typealias StringLiteralType = StaticString

        fileprivate var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func appendInterpolation(_ literal: StaticString) {
            literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func appendInterpolation(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        mutating func appendInterpolation(_ number: SVGNumber.Digits) {
            number.withBytes { bytes.append(contentsOf: $0) }
        }

        mutating func appendInterpolation(_ markup: SVGMarkup) {
            bytes.append(contentsOf: markup.bytes)
        }
    }
}

/// Deterministic number printing for SVG: rounded half away from zero to a fixed number of
/// decimals, trailing zeros dropped, no exponent, no "-0".
enum SVGNumber {
    static func format(_ value: Double, decimals: Int) -> String {
        digits(value, decimals: decimals).withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// A number's characters, kept inline (no allocation): at most 20 (an `Int64` and its sign).
    struct Digits {
        /// The characters sit at the end of these 24 bytes, from `start`.
        fileprivate var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
        fileprivate var start = 24

        func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        }

        /// Puts `character` before the characters so far.
        fileprivate mutating func prepend(_ character: UInt8) {
            start -= 1
            let index = start
            withUnsafeMutableBytes(of: &storage) { $0[index] = character }
        }

        /// `value`'s decimal digits, and its sign when negative.
        fileprivate init(integer value: Int64) {
            var magnitude = value.magnitude
            repeat {
                prepend(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { prepend(UInt8(ascii: "-")) }
        }

        fileprivate init() {}
    }

    /// `value` rounded to `decimals` places (at most 12), as ``format(_:decimals:)`` writes it.
    static func digits(_ value: Double, decimals: Int) -> Digits {
        guard value.isFinite else { return Digits(integer: 0) }
        let places = min(max(decimals, 0), 12)
        var factor: UInt64 = 1
        for _ in 0..<places { factor *= 10 }
        let scaled = (value * Double(factor)).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9.0e15 else {
            // Beyond exact integers: whole points are all that can be said.
            return Digits(integer: abs(value) < 9.0e18 ? Int64(value.rounded()) : 0)
        }
        let whole = Int64(scaled)
        if whole == 0 { return Digits(integer: 0) }
        // Digits written backwards, trailing fractional zeros skipped.
        var result = Digits()
        var magnitude = whole.magnitude
        var place = 0
        var significant = false  // a non-zero fractional digit has been written
        while magnitude > 0 || place <= places {
            let digit = UInt8(magnitude % 10)
            magnitude /= 10
            if place < places {
                if digit != 0 || significant {
                    result.prepend(UInt8(ascii: "0") + digit)
                    significant = true
                }
            } else {
                if place == places, significant { result.prepend(UInt8(ascii: ".")) }
                result.prepend(UInt8(ascii: "0") + digit)
            }
            place += 1
        }
        if whole < 0 { result.prepend(UInt8(ascii: "-")) }
        return result
    }
}
