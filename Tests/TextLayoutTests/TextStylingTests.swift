import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

// Numbers: see TextLeafSupport.swift. Dynamic Type point sizes are Apple's table (Typography):
// body 17 at .large, 23 at .xxxLarge; title 28 → 34; largeTitle 34.

@Suite("Text leaf: fonts, Dynamic Type, concatenation, environment")
struct TextStylingTests {
    /// The width of `text` at its ideal size.
    func idealWidth(_ element: some View, _ environment: EnvironmentValues) -> Double {
        Double(element.layout(in: .unspecified, environment: environment).root.frame.width)
    }

    @Test("Text styles follow the environment's Dynamic Type size; fixed sizes do not")
    func dynamicType() throws {
        let environment = try TextFixtures.environment()
        let column = TestColumn {
            Text("ab")
            Text("ab").font(.system(size: 17))
            Text("ab").font(.custom("Noto Sans", size: 20, relativeTo: .title))
            Text("ab").font(.custom("Noto Sans", fixedSize: 20))
        }.environment(\.dynamicTypeSize, .xxxLarge)
        let result = column.layout(in: .unspecified, environment: environment)
        let widths = (0..<4).map { Double(result.element(at: [$0])!.frame.width) }
        // "ab" is 1.176 em: body at xxxLarge 23 pt → 27.048; fixed 17 → 19.992;
        // custom 20 relative to title (28 → 34 at xxxLarge) → 20 × 34 / 28; fixed 20 → 23.52.
        #expect(close(widths[0], 1.176 * 23))
        #expect(close(widths[1], 1.176 * 17))
        #expect(close(widths[2], 1.176 * 20 * 34 / 28))
        #expect(close(widths[3], 1.176 * 20))
        #expect(close(result.element(at: [0])!.frame.height, 1.362 * 23))
        // Body 23 pt prefers 0.362 × 23 = 8.326 below it, the fixed 17 pt text 6.154 above: the larger wins.
        #expect(close(result.element(at: [1])!.frame.minY, 1.362 * 23 + 0.362 * 23))
    }

    @Test("Every Dynamic Type size gives body its point size from Apple's table")
    func everySize() throws {
        var environment = try TextFixtures.environment()
        for size in DynamicTypeSize.allCases {
            environment.dynamicTypeSize = size
            let points = TextStyle.body.pointSize(for: size)
            #expect(close(Text("ab").sizeThatFits(.unspecified, environment: environment).width, 1.176 * points))
        }
        environment.dynamicTypeSize = .accessibility5
        #expect(close(Text("ab").sizeThatFits(.unspecified, environment: environment).width, 1.176 * 53))
    }

    @Test("Headline is semibold (Noto Sans Bold, the nearest face); .bold() and .italic() pick the faces")
    func weightsAndItalic() throws {
        let environment = try TextFixtures.environment()
        // Bold a 604 + b 633 = 1237 units; Italic a 568 + b 579 = 1147 units.
        #expect(close(idealWidth(Text("ab").font(.headline), environment), at17(1237)))
        #expect(close(idealWidth(Text("ab").bold(), environment), at17(1237)))
        #expect(close(idealWidth(Text("ab").font(.body.bold()), environment), at17(1237)))
        #expect(close(idealWidth(Text("ab").fontWeight(.heavy), environment), at17(1237)))
        #expect(close(idealWidth(Text("ab").italic(), environment), at17(1147)))
        #expect(close(idealWidth(Text("ab").font(.system(size: 17, weight: .bold)), environment), at17(1237)))
        // The text's weight replaces the font's: headline made regular is Regular again.
        #expect(close(idealWidth(Text("ab").font(.headline).fontWeight(.regular), environment), at17(1176)))
    }

    @Test("Text(\"a\") + Text(\"b\").bold() is one paragraph of two styled runs")
    func concatenation() throws {
        let environment = try TextFixtures.environment()
        let text = Text("a") + Text("b").bold()
        #expect(text.string == "ab")
        let paragraph = try text.paragraph(in: environment)
        #expect(paragraph.text.runs.count == 2)
        #expect(paragraph.fontRuns.map(\.face.weight) == [.regular, .bold])
        // Regular a 561 + Bold b 633 = 1194 units, one line.
        let layout = try #require(text.paragraphLayout(in: .unspecified, environment: environment))
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.width, at17(1194)))
    }

    @Test("A modifier on a concatenation styles only the runs that set nothing (the inner one wins)")
    func innerWins() throws {
        let environment = try TextFixtures.environment()
        let text = (Text("a") + Text("b").font(.title)).font(.caption)
        // caption 12 pt, title 28 pt.
        #expect(text.styledText(in: environment).runs.map(\.attributes.pointSize) == [12, 28])
        let bolded = (Text("a").fontWeight(.light) + Text("b")).bold()
        // `bold()` on the body style is its emphasized weight, semibold (Apple's HIG, Typography,
        // Dynamic Type sizes, "Emphasized weight" column); the light run keeps its own weight.
        #expect(bolded.styledText(in: environment).runs.map(\.attributes.font.weight) == [.light, .semibold])
        let boldTitle = (Text("a").font(.largeTitle) + Text("b").font(.system(size: 13))).bold()
        #expect(boldTitle.styledText(in: environment).runs.map(\.attributes.font.weight) == [.bold, .bold])
    }

    @Test("The text's font beats the environment's; the environment's beats the default body")
    func environmentFont() throws {
        let environment = try TextFixtures.environment()
        let column = TestColumn {
            Text("ab")
            Text("ab").font(.title)
        }.font(.caption)
        let result = column.layout(in: .unspecified, environment: environment)
        // caption 12 pt: 1.176 × 12; title 28 pt: 1.176 × 28.
        #expect(close(result.element(at: [0])!.frame.width, 1.176 * 12))
        #expect(close(result.element(at: [1])!.frame.width, 1.176 * 28))
        // No font anywhere: body 17.
        #expect(close(idealWidth(Text("ab"), environment), at17(1176)))
    }

    @Test("lineLimit and truncationMode through the environment truncate the text inside")
    func lineLimitThroughEnvironment() throws {
        let environment = try TextFixtures.environment()
        let string = "aaaa bbbb aaaa bbbb"
        let result = TestColumn { Text(string) }.lineLimit(1).layout(in: ProposedViewSize(width: 100, height: nil), environment: environment)
        let leaf = try #require(result.leaf(at: 1))
        let layout = try #require((leaf.element as? Text)?.paragraphLayout(in: leaf.proposal, environment: leaf.environment))
        // 100 − "…" 13.447 = 86.553 holds "aaaa bbbb" (4964 units = 84.388) but not one more "a":
        // "aaaa bbbb…" = 4964 + 791 = 5755 units = 97.835, one line.
        #expect(layout.lineCount == 1 && layout.isTruncated)
        #expect(close(leaf.frame.width, at17(5755)) && close(leaf.frame.height, at17(1362)))
        #expect(layout.lines[0].runs.last?.clusters == [-1])  // the ellipsis ends the line (tail)
        // Head truncation keeps the end: the ellipsis comes first.
        let head = TestColumn { Text(string) }.lineLimit(1).truncationMode(.head)
            .layout(in: ProposedViewSize(width: 100, height: nil), environment: environment)
        let headLeaf = try #require(head.leaf(at: 1))
        let headLayout = try #require((headLeaf.element as? Text)?.paragraphLayout(in: headLeaf.proposal, environment: headLeaf.environment))
        #expect(headLayout.lines[0].runs.first?.clusters == [-1])
        // Without a limit the same text wraps to two lines.
        let free = TestColumn { Text(string) }.layout(in: ProposedViewSize(width: 100, height: nil), environment: environment)
        #expect(close(free.root.frame.height, 2 * at17(1362)))
    }

    @Test("minimumScaleFactor and lineSpacing through the environment")
    func scaleAndSpacing() throws {
        let environment = try TextFixtures.environment()
        let string = "aaaa bbbb"
        // One line of 84.388 pt in 60: scaled to about 60 / 84.388 = 0.711, not truncated.
        let scaled = Text(string).lineLimit(1).minimumScaleFactor(0.5)
        let leaf = try #require(scaled.layout(in: ProposedViewSize(width: 60, height: nil), environment: environment).leaf(at: 0))
        let layout = try #require((leaf.element as? Text)?.paragraphLayout(in: leaf.proposal, environment: leaf.environment))
        #expect(!layout.isTruncated && layout.scale < 1 && abs(layout.scale - 60 / at17(4964)) < 2e-3)
        #expect(Double(leaf.frame.width) <= 60 + 1e-9)
        // lineSpacing 5 between two lines: 2 × 23.154 + 5.
        let spaced = Text(string).lineSpacing(5).layout(in: ProposedViewSize(width: 50, height: nil), environment: environment)
        #expect(close(spaced.root.frame.height, 2 * at17(1362) + 5))
    }

    @Test("multilineTextAlignment is relative to the layout direction, whatever the paragraph's direction")
    func alignment() throws {
        var environment = try TextFixtures.environment()
        let proposal = ProposedViewSize(width: 50, height: nil)
        // Lines "aaaa" 38.148 and "bbbb" 41.82: the first has 3.672 pt of slack.
        let slack = at17(2460) - at17(2244)
        func firstLineX(_ alignment: TextAlignment, _ string: String = "aaaa bbbb") throws -> Double {
            var env = environment
            env.multilineTextAlignment = alignment
            return try #require(Text(string).paragraphLayout(in: proposal, environment: env)).lines[0].x
        }
        #expect(close(try firstLineX(.leading), 0))
        #expect(close(try firstLineX(.center), slack / 2))
        #expect(close(try firstLineX(.trailing), slack))
        environment.layoutDirection = .rightToLeft
        #expect(close(try firstLineX(.leading), slack))
        #expect(close(try firstLineX(.trailing), 0))
        // A Hebrew paragraph (right-to-left) in a right-to-left environment: leading is the right edge.
        // Width 0 puts every letter on its own line (ו 301 units, א 632): narrower lines have slack.
        let hebrew = "אבגדה ו"
        var rtl = environment
        rtl.multilineTextAlignment = .leading
        let rtlLayout = try #require(Text(hebrew).paragraphLayout(in: ProposedViewSize(width: 0, height: nil), environment: rtl))
        let narrow = try #require(rtlLayout.lines.first { $0.width < Double(rtlLayout.size.width) - 1 })
        #expect(close(narrow.x, Double(rtlLayout.size.width) - narrow.width))
        // The same paragraph in a left-to-right environment: leading is the left edge.
        var ltr = rtl
        ltr.layoutDirection = .leftToRight
        let ltrLayout = try #require(Text(hebrew).paragraphLayout(in: ProposedViewSize(width: 0, height: nil), environment: ltr))
        #expect(ltrLayout.lines.allSatisfy { close($0.x, 0) })
    }

    @Test("tracking and kerning add after every grapheme cluster; tracking drops the fi ligature")
    func trackingAndKerning() throws {
        let environment = try TextFixtures.environment()
        // "ab" 19.992 + 2 clusters × 2 pt.
        #expect(close(idealWidth(Text("ab").tracking(2), environment), at17(1176) + 4))
        #expect(close(idealWidth(Text("ab").kerning(2), environment), at17(1176) + 4))
        #expect(close(idealWidth(Text("ab").kerning(1).tracking(2), environment), at17(1176) + 6))
        // "fi": one ligature glyph (602 units) normally and with kerning; f 344 + i 258 with tracking.
        #expect(try Text("fi").kerning(1).paragraph(in: environment).fontRuns.map(\.glyphCount) == [1])
        #expect(try Text("fi").tracking(1).paragraph(in: environment).fontRuns.map(\.glyphCount) == [2])
        #expect(close(idealWidth(Text("fi").tracking(1), environment), at17(602) + 2))
    }

    @Test("The environment's locale becomes the runs' BCP 47 language; the POSIX default means none")
    func locale() throws {
        let environment = try TextFixtures.environment()
        #expect(Text("ab").styledText(in: environment).runs[0].attributes.locale == nil)
        let result = Text("ab").environment(\.locale, Locale(identifier: "ja_JP")).layout(in: .unspecified, environment: environment)
        let leaf = try #require(result.leaf(at: 0))
        #expect(leaf.environment.textLanguage == "ja-JP")
        #expect((leaf.element as? Text)?.styledText(in: leaf.environment).runs[0].attributes.locale == "ja-JP")
        var loose = environment
        loose.locale = Locale(identifier: "ja_JP@lb=loose")
        #expect(loose.textLanguage == "ja-JP-u-lb-loose")
        loose.locale = Locale(identifier: "zh_Hans_TW")
        #expect(loose.textLanguage == "zh-Hans-TW")
    }

    @Test("Font point sizes: styles scale, system and fixed sizes do not, custom scales relative to body")
    func fontPointSizes() {
        #expect(Font.largeTitle.pointSize() == 34 && Font.largeTitle.pointSize(at: .accessibility5) == 60)
        #expect(Font.caption2.pointSize(at: .xSmall) == 11)
        #expect(Font.system(size: 13, weight: .bold).pointSize(at: .accessibility3) == 13)
        #expect(Font.custom("X", fixedSize: 9).pointSize(at: .xxxLarge) == 9)
        #expect(close(Font.custom("X", size: 17).pointSize(at: .xxxLarge), 23))
        #expect(Font.system(.title2).pointSize() == 22)
        #expect(Font.body.bold() != Font.body)
        // HIG's emphasized weights: body semibold, title 1 bold, caption 1 semibold; a fixed size bold.
        #expect(Font.body.bold().request().0.weight == .semibold && Font.title.bold().request().0.weight == .bold)
        #expect(Font.caption.bold().request().0.weight == .semibold && Font.system(size: 13).bold().request().0.weight == .bold)
        #expect(Font.body.bold().weight(.heavy).request().0.weight == .heavy)
    }
}

@Suite("Text leaf: what cannot be measured")
struct TextFailureTests {
    @Test("Without a shaper a text is 0 × 0, has no baselines, and says why")
    func noShaper() throws {
        let cache = TextMeasurementCache()
        var environment = try TextFixtures.environment(cache: cache)
        environment.textShaper = nil
        let text = Text("ab")
        #expect(text.sizeThatFits(.unspecified, environment: environment) == .zero)
        #expect(text.explicitAlignment(of: .firstTextBaseline, in: .zero, proposal: .unspecified, environment: environment) == nil)
        #expect(text.paragraphLayout(in: .unspecified, environment: environment) == nil)
        #expect(throws: (any Error).self) { try text.paragraph(in: environment) }
        #expect(cache.failures.count == 1 && cache.failures[0].text == "ab" && !cache.failures[0].fellBack)
    }

    @Test("An unknown custom family falls back to the system family and is recorded")
    func unknownFamily() throws {
        let cache = TextMeasurementCache()
        let environment = try TextFixtures.environment(cache: cache)
        let size = Text("ab").font(.custom("No Such Family", size: 17)).sizeThatFits(.unspecified, environment: environment)
        #expect(close(size.width, at17(1176)))
        let failure = try #require(cache.failures.first)
        #expect(failure.fellBack)
        guard case TypographyError.unknownFamily(let name, _)? = failure.error as? TypographyError else {
            Issue.record("expected unknownFamily, got \(failure.error)")
            return
        }
        #expect(name == "No Such Family")
    }

    @Test("An invalid size measures 0 × 0 and the paragraph throws the size error")
    func invalidSize() throws {
        let cache = TextMeasurementCache()
        let environment = try TextFixtures.environment(cache: cache)
        let text = Text("ab").font(.system(size: -4))
        #expect(text.sizeThatFits(.unspecified, environment: environment) == .zero)
        #expect(throws: TypographyError.self) { try text.paragraph(in: environment) }
        #expect(cache.failures.count == 1)
    }

    @Test("What a text reads from the environment is resolved once per state of it, and follows every change")
    func defaultsPerEnvironment() throws {
        var environment = try TextFixtures.environment()
        let text = Text("ab")
        #expect(TextDefaults.of(environment) === TextDefaults.of(environment))  // kept with the environment's token
        func attributes() -> TextAttributes { text.styledText(in: environment).runs[0].attributes }
        #expect(attributes() == TextAttributes(size: .style(.body)))
        environment.font = .title
        #expect(attributes() == TextAttributes(size: .style(.title)))
        environment.textBold = true  // SwiftUI's title is bold when emphasized (Apple's table)
        #expect(attributes() == TextAttributes(font: FontRequest(weight: .bold), size: .style(.title)))
        environment.locale = Locale(identifier: "de_DE")
        #expect(attributes().locale == "de-DE")
        environment.textTracking = 2
        #expect(attributes().tracking == 2 && attributes().features == FontFeature.offForTracking)
        environment.textCase = .uppercase
        #expect(text.styledText(in: environment).string == "AB")
        environment.lineLimit = 0
        #expect(text.paragraphStyle(in: environment).lineLimit == 1)  // clamped, as Text.paragraphStyle(in:) says
        // A run's own attributes still win over the kept defaults.
        #expect(text.font(.body).fontWeight(.light).styledText(in: environment).runs[0].attributes.font.weight == .light)
        // The environment nothing was set in has no token: its defaults are made on each call.
        #expect(TextDefaults.of(EnvironmentValues()) !== TextDefaults.of(EnvironmentValues()))
        #expect(Text("ab").styledText(in: EnvironmentValues()).runs[0].attributes == TextAttributes(size: .style(.body)))
    }

}
