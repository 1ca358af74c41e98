import Foundation
import LayoutCore

// SwiftUI's lazy grids, `LazyVGrid` (columns) and `LazyHGrid` (rows), and `GridItem`. Described for
// a `LazyVGrid`; a `LazyHGrid` is the same with the axes swapped.
//
// | step | rule | function |
// |---|---|---|
// | tracks | the columns' widths from the grid's width alone (cells are not asked) | `LazyGridTracks.resolve` |
// | size | the columns and their spacings wide; rows as tall as their tallest cell, `spacing` apart | `LazyGridLayout.sizeThatFits` |
// | place | the columns again, from the width the grid was given; each cell in its slot by alignment | `LazyGridLayout.placeSubviews` |
//
// Sources, quoted in the tests:
// - Apple, `GridItem.Size.flexible(minimum:maximum:)`: "The size of this item is the size of the grid
//   with spacing and inflexible items removed, divided by the number of flexible items, clamped to
//   the provided bounds." `.adaptive(minimum:maximum:)`: "places one or more items into the space
//   assigned to a single flexible item, using the provided bounds and spacing to decide exactly how
//   many items fit. This approach prefers to insert as many items of the minimum size as possible but
//   lets them increase to the maximum size." Defaults: `.flexible(minimum: 10, maximum: .infinity)`,
//   `GridItem(_ size: = .flexible(), spacing: = nil, alignment: = nil)`.
// - objc.io, "SwiftUI's Grid Views" (2020-11-23) and *Thinking in SwiftUI*: fixed columns first, then
//   the others in order, each offered what is left ÷ the columns left; the default spacing is 8; the
//   grid runs the column algorithm twice, once for its size from the proposed width and again when it
//   is placed, from the width it was given — so flexible(minimum: 60) + flexible(minimum: 120) with
//   spacing 10 in a 200-wide frame is 225 wide (95 + 10 + 120) and draws 107.5 + 10 + 120.
// - objc.io / *Thinking in SwiftUI*: "the grid proposes columnWidth × nil to its subviews to compute
//   the row heights".
//
// TextFit's choices where the sources are silent: a `nil` width is taken as 0 (every column at its
// minimum); an adaptive column at an infinite width is one sub-column; each cell is aligned in its
// slot by its column's `alignment`, else the grid's `alignment` across and centred along (SwiftUI
// documents the grid's parameter as "the alignment of the grid within its parent view"). The row
// spacing defaults to 8, as the column spacing does (an approximation).

/// A description of a column of a ``LazyVGrid`` or a row of a ``LazyHGrid``: SwiftUI's `GridItem`.
public struct GridItem: Sendable {
    /// How wide a column (or tall a row) is.
    public enum Size: Sendable {
        /// Exactly `length`.
        case fixed(CGFloat)
        /// A share of the length left after fixed items and spacing, clamped to `minimum…maximum`.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many items of at least `minimum` as fit in one flexible item's share, widened up to `maximum`.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    /// How wide (or tall) the column (or row) is: fixed, flexible or adaptive.
    public var size: Size
    /// The distance to the next item (`nil`: 8).
    public var spacing: CGFloat?
    /// Where each cell sits in its slot (`nil`: the grid's alignment).
    public var alignment: Alignment?

    /// A column (or row) of `size`, `spacing` from the next, its cells aligned on `alignment`.
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// A grid that grows vertically, its columns described by ``GridItem``s: SwiftUI's `LazyVGrid`.
/// Cells fill the columns row by row; every cell is made (as in a `LazyVStack`, laziness only
/// decides when SwiftUI makes views).
public struct LazyVGrid<Content: View>: View {
    public typealias Body = Never
    let layout: LazyGridLayout
    let content: Content

    /// A grid of `columns`; `spacing` between rows (`nil`: 8); `pinnedViews` accepted (nothing scrolls here).
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        layout = LazyGridLayout(axis: .vertical, items: columns, alignment: Alignment(horizontal: alignment, vertical: .center),
                                spacing: spacing)
        self.content = content()
    }
}

/// A grid that grows horizontally, its rows described by ``GridItem``s: SwiftUI's `LazyHGrid`.
public struct LazyHGrid<Content: View>: View {
    public typealias Body = Never
    let layout: LazyGridLayout
    let content: Content

    /// A grid of `rows`; `spacing` between columns (`nil`: 8); `pinnedViews` accepted.
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        layout = LazyGridLayout(axis: .horizontal, items: rows, alignment: Alignment(horizontal: .center, vertical: alignment),
                                spacing: spacing)
        self.content = content()
    }
}

extension LazyVGrid: LayoutView {}
extension LazyHGrid: LayoutView {}

/// The tracks (columns of a vertical grid, rows of a horizontal one) and where each starts, along
/// the grid's cross axis, from the items and the length available.
struct LazyGridTracks: Equatable {
    /// Each track's length, its start (from the grid's leading or top edge) and the item it comes from.
    var lengths: [CGFloat] = []
    var starts: [CGFloat] = []
    var items: [Int] = []

    /// The tracks and their spacings end to end.
    var total: CGFloat { (starts.last ?? 0) + (lengths.last ?? 0) }

    /// The largest number of sub-tracks an adaptive item makes (beyond it, each would be narrower
    /// than a pixel on any screen).
    static let adaptiveLimit = 10_000

    /// Resolves `items` in `length` (points; `nil` is taken as 0): fixed items first, then the
    /// others in order, each offered what is left ÷ the items left; a flexible item clamps its
    /// offer; an adaptive one fits as many sub-tracks of its minimum as it can, at least one, and
    /// shares its length among them, each at most its maximum.
    static func resolve(_ items: [ResolvedGridItem], in length: CGFloat?) -> LazyGridTracks {
        let spacings = items.dropLast().reduce(0) { $0 + $1.spacing }
        var remaining = (length ?? 0) - spacings
        var widths = [CGFloat](repeating: 0, count: items.count)
        var flexibleLeft = 0
        for (i, item) in items.enumerated() {
            if case .fixed(let w) = item.size { widths[i] = w; remaining -= w } else { flexibleLeft += 1 }
        }
        for (i, item) in items.enumerated() {
            let offer = remaining / CGFloat(max(1, flexibleLeft))
            switch item.size {
            case .fixed: continue
            case .flexible(let minimum, let maximum): widths[i] = min(max(offer, minimum), maximum)
            case .adaptive: widths[i] = offer
            }
            // An infinite share (under an infinite length) leaves the rest infinite, not ∞ − ∞.
            if !widths[i].isInfinite { remaining -= widths[i] }
            flexibleLeft -= 1
        }
        var tracks = LazyGridTracks()
        var position: CGFloat = 0
        for (i, item) in items.enumerated() {
            if case .adaptive(let minimum, let maximum) = item.size {
                let w = widths[i], s = item.spacing
                var count = 1
                if w.isFinite {
                    let fit = ((w + s) / (minimum + s)).rounded(.down)
                    count = fit.isFinite && fit > 1 ? Int(min(fit, CGFloat(adaptiveLimit))) : 1
                }
                let sub = w.isFinite ? min(max((w - CGFloat(count - 1) * s) / CGFloat(count), minimum), maximum) : min(w, maximum)
                for k in 0..<count {
                    tracks.append(sub, at: position, item: i)
                    position += sub + (k < count - 1 || i < items.count - 1 ? s : 0)
                }
            } else {
                tracks.append(widths[i], at: position, item: i)
                position += widths[i] + (i < items.count - 1 ? item.spacing : 0)
            }
        }
        return tracks
    }

    private mutating func append(_ length: CGFloat, at start: CGFloat, item: Int) {
        lengths.append(length)
        starts.append(start)
        items.append(item)
    }
}

/// A `GridItem` with its values made valid (see `LazyGridLayout.init`).
struct ResolvedGridItem: Sendable {
    enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat, maximum: CGFloat)
        case adaptive(minimum: CGFloat, maximum: CGFloat)
    }

    var size: Size
    var spacing: CGFloat
    var alignment: Alignment?
}

/// The layout of ``LazyVGrid`` (`axis` `.vertical`: it grows down, its tracks are columns) and
/// ``LazyHGrid`` (`.horizontal`; tracks are rows). See the top of this file.
struct LazyGridLayout: Layout, DiagnosingLayout {
    /// SwiftUI's default spacing between columns ("the default spacing of 8 points", objc.io), and
    /// TextFit's between rows.
    static let defaultSpacing: CGFloat = 8

    let axis: Axis
    let items: [ResolvedGridItem]
    let alignment: Alignment
    let spacing: CGFloat
    let issues: [LeafDiagnostic]

    /// Makes the items valid, reporting each repair as `invalidModifierValue`: a negative, NaN or
    /// infinite fixed length is 0; a flexible minimum that is NaN, negative or infinite is 0, an
    /// adaptive one below 1 (or not finite) 1, so a length holds finitely many; a NaN maximum, or one
    /// below the minimum, is the minimum; a NaN spacing is 8; no items at all is one flexible item
    /// (a grid with no columns has nowhere to put a cell).
    init(axis: Axis, items: [GridItem], alignment: Alignment, spacing: CGFloat?) {
        self.axis = axis
        self.alignment = alignment
        var notes: [String] = []
        func repaired(_ value: CGFloat, _ name: String, to fallback: CGFloat) -> CGFloat {
            notes.append("\(name) \(value) is taken as \(fallback)")
            return fallback
        }
        func maximum(_ value: CGFloat, above minimum: CGFloat, _ name: String) -> CGFloat {
            value.isNaN || value < minimum ? repaired(value, name + " maximum", to: minimum) : value
        }
        var resolved: [ResolvedGridItem] = []
        for (i, item) in (items.isEmpty ? [GridItem()] : items).enumerated() {
            let name = "GridItem \(i)"
            let size: ResolvedGridItem.Size
            switch item.size {
            case .fixed(let length):
                size = .fixed(length.isFinite && length >= 0 ? length : repaired(length, name + " fixed", to: 0))
            case .flexible(let minimum, let maximumLength):
                let low = minimum.isFinite && minimum >= 0 ? minimum : repaired(minimum, name + " minimum", to: 0)
                size = .flexible(minimum: low, maximum: maximum(maximumLength, above: low, name))
            case .adaptive(let minimum, let maximumLength):
                let low = minimum.isFinite && minimum >= 1 ? minimum : repaired(minimum, name + " adaptive minimum", to: 1)
                size = .adaptive(minimum: low, maximum: maximum(maximumLength, above: low, name))
            }
            var gap = item.spacing ?? Self.defaultSpacing
            if gap.isNaN { gap = repaired(gap, name + " spacing", to: Self.defaultSpacing) }
            resolved.append(ResolvedGridItem(size: size, spacing: gap, alignment: item.alignment))
        }
        if items.isEmpty { notes.append("no GridItem: laid out as one flexible item") }
        self.items = resolved
        var lineSpacing = spacing ?? Self.defaultSpacing
        if lineSpacing.isNaN { lineSpacing = repaired(lineSpacing, "spacing", to: Self.defaultSpacing) }
        self.spacing = lineSpacing
        issues = notes.isEmpty ? [] : [LeafDiagnostic(kind: .invalidModifierValue, message: "lazy grid: " + notes.joined(separator: "; "))]
    }

    /// Cells are proposed their track's length across and `nil` along the grid's axis.
    private func cellProposal(_ track: CGFloat) -> ProposedViewSize {
        axis == .vertical ? ProposedViewSize(width: track, height: nil) : ProposedViewSize(width: nil, height: track)
    }

    /// Each line's (a vertical grid's row's) length along the axis: its longest cell's.
    private func lineLengths(_ tracks: LazyGridTracks, _ subviews: Subviews) -> [CGFloat] {
        let perLine = max(1, tracks.lengths.count)
        var lengths: [CGFloat] = []
        for (k, subview) in subviews.enumerated() {
            let size = subview.sizeThatFits(cellProposal(tracks.lengths[k % perLine]))
            let along = axis == .vertical ? size.height : size.width
            if k % perLine == 0 { lengths.append(along) } else { lengths[lengths.count - 1] = max(lengths[lengths.count - 1], along) }
        }
        return lengths
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let tracks = LazyGridTracks.resolve(items, in: axis == .vertical ? proposal.width : proposal.height)
        let lengths = lineLengths(tracks, subviews)
        let along = lengths.reduce(0, +) + CGFloat(max(0, lengths.count - 1)) * spacing
        return axis == .vertical ? CGSize(width: tracks.total, height: along) : CGSize(width: along, height: tracks.total)
    }

    /// Runs the track algorithm again from the length the grid was given (SwiftUI's second pass),
    /// then puts each cell in its slot: its track across, its line along.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let tracks = LazyGridTracks.resolve(items, in: axis == .vertical ? bounds.width : bounds.height)
        let lengths = lineLengths(tracks, subviews)
        let perLine = max(1, tracks.lengths.count)
        var lineStart: CGFloat = 0
        for (k, subview) in subviews.enumerated() {
            let track = k % perLine, line = k / perLine
            if track == 0 && line > 0 { lineStart += lengths[line - 1] + spacing }
            let slotAlignment = items[tracks.items[track]].alignment ?? alignment
            let slot = axis == .vertical ? CGSize(width: tracks.lengths[track], height: lengths[line])
                                         : CGSize(width: lengths[line], height: tracks.lengths[track])
            let origin = axis == .vertical ? CGPoint(x: tracks.starts[track], y: lineStart) : CGPoint(x: lineStart, y: tracks.starts[track])
            let d = subview.dimensions(in: cellProposal(tracks.lengths[track]))
            let slotGuides = ViewDimensions(plainWidth: slot.width, height: slot.height)
            let x = origin.x + slotGuides[slotAlignment.horizontal] - d[slotAlignment.horizontal]
            let y = origin.y + slotGuides[slotAlignment.vertical] - d[slotAlignment.vertical]
            subview.place(at: CGPoint(x: bounds.minX + x, y: bounds.minY + y), anchor: .topLeading, proposal: cellProposal(tracks.lengths[track]))
        }
    }
}
