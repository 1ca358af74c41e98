import Foundation
import Testing
import TestSupport

/// `textfit layout --png`: a valid PNG of the SVG's picture, at `--scale` pixels per point.
@Suite("textfit layout --png (PNG CLI; make test builds the binary first)")
struct PNGCLITests {
    static let tagCloud = Engine.repository.appendingPathComponent("demo/tag-cloud.json").path

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-png-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The width and height in a PNG's IHDR chunk, after the 8-byte signature; `nil` when the
    /// bytes do not start as a PNG does.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func big(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (big(16), big(20))
    }

    /// The `width` and `height` attributes of an SVG's root element, in points.
    static func svgSize(_ svg: String) -> (width: Double, height: Double)? {
        func attribute(_ name: String) -> Double? {
            guard let start = svg.range(of: " \(name)=\"") else { return nil }
            return Double(svg[start.upperBound...].prefix { $0 != "\"" })
        }
        guard let width = attribute("width"), let height = attribute("height") else { return nil }
        return (width, height)
    }

    @Test("--png writes a PNG as large as the SVG's picture; --scale 2 doubles it")
    func writesPNG() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("cloud.svg").path
        let one = folder.appendingPathComponent("cloud.png").path, two = folder.appendingPathComponent("cloud@2x.png").path
        let drawn = try CLI.run(["layout", Self.tagCloud, "--bundled-only", "--width", "390", "--svg", svg, "--png", one, "--summary"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let size = try #require(Self.svgSize(try String(contentsOfFile: svg, encoding: .utf8)))
        let png = try #require(Self.pngSize(try Data(contentsOf: URL(fileURLWithPath: one))), "not a PNG")
        #expect(png.width == Int((size.width - 1e-6).rounded(.up)) && png.height == Int((size.height - 1e-6).rounded(.up)))
        #expect(png.width > 300 && png.height > 50)

        let scaled = try CLI.run(["layout", Self.tagCloud, "--bundled-only", "--width", "390", "--png", two, "--scale", "2"])
        #expect(scaled.status == 0, "\(scaled.stderr)")
        let png2 = try #require(Self.pngSize(try Data(contentsOf: URL(fileURLWithPath: two))), "not a PNG")
        #expect(png2.width == Int((size.width * 2 - 1e-6).rounded(.up)) && png2.height == Int((size.height * 2 - 1e-6).rounded(.up)))
    }

    @Test("--png with several sizes writes OUT-SIZE.png each; --png - writes the one picture to standard output, --svg OUT.svg beside it")
    func severalSizesAndStandardOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("cloud.png").path
        let output = try CLI.run(["layout", Self.tagCloud, "--bundled-only", "--width", "390", "--dynamic-type", "xSmall,accessibility3",
                                  "--png", out, "--summary"])
        #expect(output.status == 0, "\(output.stderr)")
        let small = try #require(Self.pngSize(try Data(contentsOf: folder.appendingPathComponent("cloud-xSmall.png"))))
        let large = try #require(Self.pngSize(try Data(contentsOf: folder.appendingPathComponent("cloud-accessibility3.png"))))
        #expect(large.height > small.height)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        let svg = folder.appendingPathComponent("beside.svg").path
        process.arguments = ["layout", Self.tagCloud, "--bundled-only", "--width", "390", "--png", "-", "--svg", svg]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = readToEnd(pipe.fileHandleForReading)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Self.pngSize(data) != nil)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).hasPrefix("<svg"))  // the file is written too
    }

    @Test("an unwritable --png path, a bad --scale or --scale without --png is an error naming it")
    func errors() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/cloud.png"
        let unwritable = try CLI.run(["layout", Self.tagCloud, "--bundled-only", "--png", missing])
        #expect(unwritable.status == 4)
        #expect(unwritable.stderr.contains("cannot write '\(missing)' (--png)"), "\(unwritable.stderr)")

        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let isFolder = try CLI.run(["layout", Self.tagCloud, "--bundled-only", "--png", folder.path])
        #expect(isFolder.status == 4)
        #expect(isFolder.stderr.contains(folder.path) && isFolder.stderr.contains("it is a folder"), "\(isFolder.stderr)")

        for bad in ["0", "-1", "17", "two"] {
            let output = try CLI.run(["layout", Self.tagCloud, "--bundled-only", "--png", folder.appendingPathComponent("x.png").path, "--scale", bad])
            #expect(output.status == 2 && output.stderr.contains("--scale"), "\(bad): \(output.stderr)")
        }
        let noPNG = try CLI.run(["layout", Self.tagCloud, "--bundled-only", "--scale", "2"])
        #expect(noPNG.status == 2 && noPNG.stderr.contains("--scale sets the PNG's pixels per point"), "\(noPNG.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }
}
