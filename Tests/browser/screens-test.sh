#!/usr/bin/env bash
# Browser test of the screens part of the stress report (`make browser-test`): sweeps the planted
# screen as a layout file (Tests/ScreenSweepTests/Fixtures/Screens/Planted.json, PlantedScreen.swift's
# twin) over its catalog's four locales, then checks screens.html in headless Chromium
# (Tests/browser/screens-driver.py): every finding's screen loads lazily and outlines its text; the
# German title's outline is red in the screenshot, around dark text. Keeps that picture's screenshot.
#
# Environment: SWIFT (default swift), CHROMIUM (default chromium), SHOT (default
# demo/out/screens-report.png), BUILD_PATH (default .build).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
BUILD_PATH=${BUILD_PATH:-.build}
SHOT=${SHOT:-demo/out/screens-report.png}
command -v "${CHROMIUM:-chromium}" >/dev/null || { echo "screens-test: chromium not found (apt-get install chromium)"; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$SWIFT" build --build-path "$BUILD_PATH" --product textfit >/dev/null
bin="$("$SWIFT" build --build-path "$BUILD_PATH" --show-bin-path)/textfit"
status=0
"$bin" stress Tests/ScreenSweepTests/Fixtures/Sweep --screens Tests/ScreenSweepTests/Fixtures/Screens \
  --rules Tests/ScreenSweepTests/Fixtures/allow-teaser.json --bundled-only --report "$work/report" >"$work/stdout" 2>"$work/stderr" || status=$?
[ "$status" = 1 ] || { echo "screens-test: 'textfit stress --screens' exited $status: $(head -c 300 "$work/stderr")"; exit 1; }
python3 Tests/browser/screens-driver.py "$work/report" "$SHOT"
