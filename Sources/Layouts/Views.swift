import Foundation
import LayoutCore

// The stacks as views, as SwiftUI spells them: `HStack { … }` is `HStackLayout { … }`, with the
// same parameters and the same element in results (kind `HStackLayout`). The lazy stacks lay out
// as the eager ones: TextFit builds every view anyway, and SwiftUI's lazy stacks size their
// children by the same rules once built (they differ in when views are made, not where they go).

/// A horizontal stack: its views side by side, aligned on `alignment`, `spacing` apart (`nil`: each
/// pair's preferred spacing).
public struct HStack<Content: View>: View {
    public typealias Body = Never
    let layout: HStackLayout
    let content: Content

    /// A horizontal stack of `content`, aligned on `alignment`, `spacing` apart (`nil`: the platform's).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = HStackLayout(alignment: alignment, spacing: spacing)
        self.content = content()
    }
}

/// A vertical stack: its views top to bottom, aligned on `alignment`, `spacing` apart.
public struct VStack<Content: View>: View {
    public typealias Body = Never
    let layout: VStackLayout
    let content: Content

    /// A vertical stack of `content`, aligned on `alignment`, `spacing` apart (`nil`: the platform's).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = VStackLayout(alignment: alignment, spacing: spacing)
        self.content = content()
    }
}

/// A depth stack: its views over one another (later ones in front), aligned on `alignment`.
public struct ZStack<Content: View>: View {
    public typealias Body = Never
    let layout: ZStackLayout
    let content: Content

    /// `content` stacked on top of each other, each placed at `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        layout = ZStackLayout(alignment: alignment)
        self.content = content()
    }
}

/// SwiftUI's lazy horizontal stack; laid out as ``HStack``, with its parameters (see the note at
/// the top of Views.swift).
public typealias LazyHStack<Content: View> = HStack<Content>

/// SwiftUI's lazy vertical stack; laid out as ``VStack`` (see the note at the top of Views.swift).
public typealias LazyVStack<Content: View> = VStack<Content>

/// A view that is one layout over its content's views (the stacks above).
protocol LayoutView: PrimitiveView {
    associatedtype Container: Layout
    associatedtype Content: View
    var layout: Container { get }
    var content: Content { get }
}

extension LayoutView {
    package func appendElements(to list: inout [AnyElement]) {
        list.append(AnyElement(layout: layout, children: content.elements))
    }
}

extension HStack: LayoutView {}
extension VStack: LayoutView {}
extension ZStack: LayoutView {}
