import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `textfit serve --http` outlives a standard error nobody reads and clients that hang up (issue 27):
/// SIGPIPE is ignored and a log line that cannot be written is dropped.
@Suite("textfit serve --http and SIGPIPE")
struct ServeSignalsCLITests {
    /// The status line of `GET /healthz` on 127.0.0.1:`port`, or nil (2 s timeout).
    static func health(_ port: Int, hangUp: Bool = false) -> String? {
        guard case .success(let fd) = connectLoopback(port: port, timeoutSeconds: 2) else { return nil }
        defer { close(fd) }
        let request = Array("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return nil }
        if hangUp {  // gone before the answer: a reset, not a read
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            return nil
        }
        var reply: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            reply += chunk[0..<count]
        }
        return String(decoding: reply, as: UTF8.self).split(separator: "\r\n").first.map(String.init)
    }

    /// Standard error is a pipe whose reader closes after the first line: the "stopping" line then
    /// meets EPIPE (and SIGPIPE, which killed the server before).
    @Test func aStandardErrorNobodyReadsDoesNotKillTheServer() throws {
        let (process, errors, line) = try CLI.startHTTPServer()
        try errors.close()
        let port = try #require(CLI.announcedPort(line), "\(line)")
        for _ in 0..<5 { _ = Self.health(port, hangUp: true) }
        #expect(Self.health(port) == "HTTP/1.1 200 OK")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }

    /// Standard error closed before the start (`2>&-`): the server starts, serves and stops cleanly.
    @Test func aClosedStandardErrorDoesNotKillTheServer() throws {
        // A free port (the server cannot announce one with its standard error closed).
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        close(probe)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" serve --bundled-only --http "127.0.0.1:$1" 2>&-"#, CLI.binary, "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var status: String?
        let deadline = ContinuousClock.now + .seconds(30)
        while status == nil, process.isRunning, ContinuousClock.now < deadline {
            status = Self.health(port)
            if status == nil { usleep(100_000) }
        }
        #expect(status == "HTTP/1.1 200 OK")
        #expect(process.isRunning)
        for _ in 0..<5 { _ = Self.health(port, hangUp: true) }
        #expect(Self.health(port) == "HTTP/1.1 200 OK")
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }
}
