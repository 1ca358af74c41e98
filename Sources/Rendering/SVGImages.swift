import Foundation
import LayoutCore
import TextLayout

// Images and gradients in a painted picture.
// - An image file (an asset catalog's PNG, JPEG or SVG) is an `<image>` with the file's bytes as a
//   data URL, stretched into the frame; a PDF, which SVG viewers cannot show in an `<image>`, and a
//   file that cannot be read are a placeholder box.
// - A system symbol (SF Symbols are Apple's) is a placeholder: a box with its diagonals in the
//   foreground colour, class `symbol-placeholder`, its name in `data-symbol` and a `<title>`.
// - Linear, radial and elliptical gradients are `<linearGradient>`/`<radialGradient>` definitions
//   in the painted frame's coordinates, numbered in order of use like clip paths.

extension SVGDocument {
    /// Draws `content` in `frame`; a placeholder is drawn in `color`.
    mutating func image(_ content: ImageContent, frame: CGRect, color: Color) {
        guard frame.width > 0, frame.height > 0 else { return }
        switch content {
        case .file(let path, let mediaType):
            guard mediaType != "application/pdf", let data = FileManager.default.contents(atPath: path) else {
                placeholder(frame, color: color, kind: "image-placeholder", name: (path as NSString).lastPathComponent)
                return
            }
            paint += "<image \(rectAttributes(frame)) preserveAspectRatio=\"none\" "
            paint += "xlink:href=\"data:\(mediaType);base64,\(data.base64EncodedString())\"/>\n"
        case .symbol(let name):
            placeholder(frame, color: color, kind: "symbol-placeholder", name: name)
        }
    }

    /// A box with its diagonals, marked as a placeholder for `name`.
    private mutating func placeholder(_ frame: CGRect, color: Color, kind: StaticString, name: String) {
        let stroke = max(0.5, min(frame.width, frame.height) / 16)
        let inner = frame.insetBy(dx: stroke / 2, dy: stroke / 2)
        let hex = Self.hex(color)
        let opacity = SVGNumber.format(color.opacity, decimals: 3)
        paint += "<g class=\"\(kind)\" data-symbol=\"\(escaped(name))\"><title>\(escaped(name)) (placeholder)</title>"
        paint += "<rect \(rectAttributes(inner)) rx=\"\(number(stroke * 2))\" fill=\"\(hex)\" fill-opacity=\"\(SVGNumber.format(color.opacity * 0.12, decimals: 3))\" "
        paint += "stroke=\"\(hex)\" stroke-opacity=\"\(opacity)\" stroke-width=\"\(number(stroke))\"/>"
        paint += "<path d=\"M\(number(inner.minX)) \(number(inner.minY))L\(number(inner.maxX)) \(number(inner.maxY))"
        paint += "M\(number(inner.maxX)) \(number(inner.minY))L\(number(inner.minX)) \(number(inner.maxY))\" "
        paint += "stroke=\"\(hex)\" stroke-opacity=\"\(opacity)\" stroke-width=\"\(number(stroke / 2))\" fill=\"none\"/></g>\n"
    }

    /// A `fill`/`stroke` attribute (`attribute`) painting `paint` in `frame`: a colour, or a
    /// reference to a gradient defined here.
    mutating func paintAttribute(_ paint: ResolvedPaint, _ attribute: StaticString, frame: CGRect) -> String {
        func stops(_ stops: [Gradient.Stop], _ offset: (CGFloat) -> CGFloat) -> SVGMarkup {
            var markup: SVGMarkup = ""
            for stop in stops {
                markup += "<stop offset=\"\(SVGNumber.format(min(1, max(0, offset(stop.location))), decimals: 4))\" stop-color=\"\(Self.hex(stop.color))\""
                if stop.color.opacity < 1 { markup += " stop-opacity=\"\(SVGNumber.format(stop.color.opacity, decimals: 3))\"" }
                markup += "/>"
            }
            return markup
        }
        func define(_ element: SVGMarkup) -> String {
            let id = "\(options.idPrefix)gradient\(gradientCount)"
            gradientCount += 1
            paintDefs += element
            return id
        }
        let id: String
        switch paint {
        case .color(let color):
            var text = "\(attribute)=\"\(Self.hex(color))\""
            if color.opacity < 1 { text += " \(attribute)-opacity=\"\(SVGNumber.format(color.opacity, decimals: 3))\"" }
            return text
        case .linear(let list, let start, let end):
            guard !list.isEmpty else { return "\(attribute)=\"none\"" }
            func point(_ p: UnitPoint) -> (CGFloat, CGFloat) { (frame.minX + p.x * frame.width, frame.minY + p.y * frame.height) }
            let (x1, y1) = point(start), (x2, y2) = point(end)
            let gradientID = "\(options.idPrefix)gradient\(gradientCount)"
            id = define("<linearGradient id=\"\(escaped(gradientID))\" gradientUnits=\"userSpaceOnUse\" x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\">\(stops(list, { $0 }))</linearGradient>\n")
        case .radial(let list, let center, let startRadius, let endRadius):
            guard !list.isEmpty else { return "\(attribute)=\"none\"" }
            guard endRadius > 0, endRadius.isFinite else { return paintAttribute(.color(list[list.count - 1].color), attribute, frame: frame) }
            let (cx, cy) = (frame.minX + center.x * frame.width, frame.minY + center.y * frame.height)
            let start = max(0, startRadius.isFinite ? startRadius : 0)
            let gradientID = "\(options.idPrefix)gradient\(gradientCount)"
            id = define("<radialGradient id=\"\(escaped(gradientID))\" gradientUnits=\"userSpaceOnUse\" cx=\"\(number(cx))\" cy=\"\(number(cy))\" r=\"\(number(endRadius))\">\(stops(list, { (start + $0 * (endRadius - start)) / endRadius }))</radialGradient>\n")
        case .elliptical(let list, let center, let startFraction, let endFraction):
            guard !list.isEmpty else { return "\(attribute)=\"none\"" }
            let gradientID = "\(options.idPrefix)gradient\(gradientCount)"
            id = define("<radialGradient id=\"\(escaped(gradientID))\" cx=\"\(number(center.x))\" cy=\"\(number(center.y))\" r=\"1\">\(stops(list, { startFraction + $0 * (endFraction - startFraction) }))</radialGradient>\n")
        }
        return "\(attribute)=\"url(#\(escaped(id)))\""
    }
}
