import Foundation
import Testing
@testable import TextLayout
import Typography

/// A line end inside a long unbreakable word (joined Arabic letters are unsafe to break everywhere)
/// is reshaped by a window around the cut, not from the cut to the end of the word.
@Suite("Reshaping at cuts inside long words")
struct ReshapeWindowTests {
    /// Noto Sans Arabic, 1000 units per em, 17 pt: a unit is 0.017 pt.
    ///     hb-shape --font-size=1000 fonts/NotoSansArabic-Regular.ttf "ببب"
    ///     [uniFE90=2+1093|uniFE92=1+343|uniFE91=0+269]
    /// A run of k behs shaped alone: initial 269 + (k − 2) medial 343 + final 1093 units.
    static func behs(_ k: Int) -> Double { Double(269 + (k - 2) * 343 + 1093) * 17 / 1000 }

    @Test("A cut in a 20,000-letter joined word reshapes a window around it, and measures as the cut text shaped alone")
    func windowedCut() throws {
        let shaper = Shaper(library: try Fixtures.library.get())
        let n = 20_000
        let content = try Fixtures.paragraph(String(repeating: "ب", count: n), shaper: shaper).content
        let shapedBefore = shaper.shapedScalarCount
        #expect(abs(content.lineWidth(1000, n) - Self.behs(n - 1000)) < 1e-6)  // cut at the start
        #expect(abs(content.lineWidth(0, 1000) - Self.behs(1000)) < 1e-6)  // cut at the end
        #expect(abs(content.lineWidth(1000, 2000) - Self.behs(1000)) < 1e-6)  // both
        // Three cuts, each a window of 32 + 2 × 8 scalars (the whole rest of the word before: 21,000).
        #expect(shaper.shapedScalarCount - shapedBefore <= 4 * 48)
    }

    @Test("Lines cut from a long word of mixed letters are as wide as HarfBuzz shapes each alone, drawn at that width")
    func mixedWord() throws {
        // Dual-joining letters only (no safe place to break anywhere inside), some with a mark
        // (fatha, kasra, shadda: positioned by GPOS, transparent to joining), in a fixed irregular order.
        let letters = Array("بتثجحخسشصضطظعغفقكلمنهي".unicodeScalars), marks = Array("\u{64E}\u{650}\u{651}".unicodeScalars)
        var view = String.UnicodeScalarView()
        for i in 0..<600 {
            view.append(letters[(i * 7 + i * i * 3 + i / 5) % letters.count])
            if i % 5 == 3 { view.append(marks[i % marks.count]) }
        }
        let word = String(view)
        let shaper = try Fixtures.shaper()
        let paragraph = try Fixtures.paragraph(word, shaper: shaper)
        let content = paragraph.content
        let face = try #require(content.pieces.first?.face)
        try #require(content.pieces.count == 1)
        let scalars = Array(word.unicodeScalars).map(\.value)
        /// HarfBuzz's width of scalars `range` shaped alone (through the shaper, uncached).
        func alone(_ range: Range<Int>) -> Double {
            let run = shaper.shapeRun(scalars[range], face: face, script: Script(code: "Arab"), direction: .rightToLeft,
                                      attributes: paragraph.text.runs[content.pieces[0].run].attributes, cached: false)
            return Double(run.advance) * 17 / 1000
        }
        for (a, b) in [(0, 300), (300, 720), (100, 500), (7, 700), (250, 330), (1, 719), (2, 600)] {
            #expect(abs(content.lineWidth(a, b) - alone(a..<b)) < 1e-6, "\(a)..<\(b)")
        }
        let layout = paragraph.layout(width: 200)
        #expect(layout.lineCount > 10)
        for line in layout.lines {
            #expect(abs(line.width - alone(line.range)) < 1e-6)
            #expect(abs(line.runs.reduce(0) { $0 + $1.width } - line.width) < 1e-6)
            #expect(line.runs.flatMap(\.clusters).allSatisfy { line.range.contains($0) })
        }
    }
}
