import Foundation

// State that lives as long as a `LayoutTree`, as SwiftUI's lives as long as the view's identity.
//
// | piece | what it does |
// |---|---|
// | `State`, `Binding` | SwiftUI's property wrappers; a `State` bound to a tree reads and writes the tree's store |
// | `StateStore` | a tree's values by view identity, what actions changed, what observers last saw |
// | `ViewEvaluation` | while bodies are evaluated: the identity of the view being evaluated, binding its `State`s |
//
// Identity is structural, as SwiftUI's is (WWDC21 "Demystify SwiftUI": "structural identity … the
// type and position of a view in the hierarchy"): a view is named by the chain of views whose
// bodies contain it, each link its type and its occurrence among the views of that type the
// enclosing body evaluates, with each `if`/`else` branch, optional and `ForEach` item (by its id) a
// scope of its own. So re-evaluating a body finds the same state for the same view, and a view
// that an `if` shows or hides does not shift the state of its siblings. Where SwiftUI counts
// positions, TextFit counts occurrences of a type: two views of one type swapping places in a body
// swap their state (SwiftUI's would move with the position).

/// SwiftUI's `State`: a value a view owns. Inside a tree (``LayoutTree``, `view.layout(in:)`) the
/// value lives in the tree's store under the view's identity and survives its body being evaluated
/// again; an action that sets it (`onPreferenceChange`, `onGeometryChange`, `onAppear`) makes the
/// tree evaluate the bodies again and lay out again (see ``LayoutTree/layout(in:)``).
///
/// Outside a tree it is a plain stored value, shared by the view's copies: it can be set from a
/// non-mutating context (an action closure) and `$value` binds to it, as in SwiftUI.
@propertyWrapper
public struct State<Value> {
    let storage: StateStorage<Value>

    /// State that starts as `wrappedValue`.
    public init(wrappedValue: Value) { storage = StateStorage(wrappedValue) }
    /// State that starts as `initialValue`.
    public init(initialValue: Value) { storage = StateStorage(initialValue) }

    /// The current value.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> {
        let storage = self.storage
        return Binding(get: { storage.value }, set: { storage.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// A state whose initial value is `nil`.
    public init() { self.init(wrappedValue: nil) }
}

/// Where a `State` keeps its value: its own box until a tree binds it to a slot of its store.
final class StateStorage<Value> {
    /// What a new slot starts from: the value the view was made with, or the last one set outside
    /// a tree's evaluation and actions (code that sets a view's state before laying it out again).
    private var seed: Value
    private var slot: (store: StateStore, key: String)?

    init(_ value: Value) { seed = value }

    var value: Value {
        get {
            guard let slot else { return seed }
            return slot.store.values[slot.key] as? Value ?? seed
        }
        set {
            guard let slot else { seed = newValue; return }
            if StateStore.updating !== slot.store { seed = newValue }
            slot.store.set(newValue, forKey: slot.key)
        }
    }

    func bind(to store: StateStore, key: String) {
        if !(store.values[key] is Value) { store.values[key] = seed }
        slot = (store, key)
    }
}

/// A property of a view that the evaluation binds to the tree before the body runs (package:
/// `State` is the one there is).
protocol DynamicViewProperty {
    /// Binds the property to `store` under `key`, starting the slot from the property's value when
    /// the store has none of this type.
    func bind(to store: StateStore, key: String)
}

extension State: DynamicViewProperty {
    func bind(to store: StateStore, key: String) { storage.bind(to: store, key: key) }
}

/// SwiftUI's binding, as a getter and a setter: a `$state` reads and writes the state's current
/// value (its tree's slot when it has one).
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding that always reads `value`.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    /// The bound value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// This binding.
    public var projectedValue: Binding<Value> { self }

    /// The binding itself, as `$value` passes it.
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a property of the bound value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] },
                         set: { var value = self.wrappedValue; value[keyPath: keyPath] = $0; self.wrappedValue = value })
    }
}

// MARK: - The store

/// A tree's state: `State` values by view identity, whether an action changed one since the
/// tree was built, and what the after-layout observers last saw. One per ``LayoutTree`` (shared
/// by the trees it builds again); used by one task at a time, as the tree is.
package final class StateStore: @unchecked Sendable {
    /// The store whose tree is evaluating bodies or running actions on this task: a `State` of
    /// that tree set then changes the tree only; set anywhere else, it is also what the next tree
    /// starts from.
    @TaskLocal static var updating: StateStore?

    /// `State` values by the key `ViewEvaluation` gives them.
    var values: [String: Any] = [:]
    /// Whether a `State` was set to a different value since `changed` was last reset (a value
    /// that is not `Equatable` counts as different).
    var changed = false
    /// The value each observer last acted on, by observer key (`onPreferenceChange`, `onGeometryChange`).
    var observed: [String: Any] = [:]
    /// Observers whose `onAppear` ran.
    var appeared: Set<String> = []

    func set(_ value: Any, forKey key: String) {
        if let old = values[key], sameValue(old, value) { return }
        values[key] = value
        changed = true
    }
}

/// Whether `a` and `b` are equal `Equatable` values of one type (`false` when they are not `Equatable`).
func sameValue(_ a: Any, _ b: Any) -> Bool {
    guard let a = a as? any Equatable else { return false }
    return a.isEqual(to: b)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self).map { $0 == self } ?? false }
}

// MARK: - Evaluation

/// The evaluation of bodies into elements for one tree: it names each view by its structural
/// identity (see the top of this file) and binds the view's `State`s to the tree's store before
/// its body runs. Task-local (``current``) while a tree is built; absent outside one, where
/// `State`s stay plain values. Used from the task building the tree only.
package final class ViewEvaluation: @unchecked Sendable {
    /// The evaluation under way on this task, if a tree is being built.
    @TaskLocal package static var current: ViewEvaluation?

    let store: StateStore

    /// One link of an identity: the occurrence `index` of a type in its scope, with a `tag` for an
    /// `if` branch or a `ForEach` item. Made into text only when a `State` is bound under it.
    package struct Component: Sendable {
        let type: ObjectIdentifier
        let index: Int
        var tag: String?

        /// This component with `tag` (a branch's "T" or "F", an item's id).
        func tagged(_ tag: String) -> Component {
            var copy = self
            copy.tag = tag
            return copy
        }

        var text: String { "\(UInt(bitPattern: type.hashValue))#\(index)" + (tag.map { "[\($0)]" } ?? "") }
    }

    /// One scope: a body, an `if` branch, a `ForEach` item. `counters` counts the views of each type
    /// evaluated in it so far.
    private struct Scope {
        var component: Component?
        var counters: [ObjectIdentifier: Int] = [:]
    }

    private var scopes: [Scope] = [Scope(component: nil)]
    /// Whether a view type has `State`s to bind, found once per type.
    private var typesWithState: [ObjectIdentifier: Bool] = [:]

    package init(store: StateStore) { self.store = store }

    /// The identity of the scope being evaluated (every link from the root).
    var path: [Component] { scopes.compactMap(\.component) }

    /// The next occurrence of `type` in the current scope.
    func nextComponent(for type: Any.Type) -> Component {
        let id = ObjectIdentifier(type)
        let n = scopes[scopes.count - 1].counters[id, default: 0]
        scopes[scopes.count - 1].counters[id] = n + 1
        return Component(type: id, index: n)
    }

    /// Runs `body` in a new scope named `component` under the current one.
    func within<R>(_ component: Component, _ body: () -> R) -> R {
        scopes.append(Scope(component: component))
        defer { scopes.removeLast() }
        return body()
    }

    /// Runs `body` in the scope `path` (one recorded earlier with ``path``), as when a
    /// `GeometryReader`'s content is built after the body that holds it was evaluated.
    func reentering<R>(_ path: [Component], _ body: () -> R) -> R {
        let saved = scopes
        scopes = [Scope(component: nil)] + path.map { Scope(component: $0) }
        defer { scopes = saved }
        return body()
    }

    /// Evaluates `value`'s body (a view's or a modifier's) in a scope of its own, its `State`s
    /// bound to the store under its identity first.
    func evaluating<V, R>(_ value: V, _ body: () -> R) -> R {
        within(nextComponent(for: V.self)) {
            bindState(of: value)
            return body()
        }
    }

    private func bindState<V>(of value: V) {
        let type = ObjectIdentifier(V.self)
        if typesWithState[type] == false { return }
        var found = false
        let key = path.map(\.text).joined(separator: "/")
        for child in Mirror(reflecting: value).children {
            guard let property = child.value as? any DynamicViewProperty else { continue }
            property.bind(to: store, key: key + "." + (child.label ?? "_"))
            found = true
        }
        typesWithState[type] = found
    }
}
