import Foundation
import LayoutCore
import TextLayout

// List styles and the environment a list writes for its rows: which style is in force, as metrics
// (IOSMetrics.swift), so rows, sections and the controls inside them lay out as iOS lays them out.

/// How a list looks: set it with ``View/listStyle(_:)`` on the list or an ancestor.
///
/// The built-in styles are iOS's: ``plain``, ``grouped``, ``insetGrouped``, ``inset``, ``sidebar``
/// (laid out as `insetGrouped` on iPhone) and ``automatic``, iOS's default (`insetGrouped`, for
/// `List` and `Form` alike). A style of your own lays out as `automatic`.
public protocol ListStyle: Sendable {}

/// The styles TextFit lays out (what a `ListStyle` resolves to).
enum ListStyleKind: Sendable, Hashable {
    case plain, grouped, insetGrouped, inset
}

/// A built-in style's kind.
protocol KindedListStyle: ListStyle {
    var kind: ListStyleKind? { get }
}

/// iOS's default: `insetGrouped` on iPhone, for a `List` and a `Form` alike (a `List` became
/// inset-grouped by default in iOS 14's SwiftUI when it has sections, and in every case since iOS 16;
/// a `Form`'s `.automatic` style is `.grouped`, which draws an inset-grouped list).
public struct DefaultListStyle: KindedListStyle {
    /// The platform's list style (inset grouped on iOS).
    public init() {}
    var kind: ListStyleKind? { nil }
}

/// Rows edge to edge on the list's background, separated by separators.
public struct PlainListStyle: KindedListStyle {
    /// Rows edge to edge, no section cards.
    public init() {}
    var kind: ListStyleKind? { .plain }
}

/// Sections edge to edge, on the grouped background, with uppercase footnote headers.
public struct GroupedListStyle: KindedListStyle {
    /// Sections in full-width groups.
    public init() {}
    var kind: ListStyleKind? { .grouped }
}

/// Sections as rounded cards inset from the list's edges, on the grouped background (Settings).
public struct InsetGroupedListStyle: KindedListStyle {
    /// Sections in inset cards with rounded corners (iOS's default).
    public init() {}
    var kind: ListStyleKind? { .insetGrouped }
}

/// Rows inset from the list's edges, without cards.
public struct InsetListStyle: KindedListStyle {
    /// Rows inset from the edges.
    public init() {}
    var kind: ListStyleKind? { .inset }
}

/// A sidebar: on iPhone, laid out as `insetGrouped`.
public struct SidebarListStyle: KindedListStyle {
    /// A sidebar's list.
    public init() {}
    var kind: ListStyleKind? { .insetGrouped }
}

extension ListStyle where Self == DefaultListStyle {
    /// iOS's default (``DefaultListStyle``).
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}

extension ListStyle where Self == PlainListStyle {
    /// ``PlainListStyle``.
    public static var plain: PlainListStyle { PlainListStyle() }
}

extension ListStyle where Self == GroupedListStyle {
    /// ``GroupedListStyle``.
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}

extension ListStyle where Self == InsetGroupedListStyle {
    /// ``InsetGroupedListStyle``.
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}

extension ListStyle where Self == InsetListStyle {
    /// ``InsetListStyle``.
    public static var inset: InsetListStyle { InsetListStyle() }
}

extension ListStyle where Self == SidebarListStyle {
    /// ``SidebarListStyle``.
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

/// How a form looks: ``automatic`` and ``grouped`` (an inset-grouped list on iOS) and ``columns``
/// (a macOS style; laid out as `grouped` here).
public protocol FormStyle: Sendable {}

/// iOS's form style: a grouped form.
public struct AutomaticFormStyle: FormStyle {
    /// The platform's form style (grouped on iOS).
    public init() {}
}

/// A grouped form: an inset-grouped list on iOS.
public struct GroupedFormStyle: FormStyle {
    /// Sections in inset grouped cards.
    public init() {}
}

/// Labels in a column beside their controls (macOS); laid out as ``GroupedFormStyle``.
public struct ColumnsFormStyle: FormStyle {
    /// Labels and controls in columns (macOS's).
    public init() {}
}

extension FormStyle where Self == AutomaticFormStyle {
    /// The platform's form style.
    public static var automatic: AutomaticFormStyle { AutomaticFormStyle() }
}

extension FormStyle where Self == GroupedFormStyle {
    /// Sections in inset grouped cards.
    public static var grouped: GroupedFormStyle { GroupedFormStyle() }
}

extension FormStyle where Self == ColumnsFormStyle {
    /// Labels and controls in columns.
    public static var columns: ColumnsFormStyle { ColumnsFormStyle() }
}

/// Whether something is shown: the system decides (`automatic`), or it is `visible` or `hidden`.
public enum Visibility: Sendable, Hashable, CaseIterable {
    /// Whether something is shown: as the platform decides, shown, or hidden.
    case automatic, visible, hidden
}

/// The top or bottom edge.
public enum VerticalEdge: Int8, Sendable, Hashable, CaseIterable {
    /// The top or bottom edge.
    case top, bottom

    /// A set of vertical edges.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The set of one edge.
        public init(_ edge: VerticalEdge) { self.init(rawValue: 1 << edge.rawValue) }
        /// The top edge.
        public static let top = Set(.top)
        /// The bottom edge.
        public static let bottom = Set(.bottom)
        /// Both edges.
        public static let all: Set = [.top, .bottom]
    }
}

/// The space between a list's sections: ``default`` (35 pt in the grouped styles,
/// `IOSMetrics.sectionSpacing`), ``compact`` (20 pt, an approximation) or ``custom(_:)``.
public struct ListSectionSpacing: Sendable, Hashable {
    let value: CGFloat?
    /// The platform's spacing between sections.
    public static let `default` = ListSectionSpacing(value: nil)
    /// Compact spacing between sections.
    public static let compact = ListSectionSpacing(value: IOSMetrics.compactSectionSpacing)
    /// `spacing` points between sections.
    public static func custom(_ spacing: CGFloat) -> ListSectionSpacing { ListSectionSpacing(value: spacing) }
}

/// A section header's prominence: ``increased`` headers are larger and keep their case.
public enum Prominence: Sendable, Hashable {
    /// Normal, or increased prominence (a section header in a larger font).
    case standard, increased
}

// MARK: - What a style lays out with

/// A list style's metrics, resolved once per list.
struct ListMetrics: Sendable, Hashable {
    let kind: ListStyleKind

    /// Whether sections are cards or bands on the grouped background (grouped, inset grouped).
    var isGrouped: Bool { kind == .grouped || kind == .insetGrouped }

    /// The card's (or the rows') distance from the list's leading and trailing edges.
    var sectionMargin: CGFloat {
        switch kind {
        case .insetGrouped, .inset: IOSMetrics.insetSectionMargin
        case .plain, .grouped: 0
        }
    }

    /// The default leading and trailing inset of a row's content inside its card or band.
    var rowHorizontalInset: CGFloat {
        kind == .insetGrouped ? IOSMetrics.insetGroupedRowHorizontalInset : IOSMetrics.plainRowHorizontalInset
    }

    var defaultRowInsets: EdgeInsets {
        EdgeInsets(top: IOSMetrics.rowVerticalInset, leading: rowHorizontalInset,
                   bottom: IOSMetrics.rowVerticalInset, trailing: rowHorizontalInset)
    }

    var cardCornerRadius: CGFloat { kind == .insetGrouped ? IOSMetrics.cardCornerRadius : 0 }

    var listBackground: Color { isGrouped ? IOSMetrics.groupedBackground : IOSMetrics.plainBackground }

    var cardBackground: Color { isGrouped ? IOSMetrics.groupedCardBackground : .clear }
}

/// What a list tells the views inside it: its style (rows, sections and controls lay out by it).
struct ListContext: Sendable, Hashable {
    let metrics: ListMetrics
}

private struct ListStyleKindKey: EnvironmentKey { static let defaultValue: ListStyleKind? = nil }
private struct ListContextKey: EnvironmentKey { static let defaultValue: ListContext? = nil }
private struct MinRowHeightKey: EnvironmentKey { static let defaultValue: CGFloat = IOSMetrics.minimumRowHeight }
private struct MinHeaderHeightKey: EnvironmentKey { static let defaultValue: CGFloat? = nil }
private struct SectionSpacingKey: EnvironmentKey { static let defaultValue: ListSectionSpacing = .default }
private struct RowSpacingKey: EnvironmentKey { static let defaultValue: CGFloat? = nil }
private struct ScrollContentBackgroundKey: EnvironmentKey { static let defaultValue: Visibility = .automatic }
private struct HeaderProminenceKey: EnvironmentKey { static let defaultValue: Prominence = .standard }

extension EnvironmentValues {
    /// The list style set by `listStyle(_:)` (`nil`: automatic).
    var listStyleKind: ListStyleKind? {
        get { self[ListStyleKindKey.self] }
        set { self[ListStyleKindKey.self] = newValue }
    }

    /// The list the view is a row of (set by `List` and `Form` for their content), else `nil`.
    var listContext: ListContext? {
        get { self[ListContextKey.self] }
        set { self[ListContextKey.self] = newValue }
    }

    /// The minimum height of a list row: 44 pt unless set (`IOSMetrics.minimumRowHeight`). A row is
    /// as tall as its content and row insets, and never less than this.
    public var defaultMinListRowHeight: CGFloat {
        get { self[MinRowHeightKey.self] }
        set { self[MinRowHeightKey.self] = newValue }
    }

    /// The minimum height of a section header (`nil`: the header's own, the default).
    public var defaultMinListHeaderHeight: CGFloat? {
        get { self[MinHeaderHeightKey.self] }
        set { self[MinHeaderHeightKey.self] = newValue }
    }

    var listSectionSpacing: ListSectionSpacing {
        get { self[SectionSpacingKey.self] }
        set { self[SectionSpacingKey.self] = newValue }
    }

    var listRowSpacing: CGFloat? {
        get { self[RowSpacingKey.self] }
        set { self[RowSpacingKey.self] = newValue }
    }

    var scrollContentBackground: Visibility {
        get { self[ScrollContentBackgroundKey.self] }
        set { self[ScrollContentBackgroundKey.self] = newValue }
    }

    /// The prominence of section headers (`headerProminence(_:)`).
    public var headerProminence: Prominence {
        get { self[HeaderProminenceKey.self] }
        set { self[HeaderProminenceKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of lists inside (``ListStyle``).
    public func listStyle<S: ListStyle>(_ style: S) -> some View {
        let kind = (style as? any KindedListStyle)?.kind
        return environment(\.listStyleKind, kind)
    }

    /// Sets the style of forms inside: every form style lays out as an inset-grouped list on iOS.
    public func formStyle<S: FormStyle>(_ style: S) -> some View { self }

    /// The space between the sections of lists inside (a list or a section may set it).
    public func listSectionSpacing(_ spacing: ListSectionSpacing) -> some View {
        environment(\.listSectionSpacing, spacing)
    }

    /// The space between the sections of lists inside, in points.
    public func listSectionSpacing(_ spacing: CGFloat) -> some View {
        environment(\.listSectionSpacing, .custom(spacing))
    }

    /// Vertical space between the rows of lists inside (`nil`: none, rows meet at their separators).
    public func listRowSpacing(_ spacing: CGFloat?) -> some View {
        environment(\.listRowSpacing, spacing)
    }

    /// Hides (or shows) the background of lists and forms inside, so what is behind shows through.
    public func scrollContentBackground(_ visibility: Visibility) -> some View {
        environment(\.scrollContentBackground, visibility)
    }

    /// Makes section headers inside more prominent (`increased`: `.headline`, not uppercased).
    public func headerProminence(_ prominence: Prominence) -> some View {
        environment(\.headerProminence, prominence)
    }
}
