import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress
import Rendering
import Typography

/// The HTML report's structure (issue 28): a row per key × locale × variant with its strip of sizes
/// and the numbers of its first failing size; pictures in files of their own.
@Suite("The HTML report's rows, strips and picture files")
struct ReportPageTests {
    @Test("A string in the page's JSON reads back, by Foundation's parser, as the string written; `<` never appears raw")
    func stringsEscape() throws {
        let strings = ["", "plain", "<svg width=\"1\">\n</svg>", "a\\b \"c\" \u{1}\u{1F}\t\r", "ünïcödé 中文 عربي 👋", String(repeating: "<>\"", count: 500)]
        for text in strings {
            var data = PageData()
            data.strings([text])
            let json = data.text
            #expect(!json.contains("<"), "\(json)")
            let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? [String]
            #expect(decoded == [text])
        }
        // Several strings in one buffer, each escaped in place after the others.
        var data = PageData()
        data.strings(strings)
        #expect(try JSONSerialization.jsonObject(with: Data(data.text.utf8)) as? [String] == strings)
    }

    /// Body text at large, xLarge and xxLarge in a 50 pt one-line box: "aa bb" fails at xxLarge only;
    /// the plural variants of "files" are rows of their own; "long" fails from large.
    func sample() throws -> (sweep: StressSweep, report: StressReport, entries: [CatalogEntry], containers: [StressContainer]) {
        let container = StressContainer(width: 50, maxLines: 1, size: .style(.body), dynamicTypeSizes: [.large, .xLarge, .xxLarge])
        var one = CatalogEntry(key: "files", locale: "de", variant: "plural.one", text: "aa", sourceText: "a",
                               origin: SourceLocation(file: "Localizable.xcstrings", line: 7))
        var other = one
        other.variant = "plural.other"
        other.text = "aa bb cc dd"
        one.origin.line = 6
        var long = StressFixtures.entry("aa bb cc dd ee", key: "long", locale: "de")
        long.sourceText = "aa"
        let entries = [StressFixtures.entry("aa bb", key: "ok"), one, other, long, StressFixtures.entry("aa", key: "short")]
        let sweep = try StressFixtures.sweep()
        let containers = entries.map { _ in container }
        return (sweep, StressReport(verdicts: sweep.run(entries, container: { _ in container })), entries, containers)
    }

    @Test("One row per key × locale × variant: failing ones worst first, each with a strip cell per size and its first failing verdict's numbers")
    func rows() throws {
        let (sweep, report, entries, containers) = try sample()
        let data = try ReportTests.PageData(sweep.html(of: report, entries: entries, containers: containers))
        #expect(data.sizes == ["large", "xLarge", "xxLarge"])
        // Worst first: the translation's failures (the sources "a" and "aa" fit) from large, in catalog order,
        // then ok (no source to compare), then the passing rows in report order.
        let keys = (0..<data.rows.count).map { "\(data.rows[$0][0]) \(data.rows[$0][1])" }
        #expect(keys == ["files plural.other", "long ", "ok ", "files plural.one", "short "])
        #expect((0..<data.rows.count).filter { !(data.rows[$0][8] is NSNull) } == [0, 1, 2])
        for index in data.rows.indices {
            let r = data.rows[index]
            let key = r[0] as! String, variant = r[1] as! String
            let group = report.verdicts.filter { $0.key == key && $0.variant == variant }
            // The strip: a cell per size, the status of that size's verdict, upper case when it fails.
            #expect(data.strip(index) == group.map { $0.failed ? $0.status.rawValue.uppercased() : $0.status.rawValue })
            let first = group.first(where: \.failed)
            #expect((r[8] as? Int).map { data.sizes[$0] } == first?.size.label)
            if let first {
                // The numbers are the first failing verdict's, to one decimal.
                #expect(data.statuses[r[10] as! Int] == first.status.rawValue)
                #expect((r[11] as? Double).map { abs($0 - first.width) <= 0.05 } == true)
                #expect((r[13] as? Double).map { abs($0 - first.neededWidth!) <= 0.05 } == true, "\(key)")
                #expect((r[14] as? Double).map { abs($0 - first.excess!) <= 0.05 } == true)
                #expect((r[15] as? Double).map { abs($0 - first.excessPercent!) <= 0.05 } == true)
                #expect(r[16] as? Int == first.linesNeeded)
                #expect(data.pictures[index] != nil)
                let passes = group.prefix { !$0.failed }.last
                #expect((r[9] as? Int).map { data.sizes[$0] } == passes?.size.label)
            } else {
                #expect(r[9] is NSNull && r[13] is NSNull && data.pictures[index] == nil)
                #expect(data.statuses[r[10] as! Int] == group.last!.status.rawValue)
            }
        }
        // ok: fits up to xLarge, truncated at xxLarge.
        let ok = try #require(data.rows.firstIndex { $0[0] as? String == "ok" })
        #expect(data.strip(ok) == ["fits", "fits", "TRUNCATED"] && data.row(ok)[1] == "xxLarge")
        // Origin (file:line) and container, as the sweep knew them; the source text beside the translation.
        let other = try #require(data.rows.firstIndex { $0[1] as? String == "plural.other" })
        #expect(data.rows[other][5] as? String == "Localizable.xcstrings:7" && data.rows[other][3] as? String == "a")
        #expect(data.containers == ["50 pt wide, 1 line, body"] && data.rows.allSatisfy { $0[6] as? Int == 0 })
        // Whose fault: long's source "aa" fits (0), and so does plural.other's.
        #expect(data.rows[other][17] as? Int == 0)
    }

    @Test("Pictures go to pictures/N.js files of picturesPerFile each; the page is otherwise the same, and a pure function")
    func pictureFiles() throws {
        let (sweep, report, entries, containers) = try sample()
        let inline = try ReportTests.PageData(sweep.html(of: report, entries: entries, containers: containers))
        let files = sweep.htmlFiles(of: report, entries: entries, containers: containers, picturesPerFile: 2)
        #expect(files.map(\.name) == ["index.html", "pictures/1.js", "pictures/2.js"])
        let page = try ReportTests.PageData(files[0].text)
        #expect(!files[0].text.contains("\\u003csvg") && files[0].text.contains("\"picturesPerFile\":2,"))
        #expect(files[1].text.hasPrefix("textfitPictures(0,[\"\\u003csvg ") && files[2].text.hasPrefix("textfitPictures(1,["))
        // Each file is a call with a JSON array: the pictures, in row order, are the page's own when inline.
        var pictures: [String] = []
        for file in files.dropFirst() {
            let body = file.text.drop { $0 != "[" }.dropLast(3)  // `);\n`
            pictures += try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String])
        }
        #expect(pictures.count == 3)
        for (row, picture) in inline.pictures {
            #expect(pictures[page.rows[row][20] as! Int] == picture)
        }
        // The same arguments, the same files, byte for byte.
        let again = sweep.htmlFiles(of: report, entries: entries, containers: containers, picturesPerFile: 2)
        #expect(again.map(\.name) == files.map(\.name) && again.map(\.text) == files.map(\.text))
    }

    @Test("The page's controls, its table and a list of every failing case for browsers without JavaScript")
    func controls() throws {
        let (sweep, report, entries, containers) = try sample()
        let page = sweep.html(of: report, entries: entries, containers: containers)
        for control in [#"<select id="sort">"#, #"<option value="excess">"#, #"<select id="locale">"#, #"<select id="status">"#,
                        #"<option value="failing" selected>"#, #"<input id="key" type="search""#, #"<output id="count">"#,
                        #"<button id="sort-excess">"#] {
            #expect(page.contains(control), "\(control)")
        }
        #expect(page.contains("5 rows (key × locale × variant), 3 failing."))
        let fallback = try #require(page.range(of: "<noscript>")).upperBound
        let list = String(page[fallback...]).components(separatedBy: "</noscript>")[0]
        #expect(list.components(separatedBy: "<li>").count - 1 == report.summary.firstFailures.count)
        #expect(!page.contains("src=\"http") && !page.contains("href=\"http"))
    }

    @Test("A container in words")
    func containerWords() {
        var container = StressContainer(width: 120, maxLines: 2, size: .points(13), padding: 8, truncationAllowed: true, minimumScaleFactor: 0.8)
        container.font.family = "Inter"
        #expect(StressSweep.describe(container) == "120 pt wide, padding 8, 2 lines, 13 pt, Inter, truncation allowed, shrinks to 0.8")
        #expect(StressSweep.describe(StressContainer(width: 64.5, maxLines: nil)) == "64.5 pt wide, any number of lines, body")
        // A Material style is said once (it was "labelLarge, labelLarge spacing"); its spacing is said
        // only on a size of its own. Android's widths are in dp, its sizes in sp.
        let scales = [TextSize.fontScale(.standard)]
        #expect(StressSweep.describe(StressContainer(width: 160, size: .material(.labelLarge), textSizes: scales, materialStyle: .labelLarge))
                == "160 dp wide, 1 line, labelLarge")
        #expect(StressSweep.describe(StressContainer(width: 160, size: .points(15), textSizes: scales, materialStyle: .labelLarge))
                == "160 dp wide, 1 line, 15 sp, labelLarge spacing")
    }

    @Test("The size strip's labels: xS … xxxL, AX1 … AX5 for Dynamic Type sizes, the number for font scales")
    func shortLabels() throws {
        #expect(DynamicTypeSize.allCases.map { StressReport.shortLabel(.dynamicType($0)) }
                == ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(StressReport.shortLabel(.fontScale(try AndroidFontScale(1.3))) == "1.3×")
        #expect(StressReport.sizeLegend([.dynamicType(.large), .dynamicType(.accessibility3)]) == "L large, AX3 accessibility3")
    }

    @Test("An origin is its file's name and line, the absolute path (and a String Catalog's JSON path) on hover")
    func origins() throws {
        // A String Catalog laid out as Xcode writes it; the lines are counted by hand.
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Done" : {
                  "localizations" : {
                    "de" : {
                      "stringUnit" : { "state" : "translated", "value" : "Fertig" }
                    },
                    "fr" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "fait" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "faits" } } } } }
                  }
                },
                "a \\"b\\" 1" : { "localizations" : { "de" : { "stringUnit" : { "state" : "new", "value" : "" } } } }
              },
              "version" : "1.0"
            }
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-origins-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Localizable.xcstrings")
        try Data(catalog.utf8).write(to: file)
        let labels = OriginLabels()
        func label(_ path: String) -> (short: String, full: String) { labels.label(SourceLocation(file: file.path, jsonPath: path)) }
        #expect(label(#"$.strings["Done"].localizations.de.stringUnit"#) == ("Localizable.xcstrings:7", "\(file.path):7 $.strings[\"Done\"].localizations.de.stringUnit"))
        #expect(label(#"$.strings["Done"].localizations.fr.variations.plural.other.stringUnit"#).short == "Localizable.xcstrings:11")
        #expect(label(#"$.strings["a \"b\" 1"].localizations.de.stringUnit"#).short == "Localizable.xcstrings:14")
        // A path the file does not have: the file's name alone, the JSON path on hover.
        #expect(label(#"$.strings["Gone"]"#) == ("Localizable.xcstrings", "\(file.path) $.strings[\"Gone\"]"))
        // A line-based origin keeps its line; a relative path is shown whole on hover.
        let relative = labels.label(SourceLocation(file: "res/values-de/strings.xml", line: 4))
        #expect(relative.short == "strings.xml:4" && relative.full == FileManager.default.currentDirectoryPath + "/res/values-de/strings.xml:4")
    }

    @Test("Report files in a folder (pictures/1.js) are written, and the folder is removed again when a write fails")
    func writesFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-page-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try StressReport.write([("index.html", Data("page".utf8)), ("pictures/1.js", Data("one".utf8))], to: folder)
        #expect(try String(contentsOf: folder.appendingPathComponent("pictures/1.js"), encoding: .utf8) == "one")
        // A name whose folder cannot be made (a file is in the way): nothing new is left behind.
        try StressReport.write([("blocked", Data("x".utf8))], to: folder)
        #expect(throws: ReportWriteError.self) {
            try StressReport.write([("index.html", Data("new".utf8)), ("more/1.js", Data("a".utf8)), ("blocked/2.js", Data("b".utf8))], to: folder)
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8) == "page")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("more").path))
    }
}
