import Foundation
import Testing
@testable import TextLayout
import Typography

/// A grapheme cluster no bundled font covers whole is split between fonts (Typography's
/// `ClusterSplitTests`), so a font run ends inside it. Lines, truncation, tracking and glyph runs
/// must still treat it as one cluster. Advances from `hb-shape --font-funcs=ot`, 1000 units per em:
///
///     hb-shape fonts/NotoSans-Regular.ttf "("                     → [parenleft=0+300]  (glyph 11)
///     hb-shape --direction=rtl fonts/NotoSans-Regular.ttf "("     → [parenright=0+300] (glyph 12)
///     hb-shape --no-glyph-names fonts/NotoSansThai-Regular.ttf "ั" → [45=0+0]   (U+0E31; the font has no "(")
///     hb-shape --no-glyph-names fonts/NotoSansArabic-Regular.ttf "ِ" → [608=0+0] (U+0650 kasra; no "(" either)
///     hb-shape fonts/NotoSans-Regular.ttf "…"                     → [ellipsis=0+791]
///
/// so at 17 pt each "(ั" is 300 × 0.017 = 5.1 pt wide, and "…" 13.447 pt.
@Suite("A grapheme cluster split between fonts stays one cluster downstream")
struct SplitClusterTests {
    /// Four clusters "(" + U+0E31, each split: "(" in Noto Sans, the sign in Noto Sans Thai. No break
    /// opportunity inside (UAX #14: none after an opening punctuation), so narrow widths cut it
    /// between grapheme clusters.
    static let text = "(ั(ั(ั(ั"
    static let cluster = 300 * 17 / 1000.0

    /// The scalar offsets where grapheme clusters start (and the end), as Swift's `String` sees them.
    static func graphemeStarts(_ text: String) -> Set<Int> {
        var starts: Set<Int> = [text.unicodeScalars.count]
        var offset = 0
        for character in text {
            starts.insert(offset)
            offset += character.unicodeScalars.count
        }
        return starts
    }

    @Test("The paragraph's font runs alternate at every part; nothing is missing; the ideal width is four parentheses")
    func fontRuns() throws {
        let paragraph = try Fixtures.paragraph(Self.text)
        #expect(paragraph.missingClusters.isEmpty)
        let runs = paragraph.fontRuns
        #expect(runs.map(\.range) == (0..<8).map { $0..<$0 + 1 })
        #expect(runs.map { URL(fileURLWithPath: $0.face.path).lastPathComponent }
                    == Array(repeating: ["NotoSans-Regular.ttf", "NotoSansThai-Regular.ttf"], count: 4).flatMap { $0 })
        #expect(abs(paragraph.idealSize.width - 4 * Self.cluster) < 1e-9)
        #expect(paragraph.layout(width: 100).missingGlyphs == 0)
    }

    @Test("Narrow widths and width 0 break between grapheme clusters, never between a parenthesis and its sign")
    func wrapping() throws {
        let paragraph = try Fixtures.paragraph(Self.text)
        // 12 pt holds two clusters (10.2), 7 pt one (5.1); width 0 puts every cluster on a line of its own.
        let expected: [(Double, [Range<Int>])] = [(12, [0..<4, 4..<8]), (7, [0..<2, 2..<4, 4..<6, 6..<8]),
                                                  (0, [0..<2, 2..<4, 4..<6, 6..<8])]
        for (width, lines) in expected {
            let layout = paragraph.layout(width: width)
            #expect(layout.lines.map(\.range) == lines, "width \(width)")
            for line in layout.lines {
                #expect(abs(line.width - Double(line.range.count / 2) * Self.cluster) < 1e-9, "width \(width)")
                // Each line draws the parenthesis and the sign of every cluster on it.
                #expect(line.runs.flatMap(\.clusters) == Array(line.range), "width \(width)")
            }
        }
        #expect(abs(paragraph.minimumSize.width - 4 * Self.cluster) < 1e-9)  // no opportunity inside: the whole text
        #expect(abs(paragraph.layout(width: 0).size.width - Self.cluster) < 1e-9)
    }

    @Test("Truncation keeps or drops a split cluster whole, at the head, the middle and the tail")
    func truncation() throws {
        // 20 pt: the text (20.4) does not fit; the ellipsis leaves 6.553 pt, room for one cluster. The
        // sign has no advance, so a cut between a parenthesis and its sign would measure the same as the
        // cut after the sign: only grapheme boundaries keep it out.
        let cases: [(ParagraphStyle.TruncationMode, [Int])] = [(.tail, [0, 1, -1]), (.head, [-1, 6, 7]), (.middle, [-1, 6, 7])]
        for (mode, clusters) in cases {
            let layout = try Fixtures.paragraph(Self.text, style: ParagraphStyle(lineLimit: 1, truncation: mode)).layout(width: 20)
            #expect(layout.isTruncated, "\(mode)")
            let line = try #require(layout.lines.first)
            #expect(line.runs.flatMap(\.clusters) == clusters, "\(mode)")
            #expect(abs(line.width - (Self.cluster + 791 * 17 / 1000.0)) < 1e-9, "\(mode)")
        }
    }

    @Test("Tracking follows the whole cluster: the sign is drawn on its parenthesis, the space after the sign")
    func tracking() throws {
        var attributes = TextAttributes(size: .points(17))
        attributes.tracking = 2
        let paragraph = try Paragraph(StyledText("(ั(ั", attributes: attributes), shaper: Fixtures.shaper())
        let layout = paragraph.layout(width: nil)
        // Two grapheme clusters, tracking after each: 2 × (5.1 + 2).
        #expect(abs(layout.size.width - 2 * (Self.cluster + 2)) < 1e-9)
        let runs = try #require(layout.lines.first).runs
        #expect(runs.map(\.glyphs) == [[11], [45], [11], [45]])
        let x = runs.flatMap(\.positions).map(\.x)
        let expected = [0, Self.cluster, Self.cluster + 2, 2 * Self.cluster + 2]
        #expect(zip(x, expected).allSatisfy { abs($0 - $1) < 1e-9 } && x.count == 4, "\(x)")
        #expect(abs(runs.reduce(0) { $0 + $1.width } - layout.size.width) < 1e-9)
        // Cut into one cluster a line, each line still gains its tracking once.
        let narrow = paragraph.layout(width: 8)
        #expect(narrow.lines.map(\.range) == [0..<2, 2..<4])
        #expect(narrow.lines.allSatisfy { abs($0.width - (Self.cluster + 2)) < 1e-9 })
        // Right to left, "(" + kasra twice (no strong character: the paragraph's level, 1): visual
        // order kasra 3, "(" 2 (mirrored, glyph 12), kasra 1, "(" 0. Tracking goes on each cluster's
        // left, before its last part (the kasra), so each kasra stays on its parenthesis's left edge.
        let rtl = try Paragraph(StyledText("(ِ(ِ", attributes: attributes), style: ParagraphStyle(direction: .rightToLeft),
                                shaper: Fixtures.shaper())
        let rtlRuns = try #require(rtl.layout(width: nil).lines.first).runs
        #expect(rtlRuns.map(\.glyphs) == [[608], [12], [608], [12]])
        let rtlX = rtlRuns.flatMap(\.positions).map(\.x)
        let rtlExpected = [2, 2, Self.cluster + 4, Self.cluster + 4]
        #expect(zip(rtlX, rtlExpected).allSatisfy { abs($0 - $1) < 1e-9 } && rtlX.count == 4, "\(rtlX)")
        #expect(abs(rtl.idealSize.width - 2 * (Self.cluster + 2)) < 1e-9)
    }

    @Test("The issue's text: the kasra is drawn on its parenthesis, and no line starts between them")
    func kasraParagraph() throws {
        let text = "محتويات (ِContent-Range)"
        let paragraph = try Fixtures.paragraph(text)
        #expect(paragraph.missingClusters.isEmpty)
        let runs = paragraph.fontRuns
        let base = try #require(runs.first { $0.range == 8..<9 })
        let mark = try #require(runs.first { $0.range == 9..<10 })
        #expect(base.face.family == "Noto Sans" && mark.face.family == "Noto Sans Arabic")
        #expect(abs(base.width - Self.cluster) < 1e-9 && mark.width == 0)
        // Ideal: one line. The parenthesis and its kasra are neighbours in visual order, the kasra
        // (608, no advance) drawn within the parenthesis's advance.
        let line = try #require(paragraph.layout(width: nil).lines.first)
        let glyphRuns = line.runs
        let baseIndex = try #require(glyphRuns.firstIndex { $0.range == 8..<9 })
        let markIndex = try #require(glyphRuns.firstIndex { $0.range == 9..<10 })
        #expect(abs(baseIndex - markIndex) == 1)
        let baseRun = glyphRuns[baseIndex], markRun = glyphRuns[markIndex]
        #expect(markRun.glyphs == [608] && markRun.width == 0)
        #expect(markRun.x >= baseRun.x - 1e-9 && markRun.x <= baseRun.x + baseRun.width + 1e-9)
        // Wrapped narrow, every line starts at a grapheme cluster (never at the kasra, offset 9).
        let starts = Self.graphemeStarts(text)
        for width in [0.0, 10, 30, 60] {
            let layout = paragraph.layout(width: width)
            #expect(layout.lines.allSatisfy { starts.contains($0.range.lowerBound) && starts.contains($0.range.upperBound) },
                    "width \(width): \(layout.lines.map(\.range))")
            // The line holding the parenthesis draws the kasra too.
            let drawn = layout.lines.first { $0.range.contains(8) }?.runs.flatMap(\.clusters) ?? []
            #expect(drawn.contains(8) && drawn.contains(9), "width \(width)")
        }
    }
}
