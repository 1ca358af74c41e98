import Foundation
import LayoutCore

// A text's own colour, as SwiftUI's `Text.foregroundColor(_:)` and `Text.foregroundStyle(_:)`:
// they return `Text`, so coloured texts concatenate (`Text("a").foregroundColor(.red) + Text("b")`).
// The colour is kept per run and used only when drawing; it never reaches shaping or measurement
// (Typography's `TextAttributes`), so it changes no size.

extension Text {
    /// Draws the runs that set no colour in `color` (`nil` changes nothing); runs without one use
    /// the environment's foreground style.
    /// Source: https://developer.apple.com/documentation/swiftui/text/foregroundcolor(_:)
    public func foregroundColor(_ color: Color?) -> Text {
        guard let color else { return self }
        return map { if $0.color == nil { $0.color = color } }
    }

    /// Draws the runs that set no colour in `style`. A ``Color`` is kept as it is (a colour set is
    /// looked up when drawn); a hierarchical level (`.secondary`, …) as the light-mode label colour
    /// of that level; the link colour, fills, levels of colours, materials and gradients as their
    /// one colour (ShapeStyles.swift); `.foreground` (and styles TextFit does not draw) leaves the
    /// runs to the environment.
    /// Source: https://developer.apple.com/documentation/swiftui/text/foregroundstyle(_:)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        let base = (style as? AnyShapeStyle)?.base ?? style
        if let color = base as? Color { return foregroundColor(color) }
        guard base is HierarchicalShapeStyle || base is any ResolvableShapeStyle else { return self }
        return foregroundColor(base.resolvedColor(in: EnvironmentValues()))
    }
}
