// Controls: the everyday views of an app screen, built from the views and layouts below them —
// lists, forms and sections, navigation and tab bars, controls (toggles, pickers, text fields,
// steppers, sliders, progress views, links, menus), images and labels, with iOS's own metrics
// (row heights, insets, bar heights, control sizes) as data in one file per platform, every row
// citing where its value comes from. Above TextLayout and Layouts; below the umbrellas.
//
// | views | file |
// |---|---|
// | `Image` (asset catalogs, system symbols, images in `Text`), `imageScale`, `symbolVariant` | Image.swift |
// | image files' own sizes (PNG, JPEG, SVG, PDF) | ImageFile.swift |
// | `Label`, `LabelStyle` and the built-in styles, `labelIconToTitleSpacing`, `labelReservedIconWidth` | Label.swift |
// | iOS's constants for images and labels (docs/ios-metrics-images.md) | IOSMetrics+Images.swift |
@_exported import LayoutCore
@_exported import Layouts
@_exported import TextLayout
