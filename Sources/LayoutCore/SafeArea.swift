import Foundation
import Synchronization

// Laying a view out on a device (`View.layout(on:orientation:environment:)`,
// `LayoutTree.layout(on:orientation:)`), as an app's root view is laid out on the phone:
//
// | step | where |
// |---|---|
// | the environment gets the device: ``EnvironmentValues/displayScale``, ``EnvironmentValues/deviceIdiom``, the screen (package) | `EnvironmentValues.laidOut(on:)` |
// | the root is the screen: the view proposed the safe area's size and centred in it, as the hosting view centres its root | `ScreenLayout` |
// | a view that ignores the safe area (``View/ignoresSafeArea(_:edges:)``) and reaches the safe area's edge is stretched to the screen's edge and proposed the larger size | `Screen.stretch(of:edges:rightToLeft:)`, applied by `LayoutTree.place` |
// | a reader's ``GeometryProxy/safeAreaInsets`` | `Screen.insets(of:rightToLeft:)` |
// | a `Text`'s size rounded up to the pixel grid (TextLayout) | `CGSize.roundedUp(toPixelsOf:)` |
//
// The safe area is the screen's, in root coordinates (the root is the screen, at the origin):
// containers do not add to it. Bars are laid out where iOS puts them because the content is placed
// in the safe area (a navigation bar under the status bar, a tab bar above the home indicator); their
// backgrounds ignore the safe area, as UIKit's bars extend theirs (docs/devices.md).

/// The screen a tree is laid out on: a device held in an orientation. Set in the root environment
/// by `layout(on:)`; `nil` in a tree laid out in a proposal.
package struct Screen: Hashable, Sendable {
    package let device: Device
    package let orientation: Device.Orientation
    /// The screen's bounds in root coordinates: the origin and the device's size in the orientation
    /// (a negative or non-finite length is taken as 0).
    package let bounds: CGRect
    /// The safe area in root coordinates (physical: left is left in right-to-left layouts too). An
    /// inset that is negative or not finite is taken as 0; insets wider than the screen leave an
    /// empty safe area at the screen's centre.
    package let safeFrame: CGRect

    package init(device: Device, orientation: Device.Orientation) {
        self.device = device
        self.orientation = orientation
        func length(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : 0 }
        let size = device.size(in: orientation), insets = device.safeAreaInsets(in: orientation)
        let width = length(size.width), height = length(size.height)
        let left = length(insets.leading), right = length(insets.trailing)
        let top = length(insets.top), bottom = length(insets.bottom)
        bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let x = left + right <= width ? left : width * left / (left + right)
        let y = top + bottom <= height ? top : height * top / (top + bottom)
        safeFrame = CGRect(x: x, y: y, width: max(0, width - left - right), height: max(0, height - top - bottom))
    }

    /// The safe area as the layout engine places children in it (logical coordinates: mirrored in
    /// right-to-left, where the engine mirrors what a layout places).
    func logicalSafeFrame(rightToLeft: Bool) -> CGRect {
        guard rightToLeft else { return safeFrame }
        var frame = safeFrame
        frame.origin.x = bounds.maxX - safeFrame.maxX
        return frame
    }

    /// How far a view placed at `frame` (root coordinates) that ignores the safe area on `edges`
    /// stretches past each side (physical: `leading` is the left side), toward the screen's edge: on
    /// each of those edges that reaches the safe area's edge (within a millionth of a point), to the
    /// screen's edge; elsewhere not at all. `.leading` and `.trailing` are the layout direction's.
    package func stretch(of frame: CGRect, edges: Edge.Set, rightToLeft: Bool) -> EdgeInsets {
        let (leftEdge, rightEdge): (Edge.Set, Edge.Set) = rightToLeft ? (.trailing, .leading) : (.leading, .trailing)
        var stretch = EdgeInsets()
        if edges.contains(.top), frame.minY <= safeFrame.minY + Self.tolerance { stretch.top = max(0, frame.minY - bounds.minY) }
        if edges.contains(.bottom), frame.maxY >= safeFrame.maxY - Self.tolerance { stretch.bottom = max(0, bounds.maxY - frame.maxY) }
        if edges.contains(leftEdge), frame.minX <= safeFrame.minX + Self.tolerance { stretch.leading = max(0, frame.minX - bounds.minX) }
        if edges.contains(rightEdge), frame.maxX >= safeFrame.maxX - Self.tolerance { stretch.trailing = max(0, bounds.maxX - frame.maxX) }
        return stretch
    }

    /// The safe-area insets a view at `frame` sees (``GeometryProxy/safeAreaInsets``): on each side
    /// where the frame reaches the safe area's edge, that edge's unsafe band (the device's inset);
    /// elsewhere 0. In the layout direction's terms (`leading` is the right side in right-to-left).
    package func insets(of frame: CGRect, rightToLeft: Bool) -> EdgeInsets {
        var insets = EdgeInsets()
        if frame.minY <= safeFrame.minY + Self.tolerance { insets.top = safeFrame.minY - bounds.minY }
        if frame.maxY >= safeFrame.maxY - Self.tolerance { insets.bottom = bounds.maxY - safeFrame.maxY }
        let left = frame.minX <= safeFrame.minX + Self.tolerance ? safeFrame.minX - bounds.minX : 0
        let right = frame.maxX >= safeFrame.maxX - Self.tolerance ? bounds.maxX - safeFrame.maxX : 0
        (insets.leading, insets.trailing) = rightToLeft ? (right, left) : (left, right)
        return insets
    }

    /// How much of `frame` lies in the unsafe area on each side (what UIKit insets a scroll view's
    /// content by), in the layout direction's terms (`leading` is the right side in right-to-left).
    package func unsafeInsets(of frame: CGRect, rightToLeft: Bool) -> EdgeInsets {
        func clamp(_ v: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(0, v), max(0, limit)) }
        let left = clamp(safeFrame.minX - frame.minX, frame.width), right = clamp(frame.maxX - safeFrame.maxX, frame.width)
        var insets = EdgeInsets(top: clamp(safeFrame.minY - frame.minY, frame.height), leading: 0,
                                bottom: clamp(frame.maxY - safeFrame.maxY, frame.height), trailing: 0)
        (insets.leading, insets.trailing) = rightToLeft ? (right, left) : (left, right)
        return insets
    }

    private static let tolerance: CGFloat = 1e-6
}

/// The screen a tree is laid out on, one slot shared by every environment of the tree: a tree
/// whose environment would differ on another screen in nothing its views read is laid out there by
/// changing the slot (`LayoutTree.tree(on:acrossScales:)`), not built again. Read through
/// ``EnvironmentValues/screen``, and ``EnvironmentValues/displayScale`` unless a view sets one,
/// which always answer the screen of the tree's current layout. While the tree is built (bodies
/// evaluated, environment modifiers applied) the slot notes whether the screen or the display
/// scale was read: a tree that read neither can move to a screen of another display scale
/// (`LayoutTree.layout(on:orientation:acrossScales:)`).
package final class ScreenSlot: Sendable {
    private let current: Mutex<Screen>
    /// The current screen's display scale, readable without the lock (a `Double`'s bits).
    private let scale: Atomic<UInt64>
    private let building = Atomic<Bool>(false)
    private let readWhileBuilding = Atomic<Bool>(false)

    init(_ screen: Screen) {
        current = Mutex(screen)
        scale = Atomic(Double(screen.device.displayScale).bitPattern)
    }

    var screen: Screen {
        get {
            noteRead()
            return current.withLock { $0 }
        }
        set {
            current.withLock { $0 = newValue }
            scale.store(Double(newValue.device.displayScale).bitPattern, ordering: .relaxed)
        }
    }

    /// The current screen's display scale.
    var displayScale: CGFloat {
        noteRead()
        return CGFloat(Double(bitPattern: scale.load(ordering: .relaxed)))
    }

    /// Runs `body` (building the tree), noting whether it reads the screen or its display scale.
    func building<R>(_ body: () -> R) -> R {
        building.store(true, ordering: .relaxed)
        defer { building.store(false, ordering: .relaxed) }
        return body()
    }

    /// Whether building the tree read the screen or its display scale (its views may differ on
    /// a screen of another scale).
    var wasReadWhileBuilding: Bool { readWhileBuilding.load(ordering: .relaxed) }

    /// Counts `other`'s reads as this slot's: a tree made from another's evaluated views
    /// (`LayoutTree.sameViews(in:)`) read what they read while they were evaluated.
    func inheritReads(from other: ScreenSlot) {
        if other.wasReadWhileBuilding { readWhileBuilding.store(true, ordering: .relaxed) }
        if other.textSizeWasReadWhileEvaluating { textSizeReadWhileEvaluating.store(true, ordering: .relaxed) }
    }

    // MARK: - The text size read while the views are evaluated

    private let viewsEvaluating = Atomic<Bool>(false)
    private let textSizeReadWhileEvaluating = Atomic<Bool>(false)
    /// How many slots' views are being evaluated, on any thread: a text size read while none are
    /// is not looked into further (the environment's slot is not even read).
    private static let evaluations = Atomic<Int>(0)

    /// Runs `body` (evaluating the tree's views, its `body`s), noting whether it reads the text
    /// size (``noteTextSizeRead()``): views that did not can be reused at another text size.
    func evaluatingViews<R>(_ body: () -> R) -> R {
        Self.evaluations.add(1, ordering: .relaxed)
        viewsEvaluating.store(true, ordering: .relaxed)
        defer {
            viewsEvaluating.store(false, ordering: .relaxed)
            Self.evaluations.subtract(1, ordering: .relaxed)
        }
        return body()
    }

    /// Whether views are being evaluated anywhere (a read of the text size must then be noted).
    package static var viewsAreBeingEvaluated: Bool { evaluations.load(ordering: .relaxed) > 0 }

    /// Notes a read of the text size (the Dynamic Type size, Android's font scale): while this
    /// slot's views are evaluated, it ties them to the size.
    package func noteTextSizeRead() {
        if viewsEvaluating.load(ordering: .relaxed) { textSizeReadWhileEvaluating.store(true, ordering: .relaxed) }
    }

    /// Whether the tree's views read the text size while they were evaluated.
    package var textSizeWasReadWhileEvaluating: Bool { textSizeReadWhileEvaluating.load(ordering: .relaxed) }

    @inline(__always)
    private func noteRead() {
        if building.load(ordering: .relaxed) { readWhileBuilding.store(true, ordering: .relaxed) }
    }
}

private struct ScreenKey: EnvironmentKey {
    static let defaultValue: ScreenSlot? = nil
}

extension EnvironmentValues {
    /// The screen the tree is laid out on (`nil` unless laid out on a device: ``laidOut(on:)``).
    package var screen: Screen? { self[ScreenKey.self]?.screen }

    /// The slot ``screen`` is read from (`nil` unless laid out on a device).
    package var screenSlot: ScreenSlot? { self[ScreenKey.self] }

    /// Whether the tree is laid out on a device (``screen`` is not `nil`), without reading the screen.
    package var isOnScreen: Bool { self[ScreenKey.self] != nil }

    /// This environment with `screen`'s device in it: the screen, the device's display scale and its
    /// idiom. The layout direction, locale and everything else stay as set. (A value added here
    /// that can differ between devices must be compared in `LayoutTree.isOn(_:moving:acrossScales:)`.)
    package func laidOut(on screen: Screen) -> EnvironmentValues {
        var environment = self
        let slot = ScreenSlot(screen)
        environment[ScreenKey.self] = slot
        environment.followScreenScale(slot)
        environment.deviceIdiom = screen.device.idiom
        return environment
    }
}

// MARK: - Ignoring the safe area

/// Kinds of safe area a view can extend into: SwiftUI's `SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The device's and its containers' safe area (status bar, sensor housing, home indicator).
    public static let container = SafeAreaRegions(rawValue: 1 << 0)
    /// The software keyboard's extent. No keyboard is shown in a layout: ignoring it alone changes nothing.
    public static let keyboard = SafeAreaRegions(rawValue: 1 << 1)
    /// Every region.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// Lets this view extend into the safe area on `edges`: laid out on a device, on each of those
    /// edges where its frame reaches the safe area's edge, its frame stretches to the screen's
    /// edge and it is proposed the larger size (a background, a full-bleed image), anchored at its
    /// top-leading corner, as SwiftUI's does. Outside a device (a layout in a proposal) it changes
    /// nothing; `.keyboard` alone changes nothing either (no keyboard is shown).
    /// Source: https://developer.apple.com/documentation/swiftui/view/ignoressafearea(_:edges:)
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        let ignored = regions.contains(.container) ? edges : []
        return eachElement { element in
            var element = element
            element.traits.ignoredSafeAreaEdges.formUnion(ignored)
            return element
        }
    }

    /// The spelling before iOS 14: ``ignoresSafeArea(_:edges:)`` of the container region.
    /// Source: https://developer.apple.com/documentation/swiftui/view/edgesignoringsafearea(_:)
    @available(*, deprecated, message: "Use ignoresSafeArea(_:edges:) instead.")
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View {
        ignoresSafeArea(.container, edges: edges)
    }
}

// MARK: - The root

/// The root of a tree laid out on a device: as large as the screen whatever it is proposed, its
/// one child (the view) proposed the safe area's size and centred in it.
struct ScreenLayout: ModifierLayout {
    static let modifierName = "screen"
    /// The tree's screen slot: the screen is the one the tree is laid out on now.
    let slot: ScreenSlot
    var screen: Screen { slot.screen }

    /// The root of a tree laid out in `environment`, which is on a screen (``EnvironmentValues/laidOut(on:)``).
    init(in environment: EnvironmentValues) {
        guard let slot = environment.screenSlot else { preconditionFailure("ScreenLayout outside a screen's environment") }
        self.slot = slot
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        screen.bounds.size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let safe = screen.logicalSafeFrame(rightToLeft: subviews.layoutDirection == .rightToLeft)
        for subview in subviews {
            subview.place(at: CGPoint(x: bounds.minX + safe.midX, y: bounds.minY + safe.midY), anchor: .center,
                          proposal: ProposedViewSize(safe.size))
        }
    }
}

extension LayoutTree {
    /// Lays the tree's view out on `device` held in `orientation`, as an app's root view is laid out
    /// on the phone: the root is the screen (the result's size; its element's kind `screen`), the
    /// view is proposed the safe area's size and centred in it, views that ignore the safe area
    /// extend into it, and the environment has the device's ``EnvironmentValues/displayScale`` and
    /// ``EnvironmentValues/deviceIdiom`` (the layout direction and the rest stay as set). A `Text`
    /// reports its size rounded up to the device's pixel grid, as SwiftUI does on the device.
    ///
    /// The view is evaluated again for the device, once per device and orientation (kept for the
    /// tree's life), starting from its views' initial state, as an app launched on that device —
    /// unless nothing it can read differs there: a tree built on a device is laid out on another
    /// of the same display scale and idiom as it is (its bodies not evaluated again, its leaves'
    /// answers kept), when it has no `GeometryReader`, preference reader or after-layout action
    /// and no `State` was set since its last layout. (Its results' leaves then read the screen
    /// of its latest layout in their environment.)
    /// - Complexity: the first layout on a device builds its tree (O(n)); then as ``layout(in:)``.
    public func layout(on device: Device, orientation: Device.Orientation = .portrait) -> LayoutResult {
        layout(on: device, orientation: orientation, acrossScales: false)
    }

    /// ``layout(on:orientation:)``, moving the tree to a device of another display scale too when
    /// `acrossScales` and nothing read the scale while the tree was built (``ScreenSlot``): for a
    /// caller that reads each result before the next layout (a sweep's findings), since the
    /// results' leaves read the latest scale (an asset image drawn from an earlier result would
    /// pick the new scale's variant).
    package func layout(on device: Device, orientation: Device.Orientation, acrossScales: Bool) -> LayoutResult {
        let screen = Screen(device: device, orientation: orientation)
        return tree(on: screen, acrossScales: acrossScales).layout(in: ProposedViewSize(screen.bounds.size))
    }
}

extension View {
    /// Lays this view out on `device` held in `orientation`, in `environment` (see
    /// ``LayoutTree/layout(on:orientation:)``): the result's size is the screen's, and every frame
    /// is in the screen's coordinates.
    ///
    /// ```swift
    /// let result = SettingsView().layout(on: .iPhone16Pro)
    /// result.size                         // 402 × 874
    /// result.elements[1].frame.minY       // 62: the view starts below the Dynamic Island
    /// ```
    public func layout(on device: Device, orientation: Device.Orientation = .portrait,
                       environment: EnvironmentValues = EnvironmentValues()) -> LayoutResult {
        LayoutTree(self, environment: environment).layout(on: device, orientation: orientation)
    }
}

// MARK: - The pixel grid

extension CGSize {
    /// Each length rounded up to the next multiple of 1 ÷ `scale` (the pixel grid of a display of
    /// `scale` pixels per point), as SwiftUI reports a text's size on the device: ⌈w × scale⌉ ÷ scale.
    /// A length within a millionth of a pixel above a grid line counts as on it (arithmetic noise).
    /// Unchanged for a scale that is not positive and finite, and for lengths that are not finite.
    package func roundedUp(toPixelsOf scale: CGFloat) -> CGSize {
        guard scale.isFinite, scale > 0 else { return self }
        func round(_ v: CGFloat) -> CGFloat { v.isFinite ? (v * scale - 1e-6).rounded(.up) / scale : v }
        return CGSize(width: max(0, round(width)), height: max(0, round(height)))
    }
}
