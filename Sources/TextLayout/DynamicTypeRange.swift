import Foundation
import LayoutCore
import Typography

extension View {
    /// Keeps the Dynamic Type size of text inside within `range`: a size the environment sets
    /// outside it is taken as the nearest bound, as SwiftUI's `dynamicTypeSize(_:)` does with a range
    /// (`.dynamicTypeSize(...DynamicTypeSize.xxLarge)` caps a tag's text at xxLarge).
    public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize {
        let all = DynamicTypeSize.allCases
        let allowed = all.filter { range.contains($0) }
        let low = allowed.first ?? all[0], high = allowed.last ?? all[all.count - 1]
        return transformEnvironment(\.dynamicTypeSize) { size in size = min(max(size, low), high) }
    }
}
