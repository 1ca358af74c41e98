#!/usr/bin/env python3
"""Records hb-shape reference values for variable-font instances and for the `trak` test font:

    Tests/TypographyTests/Fixtures/hb-shape-variations.tsv   advance sums per (font, variations, text)
    Tests/TypographyTests/Fixtures/variable-metrics.tsv      ascender, descender, line gap, x-height,
                                                             cap height per (font, variations)
    Tests/TypographyTests/Fixtures/hb-shape-trak.tsv         advance sums of fonts/NotoSans-Trak.ttf
                                                             with and without --font-ptem

Usage (from anywhere):

    python3 Tests/TypographyTests/Fixtures/record-hb-variations.py     # rewrites the three files

It WRITES the files next to itself and prints a summary on stderr. Re-running it on the same
machine gives the same files (no randomness, fixed case lists below).

Needs: hb-shape (Debian libharfbuzz-bin; recorded with 6.0.0), a python3 with fontTools (Debian
python3-fonttools; re-runs itself with /usr/bin/python3 if needed), for variable-metrics.tsv
HarfBuzz's GObject bindings (Debian python3-gi and gir1.2-harfbuzz-0.0: HarfBuzz itself reports
the metrics of an instance, as hb-info does in later HarfBuzz; 6.0 has no hb-info), and the fonts:
  fonts/Roboto-Variable.ttf, fonts/Roboto-Italic-Variable.ttf (bundled),
  Tests/TypographyTests/Fixtures/fonts/RobotoFlex-Variable.ttf, .../fonts/NotoSans-Trak.ttf,
  /usr/share/fonts/truetype/inter-vf/Inter.var.ttf (Debian fonts-inter-variable; a file column
  starting with "/" is that absolute path, any other is relative to the repository).

Shaping command per (font, variations): hb-shape --font-funcs=ot --output-format=json
--no-glyph-names [--variations=V] --text-file=FILE FONT, environment LC_ALL=C.UTF-8 (no
language-specific forms), no --font-size: positions are font units. With variations HarfBuzz
takes each glyph's advance as hmtx + HVAR delta rounded to a whole font unit, so the sums are
exact integers in font units at any scale. HarfBuzz 6.0 does not set `opsz` from the size: a
row's variations are all it applies; axes the font lacks are ignored (the Inter rows with opsz
show it: Debian's Inter 3.019 has only wght and slnt).
"""

import json
import os
import subprocess
import sys
import tempfile
import unicodedata as ucd

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree (tests run these scripts)
sys.path.insert(0, HERE)
import fontfixtures as ff  # noqa: E402

ff.reexec_with_fonttools(__file__)
from fontTools.ttLib import TTFont  # noqa: E402

REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
OUT_SHAPE = os.path.join(HERE, "hb-shape-variations.tsv")
OUT_METRICS = os.path.join(HERE, "variable-metrics.tsv")
OUT_TRAK = os.path.join(HERE, "hb-shape-trak.tsv")

HB_CMD = ["hb-shape", "--font-funcs=ot", "--output-format=json", "--no-glyph-names"]
HB_ENV = dict(os.environ, LC_ALL="C.UTF-8")

ROBOTO = "fonts/Roboto-Variable.ttf"
ROBOTO_ITALIC = "fonts/Roboto-Italic-Variable.ttf"
FLEX = "Tests/TypographyTests/Fixtures/fonts/RobotoFlex-Variable.ttf"
INTER = "/usr/share/fonts/truetype/inter-vf/Inter.var.ttf"
TRAK = "Tests/TypographyTests/Fixtures/fonts/NotoSans-Trak.ttf"

TEXTS = [
    "AVATAR Type",        # kerning pairs AV, VA, AT, TA, Ty
    "Settings",
    "Zürich Straße",      # precomposed accents, sharp s
    "Tiếng Việt",         # stacked marks (precomposed in NFC)
    "office affluent",    # f-ligatures where the font has them
    "Настройки",          # Cyrillic
    "Ρυθμίσεις",          # Greek
    "1234567890",
    "Hello, World!",
    "WAVE quickly",
]


def grid(**axes):
    """Every combination of the axis values, as hb-shape spells variations: "wght=550,wdth=87.5"."""
    rows = [[]]
    for tag, values in axes.items():
        rows = [r + ["%s=%g" % (tag, v)] for r in rows for v in values]
    return [",".join(r) for r in rows]


# (file, [variations]) in recording order
CASES = [
    (ROBOTO, grid(wght=(100, 400, 550, 700, 900), wdth=(75, 87.5, 100))),
    (ROBOTO_ITALIC, grid(wght=(100, 400, 550, 700, 900), wdth=(75, 100))),
    (FLEX, grid(opsz=(8, 12, 17, 28, 144), wght=(400,))
           + grid(opsz=(17,), wght=(100, 700, 1000))
           + grid(opsz=(17,), wght=(400,), wdth=(25, 151))
           + ["opsz=17,wght=400,slnt=-10", "opsz=17,wght=400,GRAD=-200", "opsz=17,wght=400,GRAD=150",
              "opsz=28,wght=700,wdth=87.5", "opsz=8,wght=550,wdth=75,slnt=-5,GRAD=50"]),
    (INTER, grid(wght=(100, 400, 600, 900), slnt=(0, -10))
            + grid(opsz=(14, 17, 28, 32), wght=(400, 600))),
]

TRAK_TEXTS = [
    "Hello",
    "Settings",
    "AVATAR Type",
    "Zürich Straße",
    "x\u0301y",          # a base and a combining mark: one grapheme, two glyphs
    "office",            # the ffi ligature: three graphemes, one glyph
    "Настройки",
    "1234567890",
]
TRAK_SIZES = (6, 9.5, 12, 13, 17, 17.5, 28, 40, 100, 3)


def path_of(file):
    return file if file.startswith("/") else os.path.join(REPO, file)


def hb_shape_lines(file, texts, extra=()):
    """[(advance sum, glyph count, distinct clusters, has .notdef)] per text, one hb-shape run."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(texts) + "\n")
        name = f.name
    try:
        out = subprocess.run(HB_CMD + list(extra) + ["--text-file=" + name, path_of(file)], env=HB_ENV,
                             check=True, capture_output=True, text=True, encoding="utf-8").stdout
    finally:
        os.unlink(name)
    lines = [json.loads(line) for line in out.strip().split("\n")]
    assert len(lines) == len(texts), (file, len(lines), len(texts))
    return [(sum(g["ax"] for g in gl), len(gl), len({g["cl"] for g in gl}), any(g["g"] == 0 for g in gl))
            for gl in lines]


def graphemes(text):
    """Extended grapheme clusters of the simple texts used here: every code point except
    combining marks (Mn, Mc, Me) starts one (no Hangul jamo, emoji, ZWJ or CR LF in these texts)."""
    assert all(0x1100 > ord(c) or ord(c) > 0x11FF for c in text) and "\u200d" not in text and "\r" not in text
    return sum(1 for c in text if ucd.category(c) not in ("Mn", "Mc", "Me"))


def json_text(text):
    """JSON string literal, UTF-8 kept; combining marks and other invisibles as \\uXXXX."""
    out = []
    for ch in json.dumps(text, ensure_ascii=False)[1:-1]:
        if ucd.category(ch) in ("Mn", "Me", "Cf", "Cc", "Zl", "Zp") or (ucd.category(ch) == "Zs" and ch != " "):
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def record_shapes(version):
    lines, dropped, per_file = [], [], {}
    for file, variations in CASES:
        upem = TTFont(path_of(file), lazy=True)["head"].unitsPerEm
        for var in variations:
            results = hb_shape_lines(file, TEXTS, ["--variations=" + var])
            for text, (adv, n, _, notdef) in zip(TEXTS, results):
                if notdef:
                    dropped.append((file, var, text))
                    continue
                lines.append("\t".join([file, var, json_text(text), str(upem), str(adv), str(n)]))
                per_file[file] = per_file.get(file, 0) + 1
    header = [
        "# hb-shape advance sums of variable-font instances. GENERATED by record-hb-variations.py (next to",
        "# this file); re-record with `python3 Tests/TypographyTests/Fixtures/record-hb-variations.py`.",
        "# file: relative to the repository, or an absolute path (Debian fonts-inter-variable's Inter.var.ttf,",
        "#   Inter 3.019: axes wght 100-900, slnt -10-0, no opsz; a test skips its rows when it is missing).",
        "# variations: as hb-shape's --variations spells them; axes a font lacks are ignored (Inter's opsz",
        "#   rows equal the wght-only rows), axes not named stay at their default.",
        "# Command per (file, variations): hb-shape --font-funcs=ot --output-format=json --no-glyph-names",
        "#   --variations=VARIATIONS FONTFILE TEXT, environment LC_ALL=C.UTF-8; no --font-size, so positions",
        "#   are font units (points = advance * size / upem). Each glyph advance is hmtx + HVAR delta rounded",
        "#   to a whole unit by HarfBuzz. %s." % version,
        "# text is a JSON string literal. glyphs counts hb-shape's output glyphs. Rows whose text shapes to",
        "#   glyph id 0 (.notdef) in that font are left out.",
        "# Columns (tab-separated): file, variations, text, upem, advance, glyphs",
        "# file\tvariations\ttext\tupem\tadvance\tglyphs",
    ]
    write(OUT_SHAPE, header, lines)
    return per_file, dropped


def record_metrics(version):
    try:
        import gi
        gi.require_version("HarfBuzz", "0.0")
        from gi.repository import GLib, HarfBuzz as hb
    except (ImportError, ValueError) as e:
        sys.exit("record-hb-variations.py: needs HarfBuzz's GObject bindings for variable-metrics.tsv "
                 "(apt-get install python3-gi gir1.2-harfbuzz-0.0): %s" % e)
    from fontTools.varLib.models import normalizeLocation, piecewiseLinearMap
    from fontTools.varLib.varStore import VarStoreInstancer

    lines = []
    for file, variations in CASES:
        path = path_of(file)
        with open(path, "rb") as f:
            data = f.read()
        face = hb.face_create(hb.glib_blob_create(GLib.Bytes.new(data)), 0)
        font = hb.font_create(face)  # scale = upem: positions in font units
        tt = TTFont(path)
        upem = tt["head"].unitsPerEm
        fvar_axes = tt["fvar"].axes
        for var in variations:
            hb_vars = []
            for item in var.split(","):
                ok, v = hb.variation_from_string(item.encode("ascii"))
                assert ok, item
                hb_vars.append(v)
            hb.font_set_variations(font, hb_vars)
            ext = hb.font_get_h_extents(font)[1]
            pos = lambda name: hb.ot_metrics_get_position(font, getattr(hb.ot_metrics_tag_t, name))[1]
            hb_cols = [ext.ascender, ext.descender, ext.line_gap, pos("X_HEIGHT"), pos("CAP_HEIGHT")]

            # fontTools: the tables' values plus MVAR deltas at the avar-mapped normalized location
            loc = {a.axisTag: a.defaultValue for a in fvar_axes}
            for item in var.split(","):
                tag, value = item.split("=")
                if tag in loc:
                    loc[tag] = float(value)
            norm = normalizeLocation(loc, {a.axisTag: (a.minValue, a.defaultValue, a.maxValue) for a in fvar_axes})
            if "avar" in tt:
                norm = {t: piecewiseLinearMap(v, tt["avar"].segments.get(t, {})) for t, v in norm.items()}
            deltas = {}
            if "MVAR" in tt:
                mvar = tt["MVAR"].table
                inst = VarStoreInstancer(mvar.VarStore, fvar_axes, norm)
                deltas = {r.ValueTag: inst[r.VarIdx] for r in mvar.ValueRecord}
            hhea, os2 = tt["hhea"], tt["OS/2"]

            def value(v, tag):
                x = v + deltas.get(tag, 0)
                return int(x // 1 + (1 if x % 1 >= 0.5 else 0))  # half up, as HarfBuzz rounds
            ft_cols = [value(hhea.ascent, "hasc"), value(hhea.descent, "hdsc"), value(hhea.lineGap, "hlgp"),
                       value(os2.sTypoAscender, "hasc"), value(os2.sTypoDescender, "hdsc"), value(os2.sTypoLineGap, "hlgp"),
                       value(os2.usWinAscent, "hcla"), value(os2.usWinDescent, "hcld"),
                       value(getattr(os2, "sxHeight", 0), "xhgt"), value(getattr(os2, "sCapHeight", 0), "cpht")]
            use_typo = bool(os2.fsSelection & (1 << 7))
            # HarfBuzz's ascender/descender/line gap are OS/2 typo ones when USE_TYPO_METRICS is set,
            # else hhea's (when non-zero); check the two methods agree.
            expect = ft_cols[3:6] if use_typo else ft_cols[0:3]
            assert hb_cols[:3] == [expect[0], expect[1], expect[2]], (file, var, hb_cols, ft_cols)
            assert hb_cols[3:] == ft_cols[8:], (file, var, hb_cols, ft_cols)
            mvar_tags = ",".join(sorted(deltas)) or "-"
            lines.append("\t".join([file, var, str(upem)] + [str(c) for c in hb_cols]
                                   + ["yes" if use_typo else "no"] + [str(c) for c in ft_cols] + [mvar_tags]))
    header = [
        "# Vertical metrics of variable-font instances. GENERATED by record-hb-variations.py (next to this file).",
        "# file and variations as in hb-shape-variations.tsv (one row per instance recorded there).",
        "# Method A, columns hb_*: HarfBuzz itself (%s, through its GObject bindings, Debian" % version,
        "#   gir1.2-harfbuzz-0.0; HarfBuzz 6.0 has no hb-info): hb_font_set_variations, then",
        "#   hb_font_get_h_extents (ascender, descender, line gap: what shaping clients get; OS/2 typo",
        "#   metrics when USE_TYPO_METRICS is set, else hhea) and hb_ot_metrics_get_position (x-height,",
        "#   cap height), font scale = upem, so font units, MVAR applied and rounded half up.",
        "# Method B, the other columns: fontTools, each table value plus its MVAR delta at the instance",
        "#   (location normalized, avar applied, deltas from MVAR's item variation store: what fontTools'",
        "#   instancer writes into an instance), rounded half up. The recorder checks that A and B agree.",
        "# use_typo: OS/2 fsSelection bit 7 (USE_TYPO_METRICS). mvar: the MVAR value tags of the font",
        "#   (\"-\" when it has no MVAR table: its vertical metrics do not vary).",
        "# Columns (tab-separated): file, variations, upem, hb_ascender, hb_descender, hb_line_gap,",
        "#   hb_x_height, hb_cap_height, use_typo, hhea_ascender, hhea_descender, hhea_line_gap,",
        "#   typo_ascender, typo_descender, typo_line_gap, win_ascent, win_descent, x_height, cap_height, mvar",
        "# file\tvariations\tupem\thb_ascender\thb_descender\thb_line_gap\thb_x_height\thb_cap_height\tuse_typo"
        "\thhea_ascender\thhea_descender\thhea_line_gap\ttypo_ascender\ttypo_descender\ttypo_line_gap"
        "\twin_ascent\twin_descent\tx_height\tcap_height\tmvar",
    ]
    write(OUT_METRICS, header, lines)
    return len(lines)


def model_tracking(ptem, table):
    """HarfBuzz 6.0's trak lookup (hb-aat-layout-trak-table.hh): the track whose value is 0.0; the
    first size entry >= ptem (else the last) picks the pair (i-1, i) (the first pair below the first
    size): linear interpolation inside the table, linear extrapolation from the two end entries
    outside it; the result rounded half up (HarfBuzz's roundf is floorf(x + 0.5))."""
    sizes = sorted(table)
    i = next((k for k, s in enumerate(sizes) if s >= ptem), len(sizes) - 1)
    i = max(i - 1, 0)
    s0, s1 = sizes[i], sizes[i + 1]
    t = (ptem - s0) / (s1 - s0)
    v = t * table[s1] + (1 - t) * table[s0]
    return int(v // 1 + (1 if v % 1 >= 0.5 else 0))


def record_trak(version):
    font = TTFont(path_of(TRAK))
    upem = font["head"].unitsPerEm
    table = dict(font["trak"].horizData[0.0])
    plain = hb_shape_lines(TRAK, TRAK_TEXTS)
    lines = []
    for ptem in TRAK_SIZES:
        tracked = hb_shape_lines(TRAK, TRAK_TEXTS, ["--font-ptem=%g" % ptem])
        for text, (adv, n, clusters, notdef), (adv0, n0, clusters0, notdef0) in zip(TRAK_TEXTS, tracked, plain):
            assert not notdef and not notdef0 and n == n0 and clusters == clusters0, text
            per = (adv - adv0) / clusters
            assert per == int(per), (text, ptem, adv, adv0, clusters)
            expected = model_tracking(ptem, table)
            assert int(per) == expected, ("HarfBuzz's trak differs from the model", text, ptem, per, expected)
            lines.append("\t".join([json_text(text), "%g" % ptem, str(upem), str(adv), str(adv0),
                                    str(graphemes(text)), str(clusters), str(int(per))]))
    header = [
        "# hb-shape advance sums of Fixtures/fonts/NotoSans-Trak.ttf (`trak`: Apple's SF Pro tracking table,",
        "#   see make-trak-font.py), with and without a point size. GENERATED by record-hb-variations.py.",
        "# Commands: hb-shape --font-funcs=ot --output-format=json --no-glyph-names [--font-ptem=PTEM] FONT TEXT",
        "#   (LC_ALL=C.UTF-8, no --font-size: font units). %s." % version,
        "# advance: with --font-ptem=PTEM; advance_plain: without (HarfBuzz applies `trak` only when ptem > 0).",
        "# graphemes: extended grapheme clusters of text. clusters: distinct cluster values in hb-shape's output",
        "#   (cluster level 0): HarfBuzz adds the tracking once per cluster, to the advance of its first glyph",
        "#   (and shifts the cluster's glyphs by tracking / 2), so a ligature (\"office\": ffi) takes it once for",
        "#   several graphemes. tracking: (advance - advance_plain) / clusters, font units per cluster.",
        "# HarfBuzz 6.0 picks the track valued 0.0, interpolates linearly between the two size entries around",
        "#   ptem, extrapolates linearly beyond the first (6 pt) or last (96 pt) entry from the two end entries",
        "#   (3 pt: 41 + 3 * 7 = +62; 100 pt: 0, the table being 0 at 92 and 96 pt) and rounds half up",
        "#   (17.5 pt: -25.5 -> -25). The recorder checks every row against that model.",
        "# Columns (tab-separated): text, ptem, upem, advance, advance_plain, graphemes, clusters, tracking",
        "# text\tptem\tupem\tadvance\tadvance_plain\tgraphemes\tclusters\ttracking",
    ]
    write(OUT_TRAK, header, lines)
    return len(lines)


def write(path, header, lines):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(header + lines) + "\n")
    os.replace(tmp, path)
    print("wrote %s: %d rows" % (path, len(lines)), file=sys.stderr)


def main():
    version = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    missing = [f for f in (ROBOTO, ROBOTO_ITALIC, FLEX, INTER, TRAK) if not os.path.exists(path_of(f))]
    if missing:
        sys.exit("record-hb-variations.py: missing font(s): %s" % ", ".join(missing))
    per_file, dropped = record_shapes(version)
    for file in per_file:
        print("  %4d  %s" % (per_file[file], file), file=sys.stderr)
    if dropped:
        print("left out %d row(s) with .notdef:" % len(dropped), file=sys.stderr)
        for file, var, text in dropped:
            print("  %s  %s  %s" % (file, var, json_text(text)), file=sys.stderr)
    record_metrics(version)
    record_trak(version)


if __name__ == "__main__":
    main()
