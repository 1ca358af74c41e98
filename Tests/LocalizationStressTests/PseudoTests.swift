import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

/// Right-to-left word marks, spelled out here rather than taken from the code under test.
private let open = "\u{200F}\u{202E}"
private let close = "\u{202C}\u{200F}"

@Suite struct PseudoLocaleNameTests {
    @Test func rawValuesAreTheCommandLineNames() {
        #expect(PseudoLocale.allCases.map(\.rawValue)
            == ["pseudo-xa", "pseudo-expanded", "pseudo-bounded", "pseudo-double", "pseudo-xb"])
        #expect(PseudoLocale(rawValue: "pseudo-xa") == .accented)
    }

    @Test func namesAndAliasesParse() {
        #expect(PseudoLocale(name: "pseudo-xa") == .accented)
        #expect(PseudoLocale(name: "PSEUDO-XB") == .rightToLeft)
        #expect(PseudoLocale(name: "en-XA") == .accented)
        #expect(PseudoLocale(name: "ar_XB") == .rightToLeft)
        #expect(PseudoLocale(name: "pseudo-double") == .doubled)
        #expect(PseudoLocale(name: "expanded") == .expanded)
        #expect(PseudoLocale(name: "bounded") == .bounded)
        #expect(PseudoLocale(name: "de") == nil)
        #expect(PseudoLocale(name: "pseudo-xc") == nil)
    }

    @Test func onlyTheBidiLocaleIsRightToLeft() {
        #expect(PseudoLocale.allCases.filter(\.isRightToLeft) == [.rightToLeft])
    }
}

@Suite struct AccentedTests {
    @Test func lowercaseLetters() {
        #expect(PseudoLocale.accented.transform("abcdefghijklmnopqrstuvwxyz") == "åɓçðéƒĝĥîĵķļḿñöþǫŕšţûṽŵẋýž")
    }

    @Test func uppercaseLetters() {
        #expect(PseudoLocale.accented.transform("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "ÅƁÇÐÉƑĜĤÎĴĶĻḾÑÖÞǪŔŠŢÛṼŴẊÝŽ")
    }

    @Test func sentenceWithPlaceholders() {
        #expect(PseudoLocale.accented.transform("Hello, %@! You have %lld new messages.")
            == "Ĥéļļö, %@¡ Ýöû ĥåṽé %lld ñéŵ ḿéššåĝéš.")
    }

    @Test func placeholdersEscapesAndMarkupAreUntouched() {
        #expect(PseudoLocale.accented.transform("{name} sent %1$@ %2$d files\\n<b>now</b> &amp; 100%% %.2f")
            == "{name} šéñţ %1$@ %2$d ƒîļéš\\n<b>ñöŵ</b> &amp; 100%% %.2f")
        #expect(PseudoLocale.accented.transform("%#@files@ in {count, number} days?")
            == "%#@files@ îñ {count, number} ðåýš¿")
        #expect(PseudoLocale.accented.transform("Tab\\tcost $5\\u00A0each") == "Ţåɓ\\tçöšţ €5\\u00A0éåçĥ")
    }

    @Test func nonASCIIIsKept() {
        #expect(PseudoLocale.accented.transform("Größe 日本 😀") == "Ĝŕößé 日本 😀")
    }

    @Test func lengthInCharactersIsKept() {
        let source = "The quick brown fox jumps over the lazy dog."
        #expect(PseudoLocale.accented.transform(source).count == 44)
        #expect(PseudoLocale.accented.transform(source) == "Ţĥé ǫûîçķ ɓŕöŵñ ƒöẋ ĵûḿþš öṽéŕ ţĥé ļåžý ðöĝ.")
    }
}

@Suite struct ExpandedTests {
    @Test func percentPerIBMBucketUsesTheUpperBound() {
        #expect(PseudoLocale.expansionPercent(forLength: 1) == 200)
        #expect(PseudoLocale.expansionPercent(forLength: 10) == 200)
        #expect(PseudoLocale.expansionPercent(forLength: 11) == 100)
        #expect(PseudoLocale.expansionPercent(forLength: 20) == 100)
        #expect(PseudoLocale.expansionPercent(forLength: 21) == 80)
        #expect(PseudoLocale.expansionPercent(forLength: 30) == 80)
        #expect(PseudoLocale.expansionPercent(forLength: 31) == 60)
        #expect(PseudoLocale.expansionPercent(forLength: 50) == 60)
        #expect(PseudoLocale.expansionPercent(forLength: 51) == 40)
        #expect(PseudoLocale.expansionPercent(forLength: 70) == 40)
        #expect(PseudoLocale.expansionPercent(forLength: 71) == 30)
        #expect(PseudoLocale.expansionPercent(forLength: 500) == 30)
    }

    @Test func extraCharactersRoundUp() {
        #expect(PseudoLocale.expansionLength(forLength: 0) == 0)
        #expect(PseudoLocale.expansionLength(forLength: 1) == 2)
        #expect(PseudoLocale.expansionLength(forLength: 10) == 20)
        #expect(PseudoLocale.expansionLength(forLength: 11) == 11)
        #expect(PseudoLocale.expansionLength(forLength: 71) == 22)  // 21.3 → 22
        #expect(PseudoLocale.expansionLength(forLength: 69) == 28)  // 27.6 → 28
    }

    /// The six buckets: source lengths 5, 15, 25, 40, 60, 100 → 15, 30, 45, 64, 84, 130 characters.
    @Test(arguments: [(5, 15), (15, 30), (25, 45), (40, 64), (60, 84), (100, 130)])
    func outputLengthPerBucket(source: Int, expected: Int) {
        let text = String(repeating: "x", count: source)
        let output = PseudoLocale.expanded.transform(text)
        #expect(output.count == expected)
        #expect(output.hasPrefix(text))
        #expect(output.last != " ")
    }

    @Test func exactOutputs() {
        #expect(PseudoLocale.expanded.transform("Hello") == "Hello one two t")
        // 15 characters, +15: the cut falls on a space, replaced by the next filler letter.
        #expect(PseudoLocale.expanded.transform("Save your work.") == "Save your work. one two threef")
        // 25 characters, +20.
        #expect(PseudoLocale.expanded.transform("Your changes were saved.!") == "Your changes were saved.! one two three fourf")
    }

    @Test func paddingCyclesThroughTheFillerWords() {
        #expect(PseudoLocale.expansionPadding(0) == "")
        #expect(PseudoLocale.expansionPadding(1) == "o")
        #expect(PseudoLocale.expansionPadding(6) == " one t")
        #expect(PseudoLocale.expansionPadding(24) == " one two three four five")
        #expect(PseudoLocale.expansionPadding(64)
            == " one two three four five six seven eight nine ten one two threef")
    }

    @Test func placeholdersDoNotCountAndSurvive() {
        // " items" is 6 characters of text: +12.
        #expect(PseudoLocale.expanded.transform("%@ items") == "%@ items one two thr")
        // "{name}" is a placeholder; " joined" is 7 characters of text → +14.
        #expect(PseudoLocale.expanded.transform("{name} joined") == "{name} joined one two three")
    }

    @Test func emptyStaysEmpty() {
        #expect(PseudoLocale.expanded.transform("") == "")
    }
}

@Suite struct BoundedDoubledTests {
    @Test func bounded() {
        #expect(PseudoLocale.bounded.transform("Cancel") == "[# Cancel #]")
        #expect(PseudoLocale.bounded.transform("%d of %d") == "[# %d of %d #]")
        #expect(PseudoLocale.bounded.transform("") == "[#  #]")
    }

    @Test func doubled() {
        #expect(PseudoLocale.doubled.transform("Done") == "Done Done")
        #expect(PseudoLocale.doubled.transform("%1$@ liked %2$@") == "%1$@ liked %2$@ %1$@ liked %2$@")
        #expect(PseudoLocale.doubled.transform("") == "")
    }
}

/// Fuzzing finding `strings/pseudo-double-merges-tag`: joined by a space, the two copies of a text
/// ending in an unfinished tag or brace can read as one tag or placeholder across the join.
@Suite struct DoubledJoinTests {
    @Test func unfinishedTagIsNotClosedByTheSecondCopy() {
        // "%d> </b": `%d`, then text "> " and "</b" (no `>` after it: not a tag). Joined by a space,
        // "%d> </b %d> </b" would read `</b %d>` as a tag (a tag runs from `<` + letter to the next
        // `>`), swallowing the second %d. A line break ends a tag, so the copies are joined by one.
        let doubled = PseudoLocale.doubled.transform("%d> </b")
        #expect(doubled == "%d> </b\n%d> </b")
        #expect(FormatScanner.placeholders(in: doubled).map(\.token) == ["%d", "%d"])
        #expect(!PlaceholderSamples.standard.substitute(doubled).contains("%d"))
        // The fuzzer's original input (Android): the `<xliff:g …` tag is unfinished ("&" is not ">").
        let android = "Welcff:g id=name example=%dAda>%1$s</xliff& bright"
        #expect(FormatScanner.placeholders(in: PseudoLocale.doubled.transform(android)).map(\.token)
            == ["%d", "%1$s", "%d", "%1$s"])
    }

    @Test func unfinishedBraceIsNotClosedByTheSecondCopy() {
        // "x}{a,": `{a,` has no `}` after it, so the text has no placeholder. Joined by a space,
        // "x}{a, x}{a," would read `{a, x}` as a named placeholder (name "a", type "x").
        let doubled = PseudoLocale.doubled.transform("x}{a,")
        #expect(doubled == "x}{a,\nx}{a,")
        #expect(FormatScanner.placeholders(in: doubled).isEmpty)
    }

    @Test func completeMarkupKeepsTheSpace() {
        // Nothing is left open at the end of the text, so the usual space joins the copies.
        #expect(PseudoLocale.doubled.transform("<b>%d</b> new") == "<b>%d</b> new <b>%d</b> new")
        #expect(PseudoLocale.doubled.transform("{count} of {total}") == "{count} of {total} {count} of {total}")
        // A lone backslash at the end pairs with the space into an escape; no placeholder changes.
        #expect(PseudoLocale.doubled.transform("%@ \\") == "%@ \\ %@ \\")
    }

    @Test(arguments: ["%d> </b", "x}{a,", "<b %d>", "a <i %@", "{n, number} {x", "%1$@ &amp", "%", "50% off",
                      "<a href=\"%@\">link</a>", "%#@files@ <b"])
    func everyGeneratorKeepsPlaceholdersAndMarkup(text: String) {
        let markup = FormatScanner.segments(text).filter { if case .markup = $0 { true } else { false } }
        let tokens = FormatScanner.placeholders(in: text).map(\.token)
        for pseudo in PseudoLocale.allCases {
            let transformed = pseudo.transform(text)
            let copies = pseudo == .doubled ? 2 : 1
            #expect(FormatScanner.placeholders(in: transformed).map(\.token) == Array(repeating: tokens, count: copies).flatMap { $0 },
                    "\(pseudo.rawValue): \(transformed)")
            let found = FormatScanner.segments(transformed).filter { if case .markup = $0 { true } else { false } }
            #expect(found == Array(repeating: markup, count: copies).flatMap { $0 }, "\(pseudo.rawValue): \(transformed)")
        }
    }
}

@Suite struct RightToLeftTests {
    @Test func everyWordIsWrapped() {
        #expect(PseudoLocale.rightToLeft.transform("Hello world")
            == "\u{200F}\u{202E}Hello\u{202C}\u{200F} \u{200F}\u{202E}world\u{202C}\u{200F}")
    }

    @Test func placeholdersStayWholeInsideTheirWord() {
        #expect(PseudoLocale.rightToLeft.transform("%@ sent\\n%d files")
            == open + "%@" + close + " " + open + "sent" + close + "\\n" + open + "%d" + close + " "
            + open + "files" + close)
        #expect(PseudoLocale.rightToLeft.transform("%1$@'s {count}") == open + "%1$@'s" + close + " " + open + "{count}" + close)
    }

    @Test func markupAndWhitespaceStayOutside() {
        #expect(PseudoLocale.rightToLeft.transform("<b>Hi</b>  there\n")
            == "<b>" + open + "Hi" + close + "</b>  " + open + "there" + close + "\n")
        #expect(PseudoLocale.rightToLeft.transform("") == "")
        #expect(PseudoLocale.rightToLeft.transform("   ") == "   ")
    }
}

@Suite struct PseudoEntriesTests {
    @Test func entriesCarryKeysVariantsAndSource() {
        let origin = SourceLocation(file: "Localizable.xcstrings", jsonPath: "$.strings[\"greeting\"]")
        let source = [
            CatalogEntry(key: "greeting", locale: "en", text: "Hi %@", comment: "on the home screen", origin: origin),
            CatalogEntry(key: "files", locale: "en", variant: "plural.one", text: "One file", maxWidth: 120,
                         origin: origin),
        ]
        let entries = PseudoLocale.bounded.pseudoEntries(from: source)
        #expect(entries == [
            CatalogEntry(key: "greeting", locale: "pseudo-bounded", text: "[# Hi %@ #]", sourceText: "Hi %@",
                         comment: "on the home screen", isTranslated: true, state: "pseudo", origin: origin),
            CatalogEntry(key: "files", locale: "pseudo-bounded", variant: "plural.one", text: "[# One file #]",
                         sourceText: "One file", isTranslated: true, state: "pseudo", maxWidth: 120, origin: origin),
        ])
    }

    @Test func untranslatedSourcesBecomeTranslatedPseudoEntries() {
        let source = [CatalogEntry(key: "k", locale: "en", text: "ok", isTranslated: false, origin: SourceLocation(file: "f"))]
        let entry = PseudoLocale.accented.pseudoEntries(from: source)[0]
        #expect(entry.isTranslated)
        #expect(entry.text == "öķ")
        #expect(entry.locale == "pseudo-xa")
    }
}
