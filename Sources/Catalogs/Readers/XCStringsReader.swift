import Foundation
import LayoutCore

/// Reads String Catalogs (`.xcstrings`, JSON).
///
/// - Every locale named anywhere in the catalog (plus `sourceLanguage`) gets an entry for every key;
///   a key with no localization for a locale yields the source's variants with `isTranslated == false`
///   and the source text. A key without a source-language localization is its own source text.
///   Keys with `"shouldTranslate": false` are skipped.
/// - `variations` become variant paths: `plural.one`, `device.ipad`, nested as `device.iphone/plural.other`.
/// - Substitutions: each `%#@name@` in a string (optionally positional, `%1$#@name@`) is replaced by every
///   variant of the substitution `name` of the same localization, in which `%arg` becomes
///   `%<argNum>$<formatSpecifier>` (so `%arg` of argNum 1, specifier `lld` → `%1$lld`). A string with
///   several substitutions yields the cartesian product. The variant path appends
///   `substitution.<name>.<kind>.<case>` (nested substitution variations joined with `.`):
///   `device.mac/substitution.count.plural.one/substitution.files.plural.other`.
/// - A localization's state `new` means not translated (`isTranslated == false`, `untranslatedReason`
///   `state`, the text kept if any, else the source's); a locale without a localization of the key has
///   the source's variants and text, `untranslatedReason` `missing`. The source language is always translated.
/// - Problems carry the JSON path, e.g. `$.strings["Done"].localizations.de.stringUnit.value`. A
///   localization that is there but cannot be read — a value of the wrong type (`"value": 42`), a
///   `stringUnit` that is not an object, no `value` — is such a problem, saying what was found and
///   that the localization is not read. In a translation's locale the key is then skipped, never
///   filled in from the source and counted as untranslated (which measured the source's text and
///   called a translation missing); in the source language the key stands for itself, as it does
///   without a source localization.
enum XCStringsReader {
    static func read(_ path: String, log: inout ProblemLog) throws -> FileReadResult {
        let data = try TextDecoding.readData(path)
        let json: Any
        do {
            json = try JSONReader.parse(data)
        } catch {
            throw CatalogProblem(SourceLocation(file: path, jsonPath: "$"), "malformed JSON: \(error)")
        }
        guard let root = json as? [String: Any] else {
            throw CatalogProblem(SourceLocation(file: path, jsonPath: "$"), "a String Catalog is a JSON object")
        }
        guard let source = root["sourceLanguage"] as? String, !source.isEmpty else {
            throw CatalogProblem(SourceLocation(file: path, jsonPath: "$.sourceLanguage"), "missing sourceLanguage")
        }
        guard let strings = root["strings"] as? [String: Any] else {
            throw CatalogProblem(SourceLocation(file: path, jsonPath: "$.strings"), "missing or not an object")
        }
        var reader = Walker(file: path, source: source)
        // Every locale the catalog knows.
        var locales = Set([source])
        for (_, value) in strings {
            if let locs = (value as? [String: Any])?["localizations"] as? [String: Any] { locales.formUnion(locs.keys) }
        }
        let ordered = [source] + locales.subtracting([source]).sorted()
        var result = FileReadResult(sourceLanguage: source)
        for key in strings.keys.sorted() {
            result.entries += try reader.readKey(key, strings[key]!, locales: ordered, log: &log)
        }
        return result
    }

    /// One flattened string: its variant path, text, state and JSON path.
    struct Unit {
        var variant: String
        var text: String
        var state: String?
        var path: String
        /// The argument each substitution's plural is chosen by (``CatalogEntry/pluralArguments``).
        var pluralArguments: [String: Int] = [:]
    }

    struct Walker {
        let file: String
        let source: String
        /// Lines of units that come from a line-based file rather than JSON (an XLIFF export, whose
        /// units `XLIFFReader` expands here), by the `Unit.path` it gave them: their problems name the line.
        var lines: [String: Int] = [:]

        func loc(_ path: String) -> SourceLocation {
            if let line = lines[path] { return SourceLocation(file: file, line: line) }
            return SourceLocation(file: file, jsonPath: path)
        }

        mutating func readKey(_ key: String, _ value: Any, locales: [String], log: inout ProblemLog) throws -> [CatalogEntry] {
            let keyPath = "$.strings[\(quote(key))]"
            guard let obj = value as? [String: Any] else {
                try log.report(loc(keyPath), "an entry is a JSON object")
                return []
            }
            if let translate = obj["shouldTranslate"] as? Bool, !translate { return [] }
            let comment = obj["comment"] as? String
            var locs: [String: Any] = [:]
            if let l = obj["localizations"] {
                if let d = l as? [String: Any] { locs = d } else {
                    try log.report(loc(keyPath + ".localizations"), "not an object")
                }
            }
            var units: [String: [Unit]] = [:]
            // Locales whose localization is there but could not be read (reported): skipped.
            var unreadable: Set<String> = []
            for locale in locs.keys.sorted() {
                let body = locs[locale]!
                let problems = log.problems.count
                units[locale] = try readLocalization(body, path: keyPath + ".localizations" + member(locale), log: &log)
                if units[locale]!.isEmpty, log.problems.count > problems, locale != source { unreadable.insert(locale) }
            }
            let sourceUnits: [Unit] = units[source].flatMap { $0.isEmpty ? nil : $0 }
                ?? [Unit(variant: "", text: key, state: nil, path: keyPath)]
            let sourcePairs = SourceTexts(sourceUnits.map { (variant: $0.variant, text: $0.text) })
            var entries: [CatalogEntry] = []
            for locale in locales where !unreadable.contains(locale) {
                let isSource = locale == source
                if let own = units[locale], !own.isEmpty {
                    for u in own {
                        let src = sourcePairs.text(for: u.variant)
                        let untranslated = !isSource && u.state == "new"
                        let text = untranslated && u.text.isEmpty ? (src ?? key) : u.text
                        var entry = CatalogEntry(key: key, locale: locale, variant: u.variant, text: text,
                                                 sourceText: src, comment: comment, isTranslated: !untranslated,
                                                 state: u.state, untranslatedReason: untranslated ? "state" : nil, origin: loc(u.path))
                        entry.pluralArguments = u.pluralArguments
                        entries.append(entry)
                    }
                } else {
                    for u in sourceUnits {
                        var entry = CatalogEntry(key: key, locale: locale, variant: u.variant, text: u.text,
                                                 sourceText: u.text, comment: comment, isTranslated: isSource,
                                                 state: isSource ? u.state : nil, untranslatedReason: isSource ? nil : "missing",
                                                 origin: loc(isSource ? u.path : keyPath))
                        entry.pluralArguments = u.pluralArguments
                        entries.append(entry)
                    }
                }
            }
            return entries
        }

        /// Flattens one localization (string unit or variations) and applies its substitutions.
        func readLocalization(_ body: Any, path: String, log: inout ProblemLog) throws -> [Unit] {
            guard let obj = body as? [String: Any] else {
                try log.report(loc(path), "a localization is a JSON object")
                return []
            }
            let units = try flatten(obj, path: path, log: &log)
            guard let subsAny = obj["substitutions"] else { return try checkReferences(units, subs: [:], path: path, log: &log) }
            guard let subs = subsAny as? [String: Any] else {
                try log.report(loc(path + ".substitutions"), "not an object")
                return units
            }
            var table: [String: [Unit]] = [:]
            // Each substitution's argument: its argNum, else where its reference stands among the
            // string's arguments (as Foundation consumes them).
            var arguments = units.first.map { FormatScanner.variableArguments(of: $0.text) } ?? [:]
            for name in subs.keys.sorted() {
                let subPath = path + ".substitutions" + member(name)
                guard let sub = subs[name] as? [String: Any] else {
                    try log.report(loc(subPath), "a substitution is a JSON object")
                    continue
                }
                var spec = "@"
                if let s = sub["formatSpecifier"] as? String {
                    spec = s.hasPrefix("%") ? String(s.dropFirst()) : s
                } else {
                    try log.report(loc(subPath + ".formatSpecifier"), "missing formatSpecifier")
                }
                var argument = "%" + spec
                if let n = sub["argNum"] {
                    if let i = n as? Int {
                        argument = "%\(i)$" + spec
                        arguments[name] = i
                    } else {
                        try log.report(loc(subPath + ".argNum"), "argNum is not an integer")
                    }
                }
                guard sub["variations"] != nil else {
                    try log.report(loc(subPath + ".variations"), "a substitution needs variations")
                    continue
                }
                let inner = try flatten(sub, path: subPath, log: &log)
                table[name] = inner.map {
                    Unit(variant: "substitution.\(name)." + $0.variant.replacingOccurrences(of: "/", with: "."),
                         text: $0.text.replacingOccurrences(of: "%arg", with: argument), state: $0.state, path: $0.path)
                }
            }
            return try checkReferences(units, subs: table, path: path, log: &log).map { unit in
                var unit = unit
                unit.pluralArguments = arguments
                return unit
            }
        }

        /// Replaces each `%#@name@` reference by the substitution's variants (cartesian product). A
        /// unit whose product crosses a bound of `ReferenceExpansion` is reported and skipped.
        func checkReferences(_ units: [Unit], subs: [String: [Unit]], path: String, log: inout ProblemLog) throws -> [Unit] {
            var out: [Unit] = []
            units: for unit in units {
                var partial = [unit]
                var bytes = 0
                for ref in substitutionReferences(in: unit.text) {
                    guard let variants = subs[ref.name], !variants.isEmpty else {
                        try log.report(loc(unit.path), "refers to substitution '\(ref.name)', which is not defined")
                        continue
                    }
                    guard partial.count * variants.count <= ReferenceExpansion.maxTexts else {
                        try log.report(loc(unit.path), "its substitutions expand to more than \(ReferenceExpansion.maxTexts) texts")
                        continue units
                    }
                    var next: [Unit] = []
                    next.reserveCapacity(partial.count * variants.count)
                    for p in partial {
                        for v in variants {
                            let state = (p.state == "new" || v.state == "new") ? "new" : p.state
                            let text = p.text.replacingOccurrences(of: ref.token, with: v.text)
                            bytes += text.utf8.count
                            guard bytes <= ReferenceExpansion.maxBytes else {
                                try log.report(loc(unit.path), "its substitutions expand to more than \(ReferenceExpansion.maxBytes) bytes of text")
                                continue units
                            }
                            next.append(Unit(variant: joinVariant([p.variant, v.variant]), text: text,
                                             state: state, path: p.path))
                        }
                    }
                    partial = next
                }
                out += partial
            }
            return out
        }

        /// A JSON value's type as a problem names it: `a number (42)`, `true`, `an array`, `null`.
        static func kind(_ value: Any) -> String {
            switch value {
            case let flag as Bool: return "\(flag)"
            case let number as Int: return "a number (\(number))"
            case let number as Double: return "a number (\(number))"
            case is [Any]: return "an array"
            case is [String: Any]: return "an object"
            case is NSNull: return "null"
            case let text as String: return "a string (\"\(text.prefix(40))\")"
            default: return "\(type(of: value))"
            }
        }

        /// The end of a problem that leaves a localization out: `the de localization is not read`.
        /// `path` is the localization's (`$.strings["Done"].localizations.de`) or deeper.
        static func notRead(_ path: String) -> String {
            guard let range = path.range(of: ".localizations") else { return "not read" }
            let locale = path[range.upperBound...].split(separator: ".").first.map {
                String($0).trimmingCharacters(in: CharacterSet(charactersIn: "[]\""))
            } ?? ""
            return "the \(locale) localization is not read"
        }

        /// A `stringUnit`, or `variations` by kind and case, recursively.
        func flatten(_ obj: [String: Any], path: String, log: inout ProblemLog) throws -> [Unit] {
            if let unitAny = obj["stringUnit"] {
                let unitPath = path + ".stringUnit"
                guard let unit = unitAny as? [String: Any] else {
                    try log.report(loc(unitPath), "stringUnit is \(Self.kind(unitAny)), not an object: \(Self.notRead(path))")
                    return []
                }
                guard let valueAny = unit["value"] else {
                    try log.report(loc(unitPath + ".value"), "missing value: \(Self.notRead(path))")
                    return []
                }
                guard let value = valueAny as? String else {
                    try log.report(loc(unitPath + ".value"), "value is \(Self.kind(valueAny)), not a string: \(Self.notRead(path))")
                    return []
                }
                return [Unit(variant: "", text: value, state: unit["state"] as? String, path: unitPath)]
            }
            guard let varsAny = obj["variations"] else {
                if obj["substitutions"] == nil {
                    try log.report(loc(path), "neither stringUnit nor variations")
                }
                return []
            }
            let varsPath = path + ".variations"
            guard let vars = varsAny as? [String: Any] else {
                try log.report(loc(varsPath), "variations is not an object")
                return []
            }
            var out: [Unit] = []
            for kind in vars.keys.sorted() {
                let kindPath = varsPath + member(kind)
                let known: [String]
                switch kind {
                case "plural": known = pluralCategories
                case "device": known = deviceNames
                default:
                    try log.report(loc(kindPath), "unknown variation kind '\(kind)'")
                    continue
                }
                guard let cases = vars[kind] as? [String: Any] else {
                    try log.report(loc(kindPath), "not an object")
                    continue
                }
                for name in canonicalOrder(cases.keys, known) {
                    let casePath = kindPath + member(name)
                    if kind == "plural", !known.contains(name) {
                        try log.report(loc(casePath), "unknown plural category '\(name)'")
                        continue
                    }
                    guard let caseObj = cases[name] as? [String: Any] else {
                        try log.report(loc(casePath), "not an object")
                        continue
                    }
                    for u in try flatten(caseObj, path: casePath, log: &log) {
                        out.append(Unit(variant: joinVariant(["\(kind).\(name)", u.variant]), text: u.text,
                                        state: u.state, path: u.path))
                    }
                }
            }
            return out
        }
    }

    /// The `%#@name@` tokens in `text` (with an optional `N$` position), in order, each once.
    /// - Complexity: O(text length): tokens seen are kept in a set (a search of those found so far made
    ///   a text of n distinct references O(n²)).
    static func substitutionReferences(in text: String) -> [(token: String, name: String)] {
        var out: [(token: String, name: String)] = []
        var seen = Set<String>()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "%" else { i += 1; continue }
            var j = i + 1
            while j < scalars.count, ("0"..."9").contains(scalars[j]) { j += 1 }
            if j > i + 1 { guard j < scalars.count, scalars[j] == "$" else { i += 1; continue }; j += 1 }
            guard j + 1 < scalars.count, scalars[j] == "#", scalars[j + 1] == "@" else { i += 1; continue }
            var k = j + 2
            while k < scalars.count, scalars[k] != "@", scalars[k] != " " { k += 1 }
            guard k < scalars.count, scalars[k] == "@", k > j + 2 else { i += 1; continue }
            var token = String.UnicodeScalarView(); token.append(contentsOf: scalars[i...k])
            var name = String.UnicodeScalarView(); name.append(contentsOf: scalars[(j + 2)..<k])
            if seen.insert(String(token)).inserted { out.append((String(token), String(name))) }
            i = k + 1
        }
        return out
    }
}

/// A JSON-path member: `.name` for identifier-like names, else `["name"]`.
func member(_ name: String) -> String {
    let identifier = !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        && !("0"..."9").contains(name.unicodeScalars.first!)
    return identifier ? "." + name : "[" + quote(name) + "]"
}

/// A JSON string literal for a path: `"Done"`, with `"` and `\` escaped.
func quote(_ s: String) -> String {
    "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
