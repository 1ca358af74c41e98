/// Grapheme cluster boundaries for Brahmic and South-East Asian text (Devanagari to Sinhala, Thai,
/// Lao, Myanmar, Khmer) without the standard library's `String` index machinery, giving the same
/// answers as `String` (Unicode's UAX #29 as the standard library implements it, GB9c conjuncts
/// included). A third of a multilingual tag corpus is in these scripts; walking their clusters with
/// `String.index(after:)` cost more per string than the rest of TextFit's itemization.
///
/// The rules it applies (the text holds only scalars `Shaper.startsCluster` accepts and scalars of
/// the blocks below, else the caller uses `String`):
/// - GB3/GB4/GB5: CR × LF; otherwise a break after and before a control (C0, C1, SOFT HYPHEN);
/// - GB9/GB9a: no break before an Extend, ZWJ or SpacingMark;
/// - GB9b: no break after a Prepend;
/// - GB9c: Consonant [Extend Linker]* Linker [Extend Linker]* × Consonant (Indic_Conjunct_Break);
/// - GB999: a break everywhere else.
/// Each scalar's classes were read off the standard library (`String.count` of small probes,
/// `probe(_:)`) into a table in this file; `ClusterWalkTests` checks the table against the probes of
/// the standard library it runs with, and the walk against `String` on every scalar of the blocks in
/// every rule's context and on random mixes.
enum ClusterWalk {
    /// The blocks the table covers, and ZWNJ/ZWJ (U+200C–200D).
    static let blocks: [ClosedRange<UInt32>] = [0x0900...0x0DFF, 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x200C...0x200D]

    struct Classes: OptionSet {
        let rawValue: UInt8
        /// Extend, ZWJ or SpacingMark: no break before (GB9, GB9a).
        static let attaches = Classes(rawValue: 1)
        /// Prepend: no break after (GB9b).
        static let prepend = Classes(rawValue: 2)
        /// Indic_Conjunct_Break = Consonant.
        static let consonant = Classes(rawValue: 4)
        /// Indic_Conjunct_Break = Linker.
        static let linker = Classes(rawValue: 8)
        /// Indic_Conjunct_Break = Extend.
        static let conjunctExtend = Classes(rawValue: 16)
        /// Not in the table: the caller must use `String`.
        static let unknown = Classes(rawValue: 128)
    }

    /// Classes per scalar of `blocks`, in order: one character per scalar, the classes' raw value
    /// in base 32 ("0"–"9", "A"–"V"). Written from `probe(_:)` over every scalar of the blocks, that
    /// is from what the standard library's `String` does with each; `ClusterWalkTests` checks it
    /// against `probe` and prints the rows anew when a standard library with another Unicode
    /// version answers differently. (Probing at run time cost ~29 M instructions, ~8 ms, the first
    /// time a process met one of these scripts.)
    static let encodedTable: [StaticString] = [
        "HHH1000000000000000004444444444444444444444444444444444444H1H0111HHHHHHHH11119110HHHHHHH44444444",
        "00HH00000000000000000000444444440H1100000000000000000444444444444444444440444444404000444400H0H1",
        "1HHHH001100119000000000H0000440400HH00000000000044000000000000H00HH10000000000000000000000000000",
        "0000000000000000000000000000H0111HH0000HH00HHH000H000000000000000000000000000000HH000H0000000000",
        "0HH100000000000000000444444444444444444440444444404404444400H0111HHHHH0HH10119000000000000000000",
        "00HH0000000000000000000004HHHHHH0H1100000000000000000444444444444444444440444444404404444400H0HH",
        "1HHHH0011001190000000HHH0000440400HH000000000000040000000000000000H00000000000000000000000000000",
        "000000000000000000000000000000H1H110001110111H000000000H0000000000000000000000000000000000000000",
        "H111H0000000000000000444444444444444444440444444444444444400H0HHH11110HHH0HHH90000000HH044400000",
        "00HH00000000000000000000000000000H1100000000000000000000000000000000000000000000000000000000H01H",
        "H1H110HHH0HHHH0000000HH00000000000HH0000000000000001000000000000HH110000000000000000044444444444",
        "444444444444444444444444444HH0H11HHHH011101119200000000H0000000000HH0000000000000000000000000000",
        "0H110000000000000000000000000000000000000000000000000000000000000000000000H0000H11HHH0H01111111H",
        "000000000000000000110000000000000000000000000000000000000000000000000000000000000H01HHHHHHH00000",
        "0000000HHHHHHHH000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "00000000000000000H01HHHHHHHHH00000000000HHHHHHH0000000000000000000000000000000000000000000000000",
        "444444444444444444444444444444444444444444400HHHH1HHHHHH0HH11HH4000000000000000044444411HH4444HH",
        "H4000440000000444HHHH4444444444444H01HH000000H400000000000000H0044444444444444444444444444444444",
        "44444444444444444444HH1HHHHHHH11111111H11HHHHHHHHHHH000000000H0000000000000000000000000000000000",
        "1H",
    ]

    /// `encodedTable` read into classes, once.
    private static let table: [Classes] = {
        var table: [Classes] = []
        table.reserveCapacity(blocks.reduce(0) { $0 + $1.count })
        for row in encodedTable {
            row.withUTF8Buffer { bytes in
                for byte in bytes {
                    let digit = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "A") + 10
                    table.append(Classes(rawValue: digit))
                }
            }
        }
        return table
    }()

    /// `classes`' raw value as one character of `encodedTable`.
    static func encode(_ classes: Classes) -> Character {
        Character(Unicode.Scalar(classes.rawValue < 10 ? 0x30 + classes.rawValue : 0x41 + classes.rawValue - 10))
    }

    /// A scalar's classes as `String` groups it: with a letter before it, after it, and in the
    /// contexts of a Devanagari conjunct (KA + VIRAMA, KA + x + KA).
    static func probe(_ s: Unicode.Scalar) -> Classes {
        func clusters(_ scalars: [Unicode.Scalar]) -> Int {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view).count
        }
        let a: Unicode.Scalar = "a", ka: Unicode.Scalar = "\u{0915}", virama: Unicode.Scalar = "\u{094D}"
        var classes: Classes = []
        if clusters([a, s]) == 1 { classes.insert(.attaches) }
        if clusters([s, a]) == 1 { classes.insert(.prepend) }
        if classes.contains(.attaches) {
            if clusters([ka, s, ka]) == 1 {
                classes.insert(.linker)
            } else if clusters([ka, virama, s, ka]) == 1 {
                classes.insert(.conjunctExtend)
            }
        } else if !classes.contains(.prepend), clusters([ka, virama, s]) == 1 {
            classes.insert(.consonant)
        }
        return classes
    }

    /// The classes of a scalar `Shaper.startsCluster` does not accept (`.unknown` outside the table).
    @inline(__always)
    static func classes(of value: UInt32) -> Classes {
        var offset = 0
        for block in blocks {
            if block.contains(value) { return table[offset + Int(value - block.lowerBound)] }
            offset += block.count
        }
        return .unknown
    }

    /// GCB = Control among the scalars `Shaper.startsCluster` accepts: C0, C1 (CR and LF too) and
    /// SOFT HYPHEN; a break before and after each, but CR × LF.
    @inline(__always)
    static func isControl(_ value: UInt32) -> Bool { value < 0x20 || (value >= 0x7F && value <= 0x9F) || value == 0xAD }

    /// The offsets (in scalars) where clusters start, 0 first, for `scalars`; `nil` when a scalar is
    /// neither cluster-starting (`Shaper.startsCluster`) nor in the table.
    static func clusterStarts(_ scalars: UnsafeBufferPointer<UInt32>) -> [Int]? {
        var starts: [Int] = []
        starts.reserveCapacity(scalars.count)
        var previous: UInt32 = 0
        var previousClasses: Classes = []
        // GB9c: 0 = no conjunct open; 1 = a consonant, then Extends; 2 = … and a linker since.
        var conjunct = 0
        for (index, value) in scalars.enumerated() {
            let classes: Classes = Shaper.startsCluster(value) ? [] : Self.classes(of: value)
            if classes.contains(.unknown) { return nil }
            let control = Self.isControl(value)
            let joins: Bool
            if index == 0 {
                joins = false
            } else if previous == 0x0D && value == 0x0A {
                joins = true
            } else if control || Self.isControl(previous) {
                joins = false
            } else if classes.contains(.attaches) || previousClasses.contains(.prepend) {
                joins = true
            } else {
                joins = classes.contains(.consonant) && conjunct == 2
            }
            if !joins { starts.append(index) }
            if classes.contains(.consonant) {
                conjunct = 1
            } else if conjunct > 0, classes.contains(.linker) {
                conjunct = 2
            } else if conjunct > 0, classes.contains(.conjunctExtend) {
                // stays
            } else {
                conjunct = 0
            }
            previous = value
            previousClasses = classes
        }
        return starts
    }
}
