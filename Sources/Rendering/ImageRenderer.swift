import Foundation
import LayoutCore

/// Pictures of a view, as SwiftUI spells it: `ImageRenderer(content:)`, `proposedSize`, `scale`.
///
/// ```swift
/// let renderer = ImageRenderer(content: FlowLayout { ForEach(tags, id: \.self) { Text($0).padding(6) } })
/// renderer.proposedSize = ProposedViewSize(width: 320, height: nil)
/// renderer.scale = 2
/// try renderer.write(pngTo: URL(fileURLWithPath: "tags.png"))   // 2 pixels per point
/// print(renderer.result.size)                                    // the view's size, in points
/// ```
///
/// The view is laid out with `proposedSize` under ``environment`` (``result``), drawn by
/// ``SVGRenderer`` with the fonts' real glyph outlines (``svg``), and, for ``pngData()``, that SVG is
/// rasterised by librsvg onto a cairo image at `scale` pixels per point: ⌈width × scale⌉ ×
/// ⌈height × scale⌉ pixels, colour emoji included (they are PNG bitmaps in the SVG).
///
/// How it differs from SwiftUI's:
/// - There is no `cgImage`, `uiImage` or `nsImage` (no CoreGraphics, UIKit or AppKit on Linux): the
///   outputs are ``svg`` (a String), ``pngData()`` (PNG bytes) and ``result`` (the frames).
/// - `pngData()` **throws** rather than answering `nil`, so you learn why (an empty view, a picture
///   over the 64-megapixel limit), as ``RasterizationError``.
/// - It is not `@MainActor` and not an `ObservableObject`: there is no main run loop or UI to
///   update here, and pinning it to the main actor would force every caller (a test, a CLI, a
///   server task) onto one thread for no benefit. It is a class, as SwiftUI's is, so
///   `let renderer = …; renderer.scale = 2` compiles as in SwiftUI; it is not `Sendable`: use one
///   renderer from one task at a time. Every output is computed when read, from the current
///   properties.
/// - The picture covers the view's frame and anything drawn outside it (an offset child, glyph ink
///   past its line box) that no clip hides, where SwiftUI's image is the view's frame alone; for most
///   views the two are the same (on a device, the screen: a long list's rows past its end are hidden). The background is transparent, as SwiftUI's is, unless ``options`` gives one.
/// - ``environment``, ``options`` and ``device`` are TextFit's: the environment the view is laid
///   out in (the shaper, Dynamic Type size, layout direction, locale…), how the SVG is drawn
///   (overlays, background, colours), and the device whose screen the picture is.
public final class ImageRenderer<Content: View> {
    /// The view drawn.
    public var content: Content { didSet { laidOut = nil } }
    /// The size proposed to the view (default `.unspecified`: its ideal size, as SwiftUI's default).
    public var proposedSize: ProposedViewSize = .unspecified { didSet { laidOut = nil } }
    /// Pixels per point in the PNG (default 1, as SwiftUI's). The SVG is in points whatever the scale.
    public var scale: CGFloat = 1
    /// The environment the view is laid out in (default: a fresh `EnvironmentValues()`, whose text
    /// shaper is the bundled fonts').
    public var environment: EnvironmentValues = EnvironmentValues() { didSet { laidOut = nil } }
    /// How the picture is drawn. Default: ``SVGRenderer/Options`` with no margin and no background
    /// (transparent), so the picture is the view alone, as SwiftUI's is.
    public var options: SVGRenderer.Options = SVGRenderer.Options(margin: 0, background: nil) { didSet { drawn = nil } }
    /// The device the view is laid out on (TextFit's addition; default `nil`: laid out in
    /// ``proposedSize``). With a device the picture is its screen in ``orientation``, the view in its
    /// safe area (``LayoutTree/layout(on:orientation:)``); set ``scale`` to its `displayScale` for
    /// the device's pixels.
    public var device: Device? { didSet { laidOut = nil } }
    /// How ``device`` is held (default portrait).
    public var orientation: Device.Orientation = .portrait { didSet { laidOut = nil } }

    /// The last layout and picture, kept until a property they depend on is set: reading `result`,
    /// `svg` and `pngData()` lays the view out and draws it once, not once each.
    private var laidOut: LayoutResult? { didSet { drawn = nil } }
    private var drawn: String?

    /// A renderer of `content`, as SwiftUI's `ImageRenderer(content:)`.
    public init(content: Content) {
        self.content = content
    }

    /// The view laid out: its size and every element's frame and baselines, in points.
    public var result: LayoutResult {
        if let laidOut { return laidOut }
        let tree = LayoutTree(content, environment: environment)
        let result = device.map { tree.layout(on: $0, orientation: orientation) } ?? tree.layout(in: proposedSize)
        laidOut = result
        return result
    }

    /// The picture as SVG (points; real glyph outlines; deterministic: the same view gives the same bytes).
    public var svg: String {
        if let drawn { return drawn }
        let svg = SVGRenderer(options: options).svg(result)
        drawn = svg
        return svg
    }

    /// The picture as a PNG file at ``scale`` pixels per point, rasterised from ``svg`` by librsvg
    /// and cairo (straight-alpha RGBA).
    /// - Throws: ``RasterizationError``: a scale that is not above 0, an empty picture (0 × 0), or
    ///   one over 32,767 pixels a side or 64 Mi pixels in all.
    public func pngData() throws -> Data {
        try PNGRasterizer.png(fromSVG: svg, scale: Double(scale))
    }

    /// Writes ``svg`` to `url` (UTF-8), atomically.
    public func write(svgTo url: URL) throws {
        try Data(svg.utf8).write(to: url, options: .atomic)
    }

    /// Writes ``pngData()`` to `url`, atomically.
    public func write(pngTo url: URL) throws {
        try pngData().write(to: url, options: .atomic)
    }
}
