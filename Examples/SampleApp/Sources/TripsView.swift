// The Trips tab: planned and past trips in a list with sections.
import SwiftUI

struct TripsView: View {
    @Environment(TravelStore.self) private var store

    var body: some View {
        NavigationStack {
            List {
                Section("trips.upcoming") {
                    ForEach(store.upcomingTrips) { trip in
                        TripRow(trip: trip)
                    }
                }
                Section {
                    ForEach(store.pastTrips) { trip in
                        TripRow(trip: trip)
                    }
                } header: {
                    Text("trips.past")
                } footer: {
                    Text("trips.past.footer")
                }
            }
            .navigationTitle("trips.title")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button("trips.add", systemImage: "plus") {}
                }
            }
        }
    }
}

struct TripRow: View {
    let trip: Trip

    var body: some View {
        HStack(spacing: 12) {
            Image(trip.destination.imageName)
                .resizable()
                .scaledToFill()
                .frame(width: 48, height: 48)
                .clipShape(RoundedRectangle(cornerRadius: 8))
            VStack(alignment: .leading, spacing: 2) {
                Text(trip.destination.name)
                    .font(.headline)
                Text(trip.start, format: .dateTime.day().month(.wide).year())
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                Text("trips.nights.\(trip.nights)")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

#Preview("Trips tab") {
    AppTabView(selection: .trips)
        .environment(TravelStore())
}
