import Foundation
import Testing
import TextFit

/// Locales are made canonical where they enter (issue 46): `measure --locale`, a measure request's
/// `locale` and a catalog's locale names are measured as their canonical forms, and what was
/// dropped is said — a `warning:` line from the CLI, an `adjustments` entry in the JSON.
@Suite("Locales are made canonical at the edge, and the change is said")
struct LocaleEdgeTests {
    @Test("measure --locale de-XX warns that it measures as de, and answers as --locale de does")
    func cliWarns() throws {
        let adjusted = try CLI.run(["measure", "--bundled-only", "--json", "--locale", "de-XX", "Einstellungen"])
        #expect(adjusted.status == 0, "\(adjusted.stderr)")
        #expect(adjusted.stderr == "textfit: warning: locale 'de-XX' is measured as 'de': ICU has no locale data for de-XX\n")
        let plain = try CLI.run(["measure", "--bundled-only", "--json", "--locale", "de", "Einstellungen"])
        #expect(plain.stderr.isEmpty, "\(plain.stderr)")
        // The same answer but for the adjustment, which the JSON carries too.
        let withoutAdjustments = adjusted.stdout.replacingOccurrences(
            of: #""adjustments":["locale 'de-XX' is measured as 'de': ICU has no locale data for de-XX"],"#, with: "")
        #expect(withoutAdjustments != adjusted.stdout, "\(adjusted.stdout)")
        #expect(withoutAdjustments == plain.stdout)
    }

    @Test("A change of spelling alone is not a change: pt_BR, DE-ch and iw measure without a warning")
    func spellingIsNotAChange() throws {
        for locale in ["pt_BR", "DE-ch", "iw", "ja-JP-u-lb-strict", "zh-HK", "sr-Latn"] {
            let output = try CLI.run(["measure", "--bundled-only", "--locale", locale, "Settings"])
            #expect(output.status == 0 && output.stderr.isEmpty, "\(locale): \(output.stderr)")
        }
    }

    @Test("A locale that is not a tag is still refused, naming the field (the shape check is unchanged)")
    func malformedIsStillAnError() throws {
        let output = try CLI.run(["measure", "--bundled-only", "--locale", "de XX", "Settings"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--locale: 'de XX' is not a locale ICU (CLDR) knows"), "\(output.stderr)")
    }

    @Test("The measure operation reports the canonical form in adjustments, after any axis adjustment")
    func measureAdjustments() throws {
        let engine = try TextFitEngine(bundledOnly: true)
        let klingon = try #require(try engine.measure(MeasureRequest(texts: ["Settings"], locale: "klingon")).first)
        #expect(klingon.adjustments == ["locale 'klingon' is measured with no locale (the root locale): 'klingon' is not a language ICU knows"])
        let none = try #require(try engine.measure(MeasureRequest(texts: ["Settings"])).first)
        #expect(klingon.ideal == none.ideal && klingon.lines == none.lines)
        // Thai as th-XX breaks between dictionary words as th does.
        let thai = "การตั้งค่าความเป็นส่วนตัว"
        let th = try #require(try engine.measure(MeasureRequest(texts: [thai], locale: "th", width: 60)).first)
        let thXX = try #require(try engine.measure(MeasureRequest(texts: [thai], locale: "th-XX", width: 60)).first)
        #expect(th.lines == thXX.lines && th.adjustments == nil)
        #expect(thXX.adjustments == ["locale 'th-XX' is measured as 'th': ICU has no locale data for th-XX"])
        // With a clamped axis as well: the font's adjustment first, then the locale's.
        var both = MeasureRequest(texts: ["Go"], locale: "en-u-foo")
        both.font = "Roboto"
        both.variations = "wght=1200"
        let answer = try #require(try engine.measure(both).first)
        #expect(answer.adjustments == ["wght=1200 is outside the axis's range: 900 used",
                                       "locale 'en-u-foo' is measured as 'en': -u-foo: only lb, lw and nu change the text TextFit sets"])
    }

    @Test("stress warns about a catalog locale it measures without parts ICU has no data for, and reports it as the catalog names it")
    func stressWarns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-locale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/Localizable.xcstrings"
        try Data(#"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"title": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "Settings"}},
              "de-XX": {"stringUnit": {"state": "translated", "value": "Einstellungen"}},
              "zh-Hans": {"stringUnit": {"state": "translated", "value": "设置"}}}}}}
            """#.utf8).write(to: URL(fileURLWithPath: file))
        let output = try CLI.run(["stress", file, "--bundled-only", "--width", "2000", "--dynamic-type", "large", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("textfit: warning: locale 'de-XX' is measured as 'de': ICU has no locale data for de-XX\n"),
                "\(output.stderr)")
        #expect(!output.stderr.contains("zh-Hans"), "\(output.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let locales = Set(try #require(report["verdicts"] as? [[String: Any]]).compactMap { $0["locale"] as? String })
        #expect(locales == ["en", "de-XX", "zh-Hans"])
    }
}
