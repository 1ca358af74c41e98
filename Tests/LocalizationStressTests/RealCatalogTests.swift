import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress
import TextLayout
import Typography

/// `Fixtures/Territories.xcstrings` (made by `make-territories-xcstrings.py` from CLDR names): the
/// sweep's verdicts agree with single-line widths measured on the tested path (`Shaper.measure`,
/// whose widths equal hb-shape's in TypographyTests).
@Suite("A real catalog: verdicts agree with independently measured widths")
struct RealCatalogTests {
    static let file = StressFixtures.repository.appendingPathComponent("Tests/LocalizationStressTests/Fixtures/Territories.xcstrings").path

    @Test("Every key × locale × variant at 120 pt, one line, body at large: fits iff its line is ≤ 120 pt")
    func verdictsMatchWidths() throws {
        let catalog = try CatalogReader.read([Self.file])
        #expect(catalog.problems.isEmpty)
        #expect(catalog.entries.count == 8 * (12 + 2))  // 12 plain keys + a plural key's two forms, 8 locales
        let container = StressContainer(width: 120, maxLines: 1, size: .style(.body), dynamicTypeSizes: [.large])
        let sweep = try StressFixtures.sweep()
        let verdicts = sweep.run(catalog.entries, container: { _ in container })
        #expect(verdicts.count == catalog.entries.count)
        var fits = 0, truncated = 0
        for (entry, verdict) in zip(catalog.entries, verdicts) {
            let width = try sweep.shaper.measure(entry.text, attributes: TextAttributes(size: .style(.body))).width
            let expected: StressStatus = width <= 120 ? .fits : .truncated
            #expect(verdict.status == expected, "\(entry.locale) \(entry.key) \(entry.variant): \(width) pt")
            if verdict.status == .fits {
                fits += 1
                #expect(abs(verdict.width - width) < 1e-9)
            } else {
                truncated += 1
            }
        }
        // Both outcomes occur, so the check means something.
        #expect(fits > 10 && truncated > 10)
    }
}
