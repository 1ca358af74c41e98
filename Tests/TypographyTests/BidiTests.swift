import Testing
import Typography

/// Readable bidi cases: paragraph direction, numbers in right-to-left text, line ends (L1).
@Suite struct BidiTests {
    @Test func rtlLineWithNumbers() {
        // "שלום 123 עולם": Hebrew words, a European number between them.
        let text = "שלום 123 עולם"
        let bidi = BidiParagraph(text, direction: .auto)
        #expect(bidi.baseLevel == 1)
        #expect(!bidi.isPureLTR)
        #expect(bidi.levels == [1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1])
        // Read left to right: the second word reversed, the number in its own order, the first word reversed.
        #expect(bidi.visualRuns(in: 0..<13) == [BidiRun(range: 8..<13, level: 1), BidiRun(range: 5..<8, level: 2),
                                                 BidiRun(range: 0..<5, level: 1)])
        #expect(bidi.visualOrder(of: 0..<13) == [12, 11, 10, 9, 8, 5, 6, 7, 4, 3, 2, 1, 0])
        #expect(bidi.visualRuns(in: 0..<13).map(\.direction) == [.rightToLeft, .leftToRight, .rightToLeft])
    }

    @Test func arabicNumbersInLTRParagraph() {
        // "Total: ١٢٣ ريال" forced LTR: the Arabic-Indic digits (AN, level 2) come first in reading
        // order of the right-to-left stretch, so they sit at its right end, left to right themselves.
        let bidi = BidiParagraph("Total: ١٢٣ ريال", direction: .leftToRight)
        #expect(bidi.baseLevel == 0)
        #expect(bidi.levels == [0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 1, 1, 1, 1, 1])
        #expect(bidi.visualOrder(of: 0..<15) == [0, 1, 2, 3, 4, 5, 6, 14, 13, 12, 11, 10, 7, 8, 9])
    }

    @Test func trailingWhitespaceTakesTheParagraphLevelAtEachLineEnd() {
        // Forced LTR "abc אבג דהו" wrapped after "אבג ": inside the paragraph the space between the
        // Hebrew words is level 1; at the end of the first line rule L1 resets it to 0.
        let bidi = BidiParagraph("abc אבג דהו", direction: .leftToRight)
        #expect(bidi.levels[7] == 1)
        #expect(bidi.visualRuns(in: 0..<8) == [BidiRun(range: 0..<4, level: 0), BidiRun(range: 4..<7, level: 1),
                                                BidiRun(range: 7..<8, level: 0)])
        #expect(bidi.visualRuns(in: 8..<11) == [BidiRun(range: 8..<11, level: 1)])
    }

    @Test func paragraphDirectionFromFirstStrongCharacterOrForced() {
        #expect(BidiParagraph("123 אבג abc", direction: .auto).baseLevel == 1, "digits are weak")
        #expect(BidiParagraph("\u{2067}abc\u{2069} אבג", direction: .auto).baseLevel == 1, "isolates are skipped")
        #expect(BidiParagraph("abc", direction: .rightToLeft).baseLevel == 1)
        #expect(BidiParagraph("abc", direction: .rightToLeft).levels == [2, 2, 2])
        #expect(BidiParagraph("אבג", direction: .leftToRight).baseLevel == 0)
        #expect(BidiParagraph("", direction: .rightToLeft).baseLevel == 1)
        #expect(BidiParagraph("", direction: .auto).levels.isEmpty)
    }

    @Test func eachParagraphHasItsOwnDirection() {
        // Rule P1: "abc\r\nאבג" is two paragraphs (CR LF is one separator).
        let bidi = BidiParagraph("abc\r\nאבג", direction: .auto)
        #expect(bidi.baseLevel == 0)
        #expect(bidi.paragraphLevel(at: 0) == 0)
        #expect(bidi.paragraphLevel(at: 4) == 0, "LF belongs to the first paragraph")
        #expect(bidi.paragraphLevel(at: 5) == 1)
        #expect(bidi.levels == [0, 0, 0, 0, 0, 1, 1, 1])
        #expect(bidi.visualOrder(of: 5..<8) == [7, 6, 5])
    }

    @Test func pureLTRFastPath() {
        #expect(BidiParagraph("Hello, world", direction: .auto).isPureLTR)
        #expect(BidiParagraph("ภาษาไทย 日本語 Ελληνικά", direction: .auto).isPureLTR, "no RTL class above U+0590")
        #expect(!BidiParagraph("Hello, world", direction: .rightToLeft).isPureLTR)
        #expect(!BidiParagraph("a\u{202B}b\u{202C}", direction: .auto).isPureLTR, "an embedding raises levels")
        let ltr = BidiParagraph("Hello", direction: .auto)
        #expect(ltr.levels == [0, 0, 0, 0, 0])
        #expect(ltr.visualRuns(in: 1..<4) == [BidiRun(range: 1..<4, level: 0)])
        #expect(ltr.visualRuns(in: 3..<99) == [BidiRun(range: 3..<5, level: 0)], "ranges are clamped")
        #expect(ltr.visualRuns(in: 2..<2).isEmpty)
    }

    @Test func offsetsAreScalarOffsets() {
        // 𐤀 (Phoenician, U+10900, outside the BMP) is one scalar.
        let bidi = BidiParagraph("a 𐤀𐤁 b", direction: .leftToRight)
        #expect(bidi.levels == [0, 0, 1, 1, 0, 0])
        #expect(bidi.visualOrder(of: 0..<6) == [0, 1, 3, 2, 4, 5])
    }
}
