import Foundation
import Testing
@testable import LocalizationStress

@Suite struct AndroidReaderTests {
    let catalog: Catalog
    init() throws { catalog = try readFixture("Android") }

    @Test func foldersGiveLocales() {
        #expect(Set(catalog.entries.map(\.locale)) == ["en", "fr-CA", "sr-Latn"])
        #expect(catalog.problems.isEmpty)
        #expect(AndroidReader.locale(fromFolder: "values") == nil)
        #expect(AndroidReader.locale(fromFolder: "values-fr-rCA") == "fr-CA")
        #expect(AndroidReader.locale(fromFolder: "values-b+sr+Latn") == "sr-Latn")
        #expect(AndroidReader.locale(fromFolder: "values-b+es+419") == "es-419")
        #expect(AndroidReader.locale(fromFolder: "values-mcc310-de") == "de")
        #expect(AndroidReader.locale(fromFolder: "values-night") == nil)
        #expect(AndroidReader.locale(fromFolder: "values-sw600dp") == nil)
    }

    @Test func stringsEscapesAndWhitespace() throws {
        #expect(catalog.entries.allSatisfy { $0.key != "app_name" })
        let welcome = try #require(catalog.entry("welcome", "en"))
        #expect(welcome.text == "Welcome, %1$s!")
        #expect(welcome.origin == SourceLocation(file: fixture("Android/res/values/strings.xml"), line: 4))
        #expect(catalog.entry("escapes", "en")?.text == "Don't say \"hi\"\nNew line @home ?why")
        #expect(catalog.entry("spaced", "en")?.text == "lots of space")
        #expect(catalog.entry("quoted", "en")?.text == "  keep   this  ")
        #expect(catalog.entry("escapes", "fr-CA")?.text == "L'été à Montréal")
        #expect(catalog.entry("escapes", "fr-CA")?.sourceText == "Don't say \"hi\"\nNew line @home ?why")
    }

    @Test func cdata() {
        #expect(catalog.entry("html", "en")?.text == "<b>Bold</b> & bright")
        #expect(catalog.entry("html", "en")?.origin.line == 9)
    }

    @Test func pluralsAndArrays() throws {
        #expect(catalog.variants("songs", "en") == ["plural.one", "plural.other"])
        #expect(catalog.variants("songs", "fr-CA") == ["plural.one", "plural.many", "plural.other"])
        let many = try #require(catalog.entry("songs", "fr-CA", "plural.many"))
        #expect(many.text == "%d de chansons")
        #expect(many.sourceText == "%d songs")
        #expect(many.origin.line == 7)
        #expect(catalog.entry("planets[0]", "en")?.text == "Mercury")
        #expect(catalog.entry("planets[1]", "en")?.text == "Venus")
        #expect(catalog.entry("planets[1]", "en")?.origin.line == 16)
    }

    @Test func missingStringsAreUntranslated() throws {
        let venus = try #require(catalog.entry("planets[1]", "fr-CA"))
        #expect(venus.text == "Venus")
        #expect(!venus.isTranslated)
        #expect(venus.origin == SourceLocation(file: fixture("Android/res/values-fr-rCA/strings.xml")))
        #expect(catalog.entry("welcome", "sr-Latn")?.isTranslated == true)
        #expect(catalog.variants("songs", "sr-Latn") == ["plural.one", "plural.other"])
        #expect(catalog.entry("songs", "sr-Latn", "plural.one")?.isTranslated == false)
    }

    @Test func sourceLanguageOption() throws {
        let c = try readFixture("Android", sourceLanguage: "en-GB")
        #expect(c.entry("welcome", "en-GB")?.text == "Welcome, %1$s!")
        #expect(c.entry("welcome", "en") == nil)
    }

    @Test func brokenResources() throws {
        let c = try readFixture("BrokenAndroid/values-de/strings.xml")
        #expect(c.problemLines == [
            "strings.xml:4 unescaped apostrophe (write \\' or quote the string)",
            "strings.xml:5 <string> without a name",
            "strings.xml:7 plural item of \"items\" has no valid quantity (zero, one, two, few, many, other)",
        ])
        #expect(c.entry("apostrophe", "de")?.text == "Geht's?")
        #expect(c.variants("items", "de") == ["plural.other"])
        let strict = expectProblem { try readFixture("BrokenAndroid/values-de/strings.xml", strict: true) }
        #expect(strict?.location.line == 4)
    }

    @Test func malformedResources() {
        let p = expectProblem { try readFixture("BrokenAndroid") }
        #expect(p?.location == SourceLocation(file: fixture("BrokenAndroid/values-de/malformed.xml"), line: 4))
    }
}

@Suite struct POReaderTests {
    let catalog: Catalog
    init() throws { catalog = try readFixture("PO/fr_CA.po") }

    @Test func headerLanguageAndComments() throws {
        #expect(catalog.problems.isEmpty)
        #expect(Set(catalog.entries.map(\.locale)) == ["fr-CA"])
        #expect(catalog.entries.allSatisfy { !$0.key.isEmpty })
        let save = try #require(catalog.entry("Save", "fr-CA"))
        #expect(save.text == "Enregistrer")
        #expect(save.sourceText == "Save")
        #expect(save.comment == "Translator: keep it short\nButton title")
        #expect(save.state == nil)
        #expect(save.origin == SourceLocation(file: fixture("PO/fr_CA.po"), line: 12))
    }

    @Test func context() {
        #expect(catalog.entry("menu\u{4}Open", "fr-CA")?.text == "Ouvrir")
        #expect(catalog.entry("menu\u{4}Open", "fr-CA")?.origin.line == 16)
    }

    @Test func fuzzyPlurals() throws {
        #expect(catalog.variants("%d file", "fr-CA") == ["plural.0", "plural.1"])
        let many = try #require(catalog.entry("%d file", "fr-CA", "plural.1"))
        #expect(many.text == "%d fichiers")
        #expect(many.sourceText == "%d files")
        #expect(many.state == "fuzzy")
        #expect(many.isTranslated)
        #expect(catalog.entry("%d file", "fr-CA", "plural.0")?.sourceText == "%d file")
    }

    @Test func multiLineAndEscapes() throws {
        let e = try #require(catalog.entry("A long text on two lines", "fr-CA"))
        #expect(e.text == "Un long texte\nsur deux lignes \"citées\"\tet\\ AB")
        #expect(e.origin.line == 25)
    }

    @Test func emptyMsgstrIsUntranslatedAndObsoleteIgnored() throws {
        let e = try #require(catalog.entry("Untranslated", "fr-CA"))
        #expect(e.text == "Untranslated")
        #expect(!e.isTranslated)
        #expect(catalog.entries.allSatisfy { $0.key != "Old" })
        #expect(catalog.entries.count == 6)
    }

    @Test func languageFromTheFolderAboveLCMessages() throws {
        let c = try readFixture("PO/de/LC_MESSAGES/app.po")
        #expect(c.entry("Save", "de")?.text == "Sichern")
    }

    @Test func brokenPO() throws {
        let c = try readFixture("BrokenPO/broken.po")
        #expect(c.problemLines == [
            "broken.po:5 unknown keyword 'msgfoo'",
            "broken.po:8 unterminated string",
            "broken.po:11 unknown escape \\z",
            "broken.po:13 msgstr[n] without msgid_plural for \"No plural\"",
            "broken.po:17 msgid \"No msgstr\" has no msgstr",
        ])
        #expect(c.entries.map(\.key) == ["Good", "Also good"])
        #expect(c.entries.map(\.locale) == ["und", "und"])
        let strict = expectProblem { try readFixture("BrokenPO/broken.po", strict: true) }
        #expect(strict?.location == SourceLocation(file: fixture("BrokenPO/broken.po"), line: 5))
    }
}
