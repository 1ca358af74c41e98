import Foundation

// MARK: - Axis

/// The horizontal or vertical dimension of a layout.
public enum Axis: Int8, Sendable, Hashable, CaseIterable, Codable {
    /// Left to right (in logical terms: leading to trailing).
    case horizontal
    /// Top to bottom.
    case vertical

    /// A set of axes (for `fixedSize`, `ViewThatFits(in:)`).
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }

    /// The other axis.
    var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

// MARK: - Edges

/// One edge of a rectangle, in logical (leading/trailing) terms.
public enum Edge: Int8, Sendable, Hashable, CaseIterable, Codable {
    /// The four edges of a rectangle, leading and trailing in logical terms (mirrored right to left).
    case top, leading, bottom, trailing

    /// A set of edges (for `padding(_:_:)` and `ViewSpacing.formUnion(_:edges:)`).
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The set of one edge.
        public init(_ edge: Edge) { self.init(rawValue: 1 << edge.rawValue) }
        /// The top edge.
        public static let top = Set(.top)
        /// The leading edge.
        public static let leading = Set(.leading)
        /// The bottom edge.
        public static let bottom = Set(.bottom)
        /// The trailing edge.
        public static let trailing = Set(.trailing)
        /// The leading and trailing edges.
        public static let horizontal: Set = [.leading, .trailing]
        /// The top and bottom edges.
        public static let vertical: Set = [.top, .bottom]
        /// Every edge.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Insets on the four edges of a rectangle, in points (logical: leading/trailing).
public struct EdgeInsets: Sendable, Hashable, Codable {
    /// The inset at the top, in points.
    public var top: CGFloat
    /// The inset at the leading edge, in points.
    public var leading: CGFloat
    /// The inset at the bottom, in points.
    public var bottom: CGFloat
    /// The inset at the trailing edge, in points.
    public var trailing: CGFloat

    /// Insets of the given sizes, in points (0 by default).
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// `length` on every edge in `edges`, zero elsewhere.
    init(_ edges: Edge.Set, _ length: CGFloat) {
        self.init(top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                  bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }

    var horizontal: CGFloat { leading + trailing }
    var vertical: CGFloat { top + bottom }
}

// MARK: - UnitPoint

/// A point in a view's own unit square: (0, 0) is the top-leading corner, (1, 1) the bottom-trailing.
public struct UnitPoint: Sendable, Hashable, Codable {
    /// The horizontal position, from 0 (leading) to 1 (trailing).
    public var x: CGFloat
    /// The vertical position, from 0 (top) to 1 (bottom).
    public var y: CGFloat

    /// The point at `x` and `y`, fractions of a size (0 to 1 inside it).
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// The top leading corner (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// The centre (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The middle of the leading edge (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The middle of the trailing edge (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The middle of the top edge (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The middle of the bottom edge (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The top leading corner (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top trailing corner (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The bottom leading corner (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom trailing corner (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

// MARK: - Layout direction

/// The direction of the writing system: layouts compute in leading/trailing space and the engine
/// mirrors x for `.rightToLeft` once, at placement.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable, Codable {
    /// Left to right: leading is left (English, German).
    case leftToRight
    /// Right to left: leading is right (Arabic, Hebrew); the engine mirrors x once, at placement.
    case rightToLeft
}

// MARK: - Internal helpers

extension CGSize {
    /// The length along `axis`.
    func value(along axis: Axis) -> CGFloat { axis == .horizontal ? width : height }

    /// A size from its lengths along `axis` and across it.
    init(main: CGFloat, cross: CGFloat, axis: Axis) {
        self = axis == .horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
    }
}

extension CGPoint {
    init(main: CGFloat, cross: CGFloat, axis: Axis) {
        self = axis == .horizontal ? CGPoint(x: main, y: cross) : CGPoint(x: cross, y: main)
    }
}
