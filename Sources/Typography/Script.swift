import CHarfBuzz

/// A Unicode script (UAX #24), named by its ISO 15924 code ("Latn", "Arab", "Hani").
public struct Script: Hashable, Sendable, CustomStringConvertible {
    /// The `hb_script_t` value: the ISO 15924 tag as four big-endian bytes.
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The script with this ISO 15924 code (e.g. "Thai"), as HarfBuzz knows it.
    public init(code: String) { self.rawValue = hb_script_from_string(code, -1).rawValue }

    /// The script of a code point (`Zyyy` Common and `Zinh` Inherited included).
    public init(of scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 {
            // ASCII: letters are Latin, everything else Common (Scripts.txt).
            let letter = (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A
            self = letter ? .latin : .common
        } else {
            rawValue = hb_unicode_script(unicodeFunctions, value).rawValue
        }
    }

    /// The four-letter ISO 15924 code.
    public var code: String {
        let tag = hb_script_to_iso15924_tag(hb_script_t(rawValue: rawValue))
        // Four bytes straight into a small string (no array: every measure answer's runs ask).
        return String(unsafeUninitializedCapacity: 4) { bytes in
            for index in 0..<4 { bytes[index] = UInt8(truncatingIfNeeded: tag >> (24 - 8 * index)) }
            return 4
        }
    }

    public var description: String { code }

    /// The direction the script is written in horizontally; Common and unknown scripts are LTR.
    public var direction: TextDirection {
        hb_script_get_horizontal_direction(hb_script_t(rawValue: rawValue)) == HB_DIRECTION_RTL ? .rightToLeft : .leftToRight
    }

    /// Common (`Zyyy`) or Inherited (`Zinh`): takes the script of the text around it.
    var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }

    static let common = Script(rawValue: HB_SCRIPT_COMMON.rawValue)
    static let latin = Script(rawValue: HB_SCRIPT_LATIN.rawValue)
    static let inherited = Script(rawValue: HB_SCRIPT_INHERITED.rawValue)
    static let unknown = Script(rawValue: HB_SCRIPT_UNKNOWN.rawValue)
}

/// HarfBuzz's default Unicode functions: immutable once made, safe to share.
nonisolated(unsafe) private let unicodeFunctions = hb_unicode_funcs_get_default()

/// The direction of a run of text.
public enum TextDirection: String, Hashable, Sendable, Codable {
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left.
    case rightToLeft = "rtl"

    var hb: hb_direction_t { self == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR }
}
