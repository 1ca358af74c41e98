import Foundation
import LayoutCore
import Layouts
import Rendering
import Testing
import TestSupport
import TextLayout
import Typography

/// PNG pictures: librsvg + cairo rasterise the SVG; compared by pixels with a golden PNG and with
/// the `rsvg-convert` command's rendering of the same SVG.
@Suite struct PNGTests {
    /// A renderer over the bundled fonts only, on white (so every pixel is opaque and comparable).
    static func renderer<V: View>(_ view: V, width: CGFloat? = nil, scale: CGFloat = 1) throws -> ImageRenderer<V> {
        let renderer = ImageRenderer(content: view)
        renderer.environment.textShaper = try Fixtures.shaper()
        renderer.proposedSize = ProposedViewSize(width: width, height: nil)
        renderer.scale = scale
        renderer.options.background = "#ffffff"
        return renderer
    }

    /// The golden picture: Latin with a descender, Hebrew, Han and a colour emoji in a flow, padded.
    static func goldenView() -> some View {
        FlowLayout(spacing: 6, lineSpacing: 4) {
            ForEach(["Zürich", "שלום", "東京", "👩🏽‍💻 ok"], id: \.self) { tag in
                Text(tag).padding(4)
            }
        }
        .padding(4)
    }

    // MARK: - Golden

    @Test func goldenPNGMatchesWithinTolerance() throws {
        let png = try Self.renderer(Self.goldenView(), width: 150, scale: 2).pngData()
        let actual = try PNGRasterizer.decode(png: png)
        let url = Golden.directory.appendingPathComponent("flow.png")
        if Golden.isRecording {
            try png.write(to: url)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record("no golden file flow.png: run with TEXTFIT_RECORD_GOLDEN=1 to record it")
            return
        }
        let expected = try PNGRasterizer.decode(png: data)
        let difference = PixelDifference(expected, actual)
        if !difference.isWithinTolerance {
            let saved = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("actual-flow.png")
            try? png.write(to: saved)
            Issue.record("flow.png differs from the golden file: \(difference); the rendering is in \(saved.path)")
        }
    }

    /// The comparison can fail: another text, a shifted picture and another size are all caught.
    @Test func pixelComparisonCatchesDifferences() throws {
        let base = try PNGRasterizer.decode(png: try Self.renderer(Self.goldenView(), width: 150).pngData())
        #expect(PixelDifference(base, base).isWithinTolerance)
        let other = try PNGRasterizer.decode(png: try Self.renderer(FlowLayout(spacing: 6, lineSpacing: 4) {
            ForEach(["Zurich", "שלום", "東京", "👩🏽‍💻 ok"], id: \.self) { tag in Text(tag).padding(4) }
        }.padding(4), width: 150).pngData())
        #expect(other.width == base.width && other.height == base.height)
        #expect(!PixelDifference(base, other).isWithinTolerance)  // one letter without its umlaut
        let shifted = try PNGRasterizer.decode(png: try Self.renderer(Self.goldenView().padding(.leading, 1), width: 151).pngData())
        #expect(!PixelDifference(base, shifted).isWithinTolerance)
        let larger = try PNGRasterizer.decode(png: try Self.renderer(Self.goldenView(), width: 150, scale: 2).pngData())
        #expect(!PixelDifference(base, larger).isWithinTolerance)
    }

    // MARK: - PNG and SVG agree

    @Test func pngAgreesWithRsvgConvertOfTheSVG() throws {
        let renderer = try Self.renderer(Self.goldenView(), width: 150, scale: 2)
        let ours = try PNGRasterizer.decode(png: try renderer.pngData())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svgURL = folder.appendingPathComponent("picture.svg"), pngURL = folder.appendingPathComponent("picture.png")
        try renderer.write(svgTo: svgURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = ["--zoom", "2", "--format", "png", "--output", pngURL.path, svgURL.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "rsvg-convert failed (Debian librsvg2-bin)")
        let theirs = try PNGRasterizer.decode(png: try Data(contentsOf: pngURL))
        let difference = PixelDifference(theirs, ours)
        #expect(difference.isWithinTolerance, "\(difference)")
        // Both drew something: glyphs are dark, the emoji coloured, on white.
        #expect(ours.count { $0.r < 128 && $0.g < 128 && $0.b < 128 } > 100)
    }

    // MARK: - Sizes

    @Test func scaleTwoGivesTwiceThePixels() throws {
        let view = Text("Scale").frame(width: 60, height: 24)
        let one = try PNGRasterizer.decode(png: try Self.renderer(view, scale: 1).pngData())
        let two = try PNGRasterizer.decode(png: try Self.renderer(view, scale: 2).pngData())
        let three = try PNGRasterizer.decode(png: try Self.renderer(view, scale: 3).pngData())
        #expect(one.width == 60 && one.height == 24)
        #expect(two.width == 120 && two.height == 48)
        #expect(three.width == 180 && three.height == 72)
        // A fractional size rounds up: ⌈w × scale⌉.
        let text = try Self.renderer(Text("Zürich"), scale: 2)
        let size = text.result.size
        let picture = try PNGRasterizer.decode(png: try text.pngData())
        #expect(picture.width == Int((size.width * 2).rounded(.up)) && picture.height == Int((size.height * 2).rounded(.up)))
    }

    @Test func pngStartsWithTheSignatureAndIsTransparentByDefault() throws {
        let renderer = ImageRenderer(content: Text("Hi").frame(width: 30, height: 20))
        renderer.environment.textShaper = try Fixtures.shaper()
        let png = try renderer.pngData()
        #expect(Array(png.prefix(8)) == ColorGlyphImage.pngSignature)
        let image = try PNGRasterizer.decode(png: png)
        #expect(image[0, 0].a == 0)  // no background unless options give one, as SwiftUI's
        #expect(image.count { $0.a > 200 } > 10)  // the glyphs
        #expect(renderer.svg.hasPrefix("<svg"))
    }

    // MARK: - Colour emoji

    @Test func colourEmojiRasterise() throws {
        let renderer = try Self.renderer(Text("👩🏽‍💻").font(.system(size: 40)), scale: 2)
        let result = renderer.result
        let image = try PNGRasterizer.decode(png: try renderer.pngData())
        let leaf = try #require((0..<result.count).compactMap { result.leaf(at: $0) }.first)
        let box = leaf.frame
        var coloured = 0, dark = 0, total = 0
        for y in Int(box.minY * 2)..<min(image.height, Int(box.maxY * 2)) {
            for x in Int(box.minX * 2)..<min(image.width, Int(box.maxX * 2)) {
                let p = image[x, y]
                total += 1
                let high = max(p.r, p.g, p.b), low = min(p.r, p.g, p.b)
                if Int(high) - Int(low) > 60 { coloured += 1 }
                if high < 40 { dark += 1 }
            }
        }
        // The bitmap is drawn in colour (skin tone, laptop), not as a black outline or nothing.
        #expect(total > 0 && Double(coloured) / Double(total) > 0.15, "\(coloured) of \(total) pixels coloured")
        #expect(Double(dark) / Double(total) < 0.3, "\(dark) of \(total) pixels black")
    }

    // MARK: - Errors

    @Test func badSVGGivesAClearError() {
        func failure(_ svg: String, scale: Double = 1) -> RasterizationError? {
            do {
                _ = try PNGRasterizer.png(fromSVG: svg, scale: scale)
                return nil
            } catch let error as RasterizationError {
                return error
            } catch {
                return nil
            }
        }
        let square = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
        #expect(failure(square) == nil)
        let broken = failure("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect")
        #expect(broken?.kind == .invalidSVG)
        #expect(broken?.description.hasPrefix("librsvg could not read the SVG: ") == true)
        #expect(failure("not an SVG at all")?.kind == .invalidSVG)
        #expect(failure("")?.kind == .invalidSVG)
        #expect(failure(#"<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%"/>"#)?.kind == .noSize)
        #expect(failure(#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>"#)?.kind == .noSize)
        #expect(failure(square, scale: 0)?.kind == .invalidScale)
        #expect(failure(square, scale: .nan)?.kind == .invalidScale)
        let huge = failure(#"<svg xmlns="http://www.w3.org/2000/svg" width="40000" height="10"/>"#)
        #expect(huge?.kind == .tooLarge)
        #expect(huge?.description.contains("40000 × 10 pixels") == true)
        #expect(failure(square, scale: 1000)?.kind == .tooLarge)  // 10,000² pixels: over 64 Mi
        #expect(throws: RasterizationError.self) { try PNGRasterizer.decode(png: Data("not a PNG".utf8)) }
    }

    @Test func emptyViewThrowsRatherThanCrashing() throws {
        let renderer = ImageRenderer(content: EmptyView())
        #expect(throws: RasterizationError.self) { try renderer.pngData() }
    }
}

/// How two pictures differ, channel by channel (0–255).
struct PixelDifference: CustomStringConvertible {
    var sameSize: Bool
    /// The mean absolute difference over every channel of every pixel.
    var meanChannelDifference: Double = 0
    /// The share of pixels with a channel more than 16/255 apart.
    var differingShare: Double = 0

    init(_ a: RasterImage, _ b: RasterImage) {
        sameSize = a.width == b.width && a.height == b.height
        guard sameSize, !a.rgba.isEmpty else { return }
        var sum = 0, differing = 0
        for pixel in 0..<(a.width * a.height) {
            var largest = 0
            for channel in 0..<4 {
                let d = abs(Int(a.rgba[pixel * 4 + channel]) - Int(b.rgba[pixel * 4 + channel]))
                sum += d
                largest = max(largest, d)
            }
            if largest > 16 { differing += 1 }
        }
        meanChannelDifference = Double(sum) / Double(a.rgba.count)
        differingShare = Double(differing) / Double(a.width * a.height)
    }

    /// At most 2/255 apart on average, and at most 0.05 % of pixels (1 in 2,000) visibly different:
    /// anti-aliasing may move, a dropped umlaut (0.1 % of a 150 pt tag cloud) may not.
    var isWithinTolerance: Bool { sameSize && meanChannelDifference <= 2 && differingShare <= 0.0005 }

    var description: String {
        sameSize ? "mean channel difference \(String(format: "%.3f", meanChannelDifference))/255, \(String(format: "%.3f", differingShare * 100)) % of pixels differ by more than 16/255"
            : "the sizes differ"
    }
}

extension RasterImage {
    /// How many pixels satisfy `predicate`.
    func count(where predicate: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var n = 0
        for y in 0..<height { for x in 0..<width where predicate(self[x, y]) { n += 1 } }
        return n
    }
}
