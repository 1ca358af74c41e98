import Foundation
import Testing
import TextFit
@testable import Service

/// Checks a Prometheus text exposition: every line a `# HELP`/`# TYPE` comment or a sample
/// `name{label="value",…} number`, every sample's family declared by a TYPE line before it.
/// Returns the samples as `name{labels}` → value.
func parsePrometheus(_ text: String) throws -> [String: Double] {
    let sample = try Regex(#"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*)?\})? (\S+)$"#)
    var types: [String: String] = [:]
    var samples: [String: Double] = [:]
    #expect(text.hasSuffix("\n"))
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        if line.hasPrefix("# HELP ") { continue }
        if line.hasPrefix("# TYPE ") {
            let parts = line.split(separator: " ")
            #expect(parts.count == 4 && ["counter", "gauge", "histogram"].contains(String(parts[3])), "\(line)")
            types[String(parts[2])] = String(parts[3])
            continue
        }
        guard let match = try sample.wholeMatch(in: String(line)) else {
            Issue.record("not a Prometheus sample: '\(line)'")
            continue
        }
        let name = String(match.output[1].substring!)
        let family = types[name] != nil ? name
            : name.replacing(/_(bucket|sum|count)$/, with: "")
        #expect(types[family] != nil, "\(name) has no TYPE line before it")
        let valueText = String(match.output[match.output.count - 1].substring!)
        guard let value = Double(valueText.replacingOccurrences(of: "+Inf", with: "inf")) else {
            Issue.record("bad value in '\(line)'")
            continue
        }
        let key = String(line.dropLast(valueText.count + 1))
        #expect(samples[key] == nil, "duplicate sample \(key)")
        samples[key] = value
    }
    return samples
}

@Suite("Metrics")
struct MetricsTests {
    @Test func histogramBucketsAreCumulative() throws {
        let metrics = ServiceMetrics()
        for seconds in [0.00005, 0.0003, 0.0003, 0.002, 0.7, 3.0] {
            metrics.begin()
            metrics.record(route: "/v1/measure", status: 200, errorCode: nil, seconds: seconds)
        }
        metrics.begin()
        metrics.record(route: "/v1/measure", status: 422, errorCode: "limit-exceeded", seconds: 0.001)
        let samples = try parsePrometheus(metrics.render(cache: [], limits: ServiceLimits()))
        func bucket(_ le: String) -> Double? { samples[#"textfit_http_request_duration_seconds_bucket{route="/v1/measure",le="\#(le)"}"#] }
        #expect(bucket("0.0001") == 1)
        #expect(bucket("0.00025") == 1)
        #expect(bucket("0.0005") == 3)
        #expect(bucket("0.001") == 4)
        #expect(bucket("0.0025") == 5)
        #expect(bucket("0.5") == 5)
        #expect(bucket("1") == 6)
        #expect(bucket("+Inf") == 7)
        #expect(samples[#"textfit_http_request_duration_seconds_count{route="/v1/measure"}"#] == 7)
        let sum = try #require(samples[#"textfit_http_request_duration_seconds_sum{route="/v1/measure"}"#])
        #expect(abs(sum - 3.70365) < 1e-9)
        #expect(samples[#"textfit_http_requests_total{route="/v1/measure",status="200"}"#] == 6)
        #expect(samples[#"textfit_http_requests_total{route="/v1/measure",status="422"}"#] == 1)
        #expect(samples[#"textfit_http_errors_total{code="limit-exceeded"}"#] == 1)
        #expect(samples["textfit_http_requests_in_flight"] == 0)
        #expect(samples[#"textfit_limit{name="maxBodyBytes"}"#] == 1_048_576)
    }

    @Test func cacheHitRatesAndBounds() throws {
        let caches = [ServiceMetrics.CacheSnapshot(name: "lines", hits: 3, misses: 1, count: 1, capacity: 8),
                      ServiceMetrics.CacheSnapshot(name: "runs", hits: 0, misses: 0, count: 0, capacity: nil)]
        let samples = try parsePrometheus(ServiceMetrics().render(cache: caches, limits: ServiceLimits()))
        #expect(samples[#"textfit_cache_hit_ratio{cache="lines"}"#] == 0.75)
        #expect(samples[#"textfit_cache_hit_ratio{cache="runs"}"#] == 0)
        #expect(samples[#"textfit_cache_hits_total{cache="lines"}"#] == 3)
        #expect(samples[#"textfit_cache_misses_total{cache="lines"}"#] == 1)
        #expect(samples[#"textfit_cache_capacity{cache="lines"}"#] == 8)
        #expect(samples[#"textfit_cache_capacity{cache="runs"}"#] == nil)
    }

    @Test("Every cache a request can fill is reported with its entries, bytes and evictions (issue 27)")
    func everyCacheReported() throws {
        let engine = try ServiceFixtures.engine.get()
        _ = try engine.measure(MeasureRequest(texts: ["Settings", "Настройки"], locale: "de"))
        let snapshots = ServiceMetrics.snapshots(of: engine)
        #expect(Set(snapshots.map(\.name)).isSuperset(of: ["lines", "runs", "styles", "fontMatches", "fallbackChains", "fontInstances", "paragraphs"]))
        let samples = try parsePrometheus(ServiceMetrics().render(cache: snapshots, limits: ServiceLimits()))
        #expect(samples[#"textfit_cache_entries{cache="fontMatches"}"#].map { $0 >= 1 } == true)
        #expect(samples[#"textfit_cache_bytes{cache="fontMatches"}"#].map { $0 > 0 } == true)
        #expect(samples[#"textfit_cache_evictions_total{cache="styles"}"#] == 0)
        #expect(samples[#"textfit_cache_capacity{cache="fallbackChains"}"#] == 512)
    }

    @Test func labelValuesAreEscaped() throws {
        let metrics = ServiceMetrics()
        metrics.begin()
        metrics.record(route: "a\"b\\c\nd", status: 500, errorCode: nil, seconds: 0)
        let text = metrics.render(cache: [], limits: ServiceLimits())
        #expect(text.contains(#"route="a\"b\\c\nd""#))
        _ = try parsePrometheus(text)
    }

    @Test func metricsEndpointCountsRequestsAndShowsCaches() throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            for _ in 0..<3 { _ = try client.request("GET", "/healthz") }
            _ = try client.request("GET", "/missing")
            _ = try client.request("GET", "/v1/measure")
            #expect(waitUntil { server.metrics.requests(route: "/v1/measure", status: 405) == 1 })
            // Warm the shaping caches so the hit counters move.
            _ = server.dispatcher.engine.shaper.cacheStatistics
            let reply = try client.request("GET", "/metrics")
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
            let samples = try parsePrometheus(reply.text)
            #expect(samples[#"textfit_http_requests_total{route="/healthz",status="200"}"#] == 3)
            #expect(samples[#"textfit_http_requests_total{route="other",status="404"}"#] == 1)
            #expect(samples[#"textfit_http_requests_total{route="/v1/measure",status="405"}"#] == 1)
            #expect(samples[#"textfit_http_errors_total{code="not-found"}"#] == 1)
            #expect(samples[#"textfit_http_errors_total{code="method-not-allowed"}"#] == 1)
            #expect(samples[#"textfit_http_request_duration_seconds_count{route="/healthz"}"#] == 3)
            #expect(samples[#"textfit_http_request_duration_seconds_bucket{route="/healthz",le="+Inf"}"#] == 3)
            // The /metrics request itself is in flight while it renders.
            #expect(samples["textfit_http_requests_in_flight"] == 1)
            let statistics = server.dispatcher.engine.shaper.cacheStatistics
            #expect(samples[#"textfit_cache_capacity{cache="lines"}"#] == 8_192)
            #expect(samples[#"textfit_cache_capacity{cache="runs"}"#] == 32_768)
            #expect(try #require(samples[#"textfit_cache_hits_total{cache="lines"}"#]) <= Double(statistics.lines.hits))
            #expect(samples[#"textfit_cache_entries{cache="runs"}"#] != nil)
            #expect(samples[#"textfit_limit{name="maxConnections"}"#] == 64)
            // Buckets never decrease.
            var previous = 0.0
            for le in ServiceMetrics.latencyBuckets.map(ServiceMetrics.number) + ["+Inf"] {
                let value = try #require(samples[#"textfit_http_request_duration_seconds_bucket{route="/healthz",le="\#(le)"}"#])
                #expect(value >= previous)
                previous = value
            }
        }
    }
}
