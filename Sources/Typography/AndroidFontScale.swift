import Foundation

// MARK: - Android font scale

/// Android's font scale (Settings › Display › Font size): 1 is the default.
///
/// Since Android 14 text grows non-linearly: at 200 %, 14 sp becomes 26 dp (not 28) and 30 sp
/// becomes 38 dp (not 60). ``dp(forSp:)`` reproduces AOSP's conversion
/// (`android.content.res.FontScaleConverterFactory` and `FontScaleConverterImpl`, which Compose
/// copies as `androidx.compose.ui.unit.fontscaling`), in IEEE single precision as Java's `float`
/// computes it, so results equal Android's bit for bit. The scale is kept as a `Double` but
/// converted to `Float` first, as Android stores `Configuration.fontScale`.
///
/// The rules, in order:
/// - Below the non-linear threshold (the smallest table's scale, 1.15, minus 0.02, i.e. 1.13 as a
///   `float`), `dp = sp × scale`.
/// - A scale whose key `(int)(scale × 100)` names a table (115, 130, 150, 180, 200) uses that
///   table: 1.159 uses the 1.15 table.
/// - Between two tables, a table is interpolated over the common sp sizes (8, 10, 12, 14, 18, 20,
///   24, 30, 100 sp) at the point `constrainedMap(0, 1, lowerScale, upperScale, scale)`.
/// - Above 2.0 and between 1.13 and 1.15, a one-entry table `1 sp → scale dp`, which is linear.
/// - Within a table: an exact entry is returned as is; between entries the dp is interpolated
///   linearly; below the first entry it is interpolated from 0 sp → 0 dp; beyond the last entry the
///   last pair's ratio applies (100 → 100, so 150 sp stays 150 dp). Negative sp keep their sign.
///
/// Versions: the tables are the same in Android 14, 15 and 16. Android 14's first release
/// returned no converter only for scales ≤ 1 (scales between 1 and 1.15 used the linear one-entry
/// table, which gives the same numbers); later releases start curves at 1.13. Android 15 (flag
/// `font_scale_converter_public`) caches every interpolated table under its key, so in a process
/// that has already asked for 1.4, a later 1.45 would be interpolated between the cached 1.4 table
/// and 1.5; this type models a process that has seen one scale, as a device at one setting does.
public struct AndroidFontScale: Hashable, Sendable, CustomStringConvertible {
    /// The scale factor, e.g. 1.3 for 130 %.
    public let value: Double

    /// Creates a scale; throws ``PlatformError/invalidFontScale(value:)`` unless `value` is a
    /// finite number greater than 0 (and stays so as a `Float`: not below ~1e-45 nor above ~3e38).
    public init(_ value: Double) throws {
        guard value.isFinite, value > 0, Float(value) > 0, Float(value).isFinite else {
            throw PlatformError.invalidFontScale(value: value)
        }
        self.value = value
    }

    private init(unchecked value: Double) { self.value = value }

    /// Parses a scale written as a number (`1.3`) or a percentage (`130%`); surrounding spaces are
    /// ignored. Throws ``PlatformError/unreadableFontScale(text:)`` for other text and
    /// ``PlatformError/invalidFontScale(value:)`` for a number that is not a valid scale (`0%`).
    public static func parse(_ text: String) throws -> AndroidFontScale {
        var body = text.trimmingCharacters(in: .whitespaces)
        let isPercentage = body.hasSuffix("%")
        if isPercentage { body = String(body.dropLast()).trimmingCharacters(in: .whitespaces) }
        // Only plain decimal numbers: Double(_:) would also take "nan", "inf" and hex floats.
        let allowed = Set("0123456789.-+eE")
        guard !body.isEmpty, body.allSatisfy({ allowed.contains($0) }), let number = Double(body) else {
            throw PlatformError.unreadableFontScale(text: text)
        }
        return try AndroidFontScale(isPercentage ? number / 100 : number)
    }

    /// Parses like ``parse(_:)``; `nil` where that throws.
    public init?(name: String) {
        guard let scale = try? Self.parse(name) else { return nil }
        self = scale
    }

    /// 100 %.
    public static let standard = AndroidFontScale(unchecked: 1)

    /// The steps of the Font size slider in Settings, smallest first: 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2
    /// (AOSP `frameworks/base/packages/SettingsLib/res/values/arrays.xml`, `entryvalues_font_size`).
    public static let settingsValues: [AndroidFontScale] =
        [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2].map { AndroidFontScale(unchecked: $0) }

    /// What a font scale may be, for messages: every mistake in a font scale says it.
    public static let valuesForMessages = "a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2)"

    /// What a list of font scales may hold, for messages: ``valuesForMessages``, a comma list, `all`.
    public static let listForMessages = valuesForMessages + ", a comma list of them, or all"

    /// Whether Android applies its non-linear curves at this scale
    /// (`FontScaleConverterFactory.isNonLinearFontScalingActive`: scale ≥ 1.13 as a `float`).
    /// Between 1.13 and 1.15 the curve Android picks is still linear.
    public var isNonLinear: Bool { Float(value) >= AndroidFontScaleTable.minimumNonLinearScale }

    /// The size in dp of `sp` scaled sp at this scale, as Android 14+ converts it
    /// (`TypedValue.applyDimension(COMPLEX_UNIT_SP, …)` ÷ density, Compose's `TextUnit.toDp()`).
    public func dp(forSp sp: Double) -> Double {
        let scale = Float(value)
        guard let table = AndroidFontScaleTable.forScale(scale) else { return Double(Float(sp) * scale) }
        return Double(table.convertSpToDp(Float(sp)))
    }

    /// A line height given in sp for text of `fontSizeSp`, in dp, as Android 14+ resolves it:
    /// under non-linear scaling the line height keeps its proportion to the font size,
    /// `lineHeightSp ÷ fontSizeSp × dp(fontSizeSp)`, so 16 sp text with a 24 sp line height at
    /// 200 % is 28 dp with a 42 dp line (not 36 dp). Below the threshold it is `dp(lineHeightSp)`.
    ///
    /// Sources: Compose `resolveLineHeightInPx` (ui-text `SpannableExtensions.android.kt`), which
    /// finds the font size in sp by converting its px back; `TextView.setLineHeight(unit, value)`
    /// (CTS `TextViewFontScalingTest` checks `lineHeightSp / textSizeSp × applyDimension(SP, textSizeSp)`).
    /// The backward conversion and TextView's complex-dimension storage can change the last bits.
    public func lineHeightDp(forSp lineHeightSp: Double, fontSizeSp: Double) -> Double {
        guard isNonLinear, fontSizeSp != 0 else { return dp(forSp: lineHeightSp) }
        let multiplier = Float(lineHeightSp) / Float(fontSizeSp)
        return Double(multiplier * Float(dp(forSp: fontSizeSp)))
    }

    /// The scale as a number: `1.3`.
    public var description: String { PlatformError.spell(value) }
}

// MARK: - Lookup tables

/// One of AOSP's sp → dp lookup tables (`FontScaleConverterImpl`), in `Float` as Android keeps it.
struct AndroidFontScaleTable: Hashable, Sendable {
    let fromSp: [Float]
    let toDp: [Float]

    /// The sp sizes every table (and every interpolated table) is defined at.
    static let commonSpSizes: [Float] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    /// AOSP's tables by key `(int)(scale × 100)`, ascending: `core/java/android/content/res/
    /// FontScaleConverterFactory.java` (aosp-mirror/platform_frameworks_base, e.g. commit
    /// 2d05430b3109dac7e255dc5264250f2c3e8222df; identical in Compose ui-unit
    /// `FontScaleConverterFactory.android.kt`). There is no 1.1 table.
    static let tables: [(key: Int32, table: AndroidFontScaleTable)] = [
        (115, AndroidFontScaleTable(fromSp: commonSpSizes, toDp: [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100])),
        (130, AndroidFontScaleTable(fromSp: commonSpSizes, toDp: [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100])),
        (150, AndroidFontScaleTable(fromSp: commonSpSizes, toDp: [12, 15, 18, 22, 24, 26, 28, 30, 100])),
        (180, AndroidFontScaleTable(fromSp: commonSpSizes, toDp: [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100])),
        (200, AndroidFontScaleTable(fromSp: commonSpSizes, toDp: [16, 20, 24, 26, 30, 34, 36, 38, 100])),
    ]

    /// `getScaleFromKey(firstKey) - 0.02f`: 1.13 as a `float`.
    static let minimumNonLinearScale: Float = scale(fromKey: tables[0].key) - 0.02

    static func scale(fromKey key: Int32) -> Float { Float(key) / 100 }

    /// `(int) (fontScale * 100f)`: Java truncates toward zero and saturates (NaN gives 0).
    static func key(forScale scale: Float) -> Int32 {
        let product = scale * 100
        if product.isNaN { return 0 }
        if product >= Float(Int32.max) { return .max }
        if product <= Float(Int32.min) { return .min }
        return Int32(product.rounded(.towardZero))
    }

    /// The table Android uses at `scale`, or `nil` where scaling is linear (`forScale` returning null).
    static func forScale(_ scale: Float) -> AndroidFontScaleTable? {
        guard scale >= minimumNonLinearScale else { return nil }
        let key = key(forScale: scale)
        // Index of the first table whose key is not below `key` (SparseArray's binary search).
        let insertion = tables.firstIndex { $0.key >= key } ?? tables.count
        if insertion < tables.count, tables[insertion].key == key { return tables[insertion].table }
        let lower = insertion - 1
        let upper = insertion
        guard lower >= 0, upper < tables.count else {
            // Nothing to interpolate between: 1 sp → scale dp, extended by its ratio.
            return AndroidFontScaleTable(fromSp: [1], toDp: [scale])
        }
        let point = constrainedMap(
            rangeMin: 0, rangeMax: 1,
            valueMin: self.scale(fromKey: tables[lower].key), valueMax: self.scale(fromKey: tables[upper].key),
            value: scale)
        return interpolated(between: tables[lower].table, and: tables[upper].table, at: point)
    }

    /// `createInterpolatedTableBetween`: each common sp size converted by both tables, then mixed.
    static func interpolated(between start: Self, and end: Self, at point: Float) -> Self {
        let dp = commonSpSizes.map { sp in lerp(start.convertSpToDp(sp), end.convertSpToDp(sp), point) }
        return AndroidFontScaleTable(fromSp: commonSpSizes, toDp: dp)
    }

    func convertSpToDp(_ sp: Float) -> Float { Self.lookUp(sp, from: fromSp, to: toDp) }

    /// `lookupAndInterpolate`: exact entry, linear interpolation between entries, from 0 below the
    /// first, the last pair's ratio beyond the last; the sign of the source is kept.
    static func lookUp(_ source: Float, from sources: [Float], to targets: [Float]) -> Float {
        let magnitude = abs(source)
        let sign = javaSignum(source)
        // Java's Arrays.binarySearch on ascending values: an exact hit, or where it would go
        // (NaN sorts after every number, so it lands beyond the end).
        let insertion = sources.firstIndex { $0 >= magnitude } ?? sources.count
        if insertion < sources.count, sources[insertion] == magnitude {
            return sign * targets[insertion]
        }
        let lower = insertion - 1
        let startSp: Float, endSp: Float, startDp: Float, endDp: Float
        if lower >= sources.count - 1 {
            let lastSp = sources[sources.count - 1]
            if lastSp == 0 { return 0 }
            return source * (targets[sources.count - 1] / lastSp)
        } else if lower == -1 {
            (startSp, startDp) = (0, 0)
            (endSp, endDp) = (sources[0], targets[0])
        } else {
            (startSp, startDp) = (sources[lower], targets[lower])
            (endSp, endDp) = (sources[lower + 1], targets[lower + 1])
        }
        return sign * constrainedMap(rangeMin: startDp, rangeMax: endDp, valueMin: startSp, valueMax: endSp, value: magnitude)
    }

    // MARK: android.util.MathUtils, in float

    static func lerp(_ start: Float, _ stop: Float, _ amount: Float) -> Float {
        start + (stop - start) * amount
    }

    static func constrainedMap(rangeMin: Float, rangeMax: Float, valueMin: Float, valueMax: Float, value: Float) -> Float {
        let inverse: Float = valueMin != valueMax ? (value - valueMin) / (valueMax - valueMin) : 0
        // MathUtils.constrain(amount, 0, 1) as Java writes it: NaN passes through.
        let saturated: Float = inverse < 0 ? 0 : (inverse > 1 ? 1 : inverse)
        return lerp(rangeMin, rangeMax, saturated)
    }

    /// `Math.signum(float)`: ±1, or the value itself for ±0 and NaN.
    static func javaSignum(_ value: Float) -> Float {
        if value > 0 { return 1 }
        if value < 0 { return -1 }
        return value
    }
}
