import Foundation

/// Holds the fonts and caches every operation shares; safe to use from many threads.
public final class TextFitEngine: Sendable {
    public let library: FontLibrary
    public let shaper: Shaper

    /// Opens the font library (bundled fonts, plus system fonts unless `bundledOnly`).
    /// - Parameter fontDirectory: the bundled fonts folder; `nil` finds it.
    public init(bundledOnly: Bool = false, fontDirectory: String? = nil) throws {
        library = try FontLibrary(.init(fontDirectory: fontDirectory, useSystemFonts: !bundledOnly))
        shaper = Shaper(library: library)
    }

    /// The families the engine can use.
    public func families() -> [FontFamilyInfo] { library.families() }
}

/// An error in a request: the field named and what is wrong.
public struct RequestError: Error, Equatable, Sendable, CustomStringConvertible {
    public let field: String
    public let message: String

    public init(field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
