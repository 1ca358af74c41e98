import Foundation
import LayoutCore
import Layouts
import Testing

// The device presets against their sources: every value below is written from the source named
// beside it (the sources' keys are Device+Presets.swift's). `publishedDevices` is shared with
// SafeAreaTests.swift, whose frames are each device's size less these insets.

/// The portrait and landscape values a source gives for a device.
struct Published: Sendable, CustomTestStringConvertible {
    var testDescription: String { device.name }
    let device: Device
    let size: CGSize
    let scale: CGFloat
    let idiom: DeviceIdiom
    let platform: Device.Platform
    let portrait: EdgeInsets
    let landscape: EdgeInsets
}

func edgeInsets(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> EdgeInsets {
    EdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
}

let publishedDevices: [Published] = [
    // HIG "Layout", Specifications: iPhone SE 4.7" 375×667 pt @2x. swift-snapshot-testing's
    // `ViewImageConfig.iPhone8` (the same screen): `safeArea = .init(top: 20, left: 0, bottom: 0,
    // right: 0)` in portrait, `.zero` in landscape.
    Published(device: .iPhoneSE3, size: CGSize(width: 375, height: 667), scale: 2, idiom: .phone, platform: .ios,
              portrait: edgeInsets(20, 0, 0, 0), landscape: edgeInsets(0, 0, 0, 0)),
    // HIG: iPhone 16 393×852 pt @3x. Use Your Loaf, "iPhone 16 Screen Sizes": portrait top 59,
    // bottom 34; landscape left 59, right 59, bottom 21.
    Published(device: .iPhone16, size: CGSize(width: 393, height: 852), scale: 3, idiom: .phone, platform: .ios,
              portrait: edgeInsets(59, 0, 34, 0), landscape: edgeInsets(0, 59, 21, 59)),
    // HIG: iPhone 16 Pro 402×874 pt @3x. Use Your Loaf: portrait top 62, bottom 34; landscape 62,
    // 62, bottom 21 (snapshot configurations recorded on the iOS 18 Simulator agree:
    // `UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0)`, landscape `top: 0, left: 62, bottom: 21, right: 62`).
    Published(device: .iPhone16Pro, size: CGSize(width: 402, height: 874), scale: 3, idiom: .phone, platform: .ios,
              portrait: edgeInsets(62, 0, 34, 0), landscape: edgeInsets(0, 62, 21, 62)),
    // HIG: iPhone 16 Pro Max 440×956 pt @3x. Use Your Loaf: the 16 Pro's insets.
    Published(device: .iPhone16ProMax, size: CGSize(width: 440, height: 956), scale: 3, idiom: .phone, platform: .ios,
              portrait: edgeInsets(62, 0, 34, 0), landscape: edgeInsets(0, 62, 21, 62)),
    // HIG: iPad 11" 820×1180 pt @2x; Hackworth: "10.9": 1180×820 points (2360×1640 pixels)".
    // swift-snapshot-testing's `ViewImageConfig.iPadPro11`: `.init(top: 24, left: 0, bottom: 20, right: 0)`
    // in both orientations.
    Published(device: .iPad11, size: CGSize(width: 820, height: 1180), scale: 2, idiom: .pad, platform: .ios,
              portrait: edgeInsets(24, 0, 20, 0), landscape: edgeInsets(24, 0, 20, 0)),
    // HIG: iPad mini 8.3" 744×1133 pt @2x; Hackworth: "8.3": 1133×744 points (2266×1488 pixels)".
    Published(device: .iPadMini, size: CGSize(width: 744, height: 1133), scale: 2, idiom: .pad, platform: .ios,
              portrait: edgeInsets(24, 0, 20, 0), landscape: edgeInsets(24, 0, 20, 0)),
    // Android Studio: 720 × 1280 px at xhdpi (320 dpi); dp = px × 160 / dpi: 360 × 640 dp, scale 2.
    // AOSP dimens.xml: status_bar_height_portrait 24dp, navigation_bar_height 48dp,
    // navigation_bar_width 48dp (a phone's bar at the right in landscape).
    Published(device: .compactAndroidPhone, size: CGSize(width: 360, height: 640), scale: 2, idiom: .phone, platform: .android,
              portrait: edgeInsets(24, 0, 48, 0), landscape: edgeInsets(24, 0, 0, 48)),
    // Android Studio: pixel_8 1080 × 2400 px at 420dpi: 1080 × 160 / 420 = 411.428… × 914.285… dp,
    // scale 420 / 160 = 2.625. AOSP: 24 dp above, 48 dp below (at the right in landscape).
    Published(device: .pixel8, size: CGSize(width: 1080 * 160 / 420.0, height: 2400 * 160 / 420.0), scale: 2.625,
              idiom: .phone, platform: .android, portrait: edgeInsets(24, 0, 48, 0), landscape: edgeInsets(24, 0, 0, 48)),
    // Android Studio: pixel_tablet 2560 × 1600 px at xhdpi: 1280 × 800 dp (portrait 800 × 1280), scale 2.
    // AOSP: navigation_bar_height_landscape 48dp: a tablet keeps its bar at the bottom.
    Published(device: .pixelTablet, size: CGSize(width: 800, height: 1280), scale: 2, idiom: .pad, platform: .android,
              portrait: edgeInsets(24, 0, 48, 0), landscape: edgeInsets(24, 0, 48, 0)),
]

@Suite("Devices: the presets and their sources")
struct DevicePresetTests {
    @Test("Each preset has its sources' size, scale, idiom and insets", arguments: publishedDevices)
    func presetsMatchTheirSources(_ source: Published) {
        let device = source.device
        #expect(abs(device.portraitSize.width - source.size.width) < 1e-9)
        #expect(abs(device.portraitSize.height - source.size.height) < 1e-9)
        #expect(device.displayScale == source.scale)
        #expect(device.idiom == source.idiom)
        #expect(device.platform == source.platform)
        #expect(device.portraitSafeAreaInsets == source.portrait)
        #expect(device.landscapeSafeAreaInsets == source.landscape)
    }

    @Test("The lists hold every preset once: iOS's six, Android's three")
    func lists() {
        #expect(Device.iOS.map(\.name) == ["iPhone SE (3rd generation)", "iPhone 16", "iPhone 16 Pro", "iPhone 16 Pro Max",
                                           "iPad mini (A17 Pro)", "iPad 11-inch (A16)"])
        #expect(Device.android.allSatisfy { $0.platform == .android } && Device.android.count == 3)
        #expect(Device.all == Device.iOS + Device.android)
        #expect(Set(Device.all).count == Device.all.count)
    }

}
