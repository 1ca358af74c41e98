import Foundation
import TestSupport
import Testing
@testable import Service
import TextFit

enum ServiceFixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let engine = Result { try TextFitEngine(bundledOnly: true, fontDirectory: repository.appendingPathComponent("fonts").path) }
    static func dispatcher(_ limits: ServiceLimits = ServiceLimits()) throws -> ServiceDispatcher {
        ServiceDispatcher(engine: try engine.get(), limits: limits)
    }
    static func json(_ response: ServiceResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }
}

@Suite("Service operations (transport-independent)")
struct DispatcherTests {
    func call(_ op: String, _ body: String, limits: ServiceLimits = ServiceLimits()) throws -> ServiceResponse {
        try ServiceFixtures.dispatcher(limits).handle(op, body: Data(body.utf8))
    }

    @Test("measure answers exactly what the library's measure operation answers (one schema)")
    func measure() throws {
        let response = try call("measure", #"{"texts": ["To", "Hi"], "size": 1000, "width": 3000}"#)
        #expect(response.status == 200 && response.contentType == "application/json")
        let decoded = try JSONDecoder().decode([String: [MeasureResult]].self, from: response.body)
        // The service names fonts relative to their folder (issue 27): the engine's results with that one change.
        let dispatcher = try ServiceFixtures.dispatcher()
        let expected = try ServiceFixtures.engine.get().measure(MeasureRequest(texts: ["To", "Hi"], size: 1000, width: 3000))
            .map { result in
                var result = result
                result.font.file = dispatcher.fontName(result.font.file)
                for index in result.runs.indices { result.runs[index].font.file = dispatcher.fontName(result.runs[index].font.file) }
                for index in result.fonts.indices { result.fonts[index].file = dispatcher.fontName(result.fonts[index].file) }
                for line in result.lines.indices {
                    for index in result.lines[line].runs.indices {
                        result.lines[line].runs[index].font.file = dispatcher.fontName(result.lines[line].runs[index].font.file)
                    }
                }
                return result
            }
        #expect(decoded["results"] == expected)
        #expect(decoded["results"]?.first?.font.file == "NotoSans-Regular.ttf")
        // hb-shape: T 486 + o 605 with kerning.
        #expect(decoded["results"]?.first?.ideal.width == 1091)
        // "markdown": the text shown, measured. hb-shape: Noto Sans Bold "To" 509 + 619 (kerned), Regular " x" 260 + 529.
        let markdown = try call("measure", #"{"texts": ["**To** x"], "size": 1000, "markdown": true}"#)
        let shown = try JSONDecoder().decode([String: [MeasureResult]].self, from: markdown.body)["results"]?.first
        #expect(shown?.text == "To x")
        let width: Double = 509 + 619 + 260 + 529
        #expect(abs((shown?.ideal.width ?? 0) - width) < 1e-9)
        let plain = try JSONDecoder().decode([String: [MeasureResult]].self, from: try call("measure", #"{"texts": ["**To** x"], "size": 1000}"#).body)
        #expect(plain["results"]?.first?.text == "**To** x")
    }

    @Test("Errors have stable codes and name the input", arguments: [
        ("measure", #"{"texts": ["a"], "colour": "red"}"#, "invalid-request", 400, "colour"),
        ("measure", #"{"texts": "a"}"#, "invalid-request", 400, "texts"),
        ("measure", #"{"texts": ["a"], "width": "wide"}"#, "invalid-request", 400, "width"),
        ("measure", #"{"texts": ["a"], "lines": 1.5}"#, "invalid-request", 400, "lines: expected Int"),
        ("measure", #"{"texts": ["a"]"#, "malformed-json", 400, "JSON"),
        ("measure", #"{"texts": ["a"], "style": "huge"}"#, "invalid-request", 400, "style"),
        ("measure", #"{"texts": ["a"], "font": "Comic Sans MS"}"#, "unreadable-input", 422, "Comic Sans MS"),
        ("layout", #"{"tree": {"text": 3}}"#, "invalid-request", 400, "$.tree.text"),
        ("layout", #"{"tree": {"text": "a"}, "width": -1}"#, "invalid-request", 400, "width"),
        ("stress-check", #"{"texts": {"de": "x"}, "constraint": {"width": -5}}"#, "invalid-request", 400, "$.constraint.width"),
        ("frobnicate", "{}", "unknown-operation", 404, "frobnicate"),
        // Found by fuzzing (Fuzz/crashes/service): a count of 1e300 trapped converting to Int and
        // killed the service; a denormal tab interval made every tab advance by ∞.
        ("layout", #"{"tree": {"flow": {"maxRows": 1e300, "children": [{"text": "a"}]}}}"#, "invalid-request", 400, "maxRows"),
        ("measure", #"{"texts": ["a\tb"], "tabInterval": 1e-320, "width": 100}"#, "invalid-request", 400, "tabInterval"),
    ])
    func errors(_ op: String, _ body: String, _ code: String, _ status: Int, _ named: String) throws {
        let response = try call(op, body)
        #expect(response.status == status)
        let error = try #require(try ServiceFixtures.json(response)["error"] as? [String: Any])
        #expect(error["code"] as? String == code)
        #expect((error["message"] as? String)?.contains(named) == true, "\(error)")
    }

    @Test("A tracking of 1e308 is refused naming it, not answered with an infinite width (fuzzing)")
    func hugeTracking() throws {
        let response = try call("measure", #"{"texts": ["ab"], "tracking": 1e308}"#)
        #expect(response.status == 400 || response.status == 422)
        let error = try #require(try ServiceFixtures.json(response)["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("tracking") == true, "\(error)")
    }

    @Test("Invalid UTF-8 and oversized bodies are refused with their own codes")
    func bytes() throws {
        let invalid = try ServiceFixtures.dispatcher().handle("measure", body: Data([0x7B, 0xFF, 0x7D]))
        let error = try ServiceFixtures.json(invalid)["error"] as? [String: Any]
        #expect(invalid.status == 400 && error?["code"] as? String == "invalid-utf8")
        var small = ServiceLimits()
        small.maxBodyBytes = 16
        let big = try call("measure", #"{"texts": ["a long enough body"]}"#, limits: small)
        #expect(big.status == 413)
    }

    @Test("Limits on texts, text length and tree size answer 422 naming the limit")
    func limits() throws {
        var limits = ServiceLimits()
        limits.maxTexts = 2
        limits.maxTextScalars = 5
        limits.maxElements = 3
        let tooMany = try call("measure", #"{"texts": ["a", "b", "c"]}"#, limits: limits)
        #expect(tooMany.status == 422 && String(decoding: tooMany.body, as: UTF8.self).contains("maxTexts"))
        let tooLong = try call("measure", #"{"texts": ["abcdef"]}"#, limits: limits)
        #expect(tooLong.status == 422 && String(decoding: tooLong.body, as: UTF8.self).contains("maxTextScalars"))
        let tooBig = try call("layout", #"{"tree": {"vstack": {"children": [{"text": "a"}, {"text": "b"}, {"text": "c"}]}}}"#, limits: limits)
        #expect(tooBig.status == 422 && String(decoding: tooBig.body, as: UTF8.self).contains("maxElements"))
    }

    @Test("layout, render and fonts answer with the CLI's shapes")
    func otherOperations() throws {
        let layout = try ServiceFixtures.json(try call("layout", #"{"tree": {"text": "Hi", "id": "t"}, "dynamicType": "all"}"#))
        let layouts = try #require(layout["layouts"] as? [[String: Any]])
        #expect(layouts.count == 12 && layouts.first?["dynamicTypeSize"] as? String == "xSmall")
        // Each text's fit, as the CLI's --json writes it: "aaaa bbbb aaaa" (Noto Sans at 17 pt: a 561,
        // b 615, space 260, "…" 791 units of 1000) cut to "aaaa…" in 60 pt, "…" at scalar 4.
        let cut = try ServiceFixtures.json(try call("layout", #"{"tree": {"text": "aaaa bbbb aaaa", "lineLimit": 1}, "width": 60}"#))
        let fit = try #require(((cut["layouts"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]])?.first?["fit"] as? [String: Any])
        #expect(fit["linesShown"] as? Int == 1 && fit["linesNeeded"] as? Int == 3)
        #expect((fit["truncated"] as? [String: Any])?["offset"] as? Int == 4)
        let render = try call("render", #"{"tree": {"text": "Hi"}, "overlays": true}"#)
        #expect(render.contentType == "image/svg+xml" && String(decoding: render.body, as: UTF8.self).hasPrefix("<svg"))
        let families = try ServiceFixtures.json(try call("fonts", "{}"))["families"] as? [[String: Any]]
        #expect(families?.first?["name"] as? String == "Noto Sans")
        let clusters = try ServiceFixtures.json(try call("fonts", #"{"for": "aก"}"#))["clusters"] as? [[String: Any]]
        #expect(clusters?.count == 2)
    }

    /// A layout request's dynamicType list was taken as given: 4,000 copies of one size laid the tree
    /// out 4,000 times (57 s and 3.3 GB). A size named again is dropped, its first place kept (as a
    /// stress constraint drops it), and a list longer than the 12 sizes is refused naming the field.
    @Test("layout: a repeated dynamicType size is laid out once, in first-seen order; more than 12 items is 400 naming dynamicType")
    func layoutDynamicTypeListIsBounded() throws {
        let object = try ServiceFixtures.json(try call("layout", #"{"tree": {"text": "Hi"}, "dynamicType": "ax2, large, ax2, large, ax2"}"#))
        let layouts = try #require(object["layouts"] as? [[String: Any]])
        #expect(layouts.map { $0["dynamicTypeSize"] as? String } == ["accessibility2", "large"])
        // A range's sizes count once too: "large" then medium...xLarge (medium, large, xLarge) is
        // large, medium, xLarge.
        let ranged = try ServiceFixtures.json(try call("layout", #"{"tree": {"text": "Hi"}, "dynamicType": "large, medium...xLarge"}"#))
        let rangedLayouts = try #require(ranged["layouts"] as? [[String: Any]])
        #expect(rangedLayouts.map { $0["dynamicTypeSize"] as? String } == ["large", "medium", "xLarge"])
        let thirteen = Array(repeating: "large", count: 13).joined(separator: ",")
        for operation in ["layout", "render"] {
            let response = try call(operation, #"{"tree": {"text": "Hi"}, "dynamicType": "\#(thirteen)"}"#)
            #expect(response.status == 400)
            let error = try #require(try ServiceFixtures.json(response)["error"] as? [String: Any])
            #expect(error["code"] as? String == "invalid-request")
            #expect(error["message"] as? String == "dynamicType: has 13 items; at most 12, one per Dynamic Type size; expected xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all")
        }
        // Twelve items, all distinct, are every size once.
        let twelve = DynamicTypeSize.allCases.reversed().map(\.rawValue).joined(separator: ",")
        let all = try ServiceFixtures.json(try call("layout", #"{"tree": {"text": "Hi"}, "dynamicType": "\#(twelve)"}"#))
        #expect((all["layouts"] as? [[String: Any]])?.count == 12)
    }

    @Test("stress-check: one string in several locales against a constraint")
    func stressCheck() throws {
        // "Einstellungen" at body 17 pt is wider than 80 pt; "Settings" (64.69 pt) is not.
        let object = try ServiceFixtures.json(try call("stress-check", #"""
            {"key": "settings.title", "texts": {"en": "Settings", "de": "Einstellungen"},
             "constraint": {"width": 80, "maxLines": 1, "style": "body", "dynamicType": "large"}}
            """#))
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts.map { $0["locale"] as? String } == ["de", "en"])
        #expect(verdicts.map { $0["status"] as? String } == ["truncated", "fits"])
        // "markdown": the link's text is measured, not its URL (docs/stress.md).
        let link = #"{"texts": {"en": "[Settings](https://example.com/settings/general)"}, "constraint": {"width": 80, "dynamicType": "large"#
        let statuses = try [link + #""}}"#, link + #"", "markdown": true}}"#].map { request in
            try ServiceFixtures.json(try call("stress-check", request))["verdicts"] as? [[String: Any]]
        }.map { $0?.first?["status"] as? String }
        #expect(statuses == ["truncated", "fits"])
    }

    /// maxTextScalars held for the text as sent only: 4,000 `%@` (8,000 characters) were measured as
    /// 116,000 characters (29 a sample).
    @Test("stress-check: maxTextScalars holds once placeholders are replaced by samples")
    func stressCheckTextCapAfterSamples() throws {
        let many = String(repeating: "%@", count: 4_000)
        let response = try call("stress-check", #"{"texts": {"en": "Hi", "de": "\#(many)"}, "constraint": {"dynamicType": "large"}}"#)
        #expect(response.status == 422)
        let error = try #require(try ServiceFixtures.json(response)["error"] as? [String: Any])
        #expect(error["code"] as? String == "limit-exceeded")
        #expect(error["message"] as? String == "texts.de is longer than maxTextScalars (10000) once its placeholders are replaced by samples")
    }
}

@Suite("stdio mode")
struct StdioTests {
    @Test("A script of mixed valid and invalid lines yields one response per line, in order, ids echoed")
    func script() throws {
        let server = StdioServer(dispatcher: try ServiceFixtures.dispatcher())
        let lines = [
            #"{"id": 1, "op": "measure", "params": {"texts": ["To"], "size": 1000}}"#,
            "this is not json",
            #"{"id": "b", "op": "frobnicate"}"#,
            "",
            #"{"id": 3, "op": "render", "params": {"tree": {"text": "Hi"}}}"#,
            #"{"id": [4], "op": "measure", "params": {"texts": ["x"]}, "extra": 1}"#,
        ]
        let responses = lines.compactMap { server.respond(to: Data($0.utf8)) }
        #expect(responses.count == 5)  // the blank line gets none
        let objects = try responses.map { try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any]) }
        #expect(objects[0]["id"] as? Int == 1)
        #expect(((objects[0]["result"] as? [String: Any])?["results"] as? [[String: Any]])?.count == 1)
        #expect(objects[1]["id"] is NSNull && (objects[1]["error"] as? [String: Any])?["code"] as? String == "malformed-json")
        #expect(objects[2]["id"] as? String == "b" && (objects[2]["error"] as? [String: Any])?["code"] as? String == "unknown-operation")
        #expect(((objects[3]["result"] as? [String: Any])?["svg"] as? String)?.hasPrefix("<svg") == true)
        #expect((objects[4]["error"] as? [String: Any])?["code"] as? String == "invalid-request")
    }

    @Test("The loop reads lines from a pipe, answers in order, and ends at end of input")
    func pipe() throws {
        let input = Pipe(), output = Pipe()
        let server = StdioServer(dispatcher: try ServiceFixtures.dispatcher())
        let requests = (0..<20).map { #"{"id": \#($0), "op": "measure", "params": {"texts": ["t\#($0)"]}}"# }.joined(separator: "\n") + "\n"
        input.fileHandleForWriting.write(Data(requests.utf8))
        try input.fileHandleForWriting.close()
        #expect(server.run(input: input.fileHandleForReading, output: output.fileHandleForWriting) == .endOfInput)
        try output.fileHandleForWriting.close()
        let lines = String(decoding: readToEnd(output.fileHandleForReading), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 20)
        let ids = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["id"] as? Int }
        #expect(ids == Array(0..<20))
    }
}

@Suite("Service: the measure operation under a platform and with a variable font's settings")
struct PlatformServiceTests {
    func call(_ body: String) throws -> ServiceResponse {
        try ServiceFixtures.dispatcher().handle("measure", body: Data(body.utf8))
    }

    @Test("platform, fontScale and variations are fields of measure; the answer is the library's")
    func platformFields() throws {
        let response = try call(#"{"texts": ["Settings"], "platform": "android", "fontScale": 2, "style": "titleMedium"}"#)
        #expect(response.status == 200)
        let results = try JSONDecoder().decode([String: [MeasureResult]].self, from: response.body)["results"]
        // titleMedium is 16 sp (Material 3): 28 dp at 2.0 (AOSP's table: 14 → 26, 18 → 30), Roboto Medium.
        #expect(results?.first.map { abs($0.size - 28) < 1e-4 && $0.font.family == "Roboto" && $0.weight == 500 } == true)
        let varied = try call(#"{"texts": ["Settings"], "font": "Roboto", "variations": "wght=300,wdth=75"}"#)
        let font = try JSONDecoder().decode([String: [MeasureResult]].self, from: varied.body)["results"]?.first?.font
        #expect(font?.variations == "wght=300,wdth=75")
    }

    @Test("A bad platform value, style or axis is invalid-request naming the field", arguments: [
        (#"{"texts": ["a"], "platform": "symbian"}"#, "platform:"),
        (#"{"texts": ["a"], "style": "bodyLarge"}"#, "style:"),
        (#"{"texts": ["a"], "font": "Roboto", "variations": "GRAD=50"}"#, "variations:"),
        (#"{"texts": ["a"], "font": "Roboto", "instance": "Wide"}"#, "instance:"),
        (#"{"texts": ["a"], "platform": "android", "fontScale": -1}"#, "fontScale:"),
    ])
    func badValues(_ body: String, _ field: String) throws {
        let response = try call(body)
        let error = try ServiceFixtures.json(response)["error"] as? [String: Any]
        #expect(response.status == 400 && error?["code"] as? String == "invalid-request")
        #expect((error?["message"] as? String)?.hasPrefix(field) == true, "\(error ?? [:])")
    }
}

@Suite("Service: stress-check under a platform")
struct PlatformStressCheckTests {
    func call(_ body: String) throws -> ServiceResponse {
        try ServiceFixtures.dispatcher().handle("stress-check", body: Data(body.utf8))
    }

    @Test("platform android sweeps the constraint's font scales in Roboto bodyLarge; the other platform's fields are refused")
    func android() throws {
        let response = try call(#"{"key": "k", "platform": "android", "texts": {"de": "Einstellungen"}, "constraint": {"width": 400, "fontScale": "1,2"}}"#)
        #expect(response.status == 200)
        let verdicts = try #require(try ServiceFixtures.json(response)["verdicts"] as? [[String: Any]])
        #expect(verdicts.compactMap { $0["fontScale"] as? Double } == [1, 2])
        #expect(verdicts.allSatisfy { $0["status"] as? String == "fits" && $0["dynamicTypeSize"] == nil })
        for (body, field) in [
            (#"{"key": "k", "texts": {"de": "x"}, "constraint": {"style": "bodyLarge"}}"#, "$.constraint.style"),
            (#"{"key": "k", "platform": "android", "texts": {"de": "x"}, "constraint": {"dynamicType": "large"}}"#, "$.constraint.dynamicType"),
            (#"{"key": "k", "platform": "tizen", "texts": {"de": "x"}}"#, "platform"),
        ] {
            let refused = try call(body)
            let error = try ServiceFixtures.json(refused)["error"] as? [String: Any]
            #expect(refused.status == 400 && (error?["message"] as? String)?.hasPrefix(field) == true, "\(error ?? [:])")
        }
    }
}

@Suite("Service: work and answer budgets (issue 27)")
struct BudgetTests {
    @Test("An answer over maxAnswerBytes is limit-exceeded, stopped where it passed the limit")
    func answerBytes() throws {
        var limits = ServiceLimits()
        limits.maxAnswerBytes = 20_000
        // Each "Settings" answer is about 1.5 KB of JSON: 100 of them pass 20,000 bytes near the 13th.
        let texts = Array(repeating: "\"Settings\"", count: 100).joined(separator: ",")
        let response = try ServiceFixtures.dispatcher(limits).handle("measure", body: Data(#"{"texts": [\#(texts)]}"#.utf8))
        let error = try ServiceFixtures.json(response)["error"] as? [String: Any]
        #expect(response.status == 422, "\(response.status)")
        #expect(error?["code"] as? String == "limit-exceeded")
        #expect((error?["message"] as? String)?.contains("maxAnswerBytes") == true)
        // Under the limit, the same request answers.
        let fine = try ServiceFixtures.dispatcher().handle("measure", body: Data(#"{"texts": [\#(texts)]}"#.utf8))
        #expect(fine.status == 200)
    }

    @Test("More than 30 combining marks in a row (UAX #15's stream-safe bound) is refused; 30 is measured")
    func combiningRuns() throws {
        let thirty = "e" + String(repeating: "\u{301}", count: 30)
        let ok = try ServiceFixtures.dispatcher().handle("measure", body: try JSONSerialization.data(withJSONObject: ["texts": ["a", thirty]]))
        #expect(ok.status == 200)
        let zalgo = "Z" + String(repeating: "\u{36B}\u{303}", count: 40) + "algo"
        let refused = try ServiceFixtures.dispatcher().handle("measure", body: try JSONSerialization.data(withJSONObject: ["texts": ["a", zalgo]]))
        let error = try ServiceFixtures.json(refused)["error"] as? [String: Any]
        #expect(error?["code"] as? String == "limit-exceeded")
        #expect((error?["message"] as? String)?.hasPrefix("texts[1] has 80 combining marks in a row") == true, "\(error ?? [:])")
        #expect(ServiceDispatcher.longestCombiningRun("abc", over: 30) == nil)
    }

    /// UAX #15's stream-safe format puts a CGJ (U+034F, combining class 0) after every 30
    /// non-starters, and a ZWJ between marks restarts a class-based count too; either way the text
    /// is still one grapheme cluster of 10,000 characters, which HarfBuzz 6 shapes in quadratic time
    /// (0.22 s for 10,000 marks with `hb-shape`, CGJs or not). Counted as marks, they are refused;
    /// real text with its marks and joiners is not.
    @Test("Joiners and CGJ cannot split a run of marks that is still one cluster")
    func combiningRunsWithJoiners() throws {
        let streamSafe = "e" + String(repeating: String(repeating: "\u{301}", count: 30) + "\u{34F}", count: 5)
        #expect(ServiceDispatcher.longestCombiningRun(streamSafe, over: 30) == 155)
        let joined = "e" + String(repeating: "\u{301}\u{200D}", count: 20)
        #expect(ServiceDispatcher.longestCombiningRun(joined, over: 30) == 40)
        // Real text: Hebrew with points and a cantillation mark, Vietnamese, a Devanagari conjunct
        // (kārtsnya), an emoji family with skin tones, Arabic with harakat: at most 3 in a row; a flag
        // tag sequence (England: 5 tag letters and CANCEL TAG, all Grapheme_Extend) 6.
        for text in ["בְּרֵאשִׁ֖ית", "Tiếng Việt", "कार्त्स्न्य", "👩🏽‍👩🏽‍👧🏽‍👦🏽", "مُحَمَّدٌ"] {
            #expect(ServiceDispatcher.longestCombiningRun(text, over: 3) == nil, "\(text)")
        }
        #expect(ServiceDispatcher.longestCombiningRun("🏴󠁧󠁢󠁥󠁮󠁧󠁿", over: 5) == 6)
        let refused = try ServiceFixtures.dispatcher().handle("measure", body: try JSONSerialization.data(withJSONObject: ["texts": [streamSafe]]))
        #expect(refused.status == 422)
    }

    /// What counts as extending a cluster is decided by the general category alone outside Lm, Cf
    /// and Sk: the same answer as asking every property, for every scalar.
    @Test("The category shortcut for cluster-extending characters agrees with every property on every scalar")
    func extendsClusterShortcut() {
        var checked = 0, wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            checked += 1
            let properties = scalar.properties
            let full = value == 0x200C || value == 0x200D
                || [.nonspacingMark, .enclosingMark, .spacingMark].contains(properties.generalCategory)
                || properties.isGraphemeExtend || properties.isVariationSelector || properties.isEmojiModifier
            if ServiceDispatcher.extendsCluster(scalar) != full, wrong.count < 10 { wrong.append(String(value, radix: 16)) }
            // `longestCombiningRun` skips the test for scalars the shaper's table says start a cluster.
            if full, Shaper.startsCluster(value), wrong.count < 10 { wrong.append("\(String(value, radix: 16)) (starts a cluster)") }
        }
        #expect(checked == 0x110000 - 0x800)
        #expect(wrong.isEmpty, "differs at U+\(wrong.joined(separator: ", U+"))")
    }
}
