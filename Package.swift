// swift-tools-version:6.0
// TextFit — a headless, SwiftUI-compatible text-measuring layout engine for Linux.
// Module map and import rules: ../shared/DESIGN.md (copied in spirit to README.md).
import PackageDescription
import CompilerPluginSupport
import Foundation

/// The Swift toolchain's own SwiftSyntax (its `lib/swift/host` folder: modules and `.so` files), which
/// TextFitMacros is compiled and linked against, so no swift-syntax package is fetched
/// (docs/porting.md, "How the macros are built"). Found from the toolchain running this manifest:
/// the PackageDescription library it is linked to, else `swiftc` on the PATH; `TEXTFIT_SWIFT_HOST`
/// names another folder.
func toolchainHostLibraries() -> String {
    var candidates: [String] = []
    if let chosen = ProcessInfo.processInfo.environment["TEXTFIT_SWIFT_HOST"] { candidates.append(chosen) }
    // <toolchain>/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so → <toolchain>/usr/lib/swift/host
    if let maps = fopen("/proc/self/maps", "r") {
        var line: UnsafeMutablePointer<CChar>?, capacity = 0
        while getline(&line, &capacity, maps) > 0, let text = line.map({ String(cString: $0) }) {
            if let path = text.firstIndex(of: "/").map({ String(text[$0...]).trimmingCharacters(in: .whitespacesAndNewlines) }),
               path.hasSuffix("/pm/ManifestAPI/libPackageDescription.so") {
                candidates.append(URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("host").path)
            }
        }
        free(line)
        fclose(maps)
    }
    // <toolchain>/usr/bin/swiftc → <toolchain>/usr/lib/swift/host
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let swiftc = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
        if FileManager.default.isExecutableFile(atPath: swiftc.path) {
            candidates.append(swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("lib/swift/host").path)
        }
    }
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/SwiftSyntax.swiftmodule") }
        ?? candidates.first ?? "/usr/lib/swift/host"
}
let host = toolchainHostLibraries()

let package = Package(
    name: "TextFit",
    products: [
        .library(name: "TextFit", targets: ["TextFit"]),
        // For layout users: views, layouts, text, SVG and PNG; not the stress tester, the service or
        // the operations (README, "Use TextFit in your package").
        .library(name: "TextFitLayout", targets: ["TextFitLayout"]),
        .executable(name: "textfit", targets: ["TextFitCLI"]),
        // For Linux, where Apple's SwiftUI does not exist: a module named SwiftUI that re-exports
        // TextFit and Observation, so files with `import SwiftUI` compile unedited (docs/porting.md).
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // For test targets: a localization sweep's findings as Swift Testing issues at their source
        // lines (docs/sweep.md). The one library that imports Testing, so nothing else links it.
        .library(name: "TextFitTesting", targets: ["TextFitTesting"]),
    ],
    targets: [
        // MARK: - C libraries (system, found with pkg-config; Debian packages named as providers),
        // and C targets of our own: CICU (stable names), CRSVG and CMicroHTTPD (loaded on first use).
        .systemLibrary(
            name: "CHarfBuzz", path: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFreeType", path: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CFontconfig", path: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),

        // ICU behind stable C names (ICU renames its API per version: ubrk_open → ubrk_open_72),
        // which Swift cannot follow. Only Typography imports it.
        .target(
            name: "CICU", path: "CICU",
            // FriBiDi (bidi levels, fed ICU's Unicode 15 classes) is linked by CICU/include/module.modulemap.
            linkerSettings: [.linkedLibrary("_FoundationICU"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]),

        // librsvg + cairo, loaded with dlopen on the first PNG and never linked: they bring ~40 shared
        // libraries (GLib, GIO, Pango, X11, …) that every process would otherwise map and bind before
        // main. Types from their stable ABIs are declared in CRSVG/include, so no pkg-config flags;
        // at run time the Debian packages librsvg2-2 and libcairo2 (the Makefile's librsvg2-dev and
        // libcairo2-dev bring them). Rendering's PNG rasteriser alone imports it.
        .target(name: "CRSVG", path: "CRSVG"),

        // GNU libmicrohttpd, loaded with dlopen when an HTTP server first starts and never linked (it
        // brings GnuTLS, Nettle, GMP, p11-kit, …, which every process would otherwise map before main).
        // Its header comes from libmicrohttpd-dev (/usr/include, no pkg-config flags); at run time the
        // Debian package libmicrohttpd12. CMicroHTTPD/include/module.modulemap keeps the module's name
        // when Fuzz/Package.swift compiles the folder again as FuzzMicroHTTPD. Only Service imports it.
        .target(name: "CMicroHTTPD", path: "CMicroHTTPD"),

        // MARK: - Library modules
        // The only module that imports C: fonts, fallback, shaping, metrics, Dynamic Type.
        .target(
            name: "Typography",
            dependencies: ["CHarfBuzz", "CFreeType", "CFontconfig", "CICU"]),
        // An app's localized strings: catalog readers (one per format), placeholders, pseudo-locales, lookup.
        .target(name: "Catalogs", dependencies: ["LayoutCore", "Typography"]),
        // Paragraphs: segmentation, bidi reordering, wrapping, truncation, baselines; the Text leaf.
        .target(name: "TextLayout", dependencies: ["Typography", "LayoutCore", "Catalogs"]),
        // The headless SwiftUI Layout protocol, element tree, modifiers and placing engine (Foundation only).
        .target(name: "LayoutCore"),
        // Concrete containers: stacks, flow, equal-width, radial, grid, ViewThatFits, AnyLayout.
        .target(name: "Layouts", dependencies: ["LayoutCore"]),
        // Everyday views: lists, forms, navigation, controls, images, with each platform's metrics as data.
        .target(name: "Controls", dependencies: ["TextLayout", "Layouts", "LayoutCore", "Typography"]),
        // SVG of placed trees and paragraphs: real glyph outlines, colour emoji bitmaps, overlays;
        // PNG of that SVG through librsvg and cairo (CRSVG, its one C import); ImageRenderer.
        // Imports Typography for the glyph outlines and bitmaps it exposes (Swift types only, no C).
        .target(name: "Rendering", dependencies: ["TextLayout", "LayoutCore", "Typography", "CRSVG"]),
        // Catalog readers, pseudo-localization, fit sweeps and reports (`textfit stress`).
        // The screen sweep (LocalizationSweep) lays out views and previews: PreviewSupport for `#Preview`s by name.
        .target(name: "LocalizationStress", dependencies: ["Catalogs", "TextLayout", "Layouts", "LayoutCore", "Rendering", "Typography",
                                                           "PreviewSupport"]),
        // PreviewSupport: `#Preview` and `PreviewProvider`, found and laid out by name; the `@Entry` and
        // `#Preview` macros' declarations (their plugin is TextFitMacros). `Extern`: the registry reads
        // the linker's bounds of its records' section (Sources/PreviewSupport/PreviewRecords.swift).
        .target(name: "PreviewSupport", dependencies: ["LayoutCore", "TextFitMacros"],
                swiftSettings: [.enableExperimentalFeature("Extern")]),
        // The compiler plugin for `#Preview`, `@Previewable` and `@Entry`: a host executable built
        // against the toolchain's own SwiftSyntax (`host`, above), which SwiftPM builds first and
        // passes to every target that depends on it, directly or not (`-load-plugin-executable`).
        .macro(
            name: "TextFitMacros",
            swiftSettings: [.unsafeFlags(["-I", host])],
            linkerSettings: [.unsafeFlags([
                "-L", host, "-lSwiftSyntax", "-lSwiftSyntaxBuilder", "-lSwiftSyntaxMacros", "-lSwiftDiagnostics",
                "-lSwiftCompilerPluginMessageHandling", "-Xlinker", "-rpath", "-Xlinker", host,
            ])]),
        // The layout users' umbrella: re-exports Foundation and the view, layout, text and picture
        // modules; never the stress tester, the service or the operations.
        .target(name: "TextFitLayout", dependencies: ["Typography", "TextLayout", "LayoutCore", "Layouts", "Controls", "Rendering", "PreviewSupport"]),
        // Umbrella: re-exports TextFitLayout and LocalizationStress and holds the Codable operations
        // (request → result) that the CLI and, later, the service share.
        .target(name: "TextFit", dependencies: ["TextFitLayout", "Typography", "TextLayout", "LayoutCore", "Layouts", "Controls", "Rendering", "LocalizationStress", "PreviewSupport"]),
        // Swift Testing glue for test targets: a sweep's failing findings recorded as issues at their
        // lines, pictures attached. Imports Testing (the toolchain's), which no other module does.
        .target(name: "TextFitTesting", dependencies: ["LocalizationStress"]),
        // `import SwiftUI` on Linux: re-exports TextFit (and Observation), nothing of its own.
        .target(name: "SwiftUI", dependencies: ["TextFit"]),
        // The measuring service: JSON lines over stdio, HTTP over GNU libmicrohttpd (its C module,
        // which loads it when a server starts, is Service's one C import, for HTTP alone).
        .target(name: "Service", dependencies: ["TextFit", "CMicroHTTPD"]),
        // The `textfit` command: argument parsing and I/O only.
        .executableTarget(name: "TextFitCLI", dependencies: ["TextFit", "Service"], path: "Sources/textfit"),

        // MARK: - Examples (built by `swift build`; `make demo` runs the tag cloud)
        // The README's "Use TextFit in your package" program, word for word: a view-built tag cloud.
        .executableTarget(name: "TagCloudExample", dependencies: ["TextFitLayout"], path: "Examples/TagCloud"),
        // Wayfarer, a small travel app written as an iOS app's SwiftUI is (`import SwiftUI`, an
        // `@Observable` model, `#Preview`s, `Text("key")` with a String Catalog and an asset catalog in
        // Examples/SampleApp/Resources): its screens as a library, so tests import them…
        .target(name: "SampleApp", dependencies: ["SwiftUI"], path: "Examples/SampleApp/Sources"),
        // …and a program that draws every screen to SVG and PNG (`make demo`).
        .executableTarget(name: "SampleAppDemo", dependencies: ["SampleApp", "SwiftUI"], path: "Examples/SampleApp/Demo"),

        // MARK: - Benchmarks (`make bench`; not part of the library)
        // The floor: raw HarfBuzz (hb_buffer_add_utf8 + hb_shape + sum of advances), nothing else.
        .target(name: "HarfBuzzFloor", dependencies: ["CHarfBuzz"], path: "Benchmarks/HarfBuzzFloor"),
        .executableTarget(
            name: "TextFitBench", dependencies: ["TextFit", "HarfBuzzFloor", "LayoutCore", "Layouts", "Service"],
            path: "Benchmarks/TextFitBench"),

        // MARK: - Tests (Swift Testing)
        // Fixtures are read from the source tree (`#filePath`), never bundled.
        // TestSupport: helpers test targets share (processes' output, a seeded random generator; not a product).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TypographyTests", dependencies: ["Typography", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "Layouts", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "Layouts"]),
        .testTarget(name: "LocalizationStressTests", dependencies: ["LocalizationStress", "Catalogs", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ControlsTests", dependencies: ["Controls", "Rendering", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "TextLayout", "Layouts", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TextFitTests", dependencies: ["TextFit", "TestSupport"]),
        .testTarget(name: "ServiceTests", dependencies: ["Service", "TestSupport"]),
        // The screen sweep as an app's test target uses it: `import TextFit` and `import TextFitTesting`.
        .testTarget(name: "ScreenSweepTests", dependencies: ["TextFit", "TextFitTesting", "TestSupport"], exclude: ["Fixtures"]),
        // Code as a SwiftUI developer writes it, with `import TextFit` alone (no other dependency).
        .testTarget(name: "SwiftUICompatibilityTests", dependencies: ["TextFit"], exclude: ["ImportSwiftUI", "Fixtures"]),
        // A view file as an app has it, `import SwiftUI` and all (the SwiftUI product), compiled with
        // TEXTFIT_IOS defined, as docs/porting.md tells a port to, so its `#if os(iOS) || TEXTFIT_IOS` takes iOS's branch.
        // The sample app's screens in every locale × Dynamic Type size × iPhone: exactly its planted findings.
        .testTarget(name: "SampleAppTests", dependencies: ["SampleApp", "SwiftUI"]),
        // View files from public apps, unmodified (`import SwiftUI` and all), with their origin and
        // licence beside them and stubs of the app types they use (Tests/OpenSourceViewTests/Fixtures).
        .testTarget(name: "OpenSourceViewTests", dependencies: ["SwiftUI"],
                    exclude: ["Fixtures/FoodTruck/LICENSE.txt", "Fixtures/FoodTruck/ORIGIN.md",
                              "Fixtures/BackyardBirds/LICENSE.txt", "Fixtures/BackyardBirds/ORIGIN.md"]),
        .testTarget(name: "SwiftUIImportTests", dependencies: ["SwiftUI"], path: "Tests/SwiftUICompatibilityTests/ImportSwiftUI",
                    swiftSettings: [.define("TEXTFIT_IOS")]),
    ],
    swiftLanguageModes: [.v6]
)
