import Foundation
import TestSupport
import Testing

/// Options a command does not read, output errors, argument encoding and the flag names errors give.
@Suite("textfit CLI: options, output and messages")
struct CLIUsageTests {
    /// A fresh empty folder for one test's files.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: - Options that do not apply

    @Test("An option the command does not read is bad usage naming the option and the command", arguments: [
        (["measure", "x", "--bundled-only", "--svg", "out.svg"], "--svg does not apply to measure"),
        (["measure", "x", "--bundled-only", "--rules", "rules.json"], "--rules does not apply to measure"),
        (["stress", "Localizable.xcstrings", "--max-depth", "0"], "--max-depth does not apply to stress"),
        (["layout", "-", "--bundled-only", "--lines", "2"], "--lines does not apply to layout"),
        (["serve", "--stdio", "--width", "3"], "--width does not apply to serve"),
        (["fonts", "--bundled-only", "--width", "100", "--for", "a"], "--width does not apply to fonts"),
        (["fonts", "--bundled-only", "--size", "30"], "--size applies to fonts only with --for"),
        (["layout", "-", "--bundled-only", "--overlays"], "--overlays draws in the SVG, so it needs --svg"),
        (["layout", "-", "--bundled-only", "--json", "--summary"], "give --json or --summary, not both"),
        (["measure", "x", "--bundled-only", "--size", "12", "--size", "14"], "--size is given twice"),
        (["measure", "x", "--bundled-only", "--json=no"], "--json takes no value"),
        (["serve", "extra", "--stdio"], "serve takes no arguments"),
        (["serve", "--stdio", "--allow-host", "textfit.internal"], "--allow-host applies to serve --http only"),
        (["serve", "--http", "127.0.0.1:0", "--bundled-only", "--allow-host", "http://textfit.internal"],
         "--allow-host expects a host name, optionally with a port"),
    ])
    func inapplicableOption(_ arguments: [String], _ message: String) throws {
        let output = try CLI.run(arguments, stdin: Data(#"{"box": {"width": 1, "height": 1}}"#.utf8))
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    /// An unknown option is bad usage; when one the command reads is within a few edits (a letter
    /// added, dropped, changed, or two swapped: optimal string alignment distance), it is suggested.
    /// By hand: `widht` → `width` (one swap), `sise` → `size` (one change), `max-line` → `max-lines`
    /// (one added); `xyz` is near nothing; `fonts` does not read `--width`, so it is not suggested there.
    @Test("An unknown option suggests the nearest one the command reads", arguments: [
        (["stress", "a.xcstrings", "--widht", "3"], "unknown option '--widht'; did you mean '--width'? (textfit stress --help lists the options)"),
        (["measure", "--sise", "12", "hi"], "unknown option '--sise'; did you mean '--size'?"),
        (["stress", "a.xcstrings", "--max-line", "1"], "did you mean '--max-lines'?"),
        (["measure", "--xyz", "hi"], "unknown option '--xyz' (textfit measure --help lists the options)"),
        (["fonts", "--widht", "3"], "unknown option '--widht' (textfit fonts --help lists the options)"),
    ])
    func unknownOptionSuggestion(_ arguments: [String], _ message: String) throws {
        let output = try CLI.run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test("measure refuses TEXT arguments beside --file (the texts were ignored)")
    func textsBesideFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("texts.txt")
        try Data("a\n".utf8).write(to: file)
        let output = try CLI.run(["measure", "--bundled-only", "--file", file.path, "ignored"])
        #expect(output.status == 2 && output.stderr.contains("not both"), "\(output.stderr)")
    }
}

/// Runs the built `textfit` with standard output to `path` (such as `/dev/full`, opened for
/// writing as a stream, never replaced): the exit status and stderr.
func runCLI(_ arguments: [String], stdout path: String) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CLI.binary)
    process.arguments = arguments
    let output = try #require(FileHandle(forWritingAtPath: path))
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
}

extension CLIUsageTests {
    @Test("fonts to a full standard output exits 4, as every command does", arguments: [
        ["fonts", "--bundled-only"], ["fonts", "--bundled-only", "--json"], ["fonts", "--bundled-only", "--for", "aก"],
    ])
    func fontsFullOutput(_ arguments: [String]) throws {
        let (status, stderr) = try runCLI(arguments, stdout: "/dev/full")
        #expect(status == 4, "\(stderr)")
        #expect(stderr.contains("cannot write to standard output (No space left on device)"), "\(stderr)")
    }
}

extension CLIUsageTests {
    /// The width `layout --json` gives a one-text file, or its exit status and stderr.
    static func layoutWidth(_ node: String) throws -> (status: Int32, width: Double?, stderr: String) {
        let output = try CLI.run(["layout", "-", "--bundled-only", "--json"], stdin: Data(node.utf8))
        let object = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        return (output.status, (object?["size"] as? [String: Any])?["width"] as? Double, output.stderr)
    }

    @Test("A layout file's weight may be a number 1–1000 (docs/layout-file.md), the same as its name")
    func layoutNumericWeight() throws {
        let named = try Self.layoutWidth(#"{"text": "Rindfleisch", "weight": "bold"}"#)
        let numbered = try Self.layoutWidth(#"{"text": "Rindfleisch", "weight": 700}"#)
        let regular = try Self.layoutWidth(#"{"text": "Rindfleisch"}"#)
        #expect(numbered.status == 0, "\(numbered.stderr)")
        #expect(numbered.width == named.width && named.width != nil && named.width != regular.width)
    }

    @Test("A layout file's weight out of 1–1000, a fraction or another type is refused at its path", arguments: [
        (#"{"text": "a", "weight": 1200}"#, "$.weight: 1200 is not a weight: expected a whole number from 1 to 1000"),
        (#"{"text": "a", "weight": 0}"#, "$.weight: 0 is not a weight"),
        (#"{"text": "a", "weight": 700.5}"#, "$.weight: 700.5 is not a weight"),
        (#"{"text": "a", "weight": true}"#, "$.weight: expected a weight name"),
        (#"{"text": "a", "weight": "heavyish"}"#, "$.weight: 'heavyish' is not a weight"),
    ])
    func layoutBadWeight(_ node: String, _ message: String) throws {
        let result = try Self.layoutWidth(node)
        #expect(result.status == 3 && result.stderr.contains(message), "\(result.stderr)")
    }

    /// The service's answers to `measure` requests over stdio, one line each.
    static func serve(_ requests: [String]) throws -> [[String: Any]] {
        let input = requests.joined(separator: "\n") + "\n"
        let output = try CLI.run(["serve", "--stdio", "--bundled-only"], stdin: Data(input.utf8))
        return output.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test("The service's measure takes a numeric weight; one out of 1–1000 or of another type is refused naming weight")
    func serviceNumericWeight() throws {
        let answers = try Self.serve([
            #"{"id": 1, "op": "measure", "params": {"texts": ["Hi"], "weight": 700}}"#,
            #"{"id": 2, "op": "measure", "params": {"texts": ["Hi"], "weight": "bold"}}"#,
            #"{"id": 3, "op": "measure", "params": {"texts": ["Hi"], "weight": 1200}}"#,
            #"{"id": 4, "op": "measure", "params": {"texts": ["Hi"], "weight": [700]}}"#,
        ])
        try #require(answers.count == 4)
        func first(_ answer: [String: Any]) -> [String: Any]? { ((answer["result"] as? [String: Any])?["results"] as? [[String: Any]])?.first }
        #expect(first(answers[0])?["weight"] as? Int == 700, "\(answers[0])")
        #expect(first(answers[0])?["ideal"] as? [String: Double] == first(answers[1])?["ideal"] as? [String: Double])
        let outOfRange = (answers[2]["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(outOfRange.hasPrefix("weight: 1200 is out of range"), "\(answers[2])")
        let wrongType = (answers[3]["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(wrongType.hasPrefix("weight: expected a weight name"), "\(answers[3])")
    }
}

extension CLIUsageTests {
    @Test("An argument that is not valid UTF-8 exits 3 naming its position (it was measured as U+FFFD)")
    func invalidUTF8Argument() throws {
        // Process takes Swift strings; a shell passes the bytes through as they are.
        let text = try runShell(#"exec "$0" measure --bundled-only a "$(printf 'b\377c')""#)
        #expect(text.status == 3 && text.stderr.contains("argument 4 is not valid UTF-8 (first bad byte at offset 1)"), "\(text.stderr)")
        #expect(text.stdout.isEmpty)
        let value = try runShell(#"exec "$0" measure --bundled-only a --font "$(printf '\377')""#)
        #expect(value.status == 3 && value.stderr.contains("argument 5 (the value of --font) is not valid UTF-8"), "\(value.stderr)")
    }
}

/// Runs `script` with `/bin/sh -c`, `$0` being the built `textfit`: for arguments Swift strings
/// cannot carry (bytes that are not UTF-8).
func runShell(_ script: String) throws -> CLI.Output {
    try CLI.run(["-c", script, CLI.binary], executable: "/bin/sh")
}

extension CLIUsageTests {
    @Test("A bad value is named by the option typed, never the service's field name", arguments: [
        (["measure", "a", "--tab-interval", "0"], "textfit: --tab-interval expects a number of points from 1 to 16384, got '0'"),
        (["measure", "a", "--line-spacing", "-1"], "textfit: --line-spacing expects a number of points from 0 to 16384, got '-1'"),
        (["measure", "a", "--width", "-1"], "textfit: --width expects a number of points ≥ 0, or infinity, got '-1'"),
        (["measure", "a", "--height", "-1"], "textfit: --height expects a number of points ≥ 0, or infinity, got '-1'"),
        (["measure", "a", "--minimum-scale", "2"], "textfit: --minimum-scale expects a number > 0 and ≤ 1 (0.5: half size), got '2'"),
        (["measure", "a", "--line-metrics", "tall"], "textfit: --line-metrics: 'tall' is not apple"),
        (["measure", "a", "--truncation", "start"], "textfit: --truncation: 'start'"),
        (["measure", "a", "--weight", "1200"], "textfit: --weight: 1200 is out of range"),
        (["measure", "a", "--size", "-3"], "textfit: --size"),
        (["measure", "a", "--tracking", "1e300"], "textfit: --tracking expects a number of points from -16384 to 16384, got '1e300'"),
        (["measure", "a", "--features", "tnum,+++"], "textfit: --features: invalid OpenType feature '+++'"),
        (["fonts", "--for", "a", "--style", "huge"], "textfit: --style: 'huge' is not a text style"),
    ])
    func flagNames(_ arguments: [String], _ message: String) throws {
        let output = try CLI.run(arguments + ["--bundled-only"])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.hasPrefix(message), "\(output.stderr)")
    }
}

// MARK: - --svg destinations

extension CLIUsageTests {
    static let tagCloud = Engine.repository.appendingPathComponent("demo/tag-cloud.json").path

    /// `textfit layout` of the demo tag cloud run in `folder`, with `arguments` after it.
    static func layout(in folder: URL, _ arguments: [String], file: String = tagCloud) throws -> CLI.Output {
        try CLI.run(["layout", file, "--bundled-only"] + arguments, directory: folder)
    }

    static func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    // Issue 27: --svg used to write through a link at OUT (overwriting what it pointed to) and to
    // open a FIFO at OUT (blocking until a reader came). Now a link is replaced itself and a FIFO
    // or a device is refused (exit 4) before anything is written.

    @Test("--svg at a symbolic link replaces the link with the picture; the file it pointed to is untouched (issue 27)")
    func svgSymlink() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.svg").path, link = folder.appendingPathComponent("link.svg").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.svg")
        let output = try Self.layout(in: folder, ["--svg", "link.svg"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.fileType(link) == S_IFREG)
        #expect(try String(contentsOfFile: link, encoding: .utf8).hasPrefix("<svg"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
        // A dangling link is replaced too: nothing is created where it pointed.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.svg").path, withDestinationPath: "elsewhere.svg")
        #expect(try Self.layout(in: folder, ["--svg", "dangling.svg"]).status == 0)
        #expect(Self.fileType(folder.appendingPathComponent("dangling.svg").path) == S_IFREG)
        #expect(Self.fileType(folder.appendingPathComponent("elsewhere.svg").path) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["dangling.svg", "link.svg", "target.svg"])
    }

    @Test("--svg at a FIFO exits 4 naming it, without opening it (it blocked until a reader came) (issue 27)")
    func svgFIFO() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.svg").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader is open (non-blocking), so that today's code would not block this test: it wrote
        // the picture into the FIFO and exited 0.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let node = folder.appendingPathComponent("node.json")
        try Data(#"{"text": "Zürich", "padding": 6}"#.utf8).write(to: node)
        let output = try Self.layout(in: folder, ["--svg", "pipe.svg"], file: node.path)
        #expect(output.status == 4, "\(output.stderr)")
        #expect(output.stderr.contains("cannot write 'pipe.svg' (--svg): it is a FIFO"), "\(output.stderr)")
        #expect(Self.fileType(fifo) == S_IFIFO)
        var received = [UInt8](repeating: 0, count: 1 << 16)
        #expect(read(reader, &received, received.count) <= 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["node.json", "pipe.svg"])
    }

    @Test("--svg at a device exits 4 naming it (issue 27)")
    func svgDevice() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Self.layout(in: folder, ["--svg", "/dev/null"])
        #expect(output.status == 4 && output.stderr.contains("cannot write '/dev/null' (--svg): it is a device"), "\(output.stderr)")
        #expect(Self.fileType("/dev/null") == S_IFCHR)
    }

    @Test("--svg naming a folder, or a file in a folder that does not exist, exits 4 saying so")
    func svgFolder() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pictures"), withIntermediateDirectories: false)
        let directory = try Self.layout(in: folder, ["--svg", "pictures"])
        #expect(directory.status == 4 && directory.stderr.contains("cannot write 'pictures' (--svg): it is a folder"), "\(directory.stderr)")
        let missing = try Self.layout(in: folder, ["--svg", "nowhere/out.svg"])
        #expect(missing.status == 4 && missing.stderr.contains("the folder 'nowhere' does not exist"), "\(missing.stderr)")
    }

    @Test("--svg - writes the picture to standard output, alone")
    func svgStandardOutput() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Self.layout(in: folder, ["--svg", "-"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("<svg") && output.stdout.trimmingCharacters(in: .newlines).hasSuffix("</svg>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let several = try Self.layout(in: folder, ["--svg", "-", "--dynamic-type", "large,xLarge"])
        #expect(several.status == 2 && several.stderr.contains("--svg - writes one picture"), "\(several.stderr)")
    }

    @Test("With several sizes, a picture that cannot be written leaves none of the others (and no partial file)")
    func svgAllOrNothing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out-xLarge.svg"), withIntermediateDirectories: false)
        let output = try Self.layout(in: folder, ["--svg", "out.svg", "--dynamic-type", "large,xLarge"])
        #expect(output.status == 4 && output.stderr.contains("'out-xLarge.svg' (--svg): it is a folder"), "\(output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out-xLarge.svg"])
        let both = try Self.layout(in: folder.appendingPathComponent("out-xLarge.svg"), ["--svg", "out.svg", "--dynamic-type", "large,xLarge"])
        #expect(both.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out-xLarge.svg").path).sorted()
            == ["out-large.svg", "out-xLarge.svg"])
    }
}

// MARK: - Tables

extension CLIUsageTests {
    /// The terminal column at which `word` starts in `line` (the text is ASCII here).
    static func column(of word: String, in line: Substring) -> Int? {
        line.range(of: word).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }

    @Test("layout's table: the root's row keeps its columns (its PATH is named, not an empty cell trimmed away)")
    func layoutTableAlignment() throws {
        let node = #"{"hstack": {"children": [{"box": {"width": 10, "height": 10}}]}, "padding": 4}"#
        let output = try CLI.run(["layout", "-", "--bundled-only"], stdin: Data(node.utf8))
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        try #require(lines.count == 5, "\(output.stdout)")
        let kind = Self.column(of: "KIND", in: lines[1])
        #expect(lines[2].hasPrefix("root "), "\(lines[2])")
        #expect(Self.column(of: "padding", in: lines[2]) == kind, "\(output.stdout)")
        #expect(Self.column(of: "HStack", in: lines[3]) == kind, "\(output.stdout)")
        // The numbers end in the same column on every row.
        let ends = lines[2...].map { $0.count }
        #expect(Set(ends).count == 1, "\(output.stdout)")
    }

    @Test("measure's table: a text that starts with spaces keeps its row's columns")
    func measureTableAlignment() throws {
        let output = try CLI.run(["measure", "--bundled-only", "  x", "y"])
        let lines = output.stdout.split(separator: "\n")
        try #require(lines.count == 3, "\(output.stdout)")
        #expect(Self.column(of: "Noto Sans", in: lines[1]) == Self.column(of: "FONTS", in: lines[0]), "\(output.stdout)")
    }
}

// MARK: - measure agrees with the Text leaf and with stress

extension CLIUsageTests {
    /// The glyph count of `measure --json`'s logical runs.
    static func glyphs(_ arguments: [String]) throws -> Int? {
        let output = try CLI.run(["measure", "--bundled-only", "--json", "--size", "1000"] + arguments)
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        return (object?["runs"] as? [[String: Any]])?.compactMap { $0["glyphs"] as? Int }.reduce(0, +)
    }

    @Test("measure --tracking turns off the optional ligatures, as the Text leaf (and SwiftUI) does; --features can turn them on")
    func trackingLigatures() throws {
        // Noto Sans: "ffi" and "fl" are ligatures (3 glyphs for the 6 characters), kept without tracking.
        #expect(try Self.glyphs(["ffi fl"]) == 3)
        #expect(try Self.glyphs(["--tracking", "10", "ffi fl"]) == 6)
        #expect(try Self.glyphs(["--tracking", "10", "--features", "liga", "ffi fl"]) == 3)
    }

    @Test("A malformed --locale is bad usage naming it; well-formed tags are measured", arguments: ["zz_###", "e", "en--US", "en US", "en@calendar=x", "123"])
    func malformedLocale(_ locale: String) throws {
        let output = try CLI.run(["measure", "--bundled-only", "--locale", locale, "x"])
        #expect(output.status == 2 && output.stderr.hasPrefix("textfit: --locale: '\(locale)' is not a locale ICU (CLDR) knows"), "\(output.stderr)")
        for tag in ["en", "zh-Hans", "pt_BR", "de-CH-1996", "sr-Latn-RS", "en-u-nu-arab"] {
            #expect(try CLI.run(["measure", "--bundled-only", "--locale", tag, "x"]).status == 0, "\(tag)")
        }
    }

    @Test("measure and fonts --for refuse a --size ≤ 0 as stress does (exit 2, the same message)", arguments: ["measure", "fonts", "stress"])
    func sizeZero(_ command: String) throws {
        let arguments = switch command {
        case "measure": ["measure", "x"]
        case "fonts": ["fonts", "--for", "x"]
        default: ["stress", "nothing.xcstrings"]
        }
        let output = try CLI.run(arguments + ["--bundled-only", "--size", "0"])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr == "textfit: --size expects a number of points > 0 and ≤ 16384, got '0'\n")
    }

    @Test("The service's measure refuses a size ≤ 0 and a malformed locale, naming the field")
    func serviceSizeAndLocale() throws {
        let answers = try Self.serve([
            #"{"id": 1, "op": "measure", "params": {"texts": ["Hi"], "size": 0}}"#,
            #"{"id": 2, "op": "measure", "params": {"texts": ["Hi"], "locale": "zz_###"}}"#,
        ])
        try #require(answers.count == 2)
        let messages = answers.map { ($0["error"] as? [String: Any])?["message"] as? String ?? "" }
        #expect(messages[0].hasPrefix("size: must be a point size greater than 0"), "\(answers[0])")
        #expect(messages[1].hasPrefix("locale: 'zz_###' is not a locale identifier"), "\(answers[1])")
    }
}

// MARK: - Help and Dynamic Type ranges

extension CLIUsageTests {
    @Test("-h and --help after a command print that command's help (measure -h measured the string \"-h\")", arguments: [
        ("measure", "MEASURE OPTIONS"), ("layout", "LAYOUT OPTIONS"), ("stress", "STRESS OPTIONS"),
        ("fonts", "FONTS OPTIONS"), ("serve", "SERVE OPTIONS"),
    ])
    func commandHelp(_ command: String, _ section: String) throws {
        for flag in ["-h", "--help"] {
            let output = try CLI.run([command, flag])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.hasPrefix("USAGE\n  textfit \(command) "), "\(output.stdout)")
            #expect(output.stdout.contains(section) && output.stdout.contains("EXIT STATUS"), "\(output.stdout)")
            #expect(!output.stdout.contains("IDEAL W×H"))
        }
        #expect(try CLI.run(["help", command]).stdout.contains(section))
        // `--` makes "-h" a text.
        if command == "measure" {
            #expect(try CLI.run(["measure", "--bundled-only", "--", "-h"]).stdout.contains("IDEAL W×H"))
        }
    }

    @Test("textfit --help has a section for every command, fonts and serve included")
    func fullHelp() throws {
        let output = try CLI.run(["--help"])
        for section in ["MEASURE OPTIONS", "LAYOUT OPTIONS", "STRESS OPTIONS", "FONTS OPTIONS", "SERVE OPTIONS", "EXIT STATUS"] {
            #expect(output.stdout.contains(section), "\(section)")
        }
        #expect(output.stdout.contains("--stdio") && output.stdout.contains("--http [HOST:]PORT") && output.stdout.contains("--for TEXT"))
    }

    @Test("measure and layout take stress's Dynamic Type ranges (FROM...TO)")
    func dynamicTypeRanges() throws {
        let measured = try CLI.run(["measure", "--bundled-only", "--json", "--dynamic-type", "xSmall...small,ax5", "a"])
        #expect(measured.status == 0, "\(measured.stderr)")
        let sizes = measured.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["dynamicType"] as? String
        }
        #expect(sizes == ["xSmall", "small", "accessibility5"])
        let laidOut = try CLI.run(["layout", "-", "--bundled-only", "--json", "--dynamic-type", "xxLarge..."],
                                  stdin: Data(#"{"text": "a"}"#.utf8))
        #expect(laidOut.status == 0 && laidOut.stdout.split(separator: "\n").count == 7, "\(laidOut.stderr)")
        let backwards = try CLI.run(["measure", "--bundled-only", "--dynamic-type", "large...small", "a"])
        #expect(backwards.status == 2 && backwards.stderr.contains("runs backwards"), "\(backwards.stderr)")
        let several = try CLI.run(["fonts", "--bundled-only", "--for", "a", "--dynamic-type", "large,ax1"])
        #expect(several.status == 2 && several.stderr.contains("fonts --for takes one size"), "\(several.stderr)")
    }
}

// MARK: - stress --baseline on a first run

extension CLIUsageTests {
    static let territories = Engine.repository.appendingPathComponent("Tests/LocalizationStressTests/Fixtures/Territories.xcstrings").path

    @Test("A --baseline that does not exist yet (a first run) counts every failing verdict, with a warning; the next run compares")
    func missingBaseline() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("out").path
        let arguments = ["stress", Self.territories, "--bundled-only", "--dynamic-type", "large", "--width", "60",
                         "--report", report, "--baseline", report + "/report.json"]
        let first = try CLI.run(arguments)
        #expect(first.status == 1, "\(first.stderr)")  // failures, all of them new
        #expect(first.stderr.contains("warning: baseline '\(report)/report.json' does not exist (yet)"), "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: report + "/report.json"))
        let second = try CLI.run(arguments)
        #expect(second.status == 0, "\(second.stderr)")  // nothing worse than the first run
        #expect(second.stdout.contains("0 verdicts worse than the baseline"))
        // A baseline that is there but is not a report is still unreadable input.
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{}".utf8).write(to: bad)
        #expect(try CLI.run(["stress", Self.territories, "--bundled-only", "--baseline", bad.path]).status == 3)
    }
}

// MARK: - Docs show what the tool prints

extension CLIUsageTests {
    static func document(_ path: String) throws -> String {
        try String(contentsOf: Engine.repository.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("docs/layout-file.md's output example is what its example file gives (path, kind, frame width)")
    func layoutFileDocExample() throws {
        let doc = try Self.document("docs/layout-file.md")
        let input = try #require(doc.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let output = try CLI.run(["layout", "-", "--bundled-only", "--json"], stdin: Data(input.utf8))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        for element in elements.prefix(4) {
            let path = (element["path"] as? [Int] ?? []).map(String.init).joined(separator: ", ")
            let kind = element["kind"] as? String ?? ""
            let width = ((element["frame"] as? [String: Any])?["width"] as? Double).map { "\"width\": \($0.description.replacingOccurrences(of: ".0", with: ""))" } ?? ""
            #expect(doc.contains("\"path\": [\(path)], \"kind\": \"\(kind)\""), "\(path) \(kind)")
            #expect(doc.contains(width), "\(width)")
        }
    }

    @Test("docs/measure.md's first example shows the rows measure prints")
    func readmeMeasureExample() throws {
        let readme = try Self.document("docs/measure.md")
        let output = try CLI.run(["measure", "Rindfleischetikettierung", "--style", "body", "--dynamic-type", "large,accessibility3",
                                  "--width", "120", "--bundled-only"])
        let rows = output.stdout.split(separator: "\n").prefix(3)
        try #require(rows.count == 3)
        for row in rows { #expect(readme.contains(row + "\n"), "\(row)") }
    }
}

// MARK: - Rules files are read strictly

extension CLIUsageTests {
    @Test("A rules file is strict JSON: a trailing comma or a repeated key is refused with its line and column (exit 3)", arguments: [
        ("{\"rules\": [\n  {\"pattern\": \"*\", \"width\": 100},\n]}", "not valid JSON (expected a value at line 3, column 1)"),
        (#"{"rules": [{"pattern": "*", "width": 100, "width": 50}]}"#, #"not valid JSON (duplicate key "width" in the object at $.rules[0] at line 1, column 43)"#),
    ])
    func strictRules(_ json: String, _ message: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("rules.json")
        try Data(json.utf8).write(to: rules)
        let output = try CLI.run(["stress", Self.territories, "--bundled-only", "--dynamic-type", "large", "--rules", rules.path])
        #expect(output.status == 3, "\(output.stderr)")
        #expect(output.stderr.contains("rules.json: $: \(message)"), "\(output.stderr)")
    }
}

/// `fonts --for` in the terminal: one row per run of clusters in the same font, chosen the same way,
/// in the same script; Common characters (punctuation, spaces, digits: Unicode's Scripts.txt) say so
/// and name the run's script they take. By hand, "Hello, мир! 123" is H0 e1 l2 l3 o4 ,5 ␠6 м7 и8 р9
/// !10 ␠11 1 12 2 13 3 14: Latin 0..<5, Common 5..<7 (in Latn), Cyrillic 7..<10, Common 10..<15 (in Cyrl).
@Suite("textfit fonts --for: runs")
struct FontsForRunsCLITests {
    @Test func runsAndCommonCharacters() throws {
        let output = try CLI.run(["fonts", "--for", "Hello, мир! 123", "--bundled-only"])
        #expect(output.status == 0, "\(output.stderr)")
        let rows = output.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(4).joined(separator: " ") }
        #expect(rows == ["Hello 0..<5 Latn Noto", ",␠ 5..<7 Common (in", "мир 7..<10 Cyrl Noto", "!␠123 10..<15 Common (in"], "\(output.stdout)")
        #expect(output.stdout.contains("Common (in Latn)") && output.stdout.contains("Common (in Cyrl)"))
        // JSON keeps one object per cluster, with the character's own script beside the one it is shaped in.
        let json = try CLI.run(["fonts", "--for", "a,", "--bundled-only", "--json"])
        let objects = json.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.map { $0["characterScript"] as? String } == ["Latn", "Zyyy"])
        #expect(objects.map { $0["script"] as? String } == ["Latn", "Latn"])
    }
}

/// A file that cannot be read is exit 3 with the reason (issue 30): strerror(3)'s words for ENOENT,
/// and for a folder the tool's own.
@Suite("textfit: why a file cannot be read")
struct UnreadableFileCLITests {
    @Test(arguments: [
        (["measure", "--file", "/nonexistent/texts.txt"], "cannot read text file '/nonexistent/texts.txt': no such file or directory"),
        (["measure", "--file", "/tmp"], "cannot read text file '/tmp': it is a folder"),
        (["layout", "/nonexistent/tree.json"], "cannot read layout file '/nonexistent/tree.json': no such file or directory"),
        (["stress", "demo/catalogs/android", "--bundled-only", "--rules", "/nonexistent/rules.json"],
         "cannot read rules file '/nonexistent/rules.json': no such file or directory"),
    ])
    func reasons(_ arguments: [String], _ message: String) throws {
        let output = try CLI.run(arguments)
        #expect(output.status == 3)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}
