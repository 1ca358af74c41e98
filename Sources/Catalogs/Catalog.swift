import Foundation
import Typography

// The shared model of the localization stress tester: what every catalog reader produces and
// what the sweep consumes. Readers live in Readers/, pseudo-localization and placeholders in
// Pseudo*.swift / Placeholders.swift, constraints in Rules.swift, the sweep and reports elsewhere.

/// One string to check: a key in one locale, one variant (plural category, device, width rule).
public struct CatalogEntry: Sendable, Hashable, Codable {
    /// The string's key (for Android `string-array`, `name[index]`; for gettext, `msgctxt|msgid`
    /// when a context is given, else `msgid`).
    public var key: String
    /// The locale, as the catalog names it (`de`, `pt-BR`, `zh-Hans`, `values-fr-rCA` → `fr-CA`).
    public var locale: String
    /// The variant path, empty for a plain string: `plural.one`, `device.ipad`, `width.50`,
    /// `device.iphone/plural.other`, `substitution.count.plural.few`… (Android string-array items are
    /// keys of their own, `name[index]`, with an empty variant).
    public var variant: String
    /// The text to measure (placeholders still in it).
    public var text: String
    /// The source-language text, when the catalog has it.
    public var sourceText: String?
    /// A translator comment or note.
    public var comment: String?
    /// False when the locale has no translation: the text is then what users see instead (the
    /// source's, or empty; see ``untranslatedReason``).
    public var isTranslated: Bool
    /// Why an entry is not translated (nil when it is), one word:
    /// - `fuzzy`: a gettext entry marked `#, fuzzy`, which `msgfmt` leaves out of the `.mo` (unless
    ///   `--use-fuzzy`), so users see the `msgid` (`msgid_plural` for the plural forms but the first);
    /// - `empty`: an empty translation (gettext `msgstr ""`, whose text is then the source's; an empty
    ///   later plural form `msgstr[n]` beside a non-empty `msgstr[0]`, which `msgfmt` keeps and users
    ///   see as an empty text; an XLIFF `<target>` that is empty or absent);
    /// - `missing`: the locale lacks the key (a `.strings`/`.stringsdict`/Android table without it, a
    ///   String Catalog key without that localization): the source's text, as the platform falls back;
    /// - `state`: the catalog's state says it is not translated (XLIFF `new`, `needs-translation`,
    ///   2.0 `initial`; String Catalog `new`); ``state`` holds the word.
    public var untranslatedReason: String?
    /// The catalog's own state word (`translated`, `needs_review`, `new`, `fuzzy`, …), if any.
    public var state: String?
    /// A width limit the catalog itself sets (XLIFF `maxwidth` with `size-unit="pixel"`), in points.
    public var maxWidth: Double?
    /// Where the entry comes from.
    public var origin: SourceLocation
    /// Which format argument (1-based) chooses each plural part of ``variant``, when the catalog
    /// says: by substitution or `.stringsdict` variable name (`count` for `substitution.count.plural.one`),
    /// and `""` for a `plural.…` part of its own. A part not listed is chosen by the text's first
    /// numeric argument. Used to pick the variant a view shows (``LocalizedStrings``); not written to
    /// reports (not part of the entry's coded form).
    public var pluralArguments: [String: Int] = [:]

    private enum CodingKeys: String, CodingKey {
        case key, locale, variant, text, sourceText, comment, isTranslated, untranslatedReason, state, maxWidth, origin
    }

    /// An entry: a key's text in a locale (and variant), with its source text, state and origin.
    public init(key: String, locale: String, variant: String = "", text: String, sourceText: String? = nil,
                comment: String? = nil, isTranslated: Bool = true, state: String? = nil, maxWidth: Double? = nil,
                untranslatedReason: String? = nil, origin: SourceLocation) {
        self.key = key
        self.locale = locale
        self.variant = variant
        self.text = text
        self.sourceText = sourceText
        self.comment = comment
        self.isTranslated = isTranslated
        self.state = state
        self.maxWidth = maxWidth
        self.untranslatedReason = untranslatedReason
        self.origin = origin
    }
}

/// A place in a catalog file: the file, and a line (text formats) or a JSON path (String Catalogs).
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The catalog file.
    public var file: String
    /// The line, for line-based formats (`.strings`, XML, `.po`).
    public var line: Int?
    /// The JSON path, for String Catalogs (`$.strings["Done"].localizations.de`).
    public var jsonPath: String?

    /// A place in `file`: a line or a JSON path.
    public init(file: String, line: Int? = nil, jsonPath: String? = nil) {
        self.file = file
        self.line = line
        self.jsonPath = jsonPath
    }

    public var description: String {
        if let line { return "\(file):\(line)" }
        if let jsonPath { return "\(file) \(jsonPath)" }
        return file
    }
}

/// Something wrong in a catalog: where, and what.
public struct CatalogProblem: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, in words.
    public var message: String

    /// A problem at `location`.
    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// The kind of a catalog file.
public enum CatalogFormat: String, Sendable, Hashable, CaseIterable {
    /// `.xcstrings`.
    case stringCatalog
    /// `.strings` in an `*.lproj` folder.
    case strings
    /// `.stringsdict` in an `*.lproj` folder.
    case stringsdict
    /// XLIFF 1.2 or 2.0.
    case xliff
    /// Android resources (`values*/strings.xml`: root `<resources>`).
    case android
    /// gettext `.po`.
    case gettext
}

/// Everything read from one or more catalog files.
public struct Catalog: Sendable {
    /// Every entry: key × locale × variant, with its text.
    public var entries: [CatalogEntry]
    /// The source language when a file names it (String Catalogs, XLIFF `source-language`).
    public var sourceLanguage: String?
    /// Source-language entries of the catalogs whose files are translations and carry their source
    /// beside them (XLIFF `<source>` of a `<file>` with a target language, gettext `msgid`): the
    /// source language is not one of these files' locales, so its entries are checked only when asked
    /// for (``entries(forLocales:sourceLanguage:)``: `--locales en`, or a pseudo-locale made from the
    /// source). One entry per key and variant (the first file's), in the source language's name
    /// (XLIFF `source-language`; for gettext the reader's `sourceLanguage`, else `en`), translated,
    /// their text the source text.
    public var sourceEntries: [CatalogEntry]
    /// Problems with single entries that did not stop the read (`--strict` turns the first into an error).
    public var problems: [CatalogProblem]
    /// The formats of the files read (`[.android]`: an Android app's, which `textfit stress` checks
    /// as Android by default).
    public var formats: Set<CatalogFormat>

    /// A catalog of these entries (what the readers give).
    public init(entries: [CatalogEntry] = [], sourceLanguage: String? = nil, sourceEntries: [CatalogEntry] = [],
                problems: [CatalogProblem] = [], formats: Set<CatalogFormat> = []) {
        self.entries = entries
        self.sourceLanguage = sourceLanguage
        self.sourceEntries = sourceEntries
        self.problems = problems
        self.formats = formats
    }
}

// MARK: - Locales

/// Locale names compared as the platforms compare them.
///
/// Two names are the same locale when their ``canonical(_:)`` forms are equal: `_` and `-` alike
/// (`pt_BR` = `pt-BR`), case as BCP 47 writes it (`zh-hant-tw` = `zh-Hant-TW`), Android's resource
/// qualifiers (`zh-rTW` = `zh-TW`, `b+sr+Latn` = `sr-Latn`), and the three legacy ISO 639 codes that
/// Java's `Locale` (and so Android's `values-iw`, `values-in`, `values-ji` folders) used for Hebrew,
/// Indonesian and Yiddish: `iw` = `he`, `in` = `id`, `ji` = `yi` (CLDR's language aliases; Java 17
/// switched `Locale` to the new codes). A name is otherwise compared exactly: `en` is not `en-US`.
public enum LocaleName {
    /// The legacy codes and the codes that replaced them (CLDR `languageAlias`; Java `Locale`).
    public static let legacyLanguages = ["iw": "he", "in": "id", "ji": "yi"]

    /// The canonical form of a locale name: `iw_IL` → `he-IL`, `values-zh-rTW`'s `zh-rTW` → `zh-TW`,
    /// `b+es+419` → `es-419`, `SR-latn` → `sr-Latn`; an encoding or modifier is dropped (`de_DE.UTF-8`
    /// → `de-DE`). A name that is not a language tag (`Base`, `pseudo-xa`) is only lowercased.
    public static func canonical(_ name: String) -> String {
        var tag = name.trimmingCharacters(in: .whitespaces)
        if tag.hasPrefix("b+") { tag = tag.dropFirst(2).replacingOccurrences(of: "+", with: "-") }
        tag = normalizeLocale(tag)
        var parts = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return tag.lowercased()
        }
        parts[0] = language.lowercased()
        parts[0] = legacyLanguages[parts[0]] ?? parts[0]
        for i in parts.indices.dropFirst() {
            let p = parts[i]
            if p.count == 4, p.allSatisfy({ $0.isASCII && $0.isLetter }) {
                parts[i] = p.prefix(1).uppercased() + p.dropFirst().lowercased()  // script
            } else if p.count == 3, p.hasPrefix("r") || p.hasPrefix("R"), p.dropFirst().allSatisfy({ $0.isASCII && $0.isLetter }) {
                parts[i] = p.dropFirst().uppercased()  // Android region qualifier rTW
            } else if p.count == 2, p.allSatisfy({ $0.isASCII && $0.isLetter }) {
                parts[i] = p.uppercased()  // region
            } else {
                parts[i] = p.lowercased()
            }
        }
        return parts.joined(separator: "-")
    }

    /// Whether `a` and `b` name the same locale (see the type's documentation).
    public static func same(_ a: String, _ b: String) -> Bool { canonical(a) == canonical(b) }

    /// What the sweep sets each of `locales` as, where that leaves something out: one line per
    /// locale, each once, in the order given (``CanonicalLocale/adjustment``: `locale 'de-XX' is
    /// measured as 'de': ICU has no locale data for de-XX`). A catalog's texts are shaped and broken
    /// in the canonical form of its locale name, so ICU and HarfBuzz see a bounded set of locales;
    /// reports still name each locale as the catalog does. The pseudo-locales (`pseudo-xa`…) are
    /// TextFit's own names, set with no language, and are not reported.
    public static func adjustments(_ locales: some Sequence<String>) -> [String] {
        var seen = Set<String>()
        var lines: [String] = []
        for locale in locales where seen.insert(locale).inserted && PseudoLocale(name: locale) == nil {
            if let line = CanonicalLocale(locale).adjustment { lines.append(line) }
        }
        return lines
    }
}

/// Locales asked for that the catalogs do not have: each name asked for, and the locales there are.
public struct LocaleSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The names asked for that match no locale of the catalogs (and are not pseudo-locales).
    public var missing: [String]
    /// The locales the catalogs have, as they name them, sorted; the source language among them.
    public var available: [String]
    /// The source language, when a pseudo-locale was asked for and the catalogs have no entries in it.
    public var sourceLanguageWithoutEntries: String?

    public var description: String {
        var parts: [String] = []
        if !missing.isEmpty {
            parts.append("no locale \(missing.map { "'\($0)'" }.joined(separator: ", ")) in the catalogs")
        }
        if let source = sourceLanguageWithoutEntries {
            parts.append("pseudo-locales are made from the source language '\(source)', which the catalogs have no strings in (give --source-language)")
        }
        let found = available.isEmpty ? "none" : available.joined(separator: ", ")
        return parts.joined(separator: "; ") + " (locales found: \(found))"
    }
}

extension Catalog {
    /// The locales the entries are in, as the catalogs name them, with the source language of
    /// ``sourceEntries`` (each once, sorted).
    public var locales: [String] {
        Array(Set(entries.map(\.locale) + sourceEntries.map(\.locale))).sorted()
    }

    /// The source language's entries: those of ``entries`` in `sourceLanguage` (compared with
    /// ``LocaleName/same(_:_:)``), else those of ``sourceEntries`` in it.
    public func sourceLanguageEntries(_ sourceLanguage: String) -> [CatalogEntry] {
        let own = entries.filter { LocaleName.same($0.locale, sourceLanguage) }
        return own.isEmpty ? sourceEntries.filter { LocaleName.same($0.locale, sourceLanguage) } : own
    }

    /// The entries to check for the locales `requested` (`--locales`), or every entry when nil.
    ///
    /// - A name is matched with ``LocaleName/same(_:_:)``: `he` selects a catalog's `iw` (Android's
    ///   `values-iw`) and `iw` its `he`, `zh-TW` its `values-zh-rTW`, `sr-Latn` its `values-b+sr+Latn`,
    ///   `pt_BR` its `pt-BR`. Entries keep the locale the catalog gives them (the report says `iw` when
    ///   the folder is `values-iw`), so a run and its files agree, whatever name was asked for.
    /// - The source language (`sourceLanguage`, else the catalog's, else `en`) is a locale like any
    ///   other: its entries of ``entries``, else of ``sourceEntries`` (XLIFF `<source>`, gettext `msgid`).
    /// - A pseudo-locale name (``PseudoLocale/init(name:)``: `pseudo-xa`, `en-XA`, …) gives the
    ///   pseudo-translations of the source language's entries (`Base`'s when no source language is
    ///   given or named by a file and `en` has none, as `CatalogReader` takes `Base.lproj` for the source).
    /// - A name asked for twice (or `he` and `iw`) is taken once, at its first place.
    ///
    /// - Throws: ``LocaleSelectionError`` naming every locale asked for that the catalogs do not have,
    ///   and the locales they have; and when a pseudo-locale is asked for but the source language has
    ///   no entries.
    public func entries(forLocales requested: [String]?, sourceLanguage: String? = nil) throws(LocaleSelectionError) -> [CatalogEntry] {
        guard let requested else { return entries }
        let source = sourceLanguage ?? self.sourceLanguage ?? "en"
        var byLocale: [String: [CatalogEntry]] = [:]
        for e in entries { byLocale[LocaleName.canonical(e.locale), default: []].append(e) }
        var missing: [String] = []
        var sourceless = false
        var seen = Set<String>()
        var selected: [CatalogEntry] = []
        for name in requested {
            if let pseudo = PseudoLocale(name: name) {
                guard seen.insert("pseudo:" + pseudo.rawValue).inserted else { continue }
                var from = sourceLanguageEntries(source)
                // Apple projects whose source table is Base.lproj (and no file names the language).
                if from.isEmpty, sourceLanguage == nil, self.sourceLanguage == nil { from = sourceLanguageEntries("Base") }
                if from.isEmpty { sourceless = true }
                selected += pseudo.pseudoEntries(from: from)
                continue
            }
            let key = LocaleName.canonical(name)
            guard seen.insert(key).inserted else { continue }
            if let own = byLocale[key] {
                selected += own
            } else if case let implied = sourceEntries.filter({ LocaleName.canonical($0.locale) == key }), !implied.isEmpty {
                selected += implied
            } else {
                missing.append(name)
            }
        }
        guard missing.isEmpty, !sourceless else {
            throw LocaleSelectionError(missing: missing, available: locales, sourceLanguageWithoutEntries: sourceless ? source : nil)
        }
        return selected
    }
}
