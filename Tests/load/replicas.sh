#!/usr/bin/env bash
# Three `textfit serve --http` replicas behind nginx (Debian's), under load; one replica gets SIGTERM
# and another SIGKILL. Not part of `make test` (`make load-replicas` runs it): about 80 s, and its
# figures depend on the machine. docs/deploy.md has the figures and the configuration explained.
#
# Runs Tests/load/replicas.py (Python standard library only) with the nginx configuration
# Tests/load/replicas-nginx.conf, twice: "no-retry" (nginx's own rule: a POST it has sent is never
# sent again) and "retry" (`proxy_next_upstream ... non_idempotent`: the service's operations are
# pure, so a POST is safe to resend). Prints per phase (3 replicas; after SIGTERM of replica 1; after
# SIGKILL of replica 2; after both restarted) requests, non-200 answers, socket errors and latency
# p50/p99/max, the requests nginx resent, and nginx's error-log lines about the replicas.
#
# Fails (exit 1) when any client request fails in the "retry" run, when the replica sent SIGTERM does
# not exit 0 within the 10 s drain, or when a replica does not exit 0 on SIGTERM at the end.
#
# Environment: VARIANTS ("no-retry retry"), RATE (400 req/s), CONNECTIONS (16), DURATION (32 s),
# TERM_AT (10), KILL_AT (15), RESTART_AT (24), KEEP (keep the logs), TEXTFIT_BINARY (else
# `swift build -c release`, with SCRATCH as its --scratch-path when set).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v nginx >/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        echo "replicas: installing nginx-light" >&2
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light >/dev/null
    else
        echo "replicas: nginx is missing (sudo apt-get install nginx-light)" >&2; exit 2
    fi
fi
command -v python3 >/dev/null || { echo "replicas: python3 is missing" >&2; exit 2; }
if [ -z "${TEXTFIT_BINARY:-}" ]; then
    build=(swift build -c release --product textfit ${SCRATCH:+--scratch-path "$SCRATCH"})
    "${build[@]}" >/dev/null
    TEXTFIT_BINARY="$("${build[@]}" --show-bin-path)/textfit"
fi
echo "textfit $TEXTFIT_BINARY; $(nginx -v 2>&1); $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec python3 Tests/load/replicas.py "$TEXTFIT_BINARY"
