import Foundation
import Testing

/// `textfit layout --platform android --font-scale …`: the file's platform and text sizes on the
/// command line. Heights are Material 3's bodyLarge line, 24 sp, through AOSP's 2.0 table (16 sp →
/// 28 dp, the line in proportion: 24 × 28 / 16 = 42 dp).
@Suite("textfit layout: --platform and --font-scale")
struct LayoutPlatformCLITests {
    static let tags = #"{"flow": {"spacing": 8, "children": [{"text": "Zürich", "id": "first"}, {"text": "Genève"}, {"text": "Lausanne"}]}}"#

    func lines(_ output: CLI.Output) -> [[String: Any]] {
        output.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test("--platform android --font-scale 1,2 --summary: one row per scale, labelled as the scale; heights 24 and 42")
    func summary() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-\(UUID().uuidString).json")
        try Data(Self.tags.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try CLI.run(["layout", file.path, "--bundled-only", "--platform", "android", "--font-scale", "1,2", "--summary"])
        #expect(output.status == 0, "\(output.stderr)")
        let rows = output.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        try #require(rows.count == 3, "\(output.stdout)")
        #expect(rows[0].prefix(2) == ["FONT", "SCALE"])
        // FONT SCALE, DIRECTION, WIDTH, HEIGHT, ELEMENTS, ROWS: one row of bodyLarge tags each time.
        #expect(rows[1][0] == "1" && rows[1][3] == "24.00", "\(rows[1])")
        #expect(rows[2][0] == "2" && rows[2][3] == "42.00", "\(rows[2])")
    }

    @Test("--json labels each layout with its font scale; --dynamic-type is the same option, read as scales under android")
    func json() throws {
        let output = try CLI.run(["layout", "-", "--bundled-only", "--platform", "android", "--dynamic-type", "1.3,2", "--json"],
                                 stdin: Data(Self.tags.utf8))
        #expect(output.status == 0, "\(output.stderr)")
        let layouts = lines(output)
        #expect(layouts.map { $0["fontScale"] as? Double } == [1.3, 2])
        #expect(layouts.allSatisfy { $0["dynamicTypeSize"] == nil })
        // Under ios (the default) the key is the Dynamic Type size, as before.
        let ios = lines(try CLI.run(["layout", "-", "--bundled-only", "--json"], stdin: Data(Self.tags.utf8)))
        #expect(ios.first?["dynamicTypeSize"] as? String == "large" && ios.first?["fontScale"] == nil)
    }

    @Test("The file's platform and font scales are used when the command line gives none; the command line wins")
    func fileSettings() throws {
        let file = #"{"platform": "android", "fontScale": "1,2", "text": "Settings"}"#
        let fromFile = try CLI.run(["layout", "-", "--bundled-only", "--summary"], stdin: Data(file.utf8))
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout.contains("FONT SCALE") && fromFile.stdout.split(separator: "\n").count == 3, "\(fromFile.stdout)")
        let one = try CLI.run(["layout", "-", "--bundled-only", "--summary", "--font-scale", "2"], stdin: Data(file.utf8))
        #expect(one.stdout.split(separator: "\n").count == 2 && one.stdout.contains("42.00"), "\(one.stdout)")
        // --platform ios wins, and the file's font scales cannot be read under it: bad input, named.
        let ios = try CLI.run(["layout", "-", "--bundled-only", "--platform", "ios"], stdin: Data(file.utf8))
        #expect(ios.status == 3 && ios.stderr.contains("$.fontScale"), "\(ios.stderr)")
    }

    @Test("Bad sizes and platforms are bad usage (exit 2); a Material style under ios is a bad file (exit 3) naming it", arguments: [
        (["--platform", "android", "--font-scale", "0"], 2, "--font-scale: 0 is not a font scale"),
        (["--platform", "android", "--dynamic-type", "large"], 2, "'large' is a Dynamic Type size"),
        (["--font-scale", "1.3"], 2, "'1.3' is a font scale, which is Android's"),
        (["--platform", "windows"], 2, "--platform: 'windows' is not a platform"),
        (["--platform", "android", "--font-scale", "1", "--dynamic-type", "1"], 2, "not both"),
    ])
    func badOptions(_ options: [String], _ status: Int32, _ message: String) throws {
        let output = try CLI.run(["layout", "-", "--bundled-only"] + options, stdin: Data(#"{"text": "a"}"#.utf8))
        #expect(output.status == status && output.stderr.contains(message), "\(output.status) \(output.stderr)")
        let material = try CLI.run(["layout", "-", "--bundled-only"], stdin: Data(#"{"vstack": {"children": [{"text": "a", "style": "titleLarge"}]}}"#.utf8))
        #expect(material.status == 3 && material.stderr.contains("$.vstack.children[0].style: 'titleLarge' is a Material 3 text style"), "\(material.stderr)")
    }

    @Test("--svg with several font scales writes OUT-SCALE.svg for each (OUT-1.3.svg)")
    func svgNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLI.run(["layout", "-", "--bundled-only", "--platform", "android", "--font-scale", "1,1.3", "--svg",
                                  folder.appendingPathComponent("out.svg").path], stdin: Data(Self.tags.utf8))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["out-1.3.svg", "out-1.svg"])
        let single = try CLI.run(["layout", "-", "--bundled-only", "--platform", "android", "--font-scale", "1,2", "--svg", "-"],
                                 stdin: Data(Self.tags.utf8))
        #expect(single.status == 2 && single.stderr.contains("--font-scale asks for 2 text sizes"), "\(single.stderr)")
    }

    @Test("An axis the text's font lacks is a bad file (exit 3) naming the node and the setting")
    func unknownAxis() throws {
        let output = try CLI.run(["layout", "-", "--bundled-only", "--platform", "android"],
                                 stdin: Data(#"{"hstack": {"children": [{"text": "a", "variations": "wght=500,GRAD=50"}]}}"#.utf8))
        #expect(output.status == 3, "\(output.stderr)")
        #expect(output.stderr.contains("$.hstack.children[0].variations: 'wght=500,GRAD=50': font 'Roboto"), "\(output.stderr)")
        #expect(output.stderr.contains("has no 'GRAD' axis"), "\(output.stderr)")
    }
}
