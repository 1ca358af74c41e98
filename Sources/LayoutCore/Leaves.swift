import Foundation

/// A leaf of fixed size, whatever it is proposed (tests, placeholders, images of known size).
///
/// Negative or NaN lengths are taken as 0.
public struct Box: LeafView {
    /// The box's width, in points.
    public var width: CGFloat
    /// The box's height, in points.
    public var height: CGFloat

    /// A box of `width` by `height` points, whatever it is proposed.
    public init(width: CGFloat, height: CGFloat) {
        self.width = width.isNaN ? 0 : max(0, width)
        self.height = height.isNaN ? 0 : max(0, height)
    }

    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        CGSize(width: width, height: height)
    }
}

/// Flexible space: along the enclosing stack's axis from `minLength` (default 8 pt, the system
/// spacing) to whatever is proposed; zero across it. Outside a stack it stretches on both axes.
/// It prefers no spacing to its neighbours.
public struct Spacer: View {
    public typealias Body = Never
    /// The least length it takes along its stack's axis; `nil`: the platform's (8 pt).
    public var minLength: CGFloat?

    /// A flexible space along the enclosing stack's axis, at least `minLength` points.
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }


    /// The spacer's size in a stack along `axis` (`nil`: not in a stack).
    static func size(minLength: CGFloat?, axis: Axis?, proposal: ProposedViewSize) -> CGSize {
        let minimum = max(0, minLength ?? ViewSpacing.defaultDistance)
        func stretch(_ p: CGFloat?) -> CGFloat { p.map { max($0, minimum) } ?? minimum }
        switch axis {
        case .horizontal: return CGSize(width: stretch(proposal.width), height: 0)
        case .vertical: return CGSize(width: 0, height: stretch(proposal.height))
        case nil: return CGSize(width: stretch(proposal.width), height: stretch(proposal.height))
        }
    }
}

extension Spacer: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) { list.append(AnyElement(content: .spacer(minLength: minLength))) }
}

/// A hairline separating content: SwiftUI's `Divider`. In a stack it runs across the stack's axis
/// (a vertical line in an `HStack`, a horizontal one in a `VStack`); outside any stack it is
/// horizontal. Its thickness is one pixel (``EnvironmentValues/pixelLength``: 1 pt at the default
/// display scale of 1); along its length it takes whatever is proposed, 10 pt for a `nil` proposal.
///
/// Sources: OpenSwiftUI's `Divider` (`ResolvedDivider(orientation: stackAxis.otherAxis)`, a fill
/// framed to the thickness on its thin axis) and Apple's documentation ("When contained in a stack,
/// the divider extends across the minor axis of the stack, or horizontally when not in a stack").
/// SwiftUI draws it 1 pt thick at accessibility Dynamic Type sizes; TextFit keeps one pixel.
public struct Divider: LeafView {
    /// A one-pixel line across the enclosing stack's axis.
    public init() {}

    public func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        let thickness = environment.pixelLength
        let filled = proposal.replacingUnspecifiedDimensions()
        if environment.enclosingStackAxis == .horizontal {
            return CGSize(width: thickness, height: filled.height)
        }
        return CGSize(width: filled.width, height: thickness)
    }
}

/// A layout file's `rectangle`: lays out as ``Rectangle`` (kind "Rectangle" in results) but is a
/// placeholder, not a shape, so renderers draw it as a light box, as before shapes were painted
/// (layout files have no colours: a black SwiftUI rectangle would hide a chip's text).
package struct PlaceholderRectangle: LeafView, NamedLeaf {
    package init() {}

    package func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    package static var kindName: String { "Rectangle" }
}

// The engine's leaves have no explicit guide (`LeafView`'s default).
extension Box: GuidesFromChildren {}
extension Divider: GuidesFromChildren {}
extension PlaceholderRectangle: GuidesFromChildren {}
extension StyledShape: GuidesFromChildren {}
extension StyledInsetShape: GuidesFromChildren {}
extension Color: GuidesFromChildren {}
extension LinearGradient: GuidesFromChildren {}
extension RadialGradient: GuidesFromChildren {}
extension EllipticalGradient: GuidesFromChildren {}
extension AngularGradient: GuidesFromChildren {}
extension Rectangle: GuidesFromChildren {}
extension RoundedRectangle: GuidesFromChildren {}
extension Capsule: GuidesFromChildren {}
extension Circle: GuidesFromChildren {}
extension Ellipse: GuidesFromChildren {}
