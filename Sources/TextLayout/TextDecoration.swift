import Foundation
import LayoutCore

// Underline and strikethrough, as SwiftUI's `Text.underline(_:pattern:color:)` and
// `Text.strikethrough(_:pattern:color:)` (iOS 13; the `pattern:` forms iOS 16) and the view
// modifiers of the same names (iOS 16), which set them for every text inside. Like a text's colour
// they are kept per run and used only when drawing: they never reach shaping or measurement, so
// they change no size (on Apple platforms too: the line is drawn in the space the text already
// has). The renderer draws them at the font's own position and thickness (SVGDecorations.swift).

extension Text {
    /// How an underline or a strikethrough is drawn: SwiftUI's `Text.LineStyle`.
    /// Source: https://developer.apple.com/documentation/swiftui/text/linestyle
    public struct LineStyle: Hashable, Sendable {
        /// The dash pattern of the line.
        public var pattern: Pattern
        /// The line's colour; `nil` draws it in the colour of the text it is under.
        public var color: Color?

        /// A line with `pattern`, in `color` (`nil`: the text's colour).
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        /// A solid line in the text's colour.
        public static let single = LineStyle()

        /// SwiftUI's `Text.LineStyle.Pattern`: a solid line, or dots and dashes. Apple does not
        /// publish the lengths of its dashes; TextFit draws them in multiples of the line's
        /// thickness `t`: dots `t` long, dashes `4t`, `2t` apart (``dashes``).
        public enum Pattern: String, Hashable, Sendable, CaseIterable {
            case solid, dot, dash, dashDot, dashDotDot

            /// Alternating lengths drawn and skipped, in thicknesses of the line; empty for solid.
            package var dashes: [Double] {
                switch self {
                case .solid: []
                case .dot: [1, 2]
                case .dash: [4, 2]
                case .dashDot: [4, 2, 1, 2]
                case .dashDotDot: [4, 2, 1, 2, 1, 2]
                }
            }
        }
    }

    /// A run's own setting: a line, or none (`underline(false)`, which an outer modifier does not
    /// undo, as the inner modifier wins for every attribute).
    enum LineSetting: Hashable, Sendable {
        case none
        case line(LineStyle)

        init(_ isActive: Bool, pattern: LineStyle.Pattern, color: Color?) {
            self = isActive ? .line(LineStyle(pattern: pattern, color: color)) : .none
        }

        var style: LineStyle? {
            if case .line(let style) = self { style } else { nil }
        }
    }

    /// Underlines the runs that set no underline themselves, in `color` (`nil`: the text's
    /// colour); `false` keeps them from an outer underline.
    /// Source: https://developer.apple.com/documentation/swiftui/text/underline(_:color:)
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        underline(isActive, pattern: .solid, color: color)
    }

    /// Underlines the runs that set no underline themselves with a line of `pattern`.
    /// Source: https://developer.apple.com/documentation/swiftui/text/underline(_:pattern:color:)
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        let setting = LineSetting(isActive, pattern: pattern, color: color)
        return map { if $0.underline == nil { $0.underline = setting } }
    }

    /// Strikes through the runs that set no strikethrough themselves, in `color` (`nil`: the
    /// text's colour); `false` keeps them from an outer strikethrough.
    /// Source: https://developer.apple.com/documentation/swiftui/text/strikethrough(_:color:)
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        strikethrough(isActive, pattern: .solid, color: color)
    }

    /// Strikes through the runs that set no strikethrough themselves with a line of `pattern`.
    /// Source: https://developer.apple.com/documentation/swiftui/text/strikethrough(_:pattern:color:)
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        let setting = LineSetting(isActive, pattern: pattern, color: color)
        return map { if $0.strikethrough == nil { $0.strikethrough = setting } }
    }
}

private struct UnderlineKey: EnvironmentKey { static let defaultValue: Text.LineStyle? = nil }
private struct StrikethroughKey: EnvironmentKey { static let defaultValue: Text.LineStyle? = nil }

extension EnvironmentValues {
    /// `underline(_:pattern:color:)` on a view: the line under text inside that sets none.
    package var textUnderline: Text.LineStyle? {
        get { self[UnderlineKey.self] }
        set { self[UnderlineKey.self] = newValue }
    }

    /// `strikethrough(_:pattern:color:)` on a view.
    package var textStrikethrough: Text.LineStyle? {
        get { self[StrikethroughKey.self] }
        set { self[StrikethroughKey.self] = newValue }
    }
}

extension View {
    /// Underlines text inside whose runs set no underline (`false` removes an outer one), with a
    /// line of `pattern` in `color` (`nil`: each text's colour). Changes no size.
    /// Source: https://developer.apple.com/documentation/swiftui/view/underline(_:pattern:color:)
    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        environment(\.textUnderline, isActive ? Text.LineStyle(pattern: pattern, color: color) : nil)
    }

    /// Strikes through text inside whose runs set no strikethrough (`false` removes an outer one).
    /// Changes no size.
    /// Source: https://developer.apple.com/documentation/swiftui/view/strikethrough(_:pattern:color:)
    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        environment(\.textStrikethrough, isActive ? Text.LineStyle(pattern: pattern, color: color) : nil)
    }
}

/// How one run of a text is drawn: its colour and lines, over its scalar offsets in the text as
/// laid out (what the renderer reads; none of it changes a size).
package struct TextDrawingRun: Equatable, Sendable {
    /// The run's scalar offsets in the laid-out text.
    package var range: Range<Int>
    /// The run's own colour; `nil`: the environment's foreground style.
    package var color: Color?
    package var underline: Text.LineStyle?
    package var strikethrough: Text.LineStyle?
    /// The inline image the run is (one word joiner), if it is one.
    package var attachment: AnyTextAttachment?
}

extension Text {
    /// Whether any run sets a colour or a line of its own.
    package var drawsRunsApart: Bool {
        runs.contains { $0.color != nil || $0.setsLines || $0.attachment != nil }
    }

    /// Each run's colour and lines over its scalar offsets in the text as laid out in
    /// `environment` (whose `textCase` can change a run's length: "ß" uppercased is "SS"; a key's
    /// runs are those of the string it looked up), in order; lines a run does not set are the environment's.
    package func drawingRuns(in environment: EnvironmentValues) -> [TextDrawingRun] {
        var offset = 0
        let underline = environment.textUnderline, strikethrough = environment.textStrikethrough
        return shownRuns(in: environment).map { run in
            let count = run.shown(in: environment).unicodeScalars.count
            defer { offset += count }
            func resolved(_ style: Text.LineStyle?) -> Text.LineStyle? {
                guard var style, let color = style.color else { return style }
                style.color = color.resolved(in: environment)
                return style
            }
            return TextDrawingRun(range: offset..<offset + count, color: run.color?.resolved(in: environment),
                                  underline: resolved(run.underline.map(\.style) ?? underline),
                                  strikethrough: resolved(run.strikethrough.map(\.style) ?? strikethrough),
                                  attachment: run.attachment)
        }
    }
}
