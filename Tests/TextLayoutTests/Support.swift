import Foundation
@testable import TextLayout
import Typography

enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fonts = repository.appendingPathComponent("fonts").path
    static let library = Result { try FontLibrary(.init(fontDirectory: fonts, useSystemFonts: false)) }
    static let sharedShaper = Result { Shaper(library: try library.get()) }

    static func shaper() throws -> Shaper { try sharedShaper.get() }

    /// A paragraph in Noto Sans (bundled) at `size` points.
    static func paragraph(_ text: String, size: Double = 17, style: ParagraphStyle = ParagraphStyle(),
                          weight: FontWeight? = nil, locale: String? = nil, shaper: Shaper? = nil) throws -> Paragraph {
        let attributes = TextAttributes(font: FontRequest(weight: weight), size: .points(size), locale: locale)
        return try Paragraph(StyledText(text, attributes: attributes), style: style, shaper: shaper ?? Fixtures.shaper())
    }

    /// The text of each line, hanging spaces and hard breaks included.
    static func lineTexts(_ layout: ParagraphLayout, _ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return layout.lines.map { String(String.UnicodeScalarView(scalars[$0.range])) }
    }
}
