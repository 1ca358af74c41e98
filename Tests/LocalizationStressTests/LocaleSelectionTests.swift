import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

// Issue 28: `--locales` picks locales as the platforms name and resolve them, the source language
// included, and an absent locale is an error listing those there are.
//
// Sources:
// - Android, "App resources overview › Providing alternative resources", language and region
//   qualifier: "a two-letter ISO 639-1 language code, optionally followed by a two letter ISO
//   3166-1-alpha-2 region code (preceded by lowercase r)" (`values-zh-rTW` is zh-TW), and since
//   Android 7.0 "BCP 47 language tags ... b+en+US, b+es+419" (`values-b+sr+Latn` is sr-Latn).
// - Java `java.util.Locale`: "Locale's constructor has always converted three language codes to their
//   earlier, obsoleted forms: he maps to iw, yi maps to ji, and id maps to in" (until Java 17), which
//   is why Android apps have `values-iw`, `values-in`, `values-ji`.
// - CLDR `supplementalMetadata.xml` `<languageAlias>`: iw → he, in → id, ji → yi (BCP 47 deprecated
//   codes and their replacements); BCP 47 (RFC 5646 §2.1.1) case conventions: language lowercase,
//   script titlecase, region uppercase; tags compare case-insensitively.

@Suite("Locales: names as the platforms resolve them")
struct LocaleNameTests {
    @Test("Legacy codes, Android qualifiers, separators and case")
    func canonical() {
        #expect(LocaleName.canonical("iw") == "he")
        #expect(LocaleName.canonical("in_ID") == "id-ID")
        #expect(LocaleName.canonical("ji") == "yi")
        #expect(LocaleName.canonical("zh-rTW") == "zh-TW")
        #expect(LocaleName.canonical("b+sr+Latn") == "sr-Latn")
        #expect(LocaleName.canonical("b+es+419") == "es-419")
        #expect(LocaleName.canonical("pt_BR") == "pt-BR")
        #expect(LocaleName.canonical("ZH-hant-tw") == "zh-Hant-TW")
        #expect(LocaleName.same("he", "iw") && LocaleName.same("iw-IL", "he_IL") && LocaleName.same("id", "in"))
        // Otherwise exact: a language is not its regional variant, nor the reverse.
        #expect(!LocaleName.same("en", "en-US"))
        #expect(!LocaleName.same("sr", "sr-Latn"))
    }
}

@Suite("Locales: selecting a catalog's locales")
struct LocaleSelectionTests {
    /// An Android app with legacy and BCP 47 folders.
    func android() throws -> Catalog {
        let s = { (text: String) in "<resources><string name=\"hello\">\(text)</string></resources>" }
        let folder = try temporaryCatalog([
            "res/values/strings.xml": s("Hello"),
            "res/values-iw/strings.xml": s("שלום"),
            "res/values-in/strings.xml": s("Halo"),
            "res/values-ji/strings.xml": s("שלום־עליכם"),
            "res/values-b+sr+Latn/strings.xml": s("Zdravo"),
            "res/values-b+es+419/strings.xml": s("Hola"),
            "res/values-zh-rTW/strings.xml": s("你好"),
        ])
        return try CatalogReader.read([folder])
    }

    @Test("--locales he selects values-iw, id values-in, yi values-ji; entries keep the catalog's name")
    func legacyCodes() throws {
        let c = try android()
        #expect(try c.entries(forLocales: ["he"]).map { [$0.locale, $0.text] } == [["iw", "שלום"]])
        #expect(try c.entries(forLocales: ["id"]).map(\.locale) == ["in"])
        #expect(try c.entries(forLocales: ["yi"]).map(\.locale) == ["ji"])
        // Asked for by the old code too.
        #expect(try c.entries(forLocales: ["iw"]).map(\.locale) == ["iw"])
        // Both names of one locale: once.
        #expect(try c.entries(forLocales: ["he", "iw"]).count == 1)
    }

    @Test("A catalog's he is selected by iw (String Catalog)")
    func newCodeInTheCatalog() throws {
        let folder = try temporaryCatalog(["Localizable.xcstrings": #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"hello": {"localizations": {
              "he": {"stringUnit": {"state": "translated", "value": "שלום"}}}}}}
            """#])
        let c = try CatalogReader.read([folder])
        #expect(try c.entries(forLocales: ["iw"]).map { [$0.locale, $0.text] } == [["he", "שלום"]])
    }

    @Test("BCP 47 resource qualifiers and rXX regions, by their BCP 47 names")
    func qualifiers() throws {
        let c = try android()
        #expect(try c.entries(forLocales: ["sr-Latn"]).map(\.text) == ["Zdravo"])
        #expect(try c.entries(forLocales: ["es-419"]).map(\.text) == ["Hola"])
        #expect(try c.entries(forLocales: ["zh-TW"]).map(\.text) == ["你好"])
        #expect(try c.entries(forLocales: ["zh_tw"]).map(\.text) == ["你好"])
    }

    @Test("A locale the catalogs lack is an error naming it and the locales there are")
    func missingLocale() throws {
        let c = try android()
        #expect(throws: LocaleSelectionError(missing: ["de", "sr"], available: ["en", "es-419", "in", "iw", "ji", "sr-Latn", "zh-TW"])) {
            try c.entries(forLocales: ["he", "de", "sr"])
        }
        let error = LocaleSelectionError(missing: ["de"], available: ["en", "fr"])
        #expect(error.description == "no locale 'de' in the catalogs (locales found: en, fr)")
        // No --locales: every entry.
        #expect(try c.entries(forLocales: nil).count == 7)
    }

    /// XLIFF 1.2: `source-language` names the `<source>` texts' language.
    func xliff(_ target: String, _ text: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
          <file original="Localizable.strings" source-language="en" target-language="\(target)" datatype="plaintext"><body>
            <trans-unit id="save"><source>Save</source><target state="translated">\(text)</target></trans-unit>
          </body></file>
        </xliff>
        """
    }

    @Test("XLIFF: --locales en gives the <source> texts, once for several files; pseudo-locales are made from them")
    func xliffSource() throws {
        let folder = try temporaryCatalog(["de.xliff": xliff("de", "Sichern"), "fr.xliff": xliff("fr", "Enregistrer")])
        let c = try CatalogReader.read([folder])
        #expect(c.locales == ["de", "en", "fr"])
        let en = try c.entries(forLocales: ["en"])
        #expect(en.map { [$0.key, $0.locale, $0.text] } == [["save", "en", "Save"]])
        #expect(en.allSatisfy { $0.isTranslated })
        let pseudo = try c.entries(forLocales: ["pseudo-xa", "de"])
        #expect(pseudo.map(\.locale) == ["pseudo-xa", "de"])
        #expect(pseudo.first?.sourceText == "Save")
        // Without --locales the files' own locales only, as before.
        #expect(Set(try c.entries(forLocales: nil).map(\.locale)) == ["de", "fr"])
    }

    @Test("gettext: --locales en gives the msgids; --source-language names them")
    func gettextSource() throws {
        let folder = try temporaryCatalog(["fr.po": "msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgid \"Open\"\nmsgstr \"Ouvrir\"\n"])
        let c = try CatalogReader.read([folder])
        #expect(try c.entries(forLocales: ["en"]).map { [$0.locale, $0.text] } == [["en", "Open"]])
        #expect(try c.entries(forLocales: ["pseudo-bounded"]).map(\.text) == ["[# Open #]"])
        let us = try CatalogReader.read([folder], sourceLanguage: "en-US")
        #expect(try us.entries(forLocales: ["en-US"], sourceLanguage: "en-US").map(\.text) == ["Open"])
        #expect(throws: LocaleSelectionError.self) { try us.entries(forLocales: ["en"], sourceLanguage: "en-US") }
    }

    @Test("Android values/ and the source .lproj are the source language; a pseudo-locale without it is an error")
    func tableSources() throws {
        let c = try android()
        #expect(try c.entries(forLocales: ["en"]).map(\.text) == ["Hello"])
        #expect(try c.entries(forLocales: ["pseudo-bounded"]).map(\.text) == ["[# Hello #]"])
        let apple = try CatalogReader.read([try temporaryCatalog([
            "en.lproj/Localizable.strings": "\"ok\" = \"Fine\";\n", "de.lproj/Localizable.strings": "\"ok\" = \"Gut\";\n",
        ])])
        #expect(try apple.entries(forLocales: ["en"]).map(\.text) == ["Fine"])
        #expect(try apple.entries(forLocales: ["pseudo-bounded"]).map(\.text) == ["[# Fine #]"])
        // Base.lproj is the source when there is no en.lproj (CatalogReader's order: --source-language, Base, en).
        let base = try CatalogReader.read([try temporaryCatalog([
            "Base.lproj/Localizable.strings": "\"ok\" = \"Okay\";\n", "de.lproj/Localizable.strings": "\"ok\" = \"Gut\";\n",
        ])])
        #expect(try base.entries(forLocales: ["pseudo-bounded"]).map(\.text) == ["[# Okay #]"])
        let folder = try temporaryCatalog(["de.lproj/Localizable.strings": "\"ok\" = \"Gut\";\n"])
        let german = try CatalogReader.read([folder])
        #expect(throws: LocaleSelectionError(missing: [], available: ["de"], sourceLanguageWithoutEntries: "en")) {
            try german.entries(forLocales: ["pseudo-xa"])
        }
    }
}
