import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A value behind a lock (``SpinLock``): what every cache and registry in TextFit locks with.
///
/// The value and the lock share one allocation (a `ManagedBuffer`: the value as its header, the
/// lock as its one tail element, at a stable address), so a lock costs one allocation, not two:
/// every `Text` value and every paragraph has one. Copies of a `Locked` share the value.
///
/// Lock a value, not `()`: the state of a `Locked<Void>` has no bytes and sits at the storage
/// object's own address, so ThreadSanitizer takes the inout access to it for a write racing with
/// other threads' reads of the object (a false report; a wrapper that guards a C handle keeps the
/// handle in the lock, as ``SystemFonts`` does).
package struct Locked<State>: @unchecked Sendable {
    private final class Storage: ManagedBuffer<State, pthread_spinlock_t> {
        deinit { withUnsafeMutablePointerToElements(SpinLock.destroy) }
    }

    private let storage: Storage

    package init(_ state: State) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in state }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements(SpinLock.initialize)
    }

    /// Runs `body` with the value, holding the lock. The value is reached through a pointer, so
    /// the runtime's dynamic exclusivity check (about a hundred instructions a call, measured with
    /// callgrind) is not made: the lock is what guards it.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        // `storage` is a stored constant of `self`, which the call borrows: it outlives the pointers.
        let (state, lock) = storage.withUnsafeMutablePointers { ($0, $1) }
        SpinLock.lock(lock)
        defer { SpinLock.unlock(lock) }
        return try body(&state.pointee)
    }
}

/// The lock ``Locked`` (and the concrete locks that copy its layout where a generic storage class
/// costs too much) keeps beside its value: a pthread spin lock, taken with one atomic exchange
/// and given back with a plain store. Almost every critical section in TextFit is a cache lookup
/// or insert, so a thread that finds the lock held tries again at once; after a few tries it yields
/// the processor between tries (it never spins through a preempted holder's time slice), and after
/// many it sleeps 100 µs between tries: the few long sections (loading the system's fonts, a
/// Fontconfig query, opening a file with FreeType) take milliseconds, and a waiter should not
/// keep a core busy for them.
///
/// Not a pthread mutex: `pthread_mutex_lock` and `_unlock` cost ~110 instructions a pair
/// (callgrind), ~25 % of a cached `Text` answer. Not `Synchronization.Mutex`: on Linux that waits
/// on futexes directly, which ThreadSanitizer does not model (it reported every guarded access as
/// a race); the sanitizer intercepts pthread spin locks, as it does mutexes.
package enum SpinLock {
    package static func initialize(_ lock: UnsafeMutablePointer<pthread_spinlock_t>) {
        lock.initialize(to: 0)
        pthread_spin_init(lock, Int32(PTHREAD_PROCESS_PRIVATE))
    }

    package static func destroy(_ lock: UnsafeMutablePointer<pthread_spinlock_t>) {
        pthread_spin_destroy(lock)
        lock.deinitialize(count: 1)
    }

    @inline(__always)
    package static func lock(_ lock: UnsafeMutablePointer<pthread_spinlock_t>) {
        if pthread_spin_trylock(lock) != 0 { wait(lock) }
    }

    @inline(__always)
    package static func unlock(_ lock: UnsafeMutablePointer<pthread_spinlock_t>) {
        pthread_spin_unlock(lock)
    }

    /// Held by another thread: try again at once a few times, then yielding between tries, then
    /// sleeping between them.
    @inline(never)
    private static func wait(_ lock: UnsafeMutablePointer<pthread_spinlock_t>) {
        var tries = 0
        while pthread_spin_trylock(lock) != 0 {
            tries += 1
            if tries > 1_000 {
                usleep(100)
            } else if tries > 16 {
                sched_yield()
            }
        }
    }
}

/// The object `slot` holds (retained), or, when it holds none, the one `make` makes, stored. If
/// two threads make one at once, both get the one stored first. The owner of `slot` releases what
/// it holds when it goes (`slot.load(ordering: .acquiring)?.release()` in its `deinit`).
@inlinable
package func storeOnce<Object: AnyObject>(_ slot: borrowing Atomic<Unmanaged<Object>?>, _ make: () -> Object) -> Object {
    if let stored = slot.load(ordering: .acquiring) { return stored.takeUnretainedValue() }
    let made = Unmanaged.passRetained(make())
    let (stored, current) = slot.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
    if stored { return made.takeUnretainedValue() }
    made.release()
    return current!.takeUnretainedValue()
}
