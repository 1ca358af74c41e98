import Foundation
import LayoutCore

// `Text(_: AttributedString)`: an attributed string's runs become the text's runs, each with the
// SwiftUI attributes it carries (`AttributeScopes.SwiftUIAttributes`, as SwiftUI spells them:
// `string.font = .title`, `string.foregroundColor = .red`, `string[range].underlineStyle = .single`)
// and Foundation's `link` (shown in the accent colour, as SwiftUI shows links). "You can mix string
// attributes and SwiftUI modifiers, with the string attributes taking priority"
// (https://developer.apple.com/documentation/swiftui/text): a modifier fills in what a run does
// not set, as it does for concatenated texts.
//
// SwiftUI's scope also has `backgroundColor` and `baselineOffset`; TextFit leaves them out, so code
// that sets them does not compile rather than being measured without them (a baseline offset
// moves glyphs, and how Apple's text system lets it change a line's height is not documented).
// Foundation on Linux has no `AttributedString(markdown:)` and no presentation intents; a
// Markdown key is `Text("…")` (``LocalizedStringKey``).

extension AttributeScopes {
    /// The attributes SwiftUI's `Text` reads from an `AttributedString` that TextFit measures or
    /// draws, with Foundation's (`link`). Use them as in SwiftUI: `string.font = .headline`.
    public struct SwiftUIAttributes: AttributeScope {
        /// The run's font.
        public let font: FontAttribute
        /// The run's colour.
        public let foregroundColor: ForegroundColorAttribute
        /// A line under the run.
        public let underlineStyle: UnderlineStyleAttribute
        /// A line through the run.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// Extra space after each character, in points, as `kern(_:)` adds it.
        public let kern: KerningAttribute
        /// Extra space after each character, in points, as `tracking(_:)` adds it.
        public let tracking: TrackingAttribute
        /// Foundation's attributes (`link`).
        public let foundation: FoundationAttributes

        /// The run's font (SwiftUI's `Font`).
        public enum FontAttribute: AttributedStringKey {
            /// The value: a `Font`.
            public typealias Value = Font
            /// The attribute's name in an `AttributedString`.
            public static let name = "SwiftUI.Font"
        }

        /// The run's colour (drawing only).
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// The value: a `Color`.
            public typealias Value = Color
            /// The attribute's name in an `AttributedString`.
            public static let name = "SwiftUI.ForegroundColor"
        }

        /// A line under the run (drawing only).
        public enum UnderlineStyleAttribute: AttributedStringKey {
            /// The value: a line style.
            public typealias Value = Text.LineStyle
            /// The attribute's name in an `AttributedString`.
            public static let name = "SwiftUI.UnderlineStyle"
        }

        /// A line through the run (drawing only).
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            /// The value: a line style.
            public typealias Value = Text.LineStyle
            /// The attribute's name in an `AttributedString`.
            public static let name = "SwiftUI.StrikethroughStyle"
        }

        /// Points added after each grapheme cluster, ligatures kept (``Text/kerning(_:)``).
        public enum KerningAttribute: AttributedStringKey {
            /// The value: points.
            public typealias Value = CGFloat
            /// The attribute's name in an `AttributedString`.
            public static let name = "SwiftUI.Kern"
        }

        /// Points added after each grapheme cluster, optional ligatures off (``Text/tracking(_:)``).
        public enum TrackingAttribute: AttributedStringKey {
            /// The value: points.
            public typealias Value = CGFloat
            /// The attribute's name in an `AttributedString`.
            public static let name = "SwiftUI.Tracking"
        }
    }

    /// SwiftUI's attribute scope (`AttributeContainer().swiftUI.font`…).
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    /// `string.font`, `run.foregroundColor`…: SwiftUI's attributes by name.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

extension Text {
    /// A text showing `attributedString`, each run with its SwiftUI attributes (font, colour,
    /// underline, strikethrough, kerning, tracking; a `link` in the accent colour). Attributes
    /// the string sets win over the text's modifiers. Shown as written: not read as Markdown.
    ///
    /// Disfavoured: Foundation on Linux makes `AttributedString` a string literal too, and a
    /// literal must stay a ``LocalizedStringKey`` (`Text("**Free**")` reads its Markdown), as it is
    /// in SwiftUI.
    /// Source: https://developer.apple.com/documentation/swiftui/text ("Creating a text view from
    /// an attributed string").
    @_disfavoredOverload
    public init(_ attributedContent: AttributedString) {
        var runs: [Run] = []
        for piece in attributedContent.runs {
            var run = Run(string: String(attributedContent[piece.range].characters))
            run.font = piece.swiftUI.font
            run.color = piece.swiftUI.foregroundColor ?? (piece.link != nil ? .accentColor : nil)
            run.underline = piece.swiftUI.underlineStyle.map(LineSetting.line)
            run.strikethrough = piece.swiftUI.strikethroughStyle.map(LineSetting.line)
            run.kerning = piece.swiftUI.kern.map(Double.init)
            run.tracking = piece.swiftUI.tracking.map(Double.init)
            runs.append(run)
        }
        self.init(runs: runs.isEmpty ? [Run(string: "")] : runs)
    }
}
