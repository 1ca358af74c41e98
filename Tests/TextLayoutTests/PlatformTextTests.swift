import Foundation
import LayoutCore
import Testing
@testable import TextLayout
import Typography

@Suite("Paragraphs and Text with trak, optical sizes and the Android profile")
struct PlatformTextTests {
    static let trakFont = Fixtures.repository.appendingPathComponent("Tests/TypographyTests/Fixtures/fonts/NotoSans-Trak.ttf").path
    static let robotoFlex = Fixtures.repository.appendingPathComponent("Tests/TypographyTests/Fixtures/fonts/RobotoFlex-Variable.ttf").path

    @Test("A paragraph adds a font's trak tracking per cluster as the single line does, at every Dynamic Type size")
    func paragraphTracksLikeTheLine() throws {
        let shaper = try Fixtures.shaper()
        let text = "Settings and privacy"
        let attributes = TextAttributes(font: FontRequest(file: Self.trakFont), size: .style(.body))
        let paragraph = try Paragraph(StyledText(text, attributes: attributes), shaper: shaper)
        for size in DynamicTypeSize.allCases {
            var sized = attributes
            sized.dynamicTypeSize = size
            let line = try shaper.measure(text, attributes: sized)
            let resized = try paragraph.resized(to: size)
            #expect(abs(resized.idealSize.width - line.width) < 1e-9, "\(size)")
            #expect(abs(try Paragraph(StyledText(text, attributes: sized), shaper: shaper).idealSize.width - line.width) < 1e-9)
        }
        // The table's −26/1000 em at 17 pt: 20 clusters × −0.442 pt beside Noto Sans's advances.
        let plain = try shaper.measure(text, attributes: TextAttributes(font: FontRequest(family: "Noto Sans"), size: .points(17)))
        #expect(abs(paragraph.idealSize.width - (plain.width - 20 * 0.442)) < 1e-9)
        // Wrapped, every line's width carries its clusters' tracking.
        let wrapped = paragraph.layout(width: 80)
        #expect(wrapped.lines.count > 1 && wrapped.size.width <= 80)
    }

    @Test("resized(to:) reshapes an opsz font at another size: the same widths as a paragraph made at that size")
    func resizedFollowsOpticalSize() throws {
        let shaper = try Fixtures.shaper()
        let attributes = TextAttributes(font: FontRequest(file: Self.robotoFlex), size: .style(.body))
        let paragraph = try Paragraph(StyledText("AVATAR Type", attributes: attributes), shaper: shaper)
        var large = attributes
        large.dynamicTypeSize = .accessibility3  // body: 40 pt, opsz 40
        let fresh = try Paragraph(StyledText("AVATAR Type", attributes: large), shaper: shaper)
        let resized = try paragraph.resized(to: .accessibility3)
        #expect(resized.idealSize == fresh.idealSize)
        // Not merely scaled: opsz 40 draws narrower than opsz 17 scaled up (Roboto Flex's design).
        #expect(abs(resized.idealSize.width - paragraph.idealSize.width * 40 / 17) > 0.5)
    }

    @Test("Text under android: bodyLarge in Roboto by default, the Material line height scaled with the font scale")
    func textUnderAndroid() throws {
        var environment = try TextFixtures.environment()
        environment.platform = .android
        environment.fontScale = try AndroidFontScale(2)
        let text = Text("Settings")
        let runs = text.styledText(in: environment).runs
        #expect(runs.map(\.attributes.size) == [.material(.bodyLarge)] && runs[0].attributes.platform == .android)
        // 16 sp → 28 dp; the 24 sp line → 42 dp (AOSP's 2.0 table; the line keeps its proportion).
        let size = text.sizeThatFits(ProposedViewSize(width: nil, height: nil), environment: environment)
        #expect(abs(size.height - 42) < 1e-3)
        // An Apple text style under android cannot be measured: 0 × 0, recorded.
        let failing = Text("x").font(.body).sizeThatFits(ProposedViewSize(width: nil, height: nil), environment: environment)
        #expect(failing == .zero)
    }
}
