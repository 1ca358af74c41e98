import Foundation
import LayoutCore
import Typography

// Images inside a text: `Text("Rated \(Image(systemName: "star"))")`, `Text(Image("logo"))`. The
// image type lives in the views module above (Controls); it reaches a text through the package
// protocol below, and the text holds it as a run of one U+2060 WORD JOINER whose tracking is the
// image's width. So the paragraph shapes, wraps and truncates it as a character of that width,
// without a second kind of run: the joiner is default-ignorable (no glyph is missing, HarfBuzz
// gives it no advance), is a grapheme cluster of its own (UAX #29: Control), and forbids a line
// break on either side (UAX #14: WJ), so an image stays with the word it touches and lines break
// at the spaces around it. The line keeps the font's height: an image taller than the line's
// ascent does not make its line taller (on Apple platforms it does), a documented difference.
// Renderers draw each image in the box the attachment gives at its pen position
// (``ParagraphLayout/placedAttachments(_:environment:)``).

/// An image set inline in a text, supplied by the views module.
package protocol TextAttachment: Sendable, Hashable {
    /// Its advance in a text set at `pointSize` points (the run's size after Dynamic Type).
    func inlineWidth(pointSize: Double, environment: EnvironmentValues) -> Double
    /// Its box in that text, whose capital letters are `capHeight` points tall: x from the pen
    /// position (0 to the ``inlineWidth(pointSize:environment:)``), y from the baseline (down
    /// positive: a box above the baseline has a negative minimum y).
    func inlineBox(pointSize: Double, capHeight: Double, environment: EnvironmentValues) -> CGRect
    /// What it draws in that box; `nil`: nothing (a missing image).
    func imageContent(in environment: EnvironmentValues) -> ImageContent?
}

/// A ``TextAttachment`` of any type, equal by value.
package struct AnyTextAttachment: Hashable, Sendable {
    package let base: any TextAttachment

    package init(_ base: some TextAttachment) { self.base = base }

    package static func == (a: AnyTextAttachment, b: AnyTextAttachment) -> Bool {
        func equals<A: TextAttachment>(_ a: A) -> Bool { (b.base as? A) == a }
        return equals(a.base)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(base) }
}

/// The character a text holds for an inline image.
let attachmentCharacter = "\u{2060}"

extension Text {
    /// A text that is `attachment` alone (what `Text(Image(…))` and an image interpolated into a
    /// key make).
    package init(attachment: some TextAttachment) {
        var run = Run(string: attachmentCharacter)
        run.attachment = AnyTextAttachment(attachment)
        self.init(runs: [run])
    }
}

extension LocalizedStringKey.StringInterpolation {
    /// Appends an inline image as an argument (`%@`), as the views module's
    /// `appendInterpolation(_: Image)` does.
    package mutating func appendAttachment(_ attachment: some TextAttachment) {
        appendInterpolation(Text(attachment: attachment))
    }
}

/// An inline image where a paragraph layout put it: its frame in the paragraph's coordinates.
package struct PlacedAttachment: Sendable {
    package let attachment: AnyTextAttachment
    /// The scalar offset of its character in the laid-out text.
    package let offset: Int
    package let frame: CGRect
}

extension ParagraphLayout {
    /// The inline images of `runs` (a text's drawing runs) where this layout put them, in the
    /// paragraph's coordinates: each at its pen position on its line (to the left of it in a
    /// right-to-left run, where tracking comes before a cluster), sized at the run's point size
    /// (after any minimum scale factor) with its face's cap height (0.7 em when the face has none).
    /// Images cut by truncation are not placed.
    /// - Complexity: O(glyphs) when a run is an image; nothing otherwise.
    package func placedAttachments(_ runs: [TextDrawingRun], environment: EnvironmentValues) -> [PlacedAttachment] {
        let images = runs.filter { $0.attachment != nil }
        guard !images.isEmpty else { return [] }
        var placed: [PlacedAttachment] = []
        for line in lines {
            for run in line.runs {
                for (index, cluster) in run.clusters.enumerated() where cluster >= 0 {
                    guard let image = images.first(where: { $0.range.contains(cluster) }), let attachment = image.attachment else { continue }
                    let capHeight = run.face.metrics.scaled(to: run.size, policy: .apple).capHeight ?? 0.7 * run.size
                    let box = attachment.base.inlineBox(pointSize: run.size, capHeight: capHeight, environment: environment)
                    var x = line.x + run.positions[index].x
                    if run.direction == .rightToLeft { x -= box.width }
                    placed.append(PlacedAttachment(attachment: attachment, offset: cluster,
                                                   frame: box.offsetBy(dx: x, dy: line.baseline)))
                }
            }
        }
        return placed
    }
}
