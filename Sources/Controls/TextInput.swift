import Foundation
import LayoutCore
import Layouts
import TextLayout

// TextField, SecureField and TextEditor: the text they hold is measured, or, when it is empty, the
// placeholder (the prompt, else the title) in the placeholder colour. Editing is out of scope.
// A field fills the width it is offered; on one line (`axis: .horizontal`, the default) its text is
// cut with "…" where it does not fit (UITextField shows its start and clips the rest); with
// `axis: .vertical` it wraps and grows, up to its line limit. A `.roundedBorder` field adds
// UITextField's insets and border (IOSMetrics).

/// A one-line (or growing) editable text, laid out with its current text or its placeholder.
public struct TextField<Label: View>: View {
    let text: String
    let placeholder: AnyView
    let axis: Axis
    let label: Label

    public var body: some View {
        FieldBody(content: text.isEmpty ? nil : Text(verbatim: text), placeholder: placeholder, axis: axis)
    }
}

extension TextField where Label == Text {
    /// A field titled `Text(titleKey)`, which is its placeholder.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(titleKey, text: text, prompt: nil, axis: .horizontal)
    }

    /// A field titled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text.wrappedValue, placeholder: AnyView(Text(title)), axis: .horizontal, label: Text(title))
    }

    /// A field titled `Text(titleKey)` whose placeholder is `prompt` when given.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(titleKey, text: text, prompt: prompt, axis: .horizontal)
    }

    /// A field that grows along `axis` (`.vertical`: wraps, up to its line limit).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(titleKey, text: text, prompt: nil, axis: axis)
    }

    /// A field with a prompt that grows along `axis`.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(text: text.wrappedValue, placeholder: AnyView(prompt ?? Text(titleKey)), axis: axis, label: Text(titleKey))
    }

    /// A field editing a value written by `format` (its current value is shown).
    public init<F: ParseableFormatStyle & Sendable>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F,
                                                    prompt: Text? = nil) where F.FormatOutput == String {
        self.init(text: format.format(value.wrappedValue), placeholder: AnyView(prompt ?? Text(titleKey)), axis: .horizontal,
                  label: Text(titleKey))
    }

    /// A field editing an optional value written by `format` (empty, showing the placeholder, when `nil`).
    public init<F: ParseableFormatStyle & Sendable>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput?>, format: F,
                                                    prompt: Text? = nil) where F.FormatOutput == String {
        self.init(text: value.wrappedValue.map { format.format($0) } ?? "", placeholder: AnyView(prompt ?? Text(titleKey)),
                  axis: .horizontal, label: Text(titleKey))
    }
}

extension TextField {
    /// A field with a label view (not shown on iOS) and a prompt.
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal, @ViewBuilder label: () -> Label) {
        self.init(text: text.wrappedValue, placeholder: AnyView(prompt ?? Text(verbatim: "")), axis: axis, label: label())
    }
}

/// A field whose text is shown as bullets: one "•" per character, measured as such.
public struct SecureField<Label: View>: View {
    let text: String
    let placeholder: AnyView
    let label: Label

    public var body: some View {
        FieldBody(content: text.isEmpty ? nil : Text(verbatim: String(repeating: "•", count: text.count)),
                  placeholder: placeholder, axis: .horizontal)
    }
}

extension SecureField where Label == Text {
    /// A secure field titled `Text(titleKey)`.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        self.init(text: text.wrappedValue, placeholder: AnyView(prompt ?? Text(titleKey)), label: Text(titleKey))
    }

    /// A secure field titled with the string as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.init(text: text.wrappedValue, placeholder: AnyView(prompt ?? Text(title)), label: Text(title))
    }
}

/// A text field's body: the text (or placeholder) filling the width, in the field style.
private struct FieldBody: View {
    @Environment(\.textFieldStyle) private var style
    let content: Text?
    let placeholder: AnyView
    let axis: Axis

    var body: some View {
        let shown = Group {
            if let content { content } else { placeholder.foregroundStyle(IOSMetrics.placeholderColor) }
        }
        let text = Group {
            if axis == .horizontal { shown.lineLimit(1) } else { shown }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        if style == .roundedBorder {
            text
                .padding(.horizontal, IOSMetrics.roundedTextFieldHorizontalPadding)
                .padding(.vertical, IOSMetrics.roundedTextFieldVerticalPadding)
                .background {
                    RoundedRectangle(cornerRadius: IOSMetrics.roundedTextFieldCornerRadius, style: .continuous)
                        .strokeBorder(IOSMetrics.separatorColor, lineWidth: 1)
                }
        } else {
            text
        }
    }
}

/// A multi-line editable text: fills what it is offered (a `nil` height: its text's), its text
/// wrapped inside UITextView's insets (`IOSMetrics.textEditorVerticalInset` and `…HorizontalInset`).
public struct TextEditor: View {
    let text: String

    /// An editor of `text`.
    public init(text: Binding<String>) { self.text = text.wrappedValue }

    public var body: some View {
        Text(verbatim: text)
            .padding(.horizontal, IOSMetrics.textEditorHorizontalInset)
            .padding(.vertical, IOSMetrics.textEditorVerticalInset)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

// MARK: - Field styles

/// How text fields inside look: ``automatic`` and ``plain`` (the text alone) or ``roundedBorder``.
public protocol TextFieldStyle: Sendable {}

enum TextFieldStyleKind: Sendable, Hashable { case plain, roundedBorder }

protocol KindedTextFieldStyle: TextFieldStyle { var kind: TextFieldStyleKind { get } }

/// The platform's text field style: plain on iOS.
public struct DefaultTextFieldStyle: KindedTextFieldStyle {
    /// The platform's text field style: plain on iOS.
    public init() {}
    var kind: TextFieldStyleKind { .plain }
}
/// A text field with no border.
public struct PlainTextFieldStyle: KindedTextFieldStyle {
    /// A text field with no border.
    public init() {}
    var kind: TextFieldStyleKind { .plain }
}
/// A text field with a rounded border.
public struct RoundedBorderTextFieldStyle: KindedTextFieldStyle {
    /// A text field with a rounded border.
    public init() {}
    var kind: TextFieldStyleKind { .roundedBorder }
}

/// The platform's text field style.
extension TextFieldStyle where Self == DefaultTextFieldStyle {
    /// The platform's text field style: plain on iOS.
    public static var automatic: DefaultTextFieldStyle { .init() }
}
/// A text field with no border.
extension TextFieldStyle where Self == PlainTextFieldStyle {
    /// A text field with no border.
    public static var plain: PlainTextFieldStyle { .init() }
}
/// A text field with a rounded border.
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    /// A text field with a rounded border.
    public static var roundedBorder: RoundedBorderTextFieldStyle { .init() }
}

private struct TextFieldStyleKey: EnvironmentKey { static let defaultValue = TextFieldStyleKind.plain }

extension EnvironmentValues {
    var textFieldStyle: TextFieldStyleKind {
        get { self[TextFieldStyleKey.self] }
        set { self[TextFieldStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of text fields inside.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        environment(\.textFieldStyle, (style as? any KindedTextFieldStyle)?.kind ?? .plain)
    }
}
