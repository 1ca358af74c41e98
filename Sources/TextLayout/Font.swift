import Foundation
import Typography

/// A font as SwiftUI spells it: a text style that follows Dynamic Type, a system font of a fixed
/// size, or a named family scaled relative to a style; then a weight and italic on top.
///
/// A `Font` is a request, resolved only when text is measured: into the ``FontRequest`` and
/// ``FontSize`` the typesetter uses, at the environment's Dynamic Type size.
/// The "system" font is TextFit's bundled stand-in (``FontLibrary/defaultFamily``, Noto Sans).
/// Sizes are in points; a size that is NaN, negative or beyond ``TextAttributes/maximumPointSize``
/// is kept as given and fails when the text is measured (the text then measures zero; see ``Text``).
///
/// ```swift
/// Text("Zürich").font(.headline)                       // 17 pt semibold at .large, 23 pt at .xxxLarge
/// Text("Price").font(.system(size: 13, weight: .bold)) // always 13 pt
/// Text("Logo").font(.custom("Noto Sans", size: 20, relativeTo: .title))  // 20 × title@size ÷ 28
/// ```
public struct Font: Hashable, Sendable {
    /// SwiftUI's `Font.TextStyle`.
    public typealias TextStyle = Typography.TextStyle
    /// SwiftUI's `Font.Weight`: `.ultraLight` … `.black`.
    public typealias Weight = FontWeight
    /// SwiftUI's `Font.Design`: `.default` (SF Pro), `.rounded`, `.monospaced`, `.serif` (New York).
    public typealias Design = FontDesign

    /// SwiftUI's `Font.Width`, as a variable font's `wdth` axis reads it: a percentage of the normal
    /// width. SwiftUI does not publish its values; these are CSS's `font-stretch` keywords
    /// (`condensed` 75 %, `semi-condensed` 87.5 %, `expanded` 125 %, `ultra-condensed` 50 %).
    public struct Width: Hashable, Sendable {
        /// The `wdth` value, percent.
        public var value: Double
        /// A width of `value` (SwiftUI's `Font.Width`: -1 to 1 around 0, standard).
        public init(_ value: Double) { self.value = value }
        /// CSS's ultra-condensed, 50 %.
        public static let compressed = Width(50)
        /// CSS's condensed, 75 %.
        public static let condensed = Width(75)
        /// 100 %.
        public static let standard = Width(100)
        /// CSS's expanded, 125 %.
        public static let expanded = Width(125)
    }

    /// Where the family and size come from.
    enum Base: Hashable, Sendable {
        /// A text style in the system family (follows Dynamic Type; headline is semibold).
        case style(TextStyle)
        /// The system family at a fixed size (never scales).
        case system(size: Double)
        /// A named family: `size` scales with `relativeTo`'s Dynamic Type sizes, or stays fixed when `nil`.
        case custom(name: String, size: Double, relativeTo: TextStyle?)
        /// A Material 3 style (Android): Roboto at the style's size in sp, weight and letter spacing.
        case material(MaterialTextStyle)
    }

    let base: Base
    /// Set by ``weight(_:)`` and the `weight:` arguments; `nil` is the base's default.
    var weight: Weight?
    /// Set by ``bold()``: the style's emphasized weight (``TextStyle/emphasizedWeight``), bold for other fonts.
    var isBold = false
    var isItalic = false
    var design: Design = .default
    var width: Width?
    var variations: [FontVariation] = []
    var instance: String?
    /// A family replacing the base's system family (``family(_:)``); `nil` keeps the base's.
    var family: String?
    /// Set by ``monospacedDigit()``: text in this font shapes with the feature `tnum`.
    var isMonospacedDigit = false

    init(base: Base, weight: Weight? = nil, design: Design = .default) {
        self.base = base
        self.weight = weight
        self.design = design
    }

    // MARK: - Text styles

    /// 34 pt at the default Dynamic Type size.
    public static let largeTitle = Font(base: .style(.largeTitle))
    /// 28 pt (Apple's Title 1).
    public static let title = Font(base: .style(.title))
    /// 22 pt.
    public static let title2 = Font(base: .style(.title2))
    /// 20 pt.
    public static let title3 = Font(base: .style(.title3))
    /// 17 pt semibold.
    public static let headline = Font(base: .style(.headline))
    /// 17 pt, the default when neither the text nor the environment sets a font.
    public static let body = Font(base: .style(.body))
    /// 16 pt.
    public static let callout = Font(base: .style(.callout))
    /// 15 pt.
    public static let subheadline = Font(base: .style(.subheadline))
    /// 13 pt.
    public static let footnote = Font(base: .style(.footnote))
    /// 12 pt (Apple's Caption 1).
    public static let caption = Font(base: .style(.caption))
    /// 11 pt.
    public static let caption2 = Font(base: .style(.caption2))

    // MARK: - System and custom fonts

    /// The system family at a fixed `size` in points (Dynamic Type does not change it).
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(base: .system(size: Double(size)), weight: weight, design: design ?? .default)
    }

    /// The system family in a text style (follows Dynamic Type).
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(base: .style(style), weight: weight, design: design ?? .default)
    }

    /// A named family at `size` points for the `.large` Dynamic Type size, scaled with `textStyle`
    /// at other sizes (`size × style@current ÷ style@large`).
    ///
    /// A family the font library does not know falls back to the system family, as on Apple
    /// platforms; the failure is recorded (``TextMeasurementCache/failures``).
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        Font(base: .custom(name: name, size: Double(size), relativeTo: textStyle))
    }

    /// A named family at `size` points, scaled relative to `.body` (SwiftUI's default for custom fonts).
    public static func custom(_ name: String, size: CGFloat) -> Font {
        custom(name, size: size, relativeTo: .body)
    }

    /// A named family at a fixed `size` in points that Dynamic Type does not scale.
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
        Font(base: .custom(name: name, size: Double(fixedSize), relativeTo: nil))
    }

    /// A Material 3 text style (`bodyLarge`, `titleMedium`…), for the `android` platform: its size in
    /// sp (scaled by the environment's font scale), weight, letter spacing and line height.
    /// Measured under `ios` it is an error (recorded; the text measures 0 × 0).
    public static func material(_ style: MaterialTextStyle) -> Font {
        Font(base: .material(style))
    }

    // MARK: - Modifiers

    /// The same font at `weight` (replacing any earlier weight).
    public func weight(_ weight: Weight) -> Font { with { $0.weight = weight } }

    /// The same font, bold: a text style's emphasized weight (Apple's Dynamic Type table: semibold
    /// for body, bold for the titles; ``TextStyle/emphasizedWeight``), bold (700) for other fonts.
    public func bold() -> Font { with { $0.isBold = true } }

    /// The same font at a width (a variable font's `wdth` axis; other fonts keep theirs, reported).
    public func width(_ width: Width) -> Font { with { $0.width = width } }

    /// The same font with explicit axis settings of a variable font (TextFit's own, as
    /// `hb-shape --variations` spells them); they win over weight, width and optical size.
    public func variations(_ variations: [FontVariation]) -> Font { with { $0.variations = variations } }

    /// The same font as a variable font's named instance ("Condensed Bold", matched without case):
    /// its axis settings, under the weight, width and ``variations(_:)`` set on top. A font
    /// without that instance is an error when the text is measured (recorded; it measures 0 × 0).
    public func instance(_ name: String) -> Font { with { $0.instance = name } }

    /// The same font in the family `name`, keeping the rest: a Material style's size, weight,
    /// letter spacing and line height in another family (Compose's `style.copy(fontFamily = …)`).
    /// TextFit's layout files use it; SwiftUI has no such modifier.
    package func family(_ name: String) -> Font { with { $0.family = name } }

    /// The same font with digits of equal width (the OpenType feature `tnum`). The bundled Noto
    /// Sans and Roboto have tabular digits by default, so widths change only with other fonts.
    public func monospacedDigit() -> Font { with { $0.isMonospacedDigit = true } }

    /// The same font in the monospaced design (SwiftUI's `Font.monospaced()`).
    public func monospaced() -> Font { with { $0.design = .monospaced } }

    /// The same font, italic: the family's italic face when it has one (Noto Sans does), else
    /// the upright face (no synthetic slant).
    public func italic() -> Font { with { $0.isItalic = true } }

    /// This font with `change` made (the modifiers' one shape).
    private func with(_ change: (inout Font) -> Void) -> Font {
        var font = self
        change(&font)
        return font
    }

    // MARK: - Resolution

    /// The request and size this font stands for; `weight` and `italic` (from `Text`'s own
    /// modifiers) win over the font's.
    ///
    /// A text style or relative size is left symbolic (``FontSize/style(_:)``,
    /// ``FontSize/relative(_:to:)``): the Dynamic Type size in ``TextAttributes`` scales it.
    /// A custom family with no weight asks for regular, never a text style's default weight (or,
    /// with a named ``instance(_:)``, the instance's weight).
    func request(weight override: Weight? = nil, bold: Bool = false, italic: Bool = false) -> (FontRequest, FontSize) {
        var weight = override ?? self.weight
        if weight == nil, bold || isBold {
            if case .style(let style) = base { weight = style.emphasizedWeight } else { weight = .bold }
        }
        let italic = italic || isItalic
        var (request, size): (FontRequest, FontSize)
        switch base {
        case .style(let style):
            (request, size) = (FontRequest(weight: weight, italic: italic), .style(style))
        case .system(let points):
            (request, size) = (FontRequest(weight: weight, italic: italic), .points(points))
        case .custom(let name, let points, let style):
            // With a named instance and no weight, the instance's own weight (its `wght`).
            (request, size) = (FontRequest(family: name, weight: weight ?? (instance == nil ? .regular : nil), italic: italic),
                               style.map { .relative(points, to: $0) } ?? .points(points))
        case .material(let style):
            (request, size) = (FontRequest(weight: weight, italic: italic), .material(style))
        }
        request.design = design
        request.width = width?.value
        request.variations = variations
        request.instance = instance
        if let family { request.family = family }
        return (request, size)
    }

    /// The point size of this font at a Dynamic Type size.
    public func pointSize(at dynamicTypeSize: DynamicTypeSize = .large) -> Double {
        request().1.points(at: dynamicTypeSize)
    }
}
