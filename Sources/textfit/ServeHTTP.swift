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
/// flight and exits 0. Binds to loopback unless a host is given. `allowOrigins`: `--allow-origin`'s
/// comma-separated origins; `allowHosts`: `--allow-host`'s comma-separated names.
///
/// SIGPIPE is ignored, so neither a client that hangs up nor a standard error whose reader has gone
/// can kill the server; its log lines go out with write(2) and are dropped when that fails. A
/// standard error (or input, output) closed at start is reopened on /dev/null first, so no socket the
/// server opens can take descriptor 2 and receive log lines.
func serveHTTP(_ dispatcher: ServiceDispatcher, address: String, allowOrigins: String? = nil, allowHosts: String? = nil) throws {
    signal(SIGPIPE, SIG_IGN)
    HTTPServer.returnLargeBlocksToTheSystem()
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        let null = open("/dev/null", O_RDWR)
        if null >= 0, null != descriptor {
            dup2(null, descriptor)
            close(null)
        }
    }
    guard let (host, port) = HTTPServer.parseAddress(address) else {
        throw CommandError.usage("--http expects [HOST:]PORT, e.g. 8080 or 127.0.0.1:8080, got '\(address)'")
    }
    let origins = (allowOrigins ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    func isOrigin(_ text: String) -> Bool {  // scheme://host[:port], nothing after
        guard let scheme = ["http://", "https://"].first(where: text.lowercased().hasPrefix) else { return false }
        var authority = text.dropFirst(scheme.count)
        while authority.hasSuffix("/") { authority.removeLast() }
        return !authority.isEmpty && !authority.contains("/") && !authority.contains("@") && !authority.contains(" ")
    }
    if let bad = origins.first(where: { !isOrigin($0) }) {
        throw CommandError.usage("--allow-origin expects origins like https://app.example or http://localhost:3000, got '\(bad)'")
    }
    let hosts = (allowHosts ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    if let bad = hosts.first(where: { !HTTPServer.isHostName($0) }) {
        throw CommandError.usage("--allow-host expects a host name, optionally with a port (textfit.internal or textfit.internal:8080), got '\(bad)'")
    }
    // Block the signals before the server's threads start, so they inherit the mask and only
    // sigwait below receives them.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    let server = HTTPServer(dispatcher: dispatcher, host: host, port: port, allowedOrigins: origins, allowedHosts: hosts)
    do {
        try server.start()
    } catch {
        throw CommandError.input("cannot serve on \(address): \(error)")
    }
    report("serving on \(server.baseURL) (SIGINT or SIGTERM to stop)")
    var received: Int32 = 0
    sigwait(&signals, &received)
    report("stopping: finishing requests in flight")
    server.stop()
    exit(0)
}
