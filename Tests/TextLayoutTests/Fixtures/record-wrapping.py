#!/usr/bin/python3
"""Records wrapping.tsv: an independent reference for greedy line wrapping.

Run from anywhere (deterministic, re-runnable; overwrites wrapping.tsv next to this file):

    /usr/bin/python3 Tests/TextLayoutTests/Fixtures/record-wrapping.py

Needs (Debian 12): libharfbuzz-bin (hb-shape), python3-fonttools, libpango-1.0-0 + libthai0 +
libthai-data (line-break opportunities), and optionally python3-icu, used ONLY to annotate the
header with the cases where ICU's break opportunities would give other lines (never to make the
reference). TextFit's own code, HarfBuzz bindings and ICU break iterators are not used.

Method, per paragraph (see also the header this writes):
  1. Fonts. Grapheme clusters (Pango's cursor positions) get a font the way TextFit's fallback is
     specified: a cluster whose scalars are all Common/Inherited (fontTools' Scripts data) stays in
     the previous cluster's font if that font covers it; otherwise the requested font
     fonts/NotoSans-Regular.ttf if it covers it; otherwise the font of the cluster's script
     (Arab, Hebr, Deva, Thai). Coverage = every scalar in the font's cmap (default-ignorables
     exempt). A cluster no font covers aborts the run.
  2. Break opportunities: Pango's pango_get_log_attrs() (is_line_break), called through ctypes.
     Pango has its own UAX #14 implementation and uses libthai's dictionary for Thai. Paragraphs
     of space-separated scripts are kept only if every opportunity is after a run of U+0020
     (at the first non-space) or the "%|(" of a Python placeholder such as "%(name)s".
  3. Widths: a line's advance is the sum of hb-shape's x_advance over its text without trailing
     spaces, each maximal same-font run shaped as its own buffer
     (hb-shape --font-funcs=ot --output-format=json --no-glyph-names FONT TEXT; default size =
     upem), converted to points as units * 17 / upem.
  4. Greedy first fit: a line takes the next segment while the line (trailing spaces excluded)
     is <= width + 1e-9 points wide. A (paragraph, width) pair is skipped if a single segment
     is wider than the width.
"""

import ctypes
import hashlib
import json
import os
import subprocess
import sys
import unicodedata

from fontTools import unicodedata as fontunicode
from fontTools.ttLib import TTFont
import fontTools

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
FONTS = os.path.join(REPO, "fonts")
PARAGRAPHS = os.path.normpath(os.path.join(REPO, "..", "shared", "data", "paragraphs.tsv"))
OUTPUT = os.path.join(HERE, "wrapping.tsv")

SIZE = 17
WEIGHT = 400
# 120, 200 and 320 asked for; 150 and 260 added so that every script group gets cases even where
# a placeholder such as "(objects_name)s" is wider than 120 points.
WIDTHS = (120, 150, 200, 260, 320)
EPSILON = 1e-9

REQUESTED = "NotoSans-Regular.ttf"
SCRIPT_FONTS = {
    "Latn": "NotoSans-Regular.ttf", "Grek": "NotoSans-Regular.ttf", "Cyrl": "NotoSans-Regular.ttf",
    "Arab": "NotoSansArabic-Regular.ttf", "Hebr": "NotoSansHebrew-Regular.ttf",
    "Deva": "NotoSansDevanagari-Regular.ttf", "Thai": "NotoSansThai-Regular.ttf",
}

# Paragraphs taken per locale, the first ones in paragraphs.tsv order that pass the filters.
GROUPS = [
    ("Latin", [("en", 2), ("fr", 2), ("de", 2), ("es", 2), ("tr", 1), ("pl", 1), ("vi", 1)]),
    ("Cyrillic", [("ru", 2), ("uk", 2)]),
    ("Greek", [("el", 4)]),
    ("Arabic", [("ar", 4), ("fa", 1)]),
    ("Hebrew", [("he", 4)]),
    ("Devanagari", [("hi", 3)]),
    ("Thai", [("th", 3)]),
]

# paragraphs.tsv has only two Thai paragraphs; the third one comes from the same source (Django's
# catalogs, BSD-3): django 5.2.19 wheel from PyPI
# (sha256 5965d974a5218a2b68a11dd1276434707f23886525c23f0598eccedaf4f4ca00),
# django/contrib/admin/locale/th/LC_MESSAGES/djangojs.po, msgstr of msgid "You have selected an
# action, but you haven't saved your changes to individual fields yet. Please click OK to save.
# You'll need to re-run the action."
EXTRA = [
    ("th", "django-5.2.19 django/contrib/admin/locale/th/LC_MESSAGES/djangojs.po",
     "คุณได้เลือกคำสั่ง แต่คุณยังไม่ได้บันทึกการเปลี่ยนแปลงของคุณไปยังฟิลด์ กรุณาคลิก OK เพื่อบันทึก "
     "คุณจะต้องเรียกใช้คำสั่งใหม่อีกครั้ง"),
]

# Characters that make other UAX #14 opportunities, forbid breaks, or that line breakers tailor
# differently (quotes: LB15a/LB15b of Unicode 15.1); paragraphs containing any are skipped.
AVOID = set("-/<>\"«»“”„‘‚‹›\t\n\r\u00a0\u00ad\u05be\u2007\u200b\u2010\u2011\u2012\u2013"
            "\u2014\u2015\u2028\u2029\u202f\u2060\ufeff")
# Not allowed directly after a space (LB13/LB14 class EX/OP after SP).
AVOID_AFTER_SPACE = set("?!([{;:,.)]}")

# Thai breaks of libthai that are not plausible word boundaries (the left and right word):
# a case whose greedy lines break there is not recorded.
IMPLAUSIBLE_THAI = {("เนื่อง", "จาก")}  # เนื่องจาก "because" is one word

# ---------------------------------------------------------------------------------------------
# Pango log attributes (ctypes; PangoLogAttr is a 32-bit bitfield word on this ABI:
# bit 0 is_line_break, bit 4 is_cursor_position).

_pango = ctypes.CDLL("libpango-1.0.so.0")
_pango.pango_language_from_string.restype = ctypes.c_void_p
_pango.pango_language_from_string.argtypes = [ctypes.c_char_p]
_pango.pango_get_log_attrs.restype = None
_pango.pango_get_log_attrs.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p,
                                       ctypes.POINTER(ctypes.c_uint32), ctypes.c_int]
_pango.pango_version_string.restype = ctypes.c_char_p
assert ctypes.sizeof(ctypes.c_uint32) == 4


def pango_attrs(text, lang):
    data = text.encode("utf-8")
    count = len(text) + 1
    attrs = (ctypes.c_uint32 * count)()
    _pango.pango_get_log_attrs(data, len(data), -1, _pango.pango_language_from_string(lang.encode()),
                               attrs, count)
    return list(attrs)


def pango_line_breaks(text, lang):
    """Scalar offsets (0 < i < len) before which Pango allows a line break."""
    attrs = pango_attrs(text, lang)
    return [i for i in range(1, len(text)) if attrs[i] & 1]


def pango_clusters(text, lang):
    attrs = pango_attrs(text, lang)
    bounds = [i for i in range(len(text) + 1) if attrs[i] & 16] or [0, len(text)]
    if bounds[0] != 0:
        bounds.insert(0, 0)
    if bounds[-1] != len(text):
        bounds.append(len(text))
    return list(zip(bounds, bounds[1:]))


def icu_line_breaks(text, lang):
    """ICU's opportunities (scalar offsets), for the header's notes only; None without PyICU."""
    try:
        import icu
    except ImportError:
        return None
    iterator = icu.BreakIterator.createLineInstance(icu.Locale(lang))
    iterator.setText(text)
    # PyICU offsets are UTF-16 units: map them to scalar offsets.
    utf16_to_scalar = {}
    units = 0
    for index, char in enumerate(text):
        utf16_to_scalar[units] = index
        units += 2 if ord(char) > 0xFFFF else 1
    utf16_to_scalar[units] = len(text)
    return [utf16_to_scalar[b] for b in iterator if 0 < utf16_to_scalar[b] < len(text)]


# ---------------------------------------------------------------------------------------------
# Fonts and shaping

class Font:
    def __init__(self, name):
        self.name = name
        self.path = os.path.join(FONTS, name)
        font = TTFont(self.path, lazy=True)
        self.cmap = set(font.getBestCmap())
        self.upem = font["head"].unitsPerEm
        with open(self.path, "rb") as handle:
            self.sha256 = hashlib.sha256(handle.read()).hexdigest()

    def covers(self, chars):
        return all(ord(c) in self.cmap or is_default_ignorable(c) for c in chars)


def is_default_ignorable(char):
    code = ord(char)
    return (code in (0x00AD, 0x034F, 0x061C, 0x180E) or 0x200B <= code <= 0x200F or 0x202A <= code <= 0x202E
            or 0x2060 <= code <= 0x206F or 0xFE00 <= code <= 0xFE0F or code == 0xFEFF)


FONT_CACHE = {}


def font(name):
    if name not in FONT_CACHE:
        FONT_CACHE[name] = Font(name)
    return FONT_CACHE[name]


def script_of(char):
    return fontunicode.script(char)


def is_neutral(chars):
    return all(script_of(c) in ("Zyyy", "Zinh", "Zzzz") for c in chars)


def assign_fonts(text, lang):
    """The font name of every scalar, by grapheme cluster."""
    names = [None] * len(text)
    previous = None
    for start, end in pango_clusters(text, lang):
        chars = text[start:end]
        choice = None
        if is_neutral(chars) and previous is not None and font(previous).covers(chars):
            choice = previous
        elif font(REQUESTED).covers(chars):
            choice = REQUESTED
        else:
            script = next(script_of(c) for c in chars if script_of(c) not in ("Zyyy", "Zinh", "Zzzz")) \
                if not is_neutral(chars) else None
            if script is None:
                # A neutral cluster after nothing: the script of the next strong character.
                script = next((script_of(c) for c in text[end:] if script_of(c) not in ("Zyyy", "Zinh", "Zzzz")), "Latn")
            candidate = SCRIPT_FONTS.get(script)
            if candidate and font(candidate).covers(chars):
                choice = candidate
        if choice is None:
            raise SystemExit("no font covers %r (U+%s) in %r" % (chars, " U+".join("%04X" % ord(c) for c in chars), text))
        for index in range(start, end):
            names[index] = choice
        previous = choice
    return names


def font_runs(text, names, start, end):
    """Maximal same-font runs of text[start:end] as (font name, run start, run end)."""
    runs = []
    index = start
    while index < end:
        stop = index
        while stop < end and names[stop] == names[index]:
            stop += 1
        runs.append((names[index], index, stop))
        index = stop
    return runs


SHAPE_CACHE = {}
SHAPE_CALLS = [0]


def hb_shape(name, text):
    """hb-shape's glyphs for text in font `name`: a list of (cluster scalar offset, x_advance)."""
    key = (name, text)
    if key not in SHAPE_CACHE:
        command = ["hb-shape", "--font-funcs=ot", "--output-format=json", "--no-glyph-names",
                   font(name).path, text]
        output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        SHAPE_CALLS[0] += 1
        SHAPE_CACHE[key] = [(glyph["cl"], glyph["ax"]) for glyph in json.loads(output)]
    return SHAPE_CACHE[key]


def trim_trailing_spaces(text, start, end):
    while end > start and text[end - 1] == " ":
        end -= 1
    return end


def line_width(text, names, start, end):
    """The advance in points of text[start:end], trailing spaces excluded, one buffer per font run."""
    end = trim_trailing_spaces(text, start, end)
    total = 0.0
    for name, run_start, run_end in font_runs(text, names, start, end):
        units = sum(advance for _, advance in hb_shape(name, text[run_start:run_end]))
        total += units * SIZE / font(name).upem
    return total


def paragraph_advances(text, names):
    """Per-scalar advances (points) from shaping each font run of the WHOLE paragraph once, glyph
    advances credited to their cluster's first scalar: how TextFit measures (diagnostic only)."""
    advances = [0.0] * len(text)
    cluster_starts = set()
    for name, run_start, run_end in font_runs(text, names, 0, len(text)):
        for cluster, advance in hb_shape(name, text[run_start:run_end]):
            advances[run_start + cluster] += advance * SIZE / font(name).upem
            cluster_starts.add(run_start + cluster)
    return advances, cluster_starts


def greedy(text, breaks, measure, width):
    """Greedy first fit. Returns (starts, widths) or None when one segment is wider than `width`."""
    bounds = [0] + list(breaks) + [len(text)]
    starts, widths = [], []
    segment = 0
    while segment < len(bounds) - 1:
        start = bounds[segment]
        stop = segment + 1
        current = measure(start, bounds[stop])
        if current > width + EPSILON:
            return None
        while stop < len(bounds) - 1:
            candidate = measure(start, bounds[stop + 1])
            if candidate > width + EPSILON:
                break
            stop += 1
            current = candidate
        starts.append(start)
        widths.append(current)
        segment = stop
    return starts, widths


# ---------------------------------------------------------------------------------------------
# Selection

def space_breaks(text):
    return [i for i in range(1, len(text)) if text[i - 1] == " " and text[i] != " "]


def placeholder_breaks(text):
    return [i for i in range(1, len(text)) if text[i - 1] == "%" and text[i] == "("]


def rejection(lang, text):
    """Why a paragraph is not used, or None."""
    if not 120 <= len(text) <= 500:
        return "length %d" % len(text)
    if text != unicodedata.normalize("NFC", text):
        return "not NFC"
    bad = sorted(set(c for c in text if c in AVOID))
    if bad:
        return "contains " + " ".join("U+%04X" % ord(c) for c in bad)
    if text[0] == " " or text[-1] == " ":
        return "leading or trailing space"
    after_space = sorted(set(text[i] for i in range(1, len(text)) if text[i - 1] == " " and text[i] in AVOID_AFTER_SPACE))
    if after_space:
        return "after a space: " + " ".join(after_space)
    if lang != "th":
        expected = sorted(set(space_breaks(text)) | set(placeholder_breaks(text)))
        if pango_line_breaks(text, lang) != expected:
            return "Pango's opportunities are not (after spaces + %|()"
    return None


def load_paragraphs():
    rows = []
    with open(PARAGRAPHS, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            line = line.rstrip("\n")
            if number == 1 or not line:
                continue
            lang, text = line.split("\t", 1)
            rows.append((lang, "paragraphs.tsv line %d" % number, text))
    return rows


def select():
    rows = load_paragraphs() + EXTRA
    chosen = []
    for group, quotas in GROUPS:
        for lang, count in quotas:
            taken = [(lang, source, text) for lang_, source, text in rows if lang_ == lang and rejection(lang, text) is None]
            if len(taken) < count:
                raise SystemExit("only %d usable %s paragraphs" % (len(taken), lang))
            chosen += [(group,) + row for row in taken[:count]]
    return chosen


# ---------------------------------------------------------------------------------------------

def version_of(command):
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout.splitlines()[0].strip()
    except (OSError, IndexError):
        return "unknown"


def dpkg_version(package):
    return version_of(["dpkg-query", "-W", "-f=${Version}", package]) or "unknown"


def fmt(value):
    return "%.6f" % value


def main():
    with open(PARAGRAPHS, "rb") as handle:
        paragraphs_sha = hashlib.sha256(handle.read()).hexdigest()
    chosen = select()

    rows = []            # TSV rows
    notes_shaping = []   # expected differences: per-line vs per-paragraph shaping
    notes_icu = []       # expected differences: ICU's opportunities
    skipped = []         # (paragraph, width) pairs not recorded
    counts = {}
    fonts_used = set()
    icu_checked = True
    placeholder_lines = [0]
    sources = []

    for number, (group, lang, source, text) in enumerate(chosen, start=1):
        label = "P%02d" % number
        sources.append("#   %s %-2s %-10s %3d scalars  %s" % (label, lang, group, len(text), source))
        names = assign_fonts(text, lang)
        fonts_used.update(names)
        breaks = pango_line_breaks(text, lang)
        icu = icu_line_breaks(text, lang)
        if icu is None:
            icu_checked = False
        advances, cluster_starts = paragraph_advances(text, names)

        def measure(start, end):
            return line_width(text, names, start, end)

        def measure_paragraph(start, end):
            end = trim_trailing_spaces(text, start, end)
            return sum(advances[start:end])

        if lang != "th" and icu is not None and icu != breaks:
            notes_icu.append("#   %s: ICU's opportunities differ from Pango's at %s" %
                             (label, sorted(set(icu) ^ set(breaks))))
        for width in WIDTHS:
            result = greedy(text, breaks, measure, width)
            if result is None:
                skipped.append("#   %s width %d: a segment is wider than the width" % (label, width))
                continue
            starts, widths = result
            case = "%s %s width %d" % (label, lang, width)
            if lang == "th":
                implausible = [(text[max(0, s - 8):s], text[s:s + 8]) for s in starts[1:]
                               if any(text[:s].rstrip(" ").endswith(left) and text[s:].startswith(right)
                                      for left, right in IMPLAUSIBLE_THAI)]
                if implausible:
                    skipped.append("#   %s: breaks at %s, not a plausible word boundary" %
                                   (case, " ".join("%s|%s" % pair for pair in implausible)))
                    continue
            # A line boundary inside a glyph cluster of the paragraph shaping would be a problem.
            for s in starts[1:]:
                if s not in cluster_starts:
                    raise SystemExit("%s: line start %d is inside a cluster" % (case, s))
            # Diagnostics: what TextFit-style measurement (paragraph shaped once) gives.
            ends = starts[1:] + [len(text)]
            for line, (s, e) in enumerate(zip(starts, ends)):
                delta = measure_paragraph(s, e) - widths[line]
                if abs(delta) > 5e-7:
                    notes_shaping.append("#   %s line %d: paragraph-shaped width differs by %+.6f pt (%s)" %
                                         (case, line + 1, delta, json.dumps(text[s:trim_trailing_spaces(text, s, e)][:24] + "…", ensure_ascii=False)))
            other = greedy(text, breaks, measure_paragraph, width)
            if other is None or other[0] != starts:
                notes_shaping.append("#   %s: greedy on paragraph-shaped widths gives starts %s (reference %s)" %
                                     (case, other[0] if other else "overflow", starts))
            if icu is not None and icu != breaks:
                via_icu = greedy(text, icu, measure, width)
                if via_icu is None or via_icu[0] != starts:
                    notes_icu.append("#   %s: with ICU's opportunities the starts would be %s (reference %s)" %
                                     (case, via_icu[0] if via_icu else "overflow", starts))
            placeholder_lines[0] += sum(1 for s in starts[1:] if text[s - 1] == "%")
            rows.append("\t".join([lang, str(WEIGHT), str(SIZE), str(width),
                                   json.dumps(text, ensure_ascii=False),
                                   ",".join(str(s) for s in starts),
                                   ",".join(fmt(w) for w in widths)]))
            counts[group] = counts.get(group, 0) + 1
            counts[lang] = counts.get(lang, 0) + 1

    thai_diffs = []
    for group, lang, source, text in chosen:
        if lang == "th":
            icu = icu_line_breaks(text, lang)
            if icu is not None:
                only_pango = [i for i in pango_line_breaks(text, lang) if i not in icu]
                only_icu = [i for i in icu if i not in pango_line_breaks(text, lang)]
                for i in only_pango:
                    thai_diffs.append("#     %s|%s  (libthai breaks, ICU does not)" % (text[max(0, i - 6):i], text[i:i + 6]))
                for i in only_icu:
                    thai_diffs.append("#     %s|%s  (ICU breaks, libthai does not)" % (text[max(0, i - 6):i], text[i:i + 6]))

    icu_version = "not installed"
    try:
        import icu
        icu_version = "PyICU %s, ICU %s" % (icu.VERSION, icu.ICU_VERSION)
    except ImportError:
        pass

    header = [
        "# wrapping.tsv: an independent reference for greedy line wrapping, to test TextFit's Paragraph.",
        "# GENERATED by record-wrapping.py in this directory: do not edit by hand; re-run",
        "#   /usr/bin/python3 Tests/TextLayoutTests/Fixtures/record-wrapping.py",
        "# One case per line, tab-separated columns:",
        "#   lang    locale of the paragraph (also passed to Pango's segmenter)",
        "#   weight  font weight (400, fonts/NotoSans-Regular.ttf, family \"Noto Sans\", with fallback)",
        "#   size    font size in points",
        "#   width   line width in points",
        "#   text    the paragraph, a JSON string literal (UTF-8, not ASCII-escaped)",
        "#   starts  comma-separated scalar (code point) offsets where each line starts; the first is 0;",
        "#           a line after a break at spaces starts at the first non-space",
        "#   widths  comma-separated advance of each line in points, trailing spaces excluded, 6 decimals",
        "#",
        "# PROVENANCE. The paragraphs are real UI strings from Django's translation catalogs (BSD-3-Clause,",
        "# https://www.djangoproject.com), copied from the project's ../shared/data/paragraphs.tsv (gathered",
        "# from the Django wheel on PyPI; sha256 of the file used: %s) and, for one Thai" % paragraphs_sha,
        "# paragraph, from the django 5.2.19 wheel's django/contrib/admin/locale/th/LC_MESSAGES/djangojs.po",
        "# (paragraphs.tsv has only two Thai paragraphs). Each text is copied into the text column, so the",
        "# test reads only this file. Paragraphs used:",
    ] + sources + [
        "#",
        "# SELECTION. Per locale, the first paragraphs (file order) that have 120-500 scalars, are NFC, contain",
        "# none of  - / < > \" « » “ ” „ ‘ ‚ ‹ ›  tab CR LF NBSP U+202F U+2007 SHY ZWSP WJ BOM maqaf U+2010-2015",
        "# U+2028 U+2029, have none of  ? ! ( [ { ; : , . ) ] }  right after a space, and (space-separated",
        "# scripts) whose Pango break opportunities are exactly: after each run of U+0020, plus the '%|('",
        "# inside Python placeholders like %(objects_name)s (UAX #14 LB25 as ICU and Pango implement it:",
        "# PO x OP only before a number). Apostrophes (U+0027, U+2019) are allowed.",
        "#",
        "# METHOD (%s; Pango %s; libthai %s, libthai-data %s; fontTools %s; %s)." % (
            version_of(["hb-shape", "--version"]), _pango.pango_version_string().decode(),
            dpkg_version("libthai0"), dpkg_version("libthai-data"), fontTools.version, icu_version),
        "# Fonts: each grapheme cluster (Pango cursor positions) gets a font like TextFit's fallback: a",
        "#   cluster of only Common/Inherited scalars (fontTools' Unicode Scripts data) stays in the previous",
        "#   cluster's font when that covers it; else fonts/NotoSans-Regular.ttf if it covers it; else the",
        "#   script's font: Arabic fonts/NotoSansArabic-Regular.ttf, Hebrew fonts/NotoSansHebrew-Regular.ttf,",
        "#   Devanagari fonts/NotoSansDevanagari-Regular.ttf, Thai fonts/NotoSansThai-Regular.ttf (covers =",
        "#   every scalar in the cmap). Fonts used (sha256):",
    ] + ["#     %s %s" % (name, font(name).sha256) for name in sorted(fonts_used)] + [
        "#   Coverage gaps that matter: NotoSansHebrew and NotoSansThai have only space and '-' of ASCII, so",
        "#   '.', ',', ':', '%', '(' after Hebrew/Thai text go to NotoSans; NotoSansArabic has space ! , - . 0-9 :",
        "#   but not ' % ( ) _, and NotoSansDevanagari has most ASCII punctuation (so '%(' and \"'\" after",
        "#   Devanagari text stay in the Devanagari font while the placeholder's letters go to NotoSans).",
        "#   A paragraph mixing fonts is measured one maximal same-font run at a time.",
        "# Break opportunities: Pango's pango_get_log_attrs() is_line_break (called through ctypes with the",
        "#   lang column as language): Pango's own UAX #14 rules, and libthai's dictionary for Thai. For the",
        "#   space-separated scripts these equal the selection rule above; for Thai they are libthai's words.",
        "# Widths: hb-shape --font-funcs=ot --output-format=json --no-glyph-names FONT TEXT (default size =",
        "#   upem = 1000 for every font here) for each same-font run of the line's text without its trailing",
        "#   spaces; the line's width is the sum of all glyphs' x_advance (\"ax\") x 17 / upem points.",
        "# Greedy first fit: from a line's start, the line takes the next segment (text up to the next",
        "#   opportunity) while its width <= width + 1e-9; the first segment is always taken. Widths %s;" %
        ", ".join(str(w) for w in WIDTHS),
        "#   a (paragraph, width) pair where one segment alone is wider than the width is not recorded.",
        "#",
        "# NOT RECORDED:",
    ] + (skipped or ["#   (none)"]) + [
        "#",
        "# EXPECTED DIFFERENCES from TextFit:",
        "# 1. Measurement. TextFit shapes the whole paragraph once and sums per-character advances; this file",
        "#    shapes each line alone. Shaping every font run of the whole paragraph once (hb-shape, advances",
        "#    credited to cluster starts) and summing per line, then wrapping greedily with those widths,",
        "#    gives these differences (more than 5e-7 pt, or other line starts):",
    ] + (notes_shaping or ["#    (none: same starts, and every line's width agrees to 5e-7 pt, for every case)"]) + [
        "# 2. Break opportunities. TextFit uses ICU's line break iterator. %s" % (
            "Compared with ICU here (annotation only):" if icu_checked else "ICU was not available to compare."),
        "#    Space-separated scripts: %s" % (
            "ICU's opportunities equal Pango's for every paragraph used." if icu_checked and not any("ICU's opportunities differ" in n for n in notes_icu)
            else "see below."),
        "#    Thai: libthai's and ICU's dictionaries segment differently here:",
    ] + (thai_diffs or ["#     (no difference found or not checked)"]) + [
        "#    Cases whose lines would change with ICU's opportunities (and the same widths):",
    ] + ([n for n in notes_icu] or ["#     (none)"]) + [
        "#    ICU's Thai dictionary may differ from libthai on other text and in other ICU versions: a Thai",
        "#    failure should be checked against ICU's segmentation before blaming the layout.",
        "# 3. Fonts: the font of each cluster follows the rules above; if TextFit's fallback picks another",
        "#    font (e.g. a system font) widths differ.",
        "# 4. Placeholders: %d line breaks fall between '%%' and '(' of a placeholder (a line ends in '%%' and" % placeholder_lines[0],
        "#    the next starts with '(name)s'): UAX #14 LB25 as both ICU 72 and Pango 1.50 apply it. An engine",
        "#    that keeps PO x OP (the pair table of UAX #14 before Unicode 15.1) would not break there.",
        "#",
        "# COUNTS: %d cases; %s." % (len(rows), ", ".join("%s %d" % (g, counts.get(g, 0)) for g, _ in GROUPS)),
        "#   by locale: %s." % ", ".join("%s %d" % (lang, counts.get(lang, 0)) for _, quotas in GROUPS for lang, _ in quotas),
    ]
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as handle:
        handle.write("\n".join(header + rows) + "\n")
    print("wrote %s: %d cases (%d hb-shape calls)" % (OUTPUT, len(rows), SHAPE_CALLS[0]), file=sys.stderr)


if __name__ == "__main__":
    main()
