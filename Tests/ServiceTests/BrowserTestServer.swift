import Foundation
import Testing
@testable import Service

/// Not a check: a server for `Tests/browser/playground-test.sh` when no `textfit serve --http` is
/// available. Runs only with `TEXTFIT_BROWSER_SERVER=/path/port-file` set: serves on a free loopback
/// port, writes the port to that file, and stops when `/path/port-file.stop` appears (or after 10 min).
@Test(.enabled(if: ProcessInfo.processInfo.environment["TEXTFIT_BROWSER_SERVER"] != nil))
func serveForBrowserTest() throws {
    let portFile = ProcessInfo.processInfo.environment["TEXTFIT_BROWSER_SERVER"]!
    let server = HTTPServer(dispatcher: try TestEngine.dispatcher(), port: 0)
    try server.start()
    defer { server.stop() }
    try "\(server.port)\n".write(toFile: portFile, atomically: true, encoding: .utf8)
    let deadline = ContinuousClock.now + .seconds(600)
    while !FileManager.default.fileExists(atPath: portFile + ".stop"), ContinuousClock.now < deadline {
        usleep(50_000)
    }
}
