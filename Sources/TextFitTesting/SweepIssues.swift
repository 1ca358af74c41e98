import Foundation
import LocalizationStress
import Synchronization
import Testing

// A localization sweep's failures as Swift Testing issues, each at the source line of the text
// that fails, naming the sweep, with a picture of the screen attached. This module is the only
// part of TextFit that imports Testing (a test target depends on the `TextFitTesting` product), so
// an app or tool that uses `LocalizationSweep` outside its tests does not link Swift Testing.

extension LocalizationSweep {
    /// Runs the sweep and records each failing group of findings (``LocalizationSweep/Report/failures``)
    /// as an issue of the running test, at the line of the text that fails
    /// (``LocalizationSweep/Report/recordIssues(attachingPicturesFrom:filePath:sourceLocation:)``),
    /// with a picture of the screen attached. Returns the report.
    ///
    /// ```swift
    /// @Test func settingsFitInEveryLanguage() throws {
    ///     try LocalizationSweep("Settings", screens: [.init("Settings") { SettingsView() }],
    ///                           bundle: Bundle(path: "Sources/MyApp/Resources")!).expectNoFindings()
    /// }
    /// ```
    @discardableResult
    public func expectNoFindings(attachingPictures: Bool = true, filePath: String = #filePath,
                                 sourceLocation: SourceLocation = #_sourceLocation) -> Report {
        let report = run()
        report.recordIssues(attachingPicturesFrom: attachingPictures ? self : nil, filePath: filePath, sourceLocation: sourceLocation)
        return report
    }
}

extension LocalizationSweep.Report {
    /// Records each failing group (one no allowance covers) as an issue of the running test: one
    /// issue per screen × key × kind, not one per layout (a text untranslated in a locale is 36
    /// findings on three devices at twelve sizes, and one issue). The issue's comment is the
    /// group's description after the sweep's name: "Settings sweep: Settings: settings.sync.title
    /// truncated in de from accessibility2 on iPhone SE (3rd generation); fits on iPhone 16 Pro
    /// Max — needs 367.8 pt, has 343 pt (+24.8); the translation's fault (en fits) — MyApp/Settings.swift:11".
    ///
    /// The issue is at the text's source line: its `#fileID` (`MyApp/Settings.swift`) and line, with
    /// the file's path found in the package of the test that calls this (the folder above
    /// `filePath` holding `Package.swift`, searched for the file, a folder named after the module
    /// preferred), else the `#fileID` as the path. A text that records no line (`Text(verbatim:)`,
    /// a layout file's) is recorded at `sourceLocation`, the call's.
    ///
    /// With `sweep` (the sweep that made the report), the picture of the screen where the group
    /// fails first (``LocalizationSweep/picture(of:)``, SVG) is attached to the test, named
    /// `screen-locale-size-device.svg`; `swift test --attachments-path DIR` saves it.
    public func recordIssues(attachingPicturesFrom sweep: LocalizationSweep? = nil, filePath: String = #filePath,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        for issue in issues(near: filePath, default: sourceLocation) {
            Issue.record(Comment(rawValue: issue.comment), sourceLocation: issue.location)
            if let sweep, let picture = sweep.picture(of: issue.group.first) {
                Attachment.record(picture, named: issue.pictureName, sourceLocation: issue.location)
            }
        }
    }

    /// What ``recordIssues(attachingPicturesFrom:filePath:sourceLocation:)`` records: for each
    /// failing group, its comment, source location and picture name.
    func issues(near filePath: String, default fallback: SourceLocation) -> [(group: LocalizationSweep.FindingGroup, comment: String,
                                                                              location: SourceLocation, pictureName: String)] {
        failures.map { group in
            var location = fallback
            if let fileID = group.fileID, fileID.contains("/"), let line = group.line, line > 0 {
                location = SourceLocation(fileID: fileID, filePath: SourcePaths.path(of: fileID, near: filePath) ?? fileID,
                                          line: line, column: 1)
            }
            let first = group.first
            let name = [first.screen, first.locale, first.size.description, first.device].joined(separator: "-")
                .map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }
            return (group, "\(self.name) sweep: \(group)", location, String(name) + ".svg")
        }
    }
}

/// Finds a source file's path from its `#fileID` (`Module/File.swift`): in the package whose folder
/// holds the calling test's file, the files with that name (build folders and hidden ones left
/// out), the one in a folder named after the module first. Each package's files are listed once.
enum SourcePaths {
    private static let listed = Mutex<[String: [String: [String]]]>([:])

    /// The path of the file `fileID` names, in the package around `filePath`; `nil` when not found.
    static func path(of fileID: String, near filePath: String) -> String? {
        let parts = fileID.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, let root = packageRoot(of: filePath) else { return nil }
        let files = listed.withLock { cache in
            if let known = cache[root] { return known }
            let made = list(root)
            cache[root] = made
            return made
        }
        let candidates = files[(parts[1] as NSString).lastPathComponent] ?? []
        return candidates.first { $0.contains("/\(parts[0])/") } ?? candidates.first
    }

    /// The nearest folder above `filePath` with a `Package.swift`.
    static func packageRoot(of filePath: String) -> String? {
        var folder = (filePath as NSString).deletingLastPathComponent
        while !folder.isEmpty, folder != "/" {
            if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// The Swift files under `root` by file name, hidden folders and `.build` left out.
    private static func list(_ root: String) -> [String: [String]] {
        var files: [String: [String]] = [:]
        guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: root), includingPropertiesForKeys: nil,
                                                          options: [.skipsHiddenFiles]) else { return files }
        for case let url as URL in walker {
            if url.lastPathComponent == ".build" || url.lastPathComponent == "node_modules" {
                walker.skipDescendants()
                continue
            }
            if url.pathExtension == "swift" { files[url.lastPathComponent, default: []].append(url.path) }
        }
        for name in files.keys { files[name]!.sort() }
        return files
    }
}
