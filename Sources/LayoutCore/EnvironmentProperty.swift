import Foundation

// SwiftUI's `@Environment(\.key) var value`: a view reads the environment it is evaluated in.
// TextFit evaluates a view's `body` when a tree is built; the environment is known there because
// environment modifiers evaluate their content inside `EnvironmentValues.current` (a task-local)
// set to their modified environment, the tree sets it to its root environment, and a
// `GeometryReader`'s content is evaluated in the reader's environment.

extension EnvironmentValues {
    /// The environment of the view being evaluated: the tree's root environment with every
    /// enclosing environment modifier applied. What `@Environment` reads. Outside tree building
    /// (a view's `body` called by hand, `AnyView(_:)`, which evaluates its view when erased) it is
    /// whatever encloses the call (by default, every value at its default).
    @TaskLocal package static var current = EnvironmentValues()
}

/// A property wrapper that reads a value from the environment of the view being evaluated:
/// SwiftUI's `@Environment`.
///
/// ```swift
/// struct Badge: View {
///     @Environment(\.dynamicTypeSize) private var size
///     var body: some View {
///         if size.isAccessibilitySize { VStack { icon; label } } else { HStack { icon; label } }
///     }
/// }
/// ```
///
/// The value is read when the view's `body` runs, which is when a tree is built (once; a
/// `GeometryReader`'s content again for each size): it sees the tree's root environment and every
/// environment modifier around the view, innermost winning, as in SwiftUI. State is out of scope:
/// nothing re-evaluates a body when a value changes later.
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Reads the value at `keyPath` of the environment.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value in the environment of the view being evaluated.
    public var wrappedValue: Value {
        EnvironmentValues.current[keyPath: keyPath]
    }
}

/// A view whose elements are another view's, evaluated in an environment changed by `apply`, with
/// `apply` recorded on each element for the tree (what `environment(_:_:)` returns).
package struct EnvironmentWriter<Content: View>: PrimitiveView {
    let content: Content
    let apply: @Sendable (inout EnvironmentValues) -> Void

    package func appendElements(to list: inout [AnyElement]) {
        var environment = EnvironmentValues.current
        apply(&environment)
        let elements = EnvironmentValues.$current.withValue(environment) { content.elements }
        list.reserveCapacity(list.count + elements.count)
        for var element in elements {
            element.traits.environment.append(apply)
            list.append(element)
        }
    }
}
