// The invariants every paragraph layout keeps, checked by the `measure` and `bidi` targets:
//   1. sizes, baselines and glyph positions are finite, sizes ≥ 0;
//   2. the widest line is at most the proposal, unless the line holds a single grapheme cluster
//      (or, truncated, nothing but the ellipsis) — `.word` wrapping may overflow by design;
//   3. the lines cover the text exactly once (contiguous ranges from 0 to the scalar count), and
//      each line's glyph runs cover its range exactly once (a truncated line: at most once);
//   4. baselines lie inside the box (0 … height) — with fixed line metrics, every line is the
//      strut's height instead —, line limits and heights are kept;
//   5. the same question gets the same answer (a fresh paragraph, proposals asked in another order);
//   6. the min-content width is finite and at most the ideal width;
//   7. `idealSize`, which a one-line text answers from its shaped runs before any analysis, is the
//      ideal layout's size, to the bit.
// Contract sources: Paragraph.layout(width:height:) and LineLayout docs, ../shared/DESIGN.md.
import Foundation
import TextFit

public struct ParagraphCase {
    public let text: StyledText
    public let style: ParagraphStyle
    /// Proposals to lay out at, in this order (the second paragraph asks them in reverse).
    public let proposals: [(width: Double?, height: Double?)]

    public init(text: StyledText, style: ParagraphStyle, proposals: [(width: Double?, height: Double?)]) {
        self.text = text
        self.style = style
        self.proposals = proposals
    }

    /// What the failure message shows besides the text.
    var parameters: String {
        let attributes = text.runs.map { "\($0.range): \($0.attributes.size) \($0.attributes.dynamicTypeSize) tracking \($0.attributes.tracking) locale \($0.attributes.locale ?? "-") weight \($0.attributes.font.weight?.value ?? 0) italic \($0.attributes.font.italic)" }
        return "style \(style), runs \(attributes)"
    }
}

public enum ParagraphInvariants {
    /// Builds the paragraph twice and checks every proposal on both. Inputs the library rejects
    /// (an invalid size) must throw from both, with the same error.
    public static func check(_ test: ParagraphCase, shaper: Shaper) {
        let first: Paragraph, second: Paragraph
        do {
            first = try Paragraph(test.text, style: test.style, shaper: shaper)
        } catch {
            if (try? Paragraph(test.text, style: test.style, shaper: shaper)) != nil {
                violation("Paragraph.init threw once (\(error)) and then succeeded; \(test.parameters)", input: test.text.string)
            }
            return
        }
        do {
            second = try Paragraph(test.text, style: test.style, shaper: shaper)
        } catch {
            violation("Paragraph.init succeeded once and then threw \(error); \(test.parameters)", input: test.text.string)
        }
        let graphemeStarts = Set(TextSegmentation.graphemeBoundaries(test.text.string))
        let scalars = Array(test.text.string.unicodeScalars)
        var answers: [ParagraphLayout] = []
        for proposal in test.proposals {
            let layout = first.layout(width: proposal.width, height: proposal.height)
            checkLayout(layout, proposal: proposal, test: test, scalars: scalars, graphemeStarts: graphemeStarts)
            answers.append(layout)
        }
        // 7. Asked of the fresh paragraph first, before anything analyses it.
        let idealLayoutSize = first.layout(width: nil).size
        if second.idealSize != idealLayoutSize {
            violation("idealSize \(second.idealSize) is not the ideal layout's size \(idealLayoutSize); \(test.parameters)", input: test.text.string)
        }
        let zeroIdeal = idealLayoutSize.width <= 0
        for (index, proposal) in test.proposals.enumerated().reversed() {
            let again = second.layout(width: proposal.width, height: proposal.height)
            if Known.skips("zero-width-reuse"), zeroIdeal, normalized(proposal.width) == 0 { continue }
            if let difference = difference(answers[index], again) {
                violation("same question, different answer (\(difference)) at width \(String(describing: proposal.width)), height \(String(describing: proposal.height)); \(test.parameters)", input: test.text.string)
            }
        }
        checkMinimum(first, test: test)
    }

    static func checkLayout(_ layout: ParagraphLayout, proposal: (width: Double?, height: Double?), test: ParagraphCase,
                            scalars: [Unicode.Scalar], graphemeStarts: Set<Int>) {
        func fail(_ what: String) -> Never {
            violation("\(what) — at width \(String(describing: proposal.width)), height \(String(describing: proposal.height)); \(test.parameters)",
                      input: test.text.string)
        }
        let n = scalars.count
        let eps = 1e-6
        // 1. Finite, ≥ 0.
        let size = layout.size
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else { fail("size \(size) is not finite and ≥ 0") }
        guard layout.firstBaseline.isFinite, layout.lastBaseline.isFinite, layout.scale.isFinite, layout.scale > 0 else {
            fail("baselines \(layout.firstBaseline)/\(layout.lastBaseline) or scale \(layout.scale) not finite")
        }
        for (i, line) in layout.lines.enumerated() {
            for (name, value) in [("width", line.width), ("x", line.x), ("top", line.top), ("baseline", line.baseline),
                                  ("ascent", line.ascent), ("descent", line.descent), ("leading", line.leading)] where !value.isFinite {
                fail("line \(i) \(name) is \(value)")
            }
            if line.width < -eps { fail("line \(i) width \(line.width) < 0") }
        }
        // 3. The lines cover the text exactly once.
        if n == 0 {
            if layout.lines.count > 1 || layout.lines.contains(where: { !$0.range.isEmpty }) { fail("empty text has lines \(layout.lines.map(\.range))") }
        } else {
            let ranges = layout.lines.map(\.range)
            guard let firstRange = ranges.first, firstRange.lowerBound == 0, ranges.last!.upperBound == n,
                  zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound == $1.lowerBound }) else {
                fail("line ranges \(ranges) do not cover 0..<\(n) exactly once")
            }
        }
        // 4. Limits and baselines inside the box.
        if let limit = test.style.lineLimit, layout.lines.count > max(1, limit) { fail("\(layout.lines.count) lines > lineLimit \(limit)") }
        let truncatedOK = Known.skips("truncated-line-taller") && layout.isTruncated
        if let height = normalized(proposal.height), layout.lines.count > 1, size.height > height + eps, !truncatedOK {
            fail("\(layout.lines.count) lines \(size.height) high in a height of \(height) (only the first may overflow)")
        }
        if case .fixed(let strut) = test.style.lineMetrics {
            // A strut lower than the font puts the baseline below the line box, as CSS's negative
            // half-leading does: the contract is the height, so that is what is checked.
            let scaledStrut = strut * layout.scale
            for (i, line) in layout.lines.enumerated() where abs(line.height - scaledStrut) > eps * max(1, scaledStrut) {
                fail("line \(i) is \(line.height) high with fixed line metrics of \(scaledStrut)")
            }
        } else {
            for (i, line) in layout.lines.enumerated() where line.baseline < -eps || line.baseline > size.height + eps || line.top < -eps {
                fail("line \(i) baseline \(line.baseline) (top \(line.top)) outside the box 0…\(size.height)")
            }
        }
        if let firstLine = layout.lines.first, layout.firstBaseline != firstLine.baseline || layout.lastBaseline != layout.lines.last!.baseline {
            fail("firstBaseline/lastBaseline \(layout.firstBaseline)/\(layout.lastBaseline) are not the lines' \(firstLine.baseline)/\(layout.lines.last!.baseline)")
        }
        // 2. Widest line ≤ proposal unless a single grapheme cluster (or the ellipsis alone) is wider.
        if let width = normalized(proposal.width), test.style.wrap != .word {
            for (i, line) in layout.lines.enumerated() where line.width > width + eps + width * 1e-12 {
                if line.isTruncated {
                    let shown = line.runs.filter { !$0.range.isEmpty }.flatMap { Array($0.range) }.filter { !hangs(scalars[$0]) }
                    if !shown.isEmpty { fail("truncated line \(i) is \(line.width) wide > \(width) yet shows text at \(shown.prefix(8))…") }
                } else {
                    var end = line.range.upperBound
                    while end > line.range.lowerBound, hangs(scalars[end - 1]) { end -= 1 }
                    let clusters = (line.range.lowerBound..<end).filter { graphemeStarts.contains($0) }.count
                    if clusters > 1 { fail("line \(i) \(line.range) is \(line.width) wide > \(width) with \(clusters) grapheme clusters") }
                }
            }
        }
        if layout.size.width + eps < (layout.lines.map(\.width).max() ?? 0) { fail("size.width \(size.width) < widest line") }
        // 3 (glyph runs) and 1 (positions).
        for (i, line) in layout.lines.enumerated() {
            let runs = line.runs
            var pen = runs.first?.x ?? 0
            for run in runs {
                guard run.glyphs.count == run.positions.count, run.glyphs.count == run.advances.count,
                      run.glyphs.count == run.clusters.count else { fail("line \(i) run \(run.range) has mismatched glyph arrays") }
                guard run.x.isFinite, run.width.isFinite, run.positions.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
                      run.advances.allSatisfy(\.isFinite) else { fail("line \(i) run \(run.range) has non-finite positions") }
                if abs(run.x - pen) > 1e-6 * max(1, abs(pen)) { fail("line \(i) run \(run.range) starts at \(run.x), the pen is at \(pen)") }
                pen = run.x + run.width
                if !run.range.isEmpty, !(run.range.lowerBound >= line.range.lowerBound && run.range.upperBound <= line.range.upperBound) {
                    fail("line \(i) \(line.range) has a run for \(run.range)")
                }
                if let stray = run.clusters.first(where: { run.range.isEmpty ? $0 != -1 : !run.range.contains($0) }) {
                    fail("line \(i) run \(run.range) has a glyph of cluster \(stray)")
                }
            }
            let textRanges = runs.map(\.range).filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
            if zip(textRanges, textRanges.dropFirst()).contains(where: { $0.upperBound > $1.lowerBound }) {
                fail("line \(i) runs overlap: \(textRanges)")
            }
            // The runs show the line without its hanging trailing whitespace (spaces and hard breaks,
            // which hang past the trailing edge and have no glyphs); an all-hanging line has none.
            var shown = line.range.upperBound
            while shown > line.range.lowerBound, hangsAtLineEnd(scalars[shown - 1]) { shown -= 1 }
            if !line.isTruncated, shown == line.range.lowerBound, !textRanges.isEmpty {
                fail("line \(i) \(line.range) is hanging whitespace only, yet has runs \(textRanges)")
            }
            if !line.isTruncated, shown > line.range.lowerBound {
                guard textRanges.first?.lowerBound == line.range.lowerBound, textRanges.last?.upperBound == shown,
                      zip(textRanges, textRanges.dropFirst()).allSatisfy({ $0.upperBound == $1.lowerBound }) else {
                    fail("line \(i) \(line.range): its runs \(textRanges) do not cover \(line.range.lowerBound)..<\(shown) (the line without its hanging whitespace) exactly once")
                }
            }
        }
    }

    /// 6. Min-content: finite, ≥ 0, at most the ideal width (of the paragraph without a line limit).
    static func checkMinimum(_ paragraph: Paragraph, test: ParagraphCase) {
        let minimum = paragraph.minimumSize
        guard minimum.width.isFinite, minimum.height.isFinite, minimum.width >= 0, minimum.height >= 0 else {
            violation("minimumSize \(minimum.width)×\(minimum.height) not finite and ≥ 0; \(test.parameters)", input: test.text.string)
        }
        var unlimited = test.style
        unlimited.lineLimit = nil
        unlimited.minimumScaleFactor = 1
        guard let free = unlimited == test.style ? paragraph : try? paragraph.restyled(unlimited) else { return }
        let ideal = free.layout(width: nil).size.width
        if minimum.width > ideal + 1e-6 {
            violation("min-content width \(minimum.width) (segment \(escaped(minimum.segment, limit: 40))) > ideal width \(ideal); \(test.parameters)",
                      input: test.text.string)
        }
    }

    /// Why two layouts of the same question differ, or nil.
    static func difference(_ a: ParagraphLayout, _ b: ParagraphLayout) -> String? {
        if a.size != b.size { return "size \(a.size) vs \(b.size)" }
        if a.isTruncated != b.isTruncated || a.scale != b.scale { return "truncated/scale \(a.isTruncated)/\(a.scale) vs \(b.isTruncated)/\(b.scale)" }
        if a.lines.count != b.lines.count { return "\(a.lines.count) vs \(b.lines.count) lines" }
        for (i, (x, y)) in zip(a.lines, b.lines).enumerated()
        where x.range != y.range || x.width != y.width || x.x != y.x || x.top != y.top || x.baseline != y.baseline
            || x.isTruncated != y.isTruncated || x.isHyphenated != y.isHyphenated {
            return "line \(i): \(x.range) w \(x.width) x \(x.x) top \(x.top) baseline \(x.baseline) vs \(y.range) w \(y.width) x \(y.x) top \(y.top) baseline \(y.baseline)"
        }
        return nil
    }

    /// The paragraph's normalisation of a proposal: NaN and negative → 0, ∞ → none.
    static func normalized(_ value: Double?) -> Double? {
        guard let value else { return nil }
        if value.isNaN || value < 0 { return 0 }
        return value.isInfinite ? nil : value
    }

    /// Whitespace that hangs at a line's end, as documented on TextLayout's Analysis.hangs.
    static func hangs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

/// Whitespace that hangs at a line's end (UAX #14 spaces, written out independently of TextLayout's
/// table: U+0020, U+1680, U+2000–U+2006, U+2008–U+200A, U+205F, U+3000) and the hard breaks (LF, VT,
/// FF, CR, NEL, U+2028, U+2029).
private func hangsAtLineEnd(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
}
