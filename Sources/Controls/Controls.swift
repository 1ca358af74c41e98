// Controls: the everyday views of an app screen, built from the views and layouts below them —
// lists, forms and sections, navigation and tab bars, controls (toggles, pickers, text fields,
// steppers, sliders, progress views, links, menus), images and labels, with iOS's own metrics
// (row heights, insets, bar heights, control sizes) as data in one file per platform, every row
// citing where its value comes from. Above TextLayout and Layouts; below the umbrellas.
//
// | views | file |
// |---|---|
@_exported import LayoutCore
@_exported import Layouts
@_exported import TextLayout
