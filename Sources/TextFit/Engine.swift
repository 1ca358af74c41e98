import Foundation

/// Holds the fonts and caches every operation shares; safe to use from many threads.
public final class TextFitEngine: Sendable {
    /// The fonts: the bundled ones, your Apple fonts, and the system's unless bundled-only.
    public let library: FontLibrary
    /// The shaper every measurement goes through, with its caches.
    public let shaper: Shaper

    /// Opens the font library (bundled fonts, plus system fonts unless `bundledOnly`).
    /// - Parameters:
    ///   - bundledOnly: `true` to use the bundled fonts (and `appleFonts`) alone, not the system's
    ///     (Fontconfig's), so results are the same on every machine.
    ///   - fontDirectory: the bundled fonts folder; `nil` finds it.
    ///   - appleFonts: a folder holding the user's copy of Apple's fonts (SF Pro…): the system font
    ///     on iOS is then SF Pro (``FontLibrary/Configuration/appleFontsDirectory``).
    public init(bundledOnly: Bool = false, fontDirectory: String? = nil, appleFonts: String? = nil) throws {
        library = try FontLibrary(.init(fontDirectory: fontDirectory, useSystemFonts: !bundledOnly, appleFontsDirectory: appleFonts))
        shaper = Shaper(library: library)
    }

    /// The Apple fonts folder the environment names (`TEXTFIT_APPLE_FONTS`), if set and not empty.
    public static var appleFontsFromEnvironment: String? {
        ProcessInfo.processInfo.environment["TEXTFIT_APPLE_FONTS"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The families the engine can use.
    public func families() -> [FontFamilyInfo] { library.families() }
}

/// An error in a request: the field named and what is wrong.
public struct RequestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field at fault, as the request names it (`width`, `dynamicType`, `$.tree.children[2].style`).
    public let field: String
    /// What is wrong with it.
    public let message: String

    /// An error about `field`, saying `message`.
    public init(field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
