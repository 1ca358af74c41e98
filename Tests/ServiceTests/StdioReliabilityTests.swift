import Foundation
import TestSupport
import Testing
@testable import Service
#if canImport(Glibc)
import Glibc
#endif

/// The built `textfit` (``textfitBinary(repository:)``).
enum BuiltCLI {
    static let path = textfitBinary(repository: TestEngine.repository)

    struct Exit {
        var status: Int32
        var reason: Process.TerminationReason
        var stderr: String
        var seconds: Double
    }

    /// Runs `textfit serve --stdio` with its standard output a pipe whose read end is already closed
    /// (the reader went away), writes `requests` to its stdin (closing stdin after them when
    /// `endInput`), and waits up to 20 s for it to exit (then kills it: the test fails on the status).
    static func serveWithClosedOutput(_ requests: [String], endInput: Bool, closeStderr: Bool = false) throws -> Exit {
        try #require(FileManager.default.isExecutableFile(atPath: path), "build textfit first (swift build --product textfit), or set TEXTFIT_BINARY")
        signal(SIGPIPE, SIG_IGN)  // our writes to its stdin fail once it has gone: an error, not a signal
        var output: [Int32] = [0, 0]
        try #require(pipe(&output) == 0)
        close(output[0])
        _ = fcntl(output[1], F_SETFD, FD_CLOEXEC)  // only the child's stdout (a dup2 copy) stays open in it
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["serve", "--stdio", "--bundled-only"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["TEXTFIT_FONTS": TestEngine.repository.appendingPathComponent("fonts").path]) { $1 }
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        // Not closeOnDealloc: the descriptor is closed once, below (a second close could hit a
        // descriptor another test has opened since).
        let deadEnd = FileHandle(fileDescriptor: output[1], closeOnDealloc: false)
        process.standardOutput = deadEnd
        process.standardError = closeStderr ? deadEnd : errors
        let began = ContinuousClock.now
        defer { close(output[1]) }
        try process.run()
        for request in requests {
            let line = Array((request + "\n").utf8)
            _ = line.withUnsafeBytes { write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
        }
        if endInput { try? input.fileHandleForWriting.close() }
        let exited = waitUntil(.seconds(20)) { !process.isRunning }
        if !exited { process.terminate() }
        process.waitUntilExit()
        let seconds = (ContinuousClock.now - began) / .seconds(1)
        try? input.fileHandleForWriting.close()
        let stderr = closeStderr ? "" : String(decoding: readToEnd(errors.fileHandleForReading), as: UTF8.self)
        return Exit(status: process.terminationStatus, reason: process.terminationReason, stderr: stderr, seconds: seconds)
    }
}

@Suite("stdio under a closed output and oversized lines")
struct StdioReliabilityTests {
    static let measure = #"{"id": 1, "op": "measure", "params": {"texts": ["Rindfleischetikettierung"]}}"#

    @Test("A closed stdout exits 4 with a message on stderr, not by SIGPIPE")
    func closedOutputExitsWithItsOwnStatus() throws {
        let exit = try BuiltCLI.serveWithClosedOutput(Array(repeating: Self.measure, count: 5), endInput: true)
        #expect(exit.reason == .exit, "killed by signal \(exit.status)")
        #expect(exit.status == 4)
        #expect(exit.stderr == "textfit: cannot write a response to standard output: Broken pipe (its reader closed it); stopping\n")
    }

    @Test("It exits at the first failed response, without waiting for the end of its input")
    func closedOutputDoesNotWaitForInput() throws {
        let exit = try BuiltCLI.serveWithClosedOutput([Self.measure], endInput: false)
        #expect(exit.reason == .exit && exit.status == 4)
        #expect(exit.seconds < 15)
        #expect(exit.stderr.contains("Broken pipe"))
    }

    @Test("With stderr closed too it still exits 4 (the message is dropped, nothing traps)")
    func closedOutputAndErrors() throws {
        let exit = try BuiltCLI.serveWithClosedOutput([Self.measure, Self.measure], endInput: true, closeStderr: true)
        #expect(exit.reason == .exit, "killed by signal \(exit.status)")
        #expect(exit.status == 4)
    }

    @Test("In process: run reports EPIPE as outputFailed")
    func runReportsTheFailure() throws {
        let input = Pipe(), output = Pipe()
        try output.fileHandleForReading.close()
        input.fileHandleForWriting.write(Data((Self.measure + "\n" + Self.measure + "\n").utf8))
        try input.fileHandleForWriting.close()
        let outcome = StdioServer(dispatcher: try TestEngine.dispatcher()).run(input: input.fileHandleForReading,
                                                                               output: output.fileHandleForWriting)
        #expect(outcome == .outputFailed(errno: EPIPE))
        #expect(outcome.message?.contains("Broken pipe") == true)
    }

    @Test("A line over maxBodyBytes is answered payload-too-large and skipped; the next line is served")
    func oversizedLine() throws {
        let input = Pipe(), output = Pipe()
        let server = StdioServer(dispatcher: try TestEngine.dispatcher { $0.maxBodyBytes = 1_000 })
        // 200 kB with no newline arrives in several reads: never buffered whole, answered once.
        let huge = #"{"id": 7, "op": "measure", "params": {"texts": [""# + String(repeating: "a", count: 200_000) + #""]}}"#
        let small = #"{"id": 8, "op": "measure", "params": {"texts": [""# + String(repeating: "b", count: 900) + #""]}}"#
        let writer = Thread {
            input.fileHandleForWriting.write(Data((huge + "\n" + small + "\n" + Self.measure + "\n").utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let outcome = server.run(input: input.fileHandleForReading, output: output.fileHandleForWriting)
        #expect(outcome == .endOfInput)
        try output.fileHandleForWriting.close()
        let lines = String(decoding: readToEnd(output.fileHandleForReading), as: UTF8.self).split(separator: "\n")
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.count == 3)
        #expect(objects.first?["id"] is NSNull)
        #expect((objects.first?["error"] as? [String: Any])?["code"] as? String == "payload-too-large")
        #expect(((objects.first?["error"] as? [String: Any])?["message"] as? String)?.contains("1000-byte") == true)
        #expect(objects.dropFirst().first?["id"] as? Int == 8 && objects.dropFirst().first?["result"] != nil)  // 953 bytes
        #expect(objects.last?["id"] as? Int == 1 && objects.last?["result"] != nil)
    }
}
