import Foundation

/// The answer of `textfit layout` for one text size (a Dynamic Type size, or a font scale under Android): the root size and every element's
/// frame in root coordinates, with baselines measured from the element's own top (as alignment
/// guides are). Elements are in tree (pre-)order.
public struct LayoutOutput: Codable, Sendable, Equatable {
    public struct Size: Codable, Sendable, Equatable {
        public var width: Double
        public var height: Double
    }

    public struct Frame: Codable, Sendable, Equatable {
        public var x: Double, y: Double, width: Double, height: Double
    }

    public struct Element: Codable, Sendable, Equatable {
        public var id: String?
        /// Child indices from the root.
        public var path: [Int]
        /// The leaf's or container's type (`Text`, `Box`, `FlowLayout`, …) or a modifier (`padding`, `frame`, …).
        public var kind: String
        public var frame: Frame
        public var firstBaseline: Double
        public var lastBaseline: Double
        /// `true` for an element its container left out (the children `viewThatFits` did not choose,
        /// a flow's items past `maxRows` and its unused overflow elements), whose frame is empty;
        /// absent (`nil`) otherwise, so the common output does not grow.
        public var hidden: Bool? = nil
    }

    /// The Dynamic Type size (`large`), for an iOS layout; absent under Android.
    public var dynamicTypeSize: String?
    /// The font scale (`1.3`), for an Android layout; absent under iOS.
    public var fontScale: Double?
    public var size: Size
    public var elements: [Element]
    /// ``LayoutResult/diagnostics`` as text, one line each (`kind: Element at [path] (id …): message`):
    /// layouts that misbehaved, frames SwiftUI would log about, texts with glyphs no font has or
    /// measured as 0 × 0 or in a fallback family; usually empty.
    public var diagnostics: [String]
}

extension DynamicTypeSize {
    /// The sizes a `layout` or `render` request (or `textfit layout --dynamic-type`) names: one size,
    /// `all`, or a comma list (`large,ax3`; spaces around an item are ignored), in the order given;
    /// an item may be a range as `textfit stress` writes it (`large...accessibility2`, `...large`,
    /// `xLarge...`; ``DynamicTypeRange``), its sizes smallest first. Each size is laid out once: a
    /// size named again (or covered by an earlier range) is dropped, its first place kept.
    /// - Throws: ``RequestError`` for `dynamicType` when the list is empty or has an empty item
    ///   (`""`, `","`, `"large,,ax1"`) — refused, as the rules file's ranges refuse them, never
    ///   skipped — when it has more items than there are sizes (12: a longer list can only repeat
    ///   them, and one of thousands of items, each laid out, took a minute and gigabytes of the
    ///   service), or an item that is not a size or a range.
    public static func list(parsing text: String) throws -> [DynamicTypeSize] {
        if text.trimmingCharacters(in: .whitespaces) == "all" { return DynamicTypeSize.allCases }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard items.count <= DynamicTypeSize.allCases.count else {
            throw RequestError(field: "dynamicType", "has \(items.count) items; at most \(DynamicTypeSize.allCases.count), "
                               + "one per Dynamic Type size (or FROM...TO, or all)")
        }
        var sizes: [DynamicTypeSize] = []
        for name in items {
            guard !name.isEmpty else {
                throw RequestError(field: "dynamicType", text.trimmingCharacters(in: .whitespaces).isEmpty
                    ? "empty; expected a Dynamic Type size, a comma list of sizes, FROM...TO, or all"
                    : "'\(text)' has an empty item; expected a Dynamic Type size, a comma list of sizes, FROM...TO, or all")
            }
            let named: [DynamicTypeSize]
            // A range, as `textfit stress` and rules files write it (`large...accessibility2`, `...large`).
            if name.contains("...") || name.contains("…") {
                do {
                    named = try DynamicTypeRange(parsing: name).sizes
                } catch {
                    throw RequestError(field: "dynamicType", "'\(name)': \(error)")
                }
            } else if let size = DynamicTypeSize(name: name) {
                named = [size]
            } else {
                throw RequestError(field: "dynamicType", "'\(name)' is not a Dynamic Type size (or FROM...TO, or all)")
            }
            for size in named where !sizes.contains(size) { sizes.append(size) }
        }
        return sizes
    }
}

extension TextFitEngine {
    /// The environment a layout runs in: this engine's fonts, the user's text size, a direction,
    /// and the locale and string tables keys are looked up in. The text size says the platform too:
    /// a Dynamic Type size is iOS's, a font scale Android's (Roboto, Material 3's `bodyLarge` for
    /// text that sets no font, sizes in sp scaled by it).
    /// - Parameters:
    ///   - direction: the layout direction; `nil` leaves it to the locale (right to left for a
    ///     right-to-left language, as an app launched in it is laid out; else left to right).
    ///   - locale: the locale texts are shown in (`de`, `ar-EG`, `pseudo-xa`); `nil`: `en_US_POSIX`.
    ///   - strings: the catalogs `Text` keys are looked up in (`textfit layout --strings`).
    public func environment(_ textSize: TextSize, direction: LayoutDirection? = nil, locale: String? = nil,
                            strings: LocalizedStrings? = nil) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.textShaper = shaper
        environment.platform = textSize.platform
        switch textSize {
        case .dynamicType(let size): environment.dynamicTypeSize = size
        case .fontScale(let scale): environment.fontScale = scale
        }
        if let direction { environment.layoutDirection = direction }
        if let locale { environment.locale = Locale(identifier: locale) }
        environment.localizedStrings = strings
        return environment
    }

    /// The environment an iOS layout runs in: this engine's fonts, a Dynamic Type size and a direction.
    public func environment(dynamicTypeSize: DynamicTypeSize, direction: LayoutDirection = .leftToRight) -> EnvironmentValues {
        environment(.dynamicType(dynamicTypeSize), direction: direction)
    }

    /// Lays `tree` out for a proposal (`nil` axes ask for the ideal) at each text size (each a
    /// Dynamic Type size under iOS or a font scale under Android; ``environment(_:direction:)``).
    public func layout(_ tree: some View, width: Double?, height: Double?, textSizes: [TextSize],
                       direction: LayoutDirection? = nil, locale: String? = nil, strings: LocalizedStrings? = nil)
        -> [(TextSize, LayoutResult)] {
        textSizes.map { size in
            let result = LayoutTree(tree, environment: environment(size, direction: direction, locale: locale, strings: strings))
                .layout(in: ProposedViewSize(width: width.map { CGFloat($0) }, height: height.map { CGFloat($0) }))
            return (size, result)
        }
    }

    /// Lays `tree` out for a proposal (`nil` axes ask for the ideal) at each Dynamic Type size (iOS).
    public func layout(_ tree: some View, width: Double?, height: Double?, dynamicTypeSizes: [DynamicTypeSize],
                       direction: LayoutDirection = .leftToRight) -> [(DynamicTypeSize, LayoutResult)] {
        layout(tree, width: width, height: height, textSizes: dynamicTypeSizes.map { .dynamicType($0) }, direction: direction)
            .map { size, result in
                guard case .dynamicType(let dynamicType) = size else { preconditionFailure("an iOS layout answered \(size)") }
                return (dynamicType, result)
            }
    }

    /// ``layout(_:width:height:textSizes:direction:)`` as the JSON the CLI and the service print.
    public func layoutOutputs(_ tree: some View, width: Double?, height: Double?, textSizes: [TextSize],
                              direction: LayoutDirection? = nil, locale: String? = nil, strings: LocalizedStrings? = nil) -> [LayoutOutput] {
        layout(tree, width: width, height: height, textSizes: textSizes, direction: direction, locale: locale, strings: strings)
            .map(LayoutOutput.init)
    }

    /// ``layout(_:width:height:dynamicTypeSizes:direction:)`` as the JSON the CLI and the service print.
    public func layoutOutputs(_ tree: some View, width: Double?, height: Double?, dynamicTypeSizes: [DynamicTypeSize],
                              direction: LayoutDirection = .leftToRight) -> [LayoutOutput] {
        layoutOutputs(tree, width: width, height: height, textSizes: dynamicTypeSizes.map { .dynamicType($0) }, direction: direction)
    }
}

extension LayoutOutput {
    /// The JSON form of one Dynamic Type size's layout.
    public init(_ size: DynamicTypeSize, _ result: LayoutResult) {
        self.init(.dynamicType(size), result)
    }

    /// The JSON form of one text size's layout: labelled `dynamicTypeSize` under iOS, `fontScale` under Android.
    public init(_ size: TextSize, _ result: LayoutResult) {
        var dynamicTypeSize: String?, fontScale: Double?
        switch size {
        case .dynamicType(let named): dynamicTypeSize = named.rawValue
        case .fontScale(let scale): fontScale = scale.value
        }
        self.init(
            dynamicTypeSize: dynamicTypeSize,
            fontScale: fontScale,
            size: .init(width: result.size.width, height: result.size.height),
            elements: result.elements.map { element in
                .init(id: element.id, path: element.path, kind: element.kind,
                      frame: .init(x: element.frame.minX, y: element.frame.minY, width: element.frame.width,
                                   height: element.frame.height),
                      firstBaseline: element.firstTextBaseline, lastBaseline: element.lastTextBaseline,
                      hidden: element.isHidden ? true : nil)
            },
            diagnostics: result.diagnostics.map(\.description))
    }
}

// MARK: - JSON (JSONWriter: the `Codable` form, keys in byte order)

extension LayoutOutput: JSONWritable {
    /// The layout as JSON: byte for byte what `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]`
    /// writes (the format of `textfit layout --json` and of the service), in a fraction of its time.
    /// - Throws: `EncodingError.invalidValue` for a number that is not finite, as `JSONEncoder` does.
    public func jsonData() throws -> Data {
        var writer = JSONWriter(capacity: 256 + 160 * elements.count)
        try writeJSON(to: &writer)
        return writer.data
    }

    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            try json.field("diagnostics", diagnostics)
            json.field("dynamicTypeSize", dynamicTypeSize)
            try json.field("elements", elements)
            try json.field("fontScale", fontScale)
            try json.field("size", size)
        }
    }
}

extension LayoutOutput.Size: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws { try writer.size(width: width, height: height) }
}

extension LayoutOutput.Frame: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws { try writer.rect(x: x, y: y, width: width, height: height) }
}

extension LayoutOutput.Element: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            try json.field("firstBaseline", firstBaseline)
            try json.field("frame", frame)
            if let hidden { json.field("hidden", hidden) }
            json.field("id", id)
            json.field("kind", kind)
            try json.field("lastBaseline", lastBaseline)
            try json.field("path", path)
        }
    }
}
