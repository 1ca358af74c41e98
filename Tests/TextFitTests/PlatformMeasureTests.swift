import Foundation
import Testing
import TextFit

@Suite("measure under a platform: Android sizes and styles, variable-font settings, bad values named")
struct PlatformMeasureTests {
    @Test("Android: bodyLarge in Roboto, 16 sp at font scale 2 is 28 dp, its 24 sp line 42 dp (AOSP's 2.0 table, hand-computed)")
    func androidBodyLarge() throws {
        let engine = try Engine.get()
        // 2.0 table: 14 sp → 26 dp, 18 sp → 30 dp; 16 sp halfway: 28 dp. Material 3 bodyLarge: 16/24 sp,
        // so its line is 24 × 28 / 16 = 42 dp (Compose keeps the line height's proportion to the size).
        let result = try engine.measure(MeasureRequest(texts: ["Settings"], platform: "android", fontScale: 2))[0]
        #expect(result.font.family == "Roboto" && abs(result.size - 28) < 1e-4)
        #expect(abs(result.ideal.height - 42) < 1e-3 && result.fontScale == 2 && result.dynamicType == nil)
        // The same scale spelled as dynamicType, as the CLI's --dynamic-type spells it under android.
        let spelled = try engine.measure(MeasureRequest(texts: ["Settings"], dynamicType: "200%", platform: "android"))[0]
        #expect(spelled.ideal == result.ideal)
        // labelLarge is Medium (500): Roboto's wght axis set to it.
        let label = try engine.measure(MeasureRequest(texts: ["OK"], style: "labelLarge", platform: "android"))[0]
        #expect(label.weight == 500 && !label.weightSubstituted && label.font.variations == "wght=500")
    }

    @Test("Variations reach the font and the answer names the instance; a clamped value is an adjustment")
    func variations() throws {
        let engine = try Engine.get()
        let result = try engine.measure(MeasureRequest(texts: ["Settings"], font: "Roboto", variations: "wght=1200,wdth=87.5"))[0]
        #expect(result.font.variations == "wght=900,wdth=87.5")
        #expect(result.adjustments == ["wght=1200 is outside the axis's range: 900 used"])
        // JSON: the writer and JSONEncoder agree on the new fields.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(try result.jsonData() == roundingNumbers(inJSON: encoder.encode(result)))
        let android = try engine.measure(MeasureRequest(texts: ["x"], platform: "android", fontScale: 1.3))[0]
        #expect(try android.jsonData() == roundingNumbers(inJSON: encoder.encode(android)))
    }

    @Test("Bad platform values are errors naming the field and the value", arguments: [
        (MeasureRequest(texts: ["x"], platform: "windows"), "platform: 'windows' is not a platform"),
        (MeasureRequest(texts: ["x"], style: "bodyLarge"), "style: 'bodyLarge' is a Material 3 style, which is Android's"),
        (MeasureRequest(texts: ["x"], style: "headline", platform: "android"), "style: 'headline' is an Apple text style"),
        (MeasureRequest(texts: ["x"], platform: "android", fontScale: 0), "fontScale: 0 is not a font scale"),
        (MeasureRequest(texts: ["x"], platform: "android", fontScale: -.infinity), "fontScale: -infinity is not a font scale"),
        (MeasureRequest(texts: ["x"], dynamicType: "xxLarge", platform: "android"), "dynamicType: 'xxLarge' is a Dynamic Type size"),
        (MeasureRequest(texts: ["x"], fontScale: 1.3), "fontScale: a font scale is Android's"),
        (MeasureRequest(texts: ["x"], variations: "wght"), "variations: invalid font variation 'wght'"),
        (MeasureRequest(texts: ["x"], design: "fancy"), "design: 'fancy' is not a design"),
        (MeasureRequest(texts: ["x"], fontWidth: .nan), "fontWidth: must be a width in percent"),
    ])
    func badValues(_ request: MeasureRequest, _ message: String) throws {
        do {
            _ = try Engine.get().measure(request)
            Issue.record("accepted: \(message)")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }
}

@Suite("measure refuses oversized free-text fields without echoing them (issue 27)")
struct FieldLengthTests {
    @Test("A 900 KB locale or family is an error naming the field and its length, not the text", arguments: [
        (MeasureRequest(texts: ["x"], locale: String(repeating: "a", count: 900_000)), "locale: is 900000 bytes long; at most 128"),
        (MeasureRequest(texts: ["x"], font: String(repeating: "F", count: 257)), "font: is 257 bytes long; at most 256"),
        (MeasureRequest(texts: ["x"], features: [String(repeating: "k", count: 200)]), "features: an item is 200 bytes long; at most 128"),
    ])
    func oversized(_ request: MeasureRequest, _ message: String) throws {
        do {
            _ = try Engine.get().measure(request)
            Issue.record("accepted")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("At the cap it is measured (a 128-byte locale is a well-formed tag)")
    func atTheCap() throws {
        let locale = "en-" + (0..<15).map { _ in "abcdefg" }.joined(separator: "-") + "-abcde"
        #expect(locale.utf8.count == 128)
        #expect(try Engine.get().measure(MeasureRequest(texts: ["x"], locale: locale)).count == 1)
    }
}
