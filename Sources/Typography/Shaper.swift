import CHarfBuzz
import Foundation
import Synchronization

/// Turns a string and its attributes into shaped runs and single-line measurements.
///
/// The stages, in order (each a function below):
/// | stage | function | result |
/// |---|---|---|
/// | grapheme clusters, script, emoji presentation | `itemize(_:scalarCount:primary:language:context:)` | `[Cluster]` |
/// | Common/Inherited resolved to neighbours | `resolveNeutralScripts(_:)` | scripts per cluster |
/// | font per cluster (fallback chain; split only when no font covers it whole) | `FontLibrary.fallback(for:script:isNeutral:isEmoji:runFace:primary:language:lastChain:)`, `FontLibrary.split(_:script:isNeutral:isEmoji:runFace:primary:language:lastChain:)` | face per cluster (or part) |
/// | runs of (font, script, direction) | `forEachRun(_:_:)` | each `RunSpan` |
/// | HarfBuzz shaping in font units | `shapeRun(_:face:script:direction:attributes:style:cached:)` | `ShapedRun` (cached) |
/// | scaling to a point size | ``LineMeasurement`` | widths, heights, ink in points |
///
/// Shaped lines and runs are cached in font units, keyed by text, face, features, script,
/// direction and language, so a new point size (a Dynamic Type change) costs a multiplication.
/// Both caches are bounded and shared safely between threads.
public final class Shaper: Sendable {
    /// The fonts the shaper picks from.
    public let library: FontLibrary
    private let lines: BoundedCache<LineKey, MatchedLine>
    /// The line cache's subscription to faces the library closes (ends with the shaper).
    private let closedFaces: ClosedFaces.Subscription
    private let runs: BoundedCache<RunKey, ShapedRun>
    private let shapeCalls = Atomic<Int>(0)
    private let shapedScalars = Atomic<Int>(0)

    /// The most memory each cache holds, whatever its entry count: 32,768 runs of a few glyphs
    /// take about 12 MB, but runs of long texts (a paragraph's reshaped windows, a long line) are
    /// far larger, and a count alone let a few thousand of them take gigabytes.
    static let cacheByteLimit = 32 << 20

    /// - Parameters:
    ///   - lineCacheCapacity: the most shaped lines kept (whole single-line measurements).
    ///   - runCacheCapacity: the most shaped runs kept.
    /// Each cache also holds at most 32 MiB of glyphs and keys (`cacheByteLimit`).
    public init(library: FontLibrary, lineCacheCapacity: Int = 8_192, runCacheCapacity: Int = 32_768) {
        self.library = library
        self.lines = BoundedCache(capacity: lineCacheCapacity, byteLimit: Self.cacheByteLimit) { key, entry in
            key.text.utf8.count + entry.line.runs.reduce(128) { $0 + 96 + $1.shaped.byteCount }
        }
        self.runs = BoundedCache(capacity: runCacheCapacity, byteLimit: Self.cacheByteLimit) { key, run in
            key.scalars.byteCount + run.byteCount + 96
        }
        // A face the library closes is freed once no line refers to it. (Runs are keyed by the
        // face's number and hold only glyphs: a closed face's runs are never asked for again and age out.)
        let lines = self.lines
        closedFaces = ClosedFaces.subscribe { isClosed in
            lines.removeAll { _, entry in isClosed(entry.font.face) || entry.line.runs.contains { isClosed($0.face) } }
        }
    }

    /// The bytes the run cache holds (tests).
    var runCacheBytes: Int { runs.bytes }

    /// Sets how many style numbers are kept before the table is emptied (tests use a small one).
    package func limitStyles(to capacity: Int) {
        styles.withLock { $0.capacity = max(1, capacity) }
    }

    /// Measures `text` as one line (no wrapping) at the attributes' size.
    ///
    /// Edge cases: the empty string measures 0 × 0 with no runs. Control characters (tab, line
    /// breaks and other `Cc`, `Zl`, `Zp`) are zero-width here and never missing; giving them their
    /// meaning (tab stops, new lines) is the paragraph's job. A cluster no font covers whole is split
    /// between fonts (`FontLibrary.fallback(for:script:isNeutral:isEmoji:runFace:primary:language:lastChain:)`),
    /// so a run can end inside it; the scalars no font covers at all are shaped with `.notdef` in
    /// the requested font and counted in ``LineMeasurement/missingGlyphs``.
    /// - Throws: an invalid size or tracking, an unreadable font file, an unknown family.
    /// - Complexity: O(n) shaping on a cache miss; a hash lookup on a hit.
    public func measure(_ text: String, attributes: TextAttributes) throws -> LineMeasurement {
        let size = try attributes.validated()
        let (style, dependence) = try styleAndSizeDependence(attributes)
        // A variable font whose `opsz` follows the size shapes once per distinct (clamped) size.
        let key = LineKey(text: text, style: style, opticalSize: dependence.key(atPointSize: size))
        let entry: MatchedLine
        if let hit = lines.value(for: key) {
            entry = hit
        } else {
            let primary = try library.match(attributes, pointSize: size)
            entry = MatchedLine(font: primary, line: shapedLine(text, attributes: attributes, style: key.style, primary: primary))
            lines.insert(entry, for: key)
        }
        return LineMeasurement(text: text, size: size, tracking: attributes.totalTracking, shaped: entry, policy: attributes.lineMetrics)
    }

    /// Which face each grapheme cluster resolves to, and why (for `textfit fonts --for`); a cluster
    /// split between faces gives one answer a part.
    public func clusterFonts(_ text: String, attributes: TextAttributes) throws -> [ClusterFont] {
        let primary = try library.match(attributes)
        let items = itemize(text, primary: primary, language: attributes.locale)
        let source = Array(text.unicodeScalars)
        return withExtendedLifetime(items.keptAlive) {
            items.clusters.map { cluster in
                ClusterFont(text: String(String.UnicodeScalarView(source[cluster.start..<cluster.end])), start: cluster.start,
                            end: cluster.end, script: cluster.script, face: cluster.face.takeUnretainedValue(), choice: cluster.choice)
            }
        }
    }

    /// How many times HarfBuzz's `hb_shape` has run (cache misses), for tests that prove a
    /// reflow reshapes nothing.
    public var shapingCount: Int { shapeCalls.load(ordering: .relaxed) }

    /// How many scalars HarfBuzz has shaped in all (cache misses), for tests that bound reshaping.
    package var shapedScalarCount: Int { shapedScalars.load(ordering: .relaxed) }

    /// Empties both caches (benchmarks measure cold runs this way).
    public func clearCaches() {
        lines.removeAll()
        runs.removeAll()
    }

    /// Every cache this shaper and its library keep, for a metrics page: lines, runs, styles (the
    /// style numbers), and the library's (``FontLibrary/cacheReports``).
    public var cacheReports: [CacheReport] {
        let styles = self.styles.withLock { CacheReport(name: "styles", entries: $0.ids.count, bytes: nil, capacity: $0.capacity,
                                                          hits: 0, misses: 0, evictions: $0.forgotten) }
        return [lines.report("lines"), runs.report("runs"), styles] + library.cacheReports
    }

    /// Hits, misses and sizes of the line and run caches.
    public var cacheStatistics: (lines: (hits: Int, misses: Int, count: Int), runs: (hits: Int, misses: Int, count: Int)) {
        let l = lines.statistics, r = runs.statistics
        return ((l.hits, l.misses, l.count), (r.hits, r.misses, r.count))
    }

    // MARK: - Lines

    /// Everything but the text and the size that decides how a line shapes: the request itself
    /// (not the face it resolves to, so a hit needs no font matching), features and language.
    /// The request and platform stand for the resolved font (``TextAttributes/resolvedFont`` is a
    /// function of the two), and the features plus whether a Material style turns ligatures off
    /// for the shaping features: compared in place, nothing copied.
    private struct StyleKey: Hashable, Sendable {
        let font: FontRequest
        let platform: Platform
        let defaultWeight: FontWeight
        let features: [FontFeature]
        let styleLigaturesOff: Bool
        let locale: String?

        init(_ attributes: TextAttributes) {
            font = attributes.font
            platform = attributes.platform
            defaultWeight = attributes.defaultWeight
            features = attributes.features
            styleLigaturesOff = attributes.styleTurnsLigaturesOff
            locale = attributes.locale
        }

        func matches(_ attributes: borrowing TextAttributes) -> Bool {
            platform == attributes.platform && defaultWeight == attributes.defaultWeight && locale == attributes.locale
                && features == attributes.features && styleLigaturesOff == attributes.styleTurnsLigaturesOff && font == attributes.font
        }
    }

    /// Styles get small numbers, so a line or run key hashes one precomputed word instead of the
    /// style; `sizes[id]`, once known, is how that style's face depends on the point size (the last
    /// style asked keeps it too, so the common case is one comparison under one lock).
    private let styles = Locked(StyleTable())

    /// The styles' numbers, and the last style asked (kept apart, so comparing it copies nothing).
    private struct StyleTable {
        var lastKey: StyleKey?
        var lastID = 0
        var lastSizes: SizeDependence?
        var ids: [StyleKey: Int] = [:]
        var sizes: [Int: SizeDependence] = [:]
        /// The next new style's number. Numbers are never reused: when the table is full (requests
        /// name locales and families, so styles are unbounded) it is emptied, and a style seen again
        /// gets a new number, so no cache entry made under an old number can answer for another style.
        var next = 0
        var forgotten = 0
        var capacity = 16_384

        /// The number of `attributes`' style (a new one for a new style), remembered as the last.
        mutating func number(_ attributes: TextAttributes) -> Int {
            if lastKey?.matches(attributes) == true { return lastID }
            let style = StyleKey(attributes)
            if ids[style] == nil, ids.count >= capacity {
                forgotten += ids.count
                ids.removeAll()
                sizes.removeAll()
            }
            let id: Int
            if let known = ids[style] {
                id = known
            } else {
                id = next
                next += 1
            }
            ids[style] = id
            lastKey = style
            lastID = id
            lastSizes = sizes[id]
            return id
        }
    }

    /// The style's number, and how its face depends on the point size (the font is matched once
    /// per style to learn it).
    private func styleAndSizeDependence(_ attributes: TextAttributes) throws -> (Int, SizeDependence) {
        let (id, known) = styles.withLock { table -> (Int, SizeDependence?) in
            let id = table.number(attributes)
            return (id, table.lastSizes)
        }
        if let known { return (id, known) }
        let dependence = try library.sizeDependence(attributes.resolvedFont, defaultWeight: attributes.defaultWeight)
        styles.withLock { table in
            table.sizes[id] = dependence
            if table.lastID == id { table.lastSizes = dependence }
        }
        return (id, dependence)
    }

    /// Whether text in `attributes` resolves to the same face at point sizes `a` and `b` (so a
    /// paragraph resized from one to the other keeps its shaping).
    package func sameFace(_ attributes: TextAttributes, atPointSizes a: Double, _ b: Double) throws -> Bool {
        let dependence = try styleAndSizeDependence(attributes).1
        return dependence.key(atPointSize: a) == dependence.key(atPointSize: b)
    }

    /// The number of `attributes`' style (font request, features, language; not the size): equal
    /// numbers, equal styles, for the life of this shaper. A paragraph numbers each of its runs'
    /// styles once, so reshaping a cluster keys the run cache with plain integers.
    package func styleID(_ attributes: TextAttributes) -> Int {
        // Most callers measure many texts in one style: compared in place, copying nothing.
        styles.withLock { $0.number(attributes) }
    }

    /// A line: its text's UTF-8 bytes (compared byte for byte, so "é" and "e\u{301}" differ) and its
    /// style number, hashed once, eight bytes at a time.
    private struct LineKey: Hashable, Sendable {
        let text: String
        let style: Int
        /// The optical size a variable font is set at (0 when the style's font has no `opsz` following the size).
        let opticalSize: Double
        let hashValue_: Int

        init(text: String, style: Int, opticalSize: Double) {
            let hash = text.utf8Hash(seed: 0x9E37_79B9_7F4A_7C15 &* UInt64(style &+ 1))
            self.text = text
            self.style = style
            self.opticalSize = opticalSize
            self.hashValue_ = Int(bitPattern: UInt(hash ^ opticalSize.bitPattern))
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hashValue_) }

        /// The table's hash: the precomputed word mixed with the table's seed by one
        /// multiply-xorshift round, rather than a whole SipHash of one word on every lookup.
        /// (Texts whose precomputed words collide collide either way.)
        func _rawHashValue(seed: Int) -> Int {
            var mixed = UInt64(bitPattern: Int64(hashValue_ ^ seed)) &* 0xFF51_AFD7_ED55_8CCD
            mixed ^= mixed >> 33
            return Int(truncatingIfNeeded: mixed)
        }

        static func == (a: LineKey, b: LineKey) -> Bool {
            a.hashValue_ == b.hashValue_ && a.style == b.style && a.opticalSize == b.opticalSize && a.text.hasSameUTF8(as: b.text)
        }
    }

    private func shapedLine(_ text: String, attributes: TextAttributes, style: Int, primary: FontMatch) -> ShapedLine {
        let items = itemize(text, primary: primary, language: attributes.locale)
        let scalars = items.scalars
        let runCount = Shaper.runCount(items)
        var lineRuns: [ShapedLine.Run] = []
        lineRuns.reserveCapacity(runCount)
        Shaper.forEachRun(items) { span in
            // A one-run line is cached whole by the line cache; a run cache entry would only repeat it.
            let shaped = shapeRun(scalars[span.start..<span.end], face: span.face, script: span.script,
                                  direction: span.script.direction, attributes: attributes, style: style, cached: runCount > 1)
            lineRuns.append(ShapedLine.Run(start: span.start, end: span.end, face: span.face, script: span.script,
                                           direction: span.script.direction, graphemeCount: span.clusterCount,
                                           shaped: shaped))
        }
        return ShapedLine(runs: lineRuns, missing: Shaper.missing(items), scalarCount: scalars.count,
                          graphemeCount: items.graphemeCount)
    }

    // MARK: - Itemization

    /// One grapheme cluster, or one part of a cluster split between fonts (no font covers it
    /// whole): its scalar range, resolved script, and font.
    ///
    /// The face is held unretained: every face comes from the ``FontLibrary`` (or the caller's
    /// context), and skipping the reference counting per cluster is measurable on the cold path.
    /// The library keeps a bundled face alive for its own life; any other face (a system font
    /// found for fallback) may be closed by another thread at any moment, so the itemization
    /// holds those itself (``Itemization/keptAlive``).
    struct Cluster {
        var start: Int
        var end: Int
        var script: Script
        var isNeutral: Bool
        var isEmoji: Bool
        /// Only control characters (tab, line breaks): zero-width, never missing.
        var isControl: Bool
        /// The grapheme cluster ends here: false for each part of a split cluster but its last (a
        /// run counts a cluster, and tracking follows it, where it ends).
        var endsGrapheme = true
        var face: Unmanaged<FontFace>
        var choice: FontLibrary.FontChoice
    }

    /// A text split into clusters, each with its script and face.
    struct Itemization {
        /// The scalars HarfBuzz sees: control characters replaced by U+200B (see ``measure(_:attributes:)``).
        var scalars: [UInt32]
        /// The clusters in order, a split cluster as its parts.
        var clusters: [Cluster]
        /// The grapheme clusters (`clusters` less the parts of split clusters but their last).
        var graphemeCount: Int
        /// The faces of `clusters` that the library does not keep for its whole life (not
        /// ``FontFace/isPinned``), held here while the unretained references are in use.
        var keptAlive: [FontFace] = []
    }

    /// Splits `text` into grapheme clusters, resolves each one's script and font.
    /// - Parameters:
    ///   - scalarCount: the text's scalar count if known (at most one cluster per scalar), else
    ///     the arrays are sized for the UTF-8 length, an upper bound.
    ///   - context: the face of the text just before `text` (a paragraph's previous piece),
    ///     which leading Common/Inherited clusters may continue.
    func itemize(_ text: String, scalarCount: Int? = nil, primary: FontMatch, language: String?, context: FontFace? = nil) -> Itemization {
        let primaryFace = primary.face
        let unretainedPrimary = Unmanaged.passUnretained(primaryFace)
        let capacity = scalarCount ?? text.utf8.count
        var scalars: [UInt32] = []
        scalars.reserveCapacity(capacity)
        var clusters: [Cluster] = []
        clusters.reserveCapacity(capacity)
        // Text made only of scalars that always start a grapheme cluster (Shaper.startsCluster: no
        // Extend, ZWJ, SpacingMark, Prepend, Hangul jamo, regional indicator or emoji there) has a
        // boundary between every two scalars but CR LF: no grapheme machinery needed. Other text
        // starts over below.
        var simple = true
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if !Shaper.startsCluster(value) { simple = false; break }
            let control = scalar.isControlOrSeparator
            if value == 0x0A && previous == 0x0D, !clusters.isEmpty {
                scalars.append(0x200B)
                clusters[clusters.count - 1].end += 1
            } else {
                let script = Script(of: scalar)
                let neutral = script.isNeutral
                scalars.append(control ? 0x200B : value)
                clusters.append(Cluster(start: scalars.count - 1, end: scalars.count, script: neutral ? .common : script,
                                        isNeutral: neutral, isEmoji: false, isControl: control, face: unretainedPrimary,
                                        choice: .requested))
            }
            previous = value
        }
        if !simple {
            scalars.removeAll(keepingCapacity: true)
            clusters.removeAll(keepingCapacity: true)
            for scalar in text.unicodeScalars { scalars.append(scalar.value) }
            // Brahmic and South-East Asian text: ClusterWalk's table, the same boundaries as String's.
            if let starts = scalars.withUnsafeBufferPointer(ClusterWalk.clusterStarts) {
                for (i, start) in starts.enumerated() {
                    let end = i + 1 < starts.count ? starts[i + 1] : scalars.count
                    var script = Script.unknown
                    var controls = true
                    for offset in start..<end {
                        let scalar = Unicode.Scalar(scalars[offset])!
                        let control = scalar.isControlOrSeparator
                        controls = controls && control
                        if control { scalars[offset] = 0x200B }
                        if script.isNeutral { script = Script(of: scalar) }
                    }
                    let neutral = script.isNeutral
                    clusters.append(Cluster(start: start, end: end, script: neutral ? .common : script, isNeutral: neutral,
                                            isEmoji: false, isControl: controls, face: unretainedPrimary, choice: .requested))
                }
                simple = true
            } else {
                scalars.removeAll(keepingCapacity: true)
            }
        }
        if !simple {
            // Grapheme boundaries by index, without making a Character per cluster.
            let view = text.unicodeScalars
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(after: index)
                let start = scalars.count
                var script = Script.unknown
                var controls = true
                for scalar in view[index..<next] {
                    let control = scalar.isControlOrSeparator
                    controls = controls && control
                    scalars.append(control ? 0x200B : scalar.value)
                    if script.isNeutral { script = Script(of: scalar) }
                }
                let neutral = script.isNeutral
                clusters.append(Cluster(start: start, end: scalars.count, script: neutral ? .common : script, isNeutral: neutral,
                                        isEmoji: !controls && Shaper.isEmojiPresentation(scalars[start...]), isControl: controls,
                                        face: unretainedPrimary, choice: .requested))
                index = next
            }
        }
        resolveNeutralScripts(&clusters)
        // The run's face and the last script font are held unretained, as the clusters hold theirs
        // (every face comes from the library or the caller's context, which outlive the itemization):
        // a strong reference set for every cluster was a retain and a release each.
        var runFace = context.map { Unmanaged.passUnretained($0) }
        var lastChain: (script: Script, chain: FontLibrary.Chain)?
        var lastScriptFace: (script: Script, face: Unmanaged<FontFace>)?
        var keptAlive: [FontFace] = []
        var splits: [(index: Int, parts: [FontLibrary.ClusterPart])] = []
        scalars.withUnsafeBufferPointer { buffer in
            for index in clusters.indices {
                let cluster = clusters[index]
                // A view of the cluster's scalars, without retaining the array per cluster.
                let values = UnsafeBufferPointer(rebasing: buffer[cluster.start..<cluster.end])
                if cluster.isControl {
                    if let runFace {
                        clusters[index].face = runFace
                        clusters[index].choice = .run
                    }
                    continue
                }
                if !cluster.isNeutral && !cluster.isEmoji {
                    if primaryFace.covers(values) {
                        // The common case, decided without the library (the chain's first test for such
                        // a cluster is the requested font anyway); the cluster already holds the primary face.
                        runFace = unretainedPrimary
                        continue
                    }
                    // The next commonest: a letter of the script whose own font the previous cluster
                    // got. That font is the first of this script's chain, so the chain would pick it
                    // again whenever it covers the cluster.
                    if let last = lastScriptFace, last.script == cluster.script,
                       last.face._withUnsafeGuaranteedRef({ $0.covers(values) }) {
                        clusters[index].face = last.face
                        clusters[index].choice = .script
                        runFace = last.face
                        continue
                    }
                }
                let (face, choice) = library.fallback(for: values, script: cluster.script, isNeutral: cluster.isNeutral,
                                                      isEmoji: cluster.isEmoji, runFace: runFace?.takeUnretainedValue(),
                                                      primary: primary, language: language, lastChain: &lastChain)
                if !face.isPinned, keptAlive.last !== face { keptAlive.append(face) }
                if choice == .missing, values.count > 1 {
                    // No face has the whole cluster: its parts go to the faces that have them.
                    let parts = library.split(values, script: cluster.script, isNeutral: cluster.isNeutral, isEmoji: cluster.isEmoji,
                                              runFace: runFace?.takeUnretainedValue(), primary: primary, language: language,
                                              lastChain: &lastChain)
                    if parts.count > 1 {
                        for part in parts where !part.face.isPinned { keptAlive.append(part.face) }
                        splits.append((index, parts))
                        runFace = Unmanaged.passUnretained(parts[parts.count - 1].face)
                        lastScriptFace = nil
                        continue
                    }
                }
                let unretained = Unmanaged.passUnretained(face)
                clusters[index].face = unretained
                clusters[index].choice = choice
                runFace = unretained
                lastScriptFace = choice == .script ? (cluster.script, unretained) : nil
            }
        }
        let graphemeCount = clusters.count
        if !splits.isEmpty { clusters = Shaper.dividing(clusters, at: splits) }
        return Itemization(scalars: scalars, clusters: clusters, graphemeCount: graphemeCount, keptAlive: keptAlive)
    }

    /// `clusters` with each split cluster (`splits`, in order) replaced by its parts, each part
    /// with the cluster's script and flags and its own face and choice.
    private static func dividing(_ clusters: [Cluster], at splits: [(index: Int, parts: [FontLibrary.ClusterPart])]) -> [Cluster] {
        var divided: [Cluster] = []
        divided.reserveCapacity(clusters.count + splits.reduce(0) { $0 + $1.parts.count - 1 })
        var next = 0
        for (index, parts) in splits {
            divided += clusters[next..<index]
            let cluster = clusters[index]
            var start = cluster.start
            for (k, part) in parts.enumerated() {
                var piece = cluster
                piece.start = start
                piece.end = cluster.start + part.end
                piece.face = Unmanaged.passUnretained(part.face)
                piece.choice = part.choice
                piece.endsGrapheme = k == parts.count - 1
                divided.append(piece)
                start = piece.end
            }
            next = index + 1
        }
        divided += clusters[next...]
        return divided
    }

    /// Common and Inherited clusters take the script of the cluster before them; leading ones take
    /// the first real script after them; a text with none stays Common.
    private func resolveNeutralScripts(_ clusters: inout [Cluster]) {
        guard let firstStrong = clusters.first(where: { !$0.isNeutral })?.script else { return }
        var current = firstStrong
        for index in clusters.indices {
            if clusters[index].isNeutral { clusters[index].script = current } else { current = clusters[index].script }
        }
    }

    /// A maximal span of clusters sharing face and script. A cluster split between faces ends one
    /// span inside itself (its base's) and begins the next (its marks').
    package struct RunSpan: Sendable {
        package var start: Int
        package var end: Int
        package var face: FontFace
        package var script: Script
        /// The grapheme clusters that end in the span (a split cluster counts in the span of its last part).
        package var clusterCount: Int
    }

    /// Itemizes `text` into runs of (face, script) for the paragraph, which shapes each with the
    /// direction of its bidi level.
    /// - Parameter scalarCount: `text.unicodeScalars.count` when the caller knows it (the arrays
    ///   are then sized exactly rather than for the UTF-8 length).
    /// - Returns: the runs, with the scalars to shape (controls replaced) and the missing clusters'
    ///   scalar ranges; offsets are relative to `text`.
    package func fontRuns(_ text: String, scalarCount: Int? = nil, primary: FontMatch, language: String?,
                          context: FontFace? = nil) -> FontRuns {
        FontRuns(items: itemize(text, scalarCount: scalarCount, primary: primary, language: language, context: context))
    }

    /// A text's runs of (face, script), read one by one (no array of them is made).
    package struct FontRuns {
        fileprivate let items: Itemization

        /// The scalars to shape: control characters replaced by U+200B.
        package var scalars: [UInt32] { items.scalars }
        /// The scalar ranges no font covers: whole clusters, or the scalars of a split cluster no font has.
        package var missing: [Range<Int>] { Shaper.missing(items) }

        /// Calls `body` with each run, in order.
        package func forEach(_ body: (RunSpan) -> Void) { Shaper.forEachRun(items, body) }
    }

    /// How many runs `forEachRun` will produce (without building them).
    private static func runCount(_ items: Itemization) -> Int {
        var count = 0
        var lastFace: UnsafeMutableRawPointer?
        var lastScript = Script.unknown
        for cluster in items.clusters {
            let face = cluster.face.toOpaque()
            if face != lastFace || cluster.script != lastScript {
                count += 1
                lastFace = face
                lastScript = cluster.script
            }
        }
        return count
    }

    /// Calls `body` with each maximal span of clusters sharing face and script, in order.
    private static func forEachRun(_ items: Itemization, _ body: (RunSpan) -> Void) {
        // Each span takes a strong reference to its face; until then the itemization holds the
        // faces the library might close (``Itemization/keptAlive``).
        defer { withExtendedLifetime(items.keptAlive) {} }
        var current: RunSpan?
        var lastFace: UnsafeMutableRawPointer?
        for cluster in items.clusters {
            let face = cluster.face.toOpaque()
            if var span = current, lastFace == face, span.script == cluster.script {
                span.end = cluster.end
                if cluster.endsGrapheme { span.clusterCount += 1 }
                current = span
            } else {
                if let span = current { body(span) }
                current = RunSpan(start: cluster.start, end: cluster.end, face: cluster.face.takeUnretainedValue(),
                                  script: cluster.script, clusterCount: cluster.endsGrapheme ? 1 : 0)
                lastFace = face
            }
        }
        if let span = current { body(span) }
    }

    private static func missing(_ items: Itemization) -> [Range<Int>] {
        guard items.clusters.contains(where: { $0.choice == .missing }) else { return [] }
        return items.clusters.filter { $0.choice == .missing }.map { $0.start..<$0.end }
    }

    /// Whether a scalar always begins a grapheme cluster of its own (UAX #29) and is never part of an
    /// emoji presentation sequence. The ranges, each without its combining marks, prepended signs,
    /// format controls and emoji: Latin to U+02FF; Greek, Cyrillic, Armenian; Hebrew letters; Arabic
    /// and Persian letters, digits and punctuation (not U+0600–0605, harakat, Quranic marks); Georgian;
    /// Ethiopic; Latin Extended Additional (Vietnamese); general punctuation and spaces (not
    /// U+200B–200F, U+2028–202E, U+2060–206F); currency signs; CJK punctuation (not U+302A–302F,
    /// U+3030, U+303D), kana (not U+3099–309A), ideographs, Hangul syllables, fullwidth forms.
    /// Text made of these needs no grapheme machinery; `ClusterFastPathTests` checks every one against
    /// GraphemeBreakProperty.txt and emoji-data.txt.
    package static func startsCluster(_ value: UInt32) -> Bool {
        switch value {
        case 0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x531...0x58A,  // Latin, Greek, Cyrillic, Armenian
             0x5D0...0x5EA, 0x5F0...0x5F4,  // Hebrew
             0x606...0x60F, 0x61B, 0x61D...0x64A, 0x660...0x66F, 0x671...0x6D5,  // Arabic, Persian
             0x10A0...0x10FF, 0x1200...0x135C, 0x1360...0x137C,  // Georgian, Ethiopic
             0x1E00...0x1EFF, 0x2000...0x200A, 0x2010...0x2027, 0x202F...0x205E, 0x20A0...0x20C0,
             0x3000...0x3029, 0x3031...0x303C, 0x3041...0x3096, 0x309B...0x30FF,  // CJK punctuation, kana
             0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:  // ideographs, Hangul, fullwidth
            true
        default:
            false
        }
    }

    /// Control characters (`Cc`, `Zl`, `Zp`): not glyphs; the paragraph gives them meaning.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.isControlOrSeparator }

    /// An emoji presentation sequence: it has VS16 (U+FE0F), or starts with a character whose default
    /// presentation is emoji, or is an emoji with a skin-tone modifier; never with VS15 (U+FE0E).
    static func isEmojiPresentation(_ cluster: some Collection<UInt32>) -> Bool {
        guard let first = cluster.first else { return false }
        var hasModifier = false
        for value in cluster {
            switch value {
            case 0xFE0E: return false
            case 0xFE0F: return true
            case 0x1F3FB...0x1F3FF: hasModifier = true  // Emoji_Modifier: the five skin tones
            default: break
            }
        }
        // Emoji_Presentation characters lie in U+231A–U+2B55, four CJK symbols, and U+1F000 up: skip
        // the property lookup for every other character (Latin, CJK, Indic…).
        guard (0x231A...0x2B55).contains(first) || first >= 0x1F000 || [0x3030, 0x303D, 0x3297, 0x3299].contains(first),
              let scalar = Unicode.Scalar(first) else { return false }
        return scalar.properties.isEmojiPresentation || (hasModifier && scalar.properties.isEmoji)
    }

    // MARK: - Shaping

    /// A run: its scalars, face, style number (``styleID(_:)``: features and language), script and
    /// direction. Plain integers but for a run longer than three scalars (no reference counting
    /// to copy one into the table or compare it).
    private struct RunKey: Hashable, Sendable {
        let scalars: ScalarsKey
        let face: Int
        let style: Int
        let script: Script
        let direction: TextDirection
    }

    /// Shapes one run with HarfBuzz at scale = units per em (cached unless `cached` is false).
    /// - Parameter style: `styleID(attributes)` when the caller has it.
    package func shapeRun(_ scalars: ArraySlice<UInt32>, face: FontFace, script: Script, direction: TextDirection,
                          attributes: TextAttributes, style: Int? = nil, cached: Bool = true) -> ShapedRun {
        scalars.withUnsafeBufferPointer { scalars in
            guard cached else {
                return shape(scalars, face: face, script: script, direction: direction, attributes: attributes)
            }
            return shapeRun(scalars, face: face, script: script, direction: direction,
                            style: style ?? styleID(attributes)) { attributes }
        }
    }

    /// A run through the run cache, keyed by the style's number, reading the scalars in place: a
    /// paragraph reshapes its clusters from its own scalars, with no array of them made, and its
    /// attributes are read (`attributes`) only when HarfBuzz has to shape.
    /// - Parameter style: ``styleID(_:)`` of the attributes `attributes` returns.
    package func shapeRun(_ scalars: UnsafeBufferPointer<UInt32>, face: FontFace, script: Script, direction: TextDirection,
                          style: Int, attributes: () -> TextAttributes) -> ShapedRun {
        let key = RunKey(scalars: ScalarsKey(scalars), face: face.serial, style: style, script: script, direction: direction)
        if let run = runs.value(for: key) { return run }
        let run = shape(scalars, face: face, script: script, direction: direction, attributes: attributes())
        runs.insert(run, for: key)
        return run
    }

    private func shape(_ scalars: UnsafeBufferPointer<UInt32>, face: FontFace, script: Script, direction: TextDirection,
                       attributes: TextAttributes) -> ShapedRun {
        shapeCalls.add(1, ordering: .relaxed)
        shapedScalars.add(scalars.count, ordering: .relaxed)
        return ShapedRun(shaping: scalars, font: face.hbFont, script: script, direction: direction,
                         language: attributes.locale, features: attributes.shapingFeatures)
    }
}

/// Which face one grapheme cluster resolved to, and why; or one part of a cluster that no face
/// covers whole, split between faces.
public struct ClusterFont: Sendable {
    /// The cluster's (or part's) text.
    public let text: String
    /// Scalar offsets of the cluster (or part) in the text.
    public let start: Int, end: Int
    /// The cluster's script after Common/Inherited resolution.
    public let script: Script
    /// The face the cluster is set in.
    public let face: FontFace
    /// Which step of the fallback chain chose it.
    public let choice: FontLibrary.FontChoice
}
