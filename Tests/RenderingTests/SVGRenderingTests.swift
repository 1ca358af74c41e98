import Foundation
import LayoutCore
import Layouts
@testable import Rendering
import Testing
import TestSupport
import TextLayout
import Typography

@Suite struct SVGRenderingTests {
    // MARK: - Golden files

    /// A small wrapped paragraph with Latin, Hebrew and all overlays.
    static func goldenParagraph() throws -> String {
        let layout = try Fixtures.paragraph("Zürich, שלום and Tag", size: 17).layout(width: 100)
        return SVGRenderer(options: .init(overlays: .all)).svg(layout)
    }

    /// Tags of different sizes in an HStack on their first baselines, padded, with a box, in a
    /// container narrower than the row (overflow in red).
    static func goldenTree() throws -> String {
        let small = try ParagraphLeaf("Tag", size: 13), large = try ParagraphLeaf("Große", size: 28)
        let tree = HStackLayout(alignment: .firstTextBaseline, spacing: 6) {
            small.padding(4).id("small")
            Box(width: 12, height: 12)
            large.padding(4).id("large")
        }
        let result = tree.layout(in: ProposedViewSize(width: nil, height: nil))
        let options = SVGRenderer.Options(overlays: .all, container: CGRect(x: 0, y: 0, width: 90, height: 60))
        return SVGRenderer(options: options).svg(result)
    }

    @Test func paragraphMatchesGolden() throws {
        try Golden.check(try Self.goldenParagraph(), named: "paragraph.svg")
    }

    @Test func treeMatchesGolden() throws {
        try Golden.check(try Self.goldenTree(), named: "tree.svg")
    }

    // MARK: - Determinism

    @Test func renderingTwiceIsByteIdentical() throws {
        let first = try Self.goldenParagraph()
        #expect(Data(first.utf8) == Data(try Self.goldenParagraph().utf8))
        #expect(Data(try Self.goldenTree().utf8) == Data(try Self.goldenTree().utf8))
        // A new font library (new face objects, new serials) and a new shaper change nothing.
        let library = try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false))
        let layout = try Fixtures.paragraph("Zürich, שלום and Tag", size: 17, shaper: Shaper(library: library)).layout(width: 100)
        #expect(Data(SVGRenderer(options: .init(overlays: .all)).svg(layout).utf8) == Data(first.utf8))
    }

    @Test func numbersHaveFixedDecimals() {
        #expect(SVGNumber.format(12.5, decimals: 2) == "12.5")
        #expect(SVGNumber.format(-3.14159, decimals: 3) == "-3.142")
        #expect(SVGNumber.format(100, decimals: 2) == "100")
        #expect(SVGNumber.format(0.004, decimals: 2) == "0")
        #expect(SVGNumber.format(-0.004, decimals: 2) == "0")  // no "-0"
        #expect(SVGNumber.format(0.017, decimals: 7) == "0.017")
        #expect(SVGNumber.format(1e-7, decimals: 7) == "0.0000001")
        #expect(SVGNumber.format(.nan, decimals: 2) == "0")
        #expect(SVGNumber.format(-.infinity, decimals: 2) == "0")
        #expect(SVGNumber.format(1e20, decimals: 2) == "0")
        // The longest numbers the inline digit buffer holds: past exact integers once scaled, whole
        // points with a sign (20 characters); and a point among the digits.
        #expect(SVGNumber.format(-8.9e18, decimals: 2) == "-8900000000000000000")
        #expect(SVGNumber.format(-8_999_999_999.999_9, decimals: 5) == "-8999999999.9999")
    }

    /// The printing step written the plain way (the integer's decimal digits with a point put in,
    /// trailing zeros dropped), for the rounding `format` documents, on 20,000 values: small and
    /// large, negative, halves, at every number of decimals (a few past 9e15 once scaled).
    @Test func numbersPrintAsTheirRoundedDigits() {
        func reference(_ value: Double, _ places: Int) -> String {
            let scaled = (value * pow(10, Double(places))).rounded(.toNearestOrAwayFromZero)
            // Past 9e15 (not every integer is a Double) `format` says whole points only.
            guard abs(scaled) < 9.0e15 else { return String(Int64(value.rounded())) }
            let whole = Int64(scaled)
            if whole == 0 { return "0" }
            var digits = String(whole.magnitude)
            if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
            var text = digits.prefix(digits.count - places) + "." + digits.suffix(places)
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
            return (whole < 0 ? "-" : "") + text
        }
        var generator = SplitMix64(seed: 0x5F6_2026)  // a fixed seed: a failure reproduces
        var mismatches: [String] = []
        for index in 0..<20_000 {
            let places = index % 13
            let magnitude = pow(10, Double.random(in: -8...6, using: &generator))
            var value = Double.random(in: -magnitude...magnitude, using: &generator)
            if index % 7 == 0 { value = (value * 2).rounded() / 2 }  // halves and whole numbers
            if SVGNumber.format(value, decimals: places) != reference(value, places) {
                mismatches.append("\(value) at \(places): \(SVGNumber.format(value, decimals: places)) ≠ \(reference(value, places))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    // MARK: - Glyphs

    @Test func glyphsAreDefinedOnceAndPlacedFlipped() throws {
        let layout = try Fixtures.paragraph("lol lol", size: 20).layout(width: nil)
        let svg = SVGRenderer().svg(layout)
        // Two distinct inked glyphs ('l', 'o'), six placements; the spaces draw nothing.
        #expect(SVGScan.count("<path id=", in: svg) == 2)
        let placed = SVGScan.glyphs(in: svg)
        #expect(placed.count == 6)
        let scale = 20.0 / 1000  // Noto Sans: 1000 units per em
        for glyph in placed {
            #expect(glyph.a == scale && glyph.d == -scale)  // y flipped: font y-up → SVG y-down
            #expect(abs(glyph.y - layout.firstBaseline) < 0.01)
        }
        #expect(placed.map(\.x) == placed.map(\.x).sorted())
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func rightToLeftGlyphsRunRightToLeft() throws {
        // Hebrew shin-lamed-vav-final mem: the first letter (logical) is the rightmost (visual).
        let text = "שלום"
        let layout = try Fixtures.paragraph(text).layout(width: nil)
        let run = try #require(layout.lines.first?.runs.first)
        #expect(run.direction == .rightToLeft)
        #expect(run.clusters == run.clusters.sorted(by: >))
        let svg = SVGRenderer().svg(layout)
        let placed = SVGScan.glyphs(in: svg)
        #expect(placed.count == 4)
        #expect(placed.map(\.x) == placed.map(\.x).sorted())  // emitted in visual order
        // The glyph drawn rightmost is the one for the first logical character.
        let shin = try #require(run.face.glyphID(of: "ש"))
        #expect(placed.last?.id.hasSuffix("-\(shin)") == true)
        #expect(placed.first?.id.hasSuffix("-\(shin)") == false)
    }

    @Test func mixedScriptsKeepVisualOrder() throws {
        let layout = try Fixtures.paragraph("abc שלום xyz").layout(width: nil)
        let runs = try #require(layout.lines.first?.runs)
        // Left-to-right, right-to-left, left-to-right (a direction may span several runs).
        let directions = runs.map(\.direction).reduce(into: [TextDirection]()) { if $0.last != $1 { $0.append($1) } }
        #expect(directions == [.leftToRight, .rightToLeft, .leftToRight])
        let placed = SVGScan.glyphs(in: SVGRenderer().svg(layout))
        #expect(placed.count == 10)
        #expect(placed.map(\.x) == placed.map(\.x).sorted())
        // Two faces: Noto Sans (g0-…) and Noto Sans Hebrew (g1-…), numbered in order of first use.
        #expect(placed.prefix(3).allSatisfy { $0.id.hasPrefix("g0-") })
        #expect(placed[3..<7].allSatisfy { $0.id.hasPrefix("g1-") })
        #expect(placed.suffix(3).allSatisfy { $0.id.hasPrefix("g0-") })
    }

    @Test func emojiIsAnEmbeddedPNGImage() throws {
        let layout = try Fixtures.paragraph("Hi 👋").layout(width: nil)
        let svg = SVGRenderer().svg(layout)
        #expect(SVGScan.count("<image id=\"e1-", in: svg) == 1)
        let marker = "xlink:href=\"data:image/png;base64,"
        let start = try #require(svg.range(of: marker))
        let base64 = svg[start.upperBound...].prefix { $0 != "\"" }
        let png = try #require(Data(base64Encoded: String(base64)))
        #expect(Array(png.prefix(8)) == ColorGlyphImage.pngSignature)
        // Placed at the pen with the emoji font's scale, not flipped (the image is already y-down).
        let emoji = try #require(SVGScan.glyphs(in: svg).last)
        #expect(emoji.id.hasPrefix("e1-"))
        #expect(emoji.a == emoji.d && emoji.a > 0)
        #expect(abs(emoji.a - 17.0 / 2048) < 1e-6)
        // The image is as wide as the glyph box says.
        let run = try #require(layout.lines.first?.runs.last)
        let extents = try #require(run.face.colorGlyphPNG(run.glyphs[0])?.extents)
        #expect(svg.contains("width=\"\(SVGNumber.format(extents.width, decimals: 2))\""))
    }

    // MARK: - Overlays

    @Test func overlaysDrawWhatTheyName() throws {
        let layout = try Fixtures.paragraph("one two three four", size: 17).layout(width: 60)
        #expect(layout.lineCount > 1)
        let plain = SVGRenderer().svg(layout)
        #expect(!plain.contains("class=\"line-boxes\"") && !plain.contains("class=\"baselines\""))
        let svg = SVGRenderer(options: .init(overlays: .all)).svg(layout)
        #expect(svg.contains("class=\"leaf-bounds\""))
        // One box and one dotted baseline per line.
        let lineGroup = try #require(svg.components(separatedBy: "class=\"line-boxes\"").last?.components(separatedBy: "</g>").first)
        #expect(SVGScan.count("<rect ", in: lineGroup) == layout.lineCount)
        #expect(SVGScan.count("<line ", in: lineGroup) == layout.lineCount)
        #expect(svg.contains("y1=\"\(SVGNumber.format(layout.firstBaseline, decimals: 2))\" "))
        #expect(svg.contains("y1=\"\(SVGNumber.format(layout.lastBaseline, decimals: 2))\" "))
    }

    @Test func containerOverflowIsRed() throws {
        let layout = try Fixtures.paragraph("Rindfleischetikettierung", size: 17).layout(width: nil)
        let narrow = CGRect(x: 0, y: 0, width: 80, height: 40)
        let svg = SVGRenderer(options: .init(container: narrow)).svg(layout)
        #expect(svg.contains("class=\"overflow\""))
        #expect(svg.contains("<rect class=\"container\" x=\"0\" y=\"0\" width=\"80\" height=\"40\" fill=\"none\" stroke=\"#d70015\""))
        #expect(svg.contains("class=\"text-overflow\""))  // ink outside the box drawn in the overflow colour
        // The canvas covers the content and the container, plus the margin.
        #expect(svg.contains("viewBox=\"-4 -4 "))

        let wide = CGRect(x: 0, y: 0, width: 400, height: 40)
        let fits = SVGRenderer(options: .init(container: wide)).svg(layout)
        #expect(!fits.contains("class=\"overflow\""))
        #expect(fits.contains("stroke=\"#636366\""))
    }

    @Test func overflowRegions() {
        let container = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(SVGRenderer.overflow(of: CGRect(x: 10, y: 10, width: 50, height: 20), outside: container).isEmpty)
        #expect(SVGRenderer.overflow(of: CGRect(x: 50, y: 0, width: 80, height: 50), outside: container)
                == [CGRect(x: 100, y: 0, width: 30, height: 50)])
        let corner = SVGRenderer.overflow(of: CGRect(x: 80, y: 40, width: 40, height: 20), outside: container)
        #expect(corner == [CGRect(x: 80, y: 50, width: 40, height: 10), CGRect(x: 100, y: 40, width: 20, height: 10)])
        let total = corner.reduce(0) { $0 + $1.width * $1.height }
        #expect(total == CGFloat(40 * 20 - 20 * 10))  // everything but the part inside
        #expect(SVGRenderer.overflow(of: CGRect(x: 200, y: 0, width: 10, height: 10), outside: container)
                == [CGRect(x: 200, y: 0, width: 10, height: 10)])
    }

    @Test func idPrefixNamesEveryDefinition() throws {
        let layout = try Fixtures.paragraph("Hi 👋").layout(width: nil)
        let svg = SVGRenderer(options: .init(container: CGRect(x: 0, y: 0, width: 10, height: 10), idPrefix: "k7-")).svg(layout)
        let ids = svg.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!ids.isEmpty)
        #expect(ids.allSatisfy { $0.hasPrefix("k7-") })
        #expect(!svg.contains("href=\"#g") && !svg.contains("href=\"#e") && !svg.contains("url(#inside)"))
    }

    // MARK: - Shared glyph sheets

    /// `picture` with `defs` put back where a self-contained SVG keeps its definitions: first in its
    /// `<defs>`, which is made when the picture has none.
    static func inlining(_ defs: String, into picture: String) -> String {
        if let open = picture.range(of: "<defs>\n") {
            return picture.replacingCharacters(in: open, with: "<defs>\n" + defs)
        }
        guard let firstLine = picture.firstIndex(of: "\n") else { return picture }
        return String(picture[...firstLine]) + "<defs>\n\(defs)</defs>\n" + picture[picture.index(after: firstLine)...]
    }

    /// The ids a document defines and the ids it refers to (`href="#…"`, `url(#…)`).
    static func ids(in svg: String) -> (defined: [String], referenced: Set<String>) {
        let defined = svg.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let hrefs = svg.components(separatedBy: "href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let urls = svg.components(separatedBy: "url(#").dropFirst().map { String($0.prefix { $0 != ")" }) }
        return (defined, Set(hrefs + urls))
    }

    @Test(arguments: [nil, CGRect(x: 0, y: 0, width: 60, height: 20)])
    func aSharedSheetPictureIsTheSelfContainedOneWithoutItsDefinitions(container: CGRect?) throws {
        // Latin, Hebrew (a second face) and a colour emoji (a bitmap definition), wrapped.
        let layout = try Fixtures.paragraph("Zürich, שלום 👋 Tag").layout(width: 90)
        let renderer = SVGRenderer(options: .init(overlays: .all, container: container, idPrefix: "k-"))
        let alone = renderer.svg(layout)
        var sheet = SVGGlyphSheet(idPrefix: "k-")
        let picture = renderer.svg(layout, sharing: &sheet)
        #expect(!picture.contains("<path id=") && !picture.contains("<image id="))
        #expect(SVGScan.count("<path id=\"k-g", in: sheet.svg()) == SVGScan.count("<path id=\"k-g", in: alone))
        #expect(SVGScan.count("<image id=\"k-e", in: sheet.svg()) == 1)
        // Byte for byte what the self-contained renderer writes, once the definitions are put back.
        #expect(Self.inlining(sheet.defs, into: picture) == alone)
    }

    @Test func picturesSharingASheetDefineEachGlyphOnceAndFindEveryReference() throws {
        var sheet = SVGGlyphSheet(idPrefix: "glyph-")
        #expect(sheet.isEmpty && sheet.svg().isEmpty)
        let container = CGRect(x: 0, y: 0, width: 50, height: 20)
        let texts = ["lol", "lol lol", "שלום lol", "    "]
        var pictures: [String] = []
        var defsAfter: [String] = []
        for (index, text) in texts.enumerated() {
            let renderer = SVGRenderer(options: .init(container: container, idPrefix: "p\(index)-"))
            pictures.append(renderer.svg(try Fixtures.paragraph(text).layout(width: nil), sharing: &sheet))
            defsAfter.append(sheet.defs)
        }
        // "lol" defines 'l' and 'o'; "lol lol" adds nothing; Hebrew adds its four letters; spaces nothing.
        #expect(SVGScan.count("<path id=", in: defsAfter[0]) == 2)
        #expect(defsAfter[1] == defsAfter[0])
        #expect(SVGScan.count("<path id=", in: defsAfter[2]) == 6)
        #expect(defsAfter[3] == defsAfter[2])
        #expect(SVGScan.glyphs(in: pictures[1]).count == 6)
        // One page: the sheet once, then the pictures. Every id is defined once and every reference found.
        let page = sheet.svg() + pictures.joined()
        let (defined, referenced) = Self.ids(in: page)
        #expect(Set(defined).count == defined.count)
        #expect(referenced.subtracting(defined).isEmpty, "unresolved: \(referenced.subtracting(defined))")
        #expect(SVGScan.glyphs(in: page).allSatisfy { $0.id.hasPrefix("glyph-g") })
        // The sheet is a hidden, zero-size SVG.
        #expect(sheet.svg().hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"0\" height=\"0\""))
        #expect(sheet.svg().hasSuffix("</defs>\n</svg>\n"))
    }

    @Test("A thread-shared sheet: pictures drawn in any order, on two threads at once, name and define their glyphs the same")
    func threadSharedSheetIsTheSameWhateverTheOrder() throws {
        let container = CGRect(x: 0, y: 0, width: 50, height: 20)
        let texts = ["lol", "שלום lol", "loll", "Hello"]
        let layouts = try texts.map { try Fixtures.paragraph($0).layout(width: nil) }
        func draw(_ order: [Int], into sheet: inout SVGGlyphSheet) -> [Int: String] {
            var pictures: [Int: String] = [:]
            for index in order {
                pictures[index] = SVGRenderer(options: .init(container: container, idPrefix: "p\(index)-")).svg(layouts[index], sharing: &sheet)
            }
            return pictures
        }
        var forward = SVGGlyphSheet.threadShared(idPrefix: "glyph-"), backward = SVGGlyphSheet.threadShared(idPrefix: "glyph-")
        #expect(forward.isEmpty && forward.svg().isEmpty)
        let first = draw([0, 1, 2, 3], into: &forward), second = draw([3, 2, 1, 0], into: &backward)
        #expect(first == second)
        #expect(forward.svg() == backward.svg() && !forward.isEmpty)
        // Two copies of one sheet drawing on two threads at once: one set of definitions, the same.
        let shared = SVGGlyphSheet.threadShared(idPrefix: "glyph-")
        let halves = try ParallelBatches.map(2, batchSize: 1) { range in
            var copy = shared
            return draw(range.lowerBound == 0 ? [0, 1] : [3, 2], into: &copy)
        }
        #expect(halves[0].merging(halves[1]) { a, _ in a } == first)
        #expect(shared.svg() == forward.svg())
        // Every glyph drawn is defined once, as a <path> (the texts have no colour glyphs) named by
        // its face (six base-36 digits), in order of face and glyph; every reference resolves.
        let page = forward.svg() + first.values.sorted().joined()
        let (defined, referenced) = Self.ids(in: page)
        #expect(Set(defined).count == defined.count && referenced.subtracting(defined).isEmpty)
        let glyphIDs = defined.filter { $0.hasPrefix("glyph-") }
        #expect(glyphIDs.allSatisfy { $0.wholeMatch(of: /glyph-g[0-9a-z]{6}-[0-9]+/) != nil }, "\(glyphIDs)")
        let keys = glyphIDs.map { id in (id.split(separator: "-")[1], Int(id.split(separator: "-")[2])!) }
        #expect(keys.map { "\($0.0) \($0.1)" } == keys.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map { "\($0.0) \($0.1)" })
        // As many definitions as a sheet of its own makes for the same pictures.
        var own = SVGGlyphSheet(idPrefix: "glyph-")
        _ = draw([0, 1, 2, 3], into: &own)
        #expect(SVGScan.count("<path id=", in: own.svg()) == glyphIDs.count)
    }

    // MARK: - Trees

    @Test func treeDrawsTextLeavesAtTheirFramesAndBoxesAsRects() throws {
        let hello = try ParagraphLeaf("Hello")
        let tree = VStackLayout(alignment: .leading, spacing: 10) {
            Box(width: 30, height: 20)
            hello.padding(5)
        }
        let result = tree.layout(in: ProposedViewSize(width: 200, height: nil))
        let svg = SVGRenderer(options: .init(overlays: .all)).svg(result)
        let boxes = try #require(svg.components(separatedBy: "class=\"boxes\"").last?.components(separatedBy: "</g>").first)
        #expect(SVGScan.count("<rect ", in: boxes) == 1)
        let placed = SVGScan.glyphs(in: svg)
        #expect(placed.count == 5)
        // The text leaf sits at (5, 20 + 10 + 5) inside its padding; its glyphs start there.
        let text = try #require(result.elements.first { $0.kind.contains("ParagraphLeaf") })
        #expect(abs(Double(text.frame.minY) - 35) < 1e-9)
        let firstX = try #require(placed.first?.x)
        #expect(firstX >= Double(text.frame.minX) && firstX < Double(text.frame.minX) + 2)
        let baseline = Double(text.frame.minY + text.firstTextBaseline)
        #expect(placed.allSatisfy { abs($0.y - baseline) < 0.01 })
    }

    @Test("A text's baselines are drawn even when a frame puts them at or below its bottom")
    func baselineAtOrBelowTheFrameBottom() throws {
        // Noto Sans at 17 pt (hhea 1069 / −293 per 1000): ascent 18.173, line height 23.154.
        // Centred in a 10 pt frame the text sits at y = (10 − 23.154) / 2 = −6.577, so the frame's
        // baseline is 18.173 − 6.577 = 11.596, below its bottom. Top-aligned in an 18.173 pt frame
        // the baseline is exactly its bottom. A view without text answers its height for both
        // baselines; these frames hold text, so their baselines are drawn too.
        for (height, alignment, baseline) in [(10.0, Alignment.center, 11.596), (18.173, .top, 18.173)] {
            let tree = try ParagraphLeaf("Hello").frame(height: CGFloat(height), alignment: alignment)
            let result = tree.layout(in: ProposedViewSize(width: 200, height: nil))
            #expect(abs(Double(result.root.firstTextBaseline) - baseline) < 1e-9)
            let svg = SVGRenderer(options: .init(overlays: .baselines)).svg(result)
            let layer = try #require(svg.components(separatedBy: "class=\"baselines\"").last?.components(separatedBy: "</g>").first)
            // First and last baseline of the text leaf, and of the frame around it.
            #expect(SVGScan.count("<line ", in: layer) == 4, "frame height \(height)")
            #expect(layer.contains("y1=\"\(SVGNumber.format(baseline, decimals: 2))\""))
        }
        // A box has no text: nothing drawn.
        let box = Box(width: 30, height: 20).layout(in: ProposedViewSize(width: nil, height: nil))
        #expect(!SVGRenderer(options: .init(overlays: .baselines)).svg(box).contains("class=\"baselines\""))
    }

    @Test func rightToLeftTreeDrawsTextInsideItsMirroredFrame() throws {
        let hello = try ParagraphLeaf("שלום world")
        let tree = HStackLayout(spacing: 10) {
            Box(width: 30, height: 20)
            hello.id("text")
        }
        var environment = EnvironmentValues()
        environment.layoutDirection = .rightToLeft
        let result = tree.layout(in: ProposedViewSize(width: nil, height: nil), environment: environment)
        let text = try #require(result.element(id: "text"))
        let box = try #require(result.elements.first { $0.kind.contains("Box") })
        #expect(text.frame.maxX <= box.frame.minX)  // mirrored: the first child is on the right
        let placed = SVGScan.glyphs(in: SVGRenderer().svg(result))
        #expect(placed.count == 9)
        #expect(placed.allSatisfy { $0.x >= Double(text.frame.minX) - 1e-9 && $0.x < Double(text.frame.maxX) })
    }
}

extension FontFace {
    /// The nominal glyph of a character, found by shaping it alone (tests only).
    func glyphID(of character: Character) -> UInt32? {
        let shaper = try? Fixtures.shaper()
        guard let layout = try? Fixtures.paragraph(String(character), shaper: shaper).layout(width: nil),
              let run = layout.lines.first?.runs.first, run.face == self else { return nil }
        return run.glyphs.first
    }
}
