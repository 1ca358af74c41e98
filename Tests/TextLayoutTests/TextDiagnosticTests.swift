import Foundation
import LayoutCore
@testable import TextLayout
import Typography
import Testing

// A Text reports in LayoutResult.diagnostics what a layout answers through anyway: glyphs no font
// has, no fonts at all, an unknown family, a style that cannot be measured.

@Suite("Text diagnostics in LayoutResult")
struct TextDiagnosticTests {
    @Test("Characters no font has are named, with their scalar offsets")
    func missingGlyphs() throws {
        // No bundled font covers U+13000 EGYPTIAN HIEROGLYPH A001: `hb-shape fonts/F --unicodes
        // U+13000` gives glyph 0 (.notdef) for every file in fonts/. "Pharaoh " is 8 scalars.
        let result = Text("Pharaoh 𓀀").id("t").layout(in: .unspecified, environment: try TextFixtures.environment())
        #expect(result.diagnostics.map(\.kind) == [.missingGlyphs])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == #""Pharaoh 𓀀": 1 character has no glyph in any font (U+13000 at 8); drawn as the font's missing-glyph box"#)
        #expect(diagnostic.layout == "Text" && diagnostic.layoutPath == [] && diagnostic.id == "t")
        // A text every bundled font set covers reports nothing.
        #expect(Text("Pharaoh").layout(in: .unspecified, environment: try TextFixtures.environment()).diagnostics.isEmpty)
    }

    @Test("A hidden text reports nothing (it is not drawn); a text a container left out neither")
    func hiddenTextIsQuiet() throws {
        let environment = try TextFixtures.environment()
        #expect(Text("𓀀").hidden().layout(in: .unspecified, environment: environment).diagnostics.isEmpty)
        #expect(Text("𓀀").padding(2).layout(in: .unspecified, environment: environment).diagnostics.map(\.kind) == [.missingGlyphs])
    }

    @Test("No shaper: every text is 0 × 0 and says why")
    func noFonts() throws {
        var environment = EnvironmentValues()
        environment.textShaper = nil
        let result = Text("abc").layout(in: .unspecified, environment: environment)
        #expect(result.size == .zero)
        #expect(result.diagnostics.map(\.kind) == [.noFonts])
        #expect(result.diagnostics.first?.message.hasPrefix(#""abc": no fonts to measure it with"#) == true)
    }

    @Test("An unknown family falls back and says so; an invalid size is 0 × 0 and says so")
    func fallbackAndUnmeasurable() throws {
        let environment = try TextFixtures.environment()
        let fallback = Text("a").font(.custom("Nope", size: 12)).layout(in: .unspecified, environment: environment)
        #expect(fallback.diagnostics.map(\.kind) == [.fontFallback])
        #expect(fallback.diagnostics.first?.message.hasSuffix("measured in Noto Sans instead") == true)
        #expect(fallback.size.width > 0)
        let invalid = Text("b").font(.system(size: -5)).layout(in: .unspecified, environment: environment)
        #expect(invalid.diagnostics.map(\.kind) == [.unmeasurableText])
        #expect(invalid.size == .zero)
    }

    @Test("Long texts are cut to 40 scalars in the message; more than five missing clusters end with …")
    func longMessages() throws {
        let text = String(repeating: "𓀀", count: 7) + String(repeating: "x", count: 40)
        let result = Text(text).layout(in: .unspecified, environment: try TextFixtures.environment())
        let message = try #require(result.diagnostics.first?.message)
        #expect(message.hasPrefix("\"" + String(repeating: "𓀀", count: 7) + String(repeating: "x", count: 32) + "…\""))
        #expect(message.contains("7 characters have no glyph in any font (U+13000 at 0, U+13000 at 1, U+13000 at 2, U+13000 at 3, U+13000 at 4, …)"))
    }
}
