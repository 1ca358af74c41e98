import Foundation

// Views, as SwiftUI spells them: a `View` has a `body` made of other views; `@ViewBuilder`
// composes them; primitive views (stacks, text, shapes, modifiers) end the recursion. A view is
// evaluated when a tree is built (`LayoutTree(view)`, `view.layout(in:)`, `ImageRenderer`): every
// `body` runs then, with its `State`s bound to the tree (State.swift), and the result is the
// engine's element tree (one node per primitive view and per geometry modifier, as `LayoutResult`
// reports them). A relayout re-evaluates nothing, except a `GeometryReader`'s content, which
// depends on the size it is given, and every body when an action run after a layout changed a
// `State` (Preferences.swift).
//
// A view may stand for several (a `TupleView` from a builder, `Group`, `ForEach`, `EmptyView`
// for none): a container takes each as a subview, and a modifier applies to each, as in SwiftUI.
// Where one view is needed (the root of a tree, an overlay), several are stacked: see
// `AnyElement.init(_:)`.

/// A piece of user interface: conform with a `body` built from other views.
///
/// ```swift
/// struct TagChip: View {
///     let title: String
///     var body: some View {
///         Text(title).padding(.horizontal, 8).padding(.vertical, 4)
///     }
/// }
/// ```
///
/// Unlike SwiftUI's, this protocol is not isolated to the main actor: views can be built and laid
/// out from any task (the tree they build is `Sendable`). Animation and interaction are out of
/// scope; ``State`` lives as long as the tree the view is laid out in.
public protocol View {
    /// The type of view this view is made of.
    associatedtype Body: View

    /// What this view is made of. Evaluated when a tree is built from the view, and again when an
    /// action run after a layout changes a `State` of the tree.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// Primitive views have no body: the engine lays them out itself.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// A view the engine turns into elements itself (stacks, modifiers, `ForEach`, …): package-only,
/// so user views are always made of a `body`.
package protocol PrimitiveView: View where Body == Never {
    /// Appends the elements this view stands for (none, one or several) to `list`.
    func appendElements(to list: inout [AnyElement])
}

extension View {
    /// Appends the elements this view stands for to `list`, evaluating `body` down to primitive views.
    package func appendElements(to list: inout [AnyElement]) {
        if let primitive = self as? any PrimitiveView {
            primitive.appendElements(to: &list)
        } else if let leaf = self as? any LeafView {
            list.append(AnyElement(content: .leaf(leaf)))
        } else if let evaluation = ViewEvaluation.current {
            evaluation.evaluating(self) { body.appendElements(to: &list) }
        } else {
            body.appendElements(to: &list)
        }
    }

    /// The elements this view stands for.
    package var elements: [AnyElement] {
        var list: [AnyElement] = []
        appendElements(to: &list)
        return list
    }

    /// This view with `transform` applied to each element it stands for: how a modifier applies to
    /// each view of a `Group` or `ForEach`, as SwiftUI's do.
    package func eachElement(_ transform: @escaping (AnyElement) -> AnyElement) -> ElementTransform<Self> {
        ElementTransform(content: self, transform: transform)
    }
}

/// A view whose elements are another view's, each transformed (what modifiers return).
package struct ElementTransform<Content: View>: PrimitiveView {
    let content: Content
    let transform: (AnyElement) -> AnyElement

    package func appendElements(to list: inout [AnyElement]) {
        for element in content.elements {
            var transformed = transform(element)
            if transformed.gridRowMark == nil { transformed.gridRowMark = element.gridRowMark }  // a modified `GridRow` is still one
            list.append(transformed)
        }
    }
}

extension AnyElement: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) { list.append(self) }
}

// MARK: - View builder

/// Builds views from the statements of a closure, as SwiftUI's does: several views, `if`/`else`,
/// `if let`, `switch`, and (beyond SwiftUI) `for … in` loops, whose iterations' views become siblings.
@resultBuilder
public enum ViewBuilder {
    /// A view written in the builder, as it is.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// Lets code inside the package write arrays of elements in a builder.
    package static func buildExpression(_ elements: [AnyElement]) -> ElementList { ElementList(elements: elements) }

    /// No view.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// One view, as it is.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// Several views, in order.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }

    /// An `if` without `else`: the view, or nothing.
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    /// The first branch of an `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The second branch of an `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// The views of a `for` loop, in order.
    public static func buildArray(_ parts: [any View]) -> _ViewArray { _ViewArray(views: parts) }

    /// A view behind an availability check.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Elements written directly in a builder (inside the package).
package struct ElementList: PrimitiveView {
    let elements: [AnyElement]
    package func appendElements(to list: inout [AnyElement]) { list.append(contentsOf: elements) }
}

/// Several views written one after another in a view builder: each is a subview of the container.
public struct TupleView<T>: View {
    public typealias Body = Never
    /// The views, as a tuple.
    public var value: T

    /// A tuple of views, laid out as its elements.
    public init(_ value: T) { self.value = value }
}

extension TupleView: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .tuple else {
            (value as? any View)?.appendElements(to: &list)  // `TupleView(oneView)`
            return
        }
        for child in mirror.children {
            if let view = child.value as? any View { view.appendElements(to: &list) }
        }
    }
}

/// The view an `if`/`else` or `switch` in a view builder produces: one of two views.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage
}

extension _ConditionalContent: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {
        // Each branch is a scope of its own, so the views of one never take the other's state.
        guard let evaluation = ViewEvaluation.current else { return appendBranch(to: &list) }
        let component = evaluation.nextComponent(for: Self.self)
        switch storage {
        case .trueContent: evaluation.within(component.tagged("T")) { appendBranch(to: &list) }
        case .falseContent: evaluation.within(component.tagged("F")) { appendBranch(to: &list) }
        }
    }

    private func appendBranch(to list: inout [AnyElement]) {
        switch storage {
        case .trueContent(let view): view.appendElements(to: &list)
        case .falseContent(let view): view.appendElements(to: &list)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    package func appendElements(to list: inout [AnyElement]) {
        // A scope of its own, counted whether shown or not, so showing it shifts no sibling's state.
        guard let evaluation = ViewEvaluation.current else {
            if let view = self { view.appendElements(to: &list) }
            return
        }
        let component = evaluation.nextComponent(for: Self.self)
        if let view = self { evaluation.within(component) { view.appendElements(to: &list) } }
    }
}

/// The views of a `for … in` loop in a view builder.
public struct _ViewArray: View {
    public typealias Body = Never
    let views: [any View]
}

extension _ViewArray: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {
        for view in views { view.appendElements(to: &list) }
    }
}

// MARK: - Views that stand for others

/// No view at all: contributes no subview.
public struct EmptyView: View {
    public typealias Body = Never
    /// A view that shows nothing and takes no space.
    public init() {}
}

extension EmptyView: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {}
}

/// A type-erased view: any view, as one type (for arrays of views, or branches of different types).
///
/// The view is evaluated when erased.
public struct AnyView: View, Sendable {
    public typealias Body = Never
    let elements: [AnyElement]

    /// Erases `view`.
    public init<V: View>(_ view: V) {
        elements = (view as? AnyView)?.elements ?? view.elements
    }

    /// Erases `view` (SwiftUI's spelling for an existential).
    public init<V: View>(erasing view: V) { self.init(view) }

    /// The view made of `element` (the layout file's trees).
    package init(element: AnyElement) { elements = [element] }
}

extension AnyView: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) { list.append(contentsOf: elements) }
}

/// Several views as one, without a container: in a stack each is a subview; a modifier on the
/// group applies to each of them.
public struct Group<Content: View>: View {
    public typealias Body = Never
    let content: Content

    /// A group of views, laid out by its container as if they were its own children.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

extension Group: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) { content.appendElements(to: &list) }
}

/// A view for each element of a collection, as SwiftUI's: each view built is a subview of the
/// enclosing container. A view that sets no ``View/id(_:)`` gets its item's identifier as its id
/// in results (`String(describing:)`), so `result.element(id: "swift")` finds the tag for "swift".
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public typealias Body = Never
    /// The collection the views are made from.
    public var data: Data
    /// Builds the view for one element.
    public var content: (Data.Element) -> Content
    let identify: (Data.Element) -> ID

    /// A view for each element of `data`, identified by the element's `id` key path (`\.self` for
    /// hashable values).
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        identify = { $0[keyPath: id] }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A view for each element of `data`, identified by its `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        identify = { $0.id }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view for each integer of a constant range.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
        identify = { $0 }
    }
}

extension ForEach: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {
        let evaluation = ViewEvaluation.current
        let component = evaluation?.nextComponent(for: Self.self)
        for item in data {
            let start = list.count
            let id = String(describing: identify(item))
            // Each item is a scope named by its id: an item keeps its state when others come and go.
            if let evaluation, let component {
                evaluation.within(component.tagged(id)) { content(item).appendElements(to: &list) }
            } else {
                content(item).appendElements(to: &list)
            }
            for index in start..<list.count where list[index].traits.id == nil { list[index].traits.id = id }
        }
    }
}

// MARK: - Custom modifiers

/// A reusable modifier: `body(content:)` says what a view becomes. Apply it with
/// ``View/modifier(_:)``.
///
/// ```swift
/// struct Chip: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding(.horizontal, 10).padding(.vertical, 5)
///     }
/// }
/// ```
public protocol ViewModifier {
    /// The view the modifier makes.
    associatedtype Body: View
    /// The content the modifier is applied to, as a view.
    typealias Content = _ViewModifier_Content<Self>
    /// What `content` becomes.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a ``ViewModifier`` receives: the modified views.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public typealias Body = Never
    let elements: [AnyElement]
}

extension _ViewModifier_Content: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) { list.append(contentsOf: elements) }
}

/// A view with a modifier applied (what ``View/modifier(_:)`` returns).
public struct ModifiedContent<Content, Modifier> {
    /// The view modified.
    public var content: Content
    /// The modifier applied to it.
    public var modifier: Modifier

    /// `content` with `modifier` applied.
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
    package func appendElements(to list: inout [AnyElement]) {
        let elements = content.elements
        if let evaluation = ViewEvaluation.current {
            // A modifier's `State`s are bound as a view's are, under the modifier's identity.
            evaluation.evaluating(modifier) {
                modifier.body(content: _ViewModifier_Content(elements: elements)).appendElements(to: &list)
            }
        } else {
            modifier.body(content: _ViewModifier_Content(elements: elements)).appendElements(to: &list)
        }
    }
}

extension View {
    /// Applies `modifier` to this view.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

// MARK: - Laying out a view

extension View {
    /// Lays this view out for `proposal`: the root's size and every element's frame (root
    /// coordinates), path, id and baselines, plus the diagnostics of any misbehaving layout.
    ///
    /// Builds a ``LayoutTree`` and lays it out once; keep a `LayoutTree` to lay out again at other
    /// proposals with the layouts' caches kept.
    public func layout(in proposal: ProposedViewSize, environment: EnvironmentValues = EnvironmentValues()) -> LayoutResult {
        LayoutTree(self, environment: environment).layout(in: proposal)
    }
}
