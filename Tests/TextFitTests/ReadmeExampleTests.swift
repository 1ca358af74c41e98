import Foundation
import Testing
import TextFit

@Suite("docs/library.md's examples")
struct ReadmeExampleTests {
    @Test("runs as written and gives sensible answers")
    func example() throws {
        let library = try FontLibrary(.init(fontDirectory: Engine.repository.appendingPathComponent("fonts").path, useSystemFonts: false))
        let shaper = Shaper(library: library)

        let line = try shaper.measure("Rindfleischetikettierung", attributes: TextAttributes(size: .style(.headline)))
        #expect(line.font.weightSubstituted && line.font.face.weight == .bold)

        let paragraph = try Paragraph(StyledText("Ein Satz mit Rindfleischetikettierung", attributes: TextAttributes()),
                                      style: ParagraphStyle(lineLimit: 2), shaper: shaper)
        let fitted = paragraph.layout(width: 120)
        #expect(fitted.lineCount == 2 && fitted.isTruncated)
        #expect(paragraph.minimumSize.segment == "Rindfleischetikettierung")

        let cloud = FlowLayout(spacing: 8, lineSpacing: 6) {
            ForEach(["Zürich", "東京", "القاهرة"], id: \.self) { name in Text(name).font(.body).padding(6) }
        }
        var environment = EnvironmentValues()
        environment.textShaper = shaper
        environment.dynamicTypeSize = .accessibility2
        let result = LayoutTree(cloud, environment: environment).layout(in: ProposedViewSize(width: 300, height: nil))
        let svg = SVGRenderer(options: .init(overlays: .baselines)).svg(result)
        #expect(result.size.width <= 300 && result.size.height > 0)
        #expect(svg.contains("<path"))

        let roboto = TextAttributes(font: FontRequest(family: "Roboto", weight: FontWeight(550), width: 87.5), size: .points(17))
        #expect(try shaper.measure("Einstellungen", attributes: roboto).font.face.variations
                    == [FontVariation(tag: "wght", value: 550), FontVariation(tag: "wdth", value: 87.5)])
        let android = TextAttributes(size: .material(.bodyLarge), platform: .android, fontScale: try AndroidFontScale(2))
        #expect(abs(android.pointSize - 28) < 1e-4)  // AOSP's 2.0 table: 14 → 26, 18 → 30
    }

    @Test("docs/library.md's package example is Examples/TagCloud/main.swift, word for word")
    func packageExample() throws {
        let readme = try String(contentsOf: Engine.repository.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let file = try String(contentsOf: Engine.repository.appendingPathComponent("Examples/TagCloud/main.swift"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Use TextFit in your package"), "no 'Use TextFit in your package' section")
        let blocks = readme[section.upperBound...].components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "```\n")[0] }
        #expect(blocks.contains(file), "docs/library.md's example differs from Examples/TagCloud/main.swift")
        #expect(file.contains("struct TagChip: View") && file.contains("ForEach(") && file.contains("import TextFitLayout\n"))
    }
}
