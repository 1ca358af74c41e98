#!/usr/bin/env bash
# Browser test of the screen sweep's HTML report (`make browser-test`): SampleAppDemo sweeps the
# sample app and writes its report (index.html and pictures/N.js); headless Chromium opens it in a
# window tall enough that every picture slot is in view, runs its scripts, and the DOM it ends with
# must have, for every slot, the picture loaded from its pictures/N.js: an SVG with the finding's
# own text outlined thickest (`finding-shown`, which the page's script sets per slot: a layout that
# is the example of several groups is one picture) among the outlined texts, and no id defined
# twice. Keeps a screenshot of the report's first screenful in demo/out/sweep-report.png.
#
# Environment: SWIFT (default swift), CHROMIUM (default chromium), SHOT (default demo/out/sweep-report.png).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
CHROMIUM=${CHROMIUM:-chromium}
SHOT=${SHOT:-demo/out/sweep-report.png}
command -v "$CHROMIUM" >/dev/null || { echo "sweep-report-test: chromium not found (apt-get install chromium)"; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$SWIFT" build --product SampleAppDemo >/dev/null
"$("$SWIFT" build --show-bin-path)/SampleAppDemo" "$work" >"$work/stdout"
report="$work/sweep/index.html"
[ -f "$report" ] && [ -f "$work/sweep/pictures/1.js" ] || { echo "sweep-report-test: no report written"; exit 1; }
# The pictures load from files as their slots come into view; on a loaded machine that can take
# longer than the virtual-time budget, so a dump without them is taken again (three tries, a longer
# budget each time) before the test fails.
check() {
python3 - "$work/dom.html" "$1" <<'PY'
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
slots = re.findall(r'<div class="shot" data-picture="(\d+)" data-shown="(\d+)"[^>]*>(.*?)</div>', dom, re.S)
failures = []
if len(slots) < 4:
    failures.append(f"{len(slots)} picture slots; the sample app's report has one per group and locale (10)")
for picture, shown, content in slots:
    own = re.findall(r'<rect class="finding finding-shown"[^>]*data-index="(\d+)"', content)
    if "<svg" not in content:
        failures.append(f"picture {picture}: not loaded")
    elif own != [shown]:
        failures.append(f"picture {picture}: the example's own text {shown} is not the one outlined thickest ({own})")
# A picture in several slots has its ids numbered apart in each.
ids = re.findall(r' id="([^"]+)"', dom)
if len(ids) != len(set(ids)):
    failures.append(f"{len(ids) - len(set(ids))} ids defined twice")
sections = dom.count('<section class="group')
if sections != 4:
    failures.append(f"{sections} sections; the sample app has 4 groups (3 failing, 1 allowed)")
if failures:
    if sys.argv[2] == "last":
        print("sweep-report-test: FAILED\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"sweep-report-test: {sections} groups, {len(slots)} pictures loaded, each with its text outlined")
PY
}
for budget in 15000 30000 60000; do
    flags=(--headless=new --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=$budget)
    "$CHROMIUM" "${flags[@]}" --window-size=1280,20000 --dump-dom "file://$report" 2>/dev/null >"$work/dom.html"
    if [ $budget = 60000 ]; then check last; elif check try; then break; else echo "sweep-report-test: pictures not all loaded in a $budget-ms budget; again"; fi
done
mkdir -p "$(dirname "$SHOT")"
"$CHROMIUM" "${flags[@]}" --window-size=1280,1600 --screenshot="$SHOT" "file://$report" >/dev/null 2>&1
echo "sweep-report-test: screenshot in $SHOT"
