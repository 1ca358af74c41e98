// Fuzz target `po`: the gettext `.po` reader (msgctxt, plurals, C escapes, continuation lines) on
// arbitrary bytes; CatalogInvariants checks the result.
import FuzzSupport

fuzzMain { bytes in CatalogInvariants.check(bytes, file: "fr_CA.po") }
