import Foundation
import Testing
@testable import Typography

@Suite("Caches a request can fill are bounded (issue 27)")
struct BoundedCachesTests {
    @Test("A bounded cache counts its evictions and its bytes")
    func evictions() {
        let cache = BoundedCache<Int, String>(capacity: 4, byteLimit: 1_000) { _, value in value.utf8.count }
        for key in 0..<10 { cache.insert(String(repeating: "x", count: 10), for: key) }
        let report = cache.report("test")
        // Generations of 2: inserting 10 keys drops the older generation 4 times, 2 entries each.
        #expect(report.entries <= 4 && report.evictions == 6 && report.bytes == 10 * report.entries)
        // An entry over half the byte limit is not kept, and counts as evicted.
        cache.insert(String(repeating: "y", count: 600), for: 99)
        #expect(cache.value(for: 99) == nil && cache.report("test").evictions == 7)
    }

    @Test("3,000 distinct locales and 3,000 distinct styles keep every cache within its bound; measuring stays right")
    func distinctLocales() throws {
        // Its own library: the shared one's caches fill with other suites' requests meanwhile.
        let shaper = Shaper(library: try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false)))
        shaper.limitStyles(to: 1_000)  // the default is 16,384; the rule is the same
        let expected = try shaper.measure("Settings", attributes: Fixtures.attributes()).width
        for index in 0..<3_000 {
            // Locale strings no font or ICU knows: made canonical (issue 46), they are all no locale,
            // so they make one style, not 3,000.
            let attributes = Fixtures.attributes(locale: "x\(index)")
            #expect(abs(try shaper.measure("Settings", attributes: attributes).width - expected) < 1e-9)
        }
        #expect(shaper.cacheReports.first { $0.name == "styles" }!.entries <= 2)
        for index in 0..<3_000 {
            // A feature no font has, with a new value: each a new style, and a chain and fallback lookup.
            var attributes = Fixtures.attributes()
            attributes.features = [try FontFeature("zzzz=\(index + 2)")]
            #expect(abs(try shaper.measure("Settings", attributes: attributes).width - expected) < 1e-9)
        }
        let reports = Dictionary(uniqueKeysWithValues: shaper.cacheReports.map { ($0.name, $0) })
        for name in ["lines", "runs", "styles", "fontMatches", "fallbackChains", "fontInstances"] {
            let report = try #require(reports[name], "\(name)")
            #expect(report.entries <= report.capacity, "\(name): \(report.entries) > \(report.capacity)")
        }
        #expect(reports["styles"]!.evictions >= 2_000)
        // A style seen again after the table was emptied gets a new number and the same answer.
        var again = Fixtures.attributes()
        again.features = [try FontFeature("zzzz=3")]
        #expect(abs(try shaper.measure("Settings", attributes: again).width - expected) < 1e-9)
        // The chain is the script's, whatever the style: one chain, not 3,000.
        #expect(reports["fallbackChains"]!.entries <= 2)
    }
}
