import Testing
@testable import Catalogs
@testable import LocalizationStress
@Test func catalogModelPlaceholder() { #expect(SourceLocation(file: "a", line: 3).description == "a:3") }
