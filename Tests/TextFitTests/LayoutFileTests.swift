import Foundation
import Testing
import TextFit

@Suite("Layout files and the layout operation")
struct LayoutFileTests {
    func parse(_ json: String) throws -> AnyView { try LayoutFile.element(from: Data(json.utf8)) }

    /// Inputs the layout-file fuzzer found (Fuzz/crashes/layoutfile): each trapped converting a
    /// huge count to `Int`, asked for an allocation that size, or summed lengths to ∞. Each must be
    /// refused with an error naming the key.
    @Test(arguments: [
        (#"{"text":"a","lineLimit":1e300}"#, "lineLimit"),
        (#"{"flow":{"maxRows":"infinity","children":[{"text":"a"}]}}"#, "maxRows"),
        (#"{"grid":{"rows":[[{"text":"a","gridCellColumns":1e300}]]}}"#, "gridCellColumns"),
        (#"{"grid":{"rows":[[{"text":"a","gridCellColumns":2147483648}]]}}"#, "gridCellColumns"),
        (#"{"flow":{"children":[{"padding":1,"text":"Z"},{"text":"東"}],"spacing":1e+308}}"#, "spacing"),
        // Fuzz/crashes/layoutfile/padding-minus-1e308: a padding given as one number skipped the
        // ±1,000,000 bound (right to left, the root's frame began at x = ∞).
        (#"{"flow":{"children":[{"text":"Zürich","padding":6}]},"padding":-1e+308}"#, "padding"),
        // "infinity" is a length for frames only; as a padding side or a spacing it is ∞ too.
        (#"{"text":"a","padding":{"top":"infinity"}}"#, "top"),
        (#"{"hstack":{"spacing":"infinity","children":[{"text":"a"}]}}"#, "spacing"),
    ])
    func fuzzedNumbersAreRefused(_ json: String, _ key: String) throws {
        #expect {
            _ = try parse(json)
        } throws: { error in
            String(describing: error).contains(key)
        }
    }

    @Test("Errors name the JSON path of the problem", arguments: [
        (#"{"flow": {"children": [{"text": 3}]}}"#, "$.flow.children[0].text"),
        (#"{"flow": {"children": [{"box": {"width": 1}, "padding": "x"}]}}"#, "$.flow.children[0].padding"),
        (#"{"hstack": {"alignment": "middle"}}"#, "$.hstack.alignment"),
        (#"{"vstack": {"children": [{"text": "a", "colour": "red"}]}}"#, "$.vstack.children[0].colour"),
        (#"{"text": "a", "box": {}}"#, "$"),
        (#"{"grid": {"rows": [[{"text": "a"}], 3]}}"#, "$.grid.rows[1]"),
        (#"{"text": "a", "style": "huge"}"#, "$.style"),
        (#"[1, 2"#, "$"),
    ])
    func errors(_ json: String, _ path: String) throws {
        do {
            _ = try parse(json)
            Issue.record("accepted \(json)")
        } catch let error as LayoutFileError {
            #expect(error.path == path, "\(error)")
        }
    }

    /// "infinity" is a frame's maximum only: a fixed, minimum or ideal length of ∞ made the frame
    /// infinite (laid out as 0 wide with an invalidSize diagnostic); it is refused with its path.
    @Test("An infinite fixed, minimum or ideal frame length is refused with its path; an infinite maximum is kept",
          arguments: ["width", "height", "minWidth", "minHeight", "idealWidth", "idealHeight"])
    func infiniteFrameLengths(_ key: String) throws {
        do {
            _ = try parse(#"{"hstack": {"children": [{"rectangle": {}, "frame": {"\#(key)": "infinity"}}]}}"#)
            Issue.record("accepted \(key): infinity")
        } catch let error as LayoutFileError {
            #expect(error.path == "$.hstack.children[0].frame.\(key)", "\(error)")
            #expect(error.message.contains("maxWidth and maxHeight"), "\(error)")
        }
        _ = try parse(#"{"rectangle": {}, "frame": {"maxWidth": "infinity", "maxHeight": "infinity"}}"#)
    }

    @Test("A key repeated in one object is refused with the object's path and the key; fixedSize names its forms")
    func duplicateKeysAndFixedSize() throws {
        do {
            _ = try parse(#"{"hstack": {"children": [{"box": {"width": 1, "height": 1}, "box": {"width": 2, "height": 2}}]}}"#)
            Issue.record("accepted two box keys")
        } catch let error as LayoutFileError {
            #expect(error.message.contains(#"duplicate key "box" in the object at $.hstack.children[0]"#), "\(error)")
        }
        do {
            _ = try parse(#"{"text": "a", "fixedSize": 1}"#)
            Issue.record("accepted fixedSize 1")
        } catch let error as LayoutFileError {
            #expect(error.path == "$.fixedSize" && error.message.contains("true, false"), "\(error)")
        }
    }

    /// The layout file is read by TextFit's own JSON reader: a syntax error names its line and
    /// column; booleans and numbers keep their JSON types (a `1` is not `true`, a `2.0` is a whole
    /// line limit); UTF-16 is refused (JSON is UTF-8).
    @Test("Syntax errors name the line and column; JSON types are kept")
    func jsonReading() throws {
        do {
            _ = try parse("{\"text\": \"a\",\n \"style\": }")
            Issue.record("accepted a value-less key")
        } catch let error as LayoutFileError {
            #expect(error.path == "$" && error.message.hasPrefix("not valid JSON (") && error.message.contains("line 2, column 11"),
                    "\(error)")
        }
        #expect(throws: LayoutFileError.self) { try parse(#"{"text": "a", "italic": 1}"#) }
        _ = try parse(#"{"text": "a", "italic": true, "lineLimit": 2.0, "padding": 8}"#)
        let utf16 = try #require(#"{"text": "a"}"#.data(using: .utf16))
        #expect(throws: LayoutFileError.self) { try LayoutFile.element(from: utf16) }
    }

    @Test("\"markdown\": true reads a text node as SwiftUI's Text(\"literal\"); without it the text is as written")
    func markdownText() throws {
        // Noto Sans 17 pt, hb-shape: Bold "ab" 604 + 633 = 1237 units; Regular "**ab**" 4 × 551 + 561 + 615 = 3380.
        func width(_ json: String) throws -> Double {
            Double(try Engine.get().layoutOutputs(try parse(json), width: nil, height: nil, dynamicTypeSizes: [.large])[0].elements[0].frame.width)
        }
        #expect(abs(try width(#"{"text": "**ab**", "markdown": true}"#) - 1237 * 0.017) < 1e-9)
        #expect(abs(try width(#"{"text": "**ab**"}"#) - 3380 * 0.017) < 1e-9)
        #expect(throws: LayoutFileError.self) { try parse(#"{"text": "a", "markdown": "yes"}"#) }
    }

    @Test("\"underline\" and \"strikethrough\" draw their lines and change no size")
    func lines() throws {
        let engine = try Engine.get()
        func picture(_ json: String) throws -> (svg: String, width: CGFloat) {
            let result = engine.layout(try parse(json), width: nil, height: nil, textSizes: [.standard(for: .ios)])[0].1
            return (SVGRenderer().svg(result), result.root.frame.width)
        }
        let plain = try picture(#"{"text": "ab"}"#)
        let lined = try picture(#"{"text": "ab", "underline": true, "strikethrough": true}"#)
        #expect(!plain.svg.contains("class=\"underline\"") && !plain.svg.contains("class=\"strikethrough\""))
        #expect(lined.svg.contains("<path class=\"underline\"") && lined.svg.contains("<path class=\"strikethrough\""))
        #expect(plain.width == lined.width)
        #expect(throws: LayoutFileError.self) { try parse(#"{"text": "a", "underline": 1}"#) }
    }

    /// SwiftUI's `lineLimit(_:reservesSpace:)` and ranged limits (Apple's documentation: a text with
    /// fewer lines "expands to occupy the minimum number of lines"; above the upper bound it truncates).
    @Test("\"lineLimit\" takes a count (with \"reservesSpace\") or a range as Swift writes it")
    func lineLimitForms() throws {
        // Noto Sans 17 pt: a line is (1069 + 293) × 0.017 = 23.154 high. At width 50 (hb-shape: a 561,
        // space 260), "aaaa" (38.148) fits and "aaaa aaaa" (80.716) does not: one word a line.
        func height(_ json: String) throws -> Double {
            Double(try Engine.get().layoutOutputs(try parse(json), width: 50, height: nil, dynamicTypeSizes: [.large])[0].elements[0].frame.height)
        }
        let line = 1362 * 0.017
        func lines(_ json: String) throws -> Double { (try height(json) / line * 1e6).rounded() / 1e6 }
        #expect(try lines(#"{"text": "a", "lineLimit": 3, "reservesSpace": true}"#) == 3)
        #expect(try lines(#"{"text": "a", "lineLimit": 3, "reservesSpace": false}"#) == 1)
        #expect(try lines(#"{"text": "a", "lineLimit": "2...4"}"#) == 2)
        #expect(try lines(#"{"text": "aaaa aaaa aaaa aaaa aaaa", "lineLimit": "2...4"}"#) == 4)
        #expect(try lines(#"{"text": "a", "lineLimit": "3..."}"#) == 3)
        #expect(try lines(#"{"text": "", "lineLimit": "2..."}"#) == 2)
        #expect(try lines(#"{"text": "aaaa aaaa aaaa", "lineLimit": "...2"}"#) == 2)
        for bad in [#""4...2""#, #""0...2""#, #""...""#, #""2..""#, #""two...3""#, #""2...3...4""#, #""-1...""#, #""1...1000001""#] {
            #expect {
                _ = try parse(#"{"text": "a", "lineLimit": "# + bad + "}")
            } throws: { error in
                (error as? LayoutFileError)?.path == "$.lineLimit" && String(describing: error).contains("a range such as")
            }
        }
        // reservesSpace belongs to a whole-number limit.
        for json in [#"{"text": "a", "reservesSpace": true}"#, #"{"text": "a", "lineLimit": "2...3", "reservesSpace": true}"#,
                     #"{"text": "a", "lineLimit": 2, "reservesSpace": "yes"}"#] {
            #expect(throws: LayoutFileError.self) { try parse(json) }
        }
    }

    @Test("The issue's example parses and lays out: ids, paths, kinds, frames and baselines")
    func example() throws {
        let tree = try parse(#"{"flow": {"spacing": 8, "lineSpacing": 6, "alignment": "leading", "verticalAlignment": "firstTextBaseline", "children": [{"text": "Zürich", "style": "body", "padding": 6, "id": "zh"}]}}"#)
        let output = try Engine.get().layoutOutputs(tree, width: 300, height: nil, dynamicTypeSizes: [.large])[0]
        let padded = try #require(output.elements.first { $0.id == "zh" })
        #expect(padded.kind == "padding" && padded.path == [0])
        let text = try #require(output.elements.first { $0.path == [0, 0] })
        #expect(text.kind == "Text")
        // Noto Sans 17 pt: ascent 1069 × 17 ÷ 1000 = 18.173; the padding adds 6 above.
        #expect(abs(text.firstBaseline - 18.173) < 1e-9)
        #expect(abs(padded.firstBaseline - (18.173 + 6)) < 1e-9)
        #expect(abs(text.frame.x - 6) < 1e-9)
        #expect(output.dynamicTypeSize == "large")
    }

    @Test("A flow of mixed styles and scripts shares one first baseline per row, at every size, LTR and RTL")
    func flowBaselines() throws {
        let url = Engine.repository.appendingPathComponent("demo/tag-cloud.json")
        let tree = try LayoutFile.element(from: try Data(contentsOf: url))
        var previousRows = 0
        for size in DynamicTypeSize.allCases {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let output = try Engine.get().layoutOutputs(tree, width: 390, height: nil, dynamicTypeSizes: [size],
                                                            direction: direction)[0]
                let items = output.elements.filter { $0.path.count == 1 }
                #expect(items.count == 24)
                // Rows: items whose baselines coincide (to 1e-9) form one row.
                var rows: [Double] = []
                for item in items {
                    let baseline = item.frame.y + item.firstBaseline
                    if !rows.contains(where: { abs($0 - baseline) < 1e-9 }) { rows.append(baseline) }
                    // No item crosses the proposed width unless wider than it on its own.
                    #expect(item.frame.x >= -1e-9 && item.frame.x + item.frame.width <= 390 + 1e-9)
                }
                // Every item's top-to-baseline lands exactly on one of the row baselines.
                for item in items {
                    let baseline = item.frame.y + item.firstBaseline
                    #expect(rows.contains { abs($0 - baseline) < 1e-9 })
                }
                if direction == .leftToRight {
                    #expect(rows.count >= previousRows, "rows shrank at \(size)")
                    previousRows = rows.count
                }
            }
        }
    }

    @Test("RTL frames mirror the LTR frames within the root's width")
    func mirroring() throws {
        let tree = try LayoutFile.element(from: try Data(contentsOf: Engine.repository.appendingPathComponent("demo/tag-cloud.json")))
        let ltr = try Engine.get().layoutOutputs(tree, width: 390, height: nil, dynamicTypeSizes: [.large])[0]
        let rtl = try Engine.get().layoutOutputs(tree, width: 390, height: nil, dynamicTypeSizes: [.large], direction: .rightToLeft)[0]
        #expect(ltr.size == rtl.size)
        for (a, b) in zip(ltr.elements, rtl.elements) where a.path.count == 1 {
            #expect(abs(b.frame.x - (ltr.size.width - a.frame.x - a.frame.width)) < 1e-9)
            #expect(abs(a.frame.y - b.frame.y) < 1e-9)
        }
    }
}

@Suite("ViewThatFits with real text (the WWDC example)")
struct ViewThatFitsTextTests {
    @Test("Buttons sit side by side at the default size and stack vertically when Dynamic Type grows")
    func flips() throws {
        let tree = try LayoutFile.element(from: Data(#"""
            {"viewThatFits": {"axes": ["horizontal"], "children": [
              {"equalWidth": {"axis": "horizontal", "children": [
                {"text": "Cancel", "style": "body", "padding": 8, "frame": {"maxWidth": "infinity"}},
                {"text": "Save changes", "style": "body", "padding": 8, "frame": {"maxWidth": "infinity"}}]}},
              {"equalWidth": {"axis": "vertical", "children": [
                {"text": "Cancel", "style": "body", "padding": 8, "frame": {"maxWidth": "infinity"}},
                {"text": "Save changes", "style": "body", "padding": 8, "frame": {"maxWidth": "infinity"}}]}}]}}
            """#.utf8))
        for (size, vertical) in [(DynamicTypeSize.large, false), (.accessibility5, true)] {
            let output = try Engine.get().layoutOutputs(tree, width: 320, height: nil, dynamicTypeSizes: [size])[0]
            // The chosen stack's buttons (their `frame(maxWidth: .infinity)`, as in the WWDC example):
            // the chosen stack's children, the ones with a non-empty frame.
            let buttons = output.elements.filter { $0.path.count == 2 && $0.frame.width > 0 }
            #expect(buttons.count == 2, "\(size)")
            guard buttons.count == 2 else { continue }
            let sameRow = abs(buttons[0].frame.y - buttons[1].frame.y) < 1e-9
            #expect(sameRow == !vertical, "\(size): \(buttons.map(\.frame))")
            // Equal width either way: every button gets the widest one's ideal width.
            #expect(abs(buttons[0].frame.width - buttons[1].frame.width) < 1e-9)
        }
    }
}
