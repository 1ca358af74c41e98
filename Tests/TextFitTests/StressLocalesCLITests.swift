import Foundation
import Testing

/// `textfit stress --locales` (issue 28): the source language of XLIFF and gettext catalogs, locale
/// aliases as Android and Java resolve them (`iw` is Hebrew: Java `Locale` kept the old ISO 639 codes
/// until Java 17, so apps have `values-iw`; CLDR's languageAlias maps iw → he), an absent locale as
/// an error (exit 3) listing the locales there are, and a rules file's `maxLines: 0` read as
/// `--max-lines 0` is.
@Suite("textfit stress --locales")
struct StressLocalesCLITests {
    func folder(_ files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-locales-\(UUID().uuidString)").path
        for (path, text) in files {
            let url = URL(fileURLWithPath: directory + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory
    }

    func verdicts(_ run: CLI.Output) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        return try #require(object["verdicts"] as? [[String: Any]])
    }

    let options = ["--bundled-only", "--width", "2000", "--dynamic-type", "large", "--json"]

    static let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
          <file original="Localizable.strings" source-language="en" target-language="de" datatype="plaintext"><body>
            <trans-unit id="save"><source>Save</source><target state="translated">Sichern</target></trans-unit>
            <trans-unit id="open"><source>Open</source><target state="translated">Öffnen</target></trans-unit>
          </body></file>
        </xliff>
        """

    @Test("XLIFF: --locales en checks the <source> texts (it was exit 3, no strings to check)")
    func xliffSourceLanguage() throws {
        let directory = try folder(["de.xliff": Self.xliff])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLI.run(["stress", directory] + options + ["--locales", "en"])
        #expect(run.status == 0, "\(run.stderr)")
        let v = try verdicts(run)
        #expect(v.map { $0["locale"] as? String } == ["en", "en"])
        #expect(v.map { $0["text"] as? String } == ["Save", "Open"])
        let pseudo = try CLI.run(["stress", directory] + options + ["--locales", "pseudo-bounded"])
        #expect(pseudo.status == 0, "\(pseudo.stderr)")
        #expect(try verdicts(pseudo).map { $0["text"] as? String } == ["[# Save #]", "[# Open #]"])
    }

    @Test("gettext: the msgids are the source language; pseudo-xa is made from them")
    func gettextSourceLanguage() throws {
        let directory = try folder(["fr.po": "msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgid \"Open\"\nmsgstr \"Ouvrir\"\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLI.run(["stress", directory] + options + ["--locales", "en,pseudo-xa"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try verdicts(run).map { $0["locale"] as? String } == ["en", "pseudo-xa"])
    }

    @Test("An absent locale is exit 3, naming it and the locales found")
    func absentLocale() throws {
        let directory = try folder(["de.xliff": Self.xliff])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLI.run(["stress", directory] + options + ["--locales", "de,ja"])
        #expect(run.status == 3)
        #expect(run.stderr.contains("--locales: no locale 'ja' in the catalogs (locales found: de, en)"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("--locales he selects values-iw; the report names it as the catalog does")
    func hebrewAlias() throws {
        let directory = try folder([
            "res/values/strings.xml": "<resources><string name=\"hello\">Hello</string></resources>",
            "res/values-iw/strings.xml": "<resources><string name=\"hello\">שלום</string></resources>",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLI.run(["stress", directory + "/res", "--bundled-only", "--width", "2000", "--font-scale", "1", "--json",
                               "--locales", "he"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try verdicts(run).map { [$0["locale"] as? String, $0["text"] as? String] } == [["iw", "שלום"]])
    }

    @Test("A rule's maxLines 0 is no limit, as --max-lines 0: a long text wraps instead of truncating")
    func maxLinesZero() throws {
        let directory = try folder([
            "Localizable.xcstrings": #"""
                {"sourceLanguage": "en", "version": "1.0", "strings": {"body": {"localizations": {"en": {"stringUnit":
                  {"state": "translated", "value": "A long sentence that cannot fit on one narrow line at all"}}}}}}
                """#,
            "rules.json": #"{"rules": [{"pattern": "body", "maxLines": 0}]}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let common = ["stress", directory + "/Localizable.xcstrings", "--bundled-only", "--width", "120", "--dynamic-type", "large", "--json"]
        let limited = try CLI.run(common + ["--max-lines", "1"])
        #expect(limited.status == 1)
        #expect(try verdicts(limited).map { $0["status"] as? String } == ["truncated"])
        let flag = try CLI.run(common + ["--max-lines", "0"])
        let rule = try CLI.run(common + ["--max-lines", "1", "--rules", directory + "/rules.json"])
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(rule.status == 0, "\(rule.stderr)")
        #expect(try verdicts(flag).map { $0["status"] as? String } == ["wraps"])
        #expect(try verdicts(rule).map { $0["status"] as? String } == ["wraps"])
    }
}
