import Testing
import TextFitLayout

@Test func saveButtonTitleFits() {
    let title = Text("Änderungen speichern").font(.headline).lineLimit(1)
    let result = title.layout(in: ProposedViewSize(width: 200, height: nil))
    #expect(result.findings.isEmpty, "\(result.findings)")
}

// Above: the README's "Assert in a Swift test" recipe, word for word (the first test below checks
// that). Below: what the README says of it, and of its other Swift recipe, held true.

import Foundation

@Suite("The README's Swift recipes")
struct ReadmeRecipeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func document(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The README's fenced Swift blocks, in order.
    static func swiftBlocks() throws -> [String] {
        try document("README.md").components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test("The assertion recipe is this file's first test, word for word")
    func recipeIsThisFile() throws {
        let recipe = try #require(try Self.swiftBlocks().first { $0.contains("saveButtonTitleFits") })
        let file = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        #expect(file.hasPrefix(recipe), "README's recipe:\n\(recipe)")
    }

    /// "At 150 pt it fails with …": the failure the README quotes is the one the layout gives.
    /// Hand-checked: "Änderungen speichern" in headline (17 pt semibold, bundled Noto Sans Bold)
    /// is wider than 150 pt, so the one line is cut; the whole text on one line needs its width.
    @Test("The failure the README quotes at 150 pt is the layout's finding, after its file and line")
    func quotedFailure() throws {
        let title = Text("Änderungen speichern").font(.headline).lineLimit(1)
        let findings = title.layout(in: ProposedViewSize(width: 150, height: nil)).findings
        try #require(findings.count == 1)
        let said = "\(findings[0])"
        let message = try #require(said.range(of: ": Text ").map { String(said[said.index($0.lowerBound, offsetBy: 2)...]) })
        let readme = try Self.document("README.md").replacingOccurrences(of: "\n", with: " ")
        #expect(readme.contains("At 150 pt it fails with `\(message)`, after the file and line of the `Text`"), "\(message)")
        #expect(said.hasPrefix("SwiftUICompatibilityTests/ReadmeRecipeTests.swift:"), "\(said)")
        // The same text fits 200 pt (the recipe's test passes) and needs between 150 and 200.
        let needed = try #require(findings[0].neededWidth)
        #expect(needed > 150 && needed < 200)
    }

    @Test("The screens recipe is the test of docs/sweep.md's complete example, which SweepGuideTests runs")
    func screensRecipe() throws {
        let recipe = try #require(try Self.swiftBlocks().first { $0.contains("everyLanguageFits") })
        let guide = try Self.document("docs/sweep.md")
        #expect(guide.contains(recipe), "README's screens recipe:\n\(recipe)")
    }
}
