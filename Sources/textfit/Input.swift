// Texts from arguments, files and JSON lines; UTF-8 checked.
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

/// The contents of the file at `path`, or an input error saying why not: `cannot read text file
/// 'x': no such file or directory` (or `permission denied`, `it is a folder`, the system's reason).
func readFile(_ path: String, what: String) throws -> Data {
    var info = stat()
    guard stat(path, &info) == 0 else {
        throw CommandError.input("cannot read \(what) '\(path)': \(systemReason(errno))")
    }
    if info.st_mode & S_IFMT == S_IFDIR { throw CommandError.input("cannot read \(what) '\(path)': it is a folder") }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw CommandError.input("cannot read \(what) '\(path)': \(systemReason(errno))") }
    close(descriptor)
    guard let contents = FileManager.default.contents(atPath: path) else {
        throw CommandError.input("cannot read \(what) '\(path)': it could not be read to its end")
    }
    return contents
}

/// `strerror`'s text for `code`, in the lower case of a message's middle ("no such file or directory").
func systemReason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
}

/// Reads the texts to measure: the positional arguments, or lines of `--file` / stdin.
func readTexts(_ arguments: Arguments) throws -> [String] {
    var source = arguments.values["file"]
    if source == nil, arguments.positional == ["-"] { source = "-" }
    guard let source else {
        if arguments.flags.contains("json-input") {
            return try arguments.positional.enumerated().map { try decodeJSONString($1, where: "argument \($0 + 1)") }
        }
        return arguments.positional
    }
    let data: Data
    if source == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        data = try readFile(source, what: "text file")
    }
    let name = source == "-" ? "standard input" : "'\(source)'"
    guard let text = String(validating: data, as: UTF8.self) else {
        let offset = firstInvalidUTF8Offset(data) ?? 0
        throw CommandError.input("\(name) is not valid UTF-8 (first bad byte at offset \(offset))")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
    }
    if lines.last == "" { lines.removeLast() }
    if arguments.flags.contains("json-input") {
        return try lines.enumerated().map { try decodeJSONString($1, where: "\(name) line \($0 + 1)") }
    }
    return lines
}

func decodeJSONString(_ line: String, where place: String) throws -> String {
    guard let value = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed) as? String else {
        throw CommandError.input("\(place) is not a JSON string literal: \(line.prefix(60))")
    }
    return value
}

/// The byte offset of the first byte that does not start or continue a valid UTF-8 sequence.
func firstInvalidUTF8Offset(_ data: Data) -> Int? {
    var offset = 0
    var iterator = data.makeIterator()
    var decoder = UTF8()
    while true {
        let before = offset
        var counting = AnyIterator<UInt8> {
            let byte = iterator.next()
            if byte != nil { offset += 1 }
            return byte
        }
        switch decoder.decode(&counting) {
        case .scalarValue: continue
        case .emptyInput: return nil
        case .error: return before
        }
    }
}
