import Foundation
import Testing
@testable import Typography

@Suite("Bad input gives a clear error or a defined result")
struct BadInputTests {
    func temporaryFile(_ name: String, _ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-\(UUID().uuidString)-\(name)").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("A truncated font file is rejected, naming the cut table")
    func truncatedFont() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: "\(Fixtures.fonts)/NotoSans-Regular.ttf"))
        let path = try temporaryFile("truncated.ttf", font.prefix(font.count / 2))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Fixtures.library().face(path: path)
            Issue.record("a truncated font opened")
        } catch let TypographyError.notAFont(errorPath, reason) {
            #expect(errorPath == path)
            #expect(reason.contains("truncated"))
        }
    }

    @Test("A text file given as a font is not a font (FreeType: unknown file format)")
    func textAsFont() throws {
        let path = try temporaryFile("notes.ttf", Data("hello, I am not a font\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: TypographyError.notAFont(path: path, reason: "FreeType: unknown file format")) {
            try Fixtures.library().face(path: path)
        }
    }

    @Test("Missing files, directories and face indices out of range are named")
    func missingAndOutOfRange() throws {
        let library = try Fixtures.library()
        #expect(throws: TypographyError.unreadableFile(path: "/nonexistent/font.ttf", reason: "no such file")) {
            try library.face(path: "/nonexistent/font.ttf")
        }
        #expect(throws: TypographyError.unreadableFile(path: Fixtures.fonts, reason: "it is a directory")) {
            try library.face(path: Fixtures.fonts)
        }
        let path = "\(Fixtures.fonts)/NotoSans-Regular.ttf"
        #expect(throws: TypographyError.faceIndexOutOfRange(path: path, index: 3, faceCount: 1)) {
            try library.face(path: path, index: 3)
        }
    }

    @Test("The empty string measures 0 × 0 with no runs")
    func emptyString() throws {
        let line = try Fixtures.shaper().measure("", attributes: Fixtures.attributes())
        #expect(line.width == 0 && line.height == 0 && line.runs.isEmpty && line.missingGlyphs == 0)
        #expect(line.inkBounds == nil)
    }

    @Test("A string of only combining marks measures like hb-shape (two zero-width acute accents)")
    func onlyCombiningMarks() throws {
        // hb-shape --font-funcs=ot fonts/NotoSans-Regular.ttf $'\u0301\u0301' → [acutecomb=0+0|acutecomb=0@0,229+0]
        let line = try Fixtures.shaper().measure("\u{301}\u{301}", attributes: Fixtures.attributes())
        #expect(line.width == 0)
        #expect(line.missingGlyphs == 0)
        #expect(line.runs.first?.glyphCount == 2)
        #expect(line.inkBounds != nil)
    }

    @Test("NaN, negative, infinite and huge sizes are errors; zero is a defined zero", arguments: [
        Double.nan, -1, -Double.infinity, Double.infinity, 1e9,
    ])
    func badSizes(_ size: Double) throws {
        do {
            _ = try Fixtures.shaper().measure("x", attributes: Fixtures.attributes(size: size))
            Issue.record("size \(size) accepted")
        } catch let TypographyError.invalidSize(value, reason) {
            #expect(value.isNaN == size.isNaN)
            #expect(!reason.isEmpty)
        }
    }

    @Test("Size 0 measures zero; tracking must be finite")
    func zeroSizeAndTracking() throws {
        let shaper = try Fixtures.shaper()
        #expect(try shaper.measure("abc", attributes: Fixtures.attributes(size: 0)).width == 0)
        var attributes = Fixtures.attributes()
        attributes.tracking = .nan
        #expect(throws: TypographyError.self) { try shaper.measure("abc", attributes: attributes) }
    }

    @Test("Control characters are zero-width and never missing here (the paragraph gives them meaning)")
    func controls() throws {
        let line = try Fixtures.shaper().measure("a\tb\u{2028}", attributes: Fixtures.attributes(size: 1000))
        #expect(line.missingGlyphs == 0)
        // hb-shape: a 561, b 615 in Noto Sans Regular; the tab and U+2028 add nothing.
        #expect(abs(line.width - (561 + 615)) < 1e-9)
    }

    @Test("A missing bundled-fonts folder is a clear error")
    func noFonts() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(throws: TypographyError.bundledFontsMissing(path: empty)) {
            try FontLibrary(.init(fontDirectory: empty, useSystemFonts: false))
        }
    }
}
