import Foundation
import LayoutCore
import Layouts
import Testing

@Suite("Grid and GridRow: columns, rows, spans, alignment, flexible cells")
struct GridTests {
    /// a 30 × 10, b 50 × 20 / c 40 × 10, d 20 × 10; spacing 10 across, 5 down.
    static func twoByTwo(a: AnyElement = Box(width: 30, height: 10).id("a"), c: AnyElement = Box(width: 40, height: 10).id("c"),
                         b: AnyElement = Box(width: 50, height: 20).id("b"), extra: [GridRow] = []) -> Grid {
        Grid(horizontalSpacing: 10, verticalSpacing: 5, rows: [
            GridRow(cells: [a, b]),
            GridRow(cells: [c, Box(width: 20, height: 10).id("d")]),
        ] + extra)
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
        let result = Self.twoByTwo(c: Box(width: 40, height: 10).id("c").gridColumnAlignment(.trailing),
                                   b: Box(width: 50, height: 20).id("b").gridColumnAlignment(.leading)).layout(in: .unspecified)
        #expect(result.frame("a") == rect(10, 5, 30, 10))
        #expect(result.frame("c") == rect(0, 25, 40, 10))
        #expect(result.frame("d") == rect(50, 25, 20, 10))
        // With spare width (a 120-wide span makes column 0 50 wide), trailing puts a at 50 − 30 = 20, c at 10.
        let widened = Self.twoByTwo(c: Box(width: 40, height: 10).id("c").gridColumnAlignment(.trailing),
                                    extra: [GridRow(cells: [Box(width: 120, height: 10).gridCellColumns(2)])]).layout(in: .unspecified)
        #expect(widened.frame("a").minX == 20)
        #expect(widened.frame("c").minX == 10)
    }

    @Test("A cell spanning two columns that is wider than them widens each by an equal share")
    func spanWidens() {
        // The span needs 120; the columns give 40 + 10 + 50 = 100 → each +10: 50 and 60, width 120.
        // Row 3 at 20 + 5 + 10 + 5 = 40. Column 0 (50 wide, cells 30 and 40): centred group 40 wide,
        // 5 in → a at 5 + (40 − 30) ÷ 2 = 10, c at 5. Column 1 at 60 (60 wide, cells 50, 20): b at 65.
        let result = Self.twoByTwo(extra: [GridRow(cells: [Box(width: 120, height: 10).gridCellColumns(2).id("span")])])
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
        let result = Self.twoByTwo(extra: [GridRow(cells: [Box(width: 30, height: 10).gridCellColumns(2).id("span")])])
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
        // Box column: ideal = max = 30. Rectangle column: ideal 10, max ∞. Width 200 − 10 spacing = 190;
        // 150 left over → all to the rectangle's column: 160. The rectangle is proposed 160 × 10 (the row).
        func grid() -> Grid {
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
        // Ideal 10 + 10 + 10 (box); width 300 − 20 spacing = 280; 250 left: the capped column (max 60)
        // takes 50 and stops; the rest, 200, goes to the rectangle: 210.
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
        // Ideal 100 + 50 = 150 > 110 − 10 = 100: the text column (minimum 0) gives up 50 → 50 wide,
        // 2 lines, 50 × 32; the box column stays 50. Row 32 tall; the box centred: y 8.
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

    @Test("A finite proposed height sizes the rows: a lone Rectangle fills a 300 × 300 proposal; nil and ∞ keep the ideal")
    func rectangleFillsHeight() {
        // One column, one row: the column takes the 300 width (the rectangle's maximum is ∞), the row
        // the 300 height (same). nil and an infinite height keep the ideal row height, 10.
        let grid = Grid { GridRow { Rectangle().id("a") } }
        let square = grid.layout(in: ProposedViewSize(width: 300, height: 300))
        #expect(square.size == CGSize(width: 300, height: 300))
        #expect(square.frame("a") == rect(0, 0, 300, 300))
        #expect(square.diagnostics.isEmpty, "\(square.diagnostics)")
        #expect(grid.layout(in: ProposedViewSize(width: 300, height: nil)).frame("a") == rect(0, 0, 300, 10))
        #expect(grid.layout(in: ProposedViewSize(width: 300, height: .infinity)).frame("a") == rect(0, 0, 300, 10))
    }

    @Test("Spare height goes to the rows that can grow, in equal shares; fixed rows keep their height")
    func flexibleRows() {
        // Rows: a 50 × 20 box (min = ideal = max 20), two rectangles (ideal 10, max ∞); spacing 10.
        // Height 200 − 2 × 10 = 180; ideals 20 + 10 + 10 = 40; 140 left → 70 each → rows 20, 80, 80.
        // Width 100: the column's ideal is 50 (the box), its maximum ∞ → 100; the box centred at x 25.
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
        // Ideals 20 (box) + 10 (rectangle) + 10 spacing = 40 > 30: available 20, short 10, all from
        // the rectangle's row (minimum 0) → 0 high at y 20 + 10 = 30. The grid is 30 high.
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
        // Columns: 20 (box) and 100 − 10 − 20 = 70 (rectangle); the row takes the whole 100 height
        // (the rectangle's maximum). The 20 × 20 box: y 0 (top), (100 − 20) ÷ 2 = 40 (centre), 80 (bottom).
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
