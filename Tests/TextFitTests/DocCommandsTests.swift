import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Issue 50: the commands in README.md and docs/*.md, and every command's help EXAMPLES, run as
// written, so they cannot rot. Rules (docs/development.md, "Commands in the docs"):
// - An ```sh block runs when a line of it starts with `textfit ` or pipes into `| textfit `. It
//   runs with bash (`pipefail`) in one sandbox folder, the built textfit first on the PATH; it
//   passes when every command exits 0 or 1 (1: `stress` found failing checks, its purpose). A
//   service started in the background (`textfit serve --http 8080 … &`) gets a free port in place
//   of 8080 and is stopped when the block ends.
// - A block whose info string names a file after its language (```json rules.json) is that file:
//   it is written into the sandbox before any block runs, and when the repository has a file at
//   that path (```json demo/rules.json) it must be that file, byte for byte.
// - The sandbox holds the repository's demo/ and, under the names the docs use for "your files",
//   copies of real catalogs: Localizable.xcstrings (the screens example's: ar, de, en, fi), Catalogs/, app/src/main/res (with Hebrew and
//   Traditional Chinese from Fixtures/DocSandbox), de.xliff, App/Resources and Resources/.
// - `make` lines are not run (each takes minutes, and `make test` would run this test again): every
//   target they name must be one the Makefile has (`make -n TARGET`); the rest of their block runs.
// Other blocks (```console, ```text, output) are not run.

struct DocBlock: CustomStringConvertible {
    let document: String
    let line: Int
    let info: String
    let body: String

    var description: String { "\(document):\(line)" }

    /// The file this block is, when its info string names one after the language.
    var file: String? {
        let words = info.split(separator: " ")
        guard words.count >= 2, words[1].contains(".") else { return nil }  // `json example` names no file
        return String(words[1])
    }

    var language: String { info.split(separator: " ").first.map(String.init) ?? "" }

    var runs: Bool {
        language == "sh" && body.split(separator: "\n").contains { $0.hasPrefix("textfit ") || $0.contains("| textfit ") }
    }

    /// The targets of the block's `make` lines.
    var makeTargets: [String] {
        guard language == "sh" else { return [] }
        return body.split(separator: "\n").filter { $0.hasPrefix("make ") }.map { String($0.split(separator: " ")[1]) }
    }

    /// The block as it runs: without its `make` lines.
    var script: String {
        body.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("make ") }.joined(separator: "\n")
    }

    /// Every fenced block of `document` (a path in the repository).
    static func blocks(in document: String) throws -> [DocBlock] {
        let text = try String(contentsOf: Engine.repository.appendingPathComponent(document), encoding: .utf8)
        var blocks: [DocBlock] = []
        var open: (line: Int, info: String, body: [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let current = open {
                    blocks.append(DocBlock(document: document, line: current.line, info: current.info,
                                           body: current.body.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    open = (index + 1, String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
                }
            } else if open != nil {
                open!.body.append(line)
            }
        }
        return blocks
    }

    /// README.md and every page of docs/.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Engine.repository.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }
}

@Suite("The commands in README.md, docs/ and every --help run as written", .serialized)
struct DocCommandsTests {
    static let repository = Engine.repository

    /// A folder with the files the docs name: the repository's demo/, real catalogs under the names
    /// the docs use, and every file a doc block is.
    static func sandbox(files: [DocBlock]) throws -> URL {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("textfit-docs-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let copies = [
            ("demo", "demo"), ("Localizable.xcstrings", "Tests/SwiftUICompatibilityTests/Fixtures/SettingsApp/Localizable.xcstrings"), ("Catalogs", "demo/catalogs"),
            ("app/src/main/res", "demo/catalogs/android/res"), ("de.xliff", "Tests/LocalizationStressTests/Fixtures/Export/de.xliff"),
            ("App/Resources", "Tests/SwiftUICompatibilityTests/Fixtures/SettingsApp"),
            ("Resources", "Tests/SwiftUICompatibilityTests/Fixtures/SettingsApp"),
        ]
        for (name, source) in copies {
            let target = folder.appendingPathComponent(name)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: repository.appendingPathComponent(source), to: target)
        }
        try? manager.removeItem(at: folder.appendingPathComponent("demo/out"))  // what make demo wrote: not a fixture
        // Hebrew (values-iw, Java's old code) and Traditional Chinese, which docs/stress.md selects.
        let extra = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/DocSandbox")
        for name in try manager.subpathsOfDirectory(atPath: extra.path) {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: extra.appendingPathComponent(name).path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let target = folder.appendingPathComponent(name)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: extra.appendingPathComponent(name), to: target)
        }
        for block in files {
            let target = folder.appendingPathComponent(block.file!)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? manager.removeItem(at: target)
            try Data(block.body.utf8).write(to: target)
        }
        return folder
    }

    /// A TCP port nothing listens on now (the kernel's pick for port 0).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `script` in `folder` with bash, the built textfit first on the PATH; a command that
    /// exits above 1 stops it with that status, and background jobs are stopped at the end.
    static func run(_ script: String, in folder: URL) throws -> CLI.Output {
        let bin = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
        let wrapped = """
            set -o pipefail
            export PATH='\(bin)':"$PATH"
            trap 'jobs -p | xargs -r kill 2>/dev/null; wait' EXIT
            trap 'status=$?; [ $status -le 1 ] || exit $status' ERR
            \(script)
            """
        return try CLI.run(["-c", wrapped], executable: "/bin/bash", directory: folder)
    }

    static func allBlocks() throws -> [DocBlock] {
        try DocBlock.documents().flatMap { try DocBlock.blocks(in: $0) }
    }

    @Test("Every sh block with a textfit command runs, in a sandbox with the files the docs name")
    func docBlocksRun() throws {
        let blocks = try Self.allBlocks()
        let files = blocks.filter { $0.file != nil && !$0.runs }
        // A block that shows a file of the repository is that file.
        for block in files where FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(block.file!).path) {
            let actual = try String(contentsOf: Self.repository.appendingPathComponent(block.file!), encoding: .utf8)
            #expect(actual == block.body, "\(block) shows \(block.file!), which differs from the repository's")
        }
        // Two blocks that are the same file agree.
        for (name, same) in Dictionary(grouping: files, by: { $0.file! }) where Set(same.map(\.body)).count > 1 {
            Issue.record("\(name) is shown differently at \(same.map(\.description))")
        }
        let folder = try Self.sandbox(files: files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runnable = blocks.filter(\.runs)
        #expect(runnable.count >= 12, "\(runnable.map(\.description))")
        for block in runnable {
            let script = block.script.replacingOccurrences(of: "8080", with: "\(try Self.freePort())")
            let output = try Self.run(script, in: folder)
            #expect(output.status <= 1, "\(block) exited \(output.status):\n\(block.body)\n\(output.stderr.suffix(2_000))")
        }
    }

    @Test("Every make target the docs name is one the Makefile has (the blocks are not run: each takes minutes)")
    func makeTargetsExist() throws {
        let targets = Set(try Self.allBlocks().flatMap(\.makeTargets))
        #expect(targets.isSuperset(of: ["demo", "test", "install"]), "\(targets)")
        for target in targets {
            let output = try CLI.run(["-n", "-C", Self.repository.path, target, "PREFIX=/nonexistent"], executable: "/usr/bin/make")
            #expect(output.status == 0, "make \(target): \(output.stderr)")
        }
    }

    @Test("Every command's help EXAMPLES run as written, in the same sandbox (a server started for --http is not waited for)")
    func helpExamplesRun() throws {
        let folder = try Self.sandbox(files: try Self.allBlocks().filter { $0.file != nil && !$0.runs })
        defer { try? FileManager.default.removeItem(at: folder) }
        var count = 0
        for command in [["measure"], ["layout"], ["fonts"], ["stress"], ["stress", "merge"], ["serve"]] {
            let help = try CLI.run(command + ["--help"]).stdout
            let examples = try #require(help.components(separatedBy: "\nEXAMPLES\n").dropFirst().first?.components(separatedBy: "\n\n").first)
            // Lines that are commands, a trailing "\" joining the next; annotations after two spaces and "(" dropped.
            let script = examples.replacingOccurrences(of: "\\\n", with: "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("textfit ") || $0.contains("| textfit ") }
                .map { $0.components(separatedBy: "   (")[0] }
                // `serve --http` runs until stopped, and curl needs it: the stdio example runs instead.
                .filter { !$0.contains("--http") }
            for line in script {
                count += 1
                let output = try Self.run(line, in: folder)
                #expect(output.status <= 1, "textfit \(command.joined(separator: " ")) --help: \(line) exited \(output.status):\n\(output.stderr.suffix(2_000))")
            }
        }
        #expect(count >= 15, "\(count) examples ran")
    }
}
