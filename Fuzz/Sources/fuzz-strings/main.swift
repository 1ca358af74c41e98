// Fuzz target `strings`: the `.strings` reader (old-style property list, UTF-8/UTF-16) on arbitrary
// bytes as en.lproj/Localizable.strings, beside a fixed German table so that source texts and
// untranslated keys are filled across locales; CatalogInvariants checks the result.
import FuzzSupport

fuzzMain { bytes in
    CatalogInvariants.check(bytes, file: "en.lproj/Localizable.strings",
                            partner: ("de.lproj/Localizable.strings", "\"title\" = \"Hauptfenster\";\n\"save\" = \"Sichern\";\n"))
}
