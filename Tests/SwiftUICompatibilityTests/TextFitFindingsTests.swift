import Foundation
import Testing
import TextFit

// A settings screen as a SwiftUI developer writes it, laid out here and asked how its texts fit:
// `LayoutResult.findings` lists the texts that are cut, shrunk, clipped or overlapping, each
// naming the line its `Text` (or `Button`) was written on.

struct SyncSettingsRow: View {
    let title: LocalizedStringKey
    let value: String

    var body: some View {
        HStack {
            Text(title)
                .lineLimit(1)
            Spacer()
            Text(value)
                .foregroundStyle(.secondary)
        }
    }
}

struct SyncSettings: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            SyncSettingsRow(title: "Synchronisierung im Hintergrund", value: "Ein")
            SyncSettingsRow(title: "Konto", value: "Anna")
            ZStack(alignment: .topTrailing) {
                Text("Nachrichten")
                Text("99+")
                    .font(.caption)
                    .offset(x: 12, y: -4)
            }
            Button("Abmelden", role: .destructive) {}
            ForEach(["Hilfe", "Impressum"], id: \.self, content: Text.init)
        }
        .padding()
        .frame(width: 240)
    }
}

@Suite("Findings from a SwiftUI screen")
struct TextFitFindingsTests {
    @Test("A cut title and a badge over its label are found, at the lines that made them; the rest fits")
    func settingsScreen() throws {
        let result = SyncSettings().layout(in: ProposedViewSize(width: 240, height: nil))
        let texts = result.texts
        #expect(texts.map(\.string) == ["Synchronisierung im Hintergrund", "Ein", "Konto", "Anna", "Nachrichten", "99+",
                                        "Abmelden", "Hilfe", "Impressum"])
        let findings = result.findings
        #expect(findings.map(\.string) == ["Synchronisierung im Hintergrund", "Nachrichten", "99+"])

        // The long title: one line shown of the two or more it needs in its width, cut at the tail.
        let title = findings[0]
        #expect(title.isTruncated && title.linesShown == 1 && title.linesNeeded >= 2)
        #expect(title.truncation?.position == .tail && title.truncation?.cause == .lineLimit)
        // It needs more than the row leaves it, and fits in its own ideal width.
        #expect(try #require(title.neededWidth) > Double(title.frame.width))
        #expect(title.fileID == "SwiftUICompatibilityTests/TextFitFindingsTests.swift" && title.line == 15)

        // The badge and the label it sits on: each overlaps the other; neither is cut.
        #expect(findings[1].overlaps.map(\.path) == [findings[2].path])
        #expect(findings[2].overlaps.map(\.path) == [findings[1].path])
        #expect(findings[1].line == 30 && findings[2].line == 31)
        #expect(findings.allSatisfy { !$0.isClipped && !$0.isScaled })

        // A button's title names the button's line; texts made from strings name none.
        #expect(texts[6].line == 35 && texts[7].line == nil)
        #expect(result.text(id: "Impressum")?.string == "Impressum")

        // docs/views.md prints these findings: the page shows what they print.
        let page = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/views.md").standardized.path, encoding: .utf8)
        let printed = page.split(separator: "\n").filter { $0.hasPrefix("// SwiftUICompatibilityTests/TextFitFindingsTests.swift:") }
        #expect(printed.map { String($0.dropFirst(3)) } == findings.map(\.description))
    }
}
