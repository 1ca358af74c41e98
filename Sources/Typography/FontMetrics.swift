import CHarfBuzz
import Foundation

/// A face's vertical metrics and decorations, in font units, read from its `head`, `hhea`, `OS/2`
/// and `post` tables. Descenders keep the tables' sign (negative below the baseline).
public struct FontMetrics: Hashable, Sendable, Codable {
    /// The font's design grid: how many font units make an em.
    public var unitsPerEm: Int
    /// `hhea` ascender, descender and lineGap: what Apple platforms lay lines out with.
    public var hheaAscender: Int, hheaDescender: Int, hheaLineGap: Int
    /// `OS/2` sTypoAscender, sTypoDescender and sTypoLineGap (0 when the face has no `OS/2`).
    public var typoAscender: Int, typoDescender: Int, typoLineGap: Int
    /// `OS/2` fsSelection bit 7, USE_TYPO_METRICS.
    public var useTypoMetrics: Bool
    /// `OS/2` usWinAscent and usWinDescent (both positive).
    public var winAscent: Int, winDescent: Int
    /// `OS/2` sCapHeight and sxHeight (version 2 and later; `nil` before).
    public var capHeight: Int?, xHeight: Int?
    /// `post` underlinePosition (negative below the baseline) and underlineThickness.
    public var underlinePosition: Int, underlineThickness: Int
    /// `OS/2` yStrikeoutPosition (the top of the stroke, above the baseline) and yStrikeoutSize
    /// (0 when the face has no `OS/2`).
    public var strikeoutPosition: Int = 0, strikeoutThickness: Int = 0

    /// These metrics at a point size under a line-metrics policy.
    public func scaled(to size: Double, policy: LineMetricsPolicy = .apple) -> ScaledFontMetrics {
        let scale = size / Double(unitsPerEm)
        let (ascender, descender, gap) = switch policy {
        case .apple: (hheaAscender, hheaDescender, hheaLineGap)
        case .typo: (typoAscender, typoDescender, typoLineGap)
        }
        return ScaledFontMetrics(
            size: size,
            ascent: Double(ascender) * scale,
            descent: -Double(descender) * scale,
            leading: Double(max(gap, 0)) * scale,
            capHeight: capHeight.map { Double($0) * scale },
            xHeight: xHeight.map { Double($0) * scale },
            underlinePosition: Double(underlinePosition) * scale,
            underlineThickness: Double(underlineThickness) * scale)
    }
}

/// Which of a face's metrics set the height of a line (DESIGN.md, "Line metrics").
public enum LineMetricsPolicy: String, Hashable, Sendable, Codable {
    /// `hhea` ascender, descender and line gap, as Apple platforms use them (the default).
    case apple
    /// `OS/2` typo ascender, descender and line gap, as CSS does for fonts with USE_TYPO_METRICS.
    case typo
}

/// Font metrics in points at one size. `ascent` and `descent` are both positive distances from the
/// baseline; a line is `ascent + descent + leading` high.
public struct ScaledFontMetrics: Hashable, Sendable, Codable {
    /// The point size these metrics are scaled to.
    public var size: Double
    /// The ascent above the baseline, in points.
    public var ascent: Double
    /// The descent below the baseline, in points.
    public var descent: Double
    /// The line gap, in points.
    public var leading: Double
    /// The capital height, in points; `nil` when the font does not say.
    public var capHeight: Double?
    /// The x-height, in points; `nil` when the font does not say.
    public var xHeight: Double?
    /// Where an underline goes, in points below the baseline.
    public var underlinePosition: Double
    /// How thick an underline is, in points.
    public var underlineThickness: Double

    /// `ascent + descent + leading`.
    public var lineHeight: Double { ascent + descent + leading }
}

// MARK: - Reading the tables

extension FontMetrics {
    /// Reads the metrics from raw tables; a missing or short table leaves its fields at 0 / nil.
    init(head: FontTable, hhea: FontTable, os2: FontTable, post: FontTable) {
        unitsPerEm = Int(head.uint16(at: 18) ?? 1000)
        hheaAscender = Int(hhea.int16(at: 4) ?? 0)
        hheaDescender = Int(hhea.int16(at: 6) ?? 0)
        hheaLineGap = Int(hhea.int16(at: 8) ?? 0)
        typoAscender = Int(os2.int16(at: 68) ?? 0)
        typoDescender = Int(os2.int16(at: 70) ?? 0)
        typoLineGap = Int(os2.int16(at: 72) ?? 0)
        useTypoMetrics = ((os2.uint16(at: 62) ?? 0) & (1 << 7)) != 0
        winAscent = Int(os2.uint16(at: 74) ?? 0)
        winDescent = Int(os2.uint16(at: 76) ?? 0)
        let os2Version = os2.uint16(at: 0) ?? 0
        xHeight = os2Version >= 2 ? os2.int16(at: 86).map(Int.init) : nil
        capHeight = os2Version >= 2 ? os2.int16(at: 88).map(Int.init) : nil
        underlinePosition = Int(post.int16(at: 8) ?? 0)
        underlineThickness = Int(post.int16(at: 10) ?? 0)
        strikeoutThickness = Int(os2.int16(at: 26) ?? 0)
        strikeoutPosition = Int(os2.int16(at: 28) ?? 0)
        if unitsPerEm < 16 || unitsPerEm > 16384 { unitsPerEm = 1000 }
    }
}

extension FontMetrics {
    /// These metrics at a variable font's instance: each value plus its `MVAR` delta at the font's
    /// coordinates (`hb_ot_metrics_get_variation`), rounded to a unit. The ascender, descender and
    /// line gap deltas (`hasc`, `hdsc`, `hlgp`) apply to both the `hhea` and the typo values, as
    /// HarfBuzz applies them.
    func varied(by font: OpaquePointer) -> FontMetrics {
        func delta(_ tag: String) -> Int {
            Int(hb_ot_metrics_get_variation(font, hb_ot_metrics_tag_t(rawValue: FontFace.tag(tag))).rounded())
        }
        var result = self
        let ascender = delta("hasc"), descender = delta("hdsc"), gap = delta("hlgp")
        result.hheaAscender += ascender
        result.hheaDescender += descender
        result.hheaLineGap += gap
        result.typoAscender += ascender
        result.typoDescender += descender
        result.typoLineGap += gap
        result.winAscent += delta("hcla")
        result.winDescent += delta("hcld")
        result.capHeight = capHeight.map { $0 + delta("cpht") }
        result.xHeight = xHeight.map { $0 + delta("xhgt") }
        result.underlinePosition += delta("undo")
        result.underlineThickness += delta("unds")
        result.strikeoutPosition += delta("stro")
        result.strikeoutThickness += delta("strs")
        return result
    }
}

/// The bytes of one OpenType table, read big-endian with bounds checks.
struct FontTable {
    let bytes: [UInt8]

    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func int16(at offset: Int) -> Int16? { uint16(at: offset).map { Int16(bitPattern: $0) } }

    func uint32(at offset: Int) -> UInt32? {
        guard let high = uint16(at: offset), let low = uint16(at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}
