import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

/// The fixture folder, found from this source file (fixtures are not bundled).
let readerFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// The path of a fixture file or folder.
func fixture(_ relative: String) -> String { readerFixtures + "/" + relative }

/// Reads fixtures (non-strict unless asked).
func readFixture(_ relative: String..., strict: Bool = false, sourceLanguage: String? = nil) throws -> Catalog {
    try CatalogReader.read(relative.map(fixture), strict: strict, sourceLanguage: sourceLanguage)
}

extension Catalog {
    /// The one entry for key, locale and variant (nil when absent or duplicated).
    func entry(_ key: String, _ locale: String, _ variant: String = "") -> CatalogEntry? {
        let hits = entries.filter { $0.key == key && $0.locale == locale && $0.variant == variant }
        return hits.count == 1 ? hits[0] : nil
    }

    /// Variants of a key in a locale, in catalog order.
    func variants(_ key: String, _ locale: String) -> [String] {
        entries.filter { $0.key == key && $0.locale == locale }.map(\.variant)
    }

    /// Problems as `file-name:line message` or `file-name jsonPath message`, for compact assertions.
    var problemLines: [String] {
        problems.map { p in
            let name = URL(fileURLWithPath: p.location.file).lastPathComponent
            if let line = p.location.line { return "\(name):\(line) \(p.message)" }
            if let path = p.location.jsonPath { return "\(name) \(path) \(p.message)" }
            return "\(name) \(p.message)"
        }
    }
}

/// Runs `body`, expecting it to throw a `CatalogProblem`, and returns it.
func expectProblem(_ body: () throws -> Catalog) -> CatalogProblem? {
    do {
        _ = try body()
        Issue.record("expected a CatalogProblem, the read succeeded")
        return nil
    } catch let p as CatalogProblem {
        return p
    } catch {
        Issue.record("expected a CatalogProblem, got \(error)")
        return nil
    }
}

/// Writes `files` (path relative to a new temporary folder → contents, UTF-8) and returns the folder.
func temporaryCatalog(_ files: [String: String]) throws -> String {
    try temporaryCatalog(files.mapValues { Data($0.utf8) })
}

/// Writes `files` (path relative to a new temporary folder → bytes) and returns the folder.
func temporaryCatalog(_ files: [String: Data]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsr-\(UUID().uuidString)")
    for (path, data) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
    return folder.path
}
