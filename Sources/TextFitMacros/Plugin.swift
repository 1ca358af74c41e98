// TextFitMacros: the compiler plugin behind the SwiftUI macros TextFit offers, built against the
// SwiftSyntax modules the Swift toolchain ships for its own macros (`lib/swift/host`; no swift-syntax
// package). The toolchain has no `SwiftCompilerPlugin` module (the `@main` wrapper that plugins
// written with the swift-syntax package use), so `main` below is that wrapper's few lines, on the
// message handling the toolchain does ship.
//
// | macro | declared in | what it expands to | file |
// |---|---|---|---|
// | `#Preview` | PreviewSupport | a record in the `textfit_previews` section that makes the preview | PreviewMacro.swift |
// | `@Previewable` | PreviewSupport | nothing: `#Preview` moves the variable into a view of its own | PreviewMacro.swift |
// | `@Entry` | PreviewSupport | the get/set of an `EnvironmentValues` property and its private key type | EntryMacro.swift |
import SwiftSyntaxMacros
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

/// Finds a macro for the compiler by the type name its declaration gives in `#externalMacro`.
struct Provider: PluginProvider {
    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        switch typeName {
        case "PreviewMacro": PreviewMacro.self
        case "PreviewableMacro": PreviewableMacro.self
        case "EntryMacro": EntryMacro.self
        default: throw PluginError("TextFitMacros has no macro named \(typeName)")
        }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Answers the compiler's messages on standard input and output until it closes them.
@main
enum TextFitMacrosPlugin {
    static func main() throws {
        let handler = PluginProviderMessageHandler(provider: Provider())
        try CompilerPluginMessageListener(connection: StandardIOMessageConnection(), messageHandler: handler).main()
    }
}
