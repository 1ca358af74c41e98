#if canImport(Glibc)
import Glibc
#endif

/// A value behind a pthread mutex: what every cache and registry in TextFit locks with.
///
/// Not `Synchronization.Mutex`: on Linux that waits on futexes directly, which ThreadSanitizer does
/// not model, so it reported every access the mutex guarded as a data race and a
/// `swift test --sanitize=thread` run could not tell a real race from those. A pthread mutex is
/// understood by the sanitizer, and costs the same uncontended.
///
/// The value and the mutex share one allocation (a `ManagedBuffer`: the value as its header, the
/// mutex as its one tail element, at a stable address), so a lock costs one allocation, not two:
/// every `Text` value and every paragraph has one. Copies of a `Locked` share the value.
package struct Locked<State>: @unchecked Sendable {
    private final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        deinit { withUnsafeMutablePointerToElements(PthreadMutex.destroy) }
    }

    private let storage: Storage

    package init(_ state: State) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in state }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements(PthreadMutex.initialize)
    }

    /// Runs `body` with the value, holding the lock. The value is reached through a pointer, so
    /// the runtime's dynamic exclusivity check (about a hundred instructions a call, measured with
    /// callgrind) is not made: the mutex is what guards it.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        // `storage` is a stored constant of `self`, which the call borrows: it outlives the pointers.
        let (state, mutex) = storage.withUnsafeMutablePointers { ($0, $1) }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}

/// Making and unmaking the pthread mutex a lock keeps in its storage (``Locked``, and the concrete
/// locks that copy its layout where a generic storage class costs too much).
package enum PthreadMutex {
    package static func initialize(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    package static func destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
    }
}
