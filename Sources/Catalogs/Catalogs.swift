// Catalogs: an app's localized strings, read from its catalog files, and looked up as Foundation
// looks them up. The localization stress tester checks every entry of these catalogs; a view's
// `Text("key")` shows the one its environment's locale selects. One reader per format.
//
// | piece | type | file |
// |---|---|---|
// | the model: entries (key × locale × variant), problems, formats, locale names | `Catalog`, `CatalogEntry`, `LocaleName` | Catalog.swift |
// | reading any format (String Catalogs, `.strings`, `.stringsdict`, XLIFF, Android, gettext) | `CatalogReader` and one reader per format | Readers/ |
// | format placeholders (`%@`, `%1$lld`, `{name}`, `%#@var@`) | `FormatScanner` | Placeholders.swift |
// | pseudo-locales made from the source strings | `PseudoLocale` | Pseudo.swift |
