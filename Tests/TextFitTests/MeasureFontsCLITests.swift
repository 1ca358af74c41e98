import Foundation
import Testing

/// Issue 50: `measure --json`'s `font` is the font asked for; `fonts` lists every font the text was
/// set in, with the ranges each covers. Expected from the fallback rules (docs/fonts.md): a space
/// (Unicode's Common script) stays in the font of the run it follows; Arabic goes to Noto Sans
/// Arabic, Han to Droid Sans Fallback. "a مرحبا b" is a0 ␠1 م2 ر3 ح4 ب5 ا6 ␠7 b8.
@Suite("textfit measure --json: fonts, every font the text was set in")
struct MeasureFontsCLITests {
    struct Use: Equatable {
        let family: String
        let file: String
        let ranges: [[Int]]
    }

    static func uses(_ line: Substring) throws -> (font: String, fonts: [Use]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let font = try #require((object["font"] as? [String: Any])?["family"] as? String)
        let fonts = try #require(object["fonts"] as? [[String: Any]])
        return (font, fonts.map { use in
            Use(family: use["family"] as? String ?? "", file: ((use["file"] as? String ?? "") as NSString).lastPathComponent,
                ranges: (use["ranges"] as? [[String: Int]] ?? []).map { [$0["start"] ?? -1, $0["end"] ?? -1] })
        })
    }

    @Test("font is the one asked for; fonts names each font with its ranges, in the order they first occur")
    func fontsAndRanges() throws {
        let output = try CLI.run(["measure", "a مرحبا b", "東京", "", "--bundled-only", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        try #require(lines.count == 3)
        let mixed = try Self.uses(lines[0])
        #expect(mixed.font == "Noto Sans")
        #expect(mixed.fonts == [Use(family: "Noto Sans", file: "NotoSans-Regular.ttf", ranges: [[0, 2], [8, 9]]),
                                Use(family: "Noto Sans Arabic", file: "NotoSansArabic-Regular.ttf", ranges: [[2, 8]])])
        // Japanese asked in Noto Sans is set in Droid Sans Fallback alone: the font asked for is not listed.
        let han = try Self.uses(lines[1])
        #expect(han.font == "Noto Sans")
        #expect(han.fonts == [Use(family: "Droid Sans Fallback", file: "DroidSansFallbackFull.ttf", ranges: [[0, 2]])])
        #expect(try Self.uses(lines[2]).fonts.isEmpty)
    }
}
