import Foundation
import Testing
import LocalizationStress
import LayoutCore
import TextFit

/// A finding written to JSON (report.json's `screens.findings`, a shard's `screens`) reads back as
/// the same finding: what `stress merge` regroups must be what the shards found.
@Suite("Screen sweep findings as JSON")
struct SweepJSONTests {
    /// Every field but the allowance, which comes back as its reason alone; with `rounding`, lengths
    /// and the scale to that many decimals (report.json's JSONWriter writes nine).
    func same(_ a: LocalizationSweep.Finding, _ b: LocalizationSweep.Finding, rounding decimals: Double? = nil) -> Bool {
        var a = a, b = b
        let reasons = (a.allowance?.reason, b.allowance?.reason)
        a.allowance = nil
        b.allowance = nil
        if let decimals {
            let unit = pow(10, decimals)
            for finding in [\LocalizationSweep.Finding.neededWidth, \.availableWidth] {
                a[keyPath: finding] = a[keyPath: finding].map { ($0 * unit).rounded() / unit }
                b[keyPath: finding] = b[keyPath: finding].map { ($0 * unit).rounded() / unit }
            }
            a.scale = (a.scale * unit).rounded() / unit
            b.scale = (b.scale * unit).rounded() / unit
        }
        return a == b && reasons.0 == reasons.1
    }

    @Test("Each finding of the planted sweep reads back from JSONWriter's bytes (to a millionth of a point) and exactly from JSONEncoder's (a shard's), allowed ones with their reason")
    func roundTrip() throws {
        let report = try LocalizationSweepTests.sweep().run()
        let findings = report.findings + report.allowed
        #expect(findings.contains(where: \.isAllowed) && findings.contains { !$0.isAllowed })
        for finding in findings {
            var writer = JSONWriter()
            try finding.writeJSON(to: &writer)
            let written = try JSONDecoder().decode(LocalizationSweep.Finding.self, from: writer.data)
            #expect(same(written, finding, rounding: 6), "\(finding)")
            let encoded = try JSONDecoder().decode(LocalizationSweep.Finding.self, from: JSONEncoder().encode(finding))
            #expect(same(encoded, finding), "\(finding)")
        }
    }

    @Test("A font scale (Android) is written as fontScale and read back; a finding with neither size is refused")
    func fontScale() throws {
        var finding = try #require(try LocalizationSweepTests.sweep().run().findings.first)
        finding.size = .fontScale(try AndroidFontScale(1.3))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(finding)) as? [String: Any]
        #expect(json?["fontScale"] as? Double == 1.3 && json?["dynamicTypeSize"] == nil)
        #expect(same(try JSONDecoder().decode(LocalizationSweep.Finding.self, from: JSONEncoder().encode(finding)), finding))
        var sizeless = try #require(json)
        sizeless["fontScale"] = nil
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LocalizationSweep.Finding.self, from: JSONSerialization.data(withJSONObject: sizeless))
        }
    }
}
