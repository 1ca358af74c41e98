import Foundation
import TextLayout
import Typography

/// The box a string must fit, as the sweep sees it (rules and command-line defaults resolve to one).
public struct StressContainer: Sendable, Hashable {
    /// The container's width in points (padding included).
    public var width: Double
    /// The most lines allowed (`nil`: any number).
    public var maxLines: Int?
    /// The font request and size (a text style follows Dynamic Type).
    public var font: FontRequest
    public var size: FontSize
    /// Points inside the container on every side.
    public var padding: Double
    /// Whether hitting the line limit is acceptable (`truncated` then does not fail).
    public var truncationAllowed: Bool
    /// The smallest scale the text may shrink to (1: never).
    public var minimumScaleFactor: Double
    /// The Dynamic Type sizes to check, smallest first.
    public var dynamicTypeSizes: [DynamicTypeSize]

    public init(width: Double, maxLines: Int? = 1, font: FontRequest = FontRequest(), size: FontSize = .style(.body),
                padding: Double = 0, truncationAllowed: Bool = false, minimumScaleFactor: Double = 1,
                dynamicTypeSizes: [DynamicTypeSize] = DynamicTypeSize.allCases) {
        self.width = width
        self.maxLines = maxLines
        self.font = font
        self.size = size
        self.padding = padding
        self.truncationAllowed = truncationAllowed
        self.minimumScaleFactor = minimumScaleFactor
        self.dynamicTypeSizes = dynamicTypeSizes
    }

    /// The width the text itself gets.
    public var textWidth: Double { max(0, width - 2 * padding) }
}

/// What happened to one string at one Dynamic Type size.
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
    /// The locale has no translation for the key.
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

/// One verdict: a key × locale × variant × Dynamic Type size.
public struct StressVerdict: Sendable, Codable, Hashable {
    public var key: String
    public var locale: String
    public var variant: String
    public var dynamicTypeSize: String
    /// The text measured (placeholders replaced).
    public var text: String
    public var status: StressStatus
    /// The laid-out width (widest line), in points.
    public var width: Double
    public var lineCount: Int
    /// How far the text goes past the container's text width (0 when inside), in points.
    public var overflow: Double
    /// The scale applied (1 unless `scaled`).
    public var scale: Double
    /// Whether this verdict fails the check (a truncation the container allows does not).
    public var failed: Bool
}

/// Measures catalog entries against containers at Dynamic Type sizes: shaped once per string
/// (a new size only rescales), all cores, output in input order.
public struct StressSweep: Sendable {
    public let shaper: Shaper

    public init(shaper: Shaper) { self.shaper = shaper }

    /// Every verdict for `entries`, in entry order then size order.
    /// - Parameters:
    ///   - container: the container for an entry (rules first, then defaults).
    ///   - prepare: the text to measure for an entry (placeholders replaced).
    ///   - progress: called with the number of entries done (from any thread).
    public func run(_ entries: [CatalogEntry], container: (CatalogEntry) -> StressContainer,
                    prepare: (CatalogEntry) -> String = { $0.text },
                    progress: (@Sendable (Int) -> Void)? = nil) -> [StressVerdict] {
        run(entries, containers: entries.map(container), texts: entries.map(prepare), progress: progress)
    }

    /// Every verdict for `entries`, each with its container and text (same order), on all cores.
    ///
    /// An entry that cannot be measured at all (its font cannot be opened) gets `missing-glyphs`
    /// verdicts here; ``checkedRun(_:containers:texts:progress:)`` throws instead, and
    /// ``checkFonts(_:)`` finds such fonts before a sweep.
    public func run(_ entries: [CatalogEntry], containers: [StressContainer], texts: [String],
                    progress: (@Sendable (Int) -> Void)? = nil) -> [StressVerdict] {
        sweep(entries, containers: containers, texts: texts, progress: progress).enumerated().flatMap { index, result in
            (try? result.get()) ?? containers[index].dynamicTypeSizes.map { size in
                verdict(entries[index], texts[index], size, .missingGlyphs, 0, 0, 0, 1, failed: true)
            }
        }
    }

    /// Every verdict for `entries`, as ``run(_:containers:texts:progress:)``, but an entry that cannot
    /// be measured at all stops the sweep with an error naming it, never a made-up verdict.
    /// - Throws: ``StressSweepError`` for the first such entry in entry order.
    public func checkedRun(_ entries: [CatalogEntry], containers: [StressContainer], texts: [String],
                           progress: (@Sendable (Int) -> Void)? = nil) throws(StressSweepError) -> [StressVerdict] {
        var all: [StressVerdict] = []
        for (index, result) in sweep(entries, containers: containers, texts: texts, progress: progress).enumerated() {
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
            let attributes = TextAttributes(font: container.font, size: container.size)
            _ = try Paragraph(StyledText("A", attributes: attributes), style: ParagraphStyle(), shaper: shaper)
        }
    }

    /// Each entry's verdicts, or the error that kept it from being measured, on all cores.
    private func sweep(_ entries: [CatalogEntry], containers: [StressContainer], texts: [String],
                       progress: (@Sendable (Int) -> Void)?) -> [Result<[StressVerdict], any Error>] {
        precondition(entries.count == containers.count && entries.count == texts.count, "one container and text per entry")
        let done = ProgressCounter()
        return concurrentMap(count: entries.count) { index in
            defer { if let progress { progress(done.increment()) } }
            return Result { try verdicts(for: entries[index], in: containers[index], text: texts[index]) }
        }
    }

    /// The verdicts of one entry at each of the container's sizes.
    /// - Throws: the error of a font that cannot be opened (or of a size that is not valid).
    public func verdicts(for entry: CatalogEntry, in container: StressContainer, text: String) throws -> [StressVerdict] {
        let box = Self.box(for: entry, in: container)
        let first = box.dynamicTypeSizes.first ?? .large
        let base = try paragraph(text, of: entry, in: box, size: first)
        return box.dynamicTypeSizes.map { size in
            let paragraph = (size == first ? base : (try? base.resized(to: size))) ?? base
            return judge(entry, text, paragraph, size: size, container: box)
        }
    }

    /// The container `entry` is checked in: `container`, no wider than the entry's own maximum width.
    static func box(for entry: CatalogEntry, in container: StressContainer) -> StressContainer {
        var box = container
        if let limit = entry.maxWidth { box.width = min(box.width, limit) }
        return box
    }

    /// `text` of `entry` set as the checks set it in `box` (see ``box(for:in:)``), at `size`.
    func paragraph(_ text: String, of entry: CatalogEntry, in box: StressContainer, size: DynamicTypeSize) throws -> Paragraph {
        let style = ParagraphStyle(lineLimit: box.maxLines, truncation: .tail, wrap: .wordThenCharacter,
                                   minimumScaleFactor: box.minimumScaleFactor)
        var attributes = TextAttributes(font: box.font, size: box.size, locale: entry.locale)
        attributes.dynamicTypeSize = size
        return try Paragraph(StyledText(text, attributes: attributes), style: style, shaper: shaper)
    }

    private func judge(_ entry: CatalogEntry, _ text: String, _ paragraph: Paragraph, size: DynamicTypeSize,
                       container: StressContainer) -> StressVerdict {
        let width = container.textWidth
        let layout = paragraph.layout(width: width)
        let overflow = max(0, layout.size.width - width)
        let status: StressStatus
        if !entry.isTranslated {
            status = .untranslated
        } else if paragraph.missingClusters.count > 0 {
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
        return verdict(entry, text, size, status, layout.size.width, layout.lineCount, status == .overflow ? overflow : 0,
                       layout.scale, failed: failed)
    }

    private func verdict(_ entry: CatalogEntry, _ text: String, _ size: DynamicTypeSize, _ status: StressStatus, _ width: Double,
                         _ lines: Int, _ overflow: Double, _ scale: Double, failed: Bool) -> StressVerdict {
        StressVerdict(key: entry.key, locale: entry.locale, variant: entry.variant, dynamicTypeSize: size.rawValue, text: text,
                      status: status, width: width, lineCount: lines, overflow: overflow, scale: scale, failed: failed)
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
    public var key: String
    public var locale: String
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
/// text width is divided by the point size at the first Dynamic Type size it checks. Entries
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
        let points = container.size.points(at: container.dynamicTypeSizes.first ?? .large)
        let ems = points > 0 ? container.textWidth / points : .infinity
        if let pick = widthVariant(for: ems, among: indices.map { entries[$0] }),
           let index = indices.first(where: { entries[$0] == pick }) {
            chosen.insert(index)
        }
    }
    return entries.indices.filter { entries[$0].variantWidth == nil || chosen.contains($0) }
}
