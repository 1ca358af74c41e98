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

/// The texts of `measure`, a window at a time: the positional arguments, or the lines of `--file`
/// or standard input read in blocks, so a file of a million lines is never held whole. Each text
/// comes with its name for messages (`argument 2`, `line 3 of 'texts.txt'`). Lines end at `\n`
/// (a `\r` before it is dropped); a last line without one still counts; UTF-8 is checked line by
/// line, the bad byte named by its offset in the input.
struct TextSource: ~Copyable {
    /// A text and where it came from.
    struct Text {
        var text: String
        let number: Int
    }

    private let descriptor: Int32?
    private let name: String?
    private let jsonInput: Bool
    private let limit: Int
    /// The positional texts (none when reading a file or standard input).
    private let arguments: [String]
    /// Bytes read and not yet handed out as lines (one block and the start of a line).
    private var pending: [UInt8] = []
    /// Where the next line starts in `pending`.
    private var head = 0
    /// The input offset of `pending[0]`, for the offset of a bad byte.
    private var pendingOffset = 0
    private var lines = 0
    private var ended = false
    /// Why the text after those `next` last returned cannot be read: thrown by the next call.
    private var failure: (any Error)?

    /// Opens the input `arguments` names.
    /// - Throws: ``CommandError/input(_:)`` when `--file` cannot be opened (with the system's reason).
    init(_ arguments: Arguments, limit: Int) throws {
        var source = arguments.values["file"]
        if source == nil, arguments.positional == ["-"] { source = "-" }
        jsonInput = arguments.flags.contains("json-input")
        self.limit = limit
        self.arguments = source == nil ? arguments.positional : []
        switch source {
        case nil:
            descriptor = nil
            name = nil
        case "-":
            descriptor = 0
            name = "standard input"
        case let path?:
            var info = stat()
            guard stat(path, &info) == 0 else { throw CommandError.input("cannot read text file '\(path)': \(systemReason(errno))") }
            if info.st_mode & S_IFMT == S_IFDIR { throw CommandError.input("cannot read text file '\(path)': it is a folder") }
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else { throw CommandError.input("cannot read text file '\(path)': \(systemReason(errno))") }
            descriptor = opened
            name = "'\(path)'"
        }
    }

    deinit { if let descriptor, descriptor != 0 { close(descriptor) } }

    /// The next texts (up to `count`, fewer only at the end or before a text that cannot be read),
    /// raw: a `--json-input` line is still JSON (``Decoder/decode(_:)``), so it is decoded on the
    /// thread that measures it. Empty at the end. The texts before one that cannot be read are
    /// returned first, so they are answered; the next call throws why it cannot be read.
    /// - Throws: ``CommandError`` for invalid UTF-8, a text over the length limit, or a read error.
    mutating func next(_ count: Int) throws -> [Text] {
        if let failure = failure.take() { throw failure }
        var texts: [Text] = []
        do {
            if descriptor == nil {
                while texts.count < count, lines < arguments.count {
                    let text = Text(text: arguments[lines], number: lines + 1)
                    lines += 1
                    try checkLength(text)
                    texts.append(text)
                }
            } else {
                while texts.count < count {
                    guard let line = try nextLine() else { break }
                    texts.append(line)
                }
            }
        } catch {
            guard !texts.isEmpty else { throw error }
            failure = error
        }
        return texts
    }

    /// What turns a raw text into the text to measure, for the threads that measure (``Decoder/decode(_:)``).
    var decoder: Decoder { Decoder(name: name, jsonInput: jsonInput, limit: limit) }

    struct Decoder: Sendable {
        let name: String?
        let jsonInput: Bool
        let limit: Int

        /// `text` decoded from its JSON string literal under `--json-input`, then held to the length limit.
        func decode(_ text: Text) throws -> String {
            guard jsonInput else { return text.text }
            let decoded = try decodeJSONString(text.text, where: name.map { "\($0) line \(text.number)" } ?? "argument \(text.number)")
            try TextSource.checkLength(decoded.utf8.count, number: text.number, name: name, limit: limit)
            return decoded
        }
    }

    private func checkLength(_ text: Text, bytes: Int? = nil) throws {
        try Self.checkLength(bytes ?? text.text.utf8.count, number: text.number, name: name, limit: limit)
    }

    /// Refuses a text longer than `--max-text-bytes` (default 1 MiB), naming it (`argument 2`, `line 3
    /// of 'texts.txt'`): a 10 MB paragraph takes 25 s and 2.3 GB to measure (docs/reliability.md).
    static func checkLength(_ count: Int, number: Int, name: String?, limit: Int) throws {
        guard count > limit else { return }
        let place = name.map { "line \(number) of \($0)" } ?? "argument \(number)"
        throw CommandError.limit("\(place) is \(count) bytes, over the limit of \(limit) (--max-text-bytes)")
    }

    private mutating func nextLine() throws -> Text? {
        var scanned = head
        while true {
            if let newline = pending[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = try makeLine(head..<newline)
                head = newline + 1
                return line
            }
            scanned = pending.count
            if ended {
                guard head < pending.count else { return nil }
                let line = try makeLine(head..<pending.count)
                head = pending.count
                return line
            }
            // A line longer than the limit is refused as soon as it passes it (never held whole);
            // the rest of it is read and counted so the message gives its length.
            if !jsonInput, pending.count - head > limit + 1 {
                lines += 1
                var length = pending.count - head
                var newline: Int?
                pending.removeAll(keepingCapacity: true)
                head = 0
                while newline == nil, try readBlock() {
                    newline = pending.firstIndex(of: UInt8(ascii: "\n"))
                    length += newline ?? pending.count
                    if newline == nil { pending.removeAll(keepingCapacity: true) }
                }
                if let newline, newline > 0, pending[newline - 1] == UInt8(ascii: "\r") { length -= 1 }
                try checkLength(Text(text: "", number: lines), bytes: length)
            }
            // Drop the lines already handed out before reading more (`pending` holds one block and
            // the start of a line).
            if head > 0 {
                pending.removeSubrange(..<head)
                pendingOffset += head
                scanned -= head
                head = 0
            }
            if try !readBlock() { ended = true }
        }
    }

    /// Appends the next block of input to `pending`; false at the end.
    private mutating func readBlock() throws -> Bool {
        let blockSize = 1 << 20
        let start = pending.count
        pending.append(contentsOf: repeatElement(0, count: blockSize))
        var got = 0
        repeat {
            got = pending.withUnsafeMutableBytes { read(descriptor!, $0.baseAddress! + start, blockSize) }
        } while got < 0 && errno == EINTR
        guard got >= 0 else {
            pending.removeSubrange(start...)
            throw CommandError.input("cannot read \(name!): \(systemReason(errno))")
        }
        pending.removeSubrange((start + got)...)
        return got > 0
    }

    /// The line in `pending[range]` (its `\r\n` end dropped).
    private mutating func makeLine(_ range: Range<Int>) throws -> Text {
        lines += 1
        var bytes = pending[range]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = pendingOffset + range.lowerBound + (firstInvalidUTF8Offset(Data(bytes)) ?? 0)
            throw CommandError.input("\(name!) is not valid UTF-8 (first bad byte at offset \(offset))")
        }
        let line = Text(text: text, number: lines)
        if !jsonInput { try checkLength(line) }
        return line
    }
}
