import Foundation
import Rendering
import TextLayout
import Typography

extension StressReport {
    /// `index.html`: a self-contained page listing every verdict (key, locale, size — a Dynamic Type
    /// size, or `font scale 1.3` under Android —, status (and whether the entry is untranslated), width,
    /// lines, overflow, what a failing verdict needs — width, excess, lines, whether the source fails
    /// too —, source text beside the translation), the worst offenders (``Summary/worstFirst()``)
    /// above it, with filters by locale, status (`untranslated`: the untranslated entries') and
    /// size and failing verdicts only at first; each failing case drawn by `draw` (an SVG of the
    /// text in its container, its glyphs defined in the sheet it is given, which the page carries
    /// once).
    ///
    /// The verdicts travel as data in the page (a JSON script element) and the table shows 200 of
    /// those that match the filters at a time, with buttons to page through them: a report of
    /// 240,000 verdicts as one table of rows took Chromium 100 s to open (52 s without its
    /// pictures).
    ///
    /// `notes` are shown under the summary line, one paragraph each (what the page leaves out).
    public func html(sourceText: (StressVerdict) -> String?, draw: (StressVerdict, inout SVGGlyphSheet) -> String?,
                     notes: [String] = []) -> String {
        var glyphs = SVGGlyphSheet(idPrefix: "glyph-")
        let sizes = Set(verdicts.map(\.size)).sorted()
        let sizeIndex = Dictionary(uniqueKeysWithValues: sizes.enumerated().map { ($1, $0) })
        let statusIndex = Dictionary(uniqueKeysWithValues: StressStatus.allCases.enumerated().map { ($1, $0) })

        // {"sizes": […], "statuses": […], "cases": [[key, variant, locale, source, text]],
        //  "verdicts": [[case, size, status, width, lines, overflow, failed, neededWidth, excess, excessPercent,
        //  linesNeeded, sourceFails, untranslated]], "pictures": [[verdict, svg]]} (null for what a verdict
        //  does not have; booleans as 1 and 0)
        // A case is a run of verdicts of one key × locale × variant × text × source (a sweep writes
        // an entry's sizes together).
        var data = PageData()
        data.raw("{\"sizes\":")
        data.strings(sizes.map(\.label))
        data.raw(",\"statuses\":")
        data.strings(StressStatus.allCases.map(\.rawValue))
        var cases = PageData(), rows = PageData(), pictures = PageData()
        var caseCount = 0, pictureCount = 0
        var current: (verdict: StressVerdict, source: String)?
        for (index, verdict) in verdicts.enumerated() {
            let source = sourceText(verdict) ?? ""
            let sameCase = current.map {
                $0.verdict.key == verdict.key && $0.verdict.locale == verdict.locale && $0.verdict.variant == verdict.variant
                    && $0.verdict.text == verdict.text && $0.source == source
            } ?? false
            if !sameCase {
                cases.raw(caseCount == 0 ? "[" : ",[")
                cases.string(verdict.key); cases.raw(",")
                cases.string(verdict.variant); cases.raw(",")
                cases.string(verdict.locale); cases.raw(",")
                cases.string(source); cases.raw(",")
                cases.string(verdict.text); cases.raw("]")
                caseCount += 1
                current = (verdict, source)
            }
            rows.raw(index == 0 ? "[" : ",[")
            rows.raw("\(caseCount - 1),\(sizeIndex[verdict.size]!),\(statusIndex[verdict.status]!),")
            rows.number(verdict.width); rows.raw(",\(verdict.lineCount),")
            rows.number(verdict.overflow); rows.raw(verdict.failed ? ",1," : ",0,")
            for value in [verdict.neededWidth, verdict.excess, verdict.excessPercent] {
                if let value { rows.number(value) } else { rows.raw("null") }
                rows.raw(",")
            }
            rows.raw(verdict.linesNeeded.map { "\($0)," } ?? "null,")
            rows.raw(verdict.sourceFails.map { $0 ? "1," : "0," } ?? "null,")
            rows.raw(verdict.untranslated ? "1]" : "0]")
            if verdict.failed, let picture = draw(verdict, &glyphs) {
                pictures.raw(pictureCount == 0 ? "[\(index)," : ",[\(index),")
                pictures.string(picture); pictures.raw("]")
                pictureCount += 1
            }
        }
        data.raw(",\"cases\":["); data.append(cases); data.raw("],\"verdicts\":["); data.append(rows)
        data.raw("],\"pictures\":["); data.append(pictures); data.raw("]}")

        func options(_ values: [String]) -> String { values.map { "<option>\(xmlEscaped($0))</option>" }.joined() }
        let locales = Set(verdicts.map(\.locale)).sorted()
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>textfit stress report</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:16px} table{border-collapse:collapse;width:100%}
            td,th{border-bottom:1px solid #ddd;padding:4px 6px;vertical-align:top;text-align:left}
            .s-fits,.s-wraps{color:#1a7f37}.s-scaled,.s-untranslated{color:#9a6700}.s-truncated,.s-overflow,.s-missing-glyphs{color:#cf222e}
            .svg svg{max-width:100%;height:auto;display:block;margin-top:4px} select,label,button{margin-right:12px} .note{color:#6e6e73}
            </style></head><body>
            \(glyphs.svg())<h1>textfit stress report</h1>
            <p>\(summary.checks) checks, \(summary.failures) failing\(platform == .android ? " (android: sizes in sp at each font scale, as Android 14 scales them)" : "").</p>
            \(worstList())            \(notes.map { "<p class=\"note\">\(xmlEscaped($0))</p>\n" }.joined())            <p><label>Locale <select id="locale"><option value="">all</option>\(options(locales))</select></label>
            <label>Status <select id="status"><option value="">all</option>\(options(StressStatus.allCases.map(\.rawValue)))</select></label>
            <label>Size <select id="size"><option value="">all</option>\(options(sizes.map(\.label)))</select></label>
            <label><input type="checkbox" id="failed" checked> failing only</label></p>
            <p><button id="previous">← previous</button><span id="range"></span> <button id="next">next →</button></p>
            <table><thead><tr><th>Key</th><th>Locale</th><th>Size</th><th>Status</th><th>Width</th><th>Lines</th><th>Overflow</th><th>Needs</th><th>Source</th><th>Translation</th></tr></thead>
            <tbody id="rows"></tbody></table>
            <script type="application/json" id="report-data">\(data.text)</script>
            <script>
            const D = JSON.parse(document.getElementById("report-data").textContent), pictures = new Map(D.pictures), PAGE = 200;
            let matching = [], page = 0;
            const cell = (row, text, className) => { const td = row.insertCell(); td.textContent = text; if (className) td.className = className; return td; };
            const decimal = (x) => x === null ? "" : x.toFixed(1);
            function filter() {
              const l = locale.value, s = status.value, z = size.value, o = failed.checked;
              matching = [];
              D.verdicts.forEach((v, i) => {
                const c = D.cases[v[0]];
                if ((l && c[2] !== l) || (s && (s === "untranslated" ? !v[12] : D.statuses[v[2]] !== s)) || (z && D.sizes[v[1]] !== z) || (o && !v[6])) return;
                matching.push(i);
              });
              page = 0;
              show();
            }
            function show() {
              const start = page * PAGE, end = Math.min(matching.length, start + PAGE), rows = document.createDocumentFragment();
              for (let k = start; k < end; k++) {
                const i = matching[k], v = D.verdicts[i], c = D.cases[v[0]], row = document.createElement("tr"), s = D.statuses[v[2]];
                const key = cell(row, c[0]);
                if (c[1]) { const small = document.createElement("small"); small.textContent = c[1]; key.append(document.createElement("br"), small); }
                cell(row, c[2]); cell(row, D.sizes[v[1]]); cell(row, s + (v[6] ? " ✗" : "") + (v[12] ? " · untranslated" : ""), "s-" + s);
                cell(row, decimal(v[3])); cell(row, String(v[4])); cell(row, v[5] > 0 ? decimal(v[5]) : "");
                cell(row, [v[7] === null ? "" : `${decimal(v[7])} (+${decimal(v[8])}${v[9] === null ? "" : `, +${decimal(v[9])}%`})`,
                           v[10] === null ? "" : `${v[10]} line${v[10] === 1 ? "" : "s"}`,
                           v[11] === null ? "" : v[11] ? "the source fails too" : "the source fits"].filter(Boolean).join(" · "));
                cell(row, c[3]);
                const text = cell(row, c[4]), picture = pictures.get(i);
                if (picture) { const div = document.createElement("div"); div.className = "svg"; div.innerHTML = picture; text.append(div); }
                rows.append(row);
              }
              document.getElementById("rows").replaceChildren(rows);
              document.getElementById("range").textContent = matching.length ? `${start + 1}–${end} of ${matching.length}` : "no verdicts match";
              previous.disabled = page === 0;
              next.disabled = end >= matching.length;
            }
            previous.onclick = () => { page -= 1; show(); scrollTo(0, 0); };
            next.onclick = () => { page += 1; show(); scrollTo(0, 0); };
            for (const e of [locale, status, size, failed]) e.onchange = filter;
            filter();
            </script></body></html>

            """
    }
}

extension StressReport {
    /// The page's list of worst offenders (``Summary/worstFirst()``, the ten first, as the terminal
    /// summary lists them): empty when nothing fails.
    func worstList(_ count: Int = 10) -> String {
        let offenders = Array(summary.worstFirst().prefix(count))
        guard !offenders.isEmpty else { return "" }
        let faults = summary.faults
        return "<p>Worst offenders: the translation's failures first (\(faults.translation) failing cases, the source fits), then "
            + "those that fail in the source too (\(faults.source)), then those with no source to compare (\(faults.unknown)).</p>\n"
            + "<ol id=\"worst\">" + offenderLines(offenders).map { "<li>\(xmlEscaped($0))</li>" }.joined() + "</ol>\n"
            + (summary.firstFailures.count > count ? "<p>… and \(summary.firstFailures.count - count) more.</p>\n" : "")
    }
}

extension StressSweep {
    /// The HTML report of a sweep (``StressReport/html(sourceText:draw:notes:)``): every verdict a
    /// row, with its entry's source text, and each failing key × locale × variant drawn in its
    /// container at its first failing size — the worst `maxPictures` of them (``StressReport/Summary/worstFirst()``),
    /// the page saying so when there are more. `entries` and `containers` are the sweep's, in the
    /// same order; a verdict finds its entry by key, locale and variant.
    ///
    /// A picture is ~2.5 KB of the page: the default of 20,000 keeps a page of failures from a
    /// million-entry catalog to ~50 MB of pictures, which a browser opens in seconds.
    public func html(of report: StressReport, entries: [CatalogEntry], containers: [StressContainer],
                     maxPictures: Int = 20_000) -> String {
        struct Case: Hashable {
            let key: String, locale: String, variant: String
        }
        var entryIndex: [Case: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let item = Case(key: entry.key, locale: entry.locale, variant: entry.variant)
            if entryIndex[item] == nil { entryIndex[item] = index }
        }
        var firstFailingSize: [Case: TextSize] = [:]
        let failures = report.summary.firstFailures.count
        let drawn = failures > maxPictures ? Array(report.summary.worstFirst().prefix(max(0, maxPictures))) : report.summary.firstFailures
        for failure in drawn {
            firstFailingSize[Case(key: failure.key, locale: failure.locale, variant: failure.variant)] = TextSize(reportName: failure.failsFrom)
        }
        let notes = failures > drawn.count
            ? ["Pictures of the \(drawn.count) worst of \(failures) failing cases (failing from the smallest size first; --max-pictures)."] : []
        // The pictures' layouts are made ahead, a batch at a time on all cores (shaping is most of a
        // picture's cost); their SVGs are written in page order, into the page's one glyph sheet.
        // The page draws a failing verdict at its case's first failing size, in the report's order.
        let toDraw: [(verdict: StressVerdict, entry: Int)] = report.verdicts.compactMap { verdict in
            let item = Case(key: verdict.key, locale: verdict.locale, variant: verdict.variant)
            guard verdict.failed, firstFailingSize[item] == verdict.size, let entry = entryIndex[item] else { return nil }
            return (verdict, entry)
        }
        var prepared: [Picture?] = [], batchStart = 0
        var next = 0  // the verdict of `toDraw` the page asks for next (a picture that fails still counts)
        var pictures = 0
        return report.html(sourceText: { verdict in
            entryIndex[Case(key: verdict.key, locale: verdict.locale, variant: verdict.variant)].flatMap { entries[$0].sourceText }
        }, draw: { verdict, glyphs in
            let item = Case(key: verdict.key, locale: verdict.locale, variant: verdict.variant)
            guard firstFailingSize[item] == verdict.size, let index = entryIndex[item] else { return nil }
            if next == batchStart + prepared.count, next < toDraw.count {
                batchStart = next
                let batch = Array(toDraw[next..<min(toDraw.count, next + 512)])
                prepared = concurrentMap(count: batch.count) { k in
                    picture(of: batch[k].verdict, entry: entries[batch[k].entry], container: containers[batch[k].entry])
                }
            }
            // The verdict the batch was made for (always, as the page asks in order), else made now.
            let isAhead = next - batchStart < prepared.count && toDraw[next].verdict == verdict
            let made = isAhead ? prepared[next - batchStart] : picture(of: verdict, entry: entries[index], container: containers[index])
            if isAhead { next += 1 }
            guard let picture = made else { return nil }
            pictures += 1
            let renderer = SVGRenderer(options: .init(overlays: [.baselines], container: picture.box, idPrefix: "p\(pictures)-"))
            return renderer.svg(picture.layout, sharing: &glyphs)
        }, notes: notes)
    }

    /// A verdict's text laid out in its container, and the box drawn around it (the text width ×
    /// the line limit's height, or the text's height when it has no limit).
    struct Picture: Sendable {
        let layout: ParagraphLayout
        let box: CGRect
    }

    /// One verdict's text laid out as the check laid it out (the entry's own maximum width
    /// included), for the HTML report's picture of it (the box dashed, overflow in red, baselines
    /// marked).
    func picture(of verdict: StressVerdict, entry: CatalogEntry, container: StressContainer) -> Picture? {
        let box = Self.box(for: entry, in: container)
        guard let paragraph = try? paragraph(verdict.text, of: entry, in: box, size: verdict.size) else { return nil }
        let layout = paragraph.layout(width: box.textWidth)
        let lineHeight = layout.lines.first.map(\.height) ?? 0
        return Picture(layout: layout, box: CGRect(x: 0, y: 0, width: box.textWidth,
                                                   height: box.maxLines.map { Double($0) * lineHeight } ?? max(layout.size.height, lineHeight)))
    }
}

/// JSON for a `<script type="application/json">` element: strings escape `"`, `\`, the controls
/// below U+0020 and `<` (as `\u003c`, so no `</script>` or `<!--` in a text ends or changes the
/// element); numbers to one decimal (what the table shows), `null` when not finite.
struct PageData {
    private(set) var bytes: [UInt8] = []

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ fragment: String) { bytes.append(contentsOf: fragment.utf8) }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func append(_ other: PageData) { bytes.append(contentsOf: other.bytes) }

    mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        let rounded = (value * 10).rounded() / 10
        raw(rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded))
    }

    mutating func strings(_ values: [String]) {
        raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { raw(",") }
            string(value)
        }
        raw("]")
    }

    /// A string: its escaped length counted first, then every byte stored through a pointer into
    /// one buffer, appended in one copy. An SVG picture has thousands of quotes and angle brackets:
    /// appending the runs between them and each escape (`"\\u003c"` built as a `String` for every
    /// `<`) cost the stress benchmark's page (111,301 strings, 11,301 of them pictures) 1.58 G
    /// instructions; this, 0.92 G (callgrind).
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            var escapes = 0, controls = 0
            for byte in utf8 where Self.needsEscape(byte) {
                if byte == 0x22 || byte == 0x5C || byte == 0x0A { escapes += 1 } else { controls += 1 }
            }
            let length = utf8.count + 2 + escapes + 5 * controls
            let escaped = [UInt8](unsafeUninitializedCapacity: length) { out, written in
                var at = 0
                out[at] = UInt8(ascii: "\""); at += 1
                for byte in utf8 {
                    guard Self.needsEscape(byte) else {
                        out[at] = byte; at += 1
                        continue
                    }
                    out[at] = UInt8(ascii: "\\"); at += 1
                    switch byte {
                    case 0x22, 0x5C:
                        out[at] = byte; at += 1
                    case 0x0A:
                        out[at] = UInt8(ascii: "n"); at += 1
                    default:  // `<` and the other controls: \u00XX
                        out[at] = UInt8(ascii: "u"); out[at + 1] = UInt8(ascii: "0"); out[at + 2] = UInt8(ascii: "0")
                        out[at + 3] = Self.hexDigits[Int(byte >> 4)]; out[at + 4] = Self.hexDigits[Int(byte & 0xF)]
                        at += 5
                    }
                }
                out[at] = UInt8(ascii: "\""); at += 1
                written = at
            }
            bytes.append(contentsOf: escaped)
        }
    }

    /// `"`, `\`, `<` and the controls below U+0020.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C
    }
}
