import Foundation

/// What a child process wrote and how it ended.
public struct ChildRun: Sendable {
    public var status: Int32
    /// Whether it exited (else `status` is the signal that killed it).
    public var exited: Bool
    public var stdout: String
    public var stderr: String
}

/// Runs `executable` with `arguments` and `environment` added to this process's, an empty standard
/// input, to its end. Standard error is read after standard output, so it must stay small (a message).
public func runToEnd(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ChildRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = readToEnd(out.fileHandleForReading), stderr = readToEnd(err.fileHandleForReading)
    process.waitUntilExit()
    return ChildRun(status: process.terminationStatus, exited: process.terminationReason == .exit,
                    stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
}

/// The built `textfit` the CLI tests run: `$TEXTFIT_BINARY` when set, else the one beside the test
/// runner (`swift test` builds every product into its build folder, whichever `--scratch-path` it
/// was given: `make sanitize` builds into `.build/tsan` and `.build/asan`), else
/// `.build/debug/textfit` under `repository`.
public func textfitBinary(repository: URL) -> String {
    if let path = ProcessInfo.processInfo.environment["TEXTFIT_BINARY"], !path.isEmpty { return path }
    let runner = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    let beside = runner.deletingLastPathComponent().appendingPathComponent("textfit").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    return repository.appendingPathComponent(".build/debug/textfit").path
}

/// The sanitizer the tests and the `textfit` they run were built with, as `make sanitize` says in
/// `TEXTFIT_SANITIZER` (`thread` or `address`); `nil` for an ordinary build.
public let buildSanitizer: String? = ProcessInfo.processInfo.environment["TEXTFIT_SANITIZER"].flatMap { $0.isEmpty ? nil : $0 }

/// The `NEEDED` entries of an ELF file's dynamic section, read by `readelf -d` (Debian binutils),
/// or `nil` when readelf fails.
public func neededLibraries(_ path: String) throws -> [String]? {
    let output = try runToEnd("/usr/bin/env", ["readelf", "-d", "-W", path])
    guard output.status == 0 else { return nil }
    return output.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
        guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]"), open < close else { return nil }
        return String(line[line.index(after: open)..<close])
    }
}

/// A new folder holding an empty file named `soname`: first on LD_LIBRARY_PATH, it makes dlopen find
/// the name and fail to load it ("file too short"), as on a machine without the library. The caller
/// removes the folder.
public func folderWithBrokenLibrary(_ soname: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-lazy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data().write(to: folder.appendingPathComponent(soname))
    return folder
}
