// The `textfit` command: argument parsing and I/O only; the work is TextFit's operations.
import Foundation
import LayoutCore
import Service
import TextFit

/// Exit codes: 0 success, 1 failing checks, 2 bad usage, 3 unreadable input (font, family, text
/// encoding), 4 output that could not be written (report folder, full disk, closed stdout), 5 input
/// over a limit (docs/reliability.md).
enum ExitCode: Int32 {
    case success = 0, failures = 1, usage = 2, input = 3, output = 4, limit = 5
}

/// A failure to report on stderr with its exit code.
struct CommandError: Error {
    let code: ExitCode
    let message: String
    static func usage(_ message: String) -> CommandError { CommandError(code: .usage, message: message) }
    static func input(_ message: String) -> CommandError { CommandError(code: .input, message: message) }
    static func output(_ message: String) -> CommandError { CommandError(code: .output, message: message) }
    static func limit(_ message: String) -> CommandError { CommandError(code: .limit, message: message) }
}

/// TextFit's version (`--version`; a shard's fingerprint).
let textfitVersion = "0.1.0"

/// The first lines of every help: what textfit is, and its commands.
let usageIntro = """
    textfit — true text sizes with real fonts (HarfBuzz, FreeType, Fontconfig)

    USAGE
      textfit measure TEXT… [options]      measure texts (or --file PATH, or - for stdin)
      textfit fonts [--for TEXT] [options] list font families, or which font each cluster of TEXT uses
      textfit layout FILE.json [options]   lay out a tree (docs/layout-file.md): frames, baselines, SVG
      textfit stress CATALOG… [options]    check every key × locale × text size (Dynamic Type or font scale) against a container
      textfit stress merge OUT/ PART…      join the partial reports of --shard runs into OUT/, as one run (docs/stress.md)
      textfit serve --stdio | --http [HOST:]PORT   the measuring service (JSON lines, or HTTP; docs/service.md)
      textfit --help | --version
    """

/// `textfit measure --help`.
let measureHelp = """
    MEASURE OPTIONS
      --platform P           ios (default) | android: whose system font, styles and text sizes (docs/platforms.md)
      --font FAMILY          family name (default: the system font: Noto Sans, SF Pro with --apple-fonts,
                             Roboto under android)
      --font-file PATH       a font file; --face-index N picks a face of a collection
      --apple-fonts DIR      your copy of Apple's fonts (SF Pro…; default $TEXTFIT_APPLE_FONTS): the iOS system font
      --size PT              fixed size (> 0, at most 16384; sp under android); with --style it scales relative to the style
      --style STYLE          largeTitle title1 title2 title3 headline body callout
                             subheadline footnote caption1 caption2 (default: body); under android Material 3's
                             displayLarge … labelSmall (default: bodyLarge)
      --weight W             ultraLight thin light regular medium semibold bold heavy black, or 1–1000
                             (a variable font's wght axis is set to it exactly)
      --italic               an italic face (a variable font without one: ital or slnt)
      --variations LIST      a variable font's axes as hb-shape spells them: wght=550,GRAD=50 (opsz follows the
                             size unless set here)
      --font-width W         a variable font's width (wdth): percent of normal, or condensed, expanded, …
      --instance NAME        a variable font's named instance (textfit fonts lists them), e.g. "Condensed Bold"
      --design D             default | rounded | monospaced | serif (SF Pro Rounded, SF Mono, New York)
      --dynamic-type SIZES   xSmall small medium large xLarge xxLarge xxxLarge accessibility1…5
                             (or ax1…ax5); a comma list, FROM...TO or all measures at each (default: large)
      --font-scale SCALES    under android, the font scale: 0.85 1 1.15 1.3 1.5 1.8 2 (or any number > 0,
                             or 130%); a comma list or all (default: 1); --dynamic-type takes the same there
      --locale TAG           BCP 47 language tag (shaping and fallback), e.g. ar, ja, zh-Hans, pt-BR
      --features LIST        OpenType features, comma separated: tnum,-liga,ss01
      --tracking PT          points added after each character; turns off the optional ligatures
                             (liga, clig) as SwiftUI's tracking does (--features liga turns them on)
      --tab-interval PT      distance between tab stops (default 28)
      --width W              wrap at W points (0: SwiftUI's minimum, every opportunity taken; infinity: no wrapping)
      --height H             keep the lines that fit H points; truncate the last
      --lines N              line limit; the last line is truncated with "…"
      --truncation MODE      head | middle | tail (default tail)
      --wrap MODE            word-then-character (default) | word | balanced
      --direction DIR        auto (default, first strong character) | ltr | rtl
      --line-metrics M       apple (hhea, default) | typo (OS/2) | fixed:H (every line H points)
      --line-spacing PT      points between lines (0 to 16384)
      --minimum-scale F      shrink down to F (0 < F ≤ 1) before truncating
      --bundled-only         use the bundled fonts only (reproducible results)
      --file PATH            one text per line from PATH (- for stdin)
      --json-input           each input line is a JSON string (so a text may hold line breaks)
      --json                 one JSON object per text and size (JSON Lines)
      --max-text-bytes N     refuse a text longer than N UTF-8 bytes (default 1048576)
    """

/// `textfit layout --help`.
let layoutHelp = """
    LAYOUT OPTIONS
      --width W, --height H  the proposal, in points, or infinity (SwiftUI's .infinity: a rectangle
                             takes it, so it is infinite); absent: nil, the ideal on that axis
      --platform P           ios (default) or android: whose text styles the file names (Apple's or
                             Material 3's) and whose system font a text without one gets (body in
                             Noto Sans or SF Pro; bodyLarge in Roboto); wins over the file's platform
      --dynamic-type SIZE    one size, a comma list, FROM...TO, or all (one JSON object per size, in
                             the order given, each size once; at most 12 items; all and FROM...TO
                             smallest first); wins over the file's dynamicType / fontScale
      --font-scale S         the same option, for android: font scales (1.3 or 130%), a comma list,
                             or all (0.85 … 2); one JSON object per scale, SVGs OUT-1.3.svg
      --direction DIR        ltr (default) or rtl: mirrors every container
      --json                 one JSON object per size (JSON Lines)
      --svg OUT.svg          also draw it (real glyph outlines); with several sizes, OUT-SIZE.svg each, all
                             written or none; a link, FIFO or device is written through, never replaced;
                             --svg - prints the one picture on standard output instead of the table
      --overlays             draw element bounds, line boxes and baselines in the SVG
      --summary              one line per size: size, element count, rows of the root container (its
                             modifiers looked through): the bands its shown children occupy, children
                             whose heights overlap being one row (a flow's or grid's rows, a vstack's
                             children, 1 for an hstack or zstack); hidden elements never count
      --bundled-only         use the bundled fonts only
      --apple-fonts DIR      a folder holding Apple's fonts (SF Pro…): the system font under ios
                             (default: $TEXTFIT_APPLE_FONTS)
      --max-elements N       refuse a file of more than N nodes (default 100000)
      --max-depth N          refuse a file nested more than N nodes deep (default 64, at most 100)
      --max-text-bytes N     refuse a text longer than N UTF-8 bytes (default 1048576)
    """

/// `textfit stress --help`.
let stressHelp = """
    STRESS OPTIONS (catalogs: .xcstrings, .strings/.stringsdict in *.lproj, XLIFF, Android values*/strings.xml, .po, or folders)
      --rules FILE           container per key pattern (docs/stress.md); the options below are the defaults
      --platform P           ios or android: whose text sizes, styles and system font (default: the rules
                             file's "platform", else android when every catalog is Android resources, else ios)
      --width W              container width in points, dp under android (default 320)
      --max-lines N          line limit (default 1; 0 = no limit)
      --style STYLE          text style: ios largeTitle title title2 title3 headline body callout subheadline
                             footnote caption caption2 (default body); android, Material 3: displayLarge…Small,
                             headline…, title…, body…, label… (default bodyLarge, Compose's Text)
      --font, --font-file, --size, --weight
                             as for measure (--size in sp under android); --variations wght=650,wdth=80 sets
                             variable font axes; --apple-fonts DIR uses SF Pro from DIR (ios)
      --padding P            points inside the container on every side (≥ 0)
      --truncation-allowed   hitting the line limit does not fail
      --minimum-scale F      the text may shrink to F before it fails
      --locales L,…          locales to check (default all), pseudo-xa, pseudo-xb, pseudo-expanded, pseudo-bounded, pseudo-double
      --dynamic-type R       the user's text sizes; ios: Dynamic Type sizes, all (default), a size, FROM...TO,
      --font-scale R         or a comma list; android: font scales, all (default: 0.85,1,1.15,1.3,1.5,1.8,2),
                             a scale (1.3 or 130%), or a comma list (either option, one of them)
      --source-language L    the source locale when the files do not say (default: the catalog's, else en)
      --report DIR           write report.json, junit.xml, index.html and its pictures (pictures/N.js)
      --max-pictures N       draw the N worst failing cases for index.html (default 20000)
      --baseline FILE        fail only on verdicts worse than in this report.json (a FILE that does not
                             exist yet, as on a first run: every failing verdict counts, with a warning)
      --strict               stop at the first problem in a catalog
      --json                 print the report (report.json) on stdout instead of the summary
      --max-entries N        refuse catalogs of more than N entries (default 1000000)
      --max-text-bytes N     skip (a warning; --strict stops) an entry longer than N UTF-8 bytes (default 1048576)
      --shard I/N            check shard I of N (1 ≤ I ≤ N; a key's locales and sizes stay together) and write
                             a partial report (DIR/shard.json, needs --report DIR; exit 0 whatever the verdicts);
                             textfit stress merge OUT/ PART… joins the N parts into OUT/ as one unsharded run
                             (report, summary and exit status; merge takes --json and --baseline only)
    """

/// `textfit fonts --help`.
let fontsHelp = """
    FONTS OPTIONS
      --for TEXT             which font each grapheme cluster of TEXT uses, and why
      --font, --font-file, --face-index, --size, --style, --weight, --italic, --locale, --features,
      --tracking, --platform, --variations, --font-width, --instance, --design, --dynamic-type or
      --font-scale (one size)
                             as for measure: the font TEXT asks for (with --for only)
      --apple-fonts DIR      also list (and use) your copy of Apple's fonts
      --json                 one JSON object per family (or per cluster with --for)
      --bundled-only         the bundled fonts only
    """

/// `textfit serve --help`.
let serveHelp = """
    SERVE OPTIONS (docs/service.md)
      --stdio                JSON lines: {"id", "op", "params"} in on stdin, {"id", "result"} or
                             {"id", "error"} out on stdout; ends at the end of the input
      --http [HOST:]PORT     HTTP: POST /v1/measure, /v1/layout, /v1/render, /v1/stress-check;
                             GET /v1/fonts, /healthz, /metrics; a playground page at /
      --allow-origin ORIGIN  with --http: also serve browser requests from ORIGIN (https://app.example:8443;
                             repeatable or a comma list); other pages' requests get 403
      --allow-host NAME      with --http: also accept requests whose Host is NAME (any port) or
                             NAME:PORT — the name a proxy or a cluster uses; repeatable or a comma list
      --bundled-only         the bundled fonts only
      --apple-fonts DIR      your copy of Apple's fonts (default $TEXTFIT_APPLE_FONTS)
      --font-dir DIR         let requests name font files (fontFile), relative to DIR, regular files
                             inside DIR only; without it the service reads no file a request names
    """

/// The exit status, at the end of every help.
let exitStatusHelp = """
    EXIT STATUS
      0 success · 1 stress failures · 2 bad usage · 3 unreadable input (font file, unknown family, invalid UTF-8,
      bad layout file, catalog or rules file, a font file changed during the run) · 4 output not written (report
      folder, full disk, closed or full stdout; no partial report is left) · 5 input over a limit (--max-…)
    """

/// `textfit --help`: every command's options.
let usage = [usageIntro, measureHelp, layoutHelp, stressHelp, fontsHelp, serveHelp, exitStatusHelp].joined(separator: "\n\n")

/// `textfit COMMAND --help` (or `-h`): the command's line of USAGE, its options and the exit status;
/// `nil` for a word that is not a command.
func help(for command: String) -> String? {
    let sections = ["measure": measureHelp, "layout": layoutHelp, "stress": stressHelp, "fonts": fontsHelp, "serve": serveHelp]
    guard let section = sections[command] else { return nil }
    let line = usageIntro.split(separator: "\n").first { $0.hasPrefix("  textfit \(command) ") }.map(String.init) ?? ""
    return "USAGE\n\(line)\n\n\(section)\n\n\(exitStatusHelp)"
}

/// Parsed command line: the command, positional words, and `--option value` pairs.
struct Arguments {
    var command: String
    var positional: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// Every option given, in command-line order, for messages.
    var given: [String] = []

    static let valueOptions: Set<String> = [
        "font", "font-file", "face-index", "size", "style", "weight", "dynamic-type", "locale", "features",
        "tracking", "tab-interval", "file", "for", "width", "height", "lines", "truncation", "wrap", "direction",
        "line-metrics", "line-spacing", "minimum-scale", "svg", "rules", "max-lines", "padding", "locales", "report",
        "baseline", "source-language", "http", "max-text-bytes", "max-elements", "max-depth", "max-entries", "max-pictures",
        "platform", "font-scale", "variations", "font-width", "instance", "design", "apple-fonts", "allow-origin", "allow-host", "font-dir",
        "shard",
    ]
    static let flagOptions: Set<String> = ["italic", "bundled-only", "json", "json-input", "help", "overlays", "summary",
                                           "truncation-allowed", "strict", "stdio"]

    init(_ words: [String]) throws {
        guard let command = words.first else { throw CommandError.usage("no command given\n\n\(usage)") }
        self.command = command
        var rest = words.dropFirst().makeIterator()
        while let word = rest.next() {
            if word == "--" {
                while let text = rest.next() { positional.append(text) }
            } else if word == "-h" {
                // Help, as --help (a text "-h" is measured after `--`).
                flags.insert("help")
                given.append("help")
            } else if word.hasPrefix("--") {
                var name = String(word.dropFirst(2))
                var inline: String?
                if let equals = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                if Self.flagOptions.contains(name) {
                    if inline != nil { throw CommandError.usage("--\(name) takes no value, got '\(word)'") }
                    flags.insert(name)
                    given.append(name)
                } else if Self.valueOptions.contains(name) {
                    guard let value = inline ?? rest.next() else { throw CommandError.usage("--\(name) needs a value") }
                    // The last of two values would silently win over the first (a list option adds up).
                    if name == "allow-origin" || name == "allow-host", let first = values[name] {
                        values[name] = first + "," + value
                        continue
                    }
                    if let first = values[name] {
                        throw CommandError.usage("--\(name) is given twice ('\(first)' and '\(value)'); give it once")
                    }
                    values[name] = value
                    given.append(name)
                } else {
                    throw CommandError.usage("unknown option '--\(name)'; see textfit --help")
                }
            } else {
                positional.append(word)
            }
        }
    }

    /// The options each command reads. Any other is refused by ``checkApplicable()``, never
    /// silently ignored (`measure --svg x.svg` used to measure and write nothing).
    static let commandOptions: [String: Set<String>] = [
        "measure": fontOptions.union(paragraphOptions).union(["bundled-only", "file", "json-input", "json", "max-text-bytes",
                                                              "apple-fonts"]),
        "fonts": fontOptions.union(["for", "json", "bundled-only", "apple-fonts"]),
        "layout": ["width", "height", "dynamic-type", "direction", "json", "svg", "overlays", "summary", "bundled-only",
                   "max-elements", "max-depth", "max-text-bytes", "platform", "font-scale", "apple-fonts"],
        "stress": ["rules", "width", "max-lines", "style", "font", "font-file", "size", "weight", "padding", "truncation-allowed",
                   "minimum-scale", "locales", "dynamic-type", "source-language", "report", "max-pictures", "baseline", "strict",
                   "json", "max-entries", "max-text-bytes", "bundled-only", "platform", "font-scale", "apple-fonts", "variations",
                   "shard"],
        "serve": ["stdio", "http", "bundled-only", "apple-fonts", "allow-origin", "allow-host", "font-dir"],
    ]
    /// What picks the font and its size: `measure`'s, and `fonts --for`'s.
    static let fontOptions: Set<String> = ["font", "font-file", "face-index", "size", "style", "weight", "italic", "dynamic-type",
                                           "locale", "features", "tracking", "platform", "font-scale", "variations", "font-width",
                                           "instance", "design"]
    /// How a paragraph is laid out: `measure`'s only (`fonts --for` lists the font of each cluster).
    static let paragraphOptions: Set<String> = ["tab-interval", "width", "height", "lines", "truncation", "wrap", "direction",
                                                "line-metrics", "line-spacing", "minimum-scale"]

    /// Refuses an option the command does not read, and combinations in which one option would be
    /// ignored, naming the option and the command (exit 2).
    func checkApplicable() throws {
        guard let known = Self.commandOptions[command] else { return }
        if let option = given.first(where: { !known.contains($0) && $0 != "help" }) {
            throw CommandError.usage("--\(option) does not apply to \(command); see textfit \(command) --help")
        }
        switch command {
        case "fonts":
            if values["for"] == nil, let option = given.first(where: { Self.fontOptions.contains($0) }) {
                throw CommandError.usage("--\(option) applies to fonts only with --for TEXT (the text whose fonts are listed)")
            }
        case "layout":
            if flags.contains("overlays"), values["svg"] == nil {
                throw CommandError.usage("--overlays draws in the SVG, so it needs --svg OUT.svg")
            }
            if flags.contains("json"), flags.contains("summary") {
                throw CommandError.usage("give --json or --summary, not both (each is a whole output)")
            }
            if values["svg"] == "-", let other = ["json", "summary"].first(where: flags.contains) {
                throw CommandError.usage("--svg - writes the picture to standard output, which --\(other) would write too; give --svg a file name")
            }
        case "measure":
            if values["file"] != nil, !positional.isEmpty {
                throw CommandError.usage("give TEXT arguments or --file PATH, not both (the texts would be ignored)")
            }
        case "stress" where values["shard"] != nil && positional.first != "merge":
            do { _ = try StressShard(parsing: values["shard"]!) } catch { throw CommandError.usage("--shard \(error)") }
            // A shard checks part of the run: what needs all of it is merge's (docs/stress.md).
            if values["report"] == nil {
                throw CommandError.usage("--shard writes a partial report: give --report DIR (then textfit stress merge OUT/ PART… joins the parts)")
            }
            if flags.contains("json") {
                throw CommandError.usage("--json prints the whole report, which a shard does not have: give --json to textfit stress merge")
            }
            if values["baseline"] != nil {
                throw CommandError.usage("--baseline compares the whole run: give it to textfit stress merge, which applies it to the merged verdicts")
            }
        case "serve":
            if let word = positional.first {
                throw CommandError.usage("serve takes no arguments, got '\(word)'; serve --stdio or serve --http [HOST:]PORT")
            }
            if values["allow-origin"] != nil, values["http"] == nil {
                throw CommandError.usage("--allow-origin applies to serve --http only (browsers reach the service over HTTP)")
            }
            if values["allow-host"] != nil, values["http"] == nil {
                throw CommandError.usage("--allow-host applies to serve --http only (the Host header is HTTP's)")
            }
        default: break
        }
    }

    /// A numeric option; where `allowInfinity`, also `infinity` (SwiftUI's `.infinity`: an
    /// infinite proposal). The old spelling `inf` is refused, saying what to write instead: it read
    /// as "no value" (`nil`) in `layout`, which leaving the option out says.
    func number(_ name: String, allowInfinity: Bool = false) throws -> Double? {
        guard let text = values[name] else { return nil }
        let word = text.lowercased()
        if allowInfinity, word == "inf" || word == "+inf" {
            throw CommandError.usage("--\(name) inf: write --\(name) infinity for an infinite proposal (SwiftUI's .infinity), "
                                     + "or leave --\(name) out for no proposal on that axis (nil: the ideal)")
        }
        if allowInfinity, word == "infinity" || word == "+infinity" { return .infinity }
        guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || "+-.eE".unicodeScalars.contains($0) }),
              let value = Double(text), value.isFinite else {
            throw CommandError.usage("--\(name) expects a number\(allowInfinity ? " or infinity" : ""), got '\(text)'")
        }
        return value
    }

    /// A `--max-…` option: a whole number ≥ 1 (at most `ceiling`), or `fallback` when absent.
    func limit(_ name: String, default fallback: Int, ceiling: Int = .max) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), value >= 1, value <= ceiling else {
            throw CommandError.usage("--\(name) expects a whole number from 1 to \(ceiling), got '\(text)'")
        }
        return value
    }
}

// MARK: - Input

/// Reads the texts to measure: the positional arguments, or lines of `--file` / stdin.
func readTexts(_ arguments: Arguments) throws -> [String] {
    var source = arguments.values["file"]
    if source == nil, arguments.positional == ["-"] { source = "-" }
    guard let source else {
        if arguments.flags.contains("json-input") {
            return try arguments.positional.enumerated().map { try decodeJSONString($1, where: "argument \($0 + 1)") }
        }
        return arguments.positional
    }
    let data: Data
    if source == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        guard let contents = FileManager.default.contents(atPath: source) else {
            throw CommandError.input("cannot read text file '\(source)'")
        }
        data = contents
    }
    let name = source == "-" ? "standard input" : "'\(source)'"
    guard let text = String(validating: data, as: UTF8.self) else {
        let offset = firstInvalidUTF8Offset(data) ?? 0
        throw CommandError.input("\(name) is not valid UTF-8 (first bad byte at offset \(offset))")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
    }
    if lines.last == "" { lines.removeLast() }
    if arguments.flags.contains("json-input") {
        return try lines.enumerated().map { try decodeJSONString($1, where: "\(name) line \($0 + 1)") }
    }
    return lines
}

func decodeJSONString(_ line: String, where place: String) throws -> String {
    guard let value = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed) as? String else {
        throw CommandError.input("\(place) is not a JSON string literal: \(line.prefix(60))")
    }
    return value
}

/// The byte offset of the first byte that does not start or continue a valid UTF-8 sequence.
func firstInvalidUTF8Offset(_ data: Data) -> Int? {
    var offset = 0
    var iterator = data.makeIterator()
    var decoder = UTF8()
    while true {
        let before = offset
        var counting = AnyIterator<UInt8> {
            let byte = iterator.next()
            if byte != nil { offset += 1 }
            return byte
        }
        switch decoder.decode(&counting) {
        case .scalarValue: continue
        case .emptyInput: return nil
        case .error: return before
        }
    }
}

// MARK: - Commands

func makeRequest(_ arguments: Arguments, texts: [String]) throws -> MeasureRequest {
    if arguments.values["font"] != nil, arguments.values["font-file"] != nil {
        throw CommandError.usage("give --font or --font-file, not both")
    }
    if arguments.values["face-index"] != nil, arguments.values["font-file"] == nil {
        throw CommandError.usage("--face-index needs --font-file")
    }
    let lines = try arguments.values["lines"].map { text in
        guard let count = Int(text), count >= 1 else { throw CommandError.usage("--lines expects a whole number ≥ 1, got '\(text)'") }
        return count
    }
    // As `stress` checks it (the request would refuse it too, naming the option the same way).
    if let size = try arguments.number("size"), !(size > 0 && size <= TextAttributes.maximumPointSize) {
        throw CommandError.usage("--size must be a point size greater than 0 and at most \(Int(TextAttributes.maximumPointSize)), got '\(arguments.values["size"]!)'")
    }
    let faceIndex = try arguments.values["face-index"].map { text in
        guard let index = Int(text), index >= 0 else { throw CommandError.usage("--face-index expects a whole number ≥ 0, got '\(text)'") }
        return index
    }
    return MeasureRequest(
        texts: texts, font: arguments.values["font"], fontFile: arguments.values["font-file"], faceIndex: faceIndex,
        size: try arguments.number("size"), style: arguments.values["style"], weight: arguments.values["weight"],
        italic: arguments.flags.contains("italic") ? true : nil, dynamicType: nil, locale: arguments.values["locale"],
        features: arguments.values["features"].map { $0.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) } },
        tracking: try arguments.number("tracking"), tabInterval: try arguments.number("tab-interval"),
        width: try arguments.number("width", allowInfinity: true), height: try arguments.number("height", allowInfinity: true),
        lines: lines, truncation: arguments.values["truncation"], wrap: arguments.values["wrap"],
        direction: arguments.values["direction"], lineMetrics: arguments.values["line-metrics"],
        lineSpacing: try arguments.number("line-spacing"), minimumScale: try arguments.number("minimum-scale"),
        platform: arguments.values["platform"], variations: arguments.values["variations"], fontWidth: try fontWidth(arguments),
        instance: arguments.values["instance"], design: arguments.values["design"])
}

/// `--font-width`: a percentage of normal (`wdth`), or CSS's keywords (condensed 75, expanded 125…).
func fontWidth(_ arguments: Arguments) throws -> Double? {
    guard let text = arguments.values["font-width"] else { return nil }
    let names: [String: Double] = ["ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5,
                                   "normal": 100, "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200]
    if let named = names[text.lowercased()] { return named }
    guard let value = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), value.isFinite, value > 0 else {
        throw CommandError.usage("--font-width expects a percentage of normal width (e.g. 87.5) or condensed, expanded, …; got '\(text)'")
    }
    return value
}

extension MeasureRequest {
    /// Sets the user's text size: the Dynamic Type size, or the font scale with the android platform.
    mutating func setTextSize(_ size: TextSize) {
        switch size {
        case .dynamicType(let size): dynamicType = size.rawValue
        case .fontScale(let scale): fontScale = scale.value
        }
    }
}

let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    return encoder
}()

func emitJSON(_ value: some Encodable) throws {
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

func runMeasure(_ arguments: Arguments) throws {
    let texts = try readTexts(arguments)
    guard !texts.isEmpty else { throw CommandError.usage("measure needs at least one TEXT, --file PATH, or - for stdin") }
    try checkTextLengths(texts, arguments)
    let engine = try makeEngine(arguments)
    var base = try makeRequest(arguments, texts: texts)
    let platform = try platformOption(arguments)
    let sizes = try textSizes(arguments, platform: platform)
    var rows: [[String]] = []
    var details: [String] = []
    var warned = Set<String>()
    for text in texts {
        for size in sizes {
            base.setTextSize(size)
            base.texts = [text]
            let result = try engine.measure(base)[0]
            for warning in result.adjustments ?? [] where warned.insert(warning).inserted { printError("warning: \(warning)") }
            if arguments.flags.contains("json") {
                print(String(decoding: try result.jsonData(), as: UTF8.self))
            } else {
                rows.append(tableRow(result, textSize: size))
                if result.fitting != nil { details.append(lineDetails(result, textSize: size)) }
            }
        }
    }
    if !arguments.flags.contains("json") {
        printTable(header: ["TEXT", "FONTS", platform == .android ? "FONT SCALE" : "DYNAMIC TYPE", "SIZE", "IDEAL W×H",
                            "MINIMUM W (SEGMENT)", "FITTING W×H", "LINES", "MISSING"],
                   rows: rows, rightAligned: [3, 4, 6, 7, 8])
        for detail in details { print("\n" + detail) }
    }
    try finishStandardOutput()
}

/// Refuses a text longer than `--max-text-bytes` (default 1 MiB), naming it (`argument 2`, `line 3 of
/// 'texts.txt'`): a 10 MB paragraph takes 25 s and 2.3 GB to measure (docs/reliability.md).
func checkTextLengths(_ texts: [String], _ arguments: Arguments) throws {
    let limit = try arguments.limit("max-text-bytes", default: LayoutFile.Limits().maxTextBytes)
    let source = arguments.values["file"] ?? (arguments.positional == ["-"] ? "-" : nil)
    for (index, text) in texts.enumerated() where text.utf8.count > limit {
        let name = source.map { "line \(index + 1) of \($0 == "-" ? "standard input" : "'\($0)'")" } ?? "argument \(index + 1)"
        throw CommandError.limit("\(name) is \(text.utf8.count) bytes, over the limit of \(limit) (--max-text-bytes)")
    }
}

/// Writes `textfit: message` to stderr with write(2): FileHandle's write traps when stderr is closed.
func printError(_ message: String) {
    // Messages quote input (catalog keys, file names): their control characters are escaped (issue 27).
    let line = Array("textfit: \(terminalSafe(message, keepingNewlines: true))\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// `text` for a terminal (issue 27): every control character (C0, DEL, C1 — ESC starts the
/// sequences that move the cursor, retitle the window, or write the clipboard) written as `\u{1B}`,
/// so input read from files cannot drive the terminal. Newlines and tabs stay with `keepingNewlines`
/// (a message's own line breaks). With `bidiControls`, the embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069), which make a terminal that runs the bidi algorithm reorder the
/// rest of the line (a table's later columns), are written the same way; the stress summary keeps
/// them, as its pseudo-locales' texts are made of them. Every other character (letters of any
/// script, marks, emoji) is kept. Only for terminal text: JSON, JUnit and HTML escape on their own.
func terminalSafe(_ text: String, keepingNewlines: Bool = false, bidiControls: Bool = false) -> String {
    // Printable ASCII, most table cells, has nothing to escape.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    guard text.unicodeScalars.contains(where: { isTerminalControl($0, keepingNewlines, bidiControls) }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if isTerminalControl(scalar, keepingNewlines, bidiControls) {
            out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        } else {
            out.append(scalar)
        }
    }
    return String(out)
}

private func isTerminalControl(_ scalar: Unicode.Scalar, _ keepingNewlines: Bool, _ bidiControls: Bool) -> Bool {
    if keepingNewlines, scalar == "\n" || scalar == "\t" { return false }
    if bidiControls, (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) { return true }
    return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

/// A verdict whose catalog-given names (key, locale, variant, text) are ``terminalSafe(_:keepingNewlines:bidiControls:)``.
func terminalSafe(_ verdict: StressVerdict) -> StressVerdict {
    var verdict = verdict
    verdict.key = terminalSafe(verdict.key)
    verdict.locale = terminalSafe(verdict.locale)
    verdict.variant = terminalSafe(verdict.variant)
    verdict.text = terminalSafe(verdict.text)
    verdict.untranslatedReason = verdict.untranslatedReason.map { terminalSafe($0) }
    return verdict
}

/// Flushes standard output, failing with exit status 4 when it could not all be written (a full disk,
/// a closed pipe): `print` drops write errors, and a cut-off result must not pass for a whole one.
func finishStandardOutput() throws {
    guard fflush(nil) != 0 else { return }  // every stream: `stdout` itself is not concurrency-safe to name
    throw CommandError.output("cannot write to standard output (\(String(cString: strerror(errno)))); the output is incomplete")
}

func tableRow(_ result: MeasureResult, textSize: TextSize) -> [String] {
    var families: [String] = []
    for run in result.runs where !families.contains(run.font.family) { families.append(run.font.family) }
    if families.isEmpty { families = [result.font.family] }
    let shown = result.text.count > 32 ? String(result.text.prefix(31)) + "…" : result.text
    let segment = result.minimum.segment.count > 16 ? String(result.minimum.segment.prefix(15)) + "…" : result.minimum.segment
    let fitting = result.fitting.map { "\(format($0.width))×\(format($0.height))\($0.truncated ? " …" : "")\($0.scale < 1 ? " @\(format($0.scale))" : "")" } ?? "—"
    return [visible(shown), families.joined(separator: " + "), textSize.description,
            format(result.size), "\(format(result.ideal.width))×\(format(result.ideal.height))",
            "\(format(result.minimum.width)) (\(visible(segment)), \(result.minimum.reason))", fitting, "\(result.lines.count)",
            "\(result.missingGlyphs)"]
}

/// Line breaks and tabs shown as symbols so a table row stays one line.
func visible(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
        .replacingOccurrences(of: "\t", with: "⇥")
}

/// The fitting layout's lines: range, width, baseline and text.
func lineDetails(_ result: MeasureResult, textSize: TextSize) -> String {
    let scalars = Array(result.text.unicodeScalars)
    let size = if case .fontScale = textSize { "font scale \(textSize)" } else { textSize.description }
    var out = "\"\(terminalSafe(visible(result.text.count > 40 ? String(result.text.prefix(39)) + "…" : result.text), bidiControls: true))\" at \(size)"
    if let fitting = result.fitting {
        out += ", proposal \(fitting.proposal.width.map(format) ?? "nil")×\(fitting.proposal.height.map(format) ?? "nil"): "
        out += "\(fitting.lineCount) line\(fitting.lineCount == 1 ? "" : "s"), first baseline \(format(result.firstBaseline)), last baseline \(format(result.lastBaseline))"
    }
    for (index, line) in result.lines.enumerated() {
        let text = String(String.UnicodeScalarView(scalars[line.start..<line.end]))
        out += "\n  \(index + 1)  [\(line.start)..<\(line.end))  width \(format(line.width))  baseline \(format(line.baseline))"
        out += "\(line.truncated ? "  truncated" : "")\(line.hyphenated ? "  hyphenated" : "")  \"\(terminalSafe(visible(text), bidiControls: true))\""
    }
    return out
}

/// Terminal cells a string takes: two per wide (CJK, Hangul, fullwidth) or emoji-presentation
/// cluster, one per other grapheme cluster. An approximation of East Asian Width; Indic clusters
/// may still render narrower or wider in some terminals.
func displayWidth(_ text: String) -> Int {
    // Printable ASCII (most cells: numbers, paths, kinds): a cell a byte.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    return text.reduce(0) { total, character in
        guard let first = character.unicodeScalars.first else { return total }
        let v = first.value
        let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
            || first.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}")
        // Spacing marks (Mc, Thai/Lao AM) join the cluster but take a cell of their own.
        let spacing = character.unicodeScalars.dropFirst().filter {
            $0.properties.generalCategory == .spacingMark || $0.value == 0x0E33 || $0.value == 0x0EB3
        }.count
        return total + (wide ? 2 : 1) + spacing
    }
}

/// Two decimals, as `String(format: "%.2f")` writes them (``twoDecimals(_:)``, faster).
func format(_ value: Double) -> String { twoDecimals(value) }

/// Prints aligned columns, counting terminal cells (see ``displayWidth(_:)``), whitespace trimmed
/// from the end of each line (not the start: an empty or space-led first cell would shift its row). The table is written in pieces of 64 KB, not a `print` a row (a
/// 100,000-leaf layout's table is 200,000 rows). Cells quote input — texts, font and family names
/// from font files, a layout file's paths and ids — so each is ``terminalSafe(_:keepingNewlines:bidiControls:)``
/// (controls and bidi controls escaped, widths counted on what is printed).
func printTable(header: [String], rows: [[String]], rightAligned: Set<Int>) {
    let all = ([header] + rows).map { $0.map { terminalSafe($0, bidiControls: true) } }
    let cellWidths = all.map { $0.map(displayWidth) }
    let widths = header.indices.map { column in cellWidths.map { $0[column] }.max() ?? 0 }
    var out = ""
    out.reserveCapacity(1 << 16)
    for (index, row) in all.enumerated() {
        var line = ""
        for (column, cell) in row.enumerated() {
            if column > 0 { line += "  " }
            let padding = String(repeating: " ", count: max(0, widths[column] - cellWidths[index][column]))
            line += rightAligned.contains(column) ? padding + cell : cell + padding
        }
        out += trimmingTrailingWhitespace(line)
        out += "\n"
        if out.utf8.count >= 1 << 16 {
            print(out, terminator: "")
            out.removeAll(keepingCapacity: true)
        }
    }
    print(out, terminator: "")
}

/// `text` without the whitespace (`CharacterSet.whitespaces`) at its end.
func trimmingTrailingWhitespace(_ text: String) -> String {
    let scalars = text.unicodeScalars
    var end = scalars.endIndex
    while end > scalars.startIndex, CharacterSet.whitespaces.contains(scalars[scalars.index(before: end)]) {
        end = scalars.index(before: end)
    }
    return end == scalars.endIndex ? text : String(scalars[..<end])
}

func makeEngine(_ arguments: Arguments) throws -> TextFitEngine {
    try TextFitEngine(bundledOnly: arguments.flags.contains("bundled-only"),
                      appleFonts: arguments.values["apple-fonts"] ?? TextFitEngine.appleFontsFromEnvironment)
}

/// `--platform` (default ios).
func platformOption(_ arguments: Arguments, default fallback: Platform = .ios) throws -> Platform {
    guard let text = arguments.values["platform"] else { return fallback }
    do {
        return try Platform.parse(text, field: "--platform")
    } catch let error as RequestError {
        throw CommandError.usage("\(error)")
    }
}

/// The user's text sizes: `--dynamic-type` or `--font-scale` (two spellings of one setting, read
/// as Dynamic Type sizes under ios and font scales under android); the platform's default when
/// neither is given.
func textSizes(_ arguments: Arguments, platform: Platform) throws -> [TextSize] {
    if arguments.values["dynamic-type"] != nil, arguments.values["font-scale"] != nil {
        throw CommandError.usage("give --dynamic-type or --font-scale, not both (two spellings of the user's text size)")
    }
    let option = arguments.values["font-scale"] != nil ? "font-scale" : "dynamic-type"
    guard let list = arguments.values[option] else { return [TextSize.standard(for: platform)] }
    do {
        return try TextSize.list(parsing: list, platform: platform, field: "--\(option)")
    } catch let error as RequestError {
        throw CommandError.usage("\(error)")
    }
}

func runFonts(_ arguments: Arguments) throws {
    let engine = try makeEngine(arguments)
    let json = arguments.flags.contains("json")
    guard let text = arguments.values["for"] else {
        guard arguments.positional.isEmpty else { throw CommandError.usage("fonts takes no TEXT; use --for TEXT") }
        let families = engine.families()
        if json {
            for family in families { try emitJSON(family) }
        } else {
            printTable(header: ["FAMILY", "SOURCE", "STYLES", "AXES", "NAMED INSTANCES"],
                       rows: families.map { family in
                           [family.name, family.source.rawValue, family.styles.joined(separator: ", "),
                            family.axes.map { "\($0.tag) \(String(format: "%g", $0.minimum))–\(String(format: "%g", $0.maximum))" }.joined(separator: ", "),
                            family.instances.count > 6 ? family.instances.prefix(6).joined(separator: ", ") + ", … (\(family.instances.count))"
                                : family.instances.joined(separator: ", ")]
                       }, rightAligned: [])
        }
        return try finishStandardOutput()
    }
    var request = try makeRequest(arguments, texts: [text])
    let sizes = try textSizes(arguments, platform: try platformOption(arguments))
    guard sizes.count == 1 else {
        let option = arguments.values["font-scale"] != nil ? "font-scale" : "dynamic-type"
        throw CommandError.usage("--\(option): fonts --for takes one size, got \(sizes.count) ('\(arguments.values[option]!)')")
    }
    request.setTextSize(sizes[0])
    let clusters = try engine.clusterFonts(text, attributes: request.attributes())
    if json {
        for cluster in clusters { try emitJSON(cluster) }
    } else {
        printTable(header: ["CLUSTER", "SCALARS", "SCRIPT", "FONT", "WHY"],
                   rows: clusters.map { cluster in
                       [cluster.text.unicodeScalars.contains(where: { $0.properties.generalCategory.isInvisible })
                            ? cluster.text.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
                            : cluster.text,
                        "\(cluster.start)..<\(cluster.end)", cluster.script,
                        "\(cluster.font.family) (\(URL(fileURLWithPath: cluster.font.file).lastPathComponent)#\(cluster.font.faceIndex))",
                        cluster.choice]
                   }, rightAligned: [])
    }
    try finishStandardOutput()
}

extension Unicode.GeneralCategory {
    /// Characters a terminal shows as nothing: controls, separators and spaces, format characters.
    var isInvisible: Bool {
        [.control, .lineSeparator, .paragraphSeparator, .format, .spaceSeparator].contains(self)
    }
}

// MARK: - layout

/// Writes output files all or nothing: each to a temporary name beside it (created exclusively,
/// never through a link), renamed over the destination once every one is written, so that a failure
/// leaves no partial picture and the previous files untouched. Issue 27: a symbolic link at the
/// destination is replaced itself — the file it points to is never written — and a destination that
/// is a FIFO, a device or a socket is refused before anything is written (opening a FIFO used to
/// block until a reader came; writing through a link overwrote whatever it pointed to).
/// - Throws: ``CommandError`` (exit 4) naming the path and the system's reason, or what the
///   destination is (a folder, a FIFO, a device, a socket).
func writeOutputFiles(_ files: [(path: String, data: Data)], option: String) throws {
    var regular: [(path: String, partial: String, data: Data)] = []
    for file in files {
        var info = stat()
        if lstat(file.path, &info) != 0 {
            guard errno == ENOENT else {
                throw CommandError.output("cannot write '\(file.path)' (\(option)): \(String(cString: strerror(errno))); nothing was written")
            }
            let folder = (file.path as NSString).deletingLastPathComponent
            var isFolder: ObjCBool = false
            guard folder.isEmpty || (FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue) else {
                throw CommandError.output("cannot write '\(file.path)' (\(option)): the folder '\(folder)' does not exist; nothing was written")
            }
        } else {
            let what: String? = switch info.st_mode & S_IFMT {
            case S_IFREG, S_IFLNK: nil
            case S_IFDIR: "it is a folder; give a file name such as '\((file.path as NSString).appendingPathComponent("layout.svg"))'"
            case S_IFIFO: "it is a FIFO (named pipe), which is never opened; give a regular file name, or - for standard output"
            case S_IFCHR, S_IFBLK: "it is a device, which is never opened; give a regular file name, or - for standard output"
            case S_IFSOCK: "it is a socket; give a regular file name"
            default: "it is not a regular file"
            }
            if let what { throw CommandError.output("cannot write '\(file.path)' (\(option)): \(what); nothing was written") }
        }
        let name = (file.path as NSString).lastPathComponent
        let partial = ((file.path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(".\(name).\(getpid()).partial")
        regular.append((file.path, partial, file.data))
    }
    func discard() { for file in regular { unlink(file.partial) } }
    for file in regular {
        if let reason = StressReport.writeFile(file.data, to: file.partial, creating: true) {
            discard()
            throw CommandError.output("cannot write '\(file.path)' (\(option)): \(reason); nothing was written")
        }
    }
    for (index, file) in regular.enumerated() where rename(file.partial, file.path) != 0 {
        let reason = String(cString: strerror(errno))
        for rest in regular[index...] { unlink(rest.partial) }
        let done = regular[..<index].map { "'\($0.path)'" }
        throw CommandError.output("cannot write '\(file.path)' (\(option)): \(reason)"
            + (done.isEmpty ? "; nothing was written" : "; only \(done.joined(separator: ", ")) \(done.count == 1 ? "was" : "were") written"))
    }
}

func runLayout(_ arguments: Arguments) throws {
    guard arguments.positional.count == 1, let file = arguments.positional.first else {
        throw CommandError.usage("layout needs exactly one FILE.json (or - for stdin)")
    }
    let data: Data
    if file == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        guard let contents = FileManager.default.contents(atPath: file) else { throw CommandError.input("cannot read layout file '\(file)'") }
        data = contents
    }
    let limits = LayoutFile.Limits(
        maxElements: try arguments.limit("max-elements", default: LayoutFile.Limits().maxElements),
        maxDepth: try arguments.limit("max-depth", default: LayoutFile.Limits().maxDepth, ceiling: LayoutFile.Limits.deepestSupported),
        maxTextBytes: try arguments.limit("max-text-bytes", default: LayoutFile.Limits().maxTextBytes))
    // The command line's platform wins over the file's (docs/layout-file.md, "The root"), and the
    // fonts are the engine's: a `variations` axis the text's font lacks is refused with its path.
    let requestedPlatform = arguments.values["platform"] == nil ? nil : try platformOption(arguments)
    let engine = try makeEngine(arguments)
    let document: LayoutFile.Document
    do {
        document = try LayoutFile.document(from: data, limits: limits, platform: requestedPlatform, fonts: engine.library)
    } catch let error as LayoutFileError {
        let message = "\(file == "-" ? "standard input" : file): \(error)"
        guard let limit = error.exceededLimit else { throw CommandError.input(message) }
        let option = ["maxElements": "--max-elements", "maxDepth": "--max-depth", "maxTextBytes": "--max-text-bytes"][limit] ?? limit
        if limit == "maxDepth" {
            let most = LayoutFile.Limits.deepestSupported
            throw CommandError.limit(message + (limits.maxDepth >= most
                ? "; \(most) is the largest --max-depth TextFit supports" : "; raise it with \(option) (at most \(most))"))
        }
        throw CommandError.limit(message + "; raise it with \(option)")
    }
    let tree = document.tree, platform = document.platform
    // `--dynamic-type` / `--font-scale` win over the file's `dynamicType` / `fontScale`.
    let sizesGiven = arguments.values["dynamic-type"] != nil || arguments.values["font-scale"] != nil
    let sizes = sizesGiven ? try textSizes(arguments, platform: platform) : document.textSizes ?? [TextSize.standard(for: platform)]
    let direction: LayoutDirection
    switch arguments.values["direction"] ?? "ltr" {
    case "ltr", "leftToRight": direction = .leftToRight
    case "rtl", "rightToLeft": direction = .rightToLeft
    case let other: throw CommandError.usage("--direction: '\(other)' is not ltr or rtl")
    }
    for name in ["width", "height"] {
        if let value = try arguments.number(name, allowInfinity: true), value < 0 {
            throw CommandError.usage("--\(name) must not be negative")
        }
    }
    let width = try arguments.number("width", allowInfinity: true)
    let height = try arguments.number("height", allowInfinity: true)
    let results = engine.layout(tree, width: width, height: height, textSizes: sizes, direction: direction)
    let outputs = results.map(LayoutOutput.init)
    // What went wrong goes to standard error whatever the output format (and into --json too):
    // the layout still answers, so the exit status stays 0.
    for ((size, _), output) in zip(results, outputs) {
        for diagnostic in output.diagnostics { printError("warning: \(size): \(diagnostic)") }
    }
    if let svgPath = arguments.values["svg"] {
        let renderer = SVGRenderer(options: .init(overlays: arguments.flags.contains("overlays") ? .all : []))
        if svgPath == "-" {
            // The picture is the output: nothing else goes to standard output.
            guard results.count == 1 else {
                let option = sizesGiven ? (arguments.values["font-scale"] != nil ? "--font-scale" : "--dynamic-type")
                    : "the file's \(platform == .ios ? "dynamicType" : "fontScale")"
                throw CommandError.usage("--svg - writes one picture to standard output, but \(option) asks for \(results.count) text sizes; give one size or a file name (OUT.svg: OUT-SIZE.svg each)")
            }
            print(renderer.svg(results[0].1), terminator: "")
            return try finishStandardOutput()
        }
        let pictures = results.map { size, result in
            let path = results.count == 1 ? svgPath
                : (svgPath as NSString).deletingPathExtension + "-\(size)." + ((svgPath as NSString).pathExtension.isEmpty ? "svg" : (svgPath as NSString).pathExtension)
            return (path: path, data: Data(renderer.svg(result).utf8))
        }
        try writeOutputFiles(pictures, option: "--svg")
    }
    if arguments.flags.contains("json") {
        for output in outputs { print(String(decoding: try output.jsonData(), as: UTF8.self)) }
        return try finishStandardOutput()
    }
    if arguments.flags.contains("summary") {
        printTable(header: [platform == .ios ? "DYNAMIC TYPE" : "FONT SCALE", "DIRECTION", "WIDTH", "HEIGHT", "ELEMENTS", "ROWS"],
                   rows: zip(outputs, results).map { output, result in
                       // Rows: the bands the root container's shown children occupy (children whose
                       // heights overlap are one row: a flow's row of items of different heights, an
                       // hstack), hidden elements (0 × 0) none (`LayoutResult.rootRowCount`).
                       ["\(result.0)", direction == .rightToLeft ? "rtl" : "ltr", format(output.size.width),
                        format(output.size.height), "\(output.elements.count)", "\(result.1.rootRowCount)"]
                   }, rightAligned: [2, 3, 4, 5])
        return try finishStandardOutput()
    }
    for ((size, _), output) in zip(results, outputs) {
        print("\(size): \(format(output.size.width)) × \(format(output.size.height)), \(output.elements.count) elements")
        printTable(header: ["PATH", "KIND", "ID", "X", "Y", "WIDTH", "HEIGHT", "BASELINE"],
                   rows: output.elements.map { element in
                       // The root's path is empty ([] in JSON): named, so the row keeps its columns.
                       [element.path.isEmpty ? "root" : element.path.map(String.init).joined(separator: "."), element.kind + (element.hidden == true ? " (hidden)" : ""),
                        element.id ?? "",
                        format(element.frame.x), format(element.frame.y), format(element.frame.width), format(element.frame.height),
                        element.firstBaseline == element.frame.height ? "" : format(element.firstBaseline)]
                   }, rightAligned: [3, 4, 5, 6, 7])
    }
    try finishStandardOutput()
}

// MARK: - stress

/// `[████······] done/total` on stderr, redrawn in place.
@Sendable func drawProgress(_ done: Int, of total: Int) {
    guard done == total || done % 64 == 0 else { return }
    let width = 30, filled = width * done / max(total, 1)
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)\(done == total ? "\n" : "")".utf8))
}

/// `textfit stress`; with `--shard I/N`, shard I's keys alone, written as a partial report. `parts`:
/// `stress merge`'s shards (``runStressMerge(_:)``), whose verdicts stand in for the sweep.
func runStress(_ arguments: Arguments, merging parts: [StressShardPart]? = nil) throws {
    guard !arguments.positional.isEmpty else { throw CommandError.usage("stress needs at least one CATALOG (file or folder)") }
    // The defaults every key gets unless a rule says otherwise.
    var defaults = Constraint(width: try arguments.number("width") ?? 320)
    guard defaults.width > 0 else { throw CommandError.usage("--width must be positive") }
    if let lines = arguments.values["max-lines"] {
        guard let count = Int(lines), count >= 0 else { throw CommandError.usage("--max-lines expects a whole number ≥ 0") }
        defaults.maxLines = count == 0 ? nil : count
    }
    // Either platform's style names; which one applies is checked once the platform is known.
    let styleName = arguments.values["style"]
    if let name = styleName, TextStyle(name: name) == nil, MaterialTextStyle(name: name) == nil {
        throw CommandError.usage("--style: '\(name)' is not a text style (ios: \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")); "
                                 + "android: \(MaterialTextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    defaults.font = arguments.values["font"]
    // As the rules file checks them: a bad size or padding is bad usage (exit 2), before any font is
    // opened (a size ≤ 0 used to reach the font check and exit 3).
    if let size = try arguments.number("size") {
        guard size > 0, size <= TextAttributes.maximumPointSize else {
            throw CommandError.usage("--size must be a point size greater than 0 and at most \(Int(TextAttributes.maximumPointSize)), got '\(arguments.values["size"]!)'")
        }
        defaults.size = size
    }
    if let name = arguments.values["weight"] {
        guard let weight = FontWeight(name: name) else { throw CommandError.usage("--weight: '\(name)' is not a weight") }
        defaults.weight = weight
    }
    defaults.padding = try arguments.number("padding") ?? 0
    guard defaults.padding >= 0 else {
        throw CommandError.usage("--padding must be points ≥ 0, got '\(arguments.values["padding"]!)'")
    }
    defaults.truncation = arguments.flags.contains("truncation-allowed")
    if let factor = try arguments.number("minimum-scale") {
        guard factor > 0, factor <= 1 else { throw CommandError.usage("--minimum-scale must be in (0, 1]") }
        defaults.minimumScaleFactor = factor
    }
    let sizes = try stressSizesOption(arguments)
    let variations = try arguments.values["variations"].map { list in
        do { return try FontVariation.parseList(list) } catch { throw CommandError.usage("--variations: \(error)") }
    }
    let rules: RuleSet
    if let file = arguments.values["rules"] {
        do { rules = try RuleSet(contentsOf: URL(fileURLWithPath: file)) } catch { throw CommandError.input("\(error)") }
    } else {
        rules = RuleSet()
    }
    // The platform: --platform, else the rules file's, else (once the catalog is read) android for
    // Android resources alone. Known now, the options that depend on it are checked before the read.
    let explicitPlatform = arguments.values["platform"] == nil ? nil : try platformOption(arguments)
    if let explicitPlatform, let own = rules.platform, own != explicitPlatform {
        throw CommandError.usage("--platform \(explicitPlatform.rawValue): the rules file '\(rules.file)' is for \(own.rawValue) "
                                 + "(its \"platform\"); give --platform \(own.rawValue) or leave it out")
    }
    /// Sets the platform's defaults: its style (refusing the other platform's, naming it) and sizes,
    /// and checks the rules against it. `reason`: why the platform is this one, when it was not asked for.
    func settle(_ platform: Platform, because reason: String) throws {
        defaults.platform = platform
        if let name = styleName {
            switch platform {
            case .ios:
                guard let style = TextStyle(name: name) else {
                    throw CommandError.usage("--style: '\(name)' is a Material 3 text style, which is Android's, but the platform is ios\(reason); "
                                             + "give an Apple text style (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))) or --platform android")
                }
                defaults.style = style
            case .android:
                guard let style = MaterialTextStyle(name: name) else {
                    throw CommandError.usage("--style: '\(name)' is an Apple text style, which is iOS's, but the platform is android\(reason); "
                                             + "give a Material 3 style (\(MaterialTextStyle.allCases.map(\.rawValue).joined(separator: ", "))) or --platform ios")
                }
                defaults.materialStyle = style
            }
        }
        if let sizes {
            do {
                switch platform {
                case .ios: defaults.dynamicType = try DynamicTypeRange(parsing: sizes.text)
                case .android: defaults.fontScale = try FontScaleList(parsing: sizes.text)
                }
            } catch {
                throw CommandError.usage("--\(sizes.option): \(error)\(reason.isEmpty ? "" : " (the platform is \(platform.rawValue)\(reason))")")
            }
        }
        do { try rules.check(platform: platform) } catch { throw CommandError.input("\(error)") }
    }
    if let known = explicitPlatform ?? rules.platform { try settle(known, because: "") }
    // Read before the sweep: it fails fast, and `--report out/ --baseline out/report.json` compares with
    // the previous run, not with the report this run writes.
    let baseline = try arguments.values["baseline"].map { file in
        // The first run of `--report out/ --baseline out/report.json` has no report to compare with:
        // nothing is known yet, so every failing verdict counts (stricter, never laxer, than a
        // baseline; a path mistyped fails on every failure, and says why). A file that is there but
        // cannot be read as a report is still an error.
        var info = stat()
        if lstat(file, &info) != 0, errno == ENOENT {
            printError("warning: baseline '\(file)' does not exist (yet): every failing verdict counts as worse; the report.json this run writes with --report can be the next run's baseline")
            return StressReport(verdicts: [])
        }
        guard let data = FileManager.default.contents(atPath: file),
              let baseline = try? JSONDecoder().decode(StressReport.self, from: data) else {
            throw CommandError.input("cannot read baseline '\(file)' (a report.json from an earlier run)")
        }
        return baseline
    }
    let limits = CatalogLimits(maxEntries: try arguments.limit("max-entries", default: CatalogLimits().maxEntries),
                               maxTextBytes: try arguments.limit("max-text-bytes", default: CatalogLimits().maxTextBytes))
    if arguments.values["font"] != nil, arguments.values["font-file"] != nil {
        throw CommandError.usage("give --font or --font-file, not both")
    }
    let catalog: Catalog
    do {
        catalog = try CatalogReader.read(arguments.positional, strict: arguments.flags.contains("strict"),
                                         sourceLanguage: arguments.values["source-language"], limits: limits)
    } catch let error as CatalogLimitError {
        throw CommandError.limit("\(error); raise it with --max-entries")
    } catch {
        throw CommandError.input("\(error)")
    }
    // --shard I/N (issue 28): the keys of shard I alone, and what the merge checks the parts by.
    let shard = try arguments.values["shard"].map { text in
        do { return try StressShard(parsing: text) } catch { throw CommandError.usage("--shard \(error)") }
    }
    let fingerprint = try shard.map { _ in try stressFingerprint(arguments) }
    for problem in catalog.problems.prefix(20) { printError("warning: \(problem)") }
    if catalog.problems.count > 20 {
        printError("warning: … \(catalog.problems.count - 20) more problems")
    }
    // Locales: the catalog's, or those asked for (aliases such as iw/he matched, the source language
    // and pseudo-locales made from it included; one that is not there is an error listing those that are).
    let requestedLocales = arguments.values["locales"].map { list in
        list.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    var entries: [CatalogEntry]
    do {
        entries = try catalog.entries(forLocales: requestedLocales, sourceLanguage: arguments.values["source-language"])
    } catch {
        throw CommandError.input("--locales: \(error)")
    }
    guard !entries.isEmpty else { throw CommandError.input("no strings to check in \(arguments.positional.joined(separator: ", "))") }
    let platform: Platform
    if let known = explicitPlatform ?? rules.platform {
        platform = known
    } else {
        platform = catalog.formats == [.android] ? .android : .ios
        if platform == .android {
            printError("platform android, as the catalogs are Android resources: font scales, sizes in sp, Roboto, "
                       + "Material 3 styles (--platform ios checks them as iOS)")
        }
        try settle(platform, because: platform == .android ? ", as the catalogs are Android resources" : ", the default for these catalogs")
    }
    if let baseline, !baseline.verdicts.isEmpty, baseline.platform != platform {
        printError("warning: the baseline is a report of \(baseline.platform.rawValue), this run checks \(platform.rawValue): "
                   + "none of its sizes match, so every failing verdict counts as worse")
    }

    let engine = try makeEngine(arguments)
    // The source language's own entries are the source: they get no `sourceFails`.
    let sourceLanguage = arguments.values["source-language"] ?? catalog.sourceLanguage ?? "en"
    let sweep = StressSweep(shaper: engine.shaper, sourceLanguage: sourceLanguage)
    var constraints = entries.map { rules.constraint(for: $0.key, defaults: defaults) }
    // Of stringsdict width variants, only the one the OS would pick for the container is checked.
    let kept = selectingWidthVariants(entries, containers: constraints.map(\.container))
    if kept.count < entries.count {
        entries = kept.map { entries[$0] }
        constraints = kept.map { constraints[$0] }
    }
    // The cap on a text holds for what is measured: placeholders replaced by their (wider) samples.
    let sampled = SampledTexts(entries, samples: { constraints[$0].placeholders }, maxTextBytes: limits.maxTextBytes)
    if let first = sampled.problems.first, arguments.flags.contains("strict") { throw CommandError.input("\(first)") }
    for problem in sampled.problems.prefix(20) { printError("warning: \(problem)") }
    if sampled.problems.count > 20 { printError("warning: … \(sampled.problems.count - 20) more texts over the limit once sampled") }
    if sampled.kept.count < entries.count {
        entries = sampled.kept.map { entries[$0] }
        constraints = sampled.kept.map { constraints[$0] }
        guard !entries.isEmpty else { throw CommandError.input("no strings to check in \(arguments.positional.joined(separator: ", "))") }
    }
    // --font-file is the font of every key whose rule names no family.
    let fontFile = arguments.values["font-file"]
    let containers = constraints.map { constraint in
        var container = constraint.container
        if let fontFile, constraint.font == nil { container.font.file = fontFile }
        if let variations { container.font.variations = variations }
        return container
    }
    let texts = sampled.texts
    // Each entry's source text, its placeholders replaced by the same samples, to tell whether the
    // source fails too; one over the cap once sampled is not compared.
    let sources = entries.indices.map { index in
        entries[index].sourceText.flatMap { constraints[index].placeholders.substitute($0, maxBytes: limits.maxTextBytes) }
    }
    let total = shard.map { shard in entries.filter { shard.contains(key: $0.key) }.count } ?? entries.count

    // Fail fast, before the sweep: every font opens (they are then kept open for the run), and the
    // report folder takes files.
    do { try sweep.checkFonts(containers) } catch { throw CommandError.input("\(error)") }
    let folder = arguments.values["report"].map { URL(fileURLWithPath: $0) }
    let maxPictures = try arguments.limit("max-pictures", default: 20_000)
    if let folder {
        do { try StressReport.checkWritable(folder) } catch { throw CommandError.output("\(error); no report was written") }
    }
    let fonts = FontFileWatch(directory: engine.library.fontDirectory, extra: fontFile.map { [$0] } ?? [])
    // A progress bar on stderr when it is a terminal; quiet otherwise.
    var progress: (@Sendable (Int) -> Void)?
    if isatty(2) != 0 { progress = { drawProgress($0, of: total) } }
    let verdicts: [StressVerdict]
    var checked: [StressShardPart.Checked] = []
    do {
        if let parts {
            // The shards' verdicts, back in entry order: the order of this sweep, had it run.
            verdicts = try StressShardPart.verdicts(of: parts, keys: entries.map(\.key))
        } else if let shard {
            checked = try sweep.checkedRun(shard: shard, entries, containers: containers, texts: texts, sources: sources, progress: progress)
            verdicts = checked.flatMap(\.verdicts)
        } else {
            verdicts = try sweep.checkedRun(entries, containers: containers, texts: texts, sources: sources, progress: progress)
        }
    } catch {
        throw CommandError.input("\(error)")
    }
    try fonts.checkUnchanged()
    if let shard, let fingerprint, let folder {
        // A partial report: the merge writes the report, the summary and the exit status.
        let part = StressShardPart(shard: shard, run: fingerprint, entries: entries.count, platform: platform, checked: checked)
        do {
            try StressReport.write([(StressShardPart.fileName, try part.json())], to: folder)
        } catch {
            throw CommandError.output("\(error); no partial report was written")
        }
        print(StressReport(verdicts: verdicts.map(terminalSafe), platform: platform).terminalSummary())
        print("\nshard \(shard): \(checked.count) of \(entries.count) entries checked, written to "
              + "'\(folder.appendingPathComponent(StressShardPart.fileName).path)'; textfit stress merge OUT/ PART… joins the "
              + "\(shard.count) part\(shard.count == 1 ? "" : "s") into the report and gives the exit status")
        return try finishStandardOutput()
    }
    let report = StressReport(verdicts: verdicts, platform: platform)

    if let folder {
        // index.html and its pictures in pictures/1.js, pictures/2.js, … (the page loads those of the rows in view).
        let html = sweep.htmlFiles(of: report, entries: entries, containers: containers, maxPictures: maxPictures)
        do {
            // All or nothing: temporary names, renamed into place once all are written.
            try StressReport.write([("report.json", try report.json()), ("junit.xml", Data(report.junit().utf8))]
                                    + html.map { ($0.name, Data($0.text.utf8)) }, to: folder)
        } catch {
            throw CommandError.output("\(error); no report was written (a previous one in '\(folder.path)' is untouched)")
        }
        // A previous report's pictures past this one's are no longer referenced: removed.
        let written = Set(html.map(\.name))
        let pictureFolder = folder.appendingPathComponent("pictures")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: pictureFolder.path)) ?? []
        where name.hasSuffix(".js") && Int(name.dropLast(3)) != nil && !written.contains("pictures/" + name) {
            try? FileManager.default.removeItem(at: pictureFolder.appendingPathComponent(name))
        }
    }
    var failing = report.verdicts.filter { $0.failed }
    if let baseline { failing = report.regressions(against: baseline) }
    if arguments.flags.contains("json") {
        print(String(decoding: try report.json(), as: UTF8.self))
    } else {
        // Keys, locales and variants come from the catalogs: their control characters are escaped
        // (issue 27), so a catalog cannot send escape sequences to the terminal.
        print(StressReport(verdicts: report.verdicts.map(terminalSafe), platform: platform).terminalSummary())
        if arguments.values["baseline"] != nil { print("\n\(failing.count) verdicts worse than the baseline") }
    }
    try finishStandardOutput()
    if !failing.isEmpty { throw CommandError(code: .failures, message: "\(failing.count) failing check\(failing.count == 1 ? "" : "s")") }
}

/// `textfit stress merge OUT/ PART…` (issue 28): checks that the parts (`--shard I/N` runs' report
/// folders) are of one run and shards 1…N once each, that the catalogs, rules and font file here
/// are those the shards read, then runs `stress` again with the shards' options and `--report OUT/`,
/// the parts' verdicts standing in for the sweep: the same report, summary and exit status as the
/// unsharded run. Takes `--json` and `--baseline` (applied to the merged verdicts) alone.
func runStressMerge(_ arguments: Arguments) throws {
    let words = Array(arguments.positional.dropFirst())
    guard words.count >= 2 else {
        throw CommandError.usage("stress merge needs the output folder and the parts: textfit stress merge OUT/ PART… "
                                 + "(each PART the --report folder of a textfit stress --shard I/N run)")
    }
    if let option = arguments.given.first(where: { !["json", "baseline", "help"].contains($0) }) {
        throw CommandError.usage("--\(option) does not apply to stress merge: the sweep's options are the shards' (each part's "
                                 + "\(StressShardPart.fileName) records them); merge takes --json and --baseline")
    }
    var named: [(name: String, part: StressShardPart)] = []
    for name in words.dropFirst() {
        do { named.append((name, try StressShardPart.read(name))) } catch { throw CommandError.input("stress merge: \(error)") }
    }
    let parts: [StressShardPart]
    do { parts = try StressShardPart.complete(named) } catch { throw CommandError.input("stress merge: \(error)") }
    let run = parts[0].run
    guard run.textfit == textfitVersion else {
        throw CommandError.input("stress merge: the parts were written by textfit \(run.textfit), this is \(textfitVersion); merge with the textfit that ran the shards")
    }
    var merged = try Arguments(["stress"])
    merged.positional = run.catalogs
    merged.values = run.options
    merged.flags = Set(run.flags)
    merged.given = run.options.keys.sorted() + run.flags
    if let difference = try stressFingerprint(merged).difference(from: run, name: "the merge", otherName: "the shards") {
        throw CommandError.input("stress merge: the files here are not those the shards read: they differ in \(difference); "
                                 + "run merge where the shards ran (the same files at the same relative paths)")
    }
    merged.values["report"] = words[0]
    merged.given.append("report")
    if let baseline = arguments.values["baseline"] {
        merged.values["baseline"] = baseline
        merged.given.append("baseline")
    }
    if arguments.flags.contains("json") {
        merged.flags.insert("json")
        merged.given.append("json")
    }
    try runStress(merged, merging: parts)
}

/// What decides a sweep's verdicts and outputs (``StressShardPart/Fingerprint``): the catalogs and
/// every option as given (but `--report` and `--shard`), and the FNV-1a 64 of each catalog file (a
/// folder's as the reader lists them), of the rules file and of the font file.
func stressFingerprint(_ arguments: Arguments) throws -> StressShardPart.Fingerprint {
    var paths: [String] = []
    for path in arguments.positional {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            do { paths += try CatalogReader.catalogFiles(in: path) } catch { throw CommandError.input("\(error)") }
        } else {
            paths.append(path)
        }
    }
    paths += [arguments.values["rules"], arguments.values["font-file"]].compactMap { $0 }
    let files = try paths.map { path in
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError.input("cannot read '\(path)' (a file of the run, whose contents a shard records)")
        }
        return StressShardPart.Fingerprint.File(path: path, fnv1a64: FNV1a64.hex(data))
    }
    var options = arguments.values
    options["report"] = nil
    options["shard"] = nil
    return StressShardPart.Fingerprint(textfit: textfitVersion, catalogs: arguments.positional, options: options,
                                       flags: Array(arguments.flags.subtracting(["help"])), files: files)
}

/// `stress`'s `--dynamic-type` or `--font-scale` (two spellings of the user's text sizes, read as the
/// platform's kind once it is known), refused at once when it is neither kind: `abc`, `0`,
/// `huge...tiny` need no catalog to be wrong.
func stressSizesOption(_ arguments: Arguments) throws -> (option: String, text: String)? {
    if arguments.values["dynamic-type"] != nil, arguments.values["font-scale"] != nil {
        throw CommandError.usage("give --dynamic-type or --font-scale, not both (two spellings of the user's text size)")
    }
    let option = arguments.values["font-scale"] != nil ? "font-scale" : "dynamic-type"
    guard let text = arguments.values[option] else { return nil }
    var asDynamicType: (any Error)?, asFontScales: (any Error)?
    do { _ = try DynamicTypeRange(parsing: text) } catch { asDynamicType = error }
    do { _ = try FontScaleList(parsing: text) } catch { asFontScales = error }
    if let asDynamicType, let asFontScales {
        throw CommandError.usage("--\(option): \(option == "font-scale" ? asFontScales : asDynamicType)")
    }
    return (option, text)
}

/// The font files a sweep reads (the bundled folder's and `--font-file`), as they were when it
/// started. A face is read into memory when first used (`FontFace.readBlob`), so a file changed
/// later cannot crash the run; but faces open lazily, so a file rewritten in place before its face
/// is opened would mix two fonts in one report. The watch turns that into an error naming the file
/// (exit 3, no report); a file deleted or replaced by a new one is a warning, since the run keeps
/// the copy it read. The SIGBUS handler covers the moment FreeType maps a file to check it.
struct FontFileWatch {
    /// What identifies a file's contents well enough: its inode, size and modification time.
    struct State: Equatable {
        let inode: UInt, size: Int, modified: Int
    }

    let files: [(path: String, state: State)]

    /// Records the font files of `directory` and `extra`, and installs the SIGBUS handler
    /// (``reportTruncatedFont(_:)``) that names them.
    init(directory: String, extra: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let paths = names.filter { [".ttf", ".otf", ".ttc", ".otc"].contains(where: $0.lowercased().hasSuffix) }.sorted()
            .map { (directory as NSString).appendingPathComponent($0) } + extra
        files = paths.compactMap { path in Self.state(of: path).map { (path, $0) } }
        watchedFonts = files.map { (strdup($0.path)!, $0.state.size) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = reportTruncatedFont
        sigaction(SIGBUS, &action, nil)
    }

    /// Throws when a font file was changed in place during the run; warns when one was deleted or replaced.
    func checkUnchanged() throws {
        for (path, before) in files {
            guard let now = Self.state(of: path), now.inode == before.inode else {
                printError("warning: font file '\(path)' was deleted or replaced during the run; the results use it as it was when the run started")
                continue
            }
            guard now == before else {
                throw CommandError.input("font file '\(path)' changed during the run (\(before.size) → \(now.size) bytes); the results may mix both versions, so no report was written")
            }
        }
    }

    static func state(of path: String) -> State? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return State(inode: UInt(info.st_ino), size: Int(info.st_size), modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
    }
}

/// The watched font files (C strings) and their sizes, for the SIGBUS handler, which must not allocate.
nonisolated(unsafe) var watchedFonts: [(path: UnsafeMutablePointer<CChar>, size: Int)] = []

/// SIGBUS handler: names the watched font files whose size changed, then exits 3. Uses only
/// async-signal-safe calls (write, stat, _exit).
func reportTruncatedFont(_ signal: Int32) {
    func say(_ text: StaticString) { _ = write(2, text.utf8Start, text.utf8CodeUnitCount) }
    say("\ntextfit: a font file was truncated while in use (SIGBUS reading it):")  // \n: past a progress bar
    for font in watchedFonts {
        var info = stat()
        guard stat(font.path, &info) != 0 || Int(info.st_size) != font.size else { continue }
        say(" '")
        _ = write(2, font.path, strlen(font.path))
        say("'")
    }
    say("; no report was written\n")
    _exit(ExitCode.input.rawValue)
}

// MARK: - serve

func runServe(_ arguments: Arguments) throws {
    let stdio = arguments.flags.contains("stdio"), http = arguments.values["http"]
    guard stdio != (http != nil) else { throw CommandError.usage("serve needs --stdio or --http [HOST:]PORT (one of them)") }
    // Issue 27: no file a request names is read unless --font-dir names the one folder allowed.
    let fontFolder: ServiceFontFolder?
    do {
        fontFolder = try arguments.values["font-dir"].map { try ServiceFontFolder($0) }
    } catch {
        throw CommandError.input("\(error)")
    }
    let dispatcher = ServiceDispatcher(engine: try makeEngine(arguments), fontFolder: fontFolder)
    if stdio { serveStdio(dispatcher) }  // exits: 0 at end of input, 4 when stdout is closed
    try serveHTTP(dispatcher, address: http!, allowOrigins: arguments.values["allow-origin"],
                  allowHosts: arguments.values["allow-host"])
}

// MARK: - Main

func run(_ words: [String]) throws {
    if words.isEmpty || words == ["--help"] || words == ["-h"] || words == ["help"] {
        print(usage)
        return try finishStandardOutput()
    }
    // `textfit help measure`, `textfit --help measure`
    if words.count == 2, ["help", "--help", "-h"].contains(words[0]) {
        guard let text = help(for: words[1]) else {
            throw CommandError.usage("unknown command '\(words[1])'; commands: measure, fonts, layout, stress, serve")
        }
        print(text)
        return try finishStandardOutput()
    }
    if words == ["--version"] {
        print("textfit \(textfitVersion)")
        return
    }
    let arguments = try Arguments(words)
    if arguments.flags.contains("help") {
        print(help(for: arguments.command) ?? usage)
        return try finishStandardOutput()
    }
    try arguments.checkApplicable()
    switch arguments.command {
    case "measure": try runMeasure(arguments)
    case "fonts": try runFonts(arguments)
    case "layout": try runLayout(arguments)
    case "stress": try arguments.positional.first == "merge" ? runStressMerge(arguments) : runStress(arguments)
    case "serve": try runServe(arguments)
    default: throw CommandError.usage("unknown command '\(arguments.command)'; commands: measure, fonts, layout, stress, serve")
    }
}

/// The option a measure request's field comes from, as the user typed it: `tabInterval` →
/// `--tab-interval` (every field is its option in camelCase).
func optionName(field: String) -> String {
    var name = "--"
    for character in field {
        if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
    }
    return name
}

/// The command-line words after the program's name, refusing one that is not valid UTF-8 (exit 3,
/// as for a text file): `CommandLine.arguments` would have put U+FFFD in place of the bad bytes and
/// measured that instead.
func commandLineWords() throws -> [String] {
    var words: [String] = []
    for position in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[position] else { break }
        let bytes = Data(bytes: pointer, count: strlen(pointer))
        guard let word = String(validating: bytes, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(bytes) ?? 0
            var role = ""
            if let option = words.last, option.hasPrefix("--"), Arguments.valueOptions.contains(String(option.dropFirst(2))) {
                role = " (the value of \(option))"
            } else if words.count == 0 {
                role = " (the command)"
            }
            throw CommandError.input("argument \(position)\(role) is not valid UTF-8 (first bad byte at offset \(offset))")
        }
        words.append(word)
    }
    return words
}

do {
    try run(try commandLineWords())
} catch let error as CommandError {
    printError(error.message)
    exit(error.code.rawValue)
} catch let error as RequestError {
    printError("\(optionName(field: error.field)): \(error.message)")
    exit(ExitCode.usage.rawValue)
} catch let error as TypographyError {
    switch error {
    case .invalidSize:
        printError("--size: \(error)")
        exit(ExitCode.usage.rawValue)
    case .invalidTracking:
        printError("--tracking: \(error)")
        exit(ExitCode.usage.rawValue)
    case .invalidFeature:
        printError("--features: \(error)")
        exit(ExitCode.usage.rawValue)
    default:
        printError("\(error)")
        exit(ExitCode.input.rawValue)
    }
} catch {
    printError("\(error)")
    exit(ExitCode.input.rawValue)
}
