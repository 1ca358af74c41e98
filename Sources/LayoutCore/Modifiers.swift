import Foundation

// Modifiers, as SwiftUI spells them. Those that change geometry (padding, frame, fixedSize,
// offset, and those in Overlay.swift and Placement.swift) wrap the element in a layout, which
// appears in the result as its own element; the others (layoutPriority, layoutValue,
// alignmentGuide, environment, id) attach to the element they modify. Layout values pass outward
// through geometry modifiers; a layout priority does not, as in SwiftUI, where a container reads
// the priority of a child's outermost modifier only: `Box(…).layoutPriority(1).padding()` has
// priority 0 (probe L, mburger89/MetalUI docs/probes/swiftui-stack-algorithms.swift). Only
// `overlay`/`background` pass their content's priority on (a single-child stack does too).

extension View {
    // MARK: - Padding

    /// Insets the element by `insets`: proposes the proposal minus the insets (never below 0, `nil`
    /// stays `nil`), reports the child's size plus the insets (never below 0 on an axis), moves the
    /// child's guides by the insets, and gives every padded edge ordinary spacing (8 pt to a
    /// neighbour, whatever the child preferred there: a padded text is spaced as a box is).
    public func padding(_ insets: EdgeInsets) -> some View {
        eachElement { AnyElement(layout: PaddingLayout(insets: insets), children: [$0]) }
    }

    /// Pads `edges` by `length` (default 16 pt, the system padding).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        padding(EdgeInsets(edges, length ?? PaddingLayout.defaultLength))
    }

    /// Pads every edge by `length`.
    public func padding(_ length: CGFloat) -> some View {
        padding(.all, length)
    }

    // MARK: - Frames

    /// A fixed frame: a given axis proposes exactly that length and reports it, whatever the child
    /// answers; the child is placed inside by `alignment` and may overflow. A `nil` axis passes the
    /// proposal through and reports the child's length.
    ///
    /// Edge cases, as SwiftUI: a negative length (−∞ too) is taken as 0 and an infinite or NaN one as
    /// `nil`, each reported as ``LayoutDiagnostic/Kind/invalidFrameDimension`` (SwiftUI logs "Invalid
    /// frame dimension (negative or non-finite).").
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        eachElement { AnyElement(layout: FixedFrameLayout(width: width, height: height, alignment: alignment), children: [$0]) }
    }

    /// A flexible frame. Per axis, with P the proposal and C the child's length:
    /// - the child is proposed P (or the ideal, when P is `nil`) clamped to [min, max];
    /// - under a `nil` P the frame is the ideal when one is given;
    /// - with neither min nor max it is C; with both, P clamped; otherwise P when (a min is given
    ///   and P < C) or (a max is given and P > C), else C — clamped to [min, max];
    /// - the child is placed, by `alignment`, with the frame's own length as its proposal, except
    ///   where no ideal is given, P was `nil` and min < length < max: then `nil`. So
    ///   `Rectangle().frame(minWidth: 50)` under a `nil` proposal is 50 wide and the rectangle fills it.
    ///
    /// Values are made consistent as SwiftUI does: a negative min is 0, an ideal below the min is
    /// raised to it, a max below the ideal (or the min) is raised to it. Out-of-order or NaN values
    /// are reported as ``LayoutDiagnostic/Kind/contradictoryFrame`` ("Contradictory frame constraints
    /// specified."); a NaN, a min of +∞, a negative ideal or max as
    /// ``LayoutDiagnostic/Kind/invalidFrameDimension``. A NaN or +∞ min and a NaN ideal or max are
    /// ignored (SwiftUI answers NaN or ∞ for them); a negative ideal or max is taken as 0.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        let layout = FlexibleFrameLayout(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                         minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight,
                                         alignment: alignment)
        return eachElement { AnyElement(layout: layout, children: [$0]) }
    }

    // MARK: - Fixed size

    /// Proposes `nil` (the ideal) on both axes and reports the child's answer, even beyond the proposal.
    public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

    /// Proposes `nil` (the ideal) on the chosen axes and reports the child's answer.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        eachElement { AnyElement(layout: FixedSizeLayout(horizontal: horizontal, vertical: vertical), children: [$0]) }
    }

    // MARK: - Offset

    /// Moves the element's drawing by (x, y) without changing its layout: its parent still uses the
    /// original frame, and the result reports the moved frame for the child. Logical: mirrored in
    /// right-to-left.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        eachElement { AnyElement(layout: OffsetLayout(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0), children: [$0]) }
    }

    /// Moves the element's drawing by `offset` (see ``offset(x:y:)``).
    public func offset(_ offset: CGSize) -> some View { self.offset(x: offset.width, y: offset.height) }

    // MARK: - Traits

    /// The priority stacks size this element by (higher first; default 0, a `Spacer`'s −∞). A
    /// container reads it from a child's outermost modifier: set it last (`.padding().layoutPriority(1)`).
    public func layoutPriority(_ value: Double) -> some View {
        eachElement { element in
            var element = element
            element.traits.priority = value.isNaN ? 0 : value
            return element
        }
    }

    /// A value the parent layout reads as `subview[K.self]`.
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        eachElement { element in
            var element = element
            element.traits.layoutValues[ObjectIdentifier(key)] = value
            return element
        }
    }

    /// Overrides a horizontal guide: `computeValue` gets the element's dimensions (with the guides
    /// it had before this modifier) and returns the guide's value from its leading edge.
    public func alignmentGuide(_ guide: HorizontalAlignment,
                               computeValue: @escaping @Sendable (ViewDimensions) -> CGFloat) -> some View {
        eachElement { element in
            var element = element
            element.traits.overrides.append(GuideOverride(guide: .horizontal(guide), compute: computeValue))
            return element
        }
    }

    /// Overrides a vertical guide: `computeValue` gets the element's dimensions (with the guides it
    /// had before this modifier) and returns the guide's value from its top.
    public func alignmentGuide(_ guide: VerticalAlignment,
                               computeValue: @escaping @Sendable (ViewDimensions) -> CGFloat) -> some View {
        eachElement { element in
            var element = element
            element.traits.overrides.append(GuideOverride(guide: .vertical(guide), compute: computeValue))
            return element
        }
    }

    /// Sets an environment value for this element and its descendants (an inner setting wins).
    /// Views inside see it while their bodies are evaluated (``Environment``).
    public func environment<V: Sendable>(_ keyPath: WritableKeyPath<EnvironmentValues, V> & Sendable, _ value: V) -> some View {
        EnvironmentWriter(content: self) { $0[keyPath: keyPath] = value }
    }

    /// ``environment(_:_:)`` for this package's own modifiers: `set` stores `value` (`{ $0.font = $1 }`).
    /// A write through a key path to a computed property allocates a writeback buffer every time
    /// the modifier is applied (twice a tree: evaluating the body, building the node).
    package func environmentValue<V: Sendable>(_ value: V, set: @escaping @Sendable (inout EnvironmentValues, V) -> Void) -> some View {
        EnvironmentWriter(content: self) { set(&$0, value) }
    }

    /// Changes an environment value for this element and its descendants: `transform` gets the value
    /// the element would inherit and may change it (an inner setting still wins over it).
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V> & Sendable,
                                        transform: @escaping @Sendable (inout V) -> Void) -> some View {
        EnvironmentWriter(content: self) { transform(&$0[keyPath: keyPath]) }
    }

    /// Names the element: its `String(describing:)` is the result's `id` (find it with `LayoutResult.element(id:)`).
    public func id(_ id: some Hashable & Sendable) -> some View {
        eachElement { element in
            var element = element
            element.traits.id = String(describing: id)
            return element
        }
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

    /// The child's spacing, with ordinary spacing on every padded edge: SwiftUI spaces two padded
    /// texts 8 pt apart in a `VStack`, where two bare texts get 0 (probe S "paddedText|paddedText: hstack 8
    /// vstack 8", mburger89/MetalUI docs/probes/swiftui-stack-algorithms.swift).
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        var spacing = subviews.first?.spacing ?? .zero
        let padded: [(Edge, CGFloat)] = [(.top, insets.top), (.leading, insets.leading), (.bottom, insets.bottom), (.trailing, insets.trailing)]
        for (edge, length) in padded where length != 0 { spacing.setPreferences(Self.ordinary, on: Edge.Set(edge)) }
        return spacing
    }

    private static let ordinary = ViewSpacing().preferences(on: .top)

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: childProposal(proposal))[explicit: guide].map { $0 + insets.leading }
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        subviews.first?.dimensions(in: childProposal(proposal))[explicit: guide].map { $0 + insets.top }
    }
}

/// One axis of a flexible frame, its values made consistent as SwiftUI makes them.
struct FrameRule: Sendable {
    let min: CGFloat?
    let ideal: CGFloat?
    let max: CGFloat?

    /// Normalises one axis's values, adding what SwiftUI would log about them to `issues`
    /// (`axis`: "Width" or "Height", for the messages).
    ///
    /// The checks are the ones a recorded probe of SwiftUI shows (mburger89/MetalUI
    /// docs/probes/swiftui-layout-input-validation.swift): "Contradictory frame constraints
    /// specified." when min ≤ ideal ≤ max fails (a missing min is −∞, a missing ideal the min, a
    /// missing max the ideal; NaN fails); "Invalid frame dimension (negative or non-finite)." for a
    /// NaN or +∞ min, a NaN or negative ideal or max. A negative min is taken as 0 silently.
    init(min: CGFloat?, ideal: CGFloat?, max: CGFloat?, axis: String, issues: inout [String], invalid: inout [String]) {
        let low = min ?? -.infinity, middle = ideal ?? low, high = max ?? middle
        if !(low <= middle && middle <= high) {
            let given = [("min", min), ("ideal", ideal), ("max", max)].compactMap { name, value in value.map { "\(name)\(axis) \(Self.text($0))" } }
            issues.append(given.joined(separator: ", "))
        }
        var lower = min, preferred = ideal, upper = max
        if let v = lower, v.isNaN || v == .infinity {
            invalid.append("min\(axis) \(Self.text(v)) is ignored")
            lower = nil
        }
        if let v = preferred, v.isNaN || v < 0 {
            invalid.append(v.isNaN ? "ideal\(axis) nan is ignored" : "ideal\(axis) \(Self.text(v)) is taken as 0")
            preferred = v.isNaN ? nil : 0
        }
        if let v = upper, v.isNaN || v < 0 {
            invalid.append(v.isNaN ? "max\(axis) nan is ignored" : "max\(axis) \(Self.text(v)) is taken as 0")
            upper = v.isNaN ? nil : 0
        }
        if let v = lower { lower = Swift.max(0, v) }
        if let l = lower, let p = preferred, p < l { preferred = l }
        if let u = upper, let floor = preferred ?? lower, u < floor { upper = floor }
        self.min = lower
        self.ideal = preferred
        self.max = upper
    }

    static func text(_ v: CGFloat) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-infinity" : "infinity" }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(Double(v))
    }

    func clamp(_ value: CGFloat) -> CGFloat {
        var v = value
        if let max { v = Swift.min(v, max) }
        if let min { v = Swift.max(v, min) }
        return v
    }

    /// What the child is proposed while the frame is sized: the proposal, or the ideal for a `nil`
    /// one, clamped to [min, max] (`nil` stays `nil`).
    func childProposal(_ p: CGFloat?) -> CGFloat? {
        guard let length = p ?? ideal else { return nil }
        return clamp(length)  // not `.map(clamp)`: a method reference made a closure context (an allocation) every call
    }

    /// The frame's length given its proposal and the child's length (see the modifier's rules).
    func length(proposal p: CGFloat?, child c: CGFloat) -> CGFloat {
        guard let p else { return ideal ?? clamp(c) }
        if min == nil && max == nil { return c }
        if min != nil && max != nil { return clamp(p) }
        let useProposal = (min != nil && p < c) || (max != nil && p > c)
        return clamp(useProposal ? p : c)
    }

    /// What the child is placed with: the frame's own length `f`, or `nil` where no ideal is
    /// given, the proposal was `nil` and `f` lies strictly between min and max (a missing min is
    /// −∞, a missing max +∞), as SwiftUI places it (OpenSwiftUI's `childPlacementProposal`; probe
    /// D3 "child proposed 40.0xnil" in mburger89/MetalUI docs/probes/swiftui-frame-semantics.swift).
    func placementProposal(proposal p: CGFloat?, length f: CGFloat) -> CGFloat? {
        if ideal == nil, p == nil, (min ?? -.infinity) < f, f < (max ?? .infinity) { return nil }
        return f
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
    /// What the child is proposed while the frame is sized.
    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize
    func frameSize(_ p: ProposedViewSize, child: CGSize) -> CGSize
    /// What the child is placed with, in a frame of `size` proposed `p`.
    func placementProposal(_ p: ProposedViewSize, size: CGSize) -> ProposedViewSize
}

extension FrameLayout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let child = subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
        return frameSize(proposal, child: child)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let child = subviews.first else { return }
        let p = placementProposal(proposal, size: bounds.size)
        let origin = alignedOrigin(of: child.dimensions(in: p), in: bounds.size, alignment: alignment)
        child.place(at: CGPoint(x: bounds.minX + origin.x, y: bounds.minY + origin.y), proposal: p)
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        guard let child = subviews.first else { return nil }
        let d = child.dimensions(in: placementProposal(proposal, size: bounds.size))
        return d[explicit: guide].map { $0 + alignedOrigin(of: d, in: bounds.size, alignment: alignment).x }
    }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        guard let child = subviews.first else { return nil }
        let d = child.dimensions(in: placementProposal(proposal, size: bounds.size))
        return d[explicit: guide].map { $0 + alignedOrigin(of: d, in: bounds.size, alignment: alignment).y }
    }
}

struct FixedFrameLayout: FrameLayout {
    static let modifierName = "frame"
    let width: CGFloat?
    let height: CGFloat?
    let alignment: Alignment
    let issues: [LeafDiagnostic]

    /// Keeps valid lengths; a negative one (−∞ too) is 0, an infinite or NaN one `nil`, each
    /// reported (probe P3 and P9 in mburger89/MetalUI docs/probes/swiftui-layout-input-validation.swift:
    /// `frame(width: -10)` is 0 wide, `frame(width: .infinity)` and `.nan` take the child's 20).
    init(width: CGFloat?, height: CGFloat?, alignment: Alignment) {
        var notes: [String] = []
        func valid(_ value: CGFloat?, _ name: String) -> CGFloat? {
            guard let value else { return nil }
            if value < 0 {
                notes.append("\(name) \(FrameRule.text(value)) is taken as 0")
                return 0
            }
            if !value.isFinite {
                notes.append("\(name) \(FrameRule.text(value)) is ignored")
                return nil
            }
            return value
        }
        self.width = valid(width, "width")
        self.height = valid(height, "height")
        self.alignment = alignment
        issues = notes.isEmpty ? [] : [LeafDiagnostic(kind: .invalidFrameDimension,
                                                       message: "Invalid frame dimension (negative or non-finite): " + notes.joined(separator: "; "))]
    }

    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width ?? p.width, height: height ?? p.height)
    }

    func placementProposal(_ p: ProposedViewSize, size: CGSize) -> ProposedViewSize { childProposal(p) }

    func frameSize(_ p: ProposedViewSize, child: CGSize) -> CGSize {
        CGSize(width: width ?? child.width, height: height ?? child.height)
    }
}

struct FlexibleFrameLayout: FrameLayout {
    static let modifierName = "flexibleFrame"
    let width: FrameRule
    let height: FrameRule
    let alignment: Alignment
    let issues: [LeafDiagnostic]

    init(minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?, minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?,
         alignment: Alignment) {
        var contradictions: [String] = [], invalid: [String] = []
        width = FrameRule(min: minWidth, ideal: idealWidth, max: maxWidth, axis: "Width", issues: &contradictions, invalid: &invalid)
        height = FrameRule(min: minHeight, ideal: idealHeight, max: maxHeight, axis: "Height", issues: &contradictions, invalid: &invalid)
        self.alignment = alignment
        var issues: [LeafDiagnostic] = []
        if !contradictions.isEmpty {
            let used = [("Width", width), ("Height", height)].compactMap { name, rule -> String? in
                let parts = [("min", rule.min), ("ideal", rule.ideal), ("max", rule.max)]
                    .compactMap { label, value in value.map { "\(label)\(name) \(FrameRule.text($0))" } }
                return parts.isEmpty ? nil : parts.joined(separator: ", ")
            }
            issues.append(LeafDiagnostic(kind: .contradictoryFrame,
                                         message: "Contradictory frame constraints specified: " + contradictions.joined(separator: "; ")
                                            + " are not in the order min ≤ ideal ≤ max; laid out as " + (used.isEmpty ? "no constraint" : used.joined(separator: ", "))))
        }
        if !invalid.isEmpty {
            issues.append(LeafDiagnostic(kind: .invalidFrameDimension,
                                         message: "Invalid frame dimension (negative or non-finite): " + invalid.joined(separator: "; ")))
        }
        self.issues = issues
    }

    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width.childProposal(p.width), height: height.childProposal(p.height))
    }

    func frameSize(_ p: ProposedViewSize, child: CGSize) -> CGSize {
        CGSize(width: width.length(proposal: p.width, child: child.width), height: height.length(proposal: p.height, child: child.height))
    }

    func placementProposal(_ p: ProposedViewSize, size: CGSize) -> ProposedViewSize {
        ProposedViewSize(width: width.placementProposal(proposal: p.width, length: size.width),
                         height: height.placementProposal(proposal: p.height, length: size.height))
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

// The geometry modifiers move their child's explicit guides and have none of their own.
extension PaddingLayout: GuidesFromChildren {}
extension FixedFrameLayout: GuidesFromChildren {}
extension FlexibleFrameLayout: GuidesFromChildren {}
extension FixedSizeLayout: GuidesFromChildren {}
extension OffsetLayout: GuidesFromChildren {}
