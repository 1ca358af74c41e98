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
    public static let automatic = SearchFieldPlacement(name: "automatic")
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    public static func navigationBarDrawer(displayMode: SearchFieldPlacement.NavigationBarDrawerDisplayMode = .automatic) -> SearchFieldPlacement {
        SearchFieldPlacement(name: "navigationBarDrawer")
    }
    public enum NavigationBarDrawerDisplayMode: Sendable { case automatic, always }
}

/// The leading or trailing edge.
public enum HorizontalEdge: Int8, Sendable, Hashable, CaseIterable {
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
    public init() {}
    public var body: some View { Button("Edit") {} }
}
