import Foundation

// Modifiers, as SwiftUI spells them. Those that change geometry (padding, frame, fixedSize,
// offset) wrap the element in a single-child layout, which appears in the result as its own
// element; the others (layoutPriority, layoutValue, alignmentGuide, environment, id) attach to the
// element they modify. Layout traits (priority, layout values) pass outward through geometry
// modifiers, as in SwiftUI: `Box(…).layoutPriority(1).padding()` still has priority 1.

extension Element {
    // MARK: - Padding

    /// Insets the element by `insets`: proposes the proposal minus the insets (never below 0, `nil`
    /// stays `nil`), reports the child's size plus the insets, moves the child's guides by the insets
    /// and drops its spacing preferences on the padded edges (the padding is the space).
    public func padding(_ insets: EdgeInsets) -> AnyElement {
        AnyElement(layout: PaddingLayout(insets: insets), children: [anyElement])
    }

    /// Pads `edges` by `length` (default 16 pt, the system padding).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> AnyElement {
        padding(EdgeInsets(edges, length ?? PaddingLayout.defaultLength))
    }

    /// Pads every edge by `length`.
    public func padding(_ length: CGFloat) -> AnyElement {
        padding(.all, length)
    }

    // MARK: - Frames

    /// A fixed frame: a given axis proposes exactly that length and reports it, whatever the child
    /// answers; the child is placed inside by `alignment` and may overflow. A `nil` axis passes the
    /// proposal through and reports the child's length. A negative length is taken as 0, NaN as `nil`.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> AnyElement {
        AnyElement(layout: FixedFrameLayout(width: FrameRule.length(width), height: FrameRule.length(height), alignment: alignment),
                   children: [anyElement])
    }

    /// A flexible frame: per axis, a `nil` proposal is replaced by the ideal when given; the child is
    /// proposed the proposal clamped to [min, max]; the frame is the child's length when neither min
    /// nor max is given, else the proposal when (a min is given and it is below the child's length) or
    /// (a max is given and it is above), else the child's length — clamped to [min, max].
    ///
    /// Edge cases: NaN bounds are ignored, negative ones taken as 0; a min above the max raises the max.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> AnyElement {
        AnyElement(layout: FlexibleFrameLayout(width: FrameRule(min: minWidth, ideal: idealWidth, max: maxWidth),
                                               height: FrameRule(min: minHeight, ideal: idealHeight, max: maxHeight),
                                               alignment: alignment),
                   children: [anyElement])
    }

    // MARK: - Fixed size

    /// Proposes `nil` (the ideal) on both axes and reports the child's answer, even beyond the proposal.
    public func fixedSize() -> AnyElement { fixedSize(horizontal: true, vertical: true) }

    /// Proposes `nil` (the ideal) on the chosen axes and reports the child's answer.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> AnyElement {
        AnyElement(layout: FixedSizeLayout(horizontal: horizontal, vertical: vertical), children: [anyElement])
    }

    // MARK: - Offset

    /// Moves the element's drawing by (x, y) without changing its layout: its parent still uses the
    /// original frame, and the result reports the moved frame for the child. Logical: mirrored in
    /// right-to-left.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyElement {
        AnyElement(layout: OffsetLayout(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0), children: [anyElement])
    }

    /// Moves the element's drawing by `offset` (see ``offset(x:y:)``).
    public func offset(_ offset: CGSize) -> AnyElement { self.offset(x: offset.width, y: offset.height) }

    // MARK: - Traits

    /// The priority stacks size this element by (higher first; default 0).
    public func layoutPriority(_ value: Double) -> AnyElement {
        var element = anyElement
        element.traits.priority = value.isNaN ? 0 : value
        return element
    }

    /// A value the parent layout reads as `subview[K.self]`.
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> AnyElement {
        var element = anyElement
        element.traits.layoutValues[ObjectIdentifier(key)] = value
        return element
    }

    /// Overrides a horizontal guide: `computeValue` gets the element's dimensions (with the guides
    /// it had before this modifier) and returns the guide's value from its leading edge.
    public func alignmentGuide(_ guide: HorizontalAlignment,
                               computeValue: @escaping @Sendable (ViewDimensions) -> CGFloat) -> AnyElement {
        var element = anyElement
        element.traits.overrides.append(GuideOverride(guide: .horizontal(guide), compute: computeValue))
        return element
    }

    /// Overrides a vertical guide: `computeValue` gets the element's dimensions (with the guides it
    /// had before this modifier) and returns the guide's value from its top.
    public func alignmentGuide(_ guide: VerticalAlignment,
                               computeValue: @escaping @Sendable (ViewDimensions) -> CGFloat) -> AnyElement {
        var element = anyElement
        element.traits.overrides.append(GuideOverride(guide: .vertical(guide), compute: computeValue))
        return element
    }

    /// Sets an environment value for this element and its descendants (an inner setting wins).
    public func environment<V: Sendable>(_ keyPath: WritableKeyPath<EnvironmentValues, V> & Sendable, _ value: V) -> AnyElement {
        var element = anyElement
        element.traits.environment.append { $0[keyPath: keyPath] = value }
        return element
    }

    /// Names the element: its `String(describing:)` is the result's `id` (find it with `LayoutResult.element(id:)`).
    public func id(_ id: some Hashable & Sendable) -> AnyElement {
        var element = anyElement
        element.traits.id = String(describing: id)
        return element
    }
}

// MARK: - Geometry modifiers as layouts

struct PaddingLayout: ModifierLayout {
    static let modifierName = "padding"
    /// SwiftUI's default padding.
    static let defaultLength: CGFloat = 16
    let insets: EdgeInsets

    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: p.width.map { max(0, $0 - insets.horizontal) }, height: p.height.map { max(0, $0 - insets.vertical) })
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard let child = subviews.first else { return .zero }
        let size = child.sizeThatFits(childProposal(proposal))
        return CGSize(width: max(0, size.width + insets.horizontal), height: max(0, size.height + insets.vertical))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + insets.leading, y: bounds.minY + insets.top), proposal: childProposal(proposal))
    }

    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        var spacing = subviews.first?.spacing ?? .zero
        let padded: [(Edge, CGFloat)] = [(.top, insets.top), (.leading, insets.leading), (.bottom, insets.bottom), (.trailing, insets.trailing)]
        for (edge, length) in padded where length != 0 { spacing.setPreferences([], on: Edge.Set(edge)) }
        return spacing
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: childProposal(proposal))[explicit: guide].map { $0 + insets.leading }
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: childProposal(proposal))[explicit: guide].map { $0 + insets.top }
    }
}

/// One axis of a flexible frame.
struct FrameRule: Sendable {
    let min: CGFloat?
    let ideal: CGFloat?
    let max: CGFloat?

    init(min: CGFloat?, ideal: CGFloat?, max: CGFloat?) {
        let lower = Self.length(min)
        var upper = Self.length(max)
        if let lower, let u = upper, u < lower { upper = lower }
        self.min = lower
        self.ideal = Self.length(ideal)
        self.max = upper
    }

    /// NaN → `nil`; negative → 0.
    static func length(_ value: CGFloat?) -> CGFloat? {
        guard let value, !value.isNaN else { return nil }
        return Swift.max(0, value)
    }

    func clamp(_ value: CGFloat) -> CGFloat {
        var v = value
        if let max { v = Swift.min(v, max) }
        if let min { v = Swift.max(v, min) }
        return v
    }

    /// The proposal after replacing `nil` by the ideal.
    func effective(_ p: CGFloat?) -> CGFloat? { p ?? ideal }

    /// What the child is proposed.
    func childProposal(_ p: CGFloat?) -> CGFloat? { effective(p).map(clamp) }

    /// The frame's length given its proposal and the child's length.
    func length(proposal p: CGFloat?, child c: CGFloat) -> CGFloat {
        if min == nil && max == nil { return c }
        guard let p = effective(p) else { return clamp(c) }
        let useProposal = (min != nil && p < c) || (max != nil && p > c)
        return clamp(useProposal ? p : c)
    }
}

/// Where a frame puts its child: the child's `alignment` guides on the frame's.
private func alignedOrigin(of child: ViewDimensions, in frame: CGSize, alignment: Alignment) -> CGPoint {
    let frameDimensions = ViewDimensions(width: frame.width, height: frame.height, source: nil)
    return CGPoint(x: frameDimensions[alignment.horizontal] - child[alignment.horizontal],
                   y: frameDimensions[alignment.vertical] - child[alignment.vertical])
}

/// Shared by both frames: sizing and aligned placement around a per-axis rule.
protocol FrameLayout: ModifierLayout where Cache == Void {
    var alignment: Alignment { get }
    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize
    func frameSize(_ p: ProposedViewSize, child: CGSize) -> CGSize
}

extension FrameLayout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let child = subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
        return frameSize(proposal, child: child)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let child = subviews.first else { return }
        let p = childProposal(proposal)
        let origin = alignedOrigin(of: child.dimensions(in: p), in: bounds.size, alignment: alignment)
        child.place(at: CGPoint(x: bounds.minX + origin.x, y: bounds.minY + origin.y), proposal: p)
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        guard let child = subviews.first else { return nil }
        let d = child.dimensions(in: childProposal(proposal))
        return d[explicit: guide].map { $0 + alignedOrigin(of: d, in: bounds.size, alignment: alignment).x }
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        guard let child = subviews.first else { return nil }
        let d = child.dimensions(in: childProposal(proposal))
        return d[explicit: guide].map { $0 + alignedOrigin(of: d, in: bounds.size, alignment: alignment).y }
    }
}

struct FixedFrameLayout: FrameLayout {
    static let modifierName = "frame"
    let width: CGFloat?
    let height: CGFloat?
    let alignment: Alignment

    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width ?? p.width, height: height ?? p.height)
    }

    func frameSize(_ p: ProposedViewSize, child: CGSize) -> CGSize {
        CGSize(width: width ?? child.width, height: height ?? child.height)
    }
}

struct FlexibleFrameLayout: FrameLayout {
    static let modifierName = "flexibleFrame"
    let width: FrameRule
    let height: FrameRule
    let alignment: Alignment

    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width.childProposal(p.width), height: height.childProposal(p.height))
    }

    func frameSize(_ p: ProposedViewSize, child: CGSize) -> CGSize {
        CGSize(width: width.length(proposal: p.width, child: child.width), height: height.length(proposal: p.height, child: child.height))
    }
}

struct FixedSizeLayout: ModifierLayout {
    static let modifierName = "fixedSize"
    let horizontal: Bool
    let vertical: Bool

    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, proposal: childProposal(proposal))
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: childProposal(proposal))[explicit: guide]
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: childProposal(proposal))[explicit: guide]
    }
}

struct OffsetLayout: ModifierLayout {
    static let modifierName = "offset"
    let x: CGFloat
    let y: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.sizeThatFits(proposal) ?? .zero
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: CGPoint(x: bounds.minX + x, y: bounds.minY + y), proposal: proposal)
    }

    // Guides do not move with the drawing.
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: proposal)[explicit: guide]
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: proposal)[explicit: guide]
    }
}
