import Foundation
import LayoutCore
import Layouts
import Testing

// What `LayoutResult.texts` finds from placed frames alone — clips and overlaps — with a
// stand-in text leaf whose one line box is its frame (`BoxText`). Expected values by hand, or
// from a brute-force comparison of every pair.

/// A fixed-size leaf reporting one line box, its whole frame, and nothing cut.
struct BoxText: FitReportingLeaf {
    var width: CGFloat
    var height: CGFloat = 10

    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        CGSize(width: width, height: height)
    }

    func placedText(proposal: ProposedViewSize, size: CGSize, environment: EnvironmentValues) -> PlacedText? {
        PlacedText(string: "box", lineBounds: [CGRect(origin: .zero, size: size)], linesShown: 1, linesNeeded: 1,
                   neededWidth: Double(width))
    }
}

@Suite("Text fits: clips and overlaps from the placed frames")
struct PlacedTextGeometryTests {
    @Test("The innermost clip a line passes is named; nested clips that hold it are not")
    func innermostClip() {
        // A 40-wide text centred in a 20-wide clipped frame (x −10…30 of it), inside a 100-wide
        // clipped frame that holds it, padded by 10: the 20-wide frame at [0, 0] clips it.
        let view = BoxText(width: 40).frame(width: 20).clipped().frame(width: 100).clipped().padding(10)
        let texts = view.layout(in: .unspecified).texts
        #expect(texts.count == 1)
        #expect(texts[0].clip == .ancestor(path: [0, 0], id: nil))
        // A rounded rectangle clips to its bounding box: the same frame.
        let rounded = BoxText(width: 40).frame(width: 20).clipShape(RoundedRectangle(cornerRadius: 5)).id("card").padding(10)
        #expect(rounded.layout(in: .unspecified).texts[0].clip == .ancestor(path: [0], id: "card"))
    }

    @Test("A text inside every clip and the root is not clipped; half a hundredth of a point out is noise")
    func inside() {
        #expect(BoxText(width: 40).frame(width: 40).clipped().layout(in: .unspecified).texts[0].clip == nil)
        #expect(BoxText(width: 40).offset(x: 0.005).layout(in: .unspecified).texts[0].clip == nil)
        #expect(BoxText(width: 40).offset(x: 0.5).layout(in: .unspecified).texts[0].clip == .root)
    }

    @Test("Overlap pairs found by the sweep are those every pair compared finds")
    func sweepMatchesBruteForce() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            // 60 boxes at random positions in a 400 × 400 ZStack; touching is not overlapping.
            let boxes = (0..<60).map { _ in
                (x: CGFloat(Int.random(in: 0...380, using: &generator)), y: CGFloat(Int.random(in: 0...390, using: &generator)),
                 width: CGFloat(Int.random(in: 0...40, using: &generator)))
            }
            let view = ZStack(alignment: .topLeading) {
                ForEach(boxes.indices, id: \.self) { i in BoxText(width: boxes[i].width).offset(x: boxes[i].x, y: boxes[i].y) }
            }.frame(width: 400, height: 400, alignment: .topLeading)
            let texts = view.layout(in: .unspecified).texts
            #expect(texts.count == boxes.count)
            for (i, text) in texts.enumerated() {
                let a = CGRect(x: boxes[i].x, y: boxes[i].y, width: boxes[i].width, height: 10)
                let expected = boxes.indices.filter { j in
                    let b = CGRect(x: boxes[j].x, y: boxes[j].y, width: boxes[j].width, height: 10)
                    return j != i && a.width > 0 && b.width > 0 && a.intersection(b).width > 0.01 && a.intersection(b).height > 0.01
                }
                #expect(text.overlaps.map(\.index) == expected.map { texts[$0].index })
            }
        }
    }

    @Test("texts lists shown texts only; text(id:) finds the first one inside the element named")
    func shownOnly() {
        let view = HStack(spacing: 0) {
            BoxText(width: 10).id("a")
            BoxText(width: 10).hidden()
            ViewThatFits { BoxText(width: 500); BoxText(width: 20).padding(1).id("small") }
        }
        let result = view.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(result.texts.map(\.id) == ["a", "small"])
        #expect(result.text(id: "small")?.frame.width == 20)
        #expect(result.text(id: "nowhere") == nil)
        #expect(result.text(at: 0) == nil)  // the stack
    }
}
