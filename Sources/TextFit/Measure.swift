import Foundation

/// What to measure and how: the measure command's options, in the JSON the CLI and the service read.
public struct MeasureRequest: Codable, Sendable, Equatable {
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
    public var italic: Bool?
    /// A Dynamic Type size (`large`, `accessibility3`, `ax3`, …); default `large`.
    public var dynamicType: String?
    /// A BCP 47 language tag.
    public var locale: String?
    /// OpenType feature settings (`tnum`, `-liga`).
    public var features: [String]?
    /// Points added after each grapheme cluster.
    public var tracking: Double?
    /// Points between tab stops (default 28).
    public var tabInterval: Double?

    public init(texts: [String], font: String? = nil, fontFile: String? = nil, faceIndex: Int? = nil, size: Double? = nil,
                style: String? = nil, weight: String? = nil, italic: Bool? = nil, dynamicType: String? = nil,
                locale: String? = nil, features: [String]? = nil, tracking: Double? = nil, tabInterval: Double? = nil) {
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
    }

    /// The text attributes this request describes.
    /// - Throws: ``RequestError`` naming the field that cannot be understood.
    public func attributes() throws -> TextAttributes {
        var attributes = TextAttributes()
        attributes.font = FontRequest(family: font, file: fontFile, faceIndex: faceIndex ?? 0, italic: italic ?? false)
        if let weight {
            guard let parsed = FontWeight(name: weight) else {
                throw RequestError(field: "weight", "'\(weight)' is not a weight (ultraLight … black, or 1–1000)")
            }
            attributes.font.weight = parsed
        }
        if let faceIndex, faceIndex < 0 { throw RequestError(field: "faceIndex", "must not be negative") }
        let textStyle = try style.map { name in
            guard let parsed = TextStyle(name: name) else {
                throw RequestError(field: "style", "'\(name)' is not a text style (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return parsed
        }
        switch (size, textStyle) {
        case (let size?, let style?): attributes.size = .relative(size, to: style)
        case (let size?, nil): attributes.size = .points(size)
        case (nil, let style?): attributes.size = .style(style)
        case (nil, nil): attributes.size = .style(.body)
        }
        if let dynamicType {
            guard let parsed = DynamicTypeSize(name: dynamicType) else {
                throw RequestError(field: "dynamicType", "'\(dynamicType)' is not a Dynamic Type size (\(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            attributes.dynamicTypeSize = parsed
        }
        attributes.locale = locale
        attributes.features = try (features ?? []).map { try FontFeature($0) }
        attributes.tracking = tracking ?? 0
        if let tabInterval, !(tabInterval.isFinite && tabInterval > 0) {
            throw RequestError(field: "tabInterval", "must be a positive number of points")
        }
        return attributes
    }
}

/// One measured text, as `textfit measure --json` prints it (one object per line).
/// Offsets are Unicode scalar offsets into `text`; lengths are points.
public struct MeasureResult: Codable, Sendable, Equatable {
    public struct Font: Codable, Sendable, Equatable {
        public var family: String
        public var file: String
        public var faceIndex: Int
    }

    public struct Size: Codable, Sendable, Equatable {
        public var width: Double
        public var height: Double
    }

    public struct Run: Codable, Sendable, Equatable {
        public var font: Font
        public var script: String
        public var direction: String
        public var start: Int
        public var end: Int
        public var width: Double
        public var glyphs: Int
    }

    public struct Missing: Codable, Sendable, Equatable {
        public var start: Int
        public var end: Int
        public var text: String
    }

    public struct Rect: Codable, Sendable, Equatable {
        public var x: Double, y: Double, width: Double, height: Double
    }

    public struct Metrics: Codable, Sendable, Equatable {
        public var ascent: Double
        public var descent: Double
        public var leading: Double
        public var capHeight: Double?
        public var xHeight: Double?
        public var unitsPerEm: Int
    }

    public var text: String
    /// The requested font as resolved.
    public var font: Font
    /// The face's weight and slant, and whether they differ from the request.
    public var weight: Int
    public var weightSubstituted: Bool
    public var italicSubstituted: Bool
    public var size: Double
    /// One line per hard line break; no wrapping.
    public var ideal: Size
    public var lines: Int
    public var runs: [Run]
    public var missingGlyphs: Int
    public var missing: [Missing]
    /// Ink bounds relative to the first line's start on its baseline, y down.
    public var ink: Rect?
    /// The primary face's metrics at this size.
    public var metrics: Metrics
}

extension TextFitEngine {
    /// Measures every text of a request: the ideal size (no wrapping; a new line at each hard
    /// break: LF, CR, CRLF, NEL, VT, FF, U+2028, U+2029; tabs advance to the next multiple of
    /// `tabInterval`), runs with their fonts, and missing glyphs.
    /// - Throws: ``RequestError`` or ``TypographyError`` naming the input at fault.
    public func measure(_ request: MeasureRequest) throws -> [MeasureResult] {
        let attributes = try request.attributes()
        let tabInterval = request.tabInterval ?? 28
        return try request.texts.map { try measure($0, attributes: attributes, tabInterval: tabInterval) }
    }

    /// Measures one text; see ``measure(_:)``.
    public func measure(_ text: String, attributes: TextAttributes, tabInterval: Double = 28) throws -> MeasureResult {
        var width = 0.0, height = 0.0
        var runs: [MeasureResult.Run] = []
        var missing: [MeasureResult.Missing] = []
        var ink: CGRect?
        var first: LineMeasurement?
        let scalars = Array(text.unicodeScalars)
        let hardLines = HardLines.split(text)
        for (lineIndex, line) in hardLines.enumerated() {
            var x = 0.0
            var lineHeight = 0.0
            for (segmentIndex, segment) in line.segments.enumerated() {
                let measured = try shaper.measure(segment.text, attributes: attributes)
                if first == nil { first = measured }
                if segmentIndex > 0 { x = (floor(x / tabInterval) + 1) * tabInterval }
                if lineIndex == 0, let bounds = measured.inkBounds {
                    let shifted = bounds.offsetBy(dx: x, dy: 0)
                    ink = ink.map { $0.union(shifted) } ?? shifted
                }
                for run in measured.runs {
                    runs.append(.init(font: .init(run.face), script: run.script.code, direction: run.direction.rawValue,
                                      start: segment.offset + run.start, end: segment.offset + run.end,
                                      width: run.width, glyphs: run.glyphCount))
                }
                for range in measured.missingClusters {
                    let start = segment.offset + range.lowerBound, end = segment.offset + range.upperBound
                    missing.append(.init(start: start, end: end, text: String(String.UnicodeScalarView(scalars[start..<end]))))
                }
                x += measured.width
                lineHeight = max(lineHeight, measured.height)
            }
            if lineHeight == 0, hardLines.count > 1 {
                // An empty line between hard breaks still takes a line's height.
                lineHeight = try shaper.measure(" ", attributes: attributes).height
            }
            width = max(width, x)
            height += lineHeight
        }
        let primary = try first ?? shaper.measure("", attributes: attributes)
        let metrics = primary.metrics
        return MeasureResult(
            text: text, font: .init(primary.font.face), weight: primary.font.face.weight.value,
            weightSubstituted: primary.font.weightSubstituted, italicSubstituted: primary.font.italicSubstituted,
            size: primary.size, ideal: .init(width: width, height: height), lines: hardLines.count, runs: runs,
            missingGlyphs: missing.count, missing: missing,
            ink: ink.map { .init(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) },
            metrics: .init(ascent: metrics.ascent, descent: metrics.descent, leading: metrics.leading,
                           capHeight: metrics.capHeight, xHeight: metrics.xHeight,
                           unitsPerEm: primary.font.face.metrics.unitsPerEm))
    }
}

extension MeasureResult.Font {
    init(_ face: FontFace) { self.init(family: face.family, file: face.path, faceIndex: face.faceIndex) }
}

/// A text split at hard line breaks, each line at tabs; offsets are Unicode scalar offsets.
struct HardLines {
    struct Segment { var text: String; var offset: Int }
    struct Line { var segments: [Segment] }

    /// LF, VT, FF, CR, NEL, U+2028, U+2029 end a line; CR LF is one break. The empty text is one
    /// empty line (so it measures 0 × 0).
    static func split(_ text: String) -> [Line] {
        var lines: [Line] = []
        var segments: [Segment] = []
        var current = String.UnicodeScalarView()
        var offset = 0, segmentStart = 0
        var previousWasCR = false
        func endSegment() {
            segments.append(Segment(text: String(current), offset: segmentStart))
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            defer { offset += 1 }
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                segmentStart = offset + 1
                continue
            }
            previousWasCR = scalar == "\r"
            switch scalar.value {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                endSegment()
                lines.append(Line(segments: segments))
                segments = []
                segmentStart = offset + 1
            case 0x09:
                endSegment()
                segmentStart = offset + 1
            default:
                current.append(scalar)
            }
        }
        endSegment()
        lines.append(Line(segments: segments))
        return lines
    }
}
