import Foundation
import Testing
@testable import Controls

/// The asset catalog fixtures (Fixtures/make-fixtures.py lists every file with its pixel size).
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static let bundle = Bundle(path: folder)!
    /// An environment whose default asset bundle is the fixtures folder.
    static var environment: EnvironmentValues {
        var environment = EnvironmentValues()
        environment.mainBundle = bundle
        return environment
    }

    static func size(_ view: some View, _ proposal: ProposedViewSize = .unspecified, scale: CGFloat = 1) -> CGSize {
        var environment = environment
        environment.displayScale = scale
        return view.layout(in: proposal, environment: environment).size
    }
}

func near(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool { abs(a - b) <= tolerance }
func near(_ a: CGSize, _ b: CGSize, _ tolerance: CGFloat = 1e-6) -> Bool { near(a.width, b.width, tolerance) && near(a.height, b.height, tolerance) }

@Suite("Image: asset catalog images sized as their pixels ÷ their scale")
struct AssetImageTests {
    @Test("An image set is its variant's pixels ÷ that variant's scale, at every display scale")
    func scaledVariants() {
        // avatar.png 40 × 30 px at 1x, avatar@2x.png 80 × 60 at 2x, avatar@3x.png 120 × 90 at 3x:
        // 40 × 30 pt whichever is chosen.
        for scale in [1.0, 2, 3] as [CGFloat] {
            #expect(Fixtures.size(Image("Avatar"), scale: scale) == CGSize(width: 40, height: 30), "scale \(scale)")
        }
    }

    @Test("The variant drawn is the one for the display scale, else the nearest larger, else the largest smaller")
    func variantChoice() throws {
        func file(_ name: String, scale: CGFloat) -> String? {
            var environment = Fixtures.environment
            environment.displayScale = scale
            guard case .file(let path, _)? = Image(name).imageContent(in: environment) else { return nil }
            return (path as NSString).lastPathComponent
        }
        #expect(file("Avatar", scale: 1) == "avatar.png")
        #expect(file("Avatar", scale: 2) == "avatar@2x.png")
        #expect(file("Avatar", scale: 3) == "avatar@3x.png")
        // OnlyTwoX names a file for 2x alone (16 × 12 px): at 1x the nearest larger, at 3x the largest
        // smaller; 8 × 6 pt both times.
        #expect(file("OnlyTwoX", scale: 1) == "only@2x.png")
        #expect(file("OnlyTwoX", scale: 3) == "only@2x.png")
        #expect(Fixtures.size(Image("OnlyTwoX"), scale: 1) == CGSize(width: 8, height: 6))
        #expect(Fixtures.size(Image("OnlyTwoX"), scale: 3) == CGSize(width: 8, height: 6))
    }

    @Test("Vector and JPEG images: an SVG's width and height or viewBox, a PDF's MediaBox, a JPEG's frame")
    func otherFormats() {
        #expect(Fixtures.size(Image("Logo")) == CGSize(width: 64, height: 32))    // width="64" height="32"
        #expect(Fixtures.size(Image("Mark")) == CGSize(width: 48, height: 24))    // viewBox="0 0 48 24"
        #expect(Fixtures.size(Image("Badge")) == CGSize(width: 24, height: 18))   // /MediaBox [0 0 24 18]
        #expect(Fixtures.size(Image("Photo")) == CGSize(width: 30, height: 20))   // SOF0: 30 × 20, 1x
        // A vector's own size is in points at every display scale.
        #expect(Fixtures.size(Image("Logo"), scale: 3) == CGSize(width: 64, height: 32))
    }

    @Test("Groups: a namespace prefixes the name; a plain group does not")
    func groups() {
        #expect(Fixtures.size(Image("Icons/Star")) == CGSize(width: 20, height: 20))
        #expect(Fixtures.size(Image("Star")) == .zero)
        #expect(Fixtures.size(Image("Dot")) == CGSize(width: 10, height: 10))
    }

    @Test("A missing image is 0 × 0 and reported by name, as SwiftUI lays it out and logs it")
    func missing() {
        // MetalUI's probe swiftui-bundle-image.swift, B1: Image("missing", bundle:) fits 0 × 0.
        let result = Image("NoSuchImage").layout(in: .unspecified, environment: Fixtures.environment)
        #expect(result.size == .zero)
        let diagnostic = result.diagnostics.first { $0.kind == .missingAsset }
        #expect(diagnostic?.message.contains("No image named 'NoSuchImage' found in asset catalog") == true)
        // B0: a loose PNG beside the catalog is not an asset (8 × 6 px Loose.png): 0 × 0 too.
        #expect(Fixtures.size(Image("Loose")) == .zero)
        // A found image reports nothing.
        #expect(Image("Avatar").layout(in: .unspecified, environment: Fixtures.environment).diagnostics.isEmpty)
    }

    @Test("Image(_:bundle:) looks in that bundle; without one, in the environment's mainBundle")
    func bundles() {
        #expect(Image("Avatar", bundle: Fixtures.bundle).layout(in: .unspecified).size == CGSize(width: 40, height: 30))
        #expect(Image("Avatar").layout(in: .unspecified).size == .zero)  // Bundle.main: the test runner's folder
        let catalog = Bundle(path: Fixtures.folder + "/Assets.xcassets")!
        #expect(Image("Banner", bundle: catalog).layout(in: .unspecified).size == CGSize(width: 300, height: 100))
    }

    @Test("Not resizable, an image is its own size whatever it is offered")
    func fixedSize() {
        #expect(Fixtures.size(Image("Banner"), ProposedViewSize(width: 100, height: 100)) == CGSize(width: 300, height: 100))
        #expect(Fixtures.size(Image("Banner"), ProposedViewSize(width: 0, height: 0)) == CGSize(width: 300, height: 100))
    }

    @Test("Resizable, it takes the proposal, its own size on a nil axis; scaledToFit keeps its ratio")
    func resizable() {
        #expect(Fixtures.size(Image("Banner").resizable(), ProposedViewSize(width: 100, height: 50)) == CGSize(width: 100, height: 50))
        #expect(Fixtures.size(Image("Banner").resizable()) == CGSize(width: 300, height: 100))
        #expect(Fixtures.size(Image("Banner").resizable(), ProposedViewSize(width: 120, height: nil)) == CGSize(width: 120, height: 100))
        // 300 × 100 fitted in 150 × 150: the width binds, 150 × 50.
        #expect(Fixtures.size(Image("Banner").resizable().scaledToFit(), ProposedViewSize(width: 150, height: 150)) == CGSize(width: 150, height: 50))
        // Filled: the height binds, 450 × 150.
        #expect(Fixtures.size(Image("Banner").resizable().scaledToFill(), ProposedViewSize(width: 150, height: 150)) == CGSize(width: 450, height: 150))
        // aspectRatio(2): the largest 2 : 1 in 150 × 150 is 150 × 75.
        #expect(Fixtures.size(Image("Banner").resizable().aspectRatio(2, contentMode: .fit), ProposedViewSize(width: 150, height: 150))
                == CGSize(width: 150, height: 75))
        // B8: a resizable missing image in a 40 × 30 frame takes the frame.
        let missing = Image("NoSuchImage").resizable().frame(width: 40, height: 30)
            .layout(in: .unspecified, environment: Fixtures.environment)
        #expect(missing.size == CGSize(width: 40, height: 30))
        #expect(missing.elements.first { $0.kind == "Image" }?.frame == CGRect(x: 0, y: 0, width: 40, height: 30))
    }

    @Test("Rendering, interpolation and antialiasing are accepted and change no size")
    func acceptedModifiers() {
        let image = Image("Avatar").renderingMode(.template).interpolation(.none).antialiased(false)
            .resizable(capInsets: EdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2), resizingMode: .tile)
        #expect(Fixtures.size(image, ProposedViewSize(width: 70, height: 20)) == CGSize(width: 70, height: 20))
        #expect(Fixtures.size(Image("Avatar").renderingMode(.original)) == CGSize(width: 40, height: 30))
    }
}

@Suite("Image(systemName:): a symbol sized as the text around it (docs/ios-metrics.md)")
struct SymbolImageTests {
    @Test("A medium symbol is a square one font size wide: 17 pt in body text, 28 in title")
    func medium() {
        // Rows "symbol side" (1 × the point size) and the text styles' Large sizes (body 17, title 28).
        #expect(Fixtures.size(Image(systemName: "star")) == CGSize(width: 17, height: 17))
        #expect(Fixtures.size(Image(systemName: "star").font(.title)) == CGSize(width: 28, height: 28))
        #expect(Fixtures.size(Image(systemName: "star").font(.system(size: 40))) == CGSize(width: 40, height: 40))
    }

    @Test("Image scales: small 20 % smaller, large 30 % larger than medium (AppKit's NSImage.SymbolScale)")
    func scales() {
        #expect(near(Fixtures.size(Image(systemName: "star").imageScale(.small)), CGSize(width: 13.6, height: 13.6)))
        #expect(near(Fixtures.size(Image(systemName: "star").imageScale(.large)), CGSize(width: 22.1, height: 22.1)))
        #expect(Fixtures.size(Image(systemName: "star").imageScale(.medium)) == CGSize(width: 17, height: 17))
    }

    @Test("A symbol grows with Dynamic Type as its font does")
    func dynamicType() {
        // Body at xxxLarge is 23 pt and at accessibility5 53 pt (Apple's Dynamic Type table).
        #expect(Fixtures.size(Image(systemName: "star").dynamicTypeSize(.xxxLarge)) == CGSize(width: 23, height: 23))
        #expect(Fixtures.size(Image(systemName: "star").dynamicTypeSize(.accessibility5)) == CGSize(width: 53, height: 53))
    }

    @Test("Its baseline is half the cap height below its centre, so it lines up with text on firstTextBaseline")
    func baseline() {
        // Noto Sans: cap height 714 and hhea ascender 1069 per 1000 units (OS/2 and hhea tables).
        // At 17 pt the text's baseline is 18.173 below its top; the symbol's is 17 / 2 + 12.138 / 2
        // = 14.569 below its top, so the symbol starts 18.173 − 14.569 = 3.604 below the text's top.
        let result = HStack(alignment: .firstTextBaseline, spacing: 0) {
            Image(systemName: "star").id("star")
            Text("Hg").id("text")
        }.layout(in: .unspecified, environment: Fixtures.environment)
        let star = result.element(id: "star")!.frame, text = result.element(id: "text")!.frame
        let drop = star.minY - text.minY
        #expect(abs(drop - (18.173 - 14.569)) < 1e-3, "\(star) \(text)")
        #expect(near(result.element(id: "star")!.firstTextBaseline, 14.569, 1e-3))
    }

    @Test("Rendering modes, variants and the variable value are accepted and change no size")
    func accepted() {
        let symbol = Image(systemName: "bell", variableValue: 0.5).symbolRenderingMode(.hierarchical)
            .symbolVariant(.slash.fill).symbolRenderingMode(.palette)
        #expect(Fixtures.size(symbol) == CGSize(width: 17, height: 17))
        var environment = Fixtures.environment
        environment.symbolVariants = .circle.fill
        #expect(Image(systemName: "person").imageContent(in: environment) == .symbol(name: "person.circle.fill"))
    }

    @Test("Resizable, a symbol takes its frame")
    func resizableSymbol() {
        #expect(Fixtures.size(Image(systemName: "star").resizable().frame(width: 44, height: 30)) == CGSize(width: 44, height: 30))
        #expect(Fixtures.size(Image(systemName: "star").resizable().scaledToFit(), ProposedViewSize(width: 60, height: 30))
                == CGSize(width: 30, height: 30))
    }
}

@Suite("Images inside Text are measured as characters of their width")
struct InlineImageTests {
    @Test("A symbol in a key is as wide as the font size: 'Rated ★ 4.5'")
    func symbolInKey() {
        // hb-shape fonts/NotoSans-Regular.ttf: "Rated " = 622 + 561 + 361 + 564 + 615 + 260 = 2983
        // units, " 4.5" = 260 + 572 + 268 + 572 = 1672; at 17 pt (4655 × 0.017) = 79.135, plus the
        // 17 pt symbol: 96.135 wide; one line of (1069 + 293) × 0.017 = 23.154.
        let size = Fixtures.size(Text("Rated \(Image(systemName: "star")) 4.5"))
        #expect(near(size, CGSize(width: 96.135, height: 23.154), 1e-3), "\(size)")
        let bigger = Fixtures.size(Text("Rated \(Image(systemName: "star")) 4.5").font(.system(size: 34)))
        #expect(near(bigger, CGSize(width: 2 * 96.135, height: 2 * 23.154), 2e-3), "\(bigger)")
    }

    @Test("Text(Image) and concatenation: an asset image is its own width")
    func textOfImage() {
        // "Favorites" = 519 + 561 + 508 + 605 + 413 + 258 + 361 + 564 + 479 = 4268 units → 72.556;
        // Avatar is 40 pt wide; the line keeps the font's height.
        let size = Fixtures.size(Text(Image("Avatar")) + Text("Favorites"))
        #expect(near(size, CGSize(width: 40 + 72.556, height: 23.154), 1e-3), "\(size)")
    }

    @Test("Lines break at the spaces around an image, never beside it")
    func wrapping() {
        // "Rated ★4.5": the image touches "4.5", so at a width too narrow for one line the break is
        // after "Rated " and "★4.5" moves down whole: 17 + (572 + 268 + 572) × 0.017 = 41.004 wide.
        let text = Text("Rated \(Image(systemName: "star"))4.5")
        let result = text.layout(in: ProposedViewSize(width: 60, height: nil), environment: Fixtures.environment)
        #expect(near(result.size.height, 2 * 23.154, 1e-3))
        let layout = text.paragraphLayout(in: ProposedViewSize(width: 60, height: nil), environment: Fixtures.environment)!
        #expect(near(CGFloat(layout.lines[1].width), 41.004, 1e-3), "\(layout.lines.map(\.width))")
    }

    @Test("Right to left, the inline symbol sits in the gap its advance leaves between the words")
    func rightToLeft() {
        var environment = Fixtures.environment
        environment.layoutDirection = .rightToLeft
        let text = Text("שלום \(Image(systemName: "star")) עולם")
        let layout = text.paragraphLayout(in: .unspecified, environment: environment)!
        let placed = layout.placedAttachments(text.drawingRuns(in: environment), environment: environment)
        #expect(placed.count == 1)
        guard let box = placed.first?.frame else { return }
        // Every glyph with an advance covers [x, x + advance] on the line; none may overlap the box.
        let line = layout.lines[0]
        var covered: [ClosedRange<CGFloat>] = []
        for run in line.runs {
            for (index, advance) in run.advances.enumerated() where advance > 0 {
                let x = CGFloat(line.x) + run.positions[index].x
                covered.append(x...(x + CGFloat(advance)))
            }
        }
        #expect(!covered.contains { $0.lowerBound < box.maxX - 1e-6 && $0.upperBound > box.minX + 1e-6 }, "\(box) \(covered)")
        #expect(near(box.width, 17) && box.minX > 0)
    }

    @Test("The inline symbol is placed at its pen position, centred on the cap height")
    func placement() {
        let text = Text("Rated \(Image(systemName: "star")) 4.5")
        let layout = text.paragraphLayout(in: .unspecified, environment: Fixtures.environment)!
        let placed = layout.placedAttachments(text.drawingRuns(in: Fixtures.environment), environment: Fixtures.environment)
        #expect(placed.count == 1)
        // x after "Rated " (2983 × 0.017 = 50.711); top 18.173 − 12.138 / 2 − 8.5 = 3.604.
        #expect(near(placed[0].frame.minX, 50.711, 1e-3) && near(placed[0].frame.minY, 3.604, 1e-3), "\(placed[0].frame)")
        #expect(near(placed[0].frame.size, CGSize(width: 17, height: 17)))
    }
}
