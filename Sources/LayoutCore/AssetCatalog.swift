import Foundation
import Synchronization

// Asset catalogs as Xcode writes them (`Assets.xcassets`: a folder per image set and colour set, each
// with a `Contents.json`), read from their source folders: on Linux there is no compiled
// `Assets.car` and no UIKit to read one. What `Image("name")` and `Color("name")` look up.
//
// Format: Apple's Asset Catalog Format Reference (Image Set Type, Named Color Type, Group Type:
// https://developer.apple.com/library/archive/documentation/Xcode/Reference/xcode_ref-Asset_Catalog_Format/).
// Only named catalog entries are found, as in SwiftUI, where `Image(_:bundle:)` finds no loose
// image file beside a catalog (MetalUI's probe `docs/probes/swiftui-bundle-image.swift`, arms B0–B7:
// loose PNGs size 0 × 0 like a missing name, B9: an image set sizes as its pixels).

/// The catalogs of one folder, indexed by asset name: every `.xcassets` folder in it (or the folder
/// itself when it is one), searched to a depth of 4 without entering hidden folders, `node_modules`
/// or SwiftPM's `*.build` folders (`Bundle.main` of a test runner is the build folder).
///
/// Names are the set's folder name without its extension, prefixed by `Group/` for each enclosing
/// group whose `Contents.json` says `"provides-namespace": true`. When two catalogs hold the same
/// name, the one whose path sorts first wins. Indexes are kept per folder for the process's life
/// (at most 64 folders), and each set's `Contents.json` is read once: a catalog changed after its
/// first lookup is not seen.
package final class AssetCatalog: Sendable {
    /// The folder searched.
    package let root: String
    /// Image set folders by asset name.
    let imageSets: [String: String]
    /// Colour set folders by asset name.
    let colorSets: [String: String]
    /// What was read of the sets asked for (their `Contents.json` read once).
    private let readVariants = Mutex<[String: [ImageVariant]]>([:])
    private let readColors = Mutex<[String: Color?]>([:])

    init(root: String) {
        self.root = root
        var images: [String: String] = [:], colors: [String: String] = [:]
        for catalog in Self.catalogs(in: root) {
            Self.index(folder: catalog, prefix: "", images: &images, colors: &colors)
        }
        imageSets = images
        colorSets = colors
    }

    /// The `.xcassets` folders under `root` (or `root` itself), sorted.
    static func catalogs(in root: String) -> [String] {
        if root.hasSuffix(".xcassets") { return [root] }
        var found: [String] = []
        func walk(_ folder: String, depth: Int) {
            guard depth <= 4, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names.sorted() where !name.hasPrefix(".") && name != "node_modules" && !name.hasSuffix(".build") {
                let path = folder + "/" + name
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                if name.hasSuffix(".xcassets") { found.append(path) } else { walk(path, depth: depth + 1) }
            }
        }
        walk(root, depth: 0)
        return found
    }

    /// Adds the sets in `folder` (a catalog or a group) to the indexes, first name kept.
    static func index(folder: String, prefix: String, images: inout [String: String], colors: inout [String: String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            if name.hasSuffix(".imageset") || name.hasSuffix(".symbolset") {
                let key = prefix + String(name.prefix(upTo: name.lastIndex(of: ".")!))
                if images[key] == nil { images[key] = path }
            } else if name.hasSuffix(".colorset") {
                let key = prefix + String(name.dropLast(".colorset".count))
                if colors[key] == nil { colors[key] = path }
            } else if !name.contains(".") {
                // A group: its own namespace when its Contents.json says so.
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                let properties = (readJSON(path + "/Contents.json")?["properties"] as? [String: Any]) ?? [:]
                let namespace = (properties["provides-namespace"] as? Bool) == true
                index(folder: path, prefix: namespace ? prefix + name + "/" : prefix, images: &images, colors: &colors)
            }
        }
    }

    /// A `Contents.json` as a dictionary; `nil` when missing or malformed.
    static func readJSON(_ path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    // MARK: - The indexes, per folder

    private static let indexes = Mutex<[String: AssetCatalog]>([:])
    private static let capacity = 64

    /// The catalogs of `folder` (indexed on first use).
    package static func of(folder: String) -> AssetCatalog {
        let key = (folder as NSString).standardizingPath
        if let found = indexes.withLock({ $0[key] }) { return found }
        let made = AssetCatalog(root: key)
        return indexes.withLock { table in
            if let found = table[key] { return found }
            if table.count >= capacity { table.removeAll() }
            table[key] = made
            return made
        }
    }

    /// The catalogs of `bundle`, else of the environment's ``EnvironmentValues/mainBundle``, else
    /// of `Bundle.main` (what SwiftUI searches when a view names no bundle).
    package static func of(bundle: Bundle?, in environment: EnvironmentValues) -> AssetCatalog {
        let searched = bundle ?? environment.mainBundle ?? .main
        return of(folder: searched.resourcePath ?? searched.bundlePath)
    }

    // MARK: - Image sets

    /// One image of an image set: its file and the scale it was drawn for (`nil`: a single-scale
    /// image, such as a PDF or SVG kept as a vector, whose size is its own).
    package struct ImageVariant: Sendable, Hashable {
        package let path: String
        package let scale: Double?
    }

    /// The image of the set named `name` for a display of `displayScale` pixels per point, as iOS
    /// chooses it: the variant of that scale, else the nearest larger one, else the largest smaller
    /// one; a single-scale image stands for every scale. Variants for the `universal` or `iphone`
    /// idioms without an appearance (light mode) are preferred; other idioms only when a set has
    /// nothing else. `nil` when there is no such set, or it names no file that exists.
    package func image(named name: String, displayScale: Double) -> ImageVariant? {
        let options = variants(named: name)
        if let single = options.first(where: { $0.scale == nil }) { return single }
        let wanted = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        let scaled = options.compactMap { variant in variant.scale.map { (variant, $0) } }
        if let exact = scaled.first(where: { $0.1 == wanted }) { return exact.0 }
        if let larger = scaled.filter({ $0.1 > wanted }).min(by: { $0.1 < $1.1 }) { return larger.0 }
        return scaled.max(by: { $0.1 < $1.1 })?.0
    }

    /// The light-mode variants of the set named `name` whose files exist, read once: those for the
    /// `universal` or `iphone` idioms, else all.
    private func variants(named name: String) -> [ImageVariant] {
        if let known = readVariants.withLock({ $0[name] }) { return known }
        var found: [ImageVariant] = []
        if let folder = imageSets[name], let entries = Self.readJSON(folder + "/Contents.json")?["images"] as? [[String: Any]] {
            func candidates(_ accept: ([String: Any]) -> Bool) -> [ImageVariant] {
                entries.compactMap { entry -> ImageVariant? in
                    guard accept(entry), entry["appearances"] == nil, let file = entry["filename"] as? String,
                          FileManager.default.fileExists(atPath: folder + "/" + file) else { return nil }
                    let scale = (entry["scale"] as? String).flatMap { Double($0.dropLast()) }
                    return ImageVariant(path: folder + "/" + file, scale: scale)
                }
            }
            found = candidates { ["universal", "iphone", nil].contains($0["idiom"] as? String) }
            if found.isEmpty { found = candidates { _ in true } }
        }
        readVariants.withLock { $0[name] = found }
        return found
    }

    /// Whether a set named `name` exists (whatever its files).
    package func hasImageSet(named name: String) -> Bool { imageSets[name] != nil }

    // MARK: - Colour sets

    /// The light-mode colour of the colour set named `name`: the `universal` (or `iphone`) entry
    /// with no appearance, its components in sRGB. `nil` when there is no such set or it cannot be read.
    ///
    /// Components are read as Xcode writes them: a number or a string of a number from 0 to 1
    /// (`"0.478"`), an integer from 0 to 255 (`"122"`), or a hexadecimal byte (`"0x7A"`). Colour
    /// spaces: `srgb`, `extended-srgb` (clamped), `display-p3` (taken as sRGB, as ``Color/RGBColorSpace``
    /// does), `extended-linear-srgb` (gamma-encoded), `gray-gamma-22` and `extended-gray` (`white`).
    /// A reference to a system colour (`"reference": "systemBlueColor"`) is that colour.
    package func color(named name: String) -> Color? {
        if let known = readColors.withLock({ $0[name] }) { return known }
        let found = readColor(named: name)
        readColors.withLock { $0[name] = .some(found) }
        return found
    }

    private func readColor(named name: String) -> Color? {
        guard let folder = colorSets[name], let json = Self.readJSON(folder + "/Contents.json"),
              let entries = json["colors"] as? [[String: Any]] else { return nil }
        let light = entries.filter { $0["appearances"] == nil }
        let chosen = light.first { ["universal", "iphone", nil].contains($0["idiom"] as? String) } ?? light.first
        guard let color = chosen?["color"] as? [String: Any] else { return nil }
        if let reference = color["reference"] as? String { return Color.systemColor(reference: reference) }
        guard let components = color["components"] as? [String: Any] else { return nil }
        func value(_ key: String) -> Double? {
            let raw = components[key]
            if let number = raw as? Double { return number > 1 ? number / 255 : number }
            if let number = raw as? Int { return Double(number) / 255 }
            guard let text = (raw as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.lowercased().hasPrefix("0x") { return UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            if text.contains(".") { return Double(text) }
            return Int(text).map { Double($0) / 255 }
        }
        let alpha = value("alpha") ?? 1
        switch (color["color-space"] as? String) ?? "srgb" {
        case "gray-gamma-22", "extended-gray":
            guard let white = value("white") else { return nil }
            return Color(white: white, opacity: alpha)
        case let space:
            guard let red = value("red"), let green = value("green"), let blue = value("blue") else { return nil }
            let linear = space == "extended-linear-srgb" || space == "linear-srgb"
            return Color(linear ? .sRGBLinear : .sRGB, red: red, green: green, blue: blue, opacity: alpha)
        }
    }
}

private struct MainBundleKey: EnvironmentKey {
    static let defaultValue: Bundle? = nil
}

extension EnvironmentValues {
    /// The app's bundle, standing for `Bundle.main` — which on Apple platforms is the app, and on
    /// Linux is not: TextFit's one addition to SwiftUI's environment. `Image("name")` and
    /// `Color("name")` find their asset catalogs in it, and `Text("key")` looks its key up in its
    /// String Catalogs and `*.lproj` tables, unless they name a `bundle:` of their own. `nil`, the
    /// default: `Bundle.main` for images and colours, as in SwiftUI (on Linux it has no catalogs of
    /// an app), and no string tables, so a key is shown as written.
    ///
    /// On Linux an app's resources are source folders, not a compiled bundle: give a bundle made from
    /// the folder that holds them, `Bundle(path: "MyApp/Resources")`. Every `.xcassets` folder
    /// within four levels of it is searched, and every catalog file at any depth is read (once per
    /// process).
    ///
    /// ```swift
    /// SettingsScreen().environment(\.mainBundle, Bundle(path: "App/Resources"))
    /// ```
    public var mainBundle: Bundle? {
        get { self[MainBundleKey.self] }
        set { self[MainBundleKey.self] = newValue }
    }
}
