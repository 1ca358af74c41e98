import Foundation
import Typography

/// Glyph definitions for SVG: each (face, glyph) drawn is defined once, as a `<path>` in font units
/// (y up) named `<prefix>g<face>-<glyph>`, or for a colour bitmap as an `<image>` (already in
/// y-down font units) named `<prefix>e<face>-<glyph>`; faces are numbered in order of first use.
///
/// Every SVG the renderer writes carries a sheet of its own in its `<defs>`. Many pictures inlined
/// into one HTML page can share one sheet instead (``SVGRenderer/svg(_:at:sharing:)``): the
/// pictures then only place glyphs (`<use>`), and the page carries the definitions once, as
/// ``svg()``. Ids in an HTML document are global, so a `<use>` in one inline SVG finds a definition
/// in another. (A stress report of 11,301 pictures used 513 distinct glyphs: defined in every
/// picture they were 149,150 paths, 36 % of the page.)
///
/// ```swift
/// var glyphs = SVGGlyphSheet(idPrefix: "glyph-")
/// let pictures = layouts.enumerated().map { index, layout in
///     SVGRenderer(options: .init(idPrefix: "p\(index)-")).svg(layout, sharing: &glyphs)
/// }
/// let body = glyphs.svg() + pictures.joined()
/// ```
public struct SVGGlyphSheet: Sendable {
    /// Prepended to every definition's id.
    public let idPrefix: String
    /// Decimals kept in the definitions' coordinates (font units).
    public let decimals: Int

    /// Faces numbered in order of first use (the number names their glyph definitions).
    private var faceNumbers: [FontFace: Int] = [:]
    /// Whether each face has colour bitmaps (asked once per face).
    private var bitmapFaces: [FontFace: Bool] = [:]
    /// Each glyph's definition, made on first use.
    private var definitions: [GlyphReference: Definition] = [:]
    /// The definitions' SVG, in order of first use.
    private(set) var defs = ""

    /// A sheet of glyph definitions shared by a page's pictures (ids prefixed with `idPrefix`).
    public init(idPrefix: String = "", decimals: Int = 2) {
        self.idPrefix = idPrefix
        self.decimals = decimals
    }

    /// No glyph has been defined (nothing drawn had ink).
    public var isEmpty: Bool { defs.isEmpty }

    /// The bytes of the definitions so far.
    var defsByteCount: Int { defs.utf8.count }

    /// The definitions as a hidden, zero-size `<svg>` for an HTML page (not `display: none`, under
    /// which some browsers draw no `<use>` of it); empty when there are none.
    public func svg() -> String {
        guard !defs.isEmpty else { return "" }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"0\" height=\"0\" "
            + "style=\"position:absolute\" aria-hidden=\"true\">\n<defs>\n\(defs)</defs>\n</svg>\n"
    }

    private struct GlyphReference: Hashable {
        let face: Int
        let glyph: UInt32
    }

    /// How a glyph is drawn: nothing (a space), an outline, or a bitmap; with its ink box in font units.
    enum Definition {
        case none
        case outline(id: String, extents: GlyphExtents?)
        case image(id: String, extents: GlyphExtents)
    }

    /// The glyph's definition, made on first use.
    mutating func definition(of glyph: UInt32, in face: FontFace) -> Definition {
        let faceNumber: Int
        if let known = faceNumbers[face] { faceNumber = known } else {
            faceNumber = faceNumbers.count
            faceNumbers[face] = faceNumber
        }
        let reference = GlyphReference(face: faceNumber, glyph: glyph)
        if let known = definitions[reference] { return known }
        let definition = makeDefinition(of: glyph, in: face, faceNumber: faceNumber)
        definitions[reference] = definition
        return definition
    }

    private mutating func makeDefinition(of glyph: UInt32, in face: FontFace, faceNumber: Int) -> Definition {
        let hasBitmaps: Bool
        if let known = bitmapFaces[face] { hasBitmaps = known } else {
            hasBitmaps = face.hasColorBitmaps
            bitmapFaces[face] = hasBitmaps
        }
        if hasBitmaps, let image = face.colorGlyphPNG(glyph) {
            let id = "\(idPrefix)e\(faceNumber)-\(glyph)"
            let box = image.extents
            defs += "<image id=\"\(id)\" x=\"\(number(box.xBearing))\" y=\"\(number(-box.yBearing))\" "
                + "width=\"\(number(box.width))\" height=\"\(number(box.height))\" preserveAspectRatio=\"none\" "
                + "xlink:href=\"data:image/png;base64,\(image.png.base64EncodedString())\"/>\n"
            return .image(id: id, extents: box)
        }
        let outline = face.outline(of: glyph)
        guard !outline.isEmpty else { return .none }
        let id = "\(idPrefix)g\(faceNumber)-\(glyph)"
        defs += "<path id=\"\(id)\" d=\"\(pathData(outline))\"/>\n"
        return .outline(id: id, extents: face.extents(of: glyph))
    }

    /// SVG path data for an outline, in font units.
    private func pathData(_ outline: [PathElement]) -> String {
        var d = ""
        for element in outline {
            switch element {
            case .move(let x, let y): d += "M\(number(x)) \(number(y))"
            case .line(let x, let y): d += "L\(number(x)) \(number(y))"
            case .quad(let cx, let cy, let x, let y): d += "Q\(number(cx)) \(number(cy)) \(number(x)) \(number(y))"
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                d += "C\(number(c1x)) \(number(c1y)) \(number(c2x)) \(number(c2y)) \(number(x)) \(number(y))"
            case .close: d += "Z"
            }
        }
        return d
    }

    private func number(_ value: Double) -> String { SVGNumber.format(value, decimals: decimals) }
}
