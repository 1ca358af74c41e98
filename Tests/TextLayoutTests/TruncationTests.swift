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
