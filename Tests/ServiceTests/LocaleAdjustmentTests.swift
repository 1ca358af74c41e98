import Foundation
import Testing
@testable import Service

/// Issue 46: the service measures every locale as its canonical form, and its answers say what was
/// left out: `measure`'s `adjustments` (as the CLI's `warning:` lines), and `stress-check`'s own
/// `adjustments`, one line per locale of `texts`, while the verdicts keep the locales as sent.
@Suite("Service: locales measured in their canonical form are named in adjustments")
struct LocaleAdjustmentTests {
    func call(_ operation: String, _ body: String) throws -> [String: Any] {
        let response = try ServiceFixtures.dispatcher().handle(operation, body: Data(body.utf8))
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return try ServiceFixtures.json(response)
    }

    @Test("measure: a locale with a region ICU has no data for is measured without it, and says so")
    func measure() throws {
        let results = try #require(try call("measure", #"{"texts": ["Einstellungen"], "locale": "de-XX"}"#)["results"] as? [[String: Any]])
        #expect(results.first?["adjustments"] as? [String] == ["locale 'de-XX' is measured as 'de': ICU has no locale data for de-XX"])
        let plain = try #require(try call("measure", #"{"texts": ["Einstellungen"], "locale": "de-CH"}"#)["results"] as? [[String: Any]])
        #expect(plain.first?["adjustments"] == nil)
    }

    @Test("stress-check: verdicts name the locales as sent; adjustments say how each was measured")
    func stressCheck() throws {
        let object = try call("stress-check", #"""
            {"key": "title", "texts": {"de-XX": "Einstellungen", "de": "Einstellungen", "qq": "Settings", "pseudo-xa": "Ŝéţţîñĝš",
             "zh-Hans": "设置"}, "constraint": {"width": 300, "dynamicType": "large"}}
            """#)
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts.map { $0["locale"] as? String } == ["de", "de-XX", "pseudo-xa", "qq", "zh-Hans"])
        // de-XX is measured as de: the same width.
        #expect(verdicts[0]["width"] as? Double == verdicts[1]["width"] as? Double)
        #expect(object["adjustments"] as? [String] == [
            "locale 'de-XX' is measured as 'de': ICU has no locale data for de-XX",
            "locale 'qq' is measured with no locale (the root locale): 'qq' is not a language ICU knows",
        ])
        let plain = try call("stress-check", #"{"texts": {"de": "Einstellungen"}, "constraint": {"dynamicType": "large"}}"#)
        #expect(plain["adjustments"] == nil)
    }
}
