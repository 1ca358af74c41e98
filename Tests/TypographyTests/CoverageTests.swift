import Dispatch
import Testing
@testable import Typography

/// A face's coverage (what font fallback asks first, from a bitmap read once out of the `cmap`)
/// agrees with HarfBuzz's own `cmap` lookup (`hb_font_get_nominal_glyph`, a separate code path from
/// the set of code points the bitmap is filled from) on every code point of the Basic Multilingual
/// Plane and of the next two planes, for fonts whose `cmap`s map long ranges (CJK), many short ones
/// (Latin, Indic) and astral code points (emoji, CJK extension B).
@Suite struct CoverageTests {
    @Test(arguments: ["NotoSans-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "DroidSansFallbackFull.ttf",
                      "NotoColorEmoji.ttf", "NotoSansCJKkr-Hangul-Regular.otf"])
    func coverageAgreesWithTheCmap(_ file: String) throws {
        let face = try FontFace(path: Fixtures.fonts + "/" + file, index: 0, isBundled: true)
        var covered = 0, mismatches: [String] = []
        for value in UInt32(0)..<0x30000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let mapped = face.glyph(for: scalar) != nil
            if mapped { covered += 1 }
            if face.hasGlyph(for: value) != mapped, mismatches.count < 10 {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true)): bitmap \(!mapped), cmap \(mapped)")
            }
        }
        #expect(covered > 100, "\(file) maps only \(covered) code points")
        #expect(mismatches.isEmpty, "\(file): \(mismatches.joined(separator: "; "))")
    }

    /// The coverage is read on first use; an instance of a variable font, asked before its default
    /// instance ever was, answers from the default instance's `cmap` (the same `hb_face_t`), and
    /// `covers` (the fallback's question, read through the bitmap in place) agrees with `hasGlyph`.
    @Test func instanceAskedFirstAgreesWithItsDefault() throws {
        let base = try FontFace(path: Fixtures.fonts + "/Roboto-Variable.ttf", index: 0, isBundled: true)
        let bold = FontFace(instanceOf: base, variations: [FontVariation(tag: "wght", value: 700)])
        var checked = 0, mismatches: [String] = []
        for value in UInt32(0)..<0x20000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let mapped = base.glyph(for: scalar) != nil
            let covers = [value].withUnsafeBufferPointer { bold.covers($0) }
            // `covers` also accepts default-ignorable code points a font lacks (HarfBuzz hides them).
            if bold.hasGlyph(for: value) != mapped || (covers != mapped && !scalar.isDefaultIgnorable), mismatches.count < 10 {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true)): cmap \(mapped)")
            }
            if mapped { checked += 1 }
        }
        #expect(checked > 500, "Roboto maps only \(checked) code points")
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "; "))")
        #expect(base.hasGlyph(for: 0x41) && !base.hasGlyph(for: 0x4E00), "A is in Roboto, 一 is not")
    }

    /// Threads asking a fresh face at once all see the whole coverage (the one stored first, whose
    /// bitmap is published after it): no thread reads a bitmap before it is filled. (Run under
    /// `make sanitize`, ThreadSanitizer checks the publication too.)
    @Test func threadsAskingAFreshFaceAgree() throws {
        let probes: [UInt32] = [0x41, 0x416, 0x3B1, 0x20AC, 0x4E00, 0x0627, 0x1F600, 0x10FFFD]
        let reference = try FontFace(path: Fixtures.fonts + "/NotoSans-Regular.ttf", index: 0, isBundled: true)
        let expected = probes.map { Unicode.Scalar($0).map { reference.glyph(for: $0) != nil } ?? false }
        for _ in 0..<20 {
            let face = try FontFace(path: Fixtures.fonts + "/NotoSans-Regular.ttf", index: 0, isBundled: true)
            let answers = Answers(count: 8)
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                answers.set(thread, probes.map { value in [value].withUnsafeBufferPointer { face.covers($0) } })
            }
            for thread in 0..<8 { #expect(answers.get(thread) == expected, "thread \(thread)") }
        }
        #expect(expected == [true, true, true, true, false, false, false, false], "Noto Sans: Latin, Cyrillic, Greek, €; no Han, Arabic, emoji")
    }
}

/// Each thread's answers in a slot of its own, behind the lock. (Not a `Locked(())` beside the
/// slots: ThreadSanitizer reports an inout access to a zero-sized locked value as racing with
/// reads of the lock's storage object, a false report that hid real ones.)
private final class Answers: Sendable {
    private let slots: Locked<[[Bool]]>
    init(count: Int) { slots = Locked(Array(repeating: [], count: count)) }
    func set(_ index: Int, _ value: [Bool]) { slots.withLock { $0[index] = value } }
    func get(_ index: Int) -> [Bool] { slots.withLock { $0[index] } }
}
