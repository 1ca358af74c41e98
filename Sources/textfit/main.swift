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
    // `textfit help measure`, `textfit --help measure`, `textfit help stress merge`
    if (2...3).contains(words.count), ["help", "--help", "-h"].contains(words[0]) {
        guard let text = help(for: words.dropFirst().joined(separator: " ")) else {
            throw CommandError.usage("unknown command '\(words.dropFirst().joined(separator: " "))'; commands: measure, fonts, layout, stress, serve")
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
        let command = arguments.command == "stress" && arguments.positional.first == "merge" ? "stress merge" : arguments.command
        print(help(for: command) ?? usage)
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

/// What a failed run prints and the status it exits with.
func failure(_ error: any Error) -> (message: String, code: ExitCode) {
    switch error {
    case let error as CommandError:
        return (error.message, error.code)
    case let error as RequestError:
        return ("\(optionName(field: error.field)): \(error.message)", .usage)
    case let error as TypographyError:
        switch error {
        case .invalidSize: return ("--size: \(error)", .usage)
        case .invalidTracking: return ("--tracking: \(error)", .usage)
        case .invalidFeature: return ("--features: \(error)", .usage)
        default: return ("\(error)", .input)
        }
    default:
        return ("\(error)", .input)
    }
}

// The error is described, and released, before the process exits. Exiting from inside the `catch`
// kept it alive, and LeakSanitizer reports an array in an error's payload (a font's axis names) as
// lost, since the enum's case tag sits in the pointer's spare bits: a report at every such exit of
// a sanitized build (`make sanitize`).
let outcome: (message: String, code: ExitCode)?
do {
    try run(try commandLineWords())
    outcome = nil
} catch {
    outcome = failure(error)
}
if let outcome {
    printError(outcome.message)
    exit(outcome.code.rawValue)
}
