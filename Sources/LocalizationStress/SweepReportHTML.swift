import Foundation
import LayoutCore
import Rendering
import Synchronization
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
// | the pictures while sweeping: each layout holding a group's first finding in a locale drawn by the core that made it | `LocalizationSweep.layOut(_:cache:drawingInto:)` (LocalizationSweep.swift), `run(writingHTMLTo:picturesPerFile:forEach:)` |
// | the pictures of a report afterwards: each distinct layout of its groups' examples made again on every core, in the sweep's order, and drawn | `LocalizationSweep.drawExamples(of:into:)` |
// | the pictures numbered, escaped, written a file at a time; the page around them | `SweepPictureSink` |
// | a group as a section (its heading, facts and picture slots) | `SweepPage.section(_:pictures:)` |
// | the page and its picture files, in memory or written | `htmlFiles(of:picturesPerFile:)`, `writeHTML(of:to:picturesPerFile:)` |

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
    /// (``picture(of:)``). A layout that is the example of several groups is drawn once and shown
    /// in each of their sections, the page's script making each one's own text thickest. Pictures
    /// share one glyph sheet (the page carries it once) and are inserted as they scroll into view;
    /// with `picturesPerFile` they are in files `pictures/1.js`, `pictures/2.js`, … of that many
    /// each, loaded (as scripts: they work from a `file://` folder) only when one is needed; with
    /// `nil` they are in the page. Without JavaScript the page still lists every group.
    ///
    /// The pictures are numbered in the sweep's order (screen, locale, size, device, orientation),
    /// not the page's, so the files are the same as ``run(writingHTMLTo:picturesPerFile:forEach:)``
    /// writes while it sweeps; the page maps each slot to its picture. The files are a pure
    /// function of the report and the sweep.
    /// - Complexity: a layout per distinct (screen, locale, size, device) among the examples (at
    ///   most groups × locales), on every core, each drawn once.
    public func htmlFiles(of report: Report, picturesPerFile: Int? = 100) -> [StressReport.PageFile] {
        var files: [StressReport.PageFile] = []
        let pictures = SweepPictureSink(picturesPerFile: picturesPerFile) { files.append(($0, String(decoding: $1, as: UTF8.self))) }
        drawExamples(of: report, into: pictures)
        return [("index.html", pictures.page(of: report, sweep: self))] + files
    }

    /// Writes the HTML report of `report` (``htmlFiles(of:picturesPerFile:)``) into `folder`
    /// (`index.html`, `pictures/N.js`), each picture file as soon as it is full, so memory holds
    /// one file's pictures, the glyph sheet and the page, whatever the number of pictures.
    /// ``run(writingHTMLTo:picturesPerFile:forEach:)`` writes the same files without laying the
    /// examples out again.
    /// - Throws: the file system's error when a file cannot be written.
    public func writeHTML(of report: Report, to folder: URL, picturesPerFile: Int = 100) throws {
        try writingHTML(to: folder, picturesPerFile: picturesPerFile) { pictures in
            drawExamples(of: report, into: pictures)
            return report
        }
    }

    /// Runs the sweep as ``run(forEach:)`` does (handing each finding to `body`, keeping none) and
    /// writes its HTML report into `folder` as it goes: each group's example in each locale is
    /// drawn from the layout the sweep made, on the core that made it, when the sweep finds it,
    /// and written with the rest of its picture file (`pictures/N.js`) as soon as that is full;
    /// `index.html` last. The files are those ``writeHTML(of:to:picturesPerFile:)`` writes for the
    /// report this returns, without laying a layout out twice; memory holds two windows of layouts,
    /// one picture file and the glyph sheet.
    ///
    /// ```swift
    /// let report = try sweep.run(writingHTMLTo: URL(fileURLWithPath: ".build/sweep"))
    /// #expect(report.failures.isEmpty, "\(report)")  // the pictures are in .build/sweep/index.html
    /// ```
    /// - Throws: the file system's error when a file cannot be written (after the sweep: its
    ///   findings have all gone to `body`).
    public func run(writingHTMLTo folder: URL, picturesPerFile: Int = 100, forEach body: (Finding) -> Void = { _ in }) throws -> Report {
        try writingHTML(to: folder, picturesPerFile: picturesPerFile) { pictures in
            run(only: nil, pictures: pictures, forEach: body)
        }
    }

    /// Writes into `folder` the page of the report `make` returns, and the picture files of what
    /// `make` draws into the sink it is given: each file written on a thread of its own while the
    /// sweep goes on (at most two waiting), the page last.
    @discardableResult
    private func writingHTML(to folder: URL, picturesPerFile: Int, _ make: (SweepPictureSink) -> Report) throws -> Report {
        let directory = folder.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let writes = DispatchQueue(label: "textfit.sweep.pictures"), waiting = DispatchSemaphore(value: 2)
        let failure = FirstFailure()
        let pictures = SweepPictureSink(picturesPerFile: picturesPerFile) { name, bytes in
            waiting.wait()
            writes.async {
                defer { waiting.signal() }
                failure.record { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
            }
        }
        let report = make(pictures)
        let page = pictures.page(of: report, sweep: self)
        writes.sync {}
        try failure.rethrow()
        try Data(page.utf8).write(to: folder.appendingPathComponent("index.html"))
        return report
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Draws the examples of `report`'s groups into `pictures`: each distinct layout among them
    /// once, in the sweep's order (screen, locale, size, device, orientation), with the examples
    /// it shows; a window of (screen, locale, size) units at a time on every core, each unit's
    /// tree moved from device to device and each layout drawn before the tree moves on.
    func drawExamples(of report: Report, into pictures: SweepPictureSink) {
        let examples = report.groups.flatMap(\.examples)
        let screenIndex = Dictionary(screens.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let localeIndex = Dictionary(locales.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let sizeIndex = Dictionary(textSizes.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let deviceIndex = Dictionary(devices.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let orientationIndex = Dictionary(orientations.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        func key(_ finding: Finding) -> [Int]? {
            guard let screen = screenIndex[finding.screen], let locale = localeIndex[finding.locale], let size = sizeIndex[finding.size],
                  let device = deviceIndex[finding.device], let orientation = orientationIndex[finding.orientation] else { return nil }
            return [screen, locale, size, device, orientation]
        }
        // The distinct layouts, in the sweep's order, each with the examples it shows; the layouts
        // of one (screen, locale, size) in a run, made in one tree moved from device to device.
        var byLayout: [[Int]: [Int]] = [:]
        for (index, example) in examples.enumerated() {
            if let layoutKey = key(example) { byLayout[layoutKey, default: []].append(index) }
        }
        var units: [[[Int]]] = []
        for layoutKey in byLayout.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            if let last = units.last?.last, last.prefix(3) == layoutKey.prefix(3) {
                units[units.count - 1].append(layoutKey)
            } else {
                units.append([layoutKey])
            }
        }
        let sheet = pictures.sheet
        var start = 0
        while start < units.count {
            let part = Array(units[start..<min(units.count, start + Self.window * 4)])
            let made = (try? ParallelBatches.map(part.count, batchSize: 1) { range in
                range.flatMap { k -> [DrawnLayout] in
                    var tree: LayoutTree?, sheet = sheet
                    return part[k].compactMap { layoutKey in
                        let shown = byLayout[layoutKey]!.map { examples[$0] }
                        guard let first = shown.first,
                              let made = layout(of: first, alsoShowing: shown.map(\.index), tree: &tree) else { return nil }
                        let svg = pagePicture(of: made, screen: first.screen, locale: first.locale, size: first.size,
                                              orientation: first.orientation, sharing: &sheet)
                        return DrawnLayout(svg: svg, locale: first.locale, examples: shown.map(FindingGroups.identity(of:)))
                    }
                }
            })?.flatMap { $0 } ?? []
            for drawn in made { pictures.add(drawn) }
            start += part.count
        }
    }
}

/// A layout drawn for a sweep's page: its picture (``LocalizationSweep/pagePicture(of:screen:locale:size:orientation:sharing:)``)
/// as a JSON string (escaped on the thread that drew it), its locale, and the groups whose example
/// in that locale it is.
struct DrawnLayout: Sendable {
    let json: [UInt8]
    let locale: String
    let examples: [FindingGroups.Identity]

    init(svg: String, locale: String, examples: [FindingGroups.Identity]) {
        var data = PageData()
        data.string(svg)
        json = data.bytes
        self.locale = locale
        self.examples = examples
    }
}

/// The first error of the picture files' writes, from the thread that writes them.
private final class FirstFailure: Sendable {
    private let error = Mutex<(any Error)?>(nil)

    func record(_ body: () throws -> Void) {
        do { try body() } catch { self.error.withLock { if $0 == nil { $0 = error } } }
    }

    func rethrow() throws {
        if let error = error.withLock({ $0 }) { throw error }
    }
}

/// The pictures of a sweep's page as they are drawn (in the sweep's order, during the sweep or
/// after it), numbered, handed out in files of `picturesPerFile` (kept for the page when `nil`),
/// and the page around them at the end. Used on the thread that runs the sweep; the drawing
/// threads share only ``sheet``.
package final class SweepPictureSink {
    /// The glyph definitions every picture's glyphs go into, from any thread.
    let sheet = SVGGlyphSheet.threadShared(idPrefix: "glyph-")
    private let perFile: Int?
    private let emit: (String, [UInt8]) -> Void
    /// The current file (`textfitPictures(N,[…` so far) and how many pictures it has; all the
    /// pictures, for the page, when there are no files.
    private var chunk = PageData(), inChunk = 0, chunks = 0
    private var inlined = PageData()
    /// How many pictures there are.
    private var count = 0

    private struct Example: Hashable {
        let group: FindingGroups.Identity
        let locale: String
    }
    /// Each (group, locale) example's picture number.
    private var pictureOf: [Example: Int] = [:]

    /// A sink handing each full file of pictures to `emit` (its name and bytes: `pictures/N.js`,
    /// ``PageData/pictureFile(calling:chunk:_:)``'s form), or keeping them for the page when `picturesPerFile` is `nil`.
    init(picturesPerFile: Int?, emit: @escaping (String, [UInt8]) -> Void) {
        perFile = picturesPerFile.map { max(1, $0) }
        self.emit = emit
        inlined.raw("[")
    }

    /// Numbers `drawn`'s picture, the next, for its examples, and adds it to the current file.
    func add(_ drawn: DrawnLayout) {
        for group in drawn.examples where pictureOf[Example(group: group, locale: drawn.locale)] == nil {
            pictureOf[Example(group: group, locale: drawn.locale)] = count
        }
        count += 1
        if let perFile {
            chunk.raw(inChunk == 0 ? "textfitPictures(\(chunks),[" : ",")
            chunk.append(bytes: drawn.json)
            inChunk += 1
            if inChunk == perFile { flush() }
        } else {
            if count > 1 { inlined.raw(",") }
            inlined.append(bytes: drawn.json)
        }
    }

    private func flush() {
        guard perFile != nil, inChunk > 0 else { return }
        chunk.raw("]);\n")
        emit("pictures/\(chunks + 1).js", chunk.bytes)
        chunks += 1
        chunk = PageData()
        inChunk = 0
    }

    /// The page of `report` (`sweep`'s), its slots pointing at the pictures drawn; the last
    /// picture file handed out first.
    func page(of report: LocalizationSweep.Report, sweep: LocalizationSweep) -> String {
        flush()
        inlined.raw("]")
        let ordered = report.failures + report.groups.filter(\.isAllowed)
        var sections = ""
        for group in ordered {
            sections += SweepPage.section(group, pictures: group.examples.map { example in
                pictureOf[Example(group: FindingGroups.identity(of: example), locale: example.locale)].map { ($0, example.index) }
            })
        }
        let failing = report.failures.count, allowed = report.groups.count - failing
        let slots = ordered.reduce(0) { $0 + $1.examples.count }
        return SweepPage.page(
            title: "\(report.name): screen sweep",
            summary: "\(report.layouts) layouts: \(LocalizationSweep.plural(report.screens.count, "screen")) × "
                + "\(LocalizationSweep.plural(report.locales.count, "locale")) × \(LocalizationSweep.plural(report.textSizes.count, "text size")) × "
                + "\(LocalizationSweep.plural(report.devices.count, "device")). \(LocalizationSweep.plural(failing, "failing group")) "
                + "(screen × text × kind), \(allowed) allowed (\(LocalizationSweep.plural(slots, "example")), "
                + "\(LocalizationSweep.plural(count, "picture"))).",
            swept: [("Screens", report.screens), ("Locales", report.locales), ("Text sizes", report.textSizes.map(\.label)),
                    ("Devices", report.devices)],
            sections: sections, glyphs: sheet.svg(), inlinePictures: perFile == nil ? inlined.text : nil,
            picturesPerFile: perFile)
    }
}

/// The markup of a sweep's page (``LocalizationSweep/htmlFiles(of:picturesPerFile:)``).
enum SweepPage {
    static func escaped(_ text: String) -> String { xmlEscaped(text) }

    /// A group's section: its heading, what it is, and a slot per example for its picture
    /// (`pictures[k]`: the picture's number and the example's text in it, `nil` when not drawn).
    static func section(_ group: LocalizationSweep.FindingGroup, pictures: [(picture: Int, shown: Int)?]) -> String {
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
                html += "<div class=\"shot\" data-picture=\"\(picture.picture)\" data-shown=\"\(picture.shown)\" role=\"img\" aria-label=\"\(escaped(name)) \(escaped(kindPhrase)): \(escaped(caption))\"></div>"
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
                     inlinePictures: String?, picturesPerFile: Int?) -> String {
        let data = "{\"picturesPerFile\":\(picturesPerFile.map(String.init) ?? "null")"
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
            let filled = 0;
            \(PageScript.pictureLoader(index: "+slot.dataset.picture", prepare: """
                // A picture shows every example of its layout: its ids numbered apart for this slot (a
                // layout can be in several slots), and this slot's own text made the thickest.
                const n = ++filled;
                svg = svg.replace(/(id="|#)\(LocalizationSweep.pagePicturePrefix)/g, `$1p${n}-`);
                """, filled: """
                const own = pictureTarget(slot).querySelector(`rect.finding[data-index="${slot.dataset.shown}"]`);
                if (own) { own.classList.add("finding-shown"); own.setAttribute("stroke-width", "3"); }
                """))
            for (const slot of document.querySelectorAll(".shot[data-picture]")) observer.observe(slot);
            </script></body></html>

            """
    }
}
