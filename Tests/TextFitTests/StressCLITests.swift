import Foundation
import Testing

@Suite("textfit stress")
struct StressCLITests {
    static let catalog = Engine.repository.appendingPathComponent("Tests/LocalizationStressTests/Fixtures/Territories.xcstrings").path

    func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("textfit-stress-\(UUID().uuidString)").path
    }

    /// `catalog` written as `Localizable.xcstrings` in a new temporary folder (the caller removes it).
    func writeCatalog(_ catalog: String) throws -> (directory: String, file: String) {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/Localizable.xcstrings"
        try Data(catalog.utf8).write(to: URL(fileURLWithPath: file))
        return (directory, file)
    }

    @Test("Control characters of catalog keys reach the terminal escaped, never as escape sequences (issue 27)")
    func terminalEscapes() throws {
        // A key that would retitle the terminal window and turn the text red.
        let (directory, file) = try writeCatalog(#"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"\u001b]0;pwned\u0007\u001b[31mtitle": {"localizations": {
              "de": {"stringUnit": {"state": "translated", "value": "Eine sehr lange deutsche Überschrift"}}}}}}
            """#)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try CLI.run(["stress", file, "--bundled-only", "--width", "40", "--dynamic-type", "large"])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("Worst offenders"), "\(output.stdout)")
        #expect(!output.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(output.stdout.debugDescription)")
        #expect(output.stdout.contains(#"\u{1B}]0;pwned\u{7}\u{1B}[31mtitle · de"#), "\(output.stdout)")
        #expect(!output.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(output.stderr.debugDescription)")
        // JSON keeps the key as it is (its own escaping).
        let json = try CLI.run(["stress", file, "--bundled-only", "--width", "40", "--dynamic-type", "large", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let verdicts = try #require(report["verdicts"] as? [[String: Any]])
        #expect(verdicts.first?["key"] as? String == "\u{1B}]0;pwned\u{7}\u{1B}[31mtitle")
    }

    @Test("Failures exit 1 and write report.json, junit.xml and index.html; a wide container exits 0")
    func exitCodesAndReport() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let failing = try CLI.run(["stress", Self.catalog, "--bundled-only", "--width", "60", "--dynamic-type", "large", "--report", directory])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("LOCALE") && failing.stdout.contains("Worst offenders"))
        for file in ["report.json", "junit.xml", "index.html"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + file), "\(file)")
        }
        let passing = try CLI.run(["stress", Self.catalog, "--bundled-only", "--width", "2000", "--dynamic-type", "large"])
        #expect(passing.status == 0)
    }

    @Test("A baseline passes what already failed and catches only what got worse")
    func baseline() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try CLI.run(["stress", Self.catalog, "--bundled-only", "--width", "100", "--dynamic-type", "large", "--report", directory])
        let same = try CLI.run(["stress", Self.catalog, "--bundled-only", "--width", "100", "--dynamic-type", "large",
                                "--baseline", directory + "/report.json"])
        #expect(same.status == 0)
        let narrower = try CLI.run(["stress", Self.catalog, "--bundled-only", "--width", "70", "--dynamic-type", "large",
                                    "--baseline", directory + "/report.json"])
        #expect(narrower.status == 1)
    }

    @Test("Pseudo-locales come from the source language", arguments: ["pseudo-xa", "pseudo-expanded", "pseudo-bounded"])
    func pseudo(_ locale: String) throws {
        let output = try CLI.run(["stress", Self.catalog, "--bundled-only", "--width", "2000", "--dynamic-type", "large",
                                  "--locales", locale, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts.count == 14)  // the 14 English entries, transformed
        #expect(verdicts.allSatisfy { $0["locale"] as? String == locale })
    }

    /// --max-text-bytes held for the text as written only: 4,000 `%@` (8,000 bytes) were measured as
    /// 116,000 bytes (29 each). Now the entry is skipped with a warning naming it; --strict exits 3.
    @Test("--max-text-bytes holds once placeholders are replaced by samples: the entry is skipped, naming its key")
    func textCapAfterSamples() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/res/values", withIntermediateDirectories: true)
        let xml = "<resources>\n<string name=\"ok\">Fine</string>\n<string name=\"many\">" + String(repeating: "%@", count: 4_000)
            + "</string>\n</resources>\n"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: directory + "/res/values/strings.xml"))
        let options = ["--bundled-only", "--width", "2000", "--font-scale", "1", "--max-text-bytes", "10000", "--json"]
        let run = try CLI.run(["stress", directory + "/res"] + options)
        #expect(run.status == 0)
        #expect(run.stderr.contains("strings.xml:3: the text of 'many' (en), 8000 bytes as written, is over the limit of 10000 "
                                    + "(maxTextBytes) once its placeholders are replaced by samples: not checked"), "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["verdicts"] as? [[String: Any]])?.map { $0["key"] as? String } == ["ok"])
        let strict = try CLI.run(["stress", directory + "/res", "--strict"] + options)
        #expect(strict.status == 3 && strict.stderr.contains("'many'"))
    }

    @Test("Unreadable catalogs and rules exit 3 naming the file; bad options exit 2")
    func errors() throws {
        let missing = try CLI.run(["stress", "/nonexistent/Localizable.xcstrings", "--bundled-only"])
        #expect(missing.status == 3 && missing.stderr.contains("/nonexistent/Localizable.xcstrings"))
        let broken = Engine.repository.appendingPathComponent("Tests/LocalizationStressTests/Fixtures/Malformed.xcstrings").path
        #expect(try CLI.run(["stress", broken, "--bundled-only"]).status == 3)
        #expect(try CLI.run(["stress", Self.catalog, "--rules", "/nonexistent/rules.json", "--bundled-only"]).status == 3)
        #expect(try CLI.run(["stress", Self.catalog, "--dynamic-type", "huge...tiny", "--bundled-only"]).status == 2)
        #expect(try CLI.run(["stress"]).status == 2)
    }

    /// docs/stress.md: exit 2 is bad usage. A rules file refuses a negative padding and a size ≤ 0;
    /// the command line accepted the first and let the second fail as an unreadable font (exit 3).
    @Test("A negative --padding and a --size ≤ 0 are bad usage: exit 2 with a message", arguments: [
        (["--padding", "-3"], "--padding expects a number of points ≥ 0, got '-3'"),
        (["--padding=-0.5"], "--padding expects a number of points ≥ 0, got '-0.5'"),
        (["--size", "-5"], "--size expects a number of points > 0 and ≤ 16384, got '-5'"),
        (["--size", "0"], "--size expects a number of points > 0 and ≤ 16384, got '0'"),
        (["--size", "20000"], "--size expects a number of points > 0 and ≤ 16384, got '20000'"),
    ])
    func badNumbers(_ options: [String], _ message: String) throws {
        let result = try CLI.run(["stress", Self.catalog, "--bundled-only", "--dynamic-type", "large"] + options)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("--padding 0 and a positive --size are accepted")
    func goodNumbers() throws {
        let result = try CLI.run(["stress", Self.catalog, "--bundled-only", "--dynamic-type", "large", "--width", "2000",
                                  "--padding", "0", "--size", "12"])
        #expect(result.status == 0)
    }

    // MARK: - Android

    /// An Android app's resources: "Settings" (bodyLarge, Roboto: 62.42 dp at font scale 1, 78.96 dp
    /// at 1.3, 89.98 dp at 1.5, 110.24 dp at 2; see AndroidSweepTests for the hand computation) in
    /// `values/` and `values-de/`.
    func androidCatalog() throws -> String {
        let directory = temporaryDirectory() + "/res"
        for folder in ["values", "values-de"] {
            try FileManager.default.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
            try Data("<resources>\n<string name=\"settings\">Settings</string>\n</resources>\n".utf8)
                .write(to: URL(fileURLWithPath: directory + "/\(folder)/strings.xml"))
        }
        return directory
    }

    static let scales = [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2]

    @Test("An Android catalog is checked as android by default: the seven font scales, flipping from fits to truncated in 80 dp")
    func androidByDefault() throws {
        let catalog = try androidCatalog()
        defer { try? FileManager.default.removeItem(atPath: (catalog as NSString).deletingLastPathComponent) }
        let run = try CLI.run(["stress", catalog, "--bundled-only", "--width", "80", "--json"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("platform android, as the catalogs are Android resources"), "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["platform"] as? String == "android")
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts.map { $0["fontScale"] as? Double } == (Self.scales + Self.scales).map { Optional($0) })
        #expect(verdicts.allSatisfy { $0["dynamicTypeSize"] == nil })
        let statuses = verdicts.prefix(7).map { $0["status"] as? String ?? "" }
        #expect(statuses == ["fits", "fits", "fits", "fits", "truncated", "truncated", "truncated"])
        // The summary line and the worst offenders name font scales.
        let terminal = try CLI.run(["stress", catalog, "--bundled-only", "--width", "80"])
        #expect(terminal.stdout.contains("settings · en: fits up to font scale 1.3, truncated from font scale 1.5"), "\(terminal.stdout)")
    }

    @Test("--report under android: report.json, junit.xml and index.html carry the font scales")
    func androidReport() throws {
        let catalog = try androidCatalog()
        let directory = temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: (catalog as NSString).deletingLastPathComponent)
        }
        let run = try CLI.run(["stress", catalog, "--bundled-only", "--width", "80", "--font-scale", "1.3,2", "--report", directory])
        #expect(run.status == 1)
        let json = try #require(FileManager.default.contents(atPath: directory + "/report.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["platform"] as? String == "android")
        #expect((object["verdicts"] as? [[String: Any]])?.map { $0["fontScale"] as? Double } == [1.3, 2, 1.3, 2])
        let junit = try String(contentsOfFile: directory + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<failure message=\"font scale 2: truncated"), "\(junit)")
        let html = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        #expect(html.contains(#""sizes":["font scale 1.3","font scale 2"]"#))
        // The report is its own next baseline: nothing is worse.
        let again = try CLI.run(["stress", catalog, "--bundled-only", "--width", "80", "--font-scale", "1.3,2",
                                 "--baseline", directory + "/report.json"])
        #expect(again.status == 0 && again.stdout.contains("0 verdicts worse than the baseline"))
    }

    @Test("--platform ios on the same catalog sweeps Dynamic Type; --dynamic-type spells font scales under android")
    func explicitPlatform() throws {
        let catalog = try androidCatalog()
        defer { try? FileManager.default.removeItem(atPath: (catalog as NSString).deletingLastPathComponent) }
        let ios = try CLI.run(["stress", catalog, "--bundled-only", "--width", "2000", "--platform", "ios", "--json"])
        #expect(ios.status == 0 && !ios.stderr.contains("platform android"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ios.stdout.utf8)) as? [String: Any])
        #expect(object["platform"] as? String == "ios")
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts.count == 24 && verdicts.allSatisfy { $0["fontScale"] == nil })
        #expect(verdicts.prefix(12).map { $0["dynamicTypeSize"] as? String } == ["xSmall", "small", "medium", "large", "xLarge", "xxLarge",
            "xxxLarge", "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"])
        let spelled = try CLI.run(["stress", catalog, "--bundled-only", "--width", "2000", "--dynamic-type", "130%", "--json"])
        #expect(spelled.status == 0)
        let scales = (try JSONSerialization.jsonObject(with: Data(spelled.stdout.utf8)) as? [String: Any])?["verdicts"] as? [[String: Any]]
        #expect(scales?.map { $0["fontScale"] as? Double } == [1.3, 1.3])
    }

    @Test("An xcstrings catalog with --platform android is checked at font scales, in Roboto")
    func xcstringsUnderAndroid() throws {
        let android = try CLI.run(["stress", Self.catalog, "--bundled-only", "--width", "2000", "--platform", "android",
                                   "--font-scale", "1,2", "--style", "titleLarge", "--json"])
        #expect(android.status == 0, "\(android.stderr)")
        let ios = try CLI.run(["stress", Self.catalog, "--bundled-only", "--width", "2000", "--dynamic-type", "large", "--json"])
        func verdicts(_ output: String) throws -> [[String: Any]] {
            try #require((try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])?["verdicts"] as? [[String: Any]])
        }
        let scaled = try verdicts(android.stdout), single = try verdicts(ios.stdout)
        #expect(scaled.count == 2 * single.count)
        #expect(Set(scaled.compactMap { $0["fontScale"] as? Double }) == [1, 2])
        // titleLarge is 22 sp: at 2.0, 34 + (22 − 20) ÷ (24 − 20) × (36 − 34) = 35 dp, so a line is 35 ÷ 22 as wide (no letter spacing).
        let pairs = stride(from: 0, to: scaled.count, by: 2).map { (scaled[$0]["width"] as? Double ?? 0, scaled[$0 + 1]["width"] as? Double ?? 0) }
        #expect(pairs.contains { $0.0 > 0 })
        for (one, two) in pairs where one > 0 { #expect(abs(two / one - 35.0 / 22) < 0.01, "\(one) → \(two)") }
    }

    @Test("Bad platform input is bad usage (exit 2), the message naming the value", arguments: [
        (["--platform", "windows"], "--platform: 'windows' is not a platform (ios, android)"),
        (["--platform", "android", "--font-scale", "0"], "--font-scale: 0 is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        (["--font-scale", "abc"], "--font-scale: 'abc' is not a font scale"),
        (["--platform", "android", "--font-scale", "-1.5"], "--font-scale: -1.5 is not a font scale"),
        (["--style", "body", "--platform", "android"], "--style: 'body' is an Apple text style, which is iOS's, but the platform is android"),
        (["--style", "bodyLarge"], "--style: 'bodyLarge' is a Material 3 text style, which is Android's, but the platform is ios"),
        (["--style", "hugeTitle"], "--style: 'hugeTitle' is not a text style"),
        (["--font-scale", "1.3"], "--font-scale: '1.3' is a font scale, which is Android's"),
        (["--platform", "android", "--dynamic-type", "large"], "--dynamic-type: 'large' is a Dynamic Type size, which is iOS's"),
        (["--dynamic-type", "large", "--font-scale", "1"], "give --dynamic-type or --font-scale, not both"),
        (["--platform", "android", "--variations", "wght"], "--variations: "),
        (["--platform", "android", "--markdown"], "--markdown: Markdown is how SwiftUI's Text reads a localized string key, but the platform is android"),
    ])
    func platformErrors(_ options: [String], _ message: String) throws {
        let run = try CLI.run(["stress", Self.catalog, "--bundled-only"] + options)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("On an Android catalog an Apple style or a Dynamic Type size says the platform was chosen for it (exit 2)")
    func defaultedPlatformErrors() throws {
        let catalog = try androidCatalog()
        defer { try? FileManager.default.removeItem(atPath: (catalog as NSString).deletingLastPathComponent) }
        let style = try CLI.run(["stress", catalog, "--bundled-only", "--style", "headline"])
        #expect(style.status == 2)
        #expect(style.stderr.contains("--style: 'headline' is an Apple text style, which is iOS's, but the platform is android, as the catalogs are Android resources"), "\(style.stderr)")
        let size = try CLI.run(["stress", catalog, "--bundled-only", "--dynamic-type", "large"])
        #expect(size.status == 2 && size.stderr.contains("--dynamic-type: 'large' is a Dynamic Type size, which is iOS's"))
        #expect(size.stderr.contains("the platform is android, as the catalogs are Android resources"), "\(size.stderr)")
        #expect(try CLI.run(["stress", catalog, "--bundled-only", "--style", "headline", "--platform", "ios", "--width", "2000"]).status == 0)
    }

    @Test("Rules: the file's platform is the default, a conflict with --platform is exit 2, a style of the other platform exit 3")
    func androidRules() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func write(_ name: String, _ json: String) throws -> String {
            let path = directory + "/" + name
            try Data(json.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let forAndroid = try write("android.json", #"{"platform": "android", "rules": [{"pattern": "*", "width": 2000, "fontScale": 2}]}"#)
        let run = try CLI.run(["stress", Self.catalog, "--bundled-only", "--rules", forAndroid, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let verdicts = (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?["verdicts"] as? [[String: Any]]
        #expect(verdicts?.isEmpty == false && verdicts?.allSatisfy { $0["fontScale"] as? Double == 2 } == true)
        let conflict = try CLI.run(["stress", Self.catalog, "--bundled-only", "--rules", forAndroid, "--platform", "ios"])
        #expect(conflict.status == 2 && conflict.stderr.contains("--platform ios: the rules file '\(forAndroid)' is for android"), "\(conflict.stderr)")
        let material = try write("material.json", #"{"rules": [{"pattern": "/^[A-Z]/", "style": "bodyLarge"}]}"#)
        let refused = try CLI.run(["stress", Self.catalog, "--bundled-only", "--rules", material])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains(#"$.rules[0].style: rule "/^[A-Z]/": "bodyLarge" is a Material 3 text style, which is Android's"#), "\(refused.stderr)")
    }

    @Test("--markdown measures what SwiftUI's Text(\"key\") shows: a link's text, not its URL")
    func markdownLinks() throws {
        let (directory, file) = try writeCatalog(#"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"legal": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "Read the [Terms](https://example.com/legal/terms-of-service-2024)"}}}}}}
            """#)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let options = ["stress", file, "--bundled-only", "--width", "200", "--dynamic-type", "large", "--json"]
        let raw = try CLI.run(options), read = try CLI.run(options + ["--markdown"])
        #expect(raw.status == 1, "\(raw.stderr)")
        #expect(read.status == 0, "\(read.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
        let verdict = try #require((report["verdicts"] as? [[String: Any]])?.first)
        #expect(verdict["status"] as? String == "fits")
    }
}
