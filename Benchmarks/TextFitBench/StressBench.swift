// Stress-test benchmark (issue 6): a 1,000-key × 20-locale catalog × 12 Dynamic Type sizes
// (240,000 checks), built from the tag corpus's territory names (two names per key, so strings run
// from a word to a phrase), checked against a 240 pt × 2-line container in the body style (a label in a
// phone-width list row), then the
// HTML report written (an SVG for each failing key × locale × variant, at its first failing size).
// Prints checks per second and the wall time on all cores, the reports' share of it by file. Target:
// under 10 s with the report. With STRESS_BENCH_OUT=DIR the reports stay in DIR (to compare a change's
// output byte for byte with `cmp`); otherwise they go to a temporary folder, removed after.
//
// Entry point: `runStressBenchmark(library:corpusDirectory:)`, called from main.swift.
import Foundation
import TextFit

func runStressBenchmark(library: FontLibrary, corpusDirectory: String) {
    guard let contents = try? String(contentsOfFile: corpusDirectory + "/tags.tsv", encoding: .utf8) else {
        print("stress benchmark: cannot read \(corpusDirectory)/tags.tsv")
        return
    }
    var byLocale: [String: [String]] = [:]
    for line in contents.split(separator: "\n") where !line.hasPrefix("#") {
        let columns = line.split(separator: "\t", maxSplits: 1)
        if columns.count == 2 { byLocale[String(columns[0]), default: []].append(String(columns[1])) }
    }
    let locales = byLocale.keys.sorted().prefix(20)
    var entries: [CatalogEntry] = []
    for key in 0..<1_000 {
        for locale in locales {
            let names = byLocale[locale]!
            let text = names[key % names.count] + " " + names[(key * 7 + 3) % names.count]
            entries.append(CatalogEntry(key: "key.\(key)", locale: locale, text: text, origin: SourceLocation(file: "benchmark")))
        }
    }
    let container = StressContainer(width: 240, maxLines: 2, size: .style(.body))
    let sweep = StressSweep(shaper: Shaper(library: library))
    let keep = ProcessInfo.processInfo.environment["STRESS_BENCH_OUT"]
    let directory = keep.map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("textfit-stress-bench-\(getpid())")
    let clock = ContinuousClock()
    var verdictCount = 0, failures = 0, pictures = 0
    var checkTime = Duration.zero, htmlTime = Duration.zero, jsonTime = Duration.zero, junitTime = Duration.zero
    let sweepTime = clock.measure {
        var verdicts: [StressVerdict] = []
        checkTime = clock.measure { verdicts = sweep.run(entries, container: { _ in container }) }
        verdictCount = verdicts.count
        let report = StressReport(verdicts: verdicts)
        failures = report.summary.failures
        // Pictures only at each failing case's first failing size (the report's rows link to them).
        let maxPictures = 20_000  // `textfit stress`'s default
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        htmlTime = clock.measure {
            let html = sweep.html(of: report, entries: entries, containers: Array(repeating: container, count: entries.count),
                                  maxPictures: maxPictures)
            try? Data(html.utf8).write(to: directory.appendingPathComponent("index.html"))
        }
        pictures = min(report.summary.firstFailures.count, maxPictures)  // one picture a failing case, up to the limit
        jsonTime = clock.measure { try? report.json().write(to: directory.appendingPathComponent("report.json")) }
        junitTime = clock.measure { try? Data(report.junit().utf8).write(to: directory.appendingPathComponent("junit.xml")) }
    }
    if keep == nil { try? FileManager.default.removeItem(at: directory) }
    func inSeconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
    let seconds = inSeconds(sweepTime)
    print("\nStress benchmark: \(entries.count / locales.count) keys × \(locales.count) locales × 12 sizes = \(verdictCount) checks "
          + "(\(ProcessInfo.processInfo.activeProcessorCount) cores, release build)")
    print(String(format: "  wall time %.2f s with the JSON, JUnit and HTML reports (%d failing checks, %d pictures); %.0f checks/s",
                 seconds, failures, pictures, Double(verdictCount) / seconds))
    let checks = inSeconds(checkTime)
    print(String(format: "  of which the checks %.2f s, the reports %.2f s (HTML %.2f s, JSON %.2f s, JUnit %.2f s)", checks,
                 seconds - checks, inSeconds(htmlTime), inSeconds(jsonTime), inSeconds(junitTime)))
    print("  target: under 10 s: \(seconds < 10 ? "met" : "MISSED")")
}
