import Foundation

/// The answer of `textfit layout` for one text size (a Dynamic Type size, or a font scale under Android): the root size and every element's
/// frame in root coordinates, with baselines measured from the element's own top (as alignment
/// guides are). Elements are in tree (pre-)order.
public struct LayoutOutput: Codable, Sendable, Equatable {
    /// A size in points.
    public struct Size: Codable, Sendable, Equatable {
        /// The width, in points.
        public var width: Double
        /// The height, in points.
        public var height: Double
    }

    /// A frame in points, in the root's coordinates.
    public struct Frame: Codable, Sendable, Equatable {
        /// The origin and size, in points.
        public var x: Double, y: Double, width: Double, height: Double
    }

    /// One element of the laid-out tree: a leaf, a container or a modifier.
    public struct Element: Codable, Sendable, Equatable {
        /// The node's `id`, when the file gives one.
        public var id: String?
        /// Child indices from the root.
        public var path: [Int]
        /// The leaf's or container's type (`Text`, `Box`, `FlowLayout`, …) or a modifier (`padding`, `frame`, …).
        public var kind: String
        /// Where it was placed, in the root's coordinates.
        public var frame: Frame
        /// The first text baseline, from the top of the frame (its height when it holds no text).
        public var firstBaseline: Double
        /// The last text baseline, from the top of the frame (its height when it holds no text).
        public var lastBaseline: Double
        /// `true` for an element its container left out (the children `viewThatFits` did not choose,
        /// a flow's items past `maxRows` and its unused overflow elements), whose frame is empty;
        /// absent (`nil`) otherwise, so the common output does not grow.
        public var hidden: Bool? = nil
        /// How a shown `Text` fits (``LayoutResult/texts``); absent for every other element.
        public var fit: Fit? = nil
    }

    /// How a text fits where it was placed (``PlacedText``). Fields that say nothing is wrong are
    /// absent, so a text that fits is `{"linesNeeded": 1, "linesShown": 1, "neededWidth": …, "scale": 1}`.
    public struct Fit: Codable, Sendable, Equatable {
        /// The lines shown.
        public var linesShown: Int
        /// At the placed width, full size, no line limit.
        public var linesNeeded: Int
        /// 1 unless `minimumScaleFactor` shrank the text.
        public var scale: Double
        /// The narrowest width that shows all of it within its line limit; absent when none does.
        public var neededWidth: Double?
        /// Where and why "…" cut it; absent when it shows all of it.
        public var truncated: Truncated?
        /// What it is drawn outside of; absent when nothing.
        public var clipped: Clipped?
        /// The shown texts it overlaps; absent when none.
        public var overlaps: [Overlap]?
        /// When its string came from a string table: the key, the table, the locale whose string
        /// was used, and `true` when that is a fallback (absent otherwise).
        public var key: String?
        /// The string table the key was found in (`Localizable`).
        public var table: String?
        /// The locale whose string was shown (the source language's when it fell back).
        public var locale: String?
        /// `true` when the string shown is not the environment's language's own translation.
        public var untranslated: Bool?
        /// The characters no font has a glyph for; absent when there are none.
        public var missingGlyphs: Int? = nil

        /// Where "…" cut a text, and why.
        public struct Truncated: Codable, Sendable, Equatable {
            /// `head`, `middle` or `tail`.
            public var position: String
            /// `lineLimit` or `height`.
            public var cause: String
            /// The scalar offset "…" stands at (at the tail: where the shown text ends).
            public var offset: Int
            /// The scalars "…" stands for, `[start, end]`.
            public var elided: [Int]
        }

        /// What a text is drawn outside of.
        public struct Clipped: Codable, Sendable, Equatable {
            /// `root` (the root's bounds) or `ancestor` (a clipping element at `path`).
            public var by: String
            /// The clipping element's path, for `ancestor`.
            public var path: [Int]?
            /// The clipping element's `id`, when it has one.
            public var id: String?
        }

        /// A text one of this text's lines overlaps.
        public struct Overlap: Codable, Sendable, Equatable {
            /// The other text's path.
            public var path: [Int]
            /// The other text's `id`, when it has one.
            public var id: String?
        }
    }

    /// The Dynamic Type size (`large`), for an iOS layout; absent under Android.
    public var dynamicTypeSize: String?
    /// The font scale (`1.3`), for an Android layout; absent under iOS.
    public var fontScale: Double?
    /// The size of the root.
    public var size: Size
    /// Every element, in tree order.
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
                               + "one per Dynamic Type size; expected \(DynamicTypeSize.listForMessages)")
        }
        var sizes: [DynamicTypeSize] = []
        for name in items {
            guard !name.isEmpty else {
                throw RequestError(field: "dynamicType", text.trimmingCharacters(in: .whitespaces).isEmpty
                    ? "empty; expected \(DynamicTypeSize.listForMessages)"
                    : "'\(text)' has an empty item; expected \(DynamicTypeSize.listForMessages)")
            }
            let named: [DynamicTypeSize]
            // A range, as `textfit stress` and rules files write it (`large...accessibility2`, `...large`).
            if name.contains("...") || name.contains("…") {
                do {
                    named = try DynamicTypeRange(parsing: name).sizes
                } catch {
                    throw RequestError(field: "dynamicType", "\(error)")
                }
            } else if let size = DynamicTypeSize(name: name) {
                named = [size]
            } else {
                throw RequestError(field: "dynamicType", "'\(name)' is not a Dynamic Type size; expected \(DynamicTypeSize.listForMessages)")
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
    ///   - textSize: the user's text size: a Dynamic Type size (iOS) or a font scale (Android).
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
    /// Dynamic Type size under iOS or a font scale under Android; ``environment(_:direction:locale:strings:)``).
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

    /// ``layout(_:width:height:textSizes:direction:locale:strings:)`` as the JSON the CLI and the service print.
    public func layoutOutputs(_ tree: some View, width: Double?, height: Double?, textSizes: [TextSize],
                              direction: LayoutDirection? = nil, locale: String? = nil, strings: LocalizedStrings? = nil) -> [LayoutOutput] {
        layout(tree, width: width, height: height, textSizes: textSizes, direction: direction, locale: locale, strings: strings)
            .map { LayoutOutput($0, $1) }
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

    /// The JSON form of one text size's layout: labelled `dynamicTypeSize` under iOS, `fontScale`
    /// under Android; `texts` are the result's ``LayoutResult/texts`` when the caller has them
    /// (they are asked for here otherwise).
    public init(_ size: TextSize, _ result: LayoutResult, texts: [PlacedText]? = nil) {
        var dynamicTypeSize: String?, fontScale: Double?
        switch size {
        case .dynamicType(let named): dynamicTypeSize = named.rawValue
        case .fontScale(let scale): fontScale = scale.value
        }
        var fits = [Fit?](repeating: nil, count: result.count)
        let placed = texts ?? result.texts
        for i in placed.indices where placed[i].index < fits.count { fits[placed[i].index] = Fit(placed[i]) }
        self.init(
            dynamicTypeSize: dynamicTypeSize,
            fontScale: fontScale,
            size: .init(width: result.size.width, height: result.size.height),
            elements: result.elements.enumerated().map { index, element in
                .init(id: element.id, path: element.path, kind: element.kind,
                      frame: .init(x: element.frame.minX, y: element.frame.minY, width: element.frame.width,
                                   height: element.frame.height),
                      firstBaseline: element.firstTextBaseline, lastBaseline: element.lastTextBaseline,
                      hidden: element.isHidden ? true : nil, fit: fits[index])
            },
            diagnostics: result.diagnostics.map(\.description))
    }
}

extension LayoutOutput.Fit {
    /// The JSON form of a text's fit.
    public init(_ text: PlacedText) {
        linesShown = text.linesShown
        linesNeeded = text.linesNeeded
        scale = text.scale
        neededWidth = text.neededWidth
        truncated = text.truncation.map {
            Truncated(position: $0.position.rawValue, cause: $0.cause.rawValue, offset: $0.offset,
                      elided: [$0.elided.lowerBound, $0.elided.upperBound])
        }
        switch text.clip {
        case .root?: clipped = Clipped(by: "root")
        case .ancestor(let path, let id)?: clipped = Clipped(by: "ancestor", path: path, id: id)
        case nil: clipped = nil
        }
        overlaps = text.overlaps.isEmpty ? nil : text.overlaps.map { Overlap(path: $0.path, id: $0.id) }
        key = text.key
        table = text.table
        locale = text.locale
        untranslated = text.isUntranslated ? true : nil
        missingGlyphs = text.hasMissingGlyphs ? text.missingGlyphs : nil
    }

    /// Truncated, scaled, clipped, overlapping, untranslated or missing glyphs (``PlacedText/hasFindings``).
    public var hasFindings: Bool {
        truncated != nil || scale < 1 || clipped != nil || overlaps != nil || untranslated == true || missingGlyphs != nil
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
            if let fit {
                json.key("fit")
                try fit.writeJSON(to: &json)
            }
            try json.field("frame", frame)
            if let hidden { json.field("hidden", hidden) }
            json.field("id", id)
            json.field("kind", kind)
            try json.field("lastBaseline", lastBaseline)
            try json.field("path", path)
        }
    }
}

extension LayoutOutput.Fit: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            if let clipped {
                json.key("clipped")
                try clipped.writeJSON(to: &json)
            }
            json.field("key", key)
            json.field("linesNeeded", linesNeeded)
            json.field("linesShown", linesShown)
            json.field("locale", locale)
            if let missingGlyphs { json.field("missingGlyphs", missingGlyphs) }
            try json.field("neededWidth", neededWidth)
            if let overlaps { try json.field("overlaps", overlaps) }
            try json.field("scale", scale)
            json.field("table", table)
            if let truncated {
                json.key("truncated")
                try truncated.writeJSON(to: &json)
            }
            if let untranslated { json.field("untranslated", untranslated) }
        }
    }
}

extension LayoutOutput.Fit.Truncated: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            json.field("cause", cause)
            try json.field("elided", elided)
            json.field("offset", offset)
            json.field("position", position)
        }
    }
}

extension LayoutOutput.Fit.Clipped: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            json.field("by", by)
            json.field("id", id)
            if let path { try json.field("path", path) }
        }
    }
}

extension LayoutOutput.Fit.Overlap: JSONWritable {
    package func writeJSON(to writer: inout JSONWriter) throws {
        try writer.object { json in
            json.field("id", id)
            try json.field("path", path)
        }
    }
}
