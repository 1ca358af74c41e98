import Foundation
import Testing
@testable import Controls
import Typography

// Controls in a form row (content 326 pt wide at x 32: 390 − 2 × 16 − 2 × 16) and on their own,
// checked against IOSMetrics' rows and hand computations. Noto Sans Regular advances
// (`hb-shape --font-funcs=ot`, 1000 units per em): "Automatic" 4818, "Edit" 1790, "•••" 1128.

private func form<V: View>(_ size: DynamicTypeSize = .large, @ViewBuilder _ content: () -> V) -> LayoutResult {
    Form { content() }.dynamicTypeSize(size).layout(in: screen)
}

@Suite("Controls lay out as iOS's")
struct ControlTests {
    @Test("A menu picker in a form: the label, then the selection (secondary) and 8-pt-wide chevrons at the trailing end")
    func menuPicker() throws {
        let result = form {
            Picker("Appearance", selection: .constant("Automatic")) {
                Text("Light").tag("Light")
                Text("Automatic").tag("Automatic")
            }
        }
        let value = try #require(result.elements.first { $0.kind == "Text" && close($0.frame.width, pt(4818, 17)) })
        // Trailing end 32 + 326 = 358; chevrons 8 wide, 4 pt from the value.
        #expect(close(value.frame.maxX, 358 - 8 - 4))
        #expect(result.elements.filter { $0.kind == "Text" }.count == 2)  // the label and the selected option
    }

    @Test("A segmented picker: equal segments across the width, 32 pt high when the text fits (segmentedHeight), taller when it does not")
    func segmented() throws {
        let result = Picker("Sort", selection: .constant(0)) {
            Text("Light").tag(0)
            Text("Dark").tag(1)
        }
        .pickerStyle(.segmented)
        .layout(in: ProposedViewSize(width: 300, height: nil))
        // Segments: (300 − 2 × 2) / 2 = 148 each. Height: footnote line (17.706) + 2 × 6
        // (segmentedTextVerticalPadding) = 29.706 > 32 − 4, plus the 2-pt frame: 33.706.
        #expect(close(result.size.width, 300))
        #expect(close(result.size.height, line(13) + 12 + 4))
        let texts = result.elements.filter { $0.kind == "Text" }.sorted { $0.frame.minX < $1.frame.minX }
        #expect(texts.count == 2)
        if texts.count == 2 {
            #expect(close(texts[0].frame.midX, 2 + 74))
            #expect(close(texts[1].frame.midX, 2 + 148 + 74))
        }
    }

    @Test("An inline picker in a form makes a row per option, the selected one with a checkmark (checkmarkSize)")
    func inlinePicker() {
        let result = form {
            Picker("Size", selection: .constant(2)) {
                Text("Small").tag(1)
                Text("Large").tag(2)
            }
            .pickerStyle(.inline)
        }
        let texts = result.elements.filter { $0.kind == "Text" }
        #expect(texts.count == 2)
        // Two rows of 45.154: the second text 35 + 45.154 + 11 from the top.
        #expect(texts.contains { close($0.frame.minY, 35 + 45.154 + 11) })
        #expect(result.elements.filter { $0.kind.contains("CheckmarkShape") }.count == 1)
    }

    @Test("A text field fills its row and shows its placeholder on one line, cut where it does not fit; axis .vertical wraps")
    func textField() {
        let field = TextField("A placeholder far too long for the field", text: .constant(""))
            .layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(close(field.size.width, 100))
        #expect(close(field.size.height, line(17)))
        let grown = TextField("A placeholder far too long for the field", text: .constant(""), axis: .vertical)
            .layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(grown.size.height >= 3 * line(17) - 1e-9)
        // A secure field measures one bullet per character: "abc" shows "•••", 1128 units.
        let secure = SecureField("Password", text: .constant("abc")).fixedSize().layout(in: .unspecified)
        #expect(close(secure.size.width, pt(1128, 17)))
        // .roundedBorder adds 7 pt across and 5 pt above and below (roundedTextField…Padding).
        let rounded = TextField("Name", text: .constant("")).textFieldStyle(.roundedBorder)
            .layout(in: ProposedViewSize(width: 200, height: nil))
        #expect(close(rounded.size.height, line(17) + 10))
        #expect(close(rounded.size.width, 200))
    }

    @Test("Bordered buttons: the label padded 7 × 12 at regular size, 14 × 20 at large (borderedButton)")
    func borderedButtons() {
        let regular = Button("Edit") {}.buttonStyle(.bordered).layout(in: .unspecified)
        #expect(close(regular.size.width, pt(1790, 17) + 24))
        #expect(close(regular.size.height, line(17) + 14))
        let large = Button("Edit") {}.buttonStyle(.borderedProminent).controlSize(.large).layout(in: .unspecified)
        #expect(close(large.size.width, pt(1790, 17) + 40))
        #expect(close(large.size.height, line(17) + 28))
        // Small: subheadline (15 pt) and 5 × 10.
        let small = Button("Edit") {}.buttonStyle(.bordered).controlSize(.small).buttonBorderShape(.capsule).layout(in: .unspecified)
        #expect(close(small.size.height, line(15) + 10))
    }

    @Test("A stepper's control is 94 × 32 (stepperSize) at the trailing end; a slider fills the width, 31 pt high (sliderHeight)")
    func stepperAndSlider() throws {
        let result = form {
            Stepper("Copies", value: .constant(1), in: 1...5)
        }
        let control = try #require(result.elements.first { $0.frame.size == IOSMetrics.stepperSize })
        #expect(close(control.frame.maxX, 358))
        let slider = Slider(value: .constant(0.5)).layout(in: ProposedViewSize(width: 300, height: nil))
        #expect(slider.size == CGSize(width: 300, height: 31))
        let thumb = try #require(slider.elements.first { $0.kind.contains("Circle") && $0.frame.width == 28 })
        // The thumb's travel is 300 − 28; at 0.5 its centre is at 14 + 136.
        #expect(close(thumb.frame.midX, 150))
    }

    @Test("Progress: a 4-pt bar under its label, 8 pt apart (progressBarHeight, progressLabelSpacing); an indicator is 20 × 20 (activityIndicatorSize)")
    func progress() {
        let bar = ProgressView("Syncing", value: 0.25).layout(in: ProposedViewSize(width: 300, height: nil))
        #expect(close(bar.size.height, line(17) + 8 + 4))
        #expect(close(bar.size.width, 300))
        let spinner = ProgressView().layout(in: .unspecified)
        #expect(spinner.size == CGSize(width: 20, height: 20))
        let nan = ProgressView(value: Double.nan).layout(in: ProposedViewSize(width: 100, height: nil))
        #expect(nan.diagnostics.isEmpty)
    }

    @Test("LabeledContent: the value trailing-aligned in the secondary colour; labelsHidden shows the control alone")
    func labeledContent() throws {
        let result = form { LabeledContent("Version", value: "1.0") }
        let value = try #require(result.elements.first { $0.kind == "Text" && close($0.frame.width, pt(1412, 17)) })
        #expect(close(value.frame.maxX, 358))
        let hidden = Toggle("Wi-Fi", isOn: .constant(true)).labelsHidden().layout(in: ProposedViewSize(width: 300, height: nil))
        #expect(hidden.size == IOSMetrics.switchSize)
    }

    @Test("A disclosure group in a list is one row collapsed and a row per view when expanded")
    func disclosureGroup() {
        func rows(_ expanded: Bool) -> Int {
            let result = List {
                DisclosureGroup("More", isExpanded: .constant(expanded)) {
                    Text("One")
                    Text("Two")
                }
            }.layout(in: screen)
            return result.elements.filter { $0.kind == "ListRowLayout" }.count
        }
        #expect(rows(false) == 1)
        #expect(rows(true) == 3)
    }

    @Test("A group box pads its label and content by 16 pt (groupBoxPadding), 8 pt apart (groupBoxSpacing), filling the width")
    func groupBox() {
        let result = GroupBox("Storage") { Text("Apple") }.layout(in: ProposedViewSize(width: 300, height: nil))
        #expect(close(result.size.width, 300))
        #expect(close(result.size.height, 16 + line(17) + 8 + line(17) + 16))
    }

    @Test("A picker whose selection matches no tag shows no option and says so (invalidModifierValue), keeping its row")
    func pickerWithoutMatch() {
        let result = form {
            Picker("Appearance", selection: .constant("Sepia")) {
                Text("Light").tag("Light")
                Text("Dark").tag("Dark")
            }
        }
        #expect(result.diagnostics.contains { $0.kind == .invalidModifierValue && $0.message.contains("Sepia") })
        #expect(result.elements.filter { $0.kind == "Text" }.count == 1)  // the label alone
        #expect(result.elements.filter { $0.kind == "ListRowLayout" }.count == 1)
    }
}
