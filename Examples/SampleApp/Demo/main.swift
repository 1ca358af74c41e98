// Draws every screen of the sample app (Examples/SampleApp) as it looks on an iPhone 16 Pro, in
// English, German, Arabic and Japanese, to SVG and PNG, and says what each text's fit reports.
// swift run SampleAppDemo [FOLDER]   (writes FOLDER/sample-<screen>-<locale>.svg and .png)
//
// The screens are the app's `#Preview`s that fill a device (one per screen file): the demo finds
// them by module, as a test would, so it needs nothing from the app but its previews.
import Foundation
import SwiftUI
import SampleApp

/// The app's String Catalog and asset catalog: on the phone `Bundle.main`; here the source folder.
let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Resources")
guard let app = Bundle(path: resources.path) else {
    print("The sample app's resources were not found at \(resources.path)")
    exit(1)
}
let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
let screens = Preview.all.filter { $0.module == "SampleApp" && $0.layout == .device }
let device = Device.iPhone16Pro
/// Findings the app means (Tests/SampleAppTests/PlantedFindingsTests.swift has them all).
let allowed = ["explore.featured.teaser": "allowed: a teaser, cut after two lines on purpose"]

for locale in ["en", "de", "ar", "ja"] {
    for screen in screens {
        let name = (screen.name ?? "screen").split(separator: " ").first.map { $0.lowercased() } ?? "screen"
        let renderer = ImageRenderer(content: screen.content)
        renderer.environment.mainBundle = app             // the app launched in `locale`
        renderer.environment.locale = Locale(identifier: locale)
        renderer.device = device
        renderer.scale = 2                      // PNG pixels per point (the phone draws at 3)
        renderer.options.background = "#ffffff"
        if let error = Text.defaultShaperError {
            print("TextFit's fonts were not found: \(error)")
            exit(1)
        }
        let result = renderer.result
        let findings = result.findings
        print("\(screen.name ?? screen.source) in \(locale) on \(device.name): \(result.texts.count) texts, "
              + (findings.isEmpty ? "all fit" : "\(findings.count) finding\(findings.count == 1 ? "" : "s")"))
        for text in findings { print("  \(text)" + (text.key.flatMap { allowed[$0] }.map { " (\($0))" } ?? "")) }
        do {
            try renderer.write(svgTo: folder.appendingPathComponent("sample-\(name)-\(locale).svg"))
            try renderer.write(pngTo: folder.appendingPathComponent("sample-\(name)-\(locale).png"))
        } catch {
            print("could not write the pictures into \(folder.path): \(error)")
            exit(1)
        }
    }
}
print("wrote \(screens.count * 4) SVGs and PNGs (sample-<screen>-<locale>) into \(folder.path)")
