import Foundation
import LayoutCore
import Layouts
import Synchronization
import Testing

// Shared leaves, keys and helpers for the LayoutCore tests. Every expected number in the tests is
// worked out by hand in the test's comments.

/// A stand-in for text (the real `Text` leaf comes with TextLayout): `idealWidth` on one line for a
/// `nil` or wide enough proposal; narrower proposals wrap into ⌈ideal ÷ width⌉ lines as wide as the
/// proposal. First baseline = `ascent`; last = (lines − 1) × lineHeight + ascent. Prefers 2 pt to
/// another `TextLike` and 8 pt to anything else (the spacing hook the text issue will use).
struct TextLike: LeafView {
    var idealWidth: CGFloat
    var lineHeight: CGFloat = 16
    var ascent: CGFloat = 12

    static let category = ViewSpacing.Category("text-like")

    func lineCount(_ p: ProposedViewSize) -> Int {
        guard let w = p.width, w < idealWidth else { return 1 }
        return Int((idealWidth / max(w, 1)).rounded(.up))
    }

    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        let lines = lineCount(proposal)
        return CGSize(width: lines == 1 ? idealWidth : proposal.width!, height: CGFloat(lines) * lineHeight)
    }

    func explicitAlignment(of guide: VerticalAlignment, in size: CGSize, proposal: ProposedViewSize,
                           environment: EnvironmentValues) -> CGFloat? {
        let lines = max(1, (size.height / lineHeight).rounded())
        if guide == .firstTextBaseline { return ascent }
        if guide == .lastTextBaseline { return (lines - 1) * lineHeight + ascent }
        return nil
    }

    func spacing(environment: EnvironmentValues) -> ViewSpacing {
        ViewSpacing(ViewSpacing.Preference(category: Self.category, sameCategory: 2, otherCategory: 8))
    }
}

/// An environment value for tests: a scale a `ScaledBox` multiplies its 10 × 10 by.
struct ScaleKey: EnvironmentKey {
    static let defaultValue: CGFloat = 1
}

extension EnvironmentValues {
    var testScale: CGFloat {
        get { self[ScaleKey.self] }
        set { self[ScaleKey.self] = newValue }
    }
}

struct ScaledBox: LeafView {
    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        CGSize(width: 10 * environment.testScale, height: 10)
    }
}

/// A thread-safe counter a `Sendable` layout can hold.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    func increment() { storage.add(1, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}

/// A layout that counts how often its wrapped layout's cache is made.
struct CountingCache<L: Layout>: Layout {
    let inner: L
    let made: Counter

    func makeCache(subviews: Subviews) -> L.Cache {
        made.increment()
        return inner.makeCache(subviews: subviews)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout L.Cache) -> CGSize {
        inner.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout L.Cache) {
        inner.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// A leaf that counts the proposals it is asked about other than `.unspecified`.
struct ProbedBox: LeafView {
    var width: CGFloat
    var height: CGFloat
    let nonIdealQuestions: Counter

    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        if proposal != .unspecified { nonIdealQuestions.increment() }
        return CGSize(width: width, height: height)
    }
}

extension LayoutResult {
    /// The frame of the element named `id` (`.null` when there is none, which fails any comparison).
    func frame(_ id: String) -> CGRect { element(id: id)?.frame ?? .null }
}

/// Equal within 1e-9 (for values like 100 ÷ 3).
func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= 1e-9 }

func close(_ a: CGRect, _ b: CGRect) -> Bool {
    close(a.origin.x, b.origin.x) && close(a.origin.y, b.origin.y) && close(a.size.width, b.size.width) && close(a.size.height, b.size.height)
}

func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }
