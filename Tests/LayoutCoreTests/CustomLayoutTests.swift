import Foundation
@_spi(LayoutEngine) import LayoutCore
import Layouts
import Testing

/// Places its subviews through `LayoutSubviews.place(_:at:proposal:)` (the package's placement
/// without a proxy): the first at the origin; the second, through a slice (which keeps the
/// parent's indices), at x 10, then again at (50, 5) with another proposal.
struct PlacesByIndex: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 100, height: 20) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.place(subviews.startIndex, at: bounds.origin, proposal: .unspecified)
        let rest = subviews[(subviews.startIndex + 1)...]
        rest.place(rest.startIndex, at: CGPoint(x: bounds.minX + 10, y: bounds.minY), proposal: .unspecified)
        rest.place(rest.startIndex, at: CGPoint(x: bounds.minX + 50, y: bounds.minY + 5), proposal: ProposedViewSize(width: 7, height: nil))
    }
}

@Suite("Custom layouts: the seeds' examples, LayoutValueKey, ViewThatFits, AnyLayout")
struct CustomLayoutTests {
    @Test("A tag flow wraps greedily; relayout at a new width reuses the cached measurements")
    func flowCachesMeasurements() {
        // Five 30 × 20 tags, spacing 10, line spacing 5. At 100: 30 + 10 + 30 = 70 fits, + 40 = 110
        // does not → lines of 2, 2, 1: height 3 × 20 + 2 × 5 = 70, widest line 70. At 200: one line
        // 5 × 30 + 4 × 10 = 190.
        let made = Counter(), asked = Counter()
        let flow = CountingCache(inner: FlowLayout(spacing: 10, lineSpacing: 5), made: made) {
            ForEach(0..<5) { i in ProbedBox(width: 30, height: 20, nonIdealQuestions: asked).id("t\(i)") }
        }
        let tree = LayoutTree(flow)
        let narrow = tree.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(narrow.size == CGSize(width: 70, height: 70))
        #expect(narrow.frame("t2") == rect(0, 25, 30, 20))
        #expect(narrow.frame("t4") == rect(0, 50, 30, 20))
        let wide = tree.layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(wide.size == CGSize(width: 190, height: 20))
        #expect(wide.frame("t4") == rect(160, 0, 30, 20))
        #expect(made.value == 1)   // the cache was made once, for both widths
        #expect(asked.value == 0)  // the flow only ever asked for ideal sizes
        #expect(narrow.diagnostics.isEmpty && wide.diagnostics.isEmpty)
    }

    @Test("Placing by index records what place(at:) records: position, proposal, the count (placed twice: the last kept, reported)")
    func placeByIndex() {
        let result = PlacesByIndex { Box(width: 10, height: 10).id("a"); Box(width: 20, height: 20).id("b") }
            .layout(in: .unspecified)
        #expect(result.frame("a") == rect(0, 0, 10, 10))
        #expect(result.frame("b") == rect(50, 5, 20, 20))
        #expect(result.leaf(at: 1)?.proposal == .unspecified)
        #expect(result.leaf(at: 2)?.proposal == ProposedViewSize(width: 7, height: nil))
        #expect(result.diagnostics.map(\.kind) == [.placedTwice])
        #expect(result.diagnostics.first?.subviewPath == [1])
    }

    @Test("A flow item wider than the width gets its own line and overflows; an empty flow is zero")
    func flowOverflow() {
        let result = FlowLayout(spacing: 4, lineSpacing: 0) {
            Box(width: 10, height: 10)
            Box(width: 80, height: 10).id("wide")
            Box(width: 10, height: 10).id("after")
        }.layout(in: ProposedViewSize(width: 50, height: nil))
        #expect(result.frame("wide") == rect(0, 10, 80, 10))
        #expect(result.frame("after") == rect(0, 20, 10, 10))
        #expect(result.size == CGSize(width: 80, height: 30))
        #expect(FlowLayout {}.layout(in: ProposedViewSize(width: 50, height: 50)).size == .zero)
    }

    @Test("Equal-width HStack: every cell is the widest ideal width, with system spacing")
    func equalWidth() {
        // Cell 50 × 20; gaps 8 and 8: width 3 × 50 + 16 = 166. Each subview centred in its cell:
        // cell 0 at 0 (30-wide box at 10, y 5), cell 1 at 58, cell 2 at 116 (10-wide box at 136).
        let result = EqualWidthHStack {
            Box(width: 30, height: 10).id("a")
            Box(width: 50, height: 20).id("b")
            Box(width: 10, height: 10).id("c")
        }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 166, height: 20))
        #expect(result.frame("a") == rect(10, 5, 30, 10))
        #expect(result.frame("b") == rect(58, 0, 50, 20))
        #expect(result.frame("c") == rect(136, 5, 10, 10))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("Radial layout reads each subview's rank through LayoutValueKey")
    func radialRanks() {
        // 100 × 100, 10 × 10 subviews: radius 50 − 5 = 45. Ranks [2, 0, 3, 1] → clockwise from the top:
        // subview 1 (top, centre (50, 5)), 3 (right, (95, 50)), 0 (bottom, (50, 95)), 2 (left, (5, 50)).
        let result = RadialLayout {
            ForEach(Array([2, 0, 3, 1].enumerated()), id: \.offset) { (i, rank) in
                Box(width: 10, height: 10).layoutValue(key: RadialRank.self, value: rank).id("s\(i)")
            }
        }.layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(close(result.frame("s1"), rect(45, 0, 10, 10)))
        #expect(close(result.frame("s3"), rect(90, 45, 10, 10)))
        #expect(close(result.frame("s0"), rect(45, 90, 10, 10)))
        #expect(close(result.frame("s2"), rect(0, 45, 10, 10)))
    }

    @Test("A LayoutValueKey set under padding is still read by the layout (traits pass outward)")
    func layoutValueThroughPadding() {
        struct Weight: LayoutValueKey { static let defaultValue: CGFloat = 1 }
        /// Gives each subview width weight × 10.
        struct Weighted: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                CGSize(width: subviews.reduce(0) { $0 + $1[Weight.self] * 10 }, height: 10)
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
                var x = bounds.minX
                for subview in subviews {
                    let width = subview[Weight.self] * 10
                    subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: ProposedViewSize(width: width, height: 10))
                    x += width
                }
            }
        }
        let result = Weighted {
            Rectangle().id("default")
            Rectangle().layoutValue(key: Weight.self, value: 3).padding(0).id("heavy")
        }.layout(in: .unspecified)
        #expect(result.size.width == 40)
        #expect(result.frame("heavy") == rect(10, 0, 30, 10))
    }

    @Test("ViewThatFits chooses by the given axes; the others are hidden")
    func viewThatFits() {
        func choose(_ axes: Axis.Set, _ p: ProposedViewSize) -> LayoutResult {
            ViewThatFits(in: axes) {
                Box(width: 200, height: 10).id("wide")
                Box(width: 100, height: 50).id("mid")
                Box(width: 50, height: 10).id("narrow")
            }.layout(in: p)
        }
        let p = ProposedViewSize(width: 120, height: 20)
        let horizontal = choose(.horizontal, p)  // 200 > 120; 100 ≤ 120 (height not checked)
        #expect(horizontal.element(id: "mid")?.isHidden == false)
        #expect(horizontal.element(id: "wide")?.isHidden == true)
        #expect(horizontal.size == CGSize(width: 100, height: 50))
        #expect(choose(.vertical, p).element(id: "wide")?.isHidden == false)   // 10 ≤ 20
        #expect(choose([.horizontal, .vertical], p).element(id: "narrow")?.isHidden == false)  // mid is 50 > 20 tall
        let none = choose([.horizontal, .vertical], ProposedViewSize(width: 10, height: 5))
        #expect(none.element(id: "narrow")?.isHidden == false)  // none fits: the last
        #expect(none.diagnostics.isEmpty)
    }

    @Test("AnyLayout switches between H and V stacks with the same children, and forwards the stack axis to Spacers")
    func anyLayout() {
        func layout(_ wide: Bool) -> LayoutResult {
            let chosen = wide ? AnyLayout(HStackLayout(spacing: 0)) : AnyLayout(VStackLayout(spacing: 0))
            return chosen {
                Box(width: 20, height: 10).id("a")
                Spacer(minLength: 4).id("gap")
                Box(width: 20, height: 10).id("b")
            }.layout(in: .unspecified)
        }
        let h = layout(true), v = layout(false)
        #expect(h.size == CGSize(width: 44, height: 10))
        #expect(h.frame("b") == rect(24, 0, 20, 10))
        #expect(h.frame("gap").size == CGSize(width: 4, height: 0))
        #expect(v.size == CGSize(width: 20, height: 24))
        #expect(v.frame("b") == rect(0, 14, 20, 10))
        #expect(v.frame("gap").size == CGSize(width: 0, height: 4))
    }

    @Test("A layout written with bounds.minX/minY works when its bounds do not start at zero")
    func boundsOrigin() {
        /// Puts its single child 3 pt in from its own top-leading corner.
        struct Inset: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                let child = subviews.first?.sizeThatFits(.unspecified) ?? .zero
                return CGSize(width: child.width + 3, height: child.height + 3)
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
                subviews.first?.place(at: CGPoint(x: bounds.minX + 3, y: bounds.minY + 3), proposal: .unspecified)
            }
        }
        let result = VStackLayout(alignment: .leading, spacing: 0) {
            Box(width: 10, height: 20)
            Inset { Box(width: 5, height: 5).id("inner") }.padding(.leading, 7)
        }.layout(in: .unspecified)
        #expect(result.frame("inner") == rect(10, 23, 5, 5))
    }
}
