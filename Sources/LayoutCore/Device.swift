import Foundation

// A device a view is laid out on (`View.layout(on:orientation:environment:)`): its screen in points
// (dp under Android) in portrait, its safe-area insets in portrait and landscape, its display scale
// and idiom. The presets, each value cited, are in Device+Presets.swift; laying out on a device (the
// root proposed the screen, the content placed in the safe area, `ignoresSafeArea`, a `Text`'s size
// on the pixel grid) is in SafeArea.swift.

/// A screen to lay views out on, as a phone or tablet presents it to an app: its size, its
/// safe-area insets in each orientation, its display scale and its idiom.
///
/// ```swift
/// let result = SettingsView().layout(on: .iPhone16Pro, orientation: .landscape)
/// for device in Device.iOS { _ = SettingsView().layout(on: device) }
/// let square = Device(name: "Square", size: CGSize(width: 500, height: 500))  // any size by hand
/// ```
///
/// Lengths are points on iOS and density-independent pixels (dp) on Android, the units each
/// platform lays out in. A preset's values are cited where it is declared and in docs/devices.md.
public struct Device: Hashable, Sendable {
    /// Whose device it is: Apple's (points, Dynamic Type) or an Android one (dp, font scale).
    public enum Platform: String, Hashable, Sendable, CaseIterable, Codable {
        /// iOS (Apple's devices) or Android.
        case ios, android
    }

    /// How the device is held. Landscape swaps the screen's width and height and uses the
    /// landscape insets: one landscape, as iOS reports the same insets for both landscape
    /// orientations; Android's presets are held with the navigation bar at the right.
    public enum Orientation: String, Hashable, Sendable, CaseIterable, Codable {
        /// Upright, or turned on its side.
        case portrait, landscape
    }

    /// The name reports show ("iPhone 16 Pro").
    public var name: String
    /// Apple's or Android's.
    public var platform: Platform
    /// The kind of device (what a String Catalog's device variations are chosen by).
    public var idiom: DeviceIdiom
    /// The screen in portrait, in points (dp under Android).
    public var portraitSize: CGSize
    /// The safe-area insets in portrait: the status bar or sensor housing at the top, the home
    /// indicator (or Android's navigation bar) at the bottom. `leading` is the screen's left edge
    /// and `trailing` its right, whatever the layout direction.
    public var portraitSafeAreaInsets: EdgeInsets
    /// The safe-area insets in landscape (the sensor housing's side, the home indicator below).
    public var landscapeSafeAreaInsets: EdgeInsets
    /// Pixels per point: 3 on current iPhones, 2 on iPads; dpi ÷ 160 on Android. A `Text` laid out
    /// on the device reports its size rounded up to this grid.
    public var displayScale: CGFloat

    /// A device of any size: `Device(name: "Narrow", size: CGSize(width: 320, height: 568))` lays
    /// out in the whole screen (no insets) at 1 pixel per point unless given.
    public init(name: String, platform: Platform = .ios, idiom: DeviceIdiom = .phone, size: CGSize,
                portraitSafeAreaInsets: EdgeInsets = EdgeInsets(), landscapeSafeAreaInsets: EdgeInsets = EdgeInsets(),
                displayScale: CGFloat = 1) {
        self.name = name
        self.platform = platform
        self.idiom = idiom
        self.portraitSize = size
        self.portraitSafeAreaInsets = portraitSafeAreaInsets
        self.landscapeSafeAreaInsets = landscapeSafeAreaInsets
        self.displayScale = displayScale
    }

    /// The screen held in `orientation`: the portrait size, its sides swapped in landscape.
    public func size(in orientation: Orientation) -> CGSize {
        orientation == .portrait ? portraitSize : CGSize(width: portraitSize.height, height: portraitSize.width)
    }

    /// The safe-area insets in `orientation`.
    public func safeAreaInsets(in orientation: Orientation) -> EdgeInsets {
        orientation == .portrait ? portraitSafeAreaInsets : landscapeSafeAreaInsets
    }
}

extension Device: CustomStringConvertible {
    public var description: String { name }
}

/// The kind of device an app runs on, as UIKit's `UIUserInterfaceIdiom` names them: what a String
/// Catalog's device variations are chosen by. iPhone (`.phone`) unless set.
public enum DeviceIdiom: String, Sendable, Hashable, CaseIterable, Codable {
    /// The kind of device: phone, tablet, Mac, watch, TV or headset (SwiftUI's `UIUserInterfaceIdiom`).
    case phone, pad, mac, watch, tv, vision
}

private struct DeviceIdiomKey: EnvironmentKey {
    static let defaultValue = DeviceIdiom.phone
}

extension EnvironmentValues {
    /// The kind of device laid out for (``DeviceIdiom/phone`` unless set; laying out on a
    /// ``Device`` sets its idiom). SwiftUI has no such value: it is the device the app runs on.
    public var deviceIdiom: DeviceIdiom {
        get { self[DeviceIdiomKey.self] }
        set { self[DeviceIdiomKey.self] = newValue }
    }
}
