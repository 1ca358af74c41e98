import Foundation

/// Writes JSON byte for byte as `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes
/// it (the CLI's, the service's and the stress report's format), for the hot or large results only:
/// Foundation's encoder spends ~45 µs on one `MeasureResult` (its Codable walk, then a tree of
/// values serialized and sorted), about half of a service `measure` request; this writer, ~5 µs.
/// (`package`: shared by TextFit's results and LocalizationStress's report, not public API.)
///
/// The writer sorts only dictionaries (by UTF-8 bytes, as `.sortedKeys` does): a type's
/// ``JSONWritable/writeJSON(to:)`` lists its keys in byte order and leaves out absent optionals, as
/// the synthesized `Codable` does with `encodeIfPresent`. Tests hold each writer to `JSONEncoder`'s
/// output with its numbers rounded the same way (``roundingNumbers(inJSON:)``; `JSONWriterTests`,
/// `ReportTests`), so a field added to a type and not to its writer fails there.
///
/// The format, as `JSONEncoder` (swift-foundation) writes it, numbers apart: no whitespace; a
/// `Double` rounded to 1e-9 (``JSONWriter/printed(_:)``: `18.173`, not `18.173000000000002`) and then
/// written as its `description` without a trailing `.0` (`17`, `190.45`, `1e-07`), a non-finite one
/// an error; strings escape `"`, `\`, and the controls below U+0020 (`\b \t \n \f \r`, else
/// `\u00XX` in lower-case hex), nothing else (`/` and non-ASCII are written as they are).
package struct JSONWriter: ~Copyable {
    private var buffer: ByteBuffer
    /// Whether the next value or key follows another and needs a comma.
    private var needsComma = false

    package init(capacity: Int = 1_024) {
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The JSON written so far.
    package var bytes: [UInt8] { buffer.array }

    /// The JSON written so far, as `Data`.
    package var data: Data { buffer.data }

    @inline(__always)
    private mutating func separate() {
        if needsComma { buffer.append(UInt8(ascii: ",")) }
        needsComma = false
    }

    /// How many bytes have been written: read before and after a value, the range to give
    /// ``repeatValue(_:)`` to write that value again.
    package var byteCount: Int { buffer.count }

    /// Writes again, as the next value, a value written earlier: the bytes `range` of the output
    /// (``byteCount`` before and after it; a value written after a key starts with no comma).
    package mutating func repeatValue(_ range: Range<Int>) {
        separate()
        buffer.appendCopy(of: range)
        needsComma = true
    }

    /// Ends a line of JSON lines: the next value starts a new document.
    package mutating func newline() {
        buffer.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    /// A key of the enclosing object (given in byte order by the caller); its value comes next.
    package mutating func key(_ name: StaticString) {
        // One capacity check for the comma, the quoted name and the colon (a key is written for
        // every field of every answer).
        let comma = needsComma
        needsComma = false
        let name = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        let out = buffer.reserve(name.count + 4)
        var at = 0
        if comma {
            out[0] = UInt8(ascii: ",")
            at = 1
        }
        out[at] = UInt8(ascii: "\"")
        Self.copyShort(name, to: out + at + 1)
        out[at + 1 + name.count] = UInt8(ascii: "\"")
        out[at + 2 + name.count] = UInt8(ascii: ":")
        buffer.advance(by: at + 3 + name.count)
    }

    /// Copies `bytes` to `out`: a key is a few bytes, for which a call to `memcpy` costs more than
    /// the copy, and a loop four instructions a byte. From 4 to 16 bytes, two overlapping words (the
    /// first and the last 4 or 8 bytes), reading nothing outside `bytes`.
    @inline(__always)
    private static func copyShort(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) {
        let count = bytes.count
        guard let source = bytes.baseAddress.map(UnsafeRawPointer.init) else { return }
        let target = UnsafeMutableRawPointer(out)
        switch count {
        case 8...16:
            let first = source.loadUnaligned(as: UInt64.self), last = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            let first = source.loadUnaligned(as: UInt32.self), last = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
        default:
            target.copyMemory(from: source, byteCount: count)
        }
    }

    /// A key known only at run time (a dictionary's), escaped as a string is. (Not an overload of
    /// ``key(_:)``: a literal key would pick the `String` one and be scanned for escapes.)
    package mutating func key(escaping name: String) {
        value(name)
        buffer.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Opens an object; ``endObject()`` closes it. (For writers of large values: a value written
    /// through ``object(_:)``'s closure was copied into the closure's context.)
    package mutating func beginObject() { open(UInt8(ascii: "{")) }

    package mutating func endObject() { close(UInt8(ascii: "}")) }

    package mutating func object(_ fields: (inout JSONWriter) throws -> Void) rethrows {
        beginObject()
        try fields(&self)
        endObject()
    }

    /// An opening bracket, after a comma when a value came before.
    private mutating func open(_ bracket: UInt8) {
        separate()
        buffer.append(bracket)
    }

    /// A closing bracket: what follows is after a value.
    private mutating func close(_ bracket: UInt8) {
        buffer.append(bracket)
        needsComma = true
    }

    /// (`@inlinable`, as the generic `field`s are: specialised in the caller's module, the items are
    /// read in place; unspecialised, each was copied through its value witness, a retain and a
    /// release per string, a quarter of the time a measure answer took to write.)
    @inlinable
    package mutating func array<T: JSONWritable>(_ items: [T]) throws {
        beginArray()
        for item in items { try item.writeJSON(to: &self) }
        endArray()
    }

    package mutating func beginArray() { open(UInt8(ascii: "[")) }

    package mutating func endArray() { close(UInt8(ascii: "]")) }

    package mutating func value(_ value: String) {
        separate()
        // A native string's bytes are read in place (no copy of the value to make contiguous);
        // other strings (bridged ones) are made contiguous first.
        if value.utf8.withContiguousStorageIfAvailable({ append(quoted: $0) }) == nil {
            var text = value
            text.withUTF8 { append(quoted: $0) }
        }
        needsComma = true
    }

    /// `"utf8"`, escaped: copied in one pass into room for all of it, looking for a byte to escape on
    /// the way (most strings have none); from the first such byte on, byte by byte.
    private mutating func append(quoted utf8: UnsafeBufferPointer<UInt8>) {
        let out = buffer.reserve(utf8.count + 2)
        out[0] = UInt8(ascii: "\"")
        var clean = 0
        while clean < utf8.count {
            let byte = utf8[clean]
            if Self.needsEscape(byte) { break }
            out[1 + clean] = byte
            clean += 1
        }
        guard clean < utf8.count else {
            out[1 + clean] = UInt8(ascii: "\"")
            buffer.advance(by: clean + 2)
            return
        }
        buffer.advance(by: 1 + clean)
        for byte in utf8[clean...] { escape(byte) }
        buffer.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func escape(_ byte: UInt8) {
        guard Self.needsEscape(byte) else {
            buffer.append(byte)
            return
        }
        buffer.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
        case 0x08: buffer.append(UInt8(ascii: "b"))
        case 0x09: buffer.append(UInt8(ascii: "t"))
        case 0x0A: buffer.append(UInt8(ascii: "n"))
        case 0x0C: buffer.append(UInt8(ascii: "f"))
        case 0x0D: buffer.append(UInt8(ascii: "r"))
        default:
            func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
            buffer.append(UInt8(ascii: "u"))
            buffer.append(UInt8(ascii: "0"))
            buffer.append(UInt8(ascii: "0"))
            buffer.append(hex(byte >> 4))
            buffer.append(hex(byte & 0xF))
        }
    }

    /// - Throws: `EncodingError.invalidValue` for NaN and the infinities, as `JSONEncoder` does.
    package mutating func value(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        separate()
        if !appendBillionths(value) {
            var text = Self.printed(value).description  // up to 15 bytes (most) kept inline, no allocation
            text.withUTF8 { digits in
                let integral = digits.count >= 2 && digits[digits.count - 2] == UInt8(ascii: ".") && digits[digits.count - 1] == UInt8(ascii: "0")
                buffer.append(integral ? UnsafeBufferPointer(rebasing: digits.dropLast(2)) : digits)
            }
        }
        needsComma = true
    }

    /// Writes ``printed(_:)``'s `description` (without a trailing `.0`) straight from the whole
    /// number of billionths, without making a `String` (a third of the writer's time went to
    /// `Double.description`); false, writing nothing, where that could differ.
    ///
    /// Why the digits are the same: `printed` is `n / 1e9` for the whole number `n`, a division
    /// of two exact doubles, so it is the double nearest the decimal `D = n × 10⁻⁹`. `description`
    /// writes the shortest decimal that reads back as that double. When `D` has at most 15
    /// significant digits it is that decimal: two different decimals of 15 digits or fewer never
    /// read back as one double (DBL_DIG), so none shorter can. Left to `description`: 16
    /// significant digits, and magnitudes below 1e-4, which it writes with an exponent (`1e-05`).
    @inline(__always)
    private mutating func appendBillionths(_ value: Double) -> Bool {
        let scaled = (value * 1e9).rounded()
        guard scaled.magnitude < 1e15 else { return false }  // |value| < 1e6: at most 15 digits
        let billionths = Int64(scaled)
        if billionths == 0 {
            buffer.append(UInt8(ascii: "0"))
            return true
        }
        let magnitude = billionths.magnitude
        guard magnitude >= 100_000 else { return false }  // below 1e-4
        // Sign, whole part and up to nine decimals in one reservation: the decimals written as
        // nine digits (leading zeros included) two at a time, then the trailing zeros dropped.
        let whole = magnitude / 1_000_000_000
        let fraction = UInt32(truncatingIfNeeded: magnitude % 1_000_000_000)
        let out = buffer.reserve(1 + Self.maximumDigits + 10)
        var at = 0
        if billionths < 0 {
            out[0] = UInt8(ascii: "-")
            at = 1
        }
        at += Self.writeDigits(whole, to: out + at)
        guard fraction != 0 else {
            buffer.advance(by: at)
            return true
        }
        out[at] = UInt8(ascii: ".")
        let decimals = out + at + 1
        var rest = fraction
        decimals[8] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
        Self.writePair(Int(rest % 100), to: decimals + 6)
        rest /= 100
        Self.writePair(Int(rest % 100), to: decimals + 4)
        rest /= 100
        Self.writePair(Int(rest % 100), to: decimals + 2)
        Self.writePair(Int(rest / 100), to: decimals)
        var count = 9
        while decimals[count - 1] == UInt8(ascii: "0") { count -= 1 }
        buffer.advance(by: at + 1 + count)
        return true
    }

    /// The most decimal digits a `UInt64` has: room enough for any whole number written.
    private static let maximumDigits = 20

    /// "00", "01", … "99".
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// The two digits of `pair` (0–99) at `out`.
    @inline(__always)
    private static func writePair(_ pair: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        out[0] = pairs[2 * pair]
        out[1] = pairs[2 * pair + 1]
    }

    /// The decimal digits of `number` at `out`; how many.
    @inline(__always)
    private static func writeDigits(_ number: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if number < 10 {
            out[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: number)
            return 1
        }
        if number < 100 {
            writePair(Int(number), to: out)
            return 2
        }
        var length = 3, power: UInt64 = 1_000
        while power <= number, length < 20 {
            length += 1
            power = power &* 10
        }
        var rest = number, end = length
        while rest >= 100 {
            end -= 2
            writePair(Int(rest % 100), to: out + end)
            rest /= 100
        }
        if rest >= 10 {
            writePair(Int(rest), to: out)
        } else {
            out[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest)
        }
        return length
    }

    /// The decimal digits of `number`.
    private mutating func appendDigits(_ number: UInt64) {
        let out = buffer.reserve(Self.maximumDigits)
        buffer.advance(by: Self.writeDigits(number, to: out))
    }

    /// `value` as TextFit prints it: rounded to the nearest multiple of 1e-9 (a billionth of a
    /// point), so the shortest decimal that reads back as it has at most nine decimals — binary
    /// noise such as `18.173000000000002` (17 pt × 1069 units ÷ 1000) prints as `18.173`. −0 and
    /// anything that rounds to 0 is 0. Magnitudes from 4e6 up are kept (their spacing is already
    /// coarser than 1e-9 there, and 4e15 is an exact integer in a Double). The library's values
    /// keep full precision: only printing rounds.
    package static func printed(_ value: Double) -> Double {
        guard value.magnitude < 4e6 else { return value }
        let rounded = (value * 1e9).rounded() / 1e9
        return rounded == 0 ? 0 : rounded
    }

    package mutating func value(_ value: Int) {
        separate()
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude))
        needsComma = true
    }

    package mutating func value(_ value: Bool) {
        separate()
        buffer.append(value ? "true" as StaticString : "false")
        needsComma = true
    }

    /// A key and its value; nothing for `nil`.
    package mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        self.value(value)
    }

    package mutating func field(_ name: StaticString, _ value: Double?) throws {
        guard let value else { return }
        key(name)
        try self.value(value)
    }

    package mutating func field(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        self.value(value)
    }

    package mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        self.value(value)
    }

    @inlinable
    package mutating func field<T: JSONWritable>(_ name: StaticString, _ value: T?) throws {
        guard let value else { return }
        key(name)
        try value.writeJSON(to: &self)
    }

    /// A key and an array of strings; nothing for `nil`.
    package mutating func field(_ name: StaticString, _ strings: [String]?) {
        guard let strings else { return }
        key(name)
        separate()
        buffer.append(UInt8(ascii: "["))
        needsComma = false
        for string in strings { value(string) }
        buffer.append(UInt8(ascii: "]"))
        needsComma = true
    }

    @inlinable
    package mutating func field<T: JSONWritable>(_ name: StaticString, _ items: [T]) throws {
        key(name)
        try array(items)
    }
}

extension JSONWriter {
    /// `{"height", "width"}`: the sizes of measure results and layouts.
    package mutating func size(width: Double, height: Double) throws {
        try object { json in
            try json.field("height", height)
            try json.field("width", width)
        }
    }

    /// `{"height", "width", "x", "y"}`: ink bounds and frames.
    package mutating func rect(x: Double, y: Double, width: Double, height: Double) throws {
        try object { json in
            try json.field("height", height)
            try json.field("width", width)
            try json.field("x", x)
            try json.field("y", y)
        }
    }
}

/// A type ``JSONWriter`` writes, in its `Codable` form.
package protocol JSONWritable {
    func writeJSON(to writer: inout JSONWriter) throws
}

extension String: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) { writer.value(self) }
}

extension Int: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) { writer.value(self) }
}

/// An object, its keys in UTF-8 byte order as `.sortedKeys` writes them.
extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            for (key, value) in sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                json.key(escaping: key)
                try value.writeJSON(to: &json)
            }
        }
    }
}

/// `json` (JSONEncoder's output) with every non-integer number rounded as ``JSONWriter`` prints it
/// (``JSONWriter/printed(_:)``); strings, integers and everything else are kept byte for byte. For
/// JSON written through `Codable` (the CLI's `fonts`, the service's smaller answers).
package func roundingNumbers(inJSON json: Data) -> Data {
    let bytes = [UInt8](json)
    var out = [UInt8]()
    out.reserveCapacity(bytes.count)
    var index = 0, inString = false
    func isNumberByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }
    while index < bytes.count {
        let byte = bytes[index]
        if inString {
            out.append(byte)
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                out.append(bytes[index + 1])
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = false }
            index += 1
        } else if byte == UInt8(ascii: "\"") {
            inString = true
            out.append(byte)
            index += 1
        } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
            var end = index
            while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
            let token = bytes[index..<end]
            let isInteger = !token.contains(UInt8(ascii: ".")) && !token.contains(UInt8(ascii: "e")) && !token.contains(UInt8(ascii: "E"))
            if !isInteger, let value = Double(String(decoding: token, as: UTF8.self)) {
                var text = JSONWriter.printed(value).description
                if text.hasSuffix(".0") { text.removeLast(2) }
                out.append(contentsOf: text.utf8)
            } else if token.elementsEqual("-0".utf8) {
                out.append(UInt8(ascii: "0"))  // JSONEncoder's −0.0
            } else {
                out.append(contentsOf: token)
            }
            index = end
        } else {
            out.append(byte)
            index += 1
        }
    }
    return Data(out)
}
