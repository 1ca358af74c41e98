import Foundation
import Testing
import TextFit

// docs/views.md's first example, compiled here; the test checks the page shows this code.
// BEGIN docs/views.md
struct TopicChip: View {
    let title: String
    var body: some View {
        Text(title)
            .font(.subheadline)
            .padding(.horizontal, 10)
            .padding(.vertical, 5)
            .background(.blue.opacity(0.15), in: Capsule())
    }
}

struct TopicCloud: View {
    let tags: [String]
    var body: some View {
        FlowLayout(spacing: 6, lineSpacing: 6) {
            ForEach(tags, id: \.self) { TopicChip(title: $0) }
        }
    }
}
// END docs/views.md

@Suite("docs/views.md's example")
struct DocsExampleTests {
    @Test("compiles as the page shows it and gives the chip its text's width plus the padding")
    func viewsPageExample() throws {
        let result = TopicCloud(tags: ["Zürich", "東京", "القاهرة"]).layout(in: ProposedViewSize(width: 320, height: nil))
        // hb-shape fonts/DroidSansFallbackFull.ttf "東京": two advances of 256 units (upem 256), so at
        // subheadline's 15 pt (Apple's table, large) the text is 30 wide; padded 10 on each side, 50.
        #expect(result.element(id: "東京") != nil)
        let chip = result.element(id: "東京")!.frame  // the chip for 東京, in root coordinates
        #expect(abs(chip.width - 50) < 1e-9)
        #expect(result.size.width <= 320)

        // The page's code block: every line of it, in order, is a line of this file (or of the test above).
        let here = try String(contentsOfFile: #filePath, encoding: .utf8)
        let page = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/views.md").standardized.path, encoding: .utf8)
        let block = try #require(page.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let mine = here.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var position = 0
        for line in block.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty && line != "import TextFit" {
            guard let found = mine[position...].firstIndex(of: line) else {
                Issue.record("docs/views.md line not in the compiled example: \(line)")
                return
            }
            position = found + 1
        }
    }
}
