import Foundation
import LayoutCore

// Grid and GridRow, as SwiftUI spells them. A `Layout` sees only its direct subviews, so a grid
// cannot reach cells nested inside row elements: `Grid` flattens its rows into one `GridLayout`
// node whose subviews are the cells, and keeps the row structure (cells per row, row alignment,
// full-width rows) in the layout value itself. Cells therefore appear in a result as the grid's
// children, in row order (path [grid, k] for the k-th cell); rows have no element of their own.
//
// The sizing rules are SwiftUI's as recorded against Apple's framework by the probe
// docs/probes/swiftui-grid.swift of github.com/mburger89/MetalUI (arm ids such as GF6 below and in
// the tests refer to it); Apple's documentation pages for Grid, gridCellAnchor(_:) and
// gridCellUnsizedAxes(_:) describe the same behaviour in words.
//
// | step | function |
// |---|---|
// | cells' rows, columns, spans, anchors, unsized axes; column gaps and alignments | `GridLayout.makeCache(subviews:)` |
// | each cell's 0 × 0 and ∞ × ∞ answers (the processing order), once | `GridLayout.extremes(_:_:)` |
// | column widths and row heights: ideal answers, or shares and commits in that order | `GridLayout.solve(_:_:_:)` |
// | placement: slot proposal, anchor, column guide, row guide, merged cells as anchors | `GridLayout.placeSubviews(in:proposal:subviews:cache:)` |

/// SwiftUI's `Grid`: cells in rows and columns; each column as wide as its widest cell, each row
/// as tall as its cells aligned on the row's guide. Each `GridRow` in `content` is a row (its views
/// the cells, left to right); any other view is a row of one cell spanning every column.
///
/// - Structure: a `GridRow`'s cells fill columns from the first, a cell taking `gridCellColumns`
///   columns (values below 1 count as 1); the grid has as many columns as its longest row. A view
///   outside any `GridRow` is a row of one cell across every column (its `gridCellColumns` is
///   ignored). A row without cells takes no space and no spacing.
/// - `nil` × `nil` proposal: every cell is asked its ideal size once. A column is as wide as its
///   widest one-column cell; a row as tall as its cells' extent on the row's guide (for top, centre
///   and bottom, its tallest cell). Then each merged cell (a span, or a view outside any row) that is
///   wider than its columns and the gaps between them widens them by the difference, in equal shares
///   among its columns that hold no one-column cell, else among all of them.
/// - Any other proposal (SwiftUI's share-and-commit order, much as in a stack): every cell is asked
///   its size at 0 × 0 and at ∞ × ∞. Cells are taken in groups: by descending `layoutPriority`,
///   then fewest axes on which the ∞ answer is infinite, then least (∞ answer − 0 answer) summed
///   over the other axes (a `nil` proposal axis counts for neither), then cells without
///   `gridCellUnsizedAxes` before those with it, ties in source order. At a group's start the width
///   share is (proposed width − every column gap − the widths of the committed columns) ÷ the
///   number of columns still holding a one-column cell of the group's priority not yet sized; the
///   height share likewise over rows (any cell). A one-column cell is proposed max(share, its column's width so far);
///   a merged cell the proposed width less the other columns' shares (or widths, once committed);
///   each axis at its cell's current width or row height instead if it is unsized on that axis; a
///   `nil` proposal axis stays `nil`, an infinite one proposes ∞. Answers widen columns and rows (an
///   unsized cell's too); merged cells widen theirs after their group. After each group, a column
///   (row) whose cells are all done, or of lower priority, is committed at its width (height). So
///   two `Rectangle`s in different columns beside 20- and 10-wide boxes, proposed 200 × 100, get
///   96 each (GF6); a `Rectangle` outside any row is proposed the grid's whole width and widens
///   every column (GU10, Apple's `Divider` example); a cell that answers less than it is offered
///   leaves its column that narrow (GF1); fixed content does not fill the proposal (GP1); ∞
///   proposals give flexible cells, and the grid, infinite sizes (GP4).
/// - Placement: every cell is proposed its slot (its columns' width and gaps × its row's height), or
///   the proposal it was last measured at when its answer there is exactly the slot (GR1). A cell
///   with `gridCellAnchor` puts that unit point of itself on the same unit point of the slot. A
///   one-column cell in a `GridRow` is aligned with its column by the column's
///   `gridColumnAlignment` (the first declared, in row order, by any cell starting in it; else the
///   grid's), and with its row's cells on the row's guide (`GridRow(alignment:)`, else the grid's);
///   a group narrower or shorter than its column or row sits at its leading/centre/trailing or
///   top/centre/bottom (custom guides and text baselines: leading and top). Merged cells ignore
///   column alignment and the row guide: they are placed by the unit point of the grid's horizontal
///   alignment and the row's vertical one (Apple's gridCellAnchor(_:) page, "Anchor alignment for
///   merged cells"; GL8, GL12).
/// - Spacing: `horizontalSpacing` / `verticalSpacing`, `nil` meaning the system distance (8 pt);
///   negative values overlap neighbouring columns or rows (the size is the sum, as for stacks). A
///   column that no cell starts in (it exists only because of a span) has no gap before it (GS6).
///   SwiftUI's 0 pt beside a `Spacer` cell is not followed: the spacing is the same everywhere.
/// - Complexity: O(cells × groups) per proposal, plus the order (O(cells log cells)); two
///   measurements per cell for the order (cached), one per cell per proposal and one to place.
public struct Grid<Content: View>: View {
    public typealias Body = Never
    /// Where each cell's content goes in its cell.
    public var alignment: Alignment
    /// Points between columns; `nil`: the platform's spacing.
    public var horizontalSpacing: CGFloat?
    /// Points between rows; `nil`: the platform's spacing.
    public var verticalSpacing: CGFloat?
    let content: Content

    /// A grid of `GridRow`s (and views that span every column), its cells aligned on `alignment`.
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }
}

extension Grid: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {
        // Cells a `GridRow` made carry its mark on their first cell; the others are full-width rows.
        let elements = content.elements
        var rows: [GridRowSpec] = []
        var index = 0
        while index < elements.count {
            if let mark = elements[index].gridRowMark {
                let end = min(elements.count, index + mark.count)
                rows.append(GridRowSpec(alignment: mark.alignment, cells: Array(elements[index..<end])))
                index = end
            } else {
                rows.append(GridRowSpec(cells: [elements[index]], spansAllColumns: true))
                index += 1
            }
        }
        list.append(GridLayout.element(alignment: alignment, horizontalSpacing: horizontalSpacing,
                                       verticalSpacing: verticalSpacing, rows: rows))
    }
}

/// One row of a ``Grid``: its views are the row's cells, left to right; `alignment` (when given) is
/// the vertical guide its cells share. Outside a `Grid` it stands for its views, as a `Group` does.
public struct GridRow<Content: View>: View {
    public typealias Body = Never
    /// The row's vertical alignment (`nil`: the grid's).
    public var alignment: VerticalAlignment?
    let content: Content

    /// A row of the grid, its cells aligned vertically on `alignment` (`nil`: the grid's).
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
}

extension GridRow: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {
        let start = list.count
        content.appendElements(to: &list)
        if list.count > start { list[start].gridRowMark = GridRowMark(count: list.count - start, alignment: alignment) }
    }
}

/// A grid row as the grid's layout takes it (what `GridRow` and the layout file's rows become).
package struct GridRowSpec {
    package var alignment: VerticalAlignment?
    package var cells: [AnyElement]
    /// A view written in a `Grid` outside any `GridRow`: one cell across every column.
    package var spansAllColumns = false

    package init(alignment: VerticalAlignment? = nil, cells: [AnyElement], spansAllColumns: Bool = false) {
        self.alignment = alignment
        self.cells = cells
        self.spansAllColumns = spansAllColumns
    }
}

extension GridLayout {
    /// The grid element for `rows`: one `GridLayout` node whose subviews are the cells in row order.
    package static func element(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil,
                                verticalSpacing: CGFloat? = nil, rows: [GridRowSpec]) -> AnyElement {
        // Negative spacings are honoured (cells overlap), as SwiftUI's Grid and our stacks do; NaN is 0.
        func length(_ v: CGFloat?) -> CGFloat { v.map { $0.isNaN ? 0 : $0 } ?? ViewSpacing.defaultDistance }
        let layout = GridLayout(alignment: alignment, horizontalSpacing: length(horizontalSpacing),
                                verticalSpacing: length(verticalSpacing),
                                rows: rows.map { GridLayout.RowSpec(cellCount: $0.cells.count, alignment: $0.alignment,
                                                                    spansAllColumns: $0.spansAllColumns) })
        return AnyElement(layout: layout, children: rows.flatMap(\.cells))
    }
}

// MARK: - Cell layout values

/// How many columns a grid cell spans (default 1; values below 1 count as 1). Set it with `.gridCellColumns(_:)`.
public enum GridCellColumns: LayoutValueKey {
    public static let defaultValue = 1
}

/// The horizontal alignment of every cell in this cell's column (default `nil`: the grid's). When
/// several cells of a column set it, the topmost wins. Set it with `.gridColumnAlignment(_:)`.
public enum GridColumnAlignment: LayoutValueKey {
    public static let defaultValue: HorizontalAlignment? = nil
}

/// The unit point by which a grid cell is placed in its slot (default `nil`: the column's and the
/// row's alignment). Set it with `.gridCellAnchor(_:)`.
public enum GridCellAnchor: LayoutValueKey {
    public static let defaultValue: UnitPoint? = nil
}

/// The axes on which a grid cell is offered its column's width or row's height instead of a share
/// of the grid's proposal (default none). Set it with `.gridCellUnsizedAxes(_:)`.
public enum GridCellUnsizedAxes: LayoutValueKey {
    public static let defaultValue: Axis.Set = []
}

extension View {
    /// Makes this grid cell span `count` columns.
    public func gridCellColumns(_ count: Int) -> some View {
        layoutValue(key: GridCellColumns.self, value: count)
    }

    /// Aligns every cell of this cell's column on `guide`.
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
        layoutValue(key: GridColumnAlignment.self, value: guide)
    }

    /// Places this grid cell in its slot (its columns' width × its row's height) with the cell's
    /// `anchor` point on the slot's `anchor` point, instead of aligning it by its column and row.
    ///
    /// - The column's `gridColumnAlignment`, the row's `GridRow(alignment:)` and the grid's alignment
    ///   no longer move this cell, and it takes no part in its column's or row's guide group; the
    ///   cell still sizes its column and row as before. Any other cell of the column still declares
    ///   and follows the column's alignment.
    /// - Works on a spanning cell and on a view outside any `GridRow` (the slot is then the span's or
    ///   the grid's width).
    /// - Coordinates outside 0…1 are honoured (the cell overhangs its slot); NaN counts as 0.
    /// - Applied twice to one cell (or through a geometry modifier), the outer one wins; SwiftUI
    ///   lets the inner one win (MetalUI probe GL16).
    public func gridCellAnchor(_ anchor: UnitPoint) -> some View {
        let x = anchor.x.isNaN ? 0 : anchor.x, y = anchor.y.isNaN ? 0 : anchor.y
        return layoutValue(key: GridCellAnchor.self, value: UnitPoint(x: x, y: y))
    }

    /// Tells the grid not to offer this cell a share of its proposal on `axes`: on each, the cell is
    /// proposed its column's width (`.horizontal`) or its row's height (`.vertical`) as sized by the
    /// cells taken before it, so a flexible cell (`Rectangle`, a divider) no longer fills the grid.
    ///
    /// - The cell's answer still widens its column or heightens its row (a 100-wide unsized cell
    ///   makes its column 100 wide, MetalUI probe GU4/GU5), and it is taken after the other cells of
    ///   the same priority and flexibility, in a group of its own.
    /// - For a view outside any `GridRow` the column width is the grid's: the columns and gaps as the
    ///   other cells made them (Apple's `Divider().gridCellUnsizedAxes(.horizontal)` example).
    /// - With a `nil` proposal the grid asks every cell its ideal size and this has no effect; a
    ///   lone cell unsized on both axes is proposed 0 × 0.
    /// - `[]` is the default. Applied twice (or through a geometry modifier), the outer value wins;
    ///   SwiftUI takes the union (MetalUI probe GU12).
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View {
        layoutValue(key: GridCellUnsizedAxes.self, value: axes)
    }
}

// MARK: - The layout

/// The layout a ``Grid`` builds: its subviews are the cells in row order; `rows` says how many
/// belong to each row. Build it through `Grid`.
public struct GridLayout: Layout {
    struct RowSpec: Sendable {
        var cellCount: Int
        var alignment: VerticalAlignment?
        var spansAllColumns: Bool
    }

    let alignment: Alignment
    let horizontalSpacing: CGFloat
    let verticalSpacing: CGFloat
    let rows: [RowSpec]

    /// One cell's place and attributes.
    struct Cell {
        var row: Int
        var column: Int
        var span: Int
        /// A view outside any `GridRow`.
        var spansAllColumns: Bool
        var anchor: UnitPoint?
        var unsized: Axis.Set
        var priority: Double

        /// A merged cell: placed by unit points, not guides (a span or a view outside any row).
        var isMerged: Bool { span > 1 || spansAllColumns }
        /// Aligned with its column's cells on the column's guide and its row's on the row's.
        var alignsOnGuides: Bool { anchor == nil && !isMerged }
    }

    /// A cell's answers at 0 × 0 and ∞ × ∞, which decide the order cells are sized in.
    struct Extremes {
        var zero: CGSize
        var infinite: CGSize
    }

    /// The cells, the columns' alignments and gaps, and (once asked) the cells' extremes.
    public struct Cache {
        var cells: [Cell]
        var columnCount: Int
        var columnAlignment: [HorizontalAlignment?]
        /// The gap before each column: the spacing if some cell starts there, else 0 (0 for the first).
        var columnGap: [CGFloat]
        /// Columns holding a one-column cell (a merged cell's shortfall goes to the others first).
        var holdsOneColumnCell: [Bool]
        var extremes: [Extremes]?
    }

    public func makeCache(subviews: Subviews) -> Cache {
        var cells: [Cell] = []
        cells.reserveCapacity(subviews.count)
        var columnCount = 0
        var k = subviews.startIndex
        var fullWidth: [Int] = []
        var starts = Set<Int>()
        for (r, row) in rows.enumerated() {
            var column = 0
            for _ in 0..<row.cellCount where k < subviews.endIndex {
                let subview = subviews[k]
                let span = row.spansAllColumns ? 1 : max(1, subview[GridCellColumns.self])
                if row.spansAllColumns { fullWidth.append(cells.count) } else { starts.insert(column) }
                cells.append(Cell(row: r, column: column, span: span, spansAllColumns: row.spansAllColumns,
                                  anchor: subview[GridCellAnchor.self], unsized: subview[GridCellUnsizedAxes.self],
                                  priority: subview.priority))
                column += span
                k += 1
            }
            if !row.spansAllColumns { columnCount = max(columnCount, column) }
        }
        columnCount = max(columnCount, fullWidth.isEmpty ? 0 : 1)
        for i in fullWidth { cells[i].span = columnCount }
        var columnAlignment = [HorizontalAlignment?](repeating: nil, count: columnCount)
        var holds = [Bool](repeating: false, count: columnCount)
        for (i, cell) in cells.enumerated() where !cell.spansAllColumns {
            if columnAlignment[cell.column] == nil {
                columnAlignment[cell.column] = subviews[subviews.startIndex + i][GridColumnAlignment.self]
            }
            if cell.span == 1 { holds[cell.column] = true }
        }
        for cell in cells where cell.spansAllColumns && cell.span == 1 { holds[0] = true }
        let gaps = (0..<columnCount).map { $0 > 0 && starts.contains($0) ? horizontalSpacing : 0 }
        return Cache(cells: cells, columnCount: columnCount, columnAlignment: columnAlignment, columnGap: gaps,
                     holdsOneColumnCell: holds, extremes: nil)
    }

    /// Each cell's answers at 0 × 0 and ∞ × ∞, measured once and kept in the cache.
    func extremes(_ subviews: Subviews, _ cache: inout Cache) -> [Extremes] {
        if let extremes = cache.extremes { return extremes }
        let base = subviews.startIndex
        let extremes = cache.cells.indices.map {
            Extremes(zero: subviews[base + $0].sizeThatFits(.zero), infinite: subviews[base + $0].sizeThatFits(.infinity))
        }
        cache.extremes = extremes
        return extremes
    }

    /// The vertical guide of row `r`.
    func rowGuide(_ r: Int) -> VerticalAlignment { rows[r].alignment ?? alignment.vertical }

    /// Column `c`'s horizontal guide: its `gridColumnAlignment`, else the grid's.
    func columnGuide(_ c: Int, _ cache: Cache) -> HorizontalAlignment {
        cache.columnAlignment[c] ?? alignment.horizontal
    }

    /// A row's height so far: its guide-aligned cells' extent (above + below the guide) and its
    /// other cells' heights.
    struct RowExtent {
        var above = -CGFloat.infinity
        var below = -CGFloat.infinity
        var other: CGFloat = 0

        var height: CGFloat { above.isFinite ? max(other, above + below) : other }

        /// Takes a cell of `height` whose guide is at `guide` from its top (`nil`: not guide-aligned).
        mutating func absorb(height: CGFloat, guide: CGFloat?) {
            guard let guide, height.isFinite, guide.isFinite else { other = max(other, height); return }
            above = max(above, guide)
            below = max(below, height - guide)
        }
    }

    /// The columns' widths, the rows' heights, and each cell's last proposal and answer.
    struct Solution {
        var widths: [CGFloat]
        var heights: [CGFloat]
        var proposals: [ProposedViewSize]
        var answers: [CGSize]
    }

    /// Sizes the columns and rows for `proposal` (see ``Grid`` for the rules).
    func solve(_ proposal: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache) -> Solution {
        let cells = cache.cells
        let n = cache.columnCount
        let base = subviews.startIndex
        var widths = [CGFloat](repeating: 0, count: n)
        var extents = [RowExtent](repeating: RowExtent(), count: rows.count)
        var proposals = [ProposedViewSize](repeating: .unspecified, count: cells.count)
        var answers = [CGSize](repeating: .zero, count: cells.count)

        func innerGaps(_ cell: Cell) -> CGFloat {
            (cell.column + 1..<min(n, cell.column + cell.span)).reduce(0) { $0 + cache.columnGap[$1] }
        }
        func slotWidth(_ cell: Cell) -> CGFloat {
            (cell.column..<min(n, cell.column + cell.span)).reduce(0) { $0 + widths[$1] } + innerGaps(cell)
        }
        // Columns and rows whose size no longer takes shares ("committed"), and the sums of their
        // sizes, kept up to date as they grow (a lower-priority cell may still widen one).
        var committedColumn = [Bool](repeating: false, count: n)
        var committedRow = [Bool](repeating: false, count: rows.count)
        var committedWidth: CGFloat = 0, committedHeight: CGFloat = 0
        func setWidth(_ c: Int, _ value: CGFloat) {
            if committedColumn[c] { committedWidth += value - widths[c] }
            widths[c] = value
        }

        func measure(_ i: Int, _ p: ProposedViewSize) {
            let cell = cells[i]
            let size: CGSize
            let before = extents[cell.row].height
            if cell.alignsOnGuides {
                let d = subviews[base + i].dimensions(in: p)
                size = CGSize(width: d.width, height: d.height)
                extents[cell.row].absorb(height: d.height, guide: d[rowGuide(cell.row)])
            } else {
                size = subviews[base + i].sizeThatFits(p)
                extents[cell.row].absorb(height: size.height, guide: nil)
            }
            if committedRow[cell.row] { committedHeight += extents[cell.row].height - before }
            proposals[i] = p
            answers[i] = size
            if cell.span == 1 { setWidth(cell.column, max(widths[cell.column], size.width)) }
        }
        /// A merged cell wider than its columns widens them (its columns without one-column cells first).
        func widen(_ i: Int) {
            let cell = cells[i]
            let short = answers[i].width - slotWidth(cell)
            guard short > 0 else { return }
            let spanned = cell.column..<min(n, cell.column + cell.span)
            var targets = spanned.filter { !cache.holdsOneColumnCell[$0] }
            if targets.isEmpty { targets = Array(spanned) }
            for c in targets { setWidth(c, widths[c] + short / CGFloat(targets.count)) }
        }
        func solution() -> Solution {
            Solution(widths: widths, heights: extents.map(\.height), proposals: proposals, answers: answers)
        }

        if proposal.width == nil && proposal.height == nil {
            for i in cells.indices { measure(i, .unspecified) }
            for i in cells.indices where cells[i].isMerged { widen(i) }
            return solution()
        }

        // The order: priority, infinite axes, finite flexibility, unsized last, source order.
        let extremes = extremes(subviews, &cache)
        var infiniteAxes = [Int](repeating: 0, count: cells.count)
        var flexibility = [CGFloat](repeating: 0, count: cells.count)
        for i in cells.indices {
            let e = extremes[i]
            if proposal.width != nil {
                if e.infinite.width.isInfinite { infiniteAxes[i] += 1 } else { flexibility[i] += e.infinite.width - e.zero.width }
            }
            if proposal.height != nil {
                if e.infinite.height.isInfinite { infiniteAxes[i] += 1 } else { flexibility[i] += e.infinite.height - e.zero.height }
            }
        }
        func sameGroup(_ a: Int, _ b: Int) -> Bool {
            cells[a].priority == cells[b].priority && infiniteAxes[a] == infiniteAxes[b]
                && flexibility[a] == flexibility[b] && cells[a].unsized.isEmpty == cells[b].unsized.isEmpty
        }
        let order = cells.indices.sorted { a, b in
            if cells[a].priority != cells[b].priority { return cells[a].priority > cells[b].priority }
            if infiniteAxes[a] != infiniteAxes[b] { return infiniteAxes[a] < infiniteAxes[b] }
            if flexibility[a] != flexibility[b] { return flexibility[a] < flexibility[b] }
            if cells[a].unsized.isEmpty != cells[b].unsized.isEmpty { return cells[a].unsized.isEmpty }
            return a < b
        }

        let rowGaps = rowTops(extents.map { _ in 0 }).height  // the vertical gaps alone
        let width = proposal.width.map { $0 - cache.columnGap.reduce(0, +) }
        let height = proposal.height.map { $0 - rowGaps }
        // The cells of the current priority not sized yet, per column (one-column cells) and per
        // row, and how many columns and rows hold one: the "open" ones a share is divided among.
        // Kept as counts, so a group costs its own cells, not a walk over the grid (with a group
        // per cell, as cells of distinct flexibility make, the walks were quadratic).
        var pendingInColumn = [Int](repeating: 0, count: n)
        var pendingInRow = [Int](repeating: 0, count: rows.count)
        var openColumns = 0, openRows = 0
        var level = Double.nan
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && sameGroup(order[start], order[end]) { end += 1 }
            let firstOfLevel = cells[order[start]].priority != level
            if firstOfLevel {
                // Groups come by descending priority: count this priority's cells once.
                level = cells[order[start]].priority
                var k = start
                while k < order.count, cells[order[k]].priority == level {
                    let cell = cells[order[k]]
                    if cell.span == 1 {
                        if pendingInColumn[cell.column] == 0 { openColumns += 1 }
                        pendingInColumn[cell.column] += 1
                    }
                    if pendingInRow[cell.row] == 0 { openRows += 1 }
                    pendingInRow[cell.row] += 1
                    k += 1
                }
            }
            let widthShare = width.map { w -> CGFloat in
                w.isInfinite ? w : (w - committedWidth) / CGFloat(max(1, openColumns))
            }
            let heightShare = height.map { h -> CGFloat in
                h.isInfinite ? h : (h - committedHeight) / CGFloat(max(1, openRows))
            }

            for k in start..<end {
                let i = order[k]
                let cell = cells[i]
                var w: CGFloat?
                if let width, let widthShare {
                    if cell.unsized.contains(.horizontal) {
                        w = slotWidth(cell)
                    } else if cell.span == 1 {
                        w = max(widthShare, widths[cell.column])
                    } else if width.isInfinite {
                        w = width
                    } else {
                        let spanned = cell.column..<(cell.column + cell.span)
                        let outside = (0..<n).reduce(0) { sum, c in
                            spanned.contains(c) ? sum : sum + (pendingInColumn[c] > 0 ? widthShare : widths[c])
                        }
                        w = max(width - outside + innerGaps(cell), slotWidth(cell))
                    }
                }
                var h: CGFloat?
                if let heightShare {
                    h = cell.unsized.contains(.vertical) ? extents[cell.row].height : max(heightShare, extents[cell.row].height)
                }
                measure(i, ProposedViewSize(width: w, height: h))
            }
            for k in start..<end where cells[order[k]].isMerged { widen(order[k]) }

            // Commit the columns and rows left with no cell of this priority or higher to size: the
            // ones this group emptied, and (after a priority's first group) those that held none.
            func commitColumn(_ c: Int) {
                guard !committedColumn[c] else { return }
                committedColumn[c] = true
                committedWidth += widths[c]
            }
            func commitRow(_ r: Int) {
                guard !committedRow[r] else { return }
                committedRow[r] = true
                committedHeight += extents[r].height
            }
            for k in start..<end {
                let cell = cells[order[k]]
                if cell.span == 1 {
                    pendingInColumn[cell.column] -= 1
                    if pendingInColumn[cell.column] == 0 {
                        openColumns -= 1
                        commitColumn(cell.column)
                    }
                }
                pendingInRow[cell.row] -= 1
                if pendingInRow[cell.row] == 0 {
                    openRows -= 1
                    commitRow(cell.row)
                }
            }
            if firstOfLevel {
                for c in 0..<n where pendingInColumn[c] == 0 { commitColumn(c) }
                for r in rows.indices where pendingInRow[r] == 0 { commitRow(r) }
            }
            start = end
        }
        return solution()
    }

    /// Row tops (from the grid's top) and the grid's height; rows without cells take no space.
    func rowTops(_ heights: [CGFloat]) -> (tops: [CGFloat], height: CGFloat) {
        var tops: [CGFloat] = []
        var y: CGFloat = 0
        var first = true
        for (r, h) in heights.enumerated() {
            if rows[r].cellCount > 0 {
                if !first { y += verticalSpacing }
                first = false
            }
            tops.append(y)
            y += h
        }
        return (tops, y)
    }

    /// Column lefts (from the grid's leading edge) and the grid's width.
    func columnLefts(_ widths: [CGFloat], _ cache: Cache) -> (lefts: [CGFloat], width: CGFloat) {
        var lefts: [CGFloat] = []
        var x: CGFloat = 0
        for (c, w) in widths.enumerated() {
            x += cache.columnGap[c]
            lefts.append(x)
            x += w
        }
        return (lefts, x)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        guard !cache.cells.isEmpty else { return .zero }
        let solution = solve(proposal, subviews, &cache)
        return CGSize(width: columnLefts(solution.widths, cache).width, height: rowTops(solution.heights).height)
    }

    /// Where a guide puts the aligned group inside spare width: 0 leading, ½ centre, 1 trailing
    /// (custom guides: leading).
    static func fraction(_ guide: HorizontalAlignment) -> CGFloat {
        switch guide {
        case .center: 0.5
        case .trailing: 1
        default: 0
        }
    }

    /// Where a row's guide puts its aligned cells inside spare height: 0 top, ½ centre, 1 bottom
    /// (text baselines and custom guides: top).
    static func fraction(_ guide: VerticalAlignment) -> CGFloat {
        switch guide {
        case .center: 0.5
        case .bottom: 1
        default: 0
        }
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        guard !cache.cells.isEmpty else { return }
        let solution = solve(proposal, subviews, &cache)
        let widths = solution.widths, heights = solution.heights
        let tops = rowTops(heights).tops
        let lefts = columnLefts(widths, cache).lefts
        let cells = cache.cells
        let n = widths.count
        func slotWidth(_ cell: Cell) -> CGFloat {
            let columns = cell.column..<min(n, cell.column + cell.span)
            return columns.reduce(0) { $0 + widths[$1] } + columns.dropFirst().reduce(0) { $0 + cache.columnGap[$1] }
        }

        // Measure every cell at its slot, then align the guide-aligned cells as a group per column
        // and per row; anchored and merged cells by unit points.
        let base = subviews.startIndex
        var placed: [(proposal: ProposedViewSize, d: ViewDimensions, slot: CGSize)] = []
        placed.reserveCapacity(cells.count)
        var line = [CGFloat](repeating: -.infinity, count: n)
        var right = [CGFloat](repeating: -.infinity, count: n)
        var ascent = [CGFloat](repeating: -.infinity, count: rows.count)
        var descent = [CGFloat](repeating: -.infinity, count: rows.count)
        for (i, cell) in cells.enumerated() {
            let slot = CGSize(width: slotWidth(cell), height: heights[cell.row])
            // SwiftUI places a cell whose answer is exactly its slot at the proposal it answered (GR1).
            let p = solution.answers[i] == slot ? solution.proposals[i] : ProposedViewSize(slot)
            let d = subviews[base + i].dimensions(in: p)
            placed.append((p, d, slot))
            guard cell.alignsOnGuides else { continue }
            let g = d[columnGuide(cell.column, cache)]
            line[cell.column] = max(line[cell.column], g)
            right[cell.column] = max(right[cell.column], d.width - g)
            let v = d[rowGuide(cell.row)]
            ascent[cell.row] = max(ascent[cell.row], v)
            descent[cell.row] = max(descent[cell.row], d.height - v)
        }
        for (i, cell) in cells.enumerated() {
            let (p, d, slot) = placed[i]
            let r = cell.row
            var x = lefts[cell.column], y = tops[r]
            if let anchor = cell.anchor {
                x += (slot.width - d.width) * anchor.x
                y += (slot.height - d.height) * anchor.y
            } else if cell.isMerged {
                x += (slot.width - d.width) * Self.fraction(alignment.horizontal)
                y += (slot.height - d.height) * Self.fraction(rowGuide(r))
            } else {
                let guide = columnGuide(cell.column, cache)
                let extent = line[cell.column] + right[cell.column]
                x += (slot.width - extent) * Self.fraction(guide) + line[cell.column] - d[guide]
                y += (slot.height - ascent[r] - descent[r]) * Self.fraction(rowGuide(r)) + ascent[r] - d[rowGuide(r)]
            }
            subviews[base + i].place(at: CGPoint(x: bounds.minX + x, y: bounds.minY + y), proposal: p)
        }
    }
}
