import Foundation
import LayoutCore
import Layouts
import TextLayout

// Section: in a list or form, a header, rows and a footer laid out by the list's style (List.swift's
// `makeSection`); anywhere else, its header, content and footer in a leading-aligned column.

/// A group of rows with an optional header and footer.
///
/// In a `List` or `Form` the header is drawn as the style draws it — in the grouped styles
/// `.footnote`, secondary, uppercased (iOS 17 and 18; iOS 26 keeps the header's case), 7 pt above the
/// card, its text aligned with the rows'; in `.plain`, `.headline` — and the footer `.footnote`,
/// secondary, 7 pt below the card. Elsewhere a section is its header, content and footer in a column.
public struct Section<Parent: View, Content: View, Footer: View>: View {
    let header: Parent
    let content: Content
    let footer: Footer
    var isExpanded = true

    /// A section with a header and a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }

    /// A section with a header and a footer (the spelling before iOS 15).
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.footer = footer
        self.content = content()
    }

    public var body: some View { SectionElements(header: header, content: content, footer: footer, isExpanded: isExpanded) }
}

extension Section where Footer == EmptyView {
    /// A section with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }

    /// A section with a header (the spelling before iOS 15).
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(header: header, footer: EmptyView(), content: content)
    }
}

extension Section where Parent == EmptyView {
    /// A section with a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }

    /// A section with a footer (the spelling before iOS 15).
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(header: EmptyView(), footer: footer, content: content)
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section without header or footer.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section whose header is `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(content: content, header: { Text(titleKey, fileID: fileID, line: line) })
    }

    /// A section whose header is the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) })
    }

    /// A collapsible section (shown expanded or collapsed as `isExpanded` says; a collapsed
    /// section shows its header alone).
    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) })
        self.isExpanded = isExpanded.wrappedValue
    }
}

/// A section's elements: one `ListSectionLayout` element in a list, a column elsewhere.
private struct SectionElements<Parent: View, Content: View, Footer: View>: PrimitiveView {
    let header: Parent
    let content: Content
    let footer: Footer
    let isExpanded: Bool

    func appendElements(to list: inout [AnyElement]) {
        let environment = EnvironmentValues.current
        guard let context = environment.listContext else {
            let children = header.elements + content.elements + footer.elements
            list.append(AnyElement(layout: VStackLayout(alignment: .leading), children: children))
            return
        }
        let increased = environment.headerProminence == .increased
        // Headers and footers are no rows: a label there is the title-and-icon style's.
        let header = header.environment(\.labelContext, nil)
        let headerElements: [AnyElement]
        if context.metrics.isGrouped && !increased {
            headerElements = header.font(.footnote).foregroundStyle(.secondary).textCase(.uppercase).elements
        } else {
            headerElements = header.font(.headline).elements
        }
        let footerElements = footer.environment(\.labelContext, nil).font(.footnote).foregroundStyle(.secondary).elements
        let rows = isExpanded ? content.elements : []
        let spacing = environment.listSectionSpacing.value
        var section = makeSection(header: headerElements, rows: rows, footer: footerElements, context: context,
                                  environment: environment)
        if let spacing { section.traits.layoutValues[ObjectIdentifier(SectionSpacingAfterKey.self)] = Optional(spacing) }
        list.append(section)
    }
}
