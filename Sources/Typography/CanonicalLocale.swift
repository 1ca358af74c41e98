import CICU

// Locales made canonical once, where they enter TextFit (a measure request's `locale`, a catalog's
// locale names, `--locale`, `TextAttributes.locale`, the `Text` leaf's environment locale), so that
// every locale that reaches ICU and HarfBuzz comes from a bounded set (issue 46).
//
// Why: ICU keeps state for every locale name it is asked to open data for (its resource-bundle
// cache holds an entry per name, found or not, until the process ends), and HarfBuzz interns every
// language string `hb_language_from_string` is given in one global list, never freed and searched
// linearly on every call. 60,000 distinct locale strings took a server from 30 to 147 MiB for good
// and made ordinary requests two to four times slower.
//
// What ICU 72 has (Debian 12's libicu72: CICU's calls resolve to its `uloc_*_72` symbols, since
// Swift's lib_FoundationICU exports only `swift_`-prefixed names), asked once at first use:
// - data for 805 locales (uloc_countAvailable) over 218 languages, 91 of them naming a script and
//   558 a region; 51 more IDs are legacy aliases of those (ULOC_AVAILABLE_ONLY_LEGACY_ALIASES: iw,
//   in, mo, no_NO, sh, tl, sr_RS, sr_ME, pa_IN, zh_CN, zh_HK, zh_TW…): 856 IDs with data in all;
// - 595 ISO 639 language codes (uloc_getISOLanguages: 182 of two letters, 413 of three) and 253
//   ISO 3166 regions (uloc_getISOCountries), most with no data;
// - CLDR's likely subtags (uloc_addLikelySubtags): sr → sr_Cyrl_RS, zh_HK → zh_Hant_HK.
// ICU finds a locale's data by truncating it (de_XX → de; ja_JP_X1234 → ja_JP), dropping a script
// that is the language's likely one (en_Latn_US → en_US), and, for a language it has no data for
// at all, falls back to the process's default locale (en_US_POSIX under LANG=C), not to root.
//
// The canonical form keeps what ICU would not fall back past, so an answer does not change
// (`de-XX` measures as `de` did), and drops the rest, saying what and why (``CanonicalLocale/dropped``).
// Only the ICU calls that are string operations (uloc_forLanguageTag, uloc_canonicalize,
// uloc_addLikelySubtags, uloc_toLanguageTag) see a string as given; they keep no per-locale state.

/// A locale string as TextFit hands it to ICU and HarfBuzz: a canonical BCP 47 tag from a bounded
/// set, or no locale (the root locale), with what was dropped on the way and why.
///
/// ```swift
/// CanonicalLocale("de-CH").tag              // "de-CH"   (ICU has de_CH)
/// CanonicalLocale("pt_BR").tag              // "pt-BR"   (an ICU ID, spelled as BCP 47)
/// CanonicalLocale("ja_JP@lb=strict").tag    // "ja-JP-u-lb-strict"
/// CanonicalLocale("zh-HK").tag              // "zh-HK"   (HarfBuzz sets it as ZHH: the region stays)
/// CanonicalLocale("sr").tag                 // "sr"      (no subtag the user did not write)
/// CanonicalLocale("de-XX").tag              // "de"      (ICU has no de_XX: it falls back to de)
/// CanonicalLocale("en-u-ca-japanese").tag   // "en"      (a calendar changes no text TextFit sets)
/// CanonicalLocale("klingon").tag            // nil       (a language ICU does not know: root)
/// CanonicalLocale("de-XX").adjustment       // "locale 'de-XX' is measured as 'de': ICU has no locale data for de-XX"
/// ```
///
/// **Input**: a BCP 47 tag (`de-CH`, `zh-Hant-TW`, `ja-JP-u-lb-loose`) or an ICU locale ID
/// (`pt_BR`, `ja_JP@lb=strict`), in any case. The empty string, `und` and `root` are the root
/// locale: `tag` nil, nothing reported.
///
/// **What is kept** (each as written; ICU's spelling of deprecated codes applied, `iw` → `he`):
/// - the language, when ICU knows it: it has data for it (218 languages) or lists it among the ISO
///   639 codes (595). Any other (`klingon`, `qq`, `xx`) gives no locale, reported (the root
///   locale; with keywords kept, `und-u-…`: `klingon-u-lb-loose` is `und-u-lb-loose`).
/// - the script, region and variants, as far as ICU has locale data for the combination: the ID is
///   one of the 856 ICU has data for, or its script is the language's likely one and it has data
///   without it (`en-Latn-US`), or its likely-subtags form has data (`yue-HK` → `yue_Hant_HK`).
///   Otherwise the last subtags are dropped as ICU drops them looking for data (`de-CH-1996` →
///   `de-CH`, `en-Cyrl-DE` → `en`), so ICU's answers do not change. A language ICU has no data
///   for keeps none of them.
/// - the `-u-` keywords that change what TextFit computes: `lb` (`strict`, `normal`, `loose`: line
///   breaking), `lw-phrase` in Japanese (the only `lw` ICU 72 reads: phrase breaking) and `nu` (a
///   numbering system ICU knows: the digits of numbers written in the locale). Any other keyword,
///   `-u-` attribute, private use (`-x-…`) or other extension is dropped, reported.
/// - what does not fit BCP 47's syntax where it stands (`99` in `xx-Abcd-99`) is dropped, reported.
///
/// **The bounded set**: no locale; or one of at most about 3,200 bases (each ID ICU has data for,
/// with or without its language's likely script, or the language-and-region ID that maximises to
/// it; and the 595 ISO languages alone), with optional `lb` (3 values), `lw-phrase` and `nu` (~90
/// values). HarfBuzz is given the base alone (``harfBuzzLanguage``), ICU's break iterators the base
/// with `lb` and `lw`, its number formats the base with `nu`. Random tags collapse to the languages
/// they name (20,000 random tags over ten languages: 258 canonical forms).
///
/// - Complexity: a lookup in a bounded cache of the last ``cacheCapacity`` strings (a hash of the
///   string); a string not in it costs four ICU string calls (a few microseconds).
public struct CanonicalLocale: Sendable, Hashable, CustomStringConvertible {
    /// The string as given.
    public let requested: String
    /// The canonical BCP 47 tag, or `nil` for no locale (the root locale). The root locale with
    /// keywords that change text is `und-u-…` (`und-u-lb-strict`: strict line breaking, no language).
    public let tag: String?
    /// What was left out of ``requested``, each with the reason; empty when nothing was (a change of
    /// spelling alone, such as `pt_BR` → `pt-BR` or `iw` → `he`, drops nothing).
    public let dropped: [Dropped]

    /// A part of the requested locale that the canonical one leaves out.
    public struct Dropped: Sendable, Hashable, CustomStringConvertible {
        /// The part as written (`XX`, `Cyrl-DE`, `-u-ca-japanese`, `klingon`).
        public let part: String
        /// Why, in a phrase (`ICU has no locale data for de-XX`).
        public let reason: String

        public var description: String { reason }
    }

    /// The longest string read as a locale: ICU's own limit for a locale ID (ULOC_FULLNAME_CAPACITY,
    /// 157 bytes). A longer one is no locale, and is not kept in the cache.
    public static let maximumLength = 156

    /// How many strings the cache from requested to canonical keeps (the least recently used half
    /// dropped at a time).
    public static let cacheCapacity = 4_096

    /// `locale` made canonical (see the type's documentation); a string seen lately is a cache lookup.
    public init(_ locale: String) {
        if let known = Self.cache.value(for: locale) {
            self = known
            return
        }
        self = Self.canonicalize(locale)
        if locale.utf8.count <= Self.maximumLength { Self.cache.insert(self, for: locale) }
    }

    private init(requested: String, tag: String?, dropped: [Dropped]) {
        self.requested = requested
        self.tag = tag
        self.dropped = dropped
    }

    /// The canonical tag, or `""` for no locale.
    public var description: String { tag ?? "" }

    /// What changed, for a result's `adjustments` and the CLI's warnings; `nil` when nothing was
    /// dropped. `locale 'de-XX' is measured as 'de': ICU has no locale data for de-XX`.
    public var adjustment: String? {
        guard !dropped.isEmpty else { return nil }
        let shown = Self.quoted(requested)
        let outcome = tag.map { "is measured as '\($0)'" } ?? "is measured with no locale (the root locale)"
        return "locale \(shown) \(outcome): " + dropped.map(\.reason).joined(separator: "; ")
    }

    /// ``tag`` without its `-u-` keywords: the language HarfBuzz is given (its OpenType language
    /// system depends on the language, script and region only).
    /// `nil` for no locale, and for the root locale with keywords (`und-u-lb-strict`).
    public var harfBuzzLanguage: String? { tag.map { Self.base(of: $0) }.flatMap { $0 == "und" ? nil : $0 } }

    /// Whether this names a language ICU knows, or is the root locale (`""`, `und`, `root`): `false`
    /// for a string that is no locale (`12-!!`) or whose language ICU does not know (`klingon`,
    /// `xx`), which is measured with no locale. `de-XX` names German: `true`, though its region is
    /// dropped (``dropped``).
    public var namesKnownLanguage: Bool {
        let lowered = requested.lowercased()
        let asksForRoot = lowered.isEmpty || lowered == "root" || lowered.hasPrefix("und-") || lowered.hasPrefix("und_") || lowered == "und"
        if let tag { return !tag.hasPrefix("und") || asksForRoot }
        return dropped.isEmpty
    }

    /// The languages ICU has locale data for (218 in ICU 72: `af`, `agq`, … `zu`), sorted; for
    /// messages that name the locales known. A script, region or variant may follow each.
    public static var languagesWithData: [String] { knowledge.dataLanguages.sorted() }

    /// Languages ICU knows whose English name (CLDR's) is `text` or near it, with that name, best
    /// first, at most three: `klingon` → `tlh` (Klingon), `German` → `de` (German), `portugese` →
    /// `pt` (Portuguese); empty when none is near. For "did you mean" in messages.
    public static func languages(near text: String) -> [(code: String, name: String)] {
        let wanted = String(text.lowercased().prefix { $0.isLetter })
        guard wanted.count >= 3 else { return [] }
        let names = languageNames
        func score(_ name: String) -> Int? {
            let key = name.lowercased()
            if key == wanted { return 0 }
            if key.hasPrefix(wanted) || wanted.hasPrefix(key) { return 1 }
            if key.count >= 4, wanted.count >= 4, key.prefix(4) == wanted.prefix(4) { return 2 }
            return nil
        }
        let scored = names.compactMap { entry in score(entry.name).map { (entry, $0, knowledge.dataLanguages.contains(entry.code)) } }
        return scored.sorted { a, b in
            if a.1 != b.1 { return a.1 < b.1 }
            if a.2 != b.2 { return a.2 }  // a language ICU has data for first
            return a.0.code < b.0.code
        }.prefix(3).map(\.0)
    }

    /// Every language ICU knows with its English name, read once (some hundreds of ICU lookups,
    /// on the first message that needs them).
    private static let languageNames: [(code: String, name: String)] = {
        knowledge.dataLanguages.union(knowledge.isoLanguages).sorted().compactMap { code in
            guard let name = icu(code, { textfit_locale_language_name($0, $1, $2, &$3) }), name != code else { return nil }
            return (code, name)
        }
    }()

    /// The cache's state for `/metrics` (named `locales`).
    public static var cacheReport: CacheReport { cache.report("locales") }

    // MARK: - Pieces of a canonical tag

    /// A canonical tag up to its `-u-` extension (`ja-JP-u-lb-strict` → `ja-JP`). Canonical tags
    /// carry no other extension, so this is the tag's language, script, region and variants.
    static func base(of tag: String) -> String {
        guard let range = tag.range(of: "-u-") else { return tag }
        return String(tag[..<range.lowerBound])
    }

    /// A canonical tag with only the keywords named in `keep` (`lb`, `lw`, `nu`): `ja-u-lb-strict-nu-jpan`
    /// with `["lb", "lw"]` is `ja-u-lb-strict`. `va-posix` stays: it is ICU's variant POSIX
    /// (`en_US_POSIX`, whose numbers are not grouped). Other tags are returned as they are.
    static func tag(_ tag: String, keeping keep: Set<String>) -> String {
        let keep = keep.union(["va"])
        guard let range = tag.range(of: "-u-") else { return tag }
        let parts = tag[range.upperBound...].split(separator: "-")
        var kept: [Substring] = []
        var index = 0
        while index + 1 < parts.count {
            if keep.contains(String(parts[index])) { kept += [parts[index], parts[index + 1]] }
            index += 2
        }
        let base = String(tag[..<range.lowerBound])
        return kept.isEmpty ? base : base + "-u-" + kept.joined(separator: "-")
    }

    /// The locale ICU's break iterators are opened for: the canonical tag with `lb` and `lw` alone
    /// (`nu` changes no break), `""` for root.
    static func breakLocale(_ locale: String) -> String {
        guard let tag = CanonicalLocale(locale).tag else { return "" }
        return Self.tag(tag, keeping: ["lb", "lw"])
    }

    /// The locale ICU's plural rules and number formats are opened for: the canonical tag with `nu`
    /// alone, `""` for root.
    static func numberLocale(_ locale: String) -> String {
        guard let tag = CanonicalLocale(locale).tag else { return "" }
        return Self.tag(tag, keeping: ["nu"])
    }

    // MARK: - Internals

    private static let cache = BoundedCache<String, CanonicalLocale>(capacity: cacheCapacity)

    /// What ICU knows, read once.
    private struct Knowledge: Sendable {
        /// ICU IDs with data, legacy aliases included (`de`, `de_CH`, `zh_HK`, `en_US_POSIX`).
        let locales: Set<String>
        /// The languages of those IDs.
        let dataLanguages: Set<String>
        /// The ISO 639 codes ICU lists.
        let isoLanguages: Set<String>
        /// The numbering systems ICU knows by name (`nu` values).
        let numberingSystems: Set<String>
    }

    private static let knowledge: Knowledge = {
        let locales = Set(list(Int32(TEXTFIT_LOCALES_WITH_DATA)))
        return Knowledge(locales: locales, dataLanguages: Set(locales.map { String($0.split(separator: "_").first ?? "") }),
                         isoLanguages: Set(list(Int32(TEXTFIT_LOCALES_ISO_LANGUAGES))),
                         numberingSystems: Set(list(Int32(TEXTFIT_LOCALES_NUMBERING_SYSTEMS))))
    }()

    /// How many IDs ICU has data for (legacy aliases included), and how many languages it knows:
    /// for tests and documentation.
    package static var knownCounts: (locales: Int, languages: Int) {
        (knowledge.locales.count, knowledge.dataLanguages.union(knowledge.isoLanguages).count)
    }

    /// A `textfit_locale_list` list's names.
    private static func list(_ which: Int32) -> [String] {
        var capacity = 16_384
        while true {
            var status: Int32 = 0
            let (length, text) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                let length = textfit_locale_list(which, buffer.baseAddress!, Int32(capacity), &status)
                let text = length >= 0 && length < capacity
                    ? String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF8.self) : ""
                return (Int(length), text)
            }
            guard length >= 0 else {
                preconditionFailure("ICU cannot list its locales: \(String(cString: textfit_error_name(status))); is libicu72 installed?")
            }
            if length < capacity { return text.split(separator: "\n").map(String.init) }
            capacity = length + 1
        }
    }

    /// A string from an ICU call writing into a buffer (nil when it fails).
    private static func icu(_ input: String, _ call: (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32) -> String? {
        let capacity = 512
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            var status: Int32 = 0
            let length = input.withCString { call($0, buffer.baseAddress!, Int32(capacity), &status) }
            guard length >= 0 else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF8.self)
        }
    }

    /// An ICU keyword as BCP 47 writes it, for messages: `numbers=arab` → `-u-nu-arab`,
    /// `x=foo` → `-x-foo`, `attribute=foo` → `-u-foo`.
    private static func bcp47(key: String, value: String) -> String {
        guard let tag = icu("und@\(key)=\(value)", { textfit_locale_to_tag($0, $1, $2, &$3) }), tag.hasPrefix("und-") else {
            return "@\(key)=\(value)"
        }
        return String(tag.dropFirst(3))
    }

    private static func maximized(_ id: String) -> String? { icu(id) { textfit_locale_maximize($0, $1, $2, &$3) } }

    /// A quoted locale for a message, cut at 64 characters (a stress-check key can be anything).
    private static func quoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let cut = scalars.count > 64 ? String(String.UnicodeScalarView(scalars.prefix(64))) + "…" : text
        return "'\(cut)'"
    }

    /// An ICU locale ID's parts: `sr_Latn_RS@lb=strict;numbers=latn`.
    private struct Parts {
        var language = ""
        var script = ""
        var region = ""
        var variants: [String] = []
        /// Base parts ICU kept that are no subtag (an ICU ID is read leniently).
        var strays: [String] = []
        var keywords: [(key: String, value: String)] = []

        init(id: String) {
            let at = id.firstIndex(of: "@")
            let base = at.map { id[..<$0] } ?? id[...]
            let fields = base.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
            language = fields.first?.lowercased() ?? ""
            if !(language.isEmpty || Self.isLanguage(language)) {
                strays.append(language)
                language = ""
            }
            for field in fields.dropFirst() where !field.isEmpty {
                if script.isEmpty, region.isEmpty, variants.isEmpty, field.count == 4, Self.isLetters(field) {
                    script = field.prefix(1).uppercased() + field.dropFirst().lowercased()
                } else if region.isEmpty, variants.isEmpty,
                          (field.count == 2 && Self.isLetters(field)) || (field.count == 3 && field.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }) {
                    region = field.uppercased()
                } else if (5...8).contains(field.count) || (field.count == 4 && field.first!.isNumber),
                          field.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) }) {
                    variants.append(field.uppercased())
                } else {
                    strays.append(field)
                }
            }
            if let at {
                for pair in id[id.index(after: at)...].split(separator: ";") {
                    let halves = pair.split(separator: "=", maxSplits: 1)
                    keywords.append((String(halves[0]).lowercased(), halves.count > 1 ? String(halves[1]) : ""))
                }
            }
        }

        static func isLetters(_ text: String) -> Bool { text.utf8.allSatisfy { $0 | 0x20 >= 97 && $0 | 0x20 <= 122 } }
        static func isLanguage(_ text: String) -> Bool { (2...8).contains(text.count) && text.count != 4 && isLetters(text) }

        /// `language[_script][_region][_variants]` with the parts given.
        func id(script: Bool, region: Bool, variants: Bool) -> String {
            var id = language
            if script && !self.script.isEmpty { id += "_" + self.script }
            if (region && !self.region.isEmpty) || (variants && !self.variants.isEmpty) { id += "_" + (region ? self.region : "") }
            if variants && !self.variants.isEmpty { id += "_" + self.variants.joined(separator: "_") }
            return id
        }

        /// The same parts as a BCP 47 tag's subtags, for messages (`en-Cyrl-DE`).
        func written(script: Bool, region: Bool, variants: Bool) -> String {
            var subtags = [language]
            if script && !self.script.isEmpty { subtags.append(self.script) }
            if region && !self.region.isEmpty { subtags.append(self.region) }
            if variants { subtags += self.variants.map { $0.lowercased() } }
            return subtags.joined(separator: "-")
        }
    }

    /// Whether ICU has locale data for `id` (see the type's documentation, "What is kept").
    private static func hasData(_ id: String, _ parts: Parts, script: Bool) -> Bool {
        let known = knowledge.locales
        if known.contains(id) { return true }
        if script, !parts.script.isEmpty, let likely = maximized(parts.language).map(Parts.init(id:)), likely.script == parts.script {
            let withoutScript = id.replacingOccurrences(of: "_" + parts.script, with: "")
            if known.contains(withoutScript) { return true }
        }
        if let maximized = maximized(id), known.contains(maximized.split(separator: "@").first.map(String.init) ?? maximized) {
            return true
        }
        return false
    }

    private static func canonicalize(_ requested: String) -> CanonicalLocale {
        func none(_ dropped: [Dropped]) -> CanonicalLocale { CanonicalLocale(requested: requested, tag: nil, dropped: dropped) }
        let bytes = requested.utf8
        if bytes.isEmpty || requested.lowercased() == "root" { return none([]) }
        if bytes.count > maximumLength {
            return none([Dropped(part: requested, reason: "longer than any locale ICU reads (\(maximumLength + 1) bytes)")])
        }
        // Only the characters of BCP 47 tags and ICU IDs (ICU's parser is lenient with the rest).
        let allowed = bytes.allSatisfy { byte in
            (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122) || "-_@=;.".utf8.contains(byte)
        }
        if !allowed { return none([Dropped(part: requested, reason: "not a BCP 47 tag or ICU locale ID")]) }

        // An ICU ID (`pt_BR`, `ja_JP@lb=strict`) or a BCP 47 tag (read as far as it fits the syntax).
        var dropped: [Dropped] = []
        let id: String
        if bytes.contains(UInt8(ascii: "_")) || bytes.contains(UInt8(ascii: "@")) {
            guard let canonical = icu(requested, { textfit_locale_canonicalize($0, $1, $2, &$3) }) else {
                return none([Dropped(part: requested, reason: "not an ICU locale ID")])
            }
            id = canonical
        } else {
            var parsed: Int32 = 0
            guard let converted = icu(requested, { textfit_locale_from_tag($0, $1, $2, &parsed, &$3) }) else {
                return none([Dropped(part: requested, reason: "not a BCP 47 tag")])
            }
            if Int(parsed) < bytes.count {
                let rest = String(decoding: bytes.dropFirst(max(0, Int(parsed))), as: UTF8.self)
                let shown = rest.hasPrefix("-") ? String(rest.dropFirst()) : rest
                dropped.append(Dropped(part: shown, reason: "'\(shown)' does not fit BCP 47's syntax where it stands"))
            }
            id = converted
        }
        // ICU's replacements of deprecated codes (iw → he, de_DD → de_DE), made when it writes the
        // base as a tag, so the data is looked up under the current code.
        let at = id.firstIndex(of: "@") ?? id.endIndex
        var parts = Parts(id: id)
        var parsed: Int32 = 0
        if let tag = icu(String(id[..<at]), { textfit_locale_to_tag($0, $1, $2, &$3) }),
           let replaced = icu(tag, { textfit_locale_from_tag($0, $1, $2, &parsed, &$3) }), Int(parsed) == tag.utf8.count {
            parts = Parts(id: replaced + id[at...])
        }
        for stray in parts.strays { dropped.append(Dropped(part: stray, reason: "'\(stray)' is not a subtag where it stands")) }

        // Keywords: those that change what TextFit computes, kept whatever the language.
        var keywords: [(key: String, value: String)] = []
        for (key, value) in parts.keywords {
            let value = value.lowercased()
            let shown = bcp47(key: key, value: value)
            switch key {
            case "lb" where ["strict", "normal", "loose"].contains(value): keywords.append((key, value))
            case "lb": dropped.append(Dropped(part: shown, reason: "\(shown): lb is strict, normal or loose"))
            case "lw" where value == "phrase" && parts.language == "ja": keywords.append((key, value))
            case "lw": dropped.append(Dropped(part: shown, reason: "\(shown): ICU 72 reads lw only as lw-phrase in Japanese"))
            case "numbers" where knowledge.numberingSystems.contains(value): keywords.append((key, value))
            case "numbers": dropped.append(Dropped(part: shown, reason: "\(shown): not a numbering system ICU knows"))
            case "x": dropped.append(Dropped(part: shown, reason: "\(shown): private use"))
            default: dropped.append(Dropped(part: shown, reason: "\(shown): only lb, lw and nu change the text TextFit sets"))
            }
        }

        // The language: one ICU knows, else none (the root locale, with the keywords kept).
        let language = parts.language
        let subtags = ([parts.script, parts.region] + parts.variants.map { $0.lowercased() }).filter { !$0.isEmpty }.joined(separator: "-")
        if language.isEmpty || language == "und" || language == "root" {
            if !subtags.isEmpty { dropped.insert(Dropped(part: subtags, reason: "\(subtags) without a language names no locale"), at: 0) }
            parts = Parts(id: "")
        } else if !(knowledge.dataLanguages.contains(language) || knowledge.isoLanguages.contains(language)) {
            dropped.insert(Dropped(part: language, reason: "'\(language)' is not a language ICU knows"), at: 0)
            parts = Parts(id: "")
        } else {
            // Script, region and variants: as far as ICU has data, dropped from the end as ICU
            // drops them looking for data. A language with no data keeps none.
            let full = parts.written(script: true, region: true, variants: true)
            var kept = (script: false, region: false, variants: false)
            if knowledge.dataLanguages.contains(language) {
                let chain: [(script: Bool, region: Bool, variants: Bool)] = [(true, true, true), (true, true, false), (true, false, false),
                                                                             (false, false, false)]
                for step in chain where hasData(parts.id(script: step.script, region: step.region, variants: step.variants), parts,
                                                script: step.script) {
                    kept = step
                    break
                }
            }
            let keptTag = parts.written(script: kept.script, region: kept.region, variants: kept.variants)
            if keptTag != full {
                let part = String(full.dropFirst(keptTag.count + 1))
                let reason = knowledge.dataLanguages.contains(language)
                    ? "ICU has no locale data for \(full)" : "ICU has no locale data for \(language), so \(part) changes nothing"
                dropped.insert(Dropped(part: part, reason: reason), at: 0)
            }
            if !kept.script { parts.script = "" }
            if !kept.region { parts.region = "" }
            if !kept.variants { parts.variants = [] }
        }
        if parts.language.isEmpty && keywords.isEmpty { return none(dropped) }

        var canonicalID = parts.id(script: true, region: true, variants: true)
        if !keywords.isEmpty { canonicalID += "@" + keywords.map { "\($0.key)=\($0.value)" }.joined(separator: ";") }
        guard let tag = icu(canonicalID, { textfit_locale_to_tag($0, $1, $2, &$3) }) else {
            // Not expected: every part was checked. No locale rather than a string ICU cannot write.
            return none(dropped + [Dropped(part: requested, reason: "ICU cannot write \(canonicalID) as a BCP 47 tag")])
        }
        return CanonicalLocale(requested: requested, tag: tag, dropped: dropped)
    }
}
