// swift-tools-version:6.0
// TextFit's libFuzzer targets (issue 9, fuzzing). A package of its own so that the main
// Package.swift stays as it is: it depends on the main package by path and builds one executable
// per target with `-sanitize=fuzzer,address` (see README.md and fuzz.sh; `make fuzz TARGET=…`).
//
// The library modules (Typography, TextLayout, LocalizationStress, TextFit, …) are reached through
// the main package's `TextFit` product, whose modules all land on the import path. `Service` is not
// a product, so `ServiceMirror` (a symlink to ../Sources/Service) compiles its sources again here as
// `FuzzService`, as a member of the main package for `package` access. HTTPServer.swift imports
// `CMicroHTTPD`, a C target of the main package that no product exports (it loads libmicrohttpd with
// dlopen on first use), so it is mirrored the same way: `MicroHTTPDMirror` is a symlink to
// ../CMicroHTTPD (textfit_mhd.c and include/ with its own module map) declared here as a C target
// under the name `FuzzMicroHTTPD` (target names must differ from the main package's) — the module it
// provides is still `CMicroHTTPD`, as its module map names it, so HTTPServer.swift compiles unchanged.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`main` in /work/main, whatever a checkout is called).
let textfit = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()
// Service uses `package` declarations of the main package (Typography's `Locked`): its mirror is
// compiled as part of that package, under the name SwiftPM gives it (the identity as a C99 name).
let textfitPackageName = String(textfit.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })

let fuzzTargets = [
    "measure", "bidi",
    "xcstrings", "strings", "stringsdict", "xliff", "android", "po",
    "layoutfile", "service", "font", "http",
]

let package = Package(
    name: "TextFitFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // LLVMFuzzerRunDriver behind a C name Swift can call (libFuzzer's runtime comes with -sanitize=fuzzer).
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver", .product(name: "TextFit", package: textfit)]),
        .target(name: "FuzzMicroHTTPD", path: "MicroHTTPDMirror"),
        .target(name: "FuzzService", dependencies: ["FuzzMicroHTTPD", .product(name: "TextFit", package: textfit)], path: "ServiceMirror",
                packageAccess: false, swiftSettings: [.unsafeFlags(["-package-name", textfitPackageName])]),
    ] + fuzzTargets.map { name in
        // `bidi` compares the segmentation fast paths with ICU's answers, which are `package`
        // functions of Typography: it is compiled as a member of the main package, as FuzzService is.
        .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzSupport", "FuzzService", .product(name: "TextFit", package: textfit)],
                          packageAccess: false,
                          swiftSettings: name == "bidi" ? [.unsafeFlags(["-package-name", textfitPackageName])] : [])
    },
    swiftLanguageModes: [.v6]
)
