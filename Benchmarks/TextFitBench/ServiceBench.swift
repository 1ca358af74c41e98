// Service benchmark (issue 7): `measure` of single tags in-process (ServiceDispatcher.handle, JSON
// in and out), over stdio (the JSON-lines server on a pair of pipes) and over HTTP/1.1 keep-alive on
// loopback (the libmicrohttpd server in-process, a minimal socket client), one request in flight at a
// time, so the transport's cost shows. Requests per second and p50/p99 latency.
//
// Entry point: `runServiceBenchmark(library:corpusDirectory:)`, called from main.swift.
import Foundation
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

/// The corpus's tags (`tags.tsv` in `corpusDirectory`) and an engine on the bundled fonts; `nil`,
/// having said so, when either cannot be had.
private func corpusTagsAndEngine(_ corpusDirectory: String, for benchmark: String) -> (tags: [String], engine: TextFitEngine)? {
    guard let contents = try? String(contentsOfFile: corpusDirectory + "/tags.tsv", encoding: .utf8),
          let engine = try? TextFitEngine(bundledOnly: true) else {
        print("\(benchmark): cannot read the corpus or the fonts")
        return nil
    }
    return (contents.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").last.map(String.init) }, engine)
}

func runServiceBenchmark(corpusDirectory: String) {
    guard let (tags, engine) = corpusTagsAndEngine(corpusDirectory, for: "service benchmark") else { return }
    let bodies = tags.map { tag in try! JSONSerialization.data(withJSONObject: ["texts": [tag], "style": "body"]) }
    let dispatcher = ServiceDispatcher(engine: engine)
    for body in bodies { _ = dispatcher.handle("measure", body: body) }  // warm the caches: both passes see warm fonts and lines

    func report(_ name: String, _ latencies: [Double]) {
        let sorted = latencies.sorted()
        let total = latencies.reduce(0, +)
        print(String(format: "  %-34@ %9.0f req/s   p50 %7.1f µs   p99 %7.1f µs", name as NSString,
                     Double(latencies.count) / total, sorted[sorted.count / 2] * 1e6, sorted[sorted.count * 99 / 100] * 1e6))
    }
    runJSONWriterBenchmark(engine: engine, tags: tags)
    print("\nService benchmark: measure one tag per request, \(bodies.count) requests per pass, warm caches")

    var inProcess: [Double] = []
    for _ in 0..<3 {
        for body in bodies {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = dispatcher.handle("measure", body: body)
            inProcess.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    report("in-process (JSON in and out)", inProcess)

    // stdio: the server loop on a thread, the client writing one line and reading one line at a time.
    let toServer = Pipe(), fromServer = Pipe()
    let server = StdioServer(dispatcher: dispatcher)
    let thread = Thread { server.run(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting) }
    thread.start()
    let lines = bodies.enumerated().map { index, body in
        Data(#"{"id":\#(index),"op":"measure","params":"#.utf8) + body + Data("}\n".utf8)
    }
    var stdio: [Double] = []
    var buffer = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let readFD = fromServer.fileHandleForReading.fileDescriptor, writeFD = toServer.fileHandleForWriting.fileDescriptor
    for _ in 0..<3 {
        for line in lines {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = line.withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count) }
            while !buffer.contains(0x0A) {
                let count = chunk.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
                if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
            }
            buffer = buffer[(buffer.firstIndex(of: 0x0A)! + 1)...]
            stdio.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    try? toServer.fileHandleForWriting.close()
    report("stdio (JSON lines over pipes)", stdio)

    // HTTP: the server in-process on a free loopback port; one keep-alive client, one request in flight.
    let httpServer = HTTPServer(dispatcher: dispatcher, port: 0)
    do { try httpServer.start() } catch {
        print("  HTTP: cannot start the server (\(error))")
        return
    }
    defer { httpServer.stop() }
    guard var client = KeepAliveClient(port: httpServer.port) else {
        print("  HTTP: cannot connect")
        return
    }
    var http: [Double] = []
    for _ in 0..<3 {
        for body in bodies {
            // The server closes a connection after its request allowance (1,000, issue 27): reconnect,
            // untimed, as a client does.
            if client.closedByServer {
                guard let fresh = KeepAliveClient(port: httpServer.port) else {
                    print("  HTTP: cannot reconnect")
                    return
                }
                client = fresh
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let status = client.post("/v1/measure", body: body)
            guard status == 200 else {
                print("  HTTP: request \(http.count + 1) failed (status \(status), 0: the connection)")
                return
            }
            http.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    report("HTTP/1.1 keep-alive (loopback)", http)
}

/// The smallest HTTP/1.1 keep-alive client that measures a server: POST, read the status line,
/// headers and a Content-Length body.
final class KeepAliveClient {
    let fd: Int32
    let port: Int
    private var buffer: [UInt8] = []
    /// Whether the last response said `Connection: close`.
    private(set) var closedByServer = false

    init?(port: Int) {
        self.port = port
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if fd < 0 || connected != 0 { return nil }
    }

    deinit { close(fd) }

    /// Sends one request and reads its whole response; returns the status (0 on failure).
    func post(_ path: String, body: Data) -> Int { postCountingBody(path, body: body).status }

    /// Sends one request and reads its whole response; returns the status (0 on failure) and the
    /// body's length.
    func postCountingBody(_ path: String, body: Data) -> (status: Int, length: Int) {
        let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        let request = Data(head.utf8) + body
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        guard sent == request.count else { return (0, 0) }
        var headerEnd: Int?
        while headerEnd == nil {
            guard fill() else { return (0, 0) }
            headerEnd = find([13, 10, 13, 10])
        }
        let headers = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
        let status = Int(headers.split(separator: " ").dropFirst().first ?? "") ?? 0
        closedByServer = headers.lowercased().contains("\r\nconnection: close")
        let length = headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        while buffer.count < headerEnd! + 4 + length { guard fill() else { return (0, 0) } }
        buffer.removeFirst(headerEnd! + 4 + length)
        return (status, length)
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for i in 0...(buffer.count - pattern.count) where buffer[i..<i + pattern.count].elementsEqual(pattern) { return i }
        return nil
    }
}

/// The JSON writer's throughput (issue 30's target: at least 300 MB/s): every corpus tag measured
/// once at width 200 (the CLI's `measure --json --width 200` answer, lines and runs included), then
/// the answers written again and again; bytes written ÷ time, median of 11 rounds.
func runJSONWriterBenchmark(corpusDirectory: String) {
    guard let (tags, engine) = corpusTagsAndEngine(corpusDirectory, for: "JSON writer benchmark") else { return }
    runJSONWriterBenchmark(engine: engine, tags: tags)
}

func runJSONWriterBenchmark(engine: TextFitEngine, tags: [String]) {
    let target = 300.0  // MB/s
    let results = tags.compactMap { try? engine.measure($0, attributes: TextAttributes(size: .style(.body)),
                                                        proposal: MeasureResult.Proposal(width: 200, height: nil)) }
    var bytes = 0
    for result in results { bytes += (try? result.jsonData().count) ?? 0 }
    var rates: [Double] = []
    for _ in 0..<11 {
        var written = 0, elapsed: UInt64 = 0, passes = 0
        while elapsed < 40_000_000 || passes == 0 {
            let start = DispatchTime.now().uptimeNanoseconds
            for result in results { written &+= (try? result.jsonData().count) ?? 0 }
            elapsed += DispatchTime.now().uptimeNanoseconds - start
            passes += 1
        }
        rates.append(Double(written) / (Double(elapsed) / 1e9) / 1e6)
    }
    let rate = rates.sorted()[rates.count / 2]
    print(String(format: "\nJSON writer: %d measure answers (%.0f bytes each on average), %.0f MB/s (median of 11)   target ≥ %.0f MB/s: %@",
                 results.count, Double(bytes) / Double(max(1, results.count)), rate, target, (rate >= target ? "met" : "MISSED") as NSString))
}
