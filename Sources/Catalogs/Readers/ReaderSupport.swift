import Foundation

// Shared plumbing of the catalog readers: the problem log (`strict` turns the first problem into an
// error), text decoding with byte-order marks, variant naming, source-text lookup, and the C escapes
// of `.strings` and `.po`.

/// Collects entry-level problems; in strict mode the first one is thrown instead.
struct ProblemLog {
    let strict: Bool
    var problems: [CatalogProblem] = []

    init(strict: Bool) { self.strict = strict }

    /// Records `problem`, or throws it when strict.
    mutating func report(_ problem: CatalogProblem) throws {
        if strict { throw problem }
        problems.append(problem)
    }

    mutating func report(_ location: SourceLocation, _ message: String) throws {
        try report(CatalogProblem(location, message))
    }
}

/// What one file reader returns before the catalogs are merged.
struct FileReadResult {
    var entries: [CatalogEntry] = []
    /// The file's format (set by `CatalogReader.readFile`).
    var format: CatalogFormat?
    var sourceLanguage: String?
    /// For formats without a source text of their own (`.strings`, `.stringsdict`, Android): the table
    /// the entries belong to (`apple:Localizable`, `android:strings.xml`), used to fill source texts and
    /// untranslated keys across locales. Nil for self-contained formats.
    var table: String?
    /// True when this file is known to hold the source language (Android `values/`).
    var isSourceTable = false
    /// Keys this file defines but that were skipped for a problem (reported), with their locale: table
    /// completion must not add them back as untranslated copies of the source, which would measure the
    /// source text where a translation exists and call it missing.
    var skipped: [(key: String, locale: String)] = []
    /// Android: the file's locale (from its folder), and its values that refer to a string
    /// (`@string/name`), by `key + "\u{1}" + variant` → `name`, resolved once all files are read
    /// (`AndroidReader.resolveReferences`).
    var locale: String?
    var references: [String: String] = [:]
    /// Android: the file is in a device or configuration variant folder (`values-night`), whose strings
    /// are not read: the folder, its qualifiers (`night`) and how many string resources it has.
    var variantFolder: (folder: String, qualifiers: String, strings: Int)?
    /// Source-language entries of a file that is a translation carrying its source (XLIFF `<source>`,
    /// gettext `msgid`): see `Catalog.sourceEntries`.
    var sourceEntries: [CatalogEntry] = []
    /// Android: the names this file marks `translatable="false"` (not read), for the warning about a
    /// translation of such a string.
    var untranslatable: Set<String> = []
}

/// Bounds on expanding format references (`%#@name@`) into texts, so that a small hostile file cannot
/// make a reader work or allocate without end: a real key uses one to three variables of at most six
/// plural categories (216 texts of some hundred bytes). Past a bound the key (or localization) is
/// reported and skipped.
enum ReferenceExpansion {
    /// How deep `.stringsdict` variables may nest (a category's text referring to another variable).
    static let maxNesting = 16
    /// The most texts one key or localization may expand to.
    static let maxTexts = 4_096
    /// The most UTF-8 bytes those texts, and the partial ones on the way, may hold together (4 MiB).
    static let maxBytes = 1 << 22
}

enum TextDecoding {
    /// Decodes a text file: UTF-8 (with or without BOM), or UTF-16 with a BOM in either byte order.
    static func decode(_ data: Data, file: String) throws -> String {
        let bytes = [UInt8](data.prefix(3))
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            guard let s = String(bytes: data.dropFirst(2), encoding: .utf16LittleEndian) else {
                throw CatalogProblem(SourceLocation(file: file), "not valid UTF-16 (little-endian BOM)")
            }
            return s
        }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            guard let s = String(bytes: data.dropFirst(2), encoding: .utf16BigEndian) else {
                throw CatalogProblem(SourceLocation(file: file), "not valid UTF-16 (big-endian BOM)")
            }
            return s
        }
        var body = data
        if bytes.count == 3, bytes == [0xEF, 0xBB, 0xBF] { body = data.dropFirst(3) }
        guard let s = String(bytes: body, encoding: .utf8) else {
            throw CatalogProblem(SourceLocation(file: file), "not UTF-8, and no UTF-16 byte-order mark")
        }
        return s
    }

    static func readData(_ path: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogProblem(SourceLocation(file: path), "cannot read the file")
        }
    }
}

/// The plural categories of CLDR, in their canonical order.
let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

/// Device names of String Catalogs and `NSStringDeviceSpecificRuleType`, in a fixed order.
let deviceNames = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "other"]

/// Sorts `names` by their place in `canonical`, unknown names after them alphabetically.
func canonicalOrder(_ names: some Sequence<String>, _ canonical: [String]) -> [String] {
    names.sorted { a, b in
        let ia = canonical.firstIndex(of: a) ?? Int.max, ib = canonical.firstIndex(of: b) ?? Int.max
        return ia != ib ? ia < ib : a < b
    }
}

/// Joins variant path components with `/`, skipping empty ones.
func joinVariant(_ parts: [String]) -> String {
    parts.filter { !$0.isEmpty }.joined(separator: "/")
}

/// Finds the source text for `variant` among the source's variants: the same variant, else the same
/// path with its last category replaced by `other` (`plural.few` → `plural.other`), else the plain
/// string, else the first variant ending in `plural.other`, else the first variant.
func sourceText(for variant: String, in source: [(variant: String, text: String)]) -> String? {
    SourceTexts(source).text(for: variant)
}

/// The source's variants indexed for `sourceText(for:in:)`'s lookup, for a caller that looks up many
/// variants in one source: a search of the list per variant made a key of n variants O(n²).
/// - Complexity: O(n) to build, O(variant length) per lookup.
struct SourceTexts {
    private var byVariant: [String: String] = [:]
    private var pluralOther: String?
    private var first: String?

    init(_ source: [(variant: String, text: String)]) {
        for (variant, text) in source {
            if byVariant[variant] == nil { byVariant[variant] = text }
            if pluralOther == nil, variant.hasSuffix("plural.other") { pluralOther = text }
        }
        first = source.first?.text
    }

    /// The source text for `variant` (see `sourceText(for:in:)`).
    func text(for variant: String) -> String? {
        if let hit = byVariant[variant] { return hit }
        if let dot = variant.lastIndex(of: "."), let hit = byVariant[variant[..<dot] + ".other"] { return hit }
        if let plain = byVariant[""] { return plain }
        return pluralOther ?? first
    }
}

extension CatalogEntry {
    /// The width of a `width.N` variant (a `NSStringVariableWidthRuleType` case), or nil.
    ///
    /// Any component of the variant path may carry the width (`width.20`, `device.mac/width.20`).
    public var variantWidth: Int? {
        for part in variant.split(separator: "/") where part.hasPrefix("width.") {
            return Int(part.dropFirst("width.".count))
        }
        return nil
    }
}

/// Picks, among the `width.N` variants of one key and locale, the one the OS would show for a
/// presentation width of `width`: the largest `N` not above `width`, else the smallest `N`
/// (`NSString.variantFittingPresentationWidth`). Apple counts these widths in ems (the number of
/// "M" characters that fit), so a caller with a container in points divides by the font's em size.
/// Entries without a width variant are ignored; returns nil when none has one.
public func widthVariant(for width: Double, among entries: [CatalogEntry]) -> CatalogEntry? {
    let sized = entries.compactMap { e in e.variantWidth.map { (w: $0, entry: e) } }
    guard !sized.isEmpty else { return nil }
    if let fit = sized.filter({ Double($0.w) <= width }).max(by: { $0.w < $1.w }) { return fit.entry }
    return sized.min(by: { $0.w < $1.w })?.entry
}

/// A BCP 47 style name for a gettext/POSIX locale: `pt_BR` → `pt-BR`; the modifier and the encoding
/// are dropped (`sr@latin` → `sr`, `de_DE.UTF-8` → `de-DE`).
func normalizeLocale(_ tag: String) -> String {
    var t = tag.trimmingCharacters(in: .whitespaces)
    if let at = t.firstIndex(of: "@") { t = String(t[..<at]) }
    if let dot = t.firstIndex(of: ".") { t = String(t[..<dot]) }
    return t.replacingOccurrences(of: "_", with: "-")
}

/// True when `s` looks like a language tag (`fr`, `pt_BR`, `zh-Hans`, `es-419`).
func looksLikeLocale(_ s: String) -> Bool {
    let parts = s.split(whereSeparator: { $0 == "_" || $0 == "-" })
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return false
    }
    return parts.dropFirst().allSatisfy { p in (2...8).contains(p.count) && p.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
}

/// The C escapes that `.strings` and gettext `.po` files share.
enum CEscape {
    /// The control character a one-letter escape (`\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v`) stands
    /// for, or nil for any other letter.
    static func control(_ letter: Unicode.Scalar) -> Unicode.Scalar? {
        switch letter {
        case "n": "\n"
        case "t": "\t"
        case "r": "\r"
        case "a": "\u{07}"
        case "b": "\u{08}"
        case "f": "\u{0C}"
        case "v": "\u{0B}"
        default: nil
        }
    }

    /// An octal escape (`\101`): `first` and up to two more octal digits read from `scalars` at `index`,
    /// which moves past them. A value that is not a scalar becomes U+FFFD.
    static func octal(first: Unicode.Scalar, in scalars: [Unicode.Scalar], at index: inout Int) -> Unicode.Scalar {
        var value = first.value - 48
        var digits = 1
        while digits < 3, index < scalars.count, ("0"..."7").contains(scalars[index]) {
            value = value * 8 + scalars[index].value - 48
            index += 1
            digits += 1
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
