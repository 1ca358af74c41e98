import Foundation
import Testing

/// Issue 28 through `textfit stress`: what a failing verdict says in the terminal, report.json,
/// junit.xml; untranslated entries measured (and failing when they do not fit).
///
/// Noto Sans Regular at 1000 pt (upem 1000), from HarfBuzz:
///
///     hb-shape --font-size=1000 fonts/NotoSans-Regular.ttf "aa bb cc"
///     [a=0+561|a=1+561|space=2+260|b=3+615|b=4+615|space=5+260|c=6+480|c=7+480]
///
/// "aa" = 1122, "aa bb" = 2612, "aa bb cc" = 3832: in 3000 pt it needs 832 more (27.73 %), and
/// takes two lines. Truncated, it shows "aa b…":
///
///     hb-shape --font-size=1000 fonts/NotoSans-Regular.ttf "aa b…"
///     [a=0+561|a=1+561|space=2+260|b=3+615|ellipsis=4+791]
///
/// 2788 wide.
@Suite("textfit stress: failing verdicts")
struct StressVerdictCLITests {
    static let catalog = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "aa"}},
                                      "de": {"stringUnit": {"state": "translated", "value": "aa bb cc"}}}},
          "long": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "aa bb cc"}},
                                     "de": {"stringUnit": {"state": "translated", "value": "aa"}},
                                     "fr": {"stringUnit": {"state": "new", "value": ""}}}}}}
        """#

    @Test("Terminal, report.json and junit.xml: what each failure needs, whose fault, the untranslated measured")
    func outputs() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-verdicts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/Localizable.xcstrings"
        try Data(Self.catalog.utf8).write(to: URL(fileURLWithPath: file))
        let options = ["--bundled-only", "--width", "3000", "--size", "1000", "--max-lines", "1", "--dynamic-type", "large"]
        let run = try CLI.run(["stress", file] + options + ["--report", directory + "/out"])
        // title · de fails (its source "aa" fits); long · en fails (the source itself); long · fr is
        // untranslated, shows the source's "aa bb cc", and fails as the source does. Three failures:
        // before issue 28, fr's verdict was `untranslated` and passed (two failures).
        #expect(run.status == 1 && run.stderr.contains("3 failing checks"), "\(run.stderr)")
        let out = run.stdout
        #expect(out.contains("2 checks of untranslated entries (measured as shown: the source's text), 1 failing"), "\(out)")
        // long · en is the source language's own text (issue 50: it was "with no source to compare").
        #expect(out.contains("3 failing cases (key · locale · variant): 1 because of the translation (the source fits), "
                             + "1 fail in the source too, 1 in the source language (en)"), "\(out)")
        // Each offender with its text under it. Large is the only size checked, so each fails at every
        // size checked; "aa bb cc" averages 3832 / 8 = 479 pt a character, and 832 / 479 = 1.74: about 2.
        let needs = "at large: needs 3832.0 pt, has 3000.0 pt (+832.0 pt, +27.7%, about 2 characters too long); in 3000.0 pt it takes 2 lines"
        let offenders = out.components(separatedBy: "\n").filter { $0.hasPrefix("  ") }
        #expect(offenders == [
            "  title · de: truncated at every size checked — \(needs); the source fits",
            "      “aa bb cc”",
            "  long · fr (untranslated): truncated at every size checked — \(needs); the source fails too",
            "      “aa bb cc”",
            "  long · en: truncated at every size checked — \(needs)",
            "      “aa bb cc”",
        ], "\(out)")
        // Where the report is.
        #expect(out.hasSuffix("\nreport written to '\(directory)/out/index.html' (open it in a browser; report.json and junit.xml beside it)\n"), "\(out)")
        let fr = try #require(out.components(separatedBy: "\n").first { $0.hasPrefix("fr ") })
        #expect(fr.split(separator: " ") == ["fr", "1", "0", "0", "1", "0", "0", "2"])

        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/out/report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let verdicts = try #require(report["verdicts"] as? [[String: Any]])
        let longFr = try #require(verdicts.first { $0["key"] as? String == "long" && $0["locale"] as? String == "fr" })
        #expect(longFr["status"] as? String == "truncated" && longFr["failed"] as? Bool == true)
        #expect(longFr["untranslated"] as? Bool == true && longFr["untranslatedReason"] as? String == "new")
        #expect(longFr["neededWidth"] as? Double == 3832 && longFr["excess"] as? Double == 832 && longFr["linesNeeded"] as? Int == 2)
        #expect(longFr["sourceFails"] as? Bool == true)
        let longEn = try #require(verdicts.first { $0["key"] as? String == "long" && $0["locale"] as? String == "en" })
        #expect(longEn["sourceFails"] == nil && longEn["untranslated"] == nil)

        let junit = try String(contentsOfFile: directory + "/out/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<failure message="large: truncated, width 2788.00 pt, 1 line(s), needs 3832.00 pt, has 3000.00 pt (+832.00 pt, +27.73%, about 2 characters too long), in 3000.00 pt it takes 2 lines, the source fails too, untranslated (new)">"#), "\(junit)")
        // title · fr (the key fr lacks, filled in from the source) passes, untranslated: missing.
        #expect(junit.contains("<testcase classname=\"fr\" name=\"title\">\n      <system-out>untranslated (missing): the source's text is shown</system-out>"), "\(junit)")

        // The report is its own baseline: nothing worse.
        let again = try CLI.run(["stress", file] + options + ["--baseline", directory + "/out/report.json"])
        #expect(again.status == 0 && again.stdout.contains("0 verdicts worse than the baseline"), "\(again.stdout)")
    }
}
