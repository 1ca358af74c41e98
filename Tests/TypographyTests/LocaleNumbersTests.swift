import Foundation
import Testing
@testable import Typography
import TestSupport

// LocaleNumbers against CLDR's own data files (Debian's unicode-cldr-core, CLDR 41; ICU 72 carries
// CLDR 42): the plural rules and their samples in common/supplemental/plurals.xml, the numbering
// systems' digits in common/supplemental/numberingSystems.xml, and each locale's
// defaultNumberingSystem, symbols and decimal pattern in common/main/<locale>.xml. Expected values
// are read from those files or worked out by hand from the rules quoted beside them.

@Suite struct LocaleNumbersTests {
    /// Locales across CLDR's plural systems: only `other` (ja, zh, ko), one/other (en, de), fr's
    /// one/many/other, East Slavic and Polish one/few/many, Czech, Arabic's six, Welsh, Latvian's zero,
    /// Irish, Lithuanian, Romanian, Slovenian. Not he and mt, whose rules changed in CLDR 42, which ICU 72
    /// carries: Hebrew lost the `many` that CLDR 41's plurals.xml still has, Maltese gained `two`.
    static let pluralLocales = ["en", "de", "fr", "es", "it", "pt", "ru", "uk", "pl", "cs", "ar", "cy", "lv", "ga",
                                "lt", "ro", "sl", "be", "ja", "zh", "ko", "tr", "hi"]

    @Test(arguments: pluralLocales)
    func categoriesAndSamplesAreCLDRs(locale: String) throws {
        let cldr = try #require(try CLDRData.pluralRules()[locale], "plurals.xml has no rules for \(locale)")
        let numbers = LocaleNumbers(locale: locale)
        #expect(Set(numbers.pluralCategories.map(\.rawValue)) == Set(cldr.keys))
        for (category, rule) in cldr {
            for n in rule.integers {
                #expect(numbers.pluralCategory(of: n).rawValue == category, "\(locale) \(n): plurals.xml says \(category) (\(rule.rule))")
            }
        }
    }

    /// For every category with integer samples in plurals.xml, the chosen number selects it, and it
    /// is the largest whole number up to the target that does (checked exhaustively for target 1,000).
    @Test(arguments: pluralLocales)
    func chosenNumberSelectsItsCategory(locale: String) throws {
        let cldr = try #require(try CLDRData.pluralRules()[locale])
        let numbers = LocaleNumbers(locale: locale)
        for (name, rule) in cldr where !rule.integers.isEmpty {
            let category = try #require(PluralCategory(rawValue: name))
            for target in [8_888_888, 1000, 25, 1] {
                let chosen = try #require(numbers.number(selecting: category, notAbove: target), "\(locale) \(name) ≤ \(target)")
                #expect(numbers.pluralCategory(of: chosen) == category, "\(locale) \(name): \(chosen)")
                if chosen < target, target == 1000 {
                    #expect(!(chosen + 1...target).contains { numbers.pluralCategory(of: $0) == category },
                            "\(locale) \(name): a larger number up to \(target) selects it too")
                }
                if chosen > target {
                    // Only when nothing up to the target selects it (CLDR's samples include the smallest).
                    #expect(!rule.integers.contains { $0 <= target }, "\(locale) \(name): \(chosen) > \(target)")
                }
            }
        }
    }

    /// By hand from the rules in plurals.xml (quoted).
    @Test func handPickedChoices() {
        let ru = LocaleNumbers(locale: "ru"), pl = LocaleNumbers(locale: "pl"), en = LocaleNumbers(locale: "en")
        let ar = LocaleNumbers(locale: "ar"), fr = LocaleNumbers(locale: "fr"), ja = LocaleNumbers(locale: "ja")
        // ru one: v = 0 and i % 10 = 1 and i % 100 != 11; few: i % 10 = 2..4 and i % 100 != 12..14;
        // many: i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14; other: decimals only.
        #expect(ru.number(selecting: .one, notAbove: 8_888_888) == 8_888_881)
        #expect(ru.number(selecting: .few, notAbove: 8_888_888) == 8_888_884)
        #expect(ru.number(selecting: .many, notAbove: 8_888_888) == 8_888_888)
        #expect(ru.number(selecting: .one, notAbove: 25) == 21)
        #expect(ru.number(selecting: .many, notAbove: 8) == 8)
        #expect(ru.number(selecting: .many, notAbove: 4) == 0)
        #expect(ru.number(selecting: .other, notAbove: 8_888_888) == nil)
        // pl few: as ru's; pl one: i = 1 and v = 0.
        #expect(pl.number(selecting: .few, notAbove: 3) == 3)
        #expect(pl.number(selecting: .few, notAbove: 2) == 2)
        #expect(pl.number(selecting: .few, notAbove: 25) == 24)
        #expect(pl.number(selecting: .one, notAbove: 8_888_888) == 1)
        // en one: i = 1 and v = 0.
        #expect(en.number(selecting: .one, notAbove: 8_888_888) == 1)
        #expect(en.number(selecting: .other, notAbove: 8_888_888) == 8_888_888)
        #expect(en.number(selecting: .few, notAbove: 8_888_888) == nil)
        // ar zero n = 0, one n = 1, two n = 2, few n % 100 = 3..10, many n % 100 = 11..99, other: the rest.
        #expect(ar.number(selecting: .zero, notAbove: 8_888_888) == 0)
        #expect(ar.number(selecting: .two, notAbove: 8_888_888) == 2)
        #expect(ar.number(selecting: .few, notAbove: 8_888_888) == 8_888_810)
        #expect(ar.number(selecting: .many, notAbove: 8_888_888) == 8_888_888)
        #expect(ar.number(selecting: .other, notAbove: 8_888_888) == 8_888_802)
        // fr one: i = 0,1; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0.
        #expect(fr.number(selecting: .one, notAbove: 8_888_888) == 1)
        #expect(fr.number(selecting: .many, notAbove: 8_888_888) == 8_000_000)
        #expect(fr.number(selecting: .many, notAbove: 25) == 1_000_000)
        // ja: other only.
        #expect(ja.pluralCategories == [.other])
        #expect(ja.number(selecting: .one, notAbove: 8_888_888) == nil)
        #expect(ja.number(selecting: .other, notAbove: 8_888_888) == 8_888_888)
        // Negative targets: CLDR's operand n is the absolute value.
        #expect(ru.number(selecting: .one, notAbove: -25) == -21)
    }

    /// Locales whose default numbering system, symbols or grouping differ; expected strings built
    /// from their CLDR files by `CLDRData.written`.
    static let formatLocales = ["en", "de", "fr", "ru", "pl", "es", "it", "ar", "ar_EG", "ar_SA", "ar_MA", "ar_DZ",
                                "fa", "mr", "hi", "bn", "ne", "ja", "de_CH"]

    @Test(arguments: formatLocales)
    func formatsAsCLDRWrites(locale: String) throws {
        let numbers = LocaleNumbers(locale: locale)
        #expect(numbers.numberingSystem == (try CLDRData.numberFormat(locale).system))
        for value in [8_888_888, 1234, 12_345, 7, 0, 1_234_567_890] {
            #expect(numbers.format(value) == (try CLDRData.written(Double(value), fractionDigits: 0, locale: locale)), "\(locale) \(value)")
        }
        #expect(numbers.format(88_888.88, fractionDigits: 2) == (try CLDRData.written(88_888.88, fractionDigits: 2, locale: locale)))
        #expect(numbers.format(3.5, fractionDigits: 1) == (try CLDRData.written(3.5, fractionDigits: 1, locale: locale)))
        #expect(numbers.format(12.0, fractionDigits: 3) == (try CLDRData.written(12, fractionDigits: 3, locale: locale)))
    }

    /// Written out by hand, citing the CLDR 41 files (common/main/*.xml, numberingSystems.xml).
    @Test func handWrittenNumbers() {
        // en: group "," decimal "." (root's latn symbols).
        #expect(LocaleNumbers(locale: "en").format(8_888_888) == "8,888,888")
        // de.xml: <group>.</group> <decimal>,</decimal>.
        #expect(LocaleNumbers(locale: "de").format(8_888_888) == "8.888.888")
        #expect(LocaleNumbers(locale: "de").format(88_888.88, fractionDigits: 2) == "88.888,88")
        // fr.xml: <group> U+202F NARROW NO-BREAK SPACE.
        #expect(LocaleNumbers(locale: "fr").format(8_888_888) == "8\u{202F}888\u{202F}888")
        // ru.xml: <group> U+00A0 NO-BREAK SPACE.
        #expect(LocaleNumbers(locale: "ru").format(8_888_888) == "8\u{A0}888\u{A0}888")
        // pl.xml: <minimumGroupingDigits>2</minimumGroupingDigits>, group U+00A0.
        #expect(LocaleNumbers(locale: "pl").format(1234) == "1234")
        #expect(LocaleNumbers(locale: "pl").format(12_345) == "12\u{A0}345")
        // ar-EG: defaultNumberingSystem arab (ar.xml), digits ٠١٢٣٤٥٦٧٨٩, group ٬ (U+066C), decimal ٫ (U+066B).
        #expect(LocaleNumbers(locale: "ar-EG").format(8_888_888) == "٨٬٨٨٨٬٨٨٨")
        #expect(LocaleNumbers(locale: "ar-EG").format(88_888.88, fractionDigits: 2) == "٨٨٬٨٨٨٫٨٨")
        // ar-MA: ar_MA.xml defaultNumberingSystem latn; latn symbols of ar_MA: group ".", decimal ",".
        #expect(LocaleNumbers(locale: "ar-MA").numberingSystem == "latn")
        #expect(LocaleNumbers(locale: "ar-MA").format(8_888_888) == "8.888.888")
        // fa: arabext, digits ۰۱۲۳۴۵۶۷۸۹, group ٬.
        #expect(LocaleNumbers(locale: "fa").format(8_888_888) == "۸٬۸۸۸٬۸۸۸")
        // mr: deva, digits ०१२३४५६७८९, pattern #,##,##0.### (Indian grouping).
        #expect(LocaleNumbers(locale: "mr").format(8_888_888) == "८८,८८,८८८")
        // hi: latn, #,##,##0.###.
        #expect(LocaleNumbers(locale: "hi").format(8_888_888) == "88,88,888")
        // Unknown to ICU: the root locale's rules and format.
        let unknown = LocaleNumbers(locale: "qx-ZZ")
        #expect(unknown.format(8_888_888) == "8,888,888")
        #expect(unknown.pluralCategories == [.other])
    }

    @Test func cachedPerLocaleAndSafeAcrossThreads() async {
        #expect(LocaleNumbers.forLocale("ru") === LocaleNumbers.forLocale("ru"))
        #expect(LocaleNumbers.forLocale("ru") !== LocaleNumbers.forLocale("pl"))
        let ru = LocaleNumbers.forLocale("ru")
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<16 {
                group.addTask {
                    // ru one: i % 10 = 1 and i % 100 != 11.
                    (0..<200).allSatisfy { n in
                        let value = i * 1000 + n
                        let one = value % 10 == 1 && value % 100 != 11
                        return (ru.pluralCategory(of: value) == .one) == one
                            && ru.format(Double(value), fractionDigits: 1).hasSuffix(",0")
                    }
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 16))
    }
}
