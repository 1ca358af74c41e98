import Foundation
import Testing
@testable import Typography

/// `CommonLineBreaks` answers line breaking for text made of the common classes without ICU. Its
/// answers must be ICU's: checked against ICU's iterator on every sequence of up to four of the
/// classes' representatives, on the benchmark corpus in each tag's own locale, and (through
/// `TextSegmentation.lineBreaks`) against LineBreakTest.txt in SegmentationConformanceTests.
@Suite struct CommonLineBreakTests {
    /// One or two scalars of each class the fast path handles (Line_Break from LineBreak.txt 15.0):
    /// AL a & ʻ(U+02BB), AI § (U+00A7), XX U+0378 (unassigned), HL א, ID 中 あ, NU 1 ٣, SP, CM U+0301
    /// U+093F and the control U+0001, HY -, IS . ,, H2 가, H3 각, JL U+1100, JV U+1161, JT U+11A8;
    /// and two it leaves to ICU: BA (U+00AD soft hyphen) and OP "(".
    static let representatives: [Unicode.Scalar] = [
        "a", "&", "\u{2BB}", "\u{A7}", "\u{378}", "א", "中", "あ", "1", "٣", " ", "\u{301}", "\u{93F}", "\u{1}", "-", ".",
        ",", "가", "각", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AD}", "(",
    ]

    /// Compares the fast path with ICU on `text` in `locale`; returns whether the fast path answered.
    @discardableResult
    static func check(_ text: String, locale: String?, failures: inout [String]) -> Bool {
        let scalars = text.unicodeScalars.map(\.value)
        guard let common = scalars.withUnsafeBufferPointer(CommonLineBreaks.opportunities) else { return false }
        let icu = TextSegmentation.icuLineBreaks(text, locale: locale)
        if common != icu {
            let hex = scalars.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            failures.append("\(hex) [\(locale ?? "root")]: fast \(common.map(\.description)), ICU \(icu.map(\.description))")
        }
        return true
    }

    @Test func everySequenceOfUpToFourMatchesICU() {
        let r = Self.representatives
        var failures: [String] = [], handled = 0, total = 0
        func visit(_ prefix: String, depth: Int) {
            for scalar in r {
                let text = prefix + String(scalar)
                total += 1
                if Self.check(text, locale: nil, failures: &failures) { handled += 1 }
                if depth > 1 { visit(text, depth: depth - 1) }
            }
        }
        visit("", depth: 4)
        #expect(total == 24 + 24 * 24 + 24 * 24 * 24 + 24 * 24 * 24 * 24)
        // Two of 24 are left to ICU, and IS before NU: most sequences still take the fast path.
        #expect(handled > total / 2, "the fast path answered only \(handled) of \(total)")
        #expect(failures.count == 0, "differ from ICU:\n\(failures.prefix(30).joined(separator: "\n"))")
    }

    @Test(arguments: ["en", "de", "fi", "ja", "zh", "zh_Hant", "ko", "he", "ar", "hi", "th", "ja-JP"])
    func sequencesOfThreeMatchICUInLocale(_ locale: String) {
        #expect(CommonLineBreaks.handles(locale: locale))
        let r = Self.representatives
        var failures: [String] = [], handled = 0
        for a in r {
            for b in r {
                for c in r where Self.check(String(a) + String(b) + String(c), locale: locale, failures: &failures) { handled += 1 }
            }
        }
        #expect(handled > 24 * 24 * 24 / 2)
        #expect(failures.count == 0, "differ from ICU:\n\(failures.prefix(30).joined(separator: "\n"))")
    }

    @Test func localeKeywordsGoToICU() {
        #expect(!CommonLineBreaks.handles(locale: "ja@lb=strict"))
        #expect(!CommonLineBreaks.handles(locale: "ja-JP-u-lb-loose"))
        #expect(!CommonLineBreaks.handles(locale: "ja@lw=phrase"))
        #expect(CommonLineBreaks.handles(locale: nil) && CommonLineBreaks.handles(locale: ""))
    }

    /// The 1,995 benchmark tags (35 locales, ~20 scripts) in their own locale.
    @Test func benchmarkTagsMatchICU() throws {
        let path = Fixtures.repository.appendingPathComponent("Benchmarks/Corpus/tags.tsv").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        var failures: [String] = [], handled = 0
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { continue }
            if Self.check(String(fields[1]), locale: String(fields[0]), failures: &failures) { handled += 1 }
        }
        #expect(lines.count == 1_995)
        // Thai, Lao, Khmer and Burmese (dictionary breaking, 228 tags) and tags with brackets,
        // kana length marks, zero-width spaces or joiners go to ICU; the rest do not.
        #expect(handled >= 1_650, "the fast path answered only \(handled) tags")
        #expect(failures.count == 0, "differ from ICU:\n\(failures.prefix(30).joined(separator: "\n"))")
    }

    /// Hand-checked answers, from UAX #14's rules as cited.
    @Test func readableCases() {
        func breaks(_ text: String) -> [String]? {
            let scalars = text.unicodeScalars.map(\.value)
            return scalars.withUnsafeBufferPointer(CommonLineBreaks.opportunities)?.map(\.description)
        }
        #expect(breaks("Guinea-Bissau") == ["7", "13!"])        // × HY (LB21), HY ÷ AL (LB31)
        #expect(breaks("Congo - Kinshasa") == ["6", "8", "16!"]) // SP ÷ HY (LB18 before LB21); HY × SP (LB7)
        #expect(breaks("-abc") == ["4!"])                        // ICU's word-initial hyphen (Unicode 15.1 LB20a)
        #expect(breaks("a-1") == ["3!"])                         // HY × NU (LB25)
        #expect(breaks("St. Kitts") == ["4", "9!"])              // × IS (LB13), SP ÷ (LB18)
        #expect(breaks("中国 abc") == ["1", "3", "6!"])          // ID ÷ ID (LB31), SP ÷ (LB18)
        #expect(breaks("대한민국") == ["1", "2", "3", "4!"])      // H2/H3 ÷ H2 (LB26 keeps only jamo sequences)
        #expect(breaks("e\u{301}x") == ["3!"])                   // X CM* is X (LB9)
        #expect(breaks(" \u{301}x") == ["1", "3!"])              // CM after SP is AL (LB10), SP ÷ (LB18)
        #expect(breaks("") == [])
        #expect(breaks("a.5") == nil, "IS before NU: ICU's number rules")
        #expect(breaks("(a)") == nil && breaks("soft\u{AD}hyphen") == nil && breaks("a\nb") == nil)
    }
}
