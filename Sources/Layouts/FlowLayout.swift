import Foundation
@_spi(LayoutEngine) import LayoutCore

/// A tag flow: subviews in reading order, left to right, starting a new row when the next one
/// does not fit the proposed width; rows aligned leading, centred, trailing or justified, and the
/// subviews of a row aligned on one vertical guide (by default their first text baselines).
///
/// Sizing, in the order the row plan decides it (`FlowLayout.planRows`, FlowLayout+Rows.swift):
/// - Every subview is measured once at its ideal size (`nil × nil`, kept in the cache). A subview
///   whose ideal width exceeds a finite proposed width W is **over-wide**: it gets a row of its own
///   and is proposed `W × nil`, so text wraps inside it; it is placed with that same proposal.
/// - A `nil` or infinite width gives one row (plus forced breaks). A subview marked
///   `.startsNewRow()` always begins a row.
/// - Rows: ascent = the largest guide value, descent = the largest (height − guide value), height
///   = ascent + descent; every subview's guide sits on the row's line, so tags of different fonts,
///   sizes and paddings share one baseline.
/// - Spacing: `spacing` between neighbours in a row and `lineSpacing` between rows, or, when `nil`,
///   the subviews' preferred distances (`ViewSpacing`): between neighbours the pair's, between rows
///   the largest over the two rows' facing edges. Negative values overlap neighbours or rows; a
///   row's width is then its furthest right edge (an item pulled left of the row's start overflows).
/// - `.balanced` keeps the greedy row count and makes rows as even as it allows (the smallest
///   widest row); see `balance`. It does not apply when `maxRows` truncates.
/// - `maxRows`: the rows after the last allowed one are hidden; the last row ends with the
///   caller's overflow element for the hidden count, dropping items from its end until it fits
///   (see ``callAsFunction(_:overflow:)`` and ``FlowOverflowIndicator``).
///
/// The reported width is the widest row (never the proposal, as for text); rows are aligned within
/// the bounds they are placed in, which is that width unless the parent gives more. Justified rows
/// spread the spare width between their items; the last row and one-item rows stay leading.
/// Right-to-left comes from the engine's mirroring: the layout computes in leading space.
///
/// The cache holds measurements only (ideal sizes, guide values, preferred gaps, marks), never a
/// proposal, bounds or plan; `sizeThatFits` and `placeSubviews` run the same deterministic plan.
/// - Complexity: O(n) per plan for n subviews (`.balanced`: O(n log(W/ε)) by bisection), plus one
///   measurement per over-wide subview.
public struct FlowLayout: Layout {
    /// Where a row's items sit along the row.
    public enum RowAlignment: String, Sendable, Hashable, CaseIterable, Codable {
        /// Where a row's items go: at the leading edge, centred, or at the trailing edge.
        case leading, center, trailing
        /// Extra width shared equally between a row's items; the last row and one-item rows stay leading.
        case justified
    }

    /// How items are broken into rows.
    public enum RowBreaking: String, Sendable, Hashable, CaseIterable, Codable {
        /// Each row takes as many items as fit.
        case greedy
        /// The greedy row count, with rows as even in width as it allows.
        case balanced
    }

    /// Row alignment along the width.
    public var alignment: RowAlignment
    /// The guide the items of a row share (any `VerticalAlignment`, text baselines included).
    public var verticalAlignment: VerticalAlignment
    /// Between neighbours in a row (points); `nil`: each pair's preferred distance.
    public var spacing: CGFloat?
    /// Between rows (points); `nil`: the rows' preferred distance.
    public var lineSpacing: CGFloat?
    /// The most rows shown (`nil`: unlimited; values below 1 count as 1).
    public var maxRows: Int?
    /// Greedy or balanced rows.
    public var rowBreaking: RowBreaking

    /// A flow; NaN spacings count as 0. Negative spacings are honoured, as SwiftUI's stacks and
    /// grids honour them: neighbours (or rows) overlap, and a row is as wide as its furthest right
    /// edge (see `Row`).
    public init(alignment: RowAlignment = .leading, verticalAlignment: VerticalAlignment = .firstTextBaseline,
                spacing: CGFloat? = nil, lineSpacing: CGFloat? = nil, maxRows: Int? = nil, rowBreaking: RowBreaking = .greedy) {
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.spacing = spacing.map { $0.isNaN ? 0 : $0 }
        self.lineSpacing = lineSpacing.map { $0.isNaN ? 0 : $0 }
        self.maxRows = maxRows.map { max(1, $0) }
        self.rowBreaking = rowBreaking
    }

    // MARK: - Cache (measurements only)

    /// What the flow measures once per set of subviews: ideal sizes and guide values, preferred
    /// gaps, forced breaks and overflow indicators — and the last row plan, remembered by the
    /// proposal it answers. The plan is a pure function of those measurements and the proposal, so
    /// keeping it carries no state between questions: it only lets `sizeThatFits` and
    /// `placeSubviews` for the same proposal share one plan, as the engine asks both (and asks
    /// `sizeThatFits` twice to check consistency).
    public struct Cache {
        /// The guide `guides` were read for (a flow with another guide remakes the cache).
        var guide: VerticalAlignment
        /// Subview offsets (from `subviews.startIndex`) of the items, in reading order.
        var items: [Int]
        /// Each item's ideal measurements, packed for the row plan's hot loop.
        var metrics: [ItemMetrics]
        /// The preferred distance from item k to item k + 1 (0 for the last); read only when `spacing` is `nil`.
        var gaps: [CGFloat]
        /// Items marked `.startsNewRow()`.
        var breaks: [Bool]
        /// Each item's spacing, as an index into `spacings` (distinct values).
        var spacingClass: [Int]
        var spacings: [ViewSpacing]
        /// Overflow indicators by the hidden count they show.
        var indicators: [Int: Indicator]
        /// Every indicator's subview offset (to hide those not shown).
        var indicatorOffsets: [Int]
        /// The last plan and the proposal it was made for.
        var lastPlan: (proposal: ProposedViewSize, plan: RowPlan)?
    }

    /// One item's measurements at its ideal size.
    struct ItemMetrics {
        var width: CGFloat
        var height: CGFloat
        /// The flow's guide, measured from the item's top.
        var guide: CGFloat
    }

    /// A caller-supplied overflow element, measured at its ideal size.
    struct Indicator {
        var offset: Int
        var size: CGSize
        var guide: CGFloat
        var spacingClass: Int
    }

    public func makeCache(subviews: Subviews) -> Cache {
        var cache = Cache(guide: verticalAlignment, items: [], metrics: [], gaps: [], breaks: [], spacingClass: [], spacings: [],
                          indicators: [:], indicatorOffsets: [], lastPlan: nil)
        var classOf: [ViewSpacing: Int] = [:]
        var previous: (spacing: ViewSpacing, class: Int)?
        func spacingClass(_ spacing: ViewSpacing) -> Int {
            if let previous, previous.spacing == spacing { return previous.class }  // neighbours usually agree: skip hashing
            let known = classOf[spacing] ?? {
                cache.spacings.append(spacing)
                classOf[spacing] = cache.spacings.count - 1
                return cache.spacings.count - 1
            }()
            previous = (spacing, known)
            return known
        }
        let base = subviews.startIndex
        cache.items.reserveCapacity(subviews.count)
        for i in subviews.indices {
            let subview = subviews[i]
            let d = subview.dimensions(in: .unspecified)
            let size = CGSize(width: d.width, height: d.height)
            let guide = d[verticalAlignment]
            let sc = spacingClass(subview.spacing)
            if let count = subview[FlowOverflowIndicator.self] {
                cache.indicatorOffsets.append(i - base)
                if count > 0, cache.indicators[count] == nil {
                    cache.indicators[count] = Indicator(offset: i - base, size: size, guide: guide, spacingClass: sc)
                }
                continue
            }
            cache.items.append(i - base)
            cache.metrics.append(ItemMetrics(width: size.width, height: size.height, guide: guide))
            cache.breaks.append(subview[FlowStartsNewRow.self])
            cache.spacingClass.append(sc)
        }
        cache.gaps = cache.metrics.indices.map { k in
            k + 1 < cache.metrics.count
                ? cache.spacings[cache.spacingClass[k]].distance(to: cache.spacings[cache.spacingClass[k + 1]], along: .horizontal)
                : 0
        }
        return cache
    }

    // MARK: - Layout

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        refresh(&cache, subviews)
        return plan(proposal, subviews, &cache).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        refresh(&cache, subviews)
        let plan = plan(proposal, subviews, &cache)
        let base = subviews.startIndex
        let hides = plan.hiddenCount > 0 || !cache.indicatorOffsets.isEmpty
        var shown = [Bool](repeating: false, count: hides ? subviews.count : 0)
        let unspecified = ProposedViewSize.unspecified  // a global's accessor, read once rather than per item
        for (r, row) in plan.rows.enumerated() {
            let count = row.itemCount + (row.indicator == nil ? 0 : 1)
            let spare = bounds.width - row.width
            var x = bounds.minX
            var extraGap: CGFloat = 0
            switch alignment {
            case .leading: break
            case .center: x += spare / 2
            case .trailing: x += spare
            case .justified:
                if r < plan.rows.count - 1 && count > 1 { extraGap = max(0, spare) / CGFloat(count - 1) }
            }
            let line = bounds.minY + row.top + row.ascent
            if let m = row.overWide {
                let offset = cache.items[row.start]
                subviews[base + offset].place(at: CGPoint(x: x, y: line - m.guide), proposal: m.proposal)
                if hides { shown[offset] = true }
                x += m.size.width + gap(after: row.start, cache) + extraGap
            } else {
                for k in row.start..<row.end {
                    let item = cache.metrics[k]
                    let offset = cache.items[k]
                    // `LayoutSubviews.place(_:at:proposal:)`: no proxy made per item (see there).
                    subviews.place(base + offset, at: CGPoint(x: x, y: line - item.guide), proposal: unspecified)
                    if hides { shown[offset] = true }
                    x += item.width + (spacing ?? cache.gaps[k]) + extraGap
                }
            }
            if let indicator = row.indicator {
                if row.itemCount > 0 { x += indicator.gapBefore - gap(after: row.end - 1, cache) }
                let m = indicator.measured
                subviews[base + indicator.offset].place(at: CGPoint(x: x, y: line - m.guide), proposal: m.proposal)
                shown[indicator.offset] = true
            }
        }
        guard hides else { return }
        for offset in cache.items where !shown[offset] { subviews[base + offset].hide() }
        for offset in cache.indicatorOffsets where !shown[offset] { subviews[base + offset].hide() }
    }

    /// The row plan for `proposal`, reusing the last one when it answered the same proposal.
    private func plan(_ proposal: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache) -> RowPlan {
        if let last = cache.lastPlan, last.proposal == proposal { return last.plan }
        let plan = planRows(proposal, subviews, cache)
        cache.lastPlan = (proposal, plan)
        return plan
    }

    /// Remakes the cache when it was made for another guide (an `AnyLayout` switching between flows).
    private func refresh(_ cache: inout Cache, _ subviews: Subviews) {
        if cache.guide != verticalAlignment { cache = makeCache(subviews: subviews) }
    }

    /// The distance after item k in a row: `spacing`, or the pair's preferred distance.
    @inline(__always)
    func gap(after k: Int, _ cache: Cache) -> CGFloat { spacing ?? cache.gaps[k] }
}

// MARK: - Layout values and modifiers

/// Forces a flow to begin a new row at this subview (default `false`). Set it with `.startsNewRow()`.
public enum FlowStartsNewRow: LayoutValueKey {
    public static let defaultValue = false
}

/// Marks a flow subview as the overflow element shown when `value` items are hidden by `maxRows`
/// (default `nil`: an ordinary item). Marked subviews are never items; the flow shows at most one
/// (the one for the exact hidden count) and hides the rest. ``FlowLayout/callAsFunction(_:overflow:)``
/// sets it for you.
public enum FlowOverflowIndicator: LayoutValueKey {
    public static let defaultValue: Int? = nil
}

extension View {
    /// Makes a `FlowLayout` begin a new row at this element.
    public func startsNewRow(_ starts: Bool = true) -> some View {
        layoutValue(key: FlowStartsNewRow.self, value: starts)
    }

    /// Makes this element a `FlowLayout`'s overflow element for `hiddenCount` hidden items.
    public func flowOverflowIndicator(hiddenCount: Int) -> some View {
        layoutValue(key: FlowOverflowIndicator.self, value: hiddenCount)
    }
}

extension FlowLayout {
    /// This flow over `content`, with `overflow(h)` as the element ending the last row when `maxRows`
    /// hides h items ("+h more").
    ///
    /// The overflow element is built from the hidden count, but a `Layout` cannot create views, so
    /// one element is built for every possible count 1…n (n items) and marked with
    /// ``FlowOverflowIndicator``; the flow measures them like any subview, shows the one for the
    /// count it hides and hides the others. So a longer label for a larger count is measured for
    /// real when items are dropped to make room.
    /// - Complexity: n extra elements (each measured once, at its ideal size).
    public func callAsFunction<Content: View, Overflow: View>(@ViewBuilder _ content: () -> Content,
                                                              overflow: (_ hiddenCount: Int) -> Overflow) -> some View {
        let items = content().elements
        let indicators = items.isEmpty ? [] : (1...items.count).map { AnyElement(overflow($0).flowOverflowIndicator(hiddenCount: $0)) }
        return AnyElement(layout: self, children: items + indicators)
    }
}
