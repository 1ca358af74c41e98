import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

// A string literal given to Text is a LocalizedStringKey, read as inline Markdown, as in SwiftUI:
// "If you initialize a text view with a string literal, the view uses the
// init(_:tableName:bundle:comment:) initializer, which interprets the string as a localization
// key … If the localized string or the fallback key contains Markdown, the view displays the text
// with appropriate styling" (https://developer.apple.com/documentation/swiftui/text; OpenSwiftUI's
// Text+Localized.swift: `Text.init<S: StringProtocol>` is `@_disfavoredOverload`, the key's
// interpolations append "%@", "%lld", "%lf"… and their arguments, and the format is applied to the
// Markdown-parsed key). A String variable stays verbatim.
//
// Widths: Noto Sans at 17 pt, from hb-shape on the bundled fonts (TextModifierTests' header):
// Regular "ab" 561 + 615 = 1176, asterisk 551; Bold "ab" 1237; Italic "ab" 1147.

@Suite("Text(\"literal\"): a localized string key read as Markdown")
struct TextMarkdownTests {
    func idealWidth(_ text: Text, _ environment: EnvironmentValues) -> Double {
        Double(text.sizeThatFits(.unspecified, environment: environment).width)
    }

    @Test("A literal's Markdown styles its runs; a String variable and verbatim text show the asterisks")
    func literalIsMarkdown() throws {
        let environment = try TextFixtures.environment()
        #expect(close(idealWidth(Text("**ab**"), environment), at17(1237)))
        #expect(close(idealWidth(Text("*ab*"), environment), at17(1147)))
        #expect(close(idealWidth(Text("_ab_"), environment), at17(1147)))
        let variable = "**ab**"
        #expect(close(idealWidth(Text(variable), environment), at17(551 * 4 + 1176)))
        #expect(close(idealWidth(Text(verbatim: "**ab**"), environment), at17(551 * 4 + 1176)))
        // The same runs as the modifiers make.
        #expect(Text("**Bold** and *italic*, `code`") == Text(verbatim: "Bold").bold() + Text(verbatim: " and ")
            + Text(verbatim: "italic").italic() + Text(verbatim: ", ") + Text(verbatim: "code").monospaced())
        #expect(Text("Visit [Apple](https://apple.com)") == Text(verbatim: "Visit ") + Text(verbatim: "Apple").foregroundColor(.accentColor))
        #expect(Text("~~gone~~ &amp; \\*kept\\*").string == "gone & *kept*")
        #expect(Text(LocalizedStringKey(variable)) == Text(verbatim: "ab").bold())
        // Code asks for the monospaced design (SF Mono with Apple's fonts); bold for body's
        // emphasized weight, semibold (Apple's Dynamic Type table).
        let runs = Text("`ab` **ab**").styledText(in: environment).runs.map(\.attributes.font)
        #expect(runs.map(\.design) == [.monospaced, .default, .default])
        #expect(runs.map(\.weight) == [nil, nil, .semibold])
    }

    @Test("Interpolated values are arguments: formatted with printf specifiers, never read as Markdown")
    func interpolation() throws {
        let name = "*Ada*"
        #expect(Text("Hello, **\(name)**!") == Text(verbatim: "Hello, ") + Text(verbatim: "*Ada*").bold() + Text(verbatim: "!"))
        // Int is "%lld"; Double is "%lf", six decimals (OpenSwiftUI's doubleSpecifier; printf).
        #expect(Text("\(42) items").string == "42 items")
        #expect(Text("\(2.5)").string == "2.500000")
        #expect(Text("\(Float(0.25))").string == "0.250000")
        #expect(Text("\(3.14159, specifier: "%.2f")").string == "3.14")
        #expect(Text("\(255, specifier: "%x")").string == "ff")
        // A specifier that takes no number would read it as a pointer: the type's default instead.
        #expect(Text("\(7, specifier: "%@") and \(1.5, specifier: "%s")").string == "7 and 1.500000")
        // A literal % is doubled in a key with arguments and shows once; without arguments it is text.
        #expect(Text("\(50)% off").string == "50% off")
        #expect(Text("100% sure").string == "100% sure")
        // A Text keeps its own style and takes the Markdown's around it.
        #expect(Text("Say *\(Text("hi").bold())*") == Text(verbatim: "Say ") + Text(verbatim: "hi").bold().italic())
    }

    @Test("Numbers are formatted in the environment's locale where they are shown")
    func numberLocale() throws {
        var environment = try TextFixtures.environment()
        let text = Text("\(2.5) km")
        #expect(text.string == "2.500000 km")
        environment.locale = Locale(identifier: "de_DE")
        #expect(text.styledText(in: environment).string == "2,500000 km")
        #expect(text.drawingRuns(in: environment).map(\.range) == [0..<8, 8..<11])
    }

    @Test("Empty keys and keys without Markdown measure as verbatim text")
    func plainKeys() throws {
        let environment = try TextFixtures.environment()
        #expect(Text("") == Text(verbatim: ""))
        #expect(Text("ab") == Text(verbatim: "ab"))
        #expect(close(idealWidth(Text("ab"), environment), at17(1176)))
        #expect(Text("[](https://apple.com)") == Text(verbatim: ""))
    }
}
