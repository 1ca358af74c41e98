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
