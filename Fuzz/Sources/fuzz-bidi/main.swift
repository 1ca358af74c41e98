// Fuzz target `bidi`: bidi levels, visual runs, grapheme and line-break segmentation on random
// mixes of strong (L, R, AL), weak (EN, ES, ET, AN, CS, NSM, BN), neutral (B, S, WS, ON), isolate,
// embedding/override and control characters, then the same text as a paragraph (ParagraphInvariants).
//
// Input: 5 header bytes (direction, locale, width, size), then one byte per scalar, each an index
// into `alphabet` (so every mutation is a meaningful character change).
// Checks (contracts in Typography/Bidi.swift and Segmentation.swift):
//   levels: one per scalar, ≤ 126, base level 0/1 as forced; pure LTR ⇒ all levels 0;
//   visualRuns(in:) partitions the (clamped) range; visualOrder(of:) is a permutation of it;
//   graphemeBoundaries: increasing, from 0 to n; lineBreaks: increasing in 1…n, the last = n and
//   mandatory, mandatory exactly after hard breaks (CR LF once), afterSoftHyphen exactly after U+00AD.
// Differential: graphemeBoundaries and lineBreaks equal ICU's own answers (their fast paths —
// cluster-starting scalars, `CommonLineBreaks` — must not differ), on the text and on its twin over
// `commonAlphabet` (the same bytes, mapped to the classes `CommonLineBreaks` handles, so the fast
// path runs on most inputs). ICU's answers come from `package` functions: this target is compiled
// as a member of the main package (Package.swift).
import FuzzSupport
import TextFit
import Typography

let alphabet: [Unicode.Scalar] = [
    // L
    "a", "Z", "\u{6587}", "\u{0E01}", "\u{0915}", "\u{AC00}", "\u{1780}", "\u{1000}",
    // R, AL
    "\u{05D0}", "\u{05E9}", "\u{07C0}", "\u{10800}", "\u{0628}", "\u{0644}", "\u{0627}", "\u{0645}", "\u{0710}",
    // EN, ES, ET, AN, CS
    "1", "9", "\u{06F1}", "\u{2070}", "+", "-", "#", "$", "%", "\u{00B0}", "\u{20AC}",
    "\u{0663}", "\u{0600}", "\u{066B}", ",", ".", ":", "/", "\u{00A0}",
    // NSM, BN
    "\u{0301}", "\u{064B}", "\u{05B8}", "\u{093F}", "\u{094D}", "\u{20D7}", "\u{0E31}",
    "\u{200B}", "\u{00AD}", "\u{FEFF}", "\u{0001}", "\u{007F}",
    // B, S, WS
    "\n", "\r", "\u{2029}", "\u{001C}", "\u{0085}", "\t", "\u{000B}", "\u{001F}",
    " ", " ", "\u{000C}", "\u{2028}", "\u{3000}", "\u{2000}", "\u{1680}",
    // ON, brackets, quotes, emoji
    "!", "(", ")", "[", "]", "{", "}", "<", ">", "\u{00AB}", "\u{00BB}", "\"", "'", "\u{2018}", "\u{2026}",
    "\u{2329}", "\u{232A}", "\u{3008}", "\u{3009}", "\u{FF08}", "\u{3002}", "\u{300D}", "\u{30A1}",
    "\u{1F600}", "\u{1F469}", "\u{1F3FD}", "\u{1F1E9}", "\u{1F1EA}", "\u{2764}", "\u{FE0F}", "\u{200D}", "\u{200C}",
    // explicit embeddings, overrides, isolates, marks
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "\u{200E}", "\u{200F}", "\u{061C}",
    // Hangul jamo, odd code points
    "\u{1100}", "\u{1161}", "\u{11A8}", "\u{FFFF}", "\u{E000}", "\u{0378}", "\u{10FFFF}", "\u{FFFC}", "\u{FFFD}", "\u{2010}",
]

/// Scalars of the line-break classes `CommonLineBreaks` handles (AL with XX and AI, HL, ID, NU, SP,
/// CM with C0 controls, HY, IS, Hangul H2, H3, JL, JV, JT), a few of each, and emoji (ID).
let commonAlphabet: [Unicode.Scalar] = [
    "a", "Z", "\u{00E9}", "\u{0628}", "\u{0378}", "\u{00A7}", "\u{05D0}", "\u{05E9}", "\u{6587}", "\u{3042}",
    "\u{1F600}", "1", "9", "\u{0663}", " ", " ", "\u{0301}", "\u{093F}", "\u{0001}",
    "-", ",", ".", ":", ";", "\u{AC00}", "\u{AC01}", "\u{1100}", "\u{1161}", "\u{11A8}",
]

let locales: [String?] = [nil, "", "th", "ja_JP@lb=strict", "ja@lw=phrase", "zh-Hans", "ko-u-lb-loose", "ar", "x@@=!"]

func check(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let direction = BaseDirection.allCases[Int(input.byte()) % 3]
    let locale = input.pick(locales)
    let width = input.proposal()
    let sizeByte = input.byte()
    let rest = input.rest()
    let scalars = rest.map { alphabet[Int($0) % alphabet.count] }
    let text = String(String.UnicodeScalarView(scalars))
    let n = scalars.count
    func fail(_ what: String) -> Never { violation("\(what) — direction \(direction), locale \(locale ?? "nil")", input: text) }

    // Bidi levels and reordering.
    let bidi = BidiParagraph(text, direction: direction)
    if bidi.levels.count != n { fail("\(bidi.levels.count) levels for \(n) scalars") }
    if let high = bidi.levels.max(), high > 126 { fail("level \(high) > 126") }
    if bidi.baseLevel > 1 { fail("base level \(bidi.baseLevel)") }
    if direction == .leftToRight, bidi.baseLevel != 0 { fail("forced LTR but base level \(bidi.baseLevel)") }
    if direction == .rightToLeft, bidi.baseLevel != 1 { fail("forced RTL but base level \(bidi.baseLevel)") }
    if bidi.isPureLTR, bidi.levels.contains(where: { $0 != 0 }) || bidi.baseLevel != 0 { fail("isPureLTR with non-zero levels") }
    for offset in [0, n / 2, max(0, n - 1), n + 3] {
        let level = bidi.paragraphLevel(at: offset)
        if level > 1 || (direction == .leftToRight && level != 0) || (direction == .rightToLeft && level != 1) {
            fail("paragraphLevel(at: \(offset)) = \(level)")
        }
    }
    let cut1 = n == 0 ? 0 : Int(sizeByte) % (n + 1), cut2 = n == 0 ? 0 : (Int(sizeByte) * 7 + 3) % (n + 1)
    for range in [0..<n, min(cut1, cut2)..<max(cut1, cut2), cut1..<(n + 5)] {
        let clamped = range.clamped(to: 0..<n)
        let runs = bidi.visualRuns(in: range)
        let covered = runs.flatMap { Array($0.range) }.sorted()
        if covered != Array(clamped) { fail("visualRuns(in: \(range)) \(runs) do not partition \(clamped)") }
        if runs.contains(where: { $0.range.isEmpty }) { fail("visualRuns(in: \(range)) has an empty run: \(runs)") }
        let order = bidi.visualOrder(of: range)
        if order.sorted() != Array(clamped) { fail("visualOrder(of: \(range)) \(order) is not a permutation of \(clamped)") }
        if bidi.isPureLTR, order != Array(clamped) { fail("pure LTR text reordered: \(order)") }
    }

    // Segmentation.
    let graphemes = TextSegmentation.graphemeBoundaries(text)
    if graphemes.first != 0 || graphemes.last != n || zip(graphemes, graphemes.dropFirst()).contains(where: { $0 >= $1 }) {
        fail("grapheme boundaries \(graphemes) are not increasing from 0 to \(n)")
    }
    let breaks = TextSegmentation.lineBreaks(text, locale: locale)
    if n == 0 {
        if !breaks.isEmpty { fail("empty text has breaks \(breaks)") }
    } else {
        guard let last = breaks.last, last.offset == n, last.isMandatory else { fail("line breaks \(breaks) do not end at \(n), mandatory") }
        if zip(breaks, breaks.dropFirst()).contains(where: { $0.offset >= $1.offset }) || breaks[0].offset < 1 {
            fail("line breaks \(breaks) not increasing in 1…\(n)")
        }
        let offsets = Dictionary(breaks.map { ($0.offset, $0) }, uniquingKeysWith: { a, _ in a })
        for (i, scalar) in scalars.enumerated() {
            let hard: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
            let crBeforeLF = scalar == "\r" && i + 1 < n && scalars[i + 1] == "\n"
            if hard.contains(scalar.value), !crBeforeLF, offsets[i + 1]?.isMandatory != true {
                fail("no mandatory break after the hard break U+\(String(scalar.value, radix: 16)) at \(i): \(breaks)")
            }
        }
        for b in breaks where b.offset < n {
            let before = scalars[b.offset - 1]
            let isHard = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(before.value)
            if before == "\r" && scalars[b.offset] == "\n" { fail("break \(b) between CR and LF") }
            let knownDictionaryBreak = Known.skips("dictionary-break-mandatory") && b.isMandatory && !isHard
            if b.isMandatory != isHard, !knownDictionaryBreak { fail("break \(b) is \(b.isMandatory ? "" : "not ")mandatory after U+\(String(before.value, radix: 16))") }
            if b.afterSoftHyphen != (before == "\u{00AD}") { fail("break \(b): afterSoftHyphen wrong after U+\(String(before.value, radix: 16))") }
        }
    }

    // The fast paths against ICU's own answers.
    let common = String(String.UnicodeScalarView(rest.map { commonAlphabet[Int($0) % commonAlphabet.count] }))
    for sample in [text, common] {
        let graphemes = TextSegmentation.graphemeBoundaries(sample), icuGraphemes = TextSegmentation.icuGraphemeBoundaries(sample)
        if graphemes != icuGraphemes {
            violation("grapheme boundaries \(graphemes), ICU's \(icuGraphemes)", input: sample)
        }
        let breaks = TextSegmentation.lineBreaks(sample, locale: locale), icuBreaks = TextSegmentation.icuLineBreaks(sample, locale: locale)
        if breaks != icuBreaks {
            violation("line breaks \(breaks), ICU's \(icuBreaks) — locale \(locale ?? "nil")", input: sample)
        }
    }

    // The same text as a paragraph.
    var attributes = TextAttributes(locale: locale)
    attributes.size = sizeByte < 32 ? .points(Double(sizeByte)) : .style(.body)
    var style = ParagraphStyle(direction: direction)
    style.lineLimit = sizeByte % 3 == 0 ? 2 : nil
    style.truncation = ParagraphStyle.TruncationMode.allCases[Int(sizeByte / 3) % 3]
    ParagraphInvariants.check(ParagraphCase(text: StyledText(text, attributes: attributes), style: style,
                                            proposals: [(nil, nil), (width, nil), (0, nil)]),
                              shaper: Fixtures.shaper)
}

fuzzMain(check)
