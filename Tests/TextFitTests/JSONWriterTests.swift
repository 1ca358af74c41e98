import Foundation
import Testing
@testable import TextFit

/// `MeasureResult.jsonData()` must write what Foundation's `JSONEncoder` writes with the CLI's and the
/// service's options, byte for byte: the encoder is the independent reference here.
@Suite("The measure result's JSON writer")
struct JSONWriterTests {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func tags() throws -> [String] {
        let corpus = Engine.repository.appendingPathComponent("Benchmarks/Corpus/tags.tsv")
        return try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").last.map(String.init) }
    }

    @Test("Every corpus tag, with and without a proposal, at two Dynamic Type sizes: the same bytes as JSONEncoder")
    func corpus() throws {
        let engine = try Engine.get()
        let tags = try Self.tags()
        #expect(tags.count == 1_995)
        var compared = 0, withFitting = 0, withInk = 0, withGlyphCounts = 0
        for (index, tag) in tags.enumerated() {
            // Every third tag wrapped at 60 pt and limited to two lines: fitting, truncation, more lines.
            let request = MeasureRequest(texts: [tag], style: "body", dynamicType: index % 2 == 0 ? "large" : "accessibility3",
                                         width: index % 3 == 0 ? 60 : nil, lines: index % 3 == 0 ? 2 : nil)
            for result in try engine.measure(request) {
                #expect(String(decoding: try result.jsonData(), as: UTF8.self)
                        == String(decoding: roundingNumbers(inJSON: try Self.encoder.encode(result)), as: UTF8.self), "\(tag)")
                compared += 1
                if result.fitting != nil { withFitting += 1 }
                if result.ink != nil { withInk += 1 }
                if result.runs.contains(where: { $0.glyphs != nil }) { withGlyphCounts += 1 }
            }
        }
        // The optional fields were there to be written.
        #expect(compared == 1_995 && withFitting == 665 && withInk > 1_900 && withGlyphCounts == 1_995)
    }

    @Test("Strings that need escapes, missing glyphs, no ink")
    func awkwardResults() throws {
        let engine = try Engine.get()
        let texts = ["a/b \"quoted\" back\\slash", "tab\there", "bell\u{7}nul\u{0}del\u{7F}", "line\nbreak\r\ncrlf",
                     "\u{2028}\u{2029}", "\u{10FFFF}\u{E000}", "emoji 👩🏽‍💻 and 🇯🇵", "   ", "", "\u{FEFF}"]
        let results = try engine.measure(MeasureRequest(texts: texts, size: 13, width: 40))
        #expect(results.contains { !$0.missing.isEmpty })
        #expect(results.contains { $0.ink == nil })
        for result in results {
            #expect(try result.jsonData() == roundingNumbers(inJSON: Self.encoder.encode(result)), "\(result.text.unicodeScalars.map(\.value))")
        }
    }

    @Test("Layouts of the demo tag cloud, every Dynamic Type size, both directions: the same bytes as JSONEncoder")
    func layouts() throws {
        let tree = try LayoutFile.element(from: try Data(contentsOf: Engine.repository.appendingPathComponent("demo/tag-cloud.json")))
        var elements = 0
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            for output in try Engine.get().layoutOutputs(tree, width: 390, height: nil, dynamicTypeSizes: DynamicTypeSize.allCases,
                                                         direction: direction) {
                #expect(String(decoding: try output.jsonData(), as: UTF8.self)
                        == String(decoding: roundingNumbers(inJSON: try Self.encoder.encode(output)), as: UTF8.self), "\(output.dynamicTypeSize)")
                elements += output.elements.count
            }
        }
        #expect(elements > 2 * 12 * 40)
        // What the demo does not have: ids absent and present, diagnostics with escapes, an empty path.
        let made = LayoutOutput(dynamicTypeSize: "xSmall", size: .init(width: 0, height: 1e-7), elements: [
            .init(id: nil, path: [], kind: "VStack", frame: .init(x: 0, y: 0, width: 10.5, height: 3), firstBaseline: 1, lastBaseline: 2),
            .init(id: "tag \"1\"/a", path: [0, 12], kind: "Text", frame: .init(x: -0.0, y: 1e16, width: 1, height: 2),
                  firstBaseline: 0.1, lastBaseline: 0.2),
        ], diagnostics: ["FlowLayout at [0]: placed no subview\n", "tab\there"])
        #expect(try made.jsonData() == roundingNumbers(inJSON: Self.encoder.encode(made)))
        #expect(String(decoding: try made.jsonData(), as: UTF8.self).contains(#""elements":[{"firstBaseline":1,"frame":{"height":3,"width":10.5,"x":0,"y":0},"kind":"VStack","lastBaseline":2,"path":[]}"#))
    }

    @Test("Texts' fits — truncated, scaled, clipped, overlapping, and the string-table fields: the same bytes as JSONEncoder")
    func fits() throws {
        // A long title cut at one line, a text that shrinks, a badge over a label, a fixed-size word
        // off the proposed width, a text in a negative-spacing row and one that fits.
        let file = #"""
        {"vstack": {"alignment": "leading", "children": [
          {"text": "Synchronisierung wird ausgeführt", "lineLimit": 1, "id": "sync"},
          {"text": "Einstellungen für Fortgeschrittene", "lineLimit": 1, "minimumScaleFactor": 0.5},
          {"zstack": {"children": [{"text": "Nachrichten"}, {"text": "99+", "style": "caption", "id": "badge \"1\"/a"}]}},
          {"hstack": {"spacing": -8, "children": [{"text": "Overlap"}, {"text": "Pair", "truncation": "middle"}]}},
          {"text": "Rindfleischetikettierung", "fixedSize": true},
          {"text": "aaaa\nbbbb", "lineLimit": 1}, {"text": "Fits"}]}}
        """#
        let tree = try LayoutFile.element(from: Data(file.utf8))
        var fits: [LayoutOutput.Fit] = []
        for output in try Engine.get().layoutOutputs(tree, width: 180, height: nil, dynamicTypeSizes: [.large, .accessibility2]) {
            #expect(String(decoding: try output.jsonData(), as: UTF8.self)
                    == String(decoding: roundingNumbers(inJSON: try Self.encoder.encode(output)), as: UTF8.self))
            fits += output.elements.compactMap(\.fit)
        }
        // Each optional field was there to be written (and left out).
        #expect(fits.contains { $0.truncated != nil } && fits.contains { $0.scale < 1 } && fits.contains { $0.clipped != nil })
        #expect(fits.contains { $0.overlaps != nil } && fits.contains { $0.neededWidth == nil } && fits.contains { !$0.hasFindings })
        // What layouts do not make yet: a clipping ancestor, string-table fields, escapes in an overlap's id.
        var fit = LayoutOutput.Fit(linesShown: 1, linesNeeded: 3, scale: 0.75, neededWidth: 120.5,
                                   truncated: .init(position: "head", cause: "height", offset: 0, elided: [0, 7]),
                                   clipped: .init(by: "ancestor", path: [0, 2], id: "card \"x\""),
                                   overlaps: [.init(path: [1], id: nil), .init(path: [], id: "tab\there")],
                                   key: "settings.sync %lld", table: "Settings", locale: "de", untranslated: true)
        let made = LayoutOutput(dynamicTypeSize: "large", size: .init(width: 10, height: 10), elements: [
            .init(id: nil, path: [], kind: "Text", frame: .init(x: 0, y: 0, width: 10, height: 10), firstBaseline: 8, lastBaseline: 8, fit: fit),
        ], diagnostics: [])
        #expect(try made.jsonData() == roundingNumbers(inJSON: Self.encoder.encode(made)))
        fit.clipped = .init(by: "root")
        fit.untranslated = nil
        let root = LayoutOutput(dynamicTypeSize: "large", size: .init(width: 10, height: 10), elements: [
            .init(id: nil, path: [], kind: "Text", frame: .init(x: 0, y: 0, width: 10, height: 10), firstBaseline: 8, lastBaseline: 8, fit: fit),
        ], diagnostics: [])
        #expect(try root.jsonData() == roundingNumbers(inJSON: Self.encoder.encode(root)))
        #expect(String(decoding: try root.jsonData(), as: UTF8.self).contains(#""clipped":{"by":"root"},"key""#))
    }

    @Test("Numbers and escapes, written out by hand")
    func format() throws {
        func json(_ value: some JSONWritable) throws -> String {
            var writer = JSONWriter()
            try value.writeJSON(to: &writer)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        // Swift's shortest round-trip digits, without a trailing ".0"; exponents as `description` writes them.
        #expect(try json(MeasureResult.Size(width: 17, height: 0.1)) == #"{"height":0.1,"width":17}"#)
        // Rounded to 1e-9 first (issue 30): −0 and 4e-10 are 0; from 4e6 up, kept as they are.
        #expect(try json(MeasureResult.Rect(x: -0.0, y: 1e-7, width: 1e16, height: 190.45))
                == #"{"height":190.45,"width":1e+16,"x":0,"y":1e-07}"#)
        // Binary noise: 17 pt × 1069 / 1000 units is 18.173000000000002 in a Double; printed 18.173.
        // 0.1 + 0.2 is 0.30000000000000004; printed 0.3. Eleven decimals keep nine: 0.12345678912 → 0.123456789.
        let noisy = 1069.0 * (17.0 / 1000.0)
        #expect(noisy.description == "18.173000000000002")
        #expect(try json(MeasureResult.Size(width: noisy, height: 0.1 + 0.2)) == #"{"height":0.3,"width":18.173}"#)
        #expect(try json(MeasureResult.Proposal(width: 0.12345678912, height: 4e-10)) == #"{"height":0,"width":0.123456789}"#)
        #expect(try json(MeasureResult.Proposal(width: 4_000_000.000_000_1, height: -2.000_000_000_4)) == #"{"height":-2,"width":4000000.0000001}"#)
        #expect(try json(MeasureResult.Proposal(width: nil, height: 2.5)) == #"{"height":2.5}"#)
        #expect(try json(MeasureResult.Missing(start: 0, end: 3, text: "\"/\\\u{8}\u{9}\u{A}\u{C}\u{D}\u{1}\u{1F}é"))
                == #"{"end":3,"start":0,"text":"\"/\\\b\t\n\f\r\u0001\u001fé"}"#)
        #expect(throws: EncodingError.self) { try json(MeasureResult.Size(width: .nan, height: 1)) }
        #expect(throws: EncodingError.self) { try json(MeasureResult.Size(width: 1, height: -.infinity)) }
    }

    @Test("roundingNumbers(inJSON:) rounds non-integer numbers as the writer does and leaves strings and integers alone")
    func roundingEncoderOutput() {
        let input = #"{"a":18.173000000000002,"b":"x 0.30000000000000004 \" 1.5","c":[12345678901234567890,-0.0,1e-12,2.5e-3],"d":true}"#
        let expected = #"{"a":18.173,"b":"x 0.30000000000000004 \" 1.5","c":[12345678901234567890,0,0,0.0025],"d":true}"#
        // JSONEncoder writes −0.0 as an integer-looking -0: it is 0 too.
        #expect(String(decoding: roundingNumbers(inJSON: Data(#"[-0,-0.5,-01]"#.utf8)), as: UTF8.self) == "[0,-0.5,-01]")
        #expect(String(decoding: roundingNumbers(inJSON: Data(input.utf8)), as: UTF8.self) == expected)
    }
}
