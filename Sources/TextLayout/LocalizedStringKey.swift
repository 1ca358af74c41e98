import Foundation
import LayoutCore

/// SwiftUI's `LocalizedStringKey`: what a string literal given to ``Text`` becomes.
///
/// `Text("**Free** shipping")` shows "Free shipping" with "Free" in bold, as SwiftUI does: a
/// literal (with or without interpolations) is a key, and the key is read as inline Markdown —
/// `*italic*`, `**bold**`, code between backquotes (the monospaced design), `~~struck~~`, `[links](url)`
/// (their text, in the accent colour), `\*` escapes, `&amp;` references — while a `String`
/// variable (`Text(name)`) and ``Text/init(verbatim:)`` show their characters as they are.
/// The key is looked up in the app's catalogs (its `bundle:`, else the environment's
/// `mainBundle`) in the environment's locale, as Foundation looks it up, and the string found
/// is read the same way; with no catalogs, or a key none has, the key itself is shown, as SwiftUI
/// shows a key it finds in no table.
///
/// Interpolated values are arguments of the key, as in SwiftUI: the key holds a format specifier
/// for each (`%@` for a string or a `Text`, `%lld` for an `Int`, `%lf` for a `Double`, or the
/// `specifier:` given; `%@` for a value with a `format:` style), the Markdown is read around the
/// specifiers, and each value is put in its place with the style around it, its own characters
/// never read as Markdown. Numbers are formatted as `String(format:)` does, in the environment's
/// locale: `Text("\(2.5)")` shows "2.500000", as on Apple platforms; a `format:` style writes its
/// value in that locale too (`"\(price, format: .currency(code: "EUR"))"`). A literal `%` is
/// doubled in a key with interpolations, as SwiftUI doubles it, so it shows once.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    /// The key as SwiftUI spells it: the literal text, and a format specifier per argument.
    let key: String
    /// Whether the key came from an interpolation (then its `%`s are format syntax).
    let hasFormatting: Bool
    let arguments: [Argument]

    enum Argument: Equatable, Sendable {
        case string(String)
        case number(Text.FormattedNumber)
        case formatted(Text.FormattedValue)
        case date(Date, Text.DateStyle)
        case text(Text)
    }

    /// A key made from `value` (a variable's string read as Markdown, as SwiftUI's does).
    public init(_ value: String) {
        self.init(stringLiteral: value)
    }

    public init(stringLiteral value: String) {
        key = value
        hasFormatting = false
        arguments = []
    }

    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        hasFormatting = true
        arguments = stringInterpolation.arguments
    }

    init(key: String, hasFormatting: Bool, arguments: [Argument]) {
        self.key = key
        self.hasFormatting = hasFormatting
        self.arguments = arguments
    }

    /// The contents of a string literal with interpolations, as it is built (SwiftUI's
    /// `LocalizedStringKey.StringInterpolation`; the compiler calls these methods).
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var key = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 2 * interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        /// Appends literal text; a `%` is doubled (it is format syntax in a key with arguments).
        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingOccurrences(of: "%", with: "%%")
        }

        /// Appends a string argument (`%@`), shown as it is, never read as Markdown.
        public mutating func appendInterpolation(_ string: String) {
            key += "%@"
            arguments.append(.string(string))
        }

        /// Appends a number with its type's default specifier (`%lld` for `Int`, `%lf` for `Double`…).
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {
            appendInterpolation(value, specifier: value._specifier)
        }

        /// Appends a number formatted with `specifier` (`"%.2f"`, `"%x"`, … as `String(format:)` reads them).
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {
            key += specifier
            arguments.append(Text.FormattedNumber(value._arg).map(Argument.number)
                             ?? .string(String(format: specifier, locale: Text.posix, value._arg)))
        }

        /// Appends `input` as `format` writes it in the environment's locale (`%@`):
        /// `"Total: \(price, format: .currency(code: "EUR"))"`.
        public mutating func appendInterpolation<F: FormatStyle & Sendable>(_ input: F.FormatInput, format: F)
        where F.FormatInput: Equatable & Sendable, F.FormatOutput == String {
            key += "%@"
            arguments.append(.formatted(Text.FormattedValue(input, format: format)))
        }

        /// Appends `date` in `style` (`%@`), in the environment's locale, time zone and calendar:
        /// `"Updated \(date, style: .date)"`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            key += "%@"
            arguments.append(.date(date, style))
        }

        /// Appends a text (`%@`), which keeps its own styling and takes the Markdown style around it.
        public mutating func appendInterpolation(_ text: Text) {
            key += "%@"
            arguments.append(.text(text))
        }
    }

    /// The text runs this key shows: its Markdown read, then its arguments put in place.
    /// - Parameter markdown: read the key as Markdown (`Text`'s way); `false` keeps its characters
    ///   (`String(localized:)`'s way).
    func runs(markdown: Bool = true) -> [Text.Run] {
        let spans = markdown && InlineMarkdown.mayHaveSyntax(key) ? InlineMarkdown.spans(of: key)
            : key.isEmpty ? [] : [InlineMarkdown.Span(text: key, style: [])]
        guard hasFormatting else { return spans.map { Text.Run(string: $0.text).styled(by: $0.style) } }
        var runs: [Text.Run] = []
        var next = 0
        for span in spans {
            let scalars = Array(span.text.unicodeScalars)
            var literal = ""
            var index = 0
            func flush() {
                if !literal.isEmpty { runs.append(Text.Run(string: literal).styled(by: span.style)) }
                literal = ""
            }
            while index < scalars.count {
                guard scalars[index] == "%" else {
                    literal.unicodeScalars.append(scalars[index])
                    index += 1
                    continue
                }
                if index + 1 < scalars.count, scalars[index + 1] == "%" {
                    literal += "%"
                    index += 2
                    continue
                }
                guard let specifier = FormatSpecifier(scalars, at: index) else {
                    literal += "%"
                    index += 1
                    continue
                }
                flush()
                let position = specifier.position.map { $0 - 1 } ?? next
                next = position + 1
                if arguments.indices.contains(position) {
                    runs += argumentRuns(arguments[position], specifier: specifier.text, style: span.style)
                }
                index = specifier.end
            }
            flush()
        }
        return runs
    }

    private func argumentRuns(_ argument: Argument, specifier: String, style: InlineMarkdown.Style) -> [Text.Run] {
        switch argument {
        case .string(let string):
            return [Text.Run(string: string).styled(by: style)]
        case .number(var number):
            number.specifier = specifier
            return [Text.Run(localized: .number(number)).styled(by: style)]
        case .formatted(let value):
            return [Text.Run(localized: .value(value)).styled(by: style)]
        case .date(let date, let dateStyle):
            return [Text.Run(localized: .date(date, dateStyle)).styled(by: style)]
        case .text(let text):
            return text.runs.map { $0.styled(by: style) }
        }
    }
}

/// A `printf` conversion in a key: `%`, an optional `n$`, flags, width, precision, length, and
/// the conversion character.
private struct FormatSpecifier {
    let text: String
    /// The `n$` position, when given.
    let position: Int?
    /// The index just past it.
    let end: Int

    init?(_ scalars: [Unicode.Scalar], at start: Int) {
        var i = start + 1
        var digits = 0
        var number = 0
        while i < scalars.count, ("0"..."9").contains(scalars[i]) {
            number = number * 10 + Int(scalars[i].value - 0x30)
            digits += 1
            i += 1
        }
        if digits > 0, i < scalars.count, scalars[i] == "$" {
            position = number
            i += 1
        } else {
            position = nil
            i = start + 1
        }
        while i < scalars.count, "-+ #0'*.0123456789hlqLzjt".unicodeScalars.contains(scalars[i]) { i += 1 }
        guard i < scalars.count, "diouxXeEfFgGaAcCsSp@".unicodeScalars.contains(scalars[i]) else { return nil }
        end = i + 1
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<end])
        self.text = position == nil ? text : text.replacingOccurrences(of: "\(number)$", with: "")
    }
}

/// A value `LocalizedStringKey` can format with a `printf` specifier (SwiftUI's `_FormatSpecifiable`):
/// the integer and floating-point types.
public protocol _FormatSpecifiable: Equatable {
    associatedtype _Arg: CVarArg
    /// The value as `String(format:)` takes it.
    var _arg: _Arg { get }
    /// Its default specifier.
    var _specifier: String { get }
}

extension Int: _FormatSpecifiable {
    public var _arg: Int64 { Int64(self) }
    public var _specifier: String { "%lld" }
}
extension Int8: _FormatSpecifiable {
    public var _arg: Int32 { Int32(self) }
    public var _specifier: String { "%d" }
}
extension Int16: _FormatSpecifiable {
    public var _arg: Int32 { Int32(self) }
    public var _specifier: String { "%d" }
}
extension Int32: _FormatSpecifiable {
    public var _arg: Int32 { self }
    public var _specifier: String { "%d" }
}
extension Int64: _FormatSpecifiable {
    public var _arg: Int64 { self }
    public var _specifier: String { "%lld" }
}
extension UInt: _FormatSpecifiable {
    public var _arg: UInt64 { UInt64(self) }
    public var _specifier: String { "%llu" }
}
extension UInt8: _FormatSpecifiable {
    public var _arg: UInt32 { UInt32(self) }
    public var _specifier: String { "%u" }
}
extension UInt16: _FormatSpecifiable {
    public var _arg: UInt32 { UInt32(self) }
    public var _specifier: String { "%u" }
}
extension UInt32: _FormatSpecifiable {
    public var _arg: UInt32 { self }
    public var _specifier: String { "%u" }
}
extension UInt64: _FormatSpecifiable {
    public var _arg: UInt64 { self }
    public var _specifier: String { "%llu" }
}
extension Float: _FormatSpecifiable {
    public var _arg: Float { self }
    public var _specifier: String { "%f" }
}
extension Double: _FormatSpecifiable {
    public var _arg: Double { self }
    public var _specifier: String { "%lf" }
}
extension CGFloat: _FormatSpecifiable {
    public var _arg: Double { Double(self) }
    public var _specifier: String { "%lf" }
}

extension Text {
    /// A text showing `key` read as inline Markdown, its interpolated values in place: what a
    /// string literal makes, as in SwiftUI (see ``LocalizedStringKey``). The key is looked up when
    /// the text is measured, in table `tableName` (`Localizable` when `nil`) of `bundle`'s catalogs
    /// (else of the environment's ``EnvironmentValues/mainBundle``), in the environment's
    /// locale: the string found is shown, read the same way (see ``LocalizedStrings`` for the
    /// lookup chain and how plural and device variants are chosen). With no catalogs, or a key
    /// none has, the key is shown. `comment` is for translators and unused.
    ///
    /// `fileID` and `line` (TextFit's own, defaulted: SwiftUI call sites compile unchanged) record
    /// where the text is written, so that ``LayoutResult/findings`` name the line of a cut text.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil,
                fileID: StaticString = #fileID, line: UInt = #line) {
        var runs = key.runs()
        if runs.isEmpty { runs = [Run(string: "")] }
        self.init(runs: runs, lookups: [KeyLookup(key: key, table: tableName, bundlePath: bundle?.bundlePath,
                                                  template: Run(string: ""), runs: 0..<runs.count)],
                  source: CallSite(fileID: fileID, line: line))
    }

    /// A text showing `input` as `format` writes it, in the locale of the environment it is
    /// measured in (`format.locale(environment.locale)`; SwiftUI formats with the environment's
    /// locale too): `Text(price, format: .currency(code: "EUR"))` is "12,50 €" under `de_DE`.
    /// The style's other settings (a date's time zone and calendar) are its own. Shown as written,
    /// never read as Markdown.
    /// Source: https://developer.apple.com/documentation/swiftui/text/init(_:format:)
    public init<F: FormatStyle & Sendable>(_ input: F.FormatInput, format: F)
    where F.FormatInput: Equatable & Sendable, F.FormatOutput == String {
        self.init(runs: [Run(localized: .value(FormattedValue(input, format: format)))])
    }

    /// A text showing `date` in `style`, in the environment's locale, time zone
    /// (``EnvironmentValues/timeZone``, GMT by default) and calendar: `.date` is the long date
    /// ("June 3, 2019", "3. Juni 2019"), `.time` the short time ("11:23 PM"), as Apple's
    /// examples show them. SwiftUI's `.relative`, `.offset` and `.timer` count from the present
    /// moment, which a measurement must not depend on: TextFit does not offer them.
    /// Source: https://developer.apple.com/documentation/swiftui/text/init(_:style:)
    public init(_ date: Date, style: DateStyle) {
        self.init(runs: [Run(localized: .date(date, style))])
    }

    /// SwiftUI's `Text.DateStyle`: how ``init(_:style:)`` shows a date.
    /// Source: https://developer.apple.com/documentation/swiftui/text/datestyle
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case date, time }
        let kind: Kind

        /// The date alone, long: "June 3, 2019" (`Date.FormatStyle(date: .long, time: .omitted)`).
        public static let date = DateStyle(kind: .date)
        /// The time alone, short: "11:23 PM" (`Date.FormatStyle(date: .omitted, time: .shortened)`).
        public static let time = DateStyle(kind: .time)

        /// `date` in this style in `locale`, `timeZone` and `calendar`.
        func format(_ date: Date, locale: Locale, timeZone: TimeZone, calendar: Calendar) -> String {
            let style = switch kind {
            case .date: Date.FormatStyle(date: .long, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone)
            case .time: Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone)
            }
            return style.format(date)
        }
    }

    /// `en_US_POSIX`, the environment's default locale: numbers in ``string``.
    static let posix = Locale(identifier: "en_US_POSIX")

    /// A number interpolated into a key, formatted in the locale of the environment it is shown in.
    struct FormattedNumber: Hashable, Sendable {
        enum Value: Hashable, Sendable {
            case signed(Int64)
            case unsigned(UInt64)
            case floating(Double)
        }
        var value: Value
        var specifier = ""

        init(value: Value) { self.value = value }

        /// The value of a `_FormatSpecifiable`'s argument, when it is one of the standard types.
        init?(_ argument: some CVarArg) {
            switch argument {
            case let value as Int64: self.value = .signed(value)
            case let value as Int32: self.value = .signed(Int64(value))
            case let value as UInt64: self.value = .unsigned(value)
            case let value as UInt32: self.value = .unsigned(UInt64(value))
            case let value as Double: self.value = .floating(value)
            case let value as Float: self.value = .floating(Double(value))
            default: return nil
            }
        }

        func formatted(in locale: Locale) -> String {
            // A conversion that does not take a number (`%@`, `%s`, `%c`, `%p`) would read the
            // number as a pointer or a character: the value's own default is used instead.
            let numeric = specifier.unicodeScalars.last.map { "diouxXeEfFgGaA".unicodeScalars.contains($0) } ?? false
            switch value {
            case .signed(let value): return String(format: numeric ? specifier : "%lld", locale: locale, value)
            case .unsigned(let value): return String(format: numeric ? specifier : "%llu", locale: locale, value)
            case .floating(let value): return String(format: numeric ? specifier : "%lf", locale: locale, value)
            }
        }
    }
}

extension Text {
    /// A value shown in the locale of the environment it is measured in.
    enum LocaleFormatted: Hashable, Sendable {
        /// A number and its `printf` specifier.
        case number(FormattedNumber)
        /// A value and its `FormatStyle`.
        case value(FormattedValue)
        /// A date in a ``DateStyle`` (in the environment's time zone and calendar too).
        case date(Date, DateStyle)

        /// The value in `environment` (`nil`: the default one's locale, time zone and calendar:
        /// `en_US_POSIX`, GMT, Gregorian).
        func formatted(in environment: EnvironmentValues?) -> String {
            let environment = environment ?? EnvironmentValues()
            switch self {
            case .number(let number): return number.formatted(in: environment.locale)
            case .value(let value): return value.formatted(in: environment.locale)
            case .date(let date, let style):
                return style.format(date, locale: environment.locale, timeZone: environment.timeZone, calendar: environment.calendar)
            }
        }
    }

    /// A value and the `FormatStyle` that writes it, formatted in a given locale
    /// (`format.locale(locale).format(input)`). Equal when the inputs and the styles are.
    struct FormattedValue: Hashable, Sendable {
        private let value: any LocaleFormattable

        init<F: FormatStyle & Sendable>(_ input: F.FormatInput, format: F)
        where F.FormatInput: Equatable & Sendable, F.FormatOutput == String {
            value = StyledInput(input: input, format: format)
        }

        func formatted(in locale: Locale) -> String { value.formatted(in: locale) }

        static func == (a: FormattedValue, b: FormattedValue) -> Bool { a.value.isEqual(to: b.value) }

        func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
    }
}

/// A formatted value with its type erased (``Text/FormattedValue``).
private protocol LocaleFormattable: Sendable {
    func formatted(in locale: Locale) -> String
    func isEqual(to other: any LocaleFormattable) -> Bool
    func hash(into hasher: inout Hasher)
}

private struct StyledInput<F: FormatStyle & Sendable>: LocaleFormattable
where F.FormatInput: Equatable & Sendable, F.FormatOutput == String {
    let input: F.FormatInput
    let format: F

    func formatted(in locale: Locale) -> String { format.locale(locale).format(input) }

    func isEqual(to other: any LocaleFormattable) -> Bool {
        guard let other = other as? Self else { return false }
        return other.input == input && other.format == format
    }

    /// The style alone: inputs need only be `Equatable`, as SwiftUI asks.
    func hash(into hasher: inout Hasher) { hasher.combine(format) }
}

extension Text.Run {
    /// A run showing `value`: its characters as the default environment shows them, formatted
    /// again in the environment it is measured in.
    init(localized value: Text.LocaleFormatted) {
        self.init(string: value.formatted(in: nil))
        localeValue = value
    }

    /// The run with the Markdown style around it: bold, italic and monospaced as SwiftUI maps the
    /// inline presentation intents; a link in the accent colour unless the run has its own;
    /// strikethrough struck (drawn only: it changes no size).
    func styled(by style: InlineMarkdown.Style) -> Text.Run {
        var run = self
        if style.contains(.strong) { run.isBold = true }
        if style.contains(.emphasized) { run.italic = true }
        if style.contains(.code) { run.monospaced = true }
        if style.contains(.link), run.color == nil { run.color = .accentColor }
        if style.contains(.strikethrough), run.strikethrough == nil { run.strikethrough = .line(.single) }
        return run
    }
}
