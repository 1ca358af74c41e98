import Foundation
import Testing
@testable import TextLayout
import Typography

/// Where a wrapped line's glyphs go. Expected advances come from HarfBuzz's own CLI, in font units
/// (all three fonts here have 1000 units per em, so at 17 pt a unit is 0.017 pt):
///
///     hb-shape --font-size=1000 fonts/NotoSansHebrew-Regular.ttf "שלום עולם"
///     [uni05DD=8+684|uni05DC=7+522|uni05D5=6+301|uni05E2=5+593|space=4+270|uni05DD=3+684|uni05D5=2@-10,0+291|uni05DC=1+522|uni05E9=0+730]
///     hb-shape --font-size=1000 fonts/NotoSansHebrew-Regular.ttf "שלום"
///     [uni05DD=3+684|uni05D5=2@-10,0+291|uni05DC=1+522|uni05E9=0+730]
///     hb-shape --font-size=1000 fonts/NotoSans-Regular.ttf "Hello world again"
///     [H=0+741|e=1+564|l=2+258|l=3+258|o=4+605|space=5+260|w=6+786|o=7+605|r=8+413|l=9+258|d=10+615|space=11+260|…]
@Suite("Glyph runs of placed lines")
struct VisualLineTests {
    static let hebrew = "שלום עולם טוב מאוד"
    /// "שלום עולם" without its trailing space: 684+522+301+593+270+684+291+522+730 = 4597 units.
    static let firstLineInk = 4597 * 17.0 / 1000  // 78.149 pt

    @Test("A wrapped right-to-left line ends flush with its right edge: its hanging space is not drawn inside it")
    func rtlHangingSpace() throws {
        let style = ParagraphStyle(direction: .rightToLeft)
        let layout = try Fixtures.paragraph(Self.hebrew, style: style).layout(width: 100)
        // At 100 pt the breaks come after "שלום עולם " (78.149 + the space's 4.59 would be
        // 82.739 with the space; "טוב" would add 0.017 × (270 + 1501) more than 100 allows).
        try #require(layout.lines.count == 2 && layout.lines[0].range == 0..<10)
        // The widest line sets the paragraph's width; right-to-left leading alignment puts every
        // line's right edge there.
        let rightEdge = Double(layout.size.width)
        #expect(abs(rightEdge - Self.firstLineInk) < 1e-9)
        let line = layout.lines[0]
        let runs = line.runs
        // Leftmost glyph (final mem, cluster 8, no offset) = right edge − the line's advance.
        let first = try #require(runs.first)
        #expect(first.clusters.first == 8)
        #expect(abs(line.x + first.positions[0].x - (rightEdge - Self.firstLineInk)) < 1e-9)
        // The rightmost glyph (shin, 730 units) ends at the right edge.
        let last = try #require(runs.last)
        #expect(last.clusters.last == 0)
        #expect(abs(line.x + last.positions.last!.x + last.advances.last! - rightEdge) < 1e-9)
        // The runs cover the visible text only, and are exactly as wide as the line.
        #expect(runs.allSatisfy { $0.range.upperBound <= 9 })
        #expect(abs(runs.reduce(0) { $0 + $1.width } - line.width) < 1e-9)
    }

    @Test("A wrapped left-to-right line's runs stop before its hanging space, as wide as the line")
    func ltrHangingSpace() throws {
        let layout = try Fixtures.paragraph("Hello world again").layout(width: 90)
        // "Hello world" = 741+564+258+258+605+260+786+605+413+258+615 = 5363 units = 91.171 pt > 90;
        // "Hello " breaks: "Hello" = 2426 units = 41.242 pt.
        try #require(layout.lines.count == 3 && layout.lines[0].range == 0..<6)
        let line = layout.lines[0]
        #expect(abs(line.width - 2426 * 17.0 / 1000) < 1e-9)
        #expect(line.runs.flatMap(\.clusters) == [0, 1, 2, 3, 4])
        #expect(abs(line.runs.reduce(0) { $0 + $1.width } - 2426 * 17.0 / 1000) < 1e-9)
    }

    @Test("Right-to-left tracking goes after each cluster in reading order: on its left, mirroring left-to-right")
    func rtlTracking() throws {
        let attributes = TextAttributes(font: FontRequest(), size: .points(17), tracking: 2)
        let rtl = try Paragraph(StyledText("שלום", attributes: attributes), style: ParagraphStyle(direction: .rightToLeft),
                                shaper: Fixtures.shaper()).layout(width: nil)
        // 684+291+522+730 = 2227 units = 37.859 pt, plus 2 pt after each of the 4 clusters.
        let width = 2227 * 17.0 / 1000 + 4 * 2
        #expect(abs(Double(rtl.size.width) - width) < 1e-9)
        let run = try #require(rtl.lines[0].runs.first)
        // The logical first letter (shin) is flush with the line's right (leading) edge; the
        // logical last (final mem) has its 2 pt on its left, at the trailing edge.
        #expect(abs(run.positions.last!.x + 730 * 17.0 / 1000 - width) < 1e-9)
        #expect(abs(run.positions[0].x - 2) < 1e-9)
        // Left to right the same text starts flush left, its last tracking on the right.
        let ltr = try Paragraph(StyledText("Hello", attributes: attributes), style: ParagraphStyle(),
                                shaper: Fixtures.shaper()).layout(width: nil)
        let ltrRun = try #require(ltr.lines[0].runs.first)
        #expect(abs(ltrRun.positions[0].x) < 1e-9)
        // "Hello" = 2426 units; the "o" (605) starts at 41.242 − 10.285 + 4 × 2.
        #expect(abs(ltrRun.positions[4].x - ((2426 - 605) * 17.0 / 1000 + 8)) < 1e-9)
    }
}
