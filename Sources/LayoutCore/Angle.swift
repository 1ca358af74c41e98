import Foundation

// Geometry values SwiftUI code uses beside the layout types: `Angle` (SwiftUI's), and, where
// CoreGraphics is missing (Linux: swift-corelibs-foundation has CGFloat, CGPoint, CGSize and
// CGRect but no `CGAffineTransform`), `CGAffineTransform` as CoreGraphics defines it.

/// A geometric angle whose value you access in either radians or degrees: SwiftUI's `Angle`
/// (https://developer.apple.com/documentation/swiftui/angle).
///
/// Stored in radians; `degrees` converts (× 180 / π). Beyond SwiftUI's members, the arithmetic
/// SwiftUI gets from `VectorArithmetic` (`+`, `-`, `+=`, `-=`, ``scale(by:)``) and what code written
/// against it commonly uses: unary `-`, `* Double`, `/ Double`.
///
/// ```swift
/// let step = Angle.degrees(360) / Double(subviews.count)
/// let point = CGPoint(x: cos(step.radians * 2), y: sin(step.radians * 2))
/// ```
public struct Angle: Hashable, Comparable, Sendable, Codable {
    /// The angle in radians.
    public var radians: Double

    /// The angle in degrees.
    public var degrees: Double {
        get { radians * (180 / .pi) }
        set { radians = newValue * (.pi / 180) }
    }

    /// A zero angle.
    public init() { radians = 0 }

    /// An angle of `radians` radians.
    public init(radians: Double) { self.radians = radians }

    /// An angle of `degrees` degrees.
    public init(degrees: Double) { radians = degrees * (.pi / 180) }

    /// An angle of `radians` radians.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }

    /// An angle of `degrees` degrees.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    /// The zero angle.
    public static var zero: Angle { Angle() }

    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }

    /// The sum of two angles.
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    /// The difference of two angles.
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    /// The opposite angle.
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
    /// The angle scaled by a factor.
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }
    /// The angle scaled by a factor.
    public static func * (lhs: Double, rhs: Angle) -> Angle { Angle(radians: lhs * rhs.radians) }
    /// The angle divided by a factor.
    public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians / rhs) }
    /// Adds an angle.
    public static func += (lhs: inout Angle, rhs: Angle) { lhs = lhs + rhs }
    /// Subtracts an angle.
    public static func -= (lhs: inout Angle, rhs: Angle) { lhs = lhs - rhs }
    /// Scales the angle by a factor.
    public static func *= (lhs: inout Angle, rhs: Double) { lhs = lhs * rhs }
    /// Divides the angle by a factor.
    public static func /= (lhs: inout Angle, rhs: Double) { lhs = lhs / rhs }

    /// Multiplies the angle by `rhs` (SwiftUI's `VectorArithmetic` requirement).
    public mutating func scale(by rhs: Double) { radians *= rhs }

    /// The square of the angle in radians (SwiftUI's `VectorArithmetic` requirement).
    public var magnitudeSquared: Double { radians * radians }

    /// The angle in radians, for SwiftUI's `Animatable` (TextFit does not animate).
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

#if !canImport(CoreGraphics)
/// An affine transformation matrix, as CoreGraphics defines it
/// (https://developer.apple.com/documentation/corefoundation/cgaffinetransform): the 3 × 3 matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// applied to row vectors, so a point (x, y) becomes (a·x + c·y + tx, b·x + d·y + ty)
/// (`CGPointApplyAffineTransform`). Defined here only where CoreGraphics is missing (Linux);
/// on Apple platforms CoreGraphics' own type is used.
public struct CGAffineTransform: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The x scale (and rotation's cosine): x' = a·x + c·y + tx.
    public var a: CGFloat
    /// The y shear (and rotation's sine): y' = b·x + d·y + ty.
    public var b: CGFloat
    /// The x shear (and rotation's negative sine).
    public var c: CGFloat
    /// The y scale (and rotation's cosine).
    public var d: CGFloat
    /// The x translation, in points.
    public var tx: CGFloat
    /// The y translation, in points.
    public var ty: CGFloat

    /// The identity transform.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// The transform with these matrix entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform: [1 0 0 1 0 0].
    public static let identity = CGAffineTransform()

    /// A rotation by `angle` radians: [cos sin −sin cos 0 0] (`CGAffineTransformMakeRotation`,
    /// https://developer.apple.com/documentation/coregraphics/cgaffinetransformmakerotation(_:)),
    /// so (1, 0) goes to (cos, sin).
    public init(rotationAngle angle: CGFloat) {
        let (sine, cosine) = (CGFloat(sin(Double(angle))), CGFloat(cos(Double(angle))))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The transform with these matrix entries (CoreGraphics' unlabelled spelling).
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// A translation: [1 0 0 1 tx ty].
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// A scale: [sx 0 0 sy 0 0].
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// `self` then `t2`: the matrix product self × t2 (`CGAffineTransformConcat(self, t2)`).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                          c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                          tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A rotation by `angle` radians, then this transform (`CGAffineTransformRotate`: the rotation
    /// is applied to points first).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// A translation, then this transform (`CGAffineTransformTranslate`).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale, then this transform (`CGAffineTransformScale`).
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// The inverse; a singular matrix (determinant 0) is returned unchanged, as CoreGraphics'
    /// `CGAffineTransformInvert` documents.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

extension CGPoint {
    /// The point transformed by `t`: (a·x + c·y + tx, b·x + d·y + ty).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size transformed by `t` without its translation: (a·w + c·h, b·w + d·h), possibly
    /// negative (`CGSizeApplyAffineTransform`).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle holding the four transformed corners (`CGRectApplyAffineTransform`:
    /// "the transformed rectangle is the smallest rectangle that contains the transformed corner
    /// points"). The null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
#endif
