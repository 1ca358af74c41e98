import Foundation

// SwiftUI's `Button` and `ButtonStyle`, for layout. A button is laid out as its style makes it:
// the built-in styles TextFit offers (`automatic`, `plain`, `borderless`) are the label as it is,
// which is what SwiftUI's are on iOS outside lists and toolbars (`automatic` resolves to
// `borderless` there: "a button style that doesn't apply a border"); a custom `ButtonStyle` (a tag
// chip's padding and capsule) is applied as written, never pressed. The action never runs.
// `bordered` and `borderedProminent` live in the Controls module (BorderedButtons.swift), with the
// control sizes' insets as data among iOS's metrics.

/// A control that runs an action when tapped: laid out as its style makes its label (the action
/// never runs here).
public struct Button<Label: View>: View {
    let role: ButtonRole?
    let label: Label

    /// A button showing `label`.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    /// A button with a role (a destructive one is drawn red by the built-in styles).
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.role = role
        self.label = label()
    }

    public var body: some View {
        StyledButton(label: AnyView(label), role: role)
    }
}

/// A button's label through the environment's style (`buttonStyle(_:)`).
private struct StyledButton: View {
    @Environment(\.buttonStyle) private var style
    let label: AnyView
    let role: ButtonRole?

    var body: some View {
        style.makeBody(ButtonStyleConfiguration(label: .init(view: label), isPressed: false, role: role))
    }
}

/// What a button is for: a destructive or cancelling action.
public struct ButtonRole: Sendable, Equatable {
    let name: String
    /// An action that deletes data (red).
    public static let destructive = ButtonRole(name: "destructive")
    /// An action that cancels (in dialogs, set apart).
    public static let cancel = ButtonRole(name: "cancel")
}

/// How buttons inside look: `makeBody` gets the label and whether the button is pressed (never, here).
public protocol ButtonStyle: Sendable {
    /// The view the style makes.
    associatedtype Body: View
    /// The button's parts: its label, role and whether it is pressed.
    typealias Configuration = ButtonStyleConfiguration
    /// The button drawn in this style.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``ButtonStyle`` styles.
public struct ButtonStyleConfiguration {
    /// The button's label, as a view.
    public struct Label: View {
        let view: AnyView
        public var body: some View { view }
    }
    /// The label the button was made with.
    public let label: Label
    /// Whether the button is pressed: always `false` (nothing is tapped).
    public let isPressed: Bool
    /// The button's role.
    public let role: ButtonRole?
}

/// A button style with its type erased, as the environment keeps it.
struct AnyButtonStyle: Sendable {
    let makeBody: @Sendable (ButtonStyleConfiguration) -> AnyView
    init<S: ButtonStyle>(_ style: S) {
        makeBody = { AnyView(style.makeBody(configuration: $0)) }
    }
}

private struct ButtonStyleKey: EnvironmentKey {
    static let defaultValue = AnyButtonStyle(DefaultButtonStyle())
}

extension EnvironmentValues {
    var buttonStyle: AnyButtonStyle {
        get { self[ButtonStyleKey.self] }
        set { self[ButtonStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of the buttons inside.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environment(\.buttonStyle, AnyButtonStyle(style))
    }
}

/// The label in the tint (`tint(_:)`, else the accent colour), red for a destructive role: how SwiftUI's borderless
/// buttons draw on iOS. Layout: the label's.
private func tinted(_ configuration: ButtonStyleConfiguration) -> some View {
    configuration.label.foregroundStyle(configuration.role == .destructive ? AnyShapeStyle(Color.red) : AnyShapeStyle(.tint))
}

/// The default style: on iOS outside lists and toolbars, ``BorderlessButtonStyle``.
public struct DefaultButtonStyle: ButtonStyle {
    /// The platform's button style (borderless on iOS).
    public init() {}
    /// The label, tinted.
    public func makeBody(configuration: Configuration) -> some View { tinted(configuration) }
}

/// No border, the label in the tint.
public struct BorderlessButtonStyle: ButtonStyle {
    /// A button with no border: the label, tinted.
    public init() {}
    /// The label, tinted.
    public func makeBody(configuration: Configuration) -> some View { tinted(configuration) }
}

/// The label as it is, untinted.
public struct PlainButtonStyle: ButtonStyle {
    /// A button that is its label, as it is.
    public init() {}
    /// The label, as it is.
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

extension ButtonStyle where Self == DefaultButtonStyle {
    /// The default style (``DefaultButtonStyle``).
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension ButtonStyle where Self == BorderlessButtonStyle {
    /// No border, the label in the tint.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension ButtonStyle where Self == PlainButtonStyle {
    /// The label as it is.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
