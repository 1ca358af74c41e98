// A podcast app's library screen, as SwiftUI code writes it: a ScrollView of an adaptive LazyVGrid
// of cover-and-title cards. Compiled with `import TextFit` alone. Text widths from hb-shape on the
// bundled Noto Sans (fonts/NotoSans-Regular.ttf, 1000 units per em) at body's 17 pt (Apple's table,
// large size); a line is (hhea ascender 1069 + |descender| 293) × 17 / 1000 = 23.154 pt tall.

import Testing
import TextFit

struct LibraryPodcast: Identifiable {
    let id: String
    var title: String { id }
}

/// The library grid: covers at least 150 wide, as many a row as fit, the title under each.
struct LibraryGrid: View {
    let podcasts: [LibraryPodcast]
    private let columns = [GridItem(.adaptive(minimum: 150), spacing: 16)]

    var body: some View {
        ScrollView {
            LazyVGrid(columns: columns, alignment: .leading, spacing: 20) {
                ForEach(podcasts) { podcast in
                    VStack(alignment: .leading, spacing: 6) {
                        RoundedRectangle(cornerRadius: 8)
                            .fill(.blue)
                            .aspectRatio(1, contentMode: .fit)
                        Text(podcast.title)
                            .lineLimit(2)
                            .id("title " + podcast.title)
                    }
                }
            }
            .padding()
        }
        .id("scroll")
    }
}

@Suite("A library screen: ScrollView of an adaptive LazyVGrid")
struct ScrollingGridCompatibilityTests {
    let podcasts = ["Swift", "Zürich", "Layout"].map(LibraryPodcast.init(id:))

    @Test("On a 390 × 844 phone: two 171-wide columns, rows as tall as cover + title, the scroll view the screen's height")
    func library() {
        // The scroll view proposes 390 × nil; padding (16) leaves 358. Apple: an adaptive item
        // "prefers to insert as many items of the minimum size as possible" — (358 + 16) ÷ (150 + 16)
        // = 2.25 → two, each (358 − 16) ÷ 2 = 171 (objc.io's rule, quiz #1). A card is offered 171 × nil:
        // the square cover fits 171 × 171 (aspectRatio(1, .fit): the whole width, 171 ≤ ∞), then 6,
        // then the title's line: 171 + 6 + 23.154 = 200.154 tall. Rows 20 apart: the third card
        // starts at 16 + 200.154 + 20 = 236.154; the grid is 200.154 × 2 + 20 = 420.308 tall.
        // Titles: "Swift" 2298 units → 39.066 wide, at the card's leading edge.
        let result = LibraryGrid(podcasts: podcasts).layout(in: ProposedViewSize(width: 390, height: 844))
        #expect(result.element(id: "scroll")?.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        let first = result.element(id: "Swift")?.frame ?? .null
        let second = result.element(id: "Zürich")?.frame ?? .null
        let third = result.element(id: "Layout")?.frame ?? .null
        #expect(abs(first.minX - 16) < 1e-9 && abs(first.minY - 16) < 1e-9 && first.width == 171, "\(first)")
        #expect(abs(first.height - 200.154) < 1e-9, "\(first)")
        #expect(abs(second.minX - 203) < 1e-9 && abs(second.minY - 16) < 1e-9, "\(second)")
        #expect(abs(third.minX - 16) < 1e-9 && abs(third.minY - 236.154) < 1e-9, "\(third)")
        let title = result.element(id: "title Swift")?.frame ?? .null
        #expect(abs(title.minX - 16) < 1e-9 && abs(title.width - 39.066) < 1e-9 && abs(title.minY - 193) < 1e-9, "\(title)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("On a short screen the cards below the fold lie outside the scroll view, which clips them")
    func belowTheFold() throws {
        let result = LibraryGrid(podcasts: podcasts).layout(in: ProposedViewSize(width: 390, height: 300))
        let scroll = try #require(result.element(id: "scroll"))
        #expect(scroll.frame.height == 300)
        #expect(result.clipsContent(scroll))
        let third = try #require(result.element(id: "Layout"))
        #expect(third.frame.maxY > scroll.frame.maxY)  // 236.154 + 200.154 > 300: cut by the scroll view
    }
}
