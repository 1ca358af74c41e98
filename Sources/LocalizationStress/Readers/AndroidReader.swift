import Foundation

/// Reads Android string resources (`res/values*/strings.xml` and other `<resources>` files).
///
/// - `<string name>` → key `name`; `<plurals name>` with `<item quantity>` → variant `plural.<quantity>`;
///   `<string-array name>` items → key `name[index]` (as `CatalogEntry.key` documents), no variant.
/// - `translatable="false"` (on the element or on `<resources>`) is skipped.
/// - Text as aapt2 compiles it: inline markup (`<b>`, `<xliff:g>`) contributes its content; CDATA is text;
///   runs of white space collapse to one space and the ends are trimmed, except inside double quotes
///   (which are removed); escapes `\'` `\"` `\\` `\n` `\t` `\@` `\?` `\uXXXX` (a surrogate pair written as two
///   `\u` escapes is one character). An unescaped apostrophe outside
///   double quotes is a problem (aapt2 rejects it); the text is kept.
/// - Locale from the folder: `values` is the source language (`tools:locale` on `<resources>`, else the
///   reader's `sourceLanguage`, else `en`); `values-fr` → `fr`, `values-fr-rCA` → `fr-CA`,
///   `values-b+sr+Latn` → `sr-Latn`; MCC/MNC and non-language qualifiers (`values-night`) are ignored.
enum AndroidReader {
    static func read(_ path: String, root: XMLNode, defaultSource: String?, log: inout ProblemLog) throws -> FileReadResult {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        let toolsLocale = root.attribute("tools:locale") ?? root.attribute("locale")
        let folderLocale = locale(fromFolder: folder)
        let locale = folderLocale ?? toolsLocale ?? defaultSource ?? "en"
        var result = FileReadResult(table: "android:" + URL(fileURLWithPath: path).lastPathComponent)
        result.isSourceTable = folderLocale == nil
        if folderLocale == nil, let toolsLocale { result.sourceLanguage = toolsLocale }
        if root.attribute("translatable") == "false" { return result }
        for element in root.elements() {
            if element.attribute("translatable") == "false" { continue }
            let here = SourceLocation(file: path, line: element.line)
            guard ["string", "plurals", "string-array"].contains(element.name) else { continue }
            guard let name = element.attribute("name"), !name.isEmpty else {
                try log.report(here, "<\(element.name)> without a name")
                continue
            }
            switch element.name {
            case "string":
                let text = try unescape(element.text(), at: here, log: &log)
                result.entries.append(CatalogEntry(key: name, locale: locale, text: text, origin: here))
            case "plurals":
                let count = result.entries.count
                defer {
                    // Every item had a problem: the key was skipped, not left untranslated.
                    if result.entries.count == count, !element.elements("item").isEmpty { result.skipped.append((name, locale)) }
                }
                for item in element.elements("item") {
                    let itemHere = SourceLocation(file: path, line: item.line)
                    guard let q = item.attribute("quantity"), pluralCategories.contains(q) else {
                        try log.report(itemHere, "plural item of \"\(name)\" has no valid quantity (zero, one, two, few, many, other)")
                        continue
                    }
                    let text = try unescape(item.text(), at: itemHere, log: &log)
                    result.entries.append(CatalogEntry(key: name, locale: locale, variant: "plural.\(q)", text: text, origin: itemHere))
                }
            default:
                for (index, item) in element.elements("item").enumerated() {
                    let itemHere = SourceLocation(file: path, line: item.line)
                    let text = try unescape(item.text(), at: itemHere, log: &log)
                    result.entries.append(CatalogEntry(key: "\(name)[\(index)]", locale: locale, text: text, origin: itemHere))
                }
            }
        }
        return result
    }

    /// The locale of a `values-…` folder, or nil for the default (source) folder.
    static func locale(fromFolder folder: String) -> String? {
        guard folder.hasPrefix("values") else { return nil }
        var qualifiers = folder.split(separator: "-").dropFirst().map(String.init)
        while let q = qualifiers.first, q.hasPrefix("mcc") || q.hasPrefix("mnc") { qualifiers.removeFirst() }
        guard let first = qualifiers.first else { return nil }
        if first.hasPrefix("b+") {
            return first.dropFirst(2).split(separator: "+").joined(separator: "-")
        }
        guard (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return nil }
        if qualifiers.count > 1, qualifiers[1].hasPrefix("r"), qualifiers[1].count == 3 || qualifiers[1].count == 4 {
            return first + "-" + qualifiers[1].dropFirst()
        }
        return first
    }

    /// The value of four hex digits at `index` (moved past them), or nil (`index` moved past the hex
    /// digits there are).
    static func hex4(_ s: [Unicode.Scalar], at index: inout Int) -> UInt32? {
        var hex = ""
        while hex.count < 4, index < s.count, s[index].properties.isASCIIHexDigit { hex.unicodeScalars.append(s[index]); index += 1 }
        return hex.count == 4 ? UInt32(hex, radix: 16) : nil
    }

    /// Applies aapt2's string processing (see the type's documentation).
    static func unescape(_ raw: String, at location: SourceLocation, log: inout ProblemLog) throws -> String {
        var out = String.UnicodeScalarView()
        var inQuotes = false
        var pendingSpace = false
        var apostrophe = false
        let s = Array(raw.unicodeScalars)
        var i = 0
        func emit(_ c: Unicode.Scalar, _ out: inout String.UnicodeScalarView) {
            if pendingSpace, !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(c)
        }
        while i < s.count {
            let c = s[i]
            i += 1
            if c == "\\", i < s.count {
                let e = s[i]
                i += 1
                switch e {
                case "n": emit("\n", &out)
                case "t": emit("\t", &out)
                case "u":
                    guard let v = hex4(s, at: &i) else {
                        try log.report(location, "\\u needs four hex digits")
                        break
                    }
                    if let scalar = Unicode.Scalar(v) { emit(scalar, &out); break }
                    // A character past U+FFFF is written as its UTF-16 surrogates, `\uD83D\uDE00` (as Java
                    // source and aapt2 take it): join the pair. Half a pair is reported and shown as U+FFFD.
                    var j = i + 2
                    if (0xD800...0xDBFF).contains(v), i + 1 < s.count, s[i] == "\\", s[i + 1] == "u",
                       let low = hex4(s, at: &j), (0xDC00...0xDFFF).contains(low),
                       let scalar = Unicode.Scalar(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)) {
                        i = j
                        emit(scalar, &out)
                    } else {
                        try log.report(location, "\\u\(String(v, radix: 16, uppercase: true)) is half of a UTF-16 surrogate pair, without its other half")
                        emit("\u{FFFD}", &out)
                    }
                default: emit(e, &out) // \' \" \\ \@ \? and any other character stand for themselves
                }
                continue
            }
            if c == "\"" { inQuotes.toggle(); continue }
            if !inQuotes, c.properties.isWhitespace { pendingSpace = true; continue }
            if c == "'", !inQuotes { apostrophe = true }
            if inQuotes, c.properties.isWhitespace {
                // Quoted white space is kept as is.
                if pendingSpace, !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(c)
                continue
            }
            emit(c, &out)
        }
        if apostrophe { try log.report(location, "unescaped apostrophe (write \\' or quote the string)") }
        return String(out)
    }
}
