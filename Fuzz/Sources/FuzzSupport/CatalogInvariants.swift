// What the catalog-reader targets (xcstrings, strings, stringsdict, xliff, android, po) check.
// The fuzz input is written to a file named as the format wants (`en.lproj/Localizable.strings`,
// `values/strings.xml`, …), optionally beside a fixed partner file of another locale so that the
// cross-locale completion runs too, and read with CatalogReader.read (the public entry point; the
// per-format readers are internal). Contracts: Readers/CatalogReader.swift, Placeholders.swift,
// Pseudo.swift.
//   1. a read either succeeds or throws a CatalogProblem naming one of the files;
//   2. reading again gives the same answer;
//   3. `strict: true` throws exactly the first problem a lenient read collects (or, with no
//      problems, gives the same entries);
//   4. every entry comes from one of the files; FormatScanner's segments of every text join back to
//      the text; pseudo-locales keep its placeholders as written.
import Foundation
import TextFit

public enum CatalogInvariants {
    /// `file`: where the fuzz input goes (relative to the scratch folder); `partner`: another file
    /// written beside it, unchanged between inputs.
    public static func check(_ bytes: [UInt8], file: String, partner: (path: String, contents: String)? = nil) {
        var bytes = bytes
        if file.hasSuffix("xml") || file.hasSuffix("xliff") || file.hasSuffix("stringsdict") {
            if Known.skips("xml-invalid-utf8-name") { bytes = Array(String(decoding: bytes, as: UTF8.self).utf8) }
            if Known.skips("xml-pi-without-data") { bytes = withDataInEveryPI(bytes) }
        }
        let path = Fixtures.write(bytes, to: file)
        var paths = [path]
        if let partner { paths.append(Fixtures.write(Array(partner.contents.utf8), to: partner.path)) }
        let input = String(decoding: bytes, as: UTF8.self)
        func fail(_ what: String) -> Never { violation("\(file): \(what)", input: input) }

        let lenient = Result { try CatalogReader.read(paths) }
        let again = Result { try CatalogReader.read(paths) }
        let strict = Result { try CatalogReader.read(paths, strict: true) }

        // 1. Errors are CatalogProblems naming a file.
        for result in [lenient, strict] {
            if case .failure(let error) = result {
                guard let problem = error as? CatalogProblem else { fail("threw \(type(of: error)): \(error)") }
                if !paths.contains(problem.location.file) { fail("the problem \(problem) does not name the file") }
            }
        }
        // 2. Same answer twice.
        switch (lenient, again) {
        case (.success(let a), .success(let b)):
            if a.entries != b.entries || a.problems != b.problems || a.sourceLanguage != b.sourceLanguage { fail("two reads differ") }
        case (.failure(let a), .failure(let b)):
            if (a as? CatalogProblem) != (b as? CatalogProblem) { fail("two reads fail differently: \(a) / \(b)") }
        default: fail("one read failed, the other did not")
        }
        // 3. Strict = the first problem.
        switch (lenient, strict) {
        case (.success(let catalog), .success(let strictCatalog)):
            if !catalog.problems.isEmpty { fail("strict read succeeded although the lenient one found \(catalog.problems[0])") }
            if catalog.entries != strictCatalog.entries { fail("strict and lenient reads give different entries") }
        case (.success(let catalog), .failure(let error)):
            if catalog.problems.first != error as? CatalogProblem {
                fail("strict read threw \(error), the lenient one's first problem is \(String(describing: catalog.problems.first))")
            }
        case (.failure(let a), .failure(let b)):
            if (a as? CatalogProblem) != (b as? CatalogProblem) { fail("strict and lenient reads fail differently: \(a) / \(b)") }
        case (.failure(let error), .success):
            fail("the lenient read threw \(error) but the strict one succeeded")
        }
        // 4. Entries.
        guard case .success(let catalog) = lenient else { return }
        for entry in catalog.entries {
            if !paths.contains(entry.origin.file) { fail("entry \(entry.key) comes from \(entry.origin)") }
            checkText(entry.text, fail: fail)
        }
    }

    /// The bytes with " d" added to every processing instruction that has no data (`<?name?>`),
    /// which FoundationXML crashes on (finding xml-pi-without-data).
    static func withDataInEveryPI(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            out.append(bytes[i])
            if bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "?") {
                var j = i + 2
                while j < bytes.count, bytes[j] != UInt8(ascii: "?"), bytes[j] > 0x20, bytes[j] != UInt8(ascii: ">") { j += 1 }
                out += bytes[(i + 1)..<j]
                if j < bytes.count, bytes[j] == UInt8(ascii: "?") { out += Array(" d".utf8) }
                i = j
                continue
            }
            i += 1
        }
        return out
    }

    /// FormatScanner round trip, and placeholders kept by every pseudo-locale.
    public static func checkText(_ text: String, fail: (String) -> Never) {
        let segments = FormatScanner.segments(text)
        let joined = segments.map(\.source).joined()
        if Array(joined.unicodeScalars) != Array(text.unicodeScalars) {
            fail("FormatScanner segments do not join back to the text \(escaped(text, limit: 80)): \(segments)")
        }
        let tokens = FormatScanner.placeholders(in: text).map(\.token)
        for pseudo in PseudoLocale.allCases where !(pseudo == .doubled && Known.skips("pseudo-double-tag")) {
            let transformed = pseudo.transform(text)
            let expected = pseudo == .doubled && !text.isEmpty ? tokens + tokens : tokens
            let found = FormatScanner.placeholders(in: transformed).map(\.token)
            if found != expected {
                fail("\(pseudo.rawValue) changed the placeholders of \(escaped(text, limit: 80)): \(expected) → \(found) in \(escaped(transformed, limit: 120))")
            }
        }
    }
}
