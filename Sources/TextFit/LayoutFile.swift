import Foundation
import LayoutCore

/// A layout tree described in JSON: the `textfit layout` file format (docs/layout-file.md).
///
/// A node is an object with exactly one kind key — a leaf (`text`, `box`, `rectangle`, `spacer`,
/// `divider`) or a container (`hstack`, `vstack`, `zstack`, `flow`, `grid`, `equalWidth`,
/// `viewThatFits`) whose value holds its parameters and `children` — plus modifiers: as keys
/// beside it (shorthand, applied in one fixed order, ``shorthandOrder``) and as an ordered chain,
/// `"modifiers": [{…}, {…}]`, innermost first, applied after the shorthand. An `id` beside the
/// kind names the outermost element; an `id` in a link of the chain names that link's element.
/// Text options sit beside `text`. The root may declare the file's own alignment guides under
/// `"alignments"`, its `platform` (`ios`, `android`) and the user's text sizes (`dynamicType`, or
/// `fontScale`: two spellings of one setting; ``Document``). Errors name the JSON path of the
/// problem (`$.flow.children[2].padding`).
public enum LayoutFile {
    /// Parses a layout file into an element tree, refusing one over `limits` before building anything.
    ///
    /// The tree only, read for the root's `platform` (iOS when it names none);
    /// ``document(from:limits:platform:fonts:)`` also gives the platform and the root's text sizes,
    /// to lay it out with.
    /// - Throws: ``LayoutFileError`` naming the path and what is wrong (and the limit, if one is exceeded).
    public static func element(from data: Data, limits: Limits = Limits()) throws -> AnyView {
        try document(from: data, limits: limits).tree
    }

    /// A layout file read whole: the element tree and what its root says about laying it out.
    public struct Document: Sendable {
        /// The root node's elements.
        public let tree: AnyView
        /// The platform the tree was read for, and is to be laid out under: the one the caller asked
        /// for, else the root's `platform`, else iOS. Text styles are the platform's own (Apple's
        /// under iOS, Material 3's under Android); a text with no font is `body` or `bodyLarge`.
        public let platform: Platform
        /// The root's text sizes (`dynamicType` or `fontScale`, read for ``platform``: Dynamic Type
        /// sizes under iOS, font scales under Android), or `nil` when it gives none. A caller's own
        /// sizes (`--dynamic-type`, `--font-scale`) win over them.
        public let textSizes: [TextSize]?
    }

    /// Parses a layout file (``element(from:limits:)``) with its root's settings.
    /// - Parameters:
    ///   - data: the layout file's JSON.
    ///   - limits: the largest tree, JSON and texts accepted (``Limits``).
    ///   - platform: the platform the caller asks for (`--platform`, the service's `platform`),
    ///     which wins over the root's `platform`; `nil` to take the root's.
    ///   - fonts: the fonts the tree will be laid out with, to refuse a `variations` axis or an
    ///     `instance` its text's font does not have (naming the node); `nil` leaves that to the
    ///     layout, where such a text measures 0 × 0 with an `unmeasurableText` diagnostic.
    /// - Throws: ``LayoutFileError`` naming the path and what is wrong (and the limit, if one is exceeded).
    public static func document(from data: Data, limits: Limits = Limits(), platform: Platform? = nil,
                                fonts: FontLibrary? = nil) throws -> Document {
        let jsonDepth = nestingDepth(data)
        guard jsonDepth <= limits.deepestJSON else {
            throw LayoutFileError(path: "$", message: "the JSON nests \(jsonDepth) levels deep; a tree within the depth limit of \(limits.maxDepth) nodes nests at most \(limits.deepestJSON)", exceededLimit: "maxDepth")
        }
        // TextFit's own reader, not JSONSerialization: Foundation's NSDictionary graph took a third
        // of `textfit layout`'s time on a 10,000-leaf file (callgrind), and this names the line and
        // column of a syntax error.
        let json: Any
        do {
            json = try JSONReader.parse(data, refusesDuplicateKeys: true, maxContainers: limits.maxJSONContainers)
        } catch is JSONReader.TooLarge {
            throw LayoutFileError(path: "$", message: "more than \(limits.maxJSONContainers) JSON objects and arrays (\(Limits.containersPerNode) "
                                  + "per node of the \(limits.maxElements)-node limit): refused while reading", exceededLimit: "maxElements")
        } catch {
            throw LayoutFileError(path: "$", message: "not valid JSON (\(error))")
        }
        var count = 0
        try check(json, at: "$", depth: 1, count: &count, limits: limits)
        return try document(json, at: "$", platform: platform, fonts: fonts)
    }

    /// Checks an already-decoded tree against `limits` as ``element(from:limits:)`` does before
    /// building (nodes, a flow's `overflow` template counted once per item of the flow; depth; text
    /// bytes), so a caller that decoded the JSON itself (the service) can refuse a tree that would
    /// build too many nodes.
    /// - Throws: ``LayoutFileError`` naming the path where a limit was crossed, and the limit.
    public static func checkLimits(_ json: Any, at path: String = "$", limits: Limits) throws {
        var count = 0
        try check(json, at: path, depth: 1, count: &count, limits: limits)
    }

    /// Parses an already-decoded JSON value (the service's request bodies): the root node, with the
    /// file's `alignments` declarations if it has any (the tree only, as ``element(from:limits:)``).
    public static func element(_ json: Any, at path: String = "$") throws -> AnyView {
        try document(json, at: path).tree
    }

    /// Parses an already-decoded JSON value (the service's `tree`) with its root's settings, as
    /// ``document(from:limits:platform:fonts:)`` does.
    public static func document(_ json: Any, at path: String = "$", platform: Platform? = nil, fonts: FontLibrary? = nil) throws -> Document {
        let root = try FileNode(json, path)
        let declared = try root.string("platform").map { name in
            guard let platform = Platform(name: name) else {
                throw LayoutFileError(path: path + ".platform", message: "'\(name)' is not a platform (ios, android)")
            }
            return platform
        }
        let platform = platform ?? declared ?? .ios
        let parser = try LayoutFileParser(root: json, at: path, platform: platform, declared: declared, fonts: fonts)
        return Document(tree: AnyView(element: try parser.element(json, at: path, isRoot: true)), platform: platform,
                        textSizes: try textSizes(root, platform: platform))
    }

    /// The root's `dynamicType` or `fontScale` (a string as `--dynamic-type` takes it, or a number
    /// for one font scale), read for `platform` by ``TextSize/list(parsing:platform:field:)``.
    private static func textSizes(_ root: FileNode, platform: Platform) throws -> [TextSize]? {
        let given = ["dynamicType", "fontScale"].filter { root.raw[$0] != nil }
        guard let key = given.last else { return nil }
        guard given.count == 1 else {
            throw LayoutFileError(path: root.path + ".fontScale", message: "give dynamicType or fontScale, not both (two spellings of the user's text size)")
        }
        let value = root.raw[key]!
        let text: String
        if let string = value as? String {
            text = string
        } else if key == "fontScale", !isJSONBoolean(value), let number = jsonNumber(value) {
            text = number.stringValue
        } else {
            throw LayoutFileError(path: root.path + "." + key, message: key == "fontScale"
                ? "expected a font scale (1.3), or a string of them (\"1,1.3,2\", \"all\")"
                : "expected a string: a Dynamic Type size, a comma list, FROM...TO or all (font scales under android)")
        }
        do {
            return try TextSize.list(parsing: text, platform: platform, field: key)
        } catch let error as RequestError {
            throw LayoutFileError(path: root.path + "." + key, message: error.message)
        }
    }

    static let leafKinds = ["text", "key", "box", "rectangle", "spacer", "divider"]
    /// What a `key` node (a text looked up in the string tables) takes besides a text's options.
    static let keyKeys: Set<String> = ["table", "arguments"]
    static let containerKinds = ["hstack", "vstack", "zstack", "flow", "grid", "equalWidth", "viewThatFits"]
    static let textKeys: Set<String> = ["style", "font", "size", "weight", "italic", "lineLimit", "truncation", "alignment",
                                        "lineSpacing", "minimumScaleFactor", "tracking", "kerning", "design", "fontWidth",
                                        "instance", "variations", "markdown", "underline", "strikethrough", "reservesSpace"]
    /// What only the root node may hold besides a node's keys: the file's guides and its settings.
    static let rootKeys: Set<String> = ["alignments", "platform", "dynamicType", "fontScale"]

    /// The modifiers a node may carry as keys beside its kind, in the order they are applied,
    /// innermost first (then the `modifiers` chain, then `id`). Each can also be a link of the chain.
    public static let shorthandOrder = ["alignmentGuide", "padding", "aspectRatio", "frame", "fixedSize", "overlay", "background",
                                        "clipped", "position", "offset", "hidden", "layoutDirection", "layoutPriority", "startsNewRow",
                                        "gridCellColumns", "gridColumnAlignment", "gridCellAnchor", "gridCellUnsizedAxes",
                                        "accessibilityIdentifier"]
    static let modifierNames = Set(shorthandOrder)

    /// The JSON values inside a node that are nodes themselves, with their paths: a container's
    /// `children`, a grid's cells (rows as arrays, `{"cells"}` objects or full-width nodes), the
    /// content of `overlay` and `background` (as keys or links of the chain). A flow's `overflow`
    /// template is left out: it is counted apart, once per item.
    package static func childNodes(of node: [String: Any], at path: String) -> [(json: Any, path: String)] {
        var found: [(Any, String)] = []
        for kind in containerKinds {
            guard let body = node[kind] as? [String: Any] else { continue }
            let here = path + "." + kind
            for (index, child) in ((body["children"] as? [Any]) ?? []).enumerated() { found.append((child, "\(here).children[\(index)]")) }
            for (row, value) in ((body["rows"] as? [Any]) ?? []).enumerated() {
                let cells: [Any]?, cellsPath: String
                if let array = value as? [Any] {
                    (cells, cellsPath) = (array, "\(here).rows[\(row)]")
                } else if let object = value as? [String: Any], object["cells"] != nil {
                    (cells, cellsPath) = (object["cells"] as? [Any], "\(here).rows[\(row)].cells")
                } else {
                    found.append((value, "\(here).rows[\(row)]"))  // a full-width node
                    continue
                }
                for (column, cell) in (cells ?? []).enumerated() { found.append((cell, "\(cellsPath)[\(column)]")) }
            }
        }
        func secondary(_ value: Any?, _ at: String) {
            guard let value else { return }
            if let object = value as? [String: Any], let content = object["content"] {
                if let list = content as? [Any] {
                    for (index, item) in list.enumerated() { found.append((item, "\(at).content[\(index)]")) }
                } else {
                    found.append((content, at + ".content"))
                }
            } else {
                found.append((value, at))
            }
        }
        for key in ["overlay", "background"] { secondary(node[key], path + "." + key) }
        for (index, link) in ((node["modifiers"] as? [Any]) ?? []).enumerated() {
            guard let link = link as? [String: Any] else { continue }
            for key in ["overlay", "background"] { secondary(link[key], "\(path).modifiers[\(index)].\(key)") }
        }
        return found
    }

    /// The template with `token` replaced in every string.
    static func substitute(_ value: Any, _ token: String, _ replacement: String) -> Any {
        switch value {
        case let string as String: string.replacingOccurrences(of: token, with: replacement)
        case let array as [Any]: array.map { substitute($0, token, replacement) }
        case let object as [String: Any]: object.mapValues { substitute($0, token, replacement) }
        default: value
        }
    }
}

// MARK: - Limits

extension LayoutFile {
    /// Caps on a layout file, so that a huge or hostile file is refused with an error naming the
    /// limit (and the JSON path where it was crossed) instead of exhausting memory, time or the stack.
    /// `textfit layout` sets them with `--max-elements`, `--max-depth` and `--max-text-bytes`;
    /// docs/reliability.md gives the time and memory at each default.
    public struct Limits: Sendable, Equatable {
        /// The most nodes (leaves and containers; the modifiers beside a node are part of it). A flow's
        /// `overflow` template counts once per item of the flow (it is built for each hidden count).
        /// Default 100,000.
        public var maxElements: Int
        /// The deepest nesting of nodes, the root being 1. Default 64; at most ``deepestSupported``.
        public var maxDepth: Int
        /// The longest `text`, in UTF-8 bytes. Default 1 MiB (1,048,576), as for `textfit measure`.
        public var maxTextBytes: Int

        /// The largest `maxDepth` that can be honoured: the JSON reader refuses documents nested
        /// deeper than 512 levels, and a node can take five (`grid` → `rows` → `{"cells"}` → `cells`
        /// → cell; `modifiers` → link → `overlay` → `content` → node).
        public static let deepestSupported = 100

        /// Limits: nodes in the file, its depth, and the bytes of one text.
        public init(maxElements: Int = 100_000, maxDepth: Int = 64, maxTextBytes: Int = 1 << 20) {
            self.maxElements = maxElements
            self.maxDepth = maxDepth
            self.maxTextBytes = maxTextBytes
        }

        /// JSON objects and arrays allowed per node of `maxElements` (a node, its children array, its
        /// modifiers and their values), so a file far over the node limit is refused while it is
        /// read, in memory proportional to the limit rather than to the file.
        static let containersPerNode = 8
        /// The most JSON objects and arrays read: ``containersPerNode`` × `maxElements`, plus slack.
        var maxJSONContainers: Int { maxElements > (Int.max - 1_024) / Self.containersPerNode ? .max : Self.containersPerNode * maxElements + 1_024 }

        /// The deepest JSON a tree of `maxDepth` nodes can be: a node takes at most five levels, both
        /// to reach a child (`grid` → `rows` → `{"cells"}` → `cells` → cell) and inside the deepest
        /// node (a link of its chain holding a `frame`, say).
        var deepestJSON: Int { 5 * maxDepth }
    }

    /// Counts nodes and checks depth and text lengths, walking the JSON as ``element(_:at:)`` will
    /// read it (``childNodes(of:at:)``, and a flow's `overflow`); stops at the first limit crossed,
    /// so it never descends deeper than `maxDepth`.
    private static func check(_ json: Any, at path: String, depth: Int, count: inout Int, limits: Limits) throws {
        guard let node = json as? [String: Any] else { return }
        count += 1
        guard count <= limits.maxElements else {
            throw LayoutFileError(path: path, message: "more than \(limits.maxElements) nodes, the limit", exceededLimit: "maxElements")
        }
        guard depth <= limits.maxDepth else {
            throw LayoutFileError(path: path, message: "nested \(depth) nodes deep, over the limit of \(limits.maxDepth)",
                                  exceededLimit: "maxDepth")
        }
        if let text = node["text"] as? String, text.utf8.count > limits.maxTextBytes {
            throw LayoutFileError(path: path + ".text", message: "the text is \(text.utf8.count) bytes, over the limit of \(limits.maxTextBytes)",
                                  exceededLimit: "maxTextBytes")
        }
        for (child, at) in childNodes(of: node, at: path) {
            try check(child, at: at, depth: depth + 1, count: &count, limits: limits)
        }
        guard let body = node["flow"] as? [String: Any], let overflow = body["overflow"] else { return }
        // The template is built once per hidden count (1 … the flow's items): its nodes count that
        // many times, so nested templates cannot multiply past the limit.
        let here = path + ".flow"
        var built = 0
        try check(overflow, at: here + ".overflow", depth: depth + 1, count: &built, limits: limits)
        let copies = max(1, (body["children"] as? [Any])?.count ?? 0)
        let (total, overflowed) = built.multipliedReportingOverflow(by: copies)
        count += overflowed ? limits.maxElements + 1 : total
        guard count <= limits.maxElements else {
            throw LayoutFileError(path: here + ".overflow",
                                  message: "built once for each of the flow's \(copies) items, the overflow template makes more "
                                      + "than \(limits.maxElements) nodes in all, the limit", exceededLimit: "maxElements")
        }
    }

    /// The deepest nesting of JSON arrays and objects in `data` (brackets inside strings skipped),
    /// read before parsing, so a too-deep document is refused naming the depth limit rather than as
    /// invalid JSON (the reader stops at 512 levels; the service's `JSONSerialization` too, with a bare
    /// "not valid JSON").
    /// - Complexity: O(n) in the bytes.
    static func nestingDepth(_ data: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

/// A problem in a layout file: where (a JSON path such as `$.flow.children[2].padding`) and what.
public struct LayoutFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The JSON path of the value at fault (`$.flow.children[2].padding`).
    public let path: String
    /// What is wrong with it.
    public let message: String
    /// The ``LayoutFile/Limits`` property exceeded (`maxElements`, `maxDepth`, `maxTextBytes`), if
    /// the file is refused for its size rather than for a mistake.
    public var exceededLimit: String? = nil

    public var description: String { "\(path): \(message)\(exceededLimit.map { " (\($0))" } ?? "")" }
}

/// JSONSerialization gives numbers and booleans both as NSNumber, and `1 as? Bool` succeeds on
/// Linux: a boolean is the NSNumber subclass (`__NSCFBoolean`, which Swift's `Bool` bridges to as
/// well), a number NSNumber itself. Told apart by their types: a cast (`as? NSNumber`) of a
/// dictionary or an array would bridge it to Objective-C first.
func isJSONBoolean(_ value: Any) -> Bool {
    let type = type(of: value)
    return type == jsonBooleanType || type == Bool.self
}

private let jsonBooleanType: Any.Type = type(of: NSNumber(value: true))

/// A JSON number (see ``isJSONBoolean(_:)``; an in-process caller's `Int` or `Double` too), or nil.
func jsonNumber(_ value: Any) -> NSNumber? {
    let type = type(of: value)
    if type == NSNumber.self { return value as? NSNumber }
    if type == Int.self, let int = value as? Int { return NSNumber(value: int) }
    if type == Double.self, let double = value as? Double { return NSNumber(value: double) }
    return nil
}

/// A JSON object with typed, path-reporting accessors.
struct FileNode {
    let raw: [String: Any]
    let path: String
    var keys: [String] { Array(raw.keys) }

    init(_ value: Any, _ path: String) throws {
        guard let object = value as? [String: Any] else { throw LayoutFileError(path: path, message: "expected an object") }
        raw = object
        self.path = path
    }

    func only(_ allowed: [String]) throws {
        if !raw.keys.allSatisfy(allowed.contains), let unknown = raw.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw LayoutFileError(path: path + "." + unknown, message: "unknown key (expected \(allowed.isEmpty ? "none" : allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// A number from −1,000,000 to 1,000,000, or with `allowingInfinity` (frames, as
    /// `maxWidth: .infinity`) also `"infinity"`. Larger lengths add up to ∞ in a layout (fuzzing
    /// found a spacing of 1e308 and a padding of −1e308), and so would "infinity" outside frames.
    /// `infinityRefused`: the message for `"infinity"` where it is not allowed (else the range).
    func number(_ key: String, allowingInfinity: Bool = false, infinityRefused: String? = nil) throws -> CGFloat? {
        guard let value = raw[key] else { return nil }
        var range: String { "from -1000000 to 1000000" + (allowingInfinity ? " (or \"infinity\")" : "") }  // for errors only
        if let number = jsonNumber(value)?.doubleValue, number.isFinite {
            guard abs(number) <= 1_000_000 else {
                throw LayoutFileError(path: path + "." + key, message: "expected a number \(range)")
            }
            return number
        }
        if let string = value as? String, string == "infinity" {
            guard allowingInfinity else {
                throw LayoutFileError(path: path + "." + key, message: infinityRefused ?? "expected a number \(range)")
            }
            return .infinity
        }
        throw LayoutFileError(path: path + "." + key, message: "expected a number")
    }

    /// A whole number in `range` (a count: rows, lines, columns). Converting any other number to
    /// `Int` would trap on ∞ or 1e300, or ask for an allocation that size (found by fuzzing).
    func count(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let number = try number(key) else { return nil }
        guard number == number.rounded(), number >= CGFloat(range.lowerBound), number <= CGFloat(range.upperBound) else {
            throw LayoutFileError(path: path + "." + key, message: "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }

    func string(_ key: String) throws -> String? {
        guard let value = raw[key] else { return nil }
        guard let string = value as? String else { throw LayoutFileError(path: path + "." + key, message: "expected a string") }
        return string
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = raw[key] else { return nil }
        guard isJSONBoolean(value), let flag = value as? Bool else {
            throw LayoutFileError(path: path + "." + key, message: "expected true or false")
        }
        return flag
    }
}
