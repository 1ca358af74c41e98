import Catalogs
import Foundation
import Typography

// Android's text sizes as the stress tester sweeps them: font scales, where iOS has Dynamic Type
// sizes (``DynamicTypeRange``). `--font-scale` and `--dynamic-type` are two spellings of the user's
// text size; which kind of value they hold is the platform's.

/// A set of Android font scales to check, as written on the command line (`--font-scale`) and in
/// rules files (`"fontScale"`).
///
/// Syntax: `all` (the steps of Android's Font size setting: 0.85, 1, 1.15, 1.3, 1.5, 1.8, 2); one
/// scale, as a number (`1.3`) or a percentage (`130%`); a comma-separated list of these
/// (`1, 1.3, 2`). A scale must be a finite number greater than 0; scales between and beyond the
/// settings' steps are checked as Android 14 would scale them (``AndroidFontScale/dp(forSp:)``).
/// The scales are kept smallest first, each once; at most 64.
public struct FontScaleList: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The scales, smallest first, each once, never empty.
    public let scales: [AndroidFontScale]

    /// The seven steps of Android's Font size setting.
    public static let all = FontScaleList(unchecked: AndroidFontScale.settingsValues)

    /// The most scales a list may hold (a longer one only repeats work).
    public static let maximumCount = 64

    /// The given scales (sorted, duplicates dropped); `nil` when there are none.
    public init?(_ scales: some Sequence<AndroidFontScale>) {
        let sorted = Self.sortedUnique(Array(scales))
        guard !sorted.isEmpty else { return nil }
        self.scales = sorted
    }

    private init(unchecked scales: [AndroidFontScale]) { self.scales = scales }

    /// Parses the syntax described on the type.
    /// - Throws: ``FontScaleListError`` naming the item: empty, a Dynamic Type size (iOS's), text
    ///   that is not a number, a scale that is not a finite number greater than 0, or more than
    ///   ``maximumCount`` scales.
    public init(parsing text: String) throws(FontScaleListError) {
        var found: [AndroidFontScale] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard !item.isEmpty else {
                throw FontScaleListError("'\(text)' has an empty item; expected \(AndroidFontScale.listForMessages)")
            }
            if item.lowercased() == "all" {
                found += AndroidFontScale.settingsValues
                continue
            }
            if DynamicTypeSize(name: item) != nil || item.contains("...") || item.contains("…") {
                throw FontScaleListError("'\(item)' is a Dynamic Type size, which is iOS's; under android the text size is a "
                                         + "font scale: \(AndroidFontScale.listForMessages)")
            }
            do {
                found.append(try AndroidFontScale.parse(item))
            } catch {
                throw FontScaleListError("\(error), a comma list of them, or all")
            }
        }
        let scales = Self.sortedUnique(found)
        guard scales.count <= Self.maximumCount else {
            throw FontScaleListError("\(scales.count) font scales in \"\(text.prefix(40))…\"; at most \(Self.maximumCount)")
        }
        self.init(unchecked: scales)
    }

    private static func sortedUnique(_ scales: [AndroidFontScale]) -> [AndroidFontScale] {
        Array(Set(scales)).sorted { $0.value < $1.value }
    }

    /// `all` for the settings' steps, else the scales, comma separated (`1,1.3,2`). Parsing it gives
    /// the same list back.
    public var description: String {
        scales == AndroidFontScale.settingsValues ? "all" : scales.map(\.description).joined(separator: ",")
    }

    /// Encoded as its ``description``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }
}

/// Why a list of font scales did not parse.
public struct FontScaleListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension TextSize {
    /// The size as reports show it to people: `large`; `font scale 1.3`.
    var label: String {
        switch self {
        case .dynamicType(let size): size.rawValue
        case .fontScale(let scale): "font scale \(scale)"
        }
    }

    /// A size as a report writes it (``description``: `large`, `1.3`), read back; `nil` for a name
    /// that is neither a Dynamic Type size nor a font scale.
    init?(reportName name: String) {
        if let size = DynamicTypeSize(rawValue: name) {
            self = .dynamicType(size)
        } else if let scale = AndroidFontScale(name: name) {
            self = .fontScale(scale)
        } else {
            return nil
        }
    }
}
