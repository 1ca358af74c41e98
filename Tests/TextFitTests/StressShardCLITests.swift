import Foundation
import TestSupport
import Testing

/// `textfit stress --shard I/N` and `textfit stress merge` (issue 28).
@Suite("textfit stress --shard and merge")
struct StressShardCLITests {
    /// Relative to the repository, where the commands run: the paths a CI job gives.
    static let catalog = "Tests/LocalizationStressTests/Fixtures/Territories.xcstrings"
    static let repository = Engine.repository

    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-shard-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func run(_ arguments: [String]) throws -> CLI.Output {
        try CLI.run(arguments, directory: Self.repository)
    }

    func contents(_ path: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: path), "\(path)")
    }

    /// The keys of a part's entries (its shard.json's `checked`).
    func keys(ofPart folder: String) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: try contents(folder + "/shard.json")) as? [String: Any])
        let checked = try #require(json["checked"] as? [[String: Any]])
        return checked.compactMap { $0["key"] as? String }
    }

    /// Runs `options` whole and in `count` shards merged, in `directory`; checks that the merge is the
    /// whole run byte for byte (its three files, its summary, its exit status). Returns each shard's keys.
    func checkMerge(_ options: [String], shards count: Int, in directory: String) throws -> [Set<String>] {
        let whole = try run(["stress"] + options + ["--report", directory + "/whole"])
        #expect(whole.status == 1, "\(whole.stderr)")
        var parts: [String] = []
        for index in 1...count {
            let part = directory + "/part-\(index)"
            let shard = try run(["stress"] + options + ["--shard", "\(index)/\(count)", "--report", part])
            // A shard exits 0 whatever its verdicts: the exit status is the merge's.
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(shard.stdout.contains("shard \(index)/\(count): "), "\(shard.stdout)")
            #expect(FileManager.default.fileExists(atPath: part + "/shard.json"))
            #expect(!FileManager.default.fileExists(atPath: part + "/report.json"), "a partial report is not a report")
            parts.append(part)
        }
        // Every key's verdicts are in exactly one shard; together, all the keys of the run.
        let wholeReport = try #require(try JSONSerialization.jsonObject(with: try contents(directory + "/whole/report.json")) as? [String: Any])
        let allKeys = Set(try #require(wholeReport["verdicts"] as? [[String: Any]]).compactMap { $0["key"] as? String })
        let shardKeys = try parts.map { Set(try keys(ofPart: $0)) }
        #expect(shardKeys.map(\.count).reduce(0, +) == allKeys.count, "a key in two shards")
        #expect(shardKeys.reduce(Set<String>()) { $0.union($1) } == allKeys)

        // The parts in any order.
        for (name, order) in [("merged", parts), ("reversed", parts.reversed())] {
            let merged = try run(["stress", "merge", directory + "/" + name] + order)
            #expect(merged.status == whole.status, "\(merged.stderr)")
            // The same, but the folder the report was written to (its path is printed last).
            #expect(merged.stdout == whole.stdout.replacingOccurrences(of: "'\(directory)/whole/index.html'", with: "'\(directory)/\(name)/index.html'"))
            #expect(merged.stdout.hasSuffix("report written to '\(directory)/\(name)/index.html' (open it in a browser; report.json and junit.xml beside it)\n"))
            #expect(merged.stderr == whole.stderr)
            // The page's picture files (pictures/N.js) too: the same names, the same bytes.
            let pictures = try FileManager.default.contentsOfDirectory(atPath: directory + "/whole/pictures").sorted()
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/\(name)/pictures").sorted() == pictures)
            for file in ["report.json", "junit.xml", "index.html"] + pictures.map({ "pictures/" + $0 }) {
                let a = try contents(directory + "/whole/" + file), b = try contents(directory + "/\(name)/" + file)
                #expect(a == b, "\(file) differs (\(a.count) vs \(b.count) bytes)")
            }
        }
        // --json prints what the unsharded --json prints: report.json.
        let json = try run(["stress", "merge", directory + "/json", "--json"] + parts)
        #expect(json.status == 1)
        #expect(json.stdout == String(decoding: try contents(directory + "/whole/report.json"), as: UTF8.self) + "\n")
        // --baseline is merge's: against the run's own report, nothing is worse (exit 0).
        let baseline = try run(["stress", "merge", directory + "/baseline", "--baseline", directory + "/whole/report.json"] + parts)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        #expect(baseline.stdout.contains("\n0 verdicts worse than the baseline\n"), "\(baseline.stdout)")
        return shardKeys
    }

    @Test("Three shards merged give report.json, junit.xml and index.html byte for byte as one run, its summary and exit status")
    func mergeIsTheUnshardedRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Width 60 fails many cases (pictures in the page), at every Dynamic Type size.
        let shardKeys = try checkMerge([Self.catalog, "--bundled-only", "--width", "60", "--max-lines", "2"], shards: 3, in: directory)
        // The split, computed independently:
        // python3 -c 'import json,collections
        //   def f(b):
        //     h=0xcbf29ce484222325
        //     for x in b: h=((h^x)*0x100000001b3)&(2**64-1)
        //     return h
        //   d=json.load(open("Tests/LocalizationStressTests/Fixtures/Territories.xcstrings"))
        //   print(collections.Counter(f(k.encode())%3+1 for k in d["strings"]))'   → {1: 4, 2: 4, 3: 5}
        #expect(shardKeys.map(\.count) == [4, 4, 5])
    }

    @Test("Android resources, a rules file, a pseudo-locale and --max-pictures, in four shards, merge byte for byte too")
    func mergeAndroid() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rules = directory + "/rules.json"
        try Data(#"{"rules": [{"pattern": "*title*", "width": 90, "maxLines": 2}]}"#.utf8).write(to: URL(fileURLWithPath: rules))
        let shardKeys = try checkMerge(["demo/catalogs/android", "--bundled-only", "--width", "120", "--rules", rules, "--max-pictures", "3",
                                        "--locales", "de,fr,pseudo-expanded"], shards: 4, in: directory)
        #expect(shardKeys.count == 4)
    }

    @Test("Bad --shard values and combinations are bad usage (exit 2), naming what is wrong")
    func badShards() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let options = [Self.catalog, "--bundled-only", "--dynamic-type", "large", "--report", directory + "/out"]
        for (value, words) in [("0/3", "from 1 to 3"), ("4/3", "from 1 to 3"), ("1/0", "at least 1"), ("a/b", "is not I/N"), ("1", "is not I/N")] {
            let output = try run(["stress"] + options + ["--shard", value])
            #expect(output.status == 2, "\(value): \(output.stderr)")
            #expect(output.stderr.contains("--shard '\(value)'") && output.stderr.contains(words), "\(output.stderr)")
        }
        let noReport = try run(["stress", Self.catalog, "--bundled-only", "--shard", "1/2"])
        #expect(noReport.status == 2 && noReport.stderr.contains("give --report DIR"), "\(noReport.stderr)")
        let json = try run(["stress"] + options + ["--shard", "1/2", "--json"])
        #expect(json.status == 2 && json.stderr.contains("give --json to textfit stress merge"), "\(json.stderr)")
        let baseline = try run(["stress"] + options + ["--shard", "1/2", "--baseline", "b.json"])
        #expect(baseline.status == 2 && baseline.stderr.contains("give it to textfit stress merge"), "\(baseline.stderr)")
        let mergeOption = try run(["stress", "merge", directory + "/m", directory + "/out", "--width", "80"])
        #expect(mergeOption.status == 2 && mergeOption.stderr.contains("--width does not apply to stress merge"), "\(mergeOption.stderr)")
        let noParts = try run(["stress", "merge", directory + "/m"])
        #expect(noParts.status == 2 && noParts.stderr.contains("textfit stress merge OUT/ PART…"), "\(noParts.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/shard.json"))
    }

    @Test("Merge refuses a missing or repeated shard, parts of other options or catalogs, and changed files (exit 3, naming them)")
    func refusals() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A copy of the catalog, to change.
        let catalog = directory + "/Territories.xcstrings"
        try contents(Self.repository.appendingPathComponent(Self.catalog).path).write(to: URL(fileURLWithPath: catalog))
        func shard(_ spec: String, _ name: String, width: String = "60") throws {
            let output = try run(["stress", catalog, "--bundled-only", "--dynamic-type", "large", "--width", width, "--shard", spec,
                                  "--report", directory + "/" + name])
            #expect(output.status == 0, "\(output.stderr)")
        }
        func merge(_ names: [String]) throws -> CLI.Output {
            try run(["stress", "merge", directory + "/out"] + names.map { directory + "/" + $0 })
        }
        try shard("1/3", "p1")
        try shard("2/3", "p2")
        try shard("3/3", "p3")
        try shard("3/3", "p3-wide", width: "80")
        try shard("3/4", "p3-of-4")

        let missing = try merge(["p1", "p3"])
        #expect(missing.status == 3 && missing.stderr.contains("shard 2/3 is missing (given: 1/3, 3/3)"), "\(missing.stderr)")
        let repeated = try merge(["p1", "p2", "p2", "p3"])
        #expect(repeated.status == 3 && repeated.stderr.contains("shard 2/3 is given twice"), "\(repeated.stderr)")
        let wide = try merge(["p1", "p2", "p3-wide"])
        #expect(wide.status == 3 && wide.stderr.contains("--width ('60' in"), "\(wide.stderr)")
        #expect(wide.stderr.contains("'80' in '\(directory)/p3-wide' (shard 3/3)"), "\(wide.stderr)")
        let four = try merge(["p1", "p2", "p3-of-4"])
        #expect(four.status == 3 && four.stderr.contains("different shardings"), "\(four.stderr)")
        let notAPart = try merge(["p1", "p2", "nothing"])
        #expect(notAPart.status == 3 && notAPart.stderr.contains("'\(directory)/nothing'"), "\(notAPart.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/report.json"))

        // The catalog changes: a shard run on the new file is of another run; the old parts no
        // longer match the file merge would read.
        var text = String(decoding: try contents(catalog), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"de\"", with: "\"de-AT\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: catalog))
        try shard("3/3", "p3-new")
        let mixed = try merge(["p1", "p2", "p3-new"])
        #expect(mixed.status == 3 && mixed.stderr.contains("the contents of '\(catalog)'"), "\(mixed.stderr)")
        let changed = try merge(["p1", "p2", "p3"])
        #expect(changed.status == 3 && changed.stderr.contains("the files here are not those the shards read"), "\(changed.stderr)")
        #expect(changed.stderr.contains("the contents of '\(catalog)'"), "\(changed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/report.json"))
    }
}
