// SwiftUI, for Linux, where Apple's does not exist: `import SwiftUI` brings TextFit (views, layouts,
// text measured in real fonts, previews, pictures) and Observation, as Apple's SwiftUI brings
// Observation, so a view file compiles with its import unchanged. Nothing is declared here:
// qualified names (`SwiftUI.Text`, `SwiftUI.Label`) resolve through the re-exports, as a module's
// qualified lookup does in Swift. Depend on the `SwiftUI` product on Linux only (docs/porting.md).
@_exported import TextFit
@_exported import Observation
