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
/// `size-unit="pixel"` sets `maxWidth`. `translate="no"` units are skipped.
///
/// XLIFF 2.0: `srcLang`/`trgLang` on `<xliff>`, `<unit id>` (inside `<file>` and `<group>`s), its
/// `<segment>`s and `<ignorable>`s concatenated, `<notes>` as the comment, the first segment's `state`.
///
/// A unit is translated when it has a non-empty target and its state is not `new`,
/// `needs-translation` (1.2) or `initial` (2.0); an untranslated unit's text is its source.
/// Placeholders written as elements keep their text: `<x equiv-text>`/`<ph disp>`/`<ph equiv>` attributes,
/// else the element's content.
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

    static func placeholder(_ e: XMLNode) -> String? {
        switch e.name {
        case "x", "bx", "ex": return e.attribute("equiv-text") ?? ""
        case "ph": return e.attribute("disp") ?? e.attribute("equiv") ?? e.attribute("equiv-text")
        default: return nil
        }
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
            for piece in pieces {
                guard let s = piece.first("source") else {
                    try log.report(SourceLocation(file: path, line: piece.line), "<\(piece.name)> of \"\(id)\" has no <source>")
                    broken = true
                    break
                }
                let src = s.text(inline: placeholder)
                source += src
                if let t = piece.first("target") { target += t.text(inline: placeholder); hasTarget = true } else { target += src }
                if piece.name == "segment", state == nil { state = piece.attribute("state") }
            }
            if broken { continue }
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
