import Foundation
import LayoutCore
import Rendering
import Testing
import TextLayout
import Typography

/// Shared fonts, paragraphs, a text leaf and golden-file handling for the rendering tests.
enum Fixtures {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let fonts = repository.appendingPathComponent("fonts").path
    /// Bundled fonts only, so pictures do not depend on the machine's fonts.
    static let library = Result { try FontLibrary(.init(fontDirectory: fonts, useSystemFonts: false)) }
    static let sharedShaper = Result { Shaper(library: try library.get()) }

    static func shaper() throws -> Shaper { try sharedShaper.get() }

    /// A paragraph in Noto Sans (bundled) at `size` points.
    static func paragraph(_ text: String, size: Double = 17, style: ParagraphStyle = ParagraphStyle(),
                          shaper: Shaper? = nil) throws -> Paragraph {
        let attributes = TextAttributes(size: .points(size))
        return try Paragraph(StyledText(text, attributes: attributes), style: style, shaper: shaper ?? Fixtures.shaper())
    }

    /// Noto Sans Regular.
    static func notoSans() throws -> FontFace {
        try library.get().face(path: fonts + "/NotoSans-Regular.ttf")
    }
}

/// A text leaf built on a ``Paragraph`` (a stand-in for TextLayout's `Text` until it conforms to
/// ``ParagraphProviding``): wraps to the proposed width, answers its real baselines.
struct ParagraphLeaf: LeafView, ParagraphProviding {
    let paragraph: Paragraph

    init(_ text: String, size: Double = 17) throws {
        paragraph = try Fixtures.paragraph(text, size: size)
    }

    func paragraphLayout(in proposal: ProposedViewSize, environment: EnvironmentValues) -> ParagraphLayout? {
        paragraph.layout(width: proposal.width.map { Double($0) })
    }

    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        paragraph.layout(width: proposal.width.map { Double($0) }).size
    }

    func explicitAlignment(of guide: VerticalAlignment, in size: CGSize, proposal: ProposedViewSize,
                           environment: EnvironmentValues) -> CGFloat? {
        let layout = paragraph.layout(width: proposal.width.map { Double($0) })
        if guide == .firstTextBaseline { return CGFloat(layout.firstBaseline) }
        if guide == .lastTextBaseline { return CGFloat(layout.lastBaseline) }
        return nil
    }
}

/// Golden SVGs in `Tests/RenderingTests/Golden/`, compared byte for byte. Set
/// `TEXTFIT_RECORD_GOLDEN=1` to (re)write them instead; nothing else writes there.
enum Golden {
    static let directory = Fixtures.testsDirectory.appendingPathComponent("Golden")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["TEXTFIT_RECORD_GOLDEN"] == "1" }

    static func check(_ svg: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        let actual = Data(svg.utf8)
        if isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("no golden file \(name): run with TEXTFIT_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let saved = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("actual-" + name)
            try? actual.write(to: saved)
            Issue.record("""
                \(name) differs from the golden file (\(expected.count) bytes expected, \(actual.count) rendered); \
                the rendering is in \(saved.path). If the change is intended, re-record with TEXTFIT_RECORD_GOLDEN=1.
                """, sourceLocation: sourceLocation)
        }
    }
}

/// A placed glyph read back from an SVG: the definition it uses and its transform.
struct PlacedGlyph: Equatable {
    var id: String
    var a: Double, d: Double, x: Double, y: Double
}

enum SVGScan {
    /// The `<use xlink:href="#…" transform="matrix(a 0 0 d x y)"/>` glyph placements, in document order.
    static func glyphs(in svg: String) -> [PlacedGlyph] {
        svg.split(separator: "\n").compactMap { line -> PlacedGlyph? in
            guard line.hasPrefix("<use xlink:href=\"#"), let matrix = line.range(of: "matrix(") else { return nil }
            let id = line.dropFirst("<use xlink:href=\"#".count).prefix { $0 != "\"" }
            let numbers = line[matrix.upperBound...].prefix { $0 != ")" }.split(separator: " ").compactMap { Double($0) }
            guard numbers.count == 6 else { return nil }
            return PlacedGlyph(id: String(id), a: numbers[0], d: numbers[3], x: numbers[4], y: numbers[5])
        }
    }

    static func count(_ needle: String, in svg: String) -> Int {
        svg.components(separatedBy: needle).count - 1
    }
}
