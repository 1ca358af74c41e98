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
    private let lines: BoundedCache<LineKey, ShapedLine>
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
        let primary = try library.match(attributes.font, defaultWeight: attributes.defaultWeight)
        let line = shapedLine(text, attributes: attributes, primary: primary)
        return LineMeasurement(text: text, size: size, tracking: attributes.tracking, font: primary,
                               policy: attributes.lineMetrics, line: line)
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

    private struct LineKey: Hashable, Sendable {
        let text: String
        let face: Int
        let weight: FontWeight
        let italic: Bool
        let features: [FontFeature]
        let locale: String?
    }

    private func shapedLine(_ text: String, attributes: TextAttributes, primary: FontMatch) -> ShapedLine {
        let key = LineKey(text: text, face: primary.face.serial, weight: primary.requestedWeight,
                          italic: primary.requestedItalic, features: attributes.features, locale: attributes.locale)
        if let line = lines.value(for: key) { return line }
        let (scalars, clusters) = itemize(text, primary: primary, language: attributes.locale)
        var lineRuns: [ShapedLine.Run] = []
        for span in groupRuns(clusters) {
            let shaped = shapeRun(scalars[span.start..<span.end], face: span.face, script: span.script,
                                  direction: span.script.direction, attributes: attributes)
            lineRuns.append(ShapedLine.Run(start: span.start, end: span.end, face: span.face, script: span.script,
                                           direction: span.script.direction, graphemeCount: span.clusterCount,
                                           shaped: shaped))
        }
        let missing = clusters.filter { $0.choice == .missing }.map { $0.start..<$0.end }
        let line = ShapedLine(runs: lineRuns, missing: missing, scalarCount: scalars.count, graphemeCount: clusters.count)
        lines.insert(line, for: key)
        return line
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
        for index in clusters.indices {
            let character = clusters[index].character
            if character.unicodeScalars.allSatisfy(Shaper.isControl) {
                clusters[index].face = runFace ?? primary.face
                clusters[index].choice = runFace == nil ? .requested : .run
            } else {
                let (face, choice) = library.fallback(
                    for: character.unicodeScalars, script: clusters[index].script, isNeutral: clusters[index].isNeutral,
                    isEmoji: clusters[index].isEmoji, runFace: runFace, primary: primary, language: language)
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
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// An emoji presentation sequence: it has VS16 (U+FE0F), or starts with a character whose default
    /// presentation is emoji, or is an emoji with a skin-tone modifier; never with VS15 (U+FE0E).
    static func isEmojiPresentation(_ scalars: some Collection<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first else { return false }
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
        let scalars: [UInt32]
        let face: Int
        let features: [FontFeature]
        let script: Script
        let direction: TextDirection
        let locale: String?
    }

    /// Shapes one run with HarfBuzz at scale = units per em (cached).
    package func shapeRun(_ scalars: ArraySlice<UInt32>, face: FontFace, script: Script, direction: TextDirection,
                          attributes: TextAttributes) -> ShapedRun {
        let key = RunKey(scalars: Array(scalars), face: face.serial, features: attributes.features, script: script,
                         direction: direction, locale: attributes.locale)
        if let run = runs.value(for: key) { return run }
        shapeCalls.add(1, ordering: .relaxed)
        let run = ShapedRun(shaping: scalars, font: face.hbFont, script: script, direction: direction,
                            language: attributes.locale, features: attributes.features)
        runs.insert(run, for: key)
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
