// A sweep makes each text size's tree from the previous size's evaluated views (`LayoutTree.sameViews(in:)`)
// unless the views read the text size while they were evaluated: a body that lays its rows out
// differently at accessibility sizes, as Apple's guidelines ask, is evaluated again at every size.
import Foundation
import Testing
import TextFit

/// A row that stacks its two texts, wrapping, at accessibility sizes and puts them side by side on
/// one line each below: side by side in 200 pt, the long one is cut; stacked, nothing is.
struct SizeReadingScreen: View {
    @Environment(\.dynamicTypeSize) private var size

    var body: some View {
        let stacked = size.isAccessibilitySize
        let layout = stacked ? AnyLayout(VStackLayout(alignment: .leading)) : AnyLayout(HStackLayout())
        layout {
            Text("sweep.backup").lineLimit(stacked ? nil : 1)
            Text(verbatim: "Wide value text that takes room").lineLimit(stacked ? nil : 1)
        }
        .frame(width: 200)
        .padding(16)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

@Suite("A size's tree from the last size's views, unless they read the size")
struct SweepReuseTests {
    static func sweep(reusing: Bool) throws -> LocalizationSweep {
        var sweep = try LocalizationSweep("Sizes", screens: [.init("Rows") { SizeReadingScreen() }], catalogs: [sweepFixtures],
                                          locales: ["en", "de"], devices: [.iPhoneSE3, .iPhone16Pro])
        sweep.reusesViews = reusing
        return sweep
    }

    @Test("A body that reads the Dynamic Type size is evaluated at every size: the same findings as with no reuse, and none at accessibility sizes")
    func sizeReadingBodies() throws {
        let reused = try Self.sweep(reusing: true).run(), evaluated = try Self.sweep(reusing: false).run()
        let findings = { (report: LocalizationSweep.Report) in (report.findings + report.allowed).map(\.description) }
        #expect(findings(reused) == findings(evaluated))
        // Side by side, the long text is cut below the accessibility sizes; stacked and wrapping,
        // nothing is (a tree kept from xSmall's evaluation would cut it at every size).
        let sizes = Set((reused.findings + reused.allowed).compactMap(\.dynamicTypeSize))
        #expect(!sizes.isEmpty && sizes.allSatisfy { !$0.isAccessibilitySize }, "\(sizes.sorted())")
    }

    @Test("A tree made for another size from a tree's views: the views reused when they did not read the size, evaluated again when they did")
    func sameViews() throws {
        var environment = EnvironmentValues()
        environment.dynamicTypeSize = .large
        let plain = LayoutTree(Text(verbatim: "Plain").padding(), environment: environment, on: .iPhone16Pro)
        let reading = LayoutTree(SizeReadingScreen(), environment: environment, on: .iPhone16Pro)
        let (plainAtLarge, readingAtLarge) = (plain.layout(on: .iPhone16Pro), reading.layout(on: .iPhone16Pro))
        environment.dynamicTypeSize = .accessibility3
        let plainLarger = plain.sameViews(in: environment).layout(on: .iPhone16Pro)
        let readingLarger = reading.sameViews(in: environment).layout(on: .iPhone16Pro)
        // Each as a tree built for the new size lays out: the text larger, the rows stacked.
        let fresh = LayoutTree(Text(verbatim: "Plain").padding(), environment: environment, on: .iPhone16Pro).layout(on: .iPhone16Pro)
        let freshRows = LayoutTree(SizeReadingScreen(), environment: environment, on: .iPhone16Pro).layout(on: .iPhone16Pro)
        #expect(plainLarger.elements.map(\.frame) == fresh.elements.map(\.frame))
        #expect(readingLarger.elements.map(\.frame) == freshRows.elements.map(\.frame))
        #expect(readingLarger.elements.map(\.kind) == freshRows.elements.map(\.kind))
        // And neither is what the tree laid out at .large.
        #expect(plainLarger.elements.map(\.frame) != plainAtLarge.elements.map(\.frame))
        #expect(readingLarger.elements.map(\.frame) != readingAtLarge.elements.map(\.frame))
    }
}
