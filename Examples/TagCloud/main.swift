// A tag cloud written as SwiftUI code is, laid out with real fonts: prints the frames, writes SVG and PNG.
// swift run TagCloudExample [FOLDER]   (writes FOLDER/tag-cloud.svg and FOLDER/tag-cloud.png)
import TextFitLayout

struct TagChip: View {
    let title: String

    var body: some View {
        Text(title)
            .font(.callout)
            .lineLimit(1)
            .foregroundStyle(.indigo)
            .padding(.horizontal, 10)
            .padding(.vertical, 6)
            .background(.indigo.opacity(0.12), in: Capsule())
            .overlay(Capsule().stroke(.indigo.opacity(0.4), lineWidth: 1))
    }
}

struct TagCloud: View {
    let tags: [String]

    var body: some View {
        FlowLayout(spacing: 8, lineSpacing: 8) {
            ForEach(tags, id: \.self) { tag in
                TagChip(title: tag)
            }
        }
        .padding(12)
    }
}

let tags = ["Swift", "Zürich", "東京", "القاهرة", "Rindfleischetikettierung", "서울", "नमस्ते", "👩🏽‍💻 Dev mode", "Layout"]
let renderer = ImageRenderer(content: TagCloud(tags: tags))
renderer.proposedSize = ProposedViewSize(width: 320, height: nil)
renderer.scale = 2                      // PNG pixels per point
renderer.options.background = "#ffffff"

func pt(_ value: CGFloat) -> String { String(format: "%.1f", Double(value)) }

let result = renderer.result
if let error = Text.defaultShaperError {  // no fonts found: every text would measure 0 × 0
    print("TextFit's fonts were not found: \(error)")
    exit(1)
}
print("TagCloud in 320 pt: \(pt(result.size.width)) × \(pt(result.size.height)) pt")
for index in 0..<result.count {
    guard let text = result.leaf(at: index)?.element as? Text else { continue }
    let frame = result[index].frame
    print("  \(text.string): x \(pt(frame.minX)), y \(pt(frame.minY)), \(pt(frame.width)) × \(pt(frame.height))")
}

let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
do {
    try renderer.write(svgTo: folder.appendingPathComponent("tag-cloud.svg"))
    try renderer.write(pngTo: folder.appendingPathComponent("tag-cloud.png"))
    print("wrote \(folder.appendingPathComponent("tag-cloud.svg").path) and \(folder.appendingPathComponent("tag-cloud.png").path)")
} catch {
    print("could not write the pictures into \(folder.path): \(error)")
    exit(1)
}
