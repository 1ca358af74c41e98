import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real `textfit serve --http 127.0.0.1:0` in a process of its own, for tests that measure what a
/// server holds (resident memory, descriptors) without the test runner's own in the figures; stopped
/// with SIGTERM when released.
public final class ServedProcess: @unchecked Sendable {
    public let process: Process
    /// The port it announced.
    public let port: Int
    private let errors: FileHandle

    /// Starts `binary serve --http 127.0.0.1:0` with `options`, under a descriptor limit of
    /// `fileLimit` when given (`ulimit -n`, soft and hard, set by the shell that then execs the
    /// server, so the process keeps the shell's pid), and waits for its "serving on" line.
    public init(binary: String, options: [String] = ["--bundled-only"], fileLimit: Int? = nil) throws {
        let process = Process()
        let serve = ["serve", "--http", "127.0.0.1:0"] + options
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", binary] + serve
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = serve
        }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var announced = Data()
        while !announced.contains(0x0A) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced.append(chunk)
        }
        let line = String(decoding: announced, as: UTF8.self)
        guard line.contains("serving on"), let port = line.split(separator: ":").last.flatMap({ Int($0.prefix { $0.isNumber }) }) else {
            process.terminate()
            throw ServedProcessError(message: "textfit serve did not start: \(line)")
        }
        self.process = process
        self.port = port
        self.errors = pipe.fileHandleForReading
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
    }

    /// The server's resident memory now, in MiB (`VmRSS`).
    public var residentMiB: Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let kilobytes = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }?
            .split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Double($0) } ?? 0
        return kilobytes / 1_024
    }

    /// The descriptors the server has open now.
    public var openDescriptors: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd")) ?? []).count
    }
}

public struct ServedProcessError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
