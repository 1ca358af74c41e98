#!/usr/bin/env bash
# Sets up the peer harnesses of `make bench-peers` (idempotent; prints one line per thing it
# installs or builds, nothing for what is already there):
#   1. Debian packages: gcc, g++, pkg-config, libpango1.0-dev (PangoFT2), libharfbuzz-dev, python3-venv.
#   2. A Python venv outside the source tree, ${TEXTFIT_PEERS_VENV:-$HOME/.cache/textfit-peers/venv},
#      with skia-python (SkParagraph), stretchable (Taffy) and pyyoga (whose wheel also ships Yoga's
#      static library and headers, used by the C harness yoga_bench).
#   3. The harnesses, in ${TEXTFIT_PEERS_BUILD:-/work/main/.build/peers}: floor_bench, pango_bench and
#      yoga_bench (gcc -O2), plus skia_bench and taffy_bench (wrappers running the .py with the venv).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="${TEXTFIT_PEERS_VENV:-$HOME/.cache/textfit-peers/venv}"
build="${TEXTFIT_PEERS_BUILD:-$(cd "$here/../.." && pwd)/.build/peers}"
python="${PYTHON:-python3}"
# Pinned so results stay comparable between runs.
pip_packages=(skia-python==144.1 stretchable==1.1.8 pyyoga==0.1.0)
yoga_version=3.2.1  # the Yoga tag pyyoga 0.1.0 builds (its CMakeLists.txt); Yoga has no version API

fail() { echo "setup.sh: $*" >&2; exit 1; }

# 1. Debian packages.
debs=(gcc g++ pkg-config libpango1.0-dev libharfbuzz-dev libicu-dev python3-venv valgrind)
missing=()
for p in "${debs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
    command="apt-get install -y --no-install-recommends ${missing[*]}"
    if [[ $(id -u) -ne 0 ]]; then
        echo "setup.sh: missing Debian packages; run as root: apt-get update && $command" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null || fail "apt-get update failed"
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || fail "$command failed"
    for p in "${missing[@]}"; do echo "installed Debian package $p"; done
fi
pkg-config --exists pangoft2 harfbuzz fontconfig || fail "pkg-config cannot find pangoft2/harfbuzz/fontconfig"

# 2. The venv and its packages.
if [[ ! -x "$venv/bin/python" ]]; then
    mkdir -p "$(dirname "$venv")"
    "$python" -m venv "$venv" || fail "cannot create a venv at $venv with $python"
    echo "created venv $venv ($("$venv/bin/python" --version 2>&1))"
fi
for spec in "${pip_packages[@]}"; do
    name="${spec%%==*}" want="${spec##*==}"
    have="$("$venv/bin/python" -m pip show "$name" 2>/dev/null | sed -n 's/^Version: //p' || true)"
    if [[ "$have" != "$want" ]]; then
        "$venv/bin/python" -m pip install -q --disable-pip-version-check "$spec" || fail "pip install $spec failed"
        echo "installed $spec into the venv"
    fi
done
"$venv/bin/python" -c "import skia, stretchable, pyyoga" || fail "the venv's packages do not import"
site="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
[[ -f "$site/lib64/libyogacore.a" && -f "$site/include/yoga/Yoga.h" ]] ||
    fail "pyyoga did not ship libyogacore.a and yoga/Yoga.h under $site"

# 3. The harnesses (rebuilt when a source is newer than the binary).
mkdir -p "$build"
build_c() {  # build_c NAME "FILES IT DEPENDS ON" GCC-ARGUMENTS...
    local out="$build/$1" stale=0 f
    for f in $2 "$here/peers_common.h" "$here/setup.sh"; do [[ "$f" -nt "$out" ]] && stale=1; done
    shift 2
    ((stale)) || return 0
    gcc -O2 -Wall -std=gnu11 -o "$out" "$@" || fail "building $out failed"
    echo "built $out"
}
floor="$here/../HarfBuzzFloor"
build_c floor_bench "$here/floor_bench.c $floor/floor.c $floor/include/floor.h" \
    "$here/floor_bench.c" "$floor/floor.c" -I"$floor/include" $(pkg-config --cflags --libs harfbuzz icu-uc)
build_c pango_bench "$here/pango_bench.c" "$here/pango_bench.c" $(pkg-config --cflags --libs pangoft2 harfbuzz)
pyyoga_version="$("$venv/bin/python" -m pip show pyyoga | sed -n 's/^Version: //p')"
build_c yoga_bench "$here/yoga_bench.c $site/lib64/libyogacore.a" "$here/yoga_bench.c" -I"$site/include" \
    "$site/lib64/libyogacore.a" -DYOGA_VERSION="\"$yoga_version\"" -DPYYOGA_VERSION="\"$pyyoga_version\"" -lstdc++ -lm
for name in skia_bench taffy_bench; do
    wrapper="$build/$name" body="#!/bin/sh
exec \"$venv/bin/python\" \"$here/$name.py\" \"\$@\""
    if [[ ! -x "$wrapper" || "$(cat "$wrapper")" != "$body" ]]; then
        printf '%s\n' "$body" >"$wrapper" && chmod +x "$wrapper"
        echo "built $wrapper"
    fi
done
echo "peer harnesses ready in $build"
