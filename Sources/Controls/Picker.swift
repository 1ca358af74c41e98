import Foundation
import LayoutCore
import Layouts
import TextLayout

// Picker and tags. A picker shows its selected option, found by tag (`tag(_:)`, or the identifier a
// `ForEach` gives each view, as SwiftUI uses it when no tag is set), in its style's layout:
// - `menu` (iOS's automatic style): in a list, the label, then the selected option in the secondary
//   colour and up-and-down chevrons; elsewhere a button showing the selected option, in the tint;
// - `segmented`: every option in equal segments across the width, one line each (cut with "…");
// - `inline`: in a list each option is a row, the selected one with a checkmark; elsewhere a column;
// - `navigationLink`: the label, the selected option (secondary) and a disclosure chevron;
// - `wheel`: the selected option centred in UIPickerView's 216-pt-high frame (an approximation).

/// A control that picks one of its options: laid out in its ``PickerStyle``, showing the selected one.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    /// A picker of the options `content` builds, showing `label`.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        PickerElements(label: label, content: content, selectionKeys: selectionKeys(selection.wrappedValue))
    }
}

extension Picker where Label == Text {
    /// A picker labelled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(selection: selection, content: content) { Text(titleKey, fileID: fileID, line: line) }
    }

    /// A picker labelled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

/// How a value is matched against tags and `ForEach` identifiers.
func selectionKeys(_ value: some Hashable) -> Set<String> {
    [String(reflecting: value), String(describing: value)]
}

// MARK: - Styles

/// How pickers inside look.
public protocol PickerStyle: Sendable {}

enum PickerStyleKind: Sendable, Hashable { case automatic, menu, segmented, inline, navigationLink, wheel }

protocol KindedPickerStyle: PickerStyle { var kind: PickerStyleKind { get } }

/// The platform's picker style: a menu on iOS.
public struct DefaultPickerStyle: KindedPickerStyle {
    /// The platform's picker style: a menu on iOS.
    public init() {}
    var kind: PickerStyleKind { .automatic }
}
/// A menu that opens from a button showing the selection.
public struct MenuPickerStyle: KindedPickerStyle {
    /// A menu that opens from a button showing the selection.
    public init() {}
    var kind: PickerStyleKind { .menu }
}
/// A row of segments, one per option.
public struct SegmentedPickerStyle: KindedPickerStyle {
    /// A row of segments, one per option.
    public init() {}
    var kind: PickerStyleKind { .segmented }
}
/// The options inline, as rows of the list they are in.
public struct InlinePickerStyle: KindedPickerStyle {
    /// The options inline, as rows of the list they are in.
    public init() {}
    var kind: PickerStyleKind { .inline }
}
/// A row that opens a list of the options.
public struct NavigationLinkPickerStyle: KindedPickerStyle {
    /// A row that opens a list of the options.
    public init() {}
    var kind: PickerStyleKind { .navigationLink }
}
/// A scrolling wheel of options.
public struct WheelPickerStyle: KindedPickerStyle {
    /// A scrolling wheel of options.
    public init() {}
    var kind: PickerStyleKind { .wheel }
}
/// A row of options (iOS 17 palette): laid out as `segmented`.
public struct PalettePickerStyle: KindedPickerStyle {
    /// A row of options, laid out as `segmented`.
    public init() {}
    var kind: PickerStyleKind { .segmented }
}

extension PickerStyle where Self == DefaultPickerStyle {
    /// The platform's picker style: a menu on iOS.
    public static var automatic: DefaultPickerStyle { .init() }
}
extension PickerStyle where Self == MenuPickerStyle {
    /// A menu that opens from a button showing the selection.
    public static var menu: MenuPickerStyle { .init() }
}
extension PickerStyle where Self == SegmentedPickerStyle {
    /// A row of segments, one per option.
    public static var segmented: SegmentedPickerStyle { .init() }
}
extension PickerStyle where Self == InlinePickerStyle {
    /// The options inline, as rows of the list they are in.
    public static var inline: InlinePickerStyle { .init() }
}
extension PickerStyle where Self == NavigationLinkPickerStyle {
    /// A row that opens a list of the options.
    public static var navigationLink: NavigationLinkPickerStyle { .init() }
}
extension PickerStyle where Self == WheelPickerStyle {
    /// A scrolling wheel of options.
    public static var wheel: WheelPickerStyle { .init() }
}
extension PickerStyle where Self == PalettePickerStyle {
    /// A row of options (iOS 17 palette), laid out as `segmented`.
    public static var palette: PalettePickerStyle { .init() }
}

private struct PickerStyleKey: EnvironmentKey { static let defaultValue = PickerStyleKind.automatic }

extension EnvironmentValues {
    var pickerStyle: PickerStyleKind {
        get { self[PickerStyleKey.self] }
        set { self[PickerStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of pickers inside.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        environment(\.pickerStyle, (style as? any KindedPickerStyle)?.kind ?? .automatic)
    }
}

// MARK: - Tags

extension View {
    /// Tags this view with `tag`: a picker shows the option whose tag is its selection, a `TabView`
    /// the tab whose tag is its selection. Layout is unchanged.
    public func tag<V: Hashable>(_ tag: V) -> some View {
        TagWriter(content: self, key: String(reflecting: tag), alsoKey: String(describing: tag))
    }

    /// Tags this view (`includeOptional` accepted).
    public func tag<V: Hashable>(_ tag: V, includeOptional: Bool) -> some View { self.tag(tag) }
}

private struct TagWriter<Content: View>: PrimitiveView {
    let content: Content
    let key: String
    let alsoKey: String

    func appendElements(to list: inout [AnyElement]) {
        for element in content.elements {
            list.append(AnyElement(layout: TagCarrier(keys: [key, alsoKey]), children: [element]))
        }
    }
}

/// A tagged view: lays out as its one child. Pickers and tab views take it apart.
struct TagCarrier: Layout {
    let keys: Set<String>

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews[0].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews[0].place(at: bounds.origin, proposal: proposal)
    }
}

/// An option (or tab) and the keys it answers to: its tag's, else its `ForEach` identifier.
func untagged(_ element: AnyElement) -> (element: AnyElement, keys: Set<String>) {
    if case .layout(let layout, let children) = element.content, let carrier = layout as? TagCarrier, children.count == 1 {
        return (children[0].adopting(element.traits), carrier.keys)
    }
    return (element, element.traits.id.map { [$0] } ?? [])
}

// MARK: - Layout

private struct PickerElements<Label: View, Content: View>: PrimitiveView {
    let label: Label
    let content: Content
    let selectionKeys: Set<String>

    func appendElements(to list: inout [AnyElement]) {
        let start = list.count
        // Options are values, not rows (but in an inline picker in a list, where each is a row): a
        // label among them is the title-and-icon style, and marks no row's separator.
        let inlineRows = EnvironmentValues.current.pickerStyle == .inline && EnvironmentValues.current.listContext != nil
        let options = (inlineRows ? content.elements : content.environment(\.labelContext, nil).elements).map(untagged)
        appendStyled(options, to: &list)
        // SwiftUI logs "Picker: the selection … is invalid and does not have an associated tag"; the
        // picker then shows no option. Reported on the picker's (first) element, which keeps its size.
        if !options.isEmpty, !options.contains(where: { !$0.keys.isDisjoint(with: selectionKeys) }), list.count > start {
            let message = "Picker: the selection \(selectionKeys.sorted().first ?? "") matches no option's tag; no option is shown"
            list[start] = Elements([list[start]]).background { ControlDiagnostics(messages: [message]) }.element
        }
    }

    private func appendStyled(_ options: [(element: AnyElement, keys: Set<String>)], to list: inout [AnyElement]) {
        let environment = EnvironmentValues.current
        let inList = environment.listContext != nil
        let hideLabel = environment.labelsHidden
        let selectedIndex = options.firstIndex { !$0.keys.isDisjoint(with: selectionKeys) }
        let selected = selectedIndex.map { [options[$0].element] } ?? []
        let labelView = Elements(label.elements)

        switch environment.pickerStyle {
        case .automatic, .menu:
            if inList && !hideLabel {
                LabeledControl(label: labelView) {
                    HStack(spacing: 4) {
                        Elements(selected).lineLimit(1)
                        MenuChevrons(color: IOSMetrics.chevronColor)
                    }
                    .foregroundStyle(.secondary)
                }.appendElements(to: &list)
            } else {
                HStack(spacing: 4) {
                    Elements(selected).lineLimit(1)
                    MenuChevrons(color: Color.accentColor)
                }
                .foregroundStyle(.tint)
                .appendElements(to: &list)
            }
        case .navigationLink:
            LabeledControl(label: labelView) {
                HStack(spacing: IOSMetrics.labelControlSpacing) {
                    Elements(selected).lineLimit(1).foregroundStyle(.secondary)
                    DisclosureChevron()
                }
            }.appendElements(to: &list)
        case .segmented:
            SegmentedControl(options: options.map(\.element), selected: selectedIndex).appendElements(to: &list)
        case .inline:
            let rows = options.enumerated().map { index, option in
                HStack(spacing: IOSMetrics.labelControlSpacing) {
                    Elements([option.element]).frame(maxWidth: .infinity, alignment: .leading)
                    if index == selectedIndex { SelectionCheckmark() }
                }
            }
            if inList {
                for row in rows { row.appendElements(to: &list) }
            } else {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(0..<rows.count) { rows[$0].frame(minHeight: IOSMetrics.minimumRowHeight) }
                }.appendElements(to: &list)
            }
        case .wheel:
            Elements(selected).lineLimit(1)
                .frame(maxWidth: .infinity, minHeight: 216)
                .appendElements(to: &list)
        }
    }
}

/// A segmented control: the options side by side in equal segments, each one line (`.footnote`,
/// medium; the selected one semibold on a white segment), `IOSMetrics.segmentedHeight` high or as
/// high as its text needs; fills the width it is offered (a `nil` width: the widest option × count).
struct SegmentedControl: View {
    let options: [AnyElement]
    let selected: Int?

    var body: some View {
        let count = options.count
        SegmentedLayout(count: count) {
            ForEach(0..<count) { index in
                Elements([options[index]])
                    .lineLimit(1)
                    .fontWeight(index == selected ? .semibold : .medium)
                    .padding(.horizontal, IOSMetrics.segmentedHorizontalPadding)
                    .padding(.vertical, IOSMetrics.segmentedTextVerticalPadding)
                    .frame(maxWidth: .infinity, minHeight: IOSMetrics.segmentedHeight - 4)
                    .background {
                        if index == selected {
                            RoundedRectangle(cornerRadius: IOSMetrics.segmentedCornerRadius - 2, style: .continuous).fill(Color.white)
                        }
                    }
            }
        }
        .font(.footnote)
        .padding(2)
        .background { RoundedRectangle(cornerRadius: IOSMetrics.segmentedCornerRadius, style: .continuous).fill(IOSMetrics.fillColor) }
    }
}

/// Equal segments across the width; each as high as the tallest.
struct SegmentedLayout: Layout {
    let count: Int

    private func segmentWidth(_ proposal: ProposedViewSize, _ subviews: Subviews) -> CGFloat {
        if let width = proposal.width, width.isFinite { return max(0, width / CGFloat(max(1, subviews.count))) }
        return subviews.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let width = segmentWidth(proposal, subviews)
        let height = subviews.map { $0.sizeThatFits(ProposedViewSize(width: width, height: nil)).height }.max() ?? 0
        return CGSize(width: width * CGFloat(subviews.count), height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let width = segmentWidth(ProposedViewSize(width: bounds.width, height: nil), subviews)
        for (index, subview) in subviews.enumerated() {
            subview.place(at: CGPoint(x: bounds.minX + CGFloat(index) * width, y: bounds.minY),
                          proposal: ProposedViewSize(width: width, height: bounds.height))
        }
    }
}
