import Foundation
import LayoutCore

/// Reads layout-file nodes into elements (``LayoutFile``), knowing the file's own alignment guides.
///
/// | step | function |
/// |---|---|
/// | the root's `alignments` declarations | `init(root:at:)` |
/// | a node: its kind, then its modifiers | `element(_:at:isRoot:)` |
/// | leaves and containers | `build(_:_:_:)`, `container(_:_:_:)`, `text(_:_:)`, `grid(_:_:)` |
/// | shorthand keys in their fixed order, then the chain, then `id` | `applyModifiers(_:_:_:)` |
/// | one modifier | `apply(_:_:to:at:)` |
struct LayoutFileParser: Sendable {
    /// The file's guides by name (declared under the root's `alignments`).
    private var horizontalGuides: [String: HorizontalAlignment] = [:]
    private var verticalGuides: [String: VerticalAlignment] = [:]
    /// Whose text styles the file's texts name, and whose default font a text without one gets.
    private let platform: Platform
    /// The fonts to check `variations` and `instance` against (``LayoutFile/document(from:limits:platform:fonts:)``).
    private let fonts: FontLibrary?
    /// Where `platform` comes from, for the errors about a text style of the other platform.
    private let platformNote: String

    static let builtInHorizontal: [String: HorizontalAlignment] = ["leading": .leading, "center": .center, "trailing": .trailing]
    static let builtInVertical: [String: VerticalAlignment] = [
        "top": .top, "center": .center, "bottom": .bottom, "firstTextBaseline": .firstTextBaseline, "lastTextBaseline": .lastTextBaseline,
    ]
    static let namedAlignments: [String: Alignment] = [
        "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom, "topLeading": .topLeading,
        "topTrailing": .topTrailing, "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
    ]
    static let unitPoints: [String: UnitPoint] = [
        "zero": .zero, "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
        "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
    ]

    /// Reads the guides the root declares: `"alignments": {"name": {"axis": "horizontal" |
    /// "vertical", "default": number or expression of width and height}}`.
    /// - Parameter declared: the root's own `platform`, when it gives one (`platform` may be another, asked for by the caller).
    init(root: Any, at path: String, platform: Platform = .ios, declared: Platform? = nil, fonts: FontLibrary? = nil) throws {
        self.platform = platform
        self.fonts = fonts
        let other = platform == .ios ? "android" : "ios"
        platformNote = switch declared {
        case nil: " (to lay the file out under \(other): \"platform\": \"\(other)\" on its root, or --platform \(other))"
        case platform: ""
        case let declared?: " (the root says \(declared.rawValue), but \(platform.rawValue) was asked for, which wins)"
        }
        guard let object = root as? [String: Any], let declared = object["alignments"] else { return }
        let here = path + ".alignments"
        guard let table = declared as? [String: Any] else {
            throw LayoutFileError(path: here, message: "expected an object: {\"name\": {\"axis\": \"horizontal\" or \"vertical\", \"default\": …}}")
        }
        for name in table.keys.sorted() {
            let at = here + "." + name
            guard Self.isName(name) else {
                throw LayoutFileError(path: at, message: "a guide's name is letters, digits and _, starting with a letter")
            }
            guard Self.builtInHorizontal[name] == nil, Self.builtInVertical[name] == nil, !["width", "height", "horizontalCenter", "verticalCenter"].contains(name) else {
                throw LayoutFileError(path: at, message: "'\(name)' is a built-in name; choose another")
            }
            let declaration = try FileNode(table[name]!, at)
            try declaration.only(["axis", "default"])
            let axis = try declaration.string("axis")
            guard axis == "horizontal" || axis == "vertical" else {
                throw LayoutFileError(path: at + ".axis", message: "expected \"horizontal\" or \"vertical\"")
            }
            guard let raw = declaration.raw["default"] else {
                throw LayoutFileError(path: at + ".default", message: "missing: the guide's value for a view that sets none (a number or an expression of width and height)")
            }
            // The size only: a default reading guides could read itself, without end.
            let value = try Self.expression(raw, at: at + ".default") { _ in nil }
            // A default that comes out infinite or NaN for some size (`"width / 0"`) is 0 there.
            let evaluate: @Sendable (ViewDimensions) -> CGFloat = { d in
                let v = value.value(in: d)
                return v.isFinite ? v : 0
            }
            if axis == "horizontal" {
                horizontalGuides[name] = HorizontalAlignment(named: name, defaultValue: evaluate)
            } else {
                verticalGuides[name] = VerticalAlignment(named: name, defaultValue: evaluate)
            }
        }
    }

    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }
    }

    // MARK: - Nodes

    func element(_ json: Any, at path: String, isRoot: Bool = false) throws -> AnyElement {
        let node = try FileNode(json, path)
        let kinds = node.keys.filter { LayoutFile.leafKinds.contains($0) || LayoutFile.containerKinds.contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            let found = kinds.isEmpty ? "none" : kinds.sorted().joined(separator: ", ")
            throw LayoutFileError(path: path, message: "a node needs exactly one of \((LayoutFile.leafKinds + LayoutFile.containerKinds).joined(separator: ", ")); found \(found)")
        }
        func allowed(_ key: String) -> Bool {
            key == kind || key == "id" || key == "modifiers" || LayoutFile.modifierNames.contains(key)
                || ((kind == "text" || kind == "key") && LayoutFile.textKeys.contains(key))
                || (kind == "key" && LayoutFile.keyKeys.contains(key)) || (isRoot && LayoutFile.rootKeys.contains(key))
        }
        if !node.raw.keys.allSatisfy(allowed), let unknown = node.keys.sorted().first(where: { !allowed($0) }) {
            let hint = LayoutFile.rootKeys.contains(unknown) ? " (\(unknown) is the whole file's: on the root node only)" : ""
            throw LayoutFileError(path: path + "." + unknown, message: "unknown key for a \(kind) node\(hint)")
        }
        return try applyModifiers(try build(kind, node, path), node, path)
    }

    private func children(_ node: FileNode, _ path: String) throws -> [AnyElement] {
        guard let list = node.raw["children"] else { return [] }
        guard let array = list as? [Any] else { throw LayoutFileError(path: path + ".children", message: "expected an array of nodes") }
        return try array.enumerated().map { try element($1, at: "\(path).children[\($0)]") }
    }

    private func build(_ kind: String, _ node: FileNode, _ path: String) throws -> AnyElement {
        let here = path + "." + kind
        switch kind {
        case "text", "key":
            return try text(node, path)
        case "box":
            let box = try FileNode(node.raw[kind]!, here)
            try box.only(["width", "height"])
            return AnyElement(Box(width: try box.number("width") ?? 0, height: try box.number("height") ?? 0))
        case "rectangle", "divider":
            try FileNode(node.raw[kind]!, here).only([])
            return kind == "divider" ? AnyElement(Divider()) : AnyElement(PlaceholderRectangle())
        case "spacer":
            let spacer = try FileNode(node.raw[kind]!, here)
            try spacer.only(["minLength"])
            return AnyElement(Spacer(minLength: try spacer.number("minLength")))
        default:
            return try container(kind, try FileNode(node.raw[kind]!, here), here)
        }
    }

    private func container(_ kind: String, _ node: FileNode, _ path: String) throws -> AnyElement {
        switch kind {
        case "hstack":
            try node.only(["alignment", "spacing", "children"])
            let layout = HStackLayout(alignment: try vertical(node, "alignment") ?? .center, spacing: try node.number("spacing"))
            let kids = try children(node, path)
            return AnyElement(layout: layout, children: kids)
        case "vstack":
            try node.only(["alignment", "spacing", "children"])
            let layout = VStackLayout(alignment: try horizontal(node, "alignment") ?? .center, spacing: try node.number("spacing"))
            let kids = try children(node, path)
            return AnyElement(layout: layout, children: kids)
        case "zstack":
            try node.only(["alignment", "children"])
            let kids = try children(node, path)
            return AnyElement(layout: ZStackLayout(alignment: try alignment(node, "alignment") ?? .center), children: kids)
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
            let flow = FlowLayout(alignment: alignment, verticalAlignment: try vertical(node, "verticalAlignment") ?? .firstTextBaseline,
                                  spacing: try node.number("spacing"), lineSpacing: try node.number("lineSpacing"), maxRows: maxRows,
                                  rowBreaking: try node.bool("balanced") == true ? .balanced : .greedy)
            let items = try children(node, path)
            if let template = node.raw["overflow"] {
                // "{count}" in the template's strings is replaced by the hidden count. The element
                // for one hidden item is built first, which reports a bad template, and reused (a
                // second build per level made nested overflow templates cost 2^depth).
                let one = try element(LayoutFile.substitute(template, "{count}", "1"), at: path + ".overflow")
                return AnyElement(flow({ items }, overflow: { count in
                    count == 1 ? one
                        : (try? element(LayoutFile.substitute(template, "{count}", "\(count)"), at: path + ".overflow")) ?? AnyElement(Box(width: 0, height: 0))
                }))
            }
            return AnyElement(layout: flow, children: items)
        case "equalWidth":
            try node.only(["axis", "children"])
            let axis = try node.string("axis") ?? "horizontal"
            let kids = try children(node, path)
            switch axis {
            case "horizontal": return AnyElement(layout: EqualWidthHStack(), children: kids)
            case "vertical": return AnyElement(layout: EqualWidthVStack(), children: kids)
            default: throw LayoutFileError(path: path + ".axis", message: "expected horizontal or vertical")
            }
        case "viewThatFits":
            try node.only(["axes", "children"])
            var axes: Axis.Set = [.horizontal, .vertical]
            if node.raw["axes"] != nil { axes = try axisSet(node, "axes") }
            let kids = try children(node, path)
            return AnyElement(layout: ViewThatFitsLayout(in: axes), children: kids)
        case "grid":
            return try grid(node, path)
        default:
            throw LayoutFileError(path: path, message: "unknown container")
        }
    }

    /// A grid's `rows`: each an array of cells (a `GridRow`), an object `{"alignment", "cells"}` (a
    /// `GridRow` with its own vertical alignment), or a node (a row of one cell spanning every
    /// column, as a view written in a SwiftUI `Grid` outside any `GridRow`).
    private func grid(_ node: FileNode, _ path: String) throws -> AnyElement {
        try node.only(["alignment", "horizontalSpacing", "verticalSpacing", "rows"])
        guard let rows = node.raw["rows"] as? [Any] else {
            throw LayoutFileError(path: path + ".rows", message: "expected an array of rows (arrays of nodes, {\"alignment\", \"cells\"} objects or full-width nodes)")
        }
        let gridRows: [GridRowSpec] = try rows.enumerated().map { index, row -> GridRowSpec in
            let at = "\(path).rows[\(index)]"
            if let cells = row as? [Any] {
                return GridRowSpec(cells: try cells.enumerated().map { try element($1, at: "\(at)[\($0)]") })
            }
            if let object = row as? [String: Any], object["cells"] != nil {
                let spec = try FileNode(object, at)
                try spec.only(["alignment", "cells"])
                guard let cells = object["cells"] as? [Any] else { throw LayoutFileError(path: at + ".cells", message: "expected an array of nodes") }
                return GridRowSpec(alignment: try vertical(spec, "alignment"), cells: try cells.enumerated().map { try element($1, at: "\(at).cells[\($0)]") })
            }
            guard row is [String: Any] else {
                throw LayoutFileError(path: at, message: "expected an array of nodes, {\"alignment\", \"cells\"} or a node")
            }
            return GridRowSpec(cells: [try element(row, at: at)], spansAllColumns: true)
        }
        return GridLayout.element(alignment: try alignment(node, "alignment") ?? .center, horizontalSpacing: try node.number("horizontalSpacing"),
                                  verticalSpacing: try node.number("verticalSpacing"), rows: gridRows)
    }

    /// `lineLimit`: a whole number (with `reservesSpace`, SwiftUI's `lineLimit(_:reservesSpace:)`) or
    /// a range as Swift writes it, `"2...4"`, `"3..."` or `"...3"` (the ranged `lineLimit`s).
    private func lineLimit(_ node: FileNode, _ path: String, _ element: AnyElement) throws -> AnyElement {
        let reserves = try node.bool("reservesSpace")
        guard let text = node.raw["lineLimit"] as? String else {
            guard let limit = try node.count("lineLimit", in: 1...Self.maximumLines) else {
                if reserves != nil { throw LayoutFileError(path: path + ".reservesSpace", message: "needs a whole-number lineLimit") }
                return element
            }
            return AnyElement(element.lineLimit(limit, reservesSpace: reserves ?? false))
        }
        if reserves != nil {
            throw LayoutFileError(path: path + ".reservesSpace", message: "needs a whole-number lineLimit (a range reserves its lower bound)")
        }
        let bounds = text.split(separator: "...", maxSplits: 1, omittingEmptySubsequences: false)
        func bound(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.allSatisfy({ ("0"..."9").contains($0) }), let value = Int(part),
                  (1...Self.maximumLines).contains(value) else { return nil }
            return value
        }
        let problem = LayoutFileError(path: path + ".lineLimit", message:
            "expected a whole number or a range such as \"2...4\", \"3...\" or \"...3\" (bounds 1 to \(Self.maximumLines)), got '\(text)'")
        guard bounds.count == 2 else { throw problem }
        switch (bounds[0].isEmpty, bounds[1].isEmpty) {
        case (false, false):
            guard let lower = bound(bounds[0]), let upper = bound(bounds[1]), lower <= upper else { throw problem }
            return AnyElement(element.lineLimit(lower...upper))
        case (false, true):
            guard let lower = bound(bounds[0]) else { throw problem }
            return AnyElement(element.lineLimit(lower...))
        case (true, false):
            guard let upper = bound(bounds[1]) else { throw problem }
            return AnyElement(element.lineLimit(...upper))
        case (true, true):
            throw problem
        }
    }

    /// A `key` node's text: the key (a catalog key, with its format specifiers: `%lld photos`), its
    /// `table` and its `arguments` (numbers and strings, in order: what the specifiers show, and
    /// what plural variants are chosen by).
    private func keyText(_ node: FileNode, _ path: String) throws -> Text {
        guard let key = node.raw["key"] as? String else { throw LayoutFileError(path: path + ".key", message: "expected a string (a key of the string tables)") }
        let table = try node.string("table")
        var arguments: [LocalizedStringKey.CatalogArgument] = []
        if let list = node.raw["arguments"] {
            guard let items = list as? [Any] else {
                throw LayoutFileError(path: path + ".arguments", message: "expected an array of numbers and strings")
            }
            for (index, item) in items.enumerated() {
                if let string = item as? String {
                    arguments.append(.string(string))
                } else if !StrictJSON.isBoolean(item), let number = StrictJSON.number(item), number.isFinite {
                    arguments.append(.number(number))
                } else {
                    throw LayoutFileError(path: path + ".arguments[\(index)]", message: "expected a number or a string")
                }
            }
        }
        return Text(LocalizedStringKey(catalogKey: key, arguments: arguments), tableName: table)
    }

    /// The largest line count a file may give (`lineLimit`).
    static let maximumLines = 1_000_000

    private func text(_ node: FileNode, _ path: String) throws -> AnyElement {
        var text: Text
        if node.raw["key"] != nil {
            // A key looked up in the string tables (`--strings`), as `Text("key", tableName:)` looks it up.
            text = try keyText(node, path)
        } else {
            guard let string = node.raw["text"] as? String else { throw LayoutFileError(path: path + ".text", message: "expected a string") }
            // "markdown": the string as SwiftUI's `Text("literal")` reads it (a key's inline Markdown).
            text = try node.bool("markdown") == true ? Text(LocalizedStringKey(string)) : Text(string)
        }
        if let font = try font(node, path) {
            text = text.font(font)
            if let fonts, node.raw["variations"] != nil || node.raw["instance"] != nil { try checkAxes(text, node, path, fonts) }
        }
        if let tracking = try node.number("tracking") { text = text.tracking(tracking) }
        if let kerning = try node.number("kerning") { text = text.kerning(kerning) }
        // Drawn only (they change no size): `Text.underline()` and `Text.strikethrough()`.
        if try node.bool("underline") == true { text = text.underline() }
        if try node.bool("strikethrough") == true { text = text.strikethrough() }
        var element = AnyElement(text)
        element = try lineLimit(node, path, element)
        if let name = try node.string("truncation") {
            guard let mode = Text.TruncationMode(rawValue: name) else {
                throw LayoutFileError(path: path + ".truncation", message: "expected head, middle or tail")
            }
            element = AnyElement(element.truncationMode(mode))
        }
        if let name = try node.string("alignment") {
            guard let alignment = TextAlignment(rawValue: name) else {
                throw LayoutFileError(path: path + ".alignment", message: "expected leading, center or trailing")
            }
            element = AnyElement(element.multilineTextAlignment(alignment))
        }
        if let spacing = try node.number("lineSpacing") { element = AnyElement(element.lineSpacing(spacing)) }
        if let factor = try node.number("minimumScaleFactor") {
            guard factor > 0, factor <= 1 else { throw LayoutFileError(path: path + ".minimumScaleFactor", message: "expected a number in (0, 1]") }
            element = AnyElement(element.minimumScaleFactor(factor))
        }
        return element
    }

    // MARK: - Fonts

    /// The font a text node asks for with `style`, `size`, `font`, `design`, `weight`, `italic`,
    /// `fontWidth`, `instance` and `variations`; `nil` when it sets none (the platform's default:
    /// `body` under iOS, Material's `bodyLarge` in Roboto under Android).
    private func font(_ node: FileNode, _ path: String) throws -> Font? {
        var font = platform == .ios ? try appleFont(node, path) : try androidFont(node, path)
        let defaultFont: Font = platform == .ios ? .body : .material(.bodyLarge)
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
            font = (font ?? defaultFont).weight(weight)
        }
        if try node.bool("italic") == true { font = (font ?? defaultFont).italic() }
        if let width = try fontWidth(node, path) { font = (font ?? defaultFont).width(width) }
        if let name = try node.string("instance") {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw LayoutFileError(path: path + ".instance", message: "expected the name of a variable font's instance (\"Condensed Bold\")")
            }
            font = (font ?? defaultFont).instance(name)
        }
        if let list = try node.string("variations") {
            do {
                font = (font ?? defaultFont).variations(try FontVariation.parseList(list))
            } catch {
                throw LayoutFileError(path: path + ".variations", message: "'\(list)': \(error) (the list is hb-shape's --variations: \"wght=550,wdth=87.5\")")
            }
        }
        return font
    }

    /// Under iOS: an Apple text style (following Dynamic Type), a size in points (relative to the
    /// style when both are given), a family, and the system font's `design`.
    private func appleFont(_ node: FileNode, _ path: String) throws -> Font? {
        let style = try node.string("style").map { name in
            if let style = TextStyle(name: name) { return style }
            let names = TextStyle.allCases.map(\.rawValue).joined(separator: ", ")
            throw LayoutFileError(path: path + ".style", message: MaterialTextStyle(name: name) == nil ? "'\(name)' is not a text style (\(names))"
                : "'\(name)' is a Material 3 text style, which is Android's; under ios the text styles are \(names)\(platformNote)")
        }
        let size = try node.number("size")
        let family = try node.string("font")
        let design = try self.design(node, path, family: family)
        if let design, design != .default, family == nil, size != nil, style != nil {
            throw LayoutFileError(path: path + ".design", message: "a design is the system font's, whose size does not follow a style "
                                  + "(SwiftUI's Font.system(size:design:) is fixed): give style or size with it, not both")
        }
        return switch (family, size, style) {
        case (let family?, let size?, let style?): .custom(family, size: size, relativeTo: style)
        case (let family?, let size?, nil): .custom(family, size: size)
        case (let family?, nil, let style): .custom(family, size: (style ?? .body).pointSize(), relativeTo: style ?? .body)
        case (nil, let size?, let style?): .custom(FontLibrary.defaultFamily, size: size, relativeTo: style)
        case (nil, let size?, nil): .system(size: size, design: design)
        case (nil, nil, let style?): .system(style, design: design)
        case (nil, nil, nil): design.map { .system(.body, design: $0) }
        }
    }

    /// Under Android: a Material 3 style (its size in sp, weight, letter spacing and line height,
    /// in Roboto or in `font`'s family), or a size in sp; the font scale scales either.
    private func androidFont(_ node: FileNode, _ path: String) throws -> Font? {
        let style = try node.string("style").map { name in
            if let style = MaterialTextStyle(name: name) { return style }
            let names = MaterialTextStyle.allCases.map(\.rawValue).joined(separator: ", ")
            throw LayoutFileError(path: path + ".style", message: TextStyle(name: name) == nil ? "'\(name)' is not a Material 3 text style (\(names))"
                : "'\(name)' is an Apple text style, which is iOS's; under android the text styles are Material 3's: \(names)\(platformNote)")
        }
        let size = try node.number("size")
        let family = try node.string("font")
        if let design = try self.design(node, path, family: family), design != .default {
            throw LayoutFileError(path: path + ".design", message: "'\(design.rawValue)' is a design of Apple's system font (SF Pro Rounded, SF Mono, "
                                  + "New York), which is iOS's; under android the system font is Roboto (give font for another family)")
        }
        if let style, size != nil {
            throw LayoutFileError(path: path + ".size", message: "under android a Material 3 style sets its own size (\(style.rawValue) is "
                                  + "\(Int(style.size)) sp): give style or size, not both")
        }
        if let size { return family.map { .custom($0, fixedSize: size) } ?? .system(size: size) }
        guard style != nil || family != nil else { return nil }
        let material = Font.material(style ?? .bodyLarge)
        return family.map { material.family($0) } ?? material
    }

    /// `design`: `default`, `rounded`, `monospaced` or `serif` (the system font's; not with `font`).
    private func design(_ node: FileNode, _ path: String, family: String?) throws -> FontDesign? {
        guard let name = try node.string("design") else { return nil }
        guard let design = FontDesign(rawValue: name) else {
            throw LayoutFileError(path: path + ".design", message: "'\(name)' is not a design (\(FontDesign.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if family != nil, design != .default {
            throw LayoutFileError(path: path + ".design", message: "a design picks a face of the system font (SF Pro Rounded, SF Mono, New York); "
                                  + "a font family has its own faces: give font or design, not both")
        }
        return design
    }

    /// `fontWidth`: a percentage of the normal width, as a variable font's `wdth` axis reads it
    /// (above 0, at most 1000), or a name: `compressed` (50), `condensed` (75), `standard` (100), `expanded` (125).
    private func fontWidth(_ node: FileNode, _ path: String) throws -> Font.Width? {
        guard let value = node.raw["fontWidth"] else { return nil }
        let names: [(String, Font.Width)] = [("compressed", .compressed), ("condensed", .condensed), ("standard", .standard), ("expanded", .expanded)]
        if let name = value as? String {
            guard let width = names.first(where: { $0.0 == name })?.1 else {
                throw LayoutFileError(path: path + ".fontWidth", message: "'\(name)' is not a width (\(names.map(\.0).joined(separator: ", ")), or a percentage such as 87.5)")
            }
            return width
        }
        guard !isJSONBoolean(value), let number = try node.number("fontWidth"), number > 0, number <= 1000 else {
            throw LayoutFileError(path: path + ".fontWidth", message: "expected a percentage of the normal width above 0 and at most 1000 (wdth: 75 is condensed), or \(names.map(\.0).joined(separator: ", "))")
        }
        return Font.Width(Double(number))
    }

    /// Refuses a `variations` axis or an `instance` the text's font does not have, as its path:
    /// the font is resolved as the text will be (the platform's system font, the family, the weight).
    /// Anything else the font library says (an unknown family, which falls back; a size that cannot
    /// be measured) is left to the layout's diagnostics.
    private func checkAxes(_ text: Text, _ node: FileNode, _ path: String, _ fonts: FontLibrary) throws {
        var environment = EnvironmentValues()
        environment.platform = platform
        guard let attributes = text.styledText(in: environment).runs.first?.attributes else { return }
        do {
            _ = try fonts.match(attributes)
        } catch let error as TypographyError {
            switch error {
            case .unknownAxis:
                throw LayoutFileError(path: path + ".variations", message: "'\(node.raw["variations"] as? String ?? "")': \(error)")
            case .unknownInstance(let name, _, _):
                throw LayoutFileError(path: path + ".instance", message: "'\(name)': \(error)")
            default: return
            }
        }
    }

    // MARK: - Modifiers

    /// The shorthand keys in ``LayoutFile/shorthandOrder``, then the `modifiers` chain (innermost
    /// first), then the node's `id`.
    private func applyModifiers(_ element: AnyElement, _ node: FileNode, _ path: String) throws -> AnyElement {
        var element = element
        for name in LayoutFile.shorthandOrder {
            guard let value = node.raw[name] else { continue }
            element = try apply(name, value, to: element, at: path + "." + name)
        }
        if let chain = node.raw["modifiers"] {
            guard let links = chain as? [Any] else {
                throw LayoutFileError(path: path + ".modifiers", message: "expected an array of modifiers, innermost first ([{\"padding\": 8}, {\"frame\": {…}}])")
            }
            for (index, link) in links.enumerated() {
                let at = "\(path).modifiers[\(index)]"
                let object = try FileNode(link, at)
                let names = object.keys.filter { $0 != "id" }
                guard names.count <= 1, names.allSatisfy(LayoutFile.modifierNames.contains) else {
                    let unknown = names.sorted().first { !LayoutFile.modifierNames.contains($0) }
                    throw LayoutFileError(path: unknown.map { at + "." + $0 } ?? at,
                                          message: unknown == nil ? "one modifier a link (and an optional id); found \(names.sorted().joined(separator: ", "))"
                                                                  : "unknown modifier (expected one of \(LayoutFile.shorthandOrder.joined(separator: ", ")), or id)")
                }
                if let name = names.first { element = try apply(name, object.raw[name]!, to: element, at: at + "." + name) }
                if let id = try object.string("id") { element = AnyElement(element.id(id)) }
            }
        }
        if let id = try node.string("id") { element = AnyElement(element.id(id)) }
        return element
    }

    /// Applies the modifier `name` with its JSON `value` (found at `path`).
    private func apply(_ name: String, _ value: Any, to element: AnyElement, at path: String) throws -> AnyElement {
        let parent = String(path[..<path.lastIndex(of: ".")!])
        let holder = try FileNode([name: value], parent)  // the typed accessors read `name` from it
        switch name {
        case "padding": return try padding(value, element, path)
        case "frame": return try frame(value, element, path)
        case "fixedSize":
            if isJSONBoolean(value), let both = value as? Bool { return both ? AnyElement(element.fixedSize()) : element }
            guard value is [String: Any] else {
                throw LayoutFileError(path: path, message: "expected true, false or {\"horizontal\": bool, \"vertical\": bool}")
            }
            let axes = try FileNode(value, path)
            try axes.only(["horizontal", "vertical"])
            return AnyElement(element.fixedSize(horizontal: try axes.bool("horizontal") ?? false, vertical: try axes.bool("vertical") ?? false))
        case "offset", "position":
            let point = try FileNode(value, path)
            try point.only(["x", "y"])
            let x = try point.number("x") ?? 0, y = try point.number("y") ?? 0
            return name == "offset" ? AnyElement(element.offset(x: x, y: y)) : AnyElement(element.position(x: x, y: y))
        case "layoutPriority":
            return AnyElement(element.layoutPriority(Double(try holder.number(name)!)))
        case "alignmentGuide":
            let list = value as? [Any] ?? [value]
            var element = element
            for (index, item) in list.enumerated() {
                element = try alignmentGuide(item, element, value is [Any] ? "\(path)[\(index)]" : path)
            }
            return element
        case "overlay", "background":
            return try secondary(name, value, element, path)
        case "hidden":
            return try holder.bool(name) == true ? AnyElement(element.hidden()) : element
        case "clipped":
            return try holder.bool(name) == true ? AnyElement(element.clipped()) : element
        case "accessibilityIdentifier":
            guard let identifier = try holder.string(name), !identifier.isEmpty else {
                throw LayoutFileError(path: path, message: "expected a non-empty string (the text's accessibilityIdentifier)")
            }
            return AnyElement(element.accessibilityIdentifier(identifier))
        case "aspectRatio":
            return try aspectRatio(value, element, path)
        case "layoutDirection":
            switch try holder.string(name) {
            case "leftToRight", "ltr": return AnyElement(element.environment(\.layoutDirection, .leftToRight))
            case "rightToLeft", "rtl": return AnyElement(element.environment(\.layoutDirection, .rightToLeft))
            default: throw LayoutFileError(path: path, message: "expected leftToRight or rightToLeft (or ltr, rtl)")
            }
        case "startsNewRow":
            return try holder.bool(name) == true ? AnyElement(element.startsNewRow()) : element
        case "gridCellColumns":
            return AnyElement(element.gridCellColumns(try holder.count(name, in: 1...1_000)!))
        case "gridColumnAlignment":
            return AnyElement(element.gridColumnAlignment(try horizontal(holder, name)!))
        case "gridCellAnchor":
            return AnyElement(element.gridCellAnchor(try unitPoint(value, path)))
        case "gridCellUnsizedAxes":
            return AnyElement(element.gridCellUnsizedAxes(try axisSet(holder, name)))
        default:
            throw LayoutFileError(path: path, message: "unknown modifier")
        }
    }

    /// `padding`: a number (every edge), `true` (the default 16 on every edge), per-edge lengths
    /// `{"top", "leading", "bottom", "trailing", "horizontal", "vertical"}`, or `{"edges", "length"}`
    /// (`length` left out: the default), as SwiftUI's `padding(_:_:)`.
    private func padding(_ value: Any, _ element: AnyElement, _ path: String) throws -> AnyElement {
        if isJSONBoolean(value), let flag = value as? Bool {
            guard flag else { throw LayoutFileError(path: path, message: "expected true (the default padding), a number or an object") }
            return AnyElement(element.padding())
        }
        if jsonNumber(value) != nil, let length = try FileNode(["padding": value], String(path.dropLast(".padding".count))).number("padding") {
            return AnyElement(element.padding(length))
        }
        guard let sides = value as? [String: Any] else {
            throw LayoutFileError(path: path, message: "expected a number, true, {top, leading, bottom, trailing, horizontal, vertical} or {edges, length}")
        }
        let insets = try FileNode(sides, path)
        if sides["edges"] != nil || sides["length"] != nil {
            try insets.only(["edges", "length"])
            var edges: Edge.Set = .all
            if let raw = sides["edges"] {
                let names = (raw as? [Any]) ?? [raw]
                edges = []
                let known: [String: Edge.Set] = ["top": .top, "leading": .leading, "bottom": .bottom, "trailing": .trailing,
                                                 "horizontal": .horizontal, "vertical": .vertical, "all": .all]
                for item in names {
                    guard let name = item as? String, let set = known[name] else {
                        throw LayoutFileError(path: path + ".edges", message: "expected an edge name or a list of them: top, leading, bottom, trailing, horizontal, vertical, all")
                    }
                    edges.formUnion(set)
                }
            }
            return AnyElement(element.padding(edges, try insets.number("length")))
        }
        try insets.only(["top", "leading", "bottom", "trailing", "horizontal", "vertical"])
        let h = try insets.number("horizontal") ?? 0, v = try insets.number("vertical") ?? 0
        return AnyElement(element.padding(EdgeInsets(top: try insets.number("top") ?? v, leading: try insets.number("leading") ?? h,
                                           bottom: try insets.number("bottom") ?? v, trailing: try insets.number("trailing") ?? h)))
    }

    private func frame(_ value: Any, _ element: AnyElement, _ path: String) throws -> AnyElement {
        let frame = try FileNode(value, path)
        try frame.only(["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight", "alignment"])
        let alignment = try self.alignment(frame, "alignment") ?? .center
        // "infinity" only for a maximum (`maxWidth: .infinity` fills the proposal). A fixed or
        // minimum length of ∞ is ignored by SwiftUI with a log, and an ideal one makes the frame
        // infinite under a `nil` proposal: refused here, with the path.
        func length(_ key: String) throws -> CGFloat? {
            try frame.number(key, allowingInfinity: key == "maxWidth" || key == "maxHeight",
                             infinityRefused: "\"infinity\" is allowed only for maxWidth and maxHeight (an infinite \(key) makes the frame infinite)")
        }
        let flexible = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"].contains { frame.raw[$0] != nil }
        guard flexible else { return AnyElement(element.frame(width: try length("width"), height: try length("height"), alignment: alignment)) }
        if frame.raw["width"] != nil || frame.raw["height"] != nil {
            throw LayoutFileError(path: path, message: "give width/height or min/ideal/max, not both")
        }
        return AnyElement(element.frame(minWidth: try length("minWidth"), idealWidth: try length("idealWidth"), maxWidth: try length("maxWidth"),
                             minHeight: try length("minHeight"), idealHeight: try length("idealHeight"), maxHeight: try length("maxHeight"),
                             alignment: alignment))
    }

    /// `overlay` / `background`: a node, or `{"alignment", "content"}` with a node or an array of
    /// nodes (several: a centred `ZStack`).
    private func secondary(_ name: String, _ value: Any, _ element: AnyElement, _ path: String) throws -> AnyElement {
        var alignment = Alignment.center
        var content: [AnyElement]
        if let object = value as? [String: Any], let raw = object["content"] {
            let spec = try FileNode(object, path)
            try spec.only(["alignment", "content"])
            alignment = try self.alignment(spec, "alignment") ?? .center
            if let list = raw as? [Any] {
                content = try list.enumerated().map { try self.element($1, at: "\(path).content[\($0)]") }
            } else {
                content = [try self.element(raw, at: path + ".content")]
            }
        } else {
            content = [try self.element(value, at: path)]
        }
        return name == "overlay" ? AnyElement(element.overlay(alignment: alignment) { content }) : AnyElement(element.background(alignment: alignment) { content })
    }

    /// `aspectRatio`: a number (`.fit`), `"fit"` / `"fill"` (the ideal size's ratio), or
    /// `{"ratio", "contentMode"}` (either left out: the ideal size's ratio, `.fit`).
    private func aspectRatio(_ value: Any, _ element: AnyElement, _ path: String) throws -> AnyElement {
        func mode(_ name: String?, _ at: String) throws -> ContentMode {
            switch name {
            case nil, "fit": return .fit
            case "fill": return .fill
            default: throw LayoutFileError(path: at, message: "expected fit or fill")
            }
        }
        if let name = value as? String { return AnyElement(element.aspectRatio(contentMode: try mode(name, path))) }
        if let object = value as? [String: Any] {
            let spec = try FileNode(object, path)
            try spec.only(["ratio", "contentMode"])
            let ratio = try spec.number("ratio")
            if let ratio, ratio <= 0 { throw LayoutFileError(path: path + ".ratio", message: "expected a ratio above 0 (width ÷ height)") }
            return AnyElement(element.aspectRatio(ratio, contentMode: try mode(try spec.string("contentMode"), path + ".contentMode")))
        }
        let holder = try FileNode(["aspectRatio": value], String(path.dropLast(".aspectRatio".count)))
        guard let ratio = try holder.number("aspectRatio"), ratio > 0 else {
            throw LayoutFileError(path: path, message: "expected a ratio above 0 (width ÷ height), fit, fill or {ratio, contentMode}")
        }
        return AnyElement(element.aspectRatio(ratio, contentMode: .fit))
    }

    /// One `alignmentGuide`: `{"guide": name, "value": number or expression}`.
    private func alignmentGuide(_ value: Any, _ element: AnyElement, _ path: String) throws -> AnyElement {
        let spec = try FileNode(value, path)
        try spec.only(["guide", "value"])
        guard let name = try spec.string("guide") else { throw LayoutFileError(path: path + ".guide", message: "missing: the guide to set") }
        guard let raw = spec.raw["value"] else { throw LayoutFileError(path: path + ".value", message: "missing: a number or an expression") }
        if let guide = horizontalGuide(name) {
            let expression = try Self.expression(raw, at: path + ".value") { resolve($0, center: .horizontal(.center)) }
            return AnyElement(element.alignmentGuide(guide) { expression.value(in: $0) })
        }
        if let guide = verticalGuide(name) {
            let expression = try Self.expression(raw, at: path + ".value") { resolve($0, center: .vertical(.center)) }
            return AnyElement(element.alignmentGuide(guide) { expression.value(in: $0) })
        }
        throw LayoutFileError(path: path + ".guide", message: "'\(name)' is not a guide (leading, horizontalCenter, trailing, top, verticalCenter, bottom, "
                              + "firstTextBaseline, lastTextBaseline, or one declared under the root's alignments)")
    }

    // MARK: - Values

    /// A number, or a string holding a ``GuideExpression``.
    static func expression(_ raw: Any, at path: String, resolve: @escaping (String) -> GuideExpression.Node?) throws -> GuideExpression {
        if !isJSONBoolean(raw), let number = jsonNumber(raw)?.doubleValue {
            guard number.isFinite, abs(number) <= 1_000_000 else { throw LayoutFileError(path: path, message: "expected a number from -1000000 to 1000000") }
            return GuideExpression(root: .number(CGFloat(number)))
        }
        guard let text = raw as? String else { throw LayoutFileError(path: path, message: "expected a number or an expression such as \"width * 0.5\"") }
        do {
            return try GuideExpression(text, resolve: resolve)
        } catch {
            throw LayoutFileError(path: path, message: "\(error.message) in \"\(text)\"")
        }
    }

    /// A guide's name in an expression: a built-in one (`center` on the axis of `center`) or the file's.
    private func resolve(_ name: String, center: GuideExpression.Node) -> GuideExpression.Node? {
        if name == "center" { return center }
        if let guide = horizontalGuide(name) { return .horizontal(guide) }
        if let guide = verticalGuide(name) { return .vertical(guide) }
        return nil
    }

    /// A horizontal guide by name (not `center`, which is ambiguous here: `horizontalCenter`).
    private func horizontalGuide(_ name: String) -> HorizontalAlignment? {
        switch name {
        case "leading": .leading
        case "trailing": .trailing
        case "horizontalCenter": .center
        default: horizontalGuides[name]
        }
    }

    private func verticalGuide(_ name: String) -> VerticalAlignment? {
        switch name {
        case "top": .top
        case "bottom": .bottom
        case "verticalCenter": .center
        case "firstTextBaseline": .firstTextBaseline
        case "lastTextBaseline": .lastTextBaseline
        default: verticalGuides[name]
        }
    }

    /// A vertical alignment: `top`, `center`, `bottom`, `firstTextBaseline`, `lastTextBaseline`, or
    /// a vertical guide the file declares.
    func vertical(_ node: FileNode, _ key: String) throws -> VerticalAlignment? {
        try guide(node, key, Self.builtInVertical, verticalGuides, "top, center, bottom, firstTextBaseline, lastTextBaseline", axis: "vertical")
    }

    /// A horizontal alignment: `leading`, `center`, `trailing`, or a horizontal guide the file declares.
    func horizontal(_ node: FileNode, _ key: String) throws -> HorizontalAlignment? {
        try guide(node, key, Self.builtInHorizontal, horizontalGuides, "leading, center, trailing", axis: "horizontal")
    }

    /// A guide of one axis named at `key`: a built-in one or one the file declares.
    private func guide<Guide>(_ node: FileNode, _ key: String, _ builtIn: [String: Guide], _ declared: [String: Guide],
                              _ builtInNames: String, axis: String) throws -> Guide? {
        guard let name = try node.string(key) else { return nil }
        guard let guide = builtIn[name] ?? declared[name] else {
            throw LayoutFileError(path: node.path + "." + key, message: "expected \(builtInNames)"
                                  + (declared.isEmpty ? "" : " or a \(axis) guide the file declares (\(declared.keys.sorted().joined(separator: ", ")))"))
        }
        return guide
    }

    /// A two-axis alignment: one of the nine names, or `{"horizontal", "vertical"}` (each built-in
    /// or the file's; left out: `center`).
    func alignment(_ node: FileNode, _ key: String) throws -> Alignment? {
        guard let raw = node.raw[key] else { return nil }
        if let object = raw as? [String: Any] {
            let pair = try FileNode(object, node.path + "." + key)
            try pair.only(["horizontal", "vertical"])
            return Alignment(horizontal: try horizontal(pair, "horizontal") ?? .center, vertical: try vertical(pair, "vertical") ?? .center)
        }
        guard let name = raw as? String, let alignment = Self.namedAlignments[name] else {
            throw LayoutFileError(path: node.path + "." + key,
                                  message: "expected one of \(Self.namedAlignments.keys.sorted().joined(separator: ", ")), or {\"horizontal\", \"vertical\"}")
        }
        return alignment
    }

    /// A `UnitPoint`: one of its names, or `{"x", "y"}`.
    private func unitPoint(_ value: Any, _ path: String) throws -> UnitPoint {
        if let name = value as? String, let point = Self.unitPoints[name] { return point }
        guard let object = value as? [String: Any] else {
            throw LayoutFileError(path: path, message: "expected one of \(Self.unitPoints.keys.sorted().joined(separator: ", ")), or {\"x\", \"y\"}")
        }
        let point = try FileNode(object, path)
        try point.only(["x", "y"])
        return UnitPoint(x: try point.number("x") ?? 0, y: try point.number("y") ?? 0)
    }

    /// An axis set: `"horizontal"`, `"vertical"`, or an array of them.
    private func axisSet(_ node: FileNode, _ key: String) throws -> Axis.Set {
        let raw = node.raw[key]!
        let names = (raw as? [Any]) ?? [raw]
        var axes: Axis.Set = []
        for name in names {
            switch name as? String {
            case "horizontal": axes.insert(.horizontal)
            case "vertical": axes.insert(.vertical)
            default: throw LayoutFileError(path: node.path + "." + key, message: "expected \"horizontal\", \"vertical\" or an array of them")
            }
        }
        return axes
    }
}
