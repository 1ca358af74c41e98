import Foundation
import LayoutCore
import Layouts
import Testing

// Shapes, colours and drawing modifiers: their paths (worked out by hand below) and that none of
// them changes layout except as SwiftUI's do. Rules, from Apple's documentation:
// - a shape takes the size it is proposed, 10 for a nil axis:
//   https://developer.apple.com/documentation/swiftui/shape/sizethatfits(_:)
// - "A circle centered on the frame of the view containing it. The circle's radius equals half the
//   length of the frame rectangle's smallest edge.": https://developer.apple.com/documentation/swiftui/circle
// - a capsule's corner radius is half its shorter side: https://developer.apple.com/documentation/swiftui/capsule
// - strokeBorder "Returns a view that is the result of insetting self by style.lineWidth / 2,
//   stroking the resulting shape with style, and then filling with content":
//   https://developer.apple.com/documentation/swiftui/insettableshape/strokeborder(_:style:antialiased:)
// - border = an overlay of a rectangle stroked inside the view:
//   https://developer.apple.com/documentation/swiftui/view/border(_:width:)
// - background(_:in:) fills the shape behind the view, in the view's frame, without changing its
//   size: https://developer.apple.com/documentation/swiftui/view/background(_:in:fillstyle:)

/// A user shape with no body: it must work as a view.
private struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { p in
            p.move(to: CGPoint(x: rect.midX, y: rect.minY))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            p.closeSubpath()
        }
    }
}

/// The first point a path moves to.
private func start(_ path: Path) -> CGPoint? {
    var first: CGPoint?
    path.forEach { if first == nil, case .move(let p) = $0 { first = p } }
    return first
}

private func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// The path a styled shape leaf draws in its frame (from (0, 0)).
private func paintedPath(_ view: some View, in proposal: ProposedViewSize, leaf index: Int = 0) -> (Path, ShapePaint?)? {
    let result = view.layout(in: proposal)
    guard let leaf = result.leaf(at: index) else { return nil }
    let rect = CGRect(origin: .zero, size: leaf.frame.size)
    if let painted = leaf.element as? any PaintedShapeLeaf { return painted.paintedPath(in: rect) }
    if let shape = leaf.element as? any Shape { return (shape.path(in: rect), nil) }
    return nil
}

@Suite struct ShapeTests {
    // MARK: - Sizes

    @Test("A shape takes what it is proposed, 10 for a nil axis; a user Shape needs no body")
    func shapesTakeTheProposal() {
        let p = ProposedViewSize(width: 100, height: 40)
        for view in [AnyView(Triangle()), AnyView(Circle()), AnyView(Capsule()), AnyView(Ellipse()),
                     AnyView(RoundedRectangle(cornerRadius: 8)), AnyView(Rectangle()), AnyView(Color.red)] {
            #expect(view.layout(in: p).size == CGSize(width: 100, height: 40))
            #expect(view.layout(in: .unspecified).size == CGSize(width: 10, height: 10))
            #expect(view.layout(in: ProposedViewSize(width: 30, height: nil)).size == CGSize(width: 30, height: 10))
        }
        #expect(Triangle().layout(in: p).root.kind == "Triangle")
        #expect(Rectangle().layout(in: p).root.kind == "Rectangle")
        #expect(Color.red.layout(in: p).root.kind == "Color")
    }

    @Test("fill, stroke and strokeBorder lay out as the shape and keep its kind")
    func styledShapesLayOutAsTheShape() {
        let p = ProposedViewSize(width: 100, height: 40)
        for view in [AnyView(Circle().fill(.red)), AnyView(Circle().fill()), AnyView(Circle().stroke(.blue, lineWidth: 3)),
                     AnyView(Circle().stroke(style: StrokeStyle(lineWidth: 2, dash: [4, 2]))),
                     AnyView(Circle().strokeBorder(Color.green, lineWidth: 6))] {
            let result = view.layout(in: p)
            #expect(result.size == CGSize(width: 100, height: 40))
            #expect(result.count == 1)
            #expect(result.root.kind == "Circle")
        }
    }

    // MARK: - Paths

    @Test("Circle in 100 × 40: centred at (50, 20), radius 20, starting at its right point (70, 20)")
    func circlePath() throws {
        let (path, paint) = try #require(paintedPath(Circle(), in: ProposedViewSize(width: 100, height: 40)))
        #expect(paint == nil)
        #expect(close(path.boundingRect, CGRect(x: 30, y: 0, width: 40, height: 40)))
        #expect(start(path) == CGPoint(x: 70, y: 20))
    }

    @Test("Ellipse fills its frame; a capsule's corners are half its height; a rounded rectangle's radius is clamped")
    func otherPaths() throws {
        let p = ProposedViewSize(width: 100, height: 40)
        let ellipse = try #require(paintedPath(Ellipse(), in: p)).0
        #expect(close(ellipse.boundingRect, CGRect(x: 0, y: 0, width: 100, height: 40)))
        #expect(start(ellipse) == CGPoint(x: 100, y: 20))
        // Capsule: radius min(100, 40) / 2 = 20, so the top edge starts 20 in.
        let capsule = try #require(paintedPath(Capsule(), in: p)).0
        #expect(start(capsule) == CGPoint(x: 20, y: 0))
        #expect(close(capsule.boundingRect, CGRect(x: 0, y: 0, width: 100, height: 40)))
        let rounded = try #require(paintedPath(RoundedRectangle(cornerRadius: 8), in: p)).0
        #expect(start(rounded) == CGPoint(x: 8, y: 0))
        // A radius of 50 is clamped to half the height, 20: a capsule.
        #expect(try #require(paintedPath(RoundedRectangle(cornerRadius: 50), in: p)).0 == capsule)
        let triangle = try #require(paintedPath(Triangle(), in: p)).0
        #expect(triangle.boundingRect == CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(start(triangle) == CGPoint(x: 50, y: 0))
    }

    @Test("strokeBorder insets the shape by half the line width; stroke does not")
    func strokeBorderInsets() throws {
        let p = ProposedViewSize(width: 100, height: 40)
        // Rectangle, line 4: inset 2 → (2, 2, 96, 36).
        let rect = try #require(paintedPath(Rectangle().strokeBorder(.red, lineWidth: 4), in: p))
        #expect(rect.0.boundingRect == CGRect(x: 2, y: 2, width: 96, height: 36))
        guard case .stroke(_, let style)? = rect.1 else { Issue.record("not a stroke"); return }
        #expect(style.lineWidth == 4)
        // Circle, line 4: the 100 × 40 frame inset by 2 is 96 × 36, circle of radius 18 at (50, 20).
        let circle = try #require(paintedPath(Circle().strokeBorder(Color.red, lineWidth: 4), in: p)).0
        #expect(close(circle.boundingRect, CGRect(x: 32, y: 2, width: 36, height: 36)))
        // A rounded rectangle's corners shrink by the inset: radius 8 − 2 = 6, so its top edge starts at 2 + 6.
        let rounded = try #require(paintedPath(RoundedRectangle(cornerRadius: 8).strokeBorder(.red, lineWidth: 4), in: p)).0
        #expect(start(rounded) == CGPoint(x: 8, y: 2))
        let stroked = try #require(paintedPath(Rectangle().stroke(.red, lineWidth: 4), in: p)).0
        #expect(stroked.boundingRect == CGRect(x: 0, y: 0, width: 100, height: 40))
    }

    @Test("Path: arcs as quarter-turn Béziers; clockwise is meant in a y-up space")
    func arcs() {
        // A quarter arc of radius 10 around (0, 0) from 0 to π/2, not clockwise: increasing angle,
        // (10, 0) to (0, 10), one cubic whose controls are κ = 0.5523 × 10 along the tangents.
        var quarter = Path()
        quarter.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(quarter.elements.count == 2)
        guard case .curve(let to, let c1, let c2) = quarter.elements[1] else { Issue.record("no curve"); return }
        #expect(abs(to.x) < 1e-9 && abs(to.y - 10) < 1e-9)
        #expect(abs(c1.x - 10) < 1e-9 && abs(c1.y - 5.5228474983) < 1e-9)
        #expect(abs(c2.x - 5.5228474983) < 1e-9 && abs(c2.y - 10) < 1e-9)
        // Clockwise from 0 to π/2 goes the long way: three quarters, three curves, through (0, −10).
        var long = Path()
        long.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(long.elements.count == 4)
        #expect(close(long.boundingRect, CGRect(x: -10, y: -10, width: 20, height: 20), 1e-6))
        // Other builders: a rect is a move, 3 lines and a close (as Core Graphics' addRect); a quad curve's bounding box holds its extreme.
        #expect(Path(CGRect(x: 1, y: 2, width: 3, height: 4)).elements.count == 5)
        var quad = Path()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))  // peak y = 5 at t = ½
        #expect(quad.boundingRect == CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(Path().boundingRect.isNull)
    }

    // MARK: - Colours

    @Test("Colours: HIG system colours in sRGB, opacity multiplies, white and components clamp")
    func colors() {
        // Apple HIG, Color, specifications (light): systemRed (255, 59, 48), systemBlue (0, 122, 255).
        #expect(Color.red == Color(red: 255.0 / 255, green: 59.0 / 255, blue: 48.0 / 255))
        #expect(Color.blue == Color(red: 0, green: 122.0 / 255, blue: 1))
        #expect(Color.red.opacity(0.5).opacity(0.5) == Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255, opacity: 0.25))
        #expect(Color(white: 0.5) == Color(red: 0.5, green: 0.5, blue: 0.5))
        #expect(Color(red: 2, green: -1, blue: .nan) == Color(red: 1, green: 0, blue: 0))
        #expect(Color.clear.opacity == 0)
        // HSB: hue 0 is red, ⅓ green, ⅔ blue; saturation 0 is grey at the brightness; hue 1 wraps to 0.
        #expect(Color(hue: 0, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0))
        #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1) == Color(red: 0, green: 1, blue: 0))
        #expect(Color(hue: 2.0 / 3, saturation: 1, brightness: 0.5) == Color(red: 0, green: 0, blue: 0.5))
        #expect(Color(hue: 0.7, saturation: 0, brightness: 0.25) == Color(white: 0.25))
        #expect(Color(hue: 1, saturation: 1, brightness: 1) == Color(hue: 0, saturation: 1, brightness: 1))
        // Hue ½, saturation ½, brightness ½ (sector 3, f = 0): p = 0.25, q = 0.5, v = 0.5 → (0.25, 0.5, 0.5).
        #expect(Color(hue: 0.5, saturation: 0.5, brightness: 0.5) == Color(red: 0.25, green: 0.5, blue: 0.5))
        // Linear sRGB 0.5 encodes to 1.055 × 0.5^(1/2.4) − 0.055 ≈ 0.7354 (IEC 61966-2-1); 0.002 is linear: 12.92 × 0.002.
        let linear = Color(.sRGBLinear, red: 0.5, green: 0.002, blue: 1)
        #expect(abs(linear.red - 0.735356983) < 1e-6 && abs(linear.green - 0.02584) < 1e-12 && abs(linear.blue - 1) < 1e-12)
        #expect(Color(.sRGB, white: 0.3) == Color(white: 0.3))
        #expect(TintShapeStyle().resolvedColor(in: EnvironmentValues()) == .accentColor)
        // Styles resolve: a colour is itself; the foreground is black unless set; .secondary is
        // the foreground at 60 % (or the secondary label colour when none is set).
        let plain = EnvironmentValues()
        #expect(ForegroundStyle().resolvedColor(in: plain) == .black)
        #expect(HierarchicalShapeStyle.secondary.resolvedColor(in: plain) == Color.secondary)
        let blue = Box(width: 1, height: 1).foregroundStyle(.blue).layout(in: .unspecified).leaf(at: 0)!.environment
        #expect(ForegroundStyle().resolvedColor(in: blue) == .blue)
        #expect(HierarchicalShapeStyle.secondary.resolvedColor(in: blue) == Color.blue.opacity(0.6))
        let red = Box(width: 1, height: 1).foregroundColor(.red).layout(in: .unspecified).leaf(at: 0)!.environment
        #expect(AnyShapeStyle(ForegroundStyle()).resolvedColor(in: red) == .red)
    }

    // MARK: - Modifiers keep layout

    @Test(".background(.blue, in: Capsule()) on a tag chip lays it out exactly as without")
    func chipBackground() {
        func chip() -> some View { TextLike(idealWidth: 40).id("text").padding(.horizontal, 8).padding(.vertical, 4) }
        let p = ProposedViewSize(width: 300, height: 100)
        let plain = HStackLayout(spacing: 6) { chip().id("a"); chip().id("b") }.layout(in: p)
        let tinted = HStackLayout(spacing: 6) {
            chip().background(.blue, in: Capsule()).id("a")
            chip().background(Color.yellow, in: RoundedRectangle(cornerRadius: 8)).id("b")
        }.layout(in: p)
        // 40 + 16 = 56 wide, 16 + 8 = 24 high each; 56 + 6 + 56 = 118.
        #expect(plain.size == CGSize(width: 118, height: 24))
        #expect(tinted.size == plain.size)
        #expect(tinted.element(id: "a")?.frame == plain.element(id: "a")?.frame)
        #expect(tinted.element(id: "b")?.frame == CGRect(x: 62, y: 0, width: 56, height: 24))
        #expect(tinted.element(id: "b")?.frame == plain.element(id: "b")?.frame)
        #expect(tinted.element(id: "text")?.frame == plain.element(id: "text")?.frame)
        // The background is a `background` element whose first child (drawn first) is the shape in the chip's frame.
        let background = tinted.element(id: "a")!
        #expect(background.kind == "background")
        let shape = tinted.element(at: background.path + [0])!
        #expect(shape.kind == "Capsule")
        #expect(shape.frame == background.frame)
        #expect(tinted.element(at: tinted.element(id: "b")!.path + [0])?.kind == "RoundedRectangle")
    }

    @Test("background(style), background(Color), overlay(style) and border keep the content's size, drawn behind or over")
    func fillsAndBorders() {
        let p = ProposedViewSize(width: 200, height: 200)
        let box = Box(width: 50, height: 20)
        for view in [AnyView(box.background(.blue)), AnyView(box.background(Color.blue)), AnyView(box.overlay(.red)),
                     AnyView(box.border(.red, width: 2)), AnyView(box.border(Color.green))] {
            let result = view.layout(in: p)
            #expect(result.size == CGSize(width: 50, height: 20))
            #expect(result.count == 3)
            for element in result.elements { #expect(element.frame == CGRect(x: 0, y: 0, width: 50, height: 20)) }
        }
        // `.background(.blue)` is a filled rectangle behind the box; `.background(Color.blue)` the colour view.
        #expect(box.background(.blue).layout(in: p)[1].kind == "Rectangle")
        #expect(box.background(.blue).layout(in: p)[2].kind == "Box")
        #expect(box.background(Color.blue).layout(in: p)[1].kind == "Color")
        // The border is an overlay (after the box) of a rectangle stroked inside: inset 1 for width 2.
        let border = box.border(.red, width: 2).layout(in: p)
        #expect(border[0].kind == "overlay" && border[1].kind == "Box" && border[2].kind == "Rectangle")
        let leaf = border.leaf(at: 2)!
        let (path, _) = (leaf.element as! any PaintedShapeLeaf).paintedPath(in: CGRect(origin: .zero, size: leaf.frame.size))
        #expect(path.boundingRect == CGRect(x: 1, y: 1, width: 48, height: 18))
    }

    @Test("opacity, clipShape, cornerRadius and foreground colours add no element and move nothing; effects reach the result")
    func drawingEffects() {
        let p = ProposedViewSize(width: 200, height: 200)
        let base = VStackLayout(spacing: 4) { Box(width: 50, height: 20).id("top"); Rectangle().frame(width: 30, height: 10) }
        let plain = base.padding(5).layout(in: p)
        let drawn = base.opacity(0.5).clipShape(Circle(), style: FillStyle(eoFill: true)).cornerRadius(4)
            .foregroundStyle(.red).foregroundColor(.blue).padding(5).layout(in: p)
        #expect(drawn.elements == plain.elements)
        #expect(plain.drawingEffects(at: 1).isEmpty)
        #expect(!plain.hasDrawingEffects)
        // On the stack (index 1, inside the padding), innermost first.
        let effects = drawn.drawingEffects(at: 1)
        #expect(effects.count == 3)
        guard effects.count == 3, case .opacity(let o) = effects[0], case .clip(let circle, let style) = effects[1],
              case .clip(let rounded, _) = effects[2] else { Issue.record("effects \(effects)"); return }
        #expect(o == 0.5)
        #expect(circle is Circle && style.isEOFilled)
        #expect((rounded as? RoundedRectangle)?.cornerSize == CGSize(width: 4, height: 4))
        #expect(drawn.drawingEffects(at: 0).isEmpty && drawn.drawingEffects(at: 2).isEmpty)
        // Opacity is clamped to 0…1.
        guard case .opacity(let high)? = Box(width: 1, height: 1).opacity(3).layout(in: p).drawingEffects(at: 0).first else {
            Issue.record("no opacity"); return
        }
        #expect(high == 1)
        // The inner foreground setting wins (`foregroundStyle(.red)` is inside `foregroundColor(.blue)`).
        let environment = drawn.leaf(at: 2)!.environment
        #expect(environment.foregroundStyle?.resolvedColor(in: EnvironmentValues()) == .red)
    }

    @Test("A modifier on a Group applies to each view; a Color or a shape in a stack is flexible as Rectangle is")
    func inContainers() {
        let result = HStackLayout(spacing: 0) {
            Group { Color.red.id("c"); Circle().fill(.blue).id("s") }.opacity(0.5)
            Box(width: 20, height: 10)
        }.layout(in: ProposedViewSize(width: 100, height: 10))
        // 100 − 20 = 80 shared by the two flexible leaves: 40 each.
        #expect(result.element(id: "c")?.frame == CGRect(x: 0, y: 0, width: 40, height: 10))
        #expect(result.element(id: "s")?.frame == CGRect(x: 40, y: 0, width: 40, height: 10))
        #expect(result.drawingEffects(at: 1).count == 1 && result.drawingEffects(at: 2).count == 1)
        #expect(result.drawingEffects(at: 3).isEmpty)
    }
}

/// SwiftUI code as written for Apple platforms: it must compile unchanged (and lay out).
private struct TagChip: View {
    let title: String
    var body: some View {
        TextLike(idealWidth: CGFloat(title.count) * 8)
            .padding(.horizontal, 8)
            .padding(.vertical, 4)
            .foregroundStyle(.white)
            .background(.blue.opacity(0.8), in: .capsule)
            .overlay(Capsule().stroke(Color.blue, lineWidth: 1))
    }
}

private struct Card: View {
    var body: some View {
        VStackLayout(spacing: 8) {
            Path { p in
                p.move(to: .zero)
                p.addLine(to: CGPoint(x: 20, y: 0))
            }
            .stroke(.gray, lineWidth: 0.5)
            Circle().fill(Color.red).frame(width: 8, height: 8)
            RoundedRectangle(cornerRadius: 4, style: .continuous).fill(.secondary)
            Rectangle().foregroundColor(.secondary)
            Ellipse().strokeBorder(.tint, lineWidth: 2)
            Circle().strokeBorder(lineWidth: 2).foregroundStyle(.custom)
            Capsule().fill(Color(hue: 0.5, saturation: 0.5, brightness: 0.5)).background(Color(.sRGB, red: 0.1, green: 0.2, blue: 0.3))
        }
        .padding()
        .background(.yellow)
        .background(Color.white)
        .border(Color.gray.opacity(0.5))
        .clipShape(.rect(cornerRadius: 12))
        .cornerRadius(12)
        .opacity(0.9)
    }
}

/// A style a user declares; TextFit draws styles it does not know in the foreground colour.
private struct Custom: ShapeStyle {}
extension ShapeStyle where Self == Custom { fileprivate static var custom: Custom { Custom() } }

@Suite struct SwiftUISourceTests {
    @Test("Views written as for SwiftUI compile and lay out as their content")
    func compiles() {
        let chip = TagChip(title: "swift").layout(in: .unspecified)
        // 5 × 8 = 40 + 16 = 56 wide, 16 + 8 = 24 high.
        #expect(chip.size == CGSize(width: 56, height: 24))
        let card = Card().layout(in: ProposedViewSize(width: 100, height: 200))
        // (The stack's shares sum to 200 up to rounding.)
        #expect(card.size.width == 100 && abs(card.size.height - 200) < 1e-9)
        // A path takes what it is offered: here the stack's share.
        #expect(card.elements.contains { $0.kind == "Path" })
    }
}
