// TextFit's side of `make bench-peers` (Benchmarks/Peers/run.py): one workload per process, the same
// corpora, font size and widths as the peer harnesses, and the same one-line JSON answer:
//   {"peer": "textfit", "workload", "items", "characters", "ns_per_item": [one per rep], "sums", "notes"}
// Every workload runs once untimed (pages the fonts in, builds HarfBuzz's shape plans, as the peers'
// warm-up passes do), then `reps` timed passes.
//
// Workloads (W = --width, W2 = --width2):
//   tags-line            Shaper.measure per tag: the single-line width (issue 2's path), caches cleared per rep;
//   tags-ideal           a Text leaf's ideal size per tag, from a cold start (empty TextFit caches);
//   tags-all             ideal + minimum (proposal 0) + wrapped at W per tag, from a cold start;
//   tags-cached          the same three questions about tags already measured (every answer cached);
//   paragraphs-first     a Text leaf per paragraph laid out at W, from a cold start;
//   paragraphs-relayout  a laid-out paragraph at a new width (alternating W2 and W), no text cache;
//   paragraphs-sizes     a paragraph at all twelve Dynamic Type sizes at W ÷ the same at one size
//                        (ns_per_item is per paragraph for twelve sizes; `sums.one_size_ns` is one size);
//   paragraphs-one-size  the one-size half alone (for counting its instructions: run.py subtracts them);
//   flow                 a FlowLayout of 10,000 fixed-size leaves (i: 20 + 37i mod 80 × 20 pt, spacing 6)
//                        laid out at 375 (first) and relaid out at a new width (alternating 320, 375);
//   flow-text            a FlowLayout of the 1,995 tags as Text leaves (body at 17 pt): relayout;
//   tag-cloud            demo/tag-cloud.json built and laid out at W, the text cache warm (a screen
//                        sweep's layout: every tree new, every text measured before);
//   tag-cloud-fits       the same, and every text's fit asked (`LayoutResult.texts`);
//   tag-cloud-json       the same as the service answers it: laid out, then `LayoutOutput` (fits
//                        included) written as JSON.
// Entry point: `runPeerWorkload(_:arguments:library:corpusDirectory:)`.
import Foundation
import LayoutCore
import Layouts
import TextFit

func runPeerWorkload(_ workload: String, width: Double, width2: Double, reps: Int, library: FontLibrary, corpusDirectory: String) {
    let peer = PeerBench(width: width, width2: width2, reps: max(reps, 1), library: library, corpusDirectory: corpusDirectory)
    let result: PeerBench.Result
    switch workload {
    case "tags-line": result = peer.tagsLine()
    case "tags-ideal": result = peer.tags(all: false, cached: false)
    case "tags-all": result = peer.tags(all: true, cached: false)
    case "tags-cached": result = peer.tags(all: true, cached: true)
    case "tags-paragraph": result = peer.tagsParagraph()
    case "tags-line-cached": result = peer.tagsLine(cached: true)
    case "memory": result = peer.memory()
    case "paragraphs-first": result = peer.paragraphsFirst()
    case "paragraphs-relayout": result = peer.paragraphsRelayout()
    case "paragraphs-sizes": result = peer.paragraphSizes()
    case "paragraphs-one-size": result = peer.paragraphSizes(twelve: false)
    case "flow": result = peer.flow()
    case "flow-text": result = peer.flowText()
    case "tag-cloud": result = peer.tagCloud(fits: false)
    case "tag-cloud-fits": result = peer.tagCloud(fits: true)
    case "tag-cloud-json": result = peer.tagCloud(fits: false, json: true)
    default:
        FileHandle.standardError.write(Data("TextFitBench: unknown peer workload \(workload)\n".utf8))
        exit(2)
    }
    print(result.json(workload: workload))
}

private struct PeerBench {
    let width: Double
    let width2: Double
    let reps: Int
    let library: FontLibrary
    let corpusDirectory: String
    static let points = 17.0

    struct Result {
        var items: Int
        var characters: Int
        var nsPerItem: [Double]
        var sums: [(String, Double)]
        var notes: String

        func json(workload: String) -> String {
            func number(_ value: Double) -> String { value.isFinite ? String(format: "%.6f", value) : "null" }
            func string(_ s: String) -> String {
                let data = try! JSONSerialization.data(withJSONObject: [s])
                return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
            }
            let samples = nsPerItem.map(number).joined(separator: ", ")
            let sumList = sums.map { "\(string($0.0)): \(number($0.1))" }.joined(separator: ", ")
            return "{\"peer\": \"textfit\", \"version\": \(string(textFitVersion)), \"workload\": \(string(workload)), "
                + "\"items\": \(items), \"characters\": \(characters), \"ns_per_item\": [\(samples)], "
                + "\"sums\": {\(sumList)}, \"notes\": \(string(notes))}"
        }
    }

    static var textFitVersion: String {
        #if DEBUG
        "TextFit (debug build)"
        #else
        "TextFit (release build)"
        #endif
    }
    var textFitVersion: String { Self.textFitVersion }

    func corpus(_ name: String) -> [String] {
        let path = corpusDirectory + "/" + name
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
        return contents.split(whereSeparator: \.isNewline).compactMap { line in
            guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { return nil }
            return String(line[line.index(after: tab)...])
        }
    }

    /// `body` once untimed, then `reps` times timed; each timed rep's nanoseconds ÷ `items`.
    func timed(items: Int, before: () -> Void = {}, _ body: (Int) -> Void) -> [Double] {
        before()
        body(-1)
        return (0..<reps).map { rep in
            before()
            let start = now()
            body(rep)
            return Double(now() - start) / Double(items)
        }
    }

    /// An environment measuring in `shaper` at 17 pt through `cache`.
    func environment(_ shaper: Shaper, _ cache: TextMeasurementCache) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.textShaper = shaper
        environment.textMeasurementCache = cache
        environment.font = .system(size: Self.points)
        return environment
    }

    func tagsLine(cached: Bool = false) -> Result {
        let tags = corpus("tags.tsv"), shaper = Shaper(library: library)
        let attributes = TextAttributes(size: .points(Self.points))
        var sum = 0.0
        let samples = timed(items: tags.count, before: { if !cached { shaper.clearCaches() } }) { _ in
            sum = 0
            for tag in tags { sum += (try? shaper.measure(tag, attributes: attributes).width) ?? .nan }
        }
        return Result(items: tags.count, characters: tags.reduce(0) { $0 + $1.unicodeScalars.count }, nsPerItem: samples,
                      sums: [("ideal_width", sum)],
                      notes: "Shaper.measure: single-line width, " + (cached ? "every line cached" : "TextFit caches cleared per rep"))
    }

    /// Per tag: a Paragraph (no Text leaf, no text cache): ideal, minimum and wrapped at W; cold shaper caches.
    func tagsParagraph() -> Result {
        let tags = corpus("tags.tsv"), shaper = Shaper(library: library)
        let attributes = TextAttributes(size: .points(Self.points))
        var sums = [0.0, 0.0, 0.0]
        let samples = timed(items: tags.count, before: { shaper.clearCaches() }) { _ in
            sums = [0, 0, 0]
            for tag in tags {
                guard let paragraph = try? Paragraph(StyledText(tag, attributes: attributes), shaper: shaper) else { fail("paragraph failed: \(tag)") }
                sums[0] += paragraph.layout(width: nil).size.width
                sums[1] += paragraph.layout(width: 0).size.width
                sums[2] += paragraph.layout(width: width).size.width
            }
        }
        return Result(items: tags.count, characters: tags.reduce(0) { $0 + $1.unicodeScalars.count }, nsPerItem: samples,
                      sums: [("ideal_width", sums[0]), ("min_width", sums[1]), ("wrapped_width", sums[2])],
                      notes: "Paragraph: ideal, minimum (width 0), wrapped at \(Int(width)) pt; shaper caches cleared per rep")
    }

    /// Per tag: the ideal size, and with `all` the minimum (proposal 0 × nil) and the size wrapped at W.
    /// Cold: a new text cache and cleared shaper caches before each rep; cached: the same cache throughout.
    func tags(all: Bool, cached: Bool) -> Result {
        let tags = corpus("tags.tsv").map { Text(verbatim: $0) }
        let shaper = Shaper(library: library)
        var cache = TextMeasurementCache(paragraphCapacity: 4_096)
        var environment = self.environment(shaper, cache)
        var sums = [0.0, 0.0, 0.0, 0.0, 0.0]
        let ideal = ProposedViewSize.unspecified, minimum = ProposedViewSize(width: 0, height: nil)
        let wrapped = ProposedViewSize(width: width, height: nil)
        let samples = timed(items: tags.count, before: {
            guard !cached else { return }
            shaper.clearCaches()
            cache = TextMeasurementCache(paragraphCapacity: 4_096)
            environment.textMeasurementCache = cache
        }) { _ in
            sums = [0, 0, 0, 0, 0]
            for tag in tags {
                let size = tag.sizeThatFits(ideal, environment: environment)
                sums[0] += size.width; sums[1] += size.height
                if all {
                    sums[2] += tag.sizeThatFits(minimum, environment: environment).width
                    let fitted = tag.sizeThatFits(wrapped, environment: environment)
                    sums[3] += fitted.width; sums[4] += fitted.height
                }
            }
        }
        var named = [("ideal_width", sums[0]), ("ideal_height", sums[1])]
        if all {
            named += [("min_width", sums[2]), ("wrapped_width", sums[3]), ("wrapped_height", sums[4])]
            // Untimed, for comparing with engines whose minimum is the widest unbreakable segment
            // (CSS min-content; Pango at width 1 with word wrapping) rather than SwiftUI's width-0 answer.
            let minContent = tags.reduce(0.0) { $0 + ((try? $1.paragraph(in: environment).minimumSize.width) ?? .nan) }
            named.append(("min_content_width", minContent))
        }
        let what = all ? "Text leaf: ideal, minimum (width 0) and wrapped at \(Int(width)) pt" : "Text leaf: ideal size"
        return Result(items: tags.count, characters: tags.reduce(0) { $0 + $1.string.unicodeScalars.count }, nsPerItem: samples,
                      sums: named, notes: what + (cached ? ", every answer cached" : ", TextFit caches emptied per rep"))
    }

    func paragraphsFirst() -> Result {
        let texts = corpus("paragraphs.tsv").map { Text(verbatim: $0) }
        let shaper = Shaper(library: library)
        var environment = self.environment(shaper, TextMeasurementCache())
        var height = 0.0, lines = 0.0
        let proposal = ProposedViewSize(width: width, height: nil)
        let samples = timed(items: texts.count, before: {
            shaper.clearCaches()
            environment.textMeasurementCache = TextMeasurementCache()
        }) { _ in
            height = 0; lines = 0
            for text in texts {
                guard let layout = text.paragraphLayout(in: proposal, environment: environment) else { fail("paragraph failed") }
                height += layout.size.height; lines += Double(layout.lineCount)
            }
        }
        return Result(items: texts.count, characters: texts.reduce(0) { $0 + $1.string.unicodeScalars.count }, nsPerItem: samples,
                      sums: [("height_at_W", height), ("lines_at_W", lines)],
                      notes: "Text leaf laid out at \(Int(width)) pt: analysis, bidi, shaping, line breaking; caches emptied per rep")
    }

    /// Paragraphs built once (untimed) and laid out at W; rep k lays every one out at W2 + k/4 (the
    /// untimed warm-up at W2 − 1/4), through `Paragraph.layout(width:)` directly: every width is new,
    /// so neither the paragraph's memo nor a text cache can answer.
    func paragraphsRelayout() -> Result {
        let shaper = Shaper(library: library)
        let attributes = TextAttributes(size: .points(Self.points))
        let paragraphs = corpus("paragraphs.tsv").map { text -> Paragraph in
            guard let paragraph = try? Paragraph(StyledText(text, attributes: attributes), shaper: shaper) else { fail("paragraph failed: \(text.prefix(40))") }
            return paragraph
        }
        let heightAtW = paragraphs.reduce(0) { $0 + $1.layout(width: width).size.height }
        var heightAtW2 = 0.0
        let samples = timed(items: paragraphs.count) { rep in
            let w = width2 + Double(rep) / 4
            var height = 0.0
            for paragraph in paragraphs { height += paragraph.layout(width: w).size.height }
            if rep == 0 { heightAtW2 = height }
        }
        return Result(items: paragraphs.count, characters: paragraphs.reduce(0) { $0 + $1.text.string.unicodeScalars.count }, nsPerItem: samples,
                      sums: [("height_at_W", heightAtW), ("height_at_W2", heightAtW2)],
                      notes: "Paragraph.layout at a new width (rep k: \(Int(width2)) + k/4 pt) of a built paragraph; no reshaping")
    }

    /// Twelve Dynamic Type sizes of each paragraph vs one, both from a cold start (a new shaper cache):
    /// the first size analyses and shapes; the other eleven are `resized(to:)` (a scale) plus line breaking.
    /// `twelve`: both halves (the answer is the twelve sizes'); otherwise the one-size half alone.
    func paragraphSizes(twelve includeTwelve: Bool = true) -> Result {
        let shaper = Shaper(library: library)
        let texts = corpus("paragraphs.tsv")
        let attributes = TextAttributes(size: .style(.body))
        var twelve = 0.0, one = 0.0
        var oneSamples: [Double] = []
        let samples = timed(items: texts.count, before: { shaper.clearCaches() }) { rep in
            twelve = 0
            for text in texts where includeTwelve {
                guard let paragraph = try? Paragraph(StyledText(text, attributes: attributes), shaper: shaper) else { fail("paragraph failed") }
                for size in DynamicTypeSize.allCases {
                    guard let resized = try? paragraph.resized(to: size) else { fail("resize failed") }
                    twelve += resized.layout(width: width).size.height
                }
            }
            // The same texts at one size, after clearing again (timed separately).
            shaper.clearCaches()
            let start = now()
            one = 0
            for text in texts {
                guard let paragraph = try? Paragraph(StyledText(text, attributes: attributes), shaper: shaper) else { fail("paragraph failed") }
                one += paragraph.layout(width: width).size.height
            }
            if rep >= 0 { oneSamples.append(Double(now() - start) / Double(texts.count)) }
        }
        // `samples` holds twelve sizes + one size (the second pass is inside the timed body): take it out.
        let twelveOnly = includeTwelve ? zip(samples, oneSamples).map { $0 - $1 } : oneSamples
        return Result(items: texts.count, characters: texts.reduce(0) { $0 + $1.unicodeScalars.count }, nsPerItem: twelveOnly,
                      sums: [("height_12_sizes", twelve), ("height_1_size", one), ("one_size_ns", median(oneSamples))],
                      notes: includeTwelve ? "body style, all 12 Dynamic Type sizes at \(Int(width)) pt vs the large size alone, both from cold shaper caches"
                        : "body style, the large size alone at \(Int(width)) pt, from cold shaper caches")
    }

    /// Peak resident memory while measuring 1,000,000 distinct strings (a tag + " " + a counter) as
    /// Text leaves (ideal size) with the default cache bounds; `ns_per_item` is one sample, the whole run.
    func memory() -> Result {
        let tags = corpus("tags.tsv"), shaper = Shaper(library: library)
        let cache = TextMeasurementCache()
        let environment = self.environment(shaper, cache)
        let total = Int(ProcessInfo.processInfo.environment["TEXTFIT_MEMORY_COUNT"] ?? "") ?? 1_000_000
        var sums: [(String, Double)] = [("rss_before_mb", Self.residentMegabytes().current)]
        var width = 0.0
        // TEXTFIT_MEMORY_PATH=line|paragraph: the same strings through Shaper.measure or a bare Paragraph.
        let path = ProcessInfo.processInfo.environment["TEXTFIT_MEMORY_PATH"]
        let start = now()
        for i in 0..<total {
            let string = tags[i % tags.count] + " \(i)"
            switch path {
            case "line": width += (try? shaper.measure(string, attributes: TextAttributes(size: .points(17))).width) ?? 0
            case "paragraph": width += (try? Paragraph(StyledText(string, attributes: TextAttributes(size: .points(17))), shaper: shaper).idealSize.width) ?? 0
            default: width += Text(verbatim: string).sizeThatFits(.unspecified, environment: environment).width
            }
            if i + 1 == 100_000 || i + 1 == 500_000 {
                sums.append(("rss_after_\((i + 1) / 1000)k_mb", Self.residentMegabytes().current))
            }
        }
        let elapsed = Double(now() - start)
        let rss = Self.residentMegabytes()
        sums += [("rss_after_1000k_mb", rss.current), ("peak_rss_mb", rss.peak), ("ideal_width", width),
                 ("text_cache_paragraphs", Double(cache.count)), ("text_cache_capacity", Double(cache.paragraphCapacity))]
        return Result(items: total, characters: 0, nsPerItem: [elapsed / Double(total)], sums: sums,
                      notes: "1,000,000 distinct strings through Text.sizeThatFits; bounds: text cache \(cache.paragraphCapacity) paragraphs × \(cache.layoutsPerParagraph) layouts, shaper 8,192 lines + 32,768 runs, each cache at most 32 MiB")
    }

    /// (VmRSS, VmHWM) of this process in MB, from /proc/self/status.
    static func residentMegabytes() -> (current: Double, peak: Double) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return .nan }
            return Double(line.split(separator: " ").dropFirst().first { Double($0) != nil }.flatMap { Double($0) } ?? .nan) / 1024
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    static func leafWidth(_ i: Int) -> CGFloat { CGFloat(20 + (i &* 37) % 80) }

    func flow() -> Result {
        let tree = LayoutTree(FlowLayout(spacing: 6, lineSpacing: 6) {
            for i in 0..<10_000 { Box(width: Self.leafWidth(i), height: 20) }
        })
        return relayouts(of: tree, notes: "FlowLayout(spacing 6, lineSpacing 6) of 10,000 boxes; relayout of a built LayoutTree at a new width")
    }

    func flowText() -> Result {
        let tags = corpus("tags.tsv")
        let environment = self.environment(Shaper(library: library), TextMeasurementCache(paragraphCapacity: 4_096))
        let tree = LayoutTree(FlowLayout(spacing: 6, lineSpacing: 6) {
            for tag in tags { Text(verbatim: tag) }
        }, environment: environment)
        return relayouts(of: tree, notes: "FlowLayout of the \(tags.count) tags as Text leaves (17 pt), first-baseline rows; relayout at a new width")
    }

    func tagCloud(fits: Bool, json: Bool = false) -> Result {
        let file = URL(fileURLWithPath: corpusDirectory).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("demo/tag-cloud.json")
        guard let data = try? Data(contentsOf: file), let view = try? LayoutFile.element(from: data) else { fail("cannot read \(file.path)") }
        let environment = self.environment(Shaper(library: library), TextMeasurementCache())
        var height = 0.0, texts = 0, findings = 0, bytes = 0
        let samples = timed(items: 1) { _ in
            let result = LayoutTree(view, environment: environment).layout(in: ProposedViewSize(width: width, height: nil))
            height = result.size.height
            if json { bytes = (try? LayoutOutput(.dynamicType(.large), result).jsonData().count) ?? 0 }
            if fits {
                let placed = result.texts
                texts = placed.count
                findings = placed.count { $0.hasFindings }
            }
        }
        return Result(items: 1, characters: 0, nsPerItem: samples,
                      sums: [("height", height), ("texts", Double(texts)), ("findings", Double(findings)), ("json_bytes", Double(bytes))],
                      notes: "demo/tag-cloud.json built and laid out at \(width) pt, text cache warm" + (fits ? "; every text's fit asked" : "") + (json ? "; written as the service's JSON" : ""))
    }

    /// `tree` laid out at 375 pt, then timed relayouts alternating 320 and 375 pt (each a new width).
    private func relayouts(of tree: LayoutTree, notes: String) -> Result {
        var heights = [tree.layout(in: ProposedViewSize(width: 375, height: nil)).size.height, 0.0]
        let samples = timed(items: 1) { rep in
            let w = rep % 2 == 0 ? 320.0 : 375.0
            heights[rep % 2 == 0 ? 1 : 0] = tree.layout(in: ProposedViewSize(width: w, height: nil)).size.height
        }
        return Result(items: 1, characters: 0, nsPerItem: samples,
                      sums: [("flow_height_at_375", heights[0]), ("flow_height_at_320", heights[1])], notes: notes)
    }
}
