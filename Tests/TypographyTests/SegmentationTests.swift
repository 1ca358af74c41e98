import Foundation
import Testing
import Typography

/// Readable segmentation cases: what a user of each script expects, with scalar offsets.
@Suite struct SegmentationTests {
    /// Found by fuzzing (Fuzz/crashes/bidi/dictionary-break-mandatory): ICU marked every dictionary
    /// word break of Thai text before a line feed as mandatory. "สวัสดีครับ" is 10 scalars; by
    /// UAX #14 the only mandatory breaks are after the LF (offset 11) and at the end (14).
    @Test func dictionaryBreaksBeforeALineFeedAreNotMandatory() {
        let breaks = TextSegmentation.lineBreaks("สวัสดีครับ\nabc", locale: "th")
        #expect(breaks.filter(\.isMandatory).map(\.offset) == [11, 14])
        #expect(breaks.contains { !$0.isMandatory && $0.offset > 0 && $0.offset < 10 })  // a word break inside the Thai
    }

    /// Offsets of the opportunities, "!" marking mandatory ones (the end is always mandatory).
    func breaks(_ text: String, locale: String? = nil) -> [String] {
        TextSegmentation.lineBreaks(text, locale: locale).map { "\($0.offset)\($0.isMandatory ? "!" : "")" }
    }

    @Test func thaiBreaksBetweenDictionaryWords() {
        // ภาษา | ไทย | ง่าย ("Thai language is easy"): no spaces, ICU's Thai dictionary finds the words.
        #expect(breaks("ภาษาไทยง่าย", locale: "th") == ["4", "7", "11!"])
        #expect(breaks("ภาษาไทยง่าย") == ["4", "7", "11!"], "the dictionary does not need the locale")
    }

    @Test func japaneseKinsoku() {
        // Ideographs break between characters, but never before 。 or 」, nor after 「.
        #expect(breaks("日本語。") == ["1", "2", "4!"])
        #expect(breaks("「日本」です") == ["2", "4", "5", "6!"])
    }

    @Test func localeKeywordsReachICU() {
        // Small kana (class CJ) may start a line under lb=loose, not under lb=strict.
        #expect(breaks("キャット", locale: "ja@lb=strict") == ["3", "4!"])
        #expect(breaks("キャット", locale: "ja@lb=loose") == ["1", "2", "3", "4!"])
        #expect(breaks("キャット", locale: "ja-JP-u-lb-loose") == ["1", "2", "3", "4!"], "BCP 47 tags are converted")
        #expect(breaks("キャット", locale: "not a locale!") == breaks("キャット", locale: nil))
        // ICU 72's phrase mode keeps phrases together: 今日は|いい|天気です, as ICU's own iterator
        // breaks it (`ubrk_open(UBRK_LINE, "ja@lw=phrase")`). A clone of that iterator broke it as
        // dictionary words, 今日|は|いい|天気|です, which this test expected until the pool stopped
        // cloning phrase iterators (CanonicalLocaleAnswerTests compares every case with ICU's own).
        #expect(breaks("今日はいい天気です", locale: "ja@lw=phrase") == ["3", "5", "9!"])
        #expect(breaks("今日はいい天気です", locale: "ja").count == 9, "by default every ideograph and kana may break")
    }

    @Test func crlfIsOneMandatoryBreak() {
        let result = TextSegmentation.lineBreaks("a\r\nb", locale: nil)
        #expect(result == [LineBreakOpportunity(offset: 3, isMandatory: true), LineBreakOpportunity(offset: 4, isMandatory: true)])
    }

    @Test(arguments: ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"])
    func mandatoryBreakCharacters(separator: String) {
        #expect(breaks("a\(separator)b") == ["2!", "3!"])
    }

    @Test func softHyphenIsAFlaggedOpportunity() {
        let result = TextSegmentation.lineBreaks("Rind\u{AD}fleisch", locale: "de")
        #expect(result == [LineBreakOpportunity(offset: 5, isMandatory: false, afterSoftHyphen: true),
                           LineBreakOpportunity(offset: 12, isMandatory: true)])
    }

    @Test func noBreakSpacesJoinersAndZeroWidthSpace() {
        #expect(breaks("100\u{A0}km") == ["6!"], "NBSP")
        #expect(breaks("100\u{202F}km") == ["6!"], "narrow NBSP")
        #expect(breaks("ab\u{2060}cd") == ["5!"], "word joiner")
        #expect(breaks("ab\u{200B}cd") == ["3", "5!"], "ZWSP is an opportunity after itself")
        #expect(breaks("to be") == ["3", "5!"], "a space hangs: the break is after it")
    }

    @Test func offsetsAreScalarOffsets() {
        // 😀 is two UTF-16 units but one scalar; the family emoji is 5 scalars and one cluster.
        #expect(breaks("😀 a") == ["2", "3!"])
        #expect(TextSegmentation.graphemeBoundaries("👩‍👩‍👧 x") == [0, 5, 6, 7])
        #expect(TextSegmentation.graphemeBoundaries("e\u{301}\r\n") == [0, 2, 4])
        // Text the fast path takes (no mark, no emoji, no jamo): a break between any two scalars
        // but CR LF (GB3), before and after other controls (GB4, GB5).
        #expect(TextSegmentation.graphemeBoundaries("a\r\nb\tc") == [0, 1, 3, 4, 5, 6])
        #expect(TextSegmentation.graphemeBoundaries("\n\r") == [0, 1, 2])
    }

    @Test func emptyText() {
        #expect(TextSegmentation.graphemeBoundaries("") == [0])
        #expect(TextSegmentation.lineBreaks("", locale: "th").isEmpty)
    }

    @Test func safeFromManyThreads() async {
        let texts = ["ภาษาไทยง่าย", "日本語。", "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz ist lang",
                     "ລາວ ພາສາລາວ", "မြန်မာဘာသာ", "ភាសាខ្មែរ"]
        let locales: [String?] = [nil, "ja@lb=strict", "de", "lo", "my", "km"]
        let expected = zip(texts, locales).map { TextSegmentation.lineBreaks($0, locale: $1) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<32 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<50 {
                        let i = (task + round) % texts.count
                        if TextSegmentation.lineBreaks(texts[i], locale: locales[i]) != expected[i] { mismatches += 1 }
                        if TextSegmentation.graphemeBoundaries(texts[i]).last != texts[i].unicodeScalars.count { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
