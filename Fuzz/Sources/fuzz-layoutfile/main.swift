// Fuzz target `layoutfile`: the layout-file JSON (LayoutFile.element(from:), docs/layout-file.md)
// on arbitrary bytes; a tree that parses is laid out (LayoutTree through TextFitEngine) at four
// proposals and drawn to SVG once. Input that is JSON runs a second time with one number replaced
// by an extreme (JSONExtremes), which byte mutations rarely produce.
// Checks: parsing succeeds or throws a LayoutFileError whose path starts at "$"; every size, frame
// and baseline of the output is finite (so `textfit layout --json` can encode it) and sizes are
// ≥ 0; each text's fit is consistent (lines needed ≥ lines shown, equal when nothing is cut or
// shrunk; scale in (0, 1]; finite needed width; "…" inside what it stands for); parsing and laying
// out again gives the same output.
// Input: the JSON itself (so real layout files are seeds); its length picks the Dynamic Type size
// and direction.
import Foundation
import FuzzSupport
import TextFit

let proposals: [(Double?, Double?)] = [(390, nil), (nil, nil), (0, 0), (120, 80)]

func outputs(_ tree: AnyView, size: DynamicTypeSize, direction: LayoutDirection) -> [LayoutOutput] {
    proposals.flatMap { Fixtures.engine.layoutOutputs(tree, width: $0.0, height: $0.1, dynamicTypeSizes: [size], direction: direction) }
}

/// Parses `json` (raw bytes, or an already decoded value) and checks the layouts of the tree.
func check(_ parse: () throws -> AnyView, input: String, variant: Int) {
    let tree: AnyView
    do {
        tree = try parse()
    } catch let error as LayoutFileError {
        if !error.path.hasPrefix("$") { violation("LayoutFileError path '\(error.path)' does not start at $", input: input) }
        return
    } catch {
        violation("LayoutFile threw \(type(of: error)): \(error)", input: input)
    }
    let size: DynamicTypeSize = [.large, .xSmall, .accessibility5][variant % 3]
    let direction: LayoutDirection = variant % 2 == 0 ? .leftToRight : .rightToLeft
    let first = outputs(tree, size: size, direction: direction)
    for (output, proposal) in zip(first, proposals) {
        func fail(_ what: String) -> Never { violation("\(what) — proposal \(proposal), \(size), \(direction)", input: input) }
        if !(output.size.width.isFinite && output.size.height.isFinite && output.size.width >= 0 && output.size.height >= 0) {
            fail("root size \(output.size) not finite and ≥ 0")
        }
        for element in output.elements {
            let f = element.frame
            if ![f.x, f.y, f.width, f.height, element.firstBaseline, element.lastBaseline].allSatisfy(\.isFinite) {
                fail("\(element.kind) at \(element.path) has frame \(f), baselines \(element.firstBaseline)/\(element.lastBaseline)")
            }
            if f.width < 0 || f.height < 0 { fail("\(element.kind) at \(element.path) has a negative size \(f)") }
            if let fit = element.fit {
                // A text's fit: counts whole and ordered (a cut or shrunk text needs at least the
                // lines it shows), numbers finite, "…" inside what it stands for.
                if fit.linesShown < 0 || fit.linesNeeded < fit.linesShown { fail("\(element.path): lines shown \(fit.linesShown), needed \(fit.linesNeeded)") }
                if !(fit.scale.isFinite && fit.scale > 0 && fit.scale <= 1) { fail("\(element.path): scale \(fit.scale)") }
                if let needed = fit.neededWidth, !(needed.isFinite && needed >= 0) { fail("\(element.path): needed width \(needed)") }
                if let cut = fit.truncated, !(cut.elided.count == 2 && 0 <= cut.elided[0] && cut.elided[0] <= cut.elided[1] && cut.offset == cut.elided[0]) {
                    fail("\(element.path): truncated \(cut)")
                }
                if fit.truncated == nil, fit.scale == 1, fit.linesNeeded != fit.linesShown { fail("\(element.path): fits, but needs \(fit.linesNeeded) lines, shows \(fit.linesShown)") }
            }
        }
        do { _ = try JSONEncoder().encode(output) } catch { fail("the output cannot be encoded as JSON: \(error)") }
    }
    guard let again = try? parse() else { violation("the layout file parsed once, then not", input: input) }
    if outputs(again, size: size, direction: direction) != first { violation("same layout file, different output", input: input) }
    if let (_, result) = Fixtures.engine.layout(tree, width: 390, height: nil, dynamicTypeSizes: [size], direction: direction).first {
        _ = SVGRenderer(options: .init(overlays: .all)).svg(result)
    }
}

fuzzMain { bytes in
    let data = Data(bytes)
    let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    if json.map({ knownBadCount($0) || knownHugeLength($0) }) != true {
        check({ try LayoutFile.element(from: data) }, input: String(decoding: bytes, as: UTF8.self), variant: bytes.count)
    }
    let seed = JSONExtremes.seed(bytes)
    if let json, let variant = JSONExtremes.variant(of: json, seed: seed), !knownBadCount(variant), !knownHugeLength(variant),
       let text = try? JSONSerialization.data(withJSONObject: variant, options: [.fragmentsAllowed, .sortedKeys]) {
        check({ try LayoutFile.element(variant) }, input: String(decoding: text, as: UTF8.self), variant: seed)
    }
}
