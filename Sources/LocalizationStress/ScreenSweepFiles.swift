import Foundation
import LayoutCore
import Rendering
import Typography

// The screens part of `textfit stress`'s report (`--screens`): a screen sweep's findings beside the
// catalog check's verdicts, in the same four outputs. Kept apart from the catalog report's code
// (Report.swift, ReportPage.swift) so each part changes on its own.
//
// | output | function |
// |---|---|
// | `report.json`'s `screens` object (findings and groups: SweepJSON.swift) | `ScreenSweepResult.writeJSON(to:)`, `StressReport.json(screens:)` |
// | `junit.xml`'s `screens` test suite: a test case per finding group | `ScreenSweepResult.junitSuite()`, `StressReport.junit(screens:)` |
// | the terminal: the groups, failing first | `ScreenSweepResult.terminalSummary()` |
// | `screens.html` (and `index.html` when no catalog is checked), pictures in `pictures/screens-N.js` | `ScreenSweepResult.htmlFiles(maxPictures:)` |

/// A screen sweep run for the CLI: the sweep (to draw its pictures), its report (the groups) and
/// every finding, allowed ones too, in the sweep's order.
package struct ScreenSweepResult: Sendable {
    package var sweep: LocalizationSweep
    package var report: LocalizationSweep.Report
    package var findings: [LocalizationSweep.Finding]

    package init(sweep: LocalizationSweep, report: LocalizationSweep.Report, findings: [LocalizationSweep.Finding]) {
        self.sweep = sweep
        self.report = report
        self.findings = findings
    }

    /// The groups no allowance covers: each fails the run (exit status 1).
    package var failing: [LocalizationSweep.FindingGroup] { report.failures }

    /// What lengths are in: `dp` when the sweep's sizes are font scales (Android), else `pt`.
    var unit: String { sweep.textSizes.first?.lengthUnit ?? "pt" }

    // MARK: - report.json

    /// `report.json`'s `screens` object: what was swept, the counts, the groups and every finding
    /// (keys in byte order).
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            json.field("allowed", report.groups.count - failing.count)
            json.field("devices", report.devices as [String]?)
            json.field("failing", failing.count)
            try json.field("findings", findings)
            try json.field("groups", report.groups)
            json.field("layouts", report.layouts)
            json.field("locales", report.locales as [String]?)
            json.field("screens", report.screens as [String]?)
            json.field("sizes", report.textSizes.map(\.description) as [String]?)
            json.field("sourceLanguage", report.sourceLanguage)
            json.field("unit", unit)
        }
    }

    // MARK: - junit.xml

    /// A `<testsuite name="screens">`: a test case per finding group (class name the screen, name
    /// the key or text and the kind), failing unless an allowance covers it; an allowed one says
    /// why in its `<system-out>`.
    package func junitSuite() -> (xml: String, tests: Int, failures: Int) {
        var xml = "  <testsuite name=\"screens\" tests=\"\(report.groups.count)\" failures=\"\(failing.count)\">\n"
        for group in report.groups {
            let name = "\(group.key ?? "text \"\(LocalizationSweep.Finding.short(group.text))\"") \(group.kind.rawValue)"
            xml += "    <testcase classname=\"\(xmlEscaped("screens." + group.screen))\" name=\"\(xmlEscaped(name))\""
            if let allowance = group.allowance {
                xml += ">\n      <system-out>\(xmlEscaped("allowed: " + allowance.reason + "\n" + group.description))</system-out>\n    </testcase>\n"
            } else {
                let lines = group.examples.map(\.description).joined(separator: "\n")
                xml += ">\n      <failure message=\"\(xmlEscaped(group.description))\">\(xmlEscaped(lines))</failure>\n    </testcase>\n"
            }
        }
        return (xml + "  </testsuite>\n", report.groups.count, failing.count)
    }

    // MARK: - Terminal

    /// `Screens: 144 layouts (1 screen × 4 locales × 12 sizes × 3 devices), 3 failing, 1 allowed`,
    /// then a line per failing group and per allowed one, each ending at its source.
    package func terminalSummary() -> String {
        var text = report.description(title: "Screens")
        if report.groups.isEmpty { text += "\nEvery text fits on every screen, locale, size and device." }
        return text
    }

    // MARK: - HTML

    /// The screens page (`screens.html`) and its pictures (`pictures/screens-N.js`, 20 a file,
    /// loaded as their pictures scroll into view): a section per group, failing first, with each
    /// locale's first finding drawn — the screen at that locale, size and device, the failing text
    /// outlined (red; amber dashed when allowed; its own outline thicker). At most `maxPictures`
    /// pictures are drawn.
    package func htmlFiles(maxPictures: Int = 20_000, picturesPerFile: Int = 20) -> [StressReport.PageFile] {
        var glyphs: SVGGlyphSheet? = SVGGlyphSheet(idPrefix: "screen-glyph-")
        var pictures: [String] = []
        var sections = ""
        let ordered = report.groups.filter { !$0.isAllowed } + report.groups.filter(\.isAllowed)
        for (number, group) in ordered.enumerated() {
            let allowed = group.allowance != nil
            sections += "<section class=\"group\(allowed ? " allowed" : "")\" data-screen=\"\(xmlEscaped(group.screen))\" "
                + "data-key=\"\(xmlEscaped(group.key ?? ""))\" data-kind=\"\(group.kind.rawValue)\" id=\"group-\(number + 1)\">\n"
            sections += "<h2>\(allowed ? "<span class=\"badge\">allowed</span> " : "")\(xmlEscaped(group.screen)): "
                + "<code>\(xmlEscaped(group.key ?? group.text))</code> \(xmlEscaped(group.kind.phrase(shownLocale: group.first.shownLocale, hasKey: group.key != nil)))</h2>\n"
            sections += "<p>\(xmlEscaped(group.description))</p>\n<div class=\"shots\">\n"
            for finding in group.examples {
                let caption = "\(finding.locale) · \(finding.size.label) · \(LocalizationSweep.deviceLabel(finding.device, finding.orientation))"
                sections += "<figure class=\"shot\" data-locale=\"\(xmlEscaped(finding.locale))\" data-size=\"\(xmlEscaped(finding.size.description))\" "
                    + "data-device=\"\(xmlEscaped(finding.device))\""
                if pictures.count < maxPictures,
                   let svg = sweep.picture(of: finding, sharing: &glyphs, idPrefix: "s\(pictures.count)-") {
                    sections += " data-picture=\"\(pictures.count)\"><div class=\"picture\">(picture loading)</div>"
                    pictures.append(svg)
                } else {
                    sections += "><div class=\"picture\">(no picture: --max-pictures)</div>"
                }
                sections += "<figcaption>\(xmlEscaped(caption))<br><small>\(xmlEscaped(LocalizationSweep.Finding.short(finding.text)))"
                if let room = LocalizationSweep.Finding.room(needed: finding.neededWidth, available: finding.availableWidth,
                                                             kind: finding.kind, unit: finding.size.lengthUnit) {
                    sections += " — \(xmlEscaped(room))"
                }
                sections += "</small></figcaption></figure>\n"
            }
            sections += "</div>\n<p class=\"where\">\(xmlEscaped(group.location))"
            if let allowance = group.allowance { sections += " — allowed: \(xmlEscaped(allowance.reason))" }
            sections += "</p>\n</section>\n"
        }
        var files: [StressReport.PageFile] = []
        let perFile = max(1, picturesPerFile)
        for start in stride(from: 0, to: pictures.count, by: perFile) {
            let chunk = PageData.pictureFile(calling: "textfitScreenPictures", chunk: start / perFile,
                                             Array(pictures[start..<min(pictures.count, start + perFile)]))
            files.append(("pictures/screens-\(start / perFile + 1).js", chunk))
        }
        let summary = report.counts
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>textfit stress report: screens</title>
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#1d1d1f} h1{font-size:20px} h2{font-size:16px;margin:0 0 4px}
            section.group{border-top:1px solid #d2d2d7;padding:12px 0} section.allowed h2{color:#6e6e73}
            .shots{display:flex;flex-wrap:wrap;gap:16px} figure.shot{margin:0;max-width:360px}
            .picture{min-height:120px;border:1px solid #e5e5ea;background:#fafafa} .picture svg{display:block;width:100%;height:auto}
            figcaption,.where,small{color:#6e6e73} .badge{font-size:12px;padding:0 5px;border-radius:8px;background:#fff8c5;color:#7d4e00}
            </style></head><body>
            \(glyphs?.svg() ?? "")<h1>textfit stress report: screens</h1>
            <p>\(xmlEscaped(summary)). Each picture is the screen at that locale, text size and device (1 \(unit) to 1 unit), \
            every text with a finding outlined: red when it fails, dashed amber when allowed, the group's own text thicker.</p>
            \(sections)<script>
            "use strict";
            const D = {picturesPerFile: \(perFile)}, loaded = new Map(), waiting = new Map();
            \(PageScript.pictureLoader(index: "+slot.dataset.picture", callback: "textfitScreenPictures", files: "pictures/screens-",
                                       into: "slot.querySelector(\".picture\")"))
            for (const slot of document.querySelectorAll("figure.shot[data-picture]")) observer.observe(slot);
            </script>
            </body></html>

            """
        return [("screens.html", html)] + files
    }
}

extension StressReport {
    /// `report.json` with the screens part: `{"platform", "screens", "summary", "verdicts"}` (keys
    /// in byte order); `screens` as ``ScreenSweepResult/writeJSON(to:)`` writes it. Without
    /// `screens`, ``json()``.
    package func json(screens: ScreenSweepResult?) throws -> Data {
        guard let screens else { return try json() }
        var writer = JSONWriter(capacity: 256 * (verdicts.count + screens.findings.count) + 4_096)
        try writer.object { json in
            json.field("platform", platform.rawValue)
            json.key("screens")
            try screens.writeJSON(to: &json)
            try json.field("summary", summary)
            try json.field("verdicts", verdicts)
        }
        return writer.data
    }

    /// `junit.xml` with the screens' test suite after the catalog's (``junit()``), the totals
    /// counting both; `checksCatalog` false: the screens' suite alone.
    package func junit(screens: ScreenSweepResult?, checksCatalog: Bool = true) -> String {
        guard let screens else { return junit() }
        let suite = screens.junitSuite()
        guard checksCatalog else {
            return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"textfit stress\" tests=\"\(suite.tests)\" "
                + "failures=\"\(suite.failures)\">\n\(suite.xml)</testsuites>\n"
        }
        var xml = junit()
        // The catalog's totals, then its suites: the header is the one line to change.
        if let header = xml.range(of: "<testsuites name=\"textfit stress\" tests=\"[0-9]+\" failures=\"[0-9]+\">", options: .regularExpression) {
            let numbers = xml[header].split(separator: "\"").compactMap { Int($0) }
            if numbers.count == 2 {
                xml.replaceSubrange(header, with: "<testsuites name=\"textfit stress\" tests=\"\(numbers[0] + suite.tests)\" "
                                    + "failures=\"\(numbers[1] + suite.failures)\">")
            }
        }
        if let end = xml.range(of: "</testsuites>", options: .backwards) { xml.replaceSubrange(end.lowerBound..<end.lowerBound, with: suite.xml) }
        return xml
    }
}
