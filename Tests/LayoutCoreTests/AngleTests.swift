import Foundation
import LayoutCore
import Testing

// Expected values worked out by hand. Conventions:
// - SwiftUI's Angle (https://developer.apple.com/documentation/swiftui/angle): `radians`, `degrees`,
//   `.degrees(_:)`, `.radians(_:)`, `.zero`; 180° = π rad.
// - CoreGraphics' CGAffineTransform (https://developer.apple.com/documentation/corefoundation/cgaffinetransform):
//   [a b c d tx ty]; a point maps to (a·x + c·y + tx, b·x + d·y + ty); the rotation matrix is
//   [cos sin −sin cos 0 0] (CGAffineTransformMakeRotation); `rotated(by:)`, `translatedBy`,
//   `scaledBy` apply the new step first (CGAffineTransformRotate(t, a) = Concat(MakeRotation(a), t));
//   `t1.concatenating(t2)` applies t1, then t2; `CGRect.applying` is the bounding box of the
//   transformed corners (CGRectApplyAffineTransform).

private func near(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= 1e-12 }
private func near(_ a: CGPoint, _ b: CGPoint) -> Bool { near(a.x, b.x) && near(a.y, b.y) }
private func near(_ a: CGRect, _ b: CGRect) -> Bool {
    near(a.minX, b.minX) && near(a.minY, b.minY) && near(a.width, b.width) && near(a.height, b.height)
}

@Suite("Angle and CGAffineTransform as SwiftUI and CoreGraphics define them")
struct AngleTests {
    @Test("Degrees and radians convert (180° = π)")
    func conversion() {
        #expect(near(Angle(degrees: 180).radians, .pi))
        #expect(near(Angle.radians(.pi / 2).degrees, 90))
        #expect(near(Angle.degrees(45).radians, .pi / 4))
        #expect(Angle(radians: 2).radians == 2)
        var angle = Angle.zero
        angle.degrees = 90
        #expect(near(angle.radians, .pi / 2))
        #expect(Angle() == .zero)
    }

    @Test("Arithmetic: + − unary − × ÷ and ordering")
    func arithmetic() {
        #expect(near((Angle.degrees(30) + .degrees(60)).degrees, 90))
        #expect(near((Angle.degrees(30) - .degrees(60)).degrees, -30))
        #expect(near((-Angle.degrees(45)).radians, -.pi / 4))
        #expect(near((Angle.degrees(90) * 2).degrees, 180))
        #expect(near((3 * Angle.degrees(10)).degrees, 30))
        #expect(near((Angle.degrees(90) / 3).degrees, 30))
        var step = Angle.degrees(10)
        step += .degrees(5)
        step *= 2
        #expect(near(step.degrees, 30))
        #expect(Angle.degrees(10) < .degrees(20))
        #expect(Angle.radians(-1) < .zero)
        #expect([Angle.degrees(90), .zero, .degrees(45)].sorted() == [.zero, .degrees(45), .degrees(90)])
    }

    @Test("A 90° rotation takes (1, 0) to (0, 1) and (0, 1) to (−1, 0)")
    func rotation() {
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        // [cos sin −sin cos] = [0 1 −1 0]: (1, 0) → (a, b) = (0, 1); (0, 1) → (c, d) = (−1, 0).
        #expect(near(t.b, 1) && near(t.c, -1))
        #expect(near(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 0, y: 1)))
        #expect(near(CGPoint(x: 0, y: 1).applying(t), CGPoint(x: -1, y: 0)))
        // 30°: (2, 0) → (2 cos 30°, 2 sin 30°) = (√3, 1).
        let thirty = CGAffineTransform(rotationAngle: Angle.degrees(30).radians)
        #expect(near(CGPoint(x: 2, y: 0).applying(thirty), CGPoint(x: 3.0.squareRoot(), y: 1)))
    }

    @Test("Translation and scale, and the order of translatedBy, scaledBy, rotated and concatenating")
    func composition() {
        #expect(CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 3, y: 4)) == CGPoint(x: 4, y: 6))
        #expect(CGPoint(x: 1, y: 1).applying(CGAffineTransform(scaleX: 2, y: 3)) == CGPoint(x: 2, y: 3))
        // translatedBy applies the translation first: (0, 0) → (5, 0) → scaled by 2 → (10, 0).
        #expect(CGPoint.zero.applying(CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)) == CGPoint(x: 10, y: 0))
        // scaledBy applies the scale first: (1, 1) → (2, 2) → translated → (7, 2).
        #expect(CGPoint(x: 1, y: 1).applying(CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 2, y: 2)) == CGPoint(x: 7, y: 2))
        // rotated applies the rotation first: (1, 0) → (0, 1) → translated by (10, 0) → (10, 1).
        #expect(near(CGPoint(x: 1, y: 0).applying(CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)), CGPoint(x: 10, y: 1)))
        // t1.concatenating(t2): t1, then t2.
        let move = CGAffineTransform(translationX: 5, y: 0), double = CGAffineTransform(scaleX: 2, y: 2)
        #expect(CGPoint.zero.applying(move.concatenating(double)) == CGPoint(x: 10, y: 0))
        #expect(CGPoint.zero.applying(double.concatenating(move)) == CGPoint(x: 5, y: 0))
    }

    @Test("Inverse, identity, singular matrices")
    func inverse() {
        // p → ((x + 3)·2, (y + 1)·4): [2 0 0 4 6 4]; its inverse [0.5 0 0 0.25 −3 −1] takes (8, 8) to (1, 1).
        let t = CGAffineTransform(scaleX: 2, y: 4).translatedBy(x: 3, y: 1)
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 6, ty: 4))
        #expect(t.inverted() == CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -3, ty: -1))
        #expect(CGPoint(x: 8, y: 8).applying(t.inverted()) == CGPoint(x: 1, y: 1))
        #expect(t.concatenating(t.inverted()).isIdentity)
        // A singular matrix is returned unchanged (CGAffineTransformInvert).
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat)
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(rotationAngle: 0).isIdentity)
        #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
        #expect(CGAffineTransform(1, 2, 3, 4, 5, 6) == CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
    }

    @Test("Sizes drop the translation; rectangles become the bounding box of their corners")
    func sizesAndRects() {
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        // (w, h) = (2, 1) → (a·2 + c·1, b·2 + d·1) = (−1, 2).
        let size = CGSize(width: 2, height: 1).applying(quarter.translatedBy(x: 100, y: 100))
        #expect(near(size.width, -1) && near(size.height, 2))
        // Corners of (0, 0, 2, 1): (0,0)→(0,0), (2,0)→(0,2), (0,1)→(−1,0), (2,1)→(−1,2): box (−1, 0, 1, 2).
        #expect(near(CGRect(x: 0, y: 0, width: 2, height: 1).applying(quarter), CGRect(x: -1, y: 0, width: 1, height: 2)))
        // Scale by 2, then translate by (10, 0) ([2 0 0 2 10 0]): (1, 1, 2, 3) → (12, 2, 4, 6).
        let r = CGRect(x: 1, y: 1, width: 2, height: 3).applying(CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2))
        #expect(r == CGRect(x: 12, y: 2, width: 4, height: 6))
        #expect(CGRect.null.applying(quarter).isNull)
    }
}

@Suite("Path with Angle and CGAffineTransform, as SwiftUI spells them")
struct PathGeometryTests {
    @Test("addArc with Angle values draws the arc the radians form draws")
    func arcWithAngles() {
        var byAngle = Path(), byRadians = Path()
        byAngle.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        byRadians.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(byAngle == byRadians)
        // From (70, 50) to (50, 70): 0° and 90° on a circle of radius 20 around (50, 50).
        #expect(byAngle.currentPoint.map { abs($0.x - 50) < 1e-12 && abs($0.y - 70) < 1e-12 } == true)
    }

    @Test("applying(_:) maps every point; a transformed arc joins the pen with a line")
    func applying() {
        let square = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        // Scaled by 2 then moved by (5, 0): the box (5, 0, 20, 20).
        let moved = square.applying(CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 2, y: 2))
        #expect(moved.boundingRect == CGRect(x: 5, y: 0, width: 20, height: 20))
        var path = Path()
        path.move(to: .zero)
        path.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: false,
                    transform: CGAffineTransform(translationX: 100, y: 0))
        // The pen at (0, 0) is joined by a line to the moved start (110, 0); the arc ends at (100, 10).
        var elements: [Path.Element] = []
        path.forEach { elements.append($0) }
        #expect(elements.first == .move(to: .zero))
        #expect(elements.dropFirst().first == .line(to: CGPoint(x: 110, y: 0)))
        #expect(path.currentPoint.map { abs($0.x - 100) < 1e-12 && abs($0.y - 10) < 1e-12 } == true)
    }
}
