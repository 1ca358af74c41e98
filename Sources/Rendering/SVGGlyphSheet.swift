import Foundation
import Synchronization
import Typography

/// Glyph definitions for SVG: each (face, glyph) drawn is defined once, as a `<path>` in font units
/// (y up) named `<prefix>g<face>-<glyph>`, or for a colour bitmap as an `<image>` (already in
/// y-down font units) named `<prefix>e<face>-<glyph>`; faces are numbered in order of first use
/// (in a sheet made to be shared by threads, named by what they are: `threadShared`).
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

    /// Faces numbered in order of first use (the number names their glyph definitions; in a
    /// thread-shared sheet, only this copy's key to its cache of ``definitions``).
    private var faceNumbers: [FontFace: Int] = [:]
    /// The face asked for last and its number.
    private var lastFace: (face: FontFace, number: Int)?
    /// Whether each face has colour bitmaps (asked once per face).
    private var bitmapFaces: [FontFace: Bool] = [:]
    /// Each glyph's definition, made on first use (in a thread-shared sheet, this copy's cache of
    /// the store's).
    private var definitions: [GlyphReference: Definition] = [:]
    /// The definitions' SVG, in order of first use (empty in a thread-shared sheet: the store has them).
    private(set) var defs = ""
    /// The definitions every copy of a thread-shared sheet draws with (``threadShared(idPrefix:decimals:)``);
    /// `nil` for a sheet of its own.
    private let store: SharedDefinitions?

    /// A sheet of glyph definitions shared by a page's pictures (ids prefixed with `idPrefix`).
    public init(idPrefix: String = "", decimals: Int = 2) {
        self.idPrefix = idPrefix
        self.decimals = decimals
        self.store = nil
    }

    private init(idPrefix: String, decimals: Int, store: SharedDefinitions) {
        self.idPrefix = idPrefix
        self.decimals = decimals
        self.store = store
    }

    /// A sheet whose copies may draw pictures on many threads at once, into one set of definitions
    /// (kept behind a lock, each made once): a face is named by its file, face index and variations
    /// (a short hash), not by the order faces were first drawn, and ``svg()`` lists the definitions
    /// ordered by name, so the ids and the sheet are the same whatever order the threads drew in.
    package static func threadShared(idPrefix: String = "", decimals: Int = 2) -> SVGGlyphSheet {
        SVGGlyphSheet(idPrefix: idPrefix, decimals: decimals, store: SharedDefinitions())
    }

    /// No glyph has been defined (nothing drawn had ink).
    public var isEmpty: Bool { store.map { $0.isEmpty } ?? defs.isEmpty }

    /// The bytes of the definitions so far.
    var defsByteCount: Int { defs.utf8.count }

    /// The definitions as a hidden, zero-size `<svg>` for an HTML page (not `display: none`, under
    /// which some browsers draw no `<use>` of it); empty when there are none.
    public func svg() -> String {
        let defs = store?.markup() ?? self.defs
        guard !defs.isEmpty else { return "" }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"0\" height=\"0\" "
            + "style=\"position:absolute\" aria-hidden=\"true\">\n<defs>\n\(defs)</defs>\n</svg>\n"
    }

    private struct GlyphReference: Hashable {
        let face: Int
        let glyph: UInt32
    }

    /// How a glyph is drawn: nothing (a space), an outline, or a bitmap; with its ink box in font units.
    enum Definition: Sendable {
        case none
        case outline(id: String, extents: GlyphExtents?)
        case image(id: String, extents: GlyphExtents)
    }

    /// The glyph's definition, made on first use.
    mutating func definition(of glyph: UInt32, in face: FontFace) -> Definition {
        let faceNumber: Int
        if let last = lastFace, last.face === face {
            faceNumber = last.number  // a run's glyphs are of one face: no table lookup
        } else if let known = faceNumbers[face] {
            faceNumber = known
        } else {
            faceNumber = faceNumbers.count
            faceNumbers[face] = faceNumber
        }
        lastFace = (face, faceNumber)
        let reference = GlyphReference(face: faceNumber, glyph: glyph)
        if let known = definitions[reference] { return known }
        let definition: Definition
        if let store {
            definition = store.definition(of: glyph, in: face, idPrefix: idPrefix, decimals: decimals)
        } else {
            let hasBitmaps: Bool
            if let known = bitmapFaces[face] { hasBitmaps = known } else {
                hasBitmaps = face.hasColorBitmaps
                bitmapFaces[face] = hasBitmaps
            }
            let made = Self.make(glyph, in: face, named: String(faceNumber), hasBitmaps: hasBitmaps, idPrefix: idPrefix, decimals: decimals)
            defs += made.markup
            definition = made.definition
        }
        definitions[reference] = definition
        return definition
    }

    /// Glyph `glyph` of `face` (named `faceName` in ids) as a definition and its markup (empty for none).
    fileprivate static func make(_ glyph: UInt32, in face: FontFace, named faceName: String, hasBitmaps: Bool, idPrefix: String,
                                 decimals: Int) -> (definition: Definition, markup: String) {
        func number(_ value: Double) -> String { SVGNumber.format(value, decimals: decimals) }
        if hasBitmaps, let image = face.colorGlyphPNG(glyph) {
            let id = "\(idPrefix)e\(faceName)-\(glyph)"
            let box = image.extents
            let markup = "<image id=\"\(id)\" x=\"\(number(box.xBearing))\" y=\"\(number(-box.yBearing))\" "
                + "width=\"\(number(box.width))\" height=\"\(number(box.height))\" preserveAspectRatio=\"none\" "
                + "xlink:href=\"data:image/png;base64,\(image.png.base64EncodedString())\"/>\n"
            return (.image(id: id, extents: box), markup)
        }
        let outline = face.outline(of: glyph)
        guard !outline.isEmpty else { return (.none, "") }
        let id = "\(idPrefix)g\(faceName)-\(glyph)"
        return (.outline(id: id, extents: face.extents(of: glyph)), "<path id=\"\(id)\" d=\"\(pathData(outline, number))\"/>\n")
    }

    /// SVG path data for an outline, in font units.
    private static func pathData(_ outline: [PathElement], _ number: (Double) -> String) -> String {
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
}

/// The definitions of a thread-shared ``SVGGlyphSheet``: faces named by what they are, each glyph
/// defined once, behind a lock (a sheet's copies ask only for glyphs new to them).
private final class SharedDefinitions: Sendable {
    private struct Key: Hashable, Comparable {
        let face: String
        let glyph: UInt32
        static func < (a: Key, b: Key) -> Bool { a.face != b.face ? a.face < b.face : a.glyph < b.glyph }
    }

    private struct State {
        /// Each face's name, and which face (its identity) each name was given to.
        var names: [FontFace: String] = [:]
        var identities: [String: String] = [:]
        var bitmapFaces: [FontFace: Bool] = [:]
        var definitions: [Key: (definition: SVGGlyphSheet.Definition, markup: String)] = [:]
    }

    private let state = Mutex(State())

    var isEmpty: Bool { state.withLock { state in !state.definitions.values.contains { !$0.markup.isEmpty } } }

    /// Every definition's markup, ordered by face name and glyph.
    func markup() -> String {
        state.withLock { state in state.definitions.keys.sorted().map { state.definitions[$0]!.markup }.joined() }
    }

    func definition(of glyph: UInt32, in face: FontFace, idPrefix: String, decimals: Int) -> SVGGlyphSheet.Definition {
        state.withLock { state in
            let name = Self.name(of: face, in: &state)
            let key = Key(face: name, glyph: glyph)
            if let known = state.definitions[key] { return known.definition }
            let hasBitmaps: Bool
            if let known = state.bitmapFaces[face] { hasBitmaps = known } else {
                hasBitmaps = face.hasColorBitmaps
                state.bitmapFaces[face] = hasBitmaps
            }
            let made = SVGGlyphSheet.make(glyph, in: face, named: name, hasBitmaps: hasBitmaps, idPrefix: idPrefix, decimals: decimals)
            state.definitions[key] = made
            return made.definition
        }
    }

    /// `face`'s name: six base-36 digits of an FNV-1a hash of its file, face index and variations,
    /// then as many `x` as it takes to differ from another face's (never, in practice).
    private static func name(of face: FontFace, in state: inout State) -> String {
        if let known = state.names[face] { return known }
        let identity = "\(face.path)\u{0}\(face.faceIndex)\u{0}"
            + face.variations.sorted { $0.tag < $1.tag }.map { "\($0.tag)=\($0.value)" }.joined(separator: ",")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identity.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        var name = String(hash % 2_176_782_336, radix: 36)  // 36^6
        name = String(repeating: "0", count: 6 - name.count) + name
        while let other = state.identities[name], other != identity { name += "x" }
        state.identities[name] = identity
        state.names[face] = name
        return name
    }
}
