import Foundation
import Synchronization
import Testing
@testable import Typography

/// `Locked` guards its value with `SpinLock` (a pthread spin lock tried once, then retried, yielding
/// and then sleeping between tries): every access under it is exclusive, a waiter gets the lock
/// when the holder gives it back, even after a long hold, and a body that throws gives it back too.
@Suite("Locked: the lock every cache takes")
struct LockedTests {
    @Test("Threads incrementing a plain counter under the lock lose no increment")
    func exclusive() {
        let counter = Locked(0)
        let threads = 4, increments = 20_000
        let finished = Atomic<Int>(0)
        for _ in 0..<threads {
            Thread {
                for _ in 0..<increments {
                    counter.withLock { value in
                        // Read, work a little, write: without the lock another thread writes in between.
                        let seen = value
                        var spin = seen
                        for k in 0..<20 { spin = spin &* 31 &+ k }
                        value = seen &+ 1 &+ (spin == .min ? 1 : 0)
                    }
                }
                finished.add(1, ordering: .releasing)
            }.start()
        }
        let deadline = Date().addingTimeInterval(60)
        while finished.load(ordering: .acquiring) < threads, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(counter.withLock { $0 } == threads * increments)
    }

    @Test("A thread that finds the lock held waits (yielding) until it is given back")
    func waiterGetsTheLock() throws {
        let order = Locked<[String]>([])
        let holding = Atomic<Bool>(false)
        let waiter = Thread {
            while !holding.load(ordering: .acquiring) { sched_yield() }
            order.withLock { $0.append("waiter") }
        }
        let finished = Atomic<Bool>(false)
        let holder = Thread {
            order.withLock { events in
                holding.store(true, ordering: .releasing)
                Thread.sleep(forTimeInterval: 0.05)  // the waiter tries many times (past its yields, into its sleeps) meanwhile
                events.append("holder")
            }
            finished.store(true, ordering: .releasing)
        }
        holder.start()
        waiter.start()
        let deadline = Date().addingTimeInterval(10)
        while order.withLock({ $0.count }) < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        let done = finished.load(ordering: .acquiring)
        #expect(done)
        #expect(order.withLock { $0 } == ["holder", "waiter"])
    }

    struct Refused: Error {}

    @Test("A body that throws gives the lock back")
    func throwingBody() {
        let lock = Locked(1)
        #expect(throws: Refused.self) { try lock.withLock { (_: inout Int) throws(Refused) -> Int in throw Refused() } }
        // Taken again on another thread, with a deadline: were the lock still held, that thread
        // would wait for ever and the deadline would pass.
        let after = Atomic<Int>(0)
        Thread { after.store(lock.withLock { $0 += 1; return $0 }, ordering: .releasing) }.start()
        let deadline = Date().addingTimeInterval(10)
        while after.load(ordering: .acquiring) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(after.load(ordering: .acquiring) == 2)
    }
}
