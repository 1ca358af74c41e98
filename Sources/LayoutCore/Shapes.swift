import Foundation

// Shapes, as SwiftUI spells them: a `Shape` is a view that takes what it is offered and draws a
// path in its frame. `fill`, `stroke` and `strokeBorder` return views that lay out exactly as the
// shape; the style is read by renderers from the result (`LayoutResult.leaf(at:)`).

/// A 2D shape drawn in its frame, and a view: it takes whatever it is proposed (10 × 10 for
/// `nil` axes) unless it says otherwise in ``sizeThatFits(_:)``. Write only ``path(in:)``:
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: CGRect) -> Path {
///         Path { p in
///             p.move(to: CGPoint(x: rect.midX, y: rect.minY))
///             p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
///             p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
///             p.closeSubpath()
///         }
///     }
/// }
/// ```
///
/// Unstyled, a shape is filled with the foreground style (black by default), as in SwiftUI.
/// Source: https://developer.apple.com/documentation/swiftui/shape
public protocol Shape: LeafView {
    /// The outline of the shape in `rect` (the frame it was placed in, from (0, 0) in its own
    /// coordinates; renderers move it to the frame's origin).
    func path(in rect: CGRect) -> Path

    /// The shape's size for `proposal`: by default the proposal, 10 for a `nil` axis
    /// (`proposal.replacingUnspecifiedDimensions()`).
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
}

extension Shape {
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        sizeThatFits(proposal)
    }
}

/// A shape that can be inset (what `strokeBorder` needs: the stroke stays inside the frame).
public protocol InsettableShape: Shape {
    /// The shape an inset gives back.
    associatedtype InsetShape: InsettableShape
    /// The shape drawn `amount` points inside its frame on every edge.
    func inset(by amount: CGFloat) -> InsetShape
}

/// A leaf whose kind in results is not its type's name (a styled shape reports its shape's).
package protocol NamedLeaf {
    static var kindName: String { get }
}

// MARK: - Built-in shapes

/// A rectangle filling its frame.
public struct Rectangle: InsettableShape, Hashable {
    var insetAmount: CGFloat = 0
    /// A rectangle that fills its frame.
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Rectangle { var s = self; s.insetAmount += amount; return s }
}

/// A rectangle with rounded corners (radii too large for the frame scaled down to fit). Both corner
/// styles are drawn as circular (elliptical) arcs; see ``RoundedCornerStyle``.
public struct RoundedRectangle: InsettableShape, Hashable {
    /// The width and height of the rounded corners, in points.
    public var cornerSize: CGSize
    /// Whether the corners are circular or continuous (Apple's squircle).
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0

    /// A rectangle whose corners are rounded by `cornerSize`.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    /// A rectangle whose corners are rounded with `cornerRadius` points.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// Inset, the corners' radii shrink by the inset too (concentric with the outer corners).
    public func path(in rect: CGRect) -> Path {
        let size = CGSize(width: max(0, cornerSize.width - insetAmount), height: max(0, cornerSize.height - insetAmount))
        return Path(roundedRect: rect.insetBy(dx: insetAmount, dy: insetAmount), cornerSize: size, style: style)
    }

    public func inset(by amount: CGFloat) -> RoundedRectangle { var s = self; s.insetAmount += amount; return s }
}

/// A rectangle whose shorter sides are half circles (corner radius: half the shorter side).
public struct Capsule: InsettableShape, Hashable {
    /// Whether the ends are circular or continuous.
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    /// A capsule: a rectangle whose shorter sides are half circles.
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }

    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let radius = min(r.width, r.height) / 2
        return Path(roundedRect: r, cornerSize: CGSize(width: radius, height: radius), style: style)
    }

    public func inset(by amount: CGFloat) -> Capsule { var s = self; s.insetAmount += amount; return s }
}

/// The largest circle that fits the frame, centred in it.
public struct Circle: InsettableShape, Hashable {
    var insetAmount: CGFloat = 0
    /// A circle as large as the smaller side of its frame, centred.
    public init() {}

    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let side = max(0, min(r.width, r.height))
        return Path(ellipseIn: CGRect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side))
    }

    public func inset(by amount: CGFloat) -> Circle { var s = self; s.insetAmount += amount; return s }
}

/// The ellipse inscribed in the frame.
public struct Ellipse: InsettableShape, Hashable {
    var insetAmount: CGFloat = 0
    /// An ellipse that fills its frame.
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Ellipse { var s = self; s.insetAmount += amount; return s }
}

// MARK: - Styles

/// How a path is filled: `isEOFilled` uses the even-odd rule (else non-zero).
public struct FillStyle: Sendable, Hashable {
    /// Whether the even-odd rule decides what is inside (else non-zero winding).
    public var isEOFilled: Bool
    /// Whether edges are antialiased.
    public var isAntialiased: Bool
    /// A fill rule: even-odd or non-zero winding, antialiased or not.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// How a path is stroked, as SwiftUI's (and Core Graphics') defaults: 1 pt, butt caps, miter
/// joins with a limit of 10, no dashes.
public struct StrokeStyle: Sendable, Hashable {
    /// How a stroke's open ends are drawn.
    public enum LineCap: Sendable, Hashable {
        /// Square, ending at the end point.
        case butt
        /// A half circle beyond the end point.
        case round
        /// Square, half the line's width beyond the end point.
        case square
    }
    /// How a stroke's corners are drawn.
    public enum LineJoin: Sendable, Hashable {
        /// A sharp corner (bevelled beyond the miter limit).
        case miter
        /// A rounded corner.
        case round
        /// A corner cut off flat.
        case bevel
    }

    /// The stroke's width, in points.
    public var lineWidth: CGFloat
    /// How the ends of open lines are drawn.
    public var lineCap: LineCap
    /// How corners are joined.
    public var lineJoin: LineJoin
    /// The longest a mitred corner may reach, in multiples of the line width, before it is bevelled.
    public var miterLimit: CGFloat
    /// Lengths of dashes and gaps, alternating, in points; empty: a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the line starts, in points.
    public var dashPhase: CGFloat

    /// A stroke of these properties (SwiftUI's defaults: 1 pt, butt caps, mitred joins).
    public init(lineWidth: CGFloat = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: CGFloat = 10,
                dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// What a styled shape paints.
package enum ShapePaint: Sendable {
    case fill(AnyShapeStyle, FillStyle)
    case stroke(AnyShapeStyle, StrokeStyle)
}

/// A shape with its paint: what `fill`, `stroke` and `strokeBorder` return. Lays out as the
/// shape; its kind in results is the shape's type name.
package struct StyledShape<S: Shape>: LeafView, NamedLeaf {
    package let shape: S
    package let paint: ShapePaint

    package func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        shape.sizeThatFits(proposal, environment: environment)
    }

    package static var kindName: String { String(describing: S.self) }
}

/// Any shape and its paint, as a renderer reads them from a leaf.
package protocol PaintedShapeLeaf {
    /// The path in `rect` and its paint (`nil`: filled with the foreground style).
    func paintedPath(in rect: CGRect) -> (path: Path, paint: ShapePaint?)
}

extension StyledShape: PaintedShapeLeaf {
    package func paintedPath(in rect: CGRect) -> (path: Path, paint: ShapePaint?) { (shape.path(in: rect), paint) }
}

extension Shape {
    /// The shape filled with `content` (default: the foreground style). Lays out as the shape.
    /// Source: https://developer.apple.com/documentation/swiftui/shape/fill(_:style:)
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> some View {
        StyledShape(shape: self, paint: .fill(AnyShapeStyle(content), style))
    }

    /// The shape's outline stroked with `content`, centred on the path (half of it outside the
    /// frame). Lays out as the shape.
    /// Source: https://developer.apple.com/documentation/swiftui/shape/stroke(_:linewidth:antialiased:)
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
        StyledShape(shape: self, paint: .stroke(AnyShapeStyle(content), StrokeStyle(lineWidth: lineWidth)))
    }

    /// The shape's outline stroked with `content` in `style`.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View {
        StyledShape(shape: self, paint: .stroke(AnyShapeStyle(content), style))
    }

    /// The shape's outline stroked with the foreground style.
    public func stroke(lineWidth: CGFloat = 1) -> some View { stroke(ForegroundStyle(), lineWidth: lineWidth) }

    /// The shape's outline stroked with the foreground style in `style`.
    public func stroke(style: StrokeStyle) -> some View { stroke(ForegroundStyle(), style: style) }
}

extension InsettableShape {
    /// The outline stroked inside the frame: the shape inset by half the line width, then
    /// stroked, so the stroke's outer edge is the frame's.
    /// Source: https://developer.apple.com/documentation/swiftui/insettableshape/strokeborder(_:linewidth:antialiased:)
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
    }

    /// The outline stroked inside the frame in `style` (inset by half its line width).
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle, antialiased: Bool = true) -> some View {
        let half = style.lineWidth.isFinite ? max(0, style.lineWidth) / 2 : 0
        return StyledInsetShape(shape: self, inset: inset(by: half), paint: .stroke(AnyShapeStyle(content), style))
    }
}

/// An inset shape and its paint: lays out as the outer shape, draws the inset one; its kind is the
/// outer shape's.
package struct StyledInsetShape<Outer: Shape, Inner: Shape>: LeafView, NamedLeaf, PaintedShapeLeaf {
    let shape: Outer
    let inset: Inner
    let paint: ShapePaint

    package func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        shape.sizeThatFits(proposal, environment: environment)
    }

    package static var kindName: String { String(describing: Outer.self) }

    package func paintedPath(in rect: CGRect) -> (path: Path, paint: ShapePaint?) { (inset.path(in: rect), paint) }
}

// MARK: - Shapes by name

/// A path is a shape (as in SwiftUI): drawn as it is, wherever its frame is; it takes what it is offered.
extension Path: Shape {
    public func path(in rect: CGRect) -> Path { self }
}

// The static members SwiftUI gives shapes, so `.clipShape(.capsule)` and
// `.background(.blue, in: .rect(cornerRadius: 8))` compile.
extension Shape where Self == Rectangle {
    /// A rectangle.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rectangle with corners rounded by `cornerRadius` points.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }

    /// A rectangle with corners rounded by `cornerSize`.
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}

extension Shape where Self == Capsule {
    /// A capsule.
    public static var capsule: Capsule { Capsule() }
    /// A capsule with the given corner style.
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}

extension Shape where Self == Circle {
    /// A circle.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    /// An ellipse.
    public static var ellipse: Ellipse { Ellipse() }
}
