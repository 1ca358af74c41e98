import Foundation
import Synchronization
import Testing
@testable import Service
#if canImport(Glibc)
import Glibc
#endif

@Suite("HTTP server")
struct HTTPServerTests {
    @Test func healthzAnswersOK() throws {
        try withServer { server in
            #expect(server.port > 0 && server.port != 8080)
            let client = try HTTPTestClient(port: server.port)
            let reply = try client.request("GET", "/healthz")
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "application/json")
            #expect(reply.text == #"{"status":"ok"}"#)
            // Keep-alive: a second request on the same connection.
            #expect(try client.request("GET", "/healthz").status == 200)
            let head = try client.request("HEAD", "/healthz")
            #expect(head.status == 200 && head.body.isEmpty)
        }
    }

    @Test func unknownPathIsNotFound() throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            for (method, path) in [("GET", "/nope"), ("GET", "/healthz/"), ("POST", "/v1/translate"), ("GET", "/v1")] {
                let reply = try client.request(method, path, body: method == "POST" ? Array("{}".utf8) : nil)
                #expect(reply.status == 404, "\(method) \(path)")
                #expect(reply.headers["content-type"] == "application/json")
                #expect(reply.errorCode == "not-found")
                #expect(reply.errorMessage?.contains(path) == true)
            }
            // Requests are recorded when libmicrohttpd reports them complete, just after the reply is sent.
            #expect(waitUntil { server.metrics.requests(route: "other", status: 404) == 4 })
            #expect(server.metrics.errors(code: "not-found") == 4)
        }
    }

    @Test func wrongMethodIsMethodNotAllowed() throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            let cases: [(String, String, String)] = [
                ("GET", "/v1/measure", "POST"), ("GET", "/v1/render", "POST"), ("PUT", "/v1/layout", "POST"),
                ("DELETE", "/healthz", "GET, HEAD"), ("POST", "/metrics", "GET, HEAD"), ("POST", "/", "GET, HEAD"),
                ("DELETE", "/v1/fonts", "GET, HEAD, POST"),
            ]
            for (method, path, allowed) in cases {
                let reply = try client.request(method, path, body: method == "GET" || method == "DELETE" ? nil : Array("{}".utf8))
                #expect(reply.status == 405, "\(method) \(path)")
                #expect(reply.errorCode == "method-not-allowed", "\(method) \(path)")
                #expect(reply.headers["allow"] == allowed, "\(method) \(path)")
                #expect(reply.errorMessage?.contains(method) == true)
            }
            #expect(waitUntil { server.metrics.requests(route: "/v1/measure", status: 405) == 1 })
        }
    }

    @Test func declaredBodyOverTheCapIsRefusedBeforeItIsRead() throws {
        try withServer(limits: { $0.maxBodyBytes = 64 }) { server in
            let client = try HTTPTestClient(port: server.port)
            // Only the headers are sent: the 413 must come without the body.
            try client.send(HTTPTestClient.head("POST", "/v1/measure", bodyLength: 65))
            let reply = try client.readResponse()
            #expect(reply.status == 413)
            #expect(reply.errorCode == "payload-too-large")
            #expect(reply.errorMessage?.contains("64") == true)
            #expect(client.isClosedByServer())
            #expect(waitUntil { server.metrics.errors(code: "payload-too-large") == 1 })
        }
    }

    @Test func bodyAtTheCapIsAccepted() throws {
        try withServer(limits: { $0.maxBodyBytes = 64 }) { server in
            let body = Array(#"{"texts": ["x"]}"#.padding(toLength: 64, withPad: " ", startingAt: 0).utf8)
            #expect(body.count == 64)
            let reply = try HTTPTestClient(port: server.port).request("POST", "/v1/measure", body: body)
            let direct = server.dispatcher.handle("measure", body: Data(body))
            #expect(reply.status == direct.status)
            #expect(reply.body == direct.body)
            #expect(reply.status != 413)
        }
    }

    @Test func chunkedBodyOverTheCapIsRefused() throws {
        try withServer(limits: { $0.maxBodyBytes = 64 }) { server in
            let client = try HTTPTestClient(port: server.port)
            try client.send(Array("POST /v1/render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
            let chunk = String(repeating: "a", count: 40)
            for _ in 0..<5 { try client.send("28\r\n\(chunk)\r\n") }
            try client.send("0\r\n\r\n")
            let reply = try client.readResponse()
            #expect(reply.status == 413)
            #expect(reply.errorCode == "payload-too-large")
            // A chunked body under the cap goes through.
            let small = try HTTPTestClient(port: server.port)
            try small.send(Array("POST /v1/fonts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n".utf8))
            let fonts = try small.readResponse()
            let direct = server.dispatcher.handle("fonts", body: Data("{}".utf8))
            #expect(fonts.status == direct.status && fonts.body == direct.body)
        }
    }

    /// Every operation route hands its body, byte for byte, to the dispatcher and returns its answer
    /// unchanged (status, content type, body) — including bodies that are not JSON or not UTF-8.
    @Test(arguments: ["measure", "layout", "render", "stress-check", "fonts"])
    func operationRoutesAnswerWhatTheDispatcherAnswers(operation: String) throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            let bodies: [[UInt8]] = [
                Array(#"{"texts": ["Settings", "Настройки"], "style": "body"}"#.utf8),
                Array(#"{"tree": {"text": "Hi", "style": "body"}, "width": 200}"#.utf8),
                Array("{not json".utf8),
                [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D],  // {"\xFF\xFE"} — invalid UTF-8
                [],
            ]
            for body in bodies {
                let reply = try client.request("POST", "/v1/\(operation)", body: body)
                let direct = server.dispatcher.handle(operation, body: Data(body))
                #expect(reply.status == direct.status, "\(operation) \(body)")
                #expect(reply.headers["content-type"] == direct.contentType)
                #expect(reply.body == direct.body)
            }
        }
    }

    @Test func getFontsIsTheFontsOperationWithAnEmptyObject() throws {
        try withServer { server in
            let reply = try HTTPTestClient(port: server.port).request("GET", "/v1/fonts")
            let direct = server.dispatcher.handle("fonts", body: Data("{}".utf8))
            #expect(reply.status == direct.status)
            #expect(reply.body == direct.body)
            #expect(!reply.body.isEmpty)
        }
    }

    @Test func playgroundPageHasItsControls() throws {
        try withServer { server in
            let reply = try HTTPTestClient(port: server.port).request("GET", "/")
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
            let html = reply.text
            #expect(html.hasPrefix("<!doctype html>"))
            for needle in [#"<textarea id="text""#, #"id="style""#, #"id="font""#, #"id="dynamicType""#, #"id="width""#,
                           #"id="direction""#, #"id="layout""#, #"id="preview""#, "/v1/render", "/v1/layout",
                           #""overlays": true"#, "accessibility5", "xSmall"] {
                #expect(html.contains(needle), "missing \(needle)")
            }
            #expect(html.contains(#"type="range""#))
            // Self-contained: no external scripts, styles or images.
            #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("@import"))
        }
    }

    @Test func garbageRequestsDoNotKillTheServer() throws {
        try withServer { server in
            let garbage = try HTTPTestClient(port: server.port)
            try garbage.send([0x00, 0xFF, 0x13, 0x37] + Array("\r\n\r\nNOT HTTP AT ALL\r\n\r\n".utf8))
            _ = garbage.isClosedByServer()
            let client = try HTTPTestClient(port: server.port)
            #expect(try client.request("GET", "/healthz").status == 200)
        }
    }

    @Test func portZeroPicksDistinctFreePortsAndATakenPortFails() throws {
        try withServer { first in
            try withServer { second in
                #expect(first.port != second.port)
                #expect(first.baseURL == "http://127.0.0.1:\(first.port)")
            }
            let clash = HTTPServer(dispatcher: first.dispatcher, port: first.port)
            #expect(throws: HTTPServerError.self) { try clash.start() }
            #expect(!clash.isRunning)
            #expect(throws: HTTPServerError.self) { try first.start() }  // already running
            let bad = HTTPServer(dispatcher: first.dispatcher, host: "not-an-address", port: 0)
            #expect(throws: HTTPServerError.self) { try bad.start() }
        }
    }

    @Test func parsesTheCLIAddress() {
        #expect(HTTPServer.parseAddress("8080")! == ("127.0.0.1", 8080))
        #expect(HTTPServer.parseAddress("0.0.0.0:9000")! == ("0.0.0.0", 9000))
        #expect(HTTPServer.parseAddress("localhost:0")! == ("localhost", 0))
        #expect(HTTPServer.parseAddress("[::1]:8081")! == ("::1", 8081))
        for bad in ["", "host:", ":80", "70000", "1.2.3.4:-1", "::1:80", "[::1]", "x:８０"] {
            #expect(HTTPServer.parseAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func servesIPv6LoopbackWhenAsked() throws {
        let server = HTTPServer(dispatcher: try TestEngine.dispatcher(), host: "::1", port: 0)
        do { try server.start() } catch { return }  // no IPv6 on this host: nothing to check
        defer { server.stop() }
        #expect(server.baseURL == "http://[::1]:\(server.port)")
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(server.port)).bigEndian
        address.sin6_addr = in6addr_loopback
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
        #expect(connected == 0)
    }

    @Test func eightClientsGetIdenticalAnswers() async throws {
        let server = HTTPServer(dispatcher: try TestEngine.dispatcher(), port: 0, threads: 4)
        try server.start()
        defer { server.stop() }
        let port = server.port
        let expectedFonts = server.dispatcher.handle("fonts", body: Data("{}".utf8))
        let perClient = 500
        let results = try await withThrowingTaskGroup(of: [HTTPReply].self) { group in
            for client in 0..<8 {
                group.addTask {
                    let connection = try HTTPTestClient(port: port)
                    var replies: [HTTPReply] = []
                    for index in 0..<perClient {
                        replies.append(try connection.request("GET", (client + index) % 2 == 0 ? "/v1/fonts" : "/healthz"))
                    }
                    return replies
                }
            }
            var all: [HTTPReply] = []
            for try await replies in group { all += replies }
            return all
        }
        #expect(results.count == 8 * perClient)
        let fonts = results.filter { $0.body != Data(#"{"status":"ok"}"#.utf8) }
        #expect(fonts.count == 8 * perClient / 2)
        #expect(fonts.allSatisfy { $0.status == expectedFonts.status && $0.body == expectedFonts.body })
        #expect(waitUntil { server.metrics.requests(route: "/healthz", status: 200) == 8 * perClient / 2 })
        #expect(waitUntil { server.metrics.requests(route: "/v1/fonts", status: expectedFonts.status) == 8 * perClient / 2 })
    }

    /// `stop()` lets a request that has arrived whole finish, and returns once it is answered; an
    /// idle keep-alive connection does not delay it. (A request whose body is still coming is not
    /// waited for, and newcomers get 503: HTTPFairnessTests.)
    @Test func stopFinishesInFlightRequests() throws {
        let server = HTTPServer(dispatcher: try TestEngine.dispatcher(), port: 0)
        try server.start()
        let port = server.port
        let idle = try HTTPTestClient(port: port)  // an idle keep-alive connection must not delay stop
        #expect(try idle.request("GET", "/healthz").status == 200)
        #expect(waitUntil { server.metrics.requests(route: "/healthz", status: 200) == 1 && server.metrics.inFlight == 0 })

        let body = heavyMeasureBody(salt: 104_729, style: "title1", width: 90)
        let client = try sendInFlight(server, body: body)
        let stopped = stopInBackground(server, drainTimeout: .seconds(20))
        let reply = try client.readResponse()
        let direct = server.dispatcher.handle("measure", body: Data(body))
        #expect(reply.status == 200 && reply.body == direct.body)
        #expect(waitUntil(.seconds(5)) { stopped.isSet })
        #expect(!server.isRunning)
        #expect(idle.isClosedByServer(within: 5))
        server.stop()  // twice is fine
    }

    /// A request that has arrived whole but takes longer than the drain is cut at the drain's end.
    @Test func stopGivesUpOnARequestPastTheDrain() throws {
        let server = HTTPServer(dispatcher: try TestEngine.dispatcher(), port: 0)
        try server.start()
        let client = try sendInFlight(server, body: heavyMeasureBody(salt: 15_485_863, style: "largeTitle", width: 60))
        let began = ContinuousClock.now
        server.stop(drainTimeout: .milliseconds(1))
        let took = ContinuousClock.now - began
        #expect(took < .seconds(15))  // the daemon's stop joins the thread answering it
        #expect(client.isClosedByServer(within: 5) || (try? client.readResponse()) != nil)
        #expect(server.metrics.inFlight == 0)
    }

    @Test func restartsAfterStop() throws {
        let server = HTTPServer(dispatcher: try TestEngine.dispatcher(), port: 0)
        try server.start()
        server.stop()
        #expect(!server.isRunning)
        try server.start()
        defer { server.stop() }
        #expect(try HTTPTestClient(port: server.port).request("GET", "/healthz").status == 200)
    }
}

final class Flag: Sendable {
    let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
}
