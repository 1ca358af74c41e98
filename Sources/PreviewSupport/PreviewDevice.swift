import Foundation

/// A device a preview is laid out on, named as Xcode names its simulators
/// (`.previewDevice("iPhone SE (3rd generation)")`), as SwiftUI's `PreviewDevice`.
///
/// TextFit knows the iPhones' screens below, in points, from the table "iOS, iPadOS device screen
/// sizes" in Apple's Human Interface Guidelines (Layout → Specifications,
/// https://developer.apple.com/design/human-interface-guidelines/layout#Specifications); a preview
/// on any other device cannot be laid out (``PreviewError/unknownDevice(_:known:)``).
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable, Hashable {
    /// The simulator's name, as Xcode writes it.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// A device's screen in portrait: its size in points and its pixels per point.
    public struct Screen: Sendable, Hashable {
        /// The screen's size, in points.
        public var size: CGSize
        /// Pixels per point (2 or 3).
        public var scale: CGFloat
    }

    /// This device's screen in portrait, or `nil` for a device TextFit does not know.
    public var screen: Screen? { Self.screens[rawValue] }

    /// The devices TextFit has screens for, smallest first.
    public static var known: [PreviewDevice] {
        screens.sorted { ($0.value.size.width, $0.value.size.height, $0.key) < ($1.value.size.width, $1.value.size.height, $1.key) }
            .map { PreviewDevice(rawValue: $0.key) }
    }

    /// Apple's HIG, "iOS, iPadOS device screen sizes" (portrait dimensions in points, scale factor).
    private static let screens: [String: Screen] = {
        var table: [String: Screen] = [:]
        func add(_ names: [String], _ width: CGFloat, _ height: CGFloat, scale: CGFloat) {
            for name in names { table[name] = Screen(size: CGSize(width: width, height: height), scale: scale) }
        }
        add(["iPhone 16 Pro Max"], 440, 956, scale: 3)
        add(["iPhone 16 Pro"], 402, 874, scale: 3)
        add(["iPhone 16 Plus", "iPhone 15 Pro Max", "iPhone 15 Plus", "iPhone 14 Pro Max"], 430, 932, scale: 3)
        add(["iPhone 16", "iPhone 15 Pro", "iPhone 15", "iPhone 14 Pro"], 393, 852, scale: 3)
        add(["iPhone 14 Plus", "iPhone 13 Pro Max", "iPhone 12 Pro Max"], 428, 926, scale: 3)
        add(["iPhone 14", "iPhone 13 Pro", "iPhone 13", "iPhone 12 Pro", "iPhone 12"], 390, 844, scale: 3)
        add(["iPhone 13 mini", "iPhone 12 mini", "iPhone 11 Pro", "iPhone XS", "iPhone X"], 375, 812, scale: 3)
        add(["iPhone 11 Pro Max", "iPhone XS Max"], 414, 896, scale: 3)
        add(["iPhone 11", "iPhone XR"], 414, 896, scale: 2)
        add(["iPhone 8 Plus"], 414, 736, scale: 3)
        add(["iPhone SE (3rd generation)", "iPhone SE (2nd generation)", "iPhone 8"], 375, 667, scale: 2)
        add(["iPhone SE (1st generation)"], 320, 568, scale: 2)
        return table
    }()
}
