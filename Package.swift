// swift-tools-version:6.0
// TextFit — a headless, SwiftUI-compatible text-measuring layout engine for Linux.
// Module map and import rules: ../shared/DESIGN.md (copied in spirit to README.md).
import PackageDescription

let package = Package(
    name: "TextFit",
    products: [
        .library(name: "TextFit", targets: ["TextFit"]),
        .executable(name: "textfit", targets: ["TextFitCLI"]),
    ],
    targets: [
        // MARK: - C libraries (system, found with pkg-config; Debian packages named as providers)
        .systemLibrary(
            name: "CHarfBuzz", path: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFreeType", path: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CFontconfig", path: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),

        // MARK: - Library modules
        // The only module that imports C: fonts, fallback, shaping, metrics, Dynamic Type.
        .target(
            name: "Typography",
            dependencies: ["CHarfBuzz", "CFreeType", "CFontconfig"]),
        // Umbrella: re-exports the library modules and holds the Codable operations
        // (request → result) that the CLI and, later, the service share.
        .target(name: "TextFit", dependencies: ["Typography"]),
        // The `textfit` command: argument parsing and I/O only.
        .executableTarget(name: "TextFitCLI", dependencies: ["TextFit"], path: "Sources/textfit"),

        // MARK: - Benchmarks (`make bench`; not part of the library)
        // The floor: raw HarfBuzz (hb_buffer_add_utf8 + hb_shape + sum of advances), nothing else.
        .target(name: "HarfBuzzFloor", dependencies: ["CHarfBuzz"], path: "Benchmarks/HarfBuzzFloor"),
        .executableTarget(
            name: "TextFitBench", dependencies: ["TextFit", "HarfBuzzFloor"],
            path: "Benchmarks/TextFitBench"),

        // MARK: - Tests (Swift Testing)
        // Fixtures are read from the source tree (`#filePath`), never bundled.
        .testTarget(name: "TypographyTests", dependencies: ["Typography"], exclude: ["Fixtures"]),
        .testTarget(name: "TextFitTests", dependencies: ["TextFit"]),
    ],
    swiftLanguageModes: [.v6]
)
