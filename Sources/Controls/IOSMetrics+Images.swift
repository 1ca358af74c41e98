import Foundation

/// iOS's constants for images and labels, each with its source or marked an approximation; the
/// table in docs/ios-metrics-images.md lists the same rows. (Kept apart from the lists' and controls'
/// `IOSMetrics` until the two tables are merged.)
enum IOSImageMetrics {
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

    /// The space between a label's icon and its title in the title-and-icon style when
    /// `labelIconToTitleSpacing(_:)` sets none: `nil`, an `HStack`'s own spacing (8 pt between an
    /// image and a text). Approximation: Apple publishes no default (the environment value's
    /// documentation says only "a default value"); SwiftUI re-implementations (OpenSwiftUI-style
    /// `TitleAndIconLabelStyle`) write `HStack { icon; title }`.
    static let labelIconToTitleSpacing: CGFloat? = nil

    /// How a label's icon and title line up: centred vertically. Approximation, as above.
    static let labelAlignment = VerticalAlignment.center
}
