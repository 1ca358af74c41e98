import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

@Suite struct XLIFFReaderTests {
    @Test func xliff12AsXcodeExportsIt() throws {
        let c = try readFixture("Export/de.xliff")
        #expect(c.sourceLanguage == "en")
        #expect(c.problemLines == ["de.xliff:27 maxwidth \"12\" of \"Width in chars\" is in size-unit \"char\": not checked (only pixel is)"])
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
        // Not checked, and said so (a warning naming the unit), rather than silently ignored.
        #expect(chars.maxWidth == nil)
        #expect(c.problems.map(\.location.line) == [27])
        #expect(chars.text == "Kurz")
        #expect(chars.isTranslated)
        #expect(c.entries.allSatisfy { $0.key != "Hidden" })
    }

    @Test func stringsdictExportIDsAndInlinePlaceholders() throws {
        let c = try readFixture("Export/de.xliff")
        #expect(c.variants("%d photos", "de") == ["plural.few", "plural.other"])
        #expect(c.entry("%d photos", "de", "plural.few")?.text == "%d Fotos")
        #expect(c.entry("%d photos", "de", "plural.few")?.origin.line == 42)
        #expect(c.entry("%d photos", "de", "plural.other")?.text == "%d Fotos insgesamt")
        #expect(c.entry("Greeting %@", "de")?.text == "Hallo %@!")
        #expect(c.entry("Greeting %@", "de")?.sourceText == "Hello %@!")
        #expect(c.entries.count == 8)
    }

    @Test func idSplitting() {
        #expect(XLIFFReader.splitID("a|==|plural.one") == ("a", "plural.one"))
        #expect(XLIFFReader.splitID("a|==|device.mac.plural.few") == ("a", "device.mac/plural.few"))
        #expect(XLIFFReader.splitID("a|==|substitutions.n.plural.one") == ("a", "substitution.n.plural.one"))
        #expect(XLIFFReader.splitID("plain") == ("plain", ""))
        #expect(XLIFFReader.dictPath("/k:dict/NSStringLocalizedFormatKey:dict/:string")! == ("k", ["NSStringLocalizedFormatKey"]))
        #expect(XLIFFReader.dictPath("/a/b:dict/files:dict/one:dict/:string")! == ("a/b", ["files", "one"]))
        #expect(XLIFFReader.dictPath("/k:dict/NSStringVariableWidthRuleType:dict/20:dict/:string")! == ("k", ["NSStringVariableWidthRuleType", "20"]))
        #expect(XLIFFReader.dictPath("plain") == nil)
    }

    /// `xcodebuild -exportLocalizations` writes a `.stringsdict` key's format and each plural case as
    /// units of their own: they are put back together, one entry per combination with the whole text
    /// (the format unit used to be skipped and `%d Datei` measured alone).
    @Test func stringsdictExportIsReassembled() throws {
        let c = try readFixture("Export/assembled.xliff")
        #expect(c.problems.isEmpty)
        #expect(c.variants("files.selected", "de") == ["plural.one", "plural.other"])
        let one = try #require(c.entry("files.selected", "de", "plural.one"))
        #expect(one.text == "Ausgewählt: %d Datei im aktuellen Ordner")
        #expect(one.sourceText == "Selected %d file in the current folder")
        #expect(one.comment == "Toolbar status")
        #expect(one.maxWidth == 200)
        #expect(one.isTranslated)
        #expect(one.origin == SourceLocation(file: fixture("Export/assembled.xliff"), line: 10))
        // The `other` case is untranslated (needs-translation): its source stands in, and the whole is untranslated.
        let other = try #require(c.entry("files.selected", "de", "plural.other"))
        #expect(other.text == "Ausgewählt: %d files im aktuellen Ordner")
        #expect(!other.isTranslated)
        #expect(other.state == "needs-translation")
        #expect(other.maxWidth == nil)
        #expect(other.origin.line == 14)
        // Two variables: their product, named as the stringsdict reader names them (no duplicate plural.one).
        #expect(c.variants("summary", "de") == [
            "substitution.files.plural.one/substitution.folders.plural.one",
            "substitution.files.plural.one/substitution.folders.plural.other",
            "substitution.files.plural.other/substitution.folders.plural.one",
            "substitution.files.plural.other/substitution.folders.plural.other",
        ])
        #expect(c.entry("summary", "de", "substitution.files.plural.other/substitution.folders.plural.one")?.text
                == "%d Dateien in %d Ordner")
        #expect(c.entry("summary", "de", "substitution.files.plural.one/substitution.folders.plural.other")?.origin.line == 35)
        // Catalog order: each key where its first unit is.
        #expect(Array(c.entries.map(\.key).prefix(7)) == ["files.selected", "files.selected", "Plain"] + Array(repeating: "summary", count: 4))
    }

    /// A `.stringsdict` key exported as many units (here 4,000 `NSStringVariableWidthRuleType` widths)
    /// is put back together: each unit was added by copying the whole rebuilt `<dict>` (twice: texts
    /// and sources), and each text's source was searched for among all the key's, O(n²) — 8,000
    /// variable units (24,000 units) took 5.6 s in a release build. The growth with n is measured by
    /// `make bench` (group `scaling`, the XLIFF line), not here. Every width is an entry, in width
    /// order, with its own text, source and line; a unit whose path is taken, or passes through a
    /// string, is still refused.
    @Test func manyUnitsOfOneKeyAreReassembled() throws {
        let n = 4_000
        var lines = [#"<xliff version="1.2"><file original="Localizable.stringsdict" source-language="en" target-language="de"><body>"#]
        for w in 1...n {
            lines.append(#"<trans-unit id="/k:dict/NSStringVariableWidthRuleType:dict/\#(w):dict/:string"><source>w\#(w)</source><target>b\#(w)</target></trans-unit>"#)
        }
        lines += [
            #"<trans-unit id="/k:dict/NSStringVariableWidthRuleType:dict/1:dict/:string"><source>again</source><target>nochmal</target></trans-unit>"#,
            #"<trans-unit id="/k:dict/NSStringVariableWidthRuleType:dict/2:dict/deeper:dict/:string"><source>x</source><target>y</target></trans-unit>"#,
            #"<trans-unit id="/k:dict/NSStringVariableWidthRuleType:dict/:string"><source>x</source><target>y</target></trans-unit>"#,
            "</body></file></xliff>",
        ]
        let folder = try temporaryCatalog(["many.xliff": lines.joined(separator: "\n")])
        let c = try CatalogReader.read([folder + "/many.xliff"])
        #expect(c.variants("k", "de") == (1...n).map { "width.\($0)" })
        #expect(c.entry("k", "de", "width.1")?.text == "b1")
        let middle = try #require(c.entry("k", "de", "width.\(n / 2)"))
        #expect(middle.text == "b\(n / 2)" && middle.sourceText == "w\(n / 2)" && middle.origin.line == n / 2 + 1)
        let last = try #require(c.entry("k", "de", "width.\(n)"))
        #expect(last.text == "b\(n)" && last.sourceText == "w\(n)" && last.origin.line == n + 1)
        #expect(c.problemLines == [
            "many.xliff:\(n + 2) trans-unit \"/k:dict/NSStringVariableWidthRuleType:dict/1:dict/:string\" repeats or conflicts with an earlier unit of \"k\": not checked",
            "many.xliff:\(n + 3) trans-unit \"/k:dict/NSStringVariableWidthRuleType:dict/2:dict/deeper:dict/:string\" repeats or conflicts with an earlier unit of \"k\": not checked",
            "many.xliff:\(n + 4) trans-unit \"/k:dict/NSStringVariableWidthRuleType:dict/:string\" repeats or conflicts with an earlier unit of \"k\": not checked",
        ])
    }

    /// A String Catalog export writes substitutions as `key|==|substitutions.name.plural.one` units beside
    /// the string that refers to them (`%2$#@photos@`): expanded as the `.xcstrings` reader expands them.
    @Test func stringCatalogSubstitutionsAreReassembled() throws {
        let c = try readFixture("Export/assembled.xliff")
        #expect(c.variants("photos.found", "de") == ["substitution.photos.plural.one", "substitution.photos.plural.other"])
        let other = try #require(c.entry("photos.found", "de", "substitution.photos.plural.other"))
        #expect(other.text == "%1$@ hat %2$lld Fotos gefunden")
        #expect(other.sourceText == "%1$@ found %2$lld photos")
        #expect(other.isTranslated)
        #expect(other.state == "translated")
        #expect(other.origin.line == 42)
        // The `one` unit is new with an empty target: its source is measured, untranslated.
        let one = try #require(c.entry("photos.found", "de", "substitution.photos.plural.one"))
        #expect(one.text == "%1$@ hat %2$lld photo gefunden")
        #expect(!one.isTranslated)
        #expect(one.state == "new")
        #expect(PlaceholderSamples.standard.substitute(other.text) == "Maximilian Mustermann-Schmidt hat 8,888,888 Fotos gefunden")
        // Device variations share the string's substitutions.
        #expect(c.variants("Tap", "de") == [
            "device.iphone/substitution.n.plural.one", "device.iphone/substitution.n.plural.other",
            "device.mac/substitution.n.plural.one", "device.mac/substitution.n.plural.other",
        ])
        #expect(c.entry("Tap", "de", "device.mac/substitution.n.plural.other")?.text == "Klicke %lld Male")
        #expect(c.entry("Tap", "de", "device.mac/substitution.n.plural.other")?.sourceText == "Click %lld times")
        #expect(c.entries.count == 13)
    }

    /// The same strings as a `.stringsdict` and a String Catalog give the same variants and texts as
    /// their XLIFF export.
    @Test func reassembledVariantsAreThoseOfTheNativeReaders() throws {
        func plural(_ name: String, _ one: String, _ other: String) -> String {
            "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>d</string>"
                + "<key>one</key><string>\(one)</string><key>other</key><string>\(other)</string></dict>"
        }
        let folder = try temporaryCatalog([
            "de.lproj/Localizable.stringsdict": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                <key>summary</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@files@ in %#@folders@</string>
                \(plural("files", "%d Datei", "%d Dateien"))\(plural("folders", "%d Ordner", "%d Ordnern"))</dict>
                </dict></plist>
                """,
            "Localizable.xcstrings": """
                {"sourceLanguage": "en", "strings": {"photos.found": {"localizations": {"de": {
                  "stringUnit": {"state": "translated", "value": "%1$@ hat %2$#@photos@ gefunden"},
                  "substitutions": {"photos": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {
                    "one": {"stringUnit": {"state": "translated", "value": "%arg Foto"}},
                    "other": {"stringUnit": {"state": "translated", "value": "%arg Fotos"}}}}}}}}}}}
                """,
        ])
        let native = try CatalogReader.read([folder])
        let exported = try readFixture("Export/assembled.xliff")
        for key in ["summary", "photos.found"] {
            let mine = exported.entries.filter { $0.key == key }.map { [$0.variant, $0.text] }
            let theirs = native.entries.filter { $0.key == key && $0.locale == "de" }.map { [$0.variant, $0.text] }
            #expect(mine.map { $0[0] } == theirs.map { $0[0] })
            if key == "summary" { #expect(mine == theirs) }
        }
        #expect(native.entry("photos.found", "de", "substitution.photos.plural.other")?.text == "%1$@ hat %2$lld Fotos gefunden")
    }

    /// Pieces that cannot be put together are problems naming the file, line and unit id, never
    /// measured alone or with an unresolved variable.
    @Test func piecesThatDoNotFitAreReported() throws {
        let c = try readFixture("BrokenXLIFF/pieces.xliff")
        #expect(c.problemLines == [
            "pieces.xliff:5 trans-unit \"/no.units:dict/NSStringLocalizedFormatKey:dict/:string\" refers to variable 'folders', which has no units (\"/no.units:dict/folders:dict/<category>:dict/:string\") in this <file>: \"no.units\" not checked",
            "pieces.xliff:13 trans-unit \"/no.format:dict/files:dict/one:dict/:string\" is part of \"no.format\", whose format unit \"/no.format:dict/NSStringLocalizedFormatKey:dict/:string\" is not in this <file>: not checked",
            "pieces.xliff:25 trans-unit \"/unused:dict/filez:dict/other:dict/:string\" is in no text of \"unused\" (nothing refers to it): not checked",
            "pieces.xliff:33 trans-unit \"lonely|==|substitutions.n.plural.other\" is substitution 'n' of \"lonely\", whose own unit \"lonely\" is not in this <file>: not checked",
            "pieces.xliff:37 trans-unit \"undefined\" refers to substitution 'n', which has no units (\"undefined|==|substitutions.n.plural.<category>\") in this <file>: not checked",
        ])
        #expect(c.entries.map { [$0.key, $0.variant, $0.text] } == [["unused", "plural.other", "%d Dateien"], ["fine", "", "Gut"]])
        let strict = expectProblem { try readFixture("BrokenXLIFF/pieces.xliff", strict: true) }
        #expect(strict?.location == SourceLocation(file: fixture("BrokenXLIFF/pieces.xliff"), line: 5))
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

    /// XLIFF 1.2: the content of <bpt>, <ept>, <it> and <ph> is the original's native code (here HTML
    /// tags), not text a user sees; only their `equiv-text`, if any, stands in.
    @Test func xliff12NativeCodeIsNotMeasured() throws {
        let folder = try temporaryCatalog(["fr.xliff": """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
              <file original="app" source-language="en" target-language="fr" datatype="html"><body>
                <trans-unit id="press">
                  <source>Press <bpt id="1">&lt;b&gt;</bpt>OK<ept id="1">&lt;/b&gt;</ept> now</source>
                  <target>Appuyez sur <bpt id="1">&lt;b&gt;</bpt>OK<ept id="1">&lt;/b&gt;</ept> maintenant</target>
                </trans-unit>
                <trans-unit id="codes">
                  <source>a</source>
                  <target>A<it id="2" pos="open">&lt;i&gt;</it>B<ph id="3">&lt;br/&gt;</ph>C<ph id="4" equiv-text=" ">&lt;br/&gt;</ph>D<g id="5">E</g></target>
                </trans-unit>
              </body></file>
            </xliff>
            """])
        let c = try CatalogReader.read([folder + "/fr.xliff"])
        #expect(c.problems.isEmpty)
        #expect(c.entry("press", "fr")?.text == "Appuyez sur OK maintenant")
        #expect(c.entry("press", "fr")?.sourceText == "Press OK now")
        #expect(c.entry("codes", "fr")?.text == "ABC DE")
    }

    /// XLIFF 2.0: <ph dataRef> puts in the unit's original data (then filled with samples like any
    /// placeholder); `equiv` — the spec's plain-text equivalent of a code — wins over `disp`, the
    /// display form; <cp hex> is the code point; <sc>/<ec> are codes; <pc> content is text.
    @Test func xliff20InlineCodes() throws {
        let folder = try temporaryCatalog(["fr.xlf": """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
              <file id="f1">
                <unit id="hello">
                  <originalData><data id="d1">%1$@</data><data id="d2">&lt;b&gt;</data><data id="d3">&lt;/b&gt;</data></originalData>
                  <segment state="translated">
                    <source>Hello <ph id="1" dataRef="d1"/></source>
                    <target>Bonjour<cp hex="00A0"/><ph id="1" dataRef="d1"/> <pc id="2" dataRefStart="d2" dataRefEnd="d3">gras</pc></target>
                  </segment>
                </unit>
                <unit id="equiv">
                  <segment>
                    <source>x</source>
                    <target>Total<ph id="1" disp="[price]" equiv=" 9 €"/><sc id="2" equiv=""/>!<ec startRef="2"/><sm id="m"/>?<em startRef="m"/></target>
                  </segment>
                </unit>
                <unit id="lost">
                  <segment>
                    <source>Hi <ph id="1" dataRef="nowhere" disp="{name}"/></source>
                  </segment>
                </unit>
              </file>
            </xliff>
            """])
        let c = try CatalogReader.read([folder + "/fr.xlf"])
        let hello = try #require(c.entry("hello", "fr"))
        #expect(hello.text == "Bonjour\u{A0}%1$@ gras")
        #expect(hello.sourceText == "Hello %1$@")
        #expect(PlaceholderSamples.standard.substitute(hello.text) == "Bonjour\u{A0}Maximilian Mustermann-Schmidt gras")
        #expect(c.entry("equiv", "fr")?.text == "Total 9 €!?")
        // A dataRef to nothing is reported at its unit (line 17); the display text stands in.
        #expect(c.entry("lost", "fr")?.text == "Hi {name}")
        #expect(c.problemLines == ["fr.xlf:17 <ph dataRef=\"nowhere\"> of \"lost\" names no <data> in the unit's <originalData>"])
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
        #expect(p?.message == "malformed XML: <source> is not closed (no </source>): the end tag on line 5 does not match it")
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
