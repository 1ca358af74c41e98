import Foundation

/// Reads gettext `.po` files.
///
/// - Key: `msgid`, or `msgctxt|msgid` with a context (`button|Open`). gettext joins them with U+0004
///   internally, but a key is shown in reports and `junit.xml`, where a control character is invisible
///   or forbidden, so the visible `|` is used, the same in every locale and in `--baseline` reports.
///   Source text: `msgid` (`msgid_plural` for plural indices above 0).
/// - `msgid_plural` + `msgstr[n]` → variant `plural.<n>` (gettext's index, not a CLDR category: the
///   mapping lives in the file's `Plural-Forms` formula). An index above 5 (no language has more than
///   six forms) is a problem and the entry is skipped.
/// - What users see, as `msgfmt` compiles the file and `gettext`/`ngettext` look it up (GNU gettext
///   manual, "Invoking the msgfmt Program" and "Additional functions for plural forms"):
///   - `#, fuzzy`: `msgfmt` leaves fuzzy entries out of the `.mo` (unless `--use-fuzzy`, "usually
///     wrong"), so the entry is untranslated (`untranslatedReason` `fuzzy`, state `fuzzy`), its text
///     the source's: `msgid`, and for a plural entry `msgid` for `msgstr[0]` and `msgid_plural` for the
///     other forms (an untranslated `ngettext` returns `msgid` when n == 1, else `msgid_plural`); the
///     stale fuzzy `msgstr` is not measured.
///   - An empty `msgstr` (or an empty `msgstr[0]`: `msgfmt` leaves out an entry whose first form is
///     empty) is untranslated the same way, reason `empty`.
///   - An empty later form `msgstr[n]` beside a non-empty `msgstr[0]` is compiled as it is, and users
///     see an empty text for the numbers that select it: that form is untranslated, reason `empty`,
///     its text empty.
///   Other entries: state nil.
/// - Source entries: each entry's source texts in the source language (`sourceLanguage`, else `en`),
///   variants as above, go to `FileReadResult.sourceEntries` (see `Catalog.sourceEntries`).
/// - Translator (`# `) and extracted (`#.`) comments are joined with newlines as the comment.
/// - Strings may continue on following lines (`"…"`); C escapes `\n \t \r \" \\ \a \b \f \v \'  \?`,
///   octal `\NNN` and `\xHH`.
/// - The header (empty `msgid`) is skipped; obsolete entries (`#~`) are ignored.
/// - Locale: the header's `Language:`, else the folder above `LC_MESSAGES` (`de/LC_MESSAGES/app.po`),
///   else the file name when it looks like a language tag (`fr_CA.po` → `fr-CA`), else `und`; `_` becomes `-`.
package enum POReader {
    struct Entry {
        var line = 0
        var context: String?
        var id: String?
        var idPlural: String?
        var strings: [Int: String] = [:]
        var comments: [String] = []
        var fuzzy = false
        var broken = false
    }

    /// The most plural forms a language has in gettext (`nplurals`, 6 for Arabic): `msgstr[0]` to `msgstr[5]`.
    static let maxPluralForms = 6

    /// Between `msgctxt` and `msgid` in a key (see the type's documentation).
    package static let contextSeparator = "|"

    static func read(_ path: String, sourceLanguage: String? = nil, log: inout ProblemLog) throws -> FileReadResult {
        let text = try TextDecoding.decode(try TextDecoding.readData(path), file: path)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        var entries: [Entry] = []
        var current = Entry()
        var started = false
        /// Where continuation lines go: 0 ctxt, 1 id, 2 plural, 3+n msgstr[n].
        var target: Int?

        func finish() {
            if started { entries.append(current) }
            current = Entry()
            started = false
            target = nil
        }
        func append(_ s: String, to t: Int) {
            switch t {
            case 0: current.context = (current.context ?? "") + s
            case 1: current.id = (current.id ?? "") + s
            case 2: current.idPlural = (current.idPlural ?? "") + s
            default: current.strings[t - 3, default: ""] += s
            }
        }

        for (index, rawLine) in lines.enumerated() {
            let lineNo = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let here = SourceLocation(file: path, line: lineNo)
            if line.isEmpty { finish(); continue }
            if line.hasPrefix("#") {
                // A comment after a complete entry starts the next one.
                if started, current.strings.count > 0 { finish() }
                if line.hasPrefix("#~") { continue }
                if line.hasPrefix("#,") {
                    let flags = line.dropFirst(2).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    if flags.contains("fuzzy") { current.fuzzy = true }
                } else if line.hasPrefix("#.") {
                    current.comments.append(line.dropFirst(2).trimmingCharacters(in: .whitespaces))
                } else if line == "#" || line.hasPrefix("# ") {
                    current.comments.append(line.dropFirst(1).trimmingCharacters(in: .whitespaces))
                }
                if !started { current.line = lineNo }
                started = true
                continue
            }
            if current.broken { continue }
            if line.hasPrefix("\"") {
                guard let t = target else {
                    try log.report(here, "a string continuation without a keyword before it")
                    current.broken = true
                    continue
                }
                guard let s = try literal(line, at: here, log: &log) else { current.broken = true; continue }
                append(s, to: t)
                continue
            }
            guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                try log.report(here, "expected a keyword and a string, found '\(line)'")
                current.broken = true
                continue
            }
            let keyword = String(line[..<space])
            let rest = line[space...].trimmingCharacters(in: .whitespaces)
            let slot: Int
            switch keyword {
            case "msgctxt":
                if started, !current.strings.isEmpty { finish() }
                slot = 0
            case "msgid":
                if started, !current.strings.isEmpty || current.id != nil { finish() }
                slot = 1
            case "msgid_plural": slot = 2
            case "msgstr": slot = 3
            default:
                let index = keyword.dropFirst(7).dropLast()
                if keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), !index.isEmpty, index.allSatisfy(\.isASCII),
                   index.allSatisfy(\.isNumber) {
                    // gettext's `nplurals` is at most 6 (Arabic), so indexes run 0…5; a larger one is
                    // a typo or a hostile file (and `3 + n` would overflow), never a variant to measure.
                    guard let n = Int(index), n < maxPluralForms else {
                        try log.report(here, "\(keyword): plural index \(index) is out of range (gettext uses at most \(maxPluralForms) plural forms, msgstr[0] to msgstr[\(maxPluralForms - 1)])")
                        current.broken = true
                        continue
                    }
                    slot = 3 + n
                } else {
                    try log.report(here, "unknown keyword '\(keyword)'")
                    current.broken = true
                    continue
                }
            }
            if !started { current.line = lineNo; started = true }
            if slot == 1 { current.line = lineNo }
            guard let s = try literal(rest, at: here, log: &log) else { current.broken = true; continue }
            append(s, to: slot)
            target = slot
        }
        finish()

        // The header: language.
        var language: String?
        if let header = entries.first(where: { $0.id == "" && $0.context == nil }), let body = header.strings[0] {
            for line in body.split(separator: "\n") where line.hasPrefix("Language:") {
                let v = line.dropFirst("Language:".count).trimmingCharacters(in: .whitespaces)
                if !v.isEmpty { language = normalizeLocale(v) }
            }
        }
        if language == nil {
            let url = URL(fileURLWithPath: path)
            let stem = url.deletingPathExtension().lastPathComponent
            let parent = url.deletingLastPathComponent()
            let folder = parent.deletingLastPathComponent().lastPathComponent
            if parent.lastPathComponent == "LC_MESSAGES", looksLikeLocale(folder) { language = normalizeLocale(folder) }
            else if looksLikeLocale(stem) { language = normalizeLocale(stem) }
        }
        let locale = language ?? "und"

        var result = FileReadResult()
        for e in entries where !e.broken {
            let here = SourceLocation(file: path, line: e.line)
            guard let id = e.id else {
                if !e.strings.isEmpty || e.context != nil { try log.report(here, "entry without msgid") }
                continue
            }
            if id.isEmpty && e.context == nil { continue } // header
            guard !e.strings.isEmpty else {
                try log.report(here, "msgid \"\(id)\" has no msgstr")
                continue
            }
            let key = e.context.map { $0 + contextSeparator + id } ?? id
            let comment = e.comments.isEmpty ? nil : e.comments.joined(separator: "\n")
            let state: String? = e.fuzzy ? "fuzzy" : nil
            let sourceLocale = sourceLanguage ?? "en"
            if let plural = e.idPlural {
                // msgfmt keeps an entry only when its first form is not empty and it is not fuzzy.
                let kept = !e.fuzzy && !(e.strings[0] ?? "").isEmpty
                for n in e.strings.keys.sorted() {
                    let source = n == 0 ? id : plural
                    let s = e.strings[n]!
                    var entry = CatalogEntry(key: key, locale: locale, variant: "plural.\(n)", text: s, sourceText: source,
                                             comment: comment, state: state, origin: here)
                    if !kept {
                        entry.text = source
                        entry.isTranslated = false
                        entry.untranslatedReason = e.fuzzy ? "fuzzy" : "empty"
                    } else if s.isEmpty {
                        entry.isTranslated = false
                        entry.untranslatedReason = "empty"
                    }
                    result.entries.append(entry)
                    result.sourceEntries.append(CatalogEntry(key: key, locale: sourceLocale, variant: "plural.\(n)", text: source,
                                                             sourceText: source, comment: comment, origin: here))
                }
            } else {
                guard e.strings.keys.sorted() == [0] else {
                    try log.report(here, "msgstr[n] without msgid_plural for \"\(id)\"")
                    continue
                }
                let s = e.strings[0]!
                let translated = !e.fuzzy && !s.isEmpty
                result.entries.append(CatalogEntry(key: key, locale: locale, text: translated ? s : id, sourceText: id,
                                                   comment: comment, isTranslated: translated, state: state,
                                                   untranslatedReason: translated ? nil : (e.fuzzy ? "fuzzy" : "empty"), origin: here))
                result.sourceEntries.append(CatalogEntry(key: key, locale: sourceLocale, text: id, sourceText: id,
                                                         comment: comment, origin: here))
            }
        }
        return result
    }

    /// A C string literal in double quotes (nothing after it but white space); nil after reporting a problem.
    static func literal(_ text: String, at here: SourceLocation, log: inout ProblemLog) throws -> String? {
        let s = Array(text.unicodeScalars)
        guard s.first == "\"" else {
            try log.report(here, "expected a string in double quotes")
            return nil
        }
        var out = String.UnicodeScalarView()
        var i = 1
        while i < s.count {
            let c = s[i]
            i += 1
            if c == "\"" {
                guard s[i...].allSatisfy({ $0.properties.isWhitespace }) else {
                    try log.report(here, "text after the closing quote")
                    return nil
                }
                return String(out)
            }
            guard c == "\\" else { out.append(c); continue }
            guard i < s.count else { break }
            let e = s[i]
            i += 1
            if let control = CEscape.control(e) { out.append(control); continue }
            switch e {
            case "\"", "\\", "'", "?": out.append(e)
            case "0"..."7": out.append(CEscape.octal(first: e, in: s, at: &i))
            case "x":
                var hex = ""
                while i < s.count, s[i].properties.isASCIIHexDigit, hex.count < 2 { hex.unicodeScalars.append(s[i]); i += 1 }
                guard let v = UInt32(hex, radix: 16) else {
                    try log.report(here, "\\x needs hex digits")
                    return nil
                }
                out.append(Unicode.Scalar(v)!)
            default:
                try log.report(here, "unknown escape \\\(e)")
                return nil
            }
        }
        try log.report(here, "unterminated string")
        return nil
    }
}
