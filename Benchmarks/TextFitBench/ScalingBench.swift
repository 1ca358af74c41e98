// Scaling benchmark (`--only scaling`): the workloads that had a quadratic (or worse) cliff, and the
// plain `.strings` reader at scale (the 200,000-entry reliability test checks its result), each
// timed at sizes n, 2n and 4n, with the growth per doubling t(4n) ÷ t(2n). A linear workload grows
// about 2× a doubling (a little more with cache misses on a larger input); a quadratic one about 4×.
// Each line reads `linear` when the growth is at most 2.6×, `SUPERLINEAR` otherwise.
//
// These are figures to read, not a pass/fail in CI: timings on a shared machine vary, and the unit
// tests check the results of the same workloads (at a smaller scale) without a clock. A workload
// whose line turns SUPERLINEAR has a cliff again; its growth shows how steep.
//
// Method: the inputs of every size are built first (texts, element trees, catalog files in a
// temporary folder), untimed; then `rounds` interleaved rounds time each size once (caches the
// workload should not reuse are cleared before each run, untimed); the best of the rounds is shown.
// Each run's result is checked (line counts, entries, problems, frames), so a broken path is not
// timed as a fast one.
//
// Entry point: `runScalingBenchmarks(library:)`, called from main.swift; the rest is private.
import Foundation
import TextFit

func runScalingBenchmarks(library: FontLibrary) {
    ScalingBenchmarks(library: library).run()
}

private struct ScalingBenchmarks {
    let library: FontLibrary
    let rounds = 5
    /// Growth per doubling up to this reads as linear (2× plus room for cache effects and noise).
    static let linearGrowth = 2.6

    /// One size of a workload, ready to time: `reset` runs untimed before each timed `run`, which
    /// returns nil when its result is right, else what is wrong.
    struct Prepared {
        var reset: () -> Void = {}
        let run: () -> String?
    }

    struct Workload {
        let name: String
        /// What n counts, for the output ("scalars", "tabs", …).
        let unit: String
        let n: Int
        let prepare: (Int) throws -> Prepared
    }

    func run() {
        let shaper = Shaper(library: library)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-scaling-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workloads = Self.workloads(shaper: shaper, folder: folder)
        print("\nScaling benchmark: each workload at n, 2n, 4n (release build; best of \(rounds) interleaved rounds, setup untimed);")
        print("growth = t(4n) ÷ t(2n): ~2× linear, ~4× quadratic; `linear` when ≤ \(format(Self.linearGrowth, decimals: 1))× "
              + "(a figure to read, not a CI check)")
        let header = pad("workload", 62) + pad("n", 9, right: true) + pad("t(n)", 11, right: true) + pad("t(2n)", 11, right: true)
            + pad("t(4n)", 11, right: true) + pad("growth", 9, right: true) + "  verdict"
        print(header)
        print(String(repeating: "-", count: header.count + 10))
        for workload in workloads {
            let sizes = [workload.n, 2 * workload.n, 4 * workload.n]
            let prepared: [Prepared]
            do { prepared = try sizes.map(workload.prepare) } catch { fail("scaling \(workload.name): setup failed: \(error)") }
            // Warm-up (untimed): fonts paged in, shape plans made, code faulted in.
            prepared[0].reset()
            if let problem = prepared[0].run() { fail("scaling \(workload.name) at n = \(sizes[0]): \(problem)") }
            var best = [Double](repeating: .infinity, count: sizes.count)
            for _ in 0..<rounds {
                for (i, size) in prepared.enumerated() {
                    size.reset()
                    let start = ContinuousClock.now
                    let problem = size.run()
                    let elapsed = (ContinuousClock.now - start) / .seconds(1)
                    if let problem { fail("scaling \(workload.name) at n = \(sizes[i]): \(problem)") }
                    best[i] = min(best[i], elapsed)
                }
            }
            let growth = best[2] / best[1]
            print(pad(workload.name, 62) + pad(grouped(Double(workload.n)), 9, right: true)
                  + best.map { pad(Self.seconds($0), 11, right: true) }.joined()
                  + pad(format(growth, decimals: 2) + "×", 9, right: true)
                  + "  " + (growth <= Self.linearGrowth ? "linear" : "SUPERLINEAR") + " (n = \(workload.unit))")
        }
    }

    static func seconds(_ s: Double) -> String { s < 1 ? format(s * 1000, decimals: 1) + " ms" : format(s, decimals: 2) + " s" }

    // MARK: - Workloads

    static func workloads(shaper: Shaper, folder: URL) -> [Workload] {
        /// A paragraph of `text` made (shaping it into the cleared caches), laid out at `width`, and
        /// every placed line's glyph runs built: what `textfit measure --json` does.
        func paragraph(_ text: String, style: ParagraphStyle = ParagraphStyle(), width: Double?,
                       check: @escaping (ParagraphLayout, Int) -> String?) -> Prepared {
            Prepared(reset: { shaper.clearCaches() }, run: {
                let paragraph: Paragraph
                do { paragraph = try Paragraph(StyledText(text), style: style, shaper: shaper) } catch { return "Paragraph: \(error)" }
                let layout = paragraph.layout(width: width)
                var glyphs = 0
                for line in layout.lines { for run in line.runs { glyphs += run.glyphs.count } }
                return check(layout, glyphs)
            })
        }
        /// `files` (path → text) written under a new folder for this size; `CatalogReader.read` of it.
        func catalog(_ name: String, _ size: Int, _ files: [String: String], read path: String = "",
                     check: @escaping (Catalog) -> String?) throws -> Prepared {
            let root = folder.appendingPathComponent("\(name)-\(size)")
            for (file, text) in files {
                let url = root.appendingPathComponent(file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            let target = path.isEmpty ? root.path : root.appendingPathComponent(path).path
            return Prepared(run: {
                do { return check(try CatalogReader.read([target])) } catch { return "CatalogReader.read: \(error)" }
            })
        }

        return [
            // Placed lines took their glyphs by filtering the whole piece: O(lines × glyphs).
            Workload(name: "Latin paragraph, one line of words, width 200, line runs", unit: "KB of text", n: 128) { kb in
                var random = SeededWords(seed: 7)
                var text = ""
                while text.utf8.count < kb * 1024 { text += random.word() + " " }
                return paragraph(text, width: 200) { layout, glyphs in
                    layout.lineCount > kb * 1024 / 60 && glyphs > kb * 1024 / 2 ? nil : "\(layout.lineCount) lines, \(glyphs) glyphs"
                }
            },
            // A line end inside the word reshaped from the cut to the word's end: O(n²).
            Workload(name: "Arabic word without spaces, width 200, line runs", unit: "letters", n: 64_000) { n in
                let letters = Array("بتثجحخسشصضطظعغفقكلمنهي".unicodeScalars)
                var view = String.UnicodeScalarView()
                for i in 0..<n { view.append(letters[(i &* 7 &+ i &* i &* 3 &+ i / 5) % letters.count]) }
                return paragraph(String(view), width: 200) { layout, glyphs in
                    layout.lineCount > n / 40 && glyphs >= n && layout.lines.allSatisfy { $0.width <= 200 + 1e-6 }
                        ? nil : "\(layout.lineCount) lines, \(glyphs) glyphs"
                }
            },
            // Each tab's advance walked every tab from the line's start: O(tabs²).
            Workload(name: "\"x\\t\" repeated, ideal width, line runs", unit: "tabs", n: 80_000) { n in
                paragraph(String(repeating: "x\t", count: n), width: nil) { layout, glyphs in
                    // The last tab hangs: x at each of n stops of 28 pt, the last x at stop n - 1.
                    layout.lineCount == 1 && glyphs >= n && layout.size.width > Double(n - 1) * 28
                        ? nil : "\(layout.lineCount) lines, width \(layout.size.width)"
                }
            },
            // Truncation stepped back over the whole run of hanging spaces at every try: O(spaces²).
            Workload(name: "long word, spaces, \"b\": 1 line at width 100 (truncated)", unit: "spaces", n: 160_000) { n in
                paragraph("Rindfleischetikettierung" + String(repeating: " ", count: n) + "b", style: ParagraphStyle(lineLimit: 1),
                          width: 100) { layout, _ in
                    layout.lineCount == 1 && layout.isTruncated && layout.size.width <= 100 ? nil : "not truncated to 1 line"
                }
            },
            // The plain reader at scale (`ReliabilityTests.twoHundredThousand` reads 200,000 entries and
            // checks them; its speed is read here).
            Workload(name: ".strings catalog: n entries in 4 locales", unit: "entries", n: 25_000) { n in
                var files: [String: String] = [:]
                for locale in ["de", "en", "es", "fr"] {
                    var text = ""
                    for key in 0..<n / 4 { text += "\"key.\(key)\" = \"Settings \(locale) \(key)\";\n" }
                    files["\(locale).lproj/Localizable.strings"] = text
                }
                return try catalog("strings", n, files) { c in
                    c.entries.count == n && c.problems.isEmpty ? nil : "\(c.entries.count) entries, \(c.problems.count) problems"
                }
            },
            // Each alias walked its chain from scratch against the path so far: O(n³).
            Workload(name: "Android values/ + values-de/: alias chain, n aliases to none", unit: "aliases", n: 2_000) { n in
                var en = [#"<string name="s0">Hello</string>"#], de = [#"<string name="s0">Hallo</string>"#]
                for k in 1..<n {
                    en.append(#"<string name="s\#(k)">@string/s\#(k - 1)</string>"#)
                    de.append(#"<string name="s\#(k)">@string/s\#(k - 1)</string>"#)
                    en.append(#"<string name="bad\#(k)">@string/nowhere\#(k)</string>"#)
                }
                return try catalog("android", n, [
                    "res/values/strings.xml": "<resources>\n" + en.joined(separator: "\n") + "\n</resources>\n",
                    "res/values-de/strings.xml": "<resources>\n" + de.joined(separator: "\n") + "\n</resources>\n",
                ]) { c in
                    // s0 and 16 aliases resolve in each locale (at most 16 deep); the rest are skipped.
                    c.entries.count == 2 * 17 && c.problems.count == 2 * (n - 17) + (n - 1)
                        ? nil : "\(c.entries.count) entries, \(c.problems.count) problems"
                }
            },
            // Each unit copied the whole rebuilt <dict>, and each text searched all sources: O(n²).
            Workload(name: "XLIFF: one .stringsdict key of n width units", unit: "units", n: 8_000) { n in
                var lines = [#"<xliff version="1.2"><file original="Localizable.stringsdict" source-language="en" target-language="de"><body>"#]
                for w in 1...n {
                    lines.append(#"<trans-unit id="/k:dict/NSStringVariableWidthRuleType:dict/\#(w):dict/:string"><source>w\#(w)</source><target>b\#(w)</target></trans-unit>"#)
                }
                lines.append("</body></file></xliff>")
                return try catalog("xliff", n, ["many.xliff": lines.joined(separator: "\n")], read: "many.xliff") { c in
                    let de = c.entries.filter { $0.key == "k" && $0.locale == "de" }
                    return de.count == n && de.last?.variant == "width.\(n)" && de.last?.text == "b\(n)" && c.problems.isEmpty
                        ? nil : "\(de.count) entries of k in de, \(c.problems.count) problems"
                }
            },
            // Each reference was checked against every distinct one found before it: O(n²).
            Workload(name: ".xcstrings: one string of n distinct %#@vK@ references", unit: "references", n: 16_000) { n in
                // No substitution is defined: the reader finds every reference and names each (4n
                // references are 0.6 MB, under the 1 MiB maxTextBytes).
                let value = (0..<n).map { "%#@v\($0)@" }.joined(separator: " ")
                let json = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"#
                    + #""stringUnit": {"state": "translated", "value": "\#(value)"}}}}}}"#
                return try catalog("xcstrings", n, ["refs.xcstrings": json], read: "refs.xcstrings") { c in
                    c.entries.map(\.text) == [value] && c.problems.count == n
                        && c.problems.last?.message == "refers to substitution 'v\(n - 1)', which is not defined"
                        ? nil : "\(c.entries.count) entries, \(c.problems.count) problems, last \(c.problems.last.map(\.message) ?? "none")"
                }
            },
            // Each dropped item recounted the whole last row: O(items × drops).
            Workload(name: "FlowLayout maxRows 1: n boxes 1 wide, overflow n/4 wide", unit: "boxes", n: 20_000) { n in
                // Width n/2: the row holds items 0..<n/2; the overflow element (n/4 wide for every count)
                // fits once n/4 items are left: n/4 drops, "+3n/4" at x n/4.
                let element = FlowLayout(verticalAlignment: .top, spacing: 0, maxRows: 1) {
                    for _ in 0..<n { Box(width: 1, height: 1) }
                } overflow: { hidden in
                    Box(width: CGFloat(n / 4), height: 1).id("more\(hidden)")
                }
                return Prepared(run: {
                    let result = element.layout(in: ProposedViewSize(width: CGFloat(n / 2), height: nil))
                    let more = result.element(id: "more\(n - n / 4)")
                    return more?.isHidden == false && more?.frame.minX == CGFloat(n / 4) && result.size == CGSize(width: n / 2, height: 1)
                        ? nil : "overflow element \(more.map { "\($0.frame), hidden \($0.isHidden)" } ?? "missing"), size \(result.size)"
                })
            },
            // Cells of distinct flexibility are sized in a group each; every group walked the whole
            // grid (columns and rows open, committed, pending): O(cells²).
            Workload(name: "Grid at a finite width: n cells of distinct flexibility, 5 a row", unit: "cells", n: 4_000) { n in
                // Cell k is a rectangle up to k + 1 wide and 10 tall; with 5 columns proposed 1,000 ×
                // ∞ wide each column takes its widest cell, up to its 200 share.
                let rows = (0..<n / 5).map { r in
                    GridRowSpec(cells: (0..<5).map { c -> AnyElement in AnyElement(Rectangle().frame(maxWidth: CGFloat(r * 5 + c + 1), maxHeight: 10)) })
                }
                let element = GridLayout.element(horizontalSpacing: 0, verticalSpacing: 0, rows: rows)
                return Prepared(run: {
                    let result = element.layout(in: ProposedViewSize(width: 1_000, height: nil))
                    return result.size == CGSize(width: 1_000, height: CGFloat(n / 5 * 10)) ? nil : "size \(result.size)"
                })
            },
        ]
    }
}

/// Deterministic Latin words of 2–11 letters (a linear congruential generator: the same text every run).
private struct SeededWords {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    mutating func word() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzeeaaiioo".unicodeScalars)
        var view = String.UnicodeScalarView()
        for _ in 0..<(2 + Int(next() % 10)) { view.append(letters[Int(next() % UInt64(letters.count))]) }
        return String(view)
    }
}
