import Foundation
import LayoutCore

/// What to measure and how: the measure command's options, in the JSON the CLI and the service read.
public struct MeasureRequest: Codable, Sendable, Equatable {
    /// The texts to measure, each measured on its own (a text may hold line breaks).
    public var texts: [String]
    /// A family name (bundled, or on the system unless bundled-only).
    public var font: String?
    /// An explicit font file; wins over `font`.
    public var fontFile: String?
    /// The face inside `fontFile` (collections).
    public var faceIndex: Int?
    /// A fixed point size. With `style`, the size scales relative to the style (`Font.custom(_:size:relativeTo:)`).
    public var size: Double?
    /// A text style (`body`, `title1`, …); default `body` when neither size nor style is given.
    public var style: String?
    /// `regular`, `semibold`, `bold`, … or 1–1000; default: the style's weight.
    public var weight: String?
    /// Whether to use an italic face (a variable font without one: its `ital` or `slnt` axis).
    public var italic: Bool?
    /// A Dynamic Type size (`large`, `accessibility3`, `ax3`, …); default `large`.
    public var dynamicType: String?
    /// A BCP 47 language tag (or ICU locale ID: `pt_BR`), measured as its canonical form
    /// (``CanonicalLocale``: what ICU has no data for is dropped and named in the result's `adjustments`).
    public var locale: String?
    /// OpenType feature settings (`tnum`, `-liga`).
    public var features: [String]?
    /// Points added after each grapheme cluster; a non-zero tracking turns off the optional
    /// ligatures (`liga`, `clig`) as the `Text` leaf does (`features` may turn them back on).
    public var tracking: Double?
    /// Points between tab stops (default 28).
    public var tabInterval: Double?
    /// A width to wrap at (`fitting`); absent: no fitting answer unless `lines` or `height` is set.
    /// An infinite width wraps nothing: there is a `fitting` answer, whose `proposal` leaves the
    /// width out, as for no width (`"proposal": {}` for `--width inf` alone; JSON has no infinity).
    public var width: Double?
    /// A height to fit the lines into (the last shown line is truncated); infinite: no limit (left
    /// out of the `proposal`, as an infinite width is).
    public var height: Double?
    /// A line limit.
    public var lines: Int?
    /// The fewest lines the height holds: a text with fewer lines gets blank lines below (SwiftUI's
    /// `lineLimit(_:reservesSpace:)` and ranged limits; ``ParagraphStyle/reservedLines``). At most
    /// `lines` when both are set.
    public var reservedLines: Int?
    /// `head`, `middle` or `tail` (default).
    public var truncation: String?
    /// `word-then-character` (default), `word` or `balanced`.
    public var wrap: String?
    /// `auto` (default), `ltr` or `rtl`.
    public var direction: String?
    /// `apple` (default), `typo` or `fixed:H`.
    public var lineMetrics: String?
    /// Points between lines.
    public var lineSpacing: Double?
    /// The smallest scale the text may shrink to (0 < f ≤ 1).
    public var minimumScale: Double?
    /// `ios` (default) or `android`: whose sizes, styles and system font apply (docs/platforms.md).
    public var platform: String?
    /// Android's font scale (default 1); under android `dynamicType` may carry it too (`"1.3"`).
    public var fontScale: Double?
    /// Axis settings of a variable font, as `hb-shape --variations` spells them (`wght=550,GRAD=50`).
    public var variations: String?
    /// A variable font's width (`wdth`), percent of normal.
    public var fontWidth: Double?
    /// A named instance of a variable font (`Condensed Bold`).
    public var instance: String?
    /// The system font's design: `default`, `rounded`, `monospaced`, `serif` (Apple's fonts).
    public var design: String?
    /// Read each text as inline Markdown, as SwiftUI's `Text("key")` reads it (ios; docs/views.md):
    /// the result's `text` and offsets are then those of the text shown.
    public var markdown: Bool?

    /// A request with the given settings; every one is optional but `texts` (the CLI's options, in camelCase).
    public init(texts: [String], font: String? = nil, fontFile: String? = nil, faceIndex: Int? = nil, size: Double? = nil,
                style: String? = nil, weight: String? = nil, italic: Bool? = nil, dynamicType: String? = nil,
                locale: String? = nil, features: [String]? = nil, tracking: Double? = nil, tabInterval: Double? = nil,
                width: Double? = nil, height: Double? = nil, lines: Int? = nil, reservedLines: Int? = nil, truncation: String? = nil,
                wrap: String? = nil, direction: String? = nil, lineMetrics: String? = nil, lineSpacing: Double? = nil,
                minimumScale: Double? = nil, platform: String? = nil, fontScale: Double? = nil, variations: String? = nil,
                fontWidth: Double? = nil, instance: String? = nil, design: String? = nil, markdown: Bool? = nil) {
        self.texts = texts
        self.font = font
        self.fontFile = fontFile
        self.faceIndex = faceIndex
        self.size = size
        self.style = style
        self.weight = weight
        self.italic = italic
        self.dynamicType = dynamicType
        self.locale = locale
        self.features = features
        self.tracking = tracking
        self.tabInterval = tabInterval
        self.width = width
        self.height = height
        self.lines = lines
        self.reservedLines = reservedLines
        self.truncation = truncation
        self.wrap = wrap
        self.direction = direction
        self.lineMetrics = lineMetrics
        self.lineSpacing = lineSpacing
        self.minimumScale = minimumScale
        self.platform = platform
        self.fontScale = fontScale
        self.variations = variations
        self.fontWidth = fontWidth
        self.instance = instance
        self.design = design
        self.markdown = markdown
    }

    /// Decodes the JSON form, in which `weight` is a name (`"bold"`) or a number (`700`, kept as
    /// `"700"`), as the layout file and the rules file take it (docs/layout-file.md).
    /// - Throws: the `DecodingError` the synthesized decoder would throw; a `weight` that is neither
    ///   a string nor a whole number is a type mismatch at `weight`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        texts = try container.decode([String].self, forKey: .texts)
        font = try container.decodeIfPresent(String.self, forKey: .font)
        fontFile = try container.decodeIfPresent(String.self, forKey: .fontFile)
        faceIndex = try container.decodeIfPresent(Int.self, forKey: .faceIndex)
        size = try container.decodeIfPresent(Double.self, forKey: .size)
        style = try container.decodeIfPresent(String.self, forKey: .style)
        if try !container.contains(.weight) || container.decodeNil(forKey: .weight) {
            weight = nil
        } else if let name = try? container.decode(String.self, forKey: .weight) {
            weight = name
        } else if let number = try? container.decode(Int.self, forKey: .weight) {
            weight = String(number)
        } else {
            throw DecodingError.typeMismatch(String.self, .init(codingPath: container.codingPath + [CodingKeys.weight],
                                                                debugDescription: "Expected a weight name or a whole number 1–1000."))
        }
        italic = try container.decodeIfPresent(Bool.self, forKey: .italic)
        dynamicType = try container.decodeIfPresent(String.self, forKey: .dynamicType)
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        features = try container.decodeIfPresent([String].self, forKey: .features)
        tracking = try container.decodeIfPresent(Double.self, forKey: .tracking)
        tabInterval = try container.decodeIfPresent(Double.self, forKey: .tabInterval)
        width = try container.decodeIfPresent(Double.self, forKey: .width)
        height = try container.decodeIfPresent(Double.self, forKey: .height)
        lines = try container.decodeIfPresent(Int.self, forKey: .lines)
        reservedLines = try container.decodeIfPresent(Int.self, forKey: .reservedLines)
        truncation = try container.decodeIfPresent(String.self, forKey: .truncation)
        wrap = try container.decodeIfPresent(String.self, forKey: .wrap)
        direction = try container.decodeIfPresent(String.self, forKey: .direction)
        lineMetrics = try container.decodeIfPresent(String.self, forKey: .lineMetrics)
        lineSpacing = try container.decodeIfPresent(Double.self, forKey: .lineSpacing)
        minimumScale = try container.decodeIfPresent(Double.self, forKey: .minimumScale)
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
        fontScale = try container.decodeIfPresent(Double.self, forKey: .fontScale)
        variations = try container.decodeIfPresent(String.self, forKey: .variations)
        fontWidth = try container.decodeIfPresent(Double.self, forKey: .fontWidth)
        instance = try container.decodeIfPresent(String.self, forKey: .instance)
        design = try container.decodeIfPresent(String.self, forKey: .design)
        markdown = try container.decodeIfPresent(Bool.self, forKey: .markdown)
    }

    /// Whether `text` has the shape of a BCP 47 language tag (or ICU's underscore form): a language
    /// of 2–3 letters (or 4–8, as BCP 47 reserves them), then subtags of 1–8 letters and digits
    /// separated by `-` or `_` (`en`, `zh-Hans-TW`, `pt_BR`, `de-CH-1996`, `en-u-nu-arab`). Only the
    /// shape is checked: a well-formed tag for a language no font covers is still measured.
    package static func isLocaleIdentifier(_ text: String) -> Bool {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = subtags.first, (2...8).contains(language.count),
              language.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
    }

    /// The largest line spacing, fixed line height and tab interval a request may ask for, in points
    /// (as large as the largest font size): beyond it a height or a baseline is no longer a number
    /// JSON can carry.
    static let maximumLength = 16_384.0

    /// The most lines a request may reserve (as many as a layout file's `lineLimit` may give).
    static let maximumReservedLines = 1_000_000

    /// The paragraph style this request describes.
    /// - Throws: ``RequestError`` naming the field that cannot be understood.
    public func paragraphStyle() throws -> ParagraphStyle {
        var style = ParagraphStyle()
        // Android: a Material style's line height, scaled as Android 14 scales it (in proportion to
        // the font size), unless the request sets line metrics itself.
        if lineMetrics == nil, (try? platformValue()) == .android, let attributes = try? attributes(),
           case .material(let material) = attributes.size {
            style.lineMetrics = .fixed(material.metrics(at: attributes.fontScale).lineHeight)
        }
        if let lines {
            guard lines >= 1 else { throw RequestError(field: "lines", "must be at least 1") }
            style.lineLimit = lines
        }
        if let reservedLines {
            guard reservedLines >= 0, reservedLines <= Self.maximumReservedLines else {
                throw RequestError(field: "reservedLines", "must be a whole number from 0 to \(Self.maximumReservedLines)")
            }
            if let lines, reservedLines > lines {
                throw RequestError(field: "reservedLines", "must not exceed lines (\(lines)): the text could not fill the lines it reserves")
            }
            style.reservedLines = reservedLines
        }
        if let truncation {
            guard let mode = ParagraphStyle.TruncationMode(rawValue: truncation) else {
                throw RequestError(field: "truncation", "'\(truncation)' is not head, middle or tail")
            }
            style.truncation = mode
        }
        if let wrap {
            guard let mode = ParagraphStyle.WrapMode(rawValue: wrap) else {
                throw RequestError(field: "wrap", "'\(wrap)' is not word-then-character, word or balanced")
            }
            style.wrap = mode
        }
        if let direction {
            guard let base = BaseDirection(rawValue: direction) else {
                throw RequestError(field: "direction", "'\(direction)' is not auto, ltr or rtl")
            }
            style.direction = base
        }
        if let lineMetrics {
            if lineMetrics == "apple" || lineMetrics == "typo" {
                style.lineMetrics = .font(LineMetricsPolicy(rawValue: lineMetrics)!)
            } else if lineMetrics.hasPrefix("fixed:"), let height = Double(lineMetrics.dropFirst(6)), height > 0,
                      height <= Self.maximumLength {
                style.lineMetrics = .fixed(height)
            } else {
                throw RequestError(field: "lineMetrics", "'\(lineMetrics)' is not apple, typo or fixed:HEIGHT (points from 0 to 16384, not 0)")
            }
        }
        if let lineSpacing {
            // SwiftUI's lineSpacing only adds space (a negative value acts as 0): a negative one here
            // is a mistake to report, not to measure as something else.
            guard lineSpacing >= 0, lineSpacing <= Self.maximumLength else {
                throw RequestError(field: "lineSpacing", "must be a number of points from 0 to 16384 (SwiftUI ignores a negative line spacing)")
            }
            style.lineSpacing = lineSpacing
        }
        if let minimumScale {
            guard minimumScale > 0, minimumScale <= 1 else { throw RequestError(field: "minimumScale", "must be in (0, 1]") }
            style.minimumScaleFactor = minimumScale
        }
        if let tabInterval {
            // At least a point: a denormal interval turns every tab into an infinite advance (fuzzing).
            guard tabInterval.isFinite, tabInterval >= 1, tabInterval <= Self.maximumLength else {
                throw RequestError(field: "tabInterval", "must be a number of points from 1 to 16384")
            }
            style.tabInterval = tabInterval
        }
        return style
    }

    /// Sets the user's text size: the Dynamic Type size, or the font scale (under the android platform).
    /// A list of sizes (``TextSize/list(parsing:platform:field:)``) is measured by setting each in turn.
    public mutating func setTextSize(_ size: TextSize) {
        switch size {
        case .dynamicType(let size): dynamicType = size.rawValue
        case .fontScale(let scale): fontScale = scale.value
        }
    }

    /// The text attributes this request describes.
    /// - Throws: ``RequestError`` naming the field that cannot be understood.
    /// A text style of either platform.
    enum Style {
        case apple(TextStyle)
        case material(MaterialTextStyle)
    }

    /// Parses a style name for a platform: Apple's text styles under ios, Material 3's under android.
    /// - Throws: ``RequestError`` for an unknown name, or a style of the other platform.
    static func textStyle(_ name: String, platform: Platform) throws -> Style {
        switch (platform, TextStyle(name: name), MaterialTextStyle(name: name)) {
        case (.ios, let style?, _): return .apple(style)
        case (.android, _, let style?): return .material(style)
        case (.ios, nil, _?):
            throw RequestError(field: "style", "'\(name)' is a Material 3 style, which is Android's; under ios use \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")) (or platform android)")
        case (.android, _?, nil):
            throw RequestError(field: "style", "'\(name)' is an Apple text style; under android use a Material 3 style: \(MaterialTextStyle.allCases.map(\.rawValue).joined(separator: ", "))")
        case (.ios, nil, nil):
            throw RequestError(field: "style", "'\(name)' is not a text style (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
        case (.android, nil, nil):
            throw RequestError(field: "style", "'\(name)' is not a Material 3 style (\(MaterialTextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
    }

    /// The font scale under android: `fontScale`, else `dynamicType` read as a scale, else 1.
    func fontScaleValue() throws -> AndroidFontScale {
        if fontScale != nil, dynamicType != nil {
            throw RequestError(field: "fontScale", "give fontScale or dynamicType, not both (two spellings of the user's text size)")
        }
        if let fontScale {
            do { return try AndroidFontScale(fontScale) } catch { throw RequestError(field: "fontScale", "\(error)") }
        }
        guard let dynamicType else { return .standard }
        let sizes = try TextSize.list(parsing: dynamicType, platform: .android, field: "dynamicType")
        guard sizes.count == 1, case .fontScale(let scale) = sizes[0] else {
            throw RequestError(field: "dynamicType", "'\(dynamicType)' names several font scales, but one request's settings are one size; set each in turn (setTextSize(_:))")
        }
        return scale
    }

    /// The request's platform (ios when absent).
    func platformValue() throws -> Platform {
        try platform.map { try Platform.parse($0) } ?? .ios
    }

    /// The longest value each free-text field may have, in UTF-8 bytes: caches are keyed by these
    /// strings and errors quote them, so a megabyte `locale` must be refused, not kept or echoed.
    static let maximumFieldBytes: [String: Int] = [
        "font": 256, "fontFile": 4_096, "locale": 128, "instance": 256, "variations": 1_024, "weight": 64, "style": 64,
        "platform": 64, "design": 64, "dynamicType": 1_024,
    ]

    /// Refuses a free-text field longer than its cap (``maximumFieldBytes``), naming it, never echoing it.
    func checkFieldLengths() throws {
        let fields: [(String, String?)] = [("font", font), ("fontFile", fontFile), ("locale", locale), ("instance", instance),
                                           ("variations", variations), ("weight", weight), ("style", style), ("platform", platform),
                                           ("design", design), ("dynamicType", dynamicType)]
        for (field, value) in fields {
            if let value, let cap = Self.maximumFieldBytes[field], value.utf8.count > cap {
                throw RequestError(field: field, "is \(value.utf8.count) bytes long; at most \(cap)")
            }
        }
        if let long = features?.first(where: { $0.utf8.count > 128 }) {
            throw RequestError(field: "features", "an item is \(long.utf8.count) bytes long; at most 128")
        }
    }

    /// The text attributes this request describes, checked: font, size, Dynamic Type size or font
    /// scale, locale, features, tracking.
    /// \n - Throws: ``RequestError`` naming the field that cannot be understood.
    public func attributes() throws -> TextAttributes {
        try checkFieldLengths()
        var attributes = TextAttributes()
        let platform = try platformValue()
        attributes.platform = platform
        attributes.font = FontRequest(family: font, file: fontFile, faceIndex: faceIndex ?? 0, italic: italic ?? false)
        if let variations {
            do {
                attributes.font.variations = try FontVariation.parseList(variations)
            } catch {
                throw RequestError(field: "variations", "\(error)")
            }
        }
        if let fontWidth {
            guard fontWidth.isFinite, fontWidth > 0, fontWidth <= 1000 else {
                throw RequestError(field: "fontWidth", "must be a width in percent of normal, greater than 0 and at most 1000 (wdth: 75 condensed, 125 expanded)")
            }
            attributes.font.width = fontWidth
        }
        attributes.font.instance = instance
        if let design {
            guard let parsed = FontDesign(rawValue: design) else {
                throw RequestError(field: "design", "'\(design)' is not a design (\(FontDesign.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            attributes.font.design = parsed
        }
        if let weight {
            guard let parsed = FontWeight(name: weight) else {
                throw RequestError(field: "weight", Int(weight) != nil
                    ? "\(weight) is out of range (a weight is a whole number from 1 to 1000, or a name: ultraLight … black)"
                    : "'\(weight)' is not a weight (ultraLight … black, or 1–1000)")
            }
            attributes.font.weight = parsed
        }
        if let faceIndex, faceIndex < 0 { throw RequestError(field: "faceIndex", "must not be negative") }
        let textStyle = try style.map { try Self.textStyle($0, platform: platform) }
        if let size {
            // As the rules file and `textfit stress` have it: a size of 0 measured everything as 0 × 0.
            guard size > 0, size <= TextAttributes.maximumPointSize else {
                let shown = size == size.rounded() && abs(size) < 1e15 ? String(Int(size)) : String(size)
                throw RequestError(field: "size", "must be a point size greater than 0 and at most \(Int(TextAttributes.maximumPointSize)), got \(shown)")
            }
        }
        switch (size, textStyle) {
        case (_?, .material?):
            throw RequestError(field: "size", "give a size in sp or a Material style, not both (a Material style has its own size)")
        case (let size?, .apple(let style)?): attributes.size = .relative(size, to: style)
        case (let size?, nil): attributes.size = .points(size)
        case (nil, .apple(let style)?): attributes.size = .style(style)
        case (nil, .material(let style)?): attributes.size = .material(style)
        case (nil, nil): attributes.size = platform == .android ? .material(.bodyLarge) : .style(.body)
        }
        if platform == .android {
            attributes.fontScale = try fontScaleValue()
        } else if fontScale != nil {
            throw RequestError(field: "fontScale", "a font scale is Android's text size; under ios give dynamicType (or platform android)")
        } else if let dynamicType {
            if dynamicType.contains(",") || dynamicType.trimmingCharacters(in: .whitespaces).lowercased() == "all" {
                // The CLI and the service measure a list size by size (``setTextSize(_:)``); one
                // request's settings are one size.
                throw RequestError(field: "dynamicType", "'\(dynamicType)' names several sizes, but one request's settings are one size; set each in turn (setTextSize(_:))")
            }
            guard let parsed = DynamicTypeSize(name: dynamicType) else {
                throw RequestError(field: "dynamicType", "'\(dynamicType)' is not a Dynamic Type size; expected \(DynamicTypeSize.namesForMessages)")
            }
            attributes.dynamicTypeSize = parsed
        }
        if let locale {
            guard Self.isLocaleIdentifier(locale) else {
                throw RequestError(field: "locale", "'\(locale)' is not a locale identifier (a BCP 47 language tag such as en, ar, zh-Hans or pt-BR; ICU's pt_BR is accepted too)")
            }
        }
        attributes.locale = locale  // made canonical (``CanonicalLocale``); measureSettings reports what it dropped
        // As the `Text` leaf (and SwiftUI) do: a non-zero tracking turns off the font's optional
        // ligatures (`liga`, `clig`), unless the request's own features turn them back on.
        let trackingFeatures = (tracking ?? 0) != 0 ? FontFeature.offForTracking : []
        attributes.features = try trackingFeatures + (features ?? []).map { try FontFeature($0) }
        attributes.tracking = tracking ?? 0
        return attributes
    }
}

/// One measured text, as `textfit measure --json` prints it (one object per line).
/// Offsets are Unicode scalar offsets into `text`; lengths are points; baselines are measured from
/// the top of the text.
public struct MeasureResult: Codable, Sendable, Equatable {
    /// A font as an answer names it: the family, the file and the face in it.
    public struct Font: Codable, Sendable, Equatable {
        /// The family name (`Noto Sans`).
        public var family: String
        /// The font file: an absolute path from the CLI; relative to its folder from the service.
        public var file: String
        /// The face within the file (a font collection's index; 0 for most files).
        public var faceIndex: Int
        /// A variable font's instance, as `hb-shape --variations` spells it (`wght=600,opsz=17`);
        /// absent for a static font or the default instance.
        public var variations: String? = nil
    }

    /// A width and a height, in points.
    public struct Size: Codable, Sendable, Equatable {
        /// The width, in points.
        public var width: Double
        /// The height, in points.
        public var height: Double
    }

    /// The CSS min-content size and the segment that sets it.
    public struct Minimum: Codable, Sendable, Equatable {
        /// The width of the longest piece of the text that cannot be broken (min-content), in points.
        public var width: Double
        /// The height of the text laid out at that width, in points.
        public var height: Double
        /// The piece of the text that sets the width.
        public var segment: String
        /// `word`, `url`, `non-breaking-joiner`, `no-dictionary-break`, `unbreakable-sequence` or `empty`.
        public var reason: String
    }

    /// The proposal measured against: a width and a height, each points or `nil` (no limit).
    public struct Proposal: Codable, Sendable, Equatable {
        /// The proposed width; `nil`: none (the text's ideal width).
        public var width: Double?
        /// The proposed height; `nil`: none.
        public var height: Double?

        /// A proposal of `width` by `height` points (`nil`: no limit on that axis).
        public init(width: Double?, height: Double?) {
            self.width = width
            self.height = height
        }
    }

    /// The answer for the proposal (`width`, `height`, `lines`).
    public struct Fitting: Codable, Sendable, Equatable {
        /// What was proposed.
        public var proposal: Proposal
        /// The width of the widest line, never the proposal's.
        public var width: Double
        /// The height of the lines shown.
        public var height: Double
        /// How many lines are shown.
        public var lineCount: Int
        /// Whether the text was cut ("…") to fit the line limit or the height.
        public var truncated: Bool
        /// How far `minimumScale` shrank the text (1: not at all); not a display scale.
        public var scale: Double
    }

    /// A run of the text set in one font, in one script and direction.
    public struct Run: Codable, Sendable, Equatable {
        /// The font the run is set in.
        public var font: Font
        /// The run's script, as an ISO 15924 code (`Latn`, `Arab`, `Hani`).
        public var script: String
        /// `ltr` or `rtl`.
        public var direction: String
        /// The offset of the run's first Unicode scalar in the text.
        public var start: Int
        /// The offset just past the run's last Unicode scalar.
        public var end: Int
        /// The run's advance width, in points.
        public var width: Double
        /// Glyph count (on the logical `runs` only).
        public var glyphs: Int?
    }

    /// A line of the laid-out text.
    public struct Line: Codable, Sendable, Equatable {
        /// The offset of the line's first Unicode scalar in the text.
        public var start: Int
        /// The offset just past the line's last Unicode scalar.
        public var end: Int
        /// The line's width, in points (trailing spaces left out).
        public var width: Double
        /// The baseline's distance from the top of the text, in points.
        public var baseline: Double
        /// The line's ascent above its baseline, in points.
        public var ascent: Double
        /// The line's descent below its baseline, in points.
        public var descent: Double
        /// Runs in visual order, left to right.
        public var runs: [Run]
        /// Whether the line ends in "…" (the text was cut here).
        public var truncated: Bool
        /// Whether the line ends in a hyphen the line breaker added.
        public var hyphenated: Bool
    }

    /// A font the text was set in, and the parts of the text set in it: the font asked for, and
    /// each fallback font that drew what it lacks (Arabic or Japanese text in Noto Sans is set in
    /// Noto Sans Arabic or Droid Sans Fallback).
    public struct FontUse: Codable, Sendable, Equatable {
        /// The family name (`Noto Sans Arabic`).
        public var family: String
        /// The font file: an absolute path from the CLI; relative to its folder from the service.
        public var file: String
        /// The face within the file (a font collection's index; 0 for most files).
        public var faceIndex: Int
        /// A variable font's instance, as `hb-shape --variations` spells it; absent for a static font
        /// or the default instance.
        public var variations: String? = nil
        /// The ranges of the text set in this font, in logical order, neighbours joined.
        public var ranges: [TextRange]
    }

    /// A range of the text: Unicode scalar offsets, `start` included, `end` not.
    public struct TextRange: Codable, Sendable, Equatable {
        /// The first scalar's offset.
        public var start: Int
        /// The offset just past the last scalar.
        public var end: Int
    }

    /// A cluster of the text that no font has a glyph for.
    public struct Missing: Codable, Sendable, Equatable {
        /// The offset of the cluster's first Unicode scalar.
        public var start: Int
        /// The offset just past the cluster's last Unicode scalar.
        public var end: Int
        /// The cluster's characters.
        public var text: String
    }

    /// A rectangle in points: its origin (`x`, `y`) and size.
    public struct Rect: Codable, Sendable, Equatable {
        /// The origin and size, in points.
        public var x: Double, y: Double, width: Double, height: Double
    }

    /// The asked-for face's vertical metrics at the measured size, in points.
    public struct Metrics: Codable, Sendable, Equatable {
        /// The ascent: from the baseline up to the top of a line.
        public var ascent: Double
        /// The descent: from the baseline down to the bottom of a line.
        public var descent: Double
        /// The line gap the font adds between lines.
        public var leading: Double
        /// The height of a capital letter; `nil` when the font does not say.
        public var capHeight: Double?
        /// The height of a lower-case x; `nil` when the font does not say.
        public var xHeight: Double?
        /// The font's units per em (its design grid), to read font units.
        public var unitsPerEm: Int
    }

    /// The text measured: as given, or with ``MeasureRequest/markdown`` the text shown (its Markdown
    /// read); lines', runs' and missing clusters' offsets count its scalars.
    public var text: String
    /// The Dynamic Type size it was measured at (styles follow it; fixed sizes do not); absent under android.
    public var dynamicType: String?
    /// The Android font scale it was measured at; present under android only.
    public var fontScale: Double? = nil
    /// Settings that did not apply as asked (an axis value outside its range, used clamped; a width
    /// for a font without a `wdth` axis; a locale whose subtags ICU has no data for, measured without
    /// them: `locale 'de-XX' is measured as 'de': …`, ``CanonicalLocale``); absent when there are none.
    public var adjustments: [String]? = nil
    /// The font asked for (family, or file, weight, width, italic), as resolved; where it lacks a
    /// character the text is set in another font too: ``fonts`` lists every font it was set in.
    public var font: Font
    /// Every font the text was set in, in the order they first occur in it, each with the ranges
    /// it covers (from ``runs``): the font asked for, where it was used, and each fallback font.
    /// Empty for an empty text.
    public var fonts: [FontUse]
    /// The face's weight, and whether weight and slant differ from the request.
    public var weight: Int
    /// Whether the face's weight differs from the one asked for (the nearest there is).
    public var weightSubstituted: Bool
    /// Whether an upright face stands in for an italic one asked for (or the other way).
    public var italicSubstituted: Bool
    /// The point size the text was set at (the style's at the Dynamic Type size, or the size asked).
    public var size: Double
    /// No wrapping: a new line only at hard breaks.
    public var ideal: Size
    /// The min-content width: the longest piece that cannot be broken, and why.
    public var minimum: Minimum
    /// Present when the request gives a width, a height or a line limit.
    public var fitting: Fitting?
    /// Baselines of the fitting layout (of the ideal one without a proposal), from its top.
    public var firstBaseline: Double
    /// The last line's baseline, from the top, of the fitting layout (of the ideal one without a proposal).
    public var lastBaseline: Double
    /// Lines of the fitting layout (of the ideal one without a proposal).
    public var lines: [Line]
    /// The font runs in logical order over the whole text.
    public var runs: [Run]
    /// How many clusters no font has a glyph for (each drawn as the font's `.notdef`).
    public var missingGlyphs: Int
    /// The clusters no font has a glyph for.
    public var missing: [Missing]
    /// Ink bounds of the ideal layout's first line as drawn, relative to its left edge on its
    /// baseline, y down; `nil` when the line has no ink (spaces only, or no line).
    public var ink: Rect?
    /// The requested face's metrics at this size.
    public var metrics: Metrics
}

/// A measure request checked and resolved once, for any number of texts: its attributes, paragraph
/// style and proposal, and the requested face with its metrics at the size. Every text of a request
/// (and every line of `textfit measure --file`) is measured with the same settings, so nothing here
/// is worked out again per text. A class: every text's measure reads the same settings, which as a
/// value were copied per text, a retain and a release of each string and face they hold (on every
/// thread at once).
package final class MeasureSettings: Sendable {
    let attributes: TextAttributes
    let style: ParagraphStyle
    let proposal: MeasureResult.Proposal?
    let primary: FontMatch
    let size: Double
    let metrics: MeasureResult.Metrics
    let font: MeasureResult.Font
    /// Settings that did not apply as asked (``MeasureResult/adjustments``).
    package let adjustments: [String]?
    /// Whether texts are read as inline Markdown (``MeasureRequest/markdown``).
    let readsMarkdown: Bool

    init(attributes: TextAttributes, style: ParagraphStyle, proposal: MeasureResult.Proposal?, primary: FontMatch, size: Double,
         metrics: MeasureResult.Metrics, font: MeasureResult.Font, adjustments: [String]?, readsMarkdown: Bool) {
        self.readsMarkdown = readsMarkdown
        self.attributes = attributes
        self.style = style
        self.proposal = proposal
        self.primary = primary
        self.size = size
        self.metrics = metrics
        self.font = font
        self.adjustments = adjustments
    }
}

extension TextFitEngine {
    /// Measures every text of a request as a paragraph: the ideal size (hard breaks only), the
    /// minimum (min-content) with its unbreakable segment, the fitting layout for the proposal,
    /// lines with baselines, font runs and missing glyphs. Many texts are measured in parallel, on
    /// every core (`ParallelBatches`); the results are in the order of the texts.
    /// - Throws: ``RequestError`` or ``TypographyError`` naming the input at fault.
    public func measure(_ request: MeasureRequest) throws -> [MeasureResult] {
        let settings = try measureSettings(request)
        let texts = request.texts
        return try ParallelBatches.map(texts.count) { range in try range.map { try measure(texts[$0], settings) } }.flatMap { $0 }
    }

    /// Measures one text; see ``measure(_:)``. A `nil` proposal gives no `fitting`.
    public func measure(_ text: String, attributes: TextAttributes, style: ParagraphStyle = ParagraphStyle(),
                        proposal: MeasureResult.Proposal? = nil) throws -> MeasureResult {
        try measure(text, settings(attributes: attributes, style: style, proposal: proposal))
    }

    /// The request's settings, checked: every error a field can cause is thrown here, before any text.
    /// - Throws: ``RequestError`` or ``TypographyError`` naming the field at fault.
    package func measureSettings(_ request: MeasureRequest) throws -> MeasureSettings {
        let attributes = try request.attributes()
        let style = try request.paragraphStyle()
        for (name, value) in [("width", request.width), ("height", request.height)] {
            if let value, value.isNaN || value < 0 {
                throw RequestError(field: name, "must be a number ≥ 0 (got \(value))")
            }
        }
        // An infinite width or height proposes no limit, as `nil` does (a proposal of ∞ is the ideal).
        func finite(_ value: Double?) -> Double? { value.flatMap { $0.isInfinite ? nil : $0 } }
        let proposal = request.width != nil || request.height != nil || request.lines != nil
            ? MeasureResult.Proposal(width: finite(request.width), height: finite(request.height)) : nil
        let markdown = request.markdown == true
        if markdown, attributes.platform == .android {
            throw RequestError(field: "markdown", "Markdown is how SwiftUI's Text reads a localized string key; Android's text views do not read it")
        }
        // The locale as measured (``CanonicalLocale``, which `attributes()` set): what was dropped is
        // an adjustment, as a clamped axis is.
        let localeAdjustment = request.locale.flatMap { CanonicalLocale($0).adjustment }
        return try settings(attributes: attributes, style: style, proposal: proposal, readsMarkdown: markdown,
                            localeAdjustment: localeAdjustment)
    }

    private func settings(attributes: TextAttributes, style: ParagraphStyle, proposal: MeasureResult.Proposal?,
                          readsMarkdown: Bool = false, localeAdjustment: String? = nil) throws -> MeasureSettings {
        let primary = try shaper.library.match(attributes)
        let size = try attributes.validated()
        let adjustments = primary.adjustments.map(\.description) + (localeAdjustment.map { [$0] } ?? [])
        let metrics = primary.face.metrics.scaled(to: size, policy: attributes.lineMetrics)
        return MeasureSettings(
            attributes: attributes, style: style, proposal: proposal, primary: primary, size: size,
            metrics: .init(ascent: metrics.ascent, descent: metrics.descent, leading: metrics.leading,
                           capHeight: metrics.capHeight, xHeight: metrics.xHeight, unitsPerEm: primary.face.metrics.unitsPerEm),
            font: .init(primary.face), adjustments: adjustments.isEmpty ? nil : adjustments,
            readsMarkdown: readsMarkdown)
    }

    /// Measures one text with settings made once for many (``measureSettings(_:)``).
    /// - Throws: ``TypographyError`` when a font file the answer used changed on disk since it was opened.
    package func measure(_ source: String, _ settings: MeasureSettings) throws -> MeasureResult {
        let attributes = settings.attributes, proposal = settings.proposal
        let styled = settings.readsMarkdown ? StyledText(markdown: source, attributes: attributes) : StyledText(source, attributes: attributes)
        let text = settings.readsMarkdown ? styled.string : source  // what is shown, which the offsets count in
        let paragraph = try Paragraph(styled, style: settings.style, shaper: shaper)
        let ideal = paragraph.layout(width: nil)
        let minimum = paragraph.minimumSize
        let fitting = proposal.map { paragraph.layout(width: $0.width, height: $0.height) }
        let shown = fitting ?? ideal
        // Each line's glyph runs are built once (`LineLayout.runs` builds them on every read). The
        // ink is the ideal layout's first line's: when the layout shown starts with the same line
        // (same text, no truncation or hyphen, same scale), its runs are the ones already built.
        let shownRuns = shown.lines.map(\.runs)
        var ink: CGRect?
        if let first = ideal.lines.first {
            let same = shown.lines.first.map { line in
                line.range == first.range && !line.isTruncated && !first.isTruncated && line.isHyphenated == first.isHyphenated
                    && shown.scale == ideal.scale
            } ?? false
            ink = Self.ink(of: same ? shownRuns[0] : first.runs)
        }
        // One `Font` per face, not per run: its strings are shared by every run in that face.
        var fonts: [(face: FontFace, font: MeasureResult.Font)] = [(settings.primary.face, settings.font)]
        func font(_ face: FontFace) -> MeasureResult.Font {
            if let known = fonts.first(where: { $0.face === face }) { return known.font }
            fonts.append((face, .init(face)))
            return fonts[fonts.count - 1].font
        }
        func run(_ face: FontFace, _ script: Script, _ direction: TextDirection, _ range: Range<Int>, _ width: Double,
                 _ glyphs: Int?) -> MeasureResult.Run {
            .init(font: font(face), script: script.code, direction: direction.rawValue, start: range.lowerBound,
                  end: range.upperBound, width: width, glyphs: glyphs)
        }
        let runs = paragraph.fontRuns.map { run($0.face, $0.script, $0.direction, $0.range, $0.width, $0.glyphCount) }
        var uses: [MeasureResult.FontUse] = []
        for run in runs {
            guard let index = uses.firstIndex(where: { $0.file == run.font.file && $0.faceIndex == run.font.faceIndex
                                                        && $0.variations == run.font.variations }) else {
                uses.append(.init(family: run.font.family, file: run.font.file, faceIndex: run.font.faceIndex,
                                  variations: run.font.variations, ranges: [.init(start: run.start, end: run.end)]))
                continue
            }
            if let last = uses[index].ranges.last, last.end == run.start {
                uses[index].ranges[uses[index].ranges.count - 1].end = run.end
            } else {
                uses[index].ranges.append(.init(start: run.start, end: run.end))
            }
        }
        // By index, fields read in place (zipping copied each line and each line's runs).
        let lines = shown.lines.indices.map { i in
            MeasureResult.Line(start: shown.lines[i].range.lowerBound, end: shown.lines[i].range.upperBound,
                               width: shown.lines[i].width, baseline: shown.lines[i].baseline,
                               ascent: shown.lines[i].ascent, descent: shown.lines[i].descent,
                               runs: shownRuns[i].indices.map { r in
                                   run(shownRuns[i][r].face, shownRuns[i][r].script, shownRuns[i][r].direction, shownRuns[i][r].range,
                                       shownRuns[i][r].width, nil)
                               },
                               truncated: shown.lines[i].isTruncated, hyphenated: shown.lines[i].isHyphenated)
        }
        // Every face the answer read tables from: a file rewritten in place since it was opened
        // would make this answer a mix of two fonts (``FontFileTables``).
        for (face, _) in fonts { try face.checkFileUnchanged() }
        let missing = paragraph.missingClusters
        let scalars = missing.isEmpty ? [] : Array(text.unicodeScalars)
        let primary = settings.primary
        let android = attributes.platform == .android
        return MeasureResult(
            text: text, dynamicType: android ? nil : attributes.dynamicTypeSize.rawValue,
            fontScale: android ? attributes.fontScale.value : nil,
            adjustments: settings.adjustments,
            font: settings.font, fonts: uses, weight: primary.face.weight.value,
            weightSubstituted: primary.weightSubstituted, italicSubstituted: primary.italicSubstituted, size: settings.size,
            ideal: .init(width: ideal.size.width, height: ideal.size.height),
            minimum: .init(width: minimum.width, height: minimum.height, segment: minimum.segment, reason: minimum.reason.rawValue),
            fitting: fitting.map { layout in
                .init(proposal: proposal!, width: layout.size.width, height: layout.size.height, lineCount: layout.lineCount,
                      truncated: layout.isTruncated, scale: layout.scale)
            },
            firstBaseline: shown.firstBaseline, lastBaseline: shown.lastBaseline,
            lines: lines,
            runs: runs,
            missingGlyphs: missing.count,
            missing: missing.map {
                .init(start: $0.lowerBound, end: $0.upperBound, text: String(String.UnicodeScalarView(scalars[$0])))
            },
            ink: ink.map { .init(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) },
            metrics: settings.metrics)
    }
}

extension TextFitEngine {
    /// The union of the glyph boxes of a line's runs as they are placed (the glyphs a renderer
    /// draws, in visual order), relative to the line's left edge on its baseline, y down; `nil`
    /// when nothing is inked.
    static func ink(of runs: [GlyphRun]) -> CGRect? {
        // Edges kept as numbers (a `CGRect` union per glyph standardises and checks for null
        // rectangles: more work than the box itself).
        var left = Double.infinity, top = Double.infinity, right = -Double.infinity, bottom = -Double.infinity
        // Runs read in place, not copied (a copy of a run retains its face and its four arrays).
        for runIndex in runs.indices {
            let face = runs[runIndex].face, glyphs = runs[runIndex].glyphs, positions = runs[runIndex].positions
            let scale = runs[runIndex].size / Double(face.metrics.unitsPerEm)
            for index in glyphs.indices {
                guard let box = face.extents(of: glyphs[index]) else { continue }
                let position = positions[index]
                let x = position.x + box.xBearing * scale, y = position.y - box.yBearing * scale
                left = min(left, x)
                top = min(top, y)
                right = max(right, x + box.width * scale)
                bottom = max(bottom, y + box.height * scale)
            }
        }
        guard left <= right else { return nil }
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension MeasureResult.Font {
    init(_ face: FontFace) {
        self.init(family: face.family, file: face.path, faceIndex: face.faceIndex,
                  variations: face.variations.isEmpty ? nil : face.variations.map(\.description).joined(separator: ","))
    }
}

// MARK: - JSON (JSONWriter: the `Codable` form, keys in byte order)

extension MeasureResult: JSONWritable {
    /// The result as JSON: byte for byte what `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]`
    /// writes (the format of `textfit measure --json` and of the service), in a fraction of its time.
    /// - Throws: `EncodingError.invalidValue` for a number that is not finite, as `JSONEncoder` does.
    public func jsonData() throws -> Data {
        var writer = JSONWriter()
        try writeJSON(to: &writer)
        return writer.data
    }

    // Every nested value is written through its own type's `writeJSON` (not the writer's generic
    // `field`s, which run unspecialised across the module boundary: each array item was copied
    // through its value witness, a retain and a release per string, 40 % of the writing).
    package func writeJSON(to writer: inout JSONWriter) throws { try writeJSON(to: &writer, fileName: nil) }

    /// The result as JSON with each font file named by `fileName` (the service names files
    /// relative to their folder): what writing the result with its `file`s so renamed gives.
    package func writeJSON(to writer: inout JSONWriter, fileName: ((String) -> String)?) throws {
        writer.beginObject()
        writer.field("adjustments", adjustments)
        writer.field("dynamicType", dynamicType)
        try writer.field("firstBaseline", firstBaseline)
        if let fitting {
            writer.key("fitting")
            try fitting.writeJSON(to: &writer)
        }
        var fonts = WrittenFonts(fileName: fileName)
        writer.key("font")
        fonts.write(font, to: &writer)
        try writer.field("fontScale", fontScale)
        writer.key("fonts")
        writer.beginArray()
        for use in self.fonts { use.writeJSON(to: &writer, fileName: fileName) }
        writer.endArray()
        writer.key("ideal")
        try writer.size(width: ideal.width, height: ideal.height)
        if let ink {
            writer.key("ink")
            try writer.rect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
        }
        writer.field("italicSubstituted", italicSubstituted)
        try writer.field("lastBaseline", lastBaseline)
        writer.key("lines")
        writer.beginArray()
        for line in lines { try line.writeJSON(to: &writer, fonts: &fonts) }
        writer.endArray()
        writer.key("metrics")
        try metrics.writeJSON(to: &writer)
        writer.key("minimum")
        try minimum.writeJSON(to: &writer)
        writer.key("missing")
        writer.beginArray()
        for item in missing { item.writeJSON(to: &writer) }
        writer.endArray()
        writer.field("missingGlyphs", missingGlyphs)
        writer.key("runs")
        try MeasureResult.Run.write(runs, to: &writer, fonts: &fonts)
        try writer.field("size", size)
        writer.field("text", text)
        writer.field("weight", weight)
        writer.field("weightSubstituted", weightSubstituted)
        writer.endObject()
    }
}

/// The fonts an answer has written and where, so a font named again is copied rather than
/// written again: an answer names one or two fonts, each up to three times (the answer's, its
/// lines' runs', its runs').
private struct WrittenFonts {
    private var first: (font: MeasureResult.Font, bytes: Range<Int>)?
    private var second: (font: MeasureResult.Font, bytes: Range<Int>)?
    /// How files are named in the output (as they are when `nil`).
    private let fileName: ((String) -> String)?

    init(fileName: ((String) -> String)? = nil) { self.fileName = fileName }

    /// `font` as the value after a key.
    mutating func write(_ font: MeasureResult.Font, to json: inout JSONWriter) {
        if let first, first.font == font { return json.repeatValue(first.bytes) }
        if let second, second.font == font { return json.repeatValue(second.bytes) }
        let start = json.byteCount
        if let fileName {
            var named = font
            named.file = fileName(font.file)
            named.writeJSON(to: &json)
        } else {
            font.writeJSON(to: &json)
        }
        if first == nil { first = (font, start..<json.byteCount) } else { second = (font, start..<json.byteCount) }
    }
}

extension MeasureResult.Font: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("faceIndex", faceIndex)
        writer.field("family", family)
        writer.field("file", file)
        writer.field("variations", variations)
        writer.endObject()
    }
}

extension MeasureResult.FontUse: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) { writeJSON(to: &writer, fileName: nil) }

    /// The font with its file named by `fileName` (as it is when `nil`).
    func writeJSON(to writer: inout JSONWriter, fileName: ((String) -> String)?) {
        writer.beginObject()
        writer.field("faceIndex", faceIndex)
        writer.field("family", family)
        writer.field("file", fileName.map { $0(file) } ?? file)
        writer.key("ranges")
        writer.beginArray()
        for range in ranges {
            writer.beginObject()
            writer.field("end", range.end)
            writer.field("start", range.start)
            writer.endObject()
        }
        writer.endArray()
        writer.field("variations", variations)
        writer.endObject()
    }
}

extension MeasureResult.Size: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws { try writer.size(width: width, height: height) }
}

extension MeasureResult.Minimum: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        writer.beginObject()
        try writer.field("height", height)
        writer.field("reason", reason)
        writer.field("segment", segment)
        try writer.field("width", width)
        writer.endObject()
    }
}

extension MeasureResult.Proposal: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        writer.beginObject()
        try writer.field("height", height)
        try writer.field("width", width)
        writer.endObject()
    }
}

extension MeasureResult.Fitting: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        writer.beginObject()
        try writer.field("height", height)
        writer.field("lineCount", lineCount)
        writer.key("proposal")
        try proposal.writeJSON(to: &writer)
        try writer.field("scale", scale)
        writer.field("truncated", truncated)
        try writer.field("width", width)
        writer.endObject()
    }
}

extension MeasureResult.Run: JSONWritable {
    fileprivate static func write(_ runs: [Self], to json: inout JSONWriter, fonts: inout WrittenFonts) throws {
        json.beginArray()
        for run in runs { try run.writeJSON(to: &json, fonts: &fonts) }
        json.endArray()
    }

    package func writeJSON(to writer: inout JSONWriter) throws {
        var fonts = WrittenFonts()
        try writeJSON(to: &writer, fonts: &fonts)
    }

    fileprivate func writeJSON(to writer: inout JSONWriter, fonts: inout WrittenFonts) throws {
        writer.beginObject()
        writer.field("direction", direction)
        writer.field("end", end)
        writer.key("font")
        fonts.write(font, to: &writer)
        writer.field("glyphs", glyphs)
        writer.field("script", script)
        writer.field("start", start)
        try writer.field("width", width)
        writer.endObject()
    }
}

extension MeasureResult.Line: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        var fonts = WrittenFonts()
        try writeJSON(to: &writer, fonts: &fonts)
    }

    fileprivate func writeJSON(to writer: inout JSONWriter, fonts: inout WrittenFonts) throws {
        writer.beginObject()
        try writer.field("ascent", ascent)
        try writer.field("baseline", baseline)
        try writer.field("descent", descent)
        writer.field("end", end)
        writer.field("hyphenated", hyphenated)
        writer.key("runs")
        try MeasureResult.Run.write(runs, to: &writer, fonts: &fonts)
        writer.field("start", start)
        writer.field("truncated", truncated)
        try writer.field("width", width)
        writer.endObject()
    }
}

extension MeasureResult.Missing: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("end", end)
        writer.field("start", start)
        writer.field("text", text)
        writer.endObject()
    }
}

extension MeasureResult.Rect: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws { try writer.rect(x: x, y: y, width: width, height: height) }
}

extension MeasureResult.Metrics: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        writer.beginObject()
        try writer.field("ascent", ascent)
        try writer.field("capHeight", capHeight)
        try writer.field("descent", descent)
        try writer.field("leading", leading)
        writer.field("unitsPerEm", unitsPerEm)
        try writer.field("xHeight", xHeight)
        writer.endObject()
    }
}
