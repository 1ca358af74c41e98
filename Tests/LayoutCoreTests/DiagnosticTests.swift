import Foundation
import LayoutCore
import Layouts
import Testing

// Deliberately broken layouts, one per diagnostic.

/// Places only its first subview.
struct ForgetsSubviews: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 100, height: 100) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, proposal: .unspecified)
    }
}

/// Places its first subview twice.
struct PlacesTwice: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 100, height: 100) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, proposal: .unspecified)
        subviews.first?.place(at: CGPoint(x: bounds.minX + 5, y: bounds.minY), proposal: .unspecified)
    }
}

/// Answers a fixed, possibly invalid size.
struct AnswersSize: Layout {
    let size: CGSize
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { size }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// Keeps a call counter in a class-typed cache and grows with every call: state leaking through the cache.
struct LeaksState: Layout {
    final class Calls { var count = 0 }
    func makeCache(subviews: Subviews) -> Calls { Calls() }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Calls) -> CGSize {
        cache.count += 1
        return CGSize(width: 10 * CGFloat(cache.count), height: 10)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Calls) {}
}

/// Measures its subview's ideal size, then places it with a narrower proposal.
struct PlacesNarrower: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.sizeThatFits(.unspecified) ?? .zero
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, proposal: ProposedViewSize(width: bounds.width / 2, height: nil))
    }
}

/// Proposes NaN and a negative length.
struct ProposesGarbage: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.sizeThatFits(ProposedViewSize(width: .nan, height: -5)) ?? .zero
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, proposal: ProposedViewSize(width: .nan, height: -5))
    }
}

@Suite("Layout diagnostics: each one triggered by a deliberately broken layout")
struct DiagnosticTests {
    @Test("A subview never placed is reported and put at the centre of the bounds")
    func neverPlaced() {
        let result = ForgetsSubviews { Box(width: 10, height: 10).id("a"); Box(width: 20, height: 20).id("b") }
            .layout(in: ProposedViewSize(width: 100, height: 100))
        #expect(result.diagnostics.map(\.kind) == [.neverPlaced])
        #expect(result.diagnostics.first?.subviewPath == [1])
        #expect(result.diagnostics.first?.layout == "ForgetsSubviews")
        #expect(result.frame("b") == rect(40, 40, 20, 20))
    }

    @Test("A subview placed twice is reported; the last placement is kept")
    func placedTwice() {
        let result = PlacesTwice { Box(width: 10, height: 10).id("a") }.layout(in: .unspecified)
        #expect(result.diagnostics.map(\.kind) == [.placedTwice])
        #expect(result.frame("a").minX == 5)
    }

    @Test("NaN, negative and infinite sizes are reported and replaced", arguments: [
        (CGSize(width: CGFloat.nan, height: 10), CGSize(width: 0, height: 10)),
        (CGSize(width: -4, height: 10), CGSize(width: 0, height: 10)),
        (CGSize(width: CGFloat.infinity, height: 10), CGSize(width: 30, height: 10)),  // the finite proposal
    ])
    func invalidSizes(answer: CGSize, expected: CGSize) {
        let result = AnswersSize(size: answer) {}.layout(in: ProposedViewSize(width: 30, height: 30))
        #expect(result.diagnostics.map(\.kind) == [.invalidSize])
        #expect(result.size == expected)
    }

    @Test("An infinite frame (a fill proposed ∞) is reported and taken as 0")
    func infiniteFrame() {
        let result = Rectangle().layout(in: .infinity)
        #expect(result.diagnostics.map(\.kind) == [.invalidSize])
        #expect(result.size == .zero)
        #expect((try? JSONEncoder().encode(result)) != nil)
    }

    @Test("sizeThatFits answering differently for the same proposal is reported")
    func inconsistentSize() {
        let result = LeaksState {}.layout(in: ProposedViewSize(width: 50, height: 50))
        #expect(result.diagnostics.map(\.kind) == [.inconsistentSize])
        // Inside a stack, which asks the same question while sizing and while placing.
        let nested = HStackLayout { LeaksState {} }.layout(in: ProposedViewSize(width: 50, height: 50))
        #expect(nested.diagnostics.contains { $0.kind == .inconsistentSize && $0.layoutPath == [0] })
    }

    @Test("Measured at its ideal, placed narrower, text re-wraps: reported with both sizes")
    func placedSizeMismatch() {
        let result = PlacesNarrower { TextLike(idealWidth: 100).id("t") }.layout(in: .unspecified)
        #expect(result.diagnostics.map(\.kind) == [.placedSizeMismatch])
        #expect(result.diagnostics.first?.message.contains("50.0 × 32.0") == true)
        #expect(result.frame("t").size == CGSize(width: 50, height: 32))
        // The same layout with a box (same size under any proposal) is fine.
        #expect(PlacesNarrower { Box(width: 100, height: 10) }.layout(in: .unspecified).diagnostics.isEmpty)
    }

    @Test("NaN and negative proposals are normalised (NaN → nil, negative → 0) and reported")
    func invalidProposal() {
        let result = ProposesGarbage { Rectangle().id("r") }.layout(in: .unspecified)
        #expect(result.diagnostics.map(\.kind) == [.invalidProposal])
        #expect(result.frame("r").size == CGSize(width: 10, height: 0))
        let root = Rectangle().layout(in: ProposedViewSize(width: .nan, height: -1))
        #expect(root.size == CGSize(width: 10, height: 0))
        #expect(root.proposal == ProposedViewSize(width: nil, height: 0))
        #expect(root.diagnostics.map(\.kind) == [.invalidProposal])
    }

    @Test("Correct layouts report nothing, nested and with baselines")
    func cleanLayouts() {
        let result = VStackLayout(alignment: .leading) {
            HStackLayout(alignment: .firstTextBaseline) { TextLike(idealWidth: 50); Box(width: 10, height: 30).padding(4) }
            FlowLayout { for i in 0..<20 { Box(width: CGFloat(10 + i), height: 12) } }
            ZStackLayout { Rectangle(); TextLike(idealWidth: 300).frame(maxWidth: 150) }
            EqualWidthHStack { Box(width: 10, height: 10); Box(width: 20, height: 10) }
        }.layout(in: ProposedViewSize(width: 200, height: 400))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }
}
