// Inline Markdown as SwiftUI's `Text` reads a localized string key: Apple parses the key (or its
// localization) with `AttributedString(markdown:)` and the `inlineOnlyPreservingWhitespace` option,
// then shows emphasis as italic, strong emphasis as bold, code as the monospaced design,
// strikethrough struck, and links in the accent colour
// (https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:);
// OpenSwiftUI's `Text+Localized.swift` maps the same inline presentation intents to the same
// modifiers). Swift on Linux has no Markdown parser in Foundation, so this is one: CommonMark 0.29's
// inline grammar with GitHub's strikethrough, as cmark-gfm 0.29 (the parser family Apple's builds on)
// implements it, which `InlineMarkdownTests` compares it with; where Debian's cmark-gfm and Apple's
// fork (swift-cmark) differ, swift-cmark is followed (``processEmphasis(from:)``). "Inline only,
// preserving whitespace" means no blocks (a leading `#`, `-` or `1.` is text) and spaces and line
// breaks kept as written.

import Typography

/// A string read as inline Markdown: the text shown, in spans of one style each.
struct InlineMarkdown {
    /// What the Markdown around a span asks for.
    struct Style: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        /// `*a*` or `_a_`: italic.
        static let emphasized = Style(rawValue: 1 << 0)
        /// `**a**` or `__a__`: bold.
        static let strong = Style(rawValue: 1 << 1)
        /// `` `a` ``: the monospaced design.
        static let code = Style(rawValue: 1 << 2)
        /// `~a~` or `~~a~~`.
        static let strikethrough = Style(rawValue: 1 << 3)
        /// `[a](url)` or `<url>`: the link's text, drawn in the accent colour.
        static let link = Style(rawValue: 1 << 4)
    }

    struct Span: Equatable, Sendable {
        var text: String
        var style: Style
    }

    /// The spans `source` shows, in order, adjacent spans of one style merged, none empty.
    static func spans(of source: String) -> [Span] {
        var parser = InlineMarkdown(Array(source.unicodeScalars))
        parser.parse()
        return parser.merged()
    }

    /// Whether `source` holds a character that can start Markdown syntax: without one it shows as written.
    static func mayHaveSyntax(_ source: String) -> Bool {
        source.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "`"), UInt8(ascii: "["),
                 UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "<"): true
            default: false
            }
        }
    }

    // MARK: - Parsing state

    /// A piece of output text: plain text, a delimiter run (its text is what is left of the run),
    /// or a bracket that did not make a link.
    private struct Piece {
        var text: String
        var style: Style = []
    }

    /// An entry of the delimiter stack (CommonMark's appendix, "process emphasis").
    private struct Delimiter {
        /// Creation order: bounds are kept as ids, which removals do not shift.
        let id: Int
        let piece: Int
        let character: Unicode.Scalar
        /// The run's length as written (the "rule of three" reads it).
        let length: Int
        /// What is left of the run.
        var count: Int
        let canOpen: Bool
        let canClose: Bool
    }

    /// A style over a range of pieces (an emphasis, a link).
    private struct Mark {
        let pieces: Range<Int>
        let style: Style
    }

    /// A `[` or `![` that may open a link or an image.
    private struct Bracket {
        let piece: Int
        let isImage: Bool
        var isActive = true
        /// The id the next delimiter got when this bracket was pushed: the delimiters inside it.
        let firstDelimiter: Int
    }

    private let input: [Unicode.Scalar]
    private var position = 0
    private var pieces: [Piece] = []
    private var marks: [Mark] = []
    private var delimiters: [Delimiter] = []
    private var brackets: [Bracket] = []
    private var nextDelimiterID = 0
    /// Text read and not yet made a piece.
    private var pendingText = ""
    /// cmark's memory of backtick strings (``backticks()``).
    private var scannedForBackticks = false
    private var lastBacktickRun: [Int: Int] = [:]

    private init(_ input: [Unicode.Scalar]) {
        self.input = input
    }

    private func scalar(at index: Int) -> Unicode.Scalar? {
        index >= 0 && index < input.count ? input[index] : nil
    }

    private mutating func emit(_ text: String, style: Style = []) {
        pieces.append(Piece(text: text, style: style))
    }

    private mutating func parse() {
        while position < input.count {
            let c = input[position]
            let startsSyntax = switch c {
            case "`", "\\", "&", "<", "*", "_", "~", "[", "]": true
            case "!": scalar(at: position + 1) == "["
            default: false
            }
            guard startsSyntax else {
                pendingText.unicodeScalars.append(c)
                position += 1
                continue
            }
            flushText()
            switch c {
            case "`": backticks()
            case "\\": backslash()
            case "&": entity()
            case "<": pointyBrace()
            case "]": closeBracket()
            case "[", "!":
                brackets.append(Bracket(piece: pieces.count, isImage: c == "!", firstDelimiter: nextDelimiterID))
                emit(c == "!" ? "![" : "[")
                position += c == "!" ? 2 : 1
            default: delimiterRun(c)
            }
        }
        flushText()
        processEmphasis(from: 0)
    }

    /// Plain text read since the last piece, made a piece of its own.
    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        emit(pendingText)
        pendingText = ""
    }

    /// The spans, each piece in its own style and every mark's over it, adjacent equal styles
    /// merged, empty pieces dropped.
    private func merged() -> [Span] {
        // How many marks of each style begin (+1) and end (−1) at each piece: one sweep styles every
        // piece, where styling a match's pieces as it is made costs nesting depth × length.
        let styles: [Style] = [.emphasized, .strong, .code, .strikethrough, .link]
        let stride = pieces.count + 1
        var changes = Array(repeating: 0, count: styles.count * stride)
        for mark in marks {
            for (bit, style) in styles.enumerated() where mark.style.contains(style) {
                changes[bit * stride + mark.pieces.lowerBound] += 1
                changes[bit * stride + mark.pieces.upperBound] -= 1
            }
        }
        var open = Array(repeating: 0, count: styles.count)
        var spans: [Span] = []
        for (index, piece) in pieces.enumerated() {
            var style = piece.style
            for bit in styles.indices {
                open[bit] += changes[bit * stride + index]
                if open[bit] > 0 { style.insert(styles[bit]) }
            }
            guard !piece.text.isEmpty else { continue }
            if let last = spans.last, last.style == style {
                spans[spans.count - 1].text += piece.text
            } else {
                spans.append(Span(text: piece.text, style: style))
            }
        }
        return spans
    }

    // MARK: - Code spans, escapes, entities, autolinks

    /// A backtick string opens a code span when a backtick string of the same length follows;
    /// otherwise it is text. Line breaks inside become spaces, and one space is stripped from each
    /// end when both ends have one and the content is not all spaces (CommonMark 0.29, 6.1).
    ///
    /// As cmark (every cmark-gfm, Apple's swift-cmark included): once a search has reached the end
    /// without a closer, each length remembers where the search last saw a run of it, and an
    /// opener after that place finds no closer (so in ``` x``a`b`c`d` ``` only `b` is code).
    private mutating func backticks() {
        let start = position
        while scalar(at: position) == "`" { position += 1 }
        let length = position - start
        guard length <= Self.maximumBackticks,
              !scannedForBackticks || lastBacktickRun[length, default: 0] > position else {
            emit(String(repeating: "`", count: length))
            return
        }
        var search = position
        while search < input.count {
            guard input[search] == "`" else { search += 1; continue }
            let runStart = search
            while scalar(at: search) == "`" { search += 1 }
            if search - runStart <= Self.maximumBackticks { lastBacktickRun[search - runStart] = runStart }
            guard search - runStart == length else { continue }
            var content: [Unicode.Scalar] = []
            for index in position..<runStart where !(input[index] == "\r" && scalar(at: index + 1) == "\n") {
                content.append(input[index] == "\n" || input[index] == "\r" ? " " : input[index])
            }
            if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                content = Array(content.dropFirst().dropLast())
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: content)
            emit(text, style: .code)
            position = search
            return
        }
        scannedForBackticks = true
        emit(String(repeating: "`", count: length))
    }

    /// cmark's `MAXBACKTICKS`: a longer backtick string is text.
    private static let maximumBackticks = 80

    /// `\` before ASCII punctuation shows that character (and it is no delimiter); before a line
    /// break it is a hard break (the line break stays); otherwise it is a backslash.
    private mutating func backslash() {
        if let next = scalar(at: position + 1), next.isASCII, Self.isASCIIPunctuation(next) {
            emit(String(next))
            position += 2
        } else if scalar(at: position + 1) == "\n" || scalar(at: position + 1) == "\r" {
            position += 1
        } else {
            emit("\\")
            position += 1
        }
    }

    /// `&name;` (an HTML5 named character reference), `&#123;` or `&#x1F600;`; otherwise `&`.
    /// As cmark: up to eight digits, and 0, a surrogate or a value past U+10FFFF give U+FFFD.
    private mutating func entity() {
        let start = position + 1
        if scalar(at: start) == "#" {
            let hex = scalar(at: start + 1) == "x" || scalar(at: start + 1) == "X"
            var index = hex ? start + 2 : start + 1
            var value: UInt32 = 0
            while let digit = scalar(at: index), let number = Self.digitValue(digit, hex: hex) {
                value = min(0x11_0000, value * (hex ? 16 : 10) + number)
                index += 1
            }
            let digits = index - (hex ? start + 2 : start + 1)
            if (1...8).contains(digits), scalar(at: index) == ";" {
                let valid = value != 0 && !(0xD800..<0xE000).contains(value) && value < 0x11_0000
                emit(String(Unicode.Scalar(valid ? value : 0xFFFD)!))
                position = index + 1
                return
            }
        } else {
            // cmark looks for the `;` among the next 2…31 characters, stopping at a space.
            var index = start + 2
            while index < min(input.count, start + 32) {
                if input[index] == " " { break }
                if input[index] == ";" {
                    var name = ""
                    name.unicodeScalars.append(contentsOf: input[start..<index])
                    if let replacement = HTMLEntities.character(named: name) {
                        emit(replacement)
                        position = index + 1
                        return
                    }
                    break
                }
                index += 1
            }
        }
        emit("&")
        position += 1
    }

    /// `<scheme:…>` or `<name@host>`: a link whose text is what is written between the brackets
    /// (with character references read). Anything else, raw HTML included, is text.
    private mutating func pointyBrace() {
        if let end = Self.autolinkEnd(input, from: position + 1) {
            var text = ""
            text.unicodeScalars.append(contentsOf: input[position + 1..<end])
            emit(Self.replacingReferences(in: text), style: .link)
            position = end + 1
        } else {
            emit("<")
            position += 1
        }
    }

    /// `text` with its character references replaced (an autolink's text).
    private static func replacingReferences(in text: String) -> String {
        guard text.contains("&") else { return text }
        var parser = InlineMarkdown(Array(text.unicodeScalars))
        var result = ""
        while parser.position < parser.input.count {
            if parser.input[parser.position] == "&" {
                parser.entity()
                result += parser.pieces.removeLast().text
            } else {
                result.unicodeScalars.append(parser.input[parser.position])
                parser.position += 1
            }
        }
        return result
    }

    /// The index of the `>` closing an autolink that starts at `start` (just after `<`), if any:
    /// a URI (a scheme of 2–32 letters, digits, `+`, `.` or `-`, starting with a letter; `:`; no
    /// space, control, `<` or `>`) or an e-mail address (CommonMark 0.29, 6.5).
    static func autolinkEnd(_ input: [Unicode.Scalar], from start: Int) -> Int? {
        func at(_ i: Int) -> Unicode.Scalar? { i < input.count ? input[i] : nil }
        // URI
        if let first = at(start), first.isASCII, first.properties.isAlphabetic {
            var i = start + 1
            while let c = at(i), c.isASCII, c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "+" || c == "." || c == "-" {
                i += 1
            }
            let schemeLength = i - start
            if (2...32).contains(schemeLength), at(i) == ":" {
                i += 1
                while let c = at(i), c.value > 0x20, c != "<", c != ">" { i += 1 }
                if at(i) == ">" { return i }
            }
        }
        // E-mail
        func isLocal(_ c: Unicode.Scalar) -> Bool {
            c.isASCII && (Self.isASCIIAlphanumeric(c) || ".!#$%&'*+/=?^_`{|}~-".unicodeScalars.contains(c))
        }
        var i = start
        while let c = at(i), isLocal(c) { i += 1 }
        guard i > start, at(i) == "@" else { return nil }
        i += 1
        while true {
            // A label: an alphanumeric, then up to 61 alphanumerics or hyphens, ending alphanumeric.
            guard let first = at(i), Self.isASCIIAlphanumeric(first) else { return nil }
            var end = i + 1
            var last = i
            while let c = at(end), c.isASCII, Self.isASCIIAlphanumeric(c) || c == "-", end - i < 63 {
                if c != "-" { last = end }
                end += 1
            }
            // The label ends at its last alphanumeric (a trailing hyphen cannot end it).
            i = last + 1
            if at(i) == ">" { return i }
            guard at(i) == ".", let next = at(i + 1), Self.isASCIIAlphanumeric(next) else { return nil }
            i += 1
        }
    }

    // MARK: - Emphasis and strikethrough

    /// A run of `*`, `_` or `~`: text, and a delimiter when it can open or close (flanking as
    /// CommonMark 0.29, 6.4; `_` also by the intraword rule; `~` only in runs of one or two, as
    /// cmark-gfm's strikethrough, whose tildes `*` and `_` runs look past).
    private mutating func delimiterRun(_ character: Unicode.Scalar) {
        let start = position
        while scalar(at: position) == character { position += 1 }
        let count = position - start
        var before = scalar(at: start - 1) ?? "\n", after = scalar(at: position) ?? "\n"
        if character != "~" {
            // cmark-gfm's strikethrough makes `~` a "skip character": an emphasis run's neighbours
            // are read past any tildes next to it (`x~*/*` cannot open: the `*` follows `x`).
            var i = start - 1
            while i > 0, input[i] == "~" { i -= 1 }
            if i >= 0 { before = input[i] == "~" ? "\n" : input[i] }
            var j = position
            while j < input.count, input[j] == "~" { j += 1 }
            after = j < input.count ? input[j] : "\n"
        }
        let beforeSpace = Self.isWhitespace(before), afterSpace = Self.isWhitespace(after)
        let beforePunct = Self.isPunctuation(before), afterPunct = Self.isPunctuation(after)
        let left = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
        let right = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
        let canOpen: Bool, canClose: Bool
        if character == "_" {
            canOpen = left && (!right || beforePunct)
            canClose = right && (!left || afterPunct)
        } else {
            canOpen = left
            canClose = right
        }
        let pushes = character == "~" ? (left || right) && count <= 2 : canOpen || canClose
        if pushes {
            delimiters.append(Delimiter(id: nextDelimiterID, piece: pieces.count, character: character, length: count,
                                        count: count, canOpen: canOpen, canClose: canClose))
            nextDelimiterID += 1
        }
        emit(String(repeating: String(character), count: count))
    }

    /// Matches closers with openers among the delimiters whose id is at least `first` (the ones
    /// inside a bracket, or all), styles what lies between, and removes them all from the stack:
    /// CommonMark's "process emphasis" as swift-cmark runs it (openers' lower bounds kept per
    /// character and closer length modulo 3, as positions: Debian's cmark-gfm 0.29.0.gfm.6 keeps a
    /// pointer to a delimiter that may since have been removed, and then searches past it), with
    /// cmark-gfm's strikethrough (runs of equal length).
    private mutating func processEmphasis(from first: Int) {
        guard let bottom = delimiters.firstIndex(where: { $0.id >= first }) else { return }
        // The id an opener must exceed, per (character, closer length % 3).
        var openersFloor: [Int] = Array(repeating: first - 1, count: 9)
        func slot(_ c: Unicode.Scalar, _ length: Int) -> Int { (c == "*" ? 0 : c == "_" ? 1 : 2) * 3 + length % 3 }
        var closerIndex = bottom
        while closerIndex < delimiters.count {
            let closer = delimiters[closerIndex]
            guard closer.canClose else { closerIndex += 1; continue }
            var openerIndex = closerIndex - 1
            var found = false
            let floor = openersFloor[slot(closer.character, closer.length)]
            while openerIndex >= bottom, delimiters[openerIndex].id > floor {
                let opener = delimiters[openerIndex]
                if opener.canOpen, opener.character == closer.character,
                   !(closer.canOpen || opener.canClose) || closer.length % 3 == 0 || (opener.length + closer.length) % 3 != 0 {
                    found = true
                    break
                }
                openerIndex -= 1
            }
            guard found else {
                openersFloor[slot(closer.character, closer.length)] = closerIndex > bottom ? delimiters[closerIndex - 1].id : first - 1
                if !closer.canOpen { delimiters.remove(at: closerIndex) } else { closerIndex += 1 }
                continue
            }
            let opener = delimiters[openerIndex]
            if closer.character == "~" {
                // Runs of equal length strike what is between them, and they and the delimiters
                // between leave the stack; runs of unequal length stay, and the next closer is tried.
                guard opener.count == closer.count else { closerIndex += 1; continue }
                style(between: opener.piece, and: closer.piece, with: .strikethrough)
                pieces[opener.piece].text = ""
                pieces[closer.piece].text = ""
                delimiters.removeSubrange(openerIndex...closerIndex)
                closerIndex = openerIndex
                continue
            }
            let used = opener.count >= 2 && closer.count >= 2 ? 2 : 1
            style(between: opener.piece, and: closer.piece, with: used == 2 ? .strong : .emphasized)
            delimiters[openerIndex].count -= used
            delimiters[closerIndex].count -= used
            pieces[opener.piece].text = String(repeating: String(opener.character), count: opener.count - used)
            pieces[closer.piece].text = String(repeating: String(closer.character), count: closer.count - used)
            // The delimiters between are spent.
            delimiters.removeSubrange(openerIndex + 1..<closerIndex)
            closerIndex = openerIndex + 1
            if delimiters[openerIndex].count == 0 {
                delimiters.remove(at: openerIndex)
                closerIndex -= 1
            }
            if delimiters[closerIndex].count == 0 {
                delimiters.remove(at: closerIndex)
            }
        }
        delimiters.removeSubrange(bottom...)
    }

    /// Marks the pieces strictly between `start` and `end` with `style` (applied in ``merged()``).
    private mutating func style(between start: Int, and end: Int, with style: Style) {
        if start + 1 < end { marks.append(Mark(pieces: start + 1..<end, style: style)) }
    }

    // MARK: - Links and images

    /// `]`: with an active `[` or `![` before it and an inline destination after it
    /// (`(url "title")`), a link (or an image, which shows its description); otherwise text. No
    /// reference links: inline-only parsing has no definitions for them.
    private mutating func closeBracket() {
        guard let opener = brackets.last else {
            emit("]")
            position += 1
            return
        }
        guard opener.isActive else {
            brackets.removeLast()
            emit("]")
            position += 1
            return
        }
        guard let end = inlineLinkEnd(after: position + 1) else {
            brackets.removeLast()
            emit("]")
            position += 1
            return
        }
        pieces[opener.piece].text = ""
        processEmphasis(from: opener.firstDelimiter)
        if !opener.isImage {
            style(between: opener.piece, and: pieces.count, with: .link)
        }
        brackets.removeLast()
        if !opener.isImage {
            // No links inside links: earlier `[`s can no longer open one.
            for index in brackets.indices where !brackets[index].isImage { brackets[index].isActive = false }
        }
        position = end
    }

    /// The index just past an inline link's `)` when `(destination "title")` starts at `start`
    /// (cmark 0.29's `handle_close_bracket`: spaces and line breaks around the parts; a
    /// destination in `<…>` or with balanced parentheses; a title after a space).
    private func inlineLinkEnd(after start: Int) -> Int? {
        guard scalar(at: start) == "(" else { return nil }
        var i = skipSpaces(from: start + 1)
        guard let afterURL = linkDestinationEnd(from: i) else { return nil }
        i = afterURL
        let titleStart = skipSpaces(from: i)
        var titleEnd = titleStart
        if titleStart != i, let end = linkTitleEnd(from: titleStart) { titleEnd = end }
        let close = skipSpaces(from: titleEnd)
        return scalar(at: close) == ")" ? close + 1 : nil
    }

    private func skipSpaces(from start: Int) -> Int {
        var i = start
        while let c = scalar(at: i), c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" { i += 1 }
        return i
    }

    private func linkDestinationEnd(from start: Int) -> Int? {
        var i = start
        if scalar(at: i) == "<" {
            i += 1
            while i < input.count {
                let c = input[i]
                if c == ">" { i += 1; break }
                if c == "\\" { i += 2 } else if c == "\n" || c == "<" { return nil } else { i += 1 }
            }
            return i < input.count ? i : nil
        }
        var depth = 0
        while i < input.count {
            let c = input[i]
            if c == "\\", let next = scalar(at: i + 1), next.isASCII, Self.isASCIIPunctuation(next) {
                i += 2
            } else if c == "(" {
                depth += 1
                if depth > 32 { return nil }
                i += 1
            } else if c == ")" {
                if depth == 0 { break }
                depth -= 1
                i += 1
            } else if c.isASCII, Self.isASCIISpace(c) {
                break
            } else {
                i += 1
            }
        }
        return i < input.count ? i : nil
    }

    private func linkTitleEnd(from start: Int) -> Int? {
        guard let open = scalar(at: start), open == "\"" || open == "'" || open == "(" else { return nil }
        let close: Unicode.Scalar = open == "(" ? ")" : open
        var i = start + 1
        while i < input.count {
            let c = input[i]
            if c == "\\", i + 1 < input.count { i += 2; continue }
            if c == close { return i + 1 }
            if open == "(" && c == "(" { return nil }
            i += 1
        }
        return nil
    }

    // MARK: - Character classes (cmark's)

    static func isASCIIPunctuation(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }

    static func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }

    private static func isASCIISpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || (0x09...0x0D).contains(c.value)
    }

    /// cmark's Unicode whitespace: ASCII spaces and controls 9–13, and the space separators (Zs).
    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c.isASCII ? isASCIISpace(c) : c.properties.generalCategory == .spaceSeparator
    }

    /// cmark 0.29's punctuation: ASCII punctuation and the Unicode P categories.
    static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isASCIIPunctuation(c) }
        switch c.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    private static func digitValue(_ c: Unicode.Scalar, hex: Bool) -> UInt32? {
        switch c.value {
        case 0x30...0x39: c.value - 0x30
        case 0x41...0x46 where hex: c.value - 0x41 + 10
        case 0x61...0x66 where hex: c.value - 0x61 + 10
        default: nil
        }
    }
}

extension StyledText {
    /// `markdown` read as SwiftUI's `Text` reads a localized string key (inline Markdown, whitespace
    /// kept: see ``LocalizedStringKey``), each span in `attributes` with its style: strong emphasis
    /// in the bold weight (a text style's emphasized weight; a lighter weight in `attributes` is
    /// raised to it), emphasis in italic, code in the monospaced design. Links and strikethrough
    /// change no size.
    public init(markdown: String, attributes: TextAttributes) {
        guard InlineMarkdown.mayHaveSyntax(markdown) else {
            self.init(markdown, attributes: attributes)
            return
        }
        var result: StyledText?
        for span in InlineMarkdown.spans(of: markdown) {
            let piece = StyledText(span.text, attributes: attributes.styled(by: span.style))
            if result == nil { result = piece } else { result!.append(piece) }
        }
        self = result ?? StyledText("", attributes: attributes)
    }
}

extension TextAttributes {
    /// These attributes as a Markdown span's style asks: bold (a text style's emphasized weight,
    /// else 700; a lighter weight given is raised to it), italic, the monospaced design.
    func styled(by style: InlineMarkdown.Style) -> TextAttributes {
        var attributes = self
        if style.contains(.strong) {
            let bold = if case .style(let textStyle) = attributes.size { textStyle.emphasizedWeight } else { FontWeight.bold }
            // A weight given (a style's own, or the container's) is raised to bold, never lowered.
            if attributes.font.weight.map({ $0 < bold }) ?? true { attributes.font.weight = bold }
        }
        if style.contains(.emphasized) { attributes.font.italic = true }
        if style.contains(.code) { attributes.font.design = .monospaced }
        return attributes
    }
}
