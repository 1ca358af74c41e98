import Foundation
import Typography

// Format placeholders: finding them (so pseudo-localization leaves them alone) and replacing them by
// deliberately wide sample values (so the sweep measures what users will see, at its widest plausible).

/// What a placeholder stands for; chooses its sample value.
public enum PlaceholderKind: String, CaseIterable, Sendable, Codable {
    /// An object or string: `%@`, `%s`, `%S` (and their positional forms such as `%1$@`), Python's
    /// `%(name)s`.
    case object
    /// An integer: `%d`, `%D`, `%i`, `%u`, `%U`, `%x`, `%X`, `%o`, `%O` with any length modifier
    /// (`%ld`, `%lld`, `%lu`, `%hhd`, `%zd`, `%qd` …), Java's `%,d`, Python's `%(count)d`, and ICU
    /// `{n, number}`.
    case integer
    /// A floating-point number: `%f`, `%F`, `%e`, `%E`, `%g`, `%G`, `%a`, `%A` (`%.2f`, `%lf` …).
    case float
    /// One character: `%c`, `%C`.
    case character
    /// A pointer: `%p`.
    case pointer
    /// A named argument in braces, ICU / Android style: `{name}`, `{0}`, `{name, type}`.
    case named
    /// A `.stringsdict` variable that no reader resolved: `%#@files@`, `%1$#@files@`.
    case variable
    /// The literal percent sign `%%`; always replaced by `%`.
    case percent
}

/// One format placeholder as written in a string.
public struct Placeholder: Sendable, Hashable {
    /// The placeholder exactly as written (`%1$@`, `%.2f`, `{name}`, `%#@files@`, `%%`).
    public var token: String
    /// What it stands for.
    public var kind: PlaceholderKind
    /// The argument number of a positional placeholder (`%2$d` → 2; `{0}` → nil, it is a name).
    public var position: Int?
    /// The name of a `{name}` argument, a `%#@name@` variable or a Python `%(name)s`.
    public var name: String?

    public init(token: String, kind: PlaceholderKind, position: Int? = nil, name: String? = nil) {
        self.token = token
        self.kind = kind
        self.position = position
        self.name = name
    }
}

/// A piece of a localized string: text a translator writes, or syntax that must survive untouched.
public enum FormatSegment: Sendable, Hashable {
    /// Translatable text.
    case text(String)
    /// A format placeholder.
    case placeholder(Placeholder)
    /// A backslash escape left in the text: `\n`, `\t`, `\"`, `\'`, `\\`, `\u00A0` (six characters).
    case escape(String)
    /// HTML/XML markup left in the text: a tag (`<b>`, `</b>`, `<a href="…">`) or an entity (`&amp;`, `&#160;`).
    case markup(String)

    /// The segment exactly as written.
    public var source: String {
        switch self {
        case .text(let text), .escape(let text), .markup(let text): text
        case .placeholder(let placeholder): placeholder.token
        }
    }
}

/// Splits localized strings into text, placeholders, escapes and markup.
///
/// Grammar recognised (anything else is text, so a stray `%` or `{` is just a character):
/// - printf / `String(format:)` / Java `String.format`: `%` [`n$`] [flags `-+#0'` and Java's `,` `(`]
///   [width: digits or `*`] [`.` precision: digits or `*`] [length `hh h l ll q L z t j`] conversion
///   (`@ s S d D i u U x X o O f F e E g G a A c C p`). Java's `,` (grouping) and `(` (negative in
///   parentheses) are taken only before a decimal conversion (`d i u D U f F e E g G`), as Java
///   allows them, so that `%(a` in prose stays text. A space (Java's and C's sign flag) is never taken:
///   `50% off` and French `50% de réduction` are far more common than the flag, and even after a
///   position (`%1$ d`) it would join a dangling `%1$` to the next word (fuzzing: pseudo-localization's
///   padding after `"%1$"` made `%1$ o` a placeholder the source did not have).
/// - Python's named form, as gettext's `python-format` uses it: `%(name)` [flags `-+#0`] [width]
///   [`.` precision] conversion (`s r a d i u o x X e E f F g G c`): `%(count)d` is an integer, `%(name)s`
///   (and `r`, `a`) an object, with the name for a sample by name.
/// - `%%`: a literal percent sign.
/// - `.stringsdict` variables: `%#@name@`, `%1$#@name@`.
/// - braces: `{name}`, `{0}`, `{name, type}` and `{name, type, style}` without nested braces. ICU
///   `plural`/`select` messages (which nest braces) are not parsed: their braces stay text.
/// - backslash escapes (`\` and the next character; `\uXXXX` as a whole) and markup (`<tag …>`, `</tag>`,
///   `&name;`, `&#123;`, `&#x1F600;`), which pseudo-localization must not alter either.
public enum FormatScanner {
    /// The segments of `text`, in order; joining their ``FormatSegment/source`` gives `text` back.
    public static func segments(_ text: String) -> [FormatSegment] {
        let scalars = Array(text.unicodeScalars)
        var segments: [FormatSegment] = []
        var pending = String.UnicodeScalarView()
        var index = 0

        func flush() {
            if !pending.isEmpty { segments.append(.text(String(pending))) }
            pending = String.UnicodeScalarView()
        }

        while index < scalars.count {
            let scalar = scalars[index]
            var found: (FormatSegment, Int)?
            switch scalar {
            case "%": found = printfPlaceholder(scalars, at: index).map { (.placeholder($0.0), $0.1) }
            case "{": found = bracePlaceholder(scalars, at: index).map { (.placeholder($0.0), $0.1) }
            case "\\": found = escape(scalars, at: index).map { (.escape($0.0), $0.1) }
            case "<": found = tag(scalars, at: index).map { (.markup($0.0), $0.1) }
            case "&": found = entity(scalars, at: index).map { (.markup($0.0), $0.1) }
            default: break
            }
            if let (segment, end) = found {
                flush()
                segments.append(segment)
                index = end
            } else {
                pending.append(scalar)
                index += 1
            }
        }
        flush()
        return segments
    }

    /// The placeholders of `text`, in order (`%%` included, as kind ``PlaceholderKind/percent``).
    public static func placeholders(in text: String) -> [Placeholder] {
        segments(text).compactMap { if case .placeholder(let placeholder) = $0 { placeholder } else { nil } }
    }

    // MARK: - printf

    private static func printfPlaceholder(_ s: [Unicode.Scalar], at start: Int) -> (Placeholder, Int)? {
        var j = start + 1
        guard j < s.count else { return nil }
        if s[j] == "%" { return (Placeholder(token: "%%", kind: .percent), j + 1) }

        // Positional argument: digits followed by `$`.
        var position: Int?
        let digitsEnd = skip(s, from: j, while: isDigit)
        if digitsEnd > j, digitsEnd < s.count, s[digitsEnd] == "$", let number = Int(string(s, j..<digitsEnd)) {
            position = number
            j = digitsEnd + 1
        }

        // `.stringsdict` variable: `#@name@`.
        if j + 1 < s.count, s[j] == "#", s[j + 1] == "@" {
            let nameStart = j + 2
            let nameEnd = skip(s, from: nameStart, while: isNameCharacter)
            guard nameEnd > nameStart, nameEnd < s.count, s[nameEnd] == "@" else { return nil }
            let token = string(s, start..<(nameEnd + 1))
            return (Placeholder(token: token, kind: .variable, position: position, name: string(s, nameStart..<nameEnd)),
                    nameEnd + 1)
        }

        if position == nil, s[j] == "(", let python = pythonPlaceholder(s, at: start) { return python }

        let flagsStart = j
        j = skip(s, from: j, while: { "-+#0',(".unicodeScalars.contains($0) })
        let javaFlags = s[flagsStart..<j].contains { $0 == "," || $0 == "(" }
        if j < s.count, s[j] == "*" { j += 1 } else { j = skip(s, from: j, while: isDigit) }
        if j < s.count, s[j] == "." {
            j += 1
            if j < s.count, s[j] == "*" { j += 1 } else { j = skip(s, from: j, while: isDigit) }
        }
        for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            let scalars = Array(modifier.unicodeScalars)
            if j + scalars.count <= s.count, Array(s[j..<(j + scalars.count)]) == scalars {
                j += scalars.count
                break
            }
        }
        guard j < s.count, let kind = conversionKind(s[j]) else { return nil }
        if javaFlags, !"diuDUfFeEgG".unicodeScalars.contains(s[j]) { return nil }
        return (Placeholder(token: string(s, start..<(j + 1)), kind: kind, position: position), j + 1)
    }

    /// Python's `%(name)…conversion`, starting at the `%` at `start` (see the type's documentation).
    private static func pythonPlaceholder(_ s: [Unicode.Scalar], at start: Int) -> (Placeholder, Int)? {
        let nameStart = start + 2
        let nameEnd = skip(s, from: nameStart, while: isNameCharacter)
        guard nameEnd > nameStart, nameEnd < s.count, s[nameEnd] == ")" else { return nil }
        // No space flag: `%(approx) used` would otherwise be a placeholder `%(approx) u`.
        var j = skip(s, from: nameEnd + 1, while: { "-+#0".unicodeScalars.contains($0) })
        j = skip(s, from: j, while: isDigit)
        if j < s.count, s[j] == "." { j = skip(s, from: j + 1, while: isDigit) }
        guard j < s.count else { return nil }
        let kind: PlaceholderKind
        switch s[j] {
        case "s", "r", "a": kind = .object
        case "d", "i", "u", "o", "x", "X": kind = .integer
        case "e", "E", "f", "F", "g", "G": kind = .float
        case "c": kind = .character
        default: return nil
        }
        return (Placeholder(token: string(s, start..<(j + 1)), kind: kind, name: string(s, nameStart..<nameEnd)), j + 1)
    }

    private static func conversionKind(_ scalar: Unicode.Scalar) -> PlaceholderKind? {
        switch scalar {
        case "@", "s", "S": .object
        case "d", "D", "i", "u", "U", "x", "X", "o", "O": .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": .float
        case "c", "C": .character
        case "p": .pointer
        default: nil
        }
    }

    // MARK: - Braces

    private static func bracePlaceholder(_ s: [Unicode.Scalar], at start: Int) -> (Placeholder, Int)? {
        guard let close = s[(start + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" || $0 == "\n" }),
              s[close] == "}" else { return nil }
        let parts = string(s, (start + 1)..<close).split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count <= 3, let name = parts.first, !name.isEmpty,
              name.unicodeScalars.allSatisfy(isNameCharacter),
              parts.dropFirst().allSatisfy({ !$0.isEmpty }) else { return nil }
        if parts.count > 1, !parts[1].unicodeScalars.allSatisfy(isNameCharacter) { return nil }
        let isNumber = parts.count > 1 && ["number", "integer"].contains(parts[1].lowercased())
        return (Placeholder(token: string(s, start..<(close + 1)), kind: isNumber ? .integer : .named, name: name),
                close + 1)
    }

    // MARK: - Escapes and markup

    private static func escape(_ s: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        guard start + 1 < s.count else { return nil }
        if s[start + 1] == "u", start + 6 <= s.count, s[(start + 2)..<(start + 6)].allSatisfy(isHexDigit) {
            return (string(s, start..<(start + 6)), start + 6)
        }
        return (string(s, start..<(start + 2)), start + 2)
    }

    private static func tag(_ s: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var j = start + 1
        if j < s.count, s[j] == "/" { j += 1 }
        guard j < s.count, isASCIILetter(s[j]) else { return nil }
        guard let close = s[j...].firstIndex(where: { $0 == ">" || $0 == "<" || $0 == "\n" }), s[close] == ">" else {
            return nil
        }
        return (string(s, start..<(close + 1)), close + 1)
    }

    private static func entity(_ s: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var j = start + 1
        if j < s.count, s[j] == "#" {
            j += 1
            if j < s.count, s[j] == "x" || s[j] == "X" {
                j += 1
                let end = skip(s, from: j, while: isHexDigit)
                guard end > j else { return nil }
                j = end
            } else {
                let end = skip(s, from: j, while: isDigit)
                guard end > j else { return nil }
                j = end
            }
        } else {
            let end = skip(s, from: j, while: { isASCIILetter($0) || isDigit($0) })
            guard end > j else { return nil }
            j = end
        }
        guard j < s.count, s[j] == ";" else { return nil }
        return (string(s, start..<(j + 1)), j + 1)
    }

    // MARK: - Helpers

    private static func skip(_ s: [Unicode.Scalar], from start: Int, while predicate: (Unicode.Scalar) -> Bool) -> Int {
        var j = start
        while j < s.count, predicate(s[j]) { j += 1 }
        return j
    }

    private static func string(_ s: [Unicode.Scalar], _ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: s[range])
        return String(view)
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
    private static func isASCIILetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
    private static func isHexDigit(_ c: Unicode.Scalar) -> Bool {
        isDigit(c) || ("a"..."f").contains(c) || ("A"..."F").contains(c)
    }
    private static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        isASCIILetter(c) || isDigit(c) || c == "_" || c == "." || c == "-"
    }
}

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
        public var object: String?
        public var integer: String?
        public var float: String?
        public var character: String?
        public var pointer: String?
        public var named: String?
        public var variable: String?
        public var names: [String: String]
        public var numbers: [String: Double]

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
