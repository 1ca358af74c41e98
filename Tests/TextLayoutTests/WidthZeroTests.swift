import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

// SwiftUI's width-0 proposal (what stacks ask each text first) puts every grapheme cluster on a
// line of its own. A `Text` answers it from `Paragraph.widthZero`, which computes the size and the
// baselines without making that layout (a line object per cluster). The answers must be the
// layout's to the bit: each is held here to a paragraph built in a shaper of its own and laid out
// at width 0 by the line breaker.

@Suite("Width 0: SwiftUI's minimum answered without its layout, the same to the bit")
struct WidthZeroTests {
    static let zero = ProposedViewSize(width: 0, height: nil)

    func environment(_ size: DynamicTypeSize = .large) throws -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.textShaper = Shaper(library: try Fixtures.library.get())
        environment.textMeasurementCache = TextMeasurementCache(paragraphCapacity: 4_096)
        environment.dynamicTypeSize = size
        return environment
    }

    /// The text's width-0 layout, from a paragraph built in `shaper` (its own caches).
    func reference(_ text: Text, _ environment: EnvironmentValues, _ shaper: Shaper) throws -> ParagraphLayout {
        let styled = text.styledText(in: environment), style = Text.paragraphStyle(in: environment)
        return try Paragraph(styled, style: style, shaper: shaper, analysis: Analysis(styled, direction: style.direction)).layout(width: 0)
    }

    /// Mismatches between `text`'s width-0 answer and its reference layout.
    func compare(_ text: Text, _ label: String, _ environment: EnvironmentValues, _ shaper: Shaper) throws -> String? {
        let size = text.sizeThatFits(Self.zero, environment: environment)
        let first = text.explicitAlignment(of: .firstTextBaseline, in: size, proposal: Self.zero, environment: environment)
        let last = text.explicitAlignment(of: .lastTextBaseline, in: size, proposal: Self.zero, environment: environment)
        let expected = try reference(text, environment, shaper)
        let baselines = expected.lines.isEmpty ? nil : (CGFloat(expected.firstBaseline), CGFloat(expected.lastBaseline))
        guard size == expected.size, first == baselines?.0, last == baselines?.1 else {
            return "\(label): \(size) \(String(describing: first)) \(String(describing: last)) vs \(expected.size) \(String(describing: baselines))"
        }
        return nil
    }

    @Test("Every benchmark tag, at three Dynamic Type sizes: the layout's size and baselines, with no layout made")
    func corpus() throws {
        let shaper = Shaper(library: try Fixtures.library.get())
        var mismatches: [String] = []
        for size in [DynamicTypeSize.xSmall, .large, .accessibility5] {
            let environment = try environment(size)
            for tag in SingleLineIdealTests.tags {
                if let problem = try compare(Text(tag), "\(tag) at \(size)", environment, shaper) { mismatches.append(problem) }
            }
            let statistics = environment.textMeasurementCache.statistics
            #expect(statistics.minimumsWithoutLayout == SingleLineIdealTests.tags.count)
            #expect(statistics.layoutsComputed == 0, "\(statistics.layoutsComputed) width-0 layouts made")
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// Line spacing, fixed line metrics, centred and trailing alignment, right-to-left text, hard
    /// breaks, tabs, soft hyphens, combining marks, emoji and fallback fonts, trailing spaces,
    /// negative tracking, the empty string.
    @Test("Styles and texts that change the stacking or the widths: still the layout's answer")
    func styles() throws {
        let shaper = Shaper(library: try Fixtures.library.get())
        let texts = ["", " ", "a", "Hello, world", "fi ffi office", "a\nb\n", "tab\tstop", "hy\u{AD}phen\u{AD}ated",
                     "e\u{301}te\u{301}", "👩‍👩‍👧 family", "مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया", "日本語のテキスト",
                     "mixed العربية and English", "trailing   ", "AVATAR Type"]
        var mismatches: [String] = []
        for (name, configure) in [
            ("plain", { (_: inout EnvironmentValues) in }),
            ("line spacing", { (e: inout EnvironmentValues) in e.lineSpacing = 3.7 }),
            ("centred", { (e: inout EnvironmentValues) in e.multilineTextAlignment = .center }),
            ("trailing", { (e: inout EnvironmentValues) in e.multilineTextAlignment = .trailing }),
            ("right to left", { (e: inout EnvironmentValues) in e.layoutDirection = .rightToLeft }),
        ] as [(String, (inout EnvironmentValues) -> Void)] {
            var environment = try environment()
            configure(&environment)
            for text in texts {
                if let problem = try compare(Text(verbatim: text), "\(name) \(text.debugDescription)", environment, shaper) {
                    mismatches.append(problem)
                }
            }
        }
        let plain = try environment()
        for text in texts {
            if let problem = try compare(Text(verbatim: text).tracking(-2), "tracked \(text.debugDescription)", plain, shaper) {
                mismatches.append(problem)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test("A line limit or a minimum scale factor can change the width-0 layout: those are laid out")
    func limitsAreLaidOut() throws {
        let shaper = Shaper(library: try Fixtures.library.get())
        for (name, configure) in [
            ("line limit", { (e: inout EnvironmentValues) in e.lineLimit = 2 }),
            ("minimum scale", { (e: inout EnvironmentValues) in e.minimumScaleFactor = 0.5 }),
        ] as [(String, (inout EnvironmentValues) -> Void)] {
            var environment = try environment()
            configure(&environment)
            let text = Text("Truncated or scaled")
            #expect(try compare(text, name, environment, shaper) == nil)
            #expect(try text.paragraph(in: environment).widthZero == nil, "\(name)")
            let statistics = environment.textMeasurementCache.statistics
            #expect(statistics.minimumsWithoutLayout == 0 && statistics.layoutsComputed == 1, "\(name): \(statistics)")
        }
        // Without them, the answer needs no layout; asked again, the text's memo answers.
        let environment = try environment()
        let text = Text("Every grapheme on a line")
        let once = text.sizeThatFits(Self.zero, environment: environment)
        #expect(text.sizeThatFits(Self.zero, environment: environment) == once)
        #expect(try text.paragraph(in: environment).layoutCount == 0)
        #expect(environment.textMeasurementCache.statistics.minimumsWithoutLayout == 1)
        // 20 graphemes (Every 5, grapheme 8, on 2, a 1, line 4; the 4 spaces hang): 20 lines of Noto
        // Sans at 17 pt, hhea ascender 1069 + descender 293 = 1362 units a line.
        #expect(abs(once.height - 20 * 17 * 1.362) < 1e-9, "\(once.height)")
    }
}
