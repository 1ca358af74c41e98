import Foundation

// SwiftUI's `Label`: a title and an icon, laid out by the environment's `LabelStyle`. The built-in
// styles: `titleAndIcon` (and `automatic`, which is it outside lists and toolbars) puts the icon
// before the title in an `HStack`, centred, with the HStack's own spacing unless
// `labelIconToTitleSpacing(_:)` sets one (IOSMetrics.swift: approximations); `titleOnly` and
// `iconOnly` show one of them. A custom style gets the title and the icon as separate views
// (`configuration.title`, `configuration.icon`).
//
// Lists line label icons up in a column. A list (or any container) does that through the
// environment, as SwiftUI's iOS 26 API spells it: `labelReservedIconWidth(_:)` frames every icon
// of the title-and-icon style to that width, centred, so titles start at one x.

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
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    /// A label titled with a string as it is and a system symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// A label titled with a localized key and an image from the asset catalogs.
    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(name) })
    }

    /// A label titled with a string as it is and an image from the asset catalogs.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
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

/// How labels inside look: `makeBody` gets the title and the icon as views.
/// Source: https://developer.apple.com/documentation/swiftui/labelstyle
public protocol LabelStyle: Sendable {
    associatedtype Body: View
    typealias Configuration = LabelStyleConfiguration
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

/// The style of the context: on iOS outside lists and toolbars, ``TitleAndIconLabelStyle``.
public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { IconThenTitle(configuration: configuration) }
}

/// The icon before the title.
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { IconThenTitle(configuration: configuration) }
}

/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// The icon alone.
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

extension LabelStyle where Self == DefaultLabelStyle {
    /// The style of the context (``DefaultLabelStyle``).
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// The icon before the title.
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
