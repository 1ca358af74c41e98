import Foundation
import LayoutCore
import Layouts
@testable import Rendering
import Testing
import TextLayout
import Typography

// Underline and strikethrough. Where the bars go comes from the fonts' own tables, read here with
// fontTools (`TTFont(path)["post"]`, `["OS/2"]`), independent of TextFit's reader:
//   Noto Sans Regular (1000 units/em): post underlinePosition −100, underlineThickness 50;
//     OS/2 yStrikeoutPosition 322, yStrikeoutSize 50.
//   Noto Sans CJK KR (Hangul subset, 1000 units/em): underline −125 / 50; strikeout 325 / 50.
// OpenType gives both positions as the top of the stroke from the baseline, y up
// (https://learn.microsoft.com/typography/opentype/spec/post, .../os2#ystrikeoutposition).
// Advances are `hb-shape --no-glyph-names fonts/NotoSans-Regular.ttf TEXT` (units):
//   "Hello world" 741 564 258 258 605 260 786 605 413 258 615 = 5,363; "a " 561 260 = 821;
//   "link" 258 258 618 534 = 1,668; "old" 605 258 615 = 1,478; "abc " 561 615 480 260 = 1,916;
//   "한글" (CJK KR) 920 920.
// SwiftUI's modifiers: https://developer.apple.com/documentation/swiftui/text/underline(_:pattern:color:),
// .../text/strikethrough(_:pattern:color:), .../view/underline(_:pattern:color:) (iOS 16).

/// An environment whose texts shape with the bundled fonts (body: 17 pt Noto Sans without Apple's fonts).
private func environment() throws -> EnvironmentValues {
    var environment = EnvironmentValues()
    environment.textShaper = try Fixtures.shaper()
    environment.textMeasurementCache = TextMeasurementCache()
    return environment
}

/// The bars of `text`'s one leaf laid out for `proposal`, and its layout.
private func bars(_ view: some View, _ proposal: ProposedViewSize = .unspecified,
                  in environment: EnvironmentValues) -> (bars: [DecorationBar], layout: ParagraphLayout?) {
    let result = view.layout(in: proposal, environment: environment)
    for index in 0..<result.count {
        guard let leaf = result.leaf(at: index), let text = leaf.element as? Text,
              let layout = text.paragraphLayout(in: leaf.proposal, environment: leaf.environment) else { continue }
        return (layout.decorationBars(text.drawingRuns(in: leaf.environment)), layout)
    }
    return ([], nil)
}

private let points = 17.0 / 1000

@Suite struct DecorationTests {
    @Test("An underline spans the text's advance, its top 100 units below the baseline, 50 units thick")
    func underlineGeometry() throws {
        let (found, layout) = bars(Text(verbatim: "Hello world").underline(), in: try environment())
        let baseline = try #require(layout).firstBaseline
        try #require(found.count == 1)
        let bar = found[0]
        #expect(bar.kind == .underline)
        #expect(abs(bar.minX) < 1e-9)
        #expect(abs(bar.maxX - 5363 * points) < 1e-9)
        #expect(abs(bar.top - (baseline + 100 * points)) < 1e-9)
        #expect(abs(bar.thickness - 50 * points) < 1e-9)
        #expect(bar.pattern == .solid && bar.color == nil)
    }

    @Test("A strikethrough's top is the font's yStrikeoutPosition above the baseline")
    func strikethroughGeometry() throws {
        let (found, layout) = bars(Text(verbatim: "old").strikethrough(color: .red), in: try environment())
        let baseline = try #require(layout).firstBaseline
        try #require(found.count == 1)
        #expect(found[0].kind == .strikethrough)
        #expect(abs(found[0].maxX - 1478 * points) < 1e-9)
        #expect(abs(found[0].top - (baseline - 322 * points)) < 1e-9)
        #expect(abs(found[0].thickness - 50 * points) < 1e-9)
        #expect(found[0].color == .red)
    }

    @Test("Only the runs that ask are decorated; the inner modifier wins, false included")
    func runsAndPrecedence() throws {
        let environment = try environment()
        // "a " + "link" underlined + " b": the bar covers "link" alone.
        let (one, _) = bars(Text(verbatim: "a ") + Text(verbatim: "link").underline() + Text(verbatim: " b"), in: environment)
        try #require(one.count == 1)
        #expect(abs(one[0].minX - 821 * points) < 1e-9)
        #expect(abs(one[0].maxX - (821 + 1668) * points) < 1e-9)
        // The outer underline does not reach a run that turned it off.
        let (two, _) = bars((Text(verbatim: "a ").underline(false) + Text(verbatim: "link")).underline(), in: environment)
        try #require(two.count == 1)
        #expect(abs(two[0].minX - 821 * points) < 1e-9)
        // The view modifier underlines text inside; the text's own `false` keeps it clear.
        let (three, _) = bars(Text(verbatim: "link").padding(1).underline(), in: environment)
        #expect(three.count == 1)
        let (none, _) = bars(Text(verbatim: "link").underline(false).padding(1).underline(pattern: .dash), in: environment)
        #expect(none.isEmpty)
        let (innerView, _) = bars(Text(verbatim: "link").padding(1).underline(false).underline(), in: environment)
        #expect(innerView.isEmpty)
    }

    @Test("Lines change no size and no baseline")
    func noSizeChange() throws {
        let environment = try environment()
        for width in [nil, 0, 30] as [CGFloat?] {
            let proposal = ProposedViewSize(width: width, height: nil)
            let plain = Text(verbatim: "Hello world").layout(in: proposal, environment: environment)
            let lined = Text(verbatim: "Hello world").underline().strikethrough(pattern: .dot)
                .layout(in: proposal, environment: environment)
            #expect(plain.root.frame == lined.root.frame)
            #expect(plain.root.firstTextBaseline == lined.root.firstTextBaseline)
        }
    }

    @Test("Each wrapped line has its own bar, as wide as the line: no bar under the hanging space")
    func wrappedLines() throws {
        // At 60 pt "Hello world" wraps after "Hello " (Hello = 2,426 units = 41.242 pt; with the
        // space and "world" it is 91.171 pt).
        let (found, layout) = bars(Text(verbatim: "Hello world").underline(), ProposedViewSize(width: 60, height: nil),
                                   in: try environment())
        let lines = try #require(layout).lines
        try #require(lines.count == 2 && found.count == 2)
        #expect(abs(found[0].maxX - (741 + 564 + 258 + 258 + 605) * points) < 1e-9)
        #expect(abs(found[1].maxX - (786 + 605 + 413 + 258 + 615) * points) < 1e-9)
        #expect(abs((found[1].top - found[0].top) - (lines[1].baseline - lines[0].baseline)) < 1e-9)
    }

    @Test("A bar is straight across fallback fonts, in the font that draws most of it; another size gets its own bar")
    func fallbackFace() throws {
        let environment = try environment()
        // Noto Sans draws 1,916 units of "abc 한글", the CJK font 1,840: Noto Sans's underline.
        let (latin, layout) = bars(Text(verbatim: "abc 한글").underline(), in: environment)
        let baseline = try #require(layout).firstBaseline
        try #require(latin.count == 1)
        #expect(abs(latin[0].maxX - (1916 + 1840) * points) < 1e-9)
        #expect(abs(latin[0].top - (baseline + 100 * points)) < 1e-9)
        // "a 한글한글": 821 units against 3,680: the CJK font's underline, 125 units down.
        let (hangul, _) = bars(Text(verbatim: "a 한글한글").underline(), in: environment)
        try #require(hangul.count == 1)
        #expect(abs(hangul[0].top - (baseline + 125 * points)) < 1e-9)
        // A run at 34 pt beside one at 17: two bars, each its size's (34 pt: 3.4 below, 1.7 thick).
        let (sizes, sized) = bars((Text(verbatim: "a") + Text(verbatim: "a").font(.system(size: 34))).underline(), in: environment)
        let line = try #require(sized?.lines.first)
        try #require(sizes.count == 2)
        #expect(abs(sizes[0].thickness - 50 * points) < 1e-9 && abs(sizes[1].thickness - 50 * 2 * points) < 1e-9)
        #expect(abs(sizes[1].top - (line.baseline + 200 * points)) < 1e-9)
        #expect(abs(sizes[1].minX - 561 * points) < 1e-9)
    }

    @Test("Markdown's ~~strikethrough~~ is struck; links are not underlined (SwiftUI colours them only)")
    func markdown() throws {
        let (found, _) = bars(Text("~~old~~ [a](https://example.com)"), in: try environment())
        try #require(found.count == 1)
        #expect(found[0].kind == .strikethrough)
        #expect(abs(found[0].maxX - 1478 * points) < 1e-9)
    }

    @Test("Patterns are dashes in multiples of the thickness, the last cut at the bar's end")
    func patterns() {
        let bar = DecorationBar(kind: .underline, minX: 10, maxX: 21, top: 0, thickness: 1, pattern: .dashDot, color: nil, cluster: 0)
        // dashDot: 4 on, 2 off, 1 on, 2 off, repeated: 10–14, 16–17, 19–21 (cut at 21).
        #expect(bar.dashes == [10...14, 16...17, 19...21])
        var dot = bar
        dot.pattern = .dot
        dot.maxX = 15.5
        // dot: 1 on, 2 off: 10–11, 13–14; the gap from 14 reaches the end.
        #expect(dot.dashes == [10...11, 13...14])
        var solid = bar
        solid.pattern = .solid
        #expect(solid.dashes == [10...21])
        #expect(Text.LineStyle.Pattern.allCases.filter { $0 != .solid }.allSatisfy { !$0.dashes.isEmpty && $0.dashes.count % 2 == 0 })
    }

    @Test("The SVG fills each bar in its colour, else the text's; the bars are ink for overflow too")
    func svg() throws {
        let environment = try environment()
        let options = SVGRenderer.Options(margin: 0, background: nil, textColor: "#123456")
        let picture = SVGRenderer(options: options).svg(
            (Text(verbatim: "a").underline(color: .red) + Text(verbatim: "b").strikethrough().foregroundColor(.blue))
                .layout(in: .unspecified, environment: environment))
        #expect(picture.contains("<path class=\"underline\" d=\"M0 "))
        #expect(picture.range(of: "<path class=\"underline\" d=\"[^\"]+\" fill=\"#ff3b30\"/>", options: .regularExpression) != nil)
        #expect(picture.range(of: "<path class=\"strikethrough\" d=\"[^\"]+\" fill=\"#007aff\"/>", options: .regularExpression) != nil)
        // Without a colour of its own or the text's, a bar takes the options' text colour.
        let plain = SVGRenderer(options: options).svg(Text(verbatim: "a").underline().layout(in: .unspecified, environment: environment))
        #expect(plain.range(of: "<path class=\"underline\" d=\"[^\"]+\" fill=\"#123456\"/>", options: .regularExpression) != nil)
        // In a container too small, the bar is in the ink group drawn red outside it.
        var small = options
        small.container = CGRect(x: 0, y: 0, width: 2, height: 2)
        let overflowing = SVGRenderer(options: small).svg(Text(verbatim: "ab").underline().layout(in: .unspecified, environment: environment))
        let ink = try #require(overflowing.range(of: "<g id=\"ink\">"))
        let group = overflowing[ink.upperBound...]
        let end = group.range(of: "</g>")?.lowerBound ?? group.endIndex
        #expect(group[..<end].contains("<path d=\"M0 "))
    }
}
