import Foundation
import Testing
@testable import LocalizationStress

@Suite struct XLIFFReaderTests {
    @Test func xliff12AsXcodeExportsIt() throws {
        let c = try readFixture("Export/de.xliff")
        #expect(c.sourceLanguage == "en")
        #expect(c.problems.isEmpty)
        #expect(Set(c.entries.map(\.locale)) == ["de"])
        let done = try #require(c.entry("Done", "de"))
        #expect(done.text == "Fertig")
        #expect(done.sourceText == "Done")
        #expect(done.comment == "Button that closes the sheet")
        #expect(done.maxWidth == 120)
        #expect(done.state == "translated")
        #expect(done.isTranslated)
        #expect(done.origin == SourceLocation(file: fixture("Export/de.xliff"), line: 8))
    }

    @Test func pluralAndDeviceIDs() throws {
        let c = try readFixture("Export/de.xliff")
        #expect(c.variants("%lld files", "de") == ["plural.one", "plural.other"])
        #expect(c.entry("%lld files", "de", "plural.one")?.comment == nil)
        let other = try #require(c.entry("%lld files", "de", "plural.other"))
        #expect(other.text == "%lld Dateien")
        #expect(other.state == "needs-review-translation")
        #expect(other.origin.line == 18)
        let open = try #require(c.entry("Open", "de", "device.iphone/plural.one"))
        #expect(open.text == "Tap & open")
        #expect(!open.isTranslated)
        #expect(open.state == "new")
        #expect(open.origin.line == 23)
    }

    @Test func maxWidthOnlyInPixelsAndTranslateNo() throws {
        let c = try readFixture("Export/de.xliff")
        let chars = try #require(c.entry("Width in chars", "de"))
        #expect(chars.maxWidth == nil)
        #expect(chars.text == "Kurz")
        #expect(chars.isTranslated)
        #expect(c.entries.allSatisfy { $0.key != "Hidden" })
    }

    @Test func stringsdictExportIDsAndInlinePlaceholders() throws {
        let c = try readFixture("Export/de.xliff")
        #expect(c.variants("%d photos", "de") == ["plural.few"])
        #expect(c.entry("%d photos", "de", "plural.few")?.text == "%d Fotos")
        #expect(c.entry("%d photos", "de", "plural.few")?.origin.line == 42)
        #expect(c.entry("Greeting %@", "de")?.text == "Hallo %@!")
        #expect(c.entry("Greeting %@", "de")?.sourceText == "Hello %@!")
        #expect(c.entries.count == 7)
    }

    @Test func idSplitting() {
        #expect(XLIFFReader.splitID("a|==|plural.one")! == ("a", "plural.one"))
        #expect(XLIFFReader.splitID("a|==|device.mac.plural.few")! == ("a", "device.mac/plural.few"))
        #expect(XLIFFReader.splitID("a|==|substitutions.n.plural.one")! == ("a", "substitution.n.plural.one"))
        #expect(XLIFFReader.splitID("/k:dict/NSStringLocalizedFormatKey:dict/:string") == nil)
        #expect(XLIFFReader.splitID("/k:dict/NSStringVariableWidthRuleType:dict/20:dict/:string")! == ("k", "width.20"))
        #expect(XLIFFReader.splitID("plain")! == ("plain", ""))
    }

    @Test func xliff20() throws {
        let c = try readFixture("Export/fr.xlf")
        #expect(c.sourceLanguage == "en-US")
        #expect(c.problems.isEmpty)
        let greeting = try #require(c.entry("greeting", "fr-FR"))
        #expect(greeting.text == "Bonjour, {name}. Bon retour.")
        #expect(greeting.sourceText == "Hello, {name}. Welcome back.")
        #expect(greeting.comment == "Shown on launch")
        #expect(greeting.state == "translated")
        #expect(greeting.origin.line == 4)
        let settings = try #require(c.entry("settings.title", "fr-FR"))
        #expect(settings.text == "Settings")
        #expect(!settings.isTranslated)
        #expect(settings.state == "initial")
        #expect(settings.origin.line == 21)
        #expect(c.entries.count == 2)
    }

    @Test func brokenUnits() throws {
        let c = try readFixture("BrokenXLIFF/units.xliff")
        #expect(c.problemLines == [
            "units.xliff:5 <trans-unit> \"no source\" has no <source>",
            "units.xliff:8 maxwidth \"wide\" of \"bad width\" is not a positive number",
            "units.xliff:12 <trans-unit> without an id",
        ])
        #expect(c.entries.map(\.key) == ["fine"])
        #expect(c.entry("fine", "ja")?.text == "良い")
        let strict = expectProblem { try readFixture("BrokenXLIFF/units.xliff", strict: true) }
        #expect(strict?.location == SourceLocation(file: fixture("BrokenXLIFF/units.xliff"), line: 5))
    }

    @Test func malformedXLIFFNamesFileAndLine() {
        let p = expectProblem { try readFixture("BrokenXLIFF/malformed.xliff") }
        #expect(p?.location == SourceLocation(file: fixture("BrokenXLIFF/malformed.xliff"), line: 5))
        #expect(p?.message == "malformed XML: end tag does not match the open element")
    }

    @Test func xmlThatIsNoCatalog() {
        let p = expectProblem { try readFixture("BrokenXLIFF/other.xml") }
        #expect(p?.location == SourceLocation(file: fixture("BrokenXLIFF/other.xml"), line: 2))
        #expect(p?.message == "not a catalog: root element <catalog>, expected <xliff> or <resources>")
    }
}

/// Inputs that crashed FoundationXML inside every XML reader (found by fuzzing; Fuzz/crashes/android,
/// stringsdict, xliff): each must be a clear problem with its line, never a crash.
@Suite struct XMLCrashInputTests {
    @Test(arguments: [
        (Array("<resources><?l?></resources>".utf8), "processing instruction", 1),
        // A "<?" whose target never ends hid the one that follows (Fuzz/crashes/android/xml-pi-after-lt).
        (Array("<?<?f?>".utf8), "processing instruction", 1),
        (Array("<resources>\n<?x<?f?></resources>".utf8), "processing instruction", 2),
        (Array("<resources>\n<a".utf8) + [0xFF] + Array("/></resources>".utf8), "not valid UTF-8", 2),
    ])
    func refusedWithALine(_ bytes: [UInt8], _ message: String, _ line: Int) {
        #expect {
            _ = try XMLTree.parse(Data(bytes), file: "t.xml")
        } throws: { error in
            guard let problem = error as? CatalogProblem else { return false }
            return problem.message.contains(message) && problem.location.line == line
        }
    }
}
