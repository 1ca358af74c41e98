// TextFit: the umbrella module. `import TextFit` brings in every library module, and the
// operations here (measure, fonts) are the one place the CLI and, later, the service turn a
// Codable request into a Codable result, so there is one JSON schema.
//
// | operation | function | JSON |
// |---|---|---|
// | measure texts | `TextFitEngine.measure(_:)` | `MeasureRequest` → `[MeasureResult]` |
// | list families / resolve a text's fonts | `TextFitEngine.families()`, `clusterFonts(_:)` | `FontFamilyInfo`, `ClusterFontResult` |
// Foundation too, as `import SwiftUI` brings it: CGFloat, CGSize, CGPoint, CGRect without a second import.
@_exported import Foundation
@_exported import Typography
@_exported import TextLayout
@_exported import LayoutCore
@_exported import Layouts
@_exported import Rendering
@_exported import LocalizationStress
