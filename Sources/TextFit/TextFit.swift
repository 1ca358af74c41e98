// TextFit: the umbrella module. `import TextFit` brings in every library module, and the
// operations here (measure, fonts) are the one place the CLI and, later, the service turn a
// Codable request into a Codable result, so there is one JSON schema.
//
// | operation | function | JSON |
// |---|---|---|
// | measure texts | `TextFitEngine.measure(_:)` | `MeasureRequest` → `[MeasureResult]` |
// | list families / resolve a text's fonts | `TextFitEngine.families()`, `clusterFonts(_:)` | `FontFamilyInfo`, `ClusterFontResult` |
//
// `import TextFit` alone gives Foundation's geometry (CGFloat, CGSize…), as `import SwiftUI` does.
@_exported import Foundation
@_exported import TextFitLayout
@_exported import Typography
@_exported import TextLayout
@_exported import LayoutCore
@_exported import Layouts
@_exported import Controls
@_exported import Rendering
@_exported import PreviewSupport
// Observation, as `import SwiftUI` brings it: `@Observable` models need no import of their own.
@_exported import Observation
@_exported import LocalizationStress
@_exported import Catalogs
