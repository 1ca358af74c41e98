import Catalogs
import Foundation
import LayoutCore
import Layouts
import Testing
import TestSupport
@testable import TextLayout
import Typography

/// The app folder of these tests (Fixtures/App): a String Catalog (plural, device and substitution
/// variations; German, Arabic, Russian, Japanese; a French string in state `new`) and `.lproj`
/// folders with an `Other` table (`.strings` and `.stringsdict`).
enum AppFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/App").path
    static var bundle: Bundle { Bundle(path: folder)! }

    /// The String Catalog as JSON, read here with Foundation (not with TextFit's reader): expected
    /// strings come from the file itself.
    static func catalog() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/Localizable.xcstrings"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `strings[key].localizations[locale]` … down `path` to a `stringUnit`'s value.
    static func value(_ key: String, _ locale: String, _ path: [String]) throws -> String {
        var node: Any? = (try catalog()["strings"] as? [String: Any])?[key]
        for step in ["localizations", locale] + path + ["stringUnit", "value"] { node = (node as? [String: Any])?[step] }
        return try #require(node as? String, "\(key) \(locale) \(path)")
    }

    /// An environment with the test shaper, this folder as the localization bundle, and `locale`.
    static func environment(_ locale: String) throws -> EnvironmentValues {
        var environment = try TextFixtures.environment()
        environment.mainBundle = bundle
        environment.locale = Locale(identifier: locale)
        return environment
    }
}

/// Issue 47: `Text("key")` shows the string the app's catalogs hold for the environment's locale,
/// found as Foundation finds it.
@Suite("Text keys looked up in the app's catalogs")
struct TextCatalogTests {
    func shown(_ text: Text, _ locale: String, device: DeviceIdiom = .phone) throws -> String {
        var environment = try AppFixture.environment(locale)
        environment.deviceIdiom = device
        return text.styledText(in: environment).string
    }

    @Test("A key shows its locale's string, read as Markdown as the key is")
    func localeString() throws {
        let expected = try AppFixture.value("settings.sync.title", "de", [])  // "Einstellungen **synchronisieren**"
        #expect(expected.contains("**"))
        let environment = try AppFixture.environment("de")
        let styled = Text("settings.sync.title").styledText(in: environment)
        #expect(styled.string == expected.replacingOccurrences(of: "**", with: ""))
        // "synchronisieren" is bold (the emphasized weight), "Einstellungen " is not.
        let bold = styled.runs.filter { $0.attributes.font.weight != nil && $0.attributes.font.weight != .regular }
        let scalars = Array(styled.string.unicodeScalars)
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        #expect(bold.count == 1 && bold.first.map { text($0.range) } == "synchronisieren", "\(styled.runs.map { text($0.range) })")
        #expect(try shown(Text("settings.sync.title"), "ar") == (try AppFixture.value("settings.sync.title", "ar", [])))
    }

    @Test("de-CH falls back to de; a language the catalogs lack, and a string in state new, to the source language")
    func lookupChain() throws {
        let german = try AppFixture.value("settings.sync.title", "de", []).replacingOccurrences(of: "**", with: "")
        let english = try AppFixture.value("settings.sync.title", "en", []).replacingOccurrences(of: "**", with: "")
        #expect(try shown(Text("settings.sync.title"), "de_CH") == german)
        #expect(try shown(Text("settings.sync.title"), "de-AT") == german)
        #expect(try shown(Text("settings.sync.title"), "fi") == english)
        #expect(try shown(Text("settings.sync.title"), "fr") == english)
        let finnish = Text("settings.sync.title").localizationLookups(in: try AppFixture.environment("fi"))
        #expect(finnish.first?.isTranslated == false && finnish.first?.reason == .notInLocale && finnish.first?.locale == "en")
        let french = Text("settings.sync.title").localizationLookups(in: try AppFixture.environment("fr"))
        #expect(french.first?.isTranslated == false && french.first?.reason == .untranslated("state") && french.first?.locale == "en")
        let swiss = Text("settings.sync.title").localizationLookups(in: try AppFixture.environment("de_CH"))
        #expect(swiss.first?.isTranslated == true && swiss.first?.locale == "de" && swiss.first?.table == "Localizable")
    }

    @Test("A key no catalog has shows the key, and says so")
    func missingKey() throws {
        #expect(try shown(Text("no.such.key"), "de") == "no.such.key")
        let lookup = Text("no.such.key").localizationLookups(in: try AppFixture.environment("de"))
        #expect(lookup.first?.reason == .missingKey && lookup.first?.locale == nil)
    }

    @Test("Plural variants are chosen by CLDR's category of the argument in the locale (Russian, Arabic, Japanese, English)")
    func plurals() throws {
        let rules = try CLDRData.pluralRules()
        for locale in ["ru", "ar", "ja", "en"] {
            let categories = try #require(rules[locale])
            for (category, rule) in categories.sorted(by: { $0.key < $1.key }) {
                // Up to three of CLDR's own samples of the category (0 is Arabic's `zero`).
                for number in rule.integers.prefix(3) {
                    let format = try AppFixture.value("%lld photos", locale, ["variations", "plural", category])
                    let expected = String(format: format, locale: Locale(identifier: locale), Int64(number))
                    #expect(try shown(Text("\(number) photos"), locale) == expected, "\(locale) \(number) (\(category))")
                }
            }
        }
    }

    @Test("A String Catalog's substitutions are chosen by their own arguments (argNum)")
    func substitutions() throws {
        func expected(_ files: Int, _ folders: Int) throws -> String {
            let plural = { (n: Int) in n == 1 ? "one" : "other" }  // German: one for 1 (CLDR: i = 1 and v = 0)
            let file = try AppFixture.value("%lld files in %lld folders", "de", ["substitutions", "files", "variations", "plural", plural(files)])
            let folder = try AppFixture.value("%lld files in %lld folders", "de", ["substitutions", "folders", "variations", "plural", plural(folders)])
            return "\(file.replacingOccurrences(of: "%arg", with: "\(files)")) in \(folder.replacingOccurrences(of: "%arg", with: "\(folders)"))"
        }
        for (files, folders) in [(1, 2), (3, 1), (1, 1), (7, 9)] {
            #expect(try shown(Text("\(files) files in \(folders) folders"), "de") == (try expected(files, folders)))
        }
    }

    @Test("Device variations by the environment's device: iPhone unless set, other where the device has none")
    func devices() throws {
        #expect(try shown(Text("welcome.message"), "de") == (try AppFixture.value("welcome.message", "de", ["variations", "device", "iphone"])))
        #expect(try shown(Text("welcome.message"), "de", device: .pad) == (try AppFixture.value("welcome.message", "de", ["variations", "device", "ipad"])))
        #expect(try shown(Text("welcome.message"), "de", device: .mac) == (try AppFixture.value("welcome.message", "de", ["variations", "device", "other"])))
    }

    @Test("tableName picks an .lproj table; .stringsdict plurals follow their variable's argument")
    func tables() throws {
        // de.lproj/Other.strings: "greeting %@" = "Hallo %@"; en.lproj: "Hello %@".
        #expect(try shown(Text("greeting \("Ada")", tableName: "Other"), "de") == "Hallo Ada")
        #expect(try shown(Text("greeting \("Ada")", tableName: "Other"), "en") == "Hello Ada")
        // Not in the default table.
        #expect(try shown(Text("greeting \("Ada")"), "de") == "greeting Ada")
        // de.lproj/Other.stringsdict: "%@ hat %#@messages@", one "eine Nachricht", other "%2$lld Nachrichten".
        #expect(try shown(Text("\("Ada") has \(1) messages", tableName: "Other"), "de") == "Ada hat eine Nachricht")
        #expect(try shown(Text("\("Ada") has \(5) messages", tableName: "Other"), "de") == "Ada hat 5 Nachrichten")
    }

    @Test("A bundle given with the text wins over the environment's; no bundle anywhere shows the key")
    func bundles() throws {
        var environment = try TextFixtures.environment()
        environment.locale = Locale(identifier: "de")
        #expect(Text("settings.sync.title").styledText(in: environment).string == "settings.sync.title")
        #expect(Text("settings.sync.title", bundle: AppFixture.bundle).styledText(in: environment).string == "Einstellungen synchronisieren")
    }

    @Test("A String variable and Text(verbatim:) are not looked up")
    func verbatim() throws {
        let key = "settings.sync.title"
        #expect(try shown(Text(key), "de") == key)
        #expect(try shown(Text(verbatim: key), "de") == key)
    }

    @Test("The text's modifiers apply to the string found; concatenations look up each key")
    func modifiersAndConcatenation() throws {
        let environment = try AppFixture.environment("de")
        let styled = Text("settings.sync.title").italic().styledText(in: environment)
        #expect(styled.string == "Einstellungen synchronisieren")
        #expect(styled.runs.allSatisfy { $0.attributes.font.italic })
        let joined = (Text("welcome.message") + Text(verbatim: ", ") + Text("greeting \("Ada")", tableName: "Other").bold())
        #expect(joined.styledText(in: environment).string == "Willkommen, Hallo Ada")
        #expect(joined.localizationLookups(in: environment).map(\.key) == ["welcome.message", "greeting %@"])
    }

    @Test("A pseudo-locale shows the source string pseudo-localized")
    func pseudoLocale() throws {
        let source = try AppFixture.value("settings.sync.title", "en", [])
        let expected = PseudoLocale.accented.transform(source).replacingOccurrences(of: "**", with: "")
        let shown = try shown(Text("settings.sync.title"), "pseudo-xa")
        #expect(shown == expected)
        #expect(shown != source.replacingOccurrences(of: "**", with: ""))
    }

    @Test("Button titles are keys too")
    func buttons() throws {
        let result = Button("settings.sync.title") {}.layout(in: .unspecified, environment: try AppFixture.environment("de"))
        let texts = (0..<result.count).compactMap { result.leaf(at: $0)?.element as? Text }
        let text = try #require(texts.first)
        #expect(text.styledText(in: try AppFixture.environment("de")).string == "Einstellungen synchronisieren")
    }

    @Test("String(localized:) in a body looks the key up in that view's locale and bundle, never reading Markdown")
    func stringLocalized() throws {
        struct Row: View {
            let count: Int
            var body: some View {
                VStack {
                    Text(verbatim: String(localized: "settings.sync.title"))
                    Text(verbatim: String(localized: "\(count) photos"))
                }
            }
        }
        let environment = try AppFixture.environment("ru")
        let result = Row(count: 5).layout(in: .unspecified, environment: environment)
        let texts = (0..<result.count).compactMap { result.leaf(at: $0)?.element as? Text }
        // Russian has no string for the title: the source's, Markdown left as written.
        #expect(texts.map { $0.styledText(in: environment).string } == [
            try AppFixture.value("settings.sync.title", "en", []),
            String(format: try AppFixture.value("%lld photos", "ru", ["variations", "plural", "many"]), Int64(5)),  // CLDR ru: 5 is many
        ])
        // Outside a body: no environment, no catalogs: the key with its argument.
        #expect(String(localized: "\(2) photos") == "2 photos")
        #expect(String(localized: "\(2) photos", bundle: AppFixture.bundle, locale: Locale(identifier: "de")) == "2 photos")
    }

    @Test("Text(LocalizedStringResource) looks its key up, in its own locale when it names one")
    func resource() throws {
        let environment = try AppFixture.environment("de")
        #expect(Text(LocalizedStringResource("settings.sync.title")).styledText(in: environment).string == "Einstellungen synchronisieren")
        let arabic = LocalizedStringResource("settings.sync.title", locale: Locale(identifier: "ar"))
        #expect(Text(arabic).styledText(in: environment).string == (try AppFixture.value("settings.sync.title", "ar", [])))
        #expect(String(localized: arabic) == "settings.sync.title")  // no bundle outside a body
    }

    @Test("A right-to-left locale lays the tree out right to left unless the layout direction is set")
    func rightToLeftLocale() throws {
        let row = HStack(spacing: 0) { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 20, height: 10) }
        func firstX(_ environment: EnvironmentValues) -> CGFloat {
            let result = row.layout(in: ProposedViewSize(width: 30, height: 10), environment: environment)
            return result.elements.first { $0.path == [0] }!.frame.minX
        }
        #expect(firstX(try AppFixture.environment("de")) == 0)
        #expect(firstX(try AppFixture.environment("ar_EG")) == 20)  // the first child on the right
        #expect(firstX(try AppFixture.environment("he")) == 20)
        #expect(firstX(try AppFixture.environment("pseudo-xb")) == 20)
        var explicit = try AppFixture.environment("ar")
        explicit.layoutDirection = .leftToRight
        #expect(firstX(explicit) == 0)
    }

    @Test("A placed text's fit says which key, table and locale its string came from, and when it is untranslated")
    func fitReportsTheKey() throws {
        let line = #line + 3
        func placed(_ locale: String) throws -> PlacedText {
            let result = VStack {
                Text("settings.sync.title")
                Text("no.such.key", tableName: "Other")
            }.layout(in: .unspecified, environment: try AppFixture.environment(locale))
            return try #require(result.texts.first)
        }
        let german = try placed("de_CH")
        #expect(german.key == "settings.sync.title" && german.table == "Localizable" && german.locale == "de" && !german.isUntranslated)
        #expect(!german.hasFindings)
        let finnish = try placed("fi")
        #expect(finnish.locale == "en" && finnish.isUntranslated && finnish.hasFindings)
        #expect(finnish.description.hasSuffix("untranslated key \"settings.sync.title\", shown in en"), "\(finnish.description)")
        #expect(finnish.line == line && finnish.fileID == "TextLayoutTests/TextCatalogTests.swift")
        let result = VStack { Text("no.such.key", tableName: "Other") }.layout(in: .unspecified, environment: try AppFixture.environment("de"))
        let missing = try #require(result.texts.first)
        #expect(missing.isUntranslated && missing.locale == nil && missing.table == "Other")
        #expect(missing.description.hasSuffix("no catalog has the key \"no.such.key\" (table Other): the key is shown"), "\(missing.description)")
        // Without catalogs nothing was looked up: nothing to report.
        let plain = try #require(VStack { Text("settings.sync.title") }.layout(in: .unspecified, environment: try TextFixtures.environment()).texts.first)
        #expect(plain.key == nil && !plain.isUntranslated)
    }

    @Test("One Text value placed in one locale, then another, then the first again, reports each one's lookup (its memo keeps them per environment)")
    func fitLookupFollowsTheEnvironment() throws {
        let text = Text("settings.sync.title"), line = #line
        func placed(_ locale: String) throws -> PlacedText {
            try #require(text.layout(in: .unspecified, environment: try AppFixture.environment(locale)).texts.first)
        }
        for _ in 0..<2 {
            let german = try placed("de")
            #expect(german.locale == "de" && !german.isUntranslated && german.string != "settings.sync.title")
            let finnish = try placed("fi")  // the catalog has no Finnish string: English shows
            #expect(finnish.locale == "en" && finnish.isUntranslated && finnish.key == "settings.sync.title")
            #expect(finnish.line == line && finnish.fileID == "TextLayoutTests/TextCatalogTests.swift")
        }
    }
}
