import Foundation
import Testing
@testable import Controls

/// `style` resolved to one colour in the fixtures' environment.
private func flat(_ style: some ShapeStyle, _ environment: EnvironmentValues = Fixtures.environment) -> Color {
    style.resolvedColor(in: environment)
}

/// A colour from 0…255 components, as Apple's tables and ColorCompatibility print them.
private func rgb(_ r: Double, _ g: Double, _ b: Double, _ opacity: Double = 1) -> Color {
    Color(red: r / 255, green: g / 255, blue: b / 255, opacity: opacity)
}

private func same(_ a: Color, _ b: Color) -> Bool {
    abs(a.red - b.red) < 1e-9 && abs(a.green - b.green) < 1e-9 && abs(a.blue - b.blue) < 1e-9 && abs(a.opacity - b.opacity) < 1e-9
}

@Suite("Shape styles: link, fills, levels, materials, gradients, asset colours (docs/ios-metrics.md)")
struct ShapeStyleTests {
    @Test(".link is UIColor.link, (0, 122, 255) in light mode")
    func link() {
        // ColorCompatibility's `link`: red 0.0, green 0.47843137254901963 (122/255), blue 1.0.
        #expect(same(flat(.link), rgb(0, 122, 255)))
    }

    @Test(".fill and its levels are UIColor's system fills in light mode")
    func fills() {
        // ColorCompatibility: systemFill (120, 120, 128, 0.2), secondarySystemFill (…, 0.16),
        // tertiarySystemFill (118, 118, 128, 0.12), quaternarySystemFill (116, 116, 128, 0.08).
        #expect(same(flat(.fill), rgb(120, 120, 128, 0.2)))
        #expect(same(flat(.fill.secondary), rgb(120, 120, 128, 0.16)))
        #expect(same(flat(.fill.tertiary), rgb(118, 118, 128, 0.12)))
        #expect(same(flat(.fill.quaternary), rgb(116, 116, 128, 0.08)))
        // Approximation (the table's row): half the quaternary's opacity.
        #expect(same(flat(.fill.quinary), rgb(116, 116, 128, 0.04)))
    }

    @Test("Hierarchical levels: the label colours, and a level of any colour at the label opacities")
    func levels() {
        // ColorCompatibility: tertiaryLabel (60, 60, 67, 0.3), quaternaryLabel (…, 0.18).
        #expect(same(flat(HierarchicalShapeStyle.tertiary), rgb(60, 60, 67, 0.3)))
        #expect(same(flat(HierarchicalShapeStyle.quaternary), rgb(60, 60, 67, 0.18)))
        #expect(same(flat(HierarchicalShapeStyle.quinary), rgb(60, 60, 67, 0.09)))  // approximation
        #expect(same(flat(Color.blue.secondary), rgb(0, 122, 255, 0.6)))
        #expect(same(flat(Color.blue.tertiary), rgb(0, 122, 255, 0.3)))
        var environment = Fixtures.environment
        environment.foregroundStyle = AnyShapeStyle(Color.red)
        #expect(same(flat(HierarchicalShapeStyle.secondary, environment), rgb(255, 59, 48, 0.6)))
    }

    @Test("Materials are flat white veils, thicker more opaque (approximations)")
    func materials() {
        #expect(same(flat(.ultraThinMaterial), Color(white: 1, opacity: 0.35)))
        #expect(same(flat(.thinMaterial), Color(white: 1, opacity: 0.55)))
        #expect(same(flat(.regularMaterial), Color(white: 1, opacity: 0.7)))
        #expect(same(flat(.thickMaterial), Color(white: 1, opacity: 0.85)))
        #expect(same(flat(.ultraThickMaterial), Color(white: 1, opacity: 0.93)))
        #expect(same(flat(.bar), flat(.regularMaterial)))
        // `.background(_:in:)` with a material draws the shape in it and keeps the view's size.
        let result = Text("Hi").padding(8).background(.regularMaterial, in: RoundedRectangle(cornerRadius: 8))
            .layout(in: .unspecified, environment: Fixtures.environment)
        #expect(result.elements.contains { $0.kind == "RoundedRectangle" && $0.frame.size == result.size })
    }

    @Test("Gradients paint as gradients; text and flat uses take the first colour; Color.gradient is its colour")
    func gradients() {
        let linear = LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
        #expect(same(flat(linear), .red))
        guard case .linear(let stops, let start, let end) = linear.resolvedPaint(in: Fixtures.environment) else {
            Issue.record("not a linear paint")
            return
        }
        #expect(stops.map(\.location) == [0, 1] && start == .top && end == .bottom)
        // Gradient(colors:) spreads three colours at 0, ½, 1.
        #expect(Gradient(colors: [.red, .green, .blue]).stops.map(\.location) == [0, 0.5, 1])
        #expect(same(flat(AngularGradient(colors: [.green, .red], center: .center)), .green))
        #expect(same(flat(Color.orange.gradient), .orange))
        // As views, gradients fill what they are offered.
        #expect(linear.layout(in: ProposedViewSize(width: 30, height: 20)).size == CGSize(width: 30, height: 20))
        #expect(RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 10)
            .layout(in: .unspecified).size == CGSize(width: 10, height: 10))
    }

    @Test("Color(name) reads a colour set's light-mode components in every notation Xcode writes")
    func assetColors() {
        // Brand: "0.200" "0.400" "0.600" (its dark appearance is white and not used).
        #expect(same(flat(Color("Brand")), Color(red: 0.2, green: 0.4, blue: 0.6)))
        // Hex: 0x33 0x66 0x99 = 51, 102, 153, alpha 0.5; Bytes: "51" "102" "153".
        #expect(same(flat(Color("Hex")), rgb(51, 102, 153, 0.5)))
        #expect(same(flat(Color("Bytes")), rgb(51, 102, 153)))
        #expect(same(flat(Color("Gray")), Color(white: 0.5)))
        #expect(same(flat(Color("Linked")), rgb(0, 122, 255)))  // reference: systemBlueColor
        #expect(same(flat(Color("Widget")), rgb(0, 255, 0)))    // universal, not the iPad entry
        #expect(same(flat(Color("Brand").opacity(0.5)), Color(red: 0.2, green: 0.4, blue: 0.6, opacity: 0.5)))
        #expect(same(flat(Color("Brand", bundle: Fixtures.bundle), EnvironmentValues()), Color(red: 0.2, green: 0.4, blue: 0.6)))
    }

    @Test("foregroundStyle(_:_:) draws in its first style (the others colour symbol layers)")
    func paletteStyles() {
        let result = Rectangle().foregroundStyle(.red, .blue).frame(width: 2, height: 2)
            .layout(in: .unspecified, environment: Fixtures.environment)
        let leaf = (0..<result.count).compactMap { result.leaf(at: $0) }.first!
        #expect(same(ForegroundStyle().resolvedColor(in: leaf.environment), .red))
        let three = Rectangle().foregroundStyle(.green, .blue, .red).layout(in: .unspecified)
        let other = (0..<three.count).compactMap { three.leaf(at: $0) }.first!
        #expect(same(ForegroundStyle().resolvedColor(in: other.environment), .green))
    }

    @Test(".background is the system background (white in light mode) unless backgroundStyle(_:) sets it")
    func backgroundStyle() throws {
        // HIG, "Color", background colors: systemBackground is white in light mode.
        #expect(same(flat(.background), .white))
        var environment = Fixtures.environment
        environment.backgroundStyle = AnyShapeStyle(Color.teal)
        #expect(same(flat(.background, environment), .teal))
        // `background(in:)` and `background()` fill with it, behind the view and its size; the
        // filled shape's leaf sees the style `backgroundStyle(_:)` set around it.
        func fills(_ view: some View) throws -> Color {
            let result = view.layout(in: .unspecified, environment: Fixtures.environment)
            let shape = try #require((0..<result.count).compactMap { result.leaf(at: $0) }.first { !($0.element is Text) })
            #expect(shape.frame.size == result.size)
            return BackgroundStyle().resolvedColor(in: shape.environment)
        }
        #expect(same(try fills(Text("Hi").padding(8).background(in: Circle())), .white))
        #expect(same(try fills(Text("Hi").padding(8).background(in: .capsule).backgroundStyle(.orange)), .orange))
        #expect(same(try fills(Text("Hi").background().backgroundStyle(Color.red.opacity(0.5))), Color.red.opacity(0.5)))
    }

    @Test("A missing colour set draws clear and its Color view reports it")
    func missingColor() {
        #expect(same(flat(Color("NoSuchColor")), .clear))
        let result = Color("NoSuchColor").frame(width: 10, height: 10).layout(in: .unspecified, environment: Fixtures.environment)
        #expect(result.diagnostics.contains { $0.kind == .missingAsset && $0.message.contains("No color named 'NoSuchColor'") })
        #expect(Color("Brand").layout(in: .unspecified, environment: Fixtures.environment).diagnostics.isEmpty)
    }
}
