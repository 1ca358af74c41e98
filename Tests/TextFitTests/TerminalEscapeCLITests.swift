import Foundation
import Testing

/// The human-readable tables of `measure` and `fonts` print texts and font names with their control
/// characters (C0, DEL, C1) and bidi controls (U+202A–U+202E, U+2066–U+2069) written as `\u{1B}`,
/// so a text or a font file cannot drive or reorder the terminal; `--json` keeps the strings as they
/// are (JSON escapes the controls itself). Every expected string is written out by hand here.
@Suite("textfit measure and fonts: terminal escapes in tables")
struct TerminalEscapeCLITests {
    /// The bytes a terminal acts on, none of which may reach it raw: ESC, BEL, CR, DEL, C1's CSI
    /// (U+009B, UTF-8 C2 9B) and the bidi controls RLO (U+202E, E2 80 AE) and RLI (U+2067, E2 81 A7).
    static func rawControls(_ output: String) -> [String] {
        var found: [String] = []
        let bytes = Array(output.utf8)
        for (name, sequence) in [("ESC", [0x1B]), ("BEL", [0x07]), ("CR", [0x0D]), ("DEL", [0x7F]), ("CSI", [0xC2, 0x9B]),
                                 ("RLO", [0xE2, 0x80, 0xAE]), ("RLI", [0xE2, 0x81, 0xA7])] as [(String, [UInt8])] {
            if bytes.indices.contains(where: { bytes[$0...].starts(with: sequence) }) { found.append(name) }
        }
        return found
    }

    @Test("measure's table and line details show ESC, BEL and the rest escaped; letters of other scripts stay")
    func measureTable() throws {
        // "a", ESC "[31m", "b", BEL, "c", CR, DEL, CSI (U+009B) "2J", RLO "xy", RLI "z", PDI, then "Grüße שלום".
        let text = "a\u{1B}[31mb\u{07}c\u{0D}\u{7F}\u{9B}2J\u{202E}xy\u{2067}z\u{2069} Grüße שלום"
        let escaped = #"a\u{1B}[31mb\u{7}c\u{D}\u{7F}\u{9B}2J\u{202E}xy\u{2067}z\u{2069} Grüße שלום"#
        let output = try CLI.run(["measure", "--bundled-only", "--width", "1000", text])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.rawControls(output.stdout).isEmpty, "\(Self.rawControls(output.stdout)): \(output.stdout)")
        // 31 characters (8 controls, 17 other ASCII characters, "üß", four Hebrew letters): the TEXT
        // cell shows them all (it cuts at 32), as do the line details' heading; the CR breaks the line.
        let rows = output.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count >= 2 && rows[1].hasPrefix(escaped + "  "), "\(rows)")
        #expect(output.stdout.contains("\n\"\(escaped)\" at large"), "\(output.stdout)")
        #expect(output.stdout.contains(#"  "a\u{1B}[31mb\u{7}c"#), "the first line's text: \(output.stdout)")
        // The FONTS column still names Noto Sans and the Hebrew font, unescaped.
        #expect(rows.count >= 2 && rows[1].contains("Noto Sans + Noto Sans Hebrew"), "\(rows)")
    }

    @Test("measure --json keeps the text: it round-trips, with JSON's own escapes on the wire")
    func measureJSON() throws {
        let text = "a\u{1B}[31mb\u{07}c\u{202E}d"
        let output = try CLI.run(["measure", "--bundled-only", "--json", text])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["text"] as? String == text)
        // RFC 8259 §7: controls below U+0020 must be escaped in a JSON string.
        #expect(!output.stdout.utf8.contains(0x1B) && !output.stdout.utf8.contains(0x07), "\(output.stdout)")
        #expect(!output.stdout.contains(#"\u{1B}"#), "the table's escape must not reach the JSON: \(output.stdout)")
    }

    /// Writes a copy of a bundled font into `folder` under `file`, its family and style names
    /// (name IDs 1, 2, 4, 6; 16 and 17 removed) replaced, with fontTools (Debian's python3-fonttools).
    static func makeFont(_ folder: URL, file: String, family: String, style: String) throws {
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            source, out, family, style = sys.argv[1:5]
            font = TTFont(source)
            names = font["name"]
            for id in (1, 2, 3, 4, 6, 16, 17):
                names.removeNames(nameID=id)
            names.setName(family, 1, 3, 1, 0x409)
            names.setName(style, 2, 3, 1, 0x409)
            names.setName(family + " " + style, 4, 3, 1, 0x409)
            names.setName(family.encode("ascii", "ignore").decode().replace(" ", "") or "X", 6, 3, 1, 0x409)
            font.save(out)
            """
        let source = Engine.repository.appendingPathComponent("fonts/NotoSansHebrew-Regular.ttf").path
        let made = try CLI.run(["-c", script, source, folder.appendingPathComponent(file).path, family, style],
                               executable: "/usr/bin/python3")
        try #require(made.status == 0, "fontTools: \(made.stderr)")
    }

    @Test("fonts: a family and style name with ESC, BEL and RLO from a font file are escaped in the table, kept in --json")
    func fontsTable() throws {
        let folder = try CLIUsageTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An Apple fonts folder needs an SF Pro (docs: --apple-fonts); the second font is the hostile one.
        try Self.makeFont(folder, file: "SF-Pro.ttf", family: "SF Pro", style: "Regular")
        let family = "Evil\u{1B}[31mFamily\u{07}", style = "Reg\u{202E}ular"
        try Self.makeFont(folder, file: "Evil.ttf", family: family, style: style)

        let table = try CLI.run(["fonts", "--bundled-only", "--apple-fonts", folder.path])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(Self.rawControls(table.stdout).isEmpty, "\(Self.rawControls(table.stdout)): \(table.stdout)")
        let row = table.stdout.split(separator: "\n").first { $0.hasPrefix("Evil") }.map(String.init) ?? ""
        #expect(row.hasPrefix(#"Evil\u{1B}[31mFamily\u{7}  apple"#), "\(table.stdout)")
        #expect(row.contains(#"Reg\u{202E}ular"#), "\(row)")

        let json = try CLI.run(["fonts", "--bundled-only", "--apple-fonts", folder.path, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let families = json.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let evil = families.first { $0["name"] as? String == family }
        #expect(evil?["styles"] as? [String] == [style], "\(json.stdout)")
        #expect(!json.stdout.utf8.contains(0x1B) && !json.stdout.utf8.contains(0x07), "\(json.stdout)")

        // The same names through measure's FONTS column and fonts --for's FONT column.
        let measured = try CLI.run(["measure", "--bundled-only", "--apple-fonts", folder.path, "--font", family, "שלום"])
        #expect(measured.status == 0, "\(measured.stderr)")
        #expect(Self.rawControls(measured.stdout).isEmpty, "\(measured.stdout)")
        #expect(measured.stdout.contains(#"שלום  Evil\u{1B}[31mFamily\u{7}  "#), "\(measured.stdout)")
        let clusters = try CLI.run(["fonts", "--bundled-only", "--apple-fonts", folder.path, "--font", family, "--for", "ש"])
        #expect(clusters.status == 0, "\(clusters.stderr)")
        #expect(Self.rawControls(clusters.stdout).isEmpty, "\(clusters.stdout)")
        #expect(clusters.stdout.contains(#"Evil\u{1B}[31mFamily\u{7} (Evil.ttf#0)"#), "\(clusters.stdout)")
    }
}
