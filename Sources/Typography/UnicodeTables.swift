import CICU
import Foundation

// Small, fast Unicode lookups for the itemizer's hot path, where the standard library's property
// lookups cost more than the shaping they guard.

extension Unicode.Scalar {
    /// Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15): joiners, variation
    /// selectors, bidi controls, tags… HarfBuzz hides these when a font lacks them.
    var isDefaultIgnorable: Bool {
        let v = value
        if v < 0xAD { return false }
        switch v {
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E,
             0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3,
             0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    /// Alphabetic, from ICU's Unicode 15 tables (the data line breaking uses): a trie lookup where the
    /// standard library's `properties.isAlphabetic` searches its own (~300 instructions a scalar).
    package var isAlphabeticInICU: Bool { (value | 0x20) &- 0x61 < 26 || textfit_is_alphabetic(value) != 0 }

    /// White_Space, from ICU's Unicode 15 tables; ASCII answered without a call (tab to carriage
    /// return, and space).
    package var isWhiteSpaceInICU: Bool {
        value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : textfit_is_white_space(value) != 0
    }

    /// General category Mn (nonspacing) or Mc (spacing combining mark), from ICU's Unicode 15 tables.
    package var isCombiningMarkInICU: Bool { textfit_is_combining_mark(value) != 0 }

    /// General category Cc (U+0000–001F, U+007F–009F), Zl (U+2028) or Zp (U+2029).
    var isControlOrSeparator: Bool {
        let v = value
        return v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029
    }
}

/// Strings as cache keys by their UTF-8 bytes: compared and hashed byte for byte, so canonically
/// equivalent but different strings ("é" and "e\u{301}") are different keys — they shape to
/// different clusters and offsets — and hashing skips Swift's normalising String hash. The bytes
/// are read in place (`withUTF8` needs a mutable copy: a retain and a release of each string).
extension String {
    /// Whether `other` has the same UTF-8 bytes.
    package func hasSameUTF8(as other: String) -> Bool {
        let same = utf8.withContiguousStorageIfAvailable { x in
            other.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        if case .some(.some(let same)) = same { return same }
        return utf8.elementsEqual(other.utf8)  // bytes not stored contiguously (a bridged string)
    }

    /// The UTF-8 bytes mixed into `seed` eight at a time, then the last few with the length
    /// (multiply-xorshift: not cryptographic, and a table mixes its per-process seed into the result).
    package func utf8Hash(seed: UInt64) -> UInt64 {
        func mixed(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var hash = seed
            var index = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                index += 8
            }
            var tail = UInt64(bytes.count)
            while index < bytes.count {
                tail = (tail << 8) | UInt64(bytes[index])
                index += 1
            }
            hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            return hash ^ (hash >> 29)
        }
        return utf8.withContiguousStorageIfAvailable(mixed) ?? Array(utf8).withUnsafeBufferPointer(mixed)
    }
}

/// Scalars as a key. Up to three are packed into one integer, so looking up a short run (a
/// cluster reshaped alone at a line end) allocates nothing; longer runs keep an array, hashed as
/// raw bytes.
struct ScalarsKey: Hashable, Sendable {
    /// Each scalar + 1 in 21 bits (a scalar is below 0x110000 < 2^21 − 1, so 0 marks "none"),
    /// first scalar lowest; `UInt64.max` (top bit set, which no packing has) for a long run (or
    /// one holding a value past the last scalar, which the packing could not tell apart).
    private let packed: UInt64
    private let long: [UInt32]?

    init(_ scalars: UnsafeBufferPointer<UInt32>) {
        if scalars.count <= 3, scalars.allSatisfy({ $0 < 0x110000 }) {
            var packed: UInt64 = 0, shift: UInt64 = 0
            for value in scalars {
                packed |= UInt64(value + 1) << shift
                shift += 21
            }
            self.packed = packed
            long = nil
        } else {
            packed = .max
            long = Array(scalars)
        }
    }

    /// The memory the key holds beyond its own size (the scalars of a long run).
    var byteCount: Int { (long?.count ?? 0) * MemoryLayout<UInt32>.stride }

    func hash(into hasher: inout Hasher) {
        if let long {
            long.withUnsafeBytes { hasher.combine(bytes: $0) }
        } else {
            hasher.combine(packed)
        }
    }
}
