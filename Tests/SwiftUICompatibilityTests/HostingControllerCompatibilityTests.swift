// The one UIKit call SwiftUI code makes to measure a view, as packages make it:
// `UIHostingController(rootView:).sizeThatFits(in:)`, with UIKit's fitting sizes. Compiled with
// `import TextFit` alone. Text widths from hb-shape on the bundled Noto Sans
// (fonts/NotoSans-Regular.ttf, 1000 units per em) at body's 17 pt (Apple's table, large size); a
// line is (hhea ascender 1069 + |descender| 293) × 17 / 1000 = 23.154 pt tall.

import Testing
import TextFit

/// A tag as a package sizes it before laying tags out by hand.
struct MeasuredTag: View {
    let title: String

    var body: some View {
        Text(title)
            .padding(.horizontal, 10)
            .padding(.vertical, 6)
    }
}

/// Widths of tags measured through a hosting controller, the way tag packages written for UIKit do.
func tagWidths(_ titles: [String]) -> [CGFloat] {
    titles.map { title in
        UIHostingController(rootView: MeasuredTag(title: title))
            .sizeThatFits(in: UIView.layoutFittingExpandedSize)
            .width
    }
}

@Suite("UIHostingController(rootView:).sizeThatFits(in:) is answered by the layout engine")
struct HostingControllerCompatibilityTests {
    @Test("Tags measured in UIView.layoutFittingExpandedSize are their text's width plus the padding")
    func tagWidthsFromHosting() {
        // hb-shape advances: "Swift" 2298, "Zürich" 2959 units → 39.066 and 50.303 pt; + 20 padding.
        let widths = tagWidths(["Swift", "Zürich"])
        #expect(widths.count == 2)
        #expect(abs(widths[0] - 59.066) < 1e-9 && abs(widths[1] - 70.303) < 1e-9, "\(widths)")
        let height = UIHostingController(rootView: MeasuredTag(title: "Swift")).sizeThatFits(in: UIView.layoutFittingExpandedSize).height
        #expect(abs(height - 35.154) < 1e-9)  // 23.154 + 12
    }

    @Test("A width and an unbounded height give the wrapped text's height, as self-sizing cells ask")
    func cellHeight() {
        // "Swift Swift": 2298 + 258 (space) + 2298 = 4854 units → 82.518 pt, wider than 60 − 20 = 40:
        // it wraps after the space into two lines of 39.066 (the trailing space hangs), 2 × 23.154
        // tall; with the padding, 59.066 × 58.308.
        let size = UIHostingController(rootView: MeasuredTag(title: "Swift Swift"))
            .sizeThatFits(in: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude))
        #expect(abs(size.width - 59.066) < 1e-9 && abs(size.height - 58.308) < 1e-9, "\(size)")
    }

    @Test("A view that takes what it is offered answers the size it is given, ∞ included")
    func greedy() {
        // Color takes any proposal (probe P6 "Color offered .infinity: infxinf", mburger89/MetalUI
        // docs/probes/swiftui-layout-input-validation.swift); layoutFittingExpandedSize is
        // 10,000 × 10,000 and layoutFittingCompressedSize 0 × 0 (printed on the iPhone Simulator).
        let host = UIHostingController(rootView: Color.red)
        #expect(host.sizeThatFits(in: UIView.layoutFittingExpandedSize) == CGSize(width: 10_000, height: 10_000))
        #expect(host.sizeThatFits(in: UIView.layoutFittingCompressedSize) == .zero)
        #expect(host.sizeThatFits(in: CGSize(width: CGFloat.infinity, height: 30)) == CGSize(width: CGFloat.infinity, height: 30))
    }

    @Test("rootView can be replaced, and a view that measures itself settles before it is measured")
    func settles() {
        // WrappingChips (SelfMeasuringCompatibilityTests) at 200: three rows, 109.462 tall.
        let host = UIHostingController(rootView: WrappingChips(tags: ["Swift"]))
        host.rootView = WrappingChips(tags: ["Swift", "Linux", "Layout", "HarfBuzz", "Fonts", "Zürich"])
        let size = host.sizeThatFits(in: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
        #expect(abs(size.height - 109.462) < 1e-9, "\(size)")
    }
}
