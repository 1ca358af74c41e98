// A settings screen as apps write it — a form in a navigation stack in a tab view — laid out on the
// smallest and the largest iPhone, with `import TextFit` alone. Expected frames are worked out by hand
// from the devices' sizes and insets (docs/devices.md), iOS's constants (docs/ios-metrics.md) and Noto
// Sans advances from `hb-shape fonts/NotoSans-Regular.ttf` (1000 units per em; a line is 1.362 em,
// 23.154 pt at 17 pt): "Show previews of new messages on the lock screen" 24059, "Show previews of
// new" 10342, "messages on the lock screen" 13457, "Show previews of new messages on the" 18564,
// "lock screen" 5235; Bold "Settings" 4102. On a device each text's size is rounded up to its pixel
// grid: ⌈v × scale⌉ ÷ scale (2× on the iPhone SE, 3× on the 16 Pro Max).

import Foundation
import Testing
import TextFit

private struct DeviceSettings: View {
    @State private var airplane = false
    @State private var previews = true

    var body: some View {
        TabView {
            NavigationStack {
                Form {
                    Section {
                        Toggle("Airplane Mode", isOn: $airplane)
                        Toggle("Show previews of new messages on the lock screen", isOn: $previews).id("previews")
                        NavigationLink("General") { Text("General") }
                    } footer: {
                        Text("Previews show the start of each message.")
                    }
                }
                .navigationTitle("Settings")
            }
            .tabItem { Label("Settings", systemImage: "gear") }
            Text("Profile").tabItem { Label("Profile", systemImage: "person") }
        }
    }
}

/// A length on the pixel grid of `scale`.
private func grid(_ v: Double, _ scale: Double) -> Double { (v * scale).rounded(.up) / scale }
private func close(_ a: CGFloat, _ b: Double) -> Bool { abs(Double(a) - b) <= 1e-6 * max(1, abs(b)) }

/// The label of the toggle named `id`: the widest text inside it.
private func label(_ result: LayoutResult, in id: String) throws -> PlacedElement {
    let toggle = try #require(result.element(id: id))
    let texts = result.elements.filter { $0.kind == "Text" && $0.path.starts(with: toggle.path) }
    return try #require(texts.max { $0.frame.width < $1.frame.width })
}

/// The navigation title: the bold text at the leading margin above the form.
private func title(_ result: LayoutResult) throws -> PlacedElement {
    try #require(result.elements.first { $0.kind == "Text" && close($0.frame.minX, 16) && $0.frame.height > 40 })
}

@Suite("A settings screen on an iPhone SE and an iPhone 16 Pro Max")
struct DeviceCompatibilityTests {
    @Test("iPhone SE: the bar below the 20-pt status bar, the long toggle label on two lines in 252 pt, the tab bar at the screen's bottom")
    func iPhoneSE() throws {
        let result = DeviceSettings().layout(on: .iPhoneSE3)
        #expect(result.size == CGSize(width: 375, height: 667))
        // The large title (34 pt bold): 46.308 → ⌈92.616⌉ ÷ 2 = 46.5 high; its area max(52, 46.5 + 8)
        // = 54.5 below the 44-pt row, which starts at the status bar's 20: it ends at 118.5, the
        // title's line 8 pt above that: 118.5 − 8 − 46.5 = 64.
        let heading = try title(result)
        #expect(close(heading.frame.minY, 64) && close(heading.frame.height, 46.5))
        #expect(close(heading.frame.width, grid(4102 * 34 / 1000, 2)))
        // The toggle's label: the row's 375 − 4 × 16 = 311 less the switch's 51 and 8 pt: 252. "Show
        // previews of new messages" (259.7) does not fit: "Show previews of new" / "messages on the
        // lock screen" (228.769 → ⌈457.538⌉ ÷ 2 = 229); two lines, 46.308 → 46.5.
        let wrapped = try label(result, in: "previews")
        #expect(close(wrapped.frame.width, grid(13457 * 17 / 1000, 2)) && close(wrapped.frame.height, 46.5))
        // The SE has no home indicator: the tab bar's 49 pt end at the screen's bottom, 667.
        let bar = try #require(result.elements.first { $0.kind == "overlay" && $0.frame.width == 375 && close($0.frame.minY, 618) })
        #expect(close(bar.frame.height, 49))
    }

    @Test("iPhone 16 Pro Max: the bar below the Dynamic Island's 62 pt, the label on two lines in 317 pt, the tab bar above the home indicator")
    func iPhone16ProMax() throws {
        let result = DeviceSettings().layout(on: .iPhone16ProMax)
        #expect(result.size == CGSize(width: 440, height: 956))
        // The title: 46.308 → ⌈138.924⌉ ÷ 3 = 139/3; the bar from 62: it ends at 62 + 44 + 139/3 + 8;
        // the title 8 + 139/3 above that, at 62 + 44 = 106.
        let heading = try title(result)
        #expect(close(heading.frame.minY, 106) && close(heading.frame.height, 139.0 / 3))
        // The label: 440 − 64 − 51 − 8 = 317: "Show previews of new messages on the" (315.588) fits
        // on the first line, "lock screen" on the second: 315.588 → ⌈946.764⌉ ÷ 3 = 947/3 wide.
        let wrapped = try label(result, in: "previews")
        #expect(close(wrapped.frame.width, 947.0 / 3) && close(wrapped.frame.height, 139.0 / 3))
        // The tab bar ends 34 pt above the screen's bottom: 956 − 34 − 49 = 873; its background runs
        // under the home indicator, 83 pt. The navigation bar's runs up to the top.
        let bar = try #require(result.elements.first { $0.kind == "overlay" && close($0.frame.minY, 873) })
        #expect(close(bar.frame.height, 83) && close(bar.frame.width, 440))
        let navigationBar = try #require(result.elements.first { $0.kind == "NavigationBarLayout" })
        #expect(close(navigationBar.frame.minY, 62))
        #expect(result.element(at: navigationBar.path + [0]).map { close($0.frame.minY, 0) } == true)
    }

    @Test("Pictures of the screen at the device's pixels: 750 × 1334 for the iPhone SE, 1320 × 2868 for the 16 Pro Max")
    func pictures() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-devices")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (device, pixels) in [(Device.iPhoneSE3, (750, 1334)), (.iPhone16ProMax, (1320, 2868))] {
            let renderer = ImageRenderer(content: DeviceSettings())
            renderer.device = device
            renderer.scale = device.displayScale
            renderer.options.background = "#ffffff"
            let png = try renderer.pngData()
            // The PNG's IHDR chunk: width and height, big-endian, at bytes 16 and 20.
            func int(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(int(16) == pixels.0 && int(20) == pixels.1)
            try png.write(to: folder.appendingPathComponent("settings-\(device.name).png"))
        }
    }
}
