// Images, labels and shape styles as app code writes them (a podcast app's episode row and a
// settings list), with `import TextFit` alone. The app's asset catalog is the ControlsTests fixture
// (Tests/ControlsTests/Fixtures/make-fixtures.py lists each file's pixels), given as the
// environment's `mainBundle`. Expected frames are worked out by hand below; text widths from hb-shape.

import Foundation
import Testing
import TextFit

struct Episode {
    let title: String
    let minutes: Int
    let rating: Double
}

/// An episode row: artwork, title, duration and rating.
struct EpisodeRow: View {
    let episode: Episode

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            Image("Avatar")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .frame(width: 60, height: 60)
                .clipShape(RoundedRectangle(cornerRadius: 8))
                .id("artwork")
            VStack(alignment: .leading, spacing: 4) {
                Text(episode.title)
                    .font(.headline)
                Label("\(episode.minutes) min", systemImage: "clock")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .id("duration")
                Text("Rated \(Image(systemName: "star.fill")) \(episode.rating, specifier: "%.1f")")
                    .foregroundStyle(Color("Brand"))
                    .id("rating")
            }
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12))
    }
}

/// A settings list's rows: labels whose icons line up, in the app's tint.
struct SettingsLabels: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Label("Notifications", systemImage: "bell.badge").id("notifications")
            Label("Artwork", image: "Icons/Star").id("artwork")
            Label("Sync", systemImage: "arrow.triangle.2.circlepath")
                .labelStyle(.iconOnly)
                .id("sync")
        }
        .labelReservedIconWidth(28)
        .foregroundStyle(.tint)
        .background(Color.blue.gradient.opacity(0.1))
    }
}

/// A badge with a gradient and a card with a fill level, as styles are written since iOS 17.
struct StyledCard: View {
    var body: some View {
        ZStack(alignment: .topTrailing) {
            RoundedRectangle(cornerRadius: 16)
                .fill(.fill.tertiary)
                .frame(width: 160, height: 100)
            Text("NEW")
                .font(.caption2)
                .padding(.horizontal, 6)
                .padding(.vertical, 2)
                .background(LinearGradient(colors: [.orange, .pink], startPoint: .leading, endPoint: .trailing), in: Capsule())
                .foregroundStyle(.white)
                .id("badge")
        }
        .overlay(alignment: .bottomLeading) {
            Text("Open").foregroundStyle(.link).padding(8)
        }
    }
}

@Suite("Images, labels and shape styles compile with import TextFit and lay out by SwiftUI's rules")
struct ImageLabelCompatibilityTests {
    let environment: EnvironmentValues = {
        var environment = EnvironmentValues()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ControlsTests/Fixtures").standardizedFileURL.path
        environment.mainBundle = Bundle(path: fixtures)
        return environment
    }()

    @Test("An episode row: artwork fitted in its frame, a caption label, a rating with an inline star")
    func episodeRow() {
        let result = EpisodeRow(episode: Episode(title: "Layout", minutes: 38, rating: 4.5))
            .layout(in: ProposedViewSize(width: 390, height: nil), environment: environment)
        // Artwork: the 40 × 30 pt image set fitted in 60 × 60 is 60 × 45, centred: 7.5 down; the
        // row is padded by 16.
        let artwork = result.element(id: "artwork")!.frame
        #expect(artwork == CGRect(x: 16, y: 16, width: 60, height: 60))
        let image = result.elements.first { $0.kind == "Image" }!.frame
        #expect(image == CGRect(x: 16, y: 16 + 7.5, width: 60, height: 45))
        // The caption label: caption1 is 12 pt, so its clock is 12 × 12; "38 min" (hb-shape Noto
        // Sans: 572 + 572 + 260 + 935 + 258 + 618 = 3215 units) is 38.58 wide, 8 pt after the clock.
        let duration = result.element(id: "duration")!.frame
        #expect(abs(duration.width - (12 + 8 + 38.58)) < 1e-3, "\(duration)")
        // The rating: "Rated " 2983 + " 4.5" 1672 units at 17 pt, plus the 17 pt star.
        let rating = result.element(id: "rating")!.frame
        #expect(abs(rating.width - (4655 * 0.017 + 17)) < 1e-3, "\(rating)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test("Settings labels: icons in a 28 pt column, titles lined up 8 pt after it")
    func settingsLabels() {
        let result = SettingsLabels().layout(in: .unspecified, environment: environment)
        let notifications = result.element(id: "notifications")!.frame
        let artwork = result.element(id: "artwork")!.frame
        // hb-shape fonts/NotoSans-Regular.ttf: "Notifications" (with its "fi" ligature) 760 + 605 +
        // 361 + 258 + 602 + 480 + 561 + 361 + 258 + 605 + 618 + 479 = 5948 units → 101.116 at 17 pt;
        // "Artwork" 639 + 413 + 361 + 786 + 605 + 413 + 534 = 3751 → 63.767. Each is 28 + 8 + its
        // title wide.
        #expect(abs(notifications.width - (28 + 8 + 101.116)) < 1e-3, "\(notifications)")
        #expect(abs(artwork.width - (28 + 8 + 63.767)) < 1e-3, "\(artwork)")
        // The 20 × 20 star image is shorter than the line (23.154): the row is a line tall.
        #expect(abs(artwork.height - 23.154) < 1e-3)
        // Icon only: the 17 × 17 symbol alone, no column.
        #expect(result.element(id: "sync")!.frame.size == CGSize(width: 17, height: 17))
    }

    @Test("A card with a fill level and a gradient badge lays out as its shapes; pictures draw the styles")
    func styledCard() throws {
        let renderer = ImageRenderer(content: StyledCard())
        renderer.environment = environment
        #expect(renderer.result.size == CGSize(width: 160, height: 100))
        let svg = renderer.svg
        #expect(svg.contains("<linearGradient"))
        #expect(svg.contains("fill=\"#767680\" fill-opacity=\"0.12\""))  // tertiarySystemFill (118, 118, 128, 0.12)
        #expect(svg.contains("fill=\"#007aff\""))                         // the link colour
        _ = try renderer.pngData()
    }
}
