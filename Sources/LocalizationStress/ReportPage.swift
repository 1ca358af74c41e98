import Catalogs
import Foundation
import Rendering
import TextLayout
import Typography

extension StressReport {
    /// What the HTML report shows of a verdict's entry besides its verdicts.
    public struct PageEntry: Sendable, Hashable {
        /// The source-language text, shown above the translation.
        public var sourceText: String?
        /// Where the entry comes from (``SourceLocation/description``: `Localizable.xcstrings:12`).
        public var origin: String?
        /// The container it was checked in, in words (`120 pt wide, 1 line, body`).
        public var container: String?
        /// The origin in full, shown on hover (the file's whole path, and a String Catalog's JSON path).
        public var originDetail: String?

        /// What the report page shows of an entry besides its verdicts: source text, origin (and
        /// its full form, on hover), container.
        public init(sourceText: String? = nil, origin: String? = nil, container: String? = nil, originDetail: String? = nil) {
            self.sourceText = sourceText
            self.origin = origin
            self.container = container
            self.originDetail = originDetail
        }
    }

    /// A file of the HTML report: its name in the report folder (`index.html`, `pictures/3.js`) and text.
    public typealias PageFile = (name: String, text: String)

    /// `index.html` alone, its pictures inside it: ``htmlFiles(entry:draw:notes:picturesPerFile:)``
    /// with the entries' source texts and no picture files.
    public func html(sourceText: (StressVerdict) -> String?, draw: (StressVerdict, inout SVGGlyphSheet) -> String?,
                     notes: [String] = []) -> String {
        htmlFiles(entry: { PageEntry(sourceText: sourceText($0)) }, draw: draw, notes: notes, picturesPerFile: nil)[0].text
    }

    /// The HTML report: `index.html` first, then its pictures' files.
    ///
    /// The page has one row per key × locale × variant (a run of verdicts of one key, locale,
    /// variant, text and source: a sweep writes an entry's sizes together), failing rows worst first
    /// (``Summary/worstFirst()``), then the passing ones in report order. A row shows its first
    /// failing size (or that it fits at every size), a strip of the sizes checked (a cell each,
    /// its status as a letter, a colour and a tooltip), what the first failing size needs (width,
    /// excess in points and percent, lines), whose fault it is (``StressVerdict/sourceFails``), the
    /// untranslated flag and reason, the source text and translation, `entry`'s origin and
    /// container, and under a failing row its picture: `draw` is asked for each row's first
    /// failing verdict, in report order, and returns an SVG whose glyphs are defined in the sheet
    /// it is given (the page carries the sheet once).
    ///
    /// The rows travel as data (a JSON script element); a small script builds 100 at a time, sorted
    /// (worst first, excess, key, locale) and filtered (locale, status, key substring), and inserts
    /// a picture as its row scrolls into view. With `picturesPerFile`, the pictures are in files
    /// `pictures/1.js`, `pictures/2.js`, … of that many each (in row order), which the page loads
    /// (as scripts: they work from a `file://` folder) only when a row needs one; with `nil` they are
    /// in the page. Without JavaScript the page lists every failing case as a line of text.
    ///
    /// The page is a pure function of the verdicts, `entry`, the pictures and the options.
    /// `notes` are shown under the summary line, one paragraph each (what the page leaves out).
    public func htmlFiles(entry: (StressVerdict) -> PageEntry, draw: (StressVerdict, inout SVGGlyphSheet) -> String?,
                          notes: [String] = [], picturesPerFile: Int? = 100) -> [PageFile] {
        var glyphs = SVGGlyphSheet(idPrefix: "glyph-")
        let sizes = Set(verdicts.map(\.size)).sorted()
        let sizeIndex = Dictionary(uniqueKeysWithValues: sizes.enumerated().map { ($1, $0) })
        let statusIndex = Dictionary(uniqueKeysWithValues: StressStatus.allCases.enumerated().map { ($1, $0) })

        struct Row {
            var range: Range<Int>
            var entry: PageEntry
            var picture: String?
        }
        // Rows: runs of one key × locale × variant × text × source, in report order; each failing
        // row's first failing verdict drawn, in report order.
        var rows: [Row] = []
        var index = 0
        while index < verdicts.count {
            let head = verdicts[index], info = entry(head)
            var end = index + 1
            while end < verdicts.count, verdicts[end].key == head.key, verdicts[end].locale == head.locale,
                  verdicts[end].variant == head.variant, verdicts[end].text == head.text,
                  !sizes.isEmpty, verdicts[end].size > verdicts[end - 1].size, entry(verdicts[end]).sourceText == info.sourceText {
                end += 1
            }
            let picture = verdicts[index..<end].first(where: \.failed).flatMap { draw($0, &glyphs) }
            rows.append(Row(range: index..<end, entry: info, picture: picture))
            index = end
        }
        // Failing rows worst first (the terminal's order), then the passing ones.
        struct Case: Hashable { let key: String, locale: String, variant: String }
        var rank: [Case: Int] = [:]
        for (position, failure) in summary.worstFirst().enumerated() {
            let item = Case(key: failure.key, locale: failure.locale, variant: failure.variant)
            if rank[item] == nil { rank[item] = position }
        }
        let order = rows.indices.sorted { a, b in
            func place(_ row: Int) -> Int {
                let v = verdicts[rows[row].range.lowerBound]
                return verdicts[rows[row].range].contains(where: \.failed) ? rank[Case(key: v.key, locale: v.locale, variant: v.variant)] ?? Int.max - 1 : Int.max
            }
            let (x, y) = (place(a), place(b))
            return x != y ? x < y : a < b
        }

        // {"sizes": […], "statuses": […], "containers": […], "pictureFiles": N or null, "rows": [[key, variant,
        //  locale, source, text, origin, container, strip, firstFailingSize, passesUpTo, status, width, lines,
        //  neededWidth, excess, excessPercent, linesNeeded, sourceFails, untranslated, untranslatedReason,
        //  picture, excessCharacters, originDetail]], "unit": "pt" or "dp", "short": [a short name per size],
        //  "pictures": […] (with the pictures in the page)}
        // strip: a letter per size of `sizes` ("abcdefg" the statuses passing, "ABCDEFG" failing, "-" not
        // checked); the numbers are the first failing verdict's (else the largest size's); null for what
        // a row does not have; booleans as 1 and 0.
        var data = PageData(), pictureData = PageData()
        var containers: [String] = [], containerIndex: [String: Int] = [:]
        var pictures: [String] = []
        var failingRows = 0
        for (position, row) in order.enumerated() {
            let group = verdicts[rows[row].range], info = rows[row].entry
            let first = group.first(where: \.failed), shown = first ?? group.last!
            if first != nil { failingRows += 1 }
            var strip = [UInt8](repeating: UInt8(ascii: "-"), count: sizes.count)
            for verdict in group {
                strip[sizeIndex[verdict.size]!] = UInt8(statusIndex[verdict.status]!) + (verdict.failed ? UInt8(ascii: "A") : UInt8(ascii: "a"))
            }
            var container: Int?
            if let text = info.container {
                container = containerIndex[text] ?? containers.count
                if containerIndex[text] == nil { containerIndex[text] = containers.count; containers.append(text) }
            }
            data.raw(position == 0 ? "[" : ",[")
            data.string(shown.key); data.raw(",")
            data.string(shown.variant); data.raw(",")
            data.string(shown.locale); data.raw(",")
            if let source = info.sourceText { data.string(source) } else { data.raw("null") }
            data.raw(",")
            data.string(shown.text); data.raw(",")
            if let origin = info.origin { data.string(origin) } else { data.raw("null") }
            data.raw(",\(container.map(String.init) ?? "null"),")
            data.string(String(decoding: strip, as: UTF8.self))
            let passing = first.flatMap { _ in group.prefix { !$0.failed }.last }
            data.raw(",\(first.map { "\(sizeIndex[$0.size]!)" } ?? "null"),\(passing.map { "\(sizeIndex[$0.size]!)" } ?? "null"),")
            data.raw("\(statusIndex[shown.status]!),")
            data.number(shown.width); data.raw(",\(shown.lineCount),")
            for value in [shown.neededWidth, shown.excess, shown.excessPercent] {
                if let value { data.number(value) } else { data.raw("null") }
                data.raw(",")
            }
            data.raw(shown.linesNeeded.map { "\($0)," } ?? "null,")
            data.raw(shown.sourceFails.map { $0 ? "1," : "0," } ?? "null,")
            data.raw(group.contains(where: \.untranslated) ? "1," : "0,")
            if let reason = group.lazy.compactMap(\.untranslatedReason).first { data.string(reason) } else { data.raw("null") }
            if let picture = rows[row].picture {
                data.raw(",\(pictures.count)")
                pictures.append(picture)
            } else {
                data.raw(",null")
            }
            data.raw(shown.excessCharacters.map { ",\($0)," } ?? ",null,")
            if let detail = info.originDetail { data.string(detail) } else { data.raw("null") }
            data.raw("]")
        }
        var files: [PageFile] = []
        if let perFile = picturesPerFile.map({ max(1, $0) }) {
            for start in stride(from: 0, to: pictures.count, by: perFile) {
                let chunk = PageData.pictureFile(calling: "textfitPictures", chunk: start / perFile,
                                                 Array(pictures[start..<min(pictures.count, start + perFile)]))
                files.append(("pictures/\(start / perFile + 1).js", chunk))
            }
        } else {
            pictureData.raw(",\"pictures\":")
            pictureData.strings(pictures)
        }
        var page = PageData()
        page.raw("{\"sizes\":"); page.strings(sizes.map(\.label))
        page.raw(",\"short\":"); page.strings(sizes.map(Self.shortLabel))
        page.raw(",\"unit\":"); page.string(unit)
        page.raw(",\"statuses\":"); page.strings(StressStatus.allCases.map(\.rawValue))
        page.raw(",\"containers\":"); page.strings(containers)
        page.raw(",\"picturesPerFile\":\(picturesPerFile.map { "\(max(1, $0))" } ?? "null"),\"rows\":[")
        page.append(data); page.raw("]"); page.append(pictureData); page.raw("}")

        func options(_ values: [String]) -> String { values.map { "<option>\(xmlEscaped($0))</option>" }.joined() }
        let locales = Set(verdicts.map(\.locale)).sorted()
        let worst = summary.worstFirst()
        let everyFailure = zip(offenderLines(worst), firstFailingVerdicts(of: worst)).map { line, verdict in
            xmlEscaped(line) + (verdict.map { "<br><span class=\"said\">" + xmlEscaped(Self.quoted($0.text)) + "</span>" } ?? "")
        }
        let fallback = everyFailure.isEmpty ? "" : "<noscript><p>Every failing case, with its text (the table needs JavaScript):</p><ol>"
            + everyFailure.map { "<li>\($0)</li>" }.joined() + "</ol></noscript>\n"
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>textfit stress report</title>
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#1d1d1f} h1{font-size:20px}
            table{border-collapse:collapse;width:100%} th{position:sticky;top:0;background:#f5f5f7;z-index:1}
            td,th{border-bottom:1px solid #e5e5ea;padding:5px 6px;vertical-align:top;text-align:left}
            td.key,td.text,td.where{overflow-wrap:anywhere} td.key{min-width:8em} td.text{min-width:14em} td.where{max-width:16em} .said{font-style:italic}
            tr.picture td{border-bottom:1px solid #c7c7cc;padding-top:0} tr.has-picture td{border-bottom:0} th button{font:inherit;font-weight:600;border:0;background:none;padding:0;cursor:pointer}
            small,.note,.legend{color:#6e6e73} .num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
            .s-fits,.s-wraps{color:#1a7f37}.s-scaled,.s-untranslated{color:#9a6700}.s-truncated,.s-overflow,.s-missing-glyphs{color:#cf222e}
            .strip{display:flex;flex-wrap:wrap;gap:1px;max-width:150px} .strip i{display:inline-flex;flex-direction:column;width:24px;height:28px;font:10px/15px ui-monospace,monospace;text-align:center;color:#fff;font-style:normal;border-radius:2px}
            .strip i b{font-weight:700} .strip i small{font:8px/11px system-ui,sans-serif;color:inherit;opacity:.9}
            .strip i.s-fits{background:#2da44e}.strip i.s-wraps{background:#7ac98f;color:#0b3d1a}.strip i.s-scaled{background:#d4a72c;color:#3d2e00}
            .strip i.s-truncated{background:#e16f24}.strip i.s-overflow,.strip i.s-missing-glyphs{background:#cf222e}.strip i.s-untranslated{background:#bf8700}
            .strip i.none{background:#eee;color:#999} .strip i.fail{outline:2px solid #1d1d1f;outline-offset:-2px}
            .badge{display:inline-block;font-size:12px;padding:0 5px;border-radius:8px;background:#fff8c5;color:#7d4e00;margin-top:2px}
            .fault-translation{color:#cf222e} .fault-source{color:#6e6e73}
            .picture-box{overflow-x:auto;max-width:calc(100vw - 60px);padding:4px 0} .picture-box svg{display:block;max-width:none}
            .controls label{margin-right:14px;white-space:nowrap;display:inline-block} .controls{position:sticky;top:0} #count{font-weight:600}
            @media (max-width:760px){body{margin:10px} table,tbody,tr,td{display:block;width:auto;max-width:none;min-width:0} thead{display:none}
              tr.case{border-top:1px solid #c7c7cc;padding:6px 0} tr.case td{border:0;padding:2px 0;max-width:none;min-width:0} td[data-label]::before{content:attr(data-label) ": ";color:#6e6e73;font-size:12px}
              td.num{text-align:left} tr.picture td{padding:0 0 6px} .picture-box{max-width:calc(100vw - 24px)} .controls{position:static}}
            </style></head><body>
            \(glyphs.svg())<h1>textfit stress report</h1>
            <p>\(summary.checks) checks, \(summary.failures) failing\(platform == .android ? " (android: sizes in sp at each font scale, as Android 14 scales them)" : ""): \(rows.count) row\(rows.count == 1 ? "" : "s") (key × locale × variant), \(failingRows) failing.</p>
            \(worstList())            \(notes.map { "<p class=\"note\">\(xmlEscaped($0))</p>\n" }.joined())            \(fallback)<p class="controls"><label>Sort <select id="sort"><option value="worst">worst first</option><option value="excess">excess (largest first)</option><option value="key">key</option><option value="locale">locale</option></select></label>
            <label>Locale <select id="locale"><option value="">all</option>\(options(locales))</select></label>
            <label>Status <select id="status"><option value="">all</option><option value="failing"\(failingRows > 0 ? " selected" : "")>failing</option><option value="passing">passing</option>\(options(StressStatus.allCases.filter { $0 != .untranslated }.map(\.rawValue)))<option value="untranslated">untranslated</option></select></label>
            <label>Key <input id="key" type="search" placeholder="part of a key" size="18"></label>
            <output id="count"></output></p>
            <p class="legend">A row per key × locale × variant; its strip has a cell per size, labelled under it (\(xmlEscaped(Self.sizeLegend(sizes)))), its letter the status there (F fits, W wraps, S scaled, T truncated, O overflow, M missing glyphs; outlined: fails). Widths are in \(unit)\(platform == .android ? " (text sizes in sp)" : ""); "about N characters too long" is an estimate: the width missing on each line over the text's own average character width. Under a failing row, its text at the first failing size, 1 \(unit) to 1 CSS px: the dashed box is the container, red what falls outside it.</p>
            <p><button id="previous">← previous</button> <span id="range"></span> <button id="next">next →</button></p>
            <table><thead><tr><th><button id="sort-key">Key</button></th><th><button id="sort-locale">Locale</button></th><th>First failing size</th><th>Sizes</th><th class="num"><button id="sort-excess">Needs · excess</button></th><th>Fault</th><th>Text</th><th>Container · origin</th></tr></thead>
            <tbody id="rows"></tbody></table>
            <script type="application/json" id="report-data">\(page.text)</script>
            <script>
            "use strict";
            const D = JSON.parse(document.getElementById("report-data").textContent), R = D.rows, PAGE = 100, $ = (id) => document.getElementById(id);
            const FAILING = D.statuses.length, loaded = new Map(), waiting = new Map();
            let matching = [], page = 0;
            const decimal = (x) => x === null ? "" : x.toFixed(1);
            const failing = (r) => r[8] !== null;
            const el = (tag, text, className) => { const e = document.createElement(tag); if (text) e.textContent = text; if (className) e.className = className; return e; };
            \(PageScript.pictureLoader(index: "+slot.dataset.picture"))
            const orders = {
              worst: (a, b) => a - b,
              excess: (a, b) => (R[b][14] ?? (failing(R[b]) ? -0.5 : -1)) - (R[a][14] ?? (failing(R[a]) ? -0.5 : -1)) || a - b,
              key: (a, b) => R[a][0] < R[b][0] ? -1 : R[a][0] > R[b][0] ? 1 : R[a][2] < R[b][2] ? -1 : R[a][2] > R[b][2] ? 1 : a - b,
              locale: (a, b) => R[a][2] < R[b][2] ? -1 : R[a][2] > R[b][2] ? 1 : a - b,
            };
            function filter() {
              const l = $("locale").value, s = $("status").value, k = $("key").value.trim().toLowerCase();
              matching = [];
              R.forEach((r, i) => {
                if (l && r[2] !== l) return;
                if (s === "failing" ? !failing(r) : s === "passing" ? failing(r) : s === "untranslated" ? !r[18] : s && D.statuses[r[10]] !== s) return;
                if (k && !r[0].toLowerCase().includes(k)) return;
                matching.push(i);
              });
              matching.sort(orders[$("sort").value]);
              page = 0;
              show();
            }
            function row(i) {
              const r = R[i], tr = el("tr", "", "case"), s = D.statuses[r[10]];
              tr.dataset.row = i; tr.dataset.key = r[0]; tr.dataset.locale = r[2]; tr.dataset.status = s;
              tr.dataset.failing = failing(r) ? "1" : "0";
              if (r[14] !== null) tr.dataset.excess = r[14];
              const cell = (label, className) => { const c = tr.insertCell(); if (label) c.dataset.label = label; if (className) c.className = className; return c; };
              const key = cell("", "key"); key.append(el("strong", r[0]));
              if (r[1]) key.append(el("br"), el("small", r[1]));
              const locale = cell("Locale"); locale.textContent = r[2];
              if (r[18]) locale.append(el("br"), el("span", "untranslated" + (r[19] ? ` (${r[19]})` : ""), "badge"));
              const first = cell("First failing size");
              if (failing(r)) {
                first.append(el("span", r[9] === null ? `${s} at every size checked` : `${s} from ${D.sizes[r[8]]}`, "s-" + s));
                if (r[9] !== null) first.append(el("br"), el("small", `fits up to ${D.sizes[r[9]]}`));
              } else first.append(el("span", "fits at every size checked", "s-fits"));
              const strip = el("span", "", "strip");
              strip.style.minWidth = `${Math.min(6, D.sizes.length) * 25}px`;
              strip.setAttribute("role", "list");
              for (let z = 0; z < D.sizes.length; z++) {
                const c = r[7].charCodeAt(z), none = c === 45, bad = c < 97, st = none ? "" : D.statuses[c - (bad ? 65 : 97)];
                const box = el("i", "", none ? "none" : `s-${st}${bad ? " fail" : ""}`);
                box.append(el("b", none ? "·" : st[0].toUpperCase()), el("small", D.short[z]));
                box.title = `${D.sizes[z]}: ${none ? "not checked" : st + (bad ? " (fails)" : "")}`;
                box.setAttribute("role", "listitem"); box.setAttribute("aria-label", box.title);
                strip.append(box);
              }
              cell("Sizes").append(strip);
              const needs = cell("Needs", "num"), u = " " + D.unit;
              const has = r[13] !== null && r[14] !== null ? decimal(r[13] - r[14]) + u : "the container's width";
              if (r[13] !== null) {
                needs.append(`needs ${decimal(r[13])}${u}`, el("br"), el("small", `has ${has} · +${decimal(r[14])}${u}${r[15] === null ? "" : ` · +${decimal(r[15])}%`}`));
                if (r[21] !== null) {
                  const about = el("small", `about ${r[21]} character${r[21] === 1 ? "" : "s"} too long`, "estimate");
                  about.title = "An estimate: the width missing on each line over the text's own average character width";
                  needs.append(el("br"), about);
                }
              } else if (failing(r) && r[16] !== null) needs.append(el("small", "no width holds it in the line limit"));
              if (r[16] !== null && failing(r)) needs.append(el("br"), el("small", `${r[16]} line${r[16] === 1 ? "" : "s"} in ${has}`));
              const fault = cell("Fault");
              if (failing(r) && r[17] !== null) fault.append(r[17] ? el("span", "fails in source too", "fault-source") : el("span", "translation's fault", "fault-translation"));
              const text = cell("Text", "text");
              if (r[3] !== null && r[3] !== r[4]) text.append(el("small", `source: ${r[3]}`), el("br"));
              text.append(r[4]);
              const where = cell("Container", "where");
              if (r[6] !== null) where.append(D.containers[r[6]]);
              if (r[5] !== null) {
                const origin = el("small", r[5], "origin");
                if (r[22] !== null) origin.title = r[22];
                where.append(el("br"), origin);
              }
              return tr;
            }
            function show() {
              const start = page * PAGE, end = Math.min(matching.length, start + PAGE), rows = document.createDocumentFragment(), slots = [];
              for (let k = start; k < end; k++) {
                const i = matching[k];
                rows.append(row(i));
                if (R[i][20] !== null) {
                  const tr = el("tr", "", "picture"), td = tr.insertCell(), box = el("div", "", "picture-box");
                  rows.lastChild.classList.add("has-picture");
                  td.colSpan = 8; box.dataset.picture = R[i][20]; box.dataset.row = i;
                  td.append(el("small", `${D.statuses[R[i][10]]} at ${D.sizes[R[i][8]]}`));
                  box.setAttribute("aria-label", `${R[i][0]} (${R[i][2]}) at ${D.sizes[R[i][8]]}`);
                  td.append(box); rows.append(tr); slots.push(box);
                }
              }
              $("rows").replaceChildren(rows);
              for (const slot of slots) observer.observe(slot);
              $("count").textContent = `${matching.length} of ${R.length} rows`;
              $("range").textContent = matching.length ? `${start + 1}–${end} of ${matching.length}` : "no rows match";
              $("previous").disabled = page === 0;
              $("next").disabled = end >= matching.length;
            }
            $("previous").onclick = () => { page -= 1; show(); scrollTo(0, 0); };
            $("next").onclick = () => { page += 1; show(); scrollTo(0, 0); };
            for (const id of ["sort", "locale", "status"]) $(id).onchange = filter;
            $("key").oninput = filter;
            for (const by of ["key", "locale", "excess"]) $("sort-" + by).onclick = () => { $("sort").value = by; filter(); };
            filter();
            </script></body></html>

            """
        return [("index.html", html)] + files
    }
}

extension StressReport {
    /// A size's name in the page's size strip, under its cell: `xS`, `L`, `xxxL`, `AX3`; `1.3×`.
    static func shortLabel(_ size: TextSize) -> String {
        switch size {
        case .fontScale(let scale): return "\(scale)×"
        case .dynamicType(let size):
            switch size {
            case .xSmall: return "xS"
            case .small: return "S"
            case .medium: return "M"
            case .large: return "L"
            case .xLarge: return "xL"
            case .xxLarge: return "xxL"
            case .xxxLarge: return "xxxL"
            case .accessibility1: return "AX1"
            case .accessibility2: return "AX2"
            case .accessibility3: return "AX3"
            case .accessibility4: return "AX4"
            case .accessibility5: return "AX5"
            }
        }
    }

    /// The strip's labels explained: `L large, AX3 accessibility3`; font scales are their own labels.
    static func sizeLegend(_ sizes: [TextSize]) -> String {
        sizes.contains(where: { if case .dynamicType = $0 { true } else { false } })
            ? sizes.map { "\(shortLabel($0)) \($0.label)" }.joined(separator: ", ")
            : "font scales: " + sizes.map(shortLabel).joined(separator: ", ")
    }

    /// The page's list of worst offenders (``Summary/worstFirst()``, the ten first, as the terminal
    /// summary lists them): empty when nothing fails.
    func worstList(_ count: Int = 10) -> String {
        let offenders = Array(summary.worstFirst().prefix(count))
        guard !offenders.isEmpty else { return "" }
        let texts: [String?] = firstFailingVerdicts(of: offenders).map { $0.map { Self.quoted($0.text) } }
        let items: [String] = zip(offenderLines(offenders), texts).map { line, text in
            "<li>" + xmlEscaped(line) + (text.map { "<br><span class=\"said\">" + xmlEscaped($0) + "</span>" } ?? "") + "</li>"
        }
        let heading = "<p>Worst offenders, each with its text: the translation's failures first, then those that fail in the "
            + "source too. Failing cases (key · locale · variant): " + xmlEscaped(faultCounts()) + ".</p>\n"
        let more = summary.firstFailures.count > count ? "<p>… and \(summary.firstFailures.count - count) more.</p>\n" : ""
        return heading + "<ol id=\"worst\">" + items.joined() + "</ol>\n" + more
    }
}

extension StressSweep {
    /// The HTML report of a sweep, `index.html` alone, its pictures inside it
    /// (``htmlFiles(of:entries:containers:maxPictures:picturesPerFile:)`` with no picture files).
    public func html(of report: StressReport, entries: [CatalogEntry], containers: [StressContainer],
                     maxPictures: Int = 20_000) -> String {
        htmlFiles(of: report, entries: entries, containers: containers, maxPictures: maxPictures, picturesPerFile: nil)[0].text
    }

    /// The HTML report of a sweep (``StressReport/htmlFiles(entry:draw:notes:picturesPerFile:)``):
    /// `index.html`, a row per key × locale × variant with its entry's source text, origin and
    /// container, and each failing row drawn in its container at its first failing size — the
    /// worst `maxPictures` of them (``StressReport/Summary/worstFirst()``), the page saying so when
    /// there are more —, in files `pictures/N.js` of `picturesPerFile` pictures each (`nil`: in the
    /// page). `entries` and `containers` are the sweep's, in the same order; a verdict finds its
    /// entry by key, locale and variant. The files are a pure function of these arguments.
    ///
    /// A picture is ~2.6 KB: a 700-key × 20-locale sweep with 13,939 failing rows has a 5.8 MB page
    /// and 35.8 MB of pictures in 140 files (docs/stress.md), of which the page loads only those of
    /// the rows in view.
    public func htmlFiles(of report: StressReport, entries: [CatalogEntry], containers: [StressContainer],
                          maxPictures: Int = 20_000, picturesPerFile: Int? = 100) -> [StressReport.PageFile] {
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
        var described: [StressContainer: String] = [:]
        let origins = OriginLabels()
        return report.htmlFiles(entry: { verdict in
            guard let index = entryIndex[Case(key: verdict.key, locale: verdict.locale, variant: verdict.variant)] else {
                return StressReport.PageEntry()
            }
            let box = Self.box(for: entries[index], in: containers[index])
            let container = described[box] ?? Self.describe(box)
            described[box] = container
            let origin = origins.label(entries[index].origin)
            return StressReport.PageEntry(sourceText: entries[index].sourceText, origin: origin.short, container: container, originDetail: origin.full)
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
        }, notes: notes, picturesPerFile: picturesPerFile)
    }

    /// A container in words, as the page shows it: `120 pt wide, padding 8, 1 line, body, Inter,
    /// weight 600, truncation allowed, shrinks to 0.8`.
    static func describe(_ container: StressContainer) -> String {
        func number(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.1f", value) }
        let unit = container.platform == .android ? "dp" : "pt"
        var parts = ["\(number(container.width)) \(unit) wide"]
        if container.padding > 0 { parts.append("padding \(number(container.padding))") }
        parts.append(container.maxLines.map { "\($0) line\($0 == 1 ? "" : "s")" } ?? "any number of lines")
        switch container.size {
        case .points(let size): parts.append("\(number(size)) \(container.platform == .android ? "sp" : "pt")")
        case .style(let style): parts.append(style.rawValue)
        case .relative(let size, let style): parts.append("\(number(size)) pt relative to \(style.rawValue)")
        case .material(let style): parts.append(style.rawValue)
        }
        // Material 3's letter spacing of a style: said only when the size is not that style already.
        if let style = container.materialStyle, container.size != .material(style) { parts.append("\(style.rawValue) spacing") }
        if let family = container.font.family { parts.append(family) } else if let file = container.font.file { parts.append((file as NSString).lastPathComponent) }
        if let weight = container.font.weight { parts.append("weight \(weight)") }
        if container.truncationAllowed { parts.append("truncation allowed") }
        if container.minimumScaleFactor < 1 { parts.append("shrinks to \(number(container.minimumScaleFactor))") }
        return parts.joined(separator: ", ")
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

    /// A pictures file (`pictures/N.js`): a call of the page's `callback` with the file's number
    /// from 0 and its pictures (``PageScript/pictureLoader(index:callback:files:into:)`` loads it).
    static func pictureFile(calling callback: String, chunk: Int, _ pictures: [String]) -> String {
        var data = PageData()
        data.raw("\(callback)(\(chunk),")
        data.strings(pictures)
        data.raw(");\n")
        return data.text
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func append(_ other: PageData) { bytes.append(contentsOf: other.bytes) }

    /// Bytes already in JSON's form (another ``PageData``'s).
    mutating func append(bytes more: [UInt8]) { bytes.append(contentsOf: more) }

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
    /// one buffer, written straight into ``bytes``. An SVG picture has thousands of quotes and angle
    /// brackets: appending the runs between them and each escape (`"\\u003c"` built as a `String`
    /// for every `<`) cost the stress benchmark's page (111,301 strings, 11,301 of them pictures)
    /// 1.58 G instructions; counting and writing through a table of each byte's escape, 22 and
    /// then ~8 instructions a byte (callgrind: a screen sweep's pictures, 2.1 M instructions each
    /// at 22).
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            Self.escapeLengths.withUnsafeBufferPointer { extra in
                var added = 0
                for byte in utf8 { added &+= Int(extra[Int(byte)]) }
                let start = bytes.count
                bytes.append(contentsOf: repeatElement(0, count: utf8.count + 2 + added))
                bytes.withUnsafeMutableBufferPointer { all in
                    let out = UnsafeMutableBufferPointer(rebasing: all[start...])
                    var at = 0
                    out[at] = UInt8(ascii: "\""); at += 1
                    if added == 0, let source = utf8.baseAddress, let target = out.baseAddress {
                        (target + 1).update(from: source, count: utf8.count)  // nothing to escape: one copy
                        at += utf8.count
                    } else {
                        for byte in utf8 {
                            guard extra[Int(byte)] != 0 else {
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
                    }
                    out[at] = UInt8(ascii: "\"")
                }
            }
        }
    }

    /// How many bytes each byte's escape adds: 1 for `"`, `\` and a line feed (`\"`, `\\`, `\n`),
    /// 5 for `<` and the other controls below U+0020 (`\u00XX`), 0 for the rest.
    private static let escapeLengths: [UInt8] = (0..<256).map { byte in
        guard needsEscape(UInt8(byte)) else { return 0 }
        return byte == 0x22 || byte == 0x5C || byte == 0x0A ? 1 : 5
    }

    /// `"`, `\`, `<` and the controls below U+0020.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C
    }
}

/// Origins as the report page shows them: `Settings.xcstrings:12`, the file's name and line, with
/// the whole path (and a String Catalog's JSON path) on hover. A String Catalog's entries carry a
/// JSON path, not a line (its reader parses JSON, which keeps no positions): the line is the one the
/// path's last member starts on, found by one scan of the file that notes the line of every object
/// member by its path, written as the reader writes paths (`$.strings["Done"].localizations.de`).
/// A file that cannot be read, or a path not found in it, shows the file's name alone.
final class OriginLabels {
    private var lines: [String: [String: Int]] = [:]

    /// The origin's short form (`Settings.xcstrings:12`) and its full one, the file's absolute path
    /// (`/work/app/Settings.xcstrings:12`, and a String Catalog's JSON path after it).
    func label(_ origin: SourceLocation) -> (short: String, full: String) {
        let name = (origin.file as NSString).lastPathComponent
        let absolute = URL(fileURLWithPath: origin.file).standardizedFileURL.path
        if let line = origin.line { return ("\(name):\(line)", "\(absolute):\(line)") }
        guard let path = origin.jsonPath else { return (name, absolute) }
        if lines[origin.file] == nil { lines[origin.file] = Self.memberLines(origin.file) }
        guard let line = lines[origin.file]?[path] else { return (name, "\(absolute) \(path)") }
        return ("\(name):\(line)", "\(absolute):\(line) \(path)")
    }

    /// The line of each object member of the JSON file at `file`, by its path. Keys are taken as
    /// written (a key with escapes other than `\"` and `\\` is written differently by the reader,
    /// and not found).
    static func memberLines(_ file: String) -> [String: Int] {
        guard let data = FileManager.default.contents(atPath: file) else { return [:] }
        var found: [String: Int] = [:]
        let bytes = [UInt8](data)
        // A stack of open containers: the path to each, whether it is an object, and an array's next index.
        var stack: [(path: String, isObject: Bool, index: Int)] = []
        var line = 1, i = 0
        var pendingKey: (text: String, line: Int)?  // a string read in an object, until `:` says it is a key
        var expectKey = false
        func member(_ key: String) -> String {
            let identifier = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
                && !("0"..."9").contains(key.unicodeScalars.first!)
            return identifier ? "." + key : "[\"" + key + "\"]"
        }
        var current: String { stack.last?.path ?? "$" }
        var valuePath: String?  // the path of the value about to start
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x0A: line += 1
            case 0x22:  // a string
                let start = i + 1
                i += 1
                while i < bytes.count, bytes[i] != 0x22 {
                    if bytes[i] == 0x5C { i += 1 }
                    if i < bytes.count, bytes[i] == 0x0A { line += 1 }
                    i += 1
                }
                if expectKey, let last = stack.last, last.isObject {
                    pendingKey = (String(decoding: bytes[start..<min(i, bytes.count)], as: UTF8.self), line)
                    expectKey = false
                }
            case 0x3A:  // `:` after a key
                if let key = pendingKey {
                    // The catalog's keys are always bracketed (`$.strings["Done"]`), other members only when not identifiers.
                    let path = current == "$.strings" ? current + "[\"" + key.text + "\"]" : current + member(key.text)
                    if found[path] == nil { found[path] = key.line }
                    valuePath = path
                    pendingKey = nil
                }
            case 0x7B, 0x5B:  // `{` or `[`
                var path = valuePath ?? current
                if valuePath == nil, let last = stack.last, !last.isObject {
                    path = last.path + "[\(last.index)]"
                }
                if stack.isEmpty { path = "$" }
                stack.append((path, byte == 0x7B, 0))
                expectKey = byte == 0x7B
                valuePath = nil
            case 0x7D, 0x5D:
                if !stack.isEmpty { stack.removeLast() }
                expectKey = false
            case 0x2C:  // `,`: the next member, or the next element
                if let last = stack.last {
                    if last.isObject { expectKey = true } else { stack[stack.count - 1].index += 1 }
                }
                valuePath = nil
            default: break
            }
            i += 1
        }
        return found
    }
}

/// JavaScript the report pages share.
enum PageScript {
    /// The lazy picture loader: each slot, as it nears the window, gets its picture, from the
    /// page's own `D.pictures` or from `FILESN.js` (`D.picturesPerFile` a file, each file calling
    /// `callback(chunk, list)`: ``PageData/pictureFile(calling:chunk:_:)``), loaded once and shared
    /// by the slots that wait for it. `index` is a JavaScript expression of `slot`, the picture's
    /// number (negative: none), and `target` the element of `slot` the picture goes into. The page
    /// defines `D`, `loaded` and `waiting` (two `Map`s) before it, and observes its slots with
    /// `observer` after it.
    ///
    /// `prepare` (statements of `slot` and `svg`, which they may change) runs before a picture is
    /// inserted, `filled` (statements of `slot`) after.
    static func pictureLoader(index: String, callback: String = "textfitPictures", files: String = "pictures/",
                              into target: String = "slot", prepare: String = "", filled: String = "") -> String {
        """
        const pictureIndex = (slot) => \(index), pictureTarget = (slot) => \(target);
        function fill(slot, svg) {
        \(prepare)pictureTarget(slot).innerHTML = svg; slot.dataset.loaded = "1";
        \(filled)}
        window.\(callback) = (chunk, list) => {
          loaded.set(chunk, list);
          for (const slot of waiting.get(chunk) || []) fill(slot, list[pictureIndex(slot) % D.picturesPerFile]);
          waiting.delete(chunk);
        };
        function picture(slot) {
          const n = pictureIndex(slot);
          if (n < 0) return;
          if (D.pictures) return fill(slot, D.pictures[n]);
          const chunk = Math.floor(n / D.picturesPerFile);
          if (loaded.has(chunk)) return fill(slot, loaded.get(chunk)[n % D.picturesPerFile]);
          if (!waiting.has(chunk)) {
            waiting.set(chunk, []);
            const script = document.createElement("script");
            script.src = `\(files)${chunk + 1}.js`;
            script.onerror = () => { for (const s of waiting.get(chunk) || []) pictureTarget(s).textContent = `(\(files)${chunk + 1}.js is missing)`; };
            document.head.append(script);
          }
          waiting.get(chunk).push(slot);
        }
        const observer = "IntersectionObserver" in window
          ? new IntersectionObserver((seen) => { for (const e of seen) if (e.isIntersecting) { observer.unobserve(e.target); picture(e.target); } }, { rootMargin: "800px" })
          : { observe: picture };
        """
    }
}
