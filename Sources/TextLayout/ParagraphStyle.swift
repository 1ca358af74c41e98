import Typography

/// How a paragraph wraps, truncates and stacks its lines.
public struct ParagraphStyle: Hashable, Sendable {
    /// How lines break when a width is proposed.
    public enum WrapMode: String, Hashable, Sendable, Codable, CaseIterable {
        /// Break at opportunities; a cluster sequence wider than the line breaks between grapheme
        /// clusters (SwiftUI, TextKit). The default.
        case wordThenCharacter = "word-then-character"
        /// Break at opportunities only; a wider sequence overflows (CSS `overflow-wrap: normal`).
        case word
        /// The narrowest width that keeps the greedy line count (CSS `text-wrap: balance`).
        case balanced
    }

    /// Where "…" replaces text when the lines do not all fit.
    public enum TruncationMode: String, Hashable, Sendable, Codable, CaseIterable {
        /// Where "…" goes: at the start, the middle or the end of the last line shown.
        case head, middle, tail
    }

    /// Which metrics set each line's height.
    public enum LineMetrics: Hashable, Sendable {
        /// The faces' ascent/descent/gap under a policy; the maximum over the runs on a line.
        case font(LineMetricsPolicy)
        /// Every line is this many points high whatever its fonts (a strut emoji cannot move);
        /// on every line the baseline sits where the font the first style run asks for puts it
        /// (never a fallback font's), centred by half-leading.
        case fixed(Double)
    }

    /// Horizontal placement of lines narrower than the paragraph (`multilineTextAlignment`).
    public enum Alignment: String, Hashable, Sendable, Codable {
        /// How lines line up: at the leading edge, centred, or at the trailing edge.
        case leading, center, trailing
    }

    /// The most lines shown; `nil` for no limit.
    public var lineLimit: Int?
    /// The fewest lines the paragraph's height holds (0, the default: none reserved). Text with
    /// fewer lines keeps its lines at the top and blank lines below make up the rest, each as high
    /// as an empty line after the text's end, with ``lineSpacing`` between: SwiftUI's
    /// `lineLimit(_:reservesSpace:)` and ranged limits (`lineLimit(2...4)`, `lineLimit(3...)`).
    /// Blank lines that would pass a proposed height are not added (content lines are kept first);
    /// the lines' ranges and the baselines are the text's own. Negative values count as 0.
    public var reservedLines: Int
    /// Where "…" goes when the text is cut.
    public var truncation: TruncationMode
    /// How lines break.
    public var wrap: WrapMode
    /// The paragraph direction: from the first strong character, or forced.
    public var direction: BaseDirection
    /// How tall lines are: the font's hhea or OS/2 metrics, or a fixed height.
    public var lineMetrics: LineMetrics
    /// Points added between lines (not above the first or below the last). Layout uses 0 for a
    /// negative, NaN or infinite spacing: SwiftUI's `lineSpacing` only adds space (a negative
    /// value acts as 0), and a size is never negative or infinite.
    public var lineSpacing: Double
    /// The smallest scale the text may shrink to so that it fits without truncation (1: never shrink).
    public var minimumScaleFactor: Double
    /// Points between tab stops. Layout uses at least 1 pt (a NaN or infinite interval: 28 pt), so
    /// that no tab advances by ∞.
    public var tabInterval: Double

    /// ``lineSpacing`` as layout uses it.
    var spacingBetweenLines: Double { lineSpacing.isFinite ? max(0, lineSpacing) : 0 }

    /// ``tabInterval`` as layout uses it.
    var tabStop: Double { tabInterval.isFinite ? max(1, tabInterval) : 28 }
    /// How lines line up across the paragraph's width.
    public var alignment: Alignment

    /// A paragraph style; its defaults are SwiftUI `Text`'s.
    public init(lineLimit: Int? = nil, reservedLines: Int = 0, truncation: TruncationMode = .tail, wrap: WrapMode = .wordThenCharacter,
                direction: BaseDirection = .auto, lineMetrics: LineMetrics = .font(.apple), lineSpacing: Double = 0,
                minimumScaleFactor: Double = 1, tabInterval: Double = 28, alignment: Alignment = .leading) {
        self.lineLimit = lineLimit
        self.reservedLines = reservedLines
        self.truncation = truncation
        self.wrap = wrap
        self.direction = direction
        self.lineMetrics = lineMetrics
        self.lineSpacing = lineSpacing
        self.minimumScaleFactor = minimumScaleFactor
        self.tabInterval = tabInterval
        self.alignment = alignment
    }
}
