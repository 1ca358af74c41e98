import Foundation
import Typography

/// The ideal size and baseline of a paragraph of one left-to-right line, from its shaped pieces
/// alone: no segmentation, bidi analysis, per-scalar advances or layout.
///
/// A text of one style run qualifies when it is not empty, has no tracking (neither the attributes'
/// nor a font's `trak` table's), and has no control
/// character (tabs and hard breaks among them), no U+2028 or U+2029, no scalar that may be
/// right-to-left, and no hanging whitespace at its end (``qualifies(_:)``), in a paragraph style
/// whose direction is not forced right-to-left. Then its bidi levels
/// are all 0, its one level run is the whole text, and its ideal layout is a single line holding
/// every scalar, so `Paragraph` shapes it without analysing it and answers ``Paragraph/idealSize``
/// (and `Text` its ideal size) from here. The analysis waits for the first layout.
///
/// The arithmetic is the paragraph's own, so the answers are the same to the bit (a test compares
/// them over the tag corpus at every Dynamic Type size):
/// - the width is each HarfBuzz cluster's advance in font units × its piece's scale, summed in
///   scalar order, as `ParagraphContent.prefix` sums;
/// - the line metrics are the maximum over the pieces' faces, from 0, as the line breaker's are
///   (under `.fixed` metrics, the strut the line breaker uses for every line),
///   and the line is stacked at scale 1 as `LineBreaker.place` stacks it.
struct SingleLineIdeal: Sendable {
    let width: Double
    let height: Double
    /// The first and only baseline, from the top.
    let baseline: Double

    /// Whether a one-run `string` (without tracking) is one left-to-right line: see the type's notes.
    /// The paragraph gives hard breaks, tabs and trailing hanging spaces their meaning, and levels
    /// to right-to-left text; a text with any of them is analysed before it is laid out.
    static func qualifies(_ string: String) -> Bool {
        var last: Unicode.Scalar?
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: return false
            default: if BidiParagraph.mayBeRightToLeft(scalar) { return false }
            }
            last = scalar
        }
        guard let last else { return false }
        return !Analysis.hangs(last)
    }

    /// The ideal layout of a text that ``qualifies(_:)``, from its shaped pieces; `nil` when a
    /// piece is right-to-left or its clusters are out of logical order (then the layout answers).
    /// `strut`: the metrics of every line under `.fixed` line metrics (`LineBreaker.strut`).
    init?(_ pieces: [ParagraphContent.Piece], policy: ParagraphStyle.LineMetrics, strut: LineBreaker.Metrics?) {
        guard !pieces.isEmpty else { return nil }
        var sum = 0.0
        var metrics = LineBreaker.Metrics(ascent: 0, descent: 0, leading: 0)
        for (index, piece) in pieces.enumerated() {
            // A font's own `trak` tracking (SF Pro's) is the paragraph's to add, per cluster.
            guard piece.level == 0, piece.tracking == 0 else { return nil }
            let glyphs = piece.shaped.glyphs
            var i = 0
            var previous: UInt32?
            while i < glyphs.count {
                // A cluster's glyphs are adjacent and clusters increase (left-to-right shaping): each
                // sum is the advance the paragraph gives the cluster's first scalar.
                let cluster = glyphs[i].cluster
                if let previous, cluster <= previous { return nil }
                var units: Int32 = 0
                while i < glyphs.count, glyphs[i].cluster == cluster {
                    units &+= glyphs[i].advance
                    i += 1
                }
                sum += Double(units) * piece.scale
                previous = cluster
            }
            if let strut {
                metrics = strut
            } else if case .fixed = policy {
                if index == 0 { metrics = LineBreaker.metrics(piece.face, size: piece.size, policy: policy) }
            } else {
                metrics.include(LineBreaker.metrics(piece.face, size: piece.size, policy: policy))
            }
        }
        width = max(0, sum)
        height = metrics.height
        baseline = metrics.ascent
    }
}
