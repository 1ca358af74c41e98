#!/usr/bin/env python3
"""Slow clients against `textfit serve --http` with its default limits (Python standard library only).

Not part of `make test` (about 60 s): Tests/ServiceTests/HTTPReliabilityTests.swift checks the same
behaviour in a few seconds with short timeouts; this script measures it on the real binary.

1. Latency of 200 normal measure requests (each on a new connection), alone.
2. 50 clients stalled mid request line, 5 trickling their headers and 5 their bodies a byte every
   2 s (the idle timeout never fires for those): the same 200 requests again, then how long until
   the server has closed every slow connection (idle timeout and request deadline: 30 s each).
3. 64 stalled clients, the whole connection limit: how long a new client waits (the server closes
   the slowest for it once they have had slowClientGrace, 2 s).
4. Issue 27's holders: 70 keep-alive clients, each sending one request every 20 s on its connection
   (and reconnecting at once when dropped), for HOLD seconds; a new client every 5 s, timed.
5. Issue 27's reopeners: 100 clients stalled mid request line that reconnect as soon as they are
   dropped, for HOLD seconds; a new client every 5 s, timed.

Exits 1 when a normal request fails, when one is slow while the slow clients hold connections
(p99 over 10x the baseline's and 50 ms), when a slow connection outlives the timeouts by 5 s, or
when a new client waits longer than the documented 30 s in phases 3-5 (docs/service.md).
HOLD: seconds of phases 4 and 5 (default 60).

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


def holders(port, stop, count=70, period=20):
    """Clients that each keep one keep-alive connection and send a request every `period` s."""
    request = REQUEST.replace(b"%d", b"%d" % port, 1).replace(b"Connection: close\r\n", b"")

    def run():
        s = None
        while not stop.is_set():
            try:
                if s is None:
                    s = socket.create_connection(("127.0.0.1", port), timeout=60)
                s.sendall(request)
                reply = b""
                while b"\r\n\r\n" not in reply:
                    chunk = s.recv(65536)
                    if not chunk:
                        raise ConnectionError("closed")
                    reply += chunk
                head, _, body = reply.partition(b"\r\n\r\n")
                length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
                while len(body) < length:
                    chunk = s.recv(65536)
                    if not chunk:
                        raise ConnectionError("closed")
                    body += chunk
                if b"connection: close" in head.lower():
                    s.close()
                    s = None
                stop.wait(period)
            except (OSError, ConnectionError, AttributeError):
                if s is not None:
                    s.close()
                s = None  # dropped: reconnect at once, as an attacker would
        if s is not None:
            s.close()
    threads = [threading.Thread(target=run, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
    return threads


def reopeners(port, stop, count=100):
    """Clients stalled mid request line that reconnect as soon as the server drops them."""
    def run():
        while not stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
                    s.sendall(b"POST /v1/measure HT")
                    s.settimeout(1)
                    while not stop.is_set():
                        try:
                            if not s.recv(4096):
                                break
                        except socket.timeout:
                            continue
            except OSError:
                pass
    threads = [threading.Thread(target=run, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
    return threads


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
        time.sleep(0.2)
        waited = normal_request(port) / 1000
        print("at the connection limit (64 stalled): a new client was answered after %.1f s" % waited)
        for s in full:
            s.close()
        if waited > TIMEOUT:
            failed = True

        hold = float(os.environ.get("HOLD", "60"))
        for name, attack in (("70 keep-alive holders, a request every 20 s", holders),
                             ("100 slow clients reopening when dropped", reopeners)):
            stop = threading.Event()
            threads = attack(port, stop)
            time.sleep(3)  # the attackers take the slots
            waits = []
            until = time.monotonic() + hold
            while time.monotonic() < until:
                began = time.monotonic()
                waits.append(normal_request(port) / 1000)
                time.sleep(max(0.0, 5 - (time.monotonic() - began)))
            stop.set()
            for t in threads:
                t.join(timeout=40)
            print("%s: %d new clients waited p50 %.2f s, max %.2f s" % (name, len(waits), statistics.median(waits), max(waits)))
            if max(waits) > TIMEOUT:
                print("FAIL: a new client waited more than %d s" % TIMEOUT)
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
