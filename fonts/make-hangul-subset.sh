#!/usr/bin/env bash
# Makes the Hangul subsets of Noto Sans CJK KR bundled in this folder:
#
#   NotoSansCJKkr-Hangul-Regular.otf   from /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
#   NotoSansCJKkr-Hangul-Bold.otf      from /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
#
# Usage:  bash fonts/make-hangul-subset.sh     (from anywhere; writes the two files into fonts/,
#                                               then run `bash fonts/make-manifest.sh`)
#
# Needs the Debian packages fonts-noto-cjk (the .ttc collections, OFL-1.1) and python3-fonttools
# (pyftsubset = python3 -m fontTools.subset). The full CJK collections are ~20 MB each, too big to
# bundle; DroidSansFallbackFull.ttf has almost no Hangul, so these subsets keep only the face
# "Noto Sans CJK KR" of each collection (found by its family name, name ID 1) and only the code
# points in UNICODES below. Everything else pyftsubset keeps at its defaults, except:
#   --layout-features='*'   all OpenType layout features (GSUB/GPOS: ljmo/vjmo/tjmo, locl, vert,
#                           palt, kern ...), so shaping matches the full font
#   --name-IDs='*' --name-languages='*'   the whole name table (family "Noto Sans CJK KR",
#                           copyright, licence, ...)
#   --no-hinting            CFF hints dropped (not needed for advance widths; smaller files)
# pyftsubset leaves head.modified as it is (no --recalc-timestamp), so the output is reproducible
# for a given fontTools version (the bundled files were made with python3-fonttools 4.38.0).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

SRC_DIR=/usr/share/fonts/opentype/noto
FAMILY="Noto Sans CJK KR"

# Code points kept (pyftsubset --unicodes syntax: comma-separated hex ranges):
UNICODES=(
    AC00-D7A3   # Hangul Syllables
    1100-11FF   # Hangul Jamo
    3130-318F   # Hangul Compatibility Jamo
    A960-A97F   # Hangul Jamo Extended-A
    D7B0-D7FF   # Hangul Jamo Extended-B
    0020        # space
    00A0        # no-break space
    0021-002F   # ASCII punctuation ! " # $ % & ' ( ) * + , - . /
    003A-003F   # : ; < = > ?
    005B-005F   # [ \ ] ^ _
    007B-007E   # { | } ~
    00B7        # middle dot
    2010-2027   # General Punctuation: hyphens, dashes, quotes, bullets, ellipsis ...
    3000-303F   # CJK Symbols and Punctuation (ideographic space, 「」『』〈〉《》 ...)
    FF01-FF5E   # fullwidth ASCII forms
)
unicodes="$(IFS=,; echo "${UNICODES[*]}")"

# A python3 that can import fontTools (pyenv's python3 may shadow Debian's).
py=""
for cand in /usr/bin/python3 python3; do
    if command -v "$cand" >/dev/null 2>&1 && "$cand" -c 'import fontTools.subset' 2>/dev/null; then
        py="$cand"; break
    fi
done
if [ -z "$py" ]; then
    echo "make-hangul-subset.sh: no python3 with fontTools (apt-get install python3-fonttools)" >&2
    exit 1
fi

face_index() {
    # index of the face whose family (name ID 16, else 1) is $FAMILY in collection $1
    "$py" - "$1" "$FAMILY" <<'PYEOF'
import sys
from fontTools.ttLib import TTCollection
path, family = sys.argv[1], sys.argv[2]
hits = []
for i, font in enumerate(TTCollection(path, lazy=True).fonts):
    name = font["name"]
    if (name.getDebugName(16) or name.getDebugName(1)) == family:
        hits.append(i)
if len(hits) != 1:
    sys.exit("make-hangul-subset.sh: %d faces named %r in %s" % (len(hits), family, path))
print(hits[0])
PYEOF
}

for style in Regular Bold; do
    src="$SRC_DIR/NotoSansCJK-$style.ttc"
    out="NotoSansCJKkr-Hangul-$style.otf"
    if [ ! -f "$src" ]; then
        echo "make-hangul-subset.sh: $src missing (apt-get install fonts-noto-cjk)" >&2
        exit 1
    fi
    idx="$(face_index "$src")"
    "$py" -m fontTools.subset "$src" \
        --font-number="$idx" \
        --unicodes="$unicodes" \
        --layout-features='*' \
        --name-IDs='*' \
        --name-languages='*' \
        --no-hinting \
        --output-file="$out"
    echo "wrote $here/$out (face $idx of $src, $(stat -c %s "$out") bytes)" >&2
done
