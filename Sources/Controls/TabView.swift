import Foundation
import LayoutCore
import Layouts
import TextLayout

// TabView: the selected tab's view above a 49-pt tab bar (IOSMetrics.tabBarHeight) whose items share
// its width equally, each its icon above its title (10 pt medium, fixed: tab bars do not follow
// Dynamic Type), the selected one in the tint and the others gray. A tab's item is what
// `tabItem { … }` gives, evaluated as a tab item (a `Label` stacks its icon in the 25 × 25 slot
// above its title; a bare `Image` takes the slot too), or, with iOS 18's `Tab`, a label of its title
// and image. The bar sits at the bottom of what the tab view is offered: on a device, the safe
// area's bottom, above the home indicator (34 pt), under which its background runs.

/// Tabs: the selected one's view, and a tab bar to choose between them.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let selectionKeys: Set<String>?
    let content: Content

    /// Tabs of the views `content` builds, choosing the one whose tag is `selection`'s value.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        selectionKeys = selection.map { Controls.selectionKeys($0.wrappedValue) }
        self.content = content()
    }

    public var body: some View { TabContainer(content: content, selectionKeys: selectionKeys) }
}

extension TabView where SelectionValue == Int {
    /// Tabs of the views `content` builds, the first one selected.
    public init(@ViewBuilder content: () -> Content) {
        selectionKeys = nil
        self.content = content()
    }
}

/// A tab (iOS 18): its title and icon in the tab bar, its content when selected.
public struct Tab<Value: Hashable, Content: View>: View {
    let title: Text
    let icon: Image?
    let value: Value?
    let content: Content

    public var body: some View {
        TabItemWriter(content: content, item: TabItemContent(title: title, icon: icon), tagKeys: value.map(selectionKeys))
    }
}

extension Tab where Value == Never {
    /// A tab titled `Text(titleKey)` with a system symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(title: Text(titleKey), icon: Image(systemName: systemImage), value: nil, content: content())
    }

    /// A tab titled `Text(titleKey)` with an image from the asset catalogs.
    public init(_ titleKey: LocalizedStringKey, image: String, @ViewBuilder content: () -> Content) {
        self.init(title: Text(titleKey), icon: Image(image), value: nil, content: content())
    }
}

extension Tab {
    /// A tab with a selection value.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.init(title: Text(titleKey), icon: Image(systemName: systemImage), value: value, content: content())
    }

    /// A tab with a selection value and an image from the asset catalogs.
    public init(_ titleKey: LocalizedStringKey, image: String, value: Value, @ViewBuilder content: () -> Content) {
        self.init(title: Text(titleKey), icon: Image(image), value: value, content: content())
    }

    /// A tab titled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.init(title: Text(title), icon: Image(systemName: systemImage), value: value, content: content())
    }
}

/// A `Tab`'s item: a label of its title and image (laid out as a tab item), or its title alone.
private struct TabItemContent: View {
    let title: Text
    let icon: Image?

    var body: some View {
        if let icon {
            Label { title } icon: { icon }
        } else {
            title
        }
    }
}

extension View {
    /// This tab's item in the enclosing `TabView`'s bar (its views stacked, icon above title).
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        TabItemWriter(content: self, item: label(), tagKeys: nil)
    }

    /// A badge on this tab's item or list row (accepted; not drawn).
    public func badge(_ count: Int) -> some View { self }

    /// A badge (accepted; not drawn).
    public func badge(_ label: Text?) -> some View { self }

    /// A badge (accepted; not drawn).
    public func badge(_ key: LocalizedStringKey?) -> some View { self }

    /// Sets the style of tab views inside (`.page` and `.automatic` accepted: the tab bar is drawn).
    public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View { self }
}

/// How a tab view looks (accepted; iOS's tab bar is drawn).
public protocol TabViewStyle: Sendable {}
/// The platform's tab view style: a tab bar on iOS.
public struct DefaultTabViewStyle: TabViewStyle {
    /// The platform's tab view style.
    public init() {}
}
/// Pages the user swipes between, with an index of dots.
public struct PageTabViewStyle: TabViewStyle {
    /// Pages with the platform's index.
    public init() {}
    /// Whether the index of dots shows: as the platform decides, always, or never.
    public struct IndexDisplayMode: Sendable {
        /// As the platform decides: shown when there is more than one page.
        public static let automatic = IndexDisplayMode()
        /// Always shown.
        public static let always = IndexDisplayMode()
        /// Never shown.
        public static let never = IndexDisplayMode()
    }
    /// Pages with the index shown as `indexDisplayMode` says.
    public init(indexDisplayMode: IndexDisplayMode) {}
}
/// The platform's tab view style.
extension TabViewStyle where Self == DefaultTabViewStyle {
    /// The platform's tab view style: a tab bar on iOS.
    public static var automatic: DefaultTabViewStyle { .init() } }
extension TabViewStyle where Self == PageTabViewStyle {
    /// Pages with an index of dots.
    public static var page: PageTabViewStyle { .init() }
    /// Pages with the index shown as `indexDisplayMode` says.
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle { .init() }
}

/// Records the tab item on each of the content's elements (`TabItemCarrier`, which lays out as the
/// content anywhere but in a tab view).
private struct TabItemWriter<Content: View, Item: View>: PrimitiveView {
    let content: Content
    let item: Item
    let tagKeys: Set<String>?

    func appendElements(to list: inout [AnyElement]) {
        // Evaluated as a tab item: a label stacks its icon above its title; a bare image takes the
        // icon's slot, as UIKit's tab bar item takes the image `tabItem { Image(…); Text(…) }` gives.
        let itemElements = item.environment(\.labelContext, .tabItem).elements.map { element in
            if case .leaf(let leaf) = element.content, leaf is Image {
                return Elements([element]).tabItemIconSlot().element
            }
            return element
        }
        let contentElements = content.elements
        let single = contentElements.count == 1 ? contentElements[0] : AnyElement(layout: VStackLayout(), children: contentElements)
        var element = AnyElement(layout: TabItemCarrier(item: itemElements), children: [single])
        if let tagKeys { element = AnyElement(layout: TagCarrier(keys: tagKeys), children: [element]) }
        list.append(element)
    }
}

/// A tab's content with its tab item kept as data: lays out as the content.
struct TabItemCarrier: Layout {
    let item: [AnyElement]

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews[0].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews[0].place(at: bounds.origin, proposal: proposal)
    }
}

/// A tab: its content, its item and the keys it is selected by (tag carriers and item carriers, in any order).
private func takeApart(_ element: AnyElement) -> (content: AnyElement, item: [AnyElement], keys: Set<String>) {
    var current = element, item: [AnyElement] = [], keys: Set<String> = element.traits.id.map { [$0] } ?? []
    while case .layout(let layout, let children) = current.content, children.count == 1 {
        if let carrier = layout as? TagCarrier {
            keys.formUnion(carrier.keys)
        } else if let carrier = layout as? TabItemCarrier {
            item = carrier.item
        } else {
            break
        }
        current = children[0].adopting(current.traits)
    }
    return (current, item, keys)
}

private struct TabContainer<Content: View>: PrimitiveView {
    let content: Content
    let selectionKeys: Set<String>?

    func appendElements(to list: inout [AnyElement]) {
        let tabs = content.elements.map(takeApart)
        guard !tabs.isEmpty else { return }
        let selected = selectionKeys.flatMap { keys in tabs.firstIndex { !$0.keys.isDisjoint(with: keys) } } ?? 0
        let bar = TabBar(items: tabs.map(\.item), selected: selected).element
        list.append(AnyElement(layout: TabViewLayout(), children: [tabs[selected].content, bar]))
    }
}

/// [content, bar]: fills the proposal (a `nil` height: the content's plus the bar's), the bar at the
/// bottom at its height, the content offered the rest.
private struct TabViewLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let bar = subviews[1].sizeThatFits(ProposedViewSize(width: proposal.width, height: nil))
        let content = subviews[0].sizeThatFits(ProposedViewSize(width: proposal.width, height: proposal.height.map { max(0, $0 - bar.height) }))
        return CGSize(width: proposal.width ?? max(content.width, bar.width), height: proposal.height ?? content.height + bar.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let bar = subviews[1].sizeThatFits(ProposedViewSize(width: bounds.width, height: nil))
        subviews[0].place(at: bounds.origin, proposal: ProposedViewSize(width: bounds.width, height: max(0, bounds.height - bar.height)))
        subviews[1].place(at: CGPoint(x: bounds.minX, y: bounds.maxY - bar.height), proposal: ProposedViewSize(width: bounds.width, height: nil))
    }
}

/// The tab bar: equal slots, each item's views stacked and centred, on the bar's background with a
/// hairline on top.
private struct TabBar: View {
    let items: [[AnyElement]]
    let selected: Int

    var body: some View {
        SegmentedLayout(count: items.count) {
            ForEach(0..<items.count) { index in
                VStack(spacing: IOSMetrics.tabIconTitleSpacing) { Elements(items[index]) }
                    .font(.system(size: IOSMetrics.tabTitleSize, weight: .medium))
                    .lineLimit(1)
                    .foregroundStyle(index == selected ? AnyShapeStyle(.tint) : AnyShapeStyle(Color.gray))
                    .padding(.horizontal, 2)
                    .frame(maxWidth: .infinity, minHeight: IOSMetrics.tabBarHeight)
            }
        }
        .background {
            // On a device the bar's background runs down under the home indicator (49 + 34 = 83 pt
            // on a Face ID iPhone) and out to the screen's sides; its items stay in the safe area.
            Rectangle().fill(IOSMetrics.barBackground)
                .overlay(alignment: .top) { Rectangle().fill(IOSMetrics.separatorColor).frame(height: 0.5) }
                .ignoresSafeArea(edges: [.bottom, .horizontal])
        }
    }
}
