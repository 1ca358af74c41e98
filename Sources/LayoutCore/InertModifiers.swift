import Foundation

// SwiftUI modifiers that change no layout: gestures, hit testing, accessibility (an identifier is
// kept for a text's fit report, nothing else), lifecycle
// (`onDisappear`, `task`), animation, coordinate-space names, and drawing effects TextFit does not
// draw. They are accepted so that SwiftUI views compile unchanged, and each returns the view as it
// is. Their closures never run: nothing is tapped, disappears or animates here. In SwiftUI too none
// of them moves a frame (they attach behaviour or act on pixels, not geometry), so the frames
// TextFit computes are the ones SwiftUI computes with them; pictures leave the drawing effects out
// (docs/views.md). Preferences, `onAppear`, `onChange` and `onGeometryChange`, whose actions run
// after a layout, are in Preferences.swift.

// MARK: - Gestures and hit testing

extension View {
    /// Accepted and ignored: there are no taps (the action never runs).
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { self }

    /// Accepted and ignored: there are no presses (the actions never run).
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> some View { self }

    /// Accepted and ignored: the shape only decides where taps land.
    public func contentShape(_ shape: some Shape, eoFill: Bool = false) -> some View { self }

    /// Accepted and ignored: hit testing decides where taps land.
    public func allowsHitTesting(_ enabled: Bool) -> some View { self }

    /// Accepted and ignored: it greys controls, and TextFit has none; text and shapes keep their colours.
    public func disabled(_ disabled: Bool) -> some View { self }

    /// Accepted and ignored: a tooltip.
    public func help(_ text: some StringProtocol) -> some View { self }

    /// Accepted and ignored: whether the user may select text.
    public func textSelection(_ selectability: TextSelectability) -> some View { self }
}

/// Whether text can be selected (`textSelection(_:)`): accepted and ignored.
public struct TextSelectability: Sendable, Equatable {
    let isEnabled: Bool
    public static let enabled = TextSelectability(isEnabled: true)
    public static let disabled = TextSelectability(isEnabled: false)
}

// MARK: - Accessibility

extension View {
    /// Accepted and ignored: what VoiceOver reads.
    public func accessibilityLabel(_ label: some StringProtocol) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityHint(_ hint: some StringProtocol) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityValue(_ value: some StringProtocol) -> some View { self }
    /// Accepted and ignored: hiding from accessibility leaves the view drawn and laid out.
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    /// Names the view for UI tests; changes no layout. Each text inside reports the innermost
    /// identifier above it as its ``PlacedText/accessibilityIdentifier`` (what a localization sweep's
    /// allowance can name), as SwiftUI gives a container's identifier to the elements inside it.
    public func accessibilityIdentifier(_ identifier: some StringProtocol) -> some View {
        let identifier = String(identifier)
        return EnvironmentWriter(content: self) { $0.accessibilityIdentifier = identifier }
    }
    /// Accepted and ignored.
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { self }
    /// Accepted and ignored.
    public func accessibilitySortPriority(_ priority: Double) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
}

private struct AccessibilityIdentifierKey: EnvironmentKey {
    static let defaultValue: String? = nil
}

extension EnvironmentValues {
    /// The innermost `accessibilityIdentifier(_:)` above a view (TextFit's: read by a text's fit
    /// report; SwiftUI keeps it in the accessibility tree, not the environment).
    package var accessibilityIdentifier: String? {
        get { self[AccessibilityIdentifierKey.self] }
        set { self[AccessibilityIdentifierKey.self] = newValue }
    }
}

/// The traits `accessibilityAddTraits(_:)` names (SwiftUI's set): accepted and ignored.
public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
}

/// How `accessibilityElement(children:)` treats the children: accepted and ignored.
public struct AccessibilityChildBehavior: Sendable, Equatable {
    let name: String
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    public static let contain = AccessibilityChildBehavior(name: "contain")
    public static let combine = AccessibilityChildBehavior(name: "combine")
}

// MARK: - Lifecycle

extension View {
    /// Accepted and ignored: nothing disappears, so the action never runs.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }

    /// Accepted and ignored: the task never starts.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View { self }

    /// Accepted and ignored: the task never starts.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                   _ action: @escaping @Sendable () async -> Void) -> some View { self }

}

// MARK: - Animation

/// A timing curve (`animation(_:value:)`, `withAnimation`): accepted and ignored, since a layout
/// here is one frame. The common curves SwiftUI names are here so that code naming them compiles.
public struct Animation: Sendable, Equatable {
    let name: String
    let duration: Double

    public static let `default` = Animation(name: "default", duration: 0.35)
    public static let linear = Animation(name: "linear", duration: 0.35)
    public static let easeIn = Animation(name: "easeIn", duration: 0.35)
    public static let easeOut = Animation(name: "easeOut", duration: 0.35)
    public static let easeInOut = Animation(name: "easeInOut", duration: 0.35)
    public static let spring = Animation(name: "spring", duration: 0.5)
    public static let bouncy = Animation(name: "bouncy", duration: 0.5)
    public static let snappy = Animation(name: "snappy", duration: 0.5)
    public static let smooth = Animation(name: "smooth", duration: 0.5)
    public static func linear(duration: Double) -> Animation { Animation(name: "linear", duration: duration) }
    public static func easeIn(duration: Double) -> Animation { Animation(name: "easeIn", duration: duration) }
    public static func easeOut(duration: Double) -> Animation { Animation(name: "easeOut", duration: duration) }
    public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut", duration: duration) }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(name: "spring", duration: response)
    }
    public static func spring(duration: Double, bounce: Double = 0) -> Animation { Animation(name: "spring", duration: duration) }
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) -> Animation {
        Animation(name: "interactiveSpring", duration: response)
    }
    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation { self }
}

extension View {
    /// Accepted and ignored: a layout here is one frame, with nothing to animate.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }

    /// Accepted and ignored (SwiftUI's older form without a value, deprecated there).
    public func animation(_ animation: Animation?) -> some View { self }
}

/// Runs `body` at once and returns its result: with one frame, there is nothing to animate.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

// MARK: - Coordinate spaces

extension View {
    /// Names this view's coordinate space. Accepted; TextFit does not record named spaces, so a
    /// `GeometryProxy` answers `.named` in the root's coordinates, as `.global` (docs/views.md).
    public func coordinateSpace(name: some Hashable) -> some View { self }

    /// Names this view's coordinate space (SwiftUI's iOS 17 spelling): see `coordinateSpace(name:)`.
    public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View { self }
}

// MARK: - Drawing effects TextFit does not draw

// Like `shadow`, these change no layout in SwiftUI (they act on the rendered pixels) and TextFit's
// pictures leave them out: the view is drawn as without them.

extension View {
    /// Accepted, not drawn: the view is drawn unmasked.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View { self }
    /// Accepted, not drawn (SwiftUI's older spelling, with the mask as a view).
    public func mask<Mask: View>(_ mask: Mask) -> some View { self }
    /// Accepted, not drawn.
    public func blendMode(_ blendMode: BlendMode) -> some View { self }
    /// Accepted, not drawn.
    public func brightness(_ amount: Double) -> some View { self }
    /// Accepted, not drawn.
    public func contrast(_ amount: Double) -> some View { self }
    /// Accepted, not drawn.
    public func saturation(_ amount: Double) -> some View { self }
    /// Accepted, not drawn.
    public func grayscale(_ amount: Double) -> some View { self }
    /// Accepted, not drawn.
    public func colorMultiply(_ color: Color) -> some View { self }
    /// Accepted, not drawn.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View { self }
    /// Accepted; pictures keep the views in the order they are declared (SwiftUI draws a higher
    /// `zIndex` over its overlapping siblings). Layout is the same either way.
    public func zIndex(_ value: Double) -> some View { self }
    /// Accepted: it only changes how SwiftUI renders (offscreen, as one layer).
    public func drawingGroup(opaque: Bool = false) -> some View { self }
    /// Accepted: it only changes how SwiftUI composites.
    public func compositingGroup() -> some View { self }
    /// Accepted: it only changes how SwiftUI animates geometry.
    public func geometryGroup() -> some View { self }
}

/// How a view's colours combine with what is behind it (`blendMode(_:)`): accepted, not drawn.
public enum BlendMode: Sendable, Equatable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut,
         plusDarker, plusLighter
}
