import Foundation

// `overlay` and `background`, as SwiftUI spells them: a secondary element laid out in the
// modified element's size. Rules recorded on Apple's SwiftUI (mburger89/MetalUI
// docs/probes/swiftui-stack-algorithms.swift, arms A6–A11, K5, R3; swiftui-text-semantics.swift X3, B1):
// - the result is the primary's size, for any proposal; the primary is laid out as without the modifier;
// - the secondary is proposed the primary's size, placed with that proposal, and put where its
//   `alignment` guides meet the primary's; it may overflow (A6 "o: proposed [60x40] at (40, 0)");
// - several secondary elements form a centred `ZStack`, which the alignment then positions (K5g);
// - guides (baselines too) are the primary's; so are its spacing and layout priority.

extension Element {
    /// Lays `content` over this element: proposed this element's size and aligned in it by
    /// `alignment`. Several elements form a centred `ZStack`. The result is this element's size,
    /// guides, spacing and layout priority; the content may overflow it.
    public func overlay(alignment: Alignment = .center, @ElementBuilder content: () -> [AnyElement]) -> AnyElement {
        let secondary = content()
        guard !secondary.isEmpty else { return anyElement }  // an empty overlay leaves the element alone (A11)
        return AnyElement(layout: SecondaryLayout(role: .overlay, alignment: alignment), children: [anyElement, Self.stacked(secondary)])
    }

    /// Lays `content` behind this element (see ``overlay(alignment:content:)``): drawn first, sized
    /// and aligned the same way.
    public func background(alignment: Alignment = .center, @ElementBuilder content: () -> [AnyElement]) -> AnyElement {
        let secondary = content()
        guard !secondary.isEmpty else { return anyElement }
        return AnyElement(layout: SecondaryLayout(role: .background, alignment: alignment), children: [Self.stacked(secondary), anyElement])
    }

    /// Lays `overlay` over this element (see ``overlay(alignment:content:)``).
    public func overlay(_ overlay: some Element, alignment: Alignment = .center) -> AnyElement {
        self.overlay(alignment: alignment) { overlay }
    }

    /// Lays `background` behind this element (see ``background(alignment:content:)``).
    public func background(_ background: some Element, alignment: Alignment = .center) -> AnyElement {
        self.background(alignment: alignment) { background }
    }

    /// One element, or several in a centred `ZStack` (written as SwiftUI writes its implicit one).
    private static func stacked(_ elements: [AnyElement]) -> AnyElement {
        elements.count == 1 ? elements[0] : AnyElement(layout: OverlayStack(), children: elements)
    }
}

/// The centred `ZStack` several overlay or background elements form (kind `OverlayStack` in
/// results): sized as the union of its children, which are placed at the stack's own size, centred
/// on each other. LayoutCore's own: the public `ZStackLayout` lives in Layouts; with no priorities
/// set, the rules are the same.
struct OverlayStack: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(CGSize.zero) { size, subview in
            let d = subview.sizeThatFits(proposal)
            return CGSize(width: max(size.width, d.width), height: max(size.height, d.height))
        }
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let own = ProposedViewSize(width: bounds.width, height: bounds.height)
        let sizes = subviews.map { $0.sizeThatFits(own) }
        let union = sizes.reduce(CGSize.zero) { CGSize(width: max($0.width, $1.width), height: max($0.height, $1.height)) }
        for (subview, size) in zip(subviews, sizes) {
            subview.place(at: CGPoint(x: bounds.minX + (union.width - size.width) / 2, y: bounds.minY + (union.height - size.height) / 2),
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
