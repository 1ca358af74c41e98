import Catalogs
import Foundation
import LayoutCore

// A `Text("key")` shows the string the app's catalogs hold for the environment's locale, as
// Foundation finds it (``LocalizedStrings``): the key is looked up when the text is measured, in
// the catalogs of its `bundle:` or of the environment's ``EnvironmentValues/mainBundle``.
// With neither, the key itself is shown, as before (and as SwiftUI shows a key no table has).

extension Text {
    /// A key a text looks up, and the runs of the text it stands for (the key's own: what is shown
    /// when there is nothing to look it up in).
    struct KeyLookup: Equatable, Sendable {
        let key: LocalizedStringKey
        /// The table (`nil`: `Localizable`).
        let table: String?
        /// The folder of the `Bundle` given with the key (`nil`: the environment's).
        let bundlePath: String?
        /// The text's own modifiers applied since it was made (``Text/map(_:)``), as one run whose
        /// set attributes go to every run shown for the key that does not set them itself.
        var template: Run
        /// The runs of ``Text/runs`` that show the key when nothing is looked up.
        var runs: Range<Int>
        /// A locale of its own (a `LocalizedStringResource`'s); `nil`: the environment's.
        var locale: Locale? = nil
    }

    /// What the text shows in `environment`: its runs, with each key's looked up in the catalogs of
    /// its bundle or the environment's, in the environment's locale and device (``shownRuns(in:lookups:)``).
    func shownRuns(in environment: EnvironmentValues) -> [Run] {
        guard !lookups.isEmpty else { return runs }
        var shown: [Run] = []
        var next = 0
        for lookup in lookups {
            shown += runs[next..<lookup.runs.lowerBound]
            if let found = Self.resolve(lookup, in: environment) {
                shown += found.runs
            } else {
                shown += runs[lookup.runs]
            }
            next = lookup.runs.upperBound
        }
        shown += runs[next...]
        return shown
    }

    /// Each key of the text looked up in `environment`, in order: what it showed and why (for a
    /// text's fit report). Empty for a text with no key, or with no catalogs to look in.
    public func localizationLookups(in environment: EnvironmentValues) -> [LocalizedStringLookup] {
        lookups.compactMap { Self.find($0, in: environment) }
    }

    /// What looking `lookup` up in `environment` finds (its runs not made); `nil` when there are no catalogs.
    static func find(_ lookup: KeyLookup, in environment: EnvironmentValues) -> LocalizedStringLookup? {
        guard let strings = strings(for: lookup, in: environment) else { return nil }
        return strings.lookup(lookup.key.key, table: lookup.table, locale: (lookup.locale ?? environment.locale).identifier,
                              device: environment.deviceIdiom.catalogName, arguments: lookup.key.numericArguments)
    }

    /// The catalogs `lookup` is looked up in: its bundle's, else the environment's strings.
    static func strings(for lookup: KeyLookup, in environment: EnvironmentValues) -> LocalizedStrings? {
        guard let path = lookup.bundlePath ?? environment.mainBundle?.bundlePath else { return environment.localizedStrings }
        return try? LocalizedStrings.bundle(at: path)
    }

    /// The key's string in `environment`, as runs (its Markdown read, its arguments in place and
    /// the text's modifiers applied), with the lookup that found it; `nil` when there are no catalogs.
    static func resolve(_ lookup: KeyLookup, in environment: EnvironmentValues) -> (runs: [Run], lookup: LocalizedStringLookup)? {
        guard let found = find(lookup, in: environment) else { return nil }
        let key = lookup.key
        let runs = found.reason == .missingKey ? key.runs() : key.formatted(found.format).runs()
        return (runs.map { lookup.template.filling($0) }, found)
    }
}

extension Text.Run {
    /// `run` with every attribute this template sets and `run` does not: what the text's modifiers
    /// (which set an attribute where a run has none, or turn a flag on) do to a run made later.
    func filling(_ run: Text.Run) -> Text.Run {
        var run = run
        if run.font == nil { run.font = font }
        if run.weight == nil { run.weight = weight }
        if isBold { run.isBold = true }
        if italic { run.italic = true }
        if run.kerning == nil { run.kerning = kerning }
        if run.tracking == nil { run.tracking = tracking }
        if run.color == nil { run.color = color }
        if monospacedDigit { run.monospacedDigit = true }
        if monospaced { run.monospaced = true }
        if run.design == nil { run.design = design }
        if run.fontWidth == nil { run.fontWidth = fontWidth }
        if run.underline == nil, let underline { run.underline = underline }
        if run.strikethrough == nil, let strikethrough { run.strikethrough = strikethrough }
        return run
    }
}

extension LocalizedStringKey {
    /// The number each argument stands for (`nil` for one that is not a number), in order: what
    /// plural variants are chosen by.
    var numericArguments: [Double?] {
        arguments.map { argument in
            guard case .number(let number) = argument else { return nil }
            switch number.value {
            case .signed(let value): return Double(value)
            case .unsigned(let value): return Double(value)
            case .floating(let value): return value
            }
        }
    }

    /// This key's arguments in `format` (a catalog's string for the key): read as Markdown, its
    /// specifiers (positional ones too, `%2$@`) taking the arguments.
    func formatted(_ format: String) -> LocalizedStringKey {
        LocalizedStringKey(key: format, hasFormatting: hasFormatting, arguments: arguments)
    }
}

extension LocalizedStringKey {
    /// An argument of a key given as data (a layout file's `arguments`), not by interpolation.
    package enum CatalogArgument: Sendable {
        case number(Double)
        case string(String)
    }

    /// A key as a catalog writes it (`%lld photos`, its specifiers in place) with `arguments` for
    /// them: what `Text("\(count) photos")` makes, given as data. A whole number is an integer
    /// (`%lld`'s), any other a double.
    package init(catalogKey: String, arguments: [CatalogArgument]) {
        self.init(key: catalogKey, hasFormatting: !arguments.isEmpty, arguments: arguments.map { argument in
            switch argument {
            case .string(let string): return .string(string)
            case .number(let number):
                let value: Text.FormattedNumber.Value = number.rounded() == number && abs(number) < 9.0e18
                    ? .signed(Int64(number)) : .floating(number)
                return .number(Text.FormattedNumber(value: value))
            }
        })
    }
}

// MARK: - Environment

extension DeviceIdiom {
    /// The name a String Catalog's `device` variation gives it (`iphone`, `ipad`, `mac`, `applewatch`,
    /// `appletv`, `applevision`).
    public var catalogName: String {
        switch self {
        case .phone: "iphone"
        case .pad: "ipad"
        case .mac: "mac"
        case .watch: "applewatch"
        case .tv: "appletv"
        case .vision: "applevision"
        }
    }
}

private struct LocalizedStringsKey: EnvironmentKey {
    static let defaultValue: LocalizedStrings? = nil
}


extension EnvironmentValues {
    /// Strings to look keys up in when neither the text nor the environment names a bundle: what
    /// `textfit layout --strings` and the service set from catalog files.
    package var localizedStrings: LocalizedStrings? {
        get { self[LocalizedStringsKey.self] }
        set { self[LocalizedStringsKey.self] = newValue }
    }
}

// MARK: - String(localized:) and LocalizedStringResource

// Foundation on Linux has neither `String(localized:)` nor `LocalizedStringResource` (Apple's
// Foundation does): TextFit gives both, with Apple's names and signatures, looking keys up as `Text`
// does, so view code that formats strings before showing them compiles and shows the app's strings.

extension String {
    /// Foundation's `String.LocalizationValue`: a key with its interpolated arguments, as a string
    /// literal makes it (`"\(count) photos"` → the key `%lld photos` and the argument).
    public struct LocalizationValue: Equatable, Sendable, ExpressibleByStringInterpolation {
        let key: LocalizedStringKey

        /// A localization value whose key is `value`.
        public init(_ value: String) { key = LocalizedStringKey(stringLiteral: value) }
        public init(stringLiteral value: String) { key = LocalizedStringKey(stringLiteral: value) }
        public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {
            key = LocalizedStringKey(stringInterpolation: stringInterpolation)
        }
    }

    /// The string `keyAndValue`'s key shows in `locale`, from table `table` of `bundle`'s catalogs,
    /// its arguments in place (as Foundation's `String(localized:)`). Where they are not given, the
    /// locale and the bundle are those of the view whose `body` is being evaluated (its environment's
    /// `locale` and `mainBundle`), as an app's own are; outside a body, `en_US_POSIX` and none. With
    /// no catalogs, or a key none has, the key with its arguments. Never read as Markdown.
    public init(localized keyAndValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale? = nil, comment: StaticString? = nil) {
        self = LocalizedStringResource.resolve(keyAndValue.key, table: table, bundlePath: bundle?.bundlePath, locale: locale)
    }

    /// The string `resource` shows (its own locale and bundle, else the evaluating view's).
    public init(localized resource: LocalizedStringResource) {
        self = LocalizedStringResource.resolve(resource.value.key, table: resource.table, bundlePath: resource.bundlePath,
                                               locale: resource.locale)
    }
}

/// Foundation's `LocalizedStringResource`: a key to look up later, with its table, bundle and locale.
/// `Text(resource)` shows it as `Text("key")` shows a key; `String(localized: resource)` formats it.
public struct LocalizedStringResource: Equatable, Sendable, ExpressibleByStringInterpolation {
    let value: String.LocalizationValue
    /// The key, as a catalog writes it (`%lld photos`).
    public var key: String { value.key.key }
    /// The table (`nil`: `Localizable`).
    public var table: String?
    /// The locale to show it in (`nil`: the environment's).
    public var locale: Locale?
    let bundlePath: String?

    /// A resource: a key (with its default value), looked up in `table` of `bundle` for `locale`.
    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale? = nil, bundle: Bundle? = nil,
                comment: StaticString? = nil) {
        value = keyAndValue
        self.table = table
        self.locale = locale
        bundlePath = bundle?.bundlePath
    }

    public init(stringLiteral value: String) { self.init(String.LocalizationValue(stringLiteral: value)) }
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {
        self.init(String.LocalizationValue(stringInterpolation: stringInterpolation))
    }

    /// `key` looked up and formatted as a plain string (no Markdown), in the environment of the body
    /// being evaluated unless `locale` or `bundlePath` say otherwise.
    static func resolve(_ key: LocalizedStringKey, table: String?, bundlePath: String?, locale: Locale?) -> String {
        var environment = EnvironmentValues.current
        if let locale { environment.locale = locale }
        let lookup = Text.KeyLookup(key: key, table: table, bundlePath: bundlePath, template: Text.Run(string: ""), runs: 0..<0)
        guard let strings = Text.strings(for: lookup, in: environment) else {
            return key.runs(markdown: false).map { $0.shown(in: environment) }.joined()
        }
        let found = strings.lookup(key.key, table: table, locale: environment.locale.identifier,
                                   device: environment.deviceIdiom.catalogName, arguments: key.numericArguments)
        let format = found.reason == .missingKey ? key : key.formatted(found.format)
        return format.runs(markdown: false).map { $0.shown(in: environment) }.joined()
    }
}

extension Text {
    /// A text showing `resource`: its key looked up as ``init(_:tableName:bundle:comment:fileID:line:)`` looks a
    /// key up, in the resource's table and bundle, and its locale when it names one. Disfavoured, so
    /// that a string literal stays a ``LocalizedStringKey`` (as in SwiftUI).
    @_disfavoredOverload
    public init(_ resource: LocalizedStringResource, fileID: StaticString = #fileID, line: UInt = #line) {
        let key = resource.value.key
        var runs = key.runs()
        if runs.isEmpty { runs = [Run(string: "")] }
        self.init(runs: runs, lookups: [KeyLookup(key: key, table: resource.table, bundlePath: resource.bundlePath,
                                                  template: Run(string: ""), runs: 0..<runs.count, locale: resource.locale)],
                  source: CallSite(fileID: fileID, line: line))
    }
}
