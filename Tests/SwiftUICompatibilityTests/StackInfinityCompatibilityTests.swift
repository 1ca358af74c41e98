// Issue 48's NaN, as a SwiftUI developer writes it: a flexible column beside a short label.
// Compiled with `import TextFit` alone; frames worked out by hand below.

import Testing
import TextFit

/// A coloured column that fills what it is offered, beside a short label (issue 48's row).
struct ColumnAndLabel: View {
    let alignment: HorizontalAlignment

    var body: some View {
        HStack {
            VStack(alignment: alignment) {
                Color.red
            }
            .id("column")
            Text("short").id("label")
        }
    }
}

@Suite("A flexible VStack beside a text takes the rest of the row (issue 48's NaN)")
struct StackInfinityCompatibilityTests {
    @Test("HStack { VStack { Color.red }; Text(\"short\") } is 390 wide at 390, for every alignment")
    func columnAndLabel() {
        // hb-shape fonts/NotoSans-Regular.ttf "short": advances 479 + 618 + 605 + 413 + 361 = 2476
        // units of 1000; body at the large Dynamic Type size is 17 pt: 42.092 pt. The HStack measures
        // each child at 0 and ∞: the column is 0 … ∞ wide (a Color offered ∞ answers ∞, probe P6 of
        // mburger89/MetalUI docs/probes/swiftui-layout-input-validation.swift), the text 42.092 …
        // 42.092, so the text is sized first and the column gets 390 − 8 − 42.092 = 339.908 (8 pt:
        // ordinary spacing). Before the fix the column answered NaN at ∞ (taken as 0), was sized
        // first at (390 − 8) ÷ 2 = 191, and the row was 191 + 8 + 42.092 = 241.092 wide (the 241).
        for alignment in [HorizontalAlignment.leading, .center, .trailing] {
            let result = ColumnAndLabel(alignment: alignment).layout(in: ProposedViewSize(width: 390, height: 100))
            #expect(abs(result.size.width - 390) < 1e-9)
            let column = result.element(id: "column")?.frame ?? .null
            #expect(abs(column.width - 339.908) < 1e-9 && column.height == 100, "\(column)")
            let label = result.element(id: "label")?.frame ?? .null
            #expect(abs(label.minX - 347.908) < 1e-9 && abs(label.width - 42.092) < 1e-9, "\(label)")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        }
    }
}
