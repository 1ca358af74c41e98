import Foundation
import Testing
@testable import TextFit

/// The service decodes requests from the object `JSONSerialization` parsed (`ObjectDecoder`); it
/// used to re-encode that object for Foundation's `JSONDecoder`, the independent reference here.
@Suite("Decoding requests from parsed JSON")
struct ObjectDecoderTests {
    /// A decoding error as the service reports it: the case, the type and the path.
    static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let DecodingError.typeMismatch(type, context): return "typeMismatch \(type) at \(path(context.codingPath))"
        case let DecodingError.valueNotFound(type, context): return "valueNotFound \(type) at \(path(context.codingPath))"
        case let DecodingError.keyNotFound(key, context): return "keyNotFound \(key.stringValue) at \(path(context.codingPath))"
        case let DecodingError.dataCorrupted(context): return "dataCorrupted at \(path(context.codingPath))"
        default: return "\(error)"
        }
    }

    static func both<T: Decodable & Equatable>(_ type: T.Type, _ body: String) throws -> (ours: Result<T, any Error>, foundation: Result<T, any Error>) {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8), options: .fragmentsAllowed)
        let ours = Result { try ObjectDecoder.decode(T.self, from: object) }
        let foundation = Result { try JSONDecoder().decode(T.self, from: Data(body.utf8)) }
        return (ours, foundation)
    }

    @Test("Measure requests: the same value or the same error as JSONDecoder", arguments: [
        #"{"texts": ["a", "b"]}"#,
        #"{"texts": ["Größe", "東京", "👩🏽‍💻"], "font": "Noto Sans", "size": 17, "style": "body", "weight": "bold", "italic": true}"#,
        #"{"texts": [], "width": 120.5, "height": 0, "lines": 3, "truncation": "middle", "wrap": "word", "direction": "rtl"}"#,
        #"{"texts": ["x"], "features": ["tnum", "-liga"], "tracking": -0.5, "tabInterval": 28, "lineSpacing": 2}"#,
        #"{"texts": ["x"], "faceIndex": 2, "fontFile": "/tmp/a.ttc", "locale": "zh-Hant", "minimumScale": 0.5}"#,
        #"{"texts": ["x"], "dynamicType": "ax3", "lineMetrics": "fixed:20", "width": null, "font": null}"#,
        #"{"texts": ["x"], "lines": 1.0, "size": 12345678901234567890}"#,
        // Errors: the path and the type must agree.
        #"{}"#,
        #"{"texts": "a"}"#,
        #"{"texts": null}"#,
        #"{"texts": ["a", 3]}"#,
        #"{"texts": ["a", null]}"#,
        #"{"texts": [["a"]]}"#,
        #"{"texts": ["a"], "width": "wide"}"#,
        #"{"texts": ["a"], "width": true}"#,
        #"{"texts": ["a"], "italic": 1}"#,
        #"{"texts": ["a"], "italic": "yes"}"#,
        #"{"texts": ["a"], "lines": "2"}"#,
        #"{"texts": ["a"], "lines": false}"#,
        #"{"texts": ["a"], "features": "tnum"}"#,
        #"{"texts": ["a"], "features": [1]}"#,
        #"{"texts": ["a"], "size": {}}"#,
        #"{"texts": ["a"], "size": []}"#,
    ])
    func agreesWithJSONDecoder(_ body: String) throws {
        let (ours, foundation) = try Self.both(MeasureRequest.self, body)
        switch (ours, foundation) {
        case let (.success(a), .success(b)): #expect(a == b)
        case let (.failure(a), .failure(b)): #expect(Self.describe(a) == Self.describe(b))
        default: Issue.record("ObjectDecoder: \(ours); JSONDecoder: \(foundation)")
        }
    }

    @Test("Top-level values that are not objects, and nested keyed types, agree too")
    func shapes() throws {
        struct Inner: Codable, Equatable { var a: Int; var b: [Double]? }
        struct Outer: Codable, Equatable { var inner: Inner; var list: [Inner]; var flag: Bool? }
        for body in [#"{"inner": {"a": 1}, "list": [{"a": 2, "b": [1, 2.5]}], "flag": false}"#,
                     #"{"inner": {"a": 1}, "list": [{"a": 2}, {"b": []}]}"#,
                     #"{"inner": [], "list": []}"#, #"{"inner": {"a": -1}, "list": {}}"#, "[]", "3", "null"] {
            let (ours, foundation) = try Self.both(Outer.self, body)
            switch (ours, foundation) {
            case let (.success(a), .success(b)): #expect(a == b, "\(body)")
            case let (.failure(a), .failure(b)): #expect(Self.describe(a) == Self.describe(b), "\(body)")
            default: Issue.record("\(body): ObjectDecoder \(ours); JSONDecoder \(foundation)")
            }
        }
    }

    @Test("A fraction where an integer belongs is a type mismatch (JSONDecoder said only 'corrupted')")
    func fractionForInteger() throws {
        let (ours, foundation) = try Self.both(MeasureRequest.self, #"{"texts": ["a"], "lines": 1.5}"#)
        #expect(Self.describe(try #require(ours.failure)) == "typeMismatch Int at lines")
        let failure = try #require(foundation.failure)
        #expect(Self.describe(failure).hasPrefix("dataCorrupted"), "\(failure)")
    }

    @Test("MeasureRequest(jsonObject:) is the decoder")
    func publicEntry() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"texts": ["Größe"], "width": 120, "italic": true}"#.utf8))
        #expect(try MeasureRequest(jsonObject: object) == MeasureRequest(texts: ["Größe"], italic: true, width: 120))
        #expect(throws: DecodingError.self) { try MeasureRequest(jsonObject: ["texts": "Größe"]) }
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
