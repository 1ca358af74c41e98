import Foundation
import Testing
@testable import Typography

/// One line of `Fixtures/hb-shape-widths.tsv`: hb-shape's advance sum in font units.
struct WidthCase: CustomTestStringConvertible, Sendable {
    let file: String, weight: Int, size: Double, text: String, upem: Int, advance: Int, glyphs: Int
    var testDescription: String { "\(file) \(text)" }

    static func load() throws -> [WidthCase] {
        let url = Fixtures.repository.appendingPathComponent("Tests/TypographyTests/Fixtures/hb-shape-widths.tsv")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 7, let weight = Int(columns[1]), let size = Double(columns[2]),
                  let text = try JSONSerialization.jsonObject(with: Data(columns[3].utf8), options: .fragmentsAllowed) as? String,
                  let upem = Int(columns[4]), let advance = Int(columns[5]), let glyphs = Int(columns[6]) else {
                throw FixtureError(line: String(line))
            }
            return WidthCase(file: columns[0], weight: weight, size: size, text: text, upem: upem, advance: advance, glyphs: glyphs)
        }
    }

    struct FixtureError: Error { let line: String }
}

@Suite("Widths equal HarfBuzz's own hb-shape")
struct HBShapeWidthTests {
    static let cases = (try? WidthCase.load()) ?? []

    @Test("The fixture covers every bundled script font with at least 60 strings")
    func fixtureIsLargeEnough() throws {
        let cases = try WidthCase.load()
        #expect(cases.count >= 60)
        let files = Set(cases.map(\.file))
        for file in ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansThai-Regular.ttf",
                     "NotoSansDevanagari-Regular.ttf", "DroidSansFallbackFull.ttf", "NotoSansCJKkr-Hangul-Regular.otf",
                     "NotoColorEmoji.ttf", "NotoSansMyanmar-Bold.ttf"] {
            #expect(files.contains(file), "no case for \(file)")
        }
    }

    @Test("Measured advance = hb-shape advance × size ÷ upem, to 1e-6 pt, all in the script's font", arguments: cases)
    func widthMatchesHBShape(_ fixture: WidthCase) throws {
        let shaper = try Fixtures.shaper()
        let line = try shaper.measure(fixture.text, attributes: Fixtures.attributes(size: fixture.size, weight: FontWeight(fixture.weight)))
        // Hand computation of the expected width from hb-shape's font units.
        let expected = Double(fixture.advance) * fixture.size / Double(fixture.upem)
        #expect(abs(line.width - expected) < 1e-6, "\(line.width) vs \(expected)")
        #expect(line.missingGlyphs == 0)
        for run in line.runs {
            #expect(URL(fileURLWithPath: run.face.path).lastPathComponent == fixture.file, "run \(run.start)..<\(run.end) in \(run.face)")
        }
        #expect(line.runs.reduce(0) { $0 + $1.glyphCount } == fixture.glyphs)
    }

    @Test("The fixture has not drifted: hb-shape, when installed, still gives the recorded advances")
    func fixtureMatchesHBShapeNow() throws {
        guard let hbShape = Fixtures.which("hb-shape") else {
            // make setup installs libharfbuzz-bin, so CI always takes the branch below.
            print("hb-shape not installed: fixture drift not re-checked")
            return
        }
        for fixture in try WidthCase.load() {
            let output = try Fixtures.run(hbShape, ["--font-funcs=ot", "--output-format=json", "--no-glyph-names",
                                                    "\(Fixtures.fonts)/\(fixture.file)", fixture.text])
            let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
            let advance = glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }
            #expect(advance == fixture.advance, "\(fixture.file) \(fixture.text)")
            #expect(glyphs.count == fixture.glyphs)
        }
    }
}
