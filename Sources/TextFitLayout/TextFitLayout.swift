// TextFitLayout: the umbrella for layout users. `import TextFitLayout` (or `import TextFit`, which
// re-exports it) brings Foundation's geometry (CGFloat, CGSize, CGPoint, CGRect), views and
// modifiers, the Layout protocol and its containers, text measured with real fonts, and pictures
// (SVGRenderer, ImageRenderer: SVG and PNG). It never builds the localization stress tester, the
// measuring service or the CLI's operations: depend on the `TextFit` product for those.
@_exported import Foundation
@_exported import Typography
@_exported import TextLayout
@_exported import LayoutCore
@_exported import Layouts
@_exported import Catalogs
@_exported import Controls
@_exported import Rendering
@_exported import PreviewSupport
// Observation, as `import SwiftUI` brings it: `@Observable` models need no import of their own.
@_exported import Observation
