#!/usr/bin/env bash
# Browser test of the playground page (`make browser-test`): starts the HTTP service on a free
# loopback port, drives the page in headless Chromium (Debian `chromium`) over the DevTools protocol
# (Tests/browser/playground-driver.py, Python standard library only), changes the width and the
# Dynamic Type size, checks the SVG changes and the row count grows, and keeps a screenshot.
#
# The server is `textfit serve --http 127.0.0.1:PORT`.
#
# Environment: SWIFT (default swift), CHROMIUM (default chromium), SHOT (default
# demo/out/playground.png), BUILD_PATH (default .build).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
BUILD_PATH=${BUILD_PATH:-.build}
SHOT=${SHOT:-demo/out/playground.png}
command -v "${CHROMIUM:-chromium}" >/dev/null || { echo "playground-test: chromium not found (apt-get install chromium)"; exit 2; }
command -v python3 >/dev/null || { echo "playground-test: python3 not found"; exit 2; }

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -INT "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

healthy() { python3 - "$1" <<'PY'
import sys, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1] + "/healthz", timeout=1) as r:
        sys.exit(0 if r.status == 200 else 1)
except Exception:
    sys.exit(1)
PY
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

"$SWIFT" build --build-path "$BUILD_PATH" --product textfit >/dev/null
bin="$("$SWIFT" build --build-path "$BUILD_PATH" --show-bin-path)/textfit"
port=$(free_port)
base="http://127.0.0.1:$port"
"$bin" serve --bundled-only --http "127.0.0.1:$port" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  healthy "$base" && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done

healthy "$base" || { echo "playground-test: 'textfit serve --http' did not come up: $(head -c 300 "$work/server.log")"; exit 1; }

echo "playground-test: server at $base"
python3 Tests/browser/playground-driver.py "$base" "$SHOT"
