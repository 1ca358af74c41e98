import Foundation
import LayoutCore
import Layouts
import Testing

// SwiftUI's @Environment (https://developer.apple.com/documentation/swiftui/environment): a view
// reads the value its ancestors set with environment(_:_:), the innermost winning, else the root
// environment, else the key's default. `testScale` (Support.swift) defaults to 1.

/// A 10·scale × 10 box whose width comes from `@Environment`.
private struct ScaleReader: View {
    @Environment(\.testScale) var scale
    var body: some View { Box(width: 10 * scale, height: 10) }
}

/// Chooses its layout from the environment, as adaptive SwiftUI views do.
private struct AdaptiveRow: View {
    @Environment(\.testScale) var scale
    var body: some View {
        if scale > 2 {
            VStack(spacing: 0) { Box(width: 10, height: 10); Box(width: 10, height: 10) }
        } else {
            HStack(spacing: 0) { Box(width: 10, height: 10); Box(width: 10, height: 10) }
        }
    }
}

@Suite("@Environment reads the environment a view is evaluated in")
struct EnvironmentPropertyTests {
    @Test("The key's default, the root environment, then environment modifiers (innermost wins)")
    func precedence() {
        #expect(ScaleReader().layout(in: .unspecified).size == CGSize(width: 10, height: 10))
        var root = EnvironmentValues()
        root.testScale = 2
        #expect(ScaleReader().layout(in: .unspecified, environment: root).size == CGSize(width: 20, height: 10))
        #expect(ScaleReader().environment(\.testScale, 3).layout(in: .unspecified, environment: root).size.width == 30)
        let nested = ScaleReader().environment(\.testScale, 4).environment(\.testScale, 5)
        #expect(nested.layout(in: .unspecified).size.width == 40)
    }

    @Test("transformEnvironment(_:transform:) changes what a body reads, over the inherited value")
    func transform() {
        let view = ScaleReader().transformEnvironment(\.testScale) { $0 *= 2 }.environment(\.testScale, 3)
        #expect(view.layout(in: .unspecified).size.width == 60)
    }

    @Test("Views in a container and in a ForEach read their own environment")
    func inContainers() {
        let view = HStack(spacing: 0) {
            ScaleReader().id("one")
            ScaleReader().environment(\.testScale, 2).id("two")
            ForEach(0..<2) { i in ScaleReader().environment(\.testScale, CGFloat(3 + i)).id("each\(i)") }
        }.environment(\.testScale, 1.5)
        let result = view.layout(in: .unspecified)
        #expect(result.frame("one").width == 15)
        #expect(result.frame("two").width == 20)
        #expect(result.frame("each0").width == 30)
        #expect(result.frame("each1").width == 40)
    }

    @Test("A body can choose its structure from the environment")
    func adaptive() {
        #expect(AdaptiveRow().layout(in: .unspecified).size == CGSize(width: 20, height: 10))
        #expect(AdaptiveRow().environment(\.testScale, 3).layout(in: .unspecified).size == CGSize(width: 10, height: 20))
    }

    @Test("A GeometryReader's content reads the reader's environment, on every rebuild")
    func inGeometryReader() {
        let tree = LayoutTree(GeometryReader { g in
            ScaleReader().id("box").frame(width: g.size.width)
        }.environment(\.testScale, 6))
        #expect(tree.layout(in: ProposedViewSize(width: 100, height: 50)).frame("box").width == 60)
        #expect(tree.layout(in: ProposedViewSize(width: 80, height: 50)).frame("box").width == 60)
    }
}
