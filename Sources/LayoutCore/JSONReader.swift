import Foundation

/// A JSON parser that builds native Swift values — `[String: Any]`, `[Any]`, `String`, `Int` (a
/// number without fraction or exponent that fits), `Double`, `Bool`, `NSNull` — for the String
/// Catalog reader and the layout file to walk. (`package`: shared by LocalizationStress and
/// TextFit, beside ``JSONWriter``; not API.)
///
/// Why not `JSONSerialization`: on Linux it builds `NSDictionary`/`NSString` graphs of about 80 times
/// the file's size (1.5 GB for a 19 MB catalog of 200,000 entries); these values take about a tenth of
/// that. Errors give the 1-based line and column (in bytes) of the problem. A UTF-8 byte-order mark is
/// skipped; other encodings are refused (String Catalogs are UTF-8).
/// - Complexity: O(n) in the input's bytes; nesting deeper than ``maxDepth`` is refused, not recursed.
package struct JSONReader {
    /// The deepest nesting accepted (Foundation's own limit is 512 too).
    package static let maxDepth = 512

    /// The document holds more objects and arrays than the caller allows (``parse(_:refusesDuplicateKeys:maxContainers:)``).
    package struct TooLarge: Error {}

    /// What is wrong, and where.
    package struct SyntaxError: Error, CustomStringConvertible {
        package let message: String
        package let line: Int
        package let column: Int
        package var description: String { "\(message) at line \(line), column \(column)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private let refusesDuplicateKeys: Bool
    /// Objects and arrays still allowed; reading stops with ``TooLarge`` when they run out.
    private var containersLeft = Int.max
    /// With `refusesDuplicateKeys`: the JSON path to the value being read (`$`, then `.key` and
    /// `[index]` components), for the duplicate-key error.
    private var path: [String] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>, refusesDuplicateKeys: Bool) {
        self.bytes = bytes
        self.refusesDuplicateKeys = refusesDuplicateKeys
    }

    /// Parses one JSON value filling the whole of `data` (whitespace around it allowed).
    ///
    /// A key repeated in one object keeps its last value (as `JSONSerialization` does), unless
    /// `refusesDuplicateKeys`: then it is a ``SyntaxError`` naming the JSON path and the key. The
    /// layout file refuses them (two `"box"` keys are a mistake that last-wins would hide); a
    /// String Catalog is read tolerantly, as Xcode writes and reads it.
    /// - Parameter maxContainers: the most objects and arrays read before giving up with
    ///   ``TooLarge``, so a document far over a caller's limit costs memory in proportion to the
    ///   limit, not to the document (a 1.6-million-node layout file took 827 MB to refuse).
    package static func parse(_ data: Data, refusesDuplicateKeys: Bool = false, maxContainers: Int = .max) throws -> Any {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self), refusesDuplicateKeys: refusesDuplicateKeys)
            reader.containersLeft = maxContainers
            if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
            let value = try reader.value()
            reader.skipWhitespace()
            guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the JSON value") }
            return value
        }
    }

    // MARK: - Values

    private mutating func value() throws -> Any {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): return try literal("true", true)
        case UInt8(ascii: "f"): return try literal("false", false)
        case UInt8(ascii: "n"): return try literal("null", NSNull())
        default: return try number()
        }
    }

    private mutating func object() throws -> [String: Any] {
        try enter()
        defer { depth -= 1 }
        var object: [String: Any] = [:]
        if try closes(UInt8(ascii: "}")) { return object }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyStart = index
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            if refusesDuplicateKeys {
                if object[key] != nil {
                    index = keyStart
                    throw error("duplicate key \"\(key)\" in the object at \(path.isEmpty ? "$" : "$" + path.joined())")
                }
                path.append("." + key)
                object[key] = try value()
                path.removeLast()
            } else {
                object[key] = try value()
            }
        } while try separator(closing: UInt8(ascii: "}"))
        return object
    }

    private mutating func array() throws -> [Any] {
        try enter()
        defer { depth -= 1 }
        var array: [Any] = []
        if try closes(UInt8(ascii: "]")) { return array }
        repeat {
            if refusesDuplicateKeys { path.append("[\(array.count)]") }
            array.append(try value())
            if refusesDuplicateKeys { path.removeLast() }
        } while try separator(closing: UInt8(ascii: "]"))
        return array
    }

    /// A string; the common case without escapes is validated and copied in one go.
    private mutating func string() throws -> String {
        index += 1  // the opening quote
        let start = index
        var decoded: [UInt8]?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                let text: String? = if let decoded { String(validating: decoded, as: UTF8.self) } else {
                    String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
                }
                guard let text else { throw error("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                if decoded == nil { decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index - 1])) }
                decoded!.append(contentsOf: try escape())
            case ..<0x20:
                throw error("a control character in a string (write it as an escape)")
            default:
                decoded?.append(byte)
            }
        }
        throw error("unterminated string")
    }

    /// The UTF-8 bytes of the escape after a backslash (`\n`, `\u00E9`, a surrogate pair `\uD83D\uDE00`).
    private mutating func escape() throws -> [UInt8] {
        guard index < bytes.count else { throw error("unterminated string") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [letter]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "u"):
            var value = try hex4()
            if (0xD800..<0xDC00).contains(value) {
                guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw error("a high surrogate without its low surrogate")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a high surrogate without its low surrogate") }
                value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw error("a lone surrogate \\u\(String(value, radix: 16))") }
            return Array(String(Character(scalar)).utf8)
        default:
            throw error("invalid escape \\\(Character(Unicode.Scalar(letter)))")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + 4]), as: UTF8.self), radix: 16)
        else { throw error("expected four hexadecimal digits after \\u") }
        index += 4
        return value
    }

    /// A number as RFC 8259 writes it: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?` — no
    /// `+`, no leading zero, no bare `.5` or `1.` (Swift's `Int(_:)` and `Double(_:)` take all of those).
    private mutating func number() throws -> Any {
        let start = index
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") }
        func digits() -> Int {
            let from = index
            while isDigit(index) { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else {
            index = start
            throw error("expected a value")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw error("a number with a leading zero") }
        } else {
            _ = digits()
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let integer = Int(text) { return integer }
        guard let double = Double(text), double.isFinite else {
            index = start
            throw error("a number too large for a double")
        }
        return double
    }

    private mutating func literal(_ word: String, _ value: Any) throws -> Any {
        guard bytes[index...].starts(with: word.utf8) else { throw error("expected a value") }
        index += word.utf8.count
        return value
    }

    // MARK: - Punctuation

    private mutating func enter() throws {
        guard depth < Self.maxDepth else { throw error("nested more than \(Self.maxDepth) levels deep") }
        guard containersLeft > 0 else { throw TooLarge() }
        containersLeft -= 1
        depth += 1
        index += 1  // the opening bracket
    }

    /// True (and past it) when the container closes right away: `{}` or `[]`.
    private mutating func closes(_ bracket: UInt8) throws -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == bracket else { return false }
        index += 1
        return true
    }

    /// After a member: true for a comma (another follows), false for the closing bracket.
    private mutating func separator(closing bracket: UInt8) throws -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return true
        }
        try expect(bracket)
        return false
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard index < bytes.count, bytes[index] == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func error(_ message: String) -> SyntaxError {
        let before = bytes[..<min(index, bytes.count)]
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = index - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return SyntaxError(message: message, line: line, column: column)
    }
}
