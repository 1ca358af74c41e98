import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Entry var name: Type = default` in `extension EnvironmentValues`: the property's get and set,
/// and a private key type `__Key_name` whose default is the initial value (or `nil` for an optional
/// without one), as SwiftUI's `@Entry` writes them:
///
/// ```swift
/// var name: Type { get { self[__Key_name.self] } set { self[__Key_name.self] = newValue } }
/// private struct __Key_name: LayoutCore.EnvironmentKey {
///     typealias Value = Type
///     static var defaultValue: Value { default }
/// }
/// ```
///
/// The default is computed (a `static var`), so it is made again on each read of an unset value, as
/// in SwiftUI. TextFit has environment values only (no `FocusedValues`, `Transaction` or
/// `ContainerValues`), so `@Entry` elsewhere is an error that says so.
public struct EntryMacro: AccessorMacro, PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        let entry = try Entry(declaration, in: context)
        return [
            "get { self[__Key_\(raw: entry.name).self] }",
            "set { self[__Key_\(raw: entry.name).self] = newValue }",
        ]
    }

    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let entry = try Entry(declaration, in: context)
        return [
            """
            private struct __Key_\(raw: entry.name): LayoutCore.EnvironmentKey {
                typealias Value = \(raw: entry.type)
                static var defaultValue: Value { \(raw: entry.defaultValue) }
            }
            """,
        ]
    }

    /// What an `@Entry` variable says: its name, type and default, checked.
    struct Entry {
        let name: String
        let type: String
        let defaultValue: String

        init(_ declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext) throws {
            guard let extended = context.lexicalContext.first?.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription,
                  extended == "EnvironmentValues" || extended.hasSuffix(".EnvironmentValues") else {
                throw MacroExpansionErrorMessage(
                    "@Entry makes environment values: write it in 'extension EnvironmentValues' (TextFit has no FocusedValues, Transaction or ContainerValues)")
            }
            guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var),
                  variable.bindings.count == 1, let binding = variable.bindings.first,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription else {
                throw MacroExpansionErrorMessage("@Entry goes on one 'var', as in '@Entry var accent: Color = .blue'")
            }
            guard let type = binding.typeAnnotation?.type else {
                throw MacroExpansionErrorMessage("@Entry needs the variable's type: '@Entry var \(name): Type = …'")
            }
            self.name = name
            self.type = type.trimmedDescription
            if let value = binding.initializer?.value {
                defaultValue = value.trimmedDescription
            } else if type.is(OptionalTypeSyntax.self) || type.trimmedDescription.hasPrefix("Optional<") {
                defaultValue = "nil"
            } else {
                throw MacroExpansionErrorMessage("@Entry needs a default value: '@Entry var \(name): \(type.trimmedDescription) = …'")
            }
        }
    }
}
