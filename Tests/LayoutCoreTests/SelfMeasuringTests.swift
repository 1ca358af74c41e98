import Foundation
import LayoutCore
import Layouts
import Synchronization
import Testing

// Views that measure themselves (issue 48): state that survives a body being evaluated again,
// preferences flowing child → parent, and actions that run after a layout and may change state,
// after which the tree is evaluated and laid out again. Every expected frame is worked out by hand
// in the test; rules quoted from Apple's documentation of `PreferenceKey` (defaultValue, reduce:
// "Combines a sequence of values by modifying the previously-accumulated value with the result of a
// closure that provides the next value").

/// The largest of the heights views report.
struct MaxHeightKey: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
}

/// Every value views report, in the order `reduce` sees them.
struct TrailKey: PreferenceKey {
    static let defaultValue: [String] = []
    static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
}

/// The bounds of views, as anchors.
struct BoundsKey: PreferenceKey {
    static let defaultValue: [Anchor<CGRect>] = []
    static func reduce(value: inout [Anchor<CGRect>], nextValue: () -> [Anchor<CGRect>]) { value += nextValue() }
}

/// A flow of boxes that stores its measured height in `@State` and frames itself with it: the
/// pattern of tag-cloud packages written before `Layout` (the issue's "flow layout that stores its
/// measured height in @State").
struct SelfMeasuringFlow: View {
    let count: Int
    @State private var height: CGFloat = 0

    var body: some View {
        GeometryReader { _ in
            FlowLayout(spacing: 10, lineSpacing: 10) {
                ForEach(0..<count) { _ in Box(width: 60, height: 20) }
            }
            .background(GeometryReader { inner in Color.clear.preference(key: MaxHeightKey.self, value: inner.size.height) })
            .id("flow")
        }
        .frame(height: height)
        .id("frame")
        .onPreferenceChange(MaxHeightKey.self) { height = $0 }
    }
}

/// A box as wide as the width it measured itself at, halved (onGeometryChange → @State).
struct HalfWidthLabel: View {
    @State private var width: CGFloat = 0

    var body: some View {
        VStack(spacing: 0) {
            Rectangle().frame(height: 10)
                .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { width = $0 }
            Box(width: width / 2, height: 10).id("half")
        }
    }
}

/// Counts its appearances in `@State` from `onAppear`; the count is the box's width.
struct AppearCounter: View {
    @State private var appeared = 0

    var body: some View {
        Box(width: CGFloat(10 * appeared), height: 10).id("counter")
            .onAppear { appeared += 1 }
    }
}

/// Grows itself after every layout: never settles.
struct RunawayGrowth: View {
    @State private var width: CGFloat = 10

    var body: some View {
        Rectangle().frame(width: width, height: 10).id("runaway")
            .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { width = $0 + 1 }
    }
}

/// A view whose state an `if` before it must not move: `shown` toggles a box of the same type
/// before the counter.
struct ConditionalSibling: View {
    let shown: Bool

    var body: some View {
        HStack(spacing: 0) {
            if shown { AppearCounter().id("extra") }
            AppearCounter()
        }
    }
}

/// Records what its actions saw (the actions run on the task laying out the tree).
final class Seen: Sendable {
    private let values = Mutex<[String]>([])
    func append(_ value: String) { values.withLock { $0.append(value) } }
    var all: [String] { values.withLock { $0 } }
}

@Suite("Views that measure themselves settle (issue 48)")
struct SelfMeasuringTests {
    @Test("A flow that stores its measured height in @State ends as tall as its rows")
    func selfMeasuringFlow() {
        // Seven 60 × 20 boxes, 10 apart, in 200: 60 + 10 + 60 + 10 + 60 = 200, so rows of 3, 3 and 1,
        // 20 + 10 + 20 + 10 + 20 = 80 tall. The background reader is the flow's size and reports
        // 80; onPreferenceChange stores it, the body is evaluated again, and the frame is 80 tall.
        // Before, the action never ran: the frame stayed 0 tall while the rows spilled out of it.
        let result = SelfMeasuringFlow(count: 7).layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(result.size == CGSize(width: 200, height: 80))
        #expect(result.frame("frame") == rect(0, 0, 200, 80))
        #expect(result.frame("flow") == rect(0, 0, 200, 80))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("The same tree laid out at another width measures itself again (4 a row in 270: 50 tall)")
    func relayout() {
        // 270: 4 × 60 + 3 × 10 = 270, rows of 4 and 3: 20 + 10 + 20 = 50.
        let tree = LayoutTree(SelfMeasuringFlow(count: 7))
        #expect(tree.layout(in: ProposedViewSize(width: 200, height: nil)).size.height == 80)
        #expect(tree.layout(in: ProposedViewSize(width: 270, height: nil)).size.height == 50)
        #expect(tree.layout(in: ProposedViewSize(width: 200, height: nil)).size.height == 80)
    }

    @Test("onGeometryChange stores a width in @State; the body is evaluated again with it")
    func geometryChange() {
        // The rectangle is the stack's width, 120 (the proposal); the box is 120 ÷ 2 = 60 wide.
        let result = HalfWidthLabel().layout(in: ProposedViewSize(width: 120, height: nil))
        #expect(result.frame("half") == rect(30, 10, 60, 10))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("onAppear runs once per view identity, after the first layout, and its state stays")
    func appear() {
        let tree = LayoutTree(AppearCounter())
        #expect(tree.layout(in: .unspecified).frame("counter").width == 10)
        // A second layout of the same tree: the view has appeared; its state (1) is kept.
        #expect(tree.layout(in: ProposedViewSize(width: 50, height: 50)).frame("counter").width == 10)
        // A new tree is a new appearance.
        #expect(AppearCounter().layout(in: .unspecified).frame("counter").width == 10)
    }

    @Test("A view an `if` shows before a sibling of its type does not take the sibling's state")
    func conditionalIdentity() {
        // Each counter appears once: both are 10 wide, the first (shown) one at x 0, the other at 10.
        let result = ConditionalSibling(shown: true).layout(in: .unspecified)
        #expect(result.frame("extra") == rect(0, 0, 10, 10))
        #expect(result.size == CGSize(width: 20, height: 10))
    }

    @Test("Actions that keep changing state stop at LayoutTree.stateUpdateLimit with unsettledGeometry")
    func runaway() {
        // Width 10 → 11 → … : one more after each update; after 8 updates the last layout (width 18)
        // is returned with the diagnostic.
        let result = RunawayGrowth().layout(in: .unspecified)
        #expect(LayoutTree.stateUpdateLimit == 8)
        #expect(result.frame("runaway").width == 18)
        #expect(result.diagnostics.map(\.kind) == [.unsettledGeometry], "\(result.diagnostics)")
        #expect(result.diagnostics.first?.message.contains("stateUpdateLimit") == true)
    }

    @Test("Preferences combine in tree order with reduce; preference(key:value:) replaces its subtree's; transformPreference changes it")
    func reduceOrder() {
        let seen = Seen()
        let view = VStack {
            Box(width: 10, height: 10).preference(key: TrailKey.self, value: ["a"])
            HStack {
                Box(width: 10, height: 10).preference(key: TrailKey.self, value: ["hidden"])
            }
            .preference(key: TrailKey.self, value: ["b"])  // replaces "hidden"
            Box(width: 10, height: 10)  // no value: left out
            Box(width: 10, height: 10).preference(key: TrailKey.self, value: ["c"])
                .transformPreference(TrailKey.self) { $0.append("c2") }
        }
        .onPreferenceChange(TrailKey.self) { seen.append($0.joined(separator: ",")) }
        _ = view.layout(in: .unspecified)
        #expect(seen.all == ["a,b,c,c2"])
    }

    @Test("onPreferenceChange sees its content's value, not what modifiers outside it set, and defaultValue when none is set")
    func observerPosition() {
        let seen = Seen()
        let view = Box(width: 10, height: 10)
            .preference(key: TrailKey.self, value: ["inner"])
            .onPreferenceChange(TrailKey.self) { seen.append("first " + $0.joined()) }
            .preference(key: TrailKey.self, value: ["outer"])
            .onPreferenceChange(TrailKey.self) { seen.append("second " + $0.joined()) }
            .onPreferenceChange(MaxHeightKey.self) { seen.append("height \($0)") }
        _ = view.layout(in: .unspecified)
        #expect(seen.all == ["first inner", "second outer", "height 0.0"])
    }

    @Test("onPreferenceChange runs again only when the value changes")
    func onlyOnChange() {
        let seen = Seen()
        let tree = LayoutTree(GeometryReader { proxy in
            Color.clear.preference(key: MaxHeightKey.self, value: proxy.size.height)
        }.onPreferenceChange(MaxHeightKey.self) { seen.append("\($0)") })
        _ = tree.layout(in: ProposedViewSize(width: 10, height: 30))
        _ = tree.layout(in: ProposedViewSize(width: 20, height: 30))
        _ = tree.layout(in: ProposedViewSize(width: 20, height: 40))
        #expect(seen.all == ["30.0", "40.0"])
    }

    @Test("A view ViewThatFits leaves out sets no preference and does not appear")
    func leftOut() {
        let seen = Seen()
        let view = ViewThatFits(in: .horizontal) {
            Box(width: 100, height: 10).preference(key: TrailKey.self, value: ["wide"]).onAppear { seen.append("wide appeared") }
            Box(width: 40, height: 10).preference(key: TrailKey.self, value: ["narrow"])
        }
        .onPreferenceChange(TrailKey.self) { seen.append($0.joined()) }
        _ = view.layout(in: ProposedViewSize(width: 50, height: 10))
        #expect(seen.all == ["narrow"])
    }

    @Test("anchorPreference(.bounds) read by overlayPreferenceValue through GeometryProxy[anchor] underlines the second tab")
    func anchorUnderline() {
        // HStack(spacing: 10) of 40 × 20 and 60 × 20: the second tab is at (50, 0, 60, 20) in the
        // stack. The overlay's reader is the stack's size (110 × 20) at its origin, so proxy[anchor]
        // is (50, 0, 60, 20); the underline is 60 × 2, offset to (50, 20 − 2 = 18).
        let view = HStack(spacing: 10) {
            Box(width: 40, height: 20)
            Box(width: 60, height: 20).anchorPreference(key: BoundsKey.self, value: .bounds) { [$0] }
        }
        .padding(5)
        .overlayPreferenceValue(BoundsKey.self) { anchors in
            GeometryReader { proxy in
                if let anchor = anchors.first {
                    Rectangle()
                        .frame(width: proxy[anchor].width, height: 2)
                        .id("underline")
                        .offset(x: proxy[anchor].minX, y: proxy[anchor].maxY - 2)
                }
            }
        }
        let result = view.layout(in: .unspecified)
        // The padding moves the stack to (5, 5): the tab's bounds are (55, 5, 60, 20) in the root and
        // in the reader (which is the padded view's 120 × 30 at the origin); the underline's frame,
        // moved by its offset, is (55, 23, 60, 2).
        #expect(result.frame("underline") == rect(55, 23, 60, 2))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("Point anchors resolve in the reader's coordinates; .leading is the right edge in right-to-left")
    func pointAnchors() {
        struct PointKey: PreferenceKey {
            static let defaultValue: [Anchor<CGPoint>] = []
            static func reduce(value: inout [Anchor<CGPoint>], nextValue: () -> [Anchor<CGPoint>]) { value += nextValue() }
        }
        let seen = Seen()
        func probe(_ direction: LayoutDirection) -> some View {
            Box(width: 30, height: 10)
                .anchorPreference(key: PointKey.self, value: .leading) { [$0] }
                .transformAnchorPreference(key: PointKey.self, value: .bottomTrailing) { $0.append($1) }
                .transformAnchorPreference(key: PointKey.self, value: .point(CGPoint(x: 5, y: 2))) { $0.append($1) }
                .padding(10)
                .overlayPreferenceValue(PointKey.self) { points in
                    GeometryReader { proxy in
                        let _ = seen.append(points.map { "\(proxy[$0].x),\(proxy[$0].y)" }.joined(separator: " "))
                        Color.clear
                    }
                }
                .environment(\.layoutDirection, direction)
        }
        // The 30 × 10 box is at (10, 10) in the 50 × 30 padded view, which the reader covers (its
        // origin is the root's). Left to right: leading (0, 5) → (10, 15); bottom trailing (30, 10) →
        // (40, 20); the point (5, 2) → (15, 12). Right to left, x runs from the right edge (40):
        // leading → (40, 15), bottom trailing → (10, 20), the point → 40 − 5 = 35.
        _ = probe(.leftToRight).layout(in: .unspecified)
        #expect(seen.all.last == "10.0,15.0 40.0,20.0 15.0,12.0")
        _ = probe(.rightToLeft).layout(in: .unspecified)
        #expect(seen.all.last == "40.0,15.0 10.0,20.0 35.0,12.0")
    }

    @Test("State in a ForEach item follows the item's id")
    func forEachIdentity() {
        struct Row: View {
            let name: String
            @State private var appearedWith = ""
            var body: some View {
                Box(width: CGFloat(appearedWith.count) * 10, height: 10).id(name)
                    .onAppear { appearedWith = name }
            }
        }
        let result = VStack(spacing: 0) { ForEach(["ab", "cde"], id: \.self) { Row(name: $0) } }.layout(in: .unspecified)
        #expect(result.frame("ab").width == 20)
        #expect(result.frame("cde").width == 30)
    }
}
