import Foundation
import LayoutCore
import Layouts
import Testing

// ScrollView, as objc.io's *Thinking in SwiftUI* (chapter "Layout", "Scroll Views"; summarised in
// github.com/kasrababaei/swift-notes, SwiftUI.md) describes it: "the scroll view proposes nil in the
// scroll axis (or axes), and it proposes the unmodified dimension for the other axis"; "The scroll
// view itself accepts the proposed size along the scroll axis, and it becomes the size of its
// content on the other axis"; "the contents of the scroll view are placed inside an implicit VStack,
// regardless of the scroll direction". Frames worked out by hand below.

@Suite("ScrollView proposes nil along its axes, takes the proposal along them, and clips its content")
struct ScrollViewTests {
    /// Ten 50 × 30 boxes in a VStack with no spacing: 50 × 300.
    func column() -> some View {
        VStack(spacing: 0) { ForEach(0..<10) { Box(width: 50, height: 30).id("row \($0)") } }.id("content")
    }

    @Test("Vertical: the content is its ideal height from the top, the scroll view the proposed height and the content's width")
    func vertical() {
        let result = ScrollView { column() }.id("scroll").layout(in: ProposedViewSize(width: 320, height: 200))
        #expect(result.frame("scroll") == rect(0, 0, 50, 200))
        #expect(result.frame("content") == rect(0, 0, 50, 300))
        #expect(result.frame("row 9") == rect(0, 270, 50, 30))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("The scroll view clips its content, with the marker clipped() sets, so checks see the rows below it are cut")
    func clips() throws {
        let result = ScrollView { column() }.id("scroll").layout(in: ProposedViewSize(width: 320, height: 200))
        let scroll = try #require(result.element(id: "scroll"))
        #expect(result.clipsContent(scroll))
        let content = try #require(result.element(id: "content"))
        #expect(!result.clipsContent(content))
        // The same marker as clipped(): a plain clipped view reports the same.
        let clipped = Box(width: 10, height: 10).clipped().id("c").layout(in: .unspecified)
        #expect(clipped.clipsContent(try #require(clipped.element(id: "c"))))
    }

    @Test("Content that takes the width makes the scroll view as wide as proposed")
    func fullWidth() {
        let result = ScrollView { column().frame(maxWidth: .infinity) }.id("scroll").layout(in: ProposedViewSize(width: 320, height: 200))
        #expect(result.frame("scroll") == rect(0, 0, 320, 200))
        #expect(result.frame("content") == rect(135, 0, 50, 300))  // centred by the frame: (320 − 50) ÷ 2
    }

    @Test("Under a nil proposal the scroll view is its content's size (its ideal: what fixedSize hugs)")
    func ideal() {
        #expect(ScrollView { column() }.layout(in: .unspecified).size == CGSize(width: 50, height: 300))
        #expect(ScrollView { column() }.fixedSize(horizontal: false, vertical: true)
            .layout(in: ProposedViewSize(width: 320, height: 200)).size == CGSize(width: 50, height: 300))
    }

    @Test("Horizontal: the content is proposed nil × the height; several views stack vertically, as SwiftUI's implicit VStack does")
    func horizontal() {
        // An HStack of three 100 × 40 boxes is 300 + 2 × 8 = 316 wide; the scroll view is the
        // proposed 200 wide and the content's 40 tall. Two loose boxes (no HStack) stack vertically:
        // 100 × (40 + 8 + 40).
        let row = ScrollView(.horizontal, showsIndicators: false) {
            HStack { ForEach(0..<3) { Box(width: 100, height: 40).id("tile \($0)") } }.id("content")
        }.id("scroll").layout(in: ProposedViewSize(width: 200, height: 500))
        #expect(row.frame("scroll") == rect(0, 0, 200, 40))
        #expect(row.frame("tile 2") == rect(216, 0, 100, 40))
        let loose = ScrollView(.horizontal) {
            Box(width: 100, height: 40).id("a")
            Box(width: 100, height: 40).id("b")
        }.layout(in: ProposedViewSize(width: 200, height: 500))
        #expect(loose.frame("b") == rect(0, 48, 100, 40))
        #expect(loose.size == CGSize(width: 200, height: 88))
    }

    @Test("Right to left, horizontal content starts at the right edge (its leading side)")
    func rightToLeft() {
        // The 316-wide content is mirrored in the 200-wide scroll view: x = 200 − 316 = −116; tile 0
        // (leading) is at the right: −116 + 316 − 100 = 100.
        let result = ScrollView(.horizontal) {
            HStack { ForEach(0..<3) { Box(width: 100, height: 40).id("tile \($0)") } }.id("content")
        }
        .environment(\.layoutDirection, .rightToLeft)
        .layout(in: ProposedViewSize(width: 200, height: 500))
        #expect(result.frame("content") == rect(-116, 0, 316, 40))
        #expect(result.frame("tile 0") == rect(100, 0, 100, 40))
    }

    @Test("Both axes: the content is its ideal size and the scroll view the proposal")
    func bothAxes() {
        let result = ScrollView([.horizontal, .vertical]) { Color.red.frame(width: 500, height: 500).id("content") }
            .layout(in: ProposedViewSize(width: 300, height: 200))
        #expect(result.size == CGSize(width: 300, height: 200))
        #expect(result.frame("content") == rect(0, 0, 500, 500))
    }

    @Test("Scrolling modifiers and ScrollViewReader compile and lay out as their content")
    func interactionOnly() {
        let result = ScrollViewReader { proxy in
            ScrollView { column() }
                .scrollIndicators(.hidden)
                .scrollTargetBehavior(.paging)
                .scrollBounceBehavior(.basedOnSize)
                .scrollDisabled(false)
                .onAppear { proxy.scrollTo("row 5", anchor: .top) }
        }.layout(in: ProposedViewSize(width: 320, height: 200))
        #expect(result.size == CGSize(width: 50, height: 200))
    }
}
