import Foundation

/// A single line of text measured at one point size. Cheap to make: it refers to the cached,
/// size-independent shaped line and scales on access.
///
/// Coordinates are points. Widths include tracking. Vertical metrics are the maximum over the
/// faces of the line's runs (DESIGN.md, "Line metrics").
public struct LineMeasurement: Sendable {
    /// The measured text.
    public let text: String
    /// The point size.
    public let size: Double
    /// Points added after each grapheme cluster.
    public let tracking: Double
    /// The requested font as resolved (the primary face of the fallback chain).
    public var font: FontMatch { shaped.font }
    /// The line-metrics policy heights were computed with.
    public let policy: LineMetricsPolicy
    package var line: ShapedLine { shaped.line }
    /// The shaper's cache entry, held whole: one reference to copy, where the face, the match's
    /// details and the line were three.
    private let shaped: MatchedLine

    /// The tracking the fonts' own `trak` tables add at this size, summed over the line's clusters
    /// (0 for fonts without one): each run's clusters × its face's tracking.
    public let fontTracking: Double

    init(text: String, size: Double, tracking: Double, shaped: MatchedLine, policy: LineMetricsPolicy) {
        self.text = text
        self.size = size
        self.tracking = tracking
        self.shaped = shaped
        self.policy = policy
        let line = shaped.line
        var fontTracking = 0.0
        if line.hasTrackingTables {
            for run in line.runs where run.face.trackingTable != nil {
                fontTracking += run.face.trackingPoints(atPointSize: size) * Double(run.graphemeCount)
            }
        }
        self.fontTracking = fontTracking
    }

    /// The advance width: Σ glyph advances × size ÷ units per em, plus tracking per cluster (the
    /// explicit tracking, and a font's `trak` tracking at this size).
    public var width: Double { line.advancePerPoint * size + tracking * Double(line.graphemeCount) + fontTracking }

    /// The greatest ascent of the line's faces (the primary face's for an empty line).
    public var ascent: Double { lineMetrics.ascent }
    /// The greatest descent of the line's faces, positive below the baseline.
    public var descent: Double { lineMetrics.descent }
    /// The greatest line gap of the line's faces.
    public var leading: Double { lineMetrics.leading }
    /// `ascent + descent + leading`; 0 for the empty string (it has no line).
    public var height: Double { line.runs.isEmpty ? 0 : ascent + descent + leading }

    /// The primary face's metrics at this size.
    public var metrics: ScaledFontMetrics { font.face.metrics.scaled(to: size, policy: policy) }

    /// The union of the glyphs' ink, relative to the line's start on the baseline, y down
    /// (so `minY` is minus the ink's height above the baseline); `nil` when nothing is inked.
    public var inkBounds: CGRect? {
        var union: CGRect?
        var penX = 0.0
        for run in line.runs {
            let scale = size / Double(run.face.metrics.unitsPerEm)
            let shaped = run.shaped
            let tracking = self.tracking + run.face.trackingPoints(atPointSize: size)
            if tracking == 0 {
                let ink = shaped.ink(in: run.face)
                if !ink.isEmpty {
                    union = union.map { $0.union(rect(ink, x: penX, scale: scale)) } ?? rect(ink, x: penX, scale: scale)
                }
                penX += Double(shaped.advance) * scale
            } else {
                // Tracking is spread over HarfBuzz's clusters so that the run gains exactly
                // `tracking × graphemeCount`, whatever ligatures merged.
                let glyphs = shaped.glyphs
                let clusterCount = glyphs.isEmpty ? 1 : zip(glyphs, glyphs.dropFirst()).filter { $0.cluster != $1.cluster }.count + 1
                let perCluster = tracking * Double(run.graphemeCount) / Double(clusterCount)
                for (i, glyph) in glyphs.enumerated() {
                    let box = run.face.box(of: glyph)
                    if !box.isEmpty {
                        union = union.map { $0.union(rect(box, x: penX, scale: scale)) } ?? rect(box, x: penX, scale: scale)
                    }
                    penX += Double(glyph.advance) * scale
                    if i + 1 == glyphs.count || glyphs[i + 1].cluster != glyph.cluster { penX += perCluster }
                }
            }
        }
        return union
    }

    /// The runs in logical order, each with the face it used.
    public var runs: [MeasuredRun] {
        line.runs.map { run in
            MeasuredRun(start: run.start, end: run.end, face: run.face, script: run.script, direction: run.direction,
                        width: Double(run.shaped.advance) * size / Double(run.face.metrics.unitsPerEm)
                            + (tracking + run.face.trackingPoints(atPointSize: size)) * Double(run.graphemeCount),
                        glyphCount: run.shaped.glyphs.count)
        }
    }

    /// Clusters no font covers (or, in a cluster split between fonts, runs of scalars no font has):
    /// each is drawn as `.notdef` of the primary face.
    public var missingGlyphs: Int { line.missing.count }

    /// Scalar ranges of what ``missingGlyphs`` counts.
    public var missingClusters: [Range<Int>] { line.missing }

    /// The number of Unicode scalars in the text (JSON offsets count these).
    public var scalarCount: Int { line.scalarCount }

    private var lineMetrics: ScaledFontMetrics {
        guard let first = line.runs.first else { return metrics }
        var result = first.face.metrics.scaled(to: size, policy: policy)
        for run in line.runs.dropFirst() where run.face !== first.face {
            let m = run.face.metrics.scaled(to: size, policy: policy)
            result.ascent = max(result.ascent, m.ascent)
            result.descent = max(result.descent, m.descent)
            result.leading = max(result.leading, m.leading)
        }
        return result
    }

    private func rect(_ box: GlyphBox, x: Double, scale: Double) -> CGRect {
        CGRect(x: x + Double(box.minX) * scale, y: -Double(box.maxY) * scale,
               width: Double(box.maxX - box.minX) * scale, height: Double(box.maxY - box.minY) * scale)
    }
}

/// A shaped line and the font its style resolved to: what the shaper's line cache keeps. A class:
/// the cache hands it out on every hit, and a reference is one retain to copy.
final class MatchedLine: Sendable {
    let font: FontMatch
    let line: ShapedLine

    init(font: FontMatch, line: ShapedLine) {
        self.font = font
        self.line = line
    }
}

/// One run of a measured line.
public struct MeasuredRun: Sendable {
    /// Scalar offsets of the run in the text.
    public let start: Int, end: Int
    /// The face the run is set in.
    public let face: FontFace
    /// The run's script.
    public let script: Script
    /// The run's direction.
    public let direction: TextDirection
    /// The run's advance in points, tracking included.
    public let width: Double
    /// How many glyphs it shaped to.
    public let glyphCount: Int
}
