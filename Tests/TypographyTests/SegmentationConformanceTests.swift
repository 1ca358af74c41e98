import Foundation
import Testing
import Typography

/// UAX #29 grapheme clusters and UAX #14 line breaking against Unicode 15's own test data.
@Suite struct SegmentationConformanceTests {
    @Test func graphemeBreakTestAllCases() throws {
        let cases = try UnicodeConformanceData.breakCases("auxiliary/GraphemeBreakTest.txt")
        #expect(cases.count == 602)
        var failures: [String] = []
        for test in cases {
            let got = TextSegmentation.graphemeBoundaries(UnicodeConformanceData.string(test.scalars))
            if got != test.breaks {
                failures.append("line \(test.line): \(UnicodeConformanceData.hexList(test.scalars)) expected \(test.breaks) got \(got)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) grapheme cases fail:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    /// A deviation of ICU 72 from LineBreakTest.txt that the test accepts, read from the fixture.
    struct KnownDeviation {
        let scalars: [UInt32]
        /// The break offsets ICU gives (interior breaks and the end), so a change in ICU shows.
        let icuBreaks: [Int]
        let reason: String
    }

    static func knownLineBreakDeviations() throws -> [KnownDeviation] {
        try UnicodeConformanceData.fixture("linebreak-known-deviations.txt").split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else {
                Issue.record("bad fixture line (want scalars TAB icu-breaks TAB reason): \(line)")
                return nil
            }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let breaks = fields[1].split(separator: " ").compactMap { Int($0) }
            return KnownDeviation(scalars: scalars, icuBreaks: breaks, reason: String(fields[2]))
        }
    }

    /// Every case must pass, except those listed in Fixtures/linebreak-known-deviations.txt, which
    /// must still fail exactly as listed (a stale entry fails the test too).
    @Test func lineBreakTestAllCasesWithListedDeviations() throws {
        let cases = try UnicodeConformanceData.breakCases("auxiliary/LineBreakTest.txt")
        #expect(cases.count == 7654)
        let known = try Self.knownLineBreakDeviations()
        var knownByScalars: [[UInt32]: KnownDeviation] = [:]
        for deviation in known { knownByScalars[deviation.scalars] = deviation }
        #expect(knownByScalars.count == known.count, "duplicate entries in the deviations fixture")

        var unexpected: [String] = []
        var seen = Set<[UInt32]>()
        var passed = 0
        for test in cases {
            let got = TextSegmentation.lineBreaks(UnicodeConformanceData.string(test.scalars), locale: nil).map(\.offset)
            // The data marks no break at 0 and always one at the end, as the API reports.
            let expected = test.breaks.filter { $0 > 0 }
            if got == expected {
                passed += 1
                continue
            }
            let hex = UnicodeConformanceData.hexList(test.scalars)
            if let deviation = knownByScalars[test.scalars] {
                seen.insert(test.scalars)
                #expect(deviation.icuBreaks == got, "line \(test.line): \(hex): ICU now gives \(got), fixture says \(deviation.icuBreaks)")
            } else {
                unexpected.append("line \(test.line): \(hex)\t\(got.map(String.init).joined(separator: " "))\texpected \(expected)")
            }
        }
        let stale = known.filter { !seen.contains($0.scalars) }.map { UnicodeConformanceData.hexList($0.scalars) }
        #expect(unexpected.isEmpty, "\(unexpected.count) unlisted line-break deviations:\n\(unexpected.joined(separator: "\n"))")
        #expect(stale.isEmpty, "fixture entries that no longer deviate (remove them): \(stale)")
        #expect(passed + known.count == cases.count)
    }
}
