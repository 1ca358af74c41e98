import Foundation
import TextFit

/// What the service answers for one request, whatever the transport: an HTTP status, a content
/// type and a body (JSON for results and errors, SVG for `render`).
public struct ServiceResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: Data

    public init(status: Int, contentType: String = "application/json", body: Data) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
}

/// A request the service refuses, with a stable machine-readable `code`, the HTTP status it maps to,
/// and a message naming the input at fault. Encoded as `{"error": {"code", "message"}}`.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: String
    public var message: String
    public var status: Int

    public init(_ code: Code, _ message: String) {
        self.code = code.rawValue
        self.message = message
        self.status = code.status
    }

    /// The stable error codes.
    public enum Code: String, Sendable, CaseIterable {
        case malformedJSON = "malformed-json"
        case invalidUTF8 = "invalid-utf8"
        case invalidRequest = "invalid-request"
        case unknownOperation = "unknown-operation"
        case notFound = "not-found"
        case methodNotAllowed = "method-not-allowed"
        case notImplemented = "not-implemented"
        case payloadTooLarge = "payload-too-large"
        case limitExceeded = "limit-exceeded"
        case unreadableInput = "unreadable-input"
        /// A request names a file the service may not read: file access is off (no `--font-dir`), or
        /// the path is not a regular file inside the font folder (issue 27).
        case forbidden = "forbidden"
        case overloaded = "overloaded"
        /// The HTTP server is stopping (SIGINT, SIGTERM): a connection that arrived in the meantime is
        /// answered 503 with `Retry-After` instead of being reset; another replica can take it.
        case shuttingDown = "shutting-down"
        case internalError = "internal"

        /// The HTTP status for the code.
        public var status: Int {
            switch self {
            case .malformedJSON, .invalidUTF8, .invalidRequest: 400
            case .unknownOperation, .notFound: 404
            case .methodNotAllowed: 405
            case .notImplemented: 501
            case .forbidden: 403
            case .payloadTooLarge: 413
            case .limitExceeded, .unreadableInput: 422
            case .overloaded, .shuttingDown: 503
            case .internalError: 500
            }
        }
    }

    public var description: String { "\(code): \(message)" }

    /// `{"error": {"code", "message"}}`, plus `"id"` when given (stdio echoes the request's id).
    public func json(id: Any? = nil) -> Data {
        var object: [String: Any] = ["error": ["code": code, "message": message]]
        if let id { object["id"] = id }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    public var response: ServiceResponse { ServiceResponse(status: status, body: json()) }

    /// The error with `path` (a font file's real path) written as the client's own `name` for it.
    func hiding(_ path: String?, as name: String?) -> ServiceError {
        guard let path, let name else { return self }
        var error = self
        error.message = message.replacingOccurrences(of: path, with: name)
        return error
    }
}

/// Caps that keep the service alive under abuse. Each violation is a `limit-exceeded` (422) or
/// `payload-too-large` (413) error naming the limit.
public struct ServiceLimits: Sendable, Equatable {
    /// The largest request body, in bytes (default 1 MiB).
    public var maxBodyBytes: Int = 1 << 20
    /// The most texts in one request (`measure` batches, `stress-check` translations).
    public var maxTexts: Int = 1_000
    /// The longest text, in Unicode scalars.
    public var maxTextScalars: Int = 10_000
    /// The most nodes in a layout tree.
    public var maxElements: Int = 10_000
    /// The deepest layout tree.
    public var maxDepth: Int = 64
    /// Concurrent HTTP connections accepted; past it new connections wait in the listen backlog.
    public var maxConnections: Int = 64
    /// Concurrent HTTP connections accepted from one IP address; past it a new connection is closed
    /// at once. 0: no limit. `nil` (the default): half of ``maxConnections`` when the server listens
    /// beyond loopback, so one host cannot take every connection; none on loopback, where every
    /// client has the same address and a per-address cap would only be a lower total that closes
    /// connections instead of queueing them.
    public var maxConnectionsPerIP: Int?
    /// Seconds an HTTP connection may stay silent (no byte received or sent) before it is closed.
    public var connectionTimeout: Int = 30
    /// Seconds an HTTP client may take to send one whole request (request line, headers, body),
    /// counted from the connection's opening or its previous response, however steadily the bytes
    /// trickle in; past it the connection is closed without an answer.
    public var requestTimeout: Int = 30
    /// Seconds a connection may take sending a request before, when every connection slot is taken
    /// and a new client waits, it can be closed to make room (connections idle between requests go
    /// first, whatever their age). Only under that pressure: otherwise ``requestTimeout`` applies.
    public var slowClientGrace: Int = 2
    /// Requests one HTTP connection serves; the last answer says `Connection: close` (nginx's
    /// `keepalive_requests` default), so no client keeps one connection for ever.
    public var maxRequestsPerConnection: Int = 1_000
    /// Seconds one HTTP connection is used: the first answer after it says `Connection: close`, so
    /// clients reconnect (and a load balancer spreads them again). An idle connection is not cut for
    /// its age — a request may be on its way — but by ``connectionTimeout``.
    public var maxConnectionLifetime: Int = 300
    /// Bytes libmicrohttpd gives each HTTP connection for its request line, headers and read buffer;
    /// a request head that does not fit is refused with 431 (414 for the URL alone).
    public var connectionMemoryBytes: Int = 32 << 10
    /// The largest answer, in bytes (default 16 MiB), of every operation: each text's `measure`
    /// answer grows with its lines and runs, a layout with its elements and sizes, a picture with
    /// its glyphs, so a 1 MB request could ask for a 58 MB answer (an 80 MB SVG). Past it the
    /// request fails with `limit-exceeded` as soon as what was built so far passes it (the texts
    /// measured, the sizes laid out, the elements drawn, the locales checked), not after all of them.
    public var maxAnswerBytes: Int = 16 << 20
    /// The most bytes of HTTP answers written but not yet read by their clients, all connections
    /// together (default 256 MiB). A client that sends requests and reads nothing holds its answers
    /// in the server until its connection times out: sixteen such clients held 1.37 GiB of pictures.
    /// Past it, operations are refused with `overloaded` (503, `Retry-After`) until clients read
    /// or their connections close; `/healthz` and `/metrics` are still answered.
    public var maxPendingAnswerBytes: Int = 256 << 20
    /// The most characters in a row that extend a grapheme cluster (marks, joiners, variation
    /// selectors, emoji modifiers): Unicode's Stream-Safe Text Format (UAX #15) allows 30
    /// non-starters in a row, which no language needs more of; a longer run is "zalgo" text that only
    /// costs shaping time (52 such texts held a worker for 16 s). Joiners and CGJ count, so they
    /// cannot split a run that is still one cluster.
    public var maxCombiningRun: Int = 30

    public init() {}
}

/// The one folder whose font files requests may name (`textfit serve --font-dir DIR`; issue 27).
/// Without one the service reads no file a request names. With one, a request's `fontFile` is read
/// relative to the folder, and only a regular file inside it (after symbolic links are resolved) is
/// opened; answers name such fonts by their path relative to the folder.
public struct ServiceFontFolder: Sendable, Equatable {
    /// The folder's real path (symbolic links resolved), without a trailing `/`.
    public let path: String

    /// - Throws: a message naming `path` when it is not a folder that exists.
    public init(_ path: String) throws {
        guard let real = ServiceFontFolder.realPath(path) else {
            throw ServiceFontFolderError(message: "--font-dir: '\(path)' does not exist")
        }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw ServiceFontFolderError(message: "--font-dir: '\(path)' is not a folder")
        }
        self.path = real
    }

    /// `path` followed by `/` (`/` for the root itself): what every path inside starts with.
    var prefix: String { path.hasSuffix("/") ? path : path + "/" }

    /// The real path of the regular file `name` (relative to the folder, or absolute) names inside
    /// the folder. The file is opened with `O_NOFOLLOW | O_NONBLOCK` and checked with `fstat` before
    /// anything else reads it: a FIFO, a device, a folder or a socket is refused, never waited on.
    /// - Throws: `forbidden`, with one message whatever the reason (missing, outside the folder, not
    ///   a regular file, unreadable), echoing only `name`: an answer never tells whether a path
    ///   outside the folder exists, nor where the folder is.
    public func resolve(_ name: String, field: String = "fontFile") throws -> String {
        let refusal = ServiceError(.forbidden, "\(field): '\(name)' is not a readable font file in the service's font folder "
                                   + "(give a path relative to the folder given to textfit serve --font-dir)")
        guard !name.isEmpty, !name.utf8.contains(0) else { throw refusal }
        let candidate = name.hasPrefix("/") ? name : prefix + name
        guard let real = ServiceFontFolder.realPath(candidate), real.hasPrefix(prefix), real.count > prefix.count else { throw refusal }
        let fd = open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            // Out of descriptors is the service's state, not the file's: said as such, and worth a retry.
            if errno == EMFILE || errno == ENFILE {
                throw ServiceError(.overloaded, "\(field): the service has no file descriptors left to open '\(name)' "
                                   + "(\(errno == EMFILE ? "the process's limit, ulimit -n" : "the system's limit")); send the request again later")
            }
            throw refusal
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw refusal }
        return real
    }

    /// `name` relative to the folder when it is inside it, else `nil`.
    func relativeName(_ file: String) -> String? { Self.relative(file, to: prefix) }

    /// What follows `prefix` (a folder's path with its final "/") in `file`, when `file` goes on
    /// after it; else `nil`. Compared as bytes, as paths are.
    static func relative(_ file: String, to prefix: String) -> String? {
        var file = file, prefix = prefix
        return file.withUTF8 { path in
            prefix.withUTF8 { folder in
                guard path.count > folder.count, memcmp(path.baseAddress!, folder.baseAddress!, folder.count) == 0 else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: path[folder.count...]), as: UTF8.self)
            }
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A `--font-dir` that is not a folder.
public struct ServiceFontFolderError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension Data {
    /// Whether the bytes are well-formed UTF-8, checked in place by the standard library
    /// (`String(data:encoding:)` cost ~160 instructions a byte on a request body).
    var isValidUTF8: Bool {
        withUnsafeBytes { String(validating: $0, as: UTF8.self) != nil }
    }
}
