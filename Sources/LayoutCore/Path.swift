import Foundation

/// The outline of a 2D shape, as SwiftUI's `Path`: moves, lines, quadratic and cubic Bézier
/// curves and closed subpaths, in points with y down.
///
/// Arcs, ellipses and rounded corners are stored as cubic Béziers (at most a quarter turn each,
/// control points at the usual κ = 4/3·tan(θ/4) of the radius), as Core Graphics stores them.
/// Source: https://developer.apple.com/documentation/swiftui/path
public struct Path: Sendable, Equatable {
    /// One segment of a path, as SwiftUI's `Path.Element`.
    public enum Element: Sendable, Equatable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line to a point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve to a point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to a point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the subpath with a line to its start.
        case closeSubpath
    }

    /// The segments, in order.
    package private(set) var elements: [Element] = []
    /// Where the current subpath started (a close returns there) and the pen.
    private var subpathStart: CGPoint?
    private var current: CGPoint?

    /// An empty path.
    public init() {}

    /// A closed rectangle.
    public init(_ rect: CGRect) { addRect(rect) }

    /// A closed rounded rectangle (a radius beyond half the shorter side makes a capsule).
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A closed rounded rectangle with elliptical corners of `cornerSize`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    /// The path `build` makes from an empty one.
    public init(_ build: (inout Path) -> Void) { build(&self) }

    /// Whether the path has no segments.
    public var isEmpty: Bool { elements.isEmpty }

    /// The pen's position (`nil` before the first move).
    public var currentPoint: CGPoint? { current }

    /// Calls `body` with each segment, in order.
    public func forEach(_ body: (Element) -> Void) { elements.forEach(body) }

    // MARK: - Building

    /// Starts a subpath at `point`.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        subpathStart = point
        current = point
    }

    /// A straight line to `point` (a move when the path has no pen yet, as Core Graphics does).
    public mutating func addLine(to point: CGPoint) {
        guard current != nil else { return move(to: point) }
        elements.append(.line(to: point))
        current = point
    }

    /// A quadratic Bézier to `point` with `control`.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        if current == nil { move(to: control) }
        elements.append(.quadCurve(to: point, control: control))
        current = point
    }

    /// A cubic Bézier to `point` with two controls.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        if current == nil { move(to: control1) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        current = point
    }

    /// Closes the current subpath (a line back to its start).
    public mutating func closeSubpath() {
        guard current != nil else { return }
        elements.append(.closeSubpath)
        current = subpathStart
    }

    /// A closed rectangle: its own subpath, from the top-left corner clockwise on screen.
    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Adds each rectangle.
    public mutating func addRects(_ rects: [CGRect]) { rects.forEach { addRect($0) } }

    /// A closed rounded rectangle: corners are quarter ellipses of `cornerSize`; radii too large
    /// for the rectangle are scaled down together until they fit (so a radius beyond half the
    /// shorter side makes a capsule). Both corner styles are drawn as circular (elliptical)
    /// arcs: TextFit does not draw Apple's continuous-curvature corner.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        let r = rect.standardized
        var rx = max(0, cornerSize.width.isFinite ? cornerSize.width : 0)
        var ry = max(0, cornerSize.height.isFinite ? cornerSize.height : 0)
        guard rx > 0, ry > 0 else { return addRect(r) }
        // Too large for the rectangle: both radii scaled by one factor (circular corners stay circular).
        let factor = min(1, r.width / (2 * rx), r.height / (2 * ry))
        rx *= factor
        ry *= factor
        guard rx > 0, ry > 0 else { return addRect(r) }
        let k = Path.kappa
        move(to: CGPoint(x: r.minX + rx, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + rx * k, y: r.minY),
                 control2: CGPoint(x: r.maxX, y: r.minY + ry - ry * k))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
        addCurve(to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + ry * k),
                 control2: CGPoint(x: r.maxX - rx + rx * k, y: r.maxY))
        addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - rx * k, y: r.maxY),
                 control2: CGPoint(x: r.minX, y: r.maxY - ry + ry * k))
        addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
        addCurve(to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - ry * k),
                 control2: CGPoint(x: r.minX + rx - rx * k, y: r.minY))
        closeSubpath()
    }

    /// The ellipse inscribed in `rect`: its own closed subpath of four quarter arcs, from the
    /// right-hand point clockwise on screen.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2, k = Path.kappa
        move(to: CGPoint(x: r.maxX, y: cy))
        addCurve(to: CGPoint(x: cx, y: r.maxY), control1: CGPoint(x: r.maxX, y: cy + ry * k), control2: CGPoint(x: cx + rx * k, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: cy), control1: CGPoint(x: cx - rx * k, y: r.maxY), control2: CGPoint(x: r.minX, y: cy + ry * k))
        addCurve(to: CGPoint(x: cx, y: r.minY), control1: CGPoint(x: r.minX, y: cy - ry * k), control2: CGPoint(x: cx - rx * k, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: cy), control1: CGPoint(x: cx + rx * k, y: r.minY), control2: CGPoint(x: r.maxX, y: cy - ry * k))
        closeSubpath()
    }

    /// A circular arc around `center` from `startAngle` to `endAngle`, in radians (SwiftUI's
    /// `Angle` spelling, with a transform, is in PathGeometry.swift). Angles are measured from the +x axis towards +y,
    /// which is downwards on screen. As in SwiftUI and Core Graphics, `clockwise` is meant in a
    /// y-up space: `clockwise: false` sweeps with increasing angle, which looks clockwise on
    /// screen. A line joins the pen to the arc's start (a move when there is no pen).
    /// Source: https://developer.apple.com/documentation/swiftui/path/addarc(center:radius:startangle:endangle:clockwise:transform:)
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        func point(_ a: Double) -> CGPoint { CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a)) }
        let start = point(startAngle)
        if current == nil { move(to: start) } else { addLine(to: start) }
        let full = 2 * Double.pi
        var sweep = endAngle - startAngle
        if clockwise {
            sweep = sweep.truncatingRemainder(dividingBy: full)
            if sweep > 0 { sweep -= full }
        } else {
            sweep = sweep.truncatingRemainder(dividingBy: full)
            if sweep < 0 { sweep += full }
        }
        guard sweep != 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = startAngle
        for _ in 0..<pieces {
            let b = a + step
            let p0 = point(a), p3 = point(b)
            let c1 = CGPoint(x: p0.x - k * radius * sin(a), y: p0.y + k * radius * cos(a))
            let c2 = CGPoint(x: p3.x + k * radius * sin(b), y: p3.y - k * radius * cos(b))
            addCurve(to: p3, control1: c1, control2: c2)
            a = b
        }
    }

    /// Adds `path`'s segments.
    public mutating func addPath(_ path: Path) {
        for element in path.elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closeSubpath()
            }
        }
    }

    /// κ for a quarter turn: 4/3 · tan(π/8) ≈ 0.5523.
    static let kappa = 4.0 / 3.0 * tan(Double.pi / 8)

    // MARK: - Geometry

    /// The smallest rectangle holding every point the path passes through (curves' extremes,
    /// not their control points), as Core Graphics' `boundingBoxOfPath`; `.null` when empty.
    public var boundingRect: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        var pen = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                add(p); pen = p
            case .quadCurve(let p, let c):
                add(p)
                for t in Path.quadExtrema(pen, c, p) { add(Path.quad(pen, c, p, t)) }
                pen = p
            case .curve(let p, let c1, let c2):
                add(p)
                for t in Path.cubicExtrema(pen, c1, c2, p) { add(Path.cubic(pen, c1, c2, p, t)) }
                pen = p
            case .closeSubpath:
                break
            }
        }
        guard minX.isFinite else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func quad(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    static func cubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x, y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// Parameters in (0, 1) where a quadratic's derivative is zero on either axis.
    static func quadExtrema(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> [CGFloat] {
        var ts: [CGFloat] = []
        for (a, b, d) in [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)] {
            let denominator = a - 2 * b + d
            if denominator != 0 {
                let t = (a - b) / denominator
                if t > 0 && t < 1 { ts.append(t) }
            }
        }
        return ts
    }

    /// Parameters in (0, 1) where a cubic's derivative is zero on either axis.
    static func cubicExtrema(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint) -> [CGFloat] {
        var ts: [CGFloat] = []
        for (a, b, c, d) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
            // B'(t)/3 = A t² + B t + C
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            if abs(qa) < 1e-12 {
                if qb != 0 { ts.append(-qc / qb) }
            } else {
                let disc = qb * qb - 4 * qa * qc
                if disc >= 0 {
                    let s = disc.squareRoot()
                    ts.append((-qb + s) / (2 * qa))
                    ts.append((-qb - s) / (2 * qa))
                }
            }
        }
        return ts.filter { $0 > 0 && $0 < 1 }
    }
}

/// How a rounded rectangle's corners are drawn (SwiftUI: `.circular` quarter circles,
/// `.continuous` Apple's smoother continuous-curvature corners). TextFit draws both as circular
/// arcs; layout does not depend on it.
/// Source: https://developer.apple.com/documentation/swiftui/roundedcornerstyle
public enum RoundedCornerStyle: Sendable, Hashable {
    /// Circular corners.
    case circular
    /// Continuous corners: Apple's squircle, a smoother curve into the sides.
    case continuous
}
