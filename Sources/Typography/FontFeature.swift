import CHarfBuzz

/// An OpenType feature setting in HarfBuzz's syntax: `tnum`, `-liga`, `+kern`, `ss01=2`,
/// `aalt[3:5]=2`. Default features are applied as HarfBuzz applies them; these add or remove.
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The setting as HarfBuzz writes it back (canonical, so equal settings compare equal).
    public let setting: String
    let feature: hb_feature_t

    /// Parses a setting.
    /// - Throws: ``TypographyError/invalidFeature(_:)`` when HarfBuzz cannot parse it.
    public init(_ string: String) throws {
        var feature = hb_feature_t()
        guard !string.isEmpty, hb_feature_from_string(string, Int32(string.utf8.count), &feature) != 0 else {
            throw TypographyError.invalidFeature(string)
        }
        var buffer = [CChar](repeating: 0, count: 128)
        hb_feature_to_string(&feature, &buffer, UInt32(buffer.count))
        self.setting = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.feature = feature
    }

    public var description: String { setting }

    /// The optional ligatures (`-liga`, `-clig`) a non-zero tracking turns off, as SwiftUI's tracking
    /// does: the `Text` leaf and the measure request put these before their own features (which may
    /// turn them back on).
    package static let offForTracking: [FontFeature] = ["-liga", "-clig"].map { try! FontFeature($0) }

    public static func == (a: FontFeature, b: FontFeature) -> Bool { a.setting == b.setting }
    public func hash(into hasher: inout Hasher) { hasher.combine(setting) }
}
