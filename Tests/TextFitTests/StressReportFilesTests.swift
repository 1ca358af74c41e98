import Foundation
import Testing

/// `textfit stress --report`'s files since the HTML report's pictures moved out of the page (issue 28).
@Suite("stress --report: index.html and its pictures/N.js")
struct StressReportFilesTests {
    static let territories = CLIUsageTests.territories

    @Test("The pictures are in pictures/N.js beside the page; a smaller report removes the files a larger one left")
    func pictureFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-report-files-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLI.run(["stress", Self.territories, "--bundled-only", "--width", "120", "--report", folder.path])
        #expect(output.status == 1)
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("pictures").path).sorted()
        #expect(pictures == ["1.js", "2.js"] && page.contains("\"picturesPerFile\":100,"))
        #expect(try String(contentsOf: folder.appendingPathComponent("pictures/2.js"), encoding: .utf8).hasPrefix("textfitPictures(1,[\"\\u003csvg "))
        // A report with fewer pictures (3): pictures/2.js, no longer referenced, goes; a file of another name stays.
        try Data("keep".utf8).write(to: folder.appendingPathComponent("pictures/notes.txt"))
        let fewer = try CLI.run(["stress", Self.territories, "--bundled-only", "--width", "120", "--report", folder.path, "--max-pictures", "3"])
        #expect(fewer.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("pictures").path).sorted() == ["1.js", "notes.txt"])
    }
}
