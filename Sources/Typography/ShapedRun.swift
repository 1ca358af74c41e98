import CHarfBuzz
import Synchronization

/// A glyph's ink box in font units, y up, relative to its pen position (offsets included).
package struct GlyphBox: Hashable, Sendable {
    package var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32

    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    static let empty = GlyphBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
}

/// One shaped glyph, in font units.
package struct ShapedGlyph: Hashable, Sendable {
    package var id: UInt32
    /// The scalar offset, relative to the run's start, of the first character of its cluster.
    package var cluster: UInt32
    package var advance: Int32
    package var xOffset: Int32
    package var yOffset: Int32
    /// HarfBuzz's UNSAFE_TO_BREAK: breaking before this glyph's cluster needs a reshape.
    package var unsafeToBreak: Bool
}

/// One run shaped by HarfBuzz, in font units (size-independent), glyphs in visual order.
package struct ShapedRun: Sendable {
    package var glyphs: [ShapedGlyph]
    /// The sum of the advances.
    package var advance: Int

    /// The memory the glyphs take (for caches bounded by bytes).
    var byteCount: Int { glyphs.count * MemoryLayout<ShapedGlyph>.stride }

    /// A run of `glyphs` already shaped (a slice of another run).
    package init(glyphs: [ShapedGlyph]) {
        self.glyphs = glyphs
        advance = glyphs.reduce(0) { $0 + Int($1.advance) }
    }

    /// HarfBuzz's language for a canonical locale (``CanonicalLocale``, as ``TextAttributes/locale``
    /// always is): the tag up to its `-u-` keywords, which choose no OpenType language system
    /// (``CanonicalLocale/harfBuzzLanguage``, without making a string); `nil` for `und`.
    /// HarfBuzz keeps every language string it is given in a global list, never freed and searched
    /// linearly on each call, so it must only ever see this bounded set.
    static func harfBuzzLanguage(_ locale: String) -> hb_language_t? {
        var locale = locale
        return locale.withUTF8 { utf8 -> hb_language_t? in
            var end = utf8.count
            var index = 0
            while index + 2 < utf8.count {
                if utf8[index] == UInt8(ascii: "-"), utf8[index + 1] == UInt8(ascii: "u"), utf8[index + 2] == UInt8(ascii: "-") {
                    end = index
                    break
                }
                index += 1
            }
            if end == 3, utf8[0] == UInt8(ascii: "u"), utf8[1] == UInt8(ascii: "n"), utf8[2] == UInt8(ascii: "d") { return nil }
            return utf8.withMemoryRebound(to: CChar.self) { hb_language_from_string($0.baseAddress, Int32(end)) }
        }
    }

    /// Shapes `scalars` with `font` (scale = units per em) under the given segment properties.
    init(shaping scalars: UnsafeBufferPointer<UInt32>, font: OpaquePointer, script: Script, direction: TextDirection,
         language: String?, features: [FontFeature]) {
        let buffer = BufferPool.shared.take()
        defer { BufferPool.shared.give(buffer) }
        hb_buffer_add_codepoints(buffer, scalars.baseAddress, Int32(scalars.count), 0, Int32(scalars.count))
        hb_buffer_set_direction(buffer, direction.hb)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script.rawValue))
        if let language, let hbLanguage = Self.harfBuzzLanguage(language) { hb_buffer_set_language(buffer, hbLanguage) }
        if features.isEmpty {
            hb_shape(font, buffer, nil, 0)
        } else {
            let hbFeatures = features.map(\.feature)
            hb_shape(font, buffer, hbFeatures, UInt32(hbFeatures.count))
        }
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, nil)!
        var total = 0
        var glyphs = [ShapedGlyph](filledWith: ShapedGlyph(id: 0, cluster: 0, advance: 0, xOffset: 0, yOffset: 0, unsafeToBreak: false),
                                   count: Int(count))
        glyphs.withUnsafeMutableBufferPointer { storage in
            for i in 0..<Int(count) {
                let info = infos[i], position = positions[i]
                // hb_glyph_info_get_glyph_flags reads the same bits of `mask`.
                let unsafe = (info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0
                storage[i] = ShapedGlyph(id: info.codepoint, cluster: info.cluster, advance: position.x_advance,
                                         xOffset: position.x_offset, yOffset: position.y_offset, unsafeToBreak: unsafe)
                total += Int(position.x_advance)
            }
        }
        self.glyphs = glyphs
        advance = total
    }

    /// The union of the glyphs' ink boxes relative to the run's start (empty when nothing is
    /// inked), read from the face's glyph extents now rather than at shaping time.
    package func ink(in face: FontFace) -> GlyphBox {
        var pen: Int32 = 0
        var union = GlyphBox.empty
        for glyph in glyphs {
            let box = face.box(of: glyph)
            if !box.isEmpty {
                let moved = GlyphBox(minX: box.minX + pen, minY: box.minY, maxX: box.maxX + pen, maxY: box.maxY)
                union = union.isEmpty ? moved : GlyphBox(minX: min(union.minX, moved.minX), minY: min(union.minY, moved.minY),
                                                         maxX: max(union.maxX, moved.maxX), maxY: max(union.maxY, moved.maxY))
            }
            pen += glyph.advance
        }
        return union
    }
}

extension FontFace {
    /// A shaped glyph's ink box relative to its pen position (its offsets applied).
    package func box(of glyph: ShapedGlyph) -> GlyphBox {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph.id, &extents) != 0, extents.width != 0, extents.height != 0 else {
            return .empty
        }
        let x0 = extents.x_bearing + glyph.xOffset, y0 = extents.y_bearing + glyph.yOffset
        return GlyphBox(minX: min(x0, x0 + extents.width), minY: min(y0, y0 + extents.height),
                        maxX: max(x0, x0 + extents.width), maxY: max(y0, y0 + extents.height))
    }
}

/// Reuses `hb_buffer_t`s across shaping calls (creating one per call costs an allocation): a few
/// lock-free slots, each holding an idle buffer's address or 0. A thread takes a buffer by swapping
/// a slot to 0 and gives it back by filling an empty slot; with every slot busy it makes or frees one.
final class BufferPool: Sendable {
    static let shared = BufferPool()
    private let slot0 = Atomic<UInt>(0), slot1 = Atomic<UInt>(0), slot2 = Atomic<UInt>(0), slot3 = Atomic<UInt>(0)

    func take() -> OpaquePointer {
        if let buffer = take(slot0) ?? take(slot1) ?? take(slot2) ?? take(slot3) { return buffer }
        return hb_buffer_create()
    }

    func give(_ buffer: OpaquePointer) {
        hb_buffer_clear_contents(buffer)
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(buffer)))
        if give(address, slot0) || give(address, slot1) || give(address, slot2) || give(address, slot3) { return }
        hb_buffer_destroy(buffer)
    }

    private func take(_ slot: borrowing Atomic<UInt>) -> OpaquePointer? {
        let address = slot.exchange(0, ordering: .acquiring)
        return address == 0 ? nil : OpaquePointer(bitPattern: address)
    }

    private func give(_ address: UInt, _ slot: borrowing Atomic<UInt>) -> Bool {
        slot.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged
    }
}

/// A whole single line, itemized and shaped: the unit the line cache stores.
package final class ShapedLine: Sendable {
    package struct Run: Sendable {
        /// Scalar offsets of the run in the text.
        package let start: Int, end: Int
        package let face: FontFace
        package let script: Script
        package let direction: TextDirection
        /// Grapheme clusters in the run (tracking is added after each).
        package let graphemeCount: Int
        package let shaped: ShapedRun
    }

    package let runs: [Run]
    /// Scalar ranges no font covers: whole clusters, or scalars of a cluster split between fonts.
    package let missing: [Range<Int>]
    package let scalarCount: Int
    package let graphemeCount: Int
    /// Σ run advance ÷ units per em: the width at 1 pt without tracking.
    package let advancePerPoint: Double
    /// Whether a run's face has a `trak` table (so a measurement adds its tracking).
    package let hasTrackingTables: Bool

    init(runs: [Run], missing: [Range<Int>], scalarCount: Int, graphemeCount: Int) {
        self.runs = runs
        self.missing = missing
        self.scalarCount = scalarCount
        self.graphemeCount = graphemeCount
        self.advancePerPoint = runs.reduce(0) { $0 + Double($1.shaped.advance) / Double($1.face.metrics.unitsPerEm) }
        self.hasTrackingTables = runs.contains { $0.face.trackingTable != nil }
    }
}
