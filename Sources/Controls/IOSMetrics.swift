import Foundation
import LayoutCore
import Typography

// iOS's metrics for lists, forms, bars, controls, images and labels, as data: iPhone, compact width, iOS 17/18,
// light appearance, the `.large` Dynamic Type size unless a row says how it scales. Each row cites
// where its value comes from, in the order docs/ios-metrics.md ranks sources (numbers recorded on
// Apple's UIKit or SwiftUI; Apple's documentation and HIG; re-implementations; then
// "approximation", with how the value was chosen). docs/ios-metrics.md is the same table for readers;
// tests name the row they check (`IOSMetrics.switchSize`).
//
// Devices' safe areas and screen sizes are not here (issue 49): views lay out in the proposal given.

/// iOS's platform constants (points) for the views of the Controls module.
enum IOSMetrics {
    // MARK: - Lists and forms

    /// A row's minimum height: SwiftUI's `defaultMinListRowHeight` default. Apple's documentation of
    /// it: "The height of list rows is bounded below by this default value, and is otherwise
    /// determined by the height of the row's content and the row insets"; 44 is UIKit's
    /// `UITableView.rowHeight` default and the HIG's minimum hit target (44 × 44 pt, "Layout").
    /// Fixed: the row grows with its content, not the minimum.
    static let minimumRowHeight: CGFloat = 44

    /// A row's top and bottom inset. Recorded in apps' code working around it: "the list's default
    /// vertical insets … a magic `.padding(.bottom, -11)`" (kasianov-mikhail/scout PR #1015) and
    /// "上下は既定と同じ 11 pt を保つ" ("keep top and bottom at the default 11 pt", a `listRowInsets`
    /// comment in a published app). 11 + 22 (a body line in SF Pro) + 11 = 44, UIKit's row height.
    static let rowVerticalInset: CGFloat = 11

    /// A plain (and grouped) list row's leading and trailing inset: "keeping the standard 16pt side
    /// margins" of `.plain` (kasianov-mikhail/scout PR #1015); UIKit's layout margin on compact-width
    /// iPhones.
    static let plainRowHorizontalInset: CGFloat = 16

    /// An inset-grouped row's leading and trailing inset inside its card: 16 pt. Recorded indirectly:
    /// XCUITest reports a form's full-width toggle, text field and disclosure at x 32, 338 pt wide
    /// (Spoonjoy's UI tests, a 402-pt iPhone: 32 = the card's 16 + the row's 16 on each side); UIKit's
    /// compact-width layout margin, as in the plain style. (Settings' icons sit 16 pt into the card.)
    static let insetGroupedRowHorizontalInset: CGFloat = 16

    /// How far an inset-grouped (or inset) section's card sits from the list's edges. Approximation:
    /// the compact-width layout margin that gives plain rows their 16 pt (with the row's 16, the 32 pt
    /// recorded for a form's content; the split between the two is UIKit's margins, not a probe).
    static let insetSectionMargin: CGFloat = 16

    /// The card's corner radius in `.insetGrouped`. Approximation: 10 pt, UIKit's inset-grouped
    /// corner radius from iOS 13 to 18 as seen in screenshots at 3×.
    static let cardCornerRadius: CGFloat = 10

    /// The space between two sections, and above the first, in the grouped styles
    /// (`listSectionSpacing(.default)`). UIKit's grouped table view puts a 35-pt empty header above its
    /// first section (reported by developers removing "the extra 35-pixel top padding" of
    /// `UITableViewStyleGrouped`); taken as the gap between sections too.
    static let sectionSpacing: CGFloat = 35

    /// `listSectionSpacing(.compact)`. Approximation: 20 pt, a bit over half the default.
    static let compactSectionSpacing: CGFloat = 20

    /// Space between a grouped section header's last line and the card. Approximation: 7 pt, as
    /// UIKit's header label sits above its card in screenshots (its layout margin's bottom).
    static let groupedHeaderBottomPadding: CGFloat = 7

    /// Space between a card and its footer's first line. Approximation: 7 pt, the header's mirror.
    static let groupedFooterTopPadding: CGFloat = 7

    /// A plain list's section header (and footer): vertical padding around its text. Approximation:
    /// 3 pt, so a headline line (22 pt in SF Pro) makes a 28-pt band, UIKit's plain header height
    /// before self-sizing.
    static let plainHeaderVerticalPadding: CGFloat = 3

    /// The width a list row reserves for a label's symbol icon, which is centred in it so titles
    /// line up: 24 pt at `.large`, scaled as body text is (× body's size ÷ 17: 32.47 at xxxLarge),
    /// and not reserved at accessibility sizes, where the icon takes its own width. Source: UIKit's
    /// `UITableConstants_IOS.defaultImageViewSymbolImageAndAccessoryLayoutWidthForSidebar:` returns
    /// 24 (28 in a sidebar) through `UIFontMetrics.default.scaledValue(for:compatibleWith:)`
    /// (UIKitCore decompiled from iOS 18.2, github.com/EthanArbuckle/iPhone17-1_18.2_22C152_Restore,
    /// UITableConstants_IOS.m); the rule is the one `UIListContentImageProperties.reservedLayoutSize`
    /// documents in UIKit's header: "Symbol images will be centered inside a standard width/height
    /// that is scaled with the content size category. Non-symbol images will use a
    /// reservedLayoutSize equal to the actual size of the displayed image … The
    /// reservedLayoutSize.width is ignored by content views at Accessibility Dynamic Type sizes".
    /// That SwiftUI's list rows lay a `Label` out by UIKit's list-cell constants (SwiftUI's `List`
    /// is a UIKit collection view since iOS 16) is an approximation: no probe of SwiftUI's own
    /// numbers is published.
    static let listIconColumnWidth: CGFloat = 24

    /// The space between a list row label's icon and its title: 16 pt, fixed. Source: UIKit's
    /// `defaultImageToTextPaddingForSidebar:NO` returns `defaultCellContentLeadingPaddingForSidebar:NO`,
    /// 16 (UITableConstants_IOS.m, as above), and a `UIListContentConfiguration` printed on iOS 16
    /// reads "imageToTextPadding = 16" (a cell of an inset-grouped list, quoted in a published
    /// debugging note); the same approximation for SwiftUI as ``listIconColumnWidth``.
    static let listIconToTitleSpacing: CGFloat = 16

    /// The scale of a list row label's symbol: large below the accessibility sizes, medium at
    /// accessibility1 and 2, small from accessibility3. Source: UIKit's
    /// `defaultImageSymbolConfigurationForTraitCollection:` (UITableConstants_IOS.m, as above) is
    /// `UIImageSymbolConfiguration(textStyle: .body, scale:)` with `.large` outside the accessibility
    /// categories, `.medium` from AccessibilityMedium and `.small` from AccessibilityExtraLarge; the
    /// symbol follows the row's font (body unless set), as TextFit's symbols follow theirs.
    static func listIconSymbolScale(_ size: DynamicTypeSize) -> Image.Scale {
        if size >= .accessibility3 { return .small }
        if size >= .accessibility1 { return .medium }
        return .large
    }

    /// A separator's colour: UIKit's `UIColor.separator` in light mode, (60, 60, 67) at 29 %
    /// (Apple's "UI element colors"; the HIG's Color page lists the same).
    static let separatorColor = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.29)

    /// The grouped styles' list background: `systemGroupedBackground`, light, #F2F2F7 (HIG, "Color":
    /// background colors for grouped content).
    static let groupedBackground = Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255)

    /// A grouped card's background: `secondarySystemGroupedBackground`, light, white (HIG, "Color").
    static let groupedCardBackground = Color.white

    /// A plain list's background: `systemBackground`, light, white (HIG, "Color").
    static let plainBackground = Color.white

    /// A `GroupBox`'s background: `secondarySystemBackground`, light, #F2F2F7 (HIG, "Color").
    static let groupBoxBackground = Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255)

    /// Placeholder text: `UIColor.placeholderText`, light, (60, 60, 67) at 30 % (HIG, "Color").
    static let placeholderColor = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.3)

    /// A fill for tracks and unselected segments: `tertiarySystemFill`, light, (118, 118, 128) at 12 %
    /// (HIG, "Color").
    static let fillColor = Color(red: 118 / 255, green: 118 / 255, blue: 128 / 255, opacity: 0.12)

    /// A chevron's colour: `tertiaryLabel`, light, (60, 60, 67) at 30 % (HIG, "Color").
    static let chevronColor = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.3)

    // MARK: - Navigation, tool and tab bars

    /// A navigation bar's height (inline title, bar buttons): "the navigation bar and toolbar are 44
    /// points tall" on iPhone (Geoff Hackworth, "iPad Navigation Bar and Toolbar Height Changes in
    /// iOS 12", measured with his Adaptivity app; UIKit's `UINavigationBar` default).
    static let navigationBarHeight: CGFloat = 44

    /// What a large title adds below the 44-pt bar: "iOS 11's large titles add 52 points to the
    /// navigation bar height, giving a total of 96 points" (same source). Grows when the title's line
    /// (`.largeTitle`, bold, which follows Dynamic Type) needs more: see ``largeTitleBottomPadding``.
    static let largeTitleAreaHeight: CGFloat = 52

    /// Space below a large title's line. Approximation: 8 pt, so SF Pro's 41-pt `largeTitle` line
    /// and 3 pt above it fill the 52-pt area at `.large`.
    static let largeTitleBottomPadding: CGFloat = 8

    /// A bar's leading and trailing margin (title, buttons). Approximation: 16 pt, the compact-width
    /// layout margin (the plain row inset above).
    static let barHorizontalMargin: CGFloat = 16

    /// Space between bar buttons on one side. Approximation: 16 pt, as UIKit spaces text bar
    /// buttons in screenshots.
    static let barItemSpacing: CGFloat = 16

    /// Bar titles and buttons keep their size at every Dynamic Type size (UIKit shows them enlarged
    /// in the Large Content Viewer instead; HIG, "Large Content Viewer"): the inline title is 17 pt
    /// semibold, a bar button 17 pt (the `.headline` and `.body` sizes at `.large`).
    static let barTitleSize: CGFloat = 17
    static let barButtonSize: CGFloat = 17

    /// The scale of a symbol in a bar button (a toolbar item's icon): large, in the bar's 17-pt font
    /// (22.1 pt with TextFit's symbol rule). Source: UIKit's `_UIBarButtonItemData.imageSymbolConfiguration`
    /// is `UIImageSymbolConfiguration(textStyle: <the bar's text style>, scale: .large)`, or the
    /// title font's at large scale when one is set (UIKitCore decompiled from iOS 18.2,
    /// github.com/EthanArbuckle/iPhone17-1_18.2_22C152_Restore, _UIBarButtonItemData.m).
    static let barButtonSymbolScale = Image.Scale.large

    /// A bottom toolbar's height: 44 pt on iPhone (Hackworth, above).
    static let toolbarHeight: CGFloat = 44

    /// A bar's background where content scrolls under it (tab bar, bottom toolbar). Approximation:
    /// the system chrome material's light look, (249, 249, 249), drawn opaque.
    static let barBackground = Color(red: 249 / 255, green: 249 / 255, blue: 249 / 255)

    /// A tab bar's height without the home indicator: 49 pt, UIKit's `UITabBar` on iPhone (the
    /// height developers read from `tabBar.frame`, e.g. 365dos "iOS Tab Bar高度详解": 49 pt).
    static let tabBarHeight: CGFloat = 49

    /// The home indicator's bottom safe-area inset on Face ID iPhones: "our safe area now has a 34 point
    /// inset at the bottom" (Use Your Loaf, "Supporting iPhone X"): 49 + 34 = 83 with a tab bar. The
    /// device's (``Device``'s insets): laid out on a device the tab bar is 49 pt above it and its
    /// background runs under it; in a proposal there is none.
    static let homeIndicatorInset: CGFloat = 34

    /// A tab item's title: 10 pt medium, fixed (tab bars do not follow Dynamic Type, HIG "Tab bars"
    /// and "Large Content Viewer"). Source: UIKit's `_UITabBarItemData._fallbackTitleFontForState:`
    /// is `systemFontOfSize:10 weight:` for stacked items, iPhone's portrait layout (UIKitCore
    /// decompiled from iOS 18.2, github.com/EthanArbuckle/iPhone17-1_18.2_22C152_Restore,
    /// _UITabBarItemData.m); the weight constant is not resolved there: medium is an approximation.
    static let tabTitleSize: CGFloat = 10

    /// A tab item's icon slot: 25 × 25 pt, the HIG's tab bar glyph size for square glyphs in regular
    /// tab bars (the "Custom icons" table of earlier editions of "Tab bars"). The icon is centred in
    /// it; the title sits below.
    static let tabIconSize = CGSize(width: 25, height: 25)

    /// The point size a tab item's symbol is drawn at: 18, medium weight, large scale (23.4 pt with
    /// TextFit's symbol rule), fixed at every Dynamic Type size. Source: UIKit's
    /// `_UITabBarItemData.preferredSymbolConfiguration` for stacked items is
    /// `UIImageSymbolConfiguration(pointSize: 18, weight: .medium, scale: .large)` (the same
    /// decompiled file; on SDKs before that, body text at large scale).
    static let tabItemSymbolPointSize: CGFloat = 18
    static let tabItemSymbolScale = Image.Scale.large

    /// Space between a tab's icon and title. Approximation: 2 pt (screenshots at 3×).
    static let tabIconTitleSpacing: CGFloat = 2

    // MARK: - Controls

    /// `Toggle`'s switch: 51 × 31 pt, printed by UIKit for `UISwitch()` ("frame = (0 0; 51 31)",
    /// C4 "Hacking UISwitch"); fixed at every Dynamic Type size.
    static let switchSize = CGSize(width: 51, height: 31)

    /// Space between a control's label and the control beside it (toggle, stepper, picker value).
    /// Approximation: 8 pt, the default spacing between views, which a `LabeledContent`'s row uses
    /// (OpenSwiftUI's `SwitchToggleStyle` is a `LabeledContent` of the label and the switch).
    static let labelControlSpacing: CGFloat = 8

    /// `Stepper`'s control: 94 × 32 pt, as recorded by XCUITest for "native system stepper
    /// accessibility frames" in a public app's UI tests (Spoonjoy,
    /// `testGeometryAcceptsNativeSystemStepperAccessibilityFrames`: the stepper 94 × 32, each half 47 × 32).
    static let stepperSize = CGSize(width: 94, height: 32)

    /// A segmented picker's height. Approximation: 32 pt, UISegmentedControl since iOS 13; grows
    /// when its text (13 pt medium, `.footnote`, following Dynamic Type) needs more, 6 pt above and below.
    static let segmentedHeight: CGFloat = 32
    static let segmentedTextVerticalPadding: CGFloat = 6
    static let segmentedHorizontalPadding: CGFloat = 8
    static let segmentedCornerRadius: CGFloat = 8

    /// `Slider`'s height. Approximation: 31 pt, the height of UISlider's thumb (28 pt) and shadow.
    static let sliderHeight: CGFloat = 31
    static let sliderThumbDiameter: CGFloat = 28
    static let sliderTrackHeight: CGFloat = 4

    /// A linear `ProgressView`'s bar: 4 pt high. Approximation: UIProgressView's default style.
    static let progressBarHeight: CGFloat = 4
    /// Space between a linear progress view's label and its bar. Approximation: 8 pt.
    static let progressLabelSpacing: CGFloat = 8

    /// A circular `ProgressView`: 20 × 20 pt, UIActivityIndicatorView's default: "It assumes a default
    /// size of 20 × 20 or 37 × 37, depending on its style" (Mark Meretzky's iOS course notes, measured).
    static let activityIndicatorSize: CGFloat = 20

    /// A `.roundedBorder` text field's padding around its text. Approximation: 7 pt across (UITextField's
    /// `.roundedRect` text inset) and 5 pt above and below, which makes UIKit's 34-pt field at 17 pt.
    static let roundedTextFieldHorizontalPadding: CGFloat = 7
    static let roundedTextFieldVerticalPadding: CGFloat = 5
    static let roundedTextFieldCornerRadius: CGFloat = 5

    /// `TextEditor`'s inset around its text. Approximation: UITextView's `textContainerInset` (8 pt
    /// above and below) and its line fragment padding (5 pt on each side).
    static let textEditorVerticalInset: CGFloat = 8
    static let textEditorHorizontalInset: CGFloat = 5

    /// A disclosure chevron (`NavigationLink` in a list, `DisclosureGroup`, the navigation-link and
    /// menu pickers): 8 × 13 pt at `.large`, scaled with `.body`. Approximation: UITableViewCell's
    /// disclosure indicator image.
    static let chevronSize = CGSize(width: 8, height: 13)

    /// A checkmark (the inline picker's selected row). Approximation: 14 × 13 pt at `.large`, scaled with `.body`.
    static let checkmarkSize = CGSize(width: 14, height: 13)

    /// A `GroupBox`'s padding and corner radius, and the space between its label and content.
    /// Approximation: 16 pt, 8 pt and 8 pt (screenshots of iOS 16).
    static let groupBoxPadding: CGFloat = 16
    static let groupBoxCornerRadius: CGFloat = 8
    static let groupBoxSpacing: CGFloat = 8

    /// `.bordered` and `.borderedProminent` buttons: insets around the label per `controlSize`, the
    /// corner radius of `.automatic` shape and the label's text style. Approximation: UIButton.Configuration's
    /// sizes (`.mini`, `.small`, `.medium`, `.large`) as seen in screenshots at 3×; Apple publishes none.
    static func borderedButton(_ size: ControlSize) -> (vertical: CGFloat, horizontal: CGFloat, radius: CGFloat) {
        switch size {
        case .mini: (vertical: 3, horizontal: 8, radius: 5)
        case .small: (vertical: 5, horizontal: 10, radius: 6)
        case .regular: (vertical: 7, horizontal: 12, radius: 8)
        case .large, .extraLarge: (vertical: 14, horizontal: 20, radius: 12)
        }
    }

    /// A `.bordered` button's fill: the tint at 15 % (approximation, screenshots).
    static let borderedFillOpacity = 0.15

    // MARK: - Images and labels

    /// A medium-scale system symbol's side, as a multiple of the font's point size (after Dynamic
    /// Type): 1. Approximation: SF Symbols are drawn to match the text they sit in ("symbols
    /// automatically align with text", HIG, SF Symbols), but each symbol's own width and height
    /// are Apple's and unpublished; TextFit lays every symbol out as a square one font size wide.
    static let symbolSidePerPoint = 1.0

    /// The small and large image scales against the medium one: 0.8 and 1.3. Source: AppKit's
    /// `NSImage.SymbolScale` ("approximately 20% smaller", "approximately 30% larger" than medium),
    /// https://developer.apple.com/documentation/appkit/nsimage/symbolscale/small and …/large.
    static func symbolScale(_ scale: Image.Scale) -> Double {
        switch scale {
        case .small: 0.8
        case .medium: 1
        case .large: 1.3
        }
    }

    /// Where a symbol sits against the text's baseline: its centre half the cap height above it.
    /// Approximation of the HIG's rule that symbols are centred on capital letters ("symbols align
    /// with text", SF Symbols); the baseline each symbol carries is Apple's.
    static let symbolCentreInCapHeights = 0.5

    /// The cap height used when a font does not give one (OS/2 version 1 or older), in ems: 0.7.
    /// Approximation (Noto Sans's is 0.714, SF Pro's 0.705).
    static let fallbackCapHeightPerPoint = 0.7

    /// The space between a label's icon and its title in the title-and-icon style outside lists,
    /// tab bars and toolbars when `labelIconToTitleSpacing(_:)` sets none: `nil`, an `HStack`'s own
    /// spacing (8 pt between an image and a text). Approximation: Apple publishes no default (the
    /// environment value's documentation says only "a default value"); SwiftUI re-implementations
    /// (OpenSwiftUI-style `TitleAndIconLabelStyle`) write `HStack { icon; title }`.
    static let labelIconToTitleSpacing: CGFloat? = nil

    /// How a label's icon and title line up: centred vertically. Approximation, as above.
    static let labelAlignment = VerticalAlignment.center
}
