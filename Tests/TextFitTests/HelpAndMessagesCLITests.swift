import Foundation
import Testing

// Issue 50, "Help" and "Messages": every command's help has examples and only its own exit
// statuses; `stress merge --help` is merge's; each kind of mistake is worded one way in every
// command (a number out of range and a number that is no number alike; a size mistake always lists
// the sizes); a locale ICU does not know is an error naming the languages it knows.
// The expected messages are written out here by hand, not read from the code.

@Suite("textfit: help, and one wording for each kind of mistake")
struct HelpAndMessagesCLITests {
    /// The sizes every Dynamic Type mistake lists.
    static let sizes = "xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), "
        + "a comma list of them, FROM...TO, or all"

    static let catalog = Engine.repository.appendingPathComponent("demo/catalogs/Settings.xcstrings").path
    static let tagCloud = Engine.repository.appendingPathComponent("demo/tag-cloud.json").path

    @Test("Every command's help has EXAMPLES and an EXIT STATUS of its own", arguments: [
        (["measure", "--help"], "textfit measure ", false),
        (["layout", "--help"], "textfit layout ", false),
        (["stress", "--help"], "textfit stress ", true),
        (["stress", "merge", "--help"], "textfit stress merge ", true),
        (["fonts", "--help"], "textfit fonts", false),
        (["serve", "--help"], "textfit serve ", false),
    ])
    func examplesAndExitStatus(_ arguments: [String], _ example: String, _ failsChecks: Bool) throws {
        let output = try CLI.run(arguments)
        #expect(output.status == 0, "\(output.stderr)")
        let examples = try #require(output.stdout.components(separatedBy: "\nEXAMPLES\n").dropFirst().first, "no EXAMPLES in \(arguments)")
        #expect(examples.contains("\n  \(example)") || examples.hasPrefix("  \(example)"), "\(examples)")
        let status = try #require(output.stdout.components(separatedBy: "\nEXIT STATUS\n").last)
        #expect(status.contains("0 ") && status.contains("2 bad usage"), "\(status)")
        // Only stress and stress merge fail checks: no other help lists exit status 1.
        #expect(status.contains("1 a check failed") == failsChecks, "\(status)")
        #expect(!output.stdout.contains("stress failures"), "\(status)")
    }

    @Test("stress merge --help is merge's own, not stress's (and textfit help stress merge says the same)")
    func stressMergeHelp() throws {
        let output = try CLI.run(["stress", "merge", "--help"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("USAGE\n  textfit stress merge OUT/ PART…"), "\(output.stdout)")
        #expect(output.stdout.contains("STRESS MERGE OPTIONS") && output.stdout.contains("--baseline FILE"))
        #expect(!output.stdout.contains("--rules FILE") && !output.stdout.contains("--max-lines"), "\(output.stdout)")
        #expect(try CLI.run(["help", "stress", "merge"]).stdout == output.stdout)
    }

    @Test("The two spellings of the text size are described apart, each under its own option")
    func sizeOptionsApart() throws {
        for command in ["measure", "stress"] {
            let help = try CLI.run([command, "--help"]).stdout
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            let dynamic = try #require(lines.firstIndex { $0.hasPrefix("  --dynamic-type ") })
            let scale = try #require(lines.firstIndex { $0.hasPrefix("  --font-scale ") })
            // A blank line between them, and each option's first line says its platform.
            #expect(scale > dynamic + 1 && lines[scale - 1].isEmpty, "\(lines[dynamic...scale])")
            #expect(lines[dynamic].contains("ios:") && lines[scale].contains("android:"), "\(lines[dynamic...scale])")
        }
    }

    @Test("A number out of range and a number that is no number get one message, in every command", arguments: [
        (["measure", "x"], "--width expects a number of points ≥ 0, or infinity, got"),
        (["layout", tagCloud], "--width expects a number of points ≥ 0, or infinity, got"),
        (["stress", catalog], "--width expects a number of points (dp under android) > 0, got"),
    ])
    func numbers(_ command: [String], _ message: String) throws {
        for value in ["-5", "12O"] {
            let output = try CLI.run(command + ["--bundled-only", "--width", value])
            #expect(output.status == 2)
            #expect(output.stderr == "textfit: \(message) '\(value)'\n", "\(output.stderr)")
        }
        // Whole numbers too: a negative count and a word alike.
        for value in ["-1", "two"] {
            let option = command[0] == "stress" ? "--max-lines" : command[0] == "measure" ? "--lines" : nil
            guard let option else { continue }
            let output = try CLI.run(command + ["--bundled-only", option, value])
            #expect(output.status == 2)
            #expect(output.stderr == "textfit: \(option) expects a whole number ≥ \(option == "--lines" ? 1 : 0), got '\(value)'\n",
                    "\(output.stderr)")
        }
    }

    @Test("A size that is no Dynamic Type size lists the sizes, in every command", arguments: [
        ["measure", "x"], ["layout", tagCloud], ["stress", catalog], ["fonts", "--for", "x"],
    ])
    func sizeList(_ command: [String]) throws {
        let output = try CLI.run(command + ["--bundled-only", "--dynamic-type", "ax7"])
        #expect(output.status == 2)
        #expect(output.stderr == "textfit: --dynamic-type: 'ax7' is not a Dynamic Type size; expected \(Self.sizes)\n", "\(output.stderr)")
    }

    @Test("A --locale whose language ICU does not know is bad usage naming the languages it knows", arguments: [
        ["measure", "x"], ["fonts", "--for", "x"], ["layout", tagCloud],
    ])
    func unknownLocale(_ command: [String]) throws {
        let output = try CLI.run(command + ["--bundled-only", "--locale", "klingon"])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.hasPrefix("textfit: --locale: 'klingon' is not a locale ICU (CLDR) knows; did you mean tlh (Klingon)? "
                                        + "Languages with locale data: af, "), "\(output.stderr)")
        // CLDR's languages with locale data include these (and not Klingon, which has none).
        for code in [" de,", " ja,", " ar,", " zh,", " fil,", " yue,"] { #expect(output.stderr.contains(code), "\(code)") }
        #expect(!output.stderr.contains(" tlh,"))
        #expect(output.stdout.isEmpty)
        // A string that is no locale at all, worded the same way.
        let malformed = try CLI.run(command + ["--bundled-only", "--locale", "12-!!"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.hasPrefix("textfit: --locale: '12-!!' is not a locale ICU (CLDR) knows. Languages with locale data: af, "),
                "\(malformed.stderr)")
    }

    @Test("A known language with a region ICU has no data for is measured without it, with a warning")
    func knownLanguage() throws {
        let output = try CLI.run(["measure", "x", "--bundled-only", "--locale", "de-XX"])
        #expect(output.status == 0)
        #expect(output.stderr == "textfit: warning: locale 'de-XX' is measured as 'de': ICU has no locale data for de-XX\n")
        #expect(try CLI.run(["measure", "x", "--bundled-only", "--locale", "tlh"]).status == 0)  // Klingon's ISO code: known, no data
    }

    @Test("layout --strings: a locale the catalogs carry is taken even when ICU does not know it, with a warning")
    func catalogLocale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-locale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"hello": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
              "qya": {"stringUnit": {"state": "translated", "value": "Aiya"}}}}}}
            """#
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
        let tree = Data(#"{"key": "hello"}"#.utf8)
        let output = try CLI.run(["layout", "-", "--bundled-only", "--json", "--strings", folder.path, "--locale", "qya"], stdin: tree)
        #expect(output.status == 0, "\(output.stderr)")
        // The key's string is the catalog's qya one: "Aiya", its fit naming the locale.
        #expect(output.stdout.contains(#""key":"hello""#) && output.stdout.contains(#""locale":"qya""#), "\(output.stdout)")
        #expect(output.stderr.contains("warning: the catalogs' locale 'qya' is not one ICU (CLDR) knows"), "\(output.stderr)")
        // One the catalogs do not have, and ICU does not know, is an error.
        let unknown = try CLI.run(["layout", "-", "--bundled-only", "--strings", folder.path, "--locale", "klingon"], stdin: tree)
        #expect(unknown.status == 2 && unknown.stderr.contains("'klingon' is not a locale ICU (CLDR) knows"), "\(unknown.stderr)")
    }
}
