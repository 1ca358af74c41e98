import Foundation
import LayoutCore
import Layouts
@testable import Rendering
import Testing
import TextLayout
import Typography

// The SVG renderer's painting of shapes, colours, text colours and drawing effects. Expected
// colours are Apple's light-mode system colours (HIG, Color, specifications:
// https://developer.apple.com/design/human-interface-guidelines/color#Specifications): systemRed
// (255, 59, 48) = #ff3b30, systemBlue (0, 122, 255) = #007aff, systemGreen (52, 199, 89) = #34c759,
// systemYellow (255, 204, 0) = #ffcc00. Drawing order follows SwiftUI's: a background is drawn
// behind its view, an overlay over it (https://developer.apple.com/documentation/swiftui/view/background(alignment:content:),
// .../overlay(alignment:content:)); opacity applies to the view and everything in it
// (https://developer.apple.com/documentation/swiftui/view/opacity(_:)); clipShape clips in the
// view's frame (https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:)).

/// The SVG of `view` laid out for `proposal` (no margin, no canvas background: only what is painted).
private func svg(_ view: some View, _ proposal: ProposedViewSize, environment: EnvironmentValues = EnvironmentValues()) -> String {
    let result = view.layout(in: proposal, environment: environment)
    return SVGRenderer(options: .init(margin: 0, background: nil)).svg(result)
}

/// The offset of `needle` in `text` (fails the test when absent).
private func offset(of needle: String, in text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    guard let range = text.range(of: needle) else {
        Issue.record("\(needle) not in\n\(text)", sourceLocation: sourceLocation)
        return -1
    }
    return text.distance(from: text.startIndex, to: range.lowerBound)
}

/// An environment whose texts shape with the bundled fonts.
private func textEnvironment() throws -> EnvironmentValues {
    var environment = EnvironmentValues()
    environment.textShaper = try Fixtures.shaper()
    environment.textMeasurementCache = TextMeasurementCache()
    return environment
}

@Suite struct ShapeDrawingTests {
    @Test("Colours are written #rrggbb from their sRGB components")
    func hex() {
        #expect(SVGDocument.hex(.red) == "#ff3b30")
        #expect(SVGDocument.hex(.blue) == "#007aff")
        #expect(SVGDocument.hex(Color(white: 0.5)) == "#808080")  // 127.5 rounds to 128 = 0x80
        #expect(SVGDocument.hex(.white) == "#ffffff")
    }

    @Test("A filled circle is a path centred in its frame in the fill colour")
    func filledCircle() {
        let out = svg(Circle().fill(.red).frame(width: 100, height: 40).offset(x: 10, y: 5), .unspecified)
        // Circle of radius 20 centred at (50, 20) in a frame at (10, 5): starts at its right point
        // (70 + 10, 20 + 5); κ × 20 = 11.05 to the first control point (80, 36.05).
        #expect(out.contains("<path d=\"M80 25C80 36.05 "))
        #expect(out.contains("Z\" fill=\"#ff3b30\"/>"))
        #expect(!out.contains("fill-opacity"))
        #expect(!out.contains("#e5e5ea"))  // not a placeholder box
    }

    @Test("An unstyled shape fills with the foreground: black by default, the foregroundStyle when set")
    func unstyledShape() {
        let plain = svg(Rectangle().frame(width: 20, height: 10), .unspecified)
        #expect(plain.contains("<path d=\"M0 0L20 0L20 10L0 10Z\" fill=\"#000000\"/>"))
        let tinted = svg(Rectangle().frame(width: 20, height: 10).foregroundStyle(.green), .unspecified)
        #expect(tinted.contains("<path d=\"M0 0L20 0L20 10L0 10Z\" fill=\"#34c759\"/>"))
        let secondary = svg(Rectangle().fill(.secondary).frame(width: 20, height: 10).foregroundColor(.blue), .unspecified)
        #expect(secondary.contains("fill=\"#007aff\" fill-opacity=\"0.6\""))
    }

    @Test("Strokes: fill none, stroke colour and width; strokeBorder drawn inset by half the width")
    func strokes() {
        let stroked = svg(Rectangle().stroke(.green, lineWidth: 2).frame(width: 20, height: 10), .unspecified)
        #expect(stroked.contains("<path d=\"M0 0L20 0L20 10L0 10Z\" fill=\"none\" stroke=\"#34c759\" stroke-width=\"2\" stroke-miterlimit=\"10\"/>"))
        let border = svg(Rectangle().strokeBorder(Color.red.opacity(0.5), lineWidth: 4).frame(width: 20, height: 10), .unspecified)
        #expect(border.contains("<path d=\"M2 2L18 2L18 8L2 8Z\" fill=\"none\" stroke=\"#ff3b30\" stroke-opacity=\"0.5\" stroke-width=\"4\""))
        let dashed = svg(Circle().stroke(.blue, style: StrokeStyle(lineWidth: 1, lineCap: .round, lineJoin: .round, dash: [3, 1], dashPhase: 1))
                            .frame(width: 10, height: 10), .unspecified)
        #expect(dashed.contains("stroke-width=\"1\" stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-dasharray=\"3 1\" stroke-dashoffset=\"1\""))
    }

    @Test("border(_:width:) strokes a rectangle inside the view, over it")
    func border() {
        let out = svg(Box(width: 30, height: 20).border(.red, width: 2), .unspecified)
        let box = offset(of: "<rect x=\"0\" y=\"0\" width=\"30\" height=\"20\" fill=\"#e5e5ea\"/>", in: out)
        let stroke = offset(of: "<path d=\"M1 1L29 1L29 19L1 19Z\" fill=\"none\" stroke=\"#ff3b30\" stroke-width=\"2\"", in: out)
        #expect(box >= 0 && stroke > box)
    }

    @Test("A Color view is a filled rectangle in its frame, with its opacity")
    func colorView() {
        let out = svg(HStackLayout(spacing: 0) { Color.blue; Color.yellow.opacity(0.25) }, ProposedViewSize(width: 40, height: 10))
        #expect(out.contains("<rect x=\"0\" y=\"0\" width=\"20\" height=\"10\" fill=\"#007aff\"/>"))
        #expect(out.contains("<rect x=\"20\" y=\"0\" width=\"20\" height=\"10\" fill=\"#ffcc00\" fill-opacity=\"0.25\"/>"))
    }

    @Test("opacity wraps the element's whole subtree in <g opacity>, and only it")
    func opacityGroup() {
        let view = VStackLayout(spacing: 0) {
            HStackLayout(spacing: 0) { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10) }.opacity(0.5)
            Color.green.frame(width: 10, height: 10)
        }
        let out = svg(view, .unspecified)
        let open = offset(of: "<g opacity=\"0.5\">", in: out)
        let red = offset(of: "fill=\"#ff3b30\"", in: out), blue = offset(of: "fill=\"#007aff\"", in: out)
        let close = offset(of: "</g>", in: out), green = offset(of: "fill=\"#34c759\"", in: out)
        #expect(open >= 0 && open < red && red < blue && blue < close && close < green)
    }

    @Test("clipShape and cornerRadius clip the subtree to the shape in the element's frame")
    func clips() {
        let out = svg(Color.red.frame(width: 40, height: 20).clipShape(Circle()).offset(x: 5), .unspecified)
        // Circle of radius 10 at (20 + 5, 10): starts at (35, 10).
        #expect(out.contains("<clipPath id=\"clip0\"><path d=\"M35 10C"))
        let group = offset(of: "<g clip-path=\"url(#clip0)\">", in: out)
        let rect = offset(of: "<rect x=\"5\" y=\"0\" width=\"40\" height=\"20\" fill=\"#ff3b30\"/>", in: out)
        #expect(group >= 0 && group < rect)
        // cornerRadius(4) on a 40 × 20 view: a rounded rectangle whose top edge starts 4 in.
        let rounded = svg(Color.red.frame(width: 40, height: 20).cornerRadius(4), .unspecified)
        #expect(rounded.contains("<clipPath id=\"clip0\"><path d=\"M4 0L36 0C"))
        // Two clips get two ids, in order, with the prefix.
        let prefixed = SVGRenderer(options: .init(idPrefix: "p-"))
            .svg(Color.red.clipShape(Circle()).overlay { Color.blue.clipShape(Capsule(), style: FillStyle(eoFill: true)) }
                    .layout(in: ProposedViewSize(width: 20, height: 10)))
        #expect(prefixed.contains("<clipPath id=\"p-clip0\">") && prefixed.contains("<clipPath id=\"p-clip1\"><path clip-rule=\"evenodd\""))
    }

    @Test("A .background(.blue, in: Capsule()) chip: the capsule is drawn before the text, and the chip's layout is unchanged")
    func chip() throws {
        let environment = try textEnvironment()
        let chip = Text("Swift").padding(.horizontal, 8).padding(.vertical, 4)
        let plain = chip.layout(in: .unspecified, environment: environment)
        let tinted = chip.background(.blue, in: Capsule()).layout(in: .unspecified, environment: environment)
        #expect(tinted.size == plain.size)
        #expect(tinted.size.width > 16 && tinted.size.height > 8)
        let out = SVGRenderer(options: .init(margin: 0, background: nil)).svg(tinted)
        let capsule = offset(of: "fill=\"#007aff\"/>", in: out)
        let text = offset(of: "<g class=\"text\" fill=\"#000000\">", in: out)
        #expect(capsule >= 0 && capsule < text)
        // The capsule's radius is half the chip's height: its path starts (h/2, 0).
        let start = "<path d=\"M\(SVGNumber.format(Double(tinted.size.height) / 2, decimals: 2)) 0L"
        #expect(out.contains(start))
        // An overlay comes after the content.
        let over = SVGRenderer(options: .init(margin: 0, background: nil))
            .svg(chip.overlay(.red, in: Capsule()).layout(in: .unspecified, environment: environment))
        #expect(offset(of: "<g class=\"text\"", in: over) < offset(of: "fill=\"#ff3b30\"/>", in: over))
    }

    @Test("Text draws in its run colours, else the environment's foreground, else the options' text colour")
    func textColors() throws {
        let environment = try textEnvironment()
        let options = SVGRenderer.Options(margin: 0, background: nil, textColor: "#123456")
        // Per run: red "a", then "b" in the default.
        let runs = SVGRenderer(options: options).svg((Text("a").foregroundColor(.red) + Text("b"))
            .layout(in: .unspecified, environment: environment))
        let red = offset(of: "<g class=\"text\" fill=\"#ff3b30\">", in: runs)
        let plain = offset(of: "<g class=\"text\" fill=\"#123456\">", in: runs)
        #expect(red >= 0 && red < plain)
        // The environment's foreground (through a padding) for runs without their own colour.
        let styled = SVGRenderer(options: options).svg((Text("a") + Text("b").foregroundStyle(Color.green)).padding(2)
            .foregroundStyle(.blue).layout(in: .unspecified, environment: environment))
        #expect(offset(of: "<g class=\"text\" fill=\"#007aff\">", in: styled) < offset(of: "<g class=\"text\" fill=\"#34c759\">", in: styled))
        #expect(!styled.contains("#123456"))
        // `.foregroundStyle(.secondary)` on a view: the secondary label colour (60, 60, 67) at 60 %, once.
        let secondary = SVGRenderer(options: options).svg(Text("a").padding(1).foregroundStyle(.secondary)
            .layout(in: .unspecified, environment: environment))
        #expect(secondary.contains("<g class=\"text\" fill=\"#3c3c43\" fill-opacity=\"0.6\">"))
        // textCase changes a run's length before layout: "ß" uppercased is "SS" (Unicode's
        // SpecialCasing.txt), so the red run has two glyphs and the blue "X" one — the colours follow
        // the cased text, not the written one.
        let cased = SVGRenderer(options: options).svg((Text("ß").foregroundColor(.red) + Text("x").foregroundColor(.blue))
            .textCase(.uppercase).layout(in: .unspecified, environment: environment))
        func glyphs(after marker: String) -> Int {
            guard let start = cased.range(of: marker) else { return -1 }
            let group = cased[start.upperBound...]
            let body = group[..<(group.range(of: "</g>")?.lowerBound ?? group.endIndex)]
            return body.components(separatedBy: "<use").count - 1
        }
        #expect(glyphs(after: "<g class=\"text\" fill=\"#ff3b30\">") == 2)
        #expect(glyphs(after: "<g class=\"text\" fill=\"#007aff\">") == 1)
        // Colour changes no size (it is not a shaping attribute).
        #expect((Text("ab").foregroundColor(.red)).layout(in: .unspecified, environment: environment).size
                == Text("ab").layout(in: .unspecified, environment: environment).size)
    }

    @Test("A tree of text and boxes only renders as before (placeholder boxes, one text layer); painting is deterministic")
    func plainTreesUnchanged() throws {
        let plain = try SVGRenderingTests.goldenTree()
        #expect(plain.contains("<g class=\"boxes\""))
        #expect(!plain.contains("class=\"content\""))
        let view = HStackLayout(spacing: 4) { Circle().fill(.red).opacity(0.5); Color.blue.clipShape(Capsule()) }
        let first = svg(view, ProposedViewSize(width: 100, height: 20))
        #expect(first == svg(view, ProposedViewSize(width: 100, height: 20)))
        #expect(first.contains("class=\"content\""))
    }

    @Test("A layout file's rectangle is a placeholder: drawn as a light box (kind Rectangle), not a black shape")
    func placeholderRectangle() {
        let result = PlaceholderRectangle().frame(width: 20, height: 10).layout(in: .unspecified)
        #expect(result[1].kind == "Rectangle")
        let out = SVGRenderer(options: .init(margin: 0, background: nil)).svg(result)
        #expect(out.contains("<g class=\"boxes\" fill=\"#e5e5ea\">\n<rect x=\"0\" y=\"0\" width=\"20\" height=\"10\"/>"))
        #expect(!out.contains("#000000"))
    }

    @Test("Text outside the container is still drawn red over the painting")
    func overflow() throws {
        let environment = try textEnvironment()
        let result = Text("Overflowing").background(.yellow).layout(in: .unspecified, environment: environment)
        let options = SVGRenderer.Options(container: CGRect(x: 0, y: 0, width: 10, height: 10))
        let out = SVGRenderer(options: options).svg(result)
        #expect(out.contains("<g id=\"ink\">"))
        #expect(out.contains("<use class=\"text-overflow\" xlink:href=\"#ink\" fill=\"#d70015\" clip-path=\"url(#outside)\"/>"))
        #expect(offset(of: "class=\"content\"", in: out) < offset(of: "class=\"text-overflow\"", in: out))
    }

    @Test("Text inside the container: the painting has no second copy of its glyphs for an overflow layer that would draw nothing")
    func noOverflow() throws {
        let environment = try textEnvironment()
        let result = Text("Fits").background(.yellow).layout(in: .unspecified, environment: environment)
        let inside = SVGRenderer(options: .init(container: CGRect(x: 0, y: 0, width: 500, height: 100))).svg(result)
        #expect(inside.contains("class=\"content\"") && inside.contains("<use xlink:href=\"#g"))
        #expect(!inside.contains("<g id=\"ink\">") && !inside.contains("text-overflow"))
        // Each glyph once: as many uses as glyphs drawn (four letters), where an overflowing
        // container draws them twice (content and ink).
        #expect(inside.components(separatedBy: "<use xlink:href=\"#g").count - 1 == 4)
        let outside = SVGRenderer(options: .init(container: CGRect(x: 0, y: 0, width: 10, height: 10))).svg(result)
        #expect(outside.components(separatedBy: "<use xlink:href=\"#g").count - 1 == 8)
    }
}
