import Foundation
import Synchronization
import TextFit
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP server's open connections, and the rules that keep their slots fair: the defence
/// against slow clients ("slowloris") and slot holders that libmicrohttpd's limits lack.
///
/// libmicrohttpd reports each connection opening and closing (`NOTIFY_CONNECTION`), with its socket;
/// the server reports when a request head arrives, when the whole request has, and when a response
/// has been sent. From those a watchdog thread, a few times a second, closes a connection — with
/// `shutdown(2)`, never `close`: libmicrohttpd then reads end of input and closes it itself, without
/// an answer — when:
/// - **its request is late** (``Reason/requestTimeout``): a client has ``timeout`` to send a whole
///   request (line, headers, body) from the connection's opening or its previous response, however
///   steadily the bytes trickle in (libmicrohttpd's idle timeout restarts at every byte). While a
///   request is answered there is no deadline.
/// - **a new client is waiting and every slot is taken** (the listening socket's accept queue is not
///   empty while ``Fairness/maxConnections`` are open): as many connections as clients wait, in
///   this order — the ones idle between requests longest first (``Reason/idle``: keep-alive
///   connections that have been answered and sent nothing since), then the ones that have been
///   sending their request longest (``Reason/slow``), once they have taken ``Fairness/slowGrace``.
///   A connection being answered is never closed. So clients that each hold a keep-alive connection,
///   or trickle requests, cannot lock a new client out for longer than a sweep or the grace.
///
/// Answers on a connection that has served ``Fairness/maxRequests`` requests, or is older than
/// ``Fairness/maxLifetime``, or on a server draining for shutdown, say `Connection: close`
/// (``shouldClose(_:now:)``), and libmicrohttpd closes it once the answer is sent. An idle connection
/// is not closed for its age: a client may be sending a request on it at that very moment, which
/// would be lost; the idle timeout (`connectionTimeout`) ends idle connections. ``drain()`` does
/// close every idle connection at once (the server is going away).
///
/// Sockets are only touched under the lock, and libmicrohttpd reports a connection closed
/// (``closed(_:)``, which takes the lock) before it closes the socket, so a descriptor shut down here
/// is never one the kernel has already handed to someone else.
final class ConnectionTable: Sendable {
    /// Why the table closed a connection.
    enum Reason: String, CaseIterable, Sendable {
        case requestTimeout = "request-timeout"
        case idle
        case slow
    }

    /// The fairness rules (from ``ServiceLimits``).
    struct Fairness: Sendable {
        /// Slots in all: at this many open connections, a waiting client makes room for itself.
        var maxConnections = Int.max
        /// How long a connection may take to send a request before it can be closed for a waiting client.
        var slowGrace: Duration = .seconds(2)
        /// Requests one connection serves; the last answer says `Connection: close`.
        var maxRequests = Int.max
        /// How long one connection is used: its first answer after this says `Connection: close`.
        var maxLifetime: Duration = .seconds(1 << 40)
    }

    private struct Connection {
        let socket: Int32
        let opened: ContinuousClock.Instant
        /// When the client began to owe a request: the opening, or the previous response.
        var waitingSince: ContinuousClock.Instant
        /// Armed (a request is owed by then), or `nil` while a request is answered or once shut.
        var deadline: ContinuousClock.Instant?
        /// Whether the owed request's head has arrived (its body may still be coming).
        var headArrived = false
        var served = 0
        /// Whether the watchdog has shut its socket down (it is closing; never count it twice).
        var shut = false

        /// Idle between requests: answered before, nothing of the next request seen.
        var isIdle: Bool { !shut && deadline != nil && served > 0 && !headArrived }
        /// Sending a request (or owing its first): neither idle nor being answered.
        var isReceiving: Bool { !shut && deadline != nil && !isIdle }
    }

    let timeout: Duration
    let fairness: Fairness
    /// The listening socket whose accept queue tells whether a client waits for a slot (-1: none;
    /// set to -1 by ``forgetListenSocket()`` before the server closes it, so a number the kernel
    /// hands out again is never read).
    private let listenSocket: Locked<Int32>
    private let connections = Locked<[UInt: Connection]>([:])
    private let draining = Atomic<Bool>(false)
    private let closedFor: @Sendable (Reason, Int) -> Void
    private let stopRequested = DispatchSemaphore(value: 0)
    private let watchdogEnded = DispatchSemaphore(value: 0)
    private let watching = Locked(false)

    /// - Parameters:
    ///   - timeout: how long a client may take to send a whole request.
    ///   - fairness: when slots are given back to waiting clients, and how long a connection lasts.
    ///   - listenSocket: the server's listening socket, whose accept queue is read (never accepted
    ///     from); -1 for none (no client is ever seen waiting).
    ///   - closedFor: told how many connections each sweep shut down, per reason (for metrics).
    init(timeout: Duration, fairness: Fairness = Fairness(), listenSocket: Int32 = -1,
         closedFor: @escaping @Sendable (Reason, Int) -> Void = { _, _ in }) {
        self.timeout = timeout
        self.fairness = fairness
        self.listenSocket = Locked(listenSocket)
        self.closedFor = closedFor
    }

    /// A connection opened on `socket`: armed.
    func opened(_ connection: UInt, socket: Int32, now: ContinuousClock.Instant = .now) {
        connections.withLock {
            $0[connection] = Connection(socket: socket, opened: now, waitingSince: now, deadline: now + timeout)
        }
    }

    /// A request's head arrived (its body may follow): the connection is no longer idle.
    func headArrived(_ connection: UInt) {
        connections.withLock { $0[connection]?.headArrived = true }
    }

    /// A whole request arrived on the connection: disarmed until its response has been sent.
    func received(_ connection: UInt) {
        connections.withLock { $0[connection]?.deadline = nil }
    }

    /// The connection's response was sent (or abandoned): armed for the next request.
    func responded(_ connection: UInt, now: ContinuousClock.Instant = .now) {
        connections.withLock { table in
            guard var entry = table[connection], !entry.shut else { return }
            entry.served += 1
            entry.headArrived = false
            entry.waitingSince = now
            entry.deadline = now + timeout
            table[connection] = entry
        }
    }

    /// libmicrohttpd is closing the connection (its socket is still open).
    func closed(_ connection: UInt) {
        _ = connections.withLock { $0.removeValue(forKey: connection) }
    }

    /// Whether the answer about to be sent on `connection` should be its last (`Connection: close`):
    /// it is the connection's ``Fairness/maxRequests``th, the connection has outlived
    /// ``Fairness/maxLifetime``, or the server is draining.
    func shouldClose(_ connection: UInt, now: ContinuousClock.Instant = .now) -> Bool {
        if draining.load(ordering: .acquiring) { return true }
        return connections.withLock { table in
            guard let entry = table[connection] else { return false }
            return entry.served + 1 >= fairness.maxRequests || now - entry.opened >= fairness.maxLifetime
        }
    }

    /// Open connections (for metrics).
    var count: Int { connections.withLock { $0.count } }

    /// The server is stopping: answers say `Connection: close` from now on, and every idle
    /// connection is shut down now — unless bytes of a next request are already waiting on it (a
    /// load balancer may have written one on its kept-alive connection a moment ago): that request
    /// is left to arrive and be answered, with `Connection: close`. Returns how many were shut.
    @discardableResult
    func drain() -> Int {
        draining.store(true, ordering: .releasing)
        return connections.withLock { table in
            var shut = 0
            for (key, entry) in table where entry.isIdle && !Self.hasInput(entry.socket) {
                Self.shut(&table, key)
                shut += 1
            }
            return shut
        }
    }

    /// Whether `socket` has bytes to read (peeked, never consumed).
    private static func hasInput(_ socket: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// Clients waiting in the listening socket's accept queue (Linux: `tcpi_unacked` of a listening
    /// socket is its accept queue's length); 0 without a socket or when it cannot be read.
    func clientsWaiting() -> Int {
        listenSocket.withLock { socket in
            guard socket >= 0 else { return 0 }
            var info = tcp_info()
            var length = socklen_t(MemoryLayout<tcp_info>.size)
            guard getsockopt(socket, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0,
                  info.tcpi_state == UInt8(TCP_LISTEN) else { return 0 }
            return Int(info.tcpi_unacked)
        }
    }

    /// The listening socket is about to be closed: never read it again (the lock orders this after
    /// any read in progress).
    func forgetListenSocket() {
        listenSocket.withLock { $0 = -1 }
    }

    /// One pass of the rules: shuts down the sockets of connections past their deadline and — when `waiting` clients (by default read from the listening
    /// socket) wait and every slot is taken — as many idle, then slow, connections. Returns how many
    /// were shut, per reason.
    @discardableResult
    func sweep(now: ContinuousClock.Instant = .now, waiting: Int? = nil) -> [Reason: Int] {
        let waiting = waiting ?? clientsWaiting()
        return connections.withLock { table in
            var shut: [Reason: Int] = [:]
            for (key, entry) in table where !entry.shut {
                if let deadline = entry.deadline, deadline <= now {
                    Self.shut(&table, key)
                    shut[.requestTimeout, default: 0] += 1
                }
            }
            // Room for every waiting client: slots still held (a shut connection frees its slot when
            // libmicrohttpd closes it) plus the waiting clients, less the slots there are.
            let held = table.values.count { !$0.shut }
            var room = min(waiting, held + waiting - fairness.maxConnections)
            guard room > 0 else { return shut }
            let idle = table.filter { $0.value.isIdle }.sorted { $0.value.waitingSince < $1.value.waitingSince }
            let slow = table.filter { $0.value.isReceiving && now - $0.value.waitingSince >= fairness.slowGrace }
                .sorted { $0.value.waitingSince < $1.value.waitingSince }
            for (key, _) in idle where room > 0 {
                Self.shut(&table, key)
                shut[.idle, default: 0] += 1
                room -= 1
            }
            for (key, _) in slow where room > 0 {
                Self.shut(&table, key)
                shut[.slow, default: 0] += 1
                room -= 1
            }
            return shut
        }
    }

    private static func shut(_ table: inout [UInt: Connection], _ key: UInt) {
        guard let socket = table[key]?.socket else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        table[key]?.shut = true  // once is enough: it closes soon
        table[key]?.deadline = nil
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
                for (reason, count) in sweep() where count > 0 { closedFor(reason, count) }
            }
            watchdogEnded.signal()
        }
        thread.name = "textfit-connections"
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
