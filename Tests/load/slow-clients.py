#!/usr/bin/env python3
"""Slow clients against `textfit serve --http` with its default limits (Python standard library only).

Not part of `make test` (about 60 s): Tests/ServiceTests/HTTPReliabilityTests.swift checks the same
behaviour in a few seconds with short timeouts; this script measures it on the real binary.

1. Latency of 200 normal measure requests (each on a new connection), alone.
2. 50 clients stalled mid request line, 5 trickling their headers and 5 their bodies a byte every
   2 s (the idle timeout never fires for those): the same 200 requests again, then how long until
   the server has closed every slow connection (idle timeout and request deadline: 30 s each).
3. 64 stalled clients, the whole connection limit: how long a new client waits (until the slow
   ones time out and free their slots).

Exits 1 when a normal request fails, when one is slow while the slow clients hold connections
(p99 over 10x the baseline's and 50 ms), or when a slow connection outlives the timeouts by 5 s.

Usage: Tests/load/slow-clients.py [TEXTFIT_BINARY]  (default: the release build under .build)
"""
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time

BODY = b'{"texts": ["Rindfleischetikettierung"], "style": "body", "width": 120}'
# The server refuses a Host that does not name it (421): the port goes in its %d (normal_request).
REQUEST = (b"POST /v1/measure HTTP/1.1\r\nHost: 127.0.0.1:%%d\r\nContent-Type: application/json\r\n"
           b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(BODY)) + BODY
TIMEOUT = 30  # connectionTimeout and requestTimeout, the defaults (docs/service.md)


def start(binary):
    server = subprocess.Popen([binary, "serve", "--http", "127.0.0.1:0", "--bundled-only"],
                              stderr=subprocess.PIPE, cwd=os.path.dirname(os.path.abspath(__file__)) + "/../..")
    line = server.stderr.readline().decode()
    match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
    if not match:
        sys.exit(f"slow-clients: the server did not start: {line}")
    return server, int(match.group(1))


def normal_request(port, timeout=60):
    """One measure request on a new connection; its latency in ms (raises unless it answers 200)."""
    began = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(REQUEST.replace(b"%d", b"%d" % port, 1))
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    if not reply.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"normal request answered {reply[:80]!r}")
    return (time.monotonic() - began) * 1000


def latencies(port, count=200):
    samples = sorted(normal_request(port) for _ in range(count))
    return {"p50": statistics.median(samples), "p99": samples[int(len(samples) * 0.99) - 1], "max": samples[-1]}


def stalled(port, count):
    clients = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"POST /v1/measure HT")
        clients.append(s)
    return clients


def closed_after(clients, since, limit):
    """Waits until the server has closed each client (EOF or reset); the seconds each took."""
    times = []
    for s in clients:
        s.settimeout(max(0.1, since + limit - time.monotonic()))
        try:
            while s.recv(4096):
                pass
            times.append(time.monotonic() - since)
        except ConnectionResetError:
            times.append(time.monotonic() - since)
        except socket.timeout:
            times.append(float("inf"))
        s.close()
    return times


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/textfit"
    server, port = start(binary)
    failed = False
    try:
        normal_request(port)  # warm-up
        alone = latencies(port)
        print("alone:               p50 %.2f ms, p99 %.2f ms, max %.2f ms" % (alone["p50"], alone["p99"], alone["max"]))

        held_since = time.monotonic()
        slow = stalled(port, 50)
        tricklers = [socket.create_connection(("127.0.0.1", port)) for _ in range(10)]
        for s in tricklers[5:]:
            s.sendall(b"POST /v1/measure HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 10000\r\n\r\n" % port)
        stop = threading.Event()

        def trickle():
            while not stop.wait(2):
                for s in tricklers:
                    try:
                        s.send(b"a")
                    except OSError:
                        pass
        threading.Thread(target=trickle, daemon=True).start()
        held = latencies(port)
        print("60 slow clients:     p50 %.2f ms, p99 %.2f ms, max %.2f ms" % (held["p50"], held["p99"], held["max"]))
        if held["p99"] > max(10 * alone["p99"], 50):
            print("FAIL: normal requests slowed down while slow clients held connections")
            failed = True
        stalled_times = closed_after(slow, held_since, TIMEOUT + 5)
        trickler_times = closed_after(tricklers, held_since, TIMEOUT + 5)
        stop.set()
        print("closed by the server: stalled after %.1f–%.1f s (idle timeout %d s), trickling after %.1f–%.1f s "
              "(request deadline %d s)" % (min(stalled_times), max(stalled_times), TIMEOUT,
                                          min(trickler_times), max(trickler_times), TIMEOUT))
        if max(stalled_times + trickler_times) > TIMEOUT + 5:
            print("FAIL: a slow connection outlived the timeouts")
            failed = True

        full = stalled(port, 64)
        waited = normal_request(port) / 1000
        print("at the connection limit (64 stalled): a new client was answered after %.1f s" % waited)
        for s in full:
            s.close()
        if waited > TIMEOUT + 5:
            failed = True
    except Exception as error:  # noqa: BLE001 - report and fail
        print(f"FAIL: {error}")
        failed = True
    finally:
        server.terminate()
        server.wait(timeout=30)
    print("FAIL" if failed else "PASS")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
