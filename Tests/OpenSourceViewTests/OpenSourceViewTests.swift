import Foundation
import Testing
import SwiftUI

// View files from Apple's public sample apps, compiled as their repositories have them (`import
// SwiftUI`, their previews and platform branches; Fixtures/*/ORIGIN.md names each file's
// repository, path and commit, and LICENSE.txt beside them is the licence they carry), laid out on
// an iPhone 16 Pro and checked against frames worked out by hand below.
//
// What the hand computations use:
// - Text widths: hb-shape advances of the bundled Noto Sans (units of 1,000 per em), × the point
//   size. Bold faces stand in for semibold (the bundled fonts have 400 and 700); medium is set in
//   the 400 face. Heights: Noto Sans's hhea ascender 1,069 and descender 293, no line gap: 1.362 em.
// - Point sizes: Apple's Dynamic Type table (HIG, Typography): at Large, body and headline 17,
//   title3 20, caption 12; title3 at xLarge 22; body at accessibility3 40, caption 32.
// - On a device a text's size is rounded up to the pixel grid (docs/devices.md): 1/3 pt on an
//   iPhone 16 Pro (`grid`).
// - Symbols: TextFit's rule (docs/ios-metrics.md, "Symbols"), a square of the font's size, × 1.3 at
//   large scale and × 0.8 at small; its baseline half the side plus half the cap height (Noto Sans's
//   714 units) from its top.
// - The device: an iPhone 16 Pro's screen is 402 × 874 with 62 pt above and 34 below the safe
//   area (docs/devices.md), and a view is centred in the safe area, 402 × 778 from y 62.

/// `points` rounded up to an iPhone 16 Pro's 3-pixel grid.
private func grid(_ points: Double) -> Double { (points * 3 - 1e-9).rounded(.up) / 3 }

private func near(_ a: CGFloat, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(Double(a) - b) < tolerance }

private func near(_ a: CGRect, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Bool {
    near(a.minX, x) && near(a.minY, y) && near(a.width, width) && near(a.height, height)
}

/// The elements of `result` of a kind, in pre-order.
private func elements(_ result: LayoutResult, _ kind: String) -> [PlacedElement] {
    result.elements.filter { $0.kind == kind }
}

@Suite("Apple's Food Truck sample: a label style, a card header, a flow layout, a width reader")
struct FoodTruckFixtureTests {
    /// CardNavigationHeaderLabelStyle: the icon (large scale), the title and a small chevron with 2 pt
    /// before it, 4 apart, in headline, aligned on their first baselines.
    static let iconSide = 17 * 1.3, chevronSide = 17 * 0.8
    static let capHalf = 714.0 / 1000 * 17 / 2

    @Test("The card header label style: icon, title and chevron 4 pt apart on the title's baseline")
    func labelStyle() throws {
        let result = Label("Title 1", systemImage: "star").labelStyle(.cardNavigationHeader).layout(on: .iPhone16Pro)
        // hb-shape: "Title 1" in Noto Sans Bold is 3,046 units: 51.782 pt, 52 on the grid.
        let title = grid(3046.0 / 1000 * 17)
        let width = Self.iconSide + 4 + title + 4 + (2 + Self.chevronSide)   // 97.7
        let height = grid(1.362 * 17)                                         // the title's line, 23.333
        let stack = try #require(elements(result, "HStackLayout").first)
        #expect(near(stack.frame, (402 - width) / 2, 62 + (778 - height) / 2, width, height), "\(stack.frame)")
        // Baselines line up: the title's is its ascent, 18.173; the icon's, from its top, half its
        // side and half the cap height (11.05 + 6.069), so it sits 1.054 below the title's top; the
        // chevron's 6.8 + 6.069, so 5.304 below.
        let ascent = 1069.0 / 1000 * 17
        let images = elements(result, "Image")
        #expect(images.count == 2)
        #expect(near(images[0].frame, stack.frame.minX, stack.frame.minY + ascent - (Self.iconSide / 2 + Self.capHalf), Self.iconSide, Self.iconSide))
        #expect(near(images[1].frame, stack.frame.maxX - Self.chevronSide, stack.frame.minY + ascent - (Self.chevronSide / 2 + Self.capHalf),
                     Self.chevronSide, Self.chevronSide))
        let text = try #require(result.texts.first)
        #expect(near(text.frame, stack.frame.minX + Self.iconSide + 4, stack.frame.minY, title, height))
        #expect(result.findings.isEmpty)
    }

    @Test("The card header: the link's label at the leading edge below a 44-pt bar, the spacer taking the rest; the button form the same")
    func cardHeader() throws {
        // The sample's preview: in a navigation stack (no title: a 44-pt inline bar), padded 16.
        let link = NavigationStack {
            CardNavigationHeader(panel: .orders, navigation: .navigationLink) { Label("Orders", systemImage: "shippingbox") }.padding()
        }.layout(on: .iPhone16Pro)
        let button = NavigationStack {
            CardNavigationHeader(panel: .orders, navigation: .selection(.constant(nil))) { Label("Orders", systemImage: "shippingbox") }.padding()
        }.layout(on: .iPhone16Pro)
        for result in [link, button] {
            // hb-shape: "Orders" in Noto Sans Bold is 3,405 units: 57.885 pt, 58 on the grid.
            let label = Self.iconSide + 4 + grid(3405.0 / 1000 * 17) + 4 + 2 + Self.chevronSide   // 103.7
            let stacks = elements(result, "HStackLayout").filter { $0.frame.height > 0 }
            // The header's HStack: the width less the padding, at y 62 + 44 + 16.
            #expect(near(stacks[0].frame, 16, 62 + 44 + 16, 402 - 32, grid(1.362 * 17)), "\(stacks[0].frame)")
            // The label style's HStack (the link's or button's label) at its leading edge.
            #expect(near(stacks[1].frame, 16, 122, label, grid(1.362 * 17)), "\(stacks[1].frame)")
            let spacer = try #require(elements(result, "Spacer").first)
            #expect(near(spacer.frame.minX, 16 + label) && near(spacer.frame.width, 402 - 32 - label))
            #expect(result.texts.map(\.string) == ["Orders"] && result.findings.isEmpty)
        }
    }

    @Test("The flow layout: rows as wide as fit, each centred in the widest, spaced as asked")
    func flowLayout() throws {
        // Five 100 × 30 boxes, 10 apart, offered the safe area's 402: three fit (320), a fourth
        // would make 430. The layout is as wide as its widest row (320) and 30 + 10 + 30 high; the
        // second row (210) is centred in 320: 55 in. Centred in the safe area: x 41, y 62 + 354.
        let boxes = FlowLayout(spacing: 10) {
            ForEach(0..<5) { index in Color.blue.frame(width: 100, height: 30).id("box \(index)") }
        }
        let result = boxes.layout(on: .iPhone16Pro)
        let flow = try #require(elements(result, "FlowLayout").first)
        #expect(near(flow.frame, 41, 416, 320, 70))
        let xs = (0..<5).compactMap { result.element(id: "box \($0)")?.frame.minX }
        let ys = (0..<5).compactMap { result.element(id: "box \($0)")?.frame.minY }
        #expect(xs == [41, 151, 261, 96, 206] && ys == [416, 416, 416, 456, 456])

        // With no spacing given it asks the subviews: 8 between two boxes (ViewSpacing's default),
        // and the rows' spacing ViewSpacing() to ViewSpacing(), 8 too. In 240: two boxes a row (208),
        // the fifth alone, centred: (208 − 100) ÷ 2 = 54 in.
        let tight = FlowLayout {
            ForEach(0..<5) { index in Color.blue.frame(width: 100, height: 30).id("box \(index)") }
        }.frame(width: 240).layout(on: .iPhone16Pro)
        let inner = try #require(elements(tight, "FlowLayout").first)
        #expect(near(inner.frame.width, 208) && near(inner.frame.height, 3 * 30 + 2 * 8))
        let fifth = try #require(tight.element(id: "box 4")).frame
        #expect(near(fifth.minX - inner.frame.minX, 54) && near(fifth.minY - inner.frame.minY, 76))
    }

    @Test("The width threshold reader: compact under 400 pt or from xxLarge, on the geometry reader's width")
    func widthThresholdReader() throws {
        func shown(on device: Device, _ size: DynamicTypeSize = .large) throws -> PlacedText {
            var environment = EnvironmentValues()
            environment.dynamicTypeSize = size
            let result = WidthThresholdReader { proxy in Text(proxy.isCompact ? "compact" : "regular") }
                .layout(on: device, environment: environment)
            return try #require(result.texts.first)
        }
        // The reader takes the safe area; `os(iOS)` is false on Linux, so the size-class branch is
        // not compiled and width and type size alone decide (as on the Mac the file also builds for).
        #expect(try shown(on: .iPhoneSE3).string == "compact")              // 375 < 400
        #expect(try shown(on: .iPhone16Pro).string == "regular")            // 402
        #expect(try shown(on: .iPhone16ProMax, .xxLarge).string == "compact")
        // Its content fills the reader and centres the text: hb-shape "regular" in Noto Sans is
        // 3,422 units, 58.174 pt, 58.333 on the grid, centred in 402 × 778 from y 62.
        let text = try shown(on: .iPhone16Pro)
        let width = grid(3422.0 / 1000 * 17), height = grid(1.362 * 17)
        #expect(near(text.frame, (402 - width) / 2, 62 + (778 - height) / 2, width, height), "\(text.frame)")
    }

    @Test("The sample's previews are found by their providers and lay out")
    func previews() throws {
        let labels = try #require(Preview.all(of: CardNavigationHeaderLabelStyle_Previews.self).first).layout()
        #expect(labels.texts.map(\.string) == ["Title 1", "Title 2", "Title 3"])
        #expect(Preview.all(of: CardNavigationHeader_Previews.self).count == 1)
        let reader = try #require(Preview.all(of: WidthThresholdReader_Previews.self).first).layout()
        // Without os(iOS) the fourth reader (the manually compact size class) is not compiled.
        #expect(reader.texts.map(\.string) == ["Standard", "200 Wide", "X Large Type"])
    }
}

@Suite("Apple's Backyard Birds sample: the best-value badge and the quantity badge")
struct BackyardBirdsFixtureTests {
    @Test("The best-value badge: title3 text with a symbol, padded, at the box's bottom and 10 pt below it, no larger than xLarge")
    func bestValueBadge() throws {
        for (size, points) in [(DynamicTypeSize.large, 20.0), (.accessibility3, 22.0)] {
            var environment = EnvironmentValues()
            environment.dynamicTypeSize = size
            let result = Color.gray.frame(width: 200, height: 100).bestBirdFoodValueBadge().layout(on: .iPhone16Pro, environment: environment)
            // hb-shape: "Best Value " (with its space) in Noto Sans (medium → the 400 face) is 5,155
            // units; the sparkles symbol is a character as wide as the font's size. At accessibility3
            // `.dynamicTypeSize(...(.xLarge))` caps title3 at 22 pt.
            let text = try #require(result.texts.first)
            let width = grid(5155.0 / 1000 * points + points), height = grid(1.362 * points)
            #expect(near(text.frame.width, width) && near(text.frame.height, height), "\(size): \(text.frame)")
            // Padded 16 × 5, bottom-aligned on the 200 × 100 box centred in the safe area (x 101,
            // y 62 + 339 = 401, bottom 501), then offset 10 down.
            let badge = try #require(elements(result, "Capsule").first)
            let badgeWidth = width + 32, badgeHeight = height + 10
            #expect(near(badge.frame, 101 + (200 - badgeWidth) / 2, 501 - badgeHeight + 10, badgeWidth, badgeHeight), "\(badge.frame)")
            #expect(result.findings.isEmpty)
        }
    }

    @Test("The quantity badge: its metrics scale with caption text (@ScaledMetric), its minimum width 25 × that")
    func quantityBadge() throws {
        for (size, body, scale) in [(DynamicTypeSize.large, 17.0, 1.0), (.accessibility3, 40.0, 32.0 / 12)] {
            var environment = EnvironmentValues()
            environment.dynamicTypeSize = size
            let result = BirdFoodQuantityBadge(count: 5).layout(on: .iPhone16Pro, environment: environment)
            // hb-shape: "5" in Noto Sans Bold (semibold) is 572 units. Padded 4 × scale across and
            // 2 × scale up and down; `BirdFoodStoreMetrics.Card.card.badgeQuantityMinWidth` is 25
            // outside watchOS (StoreMetrics.swift), × scale: the caption style's size over its size
            // at Large, UIFontMetrics' rule (32 ÷ 12 at accessibility3).
            let text = try #require(result.texts.first)
            #expect(near(text.frame.width, grid(572.0 / 1000 * body)) && near(text.frame.height, grid(1.362 * body)))
            let capsule = try #require(elements(result, "Capsule").first)
            let width = max(grid(572.0 / 1000 * body) + 8 * scale, 25 * scale)
            let height = grid(1.362 * body) + 4 * scale
            #expect(near(capsule.frame.width, width) && near(capsule.frame.height, height), "\(size): \(capsule.frame)")
            #expect(near(capsule.frame.minX, (402 - width) / 2))
        }
        #expect(BirdFoodStoreMetrics.Card.card.badgeQuantityMinWidth == 25)
    }

    @Test("Their #Previews are registered under the fixture's file and lay out")
    func previews() throws {
        let here = Preview.all.filter { $0.module == "OpenSourceViewTests" }
        #expect(Set(here.map { String($0.source.split(separator: ":")[0]) })
            == ["OpenSourceViewTests/BestBirdFoodValueBadge.swift", "OpenSourceViewTests/BirdFoodQuantityBadge.swift"])
        for preview in here { #expect(try !preview.layout().texts.isEmpty) }
    }
}
