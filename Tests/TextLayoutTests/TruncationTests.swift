import Foundation
import Testing
@testable import TextLayout
import Typography

@Suite("Line limits, truncation and minimum scale")
struct TruncationTests {
    // Noto Sans Regular at 1000 pt (1 unit = 1 pt, hb-shape): a 561, b 615, space 260, … U+2026 (ellipsis) 791.
    let text = "aaaa bbbb aaaa bbbb"

    @Test("lineLimit(1), tail: as much text as fits, then an ellipsis in the text's font")
    func tail() throws {
        let paragraph = try Fixtures.paragraph(text, size: 1000, style: ParagraphStyle(lineLimit: 1))
        let layout = paragraph.layout(width: 4000)
        #expect(layout.isTruncated && layout.lineCount == 1)
        let line = layout.lines[0]
        #expect(line.isTruncated)
        // 4000 − 791 = 3209 for text: "aaaa " (2244 + 260 hangs) then "b" 615 → 2244 + 260 + 615 = 3119 ≤ 3209; one more b exceeds.
        #expect(line.runs.flatMap(\.clusters).filter { $0 >= 0 } == Array(0..<6))
        #expect(abs(line.width - (2244 + 260 + 615 + 791)) < 1e-9)
        #expect(line.runs.last?.clusters == [-1])
    }

    @Test("Head truncation keeps the end; middle keeps both ends")
    func headAndMiddle() throws {
        let head = try Fixtures.paragraph(text, size: 1000, style: ParagraphStyle(lineLimit: 1, truncation: .head)).layout(width: 4000)
        let headClusters = head.lines[0].runs.flatMap(\.clusters)
        #expect(headClusters.first == -1)
        #expect(headClusters.last == 18)
        let middle = try Fixtures.paragraph(text, size: 1000, style: ParagraphStyle(lineLimit: 1, truncation: .middle)).layout(width: 4000)
        let middleClusters = middle.lines[0].runs.flatMap(\.clusters)
        #expect(middleClusters.first == 0 && middleClusters.last == 18 && middleClusters.contains(-1))
        #expect(middle.lines[0].width <= 4000)
    }

    @Test("A finite height keeps the lines that fit and truncates the last")
    func height() throws {
        let paragraph = try Fixtures.paragraph(text, size: 1000)
        // "aaaa" 2244, "bbbb" 2460: at 2500 every word takes a line.
        #expect(paragraph.layout(width: 2500).lineCount == 4)
        let layout = paragraph.layout(width: 2500, height: 1362 * 2.5)
        #expect(layout.lineCount == 2 && layout.isTruncated && layout.lines[1].isTruncated)
        #expect(Double(layout.size.height) == 2 * 1362.0)
    }

    /// Fuzzing finding `measure/truncated-line-taller`: the lines that fit a height were counted with
    /// the untruncated lines' metrics, then the last one was replaced by a truncated line that can be
    /// taller (here it shows the end of the text, set larger), so the paragraph outgrew the height.
    ///
    /// Hand computation, Noto Sans Regular: hhea ascender 1069, descender −293, line gap 0 at 1000
    /// units/em (`ttx -t hhea -t head`), so a line is 1.362 em: 13.62 pt at 10 pt, 40.86 pt at 30 pt.
    /// Advances (`hb-shape`): a 561, space 260, b 615, … 791.
    /// Text "aaaa aaaa aaaa " at 10 pt (scalars 0..<15), then "bb" at 30 pt (15..<17), width 45:
    /// "aaaa" is 22.44 but "aaaa aaaa" 47.48, and "bb" 36.9, so untruncated the lines are
    /// 0..<5, 5..<10, 10..<15, 15..<17, of heights 13.62, 13.62, 13.62, 40.86.
    /// Head truncation: the "…" is set in the font of the text's last character (30 pt, 23.73 wide),
    /// which leaves 45 − 23.73 = 21.27 for the end of the text: "b" (18.45) fits, "bb" (36.9) does not,
    /// so a truncated line reads "…b" — glyphs at 30 pt only, so it is 40.86 high wherever it starts.
    @Test("A head-truncated last line taller than the line it replaces still keeps the paragraph within the height")
    func truncatedLineTallerThanTheLineItReplaces() throws {
        let small = TextAttributes(size: .points(10)), large = TextAttributes(size: .points(30))
        let text = StyledText("aaaa aaaa aaaa ", attributes: small) + StyledText("bb", attributes: large)
        let paragraph = try Paragraph(text, style: ParagraphStyle(truncation: .head), shaper: Fixtures.shaper())
        #expect(paragraph.layout(width: 45).lines.map(\.range) == [0..<5, 5..<10, 10..<15, 15..<17])

        // Height 60: three 13.62 lines fit (40.86), the fourth not. "…" replacing the third line would
        // give 13.62 + 13.62 + 40.86 = 68.1 > 60; replacing the second gives 13.62 + 40.86 = 54.48 ≤ 60.
        let layout = paragraph.layout(width: 45, height: 60)
        #expect(layout.isTruncated)
        #expect(layout.lines.map(\.range) == [0..<5, 5..<17])
        #expect(layout.lines.map(\.isTruncated) == [false, true])
        #expect(abs(Double(layout.size.height) - 54.48) < 1e-9)
        #expect(Double(layout.size.height) <= 60)
        #expect(layout.lines[1].runs.flatMap(\.clusters) == [-1, 16])
        // Baselines: 10 pt ascent 10.69; the second line starts at 13.62, its 30 pt ascent is 32.07.
        #expect(abs(layout.lines[1].baseline - (13.62 + 32.07)) < 1e-9)

        // Height 30: even line 1 + "…b" (54.48) is too high, so "…b" alone, 40.86 high: only the first
        // line may overflow, as SwiftUI always shows one line.
        let one = paragraph.layout(width: 45, height: 30)
        #expect(one.lines.map(\.range) == [0..<17])
        #expect(one.lines.map(\.isTruncated) == [true])
        #expect(one.lines[0].runs.flatMap(\.clusters) == [-1, 16])
        #expect(abs(Double(one.size.height) - 40.86) < 1e-9)
    }

    @Test("minimumScaleFactor shrinks until the text fits one line, reports the scale")
    func minimumScale() throws {
        let style = ParagraphStyle(lineLimit: 1, minimumScaleFactor: 0.5)
        let paragraph = try Fixtures.paragraph(text, size: 1000, style: style)
        let ideal = try Fixtures.paragraph(text, size: 1000).idealSize.width  // 4·(2244+…)
        let layout = paragraph.layout(width: ideal * 0.8)
        #expect(!layout.isTruncated)
        #expect(abs(layout.scale - 0.8) < 2e-3)
        #expect(layout.scale <= 0.8 + 1e-9)
        #expect(layout.size.width <= ideal * 0.8 + 1e-9)
        // Below the factor it truncates at the factor.
        let tooNarrow = paragraph.layout(width: ideal * 0.3)
        #expect(tooNarrow.isTruncated && tooNarrow.scale == 0.5)
    }
}
