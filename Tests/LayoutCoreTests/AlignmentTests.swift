import Foundation
import LayoutCore
import Layouts
import Testing

/// A custom guide: a third of the height down.
enum FirstThird: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 3 }
}

extension VerticalAlignment {
    static let firstThird = VerticalAlignment(FirstThird.self)
}

@Suite("Alignment guides and baselines")
struct AlignmentTests {
    @Test("A custom AlignmentID aligns by its default value")
    func customGuide() {
        // Guides 30 ÷ 3 = 10 and 60 ÷ 3 = 20: the short box moves down 10; height = 20 + max(20, 40).
        let result = HStackLayout(alignment: .firstThird, spacing: 0) {
            Box(width: 10, height: 30).id("a")
            Box(width: 10, height: 60).id("b")
        }.layout(in: .unspecified)
        #expect(result.frame("a").minY == 10)
        #expect(result.frame("b").minY == 0)
        #expect(result.size.height == 60)
    }

    @Test("alignmentGuide overrides a guide; the closure sees the guide as it was")
    func alignmentGuideModifier() {
        // b's leading guide is 0 − 10 = −10, so b sits 10 right of a; width = 0 + max(20, 30).
        let result = VStackLayout(alignment: .leading, spacing: 0) {
            Box(width: 20, height: 10).id("a")
            Box(width: 20, height: 10).alignmentGuide(.leading) { d in d[.leading] - 10 }.id("b")
        }.layout(in: .unspecified)
        #expect(result.frame("a").minX == 0)
        #expect(result.frame("b").minX == 10)
        #expect(result.size.width == 30)
    }

    @Test("A view without text answers its height for both baselines")
    func noTextBaselines() {
        let result = HStackLayout { Box(width: 10, height: 30).id("box") }.layout(in: .unspecified)
        #expect(result.element(id: "box")?.firstTextBaseline == 30)
        #expect(result.root.lastTextBaseline == 30)
    }

    @Test("Padding shifts baselines by the top inset")
    func paddingShiftsBaselines() {
        let result = TextLike(idealWidth: 40).padding(.top, 10).layout(in: .unspecified)
        #expect(result.root.firstTextBaseline == 22)  // 10 + ascent 12
        #expect(result.root.lastTextBaseline == 22)
    }

    @Test("A frame shifts baselines by where it puts the child")
    func frameShiftsBaselines() {
        // The 16-tall text is centred in 50: y = 17, baseline 17 + 12 = 29.
        let result = TextLike(idealWidth: 40).frame(height: 50).layout(in: .unspecified)
        #expect(result.root.firstTextBaseline == 29)
    }

    @Test("A container merges baselines: first takes the minimum, last the maximum")
    func mergedBaselines() {
        // VStack spacing 0: text (16) at 0, box (10) at 16, wrapped text at 26. The wrapped text is
        // 80 ideal in a 40-wide proposal: 2 lines, last baseline 16 + 12 = 28 → 26 + 28 = 54.
        let result = VStackLayout(alignment: .leading, spacing: 0) {
            TextLike(idealWidth: 30)
            Box(width: 30, height: 10)
            TextLike(idealWidth: 80)
        }.layout(in: ProposedViewSize(width: 40, height: nil))
        #expect(result.root.firstTextBaseline == 12)
        #expect(result.root.lastTextBaseline == 54)
        #expect(result.size.height == 58)
    }

    @Test("HStack on firstTextBaseline lines up text, padded text and a box's bottom")
    func firstBaselineStack() {
        // Guides: text 12, box 40 (its height), padded text 10 + 12 = 22. Line at 40: text y = 28,
        // box y = 0, padded y = 18. Height = 40 + max(16 − 12, 0, 26 − 22) = 44.
        let result = HStackLayout(alignment: .firstTextBaseline, spacing: 0) {
            TextLike(idealWidth: 20).id("text")
            Box(width: 20, height: 40).id("box")
            TextLike(idealWidth: 20).padding(.top, 10).id("padded")
        }.layout(in: .unspecified)
        #expect(result.frame("text").minY == 28)
        #expect(result.frame("box").minY == 0)
        #expect(result.frame("padded").minY == 18)
        #expect(result.size.height == 44)
        // The stack's own first baseline: the texts' explicit ones only (the box has none): 28 + 12 = 40.
        #expect(result.root.firstTextBaseline == 40)
    }

    @Test("Nested containers pass a child's baseline up: explicitAlignment merges through levels")
    func nestedBaselines() {
        // Inner VStack: box 10 then text → first baseline 10 + 12 = 22. Outer HStack on
        // firstTextBaseline with a box of 30 (guide 30): inner moves down 8.
        let result = HStackLayout(alignment: .firstTextBaseline, spacing: 0) {
            Box(width: 10, height: 30).id("box")
            VStackLayout(spacing: 0) { Box(width: 10, height: 10); TextLike(idealWidth: 10) }.id("inner")
        }.layout(in: .unspecified)
        #expect(result.frame("inner").minY == 8)
        #expect(result.frame("box").minY == 0)
    }

    @Test("Custom spacing categories: like next to like prefers its own distance, else 8")
    func spacingCategories() {
        let texts = VStackLayout { TextLike(idealWidth: 10); TextLike(idealWidth: 10) }.layout(in: .unspecified)
        #expect(texts.size.height == 34)  // 16 + 2 + 16
        let mixed = VStackLayout { TextLike(idealWidth: 10); Box(width: 10, height: 10) }.layout(in: .unspecified)
        #expect(mixed.size.height == 34)  // 16 + 8 + 10
        let a = ViewSpacing(), b = ViewSpacing.zero
        #expect(a.distance(to: b, along: .horizontal) == 0)
        #expect(a.union(b).distance(to: a, along: .vertical) == 8)
    }

    // The engine skips asking a subtree for an explicit horizontal guide when nothing in it can
    // have one (the stacks, geometry modifiers and its own leaves: `GuidesFromChildren`).
    // Each source that can must still be found below a row of built-in stacks and modifiers. In
    // each test the row's leading guide is worked out by hand from where the HStack puts its
    // children (spacing 0: the second child starts at x = 10), and the leading-aligned VStack puts
    // the row at x = 0 and the plain box at x = that guide.

    @Test("An alignmentGuide deep in a row is found through the stacks and padding around it")
    func deepAlignmentGuide() {
        // The inner box's leading guide is 5; its VStack's is 0 + 5; padding(2) makes it 7; the
        // HStack puts that child at 10: the row's leading guide is 17. Width: max(17 + 20, 10 + 14).
        let result = VStackLayout(alignment: .leading, spacing: 0) {
            Box(width: 20, height: 10).id("a")
            HStackLayout(spacing: 0) {
                Box(width: 10, height: 10)
                VStackLayout(alignment: .leading, spacing: 0) {
                    Box(width: 10, height: 10).alignmentGuide(.leading) { _ in 5 }
                }.padding(2)
            }.id("row")
        }.layout(in: .unspecified)
        #expect(result.frame("a").minX == 17)
        #expect(result.frame("row").minX == 0)
        #expect(result.size.width == 37)
    }

    /// A layout with its own leading guide, 6 from its leading edge.
    struct InsetLeading: Layout {
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            subviews.first?.sizeThatFits(proposal) ?? .zero
        }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
            subviews.first?.place(at: bounds.origin, proposal: proposal)
        }
        func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                               subviews: Subviews, cache: inout ()) -> CGFloat? {
            guide == .leading ? 6 : nil
        }
    }

    /// A leaf with its own leading guide, 4 from its leading edge.
    struct MarkedLeaf: LeafView {
        func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize { CGSize(width: 10, height: 10) }
        func explicitAlignment(of guide: HorizontalAlignment, in size: CGSize, proposal: ProposedViewSize,
                               environment: EnvironmentValues) -> CGFloat? {
            guide == .leading ? 4 : nil
        }
    }

    @Test("A custom layout's own horizontal guide is found below a row")
    func customLayoutGuide() {
        // The InsetLeading child starts at 10: the row's leading guide is 10 + 6 = 16.
        let result = VStackLayout(alignment: .leading, spacing: 0) {
            Box(width: 20, height: 10).id("a")
            HStackLayout(spacing: 0) {
                Box(width: 10, height: 10)
                InsetLeading { Box(width: 10, height: 10) }
            }.id("row")
        }.layout(in: .unspecified)
        #expect(result.frame("a").minX == 16)
        #expect(result.frame("row").minX == 0)
    }

    @Test("A custom leaf's own horizontal guide is found below a row")
    func customLeafGuide() {
        // The leaf starts at 10: the row's leading guide is 10 + 4 = 14.
        let result = VStackLayout(alignment: .leading, spacing: 0) {
            Box(width: 20, height: 10).id("a")
            HStackLayout(spacing: 0) {
                Box(width: 10, height: 10)
                MarkedLeaf()
            }.id("row")
        }.layout(in: .unspecified)
        #expect(result.frame("a").minX == 14)
        #expect(result.frame("row").minX == 0)
    }

    // The same for vertical guides other than the text baselines: a row of a centred HStack is
    // asked for its `.center` only when something in it can have one. In each test the column's
    // centre guide is worked out by hand (spacing 0: its second child starts at y = 10); the row
    // puts the 10 × 20 box "a" (centre 10) and the column on one line, the higher one at y = 0.

    @Test("An alignmentGuide on .center deep in a column is found through the stacks and padding")
    func deepVerticalGuide() {
        // The inner box's centre guide is 2; its HStack's is 2; padding(3) makes it 5; the VStack
        // puts that child at 10: the column's centre is 15 (its height 26, default centre 13).
        let result = HStackLayout(alignment: .center, spacing: 0) {
            Box(width: 10, height: 20).id("a")
            VStackLayout(spacing: 0) {
                Box(width: 10, height: 10)
                HStackLayout(spacing: 0) {
                    Box(width: 10, height: 10).alignmentGuide(VerticalAlignment.center) { _ in 2 }
                }.padding(3)
            }.id("col")
        }.layout(in: .unspecified)
        #expect(result.frame("a").minY == 5)  // 15 − 10
        #expect(result.frame("col").minY == 0)
        #expect(result.size.height == 26)
    }

    /// A layout with its own centre guide, 6 from its top.
    struct CentreAtSix: Layout {
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            subviews.first?.sizeThatFits(proposal) ?? .zero
        }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
            subviews.first?.place(at: bounds.origin, proposal: proposal)
        }
        func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                               subviews: Subviews, cache: inout ()) -> CGFloat? {
            guide == .center ? 6 : nil
        }
    }

    /// A leaf with its own centre guide, 3 from its top.
    struct CentreAtThree: LeafView {
        func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize { CGSize(width: 10, height: 10) }
        func explicitAlignment(of guide: VerticalAlignment, in size: CGSize, proposal: ProposedViewSize,
                               environment: EnvironmentValues) -> CGFloat? {
            guide == .center ? 3 : nil
        }
    }

    @Test("A custom layout's own vertical guide is found below a row")
    func customLayoutVerticalGuide() {
        // The CentreAtSix child starts at y = 10: the column's centre is 16 (default 10).
        let result = HStackLayout(alignment: .center, spacing: 0) {
            Box(width: 10, height: 20).id("a")
            VStackLayout(spacing: 0) {
                Box(width: 10, height: 10)
                CentreAtSix { Box(width: 10, height: 10) }
            }.id("col")
        }.layout(in: .unspecified)
        #expect(result.frame("a").minY == 6)  // 16 − 10
        #expect(result.frame("col").minY == 0)
    }

    @Test("A custom leaf's own vertical guide is found below a row")
    func customLeafVerticalGuide() {
        // The leaf starts at y = 10: the column's centre is 13 (default 10).
        let result = HStackLayout(alignment: .center, spacing: 0) {
            Box(width: 10, height: 20).id("a")
            VStackLayout(spacing: 0) {
                Box(width: 10, height: 10)
                CentreAtThree()
            }.id("col")
        }.layout(in: .unspecified)
        #expect(result.frame("a").minY == 3)  // 13 − 10
        #expect(result.frame("col").minY == 0)
    }
}
