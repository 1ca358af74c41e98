import Foundation
import TestSupport
import Testing

/// Runs the built `textfit` and checks output and exit status.
struct CLI {
    static let binary = textfitBinary(repository: Engine.repository)

    struct Output { var status: Int32; var stdout: String; var stderr: String }

    /// Runs `executable` (the built `textfit` unless told) with `arguments`, in `directory` when
    /// given, `stdin` as its standard input (else an empty one); standard error is read on another
    /// thread while standard output is read here, so neither pipe can fill and stall the child.
    static func run(_ arguments: [String], stdin: Data? = nil, executable: String = binary,
                    directory: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let stderr = ErrorReader(err.fileHandleForReading)
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let stdout = readToEnd(out.fileHandleForReading)
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr.wait(), as: UTF8.self))
    }

    /// A pipe read to its end on a thread of its own.
    private final class ErrorReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = readToEnd(handle)
                done.signal()
            }
        }

        /// The bytes read, once the pipe is closed (`data` is written before the signal, read after it).
        func wait() -> Data {
            done.wait()
            return data
        }
    }
}

@Suite("textfit CLI (make test builds the binary first)")
struct CLITests {
    @Test("measure --json prints one object per text, widths as HarfBuzz gives them")
    func measureJSON() throws {
        let output = try CLI.run(["measure", "--bundled-only", "--json", "--size", "1000", "To", "Hi"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        // hb-shape fonts/NotoSans-Regular.ttf To → T 486 + o 605 (kerned).
        #expect((first["ideal"] as? [String: Any])?["width"] as? Double == 1091)
        #expect(first["text"] as? String == "To")
    }

    @Test("measure --markdown measures the text SwiftUI's Text(\"literal\") shows; offsets count its scalars")
    func measureMarkdown() throws {
        let output = try CLI.run(["measure", "--bundled-only", "--json", "--size", "1000", "--markdown", "Tap **Continue**"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        // hb-shape: Regular "Tap " 476 + 561 + 615 + 260 = 1912; Bold "Continue" 637 + 619 + 657 + 434 + 305
        // + 657 + 657 + 591 = 4557 (size 1000 with no text style: bold is 700, Noto Sans Bold).
        #expect((object["ideal"] as? [String: Any])?["width"] as? Double == 6469)
        #expect(object["text"] as? String == "Tap Continue")
        #expect(((object["lines"] as? [[String: Any]])?.first?["end"] as? Int) == 12)
        let android = try CLI.run(["measure", "--bundled-only", "--markdown", "--platform", "android", "x"])
        #expect(android.status == 2 && android.stderr.contains("--markdown: Markdown is how SwiftUI's Text reads"), "\(android.stderr)")
    }

    @Test("Texts come one per line from stdin; --json-input lines are JSON strings")
    func stdin() throws {
        let plain = try CLI.run(["measure", "--bundled-only", "--json", "-"], stdin: Data("a\nb\n".utf8))
        #expect(plain.status == 0 && plain.stdout.split(separator: "\n").count == 2)
        let json = try CLI.run(["measure", "--bundled-only", "--json", "--json-input", "-"], stdin: Data("\"a\\nb\"\n".utf8))
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["lines"] as? [Any])?.count == 2)
    }

    @Test("Several Dynamic Type sizes make a readable table")
    func table() throws {
        let output = try CLI.run(["measure", "--bundled-only", "--dynamic-type", "xSmall,ax5", "Hello"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("TEXT") && output.stdout.contains("accessibility5") && output.stdout.contains("53.00"))
        #expect(output.stdout.contains("IDEAL") && output.stdout.contains("MINIMUM") && output.stdout.contains("(Hello, word)"))
    }

    @Test("--width prints the fitting size and each line with its baseline")
    func widthDetails() throws {
        let output = try CLI.run(["measure", "--bundled-only", "--size", "1000", "--width", "3000", "aa bb cc"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("2612.00×2724.00"))
        #expect(output.stdout.contains("1  [0..<6)  width 2612.00  baseline 1069.00"))
        #expect(output.stdout.contains("2  [6..<8)  width 960.00  baseline 2431.00"))
    }

    @Test("layout --json prints one object per size, smallest first; --svg writes the picture")
    func layout() throws {
        let file = Engine.repository.appendingPathComponent("demo/tag-cloud.json").path
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let output = try CLI.run(["layout", file, "--bundled-only", "--width", "390", "--dynamic-type", "all", "--json"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 12)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["dynamicTypeSize"] as? String == "xSmall")
        #expect(Set(first.keys).isSuperset(of: ["dynamicTypeSize", "size", "elements"]))
        let drawn = try CLI.run(["layout", file, "--bundled-only", "--width", "390", "--svg", svg])
        #expect(drawn.status == 0)
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<svg") || picture.hasPrefix("<?xml"))
        #expect(picture.contains("<path"))
    }

    /// ROWS counted from the frames (distinct top + first baseline of the root's children) made
    /// boxes of different heights in one row several rows, an hstack one row per child, and hidden
    /// 0 × 0 elements rows of their own.
    @Test("layout --summary counts the root container's rows as placed; hidden elements never count", arguments: [
        // Top-aligned boxes 40 × 20, 40 × 30, 40 × 25, spacing 10: 40 + 10 + 40 + 10 + 40 = 140 ≤ 200 → one row.
        (#"{"flow": {"verticalAlignment": "top", "spacing": 10, "children": [{"box": {"width": 40, "height": 20}}, {"box": {"width": 40, "height": 30}}, {"box": {"width": 40, "height": 25}}]}}"#, "200", 1),
        // The same at width 100: 90 + 10 + 40 = 140 > 100 → the third box starts a second row.
        (#"{"flow": {"verticalAlignment": "top", "spacing": 10, "children": [{"box": {"width": 40, "height": 20}}, {"box": {"width": 40, "height": 30}}, {"box": {"width": 40, "height": 25}}]}}"#, "100", 2),
        (#"{"hstack": {"children": [{"box": {"width": 40, "height": 20}}, {"box": {"width": 40, "height": 30}}]}}"#, "200", 1),
        (#"{"vstack": {"children": [{"box": {"width": 40, "height": 20}}, {"box": {"width": 40, "height": 30}}]}}"#, "200", 2),
        // maxRows 1 at width 100: two boxes shown, the others and the unused overflow elements
        // hidden (0 × 0); the padding around the flow is looked through.
        (#"{"padding": 5, "flow": {"maxRows": 1, "spacing": 10, "overflow": {"box": {"width": 5, "height": 5}}, "children": [{"box": {"width": 40, "height": 20}}, {"box": {"width": 40, "height": 30}}, {"box": {"width": 40, "height": 25}}]}}"#, "100", 1),
        // ViewThatFits shows the hstack (100 fits 200) and hides the vstack: one row.
        (#"{"viewThatFits": {"children": [{"hstack": {"spacing": 0, "children": [{"box": {"width": 50, "height": 10}}, {"box": {"width": 50, "height": 10}}]}}, {"vstack": {"children": [{"box": {"width": 50, "height": 10}}, {"box": {"width": 50, "height": 10}}]}}]}}"#, "200", 1),
        (#"{"grid": {"rows": [[{"box": {"width": 10, "height": 10}}, {"box": {"width": 10, "height": 20}}], [{"box": {"width": 10, "height": 10}}]]}}"#, "200", 2),
    ])
    func summaryRows(_ json: String, _ width: String, _ rows: Int) throws {
        let output = try CLI.run(["layout", "-", "--bundled-only", "--width", width, "--summary"], stdin: Data(json.utf8))
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.split(separator: " ").last.map(String.init) == "\(rows)", "\(output.stdout)")
    }

    @Test("layout --json marks hidden elements (a flow's items past maxRows, unused overflow elements); the table too")
    func hiddenElements() throws {
        // Width 100, spacing 10, boxes 40 wide: row [a b] is 90; +1 hidden needs 90 + 10 + 5 = 105 > 100, so
        // b is dropped too: a, then the overflow element for 2 (40 + 10 + 5 = 55). Paths: a b c at [0] [1]
        // [2], the overflow elements for 1, 2, 3 at [3] [4] [5]; hidden: b, c and the elements for 1 and 3.
        let json = #"{"flow": {"maxRows": 1, "spacing": 10, "overflow": {"box": {"width": 5, "height": 5}, "id": "more"}, "children": [{"box": {"width": 40, "height": 20}, "id": "a"}, {"box": {"width": 40, "height": 20}, "id": "b"}, {"box": {"width": 40, "height": 20}, "id": "c"}]}}"#
        let output = try CLI.run(["layout", "-", "--bundled-only", "--width", "100", "--json"], stdin: Data(json.utf8))
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        let hidden = elements.filter { $0["hidden"] as? Bool == true }.compactMap { $0["path"] as? [Int] }
        #expect(hidden == [[1], [2], [3], [5]])
        #expect(elements.allSatisfy { $0["hidden"] == nil || $0["hidden"] as? Bool == true })  // absent, never false
        let shownMore = elements.filter { $0["id"] as? String == "more" && $0["hidden"] == nil }.compactMap { $0["path"] as? [Int] }
        #expect(shownMore == [[4]])
        let table = try CLI.run(["layout", "-", "--bundled-only", "--width", "100"], stdin: Data(json.utf8))
        #expect(table.stdout.components(separatedBy: "Box (hidden)").count - 1 == 4, "\(table.stdout)")
    }

    /// Noto Sans at 17 pt (body, large), hb-shape advances (1000 units per em): a 561, b 615, space
    /// 260, "…" 791. "aaaa bbbb aaaa" in 60 pt, one line: 60 − 13.447 leaves 46.553, so "aaaa"
    /// (38.148) stays and "…" stands at scalar 4; unlimited it takes 3 lines; one line needs its
    /// ideal width, 2244 + 260 + 2460 + 260 + 2244 = 7468 units, 126.956 pt. "bbbb" 41.82 pt
    /// pulled 10 pt over "aaaa" by the stack's spacing: each overlaps the other.
    @Test("layout lists the texts cut or overlapping: a fit object per text in --json, findings under the table and the summary")
    func findings() throws {
        let json = #"{"vstack": {"alignment": "leading", "children": [{"text": "aaaa bbbb aaaa", "lineLimit": 1, "frame": {"width": 60}, "id": "cut"}, {"hstack": {"spacing": -10, "children": [{"text": "aaaa"}, {"text": "bbbb", "id": "b"}]}}, {"text": "fits"}]}}"#
        let output = try CLI.run(["layout", "-", "--bundled-only", "--json"], stdin: Data(json.utf8))
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        let fits = elements.compactMap { element in (element["fit"] as? [String: Any]).map { (element["path"] as? [Int] ?? [], $0) } }
        #expect(fits.map(\.0) == [[0, 0], [1, 0], [1, 1], [2]])  // texts only: not the frame, stacks or root
        let cut = fits[0].1
        #expect(cut["linesShown"] as? Int == 1 && cut["linesNeeded"] as? Int == 3 && cut["scale"] as? Double == 1)
        #expect(abs((cut["neededWidth"] as? Double ?? 0) - 126.956) < 1e-9)
        let truncated = try #require(cut["truncated"] as? [String: Any])
        #expect(truncated["offset"] as? Int == 4 && truncated["elided"] as? [Int] == [4, 14])
        #expect(truncated["position"] as? String == "tail" && truncated["cause"] as? String == "lineLimit")
        #expect((fits[1].1["overlaps"] as? [[String: Any]])?.first?["id"] as? String == "b")
        #expect((fits[2].1["overlaps"] as? [[String: Any]])?.first?["path"] as? [Int] == [1, 0])
        #expect(Set(fits[3].1.keys) == ["linesShown", "linesNeeded", "neededWidth", "scale"])  // fits: nothing more

        let table = try CLI.run(["layout", "-", "--bundled-only"], stdin: Data(json.utf8))
        #expect(table.stdout.contains("large: 3 texts with findings:\n  Text [0, 0] (id cut) \"aaaa bbbb aaaa\": truncated at 4 (tail, line limit), 1 of 3 lines, needs 127 pt\n  Text [1, 0] \"aaaa\": overlaps [1, 1] (id b)\n"), "\(table.stdout)")
        let summary = try CLI.run(["layout", "-", "--bundled-only", "--summary"], stdin: Data(json.utf8))
        let lines = summary.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].split(separator: " ").suffix(3) == ["ELEMENTS", "FINDINGS", "ROWS"])
        #expect(lines[1].split(separator: " ").suffix(2) == ["3", "3"], "\(summary.stdout)")
        #expect(lines[2].isEmpty && lines[3] == "large: 3 texts with findings:")
    }

    @Test("A malformed layout file exits 3 naming the JSON path")
    func badLayout() throws {
        let output = try CLI.run(["layout", "-", "--bundled-only"], stdin: Data(#"{"flow": {"children": [{"text": 3}]}}"#.utf8))
        #expect(output.status == 3)
        #expect(output.stderr.contains("$.flow.children[0].text: expected a string"))
    }

    @Test("fonts --for names each cluster's font and why")
    func fontsFor() throws {
        let output = try CLI.run(["fonts", "--bundled-only", "--for", "aก"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Noto Sans Thai") && output.stdout.contains("script"))
    }

    @Test("Exit 2 for bad usage, with one clear line", arguments: [
        ["measure"], ["measure", "x", "--size", "abc"], ["measure", "x", "--bogus"], ["frobnicate"],
        ["measure", "x", "--style", "huge"], ["measure", "x", "--size", "-3"], ["measure", "x", "--width", "wide"],
        ["measure", "x", "--lines", "0"], ["measure", "x", "--reserved-lines", "-1"], ["measure", "x", "--lines", "1", "--reserved-lines", "2"],
        ["measure", "x", "--wrap", "anywhere"], ["measure", "x", "--line-metrics", "fixed:0"],
    ])
    func usage(_ arguments: [String]) throws {
        let output = try CLI.run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("textfit: "))
        #expect(output.stderr.split(separator: "\n").count == 1)
    }

    @Test("Exit 3 for unreadable input: a non-font, an unknown family with --bundled-only, invalid UTF-8")
    func unreadable() throws {
        let notFont = try CLI.run(["measure", "x", "--font-file", Engine.repository.appendingPathComponent("README.md").path])
        #expect(notFont.status == 3 && notFont.stderr.contains("not a usable font"))
        let family = try CLI.run(["measure", "x", "--bundled-only", "--font", "Comic Sans MS"])
        #expect(family.status == 3 && family.stderr.contains("unknown font family 'Comic Sans MS'"))
        let utf8 = try CLI.run(["measure", "--bundled-only", "-"], stdin: Data([0x61, 0xFF, 0x62, 0x0A]))
        #expect(utf8.status == 3 && utf8.stderr.contains("not valid UTF-8 (first bad byte at offset 1)"))
    }
}
