import Foundation
import Testing
@testable import Typography

/// A locale made canonical answers as the locale as written did: ICU breaks lines as it did for
/// the full tag, and HarfBuzz shapes as it does for the full tag (issue 46: the canonical form
/// keeps what ICU and HarfBuzz read, and drops only what they fall back past).
@Suite("A canonical locale breaks and shapes as the locale as written")
struct CanonicalLocaleAnswerTests {
    /// One line of `Fixtures/locale-breaks.tsv`: ICU 72's own line breaks for a locale as written
    /// (recorded by `record-locale-breaks.py` through ctypes, without TextFit).
    struct BreakCase: CustomTestStringConvertible, Sendable {
        let locale: String, text: String, offsets: [Int]
        var testDescription: String { "\(locale.isEmpty ? "root" : locale) \(text.prefix(12))" }

        static func load() throws -> [BreakCase] {
            let url = Fixtures.repository.appendingPathComponent("Tests/TypographyTests/Fixtures/locale-breaks.tsv")
            return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard columns.count == 3,
                      let text = try JSONSerialization.jsonObject(with: Data(columns[1].utf8), options: .fragmentsAllowed) as? String
                else { throw FixtureError(line: String(line)) }
                return BreakCase(locale: columns[0], text: text, offsets: columns[2].split(separator: ",").compactMap { Int($0) })
            }
        }

        struct FixtureError: Error { let line: String }
    }

    static let breakCases = (try? BreakCase.load()) ?? []

    @Test("The fixture has 35 locales × 6 texts, and lb, lw and the locale change its breaks")
    func fixtureDiscriminates() throws {
        let cases = try BreakCase.load()
        #expect(cases.count == 210)
        func offsets(_ locale: String, _ prefix: String) -> [Int]? {
            cases.first { $0.locale == locale && $0.text.hasPrefix(prefix) }?.offsets
        }
        // Strict and loose Japanese differ (small kana, iteration marks), phrase breaking differs,
        // and Thai breaks between dictionary words.
        #expect(offsets("ja-JP-u-lb-strict", "あぁ") != offsets("ja-JP-u-lb-loose", "あぁ"))
        #expect(offsets("ja-u-lw-phrase", "ありがとう") != offsets("ja", "ありがとう"))
        #expect((offsets("th", "การ")?.count ?? 0) > 3)
    }

    @Test("Line breaks for the locale as written are ICU's for it", arguments: breakCases)
    func breaksAsWritten(_ example: BreakCase) {
        let breaks = TextSegmentation.lineBreaks(example.text, locale: example.locale.isEmpty ? nil : example.locale)
        let canonical = CanonicalLocale(example.locale)
        #expect(breaks.map(\.offset) == example.offsets, "measured as \(canonical.tag ?? "root")")
    }

    // MARK: - HarfBuzz

    /// Texts whose glyphs a bundled font's `locl` feature changes for some language, with the
    /// locales tried: Catalan l·l (one glyph, `ldot`), Urdu digits, Nepali and Marathi forms.
    static let shapingCases: [(font: String, family: String, text: String, locales: [String])] = [
        ("NotoSans-Regular.ttf", "Noto Sans", "Col·legi", ["ca", "ca-ES", "ca-XX", "ca-ES-valencia", "ca-u-lb-strict", "ca-x-foo", "en"]),
        ("NotoSansArabic-Regular.ttf", "Noto Sans Arabic", "۴۶۷", ["ur", "ur-PK", "ur-XX", "ur-u-nu-latn", "ar", "en"]),
        ("NotoSansDevanagari-Regular.ttf", "Noto Sans Devanagari", "झण५८ल्ल",
         ["ne", "ne-NP", "ne-x-foo", "ne-Deva-XX", "mr", "mr-XX", "mr-IN-u-ca-indian", "hi", "hi-X1234"]),
    ]

    @Test("Widths and glyph counts with the locale as written are hb-shape's with --language= that locale")
    func shapesAsWritten() throws {
        guard let hbShape = Fixtures.which("hb-shape") else {
            Issue.record("hb-shape is not installed (make setup installs libharfbuzz-bin)")
            return
        }
        let shaper = try Fixtures.shaper()
        var advances: [String: Set<Int>] = [:]
        for (font, family, text, locales) in Self.shapingCases {
            for locale in locales {
                let output = try Fixtures.run(hbShape, ["--font-funcs=ot", "--output-format=json", "--no-glyph-names", "--language=\(locale)",
                                                        "\(Fixtures.fonts)/\(font)", text])
                let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
                let advance = glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }
                advances[font, default: []].insert(advance)
                let line = try shaper.measure(text, attributes: Fixtures.attributes(size: 20, family: family, locale: locale))
                let expected = Double(advance) * 20 / Double(line.font.face.metrics.unitsPerEm)
                #expect(abs(line.width - expected) < 1e-6, "\(locale) (as \(CanonicalLocale(locale).tag ?? "root")): \(line.width) vs \(expected)")
                #expect(line.runs.reduce(0) { $0 + $1.glyphCount } == glyphs.count, "\(locale)")
            }
        }
        // Each text shapes differently in some of its languages: the check can fail.
        for (font, seen) in advances { #expect(seen.count > 1, "\(font): one width for every language") }
    }
}
