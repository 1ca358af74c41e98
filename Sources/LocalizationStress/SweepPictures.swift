import Foundation
import LayoutCore
import Rendering
import TextLayout
import Typography

// Pictures of a screen sweep's findings: the screen laid out again exactly as the sweep laid it out
// (the same locale, text size, device and orientation give the same layout), drawn by SVGRenderer
// with every text that has a finding outlined. Drawn only when asked: a sweep draws nothing.

extension LocalizationSweep {
    /// How a picture marks a text with findings: a rectangle around its lines, 2 pt outside them.
    static let outlineMargin: CGFloat = 2

    /// The screen `finding` was found on, laid out again as the sweep laid it out (its locale, size,
    /// device and orientation), as an SVG document in points (1 pt a unit): the screen's edge dashed,
    /// what falls outside it in red, and each text with a finding outlined — red for a failing one,
    /// dashed amber for an allowed one, `finding`'s own text twice as thick. `nil` when the finding
    /// is not of this sweep's screens and devices.
    public func picture(of finding: Finding) -> String? {
        var glyphs: SVGGlyphSheet? = nil
        return picture(of: finding, sharing: &glyphs)
    }

    /// ``picture(of:)``, its glyphs defined in `glyphs` instead of in the picture (many pictures in
    /// one HTML page share one sheet: ``SVGGlyphSheet``); `idPrefix` keeps the picture's own ids apart.
    func picture(of finding: Finding, sharing glyphs: inout SVGGlyphSheet?, idPrefix: String = "") -> String? {
        guard let (result, texts) = layout(of: finding) else { return nil }
        let screen = CGRect(origin: .zero, size: result.size)
        let renderer = SVGRenderer(options: .init(container: screen, background: "#ffffff", idPrefix: idPrefix))
        let svg = glyphs != nil ? renderer.svg(result, sharing: &glyphs!) : renderer.svg(result)
        var outlines = "<g class=\"findings\" fill=\"none\">\n"
        for text in texts {
            let found = Finding.findings(of: text.placed, in: result, screen: finding.screen, locale: finding.locale, size: finding.size,
                                         device: text.device, orientation: finding.orientation)
            let failing = found.contains { finding in !allowances.contains { $0.allows(finding) } }
            var box = text.placed.lineBounds.filter { $0.width > 0 }.reduce(CGRect.null) { $0.union($1) }
            if box.isNull { box = text.placed.frame }
            box = box.insetBy(dx: -Self.outlineMargin, dy: -Self.outlineMargin)
            let own = text.placed.index == finding.index
            let kinds = found.map(\.kind.rawValue).joined(separator: " ")
            outlines += "<rect class=\"finding\(own ? " finding-shown" : "")\" data-kinds=\"\(kinds)\" data-index=\"\(text.placed.index)\" "
                + "x=\"\(Self.svgNumber(box.minX))\" y=\"\(Self.svgNumber(box.minY))\" width=\"\(Self.svgNumber(box.width))\" "
                + "height=\"\(Self.svgNumber(box.height))\" stroke=\"\(failing ? "#d1242f" : "#bf8700")\" stroke-width=\"\(own ? 3 : 1.5)\""
                + (failing ? "" : " stroke-dasharray=\"4 2\"") + "/>\n"
        }
        outlines += "</g>\n"
        guard let end = svg.range(of: "</svg>", options: .backwards) else { return svg }
        return svg.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: outlines)
    }

    /// The layout `finding` was found in, made again, and its texts with findings.
    private func layout(of finding: Finding) -> (LayoutResult, [(placed: PlacedText, device: Device)])? {
        guard let screen = screens.first(where: { $0.name == finding.screen }),
              let device = devices.first(where: { $0.name == finding.device }) else { return nil }
        let environment = environment(locale: finding.locale, size: finding.size, cache: environment.textMeasurementCache)
        let result = LayoutTree(screen.content, environment: environment, on: device, orientation: finding.orientation)
            .layout(on: device, orientation: finding.orientation)
        return (result, result.findings.map { ($0, device) })
    }

    /// A coordinate to two decimals, without trailing zeros.
    static func svgNumber(_ value: CGFloat) -> String {
        let rounded = (Double(value) * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
}
