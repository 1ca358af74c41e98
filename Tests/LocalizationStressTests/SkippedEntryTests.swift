import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

/// A translation skipped for a problem (malformed, over `maxTextBytes`) is reported and stays out
/// (docs/stress.md: "A bad entry is reported with its file and line … and skipped"). Table
/// completion used to add it back as an untranslated copy of the source, measuring English where a
/// translation exists and calling it missing.
@Suite struct SkippedEntryTests {
    @Test func stringsAndStringsdict() throws {
        let plural = { (other: String) in """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>files</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
              <key>n</key><dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>other</key><string>\(other)</string>
              </dict>
            </dict>
            </dict></plist>
            """ }
        let folder = try temporaryCatalog([
            "en.lproj/Localizable.strings": "\"open\" = \"Open\";\n\"close\" = \"Close\";\n\"long\" = \"Long\";\n",
            // `close` has no value; `long` is over the 30-byte limit below (44 characters, Ü two bytes: 45).
            "de.lproj/Localizable.strings": "\"open\" = \"Öffnen\";\n\"close\" = ;\n\"long\" = \"Eine sehr lange Übersetzung, die zu lang ist\";\n",
            "en.lproj/Localizable.stringsdict": plural("%d files"),
            // refers to a variable it does not define: the key is skipped
            "de.lproj/Localizable.stringsdict": plural("%d Dateien %#@missing@"),
        ])
        let c = try CatalogReader.read([folder], limits: CatalogLimits(maxTextBytes: 30))
        #expect(c.problemLines == [
            "Localizable.strings:2 expected a quoted string, found ';'",
            "Localizable.strings:3 the text of 'long' (de) is 45 bytes, over the limit of 30 (maxTextBytes)",
            "Localizable.stringsdict:4 \"files\" refers to variable 'missing', which is not defined",
        ])
        #expect(c.entry("open", "de")?.text == "Öffnen")
        #expect(c.entry("close", "de") == nil)
        #expect(c.entry("long", "de") == nil)
        #expect(c.variants("files", "de").isEmpty)
        #expect(c.entries.filter { $0.locale == "de" }.count == 1)
        // A key the locale really lacks is still filled in as untranslated.
        let lacking = try temporaryCatalog(["en.lproj/Localizable.strings": "\"open\" = \"Open\";\n\"close\" = \"Close\";\n",
                                            "de.lproj/Localizable.strings": "\"open\" = \"Öffnen\";\n"])
        #expect(try CatalogReader.read([lacking]).entry("close", "de")?.isTranslated == false)
    }

    @Test func android() throws {
        let folder = try temporaryCatalog([
            "res/values/strings.xml": """
                <resources>
                <string name="title">Title</string>
                <string name="ok">OK</string>
                <plurals name="songs"><item quantity="one">%d song</item><item quantity="other">%d songs</item></plurals>
                </resources>
                """,
            "res/values-de/strings.xml": """
                <resources>
                <string name="title">Ein Titel, der weit über die Grenze hinausgeht</string>
                <string name="ok">OK</string>
                <plurals name="songs"><item quantity="eins">%d Lied</item><item>%d Lieder</item></plurals>
                </resources>
                """,
        ])
        let c = try CatalogReader.read([folder], limits: CatalogLimits(maxTextBytes: 30))
        #expect(c.problemLines == [
            "strings.xml:4 plural item of \"songs\" has no valid quantity (zero, one, two, few, many, other)",
            "strings.xml:4 plural item of \"songs\" has no valid quantity (zero, one, two, few, many, other)",
            "strings.xml:2 the text of 'title' (de) is 47 bytes, over the limit of 30 (maxTextBytes)",
        ])
        // The title is 46 characters, ü two bytes: 47 bytes, over 30; no plural item has a valid quantity.
        #expect(c.entries.filter { $0.locale == "de" }.map(\.key) == ["ok"])
        #expect(c.entry("title", "en")?.text == "Title")
    }
}
