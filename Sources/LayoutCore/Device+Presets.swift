import Foundation

// The preset devices, every value with its source (docs/devices.md is the same table for readers).
//
// Sources, by the key each value cites:
// - [HIG]: Apple, Human Interface Guidelines, "Layout", Specifications: "iOS, iPadOS device screen
//   sizes" — each device's size in points and its scale factor.
// - [UYL16]: Keith Harrison, Use Your Loaf, "iPhone 16 Screen Sizes" (2024): each iPhone 16 model's
//   safe-area insets in portrait and landscape; the same insets are recorded in public snapshot-test
//   configurations made on the iOS 18 Simulator (`ViewImageConfig(safeArea: UIEdgeInsets(top: 62,
//   left: 0, bottom: 34, right: 0), size: CGSize(width: 402, height: 874))`, landscape `top: 0,
//   left: 62, bottom: 21, right: 62`).
// - [SnapshotTesting]: pointfreeco/swift-snapshot-testing, Sources/SnapshotTesting/Common/View.swift:
//   `ViewImageConfig.iPhone8` (375 × 667, the iPhone SE's screen: `top: 20` in portrait, `.zero` in
//   landscape, where the status bar is hidden) and `ViewImageConfig.iPadPro11` (`top: 24, bottom: 20`
//   in both orientations: the status bar and the home indicator of an iPad without a home button).
// - [Hackworth]: Geoff Hackworth, "How iPad Apps Adapt to the New 8.3" iPad Mini" (2021): "8.3":
//   1133×744 points (2266×1488 pixels)", "10.9": 1180×820 points (2360×1640 pixels)" — the screen the
//   11-inch iPad (A16) kept (Apple's tech specs: 2360 × 1640 pixels at 264 ppi).
// - [AOSP]: Android's frameworks/base, core/res/res/values/dimens.xml: `status_bar_height_portrait`
//   24dp (landscape the same), `navigation_bar_height` 48dp, `navigation_bar_height_landscape` 48dp,
//   `navigation_bar_width` 48dp (the three-button navigation bar, at the side of a phone in landscape
//   and at the bottom of a tablet).
// - [dp]: Android Developers, "Support different pixel densities": px = dp × (dpi / 160); the display
//   scale is dpi ÷ 160.
// - [Studio]: Android Studio's device definitions (sdklib `devices`): `pixel_8` 1080 × 2400 px at
//   420dpi; `pixel_tablet` 2560 × 1600 px at xhdpi (320 dpi), landscape by default; '4.65" 720p'
//   720 × 1280 px at xhdpi (320 dpi).
//
// Approximations, said where they are made: Android's status bar is AOSP's default 24 dp (a phone
// whose camera cutout is taller gets a taller one) and its navigation bar the three-button one
// (gesture navigation leaves a thinner inset); a camera cutout's own inset in landscape is left out.

extension Device {
    // MARK: - iPhone

    /// iPhone SE (3rd generation): 375 × 667 pt at 2× [HIG]; 20 pt for the status bar in portrait,
    /// none in landscape, where iOS hides the status bar [SnapshotTesting, `iPhone8`: the same screen].
    public static let iPhoneSE3 = Device(
        name: "iPhone SE (3rd generation)", platform: .ios, idiom: .phone,
        size: CGSize(width: 375, height: 667),                                        // [HIG]
        portraitSafeAreaInsets: EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0),  // [SnapshotTesting]
        landscapeSafeAreaInsets: EdgeInsets(),                                          // [SnapshotTesting]
        displayScale: 2)                                                                // [HIG]

    /// iPhone 16: 393 × 852 pt at 3× [HIG]; the Dynamic Island's 59 pt above and the home
    /// indicator's 34 pt below in portrait, 59 pt each side and 21 pt below in landscape [UYL16].
    public static let iPhone16 = Device(
        name: "iPhone 16", platform: .ios, idiom: .phone,
        size: CGSize(width: 393, height: 852),                                              // [HIG]
        portraitSafeAreaInsets: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0),  // [UYL16]
        landscapeSafeAreaInsets: EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59), // [UYL16]
        displayScale: 3)                                                                    // [HIG]

    /// iPhone 16 Pro: 402 × 874 pt at 3× [HIG]; 62 pt above (the Dynamic Island, 3 pt more than the
    /// iPhone 16's) and 34 below in portrait, 62 each side and 21 below in landscape [UYL16].
    public static let iPhone16Pro = Device(
        name: "iPhone 16 Pro", platform: .ios, idiom: .phone,
        size: CGSize(width: 402, height: 874),                                              // [HIG]
        portraitSafeAreaInsets: EdgeInsets(top: 62, leading: 0, bottom: 34, trailing: 0),  // [UYL16]
        landscapeSafeAreaInsets: EdgeInsets(top: 0, leading: 62, bottom: 21, trailing: 62), // [UYL16]
        displayScale: 3)                                                                    // [HIG]

    /// iPhone 16 Pro Max: 440 × 956 pt at 3× [HIG]; the 16 Pro's insets: 62 and 34 in portrait,
    /// 62 each side and 21 below in landscape [UYL16].
    public static let iPhone16ProMax = Device(
        name: "iPhone 16 Pro Max", platform: .ios, idiom: .phone,
        size: CGSize(width: 440, height: 956),                                              // [HIG]
        portraitSafeAreaInsets: EdgeInsets(top: 62, leading: 0, bottom: 34, trailing: 0),  // [UYL16]
        landscapeSafeAreaInsets: EdgeInsets(top: 0, leading: 62, bottom: 21, trailing: 62), // [UYL16]
        displayScale: 3)                                                                    // [HIG]

    // MARK: - iPad

    /// The 11-inch iPad (A16): 820 × 1180 pt at 2× [HIG, Hackworth]; the status bar's 24 pt above and
    /// the home indicator's 20 pt below in both orientations [SnapshotTesting, `iPadPro11`].
    public static let iPad11 = Device(
        name: "iPad 11-inch (A16)", platform: .ios, idiom: .pad,
        size: CGSize(width: 820, height: 1180),                                             // [HIG, Hackworth]
        portraitSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0),  // [SnapshotTesting]
        landscapeSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), // [SnapshotTesting]
        displayScale: 2)                                                                    // [HIG]

    /// iPad mini (A17 Pro, the 8.3-inch screen of the 6th generation): 744 × 1133 pt at 2×
    /// [HIG, Hackworth]; 24 pt above and 20 below in both orientations [SnapshotTesting, `iPadPro11`].
    public static let iPadMini = Device(
        name: "iPad mini (A17 Pro)", platform: .ios, idiom: .pad,
        size: CGSize(width: 744, height: 1133),                                             // [HIG, Hackworth]
        portraitSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0),  // [SnapshotTesting]
        landscapeSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), // [SnapshotTesting]
        displayScale: 2)                                                                    // [HIG]

    // MARK: - Android

    /// A compact Android phone, 360 dp wide: 720 × 1280 px at 320 dpi [Studio] is 360 × 640 dp at
    /// 2× [dp]; the status bar's 24 dp above and the navigation bar's 48 dp below in portrait, the
    /// status bar above and the navigation bar's 48 dp on the right in landscape [AOSP].
    public static let compactAndroidPhone = Device(
        name: "Android phone (360 dp)", platform: .android, idiom: .phone,
        size: CGSize(width: 720 / 2.0, height: 1280 / 2.0),                                 // [Studio, dp]
        portraitSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 48, trailing: 0),  // [AOSP]
        landscapeSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 0, trailing: 48), // [AOSP]
        displayScale: 320 / 160)                                                            // [Studio, dp]

    /// Pixel 8: 1080 × 2400 px at 420 dpi [Studio] is 411.43 × 914.29 dp at 2.625× [dp]; the
    /// status bar's 24 dp and the navigation bar's 48 dp [AOSP], as on the compact phone.
    public static let pixel8 = Device(
        name: "Pixel 8", platform: .android, idiom: .phone,
        size: CGSize(width: 1080 / 2.625, height: 2400 / 2.625),                            // [Studio, dp]
        portraitSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 48, trailing: 0),  // [AOSP]
        landscapeSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 0, trailing: 48), // [AOSP]
        displayScale: 420 / 160)                                                            // [Studio, dp]

    /// Pixel Tablet: 2560 × 1600 px at 320 dpi [Studio] is 1280 × 800 dp at 2× [dp] (held in
    /// landscape by default; `portraitSize` is 800 × 1280); the status bar's 24 dp above and the
    /// navigation bar's 48 dp below in both orientations, where a tablet keeps it [AOSP].
    public static let pixelTablet = Device(
        name: "Pixel Tablet", platform: .android, idiom: .pad,
        size: CGSize(width: 1600 / 2.0, height: 2560 / 2.0),                                // [Studio, dp]
        portraitSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 48, trailing: 0),  // [AOSP]
        landscapeSafeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 48, trailing: 0), // [AOSP]
        displayScale: 320 / 160)                                                            // [Studio, dp]

    // MARK: - Lists for sweeps

    /// Apple's presets, smallest first: iPhone SE (3rd generation), iPhone 16, 16 Pro, 16 Pro Max,
    /// iPad mini, the 11-inch iPad.
    public static let iOS: [Device] = [.iPhoneSE3, .iPhone16, .iPhone16Pro, .iPhone16ProMax, .iPadMini, .iPad11]

    /// Android's presets, smallest first: the 360-dp phone, Pixel 8, Pixel Tablet.
    public static let android: [Device] = [.compactAndroidPhone, .pixel8, .pixelTablet]

    /// Every preset: ``iOS`` then ``android``.
    public static let all: [Device] = iOS + android
}
