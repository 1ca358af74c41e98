import Foundation
import Testing
import TextFit

// Code as it is written for SwiftUI, with `import TextFit` alone: an `@Observable` model (no
// `import Observation`: TextFit re-exports it, as SwiftUI does), `@Entry`, `#Preview`, and the
// platform branch docs/porting.md is about, compiled here without TEXTFIT_IOS.

@Observable
final class OrderStore {
    var orders = ["Sushi", "Ramen"]
}

extension EnvironmentValues {
    @Entry var orderIconSide: CGFloat = 20
}

/// Food Truck's order row, in short: its icon is 40 × 40 on iOS and 20 × 20 elsewhere.
struct OrderRow: View {
    let order: String

    var body: some View {
        HStack {
            #if os(iOS)
            Color.orange.frame(width: 40, height: 40).id("icon")
            #else
            Color.orange.frame(width: 20, height: 20).id("icon")
            #endif
            Text(order)
        }
    }
}

/// The pattern docs/porting.md gives: iOS's branch when TEXTFIT_IOS is defined.
struct PortedOrderRow: View {
    let order: String

    var body: some View {
        HStack {
            #if os(iOS) || TEXTFIT_IOS
            Color.orange.frame(width: 40, height: 40).id("icon")
            #else
            Color.orange.frame(width: 20, height: 20).id("icon")
            #endif
            Text(order)
        }
    }
}

struct OrdersView: View {
    @Environment(OrderStore.self) private var store
    @Environment(\.orderIconSide) private var side

    var body: some View {
        VStack(alignment: .leading) {
            ForEach(store.orders, id: \.self) { order in
                Color.orange.frame(width: side, height: side)
            }
        }
    }
}

#Preview("Orders") {
    OrdersView()
        .environment(OrderStore())
}

@Suite("Porting notes: what Linux compiles, and how iOS's branch is chosen")
struct PortingTests {
    @Test("On Linux `#if os(iOS)` is false: the row silently takes the other branch (a 20 × 20 icon, not iOS's 40 × 40)")
    func osIOSIsFalse() throws {
        let row = OrderRow(order: "Sushi").layout(in: ProposedViewSize(width: 390, height: nil))
        #expect(try #require(row.element(id: "icon")).frame.size == CGSize(width: 20, height: 20))
        #if canImport(UIKit)
        Issue.record("canImport(UIKit) is true on this platform; docs/porting.md says it is false on Linux")
        #endif
    }

    @Test("`#if os(iOS) || TEXTFIT_IOS` without the define is the same other branch (the SwiftUIImportTests target defines it and gets 40 × 40)")
    func withoutTheDefine() throws {
        let row = PortedOrderRow(order: "Sushi").layout(in: ProposedViewSize(width: 390, height: nil))
        #expect(try #require(row.element(id: "icon")).frame.size == CGSize(width: 20, height: 20))
    }

    @Test("`import TextFit` brings Observation, #Preview and @Entry: the Orders preview lays out its model's rows")
    func textFitImport() throws {
        let preview = try #require(Preview.named("Orders"))
        #expect(preview.module == "SwiftUICompatibilityTests")
        let result = try preview.layout(on: "iPhone SE (3rd generation)")
        #expect(result.size == CGSize(width: 375, height: 667))
        let squares = OrdersView().environment(OrderStore()).environment(\.orderIconSide, 30)
            .layout(in: ProposedViewSize(width: 375, height: nil))
        #expect(squares.size == CGSize(width: 30, height: 30 * 2 + 8))  // two rows, VStack's 8 pt between them
    }

    @Test("Preview.all holds every module's #Preview, each module's in file and line order")
    func everyModule() {
        let modules = Set(Preview.all.map(\.module))
        // Both test modules of this binary that declare previews.
        #expect(modules.isSuperset(of: ["SwiftUICompatibilityTests", "SwiftUIImportTests"]))
        for module in modules {
            let lines = Preview.all.filter { $0.module == module }.map(\.source)
            #expect(lines == lines.sorted { ($0.split(separator: ":")[0], Int($0.split(separator: ":")[1])!) < ($1.split(separator: ":")[0], Int($1.split(separator: ":")[1])!) })
        }
    }
}
