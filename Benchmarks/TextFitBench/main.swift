// `make bench`: TextFit's single-line measurement against the raw-HarfBuzz floor, on the tag corpus
// (Benchmarks/Corpus/tags.tsv). Single-threaded; interleaved rounds; medians. Then the paragraph
// benchmarks (ParagraphBench.swift), the layout benchmarks (LayoutBench.swift), the stress sweep
// (StressBench.swift), the service (ServiceBench.swift) and the growth of once-quadratic workloads
// with their size (ScalingBench.swift).
//
// Passes, one of each per round, in this order:
//   floor        HarfBuzzFloor: add UTF-8 to a reused buffer, guess properties, shape, sum advances
//                (font chosen per string by script beforehand, outside timing);
//   cold         Shaper.clearCaches(), then shaper.measure(text, 17 pt).width for every string;
//   warm         the same pass again (every line a cache hit);
//   size change  the same strings at body @ accessibility3 (a new size: still no reshape).
// The FontLibrary (bundled fonts only) and the Shaper are made once, before any timing. Clearing the
// Shaper's caches does not clear HarfBuzz's own (shape plans, cmap caches): both sides run with
// HarfBuzz warm, so "cold" means "TextFit has not seen the string".
import Foundation
import HarfBuzzFloor
import TextFit

#if canImport(Glibc)
import Glibc
#endif

// MARK: - Settings

let rounds = 11
/// A pass over the corpus takes 0.5–20 ms; each timed sample repeats its pass so that it spans at
/// least this long (cold passes clear the caches before every repeat, untimed).
let minimumSampleNanoseconds: UInt64 = 40_000_000
let basePoints = 17.0
let baseAttributes = TextAttributes(size: .points(basePoints))
let sizeChangeAttributes = TextAttributes(size: .style(.body), dynamicTypeSize: .accessibility3)
/// A string's TextFit width and floor width agree when they differ by at most this (points).
let stringTolerance = 0.01
/// The sums agree when they differ by at most this fraction.
let sumTolerance = 0.005
let coldTarget = 0.7, warmTarget = 20.0

// MARK: - Helpers

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("TextFitBench: \(message)\n".utf8))
    exit(1)
}

func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func format(_ value: Double, decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

/// 1234567 → "1,234,567".
func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var result = ""
    for (i, c) in digits.reversed().enumerated() {
        if i > 0, i % 3 == 0 { result.append(",") }
        result.append(c)
    }
    return String(result.reversed())
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let count = s.count
    guard count < width else { return s }
    let fill = String(repeating: " ", count: width - count)
    return right ? fill + s : s + fill
}

/// A string for one line of output: quoted, control characters escaped.
func quoted(_ s: String) -> String { "\"" + s.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined() + "\"" }

// MARK: - Machine facts

func machine() -> String {
    var names = utsname()
    uname(&names)
    let arch = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let cpus = ProcessInfo.processInfo.activeProcessorCount
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?" } ?? "unknown CPU"
    return "\(arch), \(cpus) CPU\(cpus == 1 ? "" : "s") (nproc), \(model)"
}

/// `swift --version`'s first line (about 0.1 s), or the compiler's language mode when that fails.
func swiftVersion() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    if (try? process.run()) != nil {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 0, let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first {
            return line.trimmingCharacters(in: .whitespaces)
        }
    }
    #if compiler(>=6.3)
    return "Swift compiler ≥ 6.3"
    #else
    return "Swift compiler < 6.3"
    #endif
}

// MARK: - Corpus

struct Entry {
    let locale: String
    let text: String
}

// Arguments: [--corpus PATH] [--differences] [--profile floor|cold|warm SECONDS] [--only lines|paragraphs|layouts|stress|sweep|sweep-screens|service|json|scaling]
// --differences lists every string whose widths differ; --profile runs one kind of pass for about
// SECONDS and prints nothing else (for perf / valgrind).
var corpusArgument: String? = nil
var listAllDifferences = false
var profileMode: (kind: String, seconds: Double)? = nil
var onlyGroup: String? = nil
var peerWorkload: String? = nil
var peerWidth = 100.0, peerWidth2 = 320.0, peerReps = 5
do {
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--corpus": corpusArgument = arguments.popFirst()
        case "--differences": listAllDifferences = true
        case "--only":
            // One group alone, in a fresh process: lines, paragraphs, layouts, stress, service or scaling.
            guard let group = arguments.popFirst(), ["lines", "paragraphs", "layouts", "stress", "sweep", "sweep-screens", "service", "json", "scaling"].contains(group) else {
                fail("usage: --only lines|paragraphs|layouts|stress|sweep|sweep-screens|service|json|scaling")
            }
            onlyGroup = group
        case "--peer":
            // One workload of `make bench-peers` (PeerBench.swift), answered as one JSON line.
            guard let workload = arguments.popFirst() else { fail("usage: --peer WORKLOAD [--width W] [--width2 W2] [--reps N]") }
            peerWorkload = workload
        case "--width", "--width2", "--reps":
            guard let value = arguments.popFirst().flatMap(Double.init), value.isFinite, value > 0 else { fail("\(argument) needs a positive number") }
            if argument == "--width" { peerWidth = value } else if argument == "--width2" { peerWidth2 = value } else { peerReps = Int(value) }
        case "--profile":
            guard let kind = arguments.popFirst(), ["floor", "cold", "warm"].contains(kind),
                  let seconds = arguments.popFirst().flatMap(Double.init) else { fail("usage: --profile floor|cold|warm SECONDS") }
            profileMode = (kind, seconds)
        default: fail("unknown argument \(argument); usage: TextFitBench [--corpus PATH] [--differences] [--profile floor|cold|warm SECONDS] [--only lines|paragraphs|layouts|stress|sweep|sweep-screens|service|json|scaling] [--peer WORKLOAD [--width W] [--width2 W2] [--reps N]]")
        }
    }
}
if peerWorkload == "service-batches" {
    // Its corpus is a file of lines (run.py writes it), not a tags.tsv.
    guard let corpusArgument else { fail("--peer service-batches needs --corpus FILE (one text a line)") }
    runServiceBatchesPeer(corpus: corpusArgument, reps: peerReps)
    exit(0)
}
let corpusPath = corpusArgument
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/tags.tsv").path
guard let corpusText = try? String(contentsOfFile: corpusPath, encoding: .utf8) else { fail("cannot read \(corpusPath)") }
let corpus: [Entry] = corpusText.split(whereSeparator: \.isNewline).compactMap { line in
    guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { return nil }
    return Entry(locale: String(line[..<tab]), text: String(line[line.index(after: tab)...]))
}
guard !corpus.isEmpty else { fail("no strings in \(corpusPath)") }
let texts = corpus.map(\.text)
let count = texts.count
let localeCount = Set(corpus.map(\.locale)).count
let distinctCount = Set(texts.map { Array($0.utf8) }).count

// MARK: - Setup (untimed)

let library: FontLibrary
do { library = try FontLibrary(.bundledOnly) } catch { fail("FontLibrary: \(error)") }
let shaper = Shaper(library: library)
if let peerWorkload {
    runPeerWorkload(peerWorkload, width: peerWidth, width2: peerWidth2, reps: peerReps, library: library,
                    corpusDirectory: (corpusPath as NSString).deletingLastPathComponent)
    exit(0)
}
if let onlyGroup, onlyGroup != "lines" {
    if onlyGroup == "paragraphs" {
        runParagraphBenchmarks(library: library, corpusDirectory: (corpusPath as NSString).deletingLastPathComponent)
    } else if onlyGroup == "stress" {
        runStressBenchmark(library: library, corpusDirectory: (corpusPath as NSString).deletingLastPathComponent)
    } else if onlyGroup == "sweep" || onlyGroup == "sweep-screens" {
        runSweepBenchmark(corpusDirectory: (corpusPath as NSString).deletingLastPathComponent, screens: onlyGroup == "sweep" ? 1 : 10)
    } else if onlyGroup == "service" {
        runServiceBenchmark(corpusDirectory: (corpusPath as NSString).deletingLastPathComponent)
    } else if onlyGroup == "json" {
        runJSONWriterBenchmark(corpusDirectory: (corpusPath as NSString).deletingLastPathComponent)
    } else if onlyGroup == "scaling" {
        runScalingBenchmarks(library: library)
    } else {
        runLayoutBenchmarks()
    }
    exit(0)
}
guard let floor = hbfloor_create(library.fontDirectory) else { fail("the floor could not load fonts from \(library.fontDirectory)") }
defer { hbfloor_destroy(floor) }

// Every string's UTF-8 in one buffer, NUL-free, with offsets: the floor loop does no Swift string work.
let (utf8Bytes, offsets, lengths) = {
    var bytes: [CChar] = [], offsets: [Int] = [], lengths: [Int32] = []
    for text in texts {
        offsets.append(bytes.count)
        lengths.append(Int32(text.utf8.count))
        bytes.append(contentsOf: text.utf8.map { CChar(bitPattern: $0) })
    }
    return (bytes, offsets, lengths)
}()
let picks: [Int32] = utf8Bytes.withUnsafeBufferPointer { base in
    (0..<count).map { hbfloor_pick(floor, base.baseAddress! + offsets[$0], lengths[$0]) }
}

// MARK: - Passes

/// One floor pass; returns (nanoseconds, checksum of advances).
@MainActor func floorPass() -> (UInt64, Int) {
    let floor = floor, picks = picks, offsets = offsets, lengths = lengths, count = count
    return utf8Bytes.withUnsafeBufferPointer { base in
        let start = now()
        var total = 0
        for i in 0..<count {
            total &+= hbfloor_measure(floor, picks[i], base.baseAddress! + offsets[i], lengths[i])
        }
        return (now() - start, total)
    }
}

/// One TextFit pass at `attributes`; returns (nanoseconds, Σ width).
@MainActor func textFitPass(_ attributes: TextAttributes) -> (UInt64, Double) {
    let shaper = shaper, texts = texts
    var total = 0.0
    let start = now()
    do {
        for text in texts { total += try shaper.measure(text, attributes: attributes).width }
    } catch {
        fail("measure: \(error)")
    }
    return (now() - start, total)
}

@MainActor func coldPass() -> (UInt64, Double) {
    shaper.clearCaches()
    return textFitPass(baseAttributes)
}

/// `repeats` passes; returns (mean nanoseconds per pass, the last pass's result).
@MainActor func sample<R>(_ repeats: Int, _ pass: () -> (UInt64, R)) -> (Double, R) {
    var total: UInt64 = 0
    var last = pass()
    total += last.0
    for _ in 1..<max(repeats, 1) {
        last = pass()
        total += last.0
    }
    return (Double(total) / Double(max(repeats, 1)), last.1)
}

// Warm-up (untimed): page the fonts in, build HarfBuzz's shape plans on both sides; the timings
// also size the samples.
let floorProbe = floorPass().0
let coldProbe = coldPass().0
let warmProbe = textFitPass(baseAttributes).0
func repeatsFor(_ probe: UInt64) -> Int { max(1, min(1_000, Int(minimumSampleNanoseconds / max(probe, 1)) + 1)) }
let floorRepeats = repeatsFor(floorProbe), coldRepeats = repeatsFor(coldProbe), warmRepeats = repeatsFor(warmProbe)

if let (kind, seconds) = profileMode {
    let deadline = now() + UInt64(seconds * 1e9)
    var passes = 0
    while now() < deadline {
        switch kind {
        case "floor": _ = floorPass()
        case "cold": _ = coldPass()
        default: _ = textFitPass(baseAttributes)
        }
        passes += 1
    }
    print("profile \(kind): \(passes) passes of \(count) strings")
    exit(0)
}

var floorTimes: [Double] = [], coldTimes: [Double] = [], warmTimes: [Double] = [], sizeTimes: [Double] = []
var floorChecksum = 0, coldSum = 0.0, warmSum = 0.0, sizeSum = 0.0
typealias CacheStats = (lines: (hits: Int, misses: Int, count: Int), runs: (hits: Int, misses: Int, count: Int))
var afterCold: CacheStats? = nil, afterWarm: CacheStats? = nil, afterSize: CacheStats? = nil
let benchStart = now()
for _ in 0..<rounds {
    let (f, checksum) = sample(floorRepeats, floorPass)
    floorTimes.append(f); floorChecksum = checksum
    let (c, cs) = sample(coldRepeats, coldPass)
    coldTimes.append(c); coldSum = cs
    afterCold = shaper.cacheStatistics
    let (w, ws) = sample(warmRepeats) { textFitPass(baseAttributes) }
    warmTimes.append(w); warmSum = ws
    afterWarm = shaper.cacheStatistics
    let (s, ss) = sample(warmRepeats) { textFitPass(sizeChangeAttributes) }
    sizeTimes.append(s); sizeSum = ss
    afterSize = shaper.cacheStatistics
}
let benchSeconds = Double(now() - benchStart) / 1e9

// MARK: - Sanity (untimed): TextFit's widths against the floor's advances, string by string

struct Difference {
    let entry: Entry
    let textFit: Double
    let floor: Double
    let faces: String
    let floorFont: String
}
var textFitTotal = 0.0, floorTotal = 0.0
var differences: [Difference] = []
utf8Bytes.withUnsafeBufferPointer { base in
    for i in 0..<count {
        let advance = hbfloor_measure(floor, picks[i], base.baseAddress! + offsets[i], lengths[i])
        let floorWidth = Double(advance) * basePoints / Double(hbfloor_upem(floor, picks[i]))
        guard let measured = try? shaper.measure(texts[i], attributes: baseAttributes) else { fail("measure failed: \(texts[i])") }
        textFitTotal += measured.width
        floorTotal += floorWidth
        if abs(measured.width - floorWidth) > stringTolerance {
            var faces: [String] = []
            for run in measured.runs where !faces.contains(run.face.family) { faces.append(run.face.family) }
            differences.append(Difference(entry: corpus[i], textFit: measured.width, floor: floorWidth,
                                          faces: faces.joined(separator: " + "),
                                          floorFont: String(cString: hbfloor_font_file(floor, picks[i]))))
        }
    }
}
let sizeRatio = sizeChangeAttributes.pointSize / basePoints

// MARK: - Report

let floorNs = median(floorTimes) / Double(count)
let coldNs = median(coldTimes) / Double(count)
let warmNs = median(warmTimes) / Double(count)
let sizeNs = median(sizeTimes) / Double(count)
func perSecond(_ ns: Double) -> Double { 1e9 / ns }
let coldRatio = floorNs / coldNs, warmRatio = floorNs / warmNs

#if DEBUG
let buildKind = "DEBUG build: figures are not meaningful, use -c release"
#else
let buildKind = "release build"
#endif

print("TextFit benchmark: single-line measurement vs the raw-HarfBuzz floor")
print("  corpus   \(count) strings (\(distinctCount) distinct: a cold pass hits the line cache for the rest), \(localeCount) locales")
let cwd = FileManager.default.currentDirectoryPath + "/"
print("           \(corpusPath.hasPrefix(cwd) ? String(corpusPath.dropFirst(cwd.count)) : corpusPath)")
print("  machine  \(machine())")
print("  software \(swiftVersion()); HarfBuzz \(String(cString: hbfloor_harfbuzz_version())); \(buildKind)")
print("  fonts    \(library.fontDirectory) (bundled only); floor preloads \(hbfloor_font_count(floor)) fonts")
print("  method   \(rounds) interleaved rounds (floor, cold, warm, size change), single thread, medians;")
print("           a sample repeats its pass (floor \(floorRepeats)×, cold \(coldRepeats)×, warm and size change \(warmRepeats)×)")
print("           to last ≥ \(minimumSampleNanoseconds / 1_000_000) ms; \(format(benchSeconds, decimals: 1)) s timed in all")
print("")
let header = pad("pass", 38) + pad("µs/string", 11, right: true) + pad("strings/s", 13, right: true)
    + pad("× floor", 10, right: true) + pad("range µs/string", 19, right: true)
print(header)
print(String(repeating: "-", count: header.count))
func row(_ name: String, _ times: [Double], _ ns: Double) {
    let lo = times.min()! / Double(count) / 1000, hi = times.max()! / Double(count) / 1000
    print(pad(name, 38) + pad(format(ns / 1000, decimals: 3), 11, right: true) + pad(grouped(perSecond(ns)), 13, right: true)
          + pad(format(floorNs / ns, decimals: 2) + "×", 10, right: true)
          + pad(format(lo, decimals: 3) + "–" + format(hi, decimals: 3), 19, right: true))
}
row("HarfBuzz floor (shape + Σ advance)", floorTimes, floorNs)
row("TextFit cold (17 pt, caches cleared)", coldTimes, coldNs)
row("TextFit warm (17 pt, cache hits)", warmTimes, warmNs)
row("TextFit size change (body @ ax3, \(format(sizeChangeAttributes.pointSize, decimals: 0)) pt)", sizeTimes, sizeNs)
print("")
print("targets (throughput ÷ floor throughput)")
func target(_ name: String, _ value: Double, _ goal: Double) {
    print("  " + pad(name, 16) + pad(format(value, decimals: 2) + "×", 9, right: true)
          + "   target ≥ " + pad(format(goal, decimals: goal < 1 ? 1 : 0) + "×", 5) + "  " + (value >= goal ? "PASS" : "MISS"))
}
target("cold ÷ floor", coldRatio, coldTarget)
target("warm ÷ floor", warmRatio, warmTarget)
print("")
if let c = afterCold, let w = afterWarm, let s = afterSize {
    print("caches (last round; counters reset by clearCaches)")
    print("  after cold pass:         lines \(c.lines.hits) hits / \(c.lines.misses) misses, runs \(c.runs.hits) hits / \(c.runs.misses) misses")
    print("  warm pass added:         lines \(w.lines.hits - c.lines.hits) hits / \(w.lines.misses - c.lines.misses) misses, runs \(w.runs.hits - c.runs.hits) hits / \(w.runs.misses - c.runs.misses) misses (\(warmRepeats) passes)")
    print("  size-change pass added:  lines \(s.lines.hits - w.lines.hits) hits / \(s.lines.misses - w.lines.misses) misses, runs \(s.runs.hits - w.runs.hits) hits / \(s.runs.misses - w.runs.misses) misses"
          + (s.lines.misses == w.lines.misses && s.runs.misses == w.runs.misses ? " → a new size reshapes nothing" : " → RESHAPED"))
}
print("")
let sumDelta = textFitTotal - floorTotal
let sumOK = abs(sumDelta) <= sumTolerance * max(abs(floorTotal), 1)
print("sanity (17 pt; floor width = advance × 17 ÷ upem of the floor's font)")
print("  Σ TextFit width  \(format(textFitTotal, decimals: 2)) pt")
print("  Σ floor width    \(format(floorTotal, decimals: 2)) pt")
print("  difference       \(format(sumDelta, decimals: 2)) pt (\(format(100 * sumDelta / floorTotal, decimals: 3)) %), tolerance \(format(100 * sumTolerance, decimals: 1)) %: \(sumOK ? "OK" : "CHECK")")
let sizeScaled = abs(sizeSum - coldSum * sizeRatio) <= 1e-6 * sizeSum && abs(warmSum - coldSum) <= 1e-9 * warmSum
print("  passes agree     cold = warm, size change = cold × \(format(sizeRatio, decimals: 4)): \(sizeScaled ? "yes" : "NO") (floor checksum \(floorChecksum) units)")
var byLocale: [String: Int] = [:]
for d in differences { byLocale[d.entry.locale, default: 0] += 1 }
let localeList = byLocale.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
print("  strings differing by > \(stringTolerance) pt: \(differences.count) of \(count)" + (differences.isEmpty ? "" : " (\(localeList))"))
// Three examples from different locales when possible.
var examples: [Difference] = listAllDifferences ? differences : []
for d in differences where !listAllDifferences && examples.count < 3 && !examples.contains(where: { $0.entry.locale == d.entry.locale }) { examples.append(d) }
for d in differences where !listAllDifferences && examples.count < 3 && !examples.contains(where: { $0.entry.text == d.entry.text }) { examples.append(d) }
for d in examples {
    print("    \(pad(d.entry.locale, 8)) \(quoted(d.entry.text))")
    print("             TextFit \(format(d.textFit, decimals: 3)) pt [\(d.faces)]  floor \(format(d.floor, decimals: 3)) pt [\(d.floorFont)]")
}
if !differences.isEmpty {
    print("  (expected, not a failure: where the script font lacks a character, e.g. \"(\", \"&\", \"-\" or Latin")
    print("   \"SAR\", the floor shapes .notdef in that font while TextFit falls back to another font)")
}

// MARK: - Paragraphs and layouts

if profileMode == nil && onlyGroup == nil {
    runParagraphBenchmarks(library: library, corpusDirectory: (corpusPath as NSString).deletingLastPathComponent)
    print("")
    runLayoutBenchmarks()
    runStressBenchmark(library: library, corpusDirectory: (corpusPath as NSString).deletingLastPathComponent)
    runServiceBenchmark(corpusDirectory: (corpusPath as NSString).deletingLastPathComponent)
    runScalingBenchmarks(library: library)
}
