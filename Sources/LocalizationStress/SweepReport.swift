import Catalogs
import Foundation
import LayoutCore
import Typography

// A screen sweep's report: its findings, and the findings grouped — one entry per screen × key ×
// kind, with the locales, the first failing size, the devices it fails and fits on, whose fault it
// is and how much room it needs. Groups are made as findings come (`FindingGroups`), so a sweep
// keeps them, never every finding.

extension LocalizationSweep {
    /// One text's findings of one kind on one screen, across the sweep: "`settings.sync.title`
    /// truncated in de, fi from accessibility2 on iPhone SE (3rd generation); fits on iPhone 16 Pro
    /// Max — needs 367.8 pt, has 343 pt (+24.8); the translation's fault (en fits)".
    ///
    /// A text is the key it shows (its source line too, when it records one: the same key written
    /// twice is two texts); a text with no key is its source line, else its place in the layout.
    public struct FindingGroup: Sendable, Hashable, CustomStringConvertible {
        /// The screen's name.
        public var screen: String
        /// What is wrong with the text.
        public var kind: Finding.Kind
        /// The key, `nil` for a text with no key.
        public var key: String?
        /// The text shown where it fails first (``first``).
        public var text: String
        /// Where the text was written, and its ids (as ``Finding`` has them).
        public var fileID: String?
        /// The line of ``fileID`` the text was written on.
        public var line: Int?
        /// The text's id, or its nearest enclosing element's.
        public var id: String?
        /// The text's accessibility identifier, or its nearest enclosing one's.
        public var accessibilityIdentifier: String?
        /// The locales it fails in, in the sweep's order.
        public var locales: [String]
        /// The smallest text size it fails at (in any locale, on any device).
        public var firstFailingSize: TextSize
        /// The devices it fails on, and those it fails on in none of the sweep's locales and sizes
        /// (a device held in landscape is named `… landscape`), in the sweep's order.
        public var devices: [String]
        /// The devices it fails on in none of the sweep's locales and sizes.
        public var fitsOn: [String]
        /// Whose fault: `true` when the source language fails too (the layout's: it has no room even
        /// for the source text), `false` when it does not (the translation's); `nil` when the source
        /// language was not laid out, and for untranslated texts and missing glyphs (neither's).
        public var sourceFails: Bool?
        /// The source language, and the smallest size it fails at when it does.
        public var sourceLanguage: String
        /// The smallest size the source language fails at, when it does.
        public var sourceFailsFrom: TextSize?
        /// The finding at ``firstFailingSize`` (the first locale and device that have it there).
        public var first: Finding
        /// Each locale's first finding (its smallest failing size, the first device): the one each
        /// locale's picture shows.
        public var examples: [Finding]
        /// The most room it needs anywhere: the largest ``Finding/excess``.
        public var largestExcess: Double?
        /// How many findings the group stands for (locales × sizes × devices × orientations).
        public var count: Int
        /// The allowance that covers every finding of the group, when one does.
        public var allowance: Allowance?

        /// An allowance covers every finding of the group: it is reported, marked, and does not fail.
        public var isAllowed: Bool { allowance != nil }

        /// `MyApp/Settings.swift:14`, else the element path of the first finding.
        public var location: String { first.location }

        public var description: String {
            var line = "\(screen): \(key ?? "text \"\(Finding.short(text))\"") \(kind.phrase(shownLocale: first.shownLocale, hasKey: key != nil))"
            line += " in \(locales.joined(separator: ", ")) from \(firstFailingSize.label) on \(devices.joined(separator: ", "))"
            if !fitsOn.isEmpty { line += "; fits on \(fitsOn.joined(separator: ", "))" }
            var details: [String] = []
            if let detail = first.detail { details.append(detail) }
            if let room = Finding.room(needed: first.neededWidth, available: first.availableWidth, kind: kind, unit: first.size.lengthUnit) {
                var words = room
                if let largestExcess, let excess = first.excess, largestExcess > excess + 0.05 {
                    words += ", up to +\(Finding.points(largestExcess))"
                }
                details.append(words)
            }
            switch sourceFails {
            case false?: details.append("the translation's fault (\(sourceLanguage) fits)")
            case true?: details.append("the layout's fault (\(sourceLanguage) fails too\(sourceFailsFrom.map { ", from \($0.label)" } ?? ""))")
            case nil: break
            }
            if !details.isEmpty { line += " — " + details.joined(separator: "; ") }
            line += " — \(location)"
            if let allowance { line += " — allowed: \(allowance.reason)" }
            return line
        }
    }

    /// What a sweep found: its findings (each text × kind × layout) and the same grouped by screen ×
    /// key × kind.
    ///
    /// `#expect(report.findings.isEmpty)` fails on any finding no allowance covers; the allowed ones
    /// are in ``allowed``, and every group (allowed ones marked) in ``groups``.
    public struct Report: Sendable, CustomStringConvertible {
        /// The sweep's name.
        public var name: String
        /// The findings no allowance covers, in the sweep's order (empty after ``LocalizationSweep/run(forEach:)``).
        public var findings: [Finding] = []
        /// The findings an allowance covers, each marked with it.
        public var allowed: [Finding] = []
        /// The findings grouped by screen × key × kind, in the order the sweep first found each.
        public var groups: [FindingGroup]
        /// How many layouts were made.
        public var layouts: Int
        /// What was swept: the screens' names, the locales, the text sizes, the devices (with `landscape`
        /// after those held so).
        public var screens: [String]
        /// The locales swept.
        public var locales: [String]
        /// The text sizes swept.
        public var textSizes: [TextSize]
        /// The devices swept (with `landscape` after those held so).
        public var devices: [String]
        /// The catalogs' source language (what ``FindingGroup/sourceFails`` compares with).
        public var sourceLanguage: String

        init(sweep: LocalizationSweep, groups: [FindingGroup], layouts: Int) {
            name = sweep.name
            self.groups = groups
            self.layouts = layouts
            screens = sweep.screens.map(\.name)
            locales = sweep.locales
            textSizes = sweep.textSizes
            devices = sweep.deviceLabels
            sourceLanguage = sweep.strings.sourceLanguage
        }

        /// The groups no allowance covers: what fails.
        public var failures: [FindingGroup] { groups.filter { !$0.isAllowed } }

        /// No group fails.
        public var passed: Bool { !groups.contains { !$0.isAllowed } }

        /// `Settings sweep: 1,440 layouts (2 screens × 5 locales × 12 sizes × 3 devices), 2 failing, 1 allowed`,
        /// then a line per failing group and per allowed one.
        public var description: String {
            description(title: name)
        }

        /// ``description`` with `title` in place of the sweep's name (the CLI's `Screens`).
        package func description(title: String) -> String {
            var text = "\(title): \(counts)"
            for group in failures { text += "\n  " + group.description }
            for group in groups where group.isAllowed { text += "\n  (allowed) " + group.description }
            return text
        }

        /// `1,440 layouts (2 screens × 5 locales × 12 sizes × 3 devices), 2 failing, 1 allowed`.
        package var counts: String {
            func some(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
            let failing = failures.count
            return "\(layouts) layouts (\(some(screens.count, "screen")) × \(some(locales.count, "locale")) × \(some(textSizes.count, "size")) × "
                + "\(some(devices.count, "device"))), \(failing) failing, \(groups.count - failing) allowed"
        }
    }

    /// Each device in each orientation, as reports name them (`iPhone SE (3rd generation)`,
    /// `iPhone SE (3rd generation) landscape`), in the sweep's order.
    var deviceLabels: [String] {
        devices.flatMap { device in orientations.map { Self.deviceLabel(device.name, $0) } }
    }

    static func deviceLabel(_ name: String, _ orientation: Device.Orientation) -> String {
        orientation == .landscape ? name + " landscape" : name
    }
}

/// The groups of a sweep's findings, made as the findings come in the sweep's order (so each
/// locale's first finding of a group is at its smallest size on the first device).
/// - Complexity: O(1) per finding; memory O(groups × locales).
struct FindingGroups {
    /// What a group is: the screen, the key (or the source line, or the text's place), the kind
    /// and the source.
    struct Identity: Hashable, Sendable {
        let screen: String, text: String, kind: LocalizationSweep.Finding.Kind, fileID: String?, line: Int?
    }

    /// The group `finding` belongs to.
    static func identity(of finding: LocalizationSweep.Finding) -> Identity {
        Identity(screen: finding.screen, text: finding.key.map { "k" + $0 } ?? finding.line.map { _ in "" } ?? "p\(finding.path)",
                 kind: finding.kind, fileID: finding.fileID, line: finding.line)
    }

    private struct State {
        var group: LocalizationSweep.FindingGroup
        var failingDevices: Set<String> = []
        var firstSizeByLocale: [String: TextSize] = [:]
        var unallowed = 0
    }

    private let deviceLabels: [String]
    private let sizeOrder: [TextSize: Int]
    private let sourceLanguage: String
    /// The (screen, locale) pairs laid out, for whether the source language was.
    private let swept: Set<[String]>
    private var index: [Identity: Int] = [:]
    private var states: [State] = []

    /// Groups for `sweep`'s findings, of the screens and locales `swept` (`[screen, locale]` pairs; all when `nil`).
    init(sweep: LocalizationSweep, swept: Set<[String]>? = nil) {
        deviceLabels = sweep.deviceLabels
        sizeOrder = Dictionary(sweep.textSizes.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        sourceLanguage = sweep.strings.sourceLanguage
        self.swept = swept ?? Set(sweep.screens.flatMap { screen in sweep.locales.map { [screen.name, $0] } })
    }

    /// Adds `finding` (the sweep's next, in order) to its group.
    mutating func add(_ finding: LocalizationSweep.Finding) {
        let identity = Self.identity(of: finding)
        let device = LocalizationSweep.deviceLabel(finding.device, finding.orientation)
        guard let position = index[identity] else {
            index[identity] = states.count
            var state = State(group: LocalizationSweep.FindingGroup(
                screen: finding.screen, kind: finding.kind, key: finding.key, text: finding.text, fileID: finding.fileID, line: finding.line,
                id: finding.id, accessibilityIdentifier: finding.accessibilityIdentifier, locales: [finding.locale],
                firstFailingSize: finding.size, devices: [], fitsOn: [], sourceFails: nil, sourceLanguage: sourceLanguage,
                sourceFailsFrom: nil, first: finding, examples: [finding], largestExcess: finding.excess, count: 1,
                allowance: finding.allowance))
            state.failingDevices = [device]
            state.firstSizeByLocale = [finding.locale: finding.size]
            state.unallowed = finding.isAllowed ? 0 : 1
            states.append(state)
            return
        }
        var state = states[position]
        state.group.count += 1
        state.failingDevices.insert(device)
        if !finding.isAllowed {
            state.unallowed += 1
            state.group.allowance = nil
        }
        if let excess = finding.excess, excess > state.group.largestExcess ?? -.infinity { state.group.largestExcess = excess }
        if state.firstSizeByLocale[finding.locale] == nil {
            state.firstSizeByLocale[finding.locale] = finding.size
            state.group.locales.append(finding.locale)
            state.group.examples.append(finding)
        }
        if rank(finding.size) < rank(state.group.firstFailingSize) {
            state.group.firstFailingSize = finding.size
            state.group.first = finding
        }
        states[position] = state
    }

    private func rank(_ size: TextSize) -> Int { sizeOrder[size] ?? Int.max }

    /// The groups, in the order they were first found, with their devices and whose fault each is.
    func finished() -> [LocalizationSweep.FindingGroup] {
        states.map { state in
            var group = state.group
            group.devices = deviceLabels.filter(state.failingDevices.contains)
            group.fitsOn = deviceLabels.filter { !state.failingDevices.contains($0) }
            if group.kind != .untranslated, group.kind != .missingGlyphs {
                if let source = state.firstSizeByLocale.first(where: { LocaleName.same($0.key, sourceLanguage) }) {
                    group.sourceFails = true
                    group.sourceFailsFrom = source.value
                } else if swept.contains(where: { $0[0] == group.screen && LocaleName.same($0[1], sourceLanguage) }) {
                    group.sourceFails = false
                }
            }
            return group
        }
    }
}
