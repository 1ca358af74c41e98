import Foundation
import TextFit
#if canImport(Glibc)
import Glibc
#endif

/// Closes connections whose request does not arrive whole in time: the defence against slow clients
/// ("slowloris") that libmicrohttpd's idle timeout lacks, since that timeout restarts at every byte —
/// a client sending a byte every few seconds would hold a connection, and enough of them every
/// connection slot, for ever.
///
/// A connection is armed when it opens and again when each of its responses has been sent, and
/// disarmed once a whole request (head and body) has arrived: from either point, a client has
/// ``timeout`` to send its next request. A watchdog thread shuts down (`shutdown(2)`, never `close`)
/// the socket of every connection armed for longer; libmicrohttpd then reads end of input and closes
/// the connection itself, without an answer. An idle keep-alive connection is closed the same way,
/// as the idle timeout would.
///
/// Sockets are only touched under the lock, and libmicrohttpd reports a connection closed
/// (``closed(_:)``, which takes the lock) before it closes the socket, so a descriptor shut down here
/// is never one the kernel has already handed to someone else.
final class RequestDeadlines: Sendable {
    private struct Connection {
        let socket: Int32
        var deadline: ContinuousClock.Instant?
    }

    let timeout: Duration
    private let connections = Locked<[UInt: Connection]>([:])
    private let expired: @Sendable (Int) -> Void
    private let stopRequested = DispatchSemaphore(value: 0)
    private let watchdogEnded = DispatchSemaphore(value: 0)
    private let watching = Locked(false)

    /// - Parameters:
    ///   - timeout: how long a client may take to send a whole request.
    ///   - expired: told how many connections each sweep shut down (for metrics).
    init(timeout: Duration, expired: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.timeout = timeout
        self.expired = expired
    }

    /// A connection opened on `socket`: armed.
    func opened(_ connection: UInt, socket: Int32, now: ContinuousClock.Instant = .now) {
        connections.withLock { $0[connection] = Connection(socket: socket, deadline: now + timeout) }
    }

    /// A whole request arrived on the connection: disarmed until its response has been sent.
    func received(_ connection: UInt) {
        connections.withLock { $0[connection]?.deadline = nil }
    }

    /// The connection's response was sent (or abandoned): armed for the next request.
    func responded(_ connection: UInt, now: ContinuousClock.Instant = .now) {
        connections.withLock { $0[connection]?.deadline = now + timeout }
    }

    /// libmicrohttpd is closing the connection (its socket is still open).
    func closed(_ connection: UInt) {
        _ = connections.withLock { $0.removeValue(forKey: connection) }
    }

    /// Open connections (for metrics).
    var count: Int { connections.withLock { $0.count } }

    /// Shuts down the sockets of connections past their deadline; returns how many.
    @discardableResult
    func sweep(now: ContinuousClock.Instant = .now) -> Int {
        connections.withLock { connections in
            var shut = 0
            for (key, connection) in connections {
                guard let deadline = connection.deadline, deadline <= now else { continue }
                shutdown(connection.socket, Int32(SHUT_RDWR))
                connections[key]?.deadline = nil  // once is enough: it closes soon
                shut += 1
            }
            return shut
        }
    }

    /// Starts the watchdog thread, which sweeps four times per timeout (at most every 250 ms).
    func start() {
        guard watching.withLock({ started in
            defer { started = true }
            return !started
        }) else { return }
        let period = min(.milliseconds(250), timeout / 4)
        let nanoseconds = Int(period.components.seconds) * 1_000_000_000 + Int(period.components.attoseconds / 1_000_000_000)
        let thread = Thread { [self] in
            while stopRequested.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
                let shut = sweep()
                if shut > 0 { expired(shut) }
            }
            watchdogEnded.signal()
        }
        thread.name = "textfit-deadlines"
        thread.start()
    }

    /// Stops the watchdog thread and waits for it to end.
    func stop() {
        guard watching.withLock({ started in
            defer { started = false }
            return started
        }) else { return }
        stopRequested.signal()
        watchdogEnded.wait()
    }
}
