// Fuzz target `layoutfile`: the layout-file JSON (LayoutFile.element(from:), docs/layout-file.md)
// on arbitrary bytes; a tree that parses is laid out (LayoutTree through TextFitEngine) at four
// proposals and drawn to SVG once.
// Checks: parsing succeeds or throws a LayoutFileError whose path starts at "$"; every size, frame
// and baseline of the output is finite (so `textfit layout --json` can encode it) and sizes are
// ≥ 0; parsing and laying out again gives the same output.
// Input: the JSON itself (so real layout files are seeds); its length picks the Dynamic Type size
// and direction.
import Foundation
import FuzzSupport
import TextFit

let proposals: [(Double?, Double?)] = [(390, nil), (nil, nil), (0, 0), (120, 80)]

func outputs(_ tree: AnyElement, size: DynamicTypeSize, direction: LayoutDirection) -> [LayoutOutput] {
    proposals.flatMap { Fixtures.engine.layoutOutputs(tree, width: $0.0, height: $0.1, dynamicTypeSizes: [size], direction: direction) }
}

fuzzMain { bytes in
    let data = Data(bytes)
    let input = String(decoding: bytes, as: UTF8.self)
    let tree: AnyElement
    do {
        tree = try LayoutFile.element(from: data)
    } catch let error as LayoutFileError {
        if !error.path.hasPrefix("$") { violation("LayoutFileError path '\(error.path)' does not start at $", input: input) }
        return
    } catch {
        violation("LayoutFile threw \(type(of: error)): \(error)", input: input)
    }
    let size: DynamicTypeSize = [.large, .xSmall, .accessibility5][bytes.count % 3]
    let direction: LayoutDirection = bytes.count % 2 == 0 ? .leftToRight : .rightToLeft
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
        }
        do { _ = try JSONEncoder().encode(output) } catch { fail("the output cannot be encoded as JSON: \(error)") }
    }
    guard let again = try? LayoutFile.element(from: data) else { violation("the layout file parsed once, then not", input: input) }
    if outputs(again, size: size, direction: direction) != first { violation("same layout file, different output", input: input) }
    if let (_, result) = Fixtures.engine.layout(tree, width: 390, height: nil, dynamicTypeSizes: [size], direction: direction).first {
        _ = SVGRenderer(options: .init(overlays: .all)).svg(result)
    }
}
