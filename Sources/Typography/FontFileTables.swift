import CHarfBuzz
import Foundation
import Synchronization

/// A face's tables read from its font file on demand, each copied into memory the first time
/// HarfBuzz asks for it (`hb_face_create_for_tables`).
///
/// Why not the whole file at once: opening TextFit's bundled folder read 24 MB (the colour emoji
/// font alone is 11 MB) that a run measuring Latin tags never touches, and on a virtual machine
/// each fresh page costs more than the read: 40 of the 60 ms a one-string `textfit measure` took.
/// Why not a memory map: a font file truncated or rewritten while a process reads glyphs from a
/// map kills it with SIGBUS or mixes two fonts; a table copied into memory cannot change.
///
/// The file stays open while the face lives, so a file deleted or replaced by a new one (`rename`)
/// goes on being read as it was. A file changed in place after it was opened (its size or
/// modification time differ) is not read again: the table comes back empty and ``changed`` is
/// set, which the measuring entry points turn into an error naming the file
/// (``TypographyError/fontFileChanged(path:)``) rather than mixing two versions of a font.
final class FontFileTables: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let size: Int
    private let modified: timespec
    /// The face's table records: tag, offset and length, as the sfnt directory gives them.
    private let records: [(tag: UInt32, offset: Int, length: Int)]
    /// Set when a table could not be read as it was when the file was opened.
    let changed = Atomic<Bool>(false)

    /// Opens `path` and reads face `index`'s table directory.
    /// - Throws: ``TypographyError/unreadableFile(path:reason:)`` or ``TypographyError/notAFont(path:reason:)``
    ///   when the directory is missing, truncated, or names a table past the end of the file.
    init(path: String, index: Int) throws(TypographyError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TypographyError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0, info.st_size <= Int(UInt32.max) else {
            close(descriptor)
            throw TypographyError.unreadableFile(path: path, reason: "the file could not be read")
        }
        let size = Int(info.st_size)
        let read = { (offset: Int, count: Int) -> [UInt8]? in Self.read(descriptor, offset: offset, count: count) }
        switch SFNTDirectory.records(faceIndex: index, fileSize: size, read: read) {
        case .success(let records): self.records = records
        case .failure(let problem):
            close(descriptor)
            throw TypographyError.notAFont(path: path, reason: problem.reason)
        }
        self.path = path
        self.descriptor = descriptor
        self.size = size
        self.modified = info.st_mtim
    }

    deinit { close(descriptor) }

    /// A HarfBuzz face reading its tables through `self` (which it keeps alive).
    func makeFace(index: Int) -> OpaquePointer {
        let face = hb_face_create_for_tables({ _, tag, user in
            Unmanaged<FontFileTables>.fromOpaque(user!).takeUnretainedValue().blob(tag)
        }, Unmanaged.passRetained(self).toOpaque(), { user in
            Unmanaged<FontFileTables>.fromOpaque(user!).release()
        })!
        hb_face_set_index(face, UInt32(index))
        // HarfBuzz reads upem and the glyph count from `head`/`maxp` through the callback.
        return face
    }

    /// The table `tag` as a new blob HarfBuzz owns, empty when the face has no such table (or the
    /// file changed since it was opened). Tag 0 (the whole face) is never needed: every table is
    /// asked for by name.
    private func blob(_ tag: hb_tag_t) -> OpaquePointer? {
        guard let record = records.first(where: { $0.tag == tag }), record.length > 0 else { return hb_blob_get_empty() }
        guard !changed.load(ordering: .relaxed), isUnchanged,
              let buffer = malloc(record.length) else { return hb_blob_get_empty() }
        guard pread(descriptor, buffer, record.length, off_t(record.offset)) == record.length, isUnchanged else {
            free(buffer)
            changed.store(true, ordering: .relaxed)
            return hb_blob_get_empty()
        }
        return hb_blob_create(buffer.assumingMemoryBound(to: CChar.self), UInt32(record.length), HB_MEMORY_MODE_READONLY,
                              buffer) { free($0) }
    }

    /// Whether the open file still has the size and modification time it had when opened.
    private var isUnchanged: Bool {
        var info = stat()
        let same = fstat(descriptor, &info) == 0 && Int(info.st_size) == size
            && info.st_mtim.tv_sec == modified.tv_sec && info.st_mtim.tv_nsec == modified.tv_nsec
        if !same { changed.store(true, ordering: .relaxed) }
        return same
    }

    private static func read(_ descriptor: Int32, offset: Int, count: Int) -> [UInt8]? {
        guard count >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return got == count ? bytes : nil
    }
}

/// Checks of an sfnt table directory against the file holding it, so a truncated download is
/// refused with a reason rather than read as empty tables.
enum SFNTDirectory {
    struct Problem: Error { let reason: String }

    /// The table records of face `faceIndex`, read through `read(offset, count)` (nil past the end).
    static func records(faceIndex: Int, fileSize: Int, read: (Int, Int) -> [UInt8]?)
        -> Result<[(tag: UInt32, offset: Int, length: Int)], Problem> {
        func u32(_ at: Int) -> UInt32? { read(at, 4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } } }
        func u16(_ at: Int) -> Int? { read(at, 2).map { Int($0[0]) << 8 | Int($0[1]) } }
        guard fileSize >= 12 else { return .failure(Problem(reason: "file too short for a font")) }
        var directory = 0
        if u32(0) == FontFace.tag("ttcf") {
            guard let offset = u32(12 + 4 * faceIndex) else { return .failure(Problem(reason: "collection header truncated")) }
            directory = Int(offset)
        }
        guard let version = u32(directory),
              [0x0001_0000, FontFace.tag("OTTO"), FontFace.tag("true")].contains(version) else {
            return .failure(Problem(reason: "not an OpenType/TrueType font (WOFF and WOFF2 must be decompressed first)"))
        }
        guard let tableCount = u16(directory + 4) else { return .failure(Problem(reason: "table directory truncated")) }
        guard let bytes = read(directory + 12, 16 * tableCount) else {
            return .failure(Problem(reason: "table directory truncated (file is \(fileSize) bytes)"))
        }
        var records: [(tag: UInt32, offset: Int, length: Int)] = []
        records.reserveCapacity(tableCount)
        for table in 0..<tableCount {
            let record = bytes[16 * table..<16 * table + 16]
            let word = { (at: Int) in record.dropFirst(at).prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
            let tag = word(0), offset = word(8), length = word(12)
            if UInt64(offset) + UInt64(length) > UInt64(fileSize) {
                let name = String(decoding: record.prefix(4), as: UTF8.self)
                return .failure(Problem(reason: "table '\(name)' ends at byte \(UInt64(offset) + UInt64(length)) but the file is \(fileSize) bytes (truncated?)"))
            }
            records.append((tag, Int(offset), Int(length)))
        }
        return .success(records)
    }
}
