import Catalogs
import Foundation
import LayoutCore
import Rendering
import TextLayout
import Typography

/// The result of a sweep: every verdict and a summary; written as `report.json`, `junit.xml` and
/// `index.html`, and read back as a `--baseline`.
///
/// `report.json` is `{"platform", "summary", "verdicts"}`: `platform` is `ios` or `android` (a
/// report without it, from before Android was checked, is read as `ios`); each verdict names its
/// size as `"dynamicTypeSize": "large"` (ios) or `"fontScale": 1.3` (android); the summary's
/// `passesUpTo` and `failsFrom` are the sizes as strings (`"large"`, `"1.3"`). What a failing verdict
/// needs (`neededWidth`, `excess`, `excessPercent`, `excessCharacters`, `linesNeeded`), whose fault it is (`sourceFails`) and
/// `untranslated` / `untranslatedReason` are written only when a verdict has them (``StressVerdict``),
/// so reports written before them read as they did.
public struct StressReport: Sendable, Codable {
    /// Per key × locale × variant: where it stops fitting.
    public struct FirstFailure: Sendable, Codable, Hashable {
        /// The key.
        public var key: String
        /// The locale, as the catalog names it.
        public var locale: String
        /// The variant (`plural.one`, `device.ipad`), or `""`.
        public var variant: String
        /// The largest checked size at which it still passes, if any ("fits up to xxxLarge"), as
        /// ``TextSize/description`` writes it (`xxxLarge`, `1.3`).
        public var passesUpTo: String?
        /// The first checked size at which it fails (`accessibility1`, `1.5`), and how.
        public var failsFrom: String
        /// How it fails from there (truncated, overflow, …).
        public var status: StressStatus
        /// Whether the source text fails there too (``StressVerdict/sourceFails`` of that verdict):
        /// `false`, the translation's fault; `nil`, no source to compare.
        public var sourceFails: Bool? = nil
        /// The entry has no translation (``StressVerdict/untranslated``).
        public var untranslated: Bool = false
    }

    /// The counts of a run.
    public struct Summary: Sendable, Codable {
        /// How many verdicts there are: keys × locales × variants × sizes.
        public var checks: Int
        /// How many verdicts fail (with a baseline: how many are worse than it).
        public var failures: Int
        /// Verdict counts per status.
        public var statuses: [String: Int]
        /// Verdict counts per locale and status.
        public var locales: [String: [String: Int]]
        /// Every failing key × locale × variant, with the first failing size.
        public var firstFailures: [FirstFailure]

        /// ``firstFailures`` worst first: the translation's failures (the source fits) first, then
        /// those that fail in the source too, then those with no source to compare; within each,
        /// failing from the smallest size, then the worse status; catalog order breaks ties.
        public func worstFirst() -> [FirstFailure] {
            var order: [String: Int] = [:]
            for (rank, size) in Set(firstFailures.compactMap { TextSize(reportName: $0.failsFrom) }).sorted().enumerated() {
                order[size.description] = rank
            }
            func fault(_ failure: FirstFailure) -> Int { failure.sourceFails.map { $0 ? 1 : 0 } ?? 2 }
            return firstFailures.enumerated().sorted { a, b in
                let (x, y) = (a.element, b.element)
                if fault(x) != fault(y) { return fault(x) < fault(y) }
                if order[x.failsFrom] != order[y.failsFrom] { return (order[x.failsFrom] ?? 0) < (order[y.failsFrom] ?? 0) }
                if x.status != y.status { return x.status > y.status }
                return a.offset < b.offset
            }.map(\.element)
        }

        /// How many failing cases fail because of the translation (the source fits), fail in the
        /// source too, are the source language's own texts (`sourceLanguage`'s: they are the source),
        /// and have no source text to compare.
        func faults(sourceLanguage: String?) -> (translation: Int, source: Int, own: Int, unknown: Int) {
            var counts = (translation: 0, source: 0, own: 0, unknown: 0)
            for failure in firstFailures {
                switch failure.sourceFails {
                case false?: counts.translation += 1
                case true?: counts.source += 1
                case nil:
                    if let sourceLanguage, StressReport.sameLanguage(failure.locale, sourceLanguage) { counts.own += 1 } else { counts.unknown += 1 }
                }
            }
            return counts
        }
    }

    /// Whose text sizes the verdicts are: Dynamic Type sizes (ios) or font scales (android).
    public var platform: Platform
    /// Every verdict, in the catalogs' order.
    public var verdicts: [StressVerdict]
    /// The counts, and each failing case's first failing size.
    public var summary: Summary
    /// The catalogs' source language, when known: its own failing texts are counted as the source's,
    /// not as having no source to compare (not written to `report.json`).
    public var sourceLanguage: String? = nil

    /// The unit of the containers' widths: dp under Android, else pt.
    var unit: String { platform == .android ? "dp" : "pt" }

    /// Whether two locale names are the same (`en_US`, `en-us`).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        a.replacingOccurrences(of: "_", with: "-").lowercased() == b.replacingOccurrences(of: "_", with: "-").lowercased()
    }

    /// Summarises `verdicts` (which come in entry order, sizes smallest first), checked under
    /// `platform` (`nil`: the platform of the first verdict's size, iOS when there is none), of
    /// catalogs whose source language is `sourceLanguage` (when known).
    public init(verdicts: [StressVerdict], platform: Platform? = nil, sourceLanguage: String? = nil) {
        self.platform = platform ?? verdicts.first?.size.platform ?? .ios
        self.sourceLanguage = sourceLanguage
        self.verdicts = verdicts
        var statuses: [String: Int] = [:], locales: [String: [String: Int]] = [:]
        for verdict in verdicts {
            statuses[verdict.status.rawValue, default: 0] += 1
            locales[verdict.locale, default: [:]][verdict.status.rawValue, default: 0] += 1
        }
        var firsts: [FirstFailure] = []
        var index = 0
        while index < verdicts.count {
            let head = verdicts[index]
            var end = index
            while end < verdicts.count, verdicts[end].key == head.key, verdicts[end].locale == head.locale,
                  verdicts[end].variant == head.variant { end += 1 }
            let group = verdicts[index..<end]
            if let failing = group.first(where: \.failed) {
                let passing = group.prefix { !$0.failed }.last
                firsts.append(FirstFailure(key: head.key, locale: head.locale, variant: head.variant,
                                           passesUpTo: passing?.size.description, failsFrom: failing.size.description,
                                           status: failing.status, sourceFails: failing.sourceFails, untranslated: failing.untranslated))
            }
            index = end
        }
        summary = Summary(checks: verdicts.count, failures: verdicts.filter(\.failed).count, statuses: statuses, locales: locales,
                          firstFailures: firsts)
    }

    /// Verdicts that are worse than in `baseline`: failing now and either absent or passing there,
    /// or failing with a worse status. How a team adopts the check on an existing app. (A baseline
    /// of the other platform has none of these sizes: every failing verdict counts.)
    public func regressions(against baseline: StressReport) -> [StressVerdict] {
        struct Key: Hashable { let key: String, locale: String, variant: String, size: TextSize }
        var before: [Key: StressVerdict] = [:]
        for verdict in baseline.verdicts {
            // Reports written before gettext context keys became `msgctxt|msgid` joined them with
            // U+0004 (gettext's internal separator): read so, the same string is the same key.
            before[Key(key: verdict.key.replacingOccurrences(of: "\u{4}", with: POReader.contextSeparator), locale: verdict.locale, variant: verdict.variant, size: verdict.size)] = verdict
        }
        return verdicts.filter { verdict in
            guard verdict.failed else { return false }
            guard let old = before[Key(key: verdict.key, locale: verdict.locale, variant: verdict.variant,
                                       size: verdict.size)] else { return true }
            return !old.failed || verdict.status > old.status
        }
    }

    // MARK: - Terminal

    /// A table per locale (counts per status; the `UNTRANSLATED` column counts the checks of
    /// untranslated entries, which are counted under their own status too), how many failing cases
    /// are the translation's fault, and the worst offenders (``Summary/worstFirst()``), each with
    /// how much room it needs at its first failing size.
    public func terminalSummary(worst: Int = 10) -> String {
        let columns = StressStatus.allCases.map(\.rawValue)
        // Reports from before untranslated entries were measured have the status instead of the flag
        // (read back, such a verdict has both): the column counts the flag alone.
        var untranslated: [String: Int] = [:]
        for verdict in verdicts where verdict.untranslated { untranslated[verdict.locale, default: 0] += 1 }
        var rows = [["LOCALE"] + columns.map { $0.uppercased() }]
        for locale in summary.locales.keys.sorted() {
            rows.append([locale] + StressStatus.allCases.map { status in
                status == .untranslated ? "\(untranslated[locale] ?? 0)" : "\(summary.locales[locale]?[status.rawValue] ?? 0)"
            })
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = rows.map { row in
            row.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
        out += "\n\n\(summary.checks) checks, \(summary.failures) failing"
        if platform == .android {
            let scales = Set(verdicts.map(\.size)).sorted().map(\.description)
            out += " (android, font scales \(scales.joined(separator: ", ")))"
        }
        let untranslatedChecks = untranslated.values.reduce(0, +)
        if untranslatedChecks > 0 {
            let failing = verdicts.filter { $0.untranslated && $0.failed }.count
            out += "\n\(untranslatedChecks) check\(untranslatedChecks == 1 ? "" : "s") of untranslated entries (measured as shown: the source's text), \(failing) failing"
        }
        if !summary.firstFailures.isEmpty {
            out += "\n\(summary.firstFailures.count) failing case\(summary.firstFailures.count == 1 ? "" : "s") (key · locale · variant): " + faultCounts()
        }
        let offenders = Array(summary.worstFirst().prefix(worst))
        if !offenders.isEmpty {
            out += "\n\nWorst offenders (key · locale · variant), each with its text: the translation's failures first, then "
                + "those that fail in the source too; each failing from the smallest size:"
            let texts = firstFailingVerdicts(of: offenders).map { $0.map { Self.quoted($0.text) } }
            for (line, text) in zip(offenderLines(offenders), texts) {
                out += "\n  " + line
                if let text { out += "\n      " + text }
            }
            if summary.firstFailures.count > worst { out += "\n  … and \(summary.firstFailures.count - worst) more" }
            if firstFailingVerdicts(of: offenders).contains(where: { $0?.excessCharacters != nil }) {
                out += "\n\n" + Self.charactersNote
            }
        }
        return out
    }

    /// What "about N characters too long" is.
    static let charactersNote = "\"About N characters too long\" is an estimate: the width missing on each line over the text's own average character width."

    /// The failing cases by fault, in words: `7 because of the translation (the source fits), 0 fail
    /// in the source too, 1 in the source language (en)`, and how many have no source text to compare.
    func faultCounts() -> String {
        let faults = summary.faults(sourceLanguage: sourceLanguage)
        var out = "\(faults.translation) because of the translation (the source fits), \(faults.source) fail in the source too"
        if faults.own > 0 || faults.unknown == 0, let sourceLanguage { out += ", \(faults.own) in the source language (\(sourceLanguage))" }
        if faults.unknown > 0 || sourceLanguage == nil { out += ", \(faults.unknown) with no source text to compare" }
        return out
    }

    /// A text as the terminal shows it under its case: in quotation marks, line breaks as ⏎, at
    /// most 120 characters (the rest as …).
    static func quoted(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
        return "“" + (flat.count > 120 ? flat.prefix(119) + "…" : flat) + "”"
    }

    /// A line for each of `failures`: `title · de · plural.one (untranslated): fits up to xLarge,
    /// truncated from xxLarge — needs 54.9 pt, has 50.0 pt (+4.9 pt, +9.7%, about 2 characters too
    /// long); in 50.0 pt it takes 2 lines; the source fits`, or, failing from the smallest size checked,
    /// `title · de: truncated at every size checked — at large: needs …` (what it needs as its first
    /// failing size's verdict says, one decimal, in the containers' unit: dp under Android).
    func offenderLines(_ failures: [FirstFailure]) -> [String] {
        func label(_ name: String) -> String { TextSize(reportName: name)?.label ?? name }
        let firstFailing = firstFailingVerdicts(of: failures)
        return failures.enumerated().map { index, failure in
            var line = "\(failure.key) · \(failure.locale)\(failure.variant.isEmpty ? "" : " · \(failure.variant)")"
                + "\(failure.untranslated ? " (untranslated)" : ""): "
            var details: [String] = []
            let room = firstFailing[index].flatMap { Self.shortfall($0, { String(format: "%.1f", $0) }, unit: " " + unit) }
            if let upTo = failure.passesUpTo {
                line += "fits up to \(label(upTo)), \(failure.status.rawValue) from \(label(failure.failsFrom))"
                if let room { details.append(room) }
            } else {
                line += "\(failure.status.rawValue) at every size checked"
                if let room { details.append("at \(label(failure.failsFrom)): " + room) }
            }
            switch failure.sourceFails {
            case false?: details.append("the source fits")
            case true?: details.append("the source fails too")
            case nil: break
            }
            if !details.isEmpty { line += " — " + details.joined(separator: "; ") }
            return line
        }
    }

    /// The verdict of each of `failures` at its first failing size (`nil` when the verdicts do not have it).
    func firstFailingVerdicts(of failures: [FirstFailure]) -> [StressVerdict?] {
        struct Key: Hashable { let key: String, locale: String, variant: String, size: String }
        var wanted: [Key: Int] = [:]
        for (index, failure) in failures.enumerated() {
            wanted[Key(key: failure.key, locale: failure.locale, variant: failure.variant, size: failure.failsFrom)] = index
        }
        var found = [StressVerdict?](repeating: nil, count: failures.count)
        var left = wanted.count
        for verdict in verdicts where verdict.failed && left > 0 {
            let key = Key(key: verdict.key, locale: verdict.locale, variant: verdict.variant, size: verdict.size.description)
            if let index = wanted.removeValue(forKey: key) {
                found[index] = verdict
                left -= 1
            }
        }
        return found
    }

    /// How much room a failing verdict needs, `number` writing the widths and percentage, `unit`
    /// after each width: `needs 54.85 pt, has 50.00 pt (+4.85 pt, +9.70%, about 2 characters too
    /// long); in 50.00 pt it takes 2 lines` — "has" the container's text width, the lines those the
    /// text takes there with no line limit; without a width that holds it, `no width holds it in
    /// the line limit; in the container's width it takes 3 lines`. `nil` when the verdict carries
    /// none of it (``StressVerdict/neededWidth``, ``StressVerdict/linesNeeded``).
    static func shortfall(_ verdict: StressVerdict, _ number: (Double) -> String, unit: String = "") -> String? {
        var parts: [String] = []
        var has: String?
        if let needed = verdict.neededWidth {
            var part = "needs \(number(needed))\(unit)"
            if let excess = verdict.excess {
                has = number(needed - excess) + unit
                part += ", has \(has!) (+\(number(excess))\(unit)\(verdict.excessPercent.map { ", +\(number($0))%" } ?? "")"
                    + "\(verdict.excessCharacters.map { ", about \($0) character\($0 == 1 ? "" : "s") too long" } ?? ""))"
            }
            parts.append(part)
        } else if verdict.linesNeeded != nil {
            parts.append("no width holds it in the line limit")
        }
        if let lines = verdict.linesNeeded {
            parts.append("in \(has ?? "the container's width") it takes \(lines) line\(lines == 1 ? "" : "s")")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    // MARK: - Files

    /// `report.json`: every verdict and the summary (sorted keys: stable diffs), byte for byte as
    /// `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes it, without the encoder's
    /// tree of values (a 240,000-verdict report: ~0.15 s instead of ~0.9 s, ~130 MB less memory).
    /// - Throws: `EncodingError.invalidValue` for a width, overflow or scale that is not finite.
    public func json() throws -> Data {
        var writer = JSONWriter(capacity: 256 * verdicts.count + 4_096)
        try writeJSON(to: &writer)
        return writer.data
    }

    /// `junit.xml`: one test case per key × locale (its variants and sizes inside), failing when any
    /// of its verdicts fails. A failing size is one line of the failure, the first its message:
    /// `xxLarge [plural.one]: truncated, width 49.63 pt, 1 line(s), needs 54.85 pt, has 50.00 pt (+4.85 pt, +9.70%, about 2 characters too long), in 50.00 pt it takes 2 lines, the source fits, untranslated (new)`
    /// (widths in dp under Android)
    /// (each part after the line count only when the verdict has it: ``StressVerdict``). A case with
    /// untranslated verdicts that pass says so in its `<system-out>`, a line per variant.
    public func junit() -> String {
        var cases: [(name: String, locale: String, failure: String?, notes: [String])] = []
        var index: [String: Int] = [:]
        var casesByLocale: [String: [Int]] = [:]
        // A sweep's verdicts come a key × locale at a time (its variants and sizes together): the
        // last case is checked before the index.
        var last: (key: String, locale: String, index: Int)?
        for verdict in verdicts {
            let i: Int
            if let last, last.key == verdict.key, last.locale == verdict.locale {
                i = last.index
            } else {
                let id = verdict.locale + "\u{1}" + verdict.key
                if let known = index[id] {
                    i = known
                } else {
                    i = cases.count
                    index[id] = i
                    casesByLocale[verdict.locale, default: []].append(i)
                    cases.append((verdict.key, verdict.locale, nil, []))
                }
                last = (verdict.key, verdict.locale, i)
            }
            if verdict.failed {
                var line = verdict.size.label
                if !verdict.variant.isEmpty { line += " [\(verdict.variant)]" }
                line += ": \(verdict.status.rawValue), width \(twoDecimals(verdict.width)) \(unit), \(verdict.lineCount) line(s)"
                if verdict.overflow > 0 { line += ", overflow \(twoDecimals(verdict.overflow)) \(unit)" }
                if let room = Self.shortfall(verdict, twoDecimals, unit: " " + unit) { line += ", " + room.replacingOccurrences(of: "; ", with: ", ") }
                switch verdict.sourceFails {
                case false?: line += ", the source fits"
                case true?: line += ", the source fails too"
                case nil: break
                }
                if verdict.untranslated { line += ", untranslated" + (verdict.untranslatedReason.map { " (\($0))" } ?? "") }
                if cases[i].failure == nil { cases[i].failure = line } else { cases[i].failure! += "\n" + line }
            } else if verdict.untranslated {
                // A passing untranslated verdict: said once per variant, in the case's output.
                let line = "untranslated" + (verdict.variant.isEmpty ? "" : " [\(verdict.variant)]")
                    + (verdict.untranslatedReason.map { " (\($0))" } ?? "") + ": the source's text is shown"
                if cases[i].notes.last != line, !cases[i].notes.contains(line) { cases[i].notes.append(line) }
            }
        }
        let failures = cases.filter { $0.failure != nil }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"textfit stress\" tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
        for locale in casesByLocale.keys.sorted() {
            let suite = casesByLocale[locale]!
            let locale = escape(locale)
            xml += "  <testsuite name=\"\(locale)\" tests=\"\(suite.count)\" failures=\"\(suite.filter { cases[$0].failure != nil }.count)\">\n"
            for caseIndex in suite {
                let testCase = cases[caseIndex]
                xml += "    <testcase classname=\"\(locale)\" name=\"\(escape(testCase.name))\""
                let notes = testCase.notes.isEmpty ? "" : "      <system-out>\(escape(testCase.notes.joined(separator: "\n")))</system-out>\n"
                if let failure = testCase.failure {
                    xml += ">\n      <failure message=\"\(escape(Self.firstLine(of: failure)))\">\(escape(failure))</failure>\n\(notes)    </testcase>\n"
                } else if !notes.isEmpty {
                    xml += ">\n\(notes)    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// The text up to its first line feed, as `split(separator: "\n").first` gives it (a CR LF pair
    /// is one `Character`, so it does not split; empty lines are skipped), without walking the
    /// `Character`s of every failure's text.
    static func firstLine(of text: String) -> String {
        let utf8 = text.utf8
        var start = utf8.startIndex, previous: UInt8 = 0
        var index = start
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A, previous != 0x0D {
                if index > start { return String(text[start..<index]) }
                start = utf8.index(after: index)
            }
            previous = byte
            index = utf8.index(after: index)
        }
        // No line feed: the whole text; only empty lines before the end: the whole text too (`first`
        // is nil, and the caller's fallback was the text).
        return start == utf8.startIndex || start == utf8.endIndex ? text : String(text[start...])
    }

    private func escape(_ text: String) -> String { xmlEscaped(text) }

    // MARK: - Writing

    /// Writes a report's files into `directory` (created if needed), all or nothing: each file goes
    /// to a temporary name beside its final one, and only when every file is written are they
    /// renamed into place (renames within one folder need no space). A failure (no permission, a
    /// full disk) removes the temporary files and leaves whatever report was there before untouched,
    /// so no partial report is ever left behind under a final name. A name may include folders
    /// (`pictures/1.js`), which are created.
    /// - Throws: ``ReportWriteError`` naming the path that could not be written and why.
    public static func write(_ files: [(name: String, data: Data)], to directory: URL) throws(ReportWriteError) {
        try makeFolder(directory.path)
        var written: [(partial: String, final: String)] = []
        var madeFolders: [String] = []
        func discard() {
            for file in written { unlink(file.partial) }
            for folder in madeFolders.reversed() { rmdir(folder) }
        }
        for file in files {
            // A name may have folders (`pictures/1.js`): made if needed (and removed again on a
            // failure), the temporary file beside the final one.
            let finalURL = directory.appendingPathComponent(file.name), folder = finalURL.deletingLastPathComponent()
            if folder.standardizedFileURL != directory.standardizedFileURL, !FileManager.default.fileExists(atPath: folder.path) {
                do { try makeFolder(folder.path) } catch { discard(); throw error }
                madeFolders.append(folder.path)
            }
            let final = finalURL.path
            let partial = folder.appendingPathComponent(".\(finalURL.lastPathComponent).\(getpid()).partial").path
            if let reason = writeFile(file.data, to: partial) {
                unlink(partial)
                discard()
                throw ReportWriteError(path: final, reason: reason)
            }
            written.append((partial, final))
        }
        for (index, file) in written.enumerated() where rename(file.partial, file.final) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in written[index...] { unlink(rest.partial) }
            throw ReportWriteError(path: file.final, reason: reason)
        }
    }

    /// Checks that `directory` can take a report (creating it), by writing and removing a small
    /// file: run before a long sweep, so that a bad `--report` fails in a second, not at the end.
    public static func checkWritable(_ directory: URL) throws(ReportWriteError) {
        try write([], to: directory)
        let probe = directory.appendingPathComponent(".textfit-probe.\(getpid())").path
        defer { unlink(probe) }
        if let reason = writeFile(Data("probe".utf8), to: probe) { throw ReportWriteError(path: directory.path, reason: reason) }
    }

    /// Creates `path` and its missing parents (`mkdir -p`), with the system's reason when it cannot.
    private static func makeFolder(_ path: String) throws(ReportWriteError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw ReportWriteError(path: path, reason: "it is a file, not a folder") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeFolder(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw ReportWriteError(path: path, reason: "cannot create the folder (\(String(cString: strerror(errno))))")
        }
    }

    /// Writes `data` to `path` with POSIX calls, so that the reason of a failure is the system's
    /// own (`No space left on device`); `nil` when it was written.
    /// `creating`: the file must not exist yet (`O_EXCL`, mode 0644 less the umask); otherwise what is
    /// there is opened and truncated (a symlink, FIFO or device is written through, never replaced).
    package static func writeFile(_ data: Data, to path: String, creating: Bool = false) -> String? {
        let fd = creating ? open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += count
            }
        }
        // Some file systems report a full disk only when the file is closed.
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }
}

/// A report file that could not be written: the path and the system's reason.
public struct ReportWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder that could not be written.
    public var path: String
    /// Why, in words (`Permission denied`, `No space left on device`).
    public var reason: String

    public var description: String { "cannot write '\(path)': \(reason)" }
}

// MARK: - JSON (JSONWriter: the `Codable` form, keys in byte order)

extension StressReport: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            json.field("platform", platform.rawValue)
            try json.field("summary", summary)
            try json.field("verdicts", verdicts)
        }
    }

    private enum CodingKeys: String, CodingKey { case platform, summary, verdicts }

    /// Reads a report; one without `platform` (written before Android was checked) is iOS's.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        platform = try container.decodeIfPresent(Platform.self, forKey: .platform) ?? .ios
        summary = try container.decode(Summary.self, forKey: .summary)
        verdicts = try container.decode([StressVerdict].self, forKey: .verdicts)
    }
}

extension StressReport.Summary: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            json.field("checks", checks)
            json.field("failures", failures)
            try json.field("firstFailures", firstFailures)
            try json.field("locales", locales)
            try json.field("statuses", statuses)
        }
    }
}

extension StressReport.FirstFailure: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        writer.object { json in
            json.field("failsFrom", failsFrom)
            json.field("key", key)
            json.field("locale", locale)
            json.field("passesUpTo", passesUpTo)
            if let sourceFails { json.field("sourceFails", sourceFails) }
            json.field("status", status.rawValue)
            if untranslated { json.field("untranslated", true) }
            json.field("variant", variant)
        }
    }

    private enum CodingKeys: String, CodingKey { case key, locale, variant, passesUpTo, failsFrom, status, sourceFails, untranslated }

    /// Reads a first failure; `sourceFails` and `untranslated` may be absent (reports from before
    /// they were written, and the values `nil` and `false`, which are left out).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        locale = try container.decode(String.self, forKey: .locale)
        variant = try container.decode(String.self, forKey: .variant)
        passesUpTo = try container.decodeIfPresent(String.self, forKey: .passesUpTo)
        failsFrom = try container.decode(String.self, forKey: .failsFrom)
        status = try container.decode(StressStatus.self, forKey: .status)
        sourceFails = try container.decodeIfPresent(Bool.self, forKey: .sourceFails)
        untranslated = try container.decodeIfPresent(Bool.self, forKey: .untranslated) ?? (status == .untranslated)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(locale, forKey: .locale)
        try container.encode(variant, forKey: .variant)
        try container.encodeIfPresent(passesUpTo, forKey: .passesUpTo)
        try container.encode(failsFrom, forKey: .failsFrom)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(sourceFails, forKey: .sourceFails)
        if untranslated { try container.encode(true, forKey: .untranslated) }
    }
}

extension StressVerdict: Codable, JSONWritable {
    private enum CodingKeys: String, CodingKey {
        case key, locale, variant, dynamicTypeSize, fontScale, text, status, width, lineCount, overflow, scale, failed
        case neededWidth, excess, excessPercent, linesNeeded, excessCharacters, sourceFails, untranslated, untranslatedReason
    }

    /// Reads a verdict with either `dynamicTypeSize` (a size name) or `fontScale` (a number > 0).
    /// The fields that are left out when `nil` or `false` (`neededWidth`, `excess`, `excessPercent`,
    /// `linesNeeded`, `sourceFails`, `untranslated`, `untranslatedReason`) may be absent, as in
    /// reports written before them; such a report's `untranslated` status reads as `untranslated` too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = try TextSize.decode(from: container, dynamicType: .dynamicTypeSize, fontScale: .fontScale)
        key = try container.decode(String.self, forKey: .key)
        locale = try container.decode(String.self, forKey: .locale)
        variant = try container.decode(String.self, forKey: .variant)
        text = try container.decode(String.self, forKey: .text)
        status = try container.decode(StressStatus.self, forKey: .status)
        width = try container.decode(Double.self, forKey: .width)
        lineCount = try container.decode(Int.self, forKey: .lineCount)
        overflow = try container.decode(Double.self, forKey: .overflow)
        scale = try container.decode(Double.self, forKey: .scale)
        failed = try container.decode(Bool.self, forKey: .failed)
        neededWidth = try container.decodeIfPresent(Double.self, forKey: .neededWidth)
        excess = try container.decodeIfPresent(Double.self, forKey: .excess)
        excessPercent = try container.decodeIfPresent(Double.self, forKey: .excessPercent)
        linesNeeded = try container.decodeIfPresent(Int.self, forKey: .linesNeeded)
        excessCharacters = try container.decodeIfPresent(Int.self, forKey: .excessCharacters)
        sourceFails = try container.decodeIfPresent(Bool.self, forKey: .sourceFails)
        untranslated = try container.decodeIfPresent(Bool.self, forKey: .untranslated) ?? (status == .untranslated)
        untranslatedReason = try container.decodeIfPresent(String.self, forKey: .untranslatedReason)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch size {
        case .dynamicType(let dynamicType): try container.encode(dynamicType.rawValue, forKey: .dynamicTypeSize)
        case .fontScale(let fontScale): try container.encode(fontScale.value, forKey: .fontScale)
        }
        try container.encode(key, forKey: .key)
        try container.encode(locale, forKey: .locale)
        try container.encode(variant, forKey: .variant)
        try container.encode(text, forKey: .text)
        try container.encode(status, forKey: .status)
        try container.encode(width, forKey: .width)
        try container.encode(lineCount, forKey: .lineCount)
        try container.encode(overflow, forKey: .overflow)
        try container.encode(scale, forKey: .scale)
        try container.encode(failed, forKey: .failed)
        try container.encodeIfPresent(neededWidth, forKey: .neededWidth)
        try container.encodeIfPresent(excess, forKey: .excess)
        try container.encodeIfPresent(excessPercent, forKey: .excessPercent)
        try container.encodeIfPresent(linesNeeded, forKey: .linesNeeded)
        try container.encodeIfPresent(excessCharacters, forKey: .excessCharacters)
        try container.encodeIfPresent(sourceFails, forKey: .sourceFails)
        if untranslated { try container.encode(true, forKey: .untranslated) }
        try container.encodeIfPresent(untranslatedReason, forKey: .untranslatedReason)
    }

    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            if case .dynamicType(let dynamicType) = size { json.field("dynamicTypeSize", dynamicType.rawValue) }
            try json.field("excess", excess)
            json.field("excessCharacters", excessCharacters)
            try json.field("excessPercent", excessPercent)
            json.field("failed", failed)
            if case .fontScale(let fontScale) = size { try json.field("fontScale", fontScale.value) }
            json.field("key", key)
            json.field("lineCount", lineCount)
            json.field("linesNeeded", linesNeeded)
            json.field("locale", locale)
            try json.field("neededWidth", neededWidth)
            try json.field("overflow", overflow)
            try json.field("scale", scale)
            if let sourceFails { json.field("sourceFails", sourceFails) }
            json.field("status", status.rawValue)
            json.field("text", text)
            if untranslated { json.field("untranslated", true) }
            json.field("untranslatedReason", untranslatedReason)
            json.field("variant", variant)
            try json.field("width", width)
        }
    }
}
