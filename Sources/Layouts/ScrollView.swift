import Foundation
import LayoutCore

// SwiftUI's `ScrollView`, laid out as objc.io's *Thinking in SwiftUI* describes it (chapter
// "Layout", section "Scroll Views"; summarised in github.com/kasrababaei/swift-notes, SwiftUI.md):
// - "the scroll view proposes nil in the scroll axis (or axes), and it proposes the unmodified
//   dimension for the other axis";
// - "The scroll view itself accepts the proposed size along the scroll axis, and it becomes the
//   size of its content on the other axis" (so a vertical scroll view of short text is the text's
//   width; `.frame(maxWidth: .infinity)` on the content widens it);
// - several content views are "placed inside an implicit VStack, regardless of the scroll direction";
// - content sits at the top-leading corner (scrolled to its start), not centred.
// Under a `nil` proposal on a scroll axis the scroll view is its content's length there, its ideal
// size: what `.fixedSize()` makes a scroll view hug. Its content is clipped to it as `clipped()`
// clips (a scroll clip, `scrollClipped`), so what lies beyond it is not drawn; a text's fit counts
// what lies beyond it along the scrolled axes as scrolled out of view, not cut.

/// A scrollable view: SwiftUI's `ScrollView`. Its content is laid out at its ideal length along the
/// scrolled axes, from the scroll view's top-leading corner, and clipped to the scroll view (shown
/// as scrolled to its start). Several views in `content` are stacked vertically, as SwiftUI stacks
/// them, whatever the axes.
public struct ScrollView<Content: View>: View {
    public typealias Body = Never
    /// The scrollable axes.
    public var axes: Axis.Set
    /// Whether indicators are shown: accepted (they overlay the content and take no space on iOS).
    public var showsIndicators: Bool
    /// The scrolled content.
    public var content: Content

    /// A scroll view over `content` along `axes` (vertical by default).
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }
}

extension ScrollView: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {
        let views = content.elements
        let stacked = views.count == 1 ? views[0] : AnyElement(layout: VStackLayout(), children: views)
        let scroller = AnyElement(layout: ScrollViewLayout(axes: axes), children: [stacked])
        list.append(contentsOf: AnyView(element: scroller).scrollClipped(axes).elements)
    }
}

/// How a ``ScrollView`` sizes and places its one child (see the top of this file).
struct ScrollViewLayout: Layout {
    let axes: Axis.Set

    /// What the content is proposed: `nil` along the scrolled axes, the proposal across.
    func contentProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                         height: axes.contains(.vertical) ? nil : proposal.height)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let content = subviews.first?.sizeThatFits(contentProposal(proposal)) ?? .zero
        return CGSize(width: axes.contains(.horizontal) ? proposal.width ?? content.width : content.width,
                      height: axes.contains(.vertical) ? proposal.height ?? content.height : content.height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, anchor: .topLeading, proposal: contentProposal(proposal))
    }

    /// A scroll view's edges are its own: ordinary spacing, whatever its content prefers.
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { ViewSpacing() }
}

// MARK: - Scrolling modifiers (interaction only: accepted, no layout)

/// Whether scroll indicators are shown (`scrollIndicators(_:axes:)`): accepted; on iOS indicators
/// overlay the content and take no space.
public struct ScrollIndicatorVisibility: Sendable, Equatable {
    let name: String
    /// As the platform decides.
    public static let automatic = ScrollIndicatorVisibility(name: "automatic")
    /// Shown.
    public static let visible = ScrollIndicatorVisibility(name: "visible")
    /// Hidden.
    public static let hidden = ScrollIndicatorVisibility(name: "hidden")
    /// Never shown, not even while scrolling.
    public static let never = ScrollIndicatorVisibility(name: "never")
}

/// How a scroll view settles after a gesture (`scrollTargetBehavior(_:)`): accepted; nothing scrolls here.
public protocol ScrollTargetBehavior {}

/// Settles on pages (`.paging`): accepted.
public struct PagingScrollTargetBehavior: ScrollTargetBehavior, Sendable {
    /// Scrolls a page at a time.
    public init() {}
}

/// Settles on views (`.viewAligned`): accepted.
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior, Sendable {
    /// Scrolls to align a view with the edge.
    public init() {}
}

extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior {
    /// Scrolls a page at a time.
    public static var paging: PagingScrollTargetBehavior { PagingScrollTargetBehavior() }
}

extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
    /// Scrolls to align a view with the edge.
    public static var viewAligned: ViewAlignedScrollTargetBehavior { ViewAlignedScrollTargetBehavior() }
}

/// Whether a scroll view bounces at its ends (`scrollBounceBehavior(_:axes:)`): accepted.
public struct ScrollBounceBehavior: Sendable, Equatable {
    let name: String
    /// As the platform decides.
    public static let automatic = ScrollBounceBehavior(name: "automatic")
    /// Always bounces.
    public static let always = ScrollBounceBehavior(name: "always")
    /// Bounces only when the content is larger than the view.
    public static let basedOnSize = ScrollBounceBehavior(name: "basedOnSize")
}

/// Which views stay pinned while a lazy stack or grid scrolls (`pinnedViews:`): accepted; nothing
/// scrolls here, so section headers and footers are laid out where they are written.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Section headers stay at the top while their section scrolls.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
    /// Section footers stay at the bottom while their section scrolls.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
}

extension View {
    /// Accepted: indicators take no space on iOS.
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View {
        self
    }

    /// Accepted: nothing scrolls, so how scrolling settles does not matter.
    public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View { self }

    /// Accepted: marks the views scrolling settles on.
    public func scrollTargetLayout(isEnabled: Bool = true) -> some View { self }

    /// Accepted: scrolling is never enabled here.
    public func scrollDisabled(_ disabled: Bool) -> some View { self }

    /// Accepted: nothing bounces.
    public func scrollBounceBehavior(_ behavior: ScrollBounceBehavior, axes: Axis.Set = [.vertical]) -> some View {
        self
    }

    /// Accepted; scroll views still clip their content here (the setting reaches scroll views through
    /// SwiftUI's environment, which TextFit's clip does not read).
    public func scrollClipDisabled(_ disabled: Bool = true) -> some View { self }

    /// Accepted: content is shown scrolled to its start.
    public func defaultScrollAnchor(_ anchor: UnitPoint?) -> some View { self }

    /// Accepted: the position is never read or moved (content is shown scrolled to its start).
    public func scrollPosition<ID: Hashable>(id: Binding<ID?>, anchor: UnitPoint? = nil) -> some View { self }
}

/// SwiftUI's `ScrollViewReader`: its content, built with a proxy whose `scrollTo` does nothing
/// (content is shown scrolled to its start). Lays out as its content, as a `Group` does.
public struct ScrollViewReader<Content: View>: View {
    public typealias Body = Never
    /// The content, given a proxy to scroll with.
    public var content: (ScrollViewProxy) -> Content

    /// A reader whose content gets a proxy to scroll with (scrolling does nothing here).
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }
}

extension ScrollViewReader: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) { content(ScrollViewProxy()).appendElements(to: &list) }
}

/// What a ``ScrollViewReader`` gives its content: `scrollTo(_:anchor:)` is accepted and does nothing.
public struct ScrollViewProxy: Sendable {
    /// Accepted: nothing scrolls here.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}

// A scroll view's explicit guides are its content's (`Layout`'s default `explicitAlignment`).
extension ScrollViewLayout: GuidesFromChildren {}
