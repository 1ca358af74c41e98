import Foundation
import Testing
@testable import Service
import TextFit

/// The service's `layout` and `render` with `platform` and `fontScale`. Heights are Material 3's
/// bodyLarge line (24 sp) through AOSP's 2.0 table: 16 sp → 28 dp, the line 24 × 28 / 16 = 42 dp.
@Suite("Service: layout and render under a platform and font scale")
struct LayoutPlatformServiceTests {
    func call(_ op: String, _ body: String) throws -> ServiceResponse {
        try ServiceFixtures.dispatcher().handle(op, body: Data(body.utf8))
    }

    func layouts(_ body: String) throws -> [[String: Any]] {
        let response = try call("layout", body)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return try #require(try ServiceFixtures.json(response)["layouts"] as? [[String: Any]])
    }

    func height(_ layout: [String: Any]) -> Double? { (layout["size"] as? [String: Any])?["height"] as? Double }

    @Test("platform android with fontScale: one layout per scale, labelled fontScale; a text with no font is bodyLarge")
    func androidLayout() throws {
        let answers = try layouts(#"{"tree": {"text": "Settings"}, "platform": "android", "fontScale": "1,2"}"#)
        #expect(answers.map { $0["fontScale"] as? Double } == [1, 2])
        #expect(answers.allSatisfy { $0["dynamicTypeSize"] == nil })
        #expect(answers.map(height) == [24, 42])
        // A number is one scale; dynamicType is the same field, read as font scales under android.
        #expect(try layouts(#"{"tree": {"text": "Settings"}, "platform": "android", "fontScale": 2}"#).map(height) == [42])
        #expect(try layouts(#"{"tree": {"text": "Settings"}, "platform": "android", "dynamicType": "200%"}"#).map(height) == [42])
        // The platform alone: font scale 1.
        #expect(try layouts(#"{"tree": {"text": "Settings"}, "platform": "android"}"#).map { $0["fontScale"] as? Double } == [1])
    }

    @Test("The tree's own platform and font scale apply; the request's fields win over them")
    func treeSettings() throws {
        let tree = #"{"platform": "android", "fontScale": 2, "text": "Settings"}"#
        #expect(try layouts(#"{"tree": \#(tree)}"#).map(height) == [42])
        #expect(try layouts(#"{"tree": \#(tree), "fontScale": "1"}"#).map(height) == [24])
        // ios asked for: the tree's font scale is not a Dynamic Type size, and the error says so.
        let response = try call("layout", #"{"tree": \#(tree), "platform": "ios", "dynamicType": "large"}"#)
        #expect(response.status == 400)
        let message = try #require((try ServiceFixtures.json(response)["error"] as? [String: Any])?["message"] as? String)
        #expect(message.hasPrefix("$.tree.fontScale: '2' is a font scale, which is Android's"), "\(message)")
    }

    @Test("render draws the first size under the platform: the picture is the 42 dp line and its 4-point margins")
    func render() throws {
        let response = try call("render", #"{"tree": {"text": "Settings"}, "platform": "android", "fontScale": "2,1"}"#)
        #expect(response.status == 200 && response.contentType == "image/svg+xml")
        let svg = String(decoding: response.body, as: UTF8.self)
        #expect(svg.contains(#"height="50""#), "\(svg.prefix(300))")
        let ios = String(decoding: try call("render", #"{"tree": {"text": "Settings"}}"#).body, as: UTF8.self)
        #expect(ios.hasPrefix("<svg") && !ios.contains(#"height="50""#))
    }

    @Test("Bad platform and text-size fields are invalid-request naming the field or the tree's path", arguments: [
        (#"{"tree": {"text": "a"}, "platform": "windows"}"#, "platform: 'windows' is not a platform (ios, android)"),
        (#"{"tree": {"text": "a"}, "platform": 1}"#, "platform: expected a string"),
        (#"{"tree": {"text": "a"}, "platform": "android", "fontScale": 0}"#, "fontScale: 0 is not a font scale"),
        (#"{"tree": {"text": "a"}, "platform": "android", "fontScale": true}"#, "fontScale: expected a font scale"),
        (#"{"tree": {"text": "a"}, "fontScale": 1.3}"#, "fontScale: '1.3' is a font scale, which is Android's"),
        (#"{"tree": {"text": "a"}, "platform": "android", "dynamicType": "large"}"#, "dynamicType: 'large' is a Dynamic Type size"),
        (#"{"tree": {"text": "a"}, "platform": "android", "dynamicType": "1", "fontScale": 1}"#, "not both"),
        (#"{"tree": {"text": "a", "style": "bodyLarge"}}"#, "$.tree.style: 'bodyLarge' is a Material 3 text style"),
        (#"{"tree": {"text": "a", "style": "body"}, "platform": "android"}"#, "$.tree.style: 'body' is an Apple text style"),
        (#"{"tree": {"vstack": {"children": [{"text": "a", "variations": "GRAD=50"}]}}, "platform": "android"}"#,
         "$.tree.vstack.children[0].variations: 'GRAD=50': font 'Roboto"),
        (#"{"tree": {"text": "a", "font": "Roboto", "variations": "wght"}}"#, "$.tree.variations: 'wght'"),
        (#"{"tree": {"text": "a"}, "scale": 2}"#, "scale: unknown field (expected direction, dynamicType, fontScale, height, locale, platform, tree, width)"),
    ])
    func errors(_ body: String, _ message: String) throws {
        for operation in ["layout", "render"] {
            let response = try call(operation, body)
            #expect(response.status == 400)
            let error = try #require(try ServiceFixtures.json(response)["error"] as? [String: Any])
            #expect(error["code"] as? String == "invalid-request")
            let text = error["message"] as? String ?? ""
            // render also takes overlays, so its list of fields has one more.
            #expect(text.contains(operation == "render" ? message.replacingOccurrences(of: "height, locale, platform", with: "height, locale, overlays, platform") : message),
                    "\(operation): \(text)")
        }
    }

    @Test("stdio's layout takes platform and fontScale as params")
    func stdio() throws {
        let server = StdioServer(dispatcher: try ServiceFixtures.dispatcher())
        let line = #"{"id": 7, "op": "layout", "params": {"tree": {"text": "Settings"}, "platform": "android", "fontScale": 2}}"#
        let response = try #require(server.respond(to: Data(line.utf8)))
        let object = try #require(try JSONSerialization.jsonObject(with: response) as? [String: Any])
        let layouts = try #require((object["result"] as? [String: Any])?["layouts"] as? [[String: Any]])
        #expect(layouts.map { $0["fontScale"] as? Double } == [2] && layouts.map(height) == [42])
    }
}
