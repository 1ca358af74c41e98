import Foundation
import Typography

/// Turns a broken line into glyph runs in visual order (UAX #9 rule L2 through the bidi
/// paragraph), with pen positions from the line's left edge.
struct VisualLineBuilder {
    let paragraph: ParagraphContent
    var analysis: Analysis { paragraph.analysis }

    /// The line's advance width (hanging spaces excluded; hyphen or ellipsis included).
    func width(of line: LineBreaker.Line) -> Double {
        guard let truncation = line.truncation else { return paragraph.lineWidth(line.start, line.end, hyphen: line.hyphen) }
        return paragraph.lineWidth(truncation.before.lowerBound, truncation.before.upperBound) + truncation.ellipsis.width
            + paragraph.lineWidth(truncation.after.lowerBound, truncation.after.upperBound)
    }

    /// The line's runs, left to right.
    func runs(for line: LineBreaker.Line) -> [GlyphRun] {
        var pen = 0.0
        var runs: [GlyphRun] = []
        var segments: [Segment] = []
        if let truncation = line.truncation {
            if !truncation.before.isEmpty { segments.append(.text(truncation.before)) }
            segments.append(.synthesized(truncation.ellipsis))
            if !truncation.after.isEmpty { segments.append(.text(truncation.after)) }
        } else {
            segments.append(.text(line.start..<line.end))
            if line.hyphen, let hyphen = try? paragraph.shaper.measure("-", attributes: paragraph.text.attributes(at: line.end - 1)) {
                segments.append(.synthesized(hyphen))
            }
        }
        if analysis.bidi.baseLevel % 2 == 1 { segments.reverse() }
        // The common line, one segment of text: its runs as they are (appended, each was copied).
        if segments.count == 1, case .text(let range) = segments[0] { return textRuns(range, lineStart: line.start, pen: &pen) }
        for segment in segments {
            switch segment {
            case .text(let range): runs += textRuns(range, lineStart: line.start, pen: &pen)
            case .synthesized(let measurement): runs += synthesizedRuns(measurement, pen: &pen)
            }
        }
        return runs
    }

    enum Segment {
        case text(Range<Int>)
        case synthesized(LineMeasurement)
    }

    /// The runs of source text `range`, without its hanging trailing whitespace: that whitespace
    /// hangs past the line's trailing edge (as CSS, CoreText and SwiftUI hang it), so it is neither
    /// drawn nor allowed to push the visible glyphs. Right to left it would sit at the line's visual
    /// left (UAX #9 L1 gives it the paragraph level) and shift every glyph right by its advance;
    /// excluded, the runs are exactly as wide as the line (`width(of:)`) in either direction.
    private func textRuns(_ range: Range<Int>, lineStart: Int, pen: inout Double) -> [GlyphRun] {
        let trimmed = analysis.trimHanging(range.lowerBound, range.upperBound)
        guard trimmed > range.lowerBound else { return [] }
        let shown = range.lowerBound..<trimmed
        // As `lineWidth` measures: the end is a cut of glyphs only when no hanging space precedes it.
        let reshaped = paragraph.reshapedSegments(range.lowerBound, trimmed, cutAtEnd: trimmed == range.upperBound)
        // Levels are resolved over the whole line (L1 looks at its end), then clipped to what is shown.
        let visual = analysis.bidi.isPureLTR ? [BidiRun(range: shown, level: 0)]
            : analysis.bidi.visualRuns(in: range).compactMap { run -> BidiRun? in
                let clipped = run.range.clamped(to: shown)
                return clipped.isEmpty ? nil : BidiRun(range: clipped, level: run.level)
            }
        var runs: [GlyphRun] = []
        for bidiRun in visual {
            var parts: [(Int, Int, Source)] = []
            var offset = bidiRun.range.lowerBound
            while offset < bidiRun.range.upperBound, let p = paragraph.pieceIndex(containing: offset) {
                let pieceEnd = min(paragraph.pieces[p].end, bidiRun.range.upperBound)
                // Split the piece's part where a reshaped segment covers it.
                var x = offset
                while x < pieceEnd {
                    if let segment = reshaped.first(where: { $0.piece == p && $0.start <= x && x < $0.end }) {
                        let y = min(segment.end, pieceEnd)
                        parts.append((x, y, .reshaped(segment)))
                        x = y
                    } else {
                        let nextReshape = reshaped.filter { $0.piece == p && $0.start > x }.map(\.start).min() ?? pieceEnd
                        let y = min(nextReshape, pieceEnd)
                        parts.append((x, y, .piece(p)))
                        x = y
                    }
                }
                offset = pieceEnd
            }
            if bidiRun.level % 2 == 1 { parts.reverse() }
            for (x, y, source) in parts { runs.append(glyphRun(x..<y, source: source, lineStart: lineStart, pen: &pen)) }
        }
        return runs
    }

    enum Source {
        case piece(Int)
        case reshaped(ParagraphContent.Reshaped)
    }

    private func glyphRun(_ range: Range<Int>, source: Source, lineStart: Int, pen: inout Double) -> GlyphRun {
        let (pieceIndex, shaped, base): (Int, ShapedRun, Int) = switch source {
        case .piece(let p): (p, paragraph.pieces[p].shaped, paragraph.pieces[p].start)
        case .reshaped(let segment): (segment.piece, segment.shaped, segment.start)
        }
        // The piece's fields read where they are (a copy of the piece retained everything it holds).
        let scale = paragraph.pieces[pieceIndex].scale, direction = paragraph.pieces[pieceIndex].direction
        let startX = pen
        var glyphs: [UInt32] = [], positions: [CGPoint] = [], advances: [Double] = [], clusters: [Int] = []
        let rtl = direction == .rightToLeft
        let tracked = !paragraph.trackingAfter.isEmpty
        let selected = shaped.glyphs[shaped.glyphIndices(of: range.lowerBound - base..<range.upperBound - base, rtl: rtl)]
        glyphs.reserveCapacity(selected.count); positions.reserveCapacity(selected.count)
        advances.reserveCapacity(selected.count); clusters.reserveCapacity(selected.count)
        for k in selected.indices {
            let glyph = selected[k]
            let cluster = base + Int(glyph.cluster)
            var advance = Double(glyph.advance) * scale
            // Tracking and a tab's stop go after the cluster in reading order: on its right left to
            // right (after its last glyph), on its left right to left (before its first glyph in
            // visual order), so the line's first cluster is flush with the leading edge either way.
            let trailingGlyph = rtl ? k == selected.startIndex || selected[k - 1].cluster != glyph.cluster
                : k + 1 == selected.endIndex || selected[k + 1].cluster != glyph.cluster
            var before = 0.0
            if trailingGlyph {
                var space = 0.0
                if tracked { space += tracking(afterClusterAt: cluster, piece: pieceIndex) }
                if analysis.scalars[cluster] == "\t" { space += paragraph.tabAdvance(at: cluster, lineStart: lineStart) }
                advance += space
                if rtl { before = space }
            }
            glyphs.append(glyph.id)
            positions.append(CGPoint(x: pen + before + Double(glyph.xOffset) * scale, y: -Double(glyph.yOffset) * scale))
            advances.append(advance)
            clusters.append(cluster)
            pen += advance
        }
        return GlyphRun(face: paragraph.pieces[pieceIndex].face, size: paragraph.pieces[pieceIndex].size,
                        script: paragraph.pieces[pieceIndex].script, direction: direction, range: range,
                        x: startX, width: pen - startX, glyphs: glyphs, positions: positions, advances: advances, clusters: clusters)
    }

    /// The tracking drawn after the HarfBuzz cluster that starts at scalar `cluster` of piece `p`:
    /// its grapheme cluster's, if that grapheme cluster ends in the piece. A grapheme cluster split
    /// between fonts (so between pieces) is tracked after its last part, so its marks stay on its
    /// base; only a piece's first HarfBuzz cluster can start inside a grapheme cluster.
    private func tracking(afterClusterAt cluster: Int, piece p: Int) -> Double {
        let isStart = analysis.isGraphemeStart
        var grapheme = cluster
        if !isStart[cluster] {
            guard cluster == paragraph.pieces[p].start else { return 0 }
            while grapheme > 0, !isStart[grapheme] { grapheme -= 1 }
        }
        let end = paragraph.pieces[p].end
        var next = cluster + 1
        while next < end, !isStart[next] { next += 1 }
        return isStart[next] ? paragraph.tracking(after: grapheme) : 0
    }

    private func synthesizedRuns(_ measurement: LineMeasurement, pen: inout Double) -> [GlyphRun] {
        measurement.line.runs.map { run in
            let scale = measurement.size / Double(run.face.metrics.unitsPerEm)
            let startX = pen
            var positions: [CGPoint] = [], advances: [Double] = []
            for (g, glyph) in run.shaped.glyphs.enumerated() {
                positions.append(CGPoint(x: pen + Double(glyph.xOffset) * scale, y: -Double(glyph.yOffset) * scale))
                let advance = Double(glyph.advance) * scale + (g == 0 ? measurement.tracking : 0)
                advances.append(advance)
                pen += advance
            }
            return GlyphRun(face: run.face, size: measurement.size, script: run.script, direction: run.direction, range: 0..<0,
                            x: startX, width: pen - startX, glyphs: run.shaped.glyphs.map(\.id), positions: positions, advances: advances,
                            clusters: Array(repeating: -1, count: run.shaped.glyphs.count))
        }
    }
}

extension GlyphRun {
    /// The run at `scale` times its size (minimum scale factor).
    func scaled(by scale: Double) -> GlyphRun {
        GlyphRun(face: face, size: size * scale, script: script, direction: direction, range: range, x: x * scale,
                 width: width * scale, glyphs: glyphs,
                 positions: positions.map { CGPoint(x: $0.x * scale, y: $0.y * scale) },
                 advances: advances.map { $0 * scale }, clusters: clusters)
    }
}

extension ShapedRun {
    /// The indices of the glyphs whose clusters lie in `clusters` (offsets relative to the run).
    /// HarfBuzz's default cluster level keeps clusters monotone in visual order: increasing left
    /// to right, decreasing right to left, so the glyphs of a range are contiguous.
    /// - Complexity: O(log glyphs): a line takes its slice of a long piece without a scan of it.
    func glyphIndices(of clusters: Range<Int>, rtl: Bool) -> Range<Int> {
        /// The first index whose glyph's cluster is at or past `offset` in reading order.
        func partition(_ offset: Int) -> Int {
            var low = 0, high = glyphs.count
            while low < high {
                let mid = (low + high) / 2
                let cluster = Int(glyphs[mid].cluster)
                if rtl ? cluster >= offset : cluster < offset { low = mid + 1 } else { high = mid }
            }
            return low
        }
        // Left to right: from the first cluster ≥ lowerBound to the first ≥ upperBound. Right to
        // left (decreasing): from the first cluster < upperBound to the first < lowerBound.
        let (a, b) = rtl ? (partition(clusters.upperBound), partition(clusters.lowerBound))
            : (partition(clusters.lowerBound), partition(clusters.upperBound))
        return a..<max(a, b)
    }
}
