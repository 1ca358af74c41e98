#!/usr/bin/env python3
"""Writes the binary property lists the reader tests read (AppleBinary/, BrokenBinary/): what Xcode
leaves in a built app's ja.lproj (`.strings` and `.stringsdict` compiled to `bplist00`), written by
Python's plistlib, a writer independent of Foundation; and broken ones, one fault each. The cyclic
list is assembled by hand (plistlib cannot write one), following the format's layout in Apple's
CFBinaryPList.c: the 8-byte header, the objects, the offset table, a 32-byte trailer.
Deterministic. Run from the repository root: python3 Tests/LocalizationStressTests/Fixtures/make-binary-plists.py
"""
import os, plistlib, struct

here = os.path.dirname(os.path.abspath(__file__))

def write(relative, data):
    path = os.path.join(here, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)

def binary(value):
    return plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=True)

# "ok" and "confirm" have the same value, which plistlib writes once and refers to twice.
strings = {"title": "メインウィンドウ", "greeting": "こんにちは", "save": "保存", "ok": "OK", "confirm": "OK"}
write("AppleBinary/ja.lproj/Localizable.strings", binary(strings))
write("AppleBinary/ja.lproj/Localizable.stringsdict", binary({
    # Japanese has one plural category, other (CLDR plurals.xml).
    "%d files": {"NSStringLocalizedFormatKey": "%#@files@",
                 "files": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
                           "NSStringFormatValueTypeKey": "d", "other": "%d 個のファイル"}},
    "welcome": {"NSStringVariableWidthRuleType": {"20": "ようこそ", "100": "TextFit へようこそ"}},
}))

# A value that is not a string: the key is skipped with a problem, the others are read.
write("BrokenBinary/ja.lproj/NotAString.strings", binary({"title": "タイトル", "count": 3}))
# The top level is an array, not a dictionary.
write("BrokenBinary/ja.lproj/Array.strings", binary(["title"]))
# Cut short: the trailer (the last 32 bytes) is incomplete.
write("BrokenBinary/ja.lproj/Truncated.strings", binary(strings)[:-5])
# Not a binary list at all after its first six bytes (the fuzzer's input, finding 17).
write("BrokenBinary/ja.lproj/Malformed.stringsdict", b"bplist<<")
# 40 dictionaries, each the only value of the one before.
deep = "text"
for level in range(40):
    deep = {"k": deep}
write("BrokenBinary/ja.lproj/Deep.stringsdict", binary(deep))

def assemble(objects, top=0):
    """A bplist00 file of the given encoded objects, numbered from 0, with 1-byte offsets and references."""
    body, offsets = b"", []
    for obj in objects:
        offsets.append(8 + len(body))
        body += obj
    table = 8 + len(body)
    trailer = bytes(6) + struct.pack(">BBQQQ", 1, 1, len(objects), top, table)
    return b"bplist00" + body + bytes(offsets) + trailer

def ascii_string(text):
    return bytes([0x50 | len(text)]) + text.encode("ascii")   # 0101 nnnn: ASCII string of n < 15 bytes

# A dictionary whose one value is itself: object 0 = {object 1: object 0}, object 1 = "k".
write("BrokenBinary/ja.lproj/Cycle.stringsdict", assemble([bytes([0xD1, 1, 0]), ascii_string("k")]))
# The same key twice in one dictionary (1101 0010: two entries; keys 1, 1; values 2, 3).
write("BrokenBinary/ja.lproj/DuplicateKey.strings",
      assemble([bytes([0xD2, 1, 1, 2, 3]), ascii_string("k"), ascii_string("x"), ascii_string("y")]))
# A key that is an integer (0001 0000: a 1-byte integer, 5).
write("BrokenBinary/ja.lproj/IntegerKey.strings", assemble([bytes([0xD1, 1, 2]), bytes([0x10, 5]), ascii_string("x")]))
# A UTF-16 string of one unit, a lone high surrogate (0110 0001, then D8 00).
write("BrokenBinary/ja.lproj/LoneSurrogate.strings", assemble([bytes([0xD1, 1, 2]), ascii_string("k"), bytes([0x61, 0xD8, 0x00])]))
# 30 dictionaries, each with keys "a" and "b" both referring to the next: 2^30 values from 33 objects
# when expanded, 33 when each object is read once.
shared = [bytes([0xD2, 31, 32, i + 1, i + 1]) for i in range(30)] + [ascii_string("leaf"), ascii_string("a"), ascii_string("b")]
write("BrokenBinary/ja.lproj/Shared.stringsdict", assemble(shared))
