import Foundation
import Testing
import LayoutCore
@testable import Catalogs
@testable import LocalizationStress
import TextLayout
import Typography

// Every expected number here is worked by hand from AOSP's font-scale tables
// (FontScaleConverterFactory: at 1.15, 14 → 16.4 and 18 → 19.8 sp→dp; at 1.3, 14 → 18.8, 18 → 21.6;
// at 1.5, 14 → 22, 18 → 24; at 1.8, 14 → 24.4, 18 → 27.6; at 2, 8 → 16, 14 → 26, 18 → 30; below
// 8 sp each table interpolates from 0; below 1.13 the scale is linear), Compose's bodyLarge
// (16 sp, line height 24 sp, letter spacing 0.5 sp, weight 400) and hb-shape's advance of "Settings"
// in Roboto's default instance (wght 400, wdth 100): 7478 units at 2048 per em
// (Tests/TypographyTests/Fixtures/hb-shape-variations.tsv).

/// The seven steps of Android's Font size setting, written out.
private let settings: [Double] = [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2]

/// bodyLarge's font size in dp at each of `settings`: 16 × 0.85; 16; 16.4 + ½ × 3.4; 18.8 + ½ × 2.8;
/// 22 + ½ × 2; 24.4 + ½ × 3.2; 26 + ½ × 4.
private let bodyLargeDp: [Double] = [13.6, 16, 18.1, 20.2, 23, 26, 28]

/// bodyLarge's 0.5 sp letter spacing in dp: 0.5 × 0.85; 0.5; then 0.5 ÷ 8 × each table's 8 sp entry
/// (9.2, 10.4, 12, 14.4, 16).
private let letterSpacingDp: [Double] = [0.425, 0.5, 0.575, 0.65, 0.75, 0.9, 1]

/// "Settings" in bodyLarge: 7478 units × dp ÷ 2048, plus 8 grapheme clusters × the letter spacing.
private func settingsWidth(_ index: Int) -> Double { 7478 * bodyLargeDp[index] / 2048 + 8 * letterSpacingDp[index] }

private func androidContainer(width: Double, lines: Int? = 1) -> StressContainer {
    Constraint(width: width, maxLines: lines, platform: .android).container
}

@Suite("The stress sweep under android: font scales, sp, Roboto, Material 3")
struct AndroidSweepTests {
    @Test("An android constraint defaults to bodyLarge at the seven font scales of Android's settings")
    func defaults() throws {
        let container = androidContainer(width: 320)
        #expect(container.size == .material(.bodyLarge))
        #expect(container.textSizes.map(\.description) == ["0.85", "1", "1.15", "1.3", "1.5", "1.8", "2"])
        #expect(container.platform == .android)
        // The font is the platform's: Roboto, though the request names no family.
        let attributes = container.attributes(at: .fontScale(try AndroidFontScale(1)), locale: "en")
        #expect(attributes.platform == .android && attributes.resolvedFont.family == "Roboto")
    }

    @Test("Widths: Roboto at bodyLarge's dp size and letter spacing at each scale (hand-computed from AOSP's tables)")
    func widths() throws {
        let verdicts = try StressFixtures.sweep().verdicts(for: StressFixtures.entry("Settings"), in: androidContainer(width: 1000),
                                                           text: "Settings")
        #expect(verdicts.map(\.size) == settings.map { .fontScale(try! AndroidFontScale($0)) })
        for (index, verdict) in verdicts.enumerated() {
            #expect(verdict.status == .fits)
            #expect(abs(verdict.width - settingsWidth(index)) < 1e-3, "at \(settings[index]): \(verdict.width) vs \(settingsWidth(index))")
        }
        // At 2.0: 7478 × 28 ÷ 2048 + 8 × 1 = 110.238 dp, not 2 × 62.422 (linear scaling would be 124.8).
        #expect(abs(verdicts[6].width - 110.23828125) < 1e-3)
    }

    @Test("In an 80 dp box the verdict flips: fits up to 1.3 (78.96 dp), truncated from 1.5 (89.98 dp)")
    func verdictFlips() throws {
        let verdicts = try StressFixtures.sweep().verdicts(for: StressFixtures.entry("Settings"), in: androidContainer(width: 80),
                                                           text: "Settings")
        #expect(settingsWidth(3) < 80 && settingsWidth(4) > 80)
        #expect(verdicts.map(\.status) == [.fits, .fits, .fits, .fits, .truncated, .truncated, .truncated])
        #expect(verdicts.map(\.failed) == [false, false, false, false, true, true, true])
        let report = StressReport(verdicts: verdicts)
        #expect(report.platform == .android)
        #expect(report.summary.firstFailures.map { [$0.passesUpTo, $0.failsFrom] } == [["1.3", "1.5"]])
    }

    @Test("Line heights: bodyLarge's 24 sp in proportion to its dp size (24 ÷ 16 × 28 = 42 at 2.0), resized or set anew")
    func lineHeights() throws {
        let sweep = try StressFixtures.sweep()
        let box = androidContainer(width: 1000)
        let entry = StressFixtures.entry("Settings")
        let base = try sweep.paragraph("Settings", of: entry, in: box, size: box.textSizes[0])
        // Below 1.13 the line height scales linearly (24 × 0.85 = 20.4); from there it keeps its
        // proportion to the font size: 1.5 × the dp size.
        let expected = [20.4, 24, 27.15, 30.3, 34.5, 39, 42]
        for (index, size) in box.textSizes.enumerated() {
            let fresh = try sweep.paragraph("Settings", of: entry, in: box, size: size).layout(width: 1000)
            let resized = try sweep.paragraph(resizing: base, "Settings", of: entry, in: box, to: size).layout(width: 1000)
            #expect(abs((fresh.lines.first?.height ?? 0) - expected[index]) < 1e-3, "\(size)")
            #expect(abs((resized.lines.first?.height ?? 0) - expected[index]) < 1e-3, "\(size), resized")
            #expect(abs(resized.size.width - settingsWidth(index)) < 1e-3, "\(size), resized")
        }
        // The report's picture of a failing verdict is one line of 42 dp at 2.0.
        let verdict = try #require(try sweep.verdicts(for: entry, in: androidContainer(width: 80), text: "Settings").last)
        let picture = try #require(sweep.picture(of: verdict, entry: entry, container: androidContainer(width: 80)))
        #expect(abs(picture.box.height - 42) < 1e-3)
    }

    @Test("A size in sp with a Material style keeps the style's weight, letter spacing and line height (Compose's copy)")
    func sizeWithStyle() throws {
        // titleMedium: weight 500, line height 24 sp, letter spacing 0.2 sp; here at 14 sp.
        let container = Constraint(width: 300, size: 14, platform: .android, materialStyle: .titleMedium).container
        #expect(container.size == .points(14) && container.font.weight == .medium && container.materialStyle == .titleMedium)
        let two = TextSize.fontScale(try AndroidFontScale(2))
        let attributes = container.attributes(at: two, locale: nil)
        // 14 sp at 2.0 is the table's 26 dp; 0.2 sp of letter spacing is 0.2 ÷ 8 × 16 = 0.4 dp.
        #expect(abs(attributes.pointSize - 26) < 1e-4)
        #expect(abs(attributes.tracking - 0.4) < 1e-6 && attributes.features == FontFeature.offForTracking)
        // Line height: 24 ÷ 14 × 26 = 44.571 dp.
        #expect(container.paragraphStyle(at: two).lineMetrics == .fixed(Double(Float(24) / Float(14) * Float(26))))
        // A size alone is plain sp: no letter spacing, the font's own line height.
        let plain = Constraint(width: 300, size: 14, platform: .android).container
        #expect(plain.attributes(at: two, locale: nil).tracking == 0 && plain.paragraphStyle(at: two).lineMetrics == ParagraphStyle().lineMetrics)
        #expect(abs(plain.attributes(at: two, locale: nil).pointSize - 26) < 1e-4)
        // The sweep sets such text anew at each scale (the letter spacing changes): at 1.0, 14 dp and 0.2 dp.
        let one = TextSize.fontScale(.standard)
        #expect(abs(container.attributes(at: one, locale: nil).tracking - 0.2) < 1e-6 && container.attributes(at: one, locale: nil).pointSize == 14)
        // Through the sweep (1 then 2): the advances (at weight 500, whatever they are) scale by 26 ÷ 14 and
        // the 8 clusters' spacing goes from 0.2 to 0.4 dp, so width(2) − 3.2 = (width(1) − 1.6) × 26 ÷ 14.
        var wide = container
        wide.width = 1000
        wide.textSizes = [one, two]
        let verdicts = try StressFixtures.sweep().verdicts(for: StressFixtures.entry("Settings"), in: wide, text: "Settings")
        #expect(verdicts.count == 2)
        #expect(abs((verdicts[1].width - 3.2) - (verdicts[0].width - 1.6) * 26 / 14) < 1e-3, "\(verdicts.map(\.width))")
    }
}

@Suite("Stress reports under android")
struct AndroidReportTests {
    func report() throws -> StressReport {
        let sweep = try StressFixtures.sweep()
        let entries = [StressFixtures.entry("Settings", key: "settings"), StressFixtures.entry("Settings", key: "settings", locale: "de")]
        return StressReport(verdicts: sweep.run(entries, container: { _ in androidContainer(width: 80) }), platform: .android)
    }

    @Test("report.json: platform at the top, fontScale per verdict (no dynamicTypeSize), as JSONEncoder writes it, read back")
    func json() throws {
        let report = try report()
        let data = try report.json()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["platform"] as? String == "android")
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts.map { $0["fontScale"] as? Double } == (settings + settings).map { Optional($0) })
        #expect(verdicts.allSatisfy { $0["dynamicTypeSize"] == nil })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(data == roundingNumbers(inJSON: try encoder.encode(report)))
        let decoded = try JSONDecoder().decode(StressReport.self, from: data)
        // Numbers are printed to 1e-9 (JSONWriter.printed): read back, the report writes the same bytes.
        #expect(decoded.platform == .android && decoded.verdicts.count == report.verdicts.count)
        #expect(try decoded.json() == data)
        #expect(report.regressions(against: decoded).isEmpty)
    }

    @Test("A report written before platforms (no platform field, dynamicTypeSize) is read as iOS's")
    func oldReport() throws {
        let json = #"{"summary":{"checks":1,"failures":0,"firstFailures":[],"locales":{},"statuses":{}},"verdicts":[{"dynamicTypeSize":"xxLarge","failed":false,"key":"k","lineCount":1,"locale":"en","overflow":0,"scale":1,"status":"fits","text":"t","variant":"","width":10}]}"#
        let report = try JSONDecoder().decode(StressReport.self, from: Data(json.utf8))
        #expect(report.platform == .ios && report.verdicts.map(\.size) == [.dynamicType(.xxLarge)])
        let written = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(written["platform"] as? String == "ios")
        #expect((written["verdicts"] as? [[String: Any]])?.first?["dynamicTypeSize"] as? String == "xxLarge")
    }

    @Test("junit.xml, the terminal summary and index.html label sizes as “font scale 1.5”")
    func labels() throws {
        let report = try report()
        let xml = report.junit()
        #expect(xml.contains("<failure message=\"font scale 1.5: truncated, width"))
        #expect(xml.contains("\nfont scale 2: truncated"))
        let summary = report.terminalSummary()
        #expect(summary.contains("settings · en: fits up to font scale 1.3, truncated from font scale 1.5"))
        #expect(summary.contains("14 checks, 6 failing (android, font scales 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2)"))
        // Android's containers are in dp, and so is every width said of them (issue 50): never pt.
        #expect(xml.contains(" dp, 1 line(s)") && xml.contains(" dp, has ") && !xml.contains(" pt"), "\(xml)")
        #expect(summary.contains(" dp, has ") && !summary.contains(" pt"), "\(summary)")
        let html = report.html(sourceText: { _ in nil }, draw: { _, _ in nil })
        #expect(html.contains(#""unit":"dp""#) && html.contains("Widths are in dp (text sizes in sp)"))
        // The size strip's cells are labelled: a font scale by its number.
        #expect(html.contains(#""short":["0.85×","1×","1.15×","1.3×","1.5×","1.8×","2×"]"#))
        let page = try ReportTests.PageData(html)
        #expect(page.sizes == settings.map { "font scale \(try! AndroidFontScale($0))" })
        #expect(page.sizes.first == "font scale 0.85" && page.row(0)[1] == "font scale 1.5")
    }

    @Test("The worst offenders fail from the smallest font scale first (numbers, not catalog order)")
    func worstFirst() {
        func verdict(_ key: String, _ scale: Double) -> StressVerdict {
            StressVerdict(key: key, locale: "en", variant: "", size: .fontScale(try! AndroidFontScale(scale)), text: "t",
                          status: .truncated, width: 1, lineCount: 1, overflow: 0, scale: 1, failed: true)
        }
        let report = StressReport(verdicts: [verdict("late", 10), verdict("early", 1.15), verdict("middle", 2)])
        #expect(report.summary.worstFirst().map(\.key) == ["early", "middle", "late"])
    }
}

@Suite("Font scale lists (--font-scale, \"fontScale\")")
struct FontScaleListTests {
    @Test func parses() throws {
        #expect(try FontScaleList(parsing: "all").scales.map(\.value) == settings)
        #expect(try FontScaleList(parsing: " 2, 130%, 1,1.0 ").scales.map(\.value) == [1, 1.3, 2])
        #expect(try FontScaleList(parsing: "all, 3").scales.map(\.value) == settings + [3])
        #expect(try FontScaleList(parsing: "1,1.3,2").description == "1,1.3,2")
        #expect(FontScaleList.all.description == "all")
        #expect(FontScaleList([]) == nil)
    }

    @Test(arguments: [
        // Every mistake says what a list may hold: one wording (issue 50).
        ("0", "0 is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        ("-1", "-1 is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        ("abc", "'abc' is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        ("nan", "'nan' is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        ("1e999", "infinity is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        ("1,,2", "'1,,2' has an empty item; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        ("ax1", "'ax1' is a Dynamic Type size, which is iOS's; under android the text size is a font scale: a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
    ])
    func errors(text: String, message: String) {
        #expect(throws: FontScaleListError(message)) { try FontScaleList(parsing: text) }
    }
}
