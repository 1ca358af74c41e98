import Foundation

/// Reads `.stringsdict` property lists (XML, read with lines; binary, see `Plist.binary`).
///
/// - `NSStringLocalizedFormatKey` with `%#@var@` references: each variable of type
///   `NSStringPluralRuleType` contributes its categories (zero/one/two/few/many/other); a category's
///   text may refer to further variables. The texts are the format with every reference replaced
///   (cartesian product over variables). Variant: `plural.one` when the format uses one variable,
///   else `substitution.<var>.plural.<category>` per variable, joined with `/`. A variable reached
///   again through its own texts is a problem, and so is a key past a bound of `ReferenceExpansion`
///   (nesting, texts, bytes); such a key is skipped.
/// - `NSStringVariableWidthRuleType` → one entry per width, variant `width.N` (see `widthVariant(for:among:)`).
/// - `NSStringDeviceSpecificRuleType` → variant `device.<name>`.
/// - The locale is the enclosing `xx.lproj` folder's (as for `.strings`).
enum StringsDictReader {
    /// A property-list value with the line it starts on (nil for binary plists).
    indirect enum Plist {
        case string(String, line: Int?)
        case dict([(key: String, value: Plist)], line: Int?)
        case other(line: Int?)

        var line: Int? {
            switch self {
            case .string(_, let l), .dict(_, let l), .other(let l): return l
            }
        }

        func value(_ key: String) -> Plist? {
            if case .dict(let items, _) = self { return items.first { $0.key == key }?.value }
            return nil
        }
    }

    static func read(_ path: String, log: inout ProblemLog) throws -> FileReadResult {
        let data = try TextDecoding.readData(path)
        let root: Plist
        if data.starts(with: Array("bplist".utf8)) {
            root = try Plist.binary(data, file: path)
        } else {
            let xml = try XMLTree.parse(data, file: path)
            guard xml.name == "plist", let top = xml.elements().first else {
                throw CatalogProblem(SourceLocation(file: path, line: xml.line), "not a property list (root <\(xml.name)>)")
            }
            root = try plist(top, file: path)
        }
        guard case .dict(let keys, _) = root else {
            throw CatalogProblem(SourceLocation(file: path, line: root.line), "the top level of a stringsdict is a <dict>")
        }
        let locale = StringsReader.lprojLocale(path)
        var result = FileReadResult(table: "apple:" + StringsReader.tableName(path))
        for (key, body) in keys {
            let here = SourceLocation(file: path, line: body.line)
            guard case .dict = body else {
                try log.report(here, "\"\(key)\" is not a <dict>")
                result.skipped.append((key, locale))
                continue
            }
            let problems = log.problems.count
            let variants = try expandKey(key, body, file: path, log: &log)
            // A key with a problem that left it no text at all was skipped, not left untranslated.
            if variants.isEmpty, log.problems.count > problems { result.skipped.append((key, locale)) }
            // The argument each variable's plural is chosen by: where its reference stands in the format.
            var arguments: [String: Int] = [:]
            if case .string(let format, _)? = body.value("NSStringLocalizedFormatKey") {
                arguments = FormatScanner.variableArguments(of: format)
                if arguments.count == 1 { arguments[""] = arguments.values.first }  // one variable: `plural.…` parts
            }
            for (variant, text, line) in variants {
                var entry = CatalogEntry(key: key, locale: locale, variant: variant, text: text, origin: SourceLocation(file: path, line: line))
                entry.pluralArguments = arguments
                result.entries.append(entry)
            }
        }
        return result
    }

    /// The variants of one key.
    static func expandKey(_ key: String, _ body: Plist, file: String, log: inout ProblemLog) throws -> [(String, String, Int?)] {
        try expansions(key, body, file: file, log: &log).map { ($0.variant, $0.text, $0.line) }
    }

    /// One text of a key: its variant, text, the line of the last value it was made from, and the
    /// values it was made from, as paths into the key's `<dict>` (`["NSStringLocalizedFormatKey"]`,
    /// `["files", "one"]`, `["NSStringVariableWidthRuleType", "20"]`), so that a reader that assembled
    /// the dict from pieces (an XLIFF export) can tell which pieces each text used.
    struct Expansion {
        var variant: String
        var text: String
        var line: Int?
        var sources: [[String]]
    }

    /// The variants of one key, with the values each was made from (see `Expansion`).
    static func expansions(_ key: String, _ body: Plist, file: String, log: inout ProblemLog) throws -> [Expansion] {
        for (rule, prefix) in [("NSStringVariableWidthRuleType", "width"), ("NSStringDeviceSpecificRuleType", "device")] {
            guard let table = body.value(rule) else { continue }
            guard case .dict(let cases, _) = table else {
                try log.report(SourceLocation(file: file, line: table.line), "\(rule) of \"\(key)\" is not a <dict>")
                return []
            }
            var out: [Expansion] = []
            let ordered = prefix == "width"
                ? cases.sorted { (Int($0.key) ?? .max) < (Int($1.key) ?? .max) }
                : canonicalOrder(cases.map(\.key), deviceNames).compactMap { k in cases.first { $0.key == k } }
            for (name, value) in ordered {
                if prefix == "width", Int(name) == nil {
                    try log.report(SourceLocation(file: file, line: value.line), "width \"\(name)\" of \"\(key)\" is not a number")
                    continue
                }
                guard case .string(let s, let line) = value else {
                    try log.report(SourceLocation(file: file, line: value.line), "\(prefix) \"\(name)\" of \"\(key)\" is not a <string>")
                    continue
                }
                out.append(Expansion(variant: "\(prefix).\(name)", text: s, line: line, sources: [[rule, name]]))
            }
            return out
        }
        guard let formatValue = body.value("NSStringLocalizedFormatKey") else {
            try log.report(SourceLocation(file: file, line: body.line), "\"\(key)\" has no NSStringLocalizedFormatKey")
            return []
        }
        guard case .string(let format, let formatLine) = formatValue else {
            try log.report(SourceLocation(file: file, line: formatValue.line), "NSStringLocalizedFormatKey of \"\(key)\" is not a <string>")
            return []
        }
        // Variables, each with its categories.
        var variables: [String: [(category: String, text: String, line: Int?)]] = [:]
        func variable(_ name: String) throws -> [(category: String, text: String, line: Int?)]? {
            if let v = variables[name] { return v }
            guard let spec = body.value(name) else {
                try log.report(SourceLocation(file: file, line: formatLine), "\"\(key)\" refers to variable '\(name)', which is not defined")
                return nil
            }
            guard case .dict(let items, let line) = spec else {
                try log.report(SourceLocation(file: file, line: spec.line), "variable '\(name)' of \"\(key)\" is not a <dict>")
                return nil
            }
            var cases: [(category: String, text: String, line: Int?)] = []
            for (k, v) in items {
                switch k {
                case "NSStringFormatSpecTypeKey":
                    if case .string(let t, _) = v, t != "NSStringPluralRuleType" {
                        try log.report(SourceLocation(file: file, line: v.line), "unsupported rule type '\(t)' in variable '\(name)' of \"\(key)\"")
                    }
                case "NSStringFormatValueTypeKey": break
                default:
                    guard pluralCategories.contains(k) else {
                        try log.report(SourceLocation(file: file, line: v.line), "unknown plural category '\(k)' in variable '\(name)' of \"\(key)\"")
                        continue
                    }
                    guard case .string(let t, let l) = v else {
                        try log.report(SourceLocation(file: file, line: v.line), "category '\(k)' of '\(name)' in \"\(key)\" is not a <string>")
                        continue
                    }
                    cases.append((k, t, l))
                }
            }
            if !cases.contains(where: { $0.category == "other" }) {
                try log.report(SourceLocation(file: file, line: line), "variable '\(name)' of \"\(key)\" has no 'other' category")
            }
            cases.sort { pluralCategories.firstIndex(of: $0.category)! < pluralCategories.firstIndex(of: $1.category)! }
            variables[name] = cases
            return cases
        }
        // Expand references depth-first, keeping the parts for naming. A category's text may refer to
        // further variables, so a hostile file could nest without end (a variable whose text refers
        // to itself) or multiply without bound (each level copying its reference many times): a cycle,
        // or crossing a bound of `ReferenceExpansion`, skips the key with a problem.
        var partial: [(parts: [(String, String)], text: String, line: Int?)] = [([], format, formatLine)]
        var done: [(parts: [(String, String)], text: String, line: Int?)] = []
        var expandedBytes = 0
        while let item = partial.popLast() {
            guard let ref = XCStringsReader.substitutionReferences(in: item.text).first else {
                done.append(item)
                continue
            }
            let path = item.parts.map(\.0)
            if let first = path.firstIndex(of: ref.name) {
                let chain = (path[first...] + [ref.name]).map { "'\($0)'" }.joined(separator: " → ")
                try log.report(SourceLocation(file: file, line: item.line),
                               "variable '\(ref.name)' of \"\(key)\" refers to itself (\(chain))")
                return []
            }
            guard path.count < ReferenceExpansion.maxNesting else {
                try log.report(SourceLocation(file: file, line: item.line),
                               "\"\(key)\" nests variables more than \(ReferenceExpansion.maxNesting) deep")
                return []
            }
            // An undefined or malformed variable has been reported; the key is skipped.
            guard let cases = try variable(ref.name) else { return [] }
            guard !cases.isEmpty else {
                done.append(item)
                continue
            }
            guard done.count + partial.count + cases.count <= ReferenceExpansion.maxTexts else {
                try log.report(SourceLocation(file: file, line: formatLine),
                               "\"\(key)\" expands to more than \(ReferenceExpansion.maxTexts) texts")
                return []
            }
            for c in cases.reversed() {
                let text = item.text.replacingOccurrences(of: ref.token, with: c.text)
                expandedBytes += text.utf8.count
                guard expandedBytes <= ReferenceExpansion.maxBytes else {
                    try log.report(SourceLocation(file: file, line: formatLine),
                                   "\"\(key)\" expands to more than \(ReferenceExpansion.maxBytes) bytes of text")
                    return []
                }
                partial.append((item.parts + [(ref.name, c.category)], text, c.line ?? item.line))
            }
        }
        let names = Set(done.flatMap { $0.parts.map(\.0) })
        return done.map { item in
            let variant = names.count <= 1
                ? joinVariant(item.parts.map { "plural.\($0.1)" })
                : joinVariant(item.parts.map { "substitution.\($0.0).plural.\($0.1)" })
            return Expansion(variant: variant, text: item.text, line: item.line,
                             sources: [["NSStringLocalizedFormatKey"]] + item.parts.map { [$0.0, $0.1] })
        }
    }

    /// Converts a `<plist>` element's value.
    static func plist(_ node: XMLNode, file: String) throws -> Plist {
        switch node.name {
        case "string": return .string(node.text(), line: node.line)
        case "dict":
            var items: [(key: String, value: Plist)] = []
            var pendingKey: String?
            for child in node.elements() {
                if child.name == "key" {
                    if pendingKey != nil {
                        throw CatalogProblem(SourceLocation(file: file, line: child.line), "<key> without a value")
                    }
                    pendingKey = child.text()
                } else {
                    guard let k = pendingKey else {
                        throw CatalogProblem(SourceLocation(file: file, line: child.line), "<\(child.name)> without a <key>")
                    }
                    items.append((k, try plist(child, file: file)))
                    pendingKey = nil
                }
            }
            if pendingKey != nil {
                throw CatalogProblem(SourceLocation(file: file, line: node.line), "<key> without a value")
            }
            return .dict(items, line: node.line)
        default: return .other(line: node.line)
        }
    }
}
