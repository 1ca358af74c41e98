import Foundation
import Testing
import Typography
@testable import Catalogs
@testable import LocalizationStress

private func rules(_ json: String) throws -> RuleSet { try RuleSet(json: Data(json.utf8), file: "rules.json") }

private func ruleError(_ json: String) -> RuleSetError? {
    do {
        _ = try RuleSet(json: Data(json.utf8), file: "rules.json")
        return nil
    } catch {
        return error
    }
}

private let defaults = Constraint(width: 320, maxLines: 1, style: .body)

@Suite struct GlobTests {
    private func matches(_ pattern: String, _ key: String) throws -> Bool { try KeyPattern(pattern).matches(key) }

    @Test func starMatchesAnyRunIncludingDots() throws {
        #expect(try matches("onboarding.*", "onboarding.title"))
        #expect(try matches("onboarding.*", "onboarding.page.2.body"))
        #expect(try matches("onboarding.*", "onboarding."))
        #expect(try !matches("onboarding.*", "onboarding"))
        #expect(try !matches("onboarding.*", "settings.onboarding.title"))
        #expect(try matches("*", ""))
        #expect(try matches("*.title", "a.b.title"))
        #expect(try !matches("*.title", "a.b.title.short"))
    }

    @Test func starBacktracks() throws {
        #expect(try matches("a*b*c", "axxbyyc"))
        #expect(try matches("a*b*c", "abc"))
        #expect(try matches("a*b*c", "abcbc"))
        #expect(try !matches("a*b*c", "acb"))
        #expect(try matches("**x", "yyx"))
    }

    @Test func questionMarkIsOneCharacter() throws {
        #expect(try matches("tab.?", "tab.1"))
        #expect(try !matches("tab.?", "tab.12"))
        #expect(try !matches("tab.?", "tab."))
        #expect(try matches("caf?", "café"))  // one grapheme, whatever its code points
        #expect(try matches("caf?", "cafe\u{301}"))
    }

    @Test func sets() throws {
        #expect(try matches("item.[abc]", "item.b"))
        #expect(try !matches("item.[abc]", "item.d"))
        #expect(try matches("item.[a-c]x", "item.cx"))
        #expect(try !matches("item.[a-c]x", "item.dx"))
        #expect(try matches("item.[!a-c]", "item.d"))
        #expect(try !matches("item.[^a-c]", "item.a"))
        #expect(try matches("[]]", "]"))
        #expect(try matches("[a-]", "-"))
    }

    @Test func escapesAndCase() throws {
        #expect(try matches("price\\*", "price*"))
        #expect(try !matches("price\\*", "price1"))
        #expect(try matches("a\\?", "a?"))
        #expect(try !matches("Title", "title"))
    }
}

@Suite struct RegexPatternTests {
    @Test func regexIsFoundAnywhereUnlessAnchored() throws {
        let anchored = try KeyPattern("/^tab\\.[a-z]+$/")
        #expect(anchored.isRegularExpression)
        #expect(anchored.matches("tab.home"))
        #expect(!anchored.matches("tab.Home"))
        #expect(!anchored.matches("tab.home.badge"))
        let loose = try KeyPattern("/title/")
        #expect(loose.matches("onboarding.title.short"))
        #expect(!loose.matches("onboarding.Title"))
    }

    @Test func caseInsensitiveFlag() throws {
        let pattern = try KeyPattern("/title/i")
        #expect(pattern.matches("onboarding.Title"))
        #expect(!pattern.matches("onboarding.subject"))
    }

    @Test func aSingleSlashIsAGlob() throws {
        let pattern = try KeyPattern("/")
        #expect(!pattern.isRegularExpression)
        #expect(pattern.matches("/"))
        #expect(try !KeyPattern("/a/b").isRegularExpression)
    }
}

@Suite struct RuleMatchingTests {
    let set: RuleSet

    init() throws {
        set = try rules("""
            {"rules": [
              {"pattern": "onboarding.title", "width": 200, "comment": "the big one"},
              {"pattern": "onboarding.*", "width": 300, "maxLines": 3},
              {"pattern": "/^tab\\\\./", "width": 64, "truncation": true}
            ]}
            """)
    }

    @Test func firstMatchWins() {
        #expect(set.constraint(for: "onboarding.title", defaults: defaults).width == 200)
        #expect(set.constraint(for: "onboarding.title", defaults: defaults).maxLines == 1)  // from defaults
        #expect(set.constraint(for: "onboarding.body", defaults: defaults).width == 300)
        #expect(set.constraint(for: "onboarding.body", defaults: defaults).maxLines == 3)
        #expect(set.rule(for: "onboarding.title")?.index == 0)
        #expect(set.rule(for: "onboarding.title")?.comment == "the big one")
        #expect(set.rule(for: "onboarding.body")?.index == 1)
        #expect(set.rule(for: "tab.home")?.index == 2)
    }

    @Test func unmatchedKeysGetTheDefaults() {
        #expect(set.rule(for: "settings.title") == nil)
        #expect(set.constraint(for: "settings.title", defaults: defaults) == defaults)
    }

    @Test func ruleOverridesFieldByField() {
        let tab = set.constraint(for: "tab.home", defaults: defaults)
        var expected = defaults
        expected.width = 64
        expected.truncation = true
        #expect(tab == expected)
    }

    @Test func emptyRuleSetAndEmptyFile() throws {
        #expect(RuleSet().constraint(for: "x", defaults: defaults) == defaults)
        #expect(try rules("{}").rules.isEmpty)
        #expect(try rules(#"{"rules": []}"#).constraint(for: "x", defaults: defaults) == defaults)
    }

    @Test func everyField() throws {
        let set = try rules("""
            {"rules": [{"pattern": "*", "width": 280.5, "maxLines": 2, "style": "Title3", "font": "Inter", "size": 18,
              "weight": "semibold", "padding": 16, "truncation": false, "minimumScaleFactor": 0.75,
              "dynamicType": "large...accessibility2", "placeholders": {"integer": "99"}}]}
            """)
        let constraint = set.constraint(for: "any", defaults: Constraint(width: 100, maxLines: nil, truncation: true))
        #expect(constraint == Constraint(
            width: 280.5, maxLines: 2, style: .title3, font: "Inter", size: 18, weight: .semibold, padding: 16,
            truncation: false, minimumScaleFactor: 0.75,
            dynamicType: DynamicTypeRange([.large, .xLarge, .xxLarge, .xxxLarge, .accessibility1, .accessibility2])!,
            placeholders: PlaceholderSamples(integer: "99")))
    }

    @Test func numericWeightAndNullMaxLines() throws {
        let set = try rules(#"{"rules": [{"pattern": "*", "weight": 650, "maxLines": null}]}"#)
        let constraint = set.constraint(for: "k", defaults: defaults)
        #expect(constraint.weight == FontWeight(650))
        #expect(constraint.maxLines == nil)
    }

    @Test func styleAndSizeReplaceTogether() throws {
        let set = try rules(#"{"rules": [{"pattern": "fixed", "size": 10}, {"pattern": "styled", "style": "caption"}]}"#)
        let fixed = set.constraint(for: "fixed", defaults: Constraint(width: 100, style: .body, size: 20))
        #expect(fixed.style == nil && fixed.size == 10)
        #expect(fixed.fontSize == .points(10))
        let styled = set.constraint(for: "styled", defaults: Constraint(width: 100, style: .body, size: 20))
        #expect(styled.style == .caption && styled.size == nil)
        #expect(styled.fontSize == .style(.caption))
    }

    @Test func dynamicTypeAsArray() throws {
        let set = try rules(#"{"rules": [{"pattern": "*", "dynamicType": ["ax5", "small", "xLarge...xxLarge"]}]}"#)
        #expect(set.constraint(for: "k", defaults: defaults).dynamicType.sizes
            == [.small, .xLarge, .xxLarge, .accessibility5])
    }

    @Test func placeholderSamplesLayer() throws {
        let set = try rules("""
            {"placeholders": {"object": "Ana", "names": {"count": "5", "%1$@": "Jo"}},
             "rules": [{"pattern": "a.*", "placeholders": {"integer": "1", "names": {"count": "6"}}}]}
            """)
        let base = Constraint(width: 100, placeholders: PlaceholderSamples(float: "2.5"))
        let matched = set.constraint(for: "a.b", defaults: base).placeholders
        #expect(matched == PlaceholderSamples(object: "Ana", integer: "1", float: "2.5", names: ["count": "6", "%1$@": "Jo"]))
        let unmatched = set.constraint(for: "b", defaults: base).placeholders
        #expect(unmatched == PlaceholderSamples(object: "Ana", float: "2.5", names: ["count": "5", "%1$@": "Jo"]))
        #expect(set.constraint(for: "b", defaults: base).placeholders.substitute("%1$@ has {count}") == "Jo has 5")
    }

    @Test func readsFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-rules-\(UUID().uuidString).json")
        try Data(#"{"rules": [{"pattern": "x", "width": 10}]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let set = try RuleSet(contentsOf: url)
        #expect(set.file == url.path)
        #expect(set.constraint(for: "x", defaults: defaults).width == 10)

        let missing = url.appendingPathExtension("missing")
        do {
            _ = try RuleSet(contentsOf: missing)
            Issue.record("expected an error")
        } catch {
            #expect(error.file == missing.path)
            #expect(error.path == "$")
            #expect(error.message.hasPrefix("cannot read the file"))
        }
    }
}

@Suite struct ConstraintTests {
    @Test func fontSizeFromStyleAndSize() {
        #expect(Constraint(width: 1, style: .title).fontSize == .style(.title))
        #expect(Constraint(width: 1, size: 13).fontSize == .points(13))
        #expect(Constraint(width: 1, style: .footnote, size: 15).fontSize == .relative(15, to: .footnote))
        #expect(Constraint(width: 1).fontSize == .style(.body))
    }

    @Test func fontRequestUsesTheStyleWeight() {
        #expect(Constraint(width: 1, style: .headline).fontRequest == FontRequest(weight: .semibold))
        #expect(Constraint(width: 1, style: .headline, font: "Inter", weight: .bold).fontRequest
            == FontRequest(family: "Inter", weight: .bold))
        #expect(Constraint(width: 1).fontRequest == FontRequest())
    }

    @Test func textWidthAndContainer() {
        let constraint = Constraint(width: 100, maxLines: 2, style: .caption, padding: 10, truncation: true,
                                    minimumScaleFactor: 0.5, dynamicType: DynamicTypeRange([.large, .xLarge])!)
        #expect(constraint.textWidth == 80)
        #expect(Constraint(width: 10, padding: 8).textWidth == 0)
        #expect(constraint.container == StressContainer(
            width: 100, maxLines: 2, font: FontRequest(weight: .regular), size: .style(.caption), padding: 10,
            truncationAllowed: true, minimumScaleFactor: 0.5, dynamicTypeSizes: [.large, .xLarge]))
    }

    @Test func codableRoundTripWritesTheRangeAsText() throws {
        let constraint = Constraint(width: 240, maxLines: nil, style: .callout, weight: .bold,
                                    dynamicType: try DynamicTypeRange(parsing: "ax1..."),
                                    placeholders: PlaceholderSamples(character: "M"))
        let data = try JSONEncoder().encode(constraint)
        #expect(String(decoding: data, as: UTF8.self).contains(#""dynamicType":"accessibility1...accessibility5""#))
        #expect(try JSONDecoder().decode(Constraint.self, from: data) == constraint)
    }
}

@Suite struct DynamicTypeRangeTests {
    @Test func parses() throws {
        #expect(try DynamicTypeRange(parsing: "all").sizes == DynamicTypeSize.allCases)
        #expect(try DynamicTypeRange(parsing: "ALL").sizes.count == 12)
        #expect(try DynamicTypeRange(parsing: "large").sizes == [.large])
        #expect(try DynamicTypeRange(parsing: "xSmall...xxxLarge").sizes
            == [.xSmall, .small, .medium, .large, .xLarge, .xxLarge, .xxxLarge])
        #expect(try DynamicTypeRange(parsing: "large...accessibility2").sizes
            == [.large, .xLarge, .xxLarge, .xxxLarge, .accessibility1, .accessibility2])
        #expect(try DynamicTypeRange(parsing: "ax3...").sizes == [.accessibility3, .accessibility4, .accessibility5])
        #expect(try DynamicTypeRange(parsing: "...small").sizes == [.xSmall, .small])
        #expect(try DynamicTypeRange(parsing: " xLarge , small, large…xLarge ").sizes == [.small, .large, .xLarge])
        #expect(try DynamicTypeRange(parsing: "XXXL").sizes == [.xxxLarge])
        #expect(try DynamicTypeRange(parsing: "medium...medium").sizes == [.medium])
        #expect(try DynamicTypeRange(parsing: "all,large").sizes.count == 12)
    }

    @Test(arguments: [
        // Every mistake names the sizes (issue 50: a size list always shown).
        ("", "'' has an empty item; expected xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all"),
        ("small,,large", "'small,,large' has an empty item; expected xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all"),
        ("huge", "'huge' is not a Dynamic Type size; expected xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all"),
        ("large...giant", "'giant' is not a Dynamic Type size; expected xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all"),
        ("xLarge...small", "the range xLarge...small runs backwards (xLarge is larger than small)"),
        ("...", "'...': a range needs at least one end; expected xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all"),
    ])
    func errors(text: String, message: String) {
        #expect(throws: DynamicTypeRangeError(message)) { try DynamicTypeRange(parsing: text) }
    }

    @Test func descriptionRoundTrips() throws {
        let cases = ["all", "large", "large...accessibility2", "small,large,xLarge", "xSmall...small"]
        for text in cases {
            #expect(try DynamicTypeRange(parsing: text).description == text)
        }
        #expect(DynamicTypeRange.all.description == "all")
        #expect(DynamicTypeRange([]) == nil)
        #expect(DynamicTypeRange([.large, .small, .large])?.sizes == [.small, .large])
    }
}

@Suite struct RuleErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        let json: String
        let path: String
        let message: String
        var description: String { path + " ← " + json }
    }

    static let knownRuleFields = "pattern, width, maxLines, style, font, size, weight, padding, truncation, minimumScaleFactor, dynamicType, fontScale, placeholders, samples, markdown, comment"
    static let appleStyles = "largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2"
    static let materialStyles = "displayLarge, displayMedium, displaySmall, headlineLarge, headlineMedium, headlineSmall, titleLarge, titleMedium, titleSmall, bodyLarge, bodyMedium, bodySmall, labelLarge, labelMedium, labelSmall"

    @Test(arguments: [
        Case(json: "[]", path: "$", message: "expected an object, found an array"),
        Case(json: #"{"rulez": []}"#, path: "$.rulez", message: "unknown field (known fields: platform, rules, placeholders, samples, allow)"),
        Case(json: #"{"rules": {}}"#, path: "$.rules", message: "expected an array of rules"),
        Case(json: #"{"rules": [3]}"#, path: "$.rules[0]", message: "expected an object, found a number"),
        Case(json: #"{"rules": [{"width": 10}]}"#, path: "$.rules[0].pattern", message: "missing: every rule needs a key pattern"),
        Case(json: #"{"rules": [{"pattern": 5}]}"#, path: "$.rules[0].pattern", message: "expected a string, found a number"),
        Case(json: #"{"rules": [{"pattern": "a"}, {"pattern": "b"}, {"pattern": "/a(/"}]}"#, path: "$.rules[2].pattern",
             message: "invalid regular expression /a(/"),
        Case(json: #"{"rules": [{"pattern": ""}]}"#, path: "$.rules[0].pattern", message: "empty pattern"),
        Case(json: #"{"rules": [{"pattern": "//"}]}"#, path: "$.rules[0].pattern", message: "empty regular expression"),
        Case(json: #"{"rules": [{"pattern": "item.[ab"}]}"#, path: "$.rules[0].pattern", message: "unterminated [ in the glob"),
        Case(json: #"{"rules": [{"pattern": "a\\"}]}"#, path: "$.rules[0].pattern", message: "the glob ends with a lone \\"),
        Case(json: #"{"rules": [{"pattern": "[z-a]"}]}"#, path: "$.rules[0].pattern", message: "the glob range [z-a] runs backwards"),
        Case(json: #"{"rules": [{"pattern": "a", "widht": 3}]}"#, path: "$.rules[0].widht",
             message: "unknown field (known fields: \(knownRuleFields))"),
        Case(json: #"{"rules": [{"pattern": "a", "width": "wide"}]}"#, path: "$.rules[0].width",
             message: #"expected a width in points greater than 0, found "wide""#),
        Case(json: #"{"rules": [{"pattern": "a", "width": 0}]}"#, path: "$.rules[0].width",
             message: "expected a width in points greater than 0, found 0"),
        Case(json: #"{"rules": [{"pattern": "a", "maxLines": 1.5}]}"#, path: "$.rules[0].maxLines",
             message: "expected a whole number of lines ≥ 0 (0 or null: no limit), found 1.5"),
        // 0 is no limit, as `--max-lines 0` (RuleFidelityTests); below 0 is an error.
        Case(json: #"{"rules": [{"pattern": "a", "maxLines": -1}]}"#, path: "$.rules[0].maxLines",
             message: "expected a whole number of lines ≥ 0 (0 or null: no limit), found -1"),
        Case(json: #"{"rules": [{"pattern": "a", "style": "huge"}]}"#, path: "$.rules[0].style",
             message: #"unknown text style "huge" (expected an Apple text style under ios: \#(appleStyles); or a Material 3 style under android: \#(materialStyles))"#),
        Case(json: #"{"rules": [{"pattern": "a", "style": 3}]}"#, path: "$.rules[0].style", message: "expected a string, found a number"),
        Case(json: #"{"rules": [{"pattern": "a", "font": " "}]}"#, path: "$.rules[0].font", message: "empty font family name"),
        Case(json: #"{"rules": [{"pattern": "a", "font": true}]}"#, path: "$.rules[0].font", message: "expected a string, found a boolean"),
        Case(json: #"{"rules": [{"pattern": "a", "size": -2}]}"#, path: "$.rules[0].size",
             message: "expected a point size greater than 0, found -2"),
        Case(json: #"{"rules": [{"pattern": "a", "weight": "heavyish"}]}"#, path: "$.rules[0].weight",
             message: #"expected a weight name (ultraLight … black) or a number 1–1000, found "heavyish""#),
        Case(json: #"{"rules": [{"pattern": "a", "weight": 1001}]}"#, path: "$.rules[0].weight",
             message: "expected a weight name (ultraLight … black) or a number 1–1000, found 1001"),
        Case(json: #"{"rules": [{"pattern": "a", "weight": 400.5}]}"#, path: "$.rules[0].weight",
             message: "expected a weight name (ultraLight … black) or a number 1–1000, found 400.5"),
        Case(json: #"{"rules": [{"pattern": "a", "padding": -1}]}"#, path: "$.rules[0].padding",
             message: "expected a padding in points ≥ 0, found -1"),
        Case(json: #"{"rules": [{"pattern": "a", "truncation": "yes"}]}"#, path: "$.rules[0].truncation",
             message: #"expected true (truncation allowed) or false, found "yes""#),
        Case(json: #"{"rules": [{"pattern": "a", "truncation": 1}]}"#, path: "$.rules[0].truncation",
             message: "expected true (truncation allowed) or false, found 1"),
        Case(json: #"{"rules": [{"pattern": "a", "width": true}]}"#, path: "$.rules[0].width",
             message: "expected a width in points greater than 0, found true"),
        Case(json: #"{"rules": [{"pattern": "a", "minimumScaleFactor": 0}]}"#, path: "$.rules[0].minimumScaleFactor",
             message: "expected a scale factor greater than 0 and at most 1, found 0"),
        Case(json: #"{"rules": [{"pattern": "a", "minimumScaleFactor": 1.5}]}"#, path: "$.rules[0].minimumScaleFactor",
             message: "expected a scale factor greater than 0 and at most 1, found 1.5"),
        Case(json: #"{"rules": [{"pattern": "a", "dynamicType": "huge"}]}"#, path: "$.rules[0].dynamicType",
             message: "'huge' is not a Dynamic Type size; expected xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all"),
        Case(json: #"{"rules": [{"pattern": "a", "dynamicType": "xLarge...small"}]}"#, path: "$.rules[0].dynamicType",
             message: "the range xLarge...small runs backwards (xLarge is larger than small)"),
        Case(json: #"{"rules": [{"pattern": "a", "dynamicType": ["large", "tiny"]}]}"#, path: "$.rules[0].dynamicType[1]",
             message: "'tiny' is not a Dynamic Type size; expected xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all"),
        Case(json: #"{"rules": [{"pattern": "a", "dynamicType": ["large", 7]}]}"#, path: "$.rules[0].dynamicType[1]",
             message: "expected a string, found a number"),
        Case(json: #"{"rules": [{"pattern": "a", "dynamicType": []}]}"#, path: "$.rules[0].dynamicType",
             message: "empty list of Dynamic Type sizes"),
        Case(json: #"{"rules": [{"pattern": "a", "dynamicType": 5}]}"#, path: "$.rules[0].dynamicType",
             message: #"expected a Dynamic Type range ("all", "large...accessibility2") or an array of sizes, found a number"#),
        Case(json: #"{"rules": [{"pattern": "a", "placeholders": "x"}]}"#, path: "$.rules[0].placeholders",
             message: "expected an object, found a string"),
        Case(json: #"{"rules": [{"pattern": "a", "placeholders": {"objekt": "x"}}]}"#, path: "$.rules[0].placeholders.objekt",
             message: "unknown field (known fields: object, integer, float, character, pointer, named, variable, names)"),
        Case(json: #"{"rules": [{"pattern": "a", "placeholders": {"names": {"%1$@": 5}}}]}"#,
             path: #"$.rules[0].placeholders.names["%1$@"]"#, message: "expected a string, found a number"),
        Case(json: #"{"rules": [{"pattern": "a", "placeholders": {"names": []}}]}"#, path: "$.rules[0].placeholders.names",
             message: "expected an object, found an array"),
        Case(json: #"{"placeholders": {"integer": 5}}"#, path: "$.placeholders.integer", message: "expected a string, found a number"),
        Case(json: #"{"rules": [{"pattern": "a", "comment": 5}]}"#, path: "$.rules[0].comment", message: "expected a string, found a number"),
        // Android: the platform, font scales, and each platform's own styles and sizes.
        Case(json: #"{"platform": "windows"}"#, path: "$.platform", message: #""windows" is not a platform (ios, android)"#),
        Case(json: #"{"platform": 1}"#, path: "$.platform", message: "expected a string, found a number"),
        Case(json: #"{"rules": [{"pattern": "a", "fontScale": 0}]}"#, path: "$.rules[0].fontScale",
             message: "expected a font scale greater than 0, found 0"),
        Case(json: #"{"rules": [{"pattern": "a", "fontScale": "0"}]}"#, path: "$.rules[0].fontScale",
             message: "0 is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        Case(json: #"{"rules": [{"pattern": "a", "fontScale": [1, "abc"]}]}"#, path: "$.rules[0].fontScale[1]",
             message: "'abc' is not a font scale; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        Case(json: #"{"rules": [{"pattern": "a", "fontScale": "1,,2"}]}"#, path: "$.rules[0].fontScale",
             message: "'1,,2' has an empty item; expected a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        Case(json: #"{"rules": [{"pattern": "a", "fontScale": "large"}]}"#, path: "$.rules[0].fontScale",
             message: "'large' is a Dynamic Type size, which is iOS's; under android the text size is a font scale: a number greater than 0 (1.3, or 130%; Android's settings are 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2), a comma list of them, or all"),
        Case(json: #"{"rules": [{"pattern": "a", "fontScale": []}]}"#, path: "$.rules[0].fontScale", message: "empty list of font scales"),
        Case(json: #"{"rules": [{"pattern": "a", "fontScale": true}]}"#, path: "$.rules[0].fontScale",
             message: #"expected a font scale (1.3, "130%"), a list ("1,1.3,2") or "all", found a boolean"#),
        Case(json: #"{"rules": [{"pattern": "a", "dynamicType": "1.3"}]}"#, path: "$.rules[0].dynamicType",
             message: "'1.3' is a font scale, which is Android's (platform android); under ios the text size is a Dynamic Type size: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1…accessibility5 (ax1…ax5), a comma list of them, FROM...TO, or all"),
        Case(json: #"{"platform": "ios", "rules": [{"pattern": "a"}, {"pattern": "tab.*", "style": "bodyLarge"}]}"#, path: "$.rules[1].style",
             message: #"rule "tab.*": "bodyLarge" is a Material 3 text style, which is Android's; under ios give an Apple text style (\#(appleStyles))"#),
        Case(json: #"{"platform": "android", "rules": [{"pattern": "title", "style": "body"}]}"#, path: "$.rules[0].style",
             message: #"rule "title": "body" is an Apple text style, which is iOS's; under android give a Material 3 style (\#(materialStyles))"#),
        Case(json: #"{"platform": "android", "rules": [{"pattern": "a", "dynamicType": "large"}]}"#, path: "$.rules[0].dynamicType",
             message: #"rule "a": Dynamic Type sizes are iOS's; under android the text sizes are font scales (fontScale: 1.3, a list, or "all")"#),
        Case(json: #"{"platform": "ios", "rules": [{"pattern": "a", "fontScale": 2}]}"#, path: "$.rules[0].fontScale",
             message: #"rule "a": font scales are Android's; under ios the text sizes are Dynamic Type sizes (dynamicType)"#),
    ])
    func errorNamesFileAndPath(_ error: Case) {
        let thrown = ruleError(error.json)
        #expect(thrown == RuleSetError(file: "rules.json", path: error.path, message: error.message))
    }

    @Test func invalidJSON() {
        let thrown = ruleError(#"{"rules": [}"#)
        #expect(thrown?.file == "rules.json")
        #expect(thrown?.path == "$")
        #expect(thrown?.message.hasPrefix("not valid JSON (") == true)
    }

    @Test func descriptionIsFilePathMessage() {
        let thrown = ruleError(#"{"rules": [{"pattern": "a"}, {"pattern": "b"}, {"pattern": "/a(/"}]}"#)
        #expect(thrown?.description == "rules.json: $.rules[2].pattern: invalid regular expression /a(/")
    }

    @Test func laterRulesAreCheckedToo() {
        // A good first rule does not hide a bad later one.
        #expect(ruleError(#"{"rules": [{"pattern": "a", "width": 5}, {"pattern": "b", "width": -5}]}"#)?.path
            == "$.rules[1].width")
    }
}

@Suite("Rules under android: Material styles, font scales, the file's platform")
struct AndroidRulesTests {
    private let android = Constraint(width: 320, platform: .android)

    @Test("A rule's Material style, weight and font scales; the defaults are bodyLarge at the seven settings")
    func materialRule() throws {
        let set = try rules(#"{"platform": "android", "rules": [{"pattern": "tab.*", "style": "label-large", "fontScale": [1, "200%"]}]}"#)
        #expect(set.platform == .android)
        let tab = set.constraint(for: "tab.home", defaults: android)
        #expect(tab.materialStyle == .labelLarge && tab.fontSize == .material(.labelLarge))
        #expect(tab.fontRequest == FontRequest(weight: FontWeight(500)))
        #expect(tab.textSizes == [.fontScale(.standard), .fontScale(try AndroidFontScale(2))])
        let other = set.constraint(for: "title", defaults: android)
        #expect(other.fontSize == .material(.bodyLarge) && other.fontRequest == FontRequest())
        #expect(other.textSizes.map(\.description) == ["0.85", "1", "1.15", "1.3", "1.5", "1.8", "2"])
    }

    @Test("Without a platform the file takes either vocabulary; check(platform:) refuses the other's, naming the rule")
    func deferredCheck() throws {
        let set = try rules(#"{"rules": [{"pattern": "a", "width": 10}, {"pattern": "b.*", "style": "titleLarge"}]}"#)
        #expect(set.platform == nil)
        try set.check(platform: .android)
        #expect(throws: RuleSetError(file: "rules.json", path: "$.rules[1].style", message: #"rule "b.*": "titleLarge" is a Material 3 text style, which is Android's; under ios give an Apple text style (\#(RuleErrorTests.appleStyles))"#)) {
            try set.check(platform: .ios)
        }
        let apple = try rules(#"{"rules": [{"pattern": "*", "style": "headline", "dynamicType": "large"}]}"#)
        try apple.check(platform: .ios)
        #expect(throws: RuleSetError.self) { try apple.check(platform: .android) }
    }

    @Test("A file for one platform refuses a run of the other, naming both")
    func platformConflict() throws {
        let set = try rules(#"{"platform": "Android", "rules": []}"#)
        #expect(throws: RuleSetError(file: "rules.json", path: "$.platform",
                                     message: "the rules are for android, but this run checks ios (--platform android checks them as written)")) {
            try set.check(platform: .ios)
        }
    }

    @Test("A style and a size in sp: the size replaces the style's (weight, spacing and line height stay)")
    func styleAndSize() throws {
        let set = try rules(#"{"rules": [{"pattern": "*", "style": "titleMedium", "size": 14}]}"#)
        let constraint = set.constraint(for: "k", defaults: android)
        #expect(constraint.fontSize == .points(14) && constraint.fontRequest.weight == FontWeight(500))
        #expect(constraint.container.materialStyle == .titleMedium)
        // A later rule's size alone replaces the style too (style and size go together).
        let plain = try rules(#"{"rules": [{"pattern": "*", "size": 12}]}"#).constraint(for: "k", defaults: constraint)
        #expect(plain.materialStyle == nil && plain.fontSize == .points(12) && plain.container.materialStyle == nil)
    }

    @Test("The constraint round-trips through JSON with its platform and font scales")
    func codable() throws {
        let constraint = Constraint(width: 200, platform: .android, materialStyle: .bodySmall, fontScale: try FontScaleList(parsing: "1,2"))
        let data = try JSONEncoder().encode(constraint)
        #expect(String(decoding: data, as: UTF8.self).contains(#""fontScale":"1,2""#))
        #expect(try JSONDecoder().decode(Constraint.self, from: data) == constraint)
    }
}

/// A rules file's `allow` list: the screen sweep's allowances (`textfit stress --screens`).
@Suite("Rules file: allowances for screen sweeps")
struct RuleAllowanceTests {
    @Test("Each allowance names one text by key pattern, id or accessibilityIdentifier, with its reason, kinds and screen")
    func readsAllowances() throws {
        let rules = try RuleSet(json: Data(#"""
            {"allow": [
              {"key": "home.teaser.*", "reason": "cut at two lines by design"},
              {"id": "promo", "kinds": ["scaled", "truncated"], "screen": "Home", "reason": "the banner shrinks"},
              {"accessibilityIdentifier": "legal.footer", "kinds": ["untranslated"], "reason": "legal text stays in English", "comment": "ticket 12"}]}
            """#.utf8), file: "rules.json")
        #expect(rules.rules.isEmpty)
        #expect(rules.allowances == [
            .key("home.teaser.*", reason: "cut at two lines by design"),
            .id("promo", kinds: [.scaled, .truncated], screen: "Home", reason: "the banner shrinks"),
            .accessibilityIdentifier("legal.footer", kinds: [.untranslated], reason: "legal text stays in English"),
        ])
        // The key pattern is a pattern: it covers the teaser's body on any screen, not another key.
        func finding(key: String, kind: LocalizationSweep.Finding.Kind = .truncated) -> LocalizationSweep.Finding {
            LocalizationSweep.Finding(kind: kind, screen: "Home", locale: "de", size: .dynamicType(.large), device: "iPhone 16 Pro",
                                      orientation: .portrait, key: key, table: nil, shownLocale: nil, text: "…", neededWidth: nil,
                                      availableWidth: nil, linesShown: 1, linesNeeded: 2, scale: 1, fileID: nil, line: nil, id: nil,
                                      accessibilityIdentifier: nil, index: 0, path: [], detail: nil, allowance: nil)
        }
        #expect(rules.allowances[0].allows(finding(key: "home.teaser.body")))
        #expect(!rules.allowances[0].allows(finding(key: "home.title")))
        #expect(!rules.allowances[0].allows(finding(key: "home.teaser.body", kind: .clipped)), "truncation alone unless kinds says")
        #expect(RuleSet().allowances.isEmpty)
    }

    @Test("A bad allowance is an error naming its path", arguments: [
        (#"{"allow": {}}"#, "$.allow", "expected an array of allowances"),
        (#"{"allow": [{"reason": "x"}]}"#, "$.allow[0]", "name the text: one of key, id or accessibilityIdentifier"),
        (#"{"allow": [{"key": "a", "id": "b", "reason": "x"}]}"#, "$.allow[0]", "give one of key, id or accessibilityIdentifier, not key and id"),
        (#"{"allow": [{"key": "a"}]}"#, "$.allow[0].reason", "missing: say why the finding is meant to be (it is shown wherever the finding is)"),
        (#"{"allow": [{"key": "a", "reason": "  "}]}"#, "$.allow[0].reason", "must not be empty"),
        (#"{"allow": [{"id": "", "reason": "x"}]}"#, "$.allow[0].id", "must not be empty"),
        (#"{"allow": [{"key": "a", "reason": "x", "kinds": []}]}"#, "$.allow[0].kinds",
         "expected a non-empty array of kinds (truncated, scaled, clipped, overlapping, untranslated, missing-glyphs)"),
        (#"{"allow": [{"key": "a", "reason": "x", "kinds": ["cut"]}]}"#, "$.allow[0].kinds[0]",
         "\"cut\" is not a kind of finding (truncated, scaled, clipped, overlapping, untranslated, missing-glyphs)"),
    ])
    func errors(_ json: String, _ path: String, _ message: String) {
        #expect(throws: RuleSetError(file: "rules.json", path: path, message: message)) {
            try RuleSet(json: Data(json.utf8), file: "rules.json")
        }
    }
}
