import Foundation
import LayoutCore
import Layouts
import Testing

@Suite("ProposedViewSize and LayoutResult")
struct ResultTests {
    @Test("ProposedViewSize constants and replacingUnspecifiedDimensions (10 × 10 by default)")
    func proposedViewSize() {
        #expect(ProposedViewSize.zero == ProposedViewSize(width: 0, height: 0))
        #expect(ProposedViewSize.unspecified.replacingUnspecifiedDimensions() == CGSize(width: 10, height: 10))
        #expect(ProposedViewSize(width: 5, height: nil).replacingUnspecifiedDimensions(by: CGSize(width: 1, height: 2)) == CGSize(width: 5, height: 2))
        #expect(ProposedViewSize(CGSize(width: 3, height: 4)) == ProposedViewSize(width: 3, height: 4))
        #expect(ProposedViewSize.infinity.width == .infinity)
    }

    @Test("LayoutResult round-trips through JSON with frames, paths, ids, baselines, diagnostics")
    func codable() throws {
        let result = HStackLayout(alignment: .firstTextBaseline) {
            TextLike(idealWidth: 30).id("t")
            ForgetsSubviews { Box(width: 1, height: 1); Box(width: 2, height: 2) }.frame(width: 40, height: 40)
        }.layout(in: ProposedViewSize(width: .infinity, height: nil))
        let data = try JSONEncoder().encode(result)
        let decoded = try JSONDecoder().decode(LayoutResult.self, from: data)
        #expect(decoded.elements == result.elements)
        #expect(decoded.size == result.size)
        #expect(decoded.diagnostics == result.diagnostics)
        #expect(decoded.proposal == result.proposal)
        #expect(decoded.element(id: "t")?.firstTextBaseline == 12)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"width\":\"infinity\""))
        #expect(json.contains("\"kind\":\"TextLike\""))
    }

    @Test("Trees lay out independently on many tasks at once (elements are Sendable)")
    func concurrent() async {
        let element = FlowLayout { for i in 0..<50 { Box(width: CGFloat(i % 7 + 5), height: 10) } }
        let expected = element.layout(in: ProposedViewSize(width: 60, height: nil)).elements
        let same = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { element.layout(in: ProposedViewSize(width: 60, height: nil)).elements == expected } }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(same)
    }
}
