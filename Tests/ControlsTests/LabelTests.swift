import Foundation
import Testing
@testable import Controls

/// A style that stacks the icon over the title (a custom `LabelStyle`, as apps write them).
struct StackedLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 2) {
            configuration.icon
            configuration.title
        }
    }
}

/// A style that pads the system's label: `Label(configuration)` inside `makeBody`.
struct PaddedLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        Label(configuration).padding(4)
    }
}

@Suite("Label: an icon and a title, laid out by the label style")
struct LabelTests {
    // Noto Sans at 17 pt (hb-shape fonts/NotoSans-Regular.ttf "Favorites"): 519 + 561 + 508 + 605 +
    // 413 + 258 + 361 + 564 + 479 = 4268 units → 72.556 pt wide, (1069 + 293) × 0.017 = 23.154 tall.
    // The symbol is 17 × 17 (docs/ios-metrics.md, "symbol side").
    let titleWidth: CGFloat = 72.556, lineHeight: CGFloat = 23.154

    func layout(_ view: some View) -> LayoutResult { view.layout(in: .unspecified, environment: Fixtures.environment) }

    @Test("Title and icon: the icon, 8 pt (an HStack's spacing between an image and a text), the title, centred")
    func titleAndIcon() {
        for style in [AnyView(Label("Favorites", systemImage: "star")),
                      AnyView(Label("Favorites", systemImage: "star").labelStyle(.titleAndIcon)),
                      AnyView(Label("Favorites", systemImage: "star").labelStyle(.automatic))] {
            let result = layout(style)
            #expect(near(result.size, CGSize(width: 17 + 8 + titleWidth, height: lineHeight), 1e-3), "\(result.size)")
            let icon = result.elements.first { $0.kind == "Image" }!.frame
            #expect(near(icon.minX, 0) && near(icon.minY, (lineHeight - 17) / 2, 1e-3), "\(icon)")
        }
    }

    @Test("Title only and icon only")
    func oneOfThem() {
        #expect(near(layout(Label("Favorites", systemImage: "star").labelStyle(.titleOnly)).size,
                     CGSize(width: titleWidth, height: lineHeight), 1e-3))
        #expect(layout(Label("Favorites", systemImage: "star").labelStyle(.iconOnly)).size == CGSize(width: 17, height: 17))
    }

    @Test("labelIconToTitleSpacing sets the space; labelReservedIconWidth centres the icon in a column")
    func spacingAndColumn() {
        let spaced = layout(Label("Favorites", systemImage: "star").labelIconToTitleSpacing(4))
        #expect(near(spaced.size.width, 17 + 4 + titleWidth, 1e-3))
        let column = layout(Label("Favorites", systemImage: "star").labelReservedIconWidth(30))
        #expect(near(column.size.width, 30 + 8 + titleWidth, 1e-3))
        let icon = column.elements.first { $0.kind == "Image" }!.frame
        #expect(near(icon.minX, (30 - 17) / 2), "\(icon)")
        // Two labels with icons of different widths start their titles at one x.
        let rows = layout(VStack(alignment: .leading, spacing: 0) {
            Label { Text("Favorites").id("a") } icon: { Image("Avatar") }
            Label { Text("Favorites").id("b") } icon: { Image(systemName: "star") }
        }.labelReservedIconWidth(44))
        #expect(rows.element(id: "a")!.frame.minX == rows.element(id: "b")!.frame.minX)
        #expect(near(rows.element(id: "a")!.frame.minX, 44 + 8))
    }

    @Test("Label(_:image:) shows an asset image; the title's Text is a key read as Markdown")
    func assetIcon() {
        let result = layout(Label("**Favorites**", image: "Avatar"))
        // "Favorites" emphasized (body's semibold; the bundled Noto Sans has Bold: hb-shape
        // fonts/NotoSans-Bold.ttf: 549 + 604 + 569 + 619 + 454 + 305 + 434 + 591 + 497 = 4622 units
        // → 78.574 at 17 pt); the 40 × 30 image is taller than the line.
        #expect(near(result.size, CGSize(width: 40 + 8 + 78.574, height: 30), 1e-3), "\(result.size)")
    }

    @Test("A custom style gets the title and the icon as separate views")
    func customStyle() {
        let result = layout(Label("Favorites", systemImage: "star").labelStyle(StackedLabelStyle()))
        #expect(near(result.size, CGSize(width: titleWidth, height: 17 + 2 + lineHeight), 1e-3), "\(result.size)")
        let icon = result.elements.first { $0.kind == "Image" }!.frame
        #expect(near(icon.minX, (titleWidth - 17) / 2, 1e-3) && icon.minY == 0)
    }

    @Test("Label(configuration) inside a style lays out as title and icon, not the style again")
    func configurationLabel() {
        let result = layout(Label("Favorites", systemImage: "star").labelStyle(PaddedLabelStyle()))
        #expect(near(result.size, CGSize(width: 17 + 8 + titleWidth + 8, height: lineHeight + 8), 1e-3), "\(result.size)")
    }

    @Test("The style applies to every label inside, the innermost winning")
    func environment() {
        let result = layout(VStack(spacing: 0) {
            Label("Favorites", systemImage: "star")
            Label("Favorites", systemImage: "star").labelStyle(.titleOnly)
        }.labelStyle(.iconOnly))
        #expect(near(result.size, CGSize(width: titleWidth, height: 17 + lineHeight), 1e-3), "\(result.size)")
    }
}
