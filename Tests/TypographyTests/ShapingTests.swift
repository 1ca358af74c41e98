import Foundation
import Testing
@testable import Typography

@Suite("Shaping options and caches")
struct ShapingTests {
    @Test("Kerning is on by default and '-kern' turns it off (hb-shape: To = 486+605, -kern 556+605)")
    func kerning() throws {
        let shaper = try Fixtures.shaper()
        var attributes = Fixtures.attributes(size: 1000)
        #expect(abs(try shaper.measure("To", attributes: attributes).width - 1091) < 1e-9)
        attributes.features = [try FontFeature("-kern")]
        #expect(abs(try shaper.measure("To", attributes: attributes).width - 1161) < 1e-9)
    }

    @Test("'-liga' keeps f, f, i apart (hb-shape: office is 4 glyphs by default, 6 with -liga)")
    func ligatures() throws {
        let shaper = try Fixtures.shaper()
        var attributes = Fixtures.attributes()
        #expect(try shaper.measure("office", attributes: attributes).runs.first?.glyphCount == 4)
        attributes.features = [try FontFeature("-liga")]
        #expect(try shaper.measure("office", attributes: attributes).runs.first?.glyphCount == 6)
    }

    @Test("Tracking adds its points after every grapheme cluster, the last included")
    func tracking() throws {
        let shaper = try Fixtures.shaper()
        var attributes = Fixtures.attributes(size: 1000)
        attributes.tracking = 10
        // "e\u{301}a" is 2 grapheme clusters; hb-shape width: e 564 + acutecomb 0 + a 561.
        let line = try shaper.measure("e\u{301}a", attributes: attributes)
        #expect(abs(line.width - (564 + 0 + 561 + 2 * 10)) < 1e-9)
        #expect(abs(line.runs.reduce(0) { $0 + $1.width } - line.width) < 1e-9)
    }

    @Test("Invalid feature strings are rejected by name")
    func badFeature() {
        #expect(throws: TypographyError.invalidFeature("=1")) { try FontFeature("=1") }
        #expect(throws: TypographyError.invalidFeature("")) { try FontFeature("") }
    }

    @Test("Shaped runs keep HarfBuzz's unsafe-to-break flags and clusters in scalar offsets")
    func clustersAndFlags() throws {
        let shaper = try Fixtures.shaper()
        let line = try shaper.measure("office", attributes: Fixtures.attributes())
        let run = try #require(line.line.runs.first)
        // hb-shape: [o=0+605|f_f_i=1+946|c=4+480|e=5+564]
        #expect(run.shaped.glyphs.map(\.cluster) == [0, 1, 4, 5])
        #expect(run.shaped.glyphs.map(\.advance) == [605, 946, 480, 564])
        // Breaking inside the ffi ligature is unsafe; between "o" and the ligature it is not.
        #expect(run.shaped.glyphs[1].unsafeToBreak == false)
    }

    @Test("The run cache keeps styles apart: б is its Serbian form under sr, the common one under ru")
    func runCacheKeepsLanguagesApart() throws {
        let shaper = try Fixtures.shaper()
        let face = try shaper.library.match(FontRequest()).face  // Noto Sans Regular
        let cyrillicBe: [UInt32] = [0x0431]
        func advance(_ locale: String) -> Int {
            shaper.shapeRun(cyrillicBe[...], face: face, script: Script(of: "б"), direction: .leftToRight,
                            attributes: TextAttributes(locale: locale)).advance
        }
        // hb-shape --language=ru: [uni0431=0+599]; --language=sr: [uni0431.loclSRB=0+604]
        let before = shaper.shapingCount
        #expect(advance("ru") == 599)
        #expect(advance("sr") == 604)
        #expect(advance("ru") == 599)
        #expect(advance("sr") == 604)
        #expect(shaper.shapingCount - before == 2)  // the repeats came from the cache
    }

    @Test("The line cache keys texts by their UTF-8 bytes: canonically equivalent texts are shaped apart")
    func lineCacheComparesBytes() throws {
        let shaper = try Fixtures.shaper()
        let attributes = Fixtures.attributes(size: 1000)
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed)  // Swift's String equality: canonical equivalence
        let before = shaper.shapingCount
        let a = try shaper.measure(precomposed, attributes: attributes)
        let b = try shaper.measure(decomposed, attributes: attributes)
        #expect(shaper.shapingCount - before == 2)
        #expect(a.line.scalarCount == 4 && b.line.scalarCount == 5)
        // The same bytes in another string's storage are the same key: no third shaping.
        var copy = String()
        copy.reserveCapacity(64)  // native storage, where the literal is a small string
        copy += decomposed
        _ = try shaper.measure(copy, attributes: attributes)
        #expect(shaper.shapingCount - before == 2)
    }

    @Test("Byte keys: equal bytes in small and native strings compare and hash alike; equivalent texts do not")
    func byteKeys() {
        var native = String()
        native.reserveCapacity(64)
        native += "abc"
        #expect("abc".hasSameUTF8(as: native) && native.hasSameUTF8(as: "abc"))
        #expect("abc".utf8Hash(seed: 7) == native.utf8Hash(seed: 7))
        #expect(!"caf\u{E9}".hasSameUTF8(as: "cafe\u{301}"))
        #expect("".hasSameUTF8(as: String()) && !"".hasSameUTF8(as: "a"))
        // Long strings (past the eight-byte words the hash reads) built apart, and one byte changed.
        let long = String(repeating: "Rindfleischetikettierung ", count: 4)
        let rebuilt = (0..<4).map { _ in "Rindfleischetikettierung " }.joined()
        #expect(long.hasSameUTF8(as: rebuilt) && long.utf8Hash(seed: 1) == rebuilt.utf8Hash(seed: 1))
        let changed = String(long.dropLast()) + "!"
        #expect(!long.hasSameUTF8(as: changed) && long.utf8Hash(seed: 1) != changed.utf8Hash(seed: 1))
        // The seed and the length are part of the hash.
        #expect("abc".utf8Hash(seed: 1) != "abc".utf8Hash(seed: 2))
        #expect("a".utf8Hash(seed: 1) != "a\u{0}".utf8Hash(seed: 1))
    }

    @Test("The caches stay within their capacity and keep answering correctly")
    func boundedCaches() throws {
        let shaper = Shaper(library: try Fixtures.library(), lineCacheCapacity: 8, runCacheCapacity: 8)
        var widths: [String: Double] = [:]
        for i in 0..<100 {
            let text = "tag \(i)"
            widths[text] = try shaper.measure(text, attributes: Fixtures.attributes()).width
        }
        #expect(shaper.cacheStatistics.lines.count <= 8)
        #expect(shaper.cacheStatistics.runs.count <= 8)
        for (text, width) in widths {
            #expect(try shaper.measure(text, attributes: Fixtures.attributes()).width == width)
        }
    }

    @Test("The run cache is bounded by bytes, not only by entries: long runs do not pile up")
    func runCacheByteBound() throws {
        let shaper = try Fixtures.shaper()  // 32,768 entries
        let face = try Fixtures.library().match(FontRequest()).face
        let n = 65_536
        // Each run: 65,536 glyphs of 24 bytes (ShapedGlyph's stride) and a key of 65,536 scalars
        // of 4 bytes, about 1.8 MB; 30 of them would be 54 MB. The cache keeps at most 32 MiB.
        let perRun = n * (MemoryLayout<ShapedGlyph>.stride + 4)
        var first = 0
        for i in 0..<30 {
            let scalars = ([UInt32(0x30 + i % 10), UInt32(0x41 + i / 10)] + Array(repeating: UInt32(0x61), count: n - 2))[...]
            let advance = shaper.shapeRun(scalars, face: face, script: Script(code: "Latn"), direction: .leftToRight,
                                          attributes: Fixtures.attributes()).advance
            if i == 0 { first = advance }
            #expect(advance > 0)
        }
        let count = shaper.cacheStatistics.runs.count
        #expect(count >= 1 && count * perRun <= 32 << 20, "\(count) runs kept")
        #expect(shaper.runCacheBytes <= 32 << 20)
        #expect(first > 0)
    }

    @Test("BoundedCache evicts by bytes, and does not keep an entry larger than half its bytes")
    func cacheBytePolicy() {
        let cache = BoundedCache<Int, Int>(capacity: 100, byteLimit: 100) { _, value in value }
        for i in 0..<10 { cache.insert(10, for: i) }  // recent {5…9} (50 bytes), older {0…4}
        #expect(cache.statistics.count == 10 && cache.bytes == 100)
        cache.insert(10, for: 10)  // recent full by bytes: {0…4} dropped
        #expect(cache.value(for: 0) == nil && cache.value(for: 5) == 10 && cache.value(for: 10) == 10)
        #expect(cache.bytes <= 100)
        cache.insert(51, for: 99)  // more than half the bytes: not kept, nothing evicted for it
        #expect(cache.value(for: 99) == nil && cache.value(for: 10) == 10)
    }

    @Test("BoundedCache keeps recently used entries when evicting")
    func cachePolicy() {
        let cache = BoundedCache<Int, Int>(capacity: 4)
        for i in 0..<4 { cache.insert(i, for: i) }   // recent {2,3}, older {0,1}
        #expect(cache.value(for: 0) == 0)            // 0 moves to recent, pushing {2,3} to older
        cache.insert(9, for: 9)
        #expect(cache.value(for: 0) == 0)
        #expect(cache.value(for: 9) == 9)
        #expect(cache.value(for: 1) == nil)          // dropped with the oldest generation
        #expect(cache.statistics.count <= 4)
    }

    @Test("Run cache keys are equal exactly when the scalars are (short runs are packed, long ones kept)")
    func scalarsKeys() {
        func makeKey(_ scalars: ArraySlice<UInt32>) -> ScalarsKey { scalars.withUnsafeBufferPointer(ScalarsKey.init) }
        // Every sequence of up to four values from a set with the edges of the packing: 0 (which
        // packs as 1), the last scalar, and a value past it (which must not be packed).
        let values: [UInt32] = [0, 1, 0x41, 0x10FFFF, 0x110000]
        var sequences: [[UInt32]] = [[]]
        var frontier: [[UInt32]] = [[]]
        for _ in 1...4 {
            frontier = frontier.flatMap { prefix in values.map { prefix + [$0] } }
            sequences += frontier
        }
        let keys = sequences.map { makeKey($0[...]) }
        var distinct = Set<ScalarsKey>()
        for (sequence, key) in zip(sequences, keys) {
            #expect(makeKey(Array(sequence)[...]) == key)
            #expect(makeKey(Array(sequence)[...]).hashValue == key.hashValue)
            distinct.insert(key)
        }
        #expect(distinct.count == sequences.count)  // 1 + 5 + 25 + 125 + 625 different sequences, as many keys
        // A slice that does not start at 0 keys by its own scalars.
        let padded: [UInt32] = [7, 0x41, 0x42, 7]
        #expect(makeKey(padded[1..<3]) == makeKey([0x41, 0x42][...]))
    }
}
