import Foundation

// `position`, `aspectRatio` and `hidden`, as SwiftUI spells them: single-child modifiers that
// decide where (or whether) their child is drawn. Each is its own element in results.

/// How `aspectRatio` scales: the largest size of the ratio inside the proposal (`fit`), or the
/// smallest covering it (`fill`).
public enum ContentMode: Sendable, Hashable, CaseIterable {
    /// Scaled to fit inside: the whole content shown.
    case fit
    /// Scaled to fill: the whole space covered, the content cut if need be.
    case fill
}

extension View {
    // MARK: - Position

    /// Centres this element at (`x`, `y`) in the space the parent proposes, which it takes whole: the
    /// result is the proposal, each `nil` axis taking the element's own length instead. The element
    /// is proposed that size. Logical coordinates: mirrored in right-to-left, as every placement.
    ///
    /// A non-finite coordinate is taken as 0 and reported (``LayoutDiagnostic/Kind/invalidModifierValue``).
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        eachElement { AnyElement(layout: PositionLayout(x: x, y: y), children: [$0]) }
    }

    /// Centres this element at `position` (see ``position(x:y:)``).
    public func position(_ position: CGPoint) -> some View { self.position(x: position.x, y: position.y) }

    // MARK: - Aspect ratio

    /// Proposes this element the largest (`.fit`) or smallest (`.fill`) size of width ÷ height
    /// `aspectRatio` that fits in (covers) the proposal, centres it, and answers the element's own
    /// size there: an element that takes what it is offered (a `Rectangle`) gets the ratio, a fixed
    /// one keeps its size. `nil` uses the ratio of the element's ideal size. A `nil` proposal on both
    /// axes passes through; on one axis it counts as unbounded (so `.fill` proposes ∞ there).
    ///
    /// A ratio that is not positive and finite is reported (``LayoutDiagnostic/Kind/invalidModifierValue``)
    /// and the proposal passed through unchanged (SwiftUI would propose negative or NaN lengths).
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        eachElement { AnyElement(layout: AspectRatioLayout(ratio: aspectRatio, contentMode: contentMode), children: [$0]) }
    }

    /// ``aspectRatio(_:contentMode:)`` with the ratio of `aspectRatio`'s width to its height.
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(aspectRatio.width / aspectRatio.height, contentMode: contentMode)
    }

    /// Scales to fit the proposal, keeping the ratio of the ideal size (`aspectRatio(contentMode: .fit)`).
    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }

    /// Scales to fill the proposal, keeping the ratio of the ideal size (`aspectRatio(contentMode: .fill)`).
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }

    // MARK: - Hidden

    /// Lays this element out as usual but does not draw it: it keeps its space, frame and guides,
    /// and its texts report no diagnostics. (Not ``PlacedElement/isHidden``, which marks an element
    /// a container left out, with an empty frame.)
    public func hidden() -> some View {
        eachElement { AnyElement(layout: HiddenLayout(), children: [$0]) }
    }
}

/// SwiftUI's `_PositionLayout` (OpenSwiftUI `PositionLayout.swift` and DanceUI agree: the size is the
/// proposal with each `nil` axis from the child's answer; the child is proposed the view's own size
/// and centred on the point).
struct PositionLayout: ModifierLayout {
    static let modifierName = "position"
    let x: CGFloat
    let y: CGFloat
    let issues: [LeafDiagnostic]

    init(x: CGFloat, y: CGFloat) {
        self.x = x.isFinite ? x : 0
        self.y = y.isFinite ? y : 0
        issues = x.isFinite && y.isFinite ? [] : [LeafDiagnostic(kind: .invalidModifierValue,
            message: "position(x: \(FrameRule.text(x)), y: \(FrameRule.text(y))): a non-finite coordinate is taken as 0")]
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        if let width = proposal.width, let height = proposal.height { return CGSize(width: width, height: height) }
        let child = subviews.first?.sizeThatFits(proposal) ?? .zero
        return CGSize(width: proposal.width ?? child.width, height: proposal.height ?? child.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + x, y: bounds.minY + y), anchor: .center,
                              proposal: ProposedViewSize(width: bounds.width, height: bounds.height))
    }
}

/// SwiftUI's `_AspectRatioLayout` (OpenSwiftUI `AspectRatioLayout.swift`; recorded on Apple's
/// SwiftUI in mburger89/MetalUI docs/probes/swiftui-stack-algorithms.swift, arms AR1–AR4, K4, and
/// swiftui-layout-input-validation.swift P8: "Color.aspectRatio(2, .fit) offered 100x80: 100.0x50.0",
/// ".fill offered 100x80: 160.0x80.0", "offered nil x nil: 10.0x10.0").
struct AspectRatioLayout: ModifierLayout {
    static let modifierName = "aspectRatio"
    let ratio: CGFloat?
    let contentMode: ContentMode
    let issues: [LeafDiagnostic]

    init(ratio: CGFloat?, contentMode: ContentMode) {
        self.ratio = ratio
        self.contentMode = contentMode
        if let ratio, !(ratio.isFinite && ratio > 0) {
            issues = [LeafDiagnostic(kind: .invalidModifierValue,
                                     message: "aspectRatio \(FrameRule.text(ratio)) is not a positive finite ratio; the proposal is passed through unchanged")]
        } else {
            issues = []
        }
    }

    /// What the child is offered for the modifier's proposal `p`.
    func offer(_ p: ProposedViewSize, _ child: LayoutSubview) -> ProposedViewSize {
        guard p != .unspecified else { return p }
        let r: CGFloat
        if let ratio {
            r = ratio
        } else {
            let ideal = child.sizeThatFits(.unspecified)
            r = ideal.width / ideal.height
        }
        guard r.isFinite, r > 0 else { return p }
        // A `nil` axis beside an infinite one, or `.fill` with an infinite axis: no size of ratio r
        // is bounded there, so the proposal passes through as a `nil × nil` one does (else the
        // child would be offered ∞ on an axis proposed `nil` or a length, where ∞ is no answer).
        if (p.width == nil && p.height == .infinity) || (p.height == nil && p.width == .infinity) { return p }
        if contentMode == .fill, p.width == .infinity || p.height == .infinity { return p }
        let w = p.width ?? .infinity, h = p.height ?? .infinity
        // `.fit` takes the whole width when the ratio's height for it fits; `.fill` when it covers.
        let widthFirst = contentMode == .fit ? w / r <= h : w / r >= h
        return widthFirst ? ProposedViewSize(width: w, height: w / r) : ProposedViewSize(width: h * r, height: h)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard let child = subviews.first else { return .zero }
        return child.sizeThatFits(offer(proposal, child))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let child = subviews.first else { return }
        let p = offer(proposal, child)
        let size = child.sizeThatFits(p)
        child.place(at: CGPoint(x: bounds.minX + (bounds.width - size.width) / 2, y: bounds.minY + (bounds.height - size.height) / 2),
                    proposal: p)
    }
}

/// `hidden()`: the child laid out in place, not drawn.
struct HiddenLayout: ModifierLayout {
    static let modifierName = "hidden"
    static var hidesContent: Bool { true }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.sizeThatFits(proposal) ?? .zero
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, proposal: proposal)
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: proposal)[explicit: guide]
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: proposal)[explicit: guide]
    }
}
