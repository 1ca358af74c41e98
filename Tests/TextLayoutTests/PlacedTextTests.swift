import Foundation
import LayoutCore
import Layouts
import Testing
@testable import TextLayout

// Every text reports its fit (`LayoutResult.texts`, `findings`). Expected values by hand, from
// hb-shape advances of Noto Sans Regular (1000 units per em; TextLeafSupport.swift's header):
// a 561, b 615, space 260, "…" 791; at 17 pt (body, .large) a unit is 0.017 pt and a line is
// 23.154 pt high, its baseline 18.173 pt from the top (ascent 18.173, descent 4.981).
//
//   "aaaa"            4 × 561           = 2244 units = 38.148 pt
//   "bbbb"            4 × 615           = 2460 units = 41.82 pt
//   "aaaa bbbb"       2244 + 260 + 2460 = 4964 units = 84.388 pt
//   "aaaa bbbb aaaa"  4964 + 260 + 2244 = 7468 units = 126.956 pt
//   "aaaa aaaa"       2244 + 260 + 2244 = 4748 units = 80.716 pt
//   "aaaa aaaa aaaa"  4748 + 260 + 2244 = 7252 units = 123.284 pt
//   "…"               791 units = 13.447 pt
// Break opportunities (UAX #14) are after each space only; a space at a line's end hangs.

@Suite("Every text reports its fit")
struct PlacedTextTests {
    let environment: EnvironmentValues

    init() throws { environment = try TextFixtures.environment() }

    func layout(_ view: some View, width: CGFloat?, height: CGFloat? = nil) -> LayoutResult {
        view.layout(in: ProposedViewSize(width: width, height: height), environment: environment)
    }

    /// `lineLimit(1)` at 60 pt: "…" takes 13.447, leaving 46.553 for text. "aaaa" (38.148, the space
    /// after it hanging) fits, "aaaa b" (2244 + 260 + 615 = 3119 units, 53.023) does not: the tail
    /// "…" stands at scalar 4, for scalars 4..<14. Unlimited at 60, greedy breaking takes
    /// "aaaa " (adding "bbbb" makes 84.388 > 60), "bbbb " (likewise), "aaaa": 3 lines. One line
    /// needs the ideal width, 126.956.
    @Test("A text cut by its line limit: 1 line of 3, \"…\" at scalar 4, needs its ideal width")
    func truncatedByLineLimit() throws {
        let result = layout(Text("aaaa bbbb aaaa").lineLimit(1), width: 60)
        let text = try #require(result.texts.first)
        #expect(result.texts.count == 1)
        #expect(text.string == "aaaa bbbb aaaa")
        #expect(text.linesShown == 1 && text.linesNeeded == 3)
        #expect(text.truncation == PlacedText.Truncation(position: .tail, cause: .lineLimit, elided: 4..<14))
        #expect(text.truncation?.offset == 4)
        #expect(text.scale == 1 && !text.isScaled)
        #expect(close(try #require(text.neededWidth), 7468 * 0.017, 1e-6))
        #expect(text.hasFindings && result.findings.map(\.index) == [text.index])
        // The one line box: "aaaa" + "…" wide, one line high, at the frame's origin.
        #expect(text.lineBounds.count == 1)
        #expect(close(text.lineBounds[0].width, (2244 + 791) * 0.017))
        #expect(close(text.lineBounds[0].height, 23.154, 1e-6) && text.lineBounds[0].minY == 0)
    }

    /// Proposed 60 × 30: one 23.154-high line fits, two (46.308) do not, so the first line is cut
    /// as above — by the height, with no line limit. Needed width with no limit: the ideal width.
    @Test("A text cut by its height: 1 line of 3, cause height")
    func truncatedByHeight() throws {
        let text = try #require(layout(Text("aaaa bbbb aaaa").frame(width: 60, height: 30), width: nil).texts.first)
        #expect(text.linesShown == 1 && text.linesNeeded == 3)
        #expect(text.truncation == PlacedText.Truncation(position: .tail, cause: .height, elided: 4..<14))
        #expect(close(try #require(text.neededWidth), 7468 * 0.017, 1e-6))
    }

    /// Middle and head truncation at 80 pt, limit 1: 80 − 13.447 = 66.553 for text.
    /// Middle: half is 33.2765 for the head: "aaa" (1683 units, 28.611) fits, "aaaa" (38.148) not;
    /// the tail gets 66.553 − 28.611 = 37.942: "aaa" (28.611) fits, " aaaa"… "aaaa" (38.148) not,
    /// so "…" stands for scalars 3..<11. Head: the end gets 66.553: "bbbb aaaa"'s tail "b aaaa"
    /// (615 + 260 + 2244 = 3119 units, 53.023) fits, "bb aaaa" (3734, 63.478) fits, "bbb aaaa"
    /// (4349, 73.933) not: "…" stands for scalars 0..<7.
    @Test("Middle and head truncation say where \"…\" stands")
    func middleAndHead() throws {
        let middle = try #require(layout(Text("aaaa bbbb aaaa").lineLimit(1).truncationMode(.middle), width: 80).texts.first)
        #expect(middle.truncation == PlacedText.Truncation(position: .middle, cause: .lineLimit, elided: 3..<11))
        let head = try #require(layout(Text("aaaa bbbb aaaa").lineLimit(1).truncationMode(.head), width: 80).texts.first)
        #expect(head.truncation == PlacedText.Truncation(position: .head, cause: .lineLimit, elided: 0..<7))
    }

    /// `minimumScaleFactor(0.5)`, one line in 60 pt: the ideal line is 84.388 pt, so it fits at
    /// 60 / 84.388 = 0.71100… (the paragraph's bisection finds the scale to 10⁻³, from below).
    /// At full size in 60 pt it takes 2 lines ("aaaa ", "bbbb"); it is not cut.
    @Test("A scaled text: the scale is the proposal over the ideal width")
    func scaled() throws {
        let text = try #require(layout(Text("aaaa bbbb").lineLimit(1).minimumScaleFactor(0.5), width: 60).texts.first)
        let expected = 60 / (4964 * 0.017)
        #expect(text.isScaled && text.scale <= expected && expected - text.scale < 1e-3)
        #expect(text.linesShown == 1 && text.linesNeeded == 2 && !text.isTruncated)
        #expect(close(try #require(text.neededWidth), 4964 * 0.017, 1e-6))
        #expect(text.hasFindings)
    }

    /// `fixedSize()` keeps the text 84.388 wide in a 50-wide frame, centred: from x = 40 +
    /// (50 − 84.388) / 2 = 22.806 to 107.194, inside the 130-wide root (padding 40) but outside
    /// the clipping frame (40…90) at path [0].
    @Test("A text inside .frame(width: 50).clipped() is clipped by that frame")
    func clippedByAncestor() throws {
        let result = layout(Text("aaaa bbbb").fixedSize().frame(width: 50).clipped().padding(40), width: nil)
        let text = try #require(result.texts.first)
        #expect(close(text.frame.minX, 40 + (50 - 84.388) / 2, 1e-6))
        #expect(text.clip == .ancestor(path: [0], id: nil))
        #expect(text.isClipped && text.hasFindings && !text.isTruncated)
        // Without the clip the same text is inside everything.
        let free = try #require(layout(Text("aaaa bbbb").fixedSize().frame(width: 50).padding(40), width: nil).texts.first)
        #expect(free.clip == nil && !free.hasFindings)
    }

    /// The same 84.388-wide text in a 50-wide root: its line reaches from −17.194 to 67.194.
    @Test("A text drawn outside the root's bounds is clipped by the root")
    func clippedByRoot() throws {
        let text = try #require(layout(Text("aaaa bbbb").fixedSize().frame(width: 50), width: nil).texts.first)
        #expect(text.clip == .root)
        // Moved out by an offset: the root is the 38.148-wide text's own frame, the text 100 pt right.
        let moved = try #require(layout(Text("aaaa").offset(x: 100), width: nil).texts.first)
        #expect(moved.clip == .root)
        // A root wider than its proposal does not widen the screen: 84.388 pt of text proposed 50.
        let wide = layout(Text("aaaa bbbb").fixedSize(), width: 50)
        #expect(close(wide.size.width, 84.388, 1e-6) && wide.texts.first?.clip == .root)
        #expect(layout(Text("aaaa bbbb").fixedSize(), width: 90).texts.first?.clip == nil)
    }

    @Test("A ZStack of two texts: each overlaps the other")
    func zStackOverlap() throws {
        let result = layout(ZStack { Text("aaaa"); Text("bbbb").id("second") }, width: nil)
        let texts = result.texts
        #expect(texts.map(\.path) == [[0], [1]])
        #expect(texts[0].overlaps == [PlacedText.Overlap(index: texts[1].index, path: [1], id: "second")])
        #expect(texts[1].overlaps == [PlacedText.Overlap(index: texts[0].index, path: [0], id: nil)])
        #expect(result.findings.count == 2)
        #expect(result.text(at: texts[1].index)?.overlaps.map(\.path) == [[0]])
        #expect(result.text(id: "second")?.path == [1])
    }

    /// An HStack with spacing −10: "bbbb" starts 10 pt before "aaaa" ends; with spacing 0 they touch.
    @Test("Negative spacing puts two texts on top of each other; touching is not overlapping")
    func negativeSpacing() throws {
        let overlapping = layout(HStack(spacing: -10) { Text("aaaa"); Text("bbbb") }, width: nil).texts
        #expect(close(overlapping[0].frame.maxX - overlapping[1].frame.minX, 10, 1e-6))
        #expect(overlapping.map { $0.overlaps.map(\.path) } == [[[1]], [[0]]])
        let touching = layout(HStack(spacing: 0) { Text("aaaa"); Text("bbbb") }, width: nil).texts
        #expect(touching.allSatisfy { $0.overlaps.isEmpty })
        // Hidden texts are not shown, so they overlap nothing (and are not listed).
        let hidden = layout(ZStack { Text("aaaa"); Text("bbbb").hidden() }, width: nil).texts
        #expect(hidden.count == 1 && hidden[0].overlaps.isEmpty)
    }

    /// "aaaa aaaa aaaa": one line needs 123.284; two lines need "aaaa aaaa" on the first, 80.716
    /// (greedy at anything narrower takes "aaaa" alone, leaving two words for the second line,
    /// which then breaks again); three need only the widest word, 38.148.
    @Test("Needed width for a limit of 1, 2 and 3 lines")
    func neededWidth() throws {
        func needed(_ limit: Int?) throws -> Double? {
            try #require(layout(Text("aaaa aaaa aaaa").lineLimit(limit), width: 50).texts.first).neededWidth
        }
        #expect(close(try #require(try needed(1)), 7252 * 0.017, 1e-6))
        #expect(close(try #require(try needed(2)), 4748 * 0.017, 1e-6))
        #expect(close(try #require(try needed(3)), 2244 * 0.017, 1e-6))
        #expect(close(try #require(try needed(nil)), 7252 * 0.017, 1e-6))
        // More hard lines than the limit: no width shows them all.
        let hard = try #require(layout(Text(verbatim: "aaaa\nbbbb").lineLimit(1), width: 200).texts.first)
        #expect(hard.neededWidth == nil && hard.truncation?.cause == .lineLimit)
    }

    @Test("A text that fits reports nothing")
    func fits() throws {
        let result = layout(Text("aaaa bbbb"), width: 200)
        let text = try #require(result.texts.first)
        #expect(text.linesShown == 1 && text.linesNeeded == 1 && text.scale == 1)
        #expect(text.truncation == nil && text.clip == nil && text.overlaps.isEmpty && !text.isUntranslated)
        #expect(close(try #require(text.neededWidth), 4964 * 0.017, 1e-6))
        #expect(!text.hasFindings && result.findings.isEmpty)
        #expect(text.description.hasSuffix("\"aaaa bbbb\": fits"))
    }

    @Test("Findings name the source line of a key's text and a button's title; a verbatim text has none")
    func sourceLocation() throws {
        let line = #line + 2
        let result = layout(VStack(spacing: 0) {
            Text("aaaa bbbb aaaa").lineLimit(1).frame(width: 60)
            Button("aaaa bbbb aaaa") {}.lineLimit(1).frame(width: 60)
            Text(verbatim: "aaaa bbbb aaaa").lineLimit(1).frame(width: 60)
        }, width: nil)
        let found = result.findings
        #expect(found.count == 3)
        #expect(found.map(\.fileID) == ["TextLayoutTests/PlacedTextTests.swift", "TextLayoutTests/PlacedTextTests.swift", nil])
        #expect(found.map(\.line) == [line, line + 1, nil])
        #expect(found[0].description.hasPrefix("TextLayoutTests/PlacedTextTests.swift:\(line): Text [0, 0] \"aaaa bbbb aaaa\": truncated at 4 (tail, line limit), 1 of 3 lines, needs 127 pt"))
        // A modifier keeps the place; a concatenation takes its first part's.
        let styled = Text("aaaa").bold() + Text(verbatim: "b")
        let joined = try #require(layout(styled, width: nil).texts.first)
        #expect(joined.line == #line - 2)
    }

    @Test("A #fileID in one of TextFit's modules is TextFit's own; an app's, or one only starting like it, is not")
    func textFitSources() {
        #expect(Text.isTextFitSource("TextLayout/Text.swift"))
        #expect(Text.isTextFitSource("Controls/Button.swift"))
        #expect(!Text.isTextFitSource("TextLayoutTests/PlacedTextTests.swift"))
        #expect(!Text.isTextFitSource("Text/Layout.swift"))
        #expect(!Text.isTextFitSource("MyApp/TextLayout/Text.swift"))
    }

    @Test("A result decoded from JSON, and an empty text, report nothing amiss")
    func edges() throws {
        let empty = try #require(layout(Text(verbatim: ""), width: 100).texts.first)
        #expect(empty.linesShown == 0 && empty.linesNeeded == 0 && !empty.hasFindings)
        let result = layout(Text("aaaa"), width: nil)
        let decoded = try JSONDecoder().decode(LayoutResult.self, from: JSONEncoder().encode(result))
        #expect(decoded.texts.isEmpty)
    }

    /// U+0378 is unassigned (Unicode's UnicodeData.txt has no such code point): no font has a glyph
    /// for it, one grapheme cluster.
    @Test("A character no font has is a finding: missingGlyphs counts its clusters")
    func missingGlyphs() throws {
        let text = try #require(layout(Text(verbatim: "aaaa \u{378}"), width: nil).texts.first)
        #expect(text.missingGlyphs == 1 && text.hasMissingGlyphs && text.hasFindings)
        #expect(text.description.hasSuffix(": 1 character no font has"))
        let fine = try #require(layout(Text(verbatim: "aaaa"), width: nil).texts.first)
        #expect(fine.missingGlyphs == 0 && !fine.hasFindings)
    }

    @Test("A text reports the innermost accessibilityIdentifier around it, and the width it was proposed")
    func accessibilityIdentifier() throws {
        let result = layout(VStack {
            Text("aaaa").accessibilityIdentifier("inner")
            Text("bbbb")
            Text("aaaa").fixedSize()
        }.accessibilityIdentifier("outer"), width: 60)
        #expect(result.texts.map(\.accessibilityIdentifier) == ["inner", "outer", "outer"])
        #expect(result.texts.map(\.proposedWidth) == [60, 60, nil])
        #expect(layout(Text("aaaa"), width: 60).texts.first?.accessibilityIdentifier == nil)
    }
}
