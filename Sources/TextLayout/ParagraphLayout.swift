import Foundation
import Typography

/// A paragraph laid out for one proposal.
public struct ParagraphLayout: Sendable {
    /// How a layout was reused instead of computed (Yoga-style named cache rules).
    public enum ReuseRule: String, Sendable, Codable {
        /// The same proposal was answered before.
        case sameProposal
        /// The proposal is at least as wide as the ideal width, so the ideal layout is the answer.
        case idealFitsWiderProposal
    }

    /// The proposal's width (`nil`: ideal) after normalisation.
    public let proposedWidth: Double?
    /// Widest line × total height. The width is never the proposal unless a line is that wide.
    public let size: CGSize
    /// The lines, top to bottom.
    public let lines: [LineLayout]
    /// Baselines measured from the top (0 for an empty paragraph).
    public let firstBaseline: Double
    /// The last line's baseline, from the top, in points.
    public let lastBaseline: Double
    /// Lines were dropped or cut and an ellipsis shown.
    public let isTruncated: Bool
    /// The scale applied for ``ParagraphStyle/minimumScaleFactor`` (1 when the text fits).
    public let scale: Double
    /// Clusters no font covers, or runs of scalars no font has in a cluster split between fonts
    /// (drawn as `.notdef`).
    public let missingGlyphs: Int
    /// Set when this answer reused an earlier one.
    public let reuse: ReuseRule?

    /// How many lines are shown.
    public var lineCount: Int { lines.count }

    /// This layout answering again by `rule` (the lines are shared, not copied).
    func reused(_ rule: ReuseRule, proposal: Double? = nil) -> ParagraphLayout {
        ParagraphLayout(proposedWidth: proposal ?? proposedWidth, size: size, lines: lines,
                        firstBaseline: firstBaseline, lastBaseline: lastBaseline, isTruncated: isTruncated, scale: scale,
                        missingGlyphs: missingGlyphs, reuse: rule)
    }
}

/// One line of a paragraph layout.
public struct LineLayout: Sendable {
    /// Scalar offsets of the source text on this line (the hard break, if any, included). A
    /// truncated line covers the text it stands for; its runs show only the kept parts.
    public let range: Range<Int>
    /// The line's advance width in points, hanging trailing spaces excluded.
    public let width: Double
    /// The x of the line's left edge in the paragraph (alignment applied).
    public internal(set) var x: Double
    /// Top of the line box from the top of the paragraph.
    public let top: Double
    /// The baseline from the top of the paragraph.
    public let baseline: Double
    /// The line's ascent above its baseline, in points.
    public let ascent: Double
    /// The line's descent below its baseline, in points.
    public let descent: Double
    /// The line gap below the line, in points.
    public let leading: Double
    /// What the glyph runs are made from, on demand: sizing never needs them.
    let source: RunSource
    /// The line ends with an ellipsis.
    public let isTruncated: Bool
    /// The line ends at a soft hyphen, shown as "-".
    public let isHyphenated: Bool

    /// `ascent + descent + leading`.
    public var height: Double { ascent + descent + leading }

    /// The runs in visual order, left to right, built from the shaped paragraph on each access
    /// (a layout asked only for sizes never builds them). They span exactly the line's `width`
    /// from its left edge: hanging trailing whitespace has no glyphs here, in either direction (it
    /// hangs past the trailing edge; drawn right to left it would push every glyph right). Tracking
    /// and tab space follow each cluster in reading order: on its right left to right, on its left
    /// right to left, so the first cluster is flush with the leading edge.
    /// - Complexity: O(glyphs on the line).
    public var runs: [GlyphRun] {
        let runs = VisualLineBuilder(paragraph: source.paragraph).runs(for: source.line)
        return source.scale == 1 ? runs : runs.map { $0.scaled(by: source.scale) }
    }

    struct RunSource: Sendable {
        /// The paragraph's shaped content (which holds no layouts, so no cycle).
        let paragraph: ParagraphContent
        let line: LineBreaker.Line
        let scale: Double
    }
}

/// A run of glyphs in one face on a line, in visual order.
public struct GlyphRun: Sendable {
    /// The face the run is set in.
    public let face: FontFace
    /// The point size.
    public let size: Double
    /// The run's script.
    public let script: Script
    /// The run's direction.
    public let direction: TextDirection
    /// Scalar offsets of the source text the run shows (empty for a synthesized hyphen or ellipsis;
    /// never a line's hanging trailing whitespace).
    public let range: Range<Int>
    /// The run's left edge from the line's left edge, and its advance width.
    public let x: Double
    /// The run's advance width, in points.
    public let width: Double
    /// The glyph IDs, in visual order.
    public let glyphs: [UInt32]
    /// Each glyph's pen position: x from the line's left edge, y from the baseline (down positive).
    public let positions: [CGPoint]
    /// Each glyph's advance, in points.
    public let advances: [Double]
    /// Each glyph's source cluster (absolute scalar offset), or -1 for a synthesized glyph.
    public let clusters: [Int]
}
