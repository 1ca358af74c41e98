import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress
import Typography

@Suite("Sharding a sweep (issue 28)")
struct ShardTests {
    @Test("FNV-1a 64 gives the FNV test vectors")
    func fnvVectors() {
        // The FNV reference's test vectors (draft-eastlake-fnv, "FNV-1a 64": "" is the offset
        // basis); rechecked with
        // python3 -c 'h=0xcbf29ce484222325
        //   for x in b"foobar": h=((h^x)*0x100000001b3)&(2**64-1)
        //   print(hex(h))'
        #expect(FNV1a64.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a64.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
        // Non-ASCII keys hash their UTF-8 bytes (the same python over "Grüße".encode()).
        #expect(FNV1a64.hash("Grüße".utf8) == 0x20e7_2e11_e324_b0b8)
        #expect(FNV1a64.hex("a".utf8) == "af63dc4c8601ec8c")
        #expect(FNV1a64.hex([UInt8]()) == "cbf29ce484222325")
    }

    @Test("A key's shard is FNV-1a 64 of its UTF-8 mod N, plus 1")
    func assignment() throws {
        // 0xcbf29ce484222325 % 3 = 2 → shard 3; 0xaf63dc4c8601ec8c % 3 = 1 → 2; 0x85944171f73967e8 % 3 = 0 → 1;
        // "settings.title": 0x7743af8218b55434 % 3 = 1 → 2 (python3: int(h) % 3 + 1).
        #expect(StressShard.index(ofKey: "", count: 3) == 3)
        #expect(StressShard.index(ofKey: "a", count: 3) == 2)
        #expect(StressShard.index(ofKey: "foobar", count: 3) == 1)
        #expect(StressShard.index(ofKey: "settings.title", count: 3) == 2)
        // One shard checks everything.
        #expect(StressShard.index(ofKey: "anything", count: 1) == 1)
        let shard = try StressShard(parsing: "2/3")
        #expect(shard.contains(key: "a") && !shard.contains(key: "foobar"))
        #expect(shard.description == "2/3")
    }

    @Test("--shard reads I/N, 1 ≤ I ≤ N, and says what is wrong otherwise")
    func parsing() throws {
        #expect(try StressShard(parsing: "1/1") == StressShard(parsing: "1/1"))
        #expect(try StressShard(parsing: "3/3").index == 3)
        func message(_ text: String) -> String {
            do { _ = try StressShard(parsing: text); return "" } catch { return error.message }
        }
        #expect(message("0/3").contains("I must be from 1 to 3"))
        #expect(message("4/3").contains("I must be from 1 to 3"))
        #expect(message("1/0").contains("at least 1"))
        for text in ["a/b", "1", "1/2/3", "-1/3", "+1/3", " 1/3", "1/", "/3", "99999999999999999999/3"] {
            #expect(message(text).contains("is not I/N"), "\(text)")
        }
    }

    func part(_ shard: String, width: String = "300", entries: Int = 2, checked: [StressShardPart.Checked] = []) throws -> StressShardPart {
        let run = StressShardPart.Fingerprint(textfit: "0.1.0", catalogs: ["a.xcstrings"], options: ["width": width], flags: ["bundled-only"],
                                              files: [.init(path: "a.xcstrings", fnv1a64: "0123456789abcdef")])
        return StressShardPart(shard: try StressShard(parsing: shard), run: run, entries: entries, platform: .ios, checked: checked)
    }

    func failure(_ parts: [(String, StressShardPart)]) -> String {
        do { _ = try StressShardPart.complete(parts.map { (name: $0.0, part: $0.1) }); return "" } catch { return error.message }
    }

    @Test("Merging refuses a missing shard, a repeated one, and parts of different runs, naming them")
    func completeness() throws {
        #expect(failure([("p1", try part("1/3")), ("p3", try part("3/3"))]).contains("shard 2/3 is missing (given: 1/3, 3/3)"))
        #expect(failure([("p1", try part("1/2")), ("p2", try part("2/2")), ("again", try part("2/2"))])
            == "shard 2/2 is given twice: 'p2' and 'again'")
        #expect(failure([("p1", try part("1/2")), ("p2", try part("2/3"))]).contains("different shardings"))
        let width = failure([("p1", try part("1/2")), ("p2", try part("2/2", width: "320"))])
        #expect(width.contains("--width ('300' in 'p1' (shard 1/2), '320' in 'p2' (shard 2/2))"), "\(width)")
        var other = try part("2/2")
        other.run.files[0].fnv1a64 = "fedcba9876543210"
        #expect(failure([("p1", try part("1/2")), ("p2", other)]).contains("the contents of 'a.xcstrings'"))
        #expect(failure([("p2", try part("2/2")), ("p1", try part("1/2"))]) == "")
    }

    @Test("Merged verdicts come back in entry order, each entry once, from the shard of its key")
    func order() throws {
        // Keys "foobar" (shard 1 of 2: 0x85944171f73967e8 is even) and "a" (0xaf63dc4c8601ec8c is even too: shard 1);
        // "" (0xcbf29ce484222325 is odd: shard 2).
        func verdict(_ key: String) -> StressVerdict {
            StressVerdict(key: key, locale: "de", variant: "", size: .dynamicType(.large), text: key, status: .fits, width: 1,
                          lineCount: 1, overflow: 0, scale: 1, failed: false)
        }
        let keys = ["foobar", "", "a"]
        let one = try part("1/2", entries: 3, checked: [.init(entry: 0, key: "foobar", verdicts: [verdict("foobar")]),
                                                        .init(entry: 2, key: "a", verdicts: [verdict("a")])])
        let two = try part("2/2", entries: 3, checked: [.init(entry: 1, key: "", verdicts: [verdict("")])])
        #expect(try StressShardPart.verdicts(of: [one, two], keys: keys).map(\.key) == keys)
        // An entry no shard has, or keys that are not those the shards checked, are refused.
        #expect(throws: StressShardError.self) { try StressShardPart.verdicts(of: [one], keys: keys) }
        #expect(throws: StressShardError.self) { try StressShardPart.verdicts(of: [one, two], keys: ["foobar", "", "b"]) }
    }
}
