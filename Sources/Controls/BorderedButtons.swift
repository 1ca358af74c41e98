import Foundation
import LayoutCore
import TextLayout

// `.bordered` and `.borderedProminent`: the label padded by the control size's insets
// (`IOSMetrics.borderedButton`, approximations: Apple publishes none) on a shape filled with the tint
// at 15 % (bordered, label in the tint) or with the tint (prominent, label white). The shape is
// `buttonBorderShape(_:)`'s: `.automatic` a rounded rectangle of the control size's radius.

/// The shape of bordered buttons: ``automatic``, ``capsule``, ``circle``, ``roundedRectangle`` (the
/// control size's radius) or ``roundedRectangle(radius:)``.
public struct ButtonBorderShape: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case automatic, capsule, circle, rounded(CGFloat?) }
    let kind: Kind
    /// The platform's shape (a capsule on iOS).
    public static let automatic = ButtonBorderShape(kind: .automatic)
    /// A capsule.
    public static let capsule = ButtonBorderShape(kind: .capsule)
    /// A circle.
    public static let circle = ButtonBorderShape(kind: .circle)
    /// A rounded rectangle with the platform's radius.
    public static let roundedRectangle = ButtonBorderShape(kind: .rounded(nil))
    /// A rounded rectangle with corners of `radius` points.
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(kind: .rounded(radius)) }
}

private struct ButtonBorderShapeKey: EnvironmentKey { static let defaultValue = ButtonBorderShape.automatic }

extension EnvironmentValues {
    var buttonBorderShape: ButtonBorderShape {
        get { self[ButtonBorderShapeKey.self] }
        set { self[ButtonBorderShapeKey.self] = newValue }
    }
}

extension View {
    /// Sets the shape of bordered buttons inside.
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View {
        environment(\.buttonBorderShape, shape)
    }
}

/// A button with a light fill of the tint behind its tinted label.
public struct BorderedButtonStyle: ButtonStyle {
    /// A button on a tinted, translucent background.
    public init() {}
    /// The label on a tinted, translucent background.
    public func makeBody(configuration: Configuration) -> some View {
        BorderedButtonBody(label: configuration.label, prominent: false, destructive: configuration.role == .destructive)
    }
}

/// A button filled with the tint, its label white.
public struct BorderedProminentButtonStyle: ButtonStyle {
    /// A button on a background of the tint, its label white.
    public init() {}
    /// The label in white on the tint.
    public func makeBody(configuration: Configuration) -> some View {
        BorderedButtonBody(label: configuration.label, prominent: true, destructive: configuration.role == .destructive)
    }
}

extension ButtonStyle where Self == BorderedButtonStyle {
    /// ``BorderedButtonStyle``.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension ButtonStyle where Self == BorderedProminentButtonStyle {
    /// ``BorderedProminentButtonStyle``.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

/// Either bordered style (for `ButtonToggleStyle`).
struct AnyBorderedStyle: ButtonStyle {
    let prominent: Bool
    func makeBody(configuration: Configuration) -> some View {
        BorderedButtonBody(label: configuration.label, prominent: prominent, destructive: configuration.role == .destructive)
    }
}

/// The bordered body: padded label on the filled shape.
struct BorderedButtonBody<Label: View>: View {
    @Environment(\.controlSize) private var controlSize
    @Environment(\.buttonBorderShape) private var shape
    let label: Label
    let prominent: Bool
    let destructive: Bool

    var body: some View {
        let insets = IOSMetrics.borderedButton(controlSize)
        let tint: AnyShapeStyle = destructive ? AnyShapeStyle(Color.red) : AnyShapeStyle(.tint)
        let override = font
        let padded = label
            .transformEnvironment(\.font) { if let override { $0 = override } }
            .foregroundStyle(prominent ? AnyShapeStyle(Color.white) : tint)
            .padding(.vertical, insets.vertical)
            .padding(.horizontal, insets.horizontal)
        let fill: AnyShapeStyle = prominent ? tint : AnyShapeStyle(destructive ? Color.red.opacity(IOSMetrics.borderedFillOpacity)
                                                                               : Color.accentColor.opacity(IOSMetrics.borderedFillOpacity))
        switch shape.kind {
        case .capsule: padded.background { Capsule().fill(fill) }
        case .circle: padded.background { Circle().fill(fill) }
        case .automatic: padded.background { RoundedRectangle(cornerRadius: insets.radius, style: .continuous).fill(fill) }
        case .rounded(let radius): padded.background { RoundedRectangle(cornerRadius: radius ?? insets.radius, style: .continuous).fill(fill) }
        }
    }

    /// The label's text style: `.subheadline` for small controls, `.footnote` for mini ones, else the
    /// environment's (an approximation of UIButton.Configuration's title sizes).
    private var font: Font? {
        switch controlSize {
        case .mini: .footnote
        case .small: .subheadline
        default: nil
        }
    }
}
