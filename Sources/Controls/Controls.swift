// Controls: the everyday views of an app screen, built from the views and layouts below them —
// lists, forms and sections, navigation and tab bars, controls (toggles, pickers, text fields,
// steppers, sliders, progress views, links, menus), images and labels, with iOS's own metrics
// (row heights, insets, bar heights, control sizes) as data in one file per platform, every row
// citing where its value comes from. Above TextLayout and Layouts; below the umbrellas.
//
// | views | file |
// |---|---|
// | iOS's lengths, colours and sizes (lists, bars, controls, images, labels), each citing its source | IOSMetrics.swift |
// | list styles, form styles, the list environment (`listStyle`, spacing, `defaultMinListRowHeight`) | ListStyle.swift |
// | `List`, `Form`, the list's, section's and row's layouts, row modifiers, list diagnostics | List.swift |
// | `Section` | Section.swift |
// | `Toggle`, `ToggleStyle`, `LabeledContent`, a label beside a control (`LabeledControlLayout`) | Toggle.swift |
// | `Picker`, picker styles, `tag`, the segmented control | Picker.swift |
// | `TextField`, `SecureField`, `TextEditor`, text field styles | TextInput.swift |
// | `Stepper`, `Slider`, `ProgressView` | ValueControls.swift |
// | `.bordered`, `.borderedProminent`, `ButtonBorderShape` | BorderedButtons.swift |
// | `controlSize`, `labelsHidden`, chevrons and checkmarks | ControlEnvironment.swift |
// | `NavigationStack`, `NavigationView`, `NavigationSplitView`, titles, the bar's layout | Navigation.swift |
// | `toolbar`, `ToolbarItem`, `ToolbarItemGroup`, placements | Toolbar.swift |
// | `TabView`, `tabItem`, `Tab` | TabView.swift |
// | `NavigationLink`, `Link`, `Menu`, `ShareLink`, `DisclosureGroup`, `GroupBox` | Links.swift |
// | presentations, search, swipe actions and list editing (accepted, never shown) | Interaction.swift |
// | `Image` (asset catalogs, system symbols, images in `Text`), `imageScale`, `symbolVariant` | Image.swift |
// | image files' own sizes (PNG, JPEG, SVG, PDF) | ImageFile.swift |
// | `Label`, `LabelStyle` and the built-in styles (a list row's icon column, a tab item's stack, a toolbar's icon), `labelIconToTitleSpacing`, `labelReservedIconWidth` | Label.swift |
@_exported import LayoutCore
@_exported import Layouts
@_exported import TextLayout
