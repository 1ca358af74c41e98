import Foundation

/// Reads Android string resources (`res/values*/strings.xml` and other `<resources>` files).
///
/// - `<string name>` → key `name`; `<plurals name>` with `<item quantity>` → variant `plural.<quantity>`;
///   `<string-array name>` items → key `name[index]` (as `CatalogEntry.key` documents), no variant.
/// - `translatable="false"` (on the element or on `<resources>`) is skipped.
/// - Text as aapt2 compiles it (AOSP `tools/aapt2/ResourceParser.cpp` `ResourceParser::FlattenXmlSubtree`
///   and `ResourceUtils.cpp` `StringBuilder::AppendText`; see `flatten(_:at:log:)`): inline markup
///   (`<b>`, `<xliff:g>`) contributes its content; CDATA is text; white space is ASCII white space only
///   (space, tab, line feed, vertical tab, form feed, carriage return: C's `isspace`), so U+00A0, U+202F
///   and U+3000 are kept as written; a run of it becomes one space, except inside double quotes (which
///   are removed); escapes `\t` `\n` `\uXXXX`, and `\#` `\@` `\?` `\"` `\'` `\\` (any other escaped
///   character stands for itself; a surrogate pair written as two `\u` escapes is one character). An
///   unescaped apostrophe outside double quotes is a problem (aapt2 rejects it); the text is kept.
/// - A value that is a reference to another string, `@string/name` (the whole value, white space
///   trimmed, as aapt2 reads it; `\@string/name` and `"@string/name"` are text), is that string's text,
///   looked up as Android does at run time: in the same locale, then its parent (`fr-CA` → `fr`), then
///   `values/`; a reference that is itself a reference is followed. A key of `values/` that is such an
///   alias is, in a locale without its own, the string it refers to in that locale (translated when that
///   locale has it). A reference to a name no file defines, a cycle (its keys named), a chain of more
///   than 16 references (`ReferenceExpansion.maxNesting`, the bound on `.stringsdict` variables), or a
///   reference to anything but a string of the catalog (`@android:string/ok`, `@color/x`) is a problem
///   naming the file and line, and the key is skipped.
/// - Locale from the folder: `values` is the source language (`tools:locale` on `<resources>`, else the
///   reader's `sourceLanguage`, else `en`); `values-fr` → `fr`, `values-fr-rCA` → `fr-CA`,
///   `values-b+sr+Latn` → `sr-Latn`. A language qualifier is what aapt2 takes for one: two or three
///   letters (not `car`, the UI mode), or `b+` and a BCP 47 tag, optionally followed by a region `rXX`.
/// - A folder with any other qualifier (`values-night`, `values-land`, `values-sw600dp`, `values-v21`,
///   `values-car`, `values-fr-night`, `values-mcc310`…) is a device or configuration variant: its strings are
///   not read (they would be duplicates of the same key and locale), and `CatalogReader` reports each such
///   folder that has strings once (`FileReadResult.variantFolder`).
/// - `product="default"` or no `product` is the string; another product (`product="tablet"`), which
///   aapt2 builds only when asked for that product, is a problem (not checked) at its line.
enum AndroidReader {
    static func read(_ path: String, root: XMLNode, defaultSource: String?, log: inout ProblemLog) throws -> FileReadResult {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        let toolsLocale = root.attribute("tools:locale") ?? root.attribute("locale")
        if let qualifiers = variantQualifiers(fromFolder: folder) {
            var result = FileReadResult()
            let strings = root.attribute("translatable") == "false" ? 0 : root.elements().filter {
                ["string", "plurals", "string-array"].contains($0.name) && $0.attribute("translatable") != "false"
            }.count
            if strings > 0 {
                result.variantFolder = (URL(fileURLWithPath: path).deletingLastPathComponent().path, qualifiers, strings)
            }
            return result
        }
        let folderLocale = locale(fromFolder: folder)
        let locale = folderLocale ?? toolsLocale ?? defaultSource ?? "en"
        var result = FileReadResult(table: "android:" + URL(fileURLWithPath: path).lastPathComponent)
        result.isSourceTable = folderLocale == nil
        result.locale = locale
        if folderLocale == nil, let toolsLocale { result.sourceLanguage = toolsLocale }
        if root.attribute("translatable") == "false" {
            result.untranslatable = Set(root.elements().compactMap { $0.attribute("name") })
            return result
        }
        for element in root.elements() {
            if element.attribute("translatable") == "false" {
                if let name = element.attribute("name") { result.untranslatable.insert(name) }
                continue
            }
            let here = SourceLocation(file: path, line: element.line)
            guard ["string", "plurals", "string-array"].contains(element.name) else { continue }
            guard let name = element.attribute("name"), !name.isEmpty else {
                try log.report(here, "<\(element.name)> without a name")
                continue
            }
            if let product = element.attribute("product"), product != "default" {
                try log.report(here, "<\(element.name) name=\"\(name)\" product=\"\(product)\"> is for one product only: "
                               + "not checked (the string is the one with product=\"default\" or no product)")
                continue
            }
            switch element.name {
            case "string":
                guard let text = try value(element, key: name, variant: "", at: here, into: &result, log: &log) else { continue }
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
                    guard let text = try value(item, key: name, variant: "plural.\(q)", at: itemHere, into: &result, log: &log) else { continue }
                    result.entries.append(CatalogEntry(key: name, locale: locale, variant: "plural.\(q)", text: text, origin: itemHere))
                }
            default:
                for (index, item) in element.elements("item").enumerated() {
                    let itemHere = SourceLocation(file: path, line: item.line)
                    guard let text = try value(item, key: "\(name)[\(index)]", variant: "", at: itemHere, into: &result, log: &log) else {
                        result.skipped.append(("\(name)[\(index)]", locale))
                        continue
                    }
                    result.entries.append(CatalogEntry(key: "\(name)[\(index)]", locale: locale, text: text, origin: itemHere))
                }
            }
        }
        return result
    }

    /// The text of a value, or for a reference `@string/name` the reference itself (recorded in
    /// `result.references`, resolved later); nil, with a problem, for a reference to anything else.
    static func value(_ element: XMLNode, key: String, variant: String, at location: SourceLocation,
                      into result: inout FileReadResult, log: inout ProblemLog) throws -> String? {
        let raw = element.text()
        guard let ref = reference(raw) else { return try flatten(element, at: location, log: &log) }
        let written = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard ref.package == nil, ref.type == "string" else {
            try log.report(location, "\"\(key)\" refers to \(written), which is not a string of the catalog: not checked")
            if variant.isEmpty { result.skipped.append((key, result.locale ?? "")) }
            return nil
        }
        result.references[key + "\u{1}" + variant] = ref.name
        return written
    }

    /// The resource a value refers to when the whole value (white space trimmed) is a reference
    /// `@[*][package:]type/name`, as aapt2 reads it; nil for text.
    static func reference(_ raw: String) -> (package: String?, type: String, name: String)? {
        var s = Substring(raw.trimmingCharacters(in: .whitespacesAndNewlines))
        guard s.hasPrefix("@") else { return nil }
        s = s.dropFirst()
        if s.hasPrefix("*") { s = s.dropFirst() }
        var package: String?
        if let colon = s.firstIndex(of: ":") {
            package = String(s[..<colon])
            s = s[s.index(after: colon)...]
        }
        guard let slash = s.firstIndex(of: "/") else { return nil }
        let type = String(s[..<slash]), name = String(s[s.index(after: slash)...])
        func isName(_ t: String) -> Bool {
            !t.isEmpty && t.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".") }
        }
        guard isName(type), isName(name), package.map(isName) ?? true else { return nil }
        return (package, type, name)
    }

    /// Replaces each `@string/name` value of the Android files among `results` by the text it refers
    /// to, and gives each locale without its own copy of a `values/` alias the text the alias has there
    /// (see the type's documentation). Problems skip the entry: a name not defined, a cycle (naming its
    /// keys), or a chain of more than `ReferenceExpansion.maxNesting` (16) references, the bound
    /// `.stringsdict` variables have.
    ///
    /// - Complexity: O(n) for n entries: each name is resolved once per locale it is looked up in
    ///   (memoized, with the cycle found on the way), whatever the length of the chains.
    static func resolveReferences(_ results: inout [(path: String, result: FileReadResult)], log: inout ProblemLog) throws {
        guard results.contains(where: { !$0.result.references.isEmpty }) else { return }
        let android = results.indices.filter { results[$0].result.table?.hasPrefix("android:") == true }
        let sourceLocale = android.first { results[$0].result.isSourceTable }.flatMap { results[$0].result.locale }
        var aliases = AliasResolver(results, android: android, sourceLocale: sourceLocale)
        func isPlain(_ e: CatalogEntry) -> Bool { e.variant.isEmpty && !e.key.contains("[") }
        /// The entry's outcome in `locale`, and the names its chain starts with (for messages).
        func resolve(_ e: CatalogEntry, at index: AliasResolver.Hit, to target: String, in locale: String)
            -> (AliasResolver.Outcome, start: [String]) {
            // The path starts with the key itself when it is the string looked up, so that `a` → `b` → `a`
            // is seen at `a`.
            if isPlain(e), e.key == target { return (.cycle(AliasResolver.Cycle([e.key])), [e.key]) }
            if isPlain(e), aliases.lookup(e.key, in: locale) == index { return (aliases.outcome(of: e.key, in: locale), [e.key]) }
            return (aliases.outcome(of: target, in: locale).followed, [target])
        }
        func problem(_ key: String, _ locale: String, _ r: AliasResolver.Outcome, start: [String]) -> String? {
            let limit = ReferenceExpansion.maxNesting
            func chain(_ names: [String], more: Bool = false) -> String {
                names.map { "@string/" + $0 }.joined(separator: " → ") + (more ? " → …" : "")
            }
            switch r {
            case .text(_, let hops) where hops <= limit: return nil
            case .missing(_, let hops) where hops <= limit:
                var path = aliases.path(from: start[0], in: locale)
                if path.names.count > 1, path.names[0] == key { path.names.removeFirst() }
                return "\"\(key)\" (\(locale)) refers to \(chain(path.names)), which is not defined: not checked"
            case .cycle(let cycle):
                let path = aliases.path(from: start[0], in: locale)
                if cycle.members.contains(key) {
                    return "\"\(key)\" (\(locale)) refers to itself: \(chain(path.names, more: path.more)): not checked"
                }
                var names = path.names
                if names.count > 1, names[0] == key { names.removeFirst() }
                return "\"\(key)\" (\(locale)) refers to \(chain(names, more: path.more)), which ends in a cycle of \(cycle.count) "
                    + "string\(cycle.count == 1 ? "" : "s"): not checked"
            case .text, .missing:
                var names = aliases.path(from: start[0], in: locale).names
                if names.count > 1, names[0] == key { names.removeFirst() }
                return "\"\(key)\" (\(locale)) refers through more than \(limit) @string/ references (\(chain(Array(names.prefix(limit + 1)), more: true))), "
                    + "deeper than aliases may nest (\(limit), the bound .stringsdict variables have): not checked"
            }
        }
        var removed: [Int: Set<Int>] = [:]
        for f in android {
            for (i, e) in results[f].result.entries.enumerated() {
                guard let target = results[f].result.references[e.key + "\u{1}" + e.variant] else { continue }
                let (r, start) = resolve(e, at: AliasResolver.Hit(file: f, entry: i), to: target, in: e.locale)
                if let message = problem(e.key, e.locale, r, start: start) {
                    try log.report(e.origin, message)
                    removed[f, default: []].insert(i)
                    results[f].result.skipped.append((e.key, e.locale))
                } else if case .text(let hit, _) = r {
                    results[f].result.entries[i].text = aliases.entry(hit).text
                }
            }
        }
        // A `values/` alias in the locales of its table that do not define the key themselves.
        var added: [Int: [CatalogEntry]] = [:]
        for f in android where results[f].result.isSourceTable {
            let table = results[f].result.table
            var fileOf: [String: Int] = [:]
            var keysOf: [String: Set<String>] = [:]
            for g in android where results[g].result.table == table && !results[g].result.isSourceTable {
                guard let l = results[g].result.locale else { continue }
                if fileOf[l] == nil { fileOf[l] = g }
                keysOf[l, default: []].formUnion(results[g].result.entries.map(\.key) + results[g].result.skipped.map(\.key))
            }
            let locales = fileOf.sorted { $0.key < $1.key }
            let skipped = removed[f] ?? []
            for (i, e) in results[f].result.entries.enumerated() where !skipped.contains(i) {
                guard let target = results[f].result.references[e.key + "\u{1}" + e.variant] else { continue }
                for (l, g) in locales where !keysOf[l]!.contains(e.key) {
                    let (r, start) = resolve(e, at: AliasResolver.Hit(file: f, entry: i), to: target, in: l)
                    if let message = problem(e.key, l, r, start: start) {
                        try log.report(e.origin, message)
                        results[g].result.skipped.append((e.key, l))
                    } else if case .text(let hit, _) = r {
                        let found = aliases.entry(hit)
                        added[g, default: []].append(CatalogEntry(key: e.key, locale: l, variant: e.variant, text: found.text,
                                                                  isTranslated: l == sourceLocale || found.locale != sourceLocale,
                                                                  untranslatedReason: l == sourceLocale || found.locale != sourceLocale ? nil : "missing",
                                                                  origin: found.origin))
                    }
                }
            }
        }
        for (f, indices) in removed {
            results[f].result.entries = results[f].result.entries.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
        }
        for (g, entries) in added { results[g].result.entries += entries }
    }

    /// Resolves `@string/name` aliases as Android looks them up: the name in a locale, else its parent
    /// language, else `values/`; an alias of an alias is followed. Each (locale, name) is resolved once
    /// and remembered, so a chain of n aliases costs O(n) however many entries refer into it.
    struct AliasResolver {
        /// An entry of `results`: file and entry index.
        struct Hit: Hashable {
            var file: Int
            var entry: Int
        }

        /// Names that refer to each other in a ring, in the order the references go.
        struct Cycle {
            var members: Set<String>
            var count: Int

            init(_ names: [String]) {
                members = Set(names)
                count = names.count
            }
        }

        /// Where a name's chain of references ends: at a text after `hops` references, at a name no
        /// file defines after `hops` references, or in a cycle.
        enum Outcome {
            case text(Hit, hops: Int)
            case missing(String, hops: Int)
            case cycle(Cycle)

            /// The outcome one reference further back.
            var followed: Outcome {
                switch self {
                case .text(let hit, let hops): .text(hit, hops: hops + 1)
                case .missing(let name, let hops): .missing(name, hops: hops + 1)
                case .cycle: self
                }
            }
        }

        let results: [(path: String, result: FileReadResult)]
        let sourceLocale: String?
        /// The plain strings of every Android file (an alias may name a string of another file), by
        /// locale and name; the first file's wins.
        var strings: [String: [String: Hit]] = [:]
        var fallbacks: [String: [String]] = [:]
        var outcomes: [String: [String: Outcome]] = [:]

        init(_ results: [(path: String, result: FileReadResult)], android: [Int], sourceLocale: String?) {
            self.results = results
            self.sourceLocale = sourceLocale
            for f in android {
                for (i, e) in results[f].result.entries.enumerated() where e.variant.isEmpty && !e.key.contains("[") {
                    if strings[e.locale]?[e.key] == nil { strings[e.locale, default: [:]][e.key] = Hit(file: f, entry: i) }
                }
            }
        }

        func entry(_ hit: Hit) -> CatalogEntry { results[hit.file].result.entries[hit.entry] }

        /// `locale`, its parent languages, then the source locale.
        mutating func fallback(_ locale: String) -> [String] {
            if let known = fallbacks[locale] { return known }
            var out = [locale]
            var parts = locale.split(separator: "-")
            while parts.count > 1 { parts.removeLast(); out.append(parts.joined(separator: "-")) }
            if let sourceLocale, !out.contains(sourceLocale) { out.append(sourceLocale) }
            fallbacks[locale] = out
            return out
        }

        /// The string `name` is in `locale`, as Android looks it up.
        mutating func lookup(_ name: String, in locale: String) -> Hit? {
            for l in fallback(locale) { if let hit = strings[l]?[name] { return hit } }
            return nil
        }

        /// The name the string `hit` refers to, when it is an alias.
        func reference(of hit: Hit) -> String? { results[hit.file].result.references[entry(hit).key + "\u{1}"] }

        /// Where `name`'s chain ends in `locale`: followed once, and remembered for every name on the way.
        mutating func outcome(of name: String, in locale: String) -> Outcome {
            if let known = outcomes[locale]?[name] { return known }
            var stack: [String] = []
            var onStack: [String: Int] = [:]
            var current = name
            var end: Outcome
            while true {
                if let known = outcomes[locale]?[current] { end = known; break }
                if let at = onStack[current] {
                    let cycle = Outcome.cycle(Cycle(Array(stack[at...])))
                    for member in stack[at...] { outcomes[locale, default: [:]][member] = cycle }
                    stack.removeSubrange(at...)
                    end = cycle
                    break
                }
                guard let hit = lookup(current, in: locale) else {
                    end = .missing(current, hops: 0)
                    break
                }
                guard let next = reference(of: hit) else {
                    end = .text(hit, hops: 0)
                    outcomes[locale, default: [:]][current] = end
                    break
                }
                onStack[current] = stack.count
                stack.append(current)
                current = next
            }
            for n in stack.reversed() {
                end = end.followed
                outcomes[locale, default: [:]][n] = end
            }
            return outcomes[locale]?[name] ?? end
        }

        /// The names from `name` on, following references until a text, a name not defined, a name seen
        /// before (a cycle, named twice) or `ReferenceExpansion.maxNesting` + 2 names (`more`: it goes on).
        mutating func path(from name: String, in locale: String) -> (names: [String], more: Bool) {
            var names = [name]
            var seen: Set = [name]
            var current = name
            while let hit = lookup(current, in: locale), let next = reference(of: hit) {
                if names.count > ReferenceExpansion.maxNesting + 1 { return (names, true) }
                names.append(next)
                guard seen.insert(next).inserted else { break }
                current = next
            }
            return (names, false)
        }
    }

    /// The locale of a `values-…` folder, or nil for the default (source) folder and for device or
    /// configuration variants (see `variantQualifiers(fromFolder:)`).
    static func locale(fromFolder folder: String) -> String? {
        guard folder.hasPrefix("values-"), variantQualifiers(fromFolder: folder) == nil else { return nil }
        let qualifiers = folder.split(separator: "-").dropFirst().map(String.init)
        let first = qualifiers[0]
        if first.hasPrefix("b+") {
            return first.dropFirst(2).split(separator: "+").joined(separator: "-")
        }
        return qualifiers.count > 1 ? first + "-" + qualifiers[1].dropFirst() : first
    }

    /// The qualifiers of a device or configuration variant folder, nil for `values` and a folder of
    /// language qualifiers only (`values-fr`, `values-fr-rCA`, `values-b+sr+Latn`): any qualifier but a
    /// first language (aapt2's: two or three lowercase letters other than `car`, or `b+` and a tag) and
    /// a region after it (`rCA`, `r419`) makes the folder a variant (`values-night`, `values-car`,
    /// `values-mcc310-de`, `values-fr-land`). A folder not named `values…` (a file read on its own) is
    /// not a variant.
    static func variantQualifiers(fromFolder folder: String) -> String? {
        guard folder.hasPrefix("values-") else { return nil }
        let qualifiers = folder.split(separator: "-", omittingEmptySubsequences: false).dropFirst().map(String.init)
        var languageParts = 0
        if let first = qualifiers.first {
            if first.hasPrefix("b+"), first.count > 2 {
                languageParts = 1
            } else if (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }), first != "car" {
                languageParts = 1
            }
        }
        if languageParts == 1, !qualifiers[0].hasPrefix("b+"), qualifiers.count > 1 {
            let r = qualifiers[1]
            let region = r.dropFirst()
            if r.hasPrefix("r"), (region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter })
                || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber }) {
                languageParts = 2
            }
        }
        let rest = qualifiers.dropFirst(languageParts)
        return rest.isEmpty ? nil : rest.joined(separator: "-")
    }

    /// The value of four hex digits at `index` (moved past them), or nil (`index` moved past the hex
    /// digits there are).
    static func hex4(_ s: [Unicode.Scalar], at index: inout Int) -> UInt32? {
        var hex = ""
        while hex.count < 4, index < s.count, s[index].properties.isASCIIHexDigit { hex.unicodeScalars.append(s[index]); index += 1 }
        return hex.count == 4 ? UInt32(hex, radix: 16) : nil
    }

    /// White space as aapt2 knows it: C's `isspace` in the C locale, on code points up to U+007F
    /// (`StringBuilder::AppendText`) and on bytes (`util::TrimLeadingWhitespace`), so ASCII only.
    static func isASCIISpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || ("\u{09}"..."\u{0D}").contains(c)
    }

    /// The text aapt2 compiles from a `<string>` or `<item>` element (AOSP `tools/aapt2`,
    /// `ResourceParser::FlattenXmlSubtree` and `ResourceUtils::StringBuilder`):
    ///
    /// - The element's text is cut into segments at every child element's start and end. An element
    ///   without a namespace prefix (`<b>`, `<a href>`) is a span; `<xliff:g>` and other prefixed
    ///   elements only contribute their content.
    /// - With no span, the first segment loses its leading and the last its trailing white space,
    ///   as written (before escapes, so `\u0020` and a quoted space stay). With a span nothing is trimmed.
    /// - Each segment then goes through `AppendText`: outside double quotes, a run of white space
    ///   (`isASCIISpace`) is one space; `"` opens or closes a quoted run, where white space is kept; a
    ///   backslash escapes the next character (`\t` `\n` `\uXXXX`; any other character is itself,
    ///   `\'` `\"` `\\` `\@` `\?` `\#` included; a backslash ending a segment is dropped). The start and
    ///   end of a span end a quoted run and a run of white space.
    static func flatten(_ element: XMLNode, at location: SourceLocation, log: inout ProblemLog) throws -> String {
        enum Token { case text(String), spanEdge }
        var tokens: [Token] = []
        var sawSpan = false
        func collect(_ node: XMLNode) {
            for child in node.children {
                switch child {
                case .text(let t): if !t.isEmpty { tokens.append(.text(t)) }
                case .element(let e):
                    let span = !e.qualifiedName.contains(":")
                    if span { sawSpan = true; tokens.append(.spanEdge) }
                    collect(e)
                    if span { tokens.append(.spanEdge) }
                }
            }
        }
        collect(element)
        if !sawSpan {
            if let first = tokens.firstIndex(where: { if case .text = $0 { true } else { false } }), case .text(let t) = tokens[first] {
                tokens[first] = .text(String(String.UnicodeScalarView(t.unicodeScalars.drop(while: isASCIISpace))))
            }
            if let last = tokens.lastIndex(where: { if case .text = $0 { true } else { false } }), case .text(let t) = tokens[last] {
                var scalars = Array(t.unicodeScalars)
                while let end = scalars.last, isASCIISpace(end) { scalars.removeLast() }
                tokens[last] = .text(String(String.UnicodeScalarView(scalars)))
            }
        }
        var out = String.UnicodeScalarView()
        var quoted = false, lastWasSpace = false, apostrophe = false
        for token in tokens {
            guard case .text(let text) = token else {
                quoted = false
                lastWasSpace = false
                continue
            }
            let s = Array(text.unicodeScalars)
            var i = 0
            while i < s.count {
                let c = s[i]
                i += 1
                if !quoted, isASCIISpace(c) {
                    if !lastWasSpace { out.append(" ") }
                    lastWasSpace = true
                    continue
                }
                lastWasSpace = false
                if c == "\\" {
                    guard i < s.count else { break }
                    let e = s[i]
                    i += 1
                    switch e {
                    case "t": out.append("\t")
                    case "n": out.append("\n")
                    case "u":
                        // Four hex digits, or fewer when the segment ends after them (aapt2's
                        // `AppendUnicodeEscapeSequence` reads up to four while there are characters).
                        let start = i
                        let digits = hex4(s, at: &i)
                            ?? (i == s.count && i > start ? UInt32(String(String.UnicodeScalarView(s[start..<i])), radix: 16) : nil)
                        guard let v = digits else {
                            try log.report(location, "\\u needs four hex digits")
                            break
                        }
                        if let scalar = Unicode.Scalar(v) { out.append(scalar); break }
                        // A character past U+FFFF is written as its UTF-16 surrogates, `\uD83D\uDE00` (as Java
                        // source takes it): join the pair. Half a pair is reported and shown as U+FFFD.
                        var j = i + 2
                        if (0xD800...0xDBFF).contains(v), i + 1 < s.count, s[i] == "\\", s[i + 1] == "u",
                           let low = hex4(s, at: &j), (0xDC00...0xDFFF).contains(low),
                           let scalar = Unicode.Scalar(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)) {
                            i = j
                            out.append(scalar)
                        } else {
                            try log.report(location, "\\u\(String(v, radix: 16, uppercase: true)) is half of a UTF-16 surrogate pair, without its other half")
                            out.append("\u{FFFD}")
                        }
                    default: out.append(e)  // \# \@ \? \" \' \\ and any other character stand for themselves
                    }
                } else if c == "\"" {
                    quoted.toggle()
                } else {
                    if c == "'", !quoted { apostrophe = true }
                    out.append(c)
                }
            }
        }
        if apostrophe { try log.report(location, "unescaped apostrophe (write \\' or quote the string)") }
        return String(out)
    }
}
