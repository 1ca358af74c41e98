import Foundation
import Testing
import TextFit

// The example of docs/screens.md ("Your screens in every language"), as a SwiftUI developer writes
// it: a settings screen whose texts are keys of the app's String Catalog (Fixtures/SettingsApp).

struct SyncSettingsScreen: View {
    @State private var syncs = true
    let photos: Int

    var body: some View {
        NavigationStack {
            Form {
                Toggle(isOn: $syncs) {
                    Text("settings.sync.title")
                        .lineLimit(1)
                }
                Text("settings.storage.\(photos)")
            }
            .navigationTitle("settings.title")
        }
    }
}

@Suite("Your screens in every language (docs/screens.md)")
struct ScreensInEveryLanguageTests {
    static let app = Bundle(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/SettingsApp").path)!

    /// The screen on an iPhone SE at `size` in `locale`: its findings, each as "locale key kind".
    static func findings(_ locale: String, _ size: DynamicTypeSize = .large) throws -> [PlacedText] {
        var environment = EnvironmentValues()
        environment.mainBundle = app
        environment.locale = Locale(identifier: locale)
        environment.dynamicTypeSize = size
        return SyncSettingsScreen(photos: 3).layout(on: .iPhoneSE3, environment: environment).findings
    }

    @Test("Each text shows its locale's string and says when it is cut or untranslated, at its source line")
    func findingsPerLocale() throws {
        // English, the source: everything fits on an iPhone SE.
        let english = try Self.findings("en")
        #expect(english.isEmpty, "\(english)")
        // German: the row title, 44 characters on one line beside the switch, is cut; the plural
        // string ("3 Fotos gespeichert": CLDR's German `other` for 3) fits.
        let german = try Self.findings("de")
        #expect(german.count == 1)
        #expect(german.first?.key == "settings.sync.title" && german.first?.isTruncated == true)
        #expect(german.first?.line == 16 && german.first?.fileID == "SwiftUICompatibilityTests/ScreensInEveryLanguageTests.swift")
        #expect(german.first?.string.hasPrefix("Einstellungen") == true)
        // Finnish and Arabic have no storage string: the English one is shown, and said to be untranslated.
        for locale in ["fi", "ar"] {
            let found = try Self.findings(locale)
            #expect(found.map(\.key) == ["settings.storage.%lld"], "\(locale): \(found)")
            #expect(found.first?.isUntranslated == true && found.first?.locale == "en" && found.first?.string == "3 photos stored")
        }
    }

    @Test("At accessibility3 the German navigation title is cut too, at the line of its navigationTitle")
    func largerTextSizes() throws {
        let found = try Self.findings("de", .accessibility3)
        #expect(found.map(\.key) == ["settings.title", "settings.sync.title"] || found.map(\.key) == ["settings.sync.title", "settings.title"], "\(found)")
        let title = try #require(found.first { $0.key == "settings.title" })
        #expect(title.isTruncated && title.line == 21 && title.string.hasPrefix("Einstellung"))
    }

    @Test("A key's string is drawn in its text's colour to its end, whatever the key's length")
    func translatedTextIsDrawnInItsColour() throws {
        // `Text.foregroundStyle` colours the text's runs; the German string (44 characters) is
        // longer than its key (19), and every glyph of it is drawn red, none in the default black.
        let renderer = ImageRenderer(content: Text("settings.sync.title").foregroundStyle(.red).font(.body))
        renderer.environment.mainBundle = Self.app
        renderer.environment.locale = Locale(identifier: "de")
        let svg = renderer.svg
        let groups = svg.components(separatedBy: "<g class=\"text\" ").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(groups == ["fill=\"#ff3b30\""], "\(groups)")
        // 44 glyphs less 3 spaces (not drawn: no outline), all in that one group.
        let uses = svg.components(separatedBy: "<use ").count - 1
        #expect(uses == "Einstellungen im Hintergrund synchronisieren".filter { $0 != " " }.count, "\(uses)")
    }

    @Test("Arabic lays the screen out right to left, as an app launched in Arabic")
    func arabicIsRightToLeft() throws {
        var environment = EnvironmentValues()
        environment.mainBundle = Self.app
        environment.locale = Locale(identifier: "ar")
        let result = SyncSettingsScreen(photos: 3).layout(on: .iPhoneSE3, environment: environment)
        let title = try #require(result.texts.first { $0.key == "settings.sync.title" })
        // Right to left, the row's title is at the card's right: its right edge past the screen's middle.
        #expect(title.frame.maxX > 375 / 2 && title.string == "مزامنة الإعدادات")
    }
}
