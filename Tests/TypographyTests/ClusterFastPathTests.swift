import Foundation
import Testing
@testable import Typography

/// The shaper skips grapheme segmentation for text made only of scalars that `Shaper.startsCluster`
/// accepts. That is sound only if every such scalar has Grapheme_Cluster_Break Other (or CR, LF,
/// Control, which the fast path handles itself; or LV, LVT, the Hangul syllables, which join only
/// a following V or T jamo, and no jamo is accepted) and never asks for emoji presentation;
/// checked here against Unicode's own property files, not against the code's ranges.
@Suite struct ClusterFastPathTests {
    @Test func everyFastPathScalarStartsItsOwnCluster() throws {
        let graphemeBreak = try UnicodeConformanceData.properties("auxiliary/GraphemeBreakProperty.txt")
        let emoji = try UnicodeConformanceData.properties("emoji/emoji-data.txt")
        var accepted = 0
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF where Shaper.startsCluster(value) {
            accepted += 1
            let property = graphemeBreak[value]?.first ?? "Other"
            let emojiProperties = emoji[value] ?? []
            if !["Other", "CR", "LF", "Control", "LV", "LVT"].contains(property) {
                wrong.append("U+\(String(value, radix: 16, uppercase: true)) is Grapheme_Cluster_Break=\(property)")
            }
            if emojiProperties.contains("Emoji_Presentation") || emojiProperties.contains("Emoji_Modifier") {
                wrong.append("U+\(String(value, radix: 16, uppercase: true)) takes emoji presentation")
            }
        }
        #expect(wrong.count == 0, "\(wrong.count) fast-path scalars are wrong:\n\(wrong.prefix(20).joined(separator: "\n"))")
        // The ranges cover Latin through Hangul; a shrunken table would pass the check above vacuously.
        // 0x300 (Latin to U+02FF) + 20,992 ideographs (4E00–9FFF) + 11,172 Hangul syllables at least.
        #expect(accepted >= 0x300 + 20_992 + 11_172)
        for letter: Unicode.Scalar in ["a", "Ω", "Ж", "ա", "א", "ب", "ی", "ạ", "—", "€", "ა", "ሀ", "あ", "ア", "漢", "한", "！"] {
            #expect(Shaper.startsCluster(letter.value), "U+\(String(letter.value, radix: 16)) should take the fast path")
        }
    }
}

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
