import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The stdio mode: one JSON request per line in, one JSON response per line out, in order.
///
/// A request is `{"id": any JSON, "op": "measure" | "layout" | "render" | "fonts" | "stress-check",
/// "params": {…the operation's body…}}`; the response echoes the id: `{"id", "result": …}` or
/// `{"id", "error": {"code", "message"}}` (`render`'s result is `{"svg": "…"}`). A malformed line
/// gets an error response (id `null` when none could be read) and never ends the process; blank
/// lines are skipped; a line over ``ServiceLimits/maxBodyBytes`` gets `payload-too-large` (id `null`)
/// and is skipped without being buffered whole. End of input ends the loop; so does an output that
/// cannot be written (its reader went away), at the first response that fails.
public struct StdioServer: Sendable {
    public let dispatcher: ServiceDispatcher

    public init(dispatcher: ServiceDispatcher) { self.dispatcher = dispatcher }

    /// How a session ended.
    public enum Outcome: Sendable, Equatable {
        /// The input ended and every request was answered.
        case endOfInput
        /// A response could not be written (`EPIPE`: the reader closed the pipe; or another write
        /// error); nothing more was read.
        case outputFailed(errno: Int32)
        /// The input could not be read.
        case inputFailed(errno: Int32)

        /// What went wrong, for stderr; `nil` at end of input.
        public var message: String? {
            switch self {
            case .endOfInput: nil
            case .outputFailed(let code):
                "cannot write a response to standard output: \(String(cString: strerror(code)))"
                    + (code == EPIPE ? " (its reader closed it)" : "") + "; stopping"
            case .inputFailed(let code): "cannot read standard input: \(String(cString: strerror(code))); stopping"
            }
        }
    }

    /// Serves `input` until it ends, writing to `output`. `SIGPIPE` is ignored from here on, so a
    /// closed output is a write error (`EPIPE`), never a silent death by signal.
    @discardableResult
    public func run(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) -> Outcome {
        signal(SIGPIPE, SIG_IGN)
        let limit = dispatcher.limits.maxBodyBytes
        var pending = Data()
        var skipping = false  // inside a line over the limit, already answered: drop it up to its newline
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // read(2) directly: FileHandle.availableData adds its own polling on Linux.
            let count = chunk.withUnsafeMutableBytes { Glibc.read(input.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {  // a non-blocking input: wait until it is readable (or closed)
                    var waiting = pollfd(fd: input.fileDescriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&waiting, 1, -1)
                    continue
                }
                return .inputFailed(errno: errno)
            }
            if count == 0 { break }
            chunk.withUnsafeBufferPointer { pending.append(UnsafeBufferPointer(rebasing: $0.prefix(count))) }
            while let newline = Self.firstNewline(in: pending) {
                let line = pending[pending.startIndex..<newline]
                pending = pending[(newline + 1)...]
                if skipping {
                    skipping = false
                    continue
                }
                if let failure = serve(Data(line), to: output) { return failure }
            }
            if pending.count > limit {
                if !skipping, let failure = write(Self.tooLong(limit), to: output) { return failure }
                skipping = true
                pending = Data()
            }
        }
        if !pending.isEmpty && !skipping, let failure = serve(pending, to: output) { return failure }
        return .endOfInput
    }

    /// The index of the first newline in `data` (`memchr`: the generic search read a byte at a time
    /// through `Data`'s subscript, ~40 instructions a byte).
    static func firstNewline(in data: Data) -> Data.Index? {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base, 0x0A, bytes.count) else { return nil }
            return data.startIndex + base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// The answer to a line over the limit.
    static func tooLong(_ limit: Int) -> Data {
        ServiceError(.payloadTooLarge, "the line is over the \(limit)-byte limit (maxBodyBytes); it was skipped").json(id: NSNull())
            + Data([0x0A])
    }

    /// Answers one line; the failure when the answer could not be written.
    func serve(_ line: Data, to output: FileHandle) -> Outcome? {
        if line.count > dispatcher.limits.maxBodyBytes { return write(Self.tooLong(dispatcher.limits.maxBodyBytes), to: output) }
        guard let response = respond(to: line) else { return nil }
        return write(response + Data([0x0A]), to: output)
    }

    /// The response line for one request line (`nil` for a blank line).
    public func respond(to line: Data) -> Data? {
        var trimmed = line
        while let last = trimmed.last, last == 0x0D || last == 0x20 || last == 0x09 { trimmed.removeLast() }
        if trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        // The same reader, codes and messages as an HTTP body (where the parser stopped; a value
        // that is not an object is invalid-request), with "the line" for "the body".
        let object: [String: Any]
        do {
            object = try ServiceDispatcher.object(trimmed, what: "the line")
        } catch let error as ServiceError {
            var error = error
            if error.code == ServiceError.Code.invalidRequest.rawValue { error.message += #" ({"id", "op", "params"})"# }
            return error.json(id: NSNull())
        } catch {
            return ServiceError(.internalError, "\(error)").json(id: NSNull())
        }
        let id = object["id"] ?? NSNull()
        if let unknown = object.keys.sorted().first(where: { !["id", "op", "params"].contains($0) }) {
            return ServiceError(.invalidRequest, "\(unknown): unknown field (expected id, op, params)").json(id: id)
        }
        let operations = ServiceDispatcher.operations.joined(separator: ", ")
        guard let opValue = object["op"] else {
            return ServiceError(.invalidRequest, "op: missing (\(operations))").json(id: id)
        }
        guard let op = opValue as? String else {
            return ServiceError(.invalidRequest, "op: expected a string (\(operations))").json(id: id)
        }
        let params = object["params"] ?? [String: Any]()
        guard let body = params as? [String: Any] else {
            return ServiceError(.invalidRequest, "params: expected an object").json(id: id)
        }
        let response = dispatcher.handle(op, object: body)
        let idJSON = (try? JSONSerialization.data(withJSONObject: id, options: [.fragmentsAllowed, .sortedKeys])) ?? Data("null".utf8)
        if response.status != 200 {
            // Errors are already {"error": …}: splice the id in front, without re-encoding.
            return Data(#"{"id":"#.utf8) + idJSON + Data(",".utf8) + response.body.dropFirst()
        }
        if response.contentType.hasPrefix("image/svg") {
            return encode(["id": id, "result": ["svg": String(decoding: response.body, as: UTF8.self)]])
        }
        // The operation's JSON is the result as it is: byte for byte what HTTP answers.
        return Data(#"{"id":"#.utf8) + idJSON + Data(#","result":"#.utf8) + response.body + Data("}".utf8)
    }

    private func encode(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? ServiceError(.internalError, "the response could not be encoded").json(id: NSNull())
    }

    /// Writes all of `data`; the failure when it could not (`EPIPE` once the reader has gone: `run`
    /// ignores `SIGPIPE`).
    private func write(_ data: Data, to output: FileHandle) -> Outcome? {
        data.withUnsafeBytes { buffer -> Outcome? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(output.fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN {  // a non-blocking output that is full: wait until it drains
                        var waiting = pollfd(fd: output.fileDescriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&waiting, 1, -1)
                        continue
                    }
                    return .outputFailed(errno: errno)
                }
                offset += written
            }
            return nil
        }
    }
}
