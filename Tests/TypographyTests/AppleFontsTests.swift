import Foundation
import Testing
@testable import Typography

/// Stand-ins for Apple's fonts (free fonts under Apple's file and family names), written at test
/// time by `Fixtures/make-apple-standins.py`: Apple's own may not be bundled or downloaded here.
enum AppleStandins {
    /// The folder for a set of the script's options, made once per process.
    static func folder(_ options: [String] = []) throws -> String {
        try made.withLock { made in
            if let folder = made[options] { return folder }
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("textfit-apple-standins-\(ProcessInfo.processInfo.processIdentifier)-\(made.count)").path
            try? FileManager.default.removeItem(atPath: folder)
            let script = Fixtures.repository.appendingPathComponent("Tests/TypographyTests/Fixtures/make-apple-standins.py").path
            let output = try Fixtures.run("/usr/bin/python3", [script, folder] + options)
            guard FileManager.default.fileExists(atPath: folder + "/NewYork.ttf") else {
                throw StandinError(message: "make-apple-standins.py wrote nothing (needs python3-fonttools, fonts-inter-variable): \(output)")
            }
            made[options] = folder
            return folder
        }
    }

    struct StandinError: Error { let message: String }
    private static let made = Locked<[[String]: String]>([:])

    static func library(_ options: [String] = []) throws -> FontLibrary {
        try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false, appleFontsDirectory: folder(options)))
    }

    /// hb-shape's advance sum in font units for `text` in `font`.
    static func hbAdvance(_ font: String, _ text: String, _ options: [String]) throws -> Int {
        let hbShape = try #require(Fixtures.which("hb-shape"), "hb-shape (libharfbuzz-bin, installed by make setup)")
        let output = try Fixtures.run(hbShape, options + ["--font-funcs=ot", "--output-format=json", "--no-glyph-names", font, text])
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        return glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
    }
}

@Suite("Apple's fonts supplied by the user: the system font is SF Pro")
struct AppleFontsTests {
    @Test("The system font, any of its names, resolves to SF Pro from the folder; weights are exact on wght")
    func systemIsSFPro() throws {
        let library = try AppleStandins.library()
        for family in [nil, "system", "SF Pro", ".AppleSystemUIFont"] as [String?] {
            let match = try library.match(FontRequest(family: family, weight: .semibold), pointSize: 17)
            #expect(match.face.family == "SF Pro" && match.source == .apple, "\(family ?? "nil")")
            #expect(match.face.weight == .semibold && !match.weightSubstituted)
        }
        #expect(library.families().prefix(4).map(\.source) == [.apple, .apple, .apple, .apple])
        // Italic: Apple's separate SF-Pro-Italic.ttf.
        #expect(try library.match(FontRequest(italic: true)).face.path.hasSuffix("SF-Pro-Italic.ttf"))
    }

    @Test("Body semibold in SF Pro = hb-shape --variations=wght=600 --font-ptem=17 (its trak applied)")
    func widthWithTrakAndWeight() throws {
        let folder = try AppleStandins.folder()
        let shaper = Shaper(library: try AppleStandins.library())
        let attributes = TextAttributes(font: FontRequest(weight: .semibold), size: .style(.body))
        let line = try shaper.measure("Settings", attributes: attributes)
        let upem = Double(line.font.face.metrics.unitsPerEm)
        let expected = Double(try AppleStandins.hbAdvance(folder + "/SF-Pro.ttf", "Settings", ["--variations=wght=600", "--font-ptem=17"]))
        #expect(abs(line.width - expected * 17 / upem) < 1e-6, "\(line.width) vs \(expected * 17 / upem)")
        #expect(line.fontTracking < 0)  // −26/1000 em at 17 pt
    }

    @Test("Designs: rounded, monospaced and serif are SF Pro Rounded, SF Mono and New York")
    func designs() throws {
        let library = try AppleStandins.library()
        #expect(try library.match(FontRequest(design: .rounded)).face.family == "SF Pro Rounded")
        #expect(try library.match(FontRequest(design: .monospaced)).face.family == "SF Mono")
        #expect(try library.match(FontRequest(design: .serif)).face.family == "New York")
        // Without Apple's fonts every design is the bundled stand-in.
        #expect(try Fixtures.library().match(FontRequest(design: .serif)).face.family == FontLibrary.defaultFamily)
    }

    @Test("Static files: SF Pro Text below 20 pt, SF Pro Display from 20 pt; a sweep shapes once for each")
    func staticTextAndDisplay() throws {
        let library = try AppleStandins.library(["--static"])
        #expect(try library.match(FontRequest(), pointSize: 19.5).face.family == "SF Pro Text")
        #expect(try library.match(FontRequest(), pointSize: 20).face.family == "SF Pro Display")
        let shaper = Shaper(library: library)
        var families: [String] = []
        for size in DynamicTypeSize.allCases {
            let line = try shaper.measure("Settings", attributes: TextAttributes(size: .style(.body), dynamicTypeSize: size))
            families.append(line.font.face.family)
        }
        // body: 14 15 16 17 19 | 21 23 28 33 40 47 53 pt.
        #expect(families == Array(repeating: "SF Pro Text", count: 5) + Array(repeating: "SF Pro Display", count: 7))
        #expect(shaper.shapingCount == 2)
    }

    @Test("An optical-size axis follows the size in SF Pro as in any variable font")
    func opticalSize() throws {
        let library = try AppleStandins.library(["--sf-pro-source", "robotoflex"])
        let match = try library.match(FontRequest(), pointSize: 28)
        #expect(match.face.family == "SF Pro" && match.face.variations.contains(FontVariation(tag: "opsz", value: 28)))
    }

    @Test("A folder without SF Pro is an error that names what was looked for; a missing folder too")
    func missingSFPro() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-no-sf-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try? FileManager.default.removeItem(atPath: folder + "/NewYork.ttf")
        try FileManager.default.copyItem(atPath: try AppleStandins.folder() + "/NewYork.ttf", toPath: folder + "/NewYork.ttf")
        do {
            _ = try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false, appleFontsDirectory: folder))
            Issue.record("a folder without SF Pro was accepted")
        } catch {
            #expect("\(error)".contains("no SF Pro in the Apple fonts folder '\(folder)'") && "\(error)".contains("SF-Pro.ttf"))
        }
        #expect(throws: TypographyError.self) {
            try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false, appleFontsDirectory: folder + "/nowhere"))
        }
    }
}
