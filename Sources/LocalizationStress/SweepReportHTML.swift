import Foundation
import LayoutCore
import Rendering
import Typography

// The HTML page of a screen sweep's report (`LocalizationSweep.Report`): a section per finding group
// (screen × key × kind), failing ones first, with what it is, where it was written and whose fault it
// is, and under it a picture per locale of the screen at that locale's first failing size on the first
// device that fails, the failing text outlined. The page looks like the catalog sweep's
// (ReportPage.swift: the same style, the same lazily loaded pictures sharing one glyph sheet, in
// `pictures/N.js` files or in the page); kept in a file of its own so the two can be unified.
//
// | step | function |
// |---|---|
// | the pictures: each distinct layout of the groups' examples made again on every core, a locale's together (its strings shaped once), each example drawn | `LocalizationSweep.drawExamples(_:sharing:_:)` |
// | a group as a section (its heading, facts and picture slots) | `SweepPage.section(_:pictures:)` |
// | the page and its picture files, in memory or written a file at a time | `htmlFiles(of:picturesPerFile:)`, `writeHTML(of:to:picturesPerFile:)` |

extension LocalizationSweep {
    /// The HTML report of `report` (this sweep's), `index.html` alone, its pictures inside it
    /// (``htmlFiles(of:picturesPerFile:)`` with no picture files).
    public func html(of report: Report) -> String {
        htmlFiles(of: report, picturesPerFile: nil)[0].text
    }

    /// The HTML report of `report` (this sweep's): `index.html` first, then its pictures' files
    /// (``writeHTML(of:to:picturesPerFile:)`` writes the same files, holding one picture file at a time).
    ///
    /// The page has the sweep's summary (layouts, screens, locales, sizes, devices; failing and
    /// allowed groups), then a section per group (``Report/groups``): failing groups first, then the
    /// allowed ones (marked, with the reason), each in the order the sweep found them. A section
    /// says what fails, in which locales, from which size, on which devices and which it fits on,
    /// the room it needs, whose fault it is and the source line, then shows one picture per locale
    /// (``FindingGroup/examples``): the screen at that locale's first failing size, every text with
    /// a finding outlined (red failing, dashed amber allowed), the group's own text thickest
    /// (``picture(of:)``). Pictures share one glyph sheet (the page carries it once) and are
    /// inserted as they scroll into view; with `picturesPerFile` they are in files `pictures/1.js`,
    /// `pictures/2.js`, … of that many each, loaded (as scripts: they work from a `file://` folder)
    /// only when one is needed; with `nil` they are in the page. Without JavaScript the page still
    /// lists every group.
    ///
    /// The pictures are drawn in the sweep's order (screen, locale, size, device), not the page's,
    /// so that the examples of one layout share it and one locale's strings stay in the text
    /// cache; the page maps each slot to its picture. The files are a pure function of the report
    /// and the sweep.
    /// - Complexity: a layout per distinct (screen, locale, size, device) among the examples (at
    ///   most groups × locales), on every core, and an SVG per example.
    public func htmlFiles(of report: Report, picturesPerFile: Int? = 100) -> [StressReport.PageFile] {
        var files: [StressReport.PageFile] = []
        let page = writePage(of: report, picturesPerFile: picturesPerFile) { files.append($0) }
        return [("index.html", page)] + files
    }

    /// Writes the HTML report of `report` (``htmlFiles(of:picturesPerFile:)``) into `folder`
    /// (`index.html`, `pictures/N.js`), each picture file as soon as it is full, so memory holds
    /// one file's pictures, the glyph sheet and the page, whatever the number of pictures.
    /// - Throws: the file system's error when a file cannot be written.
    public func writeHTML(of report: Report, to folder: URL, picturesPerFile: Int = 100) throws {
        let pictures = folder.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        var failure: (any Error)?
        let page = writePage(of: report, picturesPerFile: picturesPerFile) { file in
            guard failure == nil else { return }
            do { try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name)) } catch { failure = error }
        }
        if let failure { throw failure }
        try Data(page.utf8).write(to: folder.appendingPathComponent("index.html"))
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// The page of `report`, its pictures handed to `emit` as files of `picturesPerFile` as they
    /// are drawn (in the page when `nil`).
    private func writePage(of report: Report, picturesPerFile: Int?, emit: (StressReport.PageFile) -> Void) -> String {
        let ordered = report.failures + report.groups.filter(\.isAllowed)
        let examples = ordered.flatMap(\.examples)
        var glyphs = SVGGlyphSheet(idPrefix: "glyph-")
        let perFile = picturesPerFile.map { max(1, $0) }
        var chunk: [String] = [], chunks = 0, inlined = PageData(), drawnCount = 0
        inlined.raw("[")
        func flush() {
            guard perFile != nil, !chunk.isEmpty else { return }
            emit(("pictures/\(chunks + 1).js", PageData.pictureFile(calling: "textfitPictures", chunk: chunks, chunk)))
            chunks += 1
            chunk.removeAll(keepingCapacity: true)
        }
        // Slot (example index) → picture number (the order drawn), -1 when not drawn.
        var pictureOf = [Int](repeating: -1, count: examples.count)
        drawExamples(examples, sharing: &glyphs) { example, svg in
            guard let svg else { return }
            pictureOf[example] = drawnCount
            drawnCount += 1
            if let perFile {
                chunk.append(svg)
                if chunk.count == perFile { flush() }
            } else {
                if drawnCount > 1 { inlined.raw(",") }
                inlined.string(svg)
            }
        }
        flush()
        inlined.raw("]")
        var sections = "", next = 0
        for group in ordered {
            let count = group.examples.count
            sections += SweepPage.section(group, pictures: (next..<next + count).map { pictureOf[$0] < 0 ? nil : $0 })
            next += count
        }
        let failing = report.failures.count, allowed = report.groups.count - failing
        return SweepPage.page(
            title: "\(report.name): screen sweep",
            summary: "\(report.layouts) layouts: \(Self.plural(report.screens.count, "screen")) × \(Self.plural(report.locales.count, "locale")) × "
                + "\(Self.plural(report.textSizes.count, "text size")) × \(Self.plural(report.devices.count, "device")). "
                + "\(Self.plural(failing, "failing group")) (screen × text × kind), \(allowed) allowed (\(drawnCount) picture\(drawnCount == 1 ? "" : "s")).",
            swept: [("Screens", report.screens), ("Locales", report.locales), ("Text sizes", report.textSizes.map(\.label)),
                    ("Devices", report.devices)],
            sections: sections, glyphs: glyphs.svg(), inlinePictures: perFile == nil ? inlined.text : nil,
            picturesPerFile: perFile, drawnIndex: pictureOf)
    }

    /// Draws `examples`, handing each (its index in `examples`, its SVG or `nil` when it cannot be
    /// drawn) to `body`, in the order of locale, size, screen, device and orientation: a window of
    /// distinct layouts made at a time on every core, each drawn once per example it shows, in
    /// order, into `glyphs`.
    func drawExamples(_ examples: [Finding], sharing glyphs: inout SVGGlyphSheet, _ body: (Int, String?) -> Void) {
        var sheet: SVGGlyphSheet? = glyphs
        defer { glyphs = sheet! }
        let screenIndex = Dictionary(screens.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let localeIndex = Dictionary(locales.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let sizeIndex = Dictionary(textSizes.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let deviceIndex = Dictionary(devices.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        // (locale, size, screen, device, orientation): a locale's layouts together, so its strings
        // are shaped once for all its screens (an app's screens share their buttons' and tabs'
        // keys), not again for each screen after the text cache let them go.
        func key(_ finding: Finding) -> [Int] {
            [localeIndex[finding.locale] ?? -1, sizeIndex[finding.size] ?? -1, screenIndex[finding.screen] ?? -1,
             deviceIndex[finding.device] ?? -1, finding.orientation == .portrait ? 0 : 1]
        }
        // The distinct layouts, in that order, each with the examples it shows; the layouts of one
        // (locale, size, screen) in a run, made in one tree moved from device to device.
        var byLayout: [[Int]: [Int]] = [:]
        for (index, example) in examples.enumerated() { byLayout[key(example), default: []].append(index) }
        var units: [[[Int]]] = []
        for layoutKey in byLayout.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            if let last = units.last?.last, last.prefix(3) == layoutKey.prefix(3) {
                units[units.count - 1].append(layoutKey)
            } else {
                units.append([layoutKey])
            }
        }
        var start = 0
        while start < units.count {
            let part = Array(units[start..<min(units.count, start + Self.window)])
            let made = (try? ParallelBatches.map(part.count, batchSize: 1) { range in
                range.map { k -> [FindingLayout?] in
                    var tree: LayoutTree?
                    return part[k].map { layoutKey in
                        let shown = byLayout[layoutKey]!
                        return layout(of: examples[shown[0]], alsoShowing: shown.map { examples[$0].index }, tree: &tree)
                    }
                }
            })?.flatMap { $0 } ?? []
            for (offset, unit) in part.enumerated() {
                for (position, layoutKey) in unit.enumerated() {
                    for index in byLayout[layoutKey]! {
                        guard offset < made.count, let layout = made[offset][position] else { body(index, nil); continue }
                        body(index, picture(of: examples[index], in: layout, sharing: &sheet, idPrefix: "p\(index)-"))
                    }
                }
            }
            start += part.count
        }
    }
}

/// The markup of a sweep's page (``LocalizationSweep/htmlFiles(of:picturesPerFile:)``).
enum SweepPage {
    static func escaped(_ text: String) -> String { xmlEscaped(text) }

    /// A group's section: its heading, what it is, and a slot per example for its picture
    /// (`pictures[k]`: the example's index among all the page's examples, `nil` when not drawn).
    static func section(_ group: LocalizationSweep.FindingGroup, pictures: [Int?]) -> String {
        let finding = group.first
        let name = group.key ?? "text “\(LocalizationSweep.Finding.short(group.text))”"
        let kindPhrase = group.kind.phrase(shownLocale: finding.shownLocale, hasKey: group.key != nil)
        var html = "<section class=\"group\(group.isAllowed ? " allowed" : "")\" data-kind=\"\(group.kind.rawValue)\""
            + (group.key.map { " data-key=\"\(escaped($0))\"" } ?? "") + ">\n"
        html += "<h2><span class=\"kind k-\(group.kind.rawValue)\">\(escaped(kindPhrase))</span> <code>\(escaped(name))</code>"
            + " <small>on \(escaped(group.screen))</small>\(group.isAllowed ? " <span class=\"badge\">allowed</span>" : "")</h2>\n"
        var facts: [(String, String)] = []
        facts.append(("Where", "in \(group.locales.joined(separator: ", ")) from \(group.firstFailingSize.label) on \(group.devices.joined(separator: ", "))"
            + (group.fitsOn.isEmpty ? "" : "; fits on \(group.fitsOn.joined(separator: ", "))")))
        if let room = LocalizationSweep.Finding.room(needed: finding.neededWidth, available: finding.availableWidth, kind: group.kind) {
            var words = room + " at \(group.firstFailingSize.label)"
            if let largest = group.largestExcess, let excess = finding.excess, largest > excess + 0.05 {
                words += "; up to +\(LocalizationSweep.Finding.points(largest)) pt"
            }
            facts.append(("Room", words))
        }
        if let detail = finding.detail { facts.append(("Against", detail)) }
        switch group.sourceFails {
        case false?: facts.append(("Fault", "the translation's (\(group.sourceLanguage) fits)"))
        case true?: facts.append(("Fault", "the layout's (\(group.sourceLanguage) fails too"
            + (group.sourceFailsFrom.map { ", from \($0.label)" } ?? "") + ")"))
        case nil: break
        }
        facts.append(("Text", group.text))
        facts.append(("Source", group.location))
        if let id = group.id { facts.append(("id", id)) }
        if let identifier = group.accessibilityIdentifier { facts.append(("accessibilityIdentifier", identifier)) }
        if let allowance = group.allowance { facts.append(("Allowed", allowance.reason)) }
        facts.append(("Findings", "\(group.count) (locales × sizes × devices)"))
        html += "<dl>" + facts.map { "<dt>\(escaped($0.0))</dt><dd>\(escaped($0.1))</dd>" }.joined() + "</dl>\n<div class=\"shots\">"
        for (example, picture) in zip(group.examples, pictures) {
            let caption = "\(example.locale) · \(example.size.label) · \(LocalizationSweep.deviceLabel(example.device, example.orientation))"
            html += "<figure><figcaption>\(escaped(caption))</figcaption>"
            if let picture {
                html += "<div class=\"shot\" data-example=\"\(picture)\" role=\"img\" aria-label=\"\(escaped(name)) \(escaped(kindPhrase)): \(escaped(caption))\"></div>"
            } else {
                html += "<div class=\"shot none\">(not drawn)</div>"
            }
            if let room = LocalizationSweep.Finding.room(needed: example.neededWidth, available: example.availableWidth, kind: group.kind) {
                html += "<small>\(escaped(room))</small>"
            }
            html += "<small class=\"shown\">\(escaped(LocalizationSweep.Finding.short(example.text)))</small></figure>"
        }
        html += "</div>\n</section>\n"
        return html
    }

    /// The page around the sections.
    static func page(title: String, summary: String, swept: [(String, [String])], sections: String, glyphs: String,
                     inlinePictures: String?, picturesPerFile: Int?, drawnIndex: [Int]) -> String {
        var map = PageData()
        map.raw("[" + drawnIndex.map(String.init).joined(separator: ",") + "]")
        let data = "{\"picturesPerFile\":\(picturesPerFile.map(String.init) ?? "null"),\"drawn\":\(map.text)"
            + (inlinePictures.map { ",\"pictures\":" + $0 } ?? "") + "}"
        var safeData = PageData()
        safeData.raw(data.replacingOccurrences(of: "</", with: "<\\/"))
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>\(escaped(title))</title>
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#1d1d1f} h1{font-size:20px} h2{font-size:16px;margin:0 0 6px}
            small,.note,.legend{color:#6e6e73} code{font:600 14px ui-monospace,monospace}
            .badge{display:inline-block;font-size:12px;padding:0 5px;border-radius:8px;background:#fff8c5;color:#7d4e00;font-weight:400}
            .kind{font-size:13px;padding:1px 6px;border-radius:4px;color:#fff;background:#cf222e;font-weight:600}
            .k-scaled,.k-untranslated{background:#9a6700} .allowed .kind{background:#bf8700}
            section.group{border-top:1px solid #e5e5ea;padding:12px 0} section.allowed{opacity:.85}
            dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px} dt{color:#6e6e73} dd{margin:0}
            .shots{display:flex;flex-wrap:wrap;gap:12px} figure{margin:0;width:250px} figcaption{font-weight:600}
            figure small{display:block} .shot{width:250px;min-height:120px;border:1px solid #c7c7cc;background:#fff}
            .shot svg{display:block;width:100%;height:auto} .swept td{padding:0 10px 0 0;vertical-align:top}
            </style></head><body>
            \(glyphs)<h1>\(escaped(title))</h1>
            <p>\(escaped(summary))</p>
            <table class="swept">\(swept.map { "<tr><td>\(escaped($0.0))</td><td>\(escaped($0.1.joined(separator: ", ")))</td></tr>" }.joined())</table>
            <p class="legend">A section per screen × text × kind of finding, failing ones first. Under it, the screen in each locale at its first failing size, on the first device that fails: every text with a finding outlined (red: failing, dashed amber: allowed), the section's own text thickest; red outside the screen's dashed edge is what the screen cuts off. A text scrolled below the screen is shown on the screen made taller, the screen's end a blue dashed line.</p>
            \(sections.isEmpty ? "<p>Nothing found: every text fits in every locale, size and device.</p>\n" : sections)<script type="application/json" id="sweep-data">\(safeData.text)</script>
            <script>
            "use strict";
            const D = JSON.parse(document.getElementById("sweep-data").textContent), loaded = new Map(), waiting = new Map();
            \(PageScript.pictureLoader(index: "D.drawn[+slot.dataset.example]"))
            for (const slot of document.querySelectorAll(".shot[data-example]")) observer.observe(slot);
            </script></body></html>

            """
    }
}
