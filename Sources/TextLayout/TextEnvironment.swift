import Foundation
import LayoutCore
import Typography

// The environment values text reads, added to LayoutCore's `EnvironmentValues` as SwiftUI's text
// module adds its own, and the modifiers that set them on any element. A `Text`'s own attributes
// (`Text.font`, `.fontWeight`, `.italic`, `.kerning`, `.tracking`) win over these.

/// SwiftUI's `TextAlignment`: how the lines of a multiline text line up (`multilineTextAlignment`).
/// `leading` and `trailing` follow the environment's layout direction.
public typealias TextAlignment = ParagraphStyle.Alignment

// MARK: - Keys

private struct DynamicTypeSizeKey: EnvironmentKey { static let defaultValue = DynamicTypeSize.large }
private struct PlatformKey: EnvironmentKey { static let defaultValue = Platform.ios }
private struct FontScaleKey: EnvironmentKey { static let defaultValue = AndroidFontScale.standard }
private struct FontKey: EnvironmentKey { static let defaultValue: Font? = nil }
private struct LineLimitKey: EnvironmentKey { static let defaultValue: Int? = nil }
private struct ReservedLinesKey: EnvironmentKey { static let defaultValue = 0 }
private struct TruncationModeKey: EnvironmentKey { static let defaultValue = Text.TruncationMode.tail }
private struct MultilineTextAlignmentKey: EnvironmentKey { static let defaultValue = TextAlignment.leading }
private struct LineSpacingKey: EnvironmentKey { static let defaultValue: CGFloat = 0 }
private struct MinimumScaleFactorKey: EnvironmentKey { static let defaultValue: CGFloat = 1 }
/// The shaper is wrapped so the key's value is not an `Optional`: LayoutCore's subscript would read
/// an unset optional-valued key as `.some(nil)` instead of its default.
private struct TextShaperKey: EnvironmentKey {
    struct Choice: Sendable { let shaper: Shaper? }
    static var defaultValue: Choice { Choice(shaper: try? DefaultTypesetter.shaper.get()) }
}
private struct TextMeasurementCacheKey: EnvironmentKey {
    static var defaultValue: TextMeasurementCache { TextMeasurementCache.shared }
}

extension EnvironmentValues {
    /// The Dynamic Type size text styles are set at (default `.large`, where `.body` is 17 pt).
    public var dynamicTypeSize: DynamicTypeSize {
        get {
            if ScreenSlot.viewsAreBeingEvaluated { screenSlot?.noteTextSizeRead() }  // views reading it are the size's
            return self[DynamicTypeSizeKey.self]
        }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }

    /// Whose text rules text follows: Apple's (the default) or Android's (Roboto, sizes in sp scaled
    /// by ``fontScale``, Material 3's styles; text that sets no font is `bodyLarge`). Laying out on
    /// an Android ``Device`` does not change it: SwiftUI views are iOS's, set in Apple's text styles;
    /// set it (as layout files with `platform: android` do) for Android's.
    public var platform: Platform {
        get { self[PlatformKey.self] }
        set { self[PlatformKey.self] = newValue }
    }

    /// Android's font scale (default 1), which scales every size in sp under the `android` platform.
    public var fontScale: AndroidFontScale {
        get {
            if ScreenSlot.viewsAreBeingEvaluated { screenSlot?.noteTextSizeRead() }  // views reading it are the size's
            return self[FontScaleKey.self]
        }
        set { self[FontScaleKey.self] = newValue }
    }

    /// The font of text that sets none itself; `nil` (the default) means `.body` (`bodyLarge` under Android).
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }

    /// The most lines a text shows (`nil`, the default: no limit); values below 1 count as 1.
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue }
    }

    /// The fewest lines a text's height holds (``ParagraphStyle/reservedLines``): set with
    /// ``lineLimit`` by `lineLimit(_:reservesSpace:)` and the ranged `lineLimit` modifiers. Not
    /// public: SwiftUI's environment has no such value either.
    var reservedLines: Int {
        get { self[ReservedLinesKey.self] }
        set { self[ReservedLinesKey.self] = newValue }
    }

    /// Where "…" goes when a text is cut (default `.tail`).
    public var truncationMode: Text.TruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }

    /// How the lines of a multiline text line up (default `.leading`, which is the right edge in a
    /// right-to-left environment).
    public var multilineTextAlignment: TextAlignment {
        get { self[MultilineTextAlignmentKey.self] }
        set { self[MultilineTextAlignmentKey.self] = newValue }
    }

    /// Points added between the lines of a text (default 0). NaN and negative values count as 0.
    public var lineSpacing: CGFloat {
        get { self[LineSpacingKey.self] }
        set { self[LineSpacingKey.self] = newValue }
    }

    /// The smallest scale text may shrink to before it truncates (default 1: never shrink); clamped to 0.01…1.
    public var minimumScaleFactor: CGFloat {
        get { self[MinimumScaleFactorKey.self] }
        set { self[MinimumScaleFactorKey.self] = newValue }
    }

    /// The typesetter text is shaped and measured with.
    ///
    /// The default is one process-wide ``Shaper`` over `FontLibrary(.bundledOnly)`, created on
    /// first use, so results never depend on the machine's fonts. If the bundled fonts cannot be
    /// opened (no `fonts/` folder found, `TEXTFIT_FONTS` pointing nowhere) the default is `nil`:
    /// nothing crashes, every `Text` measures 0 × 0 with no baselines, and the reason is kept in
    /// ``Text/defaultShaperError`` and in the cache's ``TextMeasurementCache/failures``.
    /// Set your own shaper (e.g. one that may use system fonts) for a subtree with
    /// `.environment(\.textShaper, shaper)`.
    public var textShaper: Shaper? {
        get { self[TextShaperKey.self].shaper }
        set { self[TextShaperKey.self] = TextShaperKey.Choice(shaper: newValue) }
    }

    /// Where text keeps its paragraphs and measured layouts (default: ``TextMeasurementCache/shared``).
    /// Give a subtree its own cache to bound its memory separately or to count its reuse.
    public var textMeasurementCache: TextMeasurementCache {
        get { self[TextMeasurementCacheKey.self] }
        set { self[TextMeasurementCacheKey.self] = newValue }
    }

    /// The environment's locale as the BCP 47 tag text is shaped and broken with (HarfBuzz
    /// language, fallback-font language, ICU line-break locale), or `nil` for none.
    ///
    /// The POSIX locale (LayoutCore's default, `en_US_POSIX`) and the root locale (`""`, `und`) mean
    /// "no language", so the defaults match a paragraph built without a locale. Any other locale
    /// gives `Locale.identifier(.bcp47)` made canonical (``CanonicalLocale``), as every locale that
    /// reaches ICU and HarfBuzz is: the Unicode extensions that change line breaking stay
    /// (`ja_JP@lb=loose` → `ja-JP-u-lb-loose`, loose Japanese line breaking), and what ICU has no
    /// data for goes (`de_XX` → `de`; a language ICU does not know → `nil`).
    public var textLanguage: String? {
        let identifier = locale.identifier
        if identifier.isEmpty || identifier == "und" || identifier.hasSuffix("_POSIX") || identifier.hasSuffix("-POSIX") {
            return nil
        }
        let tag = locale.identifier(.bcp47)
        return tag.isEmpty || tag == "und" ? nil : CanonicalLocale(tag).tag
    }
}

// MARK: - The default typesetter

/// The process-wide default shaper, created on first use (a `static let` is initialised once,
/// thread-safely).
enum DefaultTypesetter {
    static let shaper: Result<Shaper, any Error> = Result {
        Shaper(library: try FontLibrary(.bundledOnly))
    }
}

extension Text {
    /// The shaper text uses when the environment sets none: one per process, over the bundled
    /// fonts only. `nil` when the bundled fonts cannot be opened (see ``defaultShaperError``).
    public static var defaultShaper: Shaper? { try? DefaultTypesetter.shaper.get() }

    /// Why ``defaultShaper`` is `nil` (typically ``TypographyError/bundledFontsMissing(path:)``,
    /// whose description says to set `TEXTFIT_FONTS`), or `nil` when it exists.
    public static var defaultShaperError: (any Error)? {
        if case .failure(let error) = DefaultTypesetter.shaper { return error }
        return nil
    }
}

// MARK: - Modifiers on any element

extension View {
    /// Sets the font of every text inside that sets none itself (a `Text.font` wins).
    public func font(_ font: Font?) -> some View {
        environmentValue(font) { $0.font = $1 }
    }

    /// Limits every text inside to `number` lines (`nil`: no limit); the last line shown ends in "…".
    /// No lines are reserved (it replaces a reservation made further out).
    public func lineLimit(_ number: Int?) -> some View {
        lineLimits(upper: number, reserved: 0)
    }

    /// Limits every text inside to `limit` lines and, with `reservesSpace`, makes a text with fewer
    /// lines as high as `limit` lines: its lines at the top, blank lines below, each as high as an
    /// empty line after the text (SwiftUI: "the height required to display the specified number of
    /// lines"). Baselines stay the text's own.
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        lineLimits(upper: limit, reserved: reservesSpace ? limit : 0)
    }

    /// Text inside shows at most `limit.upperBound` lines and is at least `limit.lowerBound` lines
    /// high (blank lines reserved below a shorter text, as `lineLimit(_:reservesSpace:)` reserves).
    public func lineLimit(_ limit: ClosedRange<Int>) -> some View {
        lineLimits(upper: limit.upperBound, reserved: limit.lowerBound)
    }

    /// Text inside is at least `limit.lowerBound` lines high, with no upper limit.
    public func lineLimit(_ limit: PartialRangeFrom<Int>) -> some View {
        lineLimits(upper: nil, reserved: limit.lowerBound)
    }

    /// Text inside shows at most `limit.upperBound` lines; none are reserved.
    public func lineLimit(_ limit: PartialRangeThrough<Int>) -> some View {
        lineLimits(upper: limit.upperBound, reserved: 0)
    }

    private func lineLimits(upper: Int?, reserved: Int) -> some View {
        environmentValue(upper) { $0.lineLimit = $1 }.environmentValue(max(0, reserved)) { $0.reservedLines = $1 }
    }

    /// Where "…" goes when text inside is cut.
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        environmentValue(mode) { $0.truncationMode = $1 }
    }

    /// How the lines of multiline text inside line up.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environmentValue(alignment) { $0.multilineTextAlignment = $1 }
    }

    /// Adds `lineSpacing` points between the lines of text inside (not above the first or below the last).
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View {
        environmentValue(lineSpacing) { $0.lineSpacing = $1 }
    }

    /// Lets text inside shrink down to `factor` of its size before it truncates (1: never).
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        environmentValue(factor) { $0.minimumScaleFactor = $1 }
    }

    /// Sets the Dynamic Type size that text styles inside are set at.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        environmentValue(size) { $0.dynamicTypeSize = $1 }
    }
}
