import Foundation
import Testing
@testable import Typography

/// One line of `Fixtures/hb-shape-trak.tsv`: hb-shape's advance sum of `NotoSans-Trak.ttf` (Noto Sans
/// with Apple's SF Pro tracking table added by `make-trak-font.py`) with `--font-ptem` and without.
struct TrakCase: CustomTestStringConvertible, Sendable {
    let text: String, ptem: Double, upem: Int, advance: Int, plain: Int, graphemes: Int, clusters: Int, tracking: Int
    var testDescription: String { "\(text) at \(ptem) pt" }

    static func load() throws -> [TrakCase] {
        try Fixtures.rows("Tests/TypographyTests/Fixtures/hb-shape-trak.tsv", columns: 8).map { c in
            guard let text = try JSONSerialization.jsonObject(with: Data(c[0].utf8), options: .fragmentsAllowed) as? String,
                  let ptem = Double(c[1]), let upem = Int(c[2]), let advance = Int(c[3]), let plain = Int(c[4]),
                  let graphemes = Int(c[5]), let clusters = Int(c[6]), let tracking = Int(c[7]) else {
                throw Fixtures.FixtureError(line: c.joined(separator: "\t"))
            }
            return TrakCase(text: text, ptem: ptem, upem: upem, advance: advance, plain: plain, graphemes: graphemes,
                            clusters: clusters, tracking: tracking)
        }
    }
}

@Suite("trak: Apple's size-specific tracking, as hb-shape --font-ptem applies it")
struct TrackingTableTests {
    static let font = Fixtures.repository.appendingPathComponent("Tests/TypographyTests/Fixtures/fonts/NotoSans-Trak.ttf").path
    static let cases = (try? TrakCase.load()) ?? []

    @Test("The table is read: Apple's HIG values for SF Pro, in 1/1000 em (upem 1000)")
    func tableIsRead() throws {
        let face = try Fixtures.library().face(path: Self.font)
        let table = try #require(face.trackingTable)
        // HIG, Typography, Specifications, "Tracking values" (SF Pro): 6 pt +41, 10 pt +12, 12 pt 0,
        // 13 pt −6, 17 pt −26, 28 pt +14, 96 pt 0.
        let hig: [Double: Double] = [6: 41, 10: 12, 12: 0, 13: -6, 17: -26, 28: 14, 96: 0]
        for (size, value) in hig { #expect(table.tracking(atPointSize: size) == value, "\(size) pt") }
        #expect(table.sizes.first == 6 && table.sizes.last == 96)
        // The bundled Noto Sans has no trak table: nothing is added.
        #expect(try Fixtures.library().match(FontRequest(family: "Noto Sans")).face.trackingTable == nil)
    }

    @Test("Between and beyond the table's sizes, as HarfBuzz 6 computes it (hand computations)")
    func interpolation() throws {
        let table = try #require(try Fixtures.library().face(path: Self.font).trackingTable)
        // 17.5 pt: halfway between −26 (17) and −25 (18) = −25.5, rounded half up: −25.
        #expect(table.tracking(atPointSize: 17.5) == -25)
        // 9.5 pt: between +19 (9) and +12 (10): 15.5 → +16.
        #expect(table.tracking(atPointSize: 9.5) == 16)
        // 3 pt: the line through 6 pt (+41) and 7 pt (+34) extended: 41 + 3 × 7 = +62.
        #expect(table.tracking(atPointSize: 3) == 62)
        // 100 pt: the line through 92 and 96 pt (both 0): 0.
        #expect(table.tracking(atPointSize: 100) == 0)
        // In points: −26/1000 em at 17 pt = −0.442 pt per cluster.
        #expect(abs(try Fixtures.library().face(path: Self.font).trackingPoints(atPointSize: 17) - -0.442) < 1e-12)
    }

    @Test("Width = hb-shape --font-ptem=SIZE's advance × size ÷ upem (texts whose clusters are their graphemes)", arguments: cases)
    func widthMatchesHBShape(_ fixture: TrakCase) throws {
        let shaper = try Fixtures.shaper()
        let line = try shaper.measure(fixture.text, attributes: Fixtures.attributes(file: Self.font, size: fixture.ptem))
        // The hand computation the issue asks for: advances without trak + clusters × track(size).
        let hand = Double(fixture.plain + fixture.graphemes * fixture.tracking) * fixture.ptem / Double(fixture.upem)
        #expect(abs(line.width - hand) < 1e-9, "\(line.width) vs \(hand)")
        if fixture.graphemes == fixture.clusters {
            #expect(abs(line.width - Double(fixture.advance) * fixture.ptem / Double(fixture.upem)) < 1e-6)
        } else {
            // HarfBuzz tracks each of its clusters: "office"'s ffi ligature (3 graphemes, one glyph)
            // gets one track. TextFit adds tracking per grapheme cluster, as for SwiftUI's tracking
            // (docs/platforms.md, "Tracking"): the two differ by the merged graphemes' tracks.
            let difference = Double((fixture.graphemes - fixture.clusters) * fixture.tracking) * fixture.ptem / Double(fixture.upem)
            #expect(abs(line.width - Double(fixture.advance) * fixture.ptem / Double(fixture.upem) - difference) < 1e-6)
        }
    }

    @Test("A Dynamic Type sweep of a trak font shapes once: tracking is per-size arithmetic")
    func sweepShapesOnce() throws {
        let shaper = try Fixtures.shaper()
        let before = shaper.shapingCount
        var widths: [Double] = []
        for size in DynamicTypeSize.allCases {
            let attributes = TextAttributes(font: FontRequest(file: Self.font), size: .style(.body), dynamicTypeSize: size)
            widths.append(try shaper.measure("Settings", attributes: attributes).width)
        }
        #expect(shaper.shapingCount - before == 1)
        // body at .large is 17 pt: "Settings" is 8 clusters, each −0.442 pt beside its advance.
        let plain = try shaper.measure("Settings", attributes: TextAttributes(font: FontRequest(family: "Noto Sans"), size: .points(17)))
        #expect(abs(widths[3] - (plain.width - 8 * 0.442)) < 1e-9)
    }

    @Test("Explicit tracking adds to the font's")
    func explicitTrackingAdds() throws {
        let shaper = try Fixtures.shaper()
        var attributes = Fixtures.attributes(file: Self.font, size: 17)
        let untracked = try shaper.measure("Hello", attributes: attributes).width
        attributes.tracking = 1
        #expect(abs(try shaper.measure("Hello", attributes: attributes).width - (untracked + 5)) < 1e-9)
    }
}
