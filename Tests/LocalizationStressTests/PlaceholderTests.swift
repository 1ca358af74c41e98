import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

@Suite struct PlaceholderScanTests {
    struct Case: Sendable, CustomStringConvertible {
        let token: String
        let kind: PlaceholderKind
        var position: Int? = nil
        var name: String? = nil
        var description: String { token }
    }

    /// Every form, alone and embedded in text: found as one placeholder of the right kind.
    @Test(arguments: [
        Case(token: "%@", kind: .object), Case(token: "%s", kind: .object), Case(token: "%S", kind: .object),
        Case(token: "%d", kind: .integer), Case(token: "%i", kind: .integer), Case(token: "%u", kind: .integer),
        Case(token: "%ld", kind: .integer), Case(token: "%lld", kind: .integer), Case(token: "%lu", kind: .integer),
        Case(token: "%hhd", kind: .integer), Case(token: "%zd", kind: .integer), Case(token: "%qd", kind: .integer),
        Case(token: "%x", kind: .integer), Case(token: "%08X", kind: .integer), Case(token: "%o", kind: .integer),
        Case(token: "%f", kind: .float), Case(token: "%.2f", kind: .float), Case(token: "%5.1f", kind: .float),
        Case(token: "%lf", kind: .float), Case(token: "%e", kind: .float), Case(token: "%g", kind: .float),
        Case(token: "%c", kind: .character), Case(token: "%C", kind: .character), Case(token: "%p", kind: .pointer),
        Case(token: "%-10s", kind: .object), Case(token: "%+d", kind: .integer), Case(token: "%'d", kind: .integer),
        Case(token: "%*d", kind: .integer), Case(token: "%.*f", kind: .float),
        Case(token: "%1$@", kind: .object, position: 1), Case(token: "%2$d", kind: .integer, position: 2),
        Case(token: "%12$lld", kind: .integer, position: 12), Case(token: "%3$.2f", kind: .float, position: 3),
        Case(token: "%%", kind: .percent),
        Case(token: "{name}", kind: .named, name: "name"), Case(token: "{0}", kind: .named, name: "0"),
        Case(token: "{user_name}", kind: .named, name: "user_name"),
        Case(token: "{count, number}", kind: .integer, name: "count"),
        Case(token: "{when, date, short}", kind: .named, name: "when"),
        Case(token: "%#@files@", kind: .variable, name: "files"),
        Case(token: "%1$#@files@", kind: .variable, position: 1, name: "files"),
        // Java/Android flags: `,` grouping and `(` negatives before decimal conversions.
        Case(token: "%,d", kind: .integer), Case(token: "%1$,d", kind: .integer, position: 1),
        Case(token: "%(,.2f", kind: .float), Case(token: "%2$(d", kind: .integer, position: 2),
        Case(token: "%-,10d", kind: .integer),
        // Python (gettext python-format): the name is kept for samples by name.
        Case(token: "%(name)s", kind: .object, name: "name"), Case(token: "%(count)d", kind: .integer, name: "count"),
        Case(token: "%(total).2f", kind: .float, name: "total"), Case(token: "%(obj)r", kind: .object, name: "obj"),
        Case(token: "%(n)05x", kind: .integer, name: "n"),
    ])
    func recognises(_ form: Case) {
        let expected = Placeholder(token: form.token, kind: form.kind, position: form.position, name: form.name)
        #expect(FormatScanner.placeholders(in: form.token) == [expected])
        #expect(FormatScanner.segments("a \(form.token)b") == [.text("a "), .placeholder(expected), .text("b")])
    }

    @Test(arguments: ["50% off", "100%", "% d", "%y", "%", "{}", "{a b}", "{a", "a}", "{, x}", "%#@@", "%#@a b@",
                      "{count, plural, one {# item} other {# items}}", "5 %-",
                      // Prose that only looks like Java or Python flags.
                      "50% de réduction", "100% (approx)", "100% (de 5)", "%(approx) used", "%(a", "%,s", "%()s", "%(a b)s",
                      // A space is no flag, even after a position: a dangling `%1$` and the next word (fuzzing).
                      "%1$ d", "%1$ one t"])
    func notPlaceholders(_ text: String) {
        #expect(FormatScanner.placeholders(in: text) == [])
        #expect(FormatScanner.segments(text).map(\.source).joined() == text)
    }

    @Test func escapesAndMarkupAreSegments() {
        #expect(FormatScanner.segments("a\\nb\\u00A0c\\\"<b>d</b>&amp;&#160;&#x1F600;") == [
            .text("a"), .escape("\\n"), .text("b"), .escape("\\u00A0"), .text("c"), .escape("\\\""),
            .markup("<b>"), .text("d"), .markup("</b>"), .markup("&amp;"), .markup("&#160;"), .markup("&#x1F600;"),
        ])
        // Not escapes or markup: a lone trailing backslash, `a < b`, `&` without `;`.
        #expect(FormatScanner.segments("x < y & z\\") == [.text("x < y & z\\")])
    }

    @Test func segmentsJoinBackToTheInput() {
        let text = "%1$@ has {count} new %2$#@messages@ – 100%% <i>free</i>\\n%.2f€ &nbsp;\\"
        #expect(FormatScanner.segments(text).map(\.source).joined() == text)
        #expect(FormatScanner.placeholders(in: text).map(\.token) == ["%1$@", "{count}", "%2$#@messages@", "%%", "%.2f"])
    }

    @Test func combiningMarkAfterAPlaceholderDoesNotHideIt() {
        #expect(FormatScanner.placeholders(in: "%@\u{301}").map(\.token) == ["%@"])
    }
}

@Suite struct PlaceholderSubstitutionTests {
    let samples = PlaceholderSamples.standard

    @Test func documentedDefaults() {
        #expect(samples.object == "Maximilian Mustermann-Schmidt")
        #expect(samples.integer == "8,888,888")
        #expect(samples.float == "88,888.88")
        #expect(samples.character == "W")
        #expect(samples.pointer == "0x7FF888888888")
        #expect(samples.named == nil && samples.variable == nil && samples.names.isEmpty)
    }

    @Test func everyForm() {
        #expect(samples.substitute("Hello, %@! You have %lld new messages.")
            == "Hello, Maximilian Mustermann-Schmidt! You have 8,888,888 new messages.")
        #expect(samples.substitute("%d %i %u %ld %lu %x") == "8,888,888 8,888,888 8,888,888 8,888,888 8,888,888 8,888,888")
        #expect(samples.substitute("%f / %.2f / %e") == "88,888.88 / 88,888.88 / 88,888.88")
        #expect(samples.substitute("%s and %S") == "Maximilian Mustermann-Schmidt and Maximilian Mustermann-Schmidt")
        #expect(samples.substitute("Grade %c") == "Grade W")
        #expect(samples.substitute("at %p") == "at 0x7FF888888888")
        #expect(samples.substitute("{name} joined") == "Maximilian Mustermann-Schmidt joined")
        #expect(samples.substitute("{n, number} items") == "8,888,888 items")
        #expect(samples.substitute("You have %#@files@") == "You have Maximilian Mustermann-Schmidt")
    }

    @Test func javaFlagsAndPythonNamesGetTheSamplesOfTheirPlainForms() {
        // %1$,d is %d's integer sample, %(,.2f %f's float sample; python-format %(name)s is %s's object sample.
        #expect(samples.substitute("%1$,d songs, %(,.2f €") == "8,888,888 songs, 88,888.88 €")
        #expect(samples.substitute("%(name)s has %(count)d files") == "Maximilian Mustermann-Schmidt has 8,888,888 files")
        var named = samples
        named.names = ["count": "1,000", "%(name)s": "Ada"]
        #expect(named.substitute("%(name)s has %(count)d files") == "Ada has 1,000 files")
    }

    @Test func positional() {
        #expect(samples.substitute("%2$@ sent %1$d photos") == "Maximilian Mustermann-Schmidt sent 8,888,888 photos")
        #expect(samples.substitute("%1$.1f%%") == "88,888.88%")
    }

    @Test func percentLiteral() {
        #expect(samples.substitute("%.2f%% off") == "88,888.88% off")
        #expect(samples.substitute("100%% sure, 50% off") == "100% sure, 50% off")
    }

    @Test func escapesAndMarkupAreKept() {
        #expect(samples.substitute("<b>%d</b>\\n&amp;") == "<b>8,888,888</b>\\n&amp;")
    }

    @Test func overridesPerKind() {
        let custom = PlaceholderSamples(object: "Ana", integer: "7", float: "1.5", character: "i", pointer: "0x1",
                                        named: "Bo", variable: "Cy")
        #expect(custom.substitute("%@ %d %.2f %c %p {x} %#@v@ %%") == "Ana 7 1.5 i 0x1 Bo Cy %")
    }

    @Test func overridesPerName() {
        var custom = PlaceholderSamples.standard
        custom.names = ["count": "12", "%1$@": "Jo", "{count}": "999", "files": "3 files", "%%": "‰"]
        // A token match ({count}) wins over the name (count); %% is always "%".
        #expect(custom.substitute("{count} / {count, number} / %1$@ / %2$@ / %#@files@ / %%")
            == "999 / 12 / Jo / Maximilian Mustermann-Schmidt / 3 files / %")
    }

    @Test func applyingOverridesMergesNames() {
        let base = PlaceholderSamples(names: ["a": "1", "b": "2"])
        let result = base.applying(.init(integer: "42", named: "N", names: ["b": "3", "c": "4"]))
        #expect(result == PlaceholderSamples(integer: "42", named: "N", names: ["a": "1", "b": "3", "c": "4"]))
        #expect(base.applying(.init()) == base)
        #expect(PlaceholderSamples.Overrides().isEmpty)
        #expect(!PlaceholderSamples.Overrides(float: "1").isEmpty)
    }

    @Test func samplesRoundTripThroughJSON() throws {
        let custom = PlaceholderSamples(object: "Ana", named: "Bo", names: ["count": "12"])
        let decoded = try JSONDecoder().decode(PlaceholderSamples.self, from: JSONEncoder().encode(custom))
        #expect(decoded == custom)
    }
}

/// The cap on a catalog's texts (`maxTextBytes`, 1 MiB) held only for the text as written: a `%@`
/// (2 bytes) becomes "Maximilian Mustermann-Schmidt" (29 bytes: 10 + 1 + 18), so 500,000 of them
/// (1,000,000 bytes) were measured as a 14.5 MB text (9.2 s and 1.6 GB in `textfit stress`).
@Suite struct SampledTextCapTests {
    let origin = SourceLocation(file: "strings.xml", line: 3)

    @Test func theCapHoldsOnceSamplesReplaceThePlaceholders() {
        let entries = [
            CatalogEntry(key: "two", locale: "en", text: "%@%@", origin: origin),          // 29 × 2 = 58 bytes
            CatalogEntry(key: "three", locale: "de", variant: "plural.one", text: "%@%@%@", origin: origin),  // 87 bytes
            CatalogEntry(key: "mixed", locale: "en", text: "%@ + %d", origin: origin),    // 29 + 3 + 9 = 41 bytes
        ]
        let sampled = SampledTexts(entries, samples: { _ in .standard }, maxTextBytes: 58)
        #expect(sampled.kept == [0, 2])
        #expect(sampled.texts == ["Maximilian Mustermann-SchmidtMaximilian Mustermann-Schmidt",
                                  "Maximilian Mustermann-Schmidt + 8,888,888"])
        #expect(sampled.problems == [CatalogProblem(origin, "the text of 'three' (de plural.one), 6 bytes as written, is over "
                                                    + "the limit of 58 (maxTextBytes) once its placeholders are replaced by samples: not checked")])
    }

    @Test func aMegabyteOfPlaceholdersIsNotExpanded() {
        let many = String(repeating: "%@", count: 500_000)
        let sampled = SampledTexts([CatalogEntry(key: "many", locale: "en", text: many, origin: origin)],
                                   samples: { _ in .standard }, maxTextBytes: 1 << 20)
        #expect(sampled.kept.isEmpty && sampled.texts.isEmpty)
        #expect(sampled.problems.map(\.message) == ["the text of 'many' (en), 1000000 bytes as written, is over the limit of "
                                                    + "1048576 (maxTextBytes) once its placeholders are replaced by samples: not checked"])
        #expect(PlaceholderSamples.standard.substitute("%@", maxBytes: 28) == nil)
        #expect(PlaceholderSamples.standard.substitute("%@", maxBytes: 29) == "Maximilian Mustermann-Schmidt")
    }
}
