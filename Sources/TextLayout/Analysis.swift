import Typography

/// What a paragraph knows about its text before any font is involved: scalars, grapheme
/// clusters, line-break opportunities (UAX #14: ICU with its dictionaries, or `CommonLineBreaks`
/// for text made of the common classes), bidi levels (UAX #9), and the per-scalar classes the line
/// breaker asks about (hanging whitespace, hard breaks, tabs). Computed once per text and direction.
struct Analysis: Sendable {
    let scalars: [Unicode.Scalar]
    /// `isGraphemeStart[i]`: a grapheme cluster starts at scalar i (count n + 1; true at n).
    let isGraphemeStart: [Bool]
    /// Break opportunities in increasing order; the last is the end of the text, mandatory.
    let breaks: [LineBreakOpportunity]
    let bidi: BidiParagraph
    let hasTabs: Bool
    /// The offsets of the tabs, in order.
    let tabs: [Int]
    /// The text ends with a hard break, so its last line is empty.
    let endsWithHardBreak: Bool
    /// The maximal runs of hanging scalars at least ``longHangingRun`` long, in order, so trimming
    /// a line's hanging end (``trimHanging(_:_:)``) jumps over a long run of spaces at once.
    private let longHangingRuns: [Range<Int>]
    static let longHangingRun = 16

    /// - Parameter leftToRight: the text is known to be pure left-to-right (a one-line text,
    ///   `SingleLineIdeal.qualifies`: no scalar that may be right-to-left, direction not forced
    ///   right-to-left), so its bidi levels need no scan.
    init(_ text: StyledText, direction: BaseDirection, leftToRight: Bool = false) {
        let string = text.string
        // One pass over the scalars fills the array, sized from the count the styled text keeps
        // (`Array(string.unicodeScalars)` counted, copied and grew: ~1,400 instructions a tag,
        // callgrind).
        let n = text.scalarCount
        var scalars = [Unicode.Scalar](filledWith: " ", count: n)
        var tabs: [Int] = []
        var longHangingRuns: [Range<Int>] = []
        scalars.withUnsafeMutableBufferPointer { scalars in
            var i = 0
            var hangingSince = -1  // the start of the run of hanging scalars before i, or -1
            for scalar in string.unicodeScalars where i < n {
                scalars[i] = scalar
                if scalar == "\t" { tabs.append(i) }
                if Analysis.hangs(scalar) {
                    if hangingSince < 0 { hangingSince = i }
                } else if hangingSince >= 0 {
                    if i - hangingSince >= Analysis.longHangingRun { longHangingRuns.append(hangingSince..<i) }
                    hangingSince = -1
                }
                i += 1
            }
            if hangingSince >= 0, i - hangingSince >= Analysis.longHangingRun { longHangingRuns.append(hangingSince..<i) }
        }
        self.longHangingRuns = longHangingRuns
        self.scalars = scalars
        isGraphemeStart = TextSegmentation.graphemeStarts(string, scalars: scalars)
        // The first run's locale read in place: `text.runs[0]` copied the run (six retains and
        // six releases; callgrind: ~250 instructions a cold tag).
        let locale = text.runs.withUnsafeBufferPointer { $0.isEmpty ? nil : $0[0].attributes.locale }
        breaks = TextSegmentation.lineBreaks(string, scalars: scalars, locale: locale)
        bidi = leftToRight ? BidiParagraph.leftToRight(count: n) : BidiParagraph(string, direction: direction)
        self.tabs = tabs
        hasTabs = !tabs.isEmpty
        endsWithHardBreak = scalars.last.map(Analysis.isHardBreak) ?? false
    }

    /// Scalars `range` as a string, encoded as UTF-8 straight into the string's storage (appending
    /// to a `String.UnicodeScalarView` cost ~100 instructions a scalar; through the generic
    /// `String(String.UnicodeScalarView(slice))`, 9,000 a tag).
    func string(_ range: Range<Int>) -> String {
        var count = 0
        for scalar in scalars[range] { count += UTF8.width(scalar) }
        return String(unsafeUninitializedCapacity: count) { bytes in
            var at = 0
            for scalar in scalars[range] {
                let value = scalar.value
                switch value {
                case ..<0x80:
                    bytes[at] = UInt8(truncatingIfNeeded: value)
                    at += 1
                case ..<0x800:
                    bytes[at] = 0xC0 | UInt8(truncatingIfNeeded: value >> 6)
                    bytes[at + 1] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                    at += 2
                case ..<0x10000:
                    bytes[at] = 0xE0 | UInt8(truncatingIfNeeded: value >> 12)
                    bytes[at + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
                    bytes[at + 2] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                    at += 3
                default:
                    bytes[at] = 0xF0 | UInt8(truncatingIfNeeded: value >> 18)
                    bytes[at + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 12) & 0x3F)
                    bytes[at + 2] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
                    bytes[at + 3] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                    at += 4
                }
            }
            return at
        }
    }

    /// Calls `body` with scalars `range` as HarfBuzz sees them: control characters replaced by
    /// U+200B (zero width), as the paragraph's runs were shaped. Read in place (a `Unicode.Scalar`
    /// is its `UInt32` value) unless the range holds a control character.
    func withShapingScalars<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        if scalars[range].contains(where: Shaper.isControl) {
            let replaced = scalars[range].map { Shaper.isControl($0) ? 0x200B : $0.value }
            return replaced.withUnsafeBufferPointer(body)
        }
        return scalars.withUnsafeBufferPointer { all in
            all.withMemoryRebound(to: UInt32.self) { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }

    /// The first tab at or after `offset`.
    func nextTab(from offset: Int) -> Int? {
        let index = tabIndex(from: offset)
        return index < tabs.count ? tabs[index] : nil
    }

    /// The index in `tabs` of the first tab at or after `offset` (`tabs.count` if none).
    /// - Complexity: O(log tabs).
    func tabIndex(from offset: Int) -> Int {
        var low = 0, high = tabs.count
        while low < high {
            let mid = (low + high) / 2
            if tabs[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Calls `body` with each run of equal bidi level inside `range` (start, end, level), in
    /// logical order.
    func forEachLevelRun(in range: Range<Int>, _ body: (Int, Int, UInt8) -> Void) {
        if bidi.isPureLTR { return body(range.lowerBound, range.upperBound, 0) }
        let levels = bidi.levels
        var start = range.lowerBound
        for i in range where i + 1 == range.upperBound || levels[i + 1] != levels[i] {
            body(start, i + 1, levels[i])
            start = i + 1
        }
    }

    /// Scalar `offset` is whitespace that hangs at the end of a line (a space or a hard break;
    /// see `hangs(_:)`). Decided from the scalar each time: a few comparisons, cheaper than a
    /// per-scalar array to allocate and fill for every paragraph.
    func hangs(at offset: Int) -> Bool { Analysis.hangs(scalars[offset]) }

    /// `end` moved back over the hanging scalars before it, not below `start`: where a line from
    /// `start` to `end` ends visibly.
    /// - Complexity: O(1) for a few spaces, O(log runs) across a long run of them.
    func trimHanging(_ start: Int, _ end: Int) -> Int {
        var trimmed = end, stepped = 0
        while trimmed > start, hangs(at: trimmed - 1) {
            if stepped == Analysis.longHangingRun {
                // This run is long, so it is listed: its start is where the hanging ends.
                var low = 0, high = longHangingRuns.count
                while low < high {
                    let mid = (low + high) / 2
                    if longHangingRuns[mid].upperBound < trimmed { low = mid + 1 } else { high = mid }
                }
                if low < longHangingRuns.count, longHangingRuns[low].contains(trimmed - 1) {
                    return max(start, longHangingRuns[low].lowerBound)
                }
            }
            trimmed -= 1
            stepped += 1
        }
        return trimmed
    }

    /// Spaces that hang past the line's end (CSS `white-space: normal`): U+0020, U+1680,
    /// U+2000–U+2006, U+2008–U+200A, U+205F, U+3000; and hard-break characters. No-break and
    /// figure spaces do not hang.
    static func hangs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: isHardBreak(scalar)
        }
    }

    /// LF, VT, FF, CR, NEL, U+2028, U+2029.
    static func isHardBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
