import Foundation
import Typography

/// Breaks a paragraph into lines for one proposal, then truncates, scales and places them.
///
/// | step | function |
/// |---|---|
/// | greedy first-fit at opportunities, grapheme breaks for over-wide words | `greedyLines(width:)` |
/// | width 0: every opportunity (and every grapheme) | `everyOpportunity()` |
/// | narrowest width with the greedy line count | `balancedLines(width:)` |
/// | line limit / height, minimum scale factor | `layout(width:height:)` |
/// | "…" at head, middle or tail | `truncatedLine(from:width:)` |
/// | metrics, baselines, visual runs | `place(_:scale:width:)` |
struct LineBreaker {
    let paragraph: ParagraphContent
    /// Every line's metrics under `.fixed` line metrics (see ``strut(_:text:shaper:)``); `nil` otherwise.
    let strut: Metrics?
    var analysis: Analysis { paragraph.analysis }
    var style: ParagraphStyle { paragraph.style }

    init(paragraph: ParagraphContent) {
        self.paragraph = paragraph
        if case .fixed(let height) = paragraph.style.lineMetrics {
            strut = Self.strut(height, text: paragraph.text, shaper: paragraph.shaper)
        } else {
            strut = nil
        }
    }

    /// A line before placement: the source range shown, and what decorates it.
    struct Line: Sendable {
        var start: Int
        var end: Int
        var hyphen = false
        /// For a truncated line: the kept source ranges around the ellipsis, in logical order.
        var truncation: Truncation?
        /// `paragraph.lineWidth(start, end, hyphen:)` when the breaker measured it already
        /// (placement measures the others).
        var width: Double?
    }

    /// A class, so a `Line` stays a few words: lines are copied into every placed line, and
    /// with the ellipsis's measurement inline each copy and destroy went through outlined
    /// value witnesses (callgrind: ~1,000 instructions a cold tag).
    final class Truncation: Sendable {
        let before: Range<Int>
        let after: Range<Int>
        let ellipsis: LineMeasurement

        init(before: Range<Int>, after: Range<Int>, ellipsis: LineMeasurement) {
            self.before = before
            self.after = after
            self.ellipsis = ellipsis
        }
    }

    struct Breaking {
        var lines: [Line]
        /// A word was broken between graphemes, or overflowed, to fit.
        var forced: Bool
    }

    // MARK: - Breaking

    func lines(width: Double?) -> Breaking {
        guard let width else { return greedyLines(width: nil) }
        if width <= 0 { return everyOpportunity() }
        if style.wrap == .balanced { return balancedLines(width: width) }
        return greedyLines(width: width)
    }

    /// Greedy first-fit: each line takes opportunities while the text up to them fits.
    func greedyLines(width: Double?) -> Breaking {
        let breaks = analysis.breaks
        let limit = width.map { $0 + 1e-9 } ?? .infinity
        var lines: [Line] = []
        lines.reserveCapacity(4)  // most texts take a few lines: one allocation, not one per doubling
        var forced = false
        var start = 0
        var candidate: (offset: Int, hyphen: Bool, width: Double)?
        var i = 0
        while i < breaks.count {
            let opportunity = breaks[i]
            if opportunity.offset <= start { i += 1; continue }
            let hyphen = opportunity.afterSoftHyphen && !opportunity.isMandatory
            if width == nil && !opportunity.isMandatory { i += 1; continue }
            let lineWidth = paragraph.lineWidth(start, opportunity.offset, hyphen: hyphen)
            if lineWidth <= limit {
                if opportunity.isMandatory {
                    lines.append(Line(start: start, end: opportunity.offset, width: lineWidth))
                    start = opportunity.offset
                    candidate = nil
                } else {
                    candidate = (opportunity.offset, hyphen, lineWidth)
                }
                i += 1
            } else if let found = candidate {
                lines.append(Line(start: start, end: found.offset, hyphen: found.hyphen, width: found.width))
                start = found.offset
                candidate = nil
            } else if style.wrap == .word {
                lines.append(Line(start: start, end: opportunity.offset, hyphen: hyphen, width: lineWidth))
                start = opportunity.offset
                forced = true
                i += 1
            } else {
                let (cut, cutWidth) = graphemeCut(from: start, before: opportunity.offset, limit: limit)
                lines.append(Line(start: start, end: cut, width: cutWidth))
                start = cut
                forced = true
            }
        }
        if analysis.endsWithHardBreak { lines.append(Line(start: analysis.scalars.count, end: analysis.scalars.count)) }
        return Breaking(lines: lines, forced: forced)
    }

    /// The largest grapheme boundary in `start + 1 ..< end` whose text from `start` fits, and
    /// that text's width; at least one grapheme cluster (its width then left to placement).
    private func graphemeCut(from start: Int, before end: Int, limit: Double) -> (Int, Double?) {
        var best: (Int, Double)?
        var g = start + 1
        while g < end {
            if analysis.isGraphemeStart[g] {
                let width = paragraph.lineWidth(start, g)
                if width > limit { break }
                best = (g, width)
            }
            g += 1
        }
        if let best { return best }
        var first = start + 1
        while first < end, !analysis.isGraphemeStart[first] { first += 1 }
        return (first, nil)
    }

    /// Width 0: a line at every opportunity; with `.wordThenCharacter`, every grapheme cluster on
    /// a line of its own (hanging spaces stay with the cluster before them).
    func everyOpportunity() -> Breaking {
        var lines: [Line] = []
        lines.reserveCapacity(analysis.scalars.count + 1)  // at most a line per scalar, and the empty last line
        var start = 0
        var forced = false
        for opportunity in analysis.breaks where opportunity.offset > start {
            let end = opportunity.offset
            let trimmed = analysis.trimHanging(start, end)
            if style.wrap != .word, trimmed > start {
                var g = start
                var next = start + 1
                while next <= trimmed {
                    if next == trimmed || analysis.isGraphemeStart[next] {
                        lines.append(Line(start: g, end: next == trimmed ? end : next))
                        g = next
                    }
                    next += 1
                }
                forced = forced || lines.count > 1
                lines[lines.count - 1].hyphen = opportunity.afterSoftHyphen && !opportunity.isMandatory
            } else {
                lines.append(Line(start: start, end: end, hyphen: opportunity.afterSoftHyphen && !opportunity.isMandatory))
            }
            start = end
        }
        if analysis.endsWithHardBreak { lines.append(Line(start: analysis.scalars.count, end: analysis.scalars.count)) }
        return Breaking(lines: lines, forced: forced)
    }

    /// The narrowest width (to 1/64 pt) at which greedy breaking still needs no more lines than
    /// at `width`, and the lines at that width.
    func balancedLines(width: Double) -> Breaking {
        let greedy = greedyLines(width: width)
        let count = greedy.lines.count - (analysis.endsWithHardBreak ? 1 : 0)
        guard count > 1 else { return greedy }
        var low = minimumContentWidth(), high = width
        guard low < high else { return greedy }
        var best = greedy
        while high - low > 1.0 / 64 {
            let mid = (low + high) / 2
            let attempt = greedyLines(width: mid)
            if attempt.lines.count <= greedy.lines.count && !(attempt.forced && !greedy.forced) {
                best = attempt
                high = mid
            } else {
                low = mid
            }
        }
        return best
    }

    // MARK: - Limits, truncation, scale

    func layout(width: Double?, height: Double?) -> ParagraphLayout {
        let limit = style.lineLimit.map { max(1, $0) } ?? Int.max
        var scale = 1.0
        var breaking = lines(width: width)
        if !fits(breaking, scale: 1, width: width, height: height, limit: limit), style.minimumScaleFactor < 1 {
            let factor = max(style.minimumScaleFactor, 0.01)
            var low = factor, high = 1.0
            var found: (Double, Breaking)?
            let atFactor = lines(width: width.map { $0 / factor })
            if fits(atFactor, scale: factor, width: width, height: height, limit: limit) {
                found = (factor, atFactor)
                while high - low > 1e-3 {
                    let mid = (low + high) / 2
                    let attempt = lines(width: width.map { $0 / mid })
                    if fits(attempt, scale: mid, width: width, height: height, limit: limit) {
                        found = (mid, attempt)
                        low = mid
                    } else {
                        high = mid
                    }
                }
            }
            (scale, breaking) = found ?? (factor, atFactor)
        }
        var lines = breaking.lines
        var shown = min(limit, linesFitting(lines, height: height, scale: scale))
        var truncated = false
        if lines.count > shown {
            truncated = true
            var last = truncatedLine(from: lines[shown - 1].start, width: width.map { $0 / scale })
            // The truncated line is measured over the rest of its hard line (for head and middle
            // truncation it shows the end), so it can be taller than the line it replaces: then it
            // replaces the line above instead, until the lines fit the height. The first line may
            // still overflow (SwiftUI always shows one line).
            while shown > 1, let height,
                  stackedHeight(Array(lines.prefix(shown - 1)) + [last], scale: scale) > height + 1e-9 {
                shown -= 1
                last = truncatedLine(from: lines[shown - 1].start, width: width.map { $0 / scale })
            }
            lines = Array(lines.prefix(shown - 1)) + [last]
        }
        return place(lines, scale: scale, proposal: width, height: height, truncated: truncated)
    }

    private func fits(_ breaking: Breaking, scale: Double, width: Double?, height: Double?, limit: Int) -> Bool {
        if breaking.forced && width != nil { return false }
        if breaking.lines.count > limit { return false }
        return linesFitting(breaking.lines, height: height, scale: scale) >= breaking.lines.count
    }

    /// How many lines, from the top, fit a height (at least one).
    private func linesFitting(_ lines: [Line], height: Double?, scale: Double) -> Int {
        guard let height else { return lines.count }
        var y = 0.0
        for (index, line) in lines.enumerated() {
            y += metrics(of: line).height * scale + (index > 0 ? style.spacingBetweenLines : 0)
            if y > height + 1e-9 { return max(1, index) }
        }
        return lines.count
    }

    /// The bottom of `count` lines stacked to `bottom` once blank lines make up
    /// ``ParagraphStyle/reservedLines``: each as high as an empty line after the text's end (the
    /// metrics a trailing hard break's empty line has), scaled, with the line spacing above it
    /// when a line is above; only as many as end within `height`, when a height is proposed.
    /// Computed, not stacked one by one, so a large reservation costs nothing more.
    private func reserving(_ count: Int, bottom: Double, scale: Double, height: Double?) -> Double {
        let wanted = style.reservedLines - count
        guard wanted > 0 else { return bottom }
        let end = analysis.scalars.count
        let step = metrics(end, end).height * scale
        let gap = style.spacingBetweenLines
        let firstGap = count > 0 ? gap : 0
        var blanks = Double(wanted)
        if let height {
            // The first blank line ends at bottom + firstGap + step, each further one gap + step lower.
            let room = height + 1e-9 - (bottom + firstGap + step)
            guard room >= 0 else { return bottom }
            if gap + step > 0 { blanks = min(blanks, 1 + (room / (gap + step)).rounded(.down)) }
        }
        return bottom + firstGap + step + (blanks - 1) * (gap + step)
    }

    /// The height of `lines` stacked as `place` stacks them (the same value to the last bit),
    /// without measuring or placing them.
    private func stackedHeight(_ lines: [Line], scale: Double) -> Double {
        stack(lines, scale: scale) { _, _, _, _ in }
    }

    /// Walks `lines` stacked from y = 0 as placed: `body(index, line, metrics, top)` for each, with
    /// the line spacing between lines; returns the bottom of the last line. `place`, the heights
    /// that fit and the width-0 answer all stack through here, so they agree to the last bit.
    @inline(__always)
    private func stack(_ lines: [Line], scale: Double, _ body: (Int, Line, Metrics, Double) -> Void) -> Double {
        // Each piece's metrics once, not once per line (a paragraph is usually one or a few
        // pieces); with one piece every line has that piece's metrics, computed once.
        let pieceCount = paragraph.pieces.count
        let perPiece = lines.count > 1 && pieceCount > 1
            ? paragraph.pieces.map { Self.metrics($0.face, size: $0.size, policy: style.lineMetrics) } : nil
        let onlyPiece = pieceCount == 1 ? lines.first.map { metrics(of: $0) } : nil
        var y = 0.0
        for (index, line) in lines.enumerated() {
            let m = onlyPiece ?? metrics(of: line, perPiece: perPiece)
            if index > 0 { y += style.spacingBetweenLines }
            body(index, line, m, y)
            y += m.height * scale
        }
        return y
    }

    /// What `layout(width: 0, height: nil)` answers, without the layout: the widest line (each
    /// grapheme cluster on a line of its own, reshaped alone where HarfBuzz flags the cut) and the
    /// lines stacked (with any reserved blank lines below), with the first and last baselines. The
    /// same arithmetic as `place`, so the same values to the last bit (`WidthZeroTests`). `nil` when the style could truncate or scale at
    /// width 0 (a line limit, a minimum scale factor below 1): then only the layout answers.
    func widthZeroAnswer() -> WidthZeroAnswer? {
        guard style.lineLimit == nil, style.minimumScaleFactor >= 1 else { return nil }
        let lines = everyOpportunity().lines
        guard !lines.isEmpty else {
            return WidthZeroAnswer(size: CGSize(width: 0, height: reserving(0, bottom: 0, scale: 1, height: nil)), baselines: nil)
        }
        let builder = VisualLineBuilder(paragraph: paragraph)
        var widest = 0.0, first = 0.0, last = 0.0
        let bottom = stack(lines, scale: 1) { index, line, m, top in
            widest = max(widest, max(0, line.width ?? builder.width(of: line)))
            if index == 0 { first = top + m.ascent }
            last = top + m.ascent
        }
        let height = reserving(lines.count, bottom: bottom, scale: 1, height: nil)
        return WidthZeroAnswer(size: CGSize(width: widest, height: height), baselines: (first, last))
    }

    /// A text's size at width 0 and its first and last baselines (`nil` with no line).
    struct WidthZeroAnswer: Sendable {
        let size: CGSize
        let baselines: (first: Double, last: Double)?
    }

    /// The last shown line, cut with "…": its text runs from `start` to the end of its hard line.
    func truncatedLine(from start: Int, width: Double?) -> Line {
        var end = start
        let n = analysis.scalars.count
        while end < n, !Analysis.isHardBreak(analysis.scalars[end]) { end += 1 }
        // "…" in the text's font; the shaper falls back if that font lacks it.
        let ellipsis = paragraph.ellipsis(forScalarAt: max(0, min(end, n) - 1))
        let available = (width ?? .infinity) - ellipsis.width
        var before = start..<start, after = end..<end
        switch style.truncation {
        case .tail:
            // The last grapheme boundary (or the end) up to which the text fits: scanned from the
            // end, in place (the boundaries' array cost an allocation a truncated line).
            let starts = analysis.isGraphemeStart
            var cut = start
            var b = end
            while b >= start {
                if (b == end || starts[b]) && paragraph.lineWidth(start, b) <= available + 1e-9 { cut = b; break }
                b -= 1
            }
            before = start..<trimHanging(start, cut)
        case .head:
            let boundaries = (start...end).filter { analysis.isGraphemeStart[$0] || $0 == end }
            let cut = boundaries.first { paragraph.lineWidth($0, end) <= available + 1e-9 } ?? end
            after = cut..<trimHanging(cut, end)
        case .middle:
            let boundaries = (start...end).filter { analysis.isGraphemeStart[$0] || $0 == end }
            let half = available / 2
            let headCut = boundaries.last { paragraph.lineWidth(start, $0) <= half + 1e-9 } ?? start
            let headWidth = paragraph.lineWidth(start, headCut)
            let tailCut = boundaries.first { $0 >= headCut && paragraph.lineWidth($0, end) <= available - headWidth + 1e-9 } ?? end
            before = start..<trimHanging(start, headCut)
            after = tailCut..<trimHanging(tailCut, end)
        }
        return Line(start: start, end: n, truncation: Truncation(before: before, after: after, ellipsis: ellipsis))
    }

    private func trimHanging(_ start: Int, _ end: Int) -> Int { analysis.trimHanging(start, end) }

    // MARK: - Metrics and placement

    struct Metrics {
        var ascent: Double
        var descent: Double
        var leading: Double
        var height: Double { ascent + descent + leading }

        /// Widens a line's metrics (from 0) to hold a piece's.
        mutating func include(_ m: Metrics) {
            ascent = max(ascent, m.ascent)
            descent = max(descent, m.descent)
            leading = max(leading, m.leading)
        }
    }

    /// The metrics of a line as placed: over its range, or for a truncated line over the text from
    /// its start to the end of the text it keeps (for head and middle truncation, the end of its hard
    /// line, past runs the ellipsis replaces).
    func metrics(of line: Line, perPiece: [Metrics]? = nil) -> Metrics {
        let shownEnd = line.truncation.map { max($0.before.upperBound, $0.after.upperBound, line.start + 1) } ?? line.end
        return metrics(line.start, shownEnd, perPiece: perPiece)
    }

    /// A line's metrics: the maximum over the pieces on it (or the strut for fixed metrics).
    /// `perPiece`: each piece's metrics, when the caller computed them once for many lines.
    func metrics(_ start: Int, _ end: Int, perPiece: [Metrics]? = nil) -> Metrics {
        if let strut { return strut }
        let pieces = paragraph.pieces
        var first: Int? = paragraph.pieceIndex(containing: start)
        if first == nil, !pieces.isEmpty { first = start >= analysis.scalars.count ? pieces.count - 1 : 0 }
        var result = Metrics(ascent: 0, descent: 0, leading: 0)
        guard var index = first else {
            let attributes = paragraph.text.attributes(at: start)
            if let face = try? paragraph.shaper.library.match(attributes).face,
               let size = try? attributes.validated() {
                result = Self.metrics(face, size: size, policy: style.lineMetrics)
            }
            return result
        }
        let policy = style.lineMetrics
        repeat {
            let piece = pieces[index]
            let m = perPiece?[index] ?? Self.metrics(piece.face, size: piece.size, policy: policy)
            if case .fixed = policy { return m }
            result.include(m)
            index += 1
        } while index < pieces.count && pieces[index].start < end
        return result
    }

    /// The strut of `.fixed(height)` line metrics: `height` high, its baseline where the font the
    /// text's first style run asks for (not a fallback font, not an emoji font) puts it, centred by
    /// half-leading. The same for every line, so fallback fonts and emoji cannot move a baseline.
    /// `nil` for an empty text or a font that no longer matches (the pieces' metrics answer then).
    static func strut(_ height: Double, text: StyledText, shaper: Shaper) -> Metrics? {
        guard let attributes = text.runs.first?.attributes,
              let face = try? shaper.library.match(attributes).face,
              let size = try? attributes.validated() else { return nil }
        return metrics(face, size: size, policy: .fixed(height))
    }

    static func metrics(_ face: FontFace, size: Double, policy: ParagraphStyle.LineMetrics) -> Metrics {
        switch policy {
        case .font(let fontPolicy):
            let m = face.metrics.scaled(to: size, policy: fontPolicy)
            return Metrics(ascent: m.ascent, descent: m.descent, leading: m.leading)
        case .fixed(let height):
            let m = face.metrics.scaled(to: size, policy: .apple)
            let ascent = m.ascent + (height - m.ascent - m.descent) / 2
            return Metrics(ascent: ascent, descent: height - ascent, leading: 0)
        }
    }

    /// The layout of `lines` as shown: stacked, aligned, with the reserved blank lines below
    /// (``reserving(_:bottom:scale:height:)``) that fit `height`.
    func place(_ lines: [Line], scale: Double, proposal: Double?, height: Double?, truncated: Bool) -> ParagraphLayout {
        let builder = VisualLineBuilder(paragraph: paragraph)
        // One pass stacks the lines at x = 0 and finds the widest; a second aligns them when
        // alignment moves any. (One array, not three: the width-0 layout has a line per grapheme.)
        var placed: [LineLayout] = []
        placed.reserveCapacity(lines.count)
        var widest = 0.0
        let y = stack(lines, scale: scale) { _, line, m, top in
            // A negative tracking can pull a line's advance below 0; a size never is (fuzzing found
            // -74.6 pt for "P(" tracked -30).
            let lineWidth = max(0, line.width ?? builder.width(of: line)) * scale
            widest = max(widest, lineWidth)
            placed.append(LineLayout(range: line.start..<line.end, width: lineWidth, x: 0, top: top,
                                     baseline: top + m.ascent * scale, ascent: m.ascent * scale, descent: m.descent * scale,
                                     leading: m.leading * scale, source: .init(paragraph: paragraph, line: line, scale: scale),
                                     isTruncated: line.truncation != nil, isHyphenated: line.hyphen))
        }
        let rtl = analysis.bidi.baseLevel % 2 == 1
        let leftAligned = switch style.alignment {
        case .leading: !rtl
        case .center: false
        case .trailing: rtl
        }
        if !leftAligned {
            for index in placed.indices {
                let slack = widest - placed[index].width
                placed[index].x = style.alignment == .center ? slack / 2 : slack
            }
        }
        let bottom = reserving(placed.count, bottom: placed.isEmpty ? 0 : y, scale: scale, height: height)
        return ParagraphLayout(proposedWidth: proposal, size: CGSize(width: widest, height: bottom),
                               lines: placed, firstBaseline: placed.first?.baseline ?? 0,
                               lastBaseline: placed.last?.baseline ?? 0, isTruncated: truncated, scale: scale,
                               missingGlyphs: paragraph.missingClusters.count, reuse: nil)
    }

    // MARK: - Minimum content

    func minimumContent() -> MinimumSize {
        guard let best = widestSegment() else {
            return MinimumSize(width: 0, height: reserving(0, bottom: 0, scale: 1, height: nil), segment: "", range: 0..<0,
                               reason: .empty)
        }
        let end = trimHanging(best.start, best.end)
        let scalars = analysis.scalars[best.start..<end]
        // The segment without hard breaks at either end (`trimHanging` took the trailing ones, as
        // hanging whitespace): what `trimmingCharacters(in: .newlines)` gave, at a fifth of its cost.
        var first = best.start
        while first < end, Analysis.isHardBreak(analysis.scalars[first]) { first += 1 }
        let segment = analysis.string(first..<end)
        // The height of the text wrapped at the segment's width: the lines' metrics stacked, as
        // `place` would stack them, without measuring each line (~600 instructions of a `measure` answer, callgrind).
        let wrapped = greedyLines(width: best.width).lines
        let height = reserving(wrapped.count, bottom: stackedHeight(wrapped, scale: 1), scale: 1, height: nil)
        // An address is recognised in the whole word around the segment: UAX #14 breaks after
        // "://" and "/", so the widest piece of a URL usually lacks its scheme.
        var wordStart = first, wordEnd = end
        while wordStart > 0, !analysis.scalars[wordStart - 1].isWhiteSpaceInICU { wordStart -= 1 }
        while wordEnd < analysis.scalars.count, !analysis.scalars[wordEnd].isWhiteSpaceInICU { wordEnd += 1 }
        return MinimumSize(width: best.width, height: height, segment: segment, range: best.start..<end,
                           reason: Self.reason(scalars, word: analysis.scalars[wordStart..<wordEnd]))
    }

    /// The min-content width alone (what balanced wrapping starts its search from), without the
    /// segment's text, reason and height `minimumContent()` also reports.
    func minimumContentWidth() -> Double { widestSegment()?.width ?? 0 }

    /// The widest text between two consecutive break opportunities, or the widest hard line when
    /// that is narrower (see below); `nil` for text with no opportunity (the empty string).
    private func widestSegment() -> (width: Double, start: Int, end: Int)? {
        var best: (width: Double, start: Int, end: Int)?
        var widestHardLine: (width: Double, start: Int, end: Int)?
        var start = 0, lineStart = 0
        for opportunity in analysis.breaks where opportunity.offset > start {
            let width = max(0, paragraph.lineWidth(start, opportunity.offset, hyphen: opportunity.afterSoftHyphen && !opportunity.isMandatory))
            if best == nil || width > best!.width { best = (width, start, opportunity.offset) }
            start = opportunity.offset
            if opportunity.isMandatory {
                let lineWidth = max(0, paragraph.lineWidth(lineStart, opportunity.offset))
                if widestHardLine == nil || lineWidth > widestHardLine!.width { widestHardLine = (lineWidth, lineStart, opportunity.offset) }
                lineStart = opportunity.offset
            }
        }
        // Breaking after a soft hyphen shows a hyphen, which can make a segment wider than its whole
        // line unbroken (fuzzing: "]" and soft hyphens at 6 pt, 3.906 against 3.774). Then the text
        // is narrowest unbroken: the min-content is the widest hard line, never above the ideal width.
        if let line = widestHardLine, let segment = best, line.width < segment.width { best = line }
        return best
    }

    /// A URL or an e-mail address: "://" anywhere, "www." first (any case), or an "@" and a ".".
    /// (Scalar by scalar: lowercasing and searching a `String` cost ~15,000 instructions a call.)
    private static func looksLikeAddress(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let n = scalars.count, first = scalars.startIndex
        for i in first..<first + max(0, n - 2) where scalars[i] == ":" && scalars[i + 1] == "/" && scalars[i + 2] == "/" { return true }
        if n >= 4, scalars[first].value | 0x20 == 0x77, scalars[first + 1].value | 0x20 == 0x77,
           scalars[first + 2].value | 0x20 == 0x77, scalars[first + 3] == "." { return true }
        return scalars.contains("@") && scalars.contains(".")
    }

    private static let noDictionaryScripts: Set<Script> = Set(["Lana", "Tavt", "Talu", "Tale", "Ahom"].map { Script(code: $0) })

    /// Whether a scalar may be of a script in `noDictionaryScripts`: in one of their blocks (Tai Le
    /// and New Tai Lue U+1950–19DF, Tai Tham U+1A20–1AAF, Tai Viet U+AA80–AADF, Ahom U+11700–1174F),
    /// so the script (and its hash) is looked up only there, not for every scalar of every segment.
    private static func mayBeNoDictionaryScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1950...0x19DF, 0x1A20...0x1AAF, 0xAA80...0xAADF, 0x11700...0x1174F: true
        default: false
        }
    }


    /// Why a segment has no opportunity inside.
    /// `word`: the whitespace-delimited text around the segment, where an address is looked for
    /// (the segment itself when `nil`).
    static func reason(_ scalars: [Unicode.Scalar], word: [Unicode.Scalar]? = nil) -> MinimumSize.Reason {
        reason(scalars[...], word: word?[...])
    }

    /// ``reason(_:word:)`` of slices of the paragraph's scalars, read in place.
    static func reason(_ scalars: ArraySlice<Unicode.Scalar>, word: ArraySlice<Unicode.Scalar>?) -> MinimumSize.Reason {
        if looksLikeAddress(word ?? scalars) { return .url }
        if scalars.contains(where: { switch $0.value { case 0xA0, 0x202F, 0x2060, 0xFEFF, 0x2007: true; default: false } }) {
            return .nonBreakingJoiner
        }
        // Scripts written without spaces whose words ICU 72 has no dictionary for (its dictionaries
        // cover Thai, Lao, Khmer and Burmese): Tai Tham, Tai Viet, New Tai Lue, Tai Le, Ahom.
        if scalars.contains(where: { mayBeNoDictionaryScript($0) && noDictionaryScripts.contains(Script(of: $0)) }) {
            return .noDictionaryBreak
        }
        // Unicode 15 properties from ICU, the data the break opportunities come from (the standard
        // library's own lookups cost ~300 instructions a scalar: ~3,000 a `measure` answer).
        if scalars.allSatisfy({ $0.isAlphabeticInICU || $0.isCombiningMarkInICU || $0.value == 0xAD || $0.value == 0x200C
            || $0.value == 0x200D }) {
            return .word
        }
        return .unbreakableSequence
    }
}
