import Foundation
import Synchronization
import Testing
import TextFit
import TextFitTesting

/// A text that records no source line (`Text(verbatim:)`): its issue is at the call's line.
struct VerbatimScreen: View {
    var body: some View {
        Text(verbatim: "A verbatim text far too long for one line on any phone held upright, at any size")
            .lineLimit(1)
            .padding(16)
    }
}

#Preview("Planted preview") { PlantedScreen() }

@Suite("A sweep's failures as Swift Testing issues, and its pictures")
struct SweepIssueTests {
    /// Runs `body`, which records issues, as a known issue, and returns what it recorded.
    static func recorded(_ body: () -> Void) -> [Issue] {
        let issues = Mutex<[Issue]>([])
        withKnownIssue {
            body()
        } matching: { issue in
            issues.withLock { $0.append(issue) }
            return true
        }
        return issues.withLock { $0 }
    }

    @Test("expectNoFindings records one issue per failing group at the text's line, naming the sweep; the allowed teaser none")
    func issuesAtTheirLines() throws {
        let sweep = try LocalizationSweepTests.sweep()
        let issues = Self.recorded { sweep.expectNoFindings(attachingPictures: false) }
        #expect(issues.count == 3)
        // In the order the sweep first found them: Arabic's button, German's title, Finnish's backup.
        #expect(issues.map(\.sourceLocation?.line) == [20, 18, 24])
        for issue in issues {
            let location = try #require(issue.sourceLocation)
            #expect(location.fileID == "ScreenSweepTests/PlantedScreen.swift")
            #expect(location.filePath.hasSuffix("/Tests/ScreenSweepTests/PlantedScreen.swift"))
            #expect(FileManager.default.fileExists(atPath: location.filePath))
            #expect(location.column == 1)
            let comment = issue.comments.map(\.rawValue).joined()
            #expect(comment.hasPrefix("Planted sweep: Planted: sweep."))
        }
        let title = try #require(issues.first { $0.sourceLocation?.line == 18 })
        #expect(title.comments.map(\.rawValue).joined().contains("sweep.title truncated in de from accessibility4"))
    }

    @Test("A failing text with no source line is recorded at the call")
    func issueWithoutALine() throws {
        let sweep = try LocalizationSweep("Verbatim", screens: [.init("Verbatim") { VerbatimScreen() }], catalogs: [sweepFixtures],
                                          locales: ["en"], dynamicTypeSizes: [.large], devices: [.iPhoneSE3])
        let line = #line + 1
        let issues = Self.recorded { sweep.expectNoFindings(attachingPictures: false) }
        #expect(issues.count == 1)
        #expect(issues.first?.sourceLocation?.line == line)
        #expect(issues.first?.sourceLocation?.fileName == "SweepIssueTests.swift")
    }

    @Test("A report with no failing group records nothing")
    func noIssues() throws {
        let sweep = try LocalizationSweep("Clean", screens: [.init("Planted") { PlantedScreen() }], catalogs: [sweepFixtures],
                                          locales: ["en"], dynamicTypeSizes: [.large],
                                          allowances: [.key("sweep.teaser", reason: "A teaser")])
        let report = sweep.expectNoFindings()
        #expect(report.findings.isEmpty && report.failures.isEmpty)
        #expect(report.allowed.count == 3)  // the teaser at large on three devices
    }

    @Test("A #Preview found by name is a screen")
    func previewScreen() throws {
        let screen = try #require(LocalizationSweep.Screen.preview(named: "Planted preview"))
        #expect(screen.name == "Planted preview")
        let report = try LocalizationSweep("Preview", screens: [screen], catalogs: [sweepFixtures], locales: ["fi"],
                                           dynamicTypeSizes: [.large], devices: [.iPhoneSE3]).run()
        #expect(report.failures.map { "\($0.screen) \($0.key ?? "") \($0.kind)" }.sorted()
                == ["Planted preview sweep.backup untranslated", "Planted preview sweep.teaser truncated"])
    }

    @Test("The picture of a finding draws its screen with the failing text outlined where the text is")
    func picture() throws {
        let sweep = try LocalizationSweepTests.sweep()
        let report = sweep.run()
        let title = try #require(report.failures.first { $0.key == "sweep.title" })
        let svg = try #require(sweep.picture(of: title.first))
        // The SE's screen, 375 × 667 pt, dashed around.
        #expect(svg.contains("class=\"container\" x=\"0\" y=\"0\" width=\"375\" height=\"667\""))
        // The title's line: 16 pt of padding in from the left and below the 20-pt status bar, one
        // Noto Sans line at 47 pt (1362 units a line: 64.014 pt) high, outlined 2 pt outside it.
        let outline = try #require(svg.split(separator: "\n").first { $0.contains("finding-shown") })
        #expect(outline.contains("data-kinds=\"truncated\""))
        #expect(outline.contains("x=\"14\" y=\"34\""))
        #expect(outline.contains("height=\"68.01\""))
        #expect(outline.contains("stroke=\"#d1242f\""))
        // The teaser (allowed) is outlined too, dashed amber.
        #expect(svg.contains("data-kinds=\"truncated\" data-index=") && svg.contains("stroke=\"#bf8700\""))
    }
}
