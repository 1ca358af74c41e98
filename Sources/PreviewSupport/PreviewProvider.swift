import LayoutCore

/// A type that shows off views in Xcode's canvas, as SwiftUI's `PreviewProvider`:
///
/// ```swift
/// struct SettingsView_Previews: PreviewProvider {
///     static var previews: some View {
///         SettingsView().previewDisplayName("Light")
///         SettingsView().previewLayout(.sizeThatFits).previewDisplayName("Compact")
///     }
/// }
/// ```
///
/// Each view `previews` stands for (each of a `Group`'s or a `ForEach`'s) is a preview of its own,
/// with the name, layout, device and orientation its preview modifiers give it:
/// ``Preview/all(of:)`` lists them. Nothing registers a provider: reach one by its type, or by its
/// name with ``Preview/all(ofProviderNamed:)``.
public protocol PreviewProvider {
    /// The type of the views shown.
    associatedtype Previews: View
    /// The views shown, each a preview of its own.
    @ViewBuilder static var previews: Previews { get }
    /// The platform to preview on (SwiftUI's; TextFit lays out every preview as iOS).
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    public static var platform: PreviewPlatform? { nil }
}

/// The platforms SwiftUI previews on (accepted; every preview is laid out as iOS).
public enum PreviewPlatform: Sendable, Hashable {
    /// The platforms a preview may be for.
    case iOS, macOS, tvOS, watchOS, visionOS
}

extension Preview {
    /// The previews `provider` shows: one for each view its `previews` stands for, named by its
    /// `previewDisplayName` and framed by its `previewLayout`, `previewDevice` and
    /// `previewInterfaceOrientation`. Evaluates `previews` once to find them; each preview makes its
    /// view again when laid out.
    public static func all<Provider: PreviewProvider>(of provider: Provider.Type) -> [Preview] {
        let views = Provider.previews.elements
        let type = String(reflecting: provider)
        return views.indices.map { index -> Preview in
            let view: any View & Sendable = ProviderView<Provider>(index: index)
            var options = EnvironmentValues()
            for apply in views[index].traits.environment.reversed() { apply(&options) }
            let traits = [options.previewLayout.map { PreviewTrait<ViewTraits>(layout: $0, orientation: nil) },
                          options.previewOrientation.map { PreviewTrait<ViewTraits>(layout: nil, orientation: $0) }]
            return Preview(name: options.previewDisplayName, source: views.count == 1 ? type : "\(type)[\(index)]",
                           traits: traits.compactMap { $0 }, device: options.previewDevice, make: { view },
                           fileID: type, line: index)
        }
    }

    /// The previews of the `PreviewProvider` whose fully qualified name is `typeName`
    /// (`"MyApp.SettingsView_Previews"`, or `"MyApp.Screens.Settings_Previews"` for a nested type, as
    /// `String(reflecting:)` writes them), found in the program by the Swift runtime; `nil` when no
    /// type has that name or it is not a `PreviewProvider`. A `private` or `fileprivate` provider, a
    /// generic one and names outside ASCII cannot be found so.
    public static func all(ofProviderNamed typeName: String) -> [Preview]? {
        for candidate in mangledTypeNames(typeName) {
            if let provider = _typeByName(candidate) as? any PreviewProvider.Type { return all(of: provider) }
        }
        return nil
    }

    /// The mangled names `Module.Outer.Inner` can have (the runtime looks types up by mangled name):
    /// each identifier as its length and characters, each type's kind after it — struct `V`, class `C`
    /// or enum `O` — every combination, as the name does not say which. Empty for a name that is not
    /// dotted ASCII identifiers.
    static func mangledTypeNames(_ typeName: String) -> [String] {
        let parts = typeName.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count <= 4, parts.allSatisfy({ part in
            !part.isEmpty && part.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
                && !(0x30...0x39).contains(part.utf8.first!)
        }) else { return [] }
        var names = ["\(parts[0].utf8.count)\(parts[0])"]
        for part in parts.dropFirst() {
            names = names.flatMap { prefix in ["V", "C", "O"].map { "\(prefix)\(part.utf8.count)\(part)\($0)" } }
        }
        return names
    }
}

/// One of the views a provider's `previews` stands for, evaluated when the tree is built.
struct ProviderView<Provider: PreviewProvider>: View, PrimitiveView, Sendable {
    typealias Body = Never
    let index: Int

    func appendElements(to list: inout [AnyElement]) {
        let views = Provider.previews.elements
        if views.indices.contains(index) { list.append(views[index]) }
    }
}

// MARK: - Preview modifiers

extension View {
    /// How the preview showing this view is framed (read by ``Preview/all(of:)``; no effect on layout).
    public func previewLayout(_ layout: PreviewLayout) -> some View {
        environment(\.previewLayout, layout)
    }

    /// The name of the preview showing this view.
    public func previewDisplayName(_ name: String?) -> some View {
        environment(\.previewDisplayName, name)
    }

    /// The device the preview showing this view is laid out on (`nil`: the default device).
    public func previewDevice(_ device: PreviewDevice?) -> some View {
        environment(\.previewDevice, device)
    }

    /// The orientation of the device the preview showing this view is laid out on.
    public func previewInterfaceOrientation(_ orientation: InterfaceOrientation) -> some View {
        environment(\.previewOrientation, orientation)
    }
}

/// What the preview modifiers set: read from a provider's views, never by a layout.
extension EnvironmentValues {
    @Entry var previewLayout: PreviewLayout?
    @Entry var previewDisplayName: String?
    @Entry var previewDevice: PreviewDevice?
    @Entry var previewOrientation: InterfaceOrientation?
}
