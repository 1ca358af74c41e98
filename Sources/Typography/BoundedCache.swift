
/// A thread-safe cache holding at most `capacity` entries, evicting the least recently used half
/// at a time: entries live in a recent and an older generation; a hit in the older generation
/// moves the entry to the recent one; when the recent generation is full, the older one is
/// dropped and the recent one takes its place.
///
/// - Complexity: O(1) per lookup and insertion (plus hashing the key).
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var recent: [Key: Value] = [:]
        var older: [Key: Value] = [:]
        var hits = 0
        var misses = 0
    }

    /// Counters since creation (or the last ``removeAll()``).
    struct Statistics: Sendable, Equatable {
        var hits: Int
        var misses: Int
        var count: Int
    }

    let capacity: Int
    private let state = Locked(State())

    /// - Parameter capacity: the most entries kept (at least 2).
    init(capacity: Int) { self.capacity = max(2, capacity) }

    func value(for key: Key) -> Value? {
        state.withLock { state in
            if let value = state.recent[key] {
                state.hits += 1
                return value
            }
            if !state.older.isEmpty, let value = state.older.removeValue(forKey: key) {
                state.hits += 1
                Self.insert(value, for: key, into: &state, capacity: capacity)
                return value
            }
            state.misses += 1
            return nil
        }
    }

    func insert(_ value: Value, for key: Key) {
        state.withLock { Self.insert(value, for: key, into: &$0, capacity: capacity) }
    }

    /// Empties the cache and its counters, keeping the storage (benchmarks clear it often).
    func removeAll() {
        state.withLock { state in
            state.recent.removeAll(keepingCapacity: true)
            state.older.removeAll(keepingCapacity: true)
            state.hits = 0
            state.misses = 0
        }
    }

    var statistics: Statistics {
        state.withLock { Statistics(hits: $0.hits, misses: $0.misses, count: $0.recent.count + $0.older.count) }
    }

    private static func insert(_ value: Value, for key: Key, into state: inout State, capacity: Int) {
        if state.recent.count >= capacity / 2, state.recent[key] == nil {
            state.older = state.recent
            state.recent = [:]
            state.recent.reserveCapacity(capacity / 2)
        }
        state.recent[key] = value
    }
}
