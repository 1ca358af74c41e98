// Fuzz target `xcstrings`: the String Catalog reader (JSON) on arbitrary bytes; CatalogInvariants
// checks errors, determinism, strict/lenient agreement and every entry's text.
import FuzzSupport

fuzzMain { bytes in CatalogInvariants.check(bytes, file: "Localizable.xcstrings") }
