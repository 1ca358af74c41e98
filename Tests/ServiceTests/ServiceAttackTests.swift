import Foundation
import Testing
@testable import Service
import TestSupport
import TextFit
#if canImport(Glibc)
import Glibc
#endif

/// Issue 46's probes, against a real `textfit serve --http` on loopback: each failed on the code
/// before it (the figures are in docs/reliability.md, "The service under attack, round two").
@Suite("The service under attack: descriptors, unread answers, health checks")
struct ServiceAttackTests {
    static let binary = textfitBinary(repository: TestEngine.repository)

    /// A render whose SVG is about 12 MB: 120 paragraphs of a long German compound, each glyph a `<use>`.
    static let bigPicture: [UInt8] = {
        let text = String(repeating: "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz ", count: 20)
        let tree: [String: Any] = ["vstack": ["children": Array(repeating: ["text": text], count: 120)]]
        return Array(try! JSONSerialization.data(withJSONObject: ["tree": tree, "width": 300]))
    }()

    @Test("1,200 font files asked for once each, under ulimit -n 1024: every one answered, descriptors and memory bounded, a new client served at once")
    func thousandsOfFontFiles() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("textfit-font-dir-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<1_200 {  // hard links: 1,200 distinct files, one font
            try FileManager.default.linkItem(atPath: TestEngine.repository.appendingPathComponent("fonts/NotoSans-Regular.ttf").path,
                                             toPath: folder.appendingPathComponent("f\(index).ttf").path)
        }
        let server = try ServedProcess(binary: Self.binary, options: ["--bundled-only", "--font-dir", folder.path], fileLimit: 1_024)
        let before = server.openDescriptors
        // One keep-alive client asks for every file (before: from file 978 on, 403 "not a readable font file").
        var client = try HTTPTestClient(port: server.port, timeoutSeconds: 20)
        var failures: [String] = []
        for index in 0..<1_200 {
            let reply = try client.request("POST", "/v1/measure", json: #"{"texts": ["Hello world"], "size": 17, "fontFile": "f\#(index).ttf"}"#)
            if reply.status != 200, failures.count < 5 { failures.append("f\(index).ttf: \(reply.status) \(reply.text)") }
            // maxRequestsPerConnection (1,000): the last answer on a connection closes it; go on with another.
            if reply.headers["connection"] == "close" { client = try HTTPTestClient(port: server.port, timeoutSeconds: 20) }
        }
        #expect(failures.isEmpty, "\(failures)")
        // The bundled fonts' descriptors plus at most 128 for the rest (a quarter of what the limit leaves).
        #expect(server.openDescriptors <= before + 128 + 8, "\(server.openDescriptors) descriptors open (\(before) after start)")
        // Before: 525 MiB. The open faces are at most 64 (about 0.4 MiB each) and the caches bounded.
        #expect(server.residentMiB < 160, "\(server.residentMiB) MiB resident")
        // With the keep-alive client still connected, a new one is answered at once (before: all timed out at 20 s).
        let start = ContinuousClock.now
        let newcomer = try HTTPTestClient(port: server.port, timeoutSeconds: 5).request("POST", "/v1/measure", json: #"{"texts": ["Hi"]}"#)
        #expect(newcomer.status == 200)
        #expect(ContinuousClock.now - start < .seconds(1))
        _ = client
    }

    @Test("With a dozen descriptors to spare (ulimit -n 64), a hundred font files are still answered and a new client served")
    func fewDescriptorsToSpare() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("textfit-font-dir-few-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<100 {
            try FileManager.default.linkItem(atPath: TestEngine.repository.appendingPathComponent("fonts/NotoSans-Regular.ttf").path,
                                             toPath: folder.appendingPathComponent("f\(index).ttf").path)
        }
        let server = try ServedProcess(binary: Self.binary, options: ["--bundled-only", "--font-dir", folder.path], fileLimit: 64)
        let client = try HTTPTestClient(port: server.port)
        for index in 0..<100 {
            let reply = try client.request("POST", "/v1/measure", json: #"{"texts": ["Hello world"], "fontFile": "f\#(index).ttf"}"#)
            #expect(reply.status == 200, "f\(index).ttf: \(reply.text)")
        }
        #expect(server.openDescriptors < 64)
        let start = ContinuousClock.now
        #expect(try HTTPTestClient(port: server.port, timeoutSeconds: 5).request("GET", "/healthz").status == 200)
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("/healthz answers within 100 ms (p99) while eight clients keep both cores busy with stress checks")
    func healthChecksDoNotWait() throws {
        let server = try ServedProcess(binary: Self.binary)
        // 300 locales × 12 sizes a request: seconds of work each.
        let texts = (0..<300).map { #""de-x\#($0)": "Synchronisierung der Einstellungen läuft, bitte warten""# }.joined(separator: ",")
        let heavy = #"{"key": "k", "texts": {\#(texts)}, "constraint": {"width": 120, "maxLines": 2, "dynamicType": "all"}}"#
        let stop = Counter(), answered = Counter()
        let workers = (0..<8).map { _ in
            Thread {
                guard let client = try? HTTPTestClient(port: server.port, timeoutSeconds: 120) else { return }
                while stop.value.load(ordering: .relaxed) == 0 {
                    guard (try? client.request("POST", "/v1/stress-check", json: heavy)) != nil else { return }
                    answered.value.add(1, ordering: .relaxed)
                }
            }
        }
        workers.forEach { $0.start() }
        defer { stop.value.store(1, ordering: .relaxed) }
        usleep(500_000)
        let probe = try HTTPTestClient(port: server.port)
        var latencies: [Duration] = []
        let end = ContinuousClock.now + .seconds(6)
        while ContinuousClock.now < end {
            let start = ContinuousClock.now
            let reply = try probe.request("GET", "/healthz")
            latencies.append(ContinuousClock.now - start)
            #expect(reply.status == 200)
            usleep(20_000)
        }
        latencies.sort()
        let p99 = latencies[latencies.count * 99 / 100]
        // Before: up to 3.2 s with 2 to 8 heavy requests on 2 cores.
        #expect(p99 < .milliseconds(100), "p99 \(p99) over \(latencies.count) probes; max \(latencies.last!)")
        // The heavy work was running all along (not refused): the lane answered some of it.
        #expect(answered.value.load(ordering: .relaxed) > 0)
    }

    /// A client that sends `body` to `path` and reads nothing: a small receive window keeps the answer in the server.
    static func silentClient(port: Int, path: String = "/v1/render", body: [UInt8]) throws -> HTTPTestClient {
        let client = try HTTPTestClient(port: port, timeoutSeconds: 60)
        var size: Int32 = 4_096
        setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        try client.send(HTTPTestClient.head("POST", path, bodyLength: body.count) + body)
        return client
    }

    /// The value of a gauge on `/metrics`.
    static func gauge(_ name: String, port: Int) throws -> Int {
        let text = try HTTPTestClient(port: port).request("GET", "/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return try #require(line.flatMap { Int($0.split(separator: " ").last!) })
    }

    /// Waits until no operation is queued or running and the answers held stop changing (three
    /// readings in a row, 200 ms apart), at most two minutes.
    static func settled(port: Int) throws {
        var last = -1, steady = 0
        for _ in 0..<600 where steady < 3 {
            usleep(200_000)
            let queued = try gauge("textfit_http_operations_queued", port: port)
            let held = try gauge("textfit_http_pending_answer_bytes", port: port)
            steady = queued == 0 && held == last ? steady + 1 : 0
            last = held
        }
    }

    @Test("Sixteen clients that send renders and read nothing: the server holds their answers, within maxPendingAnswerBytes and a stated memory bound")
    func unreadAnswersAreBounded() throws {
        let server = try ServedProcess(binary: Self.binary)
        let limits = ServiceLimits()
        let start = server.residentMiB
        let idle = try (0..<16).map { _ in try Self.silentClient(port: server.port, body: Self.bigPicture) }
        try Self.settled(port: server.port)
        let held = try Self.gauge("textfit_http_pending_answer_bytes", port: server.port)
        // Each answer is about 12 MB. (A connection silent for connectionTimeout, 30 s, is closed and
        // its answer freed: on a slow machine some may be gone already, so no lower bound is asked.)
        #expect(held <= limits.maxPendingAnswerBytes)
        // Before: 1.37 GiB for sixteen 80 MB pictures. Bound: the pending answers' budget and 64 MiB for the rest.
        #expect(server.residentMiB - start < Double(limits.maxPendingAnswerBytes >> 20) + 64,
                "\(server.residentMiB) MiB resident, \(start) MiB at the start, \(held) bytes pending")
        #expect(try HTTPTestClient(port: server.port).request("GET", "/healthz").status == 200)
        _ = idle
    }

    @Test("Past maxPendingAnswerBytes an operation is answered 503 overloaded, not held; /healthz still answers")
    func pendingAnswersOverBudgetAreRefused() throws {
        // About 6 MB a picture (60 paragraphs of the long compound): more than the kernel's send buffer
        // on loopback takes (4 MB at most), so an unread answer stays in the server. A budget of 16 MB.
        let text = String(repeating: "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz ", count: 20)
        let tree: [String: Any] = ["vstack": ["children": Array(repeating: ["text": text], count: 60)]]
        let body = Array(try JSONSerialization.data(withJSONObject: ["tree": tree, "width": 300]))
        try withServer(limits: { $0.maxPendingAnswerBytes = 16_000_000 }) { server in
            let clients = try (0..<8).map { _ in try Self.silentClient(port: server.port, body: body) }
            try Self.settled(port: server.port)
            let held = try Self.gauge("textfit_http_pending_answer_bytes", port: server.port)
            #expect(held <= 16_000_000, "\(held) bytes pending")
            #expect(server.metrics.errors(code: "overloaded") > 0, "no request was refused as overloaded (\(held) bytes pending)")
            // The refused ones got a short 503 naming the limit. (Only the start of each answer is read: a
            // held one may have been cut by connectionTimeout meanwhile, as a client that never reads is.)
            var refusals = 0
            for client in clients {
                var start = [UInt8](repeating: 0, count: 1_024)
                let count = recv(client.fd, &start, start.count, 0)
                let head = String(decoding: start.prefix(max(0, count)), as: UTF8.self)
                if head.hasPrefix("HTTP/1.1 503") {
                    refusals += 1
                    #expect(head.contains(#""code":"overloaded""#) && head.contains("maxPendingAnswerBytes"), "\(head)")
                }
            }
            #expect(refusals > 0)
            #expect(try HTTPTestClient(port: server.port).request("GET", "/healthz").status == 200)
        }
    }

    @Test("Content-Length with whitespace before the value is accepted; after it, libmicrohttpd 0.9.75 refuses the request itself")
    func contentLengthWhitespace() throws {
        try withServer { server in
            let body = #"{"texts": ["Hi"]}"#
            for header in ["Content-Length:  \(body.utf8.count)", "Content-Length:\t\(body.utf8.count)"] {
                let client = try HTTPTestClient(port: server.port)
                try client.send("POST /v1/measure HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\(header)\r\n\r\n\(body)")
                #expect(try client.readResponse().status == 200, "\(header)")
            }
            // RFC 9110 §5.5 lets a field value end in whitespace too, but libmicrohttpd 0.9.75 (Debian 12)
            // parses Content-Length before any callback of ours runs and answers its own 400 (its
            // parse_connection_headers: the digits must end the value). The connection is closed:
            // never a smuggling risk, only a refusal. docs/service.md says so.
            let client = try HTTPTestClient(port: server.port)
            try client.send("POST /v1/measure HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count) \r\n\r\n\(body)")
            #expect(try client.readResponse().status == 400)
            #expect(client.isClosedByServer())
        }
    }
}

@Suite("Every answer the service builds is bounded by maxAnswerBytes")
struct AnswerBoundTests {
    static func dispatcher() throws -> ServiceDispatcher { try TestEngine.dispatcher { $0.maxAnswerBytes = 60_000 } }

    static func error(_ response: ServiceResponse) -> (code: String, message: String)? {
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
              let error = object["error"] as? [String: Any] else { return nil }
        return (error["code"] as? String ?? "", error["message"] as? String ?? "")
    }

    @Test("A picture that passes the limit stops at the element that passed it")
    func render() throws {
        let text = String(repeating: "Rindfleischetikettierung ", count: 20)
        let children = (0..<40).map { _ in #"{"text": "\#(text)"}"# }.joined(separator: ",")
        let response = try Self.dispatcher().handle("render", body: Data(#"{"tree": {"vstack": {"children": [\#(children)]}}, "width": 300}"#.utf8))
        let error = try #require(Self.error(response))
        #expect(response.status == 422 && error.code == "limit-exceeded")
        #expect(error.message.contains("60000 bytes (maxAnswerBytes) at $.tree element ["), "\(error.message)")
        // One paragraph alone is well under the limit, and is drawn.
        let one = try Self.dispatcher().handle("render", body: Data(#"{"tree": {"text": "\#(text)"}, "width": 300}"#.utf8))
        #expect(one.status == 200 && one.contentType == "image/svg+xml")
    }

    @Test("Layouts at many sizes stop at the size that passed the limit")
    func layout() throws {
        let children = (0..<40).map { #"{"text": "Tag \#($0)"}"# }.joined(separator: ",")
        let body = #"{"tree": {"vstack": {"children": [\#(children)]}}, "dynamicType": "all"}"#
        let response = try Self.dispatcher().handle("layout", body: Data(body.utf8))
        let error = try #require(Self.error(response))
        #expect(error.code == "limit-exceeded" && error.message.contains("at layouts["), "\(error.message)")
        // The same tree at one size fits.
        let one = try Self.dispatcher().handle("layout", body: Data(#"{"tree": {"vstack": {"children": [\#(children)]}}}"#.utf8))
        #expect(one.status == 200)
    }

    @Test("A stress check of many locales stops at the locale that passed the limit")
    func stressCheck() throws {
        let texts = (0..<400).map { #""de-x\#($0)": "Einstellungen synchronisieren""# }.joined(separator: ",")
        let response = try Self.dispatcher().handle("stress-check", body: Data(
            #"{"key": "k", "texts": {\#(texts)}, "constraint": {"width": 40, "dynamicType": "all"}}"#.utf8))
        let error = try #require(Self.error(response))
        #expect(error.code == "limit-exceeded" && error.message.contains("at texts.de-x"), "\(error.message)")
        let few = try Self.dispatcher().handle("stress-check", body: Data(#"{"key": "k", "texts": {"de": "Einstellungen"}, "constraint": {"width": 40}}"#.utf8))
        #expect(few.status == 200)
    }
}
