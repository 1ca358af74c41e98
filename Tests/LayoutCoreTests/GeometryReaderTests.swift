import Foundation
import LayoutCore
import Layouts
import Testing

// SwiftUI's GeometryReader, as its layout is recovered from SwiftUI's binary (OpenSwiftUI,
// Sources/OpenSwiftUICore/Layout/GeometryReader.swift, audited for SwiftUI 6.5.4; DanceUI's
// GeometryReaderLayout.swift agrees):
// - sizeThatFits = proposal.replacingUnspecifiedDimensions(by: .zero) — the whole proposal, 0 for nil;
// - placeSubviews places every subview at bounds.origin with anchor .topLeading, proposing bounds.size.
// The proxy's size is the reader's size; frame(in: .local) = (0, 0, size); .global = the reader's
// frame in the root's coordinates (TextFit has no window). Numbers worked out by hand below.

@Suite("GeometryReader takes the proposal and builds its content from its size")
struct GeometryReaderTests {
    @Test("A 200 × 100 reader: the content sees 200 × 100 and sits at the top-leading corner")
    func halfWidth() {
        let reader = GeometryReader { g in
            Rectangle().id("r").frame(width: g.size.width / 2).id("f")
        }
        let result = reader.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(result.size == CGSize(width: 200, height: 100))
        #expect(result.root.frame == rect(0, 0, 200, 100))
        // The frame is proposed 200 × 100: width fixed at 100, height the rectangle's answer to
        // (100, 100) = 100. Placed at the reader's top-leading corner; the rectangle fills it.
        #expect(result.frame("f") == rect(0, 0, 100, 100))
        #expect(result.frame("r") == rect(0, 0, 100, 100))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("Content smaller than the reader is at its top-leading corner, not centred")
    func topLeading() {
        let reader = GeometryReader { g in
            Rectangle().id("r").frame(width: g.size.width / 2, height: 20)
        }
        // Centred would be (50, 40); SwiftUI places at bounds.origin with anchor .topLeading.
        let result = reader.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(result.frame("r") == rect(0, 0, 100, 20))
    }

    @Test("Several views overlap at the top-leading corner, each proposed the reader's size")
    func severalViews() {
        let reader = GeometryReader { _ in
            Box(width: 30, height: 10).id("a")
            Rectangle().id("fill")
            Box(width: 10, height: 20).id("b")
        }
        let result = reader.layout(in: ProposedViewSize(width: 120, height: 80))
        #expect(result.frame("a") == rect(0, 0, 30, 10))
        #expect(result.frame("fill") == rect(0, 0, 120, 80))
        #expect(result.frame("b") == rect(0, 0, 10, 20))
    }

    @Test("A nil axis is 0 (replacingUnspecifiedDimensions(by: .zero)), not 10")
    func unspecified() {
        let reader = GeometryReader { g in
            Box(width: g.size.width + 5, height: g.size.height + 5).id("box")
        }
        let ideal = reader.layout(in: .unspecified)
        #expect(ideal.size == .zero)
        #expect(ideal.frame("box") == rect(0, 0, 5, 5))  // overflows the 0 × 0 reader
        let half = reader.layout(in: ProposedViewSize(width: nil, height: 50))
        #expect(half.size == CGSize(width: 0, height: 50))
        #expect(half.frame("box") == rect(0, 0, 5, 55))
    }

    @Test("In a VStack under a fixed view: local and global frames")
    func inStack() {
        let view = VStack(spacing: 0) {
            Box(width: 50, height: 20).id("top")
            GeometryReader { g in
                Rectangle().id("half").frame(width: g.size.width, height: g.size.height / 2)
                // A probe 5 high whose width is the reader's global minY and whose x offset in a
                // frame is its local minX (0).
                Box(width: g.frame(in: .global).minY, height: g.frame(in: .local).height).id("probe")
            }.id("reader")
        }
        let result = view.layout(in: ProposedViewSize(width: 200, height: 100))
        // The box (20 high, inflexible) is sized first; the reader gets the other 80 and all 200 of
        // the width; the box is centred: x = (200 − 50) / 2 = 75.
        #expect(result.frame("top") == rect(75, 0, 50, 20))
        #expect(result.frame("reader") == rect(0, 20, 200, 80))
        #expect(result.frame("half") == rect(0, 20, 200, 40))
        // global minY = 20; local frame (0, 0, 200, 80).
        #expect(result.frame("probe") == rect(0, 20, 20, 80))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("The CoordinateSpace enum spelling answers as the protocol spelling")
    func coordinateSpaceEnum() {
        let view = VStack(spacing: 0) {
            Box(width: 10, height: 30)
            GeometryReader { g in
                Box(width: g.frame(in: CoordinateSpace.global).minY, height: g.frame(in: CoordinateSpace.local).minY + 1).id("probe")
                Box(width: g.safeAreaInsets.top + 1, height: 1).id("insets")
            }
        }
        let result = view.layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(result.frame("probe").size == CGSize(width: 30, height: 1))
        #expect(result.frame("insets").size == CGSize(width: 1, height: 1))
    }

    @Test("One LayoutTree laid out at several proposals rebuilds the content for each size")
    func relayout() {
        let tree = LayoutTree(GeometryReader { g in
            Rectangle().id("r").frame(width: g.size.width / 2, height: g.size.height / 4)
        })
        let first = tree.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(first.frame("r") == rect(0, 0, 100, 25))
        let second = tree.layout(in: ProposedViewSize(width: 300, height: 40))
        #expect(second.frame("r") == rect(0, 0, 150, 10))
        let third = tree.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(third.frame("r") == rect(0, 0, 100, 25))
        #expect(first.frame("r") == rect(0, 0, 100, 25))  // an earlier result is unchanged
        #expect(tree.count == 3)  // reader, frame, rectangle
        #expect(first.diagnostics.isEmpty && second.diagnostics.isEmpty && third.diagnostics.isEmpty)
    }

    @Test("The content's structure may depend on the size")
    func structureBySize() {
        let tree = LayoutTree(GeometryReader { g in
            if g.size.width > 150 {
                HStack(spacing: 0) {
                    Box(width: 10, height: 10).id("a")
                    Box(width: 10, height: 10).id("b")
                }
            } else {
                Box(width: 10, height: 10).id("a")
            }
        })
        let wide = tree.layout(in: ProposedViewSize(width: 200, height: 50))
        #expect(wide.frame("b") == rect(10, 0, 10, 10))
        let narrow = tree.layout(in: ProposedViewSize(width: 100, height: 50))
        #expect(narrow.element(id: "b") == nil)
        #expect(narrow.frame("a") == rect(0, 0, 10, 10))
    }

    @Test("Nested readers settle: the inner one sees the size the outer content gives it")
    func nested() {
        let view = GeometryReader { outer in
            GeometryReader { inner in
                Box(width: inner.size.width, height: inner.frame(in: .global).minX).id("box")
            }
            .frame(width: outer.size.width / 2, height: outer.size.height / 2)
            .padding(.leading, 7)
        }
        let result = view.layout(in: ProposedViewSize(width: 100, height: 60))
        // The padding (leading 7) holds a 50 × 30 frame, placed at (0, 0): the inner reader is at
        // (7, 0), 50 × 30, so the box is 50 × 7.
        #expect(result.frame("box") == rect(7, 0, 50, 7))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("Content that moves its own reader never settles: reported, and the last layout returned")
    func unsettled() {
        // The reader's top guide is its content's: −(global minY) − 1. The HStack aligns tops, so
        // the reader moves down to minY + 1 on every rebuild and never matches.
        let view = HStack(alignment: .top, spacing: 0) {
            Box(width: 10, height: 10)
            GeometryReader { g in
                Box(width: 10, height: 10).alignmentGuide(.top) { _ in -g.frame(in: .global).minY - 1 }
            }
        }
        let result = view.layout(in: ProposedViewSize(width: 100, height: 100))
        let kinds = result.diagnostics.map(\.kind)
        #expect(kinds == [.unsettledGeometry], "\(result.diagnostics)")
        #expect(LayoutTree.readerRebuildLimit == 4)
        // Built with minY 0, 1, 2, 3, 4 (four rebuilds), the last one placed at y 5: x 10 (after the
        // box), 90 × 100 (the rest of the width, all the height).
        #expect(result.element(at: [1])?.frame == rect(10, 5, 90, 100))
        #expect(result.diagnostics.first?.message.hasSuffix("after 4 rebuilds") == true)
    }
}
