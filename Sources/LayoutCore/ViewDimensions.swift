import Foundation

/// A view's size and alignment guides, as a container sees it under one proposal.
///
/// Guide values are measured from the view's own top-left (leading) corner, in points. Subscripting
/// with a guide gives its explicit value if the view has one (text baselines, an `alignmentGuide`
/// modifier, a container merging its children's), otherwise the guide's default.
public struct ViewDimensions: Equatable {
    /// The view's width, in points.
    public let width: CGFloat
    /// The view's height, in points.
    public let height: CGFloat
    /// The view the guides are read from, under which proposal; `nil` for plain dimensions.
    let source: GuideSource?

    init(width: CGFloat, height: CGFloat, source: GuideSource?) {
        self.width = width
        self.height = height
        self.source = source
    }

    /// A size's dimensions with no explicit guides (a slot a container aligns a subview in).
    package init(plainWidth width: CGFloat, height: CGFloat) {
        self.init(width: width, height: height, source: nil)
    }

    /// The guide's value: explicit if set, else `AlignmentID.defaultValue(in:)`.
    public subscript(guide: HorizontalAlignment) -> CGFloat {
        self[explicit: guide] ?? guide.defaultValue(in: self)
    }

    /// The guide's value: explicit if set, else `AlignmentID.defaultValue(in:)`.
    public subscript(guide: VerticalAlignment) -> CGFloat {
        self[explicit: guide] ?? guide.defaultValue(in: self)
    }

    /// The guide's explicit value, or `nil` when the view only has the default.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? {
        source?.explicitValue(.horizontal(guide), size: CGSize(width: width, height: height))
    }

    /// The guide's explicit value, or `nil` when the view only has the default.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? {
        source?.explicitValue(.vertical(guide), size: CGSize(width: width, height: height))
    }

    /// How far the view reaches past `guide`, a guide value on the axis whose length is `length`:
    /// `length − guide`, except that a view of infinite length (a `Color` offered ∞) reaches
    /// infinitely far past any guide, where the subtraction would be ∞ − ∞ = NaN for a centre or
    /// trailing guide. Containers use it to line children up on a guide (package: not API).
    package static func extent(of length: CGFloat, past guide: CGFloat) -> CGFloat {
        length.isInfinite ? length : length - guide
    }

    public static func == (a: ViewDimensions, b: ViewDimensions) -> Bool {
        a.width == b.width && a.height == b.height && a.source == b.source
    }
}

/// Where a `ViewDimensions` reads explicit guides: a node of a layout tree under a proposal,
/// seeing only the first `overrideLimit` of its `alignmentGuide` modifiers (an override's closure
/// sees the guides as they were before it).
struct GuideSource: Equatable {
    let tree: LayoutTree
    let node: Node
    let proposal: ProposedViewSize
    let overrideLimit: Int

    func explicitValue(_ guide: AnyGuide, size: CGSize) -> CGFloat? {
        tree.explicitGuide(guide, of: node, proposal: proposal, size: size, overrideLimit: overrideLimit)
    }

    static func == (a: GuideSource, b: GuideSource) -> Bool {
        a.node === b.node && a.proposal == b.proposal && a.overrideLimit == b.overrideLimit
    }
}
