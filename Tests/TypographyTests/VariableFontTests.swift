import Foundation
import Testing
@testable import Typography

/// One line of `Fixtures/hb-shape-variations.tsv`: hb-shape's advance sum of a variable font's
/// instance, in font units (recorded by `record-hb-variations.py` with `hb-shape --variations=…`).
struct VariationCase: CustomTestStringConvertible, Sendable {
    let file: String, variations: String, text: String, upem: Int, advance: Int, glyphs: Int
    var testDescription: String { "\((file as NSString).lastPathComponent) \(variations) \(text)" }

    /// The font's path: relative ones are in the repository; Debian's Inter is absolute.
    var path: String { file.hasPrefix("/") ? file : Fixtures.repository.appendingPathComponent(file).path }

    static func load() throws -> [VariationCase] {
        try Fixtures.rows("Tests/TypographyTests/Fixtures/hb-shape-variations.tsv", columns: 6).map { columns in
            guard let text = try JSONSerialization.jsonObject(with: Data(columns[2].utf8), options: .fragmentsAllowed) as? String,
                  let upem = Int(columns[3]), let advance = Int(columns[4]), let glyphs = Int(columns[5]) else {
                throw Fixtures.FixtureError(line: columns.joined(separator: "\t"))
            }
            return VariationCase(file: columns[0], variations: columns[1], text: text, upem: upem, advance: advance, glyphs: glyphs)
        }
    }
}

extension Fixtures {
    static let robotoFlex = repository.appendingPathComponent("Tests/TypographyTests/Fixtures/fonts/RobotoFlex-Variable.ttf").path
    static let roboto = repository.appendingPathComponent("fonts/Roboto-Variable.ttf").path

    struct FixtureError: Error { let line: String }

    /// The tab-separated rows of a fixture (comments skipped), each with exactly `columns` columns.
    static func rows(_ file: String, columns: Int) throws -> [[String]] {
        let url = repository.appendingPathComponent(file)
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == columns else { throw FixtureError(line: String(line)) }
            return fields
        }
    }

    /// Text set in the font file `path` at `size` with explicit axis settings (no optical sizing).
    static func attributes(file path: String, variations: [FontVariation] = [], size: Double = 17, weight: FontWeight? = nil,
                           opticalSizing: Bool = false) -> TextAttributes {
        TextAttributes(font: FontRequest(file: path, weight: weight, variations: variations, opticalSizing: opticalSizing),
                       size: .points(size))
    }
}

@Suite("Variable fonts: instances equal hb-shape --variations")
struct VariableFontTests {
    static let cases = (try? VariationCase.load()) ?? []

    @Test("The fixture covers Roboto, Roboto Italic, Roboto Flex (opsz, wdth, slnt, GRAD) and Inter")
    func fixtureCoversTheFonts() throws {
        let cases = try VariationCase.load()
        let files = Set(cases.map { ($0.file as NSString).lastPathComponent })
        #expect(files == ["Roboto-Variable.ttf", "Roboto-Italic-Variable.ttf", "RobotoFlex-Variable.ttf", "Inter.var.ttf"])
        #expect(cases.contains { $0.variations.contains("opsz=144") } && cases.contains { $0.variations.contains("GRAD=-200") })
        #expect(cases.count >= 300)
    }

    @Test("Width = hb-shape's advance × size ÷ upem, to 1e-6 pt (an axis the font lacks is refused)", arguments: cases)
    func widthMatchesHBShape(_ fixture: VariationCase) throws {
        guard FileManager.default.fileExists(atPath: fixture.path) else {
            // Debian's fonts-inter-variable: `make setup` installs it, so CI always measures these rows.
            print("\(fixture.file) not installed: row skipped")
            return
        }
        let shaper = try Fixtures.shaper()
        let variations = try FontVariation.parseList(fixture.variations)
        let face = try shaper.library.face(path: fixture.path)
        let attributes = Fixtures.attributes(file: fixture.path, variations: variations, size: 17)
        if let missing = variations.first(where: { face.axis($0.tag) == nil }) {
            // hb-shape ignores an axis the font lacks (Inter 3.019 has no opsz); TextFit says so.
            #expect(throws: TypographyError.unknownAxis(tag: missing.tag, font: face.description, axes: face.axes.map(\.tag))) {
                try shaper.measure(fixture.text, attributes: attributes)
            }
            return
        }
        let line = try shaper.measure(fixture.text, attributes: attributes)
        let expected = Double(fixture.advance) * 17 / Double(fixture.upem)
        #expect(abs(line.width - expected) < 1e-6, "\(line.width) vs \(expected)")
        #expect(line.runs.allSatisfy { $0.face.path == face.path } && line.missingGlyphs == 0)
        #expect(line.runs.reduce(0) { $0 + $1.glyphCount } == fixture.glyphs)
    }

    @Test("Vertical metrics follow MVAR: equal HarfBuzz's own and fontTools' values per instance (variable-metrics.tsv)")
    func metricsFollowMVAR() throws {
        let rows = try Fixtures.rows("Tests/TypographyTests/Fixtures/variable-metrics.tsv", columns: 20)
        #expect(rows.count >= 40)
        let library = try Fixtures.library()
        var checked = 0
        for row in rows {
            let path = row[0].hasPrefix("/") ? row[0] : Fixtures.repository.appendingPathComponent(row[0]).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let variations = try FontVariation.parseList(row[1])
            let face = try library.face(path: path)
            guard variations.allSatisfy({ face.axis($0.tag) != nil }) else { continue }
            let match = try library.match(FontRequest(file: path, variations: variations, opticalSizing: false))
            let m = match.face.metrics
            let recorded = row[9...18].map { Int($0) }
            #expect([m.hheaAscender, m.hheaDescender, m.hheaLineGap, m.typoAscender, m.typoDescender, m.typoLineGap,
                     m.winAscent, m.winDescent, m.xHeight ?? 0, m.capHeight ?? 0] == recorded.map { $0 ?? 0 },
                    "\(row[0]) \(row[1])")
            checked += 1
        }
        #expect(checked >= 30)
    }

    @Test("A weight the wght axis covers is set exactly, with no substitution; one beyond it is clamped and reported")
    func weightSetsWght() throws {
        let library = try Fixtures.library()
        let semibold = try library.match(FontRequest(family: "Roboto", weight: FontWeight(550)))
        #expect(semibold.face.variations == [FontVariation(tag: "wght", value: 550)])
        #expect(semibold.face.weight == FontWeight(550) && !semibold.weightSubstituted && semibold.source == .bundled)
        // Roboto's wght axis is 100…900 (fvar): 1000 is used as 900, and that is a substitution.
        let black = try library.match(FontRequest(family: "Roboto", weight: FontWeight(1000)))
        #expect(black.face.weight == FontWeight(900) && black.weightSubstituted)
        // Italic: Roboto's italic file, at the weight asked.
        let italic = try library.match(FontRequest(family: "Roboto", weight: .bold, italic: true))
        #expect(italic.face.path.hasSuffix("Roboto-Italic-Variable.ttf") && italic.face.weight == .bold && !italic.italicSubstituted)
    }

    @Test("Explicit settings clamp as HarfBuzz clamps (with a note), and win over the weight")
    func explicitSettingsClamp() throws {
        let shaper = try Fixtures.shaper()
        let request = FontRequest(file: Fixtures.roboto, weight: .bold, variations: try FontVariation.parseList("wght=1200,wdth=50"))
        let match = try shaper.library.match(request)
        // fvar: wght 100…900, wdth 75…100.
        #expect(match.face.variations == [FontVariation(tag: "wght", value: 900), FontVariation(tag: "wdth", value: 75)])
        #expect(match.adjustments == [VariationAdjustment(tag: "wght", requested: 1200, applied: 900),
                                      VariationAdjustment(tag: "wdth", requested: 50, applied: 75)])
        #expect(match.adjustments[0].description == "wght=1200 is outside the axis's range: 900 used")
        // The clamped instance measures as hb-shape's wght=900,wdth=75 row.
        let row = try #require(Self.cases.first { $0.file == "fonts/Roboto-Variable.ttf" && $0.variations == "wght=900,wdth=75" })
        let line = try shaper.measure(row.text, attributes: TextAttributes(font: request, size: .points(17)))
        #expect(abs(line.width - Double(row.advance) * 17 / Double(row.upem)) < 1e-6)
        // A width on a font without a wdth axis is reported, not applied.
        let noto = try shaper.library.match(FontRequest(family: "Noto Sans", width: 75))
        #expect(noto.adjustments == [VariationAdjustment(tag: "wdth", requested: 75, applied: nil)] && noto.face.variations.isEmpty)
    }

    @Test("Italic on a font with only a slnt axis sets slnt to −14° clamped (Roboto Flex: −10), as CSS's oblique")
    func italicSetsSlant() throws {
        let match = try Fixtures.library().match(FontRequest(file: Fixtures.robotoFlex, italic: true, opticalSizing: false))
        #expect(match.face.variations.contains(FontVariation(tag: "slnt", value: -10)))
        #expect(match.face.isItalic && !match.italicSubstituted)
    }

    @Test("Optical size follows the point size (opsz = size, clamped to 8…144), unless set or turned off")
    func opticalSizeFollowsSize() throws {
        let shaper = try Fixtures.shaper()
        for (size, opsz) in [(17.0, "17"), (28.0, "28"), (8.0, "8"), (6.0, "8"), (200.0, "144")] {
            let row = try #require(Self.cases.first {
                $0.file.hasSuffix("RobotoFlex-Variable.ttf") && $0.variations == "opsz=\(opsz),wght=400" && $0.text == "AVATAR Type"
            })
            let auto = Fixtures.attributes(file: Fixtures.robotoFlex, size: size, opticalSizing: true)
            let line = try shaper.measure(row.text, attributes: auto)
            #expect(abs(line.width - Double(row.advance) * size / Double(row.upem)) < 1e-6, "\(size) pt")
        }
        // Turned off, the font's default (opsz 14) answers at every size.
        let off = try shaper.measure("AVATAR Type", attributes: Fixtures.attributes(file: Fixtures.robotoFlex, size: 28))
        let defaultAdvance = try Fixtures.library().face(path: Fixtures.robotoFlex)
        #expect(off.font.face === defaultAdvance)
        // Set explicitly, it wins over the size.
        let fixed = Fixtures.attributes(file: Fixtures.robotoFlex, variations: [FontVariation(tag: "opsz", value: 17)], size: 28,
                                        opticalSizing: true)
        let row17 = try #require(Self.cases.first {
            $0.file.hasSuffix("RobotoFlex-Variable.ttf") && $0.variations == "opsz=17,wght=400" && $0.text == "AVATAR Type"
        })
        #expect(abs(try shaper.measure("AVATAR Type", attributes: fixed).width - Double(row17.advance) * 28 / Double(row17.upem)) < 1e-6)
    }

    @Test("A 12-size Dynamic Type sweep shapes an opsz font once per distinct optical size, a static font once")
    func sweepShapingCounts() throws {
        let shaper = try Fixtures.shaper()
        func shapings(_ font: FontRequest) throws -> Int {
            let before = shaper.shapingCount
            for size in DynamicTypeSize.allCases {
                _ = try shaper.measure("Settings and privacy", attributes: TextAttributes(font: font, size: .style(.body), dynamicTypeSize: size))
            }
            return shaper.shapingCount - before
        }
        // body: 14 15 16 17 19 21 23 28 33 40 47 53 pt, twelve distinct sizes inside opsz 8…144.
        #expect(try shapings(FontRequest(file: Fixtures.robotoFlex)) == 12)
        #expect(try shapings(FontRequest(family: "Noto Sans")) == 1)
        #expect(try shapings(FontRequest(family: "Roboto")) == 1)  // variable, but no opsz
    }

    @Test("Named instances are listed and selectable by name; an unknown one is an error listing them")
    func namedInstances() throws {
        let library = try Fixtures.library()
        let roboto = try #require(library.families().first { $0.name == "Roboto" })
        #expect(roboto.axes.map(\.tag) == ["wght", "wdth"] && roboto.instances.contains("Condensed Bold"))
        // Roboto's fvar: "Condensed Bold" is wdth 75, wght 700.
        let match = try library.match(FontRequest(family: "Roboto", instance: "condensed bold"))
        #expect(Set(match.face.variations) == [FontVariation(tag: "wght", value: 700), FontVariation(tag: "wdth", value: 75)])
        #expect(match.face.styleName == "Condensed Bold" && !match.weightSubstituted && match.requestedWeight == .bold)
        #expect(throws: TypographyError.self) { try library.match(FontRequest(family: "Roboto", instance: "Wide")) }
        do {
            _ = try library.match(FontRequest(family: "Roboto", instance: "Wide"))
        } catch {
            #expect("\(error)".contains("no named instance 'Wide'") && "\(error)".contains("'Condensed Bold'"))
        }
    }

    @Test("Glyph extents and outlines (what SVG draws) follow the instance: = hb-shape --show-extents")
    func outlinesFollowTheInstance() throws {
        let hbShape = try #require(Fixtures.which("hb-shape"))
        let library = try Fixtures.library()
        for variations in ["wght=900,wdth=75", "wght=100", ""] {
            let parsed = variations.isEmpty ? [] : try FontVariation.parseList(variations)
            let face = try library.match(FontRequest(file: Fixtures.roboto, variations: parsed)).face
            let output = try Fixtures.run(hbShape, (variations.isEmpty ? [] : ["--variations=\(variations)"])
                                          + ["--show-extents", "--output-format=json", "--no-glyph-names", Fixtures.roboto, "H"])
            let glyph = try #require((try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])?.first)
            let id = try #require(glyph["g"] as? Int), xb = try #require(glyph["xb"] as? Int), w = try #require(glyph["w"] as? Int)
            let extents = try #require(face.extents(of: UInt32(id)))
            #expect(extents.xBearing == Double(xb) && extents.width == Double(w), "\(variations)")
            // The outline's horizontal extent is the same box ("H" is straight lines only).
            let xs = face.outline(of: UInt32(id)).compactMap { element -> Double? in
                switch element {
                case .move(let x, _), .line(let x, _): x
                default: nil
                }
            }
            #expect(xs.min() == Double(xb) && xs.max() == Double(xb + w), "\(variations)")
        }
    }

    @Test("Variation lists parse as hb-shape's; bad items and unknown axes are errors naming them")
    func parsing() throws {
        #expect(try FontVariation.parseList("wght=550,GRAD=50") == [FontVariation(tag: "wght", value: 550), FontVariation(tag: "GRAD", value: 50)])
        #expect(try FontVariation.parseList("wdth=87.5, wght=300,wght=400") == [FontVariation(tag: "wdth", value: 87.5), FontVariation(tag: "wght", value: 400)])
        #expect(try FontVariation.parseList("slnt=-7.5") == [FontVariation(tag: "slnt", value: -7.5)])
        for bad in ["", "wght", "wght=", "wght=abc", "wght=500,", "=5"] {
            #expect(throws: TypographyError.self, "'\(bad)'") { try FontVariation.parseList(bad) }
        }
        do {
            _ = try Fixtures.library().match(FontRequest(family: "Noto Sans", variations: [FontVariation(tag: "wght", value: 500)]))
            Issue.record("a static font took an axis setting")
        } catch {
            #expect("\(error)".contains("has no 'wght' axis: it is not a variable font"))
        }
        do {
            _ = try Fixtures.library().match(FontRequest(family: "Roboto", variations: [FontVariation(tag: "GRAD", value: 50)]))
            Issue.record("an unknown axis was accepted")
        } catch {
            #expect("\(error)".contains("has no 'GRAD' axis: its axes are wght, wdth"))
        }
    }
}
