import Foundation

// `overlay` and `background`, as SwiftUI spells them: a secondary element laid out in the
// modified element's size. Rules recorded on Apple's SwiftUI (mburger89/MetalUI
// docs/probes/swiftui-stack-algorithms.swift, arms A6–A11, K5, R3; swiftui-text-semantics.swift X3, B1):
// - the result is the primary's size, for any proposal; the primary is laid out as without the modifier;
// - the secondary is proposed the primary's size, placed with that proposal, and put where its
//   `alignment` guides meet the primary's; it may overflow (A6 "o: proposed [60x40] at (40, 0)");
// - several secondary elements form a centred `ZStack`, which the alignment then positions (K5g);
// - guides (baselines too) are the primary's; so are its spacing and layout priority.

extension View {
    /// Lays `content` over this element: proposed this element's size and aligned in it by
    /// `alignment`. Several elements form a centred `ZStack`. The result is this element's size,
    /// guides, spacing and layout priority; the content may overflow it.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        secondary(content().elements, role: .overlay, alignment: alignment)
    }

    /// Lays `content` behind this element (see ``overlay(alignment:content:)``): drawn first, sized
    /// and aligned the same way.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        secondary(content().elements, role: .background, alignment: alignment)
    }

    /// Lays `overlay` over this element (see ``overlay(alignment:content:)``).
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        secondary(overlay.elements, role: .overlay, alignment: alignment)
    }

    /// Lays `background` behind this element (see ``background(alignment:content:)``).
    public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
        secondary(background.elements, role: .background, alignment: alignment)
    }

    /// Each element of this view with `elements` (one, or several in a centred `ZStack`, written as
    /// SwiftUI writes its implicit one) over or behind it; none leaves the element alone (A11).
    private func secondary(_ elements: [AnyElement], role: SecondaryLayout.Role, alignment: Alignment) -> some View {
        let stacked = elements.count == 1 ? elements[0] : AnyElement(layout: OverlayStack(), children: elements)
        return eachElement { element in
            guard !elements.isEmpty else { return element }
            let layout = SecondaryLayout(role: role, alignment: alignment)
            return AnyElement(layout: layout, children: role == .overlay ? [element, stacked] : [stacked, element])
        }
    }
}

/// The centred `ZStack` several overlay or background elements form (kind `OverlayStack` in results).
struct OverlayStack: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        DepthStacking(alignment: .center).size(proposal: proposal, subviews: subviews)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        DepthStacking(alignment: .center).place(in: bounds, subviews: subviews)
    }
}

/// How a `ZStack` sizes and places its children (Layouts' `ZStackLayout` and the overlay's implicit
/// stack share it; `package`, not API):
/// - sizing: the children of the highest `layoutPriority` (all of them, when none sets one) are
///   proposed the stack's proposal; the stack is the union of their answers aligned on both guides
///   of `alignment`. Lower-priority children do not size it;
/// - placing: every child is proposed the stack's own size and aligned on the guide position of
///   the highest-priority children's union at that proposal, whose top-leading corner is the
///   stack's; lower-priority children may overflow it.
package struct DepthStacking {
    package let alignment: Alignment

    package init(alignment: Alignment) { self.alignment = alignment }

    /// The highest priority among `subviews` (0 when there are none).
    private func topPriority(_ subviews: LayoutSubviews) -> Double {
        var top = -Double.infinity
        for subview in subviews { top = max(top, subview.priority) }
        return subviews.isEmpty ? 0 : top
    }

    /// The union of the top-priority children's dimensions at `proposal`: its size and where the
    /// alignment guides fall in it (from its top-leading corner).
    private func union(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> (size: CGSize, guide: CGPoint) {
        let top = topPriority(subviews)
        var left = -CGFloat.infinity, right = -CGFloat.infinity, up = -CGFloat.infinity, down = -CGFloat.infinity
        for subview in subviews where subview.priority == top {
            let d = subview.dimensions(in: proposal)
            let h = d[alignment.horizontal], v = d[alignment.vertical]
            left = max(left, h)
            right = max(right, ViewDimensions.extent(of: d.width, past: h))
            up = max(up, v)
            down = max(down, ViewDimensions.extent(of: d.height, past: v))
        }
        guard left.isFinite || right.isFinite else { return (.zero, .zero) }
        return (CGSize(width: left + right, height: up + down), CGPoint(x: left, y: up))
    }

    package func size(proposal: ProposedViewSize, subviews: LayoutSubviews) -> CGSize {
        union(proposal, subviews).size
    }

    package func place(in bounds: CGRect, subviews: LayoutSubviews) {
        let own = ProposedViewSize(width: bounds.width, height: bounds.height)
        let guide = union(own, subviews).guide
        for subview in subviews {
            let d = subview.dimensions(in: own)
            subview.place(at: CGPoint(x: bounds.minX + guide.x - d[alignment.horizontal], y: bounds.minY + guide.y - d[alignment.vertical]),
                          proposal: own)
        }
    }
}

/// The layout of `overlay` and `background`: a primary child and a secondary one laid out in its size.
struct SecondaryLayout: ModifierLayout {
    enum Role { case overlay, background }

    let role: Role
    let alignment: Alignment

    static let modifierName = "overlay"
    var kindName: String { role == .overlay ? "overlay" : "background" }
    static var passesPriority: Bool { true }

    /// The background is written first (drawn first, so behind); the overlay's primary comes first.
    var primaryChild: Int { role == .overlay ? 0 : 1 }
    var secondaryChild: Int { 1 - primaryChild }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews[subviews.startIndex + primaryChild].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews[subviews.startIndex + primaryChild].place(at: bounds.origin, proposal: proposal)
        let secondary = subviews[subviews.startIndex + secondaryChild]
        let own = ProposedViewSize(width: bounds.width, height: bounds.height)
        let d = secondary.dimensions(in: own)
        let frame = ViewDimensions(width: bounds.width, height: bounds.height, source: nil)
        secondary.place(at: CGPoint(x: bounds.minX + frame[alignment.horizontal] - d[alignment.horizontal],
                                    y: bounds.minY + frame[alignment.vertical] - d[alignment.vertical]), proposal: own)
    }

    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        subviews[subviews.startIndex + primaryChild].spacing
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews[subviews.startIndex + primaryChild].dimensions(in: proposal)[explicit: guide]
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews[subviews.startIndex + primaryChild].dimensions(in: proposal)[explicit: guide]
    }
}
