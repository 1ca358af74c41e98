import Foundation
import LayoutCore
import Typography

// What a `Text` reports about itself in `LayoutResult.diagnostics` (it is a `DiagnosingLeaf`): the
// problems a layout answers through anyway, which would otherwise only show as a 0 × 0 frame, a
// different font or a box drawn for a missing glyph.

extension LayoutDiagnostic.Kind {
    /// Characters no font has: they are measured with the `.notdef` glyph of the font asked for and
    /// drawn as its box ("tofu").
    public static let missingGlyphs = LayoutDiagnostic.Kind("missingGlyphs")
    /// No shaper to measure with (the bundled fonts were not found and the environment sets none):
    /// the text is laid out as 0 × 0.
    public static let noFonts = LayoutDiagnostic.Kind("noFonts")
    /// A family that does not exist: the text is set in the system family instead, as on Apple platforms.
    public static let fontFallback = LayoutDiagnostic.Kind("fontFallback")
    /// A text that cannot be measured (an invalid size or tracking, an unreadable font file): laid
    /// out as 0 × 0.
    public static let unmeasurableText = LayoutDiagnostic.Kind("unmeasurableText")
}

extension Text: DiagnosingLeaf {
    /// The family a paragraph's first run resolved to: the system font a text with an unknown
    /// family fell back to (Noto Sans, SF Pro, or Roboto under Android).
    static func systemFamily(of paragraph: Paragraph) -> String {
        paragraph.text.runs.first.flatMap { try? paragraph.shaper.library.match($0.attributes).face.family } ?? FontLibrary.defaultFamily
    }

    /// What is wrong with this text in `environment`: no fonts, an unmeasurable style, a family
    /// that fell back, characters no font has. Read from the paragraph the text measured with (the
    /// cache's), so asking costs no shaping.
    public func diagnostics(environment: EnvironmentValues) -> [LeafDiagnostic] {
        guard let measured = measured(in: environment) else {
            let reason = Text.defaultShaperError.map { "\($0)" } ?? "the environment has no text shaper"
            return [LeafDiagnostic(kind: .noFonts, message: "\(quoted): no fonts to measure it with (\(reason)); measured as 0 × 0")]
        }
        switch measured.paragraph {
        case .failure(let error):
            return [LeafDiagnostic(kind: .unmeasurableText, message: "\(quoted): \(error); measured as 0 × 0")]
        case .success(let paragraph):
            var found: [LeafDiagnostic] = []
            if let fallback = measured.fallback {
                found.append(LeafDiagnostic(kind: .fontFallback, message: "\(quoted): \(fallback); measured in \(Self.systemFamily(of: paragraph)) instead"))
            }
            let missing = paragraph.missingClusters
            if !missing.isEmpty {
                found.append(LeafDiagnostic(kind: .missingGlyphs, message: "\(quoted): " + Self.describe(missing, in: paragraph.text.string)))
            }
            return found
        }
    }

    /// The string in quotes, cut to 40 scalars ("…" after 39).
    private var quoted: String {
        let scalars = string.unicodeScalars
        let shown = scalars.count > 40 ? String(String.UnicodeScalarView(scalars.prefix(39))) + "…" : string
        return "\"\(shown)\""
    }

    /// "2 characters have no glyph in any font (U+E000 at 3, U+1F9FF at 5); drawn as the missing-glyph
    /// box" — clusters by their scalars and scalar offset, the first five named.
    static func describe(_ missing: [Range<Int>], in text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let named = missing.prefix(5).map { range -> String in
            let codes = scalars[range.clamped(to: 0..<scalars.count)].map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
            return "\(codes) at \(range.lowerBound)"
        }
        let more = missing.count > 5 ? ", …" : ""
        let count = missing.count == 1 ? "1 character has" : "\(missing.count) characters have"
        return "\(count) no glyph in any font (\(named.joined(separator: ", "))\(more)); drawn as the font's missing-glyph box"
    }
}
