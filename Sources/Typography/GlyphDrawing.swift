import CHarfBuzz
import Foundation
import Synchronization

// Glyph outlines and colour bitmaps for renderers, read through HarfBuzz's draw API
// (`hb_font_get_glyph_shape`) and its colour API (`hb_ot_color_glyph_reference_png`).
// Everything here is in font units (the faces are opened at scale = units per em), y up, relative
// to the glyph's pen position, and free of C types.

/// One command of a glyph outline, in font units, y up, relative to the pen position.
///
/// TrueType (`glyf`) outlines arrive as `move`/`line`/`quad`/`close`, with the on-curve points a
/// TrueType contour only implies (the midpoint between two off-curve points) made explicit, as
/// HarfBuzz reports them. CFF outlines arrive as `cubic`s. Every contour ends with `close`, and
/// HarfBuzz inserts a `line` back to the contour's start before it when the last point differs.
public enum PathElement: Hashable, Sendable {
    /// Starts a contour at (x, y).
    case move(x: Double, y: Double)
    /// A straight segment to (x, y).
    case line(x: Double, y: Double)
    /// A quadratic Bézier with control point (cx, cy), ending at (x, y).
    case quad(cx: Double, cy: Double, x: Double, y: Double)
    /// A cubic Bézier with control points (c1x, c1y) and (c2x, c2y), ending at (x, y).
    case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
    /// Closes the current contour.
    case close
}

/// A glyph's ink box in font units, relative to its pen position: the top-left corner at
/// (`xBearing`, `yBearing`) with y up, extending `width` to the right and `height` downwards
/// (both non-negative). HarfBuzz's `hb_glyph_extents_t` with the sign of the height flipped.
public struct GlyphExtents: Hashable, Sendable {
    /// The left of the glyph's ink from its origin, in points.
    public var xBearing: Double
    /// The top of the glyph's ink above its baseline, in points.
    public var yBearing: Double
    /// The ink's width, in points.
    public var width: Double
    /// The ink's height, in points (negative: downwards, as HarfBuzz gives it).
    public var height: Double

    /// Extents of these values, in points.
    public init(xBearing: Double, yBearing: Double, width: Double, height: Double) {
        self.xBearing = xBearing
        self.yBearing = yBearing
        self.width = width
        self.height = height
    }

    /// No ink.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// A colour glyph's bitmap (a `CBDT`/`sbix` strike, e.g. Noto Color Emoji) as a PNG file, with the
/// box it covers in font units.
public struct ColorGlyphImage: Hashable, Sendable {
    /// The PNG file's bytes, as stored in the font.
    public let png: Data
    /// The box the image is drawn into (font units, relative to the pen position).
    public let extents: GlyphExtents
    /// The image's size in pixels, read from the PNG header (0 when the header is unreadable).
    public let pixelWidth: Int
    /// The bitmap's height in pixels.
    public let pixelHeight: Int
}

extension FontFace {
    /// The outline of glyph `glyph` (an index into this face, as shaping returns), in font units,
    /// y up, relative to the pen position. Empty for glyphs without an outline (spaces, bitmap-only
    /// emoji, indices out of range).
    ///
    /// Cached per (face, glyph) in a bounded cache shared by all threads.
    /// - Complexity: O(points) on a cache miss; a hash lookup on a hit.
    public func outline(of glyph: UInt32) -> [PathElement] {
        let key = GlyphKey(face: serial, glyph: glyph)
        if let hit = GlyphCaches.outlines.value(for: key) { return hit }
        var elements: [PathElement] = []
        if Int(glyph) < glyphCount {
            withUnsafeMutablePointer(to: &elements) { pointer in
                hb_font_get_glyph_shape(hbFont, glyph, DrawFunctions.shared.pointer, pointer)
            }
        }
        GlyphCaches.outlines.insert(elements, for: key)
        return elements
    }

    /// The ink box of glyph `glyph` in font units (see ``GlyphExtents``), or `nil` when the face
    /// reports none (a space, an index out of range). For bitmap glyphs this is the bitmap's box.
    ///
    /// Kept per face, one word per glyph (`GlyphExtentsTable`): every measured line's `ink` reads
    /// the boxes of its glyphs, and a CFF glyph's box is found by running its charstring.
    public func extents(of glyph: UInt32) -> GlyphExtents? {
        guard Int(glyph) < glyphCount else { return nil }
        switch extentsTable.lookup(Int(glyph)) {
        case .known(let extents): return extents
        case .unknown:
            let extents = readExtents(of: glyph)
            extentsTable.store(extents, at: Int(glyph))
            return extents
        }
    }

    private func readExtents(of glyph: UInt32) -> GlyphExtents? {
        var extents = hb_glyph_extents_t()
        guard Int(glyph) < glyphCount, hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0,
              extents.width != 0, extents.height != 0 else { return nil }
        // Normalise negative widths / positive heights (HarfBuzz allows either sign).
        let left = min(extents.x_bearing, extents.x_bearing + extents.width)
        let top = max(extents.y_bearing, extents.y_bearing + extents.height)
        return GlyphExtents(xBearing: Double(left), yBearing: Double(top), width: Double(abs(extents.width)),
                            height: Double(abs(extents.height)))
    }

    /// Whether the face carries colour bitmaps as PNG (`CBDT` or `sbix`), as Noto Color Emoji does.
    public var hasColorBitmaps: Bool { hb_ot_color_has_png(hbFace) != 0 }

    /// The colour bitmap of glyph `glyph` as a PNG, with the box it covers, or `nil` when the face
    /// has no bitmap for it. The largest strike is used (the faces have no pixel size set).
    ///
    /// Cached per (face, glyph) in a bounded cache shared by all threads.
    public func colorGlyphPNG(_ glyph: UInt32) -> ColorGlyphImage? {
        let key = GlyphKey(face: serial, glyph: glyph)
        if let hit = GlyphCaches.images.value(for: key) { return hit.image }
        let image = readColorGlyphPNG(glyph)
        GlyphCaches.images.insert(CachedImage(image: image), for: key)
        return image
    }

    private func readColorGlyphPNG(_ glyph: UInt32) -> ColorGlyphImage? {
        guard Int(glyph) < glyphCount, hasColorBitmaps, let extents = extents(of: glyph),
              let blob = hb_ot_color_glyph_reference_png(hbFont, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        let png = Data(bytes: bytes, count: Int(length))
        let (width, height) = ColorGlyphImage.pixelSize(of: png)
        return ColorGlyphImage(png: png, extents: extents, pixelWidth: width, pixelHeight: height)
    }
}

extension ColorGlyphImage {
    /// The eight bytes every PNG file starts with.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from the IHDR chunk that follows the signature, or (0, 0).
    static func pixelSize(of png: Data) -> (Int, Int) {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == pngSignature, bytes[12..<16].elementsEqual("IHDR".utf8) else {
            return (0, 0)
        }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }
}

// MARK: - Internals

/// A glyph of a face: the face's process-unique serial and the glyph index.
struct GlyphKey: Hashable, Sendable {
    let face: Int
    let glyph: UInt32
}

/// A cached colour-bitmap lookup, misses included (most glyphs of most faces have no bitmap).
struct CachedImage: Sendable {
    let image: ColorGlyphImage?
}

/// The bounded caches of outlines and colour bitmaps, shared by every face.
enum GlyphCaches {
    /// About 8k outlines: a few scripts' worth of glyphs in a few faces.
    static let outlines = BoundedCache<GlyphKey, [PathElement]>(capacity: 8_192)
    /// Emoji PNGs are ~5–15 kB each at Noto's 136-pixel strike, so this holds a few MB at most.
    static let images = BoundedCache<GlyphKey, CachedImage>(capacity: 512)
}

/// A face's glyph ink boxes, one 64-bit word per glyph, read and written without a lock: the
/// box's left, top, width and height in font units as 16-bit numbers; 0 for a box not read yet (a
/// box has a width of at least 1, so no real box packs to 0) and all ones for a glyph without ink.
/// A box that does not fit 16 bits is not kept (read again each time). Allocated on first use,
/// zero-filled by `calloc`, so the pages of glyphs never asked about are not even touched: 8 bytes
/// a glyph at most (512 KB for a 65,536-glyph font).
final class GlyphExtentsTable: @unchecked Sendable {
    enum Entry {
        case unknown
        case known(GlyphExtents?)
    }

    private let count: Int
    private let words = Atomic<UnsafeMutablePointer<Atomic<UInt64>>?>(nil)
    private static let noInk = UInt64.max

    init(glyphCount: Int) { count = glyphCount }

    deinit { words.load(ordering: .acquiring).map { free($0) } }

    /// The table, made by the first caller (a loser of the race frees its own). Zeroed memory is
    /// an `Atomic<UInt64>` holding 0 (its layout is the integer's), so nothing is written to make it.
    private var table: UnsafeMutablePointer<Atomic<UInt64>> {
        if let table = words.load(ordering: .acquiring) { return table }
        let fresh = calloc(max(1, count), MemoryLayout<UInt64>.stride)!.bindMemory(to: Atomic<UInt64>.self, capacity: max(1, count))
        let (exchanged, current) = words.compareExchange(expected: nil, desired: fresh, ordering: .acquiringAndReleasing)
        if exchanged { return fresh }
        free(fresh)
        return current!
    }

    func lookup(_ glyph: Int) -> Entry {
        // Threads race only to write the same word: a reader sees 0 (then reads the box itself) or it.
        let word = (table + glyph).pointee.load(ordering: .relaxed)
        switch word {
        case 0: return .unknown
        case Self.noInk: return .known(nil)
        default:
            func field(_ shift: UInt64) -> Int { Int(UInt16(truncatingIfNeeded: word >> shift)) }
            return .known(GlyphExtents(xBearing: Double(Int16(truncatingIfNeeded: field(48))), yBearing: Double(Int16(truncatingIfNeeded: field(32))),
                                       width: Double(field(16)), height: Double(field(0))))
        }
    }

    func store(_ extents: GlyphExtents?, at glyph: Int) {
        guard let extents else {
            (table + glyph).pointee.store(Self.noInk, ordering: .relaxed)
            return
        }
        guard let left = Int16(exactly: extents.xBearing), let top = Int16(exactly: extents.yBearing),
              let width = UInt16(exactly: extents.width), let height = UInt16(exactly: extents.height),
              !(left == -1 && top == -1 && width == .max && height == .max) else { return }
        let word = UInt64(UInt16(bitPattern: left)) << 48 | UInt64(UInt16(bitPattern: top)) << 32 | UInt64(width) << 16 | UInt64(height)
        (table + glyph).pointee.store(word, ordering: .relaxed)
    }
}

/// The `hb_draw_funcs_t` that appends ``PathElement``s to the `[PathElement]` passed as draw data.
/// Made once and immutable, so every thread may use it at once.
final class DrawFunctions: @unchecked Sendable {
    static let shared = DrawFunctions()

    /// `hb_draw_funcs_t *`, owned.
    let pointer: OpaquePointer

    private init() {
        let funcs = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
            DrawFunctions.append(.move(x: Double(x), y: Double(y)), to: data)
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
            DrawFunctions.append(.line(x: Double(x), y: Double(y)), to: data)
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
            DrawFunctions.append(.quad(cx: Double(cx), cy: Double(cy), x: Double(x), y: Double(y)), to: data)
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            DrawFunctions.append(.cubic(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y),
                                        x: Double(x), y: Double(y)), to: data)
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
            DrawFunctions.append(.close, to: data)
        }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        pointer = funcs
    }

    deinit { hb_draw_funcs_destroy(pointer) }

    private static func append(_ element: PathElement, to data: UnsafeMutableRawPointer?) {
        data?.assumingMemoryBound(to: [PathElement].self).pointee.append(element)
    }
}
