import Foundation

/// Reads localization catalogs of any supported format into one `Catalog`.
///
/// Formats, by file type: `.xcstrings` (String Catalog), `.strings` and `.stringsdict` (per `*.lproj`
/// folder), `.xliff`/`.xlf` (XLIFF 1.2 and 2.0), Android resources (`.xml` whose root is `<resources>`;
/// an `.xml` whose root is `<xliff>` is read as XLIFF), and gettext `.po`. Each reader documents its
/// variant naming and decisions (`XCStringsReader`, `StringsReader`, `StringsDictReader`, `XLIFFReader`,
/// `AndroidReader`, `POReader`).
///
/// Errors: a file that cannot be read, is malformed (not JSON, not well-formed XML, not a property
/// list, bad text encoding) or of an unknown type throws a `CatalogProblem` naming it (and the line or
/// JSON path when known). Problems with single entries are collected in `Catalog.problems` and the read
/// goes on; with `strict`, the first such problem is thrown instead.
///
/// Formats without source text of their own (`.strings`, `.stringsdict`, Android) are completed
/// across locales per table (`Localizable` for Apple, the file name for Android): each entry's
/// `sourceText` comes from the source locale (Android `values/`; for Apple the `sourceLanguage`
/// argument, else `Base`, else `en`), and a key the source has but a locale lacks is added for that
/// locale with the source's text and `isTranslated == false` (origin: that locale's file, no line).
/// A key the locale has but that was skipped for a problem (malformed, over `maxTextBytes`) is not
/// lacking: it stays out, reported, rather than measured as the source's text. Such an added entry's
/// `untranslatedReason` is `missing`.
///
/// A key a locale has but the source language does not (Android Lint's `ExtraTranslation`; for
/// Android, in no `values/` file, all of whose files share one namespace; for Apple, not in the
/// source `.lproj`'s table of the same name) is a problem at its first line in that locale: it is
/// measured all the same, as that locale shows it, but the source language (and every locale that
/// falls back to it) has no such string. A key the source marks `translatable="false"` (not read)
/// is named so (Lint's `Untranslatable`).
///
/// Limits (``CatalogLimits``): more entries than `maxEntries` stops the read with a
/// ``CatalogLimitError`` at the file that crossed it; a text longer than `maxTextBytes` is an entry
/// problem like any other (reported and skipped; with `strict`, thrown).
public enum CatalogReader {
    /// Reads the catalogs at `paths` (files, or folders scanned with `catalogFiles(in:)`), in order.
    ///
    /// - Parameters:
    ///   - strict: throw the first entry-level problem instead of collecting it.
    ///   - sourceLanguage: the development language, for formats that do not name it (`values/` of
    ///     Android, choosing the source `.lproj`); file-named languages win.
    ///   - limits: the most entries, and the longest text, accepted.
    public static func read(_ paths: [String], strict: Bool = false, sourceLanguage: String? = nil,
                            limits: CatalogLimits = CatalogLimits()) throws -> Catalog {
        var files: [String] = []
        var unrecognised: [CatalogProblem] = []
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                throw CatalogProblem(SourceLocation(file: path), "no such file or folder")
            }
            if isDir.boolValue {
                let scan = try scan(path)
                files += scan.files
                unrecognised += scan.unrecognised
            } else {
                files.append(path)
            }
        }
        var log = ProblemLog(strict: strict)
        for problem in unrecognised { try log.report(problem) }
        var results: [(path: String, result: FileReadResult)] = []
        var count = 0
        for file in files {
            var result = try readFile(file, sourceLanguage: sourceLanguage, log: &log)
            let kept = try limits.keepingShortTexts(result.entries, log: &log)
            if kept.count < result.entries.count {
                // A key all of whose texts were too long is skipped, not missing.
                let keptKeys = Set(kept.map { $0.locale + "\u{1}" + $0.key })
                var seen = Set<String>()
                for e in result.entries where !keptKeys.contains(e.locale + "\u{1}" + e.key) && seen.insert(e.locale + "\u{1}" + e.key).inserted {
                    result.skipped.append((e.key, e.locale))
                }
                result.entries = kept
            }
            count += result.entries.count
            try limits.checkEntries(count, at: file)
            results.append((file, result))
        }
        // Android device/configuration variant folders: one note per folder with strings, not checked.
        var variantFolders: [(folder: String, qualifiers: String, strings: Int)] = []
        for item in results {
            guard let v = item.result.variantFolder else { continue }
            if let i = variantFolders.firstIndex(where: { $0.folder == v.folder }) { variantFolders[i].strings += v.strings }
            else { variantFolders.append(v) }
        }
        for v in variantFolders {
            try log.report(SourceLocation(file: v.folder), "a device or configuration variant folder (\(v.qualifiers)): "
                           + "its \(v.strings) string resource\(v.strings == 1 ? "" : "s") not checked (only values/ and values-<language>/ are read)")
        }
        try AndroidReader.resolveReferences(&results, log: &log)
        var catalog = Catalog(problems: [])
        catalog.sourceLanguage = results.lazy.compactMap(\.result.sourceLanguage).first ?? sourceLanguage
        catalog.entries = try complete(results, sourceLanguage: sourceLanguage, log: &log)
        // The source side of translation files, once per locale, key and variant (the first file's).
        var seenSource = Set<String>()
        for item in results {
            for e in item.result.sourceEntries where seenSource.insert(e.locale + "\u{1}" + e.key + "\u{1}" + e.variant).inserted {
                catalog.sourceEntries.append(e)
            }
        }
        // Completing tables adds the keys a locale lacks, which counts too.
        try limits.checkEntries(catalog.entries.count, at: files.last ?? "")
        catalog.problems = log.problems
        catalog.formats = Set(results.compactMap(\.result.format))
        return catalog
    }

    /// Reads one file of a known type; the result records its format.
    static func readFile(_ path: String, sourceLanguage: String?, log: inout ProblemLog) throws -> FileReadResult {
        func read(_ format: CatalogFormat, _ reader: (inout ProblemLog) throws -> FileReadResult) throws -> FileReadResult {
            var result = try reader(&log)
            result.format = format
            return result
        }
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "xcstrings": return try read(.stringCatalog) { try XCStringsReader.read(path, log: &$0) }
        case "strings": return try read(.strings) { try StringsReader.read(path, log: &$0) }
        case "stringsdict": return try read(.stringsdict) { try StringsDictReader.read(path, log: &$0) }
        case "po": return try read(.gettext) { try POReader.read(path, sourceLanguage: sourceLanguage, log: &$0) }
        case "xliff", "xlf", "xml":
            let root = try XMLTree.parse(try TextDecoding.readData(path), file: path)
            switch root.name {
            case "xliff": return try read(.xliff) { try XLIFFReader.read(path, root: root, log: &$0) }
            case "resources":
                return try read(.android) { try AndroidReader.read(path, root: root, defaultSource: sourceLanguage, log: &$0) }
            default:
                throw CatalogProblem(SourceLocation(file: path, line: root.line),
                                     "not a catalog: root element <\(root.qualifiedName)>, expected <xliff> or <resources>")
            }
        default:
            throw CatalogProblem(SourceLocation(file: path),
                                 "unknown catalog type (expected .xcstrings, .strings, .stringsdict, .xliff, .xlf, .xml or .po)")
        }
    }

    /// The catalog files under `folder`, sorted by path: `*.xcstrings`, `*.lproj/*.strings|stringsdict`,
    /// `*.xliff`/`*.xlf`, `*.po`, and `values*/*.xml` that are Android resources (root `<resources>`).
    /// Hidden folders, `.build` and `build` are not entered.
    public static func catalogFiles(in folder: String) throws -> [String] {
        try scan(folder).files
    }

    /// The catalog files under `folder` (see `catalogFiles(in:)`), and a problem for each
    /// `values*/strings.xml` that is not Android resources: that name says it should be one, so it
    /// is reported rather than left out without a word (other `values*/*.xml`, such as `colors.xml`,
    /// are not catalogs and are passed over).
    static func scan(_ folder: String) throws -> (files: [String], unrecognised: [CatalogProblem]) {
        let base = URL(fileURLWithPath: folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else {
            throw CatalogProblem(SourceLocation(file: folder), "cannot list the folder")
        }
        var out: [String] = []
        var unrecognised: [CatalogProblem] = []
        while let url = walker.nextObject() as? URL {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if name == ".build" || name == "build" { walker.skipDescendants() }
                continue
            }
            let parent = url.deletingLastPathComponent().lastPathComponent
            switch url.pathExtension.lowercased() {
            case "xcstrings", "xliff", "xlf", "po": out.append(url.path)
            case "strings", "stringsdict": if parent.hasSuffix(".lproj") { out.append(url.path) }
            case "xml":
                guard parent == "values" || parent.hasPrefix("values-") else { break }
                let root = rootElement(url)
                if root.name == "resources" {
                    out.append(url.path)
                } else if name == "strings.xml" {
                    unrecognised.append(CatalogProblem(SourceLocation(file: url.path),
                                                       "not read: a strings.xml in \(parent)/ that is not Android resources (\(root.why))"))
                }
            default: break
            }
        }
        return (out.sorted(), unrecognised.sorted { $0.location.file < $1.location.file })
    }

    /// The name of the file's root element, or nil and why not. The whole file is decoded as the
    /// readers decode it (UTF-8, or UTF-16 with a byte-order mark) and its prolog skipped (XML
    /// declaration, comments, processing instructions, DOCTYPE), so that neither a long licence
    /// comment nor UTF-16 hides the root: a look at the first bytes missed both.
    static func rootElement(_ url: URL) -> (name: String?, why: String) {
        guard let data = try? Data(contentsOf: url) else { return (nil, "cannot read the file") }
        guard let text = try? TextDecoding.decode(data, file: url.path) else {
            return (nil, "not UTF-8, and no UTF-16 byte-order mark")
        }
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            let skipped: Substring.Index?
            if rest.hasPrefix("<?") { skipped = rest.range(of: "?>")?.upperBound }
            else if rest.hasPrefix("<!--") { skipped = rest.range(of: "-->")?.upperBound }
            else if rest.hasPrefix("<!") {
                // DOCTYPE, perhaps with an internal subset in brackets (which may hold `>`).
                let end = rest.firstIndex(of: ">")
                if let open = rest.firstIndex(of: "["), end.map({ open < $0 }) ?? true, let close = rest[open...].firstIndex(of: "]") {
                    skipped = rest[close...].firstIndex(of: ">").map { rest.index(after: $0) }
                } else {
                    skipped = end.map { rest.index(after: $0) }
                }
            } else { break }
            guard let skipped else { return (nil, "unterminated prolog") }
            rest = rest[skipped...]
        }
        guard rest.hasPrefix("<") else { return (nil, rest.isEmpty ? "no root element" : "text before the root element") }
        let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
        return (String(name), "root element <\(name)>, expected <resources>")
    }

    /// Fills source texts and untranslated keys for table-based formats (see the type's documentation).
    static func complete(_ results: [(path: String, result: FileReadResult)], sourceLanguage: String?,
                         log: inout ProblemLog) throws -> [CatalogEntry] {
        var entries: [CatalogEntry] = []
        var tables: [String: [(path: String, result: FileReadResult)]] = [:]
        var tableOrder: [String] = []
        // Keys only in translations (see the type's documentation), one problem per key and locale.
        // Android strings are one namespace whatever file they are in: a key of values/other.xml is no
        // extra translation in values-fr/strings.xml.
        let android = results.filter { $0.result.table?.hasPrefix("android:") == true }
        if android.contains(where: \.result.isSourceTable) {
            var sourceKeys = Set<String>(), untranslatable = Set<String>()
            for item in android where item.result.isSourceTable {
                sourceKeys.formUnion(item.result.entries.map(\.key) + item.result.skipped.map(\.key))
                untranslatable.formUnion(item.result.untranslatable)
            }
            var warned = Set<String>()
            for item in android where !item.result.isSourceTable {
                for e in item.result.entries where !sourceKeys.contains(e.key) && warned.insert(e.locale + "\u{1}" + e.key).inserted {
                    if untranslatable.contains(e.key) || untranslatable.contains(String(e.key.prefix { $0 != "[" })) {
                        try log.report(e.origin, "\"\(e.key)\" is translated in \(e.locale), but values/ marks it translatable=\"false\" "
                                       + "(not checked there): checked in \(e.locale) as written here")
                    } else {
                        try log.report(e.origin, "\"\(e.key)\" is in \(e.locale) but not in the source language (values/): "
                                       + "checked in \(e.locale), but the source and the locales that fall back to it have no such string")
                    }
                }
            }
        }
        for item in results {
            guard let table = item.result.table else { entries += item.result.entries; continue }
            if tables[table] == nil { tableOrder.append(table) }
            tables[table, default: []].append(item)
        }
        for table in tableOrder {
            let files = tables[table]!
            let all = files.flatMap(\.result.entries)
            let locales = Set(all.map(\.locale))
            let sourceLocale: String?
            if let android = files.first(where: \.result.isSourceTable) {
                sourceLocale = android.result.entries.first?.locale
            } else if let s = sourceLanguage, locales.contains(s) {
                sourceLocale = s
            } else {
                sourceLocale = locales.contains("Base") ? "Base" : (locales.contains("en") ? "en" : nil)
            }
            guard let sourceLocale else { entries += all; continue }
            if !table.hasPrefix("android:") {
                // Apple: a key of a locale's table that the source's table of the same name lacks.
                var sourceKeys = Set<String>()
                for f in files { for s in f.result.skipped where s.locale == sourceLocale { sourceKeys.insert(s.key) } }
                for e in all where e.locale == sourceLocale { sourceKeys.insert(e.key) }
                var warned = Set<String>()
                for e in all where e.locale != sourceLocale && !sourceKeys.contains(e.key) && warned.insert(e.locale + "\u{1}" + e.key).inserted {
                    try log.report(e.origin, "\"\(e.key)\" is in \(e.locale) but not in the source language (\(sourceLocale).lproj): "
                                   + "checked in \(e.locale), but the source and the locales that fall back to it have no such string")
                }
            }
            var sourceByKey: [String: [CatalogEntry]] = [:]
            var sourceKeys: [String] = []
            for e in all where e.locale == sourceLocale {
                if sourceByKey[e.key] == nil { sourceKeys.append(e.key) }
                sourceByKey[e.key, default: []].append(e)
            }
            var keysByLocale: [String: Set<String>] = [:]
            for e in all { keysByLocale[e.locale, default: []].insert(e.key) }
            // A key skipped for a problem was reported: it is not missing, and is not filled in.
            for f in files { for s in f.result.skipped { keysByLocale[s.locale, default: []].insert(s.key) } }
            // A file per locale, for the origin of added untranslated entries.
            var fileByLocale: [String: String] = [:]
            for f in files { if let l = f.result.entries.first?.locale, fileByLocale[l] == nil { fileByLocale[l] = f.path } }
            // Indexed once per key: a key of n variants in every locale searched its n source variants per entry.
            var sourceTexts: [String: SourceTexts] = [:]
            for var e in all {
                if e.sourceText == nil, let src = sourceByKey[e.key] {
                    let texts = sourceTexts[e.key] ?? SourceTexts(src.map { (variant: $0.variant, text: $0.text) })
                    sourceTexts[e.key] = texts
                    e.sourceText = texts.text(for: e.variant)
                }
                entries.append(e)
            }
            for locale in locales.sorted() where locale != sourceLocale {
                for key in sourceKeys where !(keysByLocale[locale]?.contains(key) ?? false) {
                    for s in sourceByKey[key]! {
                        var copy = s
                        copy.locale = locale
                        copy.sourceText = s.text
                        copy.isTranslated = false
                        copy.untranslatedReason = "missing"
                        copy.state = nil
                        copy.origin = SourceLocation(file: fileByLocale[locale] ?? s.origin.file)
                        entries.append(copy)
                    }
                }
            }
        }
        return entries
    }
}

// MARK: - Limits

/// Caps on what ``CatalogReader/read(_:strict:sourceLanguage:limits:)`` accepts, so that a huge or
/// hostile catalog is refused with an error naming the file and the limit instead of exhausting memory.
///
/// The defaults are far above real apps (a large app has some 10,000 keys in 40 locales, 400,000
/// entries) and within what a 2-core CI machine sweeps: see docs/reliability.md.
public struct CatalogLimits: Sendable, Equatable {
    /// The most entries (key × locale × variant) of all the files together. Default 1,000,000.
    public var maxEntries: Int
    /// The longest text of one entry, in UTF-8 bytes; a longer one is an entry problem (skipped, or
    /// thrown with `strict`). Default 1 MiB (1,048,576), as for `textfit measure`.
    public var maxTextBytes: Int

    /// Limits: how many entries the catalogs may hold, and the bytes of one text.
    public init(maxEntries: Int = 1_000_000, maxTextBytes: Int = 1 << 20) {
        self.maxEntries = maxEntries
        self.maxTextBytes = maxTextBytes
    }

    /// Throws when `count` entries are over ``maxEntries``; `file` is the one that crossed it.
    func checkEntries(_ count: Int, at file: String) throws(CatalogLimitError) {
        guard count > maxEntries else { return }
        throw CatalogLimitError(file: file, limit: "maxEntries",
                                message: "the catalogs reach \(count) entries here, over the limit of \(maxEntries)")
    }

    /// `entries` without those whose text is over ``maxTextBytes``, each reported as a problem.
    func keepingShortTexts(_ entries: [CatalogEntry], log: inout ProblemLog) throws -> [CatalogEntry] {
        guard entries.contains(where: { $0.text.utf8.count > maxTextBytes }) else { return entries }
        var kept: [CatalogEntry] = []
        for entry in entries {
            let bytes = entry.text.utf8.count
            guard bytes > maxTextBytes else { kept.append(entry); continue }
            try log.report(entry.origin, "the text of '\(entry.key)' (\(entry.locale)) is \(bytes) bytes, over the limit of \(maxTextBytes) (maxTextBytes)")
        }
        return kept
    }
}

/// Catalogs over ``CatalogLimits/maxEntries``: the file that crossed it, the limit, and what.
public struct CatalogLimitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file where the limit was crossed.
    public var file: String
    /// The name of the ``CatalogLimits`` property exceeded (`maxEntries`).
    public var limit: String
    /// What went over the limit, and the limit.
    public var message: String

    public var description: String { "\(file): \(message) (\(limit))" }
}
