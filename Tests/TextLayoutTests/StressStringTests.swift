import Testing
@testable import TextLayout
import Typography

/// Strings copied from ../shared/data/stress_strings.json (written for this project from Unicode
/// facts): each breaks a naive engine.
@Suite("Stress strings wrap as Unicode says")
struct StressStringTests {
    @Test("Thai without spaces breaks between dictionary words, never inside one")
    func thai() throws {
        let text = "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ ส่วนประโยคจะเว้นวรรค"  // thai-nospace
        let paragraph = try Fixtures.paragraph(text)
        let lines = Fixtures.lineTexts(paragraph.layout(width: 100), text)
        #expect(lines.count > 2)
        // Every line starts at one of ICU's dictionary word boundaries (ภาษา|ไทย|ไม่|มี|การ|เว้น|วรรค|ระหว่าง|คำ …).
        let words = ["ภาษา", "ไทย", "ไม่", "มี", "การ", "เว้น", "วรรค", "ระหว่าง", "คำ", "ส่วน", "ประโยค", "จะ"]
        for line in lines { #expect(words.contains { line.hasPrefix($0) }, "line starts mid-word: \(line)") }
        #expect(lines.joined() == text)
    }

    @Test("Kinsoku: no line starts with 。, 、, ！ or 」 at any width the unbreakable pieces fit")
    func kinsoku() throws {
        let text = "「こんにちは、世界。」ですね！次の行へ。"  // cjk-kinsoku
        let paragraph = try Fixtures.paragraph(text, locale: "ja")
        // Narrower than the widest unbreakable piece, grapheme breaks are forced; from there up, none.
        let minimum = paragraph.minimumSize.width
        #expect(minimum >= 2 * 17)  // e.g. "、" stays with the character before it
        for width in stride(from: minimum, through: 200, by: 4.25) {
            let lines = Fixtures.lineTexts(paragraph.layout(width: width), text)
            for line in lines {
                #expect(!line.hasPrefix("。") && !line.hasPrefix("」") && !line.hasPrefix("、") && !line.hasPrefix("！"),
                        "width \(width): \(lines)")
            }
        }
    }

    @Test("The 63-letter compound breaks between graphemes only when it must")
    func germanCompound() throws {
        let text = "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz"  // german-compound
        let paragraph = try Fixtures.paragraph(text)
        let ideal = paragraph.idealSize.width
        #expect(paragraph.layout(width: ideal).lineCount == 1)
        #expect(paragraph.layout(width: ideal + 50).lineCount == 1)
        let narrow = paragraph.layout(width: 150)
        #expect(narrow.lineCount > 1)
        // Each line but the last is as long as it can be: one more grapheme would not fit.
        for line in narrow.lines.dropLast() {
            #expect(line.width <= 150 + 1e-9)
            #expect(paragraph.content.lineWidth(line.range.lowerBound, line.range.upperBound + 1) > 150)
        }
        #expect(paragraph.minimumSize.reason == .word)
        #expect(abs(paragraph.minimumSize.width - ideal) < 1e-9)
        // `.word` wrapping lets it overflow instead.
        let word = try Fixtures.paragraph(text, style: ParagraphStyle(wrap: .word)).layout(width: 150)
        #expect(word.lineCount == 1)
        #expect(abs(word.size.width - ideal) < 1e-9)
    }

    @Test("A ZWJ family never splits, even at width 0")
    func zwjFamily() throws {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"  // emoji-zwj-family, 7 scalars
        let layout = try Fixtures.paragraph(family + family).layout(width: 0)
        #expect(layout.lines.map(\.range) == [0..<7, 7..<14])
    }

    @Test("A soft hyphen is an opportunity that shows a hyphen when taken, and nothing otherwise")
    func softHyphen() throws {
        let text = "Ver\u{AD}sicherungs\u{AD}gesellschaft"  // soft-hyphen
        let paragraph = try Fixtures.paragraph(text)
        let ideal = paragraph.layout(width: nil)
        #expect(ideal.lineCount == 1 && !ideal.lines[0].isHyphenated)
        let wrapped = paragraph.layout(width: 120)
        let texts = Fixtures.lineTexts(wrapped, text)
        #expect(texts.first == "Ver\u{AD}sicherungs\u{AD}")
        #expect(wrapped.lines[0].isHyphenated)
        // The line shows a hyphen glyph: its width is the text's plus hyphen-minus (hb-shape: 322 units
        // in Noto Sans Regular, i.e. 5.474 pt at 17 pt).
        let withoutHyphen = paragraph.prefix[wrapped.lines[0].range.upperBound]
        #expect(abs(wrapped.lines[0].width - withoutHyphen - 5.474) < 1e-9)
        #expect(wrapped.lines[0].runs.last?.clusters == [-1])
    }

    @Test("NBSP and narrow NBSP never break")
    func nbsp() throws {
        let text = "Prix\u{A0}: 100\u{A0}€ — Bonjour\u{202F}! 10\u{A0}km"  // nbsp
        let paragraph = try Fixtures.paragraph(text)
        let minimum = paragraph.minimumSize
        #expect(minimum.reason == .nonBreakingJoiner)
        for width in [minimum.width, 60, 90, 120] {
            for line in Fixtures.lineTexts(paragraph.layout(width: width), text) {
                #expect(!line.hasPrefix("\u{A0}") && !line.hasPrefix("\u{202F}") && !line.hasPrefix(":") && !line.hasPrefix("€")
                        && !line.hasPrefix("!") && !line.hasPrefix("km"), "width \(width): \(line)")
            }
        }
    }

    @Test("CRLF is one break; U+2028 and U+2029 break too")
    func hardBreaks() throws {
        let text = "Line one\r\nLine two\u{2028}Line three\u{2029}Para two"  // crlf
        let layout = try Fixtures.paragraph(text).layout(width: nil)
        #expect(Fixtures.lineTexts(layout, text) == ["Line one\r\n", "Line two\u{2028}", "Line three\u{2029}", "Para two"])
    }

    @Test("A URL breaks only after its slashes (UAX #14); its widest piece is named as a URL")
    func url() throws {
        let text = "see https://www.example.com/very/long/path"
        let paragraph = try Fixtures.paragraph(text)
        let minimum = paragraph.minimumSize
        #expect(minimum.reason == .url)
        #expect(minimum.segment == "www.example.com/")
        let lines = Fixtures.lineTexts(paragraph.layout(width: minimum.width), text)
        #expect(lines == ["see https://", "www.example.com/", "very/long/path"])
        // Without "www.", the widest piece has no sign of an address of its own: the word around it has.
        let bare = try Fixtures.paragraph("Visit https://developer.apple.com/documentation/swiftui").minimumSize
        #expect(bare.segment == "developer.apple.com/")
        #expect(bare.reason == .url)
        // The three signs of an address, each alone; a plain word is none of them.
        #expect(LineBreaker.reason(Array("ftp://x".unicodeScalars)) == .url)
        #expect(LineBreaker.reason(Array("WWW.example".unicodeScalars)) == .url)
        #expect(LineBreaker.reason(Array("name@example.org".unicodeScalars)) == .url)
        #expect(LineBreaker.reason(Array("www-example".unicodeScalars)) == .unbreakableSequence)  // "-" is not a letter
        #expect(LineBreaker.reason(Array("Rindfleisch".unicodeScalars)) == .word)
        // Beyond ASCII, by Unicode 15.0's properties (DerivedCoreProperties.txt, DerivedGeneralCategory.txt):
        // letters are Alphabetic (Lo, Ll, Lu, ideographs), virama and vowel signs are Mn/Mc, and
        // a soft hyphen or a combining accent keeps a word a word; digits and symbols do not.
        for word in ["Zürich", "Привет", "नमस्ते", "東京", "über\u{AD}all", "cafe\u{301}", "ค่า"] {
            #expect(LineBreaker.reason(Array(word.unicodeScalars)) == .word, "\(word)")
        }
        for sequence in ["2024", "€100", "東京2"] {
            #expect(LineBreaker.reason(Array(sequence.unicodeScalars)) == .unbreakableSequence, "\(sequence)")
        }
    }
}
