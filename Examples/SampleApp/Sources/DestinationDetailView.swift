// A guide's page: its picture, story and facts, a booking button, and a toolbar to save and share it.
import SwiftUI

struct DestinationDetailView: View {
    let destination: Destination
    @State private var isSaved = false

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                DestinationPhoto(destination: destination, height: 200)

                VStack(alignment: .leading, spacing: 16) {
                    VStack(alignment: .leading, spacing: 4) {
                        Text(destination.name)
                            .font(.largeTitle.bold())
                        Text(destination.country)
                            .font(.title3)
                            .foregroundStyle(.secondary)
                    }

                    Text(destination.summary)

                    GroupBox {
                        LabeledContent("detail.flight") {
                            Text("detail.hours.\(destination.flightHours)")
                        }
                        Divider()
                        LabeledContent("detail.places") {
                            Text(destination.places, format: .number)
                        }
                    }

                    BookButton()
                        .frame(maxWidth: .infinity)
                }
                .padding(.horizontal)
            }
            .padding(.bottom)
        }
        .navigationTitle(Text(destination.name))
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .topBarTrailing) {
                Button("detail.save", systemImage: isSaved ? "heart.fill" : "heart") {
                    isSaved.toggle()
                }
            }
            ToolbarItem(placement: .topBarTrailing) {
                ShareLink(item: URL(string: "https://example.com/guides/\(destination.id)")!)
            }
        }
    }
}

/// The booking button: a pill of a fixed width, as the designs have it.
struct BookButton: View {
    var body: some View {
        Button {
        } label: {
            Text("detail.book")
                .font(.headline)
                .fixedSize()
                .frame(width: 160, height: 50)
                .foregroundStyle(.white)
                .background(Color("BrandColor"))
                .clipShape(Capsule())
        }
        .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
    }
}

#Preview("Guide page") {
    NavigationStack {
        DestinationDetailView(destination: .lisbon)
    }
    .environment(TravelStore())
}
