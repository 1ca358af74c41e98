#if canImport(Glibc)
import Glibc
#endif

/// A value behind a pthread mutex: what every cache and registry in TextFit locks with.
///
/// Not `Synchronization.Mutex`: on Linux that waits on futexes directly, which ThreadSanitizer does
/// not model, so it reported every access the mutex guarded as a data race and a
/// `swift test --sanitize=thread` run could not tell a real race from those. A pthread mutex is
/// understood by the sanitizer, and costs the same uncontended.
package final class Locked<State>: @unchecked Sendable {
    /// Only touched inside `withLock`, under the mutex: the runtime's dynamic exclusivity check
    /// (about a hundred instructions a call, measured with callgrind) would guard nothing.
    @exclusivity(unchecked) private var state: State
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
