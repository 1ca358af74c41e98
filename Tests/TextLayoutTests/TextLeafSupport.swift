import Foundation
import LayoutCore
@testable import TextLayout
import Typography

// Helpers for the Text leaf tests: an environment with the test shaper and a private cache, and two
// small stack layouts written here against LayoutCore alone (the Layouts module is not a dependency
// of this test target). Every expected number in the tests is worked out by hand from hb-shape and
// the fonts' tables, in comments next to it.
//
// Noto Sans (Regular, Bold, Italic): units per em 1000, hhea ascender 1069, descender −293, line gap
// 0, so a line is 1.362 em high with its baseline 1.069 em from the top. At 17 pt (body, .large):
// ascent 18.173, descent 4.981, line 23.154. hb-shape --font-funcs=ot advances used below:
// Regular a 561, b 615, space 260, … 791, "fi" ligature 602 (f 344 + i 258 without it);
// Bold a 604, b 633; Italic a 568, b 579.

/// Points at 17 pt for a length in font units of a 1000-unit em.
func at17(_ units: Double) -> Double { units * 17 / 1000 }

/// Equal to 1e-9 (relative to magnitudes above 1).
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }
func close(_ a: CGFloat, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { close(Double(a), b, tolerance) }

enum TextFixtures {
    /// An environment that shapes with the bundled-fonts test shaper and keeps its measurements in
    /// `cache` (a fresh one by default, so counts never mix between tests running in parallel).
    static func environment(cache: TextMeasurementCache = TextMeasurementCache()) throws -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.textShaper = try Fixtures.shaper()
        environment.textMeasurementCache = cache
        return environment
    }
}

/// A horizontal stack for tests: every child at its ideal size (proposed `nil` × the row's
/// height), side by side, separated by their `ViewSpacing` distance, aligned on `alignment`.
struct TestRow: Layout {
    var alignment: VerticalAlignment = .center

    private func measure(_ proposal: ProposedViewSize, _ subviews: Subviews) -> (dimensions: [ViewDimensions], gaps: [CGFloat]) {
        let child = ProposedViewSize(width: nil, height: proposal.height)
        let dimensions = subviews.map { $0.dimensions(in: child) }
        let gaps = subviews.indices.dropLast().map { subviews[$0].spacing.distance(to: subviews[$0 + 1].spacing, along: .horizontal) }
        return (dimensions, gaps)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let (dimensions, gaps) = measure(proposal, subviews)
        let ascent = dimensions.map { $0[alignment] }.max() ?? 0
        let descent = dimensions.map { $0.height - $0[alignment] }.max() ?? 0
        return CGSize(width: dimensions.map(\.width).reduce(0, +) + gaps.reduce(0, +), height: ascent + descent)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let (dimensions, gaps) = measure(proposal, subviews)
        let ascent = dimensions.map { $0[alignment] }.max() ?? 0
        var x = bounds.minX
        for (index, subview) in subviews.enumerated() {
            subview.place(at: CGPoint(x: x, y: bounds.minY + ascent - dimensions[index][alignment]),
                          proposal: ProposedViewSize(width: nil, height: proposal.height))
            x += dimensions[index].width + (index < gaps.count ? gaps[index] : 0)
        }
    }
}

/// A vertical stack for tests: every child proposed the column's width (and `nil` height), one
/// under the other, separated by their `ViewSpacing` distance, leading-aligned.
struct TestColumn: Layout {
    private func measure(_ proposal: ProposedViewSize, _ subviews: Subviews) -> (sizes: [CGSize], gaps: [CGFloat]) {
        let child = ProposedViewSize(width: proposal.width, height: nil)
        let sizes = subviews.map { $0.sizeThatFits(child) }
        let gaps = subviews.indices.dropLast().map { subviews[$0].spacing.distance(to: subviews[$0 + 1].spacing, along: .vertical) }
        return (sizes, gaps)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let (sizes, gaps) = measure(proposal, subviews)
        return CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).reduce(0, +) + gaps.reduce(0, +))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let (sizes, gaps) = measure(proposal, subviews)
        var y = bounds.minY
        for (index, subview) in subviews.enumerated() {
            subview.place(at: CGPoint(x: bounds.minX, y: y), proposal: ProposedViewSize(width: proposal.width, height: nil))
            y += sizes[index].height + (index < gaps.count ? gaps[index] : 0)
        }
    }
}
