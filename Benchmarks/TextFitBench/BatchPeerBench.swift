// `make bench-peers`' service row (issue 30): TextFit's HTTP service answering `measure` requests
// of 100 texts each (width 200, the body style), from two keep-alive client connections at once,
// over the same distinct tags `textfit measure --file` is timed on (run.py writes them: the corpus
// tags, then each again with " 2", " 3", … after it, 20,500 lines). The server runs in this process
// (the libmicrohttpd server `textfit serve --http` runs), on every core; one untimed pass first
// (as a running service has its fonts open), then `reps` timed passes. ns_per_item = a pass's wall
// time ÷ texts.
import Foundation
import Service
import Synchronization
import TextFit
#if canImport(Glibc)
import Glibc
#endif

func runServiceBatchesPeer(corpus path: String, reps: Int) {
    guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    let texts = contents.split(separator: "\n").map(String.init)
    guard let engine = try? TextFitEngine(bundledOnly: true) else { fail("cannot open the bundled fonts") }
    let batch = 100, connections = 2
    let bodies = stride(from: 0, to: texts.count, by: batch).map { start in
        try! JSONSerialization.data(withJSONObject: ["texts": Array(texts[start..<min(start + batch, texts.count)]), "width": 200])
    }
    let server = HTTPServer(dispatcher: ServiceDispatcher(engine: engine), port: 0)
    do { try server.start() } catch { fail("cannot start the HTTP server: \(error)") }
    defer { server.stop() }
    let port = server.port

    /// One pass: every body sent once, the connections taking the next body as they finish one.
    func pass() -> (seconds: Double, bytes: Int) {
        let next = Atomic<Int>(0), bytes = Atomic<Int>(0), failures = Atomic<Int>(0)
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: connections) { _ in
            guard var client = KeepAliveClient(port: port) else {
                failures.add(1, ordering: .relaxed)
                return
            }
            while case let index = next.add(1, ordering: .relaxed).oldValue, index < bodies.count {
                if client.closedByServer, let fresh = KeepAliveClient(port: port) { client = fresh }
                let (status, length) = client.postCountingBody("/v1/measure", body: bodies[index])
                guard status == 200 else {
                    failures.add(1, ordering: .relaxed)
                    return
                }
                bytes.add(length, ordering: .relaxed)
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard failures.load(ordering: .relaxed) == 0 else { fail("service-batches: a request failed") }
        return (seconds, bytes.load(ordering: .relaxed))
    }
    _ = pass()
    var samples: [Double] = [], answerBytes = 0
    for _ in 0..<max(1, reps) {
        let (seconds, bytes) = pass()
        samples.append(seconds * 1e9 / Double(texts.count))
        answerBytes = bytes
    }
    let notes = "HTTP service (in-process libmicrohttpd server, every core): measure requests of \(batch) texts at width 200, "
        + "\(connections) keep-alive connections, \(texts.count) distinct tags per pass; ns per text"
    print("{\"peer\": \"textfit\", \"version\": \"TextFit (release build)\", \"workload\": \"service-batches\", \"items\": \(texts.count), "
          + "\"characters\": \(texts.reduce(0) { $0 + $1.unicodeScalars.count }), "
          + "\"ns_per_item\": [\(samples.map { String(format: "%.6f", $0) }.joined(separator: ", "))], "
          + "\"sums\": {\"answer_bytes\": \(answerBytes), \"requests\": \(bodies.count)}, \"notes\": \"\(notes)\"}")
}
