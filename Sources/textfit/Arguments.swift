// The command line: words, options and their values, what each command reads; the engine and sizes options build.
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

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
        "tracking", "tab-interval", "file", "for", "width", "height", "lines", "reserved-lines", "truncation", "wrap", "direction",
        "line-metrics", "line-spacing", "minimum-scale", "svg", "png", "scale", "rules", "max-lines", "padding", "locales", "report",
        "baseline", "source-language", "http", "max-text-bytes", "max-elements", "max-depth", "max-entries", "max-pictures",
        "platform", "font-scale", "variations", "font-width", "instance", "design", "apple-fonts", "allow-origin", "allow-host", "font-dir",
        "shard", "strings", "screens", "devices", "orientations",
    ]
    static let flagOptions: Set<String> = ["italic", "bundled-only", "json", "json-input", "help", "overlays", "summary",
                                           "truncation-allowed", "strict", "stdio", "markdown"]

    /// The option nearest `name` by edit distance (a letter added, dropped, changed, or two swapped),
    /// among those `command` reads (all options for an unknown command): one within a third of the
    /// name's length, at least one edit, at most three; `nil` when none is that near.
    static func closestOption(to name: String, command: String) -> String? {
        let candidates = commandOptions[command].map { $0.union(["help"]) } ?? valueOptions.union(flagOptions)
        let limit = min(3, max(1, name.count / 3))
        let scored = candidates.map { ($0, editDistance(name.lowercased(), $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters, each one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }

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
                    let suggestion = Self.closestOption(to: name, command: command).map { "; did you mean '--\($0)'?" } ?? ""
                    let help = Self.commandOptions[command] == nil ? "textfit --help" : "textfit \(command) --help"
                    throw CommandError.usage("unknown option '--\(name)'\(suggestion) (\(help) lists the options)")
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
                                                              "apple-fonts", "markdown"]),
        "fonts": fontOptions.union(["for", "json", "bundled-only", "apple-fonts"]),
        "layout": ["width", "height", "dynamic-type", "direction", "json", "svg", "png", "scale", "overlays", "summary", "bundled-only",
                   "max-elements", "max-depth", "max-text-bytes", "platform", "font-scale", "apple-fonts", "strings", "locale"],
        "stress": ["rules", "width", "max-lines", "style", "font", "font-file", "size", "weight", "padding", "truncation-allowed",
                   "minimum-scale", "locales", "dynamic-type", "source-language", "report", "max-pictures", "baseline", "strict",
                   "json", "max-entries", "max-text-bytes", "bundled-only", "platform", "font-scale", "apple-fonts", "variations",
                   "shard", "markdown", "screens", "devices", "orientations"],
        "serve": ["stdio", "http", "bundled-only", "apple-fonts", "allow-origin", "allow-host", "font-dir", "strings"],
    ]
    /// What picks the font and its size: `measure`'s, and `fonts --for`'s.
    static let fontOptions: Set<String> = ["font", "font-file", "face-index", "size", "style", "weight", "italic", "dynamic-type",
                                           "locale", "features", "tracking", "platform", "font-scale", "variations", "font-width",
                                           "instance", "design"]
    /// How a paragraph is laid out: `measure`'s only (`fonts --for` lists the font of each cluster).
    static let paragraphOptions: Set<String> = ["tab-interval", "width", "height", "lines", "reserved-lines", "truncation", "wrap", "direction",
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
            if flags.contains("overlays"), values["svg"] == nil, values["png"] == nil {
                throw CommandError.usage("--overlays draws in the SVG, so it needs --svg OUT.svg (or --png OUT.png)")
            }
            if values["scale"] != nil, values["png"] == nil {
                throw CommandError.usage("--scale sets the PNG's pixels per point, so it needs --png OUT.png (an SVG is in points)")
            }
            if values["svg"] == "-", values["png"] == "-" {
                throw CommandError.usage("--svg - and --png - would both write to standard output; give one of them a file name")
            }
            if flags.contains("json"), flags.contains("summary") {
                throw CommandError.usage("give --json or --summary, not both (each is a whole output)")
            }
            for picture in ["svg", "png"] where values[picture] == "-" {
                if let other = ["json", "summary"].first(where: flags.contains) {
                    throw CommandError.usage("--\(picture) - writes the picture to standard output, which --\(other) would write too; give --\(picture) a file name")
                }
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

    /// What a numeric option takes: its words in the one message every mistake gets (`--width -5` and
    /// `--width 12O` alike: "--width expects a number of points ≥ 0, or infinity, got '-5'"), and the test.
    struct NumberRange {
        let words: String
        let contains: (Double) -> Bool
        /// Whether `infinity` (SwiftUI's `.infinity`: an infinite proposal) is a value.
        var infinity = false
    }

    /// Each numeric option's range, by command where two commands read it differently (a stress
    /// container's width must be above 0; a proposal's may be 0, SwiftUI's minimum, or infinity).
    /// The ranges are the ones the library checks (``TextAttributes/maximumPointSize``, 16,384 pt for
    /// lengths), so the CLI says them first, worded alike for every option.
    static func numberRange(_ name: String, command: String) -> NumberRange {
        let largest = TextAttributes.maximumPointSize, most = Int(largest)
        switch (name, command) {
        case ("width", "stress"): return NumberRange(words: "a number of points (dp under android) > 0") { $0 > 0 }
        case ("width", _), ("height", _):
            return NumberRange(words: "a number of points ≥ 0", contains: { $0 >= 0 }, infinity: true)
        case ("size", _): return NumberRange(words: "a number of points > 0 and ≤ \(most)") { $0 > 0 && $0 <= largest }
        case ("tracking", _):
            return NumberRange(words: "a number of points from -\(Int(TextAttributes.maximumTracking)) to \(Int(TextAttributes.maximumTracking))") {
                abs($0) <= TextAttributes.maximumTracking
            }
        case ("tab-interval", _): return NumberRange(words: "a number of points from 1 to \(most)") { $0 >= 1 && $0 <= largest }
        case ("line-spacing", _): return NumberRange(words: "a number of points from 0 to \(most)") { $0 >= 0 && $0 <= largest }
        case ("padding", _): return NumberRange(words: "a number of points ≥ 0") { $0 >= 0 && $0 <= largest }
        case ("minimum-scale", _): return NumberRange(words: "a number > 0 and ≤ 1 (0.5: half size)") { $0 > 0 && $0 <= 1 }
        case ("scale", _): return NumberRange(words: "a number > 0 and ≤ 16 (PNG pixels per point)") { $0 > 0 && $0 <= 16 }
        default: return NumberRange(words: "a number") { _ in true }
        }
    }

    /// A numeric option in its range (``numberRange(_:command:)``), or `nil` when absent. A value
    /// that is not a number and one out of range get the same message, naming the range; the old
    /// spelling `inf` is refused, saying what to write instead: it read as "no value" (`nil`) in
    /// `layout`, which leaving the option out says.
    func number(_ name: String) throws -> Double? {
        guard let text = values[name] else { return nil }
        let range = Self.numberRange(name, command: command)
        let word = text.lowercased()
        if range.infinity, word == "inf" || word == "+inf" {
            throw CommandError.usage("--\(name) inf: write --\(name) infinity for an infinite proposal (SwiftUI's .infinity), "
                                     + "or leave --\(name) out for no proposal on that axis (nil: the ideal)")
        }
        if range.infinity, word == "infinity" || word == "+infinity" { return .infinity }
        guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || "+-.eE".unicodeScalars.contains($0) }),
              let value = Double(text), value.isFinite, range.contains(value) else {
            throw CommandError.usage("--\(name) expects \(range.words)\(range.infinity ? ", or infinity" : ""), got '\(text)'")
        }
        return value
    }

    /// A whole-number option at least `minimum`, or `nil` when absent; every mistake gets one message:
    /// "--lines expects a whole number ≥ 1, got '0'".
    func wholeNumber(_ name: String, atLeast minimum: Int) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw CommandError.usage("--\(name) expects a whole number ≥ \(minimum), got '\(text)'")
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

/// `--locale`, checked (issue 50): a locale whose language ICU does not know (`klingon`), or a
/// string that is no locale (`12-!!`), is bad usage naming the languages ICU has CLDR's data for,
/// with the nearest by name (`klingon` → tlh, Klingon). What ICU has no data for past a known
/// language (`de-XX`) is measured without it, with a warning (``CanonicalLocale``). `accepted`: a
/// locale taken whatever ICU knows — one a catalog of `layout --strings` has (an app may carry a
/// locale of its own), or a pseudo-locale.
func localeOption(_ arguments: Arguments, accepted: (String) -> Bool = { _ in false }) throws -> String? {
    guard let locale = arguments.values["locale"] else { return nil }
    if accepted(locale) || (MeasureRequest.isLocaleIdentifier(locale) && CanonicalLocale(locale).namesKnownLanguage) { return locale }
    throw CommandError.usage(unknownLocaleMessage(locale, option: "--locale"))
}

/// The message for a locale ICU does not know: the nearest languages by name, then the languages
/// ICU has locale data for (the same words for every option that takes a locale).
func unknownLocaleMessage(_ locale: String, option: String) -> String {
    let near = CanonicalLocale.languages(near: locale)
    let hint = near.isEmpty ? "." : "; did you mean \(near.map { "\($0.code) (\($0.name))" }.joined(separator: ", "))?"
    let shown = locale.count > 64 ? String(locale.prefix(63)) + "…" : locale
    return "\(option): '\(terminalSafe(shown, bidiControls: true))' is not a locale ICU (CLDR) knows\(hint) Languages with locale data: "
        + CanonicalLocale.languagesWithData.joined(separator: ", ") + "; a script or region may follow (de-CH, zh-Hant-TW, pt_BR)"
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
