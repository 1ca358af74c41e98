import Foundation
import Testing
@testable import Typography

/// The Unicode properties the minimum's reason reads from ICU (`isAlphabeticInICU`,
/// `isWhiteSpaceInICU`, `isCombiningMarkInICU`), for every scalar, against the Unicode 15.0 data
/// files in Debian's `unicode-data` (ICU 72 is Unicode 15.0; the standard library's tables are
/// newer: Unicode 16 made U+0363–036F and U+1DD3–1DE6 Alphabetic).
@Suite struct ICUPropertyTests {
    /// The scalars a `range ; Value` file assigns `value` (DerivedCoreProperties.txt, PropList.txt,
    /// extracted/DerivedGeneralCategory.txt).
    private static func scalars(in file: String, with value: String) throws -> Set<UInt32> {
        var result = Set<UInt32>()
        for line in try UnicodeConformanceData.lines(file) {
            let fields = line.bytes.split(separator: UInt8(ascii: ";"))
            guard fields.count == 2,
                  String(decoding: fields[1], as: UTF8.self).trimmingCharacters(in: .whitespaces) == value else { continue }
            let range = UnicodeConformanceData.words(fields[0])[0].split(separator: UInt8(ascii: "."))
            guard let low = UnicodeConformanceData.hex(range[0]), let high = UnicodeConformanceData.hex(range[range.count - 1]) else {
                Issue.record("\(file) line \(line.number): no code point range")
                continue
            }
            result.formUnion(low...high)
        }
        return result
    }

    @Test("Alphabetic, White_Space and Mn/Mc from ICU agree with Unicode 15.0's files for every scalar")
    func agreeWithUnicodeData() throws {
        let alphabetic = try Self.scalars(in: "DerivedCoreProperties.txt", with: "Alphabetic")
        let whiteSpace = try Self.scalars(in: "PropList.txt", with: "White_Space")
        let marks = try Self.scalars(in: "extracted/DerivedGeneralCategory.txt", with: "Mn")
            .union(try Self.scalars(in: "extracted/DerivedGeneralCategory.txt", with: "Mc"))
        // The files' own "Total code points" lines: the parse read every range.
        #expect(alphabetic.count == 137_765 && whiteSpace.count == 25 && marks.count == 1_985 + 452)
        var disagreements: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isAlphabeticInICU != alphabetic.contains(value) { disagreements.append(String(format: "U+%04X Alphabetic", value)) }
            if scalar.isWhiteSpaceInICU != whiteSpace.contains(value) { disagreements.append(String(format: "U+%04X White_Space", value)) }
            if scalar.isCombiningMarkInICU != marks.contains(value) { disagreements.append(String(format: "U+%04X Mn/Mc", value)) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first \(disagreements.prefix(10))")
    }
}
