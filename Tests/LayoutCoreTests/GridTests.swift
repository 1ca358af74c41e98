import Foundation
import LayoutCore
import Layouts
import Testing

// "Recorded" expectations are Apple SwiftUI's output as recorded by the probe
// docs/probes/swiftui-grid.swift of github.com/mburger89/MetalUI (arm ids GA…, GF…, GL…, GP…, GQ…,
// GR…, GS…, GU…, GX…), re-derived by hand for this engine; see GridCellTests.swift for the leaves.

@Suite("Grid and GridRow: columns, rows, spans, alignment, flexible cells")
struct GridTests {
    /// a 30 × 10, b 50 × 20 / c 40 × 10, d 20 × 10; spacing 10 across, 5 down.
    static func twoByTwo(a: AnyView = AnyView(Box(width: 30, height: 10).id("a")), c: AnyView = AnyView(Box(width: 40, height: 10).id("c")),
                         b: AnyView = AnyView(Box(width: 50, height: 20).id("b")), extra: AnyView = AnyView(EmptyView())) -> some View {
        Grid(horizontalSpacing: 10, verticalSpacing: 5) {
            GridRow { a; b }
            GridRow { c; Box(width: 20, height: 10).id("d") }
            extra
        }
    }

    @Test("Columns are as wide as their widest cell, rows as tall as their tallest; cells centred by default")
    func columnsAndRows() {
        // Columns max(30, 40) = 40 and max(50, 20) = 50 → width 40 + 10 + 50 = 100. Rows 20 and 10 →
        // height 20 + 5 + 10 = 35. Centred: a at x (40 − 30) ÷ 2 = 5, y (20 − 10) ÷ 2 = 5; b at 50, 0;
        // c at 0, 25; d at 50 + (50 − 20) ÷ 2 = 65, 25.
        let result = Self.twoByTwo().layout(in: .unspecified)
        #expect(result.size == CGSize(width: 100, height: 35))
        #expect(result.frame("a") == rect(5, 5, 30, 10))
        #expect(result.frame("b") == rect(50, 0, 50, 20))
        #expect(result.frame("c") == rect(0, 25, 40, 10))
        #expect(result.frame("d") == rect(65, 25, 20, 10))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("gridColumnAlignment on one cell aligns its whole column; the other column keeps the grid's")
    func columnAlignment() {
        // Column 0 trailing: a at 40 − 30 = 10, c at 0. Column 1 leading (set on b): b and d at 50.
        let result = Self.twoByTwo(c: AnyView(Box(width: 40, height: 10).id("c").gridColumnAlignment(.trailing)),
                                   b: AnyView(Box(width: 50, height: 20).id("b").gridColumnAlignment(.leading))).layout(in: .unspecified)
        #expect(result.frame("a") == rect(10, 5, 30, 10))
        #expect(result.frame("c") == rect(0, 25, 40, 10))
        #expect(result.frame("d") == rect(50, 25, 20, 10))
        // With spare width (a 120-wide span makes column 0 50 wide), trailing puts a at 50 − 30 = 20, c at 10.
        let widened = Self.twoByTwo(c: AnyView(Box(width: 40, height: 10).id("c").gridColumnAlignment(.trailing)),
                                    extra: AnyView(GridRow { Box(width: 120, height: 10).gridCellColumns(2) })).layout(in: .unspecified)
        #expect(widened.frame("a").minX == 20)
        #expect(widened.frame("c").minX == 10)
    }

    @Test("A cell spanning two columns that is wider than them widens each by an equal share")
    func spanWidens() {
        // The span needs 120; the columns give 40 + 10 + 50 = 100 → each +10: 50 and 60, width 120.
        // Row 3 at 20 + 5 + 10 + 5 = 40. Column 0 (50 wide, cells 30 and 40): centred group 40 wide,
        // 5 in → a at 5 + (40 − 30) ÷ 2 = 10, c at 5. Column 1 at 60 (60 wide, cells 50, 20): b at 65.
        let result = Self.twoByTwo(extra: AnyView(GridRow { Box(width: 120, height: 10).gridCellColumns(2).id("span") }))
            .layout(in: .unspecified)
        #expect(result.size == CGSize(width: 120, height: 50))
        #expect(result.frame("span") == rect(0, 40, 120, 10))
        #expect(result.frame("a") == rect(10, 5, 30, 10))
        #expect(result.frame("c") == rect(5, 25, 40, 10))
        #expect(result.frame("b") == rect(65, 0, 50, 20))
        #expect(result.frame("d") == rect(80, 25, 20, 10))
    }

    @Test("A narrower spanning cell is centred across its columns and leaves them alone")
    func spanNarrow() {
        let result = Self.twoByTwo(extra: AnyView(GridRow { Box(width: 30, height: 10).gridCellColumns(2).id("span") }))
            .layout(in: .unspecified)
        #expect(result.size.width == 100)
        #expect(result.frame("span") == rect(35, 40, 30, 10))
    }

    @Test("A view outside any GridRow spans every column")
    func fullWidthRow() {
        // Between the rows: proposed 100 × 2, a fixed 10 × 2 box centred at 45; rows at 0, 25, 32.
        let result = Grid(horizontalSpacing: 10, verticalSpacing: 5) {
            GridRow { Box(width: 30, height: 10).id("a"); Box(width: 50, height: 20).id("b") }
            Box(width: 10, height: 2).id("rule")
            GridRow { Box(width: 40, height: 10).id("c"); Box(width: 20, height: 10).id("d") }
        }.layout(in: .unspecified)
        #expect(result.frame("rule") == rect(45, 25, 10, 2))
        #expect(result.frame("c") == rect(0, 32, 40, 10))
        #expect(result.size == CGSize(width: 100, height: 42))
    }

    @Test("Flexible cells take the remaining width; with a nil width every column is its ideal")
    func flexibleColumn() {
        // Width 200 − 10 spacing = 190. The box goes first (it is the less flexible), offered
        // 190 ÷ 2 = 95: column 0 is 30 and committed; the rectangle then gets 190 − 30 = 160 (rule 4
        // of the MetalUI probe, GF8). Height nil stays nil: the rectangle answers 160 × 10.
        func grid() -> some View {
            Grid(horizontalSpacing: 10) {
                GridRow { Box(width: 30, height: 10).id("box"); Rectangle().id("fill") }
            }
        }
        let wide = grid().layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(wide.size == CGSize(width: 200, height: 10))
        #expect(wide.frame("fill") == rect(40, 0, 160, 10))
        #expect(wide.frame("box") == rect(0, 0, 30, 10))
        let ideal = grid().layout(in: .unspecified)
        #expect(ideal.frame("fill") == rect(40, 0, 10, 10))
        #expect(wide.diagnostics.isEmpty && ideal.diagnostics.isEmpty, "\(wide.diagnostics)")
    }

    @Test("Two flexible columns share the remaining width equally, each up to its maximum")
    func flexibleShares() {
        // Width 300 − 20 spacing = 280. Order by flexibility at 0 and ∞ (width only: the height is
        // nil): the box (0), the capped rectangle (60), the free one (∞). Box offered 280 ÷ 3 → 10;
        // capped offered (280 − 10) ÷ 2 = 135 → 60; free offered 280 − 70 = 210 (probe rule 4).
        let result = Grid(horizontalSpacing: 10) {
            GridRow {
                Rectangle().id("free")
                Rectangle().frame(maxWidth: 60).id("capped")
                Box(width: 10, height: 10).id("box")
            }
        }.layout(in: ProposedViewSize(width: 300, height: nil))
        #expect(result.frame("free").width == 210)
        #expect(result.frame("capped") == rect(220, 0, 60, 10))
        #expect(result.frame("box").minX == 290)
        #expect(result.size.width == 300)
    }

    @Test("A narrow proposal shrinks the columns that can shrink (text wraps); fixed ones keep their width")
    func shrink() {
        // Width 110 − 10 = 100. The box first (no flexibility), offered 50 → column 1 is 50; the text
        // (0 wide at 0, 100 at ∞) then gets 100 − 50 = 50 → 2 lines, 50 × 32. Row 32; box centred: y 8.
        let result = Grid(horizontalSpacing: 10) {
            GridRow { TextLike(idealWidth: 100).id("t"); Box(width: 50, height: 16).id("b") }
        }.layout(in: ProposedViewSize(width: 110, height: nil))
        #expect(result.size == CGSize(width: 110, height: 32))
        #expect(result.frame("t") == rect(0, 0, 50, 32))
        #expect(result.frame("b") == rect(60, 8, 50, 16))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("GridRow(alignment:) aligns one row by first text baselines; another row keeps the grid's alignment")
    func rowAlignment() {
        // Row 0 on first baselines: text ascent 12, the box answers its height 30 → row ascent 30,
        // descent max(16 − 12, 0) = 4 → 34; text at y 18. Row 1 (grid: bottomLeading): 10 × 10 and
        // 20 × 20 → the small box at y 34 + 8 + 10 = 52. Columns 50 and 20 (system spacing 8) → width 78.
        let result = Grid(alignment: .bottomLeading) {
            GridRow(alignment: .firstTextBaseline) { TextLike(idealWidth: 50).id("t"); Box(width: 20, height: 30).id("box") }
            GridRow { Box(width: 10, height: 10).id("small"); Box(width: 20, height: 20).id("big") }
        }.layout(in: .unspecified)
        #expect(result.frame("t") == rect(0, 18, 50, 16))
        #expect(result.frame("box") == rect(58, 0, 20, 30))
        #expect(result.frame("small") == rect(0, 52, 10, 10))
        #expect(result.frame("big") == rect(58, 42, 20, 20))
        #expect(result.size == CGSize(width: 78, height: 62))
        #expect(result.frame("t").minY + result.element(id: "t")!.firstTextBaseline == 30)
    }

    @Test("A lone Rectangle fills a 300 × 300 proposal; a nil height keeps its ideal 10; an infinite one makes the grid infinite")
    func rectangleFillsHeight() {
        // One cell: offered the whole 300 × 300 (recorded GP7: a single flexible cell at 100x100 is
        // 100x100). A nil height stays nil: 300 × 10. An infinite axis shares ∞ (recorded GP4: GP2 at
        // inf x inf answers infxinf; GP11 at inf x 100 answers infx100), so the rectangle and the grid
        // answer 300 × ∞ — not the ideal height, as this engine answered before.
        let grid = Grid { GridRow { Rectangle().id("a") } }
        let square = grid.layout(in: ProposedViewSize(width: 300, height: 300))
        #expect(square.size == CGSize(width: 300, height: 300))
        #expect(square.frame("a") == rect(0, 0, 300, 300))
        #expect(square.diagnostics.isEmpty, "\(square.diagnostics)")
        #expect(grid.layout(in: ProposedViewSize(width: 300, height: nil)).frame("a") == rect(0, 0, 300, 10))
        let answer = SizeRecord()
        _ = MeasureOnly(proposal: ProposedViewSize(width: 300, height: .infinity), record: answer) { grid }.layout(in: .unspecified)
        #expect(answer.size == CGSize(width: 300, height: CGFloat.infinity))

        // Fixed content at ∞ × ∞ answers its ideal size (recorded GP8: GA1 at inf x inf → 78x58):
        // columns max(30, 10) = 30 and max(20, 40) = 40 + 8; rows 20 and 30 + 8.
        let fixed = SizeRecord()
        _ = MeasureOnly(proposal: ProposedViewSize.infinity, record: fixed) {
            Grid {
                GridRow { Box(width: 30, height: 10); Box(width: 20, height: 20) }
                GridRow { Box(width: 10, height: 30); Box(width: 40, height: 10) }
            }
        }.layout(in: .unspecified)
        #expect(fixed.size == CGSize(width: 78, height: 58))
    }

    @Test("Spare height goes to the rows that can grow, in equal shares; fixed rows keep their height")
    func flexibleRows() {
        // Height 200 − 2 × 10 = 180. The box first, offered 100 × 180 ÷ 3 → row 0 is 20 (committed);
        // the rectangles then share (180 − 20) ÷ 2 = 80 each and the whole width, 100 (probe rule 4:
        // rows are shared as columns are). The box is centred in the 100 column at x 25.
        let result = Grid(horizontalSpacing: 10, verticalSpacing: 10) {
            GridRow { Box(width: 50, height: 20).id("box") }
            GridRow { Rectangle().id("top") }
            GridRow { Rectangle().id("bottom") }
        }.layout(in: ProposedViewSize(width: 100, height: 200))
        #expect(result.size == CGSize(width: 100, height: 200))
        #expect(result.frame("box") == rect(25, 0, 50, 20))
        #expect(result.frame("top") == rect(0, 30, 100, 80))
        #expect(result.frame("bottom") == rect(0, 120, 100, 80))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("A short height is taken from the rows that can shrink; a fixed row keeps its height")
    func shrinkRows() {
        // Height 30 − 10 = 20. The box first, offered 20 ÷ 2 = 10 high, answers 20 (row 0 committed);
        // the rectangle is offered max(20 − 20, 0) = 0 → 0 high at y 20 + 10 = 30. The grid is 30 high.
        let result = Grid(verticalSpacing: 10) {
            GridRow { Box(width: 50, height: 20).id("box") }
            GridRow { Rectangle().id("fill") }
        }.layout(in: ProposedViewSize(width: 50, height: 30))
        #expect(result.size == CGSize(width: 50, height: 30))
        #expect(result.frame("box") == rect(0, 0, 50, 20))
        #expect(result.frame("fill") == rect(0, 30, 50, 0))
    }

    @Test("In a row taller than a fixed cell, the cell sits on the row's guide: top, centre or bottom")
    func rowSpareHeight() {
        // The box first (offered 45 × 100): column 0 is 20. The rectangle: 100 − 10 − 20 = 70 wide and
        // the whole 100 high (one row). The 20 × 20 box: y 0 (top), (100 − 20) ÷ 2 = 40 (centre), 80 (bottom).
        func grid(_ alignment: Alignment) -> LayoutResult {
            Grid(alignment: alignment, horizontalSpacing: 10) {
                GridRow { Box(width: 20, height: 20).id("box"); Rectangle().id("fill") }
            }.layout(in: ProposedViewSize(width: 100, height: 100))
        }
        #expect(grid(.top).frame("box") == rect(0, 0, 20, 20))
        #expect(grid(.center).frame("box") == rect(0, 40, 20, 20))
        #expect(grid(.bottom).frame("box") == rect(0, 80, 20, 20))
        #expect(grid(.center).frame("fill") == rect(30, 0, 70, 100))
        #expect(grid(.center).size == CGSize(width: 100, height: 100))
    }

    @Test("Two Rectangles in different columns share the width equally, whatever the fixed cells beside them")
    func flexibleColumnsEqual() {
        // Recorded GF6: [a flexible, b 20x20] [c 10x30, d flexible] at 200x100 → 200x100,
        // a (0,0 96x46), b (142,13), c (43,62), d (104,54 96x46). The boxes first, offered
        // (200 − 8) ÷ 2 = 96 × (100 − 8) ÷ 2 = 46: columns 10 and 20, rows 20 and 30, none committed
        // (a and d are still to come). Then a and d are offered the same 96 × 46. b centred in 96 at
        // 104 + 38 = 142 and in 46 at 13; c at 48 − 5 = 43, 54 + 8 = 62. Sharing only the width left
        // over the ideals (10 + 20) would give 91 and 101.
        let result = Grid {
            GridRow { Rectangle().id("a"); Box(width: 20, height: 20).id("b") }
            GridRow { Box(width: 10, height: 30).id("c"); Rectangle().id("d") }
        }.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(result.size == CGSize(width: 200, height: 100))
        #expect(result.frame("a") == rect(0, 0, 96, 46))
        #expect(result.frame("b") == rect(142, 13, 20, 20))
        #expect(result.frame("c") == rect(43, 62, 10, 30))
        #expect(result.frame("d") == rect(104, 54, 96, 46))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("A cell that answers less than it is offered leaves its column that narrow: the grid need not fill the width")
    func columnIsTheAnswer() {
        // Recorded GF1: [a half, b 20x20] [c 10x30, d half] at 200x200 → 104x58, a (12,5 24x10),
        // b (70,0), c (19,28), d (68,38 24x10). The boxes first (offered 96 × 96): columns 10 and 20.
        // Then a and d, offered 96, answer 48: columns 48 and 48 → 48 + 8 + 48 = 104; rows 20, 30.
        // Placed in their 48 slots they answer 24; column 0's group is 24 wide, centred: a at 12,
        // c at 12 + 7 = 19; column 1 starts at 56: b at 56 + 12 + 2 = 70, d at 68.
        let result = Grid {
            GridRow { ProbeLeaf.half.id("a"); Box(width: 20, height: 20).id("b") }
            GridRow { Box(width: 10, height: 30).id("c"); ProbeLeaf.half.id("d") }
        }.layout(in: ProposedViewSize(width: 200, height: 200))
        #expect(result.size == CGSize(width: 104, height: 58))
        #expect(result.frame("a") == rect(12, 5, 24, 10))
        #expect(result.frame("b") == rect(70, 0, 20, 20))
        #expect(result.frame("c") == rect(19, 28, 10, 30))
        #expect(result.frame("d") == rect(68, 38, 24, 10))
    }

    @Test("Higher layoutPriority is sized first; a lower one gets what is left, even nothing")
    func priority() {
        // Recorded GQ2: [a width 0...200, b width 30...200 priority -1, c width 20...200] (10 high)
        // at 100x100 → 130x10, a (0,0 42x10), b (50,0 30x10), c (88,0 42x10). Width 100 − 16 = 84.
        // Priority 0 first, least flexible first: c (180) offered 84 ÷ 2 = 42 → 42; column 1 (only b,
        // of lower priority) and column 2 are committed. a offered 84 − 42 = 42. b offered
        // 84 − 84 = 0, answers its minimum 30: 42 + 8 + 30 + 8 + 42 = 130, wider than proposed.
        let result = Grid {
            GridRow {
                ProbeLeaf.clampedWidth(0, 200).id("a")
                ProbeLeaf.clampedWidth(30, 200).id("b").layoutPriority(-1)
                ProbeLeaf.clampedWidth(20, 200).id("c")
            }
        }.layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(result.size == CGSize(width: 130, height: 10))
        #expect(result.frame("a") == rect(0, 0, 42, 10))
        #expect(result.frame("b") == rect(50, 0, 30, 10))
        #expect(result.frame("c") == rect(88, 0, 42, 10))
    }

    @Test("A view outside any GridRow: its ideal width widens every column equally; a flexible one is offered the whole width")
    func fullWidthSizesColumns() {
        // Recorded GX3 (nil): [a 30x10, b 20x20] x 100x10 [c 10x30, d 40x10] → 100x76, a (5.5,5),
        // b (64.5,0), x (0,28), c (15.5,46), d (54.5,56). Columns 30 and 40 + 8 = 78; x is 22 wider →
        // 41 and 51. a centred in 41: 5.5; b at 49 + 15.5 = 64.5; rows 20, 10, 30 → 76.
        let ideal = Grid {
            GridRow { Box(width: 30, height: 10).id("a"); Box(width: 20, height: 20).id("b") }
            Box(width: 100, height: 10).id("x")
            GridRow { Box(width: 10, height: 30).id("c"); Box(width: 40, height: 10).id("d") }
        }.layout(in: .unspecified)
        #expect(ideal.size == CGSize(width: 100, height: 76))
        #expect(ideal.frame("a") == rect(5.5, 5, 30, 10))
        #expect(ideal.frame("b") == rect(64.5, 0, 20, 20))
        #expect(ideal.frame("x") == rect(0, 28, 100, 10))
        #expect(ideal.frame("c") == rect(15.5, 46, 10, 30))
        #expect(ideal.frame("d") == rect(54.5, 56, 40, 10))

        // Recorded GU10: [a 30x10, b 20x20] x flexible (outside a row) at 200x100 → 200x100,
        // a (35.5,5), b (144.5,0), x (0,28 200x72). The boxes first (offered 96 × 46): columns 30
        // and 20, row 0 20. x is offered the grid's width, 192 + 8 = 200, and 92 − 20 = 72 high; it is
        // 142 wider than 58, so each column grows 71: 101 and 91. a at (101 − 30) ÷ 2 = 35.5, b at
        // 109 + 35.5 = 144.5. (Before, the grid stayed 58 wide, as if x were unsized.)
        let flexible = Grid {
            GridRow { Box(width: 30, height: 10).id("a"); Box(width: 20, height: 20).id("b") }
            Rectangle().id("x")
        }.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(flexible.size == CGSize(width: 200, height: 100))
        #expect(flexible.frame("a") == rect(35.5, 5, 30, 10))
        #expect(flexible.frame("b") == rect(144.5, 0, 20, 20))
        #expect(flexible.frame("x") == rect(0, 28, 200, 72))
    }

    @Test("Merged cells are placed by the grid's alignment: a span only declares its first column's gridColumnAlignment")
    func mergedCellAlignment() {
        // Recorded GL8: [a 10x10, b 10x10] [c 30x10 span 2 trailing] [d 40x10] → 58x46, a (30,0),
        // b (48,0), c (14,18), d (0,36). Column 0 (40, d) is trailing, declared by c: a at 40 − 10 = 30.
        // c itself is centred in 40 + 8 + 10 = 58: 14 (Apple's gridCellAnchor(_:) page: a merged cell
        // uses "the unit point equivalent" of the grid's alignment).
        let span = Grid {
            GridRow { Box(width: 10, height: 10).id("a"); Box(width: 10, height: 10).id("b") }
            GridRow { Box(width: 30, height: 10).id("c").gridCellColumns(2).gridColumnAlignment(.trailing) }
            GridRow { Box(width: 40, height: 10).id("d") }
        }.layout(in: .unspecified)
        #expect(span.size == CGSize(width: 58, height: 46))
        #expect(span.frame("a") == rect(30, 0, 10, 10))
        #expect(span.frame("b") == rect(48, 0, 10, 10))
        #expect(span.frame("c") == rect(14, 18, 30, 10))
        #expect(span.frame("d") == rect(0, 36, 40, 10))

        // Recorded GL12: Grid(.leading) {[a 40x10, b 10x30] x 10x10 (outside a row)} → x (0,38).
        let leading = Grid(alignment: .leading) {
            GridRow { Box(width: 40, height: 10).id("a"); Box(width: 10, height: 30).id("b") }
            Box(width: 10, height: 10).id("x")
        }.layout(in: .unspecified)
        #expect(leading.frame("x") == rect(0, 38, 10, 10))
        #expect(leading.frame("a") == rect(0, 10, 40, 10))
    }

    @Test("The first gridColumnAlignment in row order decides the column; GridRow(alignment:) overrides the grid's vertically")
    func alignmentDeclarations() {
        // Recorded GL6 / GL7: [a 10x10 leading] [b 10x10] [c 30x10 trailing] → a (0,0), b (0,18),
        // c (0,36); reversed (a trailing, c leading) → a (20,0), b (20,18): column 30 wide.
        func column(_ first: HorizontalAlignment, _ last: HorizontalAlignment) -> LayoutResult {
            Grid {
                GridRow { Box(width: 10, height: 10).id("a").gridColumnAlignment(first) }
                GridRow { Box(width: 10, height: 10).id("b") }
                GridRow { Box(width: 30, height: 10).id("c").gridColumnAlignment(last) }
            }.layout(in: .unspecified)
        }
        #expect(column(.leading, .trailing).frame("a") == rect(0, 0, 10, 10))
        #expect(column(.leading, .trailing).frame("b") == rect(0, 18, 10, 10))
        #expect(column(.trailing, .leading).frame("a") == rect(20, 0, 10, 10))
        #expect(column(.trailing, .leading).frame("b") == rect(20, 18, 10, 10))

        // Recorded GL9: Grid(.bottom) {[row .top: a 10x10, b 10x30] [c 10x10, d 10x30]} → 28x68,
        // a (0,0), b (18,0), c (0,58), d (18,38): rows 30 and 30; c at the bottom, 38 + 20.
        let rows = Grid(alignment: .bottom) {
            GridRow(alignment: .top) { Box(width: 10, height: 10).id("a"); Box(width: 10, height: 30).id("b") }
            GridRow { Box(width: 10, height: 10).id("c"); Box(width: 10, height: 30).id("d") }
        }.layout(in: .unspecified)
        #expect(rows.size == CGSize(width: 28, height: 68))
        #expect(rows.frame("a") == rect(0, 0, 10, 10))
        #expect(rows.frame("c") == rect(0, 58, 10, 10))
        #expect(rows.frame("d") == rect(18, 38, 10, 30))
    }

    @Test("A column that exists only through a span has no gap before it; a span's shortfall goes first to columns without one-column cells")
    func spanOnlyColumns() {
        // Recorded GX6: [a 30x10, b 20x20] [x 10x10 span 5] → 58x38, x (24,28): five columns, but
        // no cell starts in columns 2…4, so no gap before them: 30 + 8 + 20 = 58 (not 58 + 3 × 8);
        // x is centred in its 58-wide slot at 24.
        let clamped = Grid {
            GridRow { Box(width: 30, height: 10).id("a"); Box(width: 20, height: 20).id("b") }
            GridRow { Box(width: 10, height: 10).id("x").gridCellColumns(5) }
        }.layout(in: .unspecified)
        #expect(clamped.size == CGSize(width: 58, height: 38))
        #expect(clamped.frame("x") == rect(24, 28, 10, 10))

        // Recorded GX11: [a clamp 0...100, b 100x40 span 2, c width 30...40 h40 span 2]
        // [d height-flexible w10 span 2, e height-flexible w10, f width 30...180 h10] → 156x58,
        // a (0,0 10x40), b (18,0 100x40), c (126,0 30x40), d (45,48), e (108,48), f (126,48).
        // Columns 0…4; cells start in 0, 1, 2, 3 (gaps 8, 8, 8), none in 4 (gap 0). Ideals: a 10 × 10,
        // e 10, f 30 → widths 10, 0, 10, 30, 0. b needs 100 over columns 1–2 (0 + 8 + 10): the 82
        // short all go to column 1, the one without a one-column cell. c fits 30 + 0 + 0; d fits
        // 10 + 8 + 82. Width 10 + 82 + 10 + 30 + 0 + 24 = 156; rows 40 + 8 + 10 = 58. d centred in
        // 100: 45; e at 18 + 82 + 8 = 108; c and f at 108 + 10 + 8 = 126.
        let result = Grid {
            GridRow {
                ProbeLeaf.clamped(0, 100).id("a")
                Box(width: 100, height: 40).id("b").gridCellColumns(2)
                ProbeLeaf.clampedWidth(30, 40, height: 40).id("c").gridCellColumns(2)
            }
            GridRow {
                ProbeLeaf.heightFlexible(width: 10).id("d").gridCellColumns(2)
                ProbeLeaf.heightFlexible(width: 10).id("e")
                ProbeLeaf.clampedWidth(30, 180).id("f")
            }
        }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 156, height: 58))
        #expect(result.frame("a") == rect(0, 0, 10, 40))
        #expect(result.frame("b") == rect(18, 0, 100, 40))
        #expect(result.frame("c") == rect(126, 0, 30, 40))
        #expect(result.frame("d") == rect(45, 48, 10, 10))
        #expect(result.frame("e") == rect(108, 48, 10, 10))
        #expect(result.frame("f") == rect(126, 48, 30, 10))
    }

    @Test("A cell whose answer is exactly its slot is placed at the proposal it answered")
    func placementProposal() {
        // Recorded GR1: [a odd, b 20x20] at nil → 48x20, a (0,0 20x20). a answers 20 × 20 at nil,
        // its slot is 20 × 20, so it is placed at nil again (20 × 20), not at 20 × 20 (15 × 15,
        // centred at 2.5 — the control GR0 shows the leaf does answer 15 there).
        let result = Grid {
            GridRow { ProbeLeaf.odd.id("a"); Box(width: 20, height: 20).id("b") }
        }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 48, height: 20))
        #expect(result.frame("a") == rect(0, 0, 20, 20))
        #expect(result.frame("b") == rect(28, 0, 20, 20))
    }

    @Test("Negative spacings are honoured: neighbouring columns and rows overlap")
    func negativeSpacing() {
        // 20 × 20 boxes, horizontal −10, vertical −5: columns at 0 and 20 − 10 = 10, rows at 0 and
        // 15; size 20 + 20 − 10 = 30 by 20 + 20 − 5 = 35 (clamped to 0, it was 40 × 40).
        let result = Grid(horizontalSpacing: -10, verticalSpacing: -5) {
            GridRow { Box(width: 20, height: 20).id("a"); Box(width: 20, height: 20).id("b") }
            GridRow { Box(width: 20, height: 20).id("c"); Box(width: 20, height: 20).id("d") }
        }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 30, height: 35))
        #expect(result.frame("b") == rect(10, 0, 20, 20))
        #expect(result.frame("d") == rect(10, 15, 20, 20))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("Grid in right-to-left: the engine mirrors the columns; an empty grid is zero")
    func rightToLeft() {
        var environment = EnvironmentValues()
        environment.layoutDirection = .rightToLeft
        let result = Self.twoByTwo().layout(in: .unspecified, environment: environment)
        #expect(result.frame("a") == rect(100 - 35, 5, 30, 10))
        #expect(result.frame("b") == rect(0, 0, 50, 20))
        #expect(result.frame("d") == rect(100 - 85, 25, 20, 10))
        #expect(Grid {}.layout(in: .unspecified).size == .zero)
    }
}
