import Foundation
import Testing
@testable import Service
import TextFit
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One engine for all service tests (opening fonts is the slow part), bundled fonts only.
enum TestEngine {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let shared = Result { try TextFitEngine(bundledOnly: true, fontDirectory: repository.appendingPathComponent("fonts").path) }

    static func dispatcher(_ configure: (inout ServiceLimits) -> Void = { _ in }) throws -> ServiceDispatcher {
        var limits = ServiceLimits()
        configure(&limits)
        return ServiceDispatcher(engine: try shared.get(), limits: limits)
    }
}

/// A running server on a free loopback port, stopped when the body returns.
func withServer<T>(threads: Int? = nil, limits configure: (inout ServiceLimits) -> Void = { _ in },
                   _ body: (HTTPServer) throws -> T) throws -> T {
    let server = HTTPServer(dispatcher: try TestEngine.dispatcher(configure), port: 0, threads: threads)
    try server.start()
    defer { server.stop() }
    return try body(server)
}

struct HTTPReply {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    var errorCode: String? { (json?["error"] as? [String: Any])?["code"] as? String }
    var errorMessage: String? { (json?["error"] as? [String: Any])?["message"] as? String }
}

struct HTTPClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A tiny HTTP/1.1 client over a POSIX socket, for full control: keep-alive, raw bytes, partial
/// bodies, chunked uploads. Reads time out after 10 s so a broken server fails a test, not hangs it.
///
/// The server refuses a Host that does not name it (421), so the placeholders `Host: x` and
/// `Host: 127.0.0.1` in what is sent become `Host: 127.0.0.1:PORT` (``addressed(_:)``); raw requests
/// can be written before the port is known.
final class HTTPTestClient {
    let fd: Int32
    let port: Int
    private var buffer: [UInt8] = []

    init(port: Int, timeoutSeconds: Int = 10) throws {
        // The socket is only stored once connected: a throwing init of a fully initialised class
        // runs deinit, which would close it a second time (and maybe someone else's reused fd).
        switch connectLoopback(port: port, timeoutSeconds: timeoutSeconds) {
        case .success(let socketFD): fd = socketFD
        case .failure(let error): throw HTTPClientError(error.message)
        }
        self.port = port
    }

    /// `bytes` with each `Host: x` or `Host: 127.0.0.1` line (in the first 100 kB) naming this server.
    func addressed(_ bytes: [UInt8]) -> [UInt8] {
        let patterns = ["\r\nHost: x\r\n", "\r\nHost: 127.0.0.1\r\n"].map { Array($0.utf8) }
        let replacement = Array("\r\nHost: 127.0.0.1:\(port)\r\n".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var index = 0
        let end = min(bytes.count, 100_000)
        outer: while index < end {
            for pattern in patterns where bytes[index] == 13 && index + pattern.count <= bytes.count
                && bytes[index..<index + pattern.count].elementsEqual(pattern) {
                out += replacement
                index += pattern.count - 2  // the line's closing CR LF may open the next pattern
                out.removeLast(2)
                continue outer
            }
            out.append(bytes[index])
            index += 1
        }
        out += bytes[index...]
        return out
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        let bytes = addressed(bytes)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw HTTPClientError("send failed: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends a request with a Content-Length body (when given) and reads its response.
    func request(_ method: String, _ path: String, body: [UInt8]? = nil, headers: [String: String] = [:]) throws -> HTTPReply {
        try send(Self.head(method, path, bodyLength: body?.count, headers: headers) + (body ?? []))
        return try readResponse(head: method == "HEAD")
    }

    func request(_ method: String, _ path: String, json: String, headers: [String: String] = [:]) throws -> HTTPReply {
        try request(method, path, body: Array(json.utf8), headers: headers)
    }

    static func head(_ method: String, _ path: String, bodyLength: Int?, headers: [String: String] = [:]) -> [UInt8] {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let bodyLength { text += "Content-Length: \(bodyLength)\r\n" }
        if bodyLength != nil, headers["Content-Type"] == nil { text += "Content-Type: application/json\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw HTTPClientError("recv failed: \(String(cString: strerror(errno)))") }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func line() throws -> String {
        while true {
            if let index = buffer.firstIndex(of: 10) {
                var bytes = Array(buffer[..<index])
                buffer.removeSubrange(...index)
                if bytes.last == 13 { bytes.removeLast() }
                return String(decoding: bytes, as: UTF8.self)
            }
            guard try fill() else { throw HTTPClientError("connection closed mid-response") }
        }
    }

    private func bytes(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw HTTPClientError("connection closed mid-body") }
        }
        let out = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return out
    }

    func readResponse(head: Bool = false) throws -> HTTPReply {
        var status: Int
        var headers: [String: String]
        repeat {  // skip interim 1xx responses
            let statusLine = try line()
            let parts = statusLine.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let code = Int(parts[1]) else {
                throw HTTPClientError("bad status line '\(statusLine)'")
            }
            status = code
            headers = [:]
            while true {
                let header = try line()
                if header.isEmpty { break }
                guard let colon = header.firstIndex(of: ":") else { throw HTTPClientError("bad header '\(header)'") }
                headers[header[..<colon].lowercased()] = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        } while (100..<200).contains(status)
        var body: [UInt8] = []
        if head || status == 204 || status == 304 {
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while true {
                let sizeLine = try line()
                guard let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else {
                    throw HTTPClientError("bad chunk size '\(sizeLine)'")
                }
                if size == 0 {
                    while try !line().isEmpty {}
                    break
                }
                body += try bytes(size)
                _ = try line()
            }
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            body = try bytes(length)
        } else {
            while try fill() {}
            body = buffer
            buffer = []
        }
        return HTTPReply(status: status, headers: headers, body: Data(body))
    }

    /// Whether the server has closed the connection (reads until EOF or `seconds` pass).
    func isClosedByServer(within seconds: Int = 5) -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }
}

/// Polls `condition` every millisecond until it holds or `timeout` passes.
func waitUntil(_ timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        usleep(1_000)
    }
    return condition()
}

/// A `measure` body of 1,000 distinct long texts, new to the shaping caches for each `salt` (tests run
/// in parallel on one engine): heavy enough that a test can act while the server answers it.
func heavyMeasureBody(salt: Int, style: String = "body", width: Int = 120) -> [UInt8] {
    let texts = (0..<1_000).map { "\"Etikett \($0) Überwachungsaufgabenübertragung \($0 * salt)\"" }.joined(separator: ",")
    return Array(#"{"texts": [\#(texts)], "style": "\#(style)", "width": \#(width)}"#.utf8)
}

/// Sends `body` to `POST /v1/measure` on a new connection and returns once the server has all of it
/// and is answering (``HTTPServer/requestsInFlight``).
func sendInFlight(_ server: HTTPServer, body: [UInt8]) throws -> HTTPTestClient {
    let client = try HTTPTestClient(port: server.port, timeoutSeconds: 30)
    try client.send(HTTPTestClient.head("POST", "/v1/measure", bodyLength: body.count) + body)
    try #require(waitUntil(.seconds(10)) { server.requestsInFlight == 1 })
    return client
}

/// Stops `server` on another thread; the flag is set once `stop` has returned.
func stopInBackground(_ server: HTTPServer, drainTimeout: Duration) -> Flag {
    let stopped = Flag()
    let stopper = Thread {
        server.stop(drainTimeout: drainTimeout)
        stopped.value.store(true, ordering: .releasing)
    }
    stopper.start()
    return stopped
}
