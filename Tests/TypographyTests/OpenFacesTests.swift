import Foundation
import Testing
@testable import Typography

/// A folder of `count` hard links to the bundled Noto Sans Regular (`f0.ttf`, `f1.ttf`, …): as
/// many distinct font files as asked for, each the same font, so every answer is known.
private func linkedFonts(_ count: Int, _ name: String) throws -> URL {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("textfit-\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for index in 0..<count {
        try FileManager.default.linkItem(atPath: Fixtures.fonts + "/NotoSans-Regular.ttf",
                                         toPath: folder.appendingPathComponent("f\(index).ttf").path)
    }
    return folder
}

/// Issue 46: a service given a folder of 1,200 fonts kept every face (and its file descriptor) for
/// ever — 525 MiB and 1,023 descriptors. Faces beyond the bundled and Apple ones are now a bounded
/// cache, and their descriptors a bounded set.
@Suite("Open faces and their files are bounded")
struct OpenFacesTests {
    /// "Hello world" in Noto Sans Regular at 17 pt, from HarfBuzz's own shaper:
    /// `hb-shape fonts/NotoSans-Regular.ttf "Hello world"` →
    /// [H=0+741|e=1+564|l=2+258|l=3+258|o=4+605|space=5+260|w=6+786|o=7+605|r=8+413|l=9+258|d=10+615],
    /// 5,363 units of a 1,000-unit em.
    static let helloWorld = 5_363.0 * 17 / 1_000

    @Test("Past maxOpenFaces the least recently used faces are closed, dropped from every cache and freed")
    func facesAreClosedAndFreed() throws {
        let folder = try linkedFonts(12, "open-faces")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false, maxOpenFaces: 4))
        let shaper = Shaper(library: library)
        weak var first: FontFace?
        for index in 0..<12 {
            let attributes = TextAttributes(font: FontRequest(file: folder.appendingPathComponent("f\(index).ttf").path), size: .points(17))
            let line = try shaper.measure("Hello world", attributes: attributes)
            #expect(abs(line.width - Self.helloWorld) < 1e-9, "f\(index).ttf: \(line.width)")
            if index == 0 { first = line.runs.first?.face }
            #expect(library.openFaceCounts.open <= 4)
        }
        #expect(library.openFaceCounts.closed >= 8)
        // The shaper's line cache and the library's matches held the first face; closing it dropped them.
        #expect(first == nil, "the first face is still alive after it was closed")
        // Asked for again, a closed face is opened anew and measures the same.
        let again = try shaper.measure("Hello world", attributes: TextAttributes(
            font: FontRequest(file: folder.appendingPathComponent("f0.ttf").path), size: .points(17)))
        #expect(abs(again.width - Self.helloWorld) < 1e-9)
    }

    @Test("maxOpenFaceBytes bounds the faces by their files' sizes")
    func facesAreBoundedByBytes() throws {
        let folder = try linkedFonts(6, "open-face-bytes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: Fixtures.fonts + "/NotoSans-Regular.ttf")[.size] as? Int)
        let library = try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false, maxOpenFaces: 100,
                                            maxOpenFaceBytes: 2 * size + size / 2))
        for index in 0..<6 { _ = try library.face(path: folder.appendingPathComponent("f\(index).ttf").path) }
        #expect(library.openFaceCounts.open == 2)
        #expect(library.cacheReports.first { $0.name == "openFaces" }?.bytes == 2 * size)
    }

    @Test("The bundled faces are never closed, whatever the bound")
    func bundledFacesStay() throws {
        let folder = try linkedFonts(3, "open-faces-pinned")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false, maxOpenFaces: 1))
        let bundled = try library.match(FontRequest(family: "Noto Sans")).face
        for index in 0..<3 { _ = try library.face(path: folder.appendingPathComponent("f\(index).ttf").path) }
        #expect(try library.match(FontRequest(family: "Noto Sans")).face === bundled)
        #expect(try library.face(path: Fixtures.fonts + "/NotoSans-Regular.ttf") === bundled)
        #expect(bundled.isPinned)
    }

    @Test("Font files' descriptors stay within the pool's capacity, and a file whose descriptor was closed is read again")
    func descriptorsAreBounded() throws {
        let pool = FontFileDescriptors.shared
        let count = pool.capacity + 24
        let folder = try linkedFonts(count, "descriptors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false, maxOpenFaces: count + 1,
                                            maxOpenFaceBytes: .max))
        // Opened, not shaped: only the tables a face reads as it opens are in memory.
        let faces = try (0..<count).map { try library.face(path: folder.appendingPathComponent("f\($0).ttf").path) }
        #expect(library.openFaceCounts.open == count)
        // Other tests may hold a few descriptors of their own at this moment (never more than their threads).
        #expect(pool.counts.open <= pool.capacity + 8, "\(pool.counts.open) descriptors open, capacity \(pool.capacity)")
        #expect(!faces[0].fileIsOpen, "the least recently used file still has its descriptor")
        // Shaping needs tables not read yet (GSUB, GPOS, hmtx): the first file is opened again.
        let shaper = Shaper(library: library)
        let line = try shaper.measure("Hello world", attributes: TextAttributes(
            font: FontRequest(file: folder.appendingPathComponent("f0.ttf").path), size: .points(17)))
        #expect(abs(line.width - Self.helloWorld) < 1e-9)
        #expect(line.missingGlyphs == 0)
        try faces[0].checkFileUnchanged()
    }

    @Test("A file replaced while its descriptor was closed is not read: the face reports it changed")
    func replacedAfterItsDescriptorClosed() throws {
        let pool = FontFileDescriptors.shared
        let folder = try linkedFonts(pool.capacity + 8, "replaced")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("f0.ttf")
        let library = try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false, maxOpenFaces: pool.capacity + 9,
                                            maxOpenFaceBytes: .max))
        let face = try library.face(path: target.path)
        for index in 1..<(pool.capacity + 8) { _ = try library.face(path: folder.appendingPathComponent("f\(index).ttf").path) }
        #expect(!face.fileIsOpen)
        // Another font renamed over the path (as an installer does): a different file now.
        let other = folder.appendingPathComponent("other.ttf")
        try FileManager.default.copyItem(atPath: Fixtures.fonts + "/NotoSans-Bold.ttf", toPath: other.path)
        #expect(rename(other.path, target.path) == 0)
        let shaper = Shaper(library: library)
        _ = try shaper.measure("Hello world", attributes: TextAttributes(font: FontRequest(file: target.path), size: .points(17)))
        #expect(throws: TypographyError.fontFileChanged(path: target.path)) { try face.checkFileUnchanged() }
    }

    /// A shaper owned only by a measurement cache's paragraphs ends its subscription while the cache's
    /// own is being removed: the first version released the handler (and so the shaper) inside the
    /// registry's lock and hung the test run. Ending a subscription that ends another must return,
    /// and both handlers must be gone.
    @Test("A subscription whose handler holds another subscription ends both", .timeLimit(.minutes(1)))
    func nestedSubscriptionsEnd() throws {
        final class Holder: Sendable {
            let subscription: ClosedFaces.Subscription
            init(_ subscription: ClosedFaces.Subscription) { self.subscription = subscription }
        }
        let calls = Locked(0)
        weak var inner: ClosedFaces.Subscription?
        var outer: ClosedFaces.Subscription? = {
            let holder = Holder(ClosedFaces.subscribe { _ in calls.withLock { $0 += 1 } })
            inner = holder.subscription
            return ClosedFaces.subscribe { _ in withExtendedLifetime(holder) { calls.withLock { $0 += 1 } } }
        }()
        let library = try FontLibrary(.init(fontDirectory: Fixtures.fonts, useSystemFonts: false))
        let face = try library.face(path: Fixtures.fonts + "/NotoSans-Regular.ttf")
        ClosedFaces.announce([face])
        #expect(calls.withLock { $0 } == 2)
        #expect(outer != nil)
        outer = nil
        #expect(inner == nil, "the inner subscription outlived the handler that held it")
        ClosedFaces.announce([face])
        #expect(calls.withLock { $0 } == 2, "a handler was called after its subscription ended")
    }
}
