import Foundation
import LayoutCore
import Layouts
import Synchronization
import Testing

// Expected frames marked "recorded" are Apple SwiftUI's own output, recorded by the probe
// docs/probes/swiftui-grid.swift of github.com/mburger89/MetalUI (macOS 27.0, arm ids GL…, GU…,
// GZ…), re-derived by hand here for this engine's rules; Apple's examples come from the
// documentation pages https://developer.apple.com/documentation/swiftui/view/gridcellanchor(_:)
// and …/view/gridcellunsizedaxes(_:). The probe's leaves answer pure functions of the proposal;
// `ProbeLeaf` below has the same ones (its `fx` leaf is our `Box`, its `fl` leaf our `Rectangle`).

/// A leaf answering a pure function of its proposal, as the MetalUI grid probe's `L` leaves do.
struct ProbeLeaf: LeafView {
    let answer: @Sendable (ProposedViewSize) -> CGSize

    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize { answer(proposal) }

    /// The probe's `hf`: half the proposed width (40 for `nil`), 10 high.
    static let half = ProbeLeaf { CGSize(width: ($0.width ?? 40) / 2, height: 10) }

    /// The probe's `cw`: the proposed width (10 for `nil`) clamped to lo…hi, `height` high.
    static func clampedWidth(_ lo: CGFloat, _ hi: CGFloat, height: CGFloat = 10) -> ProbeLeaf {
        ProbeLeaf { CGSize(width: min(max($0.width ?? 10, lo), hi), height: height) }
    }

    /// The probe's `cb`: the proposal (10 for `nil`) clamped to lo…hi on both axes.
    static func clamped(_ lo: CGFloat, _ hi: CGFloat) -> ProbeLeaf {
        ProbeLeaf { CGSize(width: min(max($0.width ?? 10, lo), hi), height: min(max($0.height ?? 10, lo), hi)) }
    }

    /// The probe's `fh`: `width` wide, the proposed height (10 for `nil`) high.
    static func heightFlexible(width: CGFloat) -> ProbeLeaf {
        ProbeLeaf { CGSize(width: width, height: $0.height ?? 10) }
    }

    /// The probe's `odd`: 20 × 20, except 15 × 15 when proposed exactly 20 × 20.
    static let odd = ProbeLeaf { $0.width == 20 && $0.height == 20 ? CGSize(width: 15, height: 15) : CGSize(width: 20, height: 20) }
}

/// The answer of a child to one proposal, read without placing it at that size (the probe's
/// `MeasureOnly`: a size with an infinite length cannot be placed).
final class SizeRecord: Sendable {
    private let storage = Mutex(CGSize.zero)
    var size: CGSize { storage.withLock { $0 } }
    func record(_ size: CGSize) { storage.withLock { $0 = size } }
}

struct MeasureOnly: Layout {
    let proposal: ProposedViewSize
    let record: SizeRecord

    func sizeThatFits(proposal _: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        record.record(subviews[0].sizeThatFits(proposal))
        return .zero
    }

    func placeSubviews(in bounds: CGRect, proposal _: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews[0].place(at: bounds.origin, proposal: .zero)
    }
}

@Suite("Grid cells: gridCellAnchor and gridCellUnsizedAxes")
struct GridCellTests {
    // MARK: gridCellAnchor

    @Test("gridCellAnchor puts that unit point of the cell on the same unit point of its slot")
    func anchorPoint() {
        // Apple's example (gridCellAnchor(_:) page): 60 × 60 squares, spacing 1, a 10 × 10 marker in the
        // second row and column anchored at (0.25, 0.75): "aligns the one quarter point of the marker
        // with the one quarter point of its cell" in x, the three quarters point in y. The slot is
        // 61…121 both ways: x 61 + (60 − 10) × 0.25 = 73.5, y 61 + 50 × 0.75 = 98.5; .topTrailing (the
        // page's second example): x 61 + 50 = 111, y 61. Without the anchor: centred at 86, 86.
        func apple(_ anchor: UnitPoint) -> LayoutResult {
            Grid(horizontalSpacing: 1, verticalSpacing: 1) {
                GridRow { Box(width: 60, height: 60); Box(width: 60, height: 60) }
                GridRow { Box(width: 60, height: 60); Box(width: 10, height: 10).id("marker").gridCellAnchor(anchor) }
            }.layout(in: .unspecified)
        }
        #expect(apple(UnitPoint(x: 0.25, y: 0.75)).frame("marker") == rect(73.5, 98.5, 10, 10))
        #expect(apple(.topTrailing).frame("marker") == rect(111, 61, 10, 10))

        // Recorded GL14: [a 10x10 anchor (0.25, 1), b 10x30] [c 50x10] → 68x48, a (10,20), b (58,0),
        // c (0,38). Columns 50 and 10 (+ 8), rows 30 and 10 (+ 8); a: (50 − 10) × 0.25 = 10 across,
        // (30 − 10) × 1 = 20 down.
        let recorded = Grid {
            GridRow { Box(width: 10, height: 10).id("a").gridCellAnchor(UnitPoint(x: 0.25, y: 1)); Box(width: 10, height: 30).id("b") }
            GridRow { Box(width: 50, height: 10).id("c") }
        }.layout(in: .unspecified)
        #expect(recorded.size == CGSize(width: 68, height: 48))
        #expect(recorded.frame("a") == rect(10, 20, 10, 10))
        #expect(recorded.frame("b") == rect(58, 0, 10, 30))
        #expect(recorded.frame("c") == rect(0, 38, 50, 10))
        #expect(recorded.diagnostics.isEmpty, "\(recorded.diagnostics)")
    }

    @Test("gridCellAnchor overrides the column's gridColumnAlignment and the row's GridRow(alignment:)")
    func anchorOverridesAlignment() {
        // Recorded GL10: [a 10x10 anchor topLeading + column trailing, b 10x30] [c 40x10] → 58x48,
        // a (0,0), b (48,0), c (0,38): column 0 is 40 wide, row 0 30 high; a sits in the slot's corner.
        let corner = Grid {
            GridRow {
                Box(width: 10, height: 10).id("a").gridCellAnchor(.topLeading).gridColumnAlignment(.trailing)
                Box(width: 10, height: 30).id("b")
            }
            GridRow { Box(width: 40, height: 10).id("c") }
        }.layout(in: .unspecified)
        #expect(corner.size == CGSize(width: 58, height: 48))
        #expect(corner.frame("a") == rect(0, 0, 10, 10))
        #expect(corner.frame("b") == rect(48, 0, 10, 30))
        #expect(corner.frame("c") == rect(0, 38, 40, 10))

        // Recorded GL13: Grid(.topLeading) {[row .bottom: a 10x10 column trailing, b 20x40, e 10x10
        // anchor center] [c 30x30, d 40x10, f 30x30]} → 116x78, a (20,30), b (38,0), e (96,15),
        // c (0,48), d (38,48), f (86,48). Columns 30, 40, 30 (+ 16) = 116; rows 40, 30 (+ 8) = 78.
        // a: column 0 trailing (30 − 10 = 20), row bottom (40 − 10 = 30). e: column 2 starts at
        // 30 + 8 + 40 + 8 = 86, centred in 30 → 96, centred in 40 → 15. f: the column's leading, 86.
        let mixed = Grid(alignment: .topLeading) {
            GridRow(alignment: .bottom) {
                Box(width: 10, height: 10).id("a").gridColumnAlignment(.trailing)
                Box(width: 20, height: 40).id("b")
                Box(width: 10, height: 10).id("e").gridCellAnchor(.center)
            }
            GridRow { Box(width: 30, height: 30).id("c"); Box(width: 40, height: 10).id("d"); Box(width: 30, height: 30).id("f") }
        }.layout(in: .unspecified)
        #expect(mixed.size == CGSize(width: 116, height: 78))
        #expect(mixed.frame("a") == rect(20, 30, 10, 10))
        #expect(mixed.frame("b") == rect(38, 0, 20, 40))
        #expect(mixed.frame("e") == rect(96, 15, 10, 10))
        #expect(mixed.frame("c") == rect(0, 48, 30, 30))
        #expect(mixed.frame("d") == rect(38, 48, 40, 10))
        #expect(mixed.frame("f") == rect(86, 48, 30, 30))
    }

    @Test("gridCellAnchor applies to a view outside any GridRow, in the grid's whole width")
    func anchorOnFullWidthRow() {
        // Recorded GL11: [a 40x10, b 10x30] x 10x10 anchor .trailing (outside a row) → 58x48,
        // a (0,10), b (48,0), x (48,38): x's slot is 40 + 8 + 10 = 58 wide, so 58 − 10 = 48 across;
        // its row (10 high) starts at 30 + 8 = 38.
        let result = Grid {
            GridRow { Box(width: 40, height: 10).id("a"); Box(width: 10, height: 30).id("b") }
            Box(width: 10, height: 10).id("x").gridCellAnchor(.trailing)
        }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 58, height: 48))
        #expect(result.frame("a") == rect(0, 10, 40, 10))
        #expect(result.frame("x") == rect(48, 38, 10, 10))
    }

    // MARK: gridCellUnsizedAxes

    @Test("Apple's divider: unsized horizontally, a flexible view outside the rows takes the grid's width instead of setting it")
    func dividerExample() {
        // Apple's gridCellUnsizedAxes(_:) page: Hello/globe over wave/World with a Divider between
        // them; without the modifier "the grid fills the width of the display"; with it, the grid
        // is "the width that it would have without the divider". Stand-ins: boxes 40 × 20 and
        // 20 × 20, a divider 1 high that takes any width. Proposed 300 × nil (one gap of 8).
        // Without: the boxes first, share (300 − 8) ÷ 2 = 146 → columns 40 and 40. Then the divider,
        // proposed 300 (the grid's width: no column outside it) → 300 × 1; it is 212 wider than
        // 40 + 8 + 40, so each column grows by 106 → 146 + 8 + 146 = 300; Hello centred in 146: 53.
        // With: the divider is proposed its columns, 88 → the grid is 88 wide. Height either way
        // 20 + 8 + 1 + 8 + 20 = 57; wave centred in 40: 10; World at 40 + 8 = 48, row at 37.
        func grid(unsized: Bool) -> LayoutResult {
            let divider = Rectangle().frame(height: 1).id("divider")
            return Grid {
                GridRow { Box(width: 40, height: 20).id("hello"); Box(width: 20, height: 20).id("globe") }
                unsized ? AnyView(divider.gridCellUnsizedAxes(.horizontal)) : AnyView(divider)
                GridRow { Box(width: 20, height: 20).id("wave"); Box(width: 40, height: 20).id("world") }
            }.layout(in: ProposedViewSize(width: 300, height: nil))
        }
        let filled = grid(unsized: false)
        #expect(filled.size == CGSize(width: 300, height: 57))
        #expect(filled.frame("divider") == rect(0, 28, 300, 1))
        #expect(filled.frame("hello") == rect(53, 0, 40, 20))
        let restored = grid(unsized: true)
        #expect(restored.size == CGSize(width: 88, height: 57))
        #expect(restored.frame("divider") == rect(0, 28, 88, 1))
        #expect(restored.frame("hello") == rect(0, 0, 40, 20))
        #expect(restored.frame("wave") == rect(10, 37, 20, 20))
        #expect(restored.frame("world") == rect(48, 37, 40, 20))
        #expect(restored.diagnostics.isEmpty, "\(restored.diagnostics)")
    }

    @Test("Unsized horizontally, a Rectangle is proposed its column's width; the other axis still takes its share")
    func unsizedRectangle() {
        // Recorded GU1: [a 30x10, b 20x20] [c flexible unsized h, d 40x10] at 200x200 → 78x200,
        // a (0,5), b (48,0), c (0,28 30x172), d (38,109). The boxes go first: shares (200 − 8) ÷ 2 = 96
        // → columns 30 and 40, rows 20 and 10; column 1 and row 0 are then committed. c: width its
        // column's 30; height the rest, 192 − 20 = 172. d centred in 172: 28 + 81 = 109.
        // Control GU2 (c not unsized) → 200x200, c (0,28 152x172): width 192 − 40 = 152; a centred
        // in 152 at 61; b at 152 + 8 + 10 = 170.
        func grid(_ c: some View) -> LayoutResult {
            Grid {
                GridRow { Box(width: 30, height: 10).id("a"); Box(width: 20, height: 20).id("b") }
                GridRow { c.id("c"); Box(width: 40, height: 10).id("d") }
            }.layout(in: ProposedViewSize(width: 200, height: 200))
        }
        let unsized = grid(Rectangle().gridCellUnsizedAxes(.horizontal))
        #expect(unsized.size == CGSize(width: 78, height: 200))
        #expect(unsized.frame("a") == rect(0, 5, 30, 10))
        #expect(unsized.frame("b") == rect(48, 0, 20, 20))
        #expect(unsized.frame("c") == rect(0, 28, 30, 172))
        #expect(unsized.frame("d") == rect(38, 109, 40, 10))
        let control = grid(Rectangle())
        #expect(control.size == CGSize(width: 200, height: 200))
        #expect(control.frame("c") == rect(0, 28, 152, 172))
        #expect(control.frame("a") == rect(61, 5, 30, 10))
        #expect(control.frame("b") == rect(170, 0, 20, 20))

        // Recorded GU7: [a flexible unsized h, b flexible] [c 30x30, d 40x10] at 200x100 → 134x100,
        // a (0,0 30x62), b (38,0 96x62), c (0,70), d (66,80). Boxes first (shares 96 and 46): column 0
        // 30, row 1 30 (committed). b: width 192 ÷ 2 = 96 (columns 0 and 1 still open), height
        // 92 − 30 = 62. a last: its column's 30 × 62. d centred in 96 at 38 + 28 = 66, in 30 at 80.
        let two = Grid {
            GridRow { Rectangle().id("a").gridCellUnsizedAxes(.horizontal); Rectangle().id("b") }
            GridRow { Box(width: 30, height: 30).id("c"); Box(width: 40, height: 10).id("d") }
        }.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(two.size == CGSize(width: 134, height: 100))
        #expect(two.frame("a") == rect(0, 0, 30, 62))
        #expect(two.frame("b") == rect(38, 0, 96, 62))
        #expect(two.frame("c") == rect(0, 70, 30, 30))
        #expect(two.frame("d") == rect(66, 80, 40, 10))
    }

    @Test("An unsized cell's answer still sizes its column or row")
    func unsizedAnswerCounts() {
        // Recorded GU4 (nil) and GU5 (200x200): [a 30x10, b 20x20] [c 100x30 unsized h, d 40x10] →
        // 148x58 both, a (35,5), b (118,0), c (0,28 100x30), d (108,38). Column 0 is c's 100 (not
        // a's 30): 100 + 8 + 40 = 148; rows 20 + 8 + 30 = 58. a centred in 100: 35; b in column 1 at
        // 108 + 10; d at 108, 28 + 10. At 200x200 c is proposed 30 (a's column) and answers 100.
        func grid(_ proposal: ProposedViewSize) -> LayoutResult {
            Grid {
                GridRow { Box(width: 30, height: 10).id("a"); Box(width: 20, height: 20).id("b") }
                GridRow { Box(width: 100, height: 30).id("c").gridCellUnsizedAxes(.horizontal); Box(width: 40, height: 10).id("d") }
            }.layout(in: proposal)
        }
        for proposal in [ProposedViewSize.unspecified, ProposedViewSize(width: 200, height: 200)] {
            let result = grid(proposal)
            #expect(result.size == CGSize(width: 148, height: 58), "\(proposal)")
            #expect(result.frame("a") == rect(35, 5, 30, 10), "\(proposal)")
            #expect(result.frame("b") == rect(118, 0, 20, 20), "\(proposal)")
            #expect(result.frame("c") == rect(0, 28, 100, 30), "\(proposal)")
            #expect(result.frame("d") == rect(108, 38, 40, 10), "\(proposal)")
        }

        // Recorded GU6: [a, b] [c 10x50 unsized v, d 40x10] at 200x200 → 78x78, c (10,28 10x50),
        // d (38,48): row 1 is c's 50; d centred in it, 28 + 20; c centred in column 0 (30): 10.
        let vertical = Grid {
            GridRow { Box(width: 30, height: 10).id("a"); Box(width: 20, height: 20).id("b") }
            GridRow { Box(width: 10, height: 50).id("c").gridCellUnsizedAxes(.vertical); Box(width: 40, height: 10).id("d") }
        }.layout(in: ProposedViewSize(width: 200, height: 200))
        #expect(vertical.size == CGSize(width: 78, height: 78))
        #expect(vertical.frame("c") == rect(10, 28, 10, 50))
        #expect(vertical.frame("d") == rect(38, 48, 40, 10))
    }

    @Test("An unsized cell is sized after the cells as flexible as it, in a group of its own")
    func unsizedGoesLast() {
        // Recorded GZ2 (first disagreement printed, SwiftUI's line): Grid(trailing, h 12, v 12)
        // [c1 fixed(30, 60) anchor.bottomLeading] [c2 flex, c3 flex unsizedV, c4 flex] @60x60 →
        // SwiftUI 66x72 c1(0,0 30x60) c2(0,72 30x0) c3(42,72 0x0) c4(54,72 12x0).
        // By hand: width 60 − 24 = 36, height 60 − 12 = 48. c1 first: column 0 = 30, row 0 = 60 (row 0
        // committed). Then c2 and c4: share 36 ÷ 3 = 12 (three columns open), height 48 − 60 < 0 → 0:
        // c2 max(12, 30) × 0, c4 12 × 0; columns 0 and 2 committed. c3 last, alone: width
        // 36 − 30 − 12 = −6 → max(−6, 0) = 0; height its row's, 0. Had c3 gone with c2 and c4 it
        // would be 12 wide and c4 at 66 (the probe's model, which SwiftUI contradicts here).
        let result = Grid(alignment: .trailing, horizontalSpacing: 12, verticalSpacing: 12) {
            GridRow { Box(width: 30, height: 60).id("c1").gridCellAnchor(.bottomLeading) }
            GridRow {
                Rectangle().id("c2")
                Rectangle().id("c3").gridCellUnsizedAxes(.vertical)
                Rectangle().id("c4")
            }
        }.layout(in: ProposedViewSize(width: 60, height: 60))
        #expect(result.size == CGSize(width: 66, height: 72))
        #expect(result.frame("c1") == rect(0, 0, 30, 60))
        #expect(result.frame("c2") == rect(0, 72, 30, 0))
        #expect(result.frame("c3") == rect(42, 72, 0, 0))
        #expect(result.frame("c4") == rect(54, 72, 12, 0))
    }

    @Test("Unsized on both axes, a Rectangle gets only what the other cells made; alone it is 0 × 0")
    func unsizedBothAxes() {
        // Recorded GU3: [a 30x10, b 20x20] [c flexible unsized both, span 2] at 200x200 → 58x28,
        // c (0,28 58x0): c is proposed its columns, 30 + 8 + 20, and its row, empty so far: 0.
        let spanning = Grid {
            GridRow { Box(width: 30, height: 10).id("a"); Box(width: 20, height: 20).id("b") }
            GridRow { Rectangle().id("c").gridCellUnsizedAxes([.horizontal, .vertical]).gridCellColumns(2) }
        }.layout(in: ProposedViewSize(width: 200, height: 200))
        #expect(spanning.size == CGSize(width: 58, height: 28))
        #expect(spanning.frame("c") == rect(0, 28, 58, 0))

        // Recorded GU11: a lone flexible cell unsized on both axes at 200x100 → 0x0.
        let alone = Grid { GridRow { Rectangle().id("a").gridCellUnsizedAxes([.horizontal, .vertical]) } }
            .layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(alone.size == .zero)
        #expect(alone.frame("a") == rect(0, 0, 0, 0))
    }
}
