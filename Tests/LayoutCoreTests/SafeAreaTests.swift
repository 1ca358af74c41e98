import Foundation
import LayoutCore
import Layouts
import Testing

// Laying out on a device: the root proposed the safe area and centred in it, views that ignore the
// safe area stretched to the screen's edges, readers' safe-area insets, the device's environment.
// Every frame is a device's size less its insets (DevicePresetTests.swift's `publishedDevices`),
// worked out by hand in the comments.

@Suite("Devices: safe areas, ignoresSafeArea, the environment")
struct SafeAreaTests {
    @Test("A greedy view on each device fills the safe area: the screen less its insets, in both orientations",
          arguments: publishedDevices)
    func greedyViewFillsSafeArea(_ source: Published) {
        for orientation in Device.Orientation.allCases {
            let size = orientation == .portrait ? source.size : CGSize(width: source.size.height, height: source.size.width)
            let i = orientation == .portrait ? source.portrait : source.landscape
            let result = Color.red.id("content").layout(on: source.device, orientation: orientation)
            #expect(abs(result.size.width - size.width) < 1e-9 && abs(result.size.height - size.height) < 1e-9)
            #expect(result.root.kind == "screen")
            // The safe area: from (left, top), the size less both insets on each axis.
            let expected = rect(i.leading, i.top, size.width - i.leading - i.trailing, size.height - i.top - i.bottom)
            let frame = result.frame("content")
            #expect(abs(frame.minX - expected.minX) < 1e-9 && abs(frame.minY - expected.minY) < 1e-9)
            #expect(abs(frame.width - expected.width) < 1e-9 && abs(frame.height - expected.height) < 1e-9)
        }
    }

    @Test("The root view is proposed the safe area and centred in it, as the hosting view centres it")
    func rootIsCentredInSafeArea() {
        // iPhone 16 Pro: safe area (0, 62, 402, 874 − 62 − 34 = 778). A 100 × 50 box: x = (402 − 100) / 2
        // = 151, y = 62 + (778 − 50) / 2 = 426.
        let result = Box(width: 100, height: 50).id("box").layout(on: .iPhone16Pro)
        #expect(close(result.frame("box"), rect(151, 426, 100, 50)))
        // The proposal it was given is the safe area's size.
        let proposal = result.leaf(at: 1)?.proposal
        #expect(proposal == ProposedViewSize(width: 402, height: 778))
    }

    @Test("Landscape swaps the screen's sides and uses the landscape insets: the sensor housing's sides and the home indicator")
    func landscape() {
        // iPhone 16 Pro held sideways: 874 × 402; safe area x 62 … 874 − 62 = 812, y 0 … 402 − 21 = 381.
        let result = Color.red.id("content").layout(on: .iPhone16Pro, orientation: .landscape)
        #expect(result.size == CGSize(width: 874, height: 402))
        #expect(close(result.frame("content"), rect(62, 0, 750, 381)))
        #expect(Device.iPhone16Pro.size(in: .landscape) == CGSize(width: 874, height: 402))
        #expect(Device.iPhone16Pro.safeAreaInsets(in: .landscape) == edgeInsets(0, 62, 21, 62))
    }

    @Test("ignoresSafeArea stretches a background that reaches the safe area's edges to the screen's edges")
    func ignoresSafeAreaExtendsBackground() {
        // A full-screen background behind content that fills the safe area (iPhone 16 Pro, portrait).
        let all = Color.clear.id("content").background(Color.blue.id("bg").ignoresSafeArea())
            .layout(on: .iPhone16Pro)
        #expect(close(all.frame("content"), rect(0, 62, 402, 778)))
        #expect(close(all.frame("bg"), rect(0, 0, 402, 874)))
        // Only the top: 62 more above, the bottom stays at the safe area's (62 + 778 = 840).
        let top = Color.clear.background(Color.blue.id("bg").ignoresSafeArea(edges: .top)).layout(on: .iPhone16Pro)
        #expect(close(top.frame("bg"), rect(0, 0, 402, 840)))
        // Only the bottom: from 62 to the screen's bottom, 874.
        let bottom = Color.blue.id("bg").ignoresSafeArea(edges: .bottom).layout(on: .iPhone16Pro)
        #expect(close(bottom.frame("bg"), rect(0, 62, 402, 812)))
        // `background(_:ignoresSafeAreaEdges:)` with a style extends on every edge by default.
        let styled = Color.clear.id("content").background(.green).layout(on: .iPhone16Pro)
        let fill = styled.elements.first { $0.kind != "screen" && $0.id != "content" && $0.frame.minY == 0 }
        #expect(fill.map { close($0.frame, rect(0, 0, 402, 874)) } == true)
    }

    @Test("A view that does not reach the safe area's edge stays where it is; the keyboard region alone changes nothing")
    func ignoringOnlyAtTheEdges() {
        // The centred 100 × 50 box of the root test touches no edge: it stays at (151, 426).
        let centred = Box(width: 100, height: 50).id("box").ignoresSafeArea().layout(on: .iPhone16Pro)
        #expect(close(centred.frame("box"), rect(151, 426, 100, 50)))
        let keyboard = Color.blue.id("bg").ignoresSafeArea(.keyboard).layout(on: .iPhone16Pro)
        #expect(close(keyboard.frame("bg"), rect(0, 62, 402, 778)))
        // In a proposal (no device) it changes nothing at all.
        let plain = Color.blue.id("bg").ignoresSafeArea().layout(in: ProposedViewSize(width: 402, height: 874))
        #expect(close(plain.frame("bg"), rect(0, 0, 402, 874)))
    }

    @Test("A view that ignores the safe area is anchored at its top-leading corner: a fixed-size one moves up by the inset")
    func fixedSizeMovesUp() {
        // A 100-pt-tall box at the top of the safe area (VStack + Spacer), ignoring the top: proposed
        // 62 more, it keeps its 100 and sits at the screen's top (62 − 62 = 0).
        let result = VStack(spacing: 0) { Box(width: 402, height: 100).id("box").ignoresSafeArea(edges: .top); Spacer() }
            .layout(on: .iPhone16Pro)
        #expect(close(result.frame("box"), rect(0, 0, 402, 100)))
    }

    @Test("Landscape: ignoring the horizontal edges reaches both sides of the sensor housing's insets")
    func landscapeSides() {
        let result = Color.blue.id("bg").ignoresSafeArea(edges: .horizontal).layout(on: .iPhone16Pro, orientation: .landscape)
        // Safe area (62, 0, 750, 381): out to 0 and 874 on the sides; the bottom stays at 381.
        #expect(close(result.frame("bg"), rect(0, 0, 874, 381)))
    }

    @Test("Right to left: the screen's insets stay where the hardware is; leading is the right side")
    func rightToLeft() {
        var environment = EnvironmentValues()
        environment.layoutDirection = .rightToLeft
        // The 360-dp phone in landscape: 640 × 360, the navigation bar's 48 dp on the right and the
        // status bar's 24 above: safe area (0, 24, 592, 336) whatever the direction.
        let filled = Color.red.id("c").layout(on: .compactAndroidPhone, orientation: .landscape, environment: environment)
        #expect(close(filled.frame("c"), rect(0, 24, 592, 336)))
        #expect(filled.layoutDirection == .rightToLeft)
        // `.leading` in right-to-left is the right side: out to 640 there, the left stays at 0.
        let leading = Color.red.id("c").ignoresSafeArea(edges: .leading)
            .layout(on: .compactAndroidPhone, orientation: .landscape, environment: environment)
        #expect(close(leading.frame("c"), rect(0, 24, 640, 336)))
        let trailing = Color.red.id("c").ignoresSafeArea(edges: .trailing)
            .layout(on: .compactAndroidPhone, orientation: .landscape, environment: environment)
        #expect(close(trailing.frame("c"), rect(0, 24, 592, 336)))
    }

    @Test("GeometryProxy.safeAreaInsets: the device's insets on the sides where the reader reaches the safe area's edge")
    func proxyInsets() {
        let seen = InsetsBox()
        _ = GeometryReader { proxy in seen.record("root", proxy.safeAreaInsets); return Color.clear }.layout(on: .iPhone16Pro)
        _ = GeometryReader { proxy in seen.record("ignoring", proxy.safeAreaInsets); return Color.clear }
            .ignoresSafeArea().layout(on: .iPhone16Pro)
        _ = GeometryReader { proxy in seen.record("middle", proxy.safeAreaInsets); return Color.clear }
            .frame(height: 100).layout(on: .iPhone16Pro)
        _ = GeometryReader { proxy in seen.record("proposal", proxy.safeAreaInsets); return Color.clear }
            .layout(in: ProposedViewSize(width: 402, height: 874))
        // At the root, stretched or not: 62 above, 34 below (the iPhone 16 Pro's).
        #expect(seen["root"] == edgeInsets(62, 0, 34, 0))
        #expect(seen["ignoring"] == edgeInsets(62, 0, 34, 0))
        // 100 pt tall in the middle of the screen: it reaches neither the top nor the bottom.
        #expect(seen["middle"] == edgeInsets(0, 0, 0, 0))
        #expect(seen["proposal"] == edgeInsets(0, 0, 0, 0))
    }

    @Test("The environment gets the device's display scale and idiom; the layout direction stays as set")
    func environment() {
        struct Probe: View {
            @Environment(\.displayScale) var scale
            @Environment(\.deviceIdiom) var idiom
            var body: some View { Box(width: scale * 10, height: idiom == .pad ? 20 : 10).id("probe") }
        }
        #expect(Probe().layout(on: .iPhone16).frame("probe").size == CGSize(width: 30, height: 10))
        #expect(Probe().layout(on: .iPadMini).frame("probe").size == CGSize(width: 20, height: 20))
        #expect(Probe().layout(on: .pixel8).frame("probe").size == CGSize(width: 26.25, height: 10))
        #expect(Probe().layout(in: .unspecified).frame("probe").size == CGSize(width: 10, height: 10))
    }

    @Test("One tree lays out on several devices and in a proposal, each as on its own")
    func oneTreeManyDevices() {
        let tree = LayoutTree(Color.red.id("c"))
        let pro = tree.layout(on: .iPhone16Pro)
        let se = tree.layout(on: .iPhoneSE3)
        let proAgain = tree.layout(on: .iPhone16Pro)
        let plain = tree.layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(close(pro.frame("c"), rect(0, 62, 402, 778)))
        #expect(close(se.frame("c"), rect(0, 20, 375, 647)))
        #expect(close(proAgain.frame("c"), pro.frame("c")))
        #expect(close(plain.frame("c"), rect(0, 0, 100, 100)))
    }

    /// Counts a view's evaluations (its body runs when a tree is built from it).
    final class Evaluations: @unchecked Sendable { var count = 0 }

    @Test("A tree built on a device is moved to another of the same scale and idiom, its body not evaluated again; across scales only when asked and nothing read the scale; an iPad builds it again")
    func movedBetweenDevices() {
        struct Counted: View {
            let evaluations: Evaluations
            var body: some View {
                evaluations.count += 1
                return Color.red.ignoresSafeArea(edges: .top).id("c")
            }
        }
        let evaluations = Evaluations()
        let tree = LayoutTree(Counted(evaluations: evaluations), environment: EnvironmentValues(), on: .iPhone16Pro)
        #expect(evaluations.count == 1)
        // Stretched to the top: the iPhone 16 Pro's safe area (0, 62, 402, 778) from y = 0; the
        // iPhone 16's (393 × 852, 59 above, 34 below) the same way; both at 3×.
        let pro = tree.layout(on: .iPhone16Pro)
        let sixteen = tree.layout(on: .iPhone16)
        let landscape = tree.layout(on: .iPhone16Pro, orientation: .landscape)
        #expect(evaluations.count == 1)
        #expect(close(pro.frame("c"), rect(0, 0, 402, 840)))
        #expect(close(sixteen.frame("c"), rect(0, 0, 393, 818)))
        #expect(landscape.frame("c") == Counted(evaluations: Evaluations()).layout(on: .iPhone16Pro, orientation: .landscape).frame("c"))
        // The SE (375 × 667, 20 above) is at 2×: the public call builds a tree for it (an earlier
        // result's leaves would read the new scale); a sweep's moves this one there, as the body
        // read no scale.
        #expect(close(tree.layout(on: .iPhoneSE3).frame("c"), rect(0, 0, 375, 667)))
        #expect(evaluations.count == 2)
        let other = LayoutTree(Counted(evaluations: evaluations), environment: EnvironmentValues(), on: .iPhone16Pro)
        #expect(evaluations.count == 3)
        #expect(close(other.layout(on: .iPhoneSE3, orientation: .portrait, acrossScales: true).frame("c"), rect(0, 0, 375, 667)))
        #expect(close(other.layout(on: .iPhone16ProMax, orientation: .portrait, acrossScales: true).frame("c"), rect(0, 0, 440, 956 - 34)))
        #expect(evaluations.count == 3)
        // The iPad mini is a pad (another idiom: a catalog's device strings differ): built again.
        _ = other.layout(on: .iPadMini, orientation: .portrait, acrossScales: true)
        #expect(evaluations.count == 4)
    }

    @Test("A body that reads the display scale is evaluated again on a device of another scale, and sees it")
    func scaleReaderNotMoved() {
        struct Scaled: View {
            let evaluations: Evaluations
            @Environment(\.displayScale) var scale
            var body: some View {
                evaluations.count += 1
                return Box(width: scale * 10, height: 10).id("b")
            }
        }
        let evaluations = Evaluations()
        let tree = LayoutTree(Scaled(evaluations: evaluations), environment: EnvironmentValues(), on: .iPhone16Pro)
        #expect(tree.layout(on: .iPhone16Pro).frame("b").width == 30)
        #expect(tree.layout(on: .iPhone16).frame("b").width == 30)
        #expect(evaluations.count == 1)
        #expect(tree.layout(on: .iPhoneSE3, orientation: .portrait, acrossScales: true).frame("b").width == 20)
        #expect(evaluations.count == 2)
    }

    /// A leaf 10 pixels wide: 10 × the display scale, read when it is measured.
    struct TenPixels: LeafView {
        func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
            CGSize(width: 10 / environment.pixelLength, height: 10)
        }
    }

    /// A layout whose cache is its child's ideal width (made once, as SwiftUI makes a cache).
    struct IdealWidthCache: Layout {
        func makeCache(subviews: Subviews) -> CGFloat { subviews.first?.sizeThatFits(.unspecified).width ?? 0 }
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout CGFloat) -> CGSize {
            CGSize(width: cache, height: 10)
        }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout CGFloat) {
            subviews.first?.place(at: bounds.origin, proposal: .unspecified)
        }
    }

    @Test("Moved to another scale, a leaf is asked again and a layout's cache made again: as a tree built there")
    func movedAnswersFollowScale() {
        // 10 pixels: 10 ÷ (1/3) = 30 pt on the 3× phones, 10 ÷ (1/2) = 20 pt on the 2× SE.
        let view = IdealWidthCache { TenPixels().id("leaf") }.id("cached")
        let tree = LayoutTree(view, environment: EnvironmentValues(), on: .iPhone16Pro)
        #expect(tree.layout(on: .iPhone16Pro).frame("cached").width == 30)
        let se = tree.layout(on: .iPhoneSE3, orientation: .portrait, acrossScales: true)
        #expect(se.frame("cached").width == 20 && se.frame("leaf").width == 20)
        #expect(tree.layout(on: .iPhone16ProMax, orientation: .portrait, acrossScales: true).frame("cached").width == 30)
    }

    @Test("A tree with an after-layout action or a reader is built again for each device, as the action and the reader see the screen")
    func settlingTreesNotMoved() {
        struct Counted: View {
            let evaluations: Evaluations
            var body: some View {
                evaluations.count += 1
                return Color.red.id("c").background(GeometryReader { _ in Color.clear })
            }
        }
        let evaluations = Evaluations()
        let tree = LayoutTree(Counted(evaluations: evaluations), environment: EnvironmentValues(), on: .iPhone16Pro)
        _ = tree.layout(on: .iPhone16Pro)
        _ = tree.layout(on: .iPhone16)
        #expect(evaluations.count == 2)
        struct Appearing: View {
            let evaluations: Evaluations
            var body: some View {
                evaluations.count += 1
                return Color.red.id("c").onAppear {}
            }
        }
        let appearing = Evaluations()
        let other = LayoutTree(Appearing(evaluations: appearing), environment: EnvironmentValues(), on: .iPhone16Pro)
        _ = other.layout(on: .iPhone16Pro)
        let moved = other.layout(on: .iPhone16)
        #expect(appearing.count == 2)
        #expect(close(moved.frame("c"), rect(0, 59, 393, 759)))
    }

    @Test("A device of any size, and bad sizes and insets taken as 0")
    func customDevices() {
        let square = Device(name: "Square", size: CGSize(width: 500, height: 500))
        #expect(close(Color.red.id("c").layout(on: square).frame("c"), rect(0, 0, 500, 500)))
        #expect(square.displayScale == 1 && square.platform == .ios && square.idiom == .phone)
        let bad = Device(name: "Bad", size: CGSize(width: CGFloat.nan, height: -10),
                         portraitSafeAreaInsets: EdgeInsets(top: .infinity, leading: -5, bottom: 3, trailing: CGFloat.nan))
        let result = Color.red.id("c").layout(on: bad)
        #expect(result.size == .zero)
        #expect(result.frame("c").size == .zero)
        // Insets wider than the screen leave an empty safe area: 100 tall, 80 + 80 inset.
        let cramped = Device(name: "Cramped", size: CGSize(width: 50, height: 100),
                             portraitSafeAreaInsets: EdgeInsets(top: 80, leading: 0, bottom: 80, trailing: 0))
        #expect(close(Color.red.id("c").layout(on: cramped).frame("c"), rect(0, 50, 50, 0)))
    }
}

/// Insets recorded by readers' contents, by name.
private final class InsetsBox: @unchecked Sendable {
    private var values: [String: EdgeInsets] = [:]
    private let lock = NSLock()
    func record(_ name: String, _ insets: EdgeInsets) { lock.withLock { values[name] = insets } }
    subscript(name: String) -> EdgeInsets? { lock.withLock { values[name] } }
}
