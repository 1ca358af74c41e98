import Foundation
import LayoutCore
import Typography

extension ViewSpacing.Category {
    /// Text views: text above or below text is spaced from the fonts' line metrics; anything else
    /// is 8 pt away.
    public static let text = ViewSpacing.Category("text")
}

extension Text {
    /// The text's spacing preferences, in the ``ViewSpacing/Category/text`` category on every edge.
    ///
    /// - Top and bottom, to another text: the fonts' **internal leading**, `ascent + descent +
    ///   lineGap − pointSize` (the part of a line box outside the em square), the largest over the
    ///   text's runs at the environment's Dynamic Type size, plus the environment's `lineSpacing`.
    ///   Two texts then read as lines of one paragraph with a little air, and the gap grows with
    ///   Dynamic Type (Noto Sans, hhea 1069/−293/0 per 1000 units, body 17 pt: 23.154 − 17 = 6.154 pt).
    ///   Two texts of different fonts take the larger preference (``ViewSpacing`` takes the maximum).
    /// - Leading and trailing, to another text, and every edge to any other view: 8 pt, the
    ///   ordinary distance.
    ///
    /// SwiftUI does not publish its text spacing; this rule is TextFit's, chosen to scale with the
    /// fonts as SwiftUI's does. A text that cannot be measured prefers ordinary spacing.
    public func spacing(environment: EnvironmentValues) -> ViewSpacing {
        let ordinary = ViewSpacing.defaultDistance
        var spacing = ViewSpacing(ViewSpacing.Preference(category: .text, sameCategory: ordinary, otherCategory: ordinary))
        guard let gap = internalLeading(in: environment) else { return spacing }
        let lineSpacing = Text.paragraphStyle(in: environment).spacingBetweenLines
        spacing.setPreferences([ViewSpacing.Preference(category: .text, sameCategory: CGFloat(gap + lineSpacing), otherCategory: ordinary)],
                               on: .vertical)
        return spacing
    }

    /// The largest `ascent + descent + lineGap − pointSize` over the runs' primary faces (points),
    /// under the `apple` (hhea) line metrics; `nil` without a shaper or any measurable run.
    func internalLeading(in environment: EnvironmentValues) -> Double? {
        guard let shaper = environment.textShaper else { return nil }
        var result: Double?
        for run in styledText(in: environment).runs {
            let attributes = run.attributes
            guard let size = try? attributes.validated() else { continue }
            var request = attributes.font
            var match = try? shaper.library.match(request, defaultWeight: attributes.defaultWeight, pointSize: size)
            if match == nil {  // an unknown custom family falls back to the system family
                request.family = nil
                match = try? shaper.library.match(request, defaultWeight: attributes.defaultWeight, pointSize: size)
            }
            guard let face = match?.face else { continue }
            let metrics = face.metrics.scaled(to: size, policy: attributes.lineMetrics)
            result = max(result ?? 0, max(0, metrics.lineHeight - size))
        }
        return result
    }
}
