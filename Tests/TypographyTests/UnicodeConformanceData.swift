import Foundation
import Testing

/// Unicode 15 conformance files from Debian's `unicode-data` package, and the fixtures of accepted
/// deviations beside the tests.
enum UnicodeConformanceData {
    static let directory = "/usr/share/unicode"

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "\(path) is missing: `make setup` installs Debian's unicode-data package, which provides it"
        }
    }

    /// The lines of a conformance file, comments and blank lines dropped, as UTF-8 bytes with the
    /// trailing comment (from `#`) cut off; each with its 1-based line number. Throws (so the test
    /// FAILS, never skips) when the file is missing.
    static func lines(_ relativePath: String) throws -> [(number: Int, bytes: ArraySlice<UInt8>)] {
        let path = "\(directory)/\(relativePath)"
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        let bytes = [UInt8](data)
        var result: [(Int, ArraySlice<UInt8>)] = []
        var number = 0
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            number += 1
            var content = end
            if let hash = bytes[start..<end].firstIndex(of: UInt8(ascii: "#")) { content = hash }
            while content > start, bytes[content - 1] == UInt8(ascii: " ") || bytes[content - 1] == UInt8(ascii: "\t") {
                content -= 1
            }
            if content > start { result.append((number, bytes[start..<content])) }
            start = end + 1
        }
        return result
    }

    /// Parses a run of hexadecimal digits.
    static func hex(_ bytes: ArraySlice<UInt8>) -> UInt32? {
        guard !bytes.isEmpty else { return nil }
        var value: UInt32 = 0
        for byte in bytes {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The whitespace-separated words of `bytes`.
    static func words(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    }

    static func string(_ scalars: [UInt32]) -> String {
        var view = String.UnicodeScalarView()
        for value in scalars { view.append(Unicode.Scalar(value)!) }
        return String(view)
    }

    static func hexList(_ scalars: [UInt32]) -> String {
        scalars.map { String($0, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
    }

    /// One break test case (GraphemeBreakTest, LineBreakTest): the scalars, and the offsets where
    /// `÷` stands (a boundary before that scalar; the count for the end).
    struct BreakCase {
        let line: Int
        let scalars: [UInt32]
        let breaks: [Int]
    }

    /// Parses `÷ 0020 × 0308 ÷` lines.
    static func breakCases(_ relativePath: String) throws -> [BreakCase] {
        try lines(relativePath).map { number, bytes in
            var scalars: [UInt32] = []
            var breaks: [Int] = []
            for word in words(bytes) {
                if word.elementsEqual("÷".utf8) {
                    breaks.append(scalars.count)
                } else if word.elementsEqual("×".utf8) {
                    continue
                } else if let value = hex(word) {
                    scalars.append(value)
                } else {
                    Issue.record("\(relativePath):\(number): cannot read \(String(decoding: word, as: UTF8.self))")
                }
            }
            return BreakCase(line: number, scalars: scalars, breaks: breaks)
        }
    }

    /// A fixture beside the tests, in Tests/TypographyTests/Fixtures/.
    /// A property file (`GraphemeBreakProperty.txt`, `emoji-data.txt`) as a map from each listed
    /// scalar to its property values: lines `XXXX;Value` or `XXXX..YYYY;Value`.
    static func properties(_ relativePath: String) throws -> [UInt32: [String]] {
        var result: [UInt32: [String]] = [:]
        for (number, bytes) in try lines(relativePath) {
            let fields = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard fields.count >= 2, let range = words(fields[0]).first, let value = words(fields[1]).first else {
                Issue.record("\(relativePath):\(number): not `range ; value`")
                continue
            }
            let ends = range.split(separator: UInt8(ascii: "."))
            guard let first = hex(ends[0]), let last = hex(ends[ends.count - 1]), first <= last else {
                Issue.record("\(relativePath):\(number): bad code point range")
                continue
            }
            for scalar in first...last { result[scalar, default: []].append(String(decoding: value, as: UTF8.self)) }
        }
        return result
    }

    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
