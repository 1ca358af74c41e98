import Foundation

/// A view's preferred distances to its neighbours, per edge.
///
/// Each edge holds zero or more ``Preference``s. The distance between two views along an axis
/// compares the trailing (bottom) edge of the first with the leading (top) edge of the next: for
/// every pair of preferences it takes the pair's distance — the larger `sameCategory` value when
/// both have the same ``Category``, else the larger `otherCategory` value — and answers the
/// largest. An edge with no preference (``zero``, a `Spacer`, a padded edge) answers 0 against
/// anything.
///
/// Ordinary views prefer 8 pt on every edge (``init()``). Categories are open: the text module
/// declares its own (`extension ViewSpacing.Category { static let text = … }`) so that text next
/// to text can prefer a font-derived distance while keeping 8 pt to other views, and a leaf
/// supplies its spacing through ``LeafView/spacing(environment:)``.
public struct ViewSpacing: Sendable, Hashable {
    /// A kind of view, for choosing the distance between two neighbours.
    public struct Category: Sendable, Hashable, CustomStringConvertible {
        /// The category's name.
        public let name: String
        /// A category named `name`.
        public init(_ name: String) { self.name = name }
        /// Views with no special spacing (boxes, shapes, stacks of them).
        public static let ordinary = Category("ordinary")
        public var description: String { name }
    }

    /// One edge's preferred distance to a neighbour of the same category and to any other (points).
    public struct Preference: Sendable, Hashable {
        /// The kind of view this edge belongs to.
        public var category: Category
        /// The distance to a neighbour of the same category, in points.
        public var sameCategory: CGFloat
        /// The distance to a neighbour of any other category, in points.
        public var otherCategory: CGFloat

        /// An edge of `category` that prefers these distances.
        public init(category: Category, sameCategory: CGFloat, otherCategory: CGFloat) {
            self.category = category
            self.sameCategory = sameCategory
            self.otherCategory = otherCategory
        }

        /// The distance these two preferences agree on.
        func distance(to other: Preference) -> CGFloat {
            category == other.category ? max(sameCategory, other.sameCategory) : max(otherCategory, other.otherCategory)
        }
    }

    /// The distance between two ordinary views (points).
    public static let defaultDistance: CGFloat = 8

    /// Preferences by edge, indexed by `Edge.rawValue`.
    private var edges: [[Preference]]

    /// Ordinary spacing: 8 pt to any neighbour on every edge.
    public init() {
        self.init(Preference(category: .ordinary, sameCategory: Self.defaultDistance, otherCategory: Self.defaultDistance))
    }

    /// `preference` on every edge in `edges`, none on the others.
    public init(_ preference: Preference, edges: Edge.Set = .all) {
        let one = [preference]
        self.edges = Edge.allCases.map { edges.contains(Edge.Set($0)) ? one : [] }
    }

    private init(edges: [[Preference]]) { self.edges = edges }

    /// No preference on any edge: 0 to every neighbour.
    public static let zero = ViewSpacing(edges: [[], [], [], []])

    /// The preferences on `edge`.
    public func preferences(on edge: Edge) -> [Preference] { edges[Int(edge.rawValue)] }

    /// Replaces the preferences on every edge in `edges` (empty: no spacing on those edges).
    public mutating func setPreferences(_ preferences: [Preference], on edges: Edge.Set) {
        for edge in Edge.allCases where edges.contains(Edge.Set(edge)) { self.edges[Int(edge.rawValue)] = preferences }
    }

    /// The preferred distance from this view to `next`, which follows it along `axis` (points).
    ///
    /// - Complexity: O(p × q) for p and q preferences on the facing edges (usually 1 × 1).
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        let mine = axis == .horizontal ? edges[Int(Edge.trailing.rawValue)] : edges[Int(Edge.bottom.rawValue)]
        let theirs = axis == .horizontal ? next.edges[Int(Edge.leading.rawValue)] : next.edges[Int(Edge.top.rawValue)]
        var best: CGFloat = 0
        for a in mine {
            for b in theirs { best = max(best, a.distance(to: b)) }
        }
        return best
    }

    /// Adds `other`'s preferences on `edges` to this one's (a container's spacing is the union of its children's).
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        for edge in Edge.allCases where edges.contains(Edge.Set(edge)) {
            let i = Int(edge.rawValue)
            for preference in other.edges[i] where !self.edges[i].contains(preference) { self.edges[i].append(preference) }
        }
    }

    /// This spacing with `other`'s preferences on `edges` added.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var result = self
        result.formUnion(other, edges: edges)
        return result
    }
}
