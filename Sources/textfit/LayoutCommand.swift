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
    let direction: LayoutDirection?
    switch arguments.values["direction"] {
    case nil: direction = nil  // the locale's
    case "ltr", "leftToRight": direction = .leftToRight
    case "rtl", "rightToLeft": direction = .rightToLeft
    case let other?: throw CommandError.usage("--direction: '\(other)' is not ltr or rtl")
    }
    let strings = try arguments.values["strings"].map(readStrings)
    // A locale a catalog has (or a pseudo-locale) is the app's, whatever ICU knows; else one ICU
    // does not know is an error, and one no catalog has a warning.
    let locale = try localeOption(arguments) { PseudoLocale(name: $0) != nil || strings?.hasLocale($0) == true }
    if let strings, let locale, !strings.hasLocale(locale) {
        printError("warning: no catalog has the locale '\(locale)' (locales: \(strings.locales.joined(separator: ", "))); "
                   + "keys show the source language's strings (\(strings.sourceLanguage)), as Foundation falls back")
    } else if let locale, PseudoLocale(name: locale) == nil, !CanonicalLocale(locale).namesKnownLanguage {
        printError("warning: the catalogs' locale '\(locale)' is not one ICU (CLDR) knows: its numbers, plural rules and line "
                   + "breaks are the root locale's")
    }
    let width = try arguments.number("width")
    let height = try arguments.number("height")
    let scale = try arguments.number("scale") ?? 1
    let results = engine.layout(tree, width: width, height: height, textSizes: sizes, direction: direction, locale: locale, strings: strings)
    // Each text's fit, asked once: for the JSON and for the findings the table and summary list.
    let texts = results.map { $0.1.texts }
    let outputs = zip(results, texts).map { LayoutOutput($0.0, $0.1, texts: $1) }
    // What went wrong goes to standard error whatever the output format (and into --json too):
    // the layout still answers, so the exit status stays 0.
    for ((size, _), output) in zip(results, outputs) {
        for diagnostic in output.diagnostics { printError("warning: \(size): \(diagnostic)") }
    }
    // Pictures: --svg and --png draw the same picture (the PNG is the SVG rasterised by librsvg at
    // --scale pixels per point); every picture is made before any is written.
    let renderer = SVGRenderer(options: .init(overlays: arguments.flags.contains("overlays") ? .all : []))
    var svgFiles: [(path: String, data: Data)] = [], pngFiles: [(path: String, data: Data)] = []
    var standardOutput: Data?  // `--svg -` or `--png -`: the one picture is the output
    let pictures = arguments.values["svg"] == nil && arguments.values["png"] == nil ? [] : results.map { renderer.svg($0.1) }
    for (option, fileExtension) in [("svg", "svg"), ("png", "png")] {
        guard let path = arguments.values[option] else { continue }
        if path == "-", results.count != 1 {
            let sizeOption = sizesGiven ? (arguments.values["font-scale"] != nil ? "--font-scale" : "--dynamic-type")
                : "the file's \(platform == .ios ? "dynamicType" : "fontScale")"
            throw CommandError.usage("--\(option) - writes one picture to standard output, but \(sizeOption) asks for \(results.count) text sizes; give one size or a file name (OUT.\(fileExtension): OUT-SIZE.\(fileExtension) each)")
        }
        for ((size, _), svg) in zip(results, pictures) {
            let name = results.count == 1 ? path
                : (path as NSString).deletingPathExtension + "-\(size)." + ((path as NSString).pathExtension.isEmpty ? fileExtension : (path as NSString).pathExtension)
            let data: Data
            if option == "svg" {
                data = Data(svg.utf8)
            } else {
                do {
                    data = try PNGRasterizer.png(fromSVG: svg, scale: scale)
                } catch let error as RasterizationError {
                    let message = "cannot draw \(path == "-" ? "the PNG" : "'\(name)'") (--png): \(error)"
                    throw error.kind == .tooLarge ? CommandError.limit(message) : CommandError.output(message)
                }
            }
            if path == "-" {
                standardOutput = data
            } else if option == "svg" {
                svgFiles.append((name, data))
            } else {
                pngFiles.append((name, data))
            }
        }
    }
    if !svgFiles.isEmpty { try writeOutputFiles(svgFiles, option: "--svg") }
    if !pngFiles.isEmpty { try writeOutputFiles(pngFiles, option: "--png") }
    if let standardOutput {
        // The picture is the output: nothing else goes to standard output.
        try finishStandardOutput()
        do {
            try FileHandle.standardOutput.write(contentsOf: standardOutput)
        } catch {
            throw CommandError.output("cannot write to standard output (\(error.localizedDescription)); the output is incomplete")
        }
        return
    }
    if arguments.flags.contains("json") {
        for output in outputs { print(String(decoding: try output.jsonData(), as: UTF8.self)) }
        return try finishStandardOutput()
    }
    // Texts cut, shrunk, clipped or overlapping, by size: listed after the table (`PlacedText`'s description).
    let findings = texts.map { $0.filter(\.hasFindings) }
    func printFindings(_ found: [PlacedText], size: TextSize) {
        guard !found.isEmpty else { return }
        print("\(size): \(found.count) text\(found.count == 1 ? "" : "s") with findings:")
        for text in found { print("  \(text)") }
    }
    if arguments.flags.contains("summary") {
        printTable(header: [platform == .ios ? "DYNAMIC TYPE" : "FONT SCALE", "DIRECTION", "WIDTH", "HEIGHT", "ELEMENTS", "FINDINGS", "ROWS"],
                   rows: zip(zip(outputs, results), findings).map { pair, found in
                       let (output, result) = pair
                       // Rows: the bands the root container's shown children occupy (children whose
                       // heights overlap are one row: a flow's row of items of different heights, an
                       // hstack), hidden elements (0 × 0) none (`LayoutResult.rootRowCount`).
                       return ["\(result.0)", direction == .rightToLeft ? "rtl" : "ltr", format(output.size.width),
                               format(output.size.height), "\(output.elements.count)", "\(found.count)", "\(result.1.rootRowCount)"]
                   }, rightAligned: [2, 3, 4, 5, 6])
        if findings.contains(where: { !$0.isEmpty }) {
            print()
            for ((size, _), found) in zip(results, findings) { printFindings(found, size: size) }
        }
        return try finishStandardOutput()
    }
    for (((size, _), output), found) in zip(zip(results, outputs), findings) {
        print("\(size): \(format(output.size.width)) × \(format(output.size.height)), \(output.elements.count) elements")
        printTable(header: ["PATH", "KIND", "ID", "X", "Y", "WIDTH", "HEIGHT", "BASELINE"],
                   rows: output.elements.map { element in
                       // The root's path is empty ([] in JSON): named, so the row keeps its columns.
                       [element.path.isEmpty ? "root" : element.path.map(String.init).joined(separator: "."), element.kind + (element.hidden == true ? " (hidden)" : ""),
                        element.id ?? "",
                        format(element.frame.x), format(element.frame.y), format(element.frame.width), format(element.frame.height),
                        element.firstBaseline == element.frame.height ? "" : format(element.firstBaseline)]
                   }, rightAligned: [3, 4, 5, 6, 7])
        printFindings(found, size: size)
    }
    try finishStandardOutput()
}

/// The string tables at `path` (`--strings`): a catalog file or a folder of them, read by the stress
/// tester's readers. A file that cannot be read or is malformed stops the command (exit 3), naming
/// it and the line or JSON path; problems with single entries are warnings.
func readStrings(_ path: String) throws -> LocalizedStrings {
    do {
        let strings = try LocalizedStrings(contentsOf: [path])
        for problem in strings.problems.prefix(20) { printError("warning: \(problem)") }
        if strings.problems.count > 20 { printError("warning: … and \(strings.problems.count - 20) more problems in the string tables") }
        return strings
    } catch {
        throw CommandError.input("--strings: \(error)")
    }
}
