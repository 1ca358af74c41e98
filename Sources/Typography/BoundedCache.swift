
/// One cache's state for a metrics page: what it holds, its bounds, and how it is used.
public struct CacheReport: Sendable, Equatable {
    /// The cache's name (`lines`, `faces`, `locales`).
    public var name: String
    /// How many entries it holds.
    public var entries: Int
    /// The memory its entries hold, as the cache estimates it (`nil` where it does not count bytes).
    public var bytes: Int?
    /// The most entries kept.
    public var capacity: Int
    /// How many lookups found their entry.
    public var hits: Int
    /// How many lookups did not.
    public var misses: Int
    /// Entries dropped to stay within the bounds.
    public var evictions: Int

    /// A report of these figures.
    public init(name: String, entries: Int, bytes: Int?, capacity: Int, hits: Int, misses: Int, evictions: Int) {
        self.name = name
        self.entries = entries
        self.bytes = bytes
        self.capacity = capacity
        self.hits = hits
        self.misses = misses
        self.evictions = evictions
    }
}

/// A thread-safe cache holding at most `capacity` entries and `byteLimit` bytes (as `cost`
/// estimates them), evicting the least recently used half at a time: entries live in a recent and
/// an older generation; a hit in the older generation moves the entry to the recent one; when the
/// recent generation is full (half the entries or half the bytes), the older one is dropped and the
/// recent one takes its place. An entry costing more than half the bytes is not kept at all: it
/// would evict everything for one value (a run of a long text shaped once).
///
/// - Complexity: O(1) per lookup and insertion (plus hashing the key and `cost`).
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var recent: [Key: Value] = [:]
        var older: [Key: Value] = [:]
        /// The cost of `recent`'s entries, and of `older`'s.
        var recentBytes = 0
        var olderBytes = 0
        var hits = 0
        var misses = 0
        /// Entries dropped to keep within the bounds (a generation dropped counts its entries).
        var evictions = 0
    }

    /// Counters since creation (or the last ``removeAll()``).
    struct Statistics: Sendable, Equatable {
        var hits: Int
        var misses: Int
        var count: Int
        var bytes: Int = 0
        var evictions: Int = 0
    }

    let capacity: Int
    let byteLimit: Int
    private let cost: @Sendable (Key, Value) -> Int
    private let state = Locked(State())

    /// - Parameters:
    ///   - capacity: the most entries kept (at least 2).
    ///   - byteLimit: the most bytes kept, by `cost` (the memory an entry holds: its key and value).
    init(capacity: Int, byteLimit: Int = .max, cost: @escaping @Sendable (Key, Value) -> Int = { _, _ in 0 }) {
        self.capacity = max(2, capacity)
        self.byteLimit = max(2, byteLimit)
        self.cost = cost
    }

    func value(for key: Key) -> Value? {
        state.withLock { state in
            if let value = state.recent[key] {
                state.hits += 1
                return value
            }
            if !state.older.isEmpty, let value = state.older.removeValue(forKey: key) {
                state.hits += 1
                let bytes = cost(key, value)
                state.olderBytes -= bytes
                insert(value, for: key, bytes: bytes, into: &state)
                return value
            }
            state.misses += 1
            return nil
        }
    }

    func insert(_ value: Value, for key: Key) {
        let bytes = cost(key, value)
        state.withLock { insert(value, for: key, bytes: bytes, into: &$0) }
    }

    /// Empties the cache and its counters, keeping the storage (benchmarks clear it often).
    func removeAll() {
        state.withLock { state in
            state.recent.removeAll(keepingCapacity: true)
            state.older.removeAll(keepingCapacity: true)
            state.recentBytes = 0
            state.olderBytes = 0
            state.hits = 0
            state.misses = 0
            state.evictions = 0
        }
    }

    /// Removes every entry `shouldRemove` picks (the entries referring to font faces the library
    /// closed). O(n) in the entries held: for rare events, not lookups.
    func removeAll(where shouldRemove: (Key, Value) -> Bool) {
        state.withLock { state in
            for (key, value) in state.recent where shouldRemove(key, value) {
                state.recent.removeValue(forKey: key)
                state.recentBytes -= cost(key, value)
                state.evictions += 1
            }
            for (key, value) in state.older where shouldRemove(key, value) {
                state.older.removeValue(forKey: key)
                state.olderBytes -= cost(key, value)
                state.evictions += 1
            }
        }
    }

    var statistics: Statistics {
        state.withLock {
            Statistics(hits: $0.hits, misses: $0.misses, count: $0.recent.count + $0.older.count, bytes: $0.recentBytes + $0.olderBytes,
                       evictions: $0.evictions)
        }
    }

    /// The cost of the entries held.
    var bytes: Int { state.withLock { $0.recentBytes + $0.olderBytes } }

    /// This cache's report under `name` (bytes only where it counts them).
    func report(_ name: String) -> CacheReport {
        let s = statistics
        return CacheReport(name: name, entries: s.count, bytes: byteLimit == .max ? nil : s.bytes, capacity: capacity, hits: s.hits,
                           misses: s.misses, evictions: s.evictions)
    }

    private func insert(_ value: Value, for key: Key, bytes: Int, into state: inout State) {
        guard bytes <= byteLimit / 2 else {
            state.evictions += 1  // not kept at all
            return
        }
        // One hash of the key unless the recent generation is full (then two), as without bytes.
        if state.recent.count >= capacity / 2 || state.recentBytes + bytes > byteLimit / 2, state.recent[key] == nil {
            state.evictions += state.older.count
            state.older = state.recent
            state.olderBytes = state.recentBytes
            state.recent = [:]
            state.recentBytes = 0
            state.recent.reserveCapacity(capacity / 2)
        }
        if let old = state.recent.updateValue(value, forKey: key) { state.recentBytes -= cost(key, old) }
        state.recentBytes += bytes
    }
}
