import Foundation
import LayoutCore
import Typography

/// SwiftUI's `@ScaledMetric`: a length that grows and shrinks with Dynamic Type as text in a text
/// style does, so that an icon, a padding or a spacing keeps its proportion to the text beside it.
///
/// ```swift
/// struct Chip: View {
///     let title: String
///     @ScaledMetric private var padding: CGFloat = 8
///     @ScaledMetric(relativeTo: .caption) private var dot: CGFloat = 6
///     var body: some View {
///         HStack { Circle().frame(width: dot, height: dot); Text(title) }.padding(padding)
///     }
/// }
/// ```
///
/// The value is the one given at the `.large` size, scaled as UIKit's `UIFontMetrics` scales a
/// value for its text style: `value × style@size ÷ style@large` with Apple's point sizes (the rule
/// `Font.custom(_:size:relativeTo:)` follows), at the environment's ``EnvironmentValues/dynamicTypeSize``
/// where the view's `body` is evaluated. Read outside a `body` it is the value as given. The `android`
/// platform's font scale does not apply to it (it is SwiftUI's).
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint & Sendable>: Sendable {
    private let base: Value
    private let textStyle: Font.TextStyle

    /// A value that scales as text in `textStyle` does.
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {
        base = wrappedValue
        self.textStyle = textStyle
    }

    /// A value that scales as body text does.
    public init(wrappedValue: Value) {
        self.init(wrappedValue: wrappedValue, relativeTo: .body)
    }

    /// The value at the Dynamic Type size of the view being evaluated.
    public var wrappedValue: Value {
        let size = EnvironmentValues.current.dynamicTypeSize
        guard size != .large else { return base }
        return Value(FontSize.relative(Double(base), to: textStyle).points(at: size))
    }
}
