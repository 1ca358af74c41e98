import Foundation
import Synchronization

/// An image file's own size and type, read from its header: what an image set's file is laid out by.
///
/// - PNG: the `IHDR` chunk's width and height (pixels).
/// - JPEG: the first start-of-frame segment's (pixels; EXIF orientation is not applied).
/// - SVG: the root element's `width` and `height` (user units, taken as points; `px` and `pt`
///   suffixes accepted), else its `viewBox`'s.
/// - PDF: the first page's `CropBox`, else its `MediaBox` (points).
/// Other formats (HEIF, GIF, …) are not read: `nil`.
struct ImageFile: Sendable, Hashable {
    /// Pixels for bitmaps, points for vectors.
    let width: Double
    let height: Double
    let mediaType: String
    /// Whether the size is in points already (SVG, PDF) rather than pixels.
    var isVector: Bool { mediaType == "image/svg+xml" || mediaType == "application/pdf" }

    /// The file at `path`, read once a process (at most 1,024 files are remembered).
    static func at(_ path: String) -> ImageFile? {
        if let found = cache.withLock({ $0[path] }) { return found }
        let read = FileManager.default.contents(atPath: path).flatMap(Self.init(data:))
        cache.withLock { table in
            if table.count >= 1024 { table.removeAll() }
            table[path] = .some(read)
        }
        return read
    }

    private static let cache = Mutex<[String: ImageFile?]>([:])

    /// The size and type of the image in `data`; `nil` for a format not read or a malformed header.
    init?(data: Data) {
        let bytes = [UInt8](data.prefix(1 << 20))
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes[12...15] == [0x49, 0x48, 0x44, 0x52] {
            self.init(width: Double(u32(16)), height: Double(u32(20)), mediaType: "image/png")
            return
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    self.init(width: Double(u16(i + 7)), height: Double(u16(i + 5)), mediaType: "image/jpeg")
                    return
                }
                i += 2 + u16(i + 2)
            }
            return nil
        }
        let text = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
        if text.hasPrefix("%PDF") {
            guard let box = Self.pdfBox("/CropBox", in: text) ?? Self.pdfBox("/MediaBox", in: text) else { return nil }
            self.init(width: box.width, height: box.height, mediaType: "application/pdf")
            return
        }
        if let start = text.range(of: "<svg") {
            guard let end = text[start.upperBound...].firstIndex(of: ">") else { return nil }
            let tag = String(text[start.upperBound..<end])
            func attribute(_ name: String) -> String? {
                guard let range = tag.range(of: "(^|\\s)\(name)\\s*=\\s*[\"']([^\"']*)[\"']", options: .regularExpression) else { return nil }
                let match = tag[range]
                guard let open = match.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return nil }
                return String(match[match.index(after: open)...].dropLast())
            }
            func length(_ value: String?) -> Double? {
                guard var value = value?.trimmingCharacters(in: .whitespaces), !value.hasSuffix("%") else { return nil }
                for unit in ["px", "pt"] where value.hasSuffix(unit) { value.removeLast(2) }
                return Double(value).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            }
            if let width = length(attribute("width")), let height = length(attribute("height")) {
                self.init(width: width, height: height, mediaType: "image/svg+xml")
                return
            }
            let box = (attribute("viewBox") ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            guard box.count == 4, box[2] > 0, box[3] > 0 else { return nil }
            self.init(width: box[2], height: box[3], mediaType: "image/svg+xml")
            return
        }
        return nil
    }

    init(width: Double, height: Double, mediaType: String) {
        (self.width, self.height, self.mediaType) = (width, height, mediaType)
    }

    /// The first `[x0 y0 x1 y1]` after `key` in a PDF's text, as a size.
    static func pdfBox(_ key: String, in text: String) -> CGSize? {
        guard let start = text.range(of: key), let open = text[start.upperBound...].firstIndex(of: "["),
              let close = text[open...].firstIndex(of: "]") else { return nil }
        let numbers = text[text.index(after: open)..<close].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
            .compactMap { Double($0) }
        guard numbers.count == 4 else { return nil }
        let size = CGSize(width: abs(numbers[2] - numbers[0]), height: abs(numbers[3] - numbers[1]))
        return size.width > 0 && size.height > 0 ? size : nil
    }
}
