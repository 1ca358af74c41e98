import Foundation

// Drawing modifiers, as SwiftUI spells them. None changes layout: `opacity` and the clips attach
// a drawing effect to the element (no node of their own; the result carries it for renderers),
// `foregroundStyle`/`foregroundColor` set the environment, and `border` and the shape-style
// backgrounds are overlays/backgrounds (the content's size, as SwiftUI's).

/// A drawing effect on an element and its subtree.
package enum DrawingEffect: Sendable {
    /// Multiplies the subtree's opacity (0…1).
    case opacity(Double)
    /// Clips the subtree to `shape`'s path in the element's frame.
    case clip(any Shape, FillStyle)
    /// Clips the subtree to the element's frame as a scroll view (or a list) clips its content:
    /// what lies past it along `axes` is scrolled out of view, not cut (``PlacedText/clip``), and
    /// moves under what is drawn over the scroller as it scrolls (``PlacedText/overlaps``).
    case scrollClip(Axis.Set)
    /// Rotates the subtree's drawing by `radians` (clockwise on screen) about `anchor` of the frame.
    case rotation(radians: Double, anchor: UnitPoint)
    /// Scales the subtree's drawing by (`x`, `y`) about `anchor` of the frame.
    case scale(x: Double, y: Double, anchor: UnitPoint)
}

extension View {
    /// Draws this view and its descendants at `opacity` (0…1, clamped). Layout is unchanged.
    /// Source: https://developer.apple.com/documentation/swiftui/view/opacity(_:)
    public func opacity(_ opacity: Double) -> some View {
        let value = opacity.isNaN ? 1 : min(1, max(0, opacity))
        return drawingEffect(.opacity(value))
    }

    /// Clips this view to `shape` in its frame. Layout is unchanged.
    /// Source: https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:)
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        drawingEffect(.clip(shape, style))
    }

    /// Clips this view to its frame (`clipShape(Rectangle())`).
    public func clipped(antialiased: Bool = false) -> some View { clipShape(Rectangle()) }

    /// Clips this view to a rounded rectangle of `radius` in its frame.
    /// Source: https://developer.apple.com/documentation/swiftui/view/cornerradius(_:antialiased:)
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius, style: .circular))
    }

    /// Text and unstyled shapes inside are drawn in `style` (an inner setting wins).
    /// Source: https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        environmentValue(AnyShapeStyle(style)) { $0.foregroundStyle = $1 }
    }

    /// Text and unstyled shapes inside are drawn in `primary`; `secondary` colours the second layer
    /// of multi-layer symbols, which TextFit draws as one-colour placeholders (accepted, not drawn).
    /// Source: https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:_:)
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        environmentValue(AnyShapeStyle(primary)) { $0.foregroundStyle = $1 }
    }

    /// Text and unstyled shapes inside are drawn in `primary`; the other two colour symbols' second
    /// and third layers (accepted, not drawn).
    /// Source: https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:_:_:)
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2,
                                                                             _ tertiary: S3) -> some View {
        environmentValue(AnyShapeStyle(primary)) { $0.foregroundStyle = $1 }
    }

    /// Text and unstyled shapes inside are drawn in `color`; `nil` restores the default.
    /// Source: https://developer.apple.com/documentation/swiftui/view/foregroundcolor(_:)
    public func foregroundColor(_ color: Color?) -> some View {
        environmentValue(color.map { AnyShapeStyle($0) }) { $0.foregroundStyle = $1 }
    }

    /// A border of `width` inside the view's frame: an overlay of
    /// `Rectangle().strokeBorder(content, lineWidth: width)`, the view's size.
    /// Source: https://developer.apple.com/documentation/swiftui/view/border(_:width:)
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay { Rectangle().strokeBorder(content, lineWidth: width) }
    }

    /// Fills the view's frame with `style` behind it (a background the view's size). Laid out on a
    /// device, the fill extends into the safe area on `edges` where the view reaches it, as SwiftUI's
    /// does (``ignoresSafeArea(_:edges:)``).
    /// Source: https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
    @_disfavoredOverload
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background { Rectangle().fill(style).ignoresSafeArea(edges: edges) }
    }

    /// Fills `shape`, in the view's frame, with `style` behind the view: `.background(.blue, in: Capsule())`.
    /// Source: https://developer.apple.com/documentation/swiftui/view/background(_:in:fillstyle:)
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background { shape.fill(style, style: fillStyle) }
    }

    /// Fills the view's frame with `style` over it; laid out on a device, into the safe area on
    /// `edges` where the view reaches it, as the background does.
    /// Source: https://developer.apple.com/documentation/swiftui/view/overlay(_:ignoressafeareaedges:)
    @_disfavoredOverload
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        overlay { Rectangle().fill(style).ignoresSafeArea(edges: edges) }
    }

    /// Fills `shape`, in the view's frame, with `style` over the view.
    /// Source: https://developer.apple.com/documentation/swiftui/view/overlay(_:in:fillstyle:)
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        overlay { shape.fill(style, style: fillStyle) }
    }

    /// Rotates this view's drawing by `angle` about `anchor` (default its centre). Layout is
    /// unchanged: the frame, and the space the parent gives, are the unrotated ones, as in SwiftUI.
    /// Source: https://developer.apple.com/documentation/swiftui/view/rotationeffect(_:anchor:)
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        let radians = angle.radians.isFinite ? angle.radians : 0
        return drawingEffect(.rotation(radians: radians, anchor: anchor))
    }

    /// Scales this view's drawing by `scale` on both axes about `anchor`. Layout is unchanged.
    /// Source: https://developer.apple.com/documentation/swiftui/view/scaleeffect(_:anchor:)
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale, y: scale, anchor: anchor)
    }

    /// Scales this view's drawing by `scale.width` × `scale.height` about `anchor`. Layout is unchanged.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    /// Scales this view's drawing by `x` and `y` about `anchor`. Layout is unchanged; a NaN or
    /// infinite factor is taken as 1.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        func factor(_ v: CGFloat) -> Double { v.isFinite ? Double(v) : 1 }
        return drawingEffect(.scale(x: factor(x), y: factor(y), anchor: anchor))
    }

    /// Accepted so SwiftUI code compiles; TextFit does not draw shadows (and SwiftUI's shadow does
    /// not change layout either).
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        eachElement { $0 }
    }

    /// Clips this view to its frame as a scroll view scrolling along `axes` does (``DrawingEffect/scrollClip(_:)``).
    package func scrollClipped(_ axes: Axis.Set) -> some View { drawingEffect(.scrollClip(axes)) }

    /// Each element with `effect` added.
    private func drawingEffect(_ effect: DrawingEffect) -> some View {
        eachElement { element in
            var element = element
            element.traits.drawing.append(effect)
            return element
        }
    }
}

extension LayoutResult {
    /// The drawing effects on the element at pre-order `index` (innermost first; empty for most
    /// elements and for results decoded from JSON).
    package func drawingEffects(at index: Int) -> [DrawingEffect] { structure.drawing[index] ?? [] }

    /// Whether any element has a drawing effect.
    package var hasDrawingEffects: Bool { !structure.drawing.isEmpty }

    /// Whether `element` clips what it contains to its frame, or to a shape in it (`clipped()`,
    /// `clipShape`, `cornerRadius`, and every `ScrollView` and `List`): its descendants are drawn only inside
    /// it. `false` for an element not in this result, and for results decoded from JSON (which
    /// carry no drawing).
    public func clipsContent(_ element: PlacedElement) -> Bool {
        guard let index = structure.pathIndex(element.path) else { return false }
        return drawingEffects(at: index).contains {
            switch $0 {
            case .clip, .scrollClip: true
            default: false
            }
        }
    }
}

// MARK: - Images

/// What an image draws, for renderers: the views that make images (`Image`, an image in a `Text`)
/// live in a module above this one, and renderers read only this.
package enum ImageContent: Sendable, Hashable {
    /// An image file drawn stretched into the frame. `mediaType`: `image/png`, `image/jpeg`,
    /// `image/svg+xml` or `application/pdf` (which pictures cannot embed: a placeholder is drawn).
    case file(path: String, mediaType: String)
    /// A system symbol (SF Symbols are Apple's and not available): a placeholder box in the
    /// foreground style, marked as a placeholder and with the symbol's name.
    case symbol(name: String)
}

/// A leaf that draws an image in its frame.
package protocol ImageLeaf: LeafView {
    /// What is drawn in the leaf's frame in `environment`; `nil`: nothing (a missing image).
    func imageContent(in environment: EnvironmentValues) -> ImageContent?
}
