// The `textfit` command: argument parsing and I/O only; the work is TextFit's operations. One file
// per command (MeasureCommand.swift, FontsCommand.swift, LayoutCommand.swift, StressCommand.swift,
// ServeCommand.swift), the command line in Arguments.swift and Help.swift, input and output in
// Input.swift and Output.swift; here, the dispatch and the exit status.
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

func run(_ words: [String]) throws {
    if words.isEmpty || words == ["--help"] || words == ["-h"] || words == ["help"] {
        print(usage)
        return try finishStandardOutput()
    }
    // `textfit help measure`, `textfit --help measure`
    if words.count == 2, ["help", "--help", "-h"].contains(words[0]) {
        guard let text = help(for: words[1]) else {
            throw CommandError.usage("unknown command '\(words[1])'; commands: measure, fonts, layout, stress, serve")
        }
        print(text)
        return try finishStandardOutput()
    }
    if words == ["--version"] {
        print("textfit \(textfitVersion)")
        return
    }
    let arguments = try Arguments(words)
    if arguments.flags.contains("help") {
        print(help(for: arguments.command) ?? usage)
        return try finishStandardOutput()
    }
    try arguments.checkApplicable()
    switch arguments.command {
    case "measure": try runMeasure(arguments)
    case "fonts": try runFonts(arguments)
    case "layout": try runLayout(arguments)
    case "stress": try arguments.positional.first == "merge" ? runStressMerge(arguments) : runStress(arguments)
    case "serve": try runServe(arguments)
    default: throw CommandError.usage("unknown command '\(arguments.command)'; commands: measure, fonts, layout, stress, serve")
    }
}

do {
    try run(try commandLineWords())
} catch let error as CommandError {
    printError(error.message)
    exit(error.code.rawValue)
} catch let error as RequestError {
    printError("\(optionName(field: error.field)): \(error.message)")
    exit(ExitCode.usage.rawValue)
} catch let error as TypographyError {
    switch error {
    case .invalidSize:
        printError("--size: \(error)")
        exit(ExitCode.usage.rawValue)
    case .invalidTracking:
        printError("--tracking: \(error)")
        exit(ExitCode.usage.rawValue)
    case .invalidFeature:
        printError("--features: \(error)")
        exit(ExitCode.usage.rawValue)
    default:
        printError("\(error)")
        exit(ExitCode.input.rawValue)
    }
} catch {
    printError("\(error)")
    exit(ExitCode.input.rawValue)
}
