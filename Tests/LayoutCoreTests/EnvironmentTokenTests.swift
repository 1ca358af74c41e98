import Foundation
@testable import LayoutCore
import Synchronization
import Testing

/// What a module derives from an environment is kept with the environment's token
/// (`EnvironmentToken.derived`): one object per state of the values, a new one after any change.
@Suite("Environment tokens keep derived values")
struct EnvironmentTokenTests {
    final class Derived: Sendable {
        let scale: CGFloat
        init(_ scale: CGFloat) { self.scale = scale }
    }
    final class Other: Sendable {}

    @Test("The same state gives the same object; a change gives a new token and a new object")
    func keptPerState() throws {
        var environment = EnvironmentValues()
        #expect(environment.token == nil)  // no value set: nothing to keep anything with
        environment.displayScale = 2
        let token = try #require(environment.token)
        let made = Atomic<Int>(0)
        func derive(_ environment: EnvironmentValues) -> Derived {
            environment.token!.derived { made.add(1, ordering: .relaxed); return Derived(environment.displayScale) }
        }
        let first = derive(environment)
        let copy = environment  // a copy shares the state, so the token
        #expect(derive(copy) === first)
        #expect(made.load(ordering: .relaxed) == 1)

        environment.displayScale = 3
        #expect(environment.token !== token)
        let second = derive(environment)
        #expect(second !== first && second.scale == 3 && first.scale == 2)
        #expect(made.load(ordering: .relaxed) == 2)
        #expect(derive(copy) === first)  // the old state still has its own
    }

    @Test("Another type is made each time, and does not push out the kept one")
    func oneSlot() throws {
        var environment = EnvironmentValues()
        environment.displayScale = 2
        let token = try #require(environment.token)
        let kept = token.derived { Derived(2) }
        let a = token.derived { Other() }, b = token.derived { Other() }
        #expect(a !== b)
        #expect(token.derived { Derived(5) } === kept)
    }

    @Test("Threads racing to fill the slot all get the one object kept, and it is freed with the token")
    func racing() async throws {
        var environment = EnvironmentValues()
        environment.displayScale = 2
        weak var freed: Derived?
        do {
            let token = try #require(environment.token)
            let objects = await withTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<16 { group.addTask { ObjectIdentifier(token.derived { Derived(2) }) } }
                return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(objects.count == 1)
            freed = token.derived { Derived(9) }
            #expect(freed != nil)
            environment = EnvironmentValues()  // the last reference to the token goes
        }
        #expect(freed == nil)
    }
}
