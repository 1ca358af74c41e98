import Foundation

/// What a caller asks for: a family (or an explicit file), a weight and a slant.
public struct FontRequest: Hashable, Sendable {
    /// A family name; `nil` means ``FontLibrary/defaultFamily``. Ignored when `file` is set.
    public var family: String?
    /// An explicit font file: wins over every family.
    public var file: String?
    /// The face inside `file` (font collections hold several).
    public var faceIndex: Int
    /// The weight wanted; `nil` means the text style's weight (semibold for headline, else regular).
    public var weight: FontWeight?
    /// Whether an italic face is wanted.
    public var italic: Bool

    public init(family: String? = nil, file: String? = nil, faceIndex: Int = 0, weight: FontWeight? = nil, italic: Bool = false) {
        self.family = family
        self.file = file
        self.faceIndex = faceIndex
        self.weight = weight
        self.italic = italic
    }
}

/// Where a face came from.
public enum FontSource: String, Sendable, Codable {
    /// An explicit font file.
    case file
    /// TextFit's bundled `fonts/` folder.
    case bundled
    /// A system font found through Fontconfig.
    case system
}

/// The face a request resolved to, and how far it is from what was asked.
public struct FontMatch: Sendable {
    public let face: FontFace
    public let source: FontSource
    /// The weight that was asked for.
    public let requestedWeight: FontWeight
    /// Whether an italic was asked for.
    public let requestedItalic: Bool

    /// True when the family has no face of the requested weight and the nearest one was taken
    /// (e.g. semibold 600 → bold 700 in a family with only regular and bold).
    public var weightSubstituted: Bool { face.weight != requestedWeight }
    /// True when an italic was asked for and the family has none (or the reverse).
    public var italicSubstituted: Bool { face.isItalic != requestedItalic }
}

/// A family the library can use.
public struct FontFamilyInfo: Hashable, Sendable, Codable {
    public let name: String
    public let source: FontSource
    /// Style names of the faces (bundled families only; system families list none until used).
    public let styles: [String]
}

/// Knows TextFit's bundled fonts and, unless told not to, the system's fonts through Fontconfig;
/// resolves requests to faces and finds fallback faces per grapheme cluster.
///
/// Resolution order: an explicit font file > the family among bundled fonts > the family on the
/// system > an error naming the family. Faces are opened once per (file, index) and shared.
/// Thread-safe: every lookup table is behind a lock, faces are immutable.
public final class FontLibrary: Sendable {
    /// Where the fonts come from.
    public struct Configuration: Sendable {
        /// The bundled fonts folder; `nil` finds it (see ``FontLibrary/locateBundledFonts()``).
        public var fontDirectory: String?
        /// Whether system fonts (Fontconfig) may be used for families and fallback.
        public var useSystemFonts: Bool

        public init(fontDirectory: String? = nil, useSystemFonts: Bool = true) {
            self.fontDirectory = fontDirectory
            self.useSystemFonts = useSystemFonts
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
    /// Whether Fontconfig is consulted.
    public let usesSystemFonts: Bool

    let bundledFamilies: [String: [FontFace]]  // key: normalized family name
    /// The bundled emoji face, if the folder has one.
    let emojiFace: FontFace?
    private let bundledFamilyOrder: [String]   // normalized keys: default first, emoji last
    private let system = Locked<SystemFontsState>(.notLoaded)
    private let openFaces = Locked<[FaceKey: FontFace]>([:])
    private let matches = Locked<[MatchKey: FontMatch]>([:])
    /// The last request answered: most callers ask the same question over and over.
    private let lastMatch = Locked<(MatchKey, FontMatch)?>(nil)
    private let chains = Locked<[ChainKey: Chain]>([:])

    private enum SystemFontsState { case notLoaded, unavailable, loaded(SystemFonts) }
    private struct FaceKey: Hashable { let path: String; let index: Int }
    private struct MatchKey: Hashable { let request: FontRequest; let weight: FontWeight }
    private struct ChainKey: Hashable { let script: Script; let language: String?; let weight: FontWeight; let italic: Bool }

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
                let face = try FontFace(path: path, index: index, isBundled: true)
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
        openFaces.withLock { faces in
            for face in families.values.joined() { faces[FaceKey(path: face.path, index: face.faceIndex)] = face }
        }
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

    /// The families the library can use: bundled first, then (unless bundled-only) the system's.
    public func families() -> [FontFamilyInfo] {
        let bundled = bundledFamilyOrder.map { key in
            let faces = bundledFamilies[key]!
            return FontFamilyInfo(name: faces[0].family, source: .bundled, styles: faces.map(\.styleName))
        }
        let bundledNames = Set(bundledFamilyOrder)
        let system = systemFonts()?.families()
            .filter { !bundledNames.contains(FontLibrary.normalize($0)) }
            .map { FontFamilyInfo(name: $0, source: .system, styles: []) } ?? []
        return bundled + system
    }

    /// Resolves a request to a face: the explicit file, else the family's face nearest in weight
    /// (CSS Fonts 4 matching) and slant.
    /// - Parameter defaultWeight: the weight used when the request gives none.
    /// - Throws: the file's error, or ``TypographyError/unknownFamily(name:suggestions:)``.
    public func match(_ request: FontRequest, defaultWeight: FontWeight = .regular) throws -> FontMatch {
        let weight = request.weight ?? defaultWeight
        let key = MatchKey(request: request, weight: weight)
        if let last = lastMatch.withLock({ $0 }), last.0 == key { return last.1 }
        if let cached = matches.withLock({ $0[key] }) {
            lastMatch.withLock { $0 = (key, cached) }
            return cached
        }
        let match: FontMatch
        if let file = request.file {
            let face = try self.face(path: file, index: request.faceIndex, isBundled: false)
            match = FontMatch(face: face, source: .file, requestedWeight: weight, requestedItalic: request.italic)
        } else {
            let family = request.family ?? FontLibrary.defaultFamily
            let (faces, source) = try self.faces(family: family)
            let face = FontLibrary.nearest(in: faces, weight: weight, italic: request.italic)
            match = FontMatch(face: face, source: source, requestedWeight: weight, requestedItalic: request.italic)
        }
        matches.withLock { $0[key] = match }
        lastMatch.withLock { $0 = (key, match) }
        return match
    }

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
    /// script and language). A cluster no font covers gets the requested font and `.missing`.
    /// `lastChain` remembers the last script's chain across the clusters of one text.
    func fallback(for cluster: UnsafeBufferPointer<UInt32>, script: Script, isNeutral: Bool, isEmoji: Bool,
                  runFace: FontFace?, primary: FontMatch, language: String?,
                  lastChain: inout (script: Script, chain: Chain)?) -> (FontFace, FontChoice) {
        if isEmoji, let emoji = emojiFace, emoji.covers(cluster) {
            return (emoji, .emoji)
        }
        if isNeutral, let runFace, runFace !== emojiFace, runFace.covers(cluster) { return (runFace, .run) }
        if primary.face.covers(cluster) { return (primary.face, .requested) }
        let chain: Chain
        if let last = lastChain, last.script == script {
            chain = last.chain
        } else {
            chain = bundledChain(script: script, language: language, weight: primary.requestedWeight, italic: primary.requestedItalic)
            lastChain = (script, chain)
        }
        for (position, face) in chain.faces.enumerated() where face.covers(cluster) {
            return (face, position == 0 && chain.startsWithScriptFamily ? .script : .bundled)
        }
        if let system = systemFonts() {
            let fcLanguage = language.map(SystemFonts.fontconfigLanguage) ?? FontLibrary.typicalLanguage(script)
            let list = system.fallbackList(language: fcLanguage, weight: primary.requestedWeight, italic: primary.requestedItalic)
            for candidate in list.candidates where candidate.covers(cluster) {
                if let face = try? face(path: candidate.path, index: candidate.index, isBundled: false), face.covers(cluster) {
                    return (face, .system)
                }
            }
        }
        return (primary.face, .missing)
    }

    /// The bundled faces to try for a script, nearest in weight and slant: the script's family
    /// first, then every other bundled family (default first, emoji last). Cached per key.
    func bundledChain(script: Script, language: String?, weight: FontWeight, italic: Bool) -> Chain {
        let key = ChainKey(script: script, language: language, weight: weight, italic: italic)
        if let chain = chains.withLock({ $0[key] }) { return chain }
        var keys = bundledFamilyOrder
        var scriptFirst = false
        if let family = FontLibrary.scriptFamily(script), let index = keys.firstIndex(of: FontLibrary.normalize(family)) {
            keys.insert(keys.remove(at: index), at: 0)
            scriptFirst = true
        }
        let chain = Chain(faces: keys.compactMap { bundledFamilies[$0] }.map { FontLibrary.nearest(in: $0, weight: weight, italic: italic) },
                          startsWithScriptFamily: scriptFirst)
        chains.withLock { $0[key] = chain }
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
        let key = FaceKey(path: resolved, index: index)
        if let face = openFaces.withLock({ $0[key] }) { return face }
        let face = try FontFace(path: resolved, index: index, isBundled: isBundled)
        return openFaces.withLock { faces in
            if let existing = faces[key] { return existing }
            faces[key] = face
            return face
        }
    }

    private func faces(family: String) throws -> ([FontFace], FontSource) {
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
            let v = face.weight.value
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
