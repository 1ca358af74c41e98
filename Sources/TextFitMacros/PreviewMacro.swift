import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `#Preview("Name", traits: …) { content }` at the top level of a file: a record, in the
/// `textfit_previews` section of the binary, holding a function that makes the preview
/// (`PreviewSupport.Preview`, with the file and line of the `#Preview`). The records are how
/// `Preview.all` finds every preview without Apple's runtime: the linker gathers them into one section
/// whose bounds the registry reads (Sources/PreviewSupport/PreviewRecords.swift).
///
/// The arguments other than the body are passed on to `Preview`'s initialiser as written. Variables
/// marked `@Previewable` (`@Previewable @State var isOn = true`) become properties of a view made
/// for the purpose, whose `body` is the rest of the closure, as Xcode's expansion does, so `$isOn`
/// binds to state that lives as long as the preview's view.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard context.lexicalContext.isEmpty else {
            throw MacroExpansionErrorMessage("#Preview belongs at the top level of a file, outside any type or function")
        }
        var arguments = Array(node.arguments)
        let body: ClosureExprSyntax
        if let trailing = node.trailingClosure {
            body = trailing
        } else if let index = arguments.lastIndex(where: { $0.label?.text == "body" }),
                  let closure = arguments[index].expression.as(ClosureExprSyntax.self) {
            body = closure
            arguments.remove(at: index)
        } else {
            throw MacroExpansionErrorMessage("#Preview needs its views in a closure: #Preview { MyView() }")
        }
        guard let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID) else {
            throw MacroExpansionErrorMessage("#Preview could not find where it is written")
        }

        var passed = arguments.map { argument in
            (argument.label.map { "\($0.text): " } ?? "") + argument.expression.trimmedDescription
        }
        passed.append("fileID: \(location.file.trimmedDescription)")
        passed.append("line: \(location.line.trimmedDescription)")
        let record = context.makeUniqueName("previewRecord")
        let (content, previewableView) = previewable(body, in: context)
        let recordDeclaration: DeclSyntax = """
            @section("textfit_previews") @used
            private let \(record): PreviewSupport.PreviewRecord = (1, 0, { __textFitPreviewSlot in
                __textFitPreviewSlot.initializeMemory(as: PreviewSupport.Preview.self, to: PreviewSupport.Preview(\(raw: passed.joined(separator: ", "))) \(content))
            }, 0)
            """
        return [recordDeclaration] + (previewableView.map { [$0] } ?? [])
    }

    /// The body as written when it declares no `@Previewable` variables. Otherwise a view declared
    /// beside the record (a view builder's closure cannot declare a type), with those variables as its
    /// properties and the rest of the body as its `body`, and a closure that makes it.
    static func previewable(_ body: ClosureExprSyntax, in context: some MacroExpansionContext) -> (ExprSyntax, DeclSyntax?) {
        var properties: [String] = []
        var statements: [String] = []
        for item in body.statements {
            if let variable = item.item.as(VariableDeclSyntax.self),
               variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Previewable" }) {
                var property = variable
                property.attributes = variable.attributes.filter {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription != "Previewable"
                }
                properties.append(property.trimmedDescription)
            } else {
                statements.append(item.trimmedDescription)
            }
        }
        guard !properties.isEmpty else { return (ExprSyntax(body.trimmed), nil) }
        let view = context.makeUniqueName("Previewable")
        let declaration: DeclSyntax = """
            private struct \(view): LayoutCore.View {
                \(raw: properties.joined(separator: "\n"))
                var body: some LayoutCore.View {
                    \(raw: statements.joined(separator: "\n"))
                }
            }
            """
        return ("{ \(view)() }", declaration)
    }
}

/// `@Previewable`, on a variable in a `#Preview`'s closure: nothing of its own; `#Preview` moves the
/// variable into the view it makes (``PreviewMacro``).
public struct PreviewableMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
