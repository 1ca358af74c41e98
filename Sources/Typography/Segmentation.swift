import CICU

/// A place where a line may (or must) end: before the scalar at `offset`.
///
/// Offsets are Unicode scalar offsets into the segmented string.
public struct LineBreakOpportunity: Hashable, Sendable, CustomStringConvertible {
    /// The line may end before the scalar at this offset (the scalar count for the end of the text).
    public let offset: Int
    /// The line must end here: after LF, CR, CR LF (one break, after the LF), NEL, VT, FF, U+2028,
    /// U+2029; and at the end of the text.
    public let isMandatory: Bool
    /// The scalar before the break is U+00AD SOFT HYPHEN: taking this break shows a hyphen.
    public let afterSoftHyphen: Bool

    /// A break opportunity before the scalar at `offset`; mandatory after a hard line break.
    public init(offset: Int, isMandatory: Bool, afterSoftHyphen: Bool = false) {
        self.offset = offset
        self.isMandatory = isMandatory
        self.afterSoftHyphen = afterSoftHyphen
    }

    public var description: String { "\(offset)\(isMandatory ? "!" : "")\(afterSoftHyphen ? "-" : "")" }
}

/// Text segmentation with ICU: grapheme clusters (UAX #29) and line-break opportunities (UAX #14,
/// with ICU's dictionaries and locale tailorings).
///
/// All offsets are Unicode scalar offsets into the Swift `String` (never UTF-16). ICU break iterators
/// are opened once per (kind, locale), then cloned into a small pool, so a call costs one UTF-8 →
/// UTF-16 conversion and one pass of the iterator: O(n) in the text's length. Text that needs no
/// ICU machinery skips it with the same answers: grapheme clusters of scalars that always start
/// one, line breaks of text made of the common UAX #14 classes (`CommonLineBreaks`). Safe to call
/// from any thread.
public enum TextSegmentation {
    /// The grapheme cluster boundaries of `text` (extended grapheme clusters, UAX #29 as ICU 72
    /// implements Unicode 15): increasing scalar offsets that include 0 and the scalar count.
    ///
    /// The empty string answers `[0]`. O(n).
    public static func graphemeBoundaries(_ text: String) -> [Int] {
        let scalars = Array(text.unicodeScalars)
        let starts = graphemeStarts(text, scalars: scalars)
        return starts.indices.filter { starts[$0] }
    }

    /// `graphemeBoundaries(text)` as flags: `result[i]` is true when a cluster starts at scalar
    /// `i` (count n + 1; true at 0 and n). `scalars` must be `text`'s scalars: a paragraph has
    /// them already, and wants the flags, not the list.
    package static func graphemeStarts(_ text: String, scalars: [Unicode.Scalar]) -> [Bool] {
        // Text made only of scalars that always start a cluster (`Shaper.startsCluster`, checked
        // against GraphemeBreakProperty.txt) breaks everywhere but inside CR LF: no ICU needed.
        if scalars.allSatisfy({ Shaper.startsCluster($0.value) }) {
            var starts = [Bool](filledWith: true, count: scalars.count + 1)
            for i in scalars.indices.dropFirst() where scalars[i] == "\n" && scalars[i - 1] == "\r" { starts[i] = false }
            return starts
        }
        var starts = [Bool](filledWith: false, count: scalars.count + 1)
        forEachICUGraphemeBoundary(text, count: scalars.count) { starts[$0] = true }
        return starts
    }

    /// ICU's grapheme cluster boundaries of `text` (what ``graphemeBoundaries(_:)`` answers),
    /// always through its break iterator: for the fuzzer to hold the fast path to.
    package static func icuGraphemeBoundaries(_ text: String) -> [Int] {
        var boundaries: [Int] = []
        forEachICUGraphemeBoundary(text, count: text.unicodeScalars.count) { boundaries.append($0) }
        return boundaries
    }

    /// Calls `body` with 0, every boundary ICU's character iterator finds inside `text` (of
    /// `count` scalars), and `count`, in increasing order.
    private static func forEachICUGraphemeBoundary(_ text: String, count: Int, _ body: (Int) -> Void) {
        let boundaries = BreakIteratorPool.shared.boundaries(of: text, kind: Int32(TEXTFIT_BREAK_CHARACTER),
                                                             locale: "", wantsFlags: false)
        body(0)
        for offset in boundaries.offsets where offset > 0 && offset < count { body(Int(offset)) }
        if count > 0 { body(count) }
    }

    /// The line-break opportunities of `text` per UAX #14, as ICU 72 implements it for `locale`.
    ///
    /// The list holds every opportunity strictly inside the text, in increasing order, followed by
    /// the end of the text (offset = scalar count), which is always `isMandatory`; the empty string
    /// has none. A mandatory break sits after its hard-break character (after the LF of CR LF; one
    /// break for the pair). NBSP, U+202F, WORD JOINER and ZWSP behave as UAX #14 says (no break
    /// around the first three; a break after ZWSP); after a SOFT HYPHEN the opportunity is flagged
    /// `afterSoftHyphen`. Thai, Lao, Khmer and Burmese break between dictionary words; CJK ideographs
    /// break between characters, with kinsoku from the rules (no break before 。, 」, small kana under
    /// `lb=strict`) — ICU uses its CJK dictionary for line breaking only with `ja@lw=phrase`.
    ///
    /// - Parameter locale: an ICU locale ID ("th", "ja_JP@lb=strict", "ja@lw=phrase") or a BCP 47
    ///   tag ("ja-JP-u-lb-loose"), made canonical first (``CanonicalLocale``); `nil` or "" is the
    ///   root locale. A language ICU does not know gets the root rules, as does a string that is no
    ///   locale.
    /// - Complexity: O(n) in the text's length.
    public static func lineBreaks(_ text: String, locale: String?) -> [LineBreakOpportunity] {
        let locale = locale.flatMap { CanonicalLocale($0).tag }
        guard CommonLineBreaks.handles(locale: locale) else { return icuLineBreaks(text, locale: locale) }
        return lineBreaks(text, scalars: Array(text.unicodeScalars), locale: locale)
    }

    /// ``lineBreaks(_:locale:)`` for a caller that has the text's scalars already and a canonical
    /// locale (``TextAttributes/locale``; another string is still opened as its canonical form, see
    /// ``BreakIteratorPool``). Text made of
    /// the common line-break classes skips ICU (`CommonLineBreaks`: the same answers, a fifth
    /// of the cost).
    package static func lineBreaks(_ text: String, scalars: [Unicode.Scalar], locale: String?) -> [LineBreakOpportunity] {
        if CommonLineBreaks.handles(locale: locale),
           let common = scalars.withUnsafeBufferPointer({ $0.withMemoryRebound(to: UInt32.self, CommonLineBreaks.opportunities) }) {
            return common
        }
        return icuLineBreaks(text, locale: locale)
    }

    /// ICU's line-break opportunities (what ``lineBreaks(_:locale:)`` answers), always through
    /// its break iterator (the fuzzer holds `CommonLineBreaks` to it).
    package static func icuLineBreaks(_ text: String, locale: String?) -> [LineBreakOpportunity] {
        let boundaries = BreakIteratorPool.shared.boundaries(of: text, kind: Int32(TEXTFIT_BREAK_LINE),
                                                             locale: locale ?? "", wantsFlags: true)
        let count = boundaries.offsets.count
        var opportunities = [LineBreakOpportunity](filledWith: LineBreakOpportunity(offset: 0, isMandatory: false, afterSoftHyphen: false),
                                                   count: count)
        opportunities.withUnsafeMutableBufferPointer { buffer in
            for i in 0..<count {
                let flags = boundaries.flags[i]
                buffer[i] = LineBreakOpportunity(
                    offset: Int(boundaries.offsets[i]),
                    isMandatory: i == count - 1 || flags & UInt8(TEXTFIT_BOUNDARY_HARD) != 0,
                    afterSoftHyphen: flags & UInt8(TEXTFIT_BOUNDARY_AFTER_SOFT_HYPHEN) != 0)
            }
        }
        return opportunities
    }
}

/// An ICU break iterator, closed when the last reference goes.
///
/// `@unchecked Sendable`: an iterator is used by one thread at a time — the pool hands each one to
/// a single caller and takes it back afterwards; the pool's prototypes are only cloned under its lock.
final class BreakIterator: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Opens an iterator; nil if ICU cannot (the ICU error name in `error`).
    init?(kind: Int32, locale: String, error: inout String) {
        var status: Int32 = 0
        guard let pointer = textfit_break_open(kind, locale, &status) else {
            error = String(cString: textfit_error_name(status))
            return nil
        }
        self.pointer = pointer
    }

    private init(pointer: OpaquePointer) { self.pointer = pointer }

    /// An independent copy (ICU `ubrk_clone`), or nil if ICU runs out of memory.
    func clone() -> BreakIterator? {
        var status: Int32 = 0
        return textfit_break_clone(pointer, &status).map(BreakIterator.init(pointer:))
    }

    deinit { textfit_break_close(pointer) }
}

/// Break iterators per (kind, locale): one prototype each, opened once, and idle clones handed out
/// one caller at a time.
///
/// Bounded: at most `maximumIdle` idle clones per key, and at most `maximumKeys` keys (beyond that
/// the pool forgets every other key's iterators, which reopen on demand). A prototype is opened for
/// the key's canonical form with its line-breaking keywords alone (``CanonicalLocale/breakLocale(_:)``),
/// so ICU opens data for a bounded set of locales whatever strings the keys are (callers pass
/// canonical locales, so keys are canonical too).
final class BreakIteratorPool: Sendable {
    static let shared = BreakIteratorPool()

    static let maximumIdle = 8
    static let maximumKeys = 64

    private struct Entry {
        var kind: Int32
        var locale: String
        var prototype: BreakIterator
        /// Whether new iterators are clones of the prototype (else opened afresh: ``clonesKeepRules(_:)``).
        var clones: Bool
        var idle: [BreakIterator] = []
    }

    /// Few keys are in use at once (a kind or two × the locales of a run), so a list scanned by
    /// comparing kind and locale costs less than hashing the locale string into a dictionary.
    private let entries = Locked<[Entry]>([])

    /// Boundaries after the start as scalar offsets, with per-boundary flags (empty unless asked).
    struct Boundaries {
        var offsets: [Int32]
        var flags: [UInt8]
    }

    /// Runs ICU's iterator of `kind` for `locale` over `text`.
    ///
    /// A locale ICU rejects falls back to the root locale; if even the root iterator cannot be
    /// opened, ICU's data is missing from the system, which is an installation error and traps
    /// with ICU's error name.
    func boundaries(of text: String, kind: Int32, locale: String, wantsFlags: Bool) -> Boundaries {
        let utf8Count = text.utf8.count
        if utf8Count == 0 { return Boundaries(offsets: [], flags: []) }
        guard utf8Count < Int(Int32.max) else { preconditionFailure("text too long for ICU (\(utf8Count) bytes)") }
        let iterator = checkOut(kind: kind, locale: locale)
        defer { checkIn(iterator, kind: kind, locale: locale) }

        var text = text
        // At most one boundary per scalar, and at most one scalar per UTF-8 byte.
        var offsets = [Int32](filledWith: 0, count: utf8Count)
        var flags = wantsFlags ? [UInt8](filledWith: 0, count: utf8Count) : []
        var count: Int32 = 0
        var status: Int32 = 0
        text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { bytes in
                offsets.withUnsafeMutableBufferPointer { offsets in
                    flags.withUnsafeMutableBufferPointer { flagBuffer in
                        count = textfit_boundaries(iterator.pointer, bytes.baseAddress, Int32(utf8Count), offsets.baseAddress,
                                                   wantsFlags ? flagBuffer.baseAddress : nil, Int32(utf8Count), &status)
                    }
                }
            }
        }
        precondition(count >= 0, "ICU break iteration failed: \(String(cString: textfit_error_name(status)))")
        offsets.removeLast(utf8Count - Int(count))
        if wantsFlags { flags.removeLast(utf8Count - Int(count)) }
        return Boundaries(offsets: offsets, flags: flags)
    }

    private static func index(of kind: Int32, _ locale: String, in entries: borrowing [Entry]) -> Int? {
        for i in entries.indices where entries[i].kind == kind && entries[i].locale == locale { return i }
        return nil
    }

    /// Whether a clone of an iterator for `opened` (a canonical locale) breaks as the iterator does.
    /// ICU 72's `ubrk_clone` drops Japanese phrase breaking (`lw=phrase`): the clone breaks between
    /// characters, as plain `ja` does (found comparing with ICU's own breaks, `locale-breaks.tsv`),
    /// so those iterators are opened afresh instead (each reused afterwards like any other).
    private static func clonesKeepRules(_ opened: String) -> Bool { !opened.contains("-lw-phrase") }

    private func checkOut(kind: Int32, locale: String) -> BreakIterator {
        let (reused, known): (BreakIterator?, Bool) = entries.withLock { entries in
            guard let i = Self.index(of: kind, locale, in: entries) else { return (nil, false) }
            if let idle = entries[i].idle.popLast() { return (idle, true) }
            // Cloning reads the prototype, which nobody iterates: safe under the lock.
            return (entries[i].clones ? entries[i].prototype.clone() : nil, true)
        }
        if let reused { return reused }

        // Open outside the lock (it may load dictionaries): one more iterator for a key whose clones
        // are not faithful, else the key's first use.
        var error = ""
        let opened = CanonicalLocale.breakLocale(locale)
        func open() -> BreakIterator? {
            BreakIterator(kind: kind, locale: opened, error: &error) ?? (opened.isEmpty ? nil : BreakIterator(kind: kind, locale: "", error: &error))
        }
        if known, let fresh = open() { return fresh }
        let clones = Self.clonesKeepRules(opened)
        guard let prototype = open(), let working = clones ? prototype.clone() : open() else {
            preconditionFailure("cannot open an ICU break iterator (kind \(kind)): \(error); is libicu72 installed?")
        }
        entries.withLock { entries in
            if Self.index(of: kind, locale, in: entries) == nil {
                if entries.count >= Self.maximumKeys { entries.removeAll(keepingCapacity: true) }
                entries.append(Entry(kind: kind, locale: locale, prototype: prototype, clones: clones))
            }
        }
        return working
    }

    private func checkIn(_ iterator: BreakIterator, kind: Int32, locale: String) {
        entries.withLock { entries in
            if let i = Self.index(of: kind, locale, in: entries), entries[i].idle.count < Self.maximumIdle {
                entries[i].idle.append(iterator)
            }
        }
    }
}
