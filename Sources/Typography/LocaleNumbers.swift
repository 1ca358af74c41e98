import CICU

// A locale's numbers as CLDR defines them, through ICU (CICU's `textfit_plural_*` and
// `textfit_number_*`): which plural category a count selects ("1 file", "21 файл", "22 файла",
// "25 файлов"), and how a number is written (digits, grouping, decimal separator).

/// A CLDR plural category (UTS #35, Language Plural Rules), as the `count` attribute of
/// `plurals.xml` and the variants of String Catalogs, `.stringsdict` and Android `<plurals>` name it.
public enum PluralCategory: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// CLDR's plural categories.
    case zero, one, two, few, many, other

    /// CLDR's order (zero, one, two, few, many, other).
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A locale's cardinal plural rules and decimal number format, from ICU (CLDR's data).
///
/// ```swift
/// let ru = LocaleNumbers.forLocale("ru")
/// ru.pluralCategory(of: 21)                          // .one
/// ru.number(selecting: .few, notAbove: 8_888_888)    // 8888884
/// ru.format(8_888_888)                               // "8 888 888" (U+00A0 groups)
/// LocaleNumbers.forLocale("ar-EG").format(1234)      // "١٬٢٣٤" (Arabic-Indic digits)
/// ```
///
/// - Locales are ICU locale IDs (`ar_EG`) or BCP 47 tags (`ar-EG`, `sr-Latn`, `zh-Hans-TW`); ICU falls
///   back along the locale's parents for what a locale lacks (`ar_EG` → `ar` → root), and a locale
///   it does not know at all, or a tag it cannot read, gets the root locale's rules and format (only
///   `other`; Latin digits, `,` groups, `.` decimals).
/// - Numbers are written in the locale's default numbering system (CLDR `defaultNumberingSystem`:
///   `arab` for `ar` and `ar-EG`, `latn` for `ar-MA`, `arabext` for `fa`, `deva` for `mr`), with its
///   grouping (`#,##0` in threes, `#,##,##0` in Indian style for `hi` and `mr`; a minimum of two
///   grouping digits in `pl` and `es`: `1234` but `12 345`) and symbols.
/// - The locale is made canonical first (``CanonicalLocale``: `de-XX` is `de`, `qx-ZZ` no locale),
///   and ICU is opened for the canonical tag with its `nu` keyword alone, so ICU is asked about a
///   bounded set of locales whatever strings come in.
/// - Thread-safe: the ICU handles are used under a lock. ``forLocale(_:)`` keeps one instance per
///   canonical locale (up to ``cacheLimit`` locales), and each instance remembers what it formatted and chose.
public final class LocaleNumbers: Sendable {
    /// The locale whose numbers these are: the canonical tag of the locale given, with its `nu`
    /// keyword alone (`ar-EG-u-nu-latn`; `ja-u-lb-strict` is `ja`); `""` for the root locale.
    public let locale: String
    /// The categories of the locale's cardinal rules, in CLDR order (always including `other`).
    public let pluralCategories: [PluralCategory]
    /// The name of the locale's default numbering system (`latn`, `arab`, `arabext`, `deva`, `beng`…).
    public let numberingSystem: String

    /// The most locales ``forLocale(_:)`` keeps; past it, instances are made afresh.
    public static let cacheLimit = 256

    private struct State {
        let handles: Handles
        var formatted: [FormatKey: String] = [:]
        var chosen: [ChoiceKey: Int?] = [:]
    }

    private struct FormatKey: Hashable {
        var number: Double
        var fractionDigits: Int
    }

    private struct ChoiceKey: Hashable {
        var category: PluralCategory
        var target: Int
    }

    /// The ICU handles, closed when the instance goes. Used only under `state`'s lock.
    private final class Handles: @unchecked Sendable {
        let rules: OpaquePointer
        let format: OpaquePointer

        init(rules: OpaquePointer, format: OpaquePointer) {
            self.rules = rules
            self.format = format
        }

        deinit {
            textfit_plural_close(rules)
            textfit_number_close(format)
        }
    }

    private let state: Locked<State>
    private static let cache = Locked<[String: LocaleNumbers]>([:])

    /// The instance for `locale`, made once (see the type's documentation for locales ICU does not
    /// know). Traps only if ICU's data is missing even for the root locale (an installation error).
    public static func forLocale(_ locale: String) -> LocaleNumbers {
        let locale = CanonicalLocale.numberLocale(locale)
        if let cached = cache.withLock({ $0[locale] }) { return cached }
        let made = LocaleNumbers(canonical: locale)
        return cache.withLock { cache in
            if let cached = cache[locale] { return cached }
            if cache.count < cacheLimit { cache[locale] = made }
            return made
        }
    }

    /// Opens ICU's rules and format for `locale`, made canonical (the root locale's when ICU cannot read it).
    public convenience init(locale: String) {
        self.init(canonical: CanonicalLocale.numberLocale(locale))
    }

    /// Opens ICU's rules and format for a locale already made canonical (``CanonicalLocale/numberLocale(_:)``).
    private init(canonical locale: String) {
        self.locale = locale
        var status: Int32 = 0
        var rules = textfit_plural_open(locale, &status)
        var format = textfit_number_open(locale, &status)
        var systemName = Self.text(capacity: 32) { textfit_numbering_system(locale, $0, $1, &status) }
        if rules == nil || format == nil || systemName == nil {
            textfit_plural_close(rules)
            textfit_number_close(format)
            rules = textfit_plural_open("", &status)
            format = textfit_number_open("", &status)
            systemName = Self.text(capacity: 32) { textfit_numbering_system("", $0, $1, &status) }
        }
        guard let rules, let format, let systemName else {
            preconditionFailure("ICU's plural rules or number format cannot be opened even for the root locale: "
                                + String(cString: textfit_error_name(status)))
        }
        let handles = Handles(rules: rules, format: format)
        let names = Self.text(capacity: 64) { textfit_plural_categories(rules, $0, $1, &status) } ?? "other"
        let categories = Set(names.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) })
        pluralCategories = PluralCategory.allCases.filter { categories.contains($0) || $0 == .other }
        numberingSystem = systemName
        state = Locked(State(handles: handles))
    }

    /// The plural category `number` selects (as an integer, or a decimal written with as many fraction
    /// digits as it needs: CLDR's operands n, i, v, f… of the plain value).
    public func pluralCategory(of number: Double) -> PluralCategory {
        state.withLock { state in Self.select(number, state.handles) }
    }

    /// The plural category the whole number `number` selects.
    public func pluralCategory(of number: Int) -> PluralCategory { pluralCategory(of: Double(number)) }

    /// `number` with the locale's digits and grouping (no decimals).
    public func format(_ number: Int) -> String { format(Double(number), fractionDigits: 0) }

    /// `number` with the locale's digits, grouping and decimal separator, and exactly `fractionDigits`
    /// (clamped to 0…15) digits after it (halves round to even, as ICU rounds by default).
    public func format(_ number: Double, fractionDigits: Int) -> String {
        guard number.isFinite else { return number.isNaN ? "NaN" : (number < 0 ? "-∞" : "∞") }
        let key = FormatKey(number: number, fractionDigits: min(15, max(0, fractionDigits)))
        return state.withLock { state in
            if let known = state.formatted[key] { return known }
            var status: Int32 = 0
            let handles = state.handles
            let text: String?
            if key.fractionDigits == 0, abs(number) < 9.0e15, number == number.rounded() {
                text = Self.text(capacity: 160) { textfit_number_format_int64(handles.format, Int64(number), $0, $1, &status) }
            } else {
                text = Self.text(capacity: 160) {
                    textfit_number_format_double(handles.format, number, Int32(key.fractionDigits), $0, $1, &status)
                }
            }
            guard let text else {
                preconditionFailure("ICU number formatting failed: \(String(cString: textfit_error_name(status)))")
            }
            if state.formatted.count >= 4096 { state.formatted.removeAll(keepingCapacity: true) }
            state.formatted[key] = text
            return text
        }
    }

    /// A whole number that selects `category`, as near `target` as the rules allow: the largest one
    /// not above `target`, else (a category only larger numbers select, such as French `many`, a
    /// multiple of a million, for a small target) the smallest one above it; `nil` when no whole number
    /// selects it (Russian `other`, which only fractions select) or the locale has no such category.
    ///
    /// For `target` 8,888,888: English `one` → 1, `other` → 8,888,888; Russian `one` → 8,888,881,
    /// `few` → 8,888,884, `many` → 8,888,888; French `many` → 8,000,000. For 25: Russian `one` → 21,
    /// Polish `few` → 24. A negative target gives the negated choice for its magnitude (CLDR's rules
    /// read the absolute value).
    ///
    /// Searched among the whole numbers `target − 999 … target` (every rule on the last three digits),
    /// the multiples of each power of ten from 10³ up to `target` (rules such as `i % 1000000 = 0`), and
    /// 0 … 999 (rules on small values, `n = 2`); above the target, `target + 1 … target + 1,000` and the
    /// powers of ten up to 10¹⁵. `target` is clamped to ±999,999,999,999,999.
    public func number(selecting category: PluralCategory, notAbove target: Int) -> Int? {
        let limit = 999_999_999_999_999
        if target < 0 { return number(selecting: category, notAbove: -target).map { -$0 } }
        let target = min(target, limit)
        guard pluralCategories.contains(category) else { return nil }
        let key = ChoiceKey(category: category, target: target)
        return state.withLock { state in
            if let known = state.chosen[key] { return known }
            let handles = state.handles
            func selects(_ n: Int) -> Bool { Self.select(Double(n), handles) == category }
            var below = Set<Int>(max(0, target - 999)...target)
            below.formUnion(0...min(999, target))
            var power = 1000
            while power <= target {
                let top = target / power
                for multiple in max(1, top - 9)...top { below.insert(multiple * power) }
                power *= 10
            }
            var found = below.sorted(by: >).first(where: selects)
            if found == nil, target < limit {
                var above = Array((target + 1)...min(limit, target + 1000))
                var power = 10
                while power <= limit {
                    if power > target + 1000 { above.append(power) }
                    power *= 10
                }
                found = above.first(where: selects)
            }
            if state.chosen.count >= 4096 { state.chosen.removeAll(keepingCapacity: true) }
            state.chosen[key] = .some(found)
            return found
        }
    }

    // MARK: - ICU calls

    private static func select(_ number: Double, _ handles: Handles) -> PluralCategory {
        var status: Int32 = 0
        guard let keyword = text(capacity: 16, { textfit_plural_select(handles.rules, number, $0, $1, &status) }) else {
            preconditionFailure("ICU plural selection failed: \(String(cString: textfit_error_name(status)))")
        }
        return PluralCategory(rawValue: keyword) ?? .other
    }

    /// The NUL-terminated UTF-8 text `fill` writes into a buffer of `capacity` bytes (`fill` returns
    /// its length, or −1 on failure: nil).
    private static func text(capacity: Int, _ fill: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let length = fill(buffer.baseAddress!, Int32(capacity))
            guard length >= 0 else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF8.self)
        }
    }
}
