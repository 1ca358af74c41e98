import Foundation
import LayoutCore
import TextLayout

/// Draws paragraphs and placed layout trees as SVG with the fonts' real glyph outlines.
///
/// ```swift
/// let renderer = SVGRenderer(options: .init(overlays: [.bounds, .baselines], container: CGRect(x: 0, y: 0, width: 120, height: 40)))
/// let svg = renderer.svg(paragraph.layout(width: 120))
/// ```
///
/// - Glyphs are `<path>`s in font units, defined once per (face, glyph) in `<defs>` (or in an
///   ``SVGGlyphSheet`` shared by many pictures of one page) and placed with
///   `<use transform="matrix(s 0 0 -s x y)">`, where `s` = point size ÷ units per em and (x, y) is
///   the pen position in points; the negative y scale turns the font's y-up outline into SVG's
///   y-down space. Glyph runs are already in visual order with visual positions, so right-to-left
///   and mixed-script lines need nothing special.
/// - Colour emoji (bitmap fonts such as Noto Color Emoji) are embedded once per glyph as base64
///   PNG `<image>`s sized to the glyph's box, and placed the same way.
/// - A tree with shapes, colours, drawing effects (`opacity`, clips) or coloured text is painted
///   in tree order (backgrounds before their view, overlays after): shapes as `<path>`s with
///   their fill or stroke, `Color` views as filled rectangles, text in its foreground colour,
///   opacity and clips as groups around the element's subtree (see SVGPainting.swift). Other
///   trees draw as before: other leaves as light grey boxes under all the text.
/// - The canvas covers the content, its ink, and the container when there is one, plus
///   ``Options/margin``.
///
/// Output is deterministic: numbers have at most ``Options/decimals`` decimals (trailing zeros
/// dropped), definitions are numbered in order of first use, and nothing depends on time,
/// addresses or hashing order — the same input renders byte-identical SVG.
///
/// PNG is this SVG rasterised by librsvg onto cairo (``ImageRenderer/pngData()``, `textfit layout
/// --png`), so the two pictures agree; SVG stays the lossless, deterministic format HTML reports embed.
public struct SVGRenderer: Sendable {
    /// Debug drawings over the content.
    public struct Overlays: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Every element's frame: leaves in blue, containers and modifiers in grey (a paragraph's
        /// size when drawing a paragraph alone).
        public static let bounds = Overlays(rawValue: 1 << 0)
        /// Each text line's box (left edge, top, width, ascent + descent + leading) in green, with
        /// its baseline dotted.
        public static let lineBoxes = Overlays(rawValue: 1 << 1)
        /// First text baselines (solid pink) and last text baselines (dashed orange) of every
        /// element that has text.
        public static let baselines = Overlays(rawValue: 1 << 2)

        public static let all: Overlays = [.bounds, .lineBoxes, .baselines]
    }

    /// What to draw and how.
    public struct Options: Sendable {
        public var overlays: Overlays
        /// A box the content should fit in (e.g. a stress test's width × height), in the content's
        /// coordinates. It is drawn dashed; when the content's frames reach outside it, the parts
        /// outside are shaded red, the box is stroked red, and glyph ink outside it is drawn red.
        public var container: CGRect?
        /// Space around everything drawn, in points.
        public var margin: Double
        /// The canvas fill (`nil`: transparent).
        public var background: String?
        /// The glyphs' fill.
        public var textColor: String
        /// The colour of overflow (ink outside the container, shaded regions, the container's stroke).
        public var overflowColor: String
        /// The fill of non-text leaves in a tree (`nil`: not drawn).
        public var boxColor: String?
        /// Decimals kept in coordinates (points and font units); scale factors keep 5 more.
        public var decimals: Int
        /// Prepended to every `id` in the document, so several SVGs can be inlined into one HTML
        /// page without their glyph definitions colliding.
        public var idPrefix: String

        public init(overlays: Overlays = [], container: CGRect? = nil, margin: Double = 4,
                    background: String? = "#ffffff", textColor: String = "#000000", overflowColor: String = "#d70015",
                    boxColor: String? = "#e5e5ea", decimals: Int = 2, idPrefix: String = "") {
            self.overlays = overlays
            self.container = container
            self.margin = margin
            self.background = background
            self.textColor = textColor
            self.overflowColor = overflowColor
            self.boxColor = boxColor
            self.decimals = decimals
            self.idPrefix = idPrefix
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// One paragraph layout with its top-left corner at `origin`.
    public func svg(_ layout: ParagraphLayout, at origin: CGPoint = .zero) -> String {
        var document = SVGDocument(options: options)
        draw(layout, at: origin, into: &document)
        return document.finish()
    }

    /// One paragraph layout with its top-left corner at `origin`, its glyphs defined in `glyphs`
    /// rather than in the SVG: for pages that inline many pictures and carry `glyphs.svg()` once.
    /// The picture's other ids (its clip paths and ink group) still take ``Options/idPrefix``.
    public func svg(_ layout: ParagraphLayout, at origin: CGPoint = .zero, sharing glyphs: inout SVGGlyphSheet) -> String {
        var document = SVGDocument(options: options, sharesGlyphs: true)
        swap(&document.glyphSheet, &glyphs)
        draw(layout, at: origin, into: &document)
        swap(&document.glyphSheet, &glyphs)
        return document.finish()
    }

    private func draw(_ layout: ParagraphLayout, at origin: CGPoint, into document: inout SVGDocument) {
        let frame = CGRect(origin: origin, size: layout.size)
        document.include(frame)
        document.overflowSource(frame)
        document.draw(layout, at: origin)
        if options.overlays.contains(.bounds) { document.bounds(frame, isLeaf: true) }
        if options.overlays.contains(.lineBoxes) { document.lineBoxes(layout, at: origin) }
        if options.overlays.contains(.baselines) {
            document.baselines(in: frame, first: layout.firstBaseline, last: layout.lastBaseline)
        }
    }

    /// `view` laid out for `proposal` in `environment` and drawn (as the `LayoutResult` form does); keep
    /// the ``LayoutResult`` (or use ``ImageRenderer``) to read the frames too.
    public func svg(_ view: some View, in proposal: ProposedViewSize = .unspecified,
                    environment: EnvironmentValues = EnvironmentValues()) -> String {
        svg(view.layout(in: proposal, environment: environment))
    }

    /// Every element of a placed tree, in root coordinates: text leaves (those conforming to
    /// ``ParagraphProviding``) laid out again with the proposal and environment they were placed
    /// with and drawn at their frame's origin; other leaves as boxes; hidden elements not at all.
    ///
    /// A result decoded from JSON has no leaves to draw; its frames still draw as overlays.
    public func svg(_ result: LayoutResult) -> String {
        // No limit: nothing to throw.
        (try? svg(result, byteLimit: .max))!
    }

    /// ``svg(_:)-(LayoutResult)`` that stops as soon as the picture passes `byteLimit` bytes (checked
    /// after each element is drawn, so it is never built more than one element past the limit):
    /// for a service whose clients send the trees, where a 1 MB tree of long texts drew an 80 MB SVG.
    /// - Throws: ``SVGSizeLimitExceeded`` naming the limit and the element where the picture passed it.
    public func svg(_ result: LayoutResult, byteLimit: Int) throws(SVGSizeLimitExceeded) -> String {
        var document = SVGDocument(options: options)
        try draw(result, into: &document, byteLimit: byteLimit)
        return document.finish()
    }

    /// ``svg(_:)-(LayoutResult)`` with the glyphs defined in `glyphs` rather than in the SVG: for pages
    /// that inline many pictures of screens and carry `glyphs.svg()` once (as the paragraph form does).
    public func svg(_ result: LayoutResult, sharing glyphs: inout SVGGlyphSheet) -> String {
        var document = SVGDocument(options: options, sharesGlyphs: true)
        swap(&document.glyphSheet, &glyphs)
        try? draw(result, into: &document, byteLimit: .max)  // no limit: nothing to throw
        swap(&document.glyphSheet, &glyphs)
        return document.finish()
    }

    /// Draws every element of `result` into `document` (``svg(_:byteLimit:)``).
    private func draw(_ result: LayoutResult, into document: inout SVGDocument, byteLimit: Int) throws(SVGSizeLimitExceeded) {
        let root = result.root.frame
        document.include(root)
        document.overflowSource(root)
        var textLeaves: [(frame: CGRect, layout: ParagraphLayout)] = []
        let painting = Self.needsPainting(result)
        if painting { document.beginPainting() }
        /// Elements whose effect groups are open (their paths), and how many groups each opened.
        var open: [(path: [Int], groups: Int)] = []
        /// Clipping elements around the current one (their paths) and what shows through them all:
        /// the canvas grows only by what a clip lets show (a long list's rows past its bottom are
        /// not drawn, so the picture of a screen stays the screen).
        var clips: [(path: [Int], visible: CGRect)] = []
        for index in 0..<result.count {
            let element = result[index]
            guard !element.isHidden else { continue }
            while let last = clips.last, !element.path.starts(with: last.path) { clips.removeLast() }
            let visible = clips.last.map { element.frame.intersection($0.visible) } ?? element.frame
            if !visible.isNull { document.include(visible) }
            document.inkLimit = clips.last?.visible
            if result.clipsContent(element) { clips.append((element.path, visible)) }
            if painting {
                while let last = open.last, !element.path.starts(with: last.path) {
                    document.closeGroups(last.groups)
                    open.removeLast()
                }
                let effects = result.drawingEffects(at: index)
                if !effects.isEmpty { open.append((element.path, document.openEffects(effects, frame: element.frame))) }
            }
            guard let leaf = result.leaf(at: index) else { continue }
            document.overflowSource(leaf.frame)
            if painting {
                if let layout = Self.paint(leaf, into: &document) { textLeaves.append((leaf.frame, layout)) }
            } else if let text = leaf.element as? any ParagraphProviding {
                if let layout = text.paragraphLayout(in: leaf.proposal, environment: leaf.environment) {
                    document.draw(layout, at: leaf.frame.origin)
                    textLeaves.append((leaf.frame, layout))
                }
            } else {
                document.box(leaf.frame)
            }
            if byteLimit != .max, document.byteCount > byteLimit {
                throw SVGSizeLimitExceeded(byteLimit: byteLimit, element: index, path: element.path)
            }
        }
        for (_, groups) in open.reversed() { document.closeGroups(groups) }
        if options.overlays.contains(.bounds) {
            for index in 0..<result.count where !result[index].isHidden {
                document.bounds(result[index].frame, isLeaf: result.leaf(at: index) != nil)
            }
        }
        if options.overlays.contains(.lineBoxes) {
            for (frame, layout) in textLeaves { document.lineBoxes(layout, at: frame.origin) }
        }
        if options.overlays.contains(.baselines) {
            // Elements holding a text leaf (it, and every element on its path from the root).
            var holdsText = Set<[Int]>()
            for index in 0..<result.count where result.leaf(at: index)?.element is any ParagraphProviding {
                let path = result[index].path
                for length in 0...path.count { holdsText.insert(Array(path.prefix(length))) }
            }
            for element in result.elements where !element.isHidden {
                let height = element.frame.height
                // A view without text answers its height for both baselines: nothing to show. A
                // text's baseline can sit at or below its frame's bottom (a frame shorter than the
                // text), so an element holding text always shows its baselines, where they are.
                let answersHeight = abs(element.firstTextBaseline - height) < 1e-9 && abs(element.lastTextBaseline - height) < 1e-9
                guard !answersHeight || holdsText.contains(element.path) else { continue }
                document.baselines(in: element.frame, first: element.firstTextBaseline, last: element.lastTextBaseline)
            }
        }
        if byteLimit != .max, document.byteCount > byteLimit {
            throw SVGSizeLimitExceeded(byteLimit: byteLimit, element: nil, path: nil)
        }
    }

    /// The parts of `content` outside `container` as at most four disjoint rectangles (above,
    /// below, left, right), empty when `content` fits.
    public static func overflow(of content: CGRect, outside container: CGRect) -> [CGRect] {
        guard !content.isEmpty else { return [] }
        var parts: [CGRect] = []
        if content.minY < container.minY {
            parts.append(CGRect(x: content.minX, y: content.minY, width: content.width,
                                height: min(content.maxY, container.minY) - content.minY))
        }
        if content.maxY > container.maxY {
            let top = max(content.minY, container.maxY)
            parts.append(CGRect(x: content.minX, y: top, width: content.width, height: content.maxY - top))
        }
        let bandTop = max(content.minY, container.minY), bandBottom = min(content.maxY, container.maxY)
        if bandBottom > bandTop {
            if content.minX < container.minX {
                let right = min(content.maxX, container.minX)
                parts.append(CGRect(x: content.minX, y: bandTop, width: right - content.minX, height: bandBottom - bandTop))
            }
            if content.maxX > container.maxX {
                let left = max(content.minX, container.maxX)
                parts.append(CGRect(x: left, y: bandTop, width: content.maxX - left, height: bandBottom - bandTop))
            }
        }
        return parts.filter { $0.width > 1e-9 && $0.height > 1e-9 }
    }
}

/// A picture that passed the byte limit it was drawn under (``SVGRenderer/svg(_:byteLimit:)``).
public struct SVGSizeLimitExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The limit, in bytes.
    public let byteLimit: Int
    /// The index, in the layout result, of the element whose drawing passed the limit; `nil` when
    /// the overlays drawn after every element did.
    public let element: Int?
    /// That element's path (child indices from the root).
    public let path: [Int]?

    public var description: String {
        let place = path.map { "at the element [\($0.map(String.init).joined(separator: ", "))]" } ?? "with its overlays"
        return "the picture passed \(byteLimit) bytes \(place)"
    }
}
