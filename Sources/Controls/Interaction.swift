import Foundation
import LayoutCore
import TextLayout

// Interaction TextFit leaves out, accepted so screens compile: presentations (sheets, covers,
// popovers, alerts, confirmation dialogs), searching, refreshing, swipe actions, context menus and
// list editing. Each returns the presenting view unchanged; what it would present is never evaluated
// (docs/views.md lists them).

extension View {
    /// A sheet shown while `isPresented` is true (never shown: presentation is out of scope).
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View { self }

    /// A sheet for an item (never shown).
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                         @ViewBuilder content: @escaping (Item) -> Content) -> some View { self }

    /// A full-screen cover (never shown).
    public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                               @ViewBuilder content: @escaping () -> Content) -> some View { self }

    /// A full-screen cover for an item (never shown).
    public func fullScreenCover<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                                   @ViewBuilder content: @escaping (Item) -> Content) -> some View { self }

    /// A popover (never shown).
    public func popover<Content: View>(isPresented: Binding<Bool>, arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content) -> some View { self }

    /// An alert (never shown).
    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View { self }

    /// An alert with a message (never shown).
    public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View { self }

    /// An alert titled with a string (never shown).
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View { self }

    /// An alert titled with a string, with a message (never shown).
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                                           @ViewBuilder message: () -> M) -> some View { self }

    /// An alert titled with a `Text` (never shown).
    public func alert<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View { self }

    /// A confirmation dialog (never shown).
    public func confirmationDialog<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                            titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A) -> some View { self }

    /// A confirmation dialog with a message (never shown).
    public func confirmationDialog<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                                     titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A,
                                                     @ViewBuilder message: () -> M) -> some View { self }

    /// A search field in the navigation bar (not drawn: searching is out of scope).
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View { self }

    /// A search field with a prompt key (not drawn).
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey) -> some View { self }

    /// Pull to refresh (never run).
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { self }

    /// Swipe actions on a list row (never shown).
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                      @ViewBuilder content: () -> T) -> some View { self }

    /// A context menu (never shown).
    public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M) -> some View { self }

    /// A context menu with a preview (never shown).
    public func contextMenu<M: View, P: View>(@ViewBuilder menuItems: () -> M, @ViewBuilder preview: () -> P) -> some View { self }
}

/// Where a search field goes (accepted).
public struct SearchFieldPlacement: Sendable, Hashable {
    let name: String
    /// Where the platform puts it (a drawer under the navigation bar on iOS).
    public static let automatic = SearchFieldPlacement(name: "automatic")
    /// In the toolbar.
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    /// In the sidebar.
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    /// In a drawer under the navigation bar.
    public static func navigationBarDrawer(displayMode: SearchFieldPlacement.NavigationBarDrawerDisplayMode = .automatic) -> SearchFieldPlacement {
        SearchFieldPlacement(name: "navigationBarDrawer")
    }
    /// Whether the drawer stays visible when the list scrolls.
    public enum NavigationBarDrawerDisplayMode: Sendable {
        /// As the platform decides: hidden when the list scrolls, on iOS.
        case automatic
        /// Always visible.
        case always
    }
}

/// The leading or trailing edge.
public enum HorizontalEdge: Int8, Sendable, Hashable, CaseIterable {
    /// The leading or trailing edge.
    case leading, trailing
}

extension ForEach {
    /// Rows deletable by swiping (accepted; nothing is deleted).
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach { self }

    /// Rows movable by dragging (accepted; nothing moves).
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach { self }
}

/// An edit button for a list's navigation bar: "Edit", in the tint.
public struct EditButton: View {
    /// SwiftUI's Edit/Done button for lists: a bar button titled "Edit".
    public init() {}
    public var body: some View { Button("Edit") {} }
}

// MARK: - Text input behaviour (accepted; nothing is typed)

/// Which view has the keyboard's focus (`@FocusState`): a stored value, as `State` is; `focused(_:)`
/// binds a view to it. Nothing takes focus in a layout, so the value stays as it is set.
@propertyWrapper
public struct FocusState<Value: Hashable> {
    private let state: State<Value>

    /// A focus state that is `false` (nothing focused).
    public init() where Value == Bool { state = State(wrappedValue: false) }

    /// A focus state that is `nil` (nothing focused).
    public init<T: Hashable>() where Value == T? { state = State(wrappedValue: nil) }

    /// The focused value (`nil`, `false`: nothing focused; nothing is ever focused here).
    public var wrappedValue: Value {
        get { state.wrappedValue }
        nonmutating set { state.wrappedValue = newValue }
    }

    /// A binding to the focus, for `focused(_:)`.
    public var projectedValue: Binding { Binding(binding: state.projectedValue) }

    /// A binding to a focus state, as `focused(_:)` takes it.
    @propertyWrapper
    public struct Binding {
        let binding: LayoutCore.Binding<Value>
        /// The focused value.
        public var wrappedValue: Value {
            get { binding.wrappedValue }
            nonmutating set { binding.wrappedValue = newValue }
        }
        /// This binding.
        public var projectedValue: Binding { self }
    }
}

/// How a text field capitalises what is typed (accepted).
public struct TextInputAutocapitalization: Sendable, Hashable {
    let name: String
    /// No automatic capitals.
    public static let never = TextInputAutocapitalization(name: "never")
    /// A capital at the start of each word.
    public static let words = TextInputAutocapitalization(name: "words")
    /// A capital at the start of each sentence.
    public static let sentences = TextInputAutocapitalization(name: "sentences")
    /// Every character in capitals.
    public static let characters = TextInputAutocapitalization(name: "characters")
}

/// The label of the keyboard's return key (accepted).
public struct SubmitLabel: Sendable, Hashable {
    let name: String
    /// The return key's titles (accepted; there is no keyboard here).
    public static let done = SubmitLabel(name: "done"), go = SubmitLabel(name: "go"), send = SubmitLabel(name: "send")
    /// The return key's titles (accepted).
    public static let join = SubmitLabel(name: "join"), route = SubmitLabel(name: "route"), search = SubmitLabel(name: "search")
    /// The return key's titles (accepted).
    public static let `return` = SubmitLabel(name: "return"), next = SubmitLabel(name: "next"), `continue` = SubmitLabel(name: "continue")
}

/// What a submission comes from (accepted).
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// What submits: a text field, or a search field.
    public static let text = SubmitTriggers(rawValue: 1), search = SubmitTriggers(rawValue: 2)
}

/// UIKit's keyboard types, as `keyboardType(_:)` takes them (accepted; UIKit's type on Apple platforms).
public enum UIKeyboardType: Int, Sendable {
    /// UIKit's keyboard types (accepted; there is no keyboard here).
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
         decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// UIKit's text content types, as `textContentType(_:)` takes them (accepted).
public struct UITextContentType: Sendable, Hashable {
    let rawValue: String
    /// A content type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The kinds of content a text field holds, for autofill (accepted).
    public static let name = UITextContentType(rawValue: "name"), username = UITextContentType(rawValue: "username")
    /// The kinds of content a text field holds, for autofill (accepted).
    public static let password = UITextContentType(rawValue: "password"), newPassword = UITextContentType(rawValue: "newPassword")
    /// The kinds of content a text field holds, for autofill (accepted).
    public static let emailAddress = UITextContentType(rawValue: "emailAddress"), oneTimeCode = UITextContentType(rawValue: "oneTimeCode")
    /// The kinds of content a text field holds, for autofill (accepted).
    public static let telephoneNumber = UITextContentType(rawValue: "telephoneNumber"), URL = UITextContentType(rawValue: "URL")
    /// The kinds of content a text field holds, for autofill (accepted).
    public static let givenName = UITextContentType(rawValue: "givenName"), familyName = UITextContentType(rawValue: "familyName")
    /// The kinds of content a text field holds, for autofill (accepted).
    public static let fullStreetAddress = UITextContentType(rawValue: "fullStreetAddress"), postalCode = UITextContentType(rawValue: "postalCode")
}

extension View {
    /// Binds this view's focus to `binding` (accepted; nothing takes focus).
    public func focused(_ binding: FocusState<Bool>.Binding) -> some View { self }

    /// Binds this view's focus to `binding` being `value` (accepted).
    public func focused<V: Hashable>(_ binding: FocusState<V>.Binding, equals value: V) -> some View { self }

    /// Accepted: how typed text is capitalised.
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }

    /// Accepted: whether typed text is autocorrected.
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }

    /// Accepted (the spelling before iOS 16).
    public func disableAutocorrection(_ disable: Bool?) -> some View { self }

    /// Accepted: the keyboard shown for typing.
    public func keyboardType(_ type: UIKeyboardType) -> some View { self }

    /// Accepted: what the text is, for autofill.
    public func textContentType(_ textContentType: UITextContentType?) -> some View { self }

    /// Accepted: the return key's label.
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }

    /// Accepted: the action never runs.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View { self }
}
