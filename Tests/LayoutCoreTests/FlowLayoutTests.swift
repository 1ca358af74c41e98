import Foundation
import LayoutCore
import Layouts
import Testing

// Tags stand in for text of different sizes: a box with an explicit first (and last) baseline,
// padded (padding moves the baseline down by the top inset), or `TextLike`, which wraps.

/// A tag: a `width × height` box whose baselines are at `ascent`, padded by `padding` on every edge.
private func tag(_ id: String, _ width: CGFloat, _ height: CGFloat, ascent: CGFloat, padding: CGFloat = 0) -> some View {
    Box(width: width, height: height)
        .alignmentGuide(.firstTextBaseline) { _ in ascent }
        .alignmentGuide(.lastTextBaseline) { _ in ascent }
        .padding(padding)
        .id(id)
}

/// A leaf that answers its proposal on each axis, or its ideal size for `nil` (a flexible view).
private struct Answering: LeafView {
    var ideal: CGSize
    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        CGSize(width: proposal.width ?? ideal.width, height: proposal.height ?? ideal.height)
    }
}

private var rtl: EnvironmentValues {
    var environment = EnvironmentValues()
    environment.layoutDirection = .rightToLeft
    return environment
}

/// The flow's items (elements named `ids`, in reading order) split into rows: a new row starts
/// where an item goes back towards the leading edge (left in LTR, right in RTL) — read from the
/// frames alone, independent of the vertical placement under test.
private func rows(_ result: LayoutResult, _ ids: [String]) -> [[String]] {
    var rows: [[String]] = []
    var previous: CGRect?
    for id in ids {
        let frame = result.frame(id)
        if result.element(id: id)?.isHidden == true { continue }
        let goesBack = previous.map { result.layoutDirection == .leftToRight ? frame.minX < $0.maxX : frame.maxX > $0.minX } ?? true
        if goesBack { rows.append([id]) } else { rows[rows.count - 1].append(id) }
        previous = frame
    }
    return rows
}

/// Where an element's first baseline is, in root coordinates.
private func baselineY(_ result: LayoutResult, _ id: String) -> CGFloat {
    guard let e = result.element(id: id) else { return .nan }
    return e.frame.minY + e.firstTextBaseline
}

/// The proposal the leaf named `id` was placed with.
private func placedProposal(_ result: LayoutResult, _ id: String) -> ProposedViewSize? {
    (0..<result.count).first { result[$0].id == id }.flatMap { result.leaf(at: $0)?.proposal }
}

@Suite("Flow layout: rows, baselines, reflow, overflow, alignment")
struct FlowLayoutTests {
    /// t0 34 × 24 (box 30 × 20 padded 2), baseline 15 + 2 = 17; t1 20 × 40, baseline 30;
    /// t2 20 × 20 (10 × 10 padded 5), baseline 8 + 5 = 13; t3 52 × 18 (50 × 16 padded 1), baseline 13.
    static var mixedTags: some View {
        FlowLayout(spacing: 4, lineSpacing: 6) {
            tag("t0", 30, 20, ascent: 15, padding: 2)
            tag("t1", 20, 40, ascent: 30)
            tag("t2", 10, 10, ascent: 8, padding: 5)
            tag("t3", 50, 16, ascent: 12, padding: 1)
        }
    }

    @Test("Tags of different sizes and paddings share the row's first baseline (hand-computed frames)")
    func baselineRowsByHand() {
        // Width 100: 34 + 4 + 20 = 58, + 4 + 20 = 82 fits; + 4 + 52 = 138 does not → rows [t0 t1 t2], [t3].
        // Row 1: ascent max(17, 30, 13) = 30, descent max(24 − 17, 40 − 30, 20 − 13) = 10 → height 40.
        // y = 30 − baseline: t0 13, t1 0, t2 17; x 0, 38, 62. Row 2 top 40 + 6 = 46: t3 at y 46.
        // Size: widest row 82 × (40 + 6 + 18) = 64.
        let result = Self.mixedTags.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(result.size == CGSize(width: 82, height: 64))
        #expect(result.frame("t0") == rect(0, 13, 34, 24))
        #expect(result.frame("t1") == rect(38, 0, 20, 40))
        #expect(result.frame("t2") == rect(62, 17, 20, 20))
        #expect(result.frame("t3") == rect(0, 46, 52, 18))
        for id in ["t0", "t1", "t2"] { #expect(baselineY(result, id) == 30) }
        // The flow's own first baseline is its first row's; its last baseline its last row's.
        #expect(result.root.firstTextBaseline == 30)
        #expect(close(result.root.lastTextBaseline, 46 + 13))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("Right-to-left: the engine mirrors the same rows (t0 at the right edge)")
    func rightToLeftByHand() {
        // Mirrored in the 82-wide flow: x' = 82 − maxX → t0 48, t1 24, t2 0, t3 30.
        let result = Self.mixedTags.layout(in: ProposedViewSize(width: 100, height: nil), environment: rtl)
        #expect(result.frame("t0") == rect(48, 13, 34, 24))
        #expect(result.frame("t1") == rect(24, 0, 20, 40))
        #expect(result.frame("t2") == rect(0, 17, 20, 20))
        #expect(result.frame("t3") == rect(30, 46, 52, 18))
        #expect(result.diagnostics.isEmpty)
    }

    /// Forty tags cycling through six "text styles" (11 pt caption to 34 pt large title: height ≈ 1.2 ×
    /// size, ascent ≈ 0.95 × size) and three paddings, with widths 3–9 × the size.
    static func tagCloud(scale: CGFloat, _ layout: FlowLayout = FlowLayout(spacing: 6, lineSpacing: 4)) -> (AnyView, [String]) {
        let sizes: [CGFloat] = [11, 13, 17, 20, 28, 34]
        let ids = (0..<40).map { "tag\($0)" }
        let flow = layout {
            ForEach(0..<40) { i in
                let size = sizes[i % sizes.count] * scale
                TextLike(idealWidth: size * CGFloat(3 + (i * 5) % 7), lineHeight: size * 1.2, ascent: size * 0.95)
                    .id("leaf\(i)")
                    .padding(CGFloat([2, 6, 10][i % 3]))
                    .id(ids[i])
            }
        }
        return (flow, ids)
    }

    @Test("In every row of a mixed tag cloud, minY + firstTextBaseline is equal (1e-9), LTR and RTL, RTL mirroring LTR",
          arguments: [0.8, 1.0, 1.5, 2.5])
    func baselinesShared(scale: CGFloat) {
        let (cloud, ids) = Self.tagCloud(scale: scale)
        let p = ProposedViewSize(width: 400, height: nil)
        let ltr = cloud.layout(in: p)
        let mirrored = cloud.layout(in: p, environment: rtl)
        let ltrRows = rows(ltr, ids)
        #expect(ltrRows.count > 1)
        #expect(rows(mirrored, ids) == ltrRows)
        for result in [ltr, mirrored] {
            for row in ltrRows {
                let line = baselineY(result, row[0])
                for id in row { #expect(abs(baselineY(result, id) - line) <= 1e-9, "\(id) in row \(row) at scale \(scale)") }
            }
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        }
        for id in ids {
            let l = ltr.frame(id), r = mirrored.frame(id)
            #expect(close(r, rect(ltr.size.width - l.maxX, l.minY, l.width, l.height)), "\(id)")
        }
    }

    @Test("Reflow as tags grow (Dynamic Type): rows never decrease; nothing leaves the width unless wider on its own, which is proposed the row width")
    func reflow() {
        let width: CGFloat = 300
        var previousRows = 0
        for scale: CGFloat in [0.8, 1, 1.2, 1.5, 2, 2.5, 3, 4, 6] {
            let (cloud, ids) = Self.tagCloud(scale: scale)
            let result = cloud.layout(in: ProposedViewSize(width: width, height: nil))
            let rowCount = rows(result, ids).count
            #expect(rowCount >= previousRows, "scale \(scale): \(rowCount) rows after \(previousRows)")
            previousRows = rowCount
            let sizes: [CGFloat] = [11, 13, 17, 20, 28, 34]
            for i in 0..<40 {
                let padding = CGFloat([2, 6, 10][i % 3])
                let ideal = sizes[i % sizes.count] * scale * CGFloat(3 + (i * 5) % 7) + 2 * padding
                let frame = result.frame(ids[i])
                // TextLike wraps to whatever it is proposed, so every tag stays inside the width…
                #expect(frame.minX >= -1e-9 && frame.maxX <= width + 1e-9, "scale \(scale) \(ids[i]) \(frame)")
                // …and one wider than the width on its own was proposed the row width (less its padding).
                let proposal = placedProposal(result, "leaf\(i)")
                if ideal > width {
                    #expect(proposal == ProposedViewSize(width: width - 2 * padding, height: nil), "scale \(scale) \(ids[i])")
                    #expect(frame.minX == 0)
                } else {
                    #expect(proposal == .unspecified, "scale \(scale) \(ids[i])")
                }
            }
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        }
        #expect(previousRows > 10)
    }

    @Test("An over-wide item gets a row of its own and is proposed the row width; it is placed with that proposal")
    func overWideItem() {
        // Width 100. The flexible leaf's ideal is 300 × 12 > 100 → proposed 100 × nil, answers 100 × 12.
        // Rows: [a 30], [wide 100], [b 30]; spacing 5, line spacing 5 → y 0, 15, 32.
        let result = FlowLayout(verticalAlignment: .top, spacing: 5, lineSpacing: 5) {
            Box(width: 30, height: 10).id("a")
            Answering(ideal: CGSize(width: 300, height: 12)).id("wide")
            Box(width: 30, height: 10).id("b")
        }.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(result.frame("a") == rect(0, 0, 30, 10))
        #expect(result.frame("wide") == rect(0, 15, 100, 12))
        #expect(result.frame("b") == rect(0, 32, 30, 10))
        #expect(placedProposal(result, "wide") == ProposedViewSize(width: 100, height: nil))
        #expect(result.size == CGSize(width: 100, height: 42))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("A wrapped over-wide text's first baseline still lines up (its row is its own: ascent from the wrapped size)")
    func overWideText() {
        // TextLike 250 wide in 100: proposed 100 → 3 lines, 100 × 48, first baseline 12, last 2 × 16 + 12 = 44.
        let result = FlowLayout(verticalAlignment: .lastTextBaseline, spacing: 4, lineSpacing: 0) {
            TextLike(idealWidth: 250).id("long")
        }.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(result.frame("long") == rect(0, 0, 100, 48))
        #expect(result.root.lastTextBaseline == 44)
    }

    @Test("Vertical alignment by any guide: top, center, bottom", arguments: [
        (VerticalAlignment.top, [0.0, 0.0]), (.center, [10.0, 0.0]), (.bottom, [20.0, 0.0]),
    ])
    func verticalGuides(guide: VerticalAlignment, ys: [Double]) {
        // 10 × 10 next to 10 × 30: row height 30; the short box at 0 (top), 15 − 5 (centre), 30 − 10 (bottom).
        let result = FlowLayout(verticalAlignment: guide, spacing: 0) {
            Box(width: 10, height: 10).id("short")
            Box(width: 10, height: 30).id("tall")
        }.layout(in: .unspecified)
        #expect(result.frame("short").minY == CGFloat(ys[0]))
        #expect(result.frame("tall").minY == CGFloat(ys[1]))
        #expect(result.size == CGSize(width: 20, height: 30))
    }

    @Test("Last text baselines: a two-line tag's last line sits on the row's line")
    func lastBaselines() {
        // TextLike 80 at its ideal: 1 line, last baseline 12. TextLike 120 with a frame of width 60:
        // 2 lines, 60 × 32, last baseline 16 + 12 = 28 → row ascent 28; the one-liner at y 28 − 12 = 16.
        let result = FlowLayout(verticalAlignment: .lastTextBaseline, spacing: 4) {
            TextLike(idealWidth: 80).id("one")
            TextLike(idealWidth: 120).frame(width: 60).id("two")
        }.layout(in: .unspecified)
        #expect(result.frame("one") == rect(0, 16, 80, 16))
        #expect(result.frame("two") == rect(84, 0, 60, 32))
        #expect(baselineY(result, "two") == 12)  // its first baseline; the last ones meet at 28
        #expect(result.frame("one").minY + result.element(id: "one")!.lastTextBaseline == 28)
    }

    @Test("Spacing: the subviews' ViewSpacing when not given (text next to text 2 pt, to a box 8 pt), separately per axis")
    func preferredSpacing() {
        // Width 60: [x 20][2][y 20][8][box 10] = 60 fits; [z 20] on the next row. Rows: TextLike (x, y)
        // and a box over TextLike (z): the largest preference between them is 8 (box to text).
        // Row 1 height 16 (TextLike) — top-aligned; row 2 at 16 + 8 = 24.
        let result = FlowLayout(verticalAlignment: .top) {
            TextLike(idealWidth: 20).id("x")
            TextLike(idealWidth: 20).id("y")
            Box(width: 10, height: 10).id("box")
            TextLike(idealWidth: 20).id("z")
        }.layout(in: ProposedViewSize(width: 60, height: nil))
        #expect(result.frame("y").minX == 22)
        #expect(result.frame("box").minX == 50)
        #expect(result.frame("z") == rect(0, 24, 20, 16))
        // Only text on both rows: 2 pt between the rows too.
        let text = FlowLayout(verticalAlignment: .top) {
            TextLike(idealWidth: 30).id("p")
            TextLike(idealWidth: 30).id("q")
        }.layout(in: ProposedViewSize(width: 40, height: nil))
        #expect(text.frame("q") == rect(0, 18, 30, 16))
        // Explicit spacing wins on each axis independently.
        let given = FlowLayout(verticalAlignment: .top, spacing: 7, lineSpacing: 1) {
            TextLike(idealWidth: 30).id("p")
            TextLike(idealWidth: 30).id("q")
            TextLike(idealWidth: 30).id("r")
        }.layout(in: ProposedViewSize(width: 70, height: nil))
        #expect(given.frame("q") == rect(37, 0, 30, 16))
        #expect(given.frame("r") == rect(0, 17, 30, 16))
    }

    /// Items 30, 20, 30 | 40, 10 | 50, 45 (height 10) at width 100 with spacing 5: row 1 90 wide
    /// (+ 5 + 40 = 135 > 100), row 2 55 (+ 5 + 50 = 110), row 3 50 + 5 + 45 = 100. Flow 100 wide.
    static func aligned(_ alignment: FlowLayout.RowAlignment) -> LayoutResult {
        FlowLayout(alignment: alignment, spacing: 5, lineSpacing: 0) {
            ForEach(Array([30, 20, 30, 40, 10, 50, 45].enumerated()), id: \.offset) { (i, w) in Box(width: CGFloat(w), height: 10).id("i\(i)") }
        }.layout(in: ProposedViewSize(width: 100, height: nil))
    }

    @Test("Justified rows spread the spare width between items; the last row stays leading")
    func justified() {
        // Row 1 spare 10 over 2 gaps → +5 each: x 0, 40, 70. Row 2 spare 45 over 1 gap: x 0, 90.
        // Row 3 (last): 0, 55.
        let result = Self.aligned(.justified)
        #expect(result.size == CGSize(width: 100, height: 30))
        #expect([0, 1, 2].map { result.frame("i\($0)").minX } == [0, 40, 70])
        #expect(result.frame("i2").maxX == 100)
        #expect([3, 4].map { result.frame("i\($0)").minX } == [0, 90])
        #expect([5, 6].map { result.frame("i\($0)").minX } == [0, 55])
    }

    @Test("Leading, centred and trailing rows")
    func rowAlignment() {
        // Row 2 is 55 wide in 100: leading at 0, centred at 22.5, trailing at 45 (then + 45 for i4).
        #expect(Self.aligned(.leading).frame("i3").minX == 0)
        #expect(Self.aligned(.center).frame("i3").minX == 22.5)
        #expect(Self.aligned(.center).frame("i0").minX == 5)
        #expect(Self.aligned(.trailing).frame("i3").minX == 45)
        #expect(Self.aligned(.trailing).frame("i4").maxX == 100)
    }

    @Test("maxRows hides the rest and ends the last row with the '+N more' element for the exact count, dropping items until it fits")
    func overflowDropsUntilFits() {
        // 10 items 30 wide, spacing 10, width 100: 2 a row (70; + 40 = 110) → 5 rows. maxRows 2 keeps
        // items 0–3, hiding 6. "+6" is 20 + 6 = 26 wide: 70 + 10 + 26 = 106 > 100 → drop item 3 (hidden 7):
        // 30 + 10 + 27 = 67 fits. Shown: 0, 1, 2 and "+7 more" at x 40 on row 2 (y 20 + 5 = 25).
        let result = FlowLayout(verticalAlignment: .top, spacing: 10, lineSpacing: 5, maxRows: 2) {
            ForEach(0..<10) { i in Box(width: 30, height: 20).id("item\(i)") }
        } overflow: { hidden in
            Box(width: CGFloat(20 + hidden), height: 20).id("more\(hidden)")
        }.layout(in: ProposedViewSize(width: 100, height: nil))
        let shownItems = (0..<10).filter { result.element(id: "item\($0)")?.isHidden == false }
        #expect(shownItems == [0, 1, 2])
        let shownIndicators = (1...10).filter { result.element(id: "more\($0)")?.isHidden == false }
        #expect(shownIndicators == [7])
        #expect(shownIndicators == [10 - shownItems.count])  // the hidden count is right
        #expect(result.frame("more7") == rect(40, 25, 27, 20))
        #expect(result.frame("item2") == rect(0, 25, 30, 20))
        #expect(result.size == CGSize(width: 70, height: 45))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    /// Dropping items for the overflow element recounted the whole last row at each drop: k drops
    /// from an n-item row cost O(n·k) (160,000 boxes: 9.3 s of `textfit layout` in a release build).
    /// The drops now read sums made once; their growth with n is measured by `make bench` (group
    /// `scaling`, the FlowLayout line), not here. This checks the result of thousands of drops:
    /// 8,000 boxes 1 wide, spacing 0, width 4,000: row 1 holds items 0–3,999 (4,000 wide), hiding
    /// 4,000. The element is 2,000 wide for every count, so it fits once the row is 2,000 wide:
    /// 2,000 drops, items 0–1,999 shown and "+6,000" at x 2,000.
    @Test("maxRows: thousands of drops for a wide overflow element show the right items, count and frame")
    func overflowDropsManyItems() {
        let n = 8_000
        let result = FlowLayout(verticalAlignment: .top, spacing: 0, maxRows: 1) {
            ForEach(0..<n) { i in Box(width: 1, height: 1).id("item\(i)") }
        } overflow: { hidden in
            Box(width: 2_000, height: 1).id("more\(hidden)")
        }.layout(in: ProposedViewSize(width: 4_000, height: nil))
        #expect((0..<n).filter { result.element(id: "item\($0)")?.isHidden == false } == Array(0..<2_000))
        #expect((1...n).filter { result.element(id: "more\($0)")?.isHidden == false } == [6_000])
        #expect(result.frame("more6000") == rect(2_000, 0, 2_000, 1))
        #expect(result.frame("item1999") == rect(1_999, 0, 1, 1))
        #expect(result.size == CGSize(width: 4_000, height: 1))
    }

    @Test("maxRows: the overflow element fits without dropping; with no truncation none is shown")
    func overflowFits() {
        // Indicator 10 wide: row 2 70 + 10 + 10 = 90 fits → hidden 6, "+6" at x 80.
        func flow(_ maxRows: Int) -> LayoutResult {
            FlowLayout(verticalAlignment: .top, spacing: 10, lineSpacing: 5, maxRows: maxRows) {
                ForEach(0..<10) { i in Box(width: 30, height: 20).id("item\(i)") }
            } overflow: { hidden in
                Box(width: 10, height: 20).id("more\(hidden)")
            }.layout(in: ProposedViewSize(width: 100, height: nil))
        }
        let two = flow(2)
        #expect((1...10).filter { two.element(id: "more\($0)")?.isHidden == false } == [6])
        #expect(two.frame("more6") == rect(80, 25, 10, 20))
        #expect((0..<10).filter { two.element(id: "item\($0)")?.isHidden == true }.count == 6)
        let all = flow(5)  // exactly 5 rows: nothing hidden, no indicator
        #expect((1...10).allSatisfy { all.element(id: "more\($0)")?.isHidden == true })
        #expect((0..<10).allSatisfy { all.element(id: "item\($0)")?.isHidden == false })
        #expect(close(all.size.height, 5 * 20 + 4 * 5))
    }

    @Test("maxRows with text-like labels: a longer label for a larger count is measured, and the count stays right as the width changes",
          arguments: [60.0, 90.0, 130.0, 200.0, 260.0])
    func overflowCountsAtWidths(width: Double) {
        let widths: [CGFloat] = [40, 25, 60, 35, 50, 20, 45, 70, 30, 55, 40, 25]
        let result = FlowLayout(spacing: 6, lineSpacing: 4, maxRows: 2) {
            ForEach(Array(widths.enumerated()), id: \.offset) { (i, w) in TextLike(idealWidth: w).id("tag\(i)") }
        } overflow: { hidden in
            TextLike(idealWidth: hidden >= 10 ? 52 : 46).id("more\(hidden)")  // "+N more": wider for two digits
        }.layout(in: ProposedViewSize(width: CGFloat(width), height: nil))
        let hiddenItems = widths.indices.filter { result.element(id: "tag\($0)")?.isHidden == true }
        let indicators = (1...widths.count).filter { result.element(id: "more\($0)")?.isHidden == false }
        if hiddenItems.isEmpty {
            #expect(indicators.isEmpty)
        } else {
            #expect(indicators == [hiddenItems.count], "width \(width)")
            #expect(hiddenItems == Array(widths.indices.suffix(hiddenItems.count)))  // hidden from the end
            #expect(result.frame("more\(hiddenItems.count)").maxX <= CGFloat(width) + 1e-9)
        }
        #expect(rows(result, widths.indices.map { "tag\($0)" }).count <= 2)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("Balanced rows keep the greedy row count and even out the widths")
    func balanced() {
        // Five 40-wide items, no spacing, width 170: greedy 4 + 1 (160, 40); balanced 3 + 2 (120, 80).
        func flow(_ breaking: FlowLayout.RowBreaking) -> LayoutResult {
            FlowLayout(verticalAlignment: .top, spacing: 0, lineSpacing: 0, rowBreaking: breaking) {
                ForEach(0..<5) { i in Box(width: 40, height: 20).id("b\(i)") }
            }.layout(in: ProposedViewSize(width: 170, height: nil))
        }
        let greedy = flow(.greedy), balanced = flow(.balanced)
        #expect(greedy.frame("b3") == rect(120, 0, 40, 20))
        #expect(greedy.frame("b4") == rect(0, 20, 40, 20))
        #expect(greedy.size == CGSize(width: 160, height: 40))
        #expect(balanced.frame("b2") == rect(80, 0, 40, 20))
        #expect(balanced.frame("b3") == rect(0, 20, 40, 20))
        #expect(balanced.frame("b4") == rect(40, 20, 40, 20))
        #expect(balanced.size == CGSize(width: 120, height: 40))
        #expect(balanced.diagnostics.isEmpty)
    }

    @Test("Balanced rows with uneven items: never more rows than greedy, widest row no wider", arguments: [120.0, 150.0, 200.0, 333.0])
    func balancedNeverWorse(width: Double) {
        let widths: [CGFloat] = [45, 12, 80, 33, 27, 60, 18, 52, 40, 71, 9, 38, 66, 24]
        func flow(_ breaking: FlowLayout.RowBreaking) -> LayoutResult {
            FlowLayout(spacing: 5, rowBreaking: breaking) {
                ForEach(Array(widths.enumerated()), id: \.offset) { (i, w) in Box(width: w, height: 10).id("w\(i)") }
            }.layout(in: ProposedViewSize(width: CGFloat(width), height: nil))
        }
        let ids = widths.indices.map { "w\($0)" }
        let greedy = flow(.greedy), balanced = flow(.balanced)
        #expect(rows(balanced, ids).count == rows(greedy, ids).count)
        #expect(balanced.size.width <= greedy.size.width)
        #expect(balanced.size.height == greedy.size.height)
        #expect(rows(balanced, ids).flatMap { $0 } == ids)  // reading order kept
    }

    @Test("startsNewRow forces a break, even when the item would fit")
    func startsNewRow() {
        // 3 items 20 wide in 100: one row; with b forced: [a], [b c] with line spacing 3.
        let result = FlowLayout(verticalAlignment: .top, spacing: 4, lineSpacing: 3) {
            Box(width: 20, height: 10).id("a")
            Box(width: 20, height: 10).id("b").startsNewRow()
            Box(width: 20, height: 10).id("c")
        }.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(result.frame("b") == rect(0, 13, 20, 10))
        #expect(result.frame("c") == rect(24, 13, 20, 10))
        #expect(result.size == CGSize(width: 44, height: 23))
        // A nil width is one row, except forced breaks.
        let unlimited = FlowLayout(spacing: 4) {
            Box(width: 20, height: 10).id("a")
            Box(width: 20, height: 10).id("b").startsNewRow(false)
            Box(width: 20, height: 10).id("c")
        }.layout(in: .unspecified)
        #expect(unlimited.frame("c").minX == 48)
    }

    @Test("One row plan: the reported size is the extent of the placed frames, and measuring twice answers the same")
    func sizeMatchesPlacement() {
        for width: CGFloat in [50, 120, 333, 1000] {
            for breaking in [FlowLayout.RowBreaking.greedy, .balanced] {
                let (element, ids) = Self.tagCloud(scale: 1.3, FlowLayout(alignment: .justified, spacing: 5, lineSpacing: 5, rowBreaking: breaking))
                let result = element.layout(in: ProposedViewSize(width: width, height: nil))
                let union = ids.map { result.frame($0) }.reduce(CGRect.null) { $0.union($1) }
                #expect(close(union.maxY, result.size.height), "width \(width) \(breaking)")
                #expect(union.maxX <= result.size.width + 1e-9)
                #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
            }
        }
    }

    @Test("The cache holds measurements only: a relayout at other widths asks no item anything but its ideal size")
    func cacheIsMeasurementsOnly() {
        let made = Counter(), asked = Counter()
        let flow = CountingCache(inner: FlowLayout(alignment: .center, spacing: 3, rowBreaking: .balanced), made: made) {
            ForEach(0..<12) { i in ProbedBox(width: CGFloat(10 + i * 3), height: 10, nonIdealQuestions: asked).id("p\(i)") }
        }
        let tree = LayoutTree(flow)
        var heights: [CGFloat] = []
        for width: CGFloat in [60, 200, 60, 95] { heights.append(tree.layout(in: ProposedViewSize(width: width, height: nil)).size.height) }
        #expect(heights[0] == heights[2])  // same proposal, same answer: no state carried between passes
        #expect(made.value == 1)
        #expect(asked.value == 0)
    }

    @Test("A negative spacing is honoured: items overlap, and a row is as wide as its furthest right edge")
    func negativeSpacing() {
        // 40 × 20 boxes, spacing −10: lefts 0, 30, 60, right edge 100 — three fit a 100 width (clamped
        // to 0 they needed 120 and took two rows). lineSpacing −5 overlaps the rows: the fourth box
        // starts a row at y 20 − 5 = 15; height 35.
        let result = FlowLayout(verticalAlignment: .top, spacing: -10, lineSpacing: -5) {
            ForEach(["a", "b", "c", "d"], id: \.self) { id in Box(width: 40, height: 20).id(id) }
        }.layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(result.frame("a") == rect(0, 0, 40, 20))
        #expect(result.frame("b") == rect(30, 0, 40, 20))
        #expect(result.frame("c") == rect(60, 0, 40, 20))
        #expect(result.frame("d") == rect(0, 15, 40, 20))
        #expect(result.size == CGSize(width: 100, height: 35))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")

        // Spacing −50, wider than a box: lefts 0, −10, −20; right edges 40, 30, 20 → the row is 40 wide
        // (not 40 − 50 + 40 − 50 + 40 = 20), and all three fit a 40 width.
        let overlapping = FlowLayout(verticalAlignment: .top, spacing: -50) {
            ForEach(["a", "b", "c"], id: \.self) { id in Box(width: 40, height: 20).id(id) }
        }.layout(in: ProposedViewSize(width: 40, height: nil))
        #expect(overlapping.size == CGSize(width: 40, height: 20))
        #expect(overlapping.frame("c") == rect(-20, 0, 40, 20))
    }

    @Test("Balanced rows with a negative spacing keep the greedy row count and even out")
    func negativeSpacingBalanced() {
        // Four 40 × 20 boxes, spacing −10, width 120: greedy rows [a b c] (100) and [d]; balanced
        // keeps two rows, the narrowest widest row being two boxes, 40 − 10 + 40 = 70. lineSpacing 5:
        // height 20 + 5 + 20 = 45.
        let result = FlowLayout(verticalAlignment: .top, spacing: -10, lineSpacing: 5, rowBreaking: .balanced) {
            ForEach(["a", "b", "c", "d"], id: \.self) { id in Box(width: 40, height: 20).id(id) }
        }.layout(in: ProposedViewSize(width: 120, height: nil))
        #expect(result.size == CGSize(width: 70, height: 45))
        #expect(result.frame("b") == rect(30, 0, 40, 20))
        #expect(result.frame("c") == rect(0, 25, 40, 20))
        #expect(result.frame("d") == rect(30, 25, 40, 20))
    }
}
