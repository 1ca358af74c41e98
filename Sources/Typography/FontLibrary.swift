import Foundation

/// What a caller asks for: a family (or an explicit file), a weight, a slant, and for variable
/// fonts a width, a named instance and explicit axis settings.
public struct FontRequest: Hashable, Sendable {
    // Cheap fields first: the derived `==` compares in this order, on every measurement's style check.
    /// The weight wanted; `nil` means the text style's weight (semibold for headline, else regular).
    /// A variable font with a `wght` axis is set to it exactly.
    public var weight: FontWeight?
    /// Whether an italic face is wanted; a variable font without an italic face sets `ital` to 1,
    /// or `slnt` to −14° (CSS's default oblique angle) clamped to the axis.
    public var italic: Bool
    /// The face inside `file` (font collections hold several).
    public var faceIndex: Int
    /// Whether a variable font's `opsz` axis follows the point size (as Apple platforms and CSS's
    /// `font-optical-sizing: auto` do) when `variations` does not set it.
    public var opticalSizing: Bool
    /// The system font's design: SF Pro Rounded, SF Mono or New York when Apple's fonts are supplied.
    public var design: FontDesign
    /// The width wanted, as `wdth` spells it: a percentage of normal (75 condensed, 125 expanded);
    /// `nil` for the font's default.
    public var width: Double?
    /// A family name; `nil` means the platform's system font (``FontLibrary/defaultFamily``, or
    /// SF Pro when Apple's fonts are supplied). Ignored when `file` is set.
    public var family: String?
    /// An explicit font file: wins over every family.
    public var file: String?
    /// A named instance of a variable font ("Condensed Bold"), matched without case.
    public var instance: String?
    /// Axis settings as `hb-shape --variations` spells them; they win over `weight`, `width`,
    /// `italic`, `instance` and the optical size.
    public var variations: [FontVariation]

    /// A request for a font: a family or a file, weight, italic, width, a named instance, axis
    /// values, optical sizing, design.
    public init(family: String? = nil, file: String? = nil, faceIndex: Int = 0, weight: FontWeight? = nil, italic: Bool = false,
                width: Double? = nil, instance: String? = nil, variations: [FontVariation] = [], opticalSizing: Bool = true,
                design: FontDesign = .default) {
        self.family = family
        self.file = file
        self.faceIndex = faceIndex
        self.weight = weight
        self.italic = italic
        self.width = width
        self.instance = instance
        self.variations = variations
        self.opticalSizing = opticalSizing
        self.design = design
    }
}

/// The designs of Apple's system font, as SwiftUI's `Font.Design` spells them.
public enum FontDesign: String, Hashable, Sendable, Codable, CaseIterable {
    /// SF Pro.
    case `default`
    /// SF Pro Rounded.
    case rounded
    /// SF Mono.
    case monospaced
    /// New York.
    case serif
}

/// Where a face came from.
public enum FontSource: String, Sendable, Codable {
    /// An explicit font file.
    case file
    /// TextFit's bundled `fonts/` folder.
    case bundled
    /// A system font found through Fontconfig.
    case system
    /// Apple's fonts (SF Pro, SF Pro Rounded, SF Mono, New York) from the folder the user supplied.
    case apple
}

/// The face a request resolved to, and how far it is from what was asked.
public struct FontMatch: Sendable {
    /// The face, or the variable font's instance, that answers the request.
    public let face: FontFace
    /// Where the face comes from: bundled, Apple's, a system font or a file.
    public let source: FontSource
    /// The weight that was asked for.
    public let requestedWeight: FontWeight
    /// Whether an italic was asked for.
    public let requestedItalic: Bool
    /// Settings that did not apply as asked (a value outside its axis, a width without a `wdth` axis).
    public var adjustments: [VariationAdjustment] { details?.adjustments ?? [] }
    /// The `opsz` axis's range when the optical size follows the point size (``FontRequest/opticalSizing``).
    var opticalSizeRange: ClosedRange<Double>? { details?.opticalSizeRange }
    /// What only variable fonts have; `nil` for the rest. A match is copied on every measurement:
    /// one optional reference keeps the copy as cheap as a static font's match always was.
    private let details: Details?

    private final class Details: Sendable {
        let adjustments: [VariationAdjustment]
        let opticalSizeRange: ClosedRange<Double>?

        init(adjustments: [VariationAdjustment], opticalSizeRange: ClosedRange<Double>?) {
            self.adjustments = adjustments
            self.opticalSizeRange = opticalSizeRange
        }
    }

    init(face: FontFace, source: FontSource, requestedWeight: FontWeight, requestedItalic: Bool,
         adjustments: [VariationAdjustment] = [], opticalSizeRange: ClosedRange<Double>? = nil) {
        self.face = face
        self.source = source
        self.requestedWeight = requestedWeight
        self.requestedItalic = requestedItalic
        self.details = adjustments.isEmpty && opticalSizeRange == nil ? nil
            : Details(adjustments: adjustments, opticalSizeRange: opticalSizeRange)
    }

    /// True when the family has no face of the requested weight and the nearest one was taken
    /// (e.g. semibold 600 → bold 700 in a family with only regular and bold). A variable font
    /// whose `wght` axis covers the weight is set to it, and substitutes nothing.
    public var weightSubstituted: Bool { face.weight != requestedWeight }
    /// True when an italic was asked for and the family has none (or the reverse).
    public var italicSubstituted: Bool { face.isItalic != requestedItalic }
}

/// How a font request's face depends on the point size (``FontLibrary/sizeDependence(_:defaultWeight:)``).
package struct SizeDependence: Hashable, Sendable {
    /// The range of the `opsz` axis that follows the size.
    package let opticalSizes: ClosedRange<Double>?
    /// The size from which another family answers (SF Pro Text → SF Pro Display).
    package let switchSize: Double?

    /// A number equal for two sizes exactly when the request resolves to the same face at both.
    package func key(atPointSize size: Double) -> Double {
        if let opticalSizes { return min(max(size, opticalSizes.lowerBound), opticalSizes.upperBound) }
        if let switchSize { return size < switchSize ? -1 : -2 }
        return 0
    }
}

/// A family the library can use.
public struct FontFamilyInfo: Hashable, Sendable, Codable {
    /// The family's name.
    public let name: String
    /// Where it comes from: bundled, Apple's or the system's.
    public let source: FontSource
    /// Style names of the faces (bundled and Apple families; system families list none until used).
    public let styles: [String]
    /// The variation axes of the family's variable faces (empty for static families).
    public let axes: [FontAxis]
    /// The named instances of the family's variable faces, each selectable by name
    /// (``FontRequest/instance``).
    public let instances: [String]

    init(name: String, source: FontSource, faces: [FontFace] = []) {
        self.name = name
        self.source = source
        styles = faces.map(\.styleName)
        var axes: [FontAxis] = [], instances: [String] = []
        for face in faces {
            for axis in face.axes where !axes.contains(where: { $0.tag == axis.tag }) { axes.append(axis) }
            for instance in face.namedInstances where !instances.contains(instance.name) { instances.append(instance.name) }
        }
        self.axes = axes
        self.instances = instances
    }
}

/// Knows TextFit's bundled fonts and, unless told not to, the system's fonts through Fontconfig;
/// resolves requests to faces and finds fallback faces per grapheme cluster (splitting a cluster
/// between faces only when none covers it whole).
///
/// Resolution order: an explicit font file > the family among bundled fonts > the family on the
/// system > an error naming the family. Faces are opened once per (file, index) and shared: the
/// bundled and Apple faces for the library's life, any other (files requests name, system fonts
/// for fallback) while it is among the ``Configuration/maxOpenFaces`` most recently used (and
/// within ``Configuration/maxOpenFaceBytes``); a face closed past those bounds is dropped from
/// every cache (`ClosedFaces`) and freed, and opened again if asked for again.
/// Thread-safe: every lookup table is behind a lock, faces are immutable.
public final class FontLibrary: Sendable {
    /// Where the fonts come from.
    public struct Configuration: Sendable {
        /// The bundled fonts folder; `nil` finds it (see ``FontLibrary/locateBundledFonts()``).
        public var fontDirectory: String?
        /// Whether system fonts (Fontconfig) may be used for families and fallback.
        public var useSystemFonts: Bool
        /// A folder holding the user's own copy of Apple's fonts (SF Pro, and optionally SF Pro
        /// Rounded, SF Mono, New York), as Apple's downloads install them; the system font then
        /// resolves to them. `nil`: the bundled stand-in (Noto Sans). Never bundled: Apple's licence
        /// permits only the user's own copy. The CLI reads it from `--apple-fonts` or `TEXTFIT_APPLE_FONTS`.
        public var appleFontsDirectory: String?
        /// The most faces kept open besides the bundled and Apple ones (font files requests name,
        /// system fonts found for fallback); past it the least recently used are closed.
        public var maxOpenFaces: Int
        /// The most bytes of font files those faces may hold (a face weighs its file's size, the
        /// most its tables take in memory); past it the least recently used are closed.
        public var maxOpenFaceBytes: Int

        /// Where fonts come from: the bundled folder (found when `nil`), the system's (Fontconfig),
        /// your copy of Apple's; and how many faces stay open.
        public init(fontDirectory: String? = nil, useSystemFonts: Bool = true, appleFontsDirectory: String? = nil,
                    maxOpenFaces: Int = 64, maxOpenFaceBytes: Int = 128 << 20) {
            self.fontDirectory = fontDirectory
            self.useSystemFonts = useSystemFonts
            self.appleFontsDirectory = appleFontsDirectory
            self.maxOpenFaces = maxOpenFaces
            self.maxOpenFaceBytes = maxOpenFaceBytes
        }

        /// Bundled fonts only: the same results on every machine (tests, CI).
        public static let bundledOnly = Configuration(useSystemFonts: false)
    }

    /// The family used when a request names none; TextFit's bundled stand-in for the system font.
    public static let defaultFamily = "Noto Sans"
    /// The bundled colour emoji family that emoji presentation sequences go to.
    public static let emojiFamily = "Noto Color Emoji"

    /// The bundled fonts folder in use.
    public let fontDirectory: String
    /// The Apple fonts folder in use, if one was given.
    public let appleFontsDirectory: String?
    /// Apple's families from ``appleFontsDirectory``, by normalized name.
    let appleFamilies: [String: [FontFace]]
    /// Whether Fontconfig is consulted.
    public let usesSystemFonts: Bool

    let bundledFamilies: [String: [FontFace]]  // key: normalized family name
    /// The bundled emoji face, if the folder has one.
    let emojiFace: FontFace?
    private let bundledFamilyOrder: [String]   // normalized keys: default first, emoji last
    private let system = Locked<SystemFontsState>(.notLoaded)
    /// The bundled and Apple faces, open for the library's life.
    private let pinnedFaces: [OpenFaces.Key: FontFace]
    /// Every other face, while recently used (``Configuration/maxOpenFaces``).
    private let openFaces: Locked<OpenFaces>
    /// Bounded, as every cache a request can fill: requests name families, files and settings.
    private let matches = BoundedCache<MatchKey, FontMatch>(capacity: 4_096, byteLimit: 4 << 20) { key, _ in
        128 + (key.request.family?.utf8.count ?? 0) + (key.request.file?.utf8.count ?? 0) + (key.request.instance?.utf8.count ?? 0)
            + 16 * key.request.variations.count
    }
    /// The last request answered: most callers ask the same question over and over.
    private let lastMatch = Locked(LastMatch(weight: .regular, request: FontRequest(), match: nil))
    private let chains = BoundedCache<ChainKey, Chain>(capacity: 512)
    /// Variable fonts' instances, by face and settings: a Dynamic Type sweep of an `opsz` font
    /// makes one per distinct size. Bounded: each holds an `hb_font_t` and its metrics.
    private let instances = BoundedCache<InstanceKey, FontFace>(capacity: 1_024)
    private struct InstanceKey: Hashable { let face: Int; let variations: [FontVariation] }

    private enum SystemFontsState { case notLoaded, unavailable, loaded(SystemFonts) }
    private struct MatchKey: Hashable { let request: FontRequest; let weight: FontWeight }
    /// The last request matched (`match` `nil` until one is), compared field by field in place:
    /// an optional `(MatchKey, FontMatch)` was copied out of the lock to be compared (its request
    /// holds four strings and an array), which cost about as much as the rest of a hit
    /// (callgrind: ~420 instructions of ~760 a call, and a cold tag matches twice).
    private struct LastMatch {
        var weight: FontWeight
        var request: FontRequest
        var match: FontMatch?
    }
    /// The chain depends on the script, weight and slant only (not on the language a request names).
    private struct ChainKey: Hashable { let script: Script; let weight: FontWeight; let italic: Bool }

    /// Opens the bundled fonts (each face's tables are read now; glyph data lazily).
    /// - Throws: ``TypographyError/bundledFontsMissing(path:)`` when the folder has no fonts,
    ///   or the error of the first bundled file that fails to open.
    public init(_ configuration: Configuration = .init()) throws {
        guard let directory = configuration.fontDirectory ?? FontLibrary.locateBundledFonts() else {
            throw TypographyError.bundledFontsMissing(path: "fonts/")
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { [".ttf", ".otf", ".ttc", ".otc"].contains(where: $0.lowercased().hasSuffix) }
            .sorted()
        guard !files.isEmpty else { throw TypographyError.bundledFontsMissing(path: directory) }
        var families: [String: [FontFace]] = [:]
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file)
            let count = try FreeTypeCheck.faceCount(path: path)
            for index in 0..<count {
                let face = try FontFace(path: path, index: index, isBundled: true, faceCount: count)
                families[FontLibrary.normalize(face.family), default: []].append(face)
            }
        }
        let defaultKey = FontLibrary.normalize(FontLibrary.defaultFamily), emojiKey = FontLibrary.normalize(FontLibrary.emojiFamily)
        bundledFamilies = families
        emojiFace = families[emojiKey]?.first
        bundledFamilyOrder = families.keys.sorted { a, b in
            let rank = { (key: String) in key == defaultKey ? 0 : key == emojiKey ? 2 : 1 }
            return (rank(a), a) < (rank(b), b)
        }
        fontDirectory = directory
        usesSystemFonts = configuration.useSystemFonts
        appleFontsDirectory = configuration.appleFontsDirectory
        appleFamilies = try configuration.appleFontsDirectory.map(FontLibrary.openAppleFonts) ?? [:]
        var pinned: [OpenFaces.Key: FontFace] = [:]
        for face in Array(families.values.joined()) + Array(appleFamilies.values.joined()) {
            pinned[OpenFaces.Key(path: face.path, index: face.faceIndex)] = face
        }
        pinnedFaces = pinned
        openFaces = Locked(OpenFaces(capacity: configuration.maxOpenFaces, byteLimit: configuration.maxOpenFaceBytes))
    }

    /// The families of Apple's downloads, as their files name them: SF Pro (the variable `SF-Pro.ttf`,
    /// or the static "SF Pro Text" and "SF Pro Display" files), SF Pro Rounded, SF Mono, New York.
    static let appleFamilyNames = ["SF Pro", "SF Pro Text", "SF Pro Display", "SF Pro Rounded", "SF Mono", "New York"]

    /// Opens every font in the Apple fonts folder (not its subfolders).
    /// - Throws: ``TypographyError/appleFontsMissing(path:lookedFor:)`` for a folder that cannot be
    ///   listed (nothing looked for) or that has no SF Pro;
    ///   the error of a font file that does not open.
    private static func openAppleFonts(_ directory: String) throws -> [String: [FontFace]] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw TypographyError.appleFontsMissing(path: directory, lookedFor: [])
        }
        var families: [String: [FontFace]] = [:]
        for name in names.sorted() where [".ttf", ".otf", ".ttc", ".otc"].contains(where: name.lowercased().hasSuffix) {
            let path = (directory as NSString).appendingPathComponent(name)
            let count = try FreeTypeCheck.faceCount(path: path)
            for index in 0..<count {
                let face = try FontFace(path: path, index: index, isBundled: false, pinned: true, faceCount: count)
                families[normalize(face.family), default: []].append(face)
            }
        }
        guard ["SF Pro", "SF Pro Text", "SF Pro Display"].contains(where: { families[normalize($0)] != nil }) else {
            throw TypographyError.appleFontsMissing(path: directory, lookedFor: [
                "SF-Pro.ttf (family 'SF Pro')", "SF-Pro-Text-*.otf ('SF Pro Text')", "SF-Pro-Display-*.otf ('SF Pro Display')"])
        }
        return families
    }

    /// The family the system font resolves to for a design at a point size: with Apple's fonts,
    /// SF Pro (the variable font; else the static SF Pro Text below 20 pt and SF Pro Display from
    /// 20 pt, where Apple switches), SF Pro Rounded, SF Mono or New York, each falling back to SF Pro
    /// when the folder lacks it; without them, ``defaultFamily`` for every design.
    public func systemFamily(design: FontDesign = .default, pointSize: Double? = nil) -> String {
        guard !appleFamilies.isEmpty else { return FontLibrary.defaultFamily }
        func has(_ name: String) -> Bool { appleFamilies[FontLibrary.normalize(name)] != nil }
        switch design {
        case .rounded where has("SF Pro Rounded"): return "SF Pro Rounded"
        case .monospaced where has("SF Mono"): return "SF Mono"
        case .serif where has("New York"): return "New York"
        case .serif:
            if let key = appleFamilies.keys.sorted().first(where: { $0.hasPrefix("newyork") }) { return appleFamilies[key]![0].family }
        default: break
        }
        if has("SF Pro") { return "SF Pro" }
        let display = (pointSize ?? 17) >= FontLibrary.displaySwitchSize
        return has(display ? "SF Pro Display" : "SF Pro Text") ? (display ? "SF Pro Display" : "SF Pro Text")
            : (display ? "SF Pro Text" : "SF Pro Display")
    }

    /// The point size from which Apple's system font is SF Pro Display rather than SF Pro Text.
    static let displaySwitchSize = 20.0

    /// Whether a request means the system font (no family, or one of its names: `system`, `SF Pro`…).
    func isSystemRequest(_ request: FontRequest) -> Bool {
        guard request.file == nil else { return false }
        guard let family = request.family else { return true }
        let key = FontLibrary.normalize(family)
        return FontLibrary.aliases[key] == FontLibrary.defaultFamily && appleFamilies[key] == nil
    }

    /// Finds the bundled `fonts/` folder: `$TEXTFIT_FONTS`; else a `fonts/MANIFEST` beside the
    /// executable, in `../share/textfit/fonts`, or in a parent folder of the executable (a build
    /// tree); else the source checkout this module was compiled from.
    public static func locateBundledFonts() -> String? {
        let manager = FileManager.default
        func isFontFolder(_ path: String) -> Bool { manager.fileExists(atPath: path + "/MANIFEST") }
        if let env = ProcessInfo.processInfo.environment["TEXTFIT_FONTS"], !env.isEmpty { return env }
        var candidates: [String] = []
        if let executable = try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var folder = (executable as NSString).deletingLastPathComponent
            candidates.append(folder + "/fonts")
            candidates.append(folder + "/../share/textfit/fonts")
            for _ in 0..<6 {
                folder = (folder as NSString).deletingLastPathComponent
                candidates.append(folder + "/fonts")
            }
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(source.path + "/fonts")
        return candidates.first(where: isFontFolder).map { ($0 as NSString).standardizingPath }
    }

    // MARK: - Families and faces

    /// The families the library can use: Apple's (when supplied), the bundled ones, then (unless
    /// bundled-only) the system's.
    public func families() -> [FontFamilyInfo] {
        let apple = appleFamilies.keys.sorted().map { key in
            FontFamilyInfo(name: appleFamilies[key]![0].family, source: .apple, faces: appleFamilies[key]!)
        }
        let bundled = bundledFamilyOrder.map { key in
            FontFamilyInfo(name: bundledFamilies[key]![0].family, source: .bundled, faces: bundledFamilies[key]!)
        }
        let known = Set(bundledFamilyOrder).union(appleFamilies.keys)
        let system = systemFonts()?.families()
            .filter { !known.contains(FontLibrary.normalize($0)) }
            .map { FontFamilyInfo(name: $0, source: .system) } ?? []
        return apple + bundled + system
    }

    /// Resolves a request to a face: the explicit file, else the family's face nearest in weight
    /// (CSS Fonts 4 matching) and slant; for a variable font, the instance at the request's axis
    /// settings, and (``FontRequest/opticalSizing``) `opsz` at `pointSize`, clamped to the axis.
    /// - Parameters:
    ///   - defaultWeight: the weight used when the request gives none.
    ///   - pointSize: the size the text is set at, for the optical size; `nil` leaves `opsz` alone.
    /// - Throws: the file's error, ``TypographyError/unknownFamily(name:suggestions:)``,
    ///   ``TypographyError/unknownAxis(tag:font:axes:)`` or ``TypographyError/unknownInstance(name:font:instances:)``.
    public func match(_ request: FontRequest, defaultWeight: FontWeight = .regular, pointSize: Double? = nil) throws -> FontMatch {
        // The cheap test first: without Apple's fonts or a design, the system font needs no resolving.
        // The request is copied only to be changed (a copy is four strings and an array retained).
        let base: FontMatch
        if request.design != .default || !appleFamilies.isEmpty, isSystemRequest(request) {
            var resolved = request
            resolved.family = systemFamily(design: request.design, pointSize: pointSize)
            base = try match(resolved, defaultWeight: defaultWeight)
        } else {
            base = try match(request, defaultWeight: defaultWeight)
        }
        guard let range = base.opticalSizeRange, let pointSize, pointSize > 0 else { return base }
        let value = min(max(pointSize, range.lowerBound), range.upperBound)
        let origin = base.face.defaultInstance ?? base.face
        let current = base.face.variations.first { $0.tag == "opsz" }?.value ?? origin.axis("opsz")?.defaultValue
        guard value != current else { return base }
        let face = instance(of: origin, variations: base.face.variations.filter { $0.tag != "opsz" } + [FontVariation(tag: "opsz", value: value)])
        return FontMatch(face: face, source: base.source, requestedWeight: base.requestedWeight, requestedItalic: base.requestedItalic,
                         adjustments: base.adjustments, opticalSizeRange: range)
    }

    /// The face text set in `attributes` starts from: their font request at their style's default
    /// weight and their point size.
    /// - Throws: an invalid size, or the errors of ``match(_:defaultWeight:pointSize:)``.
    public func match(_ attributes: TextAttributes) throws -> FontMatch {
        try match(attributes, pointSize: attributes.validated())
    }

    /// ``match(_:)`` at `pointSize` (the attributes' validated size, which the caller has). The
    /// request is read in place unless the platform resolves it (Android's system family):
    /// ``TextAttributes/resolvedFont`` returns a copy (four strings and an array retained), and a
    /// new text matches its font at least once (callgrind: ~300 instructions a cold tag).
    package func match(_ attributes: TextAttributes, pointSize: Double) throws -> FontMatch {
        attributes.platform == .android
            ? try match(attributes.resolvedFont, defaultWeight: attributes.defaultWeight, pointSize: pointSize)
            : try match(attributes.font, defaultWeight: attributes.defaultWeight, pointSize: pointSize)
    }

    /// How the face a request resolves to depends on the point size: through a variable font's
    /// `opsz` axis, or Apple's switch from SF Pro Text to SF Pro Display at 20 pt (static files).
    package func sizeDependence(_ request: FontRequest, defaultWeight: FontWeight) throws -> SizeDependence {
        if isSystemRequest(request), request.design == .default || systemFamily(design: request.design) == systemFamily(),
           appleFamilies[FontLibrary.normalize("SF Pro")] == nil,
           appleFamilies[FontLibrary.normalize("SF Pro Text")] != nil, appleFamilies[FontLibrary.normalize("SF Pro Display")] != nil {
            return SizeDependence(opticalSizes: nil, switchSize: FontLibrary.displaySwitchSize)
        }
        return SizeDependence(opticalSizes: try match(request, defaultWeight: defaultWeight, pointSize: nil).opticalSizeRange, switchSize: nil)
    }

    /// The size-independent part of ``match(_:defaultWeight:pointSize:)``, cached per request.
    private func match(_ request: FontRequest, defaultWeight: FontWeight) throws -> FontMatch {
        let weight = request.weight ?? defaultWeight
        if let hit = lastMatch.withLock({ $0.match != nil && $0.weight == weight && $0.request == request ? $0.match : nil }) {
            return hit
        }
        let key = MatchKey(request: request, weight: weight)
        if let cached = matches.value(for: key) {
            lastMatch.withLock { $0 = LastMatch(weight: weight, request: request, match: cached) }
            return cached
        }
        let match: FontMatch
        if let file = request.file {
            let face = try self.face(path: file, index: request.faceIndex, isBundled: false)
            match = try vary(face, source: .file, request: request, weight: weight)
        } else {
            let family = request.family ?? FontLibrary.defaultFamily
            let (faces, source) = try self.faces(family: family)
            var face = FontLibrary.nearest(in: faces, weight: weight, italic: request.italic)
            if let name = request.instance {
                // The face that has the instance, nearest in slant.
                let holders = faces.filter { $0.namedInstances.contains { FontLibrary.sameName($0.name, name) } }
                if !holders.isEmpty { face = FontLibrary.nearest(in: holders, weight: weight, italic: request.italic) }
            }
            match = try vary(face, source: source, request: request, weight: weight)
        }
        matches.insert(match, for: key)
        lastMatch.withLock { $0 = LastMatch(weight: weight, request: request, match: match) }
        return match
    }

    /// The instance of `face` a request asks for, in order of precedence (later wins): the named
    /// instance, the weight, width and italic, the explicit variations. A static face takes none
    /// of them but a named instance or an explicit axis, which are errors for it.
    private func vary(_ face: FontFace, source: FontSource, request: FontRequest, weight: FontWeight) throws -> FontMatch {
        var settings: [String: Double] = [:]
        var adjustments: [VariationAdjustment] = []
        var weight = weight
        if let name = request.instance {
            guard let named = face.namedInstances.first(where: { FontLibrary.sameName($0.name, name) }) else {
                throw Self.unknownInstance(name, in: face)
            }
            for variation in named.variations { settings[variation.tag] = variation.value }
            // The instance's weight is the one asked for, unless the request names another.
            if request.weight == nil, let wght = settings["wght"] { weight = FontWeight(Int(wght.rounded())) }
        }
        if let axis = face.axis("wght"), request.weight != nil || request.instance == nil {
            settings["wght"] = axis.clamp(Double(weight.value))
        }
        if let width = request.width {
            if let axis = face.axis("wdth") {
                settings["wdth"] = axis.clamp(width)
                if axis.clamp(width) != width { adjustments.append(VariationAdjustment(tag: "wdth", requested: width, applied: axis.clamp(width))) }
            } else {
                adjustments.append(VariationAdjustment(tag: "wdth", requested: width, applied: nil))
            }
        }
        if request.italic, !face.isItalic {
            if let axis = face.axis("ital") {
                settings["ital"] = axis.clamp(1)
            } else if let axis = face.axis("slnt") {
                settings["slnt"] = axis.clamp(-14)
            }
        }
        for variation in request.variations {
            guard let axis = face.axis(variation.tag) else {
                throw Self.unknownAxis(variation.tag, in: face)
            }
            settings[variation.tag] = axis.clamp(variation.value)
            if axis.clamp(variation.value) != variation.value {
                adjustments.append(VariationAdjustment(tag: variation.tag, requested: variation.value, applied: axis.clamp(variation.value)))
            }
        }
        let opsz = request.opticalSizing && !request.variations.contains { $0.tag == "opsz" } ? face.axis("opsz") : nil
        // In axis order, leaving out values equal to the default: equal settings, one instance.
        let variations = face.axes.compactMap { axis in
            settings[axis.tag].flatMap { $0 == axis.defaultValue ? nil : FontVariation(tag: axis.tag, value: $0) }
        }
        let chosen = variations.isEmpty ? face : instance(of: face, variations: variations)
        return FontMatch(face: chosen, source: source, requestedWeight: weight, requestedItalic: request.italic,
                         adjustments: adjustments, opticalSizeRange: opsz.map { $0.minimum...$0.maximum })
    }

    /// The error for a named instance `face` does not have, listing the ones it has. A function of
    /// its own, for LeakSanitizer: a cached error's list of names is reported as leaked (a false
    /// report, suppressed by this function's name in Tests/lsan.supp, which says why).
    @inline(never)
    private static func unknownInstance(_ name: String, in face: FontFace) -> TypographyError {
        .unknownInstance(name: name, font: face.description, instances: face.namedInstances.map(\.name))
    }

    /// The error for an axis `face` does not have, listing the ones it has (see ``unknownInstance(_:in:)``).
    @inline(never)
    private static func unknownAxis(_ tag: String, in face: FontFace) -> TypographyError {
        .unknownAxis(tag: tag, font: face.description, axes: face.axes.map(\.tag))
    }

    /// The library's caches (font matches, fallback chains, variable-font instances, and the system's
    /// fallback lists when Fontconfig is in use), for a metrics page.
    public var cacheReports: [CacheReport] {
        var reports = [matches.report("fontMatches"), chains.report("fallbackChains"), instances.report("fontInstances"),
                       openFaces.withLock { $0.report("openFaces") }]
        if let system = systemFontsIfLoaded { reports.append(system.fallbackLists.report("systemFallbackLists")) }
        return reports
    }

    private var systemFontsIfLoaded: SystemFonts? {
        system.withLock { state in
            if case .loaded(let fonts) = state { return fonts }
            return nil
        }
    }

    /// The instance of a variable face at `variations` (made once; later calls share it).
    func instance(of face: FontFace, variations: [FontVariation]) -> FontFace {
        let key = InstanceKey(face: face.serial, variations: variations)
        if let hit = instances.value(for: key) { return hit }
        let made = FontFace(instanceOf: face, variations: variations)
        instances.insert(made, for: key)
        return made
    }

    static func sameName(_ a: String, _ b: String) -> Bool { normalize(a) == normalize(b) }

    /// Opens face `index` of a font file (once; later calls share the face).
    public func face(path: String, index: Int = 0) throws -> FontFace {
        try face(path: path, index: index, isBundled: false)
    }

    // MARK: - Fallback

    /// Why a cluster got its face, in the order the fallback chain tries them.
    public enum FontChoice: String, Sendable, Codable {
        /// An emoji presentation sequence, given to the emoji font.
        case emoji
        /// A Common/Inherited cluster (space, punctuation, digit) kept in the font of the run it joins.
        case run
        /// The requested font covers it.
        case requested
        /// The bundled font for the cluster's script (and language).
        case script
        /// Another bundled font covers it.
        case bundled
        /// A system font from Fontconfig's sorted list for the script and language.
        case system
        /// No font covers it: shaped with `.notdef` in the requested font, and counted.
        case missing
    }

    /// The face for one grapheme cluster: the first in the chain that covers every code point of
    /// the cluster (default-ignorables excepted). The chain: the emoji font for emoji presentation
    /// sequences; the current run's font for Common/Inherited clusters; the requested font; the
    /// bundled font for the script; every other bundled font; Fontconfig's sorted list (cached per
    /// script and language). A cluster no font covers gets the requested font and `.missing`
    /// (``split(_:script:isNeutral:isEmoji:runFace:primary:language:lastChain:)`` then divides it).
    /// `lastChain` remembers the last script's chain across the clusters of one text.
    func fallback(for cluster: UnsafeBufferPointer<UInt32>, script: Script, isNeutral: Bool, isEmoji: Bool,
                  runFace: FontFace?, primary: FontMatch, language: String?,
                  lastChain: inout (script: Script, chain: Chain)?) -> (FontFace, FontChoice) {
        firstFace(covering: cluster, script: script, isNeutral: isNeutral, isEmoji: isEmoji, runFace: runFace, primary: primary,
                  language: language, lastChain: &lastChain) ?? (primary.face, .missing)
    }

    /// The first face of the fallback chain (see ``fallback(for:script:isNeutral:isEmoji:runFace:primary:language:lastChain:)``)
    /// that covers every code point of `scalars`, and why; `nil` when none does.
    private func firstFace(covering scalars: UnsafeBufferPointer<UInt32>, script: Script, isNeutral: Bool, isEmoji: Bool,
                           runFace: FontFace?, primary: FontMatch, language: String?,
                           lastChain: inout (script: Script, chain: Chain)?) -> (FontFace, FontChoice)? {
        if isEmoji, let emoji = emojiFace, emoji.covers(scalars) {
            return (emoji, .emoji)
        }
        if isNeutral, let runFace, runFace !== emojiFace, runFace.covers(scalars) { return (runFace, .run) }
        if primary.face.covers(scalars) { return (primary.face, .requested) }
        let chain: Chain
        if let last = lastChain, last.script == script {
            chain = last.chain
        } else {
            chain = bundledChain(script: script, language: language, weight: primary.requestedWeight, italic: primary.requestedItalic)
            lastChain = (script, chain)
        }
        for (position, face) in chain.faces.enumerated() where face.covers(scalars) {
            return (face, position == 0 && chain.startsWithScriptFamily ? .script : .bundled)
        }
        if let system = systemFonts() {
            let fcLanguage = language.map(SystemFonts.fontconfigLanguage) ?? FontLibrary.typicalLanguage(script)
            let list = system.fallbackList(language: fcLanguage, weight: primary.requestedWeight, italic: primary.requestedItalic)
            for candidate in list.candidates where candidate.covers(scalars) {
                if let face = try? face(path: candidate.path, index: candidate.index, isBundled: false), face.covers(scalars) {
                    return (face, .system)
                }
            }
        }
        return nil
    }

    /// One part of a grapheme cluster split between faces: its end (scalar offset from the
    /// cluster's start), its face and why.
    struct ClusterPart {
        let end: Int
        let face: FontFace
        let choice: FontChoice
    }

    /// A cluster that no face covers whole (``fallback(for:script:isNeutral:isEmoji:runFace:primary:language:lastChain:)``
    /// gave `.missing`), divided as Pango and CoreText divide it: from its base, each part is set in
    /// the first face of the chain that covers the part's first scalar and runs on while that face
    /// covers the next scalar (default-ignorables join any part), so a mark no font with its base
    /// has goes to the first font that has the mark. A scalar no face covers is a `.missing` part in
    /// the requested font, adjacent ones together; a cluster no face covers any of is one such part.
    /// - Complexity: a fallback search per part (the chain, then Fontconfig's list): only clusters
    ///   that no face covers whole come here.
    func split(_ cluster: UnsafeBufferPointer<UInt32>, script: Script, isNeutral: Bool, isEmoji: Bool,
               runFace: FontFace?, primary: FontMatch, language: String?,
               lastChain: inout (script: Script, chain: Chain)?) -> [ClusterPart] {
        var parts: [ClusterPart] = []
        var start = 0
        while start < cluster.count {
            let scalar = UnsafeBufferPointer(rebasing: cluster[start..<start + 1])
            var end = start + 1
            if let (face, choice) = firstFace(covering: scalar, script: script, isNeutral: isNeutral, isEmoji: isEmoji,
                                              runFace: runFace, primary: primary, language: language, lastChain: &lastChain) {
                while end < cluster.count, face.covers(UnsafeBufferPointer(rebasing: cluster[end..<end + 1])) { end += 1 }
                parts.append(ClusterPart(end: end, face: face, choice: choice))
            } else if let last = parts.last, last.choice == .missing {
                parts[parts.count - 1] = ClusterPart(end: end, face: last.face, choice: .missing)
            } else {
                parts.append(ClusterPart(end: end, face: primary.face, choice: .missing))
            }
            start = end
        }
        return parts
    }

    /// The bundled faces to try for a script, nearest in weight and slant: the script's family
    /// first, then every other bundled family (default first, emoji last). Cached per key.
    func bundledChain(script: Script, language: String?, weight: FontWeight, italic: Bool) -> Chain {
        let key = ChainKey(script: script, weight: weight, italic: italic)
        if let chain = chains.value(for: key) { return chain }
        var keys = bundledFamilyOrder
        var scriptFirst = false
        if let family = FontLibrary.scriptFamily(script), let index = keys.firstIndex(of: FontLibrary.normalize(family)) {
            keys.insert(keys.remove(at: index), at: 0)
            scriptFirst = true
        }
        let chain = Chain(faces: keys.compactMap { bundledFamilies[$0] }.map { FontLibrary.nearest(in: $0, weight: weight, italic: italic) },
                          startsWithScriptFamily: scriptFirst)
        chains.insert(chain, for: key)
        return chain
    }

    /// Bundled faces to try for a script, in order.
    struct Chain: Sendable {
        let faces: [FontFace]
        /// The first face is the script's own family (a `.script` choice rather than `.bundled`).
        let startsWithScriptFamily: Bool
    }

    /// The bundled family written for a script. Han, kana and bopomofo go to Droid Sans Fallback
    /// (one design for every CJK language, so `ja` and `zh-Hans` resolve alike); Hangul to the
    /// Noto Sans CJK KR subset.
    static func scriptFamily(_ script: Script) -> String? {
        switch script.code {
        case "Arab": "Noto Sans Arabic"
        case "Hebr": "Noto Sans Hebrew"
        case "Deva": "Noto Sans Devanagari"
        case "Beng": "Noto Sans Bengali"
        case "Taml": "Noto Sans Tamil"
        case "Telu": "Noto Sans Telugu"
        case "Mlym": "Noto Sans Malayalam"
        case "Sinh": "Noto Sans Sinhala"
        case "Thai": "Noto Sans Thai"
        case "Laoo": "Noto Sans Lao"
        case "Khmr": "Noto Sans Khmer"
        case "Mymr": "Noto Sans Myanmar"
        case "Ethi": "Noto Sans Ethiopic"
        case "Geor": "Noto Sans Georgian"
        case "Armn": "Noto Sans Armenian"
        case "Hani", "Hira", "Kana", "Bopo": "Droid Sans Fallback"
        case "Hang": "Noto Sans CJK KR"
        case "Latn", "Grek", "Cyrl": "Noto Sans"
        default: nil
        }
    }

    /// A language that Fontconfig can sort fonts by when the text names none.
    static func typicalLanguage(_ script: Script) -> String? {
        let languages = ["Arab": "ar", "Hebr": "he", "Deva": "hi", "Beng": "bn", "Taml": "ta", "Telu": "te",
                         "Mlym": "ml", "Sinh": "si", "Thai": "th", "Laoo": "lo", "Khmr": "km", "Mymr": "my",
                         "Ethi": "am", "Geor": "ka", "Armn": "hy", "Hani": "zh-cn", "Hira": "ja", "Kana": "ja",
                         "Hang": "ko", "Grek": "el", "Cyrl": "ru", "Latn": "en"]
        return languages[script.code]
    }

    // MARK: - Internals

    private func face(path: String, index: Int, isBundled: Bool) throws -> FontFace {
        let resolved = (path as NSString).standardizingPath
        let key = OpenFaces.Key(path: resolved, index: index)
        if let face = pinnedFaces[key] ?? openFaces.withLock({ $0.face(for: key) }) { return face }
        let face = try FontFace(path: resolved, index: index, isBundled: isBundled)
        let (kept, closed) = openFaces.withLock { $0.insert(face, for: key) }
        close(closed)
        return kept
    }

    /// Drops every entry of the library's caches, and of every cache that subscribed
    /// (`ClosedFaces`), that refers to `faces` (or to their variable instances), so they are freed.
    private func close(_ faces: [FontFace]) {
        guard !faces.isEmpty else { return }
        let closed = Set(faces.map(ObjectIdentifier.init))
        let isClosed = { (face: FontFace) in closed.contains(ObjectIdentifier(face.defaultInstance ?? face)) }
        matches.removeAll { _, match in isClosed(match.face) }
        instances.removeAll { _, face in isClosed(face) }
        lastMatch.withLock { last in
            if let match = last.match, isClosed(match.face) { last.match = nil }
        }
        ClosedFaces.announce(faces)
    }

    /// The faces open besides the pinned ones, and how many were closed to stay within the bounds (tests).
    package var openFaceCounts: (open: Int, closed: Int) { openFaces.withLock { ($0.count, $0.evictions) } }

    private func faces(family: String) throws -> ([FontFace], FontSource) {
        if let faces = appleFamilies[FontLibrary.normalize(family)] { return (faces, .apple) }
        let key = FontLibrary.normalize(FontLibrary.aliases[FontLibrary.normalize(family)] ?? family)
        if let faces = bundledFamilies[key] { return (faces, .bundled) }
        if let system = systemFonts() {
            let faces = system.faces(family: family).compactMap { try? face(path: $0.path, index: $0.index, isBundled: false) }
            if !faces.isEmpty { return (faces, .system) }
        }
        throw TypographyError.unknownFamily(name: family, suggestions: suggestions(for: family))
    }

    /// Names that mean "the system font" on Apple platforms map to the default family.
    private static let aliases: [String: String] = Dictionary(uniqueKeysWithValues: [
        "system", "systemui", "sansserif", "sans", "sfpro", "sfprotext", "sfprodisplay", ".applesystemuifont",
        "sanfrancisco",
    ].map { ($0, FontLibrary.defaultFamily) } + [("emoji", FontLibrary.emojiFamily), ("appleColoremoji", FontLibrary.emojiFamily)])

    private func suggestions(for family: String) -> [String] {
        let wanted = FontLibrary.normalize(family)
        let names = bundledFamilyOrder.compactMap { bundledFamilies[$0]?.first?.family }
            + (systemFonts()?.families() ?? [])
        return names.filter { name in
            let key = FontLibrary.normalize(name)
            return key.contains(wanted) || wanted.contains(key) || key.prefix(4) == wanted.prefix(4)
        }.prefix(5).map { $0 }
    }

    private func systemFonts() -> SystemFonts? {
        guard usesSystemFonts else { return nil }
        return system.withLock { state in
            switch state {
            case .loaded(let fonts): return fonts
            case .unavailable: return nil
            case .notLoaded:
                guard let fonts = SystemFonts() else { state = .unavailable; return nil }
                state = .loaded(fonts)
                return fonts
            }
        }
    }

    /// Family names compare without case, spaces, hyphens or underscores.
    static func normalize(_ family: String) -> String {
        String(family.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    /// The face nearest a weight and slant: faces of the right slant if any, then the weight by CSS
    /// Fonts 4 §5.2 (400–500: up to 500, then down, then up; below 400: down, then up; above 500:
    /// up, then down).
    static func nearest(in faces: [FontFace], weight: FontWeight, italic: Bool) -> FontFace {
        let slanted = faces.filter { $0.isItalic == italic }
        let pool = slanted.isEmpty ? faces : slanted
        let w = weight.value
        func rank(_ face: FontFace) -> (Int, Int) {
            // A variable face's `wght` axis offers every weight in its range: the nearest of them.
            let v = face.axis("wght").map { Int($0.clamp(Double(w)).rounded()) } ?? face.weight.value
            if v == w { return (0, 0) }
            if (400...500).contains(w) {
                if v > w && v <= 500 { return (1, v - w) }
                if v < w { return (2, w - v) }
                return (3, v - w)
            }
            if w < 400 { return v < w ? (1, w - v) : (2, v - w) }
            return v > w ? (1, v - w) : (2, w - v)
        }
        return pool.min { rank($0) < rank($1) }!
    }
}
