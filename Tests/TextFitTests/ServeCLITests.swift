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

    @Test("--font-dir: a request's fontFile is read only inside DIR, named relative to it; without it, no file is read (issue 27)")
    func fontDirectory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let font = Engine.repository.appendingPathComponent("fonts/NotoSans-Regular.ttf").path
        try FileManager.default.copyItem(atPath: font, toPath: folder.appendingPathComponent("mine.ttf").path)
        #expect(mkfifo(folder.appendingPathComponent("pipe.ttf").path, 0o600) == 0)
        let input = [#"{"id": 1, "op": "measure", "params": {"texts": ["To"], "fontFile": "mine.ttf"}}"#,
                     #"{"id": 2, "op": "measure", "params": {"texts": ["To"], "fontFile": "pipe.ttf"}}"#,
                     #"{"id": 3, "op": "measure", "params": {"texts": ["To"], "fontFile": "../../../../../../etc/passwd"}}"#,
                     #"{"id": 4, "op": "measure", "params": {"texts": ["To"]}}"#].joined(separator: "\n") + "\n"
        let output = try CLI.run(["serve", "--stdio", "--bundled-only", "--font-dir", folder.path], stdin: Data(input.utf8))
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        try #require(lines.count == 4, "\(output.stdout)")
        #expect(lines[0].contains(#""file":"mine.ttf""#), "\(lines[0])")
        #expect(lines[1].contains(#""code":"forbidden""#) && lines[1].contains("'pipe.ttf'"), "\(lines[1])")
        #expect(lines[2].contains(#""code":"forbidden""#), "\(lines[2])")
        #expect(lines[3].contains(#""file":"NotoSans-Regular.ttf""#), "\(lines[3])")
        #expect(!output.stdout.contains(folder.path) && !output.stdout.contains(Engine.repository.path), "\(output.stdout)")
        let off = try CLI.run(["serve", "--stdio", "--bundled-only"],
                              stdin: Data((#"{"id": 1, "op": "measure", "params": {"texts": ["To"], "fontFile": "\#(font)"}}"# + "\n").utf8))
        #expect(off.stdout.contains(#""code":"forbidden""#) && off.stdout.contains("--font-dir"), "\(off.stdout)")
        let missing = try CLI.run(["serve", "--stdio", "--bundled-only", "--font-dir", folder.appendingPathComponent("nope").path])
        #expect(missing.status == 3 && missing.stderr.contains("--font-dir"), "\(missing.stderr)")
        // The CLI's own commands still read any file the user names.
        let measured = try CLI.run(["measure", "To", "--bundled-only", "--font-file", folder.appendingPathComponent("mine.ttf").path])
        #expect(measured.status == 0, "\(measured.stderr)")
    }

    @Test("--http serves on loopback and SIGTERM stops it with exit status 0")
    func httpStopsOnSIGTERM() throws {
        let (process, _, line) = try CLI.startHTTPServer()
        #expect(line.contains("serving on http://127.0.0.1:"), "\(line)")
        let port = CLI.announcedPort(line)
        #expect((port ?? 0) > 0)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)
    }
}

extension CLI {
    /// Starts `textfit serve --http 127.0.0.1:0 --bundled-only` and reads its first standard-error
    /// line, which names the address it serves on; returns the process, its standard error (still
    /// open) and that line.
    static func startHTTPServer(options: [String] = ["--bundled-only"]) throws -> (Process, FileHandle, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--http", "127.0.0.1:0"] + options
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var announced = Data()
        while !announced.contains(0x0A) {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced.append(chunk)
        }
        return (process, errors.fileHandleForReading, String(decoding: announced, as: UTF8.self))
    }

    /// The port at the end of the server's "serving on http://HOST:PORT" line.
    static func announcedPort(_ line: String) -> Int? {
        line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }
    }
}
