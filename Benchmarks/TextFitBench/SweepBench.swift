// Screen-sweep benchmarks (issue 49): `LocalizationSweep` over synthetic screens of 150 elements
// with 40 texts each (a title, then 13 list rows of an icon, a two-line headline, an unlimited
// subtitle and a one-line value, each row above a divider, and a button-sized capsule at the
// bottom, in a scroll view), whose 40 keys have
// strings in 40 locales: the tag corpus's 35 (Benchmarks/Corpus/tags.tsv: key i shows one
// territory name, odd keys two) and the five pseudo-locales made from the English ones. Written
// as a String Catalog to a temporary folder and read by the sweep, as an app's would be.
//
//   sweep          1 screen  × 40 locales × 12 sizes × 3 iPhones =  1,440 layouts, findings only
//                  (`run(forEach:)`, counted). Targets: under 1 s on the machine's cores; at least
//                  1,500 layouts/s on one core (run it under `taskset -c 0`: the sweep's threads
//                  are the process's processors).
//   sweep-screens  10 screens (the same keys in ten arrangements) = 14,400 layouts, and the HTML
//                  report with a picture of every finding group in every locale it fails in, drawn
//                  while sweeping (`run(writingHTMLTo:)`). Target: under 10 s. Run once.
// Each prints its first run in the process (fonts loaded, nothing shaped: what CI sees; `sweep`
// also the median of three more), the text cache's counters (paragraphs shaped vs resized from another size:
// each string is shaped once per locale), and the process's peak resident memory, which must not
// grow from 1,440 to 14,400 layouts (the sweep keeps a window of layouts and the groups, never
// every finding).
//
// Entry point: `runSweepBenchmark(corpusDirectory:screens:)`, called from main.swift.
import Foundation
import TextFit
import LayoutCore

#if canImport(Glibc)
import Glibc
#endif

/// One synthetic screen: arrangement `variant` (0..<10) of the 40 keys.
private struct BenchScreen: View {
    let variant: Int

    /// The key of text `index` (a plain string: an interpolated literal would be a format key, `k%lld`).
    func key(_ index: Int) -> LocalizedStringKey { LocalizedStringKey("k" + String((index + variant * 7) % 40)) }

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: CGFloat(6 + variant % 3 * 2)) {
                Text(key(0)).font(.largeTitle).bold().lineLimit(1)
                ForEach(0..<13, id: \.self) { row in
                    HStack(spacing: 12) {
                        Rectangle().frame(width: CGFloat(36 + variant * 4), height: 36)
                        VStack(alignment: .leading, spacing: 2) {
                            Text(key(1 + row * 3)).font(.headline).lineLimit(2)
                            Text(key(2 + row * 3)).font(variant % 2 == 0 ? .subheadline : .footnote)
                        }
                        Spacer(minLength: 8)
                        Text(key(3 + row * 3)).font(.caption).foregroundStyle(.secondary).lineLimit(1).frame(maxWidth: 120, alignment: .trailing)
                    }
                    .padding(.vertical, 4)
                    Divider()
                }
                Capsule().frame(height: 44)
            }
            .padding(16)
        }
    }
}

/// The catalog: 40 keys in the corpus's 35 locales, English the source.
private func writeCatalog(corpusDirectory: String, into folder: URL) -> String? {
    guard let contents = try? String(contentsOfFile: corpusDirectory + "/tags.tsv", encoding: .utf8) else { return nil }
    var byLocale: [String: [String]] = [:]
    for line in contents.split(separator: "\n") where !line.hasPrefix("#") {
        let columns = line.split(separator: "\t", maxSplits: 1)
        if columns.count == 2 { byLocale[String(columns[0]).replacingOccurrences(of: "_", with: "-"), default: []].append(String(columns[1])) }
    }
    var strings: [String: Any] = [:]
    for key in 0..<40 {
        var localizations: [String: Any] = [:]
        for (locale, names) in byLocale {
            let text = key % 2 == 1 ? names[key % names.count] + " " + names[(key * 7 + 3) % names.count] : names[key % names.count]
            localizations[locale] = ["stringUnit": ["state": "translated", "value": text]]
        }
        strings["k\(key)"] = ["localizations": localizations]
    }
    let catalog: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": strings]
    let path = folder.appendingPathComponent("Localizable.xcstrings")
    guard let data = try? JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys]),
          (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
          (try? data.write(to: path)) != nil else { return nil }
    return path.path
}

/// The process's peak resident memory in MiB (getrusage: KiB on Linux).
private func peakMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// The process's CPU time so far (user + system, every thread), in seconds.
private func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// `screens` 1: the 1,440-layout sweep, findings only; 10: 14,400 layouts and the HTML report.
func runSweepBenchmark(corpusDirectory: String, screens screenCount: Int) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-sweep-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard let catalog = writeCatalog(corpusDirectory: corpusDirectory, into: folder) else {
        print("sweep benchmark: cannot read \(corpusDirectory)/tags.tsv or write \(folder.path)")
        return
    }
    let screens = (0..<screenCount).map { variant in LocalizationSweep.Screen("Screen \(variant + 1)") { BenchScreen(variant: variant) } }
    let cache = TextMeasurementCache()
    var environment = EnvironmentValues()
    environment.textMeasurementCache = cache
    var sweep: LocalizationSweep
    do {
        sweep = try LocalizationSweep("Benchmark", screens: screens, catalogs: [catalog],
                                      pseudoLocales: PseudoLocale.allCases.map(\.rawValue),
                                      devices: [.iPhoneSE3, .iPhone16Pro, .iPhone16ProMax], environment: environment)
        // SWEEP_BENCH_LOCALES=N: the first N locales only (two run lengths under callgrind, their
        // difference the instructions of N₂ − N₁ locales' layouts without the start-up).
        if let limit = ProcessInfo.processInfo.environment["SWEEP_BENCH_LOCALES"].flatMap(Int.init) {
            sweep.locales = Array(sweep.locales.prefix(max(1, limit)))
        }
    } catch {
        print("sweep benchmark: \(error)")
        return
    }
    let elements = LayoutTree(BenchScreen(variant: 0), environment: environment, on: .iPhone16Pro).layout(on: .iPhone16Pro)
    let clock = ContinuousClock()
    // SWEEP_BENCH_NO_PICTURES=1: the ten screens findings only (peak memory against the one screen's).
    let withPictures = screenCount > 1 && ProcessInfo.processInfo.environment["SWEEP_BENCH_NO_PICTURES"] == nil
    var findings = 0, groups = 0, allowed = 0, examplesDrawn = 0
    var examples: [String] = []
    // SWEEP_BENCH_REPORT=FOLDER: the HTML report written there (and kept) rather than in a temporary folder.
    let out = ProcessInfo.processInfo.environment["SWEEP_BENCH_REPORT"].map { URL(fileURLWithPath: $0) } ?? folder.appendingPathComponent("report")
    func once() -> Duration {
        clock.measure {
            var count = 0
            let report: LocalizationSweep.Report
            if withPictures {
                // The pictures drawn while sweeping, from the sweep's own layouts, and written a
                // picture file at a time (memory holds one file's pictures, not the report's).
                report = (try? sweep.run(writingHTMLTo: out) { _ in count += 1 }) ?? sweep.run { _ in count += 1 }
            } else {
                report = sweep.run { _ in count += 1 }
            }
            findings = count
            groups = report.groups.count
            allowed = report.groups.filter(\.isAllowed).count
            examples = report.groups.prefix(3).map(\.description)
            examplesDrawn = report.groups.reduce(0) { $0 + $1.examples.count }
        }
    }
    let cpuBefore = cpuSeconds()
    let first = seconds(once())
    let firstCPU = cpuSeconds() - cpuBefore
    let firstStatistics = cache.statistics
    // The report's size and pictures, counted after the timing.
    var pictures = 0, pageBytes = 0
    if withPictures {
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: out.path)) ?? []
        for name in files {
            let path = out.appendingPathComponent(name).path
            pageBytes += ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
            if name.hasSuffix(".js"), let text = try? String(contentsOfFile: path, encoding: .utf8) {
                pictures += text.components(separatedBy: "\\u003csvg ").count - 1
            }
        }
    }
    // The one-screen sweep again three times (the median); the ten-screen one runs once.
    let onlySome = ProcessInfo.processInfo.environment["SWEEP_BENCH_LOCALES"] != nil  // under callgrind: one run
    let repeats = screenCount > 1 || onlySome ? [first] : (0..<3).map { _ in seconds(once()) }.sorted()
    let median = repeats[repeats.count / 2]
    let layouts = sweep.layoutCount
    let cores = ParallelBatches.cores
    print("\nScreen sweep: \(screenCount) screen\(screenCount == 1 ? "" : "s") of \(elements.count) elements, \(elements.texts.count) texts"
          + " × \(sweep.locales.count) locales × \(sweep.textSizes.count) sizes × \(sweep.devices.count) devices = \(layouts) layouts"
          + " (\(cores) core\(cores == 1 ? "" : "s"), release build)" + (withPictures ? ", with the HTML report" : ", findings only"))
    print(String(format: "  first run %.3f s (%.0f layouts/s), CPU time %.3f s (%.0f layouts per CPU second)", first, Double(layouts) / first,
                 firstCPU, Double(layouts) / firstCPU)
          + (repeats.count == 1 ? "" : String(format: "; median of 3 more %.3f s (%.0f layouts/s)", median, Double(layouts) / median)))
    print("  \(findings) findings in \(groups) groups (\(allowed) allowed)"
          + (withPictures ? String(format: "; HTML report written while sweeping: %d examples in %d pictures, %.1f MB", examplesDrawn, pictures,
                                   Double(pageBytes) / 1e6) : ""))
    for example in examples { print("    e.g. " + example) }
    let shaped = firstStatistics.paragraphsBuilt, resized = firstStatistics.paragraphsResized
    print("  text cache, first run: \(shaped) paragraphs shaped, \(resized) resized from another size, "
          + "\(firstStatistics.layoutsComputed) line breakings, \(firstStatistics.reuses.values.reduce(0, +)) reuses, "
          + "\(firstStatistics.paragraphsEvicted) evicted")
    print(String(format: "  peak resident memory %.1f MiB", peakMegabytes()))
    if screenCount == 1 {
        if cores > 1 {
            print("  target: under 1 s on \(cores) cores: \(first < 1 ? "met" : "MISSED") (first run), \(median < 1 ? "met" : "MISSED") (median)")
        } else {
            print("  target: at least 1,500 layouts/s on one core: \(Double(layouts) / first >= 1_500 ? "met" : "MISSED") (first run), "
                  + "\(Double(layouts) / median >= 1_500 ? "met" : "MISSED") (median)")
        }
    } else if !withPictures {
        print("  (findings only: the peak memory to compare with the one screen's 1,440 layouts)")
    } else {
        print("  target: \(layouts) layouts with pictures under 10 s: \(first < 10 ? "met" : "MISSED")")
    }
}
