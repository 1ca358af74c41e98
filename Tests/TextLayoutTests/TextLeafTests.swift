import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

// Numbers: see TextLeafSupport.swift (Noto Sans, 1000 units per em, line 1362 units, ascent 1069).

@Suite("Text leaf: proposals, baselines, stacks, spacing")
struct TextLeafTests {
    @Test("A nil proposal gives the ideal size: one line, as wide as its advances")
    func idealSize() throws {
        let environment = try TextFixtures.environment()
        let size = Text("ab").sizeThatFits(.unspecified, environment: environment)
        // a 561 + b 615 = 1176 units → 19.992 pt; one line 1362 units → 23.154 pt.
        #expect(close(size.width, at17(1176)))
        #expect(close(size.height, at17(1362)))
        // ∞ is the same question as nil.
        #expect(Text("ab").sizeThatFits(.infinity, environment: environment) == size)
    }

    @Test("With nothing set, text measures with the process-wide shaper over the bundled fonts")
    func defaultEnvironment() throws {
        #expect(Text.defaultShaper != nil && Text.defaultShaperError == nil)
        let size = Text("ab").sizeThatFits(.unspecified, environment: EnvironmentValues())
        #expect(close(size.width, at17(1176)) && close(size.height, at17(1362)))
    }

    @Test("A finite width wraps and reports the widest line, never the proposal; 0 gives the minimum")
    func wrapping() throws {
        let environment = try TextFixtures.environment()
        let text = Text("aaaa bbbb")
        // "aaaa bbbb" = 2244 + 260 + 2460 = 4964 units = 84.388 pt > 50: two lines; widest "bbbb" 2460 → 41.82.
        let wrapped = text.sizeThatFits(ProposedViewSize(width: 50, height: nil), environment: environment)
        #expect(close(wrapped.width, at17(2460)))
        #expect(close(wrapped.height, 2 * at17(1362)))
        // Width 0, SwiftUI's minimum: every grapheme cluster on a line of its own (the space hangs
        // after the fourth a): 8 lines, as wide as the widest cluster, b 615 units = 10.455.
        let minimum = text.sizeThatFits(ProposedViewSize(width: 0, height: nil), environment: environment)
        #expect(close(minimum.width, at17(615)) && close(minimum.height, 8 * at17(1362)))
        // 90 holds the whole line.
        let wide = text.sizeThatFits(ProposedViewSize(width: 90, height: nil), environment: environment)
        #expect(close(wide.width, at17(4964)) && close(wide.height, at17(1362)))
    }

    @Test("A finite height keeps the lines that fit and cuts the last with an ellipsis")
    func heightTruncates() throws {
        let environment = try TextFixtures.environment()
        let text = Text("aaaa bbbb")
        let proposal = ProposedViewSize(width: 50, height: 30)
        let layout = try #require(text.paragraphLayout(in: proposal, environment: environment))
        // Two lines need 46.308 > 30: one line, truncated. 50 − "…" 13.447 = 36.553 holds "aaa"
        // (1683 units = 28.611) but not "aaaa" (38.148): "aaa…" = 1683 + 791 = 2474 units.
        #expect(layout.lineCount == 1 && layout.isTruncated)
        let size = text.sizeThatFits(proposal, environment: environment)
        #expect(close(size.width, at17(2474)))
        #expect(close(size.height, at17(1362)))
    }

    @Test("First and last text baselines are the layout's, for the proposal asked")
    func baselines() throws {
        let environment = try TextFixtures.environment()
        let text = Text("aaaa bbbb")
        let size = CGSize(width: 100, height: 100)  // the engine's size argument; the proposal decides
        let narrow = ProposedViewSize(width: 50, height: nil)
        // Line 1 baseline 1069 units = 18.173; line 2 = 1362 + 1069 = 2431 units = 41.327.
        #expect(close(try #require(text.explicitAlignment(of: .firstTextBaseline, in: size, proposal: narrow, environment: environment)), at17(1069)))
        #expect(close(try #require(text.explicitAlignment(of: .lastTextBaseline, in: size, proposal: narrow, environment: environment)), at17(2431)))
        // Ideal: one line, both baselines 18.173.
        #expect(close(try #require(text.explicitAlignment(of: .lastTextBaseline, in: size, proposal: .unspecified, environment: environment)), at17(1069)))
        // Other guides are left to their defaults.
        #expect(text.explicitAlignment(of: VerticalAlignment.center, in: size, proposal: narrow, environment: environment) == nil)
    }

    @Test("The empty text is 0 × 0 and has no baselines of its own (its height, 0, stands in)")
    func empty() throws {
        let environment = try TextFixtures.environment()
        #expect(Text("").sizeThatFits(.unspecified, environment: environment) == .zero)
        #expect(Text("").explicitAlignment(of: .firstTextBaseline, in: .zero, proposal: .unspecified, environment: environment) == nil)
        let result = Text("").layout(in: .unspecified, environment: environment)
        #expect(result.root.firstTextBaseline == 0)
    }

    @Test("padding(10) moves both baselines down by 10 in the result")
    func paddingShiftsBaselines() throws {
        let environment = try TextFixtures.environment()
        let result = Text("aaaa bbbb").padding(10).layout(in: ProposedViewSize(width: 70, height: nil), environment: environment)
        // The text is proposed 70 − 20 = 50: two lines; first baseline 10 + 18.173, last 10 + 41.327.
        #expect(close(result.root.firstTextBaseline, 10 + at17(1069)))
        #expect(close(result.root.lastTextBaseline, 10 + at17(2431)))
        #expect(close(result.root.frame.height, 20 + 2 * at17(1362)))
        let text = try #require(result.element(at: [0]))
        #expect(close(text.frame.minY, 10) && close(text.firstTextBaseline, at17(1069)))
    }

    @Test("A row aligned on first text baselines lines up texts of different styles and paddings")
    func rowOnFirstBaselines() throws {
        let environment = try TextFixtures.environment()
        let row = TestRow(alignment: .firstTextBaseline) {
            Text("ab").padding(10)
            Text("ab").font(.largeTitle)
            Text("ab")
        }
        let result = row.layout(in: .unspecified, environment: environment)
        // Guides: padded 10 + 18.173 = 28.173; largeTitle (34 pt) ascent 1.069 × 34 = 36.346; body 18.173.
        // The row's baseline is 36.346, so each child's y = 36.346 − its guide.
        let largeAscent = 1.069 * 34
        let padded = try #require(result.element(at: [0]))
        let large = try #require(result.element(at: [1]))
        let body = try #require(result.element(at: [2]))
        #expect(close(padded.frame.minY, largeAscent - (10 + at17(1069))))
        #expect(close(large.frame.minY, 0))
        #expect(close(body.frame.minY, largeAscent - at17(1069)))
        for element in [padded, large, body] {
            #expect(close(element.frame.minY + element.firstTextBaseline, largeAscent))
        }
        // x: a padded edge gets ordinary spacing, 8 pt (SwiftUI: "S paddedText|paddedText: hstack 8",
        // mburger89/MetalUI docs/probes/swiftui-stack-algorithms.swift); large title to body text: 8 pt.
        // Padded width 19.992 + 20; large title "ab" 1176 × 34 / 1000 = 39.984.
        #expect(close(large.frame.minX, at17(1176) + 20 + 8))
        #expect(close(body.frame.minX, at17(1176) + 20 + 8 + 1.176 * 34 + 8))
        #expect(close(result.root.firstTextBaseline, largeAscent))
    }

    @Test("In a column, text wraps to the column's width and the last baseline is the last line's")
    func columnWrapsText() throws {
        let environment = try TextFixtures.environment()
        let column = TestColumn {
            Text("aaaa bbbb")
            Box(width: 10, height: 10)
        }
        let result = column.layout(in: ProposedViewSize(width: 50, height: nil), environment: environment)
        let text = try #require(result.element(at: [0]))
        let box = try #require(result.element(at: [1]))
        #expect(close(text.frame.width, at17(2460)) && close(text.frame.height, 2 * at17(1362)))
        #expect(close(text.lastTextBaseline, at17(2431)))
        // Text to a box: 8 pt, the ordinary distance.
        #expect(close(box.frame.minY, 2 * at17(1362) + 8))
        // The column's baselines come from the text (a box has none of its own).
        #expect(close(result.root.firstTextBaseline, at17(1069)))
    }

    @Test("Text next to text is spaced by the fonts' internal leading vertically, 8 pt horizontally")
    func textSpacing() throws {
        let environment = try TextFixtures.environment()
        let column = TestColumn {
            Text("ab")
            Text("ab")
        }
        let result = column.layout(in: .unspecified, environment: environment)
        // Internal leading: 1362 − 1000 units at 17 pt = 6.154 pt.
        let second = try #require(result.element(at: [1]))
        #expect(close(second.frame.minY, at17(1362) + at17(362)))
        let row = TestRow(alignment: .firstTextBaseline) { Text("ab"); Text("ab") }.layout(in: .unspecified, environment: environment)
        #expect(close(try #require(row.element(at: [1])).frame.minX, at17(1176) + 8))
        // The preference itself: text category, 8 pt to anything else.
        let spacing = Text("ab").spacing(environment: environment)
        let top = try #require(spacing.preferences(on: .top).first)
        #expect(top.category == .text && close(top.sameCategory, at17(362)) && top.otherCategory == 8)
        #expect(spacing.distance(to: ViewSpacing(), along: .vertical) == 8)
    }

    @Test("Vertical text spacing grows with Dynamic Type and with lineSpacing")
    func spacingFollowsDynamicType() throws {
        var environment = try TextFixtures.environment()
        environment.dynamicTypeSize = .xxxLarge
        // Body at xxxLarge is 23 pt: internal leading 0.362 × 23 = 8.326.
        let large = Text("ab").spacing(environment: environment)
        #expect(close(try #require(large.preferences(on: .bottom).first).sameCategory, 0.362 * 23))
        environment.lineSpacing = 4
        let spaced = Text("ab").spacing(environment: environment)
        #expect(close(try #require(spaced.preferences(on: .bottom).first).sameCategory, 0.362 * 23 + 4))
        // Leading and trailing stay 8.
        #expect(try #require(spaced.preferences(on: .leading).first).sameCategory == 8)
    }

    @Test("The renderer's paragraphLayout is the layout the leaf was placed with")
    func placedLeafLayout() throws {
        let environment = try TextFixtures.environment()
        let result = TestColumn { Text("aaaa bbbb").id("t") }.layout(in: ProposedViewSize(width: 50, height: nil), environment: environment)
        let leaf = try #require(result.leaf(at: 1))
        let text = try #require(leaf.element as? Text)
        let layout = try #require(text.paragraphLayout(in: leaf.proposal, environment: leaf.environment))
        #expect(layout.lineCount == 2)
        #expect(close(layout.size.width, Double(leaf.frame.width)) && close(layout.size.height, Double(leaf.frame.height)))
    }
}
