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
            #expect(result.lines == 2)
            #expect(abs(result.ideal.width - (480 + 615 + 564)) < 1e-9)
            #expect(abs(result.ideal.height - 2 * 1362) < 1e-9)
        }
    }

    @Test("Run offsets after a CRLF count Unicode scalars of the whole text")
    func offsetsAcrossLines() throws {
        let result = try Engine.get().measure(MeasureRequest(texts: ["ab\r\ncde"]))[0]
        #expect(result.runs.map { [$0.start, $0.end] } == [[0, 2], [4, 7]])
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
    ])
    func badFields(_ request: MeasureRequest, _ field: String) throws {
        do {
            _ = try Engine.get().measure(request)
            Issue.record("accepted")
        } catch let error as RequestError {
            #expect(error.field == field)
        }
    }

    @Test("The JSON has the documented field names")
    func jsonShape() throws {
        let result = try Engine.get().measure(MeasureRequest(texts: ["Hi 😀"]))[0]
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        for key in ["text", "font", "size", "ideal", "runs", "missingGlyphs"] { #expect(object[key] != nil, "\(key)") }
        let font = try #require(object["font"] as? [String: Any])
        #expect(Set(font.keys) == ["family", "file", "faceIndex"])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        #expect(Set(run.keys) == ["font", "script", "direction", "start", "end", "width", "glyphs"])
        #expect((object["runs"] as? [Any])?.count == 2)
    }
}
