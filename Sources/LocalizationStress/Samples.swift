import Catalogs
import Foundation
import Typography

// Realistic samples: numbers in the entry's locale (CLDR digits and grouping, through ICU), and in a
// plural variant a count that its category selects in that locale (CLDR plural rules).

/// A sample as given: a text used as written, or a number written in the locale's way.
enum SampleValue: Sendable, Hashable {
    case text(String)
    case number(Double)
}

/// One plural category of a variant path: `plural.one` (no name), `substitution.files.plural.few`
/// (name `files`).
public struct VariantPlural: Sendable, Hashable {
    /// The substitution or variable the category belongs to, when the path names it.
    public var name: String?
    /// The plural category of the variant.
    public var category: PluralCategory

    /// A plural variant of `category`, belonging to the substitution `name` (if any).
    public init(name: String?, category: PluralCategory) {
        self.name = name
        self.category = category
    }

    /// The plural categories of a variant path, in path order: `plural.one` → [(nil, one)];
    /// `device.mac/substitution.count.plural.one/substitution.files.plural.other` → [(count, one),
    /// (files, other)]. Components that are not CLDR categories (gettext's `plural.0`, `device.ipad`,
    /// `width.50`) give none.
    public static func parse(_ variant: String) -> [VariantPlural] {
        guard variant.contains("plural.") else { return [] }
        var found: [VariantPlural] = []
        for component in variant.split(separator: "/") {
            let parts = component.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            for i in parts.indices.dropLast() where parts[i] == "plural" {
                guard let category = PluralCategory(rawValue: parts[i + 1]) else { continue }
                let name = i >= 2 && parts[i - 2] == "substitution" ? parts[i - 1] : nil
                found.append(VariantPlural(name: name, category: category))
            }
        }
        return found
    }
}

extension PlaceholderSamples {
    /// The locale whose numbers and plural rules a catalog locale uses: itself, but English for the
    /// pseudo-locales (`pseudo-xa`…, made from the source text, which is most often English).
    public static func numberLocale(for locale: String) -> String {
        locale.lowercased().hasPrefix("pseudo-") ? "en" : locale
    }

    /// `text` with every placeholder replaced by its sample as `locale` writes it, in `variant`
    /// (`CatalogEntry.variant`). `locale` nil is ``substitute(_:)``.
    ///
    /// - Numbers (the integer and float samples, and ``numbers``) are written by ICU for the locale
    ///   (``LocaleNumbers``): its digits (CLDR's defaultNumberingSystem), grouping and decimal
    ///   separator. Float placeholders get their precision (`%.1f`: one decimal; none written: two),
    ///   other placeholders the number's own decimals.
    /// - In a plural variant (``VariantPlural/parse(_:)``), each plural category gets one count
    ///   argument: first the placeholders named as the category's substitution (`{count}`,
    ///   `%(count)d` for `substitution.count.plural.one`), then, in path order, the remaining count
    ///   arguments in argument order (`%2$d` is argument 2; unnumbered ones count from 1 in text
    ///   order; named ones, one argument per name, come after them in text order). Count arguments are integer placeholders and any placeholder given a number (not
    ///   float placeholders). The count is the number ``LocaleNumbers/number(selecting:notAbove:)``
    ///   chooses for the category, with the placeholder's number as target: with the default 8888888,
    ///   `one` is 1 in English and 8,888,881 in Russian, `few` 8,888,884 in Russian and Polish, `many`
    ///   8,888,888 in Russian and 8,000,000 in French. A category no whole number selects in the
    ///   locale (Russian `other`, or one the locale does not have) keeps the target.
    /// - A placeholder given a text (a kind's text such as `placeholders.integer`, or ``names``) is
    ///   written as given, even as a count.
    public func substitute(_ text: String, locale: String?, variant: String = "") -> String {
        substitute(text, locale: locale, variant: variant, maxBytes: Int.max)!
    }

    /// As ``substitute(_:locale:variant:)``, or nil as soon as the result grows past `maxBytes` UTF-8
    /// bytes (see ``substitute(_:maxBytes:)``).
    public func substitute(_ text: String, locale: String?, variant: String = "", maxBytes: Int) -> String? {
        let segments = FormatScanner.segments(text)
        let numbers = locale.map { LocaleNumbers.forLocale(Self.numberLocale(for: $0)) }
        let counts = numbers.map { countSamples(segments, variant: variant, numbers: $0) } ?? [:]
        var out = ""
        var bytes = 0
        for (index, segment) in segments.enumerated() {
            let piece: String
            if case .placeholder(let placeholder) = segment {
                if let numbers {
                    piece = counts[index].map { numbers.format($0) } ?? sample(for: placeholder, in: numbers)
                } else {
                    piece = sample(for: placeholder)
                }
            } else {
                piece = segment.source
            }
            bytes += piece.utf8.count
            guard bytes <= maxBytes else { return nil }
            out += piece
        }
        return out
    }

    /// The sample of `placeholder` written as `numbers`' locale writes it (no plural choice).
    func sample(for placeholder: Placeholder, in numbers: LocaleNumbers) -> String {
        switch value(for: placeholder) {
        case .text(let text): text
        case .number(let number):
            numbers.format(number, fractionDigits: placeholder.kind == .float
                           ? Self.precision(of: placeholder) ?? 2 : Self.fractionDigits(of: number))
        }
    }

    /// The value of `placeholder`: given for it (``explicitValue(for:)``), else its kind's.
    func value(for placeholder: Placeholder) -> SampleValue {
        if placeholder.kind == .percent { return .text("%") }
        if let (value, _) = explicitValue(for: placeholder) { return value }
        switch placeholder.kind {
        case .integer: return integerNumber.map { .number($0) } ?? .text(integer)
        case .float: return floatNumber.map { .number($0) } ?? .text(float)
        default: return .text(sample(for: placeholder))
        }
    }

    /// The sample given for this placeholder in ``names`` or ``numbers``, and the key that matched:
    /// its exact token, else its name, else its token without the position (`%1$@` → `%@`).
    func explicitValue(for placeholder: Placeholder) -> (SampleValue, key: String)? {
        if names.isEmpty && numbers.isEmpty { return nil }
        var keys = [placeholder.token]
        if let name = placeholder.name { keys.append(name) }
        if placeholder.position != nil, let stripped = Self.positionFree(placeholder.token) { keys.append(stripped) }
        for key in keys {
            if let text = names[key] { return (.text(text), key) }
            if let number = numbers[key] { return (.number(number), key) }
        }
        return nil
    }

    /// The counts of a plural variant, by segment index (see ``substitute(_:locale:variant:)``).
    private func countSamples(_ segments: [FormatSegment], variant: String, numbers: LocaleNumbers) -> [Int: Int] {
        var plurals = VariantPlural.parse(variant)
        guard !plurals.isEmpty else { return [:] }
        // Count arguments: (argument number, segment index, placeholder, target number).
        var arguments: [(argument: Int, index: Int, placeholder: Placeholder, target: Double)] = []
        var unnumbered = 0
        var named: [String: Int] = [:]
        for (index, segment) in segments.enumerated() {
            guard case .placeholder(let placeholder) = segment, placeholder.kind != .percent,
                  placeholder.kind != .float else { continue }
            let explicit = explicitValue(for: placeholder)
            let target: Double
            switch explicit?.0 ?? value(for: placeholder) {
            case .number(let number): target = number
            case .text:
                // A placeholder named as a plural substitution is its count, unless given a text.
                guard explicit == nil, placeholder.kind != .integer, let name = placeholder.name,
                      plurals.contains(where: { $0.name == name }) else { continue }
                target = integerNumber ?? Self.standardInteger
            }
            let argument: Int
            if let position = placeholder.position {
                argument = position
            } else if let name = placeholder.name {
                // One argument per name, after every numbered one.
                argument = named[name] ?? 1_000_000 + named.count
                named[name] = argument
            } else {
                unnumbered += 1
                argument = unnumbered
            }
            arguments.append((argument, index, placeholder, target))
        }
        var counts: [Int: Int] = [:]
        func assign(_ plural: VariantPlural, to argument: Int) {
            for item in arguments where item.argument == argument && counts[item.index] == nil {
                let target = Int(exactly: item.target.rounded(.towardZero)) ?? Int(Self.standardInteger)
                counts[item.index] = numbers.number(selecting: plural.category, notAbove: target) ?? target
            }
        }
        // Named first: `{count}` for substitution `count`.
        var taken = Set<Int>()
        plurals.removeAll { plural in
            guard let name = plural.name,
                  let match = arguments.first(where: { $0.placeholder.name == name && !taken.contains($0.argument) }) else {
                return false
            }
            taken.insert(match.argument)
            assign(plural, to: match.argument)
            return true
        }
        // Then in order.
        let remaining = Array(Set(arguments.map(\.argument)).subtracting(taken)).sorted()
        for (plural, argument) in zip(plurals, remaining) { assign(plural, to: argument) }
        return counts
    }

    /// The precision written in a float placeholder (`%.2f` → 2, `%(x).1f` → 1); nil when none or `*`.
    static func precision(of placeholder: Placeholder) -> Int? {
        guard let dot = placeholder.token.lastIndex(of: ".") else { return nil }
        let digits = placeholder.token[placeholder.token.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
        return Int(digits).map { min($0, 15) }
    }

    /// The decimals a number needs to be written exactly (at most 6): 8888888 → 0, 2.5 → 1.
    static func fractionDigits(of number: Double) -> Int {
        var scaled = number
        for digits in 0...6 {
            if abs(scaled - scaled.rounded()) < 1e-9 * max(1, abs(scaled)) { return digits }
            scaled *= 10
        }
        return 6
    }

    /// A printf token without its position: `%1$@` → `%@`, `%2$#@files@` → `%#@files@`.
    static func positionFree(_ token: String) -> String? {
        guard token.hasPrefix("%"), let dollar = token.firstIndex(of: "$") else { return nil }
        let digits = token[token.index(after: token.startIndex)..<dollar]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return "%" + token[token.index(after: dollar)...]
    }
}
