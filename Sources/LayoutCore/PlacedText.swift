import Foundation

// How each text of a layout fits where it was placed: what its leaf knows from the layout it
// already did (lines shown and needed, the cut, the scale, the width it needs) and what the
// placed frames say (clipped, overlapping). Read from a `LayoutResult` when asked, never while
// laying out: a layout that is not asked costs nothing more.
//
// | step | function |
// |---|---|
// | the texts shown (leaves of a `FitReportingLeaf` type), each asked once | `LayoutResult.placedTexts(only:)` |
// | clipped: the innermost clipping ancestor a line passes, else the screen (past a scroll view along its axes: scrolled, not cut) | `LayoutResult.clips(of:)` |
// | overlapping: a sweep over the texts by x, then their line boxes (texts in the same scroll views) | `LayoutResult.overlapPairs(_:involving:)`, `scrollers(of:)` |

/// One `Text` of a ``LayoutResult`` and how well it fits: the lines it shows and the lines it
/// needs, whether "…" cut it, whether `minimumScaleFactor` shrank it, whether it is drawn outside
/// the root or a clipping ancestor, which texts it overlaps, the width it would need, and where in
/// the source it was written. ``hasFindings`` says whether anything is wrong.
///
/// A result answers it from the layout already done (``LayoutResult/texts``): the text's leaf
/// reports its part from the paragraph layout it measured for its placed proposal (no shaping
/// again), and the result adds what the placed frames show. Boxes are line boxes — each shown
/// line's advance width × its ascent and descent — not glyph ink, so a swash or a stacked mark
/// reaching past its line is not seen.
public struct PlacedText: Sendable, Equatable, CustomStringConvertible {
    // MARK: Where

    /// The element's pre-order position in its result.
    public var index: Int
    /// Child indices from the root.
    public var path: [Int]
    /// The text's `.id(_:)`, else the nearest enclosing element's (a `ForEach` item's, a layout
    /// file node's, whose id is on its outermost modifier).
    public var id: String?
    /// The innermost `accessibilityIdentifier(_:)` set on the text or an element around it.
    public var accessibilityIdentifier: String?
    /// The text's frame in root coordinates.
    public var frame: CGRect
    /// The file the view was written in (`#fileID`, "Module/File.swift") and its line, when the
    /// view was made by an initializer that records them (`Text("key")`, `Button("title")`);
    /// `nil` for a `Text(verbatim:)`, a `Text(string)` and layout files.
    public var fileID: String?
    public var line: Int?

    // MARK: What it shows

    /// The string the text shows before any cut: the text's own after Markdown, numbers in the
    /// environment's locale and its `textCase`. Offsets (``Truncation/elided``) count its Unicode scalars.
    public var string: String
    /// Each shown line's box, top to bottom, in root coordinates: its advance width (hanging
    /// spaces left out) × its ascent and descent, where alignment put it in the frame.
    public var lineBounds: [CGRect]
    /// The lines shown (reserved blank lines not counted).
    public var linesShown: Int
    /// The lines the whole text needs at the width it was placed with, at full size with no line
    /// limit and no height (``linesShown`` when it is neither cut nor scaled).
    public var linesNeeded: Int
    /// How "…" cut the text; `nil` when it shows all of it.
    public var truncation: Truncation?
    /// The scale `minimumScaleFactor` shrank the text by to fit (1: not scaled).
    public var scale: Double
    /// The narrowest width at which the whole text shows at full size within its line limit,
    /// breaking only at break opportunities: with no limit its ideal width (a line per hard line).
    /// `nil` when no width does (more hard lines than the limit). A proposed height is not a limit here.
    public var neededWidth: Double?
    /// The width the text was proposed where it was placed: what ``neededWidth`` is to be set
    /// against; `nil` when it was asked for its ideal width (a `fixedSize()` text).
    public var proposedWidth: Double?
    /// The grapheme clusters of the text that no font has a glyph for (drawn as the font's
    /// missing-glyph box; 0 when every character has a glyph).
    public var missingGlyphs: Int

    // MARK: What the placed frames show

    /// What a line box of the text is drawn outside of; `nil` when every line is inside the root
    /// (the screen: see ``Clip/root``) and inside every ancestor that clips. A line past a scroll
    /// view or a list along the axes it scrolls (below the fold of a long list) is scrolled out of
    /// view, not clipped, by it or by the screen.
    public var clip: Clip?
    /// The other shown texts a line box of this one overlaps, in pre-order: texts in the same
    /// scroll view (or none), since one that scrolls passes under what is drawn over it (a row
    /// under the tab bar) and the person scrolls it clear.
    public var overlaps: [Overlap]

    // MARK: Where its string came from (string tables)

    /// The key it was looked up by, when its string came from a string table.
    public var key: String?
    /// The table it was looked up in (`Localizable` unless named).
    public var table: String?
    /// The locale whose string was used (`de`, for `de-CH` falling back to `de`).
    public var locale: String?
    /// The string is not in the environment's locale: the lookup fell back to the source language
    /// or to the key itself.
    public var isUntranslated: Bool

    /// What a leaf reports about its own text; the result fills in where it is (``index``,
    /// ``path``, ``id``, ``frame``), what it is clipped by and what it overlaps, and moves
    /// `lineBounds` (given from the leaf's top-left corner) into root coordinates.
    public init(string: String, lineBounds: [CGRect], linesShown: Int, linesNeeded: Int, truncation: Truncation? = nil,
                scale: Double = 1, neededWidth: Double?, missingGlyphs: Int = 0, fileID: String? = nil, line: Int? = nil) {
        self.index = 0
        self.path = []
        self.frame = .zero
        self.string = string
        self.lineBounds = lineBounds
        self.linesShown = linesShown
        self.linesNeeded = linesNeeded
        self.truncation = truncation
        self.scale = scale
        self.neededWidth = neededWidth
        self.missingGlyphs = missingGlyphs
        self.fileID = fileID
        self.line = line
        self.overlaps = []
        self.isUntranslated = false
    }

    /// How "…" cut a text.
    public struct Truncation: Sendable, Equatable {
        /// Where on its line "…" stands (the text's `truncationMode`).
        public enum Position: String, Sendable, Codable { case head, middle, tail }
        /// What cut it: its line limit, or the height it was proposed (at least one line is always shown).
        public enum Cause: String, Sendable, Codable { case lineLimit, height }

        public var position: Position
        public var cause: Cause
        /// The scalars of ``PlacedText/string`` that "…" stands for: at the tail, from where the
        /// shown text ends to the end of the string; in the middle, between the two parts shown;
        /// at the head, from the start of the last shown line to where its shown text starts (lines
        /// after that one's hard line end are not shown either).
        public var elided: Range<Int>

        /// The scalar offset "…" stands at: the text before it on its line is shown (at the tail,
        /// where the shown text ends).
        public var offset: Int { elided.lowerBound }

        public init(position: Position, cause: Cause, elided: Range<Int>) {
            self.position = position
            self.cause = cause
            self.elided = elided
        }
    }

    /// What a text is drawn outside of.
    public enum Clip: Sendable, Equatable {
        /// The root's bounds — the screen: no wider or taller than the root's proposal on an
        /// axis it gives (a `fixedSize()` text wider than the proposed width is off the screen).
        case root
        /// The clip shape of the element at `path` — `clipped()`, `clipShape(_:)`, `cornerRadius(_:)`
        /// — taken as the shape's bounding box in the element's frame.
        case ancestor(path: [Int], id: String?)
    }

    /// Another text a line box of this one overlaps.
    public struct Overlap: Sendable, Equatable {
        /// Its pre-order position, path and id (as ``PlacedText/id``).
        public var index: Int
        public var path: [Int]
        public var id: String?

        public init(index: Int, path: [Int], id: String?) {
            self.index = index
            self.path = path
            self.id = id
        }
    }

    public var isTruncated: Bool { truncation != nil }
    /// Shrunk by `minimumScaleFactor`.
    public var isScaled: Bool { scale < 1 }
    public var isClipped: Bool { clip != nil }
    public var isOverlapping: Bool { !overlaps.isEmpty }

    /// Has characters no font has a glyph for (``missingGlyphs``).
    public var hasMissingGlyphs: Bool { missingGlyphs > 0 }

    /// Truncated, scaled, clipped, overlapping, untranslated or missing glyphs.
    public var hasFindings: Bool { isTruncated || isScaled || isClipped || isOverlapping || isUntranslated || hasMissingGlyphs }

    /// `Module/File.swift:12: Text [0, 2] (id title) "Synchronisierung wird ausgeführt": truncated
    /// at 17 (tail, line limit), 1 of 2 lines, needs 231.4 pt; …`: where, what, and each finding
    /// (or `fits`). Lengths rounded to 0.1 pt.
    public var description: String {
        let location = fileID.map { "\($0):\(line.map(String.init) ?? "?"): " } ?? ""
        let named = id.map { " (id \($0))" } ?? ""
        let scalars = string.unicodeScalars
        let quoted = scalars.count > 40 ? String(String.UnicodeScalarView(scalars.prefix(39))) + "…" : string
        var findings: [String] = []
        let needs = neededWidth.map { ", needs \(Self.format($0, decimals: 1)) pt" } ?? ""
        if let truncation {
            let cause = truncation.cause == .lineLimit ? "line limit" : "height"
            findings.append("truncated at \(truncation.offset) (\(truncation.position.rawValue), \(cause)), \(linesShown) of \(linesNeeded) lines" + needs)
        }
        if isScaled { findings.append("scaled to \(Self.format(scale, decimals: 3))" + (isTruncated ? "" : needs)) }
        switch clip {
        case .root?: findings.append("clipped by the root's bounds")
        case .ancestor(let path, let id)?: findings.append("clipped by \(path)\(id.map { " (id \($0))" } ?? "")")
        case nil: break
        }
        if isOverlapping {
            findings.append("overlaps " + overlaps.map { "\($0.path)\($0.id.map { " (id \($0))" } ?? "")" }.joined(separator: ", "))
        }
        if isUntranslated {
            let what = key.map { " key \"\($0)\"" + (table.flatMap { $0 == "Localizable" ? nil : " (table \($0))" } ?? "") } ?? ""
            findings.append(locale == nil ? "no catalog has the\(what.isEmpty ? " key" : what): the key is shown"
                                          : "untranslated\(what), shown in \(locale!)")
        }
        if hasMissingGlyphs { findings.append("\(missingGlyphs) character\(missingGlyphs == 1 ? "" : "s") no font has") }
        if findings.isEmpty { findings.append("fits") }
        return "\(location)Text \(path)\(named) \"\(quoted)\": " + findings.joined(separator: "; ")
    }

    private static func format(_ value: Double, decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// A leaf that shows text and can say how it fits where it was placed (TextLayout's `Text`): the
/// hook ``LayoutResult/texts`` asks, as ``DiagnosingLeaf`` is the hook for diagnostics.
public protocol FitReportingLeaf: LeafView {
    /// How this leaf's text fits when laid out for `proposal` at `size` in `environment` — the
    /// proposal and size it was placed with — from the layout it measured for them (no second
    /// shaping): lines, cut, scale, needed width, line boxes from the leaf's top-left corner.
    /// `nil` when it has no text to report (it could not be measured: its diagnostics say why).
    func placedText(proposal: ProposedViewSize, size: CGSize, environment: EnvironmentValues) -> PlacedText?
}

extension LayoutResult {
    /// Every text shown (neither hidden by its container nor inside `hidden()`), in pre-order, with
    /// how it fits (``PlacedText``).
    ///
    /// Computed when asked, from the layout already done: each text's leaf reports from the
    /// layout it measured; clips are checked against each clipping ancestor and the root, and
    /// overlaps found by a sweep over the texts sorted by x. A layout that is never asked pays
    /// nothing. Empty for a result decoded from JSON.
    /// - Complexity: O(n + t log t + p) for n elements, t texts and p pairs of texts whose frames
    ///   meet, plus each text's report (a lookup of its cached layout; a line count and, with a
    ///   line limit, a search of widths for the cut ones). Not kept: keep the array.
    public var texts: [PlacedText] { placedTexts(only: nil) }

    /// The texts that are truncated, scaled, clipped, overlapping, untranslated or missing glyphs
    /// (``PlacedText/hasFindings``), in pre-order.
    public var findings: [PlacedText] { texts.filter(\.hasFindings) }

    /// The text at pre-order position `index` and how it fits; `nil` when that element is not a
    /// shown text. Asks only that text and those whose frames meet its frame.
    public func text(at index: Int) -> PlacedText? { placedTexts(only: index).first }

    /// The first text (in pre-order) that is, or is inside, the element named `id`.
    public func text(id: String) -> PlacedText? {
        guard let start = structure.idIndex[id] else { return nil }
        let prefix = structure.paths[start]
        for (index, _) in textLeaves() where index >= start {
            guard structure.paths[index].starts(with: prefix) else { break }
            if let text = text(at: index) { return text }
        }
        return nil
    }

    /// Lengths under this are not a clip or an overlap: arithmetic noise in frames, far below a pixel.
    static let fitTolerance: CGFloat = 0.01

    /// Asks a leaf of one ``FitReportingLeaf`` type for its report: made once per type, it casts
    /// each leaf to that concrete type (a comparison), not to the protocol (a conformance lookup,
    /// about a thousand instructions a text).
    private struct FitReporter {
        let report: (any LeafView, ProposedViewSize, CGSize, EnvironmentValues) -> PlacedText?

        init<Leaf: FitReportingLeaf>(_: Leaf.Type) {
            report = { leaf, proposal, size, environment in
                (leaf as? Leaf)?.placedText(proposal: proposal, size: size, environment: environment)
            }
        }
    }

    /// The drawn leaves of a ``FitReportingLeaf`` type, in pre-order, each with its reporter: found
    /// when asked (one cast per leaf type), so building a tree pays nothing for them.
    private func textLeaves() -> [(index: Int, reporter: FitReporter)] {
        var reporters: [ObjectIdentifier: FitReporter?] = [:]
        var last: (type: ObjectIdentifier, reporter: FitReporter?)?  // most leaves are of the type met last
        var found: [(index: Int, reporter: FitReporter)] = []
        found.reserveCapacity(structure.leaves.count)
        for (index, source) in structure.leaves {
            let type = Swift.type(of: source.element)
            let key = ObjectIdentifier(type)
            let reporter: FitReporter?
            if let last, last.type == key {
                reporter = last.reporter
            } else if let known = reporters[key] {
                reporter = known
            } else {
                reporter = (type as? any FitReportingLeaf.Type).map { FitReporter($0) }
                reporters[key] = .some(reporter)
            }
            last = (key, reporter)
            if let reporter { found.append((index, reporter)) }
        }
        return found.sorted { $0.index < $1.index }
    }

    /// The shown texts (all, or only the one at `only`), reported by their leaves and completed.
    func placedTexts(only: Int?) -> [PlacedText] {
        var shown = textLeaves().filter { $0.index < placedProposals.count && !hidden[$0.index] }
        if let only {
            guard shown.contains(where: { $0.index == only }) else { return [] }
            // Only the texts whose frames meet this one's can overlap it: the others are not asked.
            let area = frames[only].insetBy(dx: -Self.fitTolerance, dy: -Self.fitTolerance)
            shown = shown.filter { $0.index == only || frames[$0.index].intersects(area) }
        }
        let ids = inheritedIDs()
        var texts: [PlacedText] = []
        texts.reserveCapacity(shown.count)
        for (index, reporter) in shown {
            guard let source = structure.leaves[index],
                  var text = reporter.report(source.element, placedProposals[index], frames[index].size, source.environment)
            else { continue }
            let frame = frames[index]
            text.index = index
            text.path = structure.paths[index]
            text.id = ids.isEmpty ? nil : ids[index]
            text.frame = frame
            text.proposedWidth = placedProposals[index].width.map(Double.init)
            text.accessibilityIdentifier = source.environment.accessibilityIdentifier
            for line in text.lineBounds.indices { text.lineBounds[line] = text.lineBounds[line].offsetBy(dx: frame.minX, dy: frame.minY) }
            texts.append(text)
        }
        let target = only.flatMap { index in texts.firstIndex { $0.index == index } }
        if only != nil, target == nil { return [] }
        let scrollers = scrollers(of: texts)
        for (a, b) in overlapPairs(texts, involving: target) where scrollers[a] == scrollers[b] {
            texts[a].overlaps.append(.init(index: texts[b].index, path: texts[b].path, id: texts[b].id))
            texts[b].overlaps.append(.init(index: texts[a].index, path: texts[a].path, id: texts[a].id))
        }
        if let target {
            texts[target].overlaps.sort { $0.index < $1.index }
            texts[target].clip = clips(of: [texts[target]])[0]
            return [texts[target]]
        }
        for i in texts.indices { texts[i].overlaps.sort { $0.index < $1.index } }
        let clips = clips(of: texts)
        for i in texts.indices { texts[i].clip = clips[i] }
        return texts
    }

    /// Each element's id, else its nearest ancestor's (empty when no element has one).
    /// - Complexity: O(n), one walk in pre-order with the ancestors on a stack.
    private func inheritedIDs() -> [String?] {
        guard !structure.idIndex.isEmpty else { return [] }
        var result: [String?] = []
        result.reserveCapacity(count)
        var ancestors: [Int] = []  // by depth: ancestors[d] is the ancestor at depth d
        for index in 0..<count {
            let depth = structure.paths[index].count
            if ancestors.count > depth { ancestors.removeLast(ancestors.count - depth) }
            result.append(structure.ids[index] ?? ancestors.last.flatMap { result[$0] })
            ancestors.append(index)
        }
        return result
    }

    /// What each of `texts` (in pre-order) is clipped by: the innermost clipping element (it, or
    /// an ancestor) that a shown line box passes, else the root's bounds if one does.
    ///
    /// A scroll view (or list) scrolls: a line past it, or past the screen or a clip around it,
    /// along the axes it scrolls is scrolled out of view, not cut, so those axes are not checked
    /// against it and the clips outside it (a clip inside its content moves with the text and is
    /// checked on both axes).
    /// - Complexity: O(n) for n elements when any element clips; O(t) otherwise.
    private func clips(of texts: [PlacedText]) -> [PlacedText.Clip?] {
        let root = screen
        guard !structure.drawing.isEmpty else {
            return texts.map { passes($0.lineBounds, root) ? .root : nil }
        }
        var result: [PlacedText.Clip?] = []
        result.reserveCapacity(texts.count)
        // Pre-order, with the clipping ancestors of the current element on a stack (by depth).
        var stack: [(depth: Int, index: Int, bounds: CGRect, scrolls: Axis.Set)] = []
        var next = 0  // the next text to answer
        for index in 0..<count where next < texts.count {
            let depth = structure.paths[index].count
            while let last = stack.last, last.depth >= depth { stack.removeLast() }
            if let (bounds, scrolls) = clipBounds(of: index) { stack.append((depth, index, bounds, scrolls)) }
            guard texts[next].index == index else { continue }
            let lines = texts[next].lineBounds
            // Innermost first; `free`: the axes a scroll view at or inside the entry scrolls along.
            var free: Axis.Set = []
            var found: PlacedText.Clip?
            for entry in stack.reversed() {
                free.formUnion(entry.scrolls)
                if passes(lines, entry.bounds, along: free) {
                    found = .ancestor(path: structure.paths[entry.index], id: structure.ids[entry.index])
                    break
                }
            }
            if found == nil, passes(lines, root, along: free) { found = .root }
            result.append(found)
            next += 1
        }
        return result
    }

    /// For each of `texts` (in pre-order), its innermost scrolling ancestor (a ``DrawingEffect/scrollClip(_:)``
    /// element's index), or -1: texts with different ones move against each other as they scroll, so
    /// where one passes under the other (rows under a tab bar) it is not an overlap.
    /// - Complexity: O(n) for n elements when any element has a drawing effect; O(t) otherwise.
    private func scrollers(of texts: [PlacedText]) -> [Int] {
        guard !structure.drawing.isEmpty else { return Array(repeating: -1, count: texts.count) }
        var result: [Int] = []
        result.reserveCapacity(texts.count)
        var stack: [(depth: Int, index: Int)] = []  // the scrolling ancestors of the current element
        var next = 0
        for index in 0..<count where next < texts.count {
            let depth = structure.paths[index].count
            while let last = stack.last, last.depth >= depth { stack.removeLast() }
            if let effects = structure.drawing[index], effects.contains(where: { if case .scrollClip = $0 { true } else { false } }) {
                stack.append((depth, index))
            }
            guard texts[next].index == index else { continue }
            result.append(stack.last?.index ?? -1)
            next += 1
        }
        return result
    }

    /// What a text must stay inside to be seen: the root's bounds, no wider or taller than a
    /// finite proposal (a root that outgrows the screen it is proposed does not widen the screen).
    package var screen: CGRect {
        CGRect(x: 0, y: 0, width: min(size.width, proposal.width ?? .infinity), height: min(size.height, proposal.height ?? .infinity))
    }

    /// The intersection of the bounding boxes of the element's clip shapes, in root coordinates,
    /// and the axes it scrolls along (a scroll clip's); `nil` when it does not clip.
    private func clipBounds(of index: Int) -> (CGRect, scrolls: Axis.Set)? {
        guard let effects = structure.drawing[index] else { return nil }
        var bounds: CGRect?
        var scrolls: Axis.Set = []
        let frame = frames[index]
        for effect in effects {
            let box: CGRect
            switch effect {
            case .clip(let shape, _):
                box = shape.path(in: CGRect(origin: .zero, size: frame.size)).boundingRect.offsetBy(dx: frame.minX, dy: frame.minY)
            case .scrollClip(let axes):
                box = frame
                scrolls.formUnion(axes)
            default:
                continue
            }
            bounds = bounds.map { $0.intersection(box) } ?? box
        }
        return bounds.map { ($0, scrolls) }
    }

    /// Whether a line box that shows something (wider than nothing) reaches past `bounds`, on the
    /// axes not in `free` (those a scroll view in between scrolls along).
    private func passes(_ lines: [CGRect], _ bounds: CGRect, along free: Axis.Set = []) -> Bool {
        let t = Self.fitTolerance
        let (checksX, checksY) = (!free.contains(.horizontal), !free.contains(.vertical))
        for line in lines where line.width > 0 {
            if bounds.isNull { return true }
            if checksX && (line.minX < bounds.minX - t || line.maxX > bounds.maxX + t) { return true }
            if checksY && (line.minY < bounds.minY - t || line.maxY > bounds.maxY + t) { return true }
        }
        return false
    }

    /// The pairs of `texts` (positions in it, the lower first) whose line boxes overlap by more than
    /// the tolerance on both axes; only those involving position `target` when it is given.
    /// - Complexity: O(t log t) to sort by x, then the pairs whose extents meet.
    func overlapPairs(_ texts: [PlacedText], involving target: Int?) -> [(Int, Int)] {
        let t = Self.fitTolerance
        // Each text's extent: the union of its line boxes that show something (none: it cannot overlap).
        var extents: [(box: CGRect, text: Int)] = []
        extents.reserveCapacity(texts.count)
        for i in texts.indices {
            var extent = CGRect.null
            for line in texts[i].lineBounds where line.width > 0 && line.height > 0 { extent = extent.union(line) }
            if !extent.isNull { extents.append((extent, i)) }
        }
        if let target {
            guard let area = extents.first(where: { $0.text == target })?.box else { return [] }
            return extents.filter { $0.text != target && Self.meet(area, $0.box, t) && Self.linesMeet(texts[target], texts[$0.text], t) }
                .map { (min($0.text, target), max($0.text, target)) }
        }
        extents.sort { $0.box.minX < $1.box.minX }
        var pairs: [(Int, Int)] = []
        var active: [Int] = []  // positions in `extents` whose boxes may still reach the next one
        for k in extents.indices {
            let box = extents[k].box
            // Those that end before this one starts end before every later one starts: dropped.
            var kept = 0
            for position in active.indices {
                let j = active[position]
                guard extents[j].box.maxX > box.minX + t else { continue }
                active[kept] = j
                kept += 1
                if Self.meet(box, extents[j].box, t), Self.linesMeet(texts[extents[k].text], texts[extents[j].text], t) {
                    let (a, b) = (extents[k].text, extents[j].text)
                    pairs.append((min(a, b), max(a, b)))
                }
            }
            active.removeLast(active.count - kept)
            active.append(k)
        }
        return pairs
    }

    /// Whether two boxes overlap by more than `t` on both axes.
    private static func meet(_ a: CGRect, _ b: CGRect, _ t: CGFloat) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > t && min(a.maxY, b.maxY) - max(a.minY, b.minY) > t
    }

    /// Whether a line box of `a` overlaps one of `b`.
    private static func linesMeet(_ a: PlacedText, _ b: PlacedText, _ t: CGFloat) -> Bool {
        a.lineBounds.contains { line in line.width > 0 && b.lineBounds.contains { meet(line, $0, t) } }
    }
}
