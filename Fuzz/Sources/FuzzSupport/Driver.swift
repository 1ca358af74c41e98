// The libFuzzer entry point shared by every target, and how a target reports a broken invariant.
//
// A target's main.swift is `fuzzMain { bytes in … }`: libFuzzer calls the closure once per input.
// A broken invariant calls `violation(…)`, which ends the process with fatalError (a deadly
// signal for libFuzzer, which then saves the input as crash-<sha1>) and prints the input escaped.
import CFuzzDriver
import Foundation

nonisolated(unsafe) private var testOneInput: (([UInt8]) -> Void)?

/// Runs libFuzzer with `test` as LLVMFuzzerTestOneInput; never returns.
public func fuzzMain(_ test: @escaping ([UInt8]) -> Void) -> Never {
    testOneInput = test
    let status = fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
        let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        testOneInput!(bytes)
        return 0
    }
    exit(status)
}

/// Reports a broken invariant and stops: `what` names it, `input` is what it was found on.
public func violation(_ what: String, input: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("INVARIANT BROKEN: \(what)\n  input: \(escaped(input))", file: file, line: line)
}

/// A string as a Swift literal with non-ASCII scalars as \u{…}, cut after `limit` scalars.
public func escaped(_ text: String, limit: Int = 600) -> String {
    var out = "\""
    for (index, scalar) in text.unicodeScalars.enumerated() {
        if index == limit { out += "…(\(text.unicodeScalars.count) scalars)"; break }
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case " "..."~": out.unicodeScalars.append(scalar)
        default: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }
    return out + "\""
}

/// Findings already reported (ids in crashes/README.md) that a long exploratory run may step over
/// to look for new ones: `FUZZ_KNOWN=id,id`. Unset — as in `make fuzz` and CI — everything is checked.
public enum Known {
    static let ids = Set((ProcessInfo.processInfo.environment["FUZZ_KNOWN"] ?? "").split(separator: ",").map(String.init))
    public static func skips(_ id: String) -> Bool { ids.contains(id) }
}
