// `textfit stress --screens`: layout files whose texts name catalog keys, swept over every locale ×
// text size × device by `LocalizationSweep` (the Swift API's engine), beside or instead of the
// catalog check. The catalog part of `stress` is StressCommand.swift's; this file is the screens part.
import Foundation
import LayoutCore
import Service
import TextFit

/// What `--screens` reads: the layout files (a file, or a folder's `*.json` files, found recursively
/// and sorted), each a screen named by its path from the folder without `.json` (a file alone: its
/// name), and the platform the files declare.
struct StressScreenFiles {
    var files: [(name: String, path: String, data: Data)] = []
    /// The platform every file that names one declares (`"platform"` at the root); `nil` when none does.
    var declaredPlatform: Platform?

    /// Reads the files at `path` (a layout file or a folder of them).
    /// - Throws: ``CommandError`` (exit 3) for a path that is not there, a folder with no `.json`
    ///   file, a file that cannot be read, or two files declaring different platforms (naming them).
    init(_ path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CommandError.input("--screens: no such file or folder '\(path)'")
        }
        var found: [(name: String, path: String)] = []
        if isFolder.boolValue {
            let enumerator = FileManager.default.enumerator(atPath: path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".json") else { continue }
                found.append((String(relative.dropLast(5)), (path as NSString).appendingPathComponent(relative)))
            }
            found.sort { $0.name < $1.name }
            guard !found.isEmpty else { throw CommandError.input("--screens: the folder '\(path)' has no layout files (*.json)") }
        } else {
            let name = (path as NSString).lastPathComponent
            found = [(name.hasSuffix(".json") ? String(name.dropLast(5)) : name, path)]
        }
        var declaring: (platform: Platform, file: String)?
        for (name, file) in found {
            let data = try readFile(file, what: "layout file (--screens)")
            files.append((name, file, data))
            guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let text = root["platform"] as? String,
                  let platform = Platform(name: text) else { continue }
            if let declaring, declaring.platform != platform {
                throw CommandError.input("--screens: '\(declaring.file)' is for \(declaring.platform.rawValue) and '\(file)' for "
                                         + "\(platform.rawValue) (their \"platform\"); sweep each platform's screens in a run of its own")
            }
            declaring = (platform, file)
        }
        declaredPlatform = declaring?.platform
    }

    /// The files' paths, for the run's fingerprint (a shard records their contents).
    var paths: [String] { files.map(\.path) }
}

/// The screen sweep of a `stress` run: the files parsed for `platform`, the catalogs' strings,
/// `--devices`, `--locales` and the sizes (`--dynamic-type` / `--font-scale`, else every size of the
/// platform), with the rules file's allowances.
func makeScreenSweep(_ arguments: Arguments, files: StressScreenFiles, platform: Platform, rules: RuleSet,
                     engine: TextFitEngine) throws -> LocalizationSweep {
    let limits = LayoutFile.Limits(maxTextBytes: try arguments.limit("max-text-bytes", default: LayoutFile.Limits().maxTextBytes))
    var screens: [LocalizationSweep.Screen] = []
    for file in files.files {
        do {
            let document = try LayoutFile.document(from: file.data, limits: limits, platform: platform, fonts: engine.library)
            var screen = LocalizationSweep.Screen(file.name, view: document.tree)
            screen.file = file.path
            screen.keyLines = keyLines(in: file.data)
            screens.append(screen)
        } catch let error as LayoutFileError {
            throw error.exceededLimit == nil ? CommandError.input("\(file.path): \(error)") : CommandError.limit("\(file.path): \(error)")
        }
    }
    let strings: LocalizedStrings
    do { strings = try LocalizedStrings(contentsOf: arguments.positional) } catch { throw CommandError.input("\(error)") }
    // --locales: the catalogs' (aliases matched as the strings do), pseudo-locales apart.
    var locales: [String]?, pseudoLocales: [String] = []
    if let list = arguments.values["locales"] {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        pseudoLocales = names.filter { PseudoLocale(name: $0) != nil }
        locales = names.filter { PseudoLocale(name: $0) == nil }
    }
    let sizes: [TextSize]
    if arguments.values["dynamic-type"] != nil || arguments.values["font-scale"] != nil {
        sizes = try textSizes(arguments, platform: platform)
    } else {
        sizes = platform == .android ? FontScaleList.all.scales.map { .fontScale($0) } : DynamicTypeSize.allCases.map { .dynamicType($0) }
    }
    var environment = EnvironmentValues()
    environment.textShaper = engine.shaper
    let devices = try devicesOption(arguments, platform: platform)
    var orientations: [Device.Orientation] = [.portrait]
    if let list = arguments.values["orientations"] {
        orientations = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !name.isEmpty {
            guard let orientation = Device.Orientation(rawValue: name) else {
                throw CommandError.usage("--orientations: '\(name)' is not an orientation (portrait, landscape)")
            }
            if !orientations.contains(orientation) { orientations.append(orientation) }
        }
        guard !orientations.isEmpty else { throw CommandError.usage("--orientations: name portrait, landscape or both") }
    }
    var sweep: LocalizationSweep
    do {
        sweep = try LocalizationSweep("textfit stress --screens", screens: screens, strings: strings, locales: locales,
                                      pseudoLocales: pseudoLocales, devices: devices, orientations: orientations,
                                      allowances: rules.allowances, environment: environment)
    } catch {
        throw CommandError.input("--locales: \(error)")
    }
    sweep.textSizes = sizes
    return sweep
}

/// `--devices`: device presets by name (any case; spaces, punctuation and a parenthesised part may
/// be left out: `iphone-se`, `iPhone 16 Pro`, `pixel8`), comma-separated; default the platform's trio
/// (iPhone SE, 16 Pro and 16 Pro Max; the 360-dp Android phone, Pixel 8 and Pixel Tablet).
func devicesOption(_ arguments: Arguments, platform: Platform) throws -> [Device] {
    guard let list = arguments.values["devices"] else {
        return platform == .android ? Device.android : LocalizationSweep.defaultDevices
    }
    func squeezed(_ text: String) -> String { String(text.lowercased().unicodeScalars.filter(CharacterSet.alphanumerics.contains)) }
    func names(_ device: Device) -> Set<String> {
        let bare = device.name.replacingOccurrences(of: "\\s*\\([^)]*\\)", with: "", options: .regularExpression)
        return [squeezed(device.name), squeezed(bare)]
    }
    var devices: [Device] = []
    for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
        guard let device = Device.all.first(where: { names($0).contains(squeezed(name)) }) else {
            throw CommandError.usage("--devices: '\(name)' is not a device (\(Device.all.map(\.name).joined(separator: ", ")))")
        }
        guard device.platform.rawValue == platform.rawValue else {
            throw CommandError.usage("--devices: '\(device.name)' is an \(device.platform.rawValue) device, but the platform is \(platform.rawValue)")
        }
        if !devices.contains(where: { $0.name == device.name }) { devices.append(device) }
    }
    guard !devices.isEmpty else { throw CommandError.usage("--devices: name at least one device") }
    return devices
}

/// Runs `sweep` whole, or the screen × locale pairs of `shard` (``LocalizationSweep/shard(ofScreen:locale:count:)``);
/// every finding kept, in the sweep's order.
func runScreenSweep(_ sweep: LocalizationSweep, shard: StressShard?) -> ScreenSweepResult {
    var findings: [LocalizationSweep.Finding] = []
    let only: ((Int, String) -> Bool)? = shard.map { shard in
        { screen, locale in LocalizationSweep.shard(ofScreen: sweep.screens[screen].name, locale: locale, count: shard.count) == shard.index }
    }
    let report = sweep.run(only: only) { findings.append($0) }
    return ScreenSweepResult(sweep: sweep, report: report, findings: findings)
}

/// The merge's screen sweep: the parts' findings regrouped as the unsharded run groups them.
func mergedScreenSweep(_ sweep: LocalizationSweep, parts: [StressShardPart]) -> ScreenSweepResult {
    let (report, findings) = sweep.report(regrouping: parts.flatMap { $0.screens ?? [] })
    return ScreenSweepResult(sweep: sweep, report: report, findings: findings)
}

/// The report's HTML with the screens' pages: `screens.html` and its `pictures/screens-N.js`; with
/// no catalog page (`catalogPages` empty) the screens page is `index.html` too, else the catalog's
/// `index.html` links to it under its title.
func screenPages(_ screens: ScreenSweepResult, beside catalogPages: [StressReport.PageFile], maxPictures: Int) -> [StressReport.PageFile] {
    let pages = screens.htmlFiles(maxPictures: maxPictures)
    guard let index = catalogPages.firstIndex(where: { $0.name == "index.html" }) else {
        return [("index.html", pages[0].text)] + pages
    }
    var files = catalogPages
    let failing = screens.failing.count, allowed = screens.report.groups.count - failing
    let link = "\n<p class=\"note\"><a href=\"screens.html\">Screens</a>: \(screens.report.layouts) layouts, \(failing) failing, "
        + "\(allowed) allowed (each finding's screen drawn with the text outlined).</p>"
    if let title = files[index].text.range(of: "</h1>") {
        files[index].text.replaceSubrange(title.upperBound..<title.upperBound, with: link)
    }
    return files + pages
}

/// The line (from 1) of each `"key": "…"` written once in a layout file's text: where a finding of
/// that key's text points (`screens/settings.json:12`). A key written twice names no line (its
/// findings give their element path instead).
func keyLines(in data: Data) -> [String: Int] {
    let text = String(decoding: data, as: UTF8.self)
    var lines: [String: Int] = [:], repeated = Set<String>()
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        for match in line.matches(of: /"key"\s*:\s*("(?:[^"\\]|\\.)*")/) {
            guard let key = try? JSONDecoder().decode(String.self, from: Data(match.1.utf8)) else { continue }
            if lines[key] != nil { repeated.insert(key) } else { lines[key] = number + 1 }
        }
    }
    for key in repeated { lines[key] = nil }
    return lines
}
