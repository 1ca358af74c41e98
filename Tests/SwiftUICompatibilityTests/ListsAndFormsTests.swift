// Screens as apps write them — a settings form in a navigation stack with a toolbar, a list with
// sections, a tab view — with `import TextFit` alone. Expected frames are worked out by hand from
// iOS's constants (Sources/Controls/IOSMetrics.swift, cited by name; docs/ios-metrics.md gives their
// sources) and Noto Sans advances from `hb-shape --font-funcs=ot fonts/NotoSans-Regular.ttf`
// (1000 units per em; a line is 1.362 em: 23.154 pt at 17 pt).

import Foundation
import Testing
import TextFit

private struct SettingsScreen: View {
    @State private var airplaneMode = false
    @State private var wifi = true
    @State private var name = ""
    @State private var appearance = "Automatic"
    @State private var volume = 0.6
    @State private var copies = 2

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle("Airplane Mode", isOn: $airplaneMode).id("airplane")
                    Toggle("Wi-Fi", isOn: $wifi)
                    NavigationLink("Bluetooth") { Text("Bluetooth settings") }
                } footer: {
                    Text("Turn off wireless connections while you fly.")
                }
                Section("Profile") {
                    TextField("Name", text: $name).id("name")
                    Picker("Appearance", selection: $appearance) {
                        Text("Light").tag("Light")
                        Text("Dark").tag("Dark")
                        Text("Automatic").tag("Automatic")
                    }
                    Stepper("Copies: \(copies)", value: $copies, in: 1...10)
                }
                Section("About") {
                    LabeledContent("Version", value: "1.0")
                    Slider(value: $volume)
                    ProgressView("Syncing", value: 0.4)
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) { Button("Done") {} }
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") {} }
            }
        }
    }
}

private struct Fruit: Identifiable {
    let id: String
    let color: String
}

private struct FruitList: View {
    let fruits = [Fruit(id: "Apple", color: "Red"), Fruit(id: "Banana", color: "Yellow"), Fruit(id: "Cherry", color: "Red")]

    var body: some View {
        NavigationStack {
            List {
                Section("Fruit") {
                    ForEach(fruits) { fruit in
                        HStack {
                            Text(fruit.id)
                            Spacer()
                            Text(fruit.color).foregroundStyle(.secondary)
                        }
                    }
                }
                Section {
                    Picker("Sort", selection: .constant(0)) {
                        Text("Name").tag(0)
                        Text("Colour").tag(1)
                    }
                    .pickerStyle(.segmented)
                    Button("Add fruit") {}.buttonStyle(.borderedProminent)
                }
            }
            .listStyle(.insetGrouped)
            .navigationTitle("Fruit")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                EditButton()
            }
        }
    }
}

@Suite("Lists, forms and navigation as apps write them")
struct ListsAndFormsTests {
    let screen = ProposedViewSize(width: 390, height: 844)

    @Test("A settings form under a large title: bar 44 + max(52, title line + 8) (navigationBarHeight, largeTitleAreaHeight, largeTitleBottomPadding), rows 35 pt below (sectionSpacing), a switch row as tall as a text row")
    func settingsForm() throws {
        let result = SettingsScreen().layout(in: screen)
        #expect(result.size == CGSize(width: 390, height: 844))
        // Large title: largeTitle bold, 34 pt, a line of 1.362 × 34 = 46.308; the area is
        // max(52, 46.308 + 8) = 54.308, the bar 44 + 54.308 = 98.308.
        let bar = 44 + max(52, 1.362 * 34 + 8)
        let body = 1.362 * 17, row = 1.362 * 17 + 22
        // The toggle fills the row's content: x 16 + 16 = 32, 326 wide, 11 pt into the row; the row is
        // 23.154 + 22 = 45.154 high: the 31-pt switch reaches into the insets (labelControlSpacing row).
        let airplane = try #require(result.element(id: "airplane"))
        #expect(abs(airplane.frame.minX - 32) < 1e-6)
        #expect(abs(airplane.frame.width - 326) < 1e-6)
        #expect(abs(airplane.frame.minY - (bar + 35 + 11)) < 1e-6)
        #expect(abs(airplane.frame.height - body) < 1e-6)
        // Its switch: 51 × 31 (switchSize) at the trailing end, centred on the label.
        let switches = result.elements.filter { $0.frame.size == CGSize(width: 51, height: 31) }
        #expect(switches.count >= 2)
        if let first = switches.min(by: { $0.frame.minY < $1.frame.minY }) {
            #expect(abs(first.frame.minX - (32 + 326 - 51)) < 1e-6)
            #expect(abs(first.frame.midY - (bar + 35 + row / 2)) < 1e-6)
        }
        // The footer: footnote, 7 pt below the three-row card (groupedFooterTopPadding), aligned with
        // the rows' text; "Turn off wireless connections while you fly." is 20032 units = 260.4 pt at 13.
        let footer = try #require(result.elements.first { $0.kind == "Text" && abs($0.frame.width - 20.032 * 13) < 1e-6 })
        let cardBottom = bar + 35 + 3 * row
        #expect(abs(footer.frame.minY - (cardBottom + 7)) < 1e-6)
        #expect(abs(footer.frame.minX - 32) < 1e-6)
        // The next header, "PROFILE" (3946 units at 13 pt), 35 pt below the footer.
        let header = try #require(result.elements.first { $0.kind == "Text" && abs($0.frame.width - 3.946 * 13) < 1e-6 })
        #expect(abs(header.frame.minY - (cardBottom + 7 + 1.362 * 13 + 35)) < 1e-6)
        // The name field fills the row: the placeholder "Name" is measured, one line, 326 wide.
        let name = try #require(result.element(id: "name"))
        #expect(abs(name.frame.width - 326) < 1e-6)
        #expect(abs(name.frame.minY - (header.frame.maxY + 7 + 11)) < 1e-6)
    }

    @Test("Titles and bar buttons: the inline title is centred in the 44-pt bar, 17 pt semibold at every Dynamic Type size (barTitleSize)")
    func inlineTitle() {
        for size in [DynamicTypeSize.large, .accessibility5] {
            var environment = EnvironmentValues()
            environment.dynamicTypeSize = size
            let result = FruitList().layout(in: screen, environment: environment)
            let title = result.elements.first { $0.kind == "Text" && $0.frame.minY < 44 && abs($0.frame.midX - 195) < 1 }
            #expect(title != nil)
            // "Fruit": Noto Sans Bold (semibold is matched to Bold) F 567 r 445 u 678 i 316 t 422 = 2428 units at 17 pt.
            if let title { #expect(abs(title.frame.height - 1.362 * 17) < 1e-6) }
        }
    }

    @Test("Each screen renders to a PNG a person would recognise (written to $TEXTFIT_PNG_DIR when set)")
    func pictures() throws {
        for (name, view) in [("settings", AnyView(SettingsScreen())), ("fruit", AnyView(FruitList())),
                             ("signup", AnyView(SignUpForm())), ("tabs", AnyView(TabbedApp()))] {
            let renderer = ImageRenderer(content: view)
            renderer.proposedSize = screen
            renderer.scale = 2
            let png = try renderer.pngData()
            #expect(png.count > 1000)
            if let directory = ProcessInfo.processInfo.environment["TEXTFIT_PNG_DIR"] {
                try png.write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name).png"))
            }
        }
    }
}

// MARK: - A sign-up form and a tabbed app, as written for iOS

private struct SignUpForm: View {
    enum Field: Hashable { case email, password }
    @State private var email = ""
    @State private var password = ""
    @State private var newsletter = true
    @State private var showsTerms = false
    @FocusState private var focus: Field?

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextField("Email", text: $email)
                        .keyboardType(.emailAddress)
                        .textContentType(.emailAddress)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                        .focused($focus, equals: .email)
                        .submitLabel(.next)
                    SecureField("Password", text: $password)
                        .focused($focus, equals: .password)
                        .onSubmit { focus = nil }
                } header: {
                    Text("Account")
                } footer: {
                    Text("At least eight characters.")
                }
                Section {
                    Toggle("Send me the newsletter", isOn: $newsletter)
                    Button("Read the terms") { showsTerms = true }
                }
            }
            .navigationTitle("Sign Up")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItemGroup(placement: .topBarTrailing) {
                    Button("Create") {}
                }
            }
            .sheet(isPresented: $showsTerms) { Text("Terms") }
            .alert("Welcome", isPresented: .constant(false)) { Button("OK") {} }
        }
    }
}

private struct TabbedApp: View {
    @State private var tab = 0

    var body: some View {
        TabView(selection: $tab) {
            NavigationStack {
                List(0..<20) { index in
                    NavigationLink("Episode \(index)", value: index)
                }
                .navigationTitle("Library")
                .navigationDestination(for: Int.self) { Text("Episode \($0)") }
                .searchable(text: .constant(""))
            }
            .tabItem { Text("Library") }
            .tag(0)
            SignUpForm()
                .tabItem { Text("Account") }
                .tag(1)
        }
    }
}

extension ListsAndFormsTests {
    @Test("A sign-up form with focus, keyboard and presentation modifiers compiles; the fields fill their rows (326 pt) and the sheet is never evaluated")
    func signUpForm() throws {
        let result = SignUpForm().layout(in: screen)
        // The placeholders, one line each at the rows' leading inset (16 + 16).
        let leaves = (0..<result.count).compactMap { result.leaf(at: $0) }
        let fields = leaves.filter { ["Email", "Password"].contains(($0.element as? Text)?.string) }
        #expect(fields.count == 2)
        #expect(fields.allSatisfy { abs($0.frame.minX - 32) < 1e-6 && abs($0.frame.height - 1.362 * 17) < 1e-6 })
        // Each is proposed the row's content width, 390 − 2 × 16 − 2 × 16 = 326.
        #expect(fields.allSatisfy { $0.proposal.width == 326 })
        // Nothing from the sheet or the alert: "Terms" and "OK" are not laid out.
        let strings = (0..<result.count).compactMap { (result.leaf(at: $0)?.element as? Text)?.string }
        #expect(strings.contains("Sign Up"))
        #expect(!strings.contains("Terms") && !strings.contains("OK"))
    }

    @Test("A tabbed app: the library tab's list of navigation links under a large title, above a 49-pt tab bar")
    func tabbedApp() throws {
        let result = TabbedApp().layout(in: screen)
        #expect(result.size == CGSize(width: 390, height: 844))
        let titles = result.elements.filter { $0.kind == "Text" && $0.frame.minY >= 844 - 49 && abs($0.frame.height - 1.362 * 10) < 1e-6 }
        #expect(titles.count == 2)
        // The list's rows end at the tab bar: the list is offered 844 − 49 − the bar's height.
        let lists = result.elements.filter { $0.kind == "ListLayout" }
        #expect(lists.count == 1)
        if let list = lists.first {
            #expect(abs(list.frame.maxY - (844 - 49)) < 1e-6)
        }
    }
}

private func close(_ a: CGFloat, _ b: Double) -> Bool { abs(Double(a) - b) < 1e-6 }

extension ListsAndFormsTests {
    @Test("The headline job: a German title, toggle label and segment laid out at the phone's widths, and which of them are cut")
    func translatedScreenIsCut() throws {
        struct Screen: View {
            var body: some View {
                NavigationStack {
                    Form {
                        Toggle("Benachrichtigungen auf dem Sperrbildschirm anzeigen", isOn: .constant(true))
                        Picker("Darstellung", selection: .constant(0)) {
                            Text("Automatisch").tag(0)
                            Text("Hintergrundaktualisierung").tag(1)
                        }
                        .pickerStyle(.segmented)
                    }
                    .navigationTitle("Mitteilungseinstellungen für alle Geräte")
                    .navigationBarTitleDisplayMode(.inline)
                    .toolbar { Button("Bearbeiten") {} }
                }
            }
        }
        let result = Screen().layout(in: screen)
        var cut: [String] = [], wrapped: [String] = []
        for index in 0..<result.count {
            guard let leaf = result.leaf(at: index), let text = leaf.element as? Text,
                  let paragraph = text.paragraphLayout(in: leaf.proposal, environment: leaf.environment) else { continue }
            if paragraph.isTruncated { cut.append(text.string) }
            if paragraph.lineCount > 1 { wrapped.append(text.string) }
        }
        // The inline title is offered 390 − 2 × (16 + "Bearbeiten" + 16) and needs far more: cut. The
        // toggle's label (25955 units = 441 pt at 17) wraps beside the switch: two lines in
        // 326 − 51 − 8 = 267 pt. A segment is (326 − 4) / 2 − 2 × 8 = 145 pt wide: "Hintergrundaktualisierung"
        // (12540 units = 163 pt at 13) is cut, "Automatisch" (selected, Bold: 6393 units = 83 pt) fits.
        #expect(cut.contains("Mitteilungseinstellungen für alle Geräte"))
        #expect(wrapped == ["Benachrichtigungen auf dem Sperrbildschirm anzeigen"])
        #expect(cut.contains("Hintergrundaktualisierung"))
        #expect(!cut.contains("Automatisch"))
    }
}
