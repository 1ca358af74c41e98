// Code written as a SwiftUI developer writes it, with `import SwiftUI` replaced by `import TextFit`
// and nothing else imported (this target depends on TextFit alone). Every expected frame is worked
// out by hand in the test from SwiftUI's documented rules, cited where each is used.

import Testing
import TextFit

// MARK: - Views as an app writes them

/// A tag: a fixed-size swatch standing in for an icon, padded as chips are.
struct TagChip: View {
    let title: String
    let width: CGFloat

    var body: some View {
        Rectangle()
            .frame(width: width, height: 20)
            .padding(.horizontal, 8)
            .padding(.vertical, 4)
    }
}

struct Tag: Identifiable {
    let id: String
    let width: CGFloat
}

struct TagCloud: View {
    let tags: [Tag]

    var body: some View {
        FlowLayout(spacing: 6, lineSpacing: 4) {
            ForEach(tags) { tag in
                TagChip(title: tag.id, width: tag.width)
            }
        }
    }
}

/// A settings row: icon, flexible space, badge.
struct SettingsRow: View {
    var showsBadge = true

    var body: some View {
        HStack(spacing: 0) {
            Rectangle().frame(width: 30, height: 10).id("icon")
            Spacer()
            if showsBadge {
                Rectangle().frame(width: 50, height: 20).id("badge")
            } else {
                EmptyView()
            }
        }
    }
}

/// A reusable modifier, applied through an extension as apps do.
struct CardStyle: ViewModifier {
    func body(content: Content) -> some View {
        content
            .padding(12)
            .background(Rectangle())
    }
}

extension View {
    func cardStyle() -> some View { modifier(CardStyle()) }
}

/// A layout value an app defines, with the view extension apps write for it.
private struct Rank: LayoutValueKey {
    static let defaultValue = 0
}

extension View {
    func rank(_ value: Int) -> some View { layoutValue(key: Rank.self, value: value) }
}

/// Places its subviews left to right by ascending rank, each at its ideal size, top-aligned.
struct RankedRow: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return CGSize(width: sizes.reduce(0) { $0 + $1.width }, height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for subview in subviews.sorted(by: { $0[Rank.self] < $1[Rank.self] }) {
            let size = subview.sizeThatFits(.unspecified)
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += size.width
        }
    }
}

/// A container view generic over its content, as apps write their cards.
struct Card<Content: View>: View {
    let content: Content

    init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            content
        }
        .padding(10)
    }
}

@ViewBuilder
func badge(count: Int) -> some View {
    if count > 99 {
        Rectangle().frame(width: 30, height: 16)
    } else if count > 0 {
        Rectangle().frame(width: 16, height: 16)
    }
}

enum Status { case new, seen, archived }

struct StatusBadge: View {
    let status: Status
    @State private var isExpanded = false

    var body: some View {
        switch status {
        case .new: Rectangle().frame(width: 10, height: 10)
        case .seen: Rectangle().frame(width: 20, height: 10)
        case .archived: EmptyView()
        }
    }
}

private func frame(_ result: LayoutResult, _ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CGRect? {
    let element = result.element(id: id)
    #expect(element != nil, "no element \(id)", sourceLocation: sourceLocation)
    return element?.frame
}

// MARK: - Tests

@Suite("SwiftUI code compiles with import TextFit and lays out as SwiftUI does")
struct ViewCompositionTests {
    @Test("A tag cloud: a View with a body, ForEach over Identifiable tags, a flow layout")
    func tagCloud() {
        // Each chip is (w + 2 × 8) × (20 + 2 × 4) (padding adds its insets: Apple, padding(_:_:)).
        // Widths 40, 60, 30, 80 → chips 56, 76, 46, 96, all 28 high. Proposed 150 wide: row 1 is
        // 56 + 6 + 76 = 138 (+ 6 + 46 = 190 > 150), row 2 is 46 + 6 + 96 = 148. Without text every
        // chip's first baseline is its height (28), so a row is 28 high; row 2 at 28 + 4 = 32.
        let tags = [Tag(id: "swift", width: 40), Tag(id: "kotlin", width: 60), Tag(id: "go", width: 30), Tag(id: "rust", width: 80)]
        let result = TagCloud(tags: tags).layout(in: ProposedViewSize(width: 150, height: nil))
        #expect(result.size == CGSize(width: 148, height: 60))
        // ForEach names each view by its item's id.
        #expect(frame(result, "swift") == CGRect(x: 0, y: 0, width: 56, height: 28))
        #expect(frame(result, "kotlin") == CGRect(x: 62, y: 0, width: 76, height: 28))
        #expect(frame(result, "go") == CGRect(x: 0, y: 32, width: 46, height: 28))
        #expect(frame(result, "rust") == CGRect(x: 52, y: 32, width: 96, height: 28))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("Nested stacks with a Spacer, an if/else in the builder, and a full-width rule")
    func nestedStacks() {
        // HStack(spacing: 0) proposed 200: the fixed frames take 30 and 50; the Spacer (flexible,
        // minimum 8) takes the other 120 (Apple, Spacer: "expands along the major axis of its
        // containing stack"). Height = the tallest child, 20; the icon is centred: y 5.
        // VStack(alignment: .leading, spacing: 4): the rule's frame(height: 1) keeps the proposed
        // width, and a Rectangle takes what it is offered: 200 × 1 at y 20 + 4 = 24.
        let view = VStack(alignment: .leading, spacing: 4) {
            SettingsRow()
            Rectangle().frame(height: 1).id("rule")
        }
        let result = view.layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(result.size == CGSize(width: 200, height: 25))
        #expect(frame(result, "icon") == CGRect(x: 0, y: 5, width: 30, height: 10))
        #expect(frame(result, "badge") == CGRect(x: 150, y: 0, width: 50, height: 20))
        #expect(frame(result, "rule") == CGRect(x: 0, y: 24, width: 200, height: 1))

        // The else branch: EmptyView adds no subview, so the row is the icon and the spacer only.
        let bare = SettingsRow(showsBadge: false).layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(bare.size == CGSize(width: 200, height: 10))
        #expect(bare.element(id: "badge") == nil)
    }

    @Test("Group, EmptyView, an optional and a switch each add the subviews they stand for")
    func builderConstructs() {
        // HStack(spacing: 10): Group's two views are two subviews; EmptyView and a nil optional none;
        // the switch picks a 20-wide badge. Subviews 10, 10, 10, 20 → 50 + 3 × 10 = 80 wide.
        let missing: String? = nil
        let view = HStack(spacing: 10) {
            Rectangle().frame(width: 10, height: 10)
            Group {
                Rectangle().frame(width: 10, height: 10)
                Rectangle().frame(width: 10, height: 10)
            }
            EmptyView()
            if let missing { Text(missing) }
            StatusBadge(status: .seen)
            StatusBadge(status: .archived)
        }
        let result = view.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 80, height: 10))
    }

    @Test("A modifier on a Group or ForEach applies to each of its views, as SwiftUI's do")
    func modifierOnAList() {
        // Apple, Group: "modifiers you apply to the group apply to each of the group's members".
        // Two 10 × 10 squares each padded 5 → two 20 × 20 subviews, spacing 0 → 40 × 20.
        let view = HStack(spacing: 0) {
            Group {
                Rectangle().frame(width: 10, height: 10)
                Rectangle().frame(width: 10, height: 10)
            }
            .padding(5)
        }
        #expect(view.layout(in: .unspecified).size == CGSize(width: 40, height: 20))
    }

    @Test("A custom ViewModifier through a View extension")
    func customModifier() {
        // padding(12) around 40 × 20 → 64 × 44; the background takes the padded size and does not change it.
        let result = Rectangle().frame(width: 40, height: 20).cardStyle().id("card").layout(in: .unspecified)
        #expect(frame(result, "card") == CGRect(x: 0, y: 0, width: 64, height: 44))
    }

    @Test("A custom Layout reads a LayoutValueKey set by the app's own view extension")
    func rankedLayout() {
        // Ranks 2, 0, 1 on widths 10, 20, 30 → order b (20), c (30), a (10): b at 0, c at 20, a at 50.
        let view = RankedRow {
            Rectangle().frame(width: 10, height: 10).rank(2).id("a")
            Rectangle().frame(width: 20, height: 10).rank(0).id("b")
            Rectangle().frame(width: 30, height: 10).rank(1).id("c")
        }
        let result = view.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 60, height: 10))
        #expect(frame(result, "b")?.minX == 0)
        #expect(frame(result, "c")?.minX == 20)
        #expect(frame(result, "a")?.minX == 50)
    }

    @Test("overlay(alignment:content:) puts a badge in the corner without changing the size")
    func overlayBadge() {
        // Apple, overlay(alignment:content:): the overlay is proposed the view's size and aligned in it;
        // a 10 × 10 dot at .topTrailing of 100 × 40 sits at x 90, y 0, and the result stays 100 × 40.
        let view = Rectangle()
            .frame(width: 100, height: 40)
            .overlay(alignment: .topTrailing) {
                Rectangle().frame(width: 10, height: 10).id("dot")
            }
            .id("card")
        let result = view.layout(in: .unspecified)
        #expect(frame(result, "card") == CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(frame(result, "dot") == CGRect(x: 90, y: 0, width: 10, height: 10))
    }

    @Test("AnyView erases branches of different types; an array of AnyView in ForEach")
    func anyView() {
        let views: [AnyView] = [
            AnyView(Rectangle().frame(width: 10, height: 10)),
            AnyView(Rectangle().frame(width: 30, height: 5).padding(1)),
        ]
        // 10 + 4 + 32 = 46 wide; heights 10 and 7 → 10.
        let result = HStack(spacing: 4) { ForEach(0..<views.count, id: \.self) { views[$0] } }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 46, height: 10))
    }

    @Test("A Text chip measures with the bundled Noto Sans: width from hb-shape's advances")
    func textChip() {
        // hb-shape fonts/NotoSans-Regular.ttf "Swift": advances 549 + 786 + 258 + 344 + 361 = 2298
        // units of 1000; body at the default Dynamic Type size (large) is 17 pt (Apple's table):
        // 2298 × 17 / 1000 = 39.066. Height = (hhea ascender 1069 + |descender| 293) × 17 / 1000 = 23.154.
        // Padding 8 → 55.066 × 39.154.
        let result = Text("Swift").font(.body).padding(8).id("chip").layout(in: .unspecified)
        let chip = frame(result, "chip") ?? .zero
        #expect(abs(chip.width - 55.066) < 1e-9)
        #expect(abs(chip.height - 39.154) < 1e-9)
        // The first text baseline passes through padding: 8 + 1069 × 0.017 = 26.173.
        #expect(abs((result.element(id: "chip")?.firstTextBaseline ?? 0) - 26.173) < 1e-9)
    }

    @Test("LayoutTree and the Layout protocol take views: one tree, relaid at two widths")
    func treeReuse() {
        let tags = (0..<6).map { Tag(id: "t\($0)", width: 44) }  // chips 60 × 28
        let tree = LayoutTree(TagCloud(tags: tags))
        // 200: 60 + 6 + 60 + 6 + 60 = 192 per row → 2 rows → 28 + 4 + 28 = 60 high.
        #expect(tree.layout(in: ProposedViewSize(width: 200, height: nil)).size == CGSize(width: 192, height: 60))
        // 130: two a row (126) → 3 rows → 3 × 28 + 2 × 4 = 92.
        #expect(tree.layout(in: ProposedViewSize(width: 130, height: nil)).size == CGSize(width: 126, height: 92))
    }

    @Test("dynamicTypeSize with a range clamps the size the environment sets")
    func dynamicTypeRange() {
        // Apple's Dynamic Type table: body is 17 pt at large, 23 pt at xxxLarge. "Swift" is 2298
        // units wide in Noto Sans (hb-shape): 39.066 at 17 pt, 52.854 at 23 pt.
        let capped = Text("Swift").dynamicTypeSize(...DynamicTypeSize.large)
            .environment(\.dynamicTypeSize, .accessibility3)
            .layout(in: .unspecified)
        #expect(abs(capped.size.width - 39.066) < 1e-9)
        let raised = Text("Swift").dynamicTypeSize(.xxxLarge...)
            .layout(in: .unspecified)
        #expect(abs(raised.size.width - 52.854) < 1e-9)
    }

    @Test("A generic container view with a @ViewBuilder init, and a @ViewBuilder function with else-if")
    func genericContainer() {
        // VStack(spacing: 2) of 40 × 10, badge(120) = 30 × 16, badge(0) = nothing: 40 × (10 + 2 + 16) = 40 × 28;
        // padding 10 → 60 × 48. The badge sits at (10, 10 + 10 + 2) = (10, 22), leading-aligned.
        let view = Card {
            Rectangle().frame(width: 40, height: 10)
            badge(count: 120).id("big")
            badge(count: 0).id("none")
        }
        let result = view.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 60, height: 48))
        #expect(frame(result, "big") == CGRect(x: 10, y: 22, width: 30, height: 16))
        #expect(result.element(id: "none") == nil)
        // else-if's middle branch: 16 × 16.
        #expect(badge(count: 5).layout(in: .unspecified).size == CGSize(width: 16, height: 16))
    }

    @Test("SVGRenderer and ImageRenderer take a view as written")
    func picturesOfViews() throws {
        let cloud = TagCloud(tags: [Tag(id: "a", width: 40), Tag(id: "b", width: 60)])
        let svg = SVGRenderer().svg(cloud, in: ProposedViewSize(width: 150, height: nil))
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        // Two chips of 56 and 76 side by side (6 apart): 138 × 28 (see tagCloud); a rectangle each.
        let renderer = ImageRenderer(content: cloud)
        renderer.proposedSize = ProposedViewSize(width: 150, height: nil)
        #expect(renderer.result.size == CGSize(width: 138, height: 28))
        #expect(renderer.svg == SVGRenderer(options: renderer.options).svg(cloud, in: ProposedViewSize(width: 150, height: nil)))
        let png = try renderer.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // Setting a property lays the view out again: at 60 the chips (56, 76) take a row each,
        // 4 apart: 76 × (28 + 4 + 28).
        renderer.proposedSize = ProposedViewSize(width: 60, height: nil)
        #expect(renderer.result.size == CGSize(width: 76, height: 60))
        #expect(renderer.svg == SVGRenderer(options: renderer.options).svg(cloud, in: ProposedViewSize(width: 60, height: nil)))
    }

    @Test("rotationEffect, scaleEffect and shadow change no frame; the SVG rotates and scales about the anchor")
    func drawingOnlyEffects() {
        // Apple, rotationEffect(_:anchor:) and scaleEffect(_:anchor:): drawing only, the layout is the
        // unrotated frame. 100 × 40 at the origin: its centre is (50, 20).
        let card = Rectangle().frame(width: 100, height: 40)
        let plain = card.layout(in: .unspecified)
        let rotated = card.rotationEffect(.degrees(90)).layout(in: .unspecified)
        let scaled = card.scaleEffect(2).shadow(radius: 4).layout(in: .unspecified)
        #expect(rotated.elements.map(\.frame) == plain.elements.map(\.frame))
        #expect(scaled.elements.map(\.frame) == plain.elements.map(\.frame))
        let options = SVGRenderer.Options(margin: 0, background: nil)
        #expect(SVGRenderer(options: options).svg(rotated).contains("<g transform=\"rotate(90 50 20)\">"))
        #expect(SVGRenderer(options: options).svg(scaled).contains("<g transform=\"translate(50 20) scale(2 2) translate(-50 -20)\">"))
    }

    @Test("LazyVStack and LazyHStack lay out as VStack and HStack (SwiftUI differs only in when it makes views)")
    func lazyStacks() {
        // VStack(alignment: .leading, spacing: 4) of 30 × 10 and 50 × 20: 50 × 34, the first at (0, 0),
        // the second at (0, 14). HStack(spacing: 2) of the same: 82 × 20, the first centred at y 5.
        let column = LazyVStack(alignment: .leading, spacing: 4) {
            Rectangle().frame(width: 30, height: 10).id("a")
            Rectangle().frame(width: 50, height: 20).id("b")
        }.layout(in: .unspecified)
        #expect(column.size == CGSize(width: 50, height: 34))
        #expect(frame(column, "b") == CGRect(x: 0, y: 14, width: 50, height: 20))
        let row = LazyHStack(spacing: 2) {
            Rectangle().frame(width: 30, height: 10).id("a")
            Rectangle().frame(width: 50, height: 20).id("b")
        }.layout(in: .unspecified)
        #expect(row.size == CGSize(width: 82, height: 20))
        #expect(frame(row, "a") == CGRect(x: 0, y: 5, width: 30, height: 10))
    }
    @Test("Markdown in a Text literal, a key built from a variable, interpolated values: as SwiftUI reads them")
    func markdownText() {
        // SwiftUI (https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)):
        // a literal is a LocalizedStringKey whose Markdown styles the text; a String variable is
        // verbatim. Noto Sans at 17 pt, hb-shape: Bold "ab" 604 + 633 = 1237 units; Regular "ab"
        // 1176, "kg" 534 + 615 and "*" 551 (the variable keeps its four asterisks); Italic "ab" 1147.
        struct Price: View {
            let amount: Double
            let unit = "**kg**"
            var body: some View {
                VStack(alignment: .leading, spacing: 0) {
                    Text("**ab**").id("bold")
                    Text(unit).id("verbatim")
                    Text("\(amount, specifier: "%.2f") \(unit)").id("price")
                    Text(LocalizedStringKey("*ab*")).id("key")
                }
            }
        }
        let result = Price(amount: 3.5).layout(in: .unspecified)
        func width(_ id: String) -> Double { Double(frame(result, id)?.width ?? 0) }
        let verbatimUnits: Double = 551 * 4 + 534 + 615
        #expect(abs(width("bold") - 1237 * 0.017) < 1e-9)
        #expect(abs(width("verbatim") - verbatimUnits * 0.017) < 1e-9)
        #expect(abs(width("key") - 1147 * 0.017) < 1e-9)
        let texts = [Text("\(3.5, specifier: "%.2f") kg"), Text("Hi **\("*x*")**")]
        #expect(texts.map(\.string) == ["3.50 kg", "Hi *x*"])
    }

    @Test("underline and strikethrough as SwiftUI spells them compile, draw, and change no size")
    func lines() {
        // https://developer.apple.com/documentation/swiftui/text/underline(_:pattern:color:) and
        // .../view/strikethrough(_:pattern:color:) (iOS 16): lines are drawn, not measured.
        struct Offer: View {
            var body: some View {
                VStack(alignment: .leading) {
                    (Text("Was ") + Text("$20").strikethrough(color: .red) + Text(" now $10").underline()).id("price")
                    Text("Terms").underline(true, pattern: .dash, color: .blue).id("terms")
                    VStack { Text("Note").id("note") }.strikethrough(pattern: .dot)
                    Text("Plain").underline(false).id("plain")
                }
            }
        }
        let result = Offer().layout(in: .unspecified)
        let plain = VStack(alignment: .leading) {
            (Text("Was ") + Text("$20") + Text(" now $10")).id("price")
            Text("Terms").id("terms")
            VStack { Text("Note").id("note") }
            Text("Plain").id("plain")
        }.layout(in: .unspecified)
        for id in ["price", "terms", "note", "plain"] { #expect(frame(result, id) == frame(plain, id)) }
        let svg = SVGRenderer().svg(result)
        // One strikethrough for "$20", one underline for " now $10", one dashed underline, one
        // dotted strikethrough; none for "Plain".
        #expect(svg.components(separatedBy: "<path class=\"underline\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "<path class=\"strikethrough\"").count - 1 == 2)
    }

    @Test("Text(_:format:), \\(value, format:) and Text(_:style:) compile as SwiftUI code writes them, in the environment's locale")
    func formatStyles() {
        // https://developer.apple.com/documentation/swiftui/text/init(_:format:). CLDR de: group ".",
        // decimal ","; currency "#,##0.00 ¤" with a no-break space (U+00A0).
        struct Receipt: View {
            let total: Double
            let count: Int
            var body: some View {
                VStack(alignment: .leading) {
                    Text(total, format: .currency(code: "EUR")).id("total")
                    Text("\(count, format: .number) items").id("count")
                    Text(Date(timeIntervalSince1970: 1_559_604_180), style: .date).id("date")
                }
            }
        }
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: "de_DE")
        let result = Receipt(total: 1234.5, count: 1500).layout(in: .unspecified, environment: environment)
        let expected = VStack(alignment: .leading) {
            Text(verbatim: "1.234,50\u{A0}€").id("total")
            Text(verbatim: "1.500 items").id("count")
            Text(verbatim: "3. Juni 2019").id("date")  // CLDR de long date "d. MMMM y"; 2019-06-03 23:23 GMT
        }.layout(in: .unspecified, environment: environment)
        for id in ["total", "count", "date"] { #expect(frame(result, id) == frame(expected, id)) }
        #expect(frame(result, "total").map { $0.width > 0 } == true)
    }

    @Test("An AttributedString styled with SwiftUI's attribute names, shown with Text(_:)")
    func attributedString() {
        // https://developer.apple.com/documentation/swiftui/text: string attributes win over modifiers.
        // hb-shape, Noto Sans: Bold "Hi" 765 + 305 = 1,070 units; Regular "you" 510 + 605 + 618 = 1,733.
        var greeting = AttributedString("Hi")
        greeting.font = .system(size: 20, weight: .bold)
        var name = AttributedString("you")
        name.foregroundColor = .blue
        name.underlineStyle = .single
        let result = Text(greeting + name).font(.system(size: 10)).id("t").layout(in: .unspecified)
        let width = Double(frame(result, "t")?.width ?? 0)
        #expect(abs(width - (1070 * 0.020 + 1733 * 0.010)) < 1e-9)
    }

    @Test("Gestures, accessibility, lifecycle and animation modifiers compile and move no frame")
    func inertModifiers() {
        // A selectable tag chip as an app writes it. None of these modifiers changes geometry in
        // SwiftUI (they attach behaviour); TextFit accepts them and never runs their closures.
        struct SelectableChip: View {
            let title: String
            @State var selected = false
            var body: some View {
                Text(title)
                    .padding(.horizontal, 10)
                    .padding(.vertical, 6)
                    .background(Capsule().fill(selected ? Color.blue : Color.gray))
                    .contentShape(Capsule())
                    .onTapGesture { withAnimation(.spring(response: 0.3)) { selected.toggle() } }
                    .onLongPressGesture(minimumDuration: 1) { selected = false }
                    .accessibilityLabel(Text(title))
                    .accessibilityHint("Double-tap to select")
                    .accessibilityAddTraits(selected ? [.isButton, .isSelected] : .isButton)
                    .accessibilityElement(children: .combine)
                    .animation(.easeInOut(duration: 0.2), value: selected)
                    .onAppear { selected = false }
                    .onChange(of: selected) { _, _ in }
                    .task { await Task.yield() }
                    .allowsHitTesting(true)
                    .disabled(false)
                    .help("Tag")
                    .accessibilityIdentifier(title.prefix(3))
                    .animation(.default)
                    .textSelection(.enabled)
                    .id(title)
            }
        }
        struct PlainChip: View {
            let title: String
            var body: some View {
                Text(title).padding(.horizontal, 10).padding(.vertical, 6).background(Capsule().fill(Color.gray)).id(title)
            }
        }
        let tags = ["Zürich", "東京", "Reykjavík"]
        let result = FlowLayout(spacing: 6) { ForEach(tags, id: \.self) { SelectableChip(title: $0) } }
            .layout(in: ProposedViewSize(width: 150, height: nil))
        let plain = FlowLayout(spacing: 6) { ForEach(tags, id: \.self) { PlainChip(title: $0) } }
            .layout(in: ProposedViewSize(width: 150, height: nil))
        #expect(result.size == plain.size)
        for tag in tags {
            #expect(frame(result, tag) == frame(plain, tag))
            #expect(frame(result, tag).map { $0.width > 20 } == true)
        }
        // Drawing effects TextFit does not draw, a named coordinate space and zIndex: no frame moves.
        let card = ZStack {
            Rectangle().fill(.gray).frame(width: 40, height: 20).zIndex(1).id("back")
            Rectangle().fill(.blue).frame(width: 30, height: 30).mask { Circle() }.blendMode(.multiply)
                .brightness(0.1).contrast(1.2).saturation(0.5).grayscale(1).colorMultiply(.red).blur(radius: 2).id("front")
        }
        .mask(Rectangle()).drawingGroup().compositingGroup().geometryGroup().coordinateSpace(name: "card").coordinateSpace(.named("card2"))
        .layout(in: .unspecified)
        #expect(card.size == CGSize(width: 40, height: 30))
        #expect(frame(card, "back") == CGRect(x: 0, y: 5, width: 40, height: 20))
        #expect(frame(card, "front") == CGRect(x: 5, y: 0, width: 30, height: 30))
        // A size read through a preference, as SwiftUI code measures a child: it compiles, and the
        // frames are the view's own (the action never runs: nothing is observed).
        struct WidthKey: PreferenceKey {
            static let defaultValue: CGFloat = 0
            static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
        }
        struct Measured: View {
            @State var width: CGFloat = 0
            var body: some View {
                Rectangle().frame(width: 24, height: 8)
                    .background(GeometryReader { proxy in Color.clear.preference(key: WidthKey.self, value: proxy.size.width) })
                    .transformPreference(WidthKey.self) { $0 += 1 }
                    .onPreferenceChange(WidthKey.self) { width = $0 }
                    .id("measured")
            }
        }
        let measured = Measured().layout(in: .unspecified)
        #expect(frame(measured, "measured")?.size == CGSize(width: 24, height: 8))
        var reduced: CGFloat = 3
        WidthKey.reduce(value: &reduced) { 5 }
        #expect(reduced == 5)
        // withAnimation runs its body at once and returns its value.
        #expect(withAnimation { 1 + 1 } == 2)
    }

    @Test("Button: the built-in styles lay out as the label; a custom ButtonStyle as written; the tint in the picture")
    func buttons() {
        // A chip style as apps write one: padding and a capsule behind the label.
        struct ChipStyle: ButtonStyle {
            var fill: Color = .gray
            func makeBody(configuration: Configuration) -> some View {
                configuration.label
                    .padding(8)
                    .background(Capsule().fill(configuration.isPressed ? Color.black : fill))
            }
        }
        // "Swift" in Noto Sans at 17 pt (see textChip): 2298 × 0.017 = 39.066 wide, 23.154 high.
        // SwiftUI on iOS: `automatic` is borderless outside lists and toolbars, "a button style that
        // doesn't apply a border" (https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/borderless):
        // the label's frame.
        let views: [AnyView] = [
            AnyView(Button("Swift") {}.id("default")),
            AnyView(Button(action: {}) { Text("Swift") }.buttonStyle(.plain).id("plain")),
            AnyView(Button("Swift", role: .destructive) {}.buttonStyle(.borderless).id("destructive")),
            AnyView(Button("Swift") {}.buttonStyle(ChipStyle()).id("chip")),
        ]
        let result = VStack(spacing: 0) { ForEach(0..<views.count, id: \.self) { views[$0] } }.layout(in: .unspecified)
        for id in ["default", "plain", "destructive"] {
            let size = frame(result, id)?.size ?? .zero
            #expect(abs(size.width - 39.066) < 1e-9 && abs(size.height - 23.154) < 1e-9, "\(id): \(size)")
        }
        // Padding 8 each side: 55.066 × 39.154.
        let chip = frame(result, "chip")?.size ?? .zero
        #expect(abs(chip.width - 55.066) < 1e-9 && abs(chip.height - 39.154) < 1e-9)
        // The first baseline of a button is its label's: 1069 × 0.017 = 18.173 (plus 8 in the chip).
        #expect(abs((result.element(id: "chip")?.firstTextBaseline ?? 0) - 26.173) < 1e-9)
        // Drawn: the default style in the tint (systemBlue, #007aff), a destructive role red
        // (#ff3b30), the plain style in the text's own colour (black).
        func svg(_ view: some View) -> String { SVGRenderer().svg(view, in: .unspecified) }
        #expect(svg(Button("Swift") {}).contains("#007aff"))
        #expect(svg(Button("Swift", role: .destructive) {}).contains("#ff3b30"))
        let plain = svg(Button("Swift") {}.buttonStyle(.plain))
        #expect(!plain.contains("#007aff") && !plain.contains("#ff3b30"))
        // tint(_:) sets what the built-in styles (and `.tint`) draw with: systemGreen, #34c759.
        let green = svg(VStack { Button("Swift") {}; Rectangle().fill(.tint).frame(width: 4, height: 4) }.tint(.green))
        #expect(green.contains("#34c759") && !green.contains("#007aff"))
        #expect(svg(Button("Swift") {}.tint(.green)).contains("#34c759"))
        #expect(svg(Button("Swift") {}.tint(nil)).contains("#007aff"))
        // A style set further out applies to every button inside.
        let row = HStack(spacing: 4) { Button("Swift") {}.id("a"); Button("Swift") {}.id("b") }
            .buttonStyle(ChipStyle(fill: .blue)).layout(in: .unspecified)
        #expect(abs(Double(row.size.width) - (2 * 55.066 + 4)) < 1e-9)
    }

    @Test("@ScaledMetric scales a length with Dynamic Type as its text style's size scales")
    func scaledMetric() {
        // Apple's Dynamic Type sizes (Human Interface Guidelines, "Typography", iOS tables): Body is
        // 17 pt at Large, 23 at xxxLarge, 40 at AX3; Caption 1 is 12 at Large, 18 at xxxLarge, 32 at AX3.
        // UIFontMetrics scales a value by the style's size ÷ its size at Large, as
        // Font.custom(_:size:relativeTo:) scales a size.
        struct Dot: View {
            @ScaledMetric private var padding: CGFloat = 8
            @ScaledMetric(relativeTo: .caption) private var side: CGFloat = 6
            var body: some View { Rectangle().frame(width: side, height: side).padding(padding) }
        }
        func width(_ size: DynamicTypeSize) -> Double {
            Double(Dot().dynamicTypeSize(size).layout(in: .unspecified).size.width)
        }
        #expect(width(.large) == 6 + 2 * 8)
        #expect(abs(width(.xxxLarge) - (6.0 * 18 / 12 + 2 * 8.0 * 23 / 17)) < 1e-9)
        #expect(abs(width(.accessibility3) - (6.0 * 32 / 12 + 2 * 8.0 * 40 / 17)) < 1e-9)
        // Read outside a body, it is the value as given.
        @ScaledMetric var loose: CGFloat = 5
        #expect(loose == 5)
    }
}
