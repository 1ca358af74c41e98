import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

// `Text(AttributedString)` with SwiftUI's attribute names. SwiftUI: "You can mix string attributes
// and SwiftUI modifiers, with the string attributes taking priority"
// (https://developer.apple.com/documentation/swiftui/text). Advances: `hb-shape --no-glyph-names`
// on fonts/NotoSans-Regular.ttf "ab" 561 + 615 = 1,176 units; NotoSans-Bold.ttf "ab" 604 + 633 = 1,237.

@Suite("Text(AttributedString)")
struct AttributedTextTests {
    func width(_ text: Text) throws -> Double {
        Double(text.sizeThatFits(.unspecified, environment: try TextFixtures.environment()).width)
    }

    @Test("Each run is measured in its own font; the string's attributes win over the text's modifiers")
    func fonts() throws {
        var string = AttributedString("a")
        string.font = .system(size: 34)
        string += AttributedString("b")
        // "a" at 34 pt, "b" at the body's 17 pt: 561 × 0.034 + 615 × 0.017.
        #expect(abs(try width(Text(string)) - (561 * 0.034 + 615 * 0.017)) < 1e-9)
        // A font modifier reaches only the run without one: "b" at 10 pt.
        #expect(abs(try width(Text(string).font(.system(size: 10))) - (561 * 0.034 + 615 * 0.010)) < 1e-9)
        var bold = AttributedString("ab")
        bold.font = .system(size: 17, weight: .bold)
        #expect(abs(try width(Text(bold)) - 1237 * 0.017) < 1e-9)
    }

    @Test("Kerning and tracking add points after each grapheme cluster")
    func spacing() throws {
        var string = AttributedString("ab")
        string.kern = 2
        #expect(abs(try width(Text(string)) - (1176 * 0.017 + 4)) < 1e-9)
        var tracked = AttributedString("ab")
        tracked.tracking = 1.5
        #expect(abs(try width(Text(tracked)) - (1176 * 0.017 + 3)) < 1e-9)
    }

    @Test("Colour, link, underline and strikethrough are drawing attributes on their runs")
    func drawing() throws {
        var string = AttributedString("red")
        string.foregroundColor = .red
        var link = AttributedString(" site")
        link.link = URL(string: "https://example.com")
        var struck = AttributedString(" old")
        struck.strikethroughStyle = Text.LineStyle(pattern: .dash, color: .blue)
        struck.underlineStyle = .single
        let text = Text(string + link + struck)
        let runs = text.drawingRuns(in: try TextFixtures.environment())
        #expect(runs.map(\.range) == [0..<3, 3..<8, 8..<12])
        #expect(runs.map(\.color) == [.red, .accentColor, nil])
        #expect(runs[2].strikethrough == Text.LineStyle(pattern: .dash, color: .blue))
        #expect(runs[2].underline == .single && runs[0].underline == nil)
        // None of them changes a size.
        #expect(try width(text) == (try width(Text(verbatim: "red site old"))))
    }

    @Test("Characters are shown as written (no Markdown); an empty string is an empty text")
    func plain() throws {
        #expect(Text(AttributedString("**a**")).string == "**a**")
        #expect(Text(AttributedString("")).string.isEmpty)
        #expect(try width(Text(AttributedString(""))) == 0)
    }
}
