import Foundation
import Synchronization
import Typography

/// A paragraph analysed and shaped once, that then answers any width, fast.
///
/// Made from a ``StyledText`` and a ``ParagraphStyle``: segmentation (grapheme clusters, line-break
/// opportunities), bidi levels, font runs and HarfBuzz shaping happen here, once. Every layout
/// afterwards — a new width, a line limit, truncation, balancing, a minimum scale — is arithmetic
/// on per-scalar advances; only the pieces at a line end that HarfBuzz flags unsafe-to-break are
/// reshaped (through the shaper's cache). A new Dynamic Type size (``resized(to:)-(DynamicTypeSize)``) reuses the
/// analysis and the shaped runs, which are in font units.
///
/// A text of one left-to-right line — one style run, no hard break, tab, control character,
/// tracking or trailing space, no character that may be right-to-left — is shaped here but
/// analysed on its first layout: its ideal size (``idealSize``) comes from the shaped runs alone
/// (the size a layout gives, to the bit), and a tag in a flow is usually asked nothing else.
///
/// Offsets are Unicode scalar offsets into ``text``'s string; lengths are points.
public final class Paragraph: Sendable {
    /// What the paragraph is made of before analysis: the text, the style and the shaped pieces.
    private let seed: Seed
    /// The analysed and shaped text, set once: by `init` for most paragraphs, on first use for a
    /// one-line text (`isOneLine`), which is shaped without analysis. Holds a retain. Layouts'
    /// lines draw their runs from it, not from the paragraph: the paragraph's memo holds layouts,
    /// so lines holding the paragraph would keep both alive forever (and a memo of copies without
    /// it cost a copy of every line).
    private let builtContent: Atomic<Unmanaged<ParagraphContent>?>
    /// The text is one left-to-right line (``SingleLineIdeal``): analysed on its first layout, and
    /// its ideal size known from its pieces.
    private let isOneLine: Bool
    /// For a text analysed later that has other sizes or styles made before its analysis
    /// (``resized(to:)``, ``restyled(_:)``): the analysis they share, made by the first of them laid
    /// out. Set once (retained); without siblings the paragraph analyses on its own.
    private let sharedFacts: Atomic<Unmanaged<SharedFacts>?>
    /// Layouts already answered (their lines hold ``content``, not the paragraph), and the text
    /// cache's records for this paragraph: one lock per paragraph, not two (each is an allocation).
    private let memo = MemoLock()

    /// `Locked<Memo>` with a concrete storage class: the value and its lock in one
    /// allocation, as `Locked` keeps them, but `Locked`'s storage class is generic, so making one
    /// (once per paragraph) looked its metadata up at run time, and freeing one destroyed the memo
    /// through value witnesses (callgrind: ~850 instructions a cold tag between the two).
    private struct MemoLock: @unchecked Sendable {
        private final class Storage: ManagedBuffer<Memo, pthread_spinlock_t> {
            deinit { withUnsafeMutablePointerToElements(SpinLock.destroy) }
        }

        private let storage: Storage

        init() {
            storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in Memo() }, to: Storage.self)
            storage.withUnsafeMutablePointerToElements(SpinLock.initialize)
        }

        /// Runs `body` with the memo, holding the lock (through a pointer: no dynamic exclusivity
        /// check; the lock guards it, as in `Locked`).
        @inline(__always)
        func withLock<Result>(_ body: (inout Memo) -> Result) -> Result {
            let (memo, lock) = storage.withUnsafeMutablePointers { ($0, $1) }
            SpinLock.lock(lock)
            defer { SpinLock.unlock(lock) }
            return body(&memo.pointee)
        }
    }

    private struct Memo {
        /// At most 64, in the order made: a paragraph is laid out at one to a few proposals, for
        /// which a scan costs less than hashing a key into a dictionary.
        var layouts: [(key: LayoutKey, layout: ParagraphLayout)] = []
        /// Kept for ``MeasuredParagraph`` (`withCacheRecords`), which skips `layouts`.
        var cacheRecords: [MeasuredParagraph.Record] = []
        /// `singleLine` once asked (`.some(nil)`: the pieces did not allow it).
        var singleLine: SingleLineIdeal??
        /// `widthZero` once asked (`.some(nil)`: the style did not allow it).
        var widthZero: LineBreaker.WidthZeroAnswer??
        /// `neededWidth(lines:)`'s answers by line limit (a text has one; `nil`: no width does).
        var neededWidths: [(lines: Int, width: Double?)] = []
    }
    private let computedLayouts = Atomic<Int>(0)

    private struct Seed: Sendable {
        let text: StyledText
        let style: ParagraphStyle
        let shaper: Shaper
        let pieces: [Piece]
        let missing: [Range<Int>]
    }

    /// The styled text laid out.
    public var text: StyledText { seed.text }
    /// The line limit, wrapping, truncation, alignment and spacing every layout follows.
    public var style: ParagraphStyle { seed.style }
    /// Scalar ranges no font covers: whole clusters, or the scalars of a cluster split between
    /// fonts that no font has (its other scalars are set in the fonts that have them).
    public var missingClusters: [Range<Int>] { seed.missing }
    var shaper: Shaper { seed.shaper }
    var pieces: [Piece] { seed.pieces }
    /// (A copy: through `content`'s atomic load the compiler copies the whole analysis, a retain and
    /// release per array, to read one field of it. Hot paths read `content.analysis.field` instead.)
    var analysis: Analysis { content.analysis }
    var prefix: [Double] { content.prefix }
    var unsafeBefore: [Bool] { content.unsafeBefore }
    typealias Piece = ParagraphContent.Piece

    /// The analysed and shaped text, analysed now (and kept) if that was left for later.
    var content: ParagraphContent { storeOnce(builtContent, analyse) }

    /// Whether the text has been analysed (segmentation, bidi, per-scalar advances).
    var isAnalysed: Bool { builtContent.load(ordering: .acquiring) != nil }

    /// The ideal layout's size and baseline from the shaped pieces alone, for a text of one
    /// left-to-right line (``SingleLineIdeal``); `nil` for other texts. Made when first asked.
    var singleLine: SingleLineIdeal? {
        // Two or more reserved lines make the ideal taller than its one line: the layout answers.
        guard isOneLine, seed.style.reservedLines <= 1 else { return nil }
        return memo.withLock { memo in
            if let known = memo.singleLine { return known }
            var strut: LineBreaker.Metrics?
            if case .fixed(let height) = seed.style.lineMetrics {
                strut = LineBreaker.strut(height, text: seed.text, shaper: seed.shaper)
            }
            let made = SingleLineIdeal(seed.pieces, policy: seed.style.lineMetrics, strut: strut)
            memo.singleLine = .some(made)
            return made
        }
    }

    /// The size and baselines of ``layout(width:height:)`` at width 0 (SwiftUI's minimum: every
    /// grapheme cluster on a line of its own) with no height, computed without making the layout:
    /// `Text` answers a width-0 question (which stacks ask each text first) with it, so one line
    /// object per grapheme is not built and kept. `nil` when a line limit or a minimum scale factor
    /// could change that layout. Computed once (outside the lock; a race computes it twice).
    var widthZero: LineBreaker.WidthZeroAnswer? {
        if let known = memo.withLock({ $0.widthZero }) { return known }
        let made = LineBreaker(paragraph: content).widthZeroAnswer()
        memo.withLock { $0.widthZero = .some(made) }
        return made
    }

    /// `compute`'s answer for the line limit `lines`, computed once per limit (outside the lock; a
    /// race computes it twice): the fit report's needed width, asked again for every device a
    /// sweep lays the same paragraph out on.
    func memoisedNeededWidth(lines: Int, _ compute: () -> Double?) -> Double? {
        if let known = memo.withLock({ memo in memo.neededWidths.first { $0.lines == lines } }) { return known.width }
        let made = compute()
        memo.withLock { memo in
            if !memo.neededWidths.contains(where: { $0.lines == lines }) { memo.neededWidths.append((lines, made)) }
        }
        return made
    }

    /// The base direction's level (0 left-to-right, 1 right-to-left), without analysing a one-line
    /// text: it is left-to-right, which is what made it one.
    var baseLevel: UInt8 { isOneLine ? 0 : content.analysis.bidi.baseLevel }  // in place (see `analysis`)

    /// The content of a text left to analyse: analysed here, or with the analysis a sibling made.
    /// Only a one-line text is analysed late, and it is pure left-to-right (its siblings share its
    /// string and direction), so its bidi levels are known without a scan (~350 instructions a tag).
    private func analyse() -> ParagraphContent {
        guard let shared = sharedFacts.load(ordering: .acquiring)?.takeUnretainedValue() else {
            return ParagraphContent(seed.text, style: seed.style, shaper: seed.shaper,
                                    analysis: Analysis(seed.text, direction: seed.style.direction, leftToRight: true),
                                    pieces: seed.pieces,
                                    missing: seed.missing)
        }
        let facts = shared.value {
            let analysis = Analysis(seed.text, direction: seed.style.direction, leftToRight: true)
            let (unsafe, units) = ParagraphContent.fontUnitFacts(seed.pieces, scalarCount: analysis.scalars.count)
            return SharedFacts.Value(analysis: analysis, unsafeBefore: unsafe, advanceUnits: units)
        }
        return ParagraphContent(seed.text, style: seed.style, shaper: seed.shaper, analysis: facts.analysis, pieces: seed.pieces,
                                missing: seed.missing, unsafeBefore: facts.unsafeBefore, advanceUnits: facts.advanceUnits)
    }

    /// This paragraph's text at another size or style (`text`, `style`, `pieces`), sharing its
    /// analysis: the one it has, or for a text not yet analysed the one the first of them makes.
    private func sibling(_ text: StyledText, style: ParagraphStyle, pieces: [Piece]) -> Paragraph {
        if isOneLine, !isAnalysed {
            let shared = storeOnce(sharedFacts) { SharedFacts() }
            return Paragraph(seed: Seed(text: text, style: style, shaper: shaper, pieces: pieces, missing: missingClusters),
                             sharing: shared)
        }
        let content = self.content
        let built = ParagraphContent(text, style: style, shaper: shaper, analysis: content.analysis, pieces: pieces,
                                     missing: missingClusters, unsafeBefore: content.unsafeBefore, advanceUnits: content.advanceUnits)
        return Paragraph(content: built, oneLine: isOneLine)
    }

    deinit {
        builtContent.load(ordering: .acquiring)?.release()
        sharedFacts.load(ordering: .acquiring)?.release()
    }

    /// Analyses and shapes `text` (a one-line text is analysed on its first layout).
    /// - Throws: the first run's invalid size or tracking, unreadable font or unknown family.
    public convenience init(_ text: StyledText, style: ParagraphStyle = ParagraphStyle(), shaper: Shaper) throws {
        // The run's tracking read in place (`text.runs[0]` copied the run: six retains and releases).
        if style.direction != .rightToLeft, text.runs.count == 1, text.runs.withUnsafeBufferPointer({ $0[0].attributes.tracking == 0 }),
           SingleLineIdeal.qualifies(text.string) {
            // The one level run the analysis would find: the whole text at level 0.
            var pieces: [Piece] = [], missing: [Range<Int>] = []
            var context: FontFace?
            let run = try RunShaping(text.runs[0].attributes, run: 0, shaper: shaper)
            run.append(text.string, start: 0, count: text.scalarCount, level: 0, context: &context, to: &pieces, missing: &missing)
            self.init(seed: Seed(text: text, style: style, shaper: shaper, pieces: pieces, missing: missing))
            return
        }
        try self.init(text, style: style, shaper: shaper, analysis: Analysis(text, direction: style.direction))
    }

    convenience init(_ text: StyledText, style: ParagraphStyle, shaper: Shaper, analysis: consuming Analysis) throws {
        var pieces: [Piece] = []
        var missing: [Range<Int>] = []
        // By index, the attributes copied once: a run copied is six retains and six releases.
        for runIndex in text.runs.indices where !text.runs[runIndex].range.isEmpty {
            let run = try RunShaping(text.runs[runIndex].attributes, run: runIndex, shaper: shaper)
            var context: FontFace?  // digits after Arabic stay in the Arabic font across a level change
            analysis.forEachLevelRun(in: text.runs[runIndex].range) { start, end, level in
                run.append(Paragraph.substring(text, analysis, start, end), start: start, count: end - start, level: level,
                           context: &context, to: &pieces, missing: &missing)
            }
        }
        self.init(content: ParagraphContent(text, style: style, shaper: shaper, analysis: analysis, pieces: pieces, missing: missing))
    }

    /// One style run's font, size and style number, and the shaping of its level runs.
    private struct RunShaping {
        let attributes: TextAttributes
        /// The run's index in the text's runs.
        let run: Int
        let size: Double
        let primary: FontMatch
        let styleID: Int
        let shaper: Shaper

        init(_ attributes: TextAttributes, run: Int, shaper: Shaper) throws {
            // Everything that can throw first, into locals, and `self` set once at the end: with the
            // attributes stored before a throwing call, the compiler built the value aside and
            // copied it out, and destroyed the copy (callgrind: ~750 instructions a new text).
            let size = try attributes.validated()
            let primary = try shaper.library.match(attributes, pointSize: size)
            let styleID = shaper.styleID(attributes)
            self.attributes = attributes
            self.run = run
            self.size = size
            self.primary = primary
            self.styleID = styleID
            self.shaper = shaper
        }

        /// Itemizes `piece` (scalars `start ..< start + count`, one bidi level) and appends its font
        /// runs, shaped, to `pieces`.
        func append(_ piece: String, start: Int, count: Int, level: UInt8, context: inout FontFace?,
                    to pieces: inout [Piece], missing: inout [Range<Int>]) {
            let runs = shaper.fontRuns(piece, scalarCount: count, primary: primary, language: attributes.locale, context: context)
            let pieceMissing = runs.missing
            if !pieceMissing.isEmpty { missing += pieceMissing.map { $0.lowerBound + start..<$0.upperBound + start } }
            let scalars = runs.scalars
            let direction: TextDirection = level % 2 == 1 ? .rightToLeft : .leftToRight
            var lastFace = context
            runs.forEach { span in
                lastFace = span.face
                // Not through the shaper's run cache: the paragraph keeps its runs, and the text
                // cache keeps paragraphs, so a cache entry would only cost its key and insertion
                // (2,400 instructions a cold tag, callgrind) and evict runs reshaping reuses.
                let shaped = shaper.shapeRun(scalars[span.start..<span.end], face: span.face, script: span.script,
                                             direction: direction, attributes: attributes, cached: false)
                pieces.append(Piece(start: start + span.start, end: start + span.end, face: span.face, script: span.script,
                                    level: level, run: run, style: styleID, size: size, tracking: attributes.totalTracking,
                                    shaped: shaped))
            }
            context = lastFace
        }
    }

    /// A paragraph whose text is analysed (`content`); `oneLine` for a size or style of a
    /// one-line text (its ideal size still comes from its pieces).
    init(content: ParagraphContent, oneLine: Bool = false) {
        seed = Seed(text: content.text, style: content.style, shaper: content.shaper, pieces: content.pieces,
                    missing: content.missingClusters)
        builtContent = Atomic(Unmanaged.passRetained(content))
        isOneLine = oneLine
        sharedFacts = Atomic(nil)
    }

    /// A one-line text, shaped, to be analysed on its first layout (with `shared`, the analysis
    /// its other sizes and styles share).
    private init(seed: Seed, sharing shared: SharedFacts? = nil) {
        self.seed = seed
        builtContent = Atomic(nil)
        isOneLine = true
        sharedFacts = Atomic(shared.map { Unmanaged.passRetained($0) })
    }

    /// Scalars `start..<end` of `text` as a string: the string itself when that is all of it.
    private static func substring(_ text: StyledText, _ analysis: Analysis, _ start: Int, _ end: Int) -> String {
        if start == 0, end == analysis.scalars.count { return text.string }
        return analysis.string(start..<end)
    }

    /// The same paragraph at another Dynamic Type size: the analysis, the font runs and the shaped
    /// glyphs (in font units) are reused; only the scales (and a font's `trak` tracking) change, so
    /// nothing is itemized or reshaped. Faces do not depend on the size, so the fonts stay those of
    /// the original, except for a variable font whose `opsz` follows the size: that text is shaped again.
    /// - Complexity: O(glyphs + scalars).
    public func resized(to dynamicTypeSize: DynamicTypeSize) throws -> Paragraph {
        try resized { $0.dynamicTypeSize = dynamicTypeSize }
    }

    /// The same paragraph at another Android font scale, as ``resized(to:)-(DynamicTypeSize)`` is at
    /// another Dynamic Type size (a Material style's line height is the paragraph style's: restyle it).
    public func resized(to fontScale: AndroidFontScale) throws -> Paragraph {
        try resized { $0.fontScale = fontScale }
    }

    /// The paragraph with every run's attributes changed by `change`, which changes sizes only.
    private func resized(_ change: (inout TextAttributes) -> Void) throws -> Paragraph {
        let resizedText = text.mapAttributes(change)
        // Each run's new size and tracking (read by index: a run copied is a dozen retains and
        // releases). A variable font whose optical size follows the point size is another
        // instance at another size, with other advances (and Apple's static SF Pro Text is SF Pro
        // Display from 20 pt): that text is shaped again, once per distinct face.
        var runs: [(size: Double, tracking: Double)] = []
        runs.reserveCapacity(text.runs.count)
        for k in text.runs.indices {
            let size = try resizedText.runs[k].attributes.validated()
            guard try shaper.sameFace(text.runs[k].attributes, atPointSizes: text.runs[k].attributes.validated(), size) else {
                return try Paragraph(resizedText, style: style, shaper: shaper)
            }
            runs.append((size, resizedText.runs[k].attributes.totalTracking))
        }
        // The style number leaves the size out, so it stays.
        let resizedPieces = pieces.map { $0.resized(to: runs[$0.run].size, tracking: runs[$0.run].tracking) }
        return sibling(resizedText, style: style, pieces: resizedPieces)
    }

    /// The paragraph with another style (line limit, wrap, truncation…), sharing the shaping.
    /// The same direction keeps the analysis and the shaped pieces (nothing is reshaped); another
    /// direction changes the bidi levels, so the text is analysed and shaped again.
    public func restyled(_ style: ParagraphStyle) throws -> Paragraph {
        guard style.direction == self.style.direction else { return try Paragraph(text, style: style, shaper: shaper) }
        return sibling(text, style: style, pieces: pieces)
    }
    // MARK: - Sizes

    /// The max-content size: no wrapping, a new line only at hard breaks. A one-line text answers
    /// from its shaped runs, with no analysis or layout (the same size, to the bit).
    public var idealSize: CGSize {
        if let singleLine { return CGSize(width: singleLine.width, height: singleLine.height) }
        return layout(width: nil).size
    }

    /// Lays the paragraph out for a proposal (SwiftUI semantics on the width axis).
    ///
    /// - `width` `nil` or infinite: the ideal layout (hard breaks only).
    /// - A finite width: greedy first-fit wrapping (or balanced, per ``ParagraphStyle/wrap``);
    ///   trailing spaces hang; the reported width is the widest line, never the proposal.
    /// - Width 0: SwiftUI's minimum, every opportunity taken (and, with `.wordThenCharacter`,
    ///   every grapheme cluster on its own line).
    /// - NaN or negative widths are treated as 0; a NaN or negative height as 0; an infinite
    ///   height as none.
    /// - `height`: keeps the lines that fit (at least one) and truncates the last.
    ///
    /// A proposal already answered, or a width at least the ideal width, reuses an earlier
    /// answer (``ParagraphLayout/reuse`` names the rule).
    /// - Complexity: O(n) in the scalars, plus reshaping at unsafe line ends (cached).
    public func layout(width: Double?, height: Double? = nil) -> ParagraphLayout {
        let width = Paragraph.normalize(width)
        let height = Paragraph.normalize(height)
        let key = LayoutKey(width: width, height: height)
        let idealKey = LayoutKey(width: nil, height: height)
        let (hit, ideal) = memo.withLock { memo -> (ParagraphLayout?, ParagraphLayout?) in
            var ideal: ParagraphLayout?
            for entry in memo.layouts {
                if entry.key == key { return (entry.layout, nil) }
                if width != nil, entry.key == idealKey { ideal = entry.layout }
            }
            return (nil, ideal)
        }
        if let hit { return hit.reused(.sameProposal) }
        let result = layout(width: width, height: height, ideal: ideal)
        memo.withLock { memo in
            if result.reuse == nil, memo.layouts.count >= 64 { memo.layouts.removeAll(keepingCapacity: true) }
            if memo.layouts.count < 64, !memo.layouts.contains(where: { $0.key == key }) {
                if memo.layouts.isEmpty { memo.layouts.reserveCapacity(4) }  // the ideal and a proposal or two, one allocation
                memo.layouts.append((key, result))
            }
        }
        return result
    }

    /// Runs `body` on the text cache's records for this paragraph (``MeasuredParagraph``), under
    /// the paragraph's lock.
    func withCacheRecords<Result>(_ body: (inout [MeasuredParagraph.Record]) -> Result) -> Result {
        memo.withLock { body(&$0.cacheRecords) }
    }

    /// The layout for a normalised proposal, without the memo: `ideal` (this paragraph's layout
    /// at width `nil` and the same height, if known) answers any positive width that holds it;
    /// otherwise the line breaker computes it. ``TextMeasurementCache`` calls this directly: it
    /// keeps its own records.
    func layout(width: Double?, height: Double?, ideal: ParagraphLayout?) -> ParagraphLayout {
        if let ideal, !ideal.isTruncated, let width, width > 0, width >= ideal.size.width, ideal.scale == 1 {
            // Not at width 0, which means SwiftUI's minimum (every opportunity taken) even when the
            // ideal is 0 wide: the answer must not depend on what was asked first (fuzzing).
            return ideal.reused(.idealFitsWiderProposal, proposal: width)
        }
        computedLayouts.add(1, ordering: .relaxed)
        return LineBreaker(paragraph: content).layout(width: width, height: height)
    }

    /// How many layouts the line breaker has computed for this paragraph (answers reused from the
    /// memo are not counted): tests and benchmarks count measurement reuse with it.
    package var layoutCount: Int { computedLayouts.load(ordering: .relaxed) }

    /// `layout(width:height:).size`.
    public func sizeThatFits(width: Double?, height: Double? = nil) -> CGSize { layout(width: width, height: height).size }

    /// CSS min-content: the widest segment between break opportunities (trailing spaces hang),
    /// with the segment and why it cannot break.
    public var minimumSize: MinimumSize { LineBreaker(paragraph: content).minimumContent() }

    /// NaN and negative → 0; +∞ → nil (no constraint).
    static func normalize(_ value: Double?) -> Double? {
        guard let value else { return nil }
        if value.isNaN || value < 0 { return 0 }
        return value.isInfinite ? nil : value
    }

    struct LayoutKey: Equatable { let width: Double?; let height: Double? }
}

/// What a ``Paragraph`` knows once its text is analysed and shaped, and the widths it computes
/// from that: immutable, shared by the paragraph and every layout made from it (their lines build
/// their glyph runs from it on demand), and by ``Paragraph/resized(to:)`` and ``Paragraph/restyled(_:)``
/// siblings where it does not change. Holds no layouts, so nothing it holds can hold it.
final class ParagraphContent: Sendable {
    let text: StyledText
    let style: ParagraphStyle
    let shaper: Shaper
    let analysis: Analysis
    /// Shaped pieces in logical order, covering the text exactly once.
    let pieces: [Piece]
    /// `prefix[i]` = the advance in points of scalars `0..<i` on one line: a HarfBuzz cluster's
    /// advance counts at its first scalar, tracking at each grapheme cluster's first scalar.
    let prefix: [Double]
    /// Breaking before scalar i (inside a piece) needs a reshape: HarfBuzz flags UNSAFE_TO_BREAK
    /// there, or scalar i lies inside a HarfBuzz cluster (a ligature, a conjunct) and has no glyph.
    let unsafeBefore: [Bool]
    /// Scalar i's advance in its piece's font units (the glyphs of the HarfBuzz cluster it
    /// starts; 0 inside a cluster): size-independent, so ``Paragraph/resized(to:)`` only rescales it.
    let advanceUnits: [Int32]
    /// The tracking added after the grapheme cluster starting at scalar i (0 elsewhere; empty when
    /// no run is tracked): the run's tracking, but a negative one at most closes the cluster's
    /// advance to 0. The pen never moves back past a cluster's start, so widths grow with the text
    /// and a line is never narrower than a word on it (fuzzing found a min-content wider than the
    /// ideal width, "!" at 0.01 pt tracked −0.5 beside a larger character).
    let trackingAfter: [Double]
    /// `tabSteps[i]`: the tab stops advanced by tabs 1…i of `analysis.tabs`, each from the stop the
    /// tab before it reached (a prefix sum, empty without tabs). After a line's first tab the pen
    /// is on a stop, so where later tabs land does not depend on where the line starts: a width
    /// across any number of tabs is O(log tabs).
    let tabSteps: [Double]
    /// Scalar ranges no font covers (``Paragraph/missingClusters``).
    let missingClusters: [Range<Int>]
    /// "…" measured in a style run's attributes, by run index (`ellipsis(forScalarAt:)`).
    private let ellipses = Mutex<[(run: Int, measurement: LineMeasurement)]>([])

    /// "…" in the attributes of the style run holding scalar `offset` (the last run past the
    /// end), as the shaper sets it (falling back if the run's font lacks it): measured once per
    /// run, not once per truncated line (a sweep truncates one text at many widths).
    func ellipsis(forScalarAt offset: Int) -> LineMeasurement {
        let runs = text.runs
        let run = runs.firstIndex { $0.range.contains(offset) } ?? runs.count - 1
        if let known = ellipses.withLock({ $0.first { $0.run == run }?.measurement }) { return known }
        let made = (try? shaper.measure("\u{2026}", attributes: runs[run].attributes))!
        ellipses.withLock { known in
            if !known.contains(where: { $0.run == run }) { known.append((run, made)) }
        }
        return made
    }

    /// One shaped piece: a maximal range of one style run, one bidi level, one face and script.
    /// It names its style run by index rather than holding the run's attributes (they stay in
    /// ``text``): pieces are copied, a resized paragraph makes each anew, and `TextAttributes` is a
    /// dozen fields to retain and release each time.
    struct Piece: Sendable {
        let start: Int, end: Int
        let face: FontFace
        let script: Script
        let level: UInt8
        /// The index in `text.runs` of the style run this piece is shaped with.
        let run: Int
        /// The shaper's number for the run's style (``Shaper/styleID(_:)``), for the run cache.
        let style: Int
        /// Point size ÷ units per em.
        let scale: Double
        let size: Double
        let shaped: ShapedRun
        /// Points after each grapheme cluster: the attributes' tracking (a Material style's included) plus the face's own `trak`
        /// tracking at `size` (``FontFace/trackingPoints(atPointSize:)``).
        let tracking: Double
        var direction: TextDirection { level % 2 == 1 ? .rightToLeft : .leftToRight }

        /// A piece of style run `run` at `size` points, the run's attributes adding `tracking`
        /// points after each grapheme cluster (``TextAttributes/totalTracking``).
        init(start: Int, end: Int, face: FontFace, script: Script, level: UInt8, run: Int, style: Int,
             size: Double, tracking: Double, shaped: ShapedRun) {
            self.start = start
            self.end = end
            self.face = face
            self.script = script
            self.level = level
            self.run = run
            self.style = style
            self.scale = size / Double(face.metrics.unitsPerEm)
            self.size = size
            self.shaped = shaped
            self.tracking = tracking + face.trackingPoints(atPointSize: size)
        }

        /// This piece (the same glyphs) at `size` points, its run's attributes now adding `tracking`.
        func resized(to size: Double, tracking: Double) -> Piece {
            Piece(start: start, end: end, face: face, script: script, level: level, run: run, style: style,
                  size: size, tracking: tracking, shaped: shaped)
        }
    }

    /// Builds the per-scalar advances from shaped pieces (no shaping here). `unsafeBefore` and
    /// `advanceUnits` can be passed when only the sizes changed (they are in font units).
    init(_ text: StyledText, style: ParagraphStyle, shaper: Shaper, analysis: consuming Analysis, pieces: [Piece], missing: [Range<Int>],
         unsafeBefore: [Bool]? = nil, advanceUnits: [Int32]? = nil) {
        self.text = text
        self.style = style
        self.shaper = shaper
        let n = analysis.scalars.count
        var unsafe = unsafeBefore ?? []
        var units = advanceUnits ?? []
        if unsafeBefore == nil || advanceUnits == nil { (unsafe, units) = Self.fontUnitFacts(pieces, scalarCount: n) }
        // Each scalar's advance in points at prefix[offset + 1] (units × the piece's scale, one
        // rounding per scalar, the same at every size), then summed in place.
        var prefix = [Double](filledWith: 0, count: n + 1)
        let tracked = pieces.contains { $0.tracking != 0 }
        prefix.withUnsafeMutableBufferPointer { prefix in
            units.withUnsafeBufferPointer { units in
                // Untracked (the usual case) the sums are made in the same pass, in the same order.
                var sum = 0.0, next = 0  // next: the first offset not yet written
                for piece in pieces {
                    while next < piece.start { prefix[next + 1] = tracked ? 0 : sum; next += 1 }
                    for offset in piece.start..<piece.end {
                        let advance = Double(units[offset]) * piece.scale
                        sum += advance
                        prefix[offset + 1] = tracked ? advance : sum
                    }
                    next = piece.end
                }
                while next < n { prefix[next + 1] = tracked ? 0 : sum; next += 1 }
            }
        }
        // Tracking, after all advances are in: at most minus the cluster's advance (see `trackingAfter`).
        var trackingAfter: [Double] = []
        if tracked { trackingAfter = [Double](filledWith: 0, count: n) }
        analysis.isGraphemeStart.withUnsafeBufferPointer { isStart in
            prefix.withUnsafeMutableBufferPointer { prefix in
                trackingAfter.withUnsafeMutableBufferPointer { after in
                    for piece in pieces where tracked && piece.tracking != 0 {
                        var offset = piece.start
                        while offset < piece.end {
                            var next = offset + 1
                            var advance = prefix[offset + 1]
                            while next < n, !isStart[next] {
                                advance += prefix[next + 1]
                                next += 1
                            }
                            if isStart[offset] {
                                let tracking = max(piece.tracking, -max(0, advance))
                                after[offset] = tracking
                                prefix[offset + 1] += tracking
                            }
                            offset = next
                        }
                    }
                }
            }
        }
        if tracked { for i in 0..<n { prefix[i + 1] += prefix[i] } }
        var tabSteps: [Double] = []
        if analysis.hasTabs {
            let tabs = analysis.tabs, stop = style.tabStop
            tabSteps = [Double](filledWith: 0, count: tabs.count)
            for i in tabs.indices.dropFirst() {
                tabSteps[i] = tabSteps[i - 1] + floor((prefix[tabs[i]] - prefix[tabs[i - 1] + 1]) / stop + 1e-9) + 1
            }
        }
        self.tabSteps = tabSteps
        self.pieces = pieces
        self.prefix = prefix
        self.trackingAfter = trackingAfter
        self.unsafeBefore = unsafe
        self.advanceUnits = units
        self.missingClusters = missing
        self.analysis = analysis  // last: moved in (a copy is a retain and a release per array)
    }

    /// `unsafeBefore` and `advanceUnits` from the shaped pieces (in font units: the same at every size).
    static func fontUnitFacts(_ pieces: [Piece], scalarCount n: Int) -> (unsafeBefore: [Bool], advanceUnits: [Int32]) {
        var unsafe = [Bool](filledWith: false, count: n + 1)
        var units = [Int32](filledWith: 0, count: n)
        units.withUnsafeMutableBufferPointer { units in
            unsafe.withUnsafeMutableBufferPointer { unsafe in
                for piece in pieces {
                    // A scalar inside a HarfBuzz cluster (after its first scalar: the second letter
                    // of an "fi" ligature, the alef of lam-alef, the rest of a conjunct) has no glyph
                    // of its own, so a cut there is a cut of glyphs: unsafe, whatever the flags say.
                    // Every offset starts unsafe; the glyphs then clear their clusters' starts.
                    if piece.start + 1 < piece.end {
                        for offset in piece.start + 1..<piece.end { unsafe[offset] = true }
                    }
                    for glyph in piece.shaped.glyphs {
                        let offset = piece.start + Int(glyph.cluster)
                        precondition(offset < n, "a glyph's cluster lies outside its piece")
                        units[offset] &+= glyph.advance
                        unsafe[offset] = false
                    }
                    for glyph in piece.shaped.glyphs where glyph.unsafeToBreak {
                        let offset = piece.start + Int(glyph.cluster)
                        if offset > piece.start { unsafe[offset] = true }
                    }
                }
            }
        }
        return (unsafe, units)
    }

    // MARK: - Widths

    /// The width of scalars `a..<b` laid on one line starting at x = 0: advances, tab stops,
    /// corrections where a line end cuts a piece at an unsafe-to-break position, and a hyphen
    /// if the line ends after a soft hyphen. Hanging trailing whitespace is excluded.
    func lineWidth(_ a: Int, _ b: Int, hyphen: Bool = false) -> Double {
        let end = analysis.trimHanging(a, b)
        guard end > a else { return 0 }
        var width: Double
        if analysis.hasTabs, let firstTab = analysis.nextTab(from: a), firstTab < end {
            width = widthWithTabs(a, end)
        } else {
            width = prefix[end] - prefix[a]
        }
        // A cut at the break is only a cut of glyphs when no hanging space sits before it.
        if unsafeBefore[a] || (end == b && unsafeBefore[end]) { width += reshapeCorrection(a, end, cutAtEnd: end == b) }
        if hyphen { width += hyphenWidth(at: b - 1) }
        return width
    }

    /// The width of scalars `a..<end` from x = 0 with tabs advancing to the next stop: the first
    /// tab's stop from the text before it, each later one's from `tabSteps`.
    /// - Complexity: O(log tabs).
    private func widthWithTabs(_ a: Int, _ end: Int) -> Double {
        let tabs = analysis.tabs, stop = style.tabStop
        let first = analysis.tabIndex(from: a)
        guard first < tabs.count, tabs[first] < end else { return prefix[end] - prefix[a] }
        let last = analysis.tabIndex(from: end) - 1
        let stops = floor((prefix[tabs[first]] - prefix[a]) / stop + 1e-9) + 1 + (tabSteps[last] - tabSteps[first])
        return stops * stop + prefix[end] - prefix[tabs[last] + 1]
    }

    /// The width of a tab at `offset` on a line starting at `lineStart`.
    func tabAdvance(at offset: Int, lineStart: Int) -> Double {
        let before = widthWithTabs(lineStart, offset)
        return (floor(before / style.tabStop + 1e-9) + 1) * style.tabStop - before
    }

    /// The change in width when the pieces cut at `a` and (if `cutAtEnd`) `end` are reshaped on their own.
    func reshapeCorrection(_ a: Int, _ end: Int, cutAtEnd: Bool = true) -> Double {
        // Segment by segment, without building the array `reshapedSegments` returns.
        let (first, second) = segmentRanges(a, end, cutAtEnd: cutAtEnd)
        var total = 0.0
        // (Not a loop over [first, second]: an array a call on this path costs an allocation.)
        func add(_ segment: SegmentRange) {
            if segment.stop - segment.start <= Self.wholeReshapeLimit {
                total = total + reshapedWidth(segment.start, segment.stop, piece: segment.piece).1
                    - (prefix[segment.stop] - prefix[segment.start])
            } else {
                for part in reshapedParts(segment) { total = total + part.width - (prefix[part.end] - prefix[part.start]) }
            }
        }
        if let first { add(first) }
        if let second { add(second) }
        return total
    }

    /// A piece of a line that must be reshaped alone because the line cuts its piece at an
    /// unsafe-to-break position.
    struct Reshaped {
        let start: Int, end: Int
        let piece: Int
        let shaped: ShapedRun
        let width: Double
    }

    /// The segments of line `a..<end` that need reshaping: from `a` to the next safe position,
    /// and from the last safe position to `end`, inside the pieces they cut (merged when they meet).
    /// `cutAtEnd` false: the line ends at hanging whitespace after `end`, so `end` cuts no glyphs.
    /// A segment longer than ``wholeReshapeLimit`` (a long word with no safe position, such as
    /// joined Arabic letters) gives only the parts near its cuts (``reshapedParts(_:)``).
    func reshapedSegments(_ a: Int, _ end: Int, cutAtEnd: Bool = true) -> [Reshaped] {
        let (first, second) = segmentRanges(a, end, cutAtEnd: cutAtEnd)
        return [first, second].flatMap { segment -> [Reshaped] in
            guard let segment else { return [] }
            return reshapedParts(segment)
        }
    }

    /// A range to reshape, in piece `piece`, and which of its ends are cuts of the piece's glyphs
    /// (the others are safe-to-break positions, piece ends or the text's end).
    private typealias SegmentRange = (start: Int, stop: Int, piece: Int, cutStart: Bool, cutEnd: Bool)

    /// A segment at most this long (scalars) is reshaped whole, as HarfBuzz shapes it alone: every
    /// ordinary word, so ordinary text measures exactly as before windows existed.
    static let wholeReshapeLimit = 64
    /// The first window reshaped at a cut in a longer segment (doubled until the shaping settles).
    static let reshapeWindow = 32
    /// Scalars that must shape the same in the window as in the paragraph, past a cut's reach,
    /// before the rest of the segment is taken from the paragraph's shaping.
    static let reshapeAgreement = 8

    /// The (at most two) ranges `reshapedSegments` shapes, in order. The scans for a safe position
    /// stop after ``wholeReshapeLimit`` scalars: a longer segment reaches to the line's end or start
    /// inside its piece (only its cut ends are reshaped, by window).
    private func segmentRanges(_ a: Int, _ end: Int, cutAtEnd: Bool) -> (SegmentRange?, SegmentRange?) {
        var first: SegmentRange?
        if unsafeBefore[a], let p = pieceIndex(containing: a), pieces[p].start < a {
            var e = a + 1
            let limit = min(end, pieces[p].end)
            let scanLimit = min(limit, a + Self.wholeReshapeLimit + 1)
            while e < scanLimit, unsafeBefore[e] { e += 1 }
            if e == scanLimit, scanLimit < limit, unsafeBefore[e] { e = limit }  // no safe position near: a long segment
            first = (a, e, p, true, false)
        }
        if cutAtEnd, end > a, end < analysis.scalars.count, unsafeBefore[end], let p = pieceIndex(containing: end - 1), pieces[p].end > end {
            var s = end - 1
            let limit = max(a, pieces[p].start)
            let scanLimit = max(limit, end - Self.wholeReshapeLimit - 1)
            while s > scanLimit, unsafeBefore[s] { s -= 1 }
            if s == scanLimit, scanLimit > limit, unsafeBefore[s] { s = limit }
            if let head = first, head.piece == p, head.stop >= s { return ((head.start, end, p, true, true), nil) }
            return (first, (s, end, p, false, true))
        }
        return (first, nil)
    }

    /// The reshaped parts of a segment: the segment shaped whole when it is short; otherwise only
    /// a part at each cut end, found by ``splice(_:atStart:)``, the glyphs between them being the
    /// paragraph's own. A cut changes the shaping only near it (a letter's joining form, a
    /// ligature, a kerning pair, a mark), so a long unbreakable word costs O(window) per line end,
    /// not O(word), and the run cache holds windows, not the rest of the word from every cut.
    private func reshapedParts(_ segment: SegmentRange) -> [Reshaped] {
        func whole() -> [Reshaped] {
            let (shaped, width) = reshapedWidth(segment.start, segment.stop, piece: segment.piece)
            return [Reshaped(start: segment.start, end: segment.stop, piece: segment.piece, shaped: shaped, width: width)]
        }
        guard segment.stop - segment.start > Self.wholeReshapeLimit else { return whole() }
        var parts: [Reshaped] = []
        if segment.cutStart {
            guard let head = splice(segment, atStart: true) else { return whole() }
            parts.append(head)
        }
        if segment.cutEnd {
            guard let tail = splice(segment, atStart: false), tail.start >= (parts.first?.end ?? segment.start) else { return whole() }
            parts.append(tail)
        }
        return parts
    }

    /// The part of a long segment to reshape at its start (`atStart`) or its end: a window of
    /// scalars at that cut is shaped alone and the cut's reach found where the window's glyphs
    /// agree with the paragraph's for ``reshapeAgreement`` scalars (clear of the window's other,
    /// artificial, end); the part runs from the cut to there. The window doubles until they agree;
    /// `nil` when it would cover the segment (then the segment is reshaped whole).
    private func splice(_ segment: SegmentRange, atStart: Bool) -> Reshaped? {
        let piece = pieces[segment.piece]
        let rtl = piece.direction == .rightToLeft
        let k = Self.reshapeAgreement
        var size = Self.reshapeWindow
        while size + 2 * k < segment.stop - segment.start {
            let window = atStart ? segment.start..<segment.start + size + 2 * k : segment.stop - size - 2 * k..<segment.stop
            let (shaped, _) = reshapedWidth(window.lowerBound, window.upperBound, piece: segment.piece)
            /// The window's glyphs for scalars `range` equal the paragraph's, and `boundary` starts a
            /// HarfBuzz cluster in both (so the part and the paragraph's glyphs meet between clusters).
            func agrees(_ range: Range<Int>, boundary: Int) -> Bool {
                guard !shaped.glyphIndices(of: boundary - window.lowerBound..<boundary - window.lowerBound + 1, rtl: rtl).isEmpty,
                      !piece.shaped.glyphIndices(of: boundary - piece.start..<boundary - piece.start + 1, rtl: rtl).isEmpty
                else { return false }
                let mine = shaped.glyphIndices(of: range.lowerBound - window.lowerBound..<range.upperBound - window.lowerBound, rtl: rtl)
                let theirs = piece.shaped.glyphIndices(of: range.lowerBound - piece.start..<range.upperBound - piece.start, rtl: rtl)
                guard mine.count == theirs.count, !mine.isEmpty else { return false }
                for (i, j) in zip(mine, theirs) {
                    let x = shaped.glyphs[i], y = piece.shaped.glyphs[j]
                    guard x.id == y.id, x.advance == y.advance, x.xOffset == y.xOffset, x.yOffset == y.yOffset,
                          Int(x.cluster) + window.lowerBound == Int(y.cluster) + piece.start else { return false }
                }
                return true
            }
            if atStart {
                // The first boundary after the cut from which k scalars agree, k clear of the window's end.
                for boundary in window.lowerBound + 1...window.upperBound - 2 * k
                where agrees(boundary..<boundary + k, boundary: boundary) {
                    return part(shaped, window, segment.piece, boundary: boundary, atStart: true, rtl: rtl)
                }
            } else {
                for boundary in stride(from: window.upperBound - 1, through: window.lowerBound + 2 * k, by: -1)
                where agrees(boundary - k..<boundary, boundary: boundary) {
                    return part(shaped, window, segment.piece, boundary: boundary, atStart: false, rtl: rtl)
                }
            }
            size *= 2
        }
        return nil
    }

    /// The glyphs of `shaped` (scalars `window` of piece `p`) before `boundary` (`atStart`) or from it.
    private func part(_ shaped: ShapedRun, _ window: Range<Int>, _ p: Int, boundary: Int, atStart: Bool, rtl: Bool) -> Reshaped {
        let range = atStart ? window.lowerBound..<boundary : boundary..<window.upperBound
        let glyphs = shaped.glyphIndices(of: range.lowerBound - window.lowerBound..<range.upperBound - window.lowerBound, rtl: rtl)
        // Clusters relative to the part's start, as a reshaped segment's are.
        let shift = UInt32(range.lowerBound - window.lowerBound)
        let run = ShapedRun(glyphs: shaped.glyphs[glyphs].map { glyph in
            var moved = glyph
            moved.cluster -= shift
            return moved
        })
        var width = Double(run.advance) * pieces[p].scale
        if pieces[p].tracking != 0 { width += range.reduce(0) { $0 + tracking(after: $1) } }
        return Reshaped(start: range.lowerBound, end: range.upperBound, piece: p, shaped: run, width: width)
    }

    /// Scalars `start..<stop` of piece `p` shaped alone (through the shaper's cache), and their width.
    private func reshapedWidth(_ start: Int, _ stop: Int, piece p: Int) -> (ShapedRun, Double) {
        // The piece read in place through a pointer: copying it (its attributes and shaped run)
        // cost more than the run cache's lookup of a cluster reshaped alone.
        pieces.withUnsafeBufferPointer { pieces in
            let shaped = analysis.withShapingScalars(start..<stop) {
                shaper.shapeRun($0, face: pieces[p].face, script: pieces[p].script, direction: pieces[p].direction,
                                style: pieces[p].style) { text.runs[pieces[p].run].attributes }
            }
            var width = Double(shaped.advance) * pieces[p].scale
            if pieces[p].tracking != 0 {
                width += (start..<stop).reduce(0) { $0 + tracking(after: $1) }
            }
            return (shaped, width)
        }
    }

    /// The tracking after the grapheme cluster that starts at `offset` (0 inside a cluster).
    func tracking(after offset: Int) -> Double {
        trackingAfter.isEmpty ? 0 : trackingAfter[offset]
    }

    func pieceIndex(containing offset: Int) -> Int? {
        var low = 0, high = pieces.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if pieces[mid].end <= offset { low = mid + 1 } else if pieces[mid].start > offset { high = mid - 1 } else { return mid }
        }
        return nil
    }

    /// The hyphen shown when a line breaks after the soft hyphen at `offset`, in that run's font.
    func hyphenWidth(at offset: Int) -> Double {
        (try? shaper.measure("-", attributes: text.attributes(at: offset)).width) ?? 0
    }
}

/// A one-line text's analysis and per-scalar font-unit facts, shared by its sizes and styles made
/// before it was analysed: made on the first layout of any of them, once, for all of them.
final class SharedFacts: Sendable {
    struct Value: Sendable {
        let analysis: Analysis
        let unsafeBefore: [Bool]
        let advanceUnits: [Int32]
    }

    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let slot = Atomic<Unmanaged<Box>?>(nil)

    /// The facts, made by `make` if no one has made them yet.
    func value(_ make: () -> Value) -> Value {
        storeOnce(slot) { Box(make()) }.value
    }

    deinit {
        slot.load(ordering: .acquiring)?.release()
    }
}

/// The CSS min-content width and the segment that sets it.
public struct MinimumSize: Sendable, Equatable {
    /// Why a segment has no break opportunity inside.
    public enum Reason: String, Sendable, Codable {
        /// A URL or e-mail address: UAX #14 gives no opportunity after `/` before letters, etc.
        case url
        /// A single word (or compound) of letters: no opportunity inside.
        case word
        /// A no-break space, narrow no-break space or word joiner holds the segment together.
        case nonBreakingJoiner = "non-breaking-joiner"
        /// A script that needs a dictionary (Thai, Lao, Khmer, Myanmar) had no dictionary break inside.
        case noDictionaryBreak = "no-dictionary-break"
        /// Numbers, punctuation and symbols that UAX #14 keeps together.
        case unbreakableSequence = "unbreakable-sequence"
        /// The text is empty.
        case empty
    }

    /// The width, in points.
    public let width: Double
    /// The paragraph's height laid out at that width (breaking only at opportunities).
    public let height: Double
    /// The widest unbreakable segment, trailing spaces trimmed.
    public let segment: String
    /// Its scalar range.
    public let range: Range<Int>
    /// Why the segment cannot be broken.
    public let reason: Reason
}

/// One font run of a paragraph in logical order (a piece of one style run, bidi level, face and script).
public struct ParagraphFontRun: Sendable {
    /// The scalar offsets it covers.
    public let range: Range<Int>
    /// The face it is set in.
    public let face: FontFace
    /// Its script.
    public let script: Script
    /// Its direction.
    public let direction: TextDirection
    /// The run's advance in points (tracking included).
    public let width: Double
    /// How many glyphs the run shaped to.
    public let glyphCount: Int
}

extension Paragraph {
    /// The font runs in logical order: which face shaped which scalars.
    public var fontRuns: [ParagraphFontRun] {
        // By index, each field read in place (`map` copied each piece: a retain of all it holds).
        pieces.indices.map { index in
            let start = pieces[index].start, end = pieces[index].end
            return ParagraphFontRun(range: start..<end, face: pieces[index].face, script: pieces[index].script,
                                    direction: pieces[index].direction, width: prefix[end] - prefix[start],
                                    glyphCount: pieces[index].shaped.glyphs.count)
        }
    }
}
