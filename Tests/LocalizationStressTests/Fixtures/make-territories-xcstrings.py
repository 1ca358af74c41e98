#!/usr/bin/env python3
"""Writes Territories.xcstrings: real translations (Unicode CLDR territory names, Unicode licence, from
Benchmarks/Corpus/tags.tsv, itself sampled from the workspace's shared/data/territory_names.tsv) as a
String Catalog: 12 keys in 8 locales, source language en, plus one key with plural variants whose
forms are other CLDR names (real text in each locale; the plural wording itself is not a translation).
Deterministic. Run from the repository root: python3 Tests/LocalizationStressTests/Fixtures/make-territories-xcstrings.py
"""
import json, os

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
names = {}
for line in open(os.path.join(root, "Benchmarks/Corpus/tags.tsv"), encoding="utf-8"):
    if line.startswith("#"):
        continue
    locale, text = line.rstrip("\n").split("\t")
    names.setdefault(locale, []).append(text)

locales = ["en", "de", "fr", "ru", "ar", "ja", "th", "hi"]
strings = {}
for k in range(12):
    key = f"territory.{k}"
    strings[key] = {"localizations": {loc: {"stringUnit": {"state": "translated", "value": names[loc][k * 4]}}
                                      for loc in locales}}
strings["territories.count"] = {"localizations": {
    loc: {"variations": {"plural": {
        "one": {"stringUnit": {"state": "translated", "value": names[loc][50]}},
        "other": {"stringUnit": {"state": "translated", "value": names[loc][51] + " " + names[loc][52]}}}}}
    for loc in locales}}
catalog = {"sourceLanguage": "en", "strings": strings, "version": "1.0"}
with open(os.path.join(here, "Territories.xcstrings"), "w", encoding="utf-8") as out:
    json.dump(catalog, out, ensure_ascii=False, indent=2, sort_keys=True)
    out.write("\n")
