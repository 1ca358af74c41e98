import Foundation

/// A view that answers proposals itself: a leaf of the tree. Implement it for new kinds of leaf
/// (TextLayout's `Text` does); `Box` is an example. It has no body.
///
/// A leaf must answer from its inputs alone (it may keep its own caches) and never report a
/// negative or NaN size.
public protocol LeafView: View, Sendable where Body == Never {
    /// The leaf's size for `proposal` (points): `nil` axes ask for the ideal, 0 the minimum, ∞ the maximum.
    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize

    /// The leaf's explicit value of a vertical guide, measured from its top, when laid out at `size`
    /// for `proposal` — e.g. text answers `.firstTextBaseline` and `.lastTextBaseline`. Default `nil`
    /// (a view without text answers its height for both baselines).
    func explicitAlignment(of guide: VerticalAlignment, in size: CGSize, proposal: ProposedViewSize,
                           environment: EnvironmentValues) -> CGFloat?

    /// The leaf's explicit value of a horizontal guide, measured from its leading edge. Default `nil`.
    func explicitAlignment(of guide: HorizontalAlignment, in size: CGSize, proposal: ProposedViewSize,
                           environment: EnvironmentValues) -> CGFloat?

    /// The leaf's spacing preferences (default: ordinary, 8 pt on every edge). Text supplies its own
    /// ``ViewSpacing/Category``.
    func spacing(environment: EnvironmentValues) -> ViewSpacing
}

extension LeafView {
    public func explicitAlignment(of guide: VerticalAlignment, in size: CGSize, proposal: ProposedViewSize,
                                  environment: EnvironmentValues) -> CGFloat? { nil }
    public func explicitAlignment(of guide: HorizontalAlignment, in size: CGSize, proposal: ProposedViewSize,
                                  environment: EnvironmentValues) -> CGFloat? { nil }
    public func spacing(environment: EnvironmentValues) -> ViewSpacing { ViewSpacing() }
}

/// A leaf that can say what went wrong measuring it, such as a text with glyphs no font has. A
/// tree asks each of its drawn leaves of a conforming type once, when it first places it, and adds
/// the answers (with the leaf's path and id) to ``LayoutResult/diagnostics`` of every layout.
/// Leaves of other types cost nothing: the engine checks the conformance once, when it builds the tree.
public protocol DiagnosingLeaf: LeafView {
    /// What is wrong with this leaf in `environment`, whatever it is proposed; empty when nothing is.
    func diagnostics(environment: EnvironmentValues) -> [LeafDiagnostic]
}

/// One node of the engine's tree (a leaf, a spacer, or a layout and its children) with the traits
/// attribute modifiers gave it: what views are evaluated into. Package-only: users write views.
package struct AnyElement: Sendable {
    package enum Content: Sendable {
        case leaf(any LeafView)
        case spacer(minLength: CGFloat?)
        case layout(any Layout, children: [AnyElement])
        /// A `GeometryReader`: the tree builds its content from the frame it knows for it.
        case geometry(GeometryReaderContent)
        /// An `overlayPreferenceValue`/`backgroundPreferenceValue` content: the tree builds it from
        /// the value its sibling (the modified view) had in the last layout.
        case preferenceReader(PreferenceReaderContent)
    }

    package var content: Content
    package var traits = Traits()
    /// Set on the first cell of a `GridRow`: how many cells the row has, and its alignment.
    package var gridRowMark: GridRowMark?

    package init(content: Content) { self.content = content }

    package init(layout: some Layout, children: [AnyElement]) {
        self.init(content: .layout(layout, children: children))
    }

    /// The one element `view` stands for. Several are stacked in an implicit, centred `ZStack` (as
    /// an overlay stacks its several views; kind `OverlayStack` in results); none is an empty stack
    /// (zero size).
    package init(_ view: some View) {
        let list = view.elements
        if list.count == 1 { self = list[0] } else { self.init(layout: OverlayStack(), children: list) }
    }
}

/// What attribute modifiers attach to an element (no node of their own).
package struct Traits: Sendable {
    package var id: String?
    package var priority: Double?
    package var layoutValues: [ObjectIdentifier: any Sendable] = [:]
    /// `alignmentGuide` modifiers, innermost first.
    var overrides: [GuideOverride] = []
    /// `environment` modifiers, innermost first (applied outermost first, so the innermost wins).
    package var environment: [@Sendable (inout EnvironmentValues) -> Void] = []
    /// `opacity` and clip modifiers, innermost first (drawn by renderers; layout ignores them).
    package var drawing: [DrawingEffect] = []
    /// Preference modifiers and actions run after a layout, innermost first (Preferences.swift).
    var observations: [LayoutObservation] = []
    /// The edges `ignoresSafeArea` lets the element extend into the safe area on (SafeArea.swift).
    package var ignoredSafeAreaEdges: Edge.Set = []
}

/// One `alignmentGuide(_:computeValue:)`.
struct GuideOverride: Sendable {
    let guide: AnyGuide
    let compute: @Sendable (ViewDimensions) -> CGFloat
}

/// What a `GridRow` leaves on its first cell for the enclosing `Grid` (see `AnyElement.gridRowMark`).
package struct GridRowMark: Sendable {
    package var count: Int
    package var alignment: VerticalAlignment?
    package init(count: Int, alignment: VerticalAlignment?) {
        self.count = count
        self.alignment = alignment
    }
}
