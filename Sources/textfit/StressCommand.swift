// `textfit stress` and `textfit stress merge`: catalogs checked against containers; shards joined.
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

/// `textfit stress`; with `--shard I/N`, shard I's keys alone, written as a partial report. `parts`:
/// `stress merge`'s shards (``runStressMerge(_:)``), whose verdicts stand in for the sweep.
func runStress(_ arguments: Arguments, merging parts: [StressShardPart]? = nil) throws {
    guard !arguments.positional.isEmpty else { throw CommandError.usage("stress needs at least one CATALOG (file or folder)") }
    // The defaults every key gets unless a rule says otherwise.
    var defaults = Constraint(width: try arguments.number("width") ?? 320)
    if let count = try arguments.wholeNumber("max-lines", atLeast: 0) {
        defaults.maxLines = count == 0 ? nil : count
    }
    // Either platform's style names; which one applies is checked once the platform is known.
    let styleName = arguments.values["style"]
    if let name = styleName, TextStyle(name: name) == nil, MaterialTextStyle(name: name) == nil {
        throw CommandError.usage("--style: '\(name)' is not a text style (ios: \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")); "
                                 + "android: \(MaterialTextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    defaults.font = arguments.values["font"]
    // As the rules file checks them: a bad size or padding is bad usage (exit 2), before any font is
    // opened (a size ≤ 0 used to reach the font check and exit 3).
    if let size = try arguments.number("size") { defaults.size = size }
    if let name = arguments.values["weight"] {
        guard let weight = FontWeight(name: name) else { throw CommandError.usage("--weight: '\(name)' is not a weight") }
        defaults.weight = weight
    }
    defaults.padding = try arguments.number("padding") ?? 0
    defaults.truncation = arguments.flags.contains("truncation-allowed")
    defaults.markdown = arguments.flags.contains("markdown")
    if let factor = try arguments.number("minimum-scale") { defaults.minimumScaleFactor = factor }
    let sizes = try stressSizesOption(arguments)
    let variations = try arguments.values["variations"].map { list in
        do { return try FontVariation.parseList(list) } catch { throw CommandError.usage("--variations: \(error)") }
    }
    let rules: RuleSet
    if let file = arguments.values["rules"] {
        let data = try readFile(file, what: "rules file")
        do { rules = try RuleSet(json: data, file: file) } catch { throw CommandError.input("\(error)") }
    } else {
        rules = RuleSet()
    }
    // --screens: layout files swept over the catalogs' locales (StressScreens.swift). With screens,
    // the catalog check runs only when asked for: a rules file with rules, or --width.
    let screenFiles = try arguments.values["screens"].map(StressScreenFiles.init)
    let checksCatalog = screenFiles == nil || !rules.rules.isEmpty || arguments.values["width"] != nil
    if screenFiles == nil, let option = ["devices", "orientations"].first(where: { arguments.values[$0] != nil }) {
        throw CommandError.usage("--\(option) applies to screens: give --screens PATH (layout files) too")
    }
    // The platform: --platform, else the rules file's, else the screens', else (once the catalog is
    // read) android for Android resources alone. Known now, the options that depend on it are checked before the read.
    let explicitPlatform = arguments.values["platform"] == nil ? nil : try platformOption(arguments)
    if let explicitPlatform, let own = rules.platform, own != explicitPlatform {
        throw CommandError.usage("--platform \(explicitPlatform.rawValue): the rules file '\(rules.file)' is for \(own.rawValue) "
                                 + "(its \"platform\"); give --platform \(own.rawValue) or leave it out")
    }
    /// Sets the platform's defaults: its style (refusing the other platform's, naming it) and sizes,
    /// and checks the rules against it. `reason`: why the platform is this one, when it was not asked for.
    func settle(_ platform: Platform, because reason: String) throws {
        defaults.platform = platform
        if let name = styleName {
            switch platform {
            case .ios:
                guard let style = TextStyle(name: name) else {
                    throw CommandError.usage("--style: '\(name)' is a Material 3 text style, which is Android's, but the platform is ios\(reason); "
                                             + "give an Apple text style (\(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))) or --platform android")
                }
                defaults.style = style
            case .android:
                guard let style = MaterialTextStyle(name: name) else {
                    throw CommandError.usage("--style: '\(name)' is an Apple text style, which is iOS's, but the platform is android\(reason); "
                                             + "give a Material 3 style (\(MaterialTextStyle.allCases.map(\.rawValue).joined(separator: ", "))) or --platform ios")
                }
                defaults.materialStyle = style
            }
        }
        if let sizes {
            do {
                switch platform {
                case .ios: defaults.dynamicType = try DynamicTypeRange(parsing: sizes.text)
                case .android: defaults.fontScale = try FontScaleList(parsing: sizes.text)
                }
            } catch {
                throw CommandError.usage("--\(sizes.option): \(error)\(reason.isEmpty ? "" : " (the platform is \(platform.rawValue)\(reason))")")
            }
        }
        if platform == .android, defaults.markdown {
            throw CommandError.usage("--markdown: Markdown is how SwiftUI's Text reads a localized string key, but the platform is "
                                     + "android\(reason); Android's text views do not read it (leave --markdown out)")
        }
        do { try rules.check(platform: platform) } catch { throw CommandError.input("\(error)") }
    }
    if let known = explicitPlatform ?? rules.platform ?? screenFiles?.declaredPlatform { try settle(known, because: "") }
    // Read before the sweep: it fails fast, and `--report out/ --baseline out/report.json` compares with
    // the previous run, not with the report this run writes.
    let baseline = try arguments.values["baseline"].map { file in
        // The first run of `--report out/ --baseline out/report.json` has no report to compare with:
        // nothing is known yet, so every failing verdict counts (stricter, never laxer, than a
        // baseline; a path mistyped fails on every failure, and says why). A file that is there but
        // cannot be read as a report is still an error.
        var info = stat()
        if lstat(file, &info) != 0, errno == ENOENT {
            printError("warning: baseline '\(file)' does not exist (yet): every failing verdict counts as worse; the report.json this run writes with --report can be the next run's baseline")
            return StressReport(verdicts: [])
        }
        let data = try readFile(file, what: "baseline")
        guard let baseline = try? JSONDecoder().decode(StressReport.self, from: data) else {
            throw CommandError.input("baseline '\(file)' is not a report.json from an earlier run")
        }
        return baseline
    }
    let limits = CatalogLimits(maxEntries: try arguments.limit("max-entries", default: CatalogLimits().maxEntries),
                               maxTextBytes: try arguments.limit("max-text-bytes", default: CatalogLimits().maxTextBytes))
    if arguments.values["font"] != nil, arguments.values["font-file"] != nil {
        throw CommandError.usage("give --font or --font-file, not both")
    }
    let catalog: Catalog
    do {
        catalog = try CatalogReader.read(arguments.positional, strict: arguments.flags.contains("strict"),
                                         sourceLanguage: arguments.values["source-language"], limits: limits)
    } catch let error as CatalogLimitError {
        throw CommandError.limit("\(error); raise it with --max-entries")
    } catch {
        throw CommandError.input("\(error)")
    }
    // --shard I/N (issue 28): the keys of shard I alone, and what the merge checks the parts by.
    let shard = try arguments.values["shard"].map { text in
        do { return try StressShard(parsing: text) } catch { throw CommandError.usage("--shard \(error)") }
    }
    let fingerprint = try shard.map { _ in try stressFingerprint(arguments) }
    for problem in catalog.problems.prefix(20) { printError("warning: \(problem)") }
    if catalog.problems.count > 20 {
        printError("warning: … \(catalog.problems.count - 20) more problems")
    }
    // Locales: the catalog's, or those asked for (aliases such as iw/he matched, the source language
    // and pseudo-locales made from it included; one that is not there is an error listing those that are).
    let requestedLocales = arguments.values["locales"].map { list in
        list.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    var entries: [CatalogEntry]
    do {
        entries = try catalog.entries(forLocales: requestedLocales, sourceLanguage: arguments.values["source-language"])
    } catch {
        throw CommandError.input("--locales: \(error)")
    }
    guard !entries.isEmpty else { throw CommandError.input("no strings to check in \(arguments.positional.joined(separator: ", "))") }
    let platform: Platform
    if let known = explicitPlatform ?? rules.platform ?? screenFiles?.declaredPlatform {
        platform = known
    } else {
        platform = catalog.formats == [.android] ? .android : .ios
        if platform == .android {
            printError("platform android, as the catalogs are Android resources: font scales, sizes in sp, Roboto, "
                       + "Material 3 styles (--platform ios checks them as iOS)")
        }
        try settle(platform, because: platform == .android ? ", as the catalogs are Android resources" : ", the default for these catalogs")
    }
    if let baseline, !baseline.verdicts.isEmpty, baseline.platform != platform {
        printError("warning: the baseline is a report of \(baseline.platform.rawValue), this run checks \(platform.rawValue): "
                   + "none of its sizes match, so every failing verdict counts as worse")
    }

    let engine = try makeEngine(arguments)
    // The screens are read before any sweep: a layout file that does not parse fails fast.
    let screenSweep = try screenFiles.map { try makeScreenSweep(arguments, files: $0, platform: platform, rules: rules, engine: engine) }
    // The source language's own entries are the source: they get no `sourceFails`.
    let sourceLanguage = arguments.values["source-language"] ?? catalog.sourceLanguage ?? "en"
    let sweep = StressSweep(shaper: engine.shaper, sourceLanguage: sourceLanguage)
    var constraints = entries.map { rules.constraint(for: $0.key, defaults: defaults) }
    // Of stringsdict width variants, only the one the OS would pick for the container is checked.
    let kept = selectingWidthVariants(entries, containers: constraints.map(\.container))
    if kept.count < entries.count {
        entries = kept.map { entries[$0] }
        constraints = kept.map { constraints[$0] }
    }
    // The cap on a text holds for what is measured: placeholders replaced by their (wider) samples.
    let sampled = SampledTexts(entries, samples: { constraints[$0].placeholders }, maxTextBytes: limits.maxTextBytes)
    if let first = sampled.problems.first, arguments.flags.contains("strict") { throw CommandError.input("\(first)") }
    for problem in sampled.problems.prefix(20) { printError("warning: \(problem)") }
    if sampled.problems.count > 20 { printError("warning: … \(sampled.problems.count - 20) more texts over the limit once sampled") }
    if sampled.kept.count < entries.count {
        entries = sampled.kept.map { entries[$0] }
        constraints = sampled.kept.map { constraints[$0] }
        guard !entries.isEmpty else { throw CommandError.input("no strings to check in \(arguments.positional.joined(separator: ", "))") }
    }
    // A locale set without parts ICU has no data for (its canonical form; reports keep the catalog's names).
    let localeAdjustments = LocaleName.adjustments(entries.map(\.locale))
    for line in localeAdjustments.prefix(20) { printError("warning: \(terminalSafe(line))") }
    if localeAdjustments.count > 20 { printError("warning: … \(localeAdjustments.count - 20) more locales measured without parts ICU has no data for") }
    // --font-file is the font of every key whose rule names no family.
    let fontFile = arguments.values["font-file"]
    let containers = constraints.map { constraint in
        var container = constraint.container
        if let fontFile, constraint.font == nil { container.font.file = fontFile }
        if let variations { container.font.variations = variations }
        return container
    }
    let texts = sampled.texts
    // Each entry's source text, its placeholders replaced by the same samples, to tell whether the
    // source fails too; one over the cap once sampled is not compared.
    let sources = entries.indices.map { index in
        entries[index].sourceText.flatMap { constraints[index].placeholders.substitute($0, maxBytes: limits.maxTextBytes) }
    }
    let total = shard.map { shard in entries.filter { shard.contains(key: $0.key) }.count } ?? entries.count

    // Fail fast, before the sweep: every font opens (they are then kept open for the run), and the
    // report folder takes files.
    do { try sweep.checkFonts(containers) } catch { throw CommandError.input("\(error)") }
    let folder = arguments.values["report"].map { URL(fileURLWithPath: $0) }
    let maxPictures = try arguments.limit("max-pictures", default: 20_000)
    if let folder {
        do { try StressReport.checkWritable(folder) } catch { throw CommandError.output("\(error); no report was written") }
    }
    let fonts = FontFileWatch(directory: engine.library.fontDirectory, extra: fontFile.map { [$0] } ?? [])
    // A progress bar on stderr when it is a terminal; quiet otherwise.
    var progress: (@Sendable (Int) -> Void)?
    if isatty(2) != 0, checksCatalog { progress = { drawProgress($0, of: total) } }
    let verdicts: [StressVerdict]
    var checked: [StressShardPart.Checked] = []
    do {
        if !checksCatalog {
            verdicts = []  // screens alone
        } else if let parts {
            // The shards' verdicts, back in entry order: the order of this sweep, had it run.
            verdicts = try StressShardPart.verdicts(of: parts, keys: entries.map(\.key))
        } else if let shard {
            checked = try sweep.checkedRun(shard: shard, entries, containers: containers, texts: texts, sources: sources, progress: progress)
            verdicts = checked.flatMap(\.verdicts)
        } else {
            verdicts = try sweep.checkedRun(entries, containers: containers, texts: texts, sources: sources, progress: progress)
        }
    } catch {
        throw CommandError.input("\(error)")
    }
    // The screens: swept (this shard's screen × locale pairs), or the parts' findings regrouped.
    var screens: ScreenSweepResult?
    if let screenSweep {
        screens = parts.map { mergedScreenSweep(screenSweep, parts: $0) } ?? runScreenSweep(screenSweep, shard: shard)
    }
    try fonts.checkUnchanged()
    if let shard, let fingerprint, let folder {
        // A partial report: the merge writes the report, the summary and the exit status.
        let part = StressShardPart(shard: shard, run: fingerprint, entries: entries.count, platform: platform, checked: checked,
                                   screens: screens?.findings)
        do {
            try StressReport.write([(StressShardPart.fileName, try part.json())], to: folder)
        } catch {
            throw CommandError.output("\(error); no partial report was written")
        }
        if checksCatalog {
            print(StressReport(verdicts: verdicts.map(terminalSafe), platform: platform, sourceLanguage: sourceLanguage).terminalSummary())
        }
        if let screens { print("shard \(shard): \(screens.findings.count) screen finding\(screens.findings.count == 1 ? "" : "s") in \(screens.report.layouts) layouts") }
        print("\nshard \(shard): \(checksCatalog ? "\(checked.count) of \(entries.count) entries checked" : "screens only"), written to "
              + "'\(folder.appendingPathComponent(StressShardPart.fileName).path)'; textfit stress merge OUT/ PART… joins the "
              + "\(shard.count) part\(shard.count == 1 ? "" : "s") into the report and gives the exit status")
        return try finishStandardOutput()
    }
    let report = StressReport(verdicts: verdicts, platform: platform, sourceLanguage: sourceLanguage)

    if let folder {
        // index.html and its pictures in pictures/1.js, pictures/2.js, … (the page loads those of the rows in view).
        var html = checksCatalog ? sweep.htmlFiles(of: report, entries: entries, containers: containers, maxPictures: maxPictures) : []
        if let screens { html = screenPages(screens, beside: html, maxPictures: maxPictures) }
        do {
            // All or nothing: temporary names, renamed into place once all are written.
            try StressReport.write([("report.json", try report.json(screens: screens)),
                                    ("junit.xml", Data(report.junit(screens: screens, checksCatalog: checksCatalog).utf8))]
                                    + html.map { ($0.name, Data($0.text.utf8)) }, to: folder)
        } catch {
            throw CommandError.output("\(error); no report was written (a previous one in '\(folder.path)' is untouched)")
        }
        // A previous report's pictures past this one's are no longer referenced: removed.
        let written = Set(html.map(\.name))
        let pictureFolder = folder.appendingPathComponent("pictures")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: pictureFolder.path)) ?? []
        where name.hasSuffix(".js") && (Int(name.dropLast(3)) != nil || name.hasPrefix("screens-")) && !written.contains("pictures/" + name) {
            try? FileManager.default.removeItem(at: pictureFolder.appendingPathComponent(name))
        }
    }
    var failing = report.verdicts.filter { $0.failed }
    if let baseline { failing = report.regressions(against: baseline) }
    if arguments.flags.contains("json") {
        print(String(decoding: try report.json(screens: screens), as: UTF8.self))
    } else {
        // Keys, locales and variants come from the catalogs: their control characters are escaped
        // (issue 27), so a catalog cannot send escape sequences to the terminal.
        if checksCatalog {
            print(StressReport(verdicts: report.verdicts.map(terminalSafe), platform: platform, sourceLanguage: sourceLanguage).terminalSummary())
            if arguments.values["baseline"] != nil { print("\n\(failing.count) verdicts worse than the baseline") }
        }
        if let screens { print((checksCatalog ? "\n" : "") + terminalSafe(screens.terminalSummary(), keepingNewlines: true)) }
    }
    // Where the report is: on standard output after the summary, on standard error under --json.
    if let folder {
        let written = "report written to '\(terminalSafe(folder.appendingPathComponent("index.html").path))' (open it in a browser; \(checksCatalog && screens != nil ? "screens.html, " : "")report.json and junit.xml beside it)"
        if arguments.flags.contains("json") { printError(written) } else { print("\n" + written) }
    }
    try finishStandardOutput()
    let failingScreens = screens?.failing.count ?? 0
    if !failing.isEmpty || failingScreens > 0 {
        var parts: [String] = []
        if !failing.isEmpty { parts.append("\(failing.count) failing check\(failing.count == 1 ? "" : "s")") }
        if failingScreens > 0 { parts.append("\(failingScreens) failing screen finding\(failingScreens == 1 ? "" : "s") (groups)") }
        throw CommandError(code: .failures, message: parts.joined(separator: ", "))
    }
}

/// `textfit stress merge OUT/ PART…` (issue 28): checks that the parts (`--shard I/N` runs' report
/// folders) are of one run and shards 1…N once each, that the catalogs, rules and font file here
/// are those the shards read, then runs `stress` again with the shards' options and `--report OUT/`,
/// the parts' verdicts standing in for the sweep: the same report, summary and exit status as the
/// unsharded run. Takes `--json` and `--baseline` (applied to the merged verdicts) alone.
func runStressMerge(_ arguments: Arguments) throws {
    let words = Array(arguments.positional.dropFirst())
    guard words.count >= 2 else {
        throw CommandError.usage("stress merge needs the output folder and the parts: textfit stress merge OUT/ PART… "
                                 + "(each PART the --report folder of a textfit stress --shard I/N run)")
    }
    if let option = arguments.given.first(where: { !["json", "baseline", "help"].contains($0) }) {
        throw CommandError.usage("--\(option) does not apply to stress merge: the sweep's options are the shards' (each part's "
                                 + "\(StressShardPart.fileName) records them); merge takes --json and --baseline")
    }
    var named: [(name: String, part: StressShardPart)] = []
    for name in words.dropFirst() {
        do { named.append((name, try StressShardPart.read(name))) } catch { throw CommandError.input("stress merge: \(error)") }
    }
    let parts: [StressShardPart]
    do { parts = try StressShardPart.complete(named) } catch { throw CommandError.input("stress merge: \(error)") }
    let run = parts[0].run
    guard run.textfit == textfitVersion else {
        throw CommandError.input("stress merge: the parts were written by textfit \(run.textfit), this is \(textfitVersion); merge with the textfit that ran the shards")
    }
    var merged = try Arguments(["stress"])
    merged.positional = run.catalogs
    merged.values = run.options
    merged.flags = Set(run.flags)
    merged.given = run.options.keys.sorted() + run.flags
    if let difference = try stressFingerprint(merged).difference(from: run, name: "the merge", otherName: "the shards") {
        throw CommandError.input("stress merge: the files here are not those the shards read: they differ in \(difference); "
                                 + "run merge where the shards ran (the same files at the same relative paths)")
    }
    merged.values["report"] = words[0]
    merged.given.append("report")
    if let baseline = arguments.values["baseline"] {
        merged.values["baseline"] = baseline
        merged.given.append("baseline")
    }
    if arguments.flags.contains("json") {
        merged.flags.insert("json")
        merged.given.append("json")
    }
    try runStress(merged, merging: parts)
}

/// What decides a sweep's verdicts and outputs (``StressShardPart/Fingerprint``): the catalogs and
/// every option as given (but `--report` and `--shard`), and the FNV-1a 64 of each catalog file (a
/// folder's as the reader lists them), of the rules file and of the font file.
func stressFingerprint(_ arguments: Arguments) throws -> StressShardPart.Fingerprint {
    var paths: [String] = []
    for path in arguments.positional {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            do { paths += try CatalogReader.catalogFiles(in: path) } catch { throw CommandError.input("\(error)") }
        } else {
            paths.append(path)
        }
    }
    paths += [arguments.values["rules"], arguments.values["font-file"]].compactMap { $0 }
    if let screens = arguments.values["screens"] { paths += try StressScreenFiles(screens).paths }
    let files = try paths.map { path in
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError.input("cannot read '\(path)' (a file of the run, whose contents a shard records)")
        }
        return StressShardPart.Fingerprint.File(path: path, fnv1a64: FNV1a64.hex(data))
    }
    var options = arguments.values
    options["report"] = nil
    options["shard"] = nil
    return StressShardPart.Fingerprint(textfit: textfitVersion, catalogs: arguments.positional, options: options,
                                       flags: Array(arguments.flags.subtracting(["help"])), files: files)
}

/// `stress`'s `--dynamic-type` or `--font-scale` (two spellings of the user's text sizes, read as the
/// platform's kind once it is known), refused at once when it is neither kind: `abc`, `0`,
/// `huge...tiny` need no catalog to be wrong.
func stressSizesOption(_ arguments: Arguments) throws -> (option: String, text: String)? {
    if arguments.values["dynamic-type"] != nil, arguments.values["font-scale"] != nil {
        throw CommandError.usage("give --dynamic-type or --font-scale, not both (two spellings of the user's text size)")
    }
    let option = arguments.values["font-scale"] != nil ? "font-scale" : "dynamic-type"
    guard let text = arguments.values[option] else { return nil }
    var asDynamicType: (any Error)?, asFontScales: (any Error)?
    do { _ = try DynamicTypeRange(parsing: text) } catch { asDynamicType = error }
    do { _ = try FontScaleList(parsing: text) } catch { asFontScales = error }
    if let asDynamicType, let asFontScales {
        throw CommandError.usage("--\(option): \(option == "font-scale" ? asFontScales : asDynamicType)")
    }
    return (option, text)
}

/// The font files a sweep reads (the bundled folder's and `--font-file`), as they were when it
/// started. A face copies each table into memory when first used (`FontFileTables`), so a file changed
/// later cannot crash the run; but faces open lazily, so a file rewritten in place before its face
/// is opened would mix two fonts in one report. The watch turns that into an error naming the file
/// (exit 3, no report); a file deleted or replaced by a new one is a warning, since the run keeps
/// the copy it read. The SIGBUS handler covers the moment FreeType maps a file to check it.
struct FontFileWatch {
    /// What identifies a file's contents well enough: its inode, size and modification time.
    struct State: Equatable {
        let inode: UInt, size: Int, modified: Int
    }

    let files: [(path: String, state: State)]

    /// Records the font files of `directory` and `extra`, and installs the SIGBUS handler
    /// (``reportTruncatedFont(_:)``) that names them.
    init(directory: String, extra: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let paths = names.filter { [".ttf", ".otf", ".ttc", ".otc"].contains(where: $0.lowercased().hasSuffix) }.sorted()
            .map { (directory as NSString).appendingPathComponent($0) } + extra
        files = paths.compactMap { path in Self.state(of: path).map { (path, $0) } }
        watchedFonts = files.map { (strdup($0.path)!, $0.state.size) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = reportTruncatedFont
        sigaction(SIGBUS, &action, nil)
    }

    /// Throws when a font file was changed in place during the run; warns when one was deleted or replaced.
    func checkUnchanged() throws {
        for (path, before) in files {
            guard let now = Self.state(of: path), now.inode == before.inode else {
                printError("warning: font file '\(path)' was deleted or replaced during the run; the results use it as it was when the run started")
                continue
            }
            guard now == before else {
                throw CommandError.input("font file '\(path)' changed during the run (\(before.size) → \(now.size) bytes); the results may mix both versions, so no report was written")
            }
        }
    }

    static func state(of path: String) -> State? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return State(inode: UInt(info.st_ino), size: Int(info.st_size), modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
    }
}

/// The watched font files (C strings) and their sizes, for the SIGBUS handler, which must not allocate.
nonisolated(unsafe) var watchedFonts: [(path: UnsafeMutablePointer<CChar>, size: Int)] = []

/// SIGBUS handler: names the watched font files whose size changed, then exits 3. Uses only
/// async-signal-safe calls (write, stat, _exit).
func reportTruncatedFont(_ signal: Int32) {
    func say(_ text: StaticString) { _ = write(2, text.utf8Start, text.utf8CodeUnitCount) }
    say("\ntextfit: a font file was truncated while in use (SIGBUS reading it):")  // \n: past a progress bar
    for font in watchedFonts {
        var info = stat()
        guard stat(font.path, &info) != 0 || Int(info.st_size) != font.size else { continue }
        say(" '")
        _ = write(2, font.path, strlen(font.path))
        say("'")
    }
    say("; no report was written\n")
    _exit(ExitCode.input.rawValue)
}
