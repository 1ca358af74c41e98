import Foundation
import LayoutCore
import Rendering
import TextLayout
import Typography

/// The result of a sweep: every verdict and a summary; written as `report.json`, `junit.xml` and
/// `index.html`, and read back as a `--baseline`.
public struct StressReport: Sendable, Codable {
    /// Per key × locale × variant: where it stops fitting.
    public struct FirstFailure: Sendable, Codable, Hashable {
        public var key: String
        public var locale: String
        public var variant: String
        /// The largest checked size at which it still passes, if any ("fits up to xxxLarge").
        public var passesUpTo: String?
        /// The first checked size at which it fails, and how.
        public var failsFrom: String
        public var status: StressStatus
    }

    public struct Summary: Sendable, Codable {
        public var checks: Int
        public var failures: Int
        /// Verdict counts per status.
        public var statuses: [String: Int]
        /// Verdict counts per locale and status.
        public var locales: [String: [String: Int]]
        /// Every failing key × locale × variant, with the first failing size.
        public var firstFailures: [FirstFailure]

        /// ``firstFailures`` worst first: failing from the smallest size, then the worse status;
        /// catalog order breaks ties.
        public func worstFirst() -> [FirstFailure] {
            let order = Dictionary(DynamicTypeSize.allCases.enumerated().map { ($1.rawValue, $0) }, uniquingKeysWith: { a, _ in a })
            return firstFailures.enumerated().sorted { a, b in
                let (x, y) = (a.element, b.element)
                if order[x.failsFrom] != order[y.failsFrom] { return (order[x.failsFrom] ?? 0) < (order[y.failsFrom] ?? 0) }
                if x.status != y.status { return x.status > y.status }
                return a.offset < b.offset
            }.map(\.element)
        }
    }

    public var verdicts: [StressVerdict]
    public var summary: Summary

    /// Summarises `verdicts` (which come in entry order, sizes smallest first).
    public init(verdicts: [StressVerdict]) {
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
                                           passesUpTo: passing?.dynamicTypeSize, failsFrom: failing.dynamicTypeSize,
                                           status: failing.status))
            }
            index = end
        }
        summary = Summary(checks: verdicts.count, failures: verdicts.filter(\.failed).count, statuses: statuses, locales: locales,
                          firstFailures: firsts)
    }

    /// Verdicts that are worse than in `baseline`: failing now and either absent or passing there,
    /// or failing with a worse status. How a team adopts the check on an existing app.
    public func regressions(against baseline: StressReport) -> [StressVerdict] {
        struct Key: Hashable { let key: String, locale: String, variant: String, size: String }
        var before: [Key: StressVerdict] = [:]
        for verdict in baseline.verdicts {
            // Reports written before gettext context keys became `msgctxt|msgid` joined them with
            // U+0004 (gettext's internal separator): read so, the same string is the same key.
            before[Key(key: verdict.key.replacingOccurrences(of: "\u{4}", with: POReader.contextSeparator), locale: verdict.locale, variant: verdict.variant, size: verdict.dynamicTypeSize)] = verdict
        }
        return verdicts.filter { verdict in
            guard verdict.failed else { return false }
            guard let old = before[Key(key: verdict.key, locale: verdict.locale, variant: verdict.variant,
                                       size: verdict.dynamicTypeSize)] else { return true }
            return !old.failed || verdict.status > old.status
        }
    }

    // MARK: - Terminal

    /// A table per locale (counts per status) and the worst offenders (largest overflow first).
    public func terminalSummary(worst: Int = 10) -> String {
        let columns = StressStatus.allCases.map(\.rawValue)
        var rows = [["LOCALE"] + columns.map { $0.uppercased() }]
        for locale in summary.locales.keys.sorted() {
            rows.append([locale] + columns.map { "\(summary.locales[locale]?[$0] ?? 0)" })
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = rows.map { row in
            row.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
        out += "\n\n\(summary.checks) checks, \(summary.failures) failing"
        let offenders = summary.worstFirst().prefix(worst)
        if !offenders.isEmpty {
            out += "\n\nWorst offenders (key · locale · variant), failing from the smallest size:"
            for failure in offenders {
                let upTo = failure.passesUpTo.map { "fits up to \($0), " } ?? ""
                out += "\n  \(failure.key) · \(failure.locale)\(failure.variant.isEmpty ? "" : " · \(failure.variant)"): \(upTo)\(failure.status.rawValue) from \(failure.failsFrom)"
            }
            if summary.firstFailures.count > worst { out += "\n  … and \(summary.firstFailures.count - worst) more" }
        }
        return out
    }

    // MARK: - Files

    /// `report.json`: every verdict and the summary (sorted keys: stable diffs), byte for byte as
    /// `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes it, without the encoder's
    /// tree of values (a 240,000-verdict report: ~0.15 s instead of ~0.9 s, ~130 MB less memory).
    /// - Throws: `EncodingError.invalidValue` for a width, overflow or scale that is not finite.
    public func json() throws -> Data {
        var writer = JSONWriter(capacity: 256 * verdicts.count + 4_096)
        try writeJSON(to: &writer)
        return Data(writer.bytes)
    }

    /// `junit.xml`: one test case per key × locale (its variants and sizes inside), failing when any
    /// of its verdicts fails.
    public func junit() -> String {
        var cases: [(name: String, locale: String, failure: String?)] = []
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
                    cases.append((verdict.key, verdict.locale, nil))
                }
                last = (verdict.key, verdict.locale, i)
            }
            if verdict.failed {
                var line = verdict.dynamicTypeSize
                if !verdict.variant.isEmpty { line += " [\(verdict.variant)]" }
                line += ": \(verdict.status.rawValue), width \(twoDecimals(verdict.width)), \(verdict.lineCount) line(s)"
                if verdict.overflow > 0 { line += ", overflow \(twoDecimals(verdict.overflow))" }
                if cases[i].failure == nil { cases[i].failure = line } else { cases[i].failure! += "\n" + line }
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
                if let failure = testCase.failure {
                    xml += ">\n      <failure message=\"\(escape(Self.firstLine(of: failure)))\">\(escape(failure))</failure>\n    </testcase>\n"
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
    /// so no partial report is ever left behind under a final name.
    /// - Throws: ``ReportWriteError`` naming the path that could not be written and why.
    public static func write(_ files: [(name: String, data: Data)], to directory: URL) throws(ReportWriteError) {
        try makeFolder(directory.path)
        var written: [(partial: String, final: String)] = []
        func discard() { for file in written { unlink(file.partial) } }
        for file in files {
            let final = directory.appendingPathComponent(file.name).path
            let partial = directory.appendingPathComponent(".\(file.name).\(getpid()).partial").path
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
    public var path: String
    public var reason: String

    public var description: String { "cannot write '\(path)': \(reason)" }
}

// MARK: - JSON (JSONWriter: the `Codable` form, keys in byte order)

extension StressReport: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            try json.field("summary", summary)
            try json.field("verdicts", verdicts)
        }
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
            json.field("status", status.rawValue)
            json.field("variant", variant)
        }
    }
}

extension StressVerdict: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            json.field("dynamicTypeSize", dynamicTypeSize)
            json.field("failed", failed)
            json.field("key", key)
            json.field("lineCount", lineCount)
            json.field("locale", locale)
            try json.field("overflow", overflow)
            try json.field("scale", scale)
            json.field("status", status.rawValue)
            json.field("text", text)
            json.field("variant", variant)
            try json.field("width", width)
        }
    }
}
