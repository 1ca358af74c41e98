import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

/// Reserved lines: SwiftUI's `lineLimit(_:reservesSpace:)` and ranged line limits.
///
/// Apple's documentation of `lineLimit(_:reservesSpace:)`: "Whether text reserves space so that it
/// always occupies the height required to display the specified number of lines … If passed a value
/// of true for the reservesSpace parameter, and the text of such views occupies less space than the
/// provided limit, that view expands to occupy the minimum number of lines. When the text occupies more
/// space than the provided limit, a Text view truncates its content." Of `lineLimit(_: PartialRangeFrom)`:
/// "When the text of such views occupies less space than the provided limit, that view expands to
/// occupy the minimum number of lines"; of the `ClosedRange` and `PartialRangeThrough` forms: it
/// "truncates its content" above the upper bound.
///
/// Hand computation, Noto Sans Regular (`ttx -t hhea`): ascender 1069, descender −293, line gap 0 at
/// 1000 units/em, so a line is 1362 units high with its baseline 1069 below its top: at 1000 pt a
/// line is 1362 pt, at 17 pt 23.154 pt. Advances (`hb-shape`): a 561, b 615, space 260.
@Suite("Reserved lines (lineLimit reservesSpace and ranges)")
struct ReservedLinesTests {
    let line = 1362.0

    @Test("A one-line text reserving three lines is three lines high; its width and baselines are its own")
    func oneLineReservesThree() throws {
        let paragraph = try Fixtures.paragraph("aaaa", size: 1000, style: ParagraphStyle(lineLimit: 3, reservedLines: 3))
        // The ideal of a one-line text is normally answered from its shaped run; with lines reserved
        // the layout answers, and both ways agree.
        #expect(paragraph.singleLine == nil)
        #expect(paragraph.idealSize.width == 4 * 561 && close(paragraph.idealSize.height, 3 * line))
        let layout = paragraph.layout(width: nil)
        #expect(layout.lineCount == 1 && !layout.isTruncated)
        #expect(layout.size.width == 2244 && close(layout.size.height, 3 * line))
        #expect(close(layout.firstBaseline, 1069) && layout.lastBaseline == layout.firstBaseline)
        // A wrapping width wider than the text reuses the ideal, reservation included.
        #expect(close(paragraph.layout(width: 5000).size.height, 3 * line))
        // Without the reservation the same text is one line high.
        let plain = try Fixtures.paragraph("aaaa", size: 1000, style: ParagraphStyle(lineLimit: 3))
        #expect(close(plain.idealSize.height, line))
    }

    @Test("Line spacing sits between the reserved lines as between text lines")
    func lineSpacing() throws {
        let style = ParagraphStyle(reservedLines: 3, lineSpacing: 100)
        let paragraph = try Fixtures.paragraph("aaaa", size: 1000, style: style)
        // 1362 + 100 + 1362 + 100 + 1362.
        #expect(close(paragraph.idealSize.height, 3 * line + 200))
    }

    @Test("A text with as many lines as reserved, or more, is unchanged")
    func longerTextUnchanged() throws {
        // "aaaa bbbb aaaa bbbb" at 2500: "aaaa" 2244, "aaaa bbbb" 4964 > 2500, so every word is a line.
        let text = "aaaa bbbb aaaa bbbb"
        let reserved = try Fixtures.paragraph(text, size: 1000, style: ParagraphStyle(reservedLines: 3)).layout(width: 2500)
        #expect(reserved.lineCount == 4 && close(reserved.size.height, 4 * line))
        // With an upper bound (2...3, as lineLimit(2...3)): three lines shown, the last truncated.
        let ranged = try Fixtures.paragraph(text, size: 1000, style: ParagraphStyle(lineLimit: 3, reservedLines: 2)).layout(width: 2500)
        #expect(ranged.lineCount == 3 && ranged.isTruncated && close(ranged.size.height, 3 * line))
    }

    @Test("Reserved lines never pass a proposed height; the text's own lines come first")
    func proposedHeight() throws {
        let paragraph = try Fixtures.paragraph("aaaa", size: 1000, style: ParagraphStyle(reservedLines: 3))
        // 2.5 lines of room: the text's line and one blank line fit, a second blank line would end at 4086.
        #expect(close(paragraph.layout(width: nil, height: 2.5 * line).size.height, 2 * line))
        #expect(close(paragraph.layout(width: nil, height: 3 * line).size.height, 3 * line))
        // Less than a line: the text still shows its one line (SwiftUI always shows one), no blank line.
        #expect(close(paragraph.layout(width: nil, height: 1000).size.height, line))
    }

    /// Fuzzing finding (`layoutfile`, 2026-12-07): an empty text reserving three lines, measured at
    /// height 0 (no blank line fits) and then at a height that holds all three, answered 0 high the
    /// second time: the text cache's rules took the first layout — not cut, not scaled, its lines all
    /// there — as the answer to any taller proposal, though it had left its blank lines out for its
    /// height. At 17 pt a line is 23.154 pt: three are 69.462, inside 80.
    @Test("A layout that left reserved lines out for its height never answers a taller proposal")
    func reservedLinesAndTheCache() throws {
        for text in ["", "a"] {
            let environment = try TextFixtures.environment()
            let leaf = Text(verbatim: text).lineLimit(3...)
            func height(_ proposal: ProposedViewSize) -> Double {
                Double(leaf.layout(in: proposal, environment: environment).size.height)
            }
            let low = height(ProposedViewSize(width: 0, height: 0))
            #expect(close(low, text.isEmpty ? 0 : 23.154, 1e-9))
            #expect(close(height(ProposedViewSize(width: 120, height: 80)), 3 * 23.154, 1e-9), "\(text.debugDescription)")
            #expect(close(height(ProposedViewSize(width: 120, height: nil)), 3 * 23.154, 1e-9), "\(text.debugDescription)")
        }
    }

    @Test("An empty text reserves blank lines in its font; it has no lines and no baseline")
    func emptyText() throws {
        let paragraph = try Fixtures.paragraph("", size: 1000, style: ParagraphStyle(reservedLines: 2))
        let layout = paragraph.layout(width: nil)
        #expect(layout.lineCount == 0)
        #expect(layout.size.width == 0 && close(layout.size.height, 2 * line))
        #expect(close(paragraph.layout(width: 0).size.height, 2 * line))
        #expect(close(paragraph.minimumSize.height, 2 * line))
        let unreserved = try Fixtures.paragraph("", size: 1000)
        #expect(unreserved.layout(width: nil).size == .zero)
    }

    @Test("A blank line is as high as an empty line after the text's end: in the last run's font")
    func blankLineMetrics() throws {
        // "a" at 10 pt then "b" at 30 pt: the one line is 1.362 × 30 = 40.86 high (the larger font);
        // the blank line below takes the metrics of the text's end, the 30 pt run: 40.86 more.
        var text = StyledText("a", attributes: TextAttributes(size: .points(10)))
        text.append(StyledText("b", attributes: TextAttributes(size: .points(30))))
        let paragraph = try Paragraph(text, style: ParagraphStyle(reservedLines: 2), shaper: Fixtures.shaper())
        #expect(close(paragraph.idealSize.height, 2 * 40.86))
        // The other way round, the blank line is 10 pt's: 40.86 + 13.62.
        var reversed = StyledText("b", attributes: TextAttributes(size: .points(30)))
        reversed.append(StyledText("a", attributes: TextAttributes(size: .points(10))))
        let other = try Paragraph(reversed, style: ParagraphStyle(reservedLines: 2), shaper: Fixtures.shaper())
        #expect(close(other.idealSize.height, 40.86 + 13.62))
    }

    @Test("The width-0 answer (SwiftUI's minimum) holds the reservation, as the layout at width 0 does")
    func widthZero() throws {
        // "ab" at width 0: a line per grapheme cluster, two lines; reserving four adds two blank lines.
        let paragraph = try Fixtures.paragraph("ab", size: 1000, style: ParagraphStyle(reservedLines: 4))
        let zero = try #require(paragraph.widthZero)
        #expect(zero.size.width == 615 && close(zero.size.height, 4 * line))
        let layout = paragraph.layout(width: 0)
        #expect(layout.lineCount == 2 && layout.size == zero.size)
        #expect(close(layout.lastBaseline, line + 1069) && zero.baselines?.last == layout.lastBaseline)
    }

    @Test("A minimum scale factor scales the blank lines with the text")
    func scaled() throws {
        // "aaaa bbbb" is 4964 wide; at width 2482 and one line it fits at scale 0.5 (the search stops
        // within 1e-3 below it): its line is 1362 × 0.5 = 681 high, and the one blank line reserved
        // below is scaled too, 681 more (unscaled it would be 1362). (A style may reserve more lines
        // than its limit; `Text` caps the reservation at the limit.)
        let style = ParagraphStyle(lineLimit: 1, reservedLines: 2, minimumScaleFactor: 0.5)
        let one = try Fixtures.paragraph("aaaa bbbb", size: 1000, style: style).layout(width: 2482)
        #expect(one.lineCount == 1 && close(one.scale, 0.5, 1e-3))
        #expect(close(one.size.height, 2 * line * one.scale))
        #expect(abs(one.size.height - 2 * 681) < 2 * 1362 * 1e-3)
    }

    // MARK: - The SwiftUI modifiers

    @Test("lineLimit(_:reservesSpace:) and the ranged forms: the lines reserved and the lines shown")
    func modifiers() throws {
        let environment = try TextFixtures.environment()
        // At 60 pt wide and 17 pt, "aaaa" (38.148) is one line; in "aaaa bbbb aaaa bbbb aaaa" every
        // word is a line ("aaaa bbbb" is 84.388): five lines.
        let short = "aaaa", long = "aaaa bbbb aaaa bbbb aaaa"
        let proposal = ProposedViewSize(width: 60, height: nil)
        func lines(_ view: some View) -> Double {
            Double(view.layout(in: proposal, environment: environment).size.height) / at17(1362)
        }
        func near(_ value: Double, _ count: Double) -> Bool { abs(value - count) < 1e-9 }
        #expect(near(lines(Text(short).lineLimit(2, reservesSpace: true)), 2))
        #expect(near(lines(Text(short).lineLimit(2, reservesSpace: false)), 1))
        #expect(near(lines(Text(long).lineLimit(2, reservesSpace: true)), 2))
        // 2...4: at least two, at most four.
        #expect(near(lines(Text(short).lineLimit(2...4)), 2))
        #expect(near(lines(Text(long).lineLimit(2...4)), 4))
        // 3...: at least three, no upper bound.
        #expect(near(lines(Text(short).lineLimit(3...)), 3))
        #expect(near(lines(Text(long).lineLimit(3...)), 5))
        // ...3: at most three, none reserved.
        #expect(near(lines(Text(short).lineLimit(...3)), 1))
        #expect(near(lines(Text(long).lineLimit(...3)), 3))
        // An inner plain lineLimit replaces the reservation made further out.
        #expect(near(lines(Text(short).lineLimit(1).lineLimit(3, reservesSpace: true)), 1))
        // A limit set straight into the environment inside a reservation caps it.
        #expect(near(lines(Text(short).environment(\.lineLimit, 2).lineLimit(3, reservesSpace: true)), 2))
        // What the style says.
        var reserved = environment
        reserved.lineLimit = 4
        reserved.reservedLines = 2
        #expect(Text.paragraphStyle(in: reserved).reservedLines == 2)
        reserved.lineLimit = 1
        #expect(Text.paragraphStyle(in: reserved).reservedLines == 1)
    }

    @Test("Cards of one and two lines with lineLimit(2, reservesSpace: true) are equally high")
    func equalCards() throws {
        let environment = try TextFixtures.environment()
        // Body at the large size is 17 pt: a line is 23.154. "aaaa" (38.148 wide) is one line at 60,
        // "aaaa aaaa" (80.716 wide) two; both report two lines' height, 46.308.
        let short = Text("aaaa").lineLimit(2, reservesSpace: true)
            .layout(in: ProposedViewSize(width: 60, height: nil), environment: environment)
        let long = Text("aaaa aaaa").lineLimit(2, reservesSpace: true)
            .layout(in: ProposedViewSize(width: 60, height: nil), environment: environment)
        #expect(close(short.size.height, 2 * at17(1362)) && close(long.size.height, 2 * at17(1362)))
        #expect(close(short.size.width, at17(4 * 561)))
        // The first baseline is the text's: 1069 units down.
        #expect(close(short.root.firstTextBaseline, at17(1069)))
        // Without reservesSpace the short card is one line high.
        let plain = Text("aaaa").lineLimit(2).layout(in: ProposedViewSize(width: 60, height: nil), environment: environment)
        #expect(close(plain.size.height, at17(1362)))
    }
}
