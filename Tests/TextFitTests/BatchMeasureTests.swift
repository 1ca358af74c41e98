import Foundation
import Testing
@testable import LayoutCore
@testable import TextFit

/// Issue 30: batches measured on every core, answers in input order, memory bounded by a window.
@Suite("Batches: parallel measuring in input order")
struct BatchMeasureTests {
    struct Failure: Error, Equatable { let batch: Int }

    @Test("ParallelBatches.map gives the batches' answers in range order, every item once")
    func order() throws {
        let answers = try ParallelBatches.map(1_000, batchSize: 7) { range in range.map { $0 * 2 } }
        #expect(answers.count == 143)  // ⌈1000 ÷ 7⌉
        #expect(answers.flatMap { $0 } == (0..<1_000).map { $0 * 2 })
        #expect(try ParallelBatches.map(0) { $0.count }.isEmpty)
        #expect(try ParallelBatches.map(5, batchSize: 32) { $0 } == [0..<5])
    }

    @Test("The error thrown is the first batch's in input order, whichever thread finished first")
    func firstErrorInOrder() {
        #expect(throws: Failure(batch: 3)) {
            _ = try ParallelBatches.map(320, batchSize: 10) { range in
                let batch = range.lowerBound / 10
                if batch == 3 || batch == 20 { throw Failure(batch: batch) }
                return batch
            }
        }
    }

    @Test("A request of many texts answers as each text measured alone, in the order of the texts")
    func requestMatchesTextByText() throws {
        let engine = try Engine.get()
        let tags = Array(try JSONWriterTests.tags().prefix(300))
        let together = try engine.measure(MeasureRequest(texts: tags, style: "body", width: 120))
        #expect(together.count == tags.count)
        for (tag, result) in zip(tags, together) {
            let alone = try engine.measure(tag, attributes: TextAttributes(size: .style(.body)),
                                           proposal: MeasureResult.Proposal(width: 120, height: nil))
            #expect(result == alone, "\(tag)")
        }
    }

    @Test("measure --file over more lines than a window (4,096 on two cores): every line answered once, in order")
    func cliWindowsKeepOrder() throws {
        let folder = try CLIUsageTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("many.txt")
        let lines = (1...5_000).map { "tag \($0)" } + ["last\r"]  // CRLF ending; and no newline at the very end
        try Data((lines.joined(separator: "\n")).utf8).write(to: file)
        let output = try CLI.run(["measure", "--bundled-only", "--json", "--file", file.path])
        #expect(output.status == 0, "\(output.stderr)")
        let texts = try output.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["text"] as? String
        }
        #expect(texts == (1...5_000).map { "tag \($0)" } + ["last"])
    }

    @Test("Invalid UTF-8 after the first lines names its byte offset in the whole input")
    func badByteOffset() throws {
        let input = Data("ok\nfine\n".utf8) + Data([0x61, 0xFF, 0x62, 0x0A])
        let output = try CLI.run(["measure", "--bundled-only", "--json", "-"], stdin: input)
        #expect(output.status == 3)
        #expect(output.stdout.split(separator: "\n").count == 2, "the lines before the bad one are answered")
        #expect(output.stderr.contains("standard input is not valid UTF-8 (first bad byte at offset 9)"), "\(output.stderr)")
    }

    /// A bad line in a later window stops the run after every answer before it is written (those
    /// of its own window included), and only then.
    @Test("Invalid UTF-8 in a later window: every line before it answered, in order, then the error")
    func badByteInLaterWindow() throws {
        let good = (1...5_000).map { "tag \($0)\n" }.joined()
        let input = Data(good.utf8) + Data([0x61, 0xFF, 0x0A]) + Data("after\n".utf8)
        let output = try CLI.run(["measure", "--bundled-only", "--json", "-"], stdin: input)
        #expect(output.status == 3)
        #expect(output.stderr.contains("standard input is not valid UTF-8 (first bad byte at offset \(good.utf8.count + 1))"), "\(output.stderr)")
        let texts = try output.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["text"] as? String ?? ""
        }
        #expect(texts.count == 5_000 && texts == (1...5_000).map { "tag \($0)" }, "\(texts.count) answers, the last \(texts.last ?? "none")")
    }

    @Test("--json-input lines are decoded, and held to --max-text-bytes as decoded")
    func jsonInput() throws {
        let input = Data("\"a\\nb\"\n\"\\u00e9t\\u00e9\"\n".utf8)  // "a\nb" and "\u00e9t\u00e9", a line each
        let output = try CLI.run(["measure", "--bundled-only", "--json", "--json-input", "-"], stdin: input)
        #expect(output.status == 0, "\(output.stderr)")
        let texts = try output.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["text"] as? String
        }
        #expect(texts == ["a\nb", "été"])
        let long = try CLI.run(["measure", "--bundled-only", "--json-input", "--max-text-bytes", "4", "-"], stdin: input)
        #expect(long.status == 5 && long.stderr.contains("line 2 of standard input is 5 bytes, over the limit of 4"), "\(long.stderr)")
    }
}

/// The writer's numbers without `Double.description` (issue 30's 300 MB/s): the same characters as
/// the rounded value's `description`, the independent reference, with its `.0` dropped.
@Suite("JSON numbers")
struct JSONNumberTests {
    static func written(_ value: Double) throws -> String {
        var writer = JSONWriter()
        try writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func reference(_ value: Double) -> String {
        let text = JSONWriter.printed(value).description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    @Test("Edge values: 0, −0, 1e-4 either side, 15 and 16 significant digits, 1e6, 4e6, integers, negatives")
    func edges() throws {
        let values: [Double] = [0, -0.0, 1, -1, 17, 18.173000000000002, 0.0001, 0.0000999, 0.00009999999999, -0.0001, 1e-9,
                                5e-10, 4e-10, 999_999.999999999, 999_999.9999999999, 1_000_000, 1_000_000.5, 123_456.123456789,
                                3_999_999.123456789, 4_000_000, 4_000_000.5, 1e300, -1e-300, 0.1, 0.2, 0.30000000000000004,
                                190.45, 23.154, -14.518, 1e-5, 2.5e-7, 100_000.000000001]
        for value in values {
            #expect(try Self.written(value) == Self.reference(value), "\(value)")
        }
        #expect(try Self.written(18.173000000000002) == "18.173")
        #expect(try Self.written(-0.0) == "0")
    }

    @Test("600,000 values over every magnitude a length has, their negatives, and whole thousandths")
    func manyValues() throws {
        var generator = SystemRandomNumberGenerator()
        var mismatches: [Double] = []
        for exponent in -12...7 {
            for _ in 0..<10_000 {
                let value = Double.random(in: 1...10, using: &generator) * pow(10, Double(exponent))
                for candidate in [value, -value, (value * 1_000).rounded() / 1_000] {
                    if try Self.written(candidate) != Self.reference(candidate) { mismatches.append(candidate) }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("Integers as Int: digits and sign, as String(_:) writes them")
    func integers() {
        for value in [0, 7, -7, 10, 1_000, Int.max, Int.min, 1_234_567_890] {
            var writer = JSONWriter()
            writer.value(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
        }
    }
}

/// A face reads each table from its file when first needed (`FontFileTables`): a file changed in
/// place after it was opened is refused by name, never read as a mix of two fonts; a file replaced
/// by another (a rename over it) is read as it was when opened.
@Suite("Font files changed while open")
struct FontFileChangeTests {
    static func scratchCopy() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-change-\(UUID().uuidString).ttf").path
        try FileManager.default.copyItem(atPath: Engine.repository.appendingPathComponent("fonts/NotoSans-Regular.ttf").path, toPath: path)
        return path
    }

    @Test("Truncated in place before its shaping tables were read: measure throws fontFileChanged naming the file")
    func changedInPlace() throws {
        let path = try Self.scratchCopy()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let engine = try TextFitEngine(bundledOnly: true)
        // Opening the face reads head, hhea, OS/2, post, name and cmap; not hmtx, GSUB or GPOS.
        let face = try engine.library.match(FontRequest(file: path)).face
        #expect(truncate(path, 20_000) == 0)
        #expect(throws: TypographyError.fontFileChanged(path: path)) {
            _ = try engine.measure(MeasureRequest(texts: ["Hello"], fontFile: path, size: 17))
        }
        #expect(throws: TypographyError.fontFileChanged(path: path)) { try face.checkFileUnchanged() }
    }

    @Test("Replaced by a rename: the open face goes on reading the file it opened, with the same widths")
    func replacedByRename() throws {
        let path = try Self.scratchCopy()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let engine = try TextFitEngine(bundledOnly: true)
        _ = try engine.library.match(FontRequest(file: path))
        let other = path + ".new"
        try FileManager.default.copyItem(atPath: Engine.repository.appendingPathComponent("fonts/NotoSans-Bold.ttf").path, toPath: other)
        #expect(rename(other, path) == 0)
        let result = try #require(try engine.measure(MeasureRequest(texts: ["Hello"], fontFile: path, size: 1_000)).first)
        // `hb-shape fonts/NotoSans-Regular.ttf Hello` (upem 1000): H 741, e 564, l 258, l 258, o 605; the Bold that
        // replaced it would give 765 + 591 + 305 + 305 + 619.
        #expect(result.ideal.width == 741 + 564 + 258 + 258 + 605)
    }
}
