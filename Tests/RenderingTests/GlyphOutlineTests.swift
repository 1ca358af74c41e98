import Foundation
import Testing
import Typography

/// The glyph outlines HarfBuzz's draw API gives, checked against the font's own `glyf` data as
/// fontTools reads it, and the colour-emoji bitmaps.
@Suite struct GlyphOutlineTests {
    /// A TrueType contour point: font units, and whether it is on the curve.
    typealias Point = (x: Double, y: Double, on: Bool)

    // Read from the font with fontTools (Debian's python3-fonttools), once:
    //   /usr/bin/python3 -c "
    //   from fontTools.ttLib import TTFont
    //   f = TTFont('fonts/NotoSans-Regular.ttf'); g = f['glyf']
    //   for name in ['o', 'H']:
    //       c, ends, flags = g[name].getCoordinates(g)
    //       print(name, f.getGlyphID(name), [(x, y, fl & 1) for (x, y), fl in zip(c, flags)], list(ends))"
    // Output: o 82 [(551, 269, 1), (551, 136, 0), …] [13, 25]; H 43 [(643, 0, 1), …] [11]
    static let oGlyph: UInt32 = 82
    static let oContours: [[Point]] = [
        [(551, 269, true), (551, 136, false), (416, -10, false), (301, -10, true), (230, -10, false), (119, 55, false),
         (55, 180, false), (55, 269, true), (55, 402, false), (189, 546, false), (304, 546, true), (377, 546, false),
         (488, 481, false), (551, 358, false)],
        [(146, 269, true), (146, 174, false), (221, 63, false), (303, 63, true), (384, 63, false), (460, 174, false),
         (460, 269, true), (460, 364, false), (384, 472, false), (302, 472, true), (220, 472, false), (146, 364, false)],
    ]
    static let hGlyph: UInt32 = 43
    static let hContours: [[Point]] = [
        [(643, 0, true), (553, 0, true), (553, 333, true), (187, 333, true), (187, 0, true), (97, 0, true), (97, 714, true),
         (187, 714, true), (187, 412, true), (553, 412, true), (553, 714, true), (643, 714, true)],
    ]

    /// The path a TrueType contour describes, written out the way HarfBuzz reports it: start at the
    /// first on-curve point; two off-curve points in a row imply an on-curve point at their
    /// midpoint; the contour returns to its start (a `line` when the last point is on the curve)
    /// and closes.
    static func expectedPath(_ contours: [[Point]]) -> [PathElement] {
        var path: [PathElement] = []
        for contour in contours {
            guard let startIndex = contour.firstIndex(where: \.on) else { continue }
            let points = Array(contour[startIndex...] + contour[..<startIndex]) + [contour[startIndex]]
            path.append(.move(x: points[0].x, y: points[0].y))
            var control: Point?
            for point in points.dropFirst() {
                switch (control, point.on) {
                case (nil, true): path.append(.line(x: point.x, y: point.y))
                case (nil, false): control = point
                case (let c?, true):
                    path.append(.quad(cx: c.x, cy: c.y, x: point.x, y: point.y))
                    control = nil
                case (let c?, false):
                    path.append(.quad(cx: c.x, cy: c.y, x: (c.x + point.x) / 2, y: (c.y + point.y) / 2))
                    control = point
                }
            }
            path.append(.close)
        }
        return path
    }

    @Test func quadraticOutlineMatchesFontTools() throws {
        let face = try Fixtures.notoSans()
        let outline = face.outline(of: Self.oGlyph)
        #expect(outline == Self.expectedPath(Self.oContours))
        // Two contours, implied on-curve points made explicit (e.g. the midpoint of (551, 136) and (416, -10)).
        #expect(outline.filter { $0 == .close }.count == 2)
        #expect(outline.contains(.quad(cx: 551, cy: 136, x: 483.5, y: 63)))
    }

    @Test func straightOutlineMatchesFontTools() throws {
        let face = try Fixtures.notoSans()
        #expect(face.outline(of: Self.hGlyph) == Self.expectedPath(Self.hContours))
    }

    @Test func cffOutlinesAreCubic() throws {
        // Noto Sans CJK (Hangul subset) is a CFF font: its outlines arrive as cubic Béziers.
        let layout = try Fixtures.paragraph("한").layout(width: nil)
        let run = try #require(layout.lines.first?.runs.first)
        #expect(run.face.path.hasSuffix(".otf"))
        let outline = run.face.outline(of: run.glyphs[0])
        #expect(outline.contains { if case .cubic = $0 { true } else { false } })
        #expect(!outline.contains { if case .quad = $0 { true } else { false } })
        #expect(outline.last == .close)
    }

    @Test func outlinesAreCachedAndSafeForEmptyGlyphs() throws {
        let face = try Fixtures.notoSans()
        #expect(face.outline(of: Self.oGlyph) == face.outline(of: Self.oGlyph))
        #expect(face.outline(of: 3).isEmpty)  // space
        #expect(face.outline(of: UInt32.max).isEmpty)
        #expect(face.extents(of: UInt32.max) == nil)
        let extents = try #require(face.extents(of: Self.hGlyph))
        #expect(extents == GlyphExtents(xBearing: 97, yBearing: 714, width: 546, height: 714))
        #expect(!face.hasColorBitmaps)
        #expect(face.colorGlyphPNG(Self.hGlyph) == nil)
    }

    @Test func outlinesFromManyThreadsAgree() async throws {
        // Eight tasks draw the same 300 uncached glyphs at once, in different orders: the shared draw
        // functions and the cache must give every task the same outlines.
        let face = try Fixtures.notoSans()
        let glyphs = (400..<700).map(UInt32.init)
        let results = await withTaskGroup(of: [[PathElement]].self) { group in
            for task in 0..<8 {
                group.addTask {
                    let order = task % 2 == 0 ? glyphs : glyphs.reversed()
                    let outlines = order.map { face.outline(of: $0) }
                    return task % 2 == 0 ? outlines : outlines.reversed()
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == results[0] })
        #expect(results[0].filter { !$0.isEmpty }.count > 250)
        #expect(face.outline(of: Self.oGlyph) == Self.expectedPath(Self.oContours))
    }

    @Test func colourEmojiIsAPNGSizedToItsBox() throws {
        let layout = try Fixtures.paragraph("👋").layout(width: nil)
        let run = try #require(layout.lines.first?.runs.first)
        let face = run.face
        #expect(face.family == "Noto Color Emoji")
        #expect(face.hasColorBitmaps)
        let image = try #require(face.colorGlyphPNG(run.glyphs[0]))
        #expect(Array(image.png.prefix(8)) == ColorGlyphImage.pngSignature)
        #expect(image.pixelWidth > 0 && image.pixelHeight > 0)
        #expect(!image.extents.isEmpty)
        // The box keeps the bitmap's aspect ratio (HarfBuzz scales the strike's metrics to font units).
        let boxRatio = image.extents.width / image.extents.height
        let pixelRatio = Double(image.pixelWidth) / Double(image.pixelHeight)
        #expect(abs(boxRatio - pixelRatio) < 0.02)
        #expect(face.outline(of: run.glyphs[0]).isEmpty)
    }
}
