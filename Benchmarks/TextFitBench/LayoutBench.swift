// Layout benchmarks (issues 4, 5): 10,000 fixed-size leaves in nested stacks, and a 10,000-tag flow
// (`FlowLayout` with its defaults — rows aligned on first text baselines — and given spacings; its
// cache holds only measurements, so every relayout re-plans the rows). For each: the first layout (building
// the tree, making the caches, measuring every leaf) and a relayout at a new width on the same
// `LayoutTree` (caches kept: the flow re-breaks lines over its cached sizes). Medians of 11 runs.
// Target: flow relayout under 2 ms in a release build.
//
// Entry point: `runLayoutBenchmarks()`, called from main.swift. Everything else is private so no
// name here can collide with main.swift's top-level declarations.
import Foundation
import LayoutCore
import Layouts

func runLayoutBenchmarks() {
    LayoutBenchmarks.run()
}

private enum LayoutBenchmarks {
    static let leafCount = 10_000
    static let runs = 11
    static let flowRelayoutTarget = 2.0  // ms

    /// Deterministic widths 20…99 pt (a tag's width), heights 20 pt.
    static func tagWidth(_ i: Int) -> CGFloat { CGFloat(20 + (i &* 37) % 80) }

    /// 100 rows (HStacks) of 100 boxes, in a VStack: 10,000 leaves, 101 containers.
    static var nestedStacks: AnyElement {
        AnyElement(VStackLayout(alignment: .leading, spacing: 4) {
            for row in 0..<100 {
                HStackLayout(alignment: .center, spacing: 2) {
                    for column in 0..<100 { Box(width: tagWidth(row * 100 + column) / 4, height: CGFloat(10 + column % 5)) }
                }
            }
        })
    }

    static var tagFlow: AnyElement {
        AnyElement(FlowLayout(spacing: 6, lineSpacing: 6) {
            for i in 0..<leafCount { Box(width: tagWidth(i), height: 20) }
        })
    }

    static func milliseconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// (first layout, relayout) medians in ms, and a checksum so the work cannot be optimised away.
    static func measure(_ element: AnyElement, first: ProposedViewSize, second: ProposedViewSize) -> (Double, Double, Double) {
        var firstTimes: [Double] = [], relayoutTimes: [Double] = []
        var checksum = 0.0
        for _ in 0..<runs {
            var tree: LayoutTree?
            firstTimes.append(milliseconds {
                let built = LayoutTree(element)
                checksum += built.layout(in: first).size.height
                tree = built
            })
            var flip = false
            relayoutTimes.append(milliseconds {
                // Alternate widths so every relayout is at a new width.
                checksum += tree!.layout(in: flip ? first : second).size.height
                flip.toggle()
            })
        }
        return (median(firstTimes), median(relayoutTimes), checksum)
    }

    static func run() {
        // TEXTFIT_PROFILE_FLOW=SECONDS: only relayout the flow, alternating widths (for perf).
        if let seconds = ProcessInfo.processInfo.environment["TEXTFIT_PROFILE_FLOW"].flatMap(Double.init) {
            let tree = LayoutTree(tagFlow)
            var flip = false, checksum = 0.0
            let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while ContinuousClock.now < end {
                checksum += tree.layout(in: ProposedViewSize(width: flip ? 1_000 : 700, height: nil)).size.height
                flip.toggle()
            }
            print("flow profile checksum \(Int(checksum))")
            return
        }
        #if DEBUG
        let build = "DEBUG build: figures are not meaningful, use -c release"
        #else
        let build = "release build"
        #endif
        print("\nLayout (\(build); \(leafCount) leaves each; median of \(runs) runs)")
        func format(_ v: Double) -> String { String(format: "%8.2f ms", v) }
        let stacks = measure(nestedStacks, first: ProposedViewSize(width: 4_000, height: nil),
                             second: ProposedViewSize(width: 3_000, height: nil))
        print("  nested stacks   first layout \(format(stacks.0))   relayout at a new width \(format(stacks.1))")
        let flow = measure(tagFlow, first: ProposedViewSize(width: 1_000, height: nil),
                           second: ProposedViewSize(width: 700, height: nil))
        print("  10,000-tag flow first layout \(format(flow.0))   relayout at a new width \(format(flow.1))")
        let verdict = flow.1 < flowRelayoutTarget ? "met" : "MISSED"
        print("  target: flow relayout < \(flowRelayoutTarget) ms: \(verdict)   (checksum \(Int(stacks.2 + flow.2)))")
    }
}
