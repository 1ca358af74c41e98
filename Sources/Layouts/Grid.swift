import Foundation
import LayoutCore

// Grid and GridRow, as SwiftUI spells them. A `Layout` sees only its direct subviews, so a grid
// cannot reach cells nested inside row elements: `Grid` flattens its rows into one `GridLayout`
// node whose subviews are the cells, and keeps the row structure (cells per row, row alignment,
// full-width rows) in the layout value itself. Cells therefore appear in a result as the grid's
// children, in row order (path [grid, k] for the k-th cell); rows have no element of their own.
//
// | step | function |
// |---|---|
// | cells' columns and spans, measured once (ideal, min, max widths) | `GridLayout.makeCache(subviews:)` |
// | column widths: widest cell, spans, flexible columns take the rest | `GridLayout.columnWidths(_:_:)` |
// | row heights on each row's guide | `GridLayout.rowMetrics(_:_:_:)` |
// | row heights for a finite proposed height: spare or short height shared | `GridLayout.rowHeights(_:_:_:_:)` |
// | placement: column alignment, row guide | `GridLayout.placeSubviews(in:proposal:subviews:cache:)` |

/// One row of a ``Grid``: its cells left to right, and optionally the vertical guide its cells share.
///
/// Not an element on its own (see the note at the top of Grid.swift): it only makes sense in a `Grid`.
public struct GridRow: Sendable {
    /// The row's vertical alignment (`nil`: the grid's).
    public var alignment: VerticalAlignment?
    /// The cells, left to right (a cell spans `gridCellColumns` columns).
    public var cells: [AnyElement]
    /// A view written in a `Grid` outside any `GridRow`: one cell across every column.
    var spansAllColumns = false

    public init(alignment: VerticalAlignment? = nil, @ElementBuilder content: () -> [AnyElement]) {
        self.init(alignment: alignment, cells: content())
    }

    public init(alignment: VerticalAlignment? = nil, cells: [AnyElement]) {
        self.alignment = alignment
        self.cells = cells
    }
}

/// Builds a grid's rows: `GridRow { … }` values, and any other element as a row of one cell
/// spanning every column (as SwiftUI does for a view outside a `GridRow`).
@resultBuilder
public enum GridBuilder {
    public static func buildExpression(_ row: GridRow) -> [GridRow] { [row] }
    public static func buildExpression(_ rows: [GridRow]) -> [GridRow] { rows }
    public static func buildExpression(_ element: some Element) -> [GridRow] {
        var row = GridRow(cells: [element.anyElement])
        row.spansAllColumns = true
        return [row]
    }
    public static func buildBlock(_ parts: [GridRow]...) -> [GridRow] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [GridRow]?) -> [GridRow] { part ?? [] }
    public static func buildEither(first: [GridRow]) -> [GridRow] { first }
    public static func buildEither(second: [GridRow]) -> [GridRow] { second }
    public static func buildArray(_ parts: [[GridRow]]) -> [GridRow] { parts.flatMap { $0 } }
}

/// SwiftUI's `Grid`: cells in rows and columns; each column as wide as its widest cell, each row
/// as tall as its cells aligned on the row's guide.
///
/// - Columns: a column's width is the largest ideal width of its one-column cells; a cell spanning
///   k columns (`gridCellColumns(k)`) that is wider than them (plus the spacing between them)
///   widens each by an equal share of the difference; a full-width row does the same over every
///   column. With a finite proposed width, the width left over goes in equal shares to the
///   columns whose cells can grow (their width under an infinite proposal is larger), each up to
///   that maximum; a shortfall is taken in equal shares from columns that can shrink, each down to
///   its cells' minimum (width under a 0 proposal). `nil` gives the ideal widths; an infinite
///   width gives every column its maximum.
/// - Rows: each cell is measured at its column (or span) width and `nil` height; a row's ideal height
///   is its cells' extent on the row's guide (`GridRow(alignment:)`, else the grid's vertical
///   alignment): ascent = max guide value, descent = max(height − guide value). A finite proposed
///   height is shared the way a finite width is shared among columns: the height left over after
///   the vertical spacing goes in equal shares to the rows whose cells can grow (their tallest cell
///   under an infinite height, at the column width), each up to that maximum; a shortfall is taken
///   in equal shares from rows that can shrink, down to their tallest cell under a 0 height. So a
///   grid of one `Rectangle` proposed 300 × 300 is 300 × 300, as in SwiftUI, where flexible cells
///   size rows unless `gridCellUnsizedAxes` says otherwise (not supported here). A `nil` **or
///   infinite** height gives the ideal heights (an infinite height does not give every row its
///   maximum as an infinite width does for columns: rows of flexible cells would be infinite).
///   Rows without cells take no space.
/// - Placement: every cell is proposed its cell's size (width × row height) and aligned inside by
///   its column's `gridColumnAlignment` (else the grid's horizontal alignment) and the row's guide;
///   a row taller than its aligned cells places them as a group at the top, centre or bottom (text
///   baselines and custom guides: top).
/// - Spacing: `horizontalSpacing` / `verticalSpacing`, `nil` meaning the system distance (8 pt);
///   negative values overlap neighbouring columns or rows (the size is the sum, as for stacks).
/// - Complexity: O(cells + columns²) per proposal; three measurements per cell, once (the cache).
public struct Grid: Element {
    public var alignment: Alignment
    public var horizontalSpacing: CGFloat?
    public var verticalSpacing: CGFloat?
    public var rows: [GridRow]

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @GridBuilder content: () -> [GridRow]) {
        self.init(alignment: alignment, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing, rows: content())
    }

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil, rows: [GridRow]) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.rows = rows
    }

    public var anyElement: AnyElement {
        // Negative spacings are honoured (cells overlap), as SwiftUI's Grid and our stacks do; NaN is 0.
        func length(_ v: CGFloat?) -> CGFloat { v.map { $0.isNaN ? 0 : $0 } ?? ViewSpacing.defaultDistance }
        let layout = GridLayout(alignment: alignment, horizontalSpacing: length(horizontalSpacing),
                                verticalSpacing: length(verticalSpacing),
                                rows: rows.map { GridLayout.RowSpec(cellCount: $0.cells.count, alignment: $0.alignment,
                                                                    spansAllColumns: $0.spansAllColumns) })
        let cells = rows.flatMap(\.cells)
        return layout { cells }
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

extension Element {
    /// Makes this grid cell span `count` columns.
    public func gridCellColumns(_ count: Int) -> AnyElement {
        layoutValue(key: GridCellColumns.self, value: count)
    }

    /// Aligns every cell of this cell's column on `guide`.
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> AnyElement {
        layoutValue(key: GridColumnAlignment.self, value: guide)
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

    /// One cell's place and its width measurements (ideal, under a 0 and an infinite proposal).
    struct Cell {
        var row: Int
        var column: Int
        var span: Int
        var ideal: CGFloat
        var minimum: CGFloat
        var maximum: CGFloat
    }

    /// The cells' places and width measurements, and each column's alignment.
    public struct Cache {
        var cells: [Cell]
        var columnCount: Int
        var columnAlignment: [HorizontalAlignment?]
    }

    public func makeCache(subviews: Subviews) -> Cache {
        var cells: [Cell] = []
        cells.reserveCapacity(subviews.count)
        var columnCount = 0
        var k = subviews.startIndex
        var fullWidth: [Int] = []
        for (r, row) in rows.enumerated() {
            var column = 0
            for _ in 0..<row.cellCount where k < subviews.endIndex {
                let subview = subviews[k]
                let span = row.spansAllColumns ? 1 : max(1, subview[GridCellColumns.self])
                if row.spansAllColumns { fullWidth.append(cells.count) }
                cells.append(Cell(row: r, column: column, span: span,
                                  ideal: subview.sizeThatFits(.unspecified).width,
                                  minimum: subview.sizeThatFits(ProposedViewSize(width: 0, height: nil)).width,
                                  maximum: subview.sizeThatFits(ProposedViewSize(width: .infinity, height: nil)).width))
                column += span
                k += 1
            }
            if !row.spansAllColumns { columnCount = max(columnCount, column) }
        }
        columnCount = max(columnCount, fullWidth.isEmpty ? 0 : 1)
        for i in fullWidth { cells[i].span = columnCount }
        var columnAlignment = [HorizontalAlignment?](repeating: nil, count: columnCount)
        for (i, cell) in cells.enumerated() where columnAlignment[cell.column] == nil {
            columnAlignment[cell.column] = subviews[subviews.startIndex + i][GridColumnAlignment.self]
        }
        return Cache(cells: cells, columnCount: columnCount, columnAlignment: columnAlignment)
    }

    /// Each column's width for the proposed width (see ``Grid`` for the rules).
    func columnWidths(_ width: CGFloat?, _ cache: Cache) -> [CGFloat] {
        let n = cache.columnCount
        var ideal = [CGFloat](repeating: 0, count: n)
        var minimum = [CGFloat](repeating: 0, count: n)
        var maximum = [CGFloat](repeating: 0, count: n)
        for cell in cache.cells where cell.span == 1 {
            ideal[cell.column] = max(ideal[cell.column], cell.ideal)
            minimum[cell.column] = max(minimum[cell.column], cell.minimum)
            maximum[cell.column] = max(maximum[cell.column], cell.maximum)
        }
        for cell in cache.cells where cell.span > 1 {
            let columns = cell.column..<min(n, cell.column + cell.span)
            let spacing = horizontalSpacing * CGFloat(columns.count - 1)
            let short = cell.ideal - (columns.reduce(0) { $0 + ideal[$1] } + spacing)
            if short > 0 { for c in columns { ideal[c] += short / CGFloat(columns.count) } }
        }
        for c in 0..<n {
            minimum[c] = min(minimum[c], ideal[c])
            maximum[c] = max(maximum[c], ideal[c])
        }
        guard let width else { return ideal }
        if width.isInfinite { return maximum }
        let available = width - horizontalSpacing * CGFloat(max(0, n - 1))
        let total = ideal.reduce(0, +)
        if available > total { return Self.share(available - total, from: ideal, limits: maximum) }
        if available < total {
            let shrunk = Self.share(total - available, from: ideal.map { -$0 }, limits: minimum.map { -$0 })
            return shrunk.map { -$0 }
        }
        return ideal
    }

    /// Adds `amount` to `lengths` in equal shares, each length capped at its limit (water-filling).
    static func share(_ amount: CGFloat, from lengths: [CGFloat], limits: [CGFloat]) -> [CGFloat] {
        var result = lengths
        var left = amount
        var open = lengths.indices.filter { limits[$0] > lengths[$0] }
        while left > 1e-12 && !open.isEmpty {
            let each = left / CGFloat(open.count)
            var stillOpen: [Int] = []
            for c in open {
                let given = min(each, limits[c] - result[c])
                result[c] += given
                left -= given
                if result[c] < limits[c] { stillOpen.append(c) }
            }
            if stillOpen.count == open.count { break }  // everyone took a full share
            open = stillOpen
        }
        return result
    }

    /// A cell's width: its columns' widths and the spacing between them.
    func cellWidth(_ cell: Cell, _ widths: [CGFloat]) -> CGFloat {
        let columns = cell.column..<min(widths.count, cell.column + cell.span)
        return columns.reduce(0) { $0 + widths[$1] } + horizontalSpacing * CGFloat(max(0, columns.count - 1))
    }

    /// The vertical guide of row `r`.
    func rowGuide(_ r: Int) -> VerticalAlignment { rows[r].alignment ?? alignment.vertical }

    /// Each row's ascent and descent on its guide, cells measured at (cell width × `nil`).
    func rowMetrics(_ widths: [CGFloat], _ subviews: Subviews, _ cache: Cache) -> [(ascent: CGFloat, descent: CGFloat)] {
        var metrics = [(ascent: CGFloat, descent: CGFloat)](repeating: (-.infinity, -.infinity), count: rows.count)
        for (i, cell) in cache.cells.enumerated() {
            let d = subviews[subviews.startIndex + i].dimensions(in: ProposedViewSize(width: cellWidth(cell, widths), height: nil))
            let g = d[rowGuide(cell.row)]
            metrics[cell.row].ascent = max(metrics[cell.row].ascent, g)
            metrics[cell.row].descent = max(metrics[cell.row].descent, d.height - g)
        }
        return metrics.map { $0.ascent.isFinite ? $0 : (0, 0) }
    }

    /// Each row's height for the proposed height: the ideal (``rowMetrics(_:_:_:)``) for `nil` or an
    /// infinite height; for a finite one, the ideals grown or shrunk as ``columnWidths(_:_:)`` does
    /// for columns (see ``Grid``), cells measured at their cell width.
    /// - Complexity: two more measurements per cell, for a finite height only.
    func rowHeights(_ height: CGFloat?, _ widths: [CGFloat], _ subviews: Subviews, _ cache: Cache) -> [CGFloat] {
        let ideal = rowMetrics(widths, subviews, cache).map { $0.ascent + $0.descent }
        guard let height, height.isFinite else { return ideal }
        var minimum = [CGFloat](repeating: 0, count: rows.count)
        var maximum = [CGFloat](repeating: 0, count: rows.count)
        for (i, cell) in cache.cells.enumerated() {
            let subview = subviews[subviews.startIndex + i]
            let width = cellWidth(cell, widths)
            minimum[cell.row] = max(minimum[cell.row], subview.sizeThatFits(ProposedViewSize(width: width, height: 0)).height)
            maximum[cell.row] = max(maximum[cell.row], subview.sizeThatFits(ProposedViewSize(width: width, height: .infinity)).height)
        }
        for r in rows.indices {
            minimum[r] = min(minimum[r], ideal[r])
            maximum[r] = max(maximum[r], ideal[r])
        }
        let filled = rows.count { $0.cellCount > 0 }
        let available = height - verticalSpacing * CGFloat(max(0, filled - 1))
        let total = ideal.reduce(0, +)
        if available > total { return Self.share(available - total, from: ideal, limits: maximum) }
        if available < total {
            return Self.share(total - available, from: ideal.map { -$0 }, limits: minimum.map { -$0 }).map { -$0 }
        }
        return ideal
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

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        guard !cache.cells.isEmpty else { return .zero }
        let widths = columnWidths(proposal.width, cache)
        let height = rowTops(rowHeights(proposal.height, widths, subviews, cache)).height
        let width = widths.reduce(0, +) + horizontalSpacing * CGFloat(max(0, widths.count - 1))
        return CGSize(width: width, height: height)
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
        let widths = columnWidths(proposal.width, cache)
        let heights = rowHeights(proposal.height, widths, subviews, cache)
        let tops = rowTops(heights).tops
        var columnX = [CGFloat](repeating: 0, count: widths.count)
        for c in widths.indices.dropFirst() { columnX[c] = columnX[c - 1] + widths[c - 1] + horizontalSpacing }

        // Measure every cell at its final proposal, then align one-column cells as a group per
        // column, and each row's cells as a group on its guide.
        let base = subviews.startIndex
        var placed: [(proposal: ProposedViewSize, d: ViewDimensions)] = []
        placed.reserveCapacity(cache.cells.count)
        var line = [CGFloat](repeating: -.infinity, count: widths.count)
        var right = [CGFloat](repeating: -.infinity, count: widths.count)
        var ascent = [CGFloat](repeating: -.infinity, count: rows.count)
        var descent = [CGFloat](repeating: -.infinity, count: rows.count)
        for (i, cell) in cache.cells.enumerated() {
            let p = ProposedViewSize(width: cellWidth(cell, widths), height: heights[cell.row])
            let d = subviews[base + i].dimensions(in: p)
            placed.append((p, d))
            if cell.span == 1 {
                let g = d[columnGuide(cell.column, cache)]
                line[cell.column] = max(line[cell.column], g)
                right[cell.column] = max(right[cell.column], d.width - g)
            }
            let g = d[rowGuide(cell.row)]
            ascent[cell.row] = max(ascent[cell.row], g)
            descent[cell.row] = max(descent[cell.row], d.height - g)
        }
        for (i, cell) in cache.cells.enumerated() {
            let (p, d) = placed[i]
            let guide = columnGuide(cell.column, cache)
            let spare: CGFloat
            let x: CGFloat
            if cell.span == 1 {
                let extent = line[cell.column] + right[cell.column]
                spare = (widths[cell.column] - extent) * Self.fraction(guide)
                x = columnX[cell.column] + spare + line[cell.column] - d[guide]
            } else {
                x = columnX[cell.column] + (p.width! - d.width) * Self.fraction(guide)
            }
            let r = cell.row
            let y = tops[r] + (heights[r] - ascent[r] - descent[r]) * Self.fraction(rowGuide(r)) + ascent[r] - d[rowGuide(r)]
            subviews[base + i].place(at: CGPoint(x: bounds.minX + x, y: bounds.minY + y), proposal: p)
        }
    }

    /// Column `c`'s horizontal guide: its `gridColumnAlignment`, else the grid's.
    func columnGuide(_ c: Int, _ cache: Cache) -> HorizontalAlignment {
        cache.columnAlignment[c] ?? alignment.horizontal
    }
}
