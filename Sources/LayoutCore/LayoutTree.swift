import Foundation
import Synchronization

/// An element tree prepared for layout: build it once, lay it out at any number of proposals.
///
/// Between passes it keeps each layout's cache (`makeCache` runs once, when a layout first sees
/// its subviews), each node's spacing, and the sizes leaves answered (leaves are pure functions of
/// proposal and environment). Container answers are memoised within one pass only, and the first
/// repeated question is asked again to check the answer does not change. Not thread-safe: use one
/// tree from one task at a time (build one per task; elements are `Sendable`).
///
/// The passes, in order (see ``layout(in:)``):
/// | step | function |
/// |---|---|
/// | build nodes, resolve environments and traits | `build(_:environment:path:parent:stackAxis:)` |
/// | size the root (memoised, checked) | `measure(_:_:askedByLayout:)` |
/// | place top-down, mirror right-to-left, diagnose | `place(_:frame:proposal:)` |
/// | baselines bottom-up from placed children | `explicitGuide(_:of:proposal:size:overrideLimit:)` |
/// | readers' contents again for their placed frames; actions after a layout; bodies again for changed state | `layoutSettling(in:)`, `runObservations()` |
public final class LayoutTree {
    // The per-pass state below (and `Node`'s) is `@exclusivity(unchecked)`: a tree is used from one
    // task at a time and no access to these properties overlaps another (each is read or written in
    // one statement), so the runtime's dynamic exclusivity checks — a sixth of a relayout's
    // instructions on a 10,000-leaf flow, measured with callgrind — guard nothing here.
    let root: Node
    /// Every node in pre-order (`node.index` is its position).
    let nodes: [Node]
    let structure: TreeStructure
    let environment: EnvironmentValues
    /// What modifiers found wrong with their own values when made (a contradictory frame, say):
    /// reported on every pass, by node index, in tree order.
    private let modifierIssues: [(node: Int, issue: LeafDiagnostic)]
    /// The root element, kept to build the tree again for `GeometryReader`s' placed frames.
    private let rootElement: AnyElement
    /// The root view, evaluated again when an action changed a `State` (`nil` for a tree built
    /// from an element).
    private let rootView: ((EnvironmentValues) -> AnyElement)?
    /// The tree's `State` values and what its observers last saw (shared by the trees it builds again).
    let store: StateStore
    /// Each `GeometryReader`'s node and the frame (root coordinates) its content was built with.
    private let readers: [(index: Int, frame: CGRect)]
    /// The frames readers' contents were built with, by path (what `readers` were built from).
    private let readerFrames: [[Int]: CGRect]
    /// Each preference reader's node and the value its content was built from (`nil`: none yet).
    private let preferenceReaders: [(index: Int, key: PreferenceKeyBox, value: Any?)]
    /// The values preference readers' contents were built from, by path.
    private let preferenceInputs: [[Int]: Any]
    /// Preference modifiers and after-layout actions by node index (innermost first).
    private let observations: [Int: [LayoutObservation]]
    /// The tree built for the readers' placed frames or changed state: it lays out in place of this one.
    @exclusivity(unchecked) private var rebuilt: LayoutTree?
    /// Builds this tree's view on a screen (``layout(on:orientation:)``); `nil` for a tree built again.
    private var makeDeviceTree: ((Screen) -> LayoutTree)?
    /// Builds this tree's view under another root environment on a screen (``sameViews(in:)``),
    /// and the screen this tree was built on; `nil` for a tree built again or off a device.
    private var makeTree: ((EnvironmentValues, Screen) -> LayoutTree)?
    private var builtScreen: Screen?
    /// The trees of this tree's view built for the screens it was laid out on (one moves between
    /// screens that set the same environment: `isOn(_:moving:acrossScales:)`).
    private var deviceTrees: [LayoutTree] = []
    /// Set while `layoutSettling` runs a pass of this tree.
    @exclusivity(unchecked) private var settlingReaders = false
    /// Readers still placed at a frame their content was not built for after the last rebuild, or
    /// actions still changing state at the update limit, reported as `unsettledGeometry` in the
    /// pass that returns.
    @exclusivity(unchecked) private var unsettledReaders: [(index: Int, message: String)] = []

    /// How many times one ``layout(in:)`` builds the tree again for `GeometryReader`s placed at
    /// frames their content was not built for, before it reports ``LayoutDiagnostic/Kind/unsettledGeometry``.
    public static let readerRebuildLimit = 4

    /// How many times one ``layout(in:)`` evaluates the bodies again because actions run after a
    /// layout (`onPreferenceChange`, `onGeometryChange`, `onChange`, `onAppear`) changed a `State`
    /// or a preference reader's value changed, before it reports
    /// ``LayoutDiagnostic/Kind/unsettledGeometry`` and returns the last layout. Apple publishes no
    /// bound (SwiftUI spreads such updates over frames and logs "Bound preference … tried to update
    /// multiple times per frame."); 8 is TextFit's choice: a view that measures itself settles in
    /// one update, and nested ones in a few more.
    public static let stateUpdateLimit = 8

    /// The current pass (memo entries and placements are stamped with it).
    @exclusivity(unchecked) var generation = 0
    /// The `placeSubviews` call (real or dry run) whose placements subviews record now; each call
    /// gets a new stamp, so a record of an earlier call reads as "not placed" without being reset.
    @exclusivity(unchecked) var placementStamp = 0
    @exclusivity(unchecked) private var lastPlacementStamp = 0
    @exclusivity(unchecked) private var frames: [CGRect] = []
    @exclusivity(unchecked) private var firstBaselines: [CGFloat] = []
    @exclusivity(unchecked) private var lastBaselines: [CGFloat] = []
    @exclusivity(unchecked) private var hidden: [Bool] = []
    @exclusivity(unchecked) private var placedProposals: [ProposedViewSize] = []
    @exclusivity(unchecked) private var diagnostics: [LayoutDiagnostic] = []
    @exclusivity(unchecked) private var reported: Set<LayoutDiagnostic> = []

    /// Builds the tree of `view` under `environment`: evaluates every `body` once. A view standing
    /// for several (a `Group`, a `ForEach`) is stacked in a centred `ZStack`. A right-to-left
    /// `locale` lays the tree out right to left unless `layoutDirection` is set, as an app launched
    /// in that language is (`EnvironmentValues.launched`).
    /// - Complexity: O(n) for n elements.
    public convenience init(_ view: some View, environment: EnvironmentValues = EnvironmentValues()) {
        self.init(view, environment: environment, screen: nil)
    }

    /// Builds the tree of `view` on `device` held in `orientation` straight away, for a caller that
    /// lays each view out on one device only (a localization sweep): ``layout(on:orientation:)``
    /// with that device lays this tree out, with no tree of the view off a device built first.
    package convenience init(_ view: some View, environment: EnvironmentValues, on device: Device,
                             orientation: Device.Orientation = .portrait) {
        self.init(view, environment: environment, screen: Screen(device: device, orientation: orientation))
    }

    /// Builds the tree of `view` under `base`, on `screen` when given: the environment then has the
    /// device in it (`laidOut(on:)`) and the root is the screen (`ScreenLayout`) holding the view.
    private convenience init<V: View>(_ view: V, environment base: EnvironmentValues, screen: Screen?) {
        // Bodies are evaluated in the root environment (what `@Environment` reads), with the
        // tree's store for their `State`s.
        let store = StateStore()
        let evaluate: (EnvironmentValues) -> AnyElement = { environment in
            let element = StateStore.$updating.withValue(store) {
                ViewEvaluation.$current.withValue(ViewEvaluation(store: store)) {
                    EnvironmentValues.$current.withValue(environment) { AnyElement(view) }
                }
            }
            guard screen != nil else { return element }
            return AnyElement(layout: ScreenLayout(in: environment), children: [element])
        }
        // A right-to-left locale lays the tree out right to left unless the direction is set (`launched`).
        let environment = (screen.map { base.laidOut(on: $0) } ?? base).launched
        let element = environment.screenSlot.map { slot in slot.building { slot.evaluatingViews { evaluate(environment) } } }
            ?? evaluate(environment)
        self.init(element: element, view: evaluate, store: store, environment: environment,
                  readerFrames: [:], preferenceInputs: [:])
        makeDeviceTree = { LayoutTree(view, environment: base, screen: $0) }
        if let screen {
            makeTree = { LayoutTree(view, environment: $0, screen: $1) }
            builtScreen = screen
        }
    }

    /// The tree of this tree's view under `base`, which differs from the environment it was built
    /// under in the text size alone (``EnvironmentValues/dynamicTypeSize``, Android's `fontScale`),
    /// on the screen it was built on: made from this tree's evaluated views, their `body`s not
    /// evaluated again, when none of them read the text size while they were evaluated and no
    /// `State` was set since (the tree is then built from them: environments, modifiers, the
    /// leaves' answers and `GeometryReader`s' contents all made anew under `base`); else built
    /// from the view, as a new tree is. For a sweep, which lays a view out at every size.
    package func sameViews(in base: EnvironmentValues) -> LayoutTree {
        guard let makeTree, let screen = builtScreen else { preconditionFailure("sameViews(in:) of a tree not built on a device") }
        guard let slot = environment.screenSlot, !slot.textSizeWasReadWhileEvaluating, rebuilt == nil, !store.changed,
              case .layout(_, let children) = rootElement.content, children.count == 1
        else { return makeTree(base, screen) }
        let environment = base.laidOut(on: screen).launched
        environment.screenSlot?.inheritReads(from: slot)
        let tree = LayoutTree(element: AnyElement(layout: ScreenLayout(in: environment), children: children), view: rootView,
                              store: store, environment: environment, readerFrames: [:], preferenceInputs: [:])
        tree.makeDeviceTree = { makeTree(base, $0) }
        tree.makeTree = makeTree
        tree.builtScreen = screen
        return tree
    }

    /// This tree's view on `screen`: this tree when it is laid out on that screen or can be moved
    /// there (`isOn(_:moving:acrossScales:)`); else a tree kept from an earlier call that is, or
    /// moves there; else the tree built for it (then kept).
    func tree(on screen: Screen, acrossScales: Bool = false) -> LayoutTree {
        if isOn(screen, moving: true, acrossScales: acrossScales) { return self }
        if let kept = deviceTrees.first(where: { $0.isOn(screen, moving: false, acrossScales: false) })
            ?? deviceTrees.first(where: { $0.isOn(screen, moving: true, acrossScales: acrossScales) }) {
            return kept
        }
        let onScreen = environment.laidOut(on: screen)
        let made = makeDeviceTree?(screen)
            ?? LayoutTree(element: AnyElement(layout: ScreenLayout(in: onScreen), children: [rootElement]), view: nil,
                          store: StateStore(), environment: onScreen, readerFrames: [:], preferenceInputs: [:])
        deviceTrees.append(made)
        return made
    }

    /// Whether this tree is laid out on `screen` now, moving it there first when `moving` allows
    /// and that changes its screen slot alone: its views read the same environment there (the
    /// same idiom, which picks a catalog's device strings; the same display scale, or with
    /// `acrossScales` a scale that nothing read while the tree was built: ``ScreenSlot``), and
    /// nothing in it depends on a layout's frames (readers, after-layout actions) or on `State`
    /// set since its last layout, which a tree built for `screen` would start without. Moved, its
    /// layouts' caches are made again; moved to another scale, the leaves' answers (kept across
    /// layouts) are forgotten too: a text's size is on the pixel grid, a divider a pixel thick.
    private func isOn(_ screen: Screen, moving: Bool, acrossScales: Bool) -> Bool {
        guard let slot = environment.screenSlot else { return false }
        let current = slot.screen
        if current == screen { return true }
        guard moving, !settles, !store.changed, rebuilt == nil, current.device.idiom == screen.device.idiom else { return false }
        let rescaled = current.device.displayScale != screen.device.displayScale
        if rescaled, !acrossScales || slot.wasReadWhileBuilding { return false }
        for node in nodes { node.moved(rescaled: rescaled) }
        slot.screen = screen
        return true
    }

    /// Builds the tree of `element`, each `GeometryReader`'s content for its frame in `readerFrames`
    /// and each preference reader's for its value in `preferenceInputs` (by path; zero and the
    /// key's default when absent).
    private init(element: AnyElement, view: ((EnvironmentValues) -> AnyElement)?, store: StateStore, environment: EnvironmentValues,
                 readerFrames: [[Int]: CGRect], preferenceInputs: [[Int]: Any]) {
        var builder = TreeBuilder()
        builder.readerFrames = readerFrames
        builder.preferenceInputs = preferenceInputs
        func build() -> Node {
            StateStore.$updating.withValue(store) {
                ViewEvaluation.$current.withValue(ViewEvaluation(store: store)) {
                    builder.build(element, environment: environment, path: [], parent: -1, stackAxis: nil)
                }
            }
        }
        root = environment.screenSlot.map { slot in slot.building(build) } ?? build()
        store.changed = false  // only what actions set after a layout counts as a change
        nodes = builder.nodes
        var leaves: [Int: TreeStructure.LeafSource] = [:]
        for node in builder.nodes where !builder.undrawn.contains(node.index) {
            if case .leaf(let leaf) = node.kind { leaves[node.index] = .init(element: leaf, environment: node.environment) }
        }
        structure = TreeStructure(paths: builder.paths, ids: builder.ids, kinds: builder.kinds, leaves: leaves, drawing: builder.drawing)
        self.environment = environment
        modifierIssues = builder.modifierIssues
        rootElement = element
        rootView = view
        self.store = store
        readers = builder.readers
        self.readerFrames = readerFrames
        preferenceReaders = builder.preferenceReaders
        self.preferenceInputs = preferenceInputs
        observations = builder.observations
    }

    /// Whether a layout may have to build the tree again: it has readers or observations.
    private var settles: Bool { !readers.isEmpty || !preferenceReaders.isEmpty || !observations.isEmpty }

    /// The number of elements (nodes) in the tree (as last built: a `GeometryReader`'s content
    /// is built again for its placed size).
    public var count: Int { (rebuilt ?? self).nodes.count }

    /// Lays the tree out for `proposal` (normalised first: NaN → `nil`, negative → 0).
    ///
    /// A tree with `GeometryReader`s lays out, and while a reader is placed at a frame (root
    /// coordinates) other than the one its content was built with, builds the tree again with the
    /// placed frames and lays out again (at most ``readerRebuildLimit`` times; then it reports
    /// ``LayoutDiagnostic/Kind/unsettledGeometry``). A rebuilt tree starts with fresh caches.
    ///
    /// A `State` of the tree that code set since the last layout is seen from the first pass: the
    /// bodies are evaluated again first.
    ///
    /// Then the actions run after a layout (`onPreferenceChange`, `onGeometryChange`, `onChange`,
    /// `onAppear`) run with the laid-out values; while they change a `State` (or an
    /// `overlayPreferenceValue`'s value changes), the bodies are evaluated again, with the tree's
    /// state, and the tree laid out again: at most ``stateUpdateLimit`` times, then the last layout
    /// is returned with ``LayoutDiagnostic/Kind/unsettledGeometry``.
    ///
    /// - Complexity: O(n) plus what the layouts ask; a relayout reuses the layouts' caches.
    public func layout(in proposal: ProposedViewSize) -> LayoutResult {
        if settles || store.changed, !settlingReaders { return layoutSettling(in: proposal) }
        generation += 1
        diagnostics = []
        reported = []

        var p = proposal
        if !p.isNormalized {
            report(.invalidProposal, layout: root, subview: nil, "root proposal \(p) normalised to \(p.normalized)")
            p = p.normalized
        }
        for (index, issue) in modifierIssues { report(issue.kind, layout: nodes[index], subview: nil, issue.message) }
        for (index, message) in unsettledReaders { report(.unsettledGeometry, layout: nodes[index], subview: nil, message) }
        _ = measure(root, p, askedByLayout: true)
        let size = placeable(measure(root, p, askedByLayout: true), of: root, by: nil)  // the repeat checks consistency
        place(root, frame: CGRect(origin: .zero, size: size), proposal: p)
        // The pass placed or hid every node once, recording it in the node; the result's arrays
        // are read off the nodes afterwards. Writing them during the pass cost more: arrays filled
        // with zeros first (a `memset` of ~75 bytes a node), and a uniqueness check on each of four
        // writes per node (callgrind, 10,000-box flow).
        frames = Self.collect(nodes) { $0.placedFrame }
        firstBaselines = Self.collect(nodes) { $0.placedFirst ?? $0.placedFrame.height }
        lastBaselines = Self.collect(nodes) { $0.placedLast ?? $0.placedFrame.height }
        hidden = Self.collect(nodes) { $0.placedHidden }
        placedProposals = Self.collect(nodes) { $0.placedProposal }

        return LayoutResult(proposal: p, size: size, layoutDirection: root.environment.layoutDirection,
                            diagnostics: diagnostics, structure: structure, frames: frames,
                            firstBaselines: firstBaselines, lastBaselines: lastBaselines, hidden: hidden,
                            placedProposals: placedProposals)
    }

    /// The root's own answer to `proposal` after ``layout(in:)`` has settled the tree (state,
    /// readers and all): the result's size, except that an infinite length a greedy root answers
    /// to an infinite proposal stays infinite (a frame cannot be, so the result has 0 there).
    package func fittingSize(in proposal: ProposedViewSize) -> CGSize {
        _ = layout(in: proposal)
        let tree = rebuilt ?? self
        return tree.measure(tree.root, proposal.normalized, askedByLayout: false)
    }

    /// `value` of every node, in tree order (written into place: no zero fill, no append).
    @inline(__always)
    private static func collect<T>(_ nodes: [Node], _ value: (Node) -> T) -> [T] {
        [T](unsafeUninitializedCapacity: nodes.count) { buffer, count in
            for i in nodes.indices { (buffer.baseAddress! + i).initialize(to: value(nodes[i])) }
            count = nodes.count
        }
    }

    /// ``layout(in:)`` for a tree with readers or observations: lays out the latest tree, builds
    /// it again for the `GeometryReader`s' placed frames until every reader's content was built for
    /// the frame it is placed at, then runs the actions (``runObservations()``), and while they
    /// changed a `State` or a preference reader's value, evaluates the bodies again and repeats.
    private func layoutSettling(in proposal: ProposedViewSize) -> LayoutResult {
        var tree = rebuilt ?? self
        if tree.store.changed {
            // Code set a `State` of this tree since it was built (a view's `$value` or a method that
            // sets it): the bodies see it from the first pass.
            tree = tree.rebuilt(readerFrames: tree.readerFrames, preferenceInputs: tree.preferenceInputs, evaluate: true)
        }
        var rebuilds = 0, updates = 0
        while true {
            let current = tree
            current.settlingReaders = true
            defer { current.settlingReaders = false }
            let result = current.layout(in: proposal)
            var frames = current.readerFrames
            var stale: [(index: Int, message: String)] = []
            for reader in current.readers where !current.hidden[reader.index] {
                let placed = current.frames[reader.index]
                if Self.same(placed.size, reader.frame.size),
                   Self.same(CGSize(width: placed.minX, height: placed.minY), CGSize(width: reader.frame.minX, height: reader.frame.minY)) {
                    continue
                }
                frames[current.structure.paths[reader.index]] = placed
                stale.append((reader.index, "content built for \(reader.frame) but placed at \(placed) after \(rebuilds) rebuilds"))
            }
            if !stale.isEmpty {
                if rebuilds == Self.readerRebuildLimit {
                    return current.finishUnsettled(stale, proposal: proposal, root: self)
                }
                rebuilds += 1
                tree = current.rebuilt(readerFrames: frames, preferenceInputs: current.preferenceInputs, evaluate: false)
                continue
            }
            let inputs = StateStore.$updating.withValue(store) { current.runObservations() }
            // A reader built from no value yet, or from one that is no longer its view's, is stale
            // (a value that is not `Equatable` only the first time: it cannot be compared).
            let readersChanged = current.preferenceReaders.contains { reader in
                guard let new = inputs[current.structure.paths[reader.index]] else { return false }
                guard let old = reader.value else { return true }
                return old is any Equatable && !sameValue(old, new)
            }
            if !current.store.changed && !readersChanged {
                rebuilt = current === self ? nil : current
                return result
            }
            if updates == Self.stateUpdateLimit {
                let message = "actions run after a layout still change state or preference values after \(updates) updates (LayoutTree.stateUpdateLimit)"
                return current.finishUnsettled([(current.root.index, message)], proposal: proposal, root: self)
            }
            updates += 1
            rebuilds = 0
            tree = current.rebuilt(readerFrames: frames, preferenceInputs: inputs, evaluate: current.store.changed)
        }
    }

    /// The tree built again from this one: the bodies evaluated again when `evaluate` (and the tree
    /// was built from a view), else the same elements, with readers' and preference readers' contents
    /// built for `readerFrames` and `preferenceInputs`.
    private func rebuilt(readerFrames: [[Int]: CGRect], preferenceInputs: [[Int]: Any], evaluate: Bool) -> LayoutTree {
        let element = evaluate ? rootView.map { $0(environment) } ?? rootElement : rootElement
        return LayoutTree(element: element, view: rootView, store: store, environment: environment,
                          readerFrames: readerFrames, preferenceInputs: preferenceInputs)
    }

    /// Lays this tree out again with `unsettled` reported as `unsettledGeometry`, and makes it the
    /// one `root` lays out from now on.
    private func finishUnsettled(_ unsettled: [(index: Int, message: String)], proposal: ProposedViewSize, root: LayoutTree) -> LayoutResult {
        root.rebuilt = self === root ? nil : self
        unsettledReaders = unsettled
        defer { unsettledReaders = [] }
        return layout(in: proposal)
    }

    // MARK: - After a layout

    /// Runs the actions of the layout just made, in tree order (an element's innermost first):
    /// `onPreferenceChange` and `onGeometryChange` when their value differs from the one they last
    /// ran with (always the first time), `onChange` when its value differs from the last layout's
    /// (the first time only with `initial`), `onAppear` once per element path. Nodes a container
    /// left out are skipped. Returns each preference reader's value (its modified view's), by path.
    private func runObservations() -> [[Int]: Any] {
        var keys: [ObjectIdentifier: PreferenceKeyBox] = [:]
        for list in observations.values {
            for case .preferenceChange(let key, _) in list { keys[key.id] = key }
        }
        for reader in preferenceReaders { keys[reader.key.id] = reader.key }
        // What each `onPreferenceChange` sees, by (node, position), and every node's value, per key.
        var seen: [Int: [Int: Any]] = [:]
        var values: [ObjectIdentifier: [Any?]] = [:]
        for key in keys.values {
            let nodeValues = preferenceValues(of: key) { node, position, value in seen[node, default: [:]][position] = value }
            values[key.id] = nodeValues
        }
        var inputs: [[Int]: Any] = [:]
        for reader in preferenceReaders {
            let node = nodes[reader.index]
            guard !node.placedHidden, let parent = parent(of: node), let source = parent.children.first(where: { $0 !== node }) else { continue }
            inputs[structure.paths[reader.index]] = values[reader.key.id]?[source.index] ?? reader.key.defaultValue()
        }
        for index in observations.keys.sorted() where !nodes[index].placedHidden {
            let node = nodes[index]
            let path = "\(structure.paths[index])"
            for (position, observation) in observations[index]!.enumerated() {
                let key = path + "#\(position)"
                switch observation {
                case .write:
                    continue
                case .preferenceChange(let preference, let action):
                    let value = seen[index]?[position] ?? preference.defaultValue()
                    if let old = store.observed[key], sameValue(old, value) { continue }
                    store.observed[key] = value
                    action(value)
                case .geometryChange(let compute, let action):
                    let value = compute(GeometryProxy(frame: node.placedFrame, environment: node.environment))
                    let old = store.observed[key]
                    if let old, sameValue(old, value) { continue }
                    store.observed[key] = value
                    action(old ?? value, value)
                case .appear(let action):
                    if store.appeared.insert(key).inserted { action() }
                case .valueChange(let value, let initial, let action):
                    guard let old = store.observed[key] else {
                        store.observed[key] = value
                        if initial { action(value, value) }
                        continue
                    }
                    if sameValue(old, value) { continue }
                    store.observed[key] = value
                    action(old, value)
                }
            }
        }
        return inputs
    }

    /// Every node's value of `key` in the layout just made (`nil`: none), children before parents:
    /// the children's values combined in order with the key's `reduce`, then the node's own writes
    /// applied, innermost first. `observe` gets the value each `onPreferenceChange` of the key sees
    /// (node index, position among the node's observations, value).
    private func preferenceValues(of key: PreferenceKeyBox, observe: (Int, Int, Any) -> Void) -> [Any?] {
        var values = [Any?](repeating: nil, count: nodes.count)
        for index in nodes.indices.reversed() {
            let node = nodes[index]
            if node.placedHidden { continue }
            var value: Any?
            for child in node.children {
                guard let next = values[child.index] else { continue }
                if value == nil { value = next } else { key.reduce(&value!, next) }
            }
            if let list = observations[index] {
                for (position, observation) in list.enumerated() {
                    switch observation {
                    case .write(let written, let apply) where written.id == key.id:
                        apply(&value, node.placedFrame, node.environment.layoutDirection)
                    case .preferenceChange(let observed, _) where observed.id == key.id:
                        observe(index, position, value ?? key.defaultValue())
                    default:
                        break
                    }
                }
            }
            values[index] = value
        }
        return values
    }

    // MARK: - Measuring

    /// The proposal with the stated rule applied; reports a layout that proposed NaN or a negative length.
    @inline(__always)
    func normalize(_ proposal: ProposedViewSize, for node: Node) -> ProposedViewSize {
        proposal.isNormalized ? proposal : normalizeReporting(proposal, for: node)
    }

    @inline(never)
    private func normalizeReporting(_ proposal: ProposedViewSize, for node: Node) -> ProposedViewSize {
        let normalized = proposal.normalized
        report(.invalidProposal, layout: parent(of: node), subview: node, "proposed \(proposal), normalised to \(normalized)")
        return normalized
    }

    /// `node`'s size for `proposal`, memoised (leaves across passes, containers within the pass).
    ///
    /// `askedByLayout`: the parent layout asked (counts as a measurement for the placement check,
    /// and a repeated question to a container re-asks it once to check consistency).
    func measure(_ node: Node, _ proposal: ProposedViewSize, askedByLayout: Bool) -> CGSize {
        let p = normalize(proposal, for: node)
        let gen = generation
        if let i = node.memoIndex(of: p, generation: gen) {
            if askedByLayout {
                if node.memo[i].asked != gen {
                    node.memo[i].asked = gen
                } else if node.isContainer && !node.memo[i].verified {
                    node.memo[i].verified = true
                    let again = compute(node, p)
                    let first = node.memo[i].size
                    if !Self.same(again, first) {
                        report(.inconsistentSize, layout: node, subview: nil,
                               "sizeThatFits(\(p)) answered \(Self.text(first)), then \(Self.text(again)) for the same proposal and subviews")
                    }
                }
            }
            return node.memo[i].size
        }
        let size = compute(node, p)
        node.insertMemo(MemoEntry(proposal: p, size: size, generation: gen, asked: askedByLayout ? gen : 0, verified: false), generation: gen)
        return size
    }

    private func compute(_ node: Node, _ p: ProposedViewSize) -> CGSize {
        // A leaf or a layout through its box: switching on `node.kind` copies the leaf out (a
        // retain of each of a `Text`'s references), and the outlined copy of a `.layout` case
        // still runs the enum's value witness (callgrind: ~1,500 instructions a sweep's layout).
        if let leaf = node.leafBox { return checked(leaf.sizeThatFits(p, environment: node.environment), for: p, node: node) }
        if let box = node.layoutBox { return checked(box.sizeThatFits(p, subviews(of: node)), for: p, node: node) }
        guard case .spacer(let minLength) = node.kind else { preconditionFailure("a leaf's node has its box (Node.init)") }
        return Spacer.size(minLength: minLength, axis: node.stackAxis, proposal: p)
    }

    /// Replaces NaN and negative lengths by 0 and an infinite length for a finite or `nil` proposal
    /// by that proposal (or 0), reporting each.
    private func checked(_ size: CGSize, for p: ProposedViewSize, node: Node) -> CGSize {
        func fix(_ v: CGFloat, _ proposed: CGFloat?) -> CGFloat? {
            if v.isNaN || v < 0 { return 0 }
            if v.isInfinite && !(proposed?.isInfinite ?? false) { return proposed ?? 0 }
            return nil
        }
        let w = fix(size.width, p.width), h = fix(size.height, p.height)
        if w == nil && h == nil { return size }
        let fixed = CGSize(width: w ?? size.width, height: h ?? size.height)
        report(.invalidSize, layout: node, subview: nil, "sizeThatFits(\(p)) answered \(Self.text(size)); taken as \(Self.text(fixed))")
        return fixed
    }

    /// A size a frame can have: an infinite length (a fill proposed ∞) is taken as 0 and reported.
    @inline(__always)
    private func placeable(_ size: CGSize, of node: Node, by parent: Node?) -> CGSize {
        size.width.isFinite && size.height.isFinite ? size : placeableReporting(size, of: node, by: parent)
    }

    @inline(never)
    private func placeableReporting(_ size: CGSize, of node: Node, by parent: Node?) -> CGSize {
        let fixed = CGSize(width: size.width.isFinite ? size.width : 0, height: size.height.isFinite ? size.height : 0)
        report(.invalidSize, layout: parent ?? node, subview: parent == nil ? nil : node,
               "placed with an infinite size \(Self.text(size)); the frame is \(Self.text(fixed))")
        return fixed
    }

    func subviews(of node: Node) -> LayoutSubviews {
        LayoutSubviews(tree: self, parent: node, range: 0..<node.children.count)
    }

    /// `node`'s spacing preferences (computed once per tree).
    func spacing(of node: Node) -> ViewSpacing {
        if let spacing = node.spacing { return spacing }
        let spacing: ViewSpacing
        switch node.kind {
        case .leaf(let leaf): spacing = leaf.spacing(environment: node.environment)
        case .spacer: spacing = .zero
        case .layout(let box): spacing = box.spacing(subviews(of: node))
        }
        node.spacing = spacing
        return spacing
    }

    // MARK: - Alignment guides

    /// `node`'s explicit value of `guide` at `size` for `proposal`, seeing its first `overrideLimit`
    /// `alignmentGuide` modifiers; `nil` when it has none. Containers' answers are memoised per pass.
    func explicitGuide(_ guide: AnyGuide, of node: Node, proposal: ProposedViewSize, size: CGSize, overrideLimit: Int) -> CGFloat? {
        switch guide {
        case .horizontal: if !node.mayHaveHorizontalGuides { return nil }
        case .vertical: if !node.mayHaveVerticalGuides, guide.baselineIndex == nil { return nil }
        }
        // A leaf without overrides asked again (every relayout asks every leaf for its baselines):
        // answered before `node.kind` is even read (reading it copies the leaf).
        if !node.isContainer, node.overrides.isEmpty,
           let known = node.guideMemo(guide, proposal: proposal, size: size, generation: generation) { return known }
        var i = min(overrideLimit, node.overrides.count) - 1
        while i >= 0 {
            let override = node.overrides[i]
            if override.guide == guide {
                let d = ViewDimensions(width: size.width, height: size.height,
                                       source: GuideSource(tree: self, node: node, proposal: proposal, overrideLimit: i))
                let value = override.compute(d)
                return value.isFinite ? value : nil
            }
            i -= 1
        }
        if let leaf = node.leafBox {
            // Leaves are pure functions of proposal, size and environment: their guides are kept
            // across passes, as their sizes are (a relayout asks every text for its baseline again).
            if let known = node.guideMemo(guide, proposal: proposal, size: size, generation: generation) { return known }
            let value = leaf.explicitAlignment(guide, in: size, proposal: proposal, environment: node.environment)
            let finite = value.flatMap { $0.isFinite ? $0 : nil }
            node.rememberGuide(guide, proposal: proposal, size: size, value: finite, generation: generation)
            return finite
        }
        guard let box = node.layoutBox else { return nil }  // a spacer
        if let known = node.guideMemo(guide, proposal: proposal, size: size, generation: generation) { return known }
        let value = box.explicitAlignment(guide, CGRect(origin: .zero, size: size), proposal, subviews(of: node))
        let finite = value.flatMap { $0.isFinite ? $0 : nil }
        node.rememberGuide(guide, proposal: proposal, size: size, value: finite, generation: generation)
        return finite
    }

    /// The default `explicitAlignment`: children's explicit values where `place` puts them, merged.
    ///
    /// After `container` was placed in this pass at this proposal and size, baselines are read from
    /// the placed children (no dry run); otherwise `place` runs as a dry run and its placements are
    /// read and discarded.
    func mergedExplicitGuide(_ guide: AnyGuide, container: Node, range: Range<Int>, proposal: ProposedViewSize,
                             bounds: CGRect, place: () -> Void) -> CGFloat? {
        let gen = generation
        if let baseline = guide.baselineIndex, container.childrenPlacedGeneration == gen, range == 0..<container.children.count,
           container.placedProposal == proposal, container.placedFrame.size == bounds.size {
            return guide.merged(baseline == 0 ? container.childBaselines.first : container.childBaselines.last)
        }
        let children = container.children[range]
        let stamp = recordingPlacements(place)
        var values: [CGFloat] = []
        for child in children {
            let record = child.placement(stamp)
            if record.hidden || record.count == 0 { continue }
            let p = record.proposal.normalized
            let size = measure(child, p, askedByLayout: false)
            guard let v = explicitGuide(guide, of: child, proposal: p, size: size, overrideLimit: child.overrides.count) else { continue }
            let origin = guide.axis == .horizontal ? record.point.x - record.anchor.x * size.width - bounds.minX
                                                   : record.point.y - record.anchor.y * size.height - bounds.minY
            values.append(origin + v)
        }
        return guide.merged(values)
    }

    // MARK: - Placing

    /// Records `node`'s frame (root coordinates), places its children through its layout, mirrors
    /// them for right-to-left, then records its baselines.
    private func place(_ node: Node, frame: CGRect, proposal: ProposedViewSize) {
        let gen = generation
        node.placedFrame = frame
        node.placedProposal = proposal
        node.placedHidden = false
        // `isContainer` first: matching `kind` copies its payload, which costs on 10,000 leaves.
        if node.isContainer, !node.children.isEmpty, let box = node.layoutBox {
            let children = node.children
            let stamp = recordingPlacements { box.placeSubviews(frame, proposal, subviews(of: node)) }
            let mirrored = node.environment.layoutDirection == .rightToLeft
            // The children's baselines relative to this container, gathered while each child is in
            // cache, for the container's own merged baselines (`mergedExplicitGuide`).
            // The last pass's arrays, emptied in place (taken out of the node, so uniquely held):
            // a tree laid out again, or on another device, allocates nothing here.
            var (firstValues, lastValues) = node.childBaselines
            node.childBaselines = ([], [])
            node.childrenPlacedGeneration = -1  // not this pass's until the loop ends
            firstValues.removeAll(keepingCapacity: true)
            lastValues.removeAll(keepingCapacity: true)
            if firstValues.capacity < children.count { firstValues.reserveCapacity(children.count) }
            if lastValues.capacity < children.count { lastValues.reserveCapacity(children.count) }
            // Each child's record is read as it is placed, in one walk over the children: nothing
            // placing a child dry-runs this container's layout again (its own guides are asked
            // after this loop), so no record is overwritten meanwhile.
            for child in children {
                // The record is read where it is, not copied out: a `Placement` is ~90 bytes, and
                // two copies of it per child cost a tenth of a leaf's placement.
                let placed = child.placement.stamp == stamp
                if placed && child.placement.hidden {
                    hide(child, at: CGPoint(x: frame.midX, y: frame.midY))
                    continue
                }
                place(child, placed: placed, in: frame, mirrored: mirrored, by: node)
                let y = child.placedFrame.minY - frame.minY
                if let v = child.placedFirst { firstValues.append(y + v) }
                if let v = child.placedLast { lastValues.append(y + v) }
            }
            node.childBaselines = (firstValues, lastValues)
            node.childrenPlacedGeneration = gen
        }
        let first: CGFloat?, last: CGFloat?
        if !node.isContainer, node.overrides.isEmpty, let known = node.knownBaselines(proposal: proposal, size: frame.size) {
            (first, last) = known  // a leaf placed as in an earlier pass: one comparison for both
        } else {
            first = explicitGuide(.vertical(.firstTextBaseline), of: node, proposal: proposal, size: frame.size, overrideLimit: node.overrides.count)
            last = explicitGuide(.vertical(.lastTextBaseline), of: node, proposal: proposal, size: frame.size, overrideLimit: node.overrides.count)
        }
        node.placedFirst = first
        node.placedLast = last
        if node.diagnosis != .none { reportLeafIssues(node) }
    }

    /// Reports what a `DiagnosingLeaf` says about itself, asking it on the first pass only; a leaf
    /// with nothing to say is not visited again.
    @inline(never)
    private func reportLeafIssues(_ node: Node) {
        if node.diagnosis == .ask, case .leaf(let leaf as any DiagnosingLeaf) = node.kind {
            node.leafIssues = leaf.diagnostics(environment: node.environment)
            node.diagnosis = node.leafIssues.isEmpty ? .none : .known
        }
        for issue in node.leafIssues { report(issue.kind, layout: node, subview: nil, issue.message) }
    }

    /// Runs a `placeSubviews` (real or dry) under a new placement stamp and returns the stamp, whose
    /// records its subviews now hold. A nested call (a guide asked during placement may dry-run a
    /// child's layout) gets its own stamp and restores the outer one.
    private func recordingPlacements(_ placeSubviews: () -> Void) -> Int {
        lastPlacementStamp += 1
        let stamp = lastPlacementStamp, outer = placementStamp
        placementStamp = stamp
        placeSubviews()
        placementStamp = outer
        return stamp
    }

    /// Places one child from what its parent's layout recorded (`placed`: `child.placement` is the
    /// record of the parent's `placeSubviews` call, else it did not place it), checking the record.
    private func place(_ child: Node, placed: Bool, in bounds: CGRect, mirrored: Bool, by parent: Node) {
        let count = placed ? child.placement.count : 0
        var point: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize
        if count == 0 {
            report(.neverPlaced, layout: parent, subview: child, "never placed; put at the centre of the bounds with an unspecified proposal")
            (point, anchor, proposal) = (CGPoint(x: bounds.midX, y: bounds.midY), .center, .unspecified)
        } else {
            if count > 1 { report(.placedTwice, layout: parent, subview: child, "placed \(count) times; the last placement is kept") }
            (point, anchor, proposal) = (child.placement.point, child.placement.anchor, child.placement.proposal)
        }
        let p = normalize(proposal, for: child)
        let askedBefore = child.hasAskedSizes(in: generation)  // before the engine's own question below
        // The engine's own question, asked of every child on every pass: most children answered
        // it already, in their first memo entry, which is read inline (`measure` is a call and a scan).
        let known = child.memo.head.flatMap { $0.proposal == p && child.isCurrent($0, generation: generation) ? $0.size : nil }
        let size = placeable(known ?? measure(child, p, askedByLayout: false), of: child, by: parent)
        if count > 0, askedBefore, !child.wasAsked(size, in: generation) {
            let measured = child.sizesAsked(in: generation).map(Self.text).joined(separator: ", ")
            report(.placedSizeMismatch, layout: parent, subview: child,
                   "placed with proposal \(p), under which it is \(Self.text(size)); the layout measured it as \(measured)")
        }
        var origin = CGPoint(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
        if !(origin.x.isFinite && origin.y.isFinite) {
            report(.invalidSize, layout: parent, subview: child, "placed at a non-finite position (\(origin.x), \(origin.y)); put at the bounds' origin")
            origin = bounds.origin
        }
        if mirrored { origin.x = bounds.minX + bounds.maxX - origin.x - size.width }
        if child.ignoredSafeAreaEdges.isEmpty {
            place(child, frame: CGRect(origin: origin, size: size), proposal: p)
        } else {
            placeIgnoringSafeArea(child, frame: CGRect(origin: origin, size: size), proposal: p, by: parent)
        }
    }

    /// Places a child that ignores the safe area (``View/ignoresSafeArea(_:edges:)``) where its
    /// parent put it at `frame`, stretched on each of its edges that reach the screen's safe area
    /// to the screen's edge (`Screen.stretch(of:edges:rightToLeft:)`): proposed the larger size
    /// and anchored at its top-leading corner, as SwiftUI's `_SafeAreaRegionsIgnoringLayout` places
    /// its child. Outside a device, where it is.
    @inline(never)
    private func placeIgnoringSafeArea(_ child: Node, frame: CGRect, proposal: ProposedViewSize, by parent: Node) {
        guard let screen = child.environment.screen else { return place(child, frame: frame, proposal: proposal) }
        let rightToLeft = child.environment.layoutDirection == .rightToLeft
        let stretch = screen.stretch(of: frame, edges: child.ignoredSafeAreaEdges, rightToLeft: rightToLeft)
        guard stretch != EdgeInsets() else { return place(child, frame: frame, proposal: proposal) }
        let p = ProposedViewSize(width: proposal.width.map { $0 + stretch.leading + stretch.trailing },
                                 height: proposal.height.map { $0 + stretch.top + stretch.bottom })
        let size = placeable(measure(child, p, askedByLayout: false), of: child, by: parent)
        // The stretch is physical (`leading` is the left side); the anchor is the leading corner,
        // the right one in right-to-left.
        let x = rightToLeft ? frame.maxX + stretch.trailing - size.width : frame.minX - stretch.leading
        place(child, frame: CGRect(x: x, y: frame.minY - stretch.top, width: size.width, height: size.height), proposal: p)
    }

    /// Marks `node` and its descendants hidden, with empty frames at `point` (no baselines, no proposal).
    private func hide(_ node: Node, at point: CGPoint) {
        node.placedHidden = true
        node.placedFrame = CGRect(origin: point, size: .zero)
        node.placedProposal = .unspecified
        node.placedFirst = nil
        node.placedLast = nil
        for child in node.children { hide(child, at: point) }
    }

    // MARK: - Diagnostics

    func parent(of node: Node) -> Node? { node.parentIndex >= 0 ? nodes[node.parentIndex] : nil }

    private func report(_ kind: LayoutDiagnostic.Kind, layout: Node?, subview: Node?, _ message: String) {
        let culprit = layout ?? subview ?? root
        let diagnostic = LayoutDiagnostic(kind: kind, layout: structure.kinds[culprit.index], layoutPath: structure.paths[culprit.index],
                                          subviewPath: subview.map { structure.paths[$0.index] }, message: message,
                                          id: structure.ids[culprit.index])
        var key = diagnostic
        key.message = ""
        if reported.insert(key).inserted { diagnostics.append(diagnostic) }
    }

    static func same(_ a: CGSize, _ b: CGSize) -> Bool {
        func close(_ x: CGFloat, _ y: CGFloat) -> Bool { x == y || abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        return close(a.width, b.width) && close(a.height, b.height)
    }

    static func text(_ size: CGSize) -> String { "\(Double(size.width)) × \(Double(size.height))" }
}

// MARK: - Building

private struct TreeBuilder {
    var nodes: [Node] = []
    var paths: [[Int]] = []
    var ids: [String?] = []
    var kinds: [String] = []
    var modifierIssues: [(node: Int, issue: LeafDiagnostic)] = []
    /// Leaves inside a `hidden()` modifier (laid out, not drawn).
    var undrawn = Set<Int>()
    /// Drawing effects (`opacity`, clips) by node index.
    var drawing: [Int: [DrawingEffect]] = [:]
    /// Each `GeometryReader`'s frame by path, to build its content for (zero when absent).
    var readerFrames: [[Int]: CGRect] = [:]
    /// The readers built: their node and the frame their content was built for.
    var readers: [(index: Int, frame: CGRect)] = []
    /// Each preference reader's value by path, to build its content from (the key's default when absent).
    var preferenceInputs: [[Int]: Any] = [:]
    /// The preference readers built: their node, key and the value their content was built from.
    var preferenceReaders: [(index: Int, key: PreferenceKeyBox, value: Any?)] = []
    /// Preference modifiers and after-layout actions by node index.
    var observations: [Int: [LayoutObservation]] = [:]
    /// What the engine needs to know of a leaf's type, found once a process per type (a dynamic
    /// cast to a protocol costs ~1,500 instructions, and a sweep builds a tree for every screen,
    /// locale and text size); a leaf of the type met last, a comparison.
    private var lastLeafType: ObjectIdentifier?
    private var lastLeafTraits = LeafTraits(name: "", isDivider: false, diagnoses: false, guidesFromChildren: false)
    private static let leafTypes = Mutex<[ObjectIdentifier: LeafTraits]>([:])

    struct LeafTraits: Sendable {
        var name: String
        var isDivider: Bool
        var diagnoses: Bool
        /// Known to have no explicit guide but the text baselines (``GuidesFromChildren``).
        var guidesFromChildren: Bool
    }

    private mutating func leafTraits(_ leaf: any LeafView) -> LeafTraits {
        let type = ObjectIdentifier(Swift.type(of: leaf))
        if type == lastLeafType { return lastLeafTraits }
        let traits = Self.leafTypes.withLock { $0[type] } ?? {
            let traits = LeafTraits(name: (Swift.type(of: leaf) as? any NamedLeaf.Type)?.kindName ?? String(describing: Swift.type(of: leaf)),
                                    isDivider: leaf is Divider,
                                    diagnoses: leaf is any DiagnosingLeaf,
                                    guidesFromChildren: leaf is any GuidesFromChildren)
            Self.leafTypes.withLock { $0[type] = traits }
            return traits
        }()
        (lastLeafType, lastLeafTraits) = (type, traits)
        return traits
    }

    /// - Parameter drawn: `false` inside a `hidden()` modifier (laid out, not drawn: its leaves
    ///   report no diagnostics).
    mutating func build(_ element: AnyElement, environment: EnvironmentValues, path: [Int], parent: Int, stackAxis: Axis?,
                        drawn: Bool = true) -> Node {
        var element = element
        var environment = environment
        if case .preferenceReader(let reader) = element.content {
            // A preference reader is the element its content makes from the value known for its path.
            let value = preferenceInputs[path]
            preferenceReaders.append((nodes.count, reader.key, value))
            element = EnvironmentValues.$current.withValue(environment) { reader.element(for: value ?? reader.key.defaultValue()) }
        }
        for apply in element.traits.environment.reversed() { apply(&environment) }
        if case .geometry(let reader) = element.content {
            // A reader is its layout with its content built for the frame known for its path,
            // evaluated in the reader's environment.
            let frame = readerFrames[path] ?? .zero
            readers.append((nodes.count, frame))
            element.content = EnvironmentValues.$current.withValue(environment) { reader.element(frame: frame, environment: environment) }
        }
        let index = nodes.count
        let kind: Node.Kind
        let kindName: String
        var diagnosing = false
        // Whether this node itself may give an explicit guide of each axis (its children are added below).
        var ownHorizontalGuides = element.traits.overrides.contains { $0.guide.axis == .horizontal }
        var ownVerticalGuides = element.traits.overrides.contains { $0.guide.axis == .vertical }
        switch element.content {
        case .leaf(let leaf):
            let traits = leafTraits(leaf)
            if !traits.guidesFromChildren { (ownHorizontalGuides, ownVerticalGuides) = (true, true) }
            if traits.isDivider { environment.enclosingStackAxis = stackAxis }
            kind = .leaf(leaf)
            kindName = traits.name
            diagnosing = drawn && traits.diagnoses
            if !drawn { undrawn.insert(index) }
        case .spacer(let minLength):
            kind = .spacer(minLength)
            kindName = "Spacer"
        case .geometry, .preferenceReader:
            preconditionFailure("a reader's element is replaced by its content above")
        case .layout(let layout, _):
            let box = Self.box(layout)
            if !box.guidesFromChildren { (ownHorizontalGuides, ownVerticalGuides) = (true, true) }
            kind = .layout(box)
            kindName = box.kindName
            for issue in box.issues { modifierIssues.append((index, issue)) }
        }
        let node = Node(index: index, parentIndex: parent, kind: kind, environment: environment,
                        overrides: element.traits.overrides, stackAxis: stackAxis, isDiagnosing: diagnosing,
                        ignoredSafeAreaEdges: element.traits.ignoredSafeAreaEdges)
        nodes.append(node)
        paths.append(path)
        ids.append(element.traits.id)
        kinds.append(kindName)
        if !element.traits.drawing.isEmpty { drawing[index] = element.traits.drawing }
        if !element.traits.observations.isEmpty { observations[index] = element.traits.observations }

        if case .spacer = kind {
            // SwiftUI sizes spacers after every other child of a stack: their priority is −∞
            // (`subview.priority == -.infinity`), unless `layoutPriority` says otherwise.
            node.priority = -.infinity
        }
        if case .layout(_, let children) = element.content, case .layout(let box) = kind {
            let primary = box.primaryChild
            let childDrawn = drawn && !box.hidesContent
            // A stack's axis reaches its children, and through modifiers their children: a padded
            // `Spacer` still stretches along it only, as does one in an overlay.
            let childAxis = box.stackOrientation ?? (box.isModifier ? stackAxis : nil)
            node.children = children.enumerated().map { i, child in
                build(child, environment: environment, path: path + [i], parent: index, stackAxis: childAxis, drawn: childDrawn)
            }
            if primary < node.children.count {
                // Layout values pass outward through modifiers from the child they modify; a
                // priority only where SwiftUI passes it (overlay, background, a one-child stack).
                // The outer setting wins.
                if box.isModifier { node.layoutValues = node.children[primary].layoutValues }
                if box.passesPriority(childCount: node.children.count) { node.priority = node.children[primary].priority }
            }
        }
        node.mayHaveHorizontalGuides = ownHorizontalGuides || node.children.contains { $0.mayHaveHorizontalGuides }
        node.mayHaveVerticalGuides = ownVerticalGuides || node.children.contains { $0.mayHaveVerticalGuides }
        if let priority = element.traits.priority { node.priority = priority }
        if !element.traits.layoutValues.isEmpty {
            node.layoutValues = (node.layoutValues ?? [:]).merging(element.traits.layoutValues) { _, outer in outer }
        }
        return node
    }

    static func box<L: Layout>(_ layout: L) -> AnyLayoutBox { LayoutBox(layout) }
}

// MARK: - Nodes

/// What a placement recorded: where, how anchored, under which proposal, how often.
struct Placement {
    /// The `placeSubviews` call that recorded it (``LayoutTree/placementStamp``).
    var stamp = 0
    var count = 0
    var point = CGPoint.zero
    var anchor = UnitPoint.topLeading
    var proposal = ProposedViewSize.unspecified
    var hidden = false
}

/// A memoised answer: `generation` when computed (containers' are valid that pass only), `asked`
/// the pass in which the parent layout last asked for it.
struct MemoEntry {
    var proposal: ProposedViewSize
    var size: CGSize
    var generation: Int
    var asked: Int
    var verified: Bool
}

/// A node's memoised sizes: the first entry inline in the node, the rest in an array, so that a
/// leaf asked one question per pass (most of them) costs no second memory access: on a 10,000-leaf
/// flow the array's separate allocation was a cache miss per leaf per pass.
struct MemoEntries: RandomAccessCollection, MutableCollection {
    /// The first entry (`nil`: none).
    private(set) var head: MemoEntry?
    private var rest: [MemoEntry] = []

    var startIndex: Int { 0 }
    var endIndex: Int { head == nil ? 0 : 1 + rest.count }

    subscript(index: Int) -> MemoEntry {
        get { index == 0 ? head! : rest[index - 1] }
        set { if index == 0 { head = newValue } else { rest[index - 1] = newValue } }
    }

    mutating func append(_ entry: MemoEntry) {
        if head == nil { head = entry; return }
        // Room for every entry a node keeps, at once: grown one at a time, a container's memo
        // was three allocations a tree.
        if rest.capacity == 0 { rest.reserveCapacity(Node.memoCapacity - 1) }
        rest.append(entry)
    }

    /// Whether an entry satisfies `predicate`; unlike `Sequence.contains(where:)` it does not copy
    /// the collection (a retain of its array per call, on every leaf of every pass).
    @inline(__always)
    func any(_ predicate: (MemoEntry) -> Bool) -> Bool {
        guard let head else { return false }
        if predicate(head) { return true }
        for entry in rest where predicate(entry) { return true }
        return false
    }
}

/// A leaf in a box of its own type, which the engine asks for sizes and guides in place: a leaf
/// read out of `Node.Kind` is a copy, a retain and a release of each of a `Text`'s references,
/// several times a question.
class AnyLeafBox {
    func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize { .zero }
    func explicitAlignment(_ guide: AnyGuide, in size: CGSize, proposal: ProposedViewSize, environment: EnvironmentValues) -> CGFloat? { nil }
}

final class LeafBox<Leaf: LeafView>: AnyLeafBox {
    let leaf: Leaf
    init(_ leaf: Leaf) { self.leaf = leaf }

    override func sizeThatFits(_ proposal: ProposedViewSize, environment: EnvironmentValues) -> CGSize {
        leaf.sizeThatFits(proposal, environment: environment)
    }

    override func explicitAlignment(_ guide: AnyGuide, in size: CGSize, proposal: ProposedViewSize, environment: EnvironmentValues) -> CGFloat? {
        switch guide {
        case .horizontal(let g): leaf.explicitAlignment(of: g, in: size, proposal: proposal, environment: environment)
        case .vertical(let g): leaf.explicitAlignment(of: g, in: size, proposal: proposal, environment: environment)
        }
    }
}

/// A memoised explicit guide: a container's is valid for one pass, a leaf's for the tree's life.
struct GuideMemoEntry {
    var guide: AnyGuide
    var proposal: ProposedViewSize
    var size: CGSize
    var value: CGFloat?
}

/// One element of a prepared tree, with its per-pass state.
final class Node {
    enum Kind {
        case leaf(any LeafView)
        case spacer(CGFloat?)
        case layout(AnyLayoutBox)
    }

    static let memoCapacity = 8

    // Stored properties in the order a relayout touches them, the per-pass ones first: a class lays
    // them out in declaration order, and on a 10,000-leaf flow each cache line a leaf spans is a
    // miss per pass (callgrind's cache simulation counted them).
    let isContainer: Bool
    /// Whether placing this node reports a `DiagnosingLeaf`'s diagnostics (beside `isContainer`:
    /// read on every placement).
    @exclusivity(unchecked) var diagnosis: Diagnosis
    let index: Int
    let overrides: [GuideOverride]
    /// Whether an explicit horizontal guide can come from this node or below it (an
    /// `alignmentGuide` on a horizontal guide, or a type not known to have none:
    /// ``GuidesFromChildren``); when not, every horizontal guide of it is `nil`.
    var mayHaveHorizontalGuides = true
    /// The same for vertical guides other than the text baselines (which texts answer: always asked).
    var mayHaveVerticalGuides = true
    @exclusivity(unchecked) var memo = MemoEntries()
    @exclusivity(unchecked) private var memoNext = 0
    /// The pass in which an answer the parent asked for was evicted (the placement check is then skipped).
    @exclusivity(unchecked) private var evictedAsked = 0
    /// The last placement recorded for this node; read it with ``placement(_:)``.
    @exclusivity(unchecked) var placement = Placement()
    /// What the current (or last) pass placed: the frame (root coordinates), the proposal and the
    /// baselines (`nil`: none, or hidden), or that it hid the node. `LayoutTree.layout(in:)` reads
    /// its result's arrays off these.
    @exclusivity(unchecked) var placedFrame = CGRect.zero
    @exclusivity(unchecked) var placedProposal = ProposedViewSize.unspecified
    @exclusivity(unchecked) var placedFirst: CGFloat?
    @exclusivity(unchecked) var placedLast: CGFloat?
    @exclusivity(unchecked) var placedHidden = false
    /// A leaf's first and last text baselines for one proposal and size, asked on every pass.
    @exclusivity(unchecked) private var leafBaselines: LeafBaselines?
    @exclusivity(unchecked) var childrenPlacedGeneration = 0
    @exclusivity(unchecked) var children: [Node] = []
    /// A container's placed children's first and last baselines, relative to its top, from the
    /// pass `childrenPlacedGeneration` (hidden children and those without one left out).
    @exclusivity(unchecked) var childBaselines: (first: [CGFloat], last: [CGFloat]) = ([], [])

    let parentIndex: Int
    let kind: Kind
    /// A leaf's `kind`, boxed in its own type for the size and guide questions (`nil` for others).
    let leafBox: AnyLeafBox?
    /// A layout's `kind`'s box, read without matching `kind` (`nil` for others).
    let layoutBox: AnyLayoutBox?
    let environment: EnvironmentValues
    /// The enclosing stack's axis (through geometry modifiers), for a `Spacer`.
    let stackAxis: Axis?
    /// The edges on which `ignoresSafeArea` lets the node extend into a device's safe area.
    let ignoredSafeAreaEdges: Edge.Set
    @exclusivity(unchecked) var priority: Double = 0
    var layoutValues: [ObjectIdentifier: any Sendable]?
    @exclusivity(unchecked) private var guides: [GuideMemoEntry] = []
    @exclusivity(unchecked) private var guidesGeneration = 0
    @exclusivity(unchecked) var spacing: ViewSpacing?
    /// What a `DiagnosingLeaf` said about itself (asked once, on the first placement).
    var leafIssues: [LeafDiagnostic] = []

    /// A drawn leaf of a `DiagnosingLeaf` type (`ask` until asked), else `none`.
    enum Diagnosis: UInt8 {
        case none
        /// Not asked yet.
        case ask
        /// Asked; it has diagnostics (`leafIssues`), reported on every pass.
        case known
    }

    /// A leaf's two baselines for one proposal and size; `nil` inside: not asked yet.
    private struct LeafBaselines {
        var proposal: ProposedViewSize
        var size: CGSize
        var first: CGFloat??
        var last: CGFloat??
    }

    /// A leaf's first and last baselines for (proposal, size) when both are known.
    @inline(__always)
    func knownBaselines(proposal: ProposedViewSize, size: CGSize) -> (CGFloat?, CGFloat?)? {
        guard let entry = leafBaselines, entry.proposal == proposal, entry.size == size,
              let first = entry.first, let last = entry.last else { return nil }
        return (first, last)
    }

    /// What the `placeSubviews` call with `stamp` recorded for this node (nothing when it did not place it).
    @inline(__always)
    func placement(_ stamp: Int) -> Placement { placement.stamp == stamp ? placement : Placement() }

    /// The record the current `placeSubviews` call (`stamp`) writes to, started afresh for a new call.
    func recordPlacement(_ stamp: Int, _ change: (inout Placement) -> Void) {
        if placement.stamp != stamp { placement = Placement(stamp: stamp) }
        change(&placement)
    }

    /// Records one placement by the current `placeSubviews` call (`stamp`).
    @inline(__always)
    func recordPlacement(at position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize, stamp: Int) {
        recordPlacement(stamp) { record in
            record.count += 1
            record.point = position
            record.anchor = anchor
            record.proposal = proposal
        }
    }

    init(index: Int, parentIndex: Int, kind: Kind, environment: EnvironmentValues, overrides: [GuideOverride], stackAxis: Axis?,
         isDiagnosing: Bool = false, ignoredSafeAreaEdges: Edge.Set = []) {
        self.index = index
        self.ignoredSafeAreaEdges = ignoredSafeAreaEdges
        self.diagnosis = isDiagnosing ? .ask : .none
        self.parentIndex = parentIndex
        self.kind = kind
        self.environment = environment
        self.overrides = overrides
        self.stackAxis = stackAxis
        if case .layout = kind { isContainer = true } else { isContainer = false }
        if case .leaf(let leaf) = kind { leafBox = Self.box(leaf) } else { leafBox = nil }
        if case .layout(let box) = kind { layoutBox = box } else { layoutBox = nil }
    }

    private static func box<Leaf: LeafView>(_ leaf: Leaf) -> AnyLeafBox { LeafBox(leaf) }

    /// The memo slot answering `proposal`: leaves' answers stay valid, containers' only this pass.
    @inline(__always)
    func memoIndex(of proposal: ProposedViewSize, generation: Int) -> Int? {
        for i in memo.indices where memo[i].proposal == proposal {
            return isCurrent(memo[i], generation: generation) ? i : nil
        }
        return nil
    }

    /// Whether `entry` (the entry for its proposal) still answers in pass `generation`: a leaf's
    /// answers last; a container's only for the pass that made them (its subviews may change).
    @inline(__always)
    func isCurrent(_ entry: MemoEntry, generation: Int) -> Bool {
        !isContainer || entry.generation == generation
    }

    func insertMemo(_ entry: MemoEntry, generation: Int) {
        if let stale = memo.firstIndex(where: { $0.proposal == entry.proposal }) {
            memo[stale] = entry
        } else if memo.count < Self.memoCapacity {
            memo.append(entry)
        } else {
            if memo[memoNext].asked == generation { evictedAsked = generation }
            memo[memoNext] = entry
            memoNext = (memoNext + 1) % Self.memoCapacity
        }
    }

    /// Whether the parent layout asked for sizes in this pass and all its answers are still known
    /// (none evicted): the condition for checking a placement against them.
    @inline(__always)
    func hasAskedSizes(in generation: Int) -> Bool {
        evictedAsked != generation && memo.any { $0.asked == generation }
    }

    /// Whether `size` is among the answers the parent layout asked for in this pass.
    @inline(__always)
    func wasAsked(_ size: CGSize, in generation: Int) -> Bool {
        memo.any { $0.asked == generation && LayoutTree.same($0.size, size) }
    }

    /// The sizes the parent layout asked for in this pass (for the diagnostic's message).
    func sizesAsked(in generation: Int) -> [CGSize] {
        memo.filter { $0.asked == generation }.map(\.size)
    }

    /// Forgets what may differ on the screen the tree moved to: a layout's cache (made from its
    /// subviews' answers, as SwiftUI updates it when they change) and, when the display scale
    /// changed, every size and guide answered (a leaf's last across layouts).
    func moved(rescaled: Bool) {
        layoutBox?.forgetCache()
        guard rescaled else { return }
        memo = MemoEntries()
        memoNext = 0
        guides.removeAll()
        leafBaselines = nil
    }

    func guideMemo(_ guide: AnyGuide, proposal: ProposedViewSize, size: CGSize, generation: Int) -> CGFloat?? {
        if !isContainer, let baseline = guide.baselineIndex {
            guard let entry = leafBaselines, entry.proposal == proposal, entry.size == size else { return nil }
            return baseline == 0 ? entry.first : entry.last
        }
        guard !isContainer || guidesGeneration == generation else { return nil }
        for entry in guides where entry.guide == guide && entry.proposal == proposal && entry.size == size { return .some(entry.value) }
        return nil
    }

    func rememberGuide(_ guide: AnyGuide, proposal: ProposedViewSize, size: CGSize, value: CGFloat?, generation: Int) {
        if !isContainer, let baseline = guide.baselineIndex {
            if leafBaselines?.proposal != proposal || leafBaselines?.size != size {
                leafBaselines = LeafBaselines(proposal: proposal, size: size, first: nil, last: nil)
            }
            if baseline == 0 { leafBaselines?.first = .some(value) } else { leafBaselines?.last = .some(value) }
            return
        }
        if isContainer, guidesGeneration != generation {
            guides.removeAll(keepingCapacity: true)
            guidesGeneration = generation
        }
        if guides.count >= 16 { guides.removeFirst() }
        guides.append(GuideMemoEntry(guide: guide, proposal: proposal, size: size, value: value))
    }
}
