import Foundation

/// Reads XLIFF 1.2 (as `xcodebuild -exportLocalizations` writes it) and XLIFF 2.0.
///
/// XLIFF 1.2: each `<file>` has `source-language` and `target-language` (the entries' locale; the source
/// language when no target language is given); each `<trans-unit>` gives the key (`id`), `<source>`,
/// `<target>` (its `state` kept) and `<note>`s (joined with newlines as the comment). Ids of the form
/// `key|==|plural.one` (String Catalog exports) give the key and the variant, with nested kinds
/// separated (`key|==|device.iphone.plural.one` → `device.iphone/plural.one`). `maxwidth` with
/// `size-unit="pixel"` sets `maxWidth`; in another unit it is reported as not checked. `translate="no"`
/// units are skipped.
///
/// Plural variables and substitutions, which an export writes as units of their own, are put back
/// together and expanded by the reader of the format they were exported from, so that the entries
/// (variants, texts) are those that reader gives for the same strings (see `assemble`):
/// - `.stringsdict` exports (`/key:dict/NSStringLocalizedFormatKey:dict/:string`,
///   `/key:dict/files:dict/one:dict/:string`, `/key:dict/NSStringVariableWidthRuleType:dict/20:dict/:string`)
///   are rebuilt into the key's `<dict>` and expanded by `StringsDictReader` (`plural.one`, or
///   `substitution.files.plural.one/substitution.folders.plural.other` for several variables; `width.20`; `device.ipad`).
/// - String Catalog exports (`key` whose text has `%2$#@photos@`, and `key|==|substitutions.photos.plural.one`)
///   are expanded by `XCStringsReader` (`substitution.photos.plural.one`, after any `device.…/`).
/// A combined entry is translated when every unit it is made of is; its state is that of the first
/// untranslated unit, else the main unit's; its `maxWidth` the smallest of its units'; its notes those of
/// its units; its line that of its last unit. A reference to a variable or substitution without units,
/// units whose format unit is missing, and units no text refers to are problems naming the unit id;
/// the first two skip the string.
///
/// XLIFF 2.0: `srcLang`/`trgLang` on `<xliff>`, `<unit id>` (inside `<file>` and `<group>`s), its
/// `<segment>`s and `<ignorable>`s concatenated, `<notes>` as the comment, the first segment's `state`.
///
/// A unit is translated when it has a non-empty target and its state is not `new`,
/// `needs-translation` (1.2) or `initial` (2.0); an untranslated unit's text is its source, its
/// `untranslatedReason` `empty` (no target, or an empty one) or `state`.
///
/// The source language: a `<file>` (1.2) or document (2.0) with a target language also gives its
/// units' `<source>` texts as entries of the source language, expanded as the targets are
/// (`FileReadResult.sourceEntries`, see `Catalog.sourceEntries`), checked only when asked for.
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
            var pieces: [Piece] = []
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
                let source = sourceNode.text(inline: placeholder)
                let targetNode = unit.first("target")
                let target = targetNode?.text(inline: placeholder)
                let state = targetNode?.attribute("state")
                let translated = !(target ?? "").isEmpty && state != "new" && state != "needs-translation"
                let reason: String? = translated ? nil : ((target ?? "").isEmpty ? "empty" : "state")
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
                pieces.append(Piece(id: id, source: source, text: translated ? target! : source, translated: translated,
                                    state: state, comment: notes.isEmpty ? nil : notes.joined(separator: "\n"),
                                    maxWidth: maxWidth, reason: reason, origin: here))
            }
            result.entries += try assemble(pieces, file: path, locale: locale, sourceLanguage: sourceLang, log: &log)
            if locale != sourceLang { result.sourceEntries += sourceSide(pieces, file: path, sourceLanguage: sourceLang) }
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

    /// Splits a String Catalog export id into key and variant (`key|==|device.iphone.plural.one` →
    /// `device.iphone/plural.one`; `key|==|substitutions.n.plural.one` → `substitution.n.plural.one`, the
    /// substitution's nested kinds joined with `.` as `XCStringsReader` names them); any other id is a key.
    static func splitID(_ id: String) -> (String, String) {
        guard let r = id.range(of: "|==|") else { return (id, "") }
        let key = String(id[..<r.lowerBound])
        let parts = id[r.upperBound...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var components: [String] = []
        var i = 0
        while i < parts.count {
            let kind = parts[i]
            if kind == "substitutions" || kind == "substitution", i + 2 < parts.count {
                components.append((["substitution"] + parts[(i + 1)...]).joined(separator: "."))
                break
            }
            components.append(i + 1 < parts.count ? "\(kind).\(parts[i + 1])" : kind)
            i += 2
        }
        return (key, joinVariant(components))
    }

    /// A `.stringsdict` export id, `/key:dict/var:dict/one:dict/:string`: the key and the path of the
    /// value inside the key's `<dict>` (`["var", "one"]`); nil for any other id.
    static func dictPath(_ id: String) -> (key: String, path: [String])? {
        guard id.hasPrefix("/"), id.hasSuffix(":dict/:string") else { return nil }
        let names = id.dropFirst().dropLast(":dict/:string".count).components(separatedBy: ":dict/")
        return (names[0], Array(names.dropFirst()))
    }

    /// One unit as read, before an export's pieces are put back together.
    struct Piece {
        var id: String
        var source: String
        /// The text measured: the target when translated, else the source.
        var text: String
        var translated: Bool
        var state: String?
        var comment: String?
        var maxWidth: Double?
        /// Why the unit is not translated (`CatalogEntry.untranslatedReason`), nil when it is.
        var reason: String?
        var origin: SourceLocation
    }

    /// The source-language entries of a `<file>`'s units: their `<source>` texts, assembled and
    /// expanded as the targets are (problems were reported by the targets' pass, so not again).
    static func sourceSide(_ pieces: [Piece], file: String, sourceLanguage: String) -> [CatalogEntry] {
        let sources = pieces.map { p in
            Piece(id: p.id, source: p.source, text: p.source, translated: true, state: nil, comment: p.comment,
                  maxWidth: p.maxWidth, origin: p.origin)
        }
        var scratch = ProblemLog(strict: false)
        return (try? assemble(sources, file: file, locale: sourceLanguage, sourceLanguage: sourceLanguage, log: &scratch)) ?? []
    }

    /// The entries of one `<file>`'s units, in their order: plain units as they are, the pieces of a
    /// `.stringsdict` key or of a String Catalog string with substitutions put back together and expanded
    /// (at the place of their first unit); see the type's documentation.
    static func assemble(_ pieces: [Piece], file: String, locale: String, sourceLanguage: String,
                         log: inout ProblemLog) throws -> [CatalogEntry] {
        var dictPieces: [String: [(path: [String], piece: Piece)]] = [:]
        var mains: [String: [(variant: String, piece: Piece)]] = [:]
        var subs: [String: [(variant: String, piece: Piece)]] = [:]
        for p in pieces {
            if let (key, path) = dictPath(p.id) {
                dictPieces[key, default: []].append((path, p))
            } else {
                let (key, variant) = splitID(p.id)
                if variant.hasPrefix("substitution.") { subs[key, default: []].append((variant, p)) }
                else { mains[key, default: []].append((variant, p)) }
            }
        }
        // Keys whose units are put back together: those with substitution units, or whose text refers to one.
        var substituted = Set(subs.keys)
        for (key, units) in mains where units.contains(where: { !XCStringsReader.substitutionReferences(in: $0.piece.text).isEmpty }) {
            substituted.insert(key)
        }
        var entries: [CatalogEntry] = []
        var done = Set<String>()
        for p in pieces {
            if let (key, _) = dictPath(p.id) {
                if done.insert("dict\u{1}" + key).inserted {
                    entries += try assembleDict(key, dictPieces[key]!, file: file, locale: locale,
                                                sourceLanguage: sourceLanguage, log: &log)
                }
                continue
            }
            let (key, variant) = splitID(p.id)
            if !substituted.contains(key) {
                entries.append(CatalogEntry(
                    key: key, locale: locale, variant: variant, text: p.text, sourceText: p.source, comment: p.comment,
                    isTranslated: p.translated || locale == sourceLanguage, state: p.state, maxWidth: p.maxWidth,
                    untranslatedReason: p.translated || locale == sourceLanguage ? nil : p.reason, origin: p.origin))
            } else if done.insert("subs\u{1}" + key).inserted {
                entries += try assembleSubstitutions(key, mains: mains[key] ?? [], subs: subs[key] ?? [], file: file, locale: locale,
                                                     sourceLanguage: sourceLanguage, log: &log)
            }
        }
        return entries
    }

    /// The entry of one text made of `used` pieces (the main or format unit first).
    static func combined(_ key: String, variant: String, text: String, sourceText: String?, used: [Piece],
                         locale: String, sourceLanguage: String) -> CatalogEntry {
        var comments: [String] = []
        for c in used.compactMap(\.comment) where !comments.contains(c) { comments.append(c) }
        let untranslated = used.first { !$0.translated }
        return CatalogEntry(
            key: key, locale: locale, variant: variant, text: text, sourceText: sourceText,
            comment: comments.isEmpty ? nil : comments.joined(separator: "\n"),
            isTranslated: untranslated == nil || locale == sourceLanguage, state: (untranslated ?? used[0]).state,
            maxWidth: used.compactMap(\.maxWidth).min(),
            untranslatedReason: untranslated == nil || locale == sourceLanguage ? nil : untranslated?.reason, origin: used.last!.origin)
    }

    /// A `.stringsdict` key exported as units: its `<dict>` rebuilt from their ids and expanded by
    /// `StringsDictReader`, once with the measured texts and once with the sources (for `sourceText`).
    static func assembleDict(_ key: String, _ pieces: [(path: [String], piece: Piece)], file: String, locale: String,
                             sourceLanguage: String, log: inout ProblemLog) throws -> [CatalogEntry] {
        let rules = ["NSStringVariableWidthRuleType", "NSStringDeviceSpecificRuleType"]
        let formatKey = "NSStringLocalizedFormatKey"
        var dict = DictBuilder(line: pieces[0].piece.origin.line)
        var byPath: [[String]: Piece] = [:]
        for (path, p) in pieces {
            guard !path.isEmpty else {
                try log.report(p.origin, "trans-unit \"\(p.id)\" names no value inside \"\(key)\": not checked")
                continue
            }
            guard dict.insert(text: p.text, source: p.source, line: p.origin.line, at: path) else {
                try log.report(p.origin, "trans-unit \"\(p.id)\" repeats or conflicts with an earlier unit of \"\(key)\": not checked")
                continue
            }
            byPath[path] = p
        }
        let target = dict.plist(source: false), source = dict.plist(source: true)
        let kept = pieces.filter { byPath[$0.path]?.id == $0.piece.id && byPath[$0.path]?.origin == $0.piece.origin }
        guard !kept.isEmpty else { return [] }
        if byPath[[formatKey]] == nil, !kept.contains(where: { rules.contains($0.path[0]) }) {
            for (_, p) in kept {
                try log.report(p.origin, "trans-unit \"\(p.id)\" is part of \"\(key)\", whose format unit "
                               + "\"/\(key):dict/\(formatKey):dict/:string\" is not in this <file>: not checked")
            }
            return []
        }
        // A reference to a variable that has no units would be measured as an unresolved placeholder.
        let variables = Set(kept.map(\.path[0])).subtracting([formatKey] + rules)
        var broken = false
        for (_, p) in kept {
            for ref in XCStringsReader.substitutionReferences(in: p.text) where !variables.contains(ref.name) {
                try log.report(p.origin, "trans-unit \"\(p.id)\" refers to variable '\(ref.name)', which has no units "
                               + "(\"/\(key):dict/\(ref.name):dict/<category>:dict/:string\") in this <file>: \"\(key)\" not checked")
                broken = true
            }
        }
        if broken { return [] }
        let expansions = try StringsDictReader.expansions(key, target, file: file, log: &log)
        guard !expansions.isEmpty else { return [] }
        var scratch = ProblemLog(strict: false)
        let sources = SourceTexts(((try? StringsDictReader.expansions(key, source, file: file, log: &scratch)) ?? [])
            .map { (variant: $0.variant, text: $0.text) })
        var usedPaths = Set<[String]>()
        var entries: [CatalogEntry] = []
        for e in expansions {
            usedPaths.formUnion(e.sources)
            entries.append(combined(key, variant: e.variant, text: e.text, sourceText: sources.text(for: e.variant),
                                    used: e.sources.compactMap { byPath[$0] }, locale: locale, sourceLanguage: sourceLanguage))
        }
        for (path, p) in kept where !usedPaths.contains(path) {
            try log.report(p.origin, "trans-unit \"\(p.id)\" is in no text of \"\(key)\" (nothing refers to it): not checked")
        }
        return entries
    }

    /// A `.stringsdict` key's `<dict>` rebuilt from its units' paths, holding each unit's measured text
    /// and its source side by side (one tree for both: they have the same paths). Dicts along a path are
    /// made as needed, with the line of the unit that made them.
    /// - Complexity: O(path length) per unit (each dict indexes its keys): adding units by copying the
    ///   tree's items, as this once did, was O(n²) for a key of n units.
    struct DictBuilder {
        enum Child {
            case string(text: String, source: String, line: Int?)
            case dict(Int)
        }

        struct Dict {
            var line: Int?
            /// Keys in the order they were added, and what each holds.
            var keys: [String] = []
            var children: [String: Child] = [:]
        }

        /// `dicts[0]` is the key's own `<dict>`.
        var dicts: [Dict]

        init(line: Int?) { dicts = [Dict(line: line)] }

        /// Adds a unit's texts at `path`; false (nothing added) when the path is taken or passes
        /// through a string.
        mutating func insert(text: String, source: String, line: Int?, at path: [String]) -> Bool {
            var d = 0
            for (i, name) in path.enumerated() {
                let last = i == path.count - 1
                switch dicts[d].children[name] {
                case nil:
                    dicts[d].keys.append(name)
                    if last {
                        dicts[d].children[name] = .string(text: text, source: source, line: line)
                        return true
                    }
                    dicts.append(Dict(line: line))
                    dicts[d].children[name] = .dict(dicts.count - 1)
                    d = dicts.count - 1
                case .dict(let child) where !last:
                    d = child
                default:
                    return false
                }
            }
            return false
        }

        /// The tree with the measured texts, or with the sources.
        func plist(source: Bool, _ d: Int = 0) -> StringsDictReader.Plist {
            .dict(dicts[d].keys.map { name in
                switch dicts[d].children[name]! {
                case .string(let text, let sourceText, let line): (name, .string(source ? sourceText : text, line: line))
                case .dict(let child): (name, plist(source: source, child))
                }
            }, line: dicts[d].line)
        }
    }

    /// A String Catalog string exported as units (`key`, `key|==|device.iphone`, …, and
    /// `key|==|substitutions.name.plural.one`): its substitutions expanded by `XCStringsReader`, once with
    /// the measured texts and once with the sources (for `sourceText`).
    static func assembleSubstitutions(_ key: String, mains: [(variant: String, piece: Piece)],
                                      subs: [(variant: String, piece: Piece)], file: String, locale: String,
                                      sourceLanguage: String, log: inout ProblemLog) throws -> [CatalogEntry] {
        func name(_ variant: String) -> String {
            String(variant.dropFirst("substitution.".count).prefix { $0 != "." })
        }
        guard !mains.isEmpty else {
            for (variant, p) in subs {
                try log.report(p.origin, "trans-unit \"\(p.id)\" is substitution '\(name(variant))' of \"\(key)\", "
                               + "whose own unit \"\(key)\" is not in this <file>: not checked")
            }
            return []
        }
        // Cases in the String Catalog reader's order (plural categories, then devices, then by name).
        let canonical = pluralCategories + deviceNames
        func rank(_ variant: String) -> Int { canonical.firstIndex(of: String(variant.split(separator: ".").last ?? "")) ?? Int.max }
        let ordered = subs.enumerated().sorted { a, b in
            let (ra, rb) = (rank(a.element.variant), rank(b.element.variant))
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
        var walker = XCStringsReader.Walker(file: file, source: sourceLanguage)
        var table: [String: [XCStringsReader.Unit]] = [:], sourceTable = table
        var byVariant: [String: Piece] = [:]
        for (variant, p) in ordered {
            guard byVariant[variant] == nil else {
                try log.report(p.origin, "trans-unit \"\(p.id)\" repeats an earlier unit of \"\(key)\": not checked")
                continue
            }
            byVariant[variant] = p
            walker.lines[p.id] = p.origin.line
            table[name(variant), default: []].append(XCStringsReader.Unit(variant: variant, text: p.text, path: p.id))
            sourceTable[name(variant), default: []].append(XCStringsReader.Unit(variant: variant, text: p.source, path: p.id))
        }
        var units: [XCStringsReader.Unit] = [], sourceUnits = units
        var mainByID: [String: Piece] = [:]
        var referenced = Set<String>()
        for (variant, p) in mains {
            let refs = XCStringsReader.substitutionReferences(in: p.text)
            referenced.formUnion(refs.map(\.name))
            let missing = refs.filter { table[$0.name] == nil }
            for ref in missing {
                try log.report(p.origin, "trans-unit \"\(p.id)\" refers to substitution '\(ref.name)', which has no units "
                               + "(\"\(key)|==|substitutions.\(ref.name).plural.<category>\") in this <file>: not checked")
            }
            guard missing.isEmpty, mainByID[p.id] == nil else { continue }
            mainByID[p.id] = p
            walker.lines[p.id] = p.origin.line
            units.append(XCStringsReader.Unit(variant: variant, text: p.text, path: p.id))
            sourceUnits.append(XCStringsReader.Unit(variant: variant, text: p.source, path: p.id))
        }
        for (variant, p) in ordered where byVariant[variant]?.id == p.id && !referenced.contains(name(variant)) {
            try log.report(p.origin, "trans-unit \"\(p.id)\" is substitution '\(name(variant))', which no text of "
                           + "\"\(key)\" refers to: not checked")
        }
        let expanded = try walker.checkReferences(units, subs: table, path: "", log: &log)
        var scratch = ProblemLog(strict: false)
        let sources = SourceTexts(((try? walker.checkReferences(sourceUnits, subs: sourceTable, path: "", log: &scratch)) ?? [])
            .map { (variant: $0.variant, text: $0.text) })
        return expanded.map { u in
            let used = [mainByID[u.path]!] + u.variant.split(separator: "/").compactMap { byVariant[String($0)] }
            return combined(key, variant: u.variant, text: u.text, sourceText: sources.text(for: u.variant),
                            used: used, locale: locale, sourceLanguage: sourceLanguage)
        }
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
        var read: [Piece] = []
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
            let translated = hasTarget && !target.isEmpty && state != "initial"
            let reason: String? = translated ? nil : (!hasTarget || target.isEmpty ? "empty" : "state")
            let notes = (unit.first("notes")?.elements("note") ?? []).map { $0.text() }.filter { !$0.isEmpty }
            read.append(Piece(id: id, source: source, text: translated ? target : source, translated: translated,
                                state: state, comment: notes.isEmpty ? nil : notes.joined(separator: "\n"), reason: reason, origin: here))
        }
        result.entries = try assemble(read, file: path, locale: locale, sourceLanguage: sourceLang, log: &log)
        if locale != sourceLang { result.sourceEntries = sourceSide(read, file: path, sourceLanguage: sourceLang) }
        return result
    }
}
