import Foundation
import Testing
import TestSupport

/// librsvg and cairo (PNG output) and libmicrohttpd (`serve --http`) are loaded with dlopen on first
/// use (CRSVG, CMicroHTTPD), so that the ~40 libraries they bring are not mapped and bound by every
/// process before main. These tests read the `textfit` binary the build made
/// (``textfitBinary(repository:)``): none of them may be linked again, and a missing librsvg must be a clear error
/// naming the library and its Debian package, not a crash or a loader failure at start.
/// (ServiceTests' `LazyMicroHTTPDTests` does the same for libmicrohttpd.)
@Suite("Lazily loaded C libraries (textfit's ELF dynamic section; make test builds the binary first)")
struct LazyLibraryTests {
    static let binary = textfitBinary(repository: Fixtures.repository)
    /// Names of libraries only PNG output or the HTTP server need (or that only they bring).
    static let lazy = ["librsvg", "libcairo", "libgobject", "libgio", "libgdk_pixbuf", "libpango", "libmicrohttpd", "libgnutls"]

    @Test("textfit's NEEDED entries and ldd list HarfBuzz but not librsvg, cairo, GLib or libmicrohttpd")
    func notLinked() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no textfit binary at \(Self.binary) (swift build first)")
        let direct = try #require(try neededLibraries(Self.binary), "readelf -d failed (Debian binutils)")
        #expect(direct.contains("libharfbuzz.so.0"), "readelf's NEEDED entries were not read: \(direct)")
        let linked = direct.filter { name in Self.lazy.contains { name.hasPrefix($0) } || name.hasPrefix("libglib") }
        #expect(linked.isEmpty, "linked again: \(linked)")

        // Everything the loader maps at start, dependencies of dependencies included (HarfBuzz
        // brings GLib itself, so it is not checked here).
        let ldd = try runToEnd("/usr/bin/env", ["ldd", Self.binary])
        try #require(ldd.status == 0, "ldd failed: \(ldd.stderr)")
        #expect(ldd.stdout.contains("libharfbuzz.so.0"))
        let mapped = ldd.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { line in Self.lazy.contains { line.hasPrefix($0) } }
        #expect(mapped.isEmpty, "mapped at start: \(mapped)")
    }

    @Test("Without a loadable librsvg, --png fails naming the library, the loader's reason and the Debian package; measuring and SVG still work")
    func missingLibrsvg() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no textfit binary at \(Self.binary) (swift build first)")
        let folder = try folderWithBrokenLibrary("librsvg-2.so.2")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["LD_LIBRARY_PATH": folder.path, "TEXTFIT_FONTS": Fixtures.fonts]
        let layout = Fixtures.repository.appendingPathComponent("demo/tag-cloud.json").path
        let svg = folder.appendingPathComponent("cloud.svg").path, png = folder.appendingPathComponent("cloud.png").path

        let drawn = try runToEnd(Self.binary, ["layout", layout, "--bundled-only", "--width", "390", "--png", png], environment: environment)
        #expect(drawn.exited, "textfit was killed by signal \(drawn.status): \(drawn.stderr)")
        #expect(drawn.status != 0)
        #expect(drawn.stderr.contains("librsvg-2.so.2"), "\(drawn.stderr)")
        #expect(drawn.stderr.contains("file too short"), "dlerror()'s text is missing: \(drawn.stderr)")
        #expect(drawn.stderr.contains("librsvg2-2"), "the Debian package is missing: \(drawn.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png))

        // Measuring and SVG never load librsvg, so the broken copy does not matter to them.
        let measured = try runToEnd(Self.binary, ["measure", "--bundled-only", "Hello", "--json"], environment: environment)
        #expect(measured.status == 0, "\(measured.stderr)")
        let pictured = try runToEnd(Self.binary, ["layout", layout, "--bundled-only", "--width", "390", "--svg", svg], environment: environment)
        #expect(pictured.status == 0, "\(pictured.stderr)")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).hasPrefix("<svg"))
    }
}
