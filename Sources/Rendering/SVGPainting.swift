import Foundation
import LayoutCore
import TextLayout
import Typography

// Painting a tree in SVG: shapes with their fill or stroke, colours as filled rectangles, text in
// its foreground colour, opacity as `<g opacity>` and clips as `<clipPath>`s around an element's
// subtree, all in the result's pre-order, which is the tree's drawing order (a background's
// content comes before the view it is behind, an overlay's after: see `SecondaryLayout`).
//
// Colours are written `#rrggbb` with `fill-opacity`/`stroke-opacity` when not opaque.

extension SVGDocument {
    /// Draws into one content layer in tree order from now on.
    mutating func beginPainting() { isPainting = true }

    /// `#rrggbb` for `color` (components rounded to the nearest of 0…255).
    static func hex(_ color: Color) -> String {
        func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }
        return "#" + [color.red, color.green, color.blue].map { c in
            let s = String(byte(c), radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    /// `fill="#…"` (or `stroke`) and its opacity when below 1.
    private func paintAttributes(_ color: Color, _ attribute: String) -> String {
        var text = "\(attribute)=\"\(Self.hex(color))\""
        if color.opacity < 1 { text += " \(attribute)-opacity=\"\(SVGNumber.format(color.opacity, decimals: 3))\"" }
        return text
    }

    /// A fill attribute for text: `color`'s, or the options' text colour when `nil`.
    func textFill(_ color: Color?) -> String {
        color.map { paintAttributes($0, "fill") } ?? "fill=\"\(escaped(options.textColor))\""
    }

    /// Path data for `path`, moved by `origin`.
    func pathData(_ path: Path, at origin: CGPoint) -> SVGMarkup {
        var d: SVGMarkup = ""
        func p(_ point: CGPoint) -> SVGMarkup { "\(number(point.x + origin.x)) \(number(point.y + origin.y))" }
        path.forEach { element in
            switch element {
            case .move(let to): d += "M\(p(to))"
            case .line(let to): d += "L\(p(to))"
            case .quadCurve(let to, let c): d += "Q\(p(c)) \(p(to))"
            case .curve(let to, let c1, let c2): d += "C\(p(c1)) \(p(c2)) \(p(to))"
            case .closeSubpath: d += "Z"
            }
        }
        return d
    }

    /// A shape's path in `frame`, painted with `paint` resolved in `environment` (`nil`: filled
    /// with the foreground style).
    mutating func shape(_ path: Path, paint: ShapePaint?, frame: CGRect, environment: EnvironmentValues) {
        guard !path.isEmpty else { return }
        var attributes: String
        switch paint {
        case nil:
            attributes = paintAttributes(ForegroundStyle().resolvedColor(in: environment), "fill")
        case .fill(let style, let fill)?:
            attributes = paintAttribute(style.resolvedPaint(in: environment), "fill", frame: frame)
            if fill.isEOFilled { attributes += " fill-rule=\"evenodd\"" }
        case .stroke(let style, let stroke)?:
            let width = stroke.lineWidth.isFinite ? max(0, stroke.lineWidth) : 0
            attributes = "fill=\"none\" " + paintAttribute(style.resolvedPaint(in: environment), "stroke", frame: frame)
            attributes += " stroke-width=\"\(SVGNumber.format(width, decimals: options.decimals))\""
            switch stroke.lineCap {
            case .butt: break
            case .round: attributes += " stroke-linecap=\"round\""
            case .square: attributes += " stroke-linecap=\"square\""
            }
            switch stroke.lineJoin {
            case .miter: attributes += " stroke-miterlimit=\"\(SVGNumber.format(stroke.miterLimit, decimals: options.decimals))\""
            case .round: attributes += " stroke-linejoin=\"round\""
            case .bevel: attributes += " stroke-linejoin=\"bevel\""
            }
            let dash = stroke.dash.filter { $0.isFinite && $0 >= 0 }
            if !dash.isEmpty {
                attributes += " stroke-dasharray=\"\(dash.map { SVGNumber.format($0, decimals: options.decimals) }.joined(separator: " "))\""
                if stroke.dashPhase != 0, stroke.dashPhase.isFinite {
                    attributes += " stroke-dashoffset=\"\(SVGNumber.format(stroke.dashPhase, decimals: options.decimals))\""
                }
            }
        }
        self.paint += "<path d=\"\(pathData(path, at: frame.origin))\" \(attributes)/>\n"
    }

    /// A `Color` view: its frame filled.
    mutating func colorFill(_ color: Color, frame: CGRect) {
        paint += "<rect \(rectAttributes(frame)) \(paintAttributes(color, "fill"))/>\n"
    }

    /// Opens a group for each effect (in `frame`); returns how many were opened.
    mutating func openEffects(_ effects: [DrawingEffect], frame: CGRect) -> Int {
        for effect in effects {
            switch effect {
            case .opacity(let value):
                paint += "<g opacity=\"\(SVGNumber.format(value, decimals: 3))\">\n"
            case .clip, .scrollClip:
                let (shape, style): (any Shape, FillStyle) = if case .clip(let shape, let style) = effect { (shape, style) } else { (Rectangle(), FillStyle()) }
                let id = "\(options.idPrefix)clip\(clipCount)"
                clipCount += 1
                let rule = style.isEOFilled ? " clip-rule=\"evenodd\"" : ""
                let path = shape.path(in: CGRect(origin: .zero, size: frame.size))
                paintDefs += "<clipPath id=\"\(escaped(id))\"><path\(rule) d=\"\(pathData(path, at: frame.origin))\"/></clipPath>\n"
                paint += "<g clip-path=\"url(#\(escaped(id)))\">\n"
            case .rotation(let radians, let anchor):
                let (x, y) = (frame.minX + anchor.x * frame.width, frame.minY + anchor.y * frame.height)
                paint += "<g transform=\"rotate(\(number(radians * 180 / .pi, extra: 3)) \(number(x)) \(number(y)))\">\n"
            case .scale(let sx, let sy, let anchor):
                let (x, y) = (frame.minX + anchor.x * frame.width, frame.minY + anchor.y * frame.height)
                paint += "<g transform=\"translate(\(number(x)) \(number(y))) scale(\(number(sx, extra: 3)) \(number(sy, extra: 3))) translate(\(number(-x)) \(number(-y)))\">\n"
            }
        }
        return effects.count
    }

    /// Closes `count` groups.
    mutating func closeGroups(_ count: Int) {
        for _ in 0..<count { paint += "</g>\n" }
    }

    /// Every glyph of `layout` with the paragraph's top-left corner at `origin`, in groups of one
    /// fill: `color(cluster)` is the colour of the source scalar at `cluster` (−1: a synthesized
    /// glyph, an ellipsis or a hyphen, drawn in the colour of its run's first scalar), `nil` for
    /// the options' text colour. The glyphs also go to the ink layer (for overflow).
    mutating func paintText(_ layout: ParagraphLayout, at origin: CGPoint, color: (Int) -> Color?) {
        var fill: String?, fillColor: Color??
        eachGlyphUse(layout, at: origin) { document, use, cluster in
            // The fill's markup made only when the colour changes (made for every glyph, it was
            // most of drawing a sweep's picture).
            let glyphColor = color(cluster)
            if fillColor != .some(glyphColor) {
                fillColor = .some(glyphColor)
                let glyphFill = document.textFill(glyphColor)
                if glyphFill != fill {
                    if fill != nil { document.paint += "</g>\n" }
                    document.paint += "<g class=\"text\" \(glyphFill)>\n"
                    fill = glyphFill
                }
            }
            document.paint += use
            document.glyphs += use
        }
        if fill != nil { paint += "</g>\n" }
    }
}

extension SVGRenderer {
    /// Whether `result` needs painting (tree order, colours) rather than the plain layers: it has
    /// shapes, colours, drawing effects, coloured text or text with lines (underline,
    /// strikethrough). A tree of text and boxes only draws as before (boxes under all text).
    static func needsPainting(_ result: LayoutResult) -> Bool {
        if result.hasDrawingEffects { return true }
        for index in 0..<result.count {
            guard let leaf = result.leaf(at: index) else { continue }
            if leaf.element is any Shape || leaf.element is any PaintedShapeLeaf || leaf.element is Color
                || leaf.element is any ImageLeaf { return true }
            if leaf.environment.foregroundStyle != nil { return true }
            if let text = leaf.element as? Text, text.drawsRunsApart { return true }
            if leaf.environment.textUnderline != nil || leaf.environment.textStrikethrough != nil { return true }
        }
        return false
    }

    /// Draws one leaf into a painting document.
    static func paint(_ leaf: PlacedLeaf, into document: inout SVGDocument) -> ParagraphLayout? {
        let environment = leaf.environment
        if let text = leaf.element as? any ParagraphProviding {
            guard let layout = text.paragraphLayout(in: leaf.proposal, environment: environment) else { return nil }
            let foreground = environment.foregroundStyle.map { $0.resolvedColor(in: environment) }
            let runs = (leaf.element as? Text)?.drawingRuns(in: environment) ?? []
            func color(_ cluster: Int) -> Color? {
                for i in runs.indices where runs[i].range.contains(cluster) { return runs[i].color ?? foreground }  // by index: no run copied a glyph
                return foreground
            }
            document.paintText(layout, at: leaf.frame.origin, color: color)
            document.paintDecorations(layout.decorationBars(runs), at: leaf.frame.origin, color: color)
            for placed in layout.placedAttachments(runs, environment: environment) {
                guard let content = placed.attachment.base.imageContent(in: environment) else { continue }
                document.image(content, frame: placed.frame.offsetBy(dx: leaf.frame.minX, dy: leaf.frame.minY),
                               color: color(placed.offset) ?? .primary)
            }
            return layout
        }
        let local = CGRect(origin: .zero, size: leaf.frame.size)
        if let color = leaf.element as? Color {
            document.colorFill(color.resolved(in: environment), frame: leaf.frame)
        } else if let image = leaf.element as? any ImageLeaf {
            if let content = image.imageContent(in: environment) {
                document.image(content, frame: leaf.frame, color: ForegroundStyle().resolvedColor(in: environment))
            }
        } else if let painted = leaf.element as? any PaintedShapeLeaf {
            let (path, paint) = painted.paintedPath(in: local)
            document.shape(path, paint: paint, frame: leaf.frame, environment: environment)
        } else if let shape = leaf.element as? any Shape {
            document.shape(shape.path(in: local), paint: nil, frame: leaf.frame, environment: environment)
        } else {
            document.box(leaf.frame)
        }
        return nil
    }
}
