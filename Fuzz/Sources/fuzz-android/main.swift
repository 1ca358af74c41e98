// Fuzz target `android`: the Android `strings.xml` reader (strings, plurals, string-arrays, escapes)
// on arbitrary bytes as the source table res/values/strings.xml, beside a fixed French one;
// CatalogInvariants checks the result.
import FuzzSupport

let french = """
<?xml version="1.0" encoding="utf-8"?>
<resources><string name="welcome">Bienvenue, %1$s !</string><string name="escapes">L\\'été \\u00e0 Montréal</string>
<plurals name="songs"><item quantity="one">%d chanson</item><item quantity="other">%d chansons</item></plurals></resources>
"""

fuzzMain { bytes in CatalogInvariants.check(bytes, file: "res/values/strings.xml", partner: ("res/values-fr-rCA/strings.xml", french)) }
