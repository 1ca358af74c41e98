import CMicroHTTPD
import Foundation
import Synchronization
import TextFit
#if canImport(Glibc)
import Glibc
#endif

/// The service over HTTP/1.1, on GNU libmicrohttpd.
///
/// Routes: `POST /v1/measure|layout|render|stress-check` and `GET|POST /v1/fonts` (the body goes to
/// ``ServiceDispatcher/handle(_:body:)``), `GET /healthz`, `GET /metrics` (Prometheus text),
/// `GET /` (the playground page). An unknown path answers 404 `not-found`, a known path with the
/// wrong method 405 `method-not-allowed` (with `Allow`), a method HTTP does not define (`FROB`) 501
/// `not-implemented` (RFC 9110 §9.1), a body over ``ServiceLimits/maxBodyBytes``
/// 413 `payload-too-large` — all as `{"error": {"code", "message"}}`.
///
/// Threading: libmicrohttpd's own thread pool (`.THREAD_POOL_SIZE`, one poll(2) loop per
/// thread, `threads` defaults to the processor count, at least 2). The operations are CPU-bound
/// and synchronous, so more threads than cores adds no throughput; a fixed pool keeps thread count
/// and memory bounded whatever the client count, while the connection limit and the request caps
/// bound how long one slow request can hold a pool thread. (Thread-per-connection would isolate a
/// slow request better but spawns a thread per keep-alive client, up to the connection limit.)
///
/// Slow and idle clients hold a connection slot and its memory, never a thread (the pool threads
/// only run a request once it has arrived whole). ``ServiceLimits`` bounds them: `maxConnections` in
/// all and `maxConnectionsPerIP` from one address (over either, libmicrohttpd stops accepting or
/// closes the new connection), `connectionMemoryBytes` per connection for its request line and
/// headers (over it libmicrohttpd answers 431, or 414 for the URL), `connectionTimeout` of silence
/// and `requestTimeout` to send a whole request, however slowly the bytes come
/// (``ConnectionTable``); the last two close the connection without an answer.
///
/// The listening socket is made here (so `port: 0` can report the port the kernel picked) and handed
/// to libmicrohttpd with `.LISTEN_SOCKET`; it binds to loopback unless told otherwise.
public final class HTTPServer: Sendable {
    public let dispatcher: ServiceDispatcher
    public let host: String
    /// The port asked for (0 = any free port); ``port`` is the one bound.
    public let requestedPort: Int
    public let threads: Int
    public let metrics: ServiceMetrics
    /// Origins besides the server's own whose requests are served (`--allow-origin`), and answered
    /// with `Access-Control-Allow-Origin`; lowercased, without a trailing slash.
    public let allowedOrigins: [String]
    /// Host names besides the bound address's that requests may name in `Host` (`--allow-host`):
    /// `name` (any port) or `name:port`; lowercased.
    public let allowedHosts: [String]
    private let daemon = Locked<Daemon?>(nil)
    private let boundPort = Atomic<Int>(0)

    /// - Parameters:
    ///   - host: an IPv4 or IPv6 literal, or `localhost`; loopback by default.
    ///   - port: the TCP port; 0 picks a free one (read ``port`` after ``start()``).
    ///   - threads: the size of libmicrohttpd's thread pool; `nil` = the processor count (at least 2).
    ///   - allowedOrigins: web origins (`https://app.example:8443`) allowed to call the service
    ///     besides its own; see ``RequestPolicy``.
    ///   - allowedHosts: names a `Host` header may give besides the bound address (a reverse proxy's
    ///     or a cluster's name for the service): `name` for any port, `name:port` for one.
    public init(dispatcher: ServiceDispatcher, host: String = "127.0.0.1", port: Int = 8080, threads: Int? = nil,
                metrics: ServiceMetrics = ServiceMetrics(), allowedOrigins: [String] = [], allowedHosts: [String] = []) {
        self.dispatcher = dispatcher
        self.host = host
        self.requestedPort = port
        let cores = max(2, ProcessInfo.processInfo.activeProcessorCount)
        self.threads = max(1, min(threads ?? cores, max(1, dispatcher.limits.maxConnections)))
        self.metrics = metrics
        self.allowedOrigins = allowedOrigins.map(RequestPolicy.normalizedOrigin)
        self.allowedHosts = allowedHosts.map { $0.lowercased() }
    }

    /// Whether `text` is a host name for ``allowedHosts``: DNS labels (letters, digits, `-`, `_`)
    /// joined by dots, or an IP literal (IPv6 in brackets), optionally with `:port`.
    public static func isHostName(_ text: String) -> Bool {
        var name = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let rest = text[text.index(after: close)...]
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, String(text[text.index(after: text.startIndex)..<close]), &v6) == 1 else { return false }
            return rest.isEmpty || (rest.hasPrefix(":") && Int(rest.dropFirst()).map { (1...65_535).contains($0) } == true)
        }
        if let colon = text.lastIndex(of: ":") {
            guard let port = Int(text[text.index(after: colon)...]), (1...65_535).contains(port) else { return false }
            name = text[..<colon]
        }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return !name.isEmpty && name.utf8.count <= 253 && labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
                default: false
                }
            }
        }
    }

    deinit {
        // A server dropped while running stops without draining (Daemon's deinit).
        _ = daemon.withLock { $0.take() }
    }

    /// The bound port while running (after ``start()``), else the requested one.
    public var port: Int {
        let bound = boundPort.load(ordering: .acquiring)
        return bound != 0 ? bound : requestedPort
    }

    /// Whether the server is accepting connections.
    public var isRunning: Bool { daemon.withLock { $0 != nil } }

    /// The connections open now (receiving, being answered or idle); 0 when stopped.
    public var openConnections: Int { daemon.withLock { $0?.openConnections ?? 0 } }

    /// Requests that have arrived whole and are not answered yet: what ``stop(drainTimeout:)`` waits for.
    var requestsInFlight: Int { daemon.withLock { $0?.requestsInFlight ?? 0 } }

    /// `http://host:port` (IPv6 hosts in brackets).
    public var baseURL: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    /// Binds and starts serving on libmicrohttpd's threads; returns at once.
    /// - Throws: ``HTTPServerError`` when libmicrohttpd cannot be loaded (the message names it, the
    ///   loader's reason and the Debian package), the address is invalid or taken, or the daemon fails to start.
    public func start() throws(HTTPServerError) {
        // libmicrohttpd is loaded here, once per process, not linked (CMicroHTTPD): most processes never serve HTTP.
        var problem: UnsafePointer<CChar>?
        guard textfit_mhd_load(&problem) == 0 else {
            throw HTTPServerError(problem.map { String(cString: $0) } ?? "libmicrohttpd could not be loaded")
        }
        try daemon.withLock { (slot: inout Daemon?) throws(HTTPServerError) in
            guard slot == nil else { throw HTTPServerError("the server is already running on \(baseURL)") }
            let (fd, port) = try Self.listen(host: host, port: requestedPort)
            var limits = dispatcher.limits
            limits.maxConnectionsPerIP = Self.connectionsPerIP(limits, host: host)
            let policy = RequestPolicy(host: host, port: port, allowedOrigins: allowedOrigins, allowedHosts: allowedHosts)
            let context = ServerContext(dispatcher: dispatcher, limits: limits, metrics: metrics, policy: policy, listenSocket: fd,
                                        threads: threads)
            guard let started = Daemon.start(listenSocket: fd, context: context, threads: threads, limits: limits) else {
                throw HTTPServerError("libmicrohttpd could not start on \(host):\(port) (\(threads) threads)")
            }
            boundPort.store(port, ordering: .releasing)
            slot = started
        }
    }

    /// Stops accepting connections, lets requests already begun finish (up to `drainTimeout`), then
    /// closes every connection and joins the server's threads. Safe to call twice, or before start.
    public func stop(drainTimeout: Duration = .seconds(10)) {
        guard let running = daemon.withLock({ $0.take() }) else { return }
        running.shutdown(drainTimeout: drainTimeout)
        boundPort.store(0, ordering: .releasing)
    }

    /// Makes this process give blocks of 1 MiB and more (answers, pictures, their copies) back to
    /// the system as soon as they are freed (glibc's `M_MMAP_THRESHOLD`). glibc otherwise raises
    /// that threshold to the largest block freed so far (up to 32 MiB), and freed answers stayed in
    /// the heap: 32 clients that did not read their pictures (260 MB of answers) took the server to
    /// 679 MB. Process-wide, so `textfit serve` calls it, not the server.
    public static func returnLargeBlocksToTheSystem() {
        textfit_map_large_blocks(1 << 20)
    }

    /// Parses the CLI's `--http [HOST:]PORT`: `8080`, `0.0.0.0:8080`, `localhost:0`, `[::1]:8080`.
    /// The host defaults to `127.0.0.1`. Returns `nil` for anything else.
    public static func parseAddress(_ text: String) -> (host: String, port: Int)? {
        func port(_ s: Substring) -> Int? {
            guard let p = Int(s), (0...65_535).contains(p), s.allSatisfy(\.isASCII) else { return nil }
            return p
        }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":"), let p = port(rest.dropFirst()), !host.isEmpty else { return nil }
            return (String(host), p)
        }
        if let colon = text.lastIndex(of: ":") {
            let host = text[..<colon]
            guard !host.isEmpty, !host.contains(":"), let p = port(text[text.index(after: colon)...]) else { return nil }
            return (String(host), p)
        }
        guard let p = port(text[...]) else { return nil }
        return ("127.0.0.1", p)
    }

    /// The per-address connection limit for a server on `host` (``ServiceLimits/maxConnectionsPerIP``):
    /// the one set, else half the connections beyond loopback and none on it.
    static func connectionsPerIP(_ limits: ServiceLimits, host: String) -> Int {
        if let set = limits.maxConnectionsPerIP { return max(0, set) }
        let loopback = host == "localhost" || host == "::1" || host.hasPrefix("127.")
        return loopback ? 0 : max(1, limits.maxConnections / 2)
    }

    // MARK: - Listening socket

    /// A non-blocking, close-on-exec TCP socket bound to `host:port` and listening; and its port.
    static func listen(host: String, port: Int) throws(HTTPServerError) -> (Int32, Int) {
        guard (0...65_535).contains(port) else { throw HTTPServerError("port \(port) is out of range (0–65535)") }
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        var v6 = in6_addr()
        let family: Int32
        if inet_pton(AF_INET, literal, &v4) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, literal, &v6) == 1 {
            family = AF_INET6
        } else {
            throw HTTPServerError("'\(host)' is not an IPv4 or IPv6 address (or localhost)")
        }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HTTPServerError("socket(): \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var result: Int32
        if family == AF_INET {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port)).bigEndian
            address.sin_addr = v4
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        } else {
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port)).bigEndian
            address.sin6_addr = v6
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
        if result == 0 { result = Glibc.listen(fd, 128) }
        guard result == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw HTTPServerError("cannot listen on \(host):\(port): \(message)")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw HTTPServerError("getsockname(): \(String(cString: strerror(errno)))")
        }
        let bound = withUnsafePointer(to: &storage) { pointer -> UInt16 in
            if family == AF_INET {
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
        return (fd, Int(bound))
    }
}

/// Why the HTTP server could not start.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

// MARK: - The daemon handle

/// Owns one `struct MHD_Daemon`, the retained context its callbacks see and the listening socket;
/// stopping it (or its deinit) stops the daemon, joins its threads, then releases the context — never
/// before. libmicrohttpd gets a duplicate of the listening socket, so each side closes exactly its
/// own descriptor whatever happens (a double close could hit a descriptor reused by another thread).
private final class Daemon: @unchecked Sendable {
    // @unchecked: `pointer` is immutable; `stopped` is only touched by the single owner that took
    // the daemon out of HTTPServer's mutex (`shutdown`) or by deinit.
    private let pointer: OpaquePointer
    private let context: Unmanaged<ServerContext>
    private var listenSocket: Int32
    private var stopped = false

    private init(pointer: OpaquePointer, context: Unmanaged<ServerContext>, listenSocket: Int32) {
        self.pointer = pointer
        self.context = context
        self.listenSocket = listenSocket
    }

    /// Starts a daemon on a duplicate of `listenSocket`, which it takes over (closed on failure too).
    static func start(listenSocket: Int32, context: ServerContext, threads: Int, limits: ServiceLimits) -> Daemon? {
        let given = fcntl(listenSocket, F_DUPFD_CLOEXEC, 0)
        guard given >= 0 else {
            close(listenSocket)
            return nil
        }
        let retained = Unmanaged.passRetained(context)
        let cls = retained.toOpaque()
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(given), ptr_value: nil),
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: threads, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(threads, limits.maxConnections), ptr_value: nil),
            MHD_OptionItem(option: .PER_IP_CONNECTION_LIMIT, value: limits.maxConnectionsPerIP ?? 0, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: max(1, limits.connectionTimeout), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: max(4_096, limits.connectionMemoryBytes), ptr_value: nil),
            // Two-argument options in an array: the function pointer goes in `value`, its closure in `ptr_value`.
            MHD_OptionItem(option: .NOTIFY_COMPLETED,
                           value: unsafeBitCast(requestCompleted, to: Int.self), ptr_value: cls),
            MHD_OptionItem(option: .NOTIFY_CONNECTION,
                           value: unsafeBitCast(connectionNotified, to: Int.self), ptr_value: cls),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        // poll(2), level-triggered, not epoll: libmicrohttpd 0.9.75's edge-triggered epoll mode stops
        // reading a connection after a short read, so a client's FIN that arrives with its last bytes
        // raises no new edge and is never seen — the connection stayed open until a timeout (fuzz
        // finding half-close-unnoticed, Fuzz/crashes/README.md). poll's cost per wake-up grows with the
        // connections a thread holds, at most `maxConnections`.
        // Suspend and resume: an operation's connection waits, out of the poll loop, while a lane
        // thread computes its answer (``OperationLane``).
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let daemon = options.withUnsafeMutableBufferPointer { items -> OpaquePointer? in
            let arguments: [CVarArg] = [Int32(MHD_OPTION.ARRAY.rawValue), items.baseAddress!, Int32(MHD_OPTION.END.rawValue)]
            return withVaList(arguments) { list in
                textfit_mhd_start_daemon_va(flags, 0, nil, nil, accessHandler, cls, list)
            }
        }
        guard let daemon else {
            // Whether libmicrohttpd closed `given` on failure is not documented: leak it rather than
            // risk closing a reused descriptor. Ours is closed, so the port is released anyway.
            retained.release()
            close(listenSocket)
            return nil
        }
        context.connections.start()
        return Daemon(pointer: daemon, context: retained, listenSocket: listenSocket)
    }

    var openConnections: Int { context.takeUnretainedValue().connections.count }
    var requestsInFlight: Int { context.takeUnretainedValue().inFlight.load(ordering: .acquiring) }

    /// Stops: libmicrohttpd stops accepting; clients already waiting in the listen backlog get 503
    /// `shutting-down` instead of the reset that closing a listening socket gives them
    /// (``StoppingRefusals``), and the listening socket is closed, so a new client's connection is
    /// refused (which every client and load balancer may retry elsewhere: nothing was sent); idle
    /// keep-alive connections are closed, and answers say `Connection: close`. Requests in flight
    /// (arrived whole) are answered, for up to `drainTimeout`; then the daemon stops, which closes
    /// connections still receiving a request.
    ///
    /// The drain lasts at least ``settle`` (or `drainTimeout`, if shorter): a request already on its
    /// way on an open connection when the stop began — written by a load balancer on a kept-alive
    /// connection a moment earlier — arrives in that time and is answered rather than cut.
    func shutdown(drainTimeout: Duration) {
        guard !stopped else { return }
        let listening = textfit_mhd_quiesce_daemon(pointer)
        if listening >= 0 { close(listening) }
        let state = context.takeUnretainedValue()
        state.connections.drain()
        let refusals = StoppingRefusals()
        refusals.refuseQueued(on: listenSocket)
        closeListenSocket()
        let began = ContinuousClock.now
        let deadline = began + drainTimeout
        while (state.inFlight.load(ordering: .acquiring) > 0 || ContinuousClock.now < began + Self.settle)
            && ContinuousClock.now < deadline {
            refusals.reap()
            usleep(1_000)
        }
        state.abandonOperations()
        stopDaemon()
        state.metrics.refusedWhileStopping(refusals.count)
        refusals.finish(within: .milliseconds(500))
        context.release()
    }

    /// The least time a stop keeps answering (``shutdown(drainTimeout:)``).
    static let settle: Duration = .milliseconds(250)

    private func stop() {
        guard !stopped else { return }
        context.takeUnretainedValue().abandonOperations()
        stopDaemon()
        closeListenSocket()
        context.release()
    }

    /// Stops libmicrohttpd (joining its threads, closing its connections) and the connection watchdog.
    private func stopDaemon() {
        stopped = true
        textfit_mhd_stop_daemon(pointer)
        context.takeUnretainedValue().connections.stop()
        context.takeUnretainedValue().lane.stop()
    }

    private func closeListenSocket() {
        context.takeUnretainedValue().connections.forgetListenSocket()
        if listenSocket >= 0 { close(listenSocket) }
        listenSocket = -1
    }

    deinit { stop() }
}

/// Clients waiting in the listen backlog when the server stops. libmicrohttpd no longer accepts them,
/// and closing the listening socket would reset them — requests the client may have sent and cannot
/// know the fate of. Instead they are accepted here and answered 503 `shutting-down` with
/// `Retry-After: 1` and `Connection: close`: a load balancer retries them on another replica, a
/// client knows to send again. What a client sent is read and dropped first (unread input would make
/// the close a reset that can destroy the answer); the server's side is then shut for writing, and
/// the socket closed once the client has closed its side, or after ``finish(within:)``'s wait.
private final class StoppingRefusals {
    private var open: [Int32] = []
    /// Connections refused so far.
    private(set) var count = 0

    static let answer: [UInt8] = {
        let body = #"{"error":{"code":"shutting-down","message":"the service is stopping and takes no new requests; send the request again (another replica, if there is one, can answer it)"}}"#
        let head = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Retry-After: 1\r\nConnection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n"
        return Array((head + body).utf8)
    }()

    /// Refuses every client waiting on `listenSocket` (non-blocking) now.
    func refuseQueued(on listenSocket: Int32) {
        guard listenSocket >= 0 else { return }
        while true {
            // (accept4 is a GNU extension Glibc's module does not declare.)
            let socket = accept(listenSocket, nil, nil)
            guard socket >= 0 else { break }
            _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            _ = Self.discardInput(socket)
            _ = Self.answer.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            shutdown(socket, Int32(SHUT_WR))
            open.append(socket)
            count += 1
        }
    }

    /// Closes the refused connections whose client has closed its side, dropping what it sent.
    func reap() {
        open.removeAll { socket in
            guard Self.discardInput(socket) else { return false }
            close(socket)
            return true
        }
    }

    /// Waits up to `wait` for the refused clients to close their side, then closes every socket.
    func finish(within wait: Duration) {
        let deadline = ContinuousClock.now + wait
        while !open.isEmpty, ContinuousClock.now < deadline {
            var ready = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&ready, nfds_t(ready.count), 10)
            reap()
        }
        open.forEach { close($0) }
        open = []
    }

    /// Reads and drops what the client sent; whether its side has ended (end of input, or an error).
    private static func discardInput(_ socket: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if got > 0 { continue }
            return got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        }
    }
}

// MARK: - Callbacks

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadDataSize, requestSlot in
    guard let cls, let connection, let uploadDataSize, let requestSlot else { return .NO }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    return context.access(connection: connection, url: url.map { String(cString: $0) } ?? "/",
                          method: method.map { String(cString: $0) } ?? "GET",
                          version: version.map { String(cString: $0) } ?? "HTTP/1.1",
                          upload: uploadData, uploadSize: uploadDataSize, slot: requestSlot)
}

/// Collects a request's header lines for ``requestHeaders(_:)``.
private final class HeaderLines {
    var lines: [(name: String, value: String)] = []
}

/// Every header line of a request, in order, repeated names included (`MHD_lookup_connection_value`
/// answers only the first of a name).
private func requestHeaders(_ connection: OpaquePointer) -> [(name: String, value: String)] {
    let collected = HeaderLines()
    withExtendedLifetime(collected) {
        _ = textfit_mhd_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
            guard let cls, let key else { return .YES }
            Unmanaged<HeaderLines>.fromOpaque(cls).takeUnretainedValue().lines
                .append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return .YES
        }, Unmanaged.passUnretained(collected).toOpaque())
    }
    return collected.lines
}

/// Why a request head's framing or Host is refused (RFC 9112), or `nil`. libmicrohttpd 0.9.75 uses
/// the first of several `Content-Length`s and lets `Transfer-Encoding` win over `Content-Length`
/// without closing the connection, so the bytes after the body it read would be served as another
/// request (request smuggling behind a proxy that framed it the other way); it also takes a request
/// without Host (its `STRICT_FOR_CLIENT` option refuses only that case, with an HTML page).
/// - §6.1: `Transfer-Encoding` with `Content-Length` — refused, and the connection closed.
/// - §6.3: `Content-Length`s that differ — an unrecoverable framing error (equal ones are one length).
/// - §3.2: an HTTP/1.1 request without Host, or any request with more than one Host line.
/// - §5.1: a header name with whitespace (`Content-Length : 5`) or another byte a name cannot have.
///   libmicrohttpd 0.9.75 keeps the name up to the colon as it is (`"Content-Length "`), so it would
///   not see that length and would read the body as the next request.
func framingProblem(headers: [(name: String, value: String)], version: String) -> String? {
    func values(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map { $0.value.trimmingCharacters(in: .whitespaces) }
    }
    if let bad = headers.first(where: { !isToken($0.name) }) {
        let shown = bad.name.count > 64 ? String(bad.name.prefix(64)) + "…" : bad.name
        return "the header name '\(shown)' is not a token: no whitespace may come before its colon (RFC 9112 §5.1); the connection is closed"
    }
    let hosts = values("Host")
    if hosts.count > 1 { return "the request has \(hosts.count) Host headers; one is allowed (RFC 9112 §3.2)" }
    if hosts.isEmpty, version == "HTTP/1.1" { return "an HTTP/1.1 request needs a Host header (RFC 9112 §3.2)" }
    let lengths = values("Content-Length")
    if !lengths.isEmpty, !values("Transfer-Encoding").isEmpty {
        return "the request has both Transfer-Encoding and Content-Length, so where its body ends is ambiguous (RFC 9112 §6.1); the connection is closed"
    }
    if Set(lengths).count > 1 {
        return "the request has Content-Length headers that differ (\(lengths.joined(separator: ", "))), so where its body ends is unknown (RFC 9112 §6.3); the connection is closed"
    }
    return nil
}

/// Whether `name` is an RFC 9110 §5.6.2 token (a valid header name): letters, digits and !#$%&'*+-.^_`|~.
func isToken(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

/// Why a request's `Transfer-Encoding` is not served, or `nil`: only `chunked`, alone and once, is
/// (RFC 9112 §6.1: a server that does not understand a transfer coding answers 501). libmicrohttpd
/// 0.9.75 takes any other value for a body of unknown length and waits for it until the timeout.
func transferEncodingProblem(headers: [(name: String, value: String)]) -> String? {
    let codings = headers.filter { $0.name.caseInsensitiveCompare("Transfer-Encoding") == .orderedSame }
        .map { $0.value.trimmingCharacters(in: .whitespaces) }
    guard !codings.isEmpty else { return nil }
    if codings.count == 1, codings[0].caseInsensitiveCompare("chunked") == .orderedSame { return nil }
    let shown = codings.joined(separator: ", ")
    return "the Transfer-Encoding '\(shown.count > 100 ? String(shown.prefix(100)) + "…" : shown)' is not implemented: only 'chunked' is (RFC 9112 §6.1); the connection is closed"
}

/// Whether `value` is a `Content-Type` the operations take: `application/json`, with at most a
/// `charset=utf-8` parameter (any case, optional quotes and spaces).
func isJSONContentType(_ value: String?) -> Bool {
    guard let value else { return false }
    let parts = value.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    guard parts[0] == "application/json" else { return false }
    return parts.dropFirst().allSatisfy { parameter in
        let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return pair.count == 2 && pair[0] == "charset" && (pair[1] == "utf-8" || pair[1] == "\"utf-8\"")
    }
}

/// Who may call the service, from the address it is bound to (browsers kept out: DNS rebinding and
/// cross-site requests).
///
/// - `Host` must name the server: `host:port` as bound (IPv6 in brackets); on a loopback bind also
///   `localhost`, `127.0.0.1` or `[::1]` with the port; on a wildcard bind (`0.0.0.0`, `::`) any IP
///   literal or `localhost` with the port — never a DNS name, which is what a rebinding attack
///   needs. The port may be left out only when it is 80.
///   Names listed in `allowedHosts` (`--allow-host`) are accepted too: a bare name with any port (a
///   proxy in front may use its own), `name:port` with that port only.
/// - `Origin`, when sent, must be `http://` and one of those names, or listed in `allowedOrigins`.
struct RequestPolicy: Sendable {
    let port: Int
    let wildcard: Bool
    /// Accepted `Host` values, lowercased (without the wildcard case).
    let authorities: Set<String>
    let allowedOrigins: Set<String>
    /// `--allow-host` names: with a port (exact), and without (any port).
    let allowedAuthorities: Set<String>
    let allowedNames: Set<String>

    init(host: String, port: Int, allowedOrigins: [String] = [], allowedHosts: [String] = []) {
        self.port = port
        let literal = host.lowercased()
        func bracketed(_ name: String) -> String { name.contains(":") ? "[\(name)]" : name }
        var names = [bracketed(literal)]
        if literal == "localhost" || literal == "::1" || literal.hasPrefix("127.") {
            names += ["localhost", "127.0.0.1", "[::1]"]
        }
        var v6 = in6_addr()
        wildcard = literal == "0.0.0.0" || (inet_pton(AF_INET6, literal, &v6) == 1 && withUnsafeBytes(of: &v6) { $0.allSatisfy { $0 == 0 } })
        if wildcard { names.append("localhost") }
        authorities = Set(names.map { "\($0):\(port)" } + (port == 80 ? names : []))
        self.allowedOrigins = Set(allowedOrigins.map(Self.normalizedOrigin))
        let hosts = allowedHosts.map { $0.lowercased() }
        func hasPort(_ name: String) -> Bool { name.hasPrefix("[") ? name.contains("]:") : name.contains(":") }
        allowedAuthorities = Set(hosts.filter(hasPort))
        allowedNames = Set(hosts.filter { !hasPort($0) })
    }

    static func normalizedOrigin(_ origin: String) -> String {
        var text = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Whether a `Host` value (`host[:port]`) names this server.
    func acceptsHost(_ value: String) -> Bool {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        if authorities.contains(text) || allowedAuthorities.contains(text) || allowedNames.contains(text) { return true }
        if !allowedNames.isEmpty, let colon = text.lastIndex(of: ":"), !text.hasSuffix("]"),
           allowedNames.contains(String(text[..<colon])), text[text.index(after: colon)...].allSatisfy(\.isASCII),
           Int(text[text.index(after: colon)...]) != nil {
            return true
        }
        guard wildcard else { return false }
        // Any IP literal with our port.
        var name = Substring(text), portText: Substring?
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            name = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                portText = rest.dropFirst()
            }
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, String(name), &v6) == 1 else { return false }
        } else {
            if let colon = text.lastIndex(of: ":") {
                name = text[..<colon]
                portText = text[text.index(after: colon)...]
            }
            var v4 = in_addr()
            guard inet_pton(AF_INET, String(name), &v4) == 1 else { return false }
        }
        guard let portText else { return port == 80 }
        return portText.allSatisfy(\.isASCII) && Int(portText) == port
    }

    /// Whether the server's own origin is `origin` (`http://` and an accepted Host).
    func isOwnOrigin(_ origin: String) -> Bool {
        let text = Self.normalizedOrigin(origin)
        guard text.hasPrefix("http://") else { return false }
        let authority = text.dropFirst("http://".count)
        return !authority.contains("/") && !authority.contains("@") && acceptsHost(String(authority))
    }

    /// Whether `origin` is listed with `--allow-origin`.
    func isListed(_ origin: String) -> Bool { allowedOrigins.contains(Self.normalizedOrigin(origin)) }

    func acceptsOrigin(_ origin: String) -> Bool { isOwnOrigin(origin) || isListed(origin) }
}

/// A JSON error for the statuses ``ServiceError`` has no code for (`{"error": {"code", "message"}}`).
func httpError(_ status: Int, _ code: String, _ message: String) -> ServiceResponse {
    let object: [String: Any] = ["error": ["code": code, "message": message]]
    let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return ServiceResponse(status: status, body: body)
}

/// The playground page's `Content-Security-Policy`: its script and style are inline (so
/// `'unsafe-inline'` for those two only), it fetches only from this server, the SVG preview is
/// inline markup; nothing else loads, and no other site may frame it.
let playgroundContentSecurityPolicy = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    + "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

private let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, requestSlot, _ in
    guard let cls, let requestSlot, let raw = requestSlot.pointee else { return }
    requestSlot.pointee = nil
    let request = Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue()
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    context.completed(request)
    context.connections.responded(UInt(bitPattern: connection))
}

/// Connections opening and closing: tracked for the request deadline (``ConnectionTable``).
private let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, _, event in
    guard let cls, let connection else { return }
    let connections = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().connections
    if event == .CONNECTION_NOTIFY_STARTED {
        if let socket = socketDescriptor(of: connection) { connections.opened(UInt(bitPattern: connection), socket: socket) }
    } else {
        connections.closed(UInt(bitPattern: connection))
    }
}

/// A connection's socket (`union MHD_ConnectionInfo`'s `connect_fd`), through the C shim:
/// `MHD_get_connection_info` is variadic, which Swift does not import.
private func socketDescriptor(of connection: OpaquePointer) -> Int32? {
    let socket = textfit_connection_socket(connection)
    return socket >= 0 ? socket : nil
}

/// One request's state across the access handler's calls (headers, body chunks, end), boxed in
/// `req_cls`; released by the completion callback. A connection is served by one thread at a time;
/// while its connection is suspended, a lane thread reads `route` and `body` and hands the answer
/// over through `handoff` (hence `@unchecked Sendable`: nothing else is shared).
private final class RequestState: @unchecked Sendable {
    let route: Route
    let start = ContinuousClock.now
    var body = Data()
    var received = 0
    var tooLarge = false
    var responded = false
    /// Counted in ``ServerContext/inFlight``.
    var counted = false
    var status = 0
    var errorCode: String?
    /// A listed cross-origin caller: echoed in `Access-Control-Allow-Origin`.
    var corsOrigin: String?
    /// A CORS preflight (`OPTIONS` from a listed origin): the methods its route allows.
    var preflightMethods: [String]?
    /// The bytes of the answer queued (counted in ``ServerContext/pendingAnswerBytes`` until sent).
    var answerBytes = 0
    /// Whether the operation was given to the lane (its connection suspended, then resumed).
    var isOnLane = false
    /// Whether the lane counted the answer in ``ServerContext/pendingAnswerBytes`` already.
    var answerReserved = false
    /// The lane's answer, set once: by the lane thread, or by a stop that gives up on it.
    let handoff = Locked(Handoff())

    struct Handoff {
        /// The answer until the server thread takes it to send.
        var answer: ServiceResponse?
        /// Whether an answer was given (by the lane or by a stop): the first one given is sent.
        var settled = false
    }

    init(route: Route) { self.route = route }
}

/// Where a request goes, decided from its method and path when its headers arrive.
enum Route: Equatable {
    case health, metrics, playground
    case operation(String)
    case notFound(path: String)
    case methodNotAllowed(path: String, allowed: [String])
    /// A method outside RFC 9110's (and PATCH's): 501, whatever the path (RFC 9110 §9.1, §15.6.2).
    case notImplemented

    /// The fixed routes: path → (allowed methods, route).
    static let table: [String: ([String], Route)] = {
        var table: [String: ([String], Route)] = [
            "/healthz": (["GET", "HEAD"], .health),
            "/metrics": (["GET", "HEAD"], .metrics),
            "/": (["GET", "HEAD"], .playground),
            "/v1/fonts": (["GET", "HEAD", "POST"], .operation("fonts")),
        ]
        for operation in ["measure", "layout", "render", "stress-check"] {
            table["/v1/\(operation)"] = (["POST"], .operation(operation))
        }
        return table
    }()

    /// The methods HTTP defines (RFC 9110 §9.3, and PATCH, RFC 5789): any other is not implemented
    /// here; these, when a route does not take them, are not allowed there.
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    static func resolve(method: String, path: String) -> Route {
        guard knownMethods.contains(method) else { return .notImplemented }
        guard let (methods, route) = table[path] else { return .notFound(path: path) }
        return methods.contains(method) ? route : .methodNotAllowed(path: path, allowed: methods)
    }

    /// The `route` label in metrics: the path for known routes, `other` for the rest (bounded labels).
    var label: String {
        switch self {
        case .health: "/healthz"
        case .metrics: "/metrics"
        case .playground: "/"
        case .operation(let name): "/v1/\(name)"
        case .notFound, .notImplemented: "other"
        case .methodNotAllowed(let path, _): path
        }
    }
}

/// What the callbacks see through their `cls` pointer: the dispatcher, the limits in force (the
/// dispatcher's, with the per-address limit resolved), the metrics, the count of requests in flight
/// (for draining on stop) and the open connections' request connections.
private final class ServerContext: Sendable {
    let dispatcher: ServiceDispatcher
    let limits: ServiceLimits
    let metrics: ServiceMetrics
    /// Requests that have arrived whole (or been refused at their head) and are not yet answered:
    /// what a stop waits for. A request still being received is not counted.
    let inFlight = Atomic<Int>(0)
    let connections: ConnectionTable
    /// Where operations run, off libmicrohttpd's threads (so `/healthz` never waits behind them).
    let lane: OperationLane
    /// Operations being computed on the lane, their connections suspended: by request.
    private let suspended = Locked<[ObjectIdentifier: (connection: UInt, request: RequestState)]>([:])
    /// Bytes of answers queued and not yet sent whole (``ServiceLimits/maxPendingAnswerBytes``).
    let pendingAnswerBytes = Atomic<Int>(0)
    /// A chunked body over the cap is read and dropped (memory stays bounded) to answer 413; past
    /// this many bytes beyond the cap the connection is closed instead.
    let discardAllowance = 16 << 20

    let policy: RequestPolicy

    init(dispatcher: ServiceDispatcher, limits: ServiceLimits, metrics: ServiceMetrics, policy: RequestPolicy, listenSocket: Int32,
         threads: Int) {
        self.policy = policy
        self.lane = OperationLane(threads: threads)
        self.dispatcher = dispatcher
        self.limits = limits
        self.metrics = metrics
        let fairness = ConnectionTable.Fairness(
            maxConnections: max(1, limits.maxConnections), slowGrace: .seconds(max(0, limits.slowClientGrace)),
            maxRequests: max(1, limits.maxRequestsPerConnection), maxLifetime: .seconds(max(1, limits.maxConnectionLifetime)))
        connections = ConnectionTable(timeout: .seconds(max(1, limits.requestTimeout)), fairness: fairness,
                                      listenSocket: listenSocket) { reason, count in
            if reason == .requestTimeout { metrics.requestsTimedOut(count) } else { metrics.connectionsClosed(reason: reason.rawValue, count) }
        }
    }

    /// Counts `request` in flight (once): it has arrived whole, or is refused at its head.
    private func beginAnswer(_ request: RequestState) {
        guard !request.counted else { return }
        request.counted = true
        inFlight.add(1, ordering: .acquiringAndReleasing)
    }

    static let playground = Data(PlaygroundPage.html.utf8)

    func access(connection: OpaquePointer, url: String, method: String, version: String, upload: UnsafePointer<CChar>?,
                uploadSize: UnsafeMutablePointer<Int>, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        let limit = dispatcher.limits.maxBodyBytes
        guard let raw = slot.pointee else {
            // First call: headers only.
            let request = RequestState(route: Route.resolve(method: method, path: url))
            slot.pointee = Unmanaged.passRetained(request).toOpaque()
            connections.headArrived(UInt(bitPattern: connection))
            metrics.begin()
            // Ambiguous framing or Host: 400 before any body is read, and the connection closed, so
            // no byte after the head is ever read as another request.
            let headers = requestHeaders(connection)
            if let problem = framingProblem(headers: headers, version: version) {
                connections.received(UInt(bitPattern: connection))
                return respond(connection, request, ServiceError(.invalidRequest, problem).response, close: true)
            }
            if let problem = transferEncodingProblem(headers: headers) {
                connections.received(UInt(bitPattern: connection))
                return respond(connection, request, ServiceError(.notImplemented, problem).response, close: true)
            }
            if let refusal = browserRefusal(headers: headers, method: method, url: url, request: request) {
                connections.received(UInt(bitPattern: connection))
                return respond(connection, request, refusal, close: true)
            }
            // A declared body over the cap is refused before it is read (no 100 Continue is sent);
            // libmicrohttpd closes the connection after this response.
            // (UInt64: libmicrohttpd accepts any length that fits one, and a length over Int.max is over the cap too.)
            if let declared = textfit_mhd_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
               let length = UInt64(String(cString: declared).trimmingCharacters(in: .whitespaces)), length > UInt64(limit) {
                connections.received(UInt(bitPattern: connection))
                return respond(connection, request, Self.tooLarge(limit), close: true)
            }
            // A cross-site form or a `text/plain` fetch (no preflight) is not a JSON body.
            if let refusal = mediaTypeRefusal(headers: headers, method: method, request: request) {
                connections.received(UInt(bitPattern: connection))
                return respond(connection, request, refusal, close: true)
            }
            return .YES
        }
        let request = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        if request.responded { return .YES }
        // Resumed: the lane has computed the answer (or the server is stopping and gave up on it).
        if request.isOnLane {
            // Taken out, so the request does not hold a second copy of the answer while it is sent.
            guard let answer = request.handoff.withLock({ $0.answer.take() }) else { return .YES }
            return respond(connection, request, answer)
        }
        let size = uploadSize.pointee
        if size > 0 {
            request.received += size
            if !request.tooLarge, request.received > limit {
                request.tooLarge = true
                request.body = Data()
            }
            if request.tooLarge {
                if request.received - limit > discardAllowance { return .NO }
            } else if let upload {
                upload.withMemoryRebound(to: UInt8.self, capacity: size) { request.body.append($0, count: size) }
            }
            uploadSize.pointee = 0
            return .YES
        }
        // The request is complete: no deadline while it is answered, however long that takes.
        connections.received(UInt(bitPattern: connection))
        beginAnswer(request)
        if request.tooLarge { return respond(connection, request, Self.tooLarge(limit), close: true) }
        if case .operation = request.route { return runOnLane(connection, request, method: method) }
        return respond(connection, request, answer(request, method: method))
    }

    /// Suspends the connection and computes the operation's answer on the lane, which resumes the
    /// connection to send it; refused with `overloaded` while more than
    /// ``ServiceLimits/maxPendingAnswerBytes`` of answers wait for their clients to read them.
    private func runOnLane(_ connection: OpaquePointer, _ request: RequestState, method: String) -> MHD_Result {
        let pending = pendingAnswerBytes.load(ordering: .relaxed)
        if pending > limits.maxPendingAnswerBytes {
            return respond(connection, request, ServiceError(
                .overloaded, "\(pending) bytes of answers are waiting for their clients to read them, over the limit of "
                    + "\(limits.maxPendingAnswerBytes) (maxPendingAnswerBytes); send the request again in a moment").response)
        }
        let address = UInt(bitPattern: connection)
        request.isOnLane = true
        suspended.withLock { $0[ObjectIdentifier(request)] = (address, request) }
        textfit_mhd_suspend_connection(connection)
        lane.submit { [self] in
            var answer = answer(request, method: method)
            // The answer waits in memory until its client reads it: within the budget, or refused.
            if !reserveAnswerBytes(answer.body.count) {
                answer = ServiceError(.overloaded, "answers waiting for their clients to read them would pass "
                                      + "\(limits.maxPendingAnswerBytes) bytes (maxPendingAnswerBytes) with this one "
                                      + "(\(answer.body.count) bytes); send the request again in a moment").response
                _ = reserveAnswerBytes(answer.body.count, force: true)
            }
            let keep = request.handoff.withLock { handoff -> Bool in
                guard !handoff.settled else { return false }  // given up on: the server is stopping
                handoff.settled = true
                handoff.answer = answer
                request.answerReserved = true  // read by `respond` after it takes the answer under this lock
                return true
            }
            if keep {
                resume(request)
            } else {
                pendingAnswerBytes.subtract(answer.body.count, ordering: .relaxed)
            }
        }
        return .YES
    }

    /// Counts `bytes` of answer in ``pendingAnswerBytes`` if they fit ``ServiceLimits/maxPendingAnswerBytes``
    /// (or `force`, for a short refusal); whether they were counted.
    private func reserveAnswerBytes(_ bytes: Int, force: Bool = false) -> Bool {
        var current = pendingAnswerBytes.load(ordering: .relaxed)
        while true {
            guard force || current == 0 || current + bytes <= limits.maxPendingAnswerBytes else { return false }
            let (exchanged, found) = pendingAnswerBytes.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = found
        }
    }

    /// Resumes a suspended operation's connection, once: the lane or a stop, whichever comes first.
    private func resume(_ request: RequestState) {
        suspended.withLock { table in
            guard let entry = table.removeValue(forKey: ObjectIdentifier(request)) else { return }
            textfit_mhd_resume_connection(OpaquePointer(bitPattern: entry.connection)!)
        }
    }

    /// Gives up on the operations still computing (the server is stopping, its drain time spent):
    /// each is answered 503 `shutting-down`, and every suspended connection resumed, as
    /// libmicrohttpd must have before it stops.
    func abandonOperations() {
        let waiting = suspended.withLock { Array($0.values) }
        for (_, request) in waiting {
            request.handoff.withLock { handoff in
                if !handoff.settled {
                    handoff.settled = true
                    handoff.answer = ServiceError(.shuttingDown, "the service is stopping and gave up on this request; send it again").response
                }
            }
            resume(request)
        }
    }

    /// Keeps browsers out (``RequestPolicy``): a Host that does not name this server is 421
    /// `misdirected-request` (DNS rebinding); an Origin that is neither ours nor listed 403
    /// `forbidden-origin`. A listed
    /// origin's `OPTIONS` preflight is answered 204 here. `nil`: go on.
    /// (The Content-Type check, ``mediaTypeRefusal(headers:method:request:)``, comes after the body cap.)
    private func browserRefusal(headers: [(name: String, value: String)], method: String, url: String,
                                request: RequestState) -> ServiceResponse? {
        func value(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value.trimmingCharacters(in: .whitespaces)
        }
        if let host = value("Host"), !policy.acceptsHost(host) {
            return httpError(421, "misdirected-request",
                             "the Host '\(Self.printable(host))' does not name this server; use "
                                + (policy.authorities.sorted() + policy.allowedNames.sorted() + policy.allowedAuthorities.sorted()).joined(separator: ", ")
                                + (policy.wildcard ? " or an IP address with port \(policy.port)" : "")
                                + " (serve --allow-host NAME accepts another name)")
        }
        if let origin = value("Origin") {
            if !policy.isOwnOrigin(origin) {
                guard policy.isListed(origin) else {
                    return httpError(403, "forbidden-origin",
                                     "requests from the origin '\(Self.printable(origin))' are refused; start the service with --allow-origin \(Self.printable(origin)) to allow them")
                }
                request.corsOrigin = origin
                if method == "OPTIONS", value("Access-Control-Request-Method") != nil, let (methods, _) = Route.table[url] {
                    request.preflightMethods = methods
                    return ServiceResponse(status: 204, contentType: "text/plain", body: Data())
                }
            }
        }
        return nil
    }

    /// A POST to an operation without `Content-Type: application/json`: 415 `unsupported-media-type`.
    private func mediaTypeRefusal(headers: [(name: String, value: String)], method: String, request: RequestState) -> ServiceResponse? {
        guard method == "POST", case .operation = request.route else { return nil }
        let type = headers.first { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
            .trimmingCharacters(in: .whitespaces)
        if isJSONContentType(type) { return nil }
        let named = type.map { "'\(Self.printable($0))'" } ?? "none"
        return httpError(415, "unsupported-media-type",
                         "the request body must be Content-Type: application/json (optionally ; charset=utf-8), got \(named)")
    }

    static func tooLarge(_ limit: Int) -> ServiceResponse {
        ServiceError(.payloadTooLarge, "the request body is over the \(limit)-byte limit (maxBodyBytes)").response
    }

    private func answer(_ request: RequestState, method: String) -> ServiceResponse {
        switch request.route {
        case .health:
            return ServiceResponse(status: 200, body: Data(#"{"status":"ok"}"#.utf8))
        case .metrics:
            let caches = ServiceMetrics.snapshots(of: dispatcher.engine)
            let text = metrics.render(cache: caches, limits: limits, openConnections: connections.count,
                                      lane: (operations: lane.depth, pendingAnswerBytes: pendingAnswerBytes.load(ordering: .relaxed)))
            return ServiceResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Data(text.utf8))
        case .playground:
            return ServiceResponse(status: 200, contentType: "text/html; charset=utf-8", body: Self.playground)
        case .operation(let name):
            let body = method == "POST" ? request.body : Data("{}".utf8)
            return dispatcher.handle(name, body: body)
        case .notFound(let path):
            let routes = Route.table.keys.sorted().joined(separator: ", ")
            return ServiceError(.notFound, "no route for \(Self.printable(path)) (routes: \(routes))").response
        case .methodNotAllowed(let path, let allowed):
            return ServiceError(.methodNotAllowed, "\(Self.printable(method)) is not allowed on \(path) (allowed: \(allowed.joined(separator: ", ")))").response
        case .notImplemented:
            return ServiceError(.notImplemented, "the method \(Self.printable(method)) is not implemented (GET, HEAD and POST are)").response
        }
    }

    /// A client-supplied string shortened for an error message.
    private static func printable(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    private func respond(_ connection: OpaquePointer, _ request: RequestState, _ response: ServiceResponse,
                         close: Bool = false) -> MHD_Result {
        beginAnswer(request)
        request.responded = true
        request.status = response.status
        request.answerBytes = response.body.count
        if !request.answerReserved { pendingAnswerBytes.add(response.body.count, ordering: .relaxed) }
        // The connection's last answer (its request or time allowance is spent, or the server is
        // stopping) says so, and libmicrohttpd closes the connection once it is sent.
        let close = close || connections.shouldClose(UInt(bitPattern: connection))
        if response.status >= 400 { request.errorCode = Self.errorCode(response) }
        let made = response.body.withUnsafeBytes { bytes in
            textfit_mhd_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { textfit_mhd_destroy_response(made) }
        if request.preflightMethods == nil { textfit_mhd_add_response_header(made, "Content-Type", response.contentType) }
        textfit_mhd_add_response_header(made, "Cache-Control", "no-store")
        textfit_mhd_add_response_header(made, "X-Content-Type-Options", "nosniff")
        if request.route == .playground, response.status == 200 {
            textfit_mhd_add_response_header(made, "Content-Security-Policy", playgroundContentSecurityPolicy)
            textfit_mhd_add_response_header(made, "X-Frame-Options", "DENY")
            textfit_mhd_add_response_header(made, "Referrer-Policy", "no-referrer")
        }
        if let origin = request.corsOrigin {
            textfit_mhd_add_response_header(made, "Access-Control-Allow-Origin", origin)
            textfit_mhd_add_response_header(made, "Vary", "Origin")
        }
        if let methods = request.preflightMethods {
            textfit_mhd_add_response_header(made, "Access-Control-Allow-Methods", methods.joined(separator: ", "))
            textfit_mhd_add_response_header(made, "Access-Control-Allow-Headers", "Content-Type")
            textfit_mhd_add_response_header(made, "Access-Control-Max-Age", "600")
        }
        if case .methodNotAllowed(_, let allowed) = request.route, request.preflightMethods == nil {
            textfit_mhd_add_response_header(made, "Allow", allowed.joined(separator: ", "))
        }
        if close { textfit_mhd_add_response_header(made, "Connection", "close") }
        return textfit_mhd_queue_response(connection, UInt32(response.status), made)
    }

    /// The `code` of a JSON error body, or `http-<status>` when the body is not one.
    private static func errorCode(_ response: ServiceResponse) -> String {
        if response.contentType.hasPrefix("application/json"),
           let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
           let error = object["error"] as? [String: Any], let code = error["code"] as? String,
           code.count <= 64, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            return code
        }
        return "http-\(response.status)"
    }

    func completed(_ request: RequestState) {
        if request.counted { inFlight.subtract(1, ordering: .acquiringAndReleasing) }
        pendingAnswerBytes.subtract(request.answerBytes, ordering: .relaxed)
        let elapsed = ContinuousClock.now - request.start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        // A request closed before it was answered (client gone, timeout) is counted as status 0.
        metrics.record(route: request.route.label, status: request.status, errorCode: request.errorCode,
                       seconds: seconds, bodyBytes: request.tooLarge ? 0 : request.body.count)
    }
}
