import Foundation

/// The mobile platform whose text-size rules apply: Apple's Dynamic Type (``TextStyle``,
/// ``DynamicTypeSize``) or Android's font scale (``AndroidFontScale``, ``MaterialTextStyle``).
public enum Platform: String, CaseIterable, Sendable, Codable {
    /// iOS or Android.
    case ios, android

    /// Parses `ios` or `android`, case-insensitive (`iOS`, `Android`); `nil` for anything else.
    public init?(name: String) {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let platform = Self.allCases.first(where: { $0.rawValue == key }) else { return nil }
        self = platform
    }
}
