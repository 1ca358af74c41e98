import Foundation
import Testing
@testable import Service

/// Issue 28: a failing `stress-check` verdict says how much room it needs and, given a
/// `sourceLanguage`, whether the source fails too.
///
/// Noto Sans Regular at 1000 pt (upem 1000, a unit a point), from HarfBuzz:
///
///     hb-shape --font-size=1000 fonts/NotoSans-Regular.ttf "aa bb cc"
///     [a=0+561|a=1+561|space=2+260|b=3+615|b=4+615|space=5+260|c=6+480|c=7+480]
///
/// "aa" = 1122, "aa bb" = 2612, "aa bb cc" = 3832.
@Suite("Service: stress-check's failing verdicts")
struct StressCheckVerdictTests {
    func call(_ body: String) throws -> ServiceResponse {
        try ServiceFixtures.dispatcher().handle("stress-check", body: Data(body.utf8))
    }

    /// Placeholders are sampled per locale as `textfit stress` samples them. CLDR 41
    /// (common/main/de.xml, fr.xml, en.xml `symbols numberSystem="latn"`): German groups with ".",
    /// French with U+202F NARROW NO-BREAK SPACE, English with ","; a constraint's `samples` overrides.
    @Test("stress-check samples numbers in each locale's grouping, and takes the constraint's samples")
    func samples() throws {
        let body = #"{"key": "files", "texts": {"en": "%d files", "de": "%d Dateien", "fr": "%d fichiers"}, "constraint": {"width": 300, "dynamicType": "large"}}"#
        let texts = (try ServiceFixtures.json(try call(body))["verdicts"] as? [[String: Any]])?.map { $0["text"] as? String }
        #expect(texts == ["8.888.888 Dateien", "8,888,888 files", "8\u{202F}888\u{202F}888 fichiers"])
        let overriding = #"{"key": "files", "texts": {"en": "%d files"}, "constraint": {"width": 300, "dynamicType": "large", "samples": {"%d": 3}}}"#
        let overridden = try ServiceFixtures.json(try call(overriding))
        #expect((overridden["verdicts"] as? [[String: Any]])?.first?["text"] as? String == "3 files", "\(overridden)")
    }

    @Test("neededWidth, excess, excessPercent, linesNeeded on the failing verdict; sourceFails against the sourceLanguage's text")
    func fields() throws {
        let object = try ServiceFixtures.json(try call(#"""
            {"key": "title", "texts": {"en": "aa", "de": "aa bb cc", "fr": "aa bb"}, "sourceLanguage": "en",
             "constraint": {"width": 3000, "maxLines": 1, "size": 1000, "dynamicType": "large"}}
            """#))
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts.map { $0["locale"] as? String } == ["de", "en", "fr"])
        let de = verdicts[0], en = verdicts[1], fr = verdicts[2]
        #expect(de["status"] as? String == "truncated" && de["failed"] as? Bool == true)
        // 3832 needed in 3000: 832 over, 27.73 % of 3000; two lines at 3000 ("aa bb" / "cc").
        #expect(de["neededWidth"] as? Double == 3832 && de["excess"] as? Double == 832)
        #expect(abs((de["excessPercent"] as? Double ?? 0) - 27.733_333) < 1e-5)
        #expect(de["linesNeeded"] as? Int == 2)
        #expect(de["sourceFails"] as? Bool == false)
        // The source itself: no sourceFails; a passing verdict: no excess.
        #expect(en["sourceFails"] == nil && en["neededWidth"] == nil)
        #expect(fr["status"] as? String == "fits" && fr["sourceFails"] as? Bool == false && fr["excess"] == nil)
    }

    @Test("Without a sourceLanguage no verdict has sourceFails; one not among the texts is invalid-request naming it")
    func sourceLanguage() throws {
        let plain = try ServiceFixtures.json(try call(#"{"texts": {"en": "aa", "de": "aa bb cc"}, "constraint": {"width": 3000, "size": 1000, "dynamicType": "large"}}"#))
        let verdicts = try #require(plain["verdicts"] as? [[String: Any]])
        #expect(verdicts.count == 2 && verdicts.allSatisfy { $0["sourceFails"] == nil })
        #expect(verdicts[0]["neededWidth"] as? Double == 3832)
        let response = try call(#"{"texts": {"de": "aa"}, "sourceLanguage": "en", "constraint": {"width": 3000}}"#)
        #expect(response.status == 400)
        let error = try #require(try ServiceFixtures.json(response)["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalid-request")
        #expect(error["message"] as? String == "sourceLanguage: 'en' is not one of the locales of texts (de)")
    }

    /// `%@`'s sample is "Maximilian Mustermann-Schmidt":
    ///
    ///     hb-shape --font-size=1000 fonts/NotoSans-Regular.ttf "Maximilian Mustermann-Schmidt Maximilian Mustermann-Schmidt"
    ///
    /// sums to 31490 units (one sample 15615, the space 260), so at 10 pt one sample is 156.15 pt and
    /// "%@ %@" 314.90 pt; "%@" as written (percent 831 + at 899) would be 17.30 pt.
    @Test("The source text is sampled as its own entry is: a placeholder in both")
    func sampledSource() throws {
        let object = try ServiceFixtures.json(try call(#"""
            {"texts": {"en": "%@", "de": "%@ %@"}, "sourceLanguage": "en",
             "constraint": {"width": 100, "maxLines": 1, "size": 10, "dynamicType": "large"}}
            """#))
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        let de = verdicts[0]
        // The source, sampled (156.15 pt), does not fit 100 pt either: unsampled (17.30) it would.
        #expect(de["failed"] as? Bool == true && de["sourceFails"] as? Bool == true)
        #expect(abs((de["neededWidth"] as? Double ?? 0) - 314.90) < 1e-9)
        #expect(abs((de["excess"] as? Double ?? 0) - 214.90) < 1e-9)
    }
}
