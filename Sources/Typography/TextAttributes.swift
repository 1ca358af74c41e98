/// How a run of text is set: font, size, Dynamic Type size, features, tracking and language.
public struct TextAttributes: Hashable, Sendable {
    /// The font asked for: the system font (`FontRequest()`), a family, or a file.
    public var font: FontRequest
    /// The size: a text style (which follows the Dynamic Type size or font scale) or fixed points.
    public var size: FontSize
    /// The user's Dynamic Type size, which text styles follow (default `large`).
    public var dynamicTypeSize: DynamicTypeSize
    /// OpenType features added to or removed from HarfBuzz's defaults.
    public var features: [FontFeature]
    /// Points added after every grapheme cluster, the last one included (as SwiftUI's `tracking`).
    public var tracking: Double
    /// A BCP 47 tag (`ar`, `ja`, `zh-Hans`, `ja-JP-u-lb-strict`) or ICU locale ID (`pt_BR`): HarfBuzz's
    /// language, ICU's line-breaking locale and the fallback language.
    ///
    /// Canonical whatever is set (``CanonicalLocale``): it reads back as the canonical tag — `pt_BR`
    /// as `pt-BR`, `de-XX` as `de`, a language ICU does not know as `nil` — so every locale that
    /// reaches ICU and HarfBuzz comes from a bounded set. Setting it costs a cache lookup.
    public var locale: String? {
        get { canonicalLocale }
        set { canonicalLocale = newValue.flatMap { CanonicalLocale($0).tag } }
    }

    /// ``locale``'s storage, always canonical.
    private var canonicalLocale: String?
    /// Which face metrics set line heights.
    public var lineMetrics: LineMetricsPolicy
    /// Whose text-size rules apply: Apple's (point sizes, Dynamic Type) or Android's (sizes in sp,
    /// scaled by ``fontScale``, Material 3's styles). The platform's system font is the request's
    /// default family: Noto Sans (or SF Pro) on iOS, Roboto on Android.
    public var platform: Platform
    /// Android's font scale (Settings › Font size), applied to every size in sp as Android 14
    /// scales it (non-linearly from 1.13); ignored on iOS, where ``dynamicTypeSize`` says the same.
    public var fontScale: AndroidFontScale

    /// Attributes for text: font, size, the user's text size, features, tracking, locale, line
    /// metrics and platform. Body text at the third accessibility size is
    /// `TextAttributes(size: .style(.body), dynamicTypeSize: .accessibility3)`.
    public init(font: FontRequest = FontRequest(), size: FontSize = .style(.body), dynamicTypeSize: DynamicTypeSize = .large,
                features: [FontFeature] = [], tracking: Double = 0, locale: String? = nil,
                lineMetrics: LineMetricsPolicy = .apple, platform: Platform = .ios, fontScale: AndroidFontScale = .standard) {
        self.font = font
        self.size = size
        self.dynamicTypeSize = dynamicTypeSize
        self.features = features
        self.tracking = tracking
        canonicalLocale = locale.flatMap { CanonicalLocale($0).tag }
        self.lineMetrics = lineMetrics
        self.platform = platform
        self.fontScale = fontScale
    }

    /// The size in points (dp on Android): iOS's after Dynamic Type; Android's sp after the font scale.
    public var pointSize: Double {
        switch platform {
        case .ios: size.points(at: dynamicTypeSize)
        case .android: fontScale.dp(forSp: size.points(at: .large))
        }
    }

    /// The weight used when ``FontRequest/weight`` is `nil`: the text style's (semibold for headline,
    /// medium for Material's titles and labels).
    public var defaultWeight: FontWeight {
        switch size {
        case .points: .regular
        case .style(let style), .relative(_, let style): style.defaultWeight
        case .material(let style): style.weight
        }
    }

    /// The tracking the text style itself adds, in points: a Material 3 style's letter spacing
    /// (given in sp, scaled as Android scales it); 0 for every other size.
    public var styleTracking: Double {
        guard case .material(let style) = size, platform == .android else { return 0 }
        return fontScale.dp(forSp: style.tracking)
    }

    /// ``tracking`` plus ``styleTracking``: what is added after each grapheme cluster.
    public var totalTracking: Double { tracking + styleTracking }

    /// The family Android's system font is: Roboto (bundled, variable: `wght` and `wdth`).
    public static let androidFamily = "Roboto"

    /// ``font`` with the platform's system font made explicit: on Android a request with no family
    /// (or `system`, `sans-serif`) asks for Roboto; on iOS it is unchanged (the library knows the
    /// system font there, Noto Sans or the user's SF Pro).
    public var resolvedFont: FontRequest {
        guard platform == .android, font.file == nil else { return font }
        if let family = font.family, !["system", "systemui", "sansserif", "sans"].contains(FontLibrary.normalize(family)) { return font }
        var request = font
        request.family = Self.androidFamily
        return request
    }

    /// The features HarfBuzz shapes with: ``features``, plus `-liga,-clig` for a Material style
    /// with letter spacing, as Android's Minikin turns optional ligatures off for letter-spaced text.
    public var shapingFeatures: [FontFeature] {
        styleTurnsLigaturesOff ? features + FontFeature.offForTracking : features
    }

    /// Whether the text style's letter spacing turns optional ligatures off (a Material style with
    /// letter spacing, under Android).
    var styleTurnsLigaturesOff: Bool {
        guard case .material(let style) = size, platform == .android else { return false }
        return style.tracking != 0
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
        if platform == .ios {
            if case .material(let style) = size { throw TypographyError.styleOfOtherPlatform(style: style.rawValue, platform: platform.rawValue) }
        } else if case .style(let style) = size {
            throw TypographyError.styleOfOtherPlatform(style: style.rawValue, platform: platform.rawValue)
        }
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
