/// Which font one grapheme cluster of a text resolves to, and why (`textfit fonts --for`).
public struct ClusterFontResult: Codable, Sendable, Equatable {
    public var text: String
    /// Scalar offsets of the cluster.
    public var start: Int
    public var end: Int
    public var script: String
    public var font: MeasureResult.Font
    /// `emoji`, `run`, `requested`, `script`, `bundled`, `system` or `missing`: the step of the
    /// fallback chain that chose the font.
    public var choice: String
}

extension TextFitEngine {
    /// The font of every grapheme cluster of `text`, in logical order.
    public func clusterFonts(_ text: String, attributes: TextAttributes) throws -> [ClusterFontResult] {
        try shaper.clusterFonts(text, attributes: attributes).map { cluster in
            ClusterFontResult(text: cluster.text, start: cluster.start, end: cluster.end, script: cluster.script.code,
                              font: .init(cluster.face), choice: cluster.choice.rawValue)
        }
    }
}
