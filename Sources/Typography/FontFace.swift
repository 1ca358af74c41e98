import CFreeType
import CHarfBuzz
import Foundation
import Synchronization

/// One face of a font file, opened with HarfBuzz at scale = units per em, so every advance and
/// position it shapes is an exact font unit. Immutable and safe to share between threads.
///
/// Faces are made by a ``FontLibrary``, which opens each (file, index) once.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The font file's path.
    public let path: String
    /// The face's index inside the file (0 except in font collections).
    public let faceIndex: Int
    /// The typographic family name (name ID 16, else 1), e.g. "Noto Sans Arabic".
    public let family: String
    /// The subfamily name (name ID 17, else 2), e.g. "Bold Italic".
    public let styleName: String
    /// `OS/2` usWeightClass (400 when the face has no `OS/2`).
    public let weight: FontWeight
    /// Italic or oblique, from `OS/2` fsSelection or `head` macStyle.
    public let isItalic: Bool
    /// Vertical metrics in font units.
    public let metrics: FontMetrics
    /// Number of glyphs in the face.
    public let glyphCount: Int
    /// Whether the face came from TextFit's bundled `fonts/` folder.
    public let isBundled: Bool
    /// The axes of a variable font's `fvar` table (empty for a static font).
    public let axes: [FontAxis]
    /// The variable font's named instances ("Bold", "Condensed Light"), as `fvar` lists them.
    public let namedInstances: [FontNamedInstance]
    /// The axis settings of this instance, in axis order; empty for the font's default instance.
    public let variations: [FontVariation]
    /// The font's `trak` table, when it has one: tracking Apple applies per point size.
    public let trackingTable: TrackingTable?
    /// The default instance this face is an instance of (`nil` for a face opened from its file).
    public let defaultInstance: FontFace?

    /// Whether the face has variation axes.
    public var isVariable: Bool { !axes.isEmpty }

    /// The axis with `tag`, if the face has it.
    public func axis(_ tag: String) -> FontAxis? { axes.first { $0.tag == tag } }

    /// The tracking the font's `trak` table gives at a point size, in points (0 without a table).
    public func trackingPoints(atPointSize size: Double) -> Double {
        guard let trackingTable, size > 0 else { return 0 }
        return trackingTable.tracking(atPointSize: size) * size / Double(metrics.unitsPerEm)
    }

    /// A number unique to this face in this process: the cache key part that names the face.
    let serial: Int
    /// `hb_face_t *` and `hb_font_t *` (scale = upem, OpenType font functions), owned.
    let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    /// Where `hbFace` reads its tables (shared by a variable font's instances).
    private let file: FontFileTables
    /// Glyph ink boxes read so far (``extents(of:)``); an instance has its own (its boxes vary).
    let extentsTable: GlyphExtentsTable

    /// Throws when the face's file changed in place after it was opened and a table had to be read
    /// since: an answer that used the face may mix two versions of the font.
    /// - Throws: ``TypographyError/fontFileChanged(path:)``.
    /// - Throws: ``TypographyError/unreadableFile(path:reason:)`` when a table could not be read
    ///   because the file could not be opened again (its descriptor had been closed to keep within
    ///   ``FontFileDescriptors``' bound, and the process had run out of descriptors meanwhile).
    package func checkFileUnchanged() throws(TypographyError) {
        if file.changed.load(ordering: .relaxed) { throw .fontFileChanged(path: path) }
        if let reason = file.reopenFailure { throw .unreadableFile(path: path, reason: reason) }
    }

    /// Whether the face's file keeps its descriptor open and its face stays open for the library's
    /// life (the bundled fonts and Apple's); other faces are a bounded cache's (``FontLibrary``).
    package var isPinned: Bool { file.isPinned }

    /// Whether the face's file has its descriptor open now (``FontFileDescriptors`` closes the least
    /// recently read ones past its bound; tests).
    var fileIsOpen: Bool { file.isOpen }

    /// The size of the face's font file: the most its tables take in memory, as the open-face
    /// cache weighs it.
    package var fileSize: Int { file.size }

    /// The `cmap`'s coverage, read on the first question about it (``covers(_:)``), not when the
    /// face opens: a library opens every bundled face, and most are never asked (reading all of
    /// them was 5.9 M of the 27 M instructions a one-text `textfit measure` ran). Set once
    /// (retained); an instance of a variable font holds its default instance's.
    private let coverageSlot = Atomic<Unmanaged<Coverage>?>(nil)
    /// The stored coverage's bitmap of the Basic Multilingual Plane, set after `coverageSlot`: the
    /// hot path reads it with no reference counting (through the object, a retain and a release a
    /// question: ~600 instructions a cold tag, which asks about 11 clusters).
    private let coverageWords = Atomic<UnsafeMutablePointer<UInt64>?>(nil)

    /// A bitmap of the Basic Multilingual Plane (1,024 words of its own, freed with it) and a set
    /// above it.
    private final class Coverage: @unchecked Sendable {
        let words: UnsafeMutablePointer<UInt64>
        let astral: Set<UInt32>

        init(_ face: OpaquePointer) {
            let (bmp, astral) = FontFace.coverage(face)
            words = .allocate(capacity: bmp.count)
            words.initialize(from: bmp, count: bmp.count)
            self.astral = astral
        }

        deinit { words.deallocate() }
    }

    /// The BMP bitmap: read from the `cmap` (or taken from the default instance) on first use.
    @inline(__always)
    private var bmpWords: UnsafeMutablePointer<UInt64> {
        coverageWords.load(ordering: .acquiring) ?? storeCoverage().words
    }

    /// Reads the `cmap` (or takes the default instance's coverage) once, and publishes its bitmap.
    @inline(never)
    private func storeCoverage() -> Coverage {
        let coverage = storeOnce(coverageSlot) {
            if let defaultInstance { return defaultInstance.storeCoverage() }
            return Coverage(hbFace)
        }
        coverageWords.store(coverage.words, ordering: .releasing)  // the same address, whoever stores it
        return coverage
    }

    private static let serials = Atomic<Int>(0)

    /// Opens face `index` of the font file at `path`.
    ///
    /// Validation, in order: the file must be readable; FreeType must recognise it as a font; its
    /// sfnt table directory must lie inside the file (a truncated download fails here); the face
    /// must have glyphs, a `head` and a `cmap`.
    /// - Throws: ``TypographyError/unreadableFile(path:reason:)``, ``TypographyError/notAFont(path:reason:)``
    ///   or ``TypographyError/faceIndexOutOfRange(path:index:faceCount:)``.
    /// `faceCount`: the file's face count when the caller has it already (FreeType opens the file to count).
    /// `pinned`: keep the file's descriptor open while the face lives (the bundled and Apple fonts).
    init(path: String, index: Int, isBundled: Bool, pinned: Bool? = nil, faceCount knownFaceCount: Int? = nil) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TypographyError.unreadableFile(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw TypographyError.unreadableFile(path: path, reason: "it is a directory")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw TypographyError.unreadableFile(path: path, reason: "permission denied")
        }
        let faceCount = try knownFaceCount ?? FreeTypeCheck.faceCount(path: path)
        guard index >= 0, index < faceCount else {
            throw TypographyError.faceIndexOutOfRange(path: path, index: index, faceCount: faceCount)
        }
        let tables = try FontFileTables(path: path, index: index, pinned: pinned ?? isBundled)
        let face = tables.makeFace(index: index)
        let table = { (tag: String) in FontTable(bytes: FontFace.tableBytes(face, tag)) }
        let head = table("head"), os2 = table("OS/2")
        let glyphs = Int(hb_face_get_glyph_count(face))
        guard glyphs > 0, head.bytes.count >= 54, !FontFace.tableBytes(face, "cmap").isEmpty else {
            hb_face_destroy(face)
            let missing = glyphs == 0 ? "no glyphs" : head.bytes.count < 54 ? "no valid 'head' table" : "no 'cmap' table"
            throw TypographyError.notAFont(path: path, reason: "\(missing) (truncated or corrupt?)")
        }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        hb_ot_font_set_funcs(font)
        hb_font_make_immutable(font)

        self.path = path
        self.faceIndex = index
        self.isBundled = isBundled
        self.hbFace = face
        self.hbFont = font
        self.file = tables
        self.extentsTable = GlyphExtentsTable(glyphCount: glyphs)
        self.glyphCount = glyphs
        self.metrics = FontMetrics(head: head, hhea: table("hhea"), os2: os2, post: table("post"))
        self.family = FontFace.name(face, ids: [16, 1]) ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        self.styleName = FontFace.name(face, ids: [17, 2]) ?? "Regular"
        self.weight = FontWeight(Int(os2.uint16(at: 4) ?? 400))
        let fsSelection = os2.uint16(at: 62) ?? 0
        let macStyle = head.uint16(at: 44) ?? 0
        self.isItalic = (fsSelection & (1 << 0 | 1 << 9)) != 0 || (macStyle & 0b10) != 0  // ITALIC, OBLIQUE; macStyle italic
        self.serial = FontFace.serials.add(1, ordering: .relaxed).newValue
        (self.axes, self.namedInstances) = FontFace.variationAxes(face)
        self.variations = []
        self.trackingTable = TrackingTable(table("trak"))
        self.defaultInstance = nil
    }

    /// An instance of the variable face `base` (a face opened from its file) at `variations`
    /// (clamped to the axes by the caller). Shares the file's `hb_face_t`; glyph advances,
    /// outlines and extents come from an `hb_font_t` set to the instance (`gvar`/`CFF2`, `HVAR`),
    /// vertical metrics from the default instance's plus `MVAR`'s deltas.
    init(instanceOf base: FontFace, variations: [FontVariation]) {
        let font = hb_font_create(base.hbFace)!
        let upem = Int32(hb_face_get_upem(base.hbFace))
        hb_font_set_scale(font, upem, upem)
        hb_ot_font_set_funcs(font)
        let settings = variations.map(\.hb)
        hb_font_set_variations(font, settings, UInt32(settings.count))
        hb_font_make_immutable(font)
        path = base.path
        faceIndex = base.faceIndex
        isBundled = base.isBundled
        hbFace = hb_face_reference(base.hbFace)
        hbFont = font
        file = base.file
        extentsTable = GlyphExtentsTable(glyphCount: base.glyphCount)
        glyphCount = base.glyphCount
        family = base.family
        metrics = base.metrics.varied(by: font)
        let value = { (tag: String) in variations.first { $0.tag == tag }?.value }
        weight = value("wght").map { FontWeight(Int($0.rounded())) } ?? base.weight
        isItalic = base.isItalic || (value("ital") ?? 0) >= 0.5 || (value("slnt") ?? 0) < 0
        styleName = base.namedInstances.first { named in
            named.variations.allSatisfy { axis in (value(axis.tag) ?? base.axis(axis.tag)?.defaultValue) == axis.value }
        }?.name ?? variations.map(\.description).joined(separator: " ")
        serial = FontFace.serials.add(1, ordering: .relaxed).newValue
        axes = base.axes
        namedInstances = base.namedInstances
        self.variations = variations
        trackingTable = base.trackingTable
        defaultInstance = base
    }

    /// The `fvar` axes (with their `name` table names) and named instances.
    private static func variationAxes(_ face: OpaquePointer) -> ([FontAxis], [FontNamedInstance]) {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return ([], []) }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        let axes = infos.prefix(Int(count)).map { info in
            let tag = FontAxis.tagString(info.tag)
            return FontAxis(tag: tag, name: name(face, ids: [info.name_id]) ?? tag, minimum: Double(info.min_value),
                            defaultValue: Double(info.default_value), maximum: Double(info.max_value))
        }
        var instances: [FontNamedInstance] = []
        for index in 0..<hb_ot_var_get_named_instance_count(face) {
            var coordinateCount = UInt32(axes.count)
            var coordinates = [Float](repeating: 0, count: axes.count)
            hb_ot_var_named_instance_get_design_coords(face, index, &coordinateCount, &coordinates)
            let nameID = hb_ot_var_named_instance_get_subfamily_name_id(face, index)
            guard let name = name(face, ids: [nameID]) else { continue }
            instances.append(FontNamedInstance(name: name, variations: zip(axes, coordinates.prefix(Int(coordinateCount))).map {
                FontVariation(tag: $0.tag, value: Double($1))
            }))
        }
        return (axes, instances)
    }

    /// Reads the `cmap`'s code points once (`hb_face_collect_unicodes`).
    private static func coverage(_ face: OpaquePointer) -> ([UInt64], Set<UInt32>) {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var bmp = [UInt64](repeating: 0, count: 1024)
        var astral = Set<UInt32>()
        // Many code points a call (`hb_set_next_many` reads the set a page at a time): one
        // `hb_set_next` per code point cost 8.7 M instructions of every start over the bundled
        // fonts, this 5.9 M (`hb_set_next_range` walks a range point by point in HarfBuzz 6).
        var chunk = [hb_codepoint_t](repeating: 0, count: 4_096)
        var last = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        bmp.withUnsafeMutableBufferPointer { words in
            chunk.withUnsafeMutableBufferPointer { chunk in
                while case let count = Int(hb_set_next_many(set, last, chunk.baseAddress, UInt32(chunk.count))), count > 0 {
                    for codepoint in chunk[..<count] {
                        if codepoint < 0x10000 {
                            words[Int(codepoint >> 6)] |= 1 << UInt64(codepoint & 63)
                        } else {
                            astral.insert(codepoint)
                        }
                    }
                    last = chunk[count - 1]
                }
            }
        }
        return (bmp, astral)
    }

    /// Whether the face's `cmap` maps a code point.
    func hasGlyph(for value: UInt32) -> Bool {
        value < 0x10000
            ? bmpWords[Int(value >> 6)] & (1 << (value & 63)) != 0
            : (coverageSlot.load(ordering: .acquiring)?.takeUnretainedValue() ?? storeCoverage()).astral.contains(value)
    }

    deinit {
        coverageSlot.load(ordering: .acquiring)?.release()
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    /// The glyph this face maps a code point to, or `nil` when its `cmap` lacks it.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the face has a glyph for every code point of `cluster` except default-ignorable ones
    /// (joiners, variation selectors, tags), which HarfBuzz hides when a font lacks them.
    func covers(_ cluster: UnsafeBufferPointer<UInt32>) -> Bool {
        let words = bmpWords
        for value in cluster where value < 0x10000 ? words[Int(value >> 6)] & (1 << (value & 63)) == 0 : !hasGlyph(for: value) {
            guard let scalar = Unicode.Scalar(value), scalar.isDefaultIgnorable else { return false }
        }
        return true
    }

    public var description: String { "\(family) \(styleName) (\(URL(fileURLWithPath: path).lastPathComponent)#\(faceIndex))" }

    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    // MARK: - Internals

    static func tag(_ string: String) -> UInt32 {
        string.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func tableBytes(_ face: OpaquePointer, _ tag: String) -> [UInt8] {
        let blob = hb_face_reference_table(face, FontFace.tag(tag))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    private static func name(_ face: OpaquePointer, ids: [UInt32]) -> String? {
        for id in ids {
            var length = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), hb_language_from_string("en", -1), nil, nil)
            guard length > 0 else { continue }
            var buffer = [CChar](repeating: 0, count: Int(length) + 1)
            length += 1
            hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), hb_language_from_string("en", -1), &length, &buffer)
            let name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !name.isEmpty { return name }
        }
        return nil
    }
}

// MARK: - Validation

/// FreeType's verdict on a file: is it a font, and how many faces does it hold?
enum FreeTypeCheck {
    /// One FreeType library for every check, made on first use (starting one loads every FreeType
    /// module: done per file it was half the cost of opening the bundled fonts), behind a lock, as
    /// a FreeType library makes one face at a time. `nil` when FreeType could not start.
    private static let library = Locked<FT_Library?>({
        var library: FT_Library?
        return FT_Init_FreeType(&library) == 0 ? library : nil
    }())

    static func faceCount(path: String) throws -> Int {
        try library.withLock { library in
            guard let library else {
                throw TypographyError.unreadableFile(path: path, reason: "FreeType could not start")
            }
            var face: FT_Face?
            errno = 0
            let error = FT_New_Face(library, path, 0, &face)
            guard error == 0, let face else {
                // FreeType says "cannot open resource" whatever stopped `fopen`: out of descriptors is not a bad font.
                if error == 0x01, errno == EMFILE || errno == ENFILE {
                    throw TypographyError.unreadableFile(path: path, reason: FontFileDescriptors.reason(errno))
                }
                throw TypographyError.notAFont(path: path, reason: "FreeType: \(message(for: error))")
            }
            defer { FT_Done_Face(face) }
            return max(1, Int(face.pointee.num_faces))
        }
    }

    /// FreeType's error names for the codes a bad file produces (fterrdef.h).
    static func message(for error: FT_Error) -> String {
        switch error {
        case 0x01: "cannot open resource"
        case 0x02: "unknown file format"
        case 0x03: "broken file"
        case 0x04: "unsupported version"
        case 0x06: "invalid argument"
        case 0x08: "invalid table"
        case 0x09: "invalid offset"
        case 0x51...0x55: "file too short or unreadable"
        case 0x8E: "a required table is missing"
        default: "error \(error)"
        }
    }
}
