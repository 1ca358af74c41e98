import Testing
@testable import TextLayout
import Typography

@Suite("Right-to-left lines and mixed fonts")
struct BidiLayoutTests {
    @Test("An RTL paragraph lays its runs right to left; LTR words and numbers inside keep their order")
    func rtlOrder() throws {
        let text = "שלום 123 עולם"
        let layout = try Fixtures.paragraph(text).layout(width: nil)
        let runs = layout.lines[0].runs
        // Visual order, left to right: עולם (9..<13), space, 123, space, שלום (0..<4).
        #expect(runs.first?.range.lowerBound == 9)
        #expect(runs.last?.range == 0..<5 || runs.last?.range == 0..<4)
        let digits = try #require(runs.first { $0.range.contains(5) })
        #expect(digits.direction == .leftToRight)
        // Glyph x positions increase left to right across the line.
        let xs = runs.flatMap(\.positions).map(\.x)
        #expect(xs == xs.sorted())
    }

    @Test("Brackets in a right-to-left run are mirrored by HarfBuzz")
    func mirroring() throws {
        // hb-shape --font-funcs=ot --no-glyph-names fonts/NotoSans-Regular.ttf: LTR "(a)" gives glyphs
        // 11 ( 68 12 ); with --direction=rtl "(a)" gives 11=2 68=1 12=0: the '(' at cluster 0 is drawn
        // with glyph 12, the ')' shape. Brackets between Hebrew letters resolve to RTL (UAX #9 N0);
        // Noto Sans Hebrew has no brackets, so they fall back to Noto Sans.
        let text = "א(ב)ג"
        let line = try Fixtures.paragraph(text).layout(width: nil).lines[0]
        let bracketRuns = line.runs.filter { $0.face.family == "Noto Sans" }
        let glyphForCluster = Dictionary(bracketRuns.flatMap { run in zip(run.clusters, run.glyphs) }, uniquingKeysWith: { a, _ in a })
        #expect(glyphForCluster[1] == 12)  // '(' shown as ')'
        #expect(glyphForCluster[3] == 11)  // ')' shown as '('
        #expect(bracketRuns.allSatisfy { $0.direction == .rightToLeft })
    }

    @Test("Forced LTR direction changes the line's run order")
    func forcedDirection() throws {
        let text = "שלום abc"
        let rtl = try Fixtures.paragraph(text).layout(width: nil).lines[0].runs.map(\.range.lowerBound)
        let ltr = try Fixtures.paragraph(text, style: ParagraphStyle(direction: .leftToRight)).layout(width: nil).lines[0].runs.map(\.range.lowerBound)
        #expect(rtl.first == 5)   // abc on the left in an RTL paragraph
        #expect(ltr.first == 0)   // שלום on the left in an LTR paragraph
    }

    @Test("Baselines with fallback fonts: a line's ascent is the max over its fonts (apple), not under fixed")
    func mixedFontBaselines() throws {
        let text = "Hi مرحبا"
        let library = try Fixtures.library.get()
        let arabic = try library.match(FontRequest(family: "Noto Sans Arabic")).face.metrics.scaled(to: 17)
        let latin = try library.match(FontRequest()).face.metrics.scaled(to: 17)
        let layout = try Fixtures.paragraph(text).layout(width: nil)
        let ascent: Double = max(latin.ascent, arabic.ascent)
        let descent: Double = max(latin.descent, arabic.descent)
        #expect(layout.firstBaseline == ascent)
        #expect(Double(layout.size.height) == ascent + descent)
        let fixed = try Fixtures.paragraph(text, style: ParagraphStyle(lineMetrics: .fixed(20))).layout(width: nil)
        #expect(Double(fixed.size.height) == 20.0)
        // Half-leading around Noto Sans (the first run): ascent 18.173 + (20 − 23.154) / 2.
        #expect(abs(fixed.firstBaseline - (18.173 + (20 - 23.154) / 2)) < 1e-9)
    }

    @Test("Fixed line metrics are a strut: lines that start in a fallback font or an emoji keep the same pitch")
    func fixedStrutAcrossFallback() throws {
        // Every word on its own line; "안녕" (Hangul) and "😀" are drawn in fallback fonts.
        let text = "Hello 안녕 world 😀 again"
        let style = ParagraphStyle(wrap: .word, lineMetrics: .fixed(30))
        for layout in [try Fixtures.paragraph(text, style: style).layout(width: 0),
                       try Fixtures.paragraph("😀 again", style: style).layout(width: nil)] {
            // Noto Sans hhea (fontTools): ascender 1069, descender −293, 1000 units per em; at 17 pt
            // ascent 18.173 and descent 4.981, so the baseline sits 18.173 + (30 − 23.154) / 2 below
            // each line's top, and lines are 30 apart.
            for (index, line) in layout.lines.enumerated() {
                #expect(abs(line.baseline - (18.173 + (30 - 23.154) / 2 + 30 * Double(index))) < 1e-9)
            }
            #expect(Double(layout.size.height) == 30 * Double(layout.lines.count))
        }
    }

    @Test("lineSpacing goes between lines only; baselines step by line height + spacing")
    func lineSpacing() throws {
        let layout = try Fixtures.paragraph("a\nb\nc", size: 1000, style: ParagraphStyle(lineSpacing: 100)).layout(width: nil)
        #expect(Double(layout.size.height) == 3 * 1362.0 + 2 * 100)
        let expected: [Double] = [1069, 1069 + 1462, 1069 + 2 * 1462]
        #expect(layout.lines.map(\.baseline) == expected)
        #expect(layout.lastBaseline == 1069 + 2 * 1462)
    }

    @Test("Styled runs: Text(\"a\") + Text(\"b\").bold() is one paragraph across two faces")
    func styledRuns() throws {
        var bold = TextAttributes(font: FontRequest(weight: .bold), size: .points(1000))
        let regular = TextAttributes(size: .points(1000))
        let text = StyledText("aa ", attributes: regular) + StyledText("bb", attributes: bold)
        let paragraph = try Paragraph(text, shaper: Fixtures.shaper())
        #expect(paragraph.fontRuns.map { $0.face.styleName } == ["Regular", "Bold"])
        // Breaking across the style boundary: "aa " | "bb" (bold b is 0.7 em or so, so "bb" < 1500).
        let layout = paragraph.layout(width: 1500)
        #expect(layout.lines.map(\.range) == [0..<3, 3..<5])
        bold.tracking = 0
        #expect(text.runs.count == 2)
    }
}
