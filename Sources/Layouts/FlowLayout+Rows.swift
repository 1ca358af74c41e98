import Foundation
import LayoutCore

// The flow's row plan: one deterministic function of (proposal, cached measurements) that both
// `sizeThatFits` and `placeSubviews` run.
//
// | step | function |
// |---|---|
// | greedy rows, over-wide items alone at the row width, forced breaks | `greedyRows(_:limit:rowWidth:_:_:)` |
// | even rows within the greedy count | `balance(_:rowWidth:_:_:)` |
// | `maxRows`: hide the rest, end the last row with the overflow element | `truncate(_:to:rowWidth:_:_:)` |
// | row tops, line spacing, the flow's size | `stack(_:_:)` |

extension FlowLayout {
    /// A subview's size and guide value under the proposal it is placed with.
    struct Measured {
        var size: CGSize
        var guide: CGFloat
        var proposal: ProposedViewSize
    }

    /// The overflow element ending a row.
    struct RowIndicator {
        var offset: Int
        var measured: Measured
        /// The distance from the row's last item (0 when it is alone).
        var gapBefore: CGFloat
        var spacingClass: Int
    }

    /// One row: items `start..<end` (positions in `Cache.items`), its width (overflow element
    /// included), ascent and descent on the flow's guide, and its top (from the flow's top).
    ///
    /// The width is the furthest right edge of the row's items, not the sum of widths and gaps:
    /// with a negative `spacing` (honoured, as SwiftUI's stacks and grids honour it) an item may
    /// end before its neighbour does, and a sum could even go negative. The sum is what the cursor
    /// tracks (where the next item's gap starts); for gaps ≥ 0 the two agree. Adding an item never
    /// narrows a row, so greedy filling and the balance bisection stay monotonic.
    struct Row {
        var start: Int
        var end: Int
        var width: CGFloat = 0
        /// The right edge of the last item added (the sum of widths and gaps so far).
        var cursor: CGFloat = 0
        var ascent: CGFloat = -.infinity
        var descent: CGFloat = -.infinity
        var top: CGFloat = 0
        /// Set for an over-wide item (alone in its row), measured at the row width.
        var overWide: Measured?
        var indicator: RowIndicator?

        init(start: Int) {
            self.start = start
            self.end = start
        }

        var itemCount: Int { end - start }
        var isEmpty: Bool { end == start && indicator == nil }
        var height: CGFloat { isEmpty ? 0 : ascent + descent }

        @inline(__always)
        mutating func add(width w: CGFloat, height h: CGFloat, guide: CGFloat, gapBefore: CGFloat) {
            cursor += gapBefore + w
            width = max(width, cursor)
            ascent = max(ascent, guide)
            descent = max(descent, h - guide)
        }
    }

    /// The rows for one proposal and how many items `maxRows` hid.
    struct RowPlan {
        var rows: [Row]
        var size: CGSize
        var hiddenCount: Int
    }

    /// Widths within this of the limit still fit (absorbs rounding in sums of spacings).
    @inline(__always)
    static func fits(_ width: CGFloat, _ limit: CGFloat) -> Bool { width <= limit + 1e-9 * max(1, limit) }

    /// The row plan for `proposal`: which items go in which row, how each is proposed, where rows are.
    ///
    /// A `nil` or infinite width is no limit. Deterministic: the same proposal and cache give the
    /// same plan, so sizing and placement agree.
    func planRows(_ proposal: ProposedViewSize, _ subviews: Subviews, _ cache: Cache) -> RowPlan {
        let n = cache.items.count
        guard n > 0 else { return RowPlan(rows: [], size: .zero, hiddenCount: 0) }
        let rowWidth: CGFloat = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? .infinity
        // The rows of the previous proposal (a relayout is usually at a nearby width), and a
        // quarter more, size the array once: grown by appending, it copied every row (a row is
        // ~200 bytes) a dozen times a pass, 13 % of a 10,000-item relayout (callgrind).
        let expected = cache.lastPlan.map { $0.plan.rows.count + $0.plan.rows.count / 4 } ?? 0
        var rows = greedyRows(0..<n, limit: rowWidth, rowWidth: rowWidth, subviews, cache, capacity: expected)
        var hidden = 0
        if let maxRows, rows.count > maxRows {
            hidden = truncate(&rows, to: maxRows, rowWidth: rowWidth, subviews, cache)
        } else if rowBreaking == .balanced, rowWidth.isFinite {
            rows = balance(rows, rowWidth: rowWidth, subviews, cache)
        }
        let size = stack(&rows, cache)
        return RowPlan(rows: rows, size: size, hiddenCount: hidden)
    }

    /// Item k measured at the row width (it is over-wide).
    func overWide(_ k: Int, rowWidth: CGFloat, _ subviews: Subviews, _ cache: Cache) -> Measured {
        let p = ProposedViewSize(width: rowWidth, height: nil)
        let d = subviews[subviews.startIndex + cache.items[k]].dimensions(in: p)
        return Measured(size: CGSize(width: d.width, height: d.height), guide: d[verticalAlignment], proposal: p)
    }

    /// Greedy rows over `items`: each row takes items while they fit `limit`; an item marked
    /// `startsNewRow` begins a row; an item wider than `rowWidth` gets a row of its own and is
    /// measured at `rowWidth`.
    /// `capacity`: the rows expected, to size the array once (0: grow it).
    /// - Complexity: O(items.count) plus one measurement per over-wide item.
    func greedyRows(_ items: Range<Int>, limit: CGFloat, rowWidth: CGFloat, _ subviews: Subviews, _ cache: Cache,
                    capacity: Int = 0) -> [Row] {
        var rows: [Row] = []
        if capacity > 0 { rows.reserveCapacity(capacity) }
        let slackLimit = limit + 1e-9 * max(1, limit)  // `fits`, hoisted
        let metrics = cache.metrics, breaks = cache.breaks, gaps = cache.gaps, spacing = spacing
        var k = items.lowerBound
        while k < items.upperBound {
            let first = metrics[k]
            if first.width > rowWidth {
                let m = overWide(k, rowWidth: rowWidth, subviews, cache)
                var alone = Row(start: k)
                alone.end = k + 1
                alone.add(width: m.size.width, height: m.size.height, guide: m.guide, gapBefore: 0)
                alone.overWide = m
                rows.append(alone)
                k += 1
                continue
            }
            // A row opens at k (a forced break does not matter to a row's first item); `cursor` and
            // `width` as in `Row`.
            let start = k
            var width = first.width, cursor = first.width, ascent = first.guide, descent = first.height - first.guide
            k += 1
            // The hot loop: it takes items while they fit, and has no call in it, so that the open
            // row stays in registers (with the row closed and over-wide items measured inside the
            // loop, every variable was kept on the stack: ~45 instructions an item, callgrind).
            while k < items.upperBound {
                let item = metrics[k]
                let next = cursor + (spacing ?? gaps[k - 1]) + item.width
                guard !(item.width > rowWidth), !breaks[k], next <= slackLimit else { break }
                cursor = next
                width = max(width, next)
                ascent = max(ascent, item.guide)
                descent = max(descent, item.height - item.guide)
                k += 1
            }
            var row = Row(start: start)
            row.end = k
            row.width = width
            row.cursor = cursor
            row.ascent = ascent
            row.descent = descent
            rows.append(row)
        }
        return rows
    }

    /// How many greedy rows `items` need at `limit` (none is over-wide or forced inside `items`).
    func rowCount(_ items: Range<Int>, limit: CGFloat, _ cache: Cache) -> Int {
        var count = 1
        var cursor = cache.metrics[items.lowerBound].width  // the row's right edge so far (see `Row`)
        for k in items.dropFirst() {
            let w = cache.metrics[k].width
            let next = cursor + gap(after: k - 1, cache) + w
            if Self.fits(next, limit) { cursor = next } else { count += 1; cursor = w }
        }
        return count
    }

    /// Balanced rows: each run of greedy rows between forced breaks and over-wide items is broken
    /// again at the smallest width that needs no more rows than greedy did (bisection over the
    /// width), so the widest row is as narrow as the row count allows.
    /// - Complexity: O(n × 64) at most.
    func balance(_ rows: [Row], rowWidth: CGFloat, _ subviews: Subviews, _ cache: Cache) -> [Row] {
        var result: [Row] = []
        result.reserveCapacity(rows.count)
        var i = 0
        while i < rows.count {
            var j = i + 1
            if rows[i].overWide == nil {
                while j < rows.count && rows[j].overWide == nil && !cache.breaks[rows[j].start] { j += 1 }
            }
            let target = j - i
            guard target > 1 else { result.append(contentsOf: rows[i..<j]); i = j; continue }
            let items = rows[i].start..<rows[j - 1].end
            var total: CGFloat = 0
            var widest: CGFloat = 0
            for k in items {
                total += cache.metrics[k].width
                widest = max(widest, cache.metrics[k].width)
            }
            // total ÷ rows bounds the widest row from below only when no gap is negative.
            var lo = (spacing ?? 0) < 0 ? widest : max(widest, total / CGFloat(target))
            var hi = rows[i..<j].reduce(0) { max($0, $1.width) }  // greedy's widest row: feasible
            if rowCount(items, limit: lo, cache) <= target { hi = lo }
            var rounds = 0
            while hi - lo > 1e-9 * max(1, hi) && rounds < 64 {
                let mid = (lo + hi) / 2
                if rowCount(items, limit: mid, cache) <= target { hi = mid } else { lo = mid }
                rounds += 1
            }
            let balanced = greedyRows(items, limit: hi, rowWidth: rowWidth, subviews, cache)
            // Never more rows than greedy (a guard: the bisection keeps the count by construction).
            result.append(contentsOf: balanced.count <= target ? balanced[...] : rows[i..<j])
            i = j
        }
        return result
    }

    /// Keeps the first `maxRows` rows and ends the last with the overflow element for the number
    /// of items hidden, dropping items from its end while the element does not fit. Returns the
    /// hidden count. With no element for a count, the rows end without one.
    /// - Complexity: O(length of the last row): its right edges are summed once, at the first drop, so
    ///   each drop costs O(1) (recounting the row at every drop made k drops O(n·k), quadratic).
    func truncate(_ rows: inout [Row], to maxRows: Int, rowWidth: CGFloat, _ subviews: Subviews, _ cache: Cache) -> Int {
        rows.removeSubrange(maxRows...)
        var last = rows[maxRows - 1]
        var hidden = cache.items.count - last.end
        // `edges[j]`: the row's cursor and width after its first j items, summed in `Row.add`'s order
        // (so each equals what a recount of the shortened row gives).
        var edges: [(cursor: CGFloat, width: CGFloat)] = []
        while let indicator = cache.indicators[hidden] {
            var m = Measured(size: indicator.size, guide: indicator.guide, proposal: .unspecified)
            if last.itemCount == 0 {
                if m.size.width > rowWidth {
                    let p = ProposedViewSize(width: rowWidth, height: nil)
                    let d = subviews[subviews.startIndex + indicator.offset].dimensions(in: p)
                    m = Measured(size: CGSize(width: d.width, height: d.height), guide: d[verticalAlignment], proposal: p)
                }
                last.indicator = RowIndicator(offset: indicator.offset, measured: m, gapBefore: 0, spacingClass: indicator.spacingClass)
                break
            }
            let gap = spacing ?? cache.spacings[cache.spacingClass[last.end - 1]]
                .distance(to: cache.spacings[indicator.spacingClass], along: .horizontal)
            if Self.fits(max(last.width, last.cursor + gap + m.size.width), rowWidth) {
                last.indicator = RowIndicator(offset: indicator.offset, measured: m, gapBefore: gap, spacingClass: indicator.spacingClass)
                break
            }
            if edges.isEmpty, last.overWide == nil { edges = rightEdges(last, cache) }
            last.end -= 1
            last.overWide = nil
            (last.cursor, last.width) = last.itemCount > 0 ? edges[last.itemCount] : (0, 0)
            hidden += 1
        }
        recomputeMetrics(&last, cache)
        rows[maxRows - 1] = last
        return hidden
    }

    /// A row's cursor and width after each of its first j items, j = 0…itemCount, as `Row.add` sums
    /// them (no over-wide item, no overflow element).
    func rightEdges(_ row: Row, _ cache: Cache) -> [(cursor: CGFloat, width: CGFloat)] {
        var edges: [(cursor: CGFloat, width: CGFloat)] = [(0, 0)]
        edges.reserveCapacity(row.itemCount + 1)
        var cursor: CGFloat = 0, width: CGFloat = 0
        for k in row.start..<row.end {
            cursor += (k > row.start ? gap(after: k - 1, cache) : 0) + cache.metrics[k].width
            width = max(width, cursor)
            edges.append((cursor, width))
        }
        return edges
    }

    /// Width, cursor, ascent and descent of a row from its items and overflow element.
    func recomputeMetrics(_ row: inout Row, _ cache: Cache) {
        var fresh = Row(start: row.start)
        fresh.end = row.end
        fresh.overWide = row.overWide
        fresh.indicator = row.indicator
        if let m = row.overWide {
            fresh.add(width: m.size.width, height: m.size.height, guide: m.guide, gapBefore: 0)
        } else {
            for k in row.start..<row.end {
                let item = cache.metrics[k]
                fresh.add(width: item.width, height: item.height, guide: item.guide, gapBefore: k > row.start ? gap(after: k - 1, cache) : 0)
            }
        }
        if let indicator = row.indicator {
            let m = indicator.measured
            fresh.add(width: m.size.width, height: m.size.height, guide: m.guide, gapBefore: indicator.gapBefore)
        }
        row = fresh
    }

    /// Sets each row's top (rows one under the other, `lineSpacing` or the preferred distance
    /// between them) and answers the flow's size: the widest row × the rows' total height.
    func stack(_ rows: inout [Row], _ cache: Cache) -> CGSize {
        var y: CGFloat = 0
        var width: CGFloat = 0
        for r in rows.indices {
            if r > 0 { y += lineSpacing ?? preferredDistance(rows[r - 1], rows[r], cache) }
            rows[r].top = y
            y += rows[r].height
            width = max(width, rows[r].width)
        }
        return CGSize(width: width, height: y)
    }

    /// The largest preferred distance from any view of `above` to any view of `below` (vertical).
    func preferredDistance(_ above: Row, _ below: Row, _ cache: Cache) -> CGFloat {
        func classes(_ row: Row) -> [Int] {
            var result: [Int] = []
            for k in row.start..<row.end where !result.contains(cache.spacingClass[k]) { result.append(cache.spacingClass[k]) }
            if let indicator = row.indicator, !result.contains(indicator.spacingClass) { result.append(indicator.spacingClass) }
            return result
        }
        var best: CGFloat = 0
        let lower = classes(below)
        for a in classes(above) {
            for b in lower { best = max(best, cache.spacings[a].distance(to: cache.spacings[b], along: .vertical)) }
        }
        return best
    }
}
