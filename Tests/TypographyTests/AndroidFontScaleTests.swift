import Testing
@testable import Typography

/// Android 14's non-linear font scaling against AOSP's published tables and hand-worked values.
///
/// The tables below are copied by hand from AOSP
/// `frameworks/base/core/java/android/content/res/FontScaleConverterFactory.java`
/// (https://github.com/aosp-mirror/platform_frameworks_base/blob/2d05430b3109dac7e255dc5264250f2c3e8222df/core/java/android/content/res/FontScaleConverterFactory.java),
/// written as text so they are a second transcription, independent of the code's arrays.
/// Where an expected value is a table entry it must match Android's `float` exactly; where it is
/// interpolated the arithmetic is worked out in the comment and checked to 1e-4 dp.
@Suite("Android font scale")
struct AndroidFontScaleTests {
    /// `scale: dp for 8 10 12 14 18 20 24 30 100 sp`.
    static let aospTables = """
        1.15: 9.2 11.5 13.8 16.4 19.8 21.8 25.2 30 100
        1.3: 10.4 13 15.6 18.8 21.6 23.6 26.4 30 100
        1.5: 12 15 18 22 24 26 28 30 100
        1.8: 14.4 18 21.6 24.4 27.6 30.8 32.8 34.8 100
        2: 16 20 24 26 30 34 36 38 100
        """
    static let spSizes: [Float] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    static func scale(_ value: Double) throws -> AndroidFontScale { try AndroidFontScale(value) }

    static func expectClose(_ actual: Double, _ expected: Double, _ note: Comment? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(actual - expected) < 1e-4, "\(actual) ≠ \(expected) \(note?.rawValue ?? "")", sourceLocation: sourceLocation)
    }

    @Test("Every entry of every AOSP table converts to its dp exactly (as Android's float)")
    func everyTableEntry() throws {
        var rows = 0
        for row in Self.aospTables.split(separator: "\n") {
            let parts = row.split(separator: ":")
            let scale = try Self.scale(try #require(Double(parts[0].trimmingCharacters(in: .whitespaces))))
            let dps = parts[1].split(separator: " ").compactMap { Float($0) }
            try #require(dps.count == Self.spSizes.count)
            for (sp, dp) in zip(Self.spSizes, dps) {
                // Float(…) == a Float literal: bit-for-bit the value Java's `16.4f` holds.
                #expect(Float(scale.dp(forSp: Double(sp))) == dp, "\(sp) sp at \(scale.value)")
                #expect(scale.dp(forSp: Double(sp)) == Double(dp), "\(sp) sp at \(scale.value) is a float")
            }
            rows += 1
        }
        #expect(rows == 5)
    }

    @Test("The issue's facts: at font scale 2.0, 14 sp becomes 26 dp and 30 sp becomes 38 dp")
    func issueFacts() throws {
        let two = try Self.scale(2)
        #expect(two.dp(forSp: 14) == 26)
        #expect(two.dp(forSp: 30) == 38)
    }

    @Test("Exactly five tables exist, at 1.15 1.3 1.5 1.8 2 (no 1.1 table)")
    func tableKeys() {
        #expect(AndroidFontScaleTable.tables.map(\.key) == [115, 130, 150, 180, 200])
        #expect(AndroidFontScaleTable.tables.allSatisfy { $0.table.fromSp == Self.spSizes })
    }

    @Test("Between entries the dp is interpolated linearly")
    func betweenEntries() throws {
        // 16 sp at 2.0: between 14→26 and 18→30: 26 + (16−14)/(18−14) × (30−26) = 28 (exact in float).
        #expect(try Self.scale(2).dp(forSp: 16) == 28)
        // 11 sp at 1.3: between 10→13 and 12→15.6: 13 + (11−10)/(12−10) × 2.6 = 14.3.
        Self.expectClose(try Self.scale(1.3).dp(forSp: 11), 14.3)
        // 22 sp at 1.8: between 20→30.8 and 24→32.8: 30.8 + 2/4 × 2 = 31.8.
        Self.expectClose(try Self.scale(1.8).dp(forSp: 22), 31.8)
        // 57 sp at 2.0: between 30→38 and 100→100: 38 + 27/70 × 62 = 61.914285714…
        Self.expectClose(try Self.scale(2).dp(forSp: 57), 38 + 27.0 / 70 * 62)
        // 15 sp at 1.15: between 14→16.4 and 18→19.8: 16.4 + 1/4 × 3.4 = 17.25.
        Self.expectClose(try Self.scale(1.15).dp(forSp: 15), 17.25)
    }

    @Test("Below the first entry the dp is interpolated from 0 sp → 0 dp")
    func belowFirstEntry() throws {
        // 4 sp at 2.0: 0 + 4/8 × 16 = 8.
        #expect(try Self.scale(2).dp(forSp: 4) == 8)
        // 2 sp at 1.15: 2/8 × 9.2 = 2.3.
        Self.expectClose(try Self.scale(1.15).dp(forSp: 2), 2.3)
        // 0 sp is 0 dp.
        #expect(try Self.scale(1.8).dp(forSp: 0) == 0)
    }

    @Test("At and beyond the last entry (100 sp) the last pair's ratio, 100/100, applies")
    func beyondLastEntry() throws {
        #expect(try Self.scale(2).dp(forSp: 100) == 100)
        // 150 sp at 2.0: 150 × (100 / 100) = 150: very large text is not enlarged at all.
        #expect(try Self.scale(2).dp(forSp: 150) == 150)
        #expect(try Self.scale(1.3).dp(forSp: 400) == 400)
    }

    @Test("Negative sp keep their sign (letter spacing can be negative)")
    func negativeSp() throws {
        #expect(try Self.scale(2).dp(forSp: -14) == -26)
        // −0.25 sp at 2.0: −(0.25/8 × 16) = −0.5.
        #expect(try Self.scale(2).dp(forSp: -0.25) == -0.5)
    }

    @Test("1.4 lies between the 1.3 and 1.5 tables: an interpolated table at t = 0.5")
    func interpolatedTable() throws {
        // t = constrainedMap(0, 1, 1.3, 1.5, 1.4) = (1.4 − 1.3)/(1.5 − 1.3) = 0.5 (exact in float too).
        // Each common size: (1.3 dp + 1.5 dp) / 2:
        //   8: (10.4+12)/2 = 11.2   10: (13+15)/2 = 14     12: (15.6+18)/2 = 16.8
        //  14: (18.8+22)/2 = 20.4   18: (21.6+24)/2 = 22.8  20: (23.6+26)/2 = 24.8
        //  24: (26.4+28)/2 = 27.2   30: 30                 100: 100
        let scale = try Self.scale(1.4)
        let expected: [Double] = [11.2, 14, 16.8, 20.4, 22.8, 24.8, 27.2, 30, 100]
        for (sp, dp) in zip(Self.spSizes, expected) {
            Self.expectClose(scale.dp(forSp: Double(sp)), dp, "\(sp) sp at 1.4")
        }
        // 16 sp at 1.4: in that table between 14→20.4 and 18→22.8: 20.4 + 2/4 × 2.4 = 21.6.
        Self.expectClose(scale.dp(forSp: 16), 21.6)
        // 4 sp at 1.4: 4/8 × 11.2 = 5.6.
        Self.expectClose(scale.dp(forSp: 4), 5.6)
        // 1.65 between 1.5 and 1.8, t = 0.15/0.3 = 0.5: 14 sp → (22 + 24.4)/2 = 23.2.
        Self.expectClose(try Self.scale(1.65).dp(forSp: 14), 23.2)
        // 1.9 between 1.8 and 2, t = 0.1/0.2 = 0.5: 30 sp → (34.8 + 38)/2 = 36.4.
        Self.expectClose(try Self.scale(1.9).dp(forSp: 30), 36.4)
    }

    @Test("AOSP's own expectations (FontScaleConverterFactoryTest.kt, tolerance 0.18)")
    func aospTestExpectations() throws {
        // missingLookupTable160_returnsInterpolated: small sizes ≈ ×1.6, 20 and 100 sp below ×1.6.
        let scale = try Self.scale(1.6)
        for sp in [1.0, 8, 10, 5] {
            #expect(abs(scale.dp(forSp: sp) - sp * 1.6) < 0.18, "\(sp) sp at 1.6")
        }
        #expect(scale.dp(forSp: 20) < 20 * 1.6)
        #expect(scale.dp(forSp: 100) < 100 * 1.6)
        // missingLookupTable199_returnsInterpolated: 1.9999 ≈ ×2 at small sizes.
        let almostTwo = try Self.scale(1.9999)
        for sp in [1.0, 8, 10, 5] {
            #expect(abs(almostTwo.dp(forSp: sp) - sp * 2) < 0.18, "\(sp) sp at 1.9999")
        }
    }

    @Test("A scale is keyed by (int)(scale × 100): 1.159 uses the 1.15 table")
    func truncatedKey() throws {
        #expect(Float(try Self.scale(1.159).dp(forSp: 14)) == 16.4)
        #expect(Float(try Self.scale(1.3049).dp(forSp: 8)) == 10.4)
    }

    @Test("Below 1.13 scaling is linear: 0.85 × 14 sp = 11.9 dp; 1.1 × 14 = 15.4")
    func linearBelowThreshold() throws {
        // In float: 0.85f = 0.85000002384185791015625; × 14 = 11.9000003337860107421875, which rounds
        // to the float 11.90000057220458984375 (the 2^-20 grid), not to 11.9f = 11.8999996185….
        #expect(try Self.scale(0.85).dp(forSp: 14) == 11.90000057220458984375)
        Self.expectClose(try Self.scale(1.1).dp(forSp: 14), 15.4)
        Self.expectClose(try Self.scale(1.1).dp(forSp: 100), 110)
        #expect(try Self.scale(1).dp(forSp: 14) == 14)
        #expect(try Self.scale(1).dp(forSp: 57) == 57)
        Self.expectClose(try Self.scale(0.85).dp(forSp: 30), 25.5)
    }

    @Test("Non-linear from 1.13 (1.15 − 0.02) up; 1.13…1.15 still maps linearly")
    func threshold() throws {
        for value in [0.85, 1, 1.1, 1.12, 1.1299] {
            #expect(try !Self.scale(value).isNonLinear, "\(value)")
        }
        for value in [1.13, 1.14, 1.15, 1.3, 2, 3] {
            #expect(try Self.scale(value).isNonLinear, "\(value)")
        }
        // 1.14: key 114 has no table below it, so the one-entry table 1 sp → 1.14 dp: 14 × 1.14 = 15.96.
        Self.expectClose(try Self.scale(1.14).dp(forSp: 14), 15.96)
    }

    @Test("Beyond the 2.0 table scaling is linear again: 3 × 14 sp = 42 dp")
    func linearAboveLargestTable() throws {
        let three = try Self.scale(3)
        #expect(three.dp(forSp: 14) == 42)
        #expect(three.dp(forSp: 1) == 3)
        #expect(three.dp(forSp: 100) == 300)
        // 0.5 sp, below the one entry: 0.5/1 × 3 = 1.5.
        #expect(three.dp(forSp: 0.5) == 1.5)
        Self.expectClose(try Self.scale(2.5).dp(forSp: 14), 35)
    }

    @Test("Line heights keep their proportion to the font size under non-linear scaling")
    func lineHeight() throws {
        // 16 sp text, 24 sp line at 2.0: 16 sp → 28 dp (above); 24/16 × 28 = 42 dp, where 24 sp alone is 36 dp.
        let two = try Self.scale(2)
        #expect(two.lineHeightDp(forSp: 24, fontSizeSp: 16) == 42)
        #expect(two.dp(forSp: 24) == 36)
        // TextView CTS case: 20 sp text, 40 sp line at 2.0: 40/20 × 34 = 68 dp.
        #expect(two.lineHeightDp(forSp: 40, fontSizeSp: 20) == 68)
        // Linear below the threshold: 24 sp at 0.85 = 20.4 dp, whatever the font size.
        Self.expectClose(try Self.scale(0.85).lineHeightDp(forSp: 24, fontSizeSp: 16), 20.4)
    }

    @Test("Scales that are not finite numbers above 0 are refused, naming the value",
          arguments: [(0.0, "0"), (-1, "-1"), (.nan, "NaN"), (.infinity, "infinity"), (-.infinity, "-infinity")])
    func invalidScales(_ value: Double, _ spelled: String) {
        do {
            _ = try AndroidFontScale(value)
            Issue.record("\(value) was accepted")
        } catch let error as PlatformError {
            #expect(error.description == "\(spelled) is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2)")
            guard case .invalidFontScale(let named) = error else {
                Issue.record("wrong case \(error)")
                return
            }
            #expect(named.isNaN ? value.isNaN : named == value)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("Scales parse from numbers and percentages", arguments: [
        ("1.3", 1.3), ("130%", 1.3), (" 2 ", 2.0), ("85 %", 0.85), ("1", 1.0), ("200%", 2.0), ("1.15", 1.15),
    ])
    func parse(_ text: String, _ value: Double) throws {
        #expect(try AndroidFontScale.parse(text).value == value)
        #expect(AndroidFontScale(name: text)?.value == value)
    }

    @Test("Unreadable and invalid scale text is refused with the reason")
    func parseFailures() {
        #expect(throws: PlatformError.unreadableFontScale(text: "big")) { try AndroidFontScale.parse("big") }
        #expect(throws: PlatformError.unreadableFontScale(text: "nan")) { try AndroidFontScale.parse("nan") }
        #expect(throws: PlatformError.unreadableFontScale(text: "")) { try AndroidFontScale.parse("") }
        #expect(throws: PlatformError.unreadableFontScale(text: "%")) { try AndroidFontScale.parse("%") }
        #expect(throws: PlatformError.invalidFontScale(value: 0)) { try AndroidFontScale.parse("0%") }
        #expect(throws: PlatformError.invalidFontScale(value: -5)) { try AndroidFontScale.parse("-5") }
        #expect(AndroidFontScale(name: "big") == nil)
        #expect(PlatformError.unreadableFontScale(text: "big").description
            == "'big' is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2)")
    }

    @Test("The Settings slider's steps: 0.85 1 1.15 1.3 1.5 1.8 2 (SettingsLib entryvalues_font_size)")
    func settingsValues() {
        #expect(AndroidFontScale.settingsValues.map(\.value) == [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2])
        #expect(AndroidFontScale.settingsValues.map(\.isNonLinear) == [false, false, true, true, true, true, true])
        #expect(AndroidFontScale.standard.value == 1)
        #expect(AndroidFontScale.settingsValues[3].description == "1.3")
    }
}
