import Foundation
import Testing
@testable import Catalogs
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
        #expect(AndroidReader.locale(fromFolder: "values-fil") == "fil")
        #expect(AndroidReader.locale(fromFolder: "values-es-r419") == "es-419")
        #expect(AndroidReader.locale(fromFolder: "values-mcc310-de") == nil)
        #expect(AndroidReader.locale(fromFolder: "values-night") == nil)
        #expect(AndroidReader.locale(fromFolder: "values-sw600dp") == nil)
        #expect(AndroidReader.locale(fromFolder: "values-car") == nil)
    }

    /// Qualifiers that are not a language (Android's table of configuration qualifiers) make a
    /// device/configuration variant; `car` is the UI mode, not a language, although it has three letters.
    @Test func variantFolders() {
        for folder in ["values", "values-fr", "values-fr-rCA", "values-b+sr+Latn", "values-es-r419", "values-fil"] {
            #expect(AndroidReader.variantQualifiers(fromFolder: folder) == nil, "\(folder)")
        }
        let variants = [
            "values-night": "night", "values-land": "land", "values-port": "port", "values-sw600dp": "sw600dp",
            "values-w820dp": "w820dp", "values-h720dp": "h720dp", "values-v21": "v21", "values-car": "car",
            "values-television": "television", "values-watch": "watch", "values-large": "large", "values-xlarge": "xlarge",
            "values-ldrtl": "ldrtl", "values-round": "round", "values-notlong": "notlong", "values-xhdpi": "xhdpi",
            "values-mcc310": "mcc310", "values-mcc310-mnc004-de": "mcc310-mnc004-de",
            "values-fr-night": "night", "values-fr-rCA-land": "land", "values-b+sr+Latn-v21": "v21",
        ]
        for (folder, qualifiers) in variants {
            #expect(AndroidReader.variantQualifiers(fromFolder: folder) == qualifiers, "\(folder)")
        }
    }

    /// `values-night/` and the like were read as more source files (duplicate verdicts), `values-car/` as
    /// a language `car`: they are notes, one per folder that has strings.
    @Test func variantFoldersAreNotReadButNoted() throws {
        let strings = { (text: String) in "<resources><string name=\"title\">\(text)</string></resources>" }
        let folder = try temporaryCatalog([
            "res/values/strings.xml": strings("Title"),
            "res/values-fr/strings.xml": strings("Titre"),
            "res/values-night/strings.xml": strings("Night"),
            "res/values-night/more.xml": "<resources><string name=\"a\">A</string><plurals name=\"b\"><item quantity=\"other\">B</item></plurals></resources>",
            "res/values-land/strings.xml": strings("Land"),
            "res/values-sw600dp/strings.xml": strings("Tablet"),
            "res/values-v21/strings.xml": strings("21"),
            "res/values-car/strings.xml": strings("Car"),
            "res/values-fr-night/strings.xml": strings("Nuit"),
            "res/values-v26/colors.xml": "<resources><color name=\"c\">#000</color></resources>",
        ])
        let c = try CatalogReader.read([folder])
        #expect(c.entries.map { [$0.key, $0.locale, $0.text] } == [["title", "fr", "Titre"], ["title", "en", "Title"]])
        let res = folder + "/res/"
        #expect(c.problems.map(\.location) == ["values-car", "values-fr-night", "values-land", "values-night", "values-sw600dp", "values-v21"]
            .map { SourceLocation(file: res + $0) })
        #expect(c.problems.map(\.message) == [
            "a device or configuration variant folder (car): its 1 string resource not checked (only values/ and values-<language>/ are read)",
            "a device or configuration variant folder (night): its 1 string resource not checked (only values/ and values-<language>/ are read)",
            "a device or configuration variant folder (land): its 1 string resource not checked (only values/ and values-<language>/ are read)",
            "a device or configuration variant folder (night): its 3 string resources not checked (only values/ and values-<language>/ are read)",
            "a device or configuration variant folder (sw600dp): its 1 string resource not checked (only values/ and values-<language>/ are read)",
            "a device or configuration variant folder (v21): its 1 string resource not checked (only values/ and values-<language>/ are read)",
        ])
    }

    /// aapt2 builds `product="default"` (or no product) unless asked for another: one verdict, the
    /// other product reported as not checked.
    @Test func otherProductsAreNotChecked() throws {
        let folder = try temporaryCatalog(["res/values/strings.xml": """
            <resources>
            <string name="product" product="tablet">Tap the tablet screen</string>
            <string name="product" product="default">Tap</string>
            <string name="plain">Plain</string>
            </resources>
            """])
        let c = try CatalogReader.read([folder])
        #expect(c.entries.map { [$0.key, $0.text] } == [["product", "Tap"], ["plain", "Plain"]])
        #expect(c.problemLines == [
            "strings.xml:2 <string name=\"product\" product=\"tablet\"> is for one product only: not checked (the string is the one with product=\"default\" or no product)",
        ])
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

    /// A folder scan used to look for `<resources` in the first 4 KB as UTF-8 only, so a long licence
    /// comment or a UTF-16 file vanished from the catalog without a word.
    @Test func folderScanFindsResourcesAfterALongCommentOrInUTF16() throws {
        let licence = "<!--\n" + String(repeating: "Licensed under the Apache License, Version 2.0.\n", count: 120) + "-->\n"
        #expect(licence.utf8.count > 4096)
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("""
            <?xml version="1.0" encoding="utf-16"?>
            <resources><string name="hello">Hallo</string></resources>
            """.data(using: .utf16LittleEndian)!)
        let folder = try temporaryCatalog([
            "res/values/strings.xml": Data(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + licence
                + "<!DOCTYPE resources [ <!ENTITY app \"X>\"> ]>\n<resources>\n<string name=\"hello\">Hello</string>\n</resources>\n").utf8),
            "res/values-de/strings.xml": utf16,
            "res/values-fr/strings.xml": Data("<?xml version=\"1.0\"?>\n<ressources><string name=\"hello\">Bonjour</string></ressources>\n".utf8),
            "res/values-fr/colors.xml": Data("<colours/>".utf8),
        ])
        #expect(try CatalogReader.catalogFiles(in: folder) == [folder + "/res/values-de/strings.xml", folder + "/res/values/strings.xml"])
        let c = try CatalogReader.read([folder])
        #expect(c.entry("hello", "en")?.text == "Hello")
        #expect(c.entry("hello", "en")?.origin.line == 126)  // declaration, 122 comment lines, DOCTYPE, <resources>
        #expect(c.entry("hello", "de")?.text == "Hallo")
        #expect(c.entry("hello", "de")?.sourceText == "Hello")
        // The misspelt root is reported, not read; colors.xml is not a catalog and passes unmentioned.
        #expect(c.problemLines == ["strings.xml not read: a strings.xml in values-fr/ that is not Android resources (root element <ressources>, expected <resources>)"])
        #expect(c.problems.first?.location.file == folder + "/res/values-fr/strings.xml")
        #expect(c.entries.allSatisfy { $0.locale != "fr" })
        let strict = expectProblem { try CatalogReader.read([folder], strict: true) }
        #expect(strict?.location.file == folder + "/res/values-fr/strings.xml")
    }

    /// U+1F600 is UTF-16 D83D DE00: Java source and aapt2 take it written as two `\u` escapes.
    @Test func surrogatePairEscapesAreOneCharacter() throws {
        let folder = try temporaryCatalog(["res/values/strings.xml": #"""
            <resources>
            <string name="smile">Smile \uD83D\uDE00 now</string>
            <string name="half">a \uD83D b</string>
            <string name="low">c \uDE00\u0041</string>
            </resources>
            """#])
        let c = try CatalogReader.read([folder])
        #expect(c.entry("smile", "en")?.text == "Smile \u{1F600} now")
        #expect(c.entry("half", "en")?.text == "a \u{FFFD} b")
        #expect(c.entry("low", "en")?.text == "c \u{FFFD}A")
        #expect(c.problemLines == [
            "strings.xml:3 \\uD83D is half of a UTF-16 surrogate pair, without its other half",
            "strings.xml:4 \\uDE00 is half of a UTF-16 surrogate pair, without its other half",
        ])
    }

    /// A string whose value is `@string/name` is an alias (Android's "string resource may reference
    /// another"): it was measured as the literal `@string/apos`.
    @Test func stringReferencesAreResolvedPerLocale() throws {
        let folder = try temporaryCatalog([
            "res/values/strings.xml": #"""
                <resources>
                <string name="apos">Don\'t stop</string>
                <string name="ref">@string/apos</string>
                <string name="ref2">  @string/ref  </string>
                <string name="escaped">\@string/apos</string>
                <string name="quoted">"@string/apos"</string>
                <string name="missing">@string/nowhere</string>
                <string name="loop.a">@string/loop.b</string>
                <string name="loop.b">@string/loop.a</string>
                <string name="framework">@android:string/ok</string>
                <string name="only_en">Only here</string>
                <string name="ref_en">@string/only_en</string>
                <string-array name="list"><item>@string/apos</item></string-array>
                </resources>
                """#,
            "res/values-de/strings.xml": """
                <resources>
                <string name="apos">Hör nicht auf</string>
                <string name="own">@string/ref</string>
                </resources>
                """,
        ])
        let c = try CatalogReader.read([folder])
        let en = folder + "/res/values/strings.xml", de = folder + "/res/values-de/strings.xml"
        #expect(c.entry("ref", "en")?.text == "Don't stop")
        #expect(c.entry("ref", "en")?.origin == SourceLocation(file: en, line: 3))
        #expect(c.entry("ref2", "en")?.text == "Don't stop")
        // In German the alias shows the German string it names (Android resolves it in the current locale).
        let ref = try #require(c.entry("ref", "de"))
        #expect(ref.text == "Hör nicht auf")
        #expect(ref.isTranslated)
        #expect(ref.sourceText == "Don't stop")
        #expect(ref.origin == SourceLocation(file: de, line: 2))
        #expect(c.entry("ref2", "de")?.text == "Hör nicht auf")
        #expect(c.entry("own", "de")?.text == "Hör nicht auf")
        #expect(c.entry("list[0]", "en")?.text == "Don't stop")
        #expect(c.entry("list[0]", "de")?.text == "Hör nicht auf")
        // A name German lacks falls back to values/, untranslated.
        #expect(c.entry("ref_en", "de")?.text == "Only here")
        #expect(c.entry("ref_en", "de")?.isTranslated == false)
        // Escaped or quoted, it is text.
        #expect(c.entry("escaped", "en")?.text == "@string/apos")
        #expect(c.entry("quoted", "en")?.text == "@string/apos")
        #expect(c.problemLines == [
            "strings.xml:10 \"framework\" refers to @android:string/ok, which is not a string of the catalog: not checked",
            "strings.xml:7 \"missing\" (en) refers to @string/nowhere, which is not defined: not checked",
            "strings.xml:8 \"loop.a\" (en) refers to itself: @string/loop.a → @string/loop.b → @string/loop.a: not checked",
            "strings.xml:9 \"loop.b\" (en) refers to itself: @string/loop.b → @string/loop.a → @string/loop.b: not checked",
            // values-de's own string, which values/ lacks: Android Lint's ExtraTranslation (ReaderFidelityTests).
            "strings.xml:3 \"own\" is in de but not in the source language (values/): checked in de, but the source and the locales that fall back to it have no such string",
        ])
        #expect(c.problems.dropLast().allSatisfy { $0.location.file == en })
        for key in ["missing", "loop.a", "loop.b", "framework"] { #expect(c.variants(key, "en").isEmpty && c.variants(key, "de").isEmpty) }
        #expect(!c.entries.contains { $0.text.hasPrefix("@") && $0.key != "escaped" && $0.key != "quoted" })
    }

    /// Aliases nest at most 16 references deep (`ReferenceExpansion.maxNesting`, as `.stringsdict`
    /// variables do): they used to be followed without end. `s0` is text and `sK` refers to `s(K-1)`, so
    /// `sK` is K references from its text (counted by hand): `s16` is the deepest that resolves.
    @Test func aliasChainsNestAtMostSixteenDeep() throws {
        var lines = [#"<string name="s0">Hello</string>"#]
        for k in 1...18 { lines.append(#"<string name="s\#(k)">@string/s\#(k - 1)</string>"#) }
        let folder = try temporaryCatalog(["res/values/strings.xml": "<resources>\n" + lines.joined(separator: "\n") + "\n</resources>\n"])
        let c = try CatalogReader.read([folder])
        for k in 1...16 { #expect(c.entry("s\(k)", "en")?.text == "Hello", "s\(k)") }
        #expect(c.variants("s17", "en").isEmpty && c.variants("s18", "en").isEmpty)
        // s17 is on line 19 (line 1 is <resources>, s0 on line 2); the chain is shown up to 17 names.
        let chain17 = (0...16).reversed().map { "@string/s\($0)" }.joined(separator: " → ")
        let chain18 = (1...17).reversed().map { "@string/s\($0)" }.joined(separator: " → ")
        #expect(c.problemLines == [
            "strings.xml:19 \"s17\" (en) refers through more than 16 @string/ references (\(chain17) → …), "
                + "deeper than aliases may nest (16, the bound .stringsdict variables have): not checked",
            "strings.xml:20 \"s18\" (en) refers through more than 16 @string/ references (\(chain18) → …), "
                + "deeper than aliases may nest (16, the bound .stringsdict variables have): not checked",
        ])
    }

    /// A cycle is named by its keys; a key that only leads into one is told so rather than said to refer
    /// to itself.
    @Test func aliasCyclesNameTheirKeys() throws {
        let folder = try temporaryCatalog(["res/values/strings.xml": """
            <resources>
            <string name="lead">@string/r1</string>
            <string name="r1">@string/r2</string>
            <string name="r2">@string/r3</string>
            <string name="r3">@string/r1</string>
            <string name="me">@string/me</string>
            </resources>
            """])
        let c = try CatalogReader.read([folder])
        #expect(c.entries.isEmpty)
        #expect(c.problemLines == [
            "strings.xml:2 \"lead\" (en) refers to @string/r1 → @string/r2 → @string/r3 → @string/r1, which ends in a cycle of 3 strings: not checked",
            "strings.xml:3 \"r1\" (en) refers to itself: @string/r1 → @string/r2 → @string/r3 → @string/r1: not checked",
            "strings.xml:4 \"r2\" (en) refers to itself: @string/r2 → @string/r3 → @string/r1 → @string/r2: not checked",
            "strings.xml:5 \"r3\" (en) refers to itself: @string/r3 → @string/r1 → @string/r2 → @string/r3: not checked",
            "strings.xml:6 \"me\" (en) refers to itself: @string/me → @string/me: not checked",
        ])
    }

    /// Resolving was O(n³) in the length of a chain (each of n entries walked its chain, checking each
    /// step against the path so far): 2,000 aliases took 3.1 s in a release build, 4,000 would take
    /// ~25 s. Each name is now resolved once per locale; the growth with n is measured by `make bench`
    /// (group `scaling`, the Android line), not here. This checks the result: a chain of 4,000 aliases
    /// in `values/` and `values-de/`, and 4,000 `values/` aliases to names no file defines (skipped in
    /// `values/`, and so not given to `values-de/`: the set of removed entries, looked up for each
    /// `values/` entry).
    @Test func longAliasChainsAreResolved() throws {
        let n = 4_000
        var en = [#"<string name="s0">Hello</string>"#], de = [#"<string name="s0">Hallo</string>"#]
        for k in 1..<n {
            en.append(#"<string name="s\#(k)">@string/s\#(k - 1)</string>"#)
            de.append(#"<string name="s\#(k)">@string/s\#(k - 1)</string>"#)
            en.append(#"<string name="bad\#(k)">@string/nowhere\#(k)</string>"#)
        }
        let folder = try temporaryCatalog([
            "res/values/strings.xml": "<resources>\n" + en.joined(separator: "\n") + "\n</resources>\n",
            "res/values-de/strings.xml": "<resources>\n" + de.joined(separator: "\n") + "\n</resources>\n",
        ])
        let c = try CatalogReader.read([folder])
        #expect(c.entry("s16", "de")?.text == "Hallo" && c.entry("s16", "en")?.text == "Hello")
        #expect(c.variants("s17", "de").isEmpty && c.variants("s\(n - 1)", "en").isEmpty)
        // 16 resolved aliases and s0 per locale; s17… skipped in both locales, every `bad` key in values/.
        #expect(c.entries.count == 2 * 17)
        #expect(c.problems.count == 2 * (n - 17) + (n - 1))
    }

    /// FoundationXML gave libxml2 the whole document at once, and libxml2 (without `XML_PARSE_HUGE`,
    /// which FoundationXML does not offer) refused any over 10,000,000 bytes: "malformed XML: parser
    /// error 1" at the line where it gave up. Pushed in pieces, a 19 MB file is read: 100,000 strings
    /// (9 MB), and one text of 10,000,001 bytes, which is then skipped as over `maxTextBytes` (1 MiB)
    /// like any long text.
    @Test func xmlOverTenMillionBytesIsRead() throws {
        var xml = "<resources>\n"
        for i in 0..<100_000 { xml += "<string name=\"k\(i)\">The quick brown fox jumps over the lazy dog, number \(i).</string>\n" }
        xml += "<string name=\"huge\">" + String(repeating: "a", count: 10_000_001) + "</string>\n</resources>\n"
        #expect(xml.utf8.count > 18_000_000)
        let folder = try temporaryCatalog(["res/values/strings.xml": xml])
        let c = try CatalogReader.read([folder])
        #expect(c.entries.count == 100_000)
        #expect(c.entry("k99999", "en")?.text == "The quick brown fox jumps over the lazy dog, number 99999.")
        #expect(c.entry("k99999", "en")?.origin.line == 100_001)
        #expect(c.problemLines == ["strings.xml:100002 the text of 'huge' (en) is 10000001 bytes, over the limit of 1048576 (maxTextBytes)"])
    }

    /// One piece of markup longer than libxml2's 10,000,000 bytes is still refused, now with an error
    /// naming the file, the line and length of the piece, the file's size and the limit, not "malformed
    /// XML: parser error 45" (a comment) or "… 1" (an attribute value). Lengths by hand: `<!-- ` 5 bytes,
    /// the x's, ` -->` 4 bytes; `<string name="` 14 bytes, the x's, `">` 2 bytes.
    @Test func markupOverTheParsersLimitIsNamed() throws {
        let limit = "bytes the XML parser (libxml2, without its huge option, which FoundationXML does not offer) takes in one piece"
        let comment = "<resources>\n<!-- " + String(repeating: "x", count: 10_000_001) + " -->\n<string name=\"a\">b</string>\n</resources>\n"
        let attribute = "<resources>\n<string name=\"a\">b</string>\n<string name=\"" + String(repeating: "x", count: 10_000_000) + "\">b</string>\n</resources>\n"
        let folder = try temporaryCatalog(["comment.xml": comment, "attribute.xml": attribute])
        let p = expectProblem { try CatalogReader.read([folder + "/comment.xml"]) }
        #expect(p?.location == SourceLocation(file: folder + "/comment.xml", line: 2))
        #expect(p?.message == "not read: a comment of 10000010 bytes starts here, longer than the 10000000 \(limit); "
                + "the file is \(comment.utf8.count) bytes (a file, or a text, of any size is read)")
        let q = expectProblem { try CatalogReader.read([folder + "/attribute.xml"]) }
        #expect(q?.location == SourceLocation(file: folder + "/attribute.xml", line: 3))
        #expect(q?.message == "not read: a tag with its attributes of 10000016 bytes starts here, longer than the 10000000 \(limit); "
                + "the file is \(attribute.utf8.count) bytes (a file, or a text, of any size is read)")
    }

    @Test func malformedResources() {
        let p = expectProblem { try readFixture("BrokenAndroid") }
        #expect(p?.location == SourceLocation(file: fixture("BrokenAndroid/values-de/malformed.xml"), line: 4))
        #expect(p?.message == #"malformed XML: <string name="b"> is not closed (no </string>): the end tag on line 4 does not match it"#)
    }

    /// Issue 50: the mistake is where an end tag is missing, not where the parser noticed. In the
    /// fixture, line 4's `<string name="save">` has no `</string>`; the parser stops at line 6's
    /// `</resources>` (line 5's string nests inside it, which XML allows).
    @Test("A malformed strings.xml names the line of the element left open, not the closing tag's")
    func unclosedElement() {
        let p = expectProblem { try readFixture("BrokenAndroidUnclosed") }
        #expect(p?.location == SourceLocation(file: fixture("BrokenAndroidUnclosed/values-de/strings.xml"), line: 4))
        #expect(p?.message == #"malformed XML: <string name="save"> is not closed (no </string>): the end tag on line 6 does not match it"#)
        // A file that ends inside <resources> (line 2) names it.
        let q = expectProblem { try readFixture("BrokenAndroidUnended") }
        #expect(q?.location == SourceLocation(file: fixture("BrokenAndroidUnended/values/strings.xml"), line: 2))
        #expect(q?.message.hasPrefix("malformed XML: <resources> is not closed (no </resources>): the document ends on line ") == true,
                "\(q?.message ?? "")")
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
        // msgctxt "menu" + msgid "Open": the key is `context|msgid` (docs/stress.md), no control character.
        #expect(catalog.entry("menu|Open", "fr-CA")?.text == "Ouvrir")
        #expect(catalog.entry("menu|Open", "fr-CA")?.origin.line == 16)
        #expect(catalog.entries.allSatisfy { !$0.key.unicodeScalars.contains { $0.properties.generalCategory == .control } })
    }

    @Test func fuzzyPlurals() throws {
        #expect(catalog.variants("%d file", "fr-CA") == ["plural.0", "plural.1"])
        // msgfmt leaves fuzzy entries out (GNU gettext manual, msgfmt --use-fuzzy): ngettext then
        // returns msgid_plural for n != 1, so the user sees the source (ReaderFidelityTests).
        let many = try #require(catalog.entry("%d file", "fr-CA", "plural.1"))
        #expect(many.text == "%d files")
        #expect(many.sourceText == "%d files")
        #expect(many.state == "fuzzy")
        #expect(!many.isTranslated)
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

    @Test func pluralIndexOutOfRangeIsAProblemNotACrash() throws {
        // gettext's nplurals is at most 6, so msgstr[0]…msgstr[5]; Int.max used to overflow `3 + n`.
        let folder = try temporaryCatalog(["app.po": """
            msgid "a"
            msgid_plural "as"
            msgstr[0] "x"
            msgstr[9223372036854775807] "x"

            msgid "b"
            msgid_plural "bs"
            msgstr[0] "y"
            msgstr[1000000] "y"

            msgid "c"
            msgid_plural "cs"
            msgstr[0] "z"
            msgstr[5] "z5"
            msgstr[6] "z6"

            msgid "d"
            msgid_plural "ds"
            msgstr[0] "w"
            msgstr[99999999999999999999999] "w"
            """])
        let c = try CatalogReader.read([folder + "/app.po"])
        #expect(c.problemLines == [
            "app.po:4 msgstr[9223372036854775807]: plural index 9223372036854775807 is out of range (gettext uses at most 6 plural forms, msgstr[0] to msgstr[5])",
            "app.po:9 msgstr[1000000]: plural index 1000000 is out of range (gettext uses at most 6 plural forms, msgstr[0] to msgstr[5])",
            "app.po:15 msgstr[6]: plural index 6 is out of range (gettext uses at most 6 plural forms, msgstr[0] to msgstr[5])",
            "app.po:20 msgstr[99999999999999999999999]: plural index 99999999999999999999999 is out of range (gettext uses at most 6 plural forms, msgstr[0] to msgstr[5])",
        ])
        #expect(c.entries.isEmpty)
        let strict = expectProblem { try CatalogReader.read([folder + "/app.po"], strict: true) }
        #expect(strict?.location.line == 4)
    }

    @Test func sixPluralFormsAreRead() throws {
        let folder = try temporaryCatalog(["ar.po": """
            msgid "%d day"
            msgid_plural "%d days"
            msgstr[0] "0"
            msgstr[1] "1"
            msgstr[2] "2"
            msgstr[3] "3"
            msgstr[4] "4"
            msgstr[5] "5"
            """])
        let c = try CatalogReader.read([folder + "/ar.po"])
        #expect(c.problems.isEmpty)
        #expect(c.variants("%d day", "ar") == (0...5).map { "plural.\($0)" })
        #expect(c.entry("%d day", "ar", "plural.5")?.text == "5")
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
