import Foundation
import Testing
import TextFit

// A long list and a long scroll view on a phone, as a person sees them: rows below the fold are
// scrolled out of view, not cut, and rows passing under the tab bar do not overlap its labels —
// they are reached by scrolling. Found with the sample app (Examples/SampleApp), whose Explore
// grid and Trips list ran past an iPhone 16 Pro's tab bar and were each reported clipped and
// overlapping.

/// Thirty rows in a list, in a tab view: far longer than any phone.
struct LongListTab: View {
    var body: some View {
        TabView {
            NavigationStack {
                List(0..<30) { row in
                    Text("Row \(row)")
                }
                .navigationTitle("Rows")
            }
            .tabItem { Label("Rows", systemImage: "list.bullet") }
            Text("Other").tabItem { Label("Other", systemImage: "star") }
        }
    }
}

/// A vertical scroll view of cards with a card whose text overflows its own clip, a badge drawn
/// over a title inside the content, and a text floating over the scroll view.
struct ScrollingCards: View {
    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                ForEach(0..<12) { index in
                    Text("Card \(index)").font(.largeTitle).frame(height: 120)
                }
                Text("Inside a clipped card").font(.title).fixedSize()
                    .frame(width: 60, height: 40).clipped().id("card")
                ZStack(alignment: .topTrailing) {
                    Text("Messages").id("title")
                    Text("99+").offset(x: 10, y: -4).id("badge")
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
        .overlay(alignment: .bottomLeading) { Text("Floating").padding().id("floating") }
    }
}

/// A scroll view in a clipped column 150 pt wide: twenty lines run past the screen's bottom, and
/// one caption is wider than the column.
struct NarrowScroller: View {
    var body: some View {
        ScrollView {
            VStack {
                ForEach(0..<20) { index in
                    Text("Line \(index)").font(.title)
                }
                Text("A caption wider than its column").fixedSize().id("wide")
            }
        }
        .frame(width: 150)
        .clipped()
        .id("column")
    }
}

@Suite("Scrolled, not cut: texts past a list's or scroll view's end on a device")
struct ScrolledFindingsTests {
    @Test("Rows of a long list below the fold and under the tab bar are not clipped or overlapping")
    func longList() throws {
        for device in [Device.iPhoneSE3, .iPhone16Pro] {
            let result = LongListTab().layout(on: device)
            let rows = result.texts.filter { $0.string.hasPrefix("Row ") }
            #expect(rows.count == 30)
            // The last rows lie past the screen's bottom (30 rows of at least 44 pt), so they were
            // clipped by the list and the screen before; the ones at the bottom edge lie under the
            // tab bar's labels (the list runs under the bar, as on iOS).
            #expect(try #require(rows.last).frame.minY > device.size(in: .portrait).height)
            #expect(result.findings.isEmpty, "\(device.name): \(result.findings)")
        }
    }

    @Test("Across a scroll view's axis a clip is a clip; past its end it is not")
    func acrossTheAxis() throws {
        let result = NarrowScroller().layout(on: .iPhoneSE3)
        let column = try #require(result.element(id: "column"))
        #expect(column.frame.width == 150)
        // The lines below the fold pass the column's clip and the screen along the scrolled axis only.
        let lines = result.texts.filter { $0.string.hasPrefix("Line ") }
        #expect(try #require(lines.last).frame.maxY > 667)
        // The caption passes the column's sides, which scrolling up and down never brings into view.
        let wide = try #require(result.text(id: "wide"))
        #expect(wide.frame.width > 150)
        #expect(wide.clip == .ancestor(path: column.path, id: "column"))
        #expect(result.findings.map(\.id) == ["wide"], "\(result.findings)")
    }

    @Test("Inside the scrolled content a clip moves with the text, and texts overlap as anywhere else")
    func insideTheContent() throws {
        let result = ScrollingCards().layout(on: .iPhoneSE3)
        // The card's text passes the card's own 60 × 40 clip, below the fold: the card scrolls with it.
        let card = try #require(result.text(id: "card"))
        #expect(card.frame.minY > 667)
        #expect(card.clip == .ancestor(path: try #require(result.element(id: "card")).path, id: "card"))
        // Two texts in the same scroll view still overlap, wherever they are scrolled to.
        #expect(try #require(result.text(id: "title")).overlaps.map(\.id) == ["badge"])
        // The floating text over the scroll view is drawn over a card's title (their line boxes
        // meet) but overlaps nothing: the cards scroll under it.
        let floating = try #require(result.text(id: "floating"))
        let under = result.texts.filter { text in
            text.string.hasPrefix("Card") && text.lineBounds.contains { line in
                floating.lineBounds.contains { $0.intersection(line).width > 1 && $0.intersection(line).height > 1 }
            }
        }
        #expect(!under.isEmpty)
        #expect(floating.overlaps.isEmpty)
        #expect(Set(result.findings.compactMap(\.id)) == ["card", "title", "badge"], "\(result.findings)")
    }

    @Test("A picture of a device's screen is the screen: rows past a list's end are not drawn and do not grow it")
    func pictureIsTheScreen() throws {
        let renderer = ImageRenderer(content: LongListTab())
        renderer.device = .iPhoneSE3
        #expect(renderer.svg.contains("viewBox=\"0 0 375 667\""))
        renderer.scale = 2
        let png = try renderer.pngData()
        // The PNG's IHDR: width and height at bytes 16–23, big-endian, 750 × 1334 pixels.
        let size = png[16..<24].reduce(into: [UInt8]()) { $0.append($1) }
        #expect(size == [0, 0, 0x02, 0xEE, 0, 0, 0x05, 0x36])
    }
}
