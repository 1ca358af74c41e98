#!/usr/bin/env python3
"""Records Tests/TypographyTests/Fixtures/hb-shape-widths.tsv: reference advance widths from hb-shape.

Usage (from anywhere):

    python3 Tests/TypographyTests/Fixtures/record-hb-shape.py            # rewrites hb-shape-widths.tsv
    python3 Tests/TypographyTests/Fixtures/record-hb-shape.py --stdout   # prints it instead

The script WRITES hb-shape-widths.tsv (next to itself) by default; it does not need a shell
redirect, and `> hb-shape-widths.tsv` must not be used without --stdout (see the fallback below).
It prints a summary (cases per font file, dropped candidates and why) on stderr.

Needs: hb-shape (Debian libharfbuzz-bin), a python3 with fontTools (Debian python3-fonttools; if
the python3 running this lacks fontTools it re-runs itself with /usr/bin/python3), and the fonts
in <repo>/fonts.

Input strings: <repo>/../shared/data/territory_names.tsv (Unicode CLDR via babel, Unicode licence)
and <repo>/../shared/data/stress_strings.json (written for the project from Unicode facts).
If that folder is absent, the script re-measures the (file, weight, size, text) rows already in
hb-shape-widths.tsv instead, so the fixture can be re-recorded from itself (e.g. with a new
HarfBuzz) on a machine without shared/.

Selection is deterministic (no randomness): territory names of each locale are tried in the
order of sha256("locale:code") and the first N that pass the checks are kept; stress strings are
taken in file order. Cases of the fonts in APPENDED (added after the fixture was first recorded)
come after all others, so the earlier cases keep their sizes (sizes go round-robin by position).
A candidate is kept only if
  * every character's Unicode script is Common, Inherited or one of the scripts of its target
    font (so no character of another script, whatever the font covers),
  * no control characters (Cc), line/paragraph separators, or bidi embedding/override/isolate
    controls occur,
  * every code point is in the target font's cmap, except the default-ignorables ZWJ U+200D,
    ZWNJ U+200C, variation selectors U+FE00-FE0F and tags U+E0020-E007F,
  * hb-shape's output contains no glyph id 0 (.notdef).
"""

import hashlib
import json
import os
import subprocess
import sys
import unicodedata as ucd

try:
    from fontTools.ttLib import TTFont
    from fontTools import unicodedata as ftucd
except ImportError:  # e.g. a pyenv python3 shadowing Debian's, which has python3-fonttools
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3", os.path.abspath(__file__)] + sys.argv[1:])
    sys.exit("record-hb-shape.py: needs fontTools (apt-get install python3-fonttools)")

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
FONTS = os.path.join(REPO, "fonts")
SHARED = os.path.normpath(os.path.join(REPO, "..", "shared", "data"))
OUT = os.path.join(HERE, "hb-shape-widths.tsv")

SIZES = (11, 17, 53)
HB_CMD = ["hb-shape", "--font-funcs=ot", "--output-format=json", "--no-glyph-names"]
# A fixed UTF-8 locale: hb-shape takes its default language from the locale, which could
# otherwise switch on language-specific (locl) forms depending on who records.
HB_ENV = dict(os.environ, LC_ALL="C.UTF-8")

# font "key" -> (Regular file, Bold file or None, scripts it serves)
FONT_FILES = {
    "sans": ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", {"Latn", "Grek", "Cyrl"}),
    "arab": ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf", {"Arab"}),
    "hebr": ("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf", {"Hebr"}),
    "deva": ("NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf", {"Deva"}),
    "beng": ("NotoSansBengali-Regular.ttf", "NotoSansBengali-Bold.ttf", {"Beng"}),
    "taml": ("NotoSansTamil-Regular.ttf", "NotoSansTamil-Bold.ttf", {"Taml"}),
    "telu": ("NotoSansTelugu-Regular.ttf", "NotoSansTelugu-Bold.ttf", {"Telu"}),
    "mlym": ("NotoSansMalayalam-Regular.ttf", "NotoSansMalayalam-Bold.ttf", {"Mlym"}),
    "sinh": ("NotoSansSinhala-Regular.ttf", "NotoSansSinhala-Bold.ttf", {"Sinh"}),
    "thai": ("NotoSansThai-Regular.ttf", "NotoSansThai-Bold.ttf", {"Thai"}),
    "laoo": ("NotoSansLao-Regular.ttf", "NotoSansLao-Bold.ttf", {"Laoo"}),
    "khmr": ("NotoSansKhmer-Regular.ttf", "NotoSansKhmer-Bold.ttf", {"Khmr"}),
    "mymr": ("NotoSansMyanmar-Regular.ttf", "NotoSansMyanmar-Bold.ttf", {"Mymr"}),
    "ethi": ("NotoSansEthiopic-Regular.ttf", "NotoSansEthiopic-Bold.ttf", {"Ethi"}),
    "geor": ("NotoSansGeorgian-Regular.ttf", "NotoSansGeorgian-Bold.ttf", {"Geor"}),
    "armn": ("NotoSansArmenian-Regular.ttf", "NotoSansArmenian-Bold.ttf", {"Armn"}),
    "cjk": ("DroidSansFallbackFull.ttf", None, {"Hani", "Hira", "Kana", "Bopo"}),
    # Hangul + punctuation subsets of Noto Sans CJK KR (fonts/make-hangul-subset.sh): no digits,
    # Latin letters or Han, so only all-Hangul strings pass the cmap check.
    "kore": ("NotoSansCJKkr-Hangul-Regular.otf", "NotoSansCJKkr-Hangul-Bold.otf", {"Hang"}),
    "emoji": ("NotoColorEmoji.ttf", None, set()),
}

# locale of territory_names.tsv / stress_strings.json -> (font key, territory names per weight)
LOCALES = {
    **{loc: ("sans", 1) for loc in ("de", "el", "en", "es", "fi", "fr", "hu", "it", "pl", "pt",
                                    "ru", "tr", "uk", "vi")},
    "ar": ("arab", 2), "fa": ("arab", 2), "ur": ("arab", 2),
    "he": ("hebr", 2), "hi": ("deva", 2), "bn": ("beng", 2), "ta": ("taml", 2),
    "te": ("telu", 2), "ml": ("mlym", 2), "si": ("sinh", 2), "th": ("thai", 2),
    "lo": ("laoo", 2), "km": ("khmr", 2), "my": ("mymr", 2), "am": ("ethi", 2),
    "ka": ("geor", 2), "hy": ("armn", 2),
    "zh_Hans": ("cjk", 2), "zh_Hant": ("cjk", 2), "ja": ("cjk", 2), "ko": ("kore", 4),
}

# font keys whose cases are appended after all others (see the module docstring)
APPENDED = {"kore"}

IGNORABLE = {0x200C, 0x200D} | set(range(0xFE00, 0xFE10)) | set(range(0xE0020, 0xE0080))
BIDI_CONTROLS = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F, 0x061C}


def weights_for(key):
    regular, bold, _ = FONT_FILES[key]
    return [(400, regular)] + ([(700, bold)] if bold else [])


_cmaps, _upems = {}, {}


def cmap(file):
    if file not in _cmaps:
        font = TTFont(os.path.join(FONTS, file), lazy=True)
        _cmaps[file] = set(font.getBestCmap())
        _upems[file] = font["head"].unitsPerEm
    return _cmaps[file]


def upem(file):
    cmap(file)
    return _upems[file]


def hb_shape(file, text):
    out = subprocess.run(HB_CMD + [os.path.join(FONTS, file), text], env=HB_ENV,
                         check=True, capture_output=True, text=True, encoding="utf-8").stdout
    glyphs = json.loads(out.strip())
    return sum(g["ax"] for g in glyphs), len(glyphs), any(g["g"] == 0 for g in glyphs)


def problem(text, key, file):
    """Why text cannot be a one-run case in file, or None."""
    scripts = FONT_FILES[key][2]
    for ch in text:
        cp = ord(ch)
        cat = ucd.category(ch)
        if cat in ("Cc", "Zl", "Zp") or cp in BIDI_CONTROLS:
            return "control U+%04X" % cp
        sc = ftucd.script(ch)
        if sc not in ("Zyyy", "Zinh") and sc not in scripts:
            return "other script %s (U+%04X)" % (sc, cp)
    missing = sorted({ord(c) for c in text} - cmap(file) - IGNORABLE)
    if missing:
        return "not in cmap: " + " ".join("U+%04X" % c for c in missing)
    return None


def emoji_sequences(text):
    """Splits an emoji-only-ish string into emoji sequences (flags, tag flags, keycaps, modifier
    and ZWJ sequences); returns only sequences with emoji presentation (a VS16, a regional
    indicator pair, or a base at U+1F000 or above), dropping spaces, letters and text-style bits."""
    cps = [ord(c) for c in text]
    seqs, i = [], 0
    is_ri = lambda c: 0x1F1E6 <= c <= 0x1F1FF
    while i < len(cps):
        c = cps[i]
        if is_ri(c) and i + 1 < len(cps) and is_ri(cps[i + 1]):
            seqs.append(cps[i:i + 2]); i += 2; continue
        j = i + 1
        while j < len(cps):
            n = cps[j]
            if n in (0xFE0E, 0xFE0F, 0x20E3) or 0x1F3FB <= n <= 0x1F3FF or 0xE0020 <= n <= 0xE007F:
                j += 1
            elif n == 0x200D and j + 1 < len(cps):
                j += 2
            else:
                break
        seqs.append(cps[i:j]); i = j
    keep = []
    for s in seqs:
        if 0xFE0E in s:
            continue
        if 0xFE0F in s or is_ri(s[0]) or s[0] >= 0x1F000:
            keep.append("".join(map(chr, s)))
    return keep


def json_text(text):
    """JSON string literal, UTF-8 kept, but controls and invisible characters escaped."""
    out = []
    for ch in json.dumps(text, ensure_ascii=False)[1:-1]:
        cp = ord(ch)
        cat = ucd.category(ch)
        if cat in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn") or (cat == "Zs" and cp != 0x20) \
                or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF:
            if cp > 0xFFFF:
                v = cp - 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF)))
            else:
                out.append("\\u%04x" % cp)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def candidates_from_shared():
    """Yields (origin, font key, [(weight, file)], text, quota-group) in a fixed order."""
    rows = {}
    with open(os.path.join(SHARED, "territory_names.tsv"), encoding="utf-8") as f:
        for n, line in enumerate(f):
            if n == 0:
                continue
            loc, code, name = line.rstrip("\n").split("\t")
            rows.setdefault(loc, []).append((code, name))
    terr = []
    for loc in sorted(LOCALES):
        key, quota = LOCALES[loc]
        order = sorted(rows.get(loc, []), key=lambda r: hashlib.sha256(("%s:%s" % (loc, r[0])).encode()).hexdigest())
        for weight, file in weights_for(key):
            terr.append((loc, key, weight, file, quota, order))
    with open(os.path.join(SHARED, "stress_strings.json"), encoding="utf-8") as f:
        stress = json.load(f)
    return terr, stress


def select():
    cases, appended, dropped = [], [], []
    terr, stress = candidates_from_shared()
    used = set()
    for loc, key, weight, file, quota, order in terr:
        got = 0
        for code, name in order:
            if got == quota:
                break
            if name in used:  # a different name for Bold than for Regular, and no repeats
                continue
            why = problem(name, key, file)
            if why is None:
                adv, n, notdef = hb_shape(file, name)
                if notdef:
                    why = "hb-shape glyph id 0"
            if why:
                dropped.append(("territory %s/%s" % (loc, code), file, name, why))
                continue
            used.add(name)
            (appended if key in APPENDED else cases).append((file, weight, name, "territory %s/%s" % (loc, code)))
            got += 1
    for s in stress:
        sid, lang, text = s["id"], s["lang"], s["text"]
        if lang == "und":  # emoji strings: split into single emoji sequences
            pieces = emoji_sequences(text)
            if len(pieces) != 1 or pieces[0] != text:
                dropped.append(("stress " + sid, "NotoColorEmoji.ttf", text,
                                "not a single emoji sequence: split into %d sequence(s)" % len(pieces)))
            items = [("emoji", p) for p in pieces]
        elif lang in LOCALES:
            items = [(LOCALES[lang][0], text)]
        else:
            dropped.append(("stress " + sid, "-", text, "no bundled font for lang %s" % lang))
            continue
        for key, piece in items:
            for weight, file in weights_for(key):
                why = problem(piece, key, file)
                if why is None:
                    adv, n, notdef = hb_shape(file, piece)
                    if notdef:
                        why = "hb-shape glyph id 0"
                if why:
                    dropped.append(("stress " + sid, file, piece, why))
                    continue
                (appended if key in APPENDED else cases).append((file, weight, piece, "stress " + sid))
    return cases + appended, dropped


def select_from_fixture():
    cases = []
    with open(OUT, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            file, weight, size, text = line.rstrip("\n").split("\t")[:4]
            cases.append((file, int(weight), json.loads(text), "fixture", int(size)))
    return cases


def main():
    to_stdout = "--stdout" in sys.argv[1:]
    version = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    from_shared = os.path.isdir(SHARED)
    if from_shared:
        cases, dropped = select()
        cases = [c + (SIZES[i % len(SIZES)],) for i, c in enumerate(cases)]
    else:
        print("record-hb-shape.py: %s not found; re-measuring the cases of %s" % (SHARED, OUT), file=sys.stderr)
        cases, dropped = select_from_fixture(), []

    lines = []
    per_file = {}
    for file, weight, text, origin, size in cases:
        adv, n, notdef = hb_shape(file, text)
        assert not notdef, (file, text)
        per_file[file] = per_file.get(file, 0) + 1
        lines.append("\t".join([file, str(weight), str(size), json_text(text), str(upem(file)), str(adv), str(n)]))

    header = [
        "# hb-shape reference widths: one case per line. GENERATED by record-hb-shape.py (next to this file);",
        "# re-record with `python3 Tests/TypographyTests/Fixtures/record-hb-shape.py` (it rewrites this file).",
        "# Strings: ../shared/data/territory_names.tsv = territory names from Unicode CLDR via the babel",
        "#   package (Unicode licence), and ../shared/data/stress_strings.json = strings written for this",
        "#   project from Unicode facts (emoji-only strings split into single emoji sequences).",
        "# Kept only if the string is one script (plus Common/Inherited characters) served by `file`, has no",
        "#   controls, every code point is in the cmap of `file` (except ZWJ, ZWNJ, U+FE00-FE0F, U+E0020-E007F)",
        "#   and hb-shape gives no glyph id 0. The test measures `text` with family \"Noto Sans\" at `weight`",
        "#   and expects ONE run in `file`.",
        "# Command per case (environment LC_ALL=C.UTF-8, so no language-specific forms):",
        "#   hb-shape --font-funcs=ot --output-format=json --no-glyph-names FONTFILE TEXT",
        "#   (no --font-size: the size defaults to upem, so positions are exact font units;",
        "#   points = advance * size / upem). %s." % version,
        "# text is a JSON string literal (UTF-8; controls, format characters, non-ASCII spaces and",
        "#   variation selectors written as \\uXXXX escapes, astral ones as surrogate pairs).",
        "# glyphs counts what hb-shape outputs, including default-ignorables it hides as zero-advance glyphs.",
        "# Columns (tab-separated): file, weight, size, text, upem, advance, glyphs",
        "# file\tweight\tsize\ttext\tupem\tadvance\tglyphs",
    ]
    data = "\n".join(header + lines) + "\n"
    if to_stdout:
        sys.stdout.write(data)
    else:
        tmp = OUT + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(data)
        os.replace(tmp, OUT)
        print("wrote %s: %d cases" % (OUT, len(lines)), file=sys.stderr)
    for file in sorted(per_file):
        print("  %3d  %s" % (per_file[file], file), file=sys.stderr)
    if dropped:
        print("dropped %d candidate(s):" % len(dropped), file=sys.stderr)
        for origin, file, text, why in dropped:
            print("  %s  %s  %s  %s" % (origin, file, json_text(text), why), file=sys.stderr)


if __name__ == "__main__":
    main()
