import Foundation
import Testing
@testable import Typography

@Suite("Android profile: Roboto, sizes in sp, Material 3 styles, the font scale")
struct AndroidProfileTests {
    static func android(_ size: FontSize, scale: Double = 1, weight: FontWeight? = nil) throws -> TextAttributes {
        TextAttributes(font: FontRequest(weight: weight), size: size, platform: .android, fontScale: try AndroidFontScale(scale))
    }

    @Test("The system font is Roboto (bundled, variable); a Material style's weight is set on its wght axis")
    func robotoIsTheSystemFont() throws {
        let library = try Fixtures.library()
        let body = try library.match(try Self.android(.material(.bodyLarge)))
        #expect(body.face.family == "Roboto" && body.source == .bundled && body.face.weight == .regular)
        // Material 3: labelLarge is weight 500 (Medium): Roboto's wght axis sets it exactly.
        let label = try library.match(try Self.android(.material(.labelLarge)))
        #expect(label.face.weight == .medium && !label.weightSubstituted)
        // iOS keeps the bundled stand-in.
        #expect(try library.match(TextAttributes(size: .style(.body))).face.family == "Noto Sans")
    }

    @Test("Sizes: sp through Android 14's curve (hand-computed from AOSP's 2.0 table: 14 → 26, 18 → 30)")
    func sizes() throws {
        // bodyLarge 16 sp at 2.0: 26 + (16 − 14) / (18 − 14) × (30 − 26) = 28 dp.
        #expect(abs(try Self.android(.material(.bodyLarge), scale: 2).pointSize - 28) < 1e-4)
        // A plain size in sp scales too: 30 sp at 2.0 is 38 dp (the table), not 60.
        #expect(abs(try Self.android(.points(30), scale: 2).pointSize - 38) < 1e-4)
        // At 1.0, sp = dp; below 1.13 the scale is linear: 14 sp at 0.85 = 11.9 dp.
        #expect(try Self.android(.material(.bodyMedium)).pointSize == 14)
        #expect(abs(try Self.android(.points(14), scale: 0.85).pointSize - 11.9) < 1e-4)
    }

    @Test("A Material style's letter spacing is tracking in dp, with optional ligatures off (Minikin); = hb-shape")
    func letterSpacing() throws {
        let attributes = try Self.android(.material(.bodyLarge), scale: 2)
        // bodyLarge: 0.5 sp letter spacing; below the table's 8 sp Android interpolates from 0:
        // 0.5 × 16 / 8 = 1 dp at 2.0.
        #expect(abs(attributes.styleTracking - 1) < 1e-6 && attributes.shapingFeatures == FontFeature.offForTracking)
        let shaper = try Fixtures.shaper()
        let line = try shaper.measure("office hours", attributes: attributes)
        let hbShape = try #require(Fixtures.which("hb-shape"))
        let output = try Fixtures.run(hbShape, ["--font-funcs=ot", "--output-format=json", "--no-glyph-names", "--features=-liga,-clig",
                                                Fixtures.roboto, "office hours"])
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        let advance = glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
        // 12 grapheme clusters × 1 dp, plus the advances at 28 dp (Roboto's upem is 2048).
        #expect(abs(line.width - (Double(advance) * line.size / 2048 + 12)) < 1e-6)
    }

    @Test("A style of the other platform is an error naming it")
    func otherPlatformStyle() throws {
        do {
            _ = try TextAttributes(size: .material(.bodyLarge)).validated()
            Issue.record("bodyLarge was measured under ios")
        } catch {
            #expect("\(error)".contains("text style 'bodyLarge' under platform 'ios'"))
        }
        #expect(throws: TypographyError.styleOfOtherPlatform(style: "body", platform: "android")) {
            try Self.android(.style(.body)).validated()
        }
    }
}
