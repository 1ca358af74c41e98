import Testing
@testable import Typography

/// Material 3's type scale as Compose publishes it, its names, and its sizes after Android's
/// font scaling.
@Suite("Material 3 type scale")
struct MaterialTypeScaleTests {
    /// `style size lineHeight weight tracking`, copied by hand from Compose's
    /// `androidx/compose/material3/tokens/TypeScaleTokens.kt` (androidx/androidx, VERSION v0_103;
    /// https://github.com/androidx/androidx/blob/androidx-main/compose/material3/material3/src/commonMain/kotlin/androidx/compose/material3/tokens/TypeScaleTokens.kt).
    /// Sizes, line heights and weights also match m3.material.io's type scale tokens; the spec's
    /// tracking differs in three rows (display large −0.25, title medium 0.15, body medium 0.25).
    static let composeTokens = """
        displayLarge   57 64 400 -0.2
        displayMedium  45 52 400 0
        displaySmall   36 44 400 0
        headlineLarge  32 40 400 0
        headlineMedium 28 36 400 0
        headlineSmall  24 32 400 0
        titleLarge     22 28 400 0
        titleMedium    16 24 500 0.2
        titleSmall     14 20 500 0.1
        bodyLarge      16 24 400 0.5
        bodyMedium     14 20 400 0.2
        bodySmall      12 16 400 0.4
        labelLarge     14 20 500 0.1
        labelMedium    12 16 500 0.5
        labelSmall     11 16 500 0.5
        """

    static func expectClose(_ actual: Double, _ expected: Double, _ note: Comment? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(actual - expected) < 1e-4, "\(actual) ≠ \(expected) \(note?.rawValue ?? "")", sourceLocation: sourceLocation)
    }

    @Test("Every style's size, line height, weight and tracking match Compose's tokens")
    func tokens() throws {
        var seen: [MaterialTextStyle] = []
        for row in Self.composeTokens.split(separator: "\n") {
            let words = row.split(separator: " ")
            try #require(words.count == 5)
            let style = try #require(MaterialTextStyle(rawValue: String(words[0])))
            #expect(style.size == Double(words[1]), "\(style) size")
            #expect(style.lineHeight == Double(words[2]), "\(style) line height")
            #expect(style.weight.value == Int(words[3]), "\(style) weight")
            #expect(style.tracking == Double(words[4]), "\(style) tracking")
            seen.append(style)
        }
        #expect(seen == MaterialTextStyle.allCases, "fifteen styles, in Material's order")
    }

    @Test("Medium (500) exactly for title medium, title small and the three labels")
    func mediumWeights() {
        #expect(MaterialTextStyle.allCases.filter { $0.weight == .medium }
            == [.titleMedium, .titleSmall, .labelLarge, .labelMedium, .labelSmall])
        #expect(MaterialTextStyle.allCases.allSatisfy { $0.weight == .medium || $0.weight == .regular })
    }

    @Test("Names parse in Compose, token, snake and spaced spellings, any case", arguments: [
        ("bodyLarge", MaterialTextStyle.bodyLarge), ("BODYLARGE", .bodyLarge), ("body-large", .bodyLarge),
        ("body_large", .bodyLarge), ("Body Large", .bodyLarge), ("display-large", .displayLarge),
        ("LABEL_SMALL", .labelSmall), ("headlineMedium", .headlineMedium), ("title-small", .titleSmall),
    ])
    func parse(_ name: String, _ style: MaterialTextStyle) {
        #expect(MaterialTextStyle(name: name) == style)
    }

    @Test("Other names are rejected", arguments: ["body", "title", "", "bodyHuge", "large-body", "h1"])
    func rejects(_ name: String) {
        #expect(MaterialTextStyle(name: name) == nil)
    }

    @Test("Platforms parse case-insensitively; nothing else is a platform")
    func platforms() {
        #expect(Platform(name: "ios") == .ios)
        #expect(Platform(name: "iOS") == .ios)
        #expect(Platform(name: "IOS") == .ios)
        #expect(Platform(name: "android") == .android)
        #expect(Platform(name: "Android") == .android)
        for name in ["apple", "macos", "", "droid", "ios16"] {
            #expect(Platform(name: name) == nil, "\(name)")
        }
        #expect(Platform.allCases.map(\.rawValue) == ["ios", "android"])
    }

    @Test("Body large at 2.0: 16 sp → 28 dp, 24 sp line → 42 dp, 0.5 sp tracking → 1 dp")
    func bodyLargeAtTwo() throws {
        let metrics = MaterialTextStyle.bodyLarge.metrics(at: try AndroidFontScale(2))
        // 16 sp: between 14→26 and 18→30: 26 + 2/4 × 4 = 28.
        #expect(metrics.fontSize == 28)
        // Line height in proportion: 24/16 × 28 = 42 (24 sp on its own would be 36 dp).
        #expect(metrics.lineHeight == 42)
        // 0.5 sp: below the first entry, 0.5/8 × 16 = 1.
        #expect(metrics.letterSpacing == 1)
        #expect(metrics.weight == .regular)
    }

    @Test("Display large at 2.0: 57 sp → 61.914 dp, its 64 sp line → 69.518 dp, −0.2 sp → −0.4 dp")
    func displayLargeAtTwo() throws {
        let metrics = MaterialTextStyle.displayLarge.metrics(at: try AndroidFontScale(2))
        // 57 sp: between 30→38 and 100→100: 38 + 27/70 × 62 = 61.9142857.
        let size = 38 + 27.0 / 70 * 62
        Self.expectClose(metrics.fontSize, size)
        // 64/57 × 61.9142857 = 69.5177…
        Self.expectClose(metrics.lineHeight, 64.0 / 57 * size)
        // −0.2 sp: −(0.2/8 × 16) = −0.4.
        Self.expectClose(metrics.letterSpacing, -0.4)
    }

    @Test("Body medium at 1.3: 14 sp → 18.8 dp, 20 sp line → 26.857 dp, 0.2 sp → 0.26 dp")
    func bodyMediumAtOnePointThree() throws {
        let metrics = MaterialTextStyle.bodyMedium.metrics(at: try AndroidFontScale(1.3))
        #expect(Float(metrics.fontSize) == 18.8)
        // 20/14 × 18.8 = 26.857142…
        Self.expectClose(metrics.lineHeight, 20.0 / 14 * 18.8)
        // 0.2/8 × 10.4 = 0.26.
        Self.expectClose(metrics.letterSpacing, 0.26)
    }

    @Test("Label small at 0.85 scales linearly: 11 → 9.35, 16 → 13.6, 0.5 → 0.425")
    func labelSmallAtSmallest() throws {
        let metrics = MaterialTextStyle.labelSmall.metrics(at: try AndroidFontScale(0.85))
        Self.expectClose(metrics.fontSize, 9.35)
        Self.expectClose(metrics.lineHeight, 13.6)
        Self.expectClose(metrics.letterSpacing, 0.425)
        #expect(metrics.weight == .medium)
    }

    @Test("At the default scale every style keeps its sp values as dp")
    func identityAtOne() {
        for style in MaterialTextStyle.allCases {
            let metrics = style.metrics(at: .standard)
            #expect(metrics.fontSize == style.size, "\(style)")
            #expect(metrics.lineHeight == style.lineHeight, "\(style)")
            #expect(Float(metrics.letterSpacing) == Float(style.tracking), "\(style)")
        }
    }
}
