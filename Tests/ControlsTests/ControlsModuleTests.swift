import Testing
@testable import Controls

/// The module re-exports the layers below it, so a file that imports Controls alone has views and text.
@Suite struct ControlsModuleTests {
    @Test func reexportsViewsAndText() {
        let size = Text("Hi").layout(in: ProposedViewSize(width: nil, height: nil)).size
        #expect(size.width > 0 && size.height > 0)
    }
}
