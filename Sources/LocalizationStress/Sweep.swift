import Catalogs
import Foundation
import TextLayout
import Typography

/// The box a string must fit, as the sweep sees it (rules and command-line defaults resolve to one).
///
/// The platform is that of its ``textSizes``: Dynamic Type sizes check it as iOS sets text,
/// font scales as Android 14 does (sizes in sp scaled non-linearly, Roboto as the default
/// family, a Material 3 style's letter spacing and line height).
public struct StressContainer: Sendable, Hashable {
    /// The container's width in points (padding included).
    public var width: Double
    /// The most lines allowed (`nil`: any number).
    public var maxLines: Int?
    /// The font request and size (a text style follows the text size).
    public var font: FontRequest
    /// The font size: a text style's (which follows the text size) or fixed points.
    public var size: FontSize
    /// Points inside the container on every side.
    public var padding: Double
    /// Whether hitting the line limit is acceptable (`truncated` then does not fail).
    public var truncationAllowed: Bool
    /// The smallest scale the text may shrink to (1: never).
    public var minimumScaleFactor: Double
    /// The text sizes to check, smallest first: Dynamic Type sizes (iOS) or font scales (Android), not both.
    public var textSizes: [TextSize]
    /// Android, with a fixed ``size`` in sp: the Material 3 style whose letter spacing and line height
    /// the text keeps (Compose's `style.copy(fontSize = …)`; its weight comes with ``font``). A
    /// ``FontSize/material(_:)`` size brings its own, so this is not needed for it.
    public var materialStyle: MaterialTextStyle?
    /// Whether the texts are read as inline Markdown, as SwiftUI's `Text` reads a localized string
    /// key (`Text("key")`): `**bold**` is bold and `[Terms](https://…)` shows "Terms"
    /// (``StyledText/init(markdown:attributes:)``).
    public var readsMarkdown = false

    /// An iOS container, checked at `dynamicTypeSizes`.
    public init(width: Double, maxLines: Int? = 1, font: FontRequest = FontRequest(), size: FontSize = .style(.body),
                padding: Double = 0, truncationAllowed: Bool = false, minimumScaleFactor: Double = 1,
                dynamicTypeSizes: [DynamicTypeSize] = DynamicTypeSize.allCases) {
        self.init(width: width, maxLines: maxLines, font: font, size: size, padding: padding, truncationAllowed: truncationAllowed,
                  minimumScaleFactor: minimumScaleFactor, textSizes: dynamicTypeSizes.map { .dynamicType($0) })
    }

    /// A container checked at `textSizes` (their platform's: font scales make it an Android container).
    public init(width: Double, maxLines: Int? = 1, font: FontRequest = FontRequest(), size: FontSize,
                padding: Double = 0, truncationAllowed: Bool = false, minimumScaleFactor: Double = 1,
                textSizes: [TextSize], materialStyle: MaterialTextStyle? = nil) {
        self.width = width
        self.maxLines = maxLines
        self.font = font
        self.size = size
        self.padding = padding
        self.truncationAllowed = truncationAllowed
        self.minimumScaleFactor = minimumScaleFactor
        self.textSizes = textSizes
        self.materialStyle = materialStyle
    }

    /// The platform of the sizes checked (iOS when there are none).
    public var platform: Platform { textSizes.first?.platform ?? .ios }

    /// The Dynamic Type sizes among ``textSizes`` (setting it replaces them all).
    public var dynamicTypeSizes: [DynamicTypeSize] {
        get { textSizes.compactMap { if case .dynamicType(let size) = $0 { size } else { nil } } }
        set { textSizes = newValue.map { .dynamicType($0) } }
    }

    /// The width the text itself gets.
    public var textWidth: Double { max(0, width - 2 * padding) }

    /// How text in this container is set at `textSize`: the platform's (Roboto by default on
    /// Android), the size setting, and with a fixed sp size and a ``materialStyle``, the style's
    /// letter spacing at that scale (optional ligatures off, as Android turns them off for
    /// letter-spaced text).
    func attributes(at textSize: TextSize, locale: String?) -> TextAttributes {
        var attributes = TextAttributes(font: font, size: size, locale: locale, platform: textSize.platform)
        textSize.apply(to: &attributes)
        if case .fontScale(let scale) = textSize, case .points = size, let style = materialStyle, style.tracking != 0 {
            attributes.tracking = scale.dp(forSp: style.tracking)
            attributes.features += FontFeature.offForTracking
        }
        return attributes
    }

    /// How the text wraps at `textSize`: the line limit, tail truncation, words then characters,
    /// the minimum scale; on Android with a Material style, that style's line height for every
    /// line, scaled as Android 14 scales it (in proportion to the font size: `MaterialTextStyle.metrics(at:)`).
    func paragraphStyle(at textSize: TextSize) -> ParagraphStyle {
        var style = ParagraphStyle(lineLimit: maxLines, truncation: .tail, wrap: .wordThenCharacter,
                                   minimumScaleFactor: minimumScaleFactor)
        if case .fontScale(let scale) = textSize {
            switch size {
            case .material(let material): style.lineMetrics = .fixed(material.metrics(at: scale).lineHeight)
            case .points(let sp):
                if let material = materialStyle { style.lineMetrics = .fixed(scale.lineHeightDp(forSp: material.lineHeight, fontSizeSp: sp)) }
            default: break
            }
        }
        return style
    }

    /// Whether a new font scale changes more than the sizes (a letter spacing in sp): the text is
    /// then set again at each scale rather than resized.
    var setsAgainPerScale: Bool {
        if case .points = size, let materialStyle, materialStyle.tracking != 0 { true } else { false }
    }
}

/// What happened to one string at one text size.
public enum StressStatus: String, Sendable, Codable, CaseIterable, Comparable {
    /// One line, within the width.
    case fits
    /// Several lines, within `maxLines`.
    case wraps
    /// Fits only by shrinking (`minimumScaleFactor`); the scale is recorded.
    case scaled
    /// Hit the line limit and shows "…" (a failure unless the container allows truncation).
    case truncated
    /// Wider than the container even broken between graphemes, or taller than allowed.
    case overflow
    /// A character no font covers.
    case missingGlyphs = "missing-glyphs"
    /// The locale has no translation for the key: the status reports written before untranslated
    /// entries were measured gave them (read back from such a report, the verdict is
    /// ``StressVerdict/untranslated`` too). A sweep no longer gives it: an untranslated entry is
    /// measured like any other and flagged ``StressVerdict/untranslated``.
    case untranslated

    /// Worse statuses sort later (a baseline comparison counts a verdict as worse when its status does).
    public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }

    var rank: Int {
        switch self {
        case .fits: 0
        case .wraps: 1
        case .scaled: 2
        case .untranslated: 3
        case .truncated: 4
        case .overflow: 5
        case .missingGlyphs: 6
        }
    }
}

/// One verdict: a key × locale × variant × text size.
///
/// In JSON the size is `"dynamicTypeSize": "large"` under iOS (as before Android was checked) and
/// `"fontScale": 1.3` under Android; every other field is the same on both.
public struct StressVerdict: Sendable, Hashable {
    /// The key checked.
    public var key: String
    /// The locale, as the catalog names it.
    public var locale: String
    /// The variant (`plural.one`, `device.ipad`), or `""` for none.
    public var variant: String
    /// The text size checked: a Dynamic Type size, or an Android font scale.
    public var size: TextSize
    /// The text measured (placeholders replaced).
    public var text: String
    /// Whether it fits, wraps, is scaled, truncated, overflows or misses glyphs.
    public var status: StressStatus
    /// The laid-out width (widest line), in points.
    public var width: Double
    /// How many lines it takes, shown (at most the line limit).
    public var lineCount: Int
    /// How far the text goes past the container's text width (0 when inside), in points.
    public var overflow: Double
    /// The scale applied (1 unless `scaled`).
    public var scale: Double
    /// Whether this verdict fails the check (a truncation the container allows does not).
    public var failed: Bool

    // How much too long (all `nil` unless the verdict fails because the text does not fit: a
    // passing verdict, and a `missing-glyphs` one whose text fits, have none). Widths are of the
    // text, like ``width``: the container needs twice its padding more.

    /// The narrowest text width, in points, at which this text passes at this size, set as the
    /// check sets it (the same line limit, minimum scale factor and truncation rule): with a limit
    /// of one line and no shrinking, its ideal single-line width; with a limit of N lines, the
    /// narrowest width at which it wraps into N lines or fewer (not the truncated line's width); with
    /// no limit, its widest grapheme cluster. Exact when the text passes at full size there (the
    /// widest line of that layout), else within 1/128 pt. `nil` also when no width helps: more hard
    /// line breaks than the limit (``linesNeeded`` says how many lines).
    public var neededWidth: Double? = nil
    /// ``neededWidth`` less the container's text width, in points (> 0).
    public var excess: Double? = nil
    /// ``excess`` as a percentage of the container's text width (`nil` when that width is 0).
    public var excessPercent: Double? = nil
    /// With a line limit: the lines the text takes at the container's text width at this size with
    /// no limit and no shrinking (hard breaks included). `nil` without a limit.
    public var linesNeeded: Int? = nil
    /// With a line limit and an ``excess``: about how many characters too long the text is, an
    /// estimate for a translator — the excess on each of the limit's lines divided by the text's own
    /// average advance (its width set on one line over its grapheme clusters), rounded up.
    public var excessCharacters: Int? = nil

    /// Whose fault: whether the source text, measured the same way (same container and size, its
    /// placeholders replaced by the same samples), gets a failing verdict too. `nil` when the entry
    /// has no source text, or is in the source language itself.
    public var sourceFails: Bool? = nil

    /// The entry has no translation (``CatalogEntry/isTranslated`` false): its text is the source's
    /// or a fallback, what the user sees, and it is measured like any other (``status`` is its fit).
    public var untranslated: Bool = false
    /// For an untranslated entry, why, in one word: ``CatalogEntry/untranslatedReason`` (`fuzzy`,
    /// `empty`, `missing`), or the catalog's own state word when that is the reason (`new`,
    /// `needs-translation`…: ``CatalogEntry/state``).
    public var untranslatedReason: String? = nil
}

/// Measures catalog entries against containers at each of their text sizes (Dynamic Type sizes,
/// or Android font scales): shaped once per string (a new size only rescales), all cores, output
/// in input order.
public struct StressSweep: Sendable {
    /// The shaper the texts are measured with (its fonts and caches).
    public let shaper: Shaper
    /// The catalog's source language: its own entries get no ``StressVerdict/sourceFails`` (they are
    /// the source), and source texts are set in it (`nil`: in the entry's locale).
    public var sourceLanguage: String?

    /// The most telling word for why `entry` is untranslated: the reader's reason, or the catalog's
    /// state word when the state is the reason (or no reason is given).
    static func untranslatedReason(_ entry: CatalogEntry) -> String? {
        guard let reason = entry.untranslatedReason, reason != "state" else { return entry.state ?? entry.untranslatedReason }
        return reason
    }

    /// A sweep that measures with `shaper`; `sourceLanguage` is the catalog's, when known.
    public init(shaper: Shaper, sourceLanguage: String? = nil) {
        self.shaper = shaper
        self.sourceLanguage = sourceLanguage
    }

    /// Every verdict for `entries`, in entry order then size order.
    /// - Parameters:
    ///   - container: the container for an entry (rules first, then defaults).
    ///   - prepare: the text to measure for an entry (placeholders replaced); an entry's source text
    ///     is prepared the same way (as the text of a copy of the entry).
    ///   - progress: called with the number of entries done (from any thread).
    public func run(_ entries: [CatalogEntry], container: (CatalogEntry) -> StressContainer,
                    prepare: (CatalogEntry) -> String = { $0.text },
                    progress: (@Sendable (Int) -> Void)? = nil) -> [StressVerdict] {
        let sources = entries.map { entry in
            entry.sourceText.map { text in
                var source = entry
                source.text = text
                return prepare(source)
            }
        }
        return run(entries, containers: entries.map(container), texts: entries.map(prepare), sources: sources, progress: progress)
    }

    /// Every verdict for `entries`, each with its container and text (same order), on all cores.
    ///
    /// `sources`: each entry's source text as measured (placeholders replaced as in `texts`), to tell
    /// whether the source fails too (``StressVerdict/sourceFails``); `nil` (or a `nil` item): not compared.
    /// A source text is set once per container however many locales share it.
    ///
    /// An entry that cannot be measured at all (its font cannot be opened) gets `missing-glyphs`
    /// verdicts here; ``checkedRun(_:containers:texts:sources:progress:)`` throws instead, and
    /// ``checkFonts(_:)`` finds such fonts before a sweep.
    public func run(_ entries: [CatalogEntry], containers: [StressContainer], texts: [String], sources: [String?]? = nil,
                    progress: (@Sendable (Int) -> Void)? = nil) -> [StressVerdict] {
        sweep(entries, containers: containers, texts: texts, sources: sources, progress: progress).enumerated().flatMap { index, result in
            (try? result.get()) ?? containers[index].textSizes.map { size in
                verdict(entries[index], texts[index], size, .missingGlyphs, 0, 0, 0, 1, failed: true)
            }
        }
    }

    /// Every verdict for `entries`, as ``run(_:containers:texts:sources:progress:)``, but an entry that cannot
    /// be measured at all stops the sweep with an error naming it, never a made-up verdict.
    /// - Throws: ``StressSweepError`` for the first such entry in entry order.
    public func checkedRun(_ entries: [CatalogEntry], containers: [StressContainer], texts: [String], sources: [String?]? = nil,
                           progress: (@Sendable (Int) -> Void)? = nil) throws(StressSweepError) -> [StressVerdict] {
        var all: [StressVerdict] = []
        for (index, result) in sweep(entries, containers: containers, texts: texts, sources: sources, progress: progress).enumerated() {
            switch result {
            case .success(let verdicts): all += verdicts
            case .failure(let error):
                throw StressSweepError(key: entries[index].key, locale: entries[index].locale, reason: "\(error)")
            }
        }
        return all
    }

    /// Opens the font of every distinct container once, so that a family that does not exist or a
    /// font file that cannot be read is an error before a sweep, not a column of failed verdicts.
    /// The font library caches the faces: the sweep then uses these same ones.
    /// - Throws: the error of the first font that cannot be opened (a `TypographyError` naming it).
    public func checkFonts(_ containers: [StressContainer]) throws {
        var seen = Set<StressContainer>()
        for container in containers where seen.insert(container).inserted {
            let attributes = container.attributes(at: container.textSizes.first ?? .dynamicType(.large), locale: nil)
            _ = try Paragraph(StyledText("A", attributes: attributes), style: ParagraphStyle(), shaper: shaper)
        }
    }

    /// Each entry's verdicts, or the error that kept it from being measured, on all cores.
    private func sweep(_ entries: [CatalogEntry], containers: [StressContainer], texts: [String], sources: [String?]?,
                       progress: (@Sendable (Int) -> Void)?) -> [Result<[StressVerdict], any Error>] {
        precondition(entries.count == containers.count && entries.count == texts.count, "one container and text per entry")
        precondition(sources.map { $0.count == entries.count } ?? true, "one source text (or nil) per entry")
        let done = ProgressCounter()
        let sourceResults = SourceResults()
        return concurrentMap(count: entries.count) { index in
            defer { if let progress { progress(done.increment()) } }
            return Result {
                try verdicts(for: entries[index], in: containers[index], text: texts[index], source: sources?[index],
                             sharing: sourceResults)
            }
        }
    }

    /// The verdicts of one entry at each of the container's sizes.
    /// - Parameter source: the entry's source text as measured (placeholders replaced), to tell
    ///   whether it fails too (``StressVerdict/sourceFails``); `nil`: not compared.
    /// - Throws: the error of a font that cannot be opened (or of a size that is not valid).
    public func verdicts(for entry: CatalogEntry, in container: StressContainer, text: String,
                         source: String? = nil) throws -> [StressVerdict] {
        try verdicts(for: entry, in: container, text: text, source: source, sharing: nil)
    }

    private func verdicts(for entry: CatalogEntry, in container: StressContainer, text: String, source: String?,
                          sharing shared: SourceResults?) throws -> [StressVerdict] {
        let box = Self.box(for: entry, in: container)
        guard let first = box.textSizes.first else { return [] }
        let base = try paragraph(text, of: entry, in: box, size: first)
        let isSource = sourceLanguage.map { LocaleName.same(entry.locale, $0) } ?? false
        let sourceFailures = isSource ? nil : source.flatMap { sourceFails($0, of: entry, in: box, shared: shared) }
        return box.textSizes.enumerated().map { index, size in
            let paragraph = (size == first ? base : (try? paragraph(resizing: base, text, of: entry, in: box, to: size))) ?? base
            var verdict = judge(entry, text, paragraph, size: size, container: box)
            verdict.sourceFails = sourceFailures?[index]
            return verdict
        }
    }

    /// Whether `source` fails at each of the box's sizes, set in the source language (else the
    /// entry's locale); computed once per text, locale and box (``SourceResults``). `nil` when it
    /// cannot be set.
    private func sourceFails(_ source: String, of entry: CatalogEntry, in box: StressContainer, shared: SourceResults?) -> [Bool]? {
        var sourceEntry = entry
        sourceEntry.locale = sourceLanguage ?? entry.locale
        sourceEntry.text = source
        let key = SourceResults.Key(text: source, locale: sourceEntry.locale, box: box)
        if let known = shared?.get(key) { return known }
        guard let first = box.textSizes.first, let base = try? paragraph(source, of: sourceEntry, in: box, size: first) else { return nil }
        let failures = box.textSizes.map { size in
            let paragraph = (size == first ? base : (try? paragraph(resizing: base, source, of: sourceEntry, in: box, to: size))) ?? base
            return Self.status(of: paragraph, paragraph.layout(width: box.textWidth), in: box).failed
        }
        shared?.set(key, failures)
        return failures
    }

    /// `base` (set at the box's first size) at `size`: rescaled, not reshaped, and on Android
    /// restyled when the line height changes with the scale.
    func paragraph(resizing base: Paragraph, _ text: String, of entry: CatalogEntry, in box: StressContainer,
                   to size: TextSize) throws -> Paragraph {
        switch size {
        case .dynamicType(let dynamicType):
            return try base.resized(to: dynamicType)
        case .fontScale(let scale):
            if box.setsAgainPerScale { return try paragraph(text, of: entry, in: box, size: size) }
            let resized = try base.resized(to: scale)
            let style = box.paragraphStyle(at: size)
            return style == resized.style ? resized : try resized.restyled(style)
        }
    }

    /// The container `entry` is checked in: `container`, no wider than the entry's own maximum width.
    static func box(for entry: CatalogEntry, in container: StressContainer) -> StressContainer {
        var box = container
        if let limit = entry.maxWidth { box.width = min(box.width, limit) }
        return box
    }

    /// `text` of `entry` set as the checks set it in `box` (see ``box(for:in:)``), at `size`.
    func paragraph(_ text: String, of entry: CatalogEntry, in box: StressContainer, size: TextSize) throws -> Paragraph {
        let attributes = box.attributes(at: size, locale: entry.locale)
        return try Paragraph(box.readsMarkdown ? StyledText(markdown: text, attributes: attributes) : StyledText(text, attributes: attributes),
                             style: box.paragraphStyle(at: size), shaper: shaper)
    }

    /// The status of `paragraph` laid out in `container` (`layout` is its layout at the text width),
    /// and whether it fails.
    static func status(of paragraph: Paragraph, _ layout: ParagraphLayout, in container: StressContainer) -> (status: StressStatus, failed: Bool) {
        let width = container.textWidth
        let status: StressStatus
        if paragraph.missingClusters.count > 0 {
            status = .missingGlyphs
        } else if layout.size.width > width + 1e-9 {
            status = .overflow  // a single grapheme wider than the box
        } else if layout.isTruncated {
            status = .truncated
        } else if layout.scale < 1 {
            status = .scaled
        } else {
            status = layout.lineCount > 1 ? .wraps : .fits
        }
        let failed = switch status {
        case .fits, .wraps, .scaled, .untranslated: false
        case .truncated: !container.truncationAllowed
        case .overflow, .missingGlyphs: true
        }
        return (status, failed)
    }

    /// Whether a layout at `width` passes on fit alone: no line wider than it, and no truncation
    /// unless the container allows it.
    static func fits(_ layout: ParagraphLayout, width: Double, in container: StressContainer) -> Bool {
        layout.size.width <= width + 1e-9 && (container.truncationAllowed || !layout.isTruncated)
    }

    private func judge(_ entry: CatalogEntry, _ text: String, _ paragraph: Paragraph, size: TextSize,
                       container: StressContainer) -> StressVerdict {
        let width = container.textWidth
        let layout = paragraph.layout(width: width)
        let overflow = max(0, layout.size.width - width)
        let (status, failed) = Self.status(of: paragraph, layout, in: container)
        var verdict = verdict(entry, text, size, status, layout.size.width, layout.lineCount, status == .overflow ? overflow : 0,
                              layout.scale, failed: failed)
        if failed, !Self.fits(layout, width: width, in: container) {
            // The same text with no line limit and no shrinking (the shaping shared): the lines it
            // needs, and — when the container does not shrink text — the paragraph to search widths on.
            var style = paragraph.style
            style.lineLimit = nil
            style.minimumScaleFactor = 1
            let unlimited = container.maxLines == nil ? nil : try? paragraph.restyled(style)
            verdict.neededWidth = Self.neededWidth(paragraph, unlimited: unlimited, in: container)
            if let needed = verdict.neededWidth {
                verdict.excess = needed - width
                verdict.excessPercent = width > 0 ? 100 * (needed - width) / width : nil
                if let lines = container.maxLines {
                    verdict.excessCharacters = Self.excessCharacters(needed - width, lines: lines, paragraph: paragraph)
                }
            }
            verdict.linesNeeded = unlimited?.layout(width: width).lineCount
        }
        return verdict
    }

    /// About how many characters too long a text is that needs `excess` more width on each of
    /// `lines` lines (``StressVerdict/excessCharacters``): `lines × excess` over the paragraph's
    /// average advance (the width of its runs over its grapheme clusters), rounded up; `nil` for an
    /// empty text or one with no width.
    static func excessCharacters(_ excess: Double, lines: Int, paragraph: Paragraph) -> Int? {
        let clusters = paragraph.text.string.count
        let advance = paragraph.fontRuns.reduce(0) { $0 + $1.width }
        guard clusters > 0, advance > 0, excess > 0 else { return nil }
        return Int((Double(max(1, lines)) * excess / (advance / Double(clusters))).rounded(.up))
    }

    /// The narrowest text width at which `paragraph` passes on fit in `container` (see
    /// ``StressVerdict/neededWidth``), `nil` when none does.
    ///
    /// With one line and no shrinking, the ideal width. Otherwise a bisection between the
    /// container's text width (failing) and the ideal width (one line per hard break, passing), to
    /// 1 pt; then, when the layout found is at full size, a descent: greedy line breaking breaks the
    /// same way at every width from its widest line up, so that line's width passes, and it is the
    /// answer once a hair less (10⁻⁶ pt) fails — else the layout there is narrower, and the descent
    /// goes on from it (a step per distinct layout in that last point: one or two). Shrinking makes
    /// widths continuous: the bisection then goes on to 1/128 pt. About ten layouts a failing
    /// verdict; twice as many for a bisection to 1/128 pt all the way.
    ///
    /// `unlimited`, the same paragraph with no line limit and no shrinking, makes the search cheaper
    /// when the container does not shrink text and wraps greedily: greedy breaking makes the same
    /// first lines whatever the limit, so the text fits N lines at a width exactly when it takes N
    /// or fewer there without a limit — and that layout needs no ellipsis, which a truncated one
    /// measures each time. The answer is the same.
    static func neededWidth(_ paragraph: Paragraph, unlimited: Paragraph? = nil, in container: StressContainer) -> Double? {
        if let unlimited, let lines = container.maxLines, lines > 0, container.minimumScaleFactor >= 1,
           paragraph.style.wrap != .balanced, !container.truncationAllowed {
            return neededWidth(greedy: unlimited, lines: lines, from: container.textWidth)
        }
        let ideal = paragraph.layout(width: nil)
        guard !ideal.isTruncated || container.truncationAllowed else { return nil }  // more hard breaks than lines
        var low = container.textWidth, high = max(ideal.size.width, low)
        var best = paragraph.layout(width: high)
        guard fits(best, width: high, in: container) else { return nil }
        if container.maxLines == 1, container.minimumScaleFactor >= 1, best.scale == 1 { return best.size.width }
        func bisect(to tolerance: Double) {
            var steps = 0
            while high - low > tolerance, steps < 64 {
                let middle = (low + high) / 2
                let layout = paragraph.layout(width: middle)
                if fits(layout, width: middle, in: container) {
                    high = middle
                    best = layout
                } else {
                    low = middle
                }
                steps += 1
            }
        }
        bisect(to: 1)
        guard best.scale == 1 else {
            bisect(to: 1.0 / 128)
            return high
        }
        var widest = min(best.size.width, high)
        for _ in 0..<64 {
            let below = widest - 1e-6
            guard below > low else { break }
            let layout = paragraph.layout(width: below)
            guard fits(layout, width: below, in: container) else { break }
            if layout.scale != 1 {  // only shrinking fits there: the continuous case
                high = below
                best = layout
                bisect(to: 1.0 / 128)
                return high
            }
            widest = min(layout.size.width, below)
        }
        return widest
    }

    /// ``neededWidth(_:unlimited:in:)`` for greedy wrapping into at most `lines` lines, on the
    /// paragraph without a limit: the same bisection (to 1 pt) and descent to the widest line.
    private static func neededWidth(greedy unlimited: Paragraph, lines: Int, from failing: Double) -> Double? {
        func fits(_ layout: ParagraphLayout, _ width: Double) -> Bool { layout.lineCount <= lines && layout.size.width <= width + 1e-9 }
        let ideal = unlimited.layout(width: nil)
        guard ideal.lineCount <= lines else { return nil }  // more hard breaks than lines
        var low = failing, high = max(ideal.size.width, low)
        var best = unlimited.layout(width: high)
        guard fits(best, high) else { return nil }
        var steps = 0
        while high - low > 1, steps < 64 {
            let middle = (low + high) / 2
            let layout = unlimited.layout(width: middle)
            if fits(layout, middle) {
                high = middle
                best = layout
            } else {
                low = middle
            }
            steps += 1
        }
        var widest = min(best.size.width, high)
        for _ in 0..<64 {
            let below = widest - 1e-6
            guard below > low else { break }
            let layout = unlimited.layout(width: below)
            guard fits(layout, below) else { break }
            widest = min(layout.size.width, below)
        }
        return widest
    }

    private func verdict(_ entry: CatalogEntry, _ text: String, _ size: TextSize, _ status: StressStatus, _ width: Double,
                         _ lines: Int, _ overflow: Double, _ scale: Double, failed: Bool) -> StressVerdict {
        StressVerdict(key: entry.key, locale: entry.locale, variant: entry.variant, size: size, text: text,
                      status: status, width: width, lineCount: lines, overflow: overflow, scale: scale, failed: failed,
                      untranslated: !entry.isTranslated,
                      untranslatedReason: entry.isTranslated ? nil : Self.untranslatedReason(entry))
    }
}

/// Whether source texts fail, per text, locale and box, shared by a sweep's threads: a source
/// text is the same for every locale of a key, and is set once.
private final class SourceResults: @unchecked Sendable {
    struct Key: Hashable {
        let text: String, locale: String, box: StressContainer
    }

    private let lock = NSLock()
    private var results: [Key: [Bool]] = [:]

    func get(_ key: Key) -> [Bool]? {
        lock.lock()
        defer { lock.unlock() }
        return results[key]
    }

    func set(_ key: Key, _ value: [Bool]) {
        lock.lock()
        defer { lock.unlock() }
        results[key] = value
    }
}

/// `body(0) … body(count - 1)` on all cores, in order: each result is written straight to its own
/// slot of the array (disjoint slots; `concurrentPerform` returns when every iteration has).
func concurrentMap<T: Sendable>(count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        nonisolated(unsafe) let slots = buffer
        DispatchQueue.concurrentPerform(iterations: count) { index in
            (slots.baseAddress! + index).initialize(to: body(index))
        }
        initialized = count
    }
}

/// An entry the sweep could not measure at all: its key and locale, and why (a font that cannot be opened).
public struct StressSweepError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key whose entry could not be measured.
    public var key: String
    /// Its locale.
    public var locale: String
    /// Why (a font that cannot be opened, named).
    public var reason: String

    public var description: String { "cannot measure '\(key)' (\(locale)): \(reason)" }
}

/// A thread-safe counter for progress reports.
private final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}

/// Keeps, of each key and locale's `width.N` variants (stringsdict `NSStringVariableWidthRuleType`),
/// only the one the OS would show in that entry's container: widths are in ems, so the container's
/// text width is divided by the point size at the first text size it checks. Entries
/// without width variants pass through; order is kept.
/// - Parameter containers: one per entry, in the same order.
public func selectingWidthVariants(_ entries: [CatalogEntry], containers: [StressContainer]) -> [Int] {
    struct Group: Hashable { let file: String, key: String, locale: String, rest: String }
    func group(_ entry: CatalogEntry) -> Group {
        let rest = entry.variant.split(separator: "/").filter { !$0.hasPrefix("width.") }.joined(separator: "/")
        return Group(file: entry.origin.file, key: entry.key, locale: entry.locale, rest: rest)
    }
    var members: [Group: [Int]] = [:]
    for (index, entry) in entries.enumerated() where entry.variantWidth != nil { members[group(entry), default: []].append(index) }
    var chosen = Set<Int>()
    for indices in members.values {
        let container = containers[indices[0]]
        let points = container.attributes(at: container.textSizes.first ?? .dynamicType(.large), locale: nil).pointSize
        let ems = points > 0 ? container.textWidth / points : .infinity
        if let pick = widthVariant(for: ems, among: indices.map { entries[$0] }),
           let index = indices.first(where: { entries[$0] == pick }) {
            chosen.insert(index)
        }
    }
    return entries.indices.filter { entries[$0].variantWidth == nil || chosen.contains($0) }
}
