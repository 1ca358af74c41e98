import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A real `textfit serve --http` (system fonts on, so characters no bundled font has go to
/// Fontconfig) answers thousands of distinct, randomised, hostile requests; its resident memory must
/// stay under the bound the documented cache capacities give (docs/reliability.md, "Memory a request
/// can fill"), and `/metrics` must show every cache within its capacity after the load filled it.
///
/// It runs the `textfit` binary, so it lives with the CLI tests (`CLI.binary`).
@Suite("textfit serve: resident memory stays bounded under distinct hostile requests")
struct MemoryBoundTests {
    // MARK: - The bound

    /// The documented capacities (docs/reliability.md, the "bounded caches" table) turned into bytes.
    /// Where the table gives bytes, those; where it gives entries, entries × the most an entry can
    /// hold, from the request caps of the same section (font 256 B, locale 128 B, features 128 B
    /// each) or from the entry's contents as the code comments describe them.
    static let documentedCacheBytes: [(cache: String, bytes: Int, why: String)] = [
        ("lines", 32 << 20, "32 MiB byte cap"),
        ("runs", 32 << 20, "32 MiB byte cap"),
        ("fontMatches", 4 << 20, "4 MiB byte cap"),
        // A style: the font request (family ≤ 256 B), features, the locale (≤ 128 B), and the dictionary
        // slots of `ids` and `sizes`: 1 KiB each.
        ("styles", 16_384 * 1_024, "16,384 × 1 KiB"),
        // A chain: a few dozen face references and the script's system list: 4 KiB.
        ("fallbackChains", 512 * 4_096, "512 × 4 KiB"),
        // An instance: an hb_font_t with its variation coordinates and metrics (not the face's tables,
        // which it shares): 16 KiB.
        ("fontInstances", 1_024 * 16_384, "1,024 × 16 KiB"),
        // A Fontconfig font set: "a few dozen kilobytes" (SystemFonts.swift): 64 KiB.
        ("systemFallbackLists", 64 * 65_536, "64 × 64 KiB"),
        // Paragraphs: their documented byte cap (64 MiB, by an estimate of 1 KiB + 64 B a byte of
        // text that errs high; docs/reliability.md, "Memory a request can fill").
        ("paragraphs", 64 << 20, "64 MiB"),
    ]

    /// What the allocator keeps beyond the bytes the caches hold: glibc's malloc keeps freed blocks
    /// in its arenas (one per thread that allocated: the pool's threads and the main thread) and a
    /// dropped cache generation frees memory in no particular order, so the heap can hold up to
    /// about half as much again as the live caches.
    static let allocatorSlack = 0.5

    /// Start-up RSS (after a warm-up that loads every font the load touches) + the caches' documented
    /// bytes × (1 + slack): 170 MiB of caches (32 + 32 + 4 + 16 + 2 + 16 + 4 + 64), so start-up + 255 MiB.
    ///
    /// What it does not cover: fonts the load opens after the warm-up (system faces) are bounded by
    /// the fonts installed, not by requests.
    static func bound(startup: Int) -> Int {
        let caches = documentedCacheBytes.reduce(0) { $0 + $1.bytes }
        return startup + Int(Double(caches) * (1 + allocatorSlack))
    }

    /// The bound's terms, for a failure message.
    static let boundDerivation = "start-up RSS + 1.5 × (" + documentedCacheBytes.map { "\($0.cache) \($0.why)" }.joined(separator: " + ") + ")"

    /// RSS is not judged against the bound in an AddressSanitizer build (`make sanitize`): its shadow
    /// memory (an eighth of the heap), redzones and quarantine of freed blocks (256 MiB by default)
    /// are the sanitizer's, not TextFit's. The caches' entries and bytes are still checked there.
    static let judgesResidentMemory = buildSanitizer != "address"

    // MARK: - The test

    @Test("Thousands of distinct locales, families, face indices, sizes, styles and texts: RSS under the documented bound, every cache within capacity",
          .timeLimit(.minutes(2)))
    func residentMemoryStaysBounded() throws {
        let folder = try CLIUsageTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Engine.repository.appendingPathComponent("fonts/NotoSans-Regular.ttf").path,
                                         toPath: folder.appendingPathComponent("Mine.ttf").path)
        let server = try Server(fontDirectory: folder.path)
        defer { server.stop() }
        let client = try HTTPClient(port: server.port)
        var load = HostileLoad(seed: 0x5EED_27)

        // Warm-up: every font file the load can reach opened, Fontconfig loaded, the code paths run.
        for request in load.warmUp() {
            let reply = try client.post(request.path, request.body)
            #expect(reply.status < 500, "\(request.body): \(reply.text)")
        }
        let startup = try #require(server.memory()).rss
        let bound = Self.bound(startup: startup)

        // The load: 2,000 measure requests, 500 fonts --for and 34 layouts of 500 texts (17,000 text
        // styles: past the 16,384 style numbers), every one distinct; RSS checked as it goes.
        var statuses: [Int: Int] = [:]
        for serial in 0..<2_000 {
            var batch = [load.measure(serial)]
            if serial % 4 == 0 { batch.append(load.fonts(serial)) }
            if serial % 60 == 0 { batch.append(load.layout(500)) }
            for request in batch {
                let reply = try client.post(request.path, request.body)
                statuses[reply.status, default: 0] += 1
                #expect(reply.status < 500, "\(request.body.prefix(300)): \(reply.text.prefix(300))")
            }
            if Self.judgesResidentMemory, serial % 250 == 249, let memory = server.memory() {
                #expect(memory.rss <= bound, "RSS \(memory.rss >> 20) MiB after \(load.requests) requests, over the bound \(bound >> 20) MiB")
            }
        }
        let end = try #require(server.memory())
        print("MemoryBoundTests: start-up RSS \(startup >> 20) MiB, end \(end.rss >> 20) MiB, peak (VmHWM) \(end.peak >> 20) MiB, "
              + "bound \(bound >> 20) MiB; \(load.requests) requests, statuses \(statuses.sorted { $0.key < $1.key })")
        if Self.judgesResidentMemory {
            #expect(end.rss <= bound, "RSS \(end.rss >> 20) MiB over the bound \(bound >> 20) MiB: \(Self.boundDerivation)")
            #expect(end.peak <= bound, "peak RSS \(end.peak >> 20) MiB over the bound \(bound >> 20) MiB")
        }
        // Refusals are the request's fault (unknown families, face indices that do not exist, locales
        // that are not tags or are over the cap), never the server's; a third at least were answered.
        #expect(Set(statuses.keys).isSubset(of: [200, 400, 422]), "\(statuses)")
        #expect((statuses[200] ?? 0) * 3 > load.requests, "\(statuses)")

        // Every cache within its capacity, and the load pushed each one it can reach past it.
        let metrics = try client.get("/metrics")
        try #require(metrics.status == 200)
        let entries = Self.samples(metrics.text, "textfit_cache_entries")
        let capacity = Self.samples(metrics.text, "textfit_cache_capacity")
        let bytes = Self.samples(metrics.text, "textfit_cache_bytes")
        let evictions = Self.samples(metrics.text, "textfit_cache_evictions_total")
        print("MemoryBoundTests: caches (entries/capacity, evictions, bytes): "
              + entries.keys.sorted().map { "\($0) \(entries[$0]!)/\(capacity[$0] ?? -1) ev \(evictions[$0] ?? -1) \(bytes[$0].map { "\($0 >> 10) KiB" } ?? "")" }
                .joined(separator: "; "))
        for (cache, documented, _) in Self.documentedCacheBytes {
            let held = try #require(entries[cache], "/metrics has no textfit_cache_entries for \(cache)")
            let cap = try #require(capacity[cache], "/metrics has no textfit_cache_capacity for \(cache)")
            #expect(held <= cap, "\(cache): \(held) entries, capacity \(cap)")
            if let counted = bytes[cache] { #expect(counted <= documented, "\(cache): \(counted) bytes over \(documented)") }
        }
        // The capacities are the documented ones (a raised bound is a changed document).
        let documentedCapacity = ["lines": 8_192, "runs": 32_768, "styles": 16_384, "fontMatches": 4_096, "fallbackChains": 512,
                                  "fontInstances": 1_024, "systemFallbackLists": 64, "paragraphs": 1_024]
        for (cache, expected) in documentedCapacity { #expect(capacity[cache] == expected, "\(cache): capacity \(capacity[cache] ?? -1)") }
        // The load went past each capacity it can reach. (`lines` and `runs` stay nearly empty: measure
        // and layout shape in paragraphs, which keep their own shaping — docs/reliability.md; their byte
        // caps are in the bound.)
        for cache in ["styles", "fontMatches", "fallbackChains", "fontInstances", "systemFallbackLists", "paragraphs"] {
            #expect((evictions[cache] ?? 0) > 0, "\(cache) never filled: the load does not test its bound")
        }
    }

    /// `name{cache="x"} value` samples by cache.
    static func samples(_ text: String, _ name: String) -> [String: Int] {
        var out: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix(name + "{cache=\"") {
            let rest = line.dropFirst(name.count + 8)
            guard let quote = rest.firstIndex(of: "\""), let value = Int(rest[rest.index(after: quote)...].drop { $0 == "}" || $0 == " " })
            else { continue }
            out[String(rest[..<quote])] = value
        }
        return out
    }
}

// MARK: - The server and its memory

extension MemoryBoundTests {
    /// `textfit serve --http 127.0.0.1:0 --font-dir DIR`, without `--bundled-only`.
    final class Server {
        let process: Process
        let port: Int

        init(fontDirectory: String) throws {
            let (process, errors, line) = try CLI.startHTTPServer(options: ["--font-dir", fontDirectory])
            self.process = process
            guard let port = CLI.announcedPort(line), port > 0 else {
                process.terminate()
                throw MemoryTestError( "serve did not announce a port: \(line)")
            }
            self.port = port
            // Later log lines go nowhere; the pipe's reader stays open so they never fail.
            Thread.detachNewThread { _ = try? errors.readToEnd() }
        }

        /// VmRSS and VmHWM from /proc/PID/status, in bytes.
        func memory() -> (rss: Int, peak: Int)? {
            guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return nil }
            func kilobytes(_ field: String) -> Int? {
                status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
                    .flatMap { Int($0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
            }
            guard let rss = kilobytes("VmRSS"), let peak = kilobytes("VmHWM") else { return nil }
            return (rss * 1_024, peak * 1_024)
        }

        func stop() {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
    }

    /// One keep-alive HTTP/1.1 connection (the answers carry `Content-Length`).
    final class HTTPClient {
        struct Reply { var status: Int; var body: [UInt8]; var text: String { String(decoding: body, as: UTF8.self) } }
        private var fd: Int32
        private let port: Int
        private var buffer: [UInt8] = []

        init(port: Int) throws {
            self.port = port
            fd = try connectLoopback(port: port, timeoutSeconds: 30).get()
        }

        deinit { close(fd) }

        /// A new connection, as a client does after an answer that says `Connection: close` (the
        /// server ends a connection after 1,000 requests).
        private func reconnect() throws {
            close(fd)
            fd = -1
            buffer = []
            fd = try connectLoopback(port: port, timeoutSeconds: 30).get()
        }

        func post(_ path: String, _ body: String) throws -> Reply {
            try exchange("POST", path, Array(body.utf8))
        }

        func get(_ path: String) throws -> Reply { try exchange("GET", path, nil) }

        private func exchange(_ method: String, _ path: String, _ body: [UInt8]?) throws -> Reply {
            var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
            let bytes = Array((head + "\r\n").utf8) + (body ?? [])
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { throw MemoryTestError( "send failed: \(String(cString: strerror(errno)))") }
                sent += count
            }
            let terminator: [UInt8] = [13, 10, 13, 10]
            var end: Int?
            while true {
                if buffer.count >= 4 {
                    end = (0...(buffer.count - 4)).first { buffer[$0..<$0 + 4].elementsEqual(terminator) }
                    if end != nil { break }
                }
                try fill()
            }
            let headEnd = end! + 4
            let lines = String(decoding: buffer[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
            let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
            let length = lines.dropFirst().compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
            while buffer.count < headEnd + length { try fill() }
            let reply = Reply(status: status, body: Array(buffer[headEnd..<headEnd + length]))
            buffer.removeFirst(headEnd + length)
            if lines.dropFirst().contains(where: { $0.lowercased().replacingOccurrences(of: " ", with: "") == "connection:close" }) {
                try reconnect()
            }
            return reply
        }

        private func fill() throws {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw MemoryTestError( "the server closed the connection or timed out") }
            buffer += chunk[0..<count]
        }
    }
}

/// A failure of the test's own plumbing (the server did not start, the connection broke).
struct MemoryTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - The requests

/// Distinct hostile requests from a seeded generator: every request names new locales, families,
/// face indices, sizes, weights, features, axis settings and texts.
struct HostileLoad {
    private var random: SplitMix64
    private(set) var requests = 0

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    struct Request { var path: String; var body: String }

    /// Scalar ranges texts are drawn from: scripts the bundled fonts cover (Latin, Cyrillic, Greek,
    /// Hebrew, Arabic, Devanagari, Thai, CJK, Hangul, emoji), then scripts they do not (Cherokee,
    /// Runic, Canadian syllabics, Yi, Tifinagh, Vai, Ol Chiki, Gothic, Linear B, Mongolian, Tibetan,
    /// Braille, mathematical letters), whose clusters send fallback to Fontconfig.
    static let blocks: [ClosedRange<UInt32>] = [
        0x41...0x5A, 0x61...0x7A, 0xC0...0xFF, 0x430...0x44F, 0x3B1...0x3C9, 0x5D0...0x5EA, 0x627...0x64A,
        0x915...0x939, 0xE01...0xE2E, 0x4E00...0x9FA5, 0xAC00...0xD7A3, 0x1F600...0x1F64F,
        0x13A0...0x13F4, 0x16A0...0x16EA, 0x1401...0x166C, 0xA000...0xA48C, 0x2D30...0x2D67, 0xA500...0xA62B,
        0x1C5A...0x1C7D, 0x10330...0x1034A, 0x10000...0x1005D, 0x1820...0x1877, 0xF40...0xF6C, 0x2800...0x28FF,
        0x1D400...0x1D4FF,
    ]
    static let textStyles = ["largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "subheadline",
                             "footnote", "caption1", "caption2"]
    static let dynamicTypeSizes = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1",
                                   "accessibility2", "accessibility3", "accessibility4", "accessibility5"]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    mutating func letters(_ count: Int, from alphabet: String = "abcdefghijklmnopqrstuvwxyz") -> String {
        let characters = Array(alphabet)
        return String((0..<count).map { _ in characters[int(0...characters.count - 1)] })
    }

    /// `count` scalars from one to three of ``blocks`` (or from `only`), with spaces between words.
    mutating func text(_ count: ClosedRange<Int>, only: ClosedRange<UInt32>? = nil) -> String {
        var scalars = String.UnicodeScalarView()
        let blocks = only.map { [$0] } ?? (0..<int(1...3)).map { _ in Self.blocks[int(0...Self.blocks.count - 1)] }
        for index in 0..<int(count) {
            if index > 0, chance(15) { scalars.append(" "); continue }
            let block = blocks[int(0...blocks.count - 1)]
            scalars.append(Unicode.Scalar(UInt32.random(in: block, using: &random))!)
        }
        return String(scalars)
    }

    /// A new locale: a random well-formed BCP 47 tag (a new primary subtag, 2–8 letters, most of the
    /// time: a new Fontconfig language), often a long one up to the 128-byte cap; now and then garbage
    /// (refused) or a tag over the cap (refused without being quoted).
    mutating func locale(_ serial: Int) -> String {
        switch int(1...20) {
        case 1...12:
            var tag = letters(int(2...3))
            if chance(40) { tag += "-" + letters(1).uppercased() + letters(3) }
            if chance(60) { tag += "-" + (chance(50) ? letters(2).uppercased() : String(int(100...999))) }
            if chance(30) { tag += "-" + letters(int(5...8), from: "abcdefghijklmnopqrstuvwxyz0123456789") }
            if chance(30) { tag += "-x-" + String(serial, radix: 36) }
            return tag
        case 13...18:  // long and well-formed: variants and a private-use part, up to 128 bytes
            var tag = letters(int(2...8)) + "-" + letters(4).capitalized
            while tag.utf8.count < 110 { tag += "-" + letters(int(5...8), from: "abcdefghijklmnopqrstuvwxyz0123456789") }
            return tag + "-x-" + String(serial, radix: 36)
        case 19:
            return letters(int(20...100), from: "abcXYZ019-_@.:;!?*()[]{}<>/\\ éü€")
        default:
            return letters(129 + int(0...100))
        }
    }

    /// A family: a real one (bundled, or Fontconfig's), or a new unknown name up to 200 bytes.
    mutating func family(_ serial: Int) -> String {
        if chance(30) { return ["Noto Sans", "Roboto", "Noto Sans Arabic", "DejaVu Sans", "Noto Sans Thai"][int(0...4)] }
        return letters(int(3...190), from: "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ-") + String(serial)
    }

    /// "Noto Sans" spelled anew: case, spaces, hyphens and underscores change the request (a new
    /// style and font match) but not the family it names.
    mutating func notoSansSpelling() -> String {
        var out = ""
        for (index, character) in "notosans".enumerated() {
            if index > 0 { out += ["", "", " ", "-", "_"][int(0...4)] }
            out += chance(50) ? character.uppercased() : String(character)
        }
        return out
    }

    func json(_ value: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A measure request: 1–2 texts, a new locale, a family (or the font folder's file at a new face
    /// index, or Roboto at new axis settings), a size or a text style, a weight, features.
    mutating func measure(_ serial: Int) -> Request {
        var params: [String: Any] = ["texts": (0..<int(1...2)).map { _ in text(2...24) }, "locale": locale(serial)]
        switch int(1...4) {
        case 1:  // a variable font at new axis settings: a new instance
            params["font"] = "Roboto"
            params["variations"] = "wght=\(Double(int(1_000...9_000)) / 10),wdth=\(Double(int(750...1_000)) / 10)"
        case 2:  // the font folder's file at a new face index (only 0 exists)
            params["fontFile"] = "Mine.ttf"
            params["faceIndex"] = chance(20) ? 0 : int(1...1_000_000)
        default:
            params["font"] = family(serial)
            params["faceIndex"] = int(0...1_000_000)
        }
        if chance(50) {
            params["size"] = Double(int(100...30_000)) / 100
        } else {
            params["style"] = Self.textStyles[int(0...Self.textStyles.count - 1)]
            params["dynamicType"] = Self.dynamicTypeSizes[int(0...Self.dynamicTypeSizes.count - 1)]
        }
        params["weight"] = int(1...1_000)
        params["italic"] = chance(50)
        if chance(50) { params["features"] = (0..<int(1...3)).map { _ in letters(4) + "=\(int(0...3))" } }
        if chance(50) { params["width"] = int(20...400) }
        requests += 1
        return Request(path: "/v1/measure", body: json(params))
    }

    /// `fonts` with `for`: which font each cluster of a new text gets, for a new locale and weight.
    mutating func fonts(_ serial: Int) -> Request {
        requests += 1
        return Request(path: "/v1/fonts", body: json(["for": text(2...24), "locale": locale(serial), "weight": int(1...1_000),
                                                      "italic": chance(50)]))
    }

    /// A layout of `count` texts, each its own style (a new weight, width, spelling of the family, or
    /// Roboto's axis settings), so each is a new style number, font match and paragraph: mostly one to
    /// three Latin letters (cheap), some in another script (fallback), some in Roboto at new settings.
    mutating func layout(_ count: Int) -> Request {
        let children: [[String: Any]] = (0..<count).map { index in
            var node: [String: Any] = ["weight": int(1...1_000), "italic": chance(50)]
            switch index % 16 {
            case 0:
                node["text"] = text(1...4)
                node["font"] = "Noto Sans"
            case 1:
                node["text"] = text(1...3, only: 0x61...0x7A)
                node["font"] = "Roboto"
                node["variations"] = "wght=\(Double(int(1_000...9_000)) / 10),wdth=\(Double(int(750...1_000)) / 10)"
            default:
                node["text"] = text(1...3, only: 0x61...0x7A)
                node["font"] = notoSansSpelling()
                node["fontWidth"] = Double(int(5_000...20_000)) / 100
            }
            if chance(10) { node["size"] = Double(int(800...6_000)) / 100 }
            return node
        }
        requests += 1
        return Request(path: "/v1/layout", body: json(["tree": ["vstack": ["children": children]], "width": int(100...800)]))
    }

    /// What loads the fonts and code paths the load uses: every block in every text path, regular and
    /// italic, light and bold, then a few requests of each kind.
    mutating func warmUp() -> [Request] {
        var out: [Request] = []
        let everyBlock = Self.blocks.map { String(Unicode.Scalar($0.lowerBound)!) + String(Unicode.Scalar($0.upperBound)!) }
        for weight in [300, 700] {
            for italic in [false, true] {
                out.append(Request(path: "/v1/measure", body: json(["texts": everyBlock, "weight": weight, "italic": italic])))
                out.append(Request(path: "/v1/fonts", body: json(["for": everyBlock.joined(), "weight": weight, "italic": italic])))
                out.append(Request(path: "/v1/layout", body: json(["tree": ["vstack": ["children": everyBlock.map {
                    ["text": $0, "weight": weight, "italic": italic] }]], "width": 300])))
            }
        }
        for serial in 0..<20 { out += [measure(serial), fonts(serial)] }
        out.append(layout(500))
        requests = 0
        return out
    }
}
