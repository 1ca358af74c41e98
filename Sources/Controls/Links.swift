import Foundation
import LayoutCore
import Layouts
import TextLayout

// Views that go somewhere or open something, laid out as their labels: NavigationLink (in a list,
// its label and a disclosure chevron; elsewhere its label in the tint, as a button), Link, Menu and
// ShareLink (their labels in the tint; a menu with a symbol and a share link without a label show a
// `Label`, which lays out as the context lays labels out). Destinations, menus and share sheets are never evaluated:
// navigation and presentation are out of scope.

/// A link that pushes a view on the navigation stack (never pushed here).
///
/// In a list row: the label filling the row, then the disclosure chevron (`IOSMetrics.chevronSize`,
/// scaled with `.body`), 8 pt apart. Elsewhere the label in the tint, as a borderless button.
public struct NavigationLink<Label: View, Destination: View>: View {
    @Environment(\.listContext) private var listContext
    let label: Label

    /// A link showing `label` that would push `destination`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    /// A link showing `label` that would push `destination` (the spelling before iOS 16).
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    public var body: some View {
        if listContext != nil {
            LabeledControl(label: label) { DisclosureChevron() }
        } else {
            Button(action: {}) { label }
        }
    }
}

extension NavigationLink where Label == Text {
    /// A link labelled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }

    /// A link labelled `Text(titleKey)` (the spelling before iOS 16).
    public init(_ titleKey: LocalizedStringKey, destination: Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }
}

extension NavigationLink where Destination == Never {
    /// A link that would push `value` (to a `navigationDestination`).
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    /// A link labelled `Text(titleKey)` that would push `value`.
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {
        self.label = Text(titleKey)
    }

    /// A link labelled with the string as written that would push `value`.
    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.label = Text(title)
    }
}

/// A link to a URL: its label in the tint (never opened).
public struct Link<Label: View>: View {
    let label: Label

    /// A link to `destination` showing `label`.
    public init(destination: URL, @ViewBuilder label: () -> Label) { self.label = label() }

    public var body: some View { Button(action: {}) { label } }
}

extension Link where Label == Text {
    /// A link labelled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, destination: URL) { self.label = Text(titleKey) }

    /// A link labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) { self.label = Text(title) }
}

/// A menu: its label in the tint, as a button (its items are never shown).
public struct Menu<Label: View, Content: View>: View {
    let label: Label

    /// A menu of `content` showing `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { self.label = label() }

    /// A menu with a primary action (run on tap; never here).
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label, primaryAction: @escaping () -> Void) {
        self.label = label()
    }

    public var body: some View { Button(action: {}) { label } }
}

extension Menu where Label == Text {
    /// A menu labelled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A menu labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension Menu where Label == Controls.Label<Text, Image> {
    /// A menu labelled with `Text(titleKey)` and a system symbol (iOS 17): a ``Label``, so a toolbar
    /// shows its icon and a list row its icon column.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Controls.Label(titleKey, systemImage: systemImage) }
    }

    /// A menu labelled with the string as written and a system symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Controls.Label(title, systemImage: systemImage) }
    }

    /// A menu labelled with `Text(titleKey)` and an image from the asset catalogs.
    public init(_ titleKey: LocalizedStringKey, image: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Controls.Label(titleKey, image: image) }
    }
}

/// A button that would open the share sheet: its label in the tint. Without a label it shows
/// ``DefaultShareLinkLabel``: `Label("Share", systemImage: "square.and.arrow.up")`, or the title given.
public struct ShareLink<Label: View>: View {
    let label: Label

    /// A share link for `item` showing `label`.
    public init<Item>(item: Item, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    /// A share link for `items` showing `label`.
    public init<Items: Sequence>(items: Items, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    public var body: some View { Button(action: {}) { label } }
}

extension ShareLink where Label == DefaultShareLinkLabel {
    /// A share link for `item` with the system's label: "Share" and the share symbol.
    public init<Item>(item: Item, subject: Text? = nil, message: Text? = nil) {
        self.label = DefaultShareLinkLabel(title: Text("Share"))
    }

    /// A share link for `items` with the system's label.
    public init<Items: Sequence>(items: Items, subject: Text? = nil, message: Text? = nil) {
        self.label = DefaultShareLinkLabel(title: Text("Share"))
    }

    /// A share link for `item` titled `Text(titleKey)`, with the share symbol.
    public init<Item>(_ titleKey: LocalizedStringKey, item: Item, subject: Text? = nil, message: Text? = nil) {
        self.label = DefaultShareLinkLabel(title: Text(titleKey))
    }

    /// A share link for `item` titled with the string as written, with the share symbol.
    @_disfavoredOverload
    public init<S: StringProtocol, Item>(_ title: S, item: Item, subject: Text? = nil, message: Text? = nil) {
        self.label = DefaultShareLinkLabel(title: Text(title))
    }
}

/// The label of a ``ShareLink`` made without one: a ``Label`` of its title ("Share" unless given) and
/// the `square.and.arrow.up` symbol, so it lays out as labels do where it is (a toolbar shows the
/// symbol, a list row its icon column). Apple documents the type ("The default label used for a
/// share link") but not its parts; the title and symbol are the ones SwiftUI shows.
/// Source: https://developer.apple.com/documentation/swiftui/defaultsharelinklabel
public struct DefaultShareLinkLabel: View {
    let title: Text

    public var body: some View {
        Label { title } icon: { Image(systemName: "square.and.arrow.up") }
    }
}

// MARK: - Disclosure and group boxes

/// A label that shows or hides its content: the label and a chevron (pointing down when expanded),
/// then the content when expanded. In a list the label is a row and each content view a row below
/// it. Collapsed unless `isExpanded` says otherwise.
public struct DisclosureGroup<Label: View, Content: View>: View {
    let isExpanded: Bool
    let label: Label
    let content: Content

    /// A group collapsed, showing `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.init(isExpanded: .constant(false), content: content, label: label)
    }

    /// A group expanded or collapsed as `isExpanded` says.
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = isExpanded.wrappedValue
        self.label = label()
        self.content = content()
    }

    public var body: some View { DisclosureElements(isExpanded: isExpanded, label: label, content: content) }
}

extension DisclosureGroup where Label == Text {
    /// A collapsed group labelled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A group labelled `Text(titleKey)`, expanded as `isExpanded` says.
    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
    }

    /// A collapsed group labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

private struct DisclosureElements<Label: View, Content: View>: PrimitiveView {
    let isExpanded: Bool
    let label: Label
    let content: Content

    func appendElements(to list: inout [AnyElement]) {
        let header = LabeledControl(label: label) {
            DisclosureChevron(direction: isExpanded ? .down : .forward, color: Color.accentColor)
        }
        if EnvironmentValues.current.listContext != nil {
            header.appendElements(to: &list)
            if isExpanded { content.appendElements(to: &list) }
        } else {
            VStack(alignment: .leading) {
                header
                if isExpanded { content }
            }.appendElements(to: &list)
        }
    }
}

/// A box grouping its content under an optional label (`.headline`), on the secondary background
/// with rounded corners; fills the width it is offered (`IOSMetrics.groupBoxPadding` and friends).
public struct GroupBox<Label: View, Content: View>: View {
    let label: Label
    let content: Content

    /// A box of `content` under `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: IOSMetrics.groupBoxSpacing) {
            label.font(.headline)
            content
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(IOSMetrics.groupBoxPadding)
        .background {
            RoundedRectangle(cornerRadius: IOSMetrics.groupBoxCornerRadius, style: .continuous).fill(IOSMetrics.groupBoxBackground)
        }
    }
}

extension GroupBox where Label == EmptyView {
    /// A box of `content` without a label.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content) { EmptyView() }
    }
}

extension GroupBox where Label == Text {
    /// A box labelled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A box labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}
