import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import LayoutCore
@testable import Catalogs
@testable import LocalizationStress
import TextLayout
import Typography

/// Issue 28: what a failing verdict says — how much too long, whose fault, untranslated entries measured.
///
/// Widths are Noto Sans Regular's advances from HarfBuzz, at 1000 pt (upem 1000: a font unit is a
/// point), summed by hand:
///
///     hb-shape --font-size=1000 fonts/NotoSans-Regular.ttf "aa bb cc"
///     [a=0+561|a=1+561|space=2+260|b=3+615|b=4+615|space=5+260|c=6+480|c=7+480]
///     hb-shape --font-size=1000 fonts/NotoSans-Regular.ttf "W"
///     [W=0+930]
///
/// so "aa" = 1122, "bb" = 1230, "cc" = 960, "aa bb" = 1122 + 260 + 1230 = 2612,
/// "bb cc" = 1230 + 260 + 960 = 2450, "aa bb cc" = 2612 + 260 + 960 = 3832.
@Suite("Failing verdicts: how much too long, whose fault, untranslated entries measured")
struct VerdictExcessTests {
    func box(_ width: Double, lines: Int? = 1, padding: Double = 0, truncation: Bool = false, scale: Double = 1,
             sizes: [DynamicTypeSize] = [.large], size: FontSize = .points(1000)) -> StressContainer {
        StressContainer(width: width, maxLines: lines, size: size, padding: padding, truncationAllowed: truncation,
                        minimumScaleFactor: scale, dynamicTypeSizes: sizes)
    }

    func verdict(_ text: String, _ container: StressContainer, source: String? = nil, locale: String = "de",
                 translated: Bool = true, state: String? = nil, sweep: StressSweep? = nil) throws -> StressVerdict {
        var entry = StressFixtures.entry(text, locale: locale, translated: translated)
        entry.sourceText = source
        entry.state = state
        let sweep = try sweep ?? StressFixtures.sweep()
        return try #require(try sweep.verdicts(for: entry, in: container, text: text, source: source).first)
    }

    // MARK: How much too long

    @Test("One line: a truncated text needs its ideal single-line width, not the truncated line's")
    func oneLine() throws {
        let v = try verdict("aa bb cc", box(3000))
        #expect(v.status == .truncated && v.failed)
        #expect(v.width < 3000)  // the truncated line
        #expect(v.neededWidth == 3832)
        #expect(v.excess == 832)
        // 832 / 3000 × 100 = 27.7333…
        #expect(abs(try #require(v.excessPercent) - 27.733_333) < 1e-5)
        // At 3000 pt, no limit: "aa bb" (2612) then "cc": 2 lines.
        #expect(v.linesNeeded == 2)
    }

    @Test("N lines: the narrowest width at which it wraps into N lines or fewer")
    func twoLines() throws {
        // At 2000 pt: "aa" / "bb" / "cc" (each pair with its space is wider than 2000): 3 lines.
        // Two lines need "aa" / "bb cc" (widest 2450) or "aa bb" / "cc" (2612): greedy breaking
        // gives the first from 2450 up, so 2450; excess 450, 22.5 % of 2000.
        let v = try verdict("aa bb cc", box(2000, lines: 2))
        #expect(v.status == .truncated && v.failed)
        #expect(v.neededWidth == 2450 && v.excess == 450 && v.excessPercent == 22.5)
        #expect(v.linesNeeded == 3)
        // Just past it, it passes and says nothing of the kind.
        let passes = try verdict("aa bb cc", box(2450, lines: 2))
        #expect(passes.status == .wraps && !passes.failed)
        #expect(passes.neededWidth == nil && passes.excess == nil && passes.excessPercent == nil && passes.linesNeeded == nil)
    }

    @Test("No line limit: a grapheme wider than the box needs its own width; no lines needed")
    func overflowWithoutLimit() throws {
        let v = try verdict("W", box(500, lines: nil))
        #expect(v.status == .overflow && v.failed)
        // W is 930: 430 over, 86 % of 500.
        #expect(v.neededWidth == 930 && v.excess == 430 && v.excessPercent == 86)
        #expect(v.linesNeeded == nil)
    }

    @Test("The percentage is of the text width: the container's width less its padding")
    func padding() throws {
        // 3000 − 2 × 100 = 2800 for the text: 3832 − 2800 = 1032, 36.857… %.
        let v = try verdict("aa bb cc", box(3000, padding: 100))
        #expect(v.neededWidth == 3832 && v.excess == 1032)
        #expect(abs(try #require(v.excessPercent) - 1032.0 / 28) < 1e-9)
    }

    @Test("More hard line breaks than the limit: no width helps, the lines needed say why")
    func hardBreaks() throws {
        let v = try verdict("aa\nbb\ncc", box(5000, lines: 2))
        #expect(v.status == .truncated && v.failed)
        #expect(v.neededWidth == nil && v.excess == nil && v.excessPercent == nil)
        #expect(v.linesNeeded == 3)
    }

    @Test("Passing verdicts carry none: fits, wraps, an allowed truncation")
    func passing() throws {
        for v in [try verdict("aa", box(1200)), try verdict("aa bb cc", box(3000, lines: 2)),
                  try verdict("aa bb cc", box(3000, truncation: true))] {
            #expect(!v.failed)
            #expect(v.neededWidth == nil && v.excess == nil && v.excessPercent == nil && v.linesNeeded == nil)
        }
    }

    @Test("With a minimum scale, the width at which the smallest scale fits")
    func shrinking() throws {
        // At scale 0.5 "aa bb cc" is 1916 wide: it cannot fit 1800, and fits from 1916 (to 1/128 pt).
        let v = try verdict("aa bb cc", box(1800, scale: 0.5))
        #expect(v.failed)
        let needed = try #require(v.neededWidth)
        #expect(needed >= 1916 - 1e-6 && needed <= 1916 + 1.0 / 128)
        // At full size and no limit, 1800 holds "aa" / "bb" / "cc" ("aa bb" 2612 and "bb cc" 2450 are wider).
        #expect(v.linesNeeded == 3)
    }

    @Test("Each size its own: body at xxLarge (21 pt) needs 2.612 em of 'aa bb'")
    func perSize() throws {
        // Body: large 17 pt, xxLarge 21 pt. "aa bb" is 2612 units: 44.404 pt at 17 (fits 50), 54.852 at 21.
        let container = box(50, sizes: [.large, .xxLarge], size: .style(.body))
        var entry = StressFixtures.entry("aa bb")
        entry.sourceText = nil
        let verdicts = try StressFixtures.sweep().verdicts(for: entry, in: container, text: "aa bb")
        #expect(verdicts[0].status == .fits && verdicts[0].neededWidth == nil)
        let needed = try #require(verdicts[1].neededWidth)
        #expect(abs(needed - 54.852) < 1e-6)
        #expect(abs(try #require(verdicts[1].excess) - 4.852) < 1e-6)
        #expect(abs(try #require(verdicts[1].excessPercent) - 9.704) < 1e-6)
        #expect(verdicts[1].linesNeeded == 2)
    }

    // MARK: Whose fault

    @Test("sourceFails: false when the source fits, true when it fails too, nil without a source or in the source language")
    func sourceFails() throws {
        #expect(try verdict("aa bb cc", box(3000), source: "aa").sourceFails == false)
        #expect(try verdict("aa bb cc", box(3000), source: "aa bb cc aa").sourceFails == true)
        #expect(try verdict("aa bb cc", box(3000)).sourceFails == nil)
        // Said on passing verdicts too: this one fits, its source does not.
        let passing = try verdict("aa", box(3000), source: "aa bb cc")
        #expect(!passing.failed && passing.sourceFails == true)
        // The source language's own entries are the source.
        var sweep = try StressFixtures.sweep()
        sweep.sourceLanguage = "en"
        #expect(try verdict("aa bb cc", box(3000), source: "aa bb cc", locale: "en", sweep: sweep).sourceFails == nil)
        #expect(try verdict("aa bb cc", box(3000), source: "aa", locale: "de", sweep: sweep).sourceFails == false)
    }

    @Test("A sweep compares each entry with its source text at each size, placeholders replaced as its text's")
    func sweepSources() throws {
        // Body at large 17 pt, xxLarge 21 pt, a 50 pt line: "aa" (19.07, 23.56 pt) fits at both; "aa bb"
        // (44.40, 54.85) fits at large only.
        let container = box(50, sizes: [.large, .xxLarge], size: .style(.body))
        var de = StressFixtures.entry("aa bb %@", key: "k", locale: "de")
        de.sourceText = "aa %@"
        var fr = StressFixtures.entry("aa", key: "k", locale: "fr")
        fr.sourceText = "aa bb"
        let verdicts = try StressFixtures.sweep().run([de, fr], container: { _ in container },
                                                      prepare: { $0.text.replacingOccurrences(of: "%@", with: "") })
        #expect(verdicts.map(\.sourceFails) == [false, false, false, true])
        // Without sources: not compared.
        let plain = try StressFixtures.sweep().run([de, fr], containers: [container, container], texts: ["aa bb", "aa"])
        #expect(plain.allSatisfy { $0.sourceFails == nil })
    }

    @Test("Worst offenders: the translation's failures first, then those that fail in the source too, then no source")
    func worstFirstByFault() throws {
        func verdict(_ key: String, _ size: DynamicTypeSize, sourceFails: Bool?) -> StressVerdict {
            StressVerdict(key: key, locale: "de", variant: "", size: .dynamicType(size), text: "t", status: .truncated,
                          width: 1, lineCount: 1, overflow: 0, scale: 1, failed: true, sourceFails: sourceFails)
        }
        // Catalog order: no source from large, source fails from large, translation's from xxLarge,
        // translation's from large.
        let report = StressReport(verdicts: [verdict("none", .large, sourceFails: nil), verdict("both", .large, sourceFails: true),
                                             verdict("late", .xxLarge, sourceFails: false), verdict("early", .large, sourceFails: false)])
        #expect(report.summary.worstFirst().map(\.key) == ["early", "late", "both", "none"])
        let summary = report.terminalSummary()
        #expect(summary.contains("4 failing cases (key · locale · variant): 2 because of the translation (the source fits), 1 fail in the source too, 1 with no source text to compare"))
        // Each offender's line, then its text on a line of its own, indented further.
        let all = summary.components(separatedBy: "\n").filter { $0.hasPrefix("  ") }
        let lines = all.filter { !$0.hasPrefix("      ") }
        #expect(lines.map { String($0.dropFirst(2).prefix { $0 != " " }) } == ["early", "late", "both", "none"])
        #expect(all.filter { $0.hasPrefix("      ") } == Array(repeating: "      “t”", count: 4))
        #expect(lines[0].hasSuffix("the source fits") && lines[2].hasSuffix("the source fails too") && !lines[3].contains("source"))
        // Each case has one size checked, where it fails: it fails at every size checked.
        #expect(lines[0].hasPrefix("  early · de: truncated at every size checked") && lines[1].hasPrefix("  late · de: truncated at every size checked"))
        // Where the catalogs' source language is known, its own texts are counted as such, not as having no source.
        let known = StressReport(verdicts: report.verdicts, sourceLanguage: "de").terminalSummary()
        #expect(known.contains("4 failing cases (key · locale · variant): 2 because of the translation (the source fits), 1 fail in the source too, 1 in the source language (de)"), "\(known)")
        #expect(StressReport.sameLanguage("en_US", "en-us") && !StressReport.sameLanguage("de", "de-DE"))
    }

    // MARK: Untranslated entries measured

    @Test("An untranslated entry is measured: its fit status, failing when it does not fit, flagged untranslated with the catalog's state")
    func untranslatedMeasured() throws {
        let failing = try verdict("aa bb cc", box(3000), source: "aa bb cc", translated: false, state: "new")
        #expect(failing.status == .truncated && failing.failed && failing.untranslated && failing.untranslatedReason == "new")
        #expect(failing.neededWidth == 3832 && failing.sourceFails == true)
        let fitting = try verdict("aa", box(3000), translated: false)
        #expect(fitting.status == .fits && !fitting.failed && fitting.untranslated && fitting.untranslatedReason == nil)
        // A translated entry's state is not a reason.
        let translated = try verdict("aa", box(3000), state: "needs_review")
        #expect(!translated.untranslated && translated.untranslatedReason == nil)
    }

    // MARK: Reports

    func sampleReport() throws -> StressReport {
        var de = StressFixtures.entry("aa bb cc", key: "title", locale: "de")
        de.sourceText = "aa"
        var fr = StressFixtures.entry("aa", key: "title", locale: "fr", translated: false)
        fr.state = "new"
        fr.sourceText = "aa"
        return StressReport(verdicts: try StressFixtures.sweep().run([de, fr], container: { _ in self.box(3000) }))
    }

    @Test("report.json: the new fields when a verdict has them, none when it does not; read back the same")
    func json() throws {
        let report = try sampleReport()
        let data = try report.json()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts[0]["neededWidth"] as? Double == 3832 && verdicts[0]["excess"] as? Double == 832)
        // 832 over "aa bb cc"'s average advance, 3832 / 8 = 479: 1.74, about 2 characters.
        #expect(verdicts[0]["excessCharacters"] as? Int == 2)
        #expect(verdicts[0]["linesNeeded"] as? Int == 2 && verdicts[0]["sourceFails"] as? Bool == false)
        #expect(verdicts[0]["untranslated"] == nil && verdicts[0]["untranslatedReason"] == nil)
        #expect(abs((verdicts[0]["excessPercent"] as? Double ?? 0) - 27.733_333) < 1e-5)
        // The untranslated one fits: flagged, with its reason, and nothing about excess.
        #expect(verdicts[1]["status"] as? String == "fits" && verdicts[1]["untranslated"] as? Bool == true)
        #expect(verdicts[1]["untranslatedReason"] as? String == "new" && verdicts[1]["sourceFails"] as? Bool == false)
        for key in ["neededWidth", "excess", "excessPercent", "excessCharacters", "linesNeeded"] { #expect(verdicts[1][key] == nil, "\(key)") }
        let firsts = try #require((object["summary"] as? [String: Any])?["firstFailures"] as? [[String: Any]])
        #expect(firsts.count == 1 && firsts[0]["sourceFails"] as? Bool == false && firsts[0]["untranslated"] == nil)
        // As JSONEncoder writes it, and read back whole.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(try roundingNumbers(inJSON: encoder.encode(report)) == data)
        let decoded = try JSONDecoder().decode(StressReport.self, from: data)
        // Numbers are printed to 1e-9 (JSONWriter.printed: excessPercent 27.733333333333334 reads
        // back 27.733333333); read back, the report writes the same bytes, and the rest is equal.
        #expect(try decoded.json() == data)
        #expect(decoded.verdicts.map(\.key) == report.verdicts.map(\.key))
        #expect(abs((decoded.verdicts[0].excessPercent ?? 0) - (report.verdicts[0].excessPercent ?? 0)) < 1e-9)
        #expect(decoded.summary.firstFailures.count == report.summary.firstFailures.count)
    }

    /// A verdict as reports wrote them before issue 28 (no new field; `untranslated` was a status).
    @Test("An old report.json still reads, its untranslated status flagged, and serves as a baseline")
    func oldReport() throws {
        let old = #"""
            {"platform": "ios", "summary": {"checks": 2, "failures": 1, "firstFailures": [{"failsFrom": "large", "key": "title",
              "locale": "de", "status": "truncated", "variant": ""}], "locales": {"de": {"truncated": 1}, "fr": {"untranslated": 1}},
              "statuses": {"truncated": 1, "untranslated": 1}},
             "verdicts": [
              {"dynamicTypeSize": "large", "failed": true, "key": "title", "lineCount": 1, "locale": "de", "overflow": 0, "scale": 1,
               "status": "truncated", "text": "aa bb cc", "variant": "", "width": 2876},
              {"dynamicTypeSize": "large", "failed": false, "key": "title", "lineCount": 1, "locale": "fr", "overflow": 0, "scale": 1,
               "status": "untranslated", "text": "aa", "variant": "", "width": 0}]}
            """#
        let baseline = try JSONDecoder().decode(StressReport.self, from: Data(old.utf8))
        #expect(baseline.verdicts[0].neededWidth == nil && baseline.verdicts[0].sourceFails == nil && !baseline.verdicts[0].untranslated)
        #expect(baseline.verdicts[1].untranslated && baseline.verdicts[1].status == .untranslated)
        #expect(baseline.summary.firstFailures[0].sourceFails == nil && !baseline.summary.firstFailures[0].untranslated)
        // Its table counts the untranslated verdict in the UNTRANSLATED column.
        let table = baseline.terminalSummary().components(separatedBy: "\n")
        #expect(table[2].hasPrefix("fr") && table[2].split(separator: " ").map(String.init) == ["fr", "0", "0", "0", "0", "0", "0", "1"])
        // The same failure is no regression; the same verdict failing now where it was untranslated is.
        let now = try sampleReport()
        #expect(now.regressions(against: baseline).isEmpty)
        var worse = now
        worse.verdicts[1].status = .truncated
        worse.verdicts[1].failed = true
        #expect(worse.regressions(against: baseline).map(\.locale) == ["fr"])
    }

    @Test("junit.xml: a failure line says what it needs and whose fault; a passing untranslated case says so in system-out")
    func junit() {
        let report = StressReport(verdicts: [
            StressVerdict(key: "title", locale: "de", variant: "", size: .dynamicType(.large), text: "t", status: .truncated,
                          width: 2876.5, lineCount: 1, overflow: 0, scale: 1, failed: true, neededWidth: 3832, excess: 832,
                          excessPercent: 27.733_333, linesNeeded: 2, sourceFails: false),
            StressVerdict(key: "title", locale: "de", variant: "plural.one", size: .dynamicType(.xxLarge), text: "t", status: .truncated,
                          width: 10, lineCount: 2, overflow: 0, scale: 1, failed: true, linesNeeded: 3, sourceFails: true,
                          untranslated: true, untranslatedReason: "new"),
            StressVerdict(key: "title", locale: "fr", variant: "", size: .dynamicType(.large), text: "t", status: .fits,
                          width: 10, lineCount: 1, overflow: 0, scale: 1, failed: false, untranslated: true, untranslatedReason: "new"),
            StressVerdict(key: "title", locale: "fr", variant: "", size: .dynamicType(.xxLarge), text: "t", status: .fits,
                          width: 12, lineCount: 1, overflow: 0, scale: 1, failed: false, untranslated: true, untranslatedReason: "new"),
        ])
        #expect(report.junit() == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="textfit stress" tests="2" failures="1">
              <testsuite name="de" tests="1" failures="1">
                <testcase classname="de" name="title">
                  <failure message="large: truncated, width 2876.50 pt, 1 line(s), needs 3832.00 pt, has 3000.00 pt (+832.00 pt, +27.73%), in 3000.00 pt it takes 2 lines, the source fits">large: truncated, width 2876.50 pt, 1 line(s), needs 3832.00 pt, has 3000.00 pt (+832.00 pt, +27.73%), in 3000.00 pt it takes 2 lines, the source fits
            xxLarge [plural.one]: truncated, width 10.00 pt, 2 line(s), no width holds it in the line limit, in the container's width it takes 3 lines, the source fails too, untranslated (new)</failure>
                </testcase>
              </testsuite>
              <testsuite name="fr" tests="1" failures="0">
                <testcase classname="fr" name="title">
                  <system-out>untranslated (new): the source's text is shown</system-out>
                </testcase>
              </testsuite>
            </testsuites>

            """)
        // Well-formed.
        #expect(XMLParser(data: Data(report.junit().utf8)).parse())
    }

    @Test("The terminal summary: counts of untranslated checks and of faults, each offender with what it needs")
    func terminal() throws {
        let summary = try sampleReport().terminalSummary()
        #expect(summary.contains("1 check of untranslated entries (measured as shown: the source's text), 0 failing"))
        #expect(summary.contains("1 failing case (key · locale · variant): 1 because of the translation (the source fits), 0 fail in the source too, 0 with no source text to compare"))
        // 3832 − 3000 = 832; 27.73 %, one decimal. "aa bb cc" is 3832 wide in 8 grapheme clusters: 479 each
        // on average, and 832 / 479 = 1.74, so about 2 characters too long (an estimate, said so below).
        // Large is the only size checked: it fails at every size checked. Its text on the next line.
        #expect(summary.contains("  title · de: truncated at every size checked — at large: needs 3832.0 pt, has 3000.0 pt (+832.0 pt, +27.7%, "
                                 + "about 2 characters too long); in 3000.0 pt it takes 2 lines; the source fits\n      “aa bb cc”"), "\(summary)")
        #expect(summary.contains("\"About N characters too long\" is an estimate"))
        // The UNTRANSLATED column: fr's one check.
        let fr = try #require(summary.components(separatedBy: "\n").first { $0.hasPrefix("fr ") })
        #expect(fr.split(separator: " ").map(String.init) == ["fr", "1", "0", "0", "0", "0", "0", "1"])
    }

    @Test("index.html: each verdict's needs, fault and untranslated flag in the data; the worst offenders listed")
    func page() throws {
        let report = try sampleReport()
        let page = report.html(sourceText: { _ in nil }, draw: { _, _ in nil })
        let data = try ReportTests.PageData(page)
        // [key, variant, locale, source, text, origin, container, strip, first, passesUpTo, status, width, lines,
        //  neededWidth, excess, excessPercent, linesNeeded, sourceFails, untranslated, untranslatedReason, picture,
        //  excessCharacters, originDetail]
        let de = data.rows[0], fr = data.rows[1]
        #expect(de[2] as? String == "de" && fr[2] as? String == "fr")
        #expect(de[13] as? Double == 3832 && de[14] as? Double == 832 && de[15] as? Double == 27.7 && de[16] as? Int == 2)
        #expect(de[17] as? Int == 0 && de[18] as? Int == 0 && de[19] is NSNull)
        // About 2 characters too long: 832 / (3832 / 8), rounded up (the terminal test's arithmetic).
        #expect(de[21] as? Int == 2 && fr[21] is NSNull && de[22] is NSNull)
        #expect(fr[8] is NSNull && fr[13] is NSNull && fr[16] is NSNull && fr[17] as? Int == 0 && fr[18] as? Int == 1 && fr[19] as? String == "new")
        #expect(page.contains("Needs · excess</button></th>"))
        #expect(page.contains("<ol id=\"worst\"><li>title · de: truncated at every size checked — at large: needs 3832.0 pt, has 3000.0 pt "
                              + "(+832.0 pt, +27.7%, about 2 characters too long); in 3000.0 pt it takes 2 lines; the source fits"
                              + "<br><span class=\"said\">“aa bb cc”</span></li></ol>"))
        // Nothing failing: no list.
        let passing = StressReport(verdicts: [report.verdicts[1]])
        #expect(!passing.html(sourceText: { _ in nil }, draw: { _, _ in nil }).contains("id=\"worst\""))
    }
}

/// The cheaper search for greedy wrapping (on the paragraph without a line limit: no ellipsis
/// measured) must answer exactly as the general one (on the limited paragraph, truncating) —
/// which the hand-summed hb-shape widths above check. Real multilingual strings, 1–3 lines, widths
/// that make most of them fail.
@Suite("Needed width: the greedy search agrees with the general one")
struct NeededWidthSearchTests {
    static let texts = [
        "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz", "Настройки конфиденциальности и безопасности",
        "الإعدادات المتقدمة للخصوصية", "プライバシーとセキュリティの設定を変更する", "Paramètres de confidentialité et de sécurité",
        "सेटिंग्स और गोपनीयता", "การตั้งค่าความเป็นส่วนตัว", "Ρυθμίσεις απορρήτου και ασφάλειας", "Cài đặt quyền riêng tư và bảo mật",
    ]

    @Test(arguments: 1...3)
    func agrees(lines: Int) throws {
        let shaper = try StressFixtures.shaper.get()
        var compared = 0
        for text in Self.texts {
            var style = ParagraphStyle(lineLimit: lines)
            let paragraph = try Paragraph(StyledText(text, attributes: TextAttributes(size: .points(17))), style: style, shaper: shaper)
            style.lineLimit = nil
            let unlimited = try paragraph.restyled(style)
            for width in [40.0, 90, 150, 240] {
                let container = StressContainer(width: width, maxLines: lines, size: .points(17))
                guard !StressSweep.fits(paragraph.layout(width: width), width: width, in: container) else { continue }
                let general = StressSweep.neededWidth(paragraph, in: container)
                #expect(StressSweep.neededWidth(paragraph, unlimited: unlimited, in: container) == general, "\(text), \(lines) lines, \(width) pt")
                compared += 1
            }
        }
        #expect(compared >= 10, "only \(compared) failing cases compared")
    }
}
