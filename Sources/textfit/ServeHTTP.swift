import Foundation
import Service
#if canImport(Glibc)
import Glibc
#endif

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
