#!/usr/bin/env python3
"""Makes Tests/TypographyTests/Fixtures/fonts/NotoSans-Trak.ttf: Noto Sans Regular with an AAT
`trak` table holding Apple's tracking table for SF Pro, renamed "TextFit Trak Test".

Usage (from anywhere):

    python3 Tests/TypographyTests/Fixtures/make-trak-font.py           # writes fonts/NotoSans-Trak.ttf
    python3 Tests/TypographyTests/Fixtures/make-trak-font.py OUT.ttf   # writes OUT.ttf instead

Needs a python3 with fontTools (Debian python3-fonttools; the script re-runs itself with
/usr/bin/python3 when the python3 running it lacks fontTools) and <repo>/fonts/NotoSans-Regular.ttf.
The output is deterministic: running it twice gives the same bytes (head.modified is kept).

What it does to fonts/NotoSans-Regular.ttf (upem 1000, so 1/1000 em = 1 font unit):
  * adds a `trak` table (version 1.0, format 0), horizontal data only, three tracks:
      0.0 "Normal": per point size, the tracking of Apple's Human Interface Guidelines table for
          SF Pro (iOS, iPadOS, visionOS), sizes 6 ... 96 pt, 64 sizes:
          https://developer.apple.com/design/human-interface-guidelines/typography#Specifications
          (Typography > Specifications > Tracking values > SF Pro), converted from 1/1000 em to
          font units as round(tracking * unitsPerEm / 1000), half away from zero;
     -1.0 "Tight" and 1.0 "Loose": Normal -/+ 100 units (0.1 em) at every size, made up so a
          reader that takes the wrong track is visibly off (Apple publishes only one track);
    the track names are new name records 256, 257, 258 (-1.0, 0.0, 1.0);
  * renames the family to "TextFit Trak Test" (name IDs 1, 3, 4, 6, 16, 17; 2 stays "Regular";
    PostScript name TextFitTrakTest-Regular), so it is never taken for Noto Sans;
  * adds a minimal STAT table (axis wght, value 400 "Regular"): HarfBuzz 6.0 does not need it,
    but later HarfBuzz applies `trak` only to fonts with a STAT table (as CoreText does);
  * leaves everything else (outlines, metrics, GSUB/GPOS, cmap, copyright and licence names) as is.
The table, 1/1000 em (the same numbers are in fontfixtures.py, SF_PRO_TRACKING):
   6 +41   7 +34   8 +26   9 +19  10 +12  11  +6  12   0  13  -6  14 -11  15 -16  16 -20
  17 -26  18 -25  19 -24  20 -23  21 -18  22 -12  23  -4  24  +3  25  +6  26  +8  27 +11
  28 +14  29 +14  30 +14  31 +13  32 +13  33 +12  34 +12  35 +11  36 +10  37 +10  38 +10
  39 +10  40 +10  41  +9  42  +9  43  +9  44  +8  45  +8  46  +8  47  +8  48  +8  49  +7
  50  +7  51  +7  52  +6  53  +6  54  +6  56  +6  58  +5  60  +4  62  +4  64  +4  66  +3
  68  +2  70  +2  72  +2  76  +1  80   0  84   0  88   0  92   0  96   0
How HarfBuzz applies it: see Tests/TypographyTests/Fixtures/fonts/README.md.
"""

import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree (tests run these scripts)
sys.path.insert(0, HERE)
import fontfixtures as ff  # noqa: E402

ff.reexec_with_fonttools(__file__)
from fontTools.ttLib import TTFont  # noqa: E402

REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SOURCE = os.path.join(REPO, "fonts", "NotoSans-Regular.ttf")
OUT = os.path.join(HERE, "fonts", "NotoSans-Trak.ttf")
FAMILY = "TextFit Trak Test"


def make(out):
    font = TTFont(SOURCE)
    version = font["name"].getDebugName(5) or ""
    ff.rename(font, FAMILY, "Regular",
              unique_suffix="make-trak-font.py from NotoSans-Regular.ttf " + version.split(";")[0])
    tracks = ff.add_trak(font)
    ff.ensure_stat(font)
    ff.save(font, out)
    return tracks


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else OUT
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tracks = make(out)
    with open(out, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    normal = tracks[0.0]
    print("wrote %s (sha256 %s): trak tracks %s, %d sizes %g..%g pt; 17 pt normal = %d units"
          % (out, digest, sorted(tracks), len(normal), min(normal), max(normal), normal[17.0]), file=sys.stderr)


if __name__ == "__main__":
    main()
