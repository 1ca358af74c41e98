import Foundation
import LayoutCore
import Layouts
import Testing

/// How views become elements: what each builder construct contributes, and where several views
/// stand where one is needed (Sources/LayoutCore/View.swift).
@Suite("Views and @ViewBuilder: the subviews each construct stands for")
struct ViewBuilderTests {
    private func subviewCount(_ view: some View) -> Int {
        // The root is the HStack; its children are the elements at depth 1.
        HStack(spacing: 0) { view }.layout(in: .unspecified).elements.filter { $0.path.count == 1 }.count
    }

    @Test("Twelve views in one builder (more than SwiftUI's old ten) are twelve subviews")
    func manyViews() {
        let view = HStack(spacing: 1) {
            Box(width: 1, height: 1); Box(width: 1, height: 1); Box(width: 1, height: 1); Box(width: 1, height: 1)
            Box(width: 1, height: 1); Box(width: 1, height: 1); Box(width: 1, height: 1); Box(width: 1, height: 1)
            Box(width: 1, height: 1); Box(width: 1, height: 1); Box(width: 1, height: 1); Box(width: 1, height: 1)
        }
        // 12 × 1 + 11 × 1 spacing = 23.
        #expect(view.layout(in: .unspecified).size == CGSize(width: 23, height: 1))
    }

    @Test("EmptyView, nil, a false if, and a modifier on nothing contribute no subview")
    func nothing() {
        let none: Box? = nil
        #expect(subviewCount(EmptyView()) == 0)
        #expect(subviewCount(none) == 0)
        #expect(subviewCount(EmptyView().padding(4).id("x")) == 0)
        #expect(subviewCount(Group { if Bool.random() && false { Box(width: 1, height: 1) } }) == 0)
    }

    @Test("Group and ForEach flatten into their container; nested, too")
    func flattening() {
        let view = Group {
            ForEach(0..<3) { i in
                Group {
                    Box(width: CGFloat(i), height: 1)
                    Box(width: 1, height: 1)
                }
            }
        }
        #expect(subviewCount(view) == 6)
    }

    @Test("A for loop of views without modifiers is a ForEach without ids")
    func forLoop() {
        let result = HStack(spacing: 0) { for i in 1...3 { Box(width: CGFloat(i), height: 1) } }.layout(in: .unspecified)
        #expect(result.size.width == 6)
        #expect(result.elements.allSatisfy { $0.id == nil })
    }

    @Test("ForEach ids name views that set none; a view's own id wins")
    func forEachIds() {
        let result = HStack {
            ForEach(["a", "b"], id: \.self) { name in
                if name == "a" { Box(width: 1, height: 1) } else { Box(width: 1, height: 1).id("own") }
            }
        }.layout(in: .unspecified)
        #expect(result.element(id: "a") != nil)
        #expect(result.element(id: "b") == nil)
        #expect(result.element(id: "own") != nil)
    }

    @Test("Several root views are stacked in a centred ZStack (kind OverlayStack)")
    func severalRoots() {
        // A 10 × 10 and a 30 × 20: the stack is 30 × 20, the small one centred at (10, 5).
        let result = Group {
            Box(width: 10, height: 10).id("small")
            Box(width: 30, height: 20)
        }.layout(in: .unspecified)
        #expect(result.root.kind == "OverlayStack")
        #expect(result.size == CGSize(width: 30, height: 20))
        #expect(result.element(id: "small")?.frame == CGRect(x: 10, y: 5, width: 10, height: 10))
    }

    @Test("TupleView of one view (not a tuple) stands for that view; AnyView(erasing:) keeps every view")
    func tupleAndErasure() {
        #expect(subviewCount(TupleView(Box(width: 1, height: 1))) == 1)
        #expect(subviewCount(TupleView((Box(width: 1, height: 1), Box(width: 2, height: 1)))) == 2)
        #expect(subviewCount(AnyView(erasing: Group { Box(width: 1, height: 1); Box(width: 1, height: 1) })) == 2)
    }

    @Test("State and Binding compile and read as plain values")
    func stateIsPlain() {
        struct Toggle: View {
            @State var isOn = true
            var body: some View { Box(width: isOn ? 20 : 10, height: 1) }
        }
        #expect(Toggle().layout(in: .unspecified).size.width == 20)
        #expect(Toggle(isOn: false).layout(in: .unspecified).size.width == 10)
        let binding = Binding.constant(CGSize(width: 3, height: 4))
        #expect(binding.width.wrappedValue == 3)
    }

    @Test("State is set from a non-mutating context, as SwiftUI's is, and $value binds to it")
    func stateSetsWithoutMutating() {
        // SwiftUI's `State.wrappedValue` has a nonmutating setter, so an action closure in `body`
        // (where self is immutable) may assign it; code doing so must compile here too.
        struct Switch: View {
            @State var isOn = false
            var body: some View { Box(width: isOn ? 20 : 10, height: 1).onTapGesture { isOn.toggle() } }
            func flip() { isOn.toggle() }
        }
        let view = Switch()
        #expect(view.layout(in: .unspecified).size.width == 10)
        view.flip()
        #expect(view.layout(in: .unspecified).size.width == 20)
        view.$isOn.wrappedValue = false
        #expect(view.isOn == false && view.layout(in: .unspecified).size.width == 10)
        // Set between two layouts of one tree, the state is seen by the second: the bodies run again.
        let tree = LayoutTree(view)
        #expect(tree.layout(in: .unspecified).size.width == 10)
        view.flip()
        #expect(tree.layout(in: .unspecified).size.width == 20)
    }
}
