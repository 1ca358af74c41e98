import Foundation

/// Everything that can go wrong while finding fonts or measuring text. Each case names the input
/// that is wrong and why, so its ``description`` can be shown to a user as it is.
public enum TypographyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read (missing, unreadable, a directory).
    case unreadableFile(path: String, reason: String)
    /// The file was read but is not a font FreeType and HarfBuzz can use.
    case notAFont(path: String, reason: String)
    /// A face index beyond the faces a font file (or collection) holds.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// No font family of that name is known.
    case unknownFamily(name: String, suggestions: [String])
    /// A size that is not a finite number in the accepted range.
    case invalidSize(value: Double, reason: String)
    /// A tracking value that is not finite.
    case invalidTracking(value: Double)
    /// An OpenType feature setting HarfBuzz cannot parse.
    case invalidFeature(String)
    /// The bundled font folder is missing or holds no fonts.
    case bundledFontsMissing(path: String)
    /// A list of axis settings (`wght=550,GRAD=50`) with an item that does not parse.
    case invalidVariations(String, reason: String)
    /// An axis setting for an axis the font does not have.
    case unknownAxis(tag: String, font: String, axes: [String])
    /// A named instance the font does not have.
    case unknownInstance(name: String, font: String, instances: [String])
    /// A text style of the other platform (`bodyLarge` under iOS, `body` under Android).
    case styleOfOtherPlatform(style: String, platform: String)
    /// The Apple fonts folder holds none of the files looked for (or, with none looked for, cannot be listed).
    case appleFontsMissing(path: String, lookedFor: [String])
    /// A font file changed in place (size or modification time) after TextFit opened it, before a
    /// table it needed was read: the answer would mix two versions of the font.
    case fontFileChanged(path: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "cannot read font file '\(path)': \(reason)"
        case .notAFont(let path, let reason):
            return "'\(path)' is not a usable font: \(reason)"
        case .faceIndexOutOfRange(let path, let index, let count):
            return "'\(path)' has \(count) face\(count == 1 ? "" : "s"); face index \(index) does not exist"
        case .unknownFamily(let name, let suggestions):
            let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?)"
            return "unknown font family '\(name)'\(hint); `textfit fonts` lists the families"
        case .invalidSize(let value, let reason):
            return "invalid font size \(value): \(reason)"
        case .invalidTracking(let value):
            return "invalid tracking \(value): it must be a number of points from -16384 to 16384"
        case .invalidFeature(let feature):
            return "invalid OpenType feature '\(feature)': expected e.g. 'tnum', '-liga', 'ss01=1' or 'kern[3:5]=0'"
        case .bundledFontsMissing(let path):
            return "no bundled fonts in '\(path)': set TEXTFIT_FONTS to the folder holding TextFit's fonts/"
        case .invalidVariations(let item, let reason):
            return "invalid font variation '\(item)': \(reason)"
        case .unknownAxis(let tag, let font, let axes):
            let known = axes.isEmpty ? "it is not a variable font" : "its axes are \(axes.joined(separator: ", "))"
            return "font '\(font)' has no '\(tag)' axis: \(known)"
        case .unknownInstance(let name, let font, let instances):
            let known = instances.isEmpty ? "it has no named instances" : "its instances are \(instances.map { "'\($0)'" }.joined(separator: ", "))"
            return "font '\(font)' has no named instance '\(name)': \(known)"
        case .styleOfOtherPlatform(let style, let platform):
            let hint = platform == "ios" ? "a Material 3 style is Android's (use --platform android, or an iOS style such as body)"
                : "an Apple text style is iOS's (use a Material 3 style such as bodyLarge, or --platform ios)"
            return "text style '\(style)' under platform '\(platform)': \(hint)"
        case .fontFileChanged(let path):
            return "font file '\(path)' changed on disk after it was opened; measure again (a font must not be rewritten in place while it is in use)"
        case .appleFontsMissing(let path, let lookedFor) where lookedFor.isEmpty:
            return "the Apple fonts folder '\(path)' does not exist or cannot be listed"
        case .appleFontsMissing(let path, let lookedFor):
            return "no SF Pro in the Apple fonts folder '\(path)': looked for \(lookedFor.joined(separator: ", ")) "
                + "(download SF Pro from developer.apple.com/fonts and point TEXTFIT_APPLE_FONTS or --apple-fonts at the folder holding its .ttf/.otf files)"
        }
    }
}
