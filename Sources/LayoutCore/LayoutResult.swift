import Foundation

/// A laid-out tree: the root's size and, for every element in pre-order, its frame in root
/// coordinates, path, id, kind and baselines; plus what went wrong in the layouts.
///
/// `Codable` (the CLI prints it as JSON): frames are `{x, y, width, height}` objects in points.
public struct LayoutResult: Sendable {
    /// The root proposal, after normalisation.
    public let proposal: ProposedViewSize
    /// The root's size (finite, non-negative).
    public let size: CGSize
    /// The root environment's layout direction.
    public let layoutDirection: LayoutDirection
    /// Misbehaviour found while laying out, in the order found (each reported once).
    public let diagnostics: [LayoutDiagnostic]

    let structure: TreeStructure
    let frames: [CGRect]
    let firstBaselines: [CGFloat]
    let lastBaselines: [CGFloat]
    let hidden: [Bool]
    /// The proposal each element was placed with, by pre-order index (empty for a decoded result).
    let placedProposals: [ProposedViewSize]

    init(proposal: ProposedViewSize, size: CGSize, layoutDirection: LayoutDirection, diagnostics: [LayoutDiagnostic],
         structure: TreeStructure, frames: [CGRect], firstBaselines: [CGFloat], lastBaselines: [CGFloat], hidden: [Bool],
         placedProposals: [ProposedViewSize] = []) {
        self.placedProposals = placedProposals
        self.proposal = proposal
        self.size = size
        self.layoutDirection = layoutDirection
        self.diagnostics = diagnostics
        self.structure = structure
        self.frames = frames
        self.firstBaselines = firstBaselines
        self.lastBaselines = lastBaselines
        self.hidden = hidden
    }

    /// The number of elements (every node of the tree, modifiers that change geometry included).
    public var count: Int { frames.count }

    /// The element at pre-order position `index` (0 is the root).
    public subscript(index: Int) -> PlacedElement {
        PlacedElement(path: structure.paths[index], id: structure.ids[index], kind: structure.kinds[index],
                      frame: frames[index], firstTextBaseline: firstBaselines[index],
                      lastTextBaseline: lastBaselines[index], isHidden: hidden[index])
    }

    /// Every element in pre-order. - Complexity: O(n).
    public var elements: [PlacedElement] { (0..<count).map { self[$0] } }

    /// The root element.
    public var root: PlacedElement { self[0] }

    /// The element named `id` with `.id(_:)` (the first in pre-order if several share it).
    public func element(id: String) -> PlacedElement? {
        structure.idIndex[id].map { self[$0] }
    }

    /// The element at child path `path` (`[]`: the root); `nil` when there is none. - Complexity: O(n).
    package func element(atPath path: [Int]) -> PlacedElement? {
        structure.pathIndex(path).map { self[$0] }
    }

    /// The leaf at pre-order position `index` as it was placed: the element, its environment and
    /// the proposal it was placed with (so a renderer lays text out exactly as the layout measured
    /// it). `nil` for containers, modifiers, hidden leaves (left out by their container, or inside a
    /// `hidden()` modifier: laid out, not drawn) and results decoded from JSON.
    public func leaf(at index: Int) -> PlacedLeaf? {
        guard let source = structure.leaves[index], index < placedProposals.count, !hidden[index] else { return nil }
        return PlacedLeaf(element: source.element, environment: source.environment, proposal: placedProposals[index],
                          frame: frames[index])
    }

    /// How many rows the root container shows, for `textfit layout --summary`.
    ///
    /// The root's modifiers and any element with a single shown child (a `ViewThatFits`, a stack of
    /// one) are looked through, down to the first element with several shown children (or none).
    /// Its rows are the horizontal bands its shown children occupy: children whose vertical extents
    /// overlap are one row (a flow's row, whatever the heights and alignment of its items; an
    /// `HStack` or a `ZStack`), and bands apart are rows apart (a flow's rows, a grid's rows, a
    /// `VStack`'s children). So rows a negative line spacing makes overlap count as one. Hidden
    /// elements never count; a lone leaf is one row; a container showing nothing, zero. Read from
    /// the frames: nothing is recorded while laying out.
    /// - Complexity: O(n log n).
    package var rootRowCount: Int {
        guard count > 0 else { return 0 }
        var children = [[Int]](repeating: [], count: count)  // shown children by parent, pre-order
        var hasChildren = [Bool](repeating: false, count: count)
        // Elements are in pre-order: an element's parent is the last one seen a level up (no
        // hashing of paths, which cost more than the layout's summary on 100,000 elements).
        var ancestors: [Int] = []
        for i in 0..<count {
            let depth = structure.paths[i].count
            if ancestors.count > depth { ancestors.removeLast(ancestors.count - depth) }
            if depth > 0, depth == ancestors.count {
                let parent = ancestors[depth - 1]
                hasChildren[parent] = true
                if !hidden[i] { children[parent].append(i) }
            }
            ancestors.append(i)
        }
        var node = 0
        while children[node].count == 1 { node = children[node][0] }
        if children[node].isEmpty {
            // A leaf is one row; a container with nothing shown, none. (A decoded result has no
            // leaf table: an element without children counts as a leaf.)
            let isLeaf = structure.leaves[node] != nil || (structure.leaves.isEmpty && !hasChildren[node])
            return isLeaf ? 1 : 0
        }
        // Merge the children's vertical extents (a 0-high child is the point at its top) into bands.
        let extents = children[node].map { (top: frames[$0].minY, bottom: frames[$0].maxY) }.sorted { $0.top < $1.top }
        var bands = 0
        var bottom = -CGFloat.infinity
        for extent in extents {
            if bands == 0 || extent.top >= bottom && !(extent.top == bottom && extent.top == extent.bottom) {
                bands += 1
                bottom = extent.bottom
            } else {
                bottom = max(bottom, extent.bottom)
            }
        }
        return bands
    }

    /// The element at `path` (child indices from the root; `[]` is the root).
    public func element(at path: [Int]) -> PlacedElement? {
        structure.pathIndex(path).map { self[$0] }
    }
}

/// A leaf of a ``LayoutResult`` with what drawing it needs.
public struct PlacedLeaf: Sendable {
    /// The leaf view placed.
    public let element: any LeafView
    /// The environment it was laid out in.
    public let environment: EnvironmentValues
    /// The proposal the leaf was placed with.
    public let proposal: ProposedViewSize
    /// Its frame in root coordinates.
    public let frame: CGRect
}

/// One element of a ``LayoutResult``.
public struct PlacedElement: Sendable, Equatable {
    /// Child indices from the root (`[]` is the root; `[0, 2]` the root's first child's third child).
    public var path: [Int]
    /// The name given with `.id(_:)`.
    public var id: String?
    /// What the element is: a leaf's or layout's type name, or `padding`, `frame`, `flexibleFrame`,
    /// `fixedSize`, `offset`, `Spacer`.
    public var kind: String
    /// The frame in root coordinates (points), after right-to-left mirroring and offsets.
    public var frame: CGRect
    /// The first text baseline from the frame's top (the height when the element has no text).
    public var firstTextBaseline: CGFloat
    /// The last text baseline from the frame's top (the height when the element has no text).
    public var lastTextBaseline: CGFloat
    /// Left out by its container (an unchosen `ViewThatFits` child); its frame is empty.
    public var isHidden: Bool

    /// An element placed at `frame` (root coordinates), with its baselines and whether it is hidden.
    public init(path: [Int], id: String?, kind: String, frame: CGRect, firstTextBaseline: CGFloat,
                lastTextBaseline: CGFloat, isHidden: Bool) {
        self.path = path
        self.id = id
        self.kind = kind
        self.frame = frame
        self.firstTextBaseline = firstTextBaseline
        self.lastTextBaseline = lastTextBaseline
        self.isHidden = isHidden
    }
}

/// Something wrong in a layout, found while laying it out: a layout breaking the `Layout`
/// contract (no SwiftUI tool reports these), a modifier given values SwiftUI logs about
/// (contradictory or invalid frames), or a leaf that could not be measured as written (TextLayout's
/// texts: glyphs no font has, no fonts at all, an unknown family).
public struct LayoutDiagnostic: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// What kind of problem. Open: modules add their own (TextLayout adds the text kinds), as
    /// `ViewSpacing.Category` is open; the raw value is the name printed and encoded.
    public struct Kind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A kind named `rawValue`.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A subview the layout never placed (put at the centre of the bounds, as SwiftUI does).
        public static let neverPlaced = Kind("neverPlaced")
        /// A subview placed more than once in one `placeSubviews` (the last placement is kept).
        public static let placedTwice = Kind("placedTwice")
        /// A size that is NaN, negative, or infinite for a finite or `nil` proposal (replaced: NaN and
        /// negative by 0, infinite by the proposal or 0); or an infinite frame at placement (taken as 0).
        public static let invalidSize = Kind("invalidSize")
        /// A NaN or negative proposal (normalised: NaN → `nil`, negative → 0).
        public static let invalidProposal = Kind("invalidProposal")
        /// `sizeThatFits` answered differently for the same proposal and subviews (state leaking through the cache).
        public static let inconsistentSize = Kind("inconsistentSize")
        /// A subview placed with a proposal under which it reports a size the layout never measured
        /// (measured at one width, placed at another: text would re-wrap).
        public static let placedSizeMismatch = Kind("placedSizeMismatch")
        /// A flexible frame whose minimum, ideal and maximum are out of order (or NaN) on an axis:
        /// SwiftUI logs "Contradictory frame constraints specified." The values are made consistent
        /// (see `frame(minWidth:idealWidth:maxWidth:…)`).
        public static let contradictoryFrame = Kind("contradictoryFrame")
        /// A frame length SwiftUI logs "Invalid frame dimension (negative or non-finite)." about; the
        /// message says what was used instead.
        public static let invalidFrameDimension = Kind("invalidFrameDimension")
        /// A modifier value that cannot be used (a NaN offset or position, a non-positive aspect
        /// ratio); the message says what was used instead.
        public static let invalidModifierValue = Kind("invalidModifierValue")
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The type name of the layout, modifier or leaf concerned.
    public var layout: String
    /// Its path in the tree.
    public var layoutPath: [Int]
    /// The subview concerned, when there is one.
    public var subviewPath: [Int]?
    /// What happened, with the numbers.
    public var message: String
    /// The `id` of the element at fault (`layoutPath`), when it has one.
    public var id: String?

    /// A diagnostic of `kind` about `layout` at `layoutPath` (and a subview), saying `message`.
    public init(kind: Kind, layout: String, layoutPath: [Int], subviewPath: [Int]? = nil, message: String, id: String? = nil) {
        self.kind = kind
        self.layout = layout
        self.layoutPath = layoutPath
        self.subviewPath = subviewPath
        self.message = message
        self.id = id
    }

    /// `kind: Layout at [path] (id ID) subview [path]: message`.
    public var description: String {
        let named = id.map { " (id \($0))" } ?? ""
        let at = subviewPath.map { " subview \($0)" } ?? ""
        return "\(kind.rawValue): \(layout) at \(layoutPath)\(named)\(at): \(message)"
    }
}

/// What a leaf (or a modifier) reports about itself; the engine adds where it is
/// (``LayoutDiagnostic``).
public struct LeafDiagnostic: Sendable, Hashable {
    /// What kind of problem it is.
    public var kind: LayoutDiagnostic.Kind
    /// What is wrong and what was done instead, naming the input (e.g. the text).
    public var message: String

    /// A leaf's diagnostic of `kind`, saying `message`.
    public init(kind: LayoutDiagnostic.Kind, message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The parts of a tree that do not change between passes: shared by every result of a `LayoutTree`.
final class TreeStructure: Sendable {
    let paths: [[Int]]
    let ids: [String?]
    let kinds: [String]
    let idIndex: [String: Int]
    /// Each leaf's element and environment, by pre-order index (fixed when the tree is built).
    let leaves: [Int: LeafSource]
    /// Each element's drawing effects (`opacity`, clips), by pre-order index; only those with some.
    let drawing: [Int: [DrawingEffect]]

    struct LeafSource: Sendable {
        let element: any LeafView
        let environment: EnvironmentValues
    }

    init(paths: [[Int]], ids: [String?], kinds: [String], leaves: [Int: LeafSource] = [:], drawing: [Int: [DrawingEffect]] = [:]) {
        self.drawing = drawing
        self.paths = paths
        self.ids = ids
        self.kinds = kinds
        self.leaves = leaves
        var index: [String: Int] = [:]
        for (i, id) in ids.enumerated() { if let id, index[id] == nil { index[id] = i } }
        self.idIndex = index
    }

    func pathIndex(_ path: [Int]) -> Int? { paths.firstIndex(of: path) }
}

// MARK: - Codable

extension LayoutResult: Codable {
    private enum CodingKeys: String, CodingKey { case proposal, size, layoutDirection, elements, diagnostics }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(proposal, forKey: .proposal)
        try c.encode(CodableSize(size), forKey: .size)
        try c.encode(layoutDirection, forKey: .layoutDirection)
        try c.encode(elements, forKey: .elements)
        try c.encode(diagnostics, forKey: .diagnostics)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let elements = try c.decode([PlacedElement].self, forKey: .elements)
        self.init(proposal: try c.decode(ProposedViewSize.self, forKey: .proposal),
                  size: try c.decode(CodableSize.self, forKey: .size).size,
                  layoutDirection: try c.decode(LayoutDirection.self, forKey: .layoutDirection),
                  diagnostics: try c.decode([LayoutDiagnostic].self, forKey: .diagnostics),
                  structure: TreeStructure(paths: elements.map(\.path), ids: elements.map(\.id), kinds: elements.map(\.kind)),
                  frames: elements.map(\.frame), firstBaselines: elements.map(\.firstTextBaseline),
                  lastBaselines: elements.map(\.lastTextBaseline), hidden: elements.map(\.isHidden))
    }
}

extension PlacedElement: Codable {
    private enum CodingKeys: String, CodingKey { case path, id, kind, frame, firstTextBaseline, lastTextBaseline, hidden }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(CodableRect(frame), forKey: .frame)
        try c.encode(Double(firstTextBaseline), forKey: .firstTextBaseline)
        try c.encode(Double(lastTextBaseline), forKey: .lastTextBaseline)
        if isHidden { try c.encode(true, forKey: .hidden) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: try c.decode([Int].self, forKey: .path), id: try c.decodeIfPresent(String.self, forKey: .id),
                  kind: try c.decode(String.self, forKey: .kind), frame: try c.decode(CodableRect.self, forKey: .frame).rect,
                  firstTextBaseline: CGFloat(try c.decode(Double.self, forKey: .firstTextBaseline)),
                  lastTextBaseline: CGFloat(try c.decode(Double.self, forKey: .lastTextBaseline)),
                  isHidden: try c.decodeIfPresent(Bool.self, forKey: .hidden) ?? false)
    }
}

private struct CodableSize: Codable {
    var width: Double
    var height: Double
    init(_ size: CGSize) { width = Double(size.width); height = Double(size.height) }
    var size: CGSize { CGSize(width: width, height: height) }
}

private struct CodableRect: Codable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    init(_ r: CGRect) { x = Double(r.origin.x); y = Double(r.origin.y); width = Double(r.size.width); height = Double(r.size.height) }
    var rect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}
