// TextLayout: paragraphs. Analyse and shape once; answer any width.
//
// | stage | where | how often |
// |---|---|---|
// | scalars, grapheme clusters, break opportunities (ICU; common classes without it), bidi levels (UAX #9) | `Analysis` | once per text |
// | font runs per style run × bidi level, HarfBuzz shaping in font units | `Paragraph.init` | once per text and size (cached by the Shaper) |
// | per-scalar advances and their prefix sums | `Paragraph.init` | once per size |
// | greedy / balanced / width-0 breaking, grapheme breaks for over-wide words | `LineBreaker.lines(width:)` | per width |
// | reshaping only at unsafe-to-break line ends | `Paragraph.reshapedSegments` | per unsafe line end (cached) |
// | line limit, height, minimum scale factor, "…" truncation | `LineBreaker.layout(width:height:)` | per proposal |
// | metrics, baselines, visual order (L2), glyph positions | `LineBreaker.place`, `VisualLineBuilder` | per proposal |
// | the `Text` leaf: environment → styled text → paragraph (cached), proposals, baselines, spacing | `Text`, `TextMeasurementCache` | per proposal (reused by named rules) |
// | on a device: the leaf's size rounded up to the display scale's pixel grid (the paragraph stays exact) | `Text.sizeThatFits` | per proposal |
// | images inside a text: a word joiner tracked to the image's width; where a layout put them | `TextAttachment`, `ParagraphLayout.placedAttachments` | per text; per drawing |
// | a placed text's fit: lines shown and needed, the cut, the scale, the width it needs (line breaking only) | `Text.placedText` (TextFitReport.swift), `LineBreaker.narrowestWidth(lines:)` | when a result is asked |
//
// Public entry points: `StyledText` (a string with styled runs, `+` concatenates), `ParagraphStyle`,
// `Paragraph` (`idealSize`, `minimumSize`, `layout(width:height:)`, `sizeThatFits`), `ParagraphLayout`;
// and for the layout engine, `Text` (a LayoutCore leaf), `Font` and the environment keys
// (`dynamicTypeSize`, `font`, `lineLimit`, `truncationMode`, …) in TextEnvironment.swift; `bold`,
// `italic`, `fontWeight`, `kerning`, `tracking`, `monospacedDigit`, `textCase`, `allowsTightening`
// on any view in TextModifiers.swift.
