import Foundation
import LayoutCore
import TextLayout
import Typography

// Underlines and strikethroughs (`Text.underline`, `Text.strikethrough`, Markdown's `~~…~~`):
// bars under or through the glyphs of the runs that ask for them, at the position and thickness
// the font itself gives (OpenType: `post` underlinePosition and underlineThickness, the top of the
// underline from the baseline; `OS/2` yStrikeoutPosition and yStrikeoutSize, the top of the
// strikeout stroke), scaled to the glyphs' size. A bar spans the advances of the glyphs it
// decorates, spaces between words included; a line's hanging trailing spaces have no glyphs, so
// no bar. A bar is straight: where fallback draws part of it in another font, it keeps the
// position and thickness of the font that draws most of it (its widest share), as CSS draws one
// decoration per element from its own font rather than one per fallback font. Text of another
// size (a concatenated run in its own font) gets a bar of its own. The bars change no size: the
// layout is drawn as measured.

/// One underline or strikethrough bar, in the paragraph's coordinates (points from its top-left).
package struct DecorationBar: Equatable, Sendable {
    package enum Kind: Equatable, Sendable { case underline, strikethrough }
    package var kind: Kind
    package var minX: Double
    package var maxX: Double
    /// The top of the bar, from the paragraph's top.
    package var top: Double
    package var thickness: Double
    package var pattern: Text.LineStyle.Pattern
    /// The bar's own colour; `nil`: the colour of the text it decorates.
    package var color: Color?
    /// The source scalar whose text colour a bar without its own colour takes.
    package var cluster: Int
}

extension ParagraphLayout {
    /// The bars `runs` ask for (see ``Text/drawingRuns(in:)``), line by line, left to right:
    /// neighbouring glyphs with the same line style, colour and size make one bar. A synthesized
    /// glyph (an ellipsis, a hyphen) takes the lines of the text before it on its line (after it,
    /// when it comes first).
    package func decorationBars(_ runs: [TextDrawingRun]) -> [DecorationBar] {
        guard runs.contains(where: { $0.underline != nil || $0.strikethrough != nil }) else { return [] }
        /// A bar being gathered: its extent, what draws it, and how wide each font's share is.
        struct Span {
            var kind: DecorationBar.Kind
            var style: Text.LineStyle
            var color: Color?
            var size: Double
            var cluster: Int
            var minX: Double, maxX: Double
            var baseline: Double
            var shares: [(face: FontFace, width: Double)]

            func continues(with next: Span) -> Bool {
                kind == next.kind && style.pattern == next.style.pattern && color == next.color && size == next.size
                    && baseline == next.baseline && abs(maxX - next.minX) < 1e-9
            }

            var bar: DecorationBar {
                let face = shares.max { $0.width < $1.width }!.face
                let scale = size / Double(face.metrics.unitsPerEm)
                let (position, thickness) = kind == .underline ? face.metrics.underline(scale: scale) : face.metrics.strikeout(scale: scale)
                return DecorationBar(kind: kind, minX: minX, maxX: maxX, top: baseline - position, thickness: thickness,
                                     pattern: style.pattern, color: color, cluster: cluster)
            }
        }
        var spans: [Span] = []
        for line in lines {
            let glyphRuns = line.runs
            var lastCluster = glyphRuns.lazy.flatMap(\.clusters).first { $0 >= 0 } ?? 0
            var open: [DecorationBar.Kind: Int] = [:]
            for run in glyphRuns {
                var pen = line.x + run.x
                for index in run.glyphs.indices {
                    let advance = run.advances[index]
                    defer { pen += advance }
                    let cluster = run.clusters[index] >= 0 ? run.clusters[index] : lastCluster
                    lastCluster = cluster
                    let drawing = runs.first { $0.range.contains(cluster) }
                    for (kind, style) in [(DecorationBar.Kind.underline, drawing?.underline), (.strikethrough, drawing?.strikethrough)] {
                        guard let style else { open[kind] = nil; continue }
                        let span = Span(kind: kind, style: style, color: style.color ?? drawing?.color, size: run.size, cluster: cluster,
                                        minX: pen, maxX: pen + advance, baseline: line.baseline, shares: [(run.face, advance)])
                        if let last = open[kind], spans[last].continues(with: span) {
                            spans[last].maxX = span.maxX
                            if let share = spans[last].shares.firstIndex(where: { $0.face === run.face }) {
                                spans[last].shares[share].width += advance
                            } else {
                                spans[last].shares.append((run.face, advance))
                            }
                        } else {
                            open[kind] = spans.count
                            spans.append(span)
                        }
                    }
                }
            }
        }
        return spans.map(\.bar)
    }
}

extension DecorationBar {
    /// The filled parts of the bar: the whole bar when solid, else its dashes (the pattern's
    /// lengths in thicknesses, from the bar's left end, the last dash cut at its right end).
    var dashes: [ClosedRange<Double>] {
        let lengths = pattern.dashes.map { $0 * thickness }
        guard !lengths.isEmpty, thickness > 0 else { return [minX...maxX] }
        var result: [ClosedRange<Double>] = []
        var x = minX, index = 0
        while x < maxX {
            let end = min(maxX, x + lengths[index % lengths.count])
            if index % 2 == 0 { result.append(x...end) }
            x = end
            index += 1
        }
        return result
    }
}

extension FontMetrics {
    /// The underline's thickness in units: `post`'s, else the strikeout's, else 1/20 em.
    private var underlineUnits: Int {
        underlineThickness > 0 ? underlineThickness : strikeoutThickness > 0 ? strikeoutThickness : max(1, unitsPerEm / 20)
    }

    /// The underline's top above the baseline (negative below) and its thickness, in points at
    /// `scale` points per unit. A face whose `post` gives no thickness gets its strikeout
    /// thickness, else 1/20 em; no position, one thickness below the baseline.
    func underline(scale: Double) -> (position: Double, thickness: Double) {
        let thickness = underlineUnits
        let position = underlinePosition != 0 ? underlinePosition : -thickness
        return (Double(position) * scale, Double(thickness) * scale)
    }

    /// The strikeout stroke's top above the baseline and its thickness. A face without `OS/2`
    /// values gets the underline's thickness, and a stroke centred at half the x-height (a
    /// quarter em when the face gives none).
    func strikeout(scale: Double) -> (position: Double, thickness: Double) {
        let thickness = Double(strikeoutThickness > 0 ? strikeoutThickness : underlineUnits)
        let position = strikeoutPosition > 0 ? Double(strikeoutPosition) : Double(xHeight ?? unitsPerEm / 2) / 2 + thickness / 2
        return (position * scale, thickness * scale)
    }
}

extension SVGDocument {
    /// Draws `bars` of a paragraph whose top-left corner is at `origin`, each filled with its own
    /// colour or `color(cluster)` of the text it decorates; the bars go to the ink layer too.
    mutating func paintDecorations(_ bars: [DecorationBar], at origin: CGPoint, color: (Int) -> Color?) {
        let x0 = Double(origin.x), y0 = Double(origin.y)
        for bar in bars where bar.thickness > 0 && bar.maxX > bar.minX {
            let top = y0 + bar.top, bottom = top + bar.thickness
            var d: SVGMarkup = ""
            for dash in bar.dashes {
                d += "M\(number(x0 + dash.lowerBound)) \(number(top))H\(number(x0 + dash.upperBound))V\(number(bottom))"
                d += "H\(number(x0 + dash.lowerBound))Z"
            }
            let kind: StaticString = bar.kind == .underline ? "underline" : "strikethrough"
            paint += "<path class=\"\(kind)\" d=\"\(d)\" \(textFill(bar.color ?? color(bar.cluster)))/>\n"
            glyphs += "<path d=\"\(d)\"/>\n"
            growGlyphInk(CGRect(x: x0 + bar.minX, y: top, width: bar.maxX - bar.minX, height: bar.thickness))
        }
    }
}
