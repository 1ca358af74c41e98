import Foundation

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
    /// False when the locale has no translation and the text is the source's (or empty).
    public var isTranslated: Bool
    /// The catalog's own state word (`translated`, `needs_review`, `new`, `fuzzy`, …), if any.
    public var state: String?
    /// A width limit the catalog itself sets (XLIFF `maxwidth` with `size-unit="pixel"`), in points.
    public var maxWidth: Double?
    /// Where the entry comes from.
    public var origin: SourceLocation

    public init(key: String, locale: String, variant: String = "", text: String, sourceText: String? = nil,
                comment: String? = nil, isTranslated: Bool = true, state: String? = nil, maxWidth: Double? = nil,
                origin: SourceLocation) {
        self.key = key
        self.locale = locale
        self.variant = variant
        self.text = text
        self.sourceText = sourceText
        self.comment = comment
        self.isTranslated = isTranslated
        self.state = state
        self.maxWidth = maxWidth
        self.origin = origin
    }
}

/// A place in a catalog file: the file, and a line (text formats) or a JSON path (String Catalogs).
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var jsonPath: String?

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
    public var location: SourceLocation
    public var message: String

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
    public var entries: [CatalogEntry]
    /// The source language when a file names it (String Catalogs, XLIFF `source-language`).
    public var sourceLanguage: String?
    /// Problems with single entries that did not stop the read (`--strict` turns the first into an error).
    public var problems: [CatalogProblem]
    /// The formats of the files read (`[.android]`: an Android app's, which `textfit stress` checks
    /// as Android by default).
    public var formats: Set<CatalogFormat>

    public init(entries: [CatalogEntry] = [], sourceLanguage: String? = nil, problems: [CatalogProblem] = [],
                formats: Set<CatalogFormat> = []) {
        self.entries = entries
        self.sourceLanguage = sourceLanguage
        self.problems = problems
        self.formats = formats
    }
}
