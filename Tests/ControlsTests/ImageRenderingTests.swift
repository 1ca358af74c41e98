import Foundation
import Rendering
import Testing
@testable import Controls

@Suite("Pictures draw images, symbol placeholders, gradients and asset colours")
struct ImageRenderingTests {
    func svg(_ view: some View, scale: CGFloat = 1) -> String {
        var environment = Fixtures.environment
        environment.displayScale = scale
        return SVGRenderer(options: .init(margin: 0, background: nil)).svg(view, environment: environment)
    }

    func base64(_ file: String) -> String {
        FileManager.default.contents(atPath: Fixtures.folder + "/Assets.xcassets/" + file)!.base64EncodedString()
    }

    @Test("An asset image is an <image> of its variant's bytes, stretched into its frame")
    func assetImage() {
        let picture = svg(Image("Avatar").padding(5))
        #expect(picture.contains("<image x=\"5\" y=\"5\" width=\"40\" height=\"30\" preserveAspectRatio=\"none\""))
        #expect(picture.contains("data:image/png;base64,\(base64("Avatar.imageset/avatar.png"))"))
        #expect(svg(Image("Avatar"), scale: 3).contains(base64("Avatar.imageset/avatar@3x.png")))
        #expect(svg(Image("Photo")).contains("data:image/jpeg;base64,\(base64("Photo.imageset/photo.jpg"))"))
        #expect(svg(Image("Logo")).contains("data:image/svg+xml;base64,\(base64("Logo.imageset/logo.svg"))"))
        #expect(svg(Image("Banner").resizable().frame(width: 60, height: 20)).contains("width=\"60\" height=\"20\" preserveAspectRatio=\"none\""))
    }

    @Test("A PDF and a system symbol are placeholders marked with their names; a missing image draws nothing")
    func placeholders() {
        let symbol = svg(Image(systemName: "star.fill").foregroundStyle(.red))
        #expect(symbol.contains("class=\"symbol-placeholder\" data-symbol=\"star.fill\""))
        #expect(symbol.contains("stroke=\"#ff3b30\""))  // systemRed, the foreground
        #expect(svg(Image("Badge")).contains("class=\"image-placeholder\" data-symbol=\"badge.pdf\""))
        let missing = svg(HStack { Image("NoSuchImage"); Color.blue.frame(width: 4, height: 4) })
        #expect(!missing.contains("<image") && !missing.contains("placeholder"))
    }

    @Test("A list row label's symbol is drawn in the tint (UIKit's cell image tint), a destructive button's in red, a label's own style wins")
    func listRowIconColours() throws {
        func stroke(after symbol: String, in picture: String) throws -> Substring {
            let marker = try #require(picture.range(of: "data-symbol=\"\(symbol)\""))
            return picture[marker.upperBound...].prefix(300)
        }
        let picture = svg(List {
            Label("Favorites", systemImage: "star")
            Button("Delete", systemImage: "trash", role: .destructive) {}
            Label("Green", systemImage: "leaf").foregroundStyle(.green)
        }.frame(width: 390, height: 300))
        #expect(try stroke(after: "star", in: picture).contains("stroke=\"#007aff\""))   // the accent colour
        #expect(try stroke(after: "trash", in: picture).contains("stroke=\"#ff3b30\""))  // systemRed
        #expect(try stroke(after: "leaf", in: picture).contains("stroke=\"#34c759\""))   // systemGreen
        // Outside a list a label's symbol is in the foreground colour.
        #expect(try !stroke(after: "star", in: svg(Label("Favorites", systemImage: "star"))).contains("#007aff"))
    }

    @Test("A symbol inside a text is drawn at its place in the line")
    func inlineSymbol() throws {
        // After "Rated " (50.711 pt, hb-shape) and 3.604 below the line's top (ImageTests).
        let picture = svg(Text("Rated \(Image(systemName: "star")) 4.5"))
        let marker = try #require(picture.range(of: "data-symbol=\"star\""))
        let rest = picture[marker.upperBound...].prefix(200)
        // The placeholder's rect is inset by half its stroke (17 / 16 / 2): x 50.711 + 0.531,
        // y 3.604 + 0.531, to two decimals.
        #expect(rest.contains("x=\"51.24\" y=\"4.14\""), "\(rest)")
    }

    @Test("Gradients are SVG gradients in the shape's frame; an angular one is its first colour")
    func gradients() {
        let linear = svg(Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)).frame(width: 40, height: 20))
        #expect(linear.contains("<linearGradient id=\"gradient0\" gradientUnits=\"userSpaceOnUse\" x1=\"20\" y1=\"0\" x2=\"20\" y2=\"20\">"))
        #expect(linear.contains("<stop offset=\"0\" stop-color=\"#ff3b30\"/><stop offset=\"1\" stop-color=\"#007aff\"/>"))
        #expect(linear.contains("fill=\"url(#gradient0)\""))
        // Radius 5 to 10: the first stop at 5 / 10.
        let radial = svg(RadialGradient(colors: [.red, .blue], center: .center, startRadius: 5, endRadius: 10).frame(width: 20, height: 20))
        #expect(radial.contains("cx=\"10\" cy=\"10\" r=\"10\"><stop offset=\"0.5\""))
        let angular = svg(AngularGradient(colors: [.green, .red], center: .center).frame(width: 10, height: 10))
        #expect(angular.contains("fill=\"#34c759\"") && !angular.contains("Gradient"))
    }

    @Test("An asset colour is drawn with its components; a material as its veil")
    func colors() {
        #expect(svg(Color("Brand").frame(width: 4, height: 4)).contains("fill=\"#336699\""))
        let material = svg(Text("Hi").background(.regularMaterial))
        #expect(material.contains("fill=\"#ffffff\" fill-opacity=\"0.7\""))
        let text = svg(Text("Hi").foregroundStyle(Color("Brand")))
        #expect(text.contains("fill=\"#336699\""))
    }

    @Test("ImageRenderer makes a PNG of images and labels")
    func png() throws {
        let renderer = ImageRenderer(content: VStack(alignment: .leading) {
            Label("Favorites", image: "Avatar")
            Label("Rated", systemImage: "star")
        })
        renderer.environment = Fixtures.environment
        renderer.scale = 2
        let data = try renderer.pngData()
        // The PNG's IHDR: ⌈width × 2⌉ × ⌈height × 2⌉ pixels.
        let bytes = [UInt8](data)
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        #expect(u32(16) == Int((renderer.result.size.width * 2).rounded(.up)))
        #expect(u32(20) == Int((renderer.result.size.height * 2).rounded(.up)))
    }
}
