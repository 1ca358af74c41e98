// The report's pictures drawn while sweeping (`run(writingHTMLTo:)`) against the same report drawn
// afterwards (`writeHTML(of:to:)`): one picture per distinct layout, the same files byte for byte,
// including a text scrolled below the fold (the picture made taller) on devices of two display
// scales (the sweep moves one tree from the 2× iPhone SE to the 3× iPhone 16 Pro).
import Foundation
import Testing
import TextFit

/// A scroll view whose last text lies far below any phone's screen, cut at one line in 50 pt:
/// truncated in every locale of the fixture catalog (the narrowest, Arabic “المزامنة”, needs 118.5 pt at accessibility2, more than 50 at .large).
struct LongScrollScreen: View {
    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                Text("sweep.button")
                Color.gray.frame(height: 1_400)
                Text("sweep.title").font(.title2).lineLimit(1).frame(width: 50, alignment: .leading)
            }
            .padding(16)
        }
    }
}

@Suite("The report's pictures, drawn while sweeping or afterwards")
struct SweepPictureTests {
    static func sweep() throws -> LocalizationSweep {
        try LocalizationSweep("Scroll", screens: [.init("Scroll") { LongScrollScreen() }], catalogs: [sweepFixtures],
                              dynamicTypeSizes: [.large, .accessibility2], devices: [.iPhoneSE3, .iPhone16Pro])
    }

    @Test("A text below the fold: the picture is the screen made taller, the fold marked; drawn while sweeping it is the same file as drawn afterwards")
    func foldWhileSweeping() throws {
        let sweep = try Self.sweep()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-sweep-fold-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try sweep.run(writingHTMLTo: folder.appendingPathComponent("during"), picturesPerFile: 3)
        try sweep.writeHTML(of: sweep.run(), to: folder.appendingPathComponent("after"), picturesPerFile: 3)
        let title = try #require(report.groups.first { $0.key == "sweep.title" && $0.kind == .truncated }, "\(report)")
        // Every locale of the catalog cuts it, from the first size, on the first device.
        #expect(title.locales.count == report.locales.count && title.firstFailingSize == .dynamicType(.large))
        #expect(title.examples.allSatisfy { $0.device == Device.iPhoneSE3.name && $0.size == .dynamicType(.large) }, "\(title.examples.map(\.description))")
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("during").path)
            .filter { $0.hasSuffix(".js") || $0.hasSuffix(".html") }.sorted()
        // One picture per locale (each the example of the group, and of any other group of that layout), three a file.
        let files = (report.locales.count + 2) / 3
        #expect(names == ["index.html"] + (1...files).map { "pictures/\($0).js" }.sorted())
        var pictures = ""
        for name in names {
            let during = try String(contentsOf: folder.appendingPathComponent("during/" + name), encoding: .utf8)
            let after = try String(contentsOf: folder.appendingPathComponent("after/" + name), encoding: .utf8)
            #expect(during == after, "\(name) differs")
            if name.hasSuffix(".js") { pictures += during }
        }
        #expect(pictures.components(separatedBy: "\\u003csvg ").count - 1 == report.locales.count)
        // The title lies 1,400 pt down, below the SE's 667 pt: each picture is made taller and marks
        // where the screen ends, at the SE's height.
        #expect(pictures.components(separatedBy: "class=\\\"fold\\\" x1=\\\"0\\\" y1=\\\"667\\\"").count - 1 == report.locales.count)
    }
}
