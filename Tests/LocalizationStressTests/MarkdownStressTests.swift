import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress
import TextLayout
import Typography

/// `--markdown` / `"markdown": true`: texts read as SwiftUI's `Text("key")` reads a localized
/// string key (inline Markdown; docs/stress.md). Widths from hb-shape on the bundled fonts at
/// 1000 pt, where a font unit is a point: Noto Sans Regular a 561, space 260 ("aa" 1122); Bold a 604
/// ("aa" 1208); Italic a 568 ("aa" 1136).
@Suite("Stress checks with texts read as Markdown")
struct MarkdownStressTests {
    func box(_ width: Double, markdown: Bool) -> StressContainer {
        var box = StressContainer(width: width, maxLines: 1, size: .points(1000), dynamicTypeSizes: [.large])
        box.readsMarkdown = markdown
        return box
    }

    func verdict(_ text: String, _ container: StressContainer) throws -> StressVerdict {
        let entry = StressFixtures.entry(text)
        return try #require(try StressFixtures.sweep().verdicts(for: entry, in: container, text: text).first)
    }

    @Test("A link shows its text, bold and italic their faces; without Markdown the syntax is measured")
    func linksAndEmphasis() throws {
        let link = "[aa](https://example.com/terms-of-service)"
        let read = try verdict(link, box(1200, markdown: true))
        #expect(read.status == .fits && !read.failed && abs(read.width - 1122) < 1e-9)
        let raw = try verdict(link, box(1200, markdown: false))
        #expect(raw.failed && raw.status == .truncated)
        #expect(abs(try verdict("**aa**", box(1300, markdown: true)).width - 1208) < 1e-9)
        #expect(abs(try verdict("*aa*", box(1300, markdown: true)).width - 1136) < 1e-9)
        // A weight given is raised to bold, never lowered: light stays light outside the bold span.
        var light = box(3000, markdown: true)
        light.font = FontRequest(weight: .light)
        let styled = StyledText(markdown: "aa **aa**", attributes: light.attributes(at: .dynamicType(.large), locale: nil))
        #expect(styled.runs.map(\.attributes.font.weight) == [.light, .bold])
    }

    @Test("The rules file's \"markdown\" sets it per rule, is checked, and is iOS's alone")
    func rulesField() throws {
        let rules = try RuleSet(json: Data(#"{"rules": [{"pattern": "legal.*", "markdown": true}, {"pattern": "*", "width": 200}]}"#.utf8),
                                file: "rules.json")
        #expect(rules.constraint(for: "legal.terms", defaults: Constraint(width: 320)).container.readsMarkdown)
        #expect(!rules.constraint(for: "title", defaults: Constraint(width: 320)).container.readsMarkdown)
        #expect(throws: RuleSetError(file: "rules.json", path: "$.rules[0].markdown",
                                     message: #"expected true (texts read as Markdown, as SwiftUI's Text("key") reads them) or false, found "yes""#)) {
            try RuleSet(json: Data(#"{"rules": [{"pattern": "*", "markdown": "yes"}]}"#.utf8), file: "rules.json")
        }
        #expect(throws: RuleSetError(file: "rules.json", path: "$.rules[0].markdown",
                                     message: #"rule "legal.*": Markdown is how SwiftUI's Text reads a localized string key; Android's text views do not read it"#)) {
            try rules.check(platform: .android)
        }
        // The constraint round-trips through JSON with it.
        let constraint = Constraint(width: 100, markdown: true)
        #expect(try JSONDecoder().decode(Constraint.self, from: JSONEncoder().encode(constraint)) == constraint)
    }
}
