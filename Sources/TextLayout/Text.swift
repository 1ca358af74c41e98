import Catalogs
import Foundation
import LayoutCore
import Typography

/// A leaf of the layout tree that shows a string, measured with real fonts: SwiftUI's `Text`.
///
/// `Text` answers proposals with ``Paragraph`` semantics on the width axis: `nil` (or ∞) → the ideal
/// size, one line per hard line; a finite width → wrapped at break opportunities (a word wider than
/// the width breaks between grapheme clusters), reporting the widest line, never the proposal;
/// 0 → the minimum, every opportunity taken. A finite height keeps the lines that fit (at least one)
/// and ends the last with "…", as does a line limit. Its `firstTextBaseline` and `lastTextBaseline`
/// guides are the layout's real baselines (points from its top).
///
/// A string literal is a ``LocalizedStringKey``, read as inline Markdown as SwiftUI reads it
/// (`Text("**Free** shipping")`: "Free" in bold); a `String` variable and ``init(verbatim:)`` are
/// shown as written.
///
/// Styling comes from two places, and the text's own wins: its modifiers (``font(_:)``,
/// ``fontWeight(_:)``, ``bold()``, ``italic()``, ``kerning(_:)``, ``tracking(_:)``) and the
/// environment (`font`, `dynamicTypeSize`, `locale`, `lineLimit`, `truncationMode`,
/// `multilineTextAlignment`, `lineSpacing`, `minimumScaleFactor`, `textShaper`). Concatenation
/// (`Text("a") + Text("b").bold()`) makes one paragraph with styled runs; a modifier applied to a
/// concatenation styles the runs that do not set that attribute themselves (the inner one wins).
///
/// Measurements are cached in ``EnvironmentValues/textMeasurementCache`` and reused by named rules
/// (``TextMeasurementCache/ReuseRule``), so the size, the baselines and the renderer's
/// ``paragraphLayout(in:environment:)`` for one proposal cost one paragraph layout.
///
/// A `Text` value also remembers its last few sizes and baselines, the environment they were
/// measured in and (weakly) its cached paragraph, so asking the same value again skips building
/// the cache key.
///
/// When the text cannot be measured — no shaper (the bundled fonts are missing), an invalid size —
/// it measures 0 × 0 with no baselines and the reason is recorded in the cache's
/// ``TextMeasurementCache/failures``; ``paragraph(in:)`` throws it. An unknown custom family falls
/// back to the system family, as on Apple platforms (and is recorded too).
public struct Text: LeafView, Hashable {
    /// SwiftUI's `Text.TruncationMode`: where "…" replaces text.
    public typealias TruncationMode = ParagraphStyle.TruncationMode

    /// One concatenated piece and the attributes its own modifiers set (`nil`: from the environment).
    struct Run: Hashable, Sendable {
        var string: String
        var font: Font?
        var weight: Font.Weight?
        /// `bold()`: the emphasized weight, unless `weight` is set.
        var isBold = false
        var italic = false
        var kerning: Double?
        var tracking: Double?
        /// `foregroundColor(_:)`/`foregroundStyle(_:)` (drawing only: not part of shaping).
        var color: Color?
        /// `monospacedDigit()`: the feature `tnum`.
        var monospacedDigit = false
        /// `monospaced()` (or Markdown code): the font's monospaced design.
        var monospaced = false
        /// `fontDesign(_:)` and `fontWidth(_:)`: they replace the font's own.
        var design: Font.Design?
        var fontWidth: Font.Width?
        /// What few runs set, behind one reference: a plain run copies as a few words and a
        /// retain, where these fields inline made every copy of a run go through outlined value
        /// witnesses (an existential and two enums with payloads: +700 instructions a cold tag).
        var extras: Extras?  // written through the three properties below

        /// A value formatted in the environment's locale (a number interpolated into a
        /// ``LocalizedStringKey``, a ``Text/init(_:format:)`` value): `string` is it in
        /// `en_US_POSIX`, and it is formatted again in the environment's locale.
        var localeValue: LocaleFormatted? {
            get { extras?.localeValue }
            set { setExtras(localeValue: newValue, underline: underline, strikethrough: strikethrough, attachment: attachment) }
        }

        /// `underline(_:pattern:color:)` (drawing only): `nil` leaves the run to the environment's.
        var underline: Text.LineSetting? {
            get { extras?.underline }
            set { setExtras(localeValue: localeValue, underline: newValue, strikethrough: strikethrough, attachment: attachment) }
        }

        /// `strikethrough(_:pattern:color:)` (drawing only): `nil` leaves the run to the environment's.
        var strikethrough: Text.LineSetting? {
            get { extras?.strikethrough }
            set { setExtras(localeValue: localeValue, underline: underline, strikethrough: newValue, attachment: attachment) }
        }

        /// An inline image (TextAttachment.swift): the run is one word joiner as wide as the image.
        var attachment: AnyTextAttachment? {
            get { extras?.attachment }
            set { setExtras(localeValue: localeValue, underline: underline, strikethrough: strikethrough, attachment: newValue) }
        }

        /// Whether the characters shown depend on the environment's locale.
        var isLocalized: Bool {
            guard let extras else { return false }
            return extras.isLocalized
        }

        /// Whether the run has a line of its own (or turns one off).
        var setsLines: Bool {
            guard let extras else { return false }
            return extras.setsLines
        }

        private mutating func setExtras(localeValue: LocaleFormatted?, underline: Text.LineSetting?,
                                        strikethrough: Text.LineSetting?, attachment: AnyTextAttachment?) {
            extras = localeValue == nil && underline == nil && strikethrough == nil && attachment == nil ? nil
                : Extras(localeValue: localeValue, underline: underline, strikethrough: strikethrough, attachment: attachment)
        }

        /// The run sets nothing that shaping reads: its attributes are the environment's alone.
        var isPlain: Bool {
            font == nil && weight == nil && !isBold && !italic && kerning == nil && tracking == nil && !monospacedDigit
                && !monospaced && design == nil && fontWidth == nil
        }

        /// The characters shown in `environment` (`nil`: the default one): a number in its
        /// locale, then its ``EnvironmentValues/textCase``.
        func shown(in environment: EnvironmentValues?) -> String {
            guard let environment else { return string }
            let base = localeValue.map { $0.formatted(in: environment) } ?? string
            return Text.applyingCase(base, in: environment)
        }
    }

    /// A run's rarely set fields (immutable; a change makes a new one). Equal by value.
    final class Extras: Hashable, Sendable {
        let localeValue: LocaleFormatted?
        let underline: LineSetting?
        let strikethrough: LineSetting?
        let attachment: AnyTextAttachment?
        /// `localeValue != nil`, and a line set, answered without opening the enums.
        let isLocalized: Bool, setsLines: Bool

        init(localeValue: LocaleFormatted?, underline: LineSetting?, strikethrough: LineSetting?, attachment: AnyTextAttachment?) {
            self.localeValue = localeValue
            self.underline = underline
            self.strikethrough = strikethrough
            self.attachment = attachment
            isLocalized = localeValue != nil
            setsLines = underline != nil || strikethrough != nil
        }

        static func == (a: Extras, b: Extras) -> Bool {
            a === b || (a.localeValue == b.localeValue && a.underline == b.underline && a.strikethrough == b.strikethrough
                        && a.attachment == b.attachment)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(localeValue)
            hasher.combine(underline)
            hasher.combine(strikethrough)
            hasher.combine(attachment)
        }
    }

    let runs: [Run]
    /// The keys the text looks up in the app's catalogs, each with the runs it stands for
    /// (TextLocalization.swift); empty for a text made from a string.
    let lookups: [KeyLookup]
    /// What this value measured last; copies share it (one allocation with its lock, and the
    /// answers' array once asked), modifiers make a new one. It also holds where the text was
    /// written (``CallSite``), which modifiers pass on: kept there, a `Text` stays two
    /// words, inside an existential's inline buffer.
    private let memo: Memo

    /// A text showing `content` as it is (no localisation or Markdown).
    ///
    /// It records no source location (nor does ``init(_:)-(S)``): a second initializer taking
    /// `#fileID` would never be chosen (Swift prefers the call that uses no default argument), and
    /// one taking it alone would break `Text.init` passed as a function (`.map(Text.init)`).
    public init(verbatim content: String) {
        self.init(runs: [Run(string: content)])
    }

    init(runs: [Run], lookups: [KeyLookup] = [], source: CallSite? = nil) {
        self.runs = runs
        self.lookups = lookups
        memo = Memo(source: source)
    }

    /// A text showing `content` as it is, recording where it was written: for views that make
    /// their title's text (`Button("title")`), so that what is found about it names their call site.
    package init<S: StringProtocol>(_ content: S, fileID: StaticString, line: UInt) {
        self.init(runs: [Run(string: String(content))], source: CallSite(fileID: fileID, line: line))
    }

    /// A text showing `content` as it is: a string variable is neither localized nor read as
    /// Markdown, as in SwiftUI, where this initializer is likewise disfavoured so that a string
    /// literal makes a ``LocalizedStringKey`` (``init(_:tableName:bundle:comment:fileID:line:)``).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        self.init(verbatim: String(content))
    }

    /// The string shown (all runs, in order; interpolated numbers as in the default `en_US_POSIX` locale).
    public var string: String { runs.map(\.string).joined() }

    /// Where the text was written (`#fileID` and `#line` of its initializer), when it was recorded.
    var callSite: CallSite? { memo.callSite }

    /// One text made of `a` then `b`, each keeping its own styling: one paragraph with styled runs,
    /// written where `a` was (or `b`, when `a`'s place is not known).
    public static func + (a: Text, b: Text) -> Text {
        let shift = a.runs.count
        return Text(runs: a.runs + b.runs, lookups: a.lookups + b.lookups.map { lookup in
            var lookup = lookup
            lookup.runs = lookup.runs.lowerBound + shift..<lookup.runs.upperBound + shift
            return lookup
        }, source: a.callSite ?? b.callSite)
    }

    /// Texts are equal when their runs are: what they show with no string tables (the keys they
    /// look up, and the memo, a cache, are not content).
    public static func == (a: Text, b: Text) -> Bool { a.runs == b.runs }

    public func hash(into hasher: inout Hasher) { hasher.combine(runs) }

    // MARK: - Modifiers (the text's own: they win over the environment)

    /// Sets the font of the runs that set none; `nil` leaves them to the environment.
    public func font(_ font: Font?) -> Text {
        guard let font else { return self }
        return map { if $0.font == nil { $0.font = font } }
    }

    /// Sets the weight of the runs that set none (it replaces the font's own weight); `nil` changes nothing.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        guard let weight else { return self }
        return map { if $0.weight == nil { $0.weight = weight } }
    }

    /// Bold for the runs that set no weight: a text style's emphasized weight (semibold for body,
    /// bold for the titles: Apple's Dynamic Type table), bold (700) for other fonts.
    public func bold() -> Text { map { $0.isBold = true } }

    /// Bold when `isActive`; otherwise unchanged.
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }

    /// Italic, in the family's italic face (upright if it has none).
    public func italic() -> Text { map { $0.italic = true } }

    /// Italic when `isActive`; otherwise unchanged.
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }

    /// Adds `kerning` points after every grapheme cluster (the last included) of the runs that set
    /// none, keeping the font's ligatures. Added to ``tracking(_:)`` when both are set.
    /// A non-finite value makes the text unmeasurable (0 × 0, recorded).
    public func kerning(_ kerning: CGFloat) -> Text {
        map { if $0.kerning == nil { $0.kerning = Double(kerning) } }
    }

    /// Adds `tracking` points after every grapheme cluster (the last included) of the runs that set
    /// none; a non-zero tracking turns off the font's optional ligatures (`liga`, `clig`), as on
    /// Apple platforms. A negative tracking closes a cluster's advance at most to 0: the pen never
    /// moves back past a cluster, so a line is never narrower than a word on it. A non-finite
    /// value makes the text unmeasurable (0 × 0, recorded).
    public func tracking(_ tracking: CGFloat) -> Text {
        map { if $0.tracking == nil { $0.tracking = Double(tracking) } }
    }

    func map(_ change: (inout Run) -> Void) -> Text {
        var runs = self.runs
        for index in runs.indices { change(&runs[index]) }
        // A key's string is found later: the change is kept, to apply to the runs it makes.
        var lookups = self.lookups
        for index in lookups.indices { change(&lookups[index].template) }
        return Text(runs: runs, lookups: lookups, source: callSite)
    }

    // MARK: - Resolving against the environment

    /// The styled text this text is in `environment`: each run's own attributes, else the
    /// environment's (its font, `.body` when none; the weight, bold, italic, kerning, tracking and
    /// `monospacedDigit` set by view modifiers), at its Dynamic Type size and locale; the string
    /// in the environment's ``EnvironmentValues/textCase``.
    public func styledText(in environment: EnvironmentValues) -> StyledText {
        let defaults = TextDefaults.of(environment)
        var result: StyledText?
        // The runs read in place (a run copied retains its string and font).
        shownRuns(in: environment).withUnsafeBufferPointer { runs in
            for i in runs.indices {
                let string = defaults.textCase == nil && !runs[i].isLocalized ? runs[i].string : runs[i].shown(in: environment)
                var attributes = runs[i].isPlain ? defaults.plain : defaults.styling.attributes(of: runs[i])
                if let attachment = runs[i].attachment {
                    attributes.tracking = attachment.base.inlineWidth(pointSize: attributes.pointSize, environment: environment)
                }
                let piece = StyledText(string, attributes: attributes)
                if result == nil { result = piece } else { result!.append(piece) }
            }
        }
        let styling = defaults.styling
        return result ?? StyledText("", attributes: TextAttributes(dynamicTypeSize: styling.dynamicType, locale: styling.language,
                                                                   platform: styling.platform, fontScale: styling.fontScale))
    }

    /// The paragraph style `environment` asks for. Lengths are sanitised: a NaN or negative line
    /// spacing is 0, the minimum scale factor is clamped to 0.01…1 (NaN → 1), a line limit below 1 is 1;
    /// lines reserved (`lineLimit(_:reservesSpace:)`, ranged limits) are at most the line limit.
    public static func paragraphStyle(in environment: EnvironmentValues) -> ParagraphStyle {
        let spacing = Double(environment.lineSpacing)
        let factor = Double(environment.minimumScaleFactor)
        let limit = environment.lineLimit.map { max(1, $0) }
        return ParagraphStyle(lineLimit: limit, reservedLines: min(environment.reservedLines, limit ?? .max),
                              truncation: environment.truncationMode,
                              lineSpacing: spacing.isNaN || spacing < 0 || spacing.isInfinite ? 0 : spacing,
                              minimumScaleFactor: factor.isNaN ? 1 : min(1, max(0.01, factor)),
                              alignment: environment.multilineTextAlignment)
    }

    /// The paragraph style of this text in `environment`: ``paragraphStyle(in:)``, and under the
    /// `android` platform with a Material style as the first run's font, that style's line height
    /// (scaled as Android 14 scales it: in proportion to the font size) for every line, its extra
    /// space split above and below as Material 3's `LineHeightStyle` (center, no trim) splits it.
    func paragraphStyle(in environment: EnvironmentValues) -> ParagraphStyle {
        let defaults = TextDefaults.of(environment)
        var style = defaults.paragraphStyle
        if defaults.styling.platform == .android {
            // The environment's font defaults to Material's bodyLarge on Android (`Styling.font`).
            let font = runs.first?.font ?? defaults.styling.font
            if case .material(let material) = font.base {
                style.lineMetrics = .fixed(material.metrics(at: defaults.styling.fontScale).lineHeight)
            }
        }
        return style
    }

    /// Where this text was written, as its fit report names it (``PlacedText/fileID``): `nil` when
    /// unknown or in one of TextFit's own modules (a navigation title, a control's label), whose
    /// line is TextFit's, not the app's. Worked out once a value (the memo keeps it).
    var reportedSite: ReportedSite? {
        memo.reportedSite { source in
            source.flatMap { Self.isTextFitSource($0.fileID) ? nil : ReportedSite(fileID: "\($0.fileID)", line: Int($0.line)) }
        }
    }

    /// ``localizationLookups(in:)``, kept by the memo for the environment it holds.
    func rememberedLookups(in environment: EnvironmentValues) -> [LocalizedStringLookup] {
        memo.lookups(in: environment) { localizationLookups(in: environment) }
    }

    /// The cached paragraph for this text in `environment`; `nil` only when it has no shaper.
    func measured(in environment: EnvironmentValues) -> MeasuredParagraph? {
        if let hit = memo.paragraph(in: environment) {
            hit.cache.touch(hit.found)
            return hit.found
        }
        let cache = environment.textMeasurementCache
        guard let measured = cachedParagraph(in: environment, cache: cache) else { return nil }
        memo.remember(measured, in: environment, cache: cache)
        return measured
    }

    /// The text cache's paragraph for this text in `environment`, whose text cache is `cache`
    /// (the memo not consulted).
    private func cachedParagraph(in environment: EnvironmentValues, cache: TextMeasurementCache) -> MeasuredParagraph? {
        guard let shaper = environment.textShaper else {
            cache.recordMissingShaper(string)
            return nil
        }
        return cache.paragraph(styledText(in: environment), style: paragraphStyle(in: environment),
                               rightToLeft: environment.layoutDirection == .rightToLeft, shaper: shaper)
    }

    /// The answers a `Text` value gave last, the paragraph they came from and the environment it
    /// gave them in: asking the same value the same proposal again (a stack measuring twice, a
    /// `ViewThatFits` probing, a baseline query after a size) is a short scan, and a new proposal
    /// goes straight to the paragraph, with no cache key built.
    ///
    /// Everything an answer depends on is the text's own runs (fixed for the value) or read from
    /// the environment, so an identical environment — the same `EnvironmentValues.token`, cheaper
    /// than reading and comparing the eleven values involved — gives the same answer. Only sizes
    /// and baselines are kept, and the paragraph weakly, so a `Text` value holds no measurement
    /// memory: the text cache's bounds stay the memory bound.
    private struct Memo: Sendable {
        struct Answer {
            var width: Double?
            var height: Double?
            var size: CGSize
            /// The first and last baselines; `nil` when the layout has no line (the empty string).
            var baselines: (first: Double, last: Double)?
            /// An ideal answer (no width, no height) of one uncut line, which is also the answer to
            /// any positive width that holds it with no height (the paragraph's own rule,
            /// ``TextMeasurementCache/ReuseRule/idealFitsWiderProposal``). Set for ideal sizes
            /// answered without a layout (``Paragraph/singleLine``), which left no layout to reuse.
            var answersWiderProposals = false
        }
        private struct State {
            var environment: EnvironmentToken?
            /// The environment's text cache, to count hits in. Not retained: it is only read while
            /// `environment` matches the token of the environment the caller passes, and that
            /// environment (the same values, so the same cache) holds it for the call.
            var cache: Unmanaged<TextMeasurementCache>
            var answers: [Answer] = []
            /// The cache's paragraph these answers came from, for new proposals: weak, so it
            /// leaves memory when the cache evicts it. (LeakSanitizer reports the side table a weak
            /// reference makes as leaked; a false positive, suppressed in the `lsan.supp` files.)
            weak var paragraph: MeasuredParagraph?
            /// Where the text was written: not a measurement, never reset.
            let source: CallSite?
            /// `source` as a fit report names it, made on first use and then kept like `source`
            /// (`.some(nil)`: no source, or one in TextFit's own modules, ``Text/isTextFitSource(_:)``).
            var reportedSite: ReportedSite??
            /// The text's catalog lookups in `environment` (``Text/localizationLookups(in:)``), for
            /// its fit report: made once an environment, as the answers are.
            var lookups: [LocalizedStringLookup]?

            init(cache: Unmanaged<TextMeasurementCache>, source: CallSite?) {
                self.cache = cache
                self.source = source
            }

            /// Forgets everything when `token` is a new environment, keeping the answers' storage
            /// (a value measured again in a new environment allocates nothing here).
            mutating func reset(for token: EnvironmentToken?, cache: TextMeasurementCache) {
                guard environment !== token else { return }
                environment = token
                self.cache = Unmanaged.passUnretained(cache)
                answers.removeAll(keepingCapacity: true)
                paragraph = nil
                lookups = nil
            }
        }
        private static let capacity = 8
        private let state: StateLock

        init(source: CallSite?) {
            state = StateLock(State(cache: Unmanaged.passUnretained(.shared), source: source))
        }

        /// `Locked<State>` with a concrete storage class, as `Paragraph`'s memo has: `Locked`'s
        /// storage class is generic, so making one — once per `Text` value, every time a body is
        /// evaluated — looked its metadata up at run time.
        private struct StateLock: @unchecked Sendable {
            private final class Storage: ManagedBuffer<State, pthread_spinlock_t> {
                deinit { withUnsafeMutablePointerToElements(SpinLock.destroy) }  // the header (the state) goes with the buffer
            }

            private let storage: Storage

            init(_ state: State) {
                storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in state }, to: Storage.self)
                storage.withUnsafeMutablePointerToElements(SpinLock.initialize)
            }

            /// Runs `body` with the state, holding the lock.
            @inline(__always)
            func withLock<Result>(_ body: (inout State) -> Result) -> Result {
                let (state, lock) = storage.withUnsafeMutablePointers { ($0, $1) }
                SpinLock.lock(lock)
                defer { SpinLock.unlock(lock) }
                return body(&state.pointee)
            }
        }

        /// Where the text was written (fixed when the memo is made).
        var callSite: CallSite? { state.withLock { $0.source } }

        /// Where the text was written, as a fit report names it: made from ``callSite`` by `make`
        /// the first time (a `StaticString` made a `String` and its module compared cost ~500
        /// instructions, for each text of each layout of a sweep), then kept.
        func reportedSite(_ make: (CallSite?) -> ReportedSite?) -> ReportedSite? {
            if let known = state.withLock({ $0.reportedSite }) { return known }
            let source = callSite
            let made = make(source)
            state.withLock { $0.reportedSite = .some(made) }
            return made
        }

        /// The text's catalog lookups in `environment`: the memo's when it holds that environment,
        /// else made by `make` (outside the lock: a lookup takes the catalogs' own) and kept if
        /// the memo holds that environment (its answers, made first in a layout, set it).
        func lookups(in environment: EnvironmentValues, _ make: () -> [LocalizedStringLookup]) -> [LocalizedStringLookup] {
            let token = environment.token
            if let known = state.withLock({ $0.environment === token ? $0.lookups : nil }) { return known }
            let made = make()
            state.withLock { state in
                if state.environment === token { state.lookups = made }
            }
            return made
        }

        /// What a lookup found, and the cache to count it in (concrete structs, not tuples or a
        /// generic: their type metadata would be looked up at run time on every call). The cache
        /// is not retained, for the reason given at `State.cache`.
        struct AnswerHit {
            let found: Answer
            let unretainedCache: Unmanaged<TextMeasurementCache>
            /// The cache, borrowed without a retain for `body` (it outlives the call: see `State.cache`).
            func withCache<R>(_ body: (TextMeasurementCache) -> R) -> R { unretainedCache._withUnsafeGuaranteedRef(body) }
        }
        struct ParagraphHit {
            let found: MeasuredParagraph
            let unretainedCache: Unmanaged<TextMeasurementCache>
            var cache: TextMeasurementCache { unretainedCache.takeUnretainedValue() }
        }

        enum Lookup {
            case answer(AnswerHit)
            /// An ideal answer that holds this wider proposal.
            case idealFits(AnswerHit)
            case paragraph(ParagraphHit)
            case none
        }

        /// The answer for (width, height) given in `environment`, else the paragraph measured in
        /// it if it is still cached (one lock for both).
        func lookup(width: Double?, height: Double?, in environment: EnvironmentValues) -> Lookup {
            let token = environment.token
            return state.withLock { state in
                guard state.environment === token else { return .none }
                for i in state.answers.indices where state.answers[i].width == width && state.answers[i].height == height {
                    return .answer(AnswerHit(found: state.answers[i], unretainedCache: state.cache))
                }
                if let width, width > 0, height == nil {
                    for i in state.answers.indices where state.answers[i].answersWiderProposals
                        && Double(state.answers[i].size.width) <= width {
                        return .idealFits(AnswerHit(found: state.answers[i], unretainedCache: state.cache))
                    }
                }
                guard let paragraph = state.paragraph else { return .none }
                return .paragraph(ParagraphHit(found: paragraph, unretainedCache: state.cache))
            }
        }

        /// The paragraph measured in `environment`, if it is still cached.
        func paragraph(in environment: EnvironmentValues) -> ParagraphHit? {
            let token = environment.token
            return state.withLock { state in
                guard state.environment === token, let paragraph = state.paragraph else { return nil }
                return ParagraphHit(found: paragraph, unretainedCache: state.cache)
            }
        }

        /// Remembers `paragraph`, measured in `environment`, whose text cache is `cache`.
        func remember(_ paragraph: MeasuredParagraph, in environment: EnvironmentValues, cache: TextMeasurementCache) {
            let token = environment.token
            state.withLock { state in
                state.reset(for: token, cache: cache)
                state.paragraph = paragraph
            }
        }

        /// Remembers `answer`, and `paragraph` (what it came from) when given; `cache` is the
        /// environment's text cache.
        func remember(_ answer: Answer, paragraph: MeasuredParagraph?, in environment: EnvironmentValues,
                      cache: TextMeasurementCache) {
            let token = environment.token
            state.withLock { state in
                state.reset(for: token, cache: cache)
                if let paragraph { state.paragraph = paragraph }
                if state.answers.count >= Self.capacity {
                    // The oldest goes, but not an ideal answer that holds wider proposals (it would
                    // cost a layout to know again), unless every answer is one.
                    state.answers.remove(at: state.answers.firstIndex { !$0.answersWiderProposals } ?? 0)
                } else if state.answers.capacity < Self.capacity {
                    state.answers.reserveCapacity(Self.capacity)  // one allocation, not one per growth
                }
                state.answers.append(answer)
            }
        }
    }

    /// The size and baselines for `proposal`: the memo's, else from the paragraph layout (remembered,
    /// with the paragraph when it is new to the memo: one lock to look up, one to remember).
    private func answer(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> Memo.Answer? {
        let width = Paragraph.normalize(proposal.width.map(Double.init))
        let height = Paragraph.normalize(proposal.height.map(Double.init))
        // The environment's text cache, read once (or taken from the memo, which found it by the
        // environment's token) for the lookup, the layout and the memo.
        let measured: MeasuredParagraph, isNew: Bool, cache: TextMeasurementCache
        switch memo.lookup(width: width, height: height, in: environment) {
        case .answer(let hit):
            hit.withCache { $0.count(reuse: .sameProposal) }
            return hit.found
        case .idealFits(let hit):
            // Remembered for this proposal too, as the text cache remembers a rule's answer: asked
            // again, it is the same proposal.
            var answer = hit.found
            (answer.width, answer.height, answer.answersWiderProposals) = (width, height, false)
            hit.withCache { cache in
                cache.count(reuse: .idealFitsWiderProposal)
                memo.remember(answer, paragraph: nil, in: environment, cache: cache)
            }
            return answer
        case .paragraph(let hit):
            hit.cache.touch(hit.found)
            (measured, isNew, cache) = (hit.found, false, hit.cache)
        case .none:
            cache = environment.textMeasurementCache
            guard let found = cachedParagraph(in: environment, cache: cache) else { return nil }
            (measured, isNew) = (found, true)
        }
        if width == nil, height == nil, case .success(let paragraph) = measured.paragraph, let line = paragraph.singleLine {
            // One left-to-right line: its size is known from shaping, with no analysis or layout.
            cache.countIdealWithoutLayout()
            let answer = Memo.Answer(width: nil, height: nil, size: CGSize(width: line.width, height: line.height),
                                     baselines: (line.baseline, line.baseline), answersWiderProposals: true)
            memo.remember(answer, paragraph: isNew ? measured : nil, in: environment, cache: cache)
            return answer
        }
        if width == 0, height == nil, case .success(let paragraph) = measured.paragraph, let zero = paragraph.widthZero {
            // SwiftUI's minimum (each grapheme cluster on a line): its size and baselines, with no
            // layout of a line per cluster made and kept; the same answer to the bit.
            cache.countMinimumWithoutLayout()
            let answer = Memo.Answer(width: 0, height: nil, size: zero.size, baselines: zero.baselines)
            memo.remember(answer, paragraph: isNew ? measured : nil, in: environment, cache: cache)
            return answer
        }
        guard let layout = measured.layout(width: proposal.width, height: proposal.height, cache: cache) else {
            if isNew { memo.remember(measured, in: environment, cache: cache) }  // a paragraph that failed to build: found faster next time
            return nil
        }
        let answer = Memo.Answer(width: width, height: height, size: layout.size,
                                 baselines: layout.lines.isEmpty ? nil : (layout.firstBaseline, layout.lastBaseline))
        memo.remember(answer, paragraph: isNew ? measured : nil, in: environment, cache: cache)
        return answer
    }

    /// The paragraph this text is in `environment` (cached: the one the leaf measures with).
    /// - Throws: why it cannot be built: ``TypographyError/bundledFontsMissing(path:)`` when there is
    ///   no shaper, an invalid size or tracking, an unreadable font file. (An unknown custom family
    ///   does not throw: it falls back to the system family.)
    public func paragraph(in environment: EnvironmentValues) throws -> Paragraph {
        guard let measured = measured(in: environment) else {
            throw Text.defaultShaperError ?? TypographyError.bundledFontsMissing(path: "fonts/")
        }
        return try measured.paragraph.get()
    }

    // MARK: - Answering proposals

    /// The paragraph layout this text answers `proposal` with in `environment` — the one its size
    /// and baselines come from, for a renderer to draw; `nil` when the text cannot be measured.
    ///
    /// Lengths are normalised as ``Paragraph/layout(width:height:)`` does (NaN or negative → 0, ∞ → none).
    /// - Complexity: a cache lookup when this proposal (or one a ``TextMeasurementCache/ReuseRule``
    ///   covers) was answered before; otherwise one paragraph layout, O(n) in the scalars.
    public func paragraphLayout(in proposal: ProposedViewSize, environment: EnvironmentValues) -> ParagraphLayout? {
        measured(in: environment)?.layout(width: proposal.width, height: proposal.height, cache: environment.textMeasurementCache)
    }

    /// The widest line × the lines' height for `proposal` (0 × 0 when the text cannot be measured).
    ///
    /// Laid out on a device (``LayoutTree/layout(on:orientation:)``), each length is rounded up to
    /// the pixel grid of the environment's ``EnvironmentValues/displayScale``, as SwiftUI reports a
    /// text's size on the device (`Text("Hello world")` is 85.33 × 20.33 pt on an iPhone 13 Pro:
    /// 256/3 × 61/3); lines are broken at the exact widths, and the baselines stay the exact ones
    /// (the extra fraction of a pixel is below the last line). Unrounded everywhere else, as the
    /// paragraph's own answers (``paragraphLayout(in:environment:)``, `textfit measure`) are.
    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        let size = answer(proposal, environment: environment)?.size ?? .zero
        guard environment.isOnScreen else { return size }
        return size.roundedUp(toPixelsOf: environment.displayScale)
    }

    /// `.firstTextBaseline` and `.lastTextBaseline`: the first and last lines' baselines from the top,
    /// for the layout at `proposal`; `nil` for other guides and for a text with no lines (the empty
    /// string), which then answers its height as views without text do.
    public func explicitAlignment(of guide: VerticalAlignment, in size: CGSize, proposal: ProposedViewSize,
                                  environment: EnvironmentValues) -> CGFloat? {
        guard guide == .firstTextBaseline || guide == .lastTextBaseline,
              let baselines = answer(proposal, environment: environment)?.baselines else { return nil }
        return CGFloat(guide == .firstTextBaseline ? baselines.first : baselines.last)
    }
}

/// What a `Text` reads from its environment to style its runs and its paragraph, resolved once
/// per state of the environment and kept with it (``EnvironmentToken/derived(_:)``): every text
/// measured in one environment read the same eleven values, asked the same default font for its
/// request and formatted the same language tag (callgrind: ~2,000 instructions a new text).
final class TextDefaults: Sendable {
    /// The values a run's attributes come from when it sets none itself.
    struct Styling: Sendable {
        let platform: Platform
        let fontScale: AndroidFontScale
        /// The environment's font, or the platform's body style when it sets none.
        let font: Font
        let dynamicType: DynamicTypeSize
        /// ``EnvironmentValues/textLanguage``.
        let language: String?
        /// View modifiers for the text inside: `bold`, `italic`, `fontWeight`, `kerning`,
        /// `tracking`, `monospacedDigit`, `fontDesign`, `fontWidth`.
        let bold: Bool, italic: Bool
        let weight: Font.Weight?
        let kerning: Double?, tracking: Double?
        let monospacedDigit: Bool
        let design: Font.Design?
        let width: Font.Width?

        init(_ environment: EnvironmentValues) {
            platform = environment.platform
            fontScale = environment.fontScale
            font = environment.font ?? (platform == .android ? .material(.bodyLarge) : .body)
            dynamicType = environment.dynamicTypeSize
            language = environment.textLanguage
            (bold, italic, weight) = (environment.textBold, environment.textItalic, environment.textFontWeight)
            (kerning, tracking, monospacedDigit) = (environment.textKerning, environment.textTracking, environment.textMonospacedDigit)
            (design, width) = (environment.textFontDesign, environment.textFontWidth)
        }

        /// A run's attributes: its own font, weight, bold, italic, kerning, tracking,
        /// `monospacedDigit`, design and width, else these.
        func attributes(of run: borrowing Text.Run) -> TextAttributes {
            // The font asked where it is (the run's or the default): one chosen with `??` was copied.
            func asked(_ font: borrowing Font) -> (FontRequest, FontSize, digits: Bool) {
                var (request, size) = font.request(weight: run.weight ?? weight, bold: run.isBold || bold, italic: run.italic || italic)
                if let design = run.design ?? design { request.design = design }
                if run.monospaced { request.design = .monospaced }  // as `Font.monospaced()` sets it
                if let width = run.fontWidth ?? width { request.width = width.value }
                return (request, size, font.isMonospacedDigit)
            }
            let (request, size, fontDigits) = run.font != nil ? asked(run.font.unsafelyUnwrapped) : asked(font)
            let runTracking = run.tracking ?? tracking ?? 0
            var features = runTracking != 0 ? FontFeature.offForTracking : []
            if run.monospacedDigit || monospacedDigit || fontDigits { features.append(Text.tabularDigits) }
            return TextAttributes(font: request, size: size, dynamicTypeSize: dynamicType, features: features,
                                  tracking: runTracking + (run.kerning ?? kerning ?? 0), locale: language,
                                  platform: platform, fontScale: fontScale)
        }
    }

    let styling: Styling
    /// The attributes of a run that sets nothing itself (``Text/Run/isPlain``).
    let plain: TextAttributes
    /// ``EnvironmentValues/textCase``.
    let textCase: Text.Case?
    /// ``Text/paragraphStyle(in:)``.
    let paragraphStyle: ParagraphStyle

    private init(_ environment: EnvironmentValues) {
        styling = Styling(environment)
        plain = styling.attributes(of: Text.Run(string: ""))
        textCase = environment.textCase
        paragraphStyle = Text.paragraphStyle(in: environment)
    }

    /// The defaults of `environment`: kept with its token, made here when it has none (the
    /// environment no value was ever set in).
    static func of(_ environment: EnvironmentValues) -> TextDefaults {
        guard let token = environment.token else { return TextDefaults(environment) }
        return token.derived { TextDefaults(environment) }
    }
}

// A text has no explicit guide but its baselines.
extension Text: GuidesFromChildren {}
