import Foundation

// MARK: - Dynamic Type

/// The twelve Dynamic Type sizes, smallest first, spelled as SwiftUI spells them.
///
/// `large` is the default. The five accessibility sizes only change the point sizes of text styles
/// (``TextStyle/pointSize(for:)``); fixed point sizes never scale.
public enum DynamicTypeSize: String, CaseIterable, Codable, Sendable, Comparable {
    /// The seven standard sizes, smallest first; `large` is the default.
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    /// The five accessibility sizes, larger than `xxxLarge` (Settings, Accessibility, Larger Text).
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The sizes as a message lists them: every mistake in a size names them all.
    public static let namesForMessages = "xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5)"

    /// What a list of sizes may hold, for messages: ``namesForMessages``, a comma list, a range, `all`.
    public static let listForMessages = namesForMessages + ", a comma list of them, FROM...TO, or all"

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    var index: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }

    /// Parses a size name: the case names (`xxxLarge`, `accessibility3`), Apple's content-size
    /// spellings (`extraLarge`, `XXXL`) and the short forms `ax1`…`ax5`; case-insensitive.
    /// Returns `nil` for anything else.
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
        let aliases: [String: DynamicTypeSize] = [
            "xs": .xSmall, "extrasmall": .xSmall, "s": .small, "m": .medium, "l": .large, "default": .large,
            "xl": .xLarge, "extralarge": .xLarge, "xxl": .xxLarge, "extraextralarge": .xxLarge,
            "xxxl": .xxxLarge, "extraextraextralarge": .xxxLarge,
            "ax1": .accessibility1, "ax2": .accessibility2, "ax3": .accessibility3,
            "ax4": .accessibility4, "ax5": .accessibility5,
        ]
        if let exact = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) {
            self = exact
        } else if let alias = aliases[key] {
            self = alias
        } else {
            return nil
        }
    }
}

/// The eleven text styles of Apple platforms, spelled as SwiftUI's `Font.TextStyle`
/// (`title` is Apple's Title 1 and `caption` its Caption 1).
public enum TextStyle: String, CaseIterable, Codable, Sendable {
    /// Apple's eleven text styles (Large: largeTitle 34 pt, title 28, title2 22, title3 20, headline 17 semibold,
    /// body 17, callout 16, subheadline 15, footnote 13, caption 12, caption2 11).
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    /// Point sizes per Dynamic Type size, in ``DynamicTypeSize/allCases`` order, as Apple ships them.
    private var pointSizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The style's point size at a Dynamic Type size.
    public func pointSize(for size: DynamicTypeSize = .large) -> Double { pointSizes[size.index] }

    /// The weight the style uses when none is given: semibold for `headline`, regular otherwise.
    public var defaultWeight: FontWeight { self == .headline ? .semibold : .regular }

    /// The weight of the style made bold (`Font.body.bold()`, `Text.bold()`): the "Emphasized
    /// weight" column of Apple's Dynamic Type table (Human Interface Guidelines, Typography,
    /// "iOS, iPadOS Dynamic Type sizes"): bold for the large title and titles 1 and 2, semibold for
    /// every other style.
    public var emphasizedWeight: FontWeight {
        switch self {
        case .largeTitle, .title, .title2: .bold
        default: .semibold
        }
    }

    /// Parses a style name, case-insensitive; also accepts Apple's `title1` and `caption1`.
    public init?(name: String) {
        let key = name.lowercased()
        switch key {
        case "title1": self = .title
        case "caption1": self = .caption
        default:
            guard let style = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
            self = style
        }
    }
}

/// A font weight on the OpenType scale 1–1000 (`usWeightClass`): 400 regular, 700 bold.
public struct FontWeight: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The OpenType weight class.
    public let value: Int

    /// Creates a weight; values outside 1…1000 are clamped into it.
    public init(_ value: Int) { self.value = min(max(value, 1), 1000) }

    /// Weight 100.
    public static let ultraLight = FontWeight(100)
    /// Weight 200.
    public static let thin = FontWeight(200)
    /// Weight 300.
    public static let light = FontWeight(300)
    /// Weight 400: the default.
    public static let regular = FontWeight(400)
    /// Weight 500.
    public static let medium = FontWeight(500)
    /// Weight 600.
    public static let semibold = FontWeight(600)
    /// Weight 700.
    public static let bold = FontWeight(700)
    /// Weight 800.
    public static let heavy = FontWeight(800)
    /// Weight 900.
    public static let black = FontWeight(900)

    private static let names: [(String, FontWeight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
        ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ]

    /// Parses `bold`, `semibold`, … (SwiftUI's names, case-insensitive) or a number 1–1000.
    public init?(name: String) {
        if let number = Int(name), (1...1000).contains(number) {
            self.init(number)
        } else if let named = Self.names.first(where: { $0.0.lowercased() == name.lowercased() }) {
            self = named.1
        } else {
            return nil
        }
    }

    public var description: String {
        Self.names.first(where: { $0.1 == self }).map { "\($0.0) (\(value))" } ?? "\(value)"
    }

    public static func < (a: Self, b: Self) -> Bool { a.value < b.value }
}

/// How big the text is: a fixed point size, a text style that follows Dynamic Type, or a custom size
/// that scales relative to a style as `Font.custom(_:size:relativeTo:)` does.
public enum FontSize: Hashable, Sendable {
    /// A fixed size in points; Dynamic Type does not change it.
    case points(Double)
    /// The style's size at the Dynamic Type size.
    case style(TextStyle)
    /// `size × style@dynamicType ÷ style@large`.
    case relative(Double, to: TextStyle)
    /// A Material 3 style (Android): its size in sp, which the font scale scales.
    case material(MaterialTextStyle)

    /// The size in points at a Dynamic Type size.
    public func points(at dynamicType: DynamicTypeSize) -> Double {
        switch self {
        case .points(let size): size
        case .style(let style): style.pointSize(for: dynamicType)
        case .relative(let size, let style): size * style.pointSize(for: dynamicType) / style.pointSize(for: .large)
        case .material(let style): style.size
        }
    }
}
