import Foundation
import LayoutCore

/// A horizontal stack that gives every subview the width of the widest one's ideal size (and the
/// height of the tallest), with each neighbouring pair's preferred (system) spacing between them.
///
/// Each subview is centred in its cell and proposed the cell's size; a subview that cannot grow
/// (a fixed box) stays its size. The proposal is ignored: the stack is always its ideal size.
public struct EqualWidthHStack: Layout {
    public init() {}

    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    /// The largest ideal width and the largest ideal height.
    func cellSize(_ subviews: Subviews) -> CGSize {
        subviews.reduce(CGSize.zero) { cell, subview in
            let ideal = subview.sizeThatFits(.unspecified)
            return CGSize(width: max(cell.width, ideal.width), height: max(cell.height, ideal.height))
        }
    }

    /// The preferred distance after each subview but the last.
    func gaps(_ subviews: Subviews) -> [CGFloat] {
        subviews.indices.dropLast().map { subviews[$0].spacing.distance(to: subviews[$0 + 1].spacing, along: .horizontal) }
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard !subviews.isEmpty else { return .zero }
        let cell = cellSize(subviews)
        return CGSize(width: cell.width * CGFloat(subviews.count) + gaps(subviews).reduce(0, +), height: cell.height)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard !subviews.isEmpty else { return }
        let cell = cellSize(subviews)
        let gaps = gaps(subviews)
        var x = bounds.minX
        for (k, i) in subviews.indices.enumerated() {
            subviews[i].place(at: CGPoint(x: x + cell.width / 2, y: bounds.midY), anchor: .center, proposal: ProposedViewSize(cell))
            x += cell.width + (k < gaps.count ? gaps[k] : 0)
        }
    }
}
