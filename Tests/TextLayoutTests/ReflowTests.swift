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
