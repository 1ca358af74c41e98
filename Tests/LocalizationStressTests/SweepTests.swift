import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutCore
import Testing
@testable import Catalogs
@testable import LocalizationStress
import Rendering
import TextLayout
import Typography

enum StressFixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let shaper = Result { Shaper(library: try FontLibrary(.init(fontDirectory: repository.appendingPathComponent("fonts").path,
                                                                        useSystemFonts: false))) }
    static func sweep() throws -> StressSweep { StressSweep(shaper: try shaper.get()) }

    static func entry(_ text: String, key: String = "k", locale: String = "en", translated: Bool = true) -> CatalogEntry {
        CatalogEntry(key: key, locale: locale, text: text, isTranslated: translated, origin: SourceLocation(file: "test"))
    }
}

@Suite("The stress sweep's verdicts")
struct SweepTests {
    // Noto Sans Regular (hb-shape, upem 1000): a 561, b 615, c 480, space 260, W 930. At 1000 pt a font
    // unit is a point: "aa" = 1122, "aa bb" = 2612, "aa bb cc" = 3832.
    func box(_ width: Double, lines: Int? = 1, truncation: Bool = false, scale: Double = 1) -> StressContainer {
        StressContainer(width: width, maxLines: lines, size: .points(1000), truncationAllowed: truncation,
                        minimumScaleFactor: scale, dynamicTypeSizes: [.large])
    }

    func verdict(_ text: String, _ container: StressContainer, translated: Bool = true) throws -> StressVerdict {
        let entry = StressFixtures.entry(text, translated: translated)
        return try #require(try StressFixtures.sweep().verdicts(for: entry, in: container, text: text).first)
    }

    @Test("fits, wraps, truncated (failing unless allowed), with measured width and lines")
    func basicStatuses() throws {
        let fits = try verdict("aa", box(1200))
        #expect(fits.status == .fits && !fits.failed && fits.width == 1122 && fits.lineCount == 1)
        let wraps = try verdict("aa bb cc", box(3000, lines: 2))
        #expect(wraps.status == .wraps && !wraps.failed && wraps.lineCount == 2 && wraps.width == 2612)
        let truncated = try verdict("aa bb cc", box(3000))
        #expect(truncated.status == .truncated && truncated.failed)
        #expect(try verdict("aa bb cc", box(3000, truncation: true)).failed == false)
    }

    @Test("overflow: a single grapheme wider than the box, by how much")
    func overflow() throws {
        let v = try verdict("W", box(500))
        #expect(v.status == .overflow && v.failed)
        #expect(abs(v.overflow - (930 - 500)) < 1e-9)
    }

    @Test("scaled: fits one line only by shrinking, the scale reported")
    func scaled() throws {
        let v = try verdict("aa bb cc", box(3000, scale: 0.5))
        #expect(v.status == .scaled && !v.failed)
        // 3000 ÷ 3832 = 0.7829 is the largest scale that fits; the search stops within 1e-3 below it.
        #expect(v.scale <= 3000.0 / 3832 && v.scale > 3000.0 / 3832 - 2e-3)
    }

    /// Issue 28: an untranslated entry used to get the status `untranslated` and no measurement; it
    /// is now measured (its status is its fit) and flagged (VerdictExcessTests has the failing case).
    @Test("missing glyphs and untranslated")
    func otherStatuses() throws {
        let missing = try verdict("a\u{0378}", box(5000))
        #expect(missing.status == .missingGlyphs && missing.failed)
        let untranslated = try verdict("aa", box(5000), translated: false)
        #expect(untranslated.status == .fits && !untranslated.failed && untranslated.untranslated && untranslated.width == 1122)
    }

    @Test("The first failing Dynamic Type size: 'aa bb' in 50 pt, body style, one line")
    func firstFailure() throws {
        // Body sizes: xSmall 14, small 15, medium 16, large 17, xLarge 19, xxLarge 21 …
        // "aa bb" is 2.612 em: 19 pt → 49.628 fits in 50, 21 pt → 54.852 does not.
        let container = StressContainer(width: 50, maxLines: 1, size: .style(.body), dynamicTypeSizes: DynamicTypeSize.allCases)
        let verdicts = try StressFixtures.sweep().run([StressFixtures.entry("aa bb")], container: { _ in container })
        #expect(verdicts.count == 12)
        #expect(verdicts.map(\.status).prefix(5).allSatisfy { $0 == .fits })
        #expect(verdicts[5].status == .truncated)
        let report = StressReport(verdicts: verdicts)
        #expect(report.summary.firstFailures == [.init(key: "k", locale: "en", variant: "", passesUpTo: "xLarge",
                                                        failsFrom: "xxLarge", status: .truncated)])
        #expect(report.summary.failures == 7)
        #expect(report.terminalSummary().contains("fits up to xLarge, truncated from xxLarge"))
    }

    @Test("Verdicts come back in entry order whatever the threads did")
    func ordering() throws {
        let entries = (0..<200).map { StressFixtures.entry(String(repeating: "a", count: $0 % 17 + 1), key: "k\($0)") }
        let verdicts = try StressFixtures.sweep().run(entries, container: { _ in self.box(20_000) })
        #expect(verdicts.map(\.key) == entries.map(\.key))
        #expect(verdicts.map(\.width) == entries.map { Double($0.text.count) * 561 })
    }

    @Test("A catalog's own maxWidth (XLIFF) tightens the container")
    func catalogMaxWidth() throws {
        var entry = StressFixtures.entry("aa")
        entry.maxWidth = 1000
        let v = try #require(try StressFixtures.sweep().verdicts(for: entry, in: box(5000), text: "aa").first)
        #expect(v.status == .truncated)  // "aa" (1122) no longer fits 1000 on one line
    }
}

@Suite("Stress reports")
struct ReportTests {
    func sample() throws -> StressReport {
        let container = StressContainer(width: 50, maxLines: 1, size: .style(.body), dynamicTypeSizes: [.large, .xxLarge])
        let entries = [StressFixtures.entry("aa bb", key: "ok"), StressFixtures.entry("aa bb", key: "ok", locale: "de"),
                       StressFixtures.entry("aa bb cc dd", key: "long", locale: "de")]
        return StressReport(verdicts: try StressFixtures.sweep().run(entries, container: { _ in container }))
    }

    @Test("report.json carries every verdict with the documented fields, and the summary")
    func json() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: try sample().json()) as? [String: Any])
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(verdicts.count == 6)
        for key in ["key", "locale", "variant", "dynamicTypeSize", "text", "status", "width", "lineCount", "overflow", "scale"] {
            #expect(verdicts[0][key] != nil, "\(key)")
        }
        // "aa bb" fails only at xxLarge (en and de); "aa bb cc dd" at both sizes: 1 + 1 + 2.
        #expect((object["summary"] as? [String: Any])?["failures"] as? Int == 4)
    }

    @Test("report.json is what JSONEncoder writes, byte for byte: every status, real translations, awkward texts")
    func jsonIsTheEncoders() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let sweep = try StressFixtures.sweep()
        // The Territories catalog (eight locales, plural variants) at every size in a one-line 120 pt box …
        let catalog = try CatalogReader.read([RealCatalogTests.file]).entries
        let box = StressContainer(width: 120, maxLines: 1, size: .style(.body), dynamicTypeSizes: DynamicTypeSize.allCases)
        var verdicts = sweep.run(catalog, container: { _ in box })
        // … and the statuses that catalog does not reach, with texts JSON must escape.
        let body = StressContainer(width: 60, maxLines: 2, size: .style(.body), dynamicTypeSizes: [.large, .accessibility5])
        let shrinking = StressContainer(width: 60, maxLines: 1, size: .style(.body), minimumScaleFactor: 0.5, dynamicTypeSizes: [.large])
        var awkward = [StressFixtures.entry("say \"hi\" \\ a/b\n\tc\u{1}", key: "quote\"s", locale: "fr-CA"),
                       StressFixtures.entry("W", key: "wide", locale: "zh-Hant"),
                       StressFixtures.entry("a\u{0378}", key: "missing", locale: "é"),
                       StressFixtures.entry("untranslated", key: "u", locale: "B", translated: false),
                       StressFixtures.entry("", key: "empty", locale: "en"),
                       StressFixtures.entry("aa bb cc", key: "wraps", locale: "de")]  // 65.1 pt at 17: two lines
        awkward[3].state = "new \"quoted\""
        verdicts += sweep.run(awkward, container: { $0.key == "wide" ? StressContainer(width: 5, size: .style(.body), dynamicTypeSizes: [.large]) : body })
        verdicts += sweep.run([StressFixtures.entry("aa bb cc dd ee", key: "scaled")], container: { _ in shrinking })
        let report = StressReport(verdicts: verdicts)
        // Every status a sweep gives (`untranslated` is now a flag beside the fit status: issue 28),
        // and every field a verdict may leave out, present somewhere.
        #expect(Set(report.verdicts.map(\.status)) == Set(StressStatus.allCases).subtracting([.untranslated]))
        #expect(report.verdicts.contains { $0.untranslated && $0.untranslatedReason != nil })
        #expect(report.verdicts.contains { $0.neededWidth != nil && $0.excess != nil && $0.excessPercent != nil && $0.linesNeeded != nil })
        #expect(report.verdicts.contains { $0.sourceFails == true } && report.verdicts.contains { $0.sourceFails == false })
        #expect(report.summary.firstFailures.contains { $0.sourceFails != nil } && report.summary.firstFailures.contains(where: \.untranslated))
        #expect(report.summary.firstFailures.contains { $0.passesUpTo == nil } && report.summary.firstFailures.contains { $0.passesUpTo != nil })
        #expect(report.summary.locales.count == 12)
        let written = try report.json(), encoded = roundingNumbers(inJSON: try encoder.encode(report))
        #expect(written == encoded, "first difference at byte \(Array(zip(written, encoded)).firstIndex { $0 != $1 } ?? min(written.count, encoded.count))")
        // A width that is not finite is an error, as it is for the encoder.
        var broken = report
        broken.verdicts[0].width = .nan
        #expect(throws: EncodingError.self) { try encoder.encode(broken) }
        #expect(throws: EncodingError.self) { try broken.json() }
    }

    @Test("junit.xml has one test case per key × locale, failing when any size fails")
    func junit() throws {
        let xml = try sample().junit()
        // Every key × locale fails at xxLarge at least ("aa bb" is 54.9 pt there).
        #expect(xml.contains(#"<testsuites name="textfit stress" tests="3" failures="3">"#))
        #expect(xml.contains(#"<testcase classname="de" name="long">"#))
        #expect(xml.contains("xxLarge: truncated"))
    }

    /// The whole file for hand-made verdicts, written out by hand: suites in locale order whatever
    /// the verdicts' order, a case's failing sizes one per line (the first as the message), widths
    /// as printf's `%.2f` rounds the double's exact value (2.675 is 2.67499999…, 0.125 a tie kept
    /// even), overflow only when positive, XML escaped.
    @Test("junit.xml, byte for byte")
    func junitExactly() {
        func verdict(_ key: String, _ locale: String, _ size: String, variant: String = "", _ status: StressStatus,
                     width: Double, lines: Int = 1, overflow: Double = 0) -> StressVerdict {
            StressVerdict(key: key, locale: locale, variant: variant, size: .dynamicType(DynamicTypeSize(rawValue: size)!), text: "t", status: status,
                          width: width, lineCount: lines, overflow: overflow, scale: 1, failed: status != .fits && status != .wraps)
        }
        let report = StressReport(verdicts: [
            verdict("b&c", "fr", "large", .fits, width: 10),
            verdict("a", "de", "large", .truncated, width: 2.675, lines: 2),
            verdict("a", "de", "xxLarge", variant: "one\"", .overflow, width: 0.125, lines: 3, overflow: 1234.5678),
            verdict("a", "fr", "large", .wraps, width: 99.999, lines: 2),
            verdict("z", "de", "xSmall", .fits, width: 1),
        ])
        #expect(report.junit() == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="textfit stress" tests="4" failures="1">
              <testsuite name="de" tests="2" failures="1">
                <testcase classname="de" name="a">
                  <failure message="large: truncated, width 2.67 pt, 2 line(s)">large: truncated, width 2.67 pt, 2 line(s)
            xxLarge [one&quot;]: overflow, width 0.12 pt, 3 line(s), overflow 1234.57 pt</failure>
                </testcase>
                <testcase classname="de" name="z"/>
              </testsuite>
              <testsuite name="fr" tests="2" failures="0">
                <testcase classname="fr" name="b&amp;c"/>
                <testcase classname="fr" name="a"/>
              </testsuite>
            </testsuites>

            """)
    }

    /// XML 1.0 allows no C0 control but tab, LF and CR, nor U+FFFE/U+FFFF, not even as `&#4;`: one in
    /// a key made the whole file unreadable. They become U+FFFD; tab stays.
    @Test("junit.xml replaces characters XML 1.0 forbids and stays well-formed")
    func junitForbiddenCharacters() throws {
        let keys = ["button\u{4}Open", "nul\u{0}", "esc\u{1B}[0m", "non\u{FFFE}\u{FFFF}", "tab\tkept", "bell\u{7}&<"]
        let report = StressReport(verdicts: keys.map {
            StressVerdict(key: $0, locale: "de\u{1}", variant: "", size: .dynamicType(.large), text: "t", status: .truncated,
                          width: 1, lineCount: 1, overflow: 0, scale: 1, failed: true)
        })
        let xml = report.junit()
        #expect(xml.contains(#"name="button\#u{FFFD}Open""#))
        #expect(xml.contains(#"name="bell\#u{FFFD}&amp;&lt;""#))
        #expect(xml.contains(#"<testsuite name="de\#u{FFFD}""#))
        let forbidden = xml.unicodeScalars.filter { ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || $0.value == 0xFFFE || $0.value == 0xFFFF }
        #expect(forbidden.isEmpty)
        // A real XML parser reads it, and gives back the names with U+FFFD in place of each forbidden character.
        final class Names: NSObject, XMLParserDelegate {
            var names: [String] = []
            func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
                if elementName == "testcase", let name = attributeDict["name"] { names.append(name) }
            }
        }
        let parser = XMLParser(data: Data(xml.utf8)), names = Names()
        parser.delegate = names
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        // (A parser normalises a tab in an attribute value to a space: XML 1.0 § 3.3.3.)
        #expect(names.names == ["button\u{FFFD}Open", "nul\u{FFFD}", "esc\u{FFFD}[0m", "non\u{FFFD}\u{FFFD}", "tab kept", "bell\u{FFFD}&<"])
    }

    @Test("A baseline written when gettext context keys were joined with U+0004 still matches `context|msgid`")
    func baselineWithOldContextKeys() {
        func verdict(_ key: String) -> StressVerdict {
            StressVerdict(key: key, locale: "fr", variant: "", size: .dynamicType(.large), text: "t", status: .truncated,
                          width: 1, lineCount: 1, overflow: 0, scale: 1, failed: true)
        }
        let now = StressReport(verdicts: [verdict("menu|Open")])
        #expect(now.regressions(against: StressReport(verdicts: [verdict("menu\u{4}Open")])).isEmpty)
        #expect(now.regressions(against: StressReport(verdicts: [verdict("menu|Close")])).count == 1)
    }

    @Test("Widths in junit.xml are String(format: \"%.2f\")'s, and the failure message is the first line")
    func junitFormatting() {
        var values: [Double] = [0, -0.0, 0.005, 0.015, 0.125, 0.375, 1.005, 2.675, -0.001, -2.5, 1e21, -1e300,
                                .greatestFiniteMagnitude, .leastNonzeroMagnitude, 123_456.785]
        // Ties at the third decimal (k / 8), near-ties written with three decimals (1.005 is below
        // its tie, 1.015 above), random doubles of every magnitude up to and past the fast path's
        // 4.5e13, and the edges of that range.
        values += (-400...400).map { Double($0) / 8 } + [4.5e13, -4.5e13, 4.5e13.nextDown, 4.4999999999999995e13, 45_035_996_273_704.5]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in 0..<6_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let signed = Int64(bitPattern: seed >> 20)
            switch i % 3 {
            case 0: values.append(Double(signed % 100_000_000) / 1_000)
            case 1: values.append(Double(signed % 1_000_000) / 8 / 125)
            default:  // 2^-20 … 2^49: a random exponent over random bits
                let exponent = UInt64(1_003 + Int(seed % 70)) << 52, bits = (seed >> 12) & (1 << 52 - 1)
                values.append(Double(bitPattern: exponent | bits) * (signed < 0 ? -1 : 1))
            }
        }
        for value in values { #expect(twoDecimals(value) == String(format: "%.2f", value), "\(value)") }
        for text in ["a\nb", "a\r\nb\nc", "\n\nx\ny", "\n\n", "", "abc", "x\n", "\r\n\n", "é\u{301}\nz"] {
            #expect(StressReport.firstLine(of: text) == (text.split(separator: "\n").first.map(String.init) ?? text), "\(text.debugDescription)")
        }
        #expect(StressReport.firstLine(of: "a\r\nb\nc") == "a\r\nb")
    }

    @Test("A baseline keeps old failures quiet and reports what got worse")
    func baseline() throws {
        let report = try sample()
        #expect(report.regressions(against: report).isEmpty)
        let empty = StressReport(verdicts: [])
        #expect(report.regressions(against: empty).count == 4)
    }

    /// The page's data: `{"sizes", "statuses", "containers", "picturesPerFile", "rows", "pictures"}` (see
    /// `StressReport.htmlFiles`).
    struct PageData {
        var sizes: [String], statuses: [String], containers: [String]
        /// key, variant, locale, source, text, origin, container, strip, firstFailingSize, passesUpTo, status,
        /// width, lines, neededWidth, excess, excessPercent, linesNeeded, sourceFails, untranslated,
        /// untranslatedReason, picture
        var rows: [[Any]]
        /// row index → SVG (the pictures in the page)
        var pictures: [Int: String]

        init(_ page: String) throws {
            let open = #"<script type="application/json" id="report-data">"#
            let start = try #require(page.range(of: open)).upperBound
            let end = try #require(page[start...].range(of: "</script>")).lowerBound
            let object = try #require(try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
            sizes = try #require(object["sizes"] as? [String])
            statuses = try #require(object["statuses"] as? [String])
            containers = try #require(object["containers"] as? [String])
            rows = try #require(object["rows"] as? [[Any]])
            let all = object["pictures"] as? [String] ?? []
            var pictures: [Int: String] = [:]
            for (index, row) in rows.enumerated() {
                if let n = row[20] as? Int { pictures[index] = all.indices.contains(n) ? all[n] : "" }
            }
            self.pictures = pictures
        }

        /// Row `index` as the page's table shows it: locale, first failing size ("" when none), status, key, source, text.
        func row(_ index: Int) -> [String] {
            let r = rows[index]
            return [r[2] as! String, (r[8] as? Int).map { sizes[$0] } ?? "", statuses[r[10] as! Int], r[0] as! String,
                    r[3] as? String ?? "", r[4] as! String]
        }

        /// Row `index`'s strip: a status per size ("-" not checked), upper case when it fails (`TRUNCATED`).
        func strip(_ index: Int) -> [String] {
            (rows[index][7] as! String).unicodeScalars.map { scalar in
                scalar == "-" ? "-" : scalar.value < 97 ? statuses[Int(scalar.value) - 65].uppercased() : statuses[Int(scalar.value) - 97]
            }
        }
    }

    /// "aa bb cc" is 3,832 pt at 1000 pt: one line in the 4,000 pt container, truncated at the
    /// entry's own 3,000 pt limit. The picture used to lay it out in the container, showing it fit.
    @Test("A picture is the check's layout: an entry's own maximum width narrows its box too")
    func pictureUsesEntryWidth() throws {
        let sweep = try StressFixtures.sweep()
        let container = StressContainer(width: 4000, maxLines: 1, size: .points(1000), dynamicTypeSizes: [.large])
        var entry = StressFixtures.entry("aa bb cc")
        entry.maxWidth = 3000
        let verdict = try #require(try sweep.verdicts(for: entry, in: container, text: entry.text).first)
        #expect(verdict.status == .truncated && verdict.failed)
        let picture = try #require(sweep.picture(of: verdict, entry: entry, container: container))
        #expect(picture.box.width == 3000 && picture.layout.isTruncated && picture.layout.size.width == verdict.width)
        let page = try PageData(sweep.html(of: StressReport(verdicts: [verdict]), entries: [entry], containers: [container]))
        let svg = try #require(page.pictures[0])
        #expect(svg.contains(#"<rect class="container" x="0" y="0" width="3000""#))
    }

    /// More failing cases than a batch of pictures made ahead (512), in an order the batches must
    /// follow: every picture is the one for its verdict.
    @Test("Pictures made ahead in batches land on their own verdicts")
    func picturesInBatches() throws {
        let sweep = try StressFixtures.sweep()
        let container = StressContainer(width: 40, maxLines: 1, size: .points(10), dynamicTypeSizes: [.large])
        // Texts of different widths, all too wide for one line: key i is "W " 4 + i % 7 times.
        let entries = (0..<1_100).map { StressFixtures.entry(String(repeating: "W ", count: 4 + $0 % 7), key: "k\($0)") }
        let report = StressReport(verdicts: sweep.run(entries, container: { _ in container }))
        let failing = report.verdicts.filter { $0.failed }.count
        #expect(failing == 1_100)
        let page = try PageData(sweep.html(of: report, entries: entries, containers: entries.map { _ in container }))
        #expect(page.pictures.count == 1_100)
        for (index, verdict) in report.verdicts.enumerated() where index % 97 == 0 || index >= 1_020 {
            let expected = try #require(sweep.picture(of: verdict, entry: entries[index], container: container))
            var glyphs = SVGGlyphSheet(idPrefix: "glyph-")
            let svg = SVGRenderer(options: .init(overlays: [.baselines], container: expected.box, idPrefix: "p\(index + 1)-"))
                .svg(expected.layout, sharing: &glyphs)
            #expect(page.pictures[index] == svg, "verdict \(index)")
        }
    }

    @Test("A sweep's index.html draws each failing case once, at its first failing size, its glyphs defined once for the page")
    func sweepPage() throws {
        let container = StressContainer(width: 50, maxLines: 1, size: .style(.body), dynamicTypeSizes: [.large, .xxLarge])
        var source = StressFixtures.entry("aa bb cc dd", key: "long", locale: "de")
        source.sourceText = "Quelle & Text"
        let entries = [StressFixtures.entry("aa bb", key: "ok"), StressFixtures.entry("aa bb", key: "ok", locale: "de"), source]
        let sweep = try StressFixtures.sweep()
        let report = StressReport(verdicts: sweep.run(entries, container: { _ in container }))
        let page = sweep.html(of: report, entries: entries, containers: entries.map { _ in container })
        let data = try PageData(page)
        #expect(data.sizes == ["large", "xxLarge"])
        // A row per key × locale × variant, failing ones worst first: "long" fails from large, both "ok" from xxLarge.
        #expect(data.rows.count == 3)
        #expect((0..<3).map(data.row) == [["de", "large", "truncated", "long", "Quelle & Text", "aa bb cc dd"],
                                          ["en", "xxLarge", "truncated", "ok", "", "aa bb"],
                                          ["de", "xxLarge", "truncated", "ok", "", "aa bb"]])
        #expect(data.strip(0) == ["TRUNCATED", "TRUNCATED"] && data.strip(1) == ["fits", "TRUNCATED"])
        // Three failing rows, three pictures, each at its first failing size.
        #expect(data.pictures.keys.sorted() == [0, 1, 2])
        // Noto Sans (hb-shape): a 561, b 615, space 260, "…" 791 units. The ellipsis leaves 50 − 13.45
        // = 36.55 pt at 17 pt (large), where "aa b" (1997 units, 33.95 pt) fits: "aa b…"; and 50 − 16.61
        // = 33.39 pt at 21 pt (xxLarge), where only "aa" and its hanging space fit: "aa…". Three glyphs,
        // a, b and "…", each defined once in the page's glyph sheet, and 3 + 3 + 4 placements (the
        // space draws nothing); no picture defines glyphs of its own, and every reference in the page
        // finds its definition.
        let pictures = data.pictures.values.sorted().joined()
        #expect(page.components(separatedBy: "<path id=\"").count - 1 == 3)
        #expect(page.components(separatedBy: "<path id=\"glyph-g0-").count - 1 == 3)
        #expect(!pictures.contains("<path id=") && !pictures.contains("<image id="))
        #expect(pictures.components(separatedBy: "<use xlink:href=\"#glyph-g0-").count - 1 == 10)
        let everything = page + pictures
        let defined = everything.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let referenced = pictures.components(separatedBy: "href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            + pictures.components(separatedBy: "url(#").dropFirst().map { String($0.prefix { $0 != ")" }) }
        #expect(!referenced.isEmpty && Set(referenced).isSubset(of: defined))
        #expect(Set(defined).count == defined.count)
    }

    @Test("Past maxPictures the page draws the worst failing cases and says how many it left out")
    func pictureLimit() throws {
        let container = StressContainer(width: 50, maxLines: 1, size: .style(.body), dynamicTypeSizes: [.large, .xxLarge])
        let entries = [StressFixtures.entry("aa bb", key: "ok"), StressFixtures.entry("aa bb", key: "ok", locale: "de"),
                       StressFixtures.entry("aa bb cc dd", key: "long", locale: "de")]
        let sweep = try StressFixtures.sweep()
        let report = StressReport(verdicts: sweep.run(entries, container: { _ in container }))
        let containers = entries.map { _ in container }
        // Worst first: "long" fails from large, both "ok" from xxLarge (catalog order breaks the tie).
        #expect(report.summary.worstFirst().map { $0.key + " " + $0.locale } == ["long de", "ok en", "ok de"])
        let limited = sweep.html(of: report, entries: entries, containers: containers, maxPictures: 2)
        let data = try PageData(limited)
        #expect(data.pictures.keys.sorted().map { data.row($0)[0] + " " + data.row($0)[3] } == ["de long", "en ok"])
        #expect(limited.contains("<p class=\"note\">Pictures of the 2 worst of 3 failing cases"))
        let all = sweep.html(of: report, entries: entries, containers: containers, maxPictures: 3)
        #expect(try PageData(all).pictures.count == 3 && !all.contains("class=\"note\""))
    }

    @Test("index.html is one self-contained page with filters, a row per key × locale × variant as data, and an SVG per failing row drawn")
    func html() throws {
        let report = try sample()
        let page = report.html(sourceText: { "source of \($0.key)" }, draw: { _, _ in "<svg></svg>" })
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains(#"<select id="locale">"#) && page.contains(#"<button id="next">"#) && !page.contains("src=\"http"))
        let data = try PageData(page)
        #expect(data.statuses == StressStatus.allCases.map(\.rawValue))
        #expect((0..<data.rows.count).map { data.row($0)[3] + " " + data.row($0)[0] + " " + data.row($0)[4] }
                == ["long de source of long", "ok en source of ok", "ok de source of ok"])
        // Every failing row drawn once (`draw` is asked only for their first failing verdicts).
        #expect(data.pictures.count == 3 && Set(data.pictures.values) == ["<svg></svg>"])
    }

    @Test("Cases are runs of one key, locale, variant, text and source; an empty report is an empty page")
    func pageCases() throws {
        func verdict(_ key: String, _ size: String) -> StressVerdict {
            StressVerdict(key: key, locale: "en", variant: "", size: .dynamicType(DynamicTypeSize(rawValue: size)!), text: "Same", status: .fits,
                          width: 10, lineCount: 1, overflow: 0, scale: 1, failed: false)
        }
        // Two catalogs with the same key and text but different source texts: two cases, not one.
        let verdicts = [verdict("k", "large"), verdict("k", "xLarge"), verdict("k", "large"), verdict("k", "xLarge"), verdict("j", "large")]
        var asked = 0
        let page = StressReport(verdicts: verdicts).html(sourceText: { _ in
            asked += 1
            return asked <= 2 ? "from A" : "from B"
        }, draw: { _, _ in nil })
        let data = try PageData(page)
        #expect((0..<data.rows.count).map { data.row($0)[3] + " " + data.row($0)[4] } == ["k from A", "k from B", "j from B"])
        #expect(data.strip(0) == ["fits", "fits"] && data.strip(2) == ["fits", "-"])
        let empty = try PageData(StressReport(verdicts: []).html(sourceText: { _ in nil }, draw: { _, _ in nil }))
        #expect(empty.sizes.isEmpty && empty.rows.isEmpty && empty.pictures.isEmpty)
    }

    @Test("The page's data survives texts that could end or change its script element")
    func pageDataEscapes() throws {
        let awkward = "a</script><!--<script>\"q\" \\ \n\t\u{1}\u{7F} ✓ 👩🏽‍💻 \u{2028}"
        let verdict = StressVerdict(key: "k</script>", locale: "en", variant: "v\"", size: .dynamicType(.large), text: awkward,
                                    status: .truncated, width: 171.64, lineCount: 2, overflow: .nan, scale: 1, failed: true)
        let page = StressReport(verdicts: [verdict]).html(sourceText: { _ in "<b>&amp;</b>" }, draw: { _, _ in "<svg id=\"x\"></svg>" })
        // The only "</script>" are the two elements' own ends.
        #expect(page.components(separatedBy: "</script>").count - 1 == 2)
        #expect(!page.contains("<!--"))
        let data = try PageData(page)
        #expect(data.row(0) == ["en", "large", "truncated", "k</script>", "<b>&amp;</b>", awkward] && data.rows[0][1] as? String == "v\"")
        // Widths to one decimal, as the table shows them.
        #expect(data.rows[0][11] as? Double == 171.6)
        #expect(data.pictures == [0: "<svg id=\"x\"></svg>"])
    }
}

@Suite("Width variants (stringsdict NSStringVariableWidthRuleType)")
struct WidthVariantSelectionTests {
    @Test("Only the variant the OS would show for the container is checked (widths in ems)")
    func selection() throws {
        let file = StressFixtures.repository.appendingPathComponent("Tests/LocalizationStressTests/Fixtures/Apple/en.lproj/Localizable.stringsdict").path
        let entries = try CatalogReader.read([file]).entries.filter { $0.key == "welcome_banner" }
        #expect(Set(entries.map(\.variant)) == ["width.20", "width.50", "width.100"])
        // Body at large is 17 pt: 340 pt is 20 em → width.20; 1000 pt is 58.8 em → width.50; 2000 pt → width.100.
        for (width, expected) in [(340.0, "Hi"), (1000, "Welcome"), (2000, "Welcome to TextFit"), (100, "Hi")] {
            let container = StressContainer(width: width, size: .style(.body), dynamicTypeSizes: [.large])
            let kept = selectingWidthVariants(entries, containers: entries.map { _ in container })
            #expect(kept.map { entries[$0].text } == [expected], "\(width) pt")
        }
    }
}

@Suite("A screen sweep's picture markup")
struct SweepPictureMarkupTests {
    @Test("Outlines go before a picture's last </svg>, sliced in UTF-8 whatever comes before it; no </svg>, no change")
    func insertingBeforeClosingTag() {
        #expect(LocalizationSweep.inserting("<g/>", beforeClosingTagOf: "<svg><svg></svg>é 日本</svg>\n") == "<svg><svg></svg>é 日本<g/></svg>\n")
        #expect(LocalizationSweep.inserting("<g/>", beforeClosingTagOf: "</svg></sv<") == "<g/></svg></sv<")
        #expect(LocalizationSweep.inserting("<g/>", beforeClosingTagOf: "<svg></sv") == "<svg></sv")
        #expect(LocalizationSweep.inserting("<g/>", beforeClosingTagOf: "") == "")
    }
}
