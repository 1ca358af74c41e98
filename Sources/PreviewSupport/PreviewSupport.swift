// PreviewSupport: a view file's previews — `#Preview { … }` and `PreviewProvider` — found by name
// and laid out as Xcode's canvas lays them out, so a test (or a sweep of every screen) can reach
// the views a file shows off without naming them again; and the macros SwiftUI code uses, declared
// here because this module carries their compiler plugin (TextFitMacros) to every module above it.
//
// | concern | types and functions | file |
// |---|---|---|
// | the macros' declarations | `#Preview`, `@Previewable`, `@Entry` | PreviewSupport.swift |
// | a preview and how it is laid out | `Preview`, `PreviewTrait`, `PreviewLayout`, `InterfaceOrientation`, `Preview.layout(on:environment:)` | Preview.swift |
// | every `#Preview` in the program, by name | `Preview.all`, `Preview.named(_:)`; the `textfit_previews` section | PreviewRecords.swift |
// | providers and their modifiers | `PreviewProvider`, `Preview.all(of:)`, `Preview.all(ofProviderNamed:)`, `previewLayout`, `previewDisplayName`, `previewDevice`, `previewInterfaceOrientation` | PreviewProvider.swift |
// | devices a preview is laid out on | `PreviewDevice` (screen sizes from Apple's HIG) | PreviewDevice.swift |
//
// How `#Preview` registers without Apple's runtime: the macro expands to a constant record in a
// section of the binary named `textfit_previews` (`@section`, `@used`); the linker gathers every
// module's records into one run bounded by `__start_textfit_previews` and `__stop_textfit_previews`,
// and `Preview.all` reads them on first use. Nothing runs at load time and no name has to be known.
import LayoutCore

/// A preview of views, shown in Xcode's canvas and found here by ``Preview/all`` and
/// ``Preview/named(_:)``: `#Preview("Settings") { SettingsView() }` at the top level of a file.
///
/// The closure is a view builder, as in SwiftUI; a variable in it marked `@Previewable`
/// (`@Previewable @State var isOn = true`) is state of the preview's view. The expansion is a record
/// the registry reads, so the preview is found wherever its module is linked into the program.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping () -> any View) =
    #externalMacro(module: "TextFitMacros", type: "PreviewMacro")

/// A preview with traits: `#Preview("Compact", traits: .sizeThatFitsLayout) { Badge() }`. The
/// layout traits (`.defaultLayout`, `.sizeThatFitsLayout`, `.fixedLayout(width:height:)`) and the
/// orientations decide the proposal the views are laid out for (``Preview/layout(on:environment:)``).
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
    @ViewBuilder body: @escaping () -> any View
) = #externalMacro(module: "TextFitMacros", type: "PreviewMacro")

/// Marks a variable in a `#Preview`'s closure as state of the preview's view:
/// `@Previewable @State var isOn = true`, so `$isOn` can be passed to the view shown.
@attached(peer)
public macro Previewable() = #externalMacro(module: "TextFitMacros", type: "PreviewableMacro")

/// Makes a property of `EnvironmentValues` and its key in one line, as SwiftUI's `@Entry` does:
///
/// ```swift
/// extension EnvironmentValues {
///     @Entry var accent: Color = .blue
/// }
/// ```
///
/// The property gets a getter and a setter that use a private key type, `__Key_accent`, whose
/// default value is the initial value, made again on each read of an unset value (an optional
/// without an initial value defaults to `nil`). The value must be `Sendable`, as every environment
/// value in TextFit is.
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "TextFitMacros", type: "EntryMacro")
