// The app's root: three tabs, each a navigation stack.
import SwiftUI

enum AppTab: Hashable, Sendable {
    case explore, trips, settings
}

struct AppTabView: View {
    @State private var selection: AppTab

    init(selection: AppTab = .explore) {
        _selection = State(initialValue: selection)
    }

    var body: some View {
        TabView(selection: $selection) {
            ExploreView()
                .tabItem { Label("tab.explore", systemImage: "globe.europe.africa") }
                .tag(AppTab.explore)
            TripsView()
                .tabItem { Label("tab.trips", systemImage: "suitcase") }
                .tag(AppTab.trips)
            SettingsView()
                .tabItem { Label("tab.settings", systemImage: "gearshape") }
                .tag(AppTab.settings)
        }
        .tint(Color("BrandColor"))
    }
}
