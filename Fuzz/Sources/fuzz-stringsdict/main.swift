// Fuzz target `stringsdict`: the `.stringsdict` reader (XML property list of plural rules) on
// arbitrary bytes as en.lproj/Localizable.stringsdict, beside a fixed German one; CatalogInvariants
// checks the result.
import FuzzSupport

let german = """
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>%d files</key><dict>
<key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
<key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
<key>NSStringFormatValueTypeKey</key><string>d</string>
<key>one</key><string>%d Datei</string><key>other</key><string>%d Dateien</string></dict></dict></dict></plist>
"""

fuzzMain { bytes in
    CatalogInvariants.check(bytes, file: "en.lproj/Localizable.stringsdict", partner: ("de.lproj/Localizable.stringsdict", german))
}
