import Foundation

/// The subviews of a container, as its ``Layout`` sees them: a random-access collection of
/// ``LayoutSubview`` proxies, in the order the elements were written.
///
/// Slicing (`subviews[1...]`) gives another `LayoutSubviews` with the same indices.
public struct LayoutSubviews: RandomAccessCollection, Equatable {
    public typealias Index = Int
    public typealias Element = LayoutSubview
    public typealias SubSequence = LayoutSubviews

    let tree: LayoutTree
    let parent: Node
    public let startIndex: Int
    public let endIndex: Int

    init(tree: LayoutTree, parent: Node, range: Range<Int>) {
        self.tree = tree
        self.parent = parent
        self.startIndex = range.lowerBound
        self.endIndex = range.upperBound
    }

    /// The container's layout direction (`.rightToLeft` means the engine will mirror what you place).
    public var layoutDirection: LayoutDirection { parent.environment.layoutDirection }

    /// The container's environment (for this package's containers: a list reads the screen it is
    /// laid out on).
    package var environment: EnvironmentValues { parent.environment }

    public subscript(index: Int) -> LayoutSubview {
        precondition(index >= startIndex && index < endIndex, "LayoutSubviews index \(index) out of range \(startIndex)..<\(endIndex)")
        return LayoutSubview(tree: tree, node: parent.children[index])
    }

    public subscript(bounds: Range<Int>) -> LayoutSubviews {
        precondition(bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex, "LayoutSubviews range out of bounds")
        return LayoutSubviews(tree: tree, parent: parent, range: bounds)
    }

    public static func == (a: LayoutSubviews, b: LayoutSubviews) -> Bool {
        a.parent === b.parent && a.startIndex == b.startIndex && a.endIndex == b.endIndex
    }

    /// Places subview `index` with its top-leading corner at `position`: what
    /// `self[index].place(at: position, proposal: proposal)` does, without making the proxy. Not
    /// part of SwiftUI's `Layout` API: for this package's containers that place thousands of
    /// subviews, where making each proxy (a call across the module boundary, two retains and two
    /// releases) cost more than recording the placement (a 10,000-box flow, measured with callgrind).
    @_spi(LayoutEngine)
    public func place(_ index: Int, at position: CGPoint, proposal: ProposedViewSize) {
        precondition(index >= startIndex && index < endIndex, "LayoutSubviews index \(index) out of range \(startIndex)..<\(endIndex)")
        parent.children[index].recordPlacement(at: position, anchor: .topLeading, proposal: proposal, stamp: tree.placementStamp)
    }

    // MARK: - Default explicit alignment

    /// The subviews' explicit values of `guide` where `place` puts them, merged by the guide's rule,
    /// measured from `bounds`' origin; `nil` when no subview has one.
    ///
    /// Runs `place` as a dry run (nothing is placed); after a real placement the engine reads the
    /// placed frames instead (see `LayoutTree.placedBaselines`).
    func mergedExplicitGuide(_ guide: AnyGuide, in bounds: CGRect, proposal: ProposedViewSize, place: () -> Void) -> CGFloat? {
        tree.mergedExplicitGuide(guide, container: parent, range: startIndex..<endIndex, proposal: proposal, bounds: bounds, place: place)
    }
}

/// A proxy for one subview of a container: ask it for sizes, read its traits, place it.
public struct LayoutSubview: Equatable {
    let tree: LayoutTree
    let node: Node

    /// The subview's size for `proposal` (points). Cheap to repeat: answers are memoised per pass.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        tree.measure(node, proposal, askedByLayout: true)
    }

    /// The subview's size and alignment guides for `proposal`.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        let p = tree.normalize(proposal, for: node)
        let size = tree.measure(node, p, askedByLayout: true)
        return ViewDimensions(width: size.width, height: size.height,
                              source: GuideSource(tree: tree, node: node, proposal: p, overrideLimit: node.overrides.count))
    }

    /// Puts the subview's `anchor` at `position` (the container's coordinates, as the `bounds` it was
    /// given), sized by its answer to `proposal` — which should be the proposal it was measured with.
    ///
    /// Each subview is placed once per `placeSubviews`; one never placed goes to the centre of the
    /// bounds, one placed twice keeps the last placement; both are reported as diagnostics.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        node.recordPlacement(at: position, anchor: anchor, proposal: proposal, stamp: tree.placementStamp)
    }

    /// The subview's `layoutPriority` (default 0); stacks size higher priorities first.
    public var priority: Double { node.priority }

    /// The subview's spacing preferences.
    public var spacing: ViewSpacing { tree.spacing(of: node) }

    /// The value the subview set with `layoutValue(key:value:)`, or the key's default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        (node.layoutValues?[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue
    }

    /// Leaves the subview out of the layout (not drawn, no frame): for containers that choose among
    /// their subviews, such as `ViewThatFits`. Not part of SwiftUI's `Layout` API.
    @_spi(LayoutEngine)
    public func hide() {
        node.recordPlacement(tree.placementStamp) { $0.hidden = true }
    }

    public static func == (a: LayoutSubview, b: LayoutSubview) -> Bool { a.node === b.node }
}
