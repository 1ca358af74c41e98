import Foundation
import Testing
@testable import TextLayout
import Typography

@Suite("Wrapping and sizes")
struct WrappingTests {
    // Noto Sans Regular advances from hb-shape (upem 1000): space 260, a 561, b 615, c 480.
    // At 1000 pt a font unit is a point, so expected widths are plain sums.

    @Test("Greedy first fit: trailing spaces hang, the width is the widest line, not the proposal")
    func greedy() throws {
        let text = "aa bb cc"
        let paragraph = try Fixtures.paragraph(text, size: 1000)
        // "aa bb" = 561+561+260+615+615 = 2612; "aa bb cc" = 2612+260+480+480 = 3832.
        let layout = paragraph.layout(width: 3000)
        #expect(Fixtures.lineTexts(layout, text) == ["aa bb ", "cc"])
        #expect(layout.lines.map(\.width) == [2612, 960])
        #expect(layout.size.width == 2612)
        #expect(paragraph.layout(width: 3832).lineCount == 1)
        #expect(paragraph.layout(width: 3831.9).lineCount == 2)
        // "aa" is 1122 and "bb" 1230: at 1230 each word takes a line, its space hanging past the width.
        #expect(Fixtures.lineTexts(paragraph.layout(width: 1230), text) == ["aa ", "bb ", "cc"])
        // Narrower than "bb", the word breaks between graphemes.
        #expect(Fixtures.lineTexts(paragraph.layout(width: 1122), text) == ["aa ", "b", "b ", "cc"])
    }

    @Test("Width 0 is SwiftUI's minimum: every opportunity, every grapheme")
    func zeroWidth() throws {
        let text = "ab c"
        let layout = try Fixtures.paragraph(text, size: 1000).layout(width: 0)
        #expect(Fixtures.lineTexts(layout, text) == ["a", "b ", "c"])
        let word = try Fixtures.paragraph(text, size: 1000, style: ParagraphStyle(wrap: .word)).layout(width: 0)
        #expect(Fixtures.lineTexts(word, text) == ["ab ", "c"])
    }

    @Test("NaN and negative widths are 0; infinity is the ideal", arguments: [Double.nan, -5, -Double.infinity])
    func badWidths(_ width: Double) throws {
        let paragraph = try Fixtures.paragraph("ab c", size: 1000)
        #expect(paragraph.layout(width: width).lines.map(\.range) == paragraph.layout(width: 0).lines.map(\.range))
        #expect(paragraph.layout(width: .infinity).size == paragraph.idealSize)
    }

    @Test("Ideal and minimum: max-content and min-content, with the segment that sets the minimum")
    func idealAndMinimum() throws {
        let paragraph = try Fixtures.paragraph("aa bbb c", size: 1000)
        #expect(paragraph.idealSize == CGSize(width: 561 * 2 + 260 + 615 * 3 + 260 + 480, height: 1362))
        let minimum = paragraph.minimumSize
        #expect(minimum.width == 615 * 3)
        #expect(minimum.segment == "bbb")
        #expect(minimum.range == 3..<6)
        #expect(minimum.height == 3 * 1362)
        #expect(minimum.reason == .word)
    }

    @Test("The min-content height is the layout's at the min-content width, to the last bit, line spacing included")
    func minimumHeightWithLineSpacing() throws {
        // "aa bbb c" at min-content (bbb, 1845 units) takes three lines of 1362 with two gaps of 0.3.
        let paragraph = try Fixtures.paragraph("aa bbb c", size: 1000, style: ParagraphStyle(lineSpacing: 0.3))
        let minimum = paragraph.minimumSize
        #expect(minimum.width == 615 * 3)
        #expect(abs(minimum.height - (3 * 1362 + 2 * 0.3)) < 1e-9)
        // The minimum's height is computed without placing the lines; it must be what placing gives.
        let placed = Double(paragraph.layout(width: minimum.width).size.height)
        #expect(minimum.height.bitPattern == placed.bitPattern, "\(minimum.height.bitPattern) vs \(placed.bitPattern)")
    }

    @Test("Balanced wrapping keeps the greedy line count at the narrowest width")
    func balanced() throws {
        let text = "aaaa bbbb cccc dddd eeee ffff gggg"
        let greedy = try Fixtures.paragraph(text).layout(width: 200)
        let balanced = try Fixtures.paragraph(text, style: ParagraphStyle(wrap: .balanced)).layout(width: 200)
        #expect(balanced.lineCount == greedy.lineCount)
        #expect(balanced.size.width < greedy.size.width)
        let widths = balanced.lines.map(\.width)
        #expect(widths.max()! - widths.min()! < greedy.lines.map(\.width).max()! - greedy.lines.map(\.width).min()!)
    }

    @Test("Tabs advance to the next stop; the interval is settable")
    func tabs() throws {
        // 'a' 561, tab → 28 pt stops at size 10 (a = 5.61 pt, b = 6.15 pt).
        let ideal = try Fixtures.paragraph("a\tb", size: 10).idealSize.width
        #expect(abs(ideal - (28 + 6.15)) < 1e-9)
        let wide = try Fixtures.paragraph("a\tb", size: 10, style: ParagraphStyle(tabInterval: 50)).idealSize.width
        #expect(abs(wide - (50 + 6.15)) < 1e-9)
    }

    @Test("A text ending with a hard break has an empty last line")
    func trailingBreak() throws {
        let layout = try Fixtures.paragraph("ab\n", size: 1000).layout(width: nil)
        #expect(layout.lineCount == 2)
        #expect(Double(layout.size.height) == 2 * 1362.0)
        #expect(try Fixtures.paragraph("", size: 1000).layout(width: nil).size == .zero)
    }

    @Test("Clusters are reshaped from the scalars HarfBuzz saw; spaces and hard breaks hang")
    func shapingScalarsAndHanging() throws {
        // U+0009 is Cc and U+2028 Zl: HarfBuzz is given U+200B for both, as the runs were shaped.
        let analysis = Analysis(StyledText("a\tb\u{2028}\u{A0} ", attributes: TextAttributes()), direction: .leftToRight)
        #expect(analysis.withShapingScalars(0..<6) { Array($0) } == [0x61, 0x200B, 0x62, 0x200B, 0xA0, 0x20])
        #expect(analysis.withShapingScalars(2..<3) { Array($0) } == [0x62])  // read in place
        #expect(analysis.withShapingScalars(3..<3) { Array($0) } == [])
        // U+0020 and the line separator hang; the tab, letters and the no-break space do not.
        let hanging = (0..<6).map { analysis.hangs(at: $0) }
        #expect(hanging == [false, false, false, true, false, true])
    }
}

@Suite("Min-content with soft hyphens")
struct SoftHyphenMinimumTests {
    /// Found by fuzzing (Fuzz/crashes/bidi/soft-hyphen-min-content): breaking after a soft hyphen
    /// shows a hyphen, which can be wider than the rest of the line, so the widest segment "with
    /// its hyphen" was wider than the whole line unbroken. Hand computation, Noto Sans advances
    /// (`hb-shape`): a 561, i 258, hyphen 322, the soft hyphen 0 units per em. "a\u{AD}i" at
    /// 1,000 pt: the segment "a-" is 561 + 322 = 883 pt, the line "ai" 561 + 258 = 819 pt. At 819
    /// the text fits unbroken, so the min-content is 819, the ideal width — not 883.
    @Test func minimumNeverExceedsTheIdealWidth() throws {
        let paragraph = try Paragraph(StyledText("a\u{AD}i", attributes: TextAttributes(size: .points(1000))),
                                      shaper: Fixtures.shaper())
        #expect(abs(Double(paragraph.layout(width: nil).size.width) - 819) < 1e-9)
        let minimum = paragraph.minimumSize
        #expect(abs(minimum.width - 819) < 1e-9, "min-content \(minimum.width)")
        #expect(minimum.range == 0..<3)
        // Wider text after the soft hyphen: the hyphenated segment is the narrower, and stays the
        // minimum ("a-" 883 against "b" 615 and the line "ab" 1,176).
        let wide = try Paragraph(StyledText("a\u{AD}b", attributes: TextAttributes(size: .points(1000))), shaper: Fixtures.shaper())
        #expect(abs(wide.minimumSize.width - 883) < 1e-9, "min-content \(wide.minimumSize.width)")
        #expect(wide.minimumSize.range == 0..<2)
    }
}
