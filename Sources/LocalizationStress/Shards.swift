import Catalogs
import Foundation
import Typography

// Sharding a sweep across machines (a CI job matrix, issue 28): which shard checks a key, what a
// shard writes (`shard.json`), and the checks that the parts of a merge belong together and are
// complete. The command (`textfit stress --shard I/N`, `textfit stress merge`) is main.swift's;
// docs/stress.md, "Sharding across CI", is the user's guide.

/// FNV-1a, 64 bits (Fowler–Noll–Vo, draft-eastlake-fnv): a fixed function of the bytes, the same on
/// every machine, process and Swift version (unlike `Hasher`, seeded per process).
///
/// Used for shard assignment and for the content fingerprint of the files a shard read. It detects
/// a different or changed file (a 1 in 2^64 chance of missing one by accident), not tampering: the
/// shards and the merge are one team's CI jobs, and TextFit has no cryptographic hash on Linux
/// without a new dependency (CryptoKit is Apple's; swift-crypto is not a dependency).
public enum FNV1a64 {
    /// FNV-1a 64's offset basis.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a 64's prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `bytes`.
    @inlinable
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash of `bytes` as 16 lowercase hex digits.
    @inlinable
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let text = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}

/// One shard of a sweep, `index` of `count` (1-based: `1/3`, `2/3`, `3/3`).
///
/// A key belongs to shard `FNV-1a 64(key's UTF-8) % count + 1`: every locale, variant and size of a
/// key is checked by the same shard, and a key's shard depends on the key alone (not on the
/// catalog's order or the machine).
public struct StressShard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which shard, from 1.
    public let index: Int
    /// How many shards, at least 1.
    public let count: Int

    /// Reads `I/N`: two whole numbers, `N ≥ 1`, `1 ≤ I ≤ N`.
    /// - Throws: ``StressShardError`` saying what is wrong (`0/3`: I counts from 1; `4/3`; `1/0`; `a/b`).
    public init(parsing text: String) throws(StressShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        func number(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.count <= 9, part.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return Int(part)
        }
        guard parts.count == 2, let index = number(parts[0]), let count = number(parts[1]) else {
            throw StressShardError("'\(text)' is not I/N (two whole numbers: 2/3 is the second of 3 shards)")
        }
        guard count >= 1 else { throw StressShardError("'\(text)': N, the number of shards, must be at least 1") }
        guard index >= 1, index <= count else {
            throw StressShardError("'\(text)': I must be from 1 to \(count) (shards count from 1: 1/\(count) … \(count)/\(count))")
        }
        self.index = index
        self.count = count
    }

    /// The shard (1…`count`) that checks `key`.
    public static func index(ofKey key: String, count: Int) -> Int {
        precondition(count >= 1, "at least one shard")
        return Int(FNV1a64.hash(key.utf8) % UInt64(count)) + 1
    }

    /// Whether this shard checks `key`.
    public func contains(key: String) -> Bool { Self.index(ofKey: key, count: count) == index }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }
}

/// A bad `--shard`, or parts that cannot be merged; the message names the shard, part, option or file.
public struct StressShardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// What a shard writes (`shard.json` in its `--report` folder, instead of a report): its verdicts,
/// each entry's with that entry's place in the whole run's entry list, and the run's fingerprint.
///
/// `textfit stress merge` checks that the parts share one fingerprint and are shards 1…N once each,
/// reads the catalogs again (their contents must hash as recorded) to get the entries and
/// containers the page draws, and puts the verdicts back in entry order: the unsharded order.
public struct StressShardPart: Sendable, Codable {
    /// The file a shard writes in its report folder (never `report.json`: a partial report is not a report).
    public static let fileName = "shard.json"
    /// This format's name and version.
    public static let currentFormat = "textfit-stress-shard/1"

    /// Everything that decides the verdicts and the outputs of a run, apart from the shard.
    public struct Fingerprint: Sendable, Codable, Equatable {
        /// A file read by the run and the FNV-1a 64 of its contents (``FNV1a64/hex(_:)``).
        public struct File: Sendable, Codable, Equatable {
            /// The file's path, as the run read it.
            public var path: String
            /// The FNV-1a 64 of its contents, in hexadecimal.
            public var fnv1a64: String
            /// A file read and its contents' hash.
            public init(path: String, fnv1a64: String) {
                self.path = path
                self.fnv1a64 = fnv1a64
            }
        }

        /// The TextFit version (its bundled fonts and its measuring).
        public var textfit: String
        /// The catalogs, as given on the command line (files or folders).
        public var catalogs: [String]
        /// Every option with a value, as given (`width`: `"300"`), but `--report` and `--shard`.
        public var options: [String: String]
        /// Every flag given (`strict`, `bundled-only`, …), sorted.
        public var flags: [String]
        /// The catalog files read (a folder's as it lists them), then the rules file and the font file, if given.
        public var files: [File]

        /// A fingerprint of these parts (the flags sorted).
        public init(textfit: String, catalogs: [String], options: [String: String], flags: [String], files: [File]) {
            self.textfit = textfit
            self.catalogs = catalogs
            self.options = options
            self.flags = flags.sorted()
            self.files = files
        }

        /// The first thing in which `self` and `other` differ, in words (`--width ('300' in A, '320'
        /// in B)`), naming `self` `name` and `other` `otherName`; `nil` when they are the same.
        public func difference(from other: Fingerprint, name: String, otherName: String) -> String? {
            func quoted(_ value: String?) -> String { value.map { "'\($0)'" } ?? "not given" }
            if textfit != other.textfit {
                return "the textfit version ('\(textfit)' in \(name), '\(other.textfit)' in \(otherName))"
            }
            if catalogs != other.catalogs {
                return "the catalogs (\(catalogs.joined(separator: " ")) in \(name), \(other.catalogs.joined(separator: " ")) in \(otherName))"
            }
            for option in Set(options.keys).union(other.options.keys).sorted() where options[option] != other.options[option] {
                return "--\(option) (\(quoted(options[option])) in \(name), \(quoted(other.options[option])) in \(otherName))"
            }
            for flag in Set(flags).symmetricDifference(other.flags).sorted() {
                return "--\(flag) (\(flags.contains(flag) ? "given" : "not given") in \(name), \(other.flags.contains(flag) ? "given" : "not given") in \(otherName))"
            }
            let mine = Dictionary(files.map { ($0.path, $0.fnv1a64) }, uniquingKeysWith: { a, _ in a })
            let theirs = Dictionary(other.files.map { ($0.path, $0.fnv1a64) }, uniquingKeysWith: { a, _ in a })
            for path in (files.map(\.path) + other.files.map(\.path)) where mine[path] != theirs[path] {
                guard let a = mine[path], let b = theirs[path] else {
                    return "the file '\(path)' (\(mine[path] == nil ? "not read" : "read") by \(name), \(theirs[path] == nil ? "not read" : "read") by \(otherName))"
                }
                return "the contents of '\(path)' (FNV-1a 64 \(a) in \(name), \(b) in \(otherName))"
            }
            return nil
        }
    }

    /// One entry's verdicts: `entry`, its place in the whole run's entry list (after the locales,
    /// width variants and text limit are applied), `key`, to check it, and its verdicts, sizes smallest first.
    public struct Checked: Sendable, Codable {
        /// The entry's index in the catalogs, which puts the merged report in the unsharded order.
        public var entry: Int
        /// The key checked.
        public var key: String
        /// Its verdicts.
        public var verdicts: [StressVerdict]
        /// One key's verdicts, at its entry index.
        public init(entry: Int, key: String, verdicts: [StressVerdict]) {
            self.entry = entry
            self.key = key
            self.verdicts = verdicts
        }
    }

    /// The file's format and version (``currentFormat``).
    public var format: String = Self.currentFormat
    /// Which shard wrote it.
    public var shard: StressShard
    /// What the run was: the catalogs, options and files.
    public var run: Fingerprint
    /// How many entries the whole run checks (all shards).
    public var entries: Int
    /// The platform the sweep ran on.
    public var platform: Platform
    /// This shard's entries, in entry order.
    public var checked: [Checked]
    /// The screen sweep's findings of this shard's screen × locale pairs (`--screens`), allowed ones
    /// too; `nil` when the run sweeps no screens.
    public var screens: [LocalizationSweep.Finding]?

    /// A shard's part of a run (with the screen findings of its screen × locale pairs, when it sweeps screens).
    public init(shard: StressShard, run: Fingerprint, entries: Int, platform: Platform, checked: [Checked],
                screens: [LocalizationSweep.Finding]? = nil) {
        self.shard = shard
        self.run = run
        self.entries = entries
        self.platform = platform
        self.checked = checked
        self.screens = screens
    }

    /// This shard's verdicts, in entry order.
    public var verdicts: [StressVerdict] { checked.flatMap(\.verdicts) }

    /// `shard.json` (sorted keys).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads the part at `path`: a folder holding `shard.json`, or that file.
    /// - Throws: ``StressShardError`` naming `path` when it cannot be read or is not a partial report.
    public static func read(_ path: String) throws(StressShardError) -> StressShardPart {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw StressShardError("cannot read the part '\(path)': no such file or folder")
        }
        let file = isFolder.boolValue ? (path as NSString).appendingPathComponent(fileName) : path
        guard let data = FileManager.default.contents(atPath: file) else {
            throw StressShardError(isFolder.boolValue
                ? "'\(path)' is not a partial report: it has no \(fileName) (a folder written by textfit stress --shard I/N --report \(path))"
                : "cannot read the part '\(path)'")
        }
        struct Head: Decodable { var format: String? }
        guard let head = try? JSONDecoder().decode(Head.self, from: data), let format = head.format else {
            throw StressShardError("'\(file)' is not a partial report (written by textfit stress --shard I/N)")
        }
        guard format == currentFormat else {
            throw StressShardError("'\(file)' is a partial report of format '\(format)'; this textfit reads '\(currentFormat)': run the shards and the merge with one textfit")
        }
        do {
            return try JSONDecoder().decode(StressShardPart.self, from: data)
        } catch {
            throw StressShardError("'\(file)' is not a valid partial report: \(error)")
        }
    }

    /// Checks that `parts` (each with the name it was given as) belong to one run — the same
    /// fingerprint, shard count, entry count and platform — and are shards 1…N once each.
    /// - Returns: the parts in shard order.
    /// - Throws: ``StressShardError`` naming the part and what differs, the repeated shard, or the missing one.
    public static func complete(_ parts: [(name: String, part: StressShardPart)]) throws(StressShardError) -> [StressShardPart] {
        guard let first = parts.first else { throw StressShardError("no parts to merge") }
        let a = "'\(first.name)' (shard \(first.part.shard))"
        for (name, part) in parts.dropFirst() {
            let b = "'\(name)' (shard \(part.shard))"
            if part.shard.count != first.part.shard.count {
                throw StressShardError("the parts are of different shardings: \(b) is one of \(part.shard.count) shards, \(a) one of \(first.part.shard.count)")
            }
            if let difference = first.part.run.difference(from: part.run, name: a, otherName: b) {
                throw StressShardError("the parts are of different runs: they differ in \(difference)")
            }
            if part.entries != first.part.entries || part.platform != first.part.platform {
                throw StressShardError("the parts are of different runs: \(a) has \(first.part.entries) entries (\(first.part.platform.rawValue)), \(b) \(part.entries) (\(part.platform.rawValue))")
            }
        }
        var byIndex: [Int: (name: String, part: StressShardPart)] = [:]
        for item in parts {
            if let earlier = byIndex[item.part.shard.index] {
                throw StressShardError("shard \(item.part.shard) is given twice: '\(earlier.name)' and '\(item.name)'")
            }
            byIndex[item.part.shard.index] = item
        }
        let count = first.part.shard.count
        if let missing = (1...count).first(where: { byIndex[$0] == nil }) {
            let given = byIndex.keys.sorted().map { "\($0)/\(count)" }.joined(separator: ", ")
            throw StressShardError("shard \(missing)/\(count) is missing (given: \(given)); merge needs every shard 1/\(count) … \(count)/\(count) once")
        }
        return (1...count).map { byIndex[$0]!.part }
    }

    /// The verdicts of the whole run in the unsharded order (entry order, each entry's sizes
    /// together), from `parts` (``complete(_:)``'s), checked against the run's entry keys as read
    /// again: each entry once, of the shard its key belongs to.
    /// - Throws: ``StressShardError`` when the entries read now are not those the shards checked.
    public static func verdicts(of parts: [StressShardPart], keys: [String]) throws(StressShardError) -> [StressVerdict] {
        var byEntry = [[StressVerdict]?](repeating: nil, count: keys.count)
        let changed = "the catalogs read now do not give the entries the shards checked"
        for part in parts {
            guard part.entries == keys.count else {
                throw StressShardError("\(changed): \(keys.count) entries now, \(part.entries) in shard \(part.shard)")
            }
            for item in part.checked {
                guard keys.indices.contains(item.entry), keys[item.entry] == item.key, byEntry[item.entry] == nil,
                      part.shard.contains(key: item.key) else {
                    throw StressShardError("\(changed): shard \(part.shard)'s entry \(item.entry) ('\(item.key)') is not this run's")
                }
                byEntry[item.entry] = item.verdicts
            }
        }
        if let index = byEntry.firstIndex(where: { $0 == nil }) {
            throw StressShardError("\(changed): no shard checked entry \(index) ('\(keys[index])', shard \(StressShard.index(ofKey: keys[index], count: parts.first?.shard.count ?? 1)))")
        }
        return byEntry.flatMap { $0! }
    }
}

extension StressSweep {
    /// The verdicts of `shard`'s entries (those whose key it checks), each entry's apart, as
    /// ``checkedRun(_:containers:texts:sources:progress:)`` makes them (the same verdicts an
    /// unsharded run gives those entries). `progress` counts this shard's entries.
    public func checkedRun(shard: StressShard, _ entries: [CatalogEntry], containers: [StressContainer], texts: [String],
                           sources: [String?], progress: (@Sendable (Int) -> Void)? = nil) throws(StressSweepError) -> [StressShardPart.Checked] {
        let picked = entries.indices.filter { shard.contains(key: entries[$0].key) }
        let flat = try checkedRun(picked.map { entries[$0] }, containers: picked.map { containers[$0] }, texts: picked.map { texts[$0] },
                                  sources: picked.map { sources[$0] }, progress: progress)
        // An entry has one verdict per size of its box (``verdicts(for:in:text:source:)``).
        var start = 0
        return picked.map { index in
            let count = Self.box(for: entries[index], in: containers[index]).textSizes.count
            defer { start += count }
            return StressShardPart.Checked(entry: index, key: entries[index].key, verdicts: Array(flat[start..<start + count]))
        }
    }
}
