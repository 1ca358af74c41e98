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
