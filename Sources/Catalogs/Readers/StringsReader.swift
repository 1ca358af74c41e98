import Foundation

/// Reads `.strings` files: `"key" = "value";` pairs (old-style property list syntax), UTF-8 or UTF-16
/// with a byte-order mark in either byte order; binary property lists (`bplist00`) are read too, without
/// lines.
///
/// - The comment (`/* … */` or consecutive `//` lines) just before a pair becomes the entry's comment.
/// - Escapes: `\"` `\\` `\n` `\t` `\r` `\'` `\a` `\b` `\f` `\v`, `\U1234`/`\u1234` (four hex digits;
///   surrogate pairs are joined) and up to three octal digits. Other escaped characters stand for themselves.
/// - `"key";` alone means the value is the key. Keys and values may be unquoted words.
/// - The locale is the enclosing `xx.lproj` folder's name (`Base` stays `Base`), else `und`.
/// - A duplicate key is a problem; the first definition is kept.
/// - A missing `;` at the end of a line is a problem, and the pair is kept. More after a value on its
///   line (`"d" = Quatre mots;`) is a problem, the pair is skipped, and reading resumes after the next
///   `;` or at the next line, so that no key is made of the rest.
enum StringsReader {
    static func read(_ path: String, log: inout ProblemLog) throws -> FileReadResult {
        let data = try TextDecoding.readData(path)
        let locale = lprojLocale(path)
        var result = FileReadResult(table: "apple:" + tableName(path))
        if data.starts(with: Array("bplist".utf8)) {
            guard case .dict(let items, _) = try StringsDictReader.Plist.binary(data, file: path) else {
                throw CatalogProblem(SourceLocation(file: path), "the top level of a binary .strings file is not a dictionary")
            }
            for (key, item) in items {
                guard case .string(let value, _) = item else {
                    try log.report(SourceLocation(file: path), "value of \"\(key)\" is not a string")
                    result.skipped.append((key, locale))
                    continue
                }
                result.entries.append(CatalogEntry(key: key, locale: locale, text: value, origin: SourceLocation(file: path)))
            }
            return result
        }
        let text = try TextDecoding.decode(data, file: path)
        var parser = Parser(scalars: Array(text.unicodeScalars), file: path)
        for pair in try parser.parse(log: &log) {
            result.entries.append(CatalogEntry(key: pair.key, locale: locale, text: pair.value, comment: pair.comment,
                                               origin: SourceLocation(file: path, line: pair.line)))
        }
        result.skipped = parser.skipped.map { ($0, locale) }
        return result
    }

    /// The locale of the `xx.lproj` folder enclosing `path`, or `und`.
    static func lprojLocale(_ path: String) -> String {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        return parent.hasSuffix(".lproj") ? String(parent.dropLast(".lproj".count)) : "und"
    }

    /// The table name: the file name without extension (`Localizable`).
    static func tableName(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    struct Pair {
        var key: String
        var value: String
        var comment: String?
        var line: Int
    }

    struct Parser {
        let scalars: [Unicode.Scalar]
        let file: String
        var i = 0
        var line = 1
        var comment: String?
        /// The line of each key's first definition.
        var seen: [String: Int] = [:]
        /// Keys whose pair was malformed and skipped (reported), so that they are not taken for missing.
        var skipped: [String] = []

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        struct Stop: Error {}

        mutating func parse(log: inout ProblemLog) throws -> [Pair] {
            var pairs: [Pair] = []
            while true {
                var pairKey: String?
                do {
                    try skipTrivia()
                    guard i < scalars.count else { break }
                    let startLine = line
                    let key = try token()
                    pairKey = key
                    try skipTrivia()
                    var value = key
                    var valueLine = line
                    if peek == "=" {
                        i += 1
                        try skipTrivia()
                        value = try token()
                        valueLine = line
                        try skipTrivia()
                    }
                    let entryComment = comment
                    comment = nil
                    if peek != ";", i < scalars.count, line == valueLine {
                        // More on the value's line (`"d" = Quatre mots;`): the value is not what the
                        // author meant, so the pair is skipped, and reading resumes after the next `;`
                        // or at the next line, so the rest (`mots`) does not become a key of its own.
                        try log.report(SourceLocation(file: file, line: valueLine),
                                       "missing ';' after the value of \"\(key)\" (found '\(String(scalars[i]))' on the same line); skipped")
                        if seen[key] == nil { skipped.append(key) }
                        skipRestOfLine()
                        continue
                    }
                    if let first = seen[key] {
                        try log.report(SourceLocation(file: file, line: startLine), "duplicate key \"\(key)\" (first at line \(first))")
                    } else {
                        seen[key] = startLine
                        pairs.append(Pair(key: key, value: value, comment: entryComment, line: startLine))
                    }
                    guard peek == ";" else {
                        // The line ends after a complete value: keep the pair and read on from the next line.
                        try log.report(SourceLocation(file: file, line: valueLine), "missing ';' after the value of \"\(key)\"")
                        continue
                    }
                    i += 1
                } catch let problem as CatalogProblem {
                    try log.report(problem)
                    if let pairKey, seen[pairKey] == nil { skipped.append(pairKey) }
                    comment = nil
                    if !recover() { break }
                }
            }
            return pairs
        }

        var peek: Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

        /// Skips to just after the next `;` on a later or the same line; false at the end of the file.
        mutating func recover() -> Bool {
            var inQuote = false
            while i < scalars.count {
                let c = scalars[i]
                i += 1
                if c == "\n" { line += 1; if inQuote { inQuote = false } }
                else if c == "\\" && inQuote { i += 1 }
                else if c == "\"" { inQuote.toggle() }
                else if c == ";" && !inQuote { return true }
            }
            return false
        }

        /// Skips to just after the next `;` outside quotes on this line, or to the end of the line.
        mutating func skipRestOfLine() {
            var inQuote = false
            while i < scalars.count, scalars[i] != "\n" {
                let c = scalars[i]
                i += 1
                if c == "\\" && inQuote { if i < scalars.count, scalars[i] != "\n" { i += 1 } }
                else if c == "\"" { inQuote.toggle() }
                else if c == ";" && !inQuote { return }
            }
        }

        /// Skips white space and comments, remembering the last comment.
        mutating func skipTrivia() throws {
            var lineComments: [String] = []
            while i < scalars.count {
                let c = scalars[i]
                if c == "\n" { line += 1; i += 1; continue }
                if c.properties.isWhitespace { i += 1; continue }
                if c == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                    let startLine = line
                    var j = i + 2
                    var body = String.UnicodeScalarView()
                    while j + 1 < scalars.count, !(scalars[j] == "*" && scalars[j + 1] == "/") {
                        if scalars[j] == "\n" { line += 1 }
                        body.append(scalars[j]); j += 1
                    }
                    guard j + 1 < scalars.count else {
                        i = scalars.count
                        throw CatalogProblem(SourceLocation(file: file, line: startLine), "unterminated comment")
                    }
                    i = j + 2
                    lineComments = []
                    comment = String(body).trimmingCharacters(in: .whitespacesAndNewlines)
                    continue
                }
                if c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                    var j = i + 2
                    var body = String.UnicodeScalarView()
                    while j < scalars.count, scalars[j] != "\n" { body.append(scalars[j]); j += 1 }
                    i = j
                    lineComments.append(String(body).trimmingCharacters(in: .whitespaces))
                    comment = lineComments.joined(separator: "\n")
                    continue
                }
                break
            }
        }

        /// A quoted string or an unquoted word.
        mutating func token() throws -> String {
            guard let c = peek else {
                throw CatalogProblem(SourceLocation(file: file, line: line), "unexpected end of file")
            }
            if c == "\"" { return try quoted() }
            var word = String.UnicodeScalarView()
            while let d = peek, d.isASCII, d.properties.isAlphabetic || ("0"..."9").contains(d) || "_$+/:.-".unicodeScalars.contains(d) {
                word.append(d); i += 1
            }
            guard !word.isEmpty else {
                throw CatalogProblem(SourceLocation(file: file, line: line), "expected a quoted string, found '\(c)'")
            }
            return String(word)
        }

        mutating func quoted() throws -> String {
            let startLine = line
            i += 1
            var out = String.UnicodeScalarView()
            var pendingHigh: UInt32?
            var escapeError: CatalogProblem?
            func flushHigh(_ out: inout String.UnicodeScalarView) {
                if pendingHigh != nil { out.append("\u{FFFD}"); pendingHigh = nil }
            }
            while i < scalars.count {
                let c = scalars[i]
                i += 1
                if c == "\"" {
                    flushHigh(&out)
                    if let escapeError { throw escapeError }
                    return String(out)
                }
                if c == "\n" { line += 1 }
                guard c == "\\" else { flushHigh(&out); out.append(c); continue }
                guard i < scalars.count else { break }
                let e = scalars[i]
                i += 1
                if e != "U" && e != "u" { flushHigh(&out) }
                if let control = CEscape.control(e) { out.append(control); continue }
                switch e {
                case "U", "u":
                    var hex = ""
                    while hex.count < 4, i < scalars.count, scalars[i].properties.isASCIIHexDigit {
                        hex.unicodeScalars.append(scalars[i]); i += 1
                    }
                    guard hex.count == 4, let v = UInt32(hex, radix: 16) else {
                        escapeError = escapeError ?? CatalogProblem(SourceLocation(file: file, line: line), "\\\(e) needs four hex digits")
                        continue
                    }
                    if (0xD800...0xDBFF).contains(v) { flushHigh(&out); pendingHigh = v; continue }
                    if (0xDC00...0xDFFF).contains(v), let high = pendingHigh {
                        pendingHigh = nil
                        out.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00))!)
                        continue
                    }
                    flushHigh(&out)
                    out.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                    continue
                case "0"..."7": out.append(CEscape.octal(first: e, in: scalars, at: &i))
                default:
                    if e == "\n" { line += 1 }
                    out.append(e)
                }
            }
            throw CatalogProblem(SourceLocation(file: file, line: startLine), "unterminated string")
        }
    }
}
