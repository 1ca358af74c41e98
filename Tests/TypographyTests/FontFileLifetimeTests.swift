import Foundation
import Testing
@testable import Typography

/// A face keeps its own copy of the font file: truncating the file afterwards (another process
/// rewriting it) must not crash the process with SIGBUS, as a memory map would, nor change answers.
@Suite struct FontFileLifetimeTests {
    @Test func aFaceSurvivesItsFileBeingTruncated() throws {
        let copy = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("textfit-lifetime-\(getpid()).ttf")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(atPath: Fixtures.fonts + "/NotoSans-Regular.ttf", toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let face = try FontFace(path: copy.path, index: 0, isBundled: false)
        // Glyph outlines are read from the glyf table when asked, long after the face was opened.
        let g = try #require(face.glyph(for: "g"))
        let before = face.outline(of: g)
        #expect(!before.isEmpty)
        #expect(truncate(copy.path, 1_000) == 0)
        let after = face.outline(of: try #require(face.glyph(for: "Q")))  // a glyph never read before
        #expect(!after.isEmpty)
        #expect(face.outline(of: g).count == before.count)
    }
}
