import Foundation
import Testing
import TestSupport
@testable import Typography

// CanonicalLocale against CLDR's own data files (Debian's unicode-cldr-core, CLDR 41, under
// /usr/share/unicode/cldr/common; ICU 72 carries CLDR 42): which locales have data (main/*.xml),
// likely subtags (supplemental/likelySubtags.xml), aliases (supplemental/supplementalMetadata.xml),
// the valid codes (validity/*.xml) and the -u- keys (bcp47/segmentation.xml, bcp47/number.xml,
// supplemental/numberingSystems.xml). Expected values are read from those files or written out
// beside the line of the file they come from, never from the code under test.
@Suite("Locales are made canonical from a bounded set, as ICU and CLDR know them")
struct CanonicalLocaleTests {
    /// One case: a locale as given, the canonical tag expected (`nil`: no locale), what is dropped,
    /// and the CLDR data that says so.
    struct Case: CustomTestStringConvertible, Sendable {
        let input: String, expected: String?, dropped: [String], source: String
        var testDescription: String { "\(input) → \(expected ?? "root")" }
    }

    static let cases: [Case] = [
        Case(input: "de-CH", expected: "de-CH", dropped: [], source: "main/de_CH.xml"),
        Case(input: "zh-Hant-TW", expected: "zh-Hant-TW", dropped: [], source: "main/zh_Hant_TW.xml"),
        Case(input: "sr-Latn", expected: "sr-Latn", dropped: [], source: "main/sr_Latn.xml"),
        Case(input: "ja-JP-u-lb-loose", expected: "ja-JP-u-lb-loose", dropped: [],
             source: "main/ja_JP.xml; bcp47/segmentation.xml: <key name=\"lb\"> <type name=\"loose\">"),
        Case(input: "pt_BR", expected: "pt-BR", dropped: [], source: "main/pt_BR.xml (an ICU ID, written as BCP 47)"),
        Case(input: "ja_JP@lb=strict", expected: "ja-JP-u-lb-strict", dropped: [], source: "main/ja_JP.xml; lb strict"),
        // HarfBuzz sets zh-HK as ZHH: the region must stay. No main/zh_HK.xml, but
        // <likelySubtag from="zh_HK" to="zh_Hant_HK"/> and main/zh_Hant_HK.xml.
        Case(input: "zh-HK", expected: "zh-HK", dropped: [], source: "likelySubtags.xml zh_HK → zh_Hant_HK; main/zh_Hant_HK.xml"),
        // No subtag added: <likelySubtag from="sr" to="sr_Cyrl_RS"/> is not applied.
        Case(input: "sr", expected: "sr", dropped: [], source: "main/sr.xml"),
        Case(input: "en-DE", expected: "en-DE", dropped: [], source: "main/en_DE.xml"),
        // <likelySubtag from="en" to="en_Latn_US"/>: Latn is English's own script, main/en_US.xml.
        Case(input: "en-Latn-US", expected: "en-Latn-US", dropped: [], source: "likelySubtags.xml en → en_Latn_US; main/en_US.xml"),
        Case(input: "DE-ch", expected: "de-CH", dropped: [], source: "BCP 47 is case-insensitive (RFC 5646 §2.1.1)"),
        // <languageAlias type="iw" replacement="he" reason="deprecated"/>
        Case(input: "iw", expected: "he", dropped: [], source: "supplementalMetadata.xml languageAlias iw → he"),
        // <territoryAlias type="DD" replacement="DE" reason="deprecated"/>
        Case(input: "de-DD", expected: "de-DE", dropped: [], source: "supplementalMetadata.xml territoryAlias DD → DE"),
        Case(input: "es-419", expected: "es-419", dropped: [], source: "main/es_419.xml"),
        Case(input: "en-US-u-va-posix", expected: "en-US-u-va-posix", dropped: [], source: "main/en_US_POSIX.xml"),
        Case(input: "ar-u-nu-latn", expected: "ar-u-nu-latn", dropped: [],
             source: "numberingSystems.xml <numberingSystem id=\"latn\">; bcp47/number.xml key nu"),
        Case(input: "ja-u-lw-phrase", expected: "ja-u-lw-phrase", dropped: [], source: "bcp47/segmentation.xml <type name=\"phrase\">"),
        Case(input: "", expected: nil, dropped: [], source: "the empty string is the root locale"),
        Case(input: "und", expected: nil, dropped: [], source: "validity/language.xml: und is 'special' (undetermined)"),

        // Dropped: a region no data is kept for. validity/region.xml lists XX as idStatus 'unknown'
        // and there is no main/de_XX.xml: ICU falls back to de.
        Case(input: "de-XX", expected: "de", dropped: ["XX"], source: "no main/de_XX.xml"),
        // A variant: no main/de_CH_1996.xml (validity/variant.xml lists 1996), so de_CH's data.
        Case(input: "de-CH-1996", expected: "de-CH", dropped: ["1996"], source: "no main/de_CH_1996.xml; main/de_CH.xml"),
        Case(input: "de-X1234", expected: "de", dropped: ["x1234"], source: "x1234 is in no file of validity/variant.xml"),
        // A script English is not written in here: no main/en_Cyrl*.xml; ICU falls back to en.
        Case(input: "en-Cyrl-DE", expected: "en", dropped: ["Cyrl-DE"], source: "no main/en_Cyrl_DE.xml, no main/en_Cyrl.xml"),
        // 'xx' is in no list of validity/language.xml; "99" fits none of BCP 47's productions there.
        Case(input: "xx-Abcd-99", expected: nil, dropped: ["xx", "99"], source: "validity/language.xml; RFC 5646 §2.1"),
        Case(input: "klingon", expected: nil, dropped: ["klingon"], source: "not in validity/language.xml"),
        Case(input: "qq", expected: nil, dropped: ["qq"], source: "not in validity/language.xml"),
        Case(input: "x-private", expected: nil, dropped: ["-x-private"], source: "RFC 5646 §2.2.7: private use"),
        Case(input: "en-x-foo", expected: "en", dropped: ["-x-foo"], source: "RFC 5646 §2.2.7: private use"),
        // Keys of bcp47/calendar.xml (ca) change no text TextFit sets; attributes neither.
        Case(input: "en-u-ca-japanese", expected: "en", dropped: ["-u-ca-japanese"], source: "bcp47/calendar.xml key ca"),
        Case(input: "ja@calendar=japanese;lb=loose", expected: "ja-u-lb-loose", dropped: ["-u-ca-japanese"], source: "ICU ID keywords"),
        Case(input: "ko-u-lw-phrase", expected: "ko", dropped: ["-u-lw-phrase"], source: "ICU 72 reads lw=phrase for ja only"),
        Case(input: "ar-u-nu-xxxx", expected: "ar", dropped: ["-u-nu-xxxx"], source: "no <numberingSystem id=\"xxxx\">"),
        Case(input: "ja-u-lb-tight", expected: "ja", dropped: ["-u-lb-tight"], source: "bcp47/segmentation.xml: lb is strict, normal or loose"),
    ]

    @Test("A locale is made canonical as CLDR's data says", arguments: cases)
    func canonicalForm(_ example: Case) {
        let canonical = CanonicalLocale(example.input)
        #expect(canonical.tag == example.expected, "\(example.source)")
        #expect(canonical.dropped.map(\.part) == example.dropped, "\(example.source)")
        #expect((canonical.adjustment != nil) == !example.dropped.isEmpty)
    }

    @Test("What was dropped is said in one line naming the locale, the form measured and why")
    func adjustmentWording() {
        #expect(CanonicalLocale("de-XX").adjustment == "locale 'de-XX' is measured as 'de': ICU has no locale data for de-XX")
        #expect(CanonicalLocale("klingon").adjustment
                == "locale 'klingon' is measured with no locale (the root locale): 'klingon' is not a language ICU knows")
        #expect(CanonicalLocale("en-u-ca-japanese").adjustment
                == "locale 'en-u-ca-japanese' is measured as 'en': -u-ca-japanese: only lb, lw and nu change the text TextFit sets")
        #expect(CanonicalLocale("pt_BR").adjustment == nil)
        // A string that is no locale is quoted, cut at 64 characters.
        let long = String(repeating: "a", count: 100) + " b"
        #expect(CanonicalLocale(long).adjustment == "locale '\(String(repeating: "a", count: 64))…' is measured with no locale "
                + "(the root locale): not a BCP 47 tag or ICU locale ID")
        #expect(CanonicalLocale(String(repeating: "de-", count: 60) + "de").tag == nil)
    }

    // MARK: - Against every locale CLDR has data for

    /// The locales of main/*.xml (CLDR 41) but root, as ICU IDs (`de_CH`, `sr_Latn_BA`).
    static func cldrLocales() throws -> [String] {
        _ = try CLDRData.text("main/root.xml")  // throws, naming the package, when CLDR's files are missing
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(CLDRData.directory)/main")
        return files.filter { $0.hasSuffix(".xml") && $0 != "root.xml" }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Locales of CLDR 41's main/ that ICU 72's data does not carry: its uloc_getAvailable does not
    /// list them, and ures_open falls back past them (be_TARASK → be, ca_ES_VALENCIA → ca_ES; nds,
    /// nds_DE and nds_NL → the default locale, as for a language with no data: `nds` stays, being an
    /// ISO 639 code ICU knows, its regions go). Written out, so that a new difference fails.
    static let notInICU: Set<String> = ["be_TARASK", "ca_ES_VALENCIA", "nds_DE", "nds_NL"]

    @Test("Every locale CLDR has data for is canonical as written (as BCP 47), dropping nothing")
    func everyCLDRLocaleIsKept() throws {
        let locales = try Self.cldrLocales()
        #expect(locales.count > 700)
        for id in locales where !Self.notInICU.contains(id) {
            let tag = id.replacingOccurrences(of: "_", with: "-")
            let canonical = CanonicalLocale(tag)
            #expect(canonical.dropped.isEmpty, "\(tag): \(canonical.adjustment ?? "")")
            // The same locale, spelled by ICU (en_US_POSIX is en-US-u-va-posix).
            #expect(canonical.tag?.lowercased() == tag.lowercased() || id == "en_US_POSIX", "\(tag) → \(canonical.tag ?? "root")")
        }
    }

    @Test("Every CLDR locale with a made-up variant and private use measures as the locale itself")
    func inventedSubtagsAreDropped() throws {
        for id in try Self.cldrLocales() where !Self.notInICU.contains(id) && !id.contains("POSIX") {
            let tag = id.replacingOccurrences(of: "_", with: "-")
            let canonical = CanonicalLocale(tag + "-x9q7z-x-\(id.count)")
            #expect(canonical.tag == CanonicalLocale(tag).tag, "\(tag)")
            #expect(canonical.dropped.map(\.part) == ["x9q7z", "-x-\(id.count)"], "\(tag): \(canonical.adjustment ?? "")")
        }
    }

    @Test("A language-and-region whose likely subtags CLDR has data for keeps its region (zh-HK, sr-ME, pa-PK)")
    func likelySubtagsKeepTheRegion() throws {
        let xml = try CLDRData.text("supplemental/likelySubtags.xml")
        let main = Set(try Self.cldrLocales())
        var checked = 0
        for match in xml.matches(of: /<likelySubtag from="([a-z]{2,3})_([A-Z]{2}|[0-9]{3})" to="([A-Za-z_0-9]+)"\/>/) {
            let (language, region, to) = (String(match.output.1), String(match.output.2), String(match.output.3))
            guard language != "und", main.contains(to), !Self.notInICU.contains(to) else { continue }
            let canonical = CanonicalLocale("\(language)-\(region)")
            #expect(canonical.tag == "\(language)-\(region)", "\(language)_\(region) → \(to): \(canonical.adjustment ?? "")")
            checked += 1
        }
        #expect(checked >= 3, "likelySubtags.xml has zh_HK, sr_ME and pa_PK at least")
    }

    // MARK: - The bounded set

    @Test("Canonical tags are canonical again, and 20,000 random tags collapse to a few hundred")
    func randomTagsCollapse() {
        var random = SplitMix64(seed: 46)
        let languages = ["de", "en", "fr", "ja", "th", "ar", "zh", "sr", "pt", "ko"]
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        func word(_ count: Int) -> String { String((0..<count).map { _ in alphabet[Int.random(in: 0...35, using: &random)] }) }
        var canonical = Set<String?>()
        for serial in 0..<20_000 {
            let language = languages[serial % languages.count]
            let tag = switch serial % 4 {
            case 0: "\(language)-\(word(5))"
            case 1: "\(language)-\(word(2).uppercased())-u-\(word(3))-\(serial)"
            case 2: "\(language)-x-\(serial)"
            default: "\(word(2).filter(\.isLetter).padding(toLength: 2, withPad: "q", startingAt: 0))-\(serial % 1000)"
            }
            canonical.insert(CanonicalLocale(tag).tag)
        }
        // The ten languages, with the regions ICU has data for among random two-letter ones, and the
        // random two-letter languages ICU knows: 258 with this seed, not thousands.
        print("CanonicalLocaleTests: 20,000 random tags, \(canonical.count) canonical forms")
        #expect(canonical.count < 400, "\(canonical.count) canonical forms")
        for tag in canonical.compactMap({ $0 }) {
            let again = CanonicalLocale(tag)
            #expect(again.tag == tag && again.dropped.isEmpty, "\(tag) → \(again.tag ?? "root")")
        }
        // The cache keeps its bound.
        let report = CanonicalLocale.cacheReport
        #expect(report.entries <= report.capacity && report.capacity == CanonicalLocale.cacheCapacity)
    }

    @Test("ICU 72 lists data for 856 locale IDs (805 and 51 legacy aliases) and knows about 600 languages")
    func whatICUKnows() {
        let known = CanonicalLocale.knownCounts
        #expect(known.locales == 856)
        #expect((590...620).contains(known.languages), "\(known.languages)")
    }

    // MARK: - Where locales are held

    @Test("TextAttributes.locale holds the canonical form of whatever is set")
    func attributesHoldCanonicalLocales() {
        var attributes = TextAttributes(locale: "pt_BR")
        #expect(attributes.locale == "pt-BR")
        attributes.locale = "de-XX"
        #expect(attributes.locale == "de")
        attributes.locale = "klingon"
        #expect(attributes.locale == nil)
        attributes.locale = "ja_JP@lb=strict"
        #expect(attributes.locale == "ja-JP-u-lb-strict")
        #expect(TextAttributes(locale: "de-XX") == TextAttributes(locale: "de"))
    }

    @Test("HarfBuzz is given the language, script and region alone")
    func harfBuzzLanguage() {
        #expect(CanonicalLocale("ja-JP-u-lb-strict-nu-jpanfin").harfBuzzLanguage == "ja-JP")
        #expect(CanonicalLocale("und-u-lb-strict").harfBuzzLanguage == nil)
        #expect(CanonicalLocale("zh-HK").harfBuzzLanguage == "zh-HK")
        #expect(CanonicalLocale.tag("ja-JP-u-lb-strict-lw-phrase-nu-jpanfin", keeping: ["lb", "lw"]) == "ja-JP-u-lb-strict-lw-phrase")
        #expect(CanonicalLocale.tag("ja-JP-u-lb-strict-lw-phrase-nu-jpanfin", keeping: ["nu"]) == "ja-JP-u-nu-jpanfin")
        // en_US_POSIX's variant stays for ICU (its numbers are not grouped: main/en_US_POSIX.xml's
        // decimal pattern is 0.######), not for HarfBuzz.
        #expect(CanonicalLocale.numberLocale("en_US_POSIX") == "en-US-u-va-posix")
        #expect(CanonicalLocale("en_US_POSIX").harfBuzzLanguage == "en-US")
        #expect(LocaleNumbers.forLocale("en_US_POSIX").format(8_888_888) == "8888888")
    }
}
