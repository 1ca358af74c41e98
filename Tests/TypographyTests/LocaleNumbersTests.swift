import Foundation
import Testing
@testable import Typography

// LocaleNumbers against CLDR's own data files (Debian's unicode-cldr-core, CLDR 41; ICU 72 carries
// CLDR 42): the plural rules and their samples in common/supplemental/plurals.xml, the numbering
// systems' digits in common/supplemental/numberingSystems.xml, and each locale's
// defaultNumberingSystem, symbols and decimal pattern in common/main/<locale>.xml. Expected values
// are read from those files or worked out by hand from the rules quoted beside them.

/// CLDR's XML files, read with regular expressions (the few elements these tests need).
enum CLDRData {
    static let directory = "/usr/share/unicode/cldr/common"

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "\(path) is missing: `make setup` installs Debian's unicode-cldr-core package, which provides it"
        }
    }

    /// A file's text; throws (the test FAILS, never skips) when it is missing.
    static func text(_ relativePath: String) throws -> String {
        let path = "\(directory)/\(relativePath)"
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        return String(decoding: data, as: UTF8.self)
    }

    /// plurals.xml's cardinal rules: locale → category → (rule text, the `@integer` samples expanded;
    /// ranges `a~b` spelled out, `…` and compact forms such as `1c6` left out).
    static func pluralRules() throws -> [String: [String: (rule: String, integers: [Int])]] {
        let xml = try text("supplemental/plurals.xml")
        var result: [String: [String: (rule: String, integers: [Int])]] = [:]
        let block = /<pluralRules locales="([^"]+)">(.*?)<\/pluralRules>/.dotMatchesNewlines()
        let ruleElement = /<pluralRule count="([a-z]+)">([^<]*)<\/pluralRule>/
        for match in xml.matches(of: block) {
            var rules: [String: (rule: String, integers: [Int])] = [:]
            for rule in match.output.2.matches(of: ruleElement) {
                let body = String(rule.output.2)
                var integers: [Int] = []
                if let start = body.range(of: "@integer") {
                    var list = body[start.upperBound...]
                    if let decimal = list.range(of: "@decimal") { list = list[..<decimal.lowerBound] }
                    for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                        let ends = item.split(separator: "~").map { Int($0) }
                        if ends.count == 1, let n = ends[0] { integers.append(n) }
                        if ends.count == 2, let a = ends[0], let b = ends[1] { integers += Array(a...b) }
                    }
                }
                let condition = body.components(separatedBy: "@")[0].trimmingCharacters(in: .whitespaces)
                rules[String(rule.output.1)] = (condition, integers)
            }
            for locale in match.output.1.split(separator: " ") { result[String(locale)] = rules }
        }
        return result
    }

    /// A numbering system's ten digits (numberingSystems.xml).
    static func digits(_ system: String) throws -> [Character] {
        let xml = try text("supplemental/numberingSystems.xml")
        for match in xml.matches(of: /<numberingSystem id="([a-z]+)" type="numeric" digits="([^"]+)"\/>/)
        where match.output.1 == system {
            return Array(String(match.output.2))
        }
        throw Missing(path: "numberingSystems.xml: \(system)")
    }

    /// The first value of `find` in the locale's file or its parents by truncation (`ar_EG` → `ar`
    /// → `root`), as CLDR inherits for these locales.
    static func inherited<T>(_ locale: String, _ find: (String) -> T?) throws -> T? {
        var id = locale
        while true {
            if let found = find(try text("main/\(id).xml")) { return found }
            if id == "root" { return nil }
            id = id.contains("_") ? String(id[..<id.lastIndex(of: "_")!]) : "root"
        }
    }

    /// The locale's default numbering system, its decimal and group symbols, its decimal pattern's
    /// primary and secondary grouping sizes, and its minimum grouping digits.
    static func numberFormat(_ locale: String) throws
        -> (system: String, decimal: String, group: String, primary: Int, secondary: Int, minimumGrouping: Int) {
        let system = try inherited(locale) { xml in
            xml.firstMatch(of: /<defaultNumberingSystem>([a-z]+)<\/defaultNumberingSystem>/).map { String($0.output.1) }
        } ?? "latn"
        func symbol(_ name: String) throws -> String? {
            try inherited(locale) { xml in
                guard let start = xml.range(of: "<symbols numberSystem=\"\(system)\">"),
                      let end = xml[start.upperBound...].range(of: "</symbols>") else { return nil }
                let block = String(xml[start.upperBound..<end.lowerBound])
                guard let open = block.range(of: "<\(name)>") ?? block.range(of: "<\(name) draft=\"contributed\">"),
                      let close = block[open.upperBound...].range(of: "</\(name)>") else { return nil }
                return String(block[open.upperBound..<close.lowerBound])
            }
        }
        let pattern = try inherited(locale) { xml -> String? in
            guard let start = xml.range(of: "<decimalFormats numberSystem=\"\(system)\">"),
                  let end = xml[start.upperBound...].range(of: "</decimalFormats>") else { return nil }
            let block = xml[start.upperBound..<end.lowerBound]
            // The plain pattern (the first <decimalFormatLength> without a type).
            guard let plain = block.range(of: "<decimalFormatLength>") else { return nil }
            return block[plain.upperBound...].firstMatch(of: /<pattern[^>]*>([^<]+)<\/pattern>/).map { String($0.output.1) }
        } ?? "#,##0.###"
        let integerPart = pattern.split(separator: ".")[0]
        let groups = integerPart.split(separator: ",")
        let primary = groups.last!.count
        let secondary = groups.count > 2 ? groups[groups.count - 2].count : primary
        let minimumGrouping = try inherited(locale) { xml in
            xml.firstMatch(of: /<minimumGroupingDigits>(\d)<\/minimumGroupingDigits>/).map { Int($0.output.1)! }
        } ?? 1
        return (system, try symbol("decimal") ?? ".", try symbol("group") ?? ",", primary, secondary, minimumGrouping)
    }

    /// `number` written by hand from the locale's CLDR data: its digits, groups (primary size from
    /// the right, then secondary sizes; none when the integer has fewer than primary + minimum
    /// grouping digits) and decimal separator, with `fractionDigits` decimals (`number` must have
    /// at most that many).
    static func written(_ number: Double, fractionDigits: Int, locale: String) throws -> String {
        let format = try numberFormat(locale)
        let digits = try digits(format.system)
        let plain = String(format: "%.\(fractionDigits)f", number)
        let parts = plain.split(separator: ".")
        var integer = Array(parts[0])
        var grouped: [String] = []
        if integer.count >= format.primary + format.minimumGrouping {
            grouped.insert(String(integer.suffix(format.primary)), at: 0)
            integer.removeLast(format.primary)
            while integer.count > format.secondary {
                grouped.insert(String(integer.suffix(format.secondary)), at: 0)
                integer.removeLast(format.secondary)
            }
        }
        if !integer.isEmpty { grouped.insert(String(integer), at: 0) }
        var result = grouped.joined(separator: format.group)
        if parts.count > 1 { result += format.decimal + parts[1] }
        return String(result.map { $0.isASCII && $0.isNumber ? digits[Int(String($0))!] : $0 })
    }
}

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
