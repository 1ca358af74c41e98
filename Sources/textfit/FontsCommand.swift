// `textfit fonts`: the families, or which font each cluster of a text resolves to.
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

func runFonts(_ arguments: Arguments) throws {
    let engine = try makeEngine(arguments)
    let json = arguments.flags.contains("json")
    guard let text = arguments.values["for"] else {
        guard arguments.positional.isEmpty else { throw CommandError.usage("fonts takes no TEXT; use --for TEXT") }
        let families = engine.families()
        if json {
            for family in families { try emitJSON(family) }
        } else {
            printTable(header: ["FAMILY", "SOURCE", "STYLES", "AXES", "NAMED INSTANCES"],
                       rows: families.map { family in
                           [family.name, family.source.rawValue, family.styles.joined(separator: ", "),
                            family.axes.map { "\($0.tag) \(String(format: "%g", $0.minimum))–\(String(format: "%g", $0.maximum))" }.joined(separator: ", "),
                            family.instances.count > 6 ? family.instances.prefix(6).joined(separator: ", ") + ", … (\(family.instances.count))"
                                : family.instances.joined(separator: ", ")]
                       }, rightAligned: [])
        }
        return try finishStandardOutput()
    }
    var request = try makeRequest(arguments, texts: [text])
    let sizes = try textSizes(arguments, platform: try platformOption(arguments))
    guard sizes.count == 1 else {
        let option = arguments.values["font-scale"] != nil ? "font-scale" : "dynamic-type"
        throw CommandError.usage("--\(option): fonts --for takes one size, got \(sizes.count) ('\(arguments.values[option]!)')")
    }
    request.setTextSize(sizes[0])
    let clusters = try engine.clusterFonts(text, attributes: request.attributes())
    if json {
        for cluster in clusters { try emitJSON(cluster) }
    } else {
        printTable(header: ["TEXT", "SCALARS", "SCRIPT", "FONT", "WHY"], rows: fontRuns(clusters).map { run in
            let first = run[0], last = run[run.count - 1]
            let takesRunScript = ["Zyyy", "Zinh"].contains(first.characterScript) && first.characterScript != first.script
            return [run.map { visible(cluster: $0.text) }.joined(), "\(first.start)..<\(last.end)",
                    takesRunScript ? "\(first.characterScript == "Zyyy" ? "Common" : "Inherited") (in \(first.script))" : first.script,
                    "\(first.font.family) (\(URL(fileURLWithPath: first.font.file).lastPathComponent)#\(first.font.faceIndex))",
                    first.choice]
        }, rightAligned: [])
    }
    try finishStandardOutput()
}

/// The clusters grouped into runs: neighbours in the same font, chosen the same way, in the same
/// script, and alike in whether they take their run's script (Common and Inherited characters).
func fontRuns(_ clusters: [ClusterFontResult]) -> [[ClusterFontResult]] {
    func key(_ c: ClusterFontResult) -> [String] {
        [c.script, c.font.file, String(c.font.faceIndex), c.choice, ["Zyyy", "Zinh"].contains(c.characterScript) ? "common" : "own"]
    }
    var runs: [[ClusterFontResult]] = []
    for cluster in clusters {
        if let last = runs.last?.last, key(last) == key(cluster) { runs[runs.count - 1].append(cluster) } else { runs.append([cluster]) }
    }
    return runs
}

/// A cluster's text as a terminal can show it: a space as ␠ (U+2420), another invisible character
/// (control, separator, format) as `<U+XXXX>`.
func visible(cluster text: String) -> String {
    text.unicodeScalars.map { scalar in
        if scalar == " " { return "␠" }
        return scalar.properties.generalCategory.isInvisible ? String(format: "<U+%04X>", scalar.value) : String(scalar)
    }.joined()
}

extension Unicode.GeneralCategory {
    /// Characters a terminal shows as nothing: controls, separators and spaces, format characters.
    var isInvisible: Bool {
        [.control, .lineSeparator, .paragraphSeparator, .format, .spaceSeparator].contains(self)
    }
}
