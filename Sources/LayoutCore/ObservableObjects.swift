import Observation

// `@Observable` models in views, as SwiftUI takes them: put in the environment with
// `.environment(model)`, read with `@Environment(Model.self)`, bound with `@Bindable`. Nothing
// observes a change (a view is evaluated once); the object is read when the `body` runs.

extension View {
    /// Puts `object` in the environment of this view and its descendants, where
    /// `@Environment(Model.self)` finds it by its type (`nil` removes one an ancestor put there).
    ///
    /// The object is shared with every view that reads it, wherever the tree is laid out; TextFit
    /// does not check that the class is safe to share between tasks (SwiftUI reads it on the main
    /// actor), so a model touched by other tasks while a tree is built is the caller's to guard.
    public func environment<Object: AnyObject & Observable>(_ object: Object?) -> some View {
        let assignment: any EnvironmentAssignment = ObjectAssignment<Object>(object: object)
        return EnvironmentWriter(content: self) { assignment.apply(to: &$0) }
    }
}

extension Environment {
    /// Reads the `@Observable` object of type `Value` an ancestor put in the environment with
    /// `.environment(object)`: `@Environment(Model.self) private var model`.
    ///
    /// Reading it when no ancestor did stops the program, as SwiftUI does, with SwiftUI's message;
    /// declare the property optional (`var model: Model?`) to read `nil` instead.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        self.init(\EnvironmentValues.[requiredObject: ObservableObjectKey<Value>()])
    }

    /// Reads the `@Observable` object of type `Object` an ancestor put in the environment, or `nil`:
    /// `@Environment(Model.self) private var model: Model?`.
    public init<Object: AnyObject & Observable>(_ objectType: Object.Type) where Value == Object? {
        self.init(\EnvironmentValues.[optionalObject: ObservableObjectKey<Object>()])
    }
}

extension EnvironmentValues {
    /// The object of `key`'s type, which must be there (``Environment/init(_:)-(Value.Type)``).
    subscript<Object>(requiredObject key: ObservableObjectKey<Object>) -> Object {
        guard let object = self[ObservableObjectKey<Object>.self]?.object else {
            fatalError("No Observable object of type \(Object.self) found. A View.environment(_:) for \(Object.self) may be missing as an ancestor of this view.")
        }
        return object
    }

    /// The object of `key`'s type, or `nil`.
    subscript<Object>(optionalObject key: ObservableObjectKey<Object>) -> Object? {
        self[ObservableObjectKey<Object>.self]?.object
    }
}

/// A change to an environment, held by an environment modifier's closure as an existential, so the
/// closure captures no generic type (a metatype a `@Sendable` closure may not capture).
protocol EnvironmentAssignment: Sendable {
    func apply(to environment: inout EnvironmentValues)
}

/// Puts an object (or none) under its type's key (``View/environment(_:)-(Object?)``).
struct ObjectAssignment<Object: AnyObject>: EnvironmentAssignment, @unchecked Sendable {
    let object: Object?

    func apply(to environment: inout EnvironmentValues) {
        environment[ObservableObjectKey<Object>.self] = object.map { ObjectReference(object: $0) }
    }
}

/// The environment key of the observable object of one type (the type is the key, as in SwiftUI).
struct ObservableObjectKey<Object: AnyObject>: EnvironmentKey, Hashable {
    static var defaultValue: ObjectReference<Object>? { nil }
}

/// An object in the environment. Environment values are `Sendable`; a model class usually is not,
/// and SwiftUI shares it anyway (see ``View/environment(_:)-(Object?)``).
struct ObjectReference<Object: AnyObject>: @unchecked Sendable {
    let object: Object
}

/// SwiftUI's `@Bindable`: bindings to the properties of an `@Observable` object,
/// `$model.name` (or `Bindable(model).name`) for a `TextField` or a `Toggle`.
///
/// ```swift
/// struct ProfileEditor: View {
///     @Bindable var profile: Profile
///     var body: some View { TextField("Name", text: $profile.name) }
/// }
/// ```
///
/// A binding reads and writes the object's property; as with every binding in TextFit, a write
/// changes nothing already laid out.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    /// The object.
    public var wrappedValue: Value

    /// The bindable itself, whose members are bindings: `$model.name`.
    public var projectedValue: Bindable<Value> { self }

    /// Bindings to the properties of an `@Observable` object.
    public init(wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// Bindings to `wrappedValue`'s properties: `Bindable(model).name`.
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// The bindable of `$object`, as a child view is given it.
    public init(projectedValue: Bindable<Value>) {
        self = projectedValue
    }

    /// A binding to the object's property at `keyPath`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}
