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

    @Test("measure refuses a list of sizes, saying its answer holds one result per text")
    func measureDynamicTypeList() throws {
        let response = try call("measure", #"{"texts": ["a"], "dynamicType": "large,ax3"}"#)
        #expect(response.status == 400)
        let (code, message) = try error(response)
        #expect(code == "invalid-request")
        #expect(message.hasPrefix("dynamicType:") && message.contains("one per text"), "\(message)")
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
