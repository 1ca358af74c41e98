import Foundation

/// A key for a value in ``EnvironmentValues``, declared as SwiftUI declares them:
/// ```swift
/// private struct DensityKey: EnvironmentKey { static let defaultValue = 1.0 }
/// extension EnvironmentValues {
///     public var density: Double { get { self[DensityKey.self] } set { self[DensityKey.self] = newValue } }
/// }
/// ```
/// Other modules add their own keys this way (TextLayout adds the Dynamic Type size and fonts).
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    /// The value when no ancestor set one.
    static var defaultValue: Value { get }
}

/// Values that flow down the element tree; `environment(_:_:)` overrides one for a subtree.
public struct EnvironmentValues: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    /// Every key at its default value.
    public init() {}

    /// The value for `key`, or its default when no ancestor set it.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        // `flatMap` first: with an optional `K.Value`, `storage[id] as? K.Value` of a missing entry
        // would be `.some(nil)` and hide a non-nil default.
        get { storage[ObjectIdentifier(key)].flatMap { $0 as? K.Value } ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    /// The writing direction (default `.leftToRight`); `.rightToLeft` mirrors every container's x positions.
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set { self[LayoutDirectionKey.self] = newValue }
    }

    /// The locale (default `en_US_POSIX`, so results never depend on the machine's settings).
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }
}

private struct LayoutDirectionKey: EnvironmentKey {
    static let defaultValue = LayoutDirection.leftToRight
}

private struct LocaleKey: EnvironmentKey {
    static let defaultValue = Locale(identifier: "en_US_POSIX")
}

/// A key for a value a view carries to its parent layout (read as `subview[Key.self]`), set with
/// `layoutValue(key:value:)`.
public protocol LayoutValueKey {
    associatedtype Value: Sendable
    /// The value of a subview that set none.
    static var defaultValue: Value { get }
}
