import Testing
@testable import TextLayout
import Typography

@Suite("Shape once, reflow at any width")
struct ReflowTests {
    static let paragraph = """
        Django is a high-level Python web framework that encourages rapid development and clean, \
        pragmatic design. Built by experienced developers, it takes care of much of the hassle of web \
        development, so you can focus on writing your app without needing to reinvent the wheel.
        """

    @Test("A 50-width sweep and twelve Dynamic Type sizes call HarfBuzz for nothing new (no word wider than the line)")
    func noReshape() throws {
        let shaper = Shaper(library: try Fixtures.library.get())
        let attributes = TextAttributes(size: .style(.body))
        let paragraph = try Paragraph(StyledText(Self.paragraph, attributes: attributes), shaper: shaper)
        let afterShaping = shaper.shapingCount
        #expect(afterShaping > 0)
        // From the min-content width up, every line ends at a space, where HarfBuzz marks it safe.
        let minimum = paragraph.minimumSize.width
        for k in 0..<50 { _ = paragraph.layout(width: minimum + Double(k) * 10) }
        // Latin breaks at spaces are safe to break: no reshape at any width.
        #expect(shaper.shapingCount == afterShaping)
        for size in DynamicTypeSize.allCases {
            let resized = try paragraph.resized(to: size)
            _ = resized.layout(width: resized.minimumSize.width + 50)
        }
        #expect(shaper.shapingCount == afterShaping)
    }

    /// The layouts of `a` and `b` at widths nil, 0, 90 and 160: equal sizes, line ranges and baselines.
    static func expectSameLayouts(_ a: Paragraph, _ b: Paragraph, _ what: String) {
        for width in [nil, 0, 90, 160] as [Double?] {
            let (x, y) = (a.layout(width: width), b.layout(width: width))
            #expect(x.size == y.size, "\(what), width \(String(describing: width))")
            #expect(x.lines.map(\.range) == y.lines.map(\.range), "\(what), width \(String(describing: width))")
            #expect(x.firstBaseline == y.firstBaseline && x.lastBaseline == y.lastBaseline, "\(what)")
        }
    }

    @Test("resized(to:) sizes and tracks each piece by its own style run: three runs equal a text made at each size")
    func resizedKeepsEachRunsSize() throws {
        let shaper = Shaper(library: try Fixtures.library.get())  // its own: the test counts its shapings
        // Body, a tracked headline (semibold) and an Arabic caption (another face, right to left):
        // their sizes differ at every Dynamic Type size (Apple's table), so a piece given another
        // run's size or tracking changes the widths.
        func text(_ size: DynamicTypeSize) -> StyledText {
            var body = TextAttributes(size: .style(.body)), headline = TextAttributes(size: .style(.headline), tracking: 1.5)
            var caption = TextAttributes(size: .style(.caption), locale: "ar")
            (body.dynamicTypeSize, headline.dynamicTypeSize, caption.dynamicTypeSize) = (size, size, size)
            return StyledText("Settings and ", attributes: body) + StyledText("privacy 2026 ", attributes: headline)
                + StyledText("الإعدادات والخصوصية", attributes: caption)
        }
        let paragraph = try Paragraph(text(.large), shaper: shaper)
        #expect(paragraph.text.runs.count == 3)
        #expect(Set(paragraph.pieces.map(\.run)) == [0, 1, 2])
        for size in DynamicTypeSize.allCases {
            let shapings = shaper.shapingCount
            let resized = try paragraph.resized(to: size)
            #expect(shaper.shapingCount == shapings, "\(size): static fonts, so nothing is shaped again")
            #expect(resized.pieces.map(\.run) == paragraph.pieces.map(\.run))
            Self.expectSameLayouts(resized, try Paragraph(text(size), shaper: shaper), "\(size)")
        }
    }

    @Test("resized(to:) an Android font scale: each run's Material letter spacing follows the scale, as in a text made at it")
    func resizedFollowsMaterialTracking() throws {
        let shaper = Shaper(library: try Fixtures.library.get())  // its own: the test counts its shapings
        // labelLarge's letter spacing is 0.1 sp, bodyMedium's 0.2 sp (Compose's TypeScaleTokens); in
        // dp each grows with the font scale, on Android 14's curve, as the sizes do.
        func text(_ scale: AndroidFontScale) -> StyledText {
            var label = TextAttributes(size: .material(.labelLarge), platform: .android, fontScale: scale)
            let body = TextAttributes(size: .material(.bodyMedium), platform: .android, fontScale: scale)
            label.tracking = 0.5
            return StyledText("Sign in ", attributes: label) + StyledText("to continue to Settings", attributes: body)
        }
        let paragraph = try Paragraph(text(.standard), shaper: shaper)
        for scale in AndroidFontScale.settingsValues {
            let shapings = shaper.shapingCount
            let resized = try paragraph.resized(to: scale)
            // Roboto's axes are wght and wdth (no opsz): the pieces are rescaled, not shaped again.
            #expect(shaper.shapingCount == shapings, "\(scale): nothing is shaped again")
            Self.expectSameLayouts(resized, try Paragraph(text(scale), shaper: shaper), "\(scale)")
        }
    }

    @Test("Arabic broken inside a word reshapes only the pieces at the line ends")
    func unsafeEnds() throws {
        let shaper = Shaper(library: try Fixtures.library.get())
        let text = "السلام عليكم ورحمة الله وبركاته"
        let paragraph = try Paragraph(StyledText(text, attributes: TextAttributes(size: .points(17))), shaper: shaper)
        let before = shaper.shapingCount
        let layout = paragraph.layout(width: 20)  // narrower than any word: grapheme breaks inside words
        #expect(layout.lineCount > 5)
        let reshapes = shaper.shapingCount - before
        #expect(reshapes > 0)
        // At most two small pieces per line end, never the whole text again.
        #expect(reshapes <= 2 * layout.lineCount)
        // The same layout again is a memo hit: no shaping.
        let again = shaper.shapingCount
        _ = paragraph.layout(width: 20)
        #expect(shaper.shapingCount == again)
    }

    @Test("A line cut inside a HarfBuzz cluster (a ligature) is reshaped: each line is as wide as its text shaped alone")
    func cutsInsideClusters() throws {
        // hb-shape (HarfBuzz 6.0) on fonts/NotoSans-Regular.ttf, 1000 units per em:
        // "office" → o 605 | f_f_i 946 (one cluster, from scalar 1) | c 480 | e 564.
        // Alone: o 605, f 344, "ff" (f_f) 688, i 258, c 480, e 564; "of" 605+344, "ic" 258+480, "ce" 480+564.
        let office = try Fixtures.paragraph("office")
        let scale = 17.0 / 1000
        // Width 0: a line per grapheme cluster, each shaped alone.
        let zero = office.layout(width: 0)
        #expect(Fixtures.lineTexts(zero, "office") == ["o", "f", "f", "i", "c", "e"])
        let expectedZero = [605, 344, 344, 258, 480, 564].map { Double($0) * scale }
        #expect(zero.lines.count == expectedZero.count)
        for (line, expected) in zip(zero.lines, expectedZero) { #expect(abs(line.width - expected) < 1e-9) }
        // Width 12 (no break opportunity inside the word: grapheme cuts, each line as full as fits):
        // "of" 949 u = 16.133 > 12 → "o"; "ff" 688 u = 11.696 fits, "ffi" 946 u = 16.082 does not → "ff";
        // "ic" 738 u = 12.546 > 12 → "i"; "ce" 1044 u = 17.748 > 12 → "c"; then "e".
        let twelve = office.layout(width: 12)
        #expect(Fixtures.lineTexts(twelve, "office") == ["o", "ff", "i", "c", "e"])
        let expectedTwelve = [605, 688, 258, 480, 564].map { Double($0) * scale }
        for (line, expected) in zip(twelve.lines, expectedTwelve) { #expect(abs(line.width - expected) < 1e-9) }
        #expect(twelve.size.width <= 12)
        // Lam-alef (fonts/NotoSansArabic-Regular.ttf, 1000 units): "لا" is one glyph of 582 in one
        // cluster; cut between its two graphemes, lam alone is 695 and alef alone 238.
        let lamAlef = try Fixtures.paragraph("لا")
        let lines = lamAlef.layout(width: 0).lines
        #expect(lines.map(\.range) == [0..<1, 1..<2])
        #expect(lines.count == 2 && abs(lines[0].width - 695 * scale) < 1e-9 && abs(lines[1].width - 238 * scale) < 1e-9)
    }

    @Test("Named reuse rules: the same proposal, and an ideal that fits a wider proposal")
    func reuseRules() throws {
        let paragraph = try Fixtures.paragraph("reuse me")
        let first = paragraph.layout(width: 30)
        #expect(first.reuse == nil)
        #expect(paragraph.layout(width: 30).reuse == .sameProposal)
        let ideal = paragraph.layout(width: nil)
        let wide = paragraph.layout(width: ideal.size.width + 100)
        #expect(wide.reuse == .idealFitsWiderProposal)
        #expect(wide.size == ideal.size)
        #expect(paragraph.layout(width: ideal.size.width - 1).reuse == nil)
    }
}
