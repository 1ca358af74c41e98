import CHarfBuzz

/// A glyph's ink box in font units, y up, relative to its pen position (offsets included).
package struct GlyphBox: Hashable, Sendable {
    package var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32

    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    func union(_ other: GlyphBox) -> GlyphBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return GlyphBox(minX: min(minX, other.minX), minY: min(minY, other.minY),
                        maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    func offset(x: Int32) -> GlyphBox { GlyphBox(minX: minX + x, minY: minY, maxX: maxX + x, maxY: maxY) }

    static let empty = GlyphBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
}

/// One run shaped by HarfBuzz, in font units (size-independent), glyphs in visual order.
package struct ShapedRun: Sendable {
    package var glyphs: [UInt32]
    /// Each glyph's cluster: the scalar offset, relative to the run's start, of its first character.
    package var clusters: [UInt32]
    package var advances: [Int32]
    package var xOffsets: [Int32]
    package var yOffsets: [Int32]
    /// HarfBuzz's UNSAFE_TO_BREAK flag per glyph: breaking before this glyph needs a reshape.
    package var unsafeToBreak: [Bool]
    /// Ink boxes, relative to each glyph's pen position.
    package var boxes: [GlyphBox]
    /// The sum of the advances.
    package var advance: Int
    /// The union of the ink boxes, relative to the run's start (empty when nothing is inked).
    package var ink: GlyphBox

    /// Shapes `scalars` with `font` (scale = units per em) under the given segment properties.
    init(shaping scalars: ArraySlice<UInt32>, font: OpaquePointer, script: Script, direction: TextDirection,
         language: String?, features: [FontFeature]) {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { pointer in
            hb_buffer_add_codepoints(buffer, pointer.baseAddress, Int32(pointer.count), 0, Int32(pointer.count))
        }
        hb_buffer_set_direction(buffer, direction.hb)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script.rawValue))
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        let hbFeatures = features.map(\.feature)
        hb_shape(font, buffer, hbFeatures, UInt32(hbFeatures.count))

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, nil)!
        let n = Int(count)
        glyphs = []; clusters = []; advances = []; xOffsets = []; yOffsets = []; unsafeToBreak = []; boxes = []
        glyphs.reserveCapacity(n); clusters.reserveCapacity(n); advances.reserveCapacity(n)
        xOffsets.reserveCapacity(n); yOffsets.reserveCapacity(n); unsafeToBreak.reserveCapacity(n); boxes.reserveCapacity(n)
        var pen: Int32 = 0
        var ink = GlyphBox.empty
        for i in 0..<n {
            var info = infos[i]
            let position = positions[i]
            glyphs.append(info.codepoint)
            clusters.append(info.cluster)
            advances.append(position.x_advance)
            xOffsets.append(position.x_offset)
            yOffsets.append(position.y_offset)
            unsafeToBreak.append((hb_glyph_info_get_glyph_flags(&info).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0)
            var extents = hb_glyph_extents_t()
            var box = GlyphBox.empty
            if hb_font_get_glyph_extents(font, info.codepoint, &extents) != 0, extents.width != 0, extents.height != 0 {
                let x0 = extents.x_bearing + position.x_offset, y0 = extents.y_bearing + position.y_offset
                box = GlyphBox(minX: min(x0, x0 + extents.width), minY: min(y0, y0 + extents.height),
                               maxX: max(x0, x0 + extents.width), maxY: max(y0, y0 + extents.height))
            }
            boxes.append(box)
            ink = ink.union(box.offset(x: pen))
            pen += position.x_advance
        }
        advance = Int(pen)
        self.ink = ink
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
    /// Scalar ranges of the clusters no font covers.
    package let missing: [Range<Int>]
    package let scalarCount: Int
    package let graphemeCount: Int
    /// Σ run advance ÷ units per em: the width at 1 pt without tracking.
    package let advancePerPoint: Double

    init(runs: [Run], missing: [Range<Int>], scalarCount: Int, graphemeCount: Int) {
        self.runs = runs
        self.missing = missing
        self.scalarCount = scalarCount
        self.graphemeCount = graphemeCount
        self.advancePerPoint = runs.reduce(0) { $0 + Double($1.shaped.advance) / Double($1.face.metrics.unitsPerEm) }
    }
}
