// The sample app (Examples/SampleApp) in every language: the screen sweep (`LocalizationSweep`) of
// every screen in every locale of its String Catalog plus pseudo-xa, at all twelve Dynamic Type
// sizes, on three iPhones, printed and written as an HTML report with a picture of each finding;
// then every screen drawn as it looks on an iPhone 16 Pro in English, German, Arabic and Japanese.
// swift run SampleAppDemo [FOLDER]   (writes FOLDER/sweep/index.html and its pictures/*.js, and
//                                     FOLDER/sample-<screen>-<locale>.svg and .png)
//
// The screens are the app's `#Preview`s that fill a device (one per screen file): the demo finds
// them by module, as a test would, so it needs nothing from the app but its previews.
// Tests/SampleAppTests/PlantedFindingsTests.swift checks that this sweep finds exactly the app's
// four planted problems.
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
if let error = Text.defaultShaperError {
    print("TextFit's fonts were not found: \(error)")
    exit(1)
}
let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
let previews = Preview.all.filter { $0.module == "SampleApp" && $0.layout == .device }

// MARK: - The sweep

let sweep: LocalizationSweep
do {
    sweep = try LocalizationSweep("Wayfarer", screens: previews.map(LocalizationSweep.Screen.init), bundle: app,
                                  pseudoLocales: ["pseudo-xa"], devices: [.iPhoneSE3, .iPhone16, .iPhone16ProMax],
                                  allowances: [.key("explore.featured.teaser", reason: "a teaser: two lines, then the guide's page")])
} catch {
    print("The sweep could not be made: \(error)")
    exit(1)
}
let clock = ContinuousClock()
let reportFolder = folder.appendingPathComponent("sweep")
var report: LocalizationSweep.Report!
// The sweep, writing its HTML report as it goes: each finding's picture drawn from the sweep's layout.
let elapsed = clock.measure {
    do {
        try? FileManager.default.removeItem(at: reportFolder)
        report = try sweep.run(writingHTMLTo: reportFolder)
    } catch {
        print("could not write the report into \(reportFolder.path): \(error)")
        exit(1)
    }
}
print(report.description)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(String(format: "(%d layouts and the HTML report in %.2f s on %d cores, debug build)", report.layouts, seconds,
             ProcessInfo.processInfo.activeProcessorCount))
print("HTML report: \(reportFolder.appendingPathComponent("index.html").path)")

// MARK: - Every screen drawn

print("\nEvery screen on an iPhone 16 Pro in four of its six languages:")
let device = Device.iPhone16Pro
for locale in ["en", "de", "ar", "ja"] {
    for screen in previews {
        let name = (screen.name ?? "screen").split(separator: " ").first.map { $0.lowercased() } ?? "screen"
        let renderer = ImageRenderer(content: screen.content)
        renderer.environment.mainBundle = app             // the app launched in `locale`
        renderer.environment.locale = Locale(identifier: locale)
        renderer.device = device
        renderer.scale = 2                      // PNG pixels per point (the phone draws at 3)
        renderer.options.background = "#ffffff"
        do {
            try renderer.write(svgTo: folder.appendingPathComponent("sample-\(name)-\(locale).svg"))
            try renderer.write(pngTo: folder.appendingPathComponent("sample-\(name)-\(locale).png"))
        } catch {
            print("could not write the pictures into \(folder.path): \(error)")
            exit(1)
        }
    }
}
print("wrote \(previews.count * 4) SVGs and PNGs (sample-<screen>-<locale>) into \(folder.path)")
