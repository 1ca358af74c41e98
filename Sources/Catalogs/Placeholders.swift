import Foundation

// Format placeholders in catalog strings: finding them (so pseudo-localization leaves them alone,
// the stress sweep can put samples in their place, and a view's key can put its arguments there).

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

    /// A placeholder as written (`token`), of `kind`, with its position (`%1$@`) or name (`{count}`).
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

extension FormatScanner {
    /// The argument (1-based) each `%#@name@` variable of `format` stands for, by name: its own
    /// position (`%2$#@files@`), else its place among the printf arguments before it, as
    /// `String(format:)` consumes them (`%@ has %#@count@`: `count` is argument 2). `%%`, `{name}`
    /// and escapes take no argument.
    public static func variableArguments(of format: String) -> [String: Int] {
        var positions: [String: Int] = [:]
        var next = 1
        for case .placeholder(let placeholder) in segments(format) {
            switch placeholder.kind {
            case .percent, .named: continue
            case .variable:
                let position = placeholder.position ?? next
                if let name = placeholder.name, positions[name] == nil { positions[name] = position }
                next = position + 1
            default:
                next = (placeholder.position ?? next) + 1
            }
        }
        return positions
    }
}
