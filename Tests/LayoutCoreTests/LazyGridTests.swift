import Foundation
import LayoutCore
import Layouts
import Testing

// LazyVGrid and LazyHGrid with GridItem. Sources, as each test quotes them:
// - Apple's documentation of GridItem.Size: `.flexible(minimum:maximum:)` "The size of this item is
//   the size of the grid with spacing and inflexible items removed, divided by the number of flexible
//   items, clamped to the provided bounds."; `.adaptive(minimum:maximum:)` "places one or more items
//   into the space assigned to a single flexible item, using the provided bounds and spacing to
//   decide exactly how many items fit. This approach prefers to insert as many items of the minimum
//   size as possible but lets them increase to the maximum size."
// - objc.io, "SwiftUI's Grid Views" (www.objc.io/blog/2020/11/23/grid-layout/), quiz #1 and the
//   two-pass rule, and *Thinking in SwiftUI* (objc.io; summarised in github.com/kasrababaei/swift-notes).
// - Published numbers for real SwiftUI in "Predict LazyVGrid layout" (mo4tech.com, two articles:
//   flexible, and adaptive).
// Cells are rectangles 20 tall (`Rectangle().frame(height: 20)`): a cell is offered its column's
// width × nil, so it is as wide as its column.

/// A cell that fills its column's width, 20 tall.
func cell(_ id: String, height: CGFloat = 20) -> some View { Rectangle().frame(height: height).id(id) }

/// The frames of cells "0", "1", … of `result`.
func cellFrames(_ result: LayoutResult, _ count: Int) -> [CGRect] { (0..<count).map { result.frame("\($0)") } }


@Suite("LazyVGrid and LazyHGrid size their tracks as GridItem documents")
struct LazyGridTests {
    @Test("objc.io quiz #1: fixed(70) and adaptive(minimum: 40) in 200 are 70, 57 and 57 wide")
    func objcIOFixedAndAdaptive() {
        // objc.io: "The grid subtracts the fixed column widths and the spacing between columns (which
        // is the default spacing of 8 points) from the proposed width (200), leaving 122 … we can fit
        // two columns (40 + 8 + 40) into the 122 points … 122 minus 8, giving 114 points to distribute",
        // 57 each. Columns at 0, 70 + 8 = 78, 78 + 57 + 8 = 143. Six cells: two rows, 20 + 8 + 20.
        let grid = LazyVGrid(columns: [GridItem(.fixed(70)), GridItem(.adaptive(minimum: 40))]) {
            ForEach(0..<6) { cell("\($0)") }
        }
        let result = grid.frame(width: 200).layout(in: .unspecified)
        let frames = cellFrames(result, 6)
        let expected = [rect(0, 0, 70, 20), rect(78, 0, 57, 20), rect(143, 0, 57, 20),
                        rect(0, 28, 70, 20), rect(78, 28, 57, 20), rect(143, 28, 57, 20)]
        for (frame, want) in zip(frames, expected) { #expect(close(frame, want), "\(frame) ≠ \(want)") }
        #expect(result.size == CGSize(width: 200, height: 48))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("Apple: flexible items share what fixed items and spacing leave, clamped (65, 65 and a fixed 50 in 200)")
    func appleFlexible() {
        // (200 − 10 − 10 − 50) ÷ 2 = 65; a flexible(maximum: 40) beside them is clamped to 40 and the
        // other takes (200 − 20 − 50 − 40) = 90: fixed first, then in order, each offered what is left ÷
        // the items left (objc.io).
        let even = LazyVGrid(columns: [GridItem(.flexible(), spacing: 10), GridItem(.flexible(), spacing: 10), GridItem(.fixed(50))]) {
            ForEach(0..<3) { cell("\($0)") }
        }.layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(cellFrames(even, 3) == [rect(0, 0, 65, 20), rect(75, 0, 65, 20), rect(150, 0, 50, 20)])
        let clamped = LazyVGrid(columns: [GridItem(.flexible(maximum: 40), spacing: 10), GridItem(.flexible(), spacing: 10), GridItem(.fixed(50))]) {
            ForEach(0..<3) { cell("\($0)") }
        }.layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(cellFrames(clamped, 3) == [rect(0, 0, 40, 20), rect(50, 0, 90, 20), rect(150, 0, 50, 20)])
    }

    @Test("Published: adaptive(minimum: 50, maximum: 100) in 300 is five columns of 53.6")
    func publishedAdaptive() {
        // mo4tech, "Predict LazyVGrid layout" (adaptive): "adaptive can display 5 columns at most (with
        // spacing) with the minimum value of 50, minus the spacing of 300 − 4 × 8 = 268. The resulting
        // width of each column is 268 / 5 = 53.6". Starts 0, 61.6, 123.2, 184.8, 246.4.
        let result = LazyVGrid(columns: [GridItem(.adaptive(minimum: 50, maximum: 100))]) {
            ForEach(0..<5) { cell("\($0)") }
        }.layout(in: ProposedViewSize(width: 300, height: nil))
        for (k, frame) in cellFrames(result, 5).enumerated() {
            #expect(close(frame, rect(CGFloat(k) * 61.6, 0, 53.6, 20)), "\(k): \(frame)")
        }
    }

    @Test("Published: two adaptive items in 300 take 146 each: 2 columns of 69 and 3 of 43.33")
    func publishedTwoAdaptive() {
        // mo4tech: "the width of each of the two columns is (300 − 8) / 2 = 146 … the minimum value is
        // 50 … 2 columns (8 spacing). So the width of each column is (146 − 8) / 2 = 69 … the minimum
        // value is 40, the maximum display of 3 columns, the width of each column is 146 − 8 × 2 / 3 =
        // 43.33". Starts 0, 77; then 146 + 8 = 154, 154 + 43.33 + 8, … .
        let result = LazyVGrid(columns: [GridItem(.adaptive(minimum: 50, maximum: 100)), GridItem(.adaptive(minimum: 40, maximum: 100))]) {
            ForEach(0..<5) { cell("\($0)") }
        }.layout(in: ProposedViewSize(width: 300, height: nil))
        let third = 130 / CGFloat(3)
        let expected = [rect(0, 0, 69, 20), rect(77, 0, 69, 20), rect(154, 0, third, 20),
                        rect(162 + third, 0, third, 20), rect(170 + 2 * third, 0, third, 20)]
        for (frame, want) in zip(cellFrames(result, 5), expected) { #expect(close(frame, want), "\(frame) ≠ \(want)") }
        #expect(abs(result.size.width - 300) < 1e-9)
    }

    @Test("Two passes: flexible(minimum: 100) and flexible(minimum: 180) in 300 size the grid 334 and draw 163 + 8 + 180")
    func publishedTwoPasses() {
        // mo4tech, "Predict LazyVGrid layout" (flexible): "300 − 8 = 292 … 292 / 2 = 146 … the first
        // column directly uses 146 … the second column 180 … the final calculated width is 146 + 8 +
        // 180 = 334. Start rendering, (334 − 8) / 2 = 163, the first column is enough, render width is
        // 163, the second column is not enough, use 180 directly, so the final render effect is 163 +
        // 8 + 180". In a 300 frame the 334 grid is centred at (300 − 334) ÷ 2 = −17.
        let grid = LazyVGrid(columns: [GridItem(.flexible(minimum: 100)), GridItem(.flexible(minimum: 180))]) {
            ForEach(0..<2) { cell("\($0)") }
        }.id("grid")
        let result = grid.frame(width: 300).layout(in: .unspecified)
        #expect(result.frame("grid") == rect(-17, 0, 334, 20))
        #expect(cellFrames(result, 2) == [rect(-17, 0, 163, 20), rect(154, 0, 180, 20)])
    }

    @Test("Thinking in SwiftUI: flexible(minimum: 60) and (minimum: 120), 10 apart, in 200: 225 wide, drawn 107.5 + 10 + 120")
    func thinkingInSwiftUITwoPasses() {
        // objc.io (Thinking in SwiftUI): "190 / 2, which equals 95 … The second column becomes 95
        // clamped to its minimum of 120 … The overall width of the grid as calculated by the first pass
        // is 95 + 10 + 120 = 225 … shifting it (225 − 200) / 2 = 12.5 points to the left … The second
        // pass starts with 225 minus 10 spacing, or 215. The first column becomes 215 / 2 = 108" — 107.5,
        // drawn at 108 on the pixel grid; "the second column becomes 107 clamped to its minimum of 120".
        let grid = LazyVGrid(columns: [GridItem(.flexible(minimum: 60), spacing: 10), GridItem(.flexible(minimum: 120))]) {
            ForEach(0..<2) { cell("\($0)") }
        }
        let result = grid.frame(width: 200).layout(in: .unspecified)
        #expect(cellFrames(result, 2) == [rect(-12.5, 0, 107.5, 20), rect(105, 0, 120, 20)])
    }

    @Test("A row is as tall as its tallest cell; cells are centred in their slots, or aligned as the grid or GridItem says")
    func rowsAndAlignment() {
        // Two flexible columns in 100: (100 − 8) ÷ 2 = 46 each, at 0 and 54. Row 1: cells 10 and 30
        // tall → 30; row 2: a 20-tall cell → 20; rows at 0 and 30 + 8 = 38; grid 30 + 8 + 20 = 58 tall.
        // Boxes 20 wide in 46-wide columns. Centred: x 13 (and 67), the 10-tall one at y 10. With the
        // grid's .leading: x 0 and 54. A column's own alignment (.bottomTrailing) wins: x 80, y 20.
        func grid(_ alignment: HorizontalAlignment, second: Alignment? = nil) -> LayoutResult {
            LazyVGrid(columns: [GridItem(), GridItem(alignment: second)], alignment: alignment) {
                Box(width: 20, height: 10).id("0")
                Box(width: 20, height: 30).id("1")
                Box(width: 20, height: 20).id("2")
            }.layout(in: ProposedViewSize(width: 100, height: nil))
        }
        let centred = grid(.center)
        #expect(centred.size == CGSize(width: 100, height: 58))
        #expect(cellFrames(centred, 3) == [rect(13, 10, 20, 10), rect(67, 0, 20, 30), rect(13, 38, 20, 20)])
        let leading = grid(.leading)
        #expect(cellFrames(leading, 3) == [rect(0, 10, 20, 10), rect(54, 0, 20, 30), rect(0, 38, 20, 20)])
        let own = grid(.leading, second: .bottomTrailing)
        #expect(own.frame("1") == rect(80, 0, 20, 30))
        #expect(own.frame("0") == rect(0, 10, 20, 10))
    }

    @Test("LazyHGrid: rows from GridItems along the height, columns as wide as their widest cell")
    func horizontal() {
        // Rows fixed 30 and 40, 8 apart: at y 0 and 38. Cells fill down each column: 0 and 1 in the
        // first (widths 20 and 50 → 50 wide), 2 in the second (10 wide) at x 50 + 8 = 58. A cell is
        // offered nil × its row's height: boxes keep their size, centred in their slots.
        let result = LazyHGrid(rows: [GridItem(.fixed(30)), GridItem(.fixed(40))]) {
            Box(width: 20, height: 10).id("0")
            Box(width: 50, height: 40).id("1")
            Box(width: 10, height: 10).id("2")
        }.layout(in: ProposedViewSize(width: nil, height: 300))
        #expect(result.size == CGSize(width: 68, height: 78))
        #expect(cellFrames(result, 3) == [rect(15, 10, 20, 10), rect(0, 38, 50, 40), rect(58, 10, 10, 10)])
    }

    @Test("Bad items are repaired and reported, never a crash")
    func badItems() {
        let result = LazyVGrid(columns: [GridItem(.adaptive(minimum: 0)), GridItem(.fixed(-5)), GridItem(.flexible(minimum: .nan, maximum: -1))],
                               spacing: .nan) {
            ForEach(0..<3) { cell("\($0)") }
        }.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(result.diagnostics.map(\.kind) == [.invalidModifierValue], "\(result.diagnostics)")
        #expect(result.size.width.isFinite && result.size.height.isFinite)
        let none = LazyVGrid(columns: []) { cell("0") }.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(none.frame("0") == rect(0, 0, 100, 20))
        #expect(none.diagnostics.map(\.kind) == [.invalidModifierValue])
    }

    @Test("An adaptive column in a huge width makes at most LazyGridTracks' limit of columns; ∞ makes one")
    func hugeWidths() {
        let grid = LazyVGrid(columns: [GridItem(.adaptive(minimum: 1, maximum: 10), spacing: 0)]) { cell("0") }
        let huge = grid.layout(in: ProposedViewSize(width: 1e300, height: nil))
        #expect(huge.frame("0").width == 10)  // the maximum
        let infinite = AsksAt(probes: unboundedProposals) { grid }.layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(infinite.diagnostics.filter { $0.kind == .invalidSize || $0.kind == .invalidProposal }.isEmpty, "\(infinite.diagnostics)")
    }
}
