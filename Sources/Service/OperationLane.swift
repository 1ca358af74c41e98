import Foundation
import TextFit

/// The threads that run the service's operations (`measure`, `layout`, `render`, `fonts`,
/// `stress-check`), apart from the HTTP server's own.
///
/// libmicrohttpd's threads read requests and write answers; an operation's connection is suspended
/// while a lane thread computes its answer, then resumed to send it. So `/healthz` and `/metrics`,
/// answered on libmicrohttpd's threads, never wait behind measuring work: with every core busy with
/// stress checks, a liveness probe took up to 3.2 s when operations ran on those threads.
///
/// Jobs run in the order they arrive, `threads` at a time (the processor count: the work is
/// CPU-bound, so more threads add no throughput). The queue is bounded by the connection limit,
/// since each job holds a connection.
final class OperationLane: @unchecked Sendable {  // `queue` is only touched holding `state`
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var next = 0
        var stopping = false
        var running = 0
    }

    private let state = NSCondition()
    private var queue = State()
    private let group = DispatchGroup()

    init(threads: Int) {
        for index in 0..<max(1, threads) {
            group.enter()
            let thread = Thread { [self] in
                work()
                group.leave()
            }
            thread.name = "textfit-operation-\(index)"
            thread.start()
        }
    }

    /// Queues `job` to run on a lane thread.
    func submit(_ job: @escaping @Sendable () -> Void) {
        state.lock()
        queue.jobs.append(job)
        state.signal()
        state.unlock()
    }

    /// Jobs waiting or running now.
    var depth: Int {
        state.lock()
        defer { state.unlock() }
        return queue.jobs.count - queue.next + queue.running
    }

    /// Lets the threads finish the jobs queued, then end; returns once they have.
    func stop() {
        state.lock()
        queue.stopping = true
        state.broadcast()
        state.unlock()
        group.wait()
    }

    private func work() {
        while true {
            state.lock()
            while queue.next == queue.jobs.count, !queue.stopping { state.wait() }
            guard queue.next < queue.jobs.count else {
                state.unlock()
                return
            }
            let job = queue.jobs[queue.next]
            queue.next += 1
            if queue.next == queue.jobs.count {
                queue.jobs.removeAll(keepingCapacity: true)
                queue.next = 0
            }
            queue.running += 1
            state.unlock()
            job()
            state.lock()
            queue.running -= 1
            state.unlock()
        }
    }
}
