import Foundation
import LayoutCore
import Layouts
import Testing

@Suite("Stacks distribute space as SwiftUI does")
struct StackTests {
    @Test("objc.io 'HStacks child ordering' (2020): spacing 0 in a 150-wide frame gives the maxWidth-100 child 75 and the minWidth-100 child 100, overflowing")
    func objcIOOverflow() {
        // Source: objc.io blog, "HStacks child ordering" (2020): the stack sizes the less flexible
        // child first. Flexibility: maxWidth 100 → [0, 100] (100); minWidth 100 → [100, ∞).
        // A is offered 150 ÷ 2 = 75 and takes 75; B is offered 75 ÷ 1 = 75, its frame clamps to 100.
        // The stack is 175 wide, centred in the 150 frame: x = (150 − 175) ÷ 2 = −12.5.
        let tree = HStackLayout(spacing: 0) {
            Rectangle().frame(maxWidth: 100).id("A")
            Rectangle().frame(minWidth: 100).id("B")
        }.frame(width: 150)
        let result = tree.layout(in: ProposedViewSize(width: 300, height: 50))
        #expect(result.size == CGSize(width: 150, height: 50))
        #expect(result.frame("A") == rect(-12.5, 0, 75, 50))
        #expect(result.frame("B") == rect(62.5, 0, 100, 50))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("An empty stack is zero-sized and places nothing")
    func empty() {
        let result = HStackLayout {}.layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(result.size == .zero)
        #expect(result.count == 1)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("A child wider than the proposal overflows and the stack reports its width")
    func oneChildTooWide() {
        let result = HStackLayout { Box(width: 200, height: 10).id("wide") }.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(result.size == CGSize(width: 200, height: 10))
        #expect(result.frame("wide") == rect(0, 0, 200, 10))
    }

    @Test("Children that exactly fit: 45 + 10 + 45 = 100")
    func exactFit() {
        let result = HStackLayout(spacing: 10) {
            Box(width: 45, height: 10).id("a")
            Box(width: 45, height: 10).id("b")
        }.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(result.size.width == 100)
        #expect(result.frame("b") == rect(55, 0, 45, 10))
    }

    @Test("Different heights align on the stack's guide", arguments: [
        (VerticalAlignment.top, CGFloat(0)), (.center, 10), (.bottom, 20),
    ])
    func differentHeights(alignment: VerticalAlignment, expectedY: CGFloat) {
        // Heights 20 and 40: the short box's guide is 0 / 10 / 20, the tall one's 0 / 20 / 40;
        // the short box sits at (tall guide − short guide) = 0, 10, 20. The stack is 40 tall.
        let result = HStackLayout(alignment: alignment, spacing: 0) {
            Box(width: 10, height: 20).id("short")
            Box(width: 10, height: 40).id("tall")
        }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 20, height: 40))
        #expect(result.frame("short").minY == expectedY)
        #expect(result.frame("tall").minY == 0)
    }

    @Test("Zero spacing touches; nil spacing uses the 8 pt preferred distance")
    func spacing() {
        let zero = HStackLayout(spacing: 0) { Box(width: 10, height: 10); Box(width: 10, height: 10) }.layout(in: .unspecified)
        let system = HStackLayout { Box(width: 10, height: 10); Box(width: 10, height: 10) }.layout(in: .unspecified)
        #expect(zero.size.width == 20)
        #expect(system.size.width == 28)
    }

    @Test("Least flexible first: fixed 60, max-10 frame, then the rectangle gets the rest")
    func leastFlexibleFirst() {
        // Flexibility: box 0, frame(maxWidth: 10) 10, rectangle ∞. Box offered 100 ÷ 3, takes 60
        // (40 left); frame offered 40 ÷ 2 = 20, takes 10 (30 left); rectangle offered 30.
        let result = HStackLayout(spacing: 0) {
            Rectangle().id("rect")
            Box(width: 60, height: 10).id("box")
            Rectangle().frame(maxWidth: 10).id("narrow")
        }.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(result.frame("rect") == rect(0, 0, 30, 10))
        #expect(result.frame("box") == rect(30, 0, 60, 10))
        #expect(result.frame("narrow") == rect(90, 0, 10, 10))
    }

    @Test("Equal flexibility shares equally: three rectangles in 100 get 100/3 each")
    func equalShares() {
        let result = HStackLayout(spacing: 0) {
            ForEach(0..<3) { i in Rectangle().id("r\(i)") }
        }.layout(in: ProposedViewSize(width: 100, height: 10))
        for i in 0..<3 { #expect(close(result.frame("r\(i)"), rect(CGFloat(i) * 100 / 3, 0, 100 / 3, 10))) }
    }

    @Test("A higher priority group gets everything but the lower groups' minimums")
    func priorityGroups() {
        // low: frame(minWidth: 30) → minimum 30. high (priority 1) is offered 100 − 30 = 70 first;
        // then low is offered the 30 left.
        let result = HStackLayout(spacing: 0) {
            Rectangle().frame(minWidth: 30).id("low")
            Rectangle().layoutPriority(1).id("high")
        }.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(result.frame("low") == rect(0, 0, 30, 10))
        #expect(result.frame("high") == rect(30, 0, 70, 10))
    }

    @Test("A stack reads a child's priority from its outermost modifier: a priority under padding is not seen")
    func priorityUnderModifiers() {
        // SwiftUI, recorded (mburger89/MetalUI docs/probes/swiftui-stack-algorithms.swift, probe L:
        // "layoutPriority(2) under .frame or .padding reads 0"; SP20: padding hides a spacer's −∞).
        // Under padding, both children have priority 0 and equal flexibility: 50 each, in order.
        let hidden = HStackLayout(spacing: 0) {
            Rectangle().id("low")
            Rectangle().layoutPriority(1).padding(.horizontal, 5).id("high")
        }.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(hidden.frame("low") == rect(0, 0, 50, 10))
        #expect(hidden.frame("high") == rect(50, 0, 50, 10))
        // Set outside the padding, it is seen: the padded child is offered 100 (low's minimum is
        // 0) and takes it; low gets 0.
        let seen = HStackLayout(spacing: 0) {
            Rectangle().id("low")
            Rectangle().padding(.horizontal, 5).layoutPriority(1).id("high")
        }.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(seen.frame("low").width == 0)
        #expect(seen.frame("high") == rect(0, 0, 100, 10))
    }

    @Test("nil, zero and infinite proposals: ideal, minimum, maximum")
    func proposals() {
        let stack = HStackLayout(spacing: 8) {
            Rectangle().frame(maxWidth: 40).id("flex")
            Box(width: 20, height: 5).id("box")
        }
        // nil: the rectangle's ideal 10 × 10 → 10 + 8 + 20 = 38 wide, 10 tall.
        let ideal = stack.layout(in: .unspecified)
        #expect(ideal.size == CGSize(width: 38, height: 10))
        // zero: the rectangle is offered 0 → 0 wide, 0 tall; the box cannot shrink: 0 + 8 + 20.
        let minimum = stack.layout(in: .zero)
        #expect(minimum.size == CGSize(width: 28, height: 5))
        #expect(minimum.frame("flex").width == 0)
        // ∞: every child is offered ∞; the frames cap the rectangle at 40 × 30: 40 + 8 + 20 = 68.
        let maximum = HStackLayout(spacing: 8) {
            Rectangle().frame(maxWidth: 40, maxHeight: 30).id("flex")
            Box(width: 20, height: 5)
        }.layout(in: .infinity)
        #expect(maximum.size == CGSize(width: 68, height: 30))
        #expect(maximum.diagnostics.isEmpty)
    }

    @Test("A width change re-distributes: 200 then 100 wide")
    func widthChanges() {
        let tree = LayoutTree(HStackLayout(spacing: 0) { Rectangle().id("a"); Box(width: 40, height: 10).id("b") })
        let wide = tree.layout(in: ProposedViewSize(width: 200, height: 10))
        let narrow = tree.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(wide.frame("a").width == 160)
        #expect(narrow.frame("a").width == 60)
        #expect(narrow.frame("b").minX == 60)
    }

    @Test("Bounds whose origin is not zero: a nested stack places relative to its bounds")
    func nonZeroOrigin() {
        // padding(5) puts the HStack at (5, 5); the VStack follows the 50-wide box at x = 55.
        let result = HStackLayout(alignment: .top, spacing: 0) {
            Box(width: 50, height: 10)
            VStackLayout(spacing: 0) {
                Box(width: 10, height: 10).id("x")
                Box(width: 10, height: 10).id("y")
            }
        }.padding(5).layout(in: .unspecified)
        #expect(result.frame("x") == rect(55, 5, 10, 10))
        #expect(result.frame("y") == rect(55, 15, 10, 10))
    }

    @Test("VStack is the HStack turned: heights distributed, widths aligned")
    func vstack() {
        let result = VStackLayout(alignment: .trailing, spacing: 4) {
            Box(width: 20, height: 10).id("a")
            Rectangle().id("fill")
            Box(width: 40, height: 10).id("b")
        }.layout(in: ProposedViewSize(width: 40, height: 100))
        // fill: offered 100 − 8 − 20 = 72 tall and 40 wide. Trailing: a at x = 40 − 20 = 20.
        #expect(result.frame("a") == rect(20, 0, 20, 10))
        #expect(result.frame("fill") == rect(0, 14, 40, 72))
        #expect(result.frame("b") == rect(0, 90, 40, 10))
    }

    @Test("A Spacer stretches along the stack, is zero across, and keeps no spacing to its neighbours")
    func spacer() {
        let stack = HStackLayout {
            Box(width: 10, height: 10)
            Spacer().id("s")
            Box(width: 10, height: 10)
        }
        let wide = stack.layout(in: ProposedViewSize(width: 100, height: 10))
        #expect(wide.frame("s") == rect(10, 5, 80, 0))  // centred on the 10-tall boxes
        let ideal = stack.layout(in: .unspecified)
        #expect(ideal.size.width == 28)  // 10 + spacer minimum 8 + 10, no spacing around it
        let none = HStackLayout { Box(width: 10, height: 10); Spacer(minLength: 0); Box(width: 10, height: 10) }.layout(in: .unspecified)
        #expect(none.size.width == 20)
        let vertical = VStackLayout { Spacer().id("v"); Box(width: 10, height: 10) }.layout(in: ProposedViewSize(width: 50, height: 50))
        #expect(vertical.frame("v") == rect(5, 0, 0, 40))
    }

    @Test("ZStack: same proposal to all, aligned, size is the union")
    func zstack() {
        let result = ZStackLayout(alignment: .bottomTrailing) {
            Box(width: 30, height: 10).id("a")
            Box(width: 10, height: 40).id("b")
        }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 30, height: 40))
        #expect(result.frame("a") == rect(0, 30, 30, 10))
        #expect(result.frame("b") == rect(20, 0, 10, 40))
    }
}
