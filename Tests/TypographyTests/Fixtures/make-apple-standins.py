#!/usr/bin/env python3
"""Writes stand-ins for Apple's fonts into OUTDIR: free fonts renamed to Apple's file and family
names, so tests can exercise TEXTFIT_APPLE_FONTS=DIR (Apple's SF and New York fonts may not be
bundled, and cannot be downloaded here). Meant to run at test time into a temporary folder.

Usage:
    python3 Tests/TypographyTests/Fixtures/make-apple-standins.py OUTDIR [--static | --all]
                                                 [--cff] [--sf-pro-source inter|robotoflex]

    (default)  the variable files: SF-Pro.ttf, SF-Pro-Italic.ttf, plus the static families below
    --static   the static-file layout instead: SF-Pro-Text-Regular.ttf, SF-Pro-Display-Regular.ttf
               (families "SF Pro Text", "SF Pro Display") and no SF-Pro.ttf / SF-Pro-Italic.ttf
    --all      both sets, as Apple's SF-Pro.dmg installs both
    --cff      the files Apple ships as CFF .otf (SF Pro Text/Display/Rounded, SF Mono) are
               converted to CFF outlines and get Apple's .otf names; slow (about 1.5 s a file),
               so off by default: without it they keep their TrueType outlines and a .ttf name
    --sf-pro-source robotoflex
               SF-Pro.ttf is made from the Roboto Flex fixture (fonts/RobotoFlex-Variable.ttf:
               axes opsz 8-144, wght 100-1000, wdth 25-151, slnt, GRAD and the parametric axes)
               instead of Inter, for tests that need an optical-size axis as SF Pro has
Every run with the same options writes byte-identical files. It prints one line per file on
stdout: file, family, style, weight, italic, axes ("tag min..default..max" or "static"), source.
Takes well under a second (plus about 1.5 s per file with --cff). Needs a python3 with fontTools
(Debian python3-fonttools; it re-runs itself with /usr/bin/python3 if needed) and the Debian
packages fonts-inter-variable and fonts-dejavu-core; no network.

The names mirror Apple's downloads (https://developer.apple.com/fonts/):
  SF-Pro.dmg   -> "San Francisco Pro.pkg" installs SF-Pro.ttf and SF-Pro-Italic.ttf (variable,
                  family "SF Pro"), SF-Pro-Text-{Ultralight..Black}{,Italic}.otf (family "SF Pro
                  Text"), SF-Pro-Display-*.otf ("SF Pro Display") and SF-Pro-Rounded-{Ultralight..
                  Black}.otf ("SF Pro Rounded"; static only, no italic); PostScript names
                  SFProText-Regular, SFProDisplay-Regular, SFProRounded-Regular, ...
  SF-Mono.dmg  -> SF-Mono-{Light,Regular,Medium,Semibold,Bold,Heavy}{,Italic}.otf (static only,
                  family "SF Mono", PostScript SFMono-Regular, ...)
  NY.dmg       -> NewYork.ttf and NewYorkItalic.ttf (variable, family "New York"), and static
                  NewYork{Small,Medium,Large,ExtraLarge}-{Regular..Black}{,Italic}.otf (families
                  "New York Small", ... PostScript NewYorkSmall-Regular, ...)
  (file lists as installed by the dmgs' packages; seen in public install scripts and casks.)

What each stand-in is made of (name IDs 1, 2, 3, 4, 6, 16, 17 replaced on every platform, 25 too
when present; outlines, metrics and layout tables untouched unless said):
  SF-Pro.ttf                 family "SF Pro", style "Regular", PostScript SFPro-Regular:
                             /usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf (Debian
                             fonts-inter-variable; Inter 3.019, axis wght 100..400..900, upem
                             2816) + `trak`: Apple's SF Pro tracking table (fontfixtures.py;
                             track 0 only, values x 2816 / 1000). Debian's "Inter 4.0 beta"
                             package ships Inter 3.019 files: no opsz axis (Inter.var.ttf has wght
                             and slnt); the upright-only Inter-roman.var.ttf is used so that, as
                             with Apple's pair, italics live in their own file.
                             --sf-pro-source robotoflex: from fonts/RobotoFlex-Variable.ttf
                             (upem 2048) instead, with the same `trak`.
  SF-Pro-Italic.ttf          family "SF Pro", style "Italic", SFPro-Italic:
                             .../inter-vf/Inter-italic.var.ttf (wght 100..400..900) + `trak`
  SF-Pro-Text-Regular.ttf    family "SF Pro Text", "Regular", SFProText-Regular: Inter-roman.var.ttf
   (--static)                made static at its default instance (wght 400: variation tables
                             dropped) + `trak` + a one-value STAT (later HarfBuzz applies `trak`
                             only to fonts with a STAT table)
  SF-Pro-Display-Regular.ttf family "SF Pro Display", "Regular", SFProDisplay-Regular:
   (--static)                .../inter-vf/InterDisplay-roman.var.ttf (upem 2048) made static at
                             wght 400 + `trak`
  SF-Pro-Rounded-Regular.ttf family "SF Pro Rounded", "Regular", SFProRounded-Regular:
                             <repo>/fonts/NotoSans-Regular.ttf (no `trak`)
  SF-Pro-Rounded-Bold.ttf    family "SF Pro Rounded", "Bold", SFProRounded-Bold: fonts/NotoSans-Bold.ttf
  SF-Mono-Regular.ttf        family "SF Mono", "Regular", SFMono-Regular:
                             /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf (fonts-dejavu-core;
                             its "Book" style becomes "Regular")
  NewYork.ttf                family "New York", "Regular", NewYork-Regular:
                             /usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf (fonts-dejavu-core;
                             static: Apple's NewYork.ttf is variable)
With --cff the four static .ttf files that Apple ships as .otf are CFF-flavoured and named
SF-Pro-Text-Regular.otf, SF-Pro-Display-Regular.otf, SF-Pro-Rounded-{Regular,Bold}.otf,
SF-Mono-Regular.otf.
Licences: Inter, Noto Sans and Roboto Flex are SIL OFL 1.1 (no reserved font names); DejaVu is
under the Bitstream Vera licence, which requires a renamed derivative (as these are). The
stand-ins are written at test time and never committed or distributed.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree (tests run these scripts)
sys.path.insert(0, HERE)
import fontfixtures as ff  # noqa: E402

ff.reexec_with_fonttools(__file__)
from fontTools.ttLib import TTFont  # noqa: E402

REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
INTER = "/usr/share/fonts/truetype/inter-vf"
DEJAVU = "/usr/share/fonts/truetype/dejavu"
ROBOTO_FLEX = os.path.join(HERE, "fonts", "RobotoFlex-Variable.ttf")

# (file stem, family, style, source, trak, make static, Apple ships it as CFF .otf)
VARIABLE = [
    ("SF-Pro", "SF Pro", "Regular", INTER + "/Inter-roman.var.ttf", True, False, False),
    ("SF-Pro-Italic", "SF Pro", "Italic", INTER + "/Inter-italic.var.ttf", True, False, False),
]
STATIC_SF_PRO = [
    ("SF-Pro-Text-Regular", "SF Pro Text", "Regular", INTER + "/Inter-roman.var.ttf", True, True, True),
    ("SF-Pro-Display-Regular", "SF Pro Display", "Regular", INTER + "/InterDisplay-roman.var.ttf", True, True, True),
]
COMMON = [
    ("SF-Pro-Rounded-Regular", "SF Pro Rounded", "Regular", os.path.join(REPO, "fonts", "NotoSans-Regular.ttf"), False, False, True),
    ("SF-Pro-Rounded-Bold", "SF Pro Rounded", "Bold", os.path.join(REPO, "fonts", "NotoSans-Bold.ttf"), False, False, True),
    ("SF-Mono-Regular", "SF Mono", "Regular", DEJAVU + "/DejaVuSansMono.ttf", False, False, True),
    ("NewYork", "New York", "Regular", DEJAVU + "/DejaVuSerif.ttf", False, False, False),
]


def axes(font):
    if "fvar" not in font:
        return "static"
    return " ".join("%s %g..%g..%g" % (a.axisTag, a.minValue, a.defaultValue, a.maxValue) for a in font["fvar"].axes)


def make(outdir, stem, family, style, source, trak, static, cff_in_apple, cff):
    font = TTFont(source)
    version = (font["name"].getDebugName(5) or "").split(";")[0]
    if static:
        ff.drop_variations(font)
    ps = "%s-%s" % (family.replace(" ", ""), style.replace(" ", ""))
    ff.rename(font, family, style, postscript=ps,
              unique_suffix="TextFit stand-in (make-apple-standins.py) from %s %s" % (os.path.basename(source), version))
    italic = style.endswith("Italic")
    weight = 700 if style.startswith("Bold") else font["OS/2"].usWeightClass
    ff.set_style_bits(font, weight, italic)
    if trak:
        ff.add_trak(font, side_tracks=False)
        ff.ensure_stat(font)  # a static font lost its STAT with the variation tables
    to_cff = cff and cff_in_apple
    if to_cff:
        ff.truetype_to_cff(font)
    name = stem + (".otf" if to_cff else ".ttf")
    ff.save(font, os.path.join(outdir, name))
    return "\t".join([name, family, style, str(weight), "yes" if italic else "no", axes(font), source])


def main():
    parser = argparse.ArgumentParser(description="Writes stand-ins for Apple's fonts (see the module docstring).")
    parser.add_argument("outdir")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--static", action="store_true", help="static SF Pro Text/Display files instead of SF-Pro.ttf")
    group.add_argument("--all", action="store_true", help="both the variable and the static SF Pro files")
    parser.add_argument("--cff", action="store_true", help="CFF outlines and .otf names where Apple ships .otf (slow)")
    parser.add_argument("--sf-pro-source", choices=("inter", "robotoflex"), default="inter")
    args = parser.parse_args()

    variable = list(VARIABLE)
    if args.sf_pro_source == "robotoflex":
        variable[0] = variable[0][:3] + (ROBOTO_FLEX,) + variable[0][4:]
    plan = (variable if not args.static else []) + (STATIC_SF_PRO if args.static or args.all else []) + COMMON
    missing = sorted({p[3] for p in plan if not os.path.exists(p[3])})
    if missing:
        sys.exit("make-apple-standins.py: missing source font(s): %s (Debian: apt-get install "
                 "fonts-inter-variable fonts-dejavu-core)" % ", ".join(missing))
    os.makedirs(args.outdir, exist_ok=True)
    for stem, family, style, source, trak, static, cff_in_apple in plan:
        print(make(args.outdir, stem, family, style, source, trak, static, cff_in_apple, args.cff))


if __name__ == "__main__":
    main()
