import Foundation
import Testing
import TextFit

// What a layout file can say (docs/layout-file.md): modifier chains in the order written, custom
// alignment guides and alignmentGuide expressions, overlay and background, hidden, position,
// aspectRatio, Divider, default padding, layoutDirection, and a grid's row forms. Every expected
// frame is worked out by hand in the comments; the rules themselves are tested against recorded
// SwiftUI numbers in Tests/LayoutCoreTests/SwiftUIProbeTests.swift.

private func layout(_ json: String, _ proposal: ProposedViewSize = .unspecified) throws -> LayoutResult {
    try LayoutFile.element(from: Data(json.utf8)).layout(in: proposal)
}

private func refusal(_ json: String) -> LayoutFileError? {
    do {
        _ = try LayoutFile.element(from: Data(json.utf8))
        return nil
    } catch {
        return error as? LayoutFileError
    }
}

extension LayoutResult {
    fileprivate func frame(_ id: String) -> CGRect { element(id: id)?.frame ?? .null }
}

@Suite("Layout files: modifiers in the order written")
struct LayoutFileChainTests {
    @Test("A chain applies innermost first: padding then frame differs from frame then padding")
    func orderMatters() throws {
        // Box 20 × 10. padding 5 → 30 × 20, then frame(width: 50) → 50 × 20.
        let paddedFirst = try layout(#"{"box": {"width": 20, "height": 10}, "modifiers": [{"padding": 5}, {"frame": {"width": 50}}]}"#)
        #expect(paddedFirst.size == CGSize(width: 50, height: 20))
        #expect(paddedFirst.root.kind == "frame")
        // frame(width: 50) → 50 × 10, then padding 5 → 60 × 20.
        let framedFirst = try layout(#"{"box": {"width": 20, "height": 10}, "modifiers": [{"frame": {"width": 50}}, {"padding": 5}]}"#)
        #expect(framedFirst.size == CGSize(width: 60, height: 20))
        #expect(framedFirst.root.kind == "padding")
        // Two frames and two paddings on one view: 20 × 10 → frame 30 → 30 × 10 → padding 4 → 38 × 18
        // → frame height 40 → 38 × 40 → padding 1 → 40 × 42.
        let four = try layout(#"{"box": {"width": 20, "height": 10}, "modifiers": [{"frame": {"width": 30}}, {"padding": 4}, {"frame": {"height": 40}}, {"padding": 1}]}"#)
        #expect(four.size == CGSize(width: 40, height: 42))
        #expect(four.elements.map(\.kind) == ["padding", "frame", "padding", "frame", "Box"])
    }

    @Test("An id can name any link; the node's own id names the outermost element")
    func idsOnLinks() throws {
        let result = try layout(#"{"box": {"width": 20, "height": 10}, "id": "outer", "modifiers": [{"padding": 5, "id": "inner"}, {"frame": {"width": 50}}]}"#)
        #expect(result.element(id: "inner")?.kind == "padding")
        #expect(result.element(id: "inner")?.frame == CGRect(x: 10, y: 0, width: 30, height: 20))  // centred in 50
        #expect(result.element(id: "outer")?.kind == "frame")
        #expect(result.root.id == "outer")
        // An id alone in a link names the element built so far.
        let named = try layout(#"{"box": {"width": 20, "height": 10}, "modifiers": [{"padding": 2}, {"id": "p"}, {"padding": 3}]}"#)
        #expect(named.element(id: "p")?.frame == CGRect(x: 3, y: 3, width: 24, height: 14))
    }

    @Test("Shorthand keys are one fixed order, applied before the chain")
    func shorthandIsSugar() throws {
        // padding before frame, whatever the order in the object.
        let shorthand = try layout(#"{"frame": {"width": 50}, "box": {"width": 20, "height": 10}, "padding": 5}"#)
        let chain = try layout(#"{"box": {"width": 20, "height": 10}, "modifiers": [{"padding": 5}, {"frame": {"width": 50}}]}"#)
        #expect(shorthand.elements == chain.elements)
        // Shorthand first, then the chain: padding 5 (30 × 20), then the chain's padding 1 (32 × 22).
        let mixed = try layout(#"{"box": {"width": 20, "height": 10}, "padding": 5, "modifiers": [{"padding": 1}]}"#)
        #expect(mixed.size == CGSize(width: 32, height: 22))
        #expect(LayoutFile.shorthandOrder.firstIndex(of: "padding")! < LayoutFile.shorthandOrder.firstIndex(of: "frame")!)
    }

    @Test("A link holds one modifier; unknown ones and a wrong shape are refused with their path", arguments: [
        (#"{"box": {}, "modifiers": [{"padding": 1, "frame": {"width": 2}}]}"#, "$.modifiers[0]"),
        (#"{"box": {}, "modifiers": [{"margin": 1}]}"#, "$.modifiers[0].margin"),
        (#"{"box": {}, "modifiers": {"padding": 1}}"#, "$.modifiers"),
        (#"{"box": {}, "modifiers": [{"frame": {"width": "wide"}}]}"#, "$.modifiers[0].frame.width"),
        (#"{"box": {}, "modifiers": [3]}"#, "$.modifiers[0]"),
    ])
    func badLinks(_ json: String, _ path: String) {
        #expect(refusal(json)?.path == path, "\(String(describing: refusal(json)))")
    }

    @Test("padding: true is the default 16 on every edge; edges and length as SwiftUI's padding(_:_:)")
    func defaultPadding() throws {
        #expect(try layout(#"{"box": {"width": 10, "height": 10}, "padding": true}"#).size == CGSize(width: 42, height: 42))
        #expect(try layout(#"{"box": {"width": 10, "height": 10}, "padding": {"edges": "horizontal"}}"#).size == CGSize(width: 42, height: 10))
        #expect(try layout(#"{"box": {"width": 10, "height": 10}, "padding": {"edges": ["top", "leading"], "length": 3}}"#).size
                == CGSize(width: 13, height: 13))
        #expect(refusal(#"{"box": {}, "padding": {"edges": "sideways"}}"#)?.path == "$.padding.edges")
        #expect(refusal(#"{"box": {}, "padding": {"edges": "all", "top": 1}}"#)?.path == "$.padding.top")
    }
}

@Suite("Layout files: alignment guides")
struct LayoutFileGuideTests {
    @Test("alignmentGuide with an expression of the view's width moves it on its stack's guide")
    func expressionGuide() throws {
        // VStack(alignment: .leading): a (40 × 10) has its leading at 0; b (20 × 10) puts its leading
        // guide at width × 0.5 = 10. The guides line up at 10: a at x 10, b at x 0; the stack is
        // 10 + max(40, 20 − 10) = 50 wide.
        let result = try layout(#"""
            {"vstack": {"alignment": "leading", "spacing": 0, "children": [
              {"box": {"width": 40, "height": 10}, "id": "a"},
              {"box": {"width": 20, "height": 10}, "id": "b", "alignmentGuide": {"guide": "leading", "value": "width * 0.5"}}]}}
            """#)
        #expect(result.frame("a") == CGRect(x: 10, y: 0, width: 40, height: 10))
        #expect(result.frame("b") == CGRect(x: 0, y: 10, width: 20, height: 10))
        #expect(result.size == CGSize(width: 50, height: 20))
    }

    @Test("A guide's expression reads other guides as they were before it, and parentheses group")
    func readsGuides() throws {
        // HStack(alignment: .bottom), spacing 0: a 10 × 30 (bottom 30); b 10 × 10 sets its bottom to
        // (top + height) / 2 + verticalCenter = (0 + 10) / 2 + 5 = 10 — its own bottom. c 10 × 10 sets
        // bottom to -(height - 4) = -6. Line at max(30, 10, -6) = 30: a at 0, b at 20, c at 36;
        // height: above 30, below max(0, 0, 10 + 6) = 16 → 46.
        let result = try layout(#"""
            {"hstack": {"alignment": "bottom", "spacing": 0, "children": [
              {"box": {"width": 10, "height": 30}, "id": "a"},
              {"box": {"width": 10, "height": 10}, "id": "b", "alignmentGuide": {"guide": "bottom", "value": "(top + height) / 2 + verticalCenter"}},
              {"box": {"width": 10, "height": 10}, "id": "c", "alignmentGuide": {"guide": "bottom", "value": "-(height - 4)"}}]}}
            """#)
        #expect(result.frame("a").minY == 0)
        #expect(result.frame("b").minY == 20)
        #expect(result.frame("c").minY == 36)
        #expect(result.size.height == 46)
    }

    @Test("A custom guide declared at the root aligns a stack, a ZStack and a frame")
    func customGuides() throws {
        // iconLine (vertical), default height ÷ 2. HStack on it, spacing 0: a 20 × 40 (default 20);
        // b 20 × 10 sets iconLine = 2; c 20 × 30 (default 15). Line at 20: a at 0, b at 18, c at 5.
        // Height: max above 20, max below max(20, 8, 15) = 20 → 40.
        let json = #"""
            {"alignments": {"iconLine": {"axis": "vertical", "default": "height / 2"},
                            "rail": {"axis": "horizontal", "default": 4}},
             "hstack": {"alignment": "iconLine", "spacing": 0, "children": [
               {"box": {"width": 20, "height": 40}, "id": "a"},
               {"box": {"width": 20, "height": 10}, "id": "b", "alignmentGuide": {"guide": "iconLine", "value": 2}},
               {"box": {"width": 20, "height": 30}, "id": "c"}]}}
            """#
        let result = try layout(json)
        #expect(result.frame("a").minY == 0)
        #expect(result.frame("b").minY == 18)
        #expect(result.frame("c").minY == 5)
        #expect(result.size == CGSize(width: 60, height: 40))
        // A ZStack aligned on {rail, top}: p 30 × 10 (rail default 4), q 10 × 10 with rail = 9. The
        // rails meet at max(4, 9) = 9: p at 5, q at 0; width max(4, 9) + max(26, 1) = 35.
        let zstack = try layout(#"""
            {"alignments": {"rail": {"axis": "horizontal", "default": 4}},
             "zstack": {"alignment": {"horizontal": "rail", "vertical": "top"}, "children": [
               {"box": {"width": 30, "height": 10}, "id": "p"},
               {"box": {"width": 10, "height": 10}, "id": "q", "alignmentGuide": {"guide": "rail", "value": 9}}]}}
            """#)
        #expect(zstack.frame("p").minX == 5)
        #expect(zstack.frame("q").minX == 0)
        #expect(zstack.size.width == 35)
        // A frame aligned on the rail: the frame's own rail is its default (4), the box's 9, so the
        // box sits at 4 − 9 = −5.
        let framed = try layout(#"""
            {"alignments": {"rail": {"axis": "horizontal", "default": 4}},
             "box": {"width": 10, "height": 10},
             "modifiers": [{"alignmentGuide": {"guide": "rail", "value": 9}, "id": "q"}, {"frame": {"width": 50, "alignment": {"horizontal": "rail"}}}]}
            """#)
        #expect(framed.frame("q").minX == -5)
    }

    @Test("Bad guides and expressions are refused with their path and what was expected", arguments: [
        (#"{"box": {}, "alignmentGuide": {"guide": "middle", "value": 1}}"#, "$.alignmentGuide.guide", "not a guide"),
        (#"{"box": {}, "alignmentGuide": {"guide": "leading", "value": "width *"}}"#, "$.alignmentGuide.value", "expected a number"),
        (#"{"box": {}, "alignmentGuide": {"guide": "leading", "value": "depth"}}"#, "$.alignmentGuide.value", "unknown name 'depth'"),
        (#"{"box": {}, "alignmentGuide": {"guide": "leading", "value": "(1 + 2"}}"#, "$.alignmentGuide.value", "expected ')'"),
        (#"{"box": {}, "alignmentGuide": {"guide": "leading", "value": "1 2"}}"#, "$.alignmentGuide.value", "unexpected '2'"),
        (#"{"alignments": {"g": {"axis": "vertical", "default": "g + 1"}}, "box": {}}"#, "$.alignments.g.default", "unknown name 'g'"),
        (#"{"alignments": {"g": {"axis": "diagonal", "default": 1}}, "box": {}}"#, "$.alignments.g.axis", "horizontal"),
        (#"{"alignments": {"top": {"axis": "vertical", "default": 1}}, "box": {}}"#, "$.alignments.top", "built-in"),
        (#"{"vstack": {"children": [{"alignments": {}, "box": {}}]}}"#, "$.vstack.children[0].alignments", "root node only"),
        (#"{"alignments": {"g": {"axis": "vertical", "default": 1}}, "vstack": {"alignment": "g"}}"#, "$.vstack.alignment", "leading"),
    ])
    func refused(_ json: String, _ path: String, _ phrase: String) {
        let error = refusal(json)
        #expect(error?.path == path, "\(String(describing: error))")
        #expect(error?.message.contains(phrase) == true, "\(String(describing: error))")
    }
}

@Suite("Layout files: overlay, background, hidden, position, aspectRatio, divider, layoutDirection, grids")
struct LayoutFileModifierTests {
    @Test("overlay and background: a node, or {alignment, content} with one node or several")
    func overlays() throws {
        // A 20 × 20 badge at the top trailing corner of a 60 × 40 card: x 40, y 0.
        let card = try layout(#"{"box": {"width": 60, "height": 40}, "overlay": {"alignment": "topTrailing", "content": {"box": {"width": 20, "height": 20}, "id": "badge"}}}"#)
        #expect(card.size == CGSize(width: 60, height: 40))
        #expect(card.frame("badge") == CGRect(x: 40, y: 0, width: 20, height: 20))
        // A background rectangle is proposed the 60 × 40 and fills it; it comes first (drawn behind).
        let filled = try layout(#"{"box": {"width": 60, "height": 40}, "background": {"rectangle": {}, "id": "fill"}}"#)
        #expect(filled.frame("fill") == CGRect(x: 0, y: 0, width: 60, height: 40))
        #expect(filled.element(id: "fill")?.path == [0])
        // Two overlay elements: a centred stack of them, 30 × 20, at the bottom leading corner (0, 20).
        let two = try layout(#"{"box": {"width": 60, "height": 40}, "overlay": {"alignment": "bottomLeading", "content": [{"box": {"width": 30, "height": 10}, "id": "wide"}, {"box": {"width": 10, "height": 20}, "id": "tall"}]}}"#)
        #expect(two.frame("wide") == CGRect(x: 0, y: 25, width: 30, height: 10))
        #expect(two.frame("tall") == CGRect(x: 10, y: 20, width: 10, height: 20))
    }

    @Test("hidden keeps the space; position centres at a point; aspectRatio fits; divider; layoutDirection")
    func others() throws {
        let hidden = try layout(#"{"vstack": {"spacing": 0, "children": [{"box": {"width": 10, "height": 10}, "hidden": true, "id": "h"}, {"box": {"width": 10, "height": 10}, "id": "v"}]}}"#)
        #expect(hidden.frame("v").minY == 10)
        // position: a 20 × 20 box centred at (30, 40) in a 200 × 100 proposal.
        let positioned = try layout(#"{"box": {"width": 20, "height": 20}, "modifiers": [{"id": "b"}, {"position": {"x": 30, "y": 40}}]}"#,
                                    ProposedViewSize(width: 200, height: 100))
        #expect(positioned.size == CGSize(width: 200, height: 100))
        #expect(positioned.frame("b") == CGRect(x: 20, y: 30, width: 20, height: 20))
        // aspectRatio 2 (fit) in 100 × 80: the largest 2:1 size inside is 100 × 50; fill covers it: 160 × 80.
        #expect(try layout(#"{"rectangle": {}, "aspectRatio": 2}"#, ProposedViewSize(width: 100, height: 80)).size == CGSize(width: 100, height: 50))
        #expect(try layout(#"{"rectangle": {}, "aspectRatio": {"ratio": 2, "contentMode": "fill"}}"#, ProposedViewSize(width: 100, height: 80)).size
                == CGSize(width: 160, height: 80))
        #expect(refusal(#"{"rectangle": {}, "aspectRatio": -1}"#)?.path == "$.aspectRatio")
        // A divider between two boxes in an hstack is a vertical line, 1 pt wide, as tall as the stack.
        let row = try layout(#"{"hstack": {"spacing": 0, "children": [{"box": {"width": 10, "height": 30}}, {"divider": {}, "id": "d"}, {"box": {"width": 10, "height": 30}}]}}"#)
        #expect(row.frame("d") == CGRect(x: 10, y: 0, width: 1, height: 30))
        // layoutDirection on a subtree: its hstack runs right to left inside a left-to-right root.
        // The inner row is 30 wide (10 + 0 + 20); mirrored, a (10) sits at 20, b (20) at 0.
        let mirrored = try layout(#"{"vstack": {"children": [{"hstack": {"spacing": 0, "children": [{"box": {"width": 10, "height": 5}, "id": "a"}, {"box": {"width": 20, "height": 5}, "id": "b"}]}, "layoutDirection": "rightToLeft"}]}}"#)
        #expect(mirrored.frame("a").minX == 20)
        #expect(mirrored.frame("b").minX == 0)
    }

    @Test("Grid rows: arrays, {alignment, cells}, and a node spanning every column; cell anchors and unsized axes")
    func gridRows() throws {
        // Columns 30 and 20 wide (spacing 0). Row 0 aligned top: a (30 × 10) and b (20 × 20): a at y 0
        // (centred it would be 5). The full-width node is 50 wide, centred: at x 0. c is anchored at
        // its slot's bottom trailing corner: its slot is 30 × 20 (row 2 is as tall as d), so c
        // (10 × 10) sits at (20, 30 + 10).
        let result = try layout(#"""
            {"grid": {"horizontalSpacing": 0, "verticalSpacing": 0, "rows": [
               {"alignment": "top", "cells": [{"box": {"width": 30, "height": 10}, "id": "a"}, {"box": {"width": 20, "height": 20}, "id": "b"}]},
               {"box": {"width": 50, "height": 10}, "id": "full"},
               [{"box": {"width": 10, "height": 10}, "id": "c", "gridCellAnchor": "bottomTrailing"}, {"box": {"width": 20, "height": 20}, "id": "d"}]]}}
            """#)
        #expect(result.frame("a") == CGRect(x: 0, y: 0, width: 30, height: 10))
        #expect(result.frame("full") == CGRect(x: 0, y: 20, width: 50, height: 10))
        #expect(result.frame("c") == CGRect(x: 20, y: 40, width: 10, height: 10))
        #expect(result.size == CGSize(width: 50, height: 50))
        // An unsized rectangle outside any row takes the grid's width instead of filling the proposal
        // (Apple's Divider example): the boxes make the grid 50 wide in a 300 proposal.
        let unsized = try layout(#"""
            {"grid": {"horizontalSpacing": 0, "verticalSpacing": 0, "rows": [
               [{"box": {"width": 30, "height": 10}}, {"box": {"width": 20, "height": 10}}],
               {"rectangle": {}, "frame": {"height": 1}, "gridCellUnsizedAxes": "horizontal", "id": "rule"}]}}
            """#, ProposedViewSize(width: 300, height: nil))
        #expect(unsized.frame("rule").width == 50)
        #expect(unsized.size.width == 50)
    }

    @Test("The node limit counts overlay content and chain links")
    func limitsCountOverlays() {
        let json = #"{"box": {}, "overlay": {"box": {}}, "modifiers": [{"background": {"content": [{"box": {}}, {"box": {}}]}}]}"#
        #expect(throws: LayoutFileError.self) { _ = try LayoutFile.element(from: Data(json.utf8), limits: .init(maxElements: 3)) }
        #expect(throws: Never.self) { _ = try LayoutFile.element(from: Data(json.utf8), limits: .init(maxElements: 4)) }
    }
}

@Suite("Layout files: clipped and accessibilityIdentifier (what a screen sweep reads)")
struct LayoutFileClipTests {
    /// A `fixedSize` "Rindfleischetikettierung" (24 letters of body text, far wider than 50 pt) in a
    /// 50-pt frame, centred in a 300-pt frame: it passes the small frame's sides but stays inside
    /// the root. Only `clipped` on the small frame makes that a clip, by the frame.
    @Test("clipped cuts what passes the node: a text wider than a clipped frame is clipped by it; unclipped it is not")
    func clipped() throws {
        let json = { (clip: String) in
            #"{"vstack": {"children": [{"text": "Rindfleischetikettierung", "fixedSize": true, "modifiers": [{"frame": {"width": 50}}\#(clip)], "id": "c"}]}, "frame": {"width": 300}}"#
        }
        let clippedResult = try layout(json(#", {"clipped": true}"#))
        let text = try #require(clippedResult.texts.first)
        guard case .ancestor(let path, let id)? = text.clip else {
            Issue.record("not clipped by its frame: \(text)")
            return
        }
        #expect(id == "c" && clippedResult.element(atPath: path)?.frame.width == 50)
        #expect(text.frame.width > 100, "\(text.frame)")
        let open = try layout(json(""))
        #expect(open.texts.first?.clip == nil)
        #expect(try layout(json(#", {"clipped": false}"#)).texts.first?.clip == nil)
    }

    @Test("accessibilityIdentifier names the texts inside it, the innermost winning; an empty one is refused")
    func accessibilityIdentifier() throws {
        let result = try layout(#"{"vstack": {"children": [{"text": "a", "accessibilityIdentifier": "inner"}, {"text": "b"}]}, "accessibilityIdentifier": "outer"}"#)
        #expect(result.texts.map(\.accessibilityIdentifier) == ["inner", "outer"])
        let error = refusal(#"{"text": "a", "accessibilityIdentifier": ""}"#)
        #expect(error?.path == "$.accessibilityIdentifier" && error?.message == "expected a non-empty string (the text's accessibilityIdentifier)")
    }
}
