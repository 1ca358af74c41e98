import Foundation
import Testing
@testable import Service
import TextFit

/// Bad values in request bodies: each is refused with its documented code, naming the field
/// (docs/service.md, "Errors"), and never crashes the service or is silently dropped.
@Suite("Request validation")
struct RequestValidationTests {
    func call(_ op: String, _ body: String, limits: ServiceLimits = ServiceLimits()) throws -> ServiceResponse {
        try ServiceFixtures.dispatcher(limits).handle(op, body: Data(body.utf8))
    }

    func error(_ response: ServiceResponse) throws -> (code: String?, message: String) {
        let error = try #require(try ServiceFixtures.json(response)["error"] as? [String: Any], "\(String(decoding: response.body, as: UTF8.self))")
        return (error["code"] as? String, error["message"] as? String ?? "")
    }

    // MARK: 1. dynamicType lists

    @Test("An empty dynamicType list or item is 400 naming dynamicType in layout, render and stress-check", arguments: [
        ("render", #"{"tree": {"text": "a"}, "dynamicType": ""}"#),
        ("render", #"{"tree": {"text": "a"}, "dynamicType": ","}"#),
        ("layout", #"{"tree": {"text": "a"}, "dynamicType": ""}"#),
        ("layout", #"{"tree": {"text": "a"}, "dynamicType": ","}"#),
        ("layout", #"{"tree": {"text": "a"}, "dynamicType": "large,,ax1"}"#),
        ("render", #"{"tree": {"text": "a"}, "dynamicType": "large,"}"#),
        ("stress-check", #"{"texts": {"en": "a"}, "constraint": {"dynamicType": ""}}"#),
        ("stress-check", #"{"texts": {"en": "a"}, "constraint": {"dynamicType": "large,,ax1"}}"#),
    ])
    func emptyDynamicType(_ op: String, _ body: String) throws {
        let response = try call(op, body)
        #expect(response.status == 400)
        let (code, message) = try error(response)
        #expect(code == "invalid-request")
        #expect(message.contains("dynamicType"), "\(message)")
    }

    @Test("A list with spaces is the sizes named, in order")
    func dynamicTypeList() throws {
        let object = try ServiceFixtures.json(try call("layout", #"{"tree": {"text": "a"}, "dynamicType": "ax3, large"}"#))
        let layouts = try #require(object["layouts"] as? [[String: Any]])
        #expect(layouts.map { $0["dynamicTypeSize"] as? String } == ["accessibility3", "large"])
        #expect(throws: RequestError.self) { try DynamicTypeSize.list(parsing: " , ") }
        #expect(try DynamicTypeSize.list(parsing: "all").count == 12)
    }

    @Test("stdio: render with an empty dynamicType item answers an error line and the server goes on")
    func stdioEmptyDynamicType() throws {
        let server = StdioServer(dispatcher: try ServiceFixtures.dispatcher())
        let line = try #require(server.respond(to: Data(#"{"id":7,"op":"render","params":{"tree":{"text":"a"},"dynamicType":","}}"#.utf8)))
        let object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        #expect(object["id"] as? Int == 7)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalid-request")
        #expect((error["message"] as? String)?.contains("dynamicType") == true)
    }

    /// Issue 50: `/v1/measure` takes the CLI's size lists. Expected sizes from Apple's Dynamic Type
    /// table (body: large 17, xLarge 19, accessibility3 40 pt) and AOSP's font scale curve
    /// (bodyLarge 16 sp: 16 at 1, 28 at 2).
    @Test("measure answers a list of sizes: one result per text per size, sizes within texts, each naming its size")
    func measureDynamicTypeList() throws {
        func results(_ body: String) throws -> [[String: Any]] {
            let response = try call("measure", body)
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            return try #require(try ServiceFixtures.json(response)["results"] as? [[String: Any]])
        }
        let list = try results(#"{"texts": ["a", "bb"], "dynamicType": "large,ax3"}"#)
        #expect(list.map { $0["text"] as? String } == ["a", "a", "bb", "bb"])
        #expect(list.map { $0["dynamicType"] as? String } == ["large", "accessibility3", "large", "accessibility3"])
        #expect(list.map { $0["size"] as? Double } == [17, 40, 17, 40])
        let range = try results(#"{"texts": ["a"], "dynamicType": "large...xLarge"}"#)
        #expect(range.map { $0["size"] as? Double } == [17, 19])
        #expect(try results(#"{"texts": ["a", "b"], "dynamicType": "all"}"#).count == 24)
        #expect(try results(#"{"texts": ["a"], "dynamicType": "ax1"}"#).map { $0["dynamicType"] as? String } == ["accessibility1"])
        let android = try results(#"{"texts": ["a"], "platform": "android", "fontScale": "1,2"}"#)
        #expect(android.map { $0["fontScale"] as? Double } == [1, 2])
        #expect(android.map { ($0["size"] as? Double).map { ($0 * 1000).rounded() / 1000 } } == [16, 28])
        #expect(try results(#"{"texts": ["a"], "platform": "android", "fontScale": 1.3}"#).map { $0["fontScale"] as? Double } == [1.3])
        // A bad item is refused, naming the field and listing the sizes.
        let response = try call("measure", #"{"texts": ["a"], "dynamicType": "large,ax7"}"#)
        #expect(response.status == 400)
        let (code, message) = try error(response)
        #expect(code == "invalid-request")
        #expect(message == "dynamicType: 'ax7' is not a Dynamic Type size; expected xSmall, small, medium, large, xLarge, xxLarge, "
                + "xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all", "\(message)")
    }
}

extension RequestValidationTests {
    // MARK: 2. stress-check fonts and fields

    @Test("stress-check: an unknown family is 422 unreadable-input naming it, not missing-glyphs verdicts (docs/stress.md)")
    func stressUnknownFamily() throws {
        let response = try call("stress-check", #"{"texts": {"en": "a"}, "constraint": {"font": "Nope", "dynamicType": "large"}}"#)
        #expect(response.status == 422)
        let (code, message) = try error(response)
        #expect(code == "unreadable-input")
        #expect(message.contains("unknown font family 'Nope'"), "\(message)")
    }

    @Test("stress-check: pattern (and comment) are not constraint fields", arguments: [
        #"{"texts": {"en": "a"}, "constraint": {"pattern": "other.*", "width": 100}}"#,
        #"{"texts": {"en": "a"}, "constraint": {"comment": "x", "width": 100}}"#,
    ])
    func stressPattern(_ body: String) throws {
        let response = try call("stress-check", body)
        #expect(response.status == 400)
        let (code, message) = try error(response)
        #expect(code == "invalid-request")
        #expect(message.contains("unknown field") && message.contains("maxLines"), "\(message)")
        #expect(message.hasPrefix("$.constraint.pattern") || message.hasPrefix("$.constraint.comment"), "\(message)")
    }
}

extension RequestValidationTests {
    // MARK: 3. The text limit wherever a text comes in

    @Test("A text over maxTextScalars is limit-exceeded in fonts, layout and render, naming the text and the limit", arguments: [
        ("fonts", #"{"for": "abcdef"}"#, "for"),
        ("layout", #"{"tree": {"text": "abcdef"}}"#, "$.tree.text"),
        ("render", #"{"tree": {"vstack": {"children": [{"text": "ab"}, {"padding": 2, "text": "abcdef"}]}}}"#,
         "$.tree.vstack.children[1].text"),
        // Scalars, not grapheme clusters: three accented letters in NFD are six scalars.
        ("layout", "{\"tree\": {\"text\": \"e\u{301}e\u{301}e\u{301}\"}}", "$.tree.text"),
    ])
    func textLimit(_ op: String, _ body: String, _ named: String) throws {
        var limits = ServiceLimits()
        limits.maxTextScalars = 5
        let response = try call(op, body, limits: limits)
        #expect(response.status == 422)
        let (code, message) = try error(response)
        #expect(code == "limit-exceeded")
        #expect(message.hasPrefix(named + " has ") && message.contains("maxTextScalars"), "\(message)")
    }

    @Test("A text at the limit is laid out")
    func textAtLimit() throws {
        var limits = ServiceLimits()
        limits.maxTextScalars = 5
        #expect(try call("layout", #"{"tree": {"text": "abcde"}}"#, limits: limits).status == 200)
        #expect(try call("fonts", #"{"for": "abcde"}"#, limits: limits).status == 200)
    }
}

extension RequestValidationTests {
    @Test("A layout tree whose nested overflow templates would build more nodes than the limit is limit-exceeded")
    func nestedOverflowTemplates() throws {
        // 12 flows of two texts, each the next one's overflow: 37 nodes as sent, but each template
        // is built once per item, 2^12 copies of the innermost text, over a limit of 1,000.
        var node = #"{"text": "x"}"#
        for _ in 0..<12 { node = #"{"flow": {"maxRows": 1, "children": [{"text": "a"}, {"text": "b"}], "overflow": \#(node)}}"# }
        var limits = ServiceLimits()
        limits.maxElements = 1000
        let response = try call("layout", #"{"tree": \#(node)}"#, limits: limits)
        #expect(response.status == 422)
        let (code, message) = try error(response)
        #expect(code == "limit-exceeded" && message.contains("maxElements") && message.hasPrefix("$.tree.flow.overflow"), "\(message)")
    }

    // MARK: 4. Bad values are invalid-request naming the field; unreadable-input is for fonts

    @Test("A size, tracking or feature the typesetter refuses is 400 invalid-request naming the field", arguments: [
        ("measure", #"{"texts": ["a"], "size": -5}"#, "size: "),
        ("measure", #"{"texts": ["a"], "size": 1e9}"#, "size: "),
        ("measure", #"{"texts": ["a"], "tracking": 1e308}"#, "tracking: "),
        ("measure", #"{"texts": ["a"], "features": ["tnum", "+++"]}"#, "features[1]: "),
        ("fonts", #"{"for": "a", "size": -5}"#, "size: "),
        ("fonts", #"{"for": "a", "features": ["+++"]}"#, "features[0]: "),
    ])
    func typographyValues(_ op: String, _ body: String, _ prefix: String) throws {
        let response = try call(op, body)
        #expect(response.status == 400)
        let (code, message) = try error(response)
        #expect(code == "invalid-request")
        #expect(message.hasPrefix(prefix), "\(message)")
    }

    @Test("A family that cannot be used is still 422 unreadable-input")
    func unknownFamilyIsUnreadable() throws {
        let response = try call("measure", #"{"texts": ["a"], "font": "Nope"}"#)
        #expect(response.status == 422)
        #expect(try error(response).code == "unreadable-input")
    }
}

extension RequestValidationTests {
    // MARK: 5. Strict JSON (RFC 8259) for bodies and stdio lines

    @Test("What RFC 8259 does not allow is malformed-json, saying where the reader stopped", arguments: [
        (#"{"texts": ["Hi"],}"#, "line 1, column 18"),
        (#"{"texts": ["Hi",]}"#, "line 1, column 17"),
        (#"{"texts": ["Hi"], "size": 017}"#, "leading zero"),
        (#"{"texts": ["Hi"], "size": +17}"#, "line 1, column 27"),
        (#"{"texts": ["Hi"], "size": 17.}"#, "decimal point"),
        (#"{"texts": ["Hi"]} {}"#, "after the JSON value"),
        ("{\"texts\": [\"Hi\"],\n \"size\": 17,\n}", "line 3, column 1"),
    ])
    func strictJSON(_ body: String, _ where_: String) throws {
        let response = try call("measure", body)
        #expect(response.status == 400)
        let (code, message) = try error(response)
        #expect(code == "malformed-json")
        #expect(message.hasPrefix("the body is not valid JSON: ") && message.contains(where_), "\(message)")
    }

    @Test("Numbers, booleans and nulls from the strict reader decode as before")
    func nativeValues() throws {
        let response = try call("measure", #"{"texts": ["To"], "size": 1000, "width": 3000, "italic": false, "lines": 2, "height": null}"#)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let results = try #require(try ServiceFixtures.json(response)["results"] as? [[String: Any]])
        #expect((results.first?["ideal"] as? [String: Any])?["width"] as? Double == 1091)  // hb-shape: T 486 + o 605
        let layout = try call("layout", #"{"tree": {"text": "a"}, "width": 100, "height": 50.5}"#)
        #expect(layout.status == 200)
        let render = try call("render", #"{"tree": {"text": "a"}, "overlays": 1}"#)
        let renderMessage = try error(render).message
        #expect(render.status == 400 && renderMessage.hasPrefix("overlays:"), "\(renderMessage)")
    }

    // MARK: 6. stdio's errors are HTTP's

    func stdio(_ line: String) throws -> (id: Any?, code: String?, message: String) {
        let server = StdioServer(dispatcher: try ServiceFixtures.dispatcher())
        let response = try #require(server.respond(to: Data(line.utf8)))
        let object = try #require(try JSONSerialization.jsonObject(with: response) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any], "\(object)")
        return (object["id"], error["code"] as? String, error["message"] as? String ?? "")
    }

    @Test("stdio: a malformed line says where the reader stopped; a trailing comma is malformed")
    func stdioMalformed() throws {
        let trailing = try stdio(#"{"id": 1, "op": "measure", "params": {"texts": ["Hi"],}}"#)
        #expect(trailing.code == "malformed-json" && trailing.id is NSNull)
        #expect(trailing.message == "the line is not valid JSON: expected a string key at line 1, column 55", "\(trailing.message)")
        let garbage = try stdio("this is not json")
        #expect(garbage.code == "malformed-json" && garbage.message.contains("line 1, column 1"), "\(garbage.message)")
    }

    @Test("stdio: a line that is not an object is invalid-request, as over HTTP")
    func stdioNotAnObject() throws {
        let answer = try stdio("[1,2]")
        #expect(answer.code == "invalid-request" && answer.id is NSNull)
        #expect(answer.message.hasPrefix("the line must be a JSON object"), "\(answer.message)")
        let httpCode = try error(try call("measure", "[1,2]")).code
        #expect(httpCode == answer.code)
    }

    @Test("stdio: an op of the wrong type is named as such, not as missing")
    func stdioOpType() throws {
        let wrong = try stdio(#"{"id":4,"op":5}"#)
        #expect(wrong.id as? Int == 4 && wrong.code == "invalid-request")
        #expect(wrong.message.hasPrefix("op: expected a string"), "\(wrong.message)")
        let missing = try stdio(#"{"id":4}"#)
        #expect(missing.message.hasPrefix("op: missing"), "\(missing.message)")
    }
}

extension RequestValidationTests {
    // MARK: 7. fonts names the fields it accepts

    @Test("fonts: an unknown field lists the accepted ones (for and the font options), with or without for", arguments: [
        #"{"x": 5}"#, #"{"for": "a", "x": 5}"#, #"{"for": "a", "texts": ["b"]}"#,
    ])
    func fontsUnknownField(_ body: String) throws {
        let response = try call("fonts", body)
        #expect(response.status == 400)
        let (code, message) = try error(response)
        #expect(code == "invalid-request")
        #expect(message.contains("unknown field (expected ") && !message.contains("(expected )"), "\(message)")
        for field in ["for", "font", "fontFile", "size", "style", "weight", "locale"] {
            #expect(message.contains(field), "\(field): \(message)")
        }
        #expect(!message.contains("texts,"), "\(message)")
    }

    @Test("fonts: a font option without for says it needs for")
    func fontsOptionWithoutFor() throws {
        let (code, message) = try error(try call("fonts", #"{"size": 12}"#))
        #expect(code == "invalid-request" && message.hasPrefix("size: ") && message.contains("only with for"), "\(message)")
    }
}

extension RequestValidationTests {
    // MARK: 9. Texts that fall back or cannot be measured are diagnosed in the layout answer

    func diagnostics(_ body: String) throws -> [String] {
        let response = try call("layout", body)
        #expect(response.status == 200)
        let layouts = try #require(try ServiceFixtures.json(response)["layouts"] as? [[String: Any]])
        return try #require(layouts.first?["diagnostics"] as? [String])
    }

    @Test("An unknown family is laid out in Noto Sans and said so, naming the text")
    func unknownFamilyDiagnosed() throws {
        let lines = try diagnostics(#"{"tree": {"vstack": {"children": [{"text": "ok"}, {"text": "a", "font": "Nope", "id": "t"}]}}}"#)
        #expect(lines.count == 1, "\(lines)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix(#"fontFallback: Text at [1] (id t): "a": unknown font family 'Nope'"#), "\(line)")
        #expect(line.hasSuffix("measured in Noto Sans instead"), "\(line)")
    }

    @Test("A negative size is laid out as 0 × 0 and said so")
    func negativeSizeDiagnosed() throws {
        let lines = try diagnostics(#"{"tree": {"text": "a", "size": -5}}"#)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix(#"unmeasurableText: Text at []: "a": invalid font size -5"#) == true, "\(lines)")
        #expect(lines.first?.hasSuffix("measured as 0 × 0") == true, "\(lines)")
    }

    @Test("Known families and valid sizes give no diagnostic")
    func cleanLayout() throws {
        #expect(try diagnostics(#"{"tree": {"text": "a", "font": "Noto Sans", "size": 12}}"#) == [])
    }
}

extension RequestValidationTests {
    // MARK: 10. Proposals and the new layout-file nodes

    @Test("layout's width may be \"infinity\" (an infinite proposal); null is nil; another string is refused naming width")
    func infiniteWidth() throws {
        // A rectangle proposed ∞ answers ∞: laid out 0 wide with an invalidSize diagnostic.
        let infinite = try diagnostics(#"{"tree": {"rectangle": {}}, "width": "infinity"}"#)
        #expect(infinite.count == 1 && infinite.first?.hasPrefix("invalidSize: Rectangle at []") == true, "\(infinite)")
        #expect(try diagnostics(#"{"tree": {"rectangle": {}}, "width": null}"#) == [])
        let refused = try call("layout", #"{"tree": {"rectangle": {}}, "width": "inf"}"#)
        #expect(refused.status == 400)
        #expect(try error(refused).message.hasPrefix("width: "))
    }

    @Test("Nodes inside overlays, backgrounds and chains count against maxElements")
    func overlayNodesCount() throws {
        var limits = ServiceLimits()
        limits.maxElements = 3
        // The root box, its overlay box and the chain's two background boxes: 4 nodes.
        let tree = #"{"box": {}, "overlay": {"box": {}}, "modifiers": [{"background": {"content": [{"box": {}}, {"box": {}}]}}]}"#
        let response = try call("layout", #"{"tree": \#(tree)}"#, limits: limits)
        #expect(response.status == 422)
        #expect(try error(response).message.contains("4 nodes"))
        limits.maxElements = 4
        #expect(try call("layout", #"{"tree": \#(tree)}"#, limits: limits).status == 200)
    }
}
