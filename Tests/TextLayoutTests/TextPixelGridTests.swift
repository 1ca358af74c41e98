import Foundation
import LayoutCore
import Layouts
import Testing
@testable import TextLayout
import Typography

// A Text laid out on a device reports its size rounded up to the device's pixel grid, as SwiftUI
// does on the phone. The measurement the rule comes from (issue 49): on an iPhone 13 Pro (3×),
// `Text("Hello world")` is 85.33 × 20.33 pt = 256/3 × 61/3. Its height is SF Pro's 17-pt line,
// `UIFont.systemFont(ofSize: 17).lineHeight` = 20.287109375 (1950 + 494 of 2048 units × 17):
// ⌈20.287109375 × 3⌉ ÷ 3 = ⌈60.86⌉ ÷ 3 = 61/3. Apple's fonts are not bundled, so the tests measure
// Noto Sans (TextLeafSupport.swift: 1000 units per em, a line 1362 units, ascent 1069), with these
// `hb-shape fonts/NotoSans-Regular.ttf` advances:
//   "About Fonts": A 639, b 615, o 605, u 618, t 361, space 260, F 519, o 605, n 618, t 361, s 479 = 5680
//   "Hello world": H 741, e 564, l 258, l 258, o 605, space 260, w 786, o 605, r 413, l 258, d 615 = 5363

/// A device of one screen size at `scale` pixels per point, no insets.
private func device(scale: CGFloat) -> Device {
    Device(name: "\(scale)×", size: CGSize(width: 400, height: 800), displayScale: scale)
}

@Suite("Text on a device: its size on the pixel grid")
struct TextPixelGridTests {
    @Test("A text 85.2 pt wide reports 85.333… at 3× and 85.5 at 2×; its 20.43-pt line 20.667 and 20.5")
    func roundsUpToThePixelGrid() throws {
        let environment = try TextFixtures.environment()
        let text = Text("About Fonts").font(.system(size: 15)).id("t")
        // Exact: 5680 × 15 / 1000 = 85.2 wide; 1362 × 15 / 1000 = 20.43 high.
        let exact = text.layout(in: .unspecified, environment: environment).frame("t")
        #expect(close(exact.width, 85.2) && close(exact.height, 20.43))
        // 3×: ⌈85.2 × 3⌉ = ⌈255.6⌉ = 256 → 256/3 = 85.333…; ⌈20.43 × 3⌉ = ⌈61.29⌉ = 62 → 62/3.
        let three = text.layout(on: device(scale: 3), environment: environment).frame("t")
        #expect(close(three.width, 256.0 / 3) && close(three.height, 62.0 / 3))
        // 2×: ⌈170.4⌉ = 171 → 85.5; ⌈40.86⌉ = 41 → 20.5.
        let two = text.layout(on: device(scale: 2), environment: environment).frame("t")
        #expect(close(two.width, 85.5) && close(two.height, 20.5))
        // 1×: whole points, 86 × 21.
        let one = text.layout(on: device(scale: 1), environment: environment).frame("t")
        #expect(close(one.width, 86) && close(one.height, 21))
        // The presets' scales: an iPhone 16 Pro rounds as 3×, an iPad mini as 2×.
        #expect(close(text.layout(on: .iPhone16Pro, environment: environment).frame("t").width, 256.0 / 3))
        #expect(close(text.layout(on: .iPadMini, environment: environment).frame("t").width, 85.5))
    }

    @Test("Body text, the issue's example: \"Hello world\" at 17 pt is 91.171 × 23.154 exact, 274/3 × 70/3 at 3×")
    func helloWorld() throws {
        let environment = try TextFixtures.environment()
        let text = Text("Hello world").id("t")
        // 5363 × 17 / 1000 = 91.171 → ⌈273.513⌉ = 274; 1362 × 17 / 1000 = 23.154 → ⌈69.462⌉ = 70.
        let frame = text.layout(on: .iPhone16, environment: environment).frame("t")
        #expect(close(frame.width, 274.0 / 3) && close(frame.height, 70.0 / 3))
        #expect(close(text.layout(in: .unspecified, environment: environment).frame("t").width, at17(5363)))
    }

    @Test("Baselines stay the exact ones: the extra fraction of a pixel is below the last line")
    func baselines() throws {
        let environment = try TextFixtures.environment()
        let result = Text("About Fonts").font(.system(size: 15)).id("t").layout(on: device(scale: 3), environment: environment)
        let text = try #require(result.element(id: "t"))
        // 1069 × 15 / 1000 = 16.035 from the top, as in a proposal.
        #expect(close(text.firstTextBaseline, 16.035) && close(text.lastTextBaseline, 16.035))
    }

    @Test("Lines break at the exact widths: a text that fits by a fraction of a pixel stays on one line, as on the phone")
    func fitsByAFraction() throws {
        let environment = try TextFixtures.environment()
        // Offered 85.25: the exact 85.2 fits (one line, 62/3 high); the size it reports is 256/3, a
        // twelfth of a point wider than its frame, as SwiftUI's text would be.
        let result = Text("About Fonts").font(.system(size: 15)).id("t").frame(width: 85.25)
            .layout(on: device(scale: 3), environment: environment)
        let frame = result.frame("t")
        #expect(close(frame.height, 62.0 / 3))
        #expect(close(frame.width, 256.0 / 3))
        // Offered 85.1, it needs a second line: two lines of 20.43 → ⌈122.58⌉ = 123 → 41.
        let narrower = Text("About Fonts").font(.system(size: 15)).id("t").frame(width: 85.1)
            .layout(on: device(scale: 3), environment: environment)
        #expect(close(narrower.frame("t").height, 41))
    }

    @Test("Outside a device every answer stays exact, whatever the display scale; the paragraph stays exact on one")
    func exactOffDevice() throws {
        var environment = try TextFixtures.environment()
        environment.displayScale = 3
        let text = Text("About Fonts").font(.system(size: 15))
        let size = text.sizeThatFits(.unspecified, environment: environment)
        #expect(close(size.width, 85.2) && close(size.height, 20.43))
        // The paragraph a renderer draws (and `textfit measure` reports) is exact on a device too.
        let onDevice = environment.laidOut(on: Screen(device: .iPhone16Pro, orientation: .portrait))
        let layout = try #require(text.paragraphLayout(in: .unspecified, environment: onDevice))
        #expect(close(layout.size.width, 85.2) && close(layout.size.height, 20.43))
        #expect(close(text.sizeThatFits(.unspecified, environment: onDevice).width, 256.0 / 3))
    }

    @Test("An Android device keeps the environment's text platform: SwiftUI views are set in Apple's styles unless it is set")
    func androidDevicePlatform() throws {
        struct Probe: View {
            @Environment(\.platform) var platform
            var body: some View { Box(width: platform == .android ? 2 : 1, height: 1).id("probe") }
        }
        #expect(Probe().layout(on: .pixel8).frame("probe").width == 1)
        #expect(Probe().environment(\.platform, .android).layout(on: .pixel8).frame("probe").width == 2)
        // A body-styled text on the Pixel 8 is measured (iOS's body in the bundled fonts), rounded to
        // its 2.625 grid: "Hello world" 91.171 → ⌈239.324⌉ ÷ 2.625 = 240 / 2.625.
        let environment = try TextFixtures.environment()
        let frame = Text("Hello world").id("t").layout(on: .pixel8, environment: environment).frame("t")
        #expect(close(frame.width, 240 / 2.625))
    }
}

private extension LayoutResult {
    /// The frame of the element named `id` (`.null` when there is none, which fails any comparison).
    func frame(_ id: String) -> CGRect { element(id: id)?.frame ?? .null }
}
