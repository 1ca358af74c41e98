import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

@Suite struct StringsReaderTests {
    let catalog: Catalog
    init() throws { catalog = try readFixture("Apple") }

    @Test func folderScanFindsEveryLproj() {
        #expect(Set(catalog.entries.map(\.locale)) == ["en", "de", "fr"])
        #expect(catalog.problems.isEmpty)
        #expect(catalog.sourceLanguage == nil)
    }

    @Test func escapesAndComments() throws {
        let title = try #require(catalog.entry("title", "en"))
        #expect(title.text == "Main \"Window\"")
        #expect(title.comment == "Title of the main window")
        #expect(title.origin.line == 2)
        #expect(title.origin.file == fixture("Apple/en.lproj/Localizable.strings"))
        let save = try #require(catalog.entry("save", "en"))
        #expect(save.text == "Save\tnow\\later\nok")
        #expect(save.comment == "Shown on the button\nthat saves")
        #expect(save.origin.line == 6)
        #expect(catalog.entry("unicode", "en")?.text == "café 😀")
        #expect(catalog.entry("plain", "en")?.text == "word key")
        #expect(catalog.entry("greeting", "en")?.comment == nil)
    }

    @Test func utf16LittleEndianWithBOM() throws {
        let title = try #require(catalog.entry("title", "de"))
        #expect(title.text == "Hauptfenster")
        #expect(title.comment == "Title")
        #expect(title.sourceText == "Main \"Window\"")
        #expect(title.isTranslated)
        #expect(catalog.entry("save", "de")?.origin.line == 3)
    }

    @Test func utf16BigEndianWithBOM() throws {
        #expect(catalog.entry("title", "fr")?.text == "Fenêtre principale")
        let greeting = try #require(catalog.entry("greeting", "fr"))
        #expect(greeting.text == "Bonjour")
        #expect(greeting.comment == "Salut")
        #expect(greeting.origin.line == 3)
    }

    @Test func keysMissingFromALocaleAreUntranslated() throws {
        let greeting = try #require(catalog.entry("greeting", "de"))
        #expect(greeting.text == "Hello")
        #expect(!greeting.isTranslated)
        #expect(greeting.origin == SourceLocation(file: fixture("Apple/de.lproj/Localizable.strings")))
        // The stringsdict table is the same table (Localizable): fr lacks its plural key.
        #expect(catalog.variants("%d files", "fr") == ["plural.one", "plural.other"])
        #expect(catalog.entry("%d files", "fr", "plural.other")?.isTranslated == false)
    }

    @Test func stringsdictPlurals() throws {
        #expect(catalog.variants("%d files", "en") == ["plural.one", "plural.other"])
        let one = try #require(catalog.entry("%d files", "de", "plural.one"))
        #expect(one.text == "%d Datei")
        #expect(one.sourceText == "%d file")
        #expect(one.origin.line == 13)
        #expect(one.origin.file == fixture("Apple/de.lproj/Localizable.stringsdict"))
    }

    @Test func stringsdictTwoVariables() {
        let key = "%d files in %d folders"
        #expect(catalog.variants(key, "en") == [
            "substitution.files.plural.one/substitution.folders.plural.one",
            "substitution.files.plural.one/substitution.folders.plural.other",
            "substitution.files.plural.other/substitution.folders.plural.one",
            "substitution.files.plural.other/substitution.folders.plural.other",
        ])
        #expect(catalog.entry(key, "en", "substitution.files.plural.other/substitution.folders.plural.one")?.text
                == "%1$d files in %2$d folder")
    }

    @Test func stringsdictWidthVariants() throws {
        #expect(catalog.variants("welcome_banner", "en") == ["width.20", "width.50", "width.100"])
        let all = catalog.entries.filter { $0.key == "welcome_banner" && $0.locale == "en" }
        #expect(all.map(\.variantWidth) == [20, 50, 100])
        #expect(widthVariant(for: 60, among: all)?.text == "Welcome")
        #expect(widthVariant(for: 50, among: all)?.text == "Welcome")
        #expect(widthVariant(for: 1000, among: all)?.text == "Welcome to TextFit")
        #expect(widthVariant(for: 5, among: all)?.text == "Hi")
        #expect(widthVariant(for: 60, among: []) == nil)
        #expect(catalog.entry("welcome_banner", "en", "width.20")?.origin.line == 28)
    }

    @Test func explicitSourceLanguageChoosesTheSourceLproj() throws {
        let c = try readFixture("Apple", sourceLanguage: "de")
        // de is now the source: source texts come from de; en has every key de has, so nothing is added.
        #expect(c.entry("title", "en")?.sourceText == "Hauptfenster")
        #expect(c.entry("greeting", "en")?.isTranslated == true)
    }
}

@Suite struct AppleProblemTests {
    @Test func brokenStringsFile() throws {
        let c = try readFixture("Broken/xx.lproj/Broken.strings")
        #expect(c.problemLines == [
            "Broken.strings:2 missing ';' after the value of \"missing\"",
            "Broken.strings:4 \\U needs four hex digits",
            "Broken.strings:5 duplicate key \"ok\" (first at line 1)",
            "Broken.strings:7 unterminated string",
        ])
        #expect(c.entries.map(\.key) == ["ok", "missing", "next"])
        #expect(c.entry("ok", "xx")?.text == "fine")
        #expect(c.entry("next", "xx")?.origin.line == 3)
    }

    /// After a value, more on the same line means the value was not quoted or the `;` is missing
    /// mid-line: the pair is skipped and reading resumes after the next `;`, so that the rest of the
    /// line (`mots`) is not read as a key of its own.
    @Test func junkAfterAValueIsSkippedWithoutAPhantomKey() throws {
        let folder = try temporaryCatalog(["fr.lproj/Localizable.strings": """
            "d" = Quatre mots;
            "e" = "cinq";
            "f" = "six" "sept; huit"; "g" = "neuf";
            "h" = "dix" onze
            "i" = "douze";
            """])
        let c = try CatalogReader.read([folder])
        #expect(c.problemLines == [
            "Localizable.strings:1 missing ';' after the value of \"d\" (found 'm' on the same line); skipped",
            "Localizable.strings:3 missing ';' after the value of \"f\" (found '\"' on the same line); skipped",
            "Localizable.strings:4 missing ';' after the value of \"h\" (found 'o' on the same line); skipped",
        ])
        #expect(c.entries.map(\.key) == ["e", "g", "i"])
        #expect(c.entry("g", "fr")?.text == "neuf")
        #expect(c.entry("i", "fr")?.origin.line == 5)
    }

    @Test func strictStopsAtTheFirstStringsProblem() {
        let p = expectProblem { try readFixture("Broken/xx.lproj/Broken.strings", strict: true) }
        #expect(p?.location == SourceLocation(file: fixture("Broken/xx.lproj/Broken.strings"), line: 2))
    }

    @Test func brokenStringsdict() throws {
        let c = try readFixture("Broken/xx.lproj/Broken.stringsdict")
        #expect(c.problemLines == [
            "Broken.stringsdict:5 \"no format\" has no NSStringLocalizedFormatKey",
            "Broken.stringsdict:12 \"undefined\" refers to variable 'missing', which is not defined",
            "Broken.stringsdict:19 variable 'n' of \"no other\" has no 'other' category",
        ])
        #expect(c.entry("no other", "xx", "plural.one")?.text == "one thing")
        #expect(c.entry("good", "xx", "width.10")?.text == "ok")
    }

    /// Writes `keys` (plist `<key>…</key><dict>…</dict>` pairs, one per line) as
    /// `xx.lproj/Expand.stringsdict` in a scratch folder and reads it leniently.
    func readStringsdict(_ keys: String) throws -> Catalog {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsr-\(UUID().uuidString)/xx.lproj")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let file = dir.appendingPathComponent("Expand.stringsdict")
        try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(keys)\n</dict>\n</plist>\n".utf8)
            .write(to: file)
        return try CatalogReader.read([file.path])
    }

    /// A variable's `<dict>` with the given plural categories, on one line.
    func variable(_ name: String, _ cases: [(String, String)]) -> String {
        "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            + cases.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined() + "</dict>"
    }

    @Test func stringsdictNestedVariables() throws {
        // A category's text may refer to another variable (Apple's nested plural rules): two texts
        // of `files`, each expanded by the two of `folders`.
        let c = try readStringsdict("""
            <key>nested</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            \(variable("files", [("one", "%d file in %#@folders@"), ("other", "%d files in %#@folders@")]))
            \(variable("folders", [("one", "one folder"), ("other", "%d folders")]))</dict>
            """)
        #expect(c.problems.isEmpty)
        #expect(c.variants("nested", "xx") == [
            "substitution.files.plural.one/substitution.folders.plural.one",
            "substitution.files.plural.one/substitution.folders.plural.other",
            "substitution.files.plural.other/substitution.folders.plural.one",
            "substitution.files.plural.other/substitution.folders.plural.other",
        ])
        #expect(c.entry("nested", "xx", "substitution.files.plural.other/substitution.folders.plural.one")?.text
                == "%d files in one folder")
    }

    @Test func stringsdictVariableReferringToItselfIsAProblem() throws {
        // Found by CI's fuzzing (crasher stringsdict/variable-refers-to-itself): each level of the
        // expansion copied the text, so 854 bytes took 20 s; four copies a level would take 4^16 times
        // the text's size. Each key is on a line of its own (lines 4, 5 and 6).
        let c = try readStringsdict("""
            <key>self</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n", [("other", "%d %#@n@ %#@n@")]))</dict>
            <key>loop</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>\(variable("a", [("other", "a %#@b@")]))\(variable("b", [("one", "b"), ("other", "b %#@a@")]))</dict>
            <key>fine</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\(variable("n", [("other", "%d n")]))</dict>
            """)
        #expect(c.problemLines == [
            "Expand.stringsdict:4 variable 'n' of \"self\" refers to itself ('n' → 'n')",
            "Expand.stringsdict:5 variable 'a' of \"loop\" refers to itself ('a' → 'b' → 'a')",
        ])
        #expect(c.variants("self", "xx").isEmpty)
        #expect(c.variants("loop", "xx").isEmpty)
        #expect(c.entry("fine", "xx", "plural.other")?.text == "%d n")
    }

    @Test func stringsdictExpansionIsBounded() throws {
        let categories = ["zero", "one", "two", "few", "many", "other"].map { ($0, $0) }
        let names = ["a", "b", "c", "d", "e"]
        func key(_ key: String, _ vars: ArraySlice<String>) -> String {
            "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>"
                + vars.map { "%#@\($0)@" }.joined(separator: " ") + "</string>"
                + vars.map { variable($0, categories) }.joined() + "</dict>"
        }
        // Texts: four variables of six categories make 6^4 = 1,296 texts (under 4,096); five make
        // 6^5 = 7,776 (over). Bytes: seven variables, each text of the first six sixteen references to
        // the next, the last 16 bytes: 16^7 bytes = 256 MiB (over 4 MiB); texts: one each.
        let refs = (1...7).map { i in i == 7 ? String(repeating: "x", count: 16)
                                              : String(repeating: "%#@v\(i + 1)@", count: 16) }
        let deep = "<key>deep</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v1@</string>"
            + refs.enumerated().map { variable("v\($0.offset + 1)", [("other", $0.element)]) }.joined() + "</dict>"
        let c = try readStringsdict([key("four", names[..<4]), key("five", names[...]), deep].joined(separator: "\n"))
        #expect(c.variants("four", "xx").count == 1_296)
        #expect(c.entry("four", "xx", "substitution.a.plural.few/substitution.b.plural.zero/substitution.c.plural.other/substitution.d.plural.two")?.text
                == "few zero other two")
        #expect(c.problemLines == [
            "Expand.stringsdict:5 \"five\" expands to more than 4096 texts",
            "Expand.stringsdict:6 \"deep\" expands to more than 4194304 bytes of text",
        ])
        #expect(c.variants("five", "xx").isEmpty)
        #expect(c.variants("deep", "xx").isEmpty)
    }

    @Test func malformedPlistNamesFileAndLine() {
        let p = expectProblem { try readFixture("Broken/Malformed.stringsdict") }
        #expect(p?.location == SourceLocation(file: fixture("Broken/Malformed.stringsdict"), line: 5))
        #expect(p?.message.hasPrefix("malformed XML") == true)
    }

    @Test func unknownTypeAndMissingPath() {
        let unknown = expectProblem { try readFixture("Broken/notes.txt") }
        #expect(unknown?.location == SourceLocation(file: fixture("Broken/notes.txt")))
        #expect(unknown?.message.hasPrefix("unknown catalog type") == true)
        let missing = expectProblem { try readFixture("Broken/nowhere.strings") }
        #expect(missing?.message == "no such file or folder")
    }

    @Test func badUTF8IsAnError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lsr-\(UUID().uuidString)/de.lproj")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let file = dir.appendingPathComponent("Bad.strings")
        try Data([0x22, 0x61, 0x22, 0x3D, 0x22, 0xC3, 0x28, 0x22, 0x3B]).write(to: file)
        let p = expectProblem { try CatalogReader.read([file.path], strict: false) }
        #expect(p?.location == SourceLocation(file: file.path))
        #expect(p?.message == "not UTF-8, and no UTF-16 byte-order mark")
    }
}

/// Binary property lists, as Xcode compiles `.strings` and `.stringsdict` files into an app. The
/// fixtures are written by Python's plistlib, or assembled byte by byte where plistlib cannot write
/// the fault (`Fixtures/make-binary-plists.py`; plistlib reads each of those as the test expects);
/// the expected texts are the ones that script writes.
@Suite struct BinaryPropertyListTests {
    @Test func stringsAndStringsdictFromAnApp() throws {
        let c = try readFixture("AppleBinary")
        #expect(c.problems.isEmpty)
        #expect(Set(c.entries.map(\.locale)) == ["ja"])
        let file = fixture("AppleBinary/ja.lproj/Localizable.strings")
        #expect(c.entry("title", "ja")?.text == "メインウィンドウ")
        #expect(c.entry("greeting", "ja")?.text == "こんにちは")
        #expect(c.entry("save", "ja")?.origin == SourceLocation(file: file))  // a binary list has no lines
        // One string object, referred to by two keys.
        #expect(c.entry("ok", "ja")?.text == "OK")
        #expect(c.entry("confirm", "ja")?.text == "OK")
        // Japanese has the one plural category `other` (CLDR plurals.xml).
        #expect(c.variants("%d files", "ja") == ["plural.other"])
        #expect(c.entry("%d files", "ja", "plural.other")?.text == "%d 個のファイル")
        // Widths in numeric order, although the file sorts its keys as strings ("100" < "20").
        #expect(c.variants("welcome", "ja") == ["width.20", "width.100"])
        #expect(c.entry("welcome", "ja", "width.100")?.text == "TextFit へようこそ")
    }

    @Test func aValueThatIsNotAStringIsAProblemAndTheRestIsRead() throws {
        let c = try readFixture("BrokenBinary/ja.lproj/NotAString.strings")
        #expect(c.problemLines == [#"NotAString.strings value of "count" is not a string"#])
        #expect(c.entry("title", "ja")?.text == "タイトル")
        #expect(c.entry("count", "ja") == nil)
    }

    @Test func sharedDictionariesAreReadOnceEach() throws {
        // 30 dictionaries, each referring to the next twice: 2^30 values if expanded (a reader that
        // expands them does not finish), 33 objects read once. The top level's keys are "a" and "b",
        // whose dictionaries are not plural rules.
        let c = try readFixture("BrokenBinary/ja.lproj/Shared.stringsdict")
        #expect(c.problemLines == [#"Shared.stringsdict "a" has no NSStringLocalizedFormatKey"#,
                                   #"Shared.stringsdict "b" has no NSStringLocalizedFormatKey"#])
    }

    @Test("a broken binary list is one problem naming the file, the same every time", arguments: [
        ("Array.strings", "the top level of a binary .strings file is not a dictionary"),
        // The last 5 bytes cut: the trailer is read 5 bytes early, so its offset size is a 0 byte.
        ("Truncated.strings", "malformed binary property list: the trailer's sizes do not fit the file"),
        // `bplist<<`: Foundation's PropertyListSerialization leaked its error here (finding 17).
        ("Malformed.stringsdict", #"malformed binary property list: not version 00 (the header is not "bplist00")"#),
        ("Deep.stringsdict", "malformed binary property list: dictionaries nested more than 32 levels deep"),
        ("Cycle.stringsdict", "malformed binary property list: a dictionary contains itself"),
        ("DuplicateKey.strings", #"malformed binary property list: key "k" appears twice in one dictionary"#),
        ("IntegerKey.strings", "malformed binary property list: a dictionary key is not a string"),
        ("LoneSurrogate.strings", "malformed binary property list: a UTF-16 string has an unpaired surrogate"),
    ])
    func brokenBinaryList(file: String, message: String) {
        let path = "BrokenBinary/ja.lproj/" + file
        for _ in 0..<3 {
            let p = expectProblem { try readFixture(path) }
            #expect(p?.location == SourceLocation(file: fixture(path)))
            #expect(p?.message == message)
        }
    }
}
