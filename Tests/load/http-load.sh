#!/usr/bin/env bash
# Load test of `textfit serve --http` on loopback with wrk (Debian package `wrk`). Not part of
# `make test`: it takes about a minute and its figures depend on the machine.
#
# Starts the server (release build, bundled fonts) and puts it under wrk with
# Tests/load/measure.lua (POST /v1/measure with real strings from Benchmarks/Corpus/tags.tsv, half of
# them new pairs that keep the shaping caches missing and evicting): first a fill load of WARMUP
# seconds (16 new pairs per request), which takes the caches to their capacity and past it, then
# LOADS back-to-back loads of DURATION
# seconds. Prints, per load, requests/s, latency p50/p90/p99/max, errors, the server's RSS after it
# and the shaping caches' entries against their capacities; then stops the server with SIGTERM.
#
# Fails (exit 1) on any socket error or non-200 answer, on a cache over its capacity, when the RSS
# grows by more than RSS_TOLERANCE_KB from the end of the first measured load to the end of the
# last (the caches were full before: memory must be flat), or when the server does not exit 0.
#
# Environment: DURATION (20 s), LOADS (2), WARMUP (20 s; 0 for none), CONNECTIONS (16; at most
# maxConnectionsPerIP, 32, from one address), THREADS (2), RSS_TOLERANCE_KB (8192), TEXTFIT_BINARY
# (else `swift build -c release`, with SCRATCH as its --scratch-path when set).
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${DURATION:-20}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-2}
RSS_TOLERANCE_KB=${RSS_TOLERANCE_KB:-8192}
LOADS=${LOADS:-2}
WARMUP=${WARMUP:-20}

command -v wrk >/dev/null || { echo "http-load: wrk is missing (apt-get install wrk)" >&2; exit 2; }
command -v curl >/dev/null || { echo "http-load: curl is missing (apt-get install curl)" >&2; exit 2; }
if [ -z "${TEXTFIT_BINARY:-}" ]; then
    build=(swift build -c release --product textfit ${SCRATCH:+--scratch-path "$SCRATCH"})
    "${build[@]}" >/dev/null
    TEXTFIT_BINARY="$("${build[@]}" --show-bin-path)/textfit"
fi

log=$(mktemp)
"$TEXTFIT_BINARY" serve --http 127.0.0.1:0 --bundled-only 2>"$log" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 300); do grep -q "serving on" "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[0-9.:]*' "$log" | head -1)
[ -n "$url" ] || { echo "http-load: the server did not start:" >&2; cat "$log" >&2; exit 1; }

rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$pid/status"; }
# A sample of /metrics, e.g. metric 'textfit_cache_entries{cache="lines"}'.
metric() { curl -sf "$url/metrics" | awk -v name="$1" '$1 == name { print $2 }'; }
failed=0
fail() { echo "FAIL: $*"; failed=1; }

echo "textfit $TEXTFIT_BINARY at $url; wrk: $THREADS threads, $CONNECTIONS connections, $DURATION s per load; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
curl -sf -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"texts": ["warm-up"]}' "$url/v1/measure"
rss_start=$(rss_kb)
echo "RSS after start and one request: $((rss_start / 1024)) MiB"
declare -a rss_after
# One wrk run: load number $1 (0: the fill load), $2 seconds.
load() {
    local run=$1 out result lines runs line_capacity run_capacity name label="load $1"
    [ "$run" = 0 ] && label="fill"
    out=$(wrk -t "$THREADS" -c "$CONNECTIONS" -d "${2}s" --timeout 5s -s Tests/load/measure.lua "$url/v1/measure" \
        -- "$run" "$([ "$run" = 0 ] && echo fill)")
    result=$(grep '^RESULT' <<<"$out") || { echo "$out"; fail "$label: wrk printed no RESULT line"; return; }
    field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" ${result#RESULT}"; }
    rss_after[$run]=$(rss_kb)
    lines=$(metric 'textfit_cache_entries{cache="lines"}')
    runs=$(metric 'textfit_cache_entries{cache="runs"}')
    line_capacity=$(metric 'textfit_cache_capacity{cache="lines"}')
    run_capacity=$(metric 'textfit_cache_capacity{cache="runs"}')
    printf '%s: %s requests, %s req/s, latency p50 %s ms, p90 %s ms, p99 %s ms, max %s ms\n' "$label" \
        "$(field requests)" "$(field rps)" "$(field p50_ms)" "$(field p90_ms)" "$(field p99_ms)" "$(field max_ms)"
    printf '        non-200 %s, socket errors: connect %s, read %s, write %s, timeout %s\n' "$(field non200)" \
        "$(field connect_errors)" "$(field read_errors)" "$(field write_errors)" "$(field timeouts)"
    printf '        RSS after: %d MiB; cache entries: lines %s/%s, runs %s/%s; line hit ratio %s\n' "$((rss_after[run] / 1024))" \
        "$lines" "$line_capacity" "$runs" "$run_capacity" "$(metric 'textfit_cache_hit_ratio{cache="lines"}')"
    grep '^FIRST_ERROR' <<<"$out" || true
    for name in non200 connect_errors read_errors write_errors timeouts; do
        [ "$(field "$name")" = 0 ] || fail "$label: $name = $(field "$name")"
    done
    [ "$lines" -le "$line_capacity" ] && [ "$runs" -le "$run_capacity" ] || fail "$label: a cache is over its capacity"
}
[ "$WARMUP" -gt 0 ] && load 0 "$WARMUP"
for run in $(seq "$LOADS"); do load "$run" "$DURATION"; done
if [ "$LOADS" -ge 2 ] && [ -n "${rss_after[1]:-}" ] && [ -n "${rss_after[$LOADS]:-}" ]; then
    growth=$((rss_after[LOADS] - rss_after[1]))
    summary="RSS: start $((rss_start / 1024)) MiB"
    [ "$WARMUP" -gt 0 ] && summary+=", after the fill $((rss_after[0] / 1024)) MiB"
    for run in $(seq "$LOADS"); do summary+=", after load $run $((rss_after[run] / 1024)) MiB"; done
    echo "$summary (${growth} kB from load 1 to load $LOADS; tolerance ${RSS_TOLERANCE_KB} kB; peak $(($(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status") / 1024)) MiB)"
    [ "$growth" -le "$RSS_TOLERANCE_KB" ] || fail "RSS grew by ${growth} kB from the end of load 1 to the end of load $LOADS"
fi

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
trap 'rm -f "$log"' EXIT
[ "$status" = 0 ] || fail "the server exited with status $status on SIGTERM"
[ "$failed" = 0 ] && echo "PASS" || exit 1
