import Foundation
import TextFit

// The screen the sweep tests lay out: four texts whose strings come from
// Fixtures/Sweep/Localizable.xcstrings (en, de, fi, ar), each with one problem planted:
//
// - `sweep.title` (one line): German "Synchronisieren" is one word too wide for the smaller iPhones
//   at the largest sizes;
// - `sweep.button` (fixed size in a 210-pt clipped frame): the Arabic label is wider from xxLarge;
// - `sweep.backup`: no Finnish translation;
// - `sweep.teaser` (two lines): cut in every language at every size, on purpose.
//
// The tests name the lines of these texts (`PlantedScreen.swift`, lines 18, 20, 24 and 25): keep
// them where they are.
struct PlantedScreen: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("sweep.title")
                .lineLimit(1)
            Text("sweep.button")
                .fixedSize()
                .frame(width: 210)
                .clipped()
            Text("sweep.backup")
            Text("sweep.teaser")
                .lineLimit(2)
                .id("teaser")
                .accessibilityIdentifier("home.teaser")
        }
        .padding(16)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// The fixture catalogs' folder.
let sweepFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Sweep").path
