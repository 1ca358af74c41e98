import Foundation
import Testing

// docs/layout-file.md's examples run as written: every ```json example block through `textfit
// layout`, each checked for what the text beside it says (worked out from the rules, not read off
// the output), and the diagnostics example line for line.

struct LayoutDocExample {
    let json: String
    /// One `--json` line: elements by id, every element, and the diagnostics.
    let elements: [[String: Any]]
    let diagnostics: [String]
    let stderr: String

    init(_ json: String, width: String = "300") throws {
        self.json = json
        let output = try CLI.run(["layout", "-", "--bundled-only", "--json", "--width", width], stdin: Data(json.utf8))
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
        elements = try #require(object["elements"] as? [[String: Any]])
        diagnostics = try #require(object["diagnostics"] as? [String])
        stderr = output.stderr
    }

    func frame(id: String) -> CGRect? { elements.first { $0["id"] as? String == id }.map(Self.frame) }
    func frame(path: [Int]) -> CGRect? { elements.first { $0["path"] as? [Int] == path }.map(Self.frame) }
    func baseline(path: [Int]) -> Double? { elements.first { $0["path"] as? [Int] == path }?["firstBaseline"] as? Double }

    static func frame(_ element: [String: Any]) -> CGRect {
        let f = element["frame"] as? [String: Double] ?? [:]
        return CGRect(x: f["x"] ?? .nan, y: f["y"] ?? .nan, width: f["width"] ?? .nan, height: f["height"] ?? .nan)
    }

    static func blocks() throws -> [String] {
        let doc = try CLIUsageTests.document("docs/layout-file.md")
        return doc.components(separatedBy: "```json example\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }
}

@Suite("docs/layout-file.md's examples run as written")
struct LayoutFileDocTests {
    func close(_ a: CGFloat?, _ b: CGFloat?) -> Bool { a != nil && b != nil && abs(a! - b!) < 1e-9 }

    @Test("Every example runs with no diagnostic, and there are at least seven")
    func everyExampleRuns() throws {
        let blocks = try LayoutDocExample.blocks()
        #expect(blocks.count >= 8)
        for block in blocks {
            let example = try LayoutDocExample(block)
            #expect(example.diagnostics.isEmpty, "\(example.diagnostics)")
            #expect(example.stderr.isEmpty, "\(example.stderr)")
        }
    }

    @Test("What the text beside each example says holds")
    func examplesSayTrue() throws {
        let blocks = try LayoutDocExample.blocks()
        func example(containing marker: String) throws -> LayoutDocExample {
            try LayoutDocExample(try #require(blocks.first { $0.contains(marker) }, "no example with \(marker)"))
        }
        // Grid: the divider (path [0, 2]: the grid's third cell) is the grid's width, not the 300
        // proposed; Zürich's trailing edge is its column's (the wider population cell's).
        let grid = try example(containing: "gridCellUnsizedAxes")
        let gridFrame = try #require(grid.frame(path: [0]))
        #expect(grid.frame(path: [0, 2])?.width == gridFrame.width)
        #expect(gridFrame.width < 300)
        #expect(close(grid.frame(path: [0, 1])?.maxX, grid.frame(path: [0, 4])?.maxX))
        // Chain: the chip is the text padded 10 across and 4 down; the root adds 4 on every side.
        let chain = try example(containing: #""id": "chip""#)
        let chip = try #require(chain.frame(id: "chip")), text = try #require(chain.frame(path: [0, 1, 0]))
        #expect(close(chip.width, text.width + 20) && close(chip.height, text.height + 8))
        #expect(close(chain.frame(path: [])?.width, chip.width + 8))
        // Overlay: the badge at the 60 × 40 box's top trailing corner.
        let overlay = try example(containing: #""id": "badge""#)
        #expect(close(overlay.frame(id: "badge")?.maxX, 60) && overlay.frame(id: "badge")?.minY == 0)
        #expect(overlay.frame(path: [])?.size == CGSize(width: 60, height: 40))
        // position / aspectRatio / hidden at --width 300: the banner 300 × 150; the hidden text keeps
        // its line (the position element starts below it); the dot centred 10 pt into its space.
        let placed = try example(containing: #""id": "banner""#)
        #expect(placed.frame(id: "banner")?.size == CGSize(width: 300, height: 150))
        let hiddenText = try #require(placed.frame(path: [1]))
        #expect(hiddenText.height > 0 && hiddenText.minY == 150)
        let space = try #require(placed.frame(path: [2])), dot = try #require(placed.frame(id: "dot"))
        #expect(close(space.minY, hiddenText.maxY))
        #expect(close(dot.midX - space.minX, 10) && close(dot.midY - space.minY, 10))
        // layoutDirection: the right-to-left row puts its first text at its trailing (right) end.
        let direction = try example(containing: "layoutDirection")
        let first = try #require(direction.frame(path: [1, 0])), last = try #require(direction.frame(path: [1, 2]))
        #expect(first.minX > last.maxX)
        #expect(direction.frame(path: [0, 0])?.minX == 0)  // the left-to-right row is not mirrored
        // Spacer and ZStack priority: the count ends at 300 − 16; the pill is exactly the count's frame.
        let toolbar = try example(containing: #""id": "pill""#)
        let count = try #require(toolbar.frame(id: "count"))
        #expect(close(count.maxX, 284))
        #expect(toolbar.frame(id: "pill") == count)
        // Custom guide: the icon's centre 6 pt above the title's first baseline.
        let guides = try example(containing: "iconLine")
        let icon = try #require(guides.frame(path: [0, 0])), title = try #require(guides.frame(path: [0, 1, 0]))
        let titleBaseline = try #require(guides.baseline(path: [0, 1, 0]))
        #expect(close(icon.midY, title.minY + titleBaseline - 6))
        // Android at font scale 2: titleMedium and bodyLarge (16 sp on a 24 sp line) are 28 dp on a
        // 42 dp line (AOSP's 2.0 table: 14 → 26, 18 → 30; 24 × 28 / 16); labelSmall (11 sp, line
        // 16 sp) is 22 dp (10 → 20, 12 → 24) on a 16 × 22 / 11 = 32 dp line. The detail's width:
        // hb-shape --variations=wght=650,wdth=80 --features=-liga,-clig fonts/Roboto-Variable.ttf
        // "Signal 72 %" is 9673 units (2048 per em) at 22 dp, plus labelSmall's 0.5 sp letter
        // spacing (1 dp at 2: 0.5 × 16 / 8) after each of the 11 clusters.
        let android = try example(containing: #""platform": "android""#)
        #expect(close(android.frame(id: "title")?.height, 42) && close(android.frame(id: "status")?.height, 42))
        #expect(abs((android.frame(id: "detail")?.height ?? 0) - 32) < 1e-5)
        #expect(close(android.frame(id: "detail")?.width, 9673.0 * 22 / 2048 + 11))
        #expect(close(android.frame(id: "detail")?.minY, 16 + 42 + 4 + 42 + 4))
        // padding: true is 16 on every side.
        let row = try #require(guides.frame(path: [0])), root = try #require(guides.frame(path: []))
        #expect(row.minX == 16 && row.minY == 16 && close(root.width, row.width + 32) && close(root.height, row.height + 32))
    }

    @Test("The diagnostics example prints the lines the document shows, on standard error too")
    func diagnosticsExample() throws {
        let doc = try CLIUsageTests.document("docs/layout-file.md")
        let input = try #require(doc.components(separatedBy: "(from `").dropFirst().first?.components(separatedBy: "`\nwith").first)
            .replacingOccurrences(of: "\n", with: " ")
        let shown = try #require(doc.components(separatedBy: "`diagnostics` lists what went wrong").dropFirst().first?
            .components(separatedBy: "```\n").dropFirst().first?.components(separatedBy: "```").first)
            .split(separator: "\n").map(String.init)
        let output = try CLI.run(["layout", "-", "--bundled-only", "--json"], stdin: Data(input.utf8))
        #expect(output.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["diagnostics"] as? [String] == shown)
        #expect(output.stderr.split(separator: "\n").map(String.init) == shown.map { "textfit: warning: large: \($0)" })
    }

    @Test("The fit example: its file at --width 180 prints the summary and the fit objects the page shows")
    func fitExample() throws {
        let doc = try CLIUsageTests.document("docs/layout-file.md")
        let input = try #require(doc.components(separatedBy: "For this file at `--width 180`:\n\n```json\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let shown = try #require(doc.components(separatedBy: "For the file above, `--width 180 --summary`:\n\n```\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let summary = try CLI.run(["layout", "-", "--bundled-only", "--width", "180", "--summary"], stdin: Data(input.utf8))
        #expect(summary.status == 0 && summary.stdout == shown, "\(summary.stdout)")
        // The two elements shown: the cut title and the badge.
        let example = try LayoutDocExample(input, width: "180")
        let sync = try #require(example.elements.first { $0["id"] as? String == "sync" }?["fit"] as? [String: Any])
        #expect(sync["linesShown"] as? Int == 1 && sync["linesNeeded"] as? Int == 2 && sync["neededWidth"] as? Double == 271.609)
        let truncated = try #require(sync["truncated"] as? [String: Any])
        #expect(truncated["position"] as? String == "tail" && truncated["cause"] as? String == "lineLimit")
        #expect(truncated["offset"] as? Int == 19 && truncated["elided"] as? [Int] == [19, 32])
        let badge = try #require(example.elements.first { $0["id"] as? String == "badge" }?["fit"] as? [String: Any])
        #expect(badge["neededWidth"] as? Double == 20.592 && (badge["overlaps"] as? [[String: [Int]]]) == [["path": [1, 0]]])
    }

    @Test("--width infinity is an infinite proposal; inf is refused naming both spellings; nil is leaving it out")
    func infiniteProposal() throws {
        // A rectangle proposed ∞ answers ∞, which no frame can be: laid out as 0 wide and said so.
        let infinite = try CLI.run(["layout", "-", "--json", "--width", "infinity"], stdin: Data(#"{"rectangle": {}}"#.utf8))
        #expect(infinite.status == 0)
        #expect(infinite.stdout.contains("invalidSize: Rectangle at []: placed with an infinite size"))
        #expect(infinite.stderr.contains("warning: large: invalidSize"))
        // Left out: nil, the rectangle's ideal 10.
        let ideal = try CLI.run(["layout", "-", "--json"], stdin: Data(#"{"rectangle": {}}"#.utf8))
        #expect(ideal.stdout.contains(#""size":{"height":10,"width":10}"#))
        let old = try CLI.run(["layout", "-", "--width", "inf"], stdin: Data(#"{"rectangle": {}}"#.utf8))
        #expect(old.status == 2)
        #expect(old.stderr.contains("--width infinity") && old.stderr.contains("leave --width out"))
        // measure takes the same spellings: a text answers its ideal size at infinity.
        let measured = try CLI.run(["measure", "--bundled-only", "--json", "--width", "infinity", "a b"])
        #expect(measured.status == 0)
        #expect(try CLI.run(["measure", "--bundled-only", "--width", "inf", "a b"]).status == 2)
    }
}
