import Foundation
import LayoutCore
import Layouts
import TextLayout

// Stepper, Slider and ProgressView: fixed or stretching controls beside or below their labels
// (sizes in IOSMetrics). The value is drawn (a slider's thumb, a progress bar's fill); nothing moves.

/// A control with − and + buttons: its label, then UIStepper's 94 × 32 pt control.
///
/// Fills the width it is offered, as a toggle does: the label wraps in what the control and the 8-pt
/// space leave. With ``View/labelsHidden()``, the control alone.
public struct Stepper<Label: View>: View {
    let label: Label

    /// A stepper changing `value` by `step` within `bounds` (the value is not shown unless the label shows it).
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    /// A stepper changing `value` by `step`.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    /// A stepper running `onIncrement` and `onDecrement` (never, here).
    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = label()
    }

    public var body: some View {
        LabeledControl(label: label) { StepperControl() }
    }
}

extension Stepper where Label == Text {
    /// A stepper labelled `Text(titleKey)`.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = Text(titleKey)
    }

    /// A stepper labelled `Text(titleKey)`, without bounds.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = Text(titleKey)
    }

    /// A stepper labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = Text(title)
    }

    /// A stepper labelled `Text(titleKey)` running `onIncrement` and `onDecrement` (never, here).
    public init(_ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = Text(titleKey)
    }
}

/// UIStepper's control: a rounded rectangle split in two, − and +.
struct StepperControl: View {
    var body: some View {
        let size = IOSMetrics.stepperSize
        HStack(spacing: 0) {
            Rectangle().fill(Color.primary).frame(width: 14, height: 2).frame(maxWidth: .infinity, maxHeight: .infinity)
            Rectangle().fill(IOSMetrics.separatorColor).frame(width: 1, height: size.height / 2)
            ZStack {
                Rectangle().fill(Color.primary).frame(width: 14, height: 2)
                Rectangle().fill(Color.primary).frame(width: 2, height: 14)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
        .frame(width: size.width, height: size.height)
        .background { RoundedRectangle(cornerRadius: 8, style: .continuous).fill(IOSMetrics.fillColor) }
    }
}

/// A control that picks a value in a range by dragging: a track filling the width it is offered,
/// 31 pt high (`IOSMetrics.sliderHeight`), with the thumb at the value; the minimum and maximum value
/// labels beside it when given. The label is not shown (on iOS it names the slider for accessibility).
public struct Slider<Label: View, ValueLabel: View>: View {
    let fraction: Double
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?

    public var body: some View {
        HStack(spacing: IOSMetrics.labelControlSpacing) {
            minimumValueLabel
            SliderTrack(fraction: fraction)
            maximumValueLabel
        }
    }
}

/// Where `value` lies in `bounds`, 0…1 (0 for an empty or non-finite range).
private func sliderFraction<V: BinaryFloatingPoint>(_ value: V, _ bounds: ClosedRange<V>) -> Double {
    let span = Double(bounds.upperBound - bounds.lowerBound)
    guard span > 0, span.isFinite else { return 0 }
    let result = Double(value - bounds.lowerBound) / span
    return result.isFinite ? min(1, max(0, result)) : 0
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    /// A slider of `value` in `bounds`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), minimumValueLabel: nil, maximumValueLabel: nil)
    }

    /// A slider of `value` in `bounds` in steps of `step`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

extension Slider where ValueLabel == EmptyView {
    /// A slider with a label (not shown).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), minimumValueLabel: nil, maximumValueLabel: nil)
    }

    /// A slider with a step and a label (not shown).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

extension Slider {
    /// A slider with a label (not shown) and its minimum and maximum value labels beside the track.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
    }

    /// A slider with a step, a label (not shown) and minimum and maximum value labels.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride, @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fraction: sliderFraction(value.wrappedValue, bounds), minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
    }
}

/// The slider's track and thumb, filling the width, `IOSMetrics.sliderHeight` high.
private struct SliderTrack: View {
    let fraction: Double

    var body: some View {
        SliderTrackLayout(fraction: fraction) {
            Capsule().fill(IOSMetrics.fillColor.opacity(2))
            Capsule().fill(.tint)
            Circle().fill(Color.white).overlay { Circle().strokeBorder(IOSMetrics.separatorColor, lineWidth: 0.5) }
        }
    }
}

/// [track, filled part, thumb]: fills the proposed width (a `nil` width: the thumb's), the thumb
/// centred at `fraction` of the travel, the track `IOSMetrics.sliderTrackHeight` high through its centre.
private struct SliderTrackLayout: Layout {
    let fraction: Double

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? IOSMetrics.sliderThumbDiameter
        return CGSize(width: max(width, IOSMetrics.sliderThumbDiameter), height: IOSMetrics.sliderHeight)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let thumb = IOSMetrics.sliderThumbDiameter, track = IOSMetrics.sliderTrackHeight
        let travel = max(0, bounds.width - thumb)
        let thumbX = bounds.minX + travel * CGFloat(fraction)
        let trackY = bounds.midY - track / 2
        subviews[0].place(at: CGPoint(x: bounds.minX, y: trackY), proposal: ProposedViewSize(width: bounds.width, height: track))
        subviews[1].place(at: CGPoint(x: bounds.minX, y: trackY), proposal: ProposedViewSize(width: thumbX - bounds.minX + thumb / 2, height: track))
        subviews[2].place(at: CGPoint(x: thumbX, y: bounds.midY - thumb / 2), proposal: ProposedViewSize(width: thumb, height: thumb))
    }
}

// MARK: - ProgressView

/// Progress: a linear bar when given a value (its label above, its current value label below), a
/// circular activity indicator otherwise (its label below, secondary).
///
/// The bar fills the width it is offered and is `IOSMetrics.progressBarHeight` high; the indicator is
/// UIActivityIndicatorView's 20 × 20 pt. ``View/progressViewStyle(_:)`` takes `.linear` and `.circular`.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    @Environment(\.progressViewStyle) private var style
    let fraction: Double?
    let label: Label?
    let currentValueLabel: CurrentValueLabel?

    public var body: some View {
        if let fraction, style != .circular {
            VStack(alignment: .leading, spacing: IOSMetrics.progressLabelSpacing) {
                label
                ProgressBar(fraction: fraction)
                currentValueLabel.font(.footnote).foregroundStyle(.secondary)
            }
        } else {
            VStack(spacing: IOSMetrics.progressLabelSpacing) {
                ActivityIndicator()
                label.foregroundStyle(.secondary)
            }
        }
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// An activity indicator.
    public init() { self.init(fraction: nil, label: nil, currentValueLabel: nil) }

    /// A bar at `value` of `total` (an indicator when `value` is `nil`).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(fraction: value.map { progressFraction(Double($0), Double(total)) }, label: nil, currentValueLabel: nil)
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// An activity indicator with a label below it.
    public init(@ViewBuilder label: () -> Label) { self.init(fraction: nil, label: label(), currentValueLabel: nil) }

    /// A bar at `value` of `total` with a label above it.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(fraction: value.map { progressFraction(Double($0), Double(total)) }, label: label(), currentValueLabel: nil)
    }
}

extension ProgressView {
    /// A bar at `value` of `total` with a label above it and a current value label below it.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(fraction: value.map { progressFraction(Double($0), Double(total)) }, label: label(), currentValueLabel: currentValueLabel())
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// An activity indicator labelled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey) { self.init(fraction: nil, label: Text(titleKey), currentValueLabel: nil) }

    /// A bar labelled `Text(titleKey)`.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        self.init(fraction: value.map { progressFraction(Double($0), Double(total)) }, label: Text(titleKey), currentValueLabel: nil)
    }

    /// A bar labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(fraction: value.map { progressFraction(Double($0), Double(total)) }, label: Text(title), currentValueLabel: nil)
    }
}

/// `value ÷ total`, clamped to 0…1 (0 for a total that is not positive and finite).
private func progressFraction(_ value: Double, _ total: Double) -> Double {
    guard total > 0, total.isFinite, value.isFinite else { return 0 }
    return min(1, max(0, value / total))
}

/// The linear bar: a track filling the width, the tint's part from the leading edge.
private struct ProgressBar: View {
    let fraction: Double
    var body: some View {
        Capsule().fill(IOSMetrics.fillColor.opacity(2))
            .frame(height: IOSMetrics.progressBarHeight)
            .overlay(alignment: .leading) {
                GeometryReader { proxy in
                    Capsule().fill(.tint).frame(width: proxy.size.width * CGFloat(fraction))
                }
            }
    }
}

/// The activity indicator: twelve spokes in a 20-pt circle.
private struct ActivityIndicator: View {
    var body: some View {
        let size = IOSMetrics.activityIndicatorSize
        SpokesShape().stroke(Color.gray, lineWidth: 2).frame(width: size, height: size)
    }
}

private struct SpokesShape: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        let center = CGPoint(x: rect.midX, y: rect.midY), outer = min(rect.width, rect.height) / 2
        for index in 0..<8 {
            let angle = Double(index) * .pi / 4
            path.move(to: CGPoint(x: center.x + outer * 0.45 * cos(angle), y: center.y + outer * 0.45 * sin(angle)))
            path.addLine(to: CGPoint(x: center.x + outer * cos(angle), y: center.y + outer * sin(angle)))
        }
        return path
    }
}

/// How progress views inside look: ``automatic`` (a bar with a value, an indicator without),
/// ``linear`` or ``circular``.
public protocol ProgressViewStyle: Sendable {}

enum ProgressStyleKind: Sendable, Hashable { case automatic, linear, circular }

protocol KindedProgressViewStyle: ProgressViewStyle { var kind: ProgressStyleKind { get } }

/// The platform's progress view style.
public struct DefaultProgressViewStyle: KindedProgressViewStyle {
    /// The platform's progress view style.
    public init() {}
    var kind: ProgressStyleKind { .automatic }
}
/// A bar.
public struct LinearProgressViewStyle: KindedProgressViewStyle {
    /// A bar.
    public init() {}
    var kind: ProgressStyleKind { .linear }
}
/// A spinner.
public struct CircularProgressViewStyle: KindedProgressViewStyle {
    /// A spinner.
    public init() {}
    var kind: ProgressStyleKind { .circular }
}

/// The platform's progress view style.
extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    /// The platform's progress view style.
    public static var automatic: DefaultProgressViewStyle { .init() }
}
/// A bar.
extension ProgressViewStyle where Self == LinearProgressViewStyle {
    /// A bar.
    public static var linear: LinearProgressViewStyle { .init() }
}
/// A spinner.
extension ProgressViewStyle where Self == CircularProgressViewStyle {
    /// A spinner.
    public static var circular: CircularProgressViewStyle { .init() }
}

private struct ProgressStyleKey: EnvironmentKey { static let defaultValue = ProgressStyleKind.automatic }

extension EnvironmentValues {
    var progressViewStyle: ProgressStyleKind {
        get { self[ProgressStyleKey.self] }
        set { self[ProgressStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of progress views inside.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        environment(\.progressViewStyle, (style as? any KindedProgressViewStyle)?.kind ?? .automatic)
    }
}
