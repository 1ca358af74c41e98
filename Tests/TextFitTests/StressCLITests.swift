import Foundation
import Testing

@Suite("textfit stress")
struct StressCLITests {
    static let catalog = Engine.repository.appendingPathComponent("Tests/LocalizationStressTests/Fixtures/Territories.xcstrings").path

    func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("textfit-stress-\(UUID().uuidString)").path
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
        let options = ["--bundled-only", "--width", "2000", "--dynamic-type", "large", "--max-text-bytes", "10000", "--json"]
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
        (["--padding", "-3"], "--padding must be points ≥ 0, got '-3'"),
        (["--padding=-0.5"], "--padding must be points ≥ 0, got '-0.5'"),
        (["--size", "-5"], "--size must be a point size greater than 0 and at most 16384, got '-5'"),
        (["--size", "0"], "--size must be a point size greater than 0 and at most 16384, got '0'"),
        (["--size", "20000"], "--size must be a point size greater than 0 and at most 16384, got '20000'"),
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
}
