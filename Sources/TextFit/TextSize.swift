import Foundation

// `TextSize` itself is Typography's (the localization stress tester sweeps it too); its parsing
// for requests and options, with TextFit's `RequestError`, is here.

extension TextSize {
    /// Parses a list of text sizes for a platform: on iOS what ``DynamicTypeSize/list(parsing:)``
    /// reads; on Android font scales (`1.3`, `130%`), a comma list, or `all` for Android's settings
    /// (0.85, 1, 1.15, 1.3, 1.5, 1.8, 2). `field` names the option or field in errors.
    /// - Throws: ``RequestError`` naming `field` and the item: an empty item, a Dynamic Type size
    ///   under Android (or a number under iOS), a scale ≤ 0 or not finite.
    public static func list(parsing text: String, platform: Platform, field: String = "dynamicType") throws -> [TextSize] {
        switch platform {
        case .ios:
            if let number = Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "%", with: "")), !number.isNaN {
                throw RequestError(field: field, "'\(text)' is a font scale, which is Android's; under ios the text size is a Dynamic Type size (xSmall … accessibility5), or set the platform to android")
            }
            do {
                return try DynamicTypeSize.list(parsing: text).map { .dynamicType($0) }
            } catch let error as RequestError {
                throw RequestError(field: field, error.message)
            }
        case .android:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased() == "all" { return AndroidFontScale.settingsValues.map { .fontScale($0) } }
            var scales: [TextSize] = []
            for item in trimmed.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard !item.isEmpty else {
                    throw RequestError(field: field, "'\(text)' has an empty item; expected \(AndroidFontScale.listForMessages)")
                }
                if DynamicTypeSize(name: item) != nil || item.contains("...") {
                    throw RequestError(field: field, "'\(item)' is a Dynamic Type size, which is iOS's; under android the text size is a font scale: \(AndroidFontScale.listForMessages)")
                }
                do {
                    let scale = TextSize.fontScale(try AndroidFontScale.parse(item))
                    if !scales.contains(scale) { scales.append(scale) }
                } catch {
                    throw RequestError(field: field, "\(error), a comma list of them, or all")
                }
            }
            guard scales.count <= 64 else { throw RequestError(field: field, "has \(scales.count) font scales; at most 64") }
            return scales
        }
    }
}

extension Platform {
    /// Parses `ios` or `android` for a field or option, naming it in the error.
    public static func parse(_ text: String, field: String = "platform") throws -> Platform {
        guard let platform = Platform(name: text) else {
            throw RequestError(field: field, "'\(text)' is not a platform (ios, android)")
        }
        return platform
    }
}
