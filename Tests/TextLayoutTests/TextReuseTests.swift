import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

// Each test counts the layouts the line breaker computed (`Paragraph.layoutCount`) and the rules
// the cache names (`TextMeasurementCache.statistics.reuses`), with a private cache per test.
// Widths: "aaaa bbbb" at 17 pt is 84.388 on one line; at 60 it wraps into "aaaa " (38.148) and
// "bbbb" (41.82), so the wrapped layout is 41.82 wide. It is one line, so its ideal size comes from
// its shaped runs, with no layout (SingleLineIdealTests).

@Suite("Text leaf: measurement reuse by named rules")
struct TextReuseTests {
    let string = "aaaa bbbb"
    let wrappedWidth = at17(2460)  // "bbbb"

    func setUp() throws -> (TextMeasurementCache, EnvironmentValues, Paragraph) {
        let cache = TextMeasurementCache()
        let environment = try TextFixtures.environment(cache: cache)
        return (cache, environment, try Text(string).paragraph(in: environment))
    }

    func proposal(_ width: CGFloat?, _ height: CGFloat? = nil) -> ProposedViewSize { ProposedViewSize(width: width, height: height) }

    @Test("sameProposal: size, both baselines and the renderer's layout for one proposal cost one layout")
    func sameProposal() throws {
        let (cache, environment, paragraph) = try setUp()
        let text = Text(string)
        let p = proposal(60)
        let size = text.sizeThatFits(p, environment: environment)
        _ = text.explicitAlignment(of: .firstTextBaseline, in: size, proposal: p, environment: environment)
        _ = text.explicitAlignment(of: .lastTextBaseline, in: size, proposal: p, environment: environment)
        _ = text.paragraphLayout(in: p, environment: environment)
        #expect(paragraph.layoutCount == 1)
        #expect(cache.statistics.reuses[.sameProposal] == 3)
        #expect(cache.statistics.layoutsComputed == 1 && cache.statistics.paragraphsBuilt == 1)
    }

    @Test("sameProposal across trees: a second tree over the same cache lays the text out again for free")
    func sameProposalAcrossTrees() throws {
        let (cache, environment, paragraph) = try setUp()
        let column = TestColumn { Text(string); Text(string) }
        _ = column.layout(in: proposal(60), environment: environment)
        // One proposal (60 × nil) for both texts: they share one paragraph and one layout.
        #expect(paragraph.layoutCount == 1)
        _ = column.layout(in: proposal(60), environment: environment)
        #expect(paragraph.layoutCount == 1)
        #expect(cache.statistics.paragraphsBuilt == 1 && cache.statistics.layoutsComputed == 1)
    }

    @Test("a tree laid out again at the same proposal asks the text cache nothing: sizes and baselines are kept per leaf")
    func relayoutAsksNothing() throws {
        let (cache, environment, _) = try setUp()
        let tree = LayoutTree(TestColumn { Text(string); Text("cccc") }, environment: environment)
        _ = tree.layout(in: proposal(60))
        let asked = cache.statistics
        _ = tree.layout(in: proposal(60))
        #expect(cache.statistics == asked, "the second pass reached the cache: \(cache.statistics) after \(asked)")
    }

    @Test("canonically equivalent strings are different texts to the cache (keys compare UTF-8 bytes)")
    func byteKeys() throws {
        let (cache, environment, _) = try setUp()
        let precomposed = Text("caf\u{E9}"), decomposed = Text("cafe\u{301}")
        #expect(precomposed.string == decomposed.string)  // Swift's String equality: canonical equivalence
        let (built, count) = (cache.statistics.paragraphsBuilt, cache.count)  // setUp's paragraph
        _ = precomposed.sizeThatFits(.unspecified, environment: environment)
        _ = decomposed.sizeThatFits(.unspecified, environment: environment)
        #expect(cache.statistics.paragraphsBuilt == built + 2)
        #expect(cache.count == count + 2)
    }

    @Test("idealFitsWiderProposal: after the ideal, any width that holds its line is free; a narrower one is not")
    func idealFitsWider() throws {
        let (cache, environment, paragraph) = try setUp()
        let text = Text(string)
        let ideal = text.sizeThatFits(.unspecified, environment: environment)
        #expect(close(ideal.width, at17(4964)))
        #expect(text.sizeThatFits(proposal(500), environment: environment) == ideal)
        #expect(text.sizeThatFits(proposal(ideal.width), environment: environment) == ideal)  // exactly its width
        // The ideal came from the shaped runs, and the text's memo answered the wider widths.
        #expect(cache.statistics.idealsWithoutLayout == 1 && paragraph.layoutCount == 0)
        #expect(cache.statistics.reuses[.idealFitsWiderProposal] == 2)
        // 84 < 84.388: the line no longer fits, a real layout.
        #expect(close(text.sizeThatFits(proposal(84), environment: environment).width, wrappedWidth))
        #expect(paragraph.layoutCount == 1)
    }

    @Test("The text's memo keeps its ideal answer when wider proposals fill it: none of them needs a layout")
    func idealAnswerOutlivesWiderOnes() throws {
        let (cache, environment, paragraph) = try setUp()
        let text = Text(string)
        let ideal = text.sizeThatFits(.unspecified, environment: environment)
        // Each is remembered (eight answers a memo: the ideal and nine widths make ten); the oldest
        // leave (500, then 400), never the ideal one.
        let widths: [CGFloat] = [500, 400, 350, 300, 250, 200, 150, 130, 120]
        for width in widths {
            #expect(text.sizeThatFits(proposal(width), environment: environment) == ideal)
        }
        #expect(paragraph.layoutCount == 0 && cache.statistics.reuses[.idealFitsWiderProposal] == 9)
        #expect(text.sizeThatFits(proposal(500), environment: environment) == ideal)  // left the memo: the rule again
        #expect(paragraph.layoutCount == 0 && cache.statistics.reuses[.idealFitsWiderProposal] == 10)
        #expect(text.sizeThatFits(proposal(120), environment: environment) == ideal)  // still in the memo: no rule
        #expect(cache.statistics.reuses[.idealFitsWiderProposal] == 10 && cache.statistics.reuses[.sameProposal] == 1)
    }

    @Test("idealFitsWiderProposal from the paragraph's ideal layout, when the renderer asked for it first")
    func idealLayoutFitsWider() throws {
        let (cache, environment, paragraph) = try setUp()
        let text = Text(string)
        let ideal = try #require(text.paragraphLayout(in: .unspecified, environment: environment)).size
        #expect(text.sizeThatFits(proposal(500), environment: environment) == ideal)
        #expect(paragraph.layoutCount == 1 && cache.statistics.idealsWithoutLayout == 0)
        #expect(cache.statistics.reuses[.idealFitsWiderProposal] == 1)
    }

    @Test("idealFitsWiderProposal also answers nil after a width that wrapped nothing")
    func unwrappedAnswersIdeal() throws {
        let (cache, environment, _) = try setUp()
        // Two hard lines, so the ideal size needs a layout (a one-line text's comes from shaping).
        let text = Text("aaaa\nbbbb")
        let paragraph = try text.paragraph(in: environment)
        let at200 = text.sizeThatFits(proposal(200), environment: environment)
        #expect(text.sizeThatFits(.unspecified, environment: environment) == at200)
        #expect(paragraph.layoutCount == 1 && cache.statistics.reuses[.idealFitsWiderProposal] == 1)
    }

    @Test("narrowerProposalStillFits: proposing back the measured width (or anything up to the old proposal) is free")
    func narrowerStillFits() throws {
        let (cache, environment, paragraph) = try setUp()
        let text = Text(string)
        let measured = text.sizeThatFits(proposal(60), environment: environment)
        #expect(close(measured.width, wrappedWidth))
        #expect(text.sizeThatFits(proposal(measured.width), environment: environment) == measured)
        #expect(text.sizeThatFits(proposal(50), environment: environment) == measured)
        #expect(paragraph.layoutCount == 1)
        #expect(cache.statistics.reuses[.narrowerProposalStillFits] == 2)
        // Below the widest line, "bbbb" no longer fits: computed (and broken inside the word).
        _ = text.sizeThatFits(proposal(40), environment: environment)
        #expect(paragraph.layoutCount == 2)
        // Wider than the old proposal is not covered: "aaaa bbbb" may fit again.
        _ = text.sizeThatFits(proposal(70), environment: environment)
        #expect(paragraph.layoutCount == 3)
    }

    @Test("tallerProposalStillFits: another height that holds every line is free; a shorter one truncates")
    func tallerStillFits() throws {
        let (cache, environment, paragraph) = try setUp()
        let text = Text(string)
        let free = text.sizeThatFits(proposal(60), environment: environment)
        #expect(text.sizeThatFits(proposal(60, 100), environment: environment) == free)
        #expect(text.sizeThatFits(proposal(60, free.height), environment: environment) == free)
        #expect(paragraph.layoutCount == 1 && cache.statistics.reuses[.tallerProposalStillFits] == 2)
        // 30 < 46.308: one line, truncated — a real layout.
        #expect(close(text.sizeThatFits(proposal(60, 30), environment: environment).height, at17(1362)))
        #expect(paragraph.layoutCount == 2)
    }

    @Test("A truncated layout is never reused for another proposal")
    func truncatedNotReused() throws {
        let cache = TextMeasurementCache()
        var environment = try TextFixtures.environment(cache: cache)
        environment.lineLimit = 1
        let text = Text(string)
        let paragraph = try text.paragraph(in: environment)
        let cut = try #require(text.paragraphLayout(in: proposal(60), environment: environment))
        #expect(cut.isTruncated)
        _ = text.sizeThatFits(proposal(cut.size.width), environment: environment)
        #expect(paragraph.layoutCount == 2)
        #expect(cache.statistics.reuses[.narrowerProposalStillFits] == nil)
    }

    @Test("A word broken between graphemes is not reused for a narrower width")
    func forcedBreakNotReused() throws {
        let (_, environment, paragraph) = try setUp()
        let text = Text(string)
        // At 40 "bbbb" (41.82) is broken inside; its widest line is narrower than 40.
        let broken = text.sizeThatFits(proposal(40), environment: environment)
        #expect(broken.width < 40)
        _ = text.sizeThatFits(proposal(broken.width), environment: environment)
        #expect(paragraph.layoutCount == 2)
    }

    @Test("A new Dynamic Type size resizes the cached paragraph instead of building one")
    func dynamicTypeResizes() throws {
        let cache = TextMeasurementCache()
        var environment = try TextFixtures.environment(cache: cache)
        let text = Text(string)
        _ = text.sizeThatFits(.unspecified, environment: environment)
        environment.dynamicTypeSize = .accessibility2
        let large = text.sizeThatFits(.unspecified, environment: environment)
        // Body at accessibility2 is 33 pt: 4964 units × 0.033.
        #expect(close(large.width, 4.964 * 33))
        #expect(cache.statistics.paragraphsBuilt == 1 && cache.statistics.paragraphsResized == 1)
        // From one non-default size to another, and to `.large` from a text first measured at
        // another size: resized each time, never built again.
        environment.dynamicTypeSize = .xSmall
        _ = text.sizeThatFits(.unspecified, environment: environment)
        let other = Text("Dynamic Type")
        environment.dynamicTypeSize = .xLarge
        _ = other.sizeThatFits(.unspecified, environment: environment)
        environment.dynamicTypeSize = .large
        _ = other.sizeThatFits(.unspecified, environment: environment)
        #expect(cache.statistics.paragraphsBuilt == 2 && cache.statistics.paragraphsResized == 3)
    }

    @Test("Under android a new font scale resizes (and restyles, for the Material line height) instead of building")
    func fontScaleResizes() throws {
        let cache = TextMeasurementCache()
        var environment = try TextFixtures.environment(cache: cache)
        environment.platform = .android
        let text = Text(string)
        var sizes: [CGSize] = []
        for scale in [1.3, 2, 1] {
            environment.fontScale = try AndroidFontScale(scale)
            sizes.append(text.sizeThatFits(.unspecified, environment: environment))
        }
        let heights = sizes.map { Double($0.height) }
        #expect(cache.statistics.paragraphsBuilt == 1 && cache.statistics.paragraphsResized == 2)
        // bodyLarge's 24 sp line: 30.3 dp at 1.3 (16 → 20.2 in AOSP's 1.3 table), 42 at 2, 24 at 1.
        #expect(zip(heights, [30.3, 42, 24]).allSatisfy { abs($0 - $1) < 1e-3 }, "\(heights)")
        // The same answers as texts built at each scale.
        for (scale, size) in zip([1.3, 2, 1], sizes) {
            var fresh = try TextFixtures.environment(cache: TextMeasurementCache())
            fresh.platform = .android
            fresh.fontScale = try AndroidFontScale(scale)
            #expect(Text(string).sizeThatFits(.unspecified, environment: fresh) == size)
            // Wrapped too: the resized paragraph breaks lines as the fresh one does.
            environment.fontScale = fresh.fontScale
            let narrow = ProposedViewSize(width: 60, height: nil)
            #expect(Text(string).sizeThatFits(narrow, environment: fresh) == text.sizeThatFits(narrow, environment: environment))
        }
    }

    @Test("Container reuse end to end: one tree laid out at 200, nil and 100 lays its text out once")
    func treePaysOnce() throws {
        let (cache, environment, paragraph) = try setUp()
        let tree = LayoutTree(TestColumn { Text(string); Box(width: 5, height: 5) }, environment: environment)
        // 200 holds the whole line (84.388): nothing wraps, so the ideal (nil) and 100 are the same lines.
        let wide = tree.layout(in: proposal(200))
        let ideal = tree.layout(in: .unspecified)
        let hundred = tree.layout(in: proposal(100))
        // 200 is laid out; nil comes from the shaped runs; 100 holds that ideal line.
        #expect(paragraph.layoutCount == 1 && cache.statistics.idealsWithoutLayout == 1)
        #expect(cache.statistics.layoutsComputed == 1 && cache.statistics.reuses[.idealFitsWiderProposal] == 1)
        for result in [wide, ideal, hundred] { #expect(close(result.root.frame.width, at17(4964))) }
    }

    @Test("The cache is bounded: the least recently used paragraphs leave first")
    func bounded() throws {
        let cache = TextMeasurementCache(paragraphCapacity: 4)
        let environment = try TextFixtures.environment(cache: cache)
        for i in 0..<10 { _ = Text("text \(i)").sizeThatFits(.unspecified, environment: environment) }
        #expect(cache.count <= 4)
        #expect(cache.statistics.paragraphsBuilt == 10)
    }

    /// Issue 27: 1,024 paragraphs of 10,000 characters held about half a gigabyte; the byte bound
    /// keeps the estimate (1 KiB + 64 B a byte: 65,024 B for 1,000 bytes) under the capacity.
    @Test("The cache is bounded in bytes too: long texts push out others, one over the bound alone is not kept")
    func boundedInBytes() throws {
        #expect(TextMeasurementCache.estimatedBytes(utf8Count: 1_000) == 1_024 + 64_000)
        let cache = TextMeasurementCache(paragraphCapacity: 100, paragraphByteCapacity: 3 * 65_024)
        let environment = try TextFixtures.environment(cache: cache)
        func long(_ i: Int) -> String { String(repeating: "word\(i % 10) ", count: 1_000 / 6) + String(repeating: "x", count: 1_000 % 6) }
        for i in 0..<6 { _ = Text(verbatim: long(i)).sizeThatFits(.unspecified, environment: environment) }
        #expect(long(0).utf8.count == 1_000)
        #expect(cache.count <= 3 && cache.bytes <= 3 * 65_024, "\(cache.count) paragraphs, \(cache.bytes) bytes")
        #expect(cache.statistics.paragraphsEvicted >= 3)
        // Over the bound alone: measured the same as with room for it, but not kept.
        let huge = String(repeating: "Rindfleisch ", count: 1_000)
        let kept = cache.count, evicted = cache.statistics.paragraphsEvicted
        let measured = Text(verbatim: huge).sizeThatFits(ProposedViewSize(width: 300, height: nil), environment: environment)
        let roomy = Text(verbatim: huge).sizeThatFits(ProposedViewSize(width: 300, height: nil), environment: try TextFixtures.environment())
        #expect(measured == roomy)
        #expect(cache.count == kept && cache.statistics.paragraphsEvicted == evicted + 1)
    }

    @Test("Eviction drops the least recently used: a text just asked for stays, the oldest goes")
    func leastRecentlyUsed() throws {
        let cache = TextMeasurementCache(paragraphCapacity: 4)
        let environment = try TextFixtures.environment(cache: cache)
        func ask(_ i: Int) { _ = Text("text \(i)").sizeThatFits(.unspecified, environment: environment) }
        for i in 0..<4 { ask(i) }  // full: 0 1 2 3
        ask(0)                     // 0 is now the most recent; 1 the least
        ask(4)                     // a fifth: a quarter (one) leaves, text 1
        #expect(cache.statistics.paragraphsBuilt == 5)
        ask(0)
        #expect(cache.statistics.paragraphsBuilt == 5, "text 0 was used last and must still be cached")
        ask(1)
        #expect(cache.statistics.paragraphsBuilt == 6, "text 1 was the least recently used and must have left")
    }
}

@Suite("Text leaf: one cache, many tasks")
struct TextConcurrencyTests {
    @Test("Measuring the same texts from many tasks at once gives the answers one task gets")
    func parallelMeasuring() async throws {
        let cache = TextMeasurementCache(paragraphCapacity: 8)
        let environment = try TextFixtures.environment(cache: cache)
        let texts = (0..<12).map { Text("aaaa bbbb \($0)") }
        let widths: [CGFloat?] = [nil, 60, 50, 200, 0]
        // The answers of a cache no one else uses, one question at a time.
        let serial = try TextFixtures.environment()
        let expected = texts.map { text in widths.map { text.sizeThatFits(ProposedViewSize(width: $0, height: nil), environment: serial) } }
        let results = await withTaskGroup(of: (Int, [CGSize]).self) { group in
            for task in 0..<16 {
                group.addTask {
                    let index = task % texts.count
                    return (index, widths.map { texts[index].sizeThatFits(ProposedViewSize(width: $0, height: nil), environment: environment) })
                }
            }
            var all: [(Int, [CGSize])] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        for (index, sizes) in results { #expect(sizes == expected[index]) }
        #expect(cache.count <= 8)
    }
}

@Suite("Paragraph memory: remembered layouts do not keep their paragraph alive")
struct ParagraphLifetimeTests {
    /// A paragraph laid out (and so remembered in its own memo) is freed when its last user lets go,
    /// even while a layout it handed out is kept; that layout keeps drawing its runs from the
    /// paragraph's shaped content, which is freed with the last layout.
    @Test("a laid-out paragraph is freed; a layout it handed out still has its runs")
    func paragraphIsFreed() throws {
        weak var released: Paragraph?
        weak var content: ParagraphContent?
        var kept: ParagraphLayout?
        do {
            let paragraph = try Fixtures.paragraph("aaaa bbbb")
            _ = paragraph.layout(width: nil)
            _ = paragraph.layout(width: 60)
            kept = paragraph.layout(width: 60)  // answered from the memo
            released = paragraph
            content = paragraph.content
        }
        #expect(kept?.reuse == .sameProposal)
        #expect(released == nil, "the paragraph's memo kept it alive (a retain cycle through its layouts)")
        // The kept layout still draws: "aaaa " and "bbbb" have their glyphs (one per letter in
        // Noto Sans, which has no ligature for these; the hanging space may be drawn).
        let glyphCounts = kept?.lines.map { $0.runs.reduce(0) { $0 + $1.glyphs.count } } ?? []
        #expect(glyphCounts.count == 2 && glyphCounts.allSatisfy { $0 >= 4 }, "\(glyphCounts)")
        #expect(content != nil)
        kept = nil
        #expect(content == nil, "the shaped content outlived every layout made from it")
    }
}

@Suite("Negative tracking")
struct NegativeTrackingTests {
    /// Found by fuzzing (Fuzz/crashes/measure/negative-tracking-width): "P(" tracked −30 pt measured
    /// −74.6 pt wide. Tracking may pull glyphs together, at most until a cluster's advance is 0; a
    /// size is never negative, at any proposal, nor the minimum.
    @Test func sizesAreNeverNegative() throws {
        var attributes = TextAttributes(size: .points(17))
        attributes.tracking = -30
        let paragraph = try Paragraph(StyledText("P\u{0}(", attributes: attributes), shaper: Fixtures.shaper())
        for width in [nil, 0, 5, 100] as [Double?] {
            let layout = paragraph.layout(width: width)
            #expect(layout.size.width >= 0 && layout.lines.allSatisfy { $0.width >= 0 }, "width \(String(describing: width)): \(layout.size)")
        }
        #expect(paragraph.minimumSize.width >= 0)
    }

    /// Found by fuzzing (Fuzz/crashes/measure/negative-tracking-min-content): a tracking more negative
    /// than a cluster's advance moved the pen back, so the whole line was narrower than one word on
    /// it — min-content wider than the ideal width, which CSS and the line breaker's reuse rules
    /// take for granted never happens.
    ///
    /// Hand computation, Noto Sans Regular advances (`hb-shape`): a 561, space 260, b 615 units/em.
    /// "a " at 1 pt tracked −1: a 0.561 and space 0.26, each less than 1, so each closes to 0
    /// (without the floor: 0.561 − 1 + 0.26 − 1 = −1.179). "b" at 10 pt, untracked: 6.15.
    /// Ideal width 0 + 0 + 6.15 = 6.15 (it was 6.15 − 1.179 = 4.971); min-content: the longer of
    /// "a" (0) and "b" (6.15) = 6.15 ≤ ideal; "b" starts at x = 0, not −1.179.
    @Test func aLineIsNeverNarrowerThanAWordOnIt() throws {
        var tight = TextAttributes(size: .points(1))
        tight.tracking = -1
        let text = StyledText("a ", attributes: tight) + StyledText("b", attributes: TextAttributes(size: .points(10)))
        let paragraph = try Paragraph(text, shaper: Fixtures.shaper())
        let ideal = paragraph.layout(width: nil)
        #expect(abs(Double(ideal.size.width) - 6.15) < 1e-9)
        #expect(abs(paragraph.minimumSize.width - 6.15) < 1e-9)
        #expect(paragraph.minimumSize.width <= Double(ideal.size.width) + 1e-9)
        let b = try #require(ideal.lines.first?.runs.last)
        #expect(b.clusters == [2])
        #expect(abs(b.x) < 1e-9 && abs(b.positions[0].x) < 1e-9)
        // Asked first at the ideal width, a fresh paragraph lays out the same single line.
        let fresh = try Paragraph(text, shaper: Fixtures.shaper()).layout(width: 6.15)
        #expect(fresh.lineCount == 1 && abs(Double(fresh.size.width) - 6.15) < 1e-9)
    }
}

@Suite("Width 0 after the ideal")
struct ZeroWidthOrderTests {
    /// Found by fuzzing (Fuzz/crashes/bidi/zero-width-reuse): a text whose ideal width is 0 answered
    /// width 0 with its ideal layout when the ideal was asked first, and with SwiftUI's minimum (one
    /// line per opportunity) otherwise. Three ZERO WIDTH SPACEs: 0 wide, a break after each (UAX #14
    /// ZW), so width 0 takes them: more than one line.
    @Test func widthZeroDoesNotDependOnWhatWasAskedFirst() throws {
        let text = "\u{200B}\u{200B}\u{200B}"
        let fresh = try Fixtures.paragraph(text).layout(width: 0)
        #expect(fresh.lineCount > 1)
        let afterIdeal = try Fixtures.paragraph(text)
        _ = afterIdeal.layout(width: nil)
        let second = afterIdeal.layout(width: 0)
        #expect(second.lineCount == fresh.lineCount)
        #expect(second.size == fresh.size)
    }
}

@Suite("Text leaf: a value remembers its answers")
struct TextMemoTests {
    // "aaaa bbbb" in Noto Sans: 4 × 561 (a) + 260 (space) + 4 × 615 (b) = 4,964 units per em on one line.
    let string = "aaaa bbbb"
    let ideal = 4_964.0

    @Test("the same value in another environment answers for that environment, and again for the first")
    func followsTheEnvironment() throws {
        let text = Text(string)
        let small = try TextFixtures.environment()
        var large = small
        large.font = .system(size: 34)
        #expect(close(text.sizeThatFits(.unspecified, environment: small).width, ideal * 17 / 1000))
        #expect(close(text.sizeThatFits(.unspecified, environment: large).width, ideal * 34 / 1000))
        #expect(close(text.sizeThatFits(.unspecified, environment: small).width, ideal * 17 / 1000))
        // Changed after it was used: a new environment, even with the old value written back.
        var changed = small
        changed.font = .system(size: 34)
        #expect(close(text.sizeThatFits(.unspecified, environment: changed).width, ideal * 34 / 1000))
        changed.font = nil
        #expect(close(text.sizeThatFits(.unspecified, environment: changed).width, ideal * 17 / 1000))
    }

    @Test("a modifier makes a new text: it does not answer with the original's sizes")
    func modifiersForget() throws {
        let environment = try TextFixtures.environment()
        let text = Text(string)
        #expect(close(text.sizeThatFits(.unspecified, environment: environment).width, ideal * 17 / 1000))
        let larger = text.font(.system(size: 34))
        #expect(close(larger.sizeThatFits(.unspecified, environment: environment).width, ideal * 34 / 1000))
        let concatenated = text + Text("aaaa")
        #expect(close(concatenated.sizeThatFits(.unspecified, environment: environment).width, (ideal + 4 * 561) * 17 / 1000))
    }

    @Test("a text that answered keeps no paragraph alive: emptying the cache frees it")
    func holdsNoParagraph() throws {
        let cache = TextMeasurementCache()
        let environment = try TextFixtures.environment(cache: cache)
        let text = Text(string)
        weak var released: Paragraph?
        do {
            let paragraph = try text.paragraph(in: environment)
            released = paragraph
            _ = text.sizeThatFits(.unspecified, environment: environment)
            _ = text.sizeThatFits(ProposedViewSize(width: 60, height: nil), environment: environment)
        }
        #expect(released != nil)
        cache.removeAll()
        #expect(released == nil, "the text's memo kept its paragraph alive past the cache")
        // It still answers (from its memo) what it answered before.
        #expect(close(text.sizeThatFits(.unspecified, environment: environment).width, ideal * 17 / 1000))
    }
}
