// PNG pictures: an SVG from SVGRenderer rasterised by librsvg onto a cairo image surface, written
// as PNG by cairo (Debian librsvg2-2 and libcairo2, which the Makefile's librsvg2-dev brings).
// The one C import in Rendering (../shared/DESIGN.md): every handle lives within one call
// and is freed by `defer`; no C type leaves this file. `CRSVG` links neither library: it loads
// them with dlopen on the first PNG (`textfit_rsvg_load`), so processes that draw none never map
// them, and calls go through its `textfit_`-prefixed forwarders, one per C call below.
//
// | step | C call |
// |---|---|
// | load librsvg-2.so.2 and libcairo.so.2, once per process (else ``RasterizationError/Kind/unavailable``) | `dlopen`, `dlsym` |
// | parse the SVG (data: URIs, so colour emoji PNGs, load; nothing is fetched) | `rsvg_handle_new_from_data` |
// | its size in pixels at 96 dpi (our SVGs: points as px, 1:1) | `rsvg_handle_get_intrinsic_size_in_pixels` |
// | a transparent canvas of ⌈width × scale⌉ × ⌈height × scale⌉ | `cairo_image_surface_create(CAIRO_FORMAT_ARGB32, …)` |
// | draw the document fitted to the canvas | `rsvg_handle_render_document` |
// | encode | `cairo_surface_write_to_png_stream` |

import CRSVG
import Foundation

/// Why a picture could not be rasterised or a PNG decoded; ``description`` names the step that failed.
public struct RasterizationError: Error, Sendable, CustomStringConvertible {
    /// The step that failed.
    public enum Kind: String, Sendable {
        /// The scale is not a finite number above 0.
        case invalidScale
        /// librsvg could not parse the SVG (its message follows).
        case invalidSVG
        /// The SVG has no size in pixels (no `width`/`height`, or percentages), or it is empty (0 × 0).
        case noSize
        /// The picture would be wider or taller than cairo's 32,767 pixels, or larger than
        /// `PNGRasterizer.maximumPixels`.
        case tooLarge
        /// librsvg or cairo failed while drawing.
        case rendering
        /// cairo could not encode the PNG.
        case encoding
        /// cairo could not read the bytes as a PNG (decoding, for tests and tools).
        case decoding
        /// librsvg or cairo could not be loaded (they are loaded on the first PNG); the message names
        /// the library, the loader's reason and the Debian package to install.
        case unavailable
    }

    /// What went wrong.
    public let kind: Kind
    public let description: String

    package init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

/// SVG → PNG through librsvg and cairo, and PNG → pixels through cairo (for comparisons).
///
/// Not public API: ``ImageRenderer`` and `textfit layout --png` are the ways in. Each call makes and
/// frees its own handles, so calls may run on any number of threads at once.
package enum PNGRasterizer {
    /// The largest picture made, in pixels: 64 Mi (256 MiB of 32-bit pixels; 8192 × 8192).
    package static let maximumPixels = 1 << 26
    /// cairo's largest image side.
    package static let maximumSide = 32_767

    /// The PNG of `svg` at `scale` pixels per SVG pixel (TextFit's SVGs use points as pixels, so
    /// `scale` is pixels per point): ⌈width × scale⌉ × ⌈height × scale⌉ pixels, 8-bit RGBA with
    /// straight alpha, transparent where the SVG draws nothing.
    /// - Throws: ``RasterizationError`` naming the step that failed.
    package static func png(fromSVG svg: String, scale: Double = 1) throws -> Data {
        let surface = try rasterize(svg, scale: scale)
        defer { textfit_cairo_surface_destroy(surface) }
        return try encode(surface)
    }

    /// The pixels of `svg` at `scale`, as ``png(fromSVG:scale:)`` draws them (before encoding).
    package static func image(fromSVG svg: String, scale: Double = 1) throws -> RasterImage {
        let surface = try rasterize(svg, scale: scale)
        defer { textfit_cairo_surface_destroy(surface) }
        return try RasterImage(surface)
    }

    /// A surface the caller destroys, with the SVG drawn on it.
    private static func rasterize(_ svg: String, scale: Double) throws -> OpaquePointer {
        guard scale.isFinite, scale > 0 else {
            throw RasterizationError(.invalidScale, "the scale must be a finite number above 0, got \(scale)")
        }
        try loadLibraries()
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(svg.utf8)
        guard let handle = bytes.withUnsafeBufferPointer({ textfit_rsvg_handle_new_from_data($0.baseAddress, $0.count, &error) }) else {
            throw RasterizationError(.invalidSVG, "librsvg could not read the SVG: \(take(error) ?? "no reason given")")
        }
        defer { textfit_rsvg_handle_free(handle) }

        var width = 0.0, height = 0.0
        guard textfit_rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0 else {
            throw RasterizationError(.noSize, "the SVG has no size in pixels (its width and height are missing or percentages)")
        }
        // ⌈…⌉ of what the SVG says, forgiving the last bits of a decimal read back (390.5 × 2 is 781).
        let w = (width * scale - 1e-6).rounded(.up), h = (height * scale - 1e-6).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else {
            throw RasterizationError(.noSize, "the picture is empty (\(number(width)) × \(number(height)) at scale \(number(scale)))")
        }
        guard w <= Double(maximumSide), h <= Double(maximumSide), w * h <= Double(maximumPixels) else {
            throw RasterizationError(.tooLarge, "the picture would be \(number(w)) × \(number(h)) pixels (\(number(width)) × \(number(height)) at scale \(number(scale))); "
                + "at most \(maximumSide) a side and \(maximumPixels / (1 << 20)) Mi pixels in all: ask for a smaller scale")
        }
        guard let surface = textfit_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else {
            throw RasterizationError(.rendering, "cairo could not make a \(Int(w)) × \(Int(h)) image")
        }
        var keep = false
        defer { if !keep { textfit_cairo_surface_destroy(surface) } }
        try check(textfit_cairo_surface_status(surface), "cairo could not make a \(Int(w)) × \(Int(h)) image")
        guard let context = textfit_cairo_create(surface) else { throw RasterizationError(.rendering, "cairo could not make a drawing context") }
        defer { textfit_cairo_destroy(context) }
        try check(textfit_cairo_status(context), "cairo could not make a drawing context")

        var viewport = RsvgRectangle(x: 0, y: 0, width: width * scale, height: height * scale)
        guard textfit_rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
            throw RasterizationError(.rendering, "librsvg could not draw the SVG: \(take(error) ?? "no reason given")")
        }
        try check(textfit_cairo_status(context), "cairo failed while drawing the SVG")
        textfit_cairo_surface_flush(surface)
        keep = true
        return surface
    }

    /// The surface as a PNG file.
    private static func encode(_ surface: OpaquePointer) throws -> Data {
        let sink = ByteSink()
        let status = textfit_cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        withExtendedLifetime(sink) {}
        try check(status, "cairo could not encode the PNG", kind: .encoding)
        return sink.data
    }

    /// The pixels of a PNG file, decoded by cairo.
    /// - Throws: ``RasterizationError`` (``RasterizationError/Kind/decoding``) when cairo cannot read it.
    package static func decode(png: Data) throws -> RasterImage {
        try loadLibraries()
        let source = ByteSource(png)
        guard let surface = textfit_cairo_image_surface_create_from_png_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            source.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + source.offset, count: count) }
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque()) else {
            throw RasterizationError(.decoding, "cairo could not read the PNG")
        }
        withExtendedLifetime(source) {}
        defer { textfit_cairo_surface_destroy(surface) }
        try check(textfit_cairo_surface_status(surface), "cairo could not read the PNG (\(png.count) bytes)", kind: .decoding)
        return try RasterImage(surface)
    }

    /// librsvg and cairo, loaded on the first call in the process (later calls only read the outcome).
    private static func loadLibraries() throws {
        var message: UnsafePointer<CChar>?
        guard textfit_rsvg_load(&message) != 0 else { return }
        throw RasterizationError(.unavailable, message.map { String(cString: $0) } ?? "librsvg or cairo could not be loaded")
    }

    private static func check(_ status: cairo_status_t, _ what: String, kind: RasterizationError.Kind = .rendering) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw RasterizationError(kind, "\(what): \(String(cString: textfit_cairo_status_to_string(status)))")
    }

    /// A GError's message, freeing it.
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { textfit_g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.2f", value)
    }

    private final class ByteSink { var data = Data() }
    private final class ByteSource {
        let bytes: [UInt8]
        var offset = 0
        init(_ data: Data) { bytes = [UInt8](data) }
    }
}

/// Pixels as 8-bit RGBA with straight (not premultiplied) alpha, rows top to bottom.
package struct RasterImage: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    package let rgba: [UInt8]

    package init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at (`x`, `y`) as (red, green, blue, alpha).
    package subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// Reads a cairo image surface (ARGB32 premultiplied or RGB24, native-endian 32-bit words).
    fileprivate init(_ surface: OpaquePointer) throws {
        let format = textfit_cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            throw RasterizationError(.decoding, "cairo gave an image in format \(format.rawValue), not ARGB32 or RGB24")
        }
        let width = Int(textfit_cairo_image_surface_get_width(surface)), height = Int(textfit_cairo_image_surface_get_height(surface))
        let stride = Int(textfit_cairo_image_surface_get_stride(surface))
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        if width > 0, height > 0, let base = textfit_cairo_image_surface_get_data(surface) {
            let opaque = format == CAIRO_FORMAT_RGB24
            base.withMemoryRebound(to: UInt8.self, capacity: stride * height) { bytes in
                for y in 0..<height {
                    for x in 0..<width {
                        var word: UInt32 = 0
                        withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes + y * stride + x * 4, count: 4)) }
                        let a = opaque ? 255 : (word >> 24) & 0xFF
                        func channel(_ shift: UInt32) -> UInt8 {
                            let c = (word >> shift) & 0xFF
                            return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
                        }
                        let i = (y * width + x) * 4
                        rgba[i] = channel(16)
                        rgba[i + 1] = channel(8)
                        rgba[i + 2] = channel(0)
                        rgba[i + 3] = UInt8(a)
                    }
                }
            }
        }
        self.init(width: width, height: height, rgba: rgba)
    }
}
