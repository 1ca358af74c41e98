import Foundation
import LayoutCore
import Typography

// What a `Text` reports of its fit to `LayoutResult.texts` (it is a `FitReportingLeaf`), read from
// the paragraph layout it measured for its placed proposal: the lines, the cut, the scale. What is
// computed beyond that is line breaking on the shaped paragraph, never shaping: the lines the
// whole text needs (one pass, for a cut or scaled text only) and the width it needs within its
// line limit (a search of widths, with a limit).

/// Where a text was written: its initializer's `#fileID` and `#line`.
struct CallSite: Sendable {
    let fileID: StaticString
    let line: UInt
}

/// A ``CallSite`` as a fit report gives it (``PlacedText/fileID``, ``PlacedText/line``).
struct ReportedSite: Sendable {
    let fileID: String
    let line: Int
}

extension Text: FitReportingLeaf {
    /// How this text fits when placed for `proposal` at `size`: from the layout its size came from
    /// (the cache's; made again by line breaking if only its size was kept). `nil` when the text
    /// cannot be measured (its diagnostics say why).
    public func placedText(proposal: ProposedViewSize, size: CGSize, environment: EnvironmentValues) -> PlacedText? {
        guard let measured = measured(in: environment), case .success(let paragraph) = measured.paragraph,
              let layout = measured.layout(width: proposal.width, height: proposal.height, cache: environment.textMeasurementCache)
        else { return nil }
        let style = paragraph.style
        let bounds = layout.lines.map { line in
            CGRect(x: line.x, y: line.baseline - line.ascent, width: line.width, height: line.ascent + line.descent)
        }
        let cut = layout.isTruncated || layout.scale < 1
        let needed = cut ? paragraph.lineCount(width: layout.proposedWidth) : layout.lineCount
        var truncation: PlacedText.Truncation?
        if layout.isTruncated, let line = layout.lines.last(where: \.isTruncated), let kept = line.source.line.truncation {
            let position: PlacedText.Truncation.Position
            let elided: Range<Int>
            switch style.truncation {
            case .tail:
                position = .tail
                elided = kept.before.upperBound..<paragraph.text.scalarCount
            case .middle:
                position = .middle
                elided = kept.before.upperBound..<max(kept.before.upperBound, kept.after.lowerBound)
            case .head:
                position = .head
                elided = line.range.lowerBound..<max(line.range.lowerBound, kept.after.lowerBound)
            }
            let limited = style.lineLimit.map { layout.lineCount >= $0 } ?? false
            truncation = PlacedText.Truncation(position: position, cause: limited ? .lineLimit : .height, elided: elided)
        }
        // A text made inside TextFit's own views (a navigation title, a control's label) names a line
        // of TextFit, not of the app: it is left without one rather than pointing there.
        let site = reportedSite
        var placed = PlacedText(string: paragraph.text.string, lineBounds: bounds, linesShown: layout.lineCount, linesNeeded: needed,
                                truncation: truncation, scale: layout.scale, neededWidth: paragraph.neededWidth(lines: style.lineLimit),
                                missingGlyphs: paragraph.missingClusters.count, fileID: site?.fileID, line: site?.line)
        // Where its string came from: the first key not translated into the environment's locale,
        // else the first key (a concatenation may look up several).
        let lookups = rememberedLookups(in: environment)
        if let lookup = lookups.first(where: { !$0.isTranslated }) ?? lookups.first {
            placed.key = lookup.key
            placed.table = lookup.table
            placed.locale = lookup.locale
            placed.isUntranslated = !lookup.isTranslated
        }
        return placed
    }
}

extension Text {
    /// The modules whose files are TextFit's own (a `#fileID` is `Module/File.swift`).
    static let textFitModules: Set<Substring> = ["LayoutCore", "Layouts", "TextLayout", "Controls", "Rendering", "Catalogs",
                                                 "Typography", "TextFit", "TextFitLayout", "LocalizationStress", "PreviewSupport"]

    /// ``textFitModules`` as UTF-8, for comparing with a `#fileID`'s bytes.
    private static let textFitModuleBytes: [[UInt8]] = textFitModules.map { Array($0.utf8) }

    /// Whether `fileID` (`Module/File.swift`) is in one of ``textFitModules``: its bytes up to the
    /// first `/` compared in place (made into a `String` and split, it cost ~15,000 instructions
    /// a text in a sweep's fit report).
    static func isTextFitSource(_ fileID: StaticString) -> Bool {
        guard fileID.hasPointerRepresentation else { return false }  // one scalar: no module
        let bytes = UnsafeBufferPointer(start: fileID.utf8Start, count: fileID.utf8CodeUnitCount)
        let module = UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex)])
        return textFitModuleBytes.contains { $0.elementsEqual(module) }
    }
}

extension Paragraph {
    /// The lines the text takes at `width` (normalised; `nil`: the ideal) at full size, with no line
    /// limit and no height: line breaking only, nothing measured for placement.
    /// - Complexity: O(n) in the scalars (balanced wrapping counts its greedy lines, which it keeps).
    func lineCount(width: Double?) -> Int {
        let breaker = LineBreaker(paragraph: content)
        guard let width = Paragraph.normalize(width), width > 0 else { return breaker.lines(width: Paragraph.normalize(width)).lines.count }
        return breaker.greedyLines(width: width).lines.count
    }

    /// The narrowest width at which the whole text shows at full size in at most `lines` lines,
    /// breaking only at break opportunities (no word broken between grapheme clusters); with no
    /// limit, the ideal width. `nil` when no width does: more hard lines than `lines`.
    ///
    /// Line breaking only, at full size (``ParagraphStyle/minimumScaleFactor`` ignored): see
    /// `LineBreaker.narrowestWidth(lines:)`.
    func neededWidth(lines: Int?) -> Double? {
        guard let lines else { return Double(idealSize.width) }
        let limit = max(1, lines)
        return memoisedNeededWidth(lines: limit) { LineBreaker(paragraph: content).narrowestWidth(lines: limit) }
    }
}

extension LineBreaker {
    /// The narrowest width at which greedy breaking takes at most `limit` lines without breaking a
    /// word between grapheme clusters (or overflowing one); `nil` when the hard lines alone are more.
    ///
    /// The widths that pass are those from the answer up (greedy breaking takes fewer lines as the
    /// width grows), and the answer is the widest line of the layout at it: greedy breaking makes
    /// the same lines at every width from a layout's widest line up to the width it was made at.
    /// So a bisection between the min-content width and the ideal width keeps, as its upper end,
    /// the widest line of the last layout that passed, until the ends are 1/64 pt apart; then it
    /// descends a layout at a time (a hair, 10⁻⁶ pt, below the last widest line) while that passes.
    /// Balanced wrapping takes as many lines as greedy at every width, so this is its answer too.
    /// - Complexity: about 15 greedy breakings, O(n) each in the scalars.
    func narrowestWidth(lines limit: Int) -> Double? {
        func widest(_ breaking: Breaking) -> Double {
            breaking.lines.reduce(0) { max($0, $1.width ?? paragraph.lineWidth($1.start, $1.end, hyphen: $1.hyphen)) }
        }
        func passes(_ breaking: Breaking) -> Bool { !breaking.forced && breaking.lines.count <= limit }
        let ideal = greedyLines(width: nil)
        guard ideal.lines.count <= limit else { return nil }
        // One line: every breaking in one line is the ideal's line, so no narrower width passes
        // (its width exceeds any such limit) and the search would end where it starts — skipped
        // (about 15 breakings, ~11,000 instructions a one-line text of a sweep's fit report).
        if limit == 1 { return widest(ideal) }
        var high = widest(ideal)
        var low = minimumContentWidth()
        let narrowest = greedyLines(width: low)
        if passes(narrowest) { return widest(narrowest) }
        var steps = 0
        while high - low > 1.0 / 64, steps < 64 {
            let middle = (low + high) / 2
            let attempt = greedyLines(width: middle)
            if passes(attempt) { high = min(high, widest(attempt)) } else { low = middle }
            steps += 1
        }
        for _ in 0..<64 {
            let below = high - 1e-6
            guard below > low else { break }
            let attempt = greedyLines(width: below)
            guard passes(attempt) else { break }
            high = min(high - 1e-6, widest(attempt))
        }
        return high
    }
}
