import Foundation
import Testing
import TextFit

/// The layout file's platform profile (`platform`, `dynamicType` / `fontScale` on the root; Material
/// styles under android) and its variable-font options (`variations`, `fontWidth`, `instance`,
/// `design`). Expected sizes are worked out by hand from AOSP's font-scale tables and Material 3's
/// type scale, and widths from `hb-shape` runs on the bundled Roboto (written beside each number).
@Suite("Layout files: platform, text size and variable-font options")
struct LayoutFilePlatformTests {
    func document(_ json: String, platform: Platform? = nil) throws -> LayoutFile.Document {
        try LayoutFile.document(from: Data(json.utf8), platform: platform, fonts: try Engine.get().library)
    }

    /// The layout of `json` at each text size (the root's sizes, else the platform's default).
    func layouts(_ json: String, platform: Platform? = nil, sizes: [TextSize]? = nil, width: Double? = nil) throws -> [LayoutOutput] {
        let document = try document(json, platform: platform)
        let sizes = sizes ?? document.textSizes ?? [TextSize.standard(for: document.platform)]
        return try Engine.get().layoutOutputs(document.tree, width: width, height: nil, textSizes: sizes)
    }

    func frame(_ output: LayoutOutput, id: String) throws -> LayoutOutput.Frame {
        try #require(output.elements.first { $0.id == id }?.frame, "no element \(id)")
    }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) < tolerance }

    // MARK: - Android

    @Test("Under android a text with no font is bodyLarge in Roboto: 24 dp tall at scale 1, 42 at 2; its width is hb-shape's")
    func androidDefaultText() throws {
        let outputs = try layouts(#"{"platform": "android", "fontScale": "1,2", "text": "Settings", "id": "t"}"#)
        try #require(outputs.count == 2)
        #expect(outputs.map(\.fontScale) == [1, 2] && outputs.allSatisfy { $0.dynamicTypeSize == nil })
        let one = try frame(outputs[0], id: "t"), two = try frame(outputs[1], id: "t")
        // Material 3 bodyLarge: 16 sp on a 24 sp line. At 2.0, AOSP's table maps 14 → 26 and 18 → 30,
        // so 16 sp → 28 dp, and the line keeps its proportion: 24 × 28 / 16 = 42 dp.
        #expect(close(one.height, 24) && close(two.height, 42), "\(one), \(two)")
        // hb-shape --features=-liga,-clig fonts/Roboto-Variable.ttf "Settings": 7478 units (2048 per
        // em) at wght 400, plus bodyLarge's 0.5 sp letter spacing after each of the 8 clusters
        // (at 2.0, 0.5 sp is below the table's first entry: 0.5 × 16 / 8 = 1 dp).
        #expect(close(one.width, 7478.0 * 16 / 2048 + 8 * 0.5), "\(one)")
        #expect(close(two.width, 7478.0 * 28 / 2048 + 8 * 1), "\(two)")
        // The same file under ios would be body in Noto Sans: 17 pt, another height altogether.
        let ios = try layouts(#"{"text": "Settings", "id": "t"}"#)[0]
        #expect(ios.dynamicTypeSize == "large" && ios.fontScale == nil)
        #expect(try !close(frame(ios, id: "t").height, 24))
    }

    @Test("Under android a Material style sets size, weight and line height; a size alone is sp, scaled")
    func androidStyles() throws {
        let json = #"""
            {"platform": "android", "vstack": {"children": [
              {"text": "Label", "style": "labelSmall", "id": "label"},
              {"text": "Title", "style": "titleLarge", "id": "title"},
              {"text": "Plain", "size": 30, "id": "plain"}]}}
            """#
        let outputs = try layouts(json, sizes: [.fontScale(.standard), .fontScale(try AndroidFontScale(2))])
        // labelSmall 11 sp, line 16 sp: at 2.0, 11 sp lies between 10 → 20 and 12 → 24: 22 dp, and
        // the line 16 × 22 / 11 = 32 dp. titleLarge 22 sp, line 28 sp: 22 lies between 20 → 34 and
        // 24 → 36: 35 dp, the line 28 × 35 / 22 ≈ 44.545 dp.
        #expect(try close(frame(outputs[0], id: "label").height, 16) && close(frame(outputs[1], id: "label").height, 32))
        #expect(try close(frame(outputs[0], id: "title").height, 28) && close(frame(outputs[1], id: "title").height, 28.0 * 35 / 22, 1e-4))
        // A plain size is sp too: 30 sp is 30 dp at 1 and 38 dp at 2 (the table's entry); so the text
        // grows by far less than twice.
        let plainOne = try frame(outputs[0], id: "plain"), plainTwo = try frame(outputs[1], id: "plain")
        #expect(close(plainTwo.width / plainOne.width, 38.0 / 30, 1e-3), "\(plainOne) \(plainTwo)")
    }

    @Test("A flow of tags reflows as the font scale grows")
    func tagsReflow() throws {
        let tags = ["Zürich", "Genève", "Basel", "Lausanne", "Bern", "Winterthur", "Luzern", "St. Gallen", "Lugano", "Biel"]
        let children = tags.map { #"{"text": "\#($0)", "style": "labelLarge", "padding": 6}"# }.joined(separator: ", ")
        let json = #"{"platform": "android", "fontScale": "all", "flow": {"spacing": 8, "lineSpacing": 8, "children": [\#(children)]}}"#
        let document = try document(json)
        let sizes = try #require(document.textSizes)
        #expect(sizes.map(\.description) == ["0.85", "1", "1.15", "1.3", "1.5", "1.8", "2"])
        let results = try Engine.get().layout(document.tree, width: 300, height: nil, textSizes: sizes)
        let rows = results.map { $0.1.rootRowCount }
        // More text per row as the scale grows: never fewer rows, and more at 2 than at 1.
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0 <= $1 }, "\(rows)")
        #expect(rows[6] > rows[1], "\(rows)")
        #expect(results.allSatisfy { $0.1.size.width <= 300 })
    }

    @Test("An Android layout's JSON has fontScale and no dynamicTypeSize, byte for byte as JSONEncoder writes it")
    func androidJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let outputs = try layouts(#"{"platform": "android", "fontScale": "0.85,1.3,2", "text": "Settings"}"#)
        for output in outputs {
            let written = String(decoding: try output.jsonData(), as: UTF8.self)
            #expect(written == String(decoding: roundingNumbers(inJSON: try encoder.encode(output)), as: UTF8.self))
            #expect(written.contains(#""fontScale":"#) && !written.contains("dynamicTypeSize"), "\(written)")
        }
        #expect(outputs.map(\.fontScale) == [0.85, 1.3, 2])
        #expect(try outputs.map { try String(decoding: $0.jsonData(), as: UTF8.self) }.allSatisfy {
            $0.contains(#""fontScale":0.85,"#) || $0.contains(#""fontScale":1.3,"#) || $0.contains(#""fontScale":2,"#)
        })
    }

    // MARK: - Variable fonts

    @Test("variations, fontWidth and instance set Roboto's axes as hb-shape --variations measures them")
    func variableFontOptions() throws {
        func width(_ options: String, platform: String = "ios") throws -> Double {
            let json = #"{"platform": "\#(platform)", "text": "Settings", "font": "Roboto", "size": 20, \#(options)}"#
            return try #require(try layouts(json).first?.size.width)
        }
        // hb-shape fonts/Roboto-Variable.ttf "Settings" (2048 units per em), at 20 pt:
        // default (wght=400): 7478; --variations=wght=700,wdth=75: 6826; --variations=wdth=75: 6640.
        #expect(close(try width(#""id": "x""#), 7478.0 * 20 / 2048))
        #expect(close(try width(#""variations": "wght=700,wdth=75""#), 6826.0 * 20 / 2048))
        #expect(close(try width(#""fontWidth": "condensed""#), 6640.0 * 20 / 2048))
        #expect(close(try width(#""fontWidth": 75"#), 6640.0 * 20 / 2048))
        // Roboto's "Condensed Bold" instance is wght 700, wdth 75 (fc-query: weight 200 = bold, width 75).
        #expect(close(try width(#""instance": "condensed bold""#), 6826.0 * 20 / 2048))
        // variations win over weight; under android the same, the size in sp (1 dp at scale 1).
        #expect(close(try width(#""weight": "light", "variations": "wght=700,wdth=75""#), 6826.0 * 20 / 2048))
        #expect(close(try width(#""variations": "wght=700,wdth=75""#, platform: "android"), 6826.0 * 20 / 2048))
        // Under android with no font: bodyLarge in Roboto; hb-shape --variations=wght=650
        // --features=-liga,-clig: 7643, at 16 dp, plus 8 × 0.5 dp of letter spacing.
        let android = try layouts(#"{"platform": "android", "text": "Settings", "variations": "wght=650"}"#)[0]
        #expect(close(android.size.width, 7643.0 * 16 / 2048 + 4))
    }

    @Test("design is the system font's: accepted under ios (the bundled stand-in has one design), refused with font or under android")
    func design() throws {
        let plain = try layouts(#"{"text": "Settings"}"#)[0].size
        for design in ["default", "rounded", "monospaced", "serif"] {
            #expect(try layouts(#"{"text": "Settings", "design": "\#(design)"}"#)[0].size == plain, "\(design)")
        }
    }

    // MARK: - Errors name the node and the value

    @Test("Errors name the node's path and the value", arguments: [
        (#"{"platform": "windows", "text": "a"}"#, "$.platform", "'windows' is not a platform"),
        (#"{"vstack": {"children": [{"text": "a", "style": "bodyLarge"}]}}"#, "$.vstack.children[0].style", "'bodyLarge' is a Material 3 text style, which is Android's"),
        (#"{"platform": "android", "vstack": {"children": [{"text": "a", "style": "headline"}]}}"#, "$.vstack.children[0].style", "'headline' is an Apple text style, which is iOS's"),
        (#"{"platform": "android", "text": "a", "style": "huge"}"#, "$.style", "'huge' is not a Material 3 text style"),
        (#"{"hstack": {"children": [{"text": "a", "font": "Roboto", "variations": "wght=550,GRAD"}]}}"#, "$.hstack.children[0].variations", "'GRAD'"),
        (#"{"text": "a", "font": "Roboto", "variations": ""}"#, "$.variations", "an empty item"),
        (#"{"platform": "android", "flow": {"children": [{"text": "a"}, {"text": "b", "variations": "GRAD=50"}]}}"#, "$.flow.children[1].variations",
         "'GRAD=50': font 'Roboto Regular (Roboto-Variable.ttf#0)' has no 'GRAD' axis: its axes are wght, wdth"),
        (#"{"text": "a", "variations": "wght=700"}"#, "$.variations", "it is not a variable font"),  // Noto Sans under ios
        (#"{"platform": "android", "text": "a", "instance": "Extra Wide"}"#, "$.instance", "no named instance 'Extra Wide'"),
        (#"{"text": "a", "fontWidth": 0}"#, "$.fontWidth", "above 0"),
        (#"{"text": "a", "fontWidth": "narrow"}"#, "$.fontWidth", "'narrow' is not a width"),
        (#"{"text": "a", "design": "round"}"#, "$.design", "'round' is not a design"),
        (#"{"text": "a", "design": "rounded", "font": "Roboto"}"#, "$.design", "give font or design"),
        (#"{"platform": "android", "text": "a", "design": "serif"}"#, "$.design", "'serif' is a design of Apple's system font"),
        (#"{"platform": "android", "text": "a", "style": "bodyLarge", "size": 20}"#, "$.size", "give style or size"),
        (#"{"fontScale": 1.3, "text": "a"}"#, "$.fontScale", "'1.3' is a font scale, which is Android's"),
        (#"{"platform": "android", "dynamicType": "large", "text": "a"}"#, "$.dynamicType", "'large' is a Dynamic Type size, which is iOS's"),
        (#"{"platform": "android", "fontScale": 0, "text": "a"}"#, "$.fontScale", "0 is not a font scale"),
        (#"{"platform": "android", "fontScale": 1, "dynamicType": "1", "text": "a"}"#, "$.fontScale", "not both"),
        (#"{"vstack": {"children": [{"text": "a", "platform": "android"}]}}"#, "$.vstack.children[0].platform", "on the root node only"),
    ])
    func errors(_ json: String, _ path: String, _ message: String) throws {
        do {
            _ = try document(json)
            Issue.record("accepted \(json)")
        } catch let error as LayoutFileError {
            #expect(error.path == path, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test("Without fonts to check against, an unknown axis is left to the layout: 0 × 0 and a diagnostic naming it")
    func unknownAxisWithoutFonts() throws {
        let tree = try LayoutFile.element(from: Data(#"{"platform": "android", "text": "a", "variations": "GRAD=50"}"#.utf8))
        let output = try Engine.get().layoutOutputs(tree, width: nil, height: nil, textSizes: [.fontScale(.standard)])[0]
        #expect(output.size.width == 0 && output.size.height == 0)
        #expect(output.diagnostics.contains { $0.hasPrefix("unmeasurableText") && $0.contains("no 'GRAD' axis") }, "\(output.diagnostics)")
    }

    // MARK: - The root and the caller

    @Test("The caller's platform wins over the root's; the root's text sizes are read for the platform that wins")
    func callerWins() throws {
        let file = #"{"platform": "android", "fontScale": "1.3", "text": "a", "id": "t"}"#
        let asFiled = try document(file)
        let scale = try AndroidFontScale(1.3)
        #expect(asFiled.platform == .android && asFiled.textSizes == [.fontScale(scale)])
        // A neutral file (no platform) takes the caller's.
        #expect(try document(#"{"text": "a"}"#, platform: .android).platform == .android)
        #expect(try document(#"{"text": "a"}"#).platform == .ios)
        // ios asked for: the file's font scale no longer reads, and says so.
        do {
            _ = try document(file, platform: .ios)
            Issue.record("a font scale was read under ios")
        } catch let error as LayoutFileError {
            #expect(error.path == "$.fontScale" && error.message.contains("Android's"), "\(error)")
        }
        // A Material style under a caller's ios says where the platform came from.
        do {
            _ = try document(#"{"platform": "android", "text": "a", "style": "bodyLarge"}"#, platform: .ios)
            Issue.record("bodyLarge was read under ios")
        } catch let error as LayoutFileError {
            #expect(error.message.contains("the root says android, but ios was asked for"), "\(error)")
        }
    }

    @Test("The engine's environment for a text size carries the platform and the font scale")
    func environment() throws {
        let engine = try Engine.get()
        let scale = try AndroidFontScale(1.3)
        let android = engine.environment(.fontScale(scale))
        #expect(android.platform == .android && android.fontScale == scale)
        let ios = engine.environment(.dynamicType(.accessibility2), direction: .rightToLeft)
        #expect(ios.platform == .ios && ios.dynamicTypeSize == .accessibility2 && ios.layoutDirection == .rightToLeft)
        // The old spelling is the iOS one.
        let old = engine.environment(dynamicTypeSize: .xSmall)
        #expect(old.platform == .ios && old.dynamicTypeSize == .xSmall)
    }
}
