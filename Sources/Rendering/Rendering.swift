// Rendering: SVG pictures of paragraphs and placed layout trees, with the fonts' real glyph
// outlines (HarfBuzz's draw API, through Typography), colour emoji as embedded PNG bitmaps, and
// debug overlays (element bounds, line boxes, baselines, a container with its overflow in red).
//
// | entry point | draws |
// |---|---|
// | `SVGRenderer.svg(_: ParagraphLayout)` | one paragraph at the origin |
// | `SVGRenderer.svg(_: LayoutResult)` | every placed leaf of a tree: text leaves as text, shapes and colours painted in tree order with opacity and clips (SVGPainting.swift), images, symbol placeholders and gradients (SVGImages.swift), other leaves as light boxes |
// | `ImageRenderer(content:)` | a view, as SwiftUI's: `svg`, `pngData()` (the SVG rasterised by librsvg + cairo, `PNGRasterizer.swift`), `result` |
//
// SVG output is deterministic: the same input gives byte-identical SVG (fixed decimals, glyph
// definitions numbered in order of first use, no dates, no hashing order).

import Foundation
import LayoutCore
import TextLayout

/// A leaf that can tell the renderer its text: the paragraph layout it showed when placed with
/// `proposal` in `environment`. TextLayout's `Text` conforms; any custom text leaf may conform
/// too. Leaves that do not conform are drawn as boxes.
public protocol ParagraphProviding {
    /// The layout the leaf shows for `proposal`, or `nil` when it has no text to draw.
    func paragraphLayout(in proposal: ProposedViewSize, environment: EnvironmentValues) -> ParagraphLayout?
}

extension Text: ParagraphProviding {}
