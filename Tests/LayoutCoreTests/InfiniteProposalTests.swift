import Foundation
import LayoutCore
import Layouts
import Synchronization
import Testing

// Every built-in container asked for its size under infinite and `nil` proposals, with children
// that take whatever they are offered: no answer may be NaN, and so none may be reported as
// `invalidSize` (issue 48: "every `invalidSize` from a built-in container is a bug with a test").
//
// Why ∞ is a legitimate answer and NaN is not: SwiftUI's `Color` and `Rectangle` offered
// `.infinity` answer "infxinf" (probe P6, mburger89/MetalUI docs/probes/swiftui-layout-input-validation.swift),
// and a stack measures each child at ∞ to learn its flexibility (WWDC22 "Compose custom layouts
// with SwiftUI"; docs/swiftui-semantics.md, Stacks step 2). A container around such a child is as
// flexible: ∞ under ∞. ∞ − ∞ (a centre or trailing guide taken off an infinite length) is NaN, which
// the engine replaces by 0 and reports, so the stack would look rigid to its parent.

/// Asks its one subview for its size at every proposal in `probes`, then answers and places it at a
/// finite 100 × 100, so only the subview's own answers can be reported.
struct AsksAt: Layout {
    let probes: [ProposedViewSize]

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        for probe in probes { for subview in subviews { _ = subview.sizeThatFits(probe) } }
        return CGSize(width: 100, height: 100)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for subview in subviews { subview.place(at: bounds.origin, proposal: ProposedViewSize(bounds.size)) }
    }
}

/// The proposals the audit asks: ∞ and `nil` on each axis, alone and together, and beside a finite length.
let unboundedProposals: [ProposedViewSize] = [
    ProposedViewSize(width: .infinity, height: .infinity), ProposedViewSize(width: .infinity, height: nil),
    ProposedViewSize(width: nil, height: .infinity), .unspecified,
    ProposedViewSize(width: .infinity, height: 50), ProposedViewSize(width: 50, height: .infinity),
]

/// Every container TextFit builds in, around children that fill what they are offered (`Color`,
/// `Rectangle`, `Spacer`, a `maxWidth: .infinity` frame), by name.
func containerSamples() -> [(String, AnyView)] {
    var samples: [(String, AnyView)] = []
    let horizontals: [(String, HorizontalAlignment)] = [("leading", .leading), ("center", .center), ("trailing", .trailing)]
    let verticals: [(String, VerticalAlignment)] = [("top", .top), ("center", .center), ("bottom", .bottom),
                                                    ("firstTextBaseline", .firstTextBaseline), ("lastTextBaseline", .lastTextBaseline)]
    for (name, alignment) in horizontals {
        samples.append(("VStack(\(name)) { Color }", AnyView(VStack(alignment: alignment) { Color.red })))
        samples.append(("VStack(\(name)) { Color; Box }", AnyView(VStack(alignment: alignment) { Color.red; Box(width: 20, height: 20) })))
        samples.append(("VStack(\(name)) { Rectangle; Spacer }", AnyView(VStack(alignment: alignment) { Rectangle(); Spacer() })))
        samples.append(("LazyVStack(\(name)) { maxWidth ∞ }",
                        AnyView(LazyVStack(alignment: alignment) { Box(width: 20, height: 20).frame(maxWidth: .infinity) })))
    }
    for (name, alignment) in verticals {
        samples.append(("HStack(\(name)) { Color }", AnyView(HStack(alignment: alignment) { Color.red })))
        samples.append(("HStack(\(name)) { Color; Box }", AnyView(HStack(alignment: alignment) { Color.red; Box(width: 20, height: 20) })))
        samples.append(("HStack(\(name)) { Rectangle; Spacer }", AnyView(HStack(alignment: alignment) { Rectangle(); Spacer() })))
    }
    let alignments: [(String, Alignment)] = [("topLeading", .topLeading), ("top", .top), ("topTrailing", .topTrailing),
                                             ("leading", .leading), ("center", .center), ("trailing", .trailing),
                                             ("bottomLeading", .bottomLeading), ("bottom", .bottom), ("bottomTrailing", .bottomTrailing)]
    for (name, alignment) in alignments {
        samples.append(("ZStack(\(name)) { Color; Box }", AnyView(ZStack(alignment: alignment) { Color.red; Box(width: 20, height: 20) })))
        samples.append(("Color.overlay(\(name)) { Color }", AnyView(Color.red.overlay(alignment: alignment) { Color.blue })))
        samples.append(("Color.background(\(name)) { Color }", AnyView(Color.red.background(alignment: alignment) { Color.blue })))
        samples.append(("Color.frame(maxWidth: ∞, maxHeight: ∞, \(name))",
                        AnyView(Color.red.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: alignment))))
        samples.append(("Color.frame(width: 30, \(name))", AnyView(Color.red.frame(width: 30, alignment: alignment))))
        samples.append(("Color.frame(minWidth: 30, \(name))", AnyView(Color.red.frame(minWidth: 30, alignment: alignment))))
    }
    samples.append(("Color.padding()", AnyView(Color.red.padding())))
    samples.append(("Color.padding(-5)", AnyView(Color.red.padding(-5))))
    samples.append(("Color.offset", AnyView(Color.red.offset(x: 5, y: 5))))
    samples.append(("Color.position", AnyView(Color.red.position(x: 10, y: 10))))
    samples.append(("Color.aspectRatio(2, .fit)", AnyView(Color.red.aspectRatio(2, contentMode: .fit))))
    samples.append(("Color.aspectRatio(2, .fill)", AnyView(Color.red.aspectRatio(2, contentMode: .fill))))
    samples.append(("Color.fixedSize()", AnyView(Color.red.fixedSize())))
    samples.append(("Color.hidden()", AnyView(Color.red.hidden())))
    samples.append(("Grid { GridRow { Color; Box }; Color }", AnyView(Grid {
        GridRow { Color.red; Box(width: 20, height: 20) }
        Color.blue
    })))
    samples.append(("Grid(alignment: .bottomTrailing) { GridRow { Color; Box } }", AnyView(Grid(alignment: .bottomTrailing) {
        GridRow { Color.red; Box(width: 20, height: 20) }
    })))
    samples.append(("FlowLayout { Color; Box }", AnyView(FlowLayout { Color.red; Box(width: 20, height: 20) })))
    samples.append(("FlowLayout(.trailing) { Color; Box }", AnyView(FlowLayout(alignment: .trailing) { Color.red; Box(width: 20, height: 20) })))
    samples.append(("FlowLayout(.justified) { Color; Box }",
                    AnyView(FlowLayout(alignment: .justified) { Color.red; Box(width: 20, height: 20); Box(width: 500, height: 20) })))
    samples.append(("ViewThatFits { Color; Box }", AnyView(ViewThatFits { Color.red; Box(width: 20, height: 20) })))
    samples.append(("EqualWidthHStack { Color; Box }", AnyView(EqualWidthHStack { Color.red; Box(width: 20, height: 20) })))
    samples.append(("EqualWidthVStack { Color; Box }", AnyView(EqualWidthVStack { Color.red; Box(width: 20, height: 20) })))
    samples.append(("RadialLayout { Color; Box }", AnyView(RadialLayout { Color.red; Box(width: 20, height: 20) })))
    samples.append(("GeometryReader { Color }", AnyView(GeometryReader { _ in Color.red })))
    samples.append(("AnyLayout(VStackLayout(.trailing)) { Color }", AnyView(AnyLayout(VStackLayout(alignment: .trailing)) { Color.red })))
    samples.append(("ScrollView { Color }", AnyView(ScrollView { Color.red })))
    samples.append(("ScrollView(.horizontal) { Color; Box }", AnyView(ScrollView(.horizontal) { Color.red; Box(width: 20, height: 20) })))
    samples.append(("ScrollView([.horizontal, .vertical]) { Color }", AnyView(ScrollView([.horizontal, .vertical]) { Color.red })))
    samples.append(("LazyVGrid(flexible, adaptive, fixed) { Color × 4 }", AnyView(LazyVGrid(columns: [
        GridItem(.flexible()), GridItem(.adaptive(minimum: 30)), GridItem(.fixed(20), alignment: .bottomTrailing),
    ]) { ForEach(0..<4) { _ in Color.red } })))
    samples.append(("LazyHGrid(flexible, adaptive) { Color × 3 }", AnyView(LazyHGrid(rows: [GridItem(.flexible()), GridItem(.adaptive(minimum: 30))]) {
        ForEach(0..<3) { _ in Color.red }
    })))
    return samples
}

@Suite("Built-in containers under infinite and nil proposals answer no NaN (issue 48)")
struct InfiniteProposalTests {
    @Test("The issue's row: HStack { VStack { Color.red }; Text(\"short\") } is as wide as its 390-pt proposal")
    func issueRow() {
        // Issue 48: "VStack (centre or trailing alignment) proposed an infinite width with a flexible
        // child answers NaN … so HStack { VStack { Color.red }; Text("short") } is 241 pt wide instead
        // of 390". By hand, with a 41-pt text stand-in (TextLike, 41 wide at any width ≥ 41) and the
        // 8-pt spacing an ordinary view prefers next to it: the stack measures each child at 0 and ∞;
        // the VStack of a Color is 0 … ∞ wide (flexibility ∞), the text 41 … 41 (flexibility 0), so
        // the text is sized first, offered (390 − 8) ÷ 2 = 191, and takes 41; the VStack is offered
        // 390 − 8 − 41 = 341 and takes it. Width 41 + 8 + 341 = 390. With the NaN, the VStack read as
        // 0 … 0, was sized first at 191, and the row was 191 + 8 + 41 = 240 (the issue's 241 with its font).
        for alignment in [HorizontalAlignment.leading, .center, .trailing] {
            let row = HStack {
                VStack(alignment: alignment) { Color.red }.id("column")
                TextLike(idealWidth: 41).id("text")
            }
            let result = row.layout(in: ProposedViewSize(width: 390, height: 100))
            #expect(result.size.width == 390)
            #expect(result.frame("column") == rect(0, 0, 341, 100))
            #expect(result.frame("text") == rect(349, 42, 41, 16))
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        }
    }

    @Test("A stack of a Color offered ∞ is ∞ on that axis (a Color is: probe P6 'Color offered .infinity: infxinf')")
    func infiniteIsFlexible() {
        for alignment in [HorizontalAlignment.leading, .center, .trailing] {
            let tree = LayoutTree(VStack(alignment: alignment) { Color.red; Box(width: 20, height: 20) })
            let size = tree.layout(in: ProposedViewSize(width: 50, height: 50)).size
            #expect(size == CGSize(width: 50, height: 50))
            // Measured directly through a probe layout: the answer at ∞ must be ∞, not NaN or 0.
            let answers = Measures.Answers()
            let probe = LayoutTree(Measures(proposal: ProposedViewSize(width: .infinity, height: 30), answers: answers) {
                VStack(alignment: alignment, spacing: 0) { Color.red; Box(width: 20, height: 20) }
            })
            let result = probe.layout(in: .unspecified)
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
            #expect(answers.last == CGSize(width: CGFloat.infinity, height: 30))
        }
    }

    @Test("No built-in container reports an invalid size under ∞ or nil proposals", arguments: containerSamples().map(\.0))
    func audit(name: String) throws {
        let view = try #require(containerSamples().first { $0.0 == name }?.1)
        let result = AsksAt(probes: unboundedProposals) { view }.layout(in: ProposedViewSize(width: 100, height: 100))
        let invalid = result.diagnostics.filter { $0.kind == .invalidSize || $0.kind == .invalidProposal }
        #expect(invalid.isEmpty, "\(name): \(invalid.map(\.message))")
    }
}

/// Measures its subview at `proposal` and keeps the answer in `answers`, so a test sees what the
/// subview said before any parent uses it; answers and places the subview at a finite size itself.
struct Measures: Layout {
    let proposal: ProposedViewSize
    let answers: Answers

    final class Answers: Sendable {
        private let sizes = Mutex<[CGSize]>([])
        func append(_ size: CGSize) { sizes.withLock { $0.append(size) } }
        var last: CGSize? { sizes.withLock { $0.last } }
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        if let subview = subviews.first { answers.append(subview.sizeThatFits(self.proposal)) }
        return CGSize(width: 10, height: 10)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for subview in subviews {
            _ = subview.sizeThatFits(ProposedViewSize(bounds.size))  // placed under a proposal it was asked
            subview.place(at: bounds.origin, proposal: ProposedViewSize(bounds.size))
        }
    }
}
