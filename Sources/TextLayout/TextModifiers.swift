import Foundation
import LayoutCore
import Typography

// SwiftUI's text modifiers on any view (iOS 16+: `bold(_:)`, `italic(_:)`, `fontWeight(_:)`,
// `kerning(_:)`, `tracking(_:)`, `monospacedDigit()`, `fontDesign(_:)`, `fontWidth(_:)`;
// `textCase(_:)` and `allowsTightening(_:)` since iOS 14 / 13): each sets an environment value
// that every `Text` inside reads for the runs that do not set that attribute themselves. A `Text`'s own modifiers win (`Text("a").fontWeight(.light)`
// stays light inside `.fontWeight(.bold)`), as does the innermost environment modifier.

extension Text {
    /// SwiftUI's `Text.Case`: how ``View/textCase(_:)`` changes the letters of text before it is
    /// measured (with the environment's locale: Turkish "i" uppercases to "İ").
    public enum Case: Hashable, Sendable {
        /// Every letter in capitals.
        case uppercase
        /// Every letter in small letters.
        case lowercase
    }

    /// Digits of equal width (the OpenType feature `tnum`) for every run.
    ///
    /// The bundled Noto Sans and Roboto already have tabular digits by default (every digit
    /// advances 572 units of 1000 in Noto Sans Regular, with or without `tnum`: `hb-shape`), so
    /// this changes widths only with fonts whose default digits are proportional.
    public func monospacedDigit() -> Text { map { $0.monospacedDigit = true } }

    /// The monospaced design of each run's font (SwiftUI's `Text.monospaced(_:)`; what Markdown's
    /// code between backquotes asks for): SF Mono with Apple's fonts; without them the system family, which
    /// has no monospaced design among the bundled fonts.
    public func monospaced(_ isActive: Bool = true) -> Text { isActive ? map { $0.monospaced = true } : self }

    /// The design of the system font for the runs that set none (`nil` changes nothing): SF Pro
    /// Rounded, SF Mono or New York with Apple's fonts (`--apple-fonts`); the bundled stand-in,
    /// Noto Sans, has one design. It replaces the design of a font given with `design:`.
    /// Source: https://developer.apple.com/documentation/swiftui/text/fontdesign(_:)
    public func fontDesign(_ design: Font.Design?) -> Text {
        guard let design else { return self }
        return map { if $0.design == nil { $0.design = design } }
    }

    /// The width of the runs that set none (`nil` changes nothing): a variable font's `wdth` axis
    /// (see ``Font/Width``); a font without the axis keeps its width.
    /// Source: https://developer.apple.com/documentation/swiftui/text/fontwidth(_:)
    public func fontWidth(_ width: Font.Width?) -> Text {
        guard let width else { return self }
        return map { if $0.fontWidth == nil { $0.fontWidth = width } }
    }
}

// MARK: - Keys

private struct BoldKey: EnvironmentKey { static let defaultValue = false }
private struct ItalicKey: EnvironmentKey { static let defaultValue = false }
private struct FontWeightKey: EnvironmentKey { static let defaultValue: Font.Weight? = nil }
private struct KerningKey: EnvironmentKey { static let defaultValue: Double? = nil }
private struct TrackingKey: EnvironmentKey { static let defaultValue: Double? = nil }
private struct MonospacedDigitKey: EnvironmentKey { static let defaultValue = false }
private struct TextCaseKey: EnvironmentKey { static let defaultValue: Text.Case? = nil }
private struct AllowsTighteningKey: EnvironmentKey { static let defaultValue = false }
private struct FontDesignKey: EnvironmentKey { static let defaultValue: Font.Design? = nil }
private struct FontWidthKey: EnvironmentKey { static let defaultValue: Font.Width? = nil }

extension EnvironmentValues {
    /// How text inside changes case before it is measured (`nil`, the default: as written): SwiftUI's `textCase`.
    public var textCase: Text.Case? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }

    /// Whether text may tighten its letter spacing to fit before truncating (default `false`):
    /// SwiftUI's `allowsTightening`. Stored only: TextFit does not tighten (see
    /// ``View/allowsTightening(_:)``).
    public var allowsTightening: Bool {
        get { self[AllowsTighteningKey.self] }
        set { self[AllowsTighteningKey.self] = newValue }
    }

    /// `bold(_:)` on a view: text inside that sets no weight is bold.
    var textBold: Bool {
        get { self[BoldKey.self] }
        set { self[BoldKey.self] = newValue }
    }

    /// `italic(_:)` on a view.
    var textItalic: Bool {
        get { self[ItalicKey.self] }
        set { self[ItalicKey.self] = newValue }
    }

    /// `fontWeight(_:)` on a view.
    var textFontWeight: Font.Weight? {
        get { self[FontWeightKey.self] }
        set { self[FontWeightKey.self] = newValue }
    }

    /// `kerning(_:)` on a view, points.
    var textKerning: Double? {
        get { self[KerningKey.self] }
        set { self[KerningKey.self] = newValue }
    }

    /// `tracking(_:)` on a view, points.
    var textTracking: Double? {
        get { self[TrackingKey.self] }
        set { self[TrackingKey.self] = newValue }
    }

    /// `monospacedDigit()` on a view.
    var textMonospacedDigit: Bool {
        get { self[MonospacedDigitKey.self] }
        set { self[MonospacedDigitKey.self] = newValue }
    }

    /// `fontDesign(_:)` on a view.
    var textFontDesign: Font.Design? {
        get { self[FontDesignKey.self] }
        set { self[FontDesignKey.self] = newValue }
    }

    /// `fontWidth(_:)` on a view.
    var textFontWidth: Font.Width? {
        get { self[FontWidthKey.self] }
        set { self[FontWidthKey.self] = newValue }
    }
}

// MARK: - Modifiers on any view

extension View {
    /// Bold for text inside that sets no weight itself (`false` undoes an outer `bold()`): a text
    /// style's emphasized weight (semibold for body), bold for other fonts, as ``Text/bold()``.
    public func bold(_ isActive: Bool = true) -> some View {
        environmentValue(isActive) { $0.textBold = $1 }
    }

    /// Italic for text inside (`false` undoes an outer `italic()`), in the family's italic face.
    public func italic(_ isActive: Bool = true) -> some View {
        environmentValue(isActive) { $0.textItalic = $1 }
    }

    /// The weight of text inside that sets none itself (`nil`: the font's own).
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        environmentValue(weight) { $0.textFontWeight = $1 }
    }

    /// Adds `kerning` points after every grapheme cluster of text inside that sets no kerning
    /// itself (see ``Text/kerning(_:)``).
    public func kerning(_ kerning: CGFloat) -> some View {
        environmentValue(Double(kerning)) { $0.textKerning = $1 }
    }

    /// Adds `tracking` points after every grapheme cluster of text inside that sets no tracking
    /// itself, turning optional ligatures off (see ``Text/tracking(_:)``).
    public func tracking(_ tracking: CGFloat) -> some View {
        environmentValue(Double(tracking)) { $0.textTracking = $1 }
    }

    /// Digits of equal width in text inside: the OpenType feature `tnum` (see ``Text/monospacedDigit()``).
    public func monospacedDigit() -> some View {
        environmentValue(true) { $0.textMonospacedDigit = $1 }
    }

    /// The system font's design for text inside whose runs set none (`nil`: the font's own);
    /// see ``Text/fontDesign(_:)``.
    public func fontDesign(_ design: Font.Design?) -> some View {
        environmentValue(design) { $0.textFontDesign = $1 }
    }

    /// The width of text inside whose runs set none (`nil`: the font's own); see ``Text/fontWidth(_:)``.
    public func fontWidth(_ width: Font.Width?) -> some View {
        environmentValue(width) { $0.textFontWidth = $1 }
    }

    /// Changes the case of text inside before it is measured, with the environment's locale
    /// (`String.uppercased(with:)`: in Turkish "i" becomes "İ"); `nil` shows it as written.
    public func textCase(_ textCase: Text.Case?) -> some View {
        environmentValue(textCase) { $0.textCase = $1 }
    }

    /// SwiftUI lets text tighten its letter spacing a little before it truncates; Apple does not
    /// say by how much. TextFit stores the setting (``EnvironmentValues/allowsTightening``) but
    /// does not tighten: a text measures and truncates exactly as without this modifier, so a
    /// string TextFit truncates may still fit on a device.
    public func allowsTightening(_ flag: Bool) -> some View {
        environmentValue(flag) { $0.allowsTightening = $1 }
    }
}

// MARK: - Resolution

extension Text {
    /// `string` with the environment's ``EnvironmentValues/textCase`` applied in its locale.
    static func applyingCase(_ string: String, in environment: EnvironmentValues) -> String {
        switch environment.textCase {
        case nil: string
        case .uppercase: string.uppercased(with: environment.locale)
        case .lowercase: string.lowercased(with: environment.locale)
        }
    }

    /// The OpenType feature `tnum` (tabular figures).
    static let tabularDigits = try! FontFeature("tnum")
}

// MARK: - Accepted and ignored (LayoutCore's InertModifiers.swift has the others)

extension View {
    /// Accepted and ignored: what VoiceOver reads.
    public func accessibilityLabel(_ label: Text) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityHint(_ hint: Text) -> some View { self }
    /// Accepted and ignored.
    public func accessibilityValue(_ value: Text) -> some View { self }
    /// Accepted and ignored: a tooltip.
    public func help(_ text: Text) -> some View { self }
}

// MARK: - Buttons with a title (LayoutCore's Button.swift has the button itself)

extension Button where Label == Text {
    // `fileID` and `line` (TextFit's own, defaulted) record where the button is written, for its
    // title's findings (``LayoutResult/findings``).

    /// A button whose label is `Text(titleKey)`: a literal is a key, read as Markdown, as in SwiftUI.
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(action: action) { Text(titleKey, fileID: fileID, line: line) }
    }

    /// A button whose label is the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void, fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(action: action) { Text(title, fileID: fileID, line: line) }
    }

    /// A button with a role whose label is `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping () -> Void,
                fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(role: role, action: action) { Text(titleKey, fileID: fileID, line: line) }
    }

    /// A button with a role whose label is the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void,
                                   fileID: StaticString = #fileID, line: UInt = #line) {
        self.init(role: role, action: action) { Text(title, fileID: fileID, line: line) }
    }
}
