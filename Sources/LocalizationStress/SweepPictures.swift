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
    /// dashed amber for an allowed one, `finding`'s own text twice as thick. When that text lies
    /// below the screen (in a scroll view, past the fold) the screen is laid out on the device made
    /// taller (its width, so every text's fit, unchanged), the device's end a blue dashed line.
    /// `nil` when the finding is not of this sweep's screens and devices.
    public func picture(of finding: Finding) -> String? {
        var glyphs: SVGGlyphSheet? = nil
        return picture(of: finding, sharing: &glyphs)
    }

    /// ``picture(of:)``, its glyphs defined in `glyphs` instead of in the picture (many pictures in
    /// one HTML page share one sheet: ``SVGGlyphSheet``); `idPrefix` keeps the picture's own ids apart.
    func picture(of finding: Finding, sharing glyphs: inout SVGGlyphSheet?, idPrefix: String = "") -> String? {
        guard let made = layout(of: finding) else { return nil }
        return picture(of: finding, in: made, sharing: &glyphs, idPrefix: idPrefix)
    }

    /// ``picture(of:sharing:idPrefix:)`` of the layout `made` (``layout(of:)``'s answer for `finding`):
    /// the layouts of many pictures can be made on every core, and drawn in order into one sheet.
    func picture(of finding: Finding, in made: FindingLayout, sharing glyphs: inout SVGGlyphSheet?, idPrefix: String = "") -> String? {
        picture(of: made, screen: finding.screen, locale: finding.locale, size: finding.size, orientation: finding.orientation,
                own: finding.index, sharing: &glyphs, idPrefix: idPrefix)
    }

    /// The picture of `made` for the report's page: every text with a finding outlined, none
    /// thicker than the others (the page makes the example's own thicker, by its `data-index`,
    /// when it shows the picture: one picture serves every example of its layout), its own ids
    /// prefixed `p-` (the page numbers them apart), its glyphs in `glyphs`.
    func pagePicture(of made: FindingLayout, screen: String, locale: String, size: TextSize, orientation: Device.Orientation,
                     sharing glyphs: inout SVGGlyphSheet) -> String {
        var sheet: SVGGlyphSheet? = glyphs
        defer { glyphs = sheet! }
        return picture(of: made, screen: screen, locale: locale, size: size, orientation: orientation, own: nil, sharing: &sheet,
                       idPrefix: Self.pagePicturePrefix)
    }

    /// The prefix of a page picture's own ids (clip paths, its ink), which the page's script
    /// numbers per slot.
    static let pagePicturePrefix = "p-"

    /// `made` drawn (a layout of `screen` in `locale` at `size`, held in `orientation`), each text
    /// with a finding outlined — red failing, dashed amber allowed, text `own` (pre-order index)
    /// twice as thick — and the fold when the layout was made taller.
    private func picture(of made: FindingLayout, screen screenName: String, locale: String, size: TextSize, orientation: Device.Orientation,
                         own: Int?, sharing glyphs: inout SVGGlyphSheet?, idPrefix: String) -> String {
        let (result, texts) = (made.result, made.texts)
        let screen = CGRect(origin: .zero, size: result.size)
        let renderer = SVGRenderer(options: .init(container: screen, background: "#ffffff", idPrefix: idPrefix))
        let svg = glyphs != nil ? renderer.svg(result, sharing: &glyphs!) : renderer.svg(result)
        var outlines = "<g class=\"findings\" fill=\"none\">\n"
        for text in texts {
            let found = Finding.findings(of: text.placed, in: result, screen: screenName, locale: locale, size: size,
                                         device: text.device, orientation: orientation)
            let failing = found.contains { finding in !allowances.contains { $0.allows(finding) } }
            var box = text.placed.lineBounds.filter { $0.width > 0 }.reduce(CGRect.null) { $0.union($1) }
            if box.isNull { box = text.placed.frame }
            box = box.insetBy(dx: -Self.outlineMargin, dy: -Self.outlineMargin)
            let isOwn = text.placed.index == own
            let kinds = found.map(\.kind.rawValue).joined(separator: " ")
            outlines += "<rect class=\"finding\(isOwn ? " finding-shown" : "")\" data-kinds=\"\(kinds)\" data-index=\"\(text.placed.index)\" "
                + "x=\"\(Self.svgNumber(box.minX))\" y=\"\(Self.svgNumber(box.minY))\" width=\"\(Self.svgNumber(box.width))\" "
                + "height=\"\(Self.svgNumber(box.height))\" stroke=\"\(failing ? "#d1242f" : "#bf8700")\" stroke-width=\"\(isOwn ? 3 : 1.5)\""
                + (failing ? "" : " stroke-dasharray=\"4 2\"") + "/>\n"
        }
        if let fold = made.fold {
            // The device's screen ends here: the picture goes on below it to show the text, as if scrolled.
            outlines += "<line class=\"fold\" x1=\"0\" y1=\"\(Self.svgNumber(fold))\" x2=\"\(Self.svgNumber(screen.width))\" "
                + "y2=\"\(Self.svgNumber(fold))\" stroke=\"#0969da\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"/>\n"
        }
        outlines += "</g>\n"
        return Self.inserting(outlines, beforeClosingTagOf: svg)
    }

    /// `svg` with `markup` inserted before its last `</svg>` (unchanged without one). Sliced in
    /// UTF-8: Foundation's `replacingCharacters(in:with:)` went through UTF-16 and back, two thirds
    /// of drawing a sweep report's picture.
    static func inserting(_ markup: String, beforeClosingTagOf svg: String) -> String {
        let tag = Array("</svg>".utf8)
        let bytes = svg.utf8
        var end = bytes.endIndex
        while let found = bytes[..<end].lastIndex(of: tag[0]) {
            if bytes[found...].starts(with: tag) {
                var result = String(svg[..<found])
                result.reserveCapacity(svg.utf8.count + markup.utf8.count)
                result += markup
                result += svg[found...]
                return result
            }
            end = found
        }
        return svg
    }

    /// A finding's layout made again, and its texts with findings (on its device).
    struct FindingLayout: Sendable {
        let result: LayoutResult
        let texts: [(placed: PlacedText, device: Device)]
        /// Where the device's screen ends, when the finding's text lies below it (scrolled out of
        /// view) and the layout was made on the device made taller to show it; `nil` otherwise.
        var fold: CGFloat? = nil
    }

    /// The layout `finding` was found in, made again, and its texts with findings; made taller when
    /// the finding's text, or a text of `alsoShowing` (pre-order indices), lies below the screen.
    func layout(of finding: Finding, alsoShowing: [Int] = []) -> FindingLayout? {
        var tree: LayoutTree?
        return layout(of: finding, alsoShowing: alsoShowing, tree: &tree)
    }

    /// ``layout(of:alsoShowing:)`` in `tree` when given: the tree of the finding's screen, locale
    /// and size made for an earlier finding, which moves to this device when it can
    /// (`LayoutTree.layout(on:orientation:)`); else in a tree made here, left in `tree`.
    func layout(of finding: Finding, alsoShowing: [Int], tree: inout LayoutTree?) -> FindingLayout? {
        guard let screen = screens.first(where: { $0.name == finding.screen }),
              let device = devices.first(where: { $0.name == finding.device }) else { return nil }
        let made = tree ?? LayoutTree(screen.content, environment: environment(locale: finding.locale, size: finding.size,
                                                                                  cache: environment.textMeasurementCache),
                                      on: device, orientation: finding.orientation)
        tree = made
        let result = made.layout(on: device, orientation: finding.orientation)
        return pictureLayout(result, texts: result.findings, tree: made, device: device, orientation: finding.orientation,
                             showing: Set(alsoShowing + [finding.index]))
    }

    /// `result`, `tree`'s layout on `device` with the texts with findings `texts` (its
    /// ``LayoutResult/findings``, which are made anew each time they are read), as a picture
    /// showing the texts `shown` (pre-order indices) shows it. When one of them lies below the screen (a scroll view's content past its
    /// bottom), the screen is laid out again on the device made as much taller as that takes (its
    /// width, and so every text's width and fit, unchanged), as a full-page screenshot shows it —
    /// unless a text of `shown` has no finding there (cut by the screen's edge, say), which the
    /// taller screen would hide.
    func pictureLayout(_ result: LayoutResult, texts: [PlacedText], tree: LayoutTree, device: Device, orientation: Device.Orientation,
                       showing shown: Set<Int>) -> FindingLayout {
        let height = result.size.height
        let lowest = texts.filter { shown.contains($0.index) }.map(\.frame.maxY).max() ?? 0
        if lowest > height {
            var tall = device
            let extra = (lowest - height).rounded(.up) + 24
            if orientation == .landscape { tall.portraitSize.width += extra } else { tall.portraitSize.height += extra }
            let longer = tree.layout(on: tall, orientation: orientation)
            let longerTexts = longer.findings
            if shown.allSatisfy({ index in longerTexts.contains { $0.index == index } }) {
                return FindingLayout(result: longer, texts: longerTexts.map { ($0, device) }, fold: height)
            }
        }
        return FindingLayout(result: result, texts: texts.map { ($0, device) })
    }

    /// A coordinate to two decimals, without trailing zeros.
    static func svgNumber(_ value: CGFloat) -> String {
        let rounded = (Double(value) * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
}
