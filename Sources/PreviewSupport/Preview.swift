import Foundation
import LayoutCore

/// A preview a view file declares — `#Preview("Settings") { SettingsView() }`, or one view of a
/// ``PreviewProvider``'s `previews` — which makes its views when asked and lays them out as Xcode's
/// canvas does (``layout(on:environment:)``).
///
/// Find one with ``named(_:)``, every `#Preview` of the program with ``all``, and a provider's with
/// ``all(of:)``. The views are made anew each time ``content`` is evaluated, inside the environment
/// of the tree it is evaluated in, so the same preview can be laid out in every locale and Dynamic
/// Type size.
public struct Preview: Sendable, CustomStringConvertible {
    /// What `#Preview`'s traits are traits of (`PreviewTrait<Preview.ViewTraits>`), as in SwiftUI.
    public struct ViewTraits: Sendable {}

    /// The name the preview was given (`#Preview("Settings")`, `.previewDisplayName("Settings")`), or `nil`.
    public let name: String?
    /// Where the preview is declared: `"MyApp/SettingsView.swift:42"` for a `#Preview`,
    /// `"MyApp.SettingsView_Previews"` for a provider's one view, `"MyApp.SettingsView_Previews[1]"`
    /// for the second of several.
    public let source: String
    /// Its traits, in the order written.
    public let traits: [PreviewTrait<ViewTraits>]
    /// The device it asks for (a provider's `.previewDevice`), or `nil` for the default.
    public let device: PreviewDevice?
    /// Makes the views; called inside the tree being built, in its environment.
    let make: @Sendable () -> any View
    /// The file and line of a `#Preview` (a provider's previews have none), which ``all`` sorts by.
    let fileID: String
    let line: Int
}

// The initialisers are in an extension, so the struct keeps its memberwise one (what providers use).
extension Preview {
    /// A preview of the views `body` makes (what `#Preview("name") { … }` expands to).
    public init(_ name: String? = nil, fileID: String = #fileID, line: Int = #line,
                @ViewBuilder body: @escaping @Sendable () -> any View) {
        self.init(name: name, source: "\(fileID):\(line)", traits: [], device: nil, make: body, fileID: fileID, line: line)
    }

    /// A preview with traits (what `#Preview("name", traits: …) { … }` expands to).
    public init(_ name: String? = nil, traits: PreviewTrait<ViewTraits>, _ additionalTraits: PreviewTrait<ViewTraits>...,
                fileID: String = #fileID, line: Int = #line, @ViewBuilder body: @escaping @Sendable () -> any View) {
        self.init(name: name, source: "\(fileID):\(line)", traits: [traits] + additionalTraits, device: nil, make: body,
                  fileID: fileID, line: line)
    }

    /// The module that declares the preview (the part of ``source`` before its first `/` or `.`).
    public var module: String {
        String(source.prefix { $0 != "/" && $0 != "." })
    }

    /// How the preview is framed: the last layout trait, else `.device`, as in Xcode.
    public var layout: PreviewLayout {
        traits.reversed().lazy.compactMap(\.layout).first ?? .device
    }

    /// The device's orientation: the last orientation trait, else `.portrait`.
    public var orientation: InterfaceOrientation {
        traits.reversed().lazy.compactMap(\.orientation).first ?? .portrait
    }

    /// The preview's views, made when a tree is built from this view (each time), so a `body` in
    /// them reads the tree's environment.
    public var content: some View { PreviewContent(make: make) }

    /// `"Settings (MyApp/SettingsView.swift:42)"`, or the source alone for an unnamed preview.
    public var description: String { name.map { "\($0) (\(source))" } ?? source }

    // MARK: - Laying a preview out

    /// The device a preview is laid out on when neither it nor the caller names one: an iPhone 16 Pro
    /// (402 × 874 points, 3 pixels a point), Xcode 16's default simulator.
    public static let defaultDevice: PreviewDevice = "iPhone 16 Pro"

    /// Lays the preview out as Xcode's canvas does on `device` (else the preview's own device, else
    /// ``defaultDevice``), with the device's display scale set in `environment`:
    /// - `.device`: the views in a frame the size of the screen (in ``orientation``), centred in it,
    ///   so the result's root is the screen;
    /// - `.sizeThatFits`: the views offered the screen's size, the root as big as they take;
    /// - `.fixed(width:height:)`: the views in a frame of that size, centred, offered that size.
    ///
    /// The screen is the whole screen: TextFit has no status bar or home indicator, so no safe area
    /// is taken off it (``GeometryProxy/safeAreaInsets`` is zero), where the device keeps the views
    /// clear of them. Throws ``PreviewError/unknownDevice(_:known:)`` for a device ``PreviewDevice``
    /// has no screen for.
    public func layout(on device: PreviewDevice? = nil, environment: EnvironmentValues = EnvironmentValues()) throws -> LayoutResult {
        let chosen = device ?? self.device ?? Self.defaultDevice
        guard var screen = chosen.screen else {
            throw PreviewError.unknownDevice(chosen.rawValue, known: PreviewDevice.known.map(\.rawValue))
        }
        if orientation.isLandscape { screen.size = CGSize(width: screen.size.height, height: screen.size.width) }
        var environment = environment
        environment.displayScale = screen.scale
        switch layout {
        case .device:
            return content.frame(width: screen.size.width, height: screen.size.height)
                .layout(in: ProposedViewSize(screen.size), environment: environment)
        case .sizeThatFits:
            return content.layout(in: ProposedViewSize(screen.size), environment: environment)
        case .fixed(let width, let height):
            return content.frame(width: width, height: height)
                .layout(in: ProposedViewSize(width: width, height: height), environment: environment)
        }
    }
}

/// Why a preview could not be laid out.
public enum PreviewError: Error, Equatable, CustomStringConvertible {
    /// The device named has no screen size in ``PreviewDevice``'s table (the names it knows follow).
    case unknownDevice(String, known: [String])

    public var description: String {
        switch self {
        case .unknownDevice(let name, let known):
            "no screen size for the preview device \"\(name)\"; known devices: \(known.joined(separator: ", "))"
        }
    }
}

/// A preview's views, made when the tree is built (see ``Preview/content``).
struct PreviewContent: View, PrimitiveView {
    typealias Body = Never
    let make: @Sendable () -> any View

    func appendElements(to list: inout [AnyElement]) {
        make().appendElements(to: &list)
    }
}

// MARK: - Traits

/// How a preview is framed, as SwiftUI's `PreviewLayout` (each case's rule as Apple's documentation
/// of that case states it).
public enum PreviewLayout: Sendable, Equatable {
    /// "Center the preview in a container the size of the device that the preview is running on"
    /// (the default).
    case device
    /// "Fit the container to the size of the preview when offered the size of the device that the
    /// preview is running on."
    case sizeThatFits
    /// "Center the preview in a fixed size container with the given dimensions" (also what the
    /// views are offered).
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device's orientation, as SwiftUI's `InterfaceOrientation`; landscape swaps the screen's sides.
public struct InterfaceOrientation: Sendable, Hashable, Identifiable, CaseIterable {
    /// `"portrait"`, `"portraitUpsideDown"`, `"landscapeLeft"` or `"landscapeRight"`.
    public let id: String

    /// Upright.
    public static let portrait = InterfaceOrientation(id: "portrait")
    /// Upside down.
    public static let portraitUpsideDown = InterfaceOrientation(id: "portraitUpsideDown")
    /// Turned left: the home indicator on the right.
    public static let landscapeLeft = InterfaceOrientation(id: "landscapeLeft")
    /// Turned right: the home indicator on the left.
    public static let landscapeRight = InterfaceOrientation(id: "landscapeRight")
    public static let allCases: [InterfaceOrientation] = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]

    var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// A trait of a preview (`#Preview(traits: .sizeThatFitsLayout, .landscapeLeft)`), as SwiftUI's.
public struct PreviewTrait<T>: Sendable {
    let layout: PreviewLayout?
    let orientation: InterfaceOrientation?
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// Laid out on the device's screen (`PreviewLayout.device`).
    public static var defaultLayout: PreviewTrait<T> { PreviewTrait(layout: .device, orientation: nil) }
    /// As big as the views take when offered the device's screen (`PreviewLayout.sizeThatFits`).
    public static var sizeThatFitsLayout: PreviewTrait<T> { PreviewTrait(layout: .sizeThatFits, orientation: nil) }
    /// In a frame of this size (`PreviewLayout.fixed(width:height:)`).
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<T> {
        PreviewTrait(layout: .fixed(width: width, height: height), orientation: nil)
    }
    /// Upright.
    public static var portrait: PreviewTrait<T> { PreviewTrait(layout: nil, orientation: .portrait) }
    /// Upside down.
    public static var portraitUpsideDown: PreviewTrait<T> { PreviewTrait(layout: nil, orientation: .portraitUpsideDown) }
    /// Turned left.
    public static var landscapeLeft: PreviewTrait<T> { PreviewTrait(layout: nil, orientation: .landscapeLeft) }
    /// Turned right.
    public static var landscapeRight: PreviewTrait<T> { PreviewTrait(layout: nil, orientation: .landscapeRight) }
}
