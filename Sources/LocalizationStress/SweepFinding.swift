import Foundation
import LayoutCore
import Typography

// What a screen sweep finds (`LocalizationSweep`): each text a person would see as wrong on one
// screen in one locale, at one text size, on one device — a `PlacedText` with findings, split into
// one `Finding` per kind — and the allowances that mark a finding as intended.

extension LocalizationSweep {
    /// One thing wrong with one text of one layout: a screen in one locale, at one text size, on one
    /// device. A text that is both cut and untranslated is two findings.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, as ``PlacedText`` reports it.
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
            /// "…" cut it: its line limit, or the height it was given, holds fewer lines than it needs.
            case truncated
            /// `minimumScaleFactor` shrank it to fit.
            case scaled
            /// A line of it is outside the screen or outside an ancestor that clips (`clipped()`…).
            case clipped
            /// A line of it overlaps a line of another text.
            case overlapping
            /// Its string is not the locale's own translation: the source language's, or the key.
            case untranslated
            /// A character of it is in no font.
            case missingGlyphs = "missing-glyphs"

            public var description: String { rawValue }
        }

        /// What is wrong with the text.
        public var kind: Kind
        /// The screen's name (``Screen/name``).
        public var screen: String
        /// The locale the screen was laid out in (as the sweep names it: `de`, `pseudo-xa`).
        public var locale: String
        /// The text size: a Dynamic Type size (a font scale on Android).
        public var size: TextSize
        /// The device's name (``Device/name``) and how it was held.
        public var device: String
        /// How the device was held.
        public var orientation: Device.Orientation

        /// The key the text's string was looked up by, and its table; `nil` for a text with no key.
        public var key: String?
        /// The table the key was looked up in (`Localizable`); `nil` for a text with no key.
        public var table: String?
        /// For an untranslated text: the locale whose string is shown instead (the source language);
        /// `nil` when no catalog has the key and the key itself is shown.
        public var shownLocale: String?
        /// The text shown, before any cut.
        public var text: String
        /// The width it needs to show all of it within its line limit at full size
        /// (``PlacedText/neededWidth``), and the width it had: for a cut or shrunk text, the width it
        /// was proposed; for a clipped one, the width of what clips it (the screen, or the clipping
        /// element); `nil` when that says nothing (an untranslated text that fits).
        public var neededWidth: Double?
        /// The width it had (see ``neededWidth``).
        public var availableWidth: Double?
        /// The lines shown, and the lines it needs at that width.
        public var linesShown: Int
        /// The lines its text needs at the width it was placed at.
        public var linesNeeded: Int
        /// What `minimumScaleFactor` shrank it to (1: not at all).
        public var scale: Double
        /// Where the text was written (`Module/File.swift` and line: ``PlacedText/fileID``); `nil`
        /// for a text that records none (`Text(verbatim:)`, a layout file's).
        public var fileID: String?
        /// The line of ``fileID`` the text was written on.
        public var line: Int?
        /// The text's `.id(_:)` (or its nearest enclosing element's), and its
        /// `accessibilityIdentifier(_:)` (or its nearest enclosing one's).
        public var id: String?
        /// The text's accessibility identifier, or its nearest enclosing one's.
        public var accessibilityIdentifier: String?
        /// The text's place in its layout: its pre-order index and child path.
        public var index: Int
        /// The text's child path from the root.
        public var path: [Int]
        /// What clips it or what it overlaps, in words (`the screen`; `[0, 2] (id card)`); `nil` for other kinds.
        public var detail: String?
        /// The allowance that covers it, when one does: it stays in the report, marked, and does not fail.
        public var allowance: Allowance?

        /// An allowance covers it.
        public var isAllowed: Bool { allowance != nil }

        /// The Dynamic Type size, when the size is one.
        public var dynamicTypeSize: DynamicTypeSize? {
            if case .dynamicType(let size) = size { size } else { nil }
        }

        /// ``neededWidth`` less ``availableWidth``, when both are known and it needs more.
        public var excess: Double? {
            guard let neededWidth, let availableWidth, neededWidth > availableWidth else { return nil }
            return neededWidth - availableWidth
        }

        /// `MyApp/Settings.swift:14`; for a text that records no line, its element path, after the
        /// file it came from when known (a layout file's: `screens/settings.json, element [0, 1]`).
        public var location: String {
            if let fileID, let line { return "\(fileID):\(line)" }
            return (fileID.map { $0 + ", " } ?? "") + "element \(path)\(id.map { " (id \($0))" } ?? "")"
        }

        /// `MyApp/Settings.swift:14: Settings · de · accessibility2 · iPhone SE (3rd generation):
        /// settings.sync.title truncated, "Einstellungen …", needs 367.8 pt, has 343 pt`.
        public var description: String {
            var line = "\(location): \(screen) · \(locale) · \(size.label) · \(device)\(orientation == .landscape ? " (landscape)" : ""): "
            line += "\(key ?? "text") \(kind.phrase(shownLocale: shownLocale, hasKey: key != nil)) \"\(Self.short(text))\""
            if let detail { line += " (\(detail))" }
            if let room = Self.room(needed: neededWidth, available: availableWidth, kind: kind, unit: size.lengthUnit) { line += ", " + room }
            if let allowance { line += " — allowed: \(allowance.reason)" }
            return line
        }

        /// `needs 367.8 pt, has 343 pt (+24.8)` for a kind about room (`dp` under Android: `unit`);
        /// `nil` otherwise.
        static func room(needed: Double?, available: Double?, kind: Kind, unit: String = "pt") -> String? {
            guard kind != .untranslated, kind != .missingGlyphs, let needed else { return nil }
            var words = "needs \(points(needed)) \(unit)"
            if let available {
                words += ", has \(points(available)) \(unit)"
                if needed > available { words += " (+\(points(needed - available)))" }
            }
            return words
        }

        /// A length to one decimal, without a trailing `.0`.
        static func points(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
        }

        /// At most 40 characters of `text`, "…" ending a longer one.
        static func short(_ text: String) -> String {
            text.count > 40 ? String(text.prefix(39)) + "…" : text
        }
    }

    /// A finding that is meant to be: a teaser cut at two lines on purpose. Named by the text's key,
    /// its `.id(_:)` or its `accessibilityIdentifier(_:)`, with the reason; the findings it covers
    /// (of its kinds, on its screen when it names one) stay in the report, marked with it, and do
    /// not fail.
    ///
    /// ```swift
    /// allowances: [
    ///     .key("home.teaser.body", reason: "The teaser is cut at two lines by design"),
    ///     .id("promo", kinds: [.truncated, .scaled], reason: "The banner shrinks its title"),
    ///     .accessibilityIdentifier("legal.footer", kinds: [.untranslated], reason: "Legal text stays in English"),
    /// ]
    /// ```
    public struct Allowance: Sendable, Hashable, CustomStringConvertible {
        /// What the allowance names.
        public enum Target: Sendable, Hashable {
            /// A key, or a pattern of keys as the rules file writes them (`home.teaser.*`; `/…/` a
            /// regular expression): a text whose string was looked up by a matching key.
            case key(String)
            /// A text whose ``Finding/id`` (its `.id(_:)`, or its nearest enclosing element's) is this.
            case id(String)
            /// A text whose ``Finding/accessibilityIdentifier`` is this.
            case accessibilityIdentifier(String)
        }

        /// The texts it covers: by key (or key pattern), id or accessibility identifier.
        public var target: Target
        /// The kinds it allows (truncation, unless said).
        public var kinds: Set<Finding.Kind>
        /// The screen it is limited to; `nil`: every screen.
        public var screen: String?
        /// Why the finding is intended, shown wherever the finding is.
        public var reason: String

        /// An allowance for `target`'s findings of `kinds`, on every screen or one, with its reason.
        public init(_ target: Target, kinds: Set<Finding.Kind> = [.truncated], screen: String? = nil, reason: String) {
            self.target = target
            self.kinds = kinds
            self.screen = screen
            self.reason = reason
            if case .key(let source) = target { pattern = try? KeyPattern(source) }
        }

        /// Findings of `kinds` of the texts looked up by `key` (a key, or a pattern of keys).
        public static func key(_ key: String, kinds: Set<Finding.Kind> = [.truncated], screen: String? = nil, reason: String) -> Allowance {
            Allowance(.key(key), kinds: kinds, screen: screen, reason: reason)
        }

        /// Findings of `kinds` of the texts with this `.id(_:)` (compared as `String(describing:)` writes it).
        public static func id(_ id: some Hashable & Sendable, kinds: Set<Finding.Kind> = [.truncated], screen: String? = nil,
                              reason: String) -> Allowance {
            Allowance(.id(String(describing: id)), kinds: kinds, screen: screen, reason: reason)
        }

        /// Findings of `kinds` of the texts with this `accessibilityIdentifier(_:)`.
        public static func accessibilityIdentifier(_ identifier: String, kinds: Set<Finding.Kind> = [.truncated],
                                                   screen: String? = nil, reason: String) -> Allowance {
            Allowance(.accessibilityIdentifier(identifier), kinds: kinds, screen: screen, reason: reason)
        }

        /// The key pattern, parsed once (`nil` for another target, or a key that is no pattern:
        /// then compared as it is).
        private var pattern: KeyPattern?

        /// Whether it covers `finding`.
        public func allows(_ finding: Finding) -> Bool {
            guard kinds.contains(finding.kind), screen == nil || screen == finding.screen else { return false }
            switch target {
            case .key(let key):
                guard let found = finding.key else { return false }
                return pattern?.matches(found) ?? (found == key)
            case .id(let id): return finding.id == id
            case .accessibilityIdentifier(let identifier): return finding.accessibilityIdentifier == identifier
            }
        }

        /// `key home.teaser.body (truncated): The teaser is cut at two lines by design`.
        public var description: String {
            let what = switch target {
            case .key(let key): "key \(key)"
            case .id(let id): "id \(id)"
            case .accessibilityIdentifier(let identifier): "accessibilityIdentifier \(identifier)"
            }
            let kinds = Finding.Kind.allCases.filter(self.kinds.contains).map(\.rawValue).joined(separator: ", ")
            return "\(what) (\(kinds)\(screen.map { " on \($0)" } ?? "")): \(reason)"
        }

        public static func == (a: Allowance, b: Allowance) -> Bool {
            a.target == b.target && a.kinds == b.kinds && a.screen == b.screen && a.reason == b.reason
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(target)
            hasher.combine(kinds)
            hasher.combine(screen)
            hasher.combine(reason)
        }
    }
}

extension TextSize {
    /// What lengths are in at this size's platform: `pt` (iOS), `dp` (Android, whose sizes are font scales).
    var lengthUnit: String { platform == .android ? "dp" : "pt" }
}

extension LocalizationSweep.Finding.Kind {
    /// What the kind says of a text: `truncated`, `untranslated (shown in en)`, `missing from every catalog`.
    func phrase(shownLocale: String?, hasKey: Bool) -> String {
        switch self {
        case .untranslated: hasKey ? (shownLocale.map { "untranslated (shown in \($0))" } ?? "in no catalog (the key is shown)") : "untranslated"
        case .missingGlyphs: "has characters no font has"
        default: rawValue
        }
    }
}

extension LocalizationSweep.Finding {
    /// The findings of `text`, laid out in `result` (for a clip's width), one per kind it has, in
    /// ``Kind`` order; allowances not yet applied.
    static func findings(of text: PlacedText, in result: LayoutResult, screen: String, locale: String, size: TextSize,
                         device: Device, orientation: Device.Orientation) -> [Self] {
        var kinds: [Kind] = []
        if text.isTruncated { kinds.append(.truncated) }
        if text.isScaled { kinds.append(.scaled) }
        if text.isClipped { kinds.append(.clipped) }
        if text.isOverlapping { kinds.append(.overlapping) }
        if text.isUntranslated { kinds.append(.untranslated) }
        if text.hasMissingGlyphs { kinds.append(.missingGlyphs) }
        return kinds.map { kind in
            var available = text.proposedWidth
            var detail: String?
            switch kind {
            case .clipped:
                switch text.clip {
                case .ancestor(let path, let id)?:
                    detail = "clipped by \(path)\(id.map { " (id \($0))" } ?? "")"
                    available = result.element(atPath: path).map { Double($0.frame.width) } ?? available
                default:
                    detail = "outside the screen"
                    available = Double(result.screen.width)
                }
            case .overlapping:
                detail = "overlaps " + text.overlaps.map { "\($0.path)\($0.id.map { " (id \($0))" } ?? "")" }.joined(separator: ", ")
            case .untranslated, .missingGlyphs:
                available = nil
            default:
                break
            }
            return Self(kind: kind, screen: screen, locale: locale, size: size, device: device.name, orientation: orientation,
                        key: text.key, table: text.table, shownLocale: kind == .untranslated ? text.locale : nil, text: text.string,
                        neededWidth: kind == .untranslated || kind == .missingGlyphs ? nil : text.neededWidth,
                        availableWidth: available, linesShown: text.linesShown, linesNeeded: text.linesNeeded, scale: text.scale,
                        fileID: text.fileID, line: text.line, id: text.id, accessibilityIdentifier: text.accessibilityIdentifier,
                        index: text.index, path: text.path, detail: detail, allowance: nil)
        }
    }
}
