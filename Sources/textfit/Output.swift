// What the commands print and write: JSON, tables, messages (terminal-safe), output files, progress.
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    return encoder
}()

/// One JSON line, its numbers rounded as every TextFit JSON prints them (`JSONWriter.printed`).
func emitJSON(_ value: some Encodable) throws {
    print(String(decoding: roundingNumbers(inJSON: try encoder.encode(value)), as: UTF8.self))
}

/// Writes `textfit: message` to stderr with write(2): FileHandle's write traps when stderr is closed.
func printError(_ message: String) {
    // Messages quote input (catalog keys, file names): their control characters are escaped (issue 27).
    let line = Array("textfit: \(terminalSafe(message, keepingNewlines: true))\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// `text` for a terminal (issue 27): every control character (C0, DEL, C1 — ESC starts the
/// sequences that move the cursor, retitle the window, or write the clipboard) written as `\u{1B}`,
/// so input read from files cannot drive the terminal. Newlines and tabs stay with `keepingNewlines`
/// (a message's own line breaks). With `bidiControls`, the embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069), which make a terminal that runs the bidi algorithm reorder the
/// rest of the line (a table's later columns), are written the same way; the stress summary keeps
/// them, as its pseudo-locales' texts are made of them. Every other character (letters of any
/// script, marks, emoji) is kept. Only for terminal text: JSON, JUnit and HTML escape on their own.
func terminalSafe(_ text: String, keepingNewlines: Bool = false, bidiControls: Bool = false) -> String {
    // Printable ASCII, most table cells, has nothing to escape.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    guard text.unicodeScalars.contains(where: { isTerminalControl($0, keepingNewlines, bidiControls) }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if isTerminalControl(scalar, keepingNewlines, bidiControls) {
            out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        } else {
            out.append(scalar)
        }
    }
    return String(out)
}

private func isTerminalControl(_ scalar: Unicode.Scalar, _ keepingNewlines: Bool, _ bidiControls: Bool) -> Bool {
    if keepingNewlines, scalar == "\n" || scalar == "\t" { return false }
    if bidiControls, (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) { return true }
    return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

/// A verdict whose catalog-given names (key, locale, variant, text) are ``terminalSafe(_:keepingNewlines:bidiControls:)``.
func terminalSafe(_ verdict: StressVerdict) -> StressVerdict {
    var verdict = verdict
    verdict.key = terminalSafe(verdict.key)
    verdict.locale = terminalSafe(verdict.locale)
    verdict.variant = terminalSafe(verdict.variant)
    verdict.text = terminalSafe(verdict.text)
    verdict.untranslatedReason = verdict.untranslatedReason.map { terminalSafe($0) }
    return verdict
}

/// Flushes standard output, failing with exit status 4 when it could not all be written (a full disk,
/// a closed pipe): `print` drops write errors, and a cut-off result must not pass for a whole one.
/// Writes `bytes` to standard output with write(2), after whatever `print` has buffered.
func writeStandardOutput(_ bytes: [UInt8]) throws {
    guard !bytes.isEmpty else { return }
    try finishStandardOutput()
    try bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw CommandError.output("cannot write to standard output (\(String(cString: strerror(errno)))); the output is incomplete")
            }
            offset += written
        }
    }
}

func finishStandardOutput() throws {
    guard fflush(nil) != 0 else { return }  // every stream: `stdout` itself is not concurrency-safe to name
    throw CommandError.output("cannot write to standard output (\(String(cString: strerror(errno)))); the output is incomplete")
}

/// Terminal cells a string takes: two per wide (CJK, Hangul, fullwidth) or emoji-presentation
/// cluster, one per other grapheme cluster. An approximation of East Asian Width; Indic clusters
/// may still render narrower or wider in some terminals.
func displayWidth(_ text: String) -> Int {
    // Printable ASCII (most cells: numbers, paths, kinds): a cell a byte.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    return text.reduce(0) { total, character in
        guard let first = character.unicodeScalars.first else { return total }
        let v = first.value
        let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
            || first.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}")
        // Spacing marks (Mc, Thai/Lao AM) join the cluster but take a cell of their own.
        let spacing = character.unicodeScalars.dropFirst().filter {
            $0.properties.generalCategory == .spacingMark || $0.value == 0x0E33 || $0.value == 0x0EB3
        }.count
        return total + (wide ? 2 : 1) + spacing
    }
}

/// Two decimals, as `String(format: "%.2f")` writes them (``twoDecimals(_:)``, faster).
func format(_ value: Double) -> String { twoDecimals(value) }

/// Prints aligned columns, counting terminal cells (see ``displayWidth(_:)``), whitespace trimmed
/// from the end of each line (not the start: an empty or space-led first cell would shift its row). The table is written in pieces of 64 KB, not a `print` a row (a
/// 100,000-leaf layout's table is 200,000 rows). Cells quote input — texts, font and family names
/// from font files, a layout file's paths and ids — so each is ``terminalSafe(_:keepingNewlines:bidiControls:)``
/// (controls and bidi controls escaped, widths counted on what is printed).
func printTable(header: [String], rows: [[String]], rightAligned: Set<Int>) {
    let all = ([header] + rows).map { $0.map { terminalSafe($0, bidiControls: true) } }
    let cellWidths = all.map { $0.map(displayWidth) }
    let widths = header.indices.map { column in cellWidths.map { $0[column] }.max() ?? 0 }
    var out = ""
    out.reserveCapacity(1 << 16)
    for (index, row) in all.enumerated() {
        var line = ""
        for (column, cell) in row.enumerated() {
            if column > 0 { line += "  " }
            let padding = String(repeating: " ", count: max(0, widths[column] - cellWidths[index][column]))
            line += rightAligned.contains(column) ? padding + cell : cell + padding
        }
        out += trimmingTrailingWhitespace(line)
        out += "\n"
        if out.utf8.count >= 1 << 16 {
            print(out, terminator: "")
            out.removeAll(keepingCapacity: true)
        }
    }
    print(out, terminator: "")
}

/// `text` without the whitespace (`CharacterSet.whitespaces`) at its end.
func trimmingTrailingWhitespace(_ text: String) -> String {
    let scalars = text.unicodeScalars
    var end = scalars.endIndex
    while end > scalars.startIndex, CharacterSet.whitespaces.contains(scalars[scalars.index(before: end)]) {
        end = scalars.index(before: end)
    }
    return end == scalars.endIndex ? text : String(scalars[..<end])
}

/// Writes output files all or nothing: each to a temporary name beside it (created exclusively,
/// never through a link), renamed over the destination once every one is written, so that a failure
/// leaves no partial picture and the previous files untouched. Issue 27: a symbolic link at the
/// destination is replaced itself — the file it points to is never written — and a destination that
/// is a FIFO, a device or a socket is refused before anything is written (opening a FIFO used to
/// block until a reader came; writing through a link overwrote whatever it pointed to).
/// - Throws: ``CommandError`` (exit 4) naming the path and the system's reason, or what the
///   destination is (a folder, a FIFO, a device, a socket).
func writeOutputFiles(_ files: [(path: String, data: Data)], option: String) throws {
    var regular: [(path: String, partial: String, data: Data)] = []
    for file in files {
        var info = stat()
        if lstat(file.path, &info) != 0 {
            guard errno == ENOENT else {
                throw CommandError.output("cannot write '\(file.path)' (\(option)): \(String(cString: strerror(errno))); nothing was written")
            }
            let folder = (file.path as NSString).deletingLastPathComponent
            var isFolder: ObjCBool = false
            guard folder.isEmpty || (FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue) else {
                throw CommandError.output("cannot write '\(file.path)' (\(option)): the folder '\(folder)' does not exist; nothing was written")
            }
        } else {
            let what: String? = switch info.st_mode & S_IFMT {
            case S_IFREG, S_IFLNK: nil
            case S_IFDIR: "it is a folder; give a file name such as '\((file.path as NSString).appendingPathComponent("layout.svg"))'"
            case S_IFIFO: "it is a FIFO (named pipe), which is never opened; give a regular file name, or - for standard output"
            case S_IFCHR, S_IFBLK: "it is a device, which is never opened; give a regular file name, or - for standard output"
            case S_IFSOCK: "it is a socket; give a regular file name"
            default: "it is not a regular file"
            }
            if let what { throw CommandError.output("cannot write '\(file.path)' (\(option)): \(what); nothing was written") }
        }
        let name = (file.path as NSString).lastPathComponent
        let partial = ((file.path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(".\(name).\(getpid()).partial")
        regular.append((file.path, partial, file.data))
    }
    func discard() { for file in regular { unlink(file.partial) } }
    for file in regular {
        if let reason = StressReport.writeFile(file.data, to: file.partial, creating: true) {
            discard()
            throw CommandError.output("cannot write '\(file.path)' (\(option)): \(reason); nothing was written")
        }
    }
    for (index, file) in regular.enumerated() where rename(file.partial, file.path) != 0 {
        let reason = String(cString: strerror(errno))
        for rest in regular[index...] { unlink(rest.partial) }
        let done = regular[..<index].map { "'\($0.path)'" }
        throw CommandError.output("cannot write '\(file.path)' (\(option)): \(reason)"
            + (done.isEmpty ? "; nothing was written" : "; only \(done.joined(separator: ", ")) \(done.count == 1 ? "was" : "were") written"))
    }
}

/// `[████······] done/total` on stderr, redrawn in place.
@Sendable func drawProgress(_ done: Int, of total: Int) {
    guard done == total || done % 64 == 0 else { return }
    let width = 30, filled = width * done / max(total, 1)
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)\(done == total ? "\n" : "")".utf8))
}
