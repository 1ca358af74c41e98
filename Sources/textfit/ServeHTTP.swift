import Foundation
import Service
#if canImport(Glibc)
import Glibc
#endif

/// `textfit serve --stdio`: answers JSON lines until standard input ends (exit 0). A standard output
/// that cannot be written (its reader closed it) is reported on stderr and exits 4 (`ExitCode.output`);
/// an unreadable standard input exits 3.
func serveStdio(_ dispatcher: ServiceDispatcher) -> Never {
    let outcome = StdioServer(dispatcher: dispatcher).run()
    if let message = outcome.message { report(message) }
    switch outcome {
    case .endOfInput: exit(0)
    case .outputFailed: exit(ExitCode.output.rawValue)
    case .inputFailed: exit(ExitCode.input.rawValue)
    }
}

/// Writes `textfit: message` to stderr with write(2), ignoring failure: stderr may be a closed pipe
/// too, and FileHandle's write traps on an error.
private func report(_ message: String) {
    let line = Array("textfit: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// `textfit serve --http [HOST:]PORT`: serves until SIGINT or SIGTERM, then finishes the requests in
/// flight and exits 0. Binds to loopback unless a host is given.
func serveHTTP(_ dispatcher: ServiceDispatcher, address: String) throws {
    guard let (host, port) = HTTPServer.parseAddress(address) else {
        throw CommandError.usage("--http expects [HOST:]PORT, e.g. 8080 or 127.0.0.1:8080, got '\(address)'")
    }
    // Block the signals before the server's threads start, so they inherit the mask and only
    // sigwait below receives them.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    let server = HTTPServer(dispatcher: dispatcher, host: host, port: port)
    do {
        try server.start()
    } catch {
        throw CommandError.input("cannot serve on \(address): \(error)")
    }
    FileHandle.standardError.write(Data("textfit: serving on \(server.baseURL) (SIGINT or SIGTERM to stop)\n".utf8))
    var received: Int32 = 0
    sigwait(&signals, &received)
    FileHandle.standardError.write(Data("textfit: stopping: finishing requests in flight\n".utf8))
    server.stop()
    exit(0)
}
