// Fuzz target `font`: font files from mutated real fonts (seeds: hb-subset cuts of the bundled fonts,
// made at run time by fuzz.sh). The input is written to a file and opened as `--font-file` and the
// service's `fontFile` open it: FontLibrary.face(path:index:) / match(FontRequest(file:)), in a
// fresh library per input (its face cache is per path) whose only bundled font is a small real one.
// Checks: FreeType and HarfBuzz reject or cope — a bad file throws a TypographyError naming it;
// a file that opens is measured, laid out as a paragraph, and its glyphs' outlines, extents and
// colour bitmaps are read, with every number finite. AddressSanitizer catches the rest.
import Foundation
import FuzzSupport
import TextFit

let sample = "Hamburgefonstiv fi 0123 …- مرحبا नमस्ते สวัสดี שָׁלוֹם 설정 👍🏽"

/// A folder holding one small real font: the fallback the fuzzed font is paired with.
let baseFonts: String = {
    guard let fonts = FontLibrary.locateBundledFonts() else { fatalError("no bundled fonts") }
    let folder = Fixtures.scratch.appendingPathComponent("base-fonts")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? FileManager.default.copyItem(atPath: fonts + "/NotoSansHebrew-Regular.ttf", toPath: folder.path + "/base.ttf")
    return folder.path
}()

func check(_ face: FontFace, library: FontLibrary, fail: (String) -> Never) {
    let m = face.metrics
    if m.unitsPerEm < 16 || m.unitsPerEm > 16384 { fail("unitsPerEm \(m.unitsPerEm) outside 16…16384") }
    let scaled = m.scaled(to: 17)
    if ![scaled.ascent, scaled.descent, scaled.leading, scaled.lineHeight].allSatisfy(\.isFinite) { fail("metrics \(scaled) not finite") }
    let shaper = Shaper(library: library, lineCacheCapacity: 16, runCacheCapacity: 16)
    let attributes = TextAttributes(font: FontRequest(file: face.path, faceIndex: face.faceIndex), size: .points(17))
    var glyphs = Set<UInt32>((0..<min(UInt32(face.glyphCount), 24)).map { $0 })
    do {
        let line = try shaper.measure(sample, attributes: attributes)
        if !line.width.isFinite || !line.height.isFinite { fail("measure: \(line.width)×\(line.height)") }
        let paragraph = try Paragraph(StyledText(sample, attributes: attributes), style: ParagraphStyle(lineLimit: 3), shaper: shaper)
        for width in [nil, 80.0, 0] {
            let layout = paragraph.layout(width: width)
            if !layout.size.width.isFinite || !layout.size.height.isFinite { fail("layout at \(String(describing: width)): \(layout.size)") }
            for line in layout.lines {
                for run in line.runs {
                    if !run.positions.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) { fail("glyph positions not finite") }
                    if run.face === face { glyphs.formUnion(run.glyphs.prefix(64)) }
                }
            }
        }
        _ = paragraph.minimumSize
    } catch let error as TypographyError {
        if case .invalidFeature = error { fail("\(error)") }
    } catch {
        fail("measuring threw \(type(of: error)): \(error)")
    }
    // A variable font at each axis's ends, and a trak table at sizes inside and beyond its range.
    for axis in face.axes.prefix(4) {
        for value in [axis.minimum, axis.maximum, axis.maximum + 1_000] {
            var varied = attributes
            varied.font.variations = [FontVariation(tag: axis.tag, value: value)]
            varied.font.instance = nil
            if let line = try? shaper.measure(sample, attributes: varied), !line.width.isFinite || !line.height.isFinite {
                fail("instance \(axis.tag)=\(value): \(line.width)×\(line.height)")
            }
        }
    }
    for size in [0.5, 6, 17, 17.5, 200, 16_384] where !face.trackingPoints(atPointSize: size).isFinite {
        fail("trak at \(size) pt: \(face.trackingPoints(atPointSize: size))")
    }
    for glyph in glyphs.sorted() + [UInt32(face.glyphCount), UInt32.max] {
        if let bad = face.outline(of: glyph).first(where: { !coordinates($0).allSatisfy(\.isFinite) }) {
            fail("outline of glyph \(glyph) has \(bad)")
        }
        if let extents = face.extents(of: glyph), ![extents.xBearing, extents.yBearing, extents.width, extents.height].allSatisfy(\.isFinite) {
            fail("extents of glyph \(glyph): \(extents)")
        }
        _ = face.colorGlyphPNG(glyph)
    }
}

func coordinates(_ element: PathElement) -> [Double] {
    switch element {
    case .move(let x, let y), .line(let x, let y): [x, y]
    case .quad(let cx, let cy, let x, let y): [cx, cy, x, y]
    case .cubic(let a, let b, let c, let d, let x, let y): [a, b, c, d, x, y]
    case .close: []
    }
}

fuzzMain { bytes in
    let path = Fixtures.write(bytes, to: "font/fuzz.ttf")
    func fail(_ what: String) -> Never { violation("\(what) (\(bytes.count) bytes, saved as the crash input)", input: "") }
    let library: FontLibrary
    do { library = try FontLibrary(.init(fontDirectory: baseFonts, useSystemFonts: false)) } catch { fatalError("base font: \(error)") }
    for index in [0, 1] {
        do {
            let face = try library.face(path: path, index: index)
            check(face, library: library, fail: fail)
        } catch let error as TypographyError {
            if !error.description.contains(path) { fail("the error does not name the file: \(error)") }
        } catch {
            fail("threw \(type(of: error)): \(error)")
        }
    }
}
