import Foundation

// SwiftUI's `Label`: a title and an icon, laid out by the environment's `LabelStyle`. The built-in
// styles: `titleAndIcon` (and `automatic`, which is it outside lists, tab bars and toolbars) puts the
// icon before the title in an `HStack`, centred, with the HStack's own spacing unless
// `labelIconToTitleSpacing(_:)` sets one (IOSMetrics.swift: approximations); `titleOnly` and
// `iconOnly` show one of them. A custom style gets the title and the icon as separate views
// (`configuration.title`, `configuration.icon`).
//
// The containers that restyle labels say so through the environment (`labelContext`), and the
// built-in styles read it, as SwiftUI's automatic style reads the context it is in:
// - a list row (List and Form set it for their rows): the icon in iOS's icon column
//   (`IOSMetrics.listIconColumnWidth`, a symbol centred in it at `listIconSymbolScale`, in the
//   tint), the title `listIconToTitleSpacing` after it and marked as where the row's separator
//   starts (`.listRowSeparatorLeading`);
// - a tab item: the icon in the tab bar's 25 × 25 slot (an 18-pt symbol at large scale) above the
//   title;
// - a toolbar item: the icon alone (`automatic`; `titleAndIcon` opts back in to both).
// `labelReservedIconWidth(_:)` frames every icon to that width, centred, and
// `labelIconToTitleSpacing(_:)` sets the gap, in any context where icon and title sit side by side.

/// A title with an icon, laid out by the environment's ``LabelStyle``.
/// Source: https://developer.apple.com/documentation/swiftui/label
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    /// Made by `Label(configuration)`: laid out with the title-and-icon style.
    var isStyleConfiguration = false

    /// A label from a title view and an icon view.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: some View {
        StyledLabel(configuration: LabelStyleConfiguration(title: .init(view: AnyView(title)), icon: .init(view: AnyView(icon))),
                    isStyleConfiguration: isStyleConfiguration)
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label titled with a localized key (read as Markdown) and a system symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(title: { Text(titleKey, fileID: fileID, line: line) }, icon: { Image(systemName: name) })
    }

    /// A label titled with a string as it is and a system symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(title: { Text(title, fileID: fileID, line: line) }, icon: { Image(systemName: name) })
    }

    /// A label titled with a localized key and an image from the asset catalogs.
    public init(_ titleKey: LocalizedStringKey, image name: String, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(title: { Text(titleKey, fileID: fileID, line: line) }, icon: { Image(name) })
    }

    /// A label titled with a string as it is and an image from the asset catalogs.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(title: { Text(title, fileID: fileID, line: line) }, icon: { Image(name) })
    }
}

extension Label where Title == LabelStyleConfiguration.Title, Icon == LabelStyleConfiguration.Icon {
    /// The label a style was given, to modify inside a custom style's `makeBody`. It lays out with
    /// the title-and-icon style (never the environment's, which would call the custom style again).
    public init(_ configuration: LabelStyleConfiguration) {
        self.init(title: { configuration.title }, icon: { configuration.icon })
        isStyleConfiguration = true
    }
}

/// A label's parts through the environment's style (`labelStyle(_:)`).
private struct StyledLabel: View {
    @Environment(\.labelStyle) private var style
    let configuration: LabelStyleConfiguration
    let isStyleConfiguration: Bool

    var body: some View {
        if isStyleConfiguration {
            TitleAndIconLabelStyle().makeBody(configuration: configuration)
        } else {
            style.makeBody(configuration)
        }
    }
}

// MARK: - Contexts

/// The containers that lay labels out their own way, as they set it for the views inside.
enum LabelContext: Sendable, Hashable {
    /// A row of a `List` or `Form` (not its section headers and footers).
    case listRow
    /// A tab's item in a tab bar (`tabItem`, `Tab`).
    case tabItem
    /// An item of a navigation bar or a bottom toolbar.
    case toolbar
}

private struct LabelContextKey: EnvironmentKey {
    static let defaultValue: LabelContext? = nil
}

extension EnvironmentValues {
    /// The container the labels inside are laid out for (`nil`: none that restyles them).
    var labelContext: LabelContext? {
        get { self[LabelContextKey.self] }
        set { self[LabelContextKey.self] = newValue }
    }
}

/// How labels inside look: `makeBody` gets the title and the icon as views.
/// Source: https://developer.apple.com/documentation/swiftui/labelstyle
public protocol LabelStyle: Sendable {
    /// The view the style makes.
    associatedtype Body: View
    /// The label's parts: its title and icon.
    typealias Configuration = LabelStyleConfiguration
    /// The label drawn in this style.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``LabelStyle`` lays out: the label's title and icon, each a view of its own.
public struct LabelStyleConfiguration {
    /// The label's title, as a view.
    public struct Title: View {
        let view: AnyView
        public var body: some View { view }
    }

    /// The label's icon, as a view.
    public struct Icon: View {
        let view: AnyView
        public var body: some View { view }
    }

    /// The title the label was made with.
    public let title: Title
    /// The icon the label was made with.
    public let icon: Icon

    /// Whether the icon is a system symbol (which a list row centres in its icon column; other
    /// images keep their own width there, as UIKit reserves for them).
    var iconIsSymbol: Bool {
        let elements = icon.view.elements
        guard elements.count == 1, case .leaf(let leaf) = elements[0].content, let image = leaf as? Image,
              case .system = image.source else { return false }
        return image.resizing == nil
    }
}

/// A label style with its type erased, as the environment keeps it.
struct AnyLabelStyle: Sendable {
    let makeBody: @Sendable (LabelStyleConfiguration) -> AnyView
    init<S: LabelStyle>(_ style: S) {
        makeBody = { AnyView(style.makeBody(configuration: $0)) }
    }
}

private struct LabelStyleKey: EnvironmentKey {
    static let defaultValue = AnyLabelStyle(DefaultLabelStyle())
}

private struct LabelIconToTitleSpacingKey: EnvironmentKey {
    static let defaultValue: CGFloat? = nil
}

private struct LabelReservedIconWidthKey: EnvironmentKey {
    static let defaultValue: CGFloat? = nil
}

extension EnvironmentValues {
    var labelStyle: AnyLabelStyle {
        get { self[LabelStyleKey.self] }
        set { self[LabelStyleKey.self] = newValue }
    }

    /// The space between a label's icon and its title in the title-and-icon style (`nil`: an
    /// `HStack`'s own spacing, 8 pt between an image and a text).
    /// Source: https://developer.apple.com/documentation/swiftui/environmentvalues/labelicontotitlespacing
    public var labelIconToTitleSpacing: CGFloat? {
        get { self[LabelIconToTitleSpacingKey.self] }
        set { self[LabelIconToTitleSpacingKey.self] = newValue }
    }

    /// The width every label icon of the title-and-icon style is framed to, centred (`nil`: the
    /// icon's own width). What a list sets so its rows' icons form a column.
    /// Source: https://developer.apple.com/documentation/swiftui/environmentvalues/labelreservediconwidth
    public var labelReservedIconWidth: CGFloat? {
        get { self[LabelReservedIconWidthKey.self] }
        set { self[LabelReservedIconWidthKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of the labels inside.
    /// Source: https://developer.apple.com/documentation/swiftui/view/labelstyle(_:)
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        environment(\.labelStyle, AnyLabelStyle(style))
    }

    /// The space between the icon and the title of the labels inside (title-and-icon style).
    /// Source: https://developer.apple.com/documentation/swiftui/view/labelicontotitlespacing(_:)
    public func labelIconToTitleSpacing(_ value: CGFloat) -> some View {
        environment(\.labelIconToTitleSpacing, value)
    }

    /// The width reserved for the icons of the labels inside: each is framed to it, centred, so
    /// titles line up. Source: https://developer.apple.com/documentation/swiftui/view/labelreservediconwidth(_:)
    public func labelReservedIconWidth(_ value: CGFloat) -> some View {
        environment(\.labelReservedIconWidth, value)
    }
}

// MARK: - Built-in styles

/// The icon, then the title, in an `HStack` centred vertically: the icon framed to
/// ``EnvironmentValues/labelReservedIconWidth`` when one is set, the two
/// ``EnvironmentValues/labelIconToTitleSpacing`` apart (else the HStack's own spacing).
private struct IconThenTitle: View {
    @Environment(\.labelIconToTitleSpacing) private var spacing
    @Environment(\.labelReservedIconWidth) private var reservedWidth
    let configuration: LabelStyleConfiguration

    var body: some View {
        HStack(alignment: IOSMetrics.labelAlignment, spacing: spacing ?? IOSMetrics.labelIconToTitleSpacing) {
            if let reservedWidth {
                configuration.icon.frame(width: reservedWidth)
            } else {
                configuration.icon
            }
            configuration.title
        }
    }
}

/// A label in a list row, as UIKit's list cells lay out their image and text: the icon in a column
/// (a symbol at ``IOSMetrics/listIconSymbolScale(_:)``, centred in ``IOSMetrics/listIconColumnWidth``
/// scaled with body text, except at accessibility sizes; another image at its own width), drawn in
/// the tint unless a foreground style reaches it (UIKit's list cells draw their image in the inherited
/// tint colour: `defaultImageTintColorForState:` is `nil` unless disabled); the title
/// ``IOSMetrics/listIconToTitleSpacing`` after it, where the row's separator starts.
/// `labelReservedIconWidth` and `labelIconToTitleSpacing` win.
private struct ListRowLabel: View {
    @Environment(\.self) private var environment
    let configuration: LabelStyleConfiguration

    var body: some View {
        HStack(alignment: IOSMetrics.labelAlignment,
               spacing: environment.labelIconToTitleSpacing ?? IOSMetrics.listIconToTitleSpacing) {
            icon.imageScale(IOSMetrics.listIconSymbolScale(environment.dynamicTypeSize))
            configuration.title.alignmentGuide(.listRowSeparatorLeading) { $0[.leading] }
        }
    }

    /// The icon in its column, in the tint unless a foreground style reaches it.
    @ViewBuilder private var icon: some View {
        let tinted = configuration.icon.transformEnvironment(\.foregroundStyle) { style in
            // Decided where the icon is laid out, so a style set around the label after it was
            // built (a destructive button's red) still wins.
            if style == nil { style = AnyShapeStyle(.tint) }
        }
        if let width = environment.labelReservedIconWidth {
            tinted.frame(width: width)
        } else if configuration.iconIsSymbol && !environment.dynamicTypeSize.isAccessibilitySize {
            tinted.frame(minWidth: IOSMetrics.listIconColumnWidth * bodyScale(environment))
        } else {
            tinted
        }
    }
}

/// A label in a tab item: the icon in the tab bar's slot above the title, ``IOSMetrics/tabIconTitleSpacing``
/// apart (the tab bar sets the title's 10-pt font and the colours).
private struct TabItemLabel: View {
    let configuration: LabelStyleConfiguration

    var body: some View {
        VStack(spacing: IOSMetrics.tabIconTitleSpacing) {
            configuration.icon.tabItemIconSlot()
            configuration.title
        }
    }
}

extension View {
    /// An image as a tab item's icon: a symbol at the tab bar's size
    /// (``IOSMetrics/tabItemSymbolPointSize``, large scale), centred in the 25 × 25 slot
    /// (``IOSMetrics/tabIconSize``); an asset image at its own size, centred there.
    func tabItemIconSlot() -> some View {
        font(.system(size: IOSMetrics.tabItemSymbolPointSize, weight: .medium))
            .imageScale(IOSMetrics.tabItemSymbolScale)
            .frame(width: IOSMetrics.tabIconSize.width, height: IOSMetrics.tabIconSize.height)
    }
}

/// The layout of the context a label is in: in a list row, the row's icon column
/// (``ListRowLabel``); in a tab item, the icon above the title; in a toolbar, the icon alone unless
/// the style is `titleAndIcon` (Apple: "some containers might apply a different default label
/// style to their content, such as only showing icons within toolbars on macOS and iOS. To opt in
/// to showing both the title and the icon, you can apply the title and icon label style");
/// elsewhere the icon, then the title.
private struct ContextualLabel: View {
    @Environment(\.labelContext) private var context
    let configuration: LabelStyleConfiguration
    let isTitleAndIcon: Bool

    var body: some View {
        switch context {
        case .listRow: ListRowLabel(configuration: configuration)
        case .tabItem: TabItemLabel(configuration: configuration)
        case .toolbar:
            if isTitleAndIcon {
                IconThenTitle(configuration: configuration)
            } else {
                configuration.icon
            }
        case nil: IconThenTitle(configuration: configuration)
        }
    }
}

/// The style of the context: the title and icon as the container lays them out (a list row's
/// column, a tab item's stack), the icon alone in toolbars, else the icon then the title.
public struct DefaultLabelStyle: LabelStyle {
    /// The platform's label style (title and icon in a list, icon first).
    public init() {}
    /// The title and the icon, as the context shows them.
    public func makeBody(configuration: Configuration) -> some View {
        ContextualLabel(configuration: configuration, isTitleAndIcon: false)
    }
}

/// The title and the icon, in the system-standard layout of the context (a list row's column, a tab
/// item's stack), the icon first; in toolbars too, where the automatic style shows the icon alone.
public struct TitleAndIconLabelStyle: LabelStyle {
    /// The title and the icon.
    public init() {}
    /// The icon, then the title.
    public func makeBody(configuration: Configuration) -> some View {
        ContextualLabel(configuration: configuration, isTitleAndIcon: true)
    }
}

/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
    /// The title alone.
    public init() {}
    /// The title alone.
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// The icon alone.
public struct IconOnlyLabelStyle: LabelStyle {
    /// The icon alone.
    public init() {}
    /// The icon alone.
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

extension LabelStyle where Self == DefaultLabelStyle {
    /// The style of the context (``DefaultLabelStyle``).
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// The title and the icon, in the context's layout.
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// The title alone.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    /// The icon alone.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

// MARK: - Buttons labelled with a title and a symbol

extension Button where Label == Controls.Label<Text, Image> {
    /// A button labelled with `Text(titleKey)` and a system symbol (iOS 17): a ``Label``, so a toolbar
    /// shows its icon and a list row its icon column.
    /// Source: https://developer.apple.com/documentation/swiftui/button/init(_:systemimage:action:)
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping () -> Void,
                fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(action: action) { Controls.Label(titleKey, systemImage: systemImage, fileID: fileID, line: line) }
    }

    /// A button labelled with the string as written and a system symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void,
                                   fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(action: action) { Controls.Label(title, systemImage: systemImage, fileID: fileID, line: line) }
    }

    /// A button with a role, labelled with `Text(titleKey)` and a system symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?, action: @escaping () -> Void,
                fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(role: role, action: action) { Controls.Label(titleKey, systemImage: systemImage, fileID: fileID, line: line) }
    }

    /// A button with a role, labelled with the string as written and a system symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, role: ButtonRole?, action: @escaping () -> Void,
                                   fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(role: role, action: action) { Controls.Label(title, systemImage: systemImage, fileID: fileID, line: line) }
    }
}
