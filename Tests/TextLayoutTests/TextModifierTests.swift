import Foundation
import LayoutCore
import Layouts
import Testing
@testable import TextLayout
import Typography

// SwiftUI's text modifiers on any view (View.bold(_:), italic(_:), fontWeight(_:), kerning(_:),
// tracking(_:), monospacedDigit() — iOS 16; textCase(_:) — iOS 14; allowsTightening(_:) — iOS 13:
// https://developer.apple.com/documentation/swiftui/view/bold(_:) and siblings): they style every
// Text inside that does not set the attribute itself.
//
// Widths: Noto Sans at 17 pt (body at .large), advances from hb-shape on the bundled fonts, units
// per em 1000 (TextLeafSupport.swift): Regular a 561, b 615 ("ab" 1176), A 639, B 650 ("AB" 1289);
// Bold "ab" 604 + 633 = 1237 (body's bold is semibold, matched to Noto Sans Bold, the nearest face);
// Italic "ab" 568 + 579 = 1147; Regular "İSTANBUL" and "ISTANBUL" 339 + 549 + 486 + 639 + 760 +
// 650 + 731 + 524 = 4678 (hb-shape --language=tr gives the same); digits 572 each, with and
// without --features=tnum.

@Suite("Text modifiers on any view set what the Text inside reads")
struct TextModifierTests {
    func idealWidth(_ view: some View, _ environment: EnvironmentValues) -> Double {
        Double(view.layout(in: .unspecified, environment: environment).root.frame.width)
    }

    @Test("bold(_:) on a view: text inside is bold; the text's own weight wins; bold(false) undoes it")
    func bold() throws {
        let environment = try TextFixtures.environment()
        #expect(close(idealWidth(Group { Text("ab") }.bold(), environment), at17(1237)))
        #expect(close(idealWidth(Group { Text("ab").fontWeight(.regular) }.bold(), environment), at17(1176)))
        #expect(close(idealWidth(Group { Group { Text("ab") }.bold(false) }.bold(), environment), at17(1176)))
        // A Text's own modifier still returns Text (SwiftUI's Text.bold() -> Text).
        let own: Text = Text("ab").bold()
        #expect(close(idealWidth(own, environment), at17(1237)))
        // In a stack, every text is bold.
        let column = TestColumn { Text("ab"); Text("ab") }.bold().layout(in: .unspecified, environment: environment)
        #expect(close(column.element(at: [1])!.frame.width, at17(1237)))
    }

    @Test("italic(_:) and fontWeight(_:) on a view")
    func italicAndWeight() throws {
        let environment = try TextFixtures.environment()
        #expect(close(idealWidth(Group { Text("ab") }.italic(), environment), at17(1147)))
        #expect(close(idealWidth(Group { Group { Text("ab") }.italic(false) }.italic(), environment), at17(1176)))
        #expect(close(idealWidth(Group { Text("ab") }.fontWeight(.bold), environment), at17(1237)))
        #expect(close(idealWidth(Group { Text("ab").fontWeight(.regular) }.fontWeight(.bold), environment), at17(1176)))
        // The innermost environment modifier wins: nil gives back the font's own weight.
        #expect(close(idealWidth(Group { Group { Text("ab") }.fontWeight(nil) }.fontWeight(.bold), environment), at17(1176)))
        // With the environment's font: a fixed 20 pt system font, bold → 1237 units at 20 pt.
        #expect(close(idealWidth(Group { Text("ab") }.bold().font(.system(size: 20)), environment), 1.237 * 20))
    }

    @Test("kerning(_:) and tracking(_:) on a view add after every cluster; the text's own wins")
    func kerningAndTracking() throws {
        let environment = try TextFixtures.environment()
        #expect(close(idealWidth(Group { Text("ab") }.tracking(2), environment), at17(1176) + 4))
        #expect(close(idealWidth(Group { Text("ab") }.kerning(2), environment), at17(1176) + 4))
        #expect(close(idealWidth(Group { Text("ab").kerning(1) }.kerning(3), environment), at17(1176) + 2))
        // The view's tracking 2 and the text's kerning 1 add: 3 per cluster.
        #expect(close(idealWidth(Group { Text("ab").kerning(1) }.tracking(2), environment), at17(1176) + 6))
        // Tracking from the environment turns the fi ligature off (two glyphs), as the text's own does.
        var tracked = environment
        tracked.textTracking = 1
        #expect(try Text("fi").paragraph(in: tracked).fontRuns.map(\.glyphCount) == [2])
        var kerned = environment
        kerned.textKerning = 1
        #expect(try Text("fi").paragraph(in: kerned).fontRuns.map(\.glyphCount) == [1])
    }

    @Test("monospacedDigit() on a view, on Text and on Font shapes with tnum")
    func monospacedDigit() throws {
        let environment = try TextFixtures.environment()
        let tnum = try FontFeature("tnum")
        var digits = environment
        digits.textMonospacedDigit = true
        #expect(Text("1111").styledText(in: digits).runs[0].attributes.features.contains(tnum))
        #expect(!Text("1111").styledText(in: environment).runs[0].attributes.features.contains(tnum))
        #expect(Text("1111").monospacedDigit().styledText(in: environment).runs[0].attributes.features.contains(tnum))
        #expect(Text("1111").font(.body.monospacedDigit()).styledText(in: environment).runs[0].attributes.features.contains(tnum))
        // Noto Sans's digits are tabular already: 4 × 572 units with or without tnum (hb-shape).
        #expect(close(idealWidth(Group { Text("1111") }.monospacedDigit(), environment), at17(4 * 572)))
        #expect(close(idealWidth(Text("1111"), environment), at17(4 * 572)))
    }

    @Test("textCase(_:) changes the letters before measuring, in the environment's locale")
    func textCase() throws {
        let environment = try TextFixtures.environment()
        #expect(close(idealWidth(Group { Text("ab") }.textCase(.uppercase), environment), at17(1289)))
        #expect(close(idealWidth(Group { Text("AB") }.textCase(.lowercase), environment), at17(1176)))
        #expect(close(idealWidth(Group { Group { Text("ab") }.textCase(nil) }.textCase(.uppercase), environment), at17(1176)))
        // Turkish: i uppercases to İ (U+0130), I lowercases to ı (U+0131); elsewhere to I and i.
        var turkish = environment
        turkish.locale = Locale(identifier: "tr_TR")
        turkish.textCase = .uppercase
        #expect(Text("istanbul").styledText(in: turkish).string == "İSTANBUL")
        turkish.textCase = .lowercase
        #expect(Text("ISTANBUL").styledText(in: turkish).string == "ıstanbul")
        var english = environment
        english.textCase = .uppercase
        #expect(Text("istanbul").styledText(in: english).string == "ISTANBUL")
        let result = Group { Text("istanbul") }.textCase(.uppercase).environment(\.locale, Locale(identifier: "tr_TR"))
            .layout(in: .unspecified, environment: environment)
        #expect(close(result.root.frame.width, at17(4678)))
    }

    @Test("allowsTightening(_:) is stored and changes no measurement (TextFit does not tighten)")
    func allowsTightening() throws {
        let environment = try TextFixtures.environment()
        #expect(EnvironmentValues().allowsTightening == false)
        var tight = environment
        tight.allowsTightening = true
        #expect(tight.allowsTightening)
        // "abab" is 2352 units = 39.984 pt: at 30 pt it wraps the same way with or without it.
        let proposal = ProposedViewSize(width: 30, height: nil)
        let plain = Text("abab").sizeThatFits(proposal, environment: environment)
        #expect(Group { Text("abab") }.allowsTightening(true).layout(in: proposal, environment: environment).size == plain)
        #expect(close(idealWidth(Group { Text("abab") }.allowsTightening(true), environment), at17(2352)))
    }

    @Test("A GeometryReader under a Text in a VStack gets the height the text leaves")
    func readerUnderText() throws {
        let environment = try TextFixtures.environment()
        let view = VStack(spacing: 0) {
            Text("ab").id("text")
            GeometryReader { g in
                Rectangle().id("fill").frame(width: g.size.width / 2, height: g.size.height)
            }.id("reader")
        }
        let result = view.layout(in: ProposedViewSize(width: 200, height: 100), environment: environment)
        // The text (one line, 1.362 em × 17 = 23.154 high, fixed) is sized first; the reader gets
        // the other 76.846 and the whole width; the text is centred: (200 − 19.992) / 2.
        let line = 1.362 * 17
        #expect(close(result.frame("text").minX, (200 - at17(1176)) / 2))
        #expect(close(result.frame("reader").minY, line) && close(result.frame("reader").height, 100 - line))
        #expect(close(result.frame("fill").width, 100) && close(result.frame("fill").height, 100 - line))
        #expect(close(result.frame("fill").minY, line) && result.frame("fill").minX == 0)
    }
}

/// A label that stacks vertically at accessibility sizes, as adaptive SwiftUI views do with
/// `@Environment(\.dynamicTypeSize)`.
private struct AdaptiveLabel: View {
    @Environment(\.dynamicTypeSize) var size
    var body: some View {
        if size >= .accessibility1 {
            VStack(spacing: 0) { Text("ab"); Text("ab") }
        } else {
            HStack(spacing: 0) { Text("ab"); Text("ab") }
        }
    }
}

@Suite("@Environment(\\.dynamicTypeSize) in a body")
struct DynamicTypeEnvironmentTests {
    @Test("A body reads the Dynamic Type size that dynamicTypeSize(_:) sets around it")
    func adaptiveLabel() throws {
        let environment = try TextFixtures.environment()
        // Large: body 17 pt, two "ab" side by side: 2 × 19.992 wide, one line (23.154) high.
        let row = AdaptiveLabel().layout(in: .unspecified, environment: environment)
        #expect(close(row.size.width, 2 * at17(1176)) && close(row.size.height, 1.362 * 17))
        // accessibility1: body 28 pt (Apple's table), stacked: 1.176 × 28 wide, 2 × 1.362 × 28 high.
        let column = AdaptiveLabel().dynamicTypeSize(.accessibility1).layout(in: .unspecified, environment: environment)
        #expect(close(column.size.width, 1.176 * 28) && close(column.size.height, 2 * 1.362 * 28))
        // A range clamps what the body reads too: accessibility1 capped at xxxLarge (body 23 pt) is a row.
        let capped = AdaptiveLabel().dynamicTypeSize(...DynamicTypeSize.xxxLarge).dynamicTypeSize(.accessibility1)
            .layout(in: .unspecified, environment: environment)
        #expect(close(capped.size.width, 2 * 1.176 * 23) && close(capped.size.height, 1.362 * 23))
    }
}

private extension LayoutResult {
    func frame(_ id: String) -> CGRect { element(id: id)?.frame ?? .null }
}
