import Foundation
import Synchronization

/// A container that sizes and places its subviews: SwiftUI's `Layout` protocol, headless.
///
/// Write the same conformances as for SwiftUI. A layout computes in left-to-right (leading)
/// space; the engine mirrors x positions for `.rightToLeft`. It must answer every call from its
/// inputs alone: the cache may hold what it derives from the subviews, never the proposal or bounds.
/// The engine checks this contract and reports breaches in ``LayoutResult/diagnostics``.
public protocol Layout: Sendable {
    /// What the layout derives from its subviews once (default `Void`).
    associatedtype Cache = Void
    /// The subviews a layout places.
    typealias Subviews = LayoutSubviews

    /// Properties of the layout type (default: no stack orientation).
    static var layoutProperties: LayoutProperties { get }

    /// The container's size for `proposal` (points). May be called many times, in any order.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize

    /// Places every subview once with `LayoutSubview/place(at:anchor:proposal:)`, inside `bounds`
    /// (root coordinates; the origin is not necessarily zero).
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)

    /// The container's spacing preferences (default: the union of the subviews').
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing

    /// The container's explicit value of a horizontal guide, measured from `bounds.minX`, or `nil`
    /// (default: the subviews' explicit values where they are placed, merged — averaged).
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?

    /// The container's explicit value of a vertical guide, measured from `bounds.minY`, or `nil`
    /// (default: the subviews' explicit values where they are placed, merged: first text baseline
    /// the minimum, last text baseline the maximum, others the average).
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?

    /// Builds the cache when the layout first sees its subviews.
    func makeCache(subviews: Subviews) -> Cache

    /// Refreshes the cache when the subviews change (default: `makeCache` again).
    func updateCache(_ cache: inout Cache, subviews: Subviews)
}

/// Properties of a layout type.
public struct LayoutProperties: Sendable, Hashable {
    /// The axis the layout stacks its subviews along, if any; a `Spacer` stretches along it only.
    public var stackOrientation: Axis?

    /// The properties of a layout that is not a stack.
    public init() { stackOrientation = nil }
}

// MARK: - Defaults

extension Layout {
    public static var layoutProperties: LayoutProperties { LayoutProperties() }

    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        var result = ViewSpacing.zero
        for subview in subviews { result.formUnion(subview.spacing) }
        return result
    }

    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        subviews.mergedExplicitGuide(.horizontal(guide), in: bounds, proposal: proposal) {
            placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }

    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        subviews.mergedExplicitGuide(.vertical(guide), in: bounds, proposal: proposal) {
            placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

// MARK: - Composition

extension Layout {
    /// This layout applied to the views `content` builds, as SwiftUI's `MyLayout { … }`: each view
    /// (each of a `ForEach` or `Group`) is one of its subviews.
    ///
    /// Returns an `AnyView` (SwiftUI: `some View`): an opaque result here keeps Swift from typing a
    /// `for` loop of `MyLayout { … }` in a builder.
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> AnyView {
        AnyView(element: AnyElement(layout: self, children: content().elements))
    }
}

// MARK: - Type erasure (internal)

/// A layout and its cache, stored in a tree node; subclasses keep the concrete type.
class AnyLayoutBox {
    /// The name shown in results and diagnostics (the layout's type name).
    var kindName: String { "" }
    var stackOrientation: Axis? { nil }
    /// The engine's own modifiers (padding, frames, fixedSize, offset, overlay, …): they pass the
    /// enclosing stack's orientation (for a `Spacer`) and their modified child's layout values through.
    var isModifier: Bool { false }
    /// Which child is the modified one (an overlay's or background's content is another).
    var primaryChild: Int { 0 }
    /// Whether the element takes the layout priority of its child `primaryChild` when it has
    /// `childCount` children (overlay and background; a single-child stack).
    func passesPriority(childCount: Int) -> Bool { false }
    /// Drops the layout's cache, made again (`makeCache`) when next asked: its subviews' answers
    /// may have changed (the tree moved to another screen).
    func forgetCache() {}
    /// Whether its explicit guides are its children's (``GuidesFromChildren``); `false` asks them.
    var guidesFromChildren: Bool { false }
    /// Whether its children are laid out but not drawn (`hidden()`).
    var hidesContent: Bool { false }
    /// What a modifier found wrong with its own values (a contradictory frame), reported on every pass.
    var issues: [LeafDiagnostic] { [] }
    func sizeThatFits(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGSize { fatalError() }
    func placeSubviews(_ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) { fatalError() }
    func explicitAlignment(_ guide: AnyGuide, _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGFloat? { fatalError() }
    func spacing(_ subviews: LayoutSubviews) -> ViewSpacing { fatalError() }
}

/// What the tree builder asks of a layout's type — its conformances, its name, its stack axis —
/// found once a process per type: the tree is built for every screen, locale and text size of a
/// sweep, and each cast to a protocol costs ~1,000 instructions, `String(describing:)` ~7,000.
struct LayoutTypeTraits: Sendable {
    /// One of the engine's modifiers (``ModifierLayout``).
    var isModifier: Bool
    /// The name results give it when it is not a modifier: the type's.
    var name: String
    /// Its stack axis (``LayoutProperties/stackOrientation``), unless it depends on the instance.
    var stackOrientation: Axis?
    /// Its properties depend on the instance (``_InstanceLayoutProperties``: `AnyLayout`).
    var hasInstanceProperties: Bool
    var passesSingleChildPriority: Bool
    /// It says what is wrong with its values (``DiagnosingLayout``).
    var diagnoses: Bool
    /// Its explicit guides are its children's (``GuidesFromChildren``).
    var guidesFromChildren: Bool

    private static let table = Mutex<[ObjectIdentifier: LayoutTypeTraits]>([:])

    static func of<L: Layout>(_ type: L.Type) -> LayoutTypeTraits {
        let key = ObjectIdentifier(type)
        if let known = table.withLock({ $0[key] }) { return known }
        let traits = LayoutTypeTraits(isModifier: type is any ModifierLayout.Type, name: String(describing: type),
                                      stackOrientation: type.layoutProperties.stackOrientation,
                                      hasInstanceProperties: type is any _InstanceLayoutProperties.Type,
                                      passesSingleChildPriority: type is any _PassesSingleChildPriority.Type,
                                      diagnoses: type is any DiagnosingLayout.Type,
                                      guidesFromChildren: type is any GuidesFromChildren.Type)
        table.withLock { $0[key] = traits }
        return traits
    }
}

/// A layout whose properties depend on the instance, not only the type (`AnyLayout`: the stack
/// orientation of the layout it wraps). Not part of SwiftUI's API (hence the underscore).
public protocol _InstanceLayoutProperties {
    var instanceLayoutProperties: LayoutProperties { get }
}

/// A layout that passes its only child's layout priority on, as SwiftUI's stacks do when they hold
/// one child (probe G11 in mburger89/MetalUI docs/probes/swiftui-stack-algorithms.swift). Not part of
/// SwiftUI's API (hence the underscore).
public protocol _PassesSingleChildPriority: Layout {}

/// A layout of the package's own (in another module: a lazy grid) that says what is wrong with its
/// values; the tree reports it on every pass, as a modifier's.
package protocol DiagnosingLayout: Layout {
    /// What is wrong with the layout's own values (each repaired as its doc comment says).
    var issues: [LeafDiagnostic] { get }
}

/// A layout whose explicit guides are its children's, moved (`nil` when none of its children has
/// one), or a leaf that has none but the text baselines: the stacks, the geometry modifiers, the
/// engine's leaves, `Text`. A subtree made only of these, with no `alignmentGuide` on a guide of an
/// axis, has no explicit guide of that axis (but text baselines), so a stack aligning it to
/// `.leading`, `.center` or `.top` takes the default without asking (asking dry-runs the subtree's
/// layouts: on a list of rows in a leading-aligned stack, a quarter of a screen's layout; its
/// rows' `.center`, another 6 %). Any other type is asked, as SwiftUI asks it.
package protocol GuidesFromChildren {}

/// Layouts that are the engine's own modifiers (padding, frames, fixedSize, offset, overlay, …).
protocol ModifierLayout: Layout {
    static var modifierName: String { get }
    /// The element's kind in results (default `modifierName`; overlay and background differ).
    var kindName: String { get }
    /// Which child is the modified one (default 0).
    var primaryChild: Int { get }
    /// Whether the modified child's layout priority is the modifier's (default `false`: SwiftUI reads
    /// a child's priority from its outermost modifier only).
    static var passesPriority: Bool { get }
    /// Whether its children are laid out but not drawn (default `false`).
    static var hidesContent: Bool { get }
    /// What is wrong with the modifier's own values (default none).
    var issues: [LeafDiagnostic] { get }
}

extension ModifierLayout {
    var kindName: String { Self.modifierName }
    var primaryChild: Int { 0 }
    static var passesPriority: Bool { false }
    static var hidesContent: Bool { false }
    var issues: [LeafDiagnostic] { [] }
}

final class LayoutBox<L: Layout>: AnyLayoutBox {
    let layout: L
    /// The layout's cache, made on first use (`nil` before): in memory of its own, not a stored
    /// `L.Cache?`. The box's methods run unspecialised (the tree opens `any Layout`), and there
    /// every use of an `Optional<L.Cache>` looked its metadata up (~320 instructions) and every
    /// write of a stored property began a dynamic exclusivity access: 8 % of a screen's layout.
    private var cacheStorage: UnsafeMutablePointer<L.Cache>?
    /// The layout as one of the engine's modifiers, when it is one (cast once: a cast to a
    /// protocol costs ~1,500 instructions, and the tree builder asks five questions of each box).
    private let modifier: (any ModifierLayout)?

    /// What the tree asks of `L` itself, found once a process.
    private let traits: LayoutTypeTraits

    init(_ layout: L) {
        self.layout = layout
        traits = LayoutTypeTraits.of(L.self)
        modifier = traits.isModifier ? layout as? any ModifierLayout : nil
    }

    deinit { forgetCache() }

    override var kindName: String { modifier?.kindName ?? traits.name }
    override var stackOrientation: Axis? {
        guard traits.hasInstanceProperties, let instance = layout as? any _InstanceLayoutProperties else { return traits.stackOrientation }
        return instance.instanceLayoutProperties.stackOrientation
    }
    override var isModifier: Bool { modifier != nil }
    override var primaryChild: Int { modifier?.primaryChild ?? 0 }
    override func passesPriority(childCount: Int) -> Bool {
        if let modifier { return type(of: modifier).passesPriority }
        return childCount == 1 && traits.passesSingleChildPriority
    }
    override var guidesFromChildren: Bool { traits.guidesFromChildren }
    override var hidesContent: Bool { modifier.map { type(of: $0).hidesContent } ?? false }
    override var issues: [LeafDiagnostic] {
        if let modifier { return modifier.issues }
        return traits.diagnoses ? (layout as? any DiagnosingLayout)?.issues ?? [] : []
    }

    override func forgetCache() {
        guard let storage = cacheStorage else { return }
        cacheStorage = nil
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` with the cache, making it on first use. (A layout's methods ask its subviews,
    /// never its own box again, so the cache is not in use when `body` starts.)
    @inline(__always)
    private func withCache<R>(_ subviews: LayoutSubviews, _ body: (inout L.Cache) -> R) -> R {
        if let storage = cacheStorage { return body(&storage.pointee) }
        let storage = UnsafeMutablePointer<L.Cache>.allocate(capacity: 1)
        storage.initialize(to: layout.makeCache(subviews: subviews))
        cacheStorage = storage
        return body(&storage.pointee)
    }

    override func sizeThatFits(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGSize {
        withCache(subviews) { layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0) }
    }

    override func placeSubviews(_ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) {
        withCache(subviews) { layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &$0) }
    }

    override func explicitAlignment(_ guide: AnyGuide, _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGFloat? {
        withCache(subviews) { cache in
            switch guide {
            case .horizontal(let g): layout.explicitAlignment(of: g, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
            case .vertical(let g): layout.explicitAlignment(of: g, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
            }
        }
    }

    override func spacing(_ subviews: LayoutSubviews) -> ViewSpacing {
        withCache(subviews) { layout.spacing(subviews: subviews, cache: &$0) }
    }
}
