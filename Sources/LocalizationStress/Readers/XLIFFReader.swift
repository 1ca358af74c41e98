import Foundation

/// Reads XLIFF 1.2 (as `xcodebuild -exportLocalizations` writes it) and XLIFF 2.0.
///
/// XLIFF 1.2: each `<file>` has `source-language` and `target-language` (the entries' locale; the source
/// language when no target language is given); each `<trans-unit>` gives the key (`id`), `<source>`,
/// `<target>` (its `state` kept) and `<note>`s (joined with newlines as the comment). Ids of the form
/// `key|==|plural.one` (String Catalog exports) give the key and the variant, with nested kinds
/// separated (`key|==|device.iphone.plural.one` → `device.iphone/plural.one`, `substitutions.n.plural.one`
/// → `substitution.n.plural.one`); stringsdict exports (`/key:dict/var:dict/one:dict/:string`) give
/// `plural.one` and their `NSStringLocalizedFormatKey` units are skipped. `maxwidth` with
/// `size-unit="pixel"` sets `maxWidth`; in another unit it is reported as not checked. `translate="no"`
/// units are skipped.
///
/// XLIFF 2.0: `srcLang`/`trgLang` on `<xliff>`, `<unit id>` (inside `<file>` and `<group>`s), its
/// `<segment>`s and `<ignorable>`s concatenated, `<notes>` as the comment, the first segment's `state`.
///
/// A unit is translated when it has a non-empty target and its state is not `new`,
/// `needs-translation` (1.2) or `initial` (2.0); an untranslated unit's text is its source.
///
/// Inline codes are measured as the text they stand for, never as the native code they carry:
/// - 1.2: `<x>`, `<bx>`, `<ex>` and `<bpt>`, `<ept>`, `<it>`, `<ph>` (whose content is native code such
///   as `&lt;b&gt;`) give their `equiv-text`, else nothing; `<g>` and `<mrk>` give their content.
/// - 2.0: `<ph>` gives its `equiv` (the spec's plain-text equivalent of the code, for processing such
///   as word counts), else the unit's `<originalData>` `<data>` its `dataRef` names (a `%1$@` there is
///   then filled with a sample like any placeholder), else `disp`, else nothing; a `dataRef` naming
///   no `<data>` is a problem. `<sc>`/`<ec>` give their `equiv`, else nothing; `<pc>` and `<mrk>` give
///   their content; `<cp hex>` is that code point; `<sm>`/`<em>` are nothing.
enum XLIFFReader {
    static func read(_ path: String, root: XMLNode, log: inout ProblemLog) throws -> FileReadResult {
        let version = root.attribute("version") ?? ""
        if version.hasPrefix("2") || root.attribute("srcLang") != nil { return try read2(path, root: root, log: &log) }
        var result = FileReadResult()
        for file in root.elements("file") {
            guard let sourceLang = file.attribute("source-language") else {
                try log.report(SourceLocation(file: path, line: file.line), "<file> without source-language")
                continue
            }
            result.sourceLanguage = result.sourceLanguage ?? sourceLang
            let locale = file.attribute("target-language") ?? sourceLang
            for unit in units12(file) {
                let here = SourceLocation(file: path, line: unit.line)
                if unit.attribute("translate") == "no" { continue }
                guard let id = unit.attribute("id") ?? unit.attribute("resname") else {
                    try log.report(here, "<trans-unit> without an id")
                    continue
                }
                guard let sourceNode = unit.first("source") else {
                    try log.report(here, "<trans-unit> \"\(id)\" has no <source>")
                    continue
                }
                guard let (key, variant) = splitID(id) else { continue }
                let source = sourceNode.text(inline: placeholder)
                let targetNode = unit.first("target")
                let target = targetNode?.text(inline: placeholder)
                let state = targetNode?.attribute("state")
                let translated = !(target ?? "").isEmpty && state != "new" && state != "needs-translation"
                var maxWidth: Double?
                if let w = unit.attribute("maxwidth") {
                    let unitName = unit.attribute("size-unit") ?? "pixel"
                    if unitName == "pixel" {
                        guard let v = Double(w), v > 0 else {
                            try log.report(here, "maxwidth \"\(w)\" of \"\(id)\" is not a positive number")
                            continue
                        }
                        maxWidth = v
                    } else {
                        // Only pixels map to the points the sweep measures in; a limit in another unit
                        // (`char`, `byte`, `point`…) is said not to be checked rather than passed over.
                        try log.report(here, "maxwidth \"\(w)\" of \"\(id)\" is in size-unit \"\(unitName)\": not checked (only pixel is)")
                    }
                }
                let notes = unit.elements("note").map { $0.text() }.filter { !$0.isEmpty }
                result.entries.append(CatalogEntry(
                    key: key, locale: locale, variant: variant, text: translated ? target! : source, sourceText: source,
                    comment: notes.isEmpty ? nil : notes.joined(separator: "\n"), isTranslated: translated || locale == sourceLang,
                    state: state, maxWidth: maxWidth, origin: here))
            }
        }
        return result
    }

    /// Trans-units of a `<file>`, inside `<body>` and any `<group>`s.
    static func units12(_ node: XMLNode) -> [XMLNode] {
        node.elements().flatMap { e -> [XMLNode] in
            e.name == "trans-unit" ? [e] : (e.name == "body" || e.name == "group" ? units12(e) : [])
        }
    }

    /// The text an XLIFF 1.2 inline element stands for, or nil to read its content (see the type's documentation).
    static func placeholder(_ e: XMLNode) -> String? {
        switch e.name {
        // <bpt>/<ept>/<it>/<ph> hold the original's native code (`<bpt>&lt;b&gt;</bpt>`): not visible text.
        case "x", "bx", "ex", "bpt", "ept", "it", "ph": return e.attribute("equiv-text") ?? ""
        default: return nil
        }
    }

    /// The text an XLIFF 2.0 inline element stands for, or nil to read its content (see the type's
    /// documentation). `data` is the unit's `<originalData>` by id; a `dataRef` not in it is added to `missing`.
    static func inline2(_ e: XMLNode, data: [String: String], missing: inout [String]) -> String? {
        switch e.name {
        case "ph":
            if let equiv = e.attribute("equiv") { return equiv }
            if let ref = e.attribute("dataRef") {
                if let text = data[ref] { return text }
                missing.append(ref)
            }
            return e.attribute("disp") ?? ""
        case "sc", "ec": return e.attribute("equiv") ?? ""
        case "sm", "em": return ""
        case "cp": return codePoint(e)
        default: return nil
        }
    }

    /// `<cp hex="00A0"/>`: the code point, or U+FFFD when `hex` is not one.
    static func codePoint(_ e: XMLNode) -> String {
        guard let hex = e.attribute("hex"), let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
            return "\u{FFFD}"
        }
        return String(Character(scalar))
    }

    /// Splits an XLIFF id into key and variant; nil for structural units to skip.
    static func splitID(_ id: String) -> (String, String)? {
        if let r = id.range(of: "|==|") {
            let key = String(id[..<r.lowerBound])
            let parts = id[r.upperBound...].split(separator: ".").map(String.init)
            var components: [String] = []
            var i = 0
            while i < parts.count {
                let kind = parts[i]
                if kind == "substitutions" || kind == "substitution", i + 3 < parts.count {
                    components.append("substitution.\(parts[i + 1]).\(parts[i + 2]).\(parts[i + 3])")
                    i += 4
                    continue
                }
                components.append(i + 1 < parts.count ? "\(kind).\(parts[i + 1])" : kind)
                i += 2
            }
            return (key, joinVariant(components))
        }
        // Stringsdict export: /key:dict/var:dict/category:dict/:string
        if id.hasPrefix("/"), id.hasSuffix(":dict/:string") {
            let segments = id.dropFirst().split(separator: "/").map(String.init)
            let names = segments.compactMap { $0.hasSuffix(":dict") ? String($0.dropLast(":dict".count)) : nil }
            guard let key = names.first else { return (id, "") }
            if names.contains("NSStringLocalizedFormatKey") { return nil }
            if names.count >= 3 {
                if names[1] == "NSStringVariableWidthRuleType" { return (key, "width.\(names[2])") }
                if names[1] == "NSStringDeviceSpecificRuleType" { return (key, "device.\(names[2])") }
                return (key, "plural.\(names.last!)")
            }
            return (key, "")
        }
        return (id, "")
    }

    static func read2(_ path: String, root: XMLNode, log: inout ProblemLog) throws -> FileReadResult {
        guard let sourceLang = root.attribute("srcLang") else {
            throw CatalogProblem(SourceLocation(file: path, line: root.line), "<xliff> without srcLang")
        }
        let locale = root.attribute("trgLang") ?? sourceLang
        var result = FileReadResult(sourceLanguage: sourceLang)
        func units(_ node: XMLNode) -> [XMLNode] {
            node.elements().flatMap { e -> [XMLNode] in
                e.name == "unit" ? [e] : (e.name == "group" || e.name == "file" ? units(e) : [])
            }
        }
        for unit in units(root) {
            let here = SourceLocation(file: path, line: unit.line)
            if unit.attribute("translate") == "no" { continue }
            guard let id = unit.attribute("id") else {
                try log.report(here, "<unit> without an id")
                continue
            }
            let pieces = unit.elements().filter { $0.name == "segment" || $0.name == "ignorable" }
            guard !pieces.isEmpty else {
                try log.report(here, "<unit> \"\(id)\" has no <segment>")
                continue
            }
            var source = "", target = "", hasTarget = false, state: String?
            var broken = false
            var data: [String: String] = [:]
            for d in unit.first("originalData")?.elements("data") ?? [] {
                if let dataID = d.attribute("id") { data[dataID] = d.text { $0.name == "cp" ? codePoint($0) : nil } }
            }
            var missing: [String] = []
            let inline = { (e: XMLNode) in inline2(e, data: data, missing: &missing) }
            for piece in pieces {
                guard let s = piece.first("source") else {
                    try log.report(SourceLocation(file: path, line: piece.line), "<\(piece.name)> of \"\(id)\" has no <source>")
                    broken = true
                    break
                }
                let src = s.text(inline: inline)
                source += src
                if let t = piece.first("target") { target += t.text(inline: inline); hasTarget = true } else { target += src }
                if piece.name == "segment", state == nil { state = piece.attribute("state") }
            }
            if broken { continue }
            for ref in Set(missing).sorted() {
                try log.report(here, "<ph dataRef=\"\(ref)\"> of \"\(id)\" names no <data> in the unit's <originalData>")
            }
            guard let (key, variant) = splitID(id) else { continue }
            let translated = hasTarget && !target.isEmpty && state != "initial"
            let notes = (unit.first("notes")?.elements("note") ?? []).map { $0.text() }.filter { !$0.isEmpty }
            result.entries.append(CatalogEntry(
                key: key, locale: locale, variant: variant, text: translated ? target : source, sourceText: source,
                comment: notes.isEmpty ? nil : notes.joined(separator: "\n"), isTranslated: translated || locale == sourceLang,
                state: state, origin: here))
        }
        return result
    }
}
