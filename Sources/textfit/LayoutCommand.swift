// `textfit layout`: a layout file's frames, baselines and pictures.
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

func runLayout(_ arguments: Arguments) throws {
    guard arguments.positional.count == 1, let file = arguments.positional.first else {
        throw CommandError.usage("layout needs exactly one FILE.json (or - for stdin)")
    }
    let data: Data
    if file == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        data = try readFile(file, what: "layout file")
    }
    let limits = LayoutFile.Limits(
        maxElements: try arguments.limit("max-elements", default: LayoutFile.Limits().maxElements),
        maxDepth: try arguments.limit("max-depth", default: LayoutFile.Limits().maxDepth, ceiling: LayoutFile.Limits.deepestSupported),
        maxTextBytes: try arguments.limit("max-text-bytes", default: LayoutFile.Limits().maxTextBytes))
    // The command line's platform wins over the file's (docs/layout-file.md, "The root"), and the
    // fonts are the engine's: a `variations` axis the text's font lacks is refused with its path.
    let requestedPlatform = arguments.values["platform"] == nil ? nil : try platformOption(arguments)
    let engine = try makeEngine(arguments)
    let document: LayoutFile.Document
    do {
        document = try LayoutFile.document(from: data, limits: limits, platform: requestedPlatform, fonts: engine.library)
    } catch let error as LayoutFileError {
        let message = "\(file == "-" ? "standard input" : file): \(error)"
        guard let limit = error.exceededLimit else { throw CommandError.input(message) }
        let option = ["maxElements": "--max-elements", "maxDepth": "--max-depth", "maxTextBytes": "--max-text-bytes"][limit] ?? limit
        if limit == "maxDepth" {
            let most = LayoutFile.Limits.deepestSupported
            throw CommandError.limit(message + (limits.maxDepth >= most
                ? "; \(most) is the largest --max-depth TextFit supports" : "; raise it with \(option) (at most \(most))"))
        }
        throw CommandError.limit(message + "; raise it with \(option)")
    }
    let tree = document.tree, platform = document.platform
    // `--dynamic-type` / `--font-scale` win over the file's `dynamicType` / `fontScale`.
    let sizesGiven = arguments.values["dynamic-type"] != nil || arguments.values["font-scale"] != nil
    let sizes = sizesGiven ? try textSizes(arguments, platform: platform) : document.textSizes ?? [TextSize.standard(for: platform)]
    let direction: LayoutDirection
    switch arguments.values["direction"] ?? "ltr" {
    case "ltr", "leftToRight": direction = .leftToRight
    case "rtl", "rightToLeft": direction = .rightToLeft
    case let other: throw CommandError.usage("--direction: '\(other)' is not ltr or rtl")
    }
    for name in ["width", "height"] {
        if let value = try arguments.number(name, allowInfinity: true), value < 0 {
            throw CommandError.usage("--\(name) must not be negative")
        }
    }
    let width = try arguments.number("width", allowInfinity: true)
    let height = try arguments.number("height", allowInfinity: true)
    let results = engine.layout(tree, width: width, height: height, textSizes: sizes, direction: direction)
    let outputs = results.map(LayoutOutput.init)
    // What went wrong goes to standard error whatever the output format (and into --json too):
    // the layout still answers, so the exit status stays 0.
    for ((size, _), output) in zip(results, outputs) {
        for diagnostic in output.diagnostics { printError("warning: \(size): \(diagnostic)") }
    }
    if let svgPath = arguments.values["svg"] {
        let renderer = SVGRenderer(options: .init(overlays: arguments.flags.contains("overlays") ? .all : []))
        if svgPath == "-" {
            // The picture is the output: nothing else goes to standard output.
            guard results.count == 1 else {
                let option = sizesGiven ? (arguments.values["font-scale"] != nil ? "--font-scale" : "--dynamic-type")
                    : "the file's \(platform == .ios ? "dynamicType" : "fontScale")"
                throw CommandError.usage("--svg - writes one picture to standard output, but \(option) asks for \(results.count) text sizes; give one size or a file name (OUT.svg: OUT-SIZE.svg each)")
            }
            print(renderer.svg(results[0].1), terminator: "")
            return try finishStandardOutput()
        }
        let pictures = results.map { size, result in
            let path = results.count == 1 ? svgPath
                : (svgPath as NSString).deletingPathExtension + "-\(size)." + ((svgPath as NSString).pathExtension.isEmpty ? "svg" : (svgPath as NSString).pathExtension)
            return (path: path, data: Data(renderer.svg(result).utf8))
        }
        try writeOutputFiles(pictures, option: "--svg")
    }
    if arguments.flags.contains("json") {
        for output in outputs { print(String(decoding: try output.jsonData(), as: UTF8.self)) }
        return try finishStandardOutput()
    }
    if arguments.flags.contains("summary") {
        printTable(header: [platform == .ios ? "DYNAMIC TYPE" : "FONT SCALE", "DIRECTION", "WIDTH", "HEIGHT", "ELEMENTS", "ROWS"],
                   rows: zip(outputs, results).map { output, result in
                       // Rows: the bands the root container's shown children occupy (children whose
                       // heights overlap are one row: a flow's row of items of different heights, an
                       // hstack), hidden elements (0 × 0) none (`LayoutResult.rootRowCount`).
                       ["\(result.0)", direction == .rightToLeft ? "rtl" : "ltr", format(output.size.width),
                        format(output.size.height), "\(output.elements.count)", "\(result.1.rootRowCount)"]
                   }, rightAligned: [2, 3, 4, 5])
        return try finishStandardOutput()
    }
    for ((size, _), output) in zip(results, outputs) {
        print("\(size): \(format(output.size.width)) × \(format(output.size.height)), \(output.elements.count) elements")
        printTable(header: ["PATH", "KIND", "ID", "X", "Y", "WIDTH", "HEIGHT", "BASELINE"],
                   rows: output.elements.map { element in
                       // The root's path is empty ([] in JSON): named, so the row keeps its columns.
                       [element.path.isEmpty ? "root" : element.path.map(String.init).joined(separator: "."), element.kind + (element.hidden == true ? " (hidden)" : ""),
                        element.id ?? "",
                        format(element.frame.x), format(element.frame.y), format(element.frame.width), format(element.frame.height),
                        element.firstBaseline == element.frame.height ? "" : format(element.firstBaseline)]
                   }, rightAligned: [3, 4, 5, 6, 7])
    }
    try finishStandardOutput()
}
