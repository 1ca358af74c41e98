import Foundation

extension StringsDictReader.Plist {
    /// Reads a binary property list (`bplist00…`: how Xcode compiles `.strings` and `.stringsdict`
    /// files into an app) into dictionaries (keys sorted: the format keeps no order worth showing)
    /// and strings; any other value is `.other`. Binary lists have no lines, so nothing has one.
    ///
    /// TextFit reads the format itself (`BinaryPropertyList`). Foundation's readers were used before,
    /// but on Linux `PropertyListSerialization` leaks the error of every list it cannot read, and
    /// `PropertyListDecoder` can answer the same damaged file differently from one run to the next
    /// (it depends on hash seeds): `Fuzz/crashes/README.md`, findings 17 and 18.
    static func binary(_ data: Data, file: String) throws -> Self {
        do {
            var reader = try BinaryPropertyList(Array(data))
            return try reader.value(reader.top, depth: 0)
        } catch let fault as BinaryPropertyList.Fault {
            throw CatalogProblem(SourceLocation(file: file), "malformed binary property list: \(fault.reason)")
        }
    }
}

/// A reader of the binary property-list format, version `00`, as Apple's `CFBinaryPList.c`
/// describes it: an 8-byte header, the objects, a table of their offsets, and a 32-byte trailer
/// (offset size, reference size, object count, top object, table offset; big-endian). Objects refer
/// to each other by number, so a list can share a value or contain itself: each object is read once
/// (shared dictionaries nested in each other cannot make the reading exponential), and a dictionary
/// that contains itself is a fault.
struct BinaryPropertyList {
    struct Fault: Error { let reason: String }

    /// How deep dictionaries may nest. A `.stringsdict` nests 3 levels (key, variable, category).
    static let maxDepth = 32

    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    /// Where the objects end (the offset table begins).
    private let objectsEnd: Int
    let top: Int
    /// The dictionaries being read, outermost first (to name a cycle as one).
    private var open: [Int] = []
    /// The objects read so far, by number (the value is shared, not copied, where referred to again).
    private var decoded: [Int: StringsDictReader.Plist] = [:]

    init(_ bytes: [UInt8]) throws {
        let trailerSize = 32
        guard bytes.count >= 8 + 1 + trailerSize, bytes.starts(with: Array("bplist00".utf8)) else {
            throw Fault(reason: bytes.starts(with: Array("bplist00".utf8)) || bytes.count < 8
                ? "shorter than a header, one object and a trailer" : "not version 00 (the header is not \"bplist00\")")
        }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              let count = Self.integer(bytes, at: trailer + 8, size: 8),
              let top = Self.integer(bytes, at: trailer + 16, size: 8),
              let table = Self.integer(bytes, at: trailer + 24, size: 8),
              count >= 1, top < count, table >= 9, table < trailer,
              count <= (trailer - table) / offsetSize
        else { throw Fault(reason: "the trailer's sizes do not fit the file") }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for n in 0..<count {
            guard let offset = Self.integer(bytes, at: table + n * offsetSize, size: offsetSize),
                  offset >= 8, offset < table
            else { throw Fault(reason: "object \(n) starts outside the object table") }
            offsets.append(offset)
        }
        self.bytes = bytes
        self.offsets = offsets
        self.referenceSize = referenceSize
        self.objectsEnd = table
        self.top = top
    }

    /// The value of object `number`, `depth` dictionaries down.
    mutating func value(_ number: Int, depth: Int) throws -> StringsDictReader.Plist {
        if let known = decoded[number] { return known }
        let start = offsets[number]
        let result: StringsDictReader.Plist
        switch bytes[start] >> 4 {
        case 0x5, 0x6: result = .string(try string(at: start), line: nil)
        case 0xD: result = try dictionary(number, at: start, depth: depth)
        default: result = .other(line: nil)
        }
        decoded[number] = result
        return result
    }

    /// Dictionary object `number` (`0xDn`: n key references, then n value references).
    private mutating func dictionary(_ number: Int, at start: Int, depth: Int) throws -> StringsDictReader.Plist {
        guard !open.contains(number) else { throw Fault(reason: "a dictionary contains itself") }
        guard depth < Self.maxDepth else { throw Fault(reason: "dictionaries nested more than \(Self.maxDepth) levels deep") }
        open.append(number)
        defer { open.removeLast() }
        let (count, refs) = try length(at: start)
        guard count <= (objectsEnd - refs) / (2 * referenceSize) else {
            throw Fault(reason: "a dictionary of \(count) entries runs past the object table")
        }
        var items: [(key: String, value: StringsDictReader.Plist)] = []
        var seen = Set<String>()
        for i in 0..<count {
            let keyNumber = try reference(at: refs + i * referenceSize)
            guard bytes[offsets[keyNumber]] >> 4 == 0x5 || bytes[offsets[keyNumber]] >> 4 == 0x6,
                  case .string(let key, _) = try value(keyNumber, depth: depth + 1)
            else { throw Fault(reason: "a dictionary key is not a string") }
            guard seen.insert(key).inserted else { throw Fault(reason: "key \"\(key)\" appears twice in one dictionary") }
            items.append((key, try value(reference(at: refs + (count + i) * referenceSize), depth: depth + 1)))
        }
        items.sort { $0.key < $1.key }
        return .dict(items, line: nil)
    }

    /// The object number stored at `position` (inside the object table: checked by the caller).
    private func reference(at position: Int) throws -> Int {
        guard let number = Self.integer(bytes, at: position, size: referenceSize), number < offsets.count else {
            throw Fault(reason: "a reference to an object that is not in the list (\(offsets.count) objects)")
        }
        return number
    }

    /// An ASCII (`0x5n`) or UTF-16 (`0x6n`, big-endian) string.
    private func string(at start: Int) throws -> String {
        let utf16 = bytes[start] >> 4 == 0x6
        let (count, first) = try length(at: start)
        let unit = utf16 ? 2 : 1
        guard count <= (objectsEnd - first) / unit else { throw Fault(reason: "a string runs past the object table") }
        if !utf16 {
            let slice = bytes[first..<first + count]
            guard slice.allSatisfy({ $0 < 0x80 }) else { throw Fault(reason: "an ASCII string has a byte above 0x7F") }
            return String(decoding: slice, as: UTF8.self)
        }
        let units = (0..<count).map { UInt16(bytes[first + 2 * $0]) << 8 | UInt16(bytes[first + 2 * $0 + 1]) }
        guard let text = String(validating: units, as: UTF16.self) else {
            throw Fault(reason: "a UTF-16 string has an unpaired surrogate")
        }
        return text
    }

    /// An object's count (the marker's low nibble, or after `0xF` an integer object) and where its
    /// contents start.
    private func length(at start: Int) throws -> (count: Int, contents: Int) {
        let nibble = Int(bytes[start] & 0x0F)
        if nibble != 0x0F { return (nibble, start + 1) }
        let intMarker = start + 1
        guard intMarker < objectsEnd, bytes[intMarker] >> 4 == 0x1 else { throw Fault(reason: "an object's length is not an integer") }
        let size = 1 << Int(bytes[intMarker] & 0x0F)
        guard size <= 8, intMarker + 1 + size <= objectsEnd, let count = Self.integer(bytes, at: intMarker + 1, size: size) else {
            throw Fault(reason: "an object's length does not fit")
        }
        return (count, intMarker + 1 + size)
    }

    /// A big-endian unsigned integer of `size` bytes, nil past the end or above `Int.max`.
    private static func integer(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
        guard start >= 0, size <= bytes.count - start else { return nil }
        var value: UInt64 = 0
        for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
