import Foundation
import LayoutCore
import TextFit

/// Answers the service's operations — `measure`, `layout`, `render`, `fonts`, `stress-check` —
/// from JSON bodies, with the same Codable types as the CLI (one schema). Transport-independent:
/// stdio and HTTP both call ``handle(_:body:)``. Thread-safe; fonts and caches are shared.
///
/// Bodies (camelCase JSON objects; unknown fields are `invalid-request` errors naming them):
/// | operation | body | answer |
/// |---|---|---|
/// | `measure` | the measure command's options: `{"texts": […], "font" \| "fontFile", "size" \| "style", "dynamicType": SIZE \| "a,b" \| "FROM...TO" \| "all", "width", "lines", …}` | `{"results": [MeasureResult]}`: one per text per size, sizes within texts |
/// | `layout` | `{"tree": <layout-file node>, "width", "height", "platform": "ios" \| "android", "dynamicType": SIZE \| "all" \| "a,b" (or "fontScale": 1.3 \| "1,2"), "direction": "ltr" \| "rtl"}` | `{"layouts": [LayoutOutput]}` |
/// | `render` | the `layout` body (first size only) + `"overlays": bool` | the SVG (`image/svg+xml`) |
/// | `fonts` | `{}` or `{"for": TEXT, …font options}` | `{"families": […]}` or `{"clusters": […]}` |
/// | `stress-check` | `{"key", "texts": {"de": "…", …}, "sourceLanguage": "en", "constraint": {rules-file fields: "width", "maxLines", "style", "dynamicType", …}}` | `{"verdicts": [StressVerdict]}` (with `neededWidth`, `excess`, `excessPercent`, `excessCharacters`, `linesNeeded` when failing; `sourceFails` given a `sourceLanguage`) |
///
/// Files (issue 27): a request's `fontFile` (`measure`, `fonts`) is refused (`forbidden`) unless the
/// dispatcher has a ``fontFolder`` (`textfit serve --font-dir DIR`); then only regular files inside
/// it are read. Answers name fonts without absolute paths (``fontName(_:)``).
public final class ServiceDispatcher: Sendable {
    public let engine: TextFitEngine
    public let limits: ServiceLimits
    /// The folder whose font files requests may name; `nil`: requests may name no file.
    public let fontFolder: ServiceFontFolder?
    /// The app's string tables, read when the service started (`serve --strings`): `layout` and
    /// `render` requests' `key` nodes are looked up in them, in the request's `locale`. A request
    /// never names a catalog file.
    public let strings: LocalizedStrings?

    /// The bundled fonts' and the Apple fonts' folders, each with a final "/" (``fontName(_:)``).
    private let libraryFolders: [String]

    public init(engine: TextFitEngine, limits: ServiceLimits = ServiceLimits(), fontFolder: ServiceFontFolder? = nil,
                strings: LocalizedStrings? = nil) {
        self.engine = engine
        self.limits = limits
        self.fontFolder = fontFolder
        self.strings = strings
        libraryFolders = [engine.library.fontDirectory, engine.library.appleFontsDirectory].compactMap { folder in
            folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        }
    }

    /// The operations by name.
    public static let operations = ["measure", "layout", "render", "fonts", "stress-check"]

    /// Handles one operation with a JSON body (an empty body is `{}`).
    public func handle(_ operation: String, body: Data) -> ServiceResponse {
        answer {
            if body.count > limits.maxBodyBytes {
                throw ServiceError(.payloadTooLarge, "the body is \(body.count) bytes; the limit (maxBodyBytes) is \(limits.maxBodyBytes)")
            }
            try Self.check(operation)
            return try respond(operation, try Self.object(body))
        }
    }

    /// Handles one operation whose body is already a parsed JSON object (stdio's `params`, whose line
    /// the stdio server has held to `maxBodyBytes`; ``StrictJSON``'s values or `JSONSerialization`'s).
    public func handle(_ operation: String, object: [String: Any]) -> ServiceResponse {
        answer {
            try Self.check(operation)
            return try respond(operation, object)
        }
    }

    private func answer(_ work: () throws -> ServiceResponse) -> ServiceResponse {
        do {
            return try work()
        } catch let error as ServiceError {
            return error.response
        } catch {
            return ServiceError(.internalError, "\(error)").response
        }
    }

    private static func check(_ operation: String) throws {
        guard operations.contains(operation) else {
            throw ServiceError(.unknownOperation, "'\(operation)' is not an operation (\(operations.joined(separator: ", ")))")
        }
    }

    // MARK: - Operations

    private func respond(_ operation: String, _ object: [String: Any]) throws -> ServiceResponse {
        switch operation {
        case "measure": return try measure(object)
        case "layout":
            let (tree, width, height, sizes, direction, locale) = try layoutRequest(object, extra: [])
            return try layouts(tree, width: width, height: height, sizes: sizes, direction: direction, locale: locale)
        case "render":
            let (tree, width, height, sizes, direction, locale) = try layoutRequest(object, extra: ["overlays"])
            let overlays = try Self.field(object, "overlays", as: Bool.self) ?? false
            guard let (_, result) = engine.layout(tree, width: width, height: height, textSizes: [sizes[0]],
                                                  direction: direction, locale: locale, strings: strings).first else {
                throw ServiceError(.internalError, "nothing was laid out")
            }
            let svg: String
            do {
                svg = try SVGRenderer(options: .init(overlays: overlays ? .all : [])).svg(result, byteLimit: limits.maxAnswerBytes)
            } catch {
                let place = error.path.map { "at $.tree element [\($0.map(String.init).joined(separator: ", "))]" } ?? "with its overlays"
                throw ServiceError(.limitExceeded, "the picture passed \(limits.maxAnswerBytes) bytes (maxAnswerBytes) \(place); "
                                   + "render a smaller tree or shorter texts")
            }
            return ServiceResponse(status: 200, contentType: "image/svg+xml", body: Data(svg.utf8))
        case "fonts": return try fonts(object)
        default: return try stressCheck(object)
        }
    }

    /// `{"layouts": [...]}`, a layout per text size, laid out and written one size at a time: past
    /// ``ServiceLimits/maxAnswerBytes`` the request stops at the size that passed it (a size's
    /// answer is bounded by ``ServiceLimits/maxElements``), never building the rest.
    private func layouts(_ tree: AnyView, width: Double?, height: Double?, sizes: [TextSize], direction: LayoutDirection?,
                         locale: String?) throws -> ServiceResponse {
        var body = Data(#"{"layouts":["#.utf8)
        for (index, size) in sizes.enumerated() {
            let output = try engine.layoutOutputs(tree, width: width, height: height, textSizes: [size], direction: direction,
                                                  locale: locale, strings: strings)[0].jsonData()
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(output)
            guard body.count + 2 <= limits.maxAnswerBytes else {
                throw ServiceError(.limitExceeded, "the answer passed \(limits.maxAnswerBytes) bytes (maxAnswerBytes) at layouts[\(index)] "
                                   + "(\(size)); ask for fewer text sizes or a smaller tree")
            }
        }
        body.append(contentsOf: "]}".utf8)
        return ServiceResponse(status: 200, body: body)
    }

    /// `{"results": [...]}`, an answer per text and text size — each text at every size of
    /// `dynamicType` (or `fontScale`: one size, a comma list, `FROM...TO` or `all`, as the CLI reads
    /// them), in the order of `texts` and, within a text, of the sizes; each result names its size
    /// (`dynamicType`, or `fontScale` under android). Measured a batch at a time, so an answer over
    /// ``ServiceLimits/maxAnswerBytes`` stops the request as soon as it passes the limit.
    private func measure(_ object: [String: Any]) throws -> ServiceResponse {
        try Self.onlyKnown(object, Self.measureKeys)
        // The text sizes, read for the platform as `layout` reads them; the request is decoded
        // without them and given each in turn.
        let platform: Platform
        do {
            platform = try Self.field(object, "platform", as: String.self).map { try Platform.parse($0, field: "platform") } ?? .ios
        } catch let error as RequestError {
            throw ServiceError(.invalidRequest, "\(error)")
        }
        let sizes = try Self.textSizes(object, platform: platform)
        var unsized = object
        unsized.removeValue(forKey: "dynamicType")
        unsized.removeValue(forKey: "fontScale")
        let request = try Self.request(unsized)
        guard request.texts.count <= limits.maxTexts else {
            throw ServiceError(.limitExceeded, "texts has \(request.texts.count) strings; the limit (maxTexts) is \(limits.maxTexts)")
        }
        for (index, text) in request.texts.enumerated() {
            if text.unicodeScalars.count > limits.maxTextScalars {
                throw ServiceError(.limitExceeded, "texts[\(index)] has \(text.unicodeScalars.count) characters; the limit (maxTextScalars) is \(limits.maxTextScalars)")
            }
            if let run = Self.longestCombiningRun(text, over: limits.maxCombiningRun) {
                throw ServiceError(.limitExceeded, "texts[\(index)] has \(run) combining marks in a row; the limit (maxCombiningRun) is "
                                   + "\(limits.maxCombiningRun), as Unicode's Stream-Safe Text Format (UAX #15) allows (joiners and CGJ count as marks)")
            }
        }
        let (allowed, real) = try allowingFontFile(request)
        let settings: [MeasureSettings]
        do {
            settings = try (sizes.map { $0.map(Optional.some) } ?? [nil]).map { (size: TextSize?) in
                var sized = allowed
                if let size { sized.setTextSize(size) }
                return try engine.measureSettings(sized)
            }
        } catch {
            throw Self.requestFailure(error, request).hiding(real, as: request.fontFile)
        }
        // A window of texts at a time, measured and written on every core in batches, each batch's
        // answers into one buffer (font files named as `fontName` names them); the answers are
        // counted against the cap in order, so an answer over it stops the request within a
        // window of passing it.
        var body = Data(#"{"results":["#.utf8)
        var bytes = 0, answered = 0
        let texts = allowed.texts, window = ParallelBatches.cores * 4 * ParallelBatches.batchSize
        let fileName: (String) -> String = { [self] in fontName($0) }
        for start in stride(from: 0, to: texts.count, by: window) {
            let end = min(start + window, texts.count)
            let batches: [(json: [UInt8], ends: [Int])]
            do {
                batches = try ParallelBatches.map(end - start) { range in
                    var writer = JSONWriter(capacity: range.count * settings.count * 1_536)
                    var ends: [Int] = []
                    ends.reserveCapacity(range.count * settings.count)
                    for index in range {
                        for sized in settings {
                            try engine.measure(texts[start + index], sized).writeJSON(to: &writer, fileName: fileName)
                            ends.append(writer.byteCount)
                        }
                    }
                    return (writer.bytes, ends)
                }
            } catch {
                throw Self.requestFailure(error, request).hiding(real, as: request.fontFile)
            }
            for batch in batches {
                // The writer put a comma before each answer but a batch's first.
                var from = 0
                for (index, to) in batch.ends.enumerated() {
                    bytes += to - from - (index > 0 ? 1 : 0) + 1
                    guard bytes <= limits.maxAnswerBytes else {
                        throw ServiceError(.limitExceeded, "the answer passed \(limits.maxAnswerBytes) bytes (maxAnswerBytes) at texts[\(answered / settings.count)]; "
                                           + "send fewer or shorter texts (or fewer sizes) per request")
                    }
                    answered += 1
                    from = to
                }
                if answered > batch.ends.count { body.append(UInt8(ascii: ",")) }
                body.append(contentsOf: batch.json)
            }
        }
        body.append(contentsOf: "]}".utf8)
        return ServiceResponse(status: 200, body: body)
    }

    /// The longest run of characters that extend a grapheme cluster — marks (Mn, Me, Mc), joiners
    /// (ZWJ, ZWNJ), variation selectors, emoji modifiers — in `text`, when it is longer than `limit`;
    /// `nil` when none is. UAX #15 bounds non-starters (combining class ≠ 0) at 30 in a row, but a
    /// combining grapheme joiner (U+034F, class 0) or a ZWJ between them restarts that count without
    /// ending the cluster, and HarfBuzz's mark attachment stays quadratic in the cluster's length (it
    /// skips such characters when it looks for the base): so every cluster-extending character counts.
    static func longestCombiningRun(_ text: String, over limit: Int) -> Int? {
        var run = 0, found: Int?
        for scalar in text.unicodeScalars {
            // Below U+0300 no character extends a cluster, nor does one that always starts a
            // cluster (the shaper's table: most letters of most scripts): no property lookup for them.
            if scalar.value >= 0x300, !Shaper.startsCluster(scalar.value), Self.extendsCluster(scalar) {
                run += 1
            } else {
                if run > limit { found = max(found ?? 0, run) }
                run = 0
            }
        }
        if run > limit { found = max(found ?? 0, run) }
        return found
    }

    /// Marks, ZWJ and ZWNJ, and whatever is Grapheme_Extend, a variation selector or an emoji
    /// modifier. Only three categories besides the marks hold any of those (Grapheme_Extend is Mn,
    /// Me and Other_Grapheme_Extend, which is Mc, Lm U+FF9E–FF9F and Cf; variation selectors are
    /// Mn; emoji modifiers Sk), so a letter, digit or punctuation is answered by its category
    /// alone: three more property lookups a scalar were a tenth of a service measure answer.
    /// (`DispatcherTests` checks this against the full test on every scalar.)
    static func extendsCluster(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200C || scalar.value == 0x200D { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        case .modifierLetter, .format, .modifierSymbol:
            return properties.isGraphemeExtend || properties.isVariationSelector || properties.isEmojiModifier
        default: return false
        }
    }

    // MARK: - Files

    /// The request with its `fontFile` replaced by the file's real path inside ``fontFolder`` (and
    /// that path, to keep out of messages), or unchanged when it names no file.
    /// - Throws: `forbidden` when the service reads no files, or the file is not a regular file
    ///   inside the folder (``ServiceFontFolder/resolve(_:field:)``): checked before the font
    ///   library opens anything, so a FIFO or a device never blocks a request.
    func allowingFontFile(_ request: MeasureRequest) throws -> (MeasureRequest, String?) {
        guard let name = request.fontFile else { return (request, nil) }
        guard let fontFolder else {
            throw ServiceError(.forbidden, "fontFile: file access is off: this service reads no font file a request names; "
                               + "start it with textfit serve --font-dir DIR to allow the font files in DIR (paths relative to DIR), "
                               + "or name a family with font")
        }
        var allowed = request
        let real = try fontFolder.resolve(name)
        allowed.fontFile = real
        return (allowed, real)
    }

    /// How an answer names a font file: relative to ``fontFolder`` for its files, relative to the
    /// bundled fonts' folder (or the Apple fonts folder) for theirs, else (system fonts found by
    /// Fontconfig) the file name alone — never an absolute path of the machine.
    public func fontName(_ file: String) -> String {
        if let name = fontFolder?.relativeName(file) { return name }
        for folder in libraryFolders {
            if let name = ServiceFontFolder.relative(file, to: folder) { return name }
        }
        return (file as NSString).lastPathComponent
    }

    /// A measuring error as the service answers it: a bad value of the request (``RequestError``, or
    /// a size, tracking or feature the typesetter refuses) is `invalid-request` naming the field;
    /// a font file or family that cannot be used is `unreadable-input`.
    static func requestFailure(_ error: any Error, _ request: MeasureRequest) -> ServiceError {
        switch error {
        case let error as RequestError:
            return ServiceError(.invalidRequest, "\(error)")
        case TypographyError.invalidSize:
            return ServiceError(.invalidRequest, "size: \(error)")
        case TypographyError.invalidTracking:
            return ServiceError(.invalidRequest, "tracking: \(error)")
        case TypographyError.unknownAxis, TypographyError.invalidVariations:
            return ServiceError(.invalidRequest, "variations: \(error)")
        case TypographyError.unknownInstance:
            return ServiceError(.invalidRequest, "instance: \(error)")
        case TypographyError.styleOfOtherPlatform:
            return ServiceError(.invalidRequest, "style: \(error)")
        case TypographyError.invalidFeature(let setting):
            let index = request.features?.firstIndex(of: setting)
            return ServiceError(.invalidRequest, "features\(index.map { "[\($0)]" } ?? ""): \(error)")
        default:
            return ServiceError(.unreadableInput, "\(error)")
        }
    }

    static let measureKeys: Set<String> = [
        "texts", "font", "fontFile", "faceIndex", "size", "style", "weight", "italic", "dynamicType", "locale", "features",
        "tracking", "tabInterval", "width", "height", "lines", "truncation", "wrap", "direction", "lineMetrics", "lineSpacing",
        "minimumScale", "platform", "fontScale", "variations", "fontWidth", "instance", "design", "markdown",
    ]

    /// The fields of `layout` (and, with `overlays`, of `render`).
    static let layoutKeys: Set<String> = ["tree", "width", "height", "platform", "dynamicType", "fontScale", "direction", "locale"]

    /// A `layout` or `render` body: the tree (read for the request's `platform`, which wins over the
    /// tree's own), the proposal, the text sizes (the request's `dynamicType` or `fontScale`, else
    /// the tree's, else the platform's default) and the direction.
    private func layoutRequest(_ object: [String: Any], extra: Set<String>) throws
        -> (AnyView, Double?, Double?, [TextSize], LayoutDirection?, String?) {
        try Self.onlyKnown(object, Self.layoutKeys.union(extra))
        guard let treeJSON = object["tree"] else { throw ServiceError(.invalidRequest, "tree: missing (a layout-file node)") }
        let (count, depth) = Self.measureTree(treeJSON)
        guard count <= limits.maxElements else {
            throw ServiceError(.limitExceeded, "the tree has \(count) nodes; the limit (maxElements) is \(limits.maxElements)")
        }
        guard depth <= limits.maxDepth else {
            throw ServiceError(.limitExceeded, "the tree is \(depth) levels deep; the limit (maxDepth) is \(limits.maxDepth)")
        }
        if let (path, count) = Self.longText(in: treeJSON, at: "$.tree", over: limits.maxTextScalars) {
            throw ServiceError(.limitExceeded, "\(path) has \(count) characters; the limit (maxTextScalars) is \(limits.maxTextScalars)")
        }
        let platform: Platform?
        do {
            platform = try Self.field(object, "platform", as: String.self).map { try Platform.parse($0, field: "platform") }
        } catch let error as RequestError {
            throw ServiceError(.invalidRequest, "\(error)")
        }
        let document: LayoutFile.Document
        do {
            // A flow's overflow template is built once per item: counted so, nested templates
            // within the node limit above can still multiply past it.
            try LayoutFile.checkLimits(treeJSON, at: "$.tree", limits: .init(maxElements: limits.maxElements, maxDepth: limits.maxDepth,
                                                                             maxTextBytes: .max))
            document = try LayoutFile.document(treeJSON, at: "$.tree", platform: platform, fonts: engine.library)
        } catch let error as LayoutFileError {
            throw ServiceError(error.exceededLimit == nil ? .invalidRequest : .limitExceeded, "\(error)")
        }
        let width = try Self.length(object, "width", allowingInfinity: true), height = try Self.length(object, "height", allowingInfinity: true)
        let sizes = try Self.textSizes(object, platform: document.platform) ?? document.textSizes ?? [TextSize.standard(for: document.platform)]
        let direction: LayoutDirection?
        switch try Self.field(object, "direction", as: String.self) {
        case nil: direction = nil  // the locale's
        case "ltr": direction = .leftToRight
        case "rtl": direction = .rightToLeft
        case let other?: throw ServiceError(.invalidRequest, "direction: '\(other)' is not ltr or rtl")
        }
        let locale = try Self.field(object, "locale", as: String.self)
        if let locale, locale.utf8.count > 128 || !MeasureRequest.isLocaleIdentifier(locale) {
            throw ServiceError(.invalidRequest, "locale: '\(locale.prefix(128))' is not a locale identifier (a BCP 47 language tag such as en, ar, zh-Hans or pt-BR)")
        }
        return (document.tree, width, height, sizes, direction, locale)
    }

    /// The request's text sizes: `dynamicType` or `fontScale` (two spellings of one setting, each
    /// read for the platform: Dynamic Type sizes under ios, font scales under android; a number is
    /// one font scale), or `nil` when it gives neither.
    static func textSizes(_ object: [String: Any], platform: Platform) throws -> [TextSize]? {
        let given = ["dynamicType", "fontScale"].filter { object[$0] != nil }
        guard let key = given.last else { return nil }
        guard given.count == 1 else {
            throw ServiceError(.invalidRequest, "fontScale: give dynamicType or fontScale, not both (two spellings of the user's text size)")
        }
        let text: String
        if let string = object[key] as? String {
            text = string
        } else if key == "fontScale", !StrictJSON.isBoolean(object[key]!), let number = StrictJSON.number(object[key]!) {
            text = "\(number)"
        } else {
            throw ServiceError(.invalidRequest, key == "fontScale" ? "fontScale: expected a font scale (1.3) or a string of them (\"1,1.3,2\", \"all\")"
                                                                    : "dynamicType: expected a string")
        }
        do {
            return try TextSize.list(parsing: text, platform: platform, field: key)
        } catch let error as RequestError {
            throw ServiceError(.invalidRequest, "\(error)")
        }
    }

    /// `fonts`' fields: `for` and the measure options that pick a font (not `texts`: `for` is the text).
    static let fontsKeys = measureKeys.subtracting(["texts"]).union(["for"])

    private func fonts(_ object: [String: Any]) throws -> ServiceResponse {
        try Self.onlyKnown(object, Self.fontsKeys)
        guard let text = try Self.field(object, "for", as: String.self) else {
            if let option = object.keys.sorted().first {
                throw ServiceError(.invalidRequest, "\(option): a measure option, which fonts takes only with for (the text whose fonts are listed); without for, fonts takes no field")
            }
            return try json(["families": engine.families()])
        }
        let count = text.unicodeScalars.count
        guard count <= limits.maxTextScalars else {
            throw ServiceError(.limitExceeded, "for has \(count) characters; the limit (maxTextScalars) is \(limits.maxTextScalars)")
        }
        var options = object
        options.removeValue(forKey: "for")
        options["texts"] = [text]
        let request = try Self.request(options)
        let (allowed, real) = try allowingFontFile(request)
        do {
            let attributes = try allowed.attributes()
            _ = try attributes.validated()  // size and tracking do not pick fonts, but bad ones are refused as by measure
            let clusters = try engine.clusterFonts(text, attributes: attributes).map { cluster in
                var cluster = cluster
                cluster.font.file = fontName(cluster.font.file)
                return cluster
            }
            return try json(["clusters": clusters])
        } catch let error as EncodingError {
            throw ServiceError(.internalError, "\(error)")
        } catch {
            throw Self.requestFailure(error, request).hiding(real, as: request.fontFile)
        }
    }

    /// `{"adjustments": [...], "verdicts": [...]}`: the verdicts, checked and written a window of
    /// locales at a time (past ``ServiceLimits/maxAnswerBytes`` the request stops at the locale that
    /// passed it), and what the locales of `texts` were set without (``LocaleName/adjustments(_:)``;
    /// absent when nothing was left out), as `measure` reports them.
    private func stressCheck(_ object: [String: Any]) throws -> ServiceResponse {
        try Self.onlyKnown(object, ["key", "texts", "constraint", "platform", "sourceLanguage"])
        let key = try Self.field(object, "key", as: String.self) ?? "text"
        let platform: Platform
        do {
            platform = try (Self.field(object, "platform", as: String.self)).map { try Platform.parse($0) } ?? .ios
        } catch let error as RequestError {
            throw ServiceError(.invalidRequest, "\(error)")
        }
        guard let texts = object["texts"] as? [String: String], !texts.isEmpty else {
            throw ServiceError(.invalidRequest, "texts: expected an object of locale → text, e.g. {\"de\": \"Einstellungen\"}")
        }
        guard texts.count <= limits.maxTexts else {
            throw ServiceError(.limitExceeded, "texts has \(texts.count) locales; the limit (maxTexts) is \(limits.maxTexts)")
        }
        // The locale of `texts` whose text is the source: the others' verdicts say whether it fails too.
        let sourceLanguage = try Self.field(object, "sourceLanguage", as: String.self)
        if let sourceLanguage, texts[sourceLanguage] == nil {
            throw ServiceError(.invalidRequest, "sourceLanguage: '\(sourceLanguage)' is not one of the locales of texts "
                               + "(\(texts.keys.sorted().joined(separator: ", ")))")
        }
        // The constraint is a rules-file rule matching every key: one validator, one set of field names.
        var rule = (object["constraint"] as? [String: Any]) ?? [:]
        if object["constraint"] != nil && !(object["constraint"] is [String: Any]) {
            throw ServiceError(.invalidRequest, "constraint: expected an object (width, maxLines, style, dynamicType, …)")
        }
        // The rules-file fields of one rule, less `pattern` (the request's key is the one matched:
        // a pattern would be overridden, not obeyed) and `comment`.
        if let unknown = rule.keys.sorted().first(where: { !Self.constraintKeys.contains($0) }) {
            throw ServiceError(.invalidRequest, "$.constraint.\(unknown): unknown field (expected \(Self.constraintKeys.joined(separator: ", ")))")
        }
        rule["pattern"] = "*"
        let rules: RuleSet
        do {
            rules = try RuleSet(json: try JSONSerialization.data(withJSONObject: ["rules": [rule]]), file: "request")
            // A style or text size of the other platform is refused, naming the field (as the CLI does).
            try rules.check(platform: platform)
        } catch {
            throw ServiceError(.invalidRequest, "\(error)".replacingOccurrences(of: "request: $.rules[0]", with: "$.constraint"))
        }
        let constraint = rules.constraint(for: key, defaults: Constraint(width: 320, platform: platform))
        let entries = texts.keys.sorted().map { locale in
            CatalogEntry(key: key, locale: locale, text: texts[locale]!, sourceText: sourceLanguage.flatMap { texts[$0] },
                         origin: SourceLocation(file: "request"))
        }
        for entry in entries where entry.text.unicodeScalars.count > limits.maxTextScalars {
            throw ServiceError(.limitExceeded, "texts.\(entry.locale) is longer than maxTextScalars (\(limits.maxTextScalars))")
        }
        // As `textfit stress`: the font is opened before the sweep, and a family or file that cannot
        // be used stops the request, naming it — never turned into missing-glyphs verdicts.
        let sweep = StressSweep(shaper: engine.shaper, sourceLanguage: sourceLanguage)
        do {
            try sweep.checkFonts([constraint.container])
        } catch {
            throw ServiceError(.unreadableInput, "$.constraint.font: \(error)")
        }
        // The cap holds for what is measured: a `%@` (2 characters) becomes a 29-character sample.
        let sampled = try entries.map { entry in
            // Numbers in the locale's digits and grouping, as `textfit stress` samples them.
            guard let text = constraint.placeholders.substitute(entry.text, locale: entry.locale, maxBytes: 4 * limits.maxTextScalars),
                  text.unicodeScalars.count <= limits.maxTextScalars else {
                throw ServiceError(.limitExceeded, "texts.\(entry.locale) is longer than maxTextScalars (\(limits.maxTextScalars)) "
                                   + "once its placeholders are replaced by samples")
            }
            return text
        }
        // The source's text is measured as its own locale's entry is: sampled the same way.
        let source = sourceLanguage.flatMap { locale in entries.firstIndex { $0.locale == locale }.map { sampled[$0] } }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var body = Data("{".utf8)
        let adjustments = LocaleName.adjustments(entries.map(\.locale))
        if !adjustments.isEmpty {
            body.append(contentsOf: #""adjustments":"#.utf8)
            body.append(try encoder.encode(adjustments))
            body.append(UInt8(ascii: ","))
        }
        body.append(contentsOf: #""verdicts":["#.utf8)
        var first = true
        let window = ParallelBatches.cores * 4 * ParallelBatches.batchSize
        for start in stride(from: 0, to: entries.count, by: window) {
            let range = start..<min(start + window, entries.count)
            let verdicts: [StressVerdict]
            do {
                verdicts = try sweep.checkedRun(Array(entries[range]), containers: range.map { _ in constraint.container },
                                                texts: Array(sampled[range]), sources: range.map { _ in source })
            } catch {
                throw ServiceError(.unreadableInput, "\(error)")
            }
            for verdict in verdicts {
                let json = roundingNumbers(inJSON: try encoder.encode(verdict))
                if !first { body.append(UInt8(ascii: ",")) }
                first = false
                body.append(json)
                guard body.count + 2 <= limits.maxAnswerBytes else {
                    throw ServiceError(.limitExceeded, "the answer passed \(limits.maxAnswerBytes) bytes (maxAnswerBytes) at texts.\(verdict.locale) "
                                       + "(\(verdict.size)); check fewer locales or sizes per request")
                }
            }
        }
        body.append(contentsOf: "]}".utf8)
        return ServiceResponse(status: 200, body: body)
    }

    /// The constraint's fields (docs/service.md): a rules-file rule's, without `pattern` and `comment`.
    static let constraintKeys = ["width", "maxLines", "style", "font", "size", "weight", "padding", "truncation",
                                 "minimumScaleFactor", "dynamicType", "fontScale", "placeholders", "samples", "markdown"]

    // MARK: - JSON helpers

    /// `{"<key>": [items…]}` as ``json(_:)`` would write it, from items written by their own JSON
    /// writers (`MeasureResult`, `LayoutOutput`: `JSONEncoder` spent about half of a request on them).
    private func json(_ key: StaticString, _ items: [Data]) -> ServiceResponse {
        var body = Data(#"{""#.utf8)
        key.withUTF8Buffer { body.append(contentsOf: $0) }
        body.append(contentsOf: #"":["#.utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(item)
        }
        body.append(contentsOf: "]}".utf8)
        return ServiceResponse(status: 200, body: body)
    }

    private func json(_ value: some Encodable) throws -> ServiceResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ServiceResponse(status: 200, body: roundingNumbers(inJSON: try encoder.encode(value)))
    }

    /// The body as a JSON object; invalid UTF-8 and malformed JSON are told apart. Parsed by
    /// TextFit's strict reader (RFC 8259: `{"texts": ["Hi"],}` is malformed), whose message says
    /// where it stopped. `what` names the input in messages (`the body`, `the line`).
    static func object(_ body: Data, what: String = "the body") throws -> [String: Any] {
        if body.isEmpty { return [:] }
        guard body.isValidUTF8 else { throw ServiceError(.invalidUTF8, "\(what) is not valid UTF-8") }
        let value: Any
        do {
            value = try StrictJSON.parse(body)
        } catch {
            throw ServiceError(.malformedJSON, "\(what) is not valid JSON: \(error)")
        }
        guard let object = value as? [String: Any] else { throw ServiceError(.invalidRequest, "\(what) must be a JSON object") }
        return object
    }

    static func onlyKnown(_ object: [String: Any], _ known: Set<String>) throws {
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw ServiceError(.invalidRequest, "\(unknown): unknown field (expected \(known.sorted().joined(separator: ", ")))")
        }
    }

    static func request(_ object: [String: Any]) throws -> MeasureRequest {
        do {
            return try MeasureRequest(jsonObject: object)
        } catch let DecodingError.typeMismatch(type, context), let DecodingError.valueNotFound(type, context) {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            if path == "weight" {
                throw ServiceError(.invalidRequest, "weight: expected a weight name (ultraLight … black) or a whole number from 1 to 1000")
            }
            throw ServiceError(.invalidRequest, "\(path.isEmpty ? "body" : path): expected \(type)")
        } catch let DecodingError.keyNotFound(key, _) {
            throw ServiceError(.invalidRequest, "\(key.stringValue): missing")
        } catch {
            throw ServiceError(.invalidRequest, "\(error)")
        }
    }

    static func field<T>(_ object: [String: Any], _ key: String, as _: T.Type) throws -> T? {
        guard let value = object[key] else { return nil }
        guard let typed = value as? T, T.self != Bool.self || StrictJSON.isBoolean(value) else {
            throw ServiceError(.invalidRequest, "\(key): expected \(T.self == String.self ? "a string" : T.self == Bool.self ? "true or false" : "\(T.self)")")
        }
        return typed
    }

    /// A width or height: a number ≥ 0, or absent/null for the ideal (`nil`); with
    /// `allowingInfinity`, also the string `"infinity"` (SwiftUI's `.infinity`: JSON has no infinite number).
    static func length(_ object: [String: Any], _ key: String, allowingInfinity: Bool = false) throws -> Double? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        if allowingInfinity, let word = value as? String, word == "infinity" { return .infinity }
        guard let number = StrictJSON.number(value), number.isFinite, number >= 0 else {
            throw ServiceError(.invalidRequest, "\(key): expected a number ≥ 0\(allowingInfinity ? ", \"infinity\"" : "") (or null for the ideal)")
        }
        return number
    }

    /// The first `text` string of a layout-file tree longer than `limit` Unicode scalars, with its
    /// path and length (checked before the tree is built; every `"text"` key is a text leaf's).
    static func longText(in value: Any, at path: String, over limit: Int) -> (String, Int)? {
        if let object = value as? [String: Any] {
            if let text = object["text"] as? String {
                // utf8.count bounds the scalar count from above and costs nothing for native strings.
                if text.utf8.count > limit, case let count = text.unicodeScalars.count, count > limit { return (path + ".text", count) }
            }
            for key in object.keys.sorted() where key != "text" {
                if let found = longText(in: object[key]!, at: path + "." + key, over: limit) { return found }
            }
        } else if let array = value as? [Any] {
            for (index, item) in array.enumerated() {
                if let found = longText(in: item, at: path + "[\(index)]", over: limit) { return found }
            }
        }
        return nil
    }

    /// Node count and depth of a layout-file tree (counted before it is built), walking the nodes
    /// the layout file reads (``LayoutFile/childNodes(of:at:)``, and a flow's `overflow` template once).
    static func measureTree(_ value: Any, depth: Int = 1) -> (count: Int, depth: Int) {
        var count = 0, deepest = depth
        func visit(_ value: Any, _ level: Int) {
            guard let object = value as? [String: Any] else { return }
            count += 1
            deepest = max(deepest, level)
            for (child, _) in LayoutFile.childNodes(of: object, at: "") { visit(child, level + 1) }
            if let overflow = (object["flow"] as? [String: Any])?["overflow"] { visit(overflow, level + 1) }
        }
        visit(value, depth)
        return (count, deepest)
    }
}
