import Foundation
import Testing
@testable import Typography

@Suite("Fallback per grapheme cluster")
struct FallbackTests {
    func fileName(_ face: FontFace) -> String { URL(fileURLWithPath: face.path).lastPathComponent }

    @Test("Latin + Arabic + Thai + Han + emoji: each cluster resolves to the expected bundled font")
    func mixedScripts() throws {
        let shaper = try Fixtures.shaper()
        let text = "Hi مرحبا ไทย 漢字 😀"
        let clusters = try shaper.clusterFonts(text, attributes: Fixtures.attributes())
        let expected: [(String, String, FontLibrary.FontChoice)] = [
            ("H", "NotoSans-Regular.ttf", .requested), ("i", "NotoSans-Regular.ttf", .requested),
            (" ", "NotoSans-Regular.ttf", .run),
            ("م", "NotoSansArabic-Regular.ttf", .script), ("ر", "NotoSansArabic-Regular.ttf", .script),
            ("ح", "NotoSansArabic-Regular.ttf", .script), ("ب", "NotoSansArabic-Regular.ttf", .script),
            ("ا", "NotoSansArabic-Regular.ttf", .script),
            (" ", "NotoSansArabic-Regular.ttf", .run),  // a space stays in the run it follows
            ("ไ", "NotoSansThai-Regular.ttf", .script), ("ท", "NotoSansThai-Regular.ttf", .script),
            ("ย", "NotoSansThai-Regular.ttf", .script),
            (" ", "NotoSansThai-Regular.ttf", .run),
            ("漢", "DroidSansFallbackFull.ttf", .script), ("字", "DroidSansFallbackFull.ttf", .script),
            (" ", "DroidSansFallbackFull.ttf", .run),
            ("😀", "NotoColorEmoji.ttf", .emoji),
        ]
        #expect(clusters.count == expected.count)
        for (cluster, (text, file, choice)) in zip(clusters, expected) {
            #expect(cluster.text == text)
            #expect(fileName(cluster.face) == file, "\(text)")
            #expect(cluster.choice == choice, "\(text)")
        }
        // Runs: Latin(+space), Arabic(+space), Thai(+space), Han(+space), emoji.
        let line = try shaper.measure(text, attributes: Fixtures.attributes())
        #expect(line.runs.map { $0.script.code } == ["Latn", "Arab", "Thai", "Hani", "Hani"])
        #expect(line.runs.map { $0.direction } == [.leftToRight, .rightToLeft, .leftToRight, .leftToRight, .leftToRight])
        #expect(line.missingGlyphs == 0)
    }

    @Test("A ZWJ family emoji and a flag are one cluster each, in the emoji font")
    func emojiSequencesAreOneCluster() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"  // 7 scalars
        let flag = "\u{1F1EF}\u{1F1F5}"  // regional indicators J P
        let clusters = try Fixtures.shaper().clusterFonts(family + flag, attributes: Fixtures.attributes())
        #expect(clusters.count == 2)
        #expect(clusters.map { [$0.start, $0.end] } == [[0, 7], [7, 9]])
        #expect(clusters.allSatisfy { fileName($0.face) == "NotoColorEmoji.ttf" && $0.choice == .emoji })
        // One glyph each: hb-shape --font-funcs=ot fonts/NotoColorEmoji.ttf gives one 2550-unit glyph
        // for each sequence (upem 2048), so 2 × 2550 × 17 ÷ 2048.
        let line = try Fixtures.shaper().measure(family + flag, attributes: Fixtures.attributes())
        #expect(abs(line.width - 2 * 2550 * 17 / 2048.0) < 1e-9)
    }

    @Test("Text presentation (VS15) keeps a character out of the emoji font; VS16 puts it in")
    func variationSelectors() throws {
        let shaper = try Fixtures.shaper()
        let text = try shaper.clusterFonts("\u{263A}\u{FE0E}", attributes: Fixtures.attributes())
        #expect(text.first?.choice != .emoji)
        let emoji = try shaper.clusterFonts("\u{263A}\u{FE0F}", attributes: Fixtures.attributes())
        #expect(emoji.first?.choice == .emoji)
    }

    @Test("An unassigned code point is reported missing, drawn as .notdef of the requested font")
    func unassignedIsMissing() throws {
        let line = try Fixtures.shaper().measure("a\u{0378}b", attributes: Fixtures.attributes())
        #expect(line.missingGlyphs == 1)
        #expect(line.missingClusters == [1..<2])
        // hb-shape: [a=0+561|.notdef=1+600|b=2+615] in Noto Sans Regular (upem 1000).
        #expect(abs(line.width - (561 + 600 + 615) * 17 / 1000.0) < 1e-9)
    }

    @Test("Common punctuation joins the run around it when the run's font has it")
    func punctuationDoesNotSplitRuns() throws {
        let shaper = try Fixtures.shaper()
        #expect(try shaper.measure("Hello, world!", attributes: Fixtures.attributes()).runs.count == 1)
        let arabic = try shaper.measure("مرحبا 123", attributes: Fixtures.attributes())
        #expect(arabic.runs.count == 1)
        #expect(arabic.runs.first?.face.family == "Noto Sans Arabic")
        // hb-shape fonts/NotoSansArabic-Regular.ttf "مرحبا 123": 572×3 + 260 + 291 + 343 + 549 + 396 + 525.
        #expect(abs(arabic.width - Double(572 * 3 + 260 + 291 + 343 + 549 + 396 + 525) * 17 / 1000) < 1e-9)
        // Noto Sans Thai has no parentheses: they fall back to the requested Noto Sans.
        let thai = try shaper.measure("(ไทย)", attributes: Fixtures.attributes())
        #expect(thai.runs.map { URL(fileURLWithPath: $0.face.path).lastPathComponent }
                    == ["NotoSans-Regular.ttf", "NotoSansThai-Regular.ttf", "NotoSans-Regular.ttf"])
    }

    @Test("Hangul goes to the Noto Sans CJK KR subset, kana and Han to Droid Sans Fallback")
    func cjk() throws {
        let shaper = try Fixtures.shaper()
        let korean = try shaper.measure("대한민국", attributes: Fixtures.attributes())
        #expect(korean.runs.map { $0.face.family } == ["Noto Sans CJK KR"])
        // hb-shape: 4 glyphs of 920 units, upem 1000.
        #expect(abs(korean.width - 4 * 920 * 17 / 1000.0) < 1e-9)
        let japanese = try shaper.measure("ひらがなカタカナ漢字", attributes: Fixtures.attributes(locale: "ja"))
        #expect(Set(japanese.runs.map { $0.face.family }) == ["Droid Sans Fallback"])
        // Droid Sans Fallback: every one of these is 256 units wide at upem 256, i.e. 1 em each.
        #expect(abs(japanese.width - 10 * 17) < 1e-9)
    }

    @Test("Bold text falls back to the bold face of the script font")
    func fallbackKeepsWeight() throws {
        let line = try Fixtures.shaper().measure("Hi مرحبا", attributes: Fixtures.attributes(weight: .bold))
        #expect(line.runs.map { URL(fileURLWithPath: $0.face.path).lastPathComponent }
                    == ["NotoSans-Bold.ttf", "NotoSansArabic-Bold.ttf"])
    }

    @Test("Bundled-only: a character no bundled font has is missing; with system fonts, Fontconfig finds it")
    func systemFallback() throws {
        let braille = "\u{2801}"
        let bundled = try Fixtures.shaper().measure(braille, attributes: Fixtures.attributes())
        #expect(bundled.missingGlyphs == 1)
        let system = Shaper(library: try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: true)))
        let clusters = try system.clusterFonts(braille, attributes: Fixtures.attributes())
        // make setup installs fonts-dejavu-core, whose DejaVu Sans covers Braille Patterns.
        #expect(clusters.first?.choice == .system)
        #expect(clusters.first?.face.isBundled == false)
        #expect(try system.measure(braille, attributes: Fixtures.attributes()).missingGlyphs == 0)
    }
}
