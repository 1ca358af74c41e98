import Foundation
import Testing
@testable import Controls
import Typography

// Navigation bars, toolbars and tab bars at 390 × 844, checked against IOSMetrics' rows and hand
// computations. Noto Sans advances (`hb-shape --font-funcs=ot`, 1000 units per em): Bold "Fruit" 2399,
// Bold "Done" 2607, Bold "Benachrichtigungseinstellungen für alle Geräte" 23782; Regular "Cancel"
// 3113, "Edit" 1790. The inline title is 17 pt semibold (barTitleSize), drawn with Noto Sans Bold,
// the nearest face.

private let phone = ProposedViewSize(width: 390, height: 844)

@Suite("Navigation bars, toolbars and tab bars")
struct NavigationTests {
    @Test("An inline title is centred in the 44-pt bar (navigationBarHeight); the content starts below it")
    func inlineTitle() throws {
        let result = NavigationStack {
            Text("Body").id("body").navigationTitle("Fruit").navigationBarTitleDisplayMode(.inline)
        }.layout(in: phone)
        let title = try #require(result.elements.first { $0.kind == "Text" && $0.id != "body" })
        #expect(close(title.frame.width, pt(2399, 17)))
        #expect(close(title.frame.minX, (390 - pt(2399, 17)) / 2))
        #expect(close(title.frame.minY, (44 - line(17)) / 2))
        // The content (a Text, centred by nothing: placed at the top-leading corner of what is left).
        let body = frame(result, "body")
        #expect(body.minY >= 44)
    }

    @Test("A long inline title is one line, cut to what the wider side's items leave: 390 − 2 × (16 + Edit + 16) (barHorizontalMargin, barItemSpacing)")
    func inlineTitleTruncates() throws {
        let result = NavigationStack {
            Text("Body").id("body")
                .navigationTitle("Benachrichtigungseinstellungen für alle Geräte")
                .navigationBarTitleDisplayMode(.inline)
                .toolbar { Button("Edit") {} }
        }.layout(in: phone)
        let title = try #require(result.elements.first { $0.kind == "Text" && $0.frame.minY < 44 && $0.frame.width > 100 })
        // Offered 390 − 2 × (16 + 30.43 + 16) = 265.14; the title needs 23782 × 17 / 1000 = 404.3: one line, cut.
        let offered = 390 - 2 * (16 + pt(1790, 17) + 16)
        #expect(title.frame.width <= offered + 1e-9)
        #expect(close(title.frame.height, line(17)))
        // The Edit button at the trailing margin.
        let edit = try #require(result.elements.first { $0.kind == "Text" && close($0.frame.width, pt(1790, 17)) })
        #expect(close(edit.frame.maxX, 390 - 16))
    }

    @Test("A large title sits in the 52-pt area below the bar (largeTitleAreaHeight), which grows with Dynamic Type: largeTitle is 60 pt at accessibility5")
    func largeTitleGrows() throws {
        for (size, points) in [(DynamicTypeSize.large, 34.0), (.accessibility5, 60.0)] {
            let result = NavigationStack {
                Text("Body").id("body").navigationTitle("Fruit")
            }.dynamicTypeSize(size).layout(in: phone)
            // Apple's table: largeTitle 34 pt at large, 60 at accessibility5. The area is
            // max(52, line + 8) (largeTitleBottomPadding), the title's line ending 8 pt above its bottom.
            let area = max(52, line(points) + 8)
            let title = try #require(result.elements.first { $0.kind == "Text" && $0.id != "body" })
            #expect(close(title.frame.minX, 16))
            #expect(close(title.frame.maxY, 44 + area - 8))
            #expect(close(title.frame.height, line(points)))
            #expect(close(frame(result, "body").minY, 44 + area))
        }
    }

    @Test("Toolbar placements: cancellation leading at 16 pt, confirmation trailing and semibold, both 17 pt at every size (barButtonSize)")
    func toolbarPlacements() throws {
        let result = NavigationStack {
            Text("Body")
                .navigationTitle("Fruit")
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) { Button("Cancel") {} }
                    ToolbarItem(placement: .confirmationAction) { Button("Done") {} }
                }
        }.dynamicTypeSize(.accessibility3).layout(in: phone)
        let cancel = try #require(result.elements.first { $0.kind == "Text" && close($0.frame.width, pt(3113, 17)) })
        let done = try #require(result.elements.first { $0.kind == "Text" && close($0.frame.width, pt(2607, 17)) })
        #expect(close(cancel.frame.minX, 16))
        #expect(close(cancel.frame.minY, (44 - line(17)) / 2))
        #expect(close(done.frame.maxX, 390 - 16))
    }

    @Test("A bottom bar is 44 pt at the bottom (toolbarHeight); the content is offered what the bars leave")
    func bottomBar() throws {
        let result = NavigationStack {
            Color.red.id("content")
                .navigationTitle("Fruit").navigationBarTitleDisplayMode(.inline)
                .toolbar { ToolbarItem(placement: .bottomBar) { Button("Edit") {} } }
        }.layout(in: phone)
        let content = frame(result, "content")
        #expect(close(content.minY, 44))
        #expect(close(content.height, 844 - 44 - 44))
        let edit = try #require(result.elements.first { $0.kind == "Text" && close($0.frame.width, pt(1790, 17)) })
        #expect(close(edit.frame.midY, 844 - 22))
        #expect(close(edit.frame.midX, 195))
    }

    @Test("A tab view: the selected tab's view above a 49-pt bar (tabBarHeight) of equal slots, titles 10 pt at every size (tabTitleSize)")
    func tabView() throws {
        for size in [DynamicTypeSize.large, .accessibility5] {
            let result = TabView {
                Text("Home screen").id("home").tabItem { Text("Home") }
                Text("Settings screen").id("settings").tabItem { Text("Settings") }
            }.dynamicTypeSize(size).layout(in: phone)
            #expect(result.element(id: "home") != nil)
            #expect(result.element(id: "settings") == nil)
            let titles = result.elements.filter { $0.kind == "Text" && $0.frame.minY > 844 - 49 }
            #expect(titles.count == 2)
            for (index, title) in titles.sorted(by: { $0.frame.minX < $1.frame.minX }).enumerated() {
                #expect(close(title.frame.midX, 97.5 + 195 * Double(index)))
                #expect(close(title.frame.height, line(10)))
                #expect(close(title.frame.midY, 844 - 24.5))
            }
        }
    }

    @Test("TabView(selection:) shows the tab whose tag is the selection; iOS 18's Tab too")
    func tabSelection() {
        let tagged = TabView(selection: .constant(2)) {
            Text("One").id("one").tabItem { Text("1") }.tag(1)
            Text("Two").id("two").tabItem { Text("2") }.tag(2)
        }.layout(in: phone)
        #expect(tagged.element(id: "one") == nil)
        #expect(tagged.element(id: "two") != nil)
        let tabs = TabView(selection: .constant("b")) {
            Tab("A", systemImage: "a.circle", value: "a") { Text("A screen").id("a") }
            Tab("B", systemImage: "b.circle", value: "b") { Text("B screen").id("b") }
        }.layout(in: phone)
        #expect(tabs.element(id: "a") == nil)
        #expect(tabs.element(id: "b") != nil)
        // A Tab's icon is its symbol, 18 pt at large scale (tabItemSymbolPointSize): 23.4 × 23.4, in a
        // 25 × 25 slot (tabIconSize) above its title.
        #expect(tabs.elements.filter { $0.kind == "Image" && close($0.frame.width, 23.4) && close($0.frame.height, 23.4) }.count == 2)
        #expect(tabs.elements.filter { $0.frame.size == IOSMetrics.tabIconSize }.count == 2)
    }

    @Test("A navigation split view on iPhone shows its sidebar in a stack; a navigation link in a list is its label and a chevron (chevronSize, scaled with .body)")
    func splitViewAndLinks() throws {
        for (size, body) in [(DynamicTypeSize.large, 17.0), (.accessibility3, 40.0)] {
            let result = NavigationSplitView {
                List { NavigationLink("Inbox") { Text("Mail") } }
                    .navigationTitle("Mailboxes")
            } detail: {
                Text("Detail").id("detail")
            }.dynamicTypeSize(size).layout(in: phone)
            #expect(result.element(id: "detail") == nil)
            let scale = body / 17
            let chevron = try #require(result.elements.first { close($0.frame.width, 8 * scale) && close($0.frame.height, 13 * scale) })
            // Trailing edge of the row's content: 390 − 16 − 16.
            #expect(close(chevron.frame.maxX, 390 - 32))
        }
    }
}
