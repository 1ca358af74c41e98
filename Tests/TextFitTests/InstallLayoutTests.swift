import Foundation
import Testing

/// `make install PREFIX=…` (issue 50) puts `textfit` in PREFIX/bin and its fonts in
/// PREFIX/share/textfit/fonts, where the binary looks for them (docs/fonts.md): here the Makefile's
/// recipe is read with `make -n`, and the built binary is laid out as it installs (a release build
/// takes minutes; the lookup is the same code) and asked which font files it measures with.
@Suite("make install: the binary and its fonts where it finds them")
struct InstallLayoutTests {
    @Test("make install copies textfit to PREFIX/bin and every bundled font, the MANIFEST and the licences to PREFIX/share/textfit/fonts")
    func recipe() throws {
        let output = try CLI.run(["-n", "-C", Engine.repository.path, "install", "PREFIX=/opt/prefix"], executable: "/usr/bin/make")
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("install -m 755 ") && $0.hasSuffix(#" "/opt/prefix/bin/textfit""#) }, "\(output.stdout)")
        let fonts = try #require(lines.first { $0.hasSuffix(#" "/opt/prefix/share/textfit/fonts/""#) }, "\(output.stdout)")
        let bundled = try FileManager.default.contentsOfDirectory(atPath: Engine.repository.appendingPathComponent("fonts").path)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") || $0 == "MANIFEST" || $0.hasPrefix("LICENSE-") }
        #expect(bundled.count > 30)
        for file in bundled { #expect(fonts.contains("fonts/\(file) "), "\(file) is not installed") }
        #expect(lines.contains { $0.contains("--static-swift-stdlib") }, "the installed binary needs no Swift toolchain")
    }

    @Test("A binary in PREFIX/bin measures with PREFIX/share/textfit/fonts; TEXTFIT_FONTS comes first")
    func lookup() throws {
        let manager = FileManager.default
        let prefix = manager.temporaryDirectory.appendingPathComponent("textfit-prefix-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: prefix) }
        let bin = prefix.appendingPathComponent("bin"), share = prefix.appendingPathComponent("share/textfit/fonts")
        try manager.createDirectory(at: bin, withIntermediateDirectories: true)
        try manager.createDirectory(at: share.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(atPath: CLI.binary, toPath: bin.appendingPathComponent("textfit").path)
        try manager.copyItem(at: Engine.repository.appendingPathComponent("fonts"), to: share)
        func fontFile(_ environment: [String: String] = [:]) throws -> String {
            let variables = environment.map { "\($0.key)=\($0.value)" }
            let output = try CLI.run(["-i"] + variables + [bin.appendingPathComponent("textfit").path, "measure", "Hi", "--bundled-only", "--json"],
                                     executable: "/usr/bin/env")
            #expect(output.status == 0, "\(output.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            return try #require((object["font"] as? [String: Any])?["file"] as? String)
        }
        #expect(try fontFile() == share.appendingPathComponent("NotoSans-Regular.ttf").path)
        let checkout = Engine.repository.appendingPathComponent("fonts").path
        #expect(try fontFile(["TEXTFIT_FONTS": checkout]) == checkout + "/NotoSans-Regular.ttf")
    }
}
