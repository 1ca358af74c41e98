import CICU

/// How a paragraph's base direction is chosen (UAX #9 rules P2–P3, or forced as in HL1).
public enum BaseDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// From the first strong character (L, or R/AL), skipping isolates; left-to-right if none.
    case auto
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left.
    case rightToLeft = "rtl"
}

/// A run of scalars with one resolved bidi level on a line.
public struct BidiRun: Hashable, Sendable, CustomStringConvertible {
    /// Scalar offsets into the paragraph's string, in logical order (a right-to-left run's first
    /// scalar is displayed rightmost).
    public let range: Range<Int>
    /// The resolved embedding level: even is left-to-right, odd right-to-left.
    public let level: UInt8

    /// A run of `range` (scalar offsets) at bidi embedding `level` (even: left to right).
    public init(range: Range<Int>, level: UInt8) {
        self.range = range
        self.level = level
    }

    /// The direction the run is displayed (and shaped) in.
    public var direction: TextDirection { level % 2 == 1 ? .rightToLeft : .leftToRight }

    public var description: String { "\(range.lowerBound)..<\(range.upperBound)@\(level)" }
}

/// The Unicode Bidirectional Algorithm (UAX #9, Unicode 15) for one string: resolved levels per
/// scalar, and each line's runs in visual order.
///
/// The levels come from FriBiDi's implementation of rules P2–I2 (it passes all 91,707 cases of
/// Unicode 15's BidiCharacterTest.txt; ICU 72's ubidi fails 31) fed with ICU 72's Unicode 15 bidi
/// classes and paired brackets. The text is split into paragraphs after each paragraph separator
/// (class B; CR LF counts as one) as rule P1 says, and each paragraph gets its own base level.
/// Characters that rule X9 removes (embedding controls, BN) are kept and get a level that does not
/// disturb the order of the others. All offsets are Unicode scalar offsets.
public struct BidiParagraph: Sendable {
    /// The base level of the first paragraph: 0 (left-to-right) or 1 (right-to-left). See
    /// ``paragraphLevel(at:)`` for text with several paragraphs.
    public let baseLevel: UInt8
    /// The resolved level of each scalar as if the whole string were one line: after rules I1–I2
    /// and rule L1 (segment and paragraph separators, whitespace and isolate controls before them
    /// or at the end of each paragraph are reset to the paragraph level). Made on access when the
    /// text is pure left-to-right (all zeros, kept as nothing).
    public var levels: [UInt8] { isPureLTR ? [UInt8](filledWith: 0, count: count) : resolved }
    /// The scalar count.
    private let count: Int
    /// `levels`, except empty when pure LTR (no array allocated for most text).
    private let resolved: [UInt8]
    /// Every level is 0 (no right-to-left text, no embeddings, base left-to-right): lines need no
    /// reordering. Found by a quick scan — text without scalars from the right-to-left blocks or
    /// bidi controls (Latin, CJK, Thai, Indic, …) never calls FriBiDi or ICU.
    public let isPureLTR: Bool
    /// Bidi classes (TEXTFIT_BIDI_*) per scalar, for rule L1 at line ends; empty when pure LTR.
    private let classes: [UInt8]
    /// The paragraphs (rule P1): each one's end offset and base level, in order; empty when pure
    /// LTR (every paragraph at level 0).
    private let paragraphs: [ParagraphSpan]

    private struct ParagraphSpan: Sendable {
        var end: Int
        var level: UInt8
    }

    /// Resolves the levels of `text`.
    ///
    /// `direction` `.auto` takes each paragraph's direction from its first strong character;
    /// `.leftToRight`/`.rightToLeft` force it for every paragraph. The empty string has no levels
    /// and base level 1 only when forced right-to-left.
    ///
    /// - Complexity: O(n); a pure left-to-right text (see ``isPureLTR``) is one scan.
    public init(_ text: String, direction: BaseDirection) {
        var count = 0
        var mayNeedBidi = direction == .rightToLeft
        for scalar in text.unicodeScalars {
            count += 1
            if scalar.value >= 0x0590, !mayNeedBidi { mayNeedBidi = Self.mayBeRightToLeft(scalar.value) }
        }
        if !mayNeedBidi {
            self.init(pureLTRCount: count)
            return
        }

        let scalars = text.unicodeScalars.map(\.value)
        var classes = [UInt8](filledWith: 0, count: count)
        classes.withUnsafeMutableBufferPointer { buffer in
            scalars.withUnsafeBufferPointer { textfit_bidi_classes($0.baseAddress, Int32(count), buffer.baseAddress) }
        }
        if direction != .rightToLeft, !classes.contains(where: Self.makesLevels) {
            self.init(pureLTRCount: count)
            return
        }

        // P1: split after each paragraph separator (CR LF together), then resolve each paragraph.
        let code: Int32 = switch direction {
        case .auto: Int32(TEXTFIT_BIDI_DIRECTION_AUTO)
        case .leftToRight: Int32(TEXTFIT_BIDI_DIRECTION_LTR)
        case .rightToLeft: Int32(TEXTFIT_BIDI_DIRECTION_RTL)
        }
        var paragraphs: [ParagraphSpan] = []
        var levels = [UInt8](filledWith: 0, count: count)
        var start = 0
        while start < count || (count == 0 && paragraphs.isEmpty) {
            var end = start
            while end < count {
                end += 1
                if classes[end - 1] == UInt8(TEXTFIT_BIDI_B),
                   !(scalars[end - 1] == 0x0D && end < count && scalars[end] == 0x0A) { break }
            }
            var level = Int32(-1)
            scalars.withUnsafeBufferPointer { scalarBuffer in
                classes.withUnsafeBufferPointer { classBuffer in
                    levels.withUnsafeMutableBufferPointer { levelBuffer in
                        level = textfit_bidi_resolve(scalarBuffer.baseAddress.map { $0 + start },
                                                     classBuffer.baseAddress.map { $0 + start }, Int32(end - start), code,
                                                     levelBuffer.baseAddress.map { $0 + start })
                    }
                }
            }
            // FriBiDi fails only when malloc does; there is nothing sensible left to do.
            precondition(level >= 0, "FriBiDi could not allocate memory for a paragraph of \(end - start) scalars")
            Self.resetLineEnd(&levels, classes: classes, range: start..<end, to: UInt8(level))
            paragraphs.append(ParagraphSpan(end: end, level: UInt8(level)))
            start = end
        }
        if paragraphs[0].level == 0 && !levels.contains(where: { $0 != 0 }) {
            self.init(pureLTRCount: count)
            return
        }
        self.init(baseLevel: paragraphs[0].level, count: count, resolved: levels, isPureLTR: false, classes: classes,
                  paragraphs: paragraphs)
    }

    /// The levels of a text of `count` scalars known to be pure left-to-right (no scalar that
    /// ``mayBeRightToLeft(_:)`` and a base direction not forced right-to-left): what ``init(_:direction:)``
    /// finds for it, without scanning it again (a paragraph of one line checked this when it was made).
    package static func leftToRight(count: Int) -> BidiParagraph { BidiParagraph(pureLTRCount: count) }

    private init(pureLTRCount count: Int) {
        self.init(baseLevel: 0, count: count, resolved: [], isPureLTR: true, classes: [], paragraphs: [])
    }

    private init(baseLevel: UInt8, count: Int, resolved: [UInt8], isPureLTR: Bool, classes: [UInt8], paragraphs: [ParagraphSpan]) {
        self.baseLevel = baseLevel
        self.count = count
        self.resolved = resolved
        self.isPureLTR = isPureLTR
        self.classes = classes
        self.paragraphs = paragraphs
    }

    /// The base level (0 or 1) of the paragraph (rule P1) holding the scalar at `offset`; offsets
    /// past the end answer the last paragraph's. O(log p) in the number of paragraphs.
    public func paragraphLevel(at offset: Int) -> UInt8 {
        if paragraphs.isEmpty { return 0 }  // pure LTR
        var low = 0, high = paragraphs.count - 1
        while low < high {
            let mid = (low + high) / 2
            if paragraphs[mid].end <= offset { low = mid + 1 } else { high = mid }
        }
        return paragraphs[low].level
    }

    /// The runs of one line in visual order, left to right, after rules L1 (whitespace, isolate
    /// controls and X9-removed characters at the line's end take the paragraph level) and L2
    /// (reversal, highest level first).
    ///
    /// `range` is the line's scalar range; it is clamped to the text, and an empty range has no
    /// runs. Runs are maximal: neighbours in logical order with the same level are one run. The
    /// paragraph level is that of the line's first scalar. Mirroring (L4) is the shaper's job.
    ///
    /// - Complexity: O(m + r·d) for a line of m scalars with r runs and d distinct levels.
    public func visualRuns(in range: Range<Int>) -> [BidiRun] {
        let range = range.clamped(to: 0..<count)
        if range.isEmpty { return [] }
        if isPureLTR { return [BidiRun(range: range, level: 0)] }

        var lineLevels = Array(resolved[range])
        let paragraphLevel = paragraphLevel(at: range.lowerBound)
        var end = range.upperBound
        while end > range.lowerBound, Self.resetsAtLineEnd(classes[end - 1]) {
            end -= 1
            lineLevels[end - range.lowerBound] = paragraphLevel
        }

        var runs: [BidiRun] = []
        var start = range.lowerBound
        var maxLevel: UInt8 = 0, minOddLevel = UInt8.max
        for i in range where i + 1 == range.upperBound
            || lineLevels[i + 1 - range.lowerBound] != lineLevels[i - range.lowerBound] {
            let level = lineLevels[i - range.lowerBound]
            runs.append(BidiRun(range: start..<(i + 1), level: level))
            maxLevel = max(maxLevel, level)
            if level % 2 == 1 { minOddLevel = min(minOddLevel, level) }
            start = i + 1
        }
        guard minOddLevel != .max else { return runs }

        // L2: from the highest level down to the lowest odd level, reverse every maximal sequence
        // of runs at that level or higher.
        var level = maxLevel
        while level >= minOddLevel {
            var i = 0
            while i < runs.count {
                guard runs[i].level >= level else { i += 1; continue }
                var j = i
                while j < runs.count, runs[j].level >= level { j += 1 }
                runs[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return runs
    }

    /// The scalar offsets of one line in visual order, left to right (rules L1 and L2, as
    /// ``visualRuns(in:)``). Includes characters removed by X9, which the conformance data omits.
    ///
    /// - Complexity: O(m) beyond ``visualRuns(in:)``.
    public func visualOrder(of range: Range<Int>) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(range.count)
        for run in visualRuns(in: range) {
            if run.level % 2 == 1 { order.append(contentsOf: run.range.reversed()) } else { order.append(contentsOf: run.range) }
        }
        return order
    }

    /// Whether `scalar` may give text a right-to-left level (see the function below): a text with
    /// none of these is pure left-to-right unless its direction is forced right-to-left (the scan
    /// ``isPureLTR`` starts with).
    package static func mayBeRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x0590 && mayBeRightToLeft(scalar.value)
    }

    /// A cheap superset of the scalars whose bidi class is R, AL, AN or an explicit control: the
    /// right-to-left blocks (with the ranges UCD gives R/AL by default when unassigned), RLM, and the
    /// embedding, override and isolate controls. Everything else (CJK, Thai, Indic, quotes, dashes)
    /// keeps a text on the pure left-to-right path without asking ICU.
    private static func mayBeRightToLeft(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
             0x1_0800...0x1_0FFF, 0x1_E800...0x1_EFFF:
            true
        default: false
        }
    }

    /// Classes that give a level other than the paragraph's 0: strong right-to-left, Arabic
    /// numbers, and the explicit embedding, override and isolate controls.
    private static func makesLevels(_ bidiClass: UInt8) -> Bool {
        switch Int(bidiClass) {
        case Int(TEXTFIT_BIDI_R), Int(TEXTFIT_BIDI_AL), Int(TEXTFIT_BIDI_AN),
             Int(TEXTFIT_BIDI_LRE), Int(TEXTFIT_BIDI_LRO), Int(TEXTFIT_BIDI_RLE), Int(TEXTFIT_BIDI_RLO),
             Int(TEXTFIT_BIDI_PDF), Int(TEXTFIT_BIDI_LRI), Int(TEXTFIT_BIDI_RLI), Int(TEXTFIT_BIDI_FSI),
             Int(TEXTFIT_BIDI_PDI):
            true
        default: false
        }
    }

    /// Rule L1 at a line's end: whitespace, isolate controls, and (as UAX #9 §5.2 says for
    /// implementations that keep them) X9-removed characters; separators are already reset.
    private static func resetsAtLineEnd(_ bidiClass: UInt8) -> Bool {
        switch Int(bidiClass) {
        case Int(TEXTFIT_BIDI_WS), Int(TEXTFIT_BIDI_S), Int(TEXTFIT_BIDI_B), Int(TEXTFIT_BIDI_BN),
             Int(TEXTFIT_BIDI_LRE), Int(TEXTFIT_BIDI_LRO), Int(TEXTFIT_BIDI_RLE), Int(TEXTFIT_BIDI_RLO),
             Int(TEXTFIT_BIDI_PDF), Int(TEXTFIT_BIDI_LRI), Int(TEXTFIT_BIDI_RLI), Int(TEXTFIT_BIDI_FSI),
             Int(TEXTFIT_BIDI_PDI):
            true
        default: false
        }
    }

    private static func resetLineEnd(_ levels: inout [UInt8], classes: [UInt8], range: Range<Int>, to level: UInt8) {
        var end = range.upperBound
        while end > range.lowerBound, resetsAtLineEnd(classes[end - 1]) {
            end -= 1
            levels[end] = level
        }
    }
}
