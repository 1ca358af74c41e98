import Foundation
import Testing
@testable import Catalogs

// A bundle folder's strings are asked for by every text that shows a key, each time it is measured
// or reported: the folder is listed to check for edits at most once a second, and an edit is seen
// after that (LocalizedStrings.bundle(at:)).

@Suite("A bundle folder's strings: read once, checked for edits once a second")
struct BundleStringsCacheTests {
    static func catalog(_ german: String) -> Data {
        Data("""
        {"sourceLanguage": "en", "version": "1.0", "strings": {"greeting": {"localizations": {
          "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
          "de": {"stringUnit": {"state": "translated", "value": "\(german)"}}}}}}
        """.utf8)
    }

    @Test("Two hundred lookups within a second list the folder once; an edit is seen a second later")
    func revalidation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Localizable.xcstrings")
        try Self.catalog("Hallo").write(to: file)

        for _ in 0..<200 {
            #expect(try LocalizedStrings.bundle(at: folder.path).lookup("greeting", locale: "de").format == "Hallo")
        }
        // Once, or twice if this machine took more than a second over the loop (each listing was once per lookup).
        #expect(try #require(LocalizedStrings.folderScans.withLock { $0[folder.path] }) <= 2)

        try Self.catalog("Servus, grüß Gott").write(to: file)
        Thread.sleep(forTimeInterval: LocalizedStrings.revalidationInterval + 0.1)
        #expect(try LocalizedStrings.bundle(at: folder.path).lookup("greeting", locale: "de").format == "Servus, grüß Gott")
    }
}
