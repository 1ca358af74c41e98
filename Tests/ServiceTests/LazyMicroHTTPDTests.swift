import Foundation
import Testing
import TestSupport

/// libmicrohttpd is loaded with dlopen when an HTTP server first starts (CMicroHTTPD), so that it and
/// the TLS libraries it brings are not mapped by every process. These tests read the `textfit` binary
/// the build made (``textfitBinary(repository:)``).
@Suite("libmicrohttpd loaded on first use (make test builds the binary first)")
struct LazyMicroHTTPDTests {
    static let binary = textfitBinary(repository: TestEngine.repository)

    @Test("textfit does not link libmicrohttpd or GnuTLS")
    func notLinked() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no textfit binary at \(Self.binary) (swift build first)")
        let direct = try #require(try neededLibraries(Self.binary), "readelf -d failed (Debian binutils)")
        #expect(direct.contains("libharfbuzz.so.0"), "readelf's NEEDED entries were not read: \(direct)")
        #expect(!direct.contains { $0.hasPrefix("libmicrohttpd") || $0.hasPrefix("libgnutls") }, "\(direct)")
    }

    @Test("Without a loadable libmicrohttpd, serve --http fails to start naming the library, the loader's reason and the Debian package")
    func missingLibrary() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no textfit binary at \(Self.binary) (swift build first)")
        let folder = try folderWithBrokenLibrary("libmicrohttpd.so.12")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = TestEngine.repository.appendingPathComponent("fonts").path
        let served = try runToEnd(Self.binary, ["serve", "--http", "127.0.0.1:0", "--bundled-only"],
                                  environment: ["LD_LIBRARY_PATH": folder.path, "TEXTFIT_FONTS": fonts])
        #expect(served.exited, "textfit was killed by signal \(served.status): \(served.stderr)")
        #expect(served.status != 0)
        #expect(served.stderr.contains("libmicrohttpd.so.12"), "\(served.stderr)")
        #expect(served.stderr.contains("file too short"), "dlerror()'s text is missing: \(served.stderr)")
        #expect(served.stderr.contains("libmicrohttpd12"), "the Debian package is missing: \(served.stderr)")
    }
}
