import Foundation

// SwiftUI's `GeometryReader`: a container that takes the whole proposal and builds its content
// from its own size. Its layout, as SwiftUI's `GeometryReaderLayout` does it (OpenSwiftUI,
// Sources/OpenSwiftUICore/Layout/GeometryReader.swift, audited against SwiftUI 6.5.4; ByteDance's
// DanceUI, GeometryReaderLayout.swift, agrees):
// - `sizeThatFits` = `proposal.replacingUnspecifiedDimensions(by: .zero)`: every proposed length,
//   and 0 (not the usual 10) for a `nil` axis;
// - `placeSubviews` places every subview at `bounds.origin`, anchor `.topLeading`, proposing the
//   reader's own size: several views overlap at the top-leading corner.
//
// The content depends on the size, which is known only once the reader is placed. A tree builds the
// reader's content with the frame it knew (none at first: size zero), lays out, and when a reader's
// placed frame differs from the one its content was built with, builds the tree again with the
// placed frames and lays out again, at most `LayoutTree.readerRebuildLimit` times (see
// `LayoutTree.layout(in:)`). A reader's own size never depends on its content, so the second pass
// settles unless readers are nested or content moves its own reader (through alignment guides).

/// A container view that defines its content as a function of its own size and coordinate space:
/// SwiftUI's `GeometryReader`.
///
/// It takes all the space it is proposed (0 on an axis proposed `nil`) and places its content at
/// its top-leading corner, proposing its own size; several views overlap there.
///
/// ```swift
/// GeometryReader { proxy in
///     Rectangle().frame(width: proxy.size.width / 2)
/// }
/// ```
///
/// The closure runs when a tree is built, and again whenever the reader is placed at a frame its
/// content was not built for (see ``LayoutTree/layout(in:)``): keep it free of side effects.
public struct GeometryReader<Content: View>: View {
    public typealias Body = Never

    /// Builds the content from the reader's geometry.
    public var content: (GeometryProxy) -> Content

    /// A view that takes the whole space proposed and gives `content` its size.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }
}

extension GeometryReader: PrimitiveView {
    package func appendElements(to list: inout [AnyElement]) {
        let content = self.content
        // The content is evaluated when the tree is built, in the scope the reader was met in.
        let scope = ViewEvaluation.current.map { $0.path + [$0.nextComponent(for: Self.self)] }
        list.append(AnyElement(content: .geometry(GeometryReaderContent { proxy in
            guard let scope, let evaluation = ViewEvaluation.current else { return content(proxy).elements }
            return evaluation.reentering(scope) { content(proxy).elements }
        })))
    }
}

/// The size and coordinate space of a ``GeometryReader``, as its content sees it: SwiftUI's `GeometryProxy`.
public struct GeometryProxy: Sendable {
    /// The reader's size.
    public let size: CGSize
    /// The reader's frame in the tree's root coordinates (``LayoutResult``'s frames).
    let globalFrame: CGRect
    /// See ``safeAreaInsets``.
    private let insets: EdgeInsets

    /// The proxy of a reader at `frame` (root coordinates) in `environment` (its screen, if laid
    /// out on a device, and its layout direction give ``safeAreaInsets``).
    package init(frame: CGRect, environment: EnvironmentValues) {
        size = frame.size
        globalFrame = frame
        insets = environment.screen?.insets(of: frame, rightToLeft: environment.layoutDirection == .rightToLeft) ?? EdgeInsets()
    }

    /// The safe-area insets of the reader. Laid out on a device (``LayoutTree/layout(on:orientation:)``):
    /// on each side where the reader reaches the safe area's edge (placed against it, or stretched
    /// past it by ``View/ignoresSafeArea(_:edges:)``), the device's inset there; elsewhere 0. A
    /// reader at the root of an iPhone 16 Pro reports 62 at the top and 34 at the bottom, whether or
    /// not it ignores the safe area. Zero when laid out in a proposal (there is no screen).
    public var safeAreaInsets: EdgeInsets { insets }

    /// The reader's bounds in `coordinateSpace`: `.local` is (0, 0, size); `.global` is its frame in
    /// the root's coordinates, as ``LayoutResult`` reports frames (TextFit has no window: the root
    /// view's top-leading corner is the origin). TextFit does not record named coordinate spaces:
    /// `.named` answers the `.global` frame.
    ///
    /// The global frame is the one the reader was placed at in the last pass that built its
    /// content; the tree builds again until it matches (or reports `unsettledGeometry`).
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .local: CGRect(origin: .zero, size: size)
        case .global, .named: globalFrame
        }
    }

    /// The reader's bounds in `coordinateSpace` (SwiftUI's `CoordinateSpaceProtocol` spelling).
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect {
        frame(in: coordinateSpace.coordinateSpace)
    }
}

/// A coordinate space a ``GeometryProxy`` converts to: SwiftUI's `CoordinateSpace`.
public enum CoordinateSpace: Hashable, Sendable {
    /// The root view's coordinates (TextFit has no window).
    case global
    /// The view's own coordinates: its top-leading corner is (0, 0).
    case local
    /// A space named with `coordinateSpace(name:)` (TextFit treats it as `.global`).
    case named(String)

    /// Whether this is `.global`.
    public var isGlobal: Bool { self == .global }
    /// Whether this is `.local`.
    public var isLocal: Bool { self == .local }
}

/// SwiftUI's `CoordinateSpaceProtocol` (iOS 17): `.local`, `.global`, `.named(_:)`.
public protocol CoordinateSpaceProtocol: Sendable {
    /// The coordinate space this value stands for.
    var coordinateSpace: CoordinateSpace { get }
}

/// The view's own coordinate space.
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {
    /// The view's own coordinates.
    public init() {}
    public var coordinateSpace: CoordinateSpace { .local }
}

/// The root's coordinate space.
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol {
    /// The root's coordinates.
    public init() {}
    public var coordinateSpace: CoordinateSpace { .global }
}

/// A named coordinate space (TextFit treats it as the global one).
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Hashable {
    let name: String
    public var coordinateSpace: CoordinateSpace { .named(name) }
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    /// The view's own coordinates.
    public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    /// The root's coordinates.
    public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// The coordinates of the view named `name` with `coordinateSpace(name:)`.
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { NamedCoordinateSpace(name: String(describing: name)) }
}

// MARK: - Engine

/// A reader's content builder in an element (package-only). Unchecked `Sendable`: the closure is
/// the user's view code, called only by the tree being built, on the task building it (as a view's
/// `body` is).
package struct GeometryReaderContent: @unchecked Sendable {
    let build: (GeometryProxy) -> [AnyElement]

    init(build: @escaping (GeometryProxy) -> [AnyElement]) { self.build = build }

    /// The reader's layout element with its content built for `frame` in `environment`.
    func element(frame: CGRect, environment: EnvironmentValues) -> AnyElement.Content {
        .layout(GeometryReaderLayout(), children: build(GeometryProxy(frame: frame, environment: environment)))
    }
}

/// How a ``GeometryReader`` sizes and places its content (see the top of this file).
struct GeometryReaderLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: .zero)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for subview in subviews {
            subview.place(at: bounds.origin, anchor: .topLeading, proposal: ProposedViewSize(bounds.size))
        }
    }
}

extension LayoutDiagnostic.Kind {
    /// A ``GeometryReader`` still placed at a frame its content was not built for after the tree
    /// was rebuilt ``LayoutTree/readerRebuildLimit`` times (its content depends on its own position
    /// or size through its parent), or actions run after a layout still changing state after
    /// ``LayoutTree/stateUpdateLimit`` updates (reported on the root): the last layout is returned.
    public static let unsettledGeometry = LayoutDiagnostic.Kind("unsettledGeometry")
}
