// Paragraph benchmarks (issue 3) on the ~200 real paragraphs of Benchmarks/Corpus/paragraphs.tsv:
//   (a) first layout: a new Paragraph (segmentation, bidi, itemization, shaping into an empty
//       cache) laid out at 320 pt;
//   (b) each further width on the same paragraph: a 50-width sweep (200…690 pt), no reshaping;
//   (c) all twelve Dynamic Type sizes: `resized(to:)` + a layout at 320 pt each.
// Characters per second (Unicode scalars) and µs per query; medians of interleaved rounds.
// Target: (b) and (c) at least 10× faster per query than (a).
//
// Entry point: `runParagraphBenchmarks(library:)`, called from main.swift; the rest is private.
import Foundation
import TextFit

func runParagraphBenchmarks(library: FontLibrary, corpusDirectory: String) {
    ParagraphBenchmarks(library: library, path: corpusDirectory + "/paragraphs.tsv").run()
    ParagraphBenchmarks(library: library, path: corpusDirectory + "/paragraphs.tsv").runFontSweeps(corpusDirectory: corpusDirectory)
}

private struct ParagraphBenchmarks {
    let library: FontLibrary
    let path: String
    let rounds = 7
    let firstWidth = 320.0
    let sweep = (0..<50).map { 200.0 + Double($0) * 10 }

    func run() {
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
            print("paragraph benchmark: cannot read \(path)")
            return
        }
        let texts = contents.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> String? in
            let columns = line.split(separator: "\t", maxSplits: 1)
            return columns.count == 2 ? String(columns[1]) : nil
        }
        let characters = Double(texts.reduce(0) { $0 + $1.unicodeScalars.count })
        let attributes = TextAttributes(size: .style(.body))
        var first: [Double] = [], widths: [Double] = [], sizes: [Double] = []
        var checksum = 0.0
        for _ in 0..<rounds {
            // (a) a fresh shaper per round: every run is shaped again.
            let shaper = Shaper(library: library)
            var paragraphs: [Paragraph] = []
            paragraphs.reserveCapacity(texts.count)
            var start = clockNanoseconds()
            for text in texts {
                guard let paragraph = try? Paragraph(StyledText(text, attributes: attributes), shaper: shaper) else { continue }
                checksum += paragraph.layout(width: firstWidth).size.height
                paragraphs.append(paragraph)
            }
            first.append(Double(clockNanoseconds() - start))
            // (b) the sweep.
            start = clockNanoseconds()
            for paragraph in paragraphs {
                for width in sweep { checksum += paragraph.layout(width: width).size.height }
            }
            widths.append(Double(clockNanoseconds() - start))
            // (c) twelve Dynamic Type sizes.
            start = clockNanoseconds()
            for paragraph in paragraphs {
                for size in DynamicTypeSize.allCases {
                    if let resized = try? paragraph.resized(to: size) { checksum += resized.layout(width: firstWidth).size.height }
                }
            }
            sizes.append(Double(clockNanoseconds() - start))
        }
        let n = Double(texts.count)
        let a = middle(first) / n, b = middle(widths) / (n * Double(sweep.count)), c = middle(sizes) / (n * 12)
        print("")
        print("Paragraph benchmark: \(texts.count) paragraphs, \(Int(characters)) characters, body style, \(rounds) rounds, medians")
        print("query                                         µs/query    characters/s    speed-up vs (a)")
        print(String(repeating: "-", count: 88))
        row("(a) first layout at 320 pt (shape + lay out)", a, characters / n, 1)
        row("(b) another width (50-width sweep)", b, characters / n, a / b)
        row("(c) another Dynamic Type size (12 sizes)", c, characters / n, a / c)
        print("targets: (b) ≥ 10× (a): \(a / b >= 10 ? "PASS" : "MISS") · (c) ≥ 10× (a): \(a / c >= 10 ? "PASS" : "MISS")   (checksum \(Int(checksum)))")
    }

    /// Issue 26: a Dynamic Type sweep (all twelve sizes: one paragraph shaped, eleven `resized(to:)`,
    /// a layout at 320 pt each) against one size (shaped and laid out), both from cold caches, per
    /// font: a static font, the same font with a `trak` table (tracking is per-size arithmetic: the
    /// target is ≤ 2× one size), and Roboto Flex, whose `opsz` follows the size (one shaping per
    /// distinct size: reported, with the shaping count).
    func runFontSweeps(corpusDirectory: String) {
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        let texts = contents.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> String? in
            let columns = line.split(separator: "\t", maxSplits: 1)
            return columns.count == 2 ? String(columns[1]) : nil
        }.prefix(60)
        let fixtures = ((corpusDirectory as NSString).appendingPathComponent("../../Tests/TypographyTests/Fixtures/fonts") as NSString).standardizingPath
        let fonts: [(String, FontRequest)] = [
            ("Noto Sans (static)", FontRequest(family: "Noto Sans")),
            ("Noto Sans + trak (NotoSans-Trak.ttf)", FontRequest(file: fixtures + "/NotoSans-Trak.ttf")),
            ("Roboto Flex (opsz follows the size)", FontRequest(file: fixtures + "/RobotoFlex-Variable.ttf")),
        ]
        print("")
        print("Dynamic Type sweep by font: \(texts.count) paragraphs, body style, 12 sizes vs 1, cold caches, \(rounds) rounds, medians")
        print("font                                      1 size µs/text   12 sizes µs/text   ratio   shapings (12 sizes ÷ 1)")
        print(String(repeating: "-", count: 108))
        for (name, font) in fonts {
            let attributes = TextAttributes(font: font, size: .style(.body))
            var one: [Double] = [], twelve: [Double] = []
            var shapingsOne = 0, shapingsTwelve = 0, checksum = 0.0
            for _ in 0..<rounds {
                var shaper = Shaper(library: library)
                var start = clockNanoseconds()
                for text in texts {
                    guard let paragraph = try? Paragraph(StyledText(text, attributes: attributes), shaper: shaper) else { fatalError("\(name): paragraph failed") }
                    checksum += paragraph.layout(width: firstWidth).size.height
                }
                one.append(Double(clockNanoseconds() - start))
                shapingsOne = shaper.shapingCount
                shaper = Shaper(library: library)
                start = clockNanoseconds()
                for text in texts {
                    guard let paragraph = try? Paragraph(StyledText(text, attributes: attributes), shaper: shaper) else { fatalError("\(name): paragraph failed") }
                    for size in DynamicTypeSize.allCases {
                        guard let resized = try? paragraph.resized(to: size) else { fatalError("\(name): resize failed") }
                        checksum += resized.layout(width: firstWidth).size.height
                    }
                }
                twelve.append(Double(clockNanoseconds() - start))
                shapingsTwelve = shaper.shapingCount
            }
            let a = middle(one) / Double(texts.count), b = middle(twelve) / Double(texts.count)
            print(name.padding(toLength: 42, withPad: " ", startingAt: 0)
                  + String(format: "%14.1f  %17.1f  %6.2f×   %d ÷ %d = %.1f", a / 1000, b / 1000, b / a, shapingsTwelve, shapingsOne,
                           Double(shapingsTwelve) / Double(max(1, shapingsOne))))
            if name.contains("trak") { print("  target: trak sweep ≤ 2× one size: \(b / a <= 2 ? "PASS" : "MISS")   (checksum \(Int(checksum)))") }
        }
    }

    private func row(_ name: String, _ nanoseconds: Double, _ charactersPerQuery: Double, _ speedUp: Double) {
        let micro = nanoseconds / 1000
        let perSecond = charactersPerQuery / (nanoseconds / 1e9)
        print(name.padding(toLength: 46, withPad: " ", startingAt: 0)
              + String(format: "%8.2f  %14.0f  %14.1f×", micro, perSecond, speedUp))
    }

    private func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    private func clockNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
