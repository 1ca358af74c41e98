import Foundation
import Testing
@testable import Typography

@Suite("Font matching")
struct FontMatchingTests {
    @Test("Semibold falls to the nearest bundled weight, bold, and the result says so")
    func semibold() throws {
        let match = try Fixtures.library().match(FontRequest(weight: .semibold))
        #expect(match.face.weight == .bold)
        #expect(match.weightSubstituted)
        #expect(!(try Fixtures.library().match(FontRequest(weight: .bold)).weightSubstituted))
    }

    @Test("Headline's default weight is semibold, so it resolves to Noto Sans Bold")
    func headline() throws {
        let line = try Fixtures.shaper().measure("Headline", attributes: TextAttributes(size: .style(.headline)))
        #expect(line.font.face.styleName == "Bold")
        #expect(line.font.requestedWeight == .semibold)
    }

    @Test("CSS weight matching: 400–500 look up to 500 first, then down; above 500 up, then down; below 400 down, then up")
    func cssOrder() throws {
        let faces = try ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"].map { try Fixtures.library().face(path: "\(Fixtures.fonts)/\($0)") }
        let pick = { (w: Int) in FontLibrary.nearest(in: faces, weight: FontWeight(w), italic: false).weight.value }
        #expect(pick(100) == 400)  // nothing below: the nearest above
        #expect(pick(450) == 400)  // 450..500 has nothing; then down: 400
        #expect(pick(500) == 400)
        #expect(pick(550) == 700)  // above 500: up first
        #expect(pick(900) == 700)  // nothing above: down
    }

    @Test("Italic is chosen when the family has one; Arabic has none, so it substitutes upright")
    func italic() throws {
        let latin = try Fixtures.library().match(FontRequest(italic: true))
        #expect(latin.face.isItalic && !latin.italicSubstituted)
        let arabic = try Fixtures.library().match(FontRequest(family: "Noto Sans Arabic", italic: true))
        #expect(!arabic.face.isItalic && arabic.italicSubstituted)
    }

    @Test("Family names ignore case, spaces and hyphens; Apple's system names mean the default family")
    func names() throws {
        let library = try Fixtures.library()
        #expect(try library.match(FontRequest(family: "noto-sans-thai")).face.family == "Noto Sans Thai")
        #expect(try library.match(FontRequest(family: "SF Pro")).face.family == "Noto Sans")
        #expect(try library.match(FontRequest(family: "system")).face.family == "Noto Sans")
    }

    @Test("An unknown family is an error naming it, with suggestions")
    func unknownFamily() throws {
        #expect(throws: TypographyError.self) { try Fixtures.library().match(FontRequest(family: "Helvetica Neue")) }
        do {
            _ = try Fixtures.library().match(FontRequest(family: "Noto Sans Klingon"))
            Issue.record("expected an error")
        } catch let error as TypographyError {
            guard case .unknownFamily(let name, let suggestions) = error else { Issue.record("\(error)"); return }
            #expect(name == "Noto Sans Klingon")
            #expect(suggestions.contains("Noto Sans"))
            #expect(error.description.contains("'Noto Sans Klingon'"))
        }
    }

    @Test("An explicit font file wins over the family")
    func explicitFile() throws {
        let request = FontRequest(family: "Noto Sans", file: "\(Fixtures.fonts)/NotoSansHebrew-Bold.ttf")
        let match = try Fixtures.library().match(request)
        #expect(match.source == .file)
        #expect(match.face.family == "Noto Sans Hebrew" && match.face.weight == .bold)
    }
}
