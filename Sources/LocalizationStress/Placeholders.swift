import Catalogs
import Foundation
import Typography

// Sample values for format placeholders (found by Catalogs' ``FormatScanner``): deliberately wide,
// so the sweep measures what users will see, at its widest plausible.

/// The sample values placeholders are replaced by before measuring.
///
/// Numbers are written as each entry's locale writes them, and a plural variant's count is a number
/// its category selects in that locale (``substitute(_:locale:variant:)``; docs/stress.md, "Samples").
///
/// The defaults are deliberately wide: a width check is only as good as the widest value the app will
/// really show, and short samples (`%d` → `1`) hide the overflow that a large count or a long name
/// causes. Each default is plausible, not absurd, so that a failure it finds is one users can hit:
///
/// | kind | default | why |
/// |---|---|---|
/// | object (`%@`, `%s`) | `Maximilian Mustermann-Schmidt` | 29 characters: a real-looking long full name (German double-barrelled surname); the space and hyphen give the line breaker the break opportunities a real name has |
/// | integer (`%d`, `%lld`, `%x` …) | 8888888: `8,888,888` in English, `8.888.888` in German, `٨٬٨٨٨٬٨٨٨` in Arabic | seven digits with grouping separators, as a formatted count in the millions shows; 8 is among the widest digits where digits are proportional |
/// | float (`%f`, `%.2f` …) | 88888.88: `88,888.88` in English | five integer digits, grouping and two decimals (in a locale, the placeholder's precision: `%.1f` → `88,888.9`): a large price or measurement |
/// | character (`%c`) | `W` | the widest Latin capital in most fonts |
/// | pointer (`%p`) | `0x7FF888888888` | a typical 64-bit user-space address |
/// | named (`{name}`) | the object sample | unknown type: assume text |
/// | variable (`%#@name@`) | the object sample | an unresolved `.stringsdict` variable: assume text |
/// | percent (`%%`) | `%` | always; not configurable |
///
/// Every kind can be overridden (a text, used as written), and so can single placeholders, with a text
/// in ``names`` or a number in ``numbers`` (written in the locale's digits; a count for plural variants):
/// by their exact token (`"%1$@"`, `"{count}"`), by name for `{name}` arguments, `%#@name@` variables
/// and Python's `%(name)d` (`"count"`), or by the token without its position (`"%@"` also stands for
/// `%1$@` and `%2$@`). A token match wins over a name match, which wins over a position-free token
/// match, which wins over the kind's sample.
public struct PlaceholderSamples: Sendable, Hashable, Codable {
    /// For `%@`, `%s`, `%S`.
    public var object: String
    /// For `%d`, `%i`, `%u`, `%ld`, `%lld`, `%lu`, `%x`, `%o` … and `{n, number}`: the text used as
    /// written when ``integerNumber`` is nil, and by the locale-free ``substitute(_:)``.
    public var integer: String
    /// For `%f`, `%.2f`, `%e`, `%g` …: as ``integer`` for ``floatNumber``.
    public var float: String
    /// The number integer placeholders stand for, written in each locale's digits and grouping
    /// (8888888 by default); nil when ``integer`` was given as a text.
    public var integerNumber: Double?
    /// The number float placeholders stand for (88888.88 by default); nil when ``float`` was given as a text.
    public var floatNumber: Double?
    /// For `%c`, `%C`.
    public var character: String
    /// For `%p`.
    public var pointer: String
    /// For `{name}` arguments; `nil` uses ``object``.
    public var named: String?
    /// For unresolved `%#@name@` variables; `nil` uses ``object``.
    public var variable: String?
    /// Text samples for single placeholders, by token or by name (see the type's documentation).
    public var names: [String: String]
    /// Number samples for single placeholders, by token or by name: written in the locale's digits
    /// and grouping, and the count of a plural variant (see ``substitute(_:locale:variant:)``).
    public var numbers: [String: Double]

    /// The documented defaults (see the type's documentation).
    public static let standard = PlaceholderSamples()

    /// The standard integer sample: 8,888,888.
    public static let standardInteger: Double = 8_888_888
    /// The standard float sample: 88,888.88.
    public static let standardFloat: Double = 88_888.88

    /// `integer` and `float` given as texts are used as written (no number); left out, they are the
    /// standard numbers, written in each locale's way (`8,888,888` and `88,888.88` in English).
    public init(object: String = "Maximilian Mustermann-Schmidt", integer: String? = nil,
                float: String? = nil, character: String = "W", pointer: String = "0x7FF888888888",
                named: String? = nil, variable: String? = nil, names: [String: String] = [:],
                numbers: [String: Double] = [:]) {
        self.object = object
        self.integer = integer ?? "8,888,888"
        self.integerNumber = integer == nil ? Self.standardInteger : nil
        self.float = float ?? "88,888.88"
        self.floatNumber = float == nil ? Self.standardFloat : nil
        self.numbers = numbers
        self.character = character
        self.pointer = pointer
        self.named = named
        self.variable = variable
        self.names = names
    }

    /// The sample for one placeholder, as the locale-free ``substitute(_:)`` writes it (numbers in
    /// ``numbers`` written as English writes them).
    public func sample(for placeholder: Placeholder) -> String {
        if placeholder.kind == .percent { return "%" }
        if let (value, _) = explicitValue(for: placeholder) {
            switch value {
            case .text(let text): return text
            case .number(let number): return LocaleNumbers.forLocale("en").format(number, fractionDigits: Self.fractionDigits(of: number))
            }
        }
        return switch placeholder.kind {
        case .object: object
        case .integer: integer
        case .float: float
        case .character: character
        case .pointer: pointer
        case .named: named ?? object
        case .variable: variable ?? object
        case .percent: "%"
        }
    }

    /// `text` with every placeholder replaced by its sample, locale-free (``integer`` and ``float`` as
    /// written, English numbers); everything else (escapes, markup) is kept.
    public func substitute(_ text: String) -> String {
        FormatScanner.segments(text).map { segment in
            if case .placeholder(let placeholder) = segment { sample(for: placeholder) } else { segment.source }
        }.joined()
    }

    /// `text` with every placeholder replaced by its sample (as ``substitute(_:)``), or nil as soon as
    /// the result grows past `maxBytes` UTF-8 bytes — without building more than that. A cap on the texts
    /// of a catalog must hold for what is measured: a `%@` (2 bytes) becomes a 29-byte sample, so a 1 MiB
    /// text of them would be measured as ~15 MiB.
    public func substitute(_ text: String, maxBytes: Int) -> String? {
        substitute(text, locale: nil, variant: "", maxBytes: maxBytes)
    }

    /// These samples with the overrides' values put in (names are merged, the overrides' winning).
    public func applying(_ overrides: Overrides) -> PlaceholderSamples {
        var result = self
        if let value = overrides.object { result.object = value }
        if let value = overrides.integer {
            result.integer = value
            result.integerNumber = nil
        }
        if let value = overrides.float {
            result.float = value
            result.floatNumber = nil
        }
        if let value = overrides.character { result.character = value }
        if let value = overrides.pointer { result.pointer = value }
        if let value = overrides.named { result.named = value }
        if let value = overrides.variable { result.variable = value }
        // A later layer's text replaces an earlier number for the same key, and the other way round.
        for (key, value) in overrides.names {
            result.names[key] = value
            result.numbers[key] = nil
        }
        for (key, value) in overrides.numbers {
            result.numbers[key] = value
            result.names[key] = nil
        }
        return result
    }

    /// A partial set of samples, as a rules file gives them (`"placeholders": {"integer": "1,000"}`,
    /// `"samples": {"%@": "Ana", "count": 8888888}`).
    public struct Overrides: Sendable, Hashable, Codable {
        /// The sample for objects (`%@`).
        public var object: String?
        /// The sample for integers (`%d`, `%lld`).
        public var integer: String?
        /// The sample for floating-point numbers (`%f`).
        public var float: String?
        /// The sample for characters (`%c`).
        public var character: String?
        /// The sample for pointers (`%p`).
        public var pointer: String?
        /// The sample for named placeholders (`{name}`) that `names` does not list.
        public var named: String?
        /// The sample for `%#@variable@` references left after expansion.
        public var variable: String?
        /// Samples for placeholders by name or position (`{count}`, `%1$@`).
        public var names: [String: String]
        /// The numbers plural variants are sampled with, by category (`one`: 1).
        public var numbers: [String: Double]

        /// Samples that replace the defaults; a field left `nil` keeps its default.
        public init(object: String? = nil, integer: String? = nil, float: String? = nil, character: String? = nil,
                    pointer: String? = nil, named: String? = nil, variable: String? = nil,
                    names: [String: String] = [:], numbers: [String: Double] = [:]) {
            self.numbers = numbers
            self.object = object
            self.integer = integer
            self.float = float
            self.character = character
            self.pointer = pointer
            self.named = named
            self.variable = variable
            self.names = names
        }

        /// Whether nothing is overridden.
        public var isEmpty: Bool { self == Overrides() }
    }
}

/// The texts a sweep measures: each entry's text with its placeholders replaced by samples, held to
/// the same cap as the catalog's texts (`CatalogLimits.maxTextBytes`) once replaced.
public struct SampledTexts: Sendable {
    /// The indices of the entries kept, in order.
    public var kept: [Int] = []
    /// The text to measure for each kept entry.
    public var texts: [String] = []
    /// One problem per entry left out, at its origin, naming its key and locale.
    public var problems: [CatalogProblem] = []

    /// Replaces the placeholders of each of `entries` by `samples(index)`, written for the entry's locale
    /// and variant (``PlaceholderSamples/substitute(_:locale:variant:maxBytes:)``); an entry whose text would
    /// then be longer than `maxTextBytes` UTF-8 bytes is left out with a problem (a bad entry, as one
    /// whose text is over the cap as written).
    public init(_ entries: [CatalogEntry], samples: (Int) -> PlaceholderSamples, maxTextBytes: Int) {
        for (index, entry) in entries.enumerated() {
            if let text = samples(index).substitute(entry.text, locale: entry.locale, variant: entry.variant,
                                                    maxBytes: maxTextBytes) {
                kept.append(index)
                texts.append(text)
            } else {
                let variant = entry.variant.isEmpty ? "" : " \(entry.variant)"
                problems.append(CatalogProblem(entry.origin, "the text of '\(entry.key)' (\(entry.locale)\(variant)), \(entry.text.utf8.count) "
                                               + "bytes as written, is over the limit of \(maxTextBytes) (maxTextBytes) once its "
                                               + "placeholders are replaced by samples: not checked"))
            }
        }
    }
}
