import Foundation
import Testing
import TextFit

enum Engine {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let shared = Result { try TextFitEngine(bundledOnly: true, fontDirectory: repository.appendingPathComponent("fonts").path) }
    static func get() throws -> TextFitEngine { try shared.get() }
}

@Suite("The measure operation (the JSON schema shared by CLI and service)")
struct MeasureOperationTests {
    @Test("Hard line breaks make lines: ideal width is the widest, height the sum")
    func hardBreaks() throws {
        let engine = try Engine.get()
        let request = MeasureRequest(texts: ["ab\ncde", "ab\r\ncde", "ab\u{2028}cde"], size: 1000)
        // Noto Sans Regular (hb-shape): a 561, b 615, c 480, d 615, e 564; line height 1069 + 293.
        for result in try engine.measure(request) {
            #expect(result.lines.count == 2)
            #expect(abs(result.ideal.width - (480 + 615 + 564)) < 1e-9)
            #expect(abs(result.ideal.height - 2 * 1362) < 1e-9)
        }
    }

    @Test("Offsets count Unicode scalars of the whole text: lines after a CRLF start after both")
    func offsetsAcrossLines() throws {
        let result = try Engine.get().measure(MeasureRequest(texts: ["ab\r\ncde"]))[0]
        #expect(result.lines.map { [$0.start, $0.end] } == [[0, 4], [4, 7]])
        #expect(result.runs.map { [$0.start, $0.end] } == [[0, 7]])  // one Latin run, the break inside it
    }

    @Test("Ink is the first line's glyph boxes as drawn, in visual order, from the line's left edge")
    func inkAsDrawn() throws {
        // hb-shape --show-extents at 1000 units per em (1000 pt, so points are font units):
        // Noto Sans H = 741 <97,714,546,-714>, y = 510 <1,536,509,-776> (ink down to 240 below the
        // baseline); Noto Sans Hebrew (visual order) ב = 572 <41,593,494,-593>, א = 632 <36,593,560,-593>.
        let engine = try Engine.get()
        // Left to right: "Hy", the space, then the Hebrew run ב א. Ink from H's bearing to א's right
        // edge, which stops 632 − 36 − 560 = 36 short of the line's end. Only the first line counts.
        let ltr = try engine.measure(MeasureRequest(texts: ["Hy אב\nHHHHHHHHHH"], size: 1000))[0]
        let width = try #require(ltr.lines.first).width
        let ink = try #require(ltr.ink)
        #expect(abs(ink.x - 97) < 1e-9)
        #expect(abs(ink.x + ink.width - (width - 36)) < 1e-9)
        #expect(abs(ink.y + 714) < 1e-9 && abs(ink.y + ink.height - 240) < 1e-9)
        // Right to left: the Hebrew run comes first on the left (ב's bearing 41) and "Hy" ends the line
        // on the right (y's ink ends at its advance: 1 + 509 = 510).
        let rtl = try engine.measure(MeasureRequest(texts: ["Hy אב"], size: 1000, direction: "rtl"))[0]
        let rtlInk = try #require(rtl.ink)
        #expect(abs(rtlInk.x - 41) < 1e-9)
        #expect(abs(rtlInk.x + rtlInk.width - rtl.ideal.width) < 1e-9)
        // A line of spaces has no ink.
        #expect(try engine.measure(MeasureRequest(texts: ["   "]))[0].ink == nil)
    }

    @Test("A tab advances to the next multiple of the tab interval")
    func tabs() throws {
        // 'a' is 561 units: at 10 pt, 5.61 pt; the tab moves to 28 pt; 'b' adds 6.15 pt.
        let result = try Engine.get().measure(MeasureRequest(texts: ["a\tb"], size: 10))[0]
        #expect(abs(result.ideal.width - (28 + 6.15)) < 1e-9)
        let custom = try Engine.get().measure(MeasureRequest(texts: ["a\tb"], size: 10, tabInterval: 50))[0]
        #expect(abs(custom.ideal.width - (50 + 6.15)) < 1e-9)
    }

    @Test("Size and style combine as Font.custom(size:relativeTo:); dynamicType picks the row")
    func sizes() throws {
        let engine = try Engine.get()
        #expect(try engine.measure(MeasureRequest(texts: ["x"], style: "title1", dynamicType: "ax5"))[0].size == 58)
        #expect(try engine.measure(MeasureRequest(texts: ["x"], size: 20, style: "body", dynamicType: "ax3"))[0].size == 20.0 * 40 / 17)
        #expect(try engine.measure(MeasureRequest(texts: ["x"]))[0].size == 17)
    }

    @Test("Bad fields are named", arguments: [
        (MeasureRequest(texts: ["x"], style: "huge"), "style"),
        (MeasureRequest(texts: ["x"], weight: "boldest"), "weight"),
        (MeasureRequest(texts: ["x"], dynamicType: "xxxxl"), "dynamicType"),
        (MeasureRequest(texts: ["x"], faceIndex: -1), "faceIndex"),
        (MeasureRequest(texts: ["x"], tabInterval: 0), "tabInterval"),
        (MeasureRequest(texts: ["x"], width: -1), "width"),
        (MeasureRequest(texts: ["x"], lines: 0), "lines"),
        (MeasureRequest(texts: ["x"], reservedLines: -1), "reservedLines"),
        (MeasureRequest(texts: ["x"], lines: 2, reservedLines: 3), "reservedLines"),
        (MeasureRequest(texts: ["x"], reservedLines: 1_000_001), "reservedLines"),
        (MeasureRequest(texts: ["x"], truncation: "end"), "truncation"),
        (MeasureRequest(texts: ["x"], wrap: "anywhere"), "wrap"),
        (MeasureRequest(texts: ["x"], direction: "up"), "direction"),
        (MeasureRequest(texts: ["x"], lineMetrics: "fixed:-2"), "lineMetrics"),
        (MeasureRequest(texts: ["x"], lineMetrics: "fixed:1e308"), "lineMetrics"),
        (MeasureRequest(texts: ["x"], lineSpacing: -100), "lineSpacing"),
        (MeasureRequest(texts: ["x"], lineSpacing: 1e308), "lineSpacing"),
        (MeasureRequest(texts: ["x"], lineSpacing: .nan), "lineSpacing"),
        (MeasureRequest(texts: ["x"], minimumScale: 1.5), "minimumScale"),
    ])
    func badFields(_ request: MeasureRequest, _ field: String) throws {
        do {
            _ = try Engine.get().measure(request)
            Issue.record("accepted")
        } catch let error as RequestError {
            #expect(error.field == field)
        }
    }

    @Test("The JSON has the documented field names (issue 2's and issue 3's)")
    func jsonShape() throws {
        let result = try Engine.get().measure(MeasureRequest(texts: ["Hi 😀 there"], width: 40))[0]
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        for key in ["text", "font", "size", "ideal", "minimum", "fitting", "firstBaseline", "lastBaseline", "lines", "runs",
                    "missingGlyphs"] {
            #expect(object[key] != nil, "\(key)")
        }
        let font = try #require(object["font"] as? [String: Any])
        #expect(Set(font.keys) == ["family", "file", "faceIndex"])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        #expect(Set(run.keys) == ["font", "script", "direction", "start", "end", "width", "glyphs"])
        #expect((object["runs"] as? [Any])?.count == 3)  // Latin, emoji, Latin
        let minimum = try #require(object["minimum"] as? [String: Any])
        #expect(Set(minimum.keys) == ["width", "height", "segment", "reason"])
        let fitting = try #require(object["fitting"] as? [String: Any])
        #expect(Set(fitting.keys) == ["proposal", "width", "height", "lineCount", "truncated", "scale"])
        let line = try #require((object["lines"] as? [[String: Any]])?.first)
        for key in ["start", "end", "width", "baseline", "ascent", "descent", "runs"] { #expect(line[key] != nil, "\(key)") }
    }

    @Test("Fitting answers the proposal: width, lines, truncation")
    func fitting() throws {
        let engine = try Engine.get()
        // Noto Sans at 1000 pt: "aa bb" = 2612 units, "aa bb cc" = 3832.
        let wrapped = try engine.measure(MeasureRequest(texts: ["aa bb cc"], size: 1000, width: 3000))[0]
        #expect(wrapped.fitting?.lineCount == 2)
        #expect(wrapped.fitting?.width == 2612)
        #expect(wrapped.lines.map { [$0.start, $0.end] } == [[0, 6], [6, 8]])
        #expect(wrapped.firstBaseline == 1069 && wrapped.lastBaseline == 1069 + 1362)
        let limited = try engine.measure(MeasureRequest(texts: ["aa bb cc"], size: 1000, width: 3000, lines: 1))[0]
        #expect(limited.fitting?.truncated == true)
        #expect(limited.fitting?.lineCount == 1)
        #expect(try engine.measure(MeasureRequest(texts: ["aa"]))[0].fitting == nil)
        // An infinite width proposes no limit: the ideal, one line of 3832 units, and a proposal
        // that reads null (JSON has no ∞).
        let unbounded = try engine.measure(MeasureRequest(texts: ["aa bb cc"], size: 1000, width: .infinity))[0]
        #expect(unbounded.fitting?.width == 3832 && unbounded.fitting?.lineCount == 1)
        #expect(unbounded.fitting?.proposal.width == nil)
        #expect(throws: Never.self) { try JSONEncoder().encode(unbounded) }
    }

    @Test("reservedLines: the ideal and the fitting answers are at least that many lines high")
    func reservedLines() throws {
        let engine = try Engine.get()
        // Noto Sans at 1000 pt: a line is 1069 + 293 = 1362 high; "aa bb cc" is 3832 wide, so at
        // 3000 it wraps to two lines ("aa bb" 2612).
        let ideal = try engine.measure(MeasureRequest(texts: ["aa bb cc"], size: 1000, reservedLines: 3))[0]
        #expect(abs(ideal.ideal.height - 3 * 1362) < 1e-6 && ideal.ideal.width == 3832)
        #expect(ideal.lines.count == 1 && ideal.firstBaseline == 1069 && ideal.lastBaseline == 1069)
        let fitting = try engine.measure(MeasureRequest(texts: ["aa bb cc"], size: 1000, width: 3000, lines: 4, reservedLines: 3))[0]
        #expect(fitting.fitting?.lineCount == 2 && abs((fitting.fitting?.height ?? 0) - 3 * 1362) < 1e-6)
        // As many reserved as shown: nothing added.
        let two = try engine.measure(MeasureRequest(texts: ["aa bb cc"], size: 1000, width: 3000, reservedLines: 2))[0]
        #expect(abs((two.fitting?.height ?? 0) - 2 * 1362) < 1e-6)
    }
}
