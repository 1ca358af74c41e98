import Foundation
import LayoutCore
import Layouts
import Testing

@Suite("Modifiers follow docs/swiftui-semantics.md")
struct ModifierTests {
    @Test("padding proposes less, reports more, and places the child inside")
    func padding() {
        let insets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        let box = Box(width: 20, height: 10).id("box").padding(insets).layout(in: .unspecified)
        #expect(box.size == CGSize(width: 26, height: 14))
        #expect(box.frame("box") == rect(2, 1, 20, 10))
        // A fill is proposed 100 − 20 by 50 − 20.
        let fill = Rectangle().id("fill").padding(10).layout(in: ProposedViewSize(width: 100, height: 50))
        #expect(fill.frame("fill") == rect(10, 10, 80, 30))
        // Never below zero: at .zero the fill gets 0 and the padding is 20 × 20.
        let zero = Rectangle().id("fill").padding(10).layout(in: .zero)
        #expect(zero.size == CGSize(width: 20, height: 20))
        #expect(zero.frame("fill").size == .zero)
        // Default padding is 16 on the given edges.
        #expect(Box(width: 10, height: 10).padding(.horizontal).layout(in: .unspecified).size == CGSize(width: 42, height: 10))
    }

    @Test("A padded edge gets ordinary spacing (8 pt), whatever the child preferred there")
    func paddingSpacing() {
        // SwiftUI, recorded (mburger89/MetalUI docs/probes/swiftui-stack-algorithms.swift): "S
        // text|text: hstack 8 vstack 0" but "S paddedText|paddedText: hstack 8 vstack 8".
        let trailing = HStackLayout { Box(width: 10, height: 10).padding(.trailing, 4); Box(width: 10, height: 10) }.layout(in: .unspecified)
        #expect(trailing.size.width == 32)  // 14 + 8 + 10
        // TextLike prefers 2 pt to another TextLike on every edge: bare, 2; padded (trailing), 8.
        let bare = HStackLayout { TextLike(idealWidth: 10); TextLike(idealWidth: 10) }.layout(in: .unspecified)
        #expect(bare.size.width == 22)  // 10 + 2 + 10
        let padded = HStackLayout { TextLike(idealWidth: 10).padding(.trailing, 4); TextLike(idealWidth: 10) }.layout(in: .unspecified)
        #expect(padded.size.width == 32)  // 14 + 8 + 10
        // A padding on another edge leaves the facing edge's preference alone.
        let top = HStackLayout { TextLike(idealWidth: 10).padding(.top, 4); TextLike(idealWidth: 10) }.layout(in: .unspecified)
        #expect(top.size.width == 22)  // 10 + 2 + 10
    }

    @Test("A fixed frame proposes and reports its length and aligns the child", arguments: [
        (Alignment.topLeading, CGPoint(x: 0, y: 0)), (.center, CGPoint(x: 15, y: 10)), (.bottomTrailing, CGPoint(x: 30, y: 20)),
    ])
    func fixedFrame(alignment: Alignment, origin: CGPoint) {
        let result = Box(width: 20, height: 10).id("box").frame(width: 50, height: 30, alignment: alignment).layout(in: .unspecified)
        #expect(result.size == CGSize(width: 50, height: 30))
        #expect(result.frame("box") == CGRect(origin: origin, size: CGSize(width: 20, height: 10)))
    }

    @Test("A fixed frame smaller than its child: the child overflows, centred")
    func fixedFrameOverflow() {
        let result = Box(width: 100, height: 10).id("box").frame(width: 50).layout(in: .unspecified)
        #expect(result.size == CGSize(width: 50, height: 10))
        #expect(result.frame("box") == rect(-25, 0, 100, 10))
    }

    @Test("Text(\"Hi\").frame(minWidth: 100) is 100 wide, whatever the proposal")
    func minWidthGrows() {
        // C = 20; a min is given but P (300 or nil) is not below C → S = C = 20 → clamped to 100.
        for p in [ProposedViewSize(width: 300, height: 20), .unspecified] {
            #expect(TextLike(idealWidth: 20).frame(minWidth: 100).layout(in: p).size.width == 100)
        }
    }

    @Test("A fill with minWidth 300 in a 200-wide parent is 300 (it overflows)")
    func minWidthOverflows() {
        // Child proposed clamp(200) = 300 → C = 300; min given and P 200 < C → S = 200 → clamped to 300.
        let result = Rectangle().frame(minWidth: 300).layout(in: ProposedViewSize(width: 200, height: 10))
        #expect(result.size.width == 300)
    }

    @Test("maxWidth: .infinity fills the proposal and centres a fixed child")
    func maxWidthInfinity() {
        let result = Box(width: 20, height: 10).id("box").frame(maxWidth: .infinity).layout(in: ProposedViewSize(width: 150, height: 10))
        #expect(result.size.width == 150)
        #expect(result.frame("box") == rect(65, 0, 20, 10))
    }

    @Test("Both min and max: the proposal clamped, or the child clamped when the proposal is nil", arguments: [
        (CGFloat?.some(100), CGFloat(80)), (60, 60), (10, 50), (nil, 50),
    ])
    func minAndMax(proposal: CGFloat?, expected: CGFloat) {
        let result = Box(width: 20, height: 10).frame(minWidth: 50, maxWidth: 80).layout(in: ProposedViewSize(width: proposal, height: 10))
        #expect(result.size.width == expected)
    }

    @Test("idealWidth replaces a nil proposal")
    func idealWidth() {
        let result = Rectangle().id("fill").frame(idealWidth: 40).layout(in: ProposedViewSize(width: nil, height: 10))
        #expect(result.size.width == 40)
        #expect(result.frame("fill").width == 40)
        // With a proposal, the ideal is ignored.
        #expect(Rectangle().frame(idealWidth: 40).layout(in: ProposedViewSize(width: 70, height: 10)).size.width == 70)
    }

    @Test("Contradictory and invalid frame bounds do not crash: min above max raises max; NaN is ignored")
    func badFrameBounds() {
        #expect(Rectangle().frame(minWidth: 50, maxWidth: 20).layout(in: ProposedViewSize(width: 100, height: 10)).size.width == 50)
        #expect(Rectangle().frame(width: .nan, height: -5).layout(in: ProposedViewSize(width: 30, height: 10)).size == CGSize(width: 30, height: 0))
    }

    @Test("fixedSize proposes nil and reports the ideal, even beyond the parent")
    func fixedSize() {
        #expect(Rectangle().fixedSize().layout(in: ProposedViewSize(width: 100, height: 100)).size == CGSize(width: 10, height: 10))
        let text = TextLike(idealWidth: 100).fixedSize().id("t").frame(width: 50).layout(in: .unspecified)
        #expect(text.frame("t") == rect(-25, 0, 100, 16))
        // Only the horizontal axis fixed: the height follows the proposal.
        #expect(Rectangle().fixedSize(horizontal: true, vertical: false).layout(in: ProposedViewSize(width: 100, height: 40)).size == CGSize(width: 10, height: 40))
    }

    @Test("offset moves the drawing, not the layout")
    func offset() {
        let result = HStackLayout(spacing: 0) {
            Box(width: 10, height: 10).id("moved").offset(x: 5, y: 7).id("slot")
            Box(width: 10, height: 10).id("next")
        }.layout(in: .unspecified)
        #expect(result.frame("slot") == rect(0, 0, 10, 10))
        #expect(result.frame("moved") == rect(5, 7, 10, 10))
        #expect(result.frame("next") == rect(10, 0, 10, 10))
    }

    @Test("Environment values flow down, can be overridden per subtree, and the inner setting wins")
    func environment() {
        var root = EnvironmentValues()
        root.testScale = 2
        let result = HStackLayout(spacing: 0) {
            ScaledBox().id("inherited")
            ScaledBox().id("overridden").environment(\.testScale, 3)
            ScaledBox().id("inner").environment(\.testScale, 4).environment(\.testScale, 5)
            HStackLayout { ScaledBox().id("deep") }.environment(\.testScale, 6)
        }.layout(in: .unspecified, environment: root)
        #expect(result.frame("inherited").width == 20)
        #expect(result.frame("overridden").width == 30)
        #expect(result.frame("inner").width == 40)
        #expect(result.frame("deep").width == 60)
    }

    @Test("id names an element and its path; the builder's for and if make siblings")
    func idsAndBuilder() {
        let flag = true
        let result = HStackLayout {
            Box(width: 1, height: 1)
            VStackLayout {
                ForEach(0..<2) { i in Box(width: 1, height: 1).id("item\(i)") }
                if flag { Box(width: 1, height: 1).id("shown") } else { Box(width: 1, height: 1).id("hidden") }
            }
        }.layout(in: .unspecified)
        #expect(result.element(id: "item1")?.path == [1, 1])
        #expect(result.element(id: "shown")?.path == [1, 2])
        #expect(result.element(id: "hidden") == nil)
        #expect(result.element(at: [1, 0])?.id == "item0")
        #expect(result.count == 6)
        #expect(result.root.kind == "HStackLayout")
    }
}
