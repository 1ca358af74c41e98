import Foundation
import Testing
import TextFit

// The planted screen (PlantedScreen.swift) swept over its catalog's four locales × the twelve
// Dynamic Type sizes × the three default iPhones. Every expected value is worked out here by hand:
//
// Widths are the fonts' advances from HarfBuzz's own shaper, `hb-shape FONT TEXT --output-format=json`
// summed (TextFit's bundled fonts, 1000 units per em: Noto Sans for Latin, Noto Sans Arabic):
//   "Synchronisieren" 7525 · "Sync settings" 6152 · "Synkronointi" 5927 · "المزامنة" 3039
//   "احفظ جميع التغييرات الآن" 10345 · "Save" 2182 · "Sichern" 3500 · "Tallenna" 3914
//   teasers (two lines at most): en 68604 · de 83791 · fi 75031 · ar 72093
// Body text is set at Apple's Dynamic Type sizes (HIG, Typography, "Specifications": body
//   xSmall 14, small 15, medium 16, large 17, xLarge 19, xxLarge 21, xxxLarge 23, accessibility1 28,
//   accessibility2 33, accessibility3 40, accessibility4 47, accessibility5 53 pt), so a width is
//   units × size ÷ 1000.
// The screens are 375 (iPhone SE 3rd generation), 402 (iPhone 16 Pro) and 440 pt (16 Pro Max) wide
//   with no side insets in portrait (docs/devices.md), less 2 × 16 of padding: the texts get 343,
//   370 and 408 pt.
//
// - Title: 7.525 × size > width from accessibility4 on the SE (7.525 × 47 = 353.675 > 343; × 40 =
//   301), at accessibility5 on the 16 Pro (398.825 > 370), never on the 16 Pro Max (398.825 ≤ 408).
//   English (6.152 × 53 = 326.1), Finnish (314.1) and Arabic fit everywhere.
// - Button: 210 pt frame: Arabic 10.345 × 21 = 217.245 > 210 from xxLarge (× 19 = 196.6), on every
//   device; English 115.6, German 185.5, Finnish 207.4 at 53 pt fit.
// - Backup: untranslated in Finnish at every size and device (the English string is shown).
// - Teaser: two lines hold at most 2 × 408 pt = 816 pt at 14 pt, 58,286 units: every language's is
//   longer, so it is cut everywhere, English too.
@Suite("Localization sweep of screens")
struct LocalizationSweepTests {
    static let devices = ["iPhone SE (3rd generation)", "iPhone 16 Pro", "iPhone 16 Pro Max"]

    static func sweep(allowances: [LocalizationSweep.Allowance] = [.key("sweep.teaser", reason: "A teaser is cut at two lines")]) throws
        -> LocalizationSweep {
        try LocalizationSweep("Planted", screens: [.init("Planted") { PlantedScreen() }], catalogs: [sweepFixtures],
                              allowances: allowances)
    }

    @Test("Defaults: every locale of the catalogs, the twelve Dynamic Type sizes, three iPhones")
    func defaults() throws {
        let sweep = try Self.sweep()
        #expect(sweep.locales == ["ar", "de", "en", "fi"])
        #expect(sweep.dynamicTypeSizes == DynamicTypeSize.allCases)
        #expect(sweep.devices.map(\.name) == Self.devices)
        #expect(sweep.layoutCount == 1 * 4 * 12 * 3)
    }

    @Test("The planted truncation, clip and untranslated key are each found once, grouped, with their size, devices and line")
    func plantedProblems() throws {
        let report = try Self.sweep().run()
        #expect(report.layouts == 144)
        let failing = report.failures
        #expect(failing.count == 3, "\(report)")

        let title = try #require(failing.first { $0.key == "sweep.title" })
        #expect(title.kind == .truncated)
        #expect(title.locales == ["de"])
        #expect(title.firstFailingSize == .dynamicType(.accessibility4))
        #expect(title.devices == ["iPhone SE (3rd generation)", "iPhone 16 Pro"])
        #expect(title.fitsOn == ["iPhone 16 Pro Max"])
        #expect(title.count == 3)  // SE at accessibility4 and 5, 16 Pro at accessibility5
        #expect(title.sourceFails == false)
        #expect(title.fileID == "ScreenSweepTests/PlantedScreen.swift" && title.line == 18)
        #expect(title.first.device == "iPhone SE (3rd generation)" && title.first.locale == "de")
        #expect(title.first.text == "Synchronisieren")
        #expect(abs(try #require(title.first.neededWidth) - 353.675) < 0.01)
        #expect(title.first.availableWidth == 343)

        let button = try #require(failing.first { $0.key == "sweep.button" })
        #expect(button.kind == .clipped)
        #expect(button.locales == ["ar"])
        #expect(button.firstFailingSize == .dynamicType(.xxLarge))
        #expect(button.devices == Self.devices && button.fitsOn.isEmpty)
        #expect(button.count == 7 * 3)  // xxLarge, xxxLarge, accessibility1 … 5 on three devices
        #expect(button.sourceFails == false)
        #expect(button.line == 20)
        #expect(abs(try #require(button.first.neededWidth) - 217.245) < 0.01)
        #expect(button.first.availableWidth == 210)

        let backup = try #require(failing.first { $0.key == "sweep.backup" })
        #expect(backup.kind == .untranslated)
        #expect(backup.locales == ["fi"])
        #expect(backup.firstFailingSize == .dynamicType(.xSmall))
        #expect(backup.count == 12 * 3)
        #expect(backup.first.shownLocale == "en" && backup.first.text == "Last backup")
        #expect(backup.sourceFails == nil)
        #expect(backup.line == 24)

        #expect(report.findings.count == 3 + 21 + 36)
        #expect(Set(report.findings.map(\.key)) == ["sweep.title", "sweep.button", "sweep.backup"])
    }

    @Test("An allowed teaser stays in the report, marked with its reason, and does not fail")
    func allowedTeaser() throws {
        let report = try Self.sweep().run()
        let teaser = try #require(report.groups.first { $0.key == "sweep.teaser" })
        #expect(teaser.isAllowed && teaser.allowance?.reason == "A teaser is cut at two lines")
        #expect(teaser.kind == .truncated)
        #expect(teaser.locales == ["ar", "de", "en", "fi"])
        #expect(teaser.firstFailingSize == .dynamicType(.xSmall))
        #expect(teaser.count == 4 * 12 * 3)
        #expect(teaser.sourceFails == true && teaser.sourceFailsFrom == .dynamicType(.xSmall))
        #expect(teaser.line == 25)
        #expect(report.allowed.count == 144 && report.allowed.allSatisfy { $0.key == "sweep.teaser" && $0.isAllowed })
        #expect(!report.failures.contains { $0.key == "sweep.teaser" })
        #expect(report.description.contains("(allowed) Planted: sweep.teaser truncated"))
    }

    @Test("Allowances by key pattern, by .id and by accessibilityIdentifier each cover the teaser", arguments: [
        LocalizationSweep.Allowance.key("sweep.tea*", reason: "pattern"),
        .id("teaser", reason: "id"),
        .accessibilityIdentifier("home.teaser", reason: "accessibility identifier"),
    ])
    func allowanceTargets(allowance: LocalizationSweep.Allowance) throws {
        let report = try Self.sweep(allowances: [allowance]).run()
        #expect(report.groups.first { $0.key == "sweep.teaser" }?.allowance == allowance)
        #expect(report.failures.count == 3)
    }

    @Test("Without an allowance the teaser fails; one for another kind or another screen does not cover it")
    func allowanceLimits() throws {
        for allowances: [LocalizationSweep.Allowance] in [
            [],
            [.key("sweep.teaser", kinds: [.scaled], reason: "not truncation")],
            [.id("teaser", screen: "Other", reason: "another screen")],
            [.accessibilityIdentifier("home", reason: "a prefix is not the identifier")],
        ] {
            let report = try Self.sweep(allowances: allowances).run()
            #expect(report.failures.compactMap(\.key).sorted() == ["sweep.backup", "sweep.button", "sweep.teaser", "sweep.title"])
            #expect(report.findings.count == 60 + 144)
        }
    }

    @Test("The description reads as the issue says: locales, first size, devices, where it fits, room and fault")
    func groupDescription() throws {
        let report = try Self.sweep().run()
        let title = try #require(report.failures.first { $0.key == "sweep.title" })
        #expect(title.description == "Planted: sweep.title truncated in de from accessibility4 on iPhone SE (3rd generation), iPhone 16 Pro; "
            + "fits on iPhone 16 Pro Max — needs 353.7 pt, has 343 pt (+10.7), up to +55.8; the translation's fault (en fits) — "
            + "ScreenSweepTests/PlantedScreen.swift:18")
    }

    @Test("Streaming: every finding handed over in the sweep's order, none kept, the same groups")
    func streaming() throws {
        let sweep = try Self.sweep()
        var streamed: [LocalizationSweep.Finding] = []
        let report = sweep.run { streamed.append($0) }
        #expect(report.findings.isEmpty && report.allowed.isEmpty)
        let kept = sweep.run()
        #expect(streamed.filter { !$0.isAllowed } == kept.findings)
        #expect(report.groups == kept.groups)
        // The sweep's order: screen, locale, size, device.
        let locales = ["ar", "de", "en", "fi"]
        let order = streamed.map { (locales.firstIndex(of: $0.locale)!, $0.dynamicTypeSize!, Self.devices.firstIndex(of: $0.device)!) }
        #expect(zip(order, order.dropFirst()).allSatisfy { a, b in a.0 < b.0 || (a.0 == b.0 && (a.1 < b.1 || (a.1 == b.1 && a.2 <= b.2))) })
    }

    @Test("Each string is shaped once per locale and rescaled for the other sizes; the devices only break lines again")
    func shapedOncePerLocale() throws {
        let cache = TextMeasurementCache()
        var environment = EnvironmentValues()
        environment.textMeasurementCache = cache
        let sweep = try LocalizationSweep("Planted", screens: [.init("Planted") { PlantedScreen() }], catalogs: [sweepFixtures],
                                          environment: environment)
        _ = sweep.run()
        let statistics = cache.statistics
        // The screen has 4 texts; in 4 locales that is 16 strings, 15 distinct: Finnish has no
        // backup line and shows English's "Last backup", in English, the same paragraph. Each is
        // shaped at its first size and made at the 11 others by rescaling, whatever the devices
        // (3): 15 shaped, plus a "…" per locale where a text truncates (at most 4), and 15 × 11
        // rescaled, plus the "…"s'.
        #expect(statistics.paragraphsBuilt >= 15 && statistics.paragraphsBuilt <= 15 + 4, "\(statistics)")
        #expect(statistics.paragraphsResized >= 15 * 11 && statistics.paragraphsResized <= (15 + 4) * 11, "\(statistics)")
        #expect(statistics.paragraphsEvicted == 0)
        // 4 × 12 × 3 = 144 layouts of 4 texts ask far more than the 16 × 12 paragraphs made: the rest are reuses.
        #expect(statistics.reuses.values.reduce(0, +) > 0)
    }

    @Test("A locale the catalogs do not have is an error naming those they have; pseudo-locales come after")
    func locales() throws {
        #expect(throws: LocalizationSweepError.self) {
            try LocalizationSweep("x", screens: [], catalogs: [sweepFixtures], locales: ["ja"])
        }
        let sweep = try LocalizationSweep("x", screens: [], catalogs: [sweepFixtures], locales: ["de"], pseudoLocales: ["pseudo-xa"])
        #expect(sweep.locales == ["de", "pseudo-xa"])
    }
}
