import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

@Suite struct XCStringsReaderTests {
    let catalog: Catalog
    init() throws { catalog = try readFixture("Catalog.xcstrings") }

    @Test func sourceLanguageAndLocales() {
        #expect(catalog.sourceLanguage == "en")
        #expect(Set(catalog.entries.map(\.locale)) == ["en", "de", "fr"])
        #expect(catalog.problems.isEmpty)
    }

    @Test func plainStringWithComment() throws {
        let de = try #require(catalog.entry("Done", "de"))
        #expect(de.text == "Fertig")
        #expect(de.sourceText == "Done")
        #expect(de.comment == "Button that closes the sheet")
        #expect(de.isTranslated)
        #expect(de.state == "translated")
        #expect(de.origin.jsonPath == "$.strings[\"Done\"].localizations.de.stringUnit")
        #expect(de.origin.line == nil)
    }

    @Test func missingLocaleIsUntranslatedWithSourceText() throws {
        let fr = try #require(catalog.entry("Done", "fr"))
        #expect(fr.text == "Done")
        #expect(!fr.isTranslated)
        #expect(fr.state == nil)
        #expect(fr.origin.jsonPath == "$.strings[\"Done\"]")
    }

    @Test func pluralVariantsInCanonicalOrder() throws {
        #expect(catalog.variants("%lld files", "de") == ["plural.one", "plural.other"])
        #expect(catalog.entry("%lld files", "de", "plural.one")?.text == "%lld Datei")
        #expect(catalog.entry("%lld files", "de", "plural.one")?.sourceText == "%lld file")
        // State `new` with an empty value: untranslated, measured with the source.
        let frOne = try #require(catalog.entry("%lld files", "fr", "plural.one"))
        #expect(frOne.text == "%lld file")
        #expect(!frOne.isTranslated)
        #expect(frOne.state == "new")
        let frOther = try #require(catalog.entry("%lld files", "fr", "plural.other"))
        #expect(frOther.text == "%lld fichiers")
        #expect(frOther.isTranslated)
        #expect(frOther.state == "needs_review")
    }

    @Test func nestedDeviceAndPluralVariations() throws {
        #expect(catalog.variants("Open Settings", "en") == ["device.iphone/plural.one", "device.iphone/plural.other", "device.mac"])
        #expect(catalog.entry("Open Settings", "en", "device.iphone/plural.other")?.text == "Tap to open them")
        #expect(catalog.variants("Open Settings", "de") == ["device.ipad", "device.mac"])
        let ipad = try #require(catalog.entry("Open Settings", "de", "device.ipad"))
        #expect(ipad.text == "Zum Öffnen tippen")
        // No iPad source variant and no plain one: the first `plural.other` variant stands in.
        #expect(ipad.sourceText == "Tap to open them")
        #expect(catalog.entry("Open Settings", "de", "device.mac")?.sourceText == "Click to open")
        #expect(catalog.entry("Open Settings", "de", "device.mac")?.origin.jsonPath
                == "$.strings[\"Open Settings\"].localizations.de.variations.device.mac.stringUnit")
        // fr has none: the source's variants, untranslated.
        #expect(catalog.variants("Open Settings", "fr") == ["device.iphone/plural.one", "device.iphone/plural.other", "device.mac"])
        #expect(catalog.entry("Open Settings", "fr", "device.mac")?.isTranslated == false)
    }

    @Test func keyWithoutSourceIsItsOwnSource() throws {
        let en = try #require(catalog.entry("Welcome, %@!", "en"))
        #expect(en.text == "Welcome, %@!")
        #expect(en.isTranslated)
        #expect(catalog.entry("Welcome, %@!", "de")?.sourceText == "Welcome, %@!")
        #expect(catalog.entry("Welcome, %@!", "de")?.text == "Willkommen, %@!")
        #expect(catalog.entry("Welcome, %@!", "fr")?.isTranslated == false)
    }

    @Test func substitutionsCombineAsCartesianProduct() throws {
        let key = "Found %#@count@ in %#@folders@"
        #expect(catalog.variants(key, "en") == [
            "substitution.count.plural.one/substitution.folders.plural.one",
            "substitution.count.plural.one/substitution.folders.plural.other",
            "substitution.count.plural.other/substitution.folders.plural.one",
            "substitution.count.plural.other/substitution.folders.plural.other",
        ])
        #expect(catalog.entry(key, "en", "substitution.count.plural.other/substitution.folders.plural.one")?.text
                == "Found %1$lld items in %2$lld folder")
        #expect(catalog.entry(key, "de", "substitution.count.plural.one/substitution.folders.plural.other")?.text
                == "Found %1$lld item in %2$lld folders")
        #expect(catalog.entry(key, "de", "substitution.count.plural.one/substitution.folders.plural.other")?.isTranslated == false)
    }

    @Test func shouldTranslateFalseIsSkipped() {
        #expect(!catalog.entries.contains { $0.key == "AppName" })
    }

    @Test func substitutionReferenceScanner() {
        let refs = XCStringsReader.substitutionReferences(in: "%#@a@ and %2$#@bee@, 100% sure, %#@a@")
        #expect(refs.map(\.name) == ["a", "bee"])
        #expect(refs.map(\.token) == ["%#@a@", "%2$#@bee@"])
    }

    /// Repeated references are dropped by a set: a search of those found so far made a text of n
    /// distinct references O(n²) (64,000 took 5.0 s of `textfit stress` in a release build). The
    /// growth with n is measured by `make bench` (group `scaling`, the .xcstrings line), not here.
    /// 10,000 distinct references, each written twice more (once with a position), give each name
    /// twice, in order.
    @Test func manyDistinctReferencesAreEachKeptOnce() {
        let n = 10_000
        let text = (0..<n).map { "%#@v\($0)@" }.joined(separator: " ") + " " + (0..<n).map { "%1$#@v\($0)@ %#@v\($0)@" }.joined(separator: " ")
        let refs = XCStringsReader.substitutionReferences(in: text)
        // `%1$#@v0@` is a token of its own (a position makes another token), so each name comes twice.
        #expect(refs.count == 2 * n)
        #expect(refs.prefix(n).map(\.name) == (0..<n).map { "v\($0)" })
        #expect(refs[n].token == "%1$#@v0@" && refs.last?.token == "%1$#@v\(n - 1)@")
    }
}

@Suite struct XCStringsProblemTests {
    @Test func badEntriesAreReportedWithJSONPaths() throws {
        let catalog = try readFixture("BrokenEntries.xcstrings")
        #expect(catalog.problemLines == [
            "BrokenEntries.xcstrings $.strings[\"Count %#@n@\"].localizations.en.stringUnit refers to substitution 'n', which is not defined",
            "BrokenEntries.xcstrings $.strings[\"Done\"].localizations.de.stringUnit.value missing value: the de localization is not read",
            "BrokenEntries.xcstrings $.strings[\"Done\"].localizations[\"pt-BR\"].stringUnit.value value is a number (42), not a string: "
                + "the pt-BR localization is not read",
            "BrokenEntries.xcstrings $.strings[\"Files\"].localizations.en.variations.plural.several unknown plural category 'several'",
        ])
        // Issue 50: a localization that cannot be read is skipped, not filled in from the source
        // and counted as untranslated (it measured "Done" for pt-BR and called the translation missing).
        #expect(catalog.entry("Done", "pt-BR") == nil && catalog.entry("Done", "de") == nil)
        #expect(catalog.entry("Done", "en")?.text == "Done")
        // The rest is still read; a key with no localization for a locale is untranslated there.
        #expect(catalog.entry("OK", "de")?.text == "OK")
        #expect(catalog.entry("OK", "pt-BR")?.isTranslated == false)
        #expect(catalog.entry("Files", "en", "plural.other")?.text == "files")
        #expect(catalog.entry("Count %#@n@", "en")?.text == "Count %#@n@")
    }

    @Test func strictThrowsTheFirstProblem() {
        let p = expectProblem { try readFixture("BrokenEntries.xcstrings", strict: true) }
        #expect(p?.location.jsonPath == "$.strings[\"Count %#@n@\"].localizations.en.stringUnit")
        #expect(p?.location.file == fixture("BrokenEntries.xcstrings"))
    }

    @Test func malformedJSONNamesTheFile() {
        let p = expectProblem { try readFixture("Malformed.xcstrings") }
        #expect(p?.location.file == fixture("Malformed.xcstrings"))
        #expect(p?.location.jsonPath == "$")
        #expect(p?.message.hasPrefix("malformed JSON") == true)
    }

    @Test func missingSourceLanguage() {
        let p = expectProblem { try readFixture("NoSourceLanguage.xcstrings") }
        #expect(p?.location.jsonPath == "$.sourceLanguage")
        #expect(p?.message == "missing sourceLanguage")
    }

    @Test func substitutionProductIsBounded() throws {
        // A localization with the given text and substitutions, each with `categories` plural texts.
        func localization(_ value: String, _ subs: [String], categories: [(String, String)]) -> [String: Any] {
            let plural = Dictionary(uniqueKeysWithValues: categories.map { ($0.0, ["stringUnit": ["state": "translated", "value": $0.1]]) })
            return ["en": ["stringUnit": ["state": "translated", "value": value],
                           "substitutions": Dictionary(uniqueKeysWithValues: subs.map {
                               ($0, ["formatSpecifier": "d", "variations": ["plural": plural]] as [String: Any])
                           })]]
        }
        let six = ["zero", "one", "two", "few", "many", "other"].map { ($0, $0) }
        let names = ["a", "b", "c", "d", "e"]
        // Texts: four substitutions of six categories make 6^4 = 1,296 texts (under 4,096), five make
        // 6^5 = 7,776 (over). Bytes: a text of 1,000 references to one substitution whose only text is
        // 5,000 bytes long expands to 1,000 × 5,000 = 5,000,000 bytes (over 4,194,304).
        let strings: [String: Any] = [
            "four": ["localizations": localization(names[..<4].map { "%#@\($0)@" }.joined(separator: " "), Array(names[..<4]), categories: six)],
            "five": ["localizations": localization(names.map { "%#@\($0)@" }.joined(separator: " "), names, categories: six)],
            "long": ["localizations": localization(String(repeating: "%#@a@", count: 1_000), ["a"],
                                                   categories: [("other", String(repeating: "x", count: 5_000))])],
        ]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Product.xcstrings")
        try JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": strings])
            .write(to: file)
        let catalog = try CatalogReader.read([file.path])
        #expect(catalog.problemLines == [
            "Product.xcstrings $.strings[\"five\"].localizations.en.stringUnit its substitutions expand to more than 4096 texts",
            "Product.xcstrings $.strings[\"long\"].localizations.en.stringUnit its substitutions expand to more than 4194304 bytes of text",
        ])
        #expect(catalog.variants("four", "en").count == 1_296)
        #expect(catalog.entry("four", "en", "substitution.a.plural.two/substitution.b.plural.other/substitution.c.plural.zero/substitution.d.plural.many")?.text
                == "two other zero many")
        // As for any localization that cannot be read, the key stands for itself.
        #expect(catalog.variants("five", "en") == [""])
        #expect(catalog.entry("five", "en")?.text == "five")
        #expect(catalog.variants("long", "en") == [""])
    }

    @Test func jsonPathMembers() {
        #expect(member("de") == ".de")
        #expect(member("zh-Hans") == "[\"zh-Hans\"]")
        #expect(quote("say \"hi\"") == "\"say \\\"hi\\\"\"")
    }
}
