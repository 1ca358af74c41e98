import CFontconfig
import Foundation

/// The system's fonts, through Fontconfig: family listing, a family's faces, and the sorted
/// fallback list for a language. Fontconfig is loaded on first use; every call into it is
/// serialised; fallback lists are computed once per (language, weight, italic), never per call.
final class SystemFonts: Sendable {
    /// A system face that Fontconfig offers as fallback, with its coverage.
    struct Candidate: @unchecked Sendable {
        let path: String
        let index: Int
        /// `FcCharSet *`, owned by the list's font set.
        let charset: OpaquePointer

        func covers(_ cluster: UnsafeBufferPointer<UInt32>) -> Bool {
            cluster.allSatisfy { FcCharSetHasChar(charset, $0) != 0 || (Unicode.Scalar($0)?.isDefaultIgnorable ?? false) }
        }
    }

    /// A sorted fallback list; owns the `FcFontSet` its candidates point into.
    final class FallbackList: @unchecked Sendable {
        let candidates: [Candidate]
        private let fontSet: UnsafeMutablePointer<FcFontSet>?

        init(fontSet: UnsafeMutablePointer<FcFontSet>?) {
            self.fontSet = fontSet
            var candidates: [Candidate] = []
            if let fontSet {
                for i in 0..<Int(fontSet.pointee.nfont) {
                    guard let pattern = fontSet.pointee.fonts[i], let path = SystemFonts.string(pattern, FC_FILE) else { continue }
                    var charset: OpaquePointer?
                    guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
                    candidates.append(Candidate(path: path, index: SystemFonts.integer(pattern, FC_INDEX) ?? 0, charset: charset))
                }
            }
            self.candidates = candidates
        }

        deinit { if let fontSet { FcFontSetDestroy(fontSet) } }
    }

    struct FallbackKey: Hashable { let language: String?; let weight: Int; let italic: Bool }

    /// Fontconfig's configuration, reached only with its lock held: Fontconfig's own calls are not
    /// promised thread-safe in every version, so they are made one at a time.
    private let config: Locked<OpaquePointer>
    /// Bounded: a request names the language, and each list holds a few dozen kilobytes.
    let fallbackLists = BoundedCache<FallbackKey, FallbackList>(capacity: 64)

    /// Loads the default configuration; `nil` when Fontconfig cannot (no configuration at all).
    init?() {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        self.config = Locked(config)
    }

    deinit { config.withLock { FcConfigDestroy($0) } }

    /// Every family name the system has (the first name of each font), sorted, without duplicates.
    func families() -> [String] {
        let patterns = list(family: nil, objects: [FC_FAMILY])
        return Array(Set(patterns.compactMap { $0.family })).sorted()
    }

    /// The files and indices of a family's faces (case-insensitive, as Fontconfig matches).
    func faces(family: String) -> [(path: String, index: Int)] {
        list(family: family, objects: [FC_FILE, FC_INDEX]).compactMap { entry in entry.path.map { ($0, entry.index) } }
    }

    /// Fontconfig's sorted list of system fonts for a language, weight and slant, trimmed to fonts
    /// that add coverage. Computed once per key.
    func fallbackList(language: String?, weight: FontWeight, italic: Bool) -> FallbackList {
        let key = FallbackKey(language: language, weight: weight.value, italic: italic)
        if let list = fallbackLists.value(for: key) { return list }
        let list = config.withLock { config in
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            SystemFonts.add(pattern, FC_FAMILY, "sans-serif")
            if let language { SystemFonts.add(pattern, FC_LANG, language) }
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight.value)))
            FcPatternAddInteger(pattern, FC_SLANT, italic ? Int32(FC_SLANT_ITALIC) : 0)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            return FallbackList(fontSet: FcFontSort(config, pattern, 1, nil, &result))
        }
        fallbackLists.insert(list, for: key)
        return list
    }

    // MARK: - Internals

    private struct Entry { var family: String?; var path: String?; var index: Int }

    private func list(family: String?, objects: [String]) -> [Entry] {
        config.withLock { config in
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            if let family { SystemFonts.add(pattern, FC_FAMILY, family) }
            let objectSet = FcObjectSetCreate()!
            defer { FcObjectSetDestroy(objectSet) }
            for object in objects { _ = FcObjectSetAdd(objectSet, object) }
            guard let fontSet = FcFontList(config, pattern, objectSet) else { return [] }
            defer { FcFontSetDestroy(fontSet) }
            return (0..<Int(fontSet.pointee.nfont)).compactMap { i in
                guard let font = fontSet.pointee.fonts[i] else { return nil }
                return Entry(family: SystemFonts.string(font, FC_FAMILY), path: SystemFonts.string(font, FC_FILE),
                             index: SystemFonts.integer(font, FC_INDEX) ?? 0)
            }
        }
    }

    private static func add(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        value.withCString { pointer in
            pointer.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
                _ = FcPatternAddString(pattern, object, $0)
            }
        }
    }

    fileprivate static func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    fileprivate static func integer(_ pattern: OpaquePointer, _ object: String) -> Int? {
        var value: Int32 = 0
        return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? Int(value) : nil
    }

    /// Fontconfig's language for a BCP 47 tag: lower case, `-` separated; Chinese by script
    /// (`zh-Hans` → `zh-cn`, `zh-Hant` → `zh-tw`), since Fontconfig knows `zh-cn`, not `zh`.
    static func fontconfigLanguage(_ tag: String) -> String {
        let parts = tag.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init)
        guard let primary = parts.first else { return tag }
        if primary == "zh" {
            if parts.contains("hant") || parts.contains("tw") { return "zh-tw" }
            if parts.contains("hk") || parts.contains("mo") { return "zh-hk" }
            return "zh-cn"
        }
        return primary
    }
}
