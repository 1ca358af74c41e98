import Foundation

// Preferences and the actions that run after a layout, as SwiftUI spells them. None changes a
// frame by itself: each attaches a `LayoutObservation` to the element it modifies, which the tree
// reads once a layout has settled (`LayoutTree.runObservations`):
//
// | modifier | after a layout |
// |---|---|
// | `preference(key:value:)`, `transformPreference`, `anchorPreference`, `transformAnchorPreference` | set or change the value of a key for the view's subtree |
// | `onPreferenceChange(_:perform:)` | runs with the subtree's value when it differs from the last one it ran with |
// | `onGeometryChange(for:of:action:)` | runs with a value made from the view's geometry when it changes |
// | `onAppear(perform:)` | runs once per view identity |
// | `onChange(of:initial:_:)` | runs when the value the body gave it differs from the one after the last layout |
// | `overlayPreferenceValue`, `backgroundPreferenceValue` | build their content from the value (like a `GeometryReader` from its size) |
//
// Values flow child → parent, as SwiftUI documents `PreferenceKey`: a view's value is its
// children's values combined in tree order with `reduce(value:nextValue:)` (children without a
// value left out, which `defaultValue`'s contract makes equivalent), then changed by the view's own
// preference modifiers, innermost first. A view a container left out (`ViewThatFits`'s others)
// has none. A reader with no value sees `defaultValue`.
//
// An action that sets a `State` makes the tree evaluate the bodies again and lay out again; see
// `LayoutTree.layout(in:)` for the bound.

/// A value views pass up to their ancestors: SwiftUI's `PreferenceKey`.
///
/// ```swift
/// struct HeightKey: PreferenceKey {
///     static let defaultValue: CGFloat = 0
///     static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
/// }
/// ```
public protocol PreferenceKey {
    /// The preference's type.
    associatedtype Value
    /// The value a view without one has: combining it (`reduce(value: &x, nextValue: { defaultValue })`)
    /// must leave `x` as it was.
    static var defaultValue: Value { get }
    /// Combines the value accumulated so far with the next sibling's, in tree order.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

/// A `PreferenceKey` type, erased (package). Unchecked `Sendable`: the closures call the key's
/// static members, on the task laying out the tree that holds them.
package struct PreferenceKeyBox: @unchecked Sendable {
    let id: ObjectIdentifier
    let defaultValue: () -> Any
    let reduce: (inout Any, Any) -> Void

    init<K: PreferenceKey>(_ key: K.Type) {
        id = ObjectIdentifier(key)
        defaultValue = { K.defaultValue }
        reduce = { value, next in
            guard var accumulated = value as? K.Value, let next = next as? K.Value else { return }
            K.reduce(value: &accumulated, nextValue: { next })
            value = accumulated
        }
    }
}

/// What a preference or after-layout modifier attaches to an element (package; see the top of
/// this file). Unchecked `Sendable`: the closures are the user's view code, called only by the tree
/// that holds them, on the task laying it out (as a body is).
package enum LayoutObservation: @unchecked Sendable {
    /// Sets or changes the subtree's value of a key; gets the element's placed frame (root
    /// coordinates) and layout direction, for anchors.
    case write(PreferenceKeyBox, (inout Any?, CGRect, LayoutDirection) -> Void)
    /// `onPreferenceChange`: acts on the subtree's value (with the writes inside it applied).
    case preferenceChange(PreferenceKeyBox, (Any) -> Void)
    /// `onGeometryChange`: a value from the element's geometry, and the action (old value, new value).
    case geometryChange(compute: (GeometryProxy) -> Any, action: (Any, Any) -> Void)
    /// `onAppear`.
    case appear(() -> Void)
    /// `onChange(of:)`: the value when the body was evaluated, whether to act the first time, and
    /// the action (old value, new value).
    case valueChange(value: Any, initial: Bool, action: (Any, Any) -> Void)
}

extension View {
    /// Each element of this view with `observation` added (innermost first).
    func observing(_ observation: LayoutObservation) -> some View {
        eachElement { element in
            var element = element
            element.traits.observations.append(observation)
            return element
        }
    }

    // MARK: - Setting preferences

    /// Sets `key`'s value for this view to `value`, whatever its subviews set.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        observing(.write(PreferenceKeyBox(key)) { current, _, _ in current = value })
    }

    /// Changes `key`'s value for this view: `callback` gets its subviews' value (`defaultValue` when
    /// none sets one).
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View {
        observing(.write(PreferenceKeyBox(key)) { current, _, _ in
            var value = current as? K.Value ?? K.defaultValue
            callback(&value)
            current = value
        })
    }

    /// Sets `key`'s value for this view from an anchor on its geometry: `transform` gets the
    /// anchor of `value` (`.bounds`, `.topLeading`, …), which a `GeometryProxy` resolves in its own
    /// coordinates (`proxy[anchor]`).
    public func anchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source,
                                                      transform: @escaping (Anchor<A>) -> K.Value) -> some View {
        observing(.write(PreferenceKeyBox(key)) { current, frame, direction in
            current = transform(value.anchor(frame, direction))
        })
    }

    /// Changes `key`'s value for this view with an anchor on its geometry (see ``anchorPreference(key:value:transform:)``).
    public func transformAnchorPreference<A, K: PreferenceKey>(key: K.Type = K.self, value: Anchor<A>.Source,
                                                               transform: @escaping (inout K.Value, Anchor<A>) -> Void) -> some View {
        observing(.write(PreferenceKeyBox(key)) { current, frame, direction in
            var accumulated = current as? K.Value ?? K.defaultValue
            transform(&accumulated, value.anchor(frame, direction))
            current = accumulated
        })
    }

    // MARK: - Acting after a layout

    /// Runs `action` with this view's value of `key` after a layout, the first time and whenever
    /// it differs from the value it last ran with. Setting a `State` in it evaluates the bodies
    /// again and lays out again.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self,
                                                     perform action: @escaping (K.Value) -> Void) -> some View where K.Value: Equatable {
        observing(.preferenceChange(PreferenceKeyBox(key)) { value in
            if let value = value as? K.Value { action(value) }
        })
    }

    /// Runs `action` with `transform` of this view's geometry after a layout, the first time and
    /// whenever the value changes (`==`). The proxy's size is this view's, its `.global` frame the
    /// one in the root's coordinates.
    public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ newValue: T) -> Void) -> some View {
        onGeometryChange(for: type, of: transform) { _, newValue in action(newValue) }
    }

    /// ``onGeometryChange(for:of:action:)`` with the old value too (the first time, the new one).
    public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ oldValue: T, _ newValue: T) -> Void) -> some View {
        observing(.geometryChange(compute: { transform($0) }, action: { old, new in
            if let old = old as? T, let new = new as? T { action(old, new) }
        }))
    }

    /// Runs `action` after the first layout this view is part of (once per view identity; not for
    /// a view a container leaves out, such as `ViewThatFits`'s others).
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        observing(.appear(action ?? {}))
    }

    /// Runs `action` after a layout in which `value` (as the body last made it) differs from the
    /// value it had after the layout before; the first time too when `initial`. Setting a `State`
    /// in it evaluates the bodies again and lays out again.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        observing(.valueChange(value: value, initial: initial) { old, new in
            if let old = old as? V, let new = new as? V { action(old, new) }
        })
    }

    /// ``onChange(of:initial:_:)`` with an action that takes no values.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        onChange(of: value, initial: initial) { _, _ in action() }
    }

    /// `onChange(of:initial:_:)` with the new value only (SwiftUI's older form, never initial).
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        onChange(of: value, initial: false) { _, new in action(new) }
    }

    // MARK: - Views from preferences

    /// Lays a view made from this view's value of `key` over it (as ``overlay(alignment:content:)``
    /// does): the content is built from the value of the last layout, and the tree builds it again
    /// while the value changes.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment = .center,
                                                                  @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        preferenceReader(key, role: .overlay, alignment: alignment, transform)
    }

    /// Lays a view made from this view's value of `key` behind it (see ``overlayPreferenceValue(_:alignment:_:)``).
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type, alignment: Alignment = .center,
                                                                     @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        preferenceReader(key, role: .background, alignment: alignment, transform)
    }

    private func preferenceReader<K: PreferenceKey, V: View>(_ key: K.Type, role: SecondaryLayout.Role, alignment: Alignment,
                                                            _ transform: @escaping (K.Value) -> V) -> some View {
        let scope = ViewEvaluation.current.map { $0.path + [$0.nextComponent(for: V.self)] }
        let reader = AnyElement(content: .preferenceReader(PreferenceReaderContent(key: PreferenceKeyBox(key), scope: scope) { value in
            transform(value as? K.Value ?? K.defaultValue).elements
        }))
        return eachElement { element in
            AnyElement(layout: SecondaryLayout(role: role, alignment: alignment), children: role == .overlay ? [element, reader] : [reader, element])
        }
    }
}

/// A preference reader's content builder in an element (package): the view made from a key's
/// value, and the evaluation scope it is built in. Unchecked `Sendable` as `GeometryReaderContent`.
package struct PreferenceReaderContent: @unchecked Sendable {
    let key: PreferenceKeyBox
    /// The identity of the scope the modifier was applied in (`nil` outside an evaluation).
    let scope: [ViewEvaluation.Component]?
    let build: (Any) -> [AnyElement]

    init(key: PreferenceKeyBox, scope: [ViewEvaluation.Component]?, build: @escaping (Any) -> [AnyElement]) {
        self.key = key
        self.scope = scope
        self.build = build
    }

    /// The reader's element for `value` (its one element, or several in a centred stack).
    func element(for value: Any) -> AnyElement {
        let elements: [AnyElement]
        if let scope, let evaluation = ViewEvaluation.current {
            elements = evaluation.reentering(scope) { build(value) }
        } else {
            elements = build(value)
        }
        return elements.count == 1 ? elements[0] : AnyElement(layout: OverlayStack(), children: elements)
    }
}

// MARK: - Anchors

/// A geometric value of a view (a rectangle or a point) that a `GeometryProxy` resolves in its own
/// coordinates: SwiftUI's `Anchor`. Made by ``View/anchorPreference(key:value:transform:)``.
public struct Anchor<Value> {
    /// The value in the root's coordinates.
    let root: Value
    /// `root` moved into a space whose origin is at the given point (root coordinates).
    let shift: @Sendable (Value, CGPoint) -> Value

    /// Where an anchor is taken from on a view: `.bounds`, `.rect(_:)` for rectangles; `.topLeading`,
    /// `.center`, `.point(_:)`, `.unitPoint(_:)`, … for points.
    public struct Source {
        /// The anchor for a view placed at `frame` (root coordinates) in `direction`.
        let anchor: (CGRect, LayoutDirection) -> Anchor<Value>
    }
}

extension Anchor: Equatable where Value: Equatable {
    public static func == (a: Anchor, b: Anchor) -> Bool { a.root == b.root }
}

extension Anchor: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(root) }
}

extension Anchor: Sendable where Value: Sendable {}

extension Anchor where Value == CGRect {
    init(rootRect: CGRect) {
        root = rootRect
        shift = { rect, origin in rect.offsetBy(dx: -origin.x, dy: -origin.y) }
    }
}

extension Anchor where Value == CGPoint {
    init(rootPoint: CGPoint) {
        root = rootPoint
        shift = { point, origin in CGPoint(x: point.x - origin.x, y: point.y - origin.y) }
    }
}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source { rect(nil) }

    /// `rect` in the view's own coordinates (its top-leading corner is the origin).
    public static func rect(_ rect: CGRect) -> Anchor<CGRect>.Source { self.rect(Optional(rect)) }

    private static func rect(_ local: CGRect?) -> Anchor<CGRect>.Source {
        Anchor<CGRect>.Source { frame, direction in
            guard let local else { return Anchor(rootRect: frame) }
            // Local coordinates run from the leading edge: mirrored in right-to-left.
            let x = direction == .rightToLeft ? frame.maxX - local.maxX : frame.minX + local.minX
            return Anchor(rootRect: CGRect(x: x, y: frame.minY + local.minY, width: local.width, height: local.height))
        }
    }
}

extension Anchor.Source where Value == CGPoint {
    /// `point` in the view's own coordinates.
    public static func point(_ point: CGPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame, direction in
            let x = direction == .rightToLeft ? frame.maxX - point.x : frame.minX + point.x
            return Anchor(rootPoint: CGPoint(x: x, y: frame.minY + point.y))
        }
    }

    /// The point at `unitPoint` of the view's bounds (`.leading` is the trailing side in right-to-left).
    public static func unitPoint(_ unitPoint: UnitPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame, direction in
            let x = direction == .rightToLeft ? 1 - unitPoint.x : unitPoint.x
            return Anchor(rootPoint: CGPoint(x: frame.minX + x * frame.width, y: frame.minY + unitPoint.y * frame.height))
        }
    }

    /// The top leading corner.
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    /// The middle of the top edge.
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    /// The top trailing corner.
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    /// The middle of the leading edge.
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    /// The centre.
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    /// The middle of the trailing edge.
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    /// The bottom leading corner.
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    /// The middle of the bottom edge.
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    /// The bottom trailing corner.
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}

extension GeometryProxy {
    /// `anchor`'s value in this proxy's coordinates (its reader's top-leading corner is the origin).
    public subscript<T>(anchor: Anchor<T>) -> T {
        anchor.shift(anchor.root, globalFrame.origin)
    }
}
