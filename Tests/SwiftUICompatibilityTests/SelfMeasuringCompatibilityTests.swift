// Views that measure themselves, written as SwiftUI code measures itself (issue 48): chip sizes
// collected with a preference into @State and laid out in rows by offsets, the available width
// read with onGeometryChange, and a tab bar's underline placed from an anchor preference.
// Compiled with `import TextFit` alone. Text widths from hb-shape on the bundled Noto Sans
// (fonts/NotoSans-Regular.ttf, 1000 units per em), body 17 pt at the large Dynamic Type size
// (Apple's table); a line is (hhea ascender 1069 + |descender| 293) × 17 / 1000 = 23.154 pt tall.

import Testing
import TextFit

/// The size of each chip, by its title.
struct ChipSizesKey: PreferenceKey {
    static let defaultValue: [String: CGSize] = [:]
    static func reduce(value: inout [String: CGSize], nextValue: () -> [String: CGSize]) {
        value.merge(nextValue()) { $1 }
    }
}

/// Tags that wrap into rows, before `Layout` existed: each chip reports its size, the view keeps the
/// sizes and its own width in @State, and offsets every chip into greedy rows.
struct WrappingChips: View {
    let tags: [String]
    var spacing: CGFloat = 8
    @State private var sizes: [String: CGSize] = [:]
    @State private var availableWidth: CGFloat = 0

    var body: some View {
        let rows = Self.arrange(tags, sizes: sizes, width: availableWidth, spacing: spacing)
        ZStack(alignment: .topLeading) {
            ForEach(tags, id: \.self) { tag in
                Text(tag)
                    .padding(.horizontal, 8)
                    .padding(.vertical, 4)
                    .fixedSize()
                    .background(GeometryReader { proxy in
                        Color.clear.preference(key: ChipSizesKey.self, value: [tag: proxy.size])
                    })
                    .id("chip " + tag)
                    .offset(x: rows.origins[tag]?.x ?? 0, y: rows.origins[tag]?.y ?? 0)
            }
        }
        .frame(maxWidth: .infinity, alignment: .topLeading)
        .frame(height: rows.height, alignment: .top)
        .onGeometryChange(for: CGFloat.self) { proxy in
            proxy.size.width
        } action: { width in
            availableWidth = width
        }
        .onPreferenceChange(ChipSizesKey.self) { sizes = $0 }
    }

    /// Greedy rows: each chip goes on the current row if it fits, else starts the next.
    static func arrange(_ tags: [String], sizes: [String: CGSize], width: CGFloat,
                        spacing: CGFloat) -> (origins: [String: CGPoint], height: CGFloat) {
        var origins: [String: CGPoint] = [:]
        var x: CGFloat = 0, y: CGFloat = 0, rowHeight: CGFloat = 0
        for tag in tags {
            guard let size = sizes[tag] else { continue }
            if x > 0 && x + size.width > width {
                x = 0
                y += rowHeight + spacing
                rowHeight = 0
            }
            origins[tag] = CGPoint(x: x, y: y)
            x += size.width + spacing
            rowHeight = max(rowHeight, size.height)
        }
        return (origins, y + rowHeight)
    }
}

/// Where the selected tab is.
struct SelectedTabKey: PreferenceKey {
    static let defaultValue: Anchor<CGRect>? = nil
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) {
        value = value ?? nextValue()
    }
}

/// A row of tab titles with an underline under the selected one, placed from its anchor.
struct TabStrip: View {
    let titles: [String]
    let selected: String

    var body: some View {
        HStack(spacing: 20) {
            ForEach(titles, id: \.self) { title in
                Text(title)
                    .anchorPreference(key: SelectedTabKey.self, value: .bounds) { anchor in
                        title == selected ? anchor : nil
                    }
            }
        }
        .padding(.bottom, 6)
        .overlayPreferenceValue(SelectedTabKey.self) { anchor in
            GeometryReader { proxy in
                if let anchor {
                    let bounds = proxy[anchor]
                    Capsule()
                        .frame(width: bounds.width, height: 3)
                        .id("underline")
                        .offset(x: bounds.minX, y: bounds.maxY + 3)
                }
            }
        }
    }
}

@Suite("Views that measure themselves settle, as on the device (issue 48)")
struct SelfMeasuringCompatibilityTests {
    @Test("Chips that report their sizes wrap into rows, and the view is as tall as its rows")
    func wrappingChips() {
        // hb-shape advances (units): Swift 2298, Linux 2547, Layout 3179, HarfBuzz 4267, Fonts 2582,
        // Zürich 2959; × 0.017 + 16 of padding: chips 55.066, 59.299, 70.043, 88.539, 59.894, 66.303
        // wide, 23.154 + 8 = 31.154 tall. In 200 with 8 between: Swift + Linux = 122.365 (+ Layout
        // would be 200.408); Layout + HarfBuzz = 166.582 (+ Fonts 234.476); Fonts + Zürich 134.197.
        // Three rows: 3 × 31.154 + 2 × 8 = 109.462 tall. Before, neither action ran: every chip sat
        // at (0, 0) and the view was 0 tall.
        let tags = ["Swift", "Linux", "Layout", "HarfBuzz", "Fonts", "Zürich"]
        let result = WrappingChips(tags: tags).layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(abs(result.size.height - 109.462) < 1e-9, "\(result.size)")
        #expect(result.size.width == 200)
        let expected: [String: CGPoint] = [
            "Swift": CGPoint(x: 0, y: 0), "Linux": CGPoint(x: 63.066, y: 0),
            "Layout": CGPoint(x: 0, y: 39.154), "HarfBuzz": CGPoint(x: 78.043, y: 39.154),
            "Fonts": CGPoint(x: 0, y: 78.308), "Zürich": CGPoint(x: 67.894, y: 78.308),
        ]
        for (tag, origin) in expected {
            let frame = result.element(id: "chip " + tag)?.frame ?? .null
            #expect(abs(frame.minX - origin.x) < 1e-9 && abs(frame.minY - origin.y) < 1e-9, "\(tag): \(frame)")
        }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("The tab strip's underline is as wide as the selected title and sits under it")
    func tabUnderline() {
        // Titles "Swift" 39.066 and "Layout" 54.043 wide, 20 apart: "Layout" is at x 59.066, its
        // bounds 23.154 tall. The reader covers the padded strip from the origin, so proxy[anchor]
        // is (59.066, 0, 54.043, 23.154); the underline is 54.043 × 3 at (59.066, 23.154 + 3).
        let result = TabStrip(titles: ["Swift", "Layout"], selected: "Layout").layout(in: .unspecified)
        let underline = result.element(id: "underline")?.frame ?? .null
        #expect(abs(underline.minX - 59.066) < 1e-9 && abs(underline.width - 54.043) < 1e-9, "\(underline)")
        #expect(abs(underline.minY - 26.154) < 1e-9 && underline.height == 3, "\(underline)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }
}
