import Testing
@Test func renderingPlaceholder() { #expect(Bool(true)) }
