import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress
import Typography
import TestSupport

// Realistic samples (issue 28): plural variants get a count their category selects in the entry's
// locale, numbers are written in the locale's digits and grouping, and rules files set samples.
// Expected values come from CLDR 41's data files (Debian unicode-cldr-core, /usr/share/unicode/cldr/
// common: supplemental/plurals.xml, supplemental/numberingSystems.xml, main/<locale>.xml), read by the
// tests or written out by hand with the rule or symbol they follow quoted.

/// The whole number written in `text` in any decimal digits (Latin, Arabic-Indic, Devanagari…),
/// separators dropped; nil when it has no digit.
func number(in text: String) -> Int? {
    let digits = text.compactMap { $0.wholeNumberValue.map(String.init) }.joined()
    return digits.isEmpty ? nil : Int(digits)
}

@Suite("Realistic samples: plural counts, locale digits, rules")
struct SampleTests {
    let standard = PlaceholderSamples.standard

    // MARK: - Variant paths

    @Test func variantPluralsAreParsed() {
        #expect(VariantPlural.parse("plural.one") == [VariantPlural(name: nil, category: .one)])
        #expect(VariantPlural.parse("substitution.count.plural.few") == [VariantPlural(name: "count", category: .few)])
        #expect(VariantPlural.parse("device.iphone/plural.other") == [VariantPlural(name: nil, category: .other)])
        #expect(VariantPlural.parse("device.mac/substitution.count.plural.one/substitution.files.plural.other")
                == [VariantPlural(name: "count", category: .one), VariantPlural(name: "files", category: .other)])
        // gettext's indices are not categories; devices and widths have none.
        #expect(VariantPlural.parse("plural.0").isEmpty)
        #expect(VariantPlural.parse("device.ipad").isEmpty)
        #expect(VariantPlural.parse("width.50").isEmpty)
        #expect(VariantPlural.parse("").isEmpty)
    }

    // MARK: - Plural counts

    /// Locales across CLDR's plural systems (not he and mt, whose rules changed between CLDR 41, the
    /// files read here, and CLDR 42, which ICU 72 carries).
    static let pluralLocales = ["en", "de", "fr", "es", "pt", "ru", "uk", "pl", "cs", "ar", "cy", "lv", "ga", "lt",
                                "ro", "sl", "be", "ja", "zh", "tr", "hi"]

    /// For every locale and every category plurals.xml gives integer samples for, the count put into a
    /// `plural.<category>` variant selects that category in that locale (ICU's select, and — where
    /// the chosen number is among CLDR's listed samples or is at most the largest one listed — the
    /// category CLDR lists it under).
    @Test(arguments: pluralLocales)
    func pluralVariantCountSelectsItsCategory(locale: String) throws {
        let cldr = try #require(try CLDRData.pluralRules()[locale]?.mapValues(\.integers))
        let rules = LocaleNumbers.forLocale(locale)
        for (name, samples) in cldr where !samples.isEmpty {
            for target in [8_888_888.0, 25, 3] {
                var samplesWithTarget = standard
                samplesWithTarget.numbers["%d"] = target
                let text = samplesWithTarget.substitute("%d x", locale: locale, variant: "plural.\(name)")
                let count = try #require(number(in: text), "\(locale) plural.\(name): \(text)")
                #expect(rules.pluralCategory(of: count).rawValue == name, "\(locale) plural.\(name) ≤ \(target): \(text)")
                for (other, otherSamples) in cldr where other != name {
                    #expect(!otherSamples.contains(count), "\(locale): \(count) is a CLDR sample of \(other), not \(name)")
                }
            }
        }
    }

    /// By hand from plurals.xml's rules (quoted), with the standard target 8,888,888 and small targets.
    @Test func handListedCounts() {
        func count(_ locale: String, _ variant: String, target: Double? = nil, text: String = "%d") -> String {
            var samples = standard
            if let target { samples.numbers["%d"] = target }
            return samples.substitute(text, locale: locale, variant: variant)
        }
        // en one: "i = 1 and v = 0 @integer 1".
        #expect(count("en", "plural.one", text: "%d file") == "1 file")
        #expect(count("en", "plural.other", text: "%d files") == "8,888,888 files")
        // ru one: "v = 0 and i % 10 = 1 and i % 100 != 11 @integer 1, 21, 31…" (groups: U+00A0, ru.xml).
        #expect(count("ru", "plural.one", target: 25) == "21")
        #expect(count("ru", "plural.one") == "8\u{A0}888\u{A0}881")
        // ru few: "i % 10 = 2..4 and i % 100 != 12..14"; many: "i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14".
        #expect(count("ru", "plural.few") == "8\u{A0}888\u{A0}884")
        #expect(count("ru", "plural.few", target: 25) == "24")
        #expect(count("ru", "plural.many", target: 5) == "5")
        #expect(count("ru", "plural.many", target: 13) == "13")
        #expect(count("ru", "plural.many") == "8\u{A0}888\u{A0}888")
        // ru other: decimals only ("@decimal 0.0~1.5…"): no whole number selects it; the target is kept.
        #expect(count("ru", "plural.other") == "8\u{A0}888\u{A0}888")
        // pl few: "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4…".
        #expect(count("pl", "plural.few", target: 2) == "2")
        #expect(count("pl", "plural.few", target: 11) == "4")
        // pl one: "i = 1 and v = 0"; many: "v = 0 and i != 1 and i % 10 = 0..1 or …".
        #expect(count("pl", "plural.one") == "1")
        #expect(count("pl", "plural.many", target: 11) == "11")
        // ar (ar.xml: defaultNumberingSystem arab; digits ٠١٢٣٤٥٦٧٨٩; group ٬): zero "n = 0", two "n = 2",
        // few "n % 100 = 3..10", many "n % 100 = 11..99".
        #expect(count("ar", "plural.zero") == "٠")
        #expect(count("ar", "plural.two") == "٢")
        #expect(count("ar", "plural.few") == "٨٬٨٨٨٬٨١٠")
        #expect(count("ar", "plural.many", target: 25) == "٢٥")
        // fr many: "e = 0 and i != 0 and i % 1000000 = 0 and v = 0" (groups: U+202F, fr.xml).
        #expect(count("fr", "plural.many") == "8\u{202F}000\u{202F}000")
        #expect(count("fr", "plural.one") == "1")
        // ja: other only: a `one` variant (a catalog may have it) keeps the target.
        #expect(count("ja", "plural.one") == "8,888,888")
        // Device variants around the plural, String Catalog style.
        #expect(count("ru", "device.iphone/plural.one", target: 25) == "21")
        // gettext indices are not categories: the plain sample.
        #expect(count("ru", "plural.0") == "8\u{A0}888\u{A0}888")
    }

    @Test func severalPluralsTakeTheirArgumentsInOrder() {
        // ru: files one (…1), folders few (…4); argument order, whatever the text order.
        let variant = "substitution.files.plural.one/substitution.folders.plural.few"
        #expect(standard.substitute("%1$d файл в %2$d папках", locale: "ru", variant: variant)
                == "8\u{A0}888\u{A0}881 файл в 8\u{A0}888\u{A0}884 папках")
        #expect(standard.substitute("в %2$d папках %1$d файл", locale: "ru", variant: variant)
                == "в 8\u{A0}888\u{A0}884 папках 8\u{A0}888\u{A0}881 файл")
        // The same argument twice gets the same count.
        #expect(standard.substitute("%1$d, %1$d", locale: "en", variant: "plural.one") == "1, 1")
        // A named placeholder takes its substitution's category: `{count}` is the count of `count`.
        #expect(standard.substitute("{count} photo of {album}", locale: "en", variant: "substitution.count.plural.one")
                == "1 photo of Maximilian Mustermann-Schmidt")
        #expect(standard.substitute("%(count)d files", locale: "pl", variant: "substitution.count.plural.few")
                == "8\u{A0}888\u{A0}884 files")
        // A named argument is one of its own, apart from the numbered ones (ru few …4, one …1).
        #expect(standard.substitute("%1$d файл, %(count)d фото", locale: "ru",
                                    variant: "substitution.count.plural.few/substitution.files.plural.one")
                == "8\u{A0}888\u{A0}881 файл, 8\u{A0}888\u{A0}884 фото")
        // Floats are not counts: `%.1f` keeps its sample in a plural variant.
        #expect(standard.substitute("%.1f km, %d stops", locale: "en", variant: "plural.one") == "88,888.9 km, 1 stops")
        // A text sample is written as given, even as the count.
        var text = standard
        text.names["%d"] = "many"
        #expect(text.substitute("%d files", locale: "en", variant: "plural.one") == "many files")
    }

    // MARK: - Locale digits and grouping

    /// Hand-written from the CLDR 41 files named.
    @Test func numbersInTheLocalesDigitsAndGrouping() {
        func sample(_ text: String, _ locale: String) -> String { standard.substitute(text, locale: locale) }
        // en (root latn symbols): "," groups, "." decimals.
        #expect(sample("%d", "en") == "8,888,888")
        #expect(sample("%.2f", "en") == "88,888.88")
        // de.xml: <decimal>,</decimal> <group>.</group>.
        #expect(sample("%lld Dateien", "de") == "8.888.888 Dateien")
        #expect(sample("%.2f €", "de") == "88.888,88 €")
        // fr.xml: <group> is U+202F NARROW NO-BREAK SPACE; <decimal>,</decimal>.
        #expect(sample("%d fichiers", "fr") == "8\u{202F}888\u{202F}888 fichiers")
        #expect(sample("%f", "fr") == "88\u{202F}888,88")
        // ar-EG: ar_EG.xml defaultNumberingSystem arab; numberingSystems.xml arab digits ٠١٢٣٤٥٦٧٨٩;
        // ar.xml arab symbols: <group>٬</group> (U+066C) <decimal>٫</decimal> (U+066B).
        #expect(sample("%d", "ar-EG") == "٨٬٨٨٨٬٨٨٨")
        #expect(sample("%.2f", "ar-EG") == "٨٨٬٨٨٨٫٨٨")
        // ar-MA: ar_MA.xml defaultNumberingSystem latn, latn symbols <decimal>,</decimal> <group>.</group>.
        #expect(sample("%d", "ar-MA") == "8.888.888")
        // fa: fa.xml defaultNumberingSystem arabext (digits ۰۱۲۳۴۵۶۷۸۹), <group>٬</group>.
        #expect(sample("%d", "fa") == "۸٬۸۸۸٬۸۸۸")
        // mr: mr.xml defaultNumberingSystem deva (digits ०१२३४५६७८९), pattern #,##,##0.###.
        #expect(sample("%d", "mr") == "८८,८८,८८८")
        // Precision: %.1f rounds 88888.88 to one decimal, %.0f to none (half-even: 88889).
        #expect(sample("%.1f", "de") == "88.888,9")
        #expect(sample("%.0f", "en") == "88,889")
        // Pseudo-locales write numbers as English does.
        #expect(sample("%d", "pseudo-xa") == "8,888,888")
        // Objects, characters and pointers are not numbers.
        #expect(sample("%@ %c %p", "ar-EG") == "Maximilian Mustermann-Schmidt W 0x7FF888888888")
        // The locale-free substitution is the documented table, unchanged.
        #expect(standard.substitute("%d, %.2f") == "8,888,888, 88,888.88")
    }

    @Test func textSamplesStayAsWritten() {
        // `placeholders.integer` given as a text is used as written in every locale.
        let custom = PlaceholderSamples(integer: "99", float: "1.5")
        #expect(custom.integerNumber == nil && custom.floatNumber == nil)
        #expect(custom.substitute("%d / %.2f", locale: "ar-EG") == "99 / 1.5")
        #expect(PlaceholderSamples.standard.integerNumber == 8_888_888)
    }

    // MARK: - Samples by token and name

    @Test func samplesByTokenNameAndPositionFreeToken() {
        var samples = standard
        samples.names["%@"] = "Alexandria Ocasio-Cortez"
        samples.numbers["count"] = 12_345
        samples.numbers["%2$@"] = 42
        // `%@` stands for `%1$@` too; an exact token (`%2$@`) wins over it.
        #expect(samples.substitute("%1$@ / %2$@ / %@", locale: "de") == "Alexandria Ocasio-Cortez / 42 / Alexandria Ocasio-Cortez")
        // A `%@` holding a count, given a number, is written in the locale's digits (de: "." groups).
        #expect(samples.substitute("{count} Fotos", locale: "de") == "12.345 Fotos")
        // … and is the count of a plural variant (ru one ≤ 12,345: 12,341; ru.xml groups U+00A0).
        #expect(samples.substitute("%(count)s файл", locale: "ru", variant: "plural.one") == "12\u{A0}341 файл")
        // Decimals given are kept.
        samples.numbers["ratio"] = 2.5
        #expect(samples.substitute("{ratio}×", locale: "de") == "2,5×")
    }

    // MARK: - Rules files

    func rules(_ json: String) throws -> RuleSet { try RuleSet(json: Data(json.utf8), file: "rules.json") }

    @Test func rulesFileSamples() throws {
        let set = try rules(#"""
        {
          "samples": {"%@": "Alexandria Ocasio-Cortez", "count": 8888888, "name": "Zoë"},
          "rules": [
            {"pattern": "photos.*", "width": 100, "samples": {"%@": 25, "count": "several"}},
            {"pattern": "short.*", "width": 100, "placeholders": {"names": {"name": "Al"}}, "samples": {"name": "Bo"}}
          ]
        }
        """#)
        let defaults = Constraint(width: 320)
        let plain = set.constraint(for: "other", defaults: defaults).placeholders
        #expect(plain.substitute("%@ · {name} · {count}", locale: "de") == "Alexandria Ocasio-Cortez · Zoë · 8.888.888")
        // The rule's samples win over the file's, a number replacing a text and a text a number.
        let photos = set.constraint(for: "photos.list", defaults: defaults).placeholders
        #expect(photos.substitute("%@ · {count}", locale: "de") == "25 · several")
        // `%@` with a number is the count: ru one ≤ 25 is 21 (plurals.xml: i % 10 = 1 and i % 100 != 11).
        #expect(photos.substitute("%@ фото", locale: "ru", variant: "plural.one") == "21 фото")
        // `samples` is read after `placeholders` in the same rule.
        #expect(set.constraint(for: "short.x", defaults: defaults).placeholders.substitute("{name}", locale: "en") == "Bo")
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var json: String
        var path: String
        var message: String
        var testDescription: String { path }
    }

    static let badSamples = [
        BadCase(json: #"{"samples": {"count": true}}"#, path: "$.samples.count",
                message: "expected a text (used as written) or a number below 10^15 in magnitude (written in each locale's digits and grouping), found true"),
        BadCase(json: #"{"samples": []}"#, path: "$.samples", message: "expected an object, found an array"),
        BadCase(json: #"{"samples": {"n": 1e20}}"#, path: "$.samples.n",
                message: "expected a text (used as written) or a number below 10^15 in magnitude (written in each locale's digits and grouping), found 1e+20"),
        BadCase(json: #"{"rules": [{"pattern": "a", "samples": {"%1$@": null}}]}"#, path: #"$.rules[0].samples["%1$@"]"#,
                message: "expected a text (used as written) or a number below 10^15 in magnitude (written in each locale's digits and grouping), found null"),
        BadCase(json: #"{"rules": [{"pattern": "a", "samples": {"": "x"}}]}"#, path: #"$.rules[0].samples[""]"#,
                message: "empty placeholder token or name"),
        BadCase(json: #"{"rules": [{"pattern": "a", "samples": "x"}]}"#, path: "$.rules[0].samples",
                message: "expected an object, found a string"),
        BadCase(json: #"{"sample": {}}"#, path: "$.sample",
                message: "unknown field (known fields: platform, rules, placeholders, samples, allow)"),
    ]

    @Test(arguments: badSamples)
    func wrongSamplesAreErrorsNamingTheField(_ bad: BadCase) {
        #expect(throws: RuleSetError(file: "rules.json", path: bad.path, message: bad.message)) { try rules(bad.json) }
    }

    // MARK: - What the sweep measures and reports

    /// The CLI's path: a catalog read from disk, constraints from a rules file, `SampledTexts`, the sweep;
    /// each verdict's `text` is the text measured, with the samples in it.
    @Test func verdictsShowTheSamples() throws {
        let folder = try temporaryCatalog([
            "values/strings.xml": """
                <resources>
                  <plurals name="files"><item quantity="one">%d file</item><item quantity="other">%d files</item></plurals>
                </resources>
                """,
            "values-ru/strings.xml": """
                <resources>
                  <plurals name="files">
                    <item quantity="one">%d файл</item><item quantity="few">%d файла</item>
                    <item quantity="many">%d файлов</item><item quantity="other">%d файла</item>
                  </plurals>
                </resources>
                """,
            "values-ar-rEG/strings.xml": """
                <resources>
                  <plurals name="files"><item quantity="two">%d ملفان</item><item quantity="few">%d ملفات</item></plurals>
                </resources>
                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try CatalogReader.read([folder])
        let set = try rules(#"{"rules": [{"pattern": "files", "width": 2000, "samples": {"%d": 25}}]}"#)
        let constraints = catalog.entries.map { set.constraint(for: $0.key, defaults: Constraint(width: 2000, platform: .android)) }
        let sampled = SampledTexts(catalog.entries, samples: { constraints[$0].placeholders }, maxTextBytes: 1 << 20)
        let verdicts = try StressFixtures.sweep().checkedRun(sampled.kept.map { catalog.entries[$0] },
                                                            containers: sampled.kept.map { constraints[$0].container },
                                                            texts: sampled.texts)
        var texts: [String: String] = [:]
        for verdict in verdicts { texts["\(verdict.locale) \(verdict.variant)"] = verdict.text }
        // Target 25: en one → 1, other → 25; ru one → 21, few → 24, many → 25, other (decimals only) → 25;
        // ar-EG (arab digits) two → ٢, few (n % 100 = 3..10) → ١٠.
        #expect(texts == [
            "en plural.one": "1 file", "en plural.other": "25 files",
            "ru plural.one": "21 файл", "ru plural.few": "24 файла", "ru plural.many": "25 файлов", "ru plural.other": "25 файла",
            "ar-EG plural.two": "٢ ملفان", "ar-EG plural.few": "١٠ ملفات",
        ])
    }
}
