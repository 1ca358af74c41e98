import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

// `Text.fontDesign(_:)`, `Text.fontWidth(_:)` and the view modifiers of the same names (SwiftUI,
// iOS 16.1 and 16.4: https://developer.apple.com/documentation/swiftui/text/fontwidth(_:),
// .../text/fontdesign(_:), .../view/fontwidth(_:)): the text's own setting wins, then the
// innermost view modifier, and either replaces what the font itself says.
// Widths: `hb-shape --no-glyph-names --variations=wdth=W,wght=400 fonts/Roboto-Variable.ttf Hamburg`
// (2048 units/em): wdth=75 1270 981 1542 1010 990 605 1010 = 7,408; wdth=100 … = 8,475.

@Suite("fontDesign and fontWidth")
struct FontDesignWidthTests {
    let roboto = Font.custom("Roboto", size: 17)
    let unit = 17.0 / 2048

    func width(_ view: some View) throws -> Double {
        Double(view.layout(in: .unspecified, environment: try TextFixtures.environment()).root.frame.width)
    }

    @Test("fontWidth(.condensed) sets the wdth axis to 75 on the text and through a view")
    func fontWidth() throws {
        #expect(abs(try width(Text(verbatim: "Hamburg").font(roboto)) - 8475 * unit) < 1e-9)
        #expect(abs(try width(Text(verbatim: "Hamburg").font(roboto).fontWidth(.condensed)) - 7408 * unit) < 1e-9)
        #expect(abs(try width(Text(verbatim: "Hamburg").font(roboto).padding(0).fontWidth(.condensed)) - 7408 * unit) < 1e-9)
        // The modifier replaces the font's own width; the text's own wins over the view's.
        #expect(abs(try width(Text(verbatim: "Hamburg").font(roboto.width(.standard)).fontWidth(.condensed)) - 7408 * unit) < 1e-9)
        #expect(abs(try width(Text(verbatim: "Hamburg").font(roboto).fontWidth(.standard).padding(0).fontWidth(.condensed))
                    - 8475 * unit) < 1e-9)
    }

    @Test("fontDesign sets the design the system font is asked in; monospaced() wins over it")
    func fontDesign() throws {
        let environment = try TextFixtures.environment()
        func design(_ text: Text, in environment: EnvironmentValues) -> FontDesign {
            text.styledText(in: environment).attributes(at: 0).font.design
        }
        #expect(design(Text(verbatim: "a"), in: environment) == .default)
        #expect(design(Text(verbatim: "a").fontDesign(.rounded), in: environment) == .rounded)
        #expect(design(Text(verbatim: "a").font(.system(size: 17, design: .serif)).fontDesign(.rounded), in: environment) == .rounded)
        #expect(design(Text(verbatim: "a").fontDesign(.rounded).monospaced(), in: environment) == .monospaced)
        var viewDesign = environment
        viewDesign.textFontDesign = .serif
        #expect(design(Text(verbatim: "a"), in: viewDesign) == .serif)
        #expect(design(Text(verbatim: "a").fontDesign(.rounded), in: viewDesign) == .rounded)
        #expect(design(Text(verbatim: "a").fontDesign(nil), in: viewDesign) == .serif)
    }
}
