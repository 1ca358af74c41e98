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
        printTable(header: ["CLUSTER", "SCALARS", "SCRIPT", "FONT", "WHY"],
                   rows: clusters.map { cluster in
                       [cluster.text.unicodeScalars.contains(where: { $0.properties.generalCategory.isInvisible })
                            ? cluster.text.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
                            : cluster.text,
                        "\(cluster.start)..<\(cluster.end)", cluster.script,
                        "\(cluster.font.family) (\(URL(fileURLWithPath: cluster.font.file).lastPathComponent)#\(cluster.font.faceIndex))",
                        cluster.choice]
                   }, rightAligned: [])
    }
    try finishStandardOutput()
}

extension Unicode.GeneralCategory {
    /// Characters a terminal shows as nothing: controls, separators and spaces, format characters.
    var isInvisible: Bool {
        [.control, .lineSeparator, .paragraphSeparator, .format, .spaceSeparator].contains(self)
    }
}
