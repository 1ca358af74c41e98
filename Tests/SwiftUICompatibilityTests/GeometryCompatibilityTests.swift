// SwiftUI code using Angle, CGAffineTransform, GeometryReader, @Environment and text modifiers on
// containers, compiled with `import TextFit` alone. Expected frames worked out by hand below.

import Testing
import TextFit

/// Apple's radial layout sample (WWDC22 "Compose custom layouts with SwiftUI", MyRadialLayout):
/// subviews on a circle of radius min(w, h) / 3 around the centre, the first at the top.
struct SampleRadialLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let radius = min(bounds.size.width, bounds.size.height) / 3.0
        let angle = Angle.degrees(360.0 / Double(subviews.count)).radians
        for (index, subview) in subviews.enumerated() {
            var point = CGPoint(x: 0, y: -radius)
                .applying(CGAffineTransform(rotationAngle: angle * Double(index)))
            point.x += bounds.midX
            point.y += bounds.midY
            subview.place(at: point, anchor: .center, proposal: .unspecified)
        }
    }
}

/// A bar filled to `fraction` of whatever width it is given.
struct ProgressBar: View {
    let fraction: CGFloat

    var body: some View {
        GeometryReader { proxy in
            Rectangle()
                .frame(width: proxy.size.width * fraction)
                .id("fill")
        }
        .frame(height: 8)
    }
}

/// Icons side by side, stacked at accessibility sizes.
struct AdaptiveIcons: View {
    @Environment(\.dynamicTypeSize) private var size

    var body: some View {
        if size.isAccessibilitySize {
            VStack(spacing: 0) { icon; icon }
        } else {
            HStack(spacing: 0) { icon; icon }
        }
    }

    var icon: some View { Rectangle().frame(width: 10, height: 10) }
}

@Suite("SwiftUI code with geometry, GeometryReader and @Environment compiles with import TextFit")
struct GeometryCompatibilityTests {
    @Test("Apple's radial layout places four views at the top, right, bottom and left")
    func radial() {
        let result = SampleRadialLayout {
            ForEach(0..<4) { _ in Rectangle().frame(width: 10, height: 10) }
        }.layout(in: ProposedViewSize(width: 120, height: 120))
        // Radius 120 / 3 = 40, steps of 90°; (0, −40) rotated by [cos sin −sin cos] (x' = a·x + c·y,
        // y' = b·x + d·y): (0, −40), (40, 0), (0, 40), (−40, 0); + centre (60, 60); anchor centre.
        let expected = [CGPoint(x: 55, y: 15), CGPoint(x: 95, y: 55), CGPoint(x: 55, y: 95), CGPoint(x: 15, y: 55)]
        for (index, origin) in expected.enumerated() {
            let frame = result.element(id: "\(index)")?.frame ?? .null
            #expect(abs(frame.minX - origin.x) < 1e-9 && abs(frame.minY - origin.y) < 1e-9, "view \(index): \(frame)")
        }
    }

    @Test("A GeometryReader progress bar fills its fraction of the width it is given")
    func progressBar() {
        // frame(height: 8) proposes 200 × 8; the reader is 200 × 8; the fill's frame is 50 wide, at
        // the reader's top-leading corner.
        let result = ProgressBar(fraction: 0.25).layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(result.size == CGSize(width: 200, height: 8))
        #expect(result.element(id: "fill")?.frame == CGRect(x: 0, y: 0, width: 50, height: 8))
        let narrow = ProgressBar(fraction: 0.25).layout(in: ProposedViewSize(width: 80, height: nil))
        #expect(narrow.element(id: "fill")?.frame == CGRect(x: 0, y: 0, width: 20, height: 8))
    }

    @Test("@Environment(\\.dynamicTypeSize) in a body sees dynamicTypeSize(_:)")
    func adaptive() {
        #expect(AdaptiveIcons().layout(in: .unspecified).size == CGSize(width: 20, height: 10))
        #expect(AdaptiveIcons().dynamicTypeSize(.accessibility2).layout(in: .unspecified).size == CGSize(width: 10, height: 20))
    }

    @Test("bold() and textCase(_:) on a stack style the text inside")
    func textModifiersOnStack() {
        // hb-shape, Noto Sans at 17 pt: Bold "ab" 604 + 633 = 1237 units → 21.029; Regular "AB"
        // 639 + 650 = 1289 → 21.913.
        let bold = VStack { Text("ab") }.bold().layout(in: .unspecified)
        #expect(abs(bold.size.width - 21.029) < 1e-9)
        let upper = VStack { Text("ab") }.textCase(.uppercase).layout(in: .unspecified)
        #expect(abs(upper.size.width - 21.913) < 1e-9)
    }
}
