import Foundation
import Synchronization

/// A key for a value in ``EnvironmentValues``, declared as SwiftUI declares them:
/// ```swift
/// private struct DensityKey: EnvironmentKey { static let defaultValue = 1.0 }
/// extension EnvironmentValues {
///     public var density: Double { get { self[DensityKey.self] } set { self[DensityKey.self] = newValue } }
/// }
/// ```
/// Other modules add their own keys this way (TextLayout adds the Dynamic Type size and fonts).
public protocol EnvironmentKey {
    /// The value's type.
    associatedtype Value: Sendable
    /// The value when no ancestor set one.
    static var defaultValue: Value { get }
}

/// Values that flow down the element tree; `environment(_:_:)` overrides one for a subtree.
public struct EnvironmentValues: Sendable {
    /// Each value set, in a box of its key's value type, with the key's identity. A list, not a
    /// dictionary: an environment holds a handful of values and is read on every measurement, and
    /// comparing a few pointers costs less than hashing one (callgrind: ~160 instructions a read
    /// through a dictionary). Reading downcasts the box to its exact class without a run-time check.
    @usableFromInline var storage: [(key: ObjectIdentifier, box: EnvironmentBox)] = []
    /// A new object at every change: environments with the same token hold the same values
    /// (`nil`: every value at its default); different tokens may still hold equal values. A memo
    /// keeps the token it saw (so no other token can take its address) to recognise the same
    /// environment later without reading and comparing its values (`Text`'s memo does).
    @usableFromInline package internal(set) var token: EnvironmentToken?

    /// Every key at its default value.
    public init() {}

    /// The value for `key`, or its default when no ancestor set it.
    @inlinable
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get {
            let id = ObjectIdentifier(key)
            for entry in storage where entry.key == id {
                // Only `set` below stores under this key, always a `TypedEnvironmentBox<K.Value>`
                // (checked in debug builds; a checked cast cost ~25 instructions a read).
                return unsafeDowncast(entry.box, to: TypedEnvironmentBox<K.Value>.self).value
            }
            return K.defaultValue
        }
        set {
            let id = ObjectIdentifier(key), box = TypedEnvironmentBox(newValue)
            token = EnvironmentToken()
            if let index = storage.firstIndex(where: { $0.key == id }) {
                storage[index].box = box
            } else {
                storage.append((id, box))
            }
        }
    }

    /// Whether a value was set for `key` (else it reads as its default).
    package func isSet<K: EnvironmentKey>(_ key: K.Type) -> Bool {
        let id = ObjectIdentifier(key)
        return storage.contains { $0.key == id }
    }

    /// The environment an app launched in ``locale`` runs in: right to left when the locale's
    /// language is written right to left (Arabic, Hebrew, Persian, Urdu…, by CLDR's character order,
    /// and TextFit's right-to-left pseudo-locale `pseudo-xb`) and ``layoutDirection`` was not set;
    /// else unchanged. A tree is built in it (``LayoutTree/init(_:environment:)``): a locale set on
    /// the root environment lays the screen out as the app would be, while a `.environment(\.locale,
    /// …)` inside a view changes formatting only, as in SwiftUI.
    package var launched: EnvironmentValues {
        guard !isSet(LayoutDirectionKey.self), locale.identifier != "en_US_POSIX" else { return self }
        let identifier = locale.identifier
        let rightToLeft = identifier.lowercased() == "pseudo-xb"
            || Locale.Language(identifier: identifier).characterDirection == .rightToLeft
        guard rightToLeft else { return self }
        var environment = self
        environment.layoutDirection = .rightToLeft
        return environment
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

    /// The time zone dates are shown in (default GMT, so results never depend on the machine's
    /// settings; SwiftUI's default is the device's).
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }

    /// The calendar dates are shown in: the one set, else the ``locale``'s own (Gregorian for
    /// `en_US_POSIX`; the Umm al-Qura calendar for `ar_SA`).
    public var calendar: Calendar {
        get { self[CalendarKey.self] ?? locale.calendar }
        set { self[CalendarKey.self] = newValue }
    }

    /// Pixels per point of the display laid out for (default 1, as SwiftUI's default environment;
    /// an iPhone is 3). Lengths stay unrounded points; only hairlines (a `Divider`) follow it.
    public var displayScale: CGFloat {
        get {
            switch self[DisplayScaleKey.self] {
            case .value(let scale): scale
            case .screen(let slot): slot.displayScale
            }
        }
        set { self[DisplayScaleKey.self] = .value(newValue) }
    }

    /// Makes ``displayScale`` the scale of the screen in `slot` (whichever the tree is laid out
    /// on now), until a view sets one.
    package mutating func followScreenScale(_ slot: ScreenSlot) {
        self[DisplayScaleKey.self] = .screen(slot)
    }

    /// One pixel in points: 1 ÷ ``displayScale`` (1 for a scale that is not positive and finite).
    public var pixelLength: CGFloat {
        let scale = displayScale
        return scale.isFinite && scale > 0 ? 1 / scale : 1
    }

    /// The axis of the stack around a `Divider` (through modifiers), set by the engine when it
    /// builds the tree; `nil` outside a stack.
    var enclosingStackAxis: Axis? {
        get { self[EnclosingStackAxisKey.self] }
        set { self[EnclosingStackAxisKey.self] = newValue }
    }
}

private struct DisplayScaleKey: EnvironmentKey {
    /// A scale set, or the screen's (`EnvironmentValues.laidOut(on:)`).
    enum Source: Sendable {
        case value(CGFloat)
        case screen(ScreenSlot)
    }
    static let defaultValue = Source.value(1)
}

private struct EnclosingStackAxisKey: EnvironmentKey {
    static let defaultValue: Axis? = nil
}

/// The identity of one state of an ``EnvironmentValues`` (see ``EnvironmentValues/token``).
///
/// A token stands for one set of values forever (any change makes a new one), so what a module
/// derives from those values can be kept with it: ``derived(_:)`` holds one such object, made by
/// its first reader. One module uses the slot (the text module's resolved defaults); another type
/// asked for is made again on every call rather than pushing it out.
@usableFromInline package final class EnvironmentToken: Sendable {
    /// The kept object's address (retained), or 0.
    private let slot = Atomic<UInt>(0)

    @usableFromInline package init() {}

    /// The object of type `T` derived from this state of the environment: the one kept, else
    /// `make()`'s, kept when the slot is empty. Threads racing to fill it get the winner's.
    package func derived<T: AnyObject & Sendable>(_ make: () -> T) -> T {
        if let found = Self.object(slot.load(ordering: .acquiring)) as? T { return found }
        let made = make()
        let address = UInt(bitPattern: Unmanaged<AnyObject>.passRetained(made).toOpaque())
        let (stored, current) = slot.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing)
        if stored { return made }
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
        return Self.object(current) as? T ?? made
    }

    private static func object(_ address: UInt) -> AnyObject? {
        UnsafeRawPointer(bitPattern: address).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: slot.load(ordering: .acquiring)) {
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
    }
}

/// A value in ``EnvironmentValues`` (the base class lets one dictionary hold every value type).
@usableFromInline class EnvironmentBox: @unchecked Sendable {
    @usableFromInline init() {}
}

/// A value of one type; immutable, so sharing it between copies of the environment is safe.
@usableFromInline final class TypedEnvironmentBox<Value: Sendable>: EnvironmentBox, @unchecked Sendable {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

private struct LayoutDirectionKey: EnvironmentKey {
    static let defaultValue = LayoutDirection.leftToRight
}

private struct LocaleKey: EnvironmentKey {
    static let defaultValue = Locale(identifier: "en_US_POSIX")
}

private struct TimeZoneKey: EnvironmentKey {
    static let defaultValue = TimeZone(secondsFromGMT: 0)!
}

private struct CalendarKey: EnvironmentKey {
    static let defaultValue: Calendar? = nil
}

/// A key for a value a view carries to its parent layout (read as `subview[Key.self]`), set with
/// `layoutValue(key:value:)`.
public protocol LayoutValueKey {
    /// The value's type.
    associatedtype Value: Sendable
    /// The value of a subview that set none.
    static var defaultValue: Value { get }
}
