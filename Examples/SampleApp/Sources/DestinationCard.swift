// A guide in the Explore grid.
import SwiftUI

struct DestinationCard: View {
    let destination: Destination

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            DestinationPhoto(destination: destination, height: 96)

            VStack(alignment: .leading, spacing: 2) {
                Text(destination.name)
                    .font(.headline)
                Text(destination.country)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                Text("explore.card.places.\(destination.places)")
                    .font(.caption)
                    .foregroundStyle(Color("BrandColor"))
                    .padding(.top, 4)
            }
            .padding(10)
            .frame(maxWidth: .infinity, alignment: .leading)
        }
        .background(.background)
        .clipShape(RoundedRectangle(cornerRadius: 14))
        .overlay {
            RoundedRectangle(cornerRadius: 14)
                .strokeBorder(.quaternary, lineWidth: 1)
        }
    }
}

/// A destination's picture filling a band `height` high, as wide as it is offered, cropped to it.
struct DestinationPhoto: View {
    let destination: Destination
    let height: CGFloat

    var body: some View {
        Color.clear
            .frame(height: height)
            .overlay {
                Image(destination.imageName)
                    .resizable()
                    .scaledToFill()
            }
            .clipped()
    }
}

#Preview("Card", traits: .sizeThatFitsLayout) {
    DestinationCard(destination: .kyoto)
        .frame(width: 170)
        .padding()
}
