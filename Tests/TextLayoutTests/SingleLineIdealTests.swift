import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

// A text of one left-to-right line is shaped but not analysed until its first layout, and its
// ideal size comes from the shaped runs (`SingleLineIdeal`). Those answers must be the ones the
// paragraph's layout gives, to the bit, and the layouts made after the late analysis the ones an
// analysed paragraph makes. The reference paragraphs are built in a shaper of their own.

@Suite("One-line texts: ideal sizes from shaping, analysis on the first layout")
struct SingleLineIdealTests {
    /// The 1,995 benchmark tags (35 locales, ~20 scripts, right-to-left ones among them).
    static let corpus: [String] = {
        let path = Fixtures.repository.appendingPathComponent("Benchmarks/Corpus/tags.tsv").path
        let contents = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return contents.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 1)
            return fields.count == 2 ? String(fields[1]) : nil
        }
    }()
    /// The distinct tags, in corpus order (a repeated one would find its paragraph cached).
    static let tags: [String] = {
        var seen = Set<String>()
        return corpus.filter { seen.insert($0).inserted }
    }()

    /// An environment with a shaper and a text cache of its own (so line caches and counts never mix).
    func environment(_ size: DynamicTypeSize = .large, font: Font = .body) throws -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.textShaper = Shaper(library: try Fixtures.library.get())
        environment.textMeasurementCache = TextMeasurementCache(paragraphCapacity: 4_096)
        environment.dynamicTypeSize = size
        environment.font = font
        return environment
    }

    /// `text`'s paragraph in `environment`, built in `reference` (its own shaper) and analysed now.
    func reference(_ text: Text, _ environment: EnvironmentValues, _ reference: Shaper) throws -> Paragraph {
        let styled = text.styledText(in: environment), style = Text.paragraphStyle(in: environment)
        return try Paragraph(styled, style: style, shaper: reference, analysis: Analysis(styled, direction: style.direction))
    }

    @Test("Every benchmark tag at every Dynamic Type size: the same ideal size and baselines as its paragraph's layout")
    func corpusAtEverySize() throws {
        #expect(Self.corpus.count == 1_995 && Self.tags.count == 1_663)
        let shaper = Shaper(library: try Fixtures.library.get())
        var mismatches: [String] = []
        for (size, font, bold) in DynamicTypeSize.allCases.map({ ($0, Font.body, false) }) + [(.xSmall, .headline, true), (.accessibility3, .caption, false)] {
            let environment = try environment(size, font: font)
            for tag in Self.tags {
                let text = bold ? Text(tag).bold() : Text(tag)
                let answer = text.sizeThatFits(.unspecified, environment: environment)
                let first = text.explicitAlignment(of: .firstTextBaseline, in: answer, proposal: .unspecified, environment: environment)
                let last = text.explicitAlignment(of: .lastTextBaseline, in: answer, proposal: .unspecified, environment: environment)
                let expected = try reference(text, environment, shaper).layout(width: nil)
                if answer != expected.size || first != CGFloat(expected.firstBaseline) || last != CGFloat(expected.lastBaseline) {
                    mismatches.append("\(tag) at \(size): \(answer) \(String(describing: first)) vs \(expected.size) \(expected.firstBaseline)")
                }
            }
            let statistics = environment.textMeasurementCache.statistics
            // The 213 distinct tags with right-to-left characters (Arabic, Hebrew, Persian, Urdu…)
            // are laid out; the other 1,450 are one line (counted by a Python script over
            // tags.tsv with the rule of `SingleLineIdeal.qualifies`).
            #expect(statistics.idealsWithoutLayout == 1_450, "\(statistics.idealsWithoutLayout) ideals without layout at \(size)")
            #expect(statistics.paragraphsBuilt == Self.tags.count && statistics.layoutsComputed == 213)
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test("A one-line paragraph is analysed on its first layout, and lays out as one analysed at once")
    func analysisWaitsForTheFirstLayout() throws {
        let environment = try environment()
        let fresh = Shaper(library: try Fixtures.library.get())
        var waited = 0, mismatches: [String] = []
        for tag in Self.tags {
            let text = Text(tag)
            _ = text.sizeThatFits(.unspecified, environment: environment)
            let paragraph = try text.paragraph(in: environment)
            if !paragraph.isAnalysed {
                waited += 1
                if paragraph.singleLine == nil { mismatches.append("\(tag): not analysed, but no ideal") }
                // Another size shares the shaping and waits too.
                let larger = try paragraph.resized(to: .accessibility1)
                let eager = try reference(text, environment, fresh).resized(to: .accessibility1)
                if larger.isAnalysed || larger.idealSize != eager.layout(width: nil).size {
                    mismatches.append("\(tag) at accessibility1: \(larger.idealSize) vs \(eager.layout(width: nil).size)")
                }
            }
            let expected = try reference(text, environment, fresh)
            let runs = paragraph.fontRuns.map { "\($0.range) \($0.face) \($0.script) \($0.glyphCount) \($0.width)" }
            let expectedRuns = expected.fontRuns.map { "\($0.range) \($0.face) \($0.script) \($0.glyphCount) \($0.width)" }
            if runs != expectedRuns { mismatches.append("\(tag): runs \(runs) vs \(expectedRuns)") }
            for width in [nil, 0, 60, 100] as [Double?] {
                let (a, b) = (paragraph.layout(width: width), expected.layout(width: width))
                let glyphs = a.lines.flatMap(\.runs).flatMap(\.glyphs), expectedGlyphs = b.lines.flatMap(\.runs).flatMap(\.glyphs)
                if a.size != b.size || a.firstBaseline != b.firstBaseline || a.lines.map(\.range) != b.lines.map(\.range)
                    || glyphs != expectedGlyphs {
                    mismatches.append("\(tag) at \(String(describing: width)): \(a.size) vs \(b.size)")
                }
            }
            if !paragraph.isAnalysed { mismatches.append("\(tag): laid out but not analysed") }
            // A late analysis takes pure left-to-right levels without scanning the text: they must be
            // the levels the bidi algorithm gives it.
            let (late, eager) = (paragraph.analysis.bidi, expected.analysis.bidi)
            if late.isPureLTR != eager.isPureLTR || late.baseLevel != eager.baseLevel || late.levels != eager.levels
                || late.visualRuns(in: 0..<paragraph.analysis.scalars.count) != eager.visualRuns(in: 0..<expected.analysis.scalars.count) {
                mismatches.append("\(tag): bidi levels \(late.levels) vs \(eager.levels)")
            }
        }
        #expect(waited == 1_450)
        #expect(mismatches.isEmpty, "\(mismatches.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test("Other texts are analysed at once and laid out for their ideal size")
    func othersAreLaidOut() throws {
        let environment = try environment()
        let shaper = Shaper(library: try Fixtures.library.get())
        let texts = [
            Text("trailing space "), Text("tab\there"), Text("two\nlines"), Text("line\u{2028}separator"),
            Text("שלום world"), Text("Arabic عربي"), Text("bell\u{7}"), Text("tracked").tracking(1), Text("kerned").kerning(0.5),
            Text("two ") + Text("runs").bold(), Text(""),
        ]
        for text in texts {
            let answer = text.sizeThatFits(.unspecified, environment: environment)
            #expect(answer == (try reference(text, environment, shaper).layout(width: nil).size), "\(text.string)")
            #expect(try text.paragraph(in: environment).isAnalysed, "\(text.string)")
        }
        let statistics = environment.textMeasurementCache.statistics
        #expect(statistics.idealsWithoutLayout == 0)
        #expect(statistics.paragraphsBuilt == texts.count && statistics.layoutsComputed == texts.count)
        #expect(!SingleLineIdeal.qualifies("") && !SingleLineIdeal.qualifies("a\u{85}") && !SingleLineIdeal.qualifies("a\u{3000}"))
        #expect(SingleLineIdeal.qualifies("a\u{A0}") && SingleLineIdeal.qualifies("日本語") && SingleLineIdeal.qualifies(" leading"))
    }

    @Test("Tasks laying out one unanalysed paragraph at once share one analysis and agree")
    func concurrentFirstLayouts() async throws {
        let shaper = Shaper(library: try Fixtures.library.get())
        let styled = StyledText("Concurrent first layouts", attributes: TextAttributes(size: .points(17)))
        let expected = try Paragraph(styled, style: ParagraphStyle(), shaper: shaper, analysis: Analysis(styled, direction: .auto))
        let widths: [Double?] = [nil, 0, 40, 80, 120, 160, 200, 240]
        for _ in 0..<20 {
            let paragraph = try Paragraph(styled, shaper: shaper)
            #expect(!paragraph.isAnalysed)
            let sizes = await withTaskGroup(of: (Int, CGSize).self) { group in
                for (index, width) in widths.enumerated() { group.addTask { (index, paragraph.layout(width: width).size) } }
                var sizes = [CGSize](repeating: .zero, count: widths.count)
                for await (index, size) in group { sizes[index] = size }
                return sizes
            }
            #expect(sizes == widths.map { expected.layout(width: $0).size })
            #expect(paragraph.isAnalysed && paragraph.content === paragraph.content)
        }
    }

    @Test("The sizes and styles of an unanalysed paragraph share one analysis, made by the first of them laid out")
    func siblingsShareTheAnalysis() throws {
        let shaper = Shaper(library: try Fixtures.library.get())
        let styled = StyledText("A paragraph long enough to wrap at every Dynamic Type size, asked at each size",
                                attributes: TextAttributes(size: .style(.body)))
        let paragraph = try Paragraph(styled, shaper: shaper)
        let siblings = try DynamicTypeSize.allCases.map { try paragraph.resized(to: $0) }
            + [try paragraph.restyled(ParagraphStyle(lineLimit: 2))]
        #expect(siblings.allSatisfy { !$0.isAnalysed })
        for sibling in siblings { _ = sibling.layout(width: 100) }
        func storage(_ p: Paragraph) -> UnsafeRawPointer? { p.analysis.breaks.withUnsafeBytes { $0.baseAddress } }
        #expect(siblings.allSatisfy { storage($0) == storage(siblings[0]) })
        #expect(!paragraph.isAnalysed)
        #expect(storage(paragraph) == storage(siblings[0]))  // analysed now, with the same facts
        let eager = try Paragraph(styled, style: ParagraphStyle(), shaper: shaper, analysis: Analysis(styled, direction: .auto))
        for (size, sibling) in zip(DynamicTypeSize.allCases, siblings) {
            #expect(sibling.layout(width: 100).size == (try eager.resized(to: size)).layout(width: 100).size)
        }
    }
}
