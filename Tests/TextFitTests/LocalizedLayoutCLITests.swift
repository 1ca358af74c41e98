import Foundation
import TestSupport
import Testing

/// Issue 47 from the command line: a layout file's `key` nodes looked up in `--strings` in `--locale`,
/// and the service's `layout` in the catalogs `serve --strings` read.
@Suite("textfit layout --strings --locale, and serve --strings")
struct LocalizedLayoutCLITests {
    /// The app folder of the Text catalog tests (a String Catalog and `.lproj` tables).
    static let app = Engine.repository.appendingPathComponent("Tests/TextLayoutTests/Fixtures/App").path

    /// A file of `nodes` in a vstack, written to a temporary file.
    static func file(_ nodes: [String]) throws -> String {
        let path = NSTemporaryDirectory() + "textfit-keys-\(UUID().uuidString).json"
        try Data(#"{"vstack": {"children": [\#(nodes.joined(separator: ","))]}}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The widths of the root's children, from `layout --json`.
    static func widths(_ output: String) throws -> [Double] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.split(separator: "\n")[0].utf8)) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        return elements.filter { ($0["path"] as? [Int])?.count == 1 }.map { (($0["frame"] as? [String: Any])?["width"] as? Double) ?? -1 }
    }

    @Test("A key node shows its locale's string: as wide as that string written out")
    func keyNodes() throws {
        // Localizable.xcstrings: welcome.message, de, device iphone "Willkommen"; "%lld photos", ru,
        // 3 is CLDR's few: "%lld фотографии"; Other table, de: "greeting %@" = "Hallo %@".
        let file = try Self.file([#"{"key": "welcome.message"}"#, #"{"text": "Willkommen"}"#,
                                  #"{"key": "greeting %@", "table": "Other", "arguments": ["Ada"]}"#, #"{"text": "Hallo Ada"}"#,
                                  #"{"key": "no.such.key"}"#, #"{"text": "no.such.key"}"#])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let german = try CLI.run(["layout", file, "--bundled-only", "--json", "--strings", Self.app, "--locale", "de"])
        #expect(german.status == 0, "\(german.stderr)")
        let w = try Self.widths(german.stdout)
        #expect(w.count == 6 && w[0] == w[1] && w[2] == w[3] && w[4] == w[5], "\(w)")
        let russian = try Self.file([#"{"key": "%lld photos", "arguments": [3]}"#, #"{"text": "3 фотографии"}"#])
        defer { try? FileManager.default.removeItem(atPath: russian) }
        let ru = try Self.widths(try CLI.run(["layout", russian, "--bundled-only", "--json", "--strings", Self.app, "--locale", "ru"]).stdout)
        #expect(ru.count == 2 && ru[0] == ru[1], "\(ru)")
        // Without --strings a key node shows its key.
        let plain = try Self.widths(try CLI.run(["layout", file, "--bundled-only", "--json"]).stdout)
        #expect(plain[0] != plain[1])
    }

    @Test("A malformed catalog stops the command naming the file and where; a key node with a bad argument names its path")
    func badInput() throws {
        let folder = NSTemporaryDirectory() + "textfit-bad-strings-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/de.lproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#""a" = "b";\#n"c" = ;\#n"#.utf8).write(to: URL(fileURLWithPath: folder + "/de.lproj/Localizable.strings"))
        try Data(#"{"sourceLanguage": "en", "strings": {"#.utf8).write(to: URL(fileURLWithPath: folder + "/Broken.xcstrings"))
        let file = try Self.file([#"{"key": "a"}"#])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try CLI.run(["layout", file, "--bundled-only", "--strings", folder, "--locale", "de"])
        #expect(run.status == 3)
        #expect(run.stderr.contains("Broken.xcstrings") && run.stderr.contains("malformed JSON"), "\(run.stderr)")
        let bad = try Self.file([#"{"key": "a", "arguments": [true]}"#])
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let argument = try CLI.run(["layout", bad, "--bundled-only"])
        #expect(argument.status == 3 && argument.stderr.contains("$.vstack.children[0].arguments[0]"), "\(argument.stderr)")
    }

    @Test("serve --strings: a layout request's key nodes are looked up in the catalogs read at start, in its locale")
    func service() throws {
        let request = #"{"id": 1, "op": "layout", "params": {"locale": "de", "tree": {"vstack": {"children": [{"key": "welcome.message"}, {"text": "Willkommen"}]}}}}"#
        let served = try CLI.run(["serve", "--stdio", "--bundled-only", "--strings", Self.app], stdin: Data((request + "\n").utf8))
        #expect(served.status == 0, "\(served.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(served.stdout.utf8)) as? [String: Any])
        let layouts = try #require((answer["result"] as? [String: Any])?["layouts"] as? [[String: Any]])
        let elements = try #require(layouts.first?["elements"] as? [[String: Any]])
        let widths = elements.filter { ($0["path"] as? [Int])?.count == 1 }.map { (($0["frame"] as? [String: Any])?["width"] as? Double) ?? -1 }
        #expect(widths.count == 2 && widths[0] == widths[1], "\(widths)")
    }

    @Test("--json gives each key's text its key, table, locale and whether it is untranslated in its fit; the table lists it")
    func fitInJSON() throws {
        let file = try Self.file([#"{"key": "settings.sync.title", "id": "title"}"#, #"{"key": "greeting %@", "table": "Other", "arguments": ["Ada"]}"#])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try CLI.run(["layout", file, "--bundled-only", "--json", "--strings", Self.app, "--locale", "fi"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("no catalog has the locale 'fi'") && run.stderr.contains("(en)"), "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.split(separator: "\n")[0].utf8)) as? [String: Any])
        let fits = (object["elements"] as? [[String: Any]] ?? []).compactMap { $0["fit"] as? [String: Any] }
        #expect(fits.count == 2)
        // Finnish is in no catalog: both fall back to English, the source language.
        #expect(fits[0]["key"] as? String == "settings.sync.title" && fits[0]["table"] as? String == "Localizable")
        #expect(fits[0]["locale"] as? String == "en" && fits[0]["untranslated"] as? Bool == true)
        #expect(fits[1]["key"] as? String == "greeting %@" && fits[1]["table"] as? String == "Other")
        let table = try CLI.run(["layout", file, "--bundled-only", "--strings", Self.app, "--locale", "fi"])
        #expect(table.stdout.contains("untranslated key \"settings.sync.title\", shown in en"), "\(table.stdout)")
        let german = try CLI.run(["layout", file, "--bundled-only", "--json", "--strings", Self.app, "--locale", "de"])
        let de = try #require(try JSONSerialization.jsonObject(with: Data(german.stdout.split(separator: "\n")[0].utf8)) as? [String: Any])
        let deFits = (de["elements"] as? [[String: Any]] ?? []).compactMap { $0["fit"] as? [String: Any] }
        #expect(deFits.first?["locale"] as? String == "de" && deFits.first?["untranslated"] == nil)
    }
}
