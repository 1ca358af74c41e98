import Foundation

// Pseudo-localization: fake translations, made from the source text, that expose layout problems
// before real translations arrive. Each generator changes one thing (glyphs, length, bounds or
// direction) so that a failure points at its cause.

/// A pseudo-locale: its raw value is the locale name used on the command line (`--locales pseudo-xa`)
/// and in reports.
///
/// | locale | generator | source |
/// |---|---|---|
/// | `pseudo-xa` | ``accented`` | Android's `en-XA` accent method |
/// | `pseudo-expanded` | ``expanded`` | the IBM expansion table (also in the W3C's internationalization guidance) |
/// | `pseudo-bounded` | ``bounded`` | Xcode's "Bounded String Pseudolanguage" |
/// | `pseudo-double` | ``doubled`` | Xcode's "Double-Length Pseudolanguage" |
/// | `pseudo-xb` | ``rightToLeft`` | Android's `ar-XB` bidi method |
///
/// Every generator leaves placeholders, backslash escapes and markup exactly as written (see
/// ``FormatScanner``), so that `PlaceholderSamples.substitute(_:)` still finds them.
public enum PseudoLocale: String, CaseIterable, Sendable, Codable {
    /// Letters replaced by accented look-alikes, one for one (see ``accentedForms``).
    case accented = "pseudo-xa"
    /// The text followed by filler words, growing it by the IBM table (see ``expansionPercent(forLength:)``).
    case expanded = "pseudo-expanded"
    /// The text between `[# ` and ` #]`.
    case bounded = "pseudo-bounded"
    /// The text, a space, and the text again (a line break instead of the space in the rare case
    /// where the space would merge the copies into one tag or placeholder; see ``transform(_:)``).
    case doubled = "pseudo-double"
    /// Every word forced right-to-left: `RLM RLO word PDF RLM` (U+200F U+202E … U+202C U+200F).
    case rightToLeft = "pseudo-xb"

    /// Parses a pseudo-locale name, case-insensitive: the raw values, the case names (`accented`,
    /// `rightToLeft`), and Android's names `en-XA` (accented) and `ar-XB` (right-to-left), with `-` or `_`.
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        let aliases: [String: PseudoLocale] = [
            "en-xa": .accented, "ar-xb": .rightToLeft, "accented": .accented, "expanded": .expanded,
            "bounded": .bounded, "doubled": .doubled, "double": .doubled, "righttoleft": .rightToLeft, "rtl": .rightToLeft,
        ]
        if let exact = Self.allCases.first(where: { $0.rawValue == key }) {
            self = exact
        } else if let alias = aliases[key] {
            self = alias
        } else {
            return nil
        }
    }

    /// Whether the generator's output reads right to left.
    public var isRightToLeft: Bool { self == .rightToLeft }

    /// The pseudo-translation of `text`.
    ///
    /// - ``accented``: each ASCII letter, and `!`, `?`, `$`, becomes its ``accentedForms`` look-alike;
    ///   other characters are kept. The length in characters does not change.
    /// - ``expanded``: the text, then `extra` = ⌈length × ``expansionPercent(forLength:)`` ÷ 100⌉ filler
    ///   characters (see ``expansionPadding(_:)``), where length counts the text's characters
    ///   (grapheme clusters) outside placeholders, escapes and markup. Empty text stays empty.
    /// - ``bounded``: `"[# " + text + " #]"`; an empty string becomes `[#  #]`, showing that it is there.
    /// - ``doubled``: `text + " " + text` (placeholders are repeated too); empty text stays empty. When
    ///   the text ends inside an unfinished tag or brace that the second copy would close (`%d> </b`),
    ///   the copies are joined by a line break instead, which ends every tag, brace and printf
    ///   placeholder, so each copy keeps its placeholders and markup.
    /// - ``rightToLeft``: every word (a run of non-whitespace; `\n`, `\t` and `\r` escapes count as
    ///   whitespace, markup ends a word) becomes `U+200F U+202E word U+202C U+200F`; whitespace and markup
    ///   stay outside the marks. A placeholder is part of the word it is written in, as one piece.
    public func transform(_ text: String) -> String {
        switch self {
        case .accented: Self.accent(text)
        case .expanded: Self.expand(text)
        case .bounded: "[# " + text + " #]"
        case .doubled: Self.double(text)
        case .rightToLeft: Self.forceRightToLeft(text)
        }
    }

    /// Pseudo-translations of source-language entries: the same keys, variants, comments, width limits
    /// and origins, with `rawValue` as locale, the transformed text, the original as `sourceText`,
    /// `isTranslated` true (a pseudo-translation is never "untranslated") and state `pseudo`.
    public func pseudoEntries(from sourceEntries: [CatalogEntry]) -> [CatalogEntry] {
        sourceEntries.map { entry in
            CatalogEntry(key: entry.key, locale: rawValue, variant: entry.variant, text: transform(entry.text),
                         sourceText: entry.text, comment: entry.comment, isTranslated: true, state: "pseudo",
                         maxWidth: entry.maxWidth, origin: entry.origin)
        }
    }

    // MARK: - Accented

    /// The accented look-alikes of the ``accented`` generator.
    ///
    /// Modelled on the accent method of Android's pseudo-localizer (`en-XA`, in AOSP's
    /// `frameworks/base/tools/aapt2/compile/Pseudolocalizer.cpp`), which maps each ASCII letter to an
    /// accented form and `!` `?` `$` to `¡` `¿` `€`. This table follows it letter for letter except where
    /// Android's choice is not an accented Latin letter of the same case: Android maps `q`/`Q` and `v` to
    /// the other case, `x` to Cyrillic `х`, `B`/`V` to Greek `β`/`ν`, `X` to `×`, and leaves `F` alone.
    /// Here those are `ǫ Ǫ ṽ Ṽ ẋ Ẋ Ɓ Ƒ`, so that every letter keeps its case and its script (another script
    /// could send the text to another font and another line breaker, hiding what the test is about).
    /// All forms are single precomposed code points.
    ///
    /// Unlike Android's `en-XA`, this generator neither brackets nor lengthens the text (``bounded`` and
    /// ``expanded`` do that) and does not mark placeholders with `»…«`: placeholders must stay as written.
    public static let accentedForms: [Character: Character] = [
        "a": "å", "b": "ɓ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ",
        "k": "ķ", "l": "ļ", "m": "ḿ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ",
        "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
        "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ",
        "K": "Ķ", "L": "Ļ", "M": "Ḿ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ",
        "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
        "!": "¡", "?": "¿", "$": "€",
    ]

    private static func accent(_ text: String) -> String {
        FormatScanner.segments(text).map { segment in
            guard case .text(let plain) = segment else { return segment.source }
            return String(plain.map { accentedForms[$0] ?? $0 })
        }.joined()
    }

    // MARK: - Doubled

    /// The ``doubled`` pseudo-translation: `text + " " + text`, unless the joined text would read
    /// differently from the two copies.
    ///
    /// ``FormatScanner`` reads a tag from `<` to the next `>` and a brace placeholder from `{` to the
    /// next `}`, stopping at a line break (and at `<` or `{` respectively). A text that ends in an
    /// unfinished `</b` or `{n,` is plain text on its own, but followed by a space and the text again
    /// the scanner can find its `>` or `}` in the second copy: `"%d> </b"` doubled by a space reads
    /// `</b %d>` as one tag, which swallows the second `%d` (fuzzing found it). So the joined text is
    /// scanned again, and if its placeholders and markup are not exactly those of the two copies,
    /// the copies are joined by a line break, which ends every tag, brace and printf placeholder
    /// (a lone `\` at the end of the text still pairs with either separator into an escape; that
    /// changes neither placeholders nor markup). The text is never altered.
    private static func double(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        let structure = syntax(text)
        let spaced = text + " " + text
        if syntax(spaced) == structure + structure { return spaced }
        return text + "\n" + text
    }

    /// The placeholders and markup of `text`, in order: what pseudo-localization must keep.
    private static func syntax(_ text: String) -> [FormatSegment] {
        FormatScanner.segments(text).filter {
            switch $0 {
            case .placeholder, .markup: true
            case .text, .escape: false
            }
        }
    }

    // MARK: - Expanded

    /// How much the ``expanded`` generator lengthens a text of `length` characters, in percent.
    ///
    /// The IBM table of expected growth from English (as the W3C's "Text size in translation" article
    /// quotes it) gives ranges; this takes the upper bound of each, to be safe:
    ///
    /// | source length | IBM range | used |
    /// |---|---|---|
    /// | ≤ 10 | 100–200% | 200% |
    /// | 11–20 | 80–100% | 100% |
    /// | 21–30 | 60–80% | 80% |
    /// | 31–50 | 40–60% | 60% |
    /// | 51–70 | 31–40% | 40% |
    /// | > 70 | 30% | 30% |
    public static func expansionPercent(forLength length: Int) -> Int {
        switch length {
        case ...10: 200
        case 11...20: 100
        case 21...30: 80
        case 31...50: 60
        case 51...70: 40
        default: 30
        }
    }

    /// The number of filler characters the ``expanded`` generator adds to a text of `length` characters:
    /// ⌈length × percent ÷ 100⌉ (5 → 10, 15 → 15, 25 → 20, 40 → 24, 60 → 24, 100 → 30).
    public static func expansionLength(forLength length: Int) -> Int {
        guard length > 0 else { return 0 }
        return (length * expansionPercent(forLength: length) + 99) / 100
    }

    /// The filler words, in the spirit of Android's `en-XA`, which pads with English number words.
    static let fillerWords = "one two three four five six seven eight nine ten"

    /// `count` filler characters: the first `count` characters of `" one two three … ten one two …"`
    /// (a space, then the words cycling, a space between cycles). Real words give the line breaker the
    /// break opportunities real text has. The padding never ends in a space (a trailing space takes no
    /// width in a line): a space at the cut is replaced by the next filler letter. `expansionPadding(6)`
    /// is `" one t"`, `expansionPadding(10)` is `" one two t"`.
    public static func expansionPadding(_ count: Int) -> String {
        guard count > 0 else { return "" }
        let cycle = Array(fillerWords + " ")
        // The stream is " " followed by the cycle repeated.
        func character(at index: Int) -> Character { index == 0 ? " " : cycle[(index - 1) % cycle.count] }
        var result = (0..<count).map(character(at:))
        if result[count - 1] == " " {
            var next = count
            while character(at: next) == " " { next += 1 }
            result[count - 1] = character(at: next)
        }
        return String(result)
    }

    private static func expand(_ text: String) -> String {
        let length = FormatScanner.segments(text).reduce(0) { total, segment in
            if case .text(let plain) = segment { total + plain.count } else { total }
        }
        return text + expansionPadding(expansionLength(forLength: length))
    }

    // MARK: - Right to left

    /// Right-to-left mark, right-to-left override: opens a word in ``rightToLeft``.
    public static let rightToLeftOpen = "\u{200F}\u{202E}"
    /// Pop directional formatting, right-to-left mark: closes a word in ``rightToLeft``.
    public static let rightToLeftClose = "\u{202C}\u{200F}"

    private static func forceRightToLeft(_ text: String) -> String {
        var result = ""
        var inWord = false
        func open() { if !inWord { result += rightToLeftOpen; inWord = true } }
        func close() { if inWord { result += rightToLeftClose; inWord = false } }
        for segment in FormatScanner.segments(text) {
            switch segment {
            case .text(let plain):
                for character in plain {
                    if character.isWhitespace { close() } else { open() }
                    result.append(character)
                }
            case .escape(let escape) where ["\\n", "\\t", "\\r"].contains(escape):
                close()
                result += escape
            case .markup(let markup):
                close()
                result += markup
            case .placeholder, .escape:
                open()
                result += segment.source
            }
        }
        close()
        return result
    }
}
