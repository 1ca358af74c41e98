import Foundation

// `Path` members SwiftUI spells with `Angle` and `CGAffineTransform` (both in Angle.swift).

extension Path {
    /// A circular arc from `startAngle` to `endAngle` (SwiftUI's spelling with ``Angle``), its
    /// points mapped by `transform`; see ``addArc(center:radius:startAngle:endAngle:clockwise:)``
    /// for the direction and the line that joins the pen to the arc's start.
    /// Source: https://developer.apple.com/documentation/swiftui/path/addarc(center:radius:startangle:endangle:clockwise:transform:)
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
                                transform: CGAffineTransform = .identity) {
        if transform.isIdentity {
            addArc(center: center, radius: radius, startAngle: startAngle.radians, endAngle: endAngle.radians, clockwise: clockwise)
            return
        }
        var arc = Path()
        arc.addArc(center: center, radius: radius, startAngle: startAngle.radians, endAngle: endAngle.radians, clockwise: clockwise)
        var first = true
        arc.applying(transform).forEach { element in
            // The arc's own first move joins the pen with a line, as the untransformed arc does.
            if first, case .move(let point) = element, currentPoint != nil {
                addLine(to: point)
            } else if case .move(let point) = element {
                move(to: point)
            } else {
                Path.append(element, to: &self)
            }
            first = false
        }
    }

    /// This path with every point mapped by `transform` (SwiftUI's `Path.applying(_:)`; a
    /// transformed arc stays the same Bézier segments, transformed).
    public func applying(_ transform: CGAffineTransform) -> Path {
        var result = Path()
        forEach { element in
            switch element {
            case .move(let p): result.move(to: p.applying(transform))
            case .line(let p): result.addLine(to: p.applying(transform))
            case .quadCurve(let p, let c): result.addQuadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                result.addCurve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: result.closeSubpath()
            }
        }
        return result
    }

    private static func append(_ element: Element, to path: inout Path) {
        switch element {
        case .move(let p): path.move(to: p)
        case .line(let p): path.addLine(to: p)
        case .quadCurve(let p, let c): path.addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): path.addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: path.closeSubpath()
        }
    }
}
