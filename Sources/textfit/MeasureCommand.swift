// `textfit measure`: sizes, lines and baselines of texts.
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

func makeRequest(_ arguments: Arguments, texts: [String]) throws -> MeasureRequest {
    if arguments.values["font"] != nil, arguments.values["font-file"] != nil {
        throw CommandError.usage("give --font or --font-file, not both")
    }
    if arguments.values["face-index"] != nil, arguments.values["font-file"] == nil {
        throw CommandError.usage("--face-index needs --font-file")
    }
    // Every number is checked here, in its range and in one wording (``Arguments/number(_:)``),
    // before the request would refuse it in its own.
    let lines = try arguments.wholeNumber("lines", atLeast: 1)
    let reservedLines = try arguments.wholeNumber("reserved-lines", atLeast: 0)
    let faceIndex = try arguments.wholeNumber("face-index", atLeast: 0)
    let locale = try localeOption(arguments)
    return MeasureRequest(
        texts: texts, font: arguments.values["font"], fontFile: arguments.values["font-file"], faceIndex: faceIndex,
        size: try arguments.number("size"), style: arguments.values["style"], weight: arguments.values["weight"],
        italic: arguments.flags.contains("italic") ? true : nil, dynamicType: nil, locale: locale,
        features: arguments.values["features"].map { $0.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) } },
        tracking: try arguments.number("tracking"), tabInterval: try arguments.number("tab-interval"),
        width: try arguments.number("width"), height: try arguments.number("height"),
        lines: lines, reservedLines: reservedLines, truncation: arguments.values["truncation"], wrap: arguments.values["wrap"],
        direction: arguments.values["direction"], lineMetrics: arguments.values["line-metrics"],
        lineSpacing: try arguments.number("line-spacing"), minimumScale: try arguments.number("minimum-scale"),
        platform: arguments.values["platform"], variations: arguments.values["variations"], fontWidth: try fontWidth(arguments),
        instance: arguments.values["instance"], design: arguments.values["design"],
        markdown: arguments.flags.contains("markdown") ? true : nil)
}

/// `--font-width`: a percentage of normal (`wdth`), or CSS's keywords (condensed 75, expanded 125…).
func fontWidth(_ arguments: Arguments) throws -> Double? {
    guard let text = arguments.values["font-width"] else { return nil }
    let names: [String: Double] = ["ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5,
                                   "normal": 100, "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200]
    if let named = names[text.lowercased()] { return named }
    guard let value = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), value.isFinite, value > 0 else {
        throw CommandError.usage("--font-width expects a percentage of normal width (e.g. 87.5) or condensed, expanded, …; got '\(text)'")
    }
    return value
}

func runMeasure(_ arguments: Arguments) throws {
    var source = try TextSource(arguments, limit: try arguments.limit("max-text-bytes", default: LayoutFile.Limits().maxTextBytes))
    let engine = try makeEngine(arguments)
    var base = try makeRequest(arguments, texts: [])
    let platform = try platformOption(arguments)
    let sizes = try textSizes(arguments, platform: platform)
    // The request's settings, once per size: every field is checked here, before any text.
    let settings = try sizes.map { size in
        base.setTextSize(size)
        return try engine.measureSettings(base)
    }
    var warned = Set<String>()
    for warning in settings.flatMap({ $0.adjustments ?? [] }) where warned.insert(warning).inserted { printError("warning: \(warning)") }
    let json = arguments.flags.contains("json")
    var rows: [[String]] = []
    var details: [String] = []
    var measured = 0
    let decoder = source.decoder
    // A window of texts at a time, measured on every core in batches; each batch's output is
    // written in input order, on a thread of its own while the next window is measured. Memory
    // holds a window of texts and at most a window of answers waiting to be written, not the input.
    // (Reading the next window on a thread of its own meanwhile made no difference in time.)
    let batchesPerWindow = ParallelBatches.cores * 64
    let output = BackgroundOutput(blocks: batchesPerWindow)
    while true {
        let window: [TextSource.Text]
        do {
            window = try source.next(batchesPerWindow * ParallelBatches.batchSize)
        } catch {
            try output.finish()  // the answers before the text that could not be read, then why
            throw error
        }
        guard !window.isEmpty else { break }
        measured += window.count
        let batches = try ParallelBatches.map(window.count) { range in
            var output = MeasureBatchOutput()
            do {
                var writer = JSONWriter(capacity: range.count * sizes.count * 1_536)
                for index in range {
                    let text = try decoder.decode(window[index])
                    for which in settings.indices {
                        let result = try engine.measure(text, settings[which])
                        if json {
                            try result.writeJSON(to: &writer)
                            writer.newline()
                        } else {
                            output.rows.append(tableRow(result, textSize: sizes[which]))
                            if result.fitting != nil { output.details.append(lineDetails(result, textSize: sizes[which])) }
                        }
                    }
                }
                output.json = writer.bytes
            } catch {
                output.error = error
            }
            return output
        }
        for batch in batches {
            if json { output.write(batch.json) }
            rows += batch.rows
            details += batch.details
            if let error = batch.error {
                try output.finish()  // the answers before the text that failed, then its error
                throw error
            }
        }
    }
    try output.finish()
    guard measured > 0 else { throw CommandError.usage("measure needs at least one TEXT, --file PATH, or - for stdin") }
    if !json {
        printTable(header: ["TEXT", "FONTS", platform == .android ? "FONT SCALE" : "DYNAMIC TYPE", "SIZE", "IDEAL W×H",
                            "MINIMUM W (SEGMENT)", "FITTING W×H", "LINES", "MISSING"],
                   rows: rows, rightAligned: [3, 4, 6, 7, 8])
        for detail in details { print("\n" + detail) }
    }
    try finishStandardOutput()
}

/// Standard output written on a thread of its own, in order, at most `blocks` blocks waiting: the
/// cores measure the next window while the last one is written (27 MB for 20,500 answers).
final class BackgroundOutput: @unchecked Sendable {
    private let queue = DispatchQueue(label: "textfit.output")
    private let room: DispatchSemaphore
    /// The first write that failed; read on `queue`, or after `finish()` has drained it.
    private var failure: (any Error)?

    init(blocks: Int) { room = DispatchSemaphore(value: max(1, blocks)) }

    func write(_ bytes: [UInt8]) {
        room.wait()
        queue.async {
            defer { self.room.signal() }
            guard self.failure == nil else { return }
            do { try writeStandardOutput(bytes) } catch { self.failure = error }
        }
    }

    /// Waits for every block to be written.
    /// - Throws: the first write's error (``CommandError/output(_:)``).
    func finish() throws {
        queue.sync {}
        if let failure { throw failure }
    }
}

/// What one batch of `measure` wrote: JSON lines, or table rows and line details; and the error
/// that stopped it (after the texts before it).
private struct MeasureBatchOutput {
    var json: [UInt8] = []
    var rows: [[String]] = []
    var details: [String] = []
    var error: (any Error)?
}

func tableRow(_ result: MeasureResult, textSize: TextSize) -> [String] {
    var families: [String] = []
    for run in result.runs where !families.contains(run.font.family) { families.append(run.font.family) }
    if families.isEmpty { families = [result.font.family] }
    let shown = result.text.count > 32 ? String(result.text.prefix(31)) + "…" : result.text
    let segment = result.minimum.segment.count > 16 ? String(result.minimum.segment.prefix(15)) + "…" : result.minimum.segment
    let fitting = result.fitting.map { "\(format($0.width))×\(format($0.height))\($0.truncated ? " …" : "")\($0.scale < 1 ? " @\(format($0.scale))" : "")" } ?? "—"
    return [visible(shown), families.joined(separator: " + "), textSize.description,
            format(result.size), "\(format(result.ideal.width))×\(format(result.ideal.height))",
            "\(format(result.minimum.width)) (\(visible(segment)), \(result.minimum.reason))", fitting, "\(result.lines.count)",
            "\(result.missingGlyphs)"]
}

/// Line breaks and tabs shown as symbols so a table row stays one line.
func visible(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
        .replacingOccurrences(of: "\t", with: "⇥")
}

/// The fitting layout's lines: range, width, baseline and text.
func lineDetails(_ result: MeasureResult, textSize: TextSize) -> String {
    let scalars = Array(result.text.unicodeScalars)
    let size = if case .fontScale = textSize { "font scale \(textSize)" } else { textSize.description }
    var out = "\"\(terminalSafe(visible(result.text.count > 40 ? String(result.text.prefix(39)) + "…" : result.text), bidiControls: true))\" at \(size)"
    if let fitting = result.fitting {
        out += ", proposal \(fitting.proposal.width.map(format) ?? "nil")×\(fitting.proposal.height.map(format) ?? "nil"): "
        out += "\(fitting.lineCount) line\(fitting.lineCount == 1 ? "" : "s"), first baseline \(format(result.firstBaseline)), last baseline \(format(result.lastBaseline))"
    }
    for (index, line) in result.lines.enumerated() {
        let text = String(String.UnicodeScalarView(scalars[line.start..<line.end]))
        out += "\n  \(index + 1)  [\(line.start)..<\(line.end))  width \(format(line.width))  baseline \(format(line.baseline))"
        out += "\(line.truncated ? "  truncated" : "")\(line.hyphenated ? "  hyphenated" : "")  \"\(terminalSafe(visible(text), bidiControls: true))\""
    }
    return out
}
