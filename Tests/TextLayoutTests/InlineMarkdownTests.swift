import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import TextLayout

/// The inline Markdown a `Text`'s string literal is read as, held to cmark-gfm 0.29 (Debian's
/// `cmark-gfm`, the CommonMark reference parser with GitHub's strikethrough, the family Apple's
/// `AttributedString(markdown:)` builds on): every input of the corpus is parsed by both, and the
/// text shown and its styles must agree character for character.
@Suite struct InlineMarkdownTests {
    /// One line each: no block syntax at the start (inline-only parsing has none, cmark would make
    /// a list or a heading), no leading or trailing spaces (cmark trims a paragraph's, inline-only
    /// parsing keeps them), no raw HTML (cmark keeps it as HTML). Many are CommonMark 0.29's own
    /// examples for emphasis (section 6.4), code spans, links, autolinks, escapes and entities.
    static let corpus: [String] = [
        // Emphasis and strong emphasis: the flanking rules and the rule of three.
        "*foo bar*", "a * foo bar*", "a*\"foo\"*", "x * a *", "foo*bar*", "5*6*78", "_foo bar_", "_ foo bar_",
        "a_\"foo\"_", "foo_bar_", "5_6_78", "пристаням_стремятся_", "aa_\"bb\"_cc", "foo-_(bar)_", "_foo*",
        "*foo bar *", "*foo*bar", "_foo bar _", "_(_foo)", "_(_foo_)_", "_foo_bar", "_пристаням_стремятся",
        "_foo_bar_baz_", "_(bar)_.", "**foo bar**", "** foo bar**", "a**\"foo\"**", "foo**bar**", "__foo bar__",
        "__ foo bar__", "foo__bar__", "5__6__78", "пристаням__стремятся__", "__foo, __bar__, baz__",
        "foo-__(bar)__", "**foo bar **", "**(**foo)", "*(**foo**)*", "**foo \"*bar*\" foo**", "**foo**bar",
        "__foo bar __", "__(__foo)", "_(__foo__)_", "__foo__bar", "__пристаням__стремятся", "__foo__bar__baz__",
        "__(bar)__.", "*foo [bar](/url)*", "_foo __bar__ baz_", "_foo _bar_ baz_", "__foo_ bar_", "*foo *bar**",
        "*foo **bar** baz*", "*foo**bar**baz*", "*foo**bar*", "***foo** bar*", "*foo **bar***", "*foo**bar***",
        "foo***bar***baz", "foo******bar*********baz", "*foo **bar *baz* bim** bop*", "*foo [*bar*](/url)*",
        "** is not an empty emphasis", "**** is not an empty strong emphasis", "**foo [bar](/url)**",
        "__foo _bar_ baz__", "__foo __bar__ baz__", "____foo__ bar__", "**foo **bar****",
        "**foo *bar* baz**", "**foo*bar*baz**", "***foo* bar**", "**foo *bar***", "**foo *bar **baz**\nbim* bop**",
        "__ is not an empty emphasis", "foo ***", "foo *\\**", "foo *_*", "foo *****", "foo **\\***", "foo **_**",
        "foo ___", "foo _\\__", "foo _*_", "foo _____", "foo __\\___", "foo __*__", "**foo*", "*foo**", "***foo**",
        "****foo*", "**foo***", "*foo****", "foo ___", "__foo_", "_foo__", "___foo__", "____foo_", "__foo___",
        "_foo____", "**foo**", "*_foo_*", "__foo__", "_*foo*_", "****foo****", "____foo____",
        "******foo******", "***foo***", "_____foo_____", "*foo _bar* baz_", "*foo __bar *baz bim__ bam*",
        "**foo **bar baz**", "*foo *bar baz*", "*[bar*](/url)", "_foo [bar_](/url)", "**a<http://foo.bar/?q=**>",
        "__a<http://foo.bar/?q=__>", "*a `*`*", "_a `_`_", "ends with*", "«*quoted*»", "—_dash_—",
        // Strikethrough (GitHub's extension: runs of one or two tildes, opener and closer equal).
        "~~gone~~", "~gone~", "~~a~ b~", "a~~b~~c", "~~ not~~", "a ~~~three~~~", "a ~~**bold** gone~~ b",
        "~~unclosed", "x ~y~~ z", "~~a ~b~ c~~",
        // Code spans.
        "`foo`", "`` foo ` bar ``", "` `` `", "`  ``  `", "` a`", "` b `", "`foo   bar \nbaz`", "`foo\\`bar`",
        "``foo`bar``", "` foo `` bar `", "*foo`*`", "[not a `link](/foo`)", "`<a href=\"`\">`", "x ```foo``",
        "`foo", "`foo``bar``", "code `a` and `b`",
        // Backslash escapes.
        "\\!\\\"\\#\\$\\%\\&\\'\\(\\)\\*\\+\\,\\-\\.\\/\\:\\;\\<\\=\\>\\?\\@\\[\\\\\\]\\^\\_\\`\\{\\|\\}\\~",
        "\\\t\\A\\a\\ \\3\\φ\\«", "\\*not emphasized*", "\\[not a link](/foo)", "\\`not code`", "`` \\[\\` ``",
        "\\\\*emphasis*", "a\\b", "2 \\* 3 = 6",
        // Entity and numeric character references.
        "&nbsp; &amp; &copy; &AElig; &Dcaron;", "&frac34; &HilbertSpace; &DifferentialD;", "&ClockwiseContourIntegral; &ngE;",
        "&#35; &#1234; &#992; &#0;", "&#X22; &#XD06; &#xcab;", "&nbsp &x; &#; &#x;", "&#87654321;", "&#abcdef0;",
        "&ThisIsNotDefined; &hi?;", "&copy", "&MadeUpEntity;", "`f&ouml;&ouml;`", "*&auml;*", "&#42;foo&#42;",
        "&hellip; &mdash; &rarr;",
        // Links and images.
        "[link](/uri \"title\")", "[link](/uri)", "[link]()", "[link](<>)", "[link](/my uri)", "[link](<foo bar>)",
        "[a](<b)c>)", "[link](\\(foo\\))", "[link](foo(and(bar)))", "[link](foo\\(and\\(bar\\))", "[link](<foo(and(bar)>)",
        "[link](foo\\)\\:)", "[link](#fragment)", "[link](foo\\bar)", "[link](\"title\")", "[link](/url \"title\")",
        "[link](/url 'title')", "[link](/url (title))", "[link](/url \"title \\\"&quot;\")", "[link](/url \"title\"\")",
        "[link](   /uri\n  \"title\"  )", "[link] (/uri)", "[link [foo [bar]]](/uri)", "[link] bar](/uri)",
        "[link [bar](/uri)", "[link \\[bar](/uri)", "[link *foo **bar** `#`*](/uri)", "[![moon](moon.jpg)](/uri)",
        "[foo [bar](/uri)](/uri)", "[foo *[bar [baz](/uri)](/uri)*](/uri)", "![[[foo](uri1)](uri2)](uri3)",
        "*[foo*](/uri)", "[foo *bar](baz*)", "*foo [bar* baz]", "[foo`](/uri)`", "[foo<http://example.com/?search=](uri)>",
        "![foo](/url \"title\")", "![foo *bar*](train.jpg)", "My ![foo bar](/path/to/train.jpg  \"title\"   )",
        "![foo](<url>)", "![](/url)", "[foo][bar]", "[foo][]", "[foo]", "!not an image", "a ] b", "see [Apple](https://apple.com).",
        // Autolinks.
        "<http://foo.bar.baz>", "<http://foo.bar.baz/test?q=hello&id=22&boolean>", "<irc://foo.bar:2233/baz>",
        "<MAILTO:FOO@BAR.BAZ>", "<a+b+c:d>", "<made-up-scheme://foo,bar>", "<http://../>", "<localhost:5001/foo>",
        "<http://foo.bar/baz bim>", "<http://example.com/\\[\\>", "<foo@bar.example.com>", "<foo+special@Bar.baz-bar0.com>",
        "<foo\\+@bar.example.com>", "<>", "< http://foo.bar >", "<m:abc>", "<foo.bar.baz>", "http://example.com",
        "foo@bar.example.com", "<x@a-.b>", "<a@b.c-d.e>", "<http://a.b/&amp;c>",
        // Mixed, as UI strings use it.
        "Tap **Continue** to proceed", "_Please visit our [website](https://www.example.com)._",
        "**Wichtig:** Änderungen werden _sofort_ gespeichert", "Приложение **обновлено**", "**注意**：变更将立即保存",
        "سيتم حفظ **التغييرات** فورًا", "Price: **%@** per month", "Use `--width` to wrap", "50% off *today*",
        "C++ and C#", "snake_case_name and __init__", "a * b * c", "file_name_v2.txt", "2*3*4 = 24",
    ]

    @Test func agreesWithCmark() throws {
        let expected = try Self.cmarkSpans(Self.corpus)
        #expect(expected.count == Self.corpus.count)
        for (input, spans) in zip(Self.corpus, expected) {
            #expect(InlineMarkdown.spans(of: input) == spans, "\(input.debugDescription)")
        }
    }

    /// Random lines over the characters Markdown reads (a fixed seed, so a run repeats the last):
    /// each between two letters, so that no block syntax starts it and no space ends it, and
    /// without `<`, whose raw HTML cmark keeps as HTML. Where Debian's cmark-gfm and Apple's
    /// swift-cmark differ, the parser follows swift-cmark: an opener's lower bound is a position
    /// (swift-cmark's `process_emphasis`), not a pointer to a delimiter that may since have been
    /// removed (Debian's 0.29.0.gfm.6): 2 lines in 20,000 of up to 30 characters differ that way,
    /// none of this seed's.
    @Test func agreesWithCmarkOnRandomLines() throws {
        let alphabet = Array("**__~~``[]()!&\\ ab.;#1\"'-:/é".unicodeScalars)
        var generator = SplitMix64(seed: 0x5EED_CAFE)
        let inputs = (0..<8_000).map { _ in
            var line = "x"
            for _ in 0..<Int(generator.next() % 20 + 1) { line.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            return line + "x"
        }
        let expected = try Self.cmarkSpans(inputs)
        #expect(expected.count == inputs.count)
        var failures = 0
        for (input, spans) in zip(inputs, expected) where InlineMarkdown.spans(of: input) != spans {
            failures += 1
            if failures <= 10 { Issue.record("\(input.debugDescription): \(InlineMarkdown.spans(of: input)) ≠ cmark's \(spans)") }
        }
        #expect(failures == 0)
    }

    /// Spaces and line breaks stay as written (inline-only parsing, preserving whitespace): worked
    /// out by hand, as cmark trims them.
    @Test func keepsWhitespace() {
        #expect(InlineMarkdown.spans(of: "  two  *spaces*  \nnext line ") == [
            .init(text: "  two  ", style: []), .init(text: "spaces", style: .emphasized), .init(text: "  \nnext line ", style: []),
        ])
        // What would start a block is text.
        #expect(InlineMarkdown.spans(of: "# Title\n- item\n1. first\n> quote") == [
            .init(text: "# Title\n- item\n1. first\n> quote", style: []),
        ])
        // A backslash before a line break is a hard break: the backslash goes, the break stays.
        #expect(InlineMarkdown.spans(of: "a\\\nb") == [.init(text: "a\nb", style: [])])
    }

    @Test func plainTextIsUnchanged() {
        for text in ["", "Hello", "100% sure", "a/b (c) {d} | e", "Grüße, 東京!"] {
            #expect(!InlineMarkdown.mayHaveSyntax(text))
            #expect(InlineMarkdown.spans(of: text) == (text.isEmpty ? [] : [.init(text: text, style: [])]))
        }
    }

    /// Every named reference against Python's copy of HTML5's table (`html.entities.html5`).
    @Test func entityTableMatchesPython() throws {
        let script = "import html.entities as h\nfor k, v in sorted(h.html5.items()):\n    if k.endswith(';'): print(k[:-1], ' '.join('%X' % ord(c) for c in v))"
        let output = try Self.run("/usr/bin/python3", ["-c", script], input: "")
        var python: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            python[String(fields[0])] = String(String.UnicodeScalarView(fields.dropFirst().map { Unicode.Scalar(UInt32($0, radix: 16)!)! }))
        }
        #expect(python.count > 2_000)
        #expect(HTMLEntities.table == python)
    }

    // MARK: - cmark-gfm

    /// cmark-gfm's reading of each input: the inputs are one document, a paragraph each, in its XML.
    static func cmarkSpans(_ inputs: [String]) throws -> [[InlineMarkdown.Span]] {
        let xml = try run("/usr/bin/cmark-gfm", ["-e", "strikethrough", "-t", "xml"], input: inputs.joined(separator: "\n\n") + "\n")
        let reader = CmarkXMLReader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw CocoaError(.coderReadCorrupt) }
        return reader.paragraphs.map { pieces in
            var spans: [InlineMarkdown.Span] = []
            for piece in pieces where !piece.text.isEmpty {
                if let last = spans.last, last.style == piece.style { spans[spans.count - 1].text += piece.text } else { spans.append(piece) }
            }
            return spans
        }
    }

    static func run(_ executable: String, _ arguments: [String], input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(executable) failed")
        return String(decoding: data, as: UTF8.self)
    }
}

/// A small deterministic generator (SplitMix64), so the random corpus is the same on every run.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Flattens cmark's XML into styled pieces per paragraph: `emph`, `strong`, `code`,
/// `strikethrough` and `link` style the text inside; an image shows its description; a soft or
/// hard line break is a line break.
private final class CmarkXMLReader: NSObject, XMLParserDelegate {
    var paragraphs: [[InlineMarkdown.Span]] = []
    private var styles: [InlineMarkdown.Style] = []
    private var collecting: InlineMarkdown.Style?

    private var style: InlineMarkdown.Style { styles.reduce([]) { $0.union($1) } }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "paragraph": paragraphs.append([])
        case "emph": styles.append(.emphasized)
        case "strong": styles.append(.strong)
        case "strikethrough": styles.append(.strikethrough)
        case "link": styles.append(.link)
        case "image": styles.append([])
        case "text": collecting = style
        case "code": collecting = style.union(.code)
        case "softbreak", "linebreak": paragraphs[paragraphs.count - 1].append(.init(text: "\n", style: style))
        case "document": break
        default: Issue.record("cmark element <\(name)> not expected in this corpus")
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "emph", "strong", "strikethrough", "link", "image": styles.removeLast()
        case "text", "code": collecting = nil
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let collecting else { return }
        paragraphs[paragraphs.count - 1].append(.init(text: string, style: collecting))
    }
}
