import Catalogs
import Foundation
import LayoutCore
import Typography

// Constraints: which container each key must fit. A rules file maps key patterns to containers;
// command-line defaults cover the keys no rule matches.

// MARK: - Constraint

/// The container one key must fit, and how to check it.
///
/// The typography is given as a text style (`style`, which follows the user's text size), a font
/// family with a fixed `size`, or both; see ``fontSize``. Under ``platform`` `ios` the style is an
/// Apple text style and the sizes checked are Dynamic Type sizes (``dynamicType``); under `android`
/// it is a Material 3 style (``materialStyle``), sizes are in sp, and the sizes checked are font
/// scales (``fontScale``).
public struct Constraint: Sendable, Codable, Hashable {
    /// The container's width in points (dp on Android), padding included.
    public var width: Double
    /// The most lines allowed; `nil` means any number.
    public var maxLines: Int?
    /// The Apple text style (ios); with no `size` the text has the style's size at each Dynamic Type size.
    public var style: TextStyle?
    /// The Material 3 text style (android): its size, weight, letter spacing and line height, as
    /// Compose's `Text` sets them.
    public var materialStyle: MaterialTextStyle?
    /// The font family; `nil` means the platform's default family (Noto Sans or SF Pro; Roboto on Android).
    public var font: String?
    /// The size in points (sp on Android); fixed without a style, relative to the style with one (ios),
    /// or replacing the style's own size (android).
    public var size: Double?
    /// The weight; `nil` means the style's (semibold for `headline`, medium for Material's titles and labels, else regular).
    public var weight: FontWeight?
    /// Points of padding on each side of the container (the text gets `width − 2 × padding`).
    public var padding: Double
    /// Whether truncation at `maxLines` is acceptable.
    public var truncation: Bool
    /// The smallest scale the text may shrink to before it counts as not fitting (1: never shrinks).
    public var minimumScaleFactor: Double
    /// The Dynamic Type sizes to check (ios).
    public var dynamicType: DynamicTypeRange
    /// The font scales to check (android).
    public var fontScale: FontScaleList
    /// Whose text-size rules apply: the style's vocabulary, the sizes checked, the default family.
    public var platform: Platform
    /// The samples for format placeholders.
    public var placeholders: PlaceholderSamples
    /// Whether the texts are read as inline Markdown, as SwiftUI's `Text("key")` reads them (ios).
    public var markdown: Bool

    /// A container: its width and line limit, its text's font and size, and what may give.
    public init(width: Double, maxLines: Int? = 1, style: TextStyle? = nil, font: String? = nil, size: Double? = nil,
                weight: FontWeight? = nil, padding: Double = 0, truncation: Bool = false,
                minimumScaleFactor: Double = 1, dynamicType: DynamicTypeRange = .all,
                placeholders: PlaceholderSamples = .standard, platform: Platform = .ios,
                materialStyle: MaterialTextStyle? = nil, fontScale: FontScaleList = .all, markdown: Bool = false) {
        self.width = width
        self.maxLines = maxLines
        self.style = style
        self.materialStyle = materialStyle
        self.font = font
        self.size = size
        self.weight = weight
        self.padding = padding
        self.truncation = truncation
        self.minimumScaleFactor = minimumScaleFactor
        self.dynamicType = dynamicType
        self.fontScale = fontScale
        self.platform = platform
        self.placeholders = placeholders
        self.markdown = markdown
    }

    /// The size of the text.
    ///
    /// - ios: `style` alone → the style's size (follows Dynamic Type); `size` alone → fixed points;
    ///   both → `size` scaled as the style scales (`Font.custom(_:size:relativeTo:)`); neither → `body`.
    /// - android: `materialStyle` alone → the style; `size` alone → `size` sp; both → `size` sp (the
    ///   style's weight, letter spacing and line height kept, as Compose's `style.copy(fontSize = …)`;
    ///   see ``container``); neither → `bodyLarge`, Compose's default for `Text`.
    ///
    /// A style of the other platform is kept, so that measuring it fails naming it
    /// (``RuleSet/check(platform:)`` refuses it in a rules file first).
    public var fontSize: FontSize {
        switch platform {
        case .ios:
            switch (style, size) {
            case (let style?, let size?): return .relative(size, to: style)
            case (let style?, nil): return .style(style)
            case (nil, let size?): return .points(size)
            case (nil, nil): return materialStyle.map { .material($0) } ?? .style(.body)
            }
        case .android:
            switch (materialStyle, size) {
            case (_, let size?): return .points(size)
            case (let material?, nil): return .material(material)
            case (nil, nil): return style.map { .style($0) } ?? .material(.bodyLarge)
            }
        }
    }

    /// The font to ask for: `font` as the family and `weight` (the style's own weight when not given).
    public var fontRequest: FontRequest {
        FontRequest(family: font, weight: weight ?? (platform == .android ? materialStyle?.weight : style?.defaultWeight))
    }

    /// The sizes to check: ``dynamicType``'s under ios, ``fontScale``'s under android.
    public var textSizes: [TextSize] {
        switch platform {
        case .ios: dynamicType.sizes.map { .dynamicType($0) }
        case .android: fontScale.scales.map { .fontScale($0) }
        }
    }

    /// The width the text itself gets: `width − 2 × padding`, never below zero.
    public var textWidth: Double { max(0, width - 2 * padding) }

    /// The sweep's container for this constraint.
    public var container: StressContainer {
        var container = StressContainer(width: width, maxLines: maxLines, font: fontRequest, size: fontSize, padding: padding,
                                        truncationAllowed: truncation, minimumScaleFactor: minimumScaleFactor, textSizes: textSizes,
                                        materialStyle: platform == .android ? materialStyle : nil)
        container.readsMarkdown = markdown
        return container
    }
}

// MARK: - Dynamic Type ranges

/// A set of Dynamic Type sizes to check, as written on the command line (`--dynamic-type`) and in
/// rules files (`"dynamicType"`).
///
/// Syntax (size names as ``DynamicTypeSize/init(name:)`` reads them, case-insensitive, so `ax2`
/// and `XXXL` work): `all`; one size (`large`); a closed range `FROM...TO` (`large...accessibility2`,
/// both ends included, `…` accepted for `...`); open ranges `FROM...` (up to `accessibility5`) and
/// `...TO` (from `xSmall`); and comma-separated lists of these (`small, large...xLarge`). The sizes are
/// kept smallest first, each once.
public struct DynamicTypeRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The sizes, smallest first, each once, never empty.
    public let sizes: [DynamicTypeSize]

    /// All twelve sizes.
    public static let all = DynamicTypeRange(unchecked: DynamicTypeSize.allCases)

    /// The given sizes (sorted, duplicates dropped); `nil` when there are none.
    public init?(_ sizes: some Sequence<DynamicTypeSize>) {
        let sorted = Set(sizes).sorted()
        guard !sorted.isEmpty else { return nil }
        self.sizes = sorted
    }

    private init(unchecked sizes: [DynamicTypeSize]) { self.sizes = sizes }

    /// Parses the syntax described on the type.
    public init(parsing text: String) throws(DynamicTypeRangeError) {
        var found: [DynamicTypeSize] = []
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for item in items {
            guard !item.isEmpty else {
                throw DynamicTypeRangeError("'\(text)' has an empty item; expected \(DynamicTypeSize.listForMessages)")
            }
            if item.lowercased() == "all" {
                found += DynamicTypeSize.allCases
                continue
            }
            let normalized = item.replacingOccurrences(of: "…", with: "...")
            guard let dots = normalized.range(of: "...") else {
                found.append(try Self.size(item))
                continue
            }
            let from = normalized[..<dots.lowerBound].trimmingCharacters(in: .whitespaces)
            let to = normalized[dots.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !(from.isEmpty && to.isEmpty) else {
                throw DynamicTypeRangeError("'\(item)': a range needs at least one end; expected \(DynamicTypeSize.listForMessages)")
            }
            let lower = from.isEmpty ? DynamicTypeSize.allCases.first! : try Self.size(from)
            let upper = to.isEmpty ? DynamicTypeSize.allCases.last! : try Self.size(to)
            guard lower <= upper else {
                throw DynamicTypeRangeError("the range \(item) runs backwards (\(lower.rawValue) is larger than \(upper.rawValue))")
            }
            found += DynamicTypeSize.allCases.filter { $0 >= lower && $0 <= upper }
        }
        self.init(unchecked: Set(found).sorted())
    }

    private static func size(_ name: String) throws(DynamicTypeRangeError) -> DynamicTypeSize {
        guard let size = DynamicTypeSize(name: name) else {
            if AndroidFontScale(name: name) != nil {
                throw DynamicTypeRangeError("'\(name)' is a font scale, which is Android's (platform android); "
                                            + "under ios the text size is a Dynamic Type size: \(DynamicTypeSize.listForMessages)")
            }
            throw DynamicTypeRangeError("'\(name)' is not a Dynamic Type size; expected \(DynamicTypeSize.listForMessages)")
        }
        return size
    }

    /// `all`, `FROM...TO` for a run of consecutive sizes (one name for one size), else a comma list.
    /// Parsing it gives the same range back.
    public var description: String {
        if sizes == DynamicTypeSize.allCases { return "all" }
        if sizes.count == 1 { return sizes[0].rawValue }
        let all = DynamicTypeSize.allCases
        let first = all.firstIndex(of: sizes[0])!
        if Array(all[first..<(first + sizes.count)]) == sizes {
            return "\(sizes[0].rawValue)...\(sizes[sizes.count - 1].rawValue)"
        }
        return sizes.map(\.rawValue).joined(separator: ",")
    }

    /// Encoded as its ``description``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }
}

/// Why a Dynamic Type range did not parse.
public struct DynamicTypeRangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

// MARK: - Key patterns

/// A key pattern of a rule: a glob, or a regular expression written between slashes.
///
/// - Glob (anything not between slashes): matches the whole key, case-sensitive. `*` matches any run of
///   characters, dots included (keys are names, not paths: `onboarding.*` matches `onboarding.a.b`),
///   `?` one character, `[abc]` one of the listed characters, `[a-z]` a range, `[!abc]` or `[^abc]` any
///   other character; `\` makes the next character literal. Characters are grapheme clusters.
/// - Regular expression: `/…/`, or `/…/i` to ignore case, in `NSRegularExpression` (ICU) syntax. It
///   matches when it is found anywhere in the key, as grep does; anchor it with `^…$` for whole keys.
public struct KeyPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let source: String
    private let matcher: Matcher

    private enum Matcher: Sendable, Hashable {
        case glob([GlobToken])
        case regex(CompiledRegex)
    }

    /// Parses a pattern; the error message says what is wrong (the rules file adds where).
    public init(_ source: String) throws(KeyPatternError) {
        self.source = source
        if source.hasPrefix("/"), source.count >= 2, source.hasSuffix("/") || (source.count >= 3 && source.hasSuffix("/i")) {
            let ignoreCase = !source.hasSuffix("/")
            let body = String(source.dropFirst().dropLast(ignoreCase ? 2 : 1))
            guard !body.isEmpty else { throw KeyPatternError("empty regular expression") }
            guard let regex = try? NSRegularExpression(pattern: body, options: ignoreCase ? [.caseInsensitive] : []) else {
                throw KeyPatternError("invalid regular expression \(source)")
            }
            matcher = .regex(CompiledRegex(regex))
        } else {
            guard !source.isEmpty else { throw KeyPatternError("empty pattern") }
            matcher = .glob(try GlobToken.parse(source))
        }
    }

    /// Whether `key` matches.
    public func matches(_ key: String) -> Bool {
        switch matcher {
        case .glob(let tokens): GlobToken.match(tokens, Array(key))
        case .regex(let compiled):
            compiled.regex.firstMatch(in: key, options: [], range: NSRange(key.startIndex..., in: key)) != nil
        }
    }

    /// Whether the pattern is a regular expression.
    public var isRegularExpression: Bool { if case .regex = matcher { true } else { false } }

    public var description: String { source }
}

/// Why a key pattern did not parse.
public struct KeyPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// An `NSRegularExpression` shared across threads: it is immutable once made, and Apple documents it as
/// safe to use from several threads.
private final class CompiledRegex: @unchecked Sendable, Hashable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }
    static func == (a: CompiledRegex, b: CompiledRegex) -> Bool { a.regex.pattern == b.regex.pattern && a.regex.options == b.regex.options }
    func hash(into hasher: inout Hasher) { hasher.combine(regex.pattern) }
}

/// One element of a compiled glob.
private enum GlobToken: Sendable, Hashable {
    case literal(Character)
    case any                 // *
    case one                 // ?
    case set([SetItem], negated: Bool)

    enum SetItem: Sendable, Hashable {
        case single(Character)
        case range(ClosedRange<Character>)

        func contains(_ c: Character) -> Bool {
            switch self {
            case .single(let single): single == c
            case .range(let range): range.contains(c)
            }
        }
    }

    static func parse(_ pattern: String) throws(KeyPatternError) -> [GlobToken] {
        let chars = Array(pattern)
        var tokens: [GlobToken] = []
        var i = 0
        while i < chars.count {
            switch chars[i] {
            case "*":
                if tokens.last != .any { tokens.append(.any) }
                i += 1
            case "?":
                tokens.append(.one)
                i += 1
            case "\\":
                guard i + 1 < chars.count else { throw KeyPatternError("the glob ends with a lone \\") }
                tokens.append(.literal(chars[i + 1]))
                i += 2
            case "[":
                var j = i + 1
                var negated = false
                if j < chars.count, chars[j] == "!" || chars[j] == "^" {
                    negated = true
                    j += 1
                }
                var items: [SetItem] = []
                var first = true
                while j < chars.count, chars[j] != "]" || first {
                    first = false
                    var c = chars[j]
                    if c == "\\", j + 1 < chars.count {
                        j += 1
                        c = chars[j]
                    }
                    if j + 2 < chars.count, chars[j + 1] == "-", chars[j + 2] != "]" {
                        let upper = chars[j + 2]
                        guard c <= upper else {
                            throw KeyPatternError("the glob range [\(c)-\(upper)] runs backwards")
                        }
                        items.append(.range(c...upper))
                        j += 3
                    } else {
                        items.append(.single(c))
                        j += 1
                    }
                }
                guard j < chars.count else { throw KeyPatternError("unterminated [ in the glob") }
                tokens.append(.set(items, negated: negated))
                i = j + 1
            default:
                tokens.append(.literal(chars[i]))
                i += 1
            }
        }
        return tokens
    }

    private func matches(_ c: Character) -> Bool {
        switch self {
        case .literal(let literal): literal == c
        case .one: true
        case .any: true
        case .set(let items, let negated): items.contains { $0.contains(c) } != negated
        }
    }

    /// Whole-string match; a `*` retries from one character further each time a later token fails
    /// (the classic linear-space wildcard algorithm: only the last `*` needs remembering).
    static func match(_ tokens: [GlobToken], _ text: [Character]) -> Bool {
        var t = 0, s = 0
        var star: Int?, starText = 0
        while s < text.count {
            if t < tokens.count, tokens[t] == .any {
                star = t
                starText = s
                t += 1
            } else if t < tokens.count, tokens[t].matches(text[s]) {
                t += 1
                s += 1
            } else if let star {
                t = star + 1
                starText += 1
                s = starText
            } else {
                return false
            }
        }
        while t < tokens.count, tokens[t] == .any { t += 1 }
        return t == tokens.count
    }
}

// MARK: - Rules files

/// A rules file: key patterns mapped to containers.
///
/// ```json
/// {
///   "placeholders": { "object": "Alexandra", "names": { "count": "1,000" } },
///   "rules": [
///     { "pattern": "onboarding.*", "width": 280, "maxLines": 2, "style": "title3", "weight": "semibold",
///       "padding": 16, "truncation": false, "minimumScaleFactor": 0.8, "dynamicType": "large...accessibility2" },
///     { "pattern": "/^tab\\.[a-z]+$/", "width": 64, "font": "Inter", "size": 10, "truncation": true,
///       "placeholders": { "integer": "99" }, "comment": "tab bar items" }
///   ]
/// }
/// ```
///
/// - **First match wins**: rules are tried in file order and the first whose ``KeyPattern`` matches the
///   key gives its container; put specific patterns before general ones.
/// - A matching rule overrides the command-line defaults field by field: fields it does not give keep
///   the defaults' values. `style` and `size` go together: a rule giving either replaces both (a rule
///   with `"size": 10` and no style means a fixed 10 points, whatever style the defaults have).
///   `"maxLines": null` or `0` means no line limit (`0` as `--max-lines 0`).
/// - Keys no rule matches get the defaults unchanged (but for the file-wide `placeholders`).
/// - Placeholder samples layer: the defaults' samples, then the file-wide `placeholders` and `samples`,
///   then the matching rule's `placeholders` and `samples` (see ``PlaceholderSamples`` for the fields
///   and `names`).
/// - Rule fields: `pattern` (required; see ``KeyPattern``), `width` (points, > 0), `maxLines` (integer
///   ≥ 0, or null; 0 and null: no limit), `style` (a ``TextStyle`` name under ios, a ``MaterialTextStyle`` name under
///   android), `font` (family name), `size` (points, sp on Android, > 0), `weight` (`bold`,
///   `semibold`, … or 1–1000), `padding` (points, ≥ 0), `truncation` (allowed: true/false),
///   `minimumScaleFactor` (0 < f ≤ 1), `dynamicType` (ios: a ``DynamicTypeRange`` string or an array
///   of them), `fontScale` (android: a ``FontScaleList`` string, a number, or an array of them),
///   `placeholders`, `samples`, `comment` (ignored). Unknown fields are errors, so typos do not pass silently.
/// - `samples` (top level and per rule): placeholder token (`"%@"`, `"%1$@"`, `"{count}"`) or name
///   (`"count"`) → a text, used as written, or a number, written in each locale's digits and grouping
///   and, in a plural variant, the target of the category's count (``PlaceholderSamples/substitute(_:locale:variant:)``):
///   `"samples": {"%@": "Alexandria Ocasio-Cortez", "count": 8888888}`. It layers as `placeholders`
///   does (after it, in the same file or rule).
/// - The file may say which platform its rules are for: `"platform": "ios"` or `"android"` at the
///   top. Its rules are then checked against it as the file is read; without it, against the
///   platform of the run (``check(platform:)``). Either way a style of the other platform
///   (`bodyLarge` under ios, `body` under android), `dynamicType` under android or `fontScale` under
///   ios is an error naming the rule.
/// - `allow` (top level): the findings of a screen sweep (`textfit stress --screens`) that are meant
///   to be, each an object naming one text by `key` (a key or a key pattern, as `pattern` is
///   written), `id` (a layout file node's `id`, or its nearest enclosing one's) or
///   `accessibilityIdentifier`, with a `reason` (required) and optionally `kinds` (an array of
///   `truncated`, `scaled`, `clipped`, `overlapping`, `untranslated`, `missing-glyphs`; default
///   `["truncated"]`) and `screen` (a screen's name: only on that screen):
///   `"allow": [{"key": "home.teaser", "reason": "cut at two lines by design"}]`
///   (``LocalizationSweep/Allowance``; docs/stress.md, "Screens").
/// - Every error is a ``RuleSetError`` naming the file and the JSON path: `$.rules[2].pattern: invalid
///   regular expression /a(/`.
public struct RuleSet: Sendable {
    /// One rule: where it is, what it matches and what it sets.
    public struct Rule: Sendable {
        /// Its index in `rules` (as in the JSON path `$.rules[index]`).
        public let index: Int
        /// The key pattern the rule applies to.
        public let pattern: KeyPattern
        /// The comment the rule carries, if any.
        public let comment: String?
        fileprivate let overrides: ConstraintOverrides
    }

    /// The file the rules came from (used in messages).
    public let file: String
    /// The rules, in file order.
    public let rules: [Rule]
    /// The file-wide placeholder samples.
    public let placeholders: PlaceholderSamples.Overrides
    /// The platform the file says its rules are for (`"platform"`), if it says.
    public let platform: Platform?
    /// The screen sweep's allowances (`"allow"`), in file order.
    public let allowances: [LocalizationSweep.Allowance]

    /// No rules: every key gets the defaults.
    public init(file: String = "") {
        self.file = file
        self.rules = []
        self.placeholders = PlaceholderSamples.Overrides()
        self.platform = nil
        self.allowances = []
    }

    /// Reads a rules file's JSON; `file` names it in errors.
    public init(json: Data, file: String) throws(RuleSetError) {
        self.file = file
        let root: JSONValue
        do {
            // RFC 8259 exactly, as layout files are read: a trailing comma or a key given twice is
            // an error with its line and column, not silently accepted (the last key winning).
            root = JSONValue(native: try JSONReader.parse(json, refusesDuplicateKeys: true))
        } catch {
            throw RuleSetError(file: file, path: "$", message: "not valid JSON (\(Self.describe(error)))")
        }
        let reader = FieldReader(file: file)
        let object = try reader.object(root, at: "$")
        try reader.onlyKnown(object, ["platform", "rules", "placeholders", "samples", "allow"], at: "$")
        if let value = object["platform"] {
            let name = try reader.string(value, at: "$.platform")
            guard let platform = Platform(name: name) else {
                throw reader.error("$.platform", "\"\(name)\" is not a platform (ios, android)")
            }
            self.platform = platform
        } else {
            platform = nil
        }
        var placeholders = PlaceholderSamples.Overrides()
        if let value = object["placeholders"] { placeholders = try reader.placeholders(value, at: "$.placeholders") }
        if let value = object["samples"] { try reader.samples(value, at: "$.samples", into: &placeholders) }
        self.placeholders = placeholders
        var rules: [Rule] = []
        if let list = object["rules"] {
            guard case .array(let items) = list else { throw reader.error("$.rules", "expected an array of rules") }
            for (index, item) in items.enumerated() {
                rules.append(try reader.rule(item, index: index))
            }
        }
        self.rules = rules
        var allowances: [LocalizationSweep.Allowance] = []
        if let list = object["allow"] {
            guard case .array(let items) = list else { throw reader.error("$.allow", "expected an array of allowances") }
            for (index, item) in items.enumerated() { allowances.append(try reader.allowance(item, at: "$.allow[\(index)]")) }
        }
        self.allowances = allowances
        if let platform { try check(platform: platform) }
    }

    /// Reads a rules file from disk; an unreadable file is a ``RuleSetError`` at `$`.
    public init(contentsOf url: URL) throws(RuleSetError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw RuleSetError(file: url.path, path: "$", message: "cannot read the file (\(error.localizedDescription))")
        }
        try self.init(json: data, file: url.path)
    }

    /// Checks that every rule is written for `platform`, and that the file, if it names a platform,
    /// names this one.
    /// - Throws: ``RuleSetError`` at the offending value: `$.platform` naming both platforms;
    ///   `$.rules[i].style` for a text style of the other platform (naming the rule's pattern and the
    ///   style); `$.rules[i].dynamicType` under android, `$.rules[i].fontScale` under ios.
    public func check(platform: Platform) throws(RuleSetError) {
        if let own = self.platform, own != platform {
            throw RuleSetError(file: file, path: "$.platform",
                               message: "the rules are for \(own.rawValue), but this run checks \(platform.rawValue) (--platform \(own.rawValue) checks them as written)")
        }
        for rule in rules {
            let path = "$.rules[\(rule.index)]", about = "rule \"\(rule.pattern.source)\""
            switch platform {
            case .ios:
                if let material = rule.overrides.materialStyle {
                    throw RuleSetError(file: file, path: "\(path).style", message: "\(about): \"\(material.rawValue)\" is a Material 3 "
                                       + "text style, which is Android's; under ios give an Apple text style (\(FieldReader.appleStyles))")
                }
                if rule.overrides.fontScale != nil {
                    throw RuleSetError(file: file, path: "\(path).fontScale", message: "\(about): font scales are Android's; "
                                       + "under ios the text sizes are Dynamic Type sizes (dynamicType)")
                }
            case .android:
                if let style = rule.overrides.style {
                    throw RuleSetError(file: file, path: "\(path).style", message: "\(about): \"\(style.rawValue)\" is an Apple text "
                                       + "style, which is iOS's; under android give a Material 3 style (\(FieldReader.materialStyles))")
                }
                if rule.overrides.dynamicType != nil {
                    throw RuleSetError(file: file, path: "\(path).dynamicType", message: "\(about): Dynamic Type sizes are iOS's; "
                                       + "under android the text sizes are font scales (fontScale: 1.3, a list, or \"all\")")
                }
                if rule.overrides.markdown == true {
                    throw RuleSetError(file: file, path: "\(path).markdown", message: "\(about): Markdown is how SwiftUI's Text reads "
                                       + "a localized string key; Android's text views do not read it")
                }
            }
        }
    }

    /// The first rule matching `key`, if any.
    public func rule(for key: String) -> Rule? { rules.first { $0.pattern.matches(key) } }

    /// The constraint for `key`: the first matching rule laid over `defaults` (see the type's
    /// documentation), or `defaults` when no rule matches; file-wide placeholder samples apply either way.
    public func constraint(for key: String, defaults: Constraint) -> Constraint {
        var result = defaults
        result.placeholders = result.placeholders.applying(placeholders)
        rule(for: key)?.overrides.apply(to: &result)
        return result
    }

    private static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            if let underlying = context.underlyingError { return String(describing: underlying) }
            return context.debugDescription
        }
        return String(describing: error)
    }
}

/// A problem in a rules file: the file, the JSON path of the offending value, and what is wrong.
public struct RuleSetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rules file.
    public var file: String
    /// A JSON path: `$`, `$.rules[2].pattern`, `$.placeholders.names["%1$@"]`.
    public var path: String
    /// What is wrong, in words.
    public var message: String

    /// A problem at `path` of `file`.
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file: path: message`.
    public var description: String { "\(file): \(path): \(message)" }
}

/// The fields one rule sets (`nil`: not given; `maxLines` `.some(nil)`: explicitly unlimited).
private struct ConstraintOverrides: Sendable {
    var width: Double?
    var maxLines: Int??
    var style: TextStyle?
    var materialStyle: MaterialTextStyle?
    var font: String?
    var size: Double?
    var weight: FontWeight?
    var padding: Double?
    var truncation: Bool?
    var minimumScaleFactor: Double?
    var dynamicType: DynamicTypeRange?
    var fontScale: FontScaleList?
    var placeholders: PlaceholderSamples.Overrides?
    var markdown: Bool?

    func apply(to constraint: inout Constraint) {
        if let width { constraint.width = width }
        if let maxLines { constraint.maxLines = maxLines }
        if style != nil || materialStyle != nil || size != nil {
            constraint.style = style
            constraint.materialStyle = materialStyle
            constraint.size = size
        }
        if let font { constraint.font = font }
        if let weight { constraint.weight = weight }
        if let padding { constraint.padding = padding }
        if let truncation { constraint.truncation = truncation }
        if let minimumScaleFactor { constraint.minimumScaleFactor = minimumScaleFactor }
        if let markdown { constraint.markdown = markdown }
        if let dynamicType { constraint.dynamicType = dynamicType }
        if let fontScale { constraint.fontScale = fontScale }
        if let placeholders { constraint.placeholders = constraint.placeholders.applying(placeholders) }
    }
}

/// Reads and checks the values of a rules file, naming the JSON path in every error.
private struct FieldReader {
    let file: String

    static let ruleFields = ["pattern", "width", "maxLines", "style", "font", "size", "weight", "padding",
                             "truncation", "minimumScaleFactor", "dynamicType", "fontScale", "placeholders", "samples",
                             "markdown", "comment"]

    static let appleStyles = TextStyle.allCases.map(\.rawValue).joined(separator: ", ")
    static let materialStyles = MaterialTextStyle.allCases.map(\.rawValue).joined(separator: ", ")
    static let placeholderFields = ["object", "integer", "float", "character", "pointer", "named", "variable", "names"]

    func error(_ path: String, _ message: String) -> RuleSetError { RuleSetError(file: file, path: path, message: message) }

    /// `path.key`, or `path["key"]` when the key is not a plain identifier.
    func child(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            && !key.first!.isNumber
        if plain { return "\(path).\(key)" }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(path)[\"\(escaped)\"]"
    }

    func object(_ value: JSONValue, at path: String) throws(RuleSetError) -> [String: JSONValue] {
        guard case .object(let object) = value else { throw error(path, "expected an object, found \(value.kind)") }
        return object
    }

    func onlyKnown(_ object: [String: JSONValue], _ known: [String], at path: String) throws(RuleSetError) {
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw error(child(path, unknown), "unknown field (known fields: \(known.joined(separator: ", ")))")
        }
    }

    func string(_ value: JSONValue, at path: String) throws(RuleSetError) -> String {
        guard case .string(let string) = value else { throw error(path, "expected a string, found \(value.kind)") }
        return string
    }

    func number(_ value: JSONValue, at path: String, _ requirement: String, valid: (Double) -> Bool) throws(RuleSetError) -> Double {
        guard case .number(let number) = value, number.isFinite, valid(number) else {
            throw error(path, "expected \(requirement), found \(value.summary)")
        }
        return number
    }

    /// One of `allow`'s objects: exactly one of `key`, `id` and `accessibilityIdentifier`, a `reason`,
    /// and optionally `kinds` and `screen`.
    func allowance(_ value: JSONValue, at path: String) throws(RuleSetError) -> LocalizationSweep.Allowance {
        let object = try self.object(value, at: path)
        try onlyKnown(object, ["key", "id", "accessibilityIdentifier", "reason", "kinds", "screen", "comment"], at: path)
        let named = ["key", "id", "accessibilityIdentifier"].filter { object[$0] != nil }
        guard named.count == 1, let field = named.first else {
            throw error(path, named.isEmpty ? "name the text: one of key, id or accessibilityIdentifier"
                                            : "give one of key, id or accessibilityIdentifier, not \(named.joined(separator: " and "))")
        }
        let name = try string(object[field]!, at: child(path, field))
        guard !name.isEmpty else { throw error(child(path, field), "must not be empty") }
        let target: LocalizationSweep.Allowance.Target
        switch field {
        case "key":
            do { _ = try KeyPattern(name) } catch { throw self.error(child(path, "key"), error.message) }
            target = .key(name)
        case "id": target = .id(name)
        default: target = .accessibilityIdentifier(name)
        }
        guard let reasonValue = object["reason"] else {
            throw error(child(path, "reason"), "missing: say why the finding is meant to be (it is shown wherever the finding is)")
        }
        let reason = try string(reasonValue, at: child(path, "reason"))
        guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else { throw error(child(path, "reason"), "must not be empty") }
        var kinds: Set<LocalizationSweep.Finding.Kind> = [.truncated]
        if let value = object["kinds"] {
            guard case .array(let items) = value, !items.isEmpty else {
                throw error(child(path, "kinds"), "expected a non-empty array of kinds (\(Self.findingKinds))")
            }
            kinds = []
            for (index, item) in items.enumerated() {
                let kindName = try string(item, at: "\(child(path, "kinds"))[\(index)]")
                guard let kind = LocalizationSweep.Finding.Kind(rawValue: kindName) else {
                    throw error("\(child(path, "kinds"))[\(index)]", "\"\(kindName)\" is not a kind of finding (\(Self.findingKinds))")
                }
                kinds.insert(kind)
            }
        }
        let screen = try object["screen"].map { value throws(RuleSetError) in try string(value, at: child(path, "screen")) }
        return LocalizationSweep.Allowance(target, kinds: kinds, screen: screen, reason: reason)
    }

    static let findingKinds = LocalizationSweep.Finding.Kind.allCases.map(\.rawValue).joined(separator: ", ")

    func rule(_ value: JSONValue, index: Int) throws(RuleSetError) -> RuleSet.Rule {
        let path = "$.rules[\(index)]"
        let object = try self.object(value, at: path)
        try onlyKnown(object, Self.ruleFields, at: path)
        guard let patternValue = object["pattern"] else {
            throw error("\(path).pattern", "missing: every rule needs a key pattern")
        }
        let patternText = try string(patternValue, at: "\(path).pattern")
        let pattern: KeyPattern
        do {
            pattern = try KeyPattern(patternText)
        } catch {
            throw self.error("\(path).pattern", error.message)
        }

        var overrides = ConstraintOverrides()
        if let value = object["width"] {
            overrides.width = try number(value, at: "\(path).width", "a width in points greater than 0") { $0 > 0 }
        }
        if let value = object["maxLines"] {
            if case .null = value {
                overrides.maxLines = .some(nil)
            } else {
                // 0 is no limit, as `--max-lines 0` is on the command line.
                let lines = try number(value, at: "\(path).maxLines", "a whole number of lines ≥ 0 (0 or null: no limit)") {
                    $0 >= 0 && $0 == $0.rounded() && $0 <= Double(Int32.max)
                }
                overrides.maxLines = .some(lines == 0 ? nil : Int(lines))
            }
        }
        if let value = object["style"] {
            // Either platform's styles: which one applies is checked against the platform
            // (`RuleSet.check(platform:)`), when the file says it or when the run knows it.
            let name = try string(value, at: "\(path).style")
            if let style = TextStyle(name: name) {
                overrides.style = style
            } else if let material = MaterialTextStyle(name: name) {
                overrides.materialStyle = material
            } else {
                throw error("\(path).style", "unknown text style \"\(name)\" (expected an Apple text style under ios: "
                            + "\(Self.appleStyles); or a Material 3 style under android: \(Self.materialStyles))")
            }
        }
        if let value = object["font"] {
            let family = try string(value, at: "\(path).font")
            guard !family.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw error("\(path).font", "empty font family name")
            }
            overrides.font = family
        }
        if let value = object["size"] {
            overrides.size = try number(value, at: "\(path).size", "a point size greater than 0") {
                $0 > 0 && $0 <= TextAttributes.maximumPointSize
            }
        }
        if let value = object["weight"] {
            let weight: FontWeight?
            switch value {
            case .string(let name): weight = FontWeight(name: name)
            case .number(let number): weight = number == number.rounded() ? FontWeight(name: String(Int(exactly: number) ?? 0)) : nil
            default: weight = nil
            }
            guard let weight else {
                throw error("\(path).weight", "expected a weight name (ultraLight … black) or a number 1–1000, found \(value.summary)")
            }
            overrides.weight = weight
        }
        if let value = object["padding"] {
            overrides.padding = try number(value, at: "\(path).padding", "a padding in points ≥ 0") { $0 >= 0 }
        }
        if let value = object["truncation"] {
            guard case .bool(let allowed) = value else {
                throw error("\(path).truncation", "expected true (truncation allowed) or false, found \(value.summary)")
            }
            overrides.truncation = allowed
        }
        if let value = object["markdown"] {
            guard case .bool(let reads) = value else {
                throw error("\(path).markdown", "expected true (texts read as Markdown, as SwiftUI's Text(\"key\") reads them) or false, found \(value.summary)")
            }
            overrides.markdown = reads
        }
        if let value = object["minimumScaleFactor"] {
            overrides.minimumScaleFactor = try number(value, at: "\(path).minimumScaleFactor",
                                                      "a scale factor greater than 0 and at most 1") { $0 > 0 && $0 <= 1 }
        }
        if let value = object["dynamicType"] {
            overrides.dynamicType = try dynamicType(value, at: "\(path).dynamicType")
        }
        if let value = object["fontScale"] {
            overrides.fontScale = try fontScale(value, at: "\(path).fontScale")
        }
        if let value = object["placeholders"] {
            overrides.placeholders = try placeholders(value, at: "\(path).placeholders")
        }
        if let value = object["samples"] {
            var samples = overrides.placeholders ?? PlaceholderSamples.Overrides()
            try self.samples(value, at: "\(path).samples", into: &samples)
            overrides.placeholders = samples
        }
        var comment: String?
        if let value = object["comment"] { comment = try string(value, at: "\(path).comment") }
        return RuleSet.Rule(index: index, pattern: pattern, comment: comment, overrides: overrides)
    }

    func dynamicType(_ value: JSONValue, at path: String) throws(RuleSetError) -> DynamicTypeRange {
        func parse(_ text: String, at path: String) throws(RuleSetError) -> DynamicTypeRange {
            do {
                return try DynamicTypeRange(parsing: text)
            } catch {
                throw self.error(path, error.message)
            }
        }
        switch value {
        case .string(let text):
            return try parse(text, at: path)
        case .array(let items):
            var sizes: [DynamicTypeSize] = []
            for (index, item) in items.enumerated() {
                let itemPath = "\(path)[\(index)]"
                sizes += try parse(try string(item, at: itemPath), at: itemPath).sizes
            }
            guard let range = DynamicTypeRange(sizes) else { throw error(path, "empty list of Dynamic Type sizes") }
            return range
        default:
            throw error(path, "expected a Dynamic Type range (\"all\", \"large...accessibility2\") or an array of sizes, found \(value.kind)")
        }
    }

    /// `"all"`, `"1,1.3,2"`, `1.3`, `"130%"`, or an array of these.
    func fontScale(_ value: JSONValue, at path: String) throws(RuleSetError) -> FontScaleList {
        func parse(_ item: JSONValue, at path: String) throws(RuleSetError) -> [AndroidFontScale] {
            let text: String
            switch item {
            case .string(let string): text = string
            case .number(let number):
                guard let scale = try? AndroidFontScale(number) else {
                    throw error(path, "expected a font scale greater than 0, found \(item.summary)")
                }
                return [scale]
            default:
                throw error(path, "expected a font scale (1.3, \"130%\"), a list (\"1,1.3,2\") or \"all\", found \(item.kind)")
            }
            do {
                return try FontScaleList(parsing: text).scales
            } catch {
                throw self.error(path, error.message)
            }
        }
        var scales: [AndroidFontScale]
        if case .array(let items) = value {
            scales = []
            for (index, item) in items.enumerated() { scales += try parse(item, at: "\(path)[\(index)]") }
        } else {
            scales = try parse(value, at: path)
        }
        guard let list = FontScaleList(scales) else { throw error(path, "empty list of font scales") }
        guard list.scales.count <= FontScaleList.maximumCount else {
            throw error(path, "\(list.scales.count) font scales; at most \(FontScaleList.maximumCount)")
        }
        return list
    }

    /// `"samples"`: placeholder token or name → a text (used as written) or a number (written in each
    /// locale's digits and grouping; a plural variant's count). Given after `placeholders`, so a key
    /// in both takes the `samples` value.
    func samples(_ value: JSONValue, at path: String, into overrides: inout PlaceholderSamples.Overrides) throws(RuleSetError) {
        for (key, value) in try object(value, at: path).sorted(by: { $0.key < $1.key }) {
            let keyPath = child(path, key)
            guard !key.isEmpty else { throw error(keyPath, "empty placeholder token or name") }
            switch value {
            case .string(let text):
                overrides.names[key] = text
                overrides.numbers[key] = nil
            case .number(let number) where number.isFinite && abs(number) < 1e15:
                overrides.numbers[key] = number
                overrides.names[key] = nil
            default:
                throw error(keyPath, "expected a text (used as written) or a number below 10^15 in magnitude "
                            + "(written in each locale's digits and grouping), found \(value.summary)")
            }
        }
    }

    func placeholders(_ value: JSONValue, at path: String) throws(RuleSetError) -> PlaceholderSamples.Overrides {
        let object = try self.object(value, at: path)
        try onlyKnown(object, Self.placeholderFields, at: path)
        func sample(_ key: String) throws(RuleSetError) -> String? {
            guard let value = object[key] else { return nil }
            return try string(value, at: child(path, key))
        }
        var overrides = PlaceholderSamples.Overrides(
            object: try sample("object"), integer: try sample("integer"), float: try sample("float"),
            character: try sample("character"), pointer: try sample("pointer"), named: try sample("named"),
            variable: try sample("variable"))
        if let names = object["names"] {
            let namesPath = child(path, "names")
            for (name, value) in try self.object(names, at: namesPath).sorted(by: { $0.key < $1.key }) {
                overrides.names[name] = try string(value, at: child(namesPath, name))
            }
        }
        return overrides
    }
}

/// A JSON value, decoded without losing the difference between numbers and booleans.
private enum JSONValue: Decodable, Sendable {
    /// The value `JSONReader` built (`NSNull`, `Bool`, `Int`, `Double`, `String`, arrays, objects).
    init(native value: Any) {
        switch value {
        case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
        case let int as Int where type(of: value) == Int.self: self = .number(Double(int))
        case let double as Double where type(of: value) == Double.self: self = .number(double)
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(JSONValue.init(native:)))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init(native:)))
        default: self = .null
        }
    }

    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// What kind of value this is, for messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value itself when short (numbers, booleans, strings), else its kind.
    var summary: String {
        switch self {
        case .bool(let bool): "\(bool)"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        case .string(let string): "\"\(string)\""
        default: kind
        }
    }
}
