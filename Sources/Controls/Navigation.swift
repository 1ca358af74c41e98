import Foundation
import LayoutCore
import Layouts
import Synchronization
import TextLayout

// NavigationStack (and NavigationView, and NavigationSplitView in its compact, iPhone form): a
// navigation bar above the root view, with the title and toolbar items the views inside declare.
// SwiftUI carries them up as preferences; here the stack evaluates its root with a collector in a
// task-local, which `navigationTitle`, `navigationBarTitleDisplayMode` and `toolbar` fill as they
// are evaluated (the innermost title wins; toolbar items accumulate in order). Destinations of
// navigation links are never evaluated: pushes are out of scope.
//
// The bar (IOSMetrics): 44 pt with the inline title (17 pt semibold, fixed) centred between the
// leading and trailing items (17 pt, fixed, in the tint), 16 pt from the edges; in large mode the
// 44-pt row holds the items and a 52-pt area below it holds the title (`.largeTitle`, bold,
// following Dynamic Type), leading; either title is one line, cut with "…" where it does not fit.
// A bottom toolbar (`.bottomBar`, `.status`) is 44 pt below the content.

/// What the views inside a navigation stack declare for its bar.
final class NavigationCollector: Sendable {
    struct State {
        var title: Text?
        var displayMode: NavigationBarItem.TitleDisplayMode?
        var items: [(placement: ToolbarItemPlacement, elements: [AnyElement])] = []
        var barHidden = false
    }

    private let state = Mutex(State())

    func update(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }
    var snapshot: State { state.withLock { $0 } }

    /// The collector of the innermost navigation stack being evaluated.
    @TaskLocal static var current: NavigationCollector?
}

/// A stack of views with a navigation bar: its root view, under the bar its views declare.
///
/// Fills the proposal: the bar (44 pt, or 96 with a large title) at the top, the root below it
/// offered what is left, a bottom toolbar under that when one is declared. Pushing (`path`,
/// `NavigationLink` destinations) is accepted and not done: the root is shown.
public struct NavigationStack<Data, Root: View>: View {
    let root: Root

    public var body: some View { NavigationContainer(root: root) }
}

extension NavigationStack where Data == NavigationPath {
    /// A stack showing `root`.
    public init(@ViewBuilder root: () -> Root) { self.root = root() }

    /// A stack with a path (accepted; the root is shown).
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) { self.root = root() }
}

extension NavigationStack where Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, Data.Element: Hashable {
    /// A stack with a typed path (accepted; the root is shown).
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) { self.root = root() }
}

/// The navigation stack before iOS 16: laid out as ``NavigationStack``.
public struct NavigationView<Content: View>: View {
    let content: Content

    /// A navigation view of `content` (the older `NavigationStack`).
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View { NavigationContainer(root: content) }
}

/// A split view: on iPhone (compact width) it collapses to a stack showing its sidebar column, as iOS does.
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    let sidebar: Sidebar

    /// Two columns: a sidebar and a detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar()
    }

    /// Three columns: a sidebar, a content column and a detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
    }

    /// Two columns with a column visibility (accepted).
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar()
    }

    /// Three columns with a column visibility (accepted).
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
    }

    public var body: some View { NavigationContainer(root: sidebar) }
}

/// Which columns of a split view show (accepted; compact width shows one).
public struct NavigationSplitViewVisibility: Sendable, Hashable {
    let name: String
    /// As the platform decides.
    public static let automatic = NavigationSplitViewVisibility(name: "automatic")
    /// Every column shown.
    public static let all = NavigationSplitViewVisibility(name: "all")
    /// The content and detail columns.
    public static let doubleColumn = NavigationSplitViewVisibility(name: "doubleColumn")
    /// The detail column alone.
    public static let detailOnly = NavigationSplitViewVisibility(name: "detailOnly")
}

/// A list of values pushed on a stack (accepted; nothing is pushed in a layout).
public struct NavigationPath: Sendable, Equatable {
    /// How many values are on the path.
    public private(set) var count = 0
    /// Whether the path holds no value.
    public var isEmpty: Bool { count == 0 }
    /// An empty path.
    public init() {}
    /// A path of these values.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable { count = elements.underestimatedCount }
    /// Adds a value to the path (a destination pushed).
    public mutating func append<V: Hashable>(_ value: V) { count += 1 }
    /// Removes the last `k` values (destinations popped).
    public mutating func removeLast(_ k: Int = 1) { count = max(0, count - k) }
}

/// The title display modes, as `navigationBarTitleDisplayMode(_:)` takes them.
public enum NavigationBarItem {
    /// How a navigation bar shows its title.
    public enum TitleDisplayMode: Sendable, Hashable {
        /// Inherited; the root of a stack shows a large title.
        case automatic
        /// Small, centred in the 44-pt bar.
        case inline
        /// Large, below the bar.
        case large
    }
}

/// The toolbar title display modes of iOS 17 (`toolbarTitleDisplayMode(_:)`).
public struct ToolbarTitleDisplayMode: Sendable, Hashable {
    let mode: NavigationBarItem.TitleDisplayMode
    /// Inherited; the root of a stack shows a large title.
    public static let automatic = ToolbarTitleDisplayMode(mode: .automatic)
    /// Small, centred in the bar.
    public static let inline = ToolbarTitleDisplayMode(mode: .inline)
    /// Large, below the bar.
    public static let large = ToolbarTitleDisplayMode(mode: .large)
    /// A large title inside the bar (laid out as `large`).
    public static let inlineLarge = ToolbarTitleDisplayMode(mode: .large)
}

extension View {
    /// The title of the navigation bar around this view.
    public func navigationTitle(_ title: Text) -> some View {
        CollectorWriter(content: self) { $0.title = title }
    }

    /// The title `Text(titleKey)`.
    public func navigationTitle(_ titleKey: LocalizedStringKey, fileID: StaticString = #fileID, line: UInt = #line) -> some View { navigationTitle(Text(titleKey, fileID: fileID, line: line)) }

    /// The title as written.
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { navigationTitle(Text(title)) }

    /// An editable title (shown as it is).
    public func navigationTitle(_ title: Binding<String>) -> some View { navigationTitle(Text(title.wrappedValue)) }

    /// How the title is shown: large (below the bar) or inline (in it).
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        CollectorWriter(content: self) { $0.displayMode = displayMode }
    }

    /// How the title is shown (iOS 17's spelling).
    public func toolbarTitleDisplayMode(_ mode: ToolbarTitleDisplayMode) -> some View {
        navigationBarTitleDisplayMode(mode.mode)
    }

    /// The title and its display mode (the spelling before iOS 14).
    public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode = .automatic) -> some View {
        CollectorWriter(content: self) { $0.title = title; $0.displayMode = displayMode }
    }

    /// The title `Text(titleKey)` and its display mode (the spelling before iOS 14).
    public func navigationBarTitle(_ titleKey: LocalizedStringKey, displayMode: NavigationBarItem.TitleDisplayMode = .automatic) -> some View {
        navigationBarTitle(Text(titleKey), displayMode: displayMode)
    }

    /// Hides the navigation bar (the spelling before iOS 16).
    public func navigationBarHidden(_ hidden: Bool) -> some View {
        CollectorWriter(content: self) { $0.barHidden = hidden }
    }

    /// Accepted: the back button is not drawn (nothing is pushed).
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { self }

    /// A destination for values pushed on the stack (accepted; never evaluated: pushes are out of scope).
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View { self }

    /// A destination shown when `isPresented` is true (accepted; never evaluated).
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View { self }

    /// A destination for an optional item (accepted; never evaluated).
    public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View { self }

    /// Accepted: split view column widths apply to regular width only.
    public func navigationSplitViewColumnWidth(_ width: CGFloat) -> some View { self }

    /// Accepted: split view column widths apply to regular width only.
    public func navigationSplitViewColumnWidth(min: CGFloat? = nil, ideal: CGFloat, max: CGFloat? = nil) -> some View { self }
}

/// A view that records what it declares in the enclosing stack's collector (nothing outside one)
/// and is otherwise its content.
struct CollectorWriter<Content: View>: PrimitiveView {
    let content: Content
    let record: (inout NavigationCollector.State) -> Void

    func appendElements(to list: inout [AnyElement]) {
        NavigationCollector.current?.update(record)
        content.appendElements(to: &list)
    }
}

// MARK: - The container

/// The stack's elements: [bar, content, bottom bar?] under `NavigationLayout`.
struct NavigationContainer<Root: View>: PrimitiveView {
    let root: Root

    func appendElements(to list: inout [AnyElement]) {
        let collector = NavigationCollector()
        let content = NavigationCollector.$current.withValue(collector) { root.elements }
        let state = collector.snapshot
        let contentElement = content.count == 1 ? content[0] : AnyElement(layout: VStackLayout(spacing: 0), children: content)
        let background = groupedListBackground(contentElement) ?? IOSMetrics.plainBackground

        var children = [contentElement]
        var hasBar = false, hasBottom = false
        if !state.barHidden {
            children.append(NavigationBar(state: state, background: background).element)
            hasBar = true
        }
        let bottom = state.items.filter { $0.placement.region == .bottom }
        if !bottom.isEmpty {
            children.append(BottomToolbar(items: bottom.flatMap(\.elements)).element)
            hasBottom = true
        }
        list.append(AnyElement(layout: NavigationLayout(hasBar: hasBar, hasBottomBar: hasBottom), children: children))
    }

    /// The list background when the content is a grouped list (the bar shows it at the scroll edge).
    private func groupedListBackground(_ element: AnyElement) -> Color? {
        guard case .layout(let layout, _) = element.content, let list = layout as? ListLayout, list.isGrouped else { return nil }
        return IOSMetrics.groupedBackground
    }
}

extension View {
    /// The one element this view stands for.
    var element: AnyElement { AnyElement(self) }
}

/// [content, bar?, bottom bar?]: fills the proposal (a `nil` axis: the content's ideal plus the bars);
/// the bar at the top at its own height, the bottom bar at the bottom, the content offered what is between.
struct NavigationLayout: Layout {
    let hasBar: Bool
    let hasBottomBar: Bool

    private func barHeights(_ width: CGFloat?, _ subviews: Subviews) -> (top: CGFloat, bottom: CGFloat) {
        let proposal = ProposedViewSize(width: width, height: nil)
        let top = hasBar ? subviews[1].sizeThatFits(proposal).height : 0
        let bottom = hasBottomBar ? subviews[hasBar ? 2 : 1].sizeThatFits(proposal).height : 0
        return (top, bottom)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let bars = barHeights(proposal.width, subviews)
        let contentHeight = proposal.height.map { max(0, $0 - bars.top - bars.bottom) }
        let content = subviews[0].sizeThatFits(ProposedViewSize(width: proposal.width, height: contentHeight))
        return CGSize(width: proposal.width ?? content.width, height: proposal.height ?? content.height + bars.top + bars.bottom)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let bars = barHeights(bounds.width, subviews)
        let width = ProposedViewSize(width: bounds.width, height: nil)
        subviews[0].place(at: CGPoint(x: bounds.minX, y: bounds.minY + bars.top),
                          proposal: ProposedViewSize(width: bounds.width, height: max(0, bounds.height - bars.top - bars.bottom)))
        if hasBar { subviews[1].place(at: bounds.origin, proposal: width) }
        if hasBottomBar {
            subviews[hasBar ? 2 : 1].place(at: CGPoint(x: bounds.minX, y: bounds.maxY - bars.bottom), proposal: width)
        }
    }
}

// MARK: - The bar

/// The navigation bar: its items and title in their places, on the bar's background.
struct NavigationBar: View {
    let state: NavigationCollector.State
    let background: Color

    var body: some View {
        let large = state.title != nil && (state.displayMode ?? .automatic) != .inline
        let leading = items(.leading), trailing = items(.trailing), principal = items(.principal)
        let barFont = Font.system(size: IOSMetrics.barButtonSize)
        NavigationBarLayout(large: large, hasPrincipal: !principal.isEmpty) {
            // On a device the bar's background runs up under the status bar and out to the screen's
            // sides, as UIKit's bar extends its background; its items stay in the safe area.
            Rectangle().fill(background).ignoresSafeArea(edges: [.top, .horizontal])
            HStack(spacing: IOSMetrics.barItemSpacing) { Elements(leading) }
                .font(barFont).foregroundStyle(.tint).lineLimit(1)
            HStack(spacing: IOSMetrics.barItemSpacing) { Elements(trailing) }
                .font(barFont).foregroundStyle(.tint).lineLimit(1)
            if !principal.isEmpty {
                HStack(spacing: IOSMetrics.labelControlSpacing) { Elements(principal) }
                    .font(Font.system(size: IOSMetrics.barTitleSize, weight: .semibold)).lineLimit(1)
            } else if let title = state.title {
                if large {
                    title.font(.largeTitle.bold()).lineLimit(1)
                } else {
                    title.font(.system(size: IOSMetrics.barTitleSize, weight: .semibold)).lineLimit(1)
                }
            }
        }
    }

    private func items(_ region: ToolbarItemPlacement.Region) -> [AnyElement] {
        state.items.filter { $0.placement.region == region }.flatMap(\.elements)
    }
}

/// [background, leading, trailing, title?] (no hairline: iOS 15's bars show none at the scroll edge,
/// where a laid-out screen is): the 44-pt row with the leading items at the
/// leading margin and the trailing ones at the trailing margin; an inline (or principal) title centred
/// in the row and offered the width the items leave on the wider side, mirrored; a large title in
/// the area below, leading, at least `IOSMetrics.largeTitleAreaHeight` with
/// `largeTitleBottomPadding` below its line.
struct NavigationBarLayout: Layout {
    let large: Bool
    let hasPrincipal: Bool

    private struct Frames {
        var height: CGFloat
        var leading: CGRect, trailing: CGRect
        var title: CGRect?
        var titleProposal: ProposedViewSize
    }

    private func frames(_ width: CGFloat?, _ subviews: Subviews) -> Frames {
        let margin = IOSMetrics.barHorizontalMargin, row = IOSMetrics.navigationBarHeight
        let leading = subviews[1].sizeThatFits(.unspecified), trailing = subviews[2].sizeThatFits(.unspecified)
        let hasTitle = subviews.count > 3
        let barWidth = width ?? (2 * margin + leading.width + trailing.width + (hasTitle ? subviews[3].sizeThatFits(.unspecified).width + 2 * margin : 0))
        let leadingFrame = CGRect(x: margin, y: (row - leading.height) / 2, width: leading.width, height: leading.height)
        let trailingFrame = CGRect(x: barWidth - margin - trailing.width, y: (row - trailing.height) / 2,
                                   width: trailing.width, height: trailing.height)
        guard hasTitle else {
            return Frames(height: row, leading: leadingFrame, trailing: trailingFrame, title: nil, titleProposal: .unspecified)
        }
        if large && !hasPrincipal {
            let proposal = ProposedViewSize(width: max(0, barWidth - 2 * margin), height: nil)
            let size = subviews[3].sizeThatFits(proposal)
            let area = max(IOSMetrics.largeTitleAreaHeight, size.height + IOSMetrics.largeTitleBottomPadding)
            let title = CGRect(x: margin, y: row + area - IOSMetrics.largeTitleBottomPadding - size.height,
                               width: size.width, height: size.height)
            return Frames(height: row + area, leading: leadingFrame, trailing: trailingFrame, title: title, titleProposal: proposal)
        }
        // Centred: offered what the wider side's items leave on both sides (and a margin beside them).
        let side = max(leading.width, trailing.width)
        let sideSpace = side > 0 ? margin + side + IOSMetrics.barItemSpacing : margin
        let proposal = ProposedViewSize(width: max(0, barWidth - 2 * sideSpace), height: nil)
        let size = subviews[3].sizeThatFits(proposal)
        let title = CGRect(x: (barWidth - size.width) / 2, y: (row - size.height) / 2, width: size.width, height: size.height)
        return Frames(height: row, leading: leadingFrame, trailing: trailingFrame, title: title, titleProposal: proposal)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let f = frames(proposal.width, subviews)
        return CGSize(width: proposal.width ?? f.trailing.maxX + IOSMetrics.barHorizontalMargin, height: f.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let f = frames(bounds.width, subviews)
        func at(_ rect: CGRect) -> CGPoint { CGPoint(x: bounds.minX + rect.minX, y: bounds.minY + rect.minY) }
        subviews[0].place(at: bounds.origin, proposal: ProposedViewSize(bounds.size))
        subviews[1].place(at: at(f.leading), proposal: .unspecified)
        subviews[2].place(at: at(f.trailing), proposal: .unspecified)
        if let title = f.title { subviews[3].place(at: at(title), proposal: f.titleProposal) }
    }
}

/// The bottom toolbar: 44 pt, its items in a row 16 pt from the edges and 16 pt apart (a `Spacer`
/// among them spreads them, as in SwiftUI).
struct BottomToolbar: View {
    let items: [AnyElement]

    var body: some View {
        HStack(spacing: IOSMetrics.barItemSpacing) { Elements(items) }
            .font(.system(size: IOSMetrics.barButtonSize))
            .foregroundStyle(.tint)
            .lineLimit(1)
            .padding(.horizontal, IOSMetrics.barHorizontalMargin)
            .frame(maxWidth: .infinity, minHeight: IOSMetrics.toolbarHeight, alignment: items.count == 1 ? .center : .leading)
            .background {
                Rectangle().fill(IOSMetrics.barBackground)
                    .overlay(alignment: .top) { Rectangle().fill(IOSMetrics.separatorColor).frame(height: 0.5) }
                    .ignoresSafeArea(edges: [.bottom, .horizontal])  // under the home indicator, on a device
            }
    }
}
