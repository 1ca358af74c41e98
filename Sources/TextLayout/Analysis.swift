import Typography

/// What a paragraph knows about its text before any font is involved: scalars, grapheme
/// clusters, line-break opportunities (UAX #14: ICU with its dictionaries, or `CommonLineBreaks` for
/// text made of the common classes), bidi levels (UAX #9),
/// and per-scalar classes the line breaker asks about. Computed once per text and direction.
struct Analysis: Sendable {
    let scalars: [Unicode.Scalar]
    /// The scalars HarfBuzz sees: control characters replaced by U+200B (zero width).
    let shapingScalars: [UInt32]
    /// `isGraphemeStart[i]`: a grapheme cluster starts at scalar i (count n + 1; true at n).
    let isGraphemeStart: [Bool]
    /// Break opportunities in increasing order; the last is the end of the text, mandatory.
    let breaks: [LineBreakOpportunity]
    let bidi: BidiParagraph
    /// Whitespace that hangs at the end of a line (spaces, and the hard-break characters).
    let hangs: [Bool]
    let hasTabs: Bool
    private let tabs: [Int]
    /// The text ends with a hard break, so its last line is empty.
    let endsWithHardBreak: Bool

    init(_ text: StyledText, direction: BaseDirection) {
        let string = text.string
        // One pass over the scalars fills the three per-scalar arrays, sized from the count the
        // styled text keeps (`Array(string.unicodeScalars)` counted, copied and grew: ~1,400
        // instructions a tag, callgrind).
        let n = text.scalarCount
        var scalars = [Unicode.Scalar](filledWith: " ", count: n)
        var shaping = [UInt32](filledWith: 0, count: n)
        var hangs = [Bool](filledWith: false, count: n)
        var tabs: [Int] = []
        scalars.withUnsafeMutableBufferPointer { scalars in
            shaping.withUnsafeMutableBufferPointer { shaping in
                hangs.withUnsafeMutableBufferPointer { hangs in
                    var i = 0
                    for scalar in string.unicodeScalars where i < n {
                        scalars[i] = scalar
                        shaping[i] = Shaper.isControl(scalar) ? 0x200B : scalar.value
                        hangs[i] = Analysis.hangs(scalar)
                        if scalar == "\t" { tabs.append(i) }
                        i += 1
                    }
                }
            }
        }
        self.scalars = scalars
        shapingScalars = shaping
        isGraphemeStart = TextSegmentation.graphemeStarts(string, scalars: scalars)
        breaks = TextSegmentation.lineBreaks(string, scalars: scalars, locale: text.runs.isEmpty ? nil : text.runs[0].attributes.locale)
        bidi = BidiParagraph(string, direction: direction)
        self.hangs = hangs
        self.tabs = tabs
        hasTabs = !tabs.isEmpty
        endsWithHardBreak = scalars.last.map(Analysis.isHardBreak) ?? false
    }

    /// Scalars `range` as a string, appended scalar by scalar (`String(String.UnicodeScalarView(slice))`
    /// goes through an unspecialised generic append: 9,000 instructions for a tag, callgrind).
    func string(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        for scalar in scalars[range] { view.append(scalar) }
        return String(view)
    }

    /// The first tab at or after `offset`.
    func nextTab(from offset: Int) -> Int? {
        var low = 0, high = tabs.count
        while low < high {
            let mid = (low + high) / 2
            if tabs[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low < tabs.count ? tabs[low] : nil
    }

    /// Runs of equal bidi level inside `range`, in logical order.
    func levelRuns(in range: Range<Int>) -> [(Int, Int, UInt8)] {
        if bidi.isPureLTR { return [(range.lowerBound, range.upperBound, 0)] }
        var result: [(Int, Int, UInt8)] = []
        var start = range.lowerBound
        for i in range where i + 1 == range.upperBound || bidi.levels[i + 1] != bidi.levels[i] {
            result.append((start, i + 1, bidi.levels[i]))
            start = i + 1
        }
        return result
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
