import Foundation
import LayoutCore
import Synchronization
import Typography

/// Where `Text` leaves keep their paragraphs and the layouts they measured, so that a container
/// asking the same question twice — or a question whose answer is already known — pays once.
///
/// Two levels, split by how often they go stale (as Parley splits analysis from line breaking):
/// | level | key | built by |
/// |---|---|---|
/// | paragraph (analysis + shaping) | shaper, styled text, paragraph style, layout direction | `Paragraph.init`, or `resized(to:)` when only the Dynamic Type size changed |
/// | layout (line breaking + placement) | the proposal (width, height) | `Paragraph.layout(width:height:)`, unless a ``ReuseRule`` answers |
///
/// A new proposal is answered by the first rule that holds (``ReuseRule``), else computed. Every
/// level is bounded: ``paragraphCapacity`` paragraphs and ``paragraphByteCapacity`` estimated bytes
/// of them (least recently used leave first), and ``layoutsPerParagraph`` layouts each (oldest
/// first). Thread-safe; one cache may serve many trees.
public final class TextMeasurementCache: Sendable {
    /// A named reason an earlier layout answers a new proposal without line breaking (after Yoga's
    /// named cache predicates). Every rule needs the earlier layout uncut (not truncated, not scaled
    /// down, no reserved blank line left out for its proposed height) and its height to fit the new height. The width rules also need it to have broken no
    /// word between grapheme clusters, and the paragraph's line widths to only grow as a line takes
    /// more text (no negative advance, no reshaping or soft hyphen at any break opportunity, greedy
    /// wrapping): then greedy breaking at the new width makes the same lines.
    public enum ReuseRule: String, Sendable, CaseIterable, Codable {
        /// The same (normalised) proposal was answered before.
        case sameProposal
        /// The earlier layout broke lines only at hard breaks (the ideal layout, measured for a `nil`
        /// width or for a width that wrapped nothing) and the new width holds its widest line (or
        /// is `nil`/∞): no soft break can be taken, so the lines are the same. Yoga:
        /// `oldSizeIsMaxContentAndStillFits`. A `Text` of one line whose ideal size came from its
        /// shaped runs (no layout made) answers such widths from that size, by the same rule.
        case idealFitsWiderProposal
        /// The new width lies between the earlier layout's widest line and the earlier proposal:
        /// every line still fits, and every break taken was taken because the next word did not fit
        /// the wider width, so it does not fit the narrower one either. This covers a container
        /// proposing back exactly the width a text answered. Yoga: `newSizeIsStricterAndStillValid`.
        case narrowerProposalStillFits
        /// Same width, another height (or none) that still holds every line: nothing is cut.
        case tallerProposalStillFits
    }

    /// How much work the cache saved and did, since it was made.
    public struct Statistics: Sendable, Equatable {
        /// Paragraphs analysed and shaped from scratch.
        public var paragraphsBuilt = 0
        /// Paragraphs made by `Paragraph.resized(to:)` from one at another Dynamic Type size (no reshaping).
        public var paragraphsResized = 0
        /// Layouts computed by line breaking (the paragraphs' own memo hits included in ``reuses``).
        public var layoutsComputed = 0
        /// Ideal sizes answered from a paragraph's shaped runs alone, with no analysis or layout:
        /// the text is one left-to-right line (one style run with no hard break, tab, tracking,
        /// trailing space or right-to-left character), and the answer is the same to the bit.
        public var idealsWithoutLayout = 0
        /// Answers given by each rule instead of line breaking.
        public var reuses: [ReuseRule: Int] = [:]
        /// Paragraphs dropped to stay within the bounds (or not kept, being over the byte bound alone).
        public var paragraphsEvicted = 0
        /// Width-0 sizes (SwiftUI's minimum, every grapheme cluster on a line of its own) a `Text`
        /// answered without making that layout: the same size and baselines to the bit.
        public var minimumsWithoutLayout = 0
    }

    /// A text that could not be measured as written, and what was done about it.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The text's string.
        public let text: String
        /// The typesetter's error (e.g. ``TypographyError/unknownFamily(name:suggestions:)``).
        public let error: any Error
        /// `true` when the text was measured anyway in the system family (an unknown custom family,
        /// as on Apple platforms); `false` when it measures 0 × 0.
        public let fellBack: Bool
        /// The system family it was measured in when it fell back (Noto Sans, SF Pro, Roboto).
        public var fallbackFamily: String = FontLibrary.defaultFamily

        public var description: String {
            "\"\(text.prefix(40))\": \(error)\(fellBack ? "; measured in \(fallbackFamily) instead" : "; measured as 0 × 0")"
        }
    }

    /// The most paragraphs kept.
    public let paragraphCapacity: Int
    /// The most bytes of paragraphs kept, by ``estimatedBytes(utf8Count:)``; a paragraph over it
    /// alone is measured but not kept.
    public let paragraphByteCapacity: Int
    /// The most layouts kept per paragraph.
    public let layoutsPerParagraph: Int

    private let state = Locked(State())
    /// Use stamps for least-recently-used eviction (an atomic: `Text`'s memo stamps without the lock).
    private let clock = Atomic<Int>(0)
    private static let failureCapacity = 32

    private struct State {
        var entries: [Key: MeasuredParagraph] = [:]
        /// The latest paragraph at a Dynamic Type size other than `.large`, by its content at
        /// `.large` (the key it would have at that size), for `resized(to:)`. A paragraph at
        /// `.large` is found in `entries` under that same key, so it is not kept here too.
        var bySize: [Key: MeasuredParagraph] = [:]
        var statistics = Statistics()
        var failures: [Failure] = []
        /// The estimated bytes of `entries`.
        var bytes = 0
    }

    /// What decides a paragraph: the shaper (by identity; the entry keeps it alive), the styled
    /// text, the paragraph style and the layout direction (leading/trailing alignment follows it).
    ///
    /// Strings compare and hash by their UTF-8 bytes, not by Swift's canonical equivalence: "é"
    /// precomposed and decomposed are different texts to shape (fonts may draw them differently),
    /// and byte hashing skips normalisation. The hash is computed once, when the key is made.
    struct Key: Hashable {
        let shaper: ObjectIdentifier
        let text: StyledText
        let style: ParagraphStyle
        let rightToLeft: Bool
        private let hash: Int

        init(shaper: ObjectIdentifier, text: StyledText, style: ParagraphStyle, rightToLeft: Bool) {
            self.shaper = shaper
            self.text = text
            self.style = style
            self.rightToLeft = rightToLeft
            // The hash covers what tells most keys apart (the shaper, the bytes, where the runs
            // end, the direction); attributes and style are left to `==`. Hashing them too cost
            // more than the rest of a cached lookup (callgrind: ~8,000 instructions a key).
            // Mixed eight bytes at a time (`utf8Hash`, as the shaper's line keys are), not
            // with SipHash: the table mixes in its per-process seed (`_rawHashValue(seed:)`), so a
            // new text's key and its table lookups each finalised a SipHash of their own
            // (callgrind: ~850 instructions a cold tag).
            var h = text.string.utf8Hash(seed: 0x9E37_79B9_7F4A_7C15 &* UInt64(UInt(bitPattern: shaper)))
            h = Self.mix(h, UInt64(text.runs.count) << 1 | (rightToLeft ? 1 : 0))
            for i in text.runs.indices { h = Self.mix(h, UInt64(UInt(bitPattern: text.runs[i].range.upperBound))) }  // by index: a run copied is six retains
            // And the first run's size: a sweep keeps one string at every text size, and keys
            // alike but for it fell in one chain, each lookup and insertion comparing its runs with
            // every other size's (callgrind: ~3,500 instructions a lookup).
            if !text.runs.isEmpty { h = Self.mix(h, text.runs[0].attributes.pointSize.bitPattern) }
            hash = Int(bitPattern: UInt(h))
        }

        private static func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
            var mixed = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
            mixed ^= mixed >> 32
            return mixed
        }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.shaper == b.shaper && a.rightToLeft == b.rightToLeft && Self.sameRuns(a.text.runs, b.text.runs)
                && a.style == b.style && a.text.string.hasSameUTF8(as: b.text.string)
        }

        /// The runs compared in place (`Array`'s `==` copied each run: six retains and releases).
        private static func sameRuns(_ a: [StyledText.Run], _ b: [StyledText.Run]) -> Bool {
            guard a.count == b.count else { return false }
            for i in a.indices where a[i].range != b[i].range || a[i].attributes != b[i].attributes { return false }
            return true
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        /// The table's hash: the precomputed word mixed with the table's seed by one
        /// multiply-xorshift round, rather than a whole SipHash of one word on every lookup.
        func _rawHashValue(seed: Int) -> Int {
            var mixed = UInt64(bitPattern: Int64(hash ^ seed)) &* 0xFF51_AFD7_ED55_8CCD
            mixed ^= mixed >> 33
            return Int(truncatingIfNeeded: mixed)
        }
    }

    /// The cache `Text` uses unless the environment sets another (``EnvironmentValues/textMeasurementCache``).
    public static let shared = TextMeasurementCache()

    /// The most entries the paragraph table is sized for up front.
    private static let reservedEntries = 4_096

    /// - Parameters:
    ///   - paragraphCapacity: the most paragraphs kept (at least 1).
    ///   - paragraphByteCapacity: the most estimated bytes of paragraphs kept (default 64 MiB).
    ///   - layoutsPerParagraph: the most measured layouts kept for each paragraph (at least 1).
    public init(paragraphCapacity: Int = 1_024, paragraphByteCapacity: Int = 64 << 20, layoutsPerParagraph: Int = 16) {
        self.paragraphCapacity = max(1, paragraphCapacity)
        self.paragraphByteCapacity = max(1, paragraphByteCapacity)
        self.layoutsPerParagraph = max(1, layoutsPerParagraph)
        let state = self.state
        closedFaces = ClosedFaces.subscribe { isClosed in Self.removeParagraphs(from: state, shapedWith: isClosed) }
    }

    /// The cache's subscription to faces a library closes (ends with the cache).
    private let closedFaces: ClosedFaces.Subscription

    /// Drops the paragraphs with a piece in a face its library closed (``ClosedFaces``), so the
    /// face can be freed. (A layout's "…" set in a fallback face keeps that face until its paragraph leaves.)
    private static func removeParagraphs(from state: Locked<State>, shapedWith isClosed: ClosedFaces.Predicate) {
        func usesClosedFace(_ entry: MeasuredParagraph) -> Bool {
            guard case .success(let paragraph) = entry.paragraph else { return false }
            return paragraph.pieces.contains { isClosed($0.face) }
        }
        state.withLock { state in
            for (key, entry) in state.entries where usesClosedFace(entry) {
                state.bytes -= entry.bytes
                state.entries[key] = nil
                state.statistics.paragraphsEvicted += 1
            }
            state.bySize = state.bySize.filter { !usesClosedFace($0.value) }
        }
    }

    /// What a paragraph of `utf8Count` bytes of text is reckoned to hold, with its analysis, shaped
    /// runs and remembered layouts: 1 KiB plus 64 bytes a byte of text. Measured in `textfit serve`:
    /// 100 paragraphs of 10,000 characters (with their layouts) took 52 MiB, about 55 bytes a
    /// character; text outside ASCII has more bytes a character, so the estimate only errs high.
    public static func estimatedBytes(utf8Count: Int) -> Int { 1_024 + 64 * utf8Count }

    /// The estimated bytes of the paragraphs kept (``estimatedBytes(utf8Count:)``).
    public var bytes: Int { state.withLock { $0.bytes } }

    /// A snapshot of the counters.
    public var statistics: Statistics {
        var statistics = state.withLock { $0.statistics }
        statistics.layoutsComputed = computedCount.load(ordering: .relaxed)
        statistics.idealsWithoutLayout = idealWithoutLayoutCount.load(ordering: .relaxed)
        statistics.minimumsWithoutLayout = minimumWithoutLayoutCount.load(ordering: .relaxed)
        for rule in ReuseRule.allCases {
            let count = counter(rule)
            if count > 0 { statistics.reuses[rule] = count }
        }
        return statistics
    }

    /// The most recent texts that could not be measured as written (at most 32, oldest first).
    public var failures: [Failure] { state.withLock { $0.failures } }

    /// The number of paragraphs kept.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Forgets every paragraph, layout, counter and failure.
    public func removeAll() {
        state.withLock { $0 = State() }
        clock.store(0, ordering: .relaxed)
        sameProposalCount.store(0, ordering: .relaxed)
        idealFitsWiderCount.store(0, ordering: .relaxed)
        narrowerStillFitsCount.store(0, ordering: .relaxed)
        tallerStillFitsCount.store(0, ordering: .relaxed)
        computedCount.store(0, ordering: .relaxed)
        idealWithoutLayoutCount.store(0, ordering: .relaxed)
        minimumWithoutLayoutCount.store(0, ordering: .relaxed)
    }

    // MARK: - Paragraphs

    /// The measured paragraph for `text` and `style` with `shaper`, built (or resized) on a miss.
    /// A text that cannot be built is remembered as a failure, so it is not retried on every call.
    func paragraph(_ text: StyledText, style: ParagraphStyle, rightToLeft: Bool, shaper: Shaper) -> MeasuredParagraph {
        let key = Key(shaper: ObjectIdentifier(shaper), text: text, style: style, rightToLeft: rightToLeft)
        let hit: MeasuredParagraph? = state.withLock { $0.entries[key] }
        if let hit {
            touch(hit)
            return hit
        }

        let isLarge = Self.isSizeIndependent(key)
        let sizeKey = isLarge ? key : Self.sizeIndependent(key)
        // The same text at another size to resize: the latest one kept by size, else the one at
        // `.large`, which is its own size-independent key (only `entries` keeps it).
        let sibling = state.withLock { $0.bySize[sizeKey] ?? (isLarge ? nil : $0.entries[sizeKey]) }

        var resized = false
        var failure: Failure?
        let built: Result<Paragraph, any Error>
        if let source = try? sibling?.paragraph.get(), let paragraph = Self.resize(source, to: text, style: style) {
            built = .success(paragraph)
            resized = true
        } else {
            (built, failure) = Self.build(text, style: style, rightToLeft: rightToLeft, shaper: shaper)
        }
        let fallback = failure.flatMap { $0.fellBack ? $0.error : nil } ?? (resized ? sibling?.fallback : nil)
        let entry = MeasuredParagraph(built, fallback: fallback, capacity: layoutsPerParagraph,
                                      bytes: Self.estimatedBytes(utf8Count: text.string.utf8.count))
        return state.withLock { state in
            if resized { state.statistics.paragraphsResized += 1 } else { state.statistics.paragraphsBuilt += 1 }
            if let failure {
                state.failures.append(failure)
                if state.failures.count > Self.failureCapacity { state.failures.removeFirst() }
            }
            if let raced = state.entries[key] { return raced }  // another thread built it meanwhile: keep one
            guard entry.bytes <= paragraphByteCapacity else {  // alone over the bound: measured, not kept
                state.statistics.paragraphsEvicted += 1
                return entry
            }
            while !state.entries.isEmpty,
                  state.entries.count >= paragraphCapacity || state.bytes + entry.bytes > paragraphByteCapacity {
                evict(&state)
            }
            state.bytes += entry.bytes
            // Sized for the capacity at the first insert (the table's pages are touched only as
            // it fills), not grown by doubling: a growing table moved every entry a dozen times.
            if state.entries.isEmpty { state.entries.reserveCapacity(min(paragraphCapacity, Self.reservedEntries)) }
            touch(entry)
            state.entries[key] = entry
            if case .success = built, !isLarge { state.bySize[sizeKey] = entry }
            return entry
        }
    }

    /// Marks `entry` as just used (for least-recently-used eviction).
    func touch(_ entry: MeasuredParagraph) {
        entry.lastUse = clock.add(1, ordering: .relaxed).newValue
    }

    /// Drops the least recently used quarter of the paragraphs (at least one).
    private func evict(_ state: inout State) {
        let drop = max(1, state.entries.count / 4)
        // The use stamps alone are sorted (plain integers, cheaper than sorting the entries), and
        // every entry at or below the cut leaves (a few more than a quarter when stamps tie).
        let cut = state.entries.values.map(\.lastUse).sorted()[drop - 1]
        let victims = state.entries.filter { $0.value.lastUse <= cut }
        state.statistics.paragraphsEvicted += victims.count
        for (key, entry) in victims {
            state.bytes -= entry.bytes
            state.entries[key] = nil
            let sizeKey = Self.sizeIndependent(key)
            if state.bySize[sizeKey] === entry { state.bySize[sizeKey] = nil }
        }
    }

    /// Every run of the key is at the `.large` Dynamic Type size.
    private static func isSizeIndependent(_ key: Key) -> Bool {
        // The runs read in place: a run copied into a closure is six retains and six releases
        // (callgrind: ~300 instructions a new text).
        key.text.runs.withUnsafeBufferPointer { runs in
            var android = false
            for i in runs.indices {
                guard runs[i].attributes.dynamicTypeSize == .large && runs[i].attributes.fontScale == .standard else { return false }
                if runs[i].attributes.platform == .android { android = true }
            }
            return !android || key.style.lineMetrics == .font(.apple)
        }
    }

    /// The key with every run at the `.large` Dynamic Type size and a font scale of 1; under Android
    /// also with the style's line metrics left out (a Material style's line height follows the scale).
    private static func sizeIndependent(_ key: Key) -> Key {
        if isSizeIndependent(key) { return key }
        var style = key.style
        if key.text.runs.contains(where: { $0.attributes.platform == .android }) { style.lineMetrics = .font(.apple) }
        return Key(shaper: key.shaper, text: key.text.mapAttributes { $0.dynamicTypeSize = .large; $0.fontScale = .standard },
                   style: style, rightToLeft: key.rightToLeft)
    }

    /// `source` (the same text at another size) at `text`'s sizes and in `style`: resized (no
    /// reshaping unless the face changes with the size), and restyled when the style differs (a
    /// Material line height at another font scale); `nil` when it cannot be.
    private static func resize(_ source: Paragraph, to text: StyledText, style: ParagraphStyle) -> Paragraph? {
        guard let attributes = text.runs.first?.attributes else { return nil }
        var paragraph = attributes.platform == .android ? try? source.resized(to: attributes.fontScale)
            : try? source.resized(to: attributes.dynamicTypeSize)
        if let resized = paragraph, resized.style != style { paragraph = try? resized.restyled(style) }
        // Only sizes differ between the two texts: anything else, and it is built afresh.
        return paragraph?.text == text ? paragraph : nil
    }

    /// Analyses and shapes a paragraph. An unknown custom family falls back to the system family
    /// (reported as a failure with `fellBack`); any other error is the result.
    /// Leading/trailing alignment is relative to the layout direction: when the paragraph's own
    /// base direction differs, the alignment is swapped, so `.leading` is the left edge in a
    /// left-to-right environment even for a Hebrew paragraph.
    static func build(_ text: StyledText, style: ParagraphStyle, rightToLeft: Bool,
                      shaper: Shaper) -> (Result<Paragraph, any Error>, Failure?) {
        // The usual case first: the paragraph builds as asked. Building matches every run's font
        // (at its size), so a success means the checks below would all have passed, and it is the
        // same paragraph; only a failure, or an empty run (which the paragraph skips), takes the
        // checks (and builds again). They matched every font a second time for every new text
        // (callgrind: ~1,500 instructions a cold tag).
        if text.runs.indices.allSatisfy({ !text.runs[$0].range.isEmpty }),  // by index: a run copied is six retains
           let paragraph = try? aligned(Paragraph(text, style: style, shaper: shaper), style: style, rightToLeft: rightToLeft) {
            return (.success(paragraph), nil)
        }
        var text = text
        var failure: Failure?
        do {
            for i in text.runs.indices { _ = try shaper.library.match(text.runs[i].attributes.resolvedFont, defaultWeight: text.runs[i].attributes.defaultWeight) }
        } catch let error as TypographyError {
            guard case .unknownFamily = error else { return (.failure(error), Failure(text: text.string, error: error, fellBack: false)) }
            failure = Failure(text: text.string, error: error, fellBack: true)
            text = text.mapAttributes { attributes in
                if (try? shaper.library.match(attributes.resolvedFont, defaultWeight: attributes.defaultWeight)) == nil {
                    attributes.font.family = nil
                }
            }
            if let family = text.runs.lazy.compactMap({ try? shaper.library.match($0.attributes).face.family }).first {
                failure?.fallbackFamily = family
            }
        } catch {
            return (.failure(error), Failure(text: text.string, error: error, fellBack: false))
        }
        do {
            return (.success(try aligned(Paragraph(text, style: style, shaper: shaper), style: style, rightToLeft: rightToLeft)), failure)
        } catch {
            return (.failure(error), Failure(text: text.string, error: error, fellBack: false))
        }
    }

    /// `paragraph` with its leading/trailing alignment swapped when its own base direction is not
    /// the layout direction's (see ``build(_:style:rightToLeft:shaper:)``).
    private static func aligned(_ paragraph: Paragraph, style: ParagraphStyle, rightToLeft: Bool) throws -> Paragraph {
        let paragraphRTL = paragraph.baseLevel % 2 == 1
        guard paragraphRTL != rightToLeft, style.alignment != .center else { return paragraph }
        var swapped = style
        swapped.alignment = style.alignment == .leading ? .trailing : .leading
        return try paragraph.restyled(swapped)
    }

    /// Records that `text` has no shaper to be measured with (once in a row per text).
    func recordMissingShaper(_ text: String) {
        let error = Text.defaultShaperError ?? TypographyError.bundledFontsMissing(path: "fonts/")
        state.withLock { state in
            if state.failures.last?.text == text, !state.failures[state.failures.count - 1].fellBack { return }
            state.failures.append(Failure(text: text, error: error, fellBack: false))
            if state.failures.count > Self.failureCapacity { state.failures.removeFirst() }
        }
    }

    // The per-answer counters are atomics, not state under the lock: every answer counts one.
    private let sameProposalCount = Atomic<Int>(0)
    private let idealFitsWiderCount = Atomic<Int>(0)
    private let narrowerStillFitsCount = Atomic<Int>(0)
    private let tallerStillFitsCount = Atomic<Int>(0)
    private let computedCount = Atomic<Int>(0)
    private let idealWithoutLayoutCount = Atomic<Int>(0)
    private let minimumWithoutLayoutCount = Atomic<Int>(0)

    private func counter(_ rule: ReuseRule) -> Int {
        switch rule {
        case .sameProposal: sameProposalCount.load(ordering: .relaxed)
        case .idealFitsWiderProposal: idealFitsWiderCount.load(ordering: .relaxed)
        case .narrowerProposalStillFits: narrowerStillFitsCount.load(ordering: .relaxed)
        case .tallerProposalStillFits: tallerStillFitsCount.load(ordering: .relaxed)
        }
    }

    func count(reuse rule: ReuseRule) {
        switch rule {
        case .sameProposal: sameProposalCount.add(1, ordering: .relaxed)
        case .idealFitsWiderProposal: idealFitsWiderCount.add(1, ordering: .relaxed)
        case .narrowerProposalStillFits: narrowerStillFitsCount.add(1, ordering: .relaxed)
        case .tallerProposalStillFits: tallerStillFitsCount.add(1, ordering: .relaxed)
        }
    }

    func countComputedLayout() {
        computedCount.add(1, ordering: .relaxed)
    }

    func countIdealWithoutLayout() {
        idealWithoutLayoutCount.add(1, ordering: .relaxed)
    }

    func countMinimumWithoutLayout() {
        minimumWithoutLayoutCount.add(1, ordering: .relaxed)
    }
}

// MARK: - One paragraph and its layouts

/// A paragraph (or the error that kept it from being built) with the layouts measured for it.
/// The records of those layouts are kept in the paragraph, under its lock
/// (`Paragraph.withCacheRecords`): every entry builds its own paragraph, so they are this entry's.
final class MeasuredParagraph: Sendable {
    let paragraph: Result<Paragraph, any Error>
    /// Why the paragraph is set in the system family rather than the one asked for (an unknown
    /// custom family), when it is.
    let fallback: (any Error)?
    /// Whether the ``TextMeasurementCache/ReuseRule`` preconditions on the paragraph hold (see
    /// `rulesApply(to:)`): 0 not yet known, 1 no, 2 yes. Found when a rule first needs it, so a
    /// paragraph asked only its ideal size is never analysed for it.
    private let rulesApplyState = Atomic<UInt8>(0)
    private let capacity: Int
    /// What it is reckoned to hold (``TextMeasurementCache/estimatedBytes(utf8Count:)``).
    let bytes: Int
    private let use = Atomic<Int>(0)

    var lastUse: Int {
        get { use.load(ordering: .relaxed) }
        set { use.store(newValue, ordering: .relaxed) }
    }

    /// One measured layout and what its proposal was.
    struct Record: Sendable {
        let width: Double?
        let height: Double?
        let layout: ParagraphLayout
        /// Not truncated and not scaled: every line shown at full size; and every reserved blank
        /// line there (``ParagraphStyle/reservedLines``), which a proposed height may leave out — a
        /// layout that lost some to its height cannot answer a taller proposal.
        let isUncut: Bool
        /// Every line ends at a break opportunity (no word was broken between grapheme clusters).
        let breaksAtOpportunities: Bool
        /// Every line ends at a hard break or the end: the ideal layout.
        let wrapsNothing: Bool
    }

    init(_ paragraph: Result<Paragraph, any Error>, fallback: (any Error)? = nil, capacity: Int, bytes: Int = 0) {
        self.paragraph = paragraph
        self.fallback = fallback
        self.capacity = capacity
        self.bytes = bytes
    }

    /// Whether line widths grow with the text (no negative advance), no break opportunity is
    /// unsafe to break (no reshaping there) or a soft hyphen, and wrapping is greedy.
    private func rulesApply(to p: Paragraph) -> Bool {
        let known = rulesApplyState.load(ordering: .relaxed)
        if known != 0 { return known == 2 }
        let content = p.content
        let growing = zip(content.prefix, content.prefix.dropFirst()).allSatisfy { $0 <= $1 }
        let safeBreaks = content.analysis.breaks.allSatisfy { opportunity in
            !opportunity.afterSoftHyphen && !(opportunity.offset < content.unsafeBefore.count && content.unsafeBefore[opportunity.offset])
        }
        let applies = growing && safeBreaks && p.style.wrap != .balanced
        rulesApplyState.store(applies ? 2 : 1, ordering: .relaxed)
        return applies
    }

    /// The layout for a proposal: an earlier one when a ``TextMeasurementCache/ReuseRule`` holds,
    /// else computed by the paragraph (and remembered). `nil` when the paragraph failed to build.
    ///
    /// Lengths are normalised as the paragraph does: NaN or negative → 0, +∞ → `nil`.
    /// - Complexity: O(k) for k remembered layouts on a hit; a paragraph layout on a miss.
    func layout(width: CGFloat?, height: CGFloat?, cache: TextMeasurementCache) -> ParagraphLayout? {
        guard case .success(let paragraph) = self.paragraph else { return nil }
        let width = Paragraph.normalize(width.map(Double.init))
        let height = Paragraph.normalize(height.map(Double.init))
        let ideal: ParagraphLayout?
        switch reusable(width: width, height: height, in: paragraph) {
        case .reused(let layout, let rule):
            cache.count(reuse: rule)
            return layout
        case .compute(let idealLayout):
            ideal = idealLayout
        }
        let layout = paragraph.layout(width: width, height: height, ideal: ideal)
        switch layout.reuse {
        case .sameProposal?: cache.count(reuse: .sameProposal)
        case .idealFitsWiderProposal?: cache.count(reuse: .idealFitsWiderProposal)
        case nil: cache.countComputedLayout()
        }
        // The breaks read in place: `paragraph.analysis` copied the whole analysis (a retain and a
        // release per array) for them (callgrind: ~380 instructions a cold tag).
        let (breaksAtOpportunities, wrapsNothing) = lineEnds(of: layout, breaks: paragraph.content.analysis.breaks)
        paragraph.withCacheRecords { records in
            // Made here, so the record is moved into the array, not copied.
            let reservesAll = height == nil || layout.lineCount >= paragraph.style.reservedLines
            Self.insert(Record(width: width, height: height, layout: layout, isUncut: !layout.isTruncated && layout.scale == 1 && reservesAll,
                               breaksAtOpportunities: breaksAtOpportunities, wrapsNothing: wrapsNothing),
                        into: &records, capacity: capacity)
        }
        return layout
    }

    /// Whether every line of `layout` ends at a break opportunity, and whether every one ends at a
    /// mandatory one (a hard break or the end): one walk over the lines and the opportunities
    /// together, both in increasing offset.
    private func lineEnds(of layout: ParagraphLayout, breaks: [LineBreakOpportunity]) -> (atOpportunities: Bool, allMandatory: Bool) {
        var allMandatory = true
        var k = 0
        for line in layout.lines {
            let end = line.range.upperBound
            while k < breaks.count, breaks[k].offset < end { k += 1 }
            if k < breaks.count, breaks[k].offset == end {
                if !breaks[k].isMandatory { allMandatory = false }
            } else {
                return (false, false)
            }
        }
        return (true, allMandatory)
    }

    /// What the records say about a proposal: a layout that answers it, or the ideal layout at
    /// that height (if remembered) for the paragraph to compute it with.
    private enum Lookup {
        case reused(ParagraphLayout, TextMeasurementCache.ReuseRule)
        /// The paragraph's own memo is skipped (these records are the memo), but not its rule that
        /// the ideal layout answers any positive width holding it.
        case compute(ideal: ParagraphLayout?)
    }

    /// The first remembered layout that answers (width, height), and the rule that says so; else
    /// the ideal layout at that height, found under the same lock. A layout found by a rule other
    /// than `sameProposal` is remembered under the new proposal too (it is the true answer there),
    /// so asking again is `sameProposal`.
    private func reusable(width: Double?, height: Double?, in paragraph: Paragraph) -> Lookup {
        paragraph.withCacheRecords { records in
            // By index, reading fields in place: copying each record would retain its layout's arrays.
            for i in records.indices where records[i].width == width && records[i].height == height {
                return .reused(records[i].layout, .sameProposal)
            }
            for i in records.indices where records[i].isUncut {
                let size = records[i].layout.size
                guard height.map({ Double(size.height) <= $0 + 1e-9 }) ?? true else { continue }
                let rule: TextMeasurementCache.ReuseRule
                if records[i].width == width {
                    // Same width: the same lines; the new height holds them all.
                    rule = .tallerProposalStillFits
                } else {
                    // Another width: greedy breaking must make the same lines (never at width 0,
                    // which breaks at every opportunity).
                    guard records[i].breaksAtOpportunities, width != 0,
                          width.map({ Double(size.width) <= $0 + 1e-9 }) ?? true, rulesApply(to: paragraph) else { continue }
                    if records[i].wrapsNothing {
                        rule = .idealFitsWiderProposal
                    } else if let earlier = records[i].width, let width, width <= earlier {
                        rule = .narrowerProposalStillFits
                    } else {
                        continue
                    }
                }
                let record = records[i]
                Self.insert(Record(width: width, height: height, layout: record.layout, isUncut: true,
                                   breaksAtOpportunities: record.breaksAtOpportunities, wrapsNothing: record.wrapsNothing),
                            into: &records, capacity: capacity)
                return .reused(record.layout, rule)
            }
            guard width != nil else { return .compute(ideal: nil) }
            for i in records.indices where records[i].width == nil && records[i].height == height {
                return .compute(ideal: records[i].layout)
            }
            return .compute(ideal: nil)
        }
    }

    /// Adds `record`, replacing one for the same proposal (another thread may have computed it
    /// meanwhile), dropping the oldest beyond `capacity`.
    private static func insert(_ record: consuming Record, into records: inout [Record], capacity: Int) {
        for i in records.indices where records[i].width == record.width && records[i].height == record.height {
            records[i] = record
            return
        }
        if records.isEmpty { records.reserveCapacity(min(capacity, 4)) }  // an ideal, a minimum, a width or two
        if records.count >= capacity { records.removeFirst() }
        records.append(record)
    }
}
