import Foundation
import LayoutCore
import Layouts
import TextLayout

// Toggle and LabeledContent: a label on the leading side and a control or value on the trailing side,
// filling the width they are offered. The toggle's switch is UISwitch's 51 × 31 pt at every Dynamic
// Type size, so a long or enlarged label wraps beside it (OpenSwiftUI's `SwitchToggleStyle` is a
// `LabeledContent` of the label and the fixed-size switch).

/// A control that turns an option on or off: its label, then a switch (`IOSMetrics.switchSize`).
///
/// Fills the width it is offered: the label is offered what the switch and the 8-pt space beside it
/// leave, and wraps there; the row is as tall as the taller of the two, the switch centred. With
/// ``View/labelsHidden()`` the switch alone. ``View/toggleStyle(_:)`` takes `.switch`, `.button`
/// and styles of your own.
public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label

    /// A toggle showing `label`.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public var body: some View {
        StyledToggle(configuration: ToggleStyleConfiguration(label: .init(view: AnyView(label)), isOn: isOn))
    }
}

extension Toggle where Label == Text {
    /// A toggle labelled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(isOn: isOn) { Text(titleKey, fileID: fileID, line: line) }
    }

    /// A toggle labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// What a ``ToggleStyle`` styles.
public struct ToggleStyleConfiguration {
    /// The toggle's label, as a view.
    public struct Label: View {
        let view: AnyView
        public var body: some View { view }
    }
    /// The label the toggle was made with.
    public let label: Label
    /// Whether the toggle is on (`$isOn`: a binding to it).
    @Binding public var isOn: Bool

    init(label: Label, isOn: Binding<Bool>) {
        self.label = label
        _isOn = isOn
    }
}

/// How toggles inside look: `makeBody` gets the label and the state.
public protocol ToggleStyle: Sendable {
    /// The view the style makes.
    associatedtype Body: View
    /// The toggle's parts: its label and whether it is on.
    typealias Configuration = ToggleStyleConfiguration
    /// The toggle drawn in this style.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// A toggle style with its type erased, as the environment keeps it.
struct AnyToggleStyle: Sendable {
    let makeBody: @Sendable (ToggleStyleConfiguration) -> AnyView
    init<S: ToggleStyle>(_ style: S) { makeBody = { AnyView(style.makeBody(configuration: $0)) } }
}

private struct ToggleStyleKey: EnvironmentKey { static let defaultValue = AnyToggleStyle(SwitchToggleStyle()) }

extension EnvironmentValues {
    var toggleStyle: AnyToggleStyle {
        get { self[ToggleStyleKey.self] }
        set { self[ToggleStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of toggles inside.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        environment(\.toggleStyle, AnyToggleStyle(style))
    }
}

private struct StyledToggle: View {
    @Environment(\.toggleStyle) private var style
    let configuration: ToggleStyleConfiguration
    var body: some View { style.makeBody(configuration) }
}

/// iOS's toggle: the label, then the switch.
public struct SwitchToggleStyle: ToggleStyle {
    /// An iOS switch.
    public init() {}

    /// The label, then a switch at the trailing end.
    public func makeBody(configuration: Configuration) -> some View {
        LabeledControl(label: configuration.label) { SwitchView(isOn: configuration.isOn) }
    }
}

/// The default style, ``SwitchToggleStyle`` on iOS.
public struct DefaultToggleStyle: ToggleStyle {
    /// The platform's style: a switch on iOS.
    public init() {}
    /// A switch.
    public func makeBody(configuration: Configuration) -> some View { SwitchToggleStyle().makeBody(configuration: configuration) }
}

/// A toggle drawn as a bordered button: its label, tinted, with the tint's fill when on.
public struct ButtonToggleStyle: ToggleStyle {
    /// A button that shows whether it is on.
    public init() {}

    /// The label as a button, tinted when on.
    public func makeBody(configuration: Configuration) -> some View {
        Button(action: {}) { configuration.label }
            .buttonStyle(configuration.isOn ? AnyBorderedStyle(prominent: true) : AnyBorderedStyle(prominent: false))
    }
}

extension ToggleStyle where Self == DefaultToggleStyle {
    /// The platform's style: a switch on iOS.
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    /// A switch.
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}

extension ToggleStyle where Self == ButtonToggleStyle {
    /// A button.
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}

/// The switch: a capsule, green when on, with a white thumb at the end it is turned to.
struct SwitchView: View {
    let isOn: Bool

    var body: some View {
        let size = IOSMetrics.switchSize
        let thumb = size.height - 4
        ZStack(alignment: isOn ? .trailing : .leading) {
            Capsule().fill(isOn ? Color.green : IOSMetrics.fillColor.opacity(1.6))
            Circle().fill(Color.white)
                .overlay { Circle().strokeBorder(IOSMetrics.separatorColor, lineWidth: 0.5) }
                .frame(width: thumb, height: thumb)
                .padding(2)
        }
        .frame(width: size.width, height: size.height)
    }
}

/// A label on the leading side, filling what the fixed-size control on the trailing side leaves,
/// `IOSMetrics.labelControlSpacing` apart, both centred vertically; the control alone when labels are
/// hidden. In a list row the control may reach into the row's top and bottom insets (11 pt each), as
/// UIKit centres a cell's accessory in the row its text sets: a switch row is a body line plus 22 pt,
/// like a text row, not the switch's 31 plus 22 (an approximation: `LabeledControlLayout`).
struct LabeledControl<Label: View, Control: View>: View {
    @Environment(\.labelsHidden) private var labelsHidden
    @Environment(\.listContext) private var listContext
    let label: Label
    @ViewBuilder let control: () -> Control

    var body: some View {
        if labelsHidden {
            control()
        } else {
            LabeledControlLayout(allowance: listContext == nil ? 0 : IOSMetrics.rowVerticalInset) {
                HStack(spacing: 0) { label }.frame(maxWidth: .infinity, alignment: .leading)
                HStack(spacing: IOSMetrics.labelControlSpacing) { control() }.fixedSize()
                    .environment(\.labelContext, nil)
            }
        }
    }
}

/// [label, control]: the control at its ideal size on the trailing side, the label offered the rest
/// (less the spacing); as high as the label, or as the control less `allowance` above and below,
/// whichever is more; both centred vertically (the control may overhang by up to `allowance`).
struct LabeledControlLayout: Layout {
    let allowance: CGFloat

    private func measure(_ width: CGFloat?, _ subviews: Subviews) -> (label: CGSize, control: CGSize, labelProposal: ProposedViewSize) {
        let control = subviews[1].sizeThatFits(.unspecified)
        let labelProposal = ProposedViewSize(width: width.map { max(0, $0 - control.width - IOSMetrics.labelControlSpacing) }, height: nil)
        return (subviews[0].sizeThatFits(labelProposal), control, labelProposal)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let m = measure(proposal.width, subviews)
        return CGSize(width: proposal.width ?? m.label.width + IOSMetrics.labelControlSpacing + m.control.width,
                      height: max(m.label.height, m.control.height - 2 * allowance))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let m = measure(bounds.width, subviews)
        subviews[0].place(at: CGPoint(x: bounds.minX, y: bounds.midY - m.label.height / 2), proposal: m.labelProposal)
        subviews[1].place(at: CGPoint(x: bounds.maxX - m.control.width, y: bounds.midY - m.control.height / 2), proposal: .unspecified)
    }
}

// MARK: - LabeledContent

/// A label and a value: the label on the leading side, the value on the trailing side in the
/// secondary colour, as iOS shows them in a form row.
///
/// The two share the width as an `HStack` shares it between two texts (each wraps when both do not
/// fit), `IOSMetrics.labelControlSpacing` apart, aligned on their first baselines; the value is
/// trailing-aligned. With ``View/labelsHidden()``, the value alone.
public struct LabeledContent<Label: View, Content: View>: View {
    @Environment(\.labelsHidden) private var labelsHidden
    let label: Label
    let content: Content

    /// A value (`content`) with a label.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        if labelsHidden {
            content
        } else {
            HStack(alignment: .firstTextBaseline, spacing: IOSMetrics.labelControlSpacing) {
                label.frame(maxWidth: .infinity, alignment: .leading)
                content.foregroundStyle(.secondary).multilineTextAlignment(.trailing)
                    .environment(\.labelContext, nil)
            }
        }
    }
}

extension LabeledContent where Label == Text {
    /// A value labelled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A value labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A string value labelled `Text(titleKey)`.
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(content: { Text(value) }, label: { Text(titleKey, fileID: fileID, line: line) })
    }

    /// A string value labelled with the string as written.
    @_disfavoredOverload
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }

    /// A value written by `format` in the environment's locale, labelled `Text(titleKey)`.
    public init<F: FormatStyle & Sendable>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F)
    where F.FormatInput: Equatable & Sendable, F.FormatOutput == String {
        self.init(content: { Text(value, format: format) }, label: { Text(titleKey) })
    }
}
