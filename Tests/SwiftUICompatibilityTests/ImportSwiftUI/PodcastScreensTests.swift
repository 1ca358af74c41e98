import Foundation
import SwiftUI
import Testing

/// The line of this module's PodcastScreens.swift that starts with `prefix` (1-based), read from the file.
private func lineOfScreens(startingWith prefix: String) throws -> Int {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PodcastScreens.swift")
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    return try #require(lines.firstIndex { $0.hasPrefix(prefix) }) + 1
}

@Suite("A view file with `import SwiftUI`, unedited")
struct PodcastScreensTests {
    @Test("Its #Preview blocks are found by name, with the file and line they are written at")
    func previewsByName() throws {
        let library = try #require(Preview.named("Library"))
        #expect(library.source == "SwiftUIImportTests/PodcastScreens.swift:\(try lineOfScreens(startingWith: "#Preview(\"Library\")"))")
        #expect(library.module == "SwiftUIImportTests")
        #expect(library.layout == .device)

        let mine = Preview.all.filter { $0.source.hasPrefix("SwiftUIImportTests/PodcastScreens.swift:") }
        #expect(mine.map(\.name) == ["Library", "Episode row", nil, "Played episodes"])
        let unnamed = mine[2]
        #expect(unnamed.layout == .fixed(width: 320, height: 120))
        #expect(unnamed.orientation == .landscapeLeft)
        #expect(Preview.named(unnamed.source)?.source == unnamed.source)
        #expect(Preview.named("Podcasts") == nil)
    }

    @Test("A #Preview on the default device lays out on an iPhone 16 Pro's screen, its model read from the environment")
    func libraryOnDevice() throws {
        let result = try #require(Preview.named("Library")).layout()
        // Apple's HIG: iPhone 16 Pro, 402 × 874 points.
        #expect(result.size == CGSize(width: 402, height: 874))
        let title = try #require(result.element(id: "library title"))
        // The model's title, in largeTitle (34 pt at the large size): taller than a body line.
        #expect(title.frame.height > 34)
        #expect(result.element(id: "played switch") != nil)
    }

    @Test("sizeThatFits takes the views' size; fixed and landscape frame them as asked")
    func layouts() throws {
        // sizeThatFits: the row as it lays out offered the screen (402 × 874), no bigger.
        let row = try #require(Preview.named("Episode row")).layout()
        let alone = EpisodeRow(episode: .sample).layout(in: ProposedViewSize(width: 402, height: 874))
        #expect(row.size == alone.size)
        #expect(row.size.width < 402 && row.size.height < 874)

        let fixed = try #require(Preview.all.first { $0.source.hasPrefix("SwiftUIImportTests/PodcastScreens.swift:") && $0.name == nil }).layout()
        #expect(fixed.size == CGSize(width: 320, height: 120))
        let artwork = try #require(fixed.element(id: "artwork"))
        #expect(artwork.frame.midY == 60)  // centred in the fixed frame

        // Landscape swaps the screen's sides (402 × 874 → 874 × 402) for a device layout.
        let landscape = Preview("Wide", traits: .landscapeRight) { Color.red }
        #expect(try landscape.layout().size == CGSize(width: 874, height: 402))
        #expect(try landscape.layout(on: "iPhone SE (3rd generation)").size == CGSize(width: 667, height: 375))
    }

    @Test("An unknown device is an error that names it and the devices there are")
    func unknownDevice() throws {
        let preview = try #require(Preview.named("Library"))
        #expect(throws: PreviewError.self) { try preview.layout(on: "iPhone 99") }
        do {
            _ = try preview.layout(on: "iPhone 99")
        } catch let error as PreviewError {
            #expect(error.description.contains("\"iPhone 99\""))
            #expect(error.description.contains("iPhone SE (3rd generation)"))
        }
    }

    @Test("With TEXTFIT_IOS defined, `#if os(iOS) || TEXTFIT_IOS` takes iOS's branch: a 40 × 40 artwork")
    func iOSBranch() throws {
        let result = EpisodeRow(episode: .sample).layout(in: ProposedViewSize(width: 390, height: nil))
        #expect(try #require(result.element(id: "artwork")).frame.size == CGSize(width: 40, height: 40))
    }

    @Test("@Entry: an environment value with its default, and as an ancestor sets it")
    func entry() throws {
        let plain = EpisodeRow(episode: .sample).layout(in: ProposedViewSize(width: 390, height: nil))
        let wide = EpisodeRow(episode: .sample).environment(\.episodeRowSpacing, 20)
            .layout(in: ProposedViewSize(width: 390, height: nil))
        func gap(_ result: LayoutResult) throws -> CGFloat {
            try #require(result.element(id: "title")).frame.minX - #require(result.element(id: "artwork")).frame.maxX
        }
        #expect(try gap(plain) == 8)
        #expect(try gap(wide) == 20)
        #expect(EnvironmentValues().episodeRowSpacing == 8)
        #expect(EnvironmentValues().highlightedEpisode == nil)  // an optional without a default is nil

        // The optional entry, set: the highlighted episode's title is in the headline font (semibold).
        var environment = EnvironmentValues()
        environment.highlightedEpisode = 3
        #expect(environment.highlightedEpisode == 3)
        let highlighted = EpisodeRow(episode: .sample).layout(in: ProposedViewSize(width: 390, height: nil), environment: environment)
        #expect(try #require(highlighted.element(id: "title")).frame.width != #require(plain.element(id: "title")).frame.width)
    }

    @Test("@Environment(Model.self) reads the object .environment(_:) put there; optional, it reads nil without one")
    func observableInEnvironment() throws {
        let library = PodcastLibrary()
        library.title = "Bibliothek"
        let banner = MiniPlayerBanner().environment(library).layout(in: ProposedViewSize(width: 390, height: nil))
        let without = MiniPlayerBanner().layout(in: ProposedViewSize(width: 390, height: nil))
        #expect(banner.element(id: "banner") != nil)
        #expect(without.element(id: "banner") == nil)
        #expect(without.size == .zero)

        // The object itself, not a copy: a title set on it shows in the layout.
        let short = LibraryView().environment(library).layout(in: ProposedViewSize(width: 390, height: nil))
        library.title = "Bibliothek der Lieblingssendungen"
        let long = LibraryView().environment(library).layout(in: ProposedViewSize(width: 390, height: nil))
        #expect(try #require(long.element(id: "library title")).frame.height
                > #require(short.element(id: "library title")).frame.height)  // the longer title wraps
    }

    @Test("@Bindable: $model.property binds to the object's property")
    func bindable() {
        let library = PodcastLibrary()
        let binding = Bindable(library).showsPlayedEpisodes
        #expect(binding.wrappedValue == false)
        binding.wrappedValue = true
        #expect(library.showsPlayedEpisodes == true)
        let label = PlayedEpisodesSwitch(library: library).layout(in: ProposedViewSize(width: 390, height: nil))
        #expect(label.element(id: "played switch") != nil)
    }

    @Test("@Previewable state lives in the preview's view, which lays out")
    func previewable() throws {
        let result = try #require(Preview.named("Played episodes")).layout(on: "iPhone 16")
        #expect(result.size == CGSize(width: 393, height: 852))
        #expect(result.element(id: "played switch") != nil)
    }

    @Test("A PreviewProvider's views are previews of their own, named and framed by their modifiers")
    func provider() throws {
        let previews = Preview.all(of: EpisodeRow_Previews.self)
        #expect(previews.map(\.name) == ["Compact", "Wide spacing"])
        #expect(previews.map(\.source) == ["SwiftUIImportTests.EpisodeRow_Previews[0]", "SwiftUIImportTests.EpisodeRow_Previews[1]"])
        #expect(previews[0].layout == .sizeThatFits)
        #expect(previews[1].layout == .device)
        #expect(previews[1].device == PreviewDevice(rawValue: "iPhone SE (3rd generation)"))

        let compact = try previews[0].layout()
        #expect(compact.size == EpisodeRow(episode: .sample).layout(in: ProposedViewSize(width: 402, height: 874)).size)
        let wide = try previews[1].layout()
        #expect(wide.size == CGSize(width: 375, height: 667))  // HIG: iPhone SE (3rd generation)
        let gap = try #require(wide.element(id: "title")).frame.minX - #require(wide.element(id: "artwork")).frame.maxX
        #expect(gap == 20)  // the modifier's environment still applies to the view laid out

        // By name, as a sweep names it.
        #expect(Preview.all(ofProviderNamed: "SwiftUIImportTests.EpisodeRow_Previews")?.map(\.name) == ["Compact", "Wide spacing"])
        #expect(Preview.all(ofProviderNamed: "SwiftUIImportTests.EpisodeRow") == nil)  // a view, not a provider
        #expect(Preview.all(ofProviderNamed: "SwiftUIImportTests.NoSuchType") == nil)
    }

    @Test("A preview's views are made in the environment they are laid out in")
    func previewEnvironment() throws {
        let row = try #require(Preview.named("Episode row"))
        var large = EnvironmentValues()
        large.dynamicTypeSize = .accessibility3
        let small = try row.layout()
        let big = try row.layout(environment: large)
        #expect(try #require(big.element(id: "title")).frame.height > #require(small.element(id: "title")).frame.height)
    }
}
