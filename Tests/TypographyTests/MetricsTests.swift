import Foundation
import Testing
@testable import Typography

@Suite("Font metrics")
struct MetricsTests {
    @Test("Noto Sans Regular's metrics equal its hhea / OS/2 / post tables")
    func notoSansTables() throws {
        let face = try Fixtures.library().match(FontRequest()).face
        // From `python3 -m fontTools.ttx -t head -t hhea -t OS/2 -t post fonts/NotoSans-Regular.ttf`:
        // unitsPerEm 1000; hhea ascent 1069, descent -293, lineGap 0; OS/2 version 4, usWeightClass 400,
        // fsSelection 00000001 01000000 (REGULAR, WWS; no USE_TYPO_METRICS), sTypoAscender 1069,
        // sTypoDescender -293, sTypoLineGap 0, usWinAscent 1069, usWinDescent 293, sxHeight 536,
        // sCapHeight 714, yStrikeoutPosition 322, yStrikeoutSize 50; post underlinePosition -100,
        // underlineThickness 50.
        let m = face.metrics
        #expect(m.unitsPerEm == 1000)
        #expect([m.hheaAscender, m.hheaDescender, m.hheaLineGap] as [Int] == [1069, -293, 0])
        #expect([m.typoAscender, m.typoDescender, m.typoLineGap] as [Int] == [1069, -293, 0])
        #expect(m.useTypoMetrics == false)
        #expect([m.winAscent, m.winDescent] as [Int] == [1069, 293])
        #expect(m.xHeight == 536 && m.capHeight == 714)
        #expect([m.underlinePosition, m.underlineThickness] as [Int] == [-100, 50])
        #expect([m.strikeoutPosition, m.strikeoutThickness] as [Int] == [322, 50])
        #expect(face.weight == .regular && face.isItalic == false)
        #expect(face.family == "Noto Sans" && face.styleName == "Regular")
    }

    @Test("Strikeout position and size from OS/2, in each face's units", arguments: [
        // fontTools: TTFont(path)["OS/2"].yStrikeoutPosition, .yStrikeoutSize.
        ("NotoSansArabic-Regular.ttf", 224, 50), ("Roboto-Variable.ttf", 512, 102),
        ("DroidSansFallbackFull.ttf", 62, 13), ("NotoColorEmoji.ttf", 530, 102),
    ])
    func strikeout(_ file: String, _ position: Int, _ size: Int) throws {
        let face = try Fixtures.library().face(path: Fixtures.fonts + "/" + file)
        #expect(face.metrics.strikeoutPosition == position && face.metrics.strikeoutThickness == size)
    }

    @Test("Scaled metrics: 17 pt Noto Sans has ascent 18.173, descent 4.981, line height 23.154")
    func scaled() throws {
        let metrics = try Fixtures.library().match(FontRequest()).face.metrics.scaled(to: 17)
        // 1069 × 17 ÷ 1000 = 18.173; 293 × 17 ÷ 1000 = 4.981.
        #expect(abs(metrics.ascent - 18.173) < 1e-12)
        #expect(abs(metrics.descent - 4.981) < 1e-12)
        #expect(abs(metrics.lineHeight - 23.154) < 1e-12)
        #expect(abs(metrics.capHeight! - 12.138) < 1e-12)
    }

    @Test("A line's height is the max over its runs' faces")
    func lineHeightIsMaxOverRuns() throws {
        let shaper = try Fixtures.shaper()
        let latin = try shaper.measure("Hi", attributes: Fixtures.attributes())
        let mixed = try shaper.measure("Hi مرحبا", attributes: Fixtures.attributes())
        let arabic = try Fixtures.library().match(FontRequest(family: "Noto Sans Arabic")).face.metrics.scaled(to: 17)
        #expect(abs(latin.height - 23.154) < 1e-12)
        #expect(mixed.ascent == max(18.173, arabic.ascent))
        #expect(mixed.descent == max(4.981, arabic.descent))
        #expect(mixed.height > latin.height)
    }

    @Test("Ink bounds of 'H' in Noto Sans sit on the baseline and reach cap height")
    func inkBounds() throws {
        let line = try Fixtures.shaper().measure("H", attributes: Fixtures.attributes(size: 1000))
        let ink = try #require(line.inkBounds)
        // At 1000 pt on a 1000-unit em, points are font units: 'H' rests on the baseline (y 0) and its
        // top is the cap height, 714 (OS/2 sCapHeight); its ink lies inside the 741-unit advance.
        #expect(abs(ink.maxY) < 1e-9)
        #expect(abs(ink.minY + 714) < 1e-9)
        #expect(ink.minX > 0 && ink.maxX < 741)
    }
}
