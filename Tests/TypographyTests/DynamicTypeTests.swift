import Testing
@testable import Typography

@Suite("Dynamic Type")
struct DynamicTypeTests {
    @Test("Twelve sizes and eleven styles, in Apple's order")
    func counts() {
        #expect(DynamicTypeSize.allCases.count == 12)
        #expect(DynamicTypeSize.allCases.first == .xSmall && DynamicTypeSize.allCases.last == .accessibility5)
        #expect(TextStyle.allCases.count == 11)
        #expect(DynamicTypeSize.accessibility1.isAccessibilitySize && !DynamicTypeSize.xxxLarge.isAccessibilitySize)
    }

    @Test("Point sizes match Apple's table (rows copied from the issue, one column per size)")
    func table() {
        // The table, as text: a second, independent transcription of Apple's numbers.
        let rows = """
            largeTitle  31 32 33 34 36 38 40 44 48 52 56 60
            title       25 26 27 28 30 32 34 38 43 48 53 58
            title2      19 20 21 22 24 26 28 34 39 44 50 56
            title3      17 18 19 20 22 24 26 31 37 43 49 55
            headline    14 15 16 17 19 21 23 28 33 40 47 53
            body        14 15 16 17 19 21 23 28 33 40 47 53
            callout     13 14 15 16 18 20 22 26 32 38 44 51
            subheadline 12 13 14 15 17 19 21 25 30 36 42 49
            footnote    12 12 12 13 15 17 19 23 27 33 38 44
            caption     11 11 11 12 14 16 18 22 26 32 37 43
            caption2    11 11 11 11 13 15 17 20 24 29 34 40
            """
        for row in rows.split(separator: "\n") {
            let words = row.split(separator: " ")
            let style = TextStyle(rawValue: String(words[0]))!
            let sizes = words.dropFirst().map { Double($0)! }
            #expect(DynamicTypeSize.allCases.map { style.pointSize(for: $0) } == sizes, "\(style)")
        }
    }

    @Test("Headline is semibold; every other style regular")
    func weights() {
        #expect(TextStyle.headline.defaultWeight == .semibold)
        #expect(TextStyle.allCases.filter { $0.defaultWeight != .regular } == [.headline])
    }

    @Test("A custom size scales relative to its style: 20 pt relative to body at AX3 is 20 × 40 ÷ 17")
    func relativeSize() {
        #expect(FontSize.relative(20, to: .body).points(at: .accessibility3) == 20.0 * 40 / 17)
        #expect(FontSize.relative(20, to: .body).points(at: .large) == 20)
        #expect(FontSize.points(20).points(at: .accessibility5) == 20)
    }

    @Test("Names parse as SwiftUI and Apple spell them", arguments: [
        ("large", DynamicTypeSize.large), ("AX3", .accessibility3), ("accessibility5", .accessibility5),
        ("xxxLarge", .xxxLarge), ("extraSmall", .xSmall),
    ])
    func parse(_ name: String, _ size: DynamicTypeSize) {
        #expect(DynamicTypeSize(name: name) == size)
    }

    @Test("Unknown names are rejected")
    func rejects() {
        #expect(DynamicTypeSize(name: "huge") == nil)
        #expect(TextStyle(name: "title4") == nil)
        #expect(TextStyle(name: "title1") == .title && TextStyle(name: "caption1") == .caption)
        #expect(FontWeight(name: "semibold") == .semibold && FontWeight(name: "650")?.value == 650)
        #expect(FontWeight(name: "0") == nil && FontWeight(name: "boldest") == nil)
    }

    @Test("A new Dynamic Type size rescales the cached line: width is proportional to size, no reshape")
    func newSizeIsArithmetic() throws {
        let shaper = try Fixtures.shaper()
        var attributes = TextAttributes(size: .style(.body))
        let large = try shaper.measure("Dynamic Type", attributes: attributes)
        attributes.dynamicTypeSize = .accessibility5
        let ax5 = try shaper.measure("Dynamic Type", attributes: attributes)
        #expect(abs(ax5.width - large.width * 53 / 17) < 1e-9)
        let stats = shaper.cacheStatistics
        #expect(stats.lines.hits == 1 && stats.lines.misses == 1)
        #expect(shaper.shapingCount == 1)
    }
}
