import Foundation
import SwiftUI
import Testing

// docs/porting.md's preview examples, compiled here; the test checks the page shows this code.
@Observable
final class Model {
    var userName = "Ada"
}

struct SettingsView: View {
    @Environment(Model.self) private var model: Model?
    var body: some View {
        Text("Signed in as \(model?.userName ?? "nobody")").id("signed in")
    }
}

struct SwitchRow: View {
    @Binding var isOn: Bool
    var body: some View { Text(isOn ? "On" : "Off").id("switch") }
}

// BEGIN docs/porting.md previews
#Preview("Settings") { SettingsView().environment(Model()) }
#Preview("Row", traits: .sizeThatFitsLayout) { EpisodeRow(episode: .sample) }
#Preview {
    @Previewable @State var isOn = true
    SwitchRow(isOn: $isOn)
}

struct SettingsView_Previews: PreviewProvider {
    static var previews: some View {
        SettingsView().previewDisplayName("Light")
        SettingsView().previewLayout(.sizeThatFits).previewDevice("iPhone SE (3rd generation)")
    }
}
// END docs/porting.md previews

@Suite("docs/porting.md's preview examples")
struct PortingDocsTests {
    @Test("compile as the page shows them, and find and lay out what the page says")
    func previewsPage() throws {
        // BEGIN docs/porting.md test
        // In a test target:
        let settings = try #require(Preview.named("Settings"))        // a #Preview by name (or by "Module/File.swift:12")
        let result = try settings.layout()                             // on an iPhone 16 Pro, 402 × 874
        let mine = Preview.all.filter { $0.module == "AppViews" }      // every #Preview of a module, by file and line
        let variants = Preview.all(of: SettingsView_Previews.self)     // a provider's views, one preview each
        let byName = Preview.all(ofProviderNamed: "AppViews.SettingsView_Previews")
        // END docs/porting.md test

        #expect(result.size == CGSize(width: 402, height: 874))
        #expect(result.element(id: "signed in") != nil)
        #expect(mine.isEmpty)  // the page's module is AppViews; this one is SwiftUIImportTests
        #expect(byName == nil)
        #expect(variants.map(\.name) == ["Light", nil])
        #expect(variants[1].layout == .sizeThatFits)
        #expect(try variants[1].layout().size.width < 375)  // as wide as its text, offered the SE's 375
        let here = Preview.all.filter { $0.source.hasPrefix("SwiftUIImportTests/PortingDocsTests.swift:") }
        #expect(here.map(\.name) == ["Settings", "Row", nil])
        #expect(try here[2].layout().element(id: "switch") != nil)
        #expect(Preview.all(ofProviderNamed: "SwiftUIImportTests.SettingsView_Previews")?.count == 2)

        // The page's blocks: every line of each, in order, is a line of this file.
        let file = try String(contentsOfFile: #filePath, encoding: .utf8)
        let page = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../docs/porting.md").standardized.path, encoding: .utf8)
        let blocks = page.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        for marker in ["#Preview(\"Settings\")", "// In a test target:"] {
            let block = try #require(blocks.first { $0.contains(marker) })
            let mine = file.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            var position = 0
            for line in block.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
                guard let found = mine[position...].firstIndex(of: line) else {
                    Issue.record("docs/porting.md line not in the compiled example: \(line)")
                    return
                }
                position = found + 1
            }
        }
    }
}
