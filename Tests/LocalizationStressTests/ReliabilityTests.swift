import Foundation
import LayoutCore
import Testing
@testable import Catalogs
@testable import LocalizationStress
import Typography

/// A scratch folder under the system's temporary folder, removed by the caller.
func scratchFolder(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("textfit-\(name)-\(UUID().uuidString)")
}

/// A small tmpfs mounted for a test (root only), to make a disk that fills up.
struct SmallDisk {
    let folder: URL

    /// Whether tests can mount one: root, and `mount` works here (not in every container).
    static let available: Bool = {
        guard getuid() == 0, let disk = try? SmallDisk(kilobytes: 64) else { return false }
        disk.unmount()
        return true
    }()

    init(kilobytes: Int, readOnly: Bool = false) throws {
        folder = scratchFolder("tmpfs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let options = "size=\(kilobytes)k" + (readOnly ? ",ro" : "")
        guard Self.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", folder.path]) else {
            try? FileManager.default.removeItem(at: folder)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    func unmount() {
        _ = Self.run(["umount", folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    private static func run(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

@Suite("Reliability: JSON of String Catalogs")
struct JSONReaderTests {
    @Test("Values, escapes and surrogate pairs come out as native Swift values")
    func values() throws {
        let json = #"{"a": [1, -2.5e1, true, false, null, "x\"\\\/\n\u00e9\ud83d\ude00"], "b": {}, "c": []}"#
        let object = try #require(try JSONReader.parse(Data(json.utf8)) as? [String: Any])
        let array = try #require(object["a"] as? [Any])
        #expect(array[0] as? Int == 1 && array[1] as? Double == -25)
        let numbers = try #require(try JSONReader.parse(Data("[0, -0, 0.5, 1E+2, 2e-1, -12]".utf8)) as? [Any])
        #expect(numbers[0] as? Int == 0 && numbers[1] as? Int == 0 && numbers[2] as? Double == 0.5)
        #expect(numbers[3] as? Double == 100 && numbers[4] as? Double == 0.2 && numbers[5] as? Int == -12)
        #expect(array[2] as? Bool == true && array[3] as? Bool == false && array[4] is NSNull)
        #expect(array[5] as? String == "x\"\\/\né😀")
        #expect((object["b"] as? [String: Any])?.isEmpty == true && (object["c"] as? [Any])?.isEmpty == true)
    }

    @Test("Errors say what and where (line and column)", arguments: [
        ("{\n  \"a\": [1, 2,]\n}", "line 2"), ("{\"a\" 1}", "expected ':'"), ("[\"\u{1}\"]", "control character"),
        ("[1] x", "after the JSON value"), ("\"\\ud800\"", "surrogate"), ("", "end of input"),
        // RFC 8259's number grammar, which Swift's Int(_:) and Double(_:) are looser than.
        ("[+1]", "column 2"), ("[01]", "leading zero"), ("[.5]", "column 2"), ("[1.]", "after the decimal point"),
        ("[1.e5]", "after the decimal point"), ("[1e]", "exponent"), ("[-]", "column 2"), ("[1e400]", "too large"),
        ("{\"a\": 1,}", "expected a string key"),
    ])
    func errors(_ json: String, _ expected: String) {
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(Data(json.utf8)) }
        do { _ = try JSONReader.parse(Data(json.utf8)) } catch { #expect("\(error)".contains(expected), "\(error)") }
    }

    @Test("A repeated key keeps its last value by default (catalogs); refusesDuplicateKeys names its path and key")
    func duplicateKeys() throws {
        let json = #"{"a": [{"k": 1}, {"k": 2, "k": 3}]}"#
        let tolerant = try #require(try JSONReader.parse(Data(json.utf8)) as? [String: Any])
        #expect(((tolerant["a"] as? [Any])?[1] as? [String: Any])?["k"] as? Int == 3)
        do {
            _ = try JSONReader.parse(Data(json.utf8), refusesDuplicateKeys: true)
            Issue.record("accepted a repeated key")
        } catch {
            // The second "k" starts at column 27 of the one line.
            #expect("\(error)" == #"duplicate key "k" in the object at $.a[1] at line 1, column 27"#, "\(error)")
        }
        #expect(throws: Never.self) { try JSONReader.parse(Data(#"{"a": {"k": 1}, "b": {"k": 2}}"#.utf8), refusesDuplicateKeys: true) }
    }

    @Test("Nesting deeper than 512 levels is refused, not recursed")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONReader.parse(Data(deep.utf8))
            Issue.record("accepted 100,000 levels")
        } catch {
            #expect("\(error)".contains("nested more than 512 levels"))
        }
        #expect((try? JSONReader.parse(Data((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8))) != nil)
    }
}

@Suite("Reliability: catalog limits")
struct CatalogLimitTests {
    /// A `.strings` catalog of `keys` keys in each of `locales` (one `Localizable.strings` per `.lproj`).
    func makeCatalog(keys: Int, locales: [String], longText: Int? = nil) throws -> URL {
        let folder = scratchFolder("catalog")
        for locale in locales {
            let lproj = folder.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            var text = ""
            for key in 0..<keys { text += "\"key.\(key)\" = \"Settings \(locale) \(key)\";\n" }
            if let longText { text += "\"long\" = \"\(String(repeating: "a", count: longText))\";\n" }
            try Data(text.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        return folder
    }

    @Test("A catalog of 200,000 entries is read (3 s in a debug build); one over maxEntries is refused naming the file")
    func twoHundredThousand() throws {
        let folder = try makeCatalog(keys: 50_000, locales: ["de", "en", "es", "fr"])
        defer { try? FileManager.default.removeItem(at: folder) }
        // Its speed is `make bench`'s (group scaling, ".strings catalog"), not a clock here.
        let catalog = try CatalogReader.read([folder.path])
        #expect(catalog.entries.count == 200_000 && catalog.problems.isEmpty)
        do {
            _ = try CatalogReader.read([folder.path], limits: CatalogLimits(maxEntries: 120_000))
            Issue.record("read past maxEntries")
        } catch let error as CatalogLimitError {
            // The third file (es, in path order) crosses 120,000.
            #expect(error.limit == "maxEntries" && error.file.hasSuffix("es.lproj/Localizable.strings"))
            #expect(error.description.contains("150000 entries") && error.description.contains("120000"))
        }
    }

    @Test("A text over maxTextBytes is a problem naming the entry and skipped; strict throws it")
    func longText() throws {
        let folder = try makeCatalog(keys: 3, locales: ["en"], longText: 2_000)
        defer { try? FileManager.default.removeItem(at: folder) }
        let limits = CatalogLimits(maxTextBytes: 1_000)
        let catalog = try CatalogReader.read([folder.path], limits: limits)
        #expect(catalog.entries.map(\.key) == ["key.0", "key.1", "key.2"])
        #expect(catalog.problems.count == 1 && catalog.problems[0].message.contains("'long' (en) is 2000 bytes, over the limit of 1000"))
        #expect(catalog.problems[0].location.line == 4)
        #expect(throws: catalog.problems[0]) { try CatalogReader.read([folder.path], strict: true, limits: limits) }
        #expect(try CatalogReader.read([folder.path]).entries.count == 4)  // the default is 1 MiB
    }
}

@Suite("Reliability: fonts and report files of the sweep")
struct SweepFaultTests {
    func container(font: FontRequest) -> StressContainer {
        StressContainer(width: 300, font: font, dynamicTypeSizes: [.large, .accessibility1])
    }

    @Test("A font that cannot be opened is an error naming it, never a column of missing-glyphs verdicts")
    func unopenableFont() throws {
        let sweep = try StressFixtures.sweep()
        let entries = [StressFixtures.entry("Settings")]
        for font in [FontRequest(family: "No Such Family"), FontRequest(file: "/nonexistent/font.ttf")] {
            let boxes = [container(font: font)]
            #expect(throws: TypographyError.self) { try sweep.checkFonts(boxes) }
            do {
                _ = try sweep.checkedRun(entries, containers: boxes, texts: ["Settings"])
                Issue.record("measured with \(font)")
            } catch {
                #expect(error.key == "Settings" || error.key == "k")
                #expect(error.reason.contains("No Such Family") || error.reason.contains("/nonexistent/font.ttf"), "\(error)")
            }
        }
        // The library's older `run` keeps its answer for such entries (the CLI uses checkedRun).
        #expect(sweep.run(entries, containers: [container(font: FontRequest(family: "No Such Family"))], texts: ["x"])
            .allSatisfy { $0.status == .missingGlyphs })
    }

    @Test("A truncated font file is refused up front, naming the file")
    func truncatedFontFile() throws {
        let copy = scratchFolder("font").appendingPathExtension("ttf")
        let original = try Data(contentsOf: StressFixtures.repository.appendingPathComponent("fonts/NotoSans-Regular.ttf"))
        try original.prefix(original.count / 2).write(to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        do {
            try StressFixtures.sweep().checkFonts([container(font: FontRequest(file: copy.path))])
            Issue.record("a truncated font opened")
        } catch {
            #expect("\(error)".contains(copy.path) && "\(error)".contains("truncated"), "\(error)")
        }
    }

    let files: [(name: String, data: Data)] = [("report.json", Data("{}".utf8)), ("junit.xml", Data("<x/>".utf8))]

    @Test("Report files are written all or nothing; a path under a file fails naming it, leaving nothing")
    func unwritableFolder() throws {
        let file = scratchFolder("plain-file")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try StressReport.write(files, to: file.appendingPathComponent("report"))
            Issue.record("wrote under a file")
        } catch {
            #expect(error.path == file.path && error.reason == "it is a file, not a folder")
        }
        #expect(throws: ReportWriteError.self) { try StressReport.checkWritable(file) }

        let folder = scratchFolder("report")
        defer { try? FileManager.default.removeItem(at: folder) }
        try StressReport.write(files, to: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["junit.xml", "report.json"])
    }

    @Test("A full disk leaves the previous report as it was and no partial file", .enabled(if: SmallDisk.available))
    func fullDisk() throws {
        let disk = try SmallDisk(kilobytes: 64)
        defer { disk.unmount() }
        let folder = disk.folder.appendingPathComponent("out")
        try StressReport.write(files, to: folder)
        let big = Data(repeating: UInt8(ascii: "x"), count: 200_000)
        do {
            try StressReport.write([("report.json", Data("{\"new\": 1}".utf8)), ("index.html", big)], to: folder)
            Issue.record("wrote 200 KB to a 64 KB disk")
        } catch {
            #expect(error.path.hasSuffix("out/index.html") && error.reason.contains("No space left on device"), "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["junit.xml", "report.json"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("report.json")) == Data("{}".utf8))
    }

    @Test("A read-only disk fails before the sweep (checkWritable)", .enabled(if: SmallDisk.available))
    func readOnlyDisk() throws {
        let disk = try SmallDisk(kilobytes: 64, readOnly: true)
        defer { disk.unmount() }
        do {
            try StressReport.checkWritable(disk.folder.appendingPathComponent("out"))
            Issue.record("a read-only disk took a report")
        } catch {
            #expect(error.reason.contains("Read-only file system"), "\(error)")
        }
    }
}
