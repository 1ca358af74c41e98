import Foundation
import LayoutCore

/// SwiftUI's `HStack` as a layout: children side by side, aligned on a vertical guide.
///
/// Space is distributed as SwiftUI does (see `StackDistribution`); children that cannot shrink
/// overflow and the stack reports the sum. `spacing: nil` uses each pair's preferred distance.
public struct HStackLayout: Layout, _PassesSingleChildPriority {
    /// How the children line up vertically.
    public var alignment: VerticalAlignment
    /// Points between children; `nil`: the platform's spacing for each pair.
    public var spacing: CGFloat?

    /// A horizontal stack, its children aligned on `alignment`, `spacing` apart.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    var distribution: StackDistribution {
        StackDistribution(axis: .horizontal, spacing: spacing) { $0[alignment] }
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        distribution.size(proposal: proposal, subviews: subviews)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        distribution.place(in: bounds, proposal: proposal, subviews: subviews)
    }
}

/// SwiftUI's `VStack` as a layout: children one above the other, aligned on a horizontal guide.
public struct VStackLayout: Layout, _PassesSingleChildPriority {
    /// How the children line up horizontally.
    public var alignment: HorizontalAlignment
    /// Points between children; `nil`: the platform's spacing for each pair.
    public var spacing: CGFloat?

    /// A vertical stack, its children aligned on `alignment`, `spacing` apart.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .vertical
        return properties
    }

    var distribution: StackDistribution {
        StackDistribution(axis: .vertical, spacing: spacing) { $0[alignment] }
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        distribution.size(proposal: proposal, subviews: subviews)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        distribution.place(in: bounds, proposal: proposal, subviews: subviews)
    }
}

/// How a stack shares its main axis among its children (SwiftUI's algorithm).
///
/// | step | function |
/// |---|---|
/// | spacing between neighbours | `withGaps(_:_:)` |
/// | each child's main-axis offer and size | `distribute(proposal:subviews:)` |
/// | cross-axis extent on the alignment guide | `crossExtent(_:)` |
struct StackDistribution {
    let axis: Axis
    let spacing: CGFloat?
    /// The child's alignment guide on the cross axis.
    let guide: (ViewDimensions) -> CGFloat

    /// One child's share: its offer, its size there and its alignment guide's value in that size.
    /// Plain numbers: the guide is read once, from the dimensions as they are made, so a share
    /// holds no reference (a `ViewDimensions` holds its subview's tree and node, and each share
    /// copied or freed retained or released them: callgrind, ~4 % of a sweep's layout).
    struct Share {
        var proposal: ProposedViewSize
        var width: CGFloat
        var height: CGFloat
        var guide: CGFloat
    }

    /// `body` with the distance after each child but the last (`spacing`, or the pair's preferred
    /// distance), in a temporary buffer on the stack: a stack is sized several times a layout,
    /// and the gaps' array was an allocation each time.
    func withGaps<R>(_ subviews: LayoutSubviews, _ body: (UnsafeBufferPointer<CGFloat>) -> R) -> R {
        let count = max(0, subviews.count - 1)
        return withUnsafeTemporaryAllocation(of: CGFloat.self, capacity: count) { gaps in
            if count > 0 {
                var previous = subviews[subviews.startIndex]
                for k in 0..<count {
                    let next = subviews[subviews.startIndex + k + 1]
                    gaps.initializeElement(at: k, to: spacing ?? previous.spacing.distance(to: next.spacing, along: axis))
                    previous = next
                }
            }
            return body(UnsafeBufferPointer(gaps))
        }
    }

    /// Each child's offer and dimensions, in subview order.
    ///
    /// A `nil` main proposal offers every child `nil` (its ideal). Otherwise the spacing is
    /// subtracted; every child is measured at 0 and ∞ (flexibility = max − min); children are taken
    /// by descending priority, and within a priority least flexible first; each is offered the space
    /// left to its group (everything not yet given, minus the minimum lengths of every lower-priority
    /// child) divided by the children of the group not yet sized, never below 0.
    /// - Complexity: O(n log n) plus 3 measurements per child.
    func distribute(proposal: ProposedViewSize, subviews: LayoutSubviews, gaps: UnsafeBufferPointer<CGFloat>) -> [Share] {
        let cross = proposal.value(along: axis.cross)
        let count = subviews.count
        let base = subviews.startIndex
        func offer(_ main: CGFloat?) -> ProposedViewSize { ProposedViewSize(main: main, cross: cross, axis: axis) }
        func share(_ i: Int, _ main: CGFloat?) -> Share {
            let p = offer(main)
            let dimensions = subviews[base + i].dimensions(in: p)
            return Share(proposal: p, width: dimensions.width, height: dimensions.height, guide: guide(dimensions))
        }
        guard let main = proposal.value(along: axis) else { return (0..<count).map { share($0, nil) } }
        if main.isInfinite { return (0..<count).map { share($0, .infinity) } }

        // The per-child numbers in one temporary buffer on the stack and the shares written in
        // place: a stack is distributed several times a layout, and each array was an allocation.
        return withUnsafeTemporaryAllocation(of: CGFloat.self, capacity: 3 * count) { numbers in
            let minimums = UnsafeMutableBufferPointer(rebasing: numbers[0..<count])
            let flexibility = UnsafeMutableBufferPointer(rebasing: numbers[count..<2 * count])
            let priorities = UnsafeMutableBufferPointer(rebasing: numbers[2 * count..<3 * count])
            for i in 0..<count {
                let subview = subviews[base + i]
                minimums[i] = subview.sizeThatFits(offer(0)).value(along: axis)
                flexibility[i] = subview.sizeThatFits(offer(.infinity)).value(along: axis) - minimums[i]
                priorities[i] = CGFloat(subview.priority)
            }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { buffer in
                var order = buffer
                for i in 0..<count { order[i] = i }
                order.sort { a, b in
                    if priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
                    if flexibility[a] != flexibility[b] { return flexibility[a] < flexibility[b] }
                    return a < b
                }
                return [Share](unsafeUninitializedCapacity: count) { shares, initialized in
                    var remaining = main - gaps.reduce(0, +)
                    var lowerMinimum = minimums.reduce(0, +)
                    var start = 0
                    while start < count {
                        let priority = priorities[order[start]]
                        var end = start
                        while end < count && priorities[order[end]] == priority { end += 1 }
                        for k in start..<end { lowerMinimum -= minimums[order[k]] }
                        var available = remaining - lowerMinimum
                        for k in start..<end {
                            let i = order[k]
                            (shares.baseAddress! + i).initialize(to: share(i, max(0, available / CGFloat(end - k))))  // each child once: `order` is a permutation
                            let length = axis == .horizontal ? shares[i].width : shares[i].height
                            available -= length
                            remaining -= length
                        }
                        start = end
                    }
                    initialized = count
                }
            }
        }
    }

    /// The extent of the children aligned on the guide: max below it + max above it. A child of
    /// infinite cross length (a `Color` offered ∞) makes the extent infinite, never ∞ − ∞ = NaN.
    func crossExtent(_ shares: [Share]) -> (extent: CGFloat, guide: CGFloat) {
        guard !shares.isEmpty else { return (0, 0) }
        var above = -CGFloat.infinity, below = -CGFloat.infinity
        for share in shares {
            above = max(above, share.guide)
            below = max(below, ViewDimensions.extent(of: axis == .horizontal ? share.height : share.width, past: share.guide))
        }
        return (above + below, above)
    }

    func size(proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGSize {
        withGaps(subviews) { gaps in
            let shares = distribute(proposal: proposal, subviews: subviews, gaps: gaps)
            var main = gaps.reduce(0, +)
            for share in shares { main += axis == .horizontal ? share.width : share.height }
            return CGSize(main: main, cross: crossExtent(shares).extent, axis: axis)
        }
    }

    /// Places the children as ``distribute(proposal:subviews:gaps:)`` shares the main axis, with
    /// one change: a `nil` cross proposal is replaced by the stack's own cross length, as SwiftUI's
    /// stacks place (DanceUI's `proposalWhenPlacing`; probe Q1, "VStack(0){a area 600; b 30x20}
    /// @nil: size 30x80 … a placed 30x20", mburger89/MetalUI docs/probes/swiftui-stack-algorithms.swift):
    /// a `Rectangle` beside a text in an `HStack` is as tall as the stack.
    func place(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews) {
        withGaps(subviews) { gaps in place(in: bounds, proposal: proposal, subviews: subviews, gaps: gaps) }
    }

    private func place(in bounds: CGRect, proposal: ProposedViewSize, subviews: LayoutSubviews, gaps: UnsafeBufferPointer<CGFloat>) {
        let cross = proposal.value(along: axis.cross) ?? (axis == .horizontal ? bounds.height : bounds.width)
        let placing = ProposedViewSize(main: proposal.value(along: axis), cross: cross, axis: axis)
        let shares = distribute(proposal: placing, subviews: subviews, gaps: gaps)
        let line = crossExtent(shares).guide
        var position = axis == .horizontal ? bounds.minX : bounds.minY
        let crossOrigin = axis == .horizontal ? bounds.minY : bounds.minX
        for (k, share) in shares.enumerated() {
            let point = CGPoint(main: position, cross: crossOrigin + line - share.guide, axis: axis)
            subviews[subviews.startIndex + k].place(at: point, anchor: .topLeading, proposal: share.proposal)
            position += (axis == .horizontal ? share.width : share.height) + (k < gaps.count ? gaps[k] : 0)
        }
    }
}

extension ProposedViewSize {
    init(main: CGFloat?, cross: CGFloat?, axis: Axis) {
        self = axis == .horizontal ? ProposedViewSize(width: main, height: cross) : ProposedViewSize(width: cross, height: main)
    }

    func value(along axis: Axis) -> CGFloat? { axis == .horizontal ? width : height }
}

extension CGSize {
    init(main: CGFloat, cross: CGFloat, axis: Axis) {
        self = axis == .horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
    }

    func value(along axis: Axis) -> CGFloat { axis == .horizontal ? width : height }
}

extension CGPoint {
    init(main: CGFloat, cross: CGFloat, axis: Axis) {
        self = axis == .horizontal ? CGPoint(x: main, y: cross) : CGPoint(x: cross, y: main)
    }
}

extension Axis {
    var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// SwiftUI's `ZStack` as a layout: children on top of each other, aligned on both guides of
/// `alignment`.
///
/// - Sizing: the children of the highest `layoutPriority` (all of them, when none sets one) are
///   proposed the stack's proposal; the stack is the union of their answers aligned on the guides.
///   Lower-priority children do not size it.
/// - Placing: every child is proposed the stack's own size and aligned on the guide position of
///   the highest-priority children's union at that proposal, whose top-leading corner is the
///   stack's; lower-priority children may overflow the stack.
///
/// Sources: the placement at the stack's own size is recorded on Apple's SwiftUI (probe Z1, "h is
/// re-proposed 30x20 and lands at (2.5, 5)", mburger89/MetalUI docs/probes/swiftui-stack-algorithms.swift);
/// the priority rule is ByteDance DanceUI's `_ZStackLayout` (re-implemented against Apple's binary),
/// with the highest priority taken over every child (`max()`, so a stack of spacers, priority −∞,
/// still has a top group, as probe SPB6 `ZStack{Spacer()}` = 100x50 at 100x50 shows).
public struct ZStackLayout: Layout, _PassesSingleChildPriority {
    /// Where each child goes in the stack's bounds.
    public var alignment: Alignment

    /// A stack of overlapping children, each placed at `alignment`.
    public init(alignment: Alignment = .center) { self.alignment = alignment }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        DepthStacking(alignment: alignment).size(proposal: proposal, subviews: subviews)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        DepthStacking(alignment: alignment).place(in: bounds, subviews: subviews)
    }
}

// The stacks' explicit guides are their children's, merged (`Layout`'s default `explicitAlignment`).
extension HStackLayout: GuidesFromChildren {}
extension VStackLayout: GuidesFromChildren {}
extension ZStackLayout: GuidesFromChildren {}
