import Foundation

/// What can go wrong with a platform's text-size setting. Each case names the input that is wrong
/// and why, so its ``description`` can be shown to a user as it is.
public enum PlatformError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A font scale that is not a finite number greater than 0 (0, negative, NaN, infinite).
    case invalidFontScale(value: Double)
    /// Text that is neither a number (`1.3`) nor a percentage (`130%`).
    case unreadableFontScale(text: String)

    public var description: String {
        switch self {
        case .invalidFontScale(let value):
            "\(Self.spell(value)) is not a font scale; expected \(AndroidFontScale.valuesForMessages)"
        case .unreadableFontScale(let text):
            "'\(text)' is not a font scale; expected \(AndroidFontScale.valuesForMessages)"
        }
    }

    /// A number as a person would write it: `0`, `-1`, `1.3`, `NaN`, `infinity`.
    static func spell(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
