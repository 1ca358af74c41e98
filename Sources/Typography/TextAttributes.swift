/// How a run of text is set: font, size, Dynamic Type size, features, tracking and language.
public struct TextAttributes: Hashable, Sendable {
    public var font: FontRequest
    public var size: FontSize
    public var dynamicTypeSize: DynamicTypeSize
    /// OpenType features added to or removed from HarfBuzz's defaults.
    public var features: [FontFeature]
    /// Points added after every grapheme cluster, the last one included (as SwiftUI's `tracking`).
    public var tracking: Double
    /// A BCP 47 tag (`ar`, `ja`, `zh-Hans`): HarfBuzz's language, and the fallback language.
    public var locale: String?
    /// Which face metrics set line heights.
    public var lineMetrics: LineMetricsPolicy

    public init(font: FontRequest = FontRequest(), size: FontSize = .style(.body), dynamicTypeSize: DynamicTypeSize = .large,
                features: [FontFeature] = [], tracking: Double = 0, locale: String? = nil,
                lineMetrics: LineMetricsPolicy = .apple) {
        self.font = font
        self.size = size
        self.dynamicTypeSize = dynamicTypeSize
        self.features = features
        self.tracking = tracking
        self.locale = locale
        self.lineMetrics = lineMetrics
    }

    /// The point size after Dynamic Type.
    public var pointSize: Double { size.points(at: dynamicTypeSize) }

    /// The weight used when ``FontRequest/weight`` is `nil`: the text style's (semibold for headline).
    public var defaultWeight: FontWeight {
        switch size {
        case .points: .regular
        case .style(let style), .relative(_, let style): style.defaultWeight
        }
    }

    /// The largest point size accepted.
    public static let maximumPointSize = 16_384.0
    /// The largest tracking accepted, either way (points per grapheme cluster): a larger one sums to
    /// ∞ over a line (1e308 was found by fuzzing).
    public static let maximumTracking = 16_384.0

    /// Checks the size and tracking.
    /// - Throws: ``TypographyError/invalidSize(value:reason:)`` for a NaN, infinite, negative or
    ///   larger-than-``maximumPointSize`` size; ``TypographyError/invalidTracking(value:)`` for a
    ///   non-finite tracking. A size of 0 is valid and measures 0.
    public func validated() throws -> Double {
        let points = pointSize
        if points.isNaN { throw TypographyError.invalidSize(value: points, reason: "not a number") }
        if points < 0 { throw TypographyError.invalidSize(value: points, reason: "it must not be negative") }
        if points > Self.maximumPointSize {
            throw TypographyError.invalidSize(value: points, reason: "the largest size accepted is \(Int(Self.maximumPointSize)) pt")
        }
        if !tracking.isFinite || abs(tracking) > Self.maximumTracking { throw TypographyError.invalidTracking(value: tracking) }
        return points
    }
}
