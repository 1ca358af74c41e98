import Foundation
import TextLayout
import Typography

/// Builds one SVG document: glyph definitions, content, overlays, and the canvas around them.
///
/// Layers, bottom to top: background, boxes (non-text leaves), glyphs, bounds, line boxes,
/// baselines, container and overflow. A painted document (``beginPainting()``: a tree with shapes,
/// colours or drawing effects) has one content layer instead of boxes and glyphs, drawn in tree
/// order (see SVGPainting.swift).
struct SVGDocument {
    let options: SVGRenderer.Options

    /// The glyph definitions this document places: its own (written into its `<defs>`), or a
    /// sheet shared by many documents (written by its owner, once).
    var glyphSheet: SVGGlyphSheet
    let ownsGlyphSheet: Bool

    private var boxes: SVGMarkup = ""
    var glyphs: SVGMarkup = ""
    private var boundsLayer: SVGMarkup = ""
    private var leafBoundsLayer: SVGMarkup = ""
    private var lineLayer: SVGMarkup = ""
    private var baselineLayer: SVGMarkup = ""

    /// Painting (see SVGPainting.swift): everything drawn in tree order, the clip paths it uses,
    /// how many there are.
    var isPainting = false
    var paint: SVGMarkup = ""
    var paintDefs: SVGMarkup = ""
    var clipCount = 0
    /// How many gradients are defined (SVGImages.swift).
    var gradientCount = 0

    /// What the clips around the element being drawn let show (`nil`: no clip): ink outside it
    /// does not grow the canvas.
    var inkLimit: CGRect?
    /// Frames the canvas must show (content, not ink).
    private var contentBox: CGRect?
    /// The ink of every glyph drawn.
    private var inkBox: CGRect?
    /// The ink of every glyph drawn, clips or not, and whether a glyph drawn had no ink box: what
    /// the overflow layer (the glyphs again, in red, outside the container) can show.
    private var glyphInkBox: CGRect?
    private var glyphWithoutInkBox = false
    /// Frames checked against the container.
    private var overflowSources: [CGRect] = []

    /// A document with its own glyph definitions (`sharesGlyphs` false), or one whose caller
    /// swaps a shared sheet into ``glyphSheet`` before drawing and out again after.
    init(options: SVGRenderer.Options, sharesGlyphs: Bool = false) {
        self.options = options
        self.ownsGlyphSheet = !sharesGlyphs
        self.glyphSheet = SVGGlyphSheet(idPrefix: sharesGlyphs ? "" : options.idPrefix, decimals: options.decimals)
    }

    /// The bytes written so far, all layers and definitions together: about what ``finish()`` returns.
    var byteCount: Int {
        boxes.bytes.count + glyphs.bytes.count + boundsLayer.bytes.count + leafBoundsLayer.bytes.count + lineLayer.bytes.count
            + baselineLayer.bytes.count + paint.bytes.count + paintDefs.bytes.count + (ownsGlyphSheet ? glyphSheet.defsByteCount : 0)
    }

    // MARK: - Content

    /// Grows the canvas to show `rect`.
    mutating func include(_ rect: CGRect) {
        contentBox = contentBox.map { $0.union(rect) } ?? rect
    }

    /// Marks `rect` as content that must fit in the container.
    mutating func overflowSource(_ rect: CGRect) {
        overflowSources.append(rect)
    }

    /// Draws every glyph of `layout` with the paragraph's top-left corner at `origin`.
    mutating func draw(_ layout: ParagraphLayout, at origin: CGPoint) {
        eachGlyphUse(layout, at: origin) { document, use, _ in document.glyphs += use }
    }

    /// Calls `body` with the `<use>` of every glyph of `layout` that has ink (the paragraph's top-left
    /// corner at `origin`) and the source scalar offset of its cluster (its run's first for a
    /// synthesized glyph: an ellipsis, a hyphen), in visual order.
    mutating func eachGlyphUse(_ layout: ParagraphLayout, at origin: CGPoint,
                               _ body: (inout SVGDocument, SVGMarkup, Int) -> Void) {
        for line in layout.lines {
            let left = Double(origin.x) + line.x, baseline = Double(origin.y) + line.baseline
            for run in line.runs {
                let scale = run.size / Double(run.face.metrics.unitsPerEm)
                guard scale > 0 else { continue }
                // The run's scale, written once for all its glyphs.
                let s = number(scale, extra: 5), flipped = number(-scale, extra: 5)
                for (index, glyph) in run.glyphs.enumerated() {
                    let position = run.positions[index]
                    guard let use = use(glyph, face: run.face, scale: scale, s: s, flipped: flipped,
                                        x: left + Double(position.x), y: baseline + Double(position.y)) else { continue }
                    let cluster = index < run.clusters.count && run.clusters[index] >= 0 ? run.clusters[index] : run.range.lowerBound
                    body(&self, use, cluster)
                }
            }
        }
    }

    /// The `<use>` of one glyph with its pen at (x, y) in points, `scale` points per font unit
    /// (written as `s`, and negated as `flipped`); grows the ink box. `nil` for a glyph without ink.
    mutating func use(_ glyph: UInt32, face: FontFace, scale: Double, s: SVGNumber.Digits, flipped: SVGNumber.Digits,
                      x: Double, y: Double) -> SVGMarkup? {
        switch glyphSheet.definition(of: glyph, in: face) {
        case .none:
            return nil
        case .outline(let id, let extents):
            if let extents { grow(ink: extents, scale: scale, x: x, y: y) } else { glyphWithoutInkBox = true }
            return "<use xlink:href=\"#\(id)\" transform=\"matrix(\(s) 0 0 \(flipped) \(number(x)) \(number(y)))\"/>\n"
        case .image(let id, let extents):
            grow(ink: extents, scale: scale, x: x, y: y)
            return "<use xlink:href=\"#\(id)\" transform=\"matrix(\(s) 0 0 \(s) \(number(x)) \(number(y)))\"/>\n"
        }
    }

    private mutating func grow(ink extents: GlyphExtents, scale: Double, x: Double, y: Double) {
        growGlyphInk(CGRect(x: x + extents.xBearing * scale, y: y - extents.yBearing * scale,
                            width: extents.width * scale, height: extents.height * scale))
    }

    /// Grows the ink box by `rect`, ink of the glyph layer (a glyph, a text's line).
    mutating func growGlyphInk(_ rect: CGRect) {
        glyphInkBox = glyphInkBox.map { $0.union(rect) } ?? rect
        growInk(rect)
    }

    /// Grows the ink box (what the canvas shows beyond the content) by `rect`, as far as ``inkLimit`` lets it show.
    mutating func growInk(_ rect: CGRect) {
        let shown = inkLimit.map { rect.intersection($0) } ?? rect
        guard !shown.isNull else { return }
        inkBox = inkBox.map { $0.union(shown) } ?? shown
    }

    /// A non-text leaf (in a painted document: in tree order, in the box colour).
    mutating func box(_ frame: CGRect) {
        guard let boxColor = options.boxColor else { return }
        if isPainting {
            paint += "<rect \(rectAttributes(frame)) fill=\"\(escaped(boxColor))\"/>\n"
        } else {
            boxes += "\(rect(frame))\n"
        }
    }

    // MARK: - Overlays

    mutating func bounds(_ frame: CGRect, isLeaf: Bool) {
        if isLeaf { leafBoundsLayer += "\(rect(frame))\n" } else { boundsLayer += "\(rect(frame))\n" }
    }

    mutating func lineBoxes(_ layout: ParagraphLayout, at origin: CGPoint) {
        for line in layout.lines {
            let left = Double(origin.x) + line.x, top = Double(origin.y) + line.top
            lineLayer += "\(rect(CGRect(x: left, y: top, width: line.width, height: line.height)))\n"
            lineLayer += horizontal(y: Double(origin.y) + line.baseline, from: left, to: left + line.width,
                                    attributes: " stroke-dasharray=\"1 1\"")
        }
    }

    /// First and last baselines (measured from `frame`'s top) across `frame`.
    mutating func baselines(in frame: CGRect, first: Double, last: Double) {
        let top = Double(frame.minY), left = Double(frame.minX), right = Double(frame.maxX)
        baselineLayer += horizontal(y: top + first, from: left, to: right, attributes: " stroke=\"#ff2d55\"")
        baselineLayer += horizontal(y: top + last, from: left, to: right,
                                    attributes: " stroke=\"#ff9500\" stroke-dasharray=\"3 2\"")
    }

    // MARK: - Output

    /// The whole document.
    func finish() -> String {
        let container = options.container
        var canvas = contentBox ?? .zero
        if let inkBox { canvas = canvas.union(inkBox) }
        if let container { canvas = canvas.union(container) }
        let margin = max(0, options.margin.isFinite ? options.margin : 0)
        canvas = canvas.insetBy(dx: -margin, dy: -margin)
        let overflow = container.map { container in
            overflowSources.flatMap { SVGRenderer.overflow(of: $0, outside: container) }
        } ?? []

        var svg: SVGMarkup = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
        svg += "width=\"\(number(canvas.width))\" height=\"\(number(canvas.height))\" "
        svg += "viewBox=\"\(number(canvas.minX)) \(number(canvas.minY)) \(number(canvas.width)) \(number(canvas.height))\">\n"
        let prefix = options.idPrefix
        var allDefs: SVGMarkup = ownsGlyphSheet ? "\(glyphSheet.defs)" : ""
        allDefs += paintDefs
        // A painted document draws its glyphs in the content; the ink group serves only the
        // overflow layer, left out when no glyph reaches outside the container (it would draw
        // nothing: a sweep's picture of a screen made taller carried every glyph twice).
        let glyphsOverflow = !isPainting || glyphWithoutInkBox || container.map { container in
            glyphInkBox.map { !container.contains($0) } ?? false
        } ?? false
        if let container, !glyphs.isEmpty, glyphsOverflow {
            allDefs += "<g id=\"\(prefix)ink\">\n\(glyphs)</g>\n"
            if !isPainting { allDefs += "<clipPath id=\"\(prefix)inside\">\(rect(container))</clipPath>\n" }
            allDefs += "<clipPath id=\"\(prefix)outside\"><path clip-rule=\"evenodd\" d=\"\(rectPath(canvas))\(rectPath(container))\"/></clipPath>\n"
        }
        if !allDefs.isEmpty { svg += "<defs>\n\(allDefs)</defs>\n" }
        if let background = options.background {
            svg += "<rect class=\"background\" \(rectAttributes(canvas)) fill=\"\(escaped(background))\"/>\n"
        }
        if let boxColor = options.boxColor, !boxes.isEmpty {
            svg += "<g class=\"boxes\" fill=\"\(escaped(boxColor))\">\n\(boxes)</g>\n"
        }
        if isPainting {
            // Everything in tree order; glyph ink outside the container drawn again in red over it.
            if !paint.isEmpty { svg += "<g class=\"content\">\n\(paint)</g>\n" }
            if container != nil, !glyphs.isEmpty, glyphsOverflow {
                svg += "<use class=\"text-overflow\" xlink:href=\"#\(prefix)ink\" fill=\"\(escaped(options.overflowColor))\" clip-path=\"url(#\(prefix)outside)\"/>\n"
            }
        } else if !glyphs.isEmpty {
            if container != nil {
                svg += "<use class=\"text\" xlink:href=\"#\(prefix)ink\" fill=\"\(escaped(options.textColor))\" clip-path=\"url(#\(prefix)inside)\"/>\n"
                svg += "<use class=\"text-overflow\" xlink:href=\"#\(prefix)ink\" fill=\"\(escaped(options.overflowColor))\" clip-path=\"url(#\(prefix)outside)\"/>\n"
            } else {
                svg += "<g class=\"text\" fill=\"\(escaped(options.textColor))\">\n\(glyphs)</g>\n"
            }
        }
        let stroke = " fill=\"none\" stroke-width=\"0.5\""
        if !boundsLayer.isEmpty { svg += "<g class=\"bounds\" stroke=\"#8e8e93\"\(stroke)>\n\(boundsLayer)</g>\n" }
        if !leafBoundsLayer.isEmpty { svg += "<g class=\"leaf-bounds\" stroke=\"#0a84ff\"\(stroke)>\n\(leafBoundsLayer)</g>\n" }
        if !lineLayer.isEmpty { svg += "<g class=\"line-boxes\" stroke=\"#34c759\"\(stroke)>\n\(lineLayer)</g>\n" }
        if !baselineLayer.isEmpty { svg += "<g class=\"baselines\"\(stroke)>\n\(baselineLayer)</g>\n" }
        if let container {
            if !overflow.isEmpty {
                svg += "<g class=\"overflow\" fill=\"\(escaped(options.overflowColor))\" opacity=\"0.25\">\n"
                for part in overflow { svg += "\(rect(part))\n" }
                svg += "</g>\n"
            }
            let color = overflow.isEmpty ? "#636366" : escaped(options.overflowColor)
            svg += "<rect class=\"container\" \(rectAttributes(container)) fill=\"none\" stroke=\"\(color)\" "
            svg += "stroke-width=\"1\" stroke-dasharray=\"4 2\"/>\n"
        }
        svg += "</svg>\n"
        return svg.string
    }

    // MARK: - Formatting

    func number(_ value: Double, extra: Int = 0) -> SVGNumber.Digits {
        SVGNumber.digits(value, decimals: options.decimals + extra)
    }

    func number(_ value: CGFloat) -> SVGNumber.Digits { number(Double(value)) }

    func rectAttributes(_ r: CGRect) -> SVGMarkup {
        "x=\"\(number(r.minX))\" y=\"\(number(r.minY))\" width=\"\(number(r.width))\" height=\"\(number(r.height))\""
    }

    private func rect(_ r: CGRect) -> SVGMarkup { "<rect \(rectAttributes(r))/>" }

    private func rectPath(_ r: CGRect) -> SVGMarkup {
        "M\(number(r.minX)) \(number(r.minY))H\(number(r.maxX))V\(number(r.maxY))H\(number(r.minX))Z"
    }

    /// A horizontal line and its newline.
    private func horizontal(y: Double, from x0: Double, to x1: Double, attributes: StaticString) -> SVGMarkup {
        "<line x1=\"\(number(x0))\" y1=\"\(number(y))\" x2=\"\(number(x1))\" y2=\"\(number(y))\"\(attributes)/>\n"
    }

    func escaped(_ text: String) -> String { xmlEscaped(text) }
}

/// Text made safe inside XML/HTML text and attribute values (`&`, `<`, `>`, `"`); one pass, and
/// most strings need nothing.
///
/// Characters XML 1.0 forbids anywhere, even as character references (the C0 controls but tab, line
/// feed and carriage return; U+FFFE and U+FFFF), become U+FFFD: a key or text may carry them (a
/// `.strings` escape such as `\a`), and one raw control makes a whole `junit.xml` or SVG unreadable.
/// The replacement is visible, so the reader sees that something was there.
public func xmlEscaped(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF
                                      || ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;".unicodeScalars
        case "<": out += "&lt;".unicodeScalars
        case ">": out += "&gt;".unicodeScalars
        case "\"": out += "&quot;".unicodeScalars
        case "\t", "\n", "\r": out.append(scalar)
        case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out.append("\u{FFFD}")
        default: out.append(scalar)
        }
    }
    return String(out)
}
