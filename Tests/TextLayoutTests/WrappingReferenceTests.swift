import Foundation
import Testing
@testable import TextLayout
import Typography

/// One line of `Fixtures/wrapping.tsv`: line starts and widths from an independent greedy wrap
/// (Pango's break opportunities, hb-shape's advances; see the file's header for the method and
/// the expected differences, of which there are none for the recorded cases).
struct WrappingCase: CustomTestStringConvertible, Sendable {
    let lang: String, weight: Int, size: Double, width: Double, text: String, starts: [Int], widths: [Double]
    var testDescription: String { "\(lang) @\(width): \(text.prefix(24))…" }

    static func load() throws -> [WrappingCase] {
        let url = Fixtures.repository.appendingPathComponent("Tests/TextLayoutTests/Fixtures/wrapping.tsv")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let c = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard c.count == 7, let weight = Int(c[1]), let size = Double(c[2]), let width = Double(c[3]),
                  let text = try JSONSerialization.jsonObject(with: Data(c[4].utf8), options: .fragmentsAllowed) as? String else {
                throw FixtureError(line: String(line))
            }
            return WrappingCase(lang: c[0], weight: weight, size: size, width: width, text: text,
                                starts: c[5].split(separator: ",").compactMap { Int($0) },
                                widths: c[6].split(separator: ",").compactMap { Double($0) })
        }
    }

    struct FixtureError: Error { let line: String }
}

@Suite("Wrapping equals an independent reference (Pango's opportunities, hb-shape's widths)")
struct WrappingReferenceTests {
    static let cases = (try? WrappingCase.load()) ?? []

    @Test("The fixture covers Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari and Thai")
    func coverage() throws {
        let langs = Set(try WrappingCase.load().map(\.lang))
        for lang in ["en", "ru", "el", "ar", "he", "hi", "th"] { #expect(langs.contains(lang), "\(lang)") }
        #expect(try WrappingCase.load().count >= 63)
    }

    @Test("Same line starts, and each line's width to 1e-6 pt", arguments: cases)
    func wraps(_ fixture: WrappingCase) throws {
        let paragraph = try Fixtures.paragraph(fixture.text, size: fixture.size, weight: FontWeight(fixture.weight),
                                               locale: fixture.lang)
        let layout = paragraph.layout(width: fixture.width)
        // The reference starts a line after a run of spaces at the first non-space; TextFit's line
        // ranges start exactly there too (the spaces hang at the end of the line before).
        #expect(layout.lines.map(\.range.lowerBound) == fixture.starts)
        for (line, expected) in zip(layout.lines, fixture.widths) {
            #expect(abs(line.width - expected) < 1e-6, "line at \(line.range): \(line.width) vs \(expected)")
        }
    }
}
