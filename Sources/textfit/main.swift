// The `textfit` command: argument parsing and I/O only; the work is TextFit's operations.
import Foundation
import Service
import TextFit

/// Exit codes: 0 success, 2 bad usage, 3 unreadable input (font, family, text encoding).
enum ExitCode: Int32 {
    case success = 0, failures = 1, usage = 2, input = 3
}

/// A failure to report on stderr with its exit code.
struct CommandError: Error {
    let code: ExitCode
    let message: String
    static func usage(_ message: String) -> CommandError { CommandError(code: .usage, message: message) }
    static func input(_ message: String) -> CommandError { CommandError(code: .input, message: message) }
}

let usage = """
    textfit — true text sizes with real fonts (HarfBuzz, FreeType, Fontconfig)

    USAGE
      textfit measure TEXT… [options]      measure texts (or --file PATH, or - for stdin)
      textfit fonts [--for TEXT] [options] list font families, or which font each cluster of TEXT uses
      textfit layout FILE.json [options]   lay out a tree (docs/layout-file.md): frames, baselines, SVG
      textfit stress CATALOG… [options]    check every key × locale × Dynamic Type size against a container
      textfit serve --stdio | --http [HOST:]PORT   the measuring service (JSON lines, or HTTP; docs/service.md)
      textfit --help | --version

    MEASURE OPTIONS
      --font FAMILY          family name (default: Noto Sans, bundled)
      --font-file PATH       a font file; --face-index N picks a face of a collection
      --size PT              fixed size; with --style it scales relative to the style
      --style STYLE          largeTitle title1 title2 title3 headline body callout
                             subheadline footnote caption1 caption2 (default: body)
      --weight W             ultraLight thin light regular medium semibold bold heavy black, or 1–1000
      --italic               an italic face
      --dynamic-type SIZES   xSmall small medium large xLarge xxLarge xxxLarge accessibility1…5
                             (or ax1…ax5); a comma list measures at each (default: large)
      --locale TAG           BCP 47 language (shaping and fallback), e.g. ar, ja, zh-Hans
      --features LIST        OpenType features, comma separated: tnum,-liga,ss01
      --tracking PT          points added after each character
      --tab-interval PT      distance between tab stops (default 28)
      --width W              wrap at W points (0: SwiftUI's minimum, every opportunity taken)
      --height H             keep the lines that fit H points; truncate the last
      --lines N              line limit; the last line is truncated with "…"
      --truncation MODE      head | middle | tail (default tail)
      --wrap MODE            word-then-character (default) | word | balanced
      --direction DIR        auto (default, first strong character) | ltr | rtl
      --line-metrics M       apple (hhea, default) | typo (OS/2) | fixed:H (every line H points)
      --line-spacing PT      points between lines
      --minimum-scale F      shrink down to F (0 < F ≤ 1) before truncating
      --bundled-only         use the bundled fonts only (reproducible results)
      --file PATH            one text per line from PATH (- for stdin)
      --json-input           each input line is a JSON string (so a text may hold line breaks)
      --json                 one JSON object per text and size (JSON Lines)

    LAYOUT OPTIONS
      --width W, --height H  the proposal (absent: the ideal on that axis)
      --dynamic-type SIZE    one size, a comma list, or all (one JSON object per size, smallest first)
      --direction DIR        ltr (default) or rtl: mirrors every container
      --json                 one JSON object per size (JSON Lines)
      --svg OUT.svg          also draw it (real glyph outlines); with several sizes, OUT-SIZE.svg each
      --overlays             draw element bounds, line boxes and baselines in the SVG
      --summary              one line per size: size, element count, rows of the root container
      --bundled-only         use the bundled fonts only

    STRESS OPTIONS (catalogs: .xcstrings, .strings/.stringsdict in *.lproj, XLIFF, Android values*/strings.xml, .po, or folders)
      --rules FILE           container per key pattern (docs/stress.md); the options below are the defaults
      --width W              container width in points (default 320)
      --max-lines N          line limit (default 1; 0 = no limit)
      --style STYLE          text style (default body); --font, --size, --weight as for measure
      --padding P            points inside the container on every side
      --truncation-allowed   hitting the line limit does not fail
      --minimum-scale F      the text may shrink to F before it fails
      --locales L,…          locales to check (default all), pseudo-xa, pseudo-xb, pseudo-expanded, pseudo-bounded, pseudo-double
      --dynamic-type R       all (default), a size, FROM...TO, or a comma list
      --source-language L    the source locale when the files do not say (default: the catalog's, else en)
      --report DIR           write report.json, junit.xml and index.html
      --baseline FILE        fail only on verdicts worse than in this report.json
      --strict               stop at the first problem in a catalog
      --json                 print the report (report.json) on stdout instead of the summary

    EXIT STATUS
      0 success · 1 stress failures · 2 bad usage · 3 unreadable input (font file, unknown family, invalid UTF-8,
      bad layout file, catalog or rules file)
    """

/// Parsed command line: the command, positional words, and `--option value` pairs.
struct Arguments {
    var command: String
    var positional: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    static let valueOptions: Set<String> = [
        "font", "font-file", "face-index", "size", "style", "weight", "dynamic-type", "locale", "features",
        "tracking", "tab-interval", "file", "for", "width", "height", "lines", "truncation", "wrap", "direction",
        "line-metrics", "line-spacing", "minimum-scale", "svg", "rules", "max-lines", "padding", "locales", "report",
        "baseline", "source-language", "http",
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
            } else if word.hasPrefix("--") {
                var name = String(word.dropFirst(2))
                var inline: String?
                if let equals = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                if Self.flagOptions.contains(name) {
                    flags.insert(name)
                } else if Self.valueOptions.contains(name) {
                    guard let value = inline ?? rest.next() else { throw CommandError.usage("--\(name) needs a value") }
                    values[name] = value
                } else {
                    throw CommandError.usage("unknown option '--\(name)'; see textfit --help")
                }
            } else {
                positional.append(word)
            }
        }
    }

    /// A numeric option; `inf` is accepted where `allowInfinity` (a width of ∞ is the ideal).
    func number(_ name: String, allowInfinity: Bool = false) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text), value.isFinite || (allowInfinity && value == .infinity) else {
            throw CommandError.usage("--\(name) expects a number, got '\(text)'")
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
        lineSpacing: try arguments.number("line-spacing"), minimumScale: try arguments.number("minimum-scale"))
}

func dynamicTypeSizes(_ arguments: Arguments) throws -> [String] {
    guard let list = arguments.values["dynamic-type"] else { return ["large"] }
    let sizes = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard !sizes.isEmpty else { throw CommandError.usage("--dynamic-type needs at least one size") }
    return sizes
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
    let engine = try makeEngine(arguments)
    var base = try makeRequest(arguments, texts: texts)
    let sizes = try dynamicTypeSizes(arguments)
    var rows: [[String]] = []
    var details: [String] = []
    for text in texts {
        for size in sizes {
            base.dynamicType = size
            base.texts = [text]
            let result = try engine.measure(base)[0]
            if arguments.flags.contains("json") {
                try emitJSON(result)
            } else {
                rows.append(tableRow(result, dynamicType: size))
                if result.fitting != nil { details.append(lineDetails(result, dynamicType: size)) }
            }
        }
    }
    if !arguments.flags.contains("json") {
        printTable(header: ["TEXT", "FONTS", "DYNAMIC TYPE", "SIZE", "IDEAL W×H", "MINIMUM W (SEGMENT)", "FITTING W×H", "LINES", "MISSING"],
                   rows: rows, rightAligned: [3, 4, 6, 7, 8])
        for detail in details { print("\n" + detail) }
    }
}

func tableRow(_ result: MeasureResult, dynamicType: String) -> [String] {
    var families: [String] = []
    for run in result.runs where !families.contains(run.font.family) { families.append(run.font.family) }
    if families.isEmpty { families = [result.font.family] }
    let shown = result.text.count > 32 ? String(result.text.prefix(31)) + "…" : result.text
    let segment = result.minimum.segment.count > 16 ? String(result.minimum.segment.prefix(15)) + "…" : result.minimum.segment
    let fitting = result.fitting.map { "\(format($0.width))×\(format($0.height))\($0.truncated ? " …" : "")\($0.scale < 1 ? " @\(format($0.scale))" : "")" } ?? "—"
    return [visible(shown), families.joined(separator: " + "), DynamicTypeSize(name: dynamicType)?.rawValue ?? dynamicType,
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
func lineDetails(_ result: MeasureResult, dynamicType: String) -> String {
    let scalars = Array(result.text.unicodeScalars)
    var out = "\"\(visible(result.text.count > 40 ? String(result.text.prefix(39)) + "…" : result.text))\" at \(dynamicType)"
    if let fitting = result.fitting {
        out += ", proposal \(fitting.proposal.width.map(format) ?? "nil")×\(fitting.proposal.height.map(format) ?? "nil"): "
        out += "\(fitting.lineCount) line\(fitting.lineCount == 1 ? "" : "s"), first baseline \(format(result.firstBaseline)), last baseline \(format(result.lastBaseline))"
    }
    for (index, line) in result.lines.enumerated() {
        let text = String(String.UnicodeScalarView(scalars[line.start..<line.end]))
        out += "\n  \(index + 1)  [\(line.start)..<\(line.end))  width \(format(line.width))  baseline \(format(line.baseline))"
        out += "\(line.truncated ? "  truncated" : "")\(line.hyphenated ? "  hyphenated" : "")  \"\(visible(text))\""
    }
    return out
}

/// Terminal cells a string takes: two per wide (CJK, Hangul, fullwidth) or emoji-presentation
/// cluster, one per other grapheme cluster. An approximation of East Asian Width; Indic clusters
/// may still render narrower or wider in some terminals.
func displayWidth(_ text: String) -> Int {
    text.reduce(0) { total, character in
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

func format(_ value: Double) -> String { String(format: "%.2f", value) }

/// Prints aligned columns, counting terminal cells (see ``displayWidth(_:)``).
func printTable(header: [String], rows: [[String]], rightAligned: Set<Int>) {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { displayWidth($0[column]) }.max() ?? 0 }
    for row in all {
        let cells = row.enumerated().map { column, cell in
            let padding = String(repeating: " ", count: max(0, widths[column] - displayWidth(cell)))
            return rightAligned.contains(column) ? padding + cell : cell + padding
        }
        print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
    }
}

func makeEngine(_ arguments: Arguments) throws -> TextFitEngine {
    try TextFitEngine(bundledOnly: arguments.flags.contains("bundled-only"))
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
            printTable(header: ["FAMILY", "SOURCE", "STYLES"],
                       rows: families.map { [$0.name, $0.source.rawValue, $0.styles.joined(separator: ", ")] }, rightAligned: [])
        }
        return
    }
    var request = try makeRequest(arguments, texts: [text])
    request.dynamicType = try dynamicTypeSizes(arguments).first
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
}

extension Unicode.GeneralCategory {
    /// Characters a terminal shows as nothing: controls, separators and spaces, format characters.
    var isInvisible: Bool {
        [.control, .lineSeparator, .paragraphSeparator, .format, .spaceSeparator].contains(self)
    }
}

// MARK: - layout

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
    let tree: AnyElement
    do {
        tree = try LayoutFile.element(from: data)
    } catch let error as LayoutFileError {
        throw CommandError.input("\(file == "-" ? "standard input" : file): \(error)")
    }
    var sizes: [DynamicTypeSize] = [.large]
    if let list = arguments.values["dynamic-type"] {
        if list == "all" {
            sizes = DynamicTypeSize.allCases
        } else {
            sizes = try list.split(separator: ",").map { name in
                guard let size = DynamicTypeSize(name: String(name).trimmingCharacters(in: .whitespaces)) else {
                    throw CommandError.usage("--dynamic-type: '\(name)' is not a Dynamic Type size (or all)")
                }
                return size
            }
        }
    }
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
    let engine = try makeEngine(arguments)
    let width = try arguments.number("width", allowInfinity: true).flatMap { $0.isInfinite ? nil : $0 }
    let height = try arguments.number("height", allowInfinity: true).flatMap { $0.isInfinite ? nil : $0 }
    let results = engine.layout(tree, width: width, height: height, dynamicTypeSizes: sizes, direction: direction)
    let outputs = results.map(LayoutOutput.init)
    if let svgPath = arguments.values["svg"] {
        let renderer = SVGRenderer(options: .init(overlays: arguments.flags.contains("overlays") ? .all : []))
        for (size, result) in results {
            let path = results.count == 1 ? svgPath
                : (svgPath as NSString).deletingPathExtension + "-\(size.rawValue)." + ((svgPath as NSString).pathExtension.isEmpty ? "svg" : (svgPath as NSString).pathExtension)
            do {
                try Data(renderer.svg(result).utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                throw CommandError.input("cannot write '\(path)': \(error.localizedDescription)")
            }
        }
    }
    if arguments.flags.contains("json") {
        for output in outputs { try emitJSON(output) }
        return
    }
    if arguments.flags.contains("summary") {
        printTable(header: ["DYNAMIC TYPE", "DIRECTION", "WIDTH", "HEIGHT", "ELEMENTS", "ROWS"],
                   rows: outputs.map { output in
                       // Rows: distinct tops of the root's children (a flow's rows, a stack's one row).
                       let tops = Set(output.elements.filter { $0.path.count == 1 }.map { ($0.frame.y + $0.firstBaseline).rounded(.toNearestOrEven) })
                       return [output.dynamicTypeSize, direction == .rightToLeft ? "rtl" : "ltr", format(output.size.width),
                               format(output.size.height), "\(output.elements.count)", "\(tops.count)"]
                   }, rightAligned: [2, 3, 4, 5])
        return
    }
    for output in outputs {
        print("\(output.dynamicTypeSize): \(format(output.size.width)) × \(format(output.size.height)), \(output.elements.count) elements")
        printTable(header: ["PATH", "KIND", "ID", "X", "Y", "WIDTH", "HEIGHT", "BASELINE"],
                   rows: output.elements.map { element in
                       [element.path.map(String.init).joined(separator: "."), element.kind, element.id ?? "",
                        format(element.frame.x), format(element.frame.y), format(element.frame.width), format(element.frame.height),
                        element.firstBaseline == element.frame.height ? "" : format(element.firstBaseline)]
                   }, rightAligned: [3, 4, 5, 6, 7])
        for diagnostic in output.diagnostics { print("  ! \(diagnostic)") }
    }
}

// MARK: - stress

/// `[████······] done/total` on stderr, redrawn in place.
@Sendable func drawProgress(_ done: Int, of total: Int) {
    guard done == total || done % 64 == 0 else { return }
    let width = 30, filled = width * done / max(total, 1)
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)\(done == total ? "\n" : "")".utf8))
}

func runStress(_ arguments: Arguments) throws {
    guard !arguments.positional.isEmpty else { throw CommandError.usage("stress needs at least one CATALOG (file or folder)") }
    // The defaults every key gets unless a rule says otherwise.
    var defaults = Constraint(width: try arguments.number("width") ?? 320)
    guard defaults.width > 0 else { throw CommandError.usage("--width must be positive") }
    if let lines = arguments.values["max-lines"] {
        guard let count = Int(lines), count >= 0 else { throw CommandError.usage("--max-lines expects a whole number ≥ 0") }
        defaults.maxLines = count == 0 ? nil : count
    }
    if let name = arguments.values["style"] {
        guard let style = TextStyle(name: name) else { throw CommandError.usage("--style: '\(name)' is not a text style") }
        defaults.style = style
    }
    defaults.font = arguments.values["font"]
    defaults.size = try arguments.number("size")
    if let name = arguments.values["weight"] {
        guard let weight = FontWeight(name: name) else { throw CommandError.usage("--weight: '\(name)' is not a weight") }
        defaults.weight = weight
    }
    defaults.padding = try arguments.number("padding") ?? 0
    defaults.truncation = arguments.flags.contains("truncation-allowed")
    if let factor = try arguments.number("minimum-scale") {
        guard factor > 0, factor <= 1 else { throw CommandError.usage("--minimum-scale must be in (0, 1]") }
        defaults.minimumScaleFactor = factor
    }
    if let range = arguments.values["dynamic-type"] {
        do { defaults.dynamicType = try DynamicTypeRange(parsing: range) } catch {
            throw CommandError.usage("--dynamic-type: \(error)")
        }
    }
    let rules: RuleSet
    if let file = arguments.values["rules"] {
        do { rules = try RuleSet(contentsOf: URL(fileURLWithPath: file)) } catch { throw CommandError.input("\(error)") }
    } else {
        rules = RuleSet()
    }
    let catalog: Catalog
    do {
        catalog = try CatalogReader.read(arguments.positional, strict: arguments.flags.contains("strict"),
                                         sourceLanguage: arguments.values["source-language"])
    } catch {
        throw CommandError.input("\(error)")
    }
    for problem in catalog.problems.prefix(20) { FileHandle.standardError.write(Data("textfit: warning: \(problem)\n".utf8)) }
    if catalog.problems.count > 20 {
        FileHandle.standardError.write(Data("textfit: warning: … \(catalog.problems.count - 20) more problems\n".utf8))
    }
    // Locales: the catalog's, or those asked for (pseudo-locales made from the source language).
    let sourceLanguage = arguments.values["source-language"] ?? catalog.sourceLanguage ?? "en"
    var entries = catalog.entries
    if let list = arguments.values["locales"] {
        let wanted = list.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        var selected: [CatalogEntry] = []
        for locale in wanted {
            if let pseudo = PseudoLocale(name: locale) {
                selected += pseudo.pseudoEntries(from: catalog.entries.filter { $0.locale == sourceLanguage })
            } else {
                let matching = catalog.entries.filter { $0.locale == locale }
                if matching.isEmpty { FileHandle.standardError.write(Data("textfit: warning: no entries for locale '\(locale)'\n".utf8)) }
                selected += matching
            }
        }
        entries = selected
    }
    guard !entries.isEmpty else { throw CommandError.input("no strings to check in \(arguments.positional.joined(separator: ", "))") }

    let engine = try makeEngine(arguments)
    let sweep = StressSweep(shaper: engine.shaper)
    var constraints = entries.map { rules.constraint(for: $0.key, defaults: defaults) }
    // Of stringsdict width variants, only the one the OS would pick for the container is checked.
    let kept = selectingWidthVariants(entries, containers: constraints.map(\.container))
    if kept.count < entries.count {
        entries = kept.map { entries[$0] }
        constraints = kept.map { constraints[$0] }
    }
    let containers = constraints.map(\.container)
    let texts = zip(entries, constraints).map { entry, constraint in constraint.placeholders.substitute(entry.text) }
    let total = entries.count
    // A progress bar on stderr when it is a terminal; quiet otherwise.
    var progress: (@Sendable (Int) -> Void)?
    if isatty(2) != 0 { progress = { drawProgress($0, of: total) } }
    let verdicts = sweep.run(entries, containers: containers, texts: texts, progress: progress)
    let report = StressReport(verdicts: verdicts)

    if let directory = arguments.values["report"] {
        let folder = URL(fileURLWithPath: directory)
        let byVerdict = Dictionary(entries.indices.map { ("\(entries[$0].key)\u{1}\(entries[$0].locale)\u{1}\(entries[$0].variant)", $0) },
                                   uniquingKeysWith: { a, _ in a })
        let firsts = Set(report.summary.firstFailures.map { "\($0.key)\u{1}\($0.locale)\u{1}\($0.variant)\u{1}\($0.failsFrom)" })
        var pictures = 0
        let html = report.html(sourceText: { verdict in
            byVerdict["\(verdict.key)\u{1}\(verdict.locale)\u{1}\(verdict.variant)"].flatMap { entries[$0].sourceText }
        }, draw: { verdict in
            // One picture per failing key × locale × variant, at its first failing size.
            guard firsts.contains("\(verdict.key)\u{1}\(verdict.locale)\u{1}\(verdict.variant)\u{1}\(verdict.dynamicTypeSize)"),
                  let index = byVerdict["\(verdict.key)\u{1}\(verdict.locale)\u{1}\(verdict.variant)"] else { return nil }
            pictures += 1
            return sweep.picture(of: verdict, entry: entries[index], container: constraints[index].container, idPrefix: "p\(pictures)-")
        })
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Written to temporary names, then moved: a report is never left half-written.
            for (name, data) in [("report.json", try report.json()), ("junit.xml", Data(report.junit().utf8)), ("index.html", Data(html.utf8))] {
                let partial = folder.appendingPathComponent(".\(name).partial")
                try data.write(to: partial)
                _ = try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                try FileManager.default.moveItem(at: partial, to: folder.appendingPathComponent(name))
            }
        } catch {
            throw CommandError.input("cannot write the report to '\(directory)': \(error.localizedDescription)")
        }
    }
    var failing = report.verdicts.filter { $0.failed }
    if let baselineFile = arguments.values["baseline"] {
        guard let data = FileManager.default.contents(atPath: baselineFile),
              let baseline = try? JSONDecoder().decode(StressReport.self, from: data) else {
            throw CommandError.input("cannot read baseline '\(baselineFile)' (a report.json from an earlier run)")
        }
        failing = report.regressions(against: baseline)
    }
    if arguments.flags.contains("json") {
        print(String(decoding: try report.json(), as: UTF8.self))
    } else {
        print(report.terminalSummary())
        if arguments.values["baseline"] != nil { print("\n\(failing.count) verdicts worse than the baseline") }
    }
    if !failing.isEmpty { throw CommandError(code: .failures, message: "\(failing.count) failing check\(failing.count == 1 ? "" : "s")") }
}

// MARK: - serve

func runServe(_ arguments: Arguments) throws {
    let stdio = arguments.flags.contains("stdio"), http = arguments.values["http"]
    guard stdio != (http != nil) else { throw CommandError.usage("serve needs --stdio or --http [HOST:]PORT (one of them)") }
    let dispatcher = ServiceDispatcher(engine: try makeEngine(arguments))
    if stdio {
        // A closed stdout ends the service: exit 0 when stdin ended, 1 when the output went away.
        exit(StdioServer(dispatcher: dispatcher).run() ? 0 : 1)
    }
    try serveHTTP(dispatcher, address: http!)
}

// MARK: - Main

func run(_ words: [String]) throws {
    if words.isEmpty || words == ["--help"] || words == ["-h"] || words == ["help"] {
        print(usage)
        return
    }
    if words == ["--version"] {
        print("textfit 0.1.0")
        return
    }
    let arguments = try Arguments(words)
    if arguments.flags.contains("help") {
        print(usage)
        return
    }
    switch arguments.command {
    case "measure": try runMeasure(arguments)
    case "fonts": try runFonts(arguments)
    case "layout": try runLayout(arguments)
    case "stress": try runStress(arguments)
    case "serve": try runServe(arguments)
    default: throw CommandError.usage("unknown command '\(arguments.command)'; commands: measure, fonts, layout, stress, serve")
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch let error as CommandError {
    FileHandle.standardError.write(Data("textfit: \(error.message)\n".utf8))
    exit(error.code.rawValue)
} catch let error as RequestError {
    FileHandle.standardError.write(Data("textfit: \(error)\n".utf8))
    exit(ExitCode.usage.rawValue)
} catch let error as TypographyError {
    FileHandle.standardError.write(Data("textfit: \(error)\n".utf8))
    switch error {
    case .invalidSize, .invalidTracking, .invalidFeature: exit(ExitCode.usage.rawValue)
    default: exit(ExitCode.input.rawValue)
    }
} catch {
    FileHandle.standardError.write(Data("textfit: \(error)\n".utf8))
    exit(ExitCode.input.rawValue)
}
