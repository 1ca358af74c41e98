import Foundation
import Testing
import TextFit

@Suite("textfit measure and fonts with platforms and variable fonts")
struct PlatformCLITests {
    @Test("measure --platform android --font-scale: one row per scale, labelled, sizes from AOSP's tables")
    func androidRows() throws {
        let output = try CLI.run(["measure", "--bundled-only", "--platform", "android", "--font-scale", "1,2", "--style", "bodyLarge", "Settings"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first?.contains("FONT SCALE") == true && lines.count == 3)
        // bodyLarge: 16 sp → 16 dp at 1, 28 dp at 2 (2.0 table: 14 → 26, 18 → 30).
        #expect(lines[1].contains("Roboto") && lines[1].contains("16.00") && lines[2].contains("28.00"))
        // --dynamic-type is the other spelling of the same setting.
        let spelled = try CLI.run(["measure", "--bundled-only", "--platform", "android", "--dynamic-type", "1,2", "--style", "bodyLarge", "Settings"])
        #expect(spelled.stdout == output.stdout)
    }

    @Test("measure --variations prints the instance in the JSON and warns once about a clamped value")
    func variationsJSON() throws {
        let output = try CLI.run(["measure", "--bundled-only", "--json", "--font", "Roboto", "--variations", "wght=1200", "Go", "Stop"])
        #expect(output.status == 0)
        #expect(output.stdout.split(separator: "\n").allSatisfy { $0.contains(#""variations":"wght=900""#) })
        #expect(output.stderr == "textfit: warning: wght=1200 is outside the axis's range: 900 used\n")
    }

    @Test("fonts lists axes and named instances")
    func fontsListsAxes() throws {
        let output = try CLI.run(["fonts", "--bundled-only"])
        let roboto = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("Roboto ") })
        // Roboto's fvar: wght 100…900, wdth 75…100.
        #expect(roboto.contains("wght 100–900, wdth 75–100") && roboto.contains("Italic"))
        let json = try CLI.run(["fonts", "--bundled-only", "--json"])
        #expect(json.stdout.contains(#""instances":["Thin Italic""#) || json.stdout.contains(#""instances":["Thin""#))
    }

    @Test("Bad platform input: exit 2 for options, 3 for fonts, each naming the value", arguments: [
        (["--platform", "windows"], 2, "--platform: 'windows' is not a platform"),
        (["--platform", "android", "--font-scale", "0"], 2, "--font-scale: 0 is not a font scale"),
        (["--platform", "android", "--font-scale", "NaN"], 2, "--font-scale:"),
        (["--platform", "android", "--dynamic-type", "xxLarge"], 2, "'xxLarge' is a Dynamic Type size"),
        (["--font-scale", "1.3"], 2, "'1.3' is a font scale, which is Android's"),
        (["--style", "bodyLarge"], 2, "'bodyLarge' is a Material 3 style"),
        (["--platform", "android", "--style", "body"], 2, "'body' is an Apple text style"),
        (["--variations", "wght"], 2, "invalid font variation 'wght'"),
        (["--font", "Roboto", "--variations", "GRAD=1"], 3, "has no 'GRAD' axis"),
        (["--font", "Roboto", "--instance", "Wide"], 3, "has no named instance 'Wide'"),
        (["--apple-fonts", "/nonexistent-apple-fonts"], 3, "the Apple fonts folder '/nonexistent-apple-fonts' does not exist"),
    ] as [([String], Int32, String)])
    func badInput(_ options: [String], _ status: Int32, _ message: String) throws {
        let output = try CLI.run(["measure", "--bundled-only"] + options + ["x"])
        #expect(output.status == status && output.stderr.contains(message), "\(output.status) \(output.stderr)")
    }
}
