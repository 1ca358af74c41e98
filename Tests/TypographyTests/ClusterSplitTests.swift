import Foundation
import Testing
@testable import Typography

/// A grapheme cluster is set in the first font (in the fallback order) that covers every scalar of
/// it; only when none does is it split, the base in the first font that covers it and each other
/// mark in the first font that covers that, as Pango and CoreText split it; only scalars no font has
/// are missing. Widths are hand sums of `hb-shape --font-funcs=ot` output on the bundled fonts
/// (all at 1000 units per em, measured at 17 pt), written next to each case.
@Suite("Fallback keeps a grapheme cluster in one font, and splits it only when no font has it all")
struct ClusterSplitTests {
    func fileName(_ face: FontFace) -> String { URL(fileURLWithPath: face.path).lastPathComponent }

    /// The runs of a line as (scalar range, font file).
    func runs(_ line: LineMeasurement) -> [[String]] {
        line.runs.map { ["\($0.start)..<\($0.end)", fileName($0.face)] }
    }

    @Test("The issue's kasra after \"(\": no bundled font has both, so \"(\" is Noto Sans's and the kasra Noto Sans Arabic's; nothing missing")
    func kasraAfterParenthesis() throws {
        // hb-shape fonts/NotoSansArabic-Regular.ttf "(ِ"  → [.notdef=0+600|uni0650=0+0]  (no "(")
        // hb-shape fonts/NotoSans-Regular.ttf "(ِ"        → [parenleft=0+300|.notdef=0+600]  (no kasra)
        let text = "محتويات (ِContent-Range)"
        let shaper = try Fixtures.shaper()
        let line = try shaper.measure(text, attributes: Fixtures.attributes())
        #expect(line.missingGlyphs == 0)
        #expect(line.missingClusters.isEmpty)
        // "(" takes the Arabic before it as its script, so it is shaped right to left (mirrored):
        // hb-shape --direction=rtl fonts/NotoSans-Regular.ttf "(" → [parenright=0+300]
        // hb-shape fonts/NotoSansArabic-Regular.ttf "ِ"             → [uni0650=0+0]
        #expect(runs(line) == [["0..<8", "NotoSansArabic-Regular.ttf"], ["8..<9", "NotoSans-Regular.ttf"],
                               ["9..<10", "NotoSansArabic-Regular.ttf"], ["10..<24", "NotoSans-Regular.ttf"]])
        let widths = line.runs.map(\.width)
        #expect(widths.count == 4)
        if widths.count == 4 {
            #expect(abs(widths[1] - 300 * 17 / 1000.0) < 1e-9)
            #expect(widths[2] == 0)
        }
        // hb-shape fonts/NotoSansArabic-Regular.ttf "محتويات " →
        //   [space=7+260|uni062A=6+993|uniFE8E=5+291|uniFEF3=4+299|uniFEEE=3+472|uniFE98=2+373|uniFEA4=1+637|uniFEE3=0+525] = 3850
        // hb-shape fonts/NotoSans-Regular.ttf "Content-Range)" → C 632, o 605, n 618, t 361, e 564, n 618, t 361,
        //   hyphen 322, R 622, a 561, n 618, g 615, e 564, parenright 300 = 7361
        // Before the fix the cluster was Noto Sans's parenleft and a 600-unit .notdef (+10.2 pt).
        #expect(abs(line.width - Double(3850 + 300 + 0 + 7361) * 17 / 1000) < 1e-9)
        let clusters = try shaper.clusterFonts(text, attributes: Fixtures.attributes())
        let parts = clusters.filter { $0.start >= 8 && $0.end <= 10 }
        #expect(parts.map { [$0.start, $0.end] } == [[8, 9], [9, 10]])
        #expect(parts.map { fileName($0.face) } == ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf"])
        // The cluster joins the Arabic run before it: the run's font is tried first, and it has the kasra.
        #expect(parts.map(\.choice) == [.requested, .run])
    }

    @Test("A Devanagari vowel sign after \"(\": Noto Sans Devanagari has both, so the cluster stays whole in it")
    func devanagariSignAfterParenthesis() throws {
        let shaper = try Fixtures.shaper()
        // hb-shape fonts/NotoSansDevanagari-Regular.ttf "नमस्ते (ि" → [nadeva=0+555|madeva=1+598|saprehalfdeva=2+389|
        //   tadeva=4+570|evowelsigndeva=4+0|space=6+260|parenleft.deva=7+354|ivowelsigndeva=7+259|uni25CC=7+510] = 3495
        let devanagari = try shaper.measure("नमस्ते (ि", attributes: Fixtures.attributes())
        #expect(devanagari.missingGlyphs == 0)
        #expect(runs(devanagari) == [["0..<9", "NotoSansDevanagari-Regular.ttf"]])
        #expect(abs(devanagari.width - 3495 * 17 / 1000.0) < 1e-9)
        // After Latin text the cluster still goes whole to the font that covers it, not split after Noto Sans's "(".
        // hb-shape fonts/NotoSans-Regular.ttf "Hello " → H 741, e 564, l 258, l 258, o 605, space 260 = 2686
        // hb-shape fonts/NotoSansDevanagari-Regular.ttf "(ि" → [parenleft.deva=0+354|ivowelsigndeva=0+259|uni25CC=0+510] = 1123
        let latin = try shaper.measure("Hello (ि", attributes: Fixtures.attributes())
        #expect(latin.missingGlyphs == 0)
        #expect(runs(latin) == [["0..<6", "NotoSans-Regular.ttf"], ["6..<8", "NotoSansDevanagari-Regular.ttf"]])
        #expect(abs(latin.width - Double(2686 + 1123) * 17 / 1000) < 1e-9)
        let cluster = try shaper.clusterFonts("Hello (ि", attributes: Fixtures.attributes()).last
        #expect(cluster?.start == 6 && cluster?.end == 8)
        #expect(cluster?.choice == .script)
    }

    @Test("A Thai vowel sign after \"(\": Noto Sans Thai has no \"(\", so \"(\" is the requested font's and the sign Noto Sans Thai's")
    func thaiSignAfterParenthesis() throws {
        // hb-shape fonts/NotoSansThai-Regular.ttf "(ั" → [.notdef=0+600|uni0E31=0+0]
        // hb-shape fonts/NotoSans-Regular.ttf "(ั"     → [parenleft=0+300|.notdef=0+600]
        let shaper = try Fixtures.shaper()
        let line = try shaper.measure("สวัสดี (ั", attributes: Fixtures.attributes())
        #expect(line.missingGlyphs == 0)
        #expect(runs(line) == [["0..<7", "NotoSansThai-Regular.ttf"], ["7..<8", "NotoSans-Regular.ttf"],
                               ["8..<9", "NotoSansThai-Regular.ttf"]])
        // hb-shape fonts/NotoSansThai-Regular.ttf "สวัสดี " → [uni0E2A=0+572|uni0E27=1+492|uni0E31=1@10,0+0|uni0E2A=3+572|
        //   uni0E14=4+616|uni0E35=4+0|space=6+260] = 2512
        // hb-shape fonts/NotoSans-Regular.ttf "(" → [parenleft=0+300]; hb-shape fonts/NotoSansThai-Regular.ttf "ั" → [uni0E31=0+0]
        #expect(abs(line.width - Double(2512 + 300 + 0) * 17 / 1000) < 1e-9)
        // The cluster is one grapheme: tracking is added once after it, not after each part.
        var tracked = Fixtures.attributes()
        tracked.tracking = 2
        let trackedLine = try shaper.measure("(ั", attributes: tracked)
        #expect(abs(trackedLine.width - (300 * 17 / 1000.0 + 2)) < 1e-9)
        #expect(abs(trackedLine.runs.map(\.width).reduce(0, +) - trackedLine.width) < 1e-9)
    }

    @Test("A mark no font has is the only scalar missing; the rest of its cluster is set in the fonts that have it")
    func onlyUncoveredScalarsAreMissing() throws {
        let shaper = try Fixtures.shaper()
        // U+1D167 MUSICAL SYMBOL COMBINING TREMOLO-1 (an Extend mark) is in no bundled font.
        // hb-shape fonts/NotoSans-Regular.ttf "á𝅧b" (a U+0301 U+1D167 b) → [aacute=0+561|.notdef=0+600|b=2+615]
        let mark = try shaper.measure("a\u{301}\u{1D167}b", attributes: Fixtures.attributes())
        #expect(mark.missingClusters == [2..<3])
        #expect(mark.missingGlyphs == 1)
        #expect(abs(mark.width - Double(561 + 600 + 615) * 17 / 1000) < 1e-9)
        // An unassigned base with an acute: the base is missing, the acute is Noto Sans's.
        // hb-shape fonts/NotoSans-Regular.ttf $'\u0378\u0301' → [.notdef=0+600|acutecomb=0+0]
        let base = try shaper.measure("\u{378}\u{301}", attributes: Fixtures.attributes())
        #expect(base.missingClusters == [0..<1])
        #expect(abs(base.width - 600 * 17 / 1000.0) < 1e-9)
        // A cluster no font has any of is missing whole, once, as before.
        let none = try shaper.measure("\u{378}\u{1D167}", attributes: Fixtures.attributes())
        #expect(none.missingClusters == [0..<2])
        #expect(none.missingGlyphs == 1)
    }

    @Test("With system fonts, a font that covers the whole cluster wins over a split (DejaVu Sans has \"(\" and the kasra)")
    func systemFontCoveringTheCluster() throws {
        let system = Shaper(library: try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: true)))
        let text = "محتويات (ِ"
        let clusters = try system.clusterFonts(text, attributes: Fixtures.attributes())
        // make setup installs fonts-dejavu-core; fc-list "charset=0028 0650" lists DejaVu Sans.
        let cluster = try #require(clusters.last)
        #expect(cluster.start == 8 && cluster.end == 10)
        #expect(cluster.choice == .system)
        let line = try system.measure(text, attributes: Fixtures.attributes())
        #expect(line.missingGlyphs == 0)
        let last = try #require(line.runs.last)
        #expect(last.start == 8 && last.end == 10 && last.face === cluster.face)
        // The cluster as hb-shape sets it in that font, right to left (it takes the Arabic script).
        let hbShape = try #require(Fixtures.which("hb-shape"))
        let output = try Fixtures.run(hbShape, ["--font-funcs=ot", "--output-format=json", "--no-glyph-names", "--direction=rtl",
                                                "--script=arab", cluster.face.path, "(ِ"])
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(glyphs.count == 2 && !glyphs.contains { $0["g"] as? Int == 0 })
        let advance = glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
        #expect(abs(last.width - Double(advance) * 17 / Double(cluster.face.metrics.unitsPerEm)) < 1e-9)
    }
}
