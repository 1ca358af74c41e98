import Foundation
import Testing
@testable import Catalogs
@testable import LocalizationStress

/// The C escapes `.strings` and `.po` share (one implementation, `CEscape`), read through each format.
/// Expected scalars by hand: \a U+0007, \b U+0008, \f U+000C, \v U+000B, \t U+0009, \r U+000D,
/// \n U+000A; octal \101 = 65 = "A", \7 = U+0007, \0 = U+0000, \1234 = \123 ("S", 83) then "4".
@Suite struct CEscapeTests {
    static let escaped = #"a\ab\bf\fv\vt\tr\rn\n|\101|\7|\0|\1234"#
    static let expected = "a\u{07}b\u{08}f\u{0C}v\u{0B}t\tr\rn\n|A|\u{07}|\u{00}|S4"

    @Test func stringsAndPOReadTheSameEscapes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-cescape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = folder.appendingPathComponent("en.lproj/Localizable.strings").path
        try "\"key\" = \"\(Self.escaped)\";\n".write(toFile: strings, atomically: true, encoding: .utf8)
        let po = folder.appendingPathComponent("de.po").path
        try "msgid \"key\"\nmsgstr \"\(Self.escaped)\"\n".write(toFile: po, atomically: true, encoding: .utf8)

        let fromStrings = try CatalogReader.read([strings], strict: true, sourceLanguage: nil)
        #expect(fromStrings.entries.map(\.text) == [Self.expected])
        let fromPO = try CatalogReader.read([po], strict: true, sourceLanguage: nil)
        #expect(fromPO.entries.map(\.text) == [Self.expected])
    }
}
