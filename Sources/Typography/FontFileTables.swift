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
/// The file is read through an open descriptor. A pinned file's (the bundled fonts', Apple's: a
/// fixed few) stays open while the face lives, so a file deleted or replaced by a new one
/// (`rename`) goes on being read as it was. Any other file's descriptor is one of
/// ``FontFileDescriptors``' bounded set: when more files are open than it allows, the least
/// recently read is closed, and opened again by path when its face next needs a table — and then
/// only if it is still the same file (device, inode, size and modification time), else the table
/// comes back empty and ``changed`` is set. A file changed in place after it was opened (its size
/// or modification time differ) is not read again either. Either way the measuring entry points
/// turn the mark into an error naming the file (``TypographyError/fontFileChanged(path:)``, or
/// the reason it could not be opened again, ``reopenFailure``) rather than mixing two versions of
/// a font or measuring with tables missing.
final class FontFileTables: @unchecked Sendable {
    let path: String
    /// Whether the descriptor stays open for the face's whole life (not one of ``FontFileDescriptors``').
    let isPinned: Bool
    /// The file's size in bytes when it was opened: the most its tables can take in memory.
    let size: Int
    private let device: UInt64, inode: UInt64
    private let modified: timespec
    /// The open descriptor, or -1 while ``FontFileDescriptors`` has closed it.
    private let descriptor: Locked<Int32>
    /// The face's table records: tag, offset and length, as the sfnt directory gives them.
    private let records: [(tag: UInt32, offset: Int, length: Int)]
    /// Set when a table could not be read as it was when the file was opened.
    let changed = Atomic<Bool>(false)
    /// The `errno` of a failed reopen that is not the file's fault (`EMFILE`, `ENFILE`, `EACCES`…);
    /// 0 when none failed. A missing or different file sets ``changed`` instead.
    private let reopenErrno = Atomic<Int32>(0)

    /// Opens `path` and reads face `index`'s table directory.
    /// - Parameter pinned: keep the descriptor open while the face lives (see the type's documentation).
    /// - Throws: ``TypographyError/unreadableFile(path:reason:)`` or ``TypographyError/notAFont(path:reason:)``
    ///   when the directory is missing, truncated, or names a table past the end of the file.
    init(path: String, index: Int, pinned: Bool) throws(TypographyError) {
        if !pinned { FontFileDescriptors.shared.makeRoom() }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TypographyError.unreadableFile(path: path, reason: FontFileDescriptors.reason(errno))
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
        self.isPinned = pinned
        self.descriptor = Locked(descriptor)
        self.size = size
        self.device = UInt64(info.st_dev)
        self.inode = UInt64(info.st_ino)
        self.modified = info.st_mtim
        if !pinned { FontFileDescriptors.shared.opened(self) }
    }

    deinit {
        descriptor.withLock { if $0 >= 0 { close($0) } }
        if !isPinned { FontFileDescriptors.shared.forget(self) }
    }

    /// Why a table could not be read other than the file changing (the file could not be opened
    /// again: too many open files, permission), or `nil`.
    var reopenFailure: String? {
        let code = reopenErrno.load(ordering: .relaxed)
        return code == 0 ? nil : FontFileDescriptors.reason(code)
    }

    /// Closes the descriptor (``FontFileDescriptors`` evicting it); the next table read opens the file again.
    func closeDescriptor() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    /// Whether the descriptor is open now (tests).
    var isOpen: Bool { descriptor.withLock { $0 >= 0 } }

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
    /// file changed since it was opened, or could not be opened again). Tag 0 (the whole face) is
    /// never needed: every table is asked for by name.
    private func blob(_ tag: hb_tag_t) -> OpaquePointer? {
        guard let record = records.first(where: { $0.tag == tag }), record.length > 0 else { return hb_blob_get_empty() }
        guard !changed.load(ordering: .relaxed), let buffer = malloc(record.length) else { return hb_blob_get_empty() }
        if !isPinned, !isOpen { FontFileDescriptors.shared.makeRoom(for: self) }
        let read = descriptor.withLock { descriptor -> Bool in
            if descriptor < 0 {
                descriptor = reopen()
                guard descriptor >= 0 else { return false }
            }
            return isUnchanged(descriptor) && pread(descriptor, buffer, record.length, off_t(record.offset)) == record.length
                && isUnchanged(descriptor)
        }
        if !isPinned { FontFileDescriptors.shared.opened(self) }
        guard read else {
            free(buffer)
            if reopenErrno.load(ordering: .relaxed) == 0 { changed.store(true, ordering: .relaxed) }
            return hb_blob_get_empty()
        }
        return hb_blob_create(buffer.assumingMemoryBound(to: CChar.self), UInt32(record.length), HB_MEMORY_MODE_READONLY,
                              buffer) { free($0) }
    }

    /// Opens the file again by path: the descriptor when it is still the file first opened (same
    /// device and inode; size and time are checked by the read), else -1 with ``changed`` set (the
    /// file is gone or was replaced) or the reason recorded (``reopenFailure``).
    private func reopen() -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { changed.store(true, ordering: .relaxed) } else { reopenErrno.store(errno, ordering: .relaxed) }
            return -1
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else {
            close(descriptor)
            changed.store(true, ordering: .relaxed)
            return -1
        }
        reopenErrno.store(0, ordering: .relaxed)
        return descriptor
    }

    /// Whether the open file still has the size and modification time it had when opened.
    private func isUnchanged(_ descriptor: Int32) -> Bool {
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

/// The open descriptors of font files that are not pinned (files requests name, system fonts found
/// for fallback): at most ``capacity`` at once, whatever number of faces exist. Opening one more
/// closes the least recently read first, so a server given a folder of thousands of fonts never
/// runs out of descriptors for its clients (a font file a descriptor: 1,200 fonts took 1,023 of a
/// 1,024 limit, and every new client waited until it timed out).
///
/// The capacity, fixed when the first such font opens, is a quarter of the descriptors the process
/// has left then (`RLIMIT_NOFILE`'s soft limit less those open), from 4 to 128: 128 under the usual
/// 1,024, which leaves most to connections, pinned fonts and everything else; 4 for a server started
/// with only a dozen to spare, which still accepts clients (a floor of 16 took every descriptor there).
final class FontFileDescriptors: Sendable {
    static let shared = FontFileDescriptors(capacity: defaultCapacity)

    private struct Entry {
        weak var tables: FontFileTables?
        var lastUse: Int
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var clock = 0
        var closed = 0
    }

    private let state = Locked(State())
    /// The most descriptors open at once (a few more for a moment while threads open files together).
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    static var defaultCapacity: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return 128 }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 64
        return min(128, max(4, (Int(limit.rlim_cur) - open) / 4))
    }

    /// Descriptors open now, and descriptors closed to stay within the capacity since the start (tests, metrics).
    var counts: (open: Int, closed: Int) { state.withLock { ($0.entries.count, $0.closed) } }

    /// Closes the least recently read descriptors until one more fits (`except` is never closed:
    /// the file about to be read).
    func makeRoom(for except: FontFileTables? = nil) {
        let victims = state.withLock { state -> [FontFileTables] in
            var victims: [FontFileTables] = []
            while state.entries.count >= capacity {
                guard let (id, entry) = state.entries.filter({ $0.value.tables !== except }).min(by: { $0.value.lastUse < $1.value.lastUse })
                else { break }
                state.entries.removeValue(forKey: id)
                state.closed += 1
                if let tables = entry.tables { victims.append(tables) }
            }
            return victims
        }
        // Outside the pool's lock: closing takes each file's own lock, which a reader holds while it reads.
        for tables in victims { tables.closeDescriptor() }
    }

    /// Records that `tables` has its descriptor open and read through it now.
    func opened(_ tables: FontFileTables) {
        state.withLock { state in
            state.clock += 1
            state.entries[ObjectIdentifier(tables), default: Entry(tables: tables, lastUse: 0)].lastUse = state.clock
        }
    }

    /// Forgets `tables` (its descriptor closed as it is freed).
    func forget(_ tables: FontFileTables) {
        state.withLock { _ = $0.entries.removeValue(forKey: ObjectIdentifier(tables)) }
    }

    /// `strerror` for a failed open, said so a user knows what ran out: the process's or the system's
    /// descriptors (neither is the file's fault).
    static func reason(_ code: Int32) -> String {
        switch code {
        case EMFILE: "too many open files: the process has reached its descriptor limit (ulimit -n)"
        case ENFILE: "too many open files in the system (the system-wide limit)"
        default: String(cString: strerror(code))
        }
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
