import Foundation
import LayoutCore
import Layouts
import Testing

/// Right-to-left: layouts compute as if left-to-right; the engine mirrors each container's children
/// inside its bounds: x' = minX + maxX − (x + width).
@Suite("Right-to-left mirroring of every container")
struct RightToLeftTests {
    static var rtl: EnvironmentValues {
        var environment = EnvironmentValues()
        environment.layoutDirection = .rightToLeft
        return environment
    }

    /// Every frame of `element` laid out in RTL is the LTR frame mirrored about the root's width.
    func expectMirrored(_ element: some View, _ proposal: ProposedViewSize, sourceLocation: SourceLocation = #_sourceLocation) {
        let ltr = element.layout(in: proposal)
        let rtl = element.layout(in: proposal, environment: Self.rtl)
        #expect(rtl.size == ltr.size, sourceLocation: sourceLocation)
        #expect(rtl.layoutDirection == .rightToLeft, sourceLocation: sourceLocation)
        for i in 0..<ltr.count {
            let l = ltr[i].frame, r = rtl[i].frame
            let mirroredX = ltr.size.width - l.maxX
            #expect(close(r, CGRect(x: mirroredX, y: l.minY, width: l.width, height: l.height)),
                    "element \(ltr[i].path) \(ltr[i].kind): LTR \(l), RTL \(r)", sourceLocation: sourceLocation)
        }
        #expect(rtl.diagnostics.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("HStack: the first child is at the right")
    func hstack() {
        let stack = HStackLayout(spacing: 10) { Box(width: 20, height: 10).id("a"); Box(width: 30, height: 10).id("b") }
        let result = stack.layout(in: ProposedViewSize(width: 100, height: 10), environment: Self.rtl)
        #expect(result.frame("a") == rect(40, 0, 20, 10))  // 60 − 0 − 20
        #expect(result.frame("b") == rect(0, 0, 30, 10))   // 60 − 30 − 30
        expectMirrored(stack, ProposedViewSize(width: 100, height: 10))
    }

    @Test("Leading padding and leading alignment end up on the right")
    func paddingAndAlignment() {
        let padded = Box(width: 10, height: 10).id("box").padding(.leading, 5).layout(in: .unspecified, environment: Self.rtl)
        #expect(padded.frame("box") == rect(0, 0, 10, 10))
        let aligned = VStackLayout(alignment: .leading, spacing: 0) {
            Box(width: 10, height: 10).id("short")
            Box(width: 30, height: 10)
        }.layout(in: .unspecified, environment: Self.rtl)
        #expect(aligned.frame("short") == rect(20, 0, 10, 10))
    }

    @Test("Every container mirrors: stacks, frames, padding, offset, flow, equal widths, radial, ViewThatFits, AnyLayout")
    func everyContainer() {
        let p = ProposedViewSize(width: 120, height: 120)
        expectMirrored(VStackLayout(alignment: .leading, spacing: 3) {
            Box(width: 10, height: 10); Box(width: 40, height: 10).padding(.leading, 7)
        }, p)
        expectMirrored(ZStackLayout(alignment: .topLeading) { Box(width: 50, height: 10); Box(width: 10, height: 30).offset(x: 4) }, p)
        expectMirrored(Box(width: 10, height: 10).frame(width: 60, height: 20, alignment: .leading), p)
        expectMirrored(Box(width: 10, height: 10).frame(maxWidth: .infinity, alignment: .trailing), p)
        expectMirrored(FlowLayout(spacing: 5, lineSpacing: 5) { for w in [30, 50, 20, 60, 10] { Box(width: CGFloat(w), height: 10) } }, p)
        expectMirrored(EqualWidthHStack { Box(width: 10, height: 10); Box(width: 30, height: 20) }, p)
        expectMirrored(RadialLayout { ForEach([2, 0, 1], id: \.self) { rank in Box(width: 10, height: 10).layoutValue(key: RadialRank.self, value: rank) } }, p)
        expectMirrored(ViewThatFits(in: .horizontal) { Box(width: 200, height: 10); Box(width: 50, height: 10) }.frame(width: 100, alignment: .leading), p)
        expectMirrored(AnyLayout(HStackLayout(spacing: 2)) { Box(width: 10, height: 10); Rectangle() }, p)
        expectMirrored(HStackLayout { VStackLayout { Box(width: 5, height: 5); HStackLayout { Box(width: 7, height: 7); Spacer() } } }, p)
    }

    @Test("A subtree forced to left-to-right keeps its order inside a mirrored parent")
    func forcedLeftToRight() {
        // Outer RTL HStack: [a 10][inner 30] → inner at 0..30, a at 30..40. Inner LTR: b then c.
        let result = HStackLayout(spacing: 0) {
            Box(width: 10, height: 10).id("a")
            HStackLayout(spacing: 0) { Box(width: 10, height: 10).id("b"); Box(width: 20, height: 10).id("c") }
                .environment(\.layoutDirection, .leftToRight)
        }.layout(in: .unspecified, environment: Self.rtl)
        #expect(result.frame("a") == rect(30, 0, 10, 10))
        #expect(result.frame("b") == rect(0, 0, 10, 10))
        #expect(result.frame("c") == rect(10, 0, 20, 10))
    }

    @Test("A layout reads its direction but never flips coordinates itself")
    func layoutSeesDirection() {
        struct Probe: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                CGSize(width: subviews.layoutDirection == .rightToLeft ? 99 : 11, height: 1)
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        #expect(Probe {}.layout(in: .unspecified, environment: Self.rtl).size.width == 99)
        #expect(Probe {}.layout(in: .unspecified).size.width == 11)
    }
}
