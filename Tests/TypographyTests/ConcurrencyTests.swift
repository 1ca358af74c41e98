import Testing
@testable import Typography

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("8 tasks measuring the same and different strings at once give identical results")
    func parallelMeasurements() async throws {
        let texts = ["Hello, world", "مرحبا بالعالم", "ภาษาไทย", "日本語", "대한민국", "👨‍👩‍👧‍👦", "Ελληνικά", "Русский"]
        // Reference values from a separate shaper, one at a time.
        let reference = try Fixtures.shaper()
        let expected = try texts.map { try reference.measure($0, attributes: Fixtures.attributes()).width }
        // A small shared cache so tasks also race on eviction.
        let shared = Shaper(library: try Fixtures.library(), lineCacheCapacity: 4, runCacheCapacity: 4)
        let results = try await withThrowingTaskGroup(of: [Double].self) { group in
            for task in 0..<8 {
                group.addTask {
                    try (0..<200).map { i in
                        // Half the tasks measure the same strings in the same order, half rotate.
                        let index = task % 2 == 0 ? i % texts.count : (i + task) % texts.count
                        let width = try shared.measure(texts[index], attributes: Fixtures.attributes()).width
                        return width - expected[index]
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.count == 1600)
        #expect(results.allSatisfy { $0 == 0 })
    }
}
