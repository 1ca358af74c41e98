import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

// Issue 28: the readers give what the platform shows, not an approximation. Every expected value
// below comes from the platform's documented or published behaviour, cited at each test; none was
// copied from the reader's output.

/// gettext: what `msgfmt` compiles and `gettext`/`ngettext` return.
///
/// Sources:
/// - GNU gettext manual, "Invoking the msgfmt Program": `--use-fuzzy` "Use fuzzy entries in output.
///   Note that using this option is usually wrong, because fuzzy messages are exactly those which have
///   not been validated by a human translator" (without it, fuzzy entries are not in the `.mo`).
/// - GNU gettext `msgfmt.c`, `msgfmt_frob_new_message`: "Don't emit untranslated entries. Also don't
///   emit fuzzy entries, unless --use-fuzzy was specified" — the test is `mp->msgstr[0] == '\0'`, the
///   first byte of the NUL-separated plural forms: an entry whose first form is empty is left out, one
///   whose first form is not is kept whole (a later empty form included).
/// - GNU gettext manual, "Additional functions for plural forms", `ngettext`: "If no message catalog
///   is found MSGID1 is returned if n == 1, otherwise MSGID2."
@Suite("Readers: gettext as msgfmt compiles it")
struct GettextFidelityTests {
    func read(_ po: String, sourceLanguage: String? = nil) throws -> Catalog {
        let folder = try temporaryCatalog(["pl.po": """
            msgid ""
            msgstr ""
            "Language: pl\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

            \(po)
            """])
        return try CatalogReader.read([folder], sourceLanguage: sourceLanguage)
    }

    @Test("A fuzzy entry is untranslated: the user sees the msgid, not the stale msgstr")
    func fuzzySingular() throws {
        let c = try read("""
            #, fuzzy
            msgid "Save the file"
            msgstr "Zapisz plik teraz"
            """)
        let e = try #require(c.entry("Save the file", "pl"))
        #expect(e.text == "Save the file")
        #expect(e.sourceText == "Save the file")
        #expect(!e.isTranslated)
        #expect(e.untranslatedReason == "fuzzy")
        #expect(e.state == "fuzzy")
    }

    @Test("A fuzzy plural shows msgid for the first form and msgid_plural for the others (ngettext's fallback)")
    func fuzzyPlural() throws {
        let c = try read("""
            #, fuzzy, c-format
            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "%d plik"
            msgstr[1] "%d pliki"
            msgstr[2] "%d plików"
            """)
        #expect(c.variants("%d file", "pl") == ["plural.0", "plural.1", "plural.2"])
        #expect(c.entry("%d file", "pl", "plural.0")?.text == "%d file")
        #expect(c.entry("%d file", "pl", "plural.1")?.text == "%d files")
        #expect(c.entry("%d file", "pl", "plural.2")?.text == "%d files")
        #expect(c.entries.filter { $0.locale == "pl" }.allSatisfy { !$0.isTranslated && $0.untranslatedReason == "fuzzy" })
    }

    @Test("An empty msgstr[0] leaves the whole entry out of the .mo; an empty later form is kept, and shows empty")
    func emptyPluralForms() throws {
        let c = try read("""
            msgid "%d day"
            msgid_plural "%d days"
            msgstr[0] ""
            msgstr[1] "%d dni"
            msgstr[2] "%d dni"

            msgid "%d hour"
            msgid_plural "%d hours"
            msgstr[0] "%d godzina"
            msgstr[1] "%d godziny"
            msgstr[2] ""
            """)
        // msgstr[0] empty: not in the .mo, so ngettext falls back to the English forms.
        #expect(c.entry("%d day", "pl", "plural.0")?.text == "%d day")
        #expect(c.entry("%d day", "pl", "plural.1")?.text == "%d days")
        #expect(c.entry("%d day", "pl", "plural.2")?.text == "%d days")
        #expect(c.entries.filter { $0.key == "%d day" }.allSatisfy { !$0.isTranslated && $0.untranslatedReason == "empty" })
        // msgstr[0] present: the entry is compiled as written, and form 2 is an empty text.
        let hour2 = try #require(c.entry("%d hour", "pl", "plural.2"))
        #expect(hour2.text == "")
        #expect(!hour2.isTranslated)
        #expect(hour2.untranslatedReason == "empty")
        #expect(c.entry("%d hour", "pl", "plural.1")?.text == "%d godziny")
        #expect(c.entry("%d hour", "pl", "plural.1")?.isTranslated == true)
        #expect(c.entry("%d hour", "pl", "plural.1")?.untranslatedReason == nil)
    }

    @Test("An empty msgstr is untranslated, reason empty; a translated entry has no reason")
    func emptyAndTranslated() throws {
        let c = try read("""
            msgid "Open"
            msgstr ""

            msgid "Close"
            msgstr "Zamknij"
            """)
        #expect(c.entry("Open", "pl")?.text == "Open")
        #expect(c.entry("Open", "pl")?.untranslatedReason == "empty")
        #expect(c.entry("Close", "pl")?.text == "Zamknij")
        #expect(c.entry("Close", "pl")?.untranslatedReason == nil)
    }

    @Test("The msgids are the source language's entries, kept apart from the file's locale")
    func sourceEntries() throws {
        let c = try read("""
            #, fuzzy
            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "%d plik"
            msgstr[1] "%d pliki"
            msgstr[2] "%d plików"

            msgid "Close"
            msgstr "Zamknij"
            """)
        // The file is Polish: only Polish is checked unless the source is asked for.
        #expect(Set(c.entries.map(\.locale)) == ["pl"])
        #expect(c.sourceEntries.map { [$0.key, $0.locale, $0.variant, $0.text] } == [
            ["%d file", "en", "plural.0", "%d file"], ["%d file", "en", "plural.1", "%d files"],
            ["%d file", "en", "plural.2", "%d files"], ["Close", "en", "", "Close"],
        ])
        #expect(c.sourceEntries.allSatisfy { $0.isTranslated })
        // --source-language names them.
        let german = try read("msgid \"Close\"\nmsgstr \"Zamknij\"\n", sourceLanguage: "de")
        #expect(german.sourceEntries.map(\.locale) == ["de"])
    }
}

/// Android: the text aapt2 compiles from a string resource.
///
/// Source: AOSP `frameworks/base/tools/aapt2`:
/// - `ResourceParser.cpp`, `ResourceParser::FlattenXmlSubtree`: text is cut into segments at element
///   boundaries; an element without a namespace is a span; "If there were no spans ... strip the
///   leading whitespace from the first segment, and the trailing whitespace from the last segment"
///   (`util::TrimLeadingWhitespace`/`TrimTrailingWhitespace` in `util/Util.cpp`, which test `isspace`
///   byte by byte).
/// - `ResourceUtils.cpp`, `StringBuilder::AppendText`: a code point is white space when it is at most
///   127 and `isspace` (C locale: space, \t, \n, \v, \f, \r); outside quotes the first of a run is
///   emitted as one ' ' and the rest eaten; `"` toggles the quote state; `\t` `\n` `\uXXXX`, and `\#`
///   `\@` `\?` `\"` `\'` `\\` are the character; any other escaped character is itself; an unescaped
///   `'` outside quotes is an error ("unescaped apostrophe in string").
/// - `StringBuilder::StartSpan`/`EndSpan` call `ResetTextState`: quote state and the white-space run end.
@Suite("Readers: Android strings as aapt2 compiles them")
struct AndroidWhitespaceTests {
    /// The text of `<string name="s">body</string>` in `values/`, and the problems.
    func compile(_ body: String) throws -> (text: String?, problems: [String]) {
        let folder = try temporaryCatalog(["res/values/strings.xml": """
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2"><string name="s">\(body)</string></resources>
            """])
        let c = try CatalogReader.read([folder])
        return (c.entry("s", "en")?.text, c.problems.map(\.message))
    }

    @Test("U+00A0 (French, Persian) is not white space to aapt2: kept, never turned into a breaking space")
    func noBreakSpace() throws {
        // French typography: a no-break space before the colon and the percent sign.
        #expect(try compile("Remise\u{A0}: 20\u{A0}%").text == "Remise\u{A0}: 20\u{A0}%")
        // Persian: "۵ دقیقه" (5 minutes) with a no-break space, and ASCII spaces around another.
        #expect(try compile("۵\u{A0}دقیقه").text == "۵\u{A0}دقیقه")
        #expect(try compile("۵ \u{A0} دقیقه").text == "۵ \u{A0} دقیقه")
        // At the ends it is not trimmed either.
        #expect(try compile("\u{A0}x\u{A0}").text == "\u{A0}x\u{A0}")
    }

    @Test("U+3000 IDEOGRAPHIC SPACE is kept as written, inside and at the ends")
    func ideographicSpace() throws {
        #expect(try compile("東京\u{3000}大阪").text == "東京\u{3000}大阪")
        #expect(try compile("\u{3000}\u{3000}見出し").text == "\u{3000}\u{3000}見出し")
        #expect(try compile("東京 \u{3000}\u{3000} 大阪").text == "東京 \u{3000}\u{3000} 大阪")
    }

    @Test("A run of ASCII white space is one space; the ends are trimmed")
    func asciiRuns() throws {
        #expect(try compile("  Hello, \t\n   world  \n").text == "Hello, world")
        #expect(try compile("a\r\n\tb").text == "a b")
    }

    @Test("Double quotes keep white space as written and are removed; an apostrophe inside them is fine")
    func quotes() throws {
        #expect(try compile(#""  two  spaces  ""#).text == "  two  spaces  ")
        let quoted = try compile(#"  "it's"  "#)
        #expect(quoted.text == "it's")
        #expect(quoted.problems.isEmpty)
        #expect(try compile(#"a "b   c" d"#).text == "a b   c d")
    }

    @Test("Escapes: \\n \\t \\u, and \\' \\\" \\@ \\? \\# \\\\ as themselves; any other escaped character is itself")
    func escapes() throws {
        #expect(try compile(#"a\nb\tc"#).text == "a\nb\tc")
        #expect(try compile(#"100\u00A0%"#).text == "100\u{A0}%")
        let punctuation = try compile(##"\'\"\@\?\#\\"##)
        #expect(punctuation.text == #"'"@?#\"#, "\(punctuation)")
        #expect(try compile(#"\q"#).text == "q")
        // `AppendUnicodeEscapeSequence` reads up to four hex digits while the text lasts: a shorter
        // escape ending the string is the code point of its digits; a non-hex digit is an error.
        #expect(try compile(#"x\u41"#).text == "xA")
        #expect(try compile(#"\u00zz"#).problems == ["\\u needs four hex digits"])
        // An escaped space is not trimmed: the trimming looks at the text as written.
        #expect(try compile(#"Hello\u0020"#).text == "Hello ")
        // An escape is not white space, so a space after it starts a new run.
        #expect(try compile(#"a \n b"#).text == "a \n b")
    }

    @Test("An unescaped apostrophe outside quotes is aapt2's error: a problem, the text kept")
    func apostrophe() throws {
        let r = try compile("Don't")
        #expect(r.text == "Don't")
        #expect(r.problems == ["unescaped apostrophe (write \\' or quote the string)"])
    }

    @Test("With a span nothing is trimmed, and a span boundary ends a white-space run (two spaces)")
    func spans() throws {
        #expect(try compile(" <b>Bold</b> ").text == " Bold ")
        #expect(try compile("a <b> b</b>").text == "a  b")
        // A span ends a quoted run: the quote opened before <i> does not keep the spaces after it.
        #expect(try compile(#""x <i>y</i>   z"#).text == "x y z")
    }

    @Test("<xliff:g> is no span: the first and last segments are trimmed")
    func xliffG() throws {
        #expect(try compile(#" <xliff:g id="n">%1$d</xliff:g>  files  "#).text == "%1$d files")
        // The first segment is the one before <xliff:g>: trimmed to nothing, the text inside is not trimmed.
        #expect(try compile(#"  <xliff:g id="n">  x</xliff:g>"#).text == " x")
    }
}

/// Keys a translation has and the source language lacks.
///
/// Source: Android Lint's checks (`TranslationDetector`): `ExtraTranslation` — "If a string appears
/// in a specific language translation file, but there is no corresponding string in the default
/// locale, then this string is probably unused ... these strings can lead to crashes if the string is
/// looked up on any locale not providing a translation"; `Untranslatable` — "Strings can be marked
/// with translatable=false ... There are cases where translators accidentally translate these strings
/// anyway".
@Suite("Readers: keys only in translations")
struct ExtraKeyTests {
    @Test("Android: a key in values-fr but in no values/ file is a warning at its line, and still checked in fr")
    func android() throws {
        let folder = try temporaryCatalog([
            "res/values/strings.xml": "<resources>\n<string name=\"ok\">OK</string>\n<string name=\"brand\" translatable=\"false\">Acme</string>\n</resources>",
            "res/values/more.xml": "<resources>\n<string name=\"later\">Later</string>\n</resources>",
            "res/values-fr/strings.xml": "<resources>\n<string name=\"ok\">D'accord</string>\n<string name=\"extra\">En trop</string>\n<string name=\"later\">Plus tard</string>\n<string name=\"brand\">Acmé</string>\n</resources>",
        ])
        let c = try CatalogReader.read([folder])
        #expect(c.problemLines == [
            #"strings.xml:2 unescaped apostrophe (write \' or quote the string)"#,
            "strings.xml:3 \"extra\" is in fr but not in the source language (values/): checked in fr, but the source and the locales that fall back to it have no such string",
            "strings.xml:5 \"brand\" is translated in fr, but values/ marks it translatable=\"false\" (not checked there): checked in fr as written here",
        ])
        #expect(c.entry("extra", "fr")?.text == "En trop")
        #expect(c.entry("extra", "fr")?.sourceText == nil)
        // `later` is in values/more.xml: Android's strings are one namespace, so no warning.
        #expect(c.entry("later", "fr")?.text == "Plus tard")
    }

    @Test("Apple: a key of de.lproj's table that en.lproj's table of the same name lacks; strict stops there")
    func apple() throws {
        let folder = try temporaryCatalog([
            "en.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
            "de.lproj/Localizable.strings": "\"ok\" = \"OK\";\n\"extra\" = \"Zusätzlich\";\n",
            "de.lproj/InfoPlist.strings": "\"CFBundleName\" = \"App\";\n",
        ])
        let c = try CatalogReader.read([folder], sourceLanguage: "en")
        #expect(c.problemLines == [
            "Localizable.strings:2 \"extra\" is in de but not in the source language (en.lproj): checked in de, but the source and the locales that fall back to it have no such string",
        ])
        #expect(c.entry("extra", "de")?.text == "Zusätzlich")
        #expect(throws: CatalogProblem.self) { try CatalogReader.read([folder], strict: true, sourceLanguage: "en") }
    }

    @Test("A key the locale lacks is filled from the source: untranslated, reason missing")
    func missing() throws {
        let folder = try temporaryCatalog([
            "res/values/strings.xml": "<resources><string name=\"ok\">OK</string><string name=\"cancel\">Cancel</string></resources>",
            "res/values-de/strings.xml": "<resources><string name=\"ok\">OK</string></resources>",
        ])
        let c = try CatalogReader.read([folder])
        let cancel = try #require(c.entry("cancel", "de"))
        #expect(cancel.text == "Cancel")
        #expect(!cancel.isTranslated)
        #expect(cancel.untranslatedReason == "missing")
        #expect(c.entry("ok", "de")?.untranslatedReason == nil)
    }
}

/// XLIFF: the `<source>` side, and why a unit is untranslated.
///
/// Source: XLIFF 1.2 specification, `<file>`: "source-language ... target-language"; `<target>`
/// `state` values `new` and `needs-translation` ("Indicates that the item needs to be translated").
@Suite("Readers: XLIFF source language")
struct XLIFFSourceTests {
    @Test("A file with a target language gives its <source> texts as the source language's entries")
    func sourceSide() throws {
        let folder = try temporaryCatalog(["de.xliff": """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
              <file original="Localizable.strings" source-language="en" target-language="de" datatype="plaintext"><body>
                <trans-unit id="save"><source>Save</source><target state="translated">Sichern</target></trans-unit>
                <trans-unit id="open"><source>Open</source><target state="new">Öffnen</target></trans-unit>
                <trans-unit id="quit"><source>Quit</source></trans-unit>
              </body></file>
            </xliff>
            """])
        let c = try CatalogReader.read([folder])
        #expect(Set(c.entries.map(\.locale)) == ["de"])
        #expect(c.sourceEntries.map { [$0.key, $0.locale, $0.text] } == [["save", "en", "Save"], ["open", "en", "Open"], ["quit", "en", "Quit"]])
        #expect(c.entry("save", "de")?.untranslatedReason == nil)
        #expect(c.entry("open", "de")?.untranslatedReason == "state")
        #expect(c.entry("quit", "de")?.untranslatedReason == "empty")
        #expect(c.entry("quit", "de")?.text == "Quit")
    }
}

/// String Catalogs: a localization whose state is `new` is not translated, and a locale without a
/// localization shows the source (Apple, "Localizing and varying text with a string catalog": strings
/// marked New "need translation"; at run time a missing localization falls back to the development
/// language).
@Suite("Readers: String Catalog untranslated reasons")
struct XCStringsReasonTests {
    @Test("state new → reason state; no localization → reason missing, the source's text")
    func reasons() throws {
        let folder = try temporaryCatalog(["Localizable.xcstrings": #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "done": {"localizations": {"de": {"stringUnit": {"state": "new", "value": "Fertig"}},
                                         "fr": {"stringUnit": {"state": "translated", "value": "Terminé"}}}},
              "back": {"localizations": {"fr": {"stringUnit": {"state": "translated", "value": "Retour"}}}}}}
            """#])
        let c = try CatalogReader.read([folder])
        #expect(c.entry("done", "de")?.untranslatedReason == "state")
        #expect(c.entry("done", "de")?.isTranslated == false)
        #expect(c.entry("done", "fr")?.untranslatedReason == nil)
        #expect(c.entry("back", "de")?.untranslatedReason == "missing")
        #expect(c.entry("back", "de")?.text == "back")
        #expect(c.entry("back", "en")?.untranslatedReason == nil)
    }
}

/// Rules files accept what the command line accepts.
///
/// Source: `textfit stress --max-lines 0` (Sources/textfit/main.swift, `runStress`: "--max-lines
/// expects a whole number ≥ 0", and 0 sets no limit); docs/stress.md says the rules file's fields
/// override the command-line defaults, so the same value must mean the same there.
@Suite("Rules: maxLines 0")
struct RulesMaxLinesZeroTests {
    @Test("\"maxLines\": 0 is no limit, as --max-lines 0")
    func zeroIsNoLimit() throws {
        let set = try RuleSet(json: Data(#"{"rules": [{"pattern": "long.*", "maxLines": 0}, {"pattern": "*", "maxLines": 2}]}"#.utf8),
                              file: "rules.json")
        let defaults = Constraint(width: 320, maxLines: 1)
        #expect(set.constraint(for: "long.body", defaults: defaults).maxLines == nil)
        #expect(set.constraint(for: "short", defaults: defaults).maxLines == 2)
    }
}
