import Foundation

// MARK: - Material 3 type scale

/// The fifteen text styles of Material 3's type scale, spelled as Jetpack Compose's
/// `MaterialTheme.typography` spells them.
///
/// Values are Compose Material 3's defaults (`androidx.compose.material3.tokens.TypeScaleTokens`,
/// androidx/androidx `compose/material3/material3/src/commonMain/kotlin/androidx/compose/material3/
/// tokens/TypeScaleTokens.kt`, token version v0_103), i.e. what an Android app using
/// `MaterialTheme` measures. Sizes, line heights and weights equal the published type scale
/// (m3.material.io › Typography › Type scale tokens). Compose's generated tracking rounds to one
/// decimal where the published tokens (also Flutter's and material-web's, token set 6.1) have two:
/// display large −0.2 (published −0.25), title medium 0.2 (0.15), body medium 0.2 (0.25).
/// The typeface is the platform's sans serif (Roboto) for all fifteen.
public enum MaterialTextStyle: String, CaseIterable, Codable, Sendable {
    /// The display styles: the largest, for short text (57, 45 and 36 sp).
    case displayLarge, displayMedium, displaySmall
    /// The headline styles (32, 28 and 24 sp).
    case headlineLarge, headlineMedium, headlineSmall
    /// The title styles (22, 16 and 14 sp).
    case titleLarge, titleMedium, titleSmall
    /// The body styles: running text (16, 14 and 12 sp); `bodyLarge` is Compose's `Text` default.
    case bodyLarge, bodyMedium, bodySmall
    /// The label styles: buttons, tabs, captions (14, 12 and 11 sp).
    case labelLarge, labelMedium, labelSmall

    /// (size, line height, weight, tracking) from Compose's `TypeScaleTokens`; sp except weight.
    private var token: (size: Double, lineHeight: Double, weight: Int, tracking: Double) {
        switch self {
        case .displayLarge: (57, 64, 400, -0.2)
        case .displayMedium: (45, 52, 400, 0)
        case .displaySmall: (36, 44, 400, 0)
        case .headlineLarge: (32, 40, 400, 0)
        case .headlineMedium: (28, 36, 400, 0)
        case .headlineSmall: (24, 32, 400, 0)
        case .titleLarge: (22, 28, 400, 0)
        case .titleMedium: (16, 24, 500, 0.2)
        case .titleSmall: (14, 20, 500, 0.1)
        case .bodyLarge: (16, 24, 400, 0.5)
        case .bodyMedium: (14, 20, 400, 0.2)
        case .bodySmall: (12, 16, 400, 0.4)
        case .labelLarge: (14, 20, 500, 0.1)
        case .labelMedium: (12, 16, 500, 0.5)
        case .labelSmall: (11, 16, 500, 0.5)
        }
    }

    /// The font size in sp.
    public var size: Double { token.size }

    /// The line height in sp.
    public var lineHeight: Double { token.lineHeight }

    /// The weight: regular (400), or medium (500) for title medium/small and the labels.
    public var weight: FontWeight { FontWeight(token.weight) }

    /// The letter spacing in sp (Compose's `letterSpacing`, added after every character).
    public var tracking: Double { token.tracking }

    /// Parses a style name, case-insensitive, as written in Compose (`bodyLarge`), in tokens
    /// (`body-large`), in snake case (`body_large`) or with a space (`Body Large`).
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        guard let style = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = style
    }

    /// The style's sizes in dp at an Android font scale, as Compose resolves them on Android 14+:
    /// the font size through ``AndroidFontScale/dp(forSp:)``, the line height in proportion to it
    /// (``AndroidFontScale/lineHeightDp(forSp:fontSizeSp:)``) and the letter spacing, given in sp,
    /// through the same non-linear conversion (`TextUnit.toPx()` for `LetterSpacingSpanPx`).
    public func metrics(at scale: AndroidFontScale) -> AndroidTextMetrics {
        AndroidTextMetrics(
            fontSize: scale.dp(forSp: size),
            lineHeight: scale.lineHeightDp(forSp: lineHeight, fontSizeSp: size),
            letterSpacing: scale.dp(forSp: tracking),
            weight: weight)
    }
}

/// A text style's sizes after Android's font scaling, in dp (multiply by the density for px).
public struct AndroidTextMetrics: Hashable, Sendable {
    /// The font size in dp.
    public let fontSize: Double
    /// The line height in dp.
    public let lineHeight: Double
    /// The letter spacing in dp.
    public let letterSpacing: Double
    /// The weight, which scaling does not change.
    public let weight: FontWeight
}
