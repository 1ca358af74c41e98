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
    /// Text the user may select (accepted and ignored).
    public static let enabled = TextSelectability(isEnabled: true)
    /// Text the user may not select (accepted and ignored).
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
    /// The element acts as a button (accepted and ignored).
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    /// The element is a heading (accepted and ignored).
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    /// The element is selected (accepted and ignored).
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    /// The element is a link (accepted and ignored).
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    /// The element is a search field (accepted and ignored).
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    /// The element is an image (accepted and ignored).
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    /// The element plays a sound when activated (accepted and ignored).
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    /// The element is a keyboard key (accepted and ignored).
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    /// The element is static text (accepted and ignored).
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    /// The element summarises the app when it starts (accepted and ignored).
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    /// The element's value changes often (accepted and ignored).
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    /// Activating the element starts a media session (accepted and ignored).
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// The element takes touches directly (accepted and ignored).
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    /// The element turns the page when reading reaches its end (accepted and ignored).
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    /// The element is modal (accepted and ignored).
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    /// The element toggles a value (accepted and ignored).
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
}

/// How `accessibilityElement(children:)` treats the children: accepted and ignored.
public struct AccessibilityChildBehavior: Sendable, Equatable {
    let name: String
    /// The children are hidden from accessibility (accepted and ignored).
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    /// The children stay accessible inside this element (accepted and ignored).
    public static let contain = AccessibilityChildBehavior(name: "contain")
    /// The children are merged into this element (accepted and ignored).
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

    /// The system's default curve.
    public static let `default` = Animation(name: "default", duration: 0.35)
    /// Constant speed.
    public static let linear = Animation(name: "linear", duration: 0.35)
    /// Starts slowly.
    public static let easeIn = Animation(name: "easeIn", duration: 0.35)
    /// Ends slowly.
    public static let easeOut = Animation(name: "easeOut", duration: 0.35)
    /// Starts and ends slowly.
    public static let easeInOut = Animation(name: "easeInOut", duration: 0.35)
    /// A spring.
    public static let spring = Animation(name: "spring", duration: 0.5)
    /// A spring with some bounce.
    public static let bouncy = Animation(name: "bouncy", duration: 0.5)
    /// A spring with little bounce, settling quickly.
    public static let snappy = Animation(name: "snappy", duration: 0.5)
    /// A spring with no bounce.
    public static let smooth = Animation(name: "smooth", duration: 0.5)
    /// Constant speed over `duration` seconds.
    public static func linear(duration: Double) -> Animation { Animation(name: "linear", duration: duration) }
    /// Starts slowly, over `duration` seconds.
    public static func easeIn(duration: Double) -> Animation { Animation(name: "easeIn", duration: duration) }
    /// Ends slowly, over `duration` seconds.
    public static func easeOut(duration: Double) -> Animation { Animation(name: "easeOut", duration: duration) }
    /// Starts and ends slowly, over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut", duration: duration) }
    /// A spring of the given response and damping.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(name: "spring", duration: response)
    }
    /// A spring that settles in `duration` seconds.
    public static func spring(duration: Double, bounce: Double = 0) -> Animation { Animation(name: "spring", duration: duration) }
    /// A quick spring for interactive changes.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) -> Animation {
        Animation(name: "interactiveSpring", duration: response)
    }
    /// The same curve (a delay changes nothing here).
    public func delay(_ delay: Double) -> Animation { self }
    /// The same curve (a speed changes nothing here).
    public func speed(_ speed: Double) -> Animation { self }
    /// The same curve (repetition changes nothing here).
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
    /// The same curve (repetition changes nothing here).
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
    /// SwiftUI's blend modes, named as Core Graphics' (accepted; a picture draws every view as `normal`).
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut,
         plusDarker, plusLighter
}
