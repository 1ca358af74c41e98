"""Helpers the fixture-font scripts next to this file share (make-trak-font.py,
make-apple-standins.py): Apple's SF Pro tracking table, an AAT `trak` table built from it,
renaming a font's family, a static font from a variable font's default instance, TrueType
outlines to CFF.

Not a test and not run by itself. Needs fontTools (Debian python3-fonttools 4.38); a script that
imports this module calls `reexec_with_fonttools(__file__)` first, so a pyenv python3 without
fontTools hands over to /usr/bin/python3.

Every function here is deterministic: the same inputs give byte-identical fonts (the head table's
`modified` time is kept from the source font, not set to now).
"""

import os
import sys


def reexec_with_fonttools(script):
    """Re-runs `script` with /usr/bin/python3 when the running python3 cannot import fontTools
    (pyenv's python3 may shadow Debian's, which has python3-fonttools)."""
    try:
        import fontTools  # noqa: F401
    except ImportError:
        if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
            os.execv("/usr/bin/python3", ["/usr/bin/python3", os.path.abspath(script)] + sys.argv[1:])
        sys.exit("%s: needs fontTools (apt-get install python3-fonttools)" % os.path.basename(script))


# Apple Human Interface Guidelines, Typography > Specifications > Tracking values, table "SF Pro"
# (iOS, iPadOS, visionOS; the macOS and tvOS tables hold the same numbers):
#   https://developer.apple.com/design/human-interface-guidelines/typography#Specifications
# Point size -> tracking in 1/1000 em. (The HIG's third column, tracking in points, is this times
# the size / 1000, rounded by Apple to 0.01 pt; e.g. 17 pt: -26 -> -0.43 pt.) The table ends at
# 96 pt; the HIG gives 0 from 80 pt on.
HIG_URL = "https://developer.apple.com/design/human-interface-guidelines/typography#Specifications"
SF_PRO_TRACKING = (
    (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11),
    (15, -16), (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12),
    (23, -4), (24, 3), (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13),
    (32, 13), (33, 12), (34, 12), (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10),
    (41, 9), (42, 9), (43, 9), (44, 8), (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7),
    (51, 7), (52, 6), (53, 6), (54, 6), (56, 6), (58, 5), (60, 4), (62, 4), (64, 4), (66, 3),
    (68, 2), (70, 2), (72, 2), (76, 1), (80, 0), (84, 0), (88, 0), (92, 0), (96, 0),
)

# The optional tight (-1.0) and loose (+1.0) tracks: made up for tests (Apple publishes only the
# normal track), the normal track's value minus / plus this many 1/1000 em at every size, so a
# reader that picks the wrong track is off by a clearly visible 0.1 em per grapheme.
SIDE_TRACK_DELTA = 100


def to_font_units(per_mille, upem):
    """Tracking in 1/1000 em -> font units (round half away from zero, as Python's round() would
    not: round(-0.5) is 0 there)."""
    v = per_mille * upem / 1000.0
    return int(v + 0.5) if v >= 0 else -int(-v + 0.5)


def add_trak(font, table=SF_PRO_TRACKING, side_tracks=True):
    """Adds (replaces) an AAT `trak` table: horizontal data only; track 0.0 "Normal" with `table`
    converted to font units; with side_tracks, also -1.0 "Tight" and 1.0 "Loose" (see
    SIDE_TRACK_DELTA). Track names are new name records (IDs from 256 on, after any the font
    has). Returns {track value: {size: font units}}."""
    from fontTools.ttLib import newTable
    from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

    upem = font["head"].unitsPerEm
    normal = {float(size): to_font_units(v, upem) for size, v in table}
    tracks = {0.0: ("Normal", normal)}
    if side_tracks:
        tracks[-1.0] = ("Tight", {float(size): to_font_units(v - SIDE_TRACK_DELTA, upem) for size, v in table})
        tracks[1.0] = ("Loose", {float(size): to_font_units(v + SIDE_TRACK_DELTA, upem) for size, v in table})
    name = font["name"]
    data = TrackData()
    for value in sorted(tracks):
        label, values = tracks[value]
        name_id = name.addName(label, platforms=((3, 1, 0x409),), minNameID=255)
        data[value] = TrackTableEntry(values, nameIndex=name_id)
    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    trak.horizData = data
    trak.vertData = TrackData()
    font["trak"] = trak
    return {value: tracks[value][1] for value in tracks}


def ensure_stat(font):
    """Gives a static font a minimal STAT table (one `wght` axis, one axis value: its
    usWeightClass, named by its subfamily, elidable) when it has none. HarfBuzz 6.0 applies `trak`
    without one, but HarfBuzz's 2025 rework of `trak` (issues 5049-5054 of its tracker) applies it
    only to fonts that have a STAT table, as CoreText does; with one the fixture works for both."""
    if "STAT" in font:
        return
    from fontTools.otlLib.builder import buildStatTable
    weight = font["OS/2"].usWeightClass
    style = font["name"].getDebugName(17) or font["name"].getDebugName(2) or "Regular"
    buildStatTable(font, [dict(tag="wght", name="Weight", ordering=0,
                               values=[dict(value=weight, name=style, flags=0x2)])],
                   macNames=any(r.platformID == 1 for r in font["name"].names))


def rename(font, family, style="Regular", postscript=None, unique_suffix=None):
    """Gives the font a new family: name IDs 1 (family), 2 (subfamily), 3 (unique ID), 4 (full
    name), 6 (PostScript name), 16 (typographic family), 17 (typographic subfamily); ID 25
    (variations PostScript name prefix: the family without spaces) too for a variable font. Every record of those IDs is
    replaced by one Windows (3, 1, 0x409) record, plus one Macintosh (1, 0, 0) record if the font
    had Macintosh names, so no old name survives on any platform. `style` is the subfamily
    ("Regular", "Bold", "Italic"); `postscript` defaults to the family without spaces + "-" +
    style without spaces; the unique ID is that PostScript name, then `unique_suffix` if given."""
    name = font["name"]
    had_mac = any(r.platformID == 1 for r in name.names)
    ps = postscript or "%s-%s" % (family.replace(" ", ""), style.replace(" ", ""))
    values = {
        1: family,
        2: style,
        3: ps + (";" + unique_suffix if unique_suffix else ""),
        4: "%s %s" % (family, style),
        6: ps,
        16: family,
        17: style,
    }
    if "fvar" in font or any(r.nameID == 25 for r in name.names):
        values[25] = family.replace(" ", "")
    name.names = [r for r in name.names if r.nameID not in values]
    for name_id in sorted(values):
        name.setName(values[name_id], name_id, 3, 1, 0x409)
        if had_mac:
            name.setName(values[name_id], name_id, 1, 0, 0)
    name.names.sort(key=lambda r: (r.platformID, r.platEncID, r.langID, r.nameID))
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [ps]
        top = cff.topDictIndex[0]
        top.FullName = values[4]
        top.FamilyName = family


def set_style_bits(font, weight, italic):
    """OS/2 usWeightClass and fsSelection (ITALIC, BOLD, REGULAR bits) and head.macStyle agree
    with the new subfamily."""
    os2, head = font["OS/2"], font["head"]
    os2.usWeightClass = weight
    bold = weight >= 700
    sel = os2.fsSelection & ~0b1100001  # clear ITALIC (0), BOLD (5), REGULAR (6)
    sel |= (1 if italic else 0) | (1 << 5 if bold else 0) | (1 << 6 if not (bold or italic) else 0)
    os2.fsSelection = sel
    head.macStyle = (head.macStyle & ~0b11) | (1 if bold else 0) | (2 if italic else 0)


VARIATION_TABLES = ("fvar", "gvar", "HVAR", "VVAR", "MVAR", "STAT", "avar", "cvar")


def drop_variations(font):
    """Makes a variable TrueType font the static font of its default instance by dropping the
    variation tables: glyf, hmtx and the rest already hold the default instance. Layout tables
    keep their (now unused) variation data: no variation coordinates, no deltas. Fast (fontTools'
    instancer takes seconds on Inter), and for the default location the result shapes exactly as
    the variable font does at its default (checked with hb-shape)."""
    for tag in VARIATION_TABLES:
        if tag in font:
            del font[tag]


def truetype_to_cff(font):
    """Replaces glyf outlines by CFF ones (quadratic curves become exact cubics), so the font is an
    OpenType-CFF .otf like Apple's static SF files. Drops TrueType hinting. About 1.5 s for a
    3,000-glyph font."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    glyphs = font.getGlyphSet()
    hmtx = font["hmtx"]
    charstrings = {}
    for g in font.getGlyphOrder():
        pen = T2CharStringPen(hmtx[g][0], glyphs)
        glyphs[g].draw(pen)
        charstrings[g] = pen.getCharString()
    for tag in ("glyf", "loca", "fpgm", "prep", "cvt ", "gasp", "hdmx", "LTSH", "VDMX"):
        if tag in font:
            del font[tag]
    builder = FontBuilder(font["head"].unitsPerEm, isTTF=False)
    builder.font = font
    ps = font["name"].getDebugName(6)
    builder.setupCFF(ps, {"FullName": font["name"].getDebugName(4), "FamilyName": font["name"].getDebugName(1)},
                     charstrings, {})
    font["maxp"].version = 0x00005000
    font["post"].formatType = 3.0
    font.sfntVersion = "OTTO"


def save(font, path):
    """Saves without touching head.modified (deterministic output)."""
    font.recalcTimestamp = False
    tmp = path + ".tmp"
    font.save(tmp)
    os.replace(tmp, path)
