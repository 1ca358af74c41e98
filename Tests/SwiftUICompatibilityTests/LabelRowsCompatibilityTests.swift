// An iPhone settings screen as apps write it — labels with symbols in list rows (alone, in toggles,
// navigation links, a share link and a button), a toolbar button with a label, a tab view of labels —
// with `import TextFit` alone. Expected frames are worked out by hand from iOS's constants
// (Sources/Controls/IOSMetrics.swift, cited by name; docs/ios-metrics.md gives their sources) and
// Noto Sans advances from `hb-shape --font-funcs=ot fonts/NotoSans-Regular.ttf` (1000 units per em;
// a line is 1.362 em): "Airplane Mode" 6877, "Wi-Fi" 2287, "Bluetooth" 4640, "Notifications" 5948,
// "Sounds & Haptics" 8231, "Focus" 2701, "Share" 2685, "Reset" 2590, "Settings" 3805, "Search"
// 3165, "Profile" 3027 units.

import Foundation
import Testing
import TextFit

private struct SettingsTab: View {
    @State private var airplaneMode = false

    var body: some View {
        NavigationStack {
            List {
                Section {
                    Toggle(isOn: $airplaneMode) {
                        Label("Airplane Mode", systemImage: "airplane")
                    }
                    NavigationLink {
                        Text("Networks")
                    } label: {
                        LabeledContent {
                            Text("Home")
                        } label: {
                            Label("Wi-Fi", systemImage: "wifi")
                        }
                    }
                    NavigationLink {
                        Text("Devices")
                    } label: {
                        Label("Bluetooth", systemImage: "antenna.radiowaves.left.and.right")
                    }
                }
                Section {
                    NavigationLink(value: "notifications") {
                        Label("Notifications", systemImage: "bell.badge.fill")
                    }
                    NavigationLink(value: "sounds") {
                        Label("Sounds & Haptics", systemImage: "speaker.wave.3.fill")
                    }
                    NavigationLink(value: "focus") {
                        Label("Focus", systemImage: "moon.fill")
                    }
                }
                Section("Sharing") {
                    ShareLink(item: URL(string: "https://example.com/app")!)
                    Button("Reset", systemImage: "arrow.counterclockwise", role: .destructive) {}
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button {} label: {
                        Label("Add Account", systemImage: "plus")
                    }
                }
            }
            .navigationDestination(for: String.self) { Text($0) }
        }
    }
}

private struct PhoneApp: View {
    var body: some View {
        TabView {
            SettingsTab()
                .tabItem { Label("Settings", systemImage: "gear") }
            Text("Search")
                .tabItem { Label("Search", systemImage: "magnifyingglass") }
            Text("Profile")
                .tabItem { Label("Profile", systemImage: "person.crop.circle") }
        }
    }
}

@Suite("Labels in a settings list, a toolbar and a tab bar, as apps write them")
struct LabelRowsCompatibilityTests {
    let screen = ProposedViewSize(width: 390, height: 844)

    private func close(_ a: CGFloat, _ b: Double) -> Bool { abs(Double(a) - b) < 1e-6 }

    /// The placed texts: string and frame.
    private func texts(_ result: LayoutResult) -> [(string: String, frame: CGRect)] {
        (0..<result.count).compactMap { index in
            guard let leaf = result.leaf(at: index), let text = leaf.element as? Text else { return nil }
            return (text.string, leaf.frame)
        }
    }

    @Test("Every row's title starts at 72: 16 (card) + 16 (row inset) + 24 (listIconColumnWidth) + 16 (listIconToTitleSpacing), whole, and every separator starts there")
    func rowTitles() throws {
        let result = PhoneApp().layout(in: screen)
        let placed = texts(result)
        let rows = ["Airplane Mode": 6877.0, "Wi-Fi": 2287, "Bluetooth": 4640, "Notifications": 5948,
                    "Sounds & Haptics": 8231, "Focus": 2701, "Share": 2685, "Reset": 2590]
        for (title, units) in rows {
            let frame = try #require(placed.first { $0.string == title }?.frame, "\(title)")
            #expect(close(frame.minX, 72), "\(title): \(frame)")
            // Nothing is cut: each title is its whole width at 17 pt.
            #expect(close(frame.width, units * 0.017), "\(title): \(frame)")
        }
        // Wi-Fi's value sits at the trailing end, before the chevron.
        let home = try #require(placed.first { $0.string == "Home" && $0.frame.minY < 844 - 49 }?.frame)
        #expect(home.minX > 200)
        // Separators: two in each three-row section, one in the two-row one, all from the title
        // to the card's trailing edge (390 − 16).
        let separators = result.elements.filter { $0.kind.contains("Rectangle") && $0.frame.height == 1 && $0.frame.width > 0 }
        #expect(separators.count == 5)
        #expect(separators.allSatisfy { close($0.frame.minX, 72) && close($0.frame.maxX, 374) }, "\(separators.map(\.frame))")
    }

    @Test("Symbols: 22.1 pt in rows (body, large: listIconSymbolScale) and in the bar (barButtonSymbolScale), 23.4 pt in the tab bar (tabItemSymbolPointSize)")
    func symbols() throws {
        let result = PhoneApp().layout(in: screen)
        let images = result.elements.filter { $0.kind == "Image" }.map(\.frame)
        // 8 row icons + the toolbar's + 3 tab icons.
        #expect(images.count == 12)
        let rowIcons = images.filter { close($0.width, 22.1) && close($0.midX, 32 + 12) }
        #expect(rowIcons.count == 8)
        // The toolbar's button is its icon alone, 16 pt from the trailing edge, centred in the 44-pt bar.
        let bar = try #require(images.first { close($0.maxX, 390 - 16) })
        #expect(close(bar.width, 22.1) && close(bar.midY, 22))
        #expect(!texts(result).contains { $0.string == "Add Account" })
        // The tab bar: three 130-pt slots, each icon 23.4 wide, centred in its slot above its title.
        let tabIcons = images.filter { $0.minY > 844 - 49 }.sorted { $0.minX < $1.minX }
        #expect(tabIcons.count == 3)
        for (index, icon) in tabIcons.enumerated() {
            #expect(close(icon.width, 23.4) && close(icon.midX, 65 + 130 * Double(index)), "\(icon)")
        }
        let tabTitles = texts(result).filter { $0.frame.minY > 844 - 49 }.sorted { $0.frame.minX < $1.frame.minX }
        #expect(tabTitles.map(\.string) == ["Settings", "Search", "Profile"])
        for (index, (title, units)) in zip(tabTitles, [3805.0, 3165, 3027]).enumerated() {
            #expect(close(title.frame.width, units * 0.010) && close(title.frame.midX, 65 + 130 * Double(index)))
        }
    }

    @Test("At accessibility3 the rows' icons shrink to the small scale (32 pt) and take their own width: titles at 32 + 32 + 16; the tab bar keeps its size")
    func accessibilitySizes() throws {
        let result = PhoneApp().dynamicTypeSize(.accessibility3).layout(in: screen)
        let focus = try #require(texts(result).first { $0.string == "Focus" }?.frame)
        #expect(close(focus.minX, 80))
        // (Rows scrolled below the fold are placed under the bar too: the tab icons are the 23.4-pt ones.)
        let tabIcons = result.elements.filter { $0.kind == "Image" && $0.frame.minY > 844 - 49 && close($0.frame.width, 23.4) }
        #expect(tabIcons.count == 3)
    }

    @Test("The settings screen renders to a PNG (written to $TEXTFIT_PNG_DIR when set)")
    func picture() throws {
        let renderer = ImageRenderer(content: PhoneApp())
        renderer.proposedSize = screen
        renderer.scale = 2
        let png = try renderer.pngData()
        #expect(png.count > 1000)
        if let directory = ProcessInfo.processInfo.environment["TEXTFIT_PNG_DIR"] {
            try png.write(to: URL(fileURLWithPath: directory).appendingPathComponent("settings-labels.png"))
        }
    }
}
