import Foundation

// MARK: - Axis

/// The horizontal or vertical dimension of a layout.
public enum Axis: Int8, Sendable, Hashable, CaseIterable, Codable {
    case horizontal
    case vertical

    /// A set of axes (for `fixedSize`, `ViewThatFits(in:)`).
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }

    /// The other axis.
    var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

// MARK: - Edges

/// One edge of a rectangle, in logical (leading/trailing) terms.
public enum Edge: Int8, Sendable, Hashable, CaseIterable, Codable {
    case top, leading, bottom, trailing

    /// A set of edges (for `padding(_:_:)` and `ViewSpacing.formUnion(_:edges:)`).
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { self.init(rawValue: 1 << edge.rawValue) }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Insets on the four edges of a rectangle, in points (logical: leading/trailing).
public struct EdgeInsets: Sendable, Hashable, Codable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

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
    public var x: CGFloat
    public var y: CGFloat

    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

// MARK: - Layout direction

/// The direction of the writing system: layouts compute in leading/trailing space and the engine
/// mirrors x for `.rightToLeft` once, at placement.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable, Codable {
    case leftToRight
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
