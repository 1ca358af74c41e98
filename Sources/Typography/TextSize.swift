import Foundation

/// The user's text size: a Dynamic Type size on iOS, a font scale on Android (`--dynamic-type` and
/// `--font-scale` are its two spellings; each platform reads its own kind of value).
///
/// Sizes sort as each platform orders them: Dynamic Type sizes smallest first, font scales by
/// value (a Dynamic Type size sorts before any font scale, which never happens within one platform).
public enum TextSize: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// An iOS Dynamic Type size.
    case dynamicType(DynamicTypeSize)
    /// An Android font scale.
    case fontScale(AndroidFontScale)

    /// The platform's default: `large`, or a font scale of 1.
    public static func standard(for platform: Platform) -> TextSize {
        platform == .ios ? .dynamicType(.large) : .fontScale(.standard)
    }

    /// The platform whose setting this is.
    public var platform: Platform {
        switch self {
        case .dynamicType: .ios
        case .fontScale: .android
        }
    }

    /// `large`, `accessibility3`; `1.3`.
    public var description: String {
        switch self {
        case .dynamicType(let size): size.rawValue
        case .fontScale(let scale): scale.description
        }
    }

    /// Sets the attributes' size setting (the platform's own; the other is left as it is).
    public func apply(to attributes: inout TextAttributes) {
        switch self {
        case .dynamicType(let size): attributes.dynamicTypeSize = size
        case .fontScale(let scale): attributes.fontScale = scale
        }
    }

    public static func < (a: TextSize, b: TextSize) -> Bool {
        switch (a, b) {
        case (.dynamicType(let x), .dynamicType(let y)): x < y
        case (.fontScale(let x), .fontScale(let y)): x.value < y.value
        case (.dynamicType, .fontScale): true
        case (.fontScale, .dynamicType): false
        }
    }
}
