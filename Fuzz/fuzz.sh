#!/usr/bin/env bash
# TextFit's fuzzing driver (`make fuzz`, `make fuzz-all`; Fuzz/README.md has the details).
#
#   Fuzz/fuzz.sh build             build every fuzz target (libFuzzer + AddressSanitizer)
#   Fuzz/fuzz.sh run TARGET SECS   build, replay Fuzz/crashes/TARGET, fuzz TARGET for SECS seconds
#   Fuzz/fuzz.sh all SECS          the same for every target; exits 1 if anything crashed
#   Fuzz/fuzz.sh replay [TARGET]   run the saved crashers (regression inputs) once each
#
# Builds go to $FUZZ_BUILD (default /tmp/fuzz-build), never to the main package's .build; the
# corpus libFuzzer grows, crash artifacts and logs go there too. The seeds in Fuzz/corpus/TARGET are
# read, never written. $FUZZ_ARGS is passed on to libFuzzer (e.g. "-fork=2 -ignore_crashes=1");
# FUZZ_NO_BUILD=1 skips the build (for runs in parallel after one build); FUZZ_KNOWN=id,… steps over
# findings already reported (ids in crashes/README.md) — replays ignore it.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
OUT="${FUZZ_BUILD:-/tmp/fuzz-build}"
SWIFT="${SWIFT:-swift}"
TARGETS=(measure bidi xcstrings strings stringsdict xliff android po layoutfile service font http)

# Swift's own crash backtracer fights AddressSanitizer (and hangs); libFuzzer/ASan print the stack.
export SWIFT_BACKTRACE=enable=no
SYMBOLIZER="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/llvm-symbolizer"
[ -x "$SYMBOLIZER" ] && export ASAN_SYMBOLIZER_PATH="$SYMBOLIZER"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$HERE/lsan.supp:print_suppressions=0}"

die() { echo "fuzz.sh: $*" >&2; exit 2; }
known() { local t; for t in "${TARGETS[@]}"; do [ "$t" = "$1" ] && return 0; done; return 1; }

# What the build needs beyond `make setup`'s packages: a Swift toolchain that ships libFuzzer and
# AddressSanitizer (swift.org's Linux toolchains do, in usr/lib/swift/clang/lib/linux) and lld (they
# ship ld.lld too; otherwise Debian's lld package). Says what is missing instead of a link error.
preflight() {
    command -v "$SWIFT" >/dev/null || die "no '$SWIFT' on PATH (a swift.org toolchain is needed)"
    local bin; bin="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")"
    local runtime; runtime=$(ls "$bin"/../lib/swift/clang/lib/linux/libclang_rt.fuzzer-*.a 2>/dev/null | head -1)
    [ -n "$runtime" ] || die "the Swift toolchain in $bin has no libFuzzer runtime (libclang_rt.fuzzer-*.a); use a swift.org toolchain"
    [ -x "$bin/ld.lld" ] || command -v ld.lld >/dev/null \
        || die "no ld.lld (gold cannot link libFuzzer's targets); install it: apt-get install lld"
}

# Prints the saved log's report of a failure: the first error line and what follows, shortened.
report() {
    local log="$1"
    awk '/INVARIANT BROKEN|Fatal error|ERROR: AddressSanitizer|ERROR: LeakSanitizer|ERROR: libFuzzer|==ERROR|SUMMARY/ && !n {n = 1}
         n && shown < 40 {print "  | " substr($0, 1, 1000); shown++}' "$log"
}

# Prints an input as hex (the first 4096 bytes), so a CI log alone is enough to recreate it:
#   echo HEX | xxd -r -p > input   (or python3 -c "import sys; sys.stdout.buffer.write(bytes.fromhex('HEX'))" > input)
hexdump_input() {
    local file="$1" size; size=$(wc -c <"$file")
    echo "  input ($size bytes, hex$([ "$size" -gt 4096 ] && echo ", first 4096")): $(head -c 4096 "$file" | od -An -tx1 -v | tr -d ' \n')"
}

build() {
    [ -n "${FUZZ_NO_BUILD:-}" ] && return  # another fuzz.sh built already (parallel runs)
    preflight
    # SwiftPM plans a path dependency's sources once: a file added to ../Sources since the last build
    # is not compiled ("has no member" errors). When the list of files changes, plan again.
    local sources; sources=$(cd "$ROOT" && find Sources -type f | LC_ALL=C sort | cksum)
    mkdir -p "$OUT"
    if [ "$sources" != "$(cat "$OUT/sources.cksum" 2>/dev/null)" ]; then rm -f "$OUT/release.yaml"; fi
    echo "fuzz: building the fuzz targets into $OUT (swift build -c release, -sanitize=fuzzer,address)…"
    (cd "$HERE" && "$SWIFT" build -c release --scratch-path "$OUT" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld \
        -Xcc -fsanitize=fuzzer-no-link,address >"$OUT.build.log" 2>&1) || {
        grep -E "error:" "$OUT.build.log" | head -20; die "build failed (log: $OUT.build.log)"; }
    echo "$sources" >"$OUT/sources.cksum"
}

binary() { echo "$OUT/release/fuzz-$1"; }

# Small fonts for the `font` target, made at run time from the bundled fonts (nothing big is
# committed): hb-subset to a few characters keeps each real table type (glyf, CFF, GSUB/GPOS, CBDT).
font_seeds() {
    local dir="$OUT/seeds/font"
    [ -n "$(ls -A "$dir" 2>/dev/null)" ] && return
    mkdir -p "$dir"
    local fonts="$ROOT/fonts"
    if command -v hb-subset >/dev/null; then
        hb-subset "$fonts/NotoSans-Regular.ttf" --text="Hamburgefonstiv fi 0123 …-" -o "$dir/latin.ttf" 2>/dev/null
        hb-subset "$fonts/NotoSans-Italic.ttf" --text="Ag…" -o "$dir/italic.ttf" 2>/dev/null
        hb-subset "$fonts/NotoSansArabic-Regular.ttf" --text="مرحبا بالعالم ١٢٣" -o "$dir/arabic.ttf" 2>/dev/null
        hb-subset "$fonts/NotoSansDevanagari-Regular.ttf" --text="नमस्ते क्षि" -o "$dir/devanagari.ttf" 2>/dev/null
        hb-subset "$fonts/NotoSansThai-Regular.ttf" --text="สวัสดี" -o "$dir/thai.ttf" 2>/dev/null
        hb-subset "$fonts/NotoSansHebrew-Regular.ttf" --text="שָׁלוֹם" -o "$dir/hebrew.ttf" 2>/dev/null
        hb-subset "$fonts/NotoSansCJKkr-Hangul-Regular.otf" --text="설정" -o "$dir/hangul-cff.otf" 2>/dev/null
        hb-subset "$fonts/NotoColorEmoji.ttf" --text="👍" -o "$dir/emoji-cbdt.ttf" 2>/dev/null
        # A variable font (fvar, avar, gvar, HVAR) and a font with an AAT trak table (kept by
        # --passthrough-tables, which hb-subset would otherwise drop).
        hb-subset "$fonts/Roboto-Variable.ttf" --text="Hamburgefonstiv" -o "$dir/variable.ttf" 2>/dev/null
        hb-subset --passthrough-tables "$ROOT/Tests/TypographyTests/Fixtures/fonts/NotoSans-Trak.ttf" --text="Hamburgefonstiv" \
            -o "$dir/trak.ttf" 2>/dev/null
    fi
    [ -n "$(ls -A "$dir" 2>/dev/null)" ] || cp "$fonts/NotoSansHebrew-Regular.ttf" "$fonts/NotoSansArmenian-Regular.ttf" "$dir/"
}

# Per-target libFuzzer options: input size and a dictionary of the format's keywords.
options() {
    local t="$1" opts=(-timeout=25 -rss_limit_mb=4096 -print_final_stats=1)
    [ -f "$HERE/dict/$t.dict" ] && opts+=("-dict=$HERE/dict/$t.dict")
    case "$t" in
        font) opts+=(-max_len=65536) ;;
        xcstrings|strings|po|layoutfile|service|http) opts+=(-max_len=16384) ;;
        # FoundationXML leaks on every malformed document (suppressed in lsan.supp, but libFuzzer's
        # per-input leak check still scans the heap each time: 10 runs/s instead of 900). Leaks are
        # then checked once, at exit.
        stringsdict|xliff|android) opts+=(-max_len=16384 -detect_leaks=0) ;;
        *) opts+=(-max_len=4096) ;;
    esac
    echo "${opts[@]}"
}

# Runs the saved crashers of a target once each; prints which still fail. Returns 1 if any does.
replay() {
    local t="$1" failed=0 f
    local dir="$HERE/crashes/$t"
    [ -d "$dir" ] || return 0
    for f in "$dir"/*; do
        [ -f "$f" ] || continue
        case "$f" in *.md|*.txt) continue ;; esac
        # FUZZ_KNOWN is for exploring past known findings; a replay always checks everything.
        if env -u FUZZ_KNOWN "$(binary "$t")" $(options "$t") "$f" >"$OUT/logs/replay-$t-$(basename "$f").log" 2>&1; then
            echo "fuzz: $t: fixed        $f"
        else
            echo "fuzz: $t: STILL FAILS  $f  (log: $OUT/logs/replay-$t-$(basename "$f").log)"
            report "$OUT/logs/replay-$t-$(basename "$f").log"
            failed=1
        fi
    done
    return $failed
}

# Fuzzes one target for $2 seconds and prints a one-line summary. Returns libFuzzer's status.
fuzz_one() {
    local t="$1" secs="$2"
    local corpus="$OUT/corpus/$t" artifacts="$OUT/artifacts/$t/" log="$OUT/logs/$t.log"
    mkdir -p "$corpus" "$artifacts" "$OUT/logs"
    local dirs=("$corpus")
    [ -d "$HERE/corpus/$t" ] && dirs+=("$HERE/corpus/$t")
    if [ "$t" = font ]; then font_seeds; dirs+=("$OUT/seeds/font"); fi
    local before; before=$(ls "$artifacts" | wc -l)
    echo "fuzz: $t for ${secs}s (log: $log)"
    "$(binary "$t")" $(options "$t") -max_total_time="$secs" -artifact_prefix="$artifacts" ${FUZZ_ARGS:-} "${dirs[@]}" >"$log" 2>&1
    local status=$?
    local execs rate cov
    execs=$(awk '/stat::number_of_executed_units/ {n = $2} END {print n}' "$log")
    rate=$(awk '/stat::average_exec_per_sec/ {n = $2} END {print n}' "$log")
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -1)
    echo "fuzz: $t: ${execs:-?} runs, ${rate:-?}/s, ${cov:-no coverage line}, corpus $(ls "$corpus" | wc -l) new inputs"
    local after; after=$(ls "$artifacts" | wc -l)
    if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
        echo "fuzz: $t: FOUND A PROBLEM (status $status). Inputs:"
        local input
        for input in $(ls -t "$artifacts" | head -5); do
            echo "  $artifacts$input"
            hexdump_input "$artifacts$input"
        done
        report "$log"
        echo "  reproduce: SWIFT_BACKTRACE=enable=no $(binary "$t") <input>"
        if ls -t "$artifacts" | head -n "$((after - before))" | grep -q '^slow-unit-'; then
            # libFuzzer saves an input that took longer than -report_slow_units (10 s unless given) and
            # goes on; nothing crashed, but such an input is a finding (work out of proportion to it).
            echo "  a slow-unit-* input is one that ran longer than libFuzzer's -report_slow_units (10 s by default):"
            echo "  time it with the line above; save a version slow enough to hit -timeout=25 before the fix, so the replay fails on a regression"
        fi
        echo "  then minimize (-minimize_crash=1 -runs=10000), save as Fuzz/crashes/$t/<name>, and note it in Fuzz/crashes/README.md"
        return 1
    fi
    return 0
}

command="${1:-}"
mkdir -p "$OUT/logs"
case "$command" in
    build) build ;;
    run)
        t="${2:-}"; secs="${3:-60}"
        known "$t" || die "unknown target '$t' (targets: ${TARGETS[*]})"
        build
        replay "$t" || echo "fuzz: $t: saved crashers still fail (see above); fuzzing anyway"
        fuzz_one "$t" "$secs"
        ;;
    all)
        secs="${2:-30}"; status=0
        build
        for t in "${TARGETS[@]}"; do replay "$t" || status=1; done
        for t in "${TARGETS[@]}"; do fuzz_one "$t" "$secs" || status=1; done
        [ $status -eq 0 ] && echo "fuzz: every target ran ${secs}s without a finding" || echo "fuzz: FINDINGS (see above)"
        exit $status
        ;;
    replay)
        build; status=0
        for t in ${2:-${TARGETS[@]}}; do replay "$t" || status=1; done
        exit $status
        ;;
    *) die "usage: fuzz.sh build | run TARGET SECONDS | all SECONDS | replay [TARGET]" ;;
esac
