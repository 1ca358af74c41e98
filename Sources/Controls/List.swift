import Foundation
import LayoutCore
import Layouts
import TextLayout

// List and Form: a column of sections on the style's background, each section a header, a card of
// rows and a footer, each row its content inside the row insets, at least 44 pt high, with a
// separator below it (IOSMetrics.swift for every length). A list takes the size it is offered (a
// `nil` axis: its content's) and clips what does not fit: a list scrolls, so rows past its bottom
// are scrolled away, not cut.
//
// Built when the list is evaluated: the content's views are evaluated with the list's context in
// the environment (so a `Toggle` knows it is a row and a `Label` lays out in the row's icon column), views that are sections (`Section` inside a
// list makes one element, `ListSectionLayout`) are kept, and runs of other views are put in a
// section of their own, as iOS does with rows outside any `Section`.

/// A scrolling column of rows, grouped in sections: `List { … }`, `List(items) { item in … }`.
///
/// Lays out as iOS does in the environment's ``ListStyle`` (inset grouped by default): rows at
/// least `defaultMinListRowHeight` (44 pt) high, their content inset by the row insets
/// (``View/listRowInsets(_:)``), separators between rows, sections spaced by
/// ``View/listSectionSpacing(_:)-(ListSectionSpacing)``. The list fills the proposal; on a `nil` axis it is as large as
/// its content. Selection is accepted and not shown.
public struct List<SelectionValue: Hashable, Content: View>: View {
    let content: Content

    public var body: some View { ListContainer(content: content) }
}

extension List where SelectionValue == Never {
    /// A list of the views `content` builds: each view a row, each `Section` a section.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// A row for each element of `data`, identified by its `id`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }

    /// A row for each element of `data`, identified by the key path `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        content = ForEach(data, id: id, content: rowContent)
    }

    /// A row for each integer of a constant range.
    public init<RowContent: View>(
        _ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent
    ) where Content == ForEach<Range<Int>, Int, RowContent> {
        content = ForEach(data, content: rowContent)
    }
}

extension List {
    /// A list with single selection (accepted; nothing is selected in a layout).
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A list with multiple selection (accepted; nothing is selected in a layout).
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A row for each element of `data` with single selection (accepted, not shown).
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }

    /// A row for each element of `data` with multiple selection (accepted, not shown).
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }

    /// A row for each element of `data`, identified by `id`, with single selection (accepted, not shown).
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        content = ForEach(data, id: id, content: rowContent)
    }
}

/// A form: a list of controls in sections, laid out as an inset-grouped list on iOS.
public struct Form<Content: View>: View {
    let content: Content

    /// A form of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View { ListContainer(content: content, isForm: true) }
}

// MARK: - Building a list

/// The list's elements: its content evaluated in the list's context, grouped in sections, under
/// `ListLayout`, clipped.
struct ListContainer<Content: View>: PrimitiveView {
    let content: Content
    var isForm = false

    func appendElements(to list: inout [AnyElement]) {
        let environment = EnvironmentValues.current
        // A form's style is always grouped on iOS; a list's is the environment's (inset grouped when automatic).
        let kind = isForm ? .insetGrouped : (environment.listStyleKind ?? .insetGrouped)
        let context = ListContext(metrics: ListMetrics(kind: kind))
        let elements = content.environment(\.listContext, context).environment(\.labelContext, .listRow).elements

        var sections: [AnyElement] = []
        var loose: [AnyElement] = []
        func closeLooseRows() {
            guard !loose.isEmpty else { return }
            sections.append(makeSection(header: [], rows: loose, footer: [], context: context, environment: environment))
            loose = []
        }
        for element in elements {
            if case .layout(let layout, _) = element.content, layout is ListSectionLayout {
                closeLooseRows()
                sections.append(element)
            } else {
                loose.append(element)
            }
        }
        closeLooseRows()

        let hidesBackground = environment.scrollContentBackground == .hidden
        var background = AnyElement(hidesBackground ? Color.clear : context.metrics.listBackground)
        var issues: [String] = []
        var spacing = environment.listSectionSpacing.value ?? IOSMetrics.sectionSpacing
        if !spacing.isFinite || spacing < 0 {
            issues.append("listSectionSpacing(\(spacing)) is not a finite length ≥ 0; the default 35 pt is used")
            spacing = IOSMetrics.sectionSpacing
        }
        issues += ListIssues.check(environment)
        for element in sections.flatMap(rowContents) {
            if let insets = element.traits.layoutValues[ObjectIdentifier(ListRowInsetsKey.self)] as? EdgeInsets?, let insets,
               ![insets.top, insets.leading, insets.bottom, insets.trailing].allSatisfy(\.isFinite) {
                issues.append("listRowInsets(\(insets)) has a non-finite edge; the style's inset is used there")
            }
        }
        if !issues.isEmpty {
            background = AnyElement(layout: ZStackLayout(), children: [background, AnyElement(ControlDiagnostics(messages: issues))])
        }
        let layout = ListLayout(isGrouped: context.metrics.isGrouped, sectionSpacing: spacing)
        // On a device the list runs under the status bar and the home indicator where it reaches
        // them (a scroll view's frame does), and keeps its sections in the safe area (`ListLayout`).
        Elements([AnyElement(layout: layout, children: [background] + sections)]).scrollClipped(.vertical).ignoresSafeArea()
            .appendElements(to: &list)
    }
}

/// One section of a list: its header and footer styled as the list's style styles them, and each
/// row wrapped in a ``ListRowLayout`` (insets, minimum height, separator, background).
func makeSection(header: [AnyElement], rows: [AnyElement], footer: [AnyElement], context: ListContext,
                 environment: EnvironmentValues) -> AnyElement {
    let metrics = context.metrics
    let minHeight = ListIssues.minRowHeight(environment)
    let rowSpacing = ListIssues.rowSpacing(environment)
    let card = AnyElement(RoundedRectangle(cornerRadius: metrics.cardCornerRadius, style: .continuous).fill(metrics.cardBackground))
    var wrapped: [AnyElement] = []
    for (index, row) in rows.enumerated() {
        let (content, background) = peelRow(row)
        let separator = AnyElement(Rectangle().fill(IOSMetrics.separatorColor))
        let layout = ListRowLayout(defaultInsets: metrics.defaultRowInsets, minHeight: minHeight,
                                   separatorByDefault: index < rows.count - 1 && rowSpacing == 0)
        wrapped.append(AnyElement(layout: layout, children: [background ?? AnyElement(Color.clear), content, separator]))
    }
    let layout = ListSectionLayout(metrics: metrics, hasHeader: !header.isEmpty, hasFooter: !footer.isEmpty,
                                   rowSpacing: rowSpacing, minHeaderHeight: environment.defaultMinListHeaderHeight)
    let headerElement = header.isEmpty ? [] : [header.count == 1 ? header[0] : AnyElement(layout: VStackLayout(alignment: .leading), children: header)]
    let footerElement = footer.isEmpty ? [] : [footer.count == 1 ? footer[0] : AnyElement(layout: VStackLayout(alignment: .leading), children: footer)]
    return AnyElement(layout: layout, children: [card] + headerElement + footerElement + wrapped)
}

/// Elements written as a view (what `makeSection` and the containers hand to modifiers).
struct Elements: PrimitiveView {
    let list: [AnyElement]
    init(_ list: [AnyElement]) { self.list = list }
    func appendElements(to list: inout [AnyElement]) { list.append(contentsOf: self.list) }
}

// MARK: - The list's layout

/// The list: its background over the whole frame, its sections one under another, the space between
/// them the section spacing in the grouped styles (35 pt above the first and below the last, whatever
/// the spacing) and none in the plain ones. Takes the proposal; a `nil` axis is the content's extent.
///
/// Laid out on a device, where the list's frame runs into the unsafe area (it ignores the safe area,
/// as a scroll view's frame fills the screen), its sections are kept out of it: below the status bar,
/// above the home indicator and, in landscape, inside the sensor housing's side, as UIKit insets a
/// list's content and its cells by the safe area.
struct ListLayout: Layout {
    let isGrouped: Bool
    let sectionSpacing: CGFloat

    /// Above the first section and below the last.
    private var edgeSpacing: CGFloat { isGrouped ? IOSMetrics.sectionSpacing : 0 }

    /// The space after section `index` (a section's own `listSectionSpacing` wins).
    private func gap(after index: Int, _ subviews: Subviews) -> CGFloat {
        guard isGrouped else { return 0 }
        return sectionSubviewSpacing(subviews[index + 1]) ?? sectionSpacing
    }

    private func sectionSubviewSpacing(_ subview: LayoutSubview) -> CGFloat? {
        subview[SectionSpacingAfterKey.self]
    }

    private func measure(_ proposal: ProposedViewSize, _ subviews: Subviews, inset: CGFloat = 0) -> (size: CGSize, heights: [CGFloat]) {
        let sections = subviews.dropFirst()
        let child = ProposedViewSize(width: proposal.width.map { max(0, $0 - inset) }, height: nil)
        var width: CGFloat = 0
        var heights: [CGFloat] = []
        var height = edgeSpacing
        for (offset, section) in sections.enumerated() {
            let size = section.sizeThatFits(child)
            width = max(width, size.width)
            heights.append(size.height)
            height += size.height + (offset < sections.count - 1 ? gap(after: offset, subviews) : edgeSpacing)
        }
        return (CGSize(width: proposal.width ?? width, height: proposal.height ?? height), heights)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        measure(proposal, subviews).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        // The part of the frame in the device's unsafe area (none outside a device).
        let unsafe = subviews.environment.screen?.unsafeInsets(of: bounds, rightToLeft: subviews.layoutDirection == .rightToLeft) ?? EdgeInsets()
        let (_, heights) = measure(proposal, subviews, inset: unsafe.leading + unsafe.trailing)
        subviews[0].place(at: bounds.origin, proposal: ProposedViewSize(bounds.size))
        let sectionWidth = ProposedViewSize(width: proposal.width.map { max(0, $0 - unsafe.leading - unsafe.trailing) }, height: nil)
        var y = bounds.minY + unsafe.top + edgeSpacing
        for (offset, section) in subviews.dropFirst().enumerated() {
            section.place(at: CGPoint(x: bounds.minX + unsafe.leading, y: y), proposal: sectionWidth)
            y += heights[offset] + (offset < heights.count - 1 ? gap(after: offset, subviews) : 0)
        }
    }
}

/// A section's own `listSectionSpacing`, read by the list.
struct SectionSpacingAfterKey: LayoutValueKey {
    static let defaultValue: CGFloat? = nil
}

// MARK: - A section's layout

/// A section: [card, header?, footer?, rows…]. The header sits above the card, its text aligned with
/// the rows' content; the rows are stacked on the card; the footer sits below it.
struct ListSectionLayout: Layout {
    let metrics: ListMetrics
    let hasHeader: Bool
    let hasFooter: Bool
    let rowSpacing: CGFloat
    let minHeaderHeight: CGFloat?

    private var headerIndex: Int? { hasHeader ? 1 : nil }
    private var footerIndex: Int? { hasFooter ? 1 + (hasHeader ? 1 : 0) : nil }
    private var firstRow: Int { firstRowIndex }
    var firstRowIndex: Int { 1 + (hasHeader ? 1 : 0) + (hasFooter ? 1 : 0) }

    /// Padding above and below a header's text, and above and below a footer's.
    private var headerPadding: (top: CGFloat, bottom: CGFloat) {
        metrics.isGrouped ? (0, IOSMetrics.groupedHeaderBottomPadding)
            : (IOSMetrics.plainHeaderVerticalPadding, IOSMetrics.plainHeaderVerticalPadding)
    }
    private var footerPadding: (top: CGFloat, bottom: CGFloat) {
        metrics.isGrouped ? (IOSMetrics.groupedFooterTopPadding, 0)
            : (IOSMetrics.plainHeaderVerticalPadding, IOSMetrics.plainHeaderVerticalPadding)
    }

    private struct Frames {
        var size: CGSize
        var header: CGRect?
        var footer: CGRect?
        var card: CGRect
        var rows: [CGRect]
        var contentWidth: CGFloat?
        var textWidth: CGFloat?
    }

    private func frames(_ proposal: ProposedViewSize, _ subviews: Subviews) -> Frames {
        let margin = metrics.sectionMargin, inset = metrics.rowHorizontalInset
        let rowWidth = proposal.width.map { max(0, $0 - 2 * margin) }
        let textWidth = rowWidth.map { max(0, $0 - 2 * inset) }
        let rows = subviews[firstRow...]
        let rowSizes = rows.map { $0.sizeThatFits(ProposedViewSize(width: rowWidth, height: nil)) }
        var y: CGFloat = 0
        var header: CGRect?
        var widest = rowSizes.map(\.width).max() ?? 0
        if let headerIndex {
            let size = subviews[headerIndex].sizeThatFits(ProposedViewSize(width: textWidth, height: nil))
            let band = max(minHeaderHeight ?? 0, headerPadding.top + size.height + headerPadding.bottom)
            header = CGRect(x: margin + inset, y: band - headerPadding.bottom - size.height, width: size.width, height: size.height)
            widest = max(widest, size.width + 2 * inset)
            y = band
        }
        let cardTop = y
        var rowFrames: [CGRect] = []
        for (offset, size) in rowSizes.enumerated() {
            if offset > 0 { y += rowSpacing }
            rowFrames.append(CGRect(x: margin, y: y, width: size.width, height: size.height))
            y += size.height
        }
        let card = CGRect(x: margin, y: cardTop, width: rowWidth ?? widest, height: y - cardTop)
        var footer: CGRect?
        if let footerIndex {
            let size = subviews[footerIndex].sizeThatFits(ProposedViewSize(width: textWidth, height: nil))
            footer = CGRect(x: margin + inset, y: y + footerPadding.top, width: size.width, height: size.height)
            widest = max(widest, size.width + 2 * inset)
            y += footerPadding.top + size.height + footerPadding.bottom
        }
        return Frames(size: CGSize(width: proposal.width ?? widest + 2 * margin, height: y), header: header, footer: footer,
                      card: card, rows: rowFrames, contentWidth: rowWidth, textWidth: textWidth)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        frames(proposal, subviews).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let f = frames(proposal, subviews)
        func place(_ subview: LayoutSubview, _ rect: CGRect, _ proposal: ProposedViewSize) {
            subview.place(at: CGPoint(x: bounds.minX + rect.minX, y: bounds.minY + rect.minY), proposal: proposal)
        }
        place(subviews[0], f.card, ProposedViewSize(f.card.size))
        let text = ProposedViewSize(width: f.textWidth, height: nil)
        if let headerIndex, let header = f.header { place(subviews[headerIndex], header, text) }
        if let footerIndex, let footer = f.footer { place(subviews[footerIndex], footer, text) }
        for (offset, frame) in f.rows.enumerated() {
            place(subviews[firstRow + offset], frame, ProposedViewSize(width: f.contentWidth, height: nil))
        }
    }
}

// MARK: - A row's layout

/// What `listRowInsets(_:)` set on a row (`nil`: the style's).
struct ListRowInsetsKey: LayoutValueKey {
    static let defaultValue: EdgeInsets? = nil
}

/// What `listRowSeparator(_:edges:)` set on a row.
struct ListRowSeparatorKey: LayoutValueKey {
    static let defaultValue: Visibility = .automatic
}

/// A row: [background, content, separator]. The content is proposed the row's width less the row
/// insets and `nil` height; the row is the content's height plus the top and bottom insets, at least
/// the minimum row height, with the content centred vertically in what the insets leave; the
/// separator is one pixel along the bottom, from the content's leading inset to the row's trailing
/// edge, drawn between rows unless the row hides it.
struct ListRowLayout: Layout {
    let defaultInsets: EdgeInsets
    let minHeight: CGFloat
    let separatorByDefault: Bool

    /// The row's insets: `listRowInsets`' (a non-finite edge: the style's, reported by the list), else the style's.
    private func insets(_ subviews: Subviews) -> EdgeInsets {
        guard let set = subviews[1][ListRowInsetsKey.self] else { return defaultInsets }
        func edge(_ value: CGFloat, _ fallback: CGFloat) -> CGFloat { value.isFinite ? value : fallback }
        return EdgeInsets(top: edge(set.top, defaultInsets.top), leading: edge(set.leading, defaultInsets.leading),
                          bottom: edge(set.bottom, defaultInsets.bottom), trailing: edge(set.trailing, defaultInsets.trailing))
    }

    private func contentProposal(_ proposal: ProposedViewSize, _ insets: EdgeInsets) -> ProposedViewSize {
        ProposedViewSize(width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) }, height: nil)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let insets = insets(subviews)
        let content = subviews[1].sizeThatFits(contentProposal(proposal, insets))
        return CGSize(width: proposal.width ?? content.width + insets.leading + insets.trailing,
                      height: max(minHeight, content.height + insets.top + insets.bottom))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let insets = insets(subviews)
        let child = contentProposal(proposal, insets)
        let content = subviews[1].sizeThatFits(child)
        subviews[0].place(at: bounds.origin, proposal: ProposedViewSize(bounds.size))
        let free = bounds.height - insets.top - insets.bottom
        subviews[1].place(at: CGPoint(x: bounds.minX + insets.leading, y: bounds.minY + insets.top + (free - content.height) / 2),
                          proposal: child)
        let visibility = subviews[1][ListRowSeparatorKey.self]
        let shows = visibility == .visible || (visibility == .automatic && separatorByDefault)
        // The separator runs from the content's `listRowSeparatorLeading` guide (its leading edge
        // unless set: a label's title, past its icon) to its `listRowSeparatorTrailing` guide, else the
        // row's trailing edge.
        let dimensions = subviews[1].dimensions(in: child)
        let start = insets.leading + (dimensions[explicit: .listRowSeparatorLeading] ?? 0)
        let end = dimensions[explicit: .listRowSeparatorTrailing].map { insets.leading + $0 } ?? bounds.width
        let length = shows ? max(0, end - start) : 0
        // One pixel of the screen laid out on now (read here, not when the list is built: a tree
        // moves between screens of different scales).
        let thickness = subviews.environment.pixelLength
        subviews[2].place(at: CGPoint(x: bounds.minX + start, y: bounds.maxY - thickness),
                          proposal: ProposedViewSize(width: length, height: shows ? thickness : 0))
    }
}

private enum ListRowSeparatorLeadingID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context[.leading] }
}

private enum ListRowSeparatorTrailingID: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context[.trailing] }
}

extension HorizontalAlignment {
    /// Where a list row's separator starts: set it on the part of a row the separator lines up with
    /// (`alignmentGuide(.listRowSeparatorLeading) { $0[.leading] }` on a title past its icon).
    public static let listRowSeparatorLeading = HorizontalAlignment(ListRowSeparatorLeadingID.self)

    /// Where a list row's separator ends (unless set, the row's trailing edge).
    public static let listRowSeparatorTrailing = HorizontalAlignment(ListRowSeparatorTrailingID.self)
}

extension View {
    /// The insets of this row's content in a list (`nil`: the style's: 11 pt above and below, 16 pt
    /// at the sides).
    public func listRowInsets(_ insets: EdgeInsets?) -> some View {
        layoutValue(key: ListRowInsetsKey.self, value: insets)
    }

    /// Shows or hides this row's separator (the one below it; `edges` accepted). Outside a list, nothing.
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        layoutValue(key: ListRowSeparatorKey.self, value: edges.contains(.bottom) ? visibility : .automatic)
    }

    /// Accepted: separators are drawn in iOS's separator colour.
    public func listRowSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> some View { self }

    /// Accepted: sections are separated by their cards and spacing.
    public func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View { self }

    /// Draws `view` behind this row in a list, in place of the style's card (`nil`: the card).
    public func listRowBackground<V: View>(_ view: V?) -> some View {
        RowBackgroundWriter(content: self, background: view)
    }
}

/// `listRowBackground(_:)`: the content and the background in a ``RowBackgroundCarrier``, which a
/// list takes apart; anywhere else it lays out as the content with the background behind it.
private struct RowBackgroundWriter<Content: View, Background: View>: PrimitiveView {
    let content: Content
    let background: Background?

    func appendElements(to list: inout [AnyElement]) {
        guard let background else { content.appendElements(to: &list); return }
        let backgroundElement = AnyElement(background)
        for element in content.elements {
            list.append(AnyElement(layout: RowBackgroundCarrier(), children: [backgroundElement, element]))
        }
    }
}

/// [background, content]: the content's size and guides, the background behind it at its size.
struct RowBackgroundCarrier: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews[1].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews[0].place(at: bounds.origin, proposal: ProposedViewSize(bounds.size))
        subviews[1].place(at: bounds.origin, proposal: proposal)
    }

    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { subviews[1].spacing }
}

/// A row's content and its `listRowBackground`, when it set one: the row taken out of the carriers
/// around it (a background's, a tag's, in any order), so the row layout reads the content's own
/// layout values (`listRowInsets`, `listRowSeparator`).
func peelRow(_ element: AnyElement) -> (content: AnyElement, background: AnyElement?) {
    var current = element, background: AnyElement?
    while case .layout(let layout, let children) = current.content {
        if layout is RowBackgroundCarrier, children.count == 2 {
            background = background ?? children[0]
            current = children[1].adopting(current.traits)
        } else if layout is TagCarrier, children.count == 1 {
            current = children[0].adopting(current.traits)
        } else {
            break
        }
    }
    return (current, background)
}

extension AnyElement {
    /// This element with the traits of a carrier it was taken out of (the carrier's are outer:
    /// its environment applies after this element's, its layout values win, its id fills a missing one).
    func adopting(_ outer: Traits) -> AnyElement {
        var element = self
        if element.traits.id == nil { element.traits.id = outer.id }
        if let priority = outer.priority { element.traits.priority = priority }
        element.traits.layoutValues.merge(outer.layoutValues) { _, outer in outer }
        element.traits.environment.append(contentsOf: outer.environment)
        element.traits.drawing.append(contentsOf: outer.drawing)
        return element
    }
}

/// The list values an environment can hold that no list can use, each replaced by its default and
/// reported (`invalidModifierValue`) by the list.
enum ListIssues {
    static func minRowHeight(_ environment: EnvironmentValues) -> CGFloat {
        let value = environment.defaultMinListRowHeight
        return value.isFinite && value >= 0 ? value : IOSMetrics.minimumRowHeight
    }

    static func rowSpacing(_ environment: EnvironmentValues) -> CGFloat {
        guard let value = environment.listRowSpacing else { return 0 }
        return value.isFinite && value >= 0 ? value : 0
    }

    static func check(_ environment: EnvironmentValues) -> [String] {
        var issues: [String] = []
        let height = environment.defaultMinListRowHeight
        if !(height.isFinite && height >= 0) {
            issues.append("defaultMinListRowHeight \(height) is not a finite length ≥ 0; 44 pt is used")
        }
        if let spacing = environment.listRowSpacing, !(spacing.isFinite && spacing >= 0) {
            issues.append("listRowSpacing(\(spacing)) is not a finite length ≥ 0; no spacing is used")
        }
        return issues
    }
}

/// The rows of a section element (its children after the card, header and footer).
private func rowContents(_ section: AnyElement) -> [AnyElement] {
    guard case .layout(let layout, let children) = section.content, let section = layout as? ListSectionLayout else { return [] }
    return children.dropFirst(section.firstRowIndex).compactMap { row in
        if case .layout(_, let parts) = row.content, parts.count == 3 { return parts[1] }
        return nil
    }
}

/// A zero-size leaf that reports what a control found wrong with the values it was given.
struct ControlDiagnostics: DiagnosingLeaf {
    let messages: [String]

    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize { .zero }

    /// One diagnostic naming every value (a tree reports one diagnostic of a kind per element).
    func diagnostics(environment: EnvironmentValues) -> [LeafDiagnostic] {
        messages.isEmpty ? [] : [LeafDiagnostic(kind: .invalidModifierValue, message: messages.joined(separator: "; "))]
    }
}
