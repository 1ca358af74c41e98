import Foundation
import Synchronization
import Typography

// SwiftUI's `Image`: an image from the app's asset catalogs, sized as the image (its pixels ÷ the
// scale it was drawn for, or a vector's own size), or a system symbol, sized as the text around it.
//
// - `Image("name")` and `Image("name", bundle:)` look the name up in the asset catalogs of the
//   bundle, else of the environment's `mainBundle` (TextFit's), else of `Bundle.main`
//   (AssetCatalog.swift). A name no catalog has lays out as 0 × 0 and is reported (`missingAsset`),
//   as SwiftUI lays it out and logs it (MetalUI's probe `swiftui-bundle-image.swift`, arm B1:
//   `Image("missing", bundle:)` fits 0 × 0; B8: made resizable in a 40 × 30 frame it takes the frame).
// - `Image(systemName:)`: SF Symbols' metrics are Apple's. TextFit lays a symbol out as a square
//   of the font's point size × the image scale, centred on half the font's cap height above the
//   baseline (IOSMetrics.swift; approximations, documented there and in docs/ios-metrics.md),
//   and draws it as a placeholder box marked with its name.
// - Without `resizable()` an image is its own size whatever it is offered; resizable, it takes
//   the proposal, its own size on a `nil` axis (so `scaledToFit()` keeps its ratio).
// - In a `Text` (`Text("Rated \(Image(systemName: "star"))")`, `Text(Image(…))`) an image is
//   measured as a character of its width, in the text's font (TextAttachment.swift).

/// A view that shows an image: an asset catalog's image, or a system symbol sized as text.
/// Source: https://developer.apple.com/documentation/swiftui/image
public struct Image: Hashable, Sendable {
    enum Source: Hashable, Sendable {
        /// An image set's name, and the folder of the bundle given (`nil`: the environment's).
        case asset(name: String, bundlePath: String?)
        case system(name: String)
    }

    let source: Source
    /// `resizable(capInsets:resizingMode:)`: the image takes what it is offered.
    var resizing: Resizing?
    var renderingModeValue: TemplateRenderingMode?
    var interpolationValue: Interpolation = .high
    var isAntialiased = true
    var symbolRenderingModeValue: SymbolRenderingMode?

    struct Resizing: Hashable, Sendable {
        var capInsets: EdgeInsets
        var mode: ResizingMode
    }

    /// The image set `name` of the asset catalogs in `bundle` (`nil`: the environment's
    /// ``EnvironmentValues/mainBundle``, else `Bundle.main`).
    public init(_ name: String, bundle: Bundle? = nil) {
        source = .asset(name: name, bundlePath: bundle.map { $0.resourcePath ?? $0.bundlePath })
    }

    /// The image set `name`, with an accessibility label (not used here).
    public init(_ name: String, bundle: Bundle? = nil, label: Text) {
        self.init(name, bundle: bundle)
    }

    /// The image set `name`, decorative (no accessibility label).
    public init(decorative name: String, bundle: Bundle? = nil) {
        self.init(name, bundle: bundle)
    }

    /// The system symbol `systemName`, sized as text of the environment's font.
    public init(systemName: String) {
        source = .system(name: systemName)
    }

    /// The system symbol `systemName` (the variable value changes its drawing only).
    public init(systemName: String, variableValue: Double?) {
        self.init(systemName: systemName)
    }

    // MARK: - Modifiers (return an image)

    /// How a resizable image fills space larger than itself.
    public enum ResizingMode: Sendable, Hashable {
        /// Whether a resizable image repeats its middle (tile) or stretches it.
        case tile, stretch
    }

    /// Whether an image is drawn as it is or as a template in the foreground colour.
    public enum TemplateRenderingMode: Sendable, Hashable {
        /// Whether an image draws as a template (in the foreground colour) or in its own colours.
        case template, original
    }

    /// The quality of an image's scaling.
    public enum Interpolation: Sendable, Hashable {
        /// How much an image is smoothed when scaled.
        case none, low, medium, high
    }

    /// The size of a symbol relative to the text it sits in: small, medium (the default), large.
    /// Source: https://developer.apple.com/documentation/swiftui/image/scale
    public enum Scale: Sendable, Hashable {
        /// A symbol's size relative to its text: small, medium or large.
        case small, medium, large
    }

    /// The image, taking whatever it is offered (its own size on a `nil` axis). Cap insets and
    /// tiling are accepted; pictures stretch the whole image.
    /// Source: https://developer.apple.com/documentation/swiftui/image/resizable(capinsets:resizingmode:)
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = self
        copy.resizing = Resizing(capInsets: capInsets, mode: resizingMode)
        return copy
    }

    /// Accepted: pictures draw an asset image as it is and a symbol in the foreground style.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image {
        var copy = self
        copy.renderingModeValue = renderingMode
        return copy
    }

    /// Accepted: pictures leave the scaling to the SVG viewer.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var copy = self
        copy.interpolationValue = interpolation
        return copy
    }

    /// Accepted: pictures leave the edges to the SVG viewer.
    public func antialiased(_ isAntialiased: Bool) -> Image {
        var copy = self
        copy.isAntialiased = isAntialiased
        return copy
    }

    /// Accepted: symbols are drawn as placeholders, in one colour.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image {
        var copy = self
        copy.symbolRenderingModeValue = mode
        return copy
    }
}

// MARK: - Symbols' environment

/// How a symbol's layers are coloured (accepted: TextFit draws a placeholder in one colour).
/// Source: https://developer.apple.com/documentation/swiftui/symbolrenderingmode
public struct SymbolRenderingMode: Sendable, Hashable {
    let name: String
    /// A symbol in one colour.
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    /// A symbol in its own colours.
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
    /// A symbol in one colour at several opacities.
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    /// A symbol in the colours given.
    public static let palette = SymbolRenderingMode(name: "palette")
}

/// The variants of symbols to show (`.fill`, `.circle.fill`, `.slash`): the placeholder's name
/// carries them ("bell" with `.slash.fill` is drawn as "bell.slash.fill"); the size is the same.
/// Source: https://developer.apple.com/documentation/swiftui/symbolvariants
public struct SymbolVariants: Sendable, Hashable {
    var hasSlash = false
    var shape: String?
    var isFilled = false

    /// The symbol itself, no variant.
    public static let none = SymbolVariants()
    /// The symbol with a slash through it.
    public static let slash = SymbolVariants(hasSlash: true)
    /// The symbol in a circle.
    public static let circle = SymbolVariants(shape: "circle")
    /// The symbol in a square.
    public static let square = SymbolVariants(shape: "square")
    /// The symbol in a rectangle.
    public static let rectangle = SymbolVariants(shape: "rectangle")
    /// The filled symbol.
    public static let fill = SymbolVariants(isFilled: true)

    /// This variant with a slash.
    public var slash: SymbolVariants { var v = self; v.hasSlash = true; return v }
    /// This variant in a circle.
    public var circle: SymbolVariants { var v = self; v.shape = "circle"; return v }
    /// This variant in a square.
    public var square: SymbolVariants { var v = self; v.shape = "square"; return v }
    /// This variant in a rectangle.
    public var rectangle: SymbolVariants { var v = self; v.shape = "rectangle"; return v }
    /// This variant filled.
    public var fill: SymbolVariants { var v = self; v.isFilled = true; return v }

    /// `name` with these variants' suffixes, as SF Symbols names them (slash, shape, fill).
    func applied(to name: String) -> String {
        var parts = [name]
        if hasSlash, !name.contains(".slash") { parts.append("slash") }
        if let shape, !name.contains("." + shape) { parts.append(shape) }
        if isFilled, !name.hasSuffix(".fill") { parts.append("fill") }
        return parts.joined(separator: ".")
    }
}

private struct ImageScaleKey: EnvironmentKey { static let defaultValue = Image.Scale.medium }
private struct SymbolRenderingModeKey: EnvironmentKey { static let defaultValue: SymbolRenderingMode? = nil }
private struct SymbolVariantsKey: EnvironmentKey { static let defaultValue = SymbolVariants.none }

extension EnvironmentValues {
    /// The scale of symbols inside (default `.medium`): small 0.8 ×, large 1.3 × the medium size.
    public var imageScale: Image.Scale {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }

    /// How symbols inside colour their layers (accepted; `nil`: the symbol's own).
    public var symbolRenderingMode: SymbolRenderingMode? {
        get { self[SymbolRenderingModeKey.self] }
        set { self[SymbolRenderingModeKey.self] = newValue }
    }

    /// The variants of the symbols inside (their names only).
    public var symbolVariants: SymbolVariants {
        get { self[SymbolVariantsKey.self] }
        set { self[SymbolVariantsKey.self] = newValue }
    }
}

extension View {
    /// Symbols inside at `scale` (small 0.8 ×, medium, large 1.3 ×).
    /// Source: https://developer.apple.com/documentation/swiftui/view/imagescale(_:)
    public func imageScale(_ scale: Image.Scale) -> some View {
        environment(\.imageScale, scale)
    }

    /// Accepted: how symbols inside colour their layers.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        environment(\.symbolRenderingMode, mode)
    }

    /// The variant of the symbols inside (the placeholder's name; the size is unchanged).
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        environment(\.symbolVariants, variant)
    }
}

// MARK: - Layout

extension Image: LeafView {
    /// Not resizable: its own size, whatever it is offered. Resizable: the proposal, its own size on
    /// a `nil` axis. A missing image's own size is 0 × 0.
    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        let natural = naturalSize(in: environment)
        guard resizing != nil else { return natural }
        return CGSize(width: proposal.width ?? natural.width, height: proposal.height ?? natural.height)
    }

    /// A symbol that is not resizable answers both text baselines where the text around it has
    /// its baseline: half the cap height below its centre. Other images answer none (their bottom).
    public func explicitAlignment(of guide: VerticalAlignment, in size: CGSize, proposal: ProposedViewSize,
                                  environment: EnvironmentValues) -> CGFloat? {
        guard case .system = source, resizing == nil, guide == .firstTextBaseline || guide == .lastTextBaseline else { return nil }
        let metrics = Self.textMetrics(in: environment)
        return size.height / 2 + CGFloat(metrics.capHeight * IOSMetrics.symbolCentreInCapHeights)
    }

    /// The image's own size in `environment`: an asset's pixels ÷ its scale (a vector's own size),
    /// a symbol's square; 0 × 0 when missing.
    func naturalSize(in environment: EnvironmentValues) -> CGSize {
        switch source {
        case .system:
            let side = Self.symbolSide(pointSize: Self.textMetrics(in: environment).pointSize, environment: environment)
            return CGSize(width: side, height: side)
        case .asset:
            guard let found = resolvedAsset(in: environment) else { return .zero }
            return found.size
        }
    }

    /// A symbol's side in text of `pointSize` points, at the environment's image scale.
    static func symbolSide(pointSize: Double, environment: EnvironmentValues) -> CGFloat {
        CGFloat(pointSize * IOSMetrics.symbolSidePerPoint * IOSMetrics.symbolScale(environment.imageScale))
    }

    /// The environment's font size (points, after Dynamic Type) and its face's cap height.
    static func textMetrics(in environment: EnvironmentValues) -> (pointSize: Double, capHeight: Double) {
        let attributes = Text(verbatim: "").styledText(in: environment).attributes(at: 0)
        let size = (try? attributes.validated()) ?? 0
        var capHeight = size * IOSMetrics.fallbackCapHeightPerPoint
        if let shaper = environment.textShaper,
           let match = try? shaper.library.match(attributes.font, defaultWeight: attributes.defaultWeight, pointSize: size),
           let fontCapHeight = match.face.metrics.scaled(to: size, policy: attributes.lineMetrics).capHeight {
            capHeight = fontCapHeight
        }
        return (size, capHeight)
    }
}

// MARK: - Assets

extension Image {
    /// An asset image's file and size in points.
    struct ResolvedAsset: Sendable {
        let path: String
        let file: ImageFile
        let size: CGSize
    }

    /// What `Image("name")` shows in `environment`: the image set's variant for the display scale;
    /// `nil` for a symbol, a name no catalog has, or a file that cannot be read.
    func resolvedAsset(in environment: EnvironmentValues) -> ResolvedAsset? {
        guard case .asset(let name, let bundlePath) = source else { return nil }
        let catalog = bundlePath.map { AssetCatalog.of(folder: $0) } ?? AssetCatalog.of(bundle: nil, in: environment)
        let scale = Double(environment.displayScale)
        guard let variant = catalog.image(named: name, displayScale: scale), let file = ImageFile.at(variant.path) else { return nil }
        // A bitmap's pixels ÷ the scale it was made for (1 when the set gives none); a vector's own size.
        let divisor = file.isVector ? 1 : (variant.scale ?? 1)
        return ResolvedAsset(path: variant.path, file: file, size: CGSize(width: file.width / divisor, height: file.height / divisor))
    }
}

extension Image: DiagnosingLeaf {
    /// An image set no catalog has, or whose file cannot be read, named; nothing for symbols.
    public func diagnostics(environment: EnvironmentValues) -> [LeafDiagnostic] {
        guard case .asset(let name, let bundlePath) = source, resolvedAsset(in: environment) == nil else { return [] }
        let catalog = bundlePath.map { AssetCatalog.of(folder: $0) } ?? AssetCatalog.of(bundle: nil, in: environment)
        let problem = catalog.hasImageSet(named: name)
            ? "Image set '\(name)' in \(catalog.root) has no PNG, JPEG, PDF or SVG file TextFit can read"
            : "No image named '\(name)' found in asset catalog for \(catalog.root)"
        return [LeafDiagnostic(kind: .missingAsset, message: problem + "; laid out as 0 × 0")]
    }
}

extension Image: ImageLeaf {
    package func imageContent(in environment: EnvironmentValues) -> ImageContent? {
        switch source {
        case .system(let name):
            return .symbol(name: environment.symbolVariants.applied(to: name))
        case .asset:
            return resolvedAsset(in: environment).map { .file(path: $0.path, mediaType: $0.file.mediaType) }
        }
    }
}

// MARK: - Images in text

extension Image: TextAttachment {
    package func inlineWidth(pointSize: Double, environment: EnvironmentValues) -> Double {
        switch source {
        case .system: Double(Self.symbolSide(pointSize: pointSize, environment: environment))
        case .asset: Double(resolvedAsset(in: environment)?.size.width ?? 0)
        }
    }

    /// A symbol centred half the cap height above the baseline; an asset image standing on it.
    package func inlineBox(pointSize: Double, capHeight: Double, environment: EnvironmentValues) -> CGRect {
        switch source {
        case .system:
            let side = Self.symbolSide(pointSize: pointSize, environment: environment)
            let centre = -CGFloat(capHeight * IOSMetrics.symbolCentreInCapHeights)
            return CGRect(x: 0, y: centre - side / 2, width: side, height: side)
        case .asset:
            let size = resolvedAsset(in: environment)?.size ?? .zero
            return CGRect(x: 0, y: -size.height, width: size.width, height: size.height)
        }
    }
}

extension Text {
    /// A text that is `image` alone, measured as a character as wide as the image in the
    /// environment's font (a symbol: a square of the font size; an asset image: its width).
    /// Source: https://developer.apple.com/documentation/swiftui/text (`init(_: Image)`)
    public init(_ image: Image) {
        self.init(attachment: image)
    }
}

extension LocalizedStringKey.StringInterpolation {
    /// Appends `image` as an argument (`%@`), measured as a character of its width in the text's
    /// font: `Text("Rated \(Image(systemName: "star")) 4.5")`.
    public mutating func appendInterpolation(_ image: Image) {
        appendAttachment(image)
    }
}

// An image has no explicit guide but a symbol's text baselines.
extension Image: GuidesFromChildren {}
