import Foundation
import LayoutCore

/// A subview's place around a `RadialLayout`: lower ranks come first, clockwise from the top
/// (default 0; ties keep the written order). Set it with `.layoutValue(key: RadialRank.self, value: 2)`.
public enum RadialRank: LayoutValueKey {
    public static let defaultValue = 0
}

/// Subviews centred on a circle, at their ideal sizes, in `RadialRank` order clockwise from the top.
///
/// The layout takes the proposal (10 × 10 for `nil` axes). The circle is centred in the bounds;
/// its radius is half the bounds' smaller side minus half the largest side of any subview, so the
/// subviews stay inside (never below 0). One subview sits at the top; n subviews are 360°/n apart.
public struct RadialLayout: Layout {
    /// A layout that places its children on a circle.
    public init() {}

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard !subviews.isEmpty else { return }
        let ideals = subviews.map { $0.sizeThatFits(.unspecified) }
        let largest = ideals.reduce(0) { max($0, $1.width, $1.height) }
        let radius = max(0, min(bounds.width, bounds.height) / 2 - largest / 2)
        let order = subviews.indices.sorted { (subviews[$0][RadialRank.self], $0) < (subviews[$1][RadialRank.self], $1) }
        let step = 2 * CGFloat.pi / CGFloat(subviews.count)
        for (k, i) in order.enumerated() {
            let angle = -CGFloat.pi / 2 + step * CGFloat(k)
            subviews[i].place(at: CGPoint(x: bounds.midX + radius * cos(angle), y: bounds.midY + radius * sin(angle)),
                              anchor: .center, proposal: .unspecified)
        }
    }
}
