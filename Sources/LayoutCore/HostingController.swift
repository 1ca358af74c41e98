import Foundation

// The one UIKit call SwiftUI code makes to measure a view: `UIHostingController(rootView:)
// .sizeThatFits(in:)` (packages that size cells or tags from SwiftUI content call it), answered by
// the layout engine. It is the only UIKit name TextFit offers, with `UIView`'s two fitting-size
// constants that such code passes to it; nothing here draws, holds a view or takes part in UIKit's
// Auto Layout. On Apple platforms SwiftUI's own type is used (`import SwiftUI`, `import UIKit`).

/// Hosts a SwiftUI view to measure it, as UIKit's `UIHostingController` does for
/// `sizeThatFits(in:)`: the one UIKit type TextFit offers.
///
/// ```swift
/// let size = UIHostingController(rootView: TagChip(title: "Zürich"))
///     .sizeThatFits(in: CGSize(width: 320, height: CGFloat.greatestFiniteMagnitude))
/// ```
open class UIHostingController<Content: View> {
    /// The view measured.
    public var rootView: Content

    /// A controller for `rootView`.
    public init(rootView: Content) { self.rootView = rootView }

    /// The root view's size for `size` taken as a SwiftUI proposal (each length as proposed, as
    /// UIKit passes it): a text wraps to a finite width, and a view that takes what it is offered
    /// answers an infinite length for an infinite one (`.infinity`), as SwiftUI's does.
    ///
    /// The view is laid out in a new tree each call (its state starts afresh, its actions run and
    /// it settles, see ``LayoutTree/layout(in:)``), in the default environment (large Dynamic Type,
    /// left to right). A NaN length is taken as unspecified (`nil`) and a negative one as 0, the
    /// engine's rule for proposals.
    open func sizeThatFits(in size: CGSize) -> CGSize {
        LayoutTree(rootView).fittingSize(in: ProposedViewSize(width: size.width, height: size.height))
    }
}

/// UIKit's `UIView`, only for the fitting sizes code passes to ``UIHostingController/sizeThatFits(in:)``.
public enum UIView {
    /// "The option to use the smallest possible size" (UIKit's documentation): zero, SwiftUI's
    /// minimum proposal (printed as {0, 0} on the iPhone Simulator, the measurement cited below).
    public static let layoutFittingCompressedSize = CGSize.zero

    /// "The option to use the largest possible size" (UIKit's documentation, which gives no value):
    /// 10,000 × 10,000, the value printed on the iPhone Simulator in a published measurement (the
    /// Auto Layout article "深入剖析AutoLayout 之 尺寸计算": "UILayoutFittingExpandedSize = {10000,
    /// 10000}"), so an observation, not a documented number. Larger than any screen: a text is its
    /// ideal width in it, and a view that takes what it is offered is 10,000 wide.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)
}
