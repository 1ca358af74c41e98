import Foundation
import TextFit

/// Counters and a latency histogram for the HTTP service, shared by all of the server's threads
/// (one lock; recording is a few dictionary updates, far below a request's cost), rendered in
/// the Prometheus text exposition format (version 0.0.4) by ``render(cache:limits:)``.
///
/// Label values are bounded: routes are the fixed route names (unknown paths are counted as
/// `other`), statuses are HTTP statuses, error codes are ``ServiceError/Code`` raw values.
public final class ServiceMetrics: Sendable {
    /// Upper bounds of the latency histogram's buckets, in seconds: 0.1 ms … 1 s (`+Inf` is implied).
    public static let latencyBuckets: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1,
    ]

    struct RouteStatus: Hashable, Sendable {
        let route: String
        let status: Int
    }

    struct Histogram: Sendable {
        /// Non-cumulative counts per bucket; the last slot is `+Inf`.
        var buckets = [Int](repeating: 0, count: ServiceMetrics.latencyBuckets.count + 1)
        var sum = 0.0
        var count = 0

        mutating func observe(_ seconds: Double) {
            let index = ServiceMetrics.latencyBuckets.firstIndex { seconds <= $0 } ?? ServiceMetrics.latencyBuckets.count
            buckets[index] += 1
            sum += seconds
            count += 1
        }
    }

    struct State: Sendable {
        var requests: [RouteStatus: Int] = [:]
        var errors: [String: Int] = [:]
        var latency: [String: Histogram] = [:]
        var inFlight = 0
        var bodyBytes = 0
        var timedOut = 0
        var closedConnections: [String: Int] = [:]
        var refusedStopping = 0
    }

    private let state = Locked(State())
    private let started = ContinuousClock.now

    public init() {}

    /// A request began (its headers arrived).
    public func begin() {
        state.withLock { $0.inFlight += 1 }
    }

    /// Records one finished request: its route name, HTTP status, the error code when it failed, its
    /// latency in seconds and the request body's size. Balances one ``begin()``.
    public func record(route: String, status: Int, errorCode: String?, seconds: Double, bodyBytes: Int = 0) {
        state.withLock { state in
            state.inFlight -= 1
            state.requests[RouteStatus(route: route, status: status), default: 0] += 1
            if let errorCode { state.errors[errorCode, default: 0] += 1 }
            state.latency[route, default: Histogram()].observe(max(0, seconds))
            state.bodyBytes += bodyBytes
        }
    }

    /// `count` connections were closed because their request did not arrive whole within
    /// ``ServiceLimits/requestTimeout``.
    public func requestsTimedOut(_ count: Int) {
        state.withLock { $0.timedOut += count }
    }

    /// `count` connections were closed to make room for waiting clients, `reason` `idle` or `slow`
    /// (see ``ServiceLimits/slowClientGrace``).
    public func connectionsClosed(reason: String, _ count: Int) {
        state.withLock { $0.closedConnections[reason, default: 0] += count }
    }

    /// Connections closed for `reason` so far (``connectionsClosed(reason:_:)``).
    public func closedConnections(reason: String) -> Int {
        state.withLock { $0.closedConnections[reason] ?? 0 }
    }

    /// Connections that arrived while the server was stopping and were answered 503 `unavailable`.
    public func refusedWhileStopping(_ count: Int) {
        state.withLock { $0.refusedStopping += count }
    }

    /// ``refusedWhileStopping(_:)``'s total.
    public var refusedStopping: Int { state.withLock { $0.refusedStopping } }

    /// Connections closed by the request deadline so far.
    public var timedOut: Int { state.withLock { $0.timedOut } }

    /// Requests whose headers have arrived and whose response has not finished.
    public var inFlight: Int { state.withLock { $0.inFlight } }

    /// Requests recorded for a route and status (for tests and logs).
    public func requests(route: String, status: Int) -> Int {
        state.withLock { $0.requests[RouteStatus(route: route, status: status)] ?? 0 }
    }

    /// Errors recorded with a code.
    public func errors(code: String) -> Int { state.withLock { $0.errors[code] ?? 0 } }

    /// A cache's state (``CacheReport``): its entries, bytes and evictions, hits and misses, bounds.
    public struct CacheSnapshot: Sendable, Equatable {
        public var name: String
        public var hits: Int
        public var misses: Int
        public var count: Int
        public var capacity: Int?
        /// The bytes its entries hold, where the cache counts them.
        public var bytes: Int?
        /// Entries dropped to stay within the bounds.
        public var evictions: Int

        public init(name: String, hits: Int, misses: Int, count: Int, capacity: Int?, bytes: Int? = nil, evictions: Int = 0) {
            self.name = name
            self.hits = hits
            self.misses = misses
            self.count = count
            self.capacity = capacity
            self.bytes = bytes
            self.evictions = evictions
        }

        public init(_ report: CacheReport) {
            self.init(name: report.name, hits: report.hits, misses: report.misses, count: report.entries, capacity: report.capacity,
                      bytes: report.bytes, evictions: report.evictions)
        }
    }

    /// Every cache a request can fill, as the engine's shaper and font library report them, the
    /// text cache layouts measure with (``TextMeasurementCache/shared``), and the locales made
    /// canonical (``CanonicalLocale``, `locales`).
    public static func snapshots(of engine: TextFitEngine) -> [CacheSnapshot] {
        let text = TextMeasurementCache.shared
        let statistics = text.statistics
        return engine.shaper.cacheReports.map(CacheSnapshot.init)
            + [CacheSnapshot(name: "paragraphs", hits: statistics.reuses.values.reduce(0, +),
                             misses: statistics.paragraphsBuilt + statistics.paragraphsResized, count: text.count,
                             capacity: text.paragraphCapacity, bytes: text.bytes, evictions: statistics.paragraphsEvicted),
               CacheSnapshot(CanonicalLocale.cacheReport)]
    }

    /// The metrics in the Prometheus text format, with the caches' hit rates, the open connections
    /// and the HTTP server's operation lane (when known: the operations queued or running, and the
    /// bytes of answers not yet sent whole) and the service's limits.
    public func render(cache: [CacheSnapshot], limits: ServiceLimits, openConnections: Int? = nil,
                       lane: (operations: Int, pendingAnswerBytes: Int)? = nil) -> String {
        let state = self.state.withLock { $0 }
        var out = ""
        func family(_ name: String, _ type: String, _ help: String) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        func sample(_ name: String, _ labels: [(String, String)], _ value: String) {
            if labels.isEmpty {
                out += "\(name) \(value)\n"
            } else {
                let rendered = labels.map { "\($0.0)=\"\(Self.escape($0.1))\"" }.joined(separator: ",")
                out += "\(name){\(rendered)} \(value)\n"
            }
        }

        family("textfit_http_requests_total", "counter", "HTTP requests answered, by route and status.")
        for key in state.requests.keys.sorted(by: { ($0.route, $0.status) < ($1.route, $1.status) }) {
            sample("textfit_http_requests_total", [("route", key.route), ("status", String(key.status))], String(state.requests[key]!))
        }

        family("textfit_http_errors_total", "counter", "Error responses, by stable error code.")
        for code in state.errors.keys.sorted() {
            sample("textfit_http_errors_total", [("code", code)], String(state.errors[code]!))
        }

        family("textfit_http_request_duration_seconds", "histogram",
               "Time from a request's headers to the end of its response, by route.")
        for route in state.latency.keys.sorted() {
            let histogram = state.latency[route]!
            var cumulative = 0
            for (index, bound) in Self.latencyBuckets.enumerated() {
                cumulative += histogram.buckets[index]
                sample("textfit_http_request_duration_seconds_bucket", [("route", route), ("le", Self.number(bound))], String(cumulative))
            }
            cumulative += histogram.buckets[Self.latencyBuckets.count]
            sample("textfit_http_request_duration_seconds_bucket", [("route", route), ("le", "+Inf")], String(cumulative))
            sample("textfit_http_request_duration_seconds_sum", [("route", route)], Self.number(histogram.sum))
            sample("textfit_http_request_duration_seconds_count", [("route", route)], String(histogram.count))
        }

        family("textfit_http_requests_in_flight", "gauge", "Requests being received, handled or sent.")
        sample("textfit_http_requests_in_flight", [], String(state.inFlight))
        family("textfit_http_request_body_bytes_total", "counter", "Request body bytes accepted.")
        sample("textfit_http_request_body_bytes_total", [], String(state.bodyBytes))
        family("textfit_http_request_timeouts_total", "counter",
               "Connections closed because a request did not arrive whole within requestTimeout.")
        sample("textfit_http_request_timeouts_total", [], String(state.timedOut))
        family("textfit_http_connections_closed_total", "counter",
               "Connections the server closed to make room for waiting clients: idle between requests, or slow to send one.")
        for reason in ["idle", "slow"] {
            sample("textfit_http_connections_closed_total", [("reason", reason)], String(state.closedConnections[reason] ?? 0))
        }
        family("textfit_http_refused_stopping_total", "counter",
               "Connections answered 503 because they arrived while the server was stopping.")
        sample("textfit_http_refused_stopping_total", [], String(state.refusedStopping))
        if let openConnections {
            family("textfit_http_connections_open", "gauge", "HTTP connections open, idle or not.")
            sample("textfit_http_connections_open", [], String(openConnections))
        }
        if let lane {
            family("textfit_http_operations_queued", "gauge", "Operations waiting for or running on the operation threads.")
            sample("textfit_http_operations_queued", [], String(lane.operations))
            family("textfit_http_pending_answer_bytes", "gauge", "Bytes of answers queued and not yet sent whole (maxPendingAnswerBytes).")
            sample("textfit_http_pending_answer_bytes", [], String(lane.pendingAnswerBytes))
        }

        family("textfit_cache_hits_total", "counter", "Shaping cache hits.")
        for c in cache { sample("textfit_cache_hits_total", [("cache", c.name)], String(c.hits)) }
        family("textfit_cache_misses_total", "counter", "Shaping cache misses.")
        for c in cache { sample("textfit_cache_misses_total", [("cache", c.name)], String(c.misses)) }
        family("textfit_cache_hit_ratio", "gauge", "Shaping cache hits / (hits + misses); 0 before any lookup.")
        for c in cache {
            let lookups = c.hits + c.misses
            sample("textfit_cache_hit_ratio", [("cache", c.name)], Self.number(lookups == 0 ? 0 : Double(c.hits) / Double(lookups)))
        }
        family("textfit_cache_entries", "gauge", "Entries held in a shaping cache.")
        for c in cache { sample("textfit_cache_entries", [("cache", c.name)], String(c.count)) }
        let counted = cache.filter { $0.bytes != nil }
        if !counted.isEmpty {
            family("textfit_cache_bytes", "gauge", "Bytes a cache's entries hold, as it estimates them.")
            for c in counted { sample("textfit_cache_bytes", [("cache", c.name)], String(c.bytes!)) }
        }
        family("textfit_cache_evictions_total", "counter", "Entries a cache dropped to stay within its bounds.")
        for c in cache { sample("textfit_cache_evictions_total", [("cache", c.name)], String(c.evictions)) }
        let bounded = cache.filter { $0.capacity != nil }
        if !bounded.isEmpty {
            family("textfit_cache_capacity", "gauge", "The most entries a shaping cache keeps (its memory bound).")
            for c in bounded { sample("textfit_cache_capacity", [("cache", c.name)], String(c.capacity!)) }
        }

        family("textfit_limit", "gauge", "The service's configured limits.")
        let limitValues: [(String, Int)] = [
            ("maxBodyBytes", limits.maxBodyBytes), ("maxTexts", limits.maxTexts), ("maxTextScalars", limits.maxTextScalars),
            ("maxElements", limits.maxElements), ("maxDepth", limits.maxDepth), ("maxConnections", limits.maxConnections),
            ("maxConnectionsPerIP", limits.maxConnectionsPerIP ?? 0), ("connectionTimeoutSeconds", limits.connectionTimeout),
            ("requestTimeoutSeconds", limits.requestTimeout), ("connectionMemoryBytes", limits.connectionMemoryBytes),
            ("maxAnswerBytes", limits.maxAnswerBytes), ("maxPendingAnswerBytes", limits.maxPendingAnswerBytes),
            ("maxCombiningRun", limits.maxCombiningRun),
            ("slowClientGraceSeconds", limits.slowClientGrace), ("maxRequestsPerConnection", limits.maxRequestsPerConnection),
            ("maxConnectionLifetimeSeconds", limits.maxConnectionLifetime),
        ]
        for (name, value) in limitValues { sample("textfit_limit", [("name", name)], String(value)) }

        family("textfit_uptime_seconds", "gauge", "Seconds since the metrics were created.")
        let uptime = ContinuousClock.now - started
        sample("textfit_uptime_seconds", [], Self.number(Double(uptime.components.seconds) + Double(uptime.components.attoseconds) * 1e-18))
        return out
    }

    /// A sample value or `le` bound: integers without a fraction, others in Swift's shortest form.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// Escapes a label value (backslash, double quote, line feed).
    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
