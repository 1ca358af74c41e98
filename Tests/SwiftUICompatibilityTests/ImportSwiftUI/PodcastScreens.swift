// A view file as an app's repository has it: `import SwiftUI`, an `@Observable` model read from the
// environment, an `@Entry`, `@Bindable`, an iOS-only branch, `#Preview`s and a `PreviewProvider`.
// Nothing here is edited for TextFit: the SwiftUI product and TEXTFIT_IOS (Package.swift) make it
// compile and take iOS's branch on Linux. PodcastScreensTests.swift lays it out.
import SwiftUI

@Observable
final class PodcastLibrary {
    var title = "Library"
    var showsPlayedEpisodes = false
    var episodes: [Episode] = [
        Episode(id: 1, title: "The Art of the Title", minutes: 42),
        Episode(id: 2, title: "Rindfleischetikettierung", minutes: 7),
    ]
}

struct Episode: Identifiable {
    let id: Int
    let title: String
    let minutes: Int

    static let sample = Episode(id: 3, title: "Pilot", minutes: 31)
}

extension EnvironmentValues {
    @Entry var episodeRowSpacing: CGFloat = 8
    @Entry var highlightedEpisode: Int?
}

struct EpisodeRow: View {
    let episode: Episode
    @Environment(\.episodeRowSpacing) private var spacing
    @Environment(\.highlightedEpisode) private var highlighted

    var body: some View {
        HStack(spacing: spacing) {
            #if os(iOS) || TEXTFIT_IOS
            Color.accentColor.frame(width: 40, height: 40)
                .id("artwork")
            #else
            Color.accentColor.frame(width: 20, height: 20)
                .id("artwork")
            #endif
            VStack(alignment: .leading, spacing: 2) {
                SwiftUI.Text(episode.title)
                    .font(highlighted == episode.id ? .headline : .body)
                    .id("title")
                Text("\(episode.minutes) min")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

struct LibraryView: View {
    @Environment(PodcastLibrary.self) private var library

    var body: some View {
        SwiftUI.VStack(alignment: .leading, spacing: 12) {
            Text(library.title)
                .font(.largeTitle.bold())
                .id("library title")
            ForEach(library.episodes) { episode in
                EpisodeRow(episode: episode)
            }
            PlayedEpisodesSwitch(library: library)
        }
        .padding()
    }
}

/// What a Toggle would be given: a binding to the model's property.
struct PlayedEpisodesSwitch: View {
    @Bindable var library: PodcastLibrary

    var body: some View {
        PlayedEpisodesLabel(isOn: $library.showsPlayedEpisodes)
    }
}

struct PlayedEpisodesLabel: View {
    @Binding var isOn: Bool

    var body: some View {
        Text(isOn ? "Hide played episodes" : "Show played episodes")
            .id("played switch")
    }
}

/// A banner that shows only when an optional model is there.
struct MiniPlayerBanner: View {
    @Environment(PodcastLibrary.self) private var library: PodcastLibrary?

    var body: some View {
        if let library {
            Text("Playing from \(library.title)").id("banner")
        }
    }
}

#Preview("Library") {
    LibraryView()
        .environment(PodcastLibrary())
}

#Preview("Episode row", traits: .sizeThatFitsLayout) {
    EpisodeRow(episode: .sample)
}

#Preview(traits: .fixedLayout(width: 320, height: 120), .landscapeLeft) {
    EpisodeRow(episode: .sample)
        .environment(\.highlightedEpisode, 3)
}

#Preview("Played episodes") {
    @Previewable @State var library = PodcastLibrary()
    PlayedEpisodesSwitch(library: library)
        .onAppear { library.showsPlayedEpisodes = true }
}

struct EpisodeRow_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            EpisodeRow(episode: .sample)
                .previewLayout(.sizeThatFits)
                .previewDisplayName("Compact")
            EpisodeRow(episode: .sample)
                .environment(\.episodeRowSpacing, 20)
                .previewDevice(PreviewDevice(rawValue: "iPhone SE (3rd generation)"))
                .previewDisplayName("Wide spacing")
        }
    }
}
