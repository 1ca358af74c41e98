import Foundation
import TestSupport
@testable import Typography

/// Shared, read-only test fixtures: one bundled-only library for the whole suite.
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fonts = repository.appendingPathComponent("fonts").path
    static let bundled = Result { try FontLibrary(.init(fontDirectory: fonts, useSystemFonts: false)) }

    static func library() throws -> FontLibrary { try bundled.get() }
    static func shaper() throws -> Shaper { Shaper(library: try library()) }

    static func attributes(size: Double = 17, weight: FontWeight? = nil, family: String? = nil, italic: Bool = false,
                           locale: String? = nil) -> TextAttributes {
        TextAttributes(font: FontRequest(family: family, weight: weight, italic: italic), size: .points(size), locale: locale)
    }

    /// The path of a program on PATH, or nil.
    static func which(_ program: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program and returns its standard output.
    static func run(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = readToEnd(pipe.fileHandleForReading)
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
