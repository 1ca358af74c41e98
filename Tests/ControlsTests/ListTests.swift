import Foundation
import Testing
@testable import Controls
import Typography

// Lists and forms laid out at 390 × 800 (an iPhone 14's width), checked against IOSMetrics' rows
// (docs/ios-metrics.md cites each) and hand computations written beside each expectation.
//
// Text: Noto Sans Regular (the bundled system stand-in), 1000 units per em, hhea ascender 1069,
// descender −293, line gap 0: a line is 1.362 em. Body at `.large` is 17 pt (a line 23.154 pt),
// footnote 13 pt (17.706 pt), body at `.accessibility3` 40 pt (54.48 pt). Advances from
// `hb-shape --font-funcs=ot fonts/NotoSans-Regular.ttf`: "Hello" 2426, "Apple" 2691, "FRUITS" 3316,
// "Banana" 3569 units.

let iPhoneWidth: CGFloat = 390
let screen = ProposedViewSize(width: 390, height: 800)

/// Points for `units` of a 1000-unit em at `size` points.
func pt(_ units: Double, _ size: Double) -> Double { units * size / 1000 }

/// A line of Noto Sans at `size` points.
func line(_ size: Double) -> Double { 1.362 * size }

func close(_ a: CGFloat, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(Double(a) - b) <= tolerance * max(1, abs(b)) }

func frame(_ result: LayoutResult, _ id: String) -> CGRect {
    guard let element = result.element(id: id) else { Issue.record("no element \(id)"); return .zero }
    return element.frame
}

@Suite("List and Form lay out rows, sections and separators as iOS does")
struct ListTests {
    @Test("An inset-grouped row: card 16 pt from the edges (insetSectionMargin), text 16 pt into it (insetGroupedRowHorizontalInset), 35 pt below the top (sectionSpacing), 11 pt insets (rowVerticalInset)")
    func insetGroupedRow() {
        let result = List { Text("Hello").id("hello") }.layout(in: screen)
        #expect(result.size == CGSize(width: 390, height: 800))
        let text = frame(result, "hello")
        // x = 16 + 16; row height = max(44, 23.154 + 11 + 11) = 45.154, the text centred in what the
        // insets leave: y = 35 + 11 + (45.154 − 22 − 23.154) / 2 = 46.
        #expect(close(text.minX, 32))
        #expect(close(text.minY, 46))
        #expect(close(text.width, pt(2426, 17)))
        #expect(close(text.height, line(17)))
    }

    @Test("A row is at least 44 pt high (minimumRowHeight) and its content is centred in it")
    func minimumRowHeight() {
        let result = List {
            Text("Apple").font(.footnote).id("a")
            Text("Banana").id("b")
        }.listStyle(.plain).layout(in: screen)
        let apple = frame(result, "a"), banana = frame(result, "b")
        // Plain: no section spacing, rows 16 pt from the edge (plainRowHorizontalInset). Footnote:
        // 17.706 + 22 = 39.706 < 44, so the row is 44 and the text sits at 11 + (22 − 17.706) / 2.
        #expect(close(apple.minX, 16))
        #expect(close(apple.minY, 11 + (44 - 22 - line(13)) / 2))
        // The second row starts at 44: y = 44 + 11 (45.154 − 22 − 23.154 = 0 left to centre in).
        #expect(close(banana.minY, 44 + 11))
        #expect(close(banana.minX, 16))
    }

    @Test("Rows grow with Dynamic Type: at accessibility3 a body row is its 54.48-pt line plus 22 pt of insets")
    func dynamicTypeRows() {
        let result = List {
            Text("Apple").id("a")
            Text("Banana").id("b")
        }.listStyle(.plain).dynamicTypeSize(.accessibility3).layout(in: screen)
        // Body at accessibility3 is 40 pt (Apple's table): row = 1.362 × 40 + 22 = 76.48 > 44.
        #expect(close(frame(result, "b").minY, 76.48 + 11))
        #expect(close(frame(result, "a").height, line(40)))
    }

    @Test("A long row wraps in the width the insets leave: 390 − 2 × 16 − 2 × 16 = 326 pt in insetGrouped")
    func wrappingRow() {
        let long = String(repeating: "Banana ", count: 12)
        let result = List { Text(long).id("t") }.layout(in: screen)
        let text = frame(result, "t")
        #expect(text.width <= 326 + 1e-9)
        // "Banana " × 12 is 12 × (3569 + 260) units = 781 pt at 17 pt: at least 3 lines in 326.
        #expect(text.height >= 3 * line(17) - 1e-9)
    }

    @Test("A grouped section header is footnote, uppercased, 7 pt above the card (groupedHeaderBottomPadding), aligned with the rows' text")
    func sectionHeader() {
        let result = List {
            Section("Fruits") { Text("Apple").id("apple") }
        }.layout(in: screen)
        let header = result.elements.first { $0.kind == "Text" && $0.path != result.element(id: "apple")?.path }!
        // "FRUITS" at 13 pt; band = 17.706 + 7; header at y = 35 (sectionSpacing), x = 32.
        #expect(close(header.frame.width, pt(3316, 13)))
        #expect(close(header.frame.minX, 32))
        #expect(close(header.frame.minY, 35))
        let apple = frame(result, "apple")
        #expect(close(apple.minY, 35 + line(13) + 7 + 11))
    }

    @Test("Separators: one pixel under each row but the last, from the text's leading inset to the card's trailing edge")
    func separators() {
        let result = List {
            Text("Apple")
            Text("Banana")
        }.environment(\.displayScale, 3).layout(in: screen)
        let separators = result.elements.filter { $0.kind == "_ShapeView<Rectangle, Color>" || $0.kind.contains("Rectangle") }
            .filter { $0.frame.height > 0 && $0.frame.height < 1 }
        // One separator (two rows), 1/3 pt thick (displayScale 3), x from 32 to 16 + 358 = 374.
        #expect(separators.count == 1)
        if let separator = separators.first {
            #expect(close(separator.frame.minX, 32))
            #expect(close(separator.frame.width, 374 - 32))
            #expect(close(separator.frame.height, 1.0 / 3))
            #expect(close(separator.frame.maxY, 35 + 45.154))
        }
    }

    @Test("listRowInsets replaces the row's insets; listRowSeparator(.hidden) hides its separator")
    func rowModifiers() {
        let result = List {
            Text("Apple").listRowInsets(EdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 4)).listRowSeparator(.hidden).id("a")
                .tag(1).listRowBackground(Color.yellow)
            Text("Banana")
        }.listStyle(.plain).layout(in: screen)
        let apple = frame(result, "a")
        // Insets 0 above and below: the row is max(44, 23.154) = 44, the text centred: (44 − 23.154) / 2.
        #expect(close(apple.minX, 4))
        #expect(close(apple.minY, (44 - line(17)) / 2))
        let separators = result.elements.filter { $0.kind.contains("Rectangle") && $0.frame.height > 0 && $0.frame.height <= 1 }
        #expect(separators.isEmpty)
        // A tag and a row background around the row do not hide its modifiers; the background fills
        // the row: 390 wide (plain), 44 high.
        let yellow = result.elements.filter { $0.kind == "Color" && $0.frame.size == CGSize(width: 390, height: 44) }
        #expect(yellow.count == 1)
    }

    @Test("Sections are 35 pt apart in the grouped styles (sectionSpacing); listSectionSpacing(.compact) makes it 20 (compactSectionSpacing)")
    func sectionSpacing() {
        func secondTop(_ spacing: ListSectionSpacing?) -> CGFloat {
            let list = List {
                Section { Text("Apple") }
                Section { Text("Banana").id("b") }
            }
            let result = spacing.map { AnyView(list.listSectionSpacing($0)) }.map { $0.layout(in: screen) } ?? list.layout(in: screen)
            return frame(result, "b").minY - 11
        }
        #expect(close(secondTop(nil), 35 + 45.154 + 35))
        #expect(close(secondTop(.compact), 35 + 45.154 + 20))
        #expect(close(secondTop(.custom(0)), 35 + 45.154))
    }

    @Test("A form is inset-grouped: a toggle's label wraps beside the 51 × 31 switch (switchSize), 8 pt apart (labelControlSpacing)")
    func formToggle() {
        let result = Form {
            Toggle(isOn: .constant(true)) {
                Text("Allow notifications from every app on this device").id("label")
            }
        }.layout(in: screen)
        let label = frame(result, "label")
        // Row content: x 32, width 326. Switch: 51 at the trailing end; label offered 326 − 51 − 8 = 267.
        // The label is 22667 units = 385.3 pt at 17 pt: two lines.
        #expect(close(label.minX, 32))
        #expect(label.width <= 267 + 1e-9)
        #expect(close(label.height, 2 * line(17)))
        let switchFrame = result.elements.first { $0.frame.size == IOSMetrics.switchSize }
        #expect(switchFrame != nil)
        if let switchFrame {
            #expect(close(switchFrame.frame.minX, 32 + 326 - 51))
            // Centred on the row: row = 2 × 23.154 + 22; switch y = 35 + (row − 31) / 2.
            #expect(close(switchFrame.frame.minY, 35 + (2 * line(17) + 22 - 31) / 2))
        }
    }

    @Test("List(data) makes a row per element, each with its id; a nil width answers the content's ideal width")
    func dataRows() {
        struct Fruit: Identifiable { let id: String }
        let result = List([Fruit(id: "Apple"), Fruit(id: "Banana")]) { Text($0.id) }.listStyle(.plain)
            .layout(in: ProposedViewSize(width: nil, height: nil))
        #expect(result.element(id: "Apple") != nil)
        #expect(result.element(id: "Banana") != nil)
        // Ideal: the widest row (Banana, 3569 units at 17) plus 2 × 16; height two rows of 45.154.
        #expect(close(result.size.width, pt(3569, 17) + 32))
        #expect(close(result.size.height, 2 * (line(17) + 22)))
    }

    @Test("Values no list can use are replaced by their defaults and reported as invalidModifierValue, never NaN")
    func badValues() {
        let result = List {
            Text("Apple").listRowInsets(EdgeInsets(top: .nan, leading: 4, bottom: 0, trailing: .infinity)).id("a")
        }
        .listStyle(.plain)
        .listSectionSpacing(-3)
        .environment(\.defaultMinListRowHeight, .nan)
        .layout(in: screen)
        let kinds = result.diagnostics.map(\.kind)
        let reported = result.diagnostics.filter { $0.kind == .invalidModifierValue }
        #expect(reported.count == 1)
        for name in ["listSectionSpacing", "defaultMinListRowHeight", "listRowInsets"] {
            #expect(reported.first?.message.contains(name) == true, "\(name) not reported: \(reported)")
        }
        #expect(!kinds.contains(.invalidSize))
        // The NaN top inset is the style's 11, the bottom 0; the minimum row height 44 (not NaN): the
        // text centred in what the insets leave, y = 11 + (44 − 11 − 23.154) / 2.
        let apple = frame(result, "a")
        #expect(close(apple.minY, 11 + (44 - 11 - line(17)) / 2))
        #expect(close(apple.minX, 4))
    }

    @Test("A collapsed section (Section(_:isExpanded:)) shows its header alone")
    func collapsedSection() {
        let result = List {
            Section("Fruit", isExpanded: .constant(false)) { Text("Apple").id("a") }
        }.layout(in: screen)
        #expect(result.element(id: "a") == nil)
        #expect(result.elements.filter { $0.kind == "Text" }.count == 1)
    }

    @Test("Right to left: a row's text and a toggle's switch mirror (text at 390 − 32 − its width, the switch at 32)")
    func rightToLeft() throws {
        let result = Form {
            Text("Hello").id("hello")
            Toggle(isOn: .constant(true)) { Text("Apple").id("apple") }
        }.environment(\.layoutDirection, .rightToLeft).layout(in: screen)
        let hello = frame(result, "hello")
        #expect(close(hello.maxX, 390 - 32))
        let switchFrame = try #require(result.elements.first { $0.frame.size == IOSMetrics.switchSize })
        #expect(close(switchFrame.frame.minX, 32))
        #expect(close(frame(result, "apple").maxX, 390 - 32))
    }

    @Test("Section headers grow with Dynamic Type: footnote is 13 pt at large, 19 at xxxLarge (Apple's table)")
    func headerDynamicType() throws {
        for (size, points) in [(DynamicTypeSize.large, 13.0), (.xxxLarge, 19.0)] {
            let result = List {
                Section("Fruits") { Text("Apple").id("apple") }
            }.dynamicTypeSize(size).layout(in: screen)
            let header = try #require(result.elements.first { $0.kind == "Text" && $0.id != "apple" })
            #expect(close(header.frame.height, line(points)))
            #expect(close(header.frame.width, pt(3316, points)))
        }
    }

    @Test("listRowSeparatorLeading: a row's separator starts where the row says (its title past an icon)")
    func separatorLeadingGuide() throws {
        let result = List {
            HStack(spacing: 8) {
                Color.red.frame(width: 30, height: 30)
                Text("Apple").alignmentGuide(.listRowSeparatorLeading) { $0[.leading] }
            }
            Text("Banana")
        }.layout(in: screen)
        let separator = try #require(result.elements.first { $0.kind.contains("Rectangle") && $0.frame.height == 1 })
        // 32 (card 16 + row 16) + 30 (the icon) + 8: the title's leading edge; to the card's edge, 374.
        #expect(close(separator.frame.minX, 70))
        #expect(close(separator.frame.maxX, 374))
    }
}
