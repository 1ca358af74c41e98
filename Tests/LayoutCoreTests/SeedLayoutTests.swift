import Foundation
import LayoutCore
import Layouts
import Testing

// The WWDC22 "Compose custom layouts" examples: equal-width stacks, the radial layout ranked
// through a LayoutValueKey, and ViewThatFits choosing between a horizontal and a vertical stack.

/// A "button": a label box that fills whatever width it is offered (`frame(maxWidth: .infinity)`).
private func button(_ id: String, _ width: CGFloat, _ height: CGFloat = 20) -> some View {
    Box(width: width, height: height).frame(maxWidth: .infinity).id(id)
}

@Suite("Equal-width stacks, radial layout, ViewThatFits (the WWDC examples)")
struct SeedLayoutTests {
    @Test("Equal-width HStack: every child is offered the widest ideal width; buttons fill their cells")
    func equalWidthHStack() {
        // Ideal widths 30, 50, 20 → cell 50 × 24 (the tallest). Gaps: system spacing 8 (frames keep
        // their box's spacing). Width 3 × 50 + 16 = 166. Each frame is 50 wide (maxWidth ∞ takes the
        // offered 50) and its box's height, centred in its 24-tall cell: y 2 or 0.
        let result = EqualWidthHStack {
            button("a", 30)
            button("b", 50, 24)
            button("c", 20)
        }.layout(in: ProposedViewSize(width: 500, height: 500))
        #expect(result.size == CGSize(width: 166, height: 24))
        #expect(result.frame("a") == rect(0, 2, 50, 20))
        #expect(result.frame("b") == rect(58, 0, 50, 24))
        #expect(result.frame("c") == rect(116, 2, 50, 20))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("Equal-width VStack: every child is the widest ideal width and the tallest ideal height, system spacing between")
    func equalWidthVStack() {
        // Cell 70 × 20; height 3 × 20 + 2 × 8 = 76. Frames 70 wide at x 0; box heights centred in 20.
        let result = EqualWidthVStack {
            button("a", 30, 10)
            button("b", 70)
            Box(width: 40, height: 20).id("fixed")  // cannot grow: centred in its cell
        }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 70, height: 76))
        #expect(result.frame("a") == rect(0, 5, 70, 10))
        #expect(result.frame("b") == rect(0, 28, 70, 20))
        #expect(result.frame("fixed") == rect(15, 56, 40, 20))
        #expect(result.diagnostics.isEmpty)
    }

    @Test("Equal-width stacks use each pair's preferred spacing (text next to text 2 pt)")
    func equalWidthPreferredSpacing() {
        // TextLike prefers 2 pt to TextLike, 8 to a box: gaps 2 then 8; cell 40 × 16 → 3 × 40 + 10 = 130.
        let result = EqualWidthHStack {
            TextLike(idealWidth: 40).id("x")
            TextLike(idealWidth: 25).id("y")
            Box(width: 10, height: 10).id("z")
        }.layout(in: .unspecified)
        #expect(result.size == CGSize(width: 130, height: 16))
        #expect(result.frame("y").minX == 49.5)  // cell at 40 + 2 = 42, centred: 42 + (40 − 25) ÷ 2
        #expect(result.frame("z").minX == 105)   // cell at 42 + 40 + 8 = 90, centred: 90 + (40 − 10) ÷ 2
    }

    /// The centre of a subview placed on a circle of `radius` around (cx, cy) at `angle` (radians,
    /// 0 = right, clockwise because y grows downwards).
    static func onCircle(_ cx: CGFloat, _ cy: CGFloat, _ radius: CGFloat, _ angle: CGFloat) -> CGPoint {
        CGPoint(x: cx + radius * cos(angle), y: cy + radius * sin(angle))
    }

    @Test("Radial layout: three subviews 120° apart from the top, clockwise, in rank order")
    func radialThree() {
        // 200 × 100 bounds: centre (100, 50); radius 100 ÷ 2 − 20 ÷ 2 = 40 (the largest subview is 20
        // wide). Rank order b (0), c (1), a (2): angles −90°, 30°, 150°.
        // b: (100, 10); c: (100 + 40 cos 30°, 50 + 40 sin 30°) = (134.641…, 70); a: (65.358…, 70).
        let result = RadialLayout {
            Box(width: 10, height: 10).layoutValue(key: RadialRank.self, value: 2).id("a")
            Box(width: 20, height: 10).layoutValue(key: RadialRank.self, value: 0).id("b")
            Box(width: 10, height: 10).layoutValue(key: RadialRank.self, value: 1).id("c")
        }.layout(in: ProposedViewSize(width: 200, height: 100))
        #expect(result.size == CGSize(width: 200, height: 100))
        let expected: [(String, CGFloat, CGSize)] = [
            ("b", -.pi / 2, CGSize(width: 20, height: 10)),
            ("c", .pi / 6, CGSize(width: 10, height: 10)),
            ("a", 5 * .pi / 6, CGSize(width: 10, height: 10)),
        ]
        for (id, angle, size) in expected {
            let centre = Self.onCircle(100, 50, 40, angle)
            #expect(close(result.frame(id), rect(centre.x - size.width / 2, centre.y - size.height / 2, size.width, size.height)), "\(id)")
        }
        // Bound first: with the arithmetic inline, the #expect macro's closure drops the result (a warning).
        let expectedMidX: CGFloat = 100 + 40 * 3.0.squareRoot() / 2
        #expect(close(result.frame("c").midX, expectedMidX))
    }

    @Test("Radial layout: changing one rank rotates the arrangement (the same positions, shifted)")
    func radialRotatesByRank() {
        // Four 10 × 10 subviews in 100 × 100: radius 45, positions top, right, bottom, left.
        // Ranks [0, 1, 2, 3] → s0 top; ranks [3, 0, 1, 2] → s1 top, s2 right, s3 bottom, s0 left.
        func place(_ ranks: [Int]) -> LayoutResult {
            RadialLayout {
                ForEach(Array(ranks.enumerated()), id: \.offset) { (i, rank) in Box(width: 10, height: 10).layoutValue(key: RadialRank.self, value: rank).id("s\(i)") }
            }.layout(in: ProposedViewSize(width: 100, height: 100))
        }
        let plain = place([0, 1, 2, 3]), rotated = place([3, 0, 1, 2])
        let top = rect(45, 0, 10, 10), right = rect(90, 45, 10, 10), bottom = rect(45, 90, 10, 10), left = rect(0, 45, 10, 10)
        #expect(close(plain.frame("s0"), top) && close(plain.frame("s1"), right))
        #expect(close(rotated.frame("s1"), top))
        #expect(close(rotated.frame("s2"), right))
        #expect(close(rotated.frame("s3"), bottom))
        #expect(close(rotated.frame("s0"), left))
    }

    /// The WWDC example: three buttons side by side when they fit, stacked otherwise.
    static func choice(lastWidth: CGFloat) -> some View {
        ViewThatFits(in: .horizontal) {
            EqualWidthHStack {
                button("h0", 40); button("h1", 60); button("h2", lastWidth)
            }.id("horizontal")
            EqualWidthVStack {
                button("v0", 40); button("v1", 60); button("v2", lastWidth)
            }.id("vertical")
        }
    }

    @Test("ViewThatFits flips from the equal-width HStack to the VStack as a child's ideal width grows",
          arguments: [(30.0, true), (60.0, true), (61.0, true), (62.0, false), (90.0, false)])
    func viewThatFitsFlips(lastWidth: Double, horizontal: Bool) {
        // Width 200: the HStack's ideal is 3 × max(60, w) + 2 × 8 — 196 for w ≤ 60, 199 at 61 (fits),
        // 202 at 62 (does not) → the VStack, one button wide.
        let result = Self.choice(lastWidth: CGFloat(lastWidth)).layout(in: ProposedViewSize(width: 200, height: 300))
        #expect(result.element(id: "horizontal")?.isHidden == !horizontal)
        #expect(result.element(id: "vertical")?.isHidden == horizontal)
        let cell = max(60, CGFloat(lastWidth))
        if horizontal {
            #expect(result.size == CGSize(width: 3 * cell + 16, height: 20))
            #expect(result.frame("h2") == rect(2 * cell + 16, 0, cell, 20))
        } else {
            #expect(result.size == CGSize(width: cell, height: 3 * 20 + 16))
            #expect(result.frame("v2") == rect(0, 56, cell, 20))
        }
        #expect(result.diagnostics.isEmpty)
    }

    @Test("ViewThatFits: growing every button (Dynamic Type) flips once and never back")
    func viewThatFitsMonotone() {
        var flipped = false
        for step in 0..<20 {
            let scale = 1 + CGFloat(step) * 0.1
            let element = ViewThatFits(in: .horizontal) {
                EqualWidthHStack { button("a", 30 * scale); button("b", 55 * scale) }.id("horizontal")
                EqualWidthVStack { button("a", 30 * scale); button("b", 55 * scale) }.id("vertical")
            }
            // HStack ideal 2 × 55s + 8 ≤ 150 ⇔ s ≤ 142 ÷ 110 = 1.29…: horizontal for steps 0–2 (s ≤ 1.2), vertical from 3.
            let horizontal = element.layout(in: ProposedViewSize(width: 150, height: nil)).element(id: "horizontal")?.isHidden == false
            #expect(horizontal == (step <= 2), "step \(step)")
            if !horizontal { flipped = true }
            #expect(!(flipped && horizontal))
        }
        #expect(flipped)
    }
}
