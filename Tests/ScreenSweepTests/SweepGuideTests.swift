// The complete example of docs/sweep.md ("The screen sweep"), as an app's test target has it: the
// import shim, a screen, a sweep with an allowance and a pseudo-locale, the groups read, and the
// Swift Testing call. The catalog is Fixtures/Sweep/Localizable.xcstrings (en, de, fi, ar).
// Keep the code between the markers the same as the guide's. The guide's files open with the
// import shim (`#if canImport(SwiftUI)` … `#else import TextFit`); here, inside TextFit's own
// package, whose `SwiftUI` module is built beside this target (so `canImport(SwiftUI)` would depend
// on the build order), the file imports TextFit, the shim's Linux branch.
import TextFit
import Foundation
import Testing
import TextFitTesting

// docs/sweep.md: the screen
struct BackupScreen: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("sweep.title")
                .font(.title2)
                .lineLimit(1)
            Text("sweep.backup")
                .foregroundStyle(.secondary)
            Text("sweep.teaser")
                .lineLimit(2)
                .accessibilityIdentifier("backup.teaser")
        }
        .padding(16)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

// docs/sweep.md: the test
@Suite("docs/sweep.md: the backup screen in every language")
struct BackupScreenSweepTests {
    /// The app's catalogs (here the test's fixture; in an app, its `Resources` folder or `Bundle.module`).
    static let catalogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Sweep").path

    static func sweep() throws -> LocalizationSweep {
        try LocalizationSweep(
            "Backup", screens: [.init("Backup") { BackupScreen() }], catalogs: [catalogs],
            pseudoLocales: ["pseudo-xa"],
            devices: [.iPhoneSE3, .iPhone16Pro],
            allowances: [.accessibilityIdentifier("backup.teaser", reason: "A teaser: two lines, then Read more")])
    }

    @Test("The groups the guide shows: the title cut from accessibility4 (German) and accessibility5 (English), Finnish's backup line untranslated, the teaser allowed")
    func groups() throws {
        let report = try Self.sweep().run()
        // 1 screen × 5 locales (ar, de, en, fi from the catalog, then pseudo-xa) × 12 sizes × 2 iPhones.
        #expect(report.layouts == 120)
        #expect(report.locales == ["ar", "de", "en", "fi", "pseudo-xa"])
        let failing = Set(report.failures.map { "\($0.key ?? "") \($0.kind)" })
        #expect(failing == ["sweep.title truncated", "sweep.backup untranslated"], "\(report)")
        let title = try #require(report.failures.first { $0.key == "sweep.title" })
        // title2 (Noto Sans Regular) on a 343-pt line (the SE's 375 less 16 each side; the 16 Pro's
        // 402 gives 370). hb-shape: "Synchronisieren" 7,525 units of 1,000 per em, "Sync settings"
        // 6,152. Apple's title2: 44 pt at accessibility3, 50 at accessibility4, 56 at accessibility5.
        // German: 7.525 × 44 = 331.1 fits 343, × 50 = 376.3 does not (nor 370). English: 6.152 × 50
        // = 307.6 fits, × 56 = 344.5 does not fit 343 (it fits the 16 Pro's 370). pseudo-xa is
        // English with accented letters, as wide or wider: it fails where English does at least.
        #expect(7.525 * 44 <= 343 && 7.525 * 50 > 370 && 6.152 * 50 <= 343 && 6.152 * 56 > 343 && 6.152 * 56 <= 370)
        #expect(title.locales == ["de", "en", "pseudo-xa"], "\(report)")
        #expect(title.firstFailingSize == .dynamicType(.accessibility4) && title.first.locale == "de")
        #expect(title.sourceFails == true && title.sourceFailsFrom == .dynamicType(.accessibility5))
        #expect(title.location == "ScreenSweepTests/SweepGuideTests.swift:17")
        let backup = try #require(report.failures.first { $0.key == "sweep.backup" })
        #expect(backup.locales == ["fi"] && backup.first.shownLocale == "en" && backup.location == "ScreenSweepTests/SweepGuideTests.swift:20")
        let teaser = try #require(report.groups.first { $0.key == "sweep.teaser" })
        #expect(teaser.isAllowed && teaser.allowance?.reason == "A teaser: two lines, then Read more")
        #expect(Set(teaser.locales) == ["ar", "de", "en", "fi", "pseudo-xa"])
    }

    @Test("expectNoFindings records the two failing groups as issues at their lines (known issues here: they are planted)")
    func issues() throws {
        let sweep = try Self.sweep()
        let issues = SweepIssueTests.recorded { sweep.expectNoFindings(attachingPictures: false) }
        #expect(Set(issues.map { $0.sourceLocation?.line ?? 0 }) == [17, 20])
    }

    @Test("The HTML report: a section per group, failing first, a picture per locale in pictures/1.js with the text outlined")
    func htmlReport() throws {
        let sweep = try Self.sweep()
        let report = sweep.run()
        let files = sweep.htmlFiles(of: report)
        #expect(files.map(\.name) == ["index.html", "pictures/1.js"])
        let page = files[0].text
        let sections = page.components(separatedBy: "<section class=\"group").dropFirst()
        #expect(sections.count == report.groups.count)
        // Failing groups first, then the allowed teaser, marked.
        #expect(sections.last?.hasPrefix(" allowed\"") == true && sections.last?.contains("sweep.teaser") == true)
        // A slot per example (a locale each), naming its picture and its own text; a picture per
        // distinct layout among the examples (groups failing at the same locale, size and device
        // share one), none with an outline made thick (the page's script does that per slot), and
        // the page's one glyph sheet.
        let examples = report.groups.flatMap(\.examples)
        #expect(page.components(separatedBy: "data-picture=").count - 1 == examples.count)
        for example in examples { #expect(page.contains("data-shown=\"\(example.index)\"")) }
        let layouts = Set(examples.map { "\($0.screen) \($0.locale) \($0.size) \($0.device) \($0.orientation)" })
        let pictures = files[1].text.components(separatedBy: "\\u003csvg ").count - 1  // JSON strings: `<` escaped
        #expect(pictures == layouts.count && pictures < examples.count, "\(layouts.count) layouts, \(examples.count) examples")
        #expect(!files[1].text.contains("finding-shown"))
        #expect(page.components(separatedBy: "<svg ").count - 1 == 1)
        // With no picture files, the pictures are in the page.
        #expect(sweep.html(of: report).components(separatedBy: "\\u003csvg ").count - 1 == layouts.count)
    }

    @Test("run(writingHTMLTo:) draws the pictures while it sweeps: the same files as writeHTML(of:) of the report, the same groups")
    func htmlWhileSweeping() throws {
        let sweep = try Self.sweep()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-sweep-html-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var found: [LocalizationSweep.Finding] = []
        let report = try sweep.run(writingHTMLTo: folder.appendingPathComponent("during")) { found.append($0) }
        let after = sweep.run()
        try sweep.writeHTML(of: after, to: folder.appendingPathComponent("after"))
        #expect(report.groups.map(\.description) == after.groups.map(\.description))
        #expect(found.count == after.findings.count + after.allowed.count)
        for name in ["index.html", "pictures/1.js"] {
            let during = try String(contentsOf: folder.appendingPathComponent("during/" + name), encoding: .utf8)
            let drawnAfter = try String(contentsOf: folder.appendingPathComponent("after/" + name), encoding: .utf8)
            #expect(during == drawnAfter, "\(name) differs")
            #expect(during.count > 1_000)
        }
    }
}
