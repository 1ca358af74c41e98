import Foundation
import LayoutCore

/// A type-erased layout, to switch algorithms (`isWide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())`)
/// while writing the children once.
///
/// Forwards every requirement to the wrapped layout, including its stack orientation (for a
/// `Spacer`). The cache belongs to the wrapped layout's type: if the cache it is handed was made
/// by another type, it is made afresh.
public struct AnyLayout: Layout, _InstanceLayoutProperties {
    private let storage: any ErasedLayout

    /// `layout`, erased to one type (to switch layouts without losing the children's identity).
    public init<L: Layout>(_ layout: L) {
        storage = layout as? any ErasedLayout ?? Erased(layout: layout)
    }

    /// The wrapped layout's cache, type-erased.
    public struct Cache {
        var value: Any?
    }

    /// The erased layout's properties (its stack orientation).
    public var instanceLayoutProperties: LayoutProperties { storage.properties }

    public func makeCache(subviews: Subviews) -> Cache { Cache(value: storage.makeCache(subviews)) }

    public func updateCache(_ cache: inout Cache, subviews: Subviews) { storage.updateCache(&cache, subviews) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        storage.sizeThatFits(proposal, subviews, &cache)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        storage.placeSubviews(bounds, proposal, subviews, &cache)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        storage.spacing(subviews, &cache)
    }

    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        storage.explicitAlignment(guide, bounds, proposal, subviews, &cache)
    }

    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        storage.explicitAlignment(guide, bounds, proposal, subviews, &cache)
    }
}

private protocol ErasedLayout: Sendable {
    var properties: LayoutProperties { get }
    func makeCache(_ subviews: LayoutSubviews) -> Any
    func updateCache(_ cache: inout AnyLayout.Cache, _ subviews: LayoutSubviews)
    func sizeThatFits(_ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGSize
    func placeSubviews(_ bounds: CGRect, _ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache)
    func spacing(_ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> ViewSpacing
    func explicitAlignment(_ guide: HorizontalAlignment, _ bounds: CGRect, _ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGFloat?
    func explicitAlignment(_ guide: VerticalAlignment, _ bounds: CGRect, _ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGFloat?
}

private struct Erased<L: Layout>: ErasedLayout {
    let layout: L

    var properties: LayoutProperties {
        (layout as? any _InstanceLayoutProperties)?.instanceLayoutProperties ?? L.layoutProperties
    }

    func makeCache(_ subviews: LayoutSubviews) -> Any { layout.makeCache(subviews: subviews) }

    /// Runs `body` with the wrapped layout's cache, making one if `cache` holds another type's.
    private func with<R>(_ cache: inout AnyLayout.Cache, _ subviews: LayoutSubviews, _ body: (inout L.Cache) -> R) -> R {
        var typed = cache.value as? L.Cache ?? layout.makeCache(subviews: subviews)
        cache.value = nil
        defer { cache.value = typed }
        return body(&typed)
    }

    func updateCache(_ cache: inout AnyLayout.Cache, _ subviews: LayoutSubviews) {
        with(&cache, subviews) { layout.updateCache(&$0, subviews: subviews) }
    }

    func sizeThatFits(_ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGSize {
        with(&cache, subviews) { layout.sizeThatFits(proposal: p, subviews: subviews, cache: &$0) }
    }

    func placeSubviews(_ bounds: CGRect, _ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) {
        with(&cache, subviews) { layout.placeSubviews(in: bounds, proposal: p, subviews: subviews, cache: &$0) }
    }

    func spacing(_ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> ViewSpacing {
        with(&cache, subviews) { layout.spacing(subviews: subviews, cache: &$0) }
    }

    func explicitAlignment(_ guide: HorizontalAlignment, _ bounds: CGRect, _ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGFloat? {
        with(&cache, subviews) { layout.explicitAlignment(of: guide, in: bounds, proposal: p, subviews: subviews, cache: &$0) }
    }

    func explicitAlignment(_ guide: VerticalAlignment, _ bounds: CGRect, _ p: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGFloat? {
        with(&cache, subviews) { layout.explicitAlignment(of: guide, in: bounds, proposal: p, subviews: subviews, cache: &$0) }
    }
}
