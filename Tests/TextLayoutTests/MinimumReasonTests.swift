import Foundation
import Testing
@testable import TextLayout

/// Why a min-content segment has no break inside: "no-dictionary-break" for the scripts written
/// without spaces whose words ICU 72 has no dictionary for (Tai Le, New Tai Lue, Tai Tham, Tai Viet,
/// Ahom). Which code points are of those scripts comes from Unicode's own Scripts.txt (Debian's
/// unicode-data), not from the code under test.
@Suite struct MinimumReasonTests {
    static let noDictionary: Set<String> = ["Tai_Le", "New_Tai_Lue", "Tai_Tham", "Tai_Viet", "Ahom"]

    /// Scripts.txt's script per code point, for the planes' ranges around those scripts.
    static func scripts() throws -> [UInt32: String] {
        let text = try String(contentsOfFile: "/usr/share/unicode/Scripts.txt", encoding: .utf8)
        var scripts: [UInt32: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";")
            guard fields.count >= 2 else { continue }
            let range = fields[0].trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
            let script = String(fields[1].split(separator: "#")[0].trimmingCharacters(in: .whitespaces))
            guard let low = UInt32(range[0], radix: 16), let high = UInt32(range.last!, radix: 16) else { continue }
            for value in low...high { scripts[value] = script }
        }
        return scripts
    }

    @Test func scriptsWithoutDictionaryAreNamedAndNoOthers() throws {
        let scripts = try Self.scripts()
        var checked = 0, wrong: [String] = []
        // Every code point of the five scripts, and everything else assigned in the blocks around them.
        let around: [ClosedRange<UInt32>] = [0x1900...0x1AFF, 0xA980...0xAAFF, 0x11600...0x117FF]
        for value in scripts.keys.sorted() where Self.noDictionary.contains(scripts[value]!) || around.contains(where: { $0.contains(value) }) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            checked += 1
            let reason = LineBreaker.reason([scalar])
            let expected = Self.noDictionary.contains(scripts[value]!)
            if (reason == .noDictionaryBreak) != expected, wrong.count < 10 {
                wrong.append("U+\(String(value, radix: 16, uppercase: true)) (\(scripts[value]!)): \(reason.rawValue)")
            }
        }
        #expect(checked > 600, "only \(checked) code points checked: is Scripts.txt there?")
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "; "))")
    }
}

/// The min-content segment's text is the source's scalars, whatever their UTF-8 length (the segment
/// is encoded straight from the paragraph's scalars): 2-, 3- and 4-byte letters.
@Suite struct MinimumSegmentTests {
    @Test(arguments: ["naïvetés", "Ωμέγαλος", "ԀԁԂԃԄԅ", "\u{10400}\u{10428}\u{10429}\u{1042F}\u{1043B}\u{10437}"])
    func segmentIsTheWord(_ word: String) throws {
        let minimum = try Fixtures.paragraph("to " + word + " end").minimumSize
        #expect(Array(minimum.segment.unicodeScalars) == Array(word.unicodeScalars),
                "\(minimum.segment.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(minimum.segment.utf8.elementsEqual(word.utf8))
    }
}
