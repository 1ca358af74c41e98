#!/usr/bin/env bash
# Browser test of the API reference (`make browser-test`): builds it when it is not there
# (`make docs`: Tests/docs/build.py), serves .build/docs on a local port, and opens each product's
# landing page and its getting-started article in headless Chromium (Tests/browser/docs-driver.py):
# the page renders its title and its topics, and links reach the articles. Keeps screenshots in
# demo/out/docs-*.png.
#
# Environment: SWIFT (default swift), CHROMIUM (default chromium), DOCS (default .build/docs).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
DOCS=${DOCS:-.build/docs}
command -v "${CHROMIUM:-chromium}" >/dev/null || { echo "docs-test: chromium not found (apt-get install chromium)"; exit 2; }
if [ ! -f "$DOCS/TextFit/index.html" ] || [ ! -f "$DOCS/TextFitLayout/index.html" ]; then
  python3 Tests/docs/build.py --swift "$SWIFT" --out "$DOCS"
fi
mkdir -p demo/out
python3 Tests/browser/docs-driver.py "$DOCS" demo/out
