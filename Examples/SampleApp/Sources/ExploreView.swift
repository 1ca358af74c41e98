// The Explore tab: a featured guide, then every guide as a grid of cards.
import SwiftUI

struct ExploreView: View {
    @Environment(TravelStore.self) private var store
    @Environment(\.dynamicTypeSize) private var typeSize

    /// Two columns of cards (three on the widest phones); one at accessibility sizes, where a card
    /// needs the whole width for its name.
    private var columns: [GridItem] {
        typeSize.isAccessibilitySize ? [GridItem(.flexible())] : [GridItem(.adaptive(minimum: 140), spacing: 12)]
    }

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 20) {
                    NavigationLink(value: store.featured) {
                        FeaturedGuideCard(destination: store.featured)
                    }
                    .buttonStyle(.plain)

                    Text("explore.popular")
                        .font(.title2.bold())

                    LazyVGrid(columns: columns, spacing: 12) {
                        ForEach(store.destinations) { destination in
                            NavigationLink(value: destination) {
                                DestinationCard(destination: destination)
                            }
                            .buttonStyle(.plain)
                        }
                    }
                }
                .padding()
            }
            .navigationTitle("explore.title")
            .navigationDestination(for: Destination.self) { destination in
                DestinationDetailView(destination: destination)
            }
        }
    }
}

/// The guide the tab leads with: a picture, its title and a two-line teaser, cut on purpose (the
/// whole story is on the guide's page).
struct FeaturedGuideCard: View {
    let destination: Destination

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            DestinationPhoto(destination: destination, height: 150)
                .clipShape(RoundedRectangle(cornerRadius: 12))

            Text("explore.featured.label")
                .font(.caption.weight(.semibold))
                .textCase(.uppercase)
                .foregroundStyle(Color("BrandColor"))
            Text("explore.featured.title")
                .font(.title3.bold())
            Text("explore.featured.teaser")
                .font(.subheadline)
                .foregroundStyle(.secondary)
                .lineLimit(2)
                .accessibilityIdentifier("featured-teaser")
        }
    }
}

#Preview("Explore tab") {
    AppTabView(selection: .explore)
        .environment(TravelStore())
}
