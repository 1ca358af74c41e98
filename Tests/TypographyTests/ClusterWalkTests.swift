import Testing
import TestSupport
@testable import Typography

/// `ClusterWalk` must split Brahmic and South-East Asian text exactly as Swift's `String` does (the
/// shaper used `String` before and still does for everything else). Checked against `String`
/// itself — an implementation independent of the walk's rules — for every scalar of the walk's
/// blocks in the context of each rule, and on random mixes with Latin letters, spaces and controls.
@Suite struct ClusterWalkTests {
    /// Cluster starts as `String` sees them: the scalar offset of each `Character`.
    static func stringStarts(_ scalars: [UInt32]) -> [Int] {
        var view = String.UnicodeScalarView()
        for value in scalars { view.append(Unicode.Scalar(value)!) }
        var starts: [Int] = [], offset = 0
        for character in String(view) {
            starts.append(offset)
            offset += character.unicodeScalars.count
        }
        return starts
    }

    static func walkStarts(_ scalars: [UInt32]) -> [Int]? {
        scalars.withUnsafeBufferPointer(ClusterWalk.clusterStarts)
    }

    static let tableScalars: [UInt32] = ClusterWalk.blocks.flatMap { $0 }.filter { Unicode.Scalar($0) != nil }

    /// The table in the source is what `String` does with each scalar of the blocks in the
    /// standard library these tests run with; on a difference the message holds the table's rows
    /// anew, to paste over `ClusterWalk.encodedTable`.
    @Test func tableMatchesTheStandardLibrary() {
        var probed = "", stored = ""
        for block in ClusterWalk.blocks {
            for value in block {
                let scalar = Unicode.Scalar(value)!  // the blocks hold no surrogates
                probed.append(ClusterWalk.encode(ClusterWalk.probe(scalar)))
                stored.append(ClusterWalk.encode(ClusterWalk.classes(of: value)))
            }
        }
        #expect(probed.count == 1_826)
        var rows: [String] = []
        var rest = Substring(probed)
        while !rest.isEmpty {
            rows.append("        \"\(rest.prefix(96))\",")
            rest = rest.dropFirst(96)
        }
        #expect(stored == probed, "ClusterWalk.encodedTable should be:\n\(rows.joined(separator: "\n"))")
    }

    @Test func everyScalarInEveryRuleContext() {
        let a: UInt32 = 0x61, ka: UInt32 = 0x0915, virama: UInt32 = 0x094D, shy: UInt32 = 0xAD
        var checked = 0, mismatches: [String] = []
        for s in Self.tableScalars {
            let contexts: [[UInt32]] = [
                [s], [a, s], [s, a], [s, s], [ka, s], [ka, virama, s], [ka, s, ka], [ka, virama, s, ka],
                [s, virama, ka], [ka, virama, s, virama, ka], [0x0D, s], [s, 0x0A], [shy, s], [s, shy], [0x20, s, 0x20],
            ]
            for context in contexts {
                checked += 1
                let expected = Self.stringStarts(context)
                let got = Self.walkStarts(context)
                if got != expected, mismatches.count < 10 {
                    mismatches.append("\(context.map { String($0, radix: 16) }): String \(expected), walk \(got.map { "\($0)" } ?? "nil")")
                }
            }
        }
        #expect(Self.tableScalars.count > 1_800 && checked == Self.tableScalars.count * 15)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test func randomMixesAgreeWithString() {
        // A fixed-seed generator, so a failure reproduces.
        var generator = SplitMix64(seed: 0x5EED_CAFE)
        func next() -> UInt64 { generator.next() }
        let extras: [UInt32] = [0x61, 0x42, 0x20, 0x0D, 0x0A, 0x09, 0xAD, 0x31, 0x2E, 0x200C, 0x200D, 0x0915, 0x094D, 0x0E33, 0x0D4E]
        var mismatches: [String] = []
        for _ in 0..<50_000 {
            let length = 1 + Int(next() % 10)
            let scalars: [UInt32] = (0..<length).map { _ in
                next() % 4 == 0 ? extras[Int(next() % UInt64(extras.count))] : Self.tableScalars[Int(next() % UInt64(Self.tableScalars.count))]
            }
            let expected = Self.stringStarts(scalars)
            let got = Self.walkStarts(scalars)
            if got != expected, mismatches.count < 10 {
                mismatches.append("\(scalars.map { String($0, radix: 16) }): String \(expected), walk \(got.map { "\($0)" } ?? "nil")")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test func scalarsOutsideTheTableAreLeftToString() {
        // An emoji, a Hangul jamo and a Latin combining mark: not the walk's to decide.
        for scalars: [UInt32] in [[0x0915, 0x1F600], [0x1100, 0x1161], [0x65, 0x301]] {
            #expect(Self.walkStarts(scalars) == nil)
        }
    }

    @Test func knownClusters() {
        // Hand-checked: "क्ष" (KA VIRAMA SSA) is one conjunct cluster (GB9c); "कि" (KA + VOWEL
        // SIGN I, a SpacingMark) one cluster (GB9a); "ก่า" (KO KAI, MAI EK, SARA AA) two: ก่ | า.
        #expect(Self.walkStarts([0x0915, 0x094D, 0x0937]) == [0])
        #expect(Self.walkStarts([0x0915, 0x093F]) == [0])
        #expect(Self.walkStarts([0x0E01, 0x0E48, 0x0E32]) == [0, 2])
    }
}
