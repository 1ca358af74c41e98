import Foundation
import LayoutCore

/// A layout tree described in JSON: the `textfit layout` file format (docs/layout-file.md).
///
/// A node is an object with exactly one kind key — a leaf (`text`, `box`, `rectangle`, `spacer`)
/// or a container (`hstack`, `vstack`, `zstack`, `flow`, `grid`, `equalWidth`, `viewThatFits`)
/// whose value holds its parameters and `children` — plus modifier keys beside it (`padding`,
/// `frame`, `fixedSize`, `offset`, `layoutPriority`, `startsNewRow`, `gridCellColumns`,
/// `gridColumnAlignment`, `font`, `lineLimit`, `id`). Text options sit beside `text`.
/// Errors name the JSON path of the problem (`$.flow.children[2].padding`).
public enum LayoutFile {
    /// Parses a layout file into an element tree, refusing one over `limits` before building anything.
    /// - Throws: ``LayoutFileError`` naming the path and what is wrong (and the limit, if one is exceeded).
    public static func element(from data: Data, limits: Limits = Limits()) throws -> AnyElement {
        let jsonDepth = nestingDepth(data)
        guard jsonDepth <= limits.deepestJSON else {
            throw LayoutFileError(path: "$", message: "the JSON nests \(jsonDepth) levels deep; a tree within the depth limit of \(limits.maxDepth) nodes nests at most \(limits.deepestJSON)", exceededLimit: "maxDepth")
        }
        // TextFit's own reader, not JSONSerialization: Foundation's NSDictionary graph took a third
        // of `textfit layout`'s time on a 10,000-leaf file (callgrind), and this names the line and
        // column of a syntax error.
        let json: Any
        do {
            json = try JSONReader.parse(data, refusesDuplicateKeys: true)
        } catch {
            throw LayoutFileError(path: "$", message: "not valid JSON (\(error))")
        }
        var count = 0
        try check(json, at: "$", depth: 1, count: &count, limits: limits)
        return try element(json, at: "$")
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

    /// Parses an already-decoded JSON value (the service's request bodies).
    public static func element(_ json: Any, at path: String = "$") throws -> AnyElement {
        let node = try Node(json, path)
        let kinds = node.keys.filter { leafKinds.contains($0) || containerKinds.contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            let found = kinds.isEmpty ? "none" : kinds.sorted().joined(separator: ", ")
            throw LayoutFileError(path: path, message: "a node needs exactly one of \((leafKinds + containerKinds).joined(separator: ", ")); found \(found)")
        }
        func allowed(_ key: String) -> Bool { key == kind || modifierKeys.contains(key) || (kind == "text" && textKeys.contains(key)) }
        if !node.raw.keys.allSatisfy(allowed), let unknown = node.keys.sorted().first(where: { !allowed($0) }) {
            throw LayoutFileError(path: path + "." + unknown, message: "unknown key for a \(kind) node")
        }
        var element = try build(kind, node, path)
        element = try applyModifiers(element, node, path)
        return element
    }

    static let leafKinds = ["text", "box", "rectangle", "spacer"]
    static let containerKinds = ["hstack", "vstack", "zstack", "flow", "grid", "equalWidth", "viewThatFits"]
    static let modifierKeys: Set<String> = ["padding", "frame", "fixedSize", "offset", "layoutPriority", "startsNewRow",
                                            "gridCellColumns", "gridColumnAlignment", "id"]
    static let textKeys: Set<String> = ["style", "font", "size", "weight", "italic", "lineLimit", "truncation", "alignment",
                                        "lineSpacing", "minimumScaleFactor", "tracking", "kerning"]

    // MARK: - Kinds

    private static func build(_ kind: String, _ node: Node, _ path: String) throws -> AnyElement {
        let here = path + "." + kind
        switch kind {
        case "text":
            return try text(node, path)
        case "box":
            let box = try Node(node.raw[kind]!, here)
            try box.only(["width", "height"])
            return Box(width: try box.number("width") ?? 0, height: try box.number("height") ?? 0).anyElement
        case "rectangle":
            try Node(node.raw[kind]!, here).only([])
            return Rectangle().anyElement
        case "spacer":
            let spacer = try Node(node.raw[kind]!, here)
            try spacer.only(["minLength"])
            return Spacer(minLength: try spacer.number("minLength")).anyElement
        default:
            return try container(kind, try Node(node.raw[kind]!, here), here)
        }
    }

    private static func container(_ kind: String, _ node: Node, _ path: String) throws -> AnyElement {
        func children() throws -> [AnyElement] {
            guard let list = node.raw["children"] else { return [] }
            guard let array = list as? [Any] else { throw LayoutFileError(path: path + ".children", message: "expected an array of nodes") }
            return try array.enumerated().map { try element($1, at: "\(path).children[\($0)]") }
        }
        switch kind {
        case "hstack":
            try node.only(["alignment", "spacing", "children"])
            let layout = HStackLayout(alignment: try node.vertical("alignment") ?? .center, spacing: try node.number("spacing"))
            let kids = try children()
            return layout { kids }
        case "vstack":
            try node.only(["alignment", "spacing", "children"])
            let layout = VStackLayout(alignment: try node.horizontal("alignment") ?? .center, spacing: try node.number("spacing"))
            let kids = try children()
            return layout { kids }
        case "zstack":
            try node.only(["alignment", "children"])
            let kids = try children()
            return ZStackLayout(alignment: try node.alignment("alignment") ?? .center) { kids }
        case "flow":
            try node.only(["alignment", "verticalAlignment", "spacing", "lineSpacing", "maxRows", "balanced", "overflow", "children"])
            var alignment = FlowLayout.RowAlignment.leading
            if let name = try node.string("alignment") {
                guard let parsed = FlowLayout.RowAlignment(rawValue: name) else {
                    throw LayoutFileError(path: path + ".alignment", message: "expected leading, center, trailing or justified")
                }
                alignment = parsed
            }
            let maxRows = try node.count("maxRows", in: 1...1_000_000)
            let flow = FlowLayout(alignment: alignment, verticalAlignment: try node.vertical("verticalAlignment") ?? .firstTextBaseline,
                                  spacing: try node.number("spacing"), lineSpacing: try node.number("lineSpacing"), maxRows: maxRows,
                                  rowBreaking: try node.bool("balanced") == true ? .balanced : .greedy)
            let items = try children()
            if let template = node.raw["overflow"] {
                // "{count}" in the template's strings is replaced by the hidden count. The element
                // for one hidden item is built first, which reports a bad template, and reused (a
                // second build per level made nested overflow templates cost 2^depth).
                let one = try element(substitute(template, "{count}", "1"), at: path + ".overflow")
                return flow({ items }, overflow: { count in
                    count == 1 ? one
                        : (try? element(substitute(template, "{count}", "\(count)"), at: path + ".overflow")) ?? Box(width: 0, height: 0).anyElement
                })
            }
            return flow { items }
        case "equalWidth":
            try node.only(["axis", "children"])
            let axis = try node.string("axis") ?? "horizontal"
            switch axis {
            case "horizontal":
                let kids = try children()
                return EqualWidthHStack() { kids }
            case "vertical":
                let kids = try children()
                return EqualWidthVStack() { kids }
            default: throw LayoutFileError(path: path + ".axis", message: "expected horizontal or vertical")
            }
        case "viewThatFits":
            try node.only(["axes", "children"])
            var axes: Axis.Set = [.horizontal, .vertical]
            if let list = node.raw["axes"] {
                guard let names = list as? [String], names.allSatisfy({ $0 == "horizontal" || $0 == "vertical" }) else {
                    throw LayoutFileError(path: path + ".axes", message: "expected an array of \"horizontal\" / \"vertical\"")
                }
                axes = Axis.Set(names.map { $0 == "horizontal" ? Axis.Set.horizontal : Axis.Set.vertical })
            }
            let kids = try children()
            return ViewThatFits(in: axes) { kids }
        case "grid":
            try node.only(["alignment", "horizontalSpacing", "verticalSpacing", "rows"])
            guard let rows = node.raw["rows"] as? [Any] else {
                throw LayoutFileError(path: path + ".rows", message: "expected an array of rows (arrays of nodes)")
            }
            let gridRows: [GridRow] = try rows.enumerated().map { index, row in
                guard let cells = row as? [Any] else {
                    throw LayoutFileError(path: "\(path).rows[\(index)]", message: "expected an array of nodes")
                }
                return GridRow(cells: try cells.enumerated().map { try element($1, at: "\(path).rows[\(index)][\($0)]") })
            }
            return Grid(alignment: try node.alignment("alignment") ?? .center, horizontalSpacing: try node.number("horizontalSpacing"),
                        verticalSpacing: try node.number("verticalSpacing"), rows: gridRows).anyElement
        default:
            throw LayoutFileError(path: path, message: "unknown container")
        }
    }

    private static func text(_ node: Node, _ path: String) throws -> AnyElement {
        guard let string = node.raw["text"] as? String else { throw LayoutFileError(path: path + ".text", message: "expected a string") }
        var text = Text(string)
        let style = try node.string("style").map { name in
            guard let style = TextStyle(name: name) else {
                throw LayoutFileError(path: path + ".style", message: "'\(name)' is not a text style (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return style
        }
        let size = try node.number("size")
        let family = try node.string("font")
        var font: Font? = switch (family, size, style) {
        case (let family?, let size?, let style?): .custom(family, size: size, relativeTo: style)
        case (let family?, let size?, nil): .custom(family, size: size)
        case (let family?, nil, let style): .custom(family, size: (style ?? .body).pointSize(), relativeTo: style ?? .body)
        case (nil, let size?, let style?): .custom(FontLibrary.defaultFamily, size: size, relativeTo: style)
        case (nil, let size?, nil): .system(size: size)
        case (nil, nil, let style?): .system(style)
        case (nil, nil, nil): nil
        }
        if let value = node.raw["weight"] {
            // A name (`"bold"`) or a whole number 1–1000 (`700`), as docs/layout-file.md has it.
            let weight: FontWeight
            if let name = value as? String {
                guard let named = FontWeight(name: name) else {
                    throw LayoutFileError(path: path + ".weight", message: "'\(name)' is not a weight (ultraLight … black, or 1–1000)")
                }
                weight = named
            } else if !isJSONBoolean(value), let number = jsonNumber(value)?.doubleValue {
                guard number == number.rounded(), number >= 1, number <= 1000 else {
                    throw LayoutFileError(path: path + ".weight", message: "\(number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)) is not a weight: expected a whole number from 1 to 1000 (or a name: ultraLight … black)")
                }
                weight = FontWeight(Int(number))
            } else {
                throw LayoutFileError(path: path + ".weight", message: "expected a weight name (ultraLight … black) or a whole number from 1 to 1000")
            }
            font = (font ?? .body).weight(weight)
        }
        if try node.bool("italic") == true { font = (font ?? .body).italic() }
        if let font { text = text.font(font) }
        if let tracking = try node.number("tracking") { text = text.tracking(tracking) }
        if let kerning = try node.number("kerning") { text = text.kerning(kerning) }
        var element = text.anyElement
        if let limit = try node.count("lineLimit", in: 1...1_000_000) { element = element.lineLimit(limit) }
        if let name = try node.string("truncation") {
            guard let mode = Text.TruncationMode(rawValue: name) else {
                throw LayoutFileError(path: path + ".truncation", message: "expected head, middle or tail")
            }
            element = element.truncationMode(mode)
        }
        if let name = try node.string("alignment") {
            guard let alignment = TextAlignment(rawValue: name) else {
                throw LayoutFileError(path: path + ".alignment", message: "expected leading, center or trailing")
            }
            element = element.multilineTextAlignment(alignment)
        }
        if let spacing = try node.number("lineSpacing") { element = element.lineSpacing(spacing) }
        if let factor = try node.number("minimumScaleFactor") {
            guard factor > 0, factor <= 1 else { throw LayoutFileError(path: path + ".minimumScaleFactor", message: "expected a number in (0, 1]") }
            element = element.minimumScaleFactor(factor)
        }
        return element
    }

    // MARK: - Modifiers

    private static func applyModifiers(_ element: AnyElement, _ node: Node, _ path: String) throws -> AnyElement {
        var element = element
        if let padding = node.raw["padding"] {
            if jsonNumber(padding) != nil, let length = try node.number("padding") {
                element = element.padding(length)
            } else if let sides = padding as? [String: Any] {
                let insets = try Node(sides, path + ".padding")
                try insets.only(["top", "leading", "bottom", "trailing", "horizontal", "vertical"])
                let h = try insets.number("horizontal") ?? 0, v = try insets.number("vertical") ?? 0
                element = element.padding(EdgeInsets(top: try insets.number("top") ?? v, leading: try insets.number("leading") ?? h,
                                                      bottom: try insets.number("bottom") ?? v, trailing: try insets.number("trailing") ?? h))
            } else {
                throw LayoutFileError(path: path + ".padding", message: "expected a number or {top, leading, bottom, trailing, horizontal, vertical}")
            }
        }
        if let frameValue = node.raw["frame"] {
            let frame = try Node(frameValue, path + ".frame")
            try frame.only(["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight", "alignment"])
            let alignment = try frame.alignment("alignment") ?? .center
            // "infinity" only for a maximum (`maxWidth: .infinity` fills the proposal). A fixed or
            // minimum length of ∞ makes the frame infinite for every proposal, and an ideal one for
            // the `nil` proposal; the engine can only report such a size as 0 with a diagnostic.
            func length(_ key: String) throws -> CGFloat? {
                try frame.number(key, allowingInfinity: key == "maxWidth" || key == "maxHeight",
                                 infinityRefused: "\"infinity\" is allowed only for maxWidth and maxHeight (an infinite \(key) makes the frame infinite)")
            }
            let flexible = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"].contains { frame.raw[$0] != nil }
            if flexible {
                element = element.frame(minWidth: try length("minWidth"), idealWidth: try length("idealWidth"),
                                        maxWidth: try length("maxWidth"), minHeight: try length("minHeight"),
                                        idealHeight: try length("idealHeight"), maxHeight: try length("maxHeight"),
                                        alignment: alignment)
                if frame.raw["width"] != nil || frame.raw["height"] != nil {
                    throw LayoutFileError(path: path + ".frame", message: "give width/height or min/ideal/max, not both")
                }
            } else {
                element = element.frame(width: try length("width"), height: try length("height"), alignment: alignment)
            }
        }
        if let fixed = node.raw["fixedSize"] {
            if isJSONBoolean(fixed), let both = fixed as? Bool {
                if both { element = element.fixedSize() }
            } else {
                guard fixed is [String: Any] else {
                    throw LayoutFileError(path: path + ".fixedSize", message: "expected true, false or {\"horizontal\": bool, \"vertical\": bool}")
                }
                let axes = try Node(fixed, path + ".fixedSize")
                try axes.only(["horizontal", "vertical"])
                element = element.fixedSize(horizontal: try axes.bool("horizontal") ?? false, vertical: try axes.bool("vertical") ?? false)
            }
        }
        if let offsetValue = node.raw["offset"] {
            let offset = try Node(offsetValue, path + ".offset")
            try offset.only(["x", "y"])
            element = element.offset(x: try offset.number("x") ?? 0, y: try offset.number("y") ?? 0)
        }
        if let priority = try node.number("layoutPriority") { element = element.layoutPriority(priority) }
        if try node.bool("startsNewRow") == true { element = element.startsNewRow() }
        if let columns = try node.count("gridCellColumns", in: 1...1_000) { element = element.gridCellColumns(columns) }
        if let column = try node.horizontal("gridColumnAlignment") { element = element.gridColumnAlignment(column) }
        if let id = try node.string("id") { element = element.id(id) }
        return element
    }

    /// The template with `token` replaced in every string.
    private static func substitute(_ value: Any, _ token: String, _ replacement: String) -> Any {
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

        /// The largest `maxDepth` that can be honoured: Foundation's JSON parser refuses documents
        /// nested deeper than about 500 levels, and a node can take four (`grid` → `rows` → row → cell).
        public static let deepestSupported = 100

        public init(maxElements: Int = 100_000, maxDepth: Int = 64, maxTextBytes: Int = 1 << 20) {
            self.maxElements = maxElements
            self.maxDepth = maxDepth
            self.maxTextBytes = maxTextBytes
        }

        /// The deepest JSON a tree of `maxDepth` nodes can be: a node takes at most four levels, both to
        /// reach a child (`grid` → `rows` → row → cell) and inside the deepest node (a grid's empty row).
        var deepestJSON: Int { 4 * maxDepth }
    }

    /// Counts nodes and checks depth and text lengths, walking the JSON as ``element(_:at:)`` will
    /// read it (`children`, grid `rows`, a flow's `overflow`); stops at the first limit crossed, so
    /// it never descends deeper than `maxDepth`.
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
        for kind in containerKinds {
            guard let body = node[kind] as? [String: Any] else { continue }
            let here = path + "." + kind
            for (index, child) in ((body["children"] as? [Any]) ?? []).enumerated() {
                try check(child, at: "\(here).children[\(index)]", depth: depth + 1, count: &count, limits: limits)
            }
            for (row, cells) in ((body["rows"] as? [Any]) ?? []).enumerated() {
                for (column, cell) in ((cells as? [Any]) ?? []).enumerated() {
                    try check(cell, at: "\(here).rows[\(row)][\(column)]", depth: depth + 1, count: &count, limits: limits)
                }
            }
            if let overflow = body["overflow"] {
                // The template is built once per hidden count (1 … the flow's items): its nodes
                // count that many times, so nested templates cannot multiply past the limit.
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
    public let path: String
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
private struct Node {
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

    func vertical(_ key: String) throws -> VerticalAlignment? {
        guard let name = try string(key) else { return nil }
        let known: [String: VerticalAlignment] = ["top": .top, "center": .center, "bottom": .bottom,
                                                  "firstTextBaseline": .firstTextBaseline, "lastTextBaseline": .lastTextBaseline]
        guard let guide = known[name] else {
            throw LayoutFileError(path: path + "." + key, message: "expected top, center, bottom, firstTextBaseline or lastTextBaseline")
        }
        return guide
    }

    func horizontal(_ key: String) throws -> HorizontalAlignment? {
        guard let name = try string(key) else { return nil }
        let known: [String: HorizontalAlignment] = ["leading": .leading, "center": .center, "trailing": .trailing]
        guard let guide = known[name] else { throw LayoutFileError(path: path + "." + key, message: "expected leading, center or trailing") }
        return guide
    }

    func alignment(_ key: String) throws -> Alignment? {
        guard let name = try string(key) else { return nil }
        let known: [String: Alignment] = ["center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
                                          "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading,
                                          "bottomTrailing": .bottomTrailing]
        guard let alignment = known[name] else {
            throw LayoutFileError(path: path + "." + key, message: "expected one of \(known.keys.sorted().joined(separator: ", "))")
        }
        return alignment
    }
}

