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
        lookups.compactMap { Self.resolve($0, in: environment)?.lookup }
    }

    /// The catalogs `lookup` is looked up in: its bundle's, else the environment's strings.
    static func strings(for lookup: KeyLookup, in environment: EnvironmentValues) -> LocalizedStrings? {
        guard let path = lookup.bundlePath ?? environment.mainBundle?.bundlePath else { return environment.localizedStrings }
        return try? LocalizedStrings.bundle(at: path)
    }

    /// The key's string in `environment`, as runs (its Markdown read, its arguments in place and
    /// the text's modifiers applied), with the lookup that found it; `nil` when there are no catalogs.
    static func resolve(_ lookup: KeyLookup, in environment: EnvironmentValues) -> (runs: [Run], lookup: LocalizedStringLookup)? {
        guard let strings = strings(for: lookup, in: environment) else { return nil }
        let key = lookup.key
        let found = strings.lookup(key.key, table: lookup.table, locale: environment.locale.identifier,
                                   device: environment.deviceIdiom.catalogName, arguments: key.numericArguments)
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

// MARK: - Environment

/// The device a String Catalog's device variations are chosen for (SwiftUI has no such value; it is
/// the device an app runs on): iPhone unless set.
public enum DeviceIdiom: String, Sendable, Hashable, CaseIterable {
    case phone, pad, mac, watch, tv, vision

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

private struct DeviceIdiomKey: EnvironmentKey {
    static let defaultValue = DeviceIdiom.phone
}

extension EnvironmentValues {
    /// Strings to look keys up in when neither the text nor the environment names a bundle: what
    /// `textfit layout --strings` and the service set from catalog files.
    package var localizedStrings: LocalizedStrings? {
        get { self[LocalizedStringsKey.self] }
        set { self[LocalizedStringsKey.self] = newValue }
    }

    /// The device a String Catalog's device variations are chosen for (``DeviceIdiom/phone`` unless set).
    public var deviceIdiom: DeviceIdiom {
        get { self[DeviceIdiomKey.self] }
        set { self[DeviceIdiomKey.self] = newValue }
    }
}
