import Foundation
import LayoutCore
import Layouts
import Testing

// SwiftUI's layout rules checked against numbers recorded on Apple's SwiftUI. Unless a test says
// otherwise, the expected values are the recorded ones, quoted from the header comments of the
// probes in the repository mburger89/MetalUI (docs/probes/*.swift, compiled against SwiftUI on macOS
// 26.6.2 and 27.0): "stack" is swiftui-stack-algorithms.swift, "frame" swiftui-frame-semantics.swift,
// "validation" swiftui-layout-input-validation.swift. The probes' leaves map onto ours: a fixed
// "a20" / "square" is `Box(width: 20, height: 20)`, a flexible leaf (`Color`) is `Rectangle()`.

/// The probes' "half h": half the proposed width (10 for a `nil` width, as its ideal), 10 tall.
private struct HalfWidth: LeafView {
    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        CGSize(width: (proposal.width ?? 20) / 2, height: 10)
    }
}

/// The probes' "Flex80": `Color.red.frame(idealWidth: 80, maxWidth: 80).frame(height: 10)`.
private func flex80(_ id: String) -> some View {
    Rectangle().frame(idealWidth: 80, maxWidth: 80).frame(height: 10).id(id)
}

private func square(_ id: String) -> some View { Box(width: 20, height: 20).id(id) }

extension LayoutResult {
    /// The proposal the element named `id` was placed with.
    fileprivate func placedProposal(_ id: String) -> ProposedViewSize? {
        elements.firstIndex { $0.id == id }.flatMap { leaf(at: $0)?.proposal }
    }

    fileprivate var kinds: [LayoutDiagnostic.Kind] { diagnostics.map(\.kind) }
}

@Suite("Spacer: minimum 8, priority −∞, sized after every other child (recorded on SwiftUI)")
struct SpacerProbeTests {
    @Test("HStack(spacing: 0) { Rectangle(); Spacer(minLength: 30) } in 100: rectangle 70, spacer 30")
    func spacerMinimumReserved() {
        // The issue's own example; the rectangle (priority 0) is offered 100 − 30.
        let result = HStackLayout(spacing: 0) { Rectangle().id("r"); Spacer(minLength: 30).id("s") }
            .layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(result.frame("r") == rect(0, 0, 70, 10))
        #expect(result.frame("s") == rect(70, 5, 30, 0))
    }

    @Test("content (ideal and max 60) · Spacer(minLength: 0) · content, spacing 10: 40/0/40 at 100, 60/20/60 at 160")
    func probedOnApple() {
        // Recorded on Apple's SwiftUI by the author.
        func stack() -> some View {
            HStackLayout(spacing: 10) {
                Rectangle().frame(idealWidth: 60, maxWidth: 60).id("a")
                Spacer(minLength: 0).id("s")
                Rectangle().frame(idealWidth: 60, maxWidth: 60).id("b")
            }
        }
        let narrow = stack().layout(in: ProposedViewSize(width: 100, height: 10))
        #expect([narrow.frame("a").width, narrow.frame("s").width, narrow.frame("b").width] == [40, 0, 40])
        let wide = stack().layout(in: ProposedViewSize(width: 160, height: 10))
        #expect([wide.frame("a").width, wide.frame("s").width, wide.frame("b").width] == [60, 20, 60])
        // With a default spacer (minimum 8) the two are offered (100 − 20 − 8) ÷ 2 = 36 each.
        let defaultSpacer = HStackLayout(spacing: 10) {
            Rectangle().frame(idealWidth: 60, maxWidth: 60).id("a"); Spacer().id("s"); Rectangle().frame(idealWidth: 60, maxWidth: 60).id("b")
        }.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect([defaultSpacer.frame("a").width, defaultSpacer.frame("s").width, defaultSpacer.frame("b").width] == [36, 8, 36])
    }

    @Test("Recorded: SP1 48x20, SP3 40x20, SP4 80x20, SP6 20x48 (nil minimum is 8; no default spacing beside a spacer)")
    func idealSizes() {
        let a = { Box(width: 20, height: 20) }
        #expect(HStackLayout(spacing: 0) { a(); Spacer(); a() }.layout(in: .unspecified).size == CGSize(width: 48, height: 20))
        #expect(HStackLayout { a(); Spacer(minLength: 0); a() }.layout(in: .unspecified).size == CGSize(width: 40, height: 20))
        #expect(HStackLayout(spacing: 20) { a(); Spacer(minLength: 0); a() }.layout(in: .unspecified).size == CGSize(width: 80, height: 20))
        #expect(VStackLayout(spacing: 0) { a(); Spacer(); a() }.layout(in: .unspecified).size == CGSize(width: 20, height: 48))
    }

    @Test("Recorded: SP9 a at x 60, SP10 a at x 90, SP13 a proposed 92x50 at 80, SP14 a proposed 100x42 at y 30")
    func spacersShareWhatIsLeft() {
        let at200 = ProposedViewSize(width: 200, height: 50)
        // SP9 HStack(0){Spacer(); a20; Spacer(); Spacer()} at 200x50: "leaf a: proposed [176x50] at (60, 0)".
        let sp9 = HStackLayout(spacing: 0) { Spacer(); square("a"); Spacer(); Spacer() }.layout(in: at200)
        #expect(sp9.frame("a") == rect(60, 0, 20, 20))
        #expect(sp9.placedProposal("a") == ProposedViewSize(width: 176, height: 50))
        // SP10 HStack(0){Spacer(min 50); a20; Spacer()}: "leaf a: proposed [142x50] at (90, 0)".
        let sp10 = HStackLayout(spacing: 0) { Spacer(minLength: 50); square("a"); Spacer() }.layout(in: at200)
        #expect(sp10.frame("a").minX == 90)
        #expect(sp10.placedProposal("a") == ProposedViewSize(width: 142, height: 50))
        // SP13 HStack(0){Spacer(); a20x20} at 100x50: "proposed [92x50] at (80, 0)", size 100x20.
        let sp13 = HStackLayout(spacing: 0) { Spacer(); square("a") }.layout(in: ProposedViewSize(width: 100, height: 50))
        #expect(sp13.size == CGSize(width: 100, height: 20))
        #expect(sp13.frame("a").minX == 80)
        #expect(sp13.placedProposal("a") == ProposedViewSize(width: 92, height: 50))
        // SP14 VStack(0){Spacer(); a20x20} at 100x50: "proposed [100x42] at (0, 30)", size 20x50.
        let sp14 = VStackLayout(spacing: 0) { Spacer(); square("a") }.layout(in: ProposedViewSize(width: 100, height: 50))
        #expect(sp14.size == CGSize(width: 20, height: 50))
        #expect(sp14.frame("a") == rect(0, 30, 20, 20))
        #expect(sp14.placedProposal("a") == ProposedViewSize(width: 100, height: 42))
    }

    @Test("A custom layout reads a spacer's priority as −∞; an explicit layoutPriority wins")
    func spacerPriorityReadByLayouts() {
        struct Priorities: Layout {
            let seen: PriorityLog
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                seen.record(subviews.map(\.priority))
                return .zero
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
                for subview in subviews { subview.place(at: bounds.origin, proposal: .unspecified) }
            }
        }
        let log = PriorityLog()
        _ = Priorities(seen: log) { Spacer(); Spacer().layoutPriority(2); Box(width: 1, height: 1) }.layout(in: .unspecified)
        #expect(log.values == [-.infinity, 2, 0])
        // P7b: layoutPriority(-.infinity) on a Flex80 orders like −1: "placed second width 80.0 … first width 20.0".
        let p7b = HStackLayout(spacing: 0) { flex80("first").layoutPriority(-.infinity); flex80("second") }
            .layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(p7b.frame("first").width == 20)
        #expect(p7b.frame("second").width == 80)
    }
}

/// The priorities a layout saw (a class so a `Sendable` layout can write to it).
final class PriorityLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Double] = []
    func record(_ values: [Double]) { lock.withLock { seen = values } }
    var values: [Double] { lock.withLock { seen } }
}

@Suite("Layout priority (recorded on SwiftUI)")
struct PriorityProbeTests {
    @Test("P7: two Flex80 in 100 get 50/50; priority 1 on the first gives 80/20; priority −1 gives 20/80")
    func priorityOrders() {
        let p = ProposedViewSize(width: 100, height: 10)
        let even = HStackLayout(spacing: 0) { flex80("first"); flex80("second") }.layout(in: p)
        #expect([even.frame("first").width, even.frame("second").width] == [50, 50])
        let high = HStackLayout(spacing: 0) { flex80("first").layoutPriority(1); flex80("second") }.layout(in: p)
        #expect([high.frame("first").width, high.frame("second").width] == [80, 20])
        let low = HStackLayout(spacing: 0) { flex80("first").layoutPriority(-1); flex80("second") }.layout(in: p)
        #expect([low.frame("first").width, low.frame("second").width] == [20, 80])
    }

    @Test("A one-child stack and an overlay pass their child's priority on; a frame does not (G11, X8, L)")
    func priorityPassing() {
        let p = ProposedViewSize(width: 100, height: 10)
        // Wrapped in a one-child HStack the first keeps priority 1: 80/20 (G11 "a 80").
        let stacked = HStackLayout(spacing: 0) { HStackLayout { flex80("first").layoutPriority(1) }; flex80("second") }.layout(in: p)
        #expect(stacked.frame("first").width == 80)
        // An overlay passes it too (X8).
        let overlaid = HStackLayout(spacing: 0) { flex80("first").layoutPriority(1).overlay { Rectangle() }; flex80("second") }.layout(in: p)
        #expect(overlaid.frame("first").width == 80)
        // A frame hides it (L): back to 50/50.
        let framed = HStackLayout(spacing: 0) { flex80("first").layoutPriority(1).frame(height: 10); flex80("second") }.layout(in: p)
        #expect(framed.frame("first").width == 50)
    }
}

@Suite("ZStack: sized by its highest-priority children, placed at its own size (recorded on SwiftUI)")
struct ZStackProbeTests {
    @Test("Z1: ZStack{half h; o 20x20} at 60x40 is 30x20; h is re-proposed 30x20 and lands at (2.5, 5)")
    func placedAtOwnSize() {
        let z1 = ZStackLayout { HalfWidth().id("h"); square("o") }.layout(in: ProposedViewSize(width: 60, height: 40))
        #expect(z1.size == CGSize(width: 30, height: 20))
        #expect(z1.frame("h") == rect(2.5, 5, 15, 10))
        #expect(z1.placedProposal("h") == ProposedViewSize(width: 30, height: 20))
        #expect(z1.frame("o") == rect(0, 0, 20, 20))
        // Z2 (.topLeading): size 30x20, h at (0, 0). Z3 at nil: size 20x20, h at (5, 5) 10x10.
        let z2 = ZStackLayout(alignment: .topLeading) { HalfWidth().id("h"); square("o") }.layout(in: ProposedViewSize(width: 60, height: 40))
        #expect(z2.size == CGSize(width: 30, height: 20))
        #expect(z2.frame("h") == rect(0, 0, 15, 10))
        let z3 = ZStackLayout { HalfWidth().id("h"); square("o") }.layout(in: .unspecified)
        #expect(z3.size == CGSize(width: 20, height: 20))
        #expect(z3.frame("h") == rect(5, 5, 10, 10))
    }

    @Test("The highest layoutPriority decides the size; the others are proposed it and aligned in it")
    func priorityDecides() {
        // ByteDance DanceUI's _ZStackLayout: only the top-priority children size the stack; every
        // child is placed with the stack's size as its proposal. By hand: the box (priority 1) is
        // 40 × 20, so the stack is 40 × 20 in a 100 × 100 proposal; the rectangle, proposed 40 × 20,
        // fills it; a 60 × 30 box overflows it, centred: at ((40 − 60) ÷ 2, (20 − 30) ÷ 2).
        let result = ZStackLayout {
            Rectangle().id("fill")
            Box(width: 40, height: 20).layoutPriority(1).id("top")
            Box(width: 60, height: 30).id("big")
        }.layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(result.size == CGSize(width: 40, height: 20))
        #expect(result.frame("fill") == rect(0, 0, 40, 20))
        #expect(result.frame("top") == rect(0, 0, 40, 20))
        #expect(result.frame("big") == rect(-10, -5, 60, 30))
        // Without the priority the union decides: 100 × 100 (the rectangle takes the proposal).
        let plain = ZStackLayout { Rectangle(); Box(width: 40, height: 20) }.layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(plain.size == CGSize(width: 100, height: 100))
    }

    @Test("A ZStack holding only a Spacer takes the proposal (SPB6), and a one-child ZStack passes −∞ on (K2a)")
    func spacersOnly() {
        #expect(ZStackLayout { Spacer() }.layout(in: ProposedViewSize(width: 100, height: 50)).size == CGSize(width: 100, height: 50))
        // K2a: HStack(0){a20; ZStack{Spacer()}; b20} at 200: a is offered (200 − 8) ÷ 2 = 96.
        let k2a = HStackLayout(spacing: 0) { Rectangle().frame(maxWidth: 20).id("a"); ZStackLayout { Spacer() }; square("b") }
            .layout(in: ProposedViewSize(width: 200, height: 50))
        #expect(k2a.frame("a").width == 20)
        #expect(k2a.frame("b").minX == 180)
    }
}

@Suite("Frames: sizes, placement proposals, normalisation and SwiftUI's diagnostics (recorded on SwiftUI)")
struct FrameProbeTests {
    @Test("Fixed frame: -10 → 0, ∞ and NaN → the child's 20, −∞ → 0; each diagnosed (P3, P9)")
    func invalidFixedLengths() {
        let cases: [(CGFloat, CGFloat)] = [(40, 40), (-10, 0), (.infinity, 20), (.nan, 20), (-.infinity, 0)]
        for (width, expected) in cases {
            let result = square("s").frame(width: width).layout(in: .unspecified)
            #expect(result.size == CGSize(width: expected, height: 20), "frame(width: \(width))")
            #expect(result.kinds == (width == 40 ? [] : [.invalidFrameDimension]), "frame(width: \(width))")
        }
        let message = square("s").frame(width: -10).layout(in: .unspecified).diagnostics.first?.message ?? ""
        #expect(message.hasPrefix("Invalid frame dimension (negative or non-finite)"))
        #expect(message.contains("width -10 is taken as 0"))
    }

    @Test("Flexible frame sizes (P4, P4b, P4c, P4d) and which log SwiftUI writes for each")
    func flexibleSizes() {
        let p100 = ProposedViewSize(width: 100, height: 100)
        typealias Case = (AnyView, ProposedViewSize, CGFloat, [LayoutDiagnostic.Kind])
        let cases: [Case] = [
            (AnyView(square("s").frame(minWidth: 40, maxWidth: 80)), p100, 80, []),
            (AnyView(square("s").frame(minWidth: 40, maxWidth: 80)), .unspecified, 40, []),
            (AnyView(square("s").frame(minWidth: 80, maxWidth: 40)), p100, 80, [.contradictoryFrame]),
            (AnyView(square("s").frame(minWidth: 80, maxWidth: 40)), .unspecified, 80, [.contradictoryFrame]),
            (AnyView(square("s").frame(minWidth: -10)), .unspecified, 20, []),
            (AnyView(square("s").frame(maxWidth: -10)), p100, 0, [.invalidFrameDimension]),
            (AnyView(square("s").frame(idealWidth: 80)), .unspecified, 80, []),
            (AnyView(square("s").frame(idealWidth: -10)), .unspecified, 0, [.invalidFrameDimension]),
            (AnyView(square("s").frame(minWidth: 60, idealWidth: 40)), .unspecified, 60, [.contradictoryFrame]),
            (AnyView(square("s").frame(idealWidth: 100, maxWidth: 80)), .unspecified, 100, [.contradictoryFrame]),
            (AnyView(square("s").frame(maxWidth: .infinity)), p100, 100, []),
            (AnyView(square("s").frame(maxWidth: .infinity)), .unspecified, 20, []),
            (AnyView(square("s").frame(idealWidth: .infinity)), p100, 20, []),
            (AnyView(square("s").frame(minWidth: -.infinity)), .unspecified, 20, []),
            (AnyView(square("s").frame(maxWidth: -.infinity)), p100, 0, [.invalidFrameDimension]),
            // SwiftUI answers NaN here; TextFit ignores the NaN (the child's 20) and says so with both logs.
            (AnyView(square("s").frame(minWidth: .nan)), p100, 20, [.contradictoryFrame, .invalidFrameDimension]),
            (AnyView(square("s").frame(maxWidth: .nan)), p100, 20, [.contradictoryFrame, .invalidFrameDimension]),
        ]
        for (element, proposal, width, kinds) in cases {
            let result = element.layout(in: proposal)
            #expect(result.size.width == width, "\(proposal)")
            #expect(result.kinds == kinds, "\(result.diagnostics)")
        }
    }

    @Test("A flexible frame places its child with its own size, nil where unconstrained under a nil proposal (D, D3, D14)")
    func placementProposals() {
        // D control at 100x100: "child proposed 80.0x20.0", child at (30, 0).
        let d = square("s").frame(minWidth: 40, maxWidth: 80).layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(d.placedProposal("s") == ProposedViewSize(width: 80, height: 20))
        #expect(d.frame("s") == rect(30, 0, 20, 20))
        // D3 at nil: "child proposed 40.0xnil", child at (10, 0).
        let d3 = square("s").frame(minWidth: 40, maxWidth: 80).layout(in: .unspecified)
        #expect(d3.placedProposal("s") == ProposedViewSize(width: 40, height: nil))
        #expect(d3.frame("s") == rect(10, 0, 20, 20))
        // D14 maxWidth 80 on a 200x160 child at nil: size 80x160, "child proposed 80.0xnil".
        let d14 = Box(width: 200, height: 160).id("s").frame(maxWidth: 80).layout(in: .unspecified)
        #expect(d14.size == CGSize(width: 80, height: 160))
        #expect(d14.placedProposal("s") == ProposedViewSize(width: 80, height: nil))
        // The example: Rectangle().frame(minWidth: 50) under nil — 50 is the min, not
        // strictly inside (50, ∞), so the rectangle is proposed 50 and fills the frame.
        let fill = Rectangle().id("r").frame(minWidth: 50).layout(in: .unspecified)
        #expect(fill.size == CGSize(width: 50, height: 10))
        #expect(fill.frame("r") == rect(0, 0, 50, 10))
        // maxWidth: .infinity under nil: 10 lies strictly inside (−∞, ∞), so the child is proposed nil.
        #expect(Rectangle().id("r").frame(maxWidth: .infinity).layout(in: .unspecified).placedProposal("r") == .unspecified)
    }

    @Test("frame(idealWidth: 30, maxWidth: 20) behaves as ideal 30, max 30")
    func idealRaisesMax() {
        // The normalisation example: under nil the frame is its ideal, 30, and under a
        // 100 proposal a fill is clamped to the raised max, 30.
        #expect(Rectangle().frame(idealWidth: 30, maxWidth: 20).layout(in: ProposedViewSize(width: nil, height: 10)).size.width == 30)
        #expect(Rectangle().frame(idealWidth: 30, maxWidth: 20).layout(in: ProposedViewSize(width: 100, height: 10)).size.width == 30)
    }
}

@Suite("overlay, background, aspectRatio, position, hidden, Divider (recorded on SwiftUI)")
struct ModifierProbeTests {
    @Test("overlay: the primary's size; the content proposed it and aligned in it (A6, A9)")
    func overlayAndBackground() {
        // A6 primary 60x40 .overlay(alignment: .topTrailing){o 20x20}: size 60x40, "o: proposed [60x40] at (40, 0)".
        let a6 = Box(width: 60, height: 40).overlay(alignment: .topTrailing) { square("o") }.layout(in: .unspecified)
        #expect(a6.size == CGSize(width: 60, height: 40))
        #expect(a6.frame("o") == rect(40, 0, 20, 20))
        #expect(a6.placedProposal("o") == ProposedViewSize(width: 60, height: 40))
        #expect(a6.root.kind == "overlay")
        // A9 .background(alignment: .bottomTrailing){bg 20x20}: bg at (40, 20); drawn first (path [0]).
        let a9 = Box(width: 60, height: 40).id("p").background(alignment: .bottomTrailing) { square("bg") }.layout(in: .unspecified)
        #expect(a9.frame("bg") == rect(40, 20, 20, 20))
        #expect(a9.element(id: "bg")?.path == [0])
        #expect(a9.element(id: "p")?.path == [1])
        #expect(a9.root.kind == "background")
        // A7: a flexible overlay is proposed the primary's size and fills it.
        let a7 = Box(width: 60, height: 40).overlay { Rectangle().id("o") }.layout(in: ProposedViewSize(width: 300, height: 300))
        #expect(a7.frame("o") == rect(0, 0, 60, 40))
    }

    @Test("Several overlay elements are a centred ZStack the alignment positions (K5g, K5h)")
    func severalOverlayElements() {
        // K5g .overlay(alignment: .topLeading){half h; o 20x20} on 60x40: h at (2.50, 5), o at (0, 0).
        let k5g = Box(width: 60, height: 40).overlay(alignment: .topLeading) { HalfWidth().id("h"); square("o") }.layout(in: .unspecified)
        #expect(k5g.frame("h") == rect(2.5, 5, 15, 10))
        #expect(k5g.frame("o") == rect(0, 0, 20, 20))
        // K5h .background(alignment: .bottomTrailing){…}: h at (32.50, 25), o at (30, 20).
        let k5h = Box(width: 60, height: 40).background(alignment: .bottomTrailing) { HalfWidth().id("h"); square("o") }.layout(in: .unspecified)
        #expect(k5h.frame("h") == rect(32.5, 25, 15, 10))
        #expect(k5h.frame("o") == rect(30, 20, 20, 20))
    }

    @Test("aspectRatio answers its child's answer to the ratio-shaped proposal (P8, P8b, AR1, K4, K4b)")
    func aspectRatio() {
        let p = ProposedViewSize(width: 100, height: 80)
        #expect(Rectangle().aspectRatio(2, contentMode: .fit).layout(in: p).size == CGSize(width: 100, height: 50))
        #expect(Rectangle().aspectRatio(2, contentMode: .fill).layout(in: p).size == CGSize(width: 160, height: 80))
        #expect(Rectangle().aspectRatio(2, contentMode: .fit).layout(in: ProposedViewSize(width: 100, height: nil)).size == CGSize(width: 100, height: 50))
        #expect(Rectangle().aspectRatio(2, contentMode: .fit).layout(in: .unspecified).size == CGSize(width: 10, height: 10))
        // AR1: a fixed 168x95 child at 500x300 is proposed 500x281.25 and stays 168x95, centred.
        let ar1 = Box(width: 168, height: 95).id("c").aspectRatio(16.0 / 9, contentMode: .fit).layout(in: ProposedViewSize(width: 500, height: 300))
        #expect(ar1.size == CGSize(width: 168, height: 95))
        #expect(ar1.placedProposal("c") == ProposedViewSize(width: 500, height: 281.25))
        // K4b: nil x 300 proposes 533.33x300 (the ratio of the 168x95 box's ideal size, given nil).
        let k4b = Rectangle().id("c").aspectRatio(16.0 / 9, contentMode: .fit).layout(in: ProposedViewSize(width: nil, height: 300))
        #expect(close(k4b.size.width, 300 * 16 / 9))
        // scaledToFit with a 20 x 10 ideal: 2:1 → 100 × 50 in 100 × 80 (by hand).
        struct Ideal20x10: LeafView {
            func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
                proposal == .unspecified ? CGSize(width: 20, height: 10) : CGSize(width: proposal.width ?? 20, height: proposal.height ?? 10)
            }
        }
        #expect(Ideal20x10().scaledToFit().layout(in: p).size == CGSize(width: 100, height: 50))
        // A ratio that is not positive is diagnosed and the proposal passed through.
        let bad = Rectangle().aspectRatio(-2, contentMode: .fit).layout(in: p)
        #expect(bad.size == CGSize(width: 100, height: 80))
        #expect(bad.kinds == [.invalidModifierValue])
    }

    @Test("position: takes the proposal, centres the child on the point, proposes it the whole size")
    func position() {
        // OpenSwiftUI's PositionLayout / DanceUI's _PositionLayout: size = the proposal, nil axes from
        // the child; the child is proposed the view's own size, centred at (x, y).
        let result = square("s").position(x: 30, y: 40).layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(result.size == CGSize(width: 200, height: 100))
        #expect(result.frame("s") == rect(20, 30, 20, 20))
        #expect(result.placedProposal("s") == ProposedViewSize(width: 200, height: 100))
        let ideal = square("s").position(x: 0, y: 0).layout(in: .unspecified)
        #expect(ideal.size == CGSize(width: 20, height: 20))
        #expect(ideal.frame("s") == rect(-10, -10, 20, 20))
    }

    @Test("hidden keeps its space (H1: VStack(0){a20; b20.hidden(); c20} is 20x60, c at y 40)")
    func hiddenKeepsSpace() {
        let h1 = VStackLayout(spacing: 0) { square("a"); square("b").hidden(); square("c") }.layout(in: .unspecified)
        #expect(h1.size == CGSize(width: 20, height: 60))
        #expect(h1.frame("c").minY == 40)
        #expect(h1.frame("b") == rect(0, 20, 20, 20))
        // Not drawn: the result has no drawable leaf for it.
        let index = h1.elements.firstIndex { $0.id == "b" }!
        #expect(h1.leaf(at: index) == nil)
        #expect(h1.element(id: "b")?.isHidden == false)
    }

    @Test("Divider: across a stack's axis, horizontal outside one, one pixel thick")
    func divider() {
        // Apple's documentation: "When contained in a stack, the divider extends across the minor
        // axis of the stack, or horizontally when not in a stack." Thickness: one pixel (OpenSwiftUI).
        let row = HStackLayout(spacing: 0) { Box(width: 10, height: 30); Divider().id("d"); Box(width: 10, height: 30) }
            .layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(row.frame("d") == rect(10, 0, 1, 30))  // placed with the stack's height (Q1)
        let column = VStackLayout(spacing: 0) { Box(width: 40, height: 10); Divider().id("d") }.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(column.frame("d") == rect(0, 10, 100, 1))
        var retina = EnvironmentValues()
        retina.displayScale = 2
        #expect(Divider().layout(in: ProposedViewSize(width: 50, height: 50), environment: retina).size == CGSize(width: 50, height: 0.5))
        // Through a padding the stack's axis still reaches it.
        let padded = HStackLayout(spacing: 0) { Divider().id("d").padding(.horizontal, 2) }.layout(in: ProposedViewSize(width: 100, height: 20))
        #expect(padded.frame("d") == rect(2, 0, 1, 20))
    }

    @Test("A stack places its children with its own cross length when proposed nil there (Q1)")
    func crossPlacement() {
        // Q1 VStack(0){a area 600; b 30x20} @nil: "size 30x80 … a placed 30x20" — a leaf keeping an
        // area of 600: ideal 10 × 60 (30 × 80 = max(10, 30) × (60 + 20)), at a width w it is w × 600 ÷ w.
        struct Area600: LeafView {
            func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
                guard let w = proposal.width, w > 0 else { return CGSize(width: 10, height: 60) }
                return CGSize(width: w, height: 600 / w)
            }
        }
        let q1 = VStackLayout(spacing: 0) { Area600().id("a"); Box(width: 30, height: 20).id("b") }.layout(in: .unspecified)
        #expect(q1.size == CGSize(width: 30, height: 80))
        #expect(q1.frame("a") == rect(0, 0, 30, 20))
        #expect(q1.frame("b") == rect(0, 20, 30, 20))
    }
}
