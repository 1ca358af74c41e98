import CHarfBuzz
import Foundation
import Synchronization

/// Turns a string and its attributes into shaped runs and single-line measurements.
///
/// The stages, in order (each a function below):
/// | stage | function | result |
/// |---|---|---|
/// | grapheme clusters, script, emoji presentation | ``itemize(_:primary:language:)`` | `[Cluster]` |
/// | Common/Inherited resolved to neighbours | `resolveNeutralScripts(_:)` | scripts per cluster |
/// | font per cluster (fallback chain) | ``FontLibrary/fallback(for:script:isNeutral:isEmoji:runFace:primary:language:)`` | face per cluster |
/// | runs of (font, script, direction) | `groupRuns(_:)` | `[RunSpan]` |
/// | HarfBuzz shaping in font units | ``shapeRun(_:face:script:direction:attributes:)`` | ``ShapedRun`` (cached) |
/// | scaling to a point size | ``LineMeasurement`` | widths, heights, ink in points |
///
/// Shaped lines and runs are cached in font units, keyed by text, face, features, script,
/// direction and language, so a new point size (a Dynamic Type change) costs a multiplication.
/// Both caches are bounded and shared safely between threads.
public final class Shaper: Sendable {
    public let library: FontLibrary
    private let lines: BoundedCache<LineKey, LineEntry>
    private let runs: BoundedCache<RunKey, ShapedRun>
    private let shapeCalls = Atomic<Int>(0)

    /// - Parameters:
    ///   - lineCacheCapacity: the most shaped lines kept (whole single-line measurements).
    ///   - runCacheCapacity: the most shaped runs kept.
    public init(library: FontLibrary, lineCacheCapacity: Int = 8_192, runCacheCapacity: Int = 32_768) {
        self.library = library
        self.lines = BoundedCache(capacity: lineCacheCapacity)
        self.runs = BoundedCache(capacity: runCacheCapacity)
    }

    /// Measures `text` as one line (no wrapping) at the attributes' size.
    ///
    /// Edge cases: the empty string measures 0 × 0 with no runs. Control characters (tab, line
    /// breaks and other `Cc`, `Zl`, `Zp`) are zero-width here and never missing; giving them their
    /// meaning (tab stops, new lines) is the paragraph's job. A cluster no font covers is shaped
    /// with `.notdef` in the requested font and counted in ``LineMeasurement/missingGlyphs``.
    /// - Throws: an invalid size or tracking, an unreadable font file, an unknown family.
    /// - Complexity: O(n) shaping on a cache miss; a hash lookup on a hit.
    public func measure(_ text: String, attributes: TextAttributes) throws -> LineMeasurement {
        let size = try attributes.validated()
        let key = LineKey(text: TextKey(text: text), font: attributes.font, defaultWeight: attributes.defaultWeight,
                          features: attributes.features, locale: attributes.locale)
        let entry: LineEntry
        if let hit = lines.value(for: key) {
            entry = hit
        } else {
            let primary = try library.match(attributes.font, defaultWeight: attributes.defaultWeight)
            entry = LineEntry(font: primary, line: shapedLine(text, attributes: attributes, primary: primary))
            lines.insert(entry, for: key)
        }
        return LineMeasurement(text: text, size: size, tracking: attributes.tracking, font: entry.font,
                               policy: attributes.lineMetrics, line: entry.line)
    }

    /// Which face each grapheme cluster resolves to, and why (for `textfit fonts --for`).
    public func clusterFonts(_ text: String, attributes: TextAttributes) throws -> [ClusterFont] {
        let primary = try library.match(attributes.font, defaultWeight: attributes.defaultWeight)
        let (_, clusters) = itemize(text, primary: primary, language: attributes.locale)
        return clusters.map { cluster in
            ClusterFont(text: String(cluster.character), start: cluster.start, end: cluster.end,
                        script: cluster.script, face: cluster.face, choice: cluster.choice)
        }
    }

    /// How many times HarfBuzz's `hb_shape` has run (cache misses), for tests that prove a
    /// reflow reshapes nothing.
    public var shapingCount: Int { shapeCalls.load(ordering: .relaxed) }

    /// Empties both caches (benchmarks measure cold runs this way).
    public func clearCaches() {
        lines.removeAll()
        runs.removeAll()
    }

    /// Hits, misses and sizes of the line and run caches.
    public var cacheStatistics: (lines: (hits: Int, misses: Int, count: Int), runs: (hits: Int, misses: Int, count: Int)) {
        let l = lines.statistics, r = runs.statistics
        return ((l.hits, l.misses, l.count), (r.hits, r.misses, r.count))
    }

    // MARK: - Lines

    /// A line is keyed by the request itself (not the face it resolves to), so a hit needs no
    /// font matching; the entry remembers the match.
    private struct LineKey: Hashable, Sendable {
        let text: TextKey
        let font: FontRequest
        let defaultWeight: FontWeight
        let features: [FontFeature]
        let locale: String?
    }

    private struct LineEntry: Sendable {
        let font: FontMatch
        let line: ShapedLine
    }

    private func shapedLine(_ text: String, attributes: TextAttributes, primary: FontMatch) -> ShapedLine {
        let (scalars, clusters) = itemize(text, primary: primary, language: attributes.locale)
        var lineRuns: [ShapedLine.Run] = []
        let spans = groupRuns(clusters)
        for span in spans {
            // A one-run line is cached whole by the line cache; a run cache entry would only repeat it.
            let shaped = shapeRun(scalars[span.start..<span.end], face: span.face, script: span.script,
                                  direction: span.script.direction, attributes: attributes, cached: spans.count > 1)
            lineRuns.append(ShapedLine.Run(start: span.start, end: span.end, face: span.face, script: span.script,
                                           direction: span.script.direction, graphemeCount: span.clusterCount,
                                           shaped: shaped))
        }
        let missing = clusters.filter { $0.choice == .missing }.map { $0.start..<$0.end }
        return ShapedLine(runs: lineRuns, missing: missing, scalarCount: scalars.count, graphemeCount: clusters.count)
    }

    // MARK: - Itemization

    /// One grapheme cluster: its scalar range, resolved script, and font.
    struct Cluster {
        var character: Character
        var start: Int
        var end: Int
        var script: Script
        var isNeutral: Bool
        var isEmoji: Bool
        var face: FontFace
        var choice: FontLibrary.FontChoice
    }

    /// Splits `text` into grapheme clusters, resolves each one's script and font.
    /// - Returns: the text's scalars (control characters replaced for shaping, see
    ///   ``measure(_:attributes:)``) and the clusters in logical order.
    /// - Parameter context: the face of the text just before `text` (a paragraph's previous piece),
    ///   which leading Common/Inherited clusters may continue.
    func itemize(_ text: String, primary: FontMatch, language: String?, context: FontFace? = nil) -> ([UInt32], [Cluster]) {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.utf8.count)
        var clusters: [Cluster] = []
        clusters.reserveCapacity(text.utf8.count)
        for character in text {
            let start = scalars.count
            var script = Script.unknown
            for scalar in character.unicodeScalars {
                scalars.append(Shaper.isControl(scalar) ? 0x200B : scalar.value)
                if script.isNeutral { script = Script(of: scalar) }
            }
            let neutral = script.isNeutral
            clusters.append(Cluster(character: character, start: start, end: scalars.count,
                                    script: neutral ? .common : script, isNeutral: neutral,
                                    isEmoji: Shaper.isEmojiPresentation(character.unicodeScalars),
                                    face: primary.face, choice: .requested))
        }
        resolveNeutralScripts(&clusters)
        var runFace = context
        var lastChain: (script: Script, chain: FontLibrary.Chain)?
        for index in clusters.indices {
            let character = clusters[index].character
            if character.unicodeScalars.allSatisfy(Shaper.isControl) {
                clusters[index].face = runFace ?? primary.face
                clusters[index].choice = runFace == nil ? .requested : .run
            } else {
                let (face, choice) = library.fallback(
                    for: character.unicodeScalars, script: clusters[index].script, isNeutral: clusters[index].isNeutral,
                    isEmoji: clusters[index].isEmoji, runFace: runFace, primary: primary, language: language,
                    lastChain: &lastChain)
                clusters[index].face = face
                clusters[index].choice = choice
            }
            runFace = clusters[index].face
        }
        return (scalars, clusters)
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

    /// A maximal span of clusters sharing face and script.
    package struct RunSpan: Sendable {
        package var start: Int
        package var end: Int
        package var face: FontFace
        package var script: Script
        package var clusterCount: Int
    }

    /// Itemizes `text` into runs of (face, script) for the paragraph, which shapes each with the
    /// direction of its bidi level.
    /// - Returns: the scalars to shape (controls replaced), the runs, and the missing clusters'
    ///   scalar ranges; offsets are relative to `text`.
    package func fontRuns(_ text: String, primary: FontMatch, language: String?,
                          context: FontFace? = nil) -> (scalars: [UInt32], runs: [RunSpan], missing: [Range<Int>]) {
        let (scalars, clusters) = itemize(text, primary: primary, language: language, context: context)
        return (scalars, groupRuns(clusters), clusters.filter { $0.choice == .missing }.map { $0.start..<$0.end })
    }

    private func groupRuns(_ clusters: [Cluster]) -> [RunSpan] {
        var spans: [RunSpan] = []
        for cluster in clusters {
            if let last = spans.last, last.face === cluster.face, last.script == cluster.script {
                spans[spans.count - 1].end = cluster.end
                spans[spans.count - 1].clusterCount += 1
            } else {
                spans.append(RunSpan(start: cluster.start, end: cluster.end, face: cluster.face, script: cluster.script, clusterCount: 1))
            }
        }
        return spans
    }

    /// Control characters (`Cc`, `Zl`, `Zp`): not glyphs; the paragraph gives them meaning.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.isControlOrSeparator }

    /// An emoji presentation sequence: it has VS16 (U+FE0F), or starts with a character whose default
    /// presentation is emoji, or is an emoji with a skin-tone modifier; never with VS15 (U+FE0E).
    static func isEmojiPresentation(_ scalars: some Collection<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first else { return false }
        // Nothing below U+231A (⌚, the first Emoji_Presentation character) is emoji by default;
        // such a cluster is emoji only with VS16 or a skin-tone modifier.
        if first.value < 0x231A && scalars.count == 1 { return false }
        var hasModifier = false
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0E: return false
            case 0xFE0F: return true
            default: if scalar.properties.isEmojiModifier { hasModifier = true }
            }
        }
        return first.properties.isEmojiPresentation || (hasModifier && first.properties.isEmoji)
    }

    // MARK: - Shaping

    private struct RunKey: Hashable, Sendable {
        let scalars: ScalarsKey
        let face: Int
        let features: [FontFeature]
        let script: Script
        let direction: TextDirection
        let locale: String?
    }

    /// Shapes one run with HarfBuzz at scale = units per em (cached).
    package func shapeRun(_ scalars: ArraySlice<UInt32>, face: FontFace, script: Script, direction: TextDirection,
                          attributes: TextAttributes, cached: Bool = true) -> ShapedRun {
        let key = cached ? RunKey(scalars: ScalarsKey(scalars: Array(scalars)), face: face.serial, features: attributes.features,
                                  script: script, direction: direction, locale: attributes.locale) : nil
        if let key, let run = runs.value(for: key) { return run }
        shapeCalls.add(1, ordering: .relaxed)
        let run = ShapedRun(shaping: scalars, font: face.hbFont, script: script, direction: direction,
                            language: attributes.locale, features: attributes.features)
        if let key { runs.insert(run, for: key) }
        return run
    }
}

/// Which face one grapheme cluster resolved to, and why.
public struct ClusterFont: Sendable {
    /// The cluster's text.
    public let text: String
    /// Scalar offsets of the cluster in the text.
    public let start: Int, end: Int
    /// The cluster's script after Common/Inherited resolution.
    public let script: Script
    public let face: FontFace
    public let choice: FontLibrary.FontChoice
}
