import Foundation
import Testing
@testable import Controls
import Typography

// Labels inside the containers that restyle them — list rows, tab items, toolbars — laid out at an
// iPhone's 390-pt width and checked against IOSMetrics' rows (docs/ios-metrics.md cites each) and
// hand computations written beside each expectation. Text: Noto Sans Regular, 1000 units per em, a
// line 1.362 em (23.154 pt at 17 pt); advances from `hb-shape --font-funcs=ot
// fonts/NotoSans-Regular.ttf`: "Favorites" 4268, "Wi-Fi" 2287, "Bluetooth" 4640, "Home" 2845,
// "Settings" 3805, "Share" 2685 units. A symbol is a square one font size wide at medium scale, 1.3
// times that at large, 0.8 times at small (symbolSidePerPoint, symbolScale).

/// The inset-grouped row's content starts 16 (card) + 16 (row inset) from the list's edge.
private let rowLeading: CGFloat = 32

/// The placed image leaves, in tree order.
private func images(_ result: LayoutResult) -> [CGRect] {
    result.elements.filter { $0.kind == "Image" }.map(\.frame)
}

/// The row separators (one pixel thick at display scale 1) that are drawn, top to bottom.
private func separators(_ result: LayoutResult) -> [CGRect] {
    result.elements.filter { $0.kind.contains("Rectangle") && $0.frame.height == 1 && $0.frame.width > 0 }
        .map(\.frame).sorted { $0.minY < $1.minY }
}

@Suite("Labels in list rows: the icon in iOS's column, the title after it, the separator from the title")
struct LabelListRowTests {
    @Test("A label row: the symbol (body, large scale: 22.1 pt) centred in a 24-pt column (listIconColumnWidth), the title 16 pt after it (listIconToTitleSpacing), the separator from the title")
    func labelRow() throws {
        let result = List {
            Label { Text("Favorites").id("title") } icon: { Image(systemName: "star") }
            Text("Other")
        }.layout(in: screen)
        let title = frame(result, "title")
        // 32 + 24 + 16 = 72.
        #expect(close(title.minX, 72))
        #expect(close(title.width, pt(4268, 17)))
        let icon = try #require(images(result).first)
        // 17 × 1.3 = 22.1, centred in the column: 32 + (24 − 22.1) / 2.
        #expect(close(icon.width, 22.1) && close(icon.height, 22.1))
        #expect(close(icon.minX, 32 + (24 - 22.1) / 2))
        // The icon and title are centred on one another: the row is the title's line + 22 (rowVerticalInset).
        #expect(close(icon.midY, title.midY))
        #expect(close(title.minY, 35 + 11))
        // The separator under the first row runs from the title to the card's trailing edge (390 − 16).
        let separator = try #require(separators(result).first)
        #expect(close(separator.minX, 72))
        #expect(close(separator.maxX, 374))
    }

    @Test("Titles line up whatever the symbol; an asset image that is no symbol keeps its own width, as UIKit reserves for it")
    func column() throws {
        let result = List {
            Label { Text("Wi-Fi").id("wifi") } icon: { Image(systemName: "wifi") }
            Label { Text("Bluetooth").id("bt") } icon: { Image(systemName: "b.circle").imageScale(.small) }
            Label { Text("Favorites").id("asset") } icon: { Image("Avatar") }
        }.layout(in: screen, environment: Fixtures.environment)
        #expect(close(frame(result, "wifi").minX, 72))
        #expect(close(frame(result, "bt").minX, 72))
        // The 40 × 30 image set: 32 + 40 + 16.
        #expect(close(frame(result, "asset").minX, 88))
    }

    @Test("The column grows with Dynamic Type as body text does (24 × body ÷ 17); at accessibility sizes it is not reserved and the symbol shrinks a scale (listIconSymbolScale)")
    func dynamicType() throws {
        // Body is 23 pt at xxxLarge, 28 at accessibility1, 40 at accessibility3 (Apple's table).
        let xxxLarge: (DynamicTypeSize, Double, Double) = (.xxxLarge, 29.9, 32 + 24 * 23.0 / 17 + 16) // column 32.47, large symbol 23 × 1.3
        let ax1: (DynamicTypeSize, Double, Double) = (.accessibility1, 28, 32 + 28 + 16)                 // medium, its own width
        let ax3: (DynamicTypeSize, Double, Double) = (.accessibility3, 32, 32 + 32 + 16)                 // small (40 × 0.8), its own width
        let cases = [xxxLarge, ax1, ax3]
        for (size, iconSide, titleX) in cases {
            let result = List {
                Label { Text("Favorites").id("title") } icon: { Image(systemName: "star") }
            }.dynamicTypeSize(size).layout(in: screen)
            let icon = try #require(images(result).first)
            #expect(close(icon.width, iconSide), "\(size): \(icon)")
            #expect(close(frame(result, "title").minX, titleX), "\(size): \(frame(result, "title"))")
        }
    }

    @Test("In a navigation link, a toggle, a picker and labeled content the label keeps its column and the separator starts at its title")
    func insideControls() throws {
        let result = Form {
            NavigationLink { Text("Detail") } label: {
                Label { Text("Wi-Fi").id("link") } icon: { Image(systemName: "wifi") }
            }
            Toggle(isOn: .constant(true)) {
                Label { Text("Wi-Fi").id("toggle") } icon: { Image(systemName: "wifi") }
            }
            Picker(selection: .constant(1)) {
                Text("On").tag(1)
            } label: {
                Label { Text("Wi-Fi").id("picker") } icon: { Image(systemName: "wifi") }
            }
            LabeledContent {
                Text("On")
            } label: {
                Label { Text("Wi-Fi").id("content") } icon: { Image(systemName: "wifi") }
            }
            Button {} label: {
                Label { Text("Wi-Fi").id("button") } icon: { Image(systemName: "wifi") }
            }
        }.layout(in: screen)
        for id in ["link", "toggle", "picker", "content", "button"] {
            #expect(close(frame(result, id).minX, 72), "\(id): \(frame(result, id))")
        }
        // Four separators (five rows), each from the title.
        let lines = separators(result)
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { close($0.minX, 72) }, "\(lines)")
    }

    @Test("A label shown as a row's value (a menu picker's selection, labeled content's value) is no row label: the separator still starts at the row's title")
    func valueLabels() throws {
        let result = Form {
            Picker(selection: .constant(0)) {
                Label { Text("Light").id("light") } icon: { Image(systemName: "sun.max") }.tag(0)
            } label: {
                Label("Appearance", systemImage: "circle.lefthalf.filled")
            }
            LabeledContent {
                Label { Text("Full").id("full") } icon: { Image(systemName: "battery.100") }
            } label: {
                Label("Battery", systemImage: "bolt")
            }
            Text("Last")
        }.layout(in: screen)
        let lines = separators(result)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { close($0.minX, 72) }, "\(lines)")
        // The values are the title-and-icon style: the 17-pt symbol 8 pt before the title.
        for id in ["light", "full"] {
            let title = frame(result, id)
            let icon = try #require(images(result).first { close($0.maxX, title.minX - 8) }, "\(id)")
            #expect(close(icon.width, 17), "\(id): \(icon)")
        }
    }

    @Test("Right to left: the column is on the right, the title ends 72 pt from the right edge and the separator runs from it to the card's left edge")
    func rightToLeft() throws {
        let result = List {
            Label { Text("Favorites").id("title") } icon: { Image(systemName: "star") }
            Text("Other")
        }.environment(\.layoutDirection, .rightToLeft).layout(in: screen)
        #expect(close(frame(result, "title").maxX, 390 - 72))
        let icon = try #require(images(result).first)
        #expect(close(icon.maxX, 390 - 32 - (24 - 22.1) / 2))
        let separator = try #require(separators(result).first)
        #expect(close(separator.maxX, 390 - 72) && close(separator.minX, 16), "\(separator)")
    }

    @Test("labelReservedIconWidth and labelIconToTitleSpacing set on the list win over iOS's column")
    func overrides() {
        let result = List {
            Label { Text("Favorites").id("title") } icon: { Image(systemName: "star") }
        }
        .labelReservedIconWidth(40)
        .labelIconToTitleSpacing(10)
        .layout(in: screen)
        #expect(close(frame(result, "title").minX, 32 + 40 + 10))
    }

    @Test("A label in a section header is no row: the title-and-icon style, 8 pt apart (labelIconToTitleSpacing)")
    func header() {
        let result = List {
            Section {
                Text("Row")
            } header: {
                Label { Text("Favorites").id("title") } icon: { Image(systemName: "star") }
            }
        }.layout(in: screen)
        // The header is footnote (13 pt): the symbol is 13 wide, then the HStack's 8.
        #expect(close(frame(result, "title").minX, 32 + 13 + 8))
    }
}

private let phone = ProposedViewSize(width: 390, height: 844)

@Suite("Labels in tab items: the symbol in the tab bar's 25 × 25 slot above a 10-pt title")
struct LabelTabItemTests {
    /// The tab bar's items (49 pt at the bottom, tabBarHeight): the two 195-pt slots' icons and titles.
    private func check(_ result: LayoutResult, titles: [Double]) throws {
        let icons = images(result).sorted { $0.minX < $1.minX }
        let texts = result.elements.filter { $0.kind == "Text" && $0.frame.minY > 844 - 49 }.map(\.frame).sorted { $0.minX < $1.minX }
        try #require(icons.count == 2 && texts.count == 2, "\(icons) \(texts)")
        // An item is the 25-pt slot (tabIconSize), 2 pt (tabIconTitleSpacing) and a 10-pt title line
        // (tabTitleSize: 13.62 pt), centred in the 49-pt bar.
        let itemHeight = 25 + 2 + line(10)
        let top = 844 - 49 + (49 - itemHeight) / 2
        for index in 0..<2 {
            let centre = 97.5 + 195 * Double(index)
            // The symbol: 18 pt at large scale (tabItemSymbolPointSize, symbolScale(.large)): 23.4,
            // centred in the slot.
            #expect(close(icons[index].width, 23.4) && close(icons[index].height, 23.4), "\(icons[index])")
            #expect(close(icons[index].midX, centre) && close(icons[index].minY, top + (25 - 23.4) / 2), "\(icons[index])")
            #expect(close(texts[index].midX, centre) && close(texts[index].minY, top + 27), "\(texts[index])")
            #expect(close(texts[index].width, pt(titles[index], 10)), "\(texts[index])")
        }
    }

    @Test("tabItem { Label(_:systemImage:) }: the icon above the title, the same at every Dynamic Type size")
    func tabItemLabel() throws {
        for size in [DynamicTypeSize.large, .accessibility5] {
            let result = TabView {
                Text("Home screen").tabItem { Label("Home", systemImage: "house") }
                Text("Settings screen").tabItem { Label("Settings", systemImage: "gear") }
            }.dynamicTypeSize(size).layout(in: phone)
            try check(result, titles: [2845, 3805])
        }
    }

    @Test("iOS 18's Tab(_:systemImage:) and the older tabItem { Image; Text } lay out the same")
    func tabAndImageText() throws {
        let tabs = TabView {
            Tab("Home", systemImage: "house") { Text("Home screen") }
            Tab("Settings", systemImage: "gear") { Text("Settings screen") }
        }.layout(in: phone)
        try check(tabs, titles: [2845, 3805])
        let older = TabView {
            Text("Home screen").tabItem { Image(systemName: "house"); Text("Home") }
            Text("Settings screen").tabItem { Image(systemName: "gear"); Text("Settings") }
        }.layout(in: phone)
        try check(older, titles: [2845, 3805])
    }
}

/// The placed texts' strings.
private func strings(_ result: LayoutResult) -> [String] {
    (0..<result.count).compactMap { (result.leaf(at: $0)?.element as? Text)?.string }
}

@Suite("Labels in toolbars show their icon; Menu, ShareLink and Button(_:systemImage:) make labels")
struct LabelToolbarTests {
    /// A bar button's symbol: the bar's 17-pt font (barButtonSize) at large scale (barButtonSymbolScale).
    let barSymbol = 17 * 1.3

    @Test("A Button's Label in a trailing toolbar item is its icon alone, 22.1 pt, 16 pt from the edge (barHorizontalMargin), centred in the 44-pt bar")
    func buttonLabel() throws {
        let result = NavigationStack {
            Text("Body")
                .navigationTitle("Fruit").navigationBarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .topBarTrailing) {
                        Button {} label: { Label("Add", systemImage: "plus") }
                    }
                }
        }.layout(in: phone)
        let icon = try #require(images(result).first)
        #expect(close(icon.width, barSymbol) && close(icon.height, barSymbol), "\(icon)")
        #expect(close(icon.maxX, 390 - 16))
        #expect(close(icon.midY, 22))
        #expect(!strings(result).contains("Add"))
    }

    @Test("A Label given to toolbar directly, in a bottom bar and as a Menu's label shows its icon alone; titleAndIcon opts back in to both")
    func otherPlacements() throws {
        let result = NavigationStack {
            Text("Body")
                .toolbar { Label("Add", systemImage: "plus") }
                .toolbar {
                    ToolbarItem(placement: .bottomBar) { Label("Share", systemImage: "square.and.arrow.up") }
                    ToolbarItem(placement: .topBarLeading) {
                        Menu { Button("Rename") {} } label: { Label("More", systemImage: "ellipsis.circle") }
                    }
                }
        }.layout(in: phone)
        #expect(images(result).count == 3)
        #expect(images(result).allSatisfy { close($0.width, barSymbol) })
        #expect(!strings(result).contains { ["Add", "Share", "More"].contains($0) })
        // The bottom bar's one item is centred in it (toolbarHeight 44).
        let bottom = try #require(images(result).first { $0.minY > 844 - 44 })
        #expect(close(bottom.midX, 195) && close(bottom.midY, 844 - 22))

        let both = NavigationStack {
            Text("Body").toolbar { Label("Add", systemImage: "plus").labelStyle(.titleAndIcon) }
        }.layout(in: phone)
        // The icon, 8 pt (an HStack's), then "Add" (1869 units at 17 pt).
        let icon = try #require(images(both).first)
        #expect(close(icon.maxX, 390 - 16 - pt(1869, 17) - 8))
        #expect(strings(both).contains("Add"))
    }

    @Test("ShareLink's default label is Label(\"Share\", systemImage: \"square.and.arrow.up\"); Menu(_:systemImage:) and Button(_:systemImage:) are labels")
    func defaultLabels() throws {
        let share = ShareLink(item: URL(string: "https://example.com")!).layout(in: .unspecified)
        // The 17-pt symbol, 8 pt, then "Share" (2685 units at 17 pt).
        #expect(close(share.size.width, 17 + 8 + pt(2685, 17)), "\(share.size)")
        #expect(strings(share) == ["Share"])
        let named = ShareLink("Send", item: URL(string: "https://example.com")!).layout(in: .unspecified)
        #expect(strings(named) == ["Send"] && images(named).count == 1)
        let menu = Menu("Options", systemImage: "ellipsis.circle") { Button("Rename") {} }.layout(in: .unspecified)
        #expect(close(menu.size.width, 17 + 8 + pt(3717, 17)), "\(menu.size)")
        let button = Button("Add", systemImage: "plus") {}.layout(in: .unspecified)
        #expect(close(button.size.width, 17 + 8 + pt(1869, 17)), "\(button.size)")
        // In a list row the same labels take the row's icon column: the title at 32 + 24 + 16.
        let rows = List {
            ShareLink(item: URL(string: "https://example.com")!)
            Button("Add", systemImage: "plus") {}
        }.layout(in: screen)
        let titles = rows.elements.filter { $0.kind == "Text" }.map(\.frame)
        #expect(titles.count == 2 && titles.allSatisfy { close($0.minX, 72) }, "\(titles)")
    }
}
