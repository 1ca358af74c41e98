import Foundation
@_spi(LayoutEngine) import LayoutCore

/// The layout behind ``ViewThatFits`` (and the layout file's `ViewThatFits`): shows the first child whose ideal size fits the proposal
/// on `axes`, else the last; the others are hidden (no frame).
///
/// A child's ideal is measured with `nil` on the chosen axes and the proposal on the others; it fits
/// when, on each chosen axis, the proposal is `nil` or at least the ideal. The chosen child is then
/// proposed the container's proposal. With no children the size is zero.
public struct ViewThatFitsLayout: Layout {
    /// The axes a child must fit on.
    public var axes: Axis.Set

    /// A layout that picks the first child fitting the proposal on `axes`.
    public init(in axes: Axis.Set = [.horizontal, .vertical]) { self.axes = axes }

    /// The index of the child shown for `proposal`.
    func choice(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Int? {
        guard !subviews.isEmpty else { return nil }
        let horizontal = axes.contains(.horizontal), vertical = axes.contains(.vertical)
        let probe = ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        for i in subviews.indices {
            let ideal = subviews[i].sizeThatFits(probe)
            let fitsWidth = !horizontal || proposal.width.map { ideal.width <= $0 } ?? true
            let fitsHeight = !vertical || proposal.height.map { ideal.height <= $0 } ?? true
            if fitsWidth && fitsHeight { return i }
        }
        return subviews.index(before: subviews.endIndex)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard let i = choice(proposal, subviews) else { return .zero }
        return subviews[i].sizeThatFits(proposal)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let chosen = choice(proposal, subviews)
        for i in subviews.indices {
            if i == chosen { subviews[i].place(at: bounds.origin, proposal: proposal) } else { subviews[i].hide() }
        }
    }

    public func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        subviews.last?.spacing ?? .zero
    }
}

/// SwiftUI's `ViewThatFits`: shows the first of its views whose ideal size fits the proposal on
/// `axes`, else the last; the others are laid out but not shown (``ViewThatFitsLayout``).
public struct ViewThatFits<Content: View>: View {
    public typealias Body = Never
    /// The axes a child must fit on.
    public var axes: Axis.Set
    let content: Content

    /// The first of `content`'s views that fits the proposal on `axes` (else the last).
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }
}

extension ViewThatFits: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {
        list.append(AnyElement(layout: ViewThatFitsLayout(in: axes), children: content.elements))
    }
}
