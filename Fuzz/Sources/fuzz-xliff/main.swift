// Fuzz target `xliff`: the XLIFF 1.2 / 2.0 reader (and the XML parser under it) on arbitrary bytes;
// CatalogInvariants checks the result.
import FuzzSupport

fuzzMain { bytes in CatalogInvariants.check(bytes, file: "de.xliff") }
