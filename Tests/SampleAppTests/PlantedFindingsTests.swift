import Foundation
import Testing
import SwiftUI
@testable import SampleApp

// The sample app (Examples/SampleApp) swept as issue 49 asks, with `LocalizationSweep` (the sweep
// `make demo` runs): every screen — its `#Preview`s that fill a device — in every locale of its
// String Catalog, at all twelve Dynamic Type sizes, on an iPhone SE, an iPhone 16 and an iPhone 16
// Pro Max. The app has four problems planted on purpose, and each must be found exactly once (one
// group of screen × key × kind), in the right locales, from the right size on each device, at the
// right line; nothing else may be found.

/// One finding group as the test expects it: a screen, a key and a kind, the locales it is found
/// in and, per device, the first Dynamic Type size it is found at; its source line.
struct ExpectedGroup: Hashable, CustomStringConvertible {
    let screen: String
    let key: String
    let kind: LocalizationSweep.Finding.Kind
    var locales: Set<String> = []
    var firstSize: [String: DynamicTypeSize] = [:]  // by device name
    var line: String = ""                            // "Module/File.swift:12"

    var description: String {
        let sizes = firstSize.sorted { $0.key < $1.key }.map { "\($0.key) from \($0.value)" }.joined(separator: ", ")
        return "\(screen): \(key) \(kind) in \(locales.sorted().joined(separator: ", ")); \(sizes); at \(line)"
    }
}

@Suite("The sample app in every language, size and iPhone: exactly its planted findings")
struct PlantedFindingsTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/SampleApp/Resources")
    static let app = Bundle(path: resources.path)!
    static let devices: [Device] = [.iPhoneSE3, .iPhone16, .iPhone16ProMax]

    /// The catalog as JSON, read here on its own (not through TextFit's reader).
    static func catalog() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: resources.appendingPathComponent("Localizable.xcstrings"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["strings"] as? [String: [String: Any]])
    }

    /// The line of `file` (in Examples/SampleApp/Sources) that holds `text`, as "SampleApp/File.swift:12".
    static func line(of text: String, in file: String) throws -> String {
        let source = try String(contentsOf: resources.deletingLastPathComponent().appendingPathComponent("Sources/\(file)"), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(text) }, "\(text) in \(file)")
        #expect(lines.filter { $0.contains(text) }.count == 1, "\(text) is written once in \(file)")
        return "SampleApp/\(file):\(index + 1)"
    }

    /// The app's screens: its `#Preview`s that fill a device.
    static var screens: [LocalizationSweep.Screen] {
        Preview.all.filter { $0.module == "SampleApp" && $0.layout == .device }.map(LocalizationSweep.Screen.init)
    }

    /// The sweep of every screen × locale × size × iPhone, the teaser allowed (as `make demo` allows it).
    static func sweep(pseudoLocales: [String] = []) throws -> LocalizationSweep {
        try LocalizationSweep("Wayfarer", screens: screens, bundle: app, pseudoLocales: pseudoLocales, devices: devices,
                              allowances: [.key("explore.featured.teaser", reason: "a teaser: two lines, then the guide's page")])
    }

    /// The report's groups as the test states them: each group's locales, lines and, from every
    /// finding (allowed ones too), each device's first size.
    static func expected(from report: LocalizationSweep.Report) -> [ExpectedGroup] {
        var firstSize: [String: [String: DynamicTypeSize]] = [:]
        for finding in report.findings + report.allowed {
            let id = "\(finding.screen)|\(finding.key ?? "")|\(finding.kind)"
            if let size = finding.dynamicTypeSize { firstSize[id, default: [:]][finding.device] = min(firstSize[id]?[finding.device] ?? size, size) }
        }
        return report.groups.map { group in
            let id = "\(group.screen)|\(group.key ?? "")|\(group.kind)"
            return ExpectedGroup(screen: group.screen, key: group.key ?? group.text, kind: group.kind, locales: Set(group.locales),
                                 firstSize: firstSize[id] ?? [:], line: group.location)
        }
    }

    @Test("Each size's tree made from the last size's evaluated views finds what evaluating the views at every size finds, finding for finding")
    func reusedViewsFindTheSame() throws {
        let reusing = try Self.sweep(pseudoLocales: ["pseudo-xa"])
        var evaluating = reusing
        evaluating.reusesViews = false
        let (fast, slow) = (reusing.run(), evaluating.run())
        let all = { (report: LocalizationSweep.Report) in (report.findings + report.allowed).map(\.description) }
        #expect(all(fast) == all(slow))
        #expect(fast.groups.map(\.description) == slow.groups.map(\.description))
        #expect(all(fast).count > 20, "the sweep finds the planted problems at many sizes: \(all(fast).count)")
    }

    @Test("The screens are the app's four device previews, and its catalog has English and five translations")
    func screensAndLocales() throws {
        #expect(Set(Self.screens.map(\.name)) == ["Explore tab", "Trips tab", "Settings tab", "Guide page"])
        let locales = Set(try Self.catalog().values.flatMap { ($0["localizations"] as? [String: Any])?.keys.map { $0 } ?? [] })
        #expect(locales == ["en", "de", "fi", "fr", "ja", "ar"])
    }

    @Test("Swept over 6 locales × 12 sizes × 3 iPhones, the four planted problems are found once each, and nothing else")
    func plantedFindings() throws {
        let sweep = try Self.sweep()
        #expect(Set(sweep.locales) == ["en", "de", "fi", "fr", "ja", "ar"])
        let report = sweep.run()
        #expect(report.layouts == 4 * 6 * 12 * 3)
        let found = Self.expected(from: report)
        let (se, sixteen, proMax) = ("iPhone SE (3rd generation)", "iPhone 16", "iPhone 16 Pro Max")
        let allSizes = Dictionary(uniqueKeysWithValues: Self.devices.map { ($0.name, DynamicTypeSize.xSmall) })

        // 1. The German title truncates on the SE at accessibility sizes. hb-shape gives
        //    "Einstellungen" in Noto Sans Bold (the bundled bold face: largeTitle is bold) 6,849
        //    units of 1,000 per em. The large title follows Dynamic Type (Apple's table: 48, 52, 56,
        //    60 pt at accessibility2…5) in a bar as wide as the screen less 16 pt each side (IOSMetrics'
        //    barHorizontalMargin): 343 pt on the SE (375), 361 on the iPhone 16 (393), 408 on the
        //    Pro Max (440). 6.849 × 48 = 328.8 fits 343; × 52 = 356.1 does not (it fits the 16's 361);
        //    × 56 = 383.5 passes 361 (fits 408); × 60 = 410.9 passes 408.
        let einstellungen = 6849.0 / 1000
        #expect(einstellungen * 48 <= 343 && einstellungen * 52 > 343 && einstellungen * 52 <= 361)
        #expect(einstellungen * 56 > 361 && einstellungen * 56 <= 408 && einstellungen * 60 > 408)
        let title = ExpectedGroup(screen: "Settings tab", key: "settings.title", kind: .truncated, locales: ["de"],
                                 firstSize: [se: .accessibility3, sixteen: .accessibility4, proMax: .accessibility5],
                                 line: try Self.line(of: ".navigationTitle(\"settings.title\")", in: "SettingsView.swift"))

        // 2. The Arabic booking button clips: its label is `fixedSize()` in a 160-pt pill clipped to a
        //    capsule, headline (semibold: the bundled bold face), at most xxxLarge. hb-shape gives
        //    "احجز مكان إقامتك الآن" in Noto Sans Arabic Bold 9,742 units (its spaces 260, as in Noto
        //    Sans Bold): at medium's 16 pt 155.9 fits 160; at large's 17 pt 165.6 does not, on every
        //    iPhone, up to the cap. The other languages' labels are at most 143.7 pt at xxxLarge's 23.
        let booking = 9742.0 / 1000
        #expect(booking * 16 <= 160 && booking * 17 > 160)
        let button = ExpectedGroup(screen: "Guide page", key: "detail.book", kind: .clipped, locales: ["ar"],
                                  firstSize: Dictionary(uniqueKeysWithValues: Self.devices.map { ($0.name, DynamicTypeSize.large) }),
                                  line: try Self.line(of: "Text(\"detail.book\")", in: "DestinationDetailView.swift"))

        // 3. The Finnish catalog lacks the price-alert switch (new in 2.4): English is shown, at every size.
        let alerts = try #require(try Self.catalog()["settings.priceAlerts"]?["localizations"] as? [String: Any])
        #expect(alerts["fi"] == nil && alerts["en"] != nil && alerts.count == 5)
        let untranslated = ExpectedGroup(screen: "Settings tab", key: "settings.priceAlerts", kind: .untranslated, locales: ["fi"],
                                        firstSize: allSizes,
                                        line: try Self.line(of: "Toggle(\"settings.priceAlerts\"", in: "SettingsView.swift"))

        // 4. The featured guide's teaser is cut after two lines on purpose, in every language, at
        //    every size. hb-shape gives the English teaser in Noto Sans Regular 86,921 units: at
        //    subheadline's smallest 12 pt that is 1,043 pt, more than two lines of the widest
        //    phone's 408 pt (the Pro Max's 440 less the scroll view's 16-pt padding each side).
        #expect(86921.0 / 1000 * 12 > 2 * 408)
        let teaser = ExpectedGroup(screen: "Explore tab", key: "explore.featured.teaser", kind: .truncated,
                                  locales: ["en", "de", "fi", "fr", "ja", "ar"], firstSize: allSizes,
                                  line: try Self.line(of: "Text(\"explore.featured.teaser\")", in: "ExploreView.swift"))

        #expect(found.count == 4 && Set(found) == [title, button, untranslated, teaser],
                "\(found.map(\.description).joined(separator: "\n"))")

        // The teaser is allowed (the sweep's allowance, with its reason); what is left fails.
        #expect(Set(report.failures.map(\.key)) == ["settings.title", "detail.book", "settings.priceAlerts"])
        #expect(report.groups.filter(\.isAllowed).map(\.key) == ["explore.featured.teaser"])
        #expect(report.findings.allSatisfy { !$0.isAllowed } && report.allowed.allSatisfy { $0.key == "explore.featured.teaser" })
        // Whose fault: English "Settings" and "Book a stay" fit (so German's and Arabic's texts are the
        // translation's fault); the English teaser is cut too (the layout's); untranslated is neither's.
        let fault = Dictionary(uniqueKeysWithValues: report.groups.map { ($0.key ?? "", $0.sourceFails) })
        #expect(fault["settings.title"] == .some(false) && fault["detail.book"] == .some(false))
        #expect(fault["explore.featured.teaser"] == .some(true) && fault["settings.priceAlerts"] == .some(nil))
    }

    @Test("With pseudo-xa (accented English, one letter for one), as make demo sweeps, the same four groups, pseudo-xa only in the teaser's")
    func pseudoLocale() throws {
        let report = try Self.sweep(pseudoLocales: ["pseudo-xa"]).run()
        #expect(report.locales.last == "pseudo-xa")
        // Accented letters are as wide as their bases or nearly, so only what fails in English fails in pseudo-xa.
        let locales = Dictionary(uniqueKeysWithValues: report.groups.map { ($0.key ?? "", $0.locales) })
        #expect(Set(locales.keys) == ["settings.title", "detail.book", "settings.priceAlerts", "explore.featured.teaser"])
        #expect(locales["explore.featured.teaser"].map(Set.init) == ["en", "de", "fi", "fr", "ja", "ar", "pseudo-xa"])
        #expect(locales["settings.title"] == ["de"] && locales["detail.book"] == ["ar"] && locales["settings.priceAlerts"] == ["fi"])
    }
}
