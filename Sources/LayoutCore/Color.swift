import Foundation

// Colours and shape styles, as SwiftUI spells them. A `Color` is a view (it fills what it is
// offered) and a `ShapeStyle` (what shapes, text and backgrounds are painted with). Colours are
// resolved once, in sRGB, in light mode: the named ones are Apple's system colours; a colour set of an
// asset catalog (`Color("Brand")`) is looked up when drawn. More styles: ShapeStyles.swift.

/// A colour: red, green, blue and opacity in sRGB, each 0…1.
///
/// As a view it takes whatever it is proposed (10 × 10 for `nil` axes), like
/// `Rectangle().fill(color)`. The named colours are the light-mode sRGB values of Apple's system
/// colours (Human Interface Guidelines, "Color", specifications table:
/// https://developer.apple.com/design/human-interface-guidelines/color#Specifications), e.g.
/// `.red` is systemRed (255, 59, 48): the values the HIG listed for iOS 15–18 (later revisions
/// retuned some; TextFit keeps these). `.primary` and `.secondary` are the light-mode label
/// colours (black; (60, 60, 67) at 60 %: UIColor.label and .secondaryLabel); `.accentColor` is
/// systemBlue. SwiftUI resolves these against the environment (dark mode, contrast); TextFit does not.
public struct Color: Hashable, Sendable {
    /// sRGB components and opacity, 0…1 (clamped; NaN is 0).
    package let red: Double
    package let green: Double
    package let blue: Double
    package let opacity: Double
    /// A colour set of an asset catalog, looked up when drawn (``init(_:bundle:)``): the components
    /// above are then 0 and `opacity` multiplies the set's own.
    package let asset: NamedColor?

    /// A colour from sRGB components, each 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.opacity = clamp(opacity)
        asset = nil
    }

    /// The colour set `name` of the asset catalogs in `bundle` (`nil`: the environment's
    /// ``EnvironmentValues/mainBundle``, else `Bundle.main`), in light mode, looked up when the
    /// colour is drawn.
    ///
    /// A name no catalog has draws nothing (clear), and a `Color` view of it reports a
    /// `missingAsset` diagnostic naming it, as SwiftUI logs "No color named '…' found in asset
    /// catalog". See `AssetCatalog.color(named:)` for the components read.
    /// Source: https://developer.apple.com/documentation/swiftui/color/init(_:bundle:)
    public init(_ name: String, bundle: Bundle? = nil) {
        red = 0
        green = 0
        blue = 0
        opacity = 1
        asset = NamedColor(name: name, bundlePath: bundle.map { $0.resourcePath ?? $0.bundlePath })
    }

    private init(asset: NamedColor, opacity: Double) {
        (red, green, blue) = (0, 0, 0)
        self.opacity = opacity
        self.asset = asset
    }

    /// This colour with a colour set's name resolved in `environment`'s asset catalogs (`.clear`
    /// when no catalog has it); other colours as they are.
    package func resolved(in environment: EnvironmentValues) -> Color {
        guard let asset else { return self }
        guard let found = asset.lookUp(in: environment) else { return .clear }
        return found.opacity(opacity)
    }

    /// A grey: `white` 0 is black, 1 white.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// The colour spaces SwiftUI's component initialisers name.
    public enum RGBColorSpace: Sendable, Hashable {
        /// The standard RGB colour space (the one TextFit draws in).
        case sRGB
        /// Linear sRGB: components are gamma-encoded to sRGB (IEC 61966-2-1 transfer function).
        case sRGBLinear
        /// Display P3: TextFit takes the components as sRGB (no gamut conversion; clamped to 0…1).
        case displayP3
    }

    /// A colour from components in `colorSpace`, each 0…1 (see ``RGBColorSpace`` for how TextFit
    /// maps them to sRGB).
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func encode(_ v: Double) -> Double {
            guard colorSpace == .sRGBLinear else { return v }
            return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        }
        self.init(red: encode(red), green: encode(green), blue: encode(blue), opacity: opacity)
    }

    /// A grey in `colorSpace` (see ``init(_:red:green:blue:opacity:)``).
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from hue, saturation and brightness (HSB/HSV), each 0…1; hue 0 and 1 are red.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6
        let s = saturation.isNaN ? 0 : min(1, max(0, saturation)), v = brightness.isNaN ? 0 : min(1, max(0, brightness))
        let sector = min(5, Int(h)), f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = switch sector {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// A colour from 0…255 components (the HIG's notation).
    init(_ r: Int, _ g: Int, _ b: Int, opacity: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, opacity: opacity)
    }

    /// This colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        if let asset { return Color(asset: asset, opacity: min(1, max(0, self.opacity * (opacity.isNaN ? 0 : opacity)))) }
        return Color(red: red, green: green, blue: blue, opacity: self.opacity * opacity)
    }

    /// iOS's system red (light appearance).
    public static let red = Color(255, 59, 48)
    /// iOS's system orange (light appearance).
    public static let orange = Color(255, 149, 0)
    /// iOS's system yellow (light appearance).
    public static let yellow = Color(255, 204, 0)
    /// iOS's system green (light appearance).
    public static let green = Color(52, 199, 89)
    /// iOS's system mint (light appearance).
    public static let mint = Color(0, 199, 190)
    /// iOS's system teal (light appearance).
    public static let teal = Color(48, 176, 199)
    /// iOS's system cyan (light appearance).
    public static let cyan = Color(50, 173, 230)
    /// iOS's system blue (light appearance).
    public static let blue = Color(0, 122, 255)
    /// iOS's system indigo (light appearance).
    public static let indigo = Color(88, 86, 214)
    /// iOS's system purple (light appearance).
    public static let purple = Color(175, 82, 222)
    /// iOS's system pink (light appearance).
    public static let pink = Color(255, 45, 85)
    /// iOS's system brown (light appearance).
    public static let brown = Color(162, 132, 94)
    /// White.
    public static let white = Color(255, 255, 255)
    /// iOS's system grey (light appearance).
    public static let gray = Color(142, 142, 147)
    /// Black.
    public static let black = Color(0, 0, 0)
    /// No colour: fully transparent.
    public static let clear = Color(0, 0, 0, opacity: 0)
    /// The light-mode label colour (black).
    public static let primary = Color(0, 0, 0)
    /// The light-mode secondary label colour: (60, 60, 67) at 60 % opacity.
    public static let secondary = Color(60, 60, 67, opacity: 0.6)
    /// systemBlue, the default accent colour.
    public static let accentColor = Color(0, 122, 255)
}

extension Color: LeafView {
    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
}

// MARK: - Shape styles

/// What a shape, a text or a background is painted with: a ``Color``, the foreground style
/// (``ForegroundStyle``), a level of it (``HierarchicalShapeStyle``), or any of them erased
/// (``AnyShapeStyle``); the link colour, fills, materials and gradients (ShapeStyles.swift).
/// Source: https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

extension Color: ShapeStyle {}

/// The foreground style of the environment (set with `foregroundStyle(_:)`; black by default).
public struct ForegroundStyle: ShapeStyle, Hashable {
    /// The environment's foreground style.
    public init() {}
}

/// A level of the foreground style: `.primary` is the foreground itself; the others are it at the
/// opacities of Apple's light-mode label colours (secondary 60 %, tertiary 30 %, quaternary 18 %:
/// UIColor.secondaryLabel, .tertiaryLabel, .quaternaryLabel). When no foreground is set,
/// `.secondary` is ``Color/secondary``. iOS has no fifth label colour: `.quinary` is half the
/// quaternary's opacity, 9 % (an approximation; docs/ios-metrics.md).
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let level: Int
    /// The foreground style itself.
    public static let primary = HierarchicalShapeStyle(level: 0)
    /// The foreground style at 60 % opacity (iOS's secondary label colour).
    public static let secondary = HierarchicalShapeStyle(level: 1)
    /// The foreground style at 30 % opacity (iOS's tertiary label colour).
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    /// The foreground style at 18 % opacity (iOS's quaternary label colour).
    public static let quaternary = HierarchicalShapeStyle(level: 3)
    /// The foreground style at 9 % opacity (an approximation: iOS has no fifth level).
    public static let quinary = HierarchicalShapeStyle(level: 4)

    var opacity: Double { Self.opacities[min(max(level, 0), 4)] }

    /// The opacity of each level, primary first.
    static let opacities: [Double] = [1, 0.6, 0.3, 0.18, 0.09]
}

/// The tint: the style `tint(_:)` set around the view, else the accent colour (``Color/accentColor``).
public struct TintShapeStyle: ShapeStyle, Hashable {
    /// The tint of the environment.
    public init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
    /// The tint: what `tint(_:)` set, else ``Color/accentColor``.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// Any shape style, erased.
public struct AnyShapeStyle: ShapeStyle {
    package let base: any ShapeStyle
    /// `style`, erased to one type.
    public init<S: ShapeStyle>(_ style: S) { base = (style as? AnyShapeStyle)?.base ?? style }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The environment's foreground style.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The foreground style itself.
    public static var primary: HierarchicalShapeStyle { .primary }
    /// The foreground style at 60 % opacity.
    public static var secondary: HierarchicalShapeStyle { .secondary }
    /// The foreground style at 30 % opacity.
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    /// The foreground style at 18 % opacity.
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
    /// The foreground style at 9 % opacity.
    public static var quinary: HierarchicalShapeStyle { .quinary }
}

/// The named colours as shape styles, so `.foregroundStyle(.blue)` and `.background(.blue)` compile.
extension ShapeStyle where Self == Color {
    /// iOS's system red.
    public static var red: Color { Color.red }
    /// iOS's system orange.
    public static var orange: Color { Color.orange }
    /// iOS's system yellow.
    public static var yellow: Color { Color.yellow }
    /// iOS's system green.
    public static var green: Color { Color.green }
    /// iOS's system mint.
    public static var mint: Color { Color.mint }
    /// iOS's system teal.
    public static var teal: Color { Color.teal }
    /// iOS's system cyan.
    public static var cyan: Color { Color.cyan }
    /// iOS's system blue.
    public static var blue: Color { Color.blue }
    /// iOS's system indigo.
    public static var indigo: Color { Color.indigo }
    /// iOS's system purple.
    public static var purple: Color { Color.purple }
    /// iOS's system pink.
    public static var pink: Color { Color.pink }
    /// iOS's system brown.
    public static var brown: Color { Color.brown }
    /// White.
    public static var white: Color { Color.white }
    /// iOS's system grey.
    public static var gray: Color { Color.gray }
    /// Black.
    public static var black: Color { Color.black }
    /// No colour: fully transparent.
    public static var clear: Color { Color.clear }
}

extension ShapeStyle {
    /// The colour this style paints with in `environment`: a gradient's first colour, a
    /// material's flat colour (ShapeStyles.swift); a style TextFit does not know: the foreground colour.
    package func resolvedColor(in environment: EnvironmentValues) -> Color {
        switch self {
        case let resolvable as any ResolvableShapeStyle:
            return resolvable.flatColor(in: environment)
        case let color as Color:
            return color.resolved(in: environment)
        case is TintShapeStyle:
            // A tint set to `.tint` (or to a level of the foreground) is the accent colour.
            guard let tint = environment.tint, !(tint.base is TintShapeStyle) else { return .accentColor }
            return tint.resolvedColor(in: environment)
        case let erased as AnyShapeStyle:
            return erased.base.resolvedColor(in: environment)
        case let level as HierarchicalShapeStyle:
            // A level of a set foreground; a foreground that is itself a level (or `.foreground`)
            // is this one's own label colour, not a level of a level.
            if let foreground = environment.foregroundStyle,
               !(foreground.base is HierarchicalShapeStyle || foreground.base is ForegroundStyle) {
                return foreground.resolvedColor(in: environment.withoutStyles).opacity(level.opacity)
            }
            return level.level == 0 ? .primary : Color(60, 60, 67, opacity: level.opacity)
        default:
            // The foreground style (and anything TextFit cannot draw): the environment's, resolved
            // without it (a foreground of `.foreground` is black).
            return environment.foregroundStyle?.resolvedColor(in: environment.withoutStyles) ?? .primary
        }
    }
}

private struct ForegroundStyleKey: EnvironmentKey {
    static let defaultValue: AnyShapeStyle? = nil
}

private struct TintKey: EnvironmentKey { static let defaultValue: AnyShapeStyle? = nil }

extension EnvironmentValues {
    /// The tint `tint(_:)` set (`nil`: the accent colour): what `.tint` and buttons draw with.
    package var tint: AnyShapeStyle? {
        get { self[TintKey.self] }
        set { self[TintKey.self] = newValue }
    }
}

extension View {
    /// The tint of the views inside: what `.tint` paints with and the built-in button styles draw
    /// their labels in (`nil`: the accent colour). Layout is unchanged.
    /// Source: https://developer.apple.com/documentation/swiftui/view/tint(_:)-93mfq
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        environmentValue(tint.map { AnyShapeStyle($0) }) { $0.tint = $1 }
    }

    /// The tint of the views inside, as a colour (`nil`: the accent colour).
    public func tint(_ tint: Color?) -> some View {
        environmentValue(tint.map { AnyShapeStyle($0) }) { $0.tint = $1 }
    }
}

extension EnvironmentValues {
    /// The style text and unstyled shapes are drawn in (`foregroundStyle(_:)`, `foregroundColor(_:)`);
    /// `nil`: the default (black; a renderer may use its own text colour).
    package var foregroundStyle: AnyShapeStyle? {
        get { self[ForegroundStyleKey.self] }
        set { self[ForegroundStyleKey.self] = newValue }
    }
}
