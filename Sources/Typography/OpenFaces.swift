import Foundation

/// The faces a ``FontLibrary`` has open beyond its pinned ones (files requests name, system fonts
/// found for fallback), bounded by count and by bytes, least recently used closed first.
///
/// A face's memory is its tables, read as HarfBuzz asks for them (at most its file's size, which is
/// what an entry weighs), plus HarfBuzz's own tables about them: about 0.4 MiB for Noto Sans. A
/// service given a folder of 1,200 fonts held 525 MiB and 1,023 descriptors after each was asked
/// for once, for ever. Past either bound, the least recently used quarter of the entries (at least
/// one) is closed at once, so the cost of closing — every cache dropping what refers to those
/// faces (``ClosedFaces``) — is paid once per many opens, not on each.
struct OpenFaces {
    struct Key: Hashable { let path: String; let index: Int }

    private struct Entry {
        let face: FontFace
        var lastUse: Int
    }

    let capacity: Int
    let byteLimit: Int
    private var entries: [Key: Entry] = [:]
    private var clock = 0
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private(set) var evictions = 0

    init(capacity: Int, byteLimit: Int) {
        self.capacity = max(1, capacity)
        self.byteLimit = max(1, byteLimit)
    }

    var count: Int { entries.count }

    /// The face open for `key`, marked as just used.
    mutating func face(for key: Key) -> FontFace? {
        clock += 1
        guard let face = entries[key]?.face else {
            misses += 1
            return nil
        }
        entries[key]!.lastUse = clock
        hits += 1
        return face
    }

    /// Keeps `face` for `key` (or answers the one another thread kept first) and returns the faces
    /// to close to stay within the bounds: never the one just kept.
    mutating func insert(_ face: FontFace, for key: Key) -> (kept: FontFace, closed: [FontFace]) {
        clock += 1
        if let existing = entries[key] {
            entries[key]!.lastUse = clock
            return (existing.face, [])
        }
        entries[key] = Entry(face: face, lastUse: clock)
        bytes += face.fileSize
        guard entries.count > capacity || bytes > byteLimit else { return (face, []) }
        // Oldest first: a quarter of the entries, and as many more as the bytes need.
        var oldest = entries.filter { $0.key != key }.sorted { $0.value.lastUse < $1.value.lastUse }[...]
        var closed: [FontFace] = []
        let quarter = max(1, entries.count / 4)
        while let (victim, entry) = oldest.first,
              closed.count < quarter || entries.count > capacity || bytes > byteLimit {
            oldest = oldest.dropFirst()
            entries.removeValue(forKey: victim)
            bytes -= entry.face.fileSize
            closed.append(entry.face)
        }
        evictions += closed.count
        return (face, closed)
    }

    func report(_ name: String) -> CacheReport {
        CacheReport(name: name, entries: entries.count, bytes: bytes, capacity: capacity, hits: hits, misses: misses, evictions: evictions)
    }
}

/// Tells every cache that keeps font faces (the shaper's lines, the text measurement cache) that
/// a library closed some, so they drop the entries that refer to them and the faces are freed
/// (their tables, their HarfBuzz objects, their file's descriptor).
///
/// A cache subscribes with a handler that holds what it empties (never the cache's owner, which
/// a weak reference would make pay for every retain: Swift keeps a weakly referenced object's
/// counts in a side table, and the shaper is retained on every measurement), and keeps the
/// ``Subscription`` it gets: the subscription ends when that object is freed.
package enum ClosedFaces {
    /// Whether a face is one of those closed (an instance of a variable face counts as its face).
    package typealias Predicate = @Sendable (FontFace) -> Bool

    /// A handler's registration; freeing it removes the handler.
    package final class Subscription: Sendable {
        fileprivate init() {}
        deinit {
            let id = ObjectIdentifier(self)
            // The handler is released after the lock: what it holds may end other subscriptions.
            let handler = ClosedFaces.handlers.withLock { $0.removeValue(forKey: id) }
            withExtendedLifetime(handler) {}
        }
    }

    private static let handlers = Locked<[ObjectIdentifier: @Sendable (Predicate) -> Void]>([:])

    /// Calls `handler` each time faces are closed, until the returned subscription is freed.
    package static func subscribe(_ handler: @escaping @Sendable (Predicate) -> Void) -> Subscription {
        let subscription = Subscription()
        handlers.withLock { $0[ObjectIdentifier(subscription)] = handler }
        return subscription
    }

    /// Tells every subscriber that `faces` are closed.
    static func announce(_ faces: [FontFace]) {
        guard !faces.isEmpty else { return }
        let closed = Set(faces.map(ObjectIdentifier.init))
        let isClosed: Predicate = { face in closed.contains(ObjectIdentifier(face.defaultInstance ?? face)) }
        for handler in handlers.withLock({ Array($0.values) }) { handler(isClosed) }
    }
}
