/// Which font one grapheme cluster of a text resolves to, and why (`textfit fonts --for`); a
/// cluster no font covers whole is split between fonts, one result a part.
public struct ClusterFontResult: Codable, Sendable, Equatable {
    /// The cluster's characters.
    public var text: String
    /// Scalar offsets of the cluster (or part).
    public var start: Int
    /// The offset just past its last scalar.
    public var end: Int
    /// The script the cluster is shaped in (ISO 15924): its own, or — for Common and Inherited
    /// characters (digits, punctuation, spaces, emoji, combining marks) — the run's it sits in.
    public var script: String
    /// The script of the cluster's first character itself: `Zyyy` (Common) or `Zinh` (Inherited)
    /// for the characters that take their run's ``script``.
    public var characterScript: String
    /// The font it resolves to.
    public var font: MeasureResult.Font
    /// `emoji`, `run`, `requested`, `script`, `bundled`, `system` or `missing`: the step of the
    /// fallback chain that chose the font.
    public var choice: String
}

extension TextFitEngine {
    /// The font of every grapheme cluster of `text` (of each part of a split one), in logical order.
    public func clusterFonts(_ text: String, attributes: TextAttributes) throws -> [ClusterFontResult] {
        try shaper.clusterFonts(text, attributes: attributes).map { cluster in
            ClusterFontResult(text: cluster.text, start: cluster.start, end: cluster.end, script: cluster.script.code,
                              characterScript: cluster.text.unicodeScalars.first.map { Script(of: $0).code } ?? cluster.script.code,
                              font: .init(cluster.face), choice: cluster.choice.rawValue)
        }
    }
}
