import Foundation

/// Anything that can appear in a layout tree: a leaf, a container, or either with modifiers.
///
/// Conform a composite element by returning what it is made of:
/// ```swift
/// struct Badge: Element {
///     var anyElement: AnyElement { HStackLayout(spacing: 4) { Box(width: 8, height: 8); Rectangle() } }
/// }
/// ```
public protocol Element: Sendable {
    /// The element in the form the engine lays out.
    var anyElement: AnyElement { get }
}

/// A leaf of the tree: answers proposals itself. Implement it outside LayoutCore for new leaves
/// (TextLayout's `Text` does); `Box`, `Rectangle` are examples.
///
/// A leaf must answer from its inputs alone (it may keep its own caches) and never report a
/// negative or NaN size.
public protocol LeafElement: Element {
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

extension LeafElement {
    public func explicitAlignment(of guide: VerticalAlignment, in size: CGSize, proposal: ProposedViewSize,
                                  environment: EnvironmentValues) -> CGFloat? { nil }
    public func explicitAlignment(of guide: HorizontalAlignment, in size: CGSize, proposal: ProposedViewSize,
                                  environment: EnvironmentValues) -> CGFloat? { nil }
    public func spacing(environment: EnvironmentValues) -> ViewSpacing { ViewSpacing() }
    public var anyElement: AnyElement { AnyElement(content: .leaf(self)) }
}

/// A leaf that can say what went wrong measuring it, such as a text with glyphs no font has. A
/// tree asks each of its drawn leaves of a conforming type once, when it first places it, and adds
/// the answers (with the leaf's path and id) to ``LayoutResult/diagnostics`` of every layout.
/// Leaves of other types cost nothing: the engine checks the conformance once, when it builds the tree.
public protocol DiagnosingLeaf: LeafElement {
    /// What is wrong with this leaf in `environment`, whatever it is proposed; empty when nothing is.
    func diagnostics(environment: EnvironmentValues) -> [LeafDiagnostic]
}

/// A type-erased element: what modifiers and result builders produce.
public struct AnyElement: Element {
    enum Content: Sendable {
        case leaf(any LeafElement)
        case spacer(minLength: CGFloat?)
        case layout(any Layout, children: [AnyElement])
    }

    var content: Content
    var traits = Traits()

    init(content: Content) { self.content = content }

    init(layout: some Layout, children: [AnyElement]) {
        self.init(content: .layout(layout, children: children))
    }

    /// Erases `element`.
    public init(_ element: some Element) { self = element.anyElement }

    public var anyElement: AnyElement { self }
}

/// What attribute modifiers attach to an element (no node of their own).
struct Traits: Sendable {
    var id: String?
    var priority: Double?
    var layoutValues: [ObjectIdentifier: any Sendable] = [:]
    /// `alignmentGuide` modifiers, innermost first.
    var overrides: [GuideOverride] = []
    /// `environment` modifiers, innermost first (applied outermost first, so the innermost wins).
    var environment: [@Sendable (inout EnvironmentValues) -> Void] = []
}

/// One `alignmentGuide(_:computeValue:)`.
struct GuideOverride: Sendable {
    let guide: AnyGuide
    let compute: @Sendable (ViewDimensions) -> CGFloat
}

// MARK: - Result builder

/// Builds a container's children: expressions, `if`/`else`, `switch`, `for … in` (each iteration's
/// elements become siblings), and arrays of elements.
@resultBuilder
public enum ElementBuilder {
    public static func buildExpression(_ element: some Element) -> [AnyElement] { [element.anyElement] }
    public static func buildExpression(_ elements: [AnyElement]) -> [AnyElement] { elements }
    public static func buildBlock(_ parts: [AnyElement]...) -> [AnyElement] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [AnyElement]?) -> [AnyElement] { part ?? [] }
    public static func buildEither(first: [AnyElement]) -> [AnyElement] { first }
    public static func buildEither(second: [AnyElement]) -> [AnyElement] { second }
    public static func buildArray(_ parts: [[AnyElement]]) -> [AnyElement] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [AnyElement]) -> [AnyElement] { part }
}

// MARK: - Laying out

extension Element {
    /// Lays this element out for `proposal`: the root's size and every element's frame (root
    /// coordinates), path, id and baselines, plus the diagnostics of any misbehaving layout.
    ///
    /// Builds a ``LayoutTree`` and lays it out once; keep a `LayoutTree` to lay out again at other
    /// proposals with the layouts' caches kept.
    public func layout(in proposal: ProposedViewSize, environment: EnvironmentValues = EnvironmentValues()) -> LayoutResult {
        LayoutTree(self, environment: environment).layout(in: proposal)
    }
}
