import Foundation
import LayoutCore

/// A tag flow: subviews at their ideal sizes, left to right, wrapping to a new line when the next
/// would cross the proposed width; lines top-aligned, one under the other.
///
/// Caches only measurements (each subview's ideal size, made once per set of subviews), so a new
/// width costs the line breaking alone. A subview wider than the width gets a line of its own and
/// overflows; a `nil` or infinite width gives one line. The reported width is the widest line, not
/// the proposal. (Baseline alignment within lines and per-line alignment come with the text issue.)
public struct FlowLayout: Layout {
    /// Between neighbours on a line (points).
    public var spacing: CGFloat
    /// Between lines (points).
    public var lineSpacing: CGFloat

    public init(spacing: CGFloat = 8, lineSpacing: CGFloat = 8) {
        self.spacing = spacing
        self.lineSpacing = lineSpacing
    }

    /// Each subview's ideal size, measured once.
    public struct Cache: Sendable {
        public var sizes: [CGSize]
    }

    /// One line: its subviews (offsets from the first subview) and extent.
    struct Line {
        var range: Range<Int>
        var width: CGFloat
        var height: CGFloat
    }

    public func makeCache(subviews: Subviews) -> Cache {
        Cache(sizes: subviews.map { $0.sizeThatFits(.unspecified) })
    }

    /// Greedy line breaking of `sizes` into `width` (`nil`: one line).
    /// - Complexity: O(n).
    func breakLines(_ sizes: [CGSize], width: CGFloat?) -> [Line] {
        let limit = width ?? .infinity
        var lines: [Line] = []
        var current = Line(range: 0..<0, width: 0, height: 0)
        for (i, size) in sizes.enumerated() {
            if current.range.isEmpty {
                current = Line(range: i..<(i + 1), width: size.width, height: size.height)
            } else if current.width + spacing + size.width <= limit {
                current.range = current.range.lowerBound..<(i + 1)
                current.width += spacing + size.width
                current.height = max(current.height, size.height)
            } else {
                lines.append(current)
                current = Line(range: i..<(i + 1), width: size.width, height: size.height)
            }
        }
        if !current.range.isEmpty { lines.append(current) }
        return lines
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        let lines = breakLines(cache.sizes, width: proposal.width)
        guard !lines.isEmpty else { return .zero }
        let width = lines.reduce(0) { max($0, $1.width) }
        let height = lines.reduce(0) { $0 + $1.height } + lineSpacing * CGFloat(lines.count - 1)
        return CGSize(width: width, height: height)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var y = bounds.minY
        let base = subviews.startIndex
        for line in breakLines(cache.sizes, width: proposal.width) {
            var x = bounds.minX
            for i in line.range {
                subviews[base + i].place(at: CGPoint(x: x, y: y), anchor: .topLeading, proposal: .unspecified)
                x += cache.sizes[i].width + spacing
            }
            y += line.height + lineSpacing
        }
    }
}
