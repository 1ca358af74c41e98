import Foundation
import TestSupport
import Testing
import TextFit

// `textfit stress --screens`: the CLI's screen sweep, run as a CI job runs it (the built `textfit`,
// in the repository). Fixtures/Screens/Planted.json is PlantedScreen.swift written as a layout file
// (the same stack, modifiers in the same order, the same ids): through the CLI it must give what the
// Swift API gives, and what LocalizationSweepTests works out by hand from hb-shape widths.
@Suite("textfit stress --screens")
struct ScreenSweepCLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = textfitBinary(repository: repository)
    static let catalogs = "Tests/ScreenSweepTests/Fixtures/Sweep"
    static let screens = "Tests/ScreenSweepTests/Fixtures/Screens"
    static let allowTeaser = "Tests/ScreenSweepTests/Fixtures/allow-teaser.json"
    static let planted = ["stress", catalogs, "--screens", screens, "--rules", allowTeaser, "--bundled-only"]

    struct Output { var status: Int32; var stdout: String; var stderr: String }

    /// Runs the built `textfit` in the repository (standard error to a file, so no pipe can fill).
    static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = repository
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-screens-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))
    }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-screens-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func json(_ path: String) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: path), "\(path)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A finding as both sides can say it: what, where (screen, locale, size, device), the text and
    /// its widths and lines, whether allowed. (Not its source: a layout file's texts record no line.)
    struct Seen: Hashable, CustomStringConvertible {
        var kind: String, screen: String, locale: String, size: String, device: String, key: String?, text: String
        var needed: Double?, available: Double?, linesShown: Int, linesNeeded: Int, allowed: Bool
        var description: String { "\(screen) \(locale) \(size) \(device) \(key ?? "-") \(kind) \(needed ?? -1)/\(available ?? -1) \(allowed)" }
    }

    /// Widths to 1/1000 pt: the two sides print and parse them.
    static func rounded(_ value: Double?) -> Double? { value.map { ($0 * 1000).rounded() / 1000 } }

    @Test("The planted screen as a layout file gives the Swift API's findings, each one, through the CLI")
    func layoutFileMatchesSwiftAPI() throws {
        let report = try LocalizationSweepTests.sweep().run()
        let api = Set((report.findings + report.allowed).map { finding in
            Seen(kind: finding.kind.rawValue, screen: finding.screen, locale: finding.locale, size: finding.size.description,
                 device: finding.device, key: finding.key, text: finding.text, needed: Self.rounded(finding.neededWidth),
                 available: Self.rounded(finding.availableWidth), linesShown: finding.linesShown, linesNeeded: finding.linesNeeded,
                 allowed: finding.isAllowed)
        })
        let output = try Self.run(Self.planted + ["--json"])
        #expect(output.status == 1, "\(output.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let screens = try #require(root["screens"] as? [String: Any])
        let findings = try #require(screens["findings"] as? [[String: Any]])
        let cli = Set(findings.map { finding in
            Seen(kind: finding["kind"] as? String ?? "", screen: finding["screen"] as? String ?? "", locale: finding["locale"] as? String ?? "",
                 size: finding["dynamicTypeSize"] as? String ?? "", device: finding["device"] as? String ?? "", key: finding["key"] as? String,
                 text: finding["text"] as? String ?? "", needed: Self.rounded(finding["neededWidth"] as? Double),
                 available: Self.rounded(finding["availableWidth"] as? Double), linesShown: finding["linesShown"] as? Int ?? -1,
                 linesNeeded: finding["linesNeeded"] as? Int ?? -1, allowed: finding["allowed"] != nil)
        })
        #expect(findings.count == cli.count, "a finding twice")
        #expect(!api.isEmpty)
        #expect(cli == api, "only in the CLI: \(cli.subtracting(api).sorted { $0.description < $1.description }.prefix(5)); only in the API: \(api.subtracting(cli).sorted { $0.description < $1.description }.prefix(5))")

        // The groups, as worked out in LocalizationSweepTests from hb-shape widths: the German title
        // (7.525 × 47 = 353.675 pt against 375 − 2 × 16 = 343) from accessibility4 on the SE and the
        // 16 Pro; the Arabic button (10.345 × 21 = 217.245 against its 210-pt clip) from xxLarge on
        // all three; Finnish backup untranslated; the teaser allowed by the rules file.
        let groups = try #require(screens["groups"] as? [[String: Any]])
        #expect(groups.count == 4)
        #expect(screens["failing"] as? Int == 3 && screens["allowed"] as? Int == 1)
        let title = try #require(groups.first { $0["key"] as? String == "sweep.title" })
        #expect(title["kind"] as? String == "truncated" && title["locales"] as? [String] == ["de"])
        #expect(title["firstFailingSize"] as? String == "accessibility4")
        #expect(title["devices"] as? [String] == ["iPhone SE (3rd generation)", "iPhone 16 Pro"])
        #expect(title["fitsOn"] as? [String] == ["iPhone 16 Pro Max"])
        #expect(abs((title["neededWidth"] as? Double ?? 0) - 353.675) < 0.01 && title["availableWidth"] as? Double == 343)
        #expect(title["sourceFails"] as? Bool == false && title["count"] as? Int == 3)
        // The line of its key in the layout file (line 2 of Planted.json; the button's on line 3).
        #expect(title["fileID"] as? String == Self.screens + "/Planted.json" && title["line"] as? Int == 2)
        let button = try #require(groups.first { $0["key"] as? String == "sweep.button" })
        #expect(button["kind"] as? String == "clipped" && button["locales"] as? [String] == ["ar"])
        #expect(button["firstFailingSize"] as? String == "xxLarge" && button["count"] as? Int == 21)
        #expect(abs((button["neededWidth"] as? Double ?? 0) - 217.245) < 0.01 && button["availableWidth"] as? Double == 210)
        #expect(button["line"] as? Int == 3)
        let backup = try #require(groups.first { $0["key"] as? String == "sweep.backup" })
        #expect(backup["kind"] as? String == "untranslated" && backup["locales"] as? [String] == ["fi"] && backup["count"] as? Int == 36)
        let teaser = try #require(groups.first { $0["key"] as? String == "sweep.teaser" })
        #expect(teaser["allowed"] as? String == "A teaser is cut at two lines" && teaser["id"] as? String == "teaser")
        #expect(teaser["accessibilityIdentifier"] as? String == "home.teaser")
    }

    @Test("The terminal groups the findings, names the file, and says where the report went; junit.xml has a case per group")
    func terminalAndJUnit() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try Self.run(Self.planted + ["--report", directory])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("Screens: 144 layouts (1 screen × 4 locales × 12 sizes × 3 devices), 3 failing, 1 allowed\n"), "\(output.stdout)")
        #expect(output.stdout.contains("Planted: sweep.title truncated in de from accessibility4 on iPhone SE (3rd generation), iPhone 16 Pro; "
            + "fits on iPhone 16 Pro Max — needs 353.7 pt, has 343 pt (+10.7)"), "\(output.stdout)")
        #expect(output.stdout.contains("the translation's fault (en fits) — \(Self.screens)/Planted.json:2\n"), "\(output.stdout)")
        #expect(output.stdout.contains("(allowed) Planted: sweep.teaser truncated"), "\(output.stdout)")
        #expect(output.stdout.contains("report written to '\(directory)/index.html'"), "\(output.stdout)")
        #expect(output.stderr.contains("3 failing screen findings"), "\(output.stderr)")
        for file in ["report.json", "junit.xml", "index.html", "screens.html", "pictures/screens-1.js"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + file), "\(file)")
        }
        let junit = try String(contentsOfFile: directory + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<testsuites name=\"textfit stress\" tests=\"4\" failures=\"3\">"), "\(junit)")
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 4)
        #expect(junit.components(separatedBy: "<failure ").count - 1 == 3)
        #expect(junit.contains("name=\"sweep.teaser truncated\">\n      <system-out>allowed: A teaser is cut at two lines"), "\(junit)")
    }

    @Test("Exit status 0 when allowances cover every finding; a reasonless allowance and an unknown device are errors")
    func exitStatusesAndErrors() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rules = directory + "/rules.json"
        try Data(#"""
            {"allow": [{"key": "sweep.*", "kinds": ["truncated", "clipped", "untranslated"], "reason": "known, ticket 12"}]}
            """#.utf8).write(to: URL(fileURLWithPath: rules))
        let allowed = try Self.run(["stress", Self.catalogs, "--screens", Self.screens, "--rules", rules, "--bundled-only",
                                    "--dynamic-type", "accessibility5"])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.contains("0 failing, 4 allowed"), "\(allowed.stdout)")
        // The same without the allowance: the title, button and backup fail at accessibility5.
        let failing = try Self.run(["stress", Self.catalogs, "--screens", Self.screens, "--bundled-only", "--dynamic-type", "accessibility5"])
        #expect(failing.status == 1 && failing.stdout.contains("4 failing, 0 allowed"),
                "\(failing.stdout)")

        try Data(#"{"allow": [{"id": "teaser"}]}"#.utf8).write(to: URL(fileURLWithPath: rules))
        let reasonless = try Self.run(["stress", Self.catalogs, "--screens", Self.screens, "--rules", rules, "--bundled-only"])
        #expect(reasonless.status == 3 && reasonless.stderr.contains("$.allow[0].reason: missing"), "\(reasonless.stderr)")
        let device = try Self.run(["stress", Self.catalogs, "--screens", Self.screens, "--devices", "iphone-se,Nokia 3310", "--bundled-only"])
        #expect(device.status == 2 && device.stderr.contains("--devices: 'Nokia 3310' is not a device (iPhone SE (3rd generation),"),
                "\(device.stderr)")
        let noScreens = try Self.run(["stress", Self.catalogs, "--devices", "iphone-se", "--bundled-only"])
        #expect(noScreens.status == 2 && noScreens.stderr.contains("--devices applies to screens"), "\(noScreens.stderr)")
        // Devices by short name, in the order given.
        let named = try Self.run(Self.planted + ["--devices", "iPhone 16 Pro Max, iphone-se", "--json"])
        let screens = try #require(try JSONSerialization.jsonObject(with: Data(named.stdout.utf8)) as? [String: Any])["screens"] as? [String: Any]
        #expect(screens?["devices"] as? [String] == ["iPhone 16 Pro Max", "iPhone SE (3rd generation)"])
    }

    /// Roboto (the bundled Android system font, 2048 units per em), `hb-shape fonts/Roboto-Variable.ttf`:
    /// "Automatische Synchronisierung der Fotos aktiv" (45 characters) is 42858 units, 334.83 dp at
    /// bodyLarge's 16 sp at font scale 1; with bodyLarge's letter spacing (0.5 sp a character) 357.33.
    /// Either is wider than the 360-dp phone's 360 − 2 × 16 = 328 dp and narrower than the Pixel 8's
    /// 1080 / 2.625 − 32 = 379.43 dp: cut on the phone alone. "Sync photos" (9258 units for "Sync is
    /// on", shorter still) fits everywhere; `backup` has no German string.
    @Test("An Android screen with strings.xml: font scales, Android's devices, widths in dp")
    func android() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = [
            "res/values/strings.xml": """
                <?xml version="1.0" encoding="utf-8"?>
                <resources><string name="sync_title">Sync photos</string><string name="backup">Back up now</string></resources>
                """,
            "res/values-de/strings.xml": """
                <?xml version="1.0" encoding="utf-8"?>
                <resources><string name="sync_title">Automatische Synchronisierung der Fotos aktiv</string></resources>
                """,
            "screens/settings.json": """
                {"platform": "android",
                 "vstack": {"alignment": "leading", "spacing": 8, "children": [
                   {"key": "sync_title", "style": "bodyLarge", "lineLimit": 1},
                   {"key": "backup", "style": "labelLarge"},
                   {"key": "backup", "style": "labelLarge"}]},
                 "modifiers": [{"padding": 16}, {"frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": "topLeading"}}]}
                """,
        ]
        for (name, text) in files {
            let url = URL(fileURLWithPath: directory + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let output = try Self.run(["stress", directory + "/res", "--screens", directory + "/screens", "--font-scale", "1", "--bundled-only",
                                   "--report", directory + "/out"])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("1 screen × 2 locales × 1 size × 3 devices"), "\(output.stdout)")
        #expect(output.stdout.contains("settings: sync_title truncated in de from font scale 1 on Android phone (360 dp); fits on Pixel 8, Pixel Tablet — needs "),
                "\(output.stdout)")
        #expect(output.stdout.contains("has 328 dp") && !output.stdout.contains(" pt"), "\(output.stdout)")
        #expect(output.stdout.contains("settings: backup untranslated (shown in en) in de"), "\(output.stdout)")
        // sync_title's key is on line 3 of the file; backup's is written twice, so its place is its element.
        #expect(output.stdout.contains("screens/settings.json:3\n"), "\(output.stdout)")
        #expect(output.stdout.contains("screens/settings.json, element ["), "\(output.stdout)")
        let screens = try #require(try Self.json(directory + "/out/report.json")["screens"] as? [String: Any])
        #expect(screens["unit"] as? String == "dp" && screens["sizes"] as? [String] == ["1"])
        let title = try #require((screens["groups"] as? [[String: Any]])?.first { $0["key"] as? String == "sync_title" })
        let needed = try #require(title["neededWidth"] as? Double)
        #expect(needed >= 334.82 && needed <= 357.34, "\(needed)")
        #expect(title["availableWidth"] as? Double == 328)
        let finding = try #require((screens["findings"] as? [[String: Any]])?.first { $0["key"] as? String == "sync_title" })
        #expect(finding["fontScale"] as? Double == 1 && finding["dynamicTypeSize"] == nil)
    }

    @Test("Three shards merged give the unsharded report, byte for byte, its summary and exit status")
    func shardsMerge() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let whole = try Self.run(Self.planted + ["--report", directory + "/whole"])
        #expect(whole.status == 1)
        var parts: [String] = [], findings = 0
        for index in 1...3 {
            let part = directory + "/part-\(index)"
            let shard = try Self.run(Self.planted + ["--shard", "\(index)/3", "--report", part])
            #expect(shard.status == 0, "\(shard.stderr)")
            let json = try Self.json(part + "/shard.json")
            findings += (json["screens"] as? [Any])?.count ?? 0
            parts.append(part)
        }
        let wholeFindings = (try Self.json(directory + "/whole/report.json")["screens"] as? [String: Any])?["findings"] as? [Any]
        #expect(findings == wholeFindings?.count && findings > 0, "every finding in exactly one shard")
        let merged = try Self.run(["stress", "merge", directory + "/merged"] + parts.reversed())
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(merged.stdout.replacingOccurrences(of: directory + "/merged", with: "OUT") == whole.stdout.replacingOccurrences(of: directory + "/whole", with: "OUT"))
        for file in ["report.json", "junit.xml", "index.html", "screens.html", "pictures/screens-1.js"] {
            let a = FileManager.default.contents(atPath: directory + "/whole/" + file)
            #expect(a != nil && a == FileManager.default.contents(atPath: directory + "/merged/" + file), "\(file) differs")
        }
    }

    @Test("screens.html draws each locale's first finding of a group: the screen at that size and device, the text outlined")
    func page() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Self.run(Self.planted + ["--report", directory])
        let html = try String(contentsOfFile: directory + "/screens.html", encoding: .utf8)
        // Four groups: the title (de), button (ar), backup (fi) and the teaser in every locale: 7 pictures.
        #expect(html.components(separatedBy: "<figure class=\"shot\"").count - 1 == 7)
        #expect(html.contains("data-locale=\"de\" data-size=\"accessibility4\" data-device=\"iPhone SE (3rd generation)\" data-picture="), "\(html)")
        #expect(!html.contains("<rect class=\"finding"), "the pictures are not in the page: they load when seen")
        let pictures = try String(contentsOfFile: directory + "/pictures/screens-1.js", encoding: .utf8)
        #expect(pictures.hasPrefix("textfitScreenPictures(0,"))
        #expect(pictures.components(separatedBy: "finding finding-shown").count - 1 == 7, "one outlined text of its own a picture")
        // The SE's picture is its screen, 375 × 667 pt, with a margin m around it (viewBox -m -m 375+2m 667+2m).
        let boxes = pictures.matches(of: /viewBox=\\"(-?[0-9.]+) (-?[0-9.]+) ([0-9.]+) ([0-9.]+)\\"/).map {
            [Double($0.1)!, Double($0.2)!, Double($0.3)!, Double($0.4)!]
        }
        #expect(boxes.count == 7 && boxes.allSatisfy { $0[0] == $0[1] && $0[2] == 375 - 2 * $0[0] && $0[3] == 667 - 2 * $0[0] }, "\(boxes)")
        // The German title, outlined 2 pt outside its line: the SE's 20-pt status bar and 16 pt of
        // padding put it at (16, 36), so its outline at (14, 34), in red (failing).
        #expect(pictures.contains(/finding finding-shown\\" data-kinds=\\"truncated\\" data-index=\\"[0-9]+\\" x=\\"14\\" y=\\"34\\" [^>]*stroke=\\"#d1242f\\"/))
    }

    @Test("With rules or --width the catalog check runs too: one report, both suites counted, the catalog page linking the screens page")
    func besideTheCatalogCheck() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try Self.run(Self.planted + ["--width", "120", "--dynamic-type", "large", "--report", directory])
        #expect(output.status == 1)
        #expect(output.stdout.contains("Worst offenders") && output.stdout.contains("\nScreens: 12 layouts"), "\(output.stdout)")
        let report = try Self.json(directory + "/report.json")
        let summary = try #require(report["summary"] as? [String: Any])
        // 4 keys × 4 locales at one size against a 120-pt box; the screens: 1 × 4 × 1 × 3 layouts.
        #expect(summary["checks"] as? Int == 16 && (report["screens"] as? [String: Any])?["layouts"] as? Int == 12)
        let junit = try String(contentsOfFile: directory + "/junit.xml", encoding: .utf8)
        let suites = junit.matches(of: /<testsuite name="([^"]+)" tests="([0-9]+)" failures="([0-9]+)">/).map { (String($0.1), Int($0.2)!, Int($0.3)!) }
        #expect(suites.map(\.0) == ["ar", "de", "en", "fi", "screens"])
        let header = try #require(junit.firstMatch(of: /<testsuites name="textfit stress" tests="([0-9]+)" failures="([0-9]+)">/))
        #expect(Int(header.1) == suites.map(\.1).reduce(0, +) && Int(header.2) == suites.map(\.2).reduce(0, +), "\(junit.prefix(300))")
        let index = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        #expect(index.contains("<a href=\"screens.html\">Screens</a>: 12 layouts"))
        #expect(FileManager.default.fileExists(atPath: directory + "/screens.html"))
    }

    @Test("A screen changed between the shards and the merge is refused, naming the file")
    func changedScreenRefused() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let screen = directory + "/Planted.json"
        try FileManager.default.copyItem(atPath: Self.repository.appendingPathComponent(Self.screens + "/Planted.json").path, toPath: screen)
        let options = ["stress", Self.catalogs, "--screens", screen, "--bundled-only", "--dynamic-type", "large"]
        for index in 1...2 {
            let shard = try Self.run(options + ["--shard", "\(index)/2", "--report", directory + "/part-\(index)"])
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        var text = try String(contentsOfFile: screen, encoding: .utf8)
        text = text.replacingOccurrences(of: #""spacing": 8"#, with: #""spacing": 9"#)
        try Data(text.utf8).write(to: URL(fileURLWithPath: screen))
        let merged = try Self.run(["stress", "merge", directory + "/merged", directory + "/part-1", directory + "/part-2"])
        #expect(merged.status == 3, "\(merged.stdout)")
        #expect(merged.stderr.contains("the contents of '\(screen)'"), "\(merged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/merged/report.json"))
    }

    /// The SE held sideways is 667 × 375 pt with no insets (docs/devices.md): the German title gets
    /// 667 − 2 × 16 = 635 pt, and at accessibility5 needs 7.525 × 53 = 398.8: it fits in landscape
    /// and is cut in portrait (343 pt). But the stack is too tall for 375 pt: five lines (title,
    /// button, backup, the teaser's two) of Noto Sans at 53 pt, each (1069 + 293) / 1000 × 53 =
    /// 72.2 pt (hhea ascender and descender, no line gap), with 3 × 8 of spacing and 2 × 16 of
    /// padding, are 417 pt: centred, it passes the screen's top and bottom, so its texts are
    /// clipped in landscape only (in portrait the 647 pt below the status bar hold it).
    @Test("--orientations lays each device out held each way; the title fits on the SE in landscape")
    func orientations() throws {
        let output = try Self.run(Self.planted + ["--devices", "iphone-se", "--orientations", "portrait,landscape",
                                                  "--dynamic-type", "accessibility5", "--json"])
        #expect(output.status == 1, "\(output.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let screens = try #require(root["screens"] as? [String: Any])
        #expect(screens["devices"] as? [String] == ["iPhone SE (3rd generation)", "iPhone SE (3rd generation) landscape"])
        #expect(screens["layouts"] as? Int == 4 * 2)
        let groups = try #require(screens["groups"] as? [[String: Any]])
        let title = try #require(groups.first { $0["key"] as? String == "sweep.title" && $0["kind"] as? String == "truncated" })
        #expect(title["devices"] as? [String] == ["iPhone SE (3rd generation)"])
        #expect(title["fitsOn"] as? [String] == ["iPhone SE (3rd generation) landscape"])
        let clipped = groups.filter { $0["kind"] as? String == "clipped" && $0["key"] as? String != "sweep.button" }
        #expect(!clipped.isEmpty && clipped.allSatisfy { $0["devices"] as? [String] == ["iPhone SE (3rd generation) landscape"] }, "\(clipped)")
        #expect(clipped.allSatisfy { $0["detail"] as? String == "outside the screen" })
        let bad = try Self.run(Self.planted + ["--orientations", "sideways"])
        #expect(bad.status == 2 && bad.stderr.contains("--orientations: 'sideways' is not an orientation (portrait, landscape)"), "\(bad.stderr)")
    }
}
