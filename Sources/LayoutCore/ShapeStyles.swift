import Foundation

// The shape styles SwiftUI code paints with beyond plain colours: the link colour, the fill levels
// (`.fill.tertiary`), a level of any style (`.blue.secondary`), materials, gradients (as styles and
// as views) and colours from asset catalogs. TextFit draws in light mode:
// - materials blur what is behind them, which a picture of one view cannot; each is drawn as a
//   flat white veil, more opaque the thicker it is (``Material``: an approximation);
// - linear, radial and elliptical gradients are drawn as SVG gradients; an angular gradient as its
//   first colour (SVG has no conic gradient); `Color.gradient` as its colour (Apple does not
//   publish how it derives the gradient);
// - text is drawn in one colour: a gradient's first colour.
// Every value is in docs/ios-metrics.md with its source.

/// A style that says itself what it paints (package: the styles below).
package protocol ResolvableShapeStyle: ShapeStyle {
    /// The one colour this style paints with in `environment`.
    func flatColor(in environment: EnvironmentValues) -> Color
    /// What this style paints a frame with in `environment` (default: ``flatColor(in:)``).
    func paint(in environment: EnvironmentValues) -> ResolvedPaint
}

extension ResolvableShapeStyle {
    package func paint(in environment: EnvironmentValues) -> ResolvedPaint { .color(flatColor(in: environment)) }
}

/// What a shape's frame is painted with, for renderers: a colour, or a gradient in the frame's
/// unit square (its colours resolved).
package enum ResolvedPaint: Sendable, Equatable {
    case color(Color)
    /// From `start` to `end`, points of the frame's unit square.
    case linear(stops: [Gradient.Stop], start: UnitPoint, end: UnitPoint)
    /// Circles about `center` (a unit point of the frame), the first stop at `startRadius` points
    /// from it and the last at `endRadius`.
    case radial(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat)
    /// Ellipses inscribed in the frame about `center`, the first stop at `startFraction` of the
    /// half-width (and half-height) and the last at `endFraction`.
    case elliptical(stops: [Gradient.Stop], center: UnitPoint, startFraction: CGFloat, endFraction: CGFloat)
}

extension ShapeStyle {
    /// What this style paints a frame with in `environment`: gradients as gradients, everything
    /// else as ``resolvedColor(in:)``.
    package func resolvedPaint(in environment: EnvironmentValues) -> ResolvedPaint {
        switch self {
        case let erased as AnyShapeStyle:
            return erased.base.resolvedPaint(in: environment)
        case let resolvable as any ResolvableShapeStyle:
            return resolvable.paint(in: environment)
        case is TintShapeStyle:
            guard let tint = environment.tint, !(tint.base is TintShapeStyle) else { return .color(.accentColor) }
            return tint.resolvedPaint(in: environment)
        case is ForegroundStyle:
            return environment.foregroundStyle?.resolvedPaint(in: environment.withoutStyles) ?? .color(.primary)
        default:
            return .color(resolvedColor(in: environment))
        }
    }
}

extension EnvironmentValues {
    /// A fresh environment keeping only where assets are found: what a style set in the
    /// environment (the foreground, the tint) is resolved in, so that it cannot refer to itself.
    package var withoutStyles: EnvironmentValues {
        var fresh = EnvironmentValues()
        if let bundle = mainBundle { fresh.mainBundle = bundle }
        return fresh
    }
}

// MARK: - Link, fills and levels

/// The colour of links: UIColor.link in light mode, (0, 122, 255).
/// Source: https://developer.apple.com/documentation/swiftui/linkshapestyle; the value as recorded
/// by ColorCompatibility (github.com/noahsark769/ColorCompatibility, `link`).
public struct LinkShapeStyle: ResolvableShapeStyle, Hashable {
    /// The style of links.
    public init() {}
    package func flatColor(in environment: EnvironmentValues) -> Color { Self.color }
    static let color = Color(0, 122, 255)
}

extension ShapeStyle where Self == LinkShapeStyle {
    /// The colour of links (systemBlue in light mode).
    public static var link: LinkShapeStyle { LinkShapeStyle() }
}

/// The overlay fill of controls and grouped content: UIColor.systemFill, and its levels
/// (`.fill.secondary` … `.fill.quaternary`) the secondary to quaternary system fills, in light
/// mode: (120, 120, 128) at 20 %, the same at 16 %, (118, 118, 128) at 12 %, (116, 116, 128) at 8 %.
/// `.fill.quinary` (iOS has no fifth fill) is (116, 116, 128) at 4 %, half the quaternary: an approximation.
/// Sources: https://developer.apple.com/documentation/swiftui/fillshapestyle; the values as
/// recorded by ColorCompatibility (github.com/noahsark769/ColorCompatibility).
public struct FillShapeStyle: ResolvableShapeStyle, Hashable {
    /// The style that fills a shape: its foreground.
    public init() {}
    package func flatColor(in environment: EnvironmentValues) -> Color { Self.levels[0] }

    /// The fill of each level, primary first.
    static let levels: [Color] = [Color(120, 120, 128, opacity: 0.2), Color(120, 120, 128, opacity: 0.16),
                                  Color(118, 118, 128, opacity: 0.12), Color(116, 116, 128, opacity: 0.08),
                                  Color(116, 116, 128, opacity: 0.04)]
}

extension ShapeStyle where Self == FillShapeStyle {
    /// The system fill (`.fill.secondary` and the other levels for lighter ones).
    public static var fill: FillShapeStyle { FillShapeStyle() }
}

/// The background style: what `backgroundStyle(_:)` set around the view, else the system
/// background, UIColor.systemBackground in light mode: white (HIG, "Color": background colors).
/// `.background(.background)`, `.background(in: Capsule())` and `.background()` paint with it.
/// Source: https://developer.apple.com/documentation/swiftui/backgroundstyle
public struct BackgroundStyle: ResolvableShapeStyle, Hashable {
    /// The background style (`.background`).
    public init() {}
    package func flatColor(in environment: EnvironmentValues) -> Color {
        guard let style = environment.backgroundStyle, !(style.base is BackgroundStyle) else { return .white }
        return style.resolvedColor(in: environment.withoutStyles)
    }
    package func paint(in environment: EnvironmentValues) -> ResolvedPaint {
        guard let style = environment.backgroundStyle, !(style.base is BackgroundStyle) else { return .color(.white) }
        return style.resolvedPaint(in: environment.withoutStyles)
    }
}

extension ShapeStyle where Self == BackgroundStyle {
    /// The background style: what `backgroundStyle(_:)` set, else the system background (white).
    public static var background: BackgroundStyle { BackgroundStyle() }
}

private struct BackgroundStyleKey: EnvironmentKey { static let defaultValue: AnyShapeStyle? = nil }

extension EnvironmentValues {
    /// The style `backgroundStyle(_:)` set (`nil`: the system background), what ``BackgroundStyle`` paints.
    package var backgroundStyle: AnyShapeStyle? {
        get { self[BackgroundStyleKey.self] }
        set { self[BackgroundStyleKey.self] = newValue }
    }
}

extension View {
    /// What `.background` paints with inside this view (``BackgroundStyle``). Layout is unchanged.
    /// Source: https://developer.apple.com/documentation/swiftui/view/backgroundstyle(_:)
    public func backgroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        environmentValue(AnyShapeStyle(style)) { $0.backgroundStyle = $1 }
    }

    /// Fills `shape`, in the view's frame, with the background style behind the view:
    /// `.background(in: .circle)`.
    /// Source: https://developer.apple.com/documentation/swiftui/view/background(in:fillstyle:)
    public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background(BackgroundStyle(), in: shape, fillStyle: fillStyle)
    }

    /// Fills the view's frame with the background style behind it (`.background()`), into the safe
    /// area on `edges` where the view reaches it on a device.
    /// Source: https://developer.apple.com/documentation/swiftui/view/background(ignoressafeareaedges:)
    public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(BackgroundStyle(), ignoresSafeAreaEdges: edges)
    }
}

/// A level of another style (`.fill.tertiary`, `.blue.secondary`, `.tint.secondary`).
public struct _LeveledShapeStyle: ResolvableShapeStyle {
    let base: AnyShapeStyle
    let level: Int

    package func flatColor(in environment: EnvironmentValues) -> Color {
        switch base.base {
        case is FillShapeStyle:
            return FillShapeStyle.levels[min(max(level, 0), 4)]
        case is ForegroundStyle, is HierarchicalShapeStyle:
            return HierarchicalShapeStyle(level: level).resolvedColor(in: environment)
        default:
            return base.resolvedColor(in: environment).opacity(HierarchicalShapeStyle(level: level).opacity)
        }
    }
}

extension ShapeStyle {
    /// The second level of this style: the secondary fill of `.fill`, the secondary label colour of
    /// the foreground, any other style at 60 % opacity.
    /// Source: https://developer.apple.com/documentation/swiftui/shapestyle (`secondary`, `tertiary`, …)
    public var secondary: some ShapeStyle { _LeveledShapeStyle(base: AnyShapeStyle(self), level: 1) }
    /// The third level of this style (30 %; the tertiary fill of `.fill`).
    public var tertiary: some ShapeStyle { _LeveledShapeStyle(base: AnyShapeStyle(self), level: 2) }
    /// The fourth level of this style (18 %; the quaternary fill of `.fill`).
    public var quaternary: some ShapeStyle { _LeveledShapeStyle(base: AnyShapeStyle(self), level: 3) }
    /// The fifth level of this style (9 %; 4 % for `.fill`: approximations, half the fourth).
    public var quinary: some ShapeStyle { _LeveledShapeStyle(base: AnyShapeStyle(self), level: 4) }
}

/// Another style at an opacity (`.tint.opacity(0.2)`, `Color.blue.gradient.opacity(0.1)`).
public struct _OpacityShapeStyle: ResolvableShapeStyle {
    let base: AnyShapeStyle
    let opacity: Double

    package func flatColor(in environment: EnvironmentValues) -> Color { base.resolvedColor(in: environment).opacity(opacity) }

    package func paint(in environment: EnvironmentValues) -> ResolvedPaint {
        func faded(_ stops: [Gradient.Stop]) -> [Gradient.Stop] {
            stops.map { Gradient.Stop(color: $0.color.opacity(opacity), location: $0.location) }
        }
        switch base.resolvedPaint(in: environment) {
        case .color(let color): return .color(color.opacity(opacity))
        case .linear(let stops, let start, let end): return .linear(stops: faded(stops), start: start, end: end)
        case .radial(let stops, let center, let start, let end):
            return .radial(stops: faded(stops), center: center, startRadius: start, endRadius: end)
        case .elliptical(let stops, let center, let start, let end):
            return .elliptical(stops: faded(stops), center: center, startFraction: start, endFraction: end)
        }
    }
}

extension ShapeStyle {
    /// This style at `opacity` (0…1, clamped; NaN is 0). A view that is also a style (a gradient)
    /// takes the view's `opacity(_:)`, which draws the same.
    /// Source: https://developer.apple.com/documentation/swiftui/shapestyle/opacity(_:)
    @_disfavoredOverload
    public func opacity(_ opacity: Double) -> some ShapeStyle {
        _OpacityShapeStyle(base: AnyShapeStyle(self), opacity: opacity.isNaN ? 0 : min(1, max(0, opacity)))
    }
}

// MARK: - Materials

/// A translucent material (`.regularMaterial`, `.bar`): SwiftUI blurs what is behind it. TextFit
/// draws each as a flat white veil, in light mode: ultra-thin 35 %, thin 55 %, regular 70 %, thick
/// 85 %, ultra-thick 93 % opaque; the bar material as regular. Apple publishes no values: these
/// are approximations, chosen so a thicker material hides more of what is behind it and text on
/// any of them reads as on the device (docs/ios-metrics.md).
/// Source (the names and their order): https://developer.apple.com/documentation/swiftui/material
public struct Material: ResolvableShapeStyle, Hashable {
    let name: String
    /// The veil's opacity.
    let opacity: Double

    /// The most translucent material.
    public static let ultraThin = Material(name: "ultraThin", opacity: 0.35)
    /// A thin, translucent material.
    public static let thin = Material(name: "thin", opacity: 0.55)
    /// The material of average translucency.
    public static let regular = Material(name: "regular", opacity: 0.7)
    /// A thick, less translucent material.
    public static let thick = Material(name: "thick", opacity: 0.85)
    /// The least translucent material.
    public static let ultraThick = Material(name: "ultraThick", opacity: 0.93)
    /// The material of bars (toolbars, tab bars): drawn as ``regular``.
    public static let bar = Material(name: "bar", opacity: 0.7)

    package func flatColor(in environment: EnvironmentValues) -> Color { Color(white: 1, opacity: opacity) }
}

extension ShapeStyle where Self == Material {
    /// The most translucent material.
    public static var ultraThinMaterial: Material { .ultraThin }
    /// A thin, translucent material.
    public static var thinMaterial: Material { .thin }
    /// The material of average translucency.
    public static var regularMaterial: Material { .regular }
    /// A thick, less translucent material.
    public static var thickMaterial: Material { .thick }
    /// The least translucent material.
    public static var ultraThickMaterial: Material { .ultraThick }
    /// The material of bars (navigation, tab and tool bars).
    public static var bar: Material { .bar }
}

// MARK: - Gradients

/// Colours along a line, each at a location from 0 to 1.
/// Source: https://developer.apple.com/documentation/swiftui/gradient
public struct Gradient: Hashable, Sendable {
    /// One colour of a gradient and where it is (0…1).
    public struct Stop: Hashable, Sendable {
        /// The colour at this stop.
        public var color: Color
        /// Where the stop is along the gradient, from 0 (start) to 1 (end).
        public var location: CGFloat
        /// A stop of `color` at `location` (0 to 1).
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location.isNaN ? 0 : min(1, max(0, location))
        }
    }

    /// The colours and their locations, in order.
    public var stops: [Stop]

    /// A gradient of these stops.
    public init(stops: [Stop]) { self.stops = stops }

    /// `colors` spread evenly from 0 to 1 (one colour: at 0).
    public init(colors: [Color]) {
        let last = max(1, colors.count - 1)
        stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat($0.offset) / CGFloat(last)) }
    }

    /// The stops with their colours resolved in `environment`.
    func resolved(in environment: EnvironmentValues) -> [Stop] {
        stops.map { Stop(color: $0.color.resolved(in: environment), location: $0.location) }
    }

    /// The first colour (clear when there is none): what text and flat fills use.
    func firstColor(in environment: EnvironmentValues) -> Color { stops.first?.color.resolved(in: environment) ?? .clear }
}

/// A gradient a shape fills along the line from `startPoint` to `endPoint` (unit points of the
/// frame); as a view it fills what it is offered, as `Color` does. Drawn as an SVG linear gradient.
/// Source: https://developer.apple.com/documentation/swiftui/lineargradient
public struct LinearGradient: ShapeStyle, LeafView, GradientView, Hashable {
    var gradient: Gradient
    var startPoint: UnitPoint
    var endPoint: UnitPoint

    /// A gradient from `startPoint` to `endPoint` (unit points of the shape's bounds).
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        (self.gradient, self.startPoint, self.endPoint) = (gradient, startPoint, endPoint)
    }

    /// Evenly spaced `colors` from `startPoint` to `endPoint`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// These `stops` from `startPoint` to `endPoint`.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    package func flatColor(in environment: EnvironmentValues) -> Color { gradient.firstColor(in: environment) }
    /// As a view: the proposal, 10 on a `nil` axis.
    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    package func paint(in environment: EnvironmentValues) -> ResolvedPaint {
        .linear(stops: gradient.resolved(in: environment), start: startPoint, end: endPoint)
    }
}

/// A gradient in circles about `center` from `startRadius` to `endRadius` points; as a view it
/// fills what it is offered. Drawn as an SVG radial gradient.
/// Source: https://developer.apple.com/documentation/swiftui/radialgradient
public struct RadialGradient: ShapeStyle, LeafView, GradientView, Hashable {
    var gradient: Gradient
    var center: UnitPoint
    var startRadius: CGFloat
    var endRadius: CGFloat

    /// A gradient in circles around `center`, from `startRadius` to `endRadius` points.
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        (self.gradient, self.center, self.startRadius, self.endRadius) = (gradient, center, startRadius, endRadius)
    }

    /// Evenly spaced `colors` in circles around `center`, from `startRadius` to `endRadius` points.
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// These `stops` in circles around `center`, from `startRadius` to `endRadius` points.
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    package func flatColor(in environment: EnvironmentValues) -> Color { gradient.firstColor(in: environment) }
    /// As a view: the proposal, 10 on a `nil` axis.
    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    package func paint(in environment: EnvironmentValues) -> ResolvedPaint {
        .radial(stops: gradient.resolved(in: environment), center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

/// A gradient in ellipses inscribed in the frame; as a view it fills what it is offered. Drawn as
/// an SVG radial gradient in the frame's own units.
/// Source: https://developer.apple.com/documentation/swiftui/ellipticalgradient
public struct EllipticalGradient: ShapeStyle, LeafView, GradientView, Hashable {
    var gradient: Gradient
    var center: UnitPoint
    var startRadiusFraction: CGFloat
    var endRadiusFraction: CGFloat

    /// A gradient in ellipses filling the shape's bounds, its radii fractions of the bounds.
    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        (self.gradient, self.center) = (gradient, center)
        (self.startRadiusFraction, self.endRadiusFraction) = (startRadiusFraction, endRadiusFraction)
    }

    /// Evenly spaced `colors` in ellipses filling the shape's bounds.
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }

    package func flatColor(in environment: EnvironmentValues) -> Color { gradient.firstColor(in: environment) }
    /// As a view: the proposal, 10 on a `nil` axis.
    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    package func paint(in environment: EnvironmentValues) -> ResolvedPaint {
        .elliptical(stops: gradient.resolved(in: environment), center: center,
                    startFraction: startRadiusFraction, endFraction: endRadiusFraction)
    }
}

/// A gradient around `center` (a conic sweep); as a view it fills what it is offered. SVG has no
/// conic gradient: TextFit draws it as its first colour.
/// Source: https://developer.apple.com/documentation/swiftui/angulargradient
public struct AngularGradient: ShapeStyle, LeafView, GradientView, Hashable {
    var gradient: Gradient
    var center: UnitPoint

    /// A gradient around `center`, from `startAngle` to `endAngle`.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        (self.gradient, self.center) = (gradient, center)
    }

    /// Evenly spaced `colors` around `center`, from `startAngle` to `endAngle`.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// These `stops` around `center`, from `startAngle` to `endAngle`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A gradient all the way around `center`, starting at `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle)
    }

    /// Evenly spaced `colors` all the way around `center`, starting at `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    package func flatColor(in environment: EnvironmentValues) -> Color { gradient.firstColor(in: environment) }
    /// As a view: the proposal, 10 on a `nil` axis.
    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
}

/// The gradient SwiftUI derives from a colour (`Color.blue.gradient`): TextFit draws it as the
/// colour itself (Apple does not publish how the gradient is derived).
/// Source: https://developer.apple.com/documentation/swiftui/anygradient
public struct AnyGradient: ResolvableShapeStyle, Hashable {
    let color: Color
    package func flatColor(in environment: EnvironmentValues) -> Color { color.resolved(in: environment) }
}

extension Color {
    /// A gradient made from this colour: drawn as the colour (``AnyGradient``).
    public var gradient: AnyGradient { AnyGradient(color: self) }
}

/// A gradient as a view: it fills its frame, taking the proposal (10 on a `nil` axis), as `Color` does.
package protocol GradientView: ResolvableShapeStyle, LeafView, PaintedShapeLeaf {}

extension GradientView {
    package func paintedPath(in rect: CGRect) -> (path: Path, paint: ShapePaint?) {
        (Path(rect), .fill(AnyShapeStyle(self), FillStyle()))
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient from `startPoint` to `endPoint`.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of evenly spaced `colors`.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of these `stops`.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient around `center`.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of evenly spaced `colors`.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    /// An elliptical gradient filling the shape's bounds.
    public static func ellipticalGradient(_ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    /// An elliptical gradient of evenly spaced `colors`.
    public static func ellipticalGradient(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient around `center`, from `startAngle` to `endAngle`.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of evenly spaced `colors`.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A conic gradient: all the way around `center`, starting at `angle`.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
}

// MARK: - Colours from asset catalogs

/// A colour set's name and the folder of the bundle it was asked from (`nil`: the environment's).
package struct NamedColor: Hashable, Sendable {
    package let name: String
    package let bundlePath: String?

    /// The set's light-mode colour, `nil` when no catalog has it.
    func lookUp(in environment: EnvironmentValues) -> Color? {
        catalog(in: environment).color(named: name)
    }

    func catalog(in environment: EnvironmentValues) -> AssetCatalog {
        bundlePath.map { AssetCatalog.of(folder: $0) } ?? AssetCatalog.of(bundle: nil, in: environment)
    }
}

extension Color {
    /// The colour an asset catalog's reference to a system colour names (`systemBlueColor`,
    /// `labelColor`, …): the light-mode values TextFit has; `nil` for others.
    static func systemColor(reference: String) -> Color? {
        let colors: [String: Color] = [
            "systemRedColor": .red, "systemOrangeColor": .orange, "systemYellowColor": .yellow,
            "systemGreenColor": .green, "systemMintColor": .mint, "systemTealColor": .teal, "systemCyanColor": .cyan,
            "systemBlueColor": .blue, "systemIndigoColor": .indigo, "systemPurpleColor": .purple,
            "systemPinkColor": .pink, "systemBrownColor": .brown, "systemGrayColor": .gray,
            "labelColor": .primary, "secondaryLabelColor": .secondary, "linkColor": LinkShapeStyle.color,
            "systemBackgroundColor": .white, "whiteColor": .white, "blackColor": .black, "clearColor": .clear,
        ]
        return colors[reference]
    }
}

extension LayoutDiagnostic.Kind {
    /// An image or colour named in code that no asset catalog has (SwiftUI logs "No image named '…'
    /// found in asset catalog"): the image is laid out as 0 × 0, the colour drawn clear.
    public static let missingAsset = LayoutDiagnostic.Kind("missingAsset")
}

extension Color: DiagnosingLeaf {
    /// A colour set no catalog has, named; nothing for other colours.
    public func diagnostics(environment: EnvironmentValues) -> [LeafDiagnostic] {
        guard let asset, asset.lookUp(in: environment) == nil else { return [] }
        let catalog = asset.catalog(in: environment)
        return [LeafDiagnostic(kind: .missingAsset,
                               message: "No color named '\(asset.name)' found in asset catalog for \(catalog.root); drawn clear")]
    }
}
