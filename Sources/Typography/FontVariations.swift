import CHarfBuzz
import Foundation

/// One axis setting of a variable font: a four-letter tag and a value in the axis's design units
/// (`wght=550`, `wdth=87.5`, `opsz=17`, `slnt=-10`), spelled as `hb-shape --variations` spells it.
public struct FontVariation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The axis tag, four characters (`wght`, `GRAD`).
    public var tag: String
    /// The value in the axis's units.
    public var value: Double

    /// Axis `tag` (`wght`) at `value`.
    public init(tag: String, value: Double) {
        self.tag = tag
        self.value = value
    }

    /// `tag=value`, the value in its shortest form.
    public var description: String { "\(tag)=\(FontVariation.format(value))" }

    /// Parses a comma-separated list as `hb-shape --variations` does (`wght=550,GRAD=50`; each item
    /// is read by HarfBuzz's own `hb_variation_from_string`, so CSS's `"wght" 550` is accepted too).
    /// A later setting of an axis replaces an earlier one.
    /// - Throws: ``TypographyError/invalidVariations(_:reason:)`` naming the item that does not parse.
    public static func parseList(_ list: String) throws -> [FontVariation] {
        var result: [FontVariation] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let text = item.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else {
                throw TypographyError.invalidVariations(list, reason: "an empty item (expected e.g. 'wght=550,wdth=87.5')")
            }
            var variation = hb_variation_t()
            guard hb_variation_from_string(text, Int32(text.utf8.count), &variation) != 0 else {
                throw TypographyError.invalidVariations(String(text), reason: "expected TAG=VALUE, e.g. 'wght=550'")
            }
            let value = Double(variation.value)
            guard value.isFinite else { throw TypographyError.invalidVariations(String(text), reason: "the value is not a finite number") }
            let parsed = FontVariation(tag: FontAxis.tagString(variation.tag), value: value)
            result.removeAll { $0.tag == parsed.tag }
            result.append(parsed)
        }
        return result
    }

    /// A value as a person writes it: `550`, `87.5`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    var hb: hb_variation_t { hb_variation_t(tag: FontFace.tag(tag), value: Float(value)) }
}

/// One axis of a variable font's `fvar` table.
public struct FontAxis: Hashable, Sendable, Codable {
    /// The axis tag (`wght`, `wdth`, `opsz`, `slnt`, `ital`, or a font's own such as `GRAD`).
    public let tag: String
    /// The axis's name from the `name` table ("Weight").
    public let name: String
    /// The axis's least value.
    public let minimum: Double
    /// The value the font has when the axis is not set.
    public let defaultValue: Double
    /// The axis's greatest value.
    public let maximum: Double

    /// `value` brought into the axis's range, as HarfBuzz clamps it.
    public func clamp(_ value: Double) -> Double { min(max(value, minimum), maximum) }

    static func tagString(_ tag: hb_tag_t) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8((tag >> $0) & 0xFF) }, as: UTF8.self)
    }
}

/// A named instance of a variable font (`fvar`): "Condensed Bold" and its axis settings.
public struct FontNamedInstance: Hashable, Sendable, Codable {
    /// The subfamily name ("Bold", "Condensed Light Italic").
    public let name: String
    /// The instance's coordinates, one per axis.
    public let variations: [FontVariation]
}

/// A setting that did not apply as asked: a value outside its axis's range (used clamped, as
/// HarfBuzz clamps it), or an axis the font lacks for a width or italic it was asked for.
public struct VariationAdjustment: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The axis (`wght`, `wdth`, `ital`).
    public let tag: String
    /// The value asked for.
    public let requested: Double
    /// The value used; `nil` when the font has no such axis (nothing applied).
    public let applied: Double?

    public var description: String {
        let asked = "\(tag)=\(FontVariation.format(requested))"
        guard let applied else { return "\(asked): the font has no '\(tag)' axis" }
        return "\(asked) is outside the axis's range: \(FontVariation.format(applied)) used"
    }
}

/// A font's AAT `trak` table: the tracking Apple applies per point size (SF Pro's "size-specific
/// tracking"). Only the horizontal data's normal track (value 0) is used, as CoreText and HarfBuzz do.
///
/// The table (Apple's TrueType Reference Manual, "trak"): a header (version, format, horizontal and
/// vertical data offsets); the horizontal data holds `nTracks`, `nSizes`, the offset of the size
/// table (16.16 point sizes) and per track its value (16.16), a name index and the offset of its
/// `nSizes` per-size values (FWORD, font units).
public struct TrackingTable: Hashable, Sendable {
    /// Point sizes, ascending as the table gives them.
    public let sizes: [Double]
    /// The normal track's tracking at each size, in font units.
    public let values: [Int]

    /// Reads the table; `nil` when it is absent, malformed, or has no normal track or no sizes.
    init?(_ table: FontTable) {
        guard table.bytes.count >= 12, table.uint32(at: 0) == 0x0001_0000, table.uint16(at: 4) == 0,
              let horizontal = table.uint16(at: 6).map(Int.init), horizontal != 0,
              let trackCount = table.uint16(at: horizontal).map(Int.init),
              let sizeCount = table.uint16(at: horizontal + 2).map(Int.init), sizeCount > 0,
              let sizeTable = table.uint32(at: horizontal + 4).map(Int.init) else { return nil }
        var normal: Int?
        for track in 0..<trackCount {
            let entry = horizontal + 8 + 8 * track
            guard let value = table.uint32(at: entry), let offset = table.uint16(at: entry + 6) else { return nil }
            if value == 0 { normal = Int(offset); break }
        }
        guard let normal else { return nil }
        var sizes: [Double] = [], values: [Int] = []
        for index in 0..<sizeCount {
            guard let size = table.uint32(at: sizeTable + 4 * index), let value = table.int16(at: normal + 2 * index) else { return nil }
            sizes.append(Double(Int32(bitPattern: size)) / 65536)
            values.append(Int(value))
        }
        self.sizes = sizes
        self.values = values
    }

    /// The tracking at a point size in font units, computed as HarfBuzz 6 does for
    /// `hb_font_set_ptem` (hb-aat-layout-trak-table.hh): the two table sizes around `pointSize`
    /// (or the first two or last two, beyond the table's ends: the line through them is extended),
    /// a linear interpolation in single precision, rounded half up (`floorf(x + 0.5)`) to a whole unit.
    public func tracking(atPointSize pointSize: Double) -> Double {
        guard sizes.count > 1 else { return Double(values[0]) }
        var index = 0
        while index < sizes.count - 1, Float(sizes[index]) < Float(pointSize) { index += 1 }
        let low = index == 0 ? 0 : index - 1
        let s0 = Float(sizes[low]), s1 = Float(sizes[low + 1])
        let t: Float = s0 == s1 ? 0 : (Float(pointSize) - s0) / (s1 - s0)
        let value = t * Float(values[low + 1]) + (1 - t) * Float(values[low])
        return Double((value + 0.5).rounded(.down))
    }
}
