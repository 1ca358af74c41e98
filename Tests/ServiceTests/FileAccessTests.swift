import Foundation
import Testing
@testable import Service
import TextFit

/// Issue 27 ("The service under attack"): the service reads no file a request names unless it has a
/// font folder (`serve --font-dir DIR`), then only regular files inside it; answers name no absolute path.
@Suite("Service file access (issue 27)")
struct FileAccessTests {
    static let bundled = ServiceFixtures.repository.appendingPathComponent("fonts/NotoSans-Regular.ttf").path

    /// A font folder with `a.ttf`, `sub/b.ttf`, a FIFO, a non-font file, and links inside and out;
    /// beside it (outside the folder) `secret.ttf`, a real font.
    final class Folder {
        let root: URL, fonts: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-fontdir-\(UUID().uuidString)")
            fonts = root.appendingPathComponent("fonts")
            let manager = FileManager.default
            try manager.createDirectory(at: fonts.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try manager.copyItem(atPath: FileAccessTests.bundled, toPath: fonts.appendingPathComponent("a.ttf").path)
            try manager.copyItem(atPath: FileAccessTests.bundled, toPath: fonts.appendingPathComponent("sub/b.ttf").path)
            try manager.copyItem(atPath: FileAccessTests.bundled, toPath: root.appendingPathComponent("secret.ttf").path)
            try Data("not a font".utf8).write(to: fonts.appendingPathComponent("junk.ttf"))
            try #require(mkfifo(fonts.appendingPathComponent("pipe.ttf").path, 0o600) == 0)
            try manager.createSymbolicLink(atPath: fonts.appendingPathComponent("escape.ttf").path, withDestinationPath: "../secret.ttf")
            try manager.createSymbolicLink(atPath: fonts.appendingPathComponent("inside.ttf").path, withDestinationPath: "sub/b.ttf")
        }
        deinit { try? FileManager.default.removeItem(at: root) }

        func dispatcher() throws -> ServiceDispatcher {
            ServiceDispatcher(engine: try ServiceFixtures.engine.get(), fontFolder: try ServiceFontFolder(fonts.path))
        }
    }

    static func measure(_ dispatcher: ServiceDispatcher, _ fontFile: String) throws -> ServiceResponse {
        let body = try JSONSerialization.data(withJSONObject: ["texts": ["Hi"], "fontFile": fontFile])
        return dispatcher.handle("measure", body: body)
    }

    static func error(_ response: ServiceResponse) throws -> (code: String, message: String) {
        let error = try #require(try ServiceFixtures.json(response)["error"] as? [String: Any])
        return (error["code"] as? String ?? "", error["message"] as? String ?? "")
    }

    static func fontFile(_ response: ServiceResponse) throws -> String {
        let results = try #require(try ServiceFixtures.json(response)["results"] as? [[String: Any]])
        return try #require((results.first?["font"] as? [String: Any])?["file"] as? String)
    }

    @Test("Without a font folder, fontFile is forbidden (measure and fonts), saying how to allow it; the file is never opened")
    func offByDefault() throws {
        let dispatcher = try ServiceFixtures.dispatcher()
        let measured = try Self.error(try Self.measure(dispatcher, Self.bundled))
        #expect(measured.code == "forbidden", "\(measured)")
        #expect(measured.message.contains("file access is off") && measured.message.contains("--font-dir"), "\(measured.message)")
        let body = try JSONSerialization.data(withJSONObject: ["for": "Hi", "fontFile": Self.bundled])
        let response = dispatcher.handle("fonts", body: body)
        #expect(response.status == 403)
        #expect(try Self.error(response).code == "forbidden")
        // A FIFO is refused before anything opens it: today's code blocked on it.
        let folder = try Folder()
        let fifo = try Self.error(try Self.measure(dispatcher, folder.fonts.appendingPathComponent("pipe.ttf").path))
        #expect(fifo.code == "forbidden")
    }

    @Test("With a font folder, files inside it are read by their path relative to it, and answers name them so")
    func insideTheFolder() throws {
        let folder = try Folder()
        let dispatcher = try folder.dispatcher()
        #expect(try Self.fontFile(try Self.measure(dispatcher, "a.ttf")) == "a.ttf")
        #expect(try Self.fontFile(try Self.measure(dispatcher, "sub/b.ttf")) == "sub/b.ttf")
        #expect(try Self.fontFile(try Self.measure(dispatcher, "sub/../a.ttf")) == "a.ttf")
        // A link inside the folder to a file inside it is its target's name.
        #expect(try Self.fontFile(try Self.measure(dispatcher, "inside.ttf")) == "sub/b.ttf")
        // An absolute path inside the folder is allowed, and answered relative.
        #expect(try Self.fontFile(try Self.measure(dispatcher, folder.fonts.appendingPathComponent("a.ttf").path)) == "a.ttf")
        let body = try JSONSerialization.data(withJSONObject: ["for": "Hi", "fontFile": "a.ttf"])
        let clusters = try #require(try ServiceFixtures.json(dispatcher.handle("fonts", body: body))["clusters"] as? [[String: Any]])
        #expect(clusters.allSatisfy { ($0["font"] as? [String: Any])?["file"] as? String == "a.ttf" }, "\(clusters)")
    }

    @Test("A FIFO in the folder is refused at once, never waited on (it hung the server)")
    func fifo() throws {
        let folder = try Folder()
        let dispatcher = try folder.dispatcher()
        let pipe = folder.fonts.appendingPathComponent("pipe.ttf").path
        let done = DispatchSemaphore(value: 0)
        let answer = LockedBox<ServiceResponse?>(nil)
        Thread.detachNewThread {
            answer.value = try? Self.measure(dispatcher, "pipe.ttf")
            done.signal()
        }
        let finished = done.wait(timeout: .now() + 10) == .success
        if !finished {
            // Unblock the reader stuck in open(2), so the test process can go on.
            let writer = open(pipe, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = done.wait(timeout: .now() + 10)
        }
        #expect(finished, "the request waited on the FIFO")
        let response = try #require(answer.value)
        let error = try Self.error(response)
        #expect(error.code == "forbidden" && error.message.contains("'pipe.ttf'"), "\(error)")
    }

    @Test("Escapes are refused with one message whatever lies outside: .., absolute paths, links out, folders, missing files",
          arguments: ["../secret.ttf", "../nothing.ttf", "escape.ttf", "/etc/passwd", "/no/such/file.ttf", "sub", "missing.ttf",
                      "sub/../../secret.ttf", "", "/"])
    func escapes(_ name: String) throws {
        let folder = try Folder()
        let error = try Self.error(try Self.measure(try folder.dispatcher(), name))
        #expect(error.code == "forbidden", "\(error)")
        #expect(error.message == "fontFile: '\(name)' is not a readable font file in the service's font folder "
                + "(give a path relative to the folder given to textfit serve --font-dir)")
        #expect(!error.message.contains(folder.root.path) && !error.message.contains(FileManager.default.currentDirectoryPath))
    }

    @Test("A file inside the folder that is no font is unreadable-input naming the client's path, not the real one")
    func notAFont() throws {
        let folder = try Folder()
        let error = try Self.error(try Self.measure(try folder.dispatcher(), "junk.ttf"))
        #expect(error.code == "unreadable-input" && error.message.contains("'junk.ttf'"), "\(error)")
        #expect(!error.message.contains(folder.root.path) && !error.message.contains("/"), "\(error)")
    }

    @Test("Bundled fonts are named relative to their folder in measure, fonts --for and layout answers: no absolute path")
    func bundledNames() throws {
        let dispatcher = try ServiceFixtures.dispatcher()
        let measured = dispatcher.handle("measure", body: Data(#"{"texts": ["Hi مرحبا 中文"]}"#.utf8))
        let text = String(decoding: measured.body, as: UTF8.self)
        #expect(measured.status == 200 && !text.contains(ServiceFixtures.repository.path) && text.contains(#""file":"NotoSans-Regular.ttf""#), "\(text)")
        let result = try #require(try JSONDecoder().decode([String: [MeasureResult]].self, from: measured.body)["results"]?.first)
        let files = [result.font.file] + result.runs.map(\.font.file) + result.lines.flatMap { $0.runs.map(\.font.file) }
        #expect(files.count > 2 && files.allSatisfy { !$0.hasPrefix("/") }, "\(files)")
        let fonts = String(decoding: dispatcher.handle("fonts", body: Data(#"{"for": "Hi مرحبا"}"#.utf8)).body, as: UTF8.self)
        #expect(fonts.contains(#""file":"NotoSansArabic-Regular.ttf""#) && !fonts.contains(ServiceFixtures.repository.path), "\(fonts)")
        let layout = String(decoding: dispatcher.handle("layout", body: Data(#"{"tree": {"text": "Hi مرحبا"}}"#.utf8)).body, as: UTF8.self)
        #expect(!layout.contains(ServiceFixtures.repository.path), "\(layout)")
    }

    @Test("A system font (not in a known folder) is named by its file name alone")
    func systemFontName() throws {
        let dispatcher = try ServiceFixtures.dispatcher()
        #expect(dispatcher.fontName("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") == "DejaVuSans.ttf")
        #expect(dispatcher.fontName(Self.bundled) == "NotoSans-Regular.ttf")
    }

    @Test("A font folder that is not a folder is refused when the service starts")
    func badFolder() throws {
        #expect(throws: ServiceFontFolderError.self) { try ServiceFontFolder("/no/such/folder") }
        #expect(throws: ServiceFontFolderError.self) { try ServiceFontFolder(Self.bundled) }
    }
}

/// A value one thread sets and another reads once it has signalled.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
