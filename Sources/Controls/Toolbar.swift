import Foundation
import LayoutCore
import Layouts
import TextLayout

// `toolbar { … }`: items for the enclosing navigation stack's bars, by placement. A view given
// directly (`toolbar { Button("Edit") {} }`) is an `.automatic` item: trailing on iOS.
// Placements: leading (`topBarLeading`, `navigationBarLeading`, `cancellationAction`), trailing
// (`automatic`, `primaryAction`, `topBarTrailing`, `navigationBarTrailing`, `confirmationAction`,
// semibold, `destructiveAction`), centre (`principal`, replacing the title), bottom (`bottomBar`,
// `status`); `keyboard` and `secondaryAction` (the overflow menu) are not drawn.
// An item's view is evaluated as a toolbar item (`labelContext`): a `Label` there shows its icon
// alone, as SwiftUI's automatic label style does in toolbars, and symbols are at the bar buttons'
// large scale (IOSMetrics.barButtonSymbolScale).

/// Where a toolbar item goes.
public struct ToolbarItemPlacement: Sendable, Hashable {
    enum Region: Sendable, Hashable { case leading, trailing, principal, bottom, hidden }
    let region: Region
    let emphasized: Bool

    init(_ region: Region, emphasized: Bool = false) {
        self.region = region
        self.emphasized = emphasized
    }

    /// iOS's choice for the item: the trailing side of the navigation bar.
    public static let automatic = ToolbarItemPlacement(.trailing)
    /// The main action: the navigation bar's trailing end on iOS.
    public static let primaryAction = ToolbarItemPlacement(.trailing)
    /// A secondary action: hidden on iOS (it goes in an overflow menu).
    public static let secondaryAction = ToolbarItemPlacement(.hidden)
    /// The centre of the navigation bar, in place of the title.
    public static let principal = ToolbarItemPlacement(.principal)
    /// The navigation bar's leading end.
    public static let topBarLeading = ToolbarItemPlacement(.leading)
    /// The navigation bar's trailing end.
    public static let topBarTrailing = ToolbarItemPlacement(.trailing)
    /// The navigation bar's leading end (the older name).
    public static let navigationBarLeading = ToolbarItemPlacement(.leading)
    /// The navigation bar's trailing end (the older name).
    public static let navigationBarTrailing = ToolbarItemPlacement(.trailing)
    /// The bottom toolbar.
    public static let bottomBar = ToolbarItemPlacement(.bottom)
    /// The bottom toolbar's status area.
    public static let status = ToolbarItemPlacement(.bottom)
    /// Above the keyboard: not shown here (there is no keyboard).
    public static let keyboard = ToolbarItemPlacement(.hidden)
    /// A form's confirming action ("Done", "Save"): trailing, semibold.
    public static let confirmationAction = ToolbarItemPlacement(.trailing, emphasized: true)
    /// A form's cancelling action ("Cancel"): leading.
    public static let cancellationAction = ToolbarItemPlacement(.leading)
    /// A destructive action: the navigation bar's trailing end.
    public static let destructiveAction = ToolbarItemPlacement(.trailing)
    /// A navigation action: the navigation bar's leading end.
    public static let navigation = ToolbarItemPlacement(.leading)
}

/// Content for a toolbar: ``ToolbarItem`` and ``ToolbarItemGroup`` values, built by ``ToolbarContentBuilder``.
public protocol ToolbarContent {
    /// The items, each with its placement, as the toolbar receives them.
    var _toolbarItems: [_ToolbarEntry] { get }
}

/// One item of a toolbar: its placement and its view, evaluated when the toolbar is (as a toolbar item).
public struct _ToolbarEntry {
    let placement: ToolbarItemPlacement
    let makeElements: () -> [AnyElement]

    init<Content: View>(placement: ToolbarItemPlacement, content: Content) {
        self.placement = placement
        makeElements = { content.elements }
    }
}

/// A toolbar item's view, evaluated where it is placed.
private struct ToolbarEntryContent: PrimitiveView {
    let entry: _ToolbarEntry
    func appendElements(to list: inout [AnyElement]) { list.append(contentsOf: entry.makeElements()) }
}

/// An item in a toolbar at a placement.
public struct ToolbarItem<ID, Content: View>: ToolbarContent {
    let placement: ToolbarItemPlacement
    let content: Content

    public var _toolbarItems: [_ToolbarEntry] { [_ToolbarEntry(placement: placement, content: content)] }
}

extension ToolbarItem where ID == () {
    /// An item at `placement` (`.automatic`: trailing).
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

extension ToolbarItem where ID == String {
    /// An item with an identifier (for customisable toolbars; accepted).
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// Several items at one placement.
public struct ToolbarItemGroup<Content: View>: ToolbarContent {
    let placement: ToolbarItemPlacement
    let content: Content

    /// Items at `placement`, in order.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    public var _toolbarItems: [_ToolbarEntry] { [_ToolbarEntry(placement: placement, content: content)] }
}

/// Several toolbar contents, as a builder makes them.
public struct _ToolbarItems: ToolbarContent {
    public let _toolbarItems: [_ToolbarEntry]
}

/// Builds toolbar content from `ToolbarItem`s, `ToolbarItemGroup`s, `if`s and `ForEach`-free lists.
@resultBuilder
public enum ToolbarContentBuilder {
    /// Items of a toolbar written in a builder.
    public static func buildExpression<C: ToolbarContent>(_ content: C) -> _ToolbarItems { _ToolbarItems(_toolbarItems: content._toolbarItems) }
    /// The items of several parts, in order.
    public static func buildBlock(_ parts: _ToolbarItems...) -> _ToolbarItems { _ToolbarItems(_toolbarItems: parts.flatMap(\._toolbarItems)) }
    /// An optional part's items, or none.
    public static func buildOptional(_ part: _ToolbarItems?) -> _ToolbarItems { part ?? _ToolbarItems(_toolbarItems: []) }
    /// The first branch of an `if`.
    public static func buildEither(first: _ToolbarItems) -> _ToolbarItems { first }
    /// The second branch of an `if`.
    public static func buildEither(second: _ToolbarItems) -> _ToolbarItems { second }
    /// The items of a `for` loop's parts, in order.
    public static func buildArray(_ parts: [_ToolbarItems]) -> _ToolbarItems { _ToolbarItems(_toolbarItems: parts.flatMap(\._toolbarItems)) }
    /// Items behind an availability check.
    public static func buildLimitedAvailability(_ part: _ToolbarItems) -> _ToolbarItems { part }
}

/// Which bars `toolbar(_:for:)` and `toolbarBackground(_:for:)` speak of.
public struct ToolbarPlacement: Sendable, Hashable {
    let name: String
    /// Wherever the platform puts bars.
    public static let automatic = ToolbarPlacement(name: "automatic")
    /// The navigation bar.
    public static let navigationBar = ToolbarPlacement(name: "navigationBar")
    /// The bottom toolbar.
    public static let bottomBar = ToolbarPlacement(name: "bottomBar")
    /// The tab bar.
    public static let tabBar = ToolbarPlacement(name: "tabBar")
}

extension View {
    /// Items for the bars of the enclosing navigation stack.
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
        let entries = content()._toolbarItems
        return ToolbarWriter(content: self, entries: entries)
    }

    /// Views for the trailing side of the navigation bar (`.automatic` placement).
    @_disfavoredOverload
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        ToolbarWriter(content: self, entries: [_ToolbarEntry(placement: .automatic, content: content())])
    }

    /// Shows or hides a bar: `.hidden` for `.navigationBar` hides the navigation bar (others accepted).
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        CollectorWriter(content: self) { state in
            if bars.contains(.navigationBar) || bars.contains(.automatic) { state.barHidden = visibility == .hidden }
        }
    }

    /// Accepted: bars are drawn with iOS's scroll-edge background.
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View { self }

    /// Accepted: bars are drawn with iOS's scroll-edge background.
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { self }

    /// Accepted: the bars' role (e.g. `.editor`) changes no layout TextFit draws.
    public func toolbarRole(_ role: ToolbarRole) -> some View { self }
}

/// A toolbar's role (accepted).
public struct ToolbarRole: Sendable, Hashable {
    let name: String
    /// The platform's default role.
    public static let automatic = ToolbarRole(name: "automatic")
    /// A browser's toolbar.
    public static let browser = ToolbarRole(name: "browser")
    /// An editor's toolbar.
    public static let editor = ToolbarRole(name: "editor")
    /// A navigation stack's toolbar.
    public static let navigationStack = ToolbarRole(name: "navigationStack")
}

/// Records its entries (evaluated here, in the environment around the modified view) in the enclosing
/// stack's collector, then stands for its content.
private struct ToolbarWriter<Content: View>: PrimitiveView {
    let content: Content
    let entries: [_ToolbarEntry]

    func appendElements(to list: inout [AnyElement]) {
        if let collector = NavigationCollector.current {
            let evaluated = entries.filter { $0.placement.region != .hidden }.map { entry in
                let item = ToolbarEntryContent(entry: entry)
                    .environment(\.labelContext, .toolbar)
                    .imageScale(IOSMetrics.barButtonSymbolScale)
                return (placement: entry.placement,
                        elements: entry.placement.emphasized ? item.fontWeight(.semibold).elements : item.elements)
            }
            collector.update { $0.items.append(contentsOf: evaluated) }
        }
        content.appendElements(to: &list)
    }
}
