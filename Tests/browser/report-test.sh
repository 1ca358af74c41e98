#!/usr/bin/env bash
# Browser test of the stress report (`make browser-test`): writes a report of the Territories
# fixture catalog (real translations in eight locales, every Dynamic Type size, a 120 pt one-line
# box: about a hundred failing cases drawn) and a few strings with colour emoji in three scripts,
# then checks the page in headless Chromium (Tests/browser/report-driver.py): a row per key ×
# locale × variant, sorting by excess and key, filters by locale, status and key, a picture per
# failing row loaded from pictures/N.js at >= 1 px per point, the list shown without JavaScript,
# and glyphs defined once for the page drawing exactly as a picture's own definitions would.
# Keeps a screenshot of the report's first screenful.
#
# Environment: SWIFT (default swift), CHROMIUM (default chromium), SHOT (default
# demo/out/stress-report.png), BUILD_PATH (default .build).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
BUILD_PATH=${BUILD_PATH:-.build}
SHOT=${SHOT:-demo/out/stress-report.png}
command -v "${CHROMIUM:-chromium}" >/dev/null || { echo "report-test: chromium not found (apt-get install chromium)"; exit 2; }
command -v python3 >/dev/null || { echo "report-test: python3 not found"; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$SWIFT" build --build-path "$BUILD_PATH" --product textfit >/dev/null
bin="$("$SWIFT" build --build-path "$BUILD_PATH" --show-bin-path)/textfit"
# Colour emoji (bitmap glyphs, <image> definitions) and right-to-left text first, so the first
# pictures the driver compares include them.
cat >"$work/Extra.xcstrings" <<'JSON'
{"sourceLanguage": "en", "version": "1.0", "strings": {
  "dev.mode": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "👩🏽‍💻 Developer mode 🚀"}},
                                 "he": {"stringUnit": {"state": "translated", "value": "מצב מפתחים 👩🏽‍💻"}},
                                 "ar": {"stringUnit": {"state": "translated", "value": "وضع المطوّر 🚀"}}}}}}
JSON
# Exit status 1 is the failing checks the report is for; anything else is an error.
status=0
"$bin" stress "$work/Extra.xcstrings" Tests/LocalizationStressTests/Fixtures/Territories.xcstrings --bundled-only \
  --width 120 --max-lines 1 --dynamic-type all --report "$work/report" >"$work/stdout" 2>"$work/stderr" || status=$?
[ "$status" = 1 ] || { echo "report-test: 'textfit stress' exited $status: $(head -c 300 "$work/stderr")"; exit 1; }
echo "report-test: $(tail -n 1 "$work/stderr")"
COLOUR_GLYPHS=1 python3 Tests/browser/report-driver.py "$work/report" "$SHOT"
