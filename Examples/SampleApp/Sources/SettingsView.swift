// The Settings tab: a form of pickers, switches and the app's version.
import SwiftUI

struct SettingsView: View {
    @Environment(TravelStore.self) private var store

    var body: some View {
        @Bindable var store = store
        NavigationStack {
            Form {
                Section("settings.travel") {
                    Picker("settings.currency", selection: $store.currency) {
                        ForEach(["EUR", "USD", "JPY"], id: \.self) { code in
                            Text(verbatim: code).tag(code)
                        }
                    }
                }

                // One row per choice: at the largest sizes a menu's label and value do not fit one
                // row beside each other in every language (Japanese: 単位 / メートル法).
                Section("settings.units") {
                    Picker("settings.units", selection: $store.units) {
                        Text("settings.units.metric").tag(Units.metric)
                        Text("settings.units.imperial").tag(Units.imperial)
                    }
                    .pickerStyle(.inline)
                    .labelsHidden()
                }

                Section {
                    Toggle("settings.offline", isOn: $store.downloadsMapsOffline)
                    Toggle("settings.priceAlerts", isOn: $store.sendsPriceAlerts)
                } header: {
                    Text("settings.downloads")
                } footer: {
                    Text("settings.offline.footer")
                }

                Section {
                    LabeledContent("settings.version", value: store.appVersion)
                    Button("settings.signOut", role: .destructive) {}
                }
            }
            .navigationTitle("settings.title")
        }
    }
}

#Preview("Settings tab") {
    AppTabView(selection: .settings)
        .environment(TravelStore())
}
