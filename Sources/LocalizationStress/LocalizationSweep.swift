import Catalogs
import Foundation
import LayoutCore
import PreviewSupport
import Rendering
import TextLayout
import Typography

// The screen sweep: an app's screens laid out in every locale of its catalogs × Dynamic Type size ×
// device, with every text a person would see as wrong reported — findings, not pixels.
//
// | step | function |
// |---|---|
// | the layouts, in order: screen → locale → text size → device → orientation | `LocalizationSweep.units` |
// | a window of (screen, locale) units laid out on every core, each at every size on every device | `LocalizationSweep.layOut(_:cache:drawingInto:)` |
// | each text with findings → one `Finding` per kind, allowances applied | `Finding.findings(of:in:…)`, `Allowance.allows(_:)` |
// | findings grouped by screen × key × kind as they come | `FindingGroups.add(_:)` (SweepReport.swift) |
// | a finding's screen drawn again, its text outlined | `LocalizationSweep.picture(of:)` (SweepPictures.swift) |
// | the report as an HTML page with a picture per group and locale, drawn while sweeping or afterwards | `LocalizationSweep.run(writingHTMLTo:)`, `writeHTML(of:to:)` (SweepReportHTML.swift) |

/// A sweep of an app's screens over its own catalogs: every screen laid out in every locale, at
/// every Dynamic Type size, on every device, reporting each text that is cut, shrunk, clipped,
/// overlapping, untranslated or missing glyphs — with the screen, key, locale, size, device, the
/// text shown, the width it needed against the width it had, and the line of code that made it.
///
/// ```swift
/// let sweep = try LocalizationSweep("Settings", screens: [
///     .init("Settings") { SettingsView() },
///     .init(try #require(Preview.named("Onboarding"))),
/// ], bundle: Bundle(path: "Sources/MyApp/Resources")!, pseudoLocales: ["pseudo-xa"],
///    allowances: [.key("home.teaser", reason: "Cut at two lines by design")])
/// let report = sweep.run()
/// for group in report.groups { print(group) }
/// #expect(report.findings.isEmpty, "\(report)")
/// ```
///
/// Each screen is laid out as an app's root view on the device (`View.layout(on:orientation:environment:)`:
/// the safe area, the pixel grid), with the catalogs as its string tables, the locale (a
/// right-to-left one lays it out right to left) and the text size in its environment. Each string is
/// shaped once per locale and reused across sizes (rescaled) and devices (line breaking only); the
/// layouts run on every core, a window at a time, and findings are grouped as they come, so memory
/// holds two windows of layouts (one laid out while the other is handed on), not the sweep
/// (``run(forEach:)`` keeps no finding either). Pictures are drawn only when asked
/// (``picture(of:)``); the HTML report has one per finding group and locale, drawn while sweeping
/// (``run(writingHTMLTo:picturesPerFile:forEach:)``) or afterwards (``writeHTML(of:to:picturesPerFile:)``).
public struct LocalizationSweep: Sendable {
    /// A screen to sweep: a name and the view it shows, made anew for every layout inside that
    /// layout's environment (so its `body` reads the locale and text size, as on the phone).
    public struct Screen: Sendable, CustomStringConvertible {
        /// The name reports give it.
        public var name: String
        /// The file it was read from (a layout file's path, `textfit stress --screens`): its
        /// findings' ``Finding/fileID`` when their texts record no source line, with the line of
        /// their key in it (`keyLines`, for keys written once in the file).
        package var file: String?
        package var keyLines: [String: Int] = [:]
        let make: @Sendable () -> any View

        /// A screen showing `content`.
        public init<Content: View>(_ name: String, @ViewBuilder content: @escaping @Sendable () -> Content) {
            self.name = name
            make = content
        }

        /// A screen showing `view` (a layout file's tree, a view value).
        public init(_ name: String, view: some View & Sendable) {
            self.name = name
            make = { view }
        }

        /// A preview's views as a screen (`#Preview("Settings") { … }`), named by the preview's name,
        /// else its source (`MyApp/SettingsView.swift:42`). Laid out on the sweep's devices, not the
        /// preview's own.
        public init(_ preview: Preview) {
            name = preview.name ?? preview.source
            make = { preview.content }
        }

        /// The `#Preview` named `name` (``Preview/named(_:)``) as a screen; `nil` when there is none.
        public static func preview(named name: String) -> Screen? {
            Preview.named(name).map(Screen.init)
        }

        /// Every view a `PreviewProvider` shows, each a screen (``Preview/all(of:)``).
        public static func previews<Provider: PreviewProvider>(of provider: Provider.Type) -> [Screen] {
            Preview.all(of: provider).map(Screen.init)
        }

        public var description: String { name }

        /// The view, made when a tree is built from it.
        var content: ScreenContent { ScreenContent(make: make) }
    }

    /// What the report calls the sweep (a test's issues name it).
    public var name: String
    /// The screens swept, each with its name.
    public var screens: [Screen]
    /// The app's strings: what each `Text("key")` shows in each locale.
    public var strings: LocalizedStrings
    /// The locales, as the catalogs name them (`de`, `zh-Hans`), pseudo-locales (`pseudo-xa`) included.
    public var locales: [String]
    /// The text sizes: Dynamic Type sizes, smallest first (font scales lay the screens out as Android).
    public var textSizes: [TextSize]
    /// The devices, each in every orientation of ``orientations``.
    public var devices: [Device]
    /// How each device is held (portrait unless asked).
    public var orientations: [Device.Orientation]
    /// The findings that are meant to be (``Allowance``).
    public var allowances: [Allowance]
    /// The folder of the bundle the sweep was made from (``init(_:screens:bundle:locales:pseudoLocales:dynamicTypeSizes:devices:orientations:allowances:environment:)``):
    /// every layout's `mainBundle`, so its asset catalogs' colours and images draw in pictures as
    /// in the app (its strings are ``strings``, read from it).
    var bundlePath: String?
    /// What else every layout's environment has (a shaper of your own, `.environment` values the
    /// app's root sets); the sweep sets the string tables, locale, text size and device over it.
    public var environment: EnvironmentValues

    /// The devices a sweep lays out on unless told: the smallest, a mid-size and the largest current
    /// iPhone (`Device.iPhoneSE3`, `.iPhone16Pro`, `.iPhone16ProMax`).
    public static let defaultDevices: [Device] = [.iPhoneSE3, .iPhone16Pro, .iPhone16ProMax]

    /// The Dynamic Type sizes among ``textSizes`` (setting it replaces them all).
    public var dynamicTypeSizes: [DynamicTypeSize] {
        get { textSizes.compactMap { if case .dynamicType(let size) = $0 { size } else { nil } } }
        set { textSizes = newValue.map { .dynamicType($0) } }
    }

    /// A sweep of `screens` with the strings `strings` holds.
    /// - Parameters:
    ///   - locales: the locales to lay out in; `nil`: every locale the catalogs have
    ///     (``LocalizedStrings/locales``), the source language among them.
    ///   - pseudoLocales: pseudo-locales made from the source language (`pseudo-xa`, `pseudo-xb`…),
    ///     laid out after the locales.
    /// - Throws: ``LocalizationSweepError`` for a locale the catalogs do not have (naming those they
    ///   have) or a pseudo-locale that is not one.
    public init(_ name: String, screens: [Screen], strings: LocalizedStrings, locales: [String]? = nil, pseudoLocales: [String] = [],
                dynamicTypeSizes: [DynamicTypeSize] = DynamicTypeSize.allCases, devices: [Device] = defaultDevices,
                orientations: [Device.Orientation] = [.portrait], allowances: [Allowance] = [],
                environment: EnvironmentValues = EnvironmentValues()) throws(LocalizationSweepError) {
        for locale in locales ?? [] where !strings.hasLocale(locale) {
            throw LocalizationSweepError("no catalog has the locale '\(locale)' (locales: \(strings.locales.joined(separator: ", ")))")
        }
        for pseudo in pseudoLocales where PseudoLocale(name: pseudo) == nil {
            throw LocalizationSweepError("'\(pseudo)' is not a pseudo-locale (\(PseudoLocale.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.name = name
        self.screens = screens
        self.strings = strings
        self.locales = (locales ?? strings.locales) + pseudoLocales
        textSizes = dynamicTypeSizes.map { .dynamicType($0) }
        self.devices = devices
        self.orientations = orientations
        self.allowances = allowances
        self.environment = environment
    }

    /// A sweep with the strings of `bundle`'s catalogs (its `*.lproj` folders and String Catalogs,
    /// as `Text` finds them through the environment's `mainBundle`).
    /// - Throws: ``LocalizationSweepError`` for a malformed catalog (naming the file and line) or an unknown locale.
    public init(_ name: String, screens: [Screen], bundle: Bundle, locales: [String]? = nil, pseudoLocales: [String] = [],
                dynamicTypeSizes: [DynamicTypeSize] = DynamicTypeSize.allCases, devices: [Device] = defaultDevices,
                orientations: [Device.Orientation] = [.portrait], allowances: [Allowance] = [],
                environment: EnvironmentValues = EnvironmentValues()) throws(LocalizationSweepError) {
        let strings: LocalizedStrings
        do { strings = try LocalizedStrings.bundle(at: bundle.bundlePath) } catch { throw LocalizationSweepError("\(error)") }
        try self.init(name, screens: screens, strings: strings, locales: locales, pseudoLocales: pseudoLocales,
                      dynamicTypeSizes: dynamicTypeSizes, devices: devices, orientations: orientations, allowances: allowances,
                      environment: environment)
        bundlePath = bundle.bundlePath
    }

    /// A sweep with the strings of the catalogs at `catalogs` (files or folders: String Catalogs,
    /// `.strings`/`.stringsdict`, XLIFF, Android `strings.xml`, `.po`).
    /// - Throws: ``LocalizationSweepError`` for a malformed catalog (naming the file and line) or an unknown locale.
    public init(_ name: String, screens: [Screen], catalogs: [String], locales: [String]? = nil, pseudoLocales: [String] = [],
                dynamicTypeSizes: [DynamicTypeSize] = DynamicTypeSize.allCases, devices: [Device] = defaultDevices,
                orientations: [Device.Orientation] = [.portrait], allowances: [Allowance] = [],
                environment: EnvironmentValues = EnvironmentValues()) throws(LocalizationSweepError) {
        let strings: LocalizedStrings
        do { strings = try LocalizedStrings(contentsOf: catalogs) } catch { throw LocalizationSweepError("\(error)") }
        try self.init(name, screens: screens, strings: strings, locales: locales, pseudoLocales: pseudoLocales,
                      dynamicTypeSizes: dynamicTypeSizes, devices: devices, orientations: orientations, allowances: allowances,
                      environment: environment)
    }

    /// Whether a size's tree is made from the previous size's evaluated views when they did not read
    /// the text size (`LayoutTree.sameViews(in:)`); off, every size evaluates the screen's views
    /// again (what tests compare with).
    package var reusesViews = true

    /// How many layouts the sweep makes: screens × locales × text sizes × devices × orientations.
    public var layoutCount: Int { screens.count * locales.count * textSizes.count * devices.count * orientations.count }

    // MARK: - Running

    /// Lays every screen out in every locale, text size and device, and reports what it finds:
    /// ``Report/findings`` (those no allowance covers), ``Report/allowed`` and ``Report/groups``.
    /// - Complexity: a layout per screen × locale × size × device × orientation, on every core.
    public func run() -> Report {
        var findings: [Finding] = [], allowed: [Finding] = []
        var report = run(only: nil) { finding in
            if finding.isAllowed { allowed.append(finding) } else { findings.append(finding) }
        }
        report.findings = findings
        report.allowed = allowed
        return report
    }

    /// ``run()``, handing each finding to `body` as it is found (in the sweep's order: screen,
    /// locale, size, device, orientation, then the text's place in the layout) and keeping none:
    /// the report's ``Report/findings`` and ``Report/allowed`` are empty, its groups complete.
    /// Memory holds two windows of layouts and the groups, whatever the sweep's size.
    public func run(forEach body: (Finding) -> Void) -> Report {
        run(only: nil, forEach: body)
    }

    /// One (screen, locale): laid out at every text size, in order, each on every device and
    /// orientation. Its first size shapes the locale's strings; the others rescale them.
    struct Unit: Sendable {
        let screen: Int, locale: Int
    }

    /// The units of the screens and locales `only` takes (all when `nil`), in the sweep's order.
    func units(only: ((Int, String) -> Bool)?) -> [Unit] {
        var units: [Unit] = []
        for screen in screens.indices {
            for locale in locales.indices where only?(screen, locales[locale]) ?? true {
                units.append(Unit(screen: screen, locale: locale))
            }
        }
        return units
    }

    /// Units laid out at a time: enough to keep every core busy between the windows, few enough that
    /// their findings (and pictures) are a small part of memory.
    static var window: Int { max(8, ParallelBatches.cores * 8) }

    /// Lays out the units of the screens and locales `only` takes (`(screen index, locale)`; all
    /// when `nil`), handing each finding to `body` in order: what a shard of the CLI's sweep runs.
    /// With `pictures`, each group's example in each locale is drawn on the core that laid it out,
    /// from that layout (``layOut(_:cache:drawingInto:)``), and handed to `pictures` in order.
    package func run(only: ((Int, String) -> Bool)?, pictures: SweepPictureSink? = nil, forEach body: (Finding) -> Void) -> Report {
        let units = units(only: only)
        let cache = Self.measurementCache(for: environment)
        var groups = FindingGroups(sweep: self, swept: Set(units.map { [screens[$0.screen].name, locales[$0.locale]] }))
        let sheet = pictures?.sheet
        // A window of units laid out on every core while this thread hands the previous window's
        // findings and pictures on in order: the cores do not wait for it between windows.
        let windows = stride(from: 0, to: units.count, by: Self.window).map { Array(units[$0..<min(units.count, $0 + Self.window)]) }
        let next = LaidOutWindow()
        func layOutInBackground(_ window: [Unit]) {
            next.start { [self] in
                // A unit is a (screen, locale): tens of layouts, so batches of one.
                (try? ParallelBatches.map(window.count, batchSize: 1) { range in
                    range.map { layOut(window[$0], cache: cache, drawingInto: sheet) }
                })?.flatMap { $0 } ?? []
            }
        }
        if let first = windows.first { layOutInBackground(first) }
        for index in windows.indices {
            let done = next.wait()
            if index + 1 < windows.count { layOutInBackground(windows[index + 1]) }
            for unit in done {
                for finding in unit.findings {
                    groups.add(finding)
                    body(finding)
                }
                for picture in unit.pictures { pictures?.add(picture) }
            }
        }
        return Report(sweep: self, groups: groups.finished(), layouts: units.count * textSizes.count * devices.count * orientations.count)
    }

    /// The text cache a run measures in: the environment's own when it was given one, else a new one
    /// for the run (bounded, as every text cache is), so the run's reuse can be counted.
    static func measurementCache(for environment: EnvironmentValues) -> TextMeasurementCache {
        environment.textMeasurementCache === TextMeasurementCache.shared ? TextMeasurementCache() : environment.textMeasurementCache
    }

    /// The environment a unit is laid out in: the sweep's, with its strings (and its bundle, for
    /// its assets), the locale, the text size (and its platform) and `cache`.
    func environment(locale: String, size: TextSize, cache: TextMeasurementCache) -> EnvironmentValues {
        var environment = self.environment
        environment.localizedStrings = strings
        // The bundle's strings are `strings` (a `Text` looks its key up in its bundle's catalogs, the same).
        environment.mainBundle = bundlePath.flatMap(Bundle.init(path:))
        environment.textMeasurementCache = cache
        environment.locale = Locale(identifier: locale)
        environment.platform = size.platform
        switch size {
        case .dynamicType(let dynamicType): environment.dynamicTypeSize = dynamicType
        case .fontScale(let scale): environment.fontScale = scale
        }
        return environment
    }

    /// One window's units laid out on another thread (``start(_:)``), handed back by ``wait()``.
    final class LaidOutWindow: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        /// Written by the thread that lays the window out before it signals `done`, read after `wait`.
        private var results: [UnitResult] = []

        func start(_ work: @escaping @Sendable () -> [UnitResult]) {
            DispatchQueue.global(qos: .userInitiated).async {
                self.results = work()
                self.done.signal()
            }
        }

        func wait() -> [UnitResult] {
            done.wait()
            defer { results = [] }
            return results
        }
    }

    /// What a unit found: its findings in the sweep's order, and the pictures drawn of them.
    struct UnitResult: Sendable {
        var findings: [Finding] = []
        var pictures: [DrawnLayout] = []
    }

    /// `unit`'s screen laid out at every text size on every device and orientation, and the
    /// findings of each layout (allowances applied), in order. With `sheet`, each layout that holds
    /// the first finding of a group in this locale (the group's example for it: the locale's first
    /// failing size, on the first device that fails) is drawn for the report's page
    /// (``pagePicture(of:screen:locale:size:orientation:sharing:)``) before the tree moves on.
    func layOut(_ unit: Unit, cache: TextMeasurementCache, drawingInto sheet: SVGGlyphSheet? = nil) -> UnitResult {
        let screen = screens[unit.screen], locale = locales[unit.locale]
        var done = UnitResult()
        var sheet = sheet
        var drawn = Set<FindingGroups.Identity>()
        guard let first = devices.first, let firstOrientation = orientations.first else { return done }
        var previous: LayoutTree?
        for size in textSizes {
            let environment = environment(locale: locale, size: size, cache: cache)
            // One tree for every device and orientation: it is moved from screen to screen when
            // nothing its views read differs (the same idiom, and a display scale the same or read
            // by nothing while the tree was built: each result's findings are read, and its picture
            // drawn, before the next layout), and built again for the device otherwise. Each size's
            // tree is made from the last size's evaluated views when they did not read the size.
            let tree: LayoutTree = previous.flatMap { reusesViews ? $0.sameViews(in: environment) : nil }
                ?? LayoutTree(screen.content, environment: environment, on: first, orientation: firstOrientation)
            previous = tree
            for device in devices {
                for orientation in orientations {
                    let result = tree.layout(on: device, orientation: orientation, acrossScales: true)
                    let start = done.findings.count
                    let texts = result.findings  // made anew each time it is read
                    for text in texts {
                        for var finding in Finding.findings(of: text, in: result, screen: screen.name, locale: locale, size: size,
                                                            device: device, orientation: orientation) {
                            if finding.fileID == nil, let file = screen.file {
                                finding.fileID = file
                                finding.line = finding.key.flatMap { screen.keyLines[$0] }
                            }
                            finding.allowance = allowances.first { $0.allows(finding) }
                            done.findings.append(finding)
                        }
                    }
                    guard sheet != nil, done.findings.count > start else { continue }
                    var examples: [FindingGroups.Identity] = [], shown = Set<Int>()
                    for finding in done.findings[start...] {
                        let identity = FindingGroups.identity(of: finding)
                        if drawn.insert(identity).inserted {
                            examples.append(identity)
                            shown.insert(finding.index)
                        }
                    }
                    guard !examples.isEmpty else { continue }
                    let made = pictureLayout(result, texts: texts, tree: tree, device: device, orientation: orientation, showing: shown)
                    let svg = pagePicture(of: made, screen: screen.name, locale: locale, size: size, orientation: orientation, sharing: &sheet!)
                    done.pictures.append(DrawnLayout(svg: svg, locale: locale, examples: examples))
                }
            }
        }
        return done
    }
}

extension LocalizationSweep {
    /// The report of `findings` (this sweep's, in any order: the parts of a sharded run), as an
    /// unsharded ``run()`` gives it: the findings put back in the sweep's order (screen, locale, text
    /// size, device, orientation, the text's place, its kind), this sweep's allowances applied
    /// again, and grouped. A finding of a screen, locale, size or device the sweep does not have is
    /// left out.
    package func report(regrouping findings: [Finding]) -> (report: Report, findings: [Finding]) {
        func ranks<T: Hashable>(_ items: [T]) -> [T: Int] { Dictionary(items.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a }) }
        let screenRank = ranks(screens.map(\.name)), localeRank = ranks(locales), sizeRank = ranks(textSizes)
        let deviceRank = ranks(devices.map(\.name)), orientationRank = ranks(orientations)
        let kindRank = ranks(Finding.Kind.allCases)
        let keyed: [([Int], Finding)] = findings.compactMap { finding in
            guard let screen = screenRank[finding.screen], let locale = localeRank[finding.locale], let size = sizeRank[finding.size],
                  let device = deviceRank[finding.device], let orientation = orientationRank[finding.orientation] else { return nil }
            var finding = finding
            finding.allowance = allowances.first { $0.allows(finding) }
            return ([screen, locale, size, device, orientation, finding.index, kindRank[finding.kind] ?? 0], finding)
        }
        let ordered = keyed.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
        var groups = FindingGroups(sweep: self)
        for finding in ordered { groups.add(finding) }
        var report = Report(sweep: self, groups: groups.finished(), layouts: layoutCount)
        report.findings = ordered.filter { !$0.isAllowed }
        report.allowed = ordered.filter(\.isAllowed)
        return (report, ordered)
    }

    /// Whether shard `index` of `count` lays out `screen` in `locale`: a (screen, locale) pair
    /// belongs to shard `FNV-1a 64(screen's name, U+000A, locale) % count + 1` (as a catalog key
    /// belongs to one: ``StressShard``), so every size and device of it is in one shard.
    package static func shard(ofScreen screen: String, locale: String, count: Int) -> Int {
        StressShard.index(ofKey: screen + "\n" + locale, count: count)
    }
}

/// Why a sweep cannot be made: a catalog that cannot be read, a locale the catalogs do not have.
public struct LocalizationSweepError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in words.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A screen's views, made when the tree is built from it (see ``LocalizationSweep/Screen``).
struct ScreenContent: View, PrimitiveView {
    typealias Body = Never
    let make: @Sendable () -> any View

    func appendElements(to list: inout [AnyElement]) {
        make().appendElements(to: &list)
    }
}
