import Foundation
import LayoutCore
import Testing
@testable import Controls
import Typography

// Bars and lists laid out on a device, as iOS lays them out: the navigation bar below the status bar
// (the Dynamic Island's 62 pt on an iPhone 16 Pro), the tab bar above the home indicator's 34 pt, the
// bars' backgrounds running into the unsafe area, a list's frame running under the status bar and the
// home indicator with its sections kept in the safe area. Text is Noto Sans (ListTests.swift: a line
// is 1.362 em) rounded up to the 3× pixel grid: a 17-pt line 23.154 → ⌈69.462⌉ ÷ 3 = 70/3; a 10-pt
// line 13.62 → ⌈40.86⌉ ÷ 3 = 41/3; a 34-pt line 46.308 → ⌈138.924⌉ ÷ 3 = 139/3.

/// A length in points on the 3× grid (⌈v × 3⌉ ÷ 3), as a text reports its size on an iPhone.
private func grid3(_ v: Double) -> Double { (v * 3).rounded(.up) / 3 }

@Suite("Bars and lists on a device")
struct DeviceControlsTests {
    @Test("A navigation stack on an iPhone 16 Pro: the bar below the Dynamic Island's 62 pt, its background up to the screen's top, the content below the bar")
    func navigationBarBelowDynamicIsland() throws {
        let result = NavigationStack {
            Text("Body").id("body").navigationTitle("Fruit").navigationBarTitleDisplayMode(.inline)
        }.layout(on: .iPhone16Pro)
        let bar = try #require(result.elements.first { $0.kind == "NavigationBarLayout" })
        // The stack fills the safe area (0, 62, 402, 778); the 44-pt bar (navigationBarHeight) at its top.
        #expect(close(bar.frame.minY, 62) && close(bar.frame.height, 44) && close(bar.frame.width, 402))
        // Its background (the bar's first element) runs up under the status bar: 0 … 62 + 44 = 106.
        let background = try #require(result.element(at: bar.path + [0]))
        #expect(close(background.frame.minY, 0) && close(background.frame.height, 106))
        // The inline title, one 17-pt line (70/3 on the grid), centred in the bar: 62 + (44 − 70/3) / 2.
        let title = try #require(result.elements.first { $0.kind == "Text" && $0.id != "body" })
        #expect(close(title.frame.height, grid3(line(17))))
        #expect(close(title.frame.minY, 62 + (44 - grid3(line(17))) / 2))
        // The content starts below the bar, at 62 + 44.
        #expect(close(frame(result, "body").minY, 106))
    }

    @Test("A large title sits below the 44-pt row, under the status bar's 62 pt; a list below it keeps the bar's bottom as its top")
    func largeTitleAndList() throws {
        let result = NavigationStack {
            List { Text("Wi-Fi").id("row") }.navigationTitle("Settings")
        }.layout(on: .iPhone16Pro)
        // The large title's line is 139/3; its area max(52, 139/3 + 8) = 163/3 (largeTitleBottomPadding);
        // the bar 44 + 163/3 tall from 62: it ends at 62 + 44 + 163/3 = 481/3 = 160.333.
        let barBottom = 62 + 44 + (grid3(line(34)) + 8)
        let title = try #require(result.elements.first { $0.kind == "Text" && $0.id != "row" })
        #expect(close(title.frame.minX, 16) && close(title.frame.maxY, barBottom - 8))
        // The list from the bar's bottom to the screen's bottom (it runs under the home indicator);
        // its first card 35 pt below its top (sectionSpacing), the row's text 11 pt into the card.
        let list = try #require(result.elements.first { $0.kind == "ListLayout" })
        #expect(close(list.frame.minY, barBottom) && close(list.frame.maxY, 874))
        let row = frame(result, "row")
        #expect(close(row.minY, barBottom + 35 + 11) && close(row.minX, 32))
    }

    @Test("A tab bar on an iPhone 16 Pro sits above the home indicator: 49 pt ending at 874 − 34; its background runs down to the screen's bottom (83 pt)")
    func tabBarAboveHomeIndicator() throws {
        let result = TabView {
            Text("Home").id("home").tabItem { Text("Home") }
            Text("Search").tabItem { Text("Search") }
        }.layout(on: .iPhone16Pro)
        // The bar: 840 − 49 = 791 … 840 (tabBarHeight).
        let titles = result.elements.filter { $0.kind == "Text" && $0.id == nil && $0.frame.minY > 700 }
        #expect(titles.count == 2)
        // Each 10-pt title (41/3 high) is centred in the 49-pt slot: 791 + (49 − 41/3) / 2.
        for title in titles { #expect(close(title.frame.minY, 791 + (49 - grid3(line(10))) / 2)) }
        // The bar's background: from 791 to the screen's bottom, 874 (49 + 34 = 83).
        let background = try #require(result.elements.first { $0.kind == "overlay" && close($0.frame.minY, 791) })
        #expect(close(background.frame.height, 83) && close(background.frame.width, 402))
        // The selected tab's content above the bar, from the safe area's top.
        #expect(close(frame(result, "home").minY, 62))
    }

    @Test("A list at the root runs under the status bar and the home indicator and keeps its rows in the safe area; in landscape, inside the sensor housing's sides")
    func listKeepsRowsInSafeArea() throws {
        let portrait = List { Text("Wi-Fi").id("row") }.layout(on: .iPhone16Pro)
        let list = try #require(portrait.elements.first { $0.kind == "ListLayout" })
        #expect(close(list.frame.minY, 0) && close(list.frame.height, 874))
        // First card 35 below the safe area's top (62), the text 11 into the row and 32 from the edge.
        #expect(close(frame(portrait, "row").minY, 62 + 35 + 11) && close(frame(portrait, "row").minX, 32))
        // Landscape: 874 × 402, safe area x 62 … 812. The card 16 pt inside it (insetSectionMargin),
        // the text 16 more (insetGroupedRowHorizontalInset): x = 62 + 32 = 94; the card as wide as
        // 750 − 32 = 718; the first card 35 pt from the top (no inset there in landscape).
        let landscape = List { Text("Wi-Fi").id("row") }.layout(on: .iPhone16Pro, orientation: .landscape)
        let sideways = try #require(landscape.elements.first { $0.kind == "ListLayout" })
        #expect(close(sideways.frame.width, 874) && close(sideways.frame.height, 402))
        #expect(close(frame(landscape, "row").minX, 94) && close(frame(landscape, "row").minY, 35 + 11))
        let section = try #require(landscape.elements.first { $0.kind == "ListSectionLayout" })
        let card = try #require(landscape.element(at: section.path + [0]))
        #expect(close(section.frame.minX, 62) && close(section.frame.width, 750))
        #expect(close(card.frame.minX, 78) && close(card.frame.width, 718))
    }

    @Test("A screen's tree moved from device to device lays out as a tree built for each: every frame, every text's lines")
    func movedTreeMatchesBuiltTree() {
        // A bar with a large title, a list in the safe area with a wrapping row, a background
        // into the unsafe area and a tab bar: what reads the screen while laying out; texts on
        // the pixel grid and a divider a pixel thick: what follows the display scale (the SE at 2×).
        struct Screen: View {
            var body: some View {
                TabView {
                    NavigationStack {
                        List {
                            Text("Wi-Fi").id("row")
                            Text("A longer label that wraps on the narrower phones, or in landscape does not").id("long")
                            VStack(spacing: 0) { Text("Above"); Divider(); Text("Below") }
                            // Proposed the same on every device: answers kept across layouts
                            // must follow the scale.
                            VStack(spacing: 0) { Text("Fixed width").frame(width: 120); Divider().frame(width: 50) }
                        }
                        .navigationTitle("Settings")
                    }
                    .tabItem { Text("Settings") }
                    Color.blue.ignoresSafeArea().tabItem { Text("Blue") }
                }
            }
        }
        let phones: [Device] = [.iPhone16ProMax, .iPhone16, .iPhoneSE3, .iPhone16Pro, .iPadMini, .iPhone16ProMax]
        let tree = LayoutTree(Screen(), environment: EnvironmentValues(), on: phones[0])
        for device in phones {
            for orientation in [Device.Orientation.portrait, .landscape] {
                let moved = tree.layout(on: device, orientation: orientation, acrossScales: true)
                let built = LayoutTree(Screen(), environment: EnvironmentValues(), on: device, orientation: orientation)
                    .layout(on: device, orientation: orientation)
                #expect(moved.size == built.size, "\(device.name) \(orientation)")
                #expect(moved.elements.map(\.frame) == built.elements.map(\.frame), "\(device.name) \(orientation)")
                #expect(moved.texts.map(\.linesShown) == built.texts.map(\.linesShown), "\(device.name) \(orientation)")
            }
        }
    }
}
