import Foundation
import LayoutCore

/// A horizontal stack that gives every subview the widest subview's ideal width (and the tallest's
/// ideal height), with each neighbouring pair's preferred (system) spacing between them — the
/// WWDC22 `MyEqualWidthHStack`.
///
/// Every subview is proposed the cell size and centred in its cell, so a subview that can grow
/// (`.frame(maxWidth: .infinity)`, a `Rectangle`) fills it and a fixed one keeps its size. The
/// proposal is ignored: the stack is always its ideal size, n × cell width + the gaps.
/// - Complexity: O(n); the ideal sizes and gaps are measured once (the cache).
public struct EqualWidthHStack: Layout {
    /// A row whose children all take the widest child's width.
    public init() {}

    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    public func makeCache(subviews: Subviews) -> EqualCells { EqualCells(subviews, axis: .horizontal) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout EqualCells) -> CGSize {
        cache.size(axis: .horizontal)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout EqualCells) {
        cache.place(subviews, in: bounds, axis: .horizontal)
    }
}

/// A vertical stack that gives every subview the widest subview's ideal width and the tallest's
/// ideal height, with the system spacing between them (the WWDC22 `MyEqualWidthVStack`).
///
/// Same rules as ``EqualWidthHStack``, stacked top to bottom: the size is the cell width ×
/// (n × cell height + the gaps).
public struct EqualWidthVStack: Layout {
    /// A column whose children all take the widest child's width.
    public init() {}

    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .vertical
        return properties
    }

    public func makeCache(subviews: Subviews) -> EqualCells { EqualCells(subviews, axis: .vertical) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout EqualCells) -> CGSize {
        cache.size(axis: .vertical)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout EqualCells) {
        cache.place(subviews, in: bounds, axis: .vertical)
    }
}

/// The equal-width stacks' measurements: the cell (largest ideal width × largest ideal height)
/// and the preferred distance after each subview but the last along the stack's axis.
public struct EqualCells {
    let cell: CGSize
    let gaps: [CGFloat]
    let count: Int

    init(_ subviews: LayoutSubviews, axis: Axis) {
        var cell = CGSize.zero
        for subview in subviews {
            let ideal = subview.sizeThatFits(.unspecified)
            cell = CGSize(width: max(cell.width, ideal.width), height: max(cell.height, ideal.height))
        }
        self.cell = cell
        self.count = subviews.count
        let base = subviews.startIndex
        gaps = (0..<max(0, subviews.count - 1)).map {
            subviews[base + $0].spacing.distance(to: subviews[base + $0 + 1].spacing, along: axis)
        }
    }

    func size(axis: Axis) -> CGSize {
        guard count > 0 else { return .zero }
        let gapTotal = gaps.reduce(0, +)
        return axis == .horizontal
            ? CGSize(width: cell.width * CGFloat(count) + gapTotal, height: cell.height)
            : CGSize(width: cell.width, height: cell.height * CGFloat(count) + gapTotal)
    }

    /// Places every subview centred in its cell, proposing the cell; each is asked its size for that
    /// proposal first, so it is placed under a proposal it was measured with.
    func place(_ subviews: LayoutSubviews, in bounds: CGRect, axis: Axis) {
        var position = axis == .horizontal ? bounds.minX : bounds.minY
        let proposal = ProposedViewSize(cell)
        for (k, subview) in subviews.enumerated() {
            let centre = axis == .horizontal
                ? CGPoint(x: position + cell.width / 2, y: bounds.midY)
                : CGPoint(x: bounds.midX, y: position + cell.height / 2)
            _ = subview.sizeThatFits(proposal)
            subview.place(at: centre, anchor: .center, proposal: proposal)
            position += (axis == .horizontal ? cell.width : cell.height) + (k < gaps.count ? gaps[k] : 0)
        }
    }
}
