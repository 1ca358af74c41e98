import Foundation
import Testing

@Suite("textfit serve")
struct ServeCLITests {
    @Test("--stdio answers one line per request in order and exits 0 when stdin closes")
    func stdio() throws {
        let input = [#"{"id": 1, "op": "measure", "params": {"texts": ["To"], "size": 1000}}"#, "garbage",
                     #"{"id": 2, "op": "fonts"}"#].joined(separator: "\n") + "\n"
        let output = try CLI.run(["serve", "--stdio", "--bundled-only"], stdin: Data(input.utf8))
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"id":1,"result":{"results":["#))
        #expect(lines[1].contains(#""code":"malformed-json""#))
        #expect(lines[2].hasPrefix(#"{"id":2,"result":{"families":["#))
    }

    @Test("--http serves on loopback and SIGTERM stops it with exit status 0")
    func httpStopsOnSIGTERM() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["serve", "--http", "127.0.0.1:0", "--bundled-only"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The first stderr line names the address it serves on.
        var announced = Data()
        while !announced.contains(0x0A) {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced.append(chunk)
        }
        let line = String(decoding: announced, as: UTF8.self)
        #expect(line.contains("serving on http://127.0.0.1:"), "\(line)")
        let port = line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }
        #expect((port ?? 0) > 0)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)
    }
}
