import Foundation
import Testing
import TextFit

/// A scratch path under the system's temporary folder (not created).
private func scratch(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("textfit-\(name)-\(UUID().uuidString)")
}

/// Starts the built `textfit` with stdout and stderr to files (or `/dev/full`), for runs that are
/// interfered with while they go on.
private final class RunningCLI {
    let process = Process()
    let stderrFile = scratch("stderr")

    init(_ arguments: [String], stdout: String = "/dev/null") throws {
        try Data().write(to: stderrFile)
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: stdout)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try process.run()
    }

    /// Waits for the end: the exit status and what went to stderr.
    func finish() -> (status: Int32, stderr: String) {
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: stderrFile) }
        return (process.terminationStatus, (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "")
    }
}

/// A `.strings` catalog (`en.lproj/Localizable.strings`) of `count` keys with `words`-word texts.
private func makeCatalog(count: Int, words: Int = 3) throws -> URL {
    let folder = scratch("catalog")
    let lproj = folder.appendingPathComponent("en.lproj")
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    let vocabulary = ["settings", "privacy", "notifications", "download", "share", "with", "friends", "account"]
    var text = ""
    for key in 0..<count {
        text += "\"key.\(key)\" = \"\((0..<words).map { vocabulary[(key + $0 * 3) % vocabulary.count] }.joined(separator: " "))\";\n"
    }
    try Data(text.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
    return folder
}

private let territories = Engine.repository.appendingPathComponent("Tests/LocalizationStressTests/Fixtures/Territories.xcstrings").path

@Suite("Reliability: input limits")
struct InputLimitTests {
    @Test("A 10 MB text is refused by measure before it is shaped, naming the line and the limit (exit 5)")
    func tenMegabytes() throws {
        let file = scratch("10mb.txt")
        let line = String(repeating: "Rindfleischetikettierung ", count: 400_000)  // 10,000,000 bytes
        try Data((line + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try CLI.run(["measure", "--bundled-only", "--file", file.path])
        #expect(output.status == 5)
        #expect(output.stderr.contains("line 1 of '\(file.path)' is 10000000 bytes, over the limit of 1048576 (--max-text-bytes)"))
        let argument = try CLI.run(["measure", "--bundled-only", "--max-text-bytes", "4", "ok", "too long"])
        #expect(argument.status == 5 && argument.stderr.contains("argument 2 is 8 bytes"))
        #expect(try CLI.run(["measure", "--bundled-only", "--max-text-bytes", "0", "x"]).status == 2)
    }

    @Test("Zalgo: 10,000 combining marks on one base are measured, finite, on one line")
    func zalgo() throws {
        let marks = (0..<10_000).map { Character(Unicode.Scalar(0x300 + UInt32($0 % 112))!) }
        let text = "e" + String(marks)
        // HarfBuzz 6.0's mark attachment is quadratic: 0.2 s a shaping of this in hb-shape; times in
        // docs/reliability.md.
        let result = try Engine.get().measure(MeasureRequest(texts: [text], width: 100))[0]
        for value in [result.ideal.width, result.ideal.height, result.minimum.width, result.fitting?.height ?? .nan] {
            #expect(value.isFinite && value > 0)
        }
        #expect(result.lines.count == 1 && result.missingGlyphs == 0)
        if let ink = result.ink { #expect(ink.width.isFinite && ink.height.isFinite) }
    }

    /// A flow of `count` boxes (a 100,000-node layout of text takes 19 s in a release build; boxes keep
    /// the test to seconds in a debug one).
    func flow(of count: Int) -> Data {
        var json = #"{"flow": {"spacing": 8, "children": ["#
        json += (0..<count).map { #"{"box": {"width": \#(10 + $0 % 7), "height": 10}}"# }.joined(separator: ",")
        return Data((json + "]}}").utf8)
    }

    @Test("A layout of 100,000 elements is laid out; one more is refused with the JSON path of the first over")
    func hundredThousandElements() throws {
        let tree = try LayoutFile.element(from: flow(of: 99_999))  // and the flow itself
        let output = try Engine.get().layoutOutputs(tree, width: 390, height: nil, dynamicTypeSizes: [.large])[0]
        #expect(output.elements.count == 100_000 && output.size.height.isFinite)
        do {
            _ = try LayoutFile.element(from: flow(of: 100_000))
            Issue.record("accepted 100,001 nodes")
        } catch let error as LayoutFileError {
            #expect(error.path == "$.flow.children[99999]" && error.exceededLimit == "maxElements")
        }
    }

    @Test("A file far over the node limit is refused while it is read, in memory bounded by the limit (issue 27)")
    func refusedWhileReading() throws {
        // 10 nodes allowed: 8 × 10 + 1,024 JSON containers are read at most. 5,000 text nodes
        // (5,002 containers) stop the reader there, with the limit named; 9 nodes pass it.
        let limits = LayoutFile.Limits(maxElements: 10)
        do {
            _ = try LayoutFile.element(from: flow(of: 5_000), limits: limits)
            Issue.record("accepted 5,001 nodes")
        } catch let error as LayoutFileError {
            #expect(error.exceededLimit == "maxElements" && error.message.contains("refused while reading"), "\(error)")
        }
        // Under the container bound, the node count still decides, naming the first node over.
        do {
            _ = try LayoutFile.element(from: flow(of: 100), limits: limits)
            Issue.record("accepted 101 nodes")
        } catch let error as LayoutFileError {
            #expect(error.path == "$.flow.children[9]" && error.exceededLimit == "maxElements", "\(error)")
        }
    }

    @Test("A flow's overflow template counts once per item it may stand for; nested templates cannot multiply past the limit")
    func overflowTemplatesCountPerItem() throws {
        // A flow (1 node) of three boxes (3) whose overflow template is an hstack holding a text
        // (2 nodes), built for 1, 2 and 3 hidden items: 1 + 3 + 3 × 2 = 10.
        let box = #"{"box": {"width": 10, "height": 10}}"#
        let file = Data((#"{"flow": {"maxRows": 1, "children": [\#(box), \#(box), \#(box)], "#
            + #""overflow": {"hstack": {"children": [{"text": "+{count}"}]}}}}"#).utf8)
        _ = try LayoutFile.element(from: file, limits: .init(maxElements: 10))
        #expect(throws: LayoutFileError.self) { try LayoutFile.element(from: file, limits: .init(maxElements: 9)) }
        // 12 nested flows of two texts, each the next one's overflow: 2^12 copies of the innermost
        // text alone, over a limit of 1,000 nodes the 37 nodes of the file stay under.
        var node = #"{"text": "x"}"#
        for _ in 0..<12 { node = #"{"flow": {"maxRows": 1, "children": [{"text": "a"}, {"text": "b"}], "overflow": \#(node)}}"# }
        do {
            _ = try LayoutFile.element(from: Data(node.utf8), limits: .init(maxElements: 1000))
            Issue.record("accepted a tree that expands to over 4,096 nodes")
        } catch let error as LayoutFileError {
            #expect(error.exceededLimit == "maxElements" && error.path.hasSuffix(".flow.overflow"), "\(error)")
        }
        // One text per flow: nested 16 deep it is 33 nodes, each template built once.
        node = #"{"text": "x"}"#
        for _ in 0..<16 { node = #"{"flow": {"maxRows": 1, "children": [{"text": "a"}], "overflow": \#(node)}}"# }
        let output = try Engine.get().layoutOutputs(try LayoutFile.element(from: Data(node.utf8)), width: 300, height: nil,
                                                    dynamicTypeSizes: [.large])[0]
        #expect(output.elements.count == 33)
    }

    /// `depth` nested containers (alternating kinds) with a padded text in each.
    func nested(_ depth: Int) -> Data {
        let kinds = ["vstack", "hstack", "zstack", "flow", "equalWidth"]
        var node = #"{"text": "deep", "padding": 1}"#
        for level in (1..<depth).reversed() {
            node = #"{"\#(kinds[level % kinds.count])": {"children": [{"text": "L\#(level)"}, \#(node)]}, "padding": 1}"#
        }
        return Data(node.utf8)
    }

    @Test("50-deep nesting lays out; 65 deep is refused by maxDepth; 1,000 deep is refused before parsing, not as 'not valid JSON'")
    func depth() throws {
        let output = try Engine.get().layoutOutputs(try LayoutFile.element(from: nested(50)), width: 390, height: nil,
                                                    dynamicTypeSizes: [.large])[0]
        #expect(output.elements.count == 50 * 2 + 49 && output.size.width.isFinite && output.size.height.isFinite)
        for (depth, fragment) in [(65, "nested 65 nodes deep, over the limit of 64"), (1_000, "a tree within the depth limit of 64 nodes")] {
            do {
                _ = try LayoutFile.element(from: nested(depth))
                Issue.record("accepted \(depth) levels")
            } catch let error as LayoutFileError {
                #expect(error.exceededLimit == "maxDepth" && error.message.contains(fragment), "\(error)")
            }
        }
        #expect((try? LayoutFile.element(from: nested(65), limits: .init(maxDepth: 65))) != nil)
        // The check before parsing never refuses a tree within the limit: grids take four JSON levels a node.
        var grids = #"{"text": "deep", "frame": {"width": 10}}"#
        for _ in 1..<64 { grids = #"{"grid": {"rows": [[\#(grids)], []]}}"# }
        #expect(throws: Never.self) { try LayoutFile.element(from: Data(grids.utf8)) }
    }

    @Test("Over-limit layout files exit 5 naming the option that raises the limit; --max-depth is capped at 100")
    func layoutCLI() throws {
        let long = try CLI.run(["layout", "-", "--bundled-only", "--max-text-bytes", "3"], stdin: Data(#"{"text": "four"}"#.utf8))
        #expect(long.status == 5 && long.stderr.contains("$.text: the text is 4 bytes, over the limit of 3 (maxTextBytes); raise it with --max-text-bytes"))
        let deep = try CLI.run(["layout", "-", "--bundled-only"], stdin: nested(65))
        #expect(deep.status == 5 && deep.stderr.contains("raise it with --max-depth"))
        #expect(try CLI.run(["layout", "-", "--bundled-only", "--max-depth", "65", "--summary"], stdin: nested(65)).status == 0)
        #expect(try CLI.run(["layout", "-", "--bundled-only", "--max-depth", "101"], stdin: nested(2)).status == 2)
        // At the largest --max-depth there is nothing to raise: the message says so instead.
        let deepest = try CLI.run(["layout", "-", "--bundled-only", "--max-depth", "100"], stdin: nested(101))
        #expect(deepest.status == 5 && deepest.stderr.contains("100 is the largest --max-depth") && !deepest.stderr.contains("raise it"),
                "\(deepest.stderr)")
        #expect(deep.stderr.contains("raise it with --max-depth (at most 100)"))
    }

    @Test("A catalog over --max-entries exits 5 naming the file and the option")
    func catalogEntries() throws {
        let output = try CLI.run(["stress", territories, "--bundled-only", "--max-entries", "100"])
        #expect(output.status == 5)
        #expect(output.stderr.contains("Territories.xcstrings: the catalogs reach 112 entries here, over the limit of 100 (maxEntries); raise it with --max-entries"))
    }

    @Test("--max-pictures: the report draws that many failing cases and says so; 0 is a usage error")
    func maxPictures() throws {
        let folder = scratch("max-pictures")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLI.run(["stress", territories, "--bundled-only", "--width", "120", "--report", folder.path, "--max-pictures", "3"])
        #expect(output.status == 1)  // the failing checks
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("Pictures of the 3 worst of "))
        #expect(!page.contains(#"\u003csvg "#))  // the pictures are in their own file
        let pictures = try String(contentsOf: folder.appendingPathComponent("pictures/1.js"), encoding: .utf8)
        #expect(pictures.components(separatedBy: #"\u003csvg "#).count - 1 == 3)
        let zero = try CLI.run(["stress", territories, "--bundled-only", "--max-pictures", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--max-pictures expects a whole number from 1"))
    }
}

@Suite("Reliability: faults while stress writes its report")
struct StressFaultTests {
    @Test("An unwritable report folder exits 4 before the sweep, naming it")
    func unwritableFolder() throws {
        let file = scratch("plain-file")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try CLI.run(["stress", territories, "--bundled-only", "--width", "60", "--report", file.path + "/out"])
        #expect(output.status == 4)
        #expect(output.stderr.contains("cannot write '\(file.path)': it is a file, not a folder; no report was written"))
        #expect(output.stdout.isEmpty)  // no summary: the sweep never ran
    }

    @Test("A full disk exits 4; the previous report stays whole and no partial file is left", .enabled(if: getuid() == 0))
    func fullDisk() throws {
        let disk = scratch("tmpfs")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: disk) }
        let mount = try CLI.runTool(["mount", "-t", "tmpfs", "-o", "size=128k", "tmpfs", disk.path])
        try #require(mount == 0, "cannot mount a tmpfs here")
        defer { _ = try? CLI.runTool(["umount", disk.path]) }
        let folder = disk.appendingPathComponent("out").path
        // A passing run's report (about 56 KB) fits; a failing run's (about 1 MB, with pictures) does not.
        #expect(try CLI.run(["stress", territories, "--bundled-only", "--width", "2000", "--dynamic-type", "large", "--report", folder]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))
        let full = try CLI.run(["stress", territories, "--bundled-only", "--width", "60", "--report", folder])
        #expect(full.status == 4)
        #expect(full.stderr.contains("No space left on device; no report was written"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["index.html", "junit.xml", "report.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/report.json")) == before)
    }

    @Test("--json to a full stdout (/dev/full) exits 4 instead of passing an empty report off as done")
    func fullStandardOutput() throws {
        for arguments in [["stress", territories, "--bundled-only", "--dynamic-type", "large", "--json"],
                          ["measure", "--bundled-only", "--json", "Hello"]] {
            let (status, stderr) = try RunningCLI(arguments, stdout: "/dev/full").finish()
            #expect(status == 4 && stderr.contains("cannot write to standard output (No space left on device)"), "\(arguments[0])")
        }
    }

    @Test("A font that cannot be opened exits 3 before the sweep, naming it (never missing-glyphs verdicts)")
    func badFonts() throws {
        let family = try CLI.run(["stress", territories, "--bundled-only", "--font", "No Such Family"])
        #expect(family.status == 3 && family.stderr.contains("unknown font family 'No Such Family'"))
        let copy = scratch("half").appendingPathExtension("ttf")
        let font = try Data(contentsOf: Engine.repository.appendingPathComponent("fonts/NotoSans-Regular.ttf"))
        try font.prefix(font.count / 2).write(to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let folder = scratch("report")
        let truncated = try CLI.run(["stress", territories, "--bundled-only", "--font-file", copy.path, "--report", folder.path])
        #expect(truncated.status == 3 && truncated.stderr.contains(copy.path) && truncated.stderr.contains("truncated"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// A `stress` sweep of a generated catalog with a scratch copy of Noto Sans as its font, one
    /// second in: the tests then truncate or delete the copy under it (``interfere(_:)``). Removes
    /// its files at the end.
    private struct SweepOnScratchFont {
        let catalog: URL, font: URL, folder: URL
        let run: RunningCLI

        init(entries: Int) throws {
            catalog = try makeCatalog(count: entries, words: 150)
            font = scratch("font").appendingPathExtension("ttf")
            try FileManager.default.copyItem(at: Engine.repository.appendingPathComponent("fonts/NotoSans-Regular.ttf"), to: font)
            folder = scratch("report")
            run = try RunningCLI(["stress", catalog.path, "--bundled-only", "--font-file", font.path, "--max-lines", "0",
                                  "--dynamic-type", "large", "--report", folder.path])
            Thread.sleep(forTimeInterval: 1)
        }

        /// Does `change` to the font, then says whether the sweep was still running after it: only
        /// then did the change happen during the run. Asked before the change, a test thread
        /// stalled between the question and the change (the whole suite runs at once on two cores)
        /// could change the file after the sweep had checked it, and expect what cannot happen.
        func interfere(_ change: () throws -> Void) rethrows -> Bool {
            try change()
            return run.process.isRunning
        }

        func removeFiles() {
            for url in [catalog, font, folder] { try? FileManager.default.removeItem(at: url) }
        }
    }

    @Test("A font file truncated during the run exits 3 naming it (SIGBUS, or the check after the sweep); no report")
    func fontTruncatedMidRun() throws {
        let sweep = try SweepOnScratchFont(entries: 1_500)  // about 3 s of sweeping in a debug build
        defer { sweep.removeFiles() }
        let (run, copy, folder) = (sweep.run, sweep.font, sweep.folder)
        let stillRunning = sweep.interfere { truncate(copy.path, 2_000) }
        let (status, stderr) = run.finish()
        guard stillRunning else { return }  // the sweep had ended: the change came too late to interfere
        #expect(status == 3, "\(stderr)")
        #expect(stderr.contains(copy.path), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.json").path))
    }

    @Test("A font file deleted during the run: the run goes on with the file it opened, and says so")
    func fontDeletedMidRun() throws {
        let sweep = try SweepOnScratchFont(entries: 1_000)
        defer { sweep.removeFiles() }
        let (run, copy, folder) = (sweep.run, sweep.font, sweep.folder)
        let stillRunning = try sweep.interfere { try FileManager.default.removeItem(at: copy) }
        let (status, stderr) = run.finish()
        guard stillRunning else { return }  // the sweep had ended: the change came too late to interfere
        if status == 3 {
            // Deleted before the fonts were opened: a clear error, no report.
            #expect(stderr.contains("no such file") && !FileManager.default.fileExists(atPath: folder.path), "\(stderr)")
        } else {
            #expect(status == 0 || status == 1, "\(stderr)")
            #expect(stderr.contains("was deleted or replaced during the run"), "\(stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
        }
    }
}

extension CLI {
    /// Runs a system tool (`mount`), returning its exit status.
    static func runTool(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
