import Foundation
import Typography

/// An app's localized strings, indexed to look a key up as Foundation does: what a view's
/// `Text("key")` shows in a locale.
///
/// Made from catalogs read by ``CatalogReader`` (the stress tester's readers: one per format), or
/// from a folder as a `Bundle` lays it out (``bundle(at:)``: its `*.lproj` folders and String
/// Catalogs). A lookup (``lookup(_:table:locale:device:arguments:)``):
/// - **table**: the file the string is in, without its extension (`Localizable` unless named:
///   `Localizable.xcstrings`, `de.lproj/Localizable.strings` and `.stringsdict` are one table);
///   Android resources, which have one namespace, answer any table.
/// - **locale**: Foundation's chain — the locale asked for (`de-CH`), then its language with its
///   script (`zh-Hant` for `zh-HK`, by CLDR's likely subtags), then the language alone (`de`), then
///   the catalogs' source (development) language, then the key itself. Locale names are compared as
///   ``LocaleName/same(_:_:)`` compares them (`pt_BR` = `pt-BR`, Android's `b+sr+Latn` = `sr-Latn`).
///   A pseudo-locale (`pseudo-xa`, `en-XA`, …; ``PseudoLocale``) is made from the source language's
///   string. A string a catalog marks untranslated (a String Catalog localization in state `new`, a
///   locale that lacks the key) counts as the source's.
/// - **variant**: a device variation by the device asked for (`iphone`, then `other`); each plural
///   by its argument's CLDR plural category *in the locale whose string was found* (`zero` first for
///   0 when the string has it, as Apple's plural rules allow in every language; then the
///   category; then `other`); a width variant, the widest: SwiftUI's default
///   `TextVariantPreference.fixed` "always chooses the largest available variant"
///   (https://developer.apple.com/documentation/swiftui/textvariantpreference/fixed).
///
/// Thread-safe and immutable once made.
public final class LocalizedStrings: Sendable {
    /// The development language: the catalogs' own (a String Catalog's `sourceLanguage`), else the
    /// one given, else `en`.
    public let sourceLanguage: String
    /// The locales the catalogs have, as they name them, sorted.
    public let locales: [String]
    /// Problems the catalogs have (an entry left out), as the reader reported them.
    public let problems: [CatalogProblem]
    /// Entries by table, then key, then canonical locale (``LocaleName/canonical(_:)``).
    private let tables: [String: [String: [String: [CatalogEntry]]]]
    /// The table Android's resources go to (they answer every table).
    private static let anyTable = "\u{0}android"

    /// A question ``lookup(_:table:locale:device:arguments:)`` answered.
    private struct LookupQuestion: Hashable {
        let key: String, table: String?, locale: String, device: String, arguments: [Double?]
    }

    /// Answers already given (the tables never change, so an answer stays true): a screen sweep asks
    /// every text's key again in every layout (its `body` and its fit), 40 texts × 1,440 layouts
    /// twice for 1,600 distinct answers, and the locale chain, the pseudo-locale's strings and the
    /// variant choice were 12 % of the sweep's time (perf). Emptied when it reaches
    /// ``lookupMemoCapacity`` answers.
    private let lookupMemo = Locked<[LookupQuestion: LocalizedStringLookup]>([:])
    /// The most answers ``lookupMemo`` keeps.
    static let lookupMemoCapacity = 8_192

    /// The strings of `catalog`; `sourceLanguage` when the catalog names none.
    public init(_ catalog: Catalog, sourceLanguage: String? = nil) {
        self.sourceLanguage = catalog.sourceLanguage ?? sourceLanguage ?? "en"
        var tables: [String: [String: [String: [CatalogEntry]]]] = [:]
        for entry in catalog.entries + catalog.sourceEntries {
            tables[Self.table(of: entry), default: [:]][entry.key, default: [:]][LocaleName.canonical(entry.locale), default: []].append(entry)
        }
        self.tables = tables
        locales = catalog.locales
        problems = catalog.problems
    }

    /// Reads the catalogs at `paths` (files or folders, any format ``CatalogReader`` reads).
    /// - Throws: the reader's ``CatalogProblem`` for a file that cannot be read or is malformed.
    public convenience init(contentsOf paths: [String], sourceLanguage: String? = nil) throws {
        self.init(try CatalogReader.read(paths, sourceLanguage: sourceLanguage), sourceLanguage: sourceLanguage)
    }

    /// The strings of the bundle folder at `path` (what `Bundle(path:)` names: its `*.lproj` folders
    /// and String Catalogs, at any depth), read once and kept while the folder's catalogs are
    /// unchanged (their paths, sizes and modification times), which is checked at most once every
    /// second per folder; at most 16 folders are kept.
    ///
    /// Every text that shows a key asks for its folder's strings each time it is measured or
    /// reported, so the check is what a screen sweep would otherwise spend most of its time on
    /// (listing the folder and reading each file's attributes: 39 % of a sweep of the sample app).
    /// - Throws: the reader's error for a malformed catalog, naming the file and line.
    public static func bundle(at path: String) throws -> LocalizedStrings {
        let now = ProcessInfo.processInfo.systemUptime
        if let cached = bundles.withLock({ $0[path] }), now - cached.checked < revalidationInterval { return cached.strings }
        let folder = URL(fileURLWithPath: path).standardizedFileURL.path
        let files = try CatalogReader.catalogFiles(in: folder)
        folderScans.withLock { $0[path, default: 0] += 1 }
        let stamp = files.map { file -> String in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            let size = (attributes?[.size] as? Int) ?? -1
            let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(file)\u{1}\(size)\u{1}\(time)"
        }.joined(separator: "\u{2}")
        if let cached = bundles.withLock({ $0[path] }), cached.stamp == stamp {
            bundles.withLock { $0[path]?.checked = now }
            return cached.strings
        }
        let strings = try LocalizedStrings(contentsOf: files.isEmpty ? [] : files)
        bundles.withLock { cache in
            if cache.count >= 16, cache[path] == nil { cache.removeAll() }
            cache[path] = (stamp, now, strings)
        }
        return strings
    }

    /// How long a folder's strings are used before its catalogs are checked for changes again: 1 s,
    /// so an edited catalog is seen within a second, and a sweep checks each folder once a second.
    static let revalidationInterval: TimeInterval = 1

    /// How many times each folder (by the path asked for) has been listed to check its catalogs (for tests).
    static let folderScans = Locked<[String: Int]>([:])

    /// By the path asked for: the stamp of its catalogs, when it was last checked (system uptime), its strings.
    private static let bundles = Locked<[String: (stamp: String, checked: TimeInterval, strings: LocalizedStrings)]>([:])

    /// The table `entry` belongs to: its file's name without the extension (``anyTable`` for Android).
    static func table(of entry: CatalogEntry) -> String {
        let url = URL(fileURLWithPath: entry.origin.file)
        if url.pathExtension.lowercased() == "xml" { return anyTable }
        return url.deletingPathExtension().lastPathComponent
    }

    /// Whether the catalogs have strings for `locale` or a locale of its chain (`de` for `de-CH`), or
    /// `locale` is a pseudo-locale (made from the source language's strings).
    public func hasLocale(_ locale: String) -> Bool {
        if PseudoLocale(name: locale) != nil { return true }
        let known = Set(locales.map(LocaleName.canonical))
        return Self.chain(for: locale).contains(where: known.contains)
    }

    /// Whether any catalog has `key` in `table` (`Localizable` when `nil`).
    public func contains(_ key: String, table: String? = nil) -> Bool {
        tables[table ?? "Localizable"]?[key] != nil || tables[Self.anyTable]?[key] != nil
    }

    /// The string `key` shows in `locale` (see the type's documentation for the chain and variants).
    /// - Parameters:
    ///   - table: the table's name; `nil` is `Localizable`.
    ///   - locale: a locale identifier (`de-CH`, `pt_BR`) or a pseudo-locale name.
    ///   - device: the device a device variation is chosen for (`iphone`, `ipad`, `mac`…).
    ///   - arguments: the number each format argument stands for, in order (`nil` for an argument
    ///     that is not a number): plural variants are chosen by them.
    public func lookup(_ key: String, table: String? = nil, locale: String, device: String = "iphone",
                       arguments: [Double?] = []) -> LocalizedStringLookup {
        let question = LookupQuestion(key: key, table: table, locale: locale, device: device, arguments: arguments)
        if let known = lookupMemo.withLock({ $0[question] }) { return known }
        let answer = answer(key, table: table, locale: locale, device: device, arguments: arguments)
        lookupMemo.withLock { memo in
            if memo.count >= Self.lookupMemoCapacity { memo.removeAll(keepingCapacity: true) }
            memo[question] = answer
        }
        return answer
    }

    /// ``lookup(_:table:locale:device:arguments:)`` worked out.
    private func answer(_ key: String, table: String?, locale: String, device: String, arguments: [Double?]) -> LocalizedStringLookup {
        let tableName = table ?? "Localizable"
        let byLocale = tables[tableName]?[key] ?? tables[Self.anyTable]?[key]
        guard let byLocale else {
            return LocalizedStringLookup(key: key, table: tableName, requestedLocale: locale, format: key, locale: nil,
                                         variant: "", isTranslated: false, reason: .missingKey, origin: nil)
        }
        if let pseudo = PseudoLocale(name: locale) {
            let source = byLocale[LocaleName.canonical(sourceLanguage)] ?? []
            let made = pseudo.pseudoEntries(from: source)
            guard let chosen = Self.choose(made, device: device, arguments: arguments, pluralLocale: sourceLanguage) else {
                return LocalizedStringLookup(key: key, table: tableName, requestedLocale: locale, format: key, locale: nil,
                                             variant: "", isTranslated: false, reason: .missingKey, origin: nil)
            }
            return LocalizedStringLookup(key: key, table: tableName, requestedLocale: locale, format: chosen.text, locale: locale,
                                         variant: chosen.variant, isTranslated: true, reason: nil, origin: chosen.origin)
        }
        let chain = Self.chain(for: locale)
        for (index, candidate) in chain.enumerated() {
            guard let entries = byLocale[candidate], let chosen = Self.choose(entries, device: device, arguments: arguments,
                                                                              pluralLocale: candidate) else { continue }
            let reason: LocalizedStringLookup.Reason? = !chosen.isTranslated ? .untranslated(chosen.untranslatedReason ?? "missing")
                : index > 0 && !Self.sameLanguage(candidate, chain[0]) ? .otherLanguage : nil
            // An untranslated entry that shows its source's text (the locale lacks the key, or its
            // string is empty) is the source language's string.
            let shownIn = !chosen.isTranslated && chosen.text == chosen.sourceText ? sourceLanguage : chosen.locale
            return LocalizedStringLookup(key: key, table: tableName, requestedLocale: locale, format: chosen.text, locale: shownIn,
                                         variant: chosen.variant, isTranslated: reason == nil, reason: reason, origin: chosen.origin)
        }
        let source = LocaleName.canonical(sourceLanguage)
        if let entries = byLocale[source], let chosen = Self.choose(entries, device: device, arguments: arguments, pluralLocale: source) {
            return LocalizedStringLookup(key: key, table: tableName, requestedLocale: locale, format: chosen.text, locale: chosen.locale,
                                         variant: chosen.variant, isTranslated: Self.sameLanguage(source, chain[0]),
                                         reason: Self.sameLanguage(source, chain[0]) ? nil : .notInLocale, origin: chosen.origin)
        }
        // The key is in the table, but in neither this locale's chain nor the source language: the key itself.
        return LocalizedStringLookup(key: key, table: tableName, requestedLocale: locale, format: key, locale: nil,
                                     variant: "", isTranslated: false, reason: .notInLocale, origin: nil)
    }

    // MARK: - The locale chain

    /// The canonical locales to try for `locale`, most specific first: the locale, its language and
    /// script (CLDR's likely script when not written, so `zh-HK` → `zh-Hant`, `zh-CN` → `zh-Hans`),
    /// its language and region, its language.
    static func chain(for locale: String) -> [String] {
        let canonical = LocaleName.canonical(locale)
        let parts = canonical.split(separator: "-").map(String.init)
        guard let language = parts.first else { return [canonical] }
        let script = parts.dropFirst().first { $0.count == 4 } ?? likelyScript(canonical)
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        var chain = [canonical]
        for candidate in [script.map { "\(language)-\($0)" }, region.map { "\(language)-\($0)" }, language] {
            if let candidate, !chain.contains(candidate) { chain.append(candidate) }
        }
        return chain
    }

    /// The script a language is written in by default, where a language has several (Chinese and
    /// Serbian, the ones app catalogs split by script): CLDR likelySubtags.xml (`zh-TW`, `zh-HK`,
    /// `zh-MO` → Hant; `zh`, `zh-CN`, `zh-SG` → Hans; `sr` → Cyrl). `nil` for other languages,
    /// whose catalogs are not split by script.
    static func likelyScript(_ canonical: String) -> String? {
        let parts = canonical.split(separator: "-").map(String.init)
        switch parts.first {
        case "zh":
            return parts.contains { ["TW", "HK", "MO"].contains($0) } ? "Hant" : "Hans"
        case "sr":
            return "Cyrl"
        default:
            return nil
        }
    }

    private static func sameLanguage(_ a: String, _ b: String) -> Bool {
        a.split(separator: "-").first == b.split(separator: "-").first
    }

    // MARK: - Variants

    /// The entry of `entries` (one key in one locale, each a variant) to show, or `nil` when none
    /// matches the device.
    static func choose(_ entries: [CatalogEntry], device: String, arguments: [Double?], pluralLocale: String) -> CatalogEntry? {
        guard entries.count > 1 || entries.first?.variant.isEmpty == false else { return entries.first }
        let numbers = LocaleNumbers.forLocale(pluralLocale)
        let firstNumber = arguments.firstIndex { $0 != nil }.map { $0 + 1 }
        func wanted(_ part: String, in entry: CatalogEntry) -> [String] {
            // `plural.one`, or `substitution.name.plural.one` (its argument by name).
            let name = part.hasPrefix("substitution.") ? String(part.dropFirst("substitution.".count).split(separator: ".").first ?? "") : ""
            guard let position = entry.pluralArguments[name] ?? firstNumber,
                  arguments.indices.contains(position - 1), let number = arguments[position - 1] else { return ["other"] }
            return (number == 0 ? ["zero"] : []) + [numbers.pluralCategory(of: number).rawValue, "other"]
        }
        var best: (entry: CatalogEntry, score: Int)?
        entries: for entry in entries {
            var score = 0
            for part in entry.variant.split(separator: "/").map(String.init) where !part.isEmpty {
                let value = String(part.split(separator: ".").last ?? "")
                if part.hasPrefix("device.") {
                    if value == device { score += 4 } else if value != "other" { continue entries }
                } else if part.hasPrefix("plural.") || part.contains(".plural.") {
                    guard let rank = wanted(part, in: entry).firstIndex(of: value) else { continue entries }
                    score += 3 - rank
                } else if part.hasPrefix("width."), let width = Int(value) {
                    score += min(width, 1 << 20)  // the widest
                }
            }
            if best.map({ score > $0.score }) ?? true { best = (entry, score) }
        }
        return best?.entry
    }
}

/// What a key showed in a locale, and where it came from (``LocalizedStrings/lookup(_:table:locale:device:arguments:)``).
public struct LocalizedStringLookup: Sendable, Hashable {
    /// Why the string shown is not the locale's own translation.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// No catalog has the key in this table: the key itself is shown, as SwiftUI shows it.
        case missingKey
        /// The catalogs have the key, but not in this locale's language: the source language's string.
        case notInLocale
        /// Found for a locale of another language in the chain (cannot happen for chains of one language).
        case otherLanguage
        /// The locale's entry is not translated (the catalog's word: `state`, `missing`, `empty`…):
        /// the source's string is shown.
        case untranslated(String)

        public var description: String {
            switch self {
            case .missingKey: "no catalog has the key"
            case .notInLocale: "not translated into this locale's language; the source language's string is shown"
            case .otherLanguage: "found in another language"
            case .untranslated(let why): "not translated (\(why)); the source language's string is shown"
            }
        }
    }

    /// The key looked up.
    public var key: String
    /// The table it was looked up in (`Localizable`).
    public var table: String
    /// The locale asked for.
    public var requestedLocale: String
    /// The string shown: a format with the key's arguments (`%lld Fotos`), or the key itself.
    public var format: String
    /// The catalog locale whose string was used (`de` for `de-CH`); `nil` when the key itself is shown.
    public var locale: String?
    /// The variant chosen (`plural.one`, `device.ipad`…; empty for a plain string).
    public var variant: String
    /// Whether the string is the requested locale's language's own translation.
    public var isTranslated: Bool
    /// Why not, when it is not.
    public var reason: Reason?
    /// Where the string is (file and line, or JSON path).
    public var origin: SourceLocation?
}
