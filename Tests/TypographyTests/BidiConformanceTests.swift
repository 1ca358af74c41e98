import Foundation
import Testing
import Typography

/// UAX #9 against Unicode 15's BidiCharacterTest.txt: paragraph level, resolved levels and visual
/// order of every one of the 91,707 cases (each case is one paragraph laid out as one line).
@Suite struct BidiConformanceTests {
    struct Case {
        let line: Int
        let scalars: [UInt32]
        /// 0 LTR, 1 RTL, 2 auto (field 1).
        let direction: BaseDirection
        let paragraphLevel: UInt8
        /// nil where the file says `x` (removed by rule X9).
        let levels: [UInt8?]
        let order: [Int]
    }

    static func cases() throws -> [Case] {
        let lines = try UnicodeConformanceData.lines("BidiCharacterTest.txt")
        var result: [Case] = []
        result.reserveCapacity(lines.count)
        for (number, bytes) in lines {
            let fields = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard fields.count == 5 else {
                Issue.record("BidiCharacterTest.txt:\(number): \(fields.count) fields")
                continue
            }
            let scalars = UnicodeConformanceData.words(fields[0]).compactMap(UnicodeConformanceData.hex)
            let direction: BaseDirection = switch UnicodeConformanceData.hex(fields[1]) {
            case 0: .leftToRight
            case 1: .rightToLeft
            default: .auto
            }
            let levels = UnicodeConformanceData.words(fields[3]).map { word -> UInt8? in
                word.first == UInt8(ascii: "x") ? nil : Self.decimal(word).map(UInt8.init)
            }
            let order = UnicodeConformanceData.words(fields[4]).compactMap(Self.decimal)
            result.append(Case(line: number, scalars: scalars, direction: direction,
                               paragraphLevel: UInt8(Self.decimal(fields[2]) ?? 9), levels: levels, order: order))
        }
        return result
    }

    static func decimal(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// All 91,707 cases pass (no accepted deviations): FriBiDi's algorithm with ICU's Unicode 15 data.
    @Test func bidiCharacterTestAllCases() throws {
        let cases = try Self.cases()
        #expect(cases.count == 91_707)
        var failures: [String] = []
        var passed = 0
        for test in cases {
            let bidi = BidiParagraph(UnicodeConformanceData.string(test.scalars), direction: test.direction)
            let levelsMatch = bidi.levels.count == test.levels.count
                && zip(bidi.levels, test.levels).allSatisfy { got, expected in expected.map { $0 == got } ?? true }
            // The file's order omits characters removed by X9 (level x).
            let order = bidi.visualOrder(of: 0..<test.scalars.count).filter { test.levels[$0] != nil }
            if bidi.baseLevel == test.paragraphLevel, levelsMatch, order == test.order {
                passed += 1
            } else if failures.count < 20 {
                failures.append("""
                    line \(test.line): \(UnicodeConformanceData.hexList(test.scalars)) (\(test.direction)): \
                    paragraph \(bidi.baseLevel)/\(test.paragraphLevel) levels \(bidi.levels) \
                    expected \(test.levels.map { $0.map(String.init) ?? "x" }) order \(order) expected \(test.order)
                    """)
            }
        }
        #expect(passed == cases.count, "\(passed) of \(cases.count) pass; first failures:\n\(failures.joined(separator: "\n"))")
    }
}
